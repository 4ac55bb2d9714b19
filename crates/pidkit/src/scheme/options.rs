//! The options of one scheme's rules, named by `--profile` ([`super::Scheme::Options`]).

use std::fmt::Debug;
use std::hash::Hash;

/// The options of a scheme's rules: a small value set by profile names (`--profile legacy`
/// reads DOIs by the 2003 draft), so that the CLI, the bindings and the JVM functions spell
/// and carry them alike.
///
/// ```
/// use pidkit::scheme::SchemeOptions;
/// use pidkit::UrnSyntax;
/// let mut o = UrnSyntax::default();
/// o.apply("rfc2141");
/// assert_eq!(o, UrnSyntax::Rfc2141);
/// assert_eq!(o.names(), ["rfc2141"]);
/// assert!(UrnSyntax::default().names().is_empty());
/// ```
pub trait SchemeOptions:
    Copy + Default + Debug + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The profile names that set these options, each with what it means.
    const PROFILES: &'static [(&'static str, &'static str)];

    /// Set what profile `name` (one of [`SchemeOptions::PROFILES`]) sets; another name does
    /// nothing.
    fn apply(&mut self, name: &str);

    /// The profile names that make these options from the default ones, in the order
    /// [`SchemeOptions::PROFILES`] lists them: empty for the default.
    fn names(&self) -> Vec<&'static str>;
}

/// The options of a scheme that has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct NoOptions;

impl SchemeOptions for NoOptions {
    const PROFILES: &'static [(&'static str, &'static str)] = &[];

    fn apply(&mut self, _: &str) {}

    fn names(&self) -> Vec<&'static str> {
        Vec::new()
    }
}
