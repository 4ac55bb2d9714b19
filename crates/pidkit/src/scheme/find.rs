//! What a scheme's finder gives for one identifier found in running text ([`super::Scheme::find`]).

use std::borrow::Cow;

/// One identifier a scheme's finder found in text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit<'a> {
    /// Byte offset of its first character in the text.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// The identifier as it should be read: `text[start..end]`, except where a line break
    /// inside it is left out or an escape is read ([`crate::extract`]).
    pub text: Cow<'a, str>,
    /// It runs to a line end where it may go on in the next line, and was not joined.
    pub truncated: bool,
}

/// A scheme's finder: an iterator of [`Hit`]s that can be cloned behind a `Box` (so that
/// [`crate::extract::Identifiers`] is `Clone`). Every cloneable iterator of hits is one.
pub trait Finder<'a>: Iterator<Item = Hit<'a>> + 'a {
    /// A boxed copy of the finder in its current state.
    fn boxed_clone(&self) -> Box<dyn Finder<'a> + 'a>;
}

impl<'a, I: Iterator<Item = Hit<'a>> + Clone + 'a> Finder<'a> for I {
    fn boxed_clone(&self) -> Box<dyn Finder<'a> + 'a> {
        Box::new(self.clone())
    }
}

impl<'a> Clone for Box<dyn Finder<'a> + 'a> {
    fn clone(&self) -> Self {
        (**self).boxed_clone()
    }
}
