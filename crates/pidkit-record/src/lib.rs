//! What a line command of the CLI reports for one input ([`record`]) and the options of the
//! batch functions as the bindings spell them ([`options`], [`spec`]): one crate, so that the
//! Python extension (`crates/pidkit-py`) and the JVM functions for Spark (`crates/pidkit-jvm`)
//! give the CLI's answers through the same code.

pub mod options;
pub mod record;
pub mod spec;

pub use record::{Op, Record, key, with_record};
pub use spec::{Function, Spec};
