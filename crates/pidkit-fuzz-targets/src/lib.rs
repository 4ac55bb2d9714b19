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
use pidkit::doi::{self, Doi, DoiProfile};
use pidkit::{
    DisplayForm, Idna, Iri, IriRef, Ivoid, Key, Lenient, Level, Profile, ReferenceResolution, Rule,
    ToIri, ToUri, Urn, UrnSyntax, Warning,
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
    ("wikidata", wikidata),
    ("gnd", gnd),
    ("viaf", viaf),
    ("ascl", ascl),
    ("hal", hal),
    ("rrid", rrid),
    ("ads", ads),
];

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
/// handle a handle.
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
        assert_ne!(f.kind, pidkit::detect::Kind::RelativeRef);
        // What a scheme's finder found reads by the scheme's rules (a DOI's or a handle's name
        // may hold any printable character, also one an IRI cannot hold: `hdl:1/a\u{FFFD}`);
        // anything else is an IRI — also an IRI of a scheme's URI scheme that names no
        // identifier of it (`hdl://x`, an invalid URN), which keeps its scheme's kind.
        assert!(
            f.read().result.is_ok()
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
