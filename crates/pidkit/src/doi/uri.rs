//! `doi:` URIs: the exact byte rule of the doi URI scheme §2, and the 2003 draft's form and
//! canonical form (draft-paskin-doi-uri-04 §3.1, §4).

use std::fmt;

use super::error::{DoiError, DoiParseError};
use super::name::{Doi, DoiProfile};
use super::{decode_segment, remap};
use crate::chars::{self, PCHAR};
use crate::handle_system::{self, HandleApiUrl, write_encoded, write_ssp};
use crate::iri::IriError;
use crate::pct::decode_at;

/// A `doi:` URI: the DOI name, plus the query and fragment that only the 2003 draft allows.
///
/// ```
/// use pidkit::doi::{DoiProfile, DoiUri};
/// let uri = DoiUri::parse("doi:10.1000/182?type=URL#top", DoiProfile::Legacy)?;
/// assert_eq!(uri.doi().as_str(), "10.1000/182");
/// assert_eq!((uri.query(), uri.fragment()), (Some("type=URL"), Some("top")));
/// let err = DoiUri::parse("doi:10.1000/182?type=URL", DoiProfile::Current).unwrap_err();
/// assert_eq!((err.code(), err.offset), ("doi-query", 15));
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoiUri<'a> {
    doi: Doi<'a>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> DoiUri<'a> {
    /// Parse a `doi:` URI under `profile`. The scheme is case-insensitive. [`DoiProfile::Current`]
    /// requires the scheme-specific part of §2: `doi-encoded-prefix "/" doi-encoded-suffix`, only
    /// unreserved, sub-delims, `:`, `@` and `%XX` (strict UTF-8), no query, no fragment.
    /// [`DoiProfile::Legacy`] reads the 2003 draft's grammar: literal `/` inside the suffix,
    /// `?query` and `#fragment`, any non-empty prefix.
    ///
    /// Error offsets are bytes into `s`, also when the fault lies in percent-decoded text.
    ///
    /// ```
    /// use pidkit::doi::{DoiProfile, DoiUri};
    /// let err = DoiUri::parse("doi:10.1000/a%FFb", DoiProfile::Current).unwrap_err();
    /// assert_eq!((err.code(), err.offset, err.len), ("doi-bad-utf8", 13, 3));
    /// let err = DoiUri::parse("doi:10.1000/a%00b", DoiProfile::Current).unwrap_err();
    /// assert_eq!((err.code(), err.offset, err.len), ("doi-not-graphic", 13, 3));
    /// ```
    pub fn parse(s: &'a str, profile: DoiProfile) -> Result<Self, DoiParseError> {
        let b = s.as_bytes();
        if b.is_empty() {
            return Err(DoiParseError::new(IriError::Empty, 0, 0));
        }
        if !(b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"doi:")) {
            return Err(match s.find([':', '/', '?', '#']) {
                Some(i) if b[i] == b':' && i > 0 => DoiParseError::new(DoiError::NotDoi, 0, i),
                _ => DoiParseError::new(IriError::MissingScheme, 0, 0),
            });
        }
        let legacy = profile == DoiProfile::Legacy;
        let mut slash = None;
        let mut end = b.len();
        let mut i = 4;
        while i < b.len() {
            let c = b[i];
            match c {
                b'%' => {
                    if decode_at(b, i).is_none() {
                        return Err(bad_percent(b, i));
                    }
                    i += 3;
                    continue;
                }
                b'/' if slash.is_none() => slash = Some(i),
                b'/' if !legacy => {
                    return Err(DoiParseError::new(DoiError::UnencodedSlash, i, 1));
                }
                b'/' => {}
                b'?' | b'#' if legacy => {
                    end = i;
                    break;
                }
                b'?' => return Err(DoiParseError::new(DoiError::Query, i, b.len() - i)),
                b'#' => return Err(DoiParseError::new(DoiError::Fragment, i, b.len() - i)),
                _ if chars::is(c, PCHAR) => {}
                _ => return Err(invalid_char(s, i)),
            }
            i += 1;
        }
        let (query, fragment) = if end < b.len() {
            legacy_tail(s, end)?
        } else {
            (None, None)
        };
        let enc = &s[4..end];
        if enc.is_empty() {
            return Err(DoiParseError::new(IriError::Empty, 4, 0));
        }
        let name = if legacy {
            decode_segment(enc, 4)?
        } else {
            let Some(slash) = slash else {
                return Err(match find_encoded_slash(enc) {
                    Some(j) => DoiParseError::new(DoiError::EncodedSeparator, 4 + j, 3),
                    None => DoiParseError::new(DoiError::MissingSlash, end, 0),
                });
            };
            if let Some(j) = find_encoded_slash(&s[4..slash]) {
                return Err(DoiParseError::new(DoiError::EncodedSeparator, 4 + j, 3));
            }
            decode_segment(enc, 4)?
        };
        let doi = Doi::from_cow(name, profile).map_err(|e| remap(e, enc, 4))?;
        Ok(DoiUri {
            doi,
            query,
            fragment,
        })
    }

    /// The DOI name.
    /// ```
    /// let u = pidkit::doi::DoiUri::parse("doi:10.1/x", Default::default())?;
    /// assert_eq!(u.doi().as_str(), "10.1/x");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn doi(&self) -> &Doi<'a> {
        &self.doi
    }

    /// The DOI name, consuming the URI.
    /// ```
    /// let u = pidkit::doi::DoiUri::parse("doi:10.1/x", Default::default())?;
    /// assert_eq!(u.into_doi().suffix(), "x");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn into_doi(self) -> Doi<'a> {
        self.doi
    }

    /// The query (without `?`), legacy profile only.
    /// ```
    /// use pidkit::doi::{DoiProfile, DoiUri};
    /// assert_eq!(DoiUri::parse("doi:10.1/x?a=b", DoiProfile::Legacy)?.query(), Some("a=b"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.query
    }

    /// The fragment (without `#`), legacy profile only.
    /// ```
    /// use pidkit::doi::{DoiProfile, DoiUri};
    /// assert_eq!(DoiUri::parse("doi:10.1/x#sec-2", DoiProfile::Legacy)?.fragment(), Some("sec-2"));
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }

    /// The 2003 draft's canonical form (§4): [`Doi::to_legacy_canonical`] for the DOI, then the
    /// query with escaped unreserved characters decoded and letters in upper case (it belongs to
    /// RFC 2396's scheme-specific part), then the fragment unchanged.
    ///
    /// ```
    /// use pidkit::doi::{DoiProfile, DoiUri};
    /// let uri = DoiUri::parse("DOI:10.1000/a?x%7e#Frag", DoiProfile::Legacy)?;
    /// assert_eq!(uri.to_legacy_canonical(), "doi:10.1000/A?X~#Frag");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_legacy_canonical(&self) -> String {
        let mut out = self.doi.to_legacy_canonical();
        if let Some(q) = self.query {
            out.push('?');
            let b = q.as_bytes();
            let mut i = 0;
            while i < b.len() {
                match decode_at(b, i) {
                    Some(v)
                        if chars::is_unreserved(v)
                            || matches!(v, b'!' | b'*' | b'\'' | b'(' | b')') =>
                    {
                        out.push(v.to_ascii_uppercase() as char);
                        i += 3;
                    }
                    Some(_) => {
                        out.push_str(&q[i..i + 3].to_ascii_uppercase());
                        i += 3;
                    }
                    None => {
                        out.push(b[i].to_ascii_uppercase() as char);
                        i += 1;
                    }
                }
            }
        }
        if let Some(f) = self.fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }
}

impl fmt::Display for DoiUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.doi.uri().fmt(f)?;
        if let Some(q) = self.query {
            write!(f, "?{q}")?;
        }
        if let Some(x) = self.fragment {
            write!(f, "#{x}")?;
        }
        Ok(())
    }
}

/// The `doi:` URI of a DOI name, written on demand (see [`Doi::uri`]).
/// ```
/// let doi = pidkit::doi::Doi::parse("10.1000/a<b>")?;
/// assert_eq!(format!("<{}>", doi.uri()), "<doi:10.1000/a%3Cb%3E>");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct AsUri<'d>(&'d str, &'d str);

impl fmt::Display for AsUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("doi:")?;
        write_ssp(f, self.0, self.1)
    }
}

impl<'a> Doi<'a> {
    /// Parse a `doi:` URI of the current scheme (§2) into its DOI name: percent-decoded into
    /// strict UTF-8; no query, no fragment.
    ///
    /// ```
    /// use pidkit::doi::Doi;
    /// let doi = Doi::from_uri("doi:10.6338/JDA.202212%2FSP_17(4).0000")?;
    /// assert_eq!(doi.as_str(), "10.6338/JDA.202212/SP_17(4).0000");
    /// assert_eq!(Doi::from_uri("doi:10.1000/182#x").unwrap_err().code(), "doi-fragment");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn from_uri(s: &'a str) -> Result<Self, DoiParseError> {
        DoiUri::parse(s, DoiProfile::Current).map(DoiUri::into_doi)
    }

    /// The `doi:` URI (§2), as a value that writes itself; no allocation until you ask for one.
    ///
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.26321/Á.GUTIÉRREZ.ZARZA.02.2018.03")?;
    /// assert_eq!(doi.uri().to_string(), "doi:10.26321/%C3%81.GUTI%C3%89RREZ.ZARZA.02.2018.03");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn uri(&self) -> AsUri<'_> {
        AsUri(self.prefix(), self.suffix())
    }

    /// The `doi:` URI (§2) as a `String`.
    ///
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.5594/SMPTE.ST2067-21.2020")?;
    /// assert_eq!(doi.to_uri(), "doi:10.5594/SMPTE.ST2067-21.2020");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_uri(&self) -> String {
        let mut out = String::with_capacity(self.as_str().len() + 8);
        let _ = fmt::Write::write_fmt(&mut out, format_args!("{}", self.uri()));
        out
    }

    /// The `doi:` URI of the name upper-cased in ASCII: the normal form of DOI equivalence
    /// (doi URI scheme §3: DOI names compare case-insensitively in ASCII only), so two DOIs are
    /// equivalent exactly when their `key_uri`s are equal.
    ///
    /// ```
    /// let a = pidkit::doi::Doi::parse("10.1000/abc/é")?;
    /// assert_eq!(a.key_uri(), "doi:10.1000/ABC%2F%C3%A9");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn key_uri(&self) -> String {
        handle_system::key_uri("doi:", self.as_str(), self.prefix().len())
    }

    /// [`Doi::key_uri`], appended to `out`.
    pub(crate) fn write_key_uri(&self, out: &mut String) {
        handle_system::write_key_uri("doi:", self.as_str(), self.prefix().len(), out);
    }

    /// The scheme-specific part of the `doi:` URI (§2) — what the Handle API URL appends (§4).
    ///
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.6338/JDA.202212/SP_17(4).0000")?;
    /// assert_eq!(doi.uri_ssp(), "10.6338/JDA.202212%2FSP_17(4).0000");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn uri_ssp(&self) -> String {
        let mut out = String::with_capacity(self.as_str().len() + 4);
        let _ = write_ssp(&mut out, self.prefix(), self.suffix());
        out
    }

    /// The Handle API URL that resolves this DOI: `https://doi.org/api/handles/` followed by the
    /// scheme-specific part of its `doi:` URI (§4), built by [`HandleApiUrl`] (a DOI is a
    /// handle). Network access is not this crate's business.
    ///
    /// ```
    /// let doi = pidkit::doi::Doi::parse("10.6338/JDA.202212/SP_17(4).0000")?;
    /// assert_eq!(doi.api_url().to_string(), "https://doi.org/api/handles/10.6338/JDA.202212%2FSP_17(4).0000");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn api_url(&self) -> HandleApiUrl<'_> {
        HandleApiUrl::new(self.prefix(), self.suffix(), HandleApiUrl::DEFAULT_BASE)
    }

    /// The canonical form of draft-paskin-doi-uri-04 §4: lower-case `doi:`, every character the
    /// draft's grammar allows literally (its `pchar`, and `/`) unescaped, every other byte
    /// `%XX`-escaped, and the scheme-specific part in upper case.
    ///
    /// Step 2 of §4 only names unreserved characters, but the draft's own example 5 also
    /// unescapes `%2F` and `%2C`; we follow the examples.
    ///
    /// ```
    /// use pidkit::doi::{Doi, DoiProfile};
    /// let doi = Doi::parse_with("dk/Pædagogi 37(2), 562", DoiProfile::Legacy)?;
    /// assert_eq!(doi.to_legacy_canonical(), "doi:DK/P%C3%A6DAGOGI%2037(2),%20562");
    /// # Ok::<(), pidkit::ParseError>(())
    /// ```
    pub fn to_legacy_canonical(&self) -> String {
        let mut out = String::with_capacity(self.as_str().len() + 8);
        out.push_str("doi:");
        let _ = write_encoded(&mut out, self.as_str(), |b| {
            chars::is(b, PCHAR) || b == b'/'
        });
        out[4..].make_ascii_uppercase();
        out
    }
}

/// `?query` and `#fragment` of the 2003 draft: `*( pchar / "/" / "?" )` each.
fn legacy_tail(s: &str, start: usize) -> Result<(Option<&str>, Option<&str>), DoiParseError> {
    let b = s.as_bytes();
    let (mut query, mut fragment) = (None, None);
    let mut i = start;
    while i < b.len() {
        let part_start = i + 1;
        let is_query = b[i] == b'?';
        let mut j = part_start;
        while j < b.len() {
            match b[j] {
                b'%' if decode_at(b, j).is_none() => return Err(bad_percent(b, j)),
                b'%' => j += 2,
                b'#' if is_query => break,
                b'/' | b'?' => {}
                c if chars::is(c, PCHAR) => {}
                _ => return Err(invalid_char(s, j)),
            }
            j += 1;
        }
        if is_query {
            query = Some(&s[part_start..j]);
        } else {
            fragment = Some(&s[part_start..j]);
        }
        i = j;
    }
    Ok((query, fragment))
}

fn find_encoded_slash(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    (0..b.len()).find(|&i| decode_at(b, i) == Some(b'/'))
}

fn bad_percent(b: &[u8], i: usize) -> DoiParseError {
    let len = 1 + b[i + 1..]
        .iter()
        .take(2)
        .take_while(|c| c.is_ascii_hexdigit())
        .count();
    DoiParseError::new(IriError::BadPercent, i, len)
}

fn invalid_char(s: &str, i: usize) -> DoiParseError {
    let c = s[i..].chars().next().unwrap_or('\u{FFFD}');
    let kind = if c.is_ascii() {
        IriError::InvalidChar(c)
    } else {
        IriError::NonAscii(c)
    };
    DoiParseError::new(kind, i, c.len_utf8())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri_err(s: &str, p: DoiProfile) -> (&'static str, usize, usize) {
        let e = DoiUri::parse(s, p).unwrap_err();
        (e.code(), e.offset, e.len)
    }

    #[test]
    fn strict_errors_point_into_the_input() {
        use DoiProfile::Current as C;
        assert_eq!(uri_err("", C), ("empty", 0, 0));
        assert_eq!(uri_err("doi:", C), ("empty", 4, 0));
        assert_eq!(uri_err("http://x/10.1/2", C), ("doi-not-doi", 0, 4));
        assert_eq!(uri_err("10.1000/182", C), ("missing-scheme", 0, 0));
        assert_eq!(uri_err("doi:10.1000", C), ("doi-missing-slash", 11, 0));
        assert_eq!(
            uri_err("doi:10.1000%2F182", C),
            ("doi-encoded-separator", 11, 3)
        );
        assert_eq!(
            uri_err("doi:10.1%2f0/182", C),
            ("doi-encoded-separator", 8, 3)
        );
        assert_eq!(
            uri_err("doi:10.1000/a/b", C),
            ("doi-unencoded-slash", 13, 1)
        );
        assert_eq!(uri_err("doi:10.1000/a b", C), ("invalid-char", 13, 1));
        assert_eq!(uri_err("doi:10.1000/a<b", C), ("invalid-char", 13, 1));
        assert_eq!(uri_err("doi:10.1000/é", C), ("non-ascii", 12, 2));
        assert_eq!(uri_err("doi:10.1000/a%2", C), ("bad-percent", 13, 2));
        assert_eq!(uri_err("doi:10.1000/a%zz", C), ("bad-percent", 13, 1));
        assert_eq!(uri_err("doi:10.1000/%C3%28", C), ("doi-bad-utf8", 12, 3));
        assert_eq!(uri_err("doi:10.1000/%C0%AF", C), ("doi-bad-utf8", 12, 3));
        assert_eq!(uri_err("doi:10.1000/", C), ("doi-empty-suffix", 12, 0));
        assert_eq!(
            uri_err("doi:1%31.1000/x", C),
            ("doi-directory-indicator", 4, 4)
        );
        assert_eq!(
            uri_err("doi:10.1000/%E2%80%8B", C),
            ("doi-not-graphic", 12, 9)
        );
        assert_eq!(uri_err("doi:10.1000/x?a", C), ("doi-query", 13, 2));
        assert_eq!(uri_err("doi:10.1000/x#a", C), ("doi-fragment", 13, 2));
    }

    #[test]
    fn legacy_grammar() {
        use DoiProfile::Legacy as L;
        let u = DoiUri::parse("doi:10.23/2002/january/21/4690?a/b?c#d/e?", L).unwrap();
        assert_eq!(u.doi().suffix(), "2002/january/21/4690");
        assert_eq!((u.query(), u.fragment()), (Some("a/b?c"), Some("d/e?")));
        let u = DoiUri::parse("doi:10.1/x#", L).unwrap();
        assert_eq!((u.query(), u.fragment()), (None, Some("")));
        assert_eq!(uri_err("doi:10.1/x#a#b", L), ("invalid-char", 12, 1));
        assert_eq!(uri_err("doi:10.1/x?a b", L), ("invalid-char", 12, 1));
        assert_eq!(uri_err("doi:/x", L), ("doi-empty-prefix", 4, 1));
        assert!(DoiUri::parse("doi:10.1/x?q", L).unwrap().to_string() == "doi:10.1/x?q");
    }

    #[test]
    fn decoding_borrows_when_it_can() {
        let d = Doi::from_uri("doi:10.1000/182").unwrap();
        assert!(d.is_borrowed());
        let d = Doi::from_uri("doi:10.1000/a%2Fb").unwrap();
        assert!(!d.is_borrowed());
        assert_eq!(d.as_str(), "10.1000/a/b");
    }
}
