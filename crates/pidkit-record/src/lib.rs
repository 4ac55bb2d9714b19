//! The options of the batch functions as the bindings spell them ([`options`], [`spec`]), so
//! that the Python extension (`crates/pidkit-py`) and the JVM functions for Spark
//! (`crates/pidkit-jvm`) take the CLI's options the same way; what they answer for one input
//! is the library's record ([`pidkit::record`]), as the CLI's is. [`Grouped`] reads a column's
//! values in groups of alike values, for speed on a mixed column.

pub mod grouped;
pub mod options;
pub mod spec;

pub use grouped::Grouped;
pub use pidkit::record::{Op, Record, Request, key, with_record};
pub use spec::{Function, Spec};
