//! The display form of an IRI (draft-duerst-iri-bis-07 §4.1, §8.6).

use std::borrow::Cow;

use unicode_bidi::{BidiClass, bidi_class};

use super::convert::{Idna, ToUri};
use super::types::IriRef;

/// How to show an IRI to a person.
///
/// * An IRI with right-to-left characters is wrapped in LEFT-TO-RIGHT EMBEDDING (U+202A) …
///   POP DIRECTIONAL FORMATTING (U+202C), so that it renders as §4.1 requires (in a
///   left-to-right embedding, whatever the surrounding text). The marks are not part of the
///   IRI: strip them before parsing. Other IRIs are returned as they are (borrowed).
/// * With [`ascii_only`](Self::ascii_only), for a display that cannot show non-ASCII text
///   (§8.6), the non-ASCII parts are percent-encoded, DNS hosts shown as their A-labels
///   (IDNA ToASCII) or percent-encoded when IDNA cannot convert them.
///
/// ```
/// use pidkit::{DisplayForm, IriRef};
/// let iri = IriRef::parse("http://example.org/שלום")?;
/// assert_eq!(DisplayForm::new().render(&iri), "\u{202A}http://example.org/שלום\u{202C}");
/// let ascii = DisplayForm::new().ascii_only(true);
/// assert_eq!(ascii.render(&iri), "http://example.org/%D7%A9%D7%9C%D7%95%D7%9D");
/// let plain = IriRef::parse("http://résumé.example/")?;
/// assert_eq!(DisplayForm::new().render(&plain), "http://résumé.example/");
/// assert_eq!(ascii.render(&plain), "http://xn--rsum-bpad.example/");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct DisplayForm {
    ascii_only: bool,
}

impl DisplayForm {
    /// A display that shows any Unicode text.
    pub const fn new() -> Self {
        DisplayForm { ascii_only: false }
    }

    /// Whether the display shows ASCII only.
    pub const fn ascii_only(mut self, yes: bool) -> Self {
        self.ascii_only = yes;
        self
    }

    /// The text to show for `iri`.
    pub fn render<'a, T: AsRef<str>>(&self, iri: &'a IriRef<T>) -> Cow<'a, str> {
        let s = iri.as_str();
        if self.ascii_only {
            return match ToUri::new().convert(iri) {
                Ok(uri) => uri.into_inner(),
                Err(_) => match ToUri::new().idna(Idna::Never).convert(iri) {
                    Ok(uri) => uri.into_inner(),
                    Err(_) => Cow::Borrowed(s), // cannot happen: no IDNA, no failure
                },
            };
        }
        if s.is_ascii()
            || !s
                .chars()
                .any(|c| matches!(bidi_class(c), BidiClass::R | BidiClass::AL))
        {
            return Cow::Borrowed(s);
        }
        let mut out = String::with_capacity(s.len() + 6);
        out.push('\u{202A}');
        out.push_str(s);
        out.push('\u{202C}');
        Cow::Owned(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_only_right_to_left() {
        for (iri, wrapped) in [
            ("http://ab.גדהוזח.ij/kl", true),
            ("http://example.org/عربي", true),
            ("http://example.org/١٢٣", false), // Arabic-Indic digits alone are weak (AN)
            ("http://example.org/日本", false),
        ] {
            let r = IriRef::parse(iri).unwrap();
            let shown = DisplayForm::new().render(&r);
            assert_eq!(
                shown.starts_with('\u{202A}') && shown.ends_with('\u{202C}'),
                wrapped,
                "{iri}"
            );
            assert_eq!(shown.trim_matches(['\u{202A}', '\u{202C}']), iri);
        }
    }

    #[test]
    fn ascii_display_falls_back_to_percent_encoding() {
        let r = IriRef::parse("http://a\u{2FF0}.example/é").unwrap();
        assert!(r.to_uri().is_err());
        let shown = DisplayForm::new().ascii_only(true).render(&r);
        assert_eq!(shown, "http://a%E2%BF%B0.example/%C3%A9");
    }
}
