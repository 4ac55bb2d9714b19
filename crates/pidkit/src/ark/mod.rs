//! ARK identifiers (draft-kunze-ark, "ARK Anatomy"): `[https://NMA/]ark:[/]NAAN/Name[Qualifiers]`,
//! read borrowing the input, with the nine steps of "Normalization and Lexical Equivalence",
//! shoulders, the THUMP inflections and the NOID check character.
//!
//! The rules, with the sections of draft-kunze-ark they come from (the guide's page is
//! `docs/schemes/ark.md`):
//!
//! - **Anatomy** ("ARK Anatomy"): an optional Resolver Service (`https://` and an NMA host,
//!   "The Name Mapping Authority"), the label `ark:` (the old form `ark:/` read too), the NAAN
//!   (betanumeric, "The Name Assigning Authority Number": five digits since 2001; 12345 and
//!   99999 are shared, for examples and tests), `/`, the Name (an optional shoulder, "Optional:
//!   Shoulders", and the blade), then Qualifiers (`/` components and `.` variants, "The
//!   Qualifier Part"); an optional NOID check character ends the base name.
//! - **Characters** ("Character Repertoires"): visible ASCII — letters, digits, `= ~ * + @ _ $`
//!   and the reserved `% - . /`; hyphens are identity-inert; `%XX` only to conceal a reserved
//!   character, in upper case.
//! - **Inflections** (THUMP): `?info`, and the old `?` and `??`, ask for metadata: not part of
//!   the identifier.
//! - **Equivalence** ("Normalization and Lexical Equivalence", nine steps): the NMA, the label's
//!   form and the inflection dropped; `ark:` and the NAAN lower-cased; hyphens and hyphen-like
//!   characters removed; `%XX` of unreserved characters decoded, hex upper-cased; initial,
//!   final and doubled structural characters removed. Case elsewhere is significant.
//!
//!
//! ```
//! use pidkit::ark::Ark;
//!
//! let ark = Ark::parse("https://n2t.net/ark:/12345/x6np1wh8k/c3/s5.v7.xsl?info")?;
//! assert_eq!(ark.nma(), Some("n2t.net"));
//! assert_eq!((ark.naan(), ark.name()), ("12345", "x6np1wh8k"));
//! assert_eq!((ark.shoulder(), ark.blade()), (Some("x6"), "np1wh8k"));
//! assert_eq!(ark.qualifier(), Some("/c3/s5.v7.xsl"));
//! assert_eq!(ark.inflection(), Some("?info"));
//! assert_eq!(ark.label_form(), "ark:/");
//! // The NMA, the old label, the inflection and hyphens do not take part in identity.
//! assert_eq!(ark.key(), "ark:12345/x6np1wh8k/c3/s5.v7.xsl");
//! assert!(ark.equivalent(&Ark::parse("ark:12345/x6-np1wh8k/c3/s5.v7.xsl")?));
//! // Case does, outside the label and the NAAN.
//! assert!(!Ark::parse("ark:12345/X6NP1WH8K")?.equivalent(&Ark::parse("ark:12345/x6np1wh8k")?));
//!
//! let err = Ark::parse("ark:12345/x6np1wh8k#p1").unwrap_err();
//! assert_eq!((err.code(), err.offset), ("ark-char", 19));
//! assert_eq!(err.hint().as_deref(), Some("percent-encode '#' as %23"));
//! # Ok::<(), pidkit::ark::ArkParseError>(())
//! ```

mod checks;
mod error;
mod noid;
mod normalize;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{ArkError, ArkParseError, codes};
pub use noid::{NOID_ALPHABET, noid_check_char};
pub use normalize::{Normalized, Removal};
pub use scheme::{ARK_RESOLVER, ArkScheme};
pub use syntax::claims;

use syntax::Spans;

/// The longest NAAN read, in bytes. The spec asks implementations to support at least 16
/// octets ("The NAAN"); every NAAN assigned since 2001 has five digits. A longer one is the
/// error `ark-naan-too-long`.
pub const MAX_NAAN_LEN: usize = 1024;

/// The resolver [`Ark::to_n2t_url`] writes: the Name-to-Thing resolver of the ARK Alliance
/// ("Finding a Resolver Service").
pub const N2T: &str = "https://n2t.net/";

/// How an ARK is read ([`Ark::parse_with`]).
///
/// ```
/// use pidkit::ark::{Ark, ArkOptions};
/// let opts = ArkOptions { check_char: true };
/// assert!(Ark::parse_with("ark:13030/xf93gt2q", opts).is_ok());
/// assert_eq!(Ark::parse_with("ark:13030/xf93gt2x", opts).unwrap_err().code(), "ark-check-char");
/// assert!(Ark::parse("ark:13030/xf93gt2x").is_ok()); // most ARKs carry no check character
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ArkOptions {
    /// Require the last character of the Base Name to be the NOID check character of the Check
    /// Zone ([`Ark::verify_check_char`]). Off by default: most ARKs carry none.
    pub check_char: bool,
}

/// An ARK read from text, borrowing it: a Compact ARK (`ark:12345/x6np1wh8k`, or the old
/// `ark:/12345/x6np1wh8k`, both recognised forever), or a Mapping ARK with a Resolver Service
/// (`https://n2t.net/ark:12345/x6np1wh8k`), possibly followed by an inflection (`?info`, `?`,
/// `??`) or another query.
///
/// Decisions where the spec leaves a choice:
///
/// - **The Resolver Service** is `http://` or `https://` (either case), then an NMA: a host
///   (any the URL syntax allows, IDNs included) with an optional port and optional path
///   segments, ending at the first `/ark:` of the path ("The Name Mapping Authority (NMA)":
///   "the path is considered to end with the '/' in the first occurrence of "/ark:"";
///   `http://example.org/rslvr/ark:12345/x6np1wh8k` is the spec's example). No userinfo, no
///   query or fragment before the label. Other schemes are the error `ark-nma-scheme`, and so
///   is a host without scheme (`n2t.net/ark:…`, as typed into a browser): "On the web, the
///   Resolver Service consists of a URI scheme and an NMA".
/// - **[`Ark::nma`]** is the NMA as the spec defines it: the host, the port if any and the path
///   prefix if any, without the scheme and without the `/` that precedes `ark:`
///   (`n2t.net`, `example.org:8080`, `example.org/rslvr`). [`Ark::resolver_service`] is the whole
///   `https://n2t.net/`.
/// - **The query**: everything from the first `?` is not part of the ARK (step 2). `?info`,
///   `?` and `??` are the inflections of THUMP ([`Ark::inflection`]); any other query is kept as
///   [`Ark::query`] (RFC 3986 query characters, valid `%XX`) and warned (`ark-query`).
/// - **The Name** is the first run of non-structural characters after `NAAN/` (up to the first
///   `/` or `.`), the **Qualifier** everything after it up to the query. Initial, final and
///   doubled structural characters are accepted (step 8 removes them, warned as
///   `ark-structural`), so the Name is the first run that holds more than hyphens.
/// - **Step 9** (a component with a period on its left and a slash on its right, as in
///   `x54.v2/page`) is **rejected** (`ark-variant-path`), not moved: with more than one such
///   component the spec gives no order in which to move them, yet the order of variants is
///   significant (`x54.v18.fr` is a variant of `x54.v18`, `x54.fr.v18` is not), so any move
///   would invent an identity. The check is made after steps 6 and 8, as the spec orders them:
///   `x54./page` is `x54.page`, and `page.v2/` ends in a final slash, which step 8 removes.
/// - **Hyphen-like characters**: U+00AD SOFT HYPHEN and U+2010 to U+2015 are accepted wherever a
///   hyphen is (warned as `ark-hyphen-like`) and removed with the hyphens by step 6. Other
///   non-ASCII characters are errors (`ark-non-ascii`), and so is whitespace (`ark-whitespace`):
///   the spec leaves their repair to implementors, and a repair is not a reading.
/// - **The shoulder** is a primordinal shoulder only: one or more lowercase betanumeric
///   consonants and the first digit after them, at the start of the Name as written.
///
/// `Display` gives the input; equality and hash are those of the input. Compare with
/// [`Ark::key`] or [`Ark::equivalent`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ark<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> Ark<'a> {
    /// Read an ARK with the default options (no check character required).
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// assert!(Ark::parse("ark:/12345/x6np1wh8k").is_ok());
    /// let e = Ark::parse("ark:12a45/x6np1wh8k").unwrap_err();
    /// assert_eq!((e.code(), e.offset, e.len), ("ark-naan-char", 6, 1));
    /// ```
    pub fn parse(s: &'a str) -> Result<Ark<'a>, ArkParseError> {
        Self::parse_with(s, ArkOptions::default())
    }

    /// Read an ARK with `options`.
    pub fn parse_with(s: &'a str, options: ArkOptions) -> Result<Ark<'a>, ArkParseError> {
        let ark = Ark {
            input: s,
            spans: syntax::parse(s)?,
        };
        if options.check_char {
            ark.verify_check_char()?;
        }
        Ok(ark)
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The NMA, when a Resolver Service precedes the label: host, port and path prefix as
    /// written, without the scheme and without the `/` before `ark:` ("The Name Mapping
    /// Authority (NMA)").
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// assert_eq!(Ark::parse("http://example.org/rslvr/ark:12345/x6np1wh8k")?.nma(), Some("example.org/rslvr"));
    /// assert_eq!(Ark::parse("https://lhc.nlm.nih.gov:8080/ark:12026/x1")?.nma(), Some("lhc.nlm.nih.gov:8080"));
    /// assert_eq!(Ark::parse("ark:12345/x6np1wh8k")?.nma(), None);
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn nma(&self) -> Option<&'a str> {
        let start = self.spans.nma_start?;
        self.input.get(start..self.spans.label - 1)
    }

    /// The Resolver Service, when there is one: scheme, NMA and the `/` before `ark:`
    /// (`https://n2t.net/`) ("ARK Anatomy").
    pub fn resolver_service(&self) -> Option<&'a str> {
        self.spans.nma_start?;
        self.input.get(..self.spans.label)
    }

    /// The label as a form: `"ark:"` (the current form) or `"ark:/"` (the old form), whatever
    /// its case in the input ("The ARK Label Part").
    pub fn label_form(&self) -> &'static str {
        if self.spans.old_label {
            "ark:/"
        } else {
            "ark:"
        }
    }

    /// The label as written (`ark:`, `ARK:/`, …).
    pub fn label(&self) -> &'a str {
        self.slice(self.spans.label, self.spans.naan.0)
    }

    /// The NAAN as written (compare it lowercased, without hyphens: [`Ark::key`]).
    pub fn naan(&self) -> &'a str {
        self.slice(self.spans.naan.0, self.spans.naan.1)
    }

    /// The Name assigned by the NAA, shoulder included, as written: up to the first `/` or `.`
    /// ("The Name Part").
    pub fn name(&self) -> &'a str {
        self.slice(self.spans.name.0, self.spans.name.1)
    }

    /// The primordinal shoulder at the start of the Name: consonants of the betanumeric
    /// repertoire up to and including the first digit (`x6`, `bpt6`, `fk4`), or `None` when the
    /// Name does not start so ("Optional: Shoulders").
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// assert_eq!(Ark::parse("ark:12148/bpt6k5619759j")?.shoulder(), Some("bpt6"));
    /// assert_eq!(Ark::parse("ark:67531/metadc107835")?.shoulder(), None);
    /// assert_eq!(Ark::parse("ark:12345/123456")?.shoulder(), None);
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn shoulder(&self) -> Option<&'a str> {
        let name = self.name();
        let letters = name
            .bytes()
            .take_while(|&c| c.is_ascii_lowercase() && syntax::is_betanumeric(c))
            .count();
        let digit = name.as_bytes().get(letters).is_some_and(u8::is_ascii_digit);
        (letters > 0 && digit).then(|| &name[..=letters])
    }

    /// The blade: the Name after the shoulder (the whole Name without one) ("Optional:
    /// Shoulders").
    pub fn blade(&self) -> &'a str {
        let name = self.name();
        name.get(self.shoulder().map_or(0, str::len)..)
            .unwrap_or(name)
    }

    /// Everything after the Name up to the query, as written: the ComponentPath (`/c3/s5`) and
    /// VariantPath (`.v7.xsl`) ("The Qualifier Part"); `None` when empty.
    pub fn qualifier(&self) -> Option<&'a str> {
        Some(self.slice(self.spans.name.1, self.spans.end)).filter(|q| !q.is_empty())
    }

    /// The inflection (`?info`, or the older `?` and `??`), with its `?` ("Overview of The HTTP
    /// URL Mapping Protocol (THUMP)").
    pub fn inflection(&self) -> Option<&'a str> {
        let q = self.slice(self.spans.end, self.input.len());
        syntax::INFLECTIONS.contains(&q).then_some(q)
    }

    /// A query that is not an inflection, without its `?`: not part of the ARK (step 2).
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// let ark = Ark::parse("ark:12345/x6np1wh8k?a=b")?;
    /// assert_eq!((ark.query(), ark.inflection()), (Some("a=b"), None));
    /// assert_eq!(ark.warnings()[1].code, "ark-query");
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        if self.spans.end == self.input.len() || self.inflection().is_some() {
            return None;
        }
        self.input.get(self.spans.end + 1..)
    }

    /// The Check Zone: NAAN, `/` and Name as written, the part a check character covers ("ARK
    /// Anatomy").
    pub fn check_zone(&self) -> &'a str {
        self.slice(self.spans.naan.0, self.spans.name.1)
    }

    /// Steps 1 to 9 of "Normalization and Lexical Equivalence", and what each changed.
    ///
    /// 1. the Resolver Service (`https://NMA/`) is removed;
    /// 2. the query, from the first `?`, is removed;
    /// 3. the label, `ark:` or `ark:/` in any case, becomes `ark:`;
    /// 4. the NAAN is lowercased;
    /// 5. the two hex digits after each `%` are uppercased;
    /// 6. hyphens are removed, and with them the hyphen-like U+00AD and U+2010 to U+2015;
    /// 7. the inflection, if any, is noted (it went with the query);
    /// 8. structural characters (`/`, `.`) at the start or end of the Name and Qualifier are
    ///    removed, and a row of them becomes its first;
    /// 9. a component with a period on its left and a slash on its right would be moved or the
    ///    ARK thrown out: pidkit throws it out when reading, so this step changes nothing here.
    ///
    /// The result compares octet by octet, case-sensitively. It does not depend on the written
    /// form, and it is its own normal form.
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// let a = Ark::parse("https://n2t.net/ark:/12345/x6-np1wh8k/page.v2/")?;
    /// let b = Ark::parse("ark:12345/x6np1wh8k/page.v2")?;
    /// assert_eq!(a.normalize().text, "ark:12345/x6np1wh8k/page.v2");
    /// assert_eq!(a.key(), b.key());
    /// assert!(b.normalize().removed.is_empty());
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn normalize(&self) -> Normalized<'a> {
        let mut removed = Vec::new();
        let text = normalize::normalize(self.input, &self.spans, Some(&mut removed));
        Normalized { text, removed }
    }

    /// The normal form ([`Ark::normalize`]'s text), borrowed from the input when it holds it:
    /// equal keys ⇔ the same ARK.
    pub fn key(&self) -> Cow<'a, str> {
        normalize::normalize(self.input, &self.spans, None)
    }

    /// Whether `other` is lexically equivalent: the same normal form.
    pub fn equivalent(&self, other: &Ark<'_>) -> bool {
        self.key() == other.key()
    }

    /// Check the NOID check character: the last character of the Base Name must be
    /// [`noid_check_char`] of the Check Zone before it. The Check Zone is taken as in the normal
    /// form (NAAN lowercased, hyphens removed, `%xx` uppercased), so equivalent ARKs get the same
    /// answer. Not part of [`Ark::parse`]: most ARKs carry no check character.
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// assert!(Ark::parse("https://n2t.net/ark:/13030/xf93-gt2q/p1?info")?.verify_check_char().is_ok());
    /// let e = Ark::parse("ark:13030/xf39gt2q")?.verify_check_char().unwrap_err();
    /// assert_eq!((e.code(), e.offset), ("ark-check-char", 17));
    /// assert_eq!(e.hint().unwrap(), "the expected check character is 'x': check the ARK for a transcription error, or do not ask for a check character");
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn verify_check_char(&self) -> Result<(), ArkParseError> {
        let mut zone = String::with_capacity(self.check_zone().len());
        for c in self.naan().chars() {
            if c != '-' && !syntax::is_hyphen_like(c) {
                zone.push(c.to_ascii_lowercase());
            }
        }
        zone.push('/');
        zone.push_str(&normalize::body(self.name()));
        // The Name holds content, so the zone ends in an ASCII character.
        let found = zone.pop().unwrap_or('/');
        let expected = noid_check_char(&zone).unwrap_or('0');
        if found == expected {
            return Ok(());
        }
        // The last byte of the Name that is not a hyphen: the check character in the input.
        let name = self.name();
        let at = name
            .char_indices()
            .rev()
            .find(|&(_, c)| c != '-' && !syntax::is_hyphen_like(c))
            .map_or(0, |(i, _)| i);
        Err(ArkParseError::new(
            ArkError::CheckChar(expected, found),
            self.spans.name.0 + at,
            1,
        ))
    }

    /// The ARK as a Compact ARK as written, in the current label form: `ark:`, then everything
    /// after the label (NAAN, Name, Qualifier, query) as written. Borrowed when the input is one.
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// assert_eq!(Ark::parse("https://n2t.net/ARK:/12345/x6-np1wh8k?info")?.to_ark_uri(), "ark:12345/x6-np1wh8k?info");
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn to_ark_uri(&self) -> Cow<'a, str> {
        let rest = self.slice(self.spans.naan.0, self.input.len());
        if self.spans.nma_start.is_none() && self.label() == "ark:" {
            return Cow::Borrowed(self.input);
        }
        Cow::Owned(format!("ark:{rest}"))
    }

    /// The ARK at the N2T resolver: `https://n2t.net/` and [`Ark::to_ark_uri`].
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// assert_eq!(Ark::parse("https://example.org/ark:14697/b12345x")?.to_n2t_url(), "https://n2t.net/ark:14697/b12345x");
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn to_n2t_url(&self) -> String {
        format!("{N2T}{}", self.to_ark_uri())
    }

    /// The ARK at its own Resolver Service, when it has one: [`Ark::resolver_service`] and
    /// [`Ark::to_ark_uri`].
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// let ark = Ark::parse("https://digital.library.unt.edu/ark:/67531/metadc107835")?;
    /// assert_eq!(ark.nma_url().as_deref(), Some("https://digital.library.unt.edu/ark:67531/metadc107835"));
    /// assert_eq!(Ark::parse("ark:67531/metadc107835")?.nma_url(), None);
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn nma_url(&self) -> Option<String> {
        Some(format!("{}{}", self.resolver_service()?, self.to_ark_uri()))
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let ark = pidkit::ark::Ark::parse("https://n2t.net/ark:/12345/x6np1wh8k/c3.v7?info")?;
    /// let p = ark.parts();
    /// assert_eq!((p.naan, p.shoulder, p.blade), ("12345", Some("x6"), "np1wh8k"));
    /// assert_eq!((p.qualifier, p.inflection, p.nma), (Some("/c3.v7"), Some("?info"), Some("n2t.net")));
    /// assert_eq!(p.normal, "ark:12345/x6np1wh8k/c3.v7");
    /// # Ok::<(), pidkit::ark::ArkParseError>(())
    /// ```
    pub fn parts(&self) -> ArkParts<'a> {
        ArkParts {
            naan: self.naan(),
            shoulder: self.shoulder(),
            blade: self.blade(),
            qualifier: self.qualifier(),
            inflection: self.inflection(),
            nma: self.nma(),
            normal: self.key(),
        }
    }

    /// Valid but worth a look: the NMA, label forms, the NAAN's case and shape, hyphens,
    /// `%`-encoding, structural characters, a slash after a bare shoulder, length, queries and
    /// the older inflections ([`codes`]).
    ///
    /// ```
    /// use pidkit::ark::Ark;
    /// let codes = |s| Ark::parse(s).unwrap().warnings().iter().map(|w| w.code).collect::<Vec<_>>();
    /// assert_eq!(codes("ark:13030/c7n00zt1z"), Vec::<&str>::new());
    /// assert_eq!(codes("https://n2t.net/ARK:/13030/c7n00zt1z"), ["ark-label-case"]);
    /// assert_eq!(codes("ark:12345/x6/np1wh8k"), ["ark-transient-naan", "ark-shoulder-slash"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        checks::warnings(self)
    }

    fn slice(&self, from: usize, to: usize) -> &'a str {
        self.input.get(from..to).unwrap_or_default()
    }
}

impl fmt::Display for Ark<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for Ark<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ark({:?})", self.input)
    }
}

/// The parts of an ARK as the CLI's JSON object `"ark"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArkParts<'a> {
    /// The NAAN as written.
    pub naan: &'a str,
    /// The primordinal shoulder, if the Name starts with one.
    pub shoulder: Option<&'a str>,
    /// The Name after the shoulder.
    pub blade: &'a str,
    /// Component and variant paths after the Name.
    pub qualifier: Option<&'a str>,
    /// `?info`, `?` or `??`.
    pub inflection: Option<&'a str>,
    /// The NMA (host, port, path prefix) of a Mapping ARK.
    pub nma: Option<&'a str>,
    /// The normal form of "Normalization and Lexical Equivalence".
    pub normal: Cow<'a, str>,
}

impl crate::scheme::Fields for ArkParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "naan",
            FieldType::Str,
            "The Name Assigning Authority Number, as written (betanumeric, case-insensitive).",
        ),
        Field::new(
            "shoulder",
            FieldType::OptStr,
            "The primordinal shoulder: consonants up to and including the first digit of the Name.",
        ),
        Field::new(
            "blade",
            FieldType::Str,
            "The Name after the shoulder (the whole Name when there is none).",
        ),
        Field::new(
            "qualifier",
            FieldType::OptStr,
            "What follows the Name: a component path ('/…') and variant path ('.…').",
        ),
        Field::new(
            "inflection",
            FieldType::OptStr,
            "The THUMP inflection after the ARK.",
        )
        .one_of(&["?info", "?", "??"]),
        Field::new(
            "nma",
            FieldType::OptStr,
            "The Name Mapping Authority of a URL ARK: host, port and path prefix (identity inert).",
        ),
        Field::new(
            "normal",
            FieldType::Str,
            "The normal form for lexical equivalence (draft-kunze-ark Normalization, steps 1-9).",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(self.naan),
            1 => Value::opt(self.shoulder),
            2 => Value::Str(self.blade),
            3 => Value::opt(self.qualifier),
            4 => Value::opt(self.inflection),
            5 => Value::opt(self.nma),
            6 => Value::Str(&self.normal),
            _ => Value::Null,
        }
    }
}
