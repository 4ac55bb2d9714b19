//! The bodies of pidkit's fuzz targets (issue 11), one function per target of `fuzz/`.
//!
//! `fuzz/fuzz_targets/<name>.rs` is a one-line call into the function of the same name, run by
//! cargo-fuzz on nightly; `tests/regressions.rs` replays every file of `fuzz/regressions/<name>/`
//! through it on stable, so CI guards what fuzzing once found. Each function takes arbitrary
//! bytes, returns quietly when they are not the kind of input it exercises, and panics (a
//! finding) when pidkit panics or breaks one of the properties asserted here: positions that
//! agree with a fresh parse, errors and warnings that point inside the input, round trips,
//! idempotence, and `equivalent` agreeing with equal keys.
//!
//! ```
//! // Any bytes: nothing to report.
//! pidkit_fuzz_targets::parse(b"http://[::1]:80/a?b#c");
//! pidkit_fuzz_targets::resolve(b"http://a/b/c/d;p?q\n../g");
//! for (name, run) in pidkit_fuzz_targets::TARGETS {
//!     run(name.as_bytes());
//! }
//! ```

use std::hash::{BuildHasher, RandomState};

use pidkit::ark::{self, Ark, ArkOptions};
use pidkit::arxiv::{self, Arxiv};
use pidkit::doi::{self, Doi, DoiProfile};
use pidkit::ean::Ean;
use pidkit::isbn::Isbn;
use pidkit::isni::{self, Isni};
use pidkit::issn::Issn;
use pidkit::orcid::{self, Orcid};
use pidkit::pmcid::{self, Pmcid};
use pidkit::pmid::{self, Pmid};
use pidkit::purl::{self, Purl};
use pidkit::ror::{self, Ror};
use pidkit::swh::{self, Swhid};
use pidkit::{
    DisplayForm, Identifier, Idna, Iri, IriRef, Ivoid, Key, Lenient, Level, Profile, ReadOptions,
    ReferenceResolution, Rule, ToIri, ToUri, Urn, UrnSyntax, Warning,
};

/// The body of a fuzz target: any bytes in, a panic when something is wrong.
pub type Target = fn(&[u8]);

/// Every target: its name (the file `fuzz/fuzz_targets/<name>.rs` and the folder
/// `fuzz/regressions/<name>/`) and its body.
pub const TARGETS: &[(&str, Target)] = &[
    ("parse", parse),
    ("to_uri", to_uri),
    ("to_iri", to_iri),
    ("resolve", resolve),
    ("normalize", normalize),
    ("equivalence", equivalence),
    ("doi", doi),
    ("urn", urn),
    ("ivoid", ivoid),
    ("extract", extract),
    ("lenient", lenient),
    ("ark", ark),
    ("detect", detect),
    ("arxiv", arxiv),
    ("pmid", pmid),
    ("pmcid", pmcid),
    ("isbn", isbn),
    ("issn", issn),
    ("ean", ean),
    ("swh", swh),
    ("purl", purl),
    ("orcid", orcid),
    ("isni", isni),
    ("ror", ror),
    ("wikidata", wikidata),
    ("gnd", gnd),
    ("viaf", viaf),
    ("ascl", ascl),
    ("hal", hal),
    ("rrid", rrid),
    ("ads", ads),
    ("rdf", rdf),
];

/// The CLI's reading of one N-Triples or N-Quads statement (`--format ntriples|nquads`): the
/// same file, compiled here too (the CLI is a binary, not a library).
#[path = "../../pidkit-cli/src/rdf_scan.rs"]
#[allow(missing_docs, unreachable_pub, dead_code)]
mod rdf_scan;

/// The IRIs of N-Triples and N-Quads lines as `pidkit --format ntriples|nquads` reads them:
/// oxttl (lenient) judges each line, the scanner finds where each IRI is. Every IRI oxttl reads
/// is found once, with its term, at whole characters of the line, as written when it has no
/// escapes; a syntax error's offset and length lie inside the line.
pub fn rdf(data: &[u8]) {
    let Some(text) = text(data) else { return };
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        for quads in [false, true] {
            if let Err((offset, len, _)) = rdf_scan::statement(line, quads) {
                assert!(offset + len <= line.len(), "{line:?}: {offset}+{len}");
            }
            if let Err(e) = rdf_scan::agrees(line, quads) {
                panic!("{line:?} (quads: {quads}): {e}");
            }
        }
    }
}

const PROFILES: [Profile; 3] = [Profile::IriBis, Profile::Rfc3987, Profile::Rfc3986Uri];
const LEVELS: [Level; 3] = [Level::Simple, Level::Syntax, Level::Scheme];

/// The input as text, or `None` (nothing to exercise) when it is not UTF-8.
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Two texts separated by the first newline (a base and a reference, or two identifiers).
fn pair(data: &[u8]) -> Option<(&str, &str)> {
    text(data)?.split_once('\n')
}

/// Every component, as a string that two parses must agree on.
fn components<T: AsRef<str>>(r: &IriRef<T>) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        r.scheme(),
        r.authority(),
        r.userinfo(),
        r.host().map(|h| (h.kind(), h.as_str())),
        r.port(),
        r.path(),
        r.query(),
        r.fragment()
    )
}

/// A built reference (conversion, resolution, normalization) must parse under `profile` into the
/// very components it was built with.
fn reparses<T: AsRef<str>>(built: &IriRef<T>, profile: Profile, what: &str) {
    match IriRef::parse_with(built.as_str(), profile) {
        Ok(fresh) => assert_eq!(
            components(&fresh),
            components(built),
            "{what}: positions of {:?}",
            built.as_str()
        ),
        Err(e) => panic!(
            "{what} gave {:?}, which is not a reference under {profile:?}: {e}",
            built.as_str()
        ),
    }
}

/// An error must point at whole characters inside the input it is about.
fn points_inside<K: pidkit::ErrorCode>(e: &pidkit::Error<K>, s: &str) {
    let end = e.offset.checked_add(e.len);
    assert!(
        end.is_some_and(|end| end <= s.len()
            && s.is_char_boundary(e.offset)
            && s.is_char_boundary(end)),
        "error {} at {}+{} outside {:?}",
        e.code(),
        e.offset,
        e.len,
        s
    );
    assert!(!e.to_string().is_empty() && !e.code().is_empty());
    let _ = e.hint();
}

/// Warnings must point at whole characters inside the text they are about.
fn warnings_inside(ws: &[Warning], s: &str) {
    for w in ws {
        let end = w.offset.checked_add(w.len);
        assert!(
            end.is_some_and(|end| end <= s.len()
                && s.is_char_boundary(w.offset)
                && s.is_char_boundary(end)),
            "warning {} at {}+{} outside {:?}",
            w.code,
            w.offset,
            w.len,
            s
        );
    }
}

/// `IriRef::parse` under each profile and start rule, with `check`, `detect` and the display
/// form: round trip, profiles nested (RFC 3986 ⊂ RFC 3987 ⊂ bis) with equal components, rules
/// consistent, errors and warnings inside the input.
pub fn parse(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let _ = pidkit::detect::detect(s);
    let mut accepted = [false; 3];
    let mut parts: Vec<String> = Vec::new();
    for (i, profile) in PROFILES.into_iter().enumerate() {
        match IriRef::parse_with(s, profile) {
            Ok(r) => {
                assert_eq!(r.as_str(), s);
                accepted[i] = true;
                parts.push(components(&r));
                warnings_inside(&pidkit::iri::warnings(&r), s);
                let _ = DisplayForm::new().render(&r);
                let _ = DisplayForm::new().ascii_only(true).render(&r);
                let _ = r.segments().count();
            }
            Err(e) => points_inside(&e, s),
        }
    }
    // RFC 3986 ⊂ RFC 3987 ⊂ bis, with the same components where they all accept.
    assert!(
        !accepted[2] || accepted[1],
        "RFC 3986 accepts, RFC 3987 not: {s:?}"
    );
    assert!(
        !accepted[1] || accepted[0],
        "RFC 3987 accepts, bis not: {s:?}"
    );
    assert!(parts.windows(2).all(|w| w[0] == w[1]), "{s:?}: {parts:?}");
    let ok = |rule| IriRef::parse_rule(s, rule, Profile::IriBis).is_ok();
    let (any, iri, absolute, relative) = (
        ok(Rule::IriReference),
        ok(Rule::Iri),
        ok(Rule::AbsoluteIri),
        ok(Rule::RelativeRef),
    );
    assert_eq!(any, accepted[0], "{s:?}");
    assert!(!absolute || iri, "absolute-IRI but not IRI: {s:?}");
    assert!(!iri || any, "IRI but not IRI-reference: {s:?}");
    assert!(
        !relative || any,
        "irelative-ref but not IRI-reference: {s:?}"
    );
    assert!(!(relative && iri), "both IRI and irelative-ref: {s:?}");
    if let Ok(iri) = Iri::parse(s) {
        let _ = iri.parts();
    }
}

/// IRI → URI (§3.3–3.6) with each IDNA choice: the result is ASCII, its positions agree with a
/// fresh parse (RFC 3986's, unless the fragment holds the `#` that only the draft allows and
/// §3.1 leaves alone), converting it again changes nothing, and an ASCII input is its own URI;
/// a failure is an `idna` error inside the input.
pub fn to_uri(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(r) = IriRef::parse(s) else { return };
    let rfc3987 = IriRef::parse_with(s, Profile::Rfc3987).is_ok();
    for idna in [Idna::DnsSchemes, Idna::AnyAuthority, Idna::Never] {
        let conv = ToUri::new().idna(idna);
        match conv.convert(&r) {
            Ok(u) => {
                assert!(u.as_str().is_ascii(), "{s:?} -> {:?}", u.as_str());
                reparses(&u, Profile::IriBis, "to_uri");
                if rfc3987 {
                    reparses(&u, Profile::Rfc3986Uri, "to_uri");
                }
                let again = conv.convert(&u).expect("a URI converts");
                assert_eq!(again.as_str(), u.as_str(), "to_uri is not idempotent");
                if s.is_ascii() {
                    assert_eq!(u.as_str(), s, "an ASCII reference is its own URI");
                }
            }
            Err(e) => {
                assert_eq!(e.code(), "idna", "{s:?}: {e}");
                points_inside(&e, s);
            }
        }
    }
}

/// URI → IRI (§3.7) with and without step 6 and for each IDNA choice: the result parses into
/// the components it was built with, converting it again changes nothing, and for a URI the
/// way back (`to_uri`) is the same URI at the syntax level of the comparison ladder.
pub fn to_iri(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(r) = IriRef::parse(s) else { return };
    for idna in [Idna::DnsSchemes, Idna::AnyAuthority, Idna::Never] {
        for step6 in [false, true] {
            let conv = ToIri::new().idna(idna).unicode_hosts(step6);
            let i = conv.convert(&r);
            reparses(&i, Profile::IriBis, "to_iri");
            let again = conv.convert(&i);
            assert_eq!(
                again.as_str(),
                i.as_str(),
                "to_iri is not idempotent on {s:?}"
            );
            if s.is_ascii() {
                let back = ToUri::new()
                    .idna(idna)
                    .convert(&i)
                    .unwrap_or_else(|e| panic!("{:?} (from {s:?}) has no URI: {e}", i.as_str()));
                assert!(
                    back.equivalent(&r, Level::Syntax),
                    "{s:?} -> {:?} -> {:?}",
                    i.as_str(),
                    back.as_str()
                );
            }
        }
    }
}

/// RFC 3986 §5.2 resolution of `base \n reference`, strict and not: the target parses into the
/// components it was built with, `resolve_into` agrees, and a reference from `relativize`
/// resolves back to the target.
pub fn resolve(data: &[u8]) {
    let Some((b, r)) = pair(data) else { return };
    let (Ok(base), Ok(reference)) = (Iri::parse(b), IriRef::parse(r)) else {
        return;
    };
    let mut buf = String::new();
    for mode in [ReferenceResolution::Strict, ReferenceResolution::NonStrict] {
        let t = base.resolve_with(&reference, mode);
        reparses(
            &IriRef::parse(t.as_str()).expect("a target"),
            Profile::IriBis,
            "resolve",
        );
        assert!(
            Iri::parse(t.as_str()).is_ok(),
            "{b:?} + {r:?} = {:?}",
            t.as_str()
        );
        let into = base.resolve_into(&reference, mode, &mut buf);
        assert_eq!(into.as_str(), t.as_str());
    }
    let target = base.resolve(&reference);
    for t in [Some(target), Iri::parse(r).ok().map(|t| t.to_owned())]
        .into_iter()
        .flatten()
    {
        if let Some(rel) = base.relativize(&t) {
            let back = base.resolve(&rel);
            assert_eq!(
                back.as_str(),
                t.as_str(),
                "{:?} relativized against {b:?} is {:?}",
                t.as_str(),
                rel.as_str()
            );
        }
    }
}

/// Normalization at each rung of the ladder: the normal form parses into the components it was
/// built with, is its own normal form, equals the key and `normalize_into`, and is equivalent to
/// the input; the syntax normal form is equivalent at the scheme level.
pub fn normalize(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok(r) = IriRef::parse(s) else { return };
    let mut buf = String::new();
    for level in LEVELS {
        let n = r.normalize(level);
        reparses(&n, Profile::IriBis, "normalize");
        let twice = n.normalize(level);
        assert_eq!(
            twice.as_str(),
            n.as_str(),
            "{level:?} of {s:?} is not idempotent"
        );
        assert_eq!(r.key(level).as_str(), n.as_str());
        assert_eq!(r.normalize_into(level, &mut buf).as_str(), n.as_str());
        assert!(
            r.equivalent(&n, level),
            "{s:?} !~ {:?} at {level:?}",
            n.as_str()
        );
    }
    let syntax = r.normalize(Level::Syntax);
    assert!(
        r.equivalent(&syntax, Level::Scheme),
        "{s:?} and its syntax normal form {:?} differ at the scheme level",
        syntax.as_str()
    );
}

/// The property "equivalent ⇔ equal keys" (and equal hashes) for `a \n b`: IRI references at
/// each level, and DOIs, URNs and IVOIDs where both parse; equivalence is symmetric.
pub fn equivalence(data: &[u8]) {
    let Some((a, b)) = pair(data) else { return };
    let hasher = RandomState::new();
    if let (Ok(x), Ok(y)) = (IriRef::parse(a), IriRef::parse(b)) {
        for level in LEVELS {
            let eq = x.equivalent(&y, level);
            assert_eq!(
                eq,
                y.equivalent(&x, level),
                "{a:?} {b:?} {level:?}: not symmetric"
            );
            let (kx, ky): (Key<'_>, Key<'_>) = (x.key(level), y.key(level));
            assert_eq!(
                eq,
                kx == ky,
                "{a:?} {b:?} at {level:?}: equivalent {eq}, keys {:?} {:?}",
                kx.as_str(),
                ky.as_str()
            );
            if eq {
                assert_eq!(hasher.hash_one(&kx), hasher.hash_one(&ky));
            }
        }
    }
    if let (Ok(x), Ok(y)) = (doi::recognize(a), doi::recognize(b)) {
        let eq = x.doi.equivalent(&y.doi);
        assert_eq!(eq, x.doi.key() == y.doi.key(), "DOIs {a:?} {b:?}");
        assert_eq!(eq, y.doi.equivalent(&x.doi));
        if eq {
            assert_eq!(hasher.hash_one(x.doi.key()), hasher.hash_one(y.doi.key()));
        }
    }
    for syntax in [UrnSyntax::Rfc8141, UrnSyntax::Rfc2141] {
        if let (Ok(x), Ok(y)) = (Urn::parse_with(a, syntax), Urn::parse_with(b, syntax)) {
            let eq = x.equivalent(&y);
            assert_eq!(eq, x.key() == y.key(), "URNs {a:?} {b:?}");
            assert_eq!(eq, y.equivalent(&x));
        }
    }
    if let (Ok(x), Ok(y)) = (Ivoid::parse(a), Ivoid::parse(b)) {
        let eq = x.equivalent(&y);
        assert_eq!(eq, x.key() == y.key(), "IVOIDs {a:?} {b:?}");
        assert_eq!(eq, y.equivalent(&x));
    }
}

/// DOI names (both profiles), `doi:` URIs and every written form (`recognize`): the name
/// splits into prefix and suffix, its `doi:` URI, doi.org URL and Handle API URL read back as the
/// same name, warnings and spans point inside the input.
pub fn doi(data: &[u8]) {
    let Some(s) = text(data) else { return };
    // The DOI name alone (the batch functions' `doi_name`) is the reading's.
    let opts = pidkit::ReadOptions::default();
    let read = match pidkit::read(s, &opts).result {
        Ok(pidkit::Identifier::Doi(r)) => Some(r.doi),
        _ => None,
    };
    assert_eq!(pidkit::read_doi(s, &opts), read, "{s:?}");
    for profile in [DoiProfile::Current, DoiProfile::Legacy] {
        match Doi::parse_with(s, profile) {
            Ok(d) => {
                assert_eq!(d.as_str(), s);
                assert_eq!(format!("{}/{}", d.prefix(), d.suffix()), s);
                warnings_inside(&doi::warnings(&d), s);
                let _ = d.summary();
                assert!(d.equivalent(&d) && d.key() == d.key());
                if profile == DoiProfile::Current {
                    let uri = d.to_uri();
                    let back = Doi::from_uri(&uri)
                        .unwrap_or_else(|e| panic!("{s:?} -> {uri:?} does not read back: {e}"));
                    assert_eq!(back.as_str(), s, "via {uri:?}");
                    for url in [d.to_url(), d.api_url().to_string()] {
                        let back = doi::recognize(&url)
                            .unwrap_or_else(|e| panic!("{s:?} -> {url:?} does not read back: {e}"));
                        assert_eq!(back.doi.as_str(), s, "via {url:?}");
                    }
                }
            }
            Err(e) => points_inside(&e, s),
        }
        // The one-pass reading of the common forms gives the general route's answer.
        assert_eq!(
            doi::recognize_with(s, profile),
            doi::recognize_general(s, profile),
            "{s:?}"
        );
        match doi::recognize_with(s, profile) {
            Ok(r) => {
                warnings_inside(&r.warnings(s), s);
                if profile == DoiProfile::Current {
                    written_in_case(&r, s);
                }
                if let Some((start, end)) = r.name_span() {
                    assert!(
                        start <= end && end <= s.len(),
                        "{s:?}: name span {start}..{end}"
                    );
                }
            }
            Err(e) => points_inside(&e, s),
        }
        if let Ok(u) = doi::DoiUri::parse(s, profile) {
            let _ = u.to_legacy_canonical();
        }
    }
}

/// A DOI (current rules) written as a `doi:` URI or a resolver URL in upper or lower case reads back as its
/// name in that case (the name is cased in place where nothing of it was encoded, else
/// written again: both must give the cased name).
fn written_in_case(r: &doi::Recognized<'_>, s: &str) {
    use pidkit::{PidCase, PidForm};
    for case in [PidCase::Upper, PidCase::Lower] {
        let name = match case {
            PidCase::Lower => r.doi.as_str().to_ascii_lowercase(),
            _ => r.doi.as_str().to_ascii_uppercase(),
        };
        for form in [PidForm::Uri, PidForm::Url] {
            let written = r.written_as(form, Some(case));
            let back = doi::recognize(&written)
                .unwrap_or_else(|e| panic!("{s:?} -> {written:?} does not read back: {e}"));
            assert_eq!(back.doi.as_str(), name, "{s:?} via {written:?}");
        }
    }
}

/// URNs under RFC 8141 and RFC 2141: the normalized form (§3.1) parses, is its own normalized
/// form and is equivalent; warnings and errors point inside the input.
pub fn urn(data: &[u8]) {
    let Some(s) = text(data) else { return };
    for syntax in [UrnSyntax::Rfc8141, UrnSyntax::Rfc2141] {
        match Urn::parse_with(s, syntax) {
            Ok(u) => {
                assert_eq!(u.as_str(), s);
                warnings_inside(&u.warnings(), s);
                let _ = (u.parts(), u.namespace_class(), u.assigned_name(), u.key());
                let n = u.normalized();
                let nu = Urn::parse_with(n.as_ref(), syntax)
                    .unwrap_or_else(|e| panic!("{s:?} normalizes to {n:?}, not a URN: {e}"));
                assert_eq!(
                    nu.normalized(),
                    n,
                    "normalized() is not idempotent on {s:?}"
                );
                assert!(u.equivalent(&nu), "{s:?} !~ its normalized form {n:?}");
            }
            Err(e) => points_inside(&e, s),
        }
    }
}

/// IVOA identifiers: `parse_strict` accepts only what `parse` accepts; the RegTAP form parses,
/// is equivalent and equals the key; the typed parts do not panic.
pub fn ivoid(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let strict = Ivoid::parse_strict(s);
    match Ivoid::parse(s) {
        Ok(i) => {
            warnings_inside(&i.warnings(), s);
            let _ = (i.parts(), i.kind(), i.standard_id(), i.dataset_id());
            let _ = i.to_lowercase_pyvo();
            assert_eq!(i.key(), i.to_regtap());
            let regtap = i.to_regtap();
            let r = Ivoid::parse(regtap.as_ref())
                .unwrap_or_else(|e| panic!("{s:?}: RegTAP form {regtap:?} is no IVOID: {e}"));
            assert!(i.equivalent(&r), "{s:?} !~ {regtap:?}");
        }
        Err(e) => {
            points_inside(&e, s);
            assert!(
                strict.is_err(),
                "parse_strict accepts what parse refuses: {s:?}"
            );
        }
    }
}

/// ARKs (draft-kunze-ark): an error points inside the input; an ARK is claimed by
/// `ark::claims`, its warnings point inside it, its normal form is an ARK that is its own normal
/// form (equal to the key, equivalent to the input), its Compact form, N2T URL and NMA URL read
/// back with the same key, and equivalent forms agree on the check character.
///
/// Not yet in [`TARGETS`]: it joins the list with its `fuzz/fuzz_targets/ark.rs`.
///
/// ```
/// pidkit_fuzz_targets::ark(b"https://n2t.net/ark:/12345/x6-np1wh8k/page.v2/?info");
/// pidkit_fuzz_targets::ark(b"ark:12345/x54.v2/page");
/// ```
pub fn ark(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let claimed = ark::claims(data);
    let checked = Ark::parse_with(s, ArkOptions { check_char: true });
    let a = match Ark::parse(s) {
        Ok(a) => a,
        Err(e) => {
            points_inside(&e, s);
            assert!(checked.is_err(), "the check character option accepts {s:?}");
            return;
        }
    };
    assert_eq!(a.input(), s);
    assert!(claimed, "{s:?} is an ARK that claims() does not claim");
    warnings_inside(&a.warnings(), s);
    let n = a.normalize();
    assert_eq!(n.text, a.key(), "{s:?}");
    let na = Ark::parse(&n.text)
        .unwrap_or_else(|e| panic!("{s:?} normalizes to {:?}, not an ARK: {e}", n.text));
    assert_eq!(na.key(), n.text, "normalize is not idempotent on {s:?}");
    assert!(na.normalize().removed.is_empty(), "{:?}", n.text);
    assert!(a.equivalent(&na) && na.equivalent(&a));
    let forms = [
        Some(a.to_ark_uri().into_owned()),
        Some(a.to_n2t_url()),
        a.nma_url(),
    ];
    for form in forms.into_iter().flatten() {
        let b = Ark::parse(&form)
            .unwrap_or_else(|e| panic!("{s:?} -> {form:?} does not read back: {e}"));
        assert_eq!(b.key(), a.key(), "{s:?} via {form:?}");
        assert_eq!(
            (b.naan(), b.name(), b.qualifier()),
            (a.naan(), a.name(), a.qualifier())
        );
    }
    let verdict = a.verify_check_char();
    assert_eq!(verdict.is_ok(), na.verify_check_char().is_ok(), "{s:?}");
    assert_eq!(verdict.is_ok(), checked.is_ok(), "{s:?}");
    if let Err(e) = verdict {
        points_inside(&e, s);
    }
    let _ = (
        a.parts(),
        a.shoulder(),
        a.blade(),
        a.inflection(),
        a.query(),
    );
}

/// Identifiers in running text (any bytes, read as lossy UTF-8): spans in order, without
/// overlap, on character boundaries; every IRI found is an IRI, every DOI a DOI and every
/// handle a handle — but the text of a `<…>`, reported as written (a relative reference, or
/// no valid identifier, with its error).
pub fn extract(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let inside = |start: usize, end: usize, prev: usize| {
        assert!(
            prev <= start && start < end && end <= text.len(),
            "span {start}..{end} after {prev} in {} bytes",
            text.len()
        );
        assert!(text.is_char_boundary(start) && text.is_char_boundary(end));
    };
    let mut prev = 0;
    for f in pidkit::extract::identifiers(text) {
        inside(f.start, f.end, prev);
        prev = f.end;
        assert!(f.kind != pidkit::detect::Kind::RelativeRef || f.bracketed);
        // What a scheme's finder found reads by the scheme's rules (a DOI's or a handle's name
        // may hold any printable character, also one an IRI cannot hold: `hdl:1/a\u{FFFD}`), or
        // is reported as written with that scheme's own error (`DOI:10.1/a<b#c`: a `doi:` URI
        // has no fragment, and cutting at the `#` would report what the text does not say);
        // anything else is an IRI — also an IRI of a scheme's URI scheme that names no
        // identifier of it (`hdl://x`, an invalid URN), which keeps its scheme's kind.
        let own_error = |r: pidkit::Reading<'_>| match r.result {
            Ok(_) => true,
            Err(e) => r.kind == f.kind && e.code().starts_with(&format!("{}-", f.kind.name())),
        };
        assert!(
            f.bracketed
                || own_error(f.read())
                || IriRef::parse_rule(f.text.as_ref(), Rule::Iri, Profile::IriBis).is_ok(),
            "extracted {:?} as {}: neither read by its kind nor an IRI",
            f.text,
            f.kind
        );
    }
    let mut prev = 0;
    for f in pidkit::extract::iris(text) {
        inside(f.start, f.end, prev);
        prev = f.end;
        assert!(f.bracketed || (f.error.is_none() && !f.relative));
        let rule = if f.relative {
            Rule::RelativeRef
        } else {
            Rule::Iri
        };
        let parsed = IriRef::parse_rule(f.iri.as_ref(), rule, Profile::IriBis);
        assert_eq!(parsed.err(), f.error, "{:?}", f.iri);
    }
    let mut prev = 0;
    for f in doi::find_iter(text) {
        inside(f.start, f.end, prev);
        prev = f.end;
    }
}

/// LEIRI and Web Address input (§7.1, §7.2) under each profile: the mapping is idempotent, a
/// parse succeeds exactly on the mapped text, errors point into the input as given, and the
/// checks of the result stay inside it.
pub fn lenient(data: &[u8]) {
    let Some(s) = text(data) else { return };
    for l in [Lenient::Leiri, Lenient::WebAddress] {
        let m = l.map(s);
        assert_eq!(l.map(&m), m, "{l:?} mapping is not idempotent on {s:?}");
        for profile in PROFILES {
            match l.parse_with(s, profile) {
                Ok(r) => {
                    assert_eq!(r.as_str(), m);
                    warnings_inside(&pidkit::iri::warnings(&r), r.as_str());
                }
                Err(e) => {
                    points_inside(&e, s);
                    assert!(IriRef::parse_with(m.as_ref(), profile).is_err());
                }
            }
        }
    }
}

/// arXiv identifiers: an error points inside the input; an identifier is claimed by
/// `arxiv::claims` (without its surrounding whitespace), its warnings point inside it, its key
/// is an identifier that is its own key, its URL and bare form read back with the same key, its
/// DOI names the same paper, and the finder's spans are in order and read.
///
/// ```
/// pidkit_fuzz_targets::arxiv(b" https://arxiv.org/pdf/math.GT/0309136V2.pdf?x#y ");
/// pidkit_fuzz_targets::arxiv(b"arXiv:1501.0001");
/// ```
pub fn arxiv(data: &[u8]) {
    let Some(s) = text(data) else { return };
    finds_in_order(arxiv::find_iter(s).map(|f| (f.start, f.end)), s);
    let a = match Arxiv::parse(s) {
        Ok(a) => a,
        Err(e) => return points_inside(&e, s),
    };
    assert_eq!(a.input(), s);
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    assert!(arxiv::claims(t.as_bytes()), "{s:?} is not claimed");
    warnings_inside(&a.warnings(), s);
    let k = a.key();
    let again = Arxiv::parse(&k).unwrap_or_else(|e| panic!("{s:?} keys to {k:?}: {e}"));
    assert_eq!(again.key(), k, "the key is not idempotent on {s:?}");
    for form in [a.url(), a.versioned().into_owned()] {
        let b = Arxiv::parse(&form).unwrap_or_else(|e| panic!("{s:?} -> {form:?}: {e}"));
        assert_eq!(b.key(), k, "{s:?} via {form:?}");
    }
    let doi = a.doi();
    let via = arxiv::arxiv_of_doi(&doi).unwrap_or_else(|| panic!("{s:?}: {doi:?} is no arXiv DOI"));
    assert!(via.same_paper(&a) && a.same_paper(&again));
    let _ = (a.parts(), a.year(), a.month(), a.query(), a.fragment());
}

/// PMIDs: an error points inside the input; a PMID's warnings point inside it, its key is a
/// PMID that is its own key, its URL, info URI and number read back with the same key, and the
/// finder's spans are in order and read.
///
/// ```
/// pidkit_fuzz_targets::pmid(b"https://www.ncbi.nlm.nih.gov/pubmed/0015626865?dopt=Abstract");
/// pidkit_fuzz_targets::pmid(b"PMID: 123456789");
/// ```
pub fn pmid(data: &[u8]) {
    let Some(s) = text(data) else { return };
    finds_in_order(pmid::find_iter(s).map(|f| (f.start, f.end)), s);
    let p = match Pmid::parse(s) {
        Ok(p) => p,
        Err(e) => return points_inside(&e, s),
    };
    assert_eq!(p.input(), s);
    warnings_inside(&p.warnings(), s);
    let k = p.key();
    let again = Pmid::parse(&k).unwrap_or_else(|e| panic!("{s:?} keys to {k:?}: {e}"));
    assert_eq!(again.key(), k, "the key is not idempotent on {s:?}");
    for form in [p.url(), p.info_uri(), p.number().to_owned()] {
        let b = Pmid::parse(&form).unwrap_or_else(|e| panic!("{s:?} -> {form:?}: {e}"));
        assert_eq!(b.key(), k, "{s:?} via {form:?}");
    }
    let _ = (p.parts(), p.value(), p.query(), p.fragment());
}

/// PMCIDs: an error points inside the input; a PMCID is claimed by `pmcid::claims` (without
/// its surrounding whitespace), its warnings point inside it, its key is a PMCID that is its
/// own key, its URL reads back with the same key, and the finder's spans are in order and read.
///
/// ```
/// pidkit_fuzz_targets::pmcid(b"https://www.ncbi.nlm.nih.gov/pmc/articles/pmc0243493/#sec1");
/// pidkit_fuzz_targets::pmcid(b"PMCID: 243493");
/// ```
pub fn pmcid(data: &[u8]) {
    let Some(s) = text(data) else { return };
    finds_in_order(pmcid::find_iter(s).map(|f| (f.start, f.end)), s);
    let p = match Pmcid::parse(s) {
        Ok(p) => p,
        Err(e) => return points_inside(&e, s),
    };
    assert_eq!(p.input(), s);
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    assert!(pmcid::claims(t.as_bytes()), "{s:?} is not claimed");
    warnings_inside(&p.warnings(), s);
    let k = p.key();
    let again = Pmcid::parse(&k).unwrap_or_else(|e| panic!("{s:?} keys to {k:?}: {e}"));
    assert_eq!(again.key(), k, "the key is not idempotent on {s:?}");
    let url = p.url();
    let b = Pmcid::parse(&url).unwrap_or_else(|e| panic!("{s:?} -> {url:?}: {e}"));
    assert_eq!(b.key(), k, "{s:?} via {url:?}");
    let _ = (p.parts(), p.query(), p.fragment(), p.written());
}

/// A finder's spans: in order, without overlaps, on character boundaries, inside `s`.
fn finds_in_order(spans: impl Iterator<Item = (usize, usize)>, s: &str) {
    let mut prev = 0;
    for (start, end) in spans {
        assert!(
            prev <= start && start < end && end <= s.len(),
            "span {start}..{end} after {prev} in {} bytes",
            s.len()
        );
        assert!(s.is_char_boundary(start) && s.is_char_boundary(end));
        prev = end;
    }
}

/// ISBNs (ISO 2108): an error points inside the input; an ISBN is claimed by `isbn::claims`
/// (trimmed), its warnings point inside it, its canonical form reads back as itself with the same
/// key, its ISBN-10 (where it has one) and its 13 digits read back with the same key, its URN's
/// NSS checks by the same rules, and its finder finds it after a label.
///
/// ```
/// pidkit_fuzz_targets::isbn(b"ISBN-10: 0-8044-2957-x ");
/// pidkit_fuzz_targets::isbn(b"9784189280746");
/// ```
pub fn isbn(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let i = match Isbn::parse(s) {
        Ok(i) => i,
        Err(e) => {
            points_inside(&e, s);
            return;
        }
    };
    assert_eq!(i.input(), s);
    assert!(
        pidkit::isbn::claims(s.trim_matches(|c: char| c.is_ascii_whitespace()).as_bytes()),
        "{s:?} is an ISBN that claims() does not claim"
    );
    warnings_inside(&i.warnings(), s);
    let key = i.key().into_owned();
    assert_eq!(key.len(), 13);
    let c = i.canonical().into_owned();
    let again = Isbn::parse(&c).unwrap_or_else(|e| panic!("{s:?} -> {c:?} does not read: {e}"));
    assert_eq!(
        (again.canonical().as_ref(), again.key().as_ref()),
        (c.as_str(), key.as_str())
    );
    for form in [Some(key.clone()), i.isbn10(), i.hyphenated10()]
        .into_iter()
        .flatten()
    {
        let b = Isbn::parse(&form).unwrap_or_else(|e| panic!("{s:?} -> {form:?}: {e}"));
        assert_eq!(b.key(), key.as_str(), "{s:?} via {form:?}");
    }
    assert_eq!(pidkit::isbn::urn_nss(&key).as_deref(), Some(key.as_str()));
    let labelled = format!("ISBN {c}");
    let found: Vec<_> = pidkit::isbn::find_iter(&labelled).collect();
    assert_eq!(found.len(), 1, "{labelled:?}");
    let _ = (i.parts(), i.group_name());
}

/// ISSNs (ISO 3297): an error points inside the input; an ISSN is claimed by `issn::claims`
/// (trimmed), its warnings point inside it, its canonical form, compact form and Portal URL read
/// back with the same key, its EAN-13 reads as an EAN that carries it, and its URN's NSS checks
/// by the same rules.
///
/// ```
/// pidkit_fuzz_targets::issn(b"https://portal.issn.org/resource/ISSN-L/0264-2875");
/// pidkit_fuzz_targets::issn(b"ISSN 1365-201x");
/// ```
pub fn issn(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let i = match Issn::parse(s) {
        Ok(i) => i,
        Err(e) => {
            points_inside(&e, s);
            return;
        }
    };
    assert!(
        pidkit::issn::claims(s.trim_matches(|c: char| c.is_ascii_whitespace()).as_bytes()),
        "{s:?} is an ISSN that claims() does not claim"
    );
    warnings_inside(&i.warnings(), s);
    let key = i.key().into_owned();
    for form in [i.canonical().into_owned(), i.compact().to_owned(), i.url()] {
        let b = Issn::parse(&form).unwrap_or_else(|e| panic!("{s:?} -> {form:?}: {e}"));
        assert_eq!(b.key(), key.as_str(), "{s:?} via {form:?}");
        assert_eq!(b.canonical(), i.canonical());
    }
    let ean13 = i.ean13();
    let ean = Ean::parse(&ean13).unwrap_or_else(|e| panic!("{s:?}: its EAN-13: {e}"));
    assert_eq!(ean.issn(), Some(i.issn()));
    assert_eq!(pidkit::issn::urn_nss(&key), Some(i.issn()));
    let _ = i.parts();
}

/// EAN/UPC numbers (GS1): an error points inside the input; a number read is claimed by
/// `ean::claims` when it is written bare or after a label, its warnings point inside it, its
/// canonical form and its GTIN-13 read back with the same key, and the ISBN or ISSN it carries
/// reads as one.
///
/// ```
/// pidkit_fuzz_targets::ean(b"UPC-A: 0 36000 29145 2");
/// pidkit_fuzz_targets::ean(b"9771144875007");
/// ```
pub fn ean(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let e = match Ean::parse(s) {
        Ok(e) => e,
        Err(err) => {
            points_inside(&err, s);
            return;
        }
    };
    warnings_inside(&e.warnings(), s);
    let key = e.key().into_owned();
    for form in [e.canonical().into_owned(), e.gtin13().to_owned()] {
        let b = Ean::parse(&form).unwrap_or_else(|err| panic!("{s:?} -> {form:?}: {err}"));
        assert_eq!(b.key(), key.as_str(), "{s:?} via {form:?}");
        assert!(pidkit::ean::claims(form.as_bytes()), "{form:?}");
    }
    if let Some(isbn) = e.isbn() {
        assert_eq!(
            Isbn::parse(&isbn).map(|i| i.key().into_owned()).ok(),
            Some(key.clone())
        );
    }
    if let Some(issn) = e.issn() {
        assert!(Issn::parse(&issn).is_ok(), "{s:?}: {issn:?}");
    }
    let _ = e.parts();
}

/// SWHIDs (the SWHID specification): an error points inside the input; a SWHID is claimed by
/// `swh::claims`, its warnings point inside it, its normal forms at `Syntax` and `Scheme` are
/// SWHIDs that are their own normal forms and say they change nothing, the `Scheme` form of the
/// `Syntax` form is the `Scheme` form, and the archive URL reads back as the same SWHID.
///
/// ```
/// pidkit_fuzz_targets::swh(b"https://archive.softwareheritage.org/SWH:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;lines=09;origin=HTTP://A/b/");
/// pidkit_fuzz_targets::swh(b"swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2;lines=0");
/// ```
pub fn swh(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let claimed = swh::claims(data);
    let id = match Swhid::parse(s) {
        Ok(id) => id,
        Err(e) => {
            points_inside(&e, s);
            return;
        }
    };
    assert_eq!(id.input(), s);
    assert!(claimed, "{s:?} is a SWHID that claims() does not claim");
    warnings_inside(&id.warnings(), s);
    for level in [Level::Syntax, Level::Scheme] {
        let k = id.key(level);
        let again = Swhid::parse(&k)
            .unwrap_or_else(|e| panic!("{s:?} normalizes to {k:?}, not a SWHID: {e}"));
        assert_eq!(again.key(level), k, "{level:?} is not idempotent on {s:?}");
        assert!(
            again.changes(level).is_empty(),
            "{k:?}: {:?}",
            again.changes(level)
        );
        assert_eq!(
            again.core().to_ascii_lowercase(),
            id.core().to_ascii_lowercase()
        );
    }
    let syntax = id.key(Level::Syntax);
    assert_eq!(
        Swhid::parse(&syntax).map(|x| x.key(Level::Scheme).into_owned()),
        Ok(id.key(Level::Scheme).into_owned()),
        "{s:?}"
    );
    let url = id.url();
    let back =
        Swhid::parse(&url).unwrap_or_else(|e| panic!("{s:?} -> {url:?} does not read back: {e}"));
    assert_eq!(back.key(Level::Syntax), syntax, "{s:?} via {url:?}");
    let _ = (
        id.parts(),
        id.changes(Level::Scheme),
        id.qualifiers().count(),
    );
}

/// PURLs: an error points inside the input; a PURL's service is one of the services, its
/// domain is not empty, its keys are those of the IRI it is, and a claimed input that is an
/// `http(s)` IRI with a domain reads as a PURL.
///
/// ```
/// pidkit_fuzz_targets::purl(b"HTTP://PURL.ORG/dc/./terms/%7e");
/// pidkit_fuzz_targets::purl(b"https://w3id.org/");
/// ```
pub fn purl(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let p = match Purl::parse(s) {
        Ok(p) => p,
        Err(e) => {
            points_inside(&e, s);
            assert!(
                !purl::claims(data) || e.code() == "purl-iri",
                "{s:?} is claimed but refused: {e}"
            );
            return;
        }
    };
    assert_eq!(p.input(), s);
    assert!(purl::SERVICES.contains(&p.service()));
    assert!(!p.domain().is_empty() && p.path().starts_with('/'));
    let iri = IriRef::parse(s).expect("a PURL is an IRI");
    for level in LEVELS {
        assert_eq!(p.key(level), iri.key(level).as_str(), "{s:?} at {level:?}");
    }
    let _ = p.parts();
}

/// The reading of `s` forced to `kind`'s scheme, through the list: its normal form and key at
/// every rung read back (forced again) as the same key, and are their own normal forms; the
/// warnings point inside the input.
fn reads_back_through_the_list(s: &str, kind: pidkit::Kind) {
    let opts =
        ReadOptions::new(kind.reading().expect("a scheme's kind"), None).expect("no profile named");
    let id = match Identifier::parse_with(s, &opts) {
        Ok(id) => id,
        Err(e) => {
            points_inside(&e, s);
            return;
        }
    };
    assert_eq!(id.kind(), kind);
    warnings_inside(&id.warnings(), s);
    for level in LEVELS {
        let n = id.normalize(level);
        let again = Identifier::parse_with(&n, &opts).unwrap_or_else(|e| {
            panic!("{s:?} normalizes at {level:?} to {n:?}, not read back: {e}")
        });
        assert_eq!(
            again.normalize(level),
            n,
            "not idempotent at {level:?} on {s:?}"
        );
        if level != Level::Simple {
            assert_eq!(
                again.key(level).as_str(),
                id.key(level).as_str(),
                "{s:?} via {n:?}"
            );
        }
    }
    let _ = (
        id.details(),
        id.name(),
        id.to_uri(&ToUri::new()),
        id.rule(Level::Scheme),
    );
}

/// The finds of a scheme's finder in `s`: in order, without overlap, on character boundaries.
fn finds_inside(spans: impl Iterator<Item = (usize, usize)>, s: &str) {
    let mut prev = 0;
    for (start, end) in spans {
        assert!(
            prev <= start && start < end && end <= s.len(),
            "{start}..{end} in {s:?}"
        );
        assert!(s.is_char_boundary(start) && s.is_char_boundary(end));
        prev = end;
    }
}

/// ORCID iDs: an error points inside the input; a valid iD's warnings point inside it, its
/// URI, hyphenated iD and sixteen characters read back as the same iD, an iD in ORCID's blocks
/// is claimed in those forms, and the forced reading through the list reads back its normal
/// forms; the finder's finds are ordered, apart and valid.
///
/// ```
/// pidkit_fuzz_targets::orcid(b"ORCID: 0000-0002-1694-233x ");
/// pidkit_fuzz_targets::orcid(b"https://orcid.org/0000-0002-1825-0098");
/// ```
pub fn orcid(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let _ = orcid::claims(data);
    finds_inside(orcid::find_iter(s).map(|f| (f.start, f.end)), s);
    match Orcid::parse(s) {
        Err(e) => points_inside(&e, s),
        Ok(o) => {
            assert_eq!(o.input(), s);
            warnings_inside(&o.warnings(), s);
            let compact = o.compact().to_owned();
            for form in [o.url(), o.id(), compact.clone()] {
                let b = Orcid::parse(&form)
                    .unwrap_or_else(|e| panic!("{s:?} -> {form:?} does not read back: {e}"));
                assert_eq!(b.compact(), compact, "{s:?} via {form:?}");
                if o.in_blocks() {
                    assert!(orcid::claims(form.as_bytes()), "{form:?} is not claimed");
                }
            }
            let _ = (o.parts(), o.written(), o.written_url(), o.check_char());
        }
    }
    reads_back_through_the_list(s, pidkit::Kind::Orcid);
}

/// ISNIs: as [`orcid`], with the resolver's URL, the four spaced blocks and the sixteen
/// characters; every valid ISNI is claimed in its URL form.
///
/// ```
/// pidkit_fuzz_targets::isni(b"ISNI 0000 0001 2146 438x");
/// pidkit_fuzz_targets::isni(b"http://www.isni.org/0000000121032683/");
/// ```
pub fn isni(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let _ = isni::claims(data);
    finds_inside(isni::find_iter(s).map(|f| (f.start, f.end)), s);
    match Isni::parse(s) {
        Err(e) => points_inside(&e, s),
        Ok(i) => {
            assert_eq!(i.input(), s);
            warnings_inside(&i.warnings(), s);
            let compact = i.compact().to_owned();
            assert!(isni::claims(i.url().as_bytes()));
            for form in [i.url(), i.display(), compact.clone()] {
                let b = Isni::parse(&form)
                    .unwrap_or_else(|e| panic!("{s:?} -> {form:?} does not read back: {e}"));
                assert_eq!(b.compact(), compact, "{s:?} via {form:?}");
            }
            let _ = (i.parts(), i.written(), i.written_url(), i.check_char());
        }
    }
    reads_back_through_the_list(s, pidkit::Kind::Isni);
}

/// ROR IDs: as [`orcid`], with the URL and the nine characters; every valid ID is claimed in
/// both forms.
///
/// ```
/// pidkit_fuzz_targets::ror(b"ROR: 05DXPS055");
/// pidkit_fuzz_targets::ror(b"https://ror.org/01kOyrm29");
/// ```
pub fn ror(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let _ = ror::claims(data);
    finds_inside(ror::find_iter(s).map(|f| (f.start, f.end)), s);
    match Ror::parse(s) {
        Err(e) => points_inside(&e, s),
        Ok(r) => {
            assert_eq!(r.input(), s);
            warnings_inside(&r.warnings(), s);
            for form in [r.url(), r.id().to_owned()] {
                let b = Ror::parse(&form)
                    .unwrap_or_else(|e| panic!("{s:?} -> {form:?} does not read back: {e}"));
                assert_eq!(b.id(), r.id(), "{s:?} via {form:?}");
                assert!(ror::claims(form.as_bytes()), "{form:?} is not claimed");
            }
            let _ = (r.parts(), r.written(), r.written_url(), r.check());
        }
    }
    reads_back_through_the_list(s, pidkit::Kind::Ror);
}

/// The properties every scheme unit keeps, for the units whose bodies are below: an error
/// points inside the input; a reading keeps its input, its warnings point inside it, its key
/// at `Simple` is the input, and each of its written forms (`Auto`, `Uri`, `Url`, `Name`) at
/// `Scheme` reads back as an identifier with the same key, which writes that form again
/// (idempotence); `to-uri`, `to-iri`, the parts and the name do not panic. Returns the reading's
/// key at `Scheme`, when there is one, for the scheme's own checks.
fn scheme_unit<S: pidkit::scheme::Scheme>(data: &[u8]) -> Option<String> {
    use pidkit::scheme::Fields;
    let s = text(data)?;
    let _ = S::claims(s.trim_matches(|c: char| c.is_ascii_whitespace()).as_bytes());
    let id = match S::read(s, &pidkit::ReadOptions::default()) {
        Ok(id) => id,
        Err(e) => {
            points_inside(&e, s);
            return None;
        }
    };
    assert_eq!(S::input(&id), s);
    warnings_inside(&S::warnings(&id), s);
    assert_eq!(S::key(&id, Level::Simple), s);
    let key = S::key(&id, Level::Scheme).into_owned();
    assert_eq!(S::key(&id, Level::Syntax), key, "{s:?}");
    for form in [
        pidkit::PidForm::Auto,
        pidkit::PidForm::Uri,
        pidkit::PidForm::Url,
        pidkit::PidForm::Name,
    ] {
        let out = pidkit::PidOutput {
            form,
            ..Default::default()
        };
        let n = S::normalize(&id, Level::Scheme, &out).into_owned();
        let again = S::read(&n, &pidkit::ReadOptions::default()).unwrap_or_else(|e| {
            panic!("{s:?} written {form:?} as {n:?}, which does not read: {e:?}")
        });
        assert_eq!(S::key(&again, Level::Scheme), key, "{s:?} via {n:?}");
        assert_eq!(
            S::normalize(&again, Level::Scheme, &out),
            n,
            "{s:?} via {n:?}"
        );
        let _ = (
            S::to_uri(&id, &ToUri::new(), &out),
            S::to_iri(&id, &ToIri::new(), &out),
        );
    }
    let d = S::details(&id);
    for i in 0..<S::Details<'_> as Fields>::FIELDS.len() + 1 {
        let _ = d.value(i);
    }
    let _ = (S::name(&id), S::as_iri(&id), S::listing(&id));
    Some(key)
}

/// The hits of a scheme's finder over the input as lossy UTF-8: in order, without overlaps,
/// on character boundaries, each reading as the scheme's identifier.
fn scheme_finder<S: pidkit::scheme::Scheme>(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Some(found) = S::find(&text) else { return };
    let mut prev = 0;
    for h in found {
        assert!(
            prev <= h.start && h.start < h.end && h.end <= text.len(),
            "hit {}..{} after {prev}",
            h.start,
            h.end
        );
        assert!(text.is_char_boundary(h.start) && text.is_char_boundary(h.end));
        assert!(
            S::read(&h.text, &pidkit::ReadOptions::default()).is_ok(),
            "{:?} found but not read",
            h.text
        );
        prev = h.end;
    }
}

/// Wikidata entity ids: the scheme unit's properties and its finder's; the key is the concept
/// URI of an upper-case id.
///
/// ```
/// pidkit_fuzz_targets::wikidata(b"https://www.wikidata.org/wiki/Lexeme:L1#L1-F2");
/// ```
pub fn wikidata(data: &[u8]) {
    if let Some(key) = scheme_unit::<pidkit::wikidata::WikidataScheme>(data) {
        let id = key.strip_prefix(pidkit::wikidata::CONCEPT_BASE).unwrap();
        assert!(!id.bytes().any(|b| b.is_ascii_lowercase()), "{key}");
    }
    scheme_finder::<pidkit::wikidata::WikidataScheme>(data);
}

/// GND identifiers: the scheme unit's properties and its finder's; a number read has the
/// check character of its rule.
///
/// ```
/// pidkit_fuzz_targets::gnd(b"(DE-588)4005728-8");
/// ```
pub fn gnd(data: &[u8]) {
    if let Some(key) = scheme_unit::<pidkit::gnd::GndScheme>(data) {
        let id = key.strip_prefix(pidkit::gnd::URI_BASE).unwrap();
        let (digits, hyphen) = match id.split_once('-') {
            Some((d, _)) => (d, true),
            None => (&id[..id.len() - 1], false),
        };
        assert_eq!(
            id.as_bytes()[id.len() - 1],
            pidkit::gnd::check_char(digits.as_bytes(), hyphen),
            "{key}"
        );
    }
    scheme_finder::<pidkit::gnd::GndScheme>(data);
}

/// VIAF identifiers: the scheme unit's properties and its finder's.
///
/// ```
/// pidkit_fuzz_targets::viaf(b"https://viaf.org/viaf/102333412/viaf.xml");
/// ```
pub fn viaf(data: &[u8]) {
    let _ = scheme_unit::<pidkit::viaf::ViafScheme>(data);
    scheme_finder::<pidkit::viaf::ViafScheme>(data);
}

/// ASCL IDs: the scheme unit's properties and its finder's; the key is `ascl:` and eight
/// characters.
///
/// ```
/// pidkit_fuzz_targets::ascl(b"ascl:1201.001");
/// ```
pub fn ascl(data: &[u8]) {
    if let Some(key) = scheme_unit::<pidkit::ascl::AsclScheme>(data) {
        assert_eq!(key.len(), 13, "{key}");
    }
    scheme_finder::<pidkit::ascl::AsclScheme>(data);
}

/// HAL identifiers: the scheme unit's properties and its finder's; the key is in lower case.
///
/// ```
/// pidkit_fuzz_targets::hal(b"https://theses.hal.science/tel-01743851v2/document");
/// ```
pub fn hal(data: &[u8]) {
    if let Some(key) = scheme_unit::<pidkit::hal::HalScheme>(data) {
        assert!(!key.bytes().any(|b| b.is_ascii_uppercase()), "{key}");
    }
    scheme_finder::<pidkit::hal::HalScheme>(data);
}

/// RRIDs: the scheme unit's properties and its finder's; the key starts `RRID:`.
///
/// ```
/// pidkit_fuzz_targets::rrid(b"rrid: imsr_jax_000664");
/// ```
pub fn rrid(data: &[u8]) {
    if let Some(key) = scheme_unit::<pidkit::rrid::RridScheme>(data) {
        assert!(key.starts_with("RRID:"), "{key}");
    }
    scheme_finder::<pidkit::rrid::RridScheme>(data);
}

/// ADS bibcodes: the scheme unit's properties and its finder's; the key has 19 characters.
///
/// ```
/// pidkit_fuzz_targets::ads("2020A%26A\u{2026}633A..53S".as_bytes());
/// ```
pub fn ads(data: &[u8]) {
    if let Some(key) = scheme_unit::<pidkit::ads::AdsScheme>(data) {
        assert_eq!(key.len(), 19, "{key}");
    }
    scheme_finder::<pidkit::ads::AdsScheme>(data);
}

/// The whole detector (issue 27): any input, read under auto-detection, gets a kind and an
/// answer whose error points inside it; read as its scheme, a valid one's normal forms read back
/// with the same key ([`reads_back_through_the_list`]); every candidate reads it; the detected
/// kind is the first candidate; and no reading of any kind panics on it.
///
/// ```
/// pidkit_fuzz_targets::detect(b"0000000218250097");
/// pidkit_fuzz_targets::detect(b"https://n2t.net/ark:/12345/x6-np1wh8k/page.v2?info");
/// ```
pub fn detect(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let opts = ReadOptions::default();
    let r = pidkit::read(s, &opts);
    match &r.result {
        Err(e) => points_inside(e, s),
        Ok(id) => {
            assert_eq!(id.kind(), r.kind, "{s:?}");
            if r.kind.reading().is_some() {
                reads_back_through_the_list(s, r.kind);
            }
        }
    }
    let candidates = pidkit::reading::candidates(s, &opts);
    if let Some(first) = candidates.first() {
        assert_eq!(*first, r.kind, "{s:?}: candidates {candidates:?}");
    }
    for k in &candidates {
        let forced = opts.with_read_as(k.reading().expect("a scheme's kind"));
        assert!(
            pidkit::read(s, &forced).result.is_ok(),
            "{s:?}: candidate {k} does not read it"
        );
    }
    for &a in pidkit::ReadAs::ALL {
        let _ = pidkit::read(s, &opts.with_read_as(a));
    }
}
