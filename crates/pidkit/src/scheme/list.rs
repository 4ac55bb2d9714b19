//! What the one list of identifier schemes (`with_schemes!` in `lib.rs`: a row per scheme) makes:
//! the kinds, the readings and their options, the typed reading, its parts, detection,
//! extraction, resolution and the ladder. Every door (the CLI, the resolver, the Python and JVM
//! bindings) follows these and names no scheme.

use std::borrow::Cow;

use super::{Field, Fields, Finder, Route, Scheme, SchemeOptions, Service, Value};
use crate::error::{Error, ErrorCode};
use crate::iri::{IriError, IriRef, Level, Profile, ToIri, ToUri};
use crate::reading::ReadingError;
use crate::reading::generic;
use crate::{PidOutput, Warning};

/// An error of any kind of identifier, at a byte offset: what [`crate::read`] and the typed
/// reading return. Each scheme's functions return their own family (`Error<DoiError>` …),
/// which converts into this one with `?`.
///
/// ```
/// let err = pidkit::Identifier::parse("doi:10.1000").unwrap_err();
/// assert_eq!((err.code(), err.offset), ("doi-missing-slash", 11));
/// assert!(matches!(err.kind, pidkit::ErrorKind::Doi(pidkit::doi::DoiError::MissingSlash)));
/// ```
pub type ParseError = Error<ErrorKind>;

/// Writes the enums and dispatch functions of the schemes of the list (invoked with the rows by
/// `with_schemes!`).
macro_rules! schemes {
    ($( $(#[$doc:meta])* $field:ident: $variant:ident($error:ty) => $scheme:ty ),+ $(,)?) => {
        /// The error families: the generic syntax's and each scheme's.
        #[derive(Debug, Clone, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum ErrorKind {
            /// An error of the generic IRI syntax or of IRI → URI conversion.
            Iri(IriError),
            /// An error of the reading itself: under auto-detection, no identifier at all.
            Reading(ReadingError),
            $( $(#[$doc])* $variant($error), )+
        }

        impl ErrorCode for ErrorKind {
            fn code(&self) -> &'static str {
                match self {
                    ErrorKind::Iri(e) => e.code(),
                    ErrorKind::Reading(e) => e.code(),
                    $( ErrorKind::$variant(e) => e.code(), )+
                }
            }

            fn hint(&self) -> Option<String> {
                match self {
                    ErrorKind::Iri(e) => e.hint(),
                    ErrorKind::Reading(e) => e.hint(),
                    $( ErrorKind::$variant(e) => e.hint(), )+
                }
            }
        }

        impl std::fmt::Display for ErrorKind {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    ErrorKind::Iri(e) => e.fmt(f),
                    ErrorKind::Reading(e) => e.fmt(f),
                    $( ErrorKind::$variant(e) => e.fmt(f), )+
                }
            }
        }

        impl ErrorKind {
            /// The stable kebab-case code (see [`ErrorCode::code`]).
            pub fn code(&self) -> &'static str {
                ErrorCode::code(self)
            }

            /// A suggestion to fix the input, where one is obvious (see [`ErrorCode::hint`]).
            pub fn hint(&self) -> Option<String> {
                ErrorCode::hint(self)
            }
        }

        impl From<IriError> for ErrorKind {
            fn from(e: IriError) -> Self {
                ErrorKind::Iri(e)
            }
        }

        impl From<Error<IriError>> for ParseError {
            fn from(e: Error<IriError>) -> Self {
                e.widen()
            }
        }

        impl From<ReadingError> for ErrorKind {
            fn from(e: ReadingError) -> Self {
                ErrorKind::Reading(e)
            }
        }

        $(
            impl From<$error> for ErrorKind {
                fn from(e: $error) -> Self {
                    ErrorKind::$variant(e)
                }
            }

            impl From<Error<$error>> for ParseError {
                fn from(e: Error<$error>) -> Self {
                    e.widen()
                }
            }
        )+

        /// The kind of an identifier, as detected ([`crate::detect`]) or as read
        /// ([`crate::read`]). The names are the `kind` field of every JSON record.
        ///
        /// ```
        /// use pidkit::Kind;
        /// assert_eq!(Kind::RelativeRef.name(), "relative-ref");
        /// assert_eq!("doi".parse::<Kind>(), Ok(Kind::Doi));
        /// assert_eq!(Kind::Ivo.to_string(), "ivo");
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Kind {
            /// An IRI (draft-duerst-iri-bis-07): a scheme and what follows.
            Iri,
            /// A URI (RFC 3986), when the input was read as one (`ReadAs::Uri`, `ReadAs::UriRef`).
            Uri,
            /// A reference without scheme (RFC 3986 §4.2).
            RelativeRef,
            $( $(#[$doc])* $variant, )+
        }

        impl Kind {
            /// Every kind: the generic ones, then the schemes in detection order.
            pub const ALL: &'static [Kind] = &[Kind::Iri, Kind::Uri, Kind::RelativeRef, $(Kind::$variant),+];

            /// The kind's stable name: `iri`, `uri`, `relative-ref`, or the scheme's name.
            pub fn name(self) -> &'static str {
                match self {
                    Kind::Iri => "iri",
                    Kind::Uri => "uri",
                    Kind::RelativeRef => "relative-ref",
                    $( Kind::$variant => <$scheme as Scheme>::NAME, )+
                }
            }

            /// What identifiers of the kind are called in a sentence (`IRI`, `DOI`, `IVOA
            /// identifier` …).
            ///
            /// ```
            /// assert_eq!(pidkit::Kind::Ivo.title(), "IVOA identifier");
            /// ```
            pub fn title(self) -> &'static str {
                match self {
                    Kind::Iri => "IRI",
                    Kind::Uri => "URI",
                    Kind::RelativeRef => "relative reference",
                    $( Kind::$variant => <$scheme as Scheme>::TITLE, )+
                }
            }

            /// The name bindings give the type of identifiers of the kind (Python's class):
            /// `Iri` for the generic kinds, else the scheme's ([`Scheme::TYPE_NAME`]).
            pub fn type_name(self) -> &'static str {
                match self {
                    Kind::Iri | Kind::Uri | Kind::RelativeRef => "Iri",
                    $( Kind::$variant => <$scheme as Scheme>::TYPE_NAME, )+
                }
            }

            /// The reading that reads an input as this kind's scheme (`--as NAME`); `None`
            /// for the generic kinds.
            pub fn reading(self) -> Option<ReadAs> {
                match self {
                    $( Kind::$variant => Some(ReadAs::$variant), )+
                    _ => None,
                }
            }

            /// Whether every written form of the kind is an IRI with components (IRIs, URIs,
            /// relative references, and schemes such as `urn:` and `ivo:`:
            /// [`Scheme::CONVERTS_AS_IRI`]).
            pub fn is_iri_based(self) -> bool {
                converts_as_iri(self)
            }

            /// The service that resolves identifiers of the kind, if pidkit resolves them.
            pub fn service(self) -> Option<&'static Service> {
                match self {
                    $( Kind::$variant => <$scheme as Scheme>::SERVICE, )+
                    _ => None,
                }
            }

            /// The fields of the kind's parts ([`Details`]); empty for the generic kinds.
            ///
            /// ```
            /// let names: Vec<_> = pidkit::Kind::Urn.fields().iter().map(|f| f.name).collect();
            /// assert_eq!(names[..2], ["nid", "nss"]);
            /// ```
            pub fn fields(self) -> &'static [Field] {
                match self {
                    $( Kind::$variant => <<$scheme as Scheme>::Details<'_> as Fields>::FIELDS, )+
                    _ => &[],
                }
            }
        }

        /// Every warning code of the library, by family: the IRI checks, the reading's notes,
        /// `--clean`'s, then each scheme's ([`Scheme::WARNINGS`]).
        ///
        /// ```
        /// let families = pidkit::scheme::warning_codes();
        /// assert_eq!(families[0].0, "iri");
        /// assert!(families.iter().any(|(f, codes)| *f == "doi" && codes.iter().any(|c| *c == "doi-space")));
        /// ```
        pub fn warning_codes() -> Vec<(&'static str, &'static [crate::WarningCode])> {
            vec![
                ("iri", crate::iri::codes::ALL),
                ("reading", crate::reading::codes::ALL),
                ("clean", crate::extract::codes::ALL),
                $( (<$scheme as Scheme>::NAME, <$scheme as Scheme>::WARNINGS), )+
            ]
        }

        /// Every service that resolves identifiers of some scheme, once each, in the order of
        /// the list of schemes.
        ///
        /// ```
        /// let names: Vec<_> = pidkit::scheme::services().iter().map(|s| s.name).collect();
        /// assert!(names.contains(&"doi") && names.contains(&"registry"));
        /// ```
        pub fn services() -> Vec<&'static Service> {
            let mut all: Vec<&'static Service> = Vec::new();
            $(
                if let Some(s) = <$scheme as Scheme>::SERVICE
                    && !all.iter().any(|t| t.name == s.name)
                {
                    all.push(s);
                }
            )+
            all
        }

        /// The options of every family of rules, chosen once: `read_as`, the IRI grammar's
        /// profile, and each scheme's options ([`Scheme::Options`]) — the CLI's `--as` and
        /// `--profile`.
        ///
        /// ```
        /// use pidkit::{ReadAs, ReadOptions, UrnSyntax};
        /// let o = ReadOptions::new(ReadAs::Auto, Some("rfc2141"))?;
        /// assert_eq!(o.urn, UrnSyntax::Rfc2141);
        /// assert!(ReadOptions::new(ReadAs::Uri, Some("rfc3987")).is_err());
        /// # Ok::<(), String>(())
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[non_exhaustive]
        pub struct ReadOptions {
            /// What the input is read as.
            pub read_as: ReadAs,
            /// The IRI grammar's profile (IRIs and relative references).
            pub iri: Profile,
            $(
                #[doc = concat!("The options of the `", stringify!($field), "` scheme's rules.")]
                pub $field: <$scheme as Scheme>::Options,
            )+
        }

        impl ReadOptions {
            /// Every profile name `--profile` takes, with what it means: the IRI grammar's,
            /// then each scheme's ([`SchemeOptions::PROFILES`]).
            ///
            /// ```
            /// let names: Vec<_> = pidkit::ReadOptions::profiles().iter().map(|p| p.0).collect();
            /// assert_eq!(names[..3], ["bis", "rfc3987", "rfc3986"]);
            /// assert!(names.contains(&"legacy") && names.contains(&"rfc2141"));
            /// ```
            pub fn profiles() -> Vec<(&'static str, &'static str)> {
                let mut all = crate::reading::IRI_PROFILES.to_vec();
                $( all.extend_from_slice(<<$scheme as Scheme>::Options as SchemeOptions>::PROFILES); )+
                all
            }

            /// Apply one scheme profile name; whether a scheme took it.
            pub(crate) fn apply_scheme_profile(&mut self, name: &str) -> bool {
                $(
                    if <<$scheme as Scheme>::Options as SchemeOptions>::PROFILES.iter().any(|p| p.0 == name) {
                        self.$field.apply(name);
                        return true;
                    }
                )+
                false
            }

            /// The scheme profile names that make these options from the default ones.
            pub(crate) fn scheme_profile_names(&self) -> Vec<&'static str> {
                let mut all = Vec::new();
                $( all.extend(self.$field.names()); )+
                all
            }
        }

        /// What the input is to be read as (the CLI's `--as`).
        ///
        /// ```
        /// use pidkit::ReadAs;
        /// assert_eq!("iri-ref".parse::<ReadAs>(), Ok(ReadAs::IriRef));
        /// assert_eq!(ReadAs::Web.name(), "web");
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[non_exhaustive]
        pub enum ReadAs {
            /// Decide per input from its shape ([`crate::detect`]).
            #[default]
            Auto,
            /// An IRI (scheme required).
            Iri,
            /// An IRI reference (absolute or relative).
            IriRef,
            /// A URI (ASCII, scheme required).
            Uri,
            /// A URI reference (ASCII).
            UriRef,
            /// A LEIRI: preprocessed by draft-duerst-iri-bis-07 §7.1, then an IRI reference.
            Leiri,
            /// A Web Address: preprocessed by §7.2, then an IRI reference.
            Web,
            $( $(#[$doc])* $variant, )+
        }

        impl ReadAs {
            /// Every value: the generic readings, then the schemes.
            pub const ALL: &'static [ReadAs] = &[
                ReadAs::Auto, ReadAs::Iri, ReadAs::IriRef, ReadAs::Uri, ReadAs::UriRef,
                ReadAs::Leiri, ReadAs::Web, $(ReadAs::$variant),+
            ];

            /// The name the CLI uses (`--as NAME`): a scheme's reading is named like its kind.
            pub fn name(self) -> &'static str {
                match self {
                    ReadAs::Auto => "auto",
                    ReadAs::Iri => "iri",
                    ReadAs::IriRef => "iri-ref",
                    ReadAs::Uri => "uri",
                    ReadAs::UriRef => "uri-ref",
                    ReadAs::Leiri => "leiri",
                    ReadAs::Web => "web",
                    $( ReadAs::$variant => <$scheme as Scheme>::NAME, )+
                }
            }

            /// One line for people: what the reading means (the help of `--as NAME`).
            ///
            /// ```
            /// assert_eq!(pidkit::ReadAs::IriRef.about(), "An IRI reference (absolute or relative)");
            /// ```
            pub fn about(self) -> &'static str {
                match self {
                    ReadAs::Auto => "Decide per input from its shape",
                    ReadAs::Iri => "An IRI (scheme required)",
                    ReadAs::IriRef => "An IRI reference (absolute or relative)",
                    ReadAs::Uri => "A URI (ASCII, scheme required)",
                    ReadAs::UriRef => "A URI reference (ASCII)",
                    ReadAs::Leiri => "A LEIRI: preprocessed by §7.1 (spaces, controls and the like percent-encoded)",
                    ReadAs::Web => "A Web Address: preprocessed by §7.2 (also '\\' read as '/', surrounding spaces stripped)",
                    $( ReadAs::$variant => <$scheme as Scheme>::ABOUT, )+
                }
            }

            /// The scheme this reading forces, if it forces one.
            pub fn scheme(self) -> Option<Kind> {
                match self {
                    $( ReadAs::$variant => Some(Kind::$variant), )+
                    _ => None,
                }
            }
        }

        /// An identifier read by the rules of its kind, borrowing the input.
        #[derive(Debug, Clone)]
        #[non_exhaustive]
        pub enum Identifier<'a> {
            /// An IRI or a relative reference (the generic grammar, draft-duerst-iri-bis-07 §2.2).
            Iri(IriRef<&'a str>),
            /// A URI or a relative reference read as ASCII-only (RFC 3986).
            Uri(IriRef<&'a str>),
            $( $(#[$doc])* $variant(<$scheme as Scheme>::Id<'a>), )+
        }

        /// The parts of an identifier of a scheme beyond its IRI components: the scheme's
        /// object in `pidkit parse --json` (serialized as that object, named
        /// [`Details::name`]).
        #[derive(Debug, Clone, PartialEq)]
        #[non_exhaustive]
        pub enum Details<'b> {
            $( $(#[$doc])* $variant(<$scheme as Scheme>::Details<'b>), )+
        }

        impl Details<'_> {
            /// The name of the JSON member that holds these details: the scheme's name.
            ///
            /// ```
            /// let id = pidkit::Identifier::parse("urn:isbn:0451450523")?;
            /// assert_eq!(id.details().unwrap().name(), "urn");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn name(&self) -> &'static str {
                match self {
                    $( Details::$variant(_) => <$scheme as Scheme>::NAME, )+
                }
            }
        }

        impl Details<'_> {
            /// The fields of these parts ([`Fields::FIELDS`] of the scheme's details).
            pub fn fields(&self) -> &'static [Field] {
                match self {
                    $( Details::$variant(_) => <<$scheme as Scheme>::Details<'_> as Fields>::FIELDS, )+
                }
            }

            /// The value of field `i` ([`Fields::value`]).
            pub fn value(&self, i: usize) -> Value<'_> {
                match self {
                    $( Details::$variant(d) => d.value(i), )+
                }
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for Details<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $( Details::$variant(d) => super::fields::serialize(d, s), )+
                }
            }
        }

        /// Every scheme with what it claims, in the order of the list.
        const CLAIMS: &[(Kind, fn(&[u8]) -> bool)] = &[
            $( (Kind::$variant, <$scheme as Scheme>::claims) ),+
        ];

        /// The prefilters of the list, compiled once.
        static PREFILTERS: std::sync::LazyLock<super::prefilter::Table> = std::sync::LazyLock::new(|| {
            super::prefilter::Table::new(&[ $( <$scheme as Scheme>::PREFILTER ),+ ])
        });

        /// The first scheme, in the order of the list, that claims `t` ([`Scheme::claims`]),
        /// asking only those whose [`Scheme::PREFILTER`] admits it.
        pub(crate) fn claimant(t: &[u8]) -> Option<Kind> {
            claimants(t).next()
        }

        /// Every scheme that claims `t`, in the order of the list (the detection precedence),
        /// asking only those whose [`Scheme::PREFILTER`] admits it.
        ///
        /// ```
        /// assert_eq!(pidkit::scheme::claimants(b"doi:10.1000/182").collect::<Vec<_>>(), [pidkit::Kind::Doi]);
        /// assert_eq!(pidkit::scheme::claimants(b"http://example.org/").count(), 0);
        /// ```
        pub fn claimants(t: &[u8]) -> impl Iterator<Item = Kind> + '_ {
            let mut admitted = PREFILTERS.admitted(t);
            std::iter::from_fn(move || {
                while admitted != 0 {
                    let i = admitted.trailing_zeros() as usize;
                    admitted &= admitted - 1;
                    let (kind, claims) = CLAIMS[i];
                    if claims(t) {
                        return Some(kind);
                    }
                }
                None
            })
        }

        /// Every scheme that claims `t` without its prefilter, in the order of the list: what
        /// [`claimants`] must equal (the prefilters' test).
        #[doc(hidden)]
        pub fn claimants_unfiltered(t: &[u8]) -> impl Iterator<Item = Kind> + '_ {
            CLAIMS.iter().filter(move |(_, c)| c(t)).map(|(k, _)| *k)
        }

        /// The finders of the schemes that have one ([`Scheme::find`]), in the order of the
        /// list, each with its kind.
        pub(crate) fn finders(text: &str) -> Vec<(Kind, Box<dyn Finder<'_> + '_>)> {
            let mut all = Vec::new();
            $(
                if let Some(f) = <$scheme as Scheme>::find(text) {
                    all.push((Kind::$variant, f));
                }
            )+
            all
        }

        /// Whether IRI ⇄ URI conversion reads identifiers of `kind` as IRIs
        /// ([`Scheme::CONVERTS_AS_IRI`]; the generic kinds are IRIs).
        pub(crate) fn converts_as_iri(kind: Kind) -> bool {
            match kind {
                $( Kind::$variant => <$scheme as Scheme>::CONVERTS_AS_IRI, )+
                _ => true,
            }
        }

        /// Read `s` by the rules of the scheme of `kind`; `None` if `kind` is not a scheme's.
        pub(crate) fn read_scheme<'a>(
            kind: Kind,
            s: &'a str,
            opts: &ReadOptions,
        ) -> Option<Result<Identifier<'a>, ParseError>> {
            match kind {
                $( Kind::$variant => Some(
                    <$scheme as Scheme>::read(s, opts).map(Identifier::$variant).map_err(|e| Error {
                        kind: ErrorKind::$variant(e.kind),
                        offset: e.offset,
                        len: e.len,
                    })
                ), )+
                _ => None,
            }
        }

        /// The normal form of the scheme whose URI scheme is `scheme` (the ladder's hook).
        pub(super) fn normal_form(scheme: &str, iri: &str, level: Level) -> Option<String> {
            $(
                if <$scheme as Scheme>::URI_SCHEME == Some(scheme) {
                    return <$scheme as Scheme>::normal_form(iri, level);
                }
            )+
            None
        }

        /// The URI schemes of the schemes of the list ([`Scheme::URI_SCHEME`]), in its order.
        ///
        /// ```
        /// assert!(pidkit::scheme::uri_schemes().contains(&"urn"));
        /// ```
        pub fn uri_schemes() -> &'static [&'static str] {
            const ALL: &[Option<&str>] = &[$( <$scheme as Scheme>::URI_SCHEME ),+];
            const N: usize = {
                let mut n = 0;
                let mut i = 0;
                while i < ALL.len() {
                    if ALL[i].is_some() {
                        n += 1;
                    }
                    i += 1;
                }
                n
            };
            const SOME: [&str; N] = {
                let mut out = [""; N];
                let (mut i, mut k) = (0, 0);
                while i < ALL.len() {
                    if let Some(s) = ALL[i] {
                        out[k] = s;
                        k += 1;
                    }
                    i += 1;
                }
                out
            };
            &SOME
        }

        impl<'a> Identifier<'a> {
            /// The kind: `Iri`/`Uri` for absolute generic identifiers, `RelativeRef` without
            /// scheme, else the scheme's.
            ///
            /// ```
            /// use pidkit::{Identifier, Kind, ReadAs, ReadOptions};
            /// let iri_ref = ReadOptions::default().with_read_as(ReadAs::IriRef);
            /// assert_eq!(Identifier::parse_with("../a", &iri_ref)?.kind(), Kind::RelativeRef);
            /// assert_eq!(Identifier::parse("doi:10.1/x")?.kind(), Kind::Doi);
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn kind(&self) -> Kind {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) if !r.is_absolute() => Kind::RelativeRef,
                    Identifier::Iri(_) => Kind::Iri,
                    Identifier::Uri(_) => Kind::Uri,
                    $( Identifier::$variant(_) => Kind::$variant, )+
                }
            }

            /// The text this identifier was read from.
            ///
            /// ```
            /// assert_eq!(pidkit::Identifier::parse("DOI: 10.1/x")?.input(), "DOI: 10.1/x");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn input(&self) -> &'a str {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => r.into_inner(),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::input(id), )+
                }
            }

            /// The generic IRI view, where the identifier is written as an IRI (a DOI in most
            /// of its written forms is not: see [`Identifier::to_uri`] for its `doi:` URI).
            ///
            /// ```
            /// let u = pidkit::Identifier::parse("urn:isbn:0451450523")?;
            /// assert_eq!(u.as_iri().unwrap().scheme(), Some("urn"));
            /// assert!(pidkit::Identifier::parse("10.1000/182")?.as_iri().is_none());
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn as_iri(&self) -> Option<IriRef<&'a str>> {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => Some(*r),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::as_iri(id), )+
                }
            }

            /// The checks of its kind; warnings never make it invalid (IRIs: [`crate::iri::warnings`];
            /// the schemes: their own). Offsets are bytes of [`Identifier::input`]. A code found
            /// more than once is one warning with its count ([`Warning::merge_repeated`]), so the
            /// list grows with the kinds of problem, never with the input.
            ///
            /// ```
            /// let w = pidkit::Identifier::parse("urn:example:a?+r")?.warnings();
            /// assert_eq!(w[0].code.as_str(), "urn-r-component");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn warnings(&self) -> Vec<Warning> {
                Warning::merge_repeated(match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => crate::iri::warnings(r),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::warnings(id), )+
                })
            }

            /// What writing it as `out` asks (`normalize`, `to-uri`, `to-iri`) loses, as
            /// warnings: a DOI URL's query and fragment in a `doi:` URI, for one.
            ///
            /// ```
            /// use pidkit::{Identifier, PidForm, PidOutput};
            /// let d = Identifier::parse("https://doi.org/10.1000/1#x")?;
            /// let uri = PidOutput { form: PidForm::Uri, ..Default::default() };
            /// assert_eq!(d.lost_in(&uri)[0].code, "doi-url-fragment");
            /// assert!(d.lost_in(&PidOutput::default()).is_empty());
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn lost_in(&self, out: &PidOutput) -> Vec<Warning> {
                match self {
                    Identifier::Iri(_) | Identifier::Uri(_) => Vec::new(),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::lost_in(id, out), )+
                }
            }

            /// The normal form at `level` (§5.3): what `pidkit normalize` prints. Borrowed when
            /// the input already is in normal form.
            ///
            /// The form to show people: a DOI gives its resolver URL `https://doi.org/…` with the
            /// name as given (the DOI display guidelines' form; see [`crate::PidForm::Auto`] and
            /// [`crate::PidCase`] for others); `Simple` keeps the input. To group or join
            /// equivalent identifiers use [`Identifier::key`], the one spelling they share.
            ///
            /// ```
            /// use pidkit::{Identifier, Level};
            /// assert_eq!(Identifier::parse("DOI: 10.1000/abc")?.normalize(Level::Scheme), "https://doi.org/10.1000/abc");
            /// assert_eq!(Identifier::parse("HTTP://a/./b")?.normalize(Level::Syntax), "http://a/b");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn normalize(&self, level: Level) -> Cow<'a, str> {
                self.normalize_as(level, &PidOutput::default())
            }

            /// [`Identifier::normalize`], with PIDs written as `out` asks.
            pub fn normalize_as(&self, level: Level, out: &PidOutput) -> Cow<'a, str> {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => generic::normalize(*r, level),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::normalize(id, level, out), )+
                }
            }

            /// [`Identifier::normalize_as`], appended to `buf` (the batch functions write
            /// every row's into one buffer).
            ///
            /// ```
            /// use pidkit::{Identifier, Level, PidOutput};
            /// let mut buf = String::from("1: ");
            /// Identifier::parse("DOI: 10.1000/abc")?.write_normal_form(Level::Scheme, &PidOutput::default(), &mut buf);
            /// assert_eq!(buf, "1: https://doi.org/10.1000/abc");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn write_normal_form(&self, level: Level, out: &PidOutput, buf: &mut String) {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => buf.push_str(&generic::normalize(*r, level)),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::write_normal_form(id, level, out, buf), )+
                }
            }

            /// The text of [`Identifier::key`], appended to `buf`.
            ///
            /// ```
            /// use pidkit::{Identifier, Level};
            /// let mut buf = String::new();
            /// Identifier::parse("https://doi.org/10.1000/abc")?.write_key(Level::Scheme, &mut buf);
            /// assert_eq!(buf, "doi:10.1000/ABC");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn write_key(&self, level: Level, buf: &mut String) {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => buf.push_str(&generic::normalize(*r, level)),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::write_key(id, level, buf), )+
                }
            }

            /// The text of the equivalence key at `level` (form-independent).
            pub(crate) fn key_text(&self, level: Level) -> Cow<'a, str> {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => generic::normalize(*r, level),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::key(id, level), )+
                }
            }

            /// The URI (§3.3–3.6): what `pidkit to-uri` prints. A DOI written as a name or a
            /// printed label gives its `doi:` URI; one written as a URI or URL is converted
            /// as the IRI it is.
            ///
            /// ```
            /// use pidkit::{Identifier, ToUri};
            /// let i = Identifier::parse("http://résumé.example.org/é")?;
            /// assert_eq!(i.to_uri(&ToUri::new())?, "http://xn--rsum-bpad.example.org/%C3%A9");
            /// assert_eq!(Identifier::parse("10.1000/182")?.to_uri(&ToUri::new())?, "doi:10.1000/182");
            /// assert_eq!(Identifier::parse("https://doi.org/10.1000/182")?.to_uri(&ToUri::new())?, "https://doi.org/10.1000/182");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn to_uri(&self, t: &ToUri) -> Result<Cow<'a, str>, ParseError> {
                self.to_uri_as(t, &PidOutput::default())
            }

            /// [`Identifier::to_uri`], with PIDs written as `out` asks.
            pub fn to_uri_as(&self, t: &ToUri, out: &PidOutput) -> Result<Cow<'a, str>, ParseError> {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => generic::to_uri(*r, t),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::to_uri(id, t, out), )+
                }
            }

            /// The IRI (§3.7): what `pidkit to-iri` prints. A DOI written as a name or a
            /// printed label gives its `doi:` URI mapped to an IRI.
            ///
            /// ```
            /// use pidkit::{Identifier, ToIri};
            /// let i = Identifier::parse("http://www.example.org/D%C3%BCrst")?;
            /// assert_eq!(i.to_iri(&ToIri::new())?, "http://www.example.org/Dürst");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn to_iri(&self, t: &ToIri) -> Result<Cow<'a, str>, ParseError> {
                self.to_iri_as(t, &PidOutput::default())
            }

            /// [`Identifier::to_iri`], with PIDs written as `out` asks.
            pub fn to_iri_as(&self, t: &ToIri, out: &PidOutput) -> Result<Cow<'a, str>, ParseError> {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => generic::to_iri(*r, t),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::to_iri(id, t, out), )+
                }
            }

            /// The parts of its scheme (none for IRIs and relative references).
            ///
            /// ```
            /// use pidkit::{Details, Identifier};
            /// let id = Identifier::parse("DOI: 10.1000/182")?;
            /// let Some(Details::Doi(d)) = id.details() else { panic!() };
            /// assert_eq!((d.uri.as_str(), d.form), ("doi:10.1000/182", "label"));
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn details(&self) -> Option<Details<'_>> {
                match self {
                    Identifier::Iri(_) | Identifier::Uri(_) => None,
                    $( Identifier::$variant(id) => Some(Details::$variant(<$scheme as Scheme>::details(id))), )+
                }
            }

            /// The rule of its kind at `level`, for people: what makes two identifiers of the
            /// kind equivalent at that rung, with its spec section.
            ///
            /// ```
            /// use pidkit::{Identifier, Level};
            /// let d = Identifier::parse("doi:10.1000/ABC")?;
            /// assert_eq!(d.rule(Level::Scheme), "DOI names compare case-insensitively in ASCII (doi URI scheme §3)");
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn rule(&self, level: Level) -> &'static str {
                match self {
                    Identifier::Iri(_) | Identifier::Uri(_) => generic::rule(level),
                    $( Identifier::$variant(_) => <$scheme as Scheme>::rule(level), )+
                }
            }

            /// What its normal form at `level` leaves out, step by step ([`Scheme::removed`]):
            /// what `normalize` says it removed.
            pub fn removed(&self, level: Level) -> Vec<Warning> {
                match self {
                    Identifier::Iri(_) | Identifier::Uri(_) => Vec::new(),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::removed(id, level), )+
                }
            }

            /// The key shared by every version of its work, and what sharing it means
            /// ([`Scheme::work`]): arXiv identifiers without their version.
            pub fn work(&self) -> Option<(Cow<'a, str>, &'static str)> {
                match self {
                    Identifier::Iri(_) | Identifier::Uri(_) => None,
                    $( Identifier::$variant(id) => <$scheme as Scheme>::work(id), )+
                }
            }

            /// Its key at the `Scheme` rung in every scheme that says it names one of its
            /// identifiers ([`Scheme::alias`]), with the rule: its own kind and key first.
            pub(crate) fn alias_keys(&self) -> Vec<(Kind, Cow<'a, str>, &'static str)> {
                let mut all = vec![(self.kind(), self.key_text(Level::Scheme), self.rule(Level::Scheme))];
                $(
                    if let Some((key, rule)) = <$scheme as Scheme>::alias(self) {
                        all.push((Kind::$variant, Cow::Owned(key), rule));
                    }
                )+
                all
            }

            /// Its name within its scheme, without the form it was written in ([`Scheme::name`]):
            /// a DOI name, a handle …; `None` for IRIs and schemes without one.
            ///
            /// ```
            /// let d = pidkit::Identifier::parse("https://doi.org/10.1000/182")?;
            /// assert_eq!(d.name().as_deref(), Some("10.1000/182"));
            /// assert!(pidkit::Identifier::parse("http://a/")?.name().is_none());
            /// # Ok::<(), pidkit::ParseError>(())
            /// ```
            pub fn name(&self) -> Option<Cow<'a, str>> {
                match self {
                    Identifier::Iri(_) | Identifier::Uri(_) => None,
                    $( Identifier::$variant(id) => <$scheme as Scheme>::name(id), )+
                }
            }

            /// How it resolves, if pidkit resolves identifiers of its kind ([`Scheme::route`]).
            pub fn route(&self) -> Option<Route> {
                match self {
                    Identifier::Iri(_) | Identifier::Uri(_) => None,
                    $( Identifier::$variant(id) => <$scheme as Scheme>::route(id), )+
                }
            }

            /// The parts as rows for people.
            pub(crate) fn rows(&self) -> Vec<(&'static str, String)> {
                match self {
                    Identifier::Iri(r) | Identifier::Uri(r) => generic::listing(r),
                    $( Identifier::$variant(id) => <$scheme as Scheme>::listing(id), )+
                }
            }
        }
    };
}

crate::with_schemes!(schemes);
