//! The options of the batch functions as the bindings spell them ([`options`], [`spec`]), so
//! that the Python extension (`crates/pidkit-py`) and the JVM functions for Spark
//! (`crates/pidkit-jvm`) take the CLI's options the same way; what they answer for one input
//! is the library's record ([`pidkit::record`]), as the CLI's is.

pub mod options;
pub mod spec;

pub use pidkit::record::{Op, Record, Request, key, with_record};
pub use spec::{Function, Spec};
