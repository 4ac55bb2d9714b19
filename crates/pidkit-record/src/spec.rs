//! One batch function and its options: what `pidkit.arrow`'s `check`, `kind`, `normalize`,
//! `key`, `doi_name` and `identify` read each row through, and how the JVM functions for Spark
//! (`crates/pidkit-jvm`), which Spark serializes to its executors, carry their options.
//!
//! A spec travels as two values: a **code**, an `i32` packing the function and every option
//! from a short list (`as`, level, PID form and case, `deny_warnings`, `clean`, the profile
//! names), and a **policy**, a string holding the `deny` and `allow` lists of warning codes,
//! which no fixed number of bits can hold (`deny=CODE,…;allow=CODE,…`, empty when both are
//! empty). The Python side makes both once (`pidkit.spark`, through
//! `pidkit._pidkit.jvm_spec`); the JVM library unpacks them once per executor JVM
//! ([`Spec::from_code`]) and keeps the [`Spec`] for every row.

use pidkit::record::{Op, Policy, Request, with_record};
use pidkit::{Kind, Level, PidCase, PidForm, PidOutput, ReadAs, ReadOptions};

use crate::options::{self, LEVELS, Reads};

/// A batch function of one string column whose options are all from short lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Function {
    /// `check`: the CLI's `valid`.
    Check,
    /// `kind`: the CLI's `kind`.
    Kind,
    /// `normalize`: the CLI's `normalized`, where the input is valid.
    Normalize,
    /// `key`: the CLI's `key` (`pidkit key`: what `compare` and `dedupe` compare), where the
    /// input is valid.
    Key,
    /// `doi_name`: the DOI name of a valid DOI in any written form (`parse`'s `doi.name`).
    DoiName,
}

/// The functions' names, in the order of their number in a code.
const FUNCTIONS: [(&str, Function); 5] = [
    ("check", Function::Check),
    ("kind", Function::Kind),
    ("normalize", Function::Normalize),
    ("key", Function::Key),
    ("doi_name", Function::DoiName),
];

/// A function and its options, checked; [`Spec::code`] and [`Spec::policy`] carry it.
///
/// ```
/// use pidkit_record::Spec;
/// use pidkit_record::options::Reads;
/// let reads = Reads { clean: true, deny: vec!["cleaned-label"], ..Reads::default() };
/// let spec = Spec::new("normalize", &reads, Some("scheme"), Some("url"), Some("lower"))?;
/// let again = Spec::from_code(spec.code(), &spec.policy())?;
/// let get = |input| {
///     let mut out = None;
///     again.string(input, |v| out = v.map(str::to_owned));
///     out
/// };
/// assert_eq!(get("(doi:10.1000/ABC)."), Some("https://doi.org/10.1000/abc".to_owned()));
/// assert_eq!(get("DOI: 10.1000/ABC"), None); // cleaned of its label: denied
/// assert!(Spec::new("normalize", &Reads::default(), Some("exact"), None, None).is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone)]
pub struct Spec {
    function: Function,
    /// The record's request: the function's operation with the reading options, the policy
    /// and `clean`.
    req: Request,
    /// Neither cleaning, nor `leiri`/`web` preprocessing, nor a denied warning: the reading
    /// alone answers, without the rest of the record ([`Spec::plain`]).
    plain: bool,
    level: Level,
    out: PidOutput,
    /// The policy's lists as given (trimmed, sorted, without repeats): [`Spec::policy`].
    deny: Vec<String>,
    allow: Vec<String>,
    code: i32,
}

/// How many bits the indexes into a list of `n` values take.
const fn bits(n: usize) -> u32 {
    if n <= 2 {
        1
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

/// The fields of a code, from its lowest bit: the function, `as`, level, PID form, PID case
/// (each an index into its list, as wide as the list needs), `deny_warnings` and `clean`;
/// then one bit per profile name of [`ReadOptions::profiles`]. A list that grows widens its
/// field; [`Spec::new`] refuses options that would not fit in 31 bits (a test holds that they
/// do).
fn widths() -> [u32; 7] {
    [
        bits(FUNCTIONS.len()),
        bits(ReadAs::ALL.len()),
        bits(LEVELS.len()),
        bits(PidForm::ALL.len()),
        bits(PidCase::ALL.len()),
        1,
        1,
    ]
}

/// The bits a code takes: the fields, then the profile names.
fn code_bits() -> u32 {
    widths().iter().sum::<u32>() + ReadOptions::profiles().len() as u32
}

/// The warning codes of a `deny` or `allow` list as a policy writes them: trimmed, without
/// empty names and repeats, sorted.
fn canonical(codes: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = codes
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .map(str::to_owned)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

impl Spec {
    /// The function `function` with the options spelled as the CLI spells them (`level`,
    /// `pid_form`, `pid_case`: `None` for the library's defaults).
    pub fn new(
        function: &str,
        reads: &Reads<'_>,
        level: Option<&str>,
        pid_form: Option<&str>,
        pid_case: Option<&str>,
    ) -> Result<Spec, String> {
        let Some(&(_, f)) = FUNCTIONS.iter().find(|(n, _)| *n == function) else {
            let names: Vec<&str> = FUNCTIONS.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "no such function '{function}' (there are {})",
                names.join(", ")
            ));
        };
        let level = options::level(level)?;
        let out = options::pid_output(pid_form, pid_case)?;
        Spec::of(f, reads, level, out)
    }

    /// The spec of `function` with the other options already parsed.
    fn of(
        function: Function,
        reads: &Reads<'_>,
        level: Level,
        out: PidOutput,
    ) -> Result<Spec, String> {
        let op = match function {
            Function::Normalize => Op::Normalize(level, out),
            Function::Key => Op::Key(level),
            Function::Check | Function::Kind | Function::DoiName => Op::Read,
        };
        let req = reads.request(op)?;
        let index = [
            FUNCTIONS.iter().position(|(_, f)| *f == function),
            ReadAs::ALL.iter().position(|a| *a == req.opts.read_as),
            LEVELS.iter().position(|l| *l == level.name()),
            PidForm::ALL.iter().position(|f| *f == out.form),
            PidCase::ALL.iter().position(|c| *c == out.case),
            Some(usize::from(reads.deny_warnings)),
            Some(usize::from(reads.clean)),
        ];
        if code_bits() > 31 {
            return Err(format!(
                "the options take {} bits, more than a code holds",
                code_bits()
            ));
        }
        let mut code = 0i32;
        let mut shift = 0;
        for (i, width) in index.iter().zip(widths()) {
            let i = i
                .filter(|i| *i < 1 << width)
                .ok_or_else(|| "an option has no code".to_owned())?;
            code |= (i as i32) << shift;
            shift += width;
        }
        let all = ReadOptions::profiles();
        for name in req.opts.profile_names() {
            let bit = all
                .iter()
                .position(|(n, _)| *n == name)
                .ok_or_else(|| format!("the profile {name} has no code"))?;
            code |= 1 << (shift + bit as u32);
        }
        // A kind does not depend on the warnings: `kind` reads without the policy (which the
        // code and the policy string still carry), so that denying one costs it nothing.
        let req = match function {
            Function::Kind => req.policy(Policy::default()),
            _ => req,
        };
        Ok(Spec {
            function,
            plain: !req.clean && req.opts.lenient().is_none() && !req.policy.denies_any(),
            req,
            level,
            out,
            deny: canonical(&reads.deny),
            allow: canonical(&reads.allow),
            code,
        })
    }

    /// The spec a [`Spec::code`] and [`Spec::policy`] were made from; an error for a number
    /// no spec gives, or a policy that is not one (an unknown warning code: the library's
    /// message).
    pub fn from_code(code: i32, policy: &str) -> Result<Spec, String> {
        let bad = || format!("{code} is not a pidkit function code");
        if code < 0 {
            return Err(bad());
        }
        let mut shift = 0;
        let [f, a, l, form, case, deny, clean] = widths().map(|width| {
            let v = (code as u32 >> shift) & ((1 << width) - 1);
            shift += width;
            v as usize
        });
        let all = ReadOptions::profiles();
        if code as u32 >> (shift + all.len() as u32) != 0 {
            return Err(bad());
        }
        let names: Vec<&str> = (0..all.len())
            .filter(|b| code as u32 >> (shift + *b as u32) & 1 == 1)
            .map(|b| all[b].0)
            .collect();
        let profile = names.join(",");
        let (deny_list, allow_list) = parse_policy(policy)?;
        let reads = Reads {
            as_: ReadAs::ALL.get(a).ok_or_else(bad)?.name(),
            profile: (!names.is_empty()).then_some(profile.as_str()),
            clean: clean == 1,
            deny_warnings: deny == 1,
            deny: deny_list,
            allow: allow_list,
        };
        let spec = Spec::of(
            FUNCTIONS.get(f).ok_or_else(bad)?.1,
            &reads,
            options::level(Some(LEVELS.get(l).ok_or_else(bad)?))?,
            PidOutput {
                form: *PidForm::ALL.get(form).ok_or_else(bad)?,
                case: *PidCase::ALL.get(case).ok_or_else(bad)?,
            },
        )
        .map_err(|e| match e.starts_with("unknown warning code") {
            true => e,
            false => bad(),
        })?;
        // The fields were read from `code`, so the spec packs back to it.
        (spec.code == code).then_some(spec).ok_or_else(bad)
    }

    /// The packed function and options (all but the policy's lists).
    pub fn code(&self) -> i32 {
        self.code
    }

    /// The policy's lists: `deny=CODE,…;allow=CODE,…` (a part only when its list is not
    /// empty; the empty string when both are).
    pub fn policy(&self) -> String {
        let parts = [("deny", &self.deny), ("allow", &self.allow)];
        parts
            .iter()
            .filter(|(_, codes)| !codes.is_empty())
            .map(|(name, codes)| format!("{name}={}", codes.join(",")))
            .collect::<Vec<_>>()
            .join(";")
    }

    /// The function.
    pub fn function(&self) -> Function {
        self.function
    }

    /// Whether the reading alone answers: no cleaning, no `leiri`/`web` preprocessing, no
    /// warning denied — the record would add nothing but its cost.
    fn plain(&self) -> bool {
        self.plain
    }

    /// A string function's value for `input` (`None`: null — an invalid input, or no DOI),
    /// handed to `push` (it may borrow the reading, which lives only for the call). `check`
    /// gives `"true"` or `"false"`.
    pub fn string(&self, input: &str, push: impl FnOnce(Option<&str>)) {
        let opts = &self.req.opts;
        match self.function {
            Function::Check => push(Some(if self.check(input) { "true" } else { "false" })),
            Function::Kind => push(Some(self.kind(input).name())),
            Function::Normalize | Function::Key if self.plain() => {
                let reading = pidkit::read(input, opts);
                match (&reading.result, self.function) {
                    (Ok(id), Function::Key) => push(Some(id.key(self.level).as_str())),
                    (Ok(id), _) => push(Some(id.normalize_as(self.level, &self.out).as_ref())),
                    (Err(_), _) => push(None),
                }
            }
            Function::Normalize | Function::Key => {
                with_record(input, &self.req, |r| push(r.value().filter(|_| r.valid)))
            }
            // The reading's DOI without the rest of the reading (under `as` leiri or web
            // nothing is read as a DOI, as in `with_record`).
            Function::DoiName if self.plain() => {
                push(pidkit::read_doi(input, opts).as_ref().map(|d| d.as_str()))
            }
            Function::DoiName => with_record(input, &self.req, |r| match r.reading {
                Ok(id) if r.valid && r.kind == Kind::Doi => push(id.name().as_deref()),
                _ => push(None),
            }),
        }
    }

    /// [`Spec::string`]'s value for `input` appended to `text`, and whether there is one
    /// (`false`: null, nothing appended). The batch functions write every row's value into one
    /// buffer this way, and `normalize` and `key` write theirs there without a `String` of
    /// their own.
    pub fn string_onto(&self, input: &str, text: &mut String) -> bool {
        match self.function {
            Function::Normalize | Function::Key if self.plain() => {
                let reading = pidkit::read(input, &self.req.opts);
                match (&reading.result, self.function) {
                    (Ok(id), Function::Key) => id.write_key(self.level, text),
                    (Ok(id), _) => id.write_normal_form(self.level, &self.out, text),
                    (Err(_), _) => return false,
                }
                true
            }
            _ => {
                let mut some = false;
                self.string(input, |v| {
                    some = v.is_some();
                    text.push_str(v.unwrap_or_default());
                });
                some
            }
        }
    }

    /// `check`'s answer for `input` (for the other functions: the CLI's `valid` in the record
    /// of their command, `normalize` or `key`).
    pub fn check(&self, input: &str) -> bool {
        match self.plain() {
            true => pidkit::read(input, &self.req.opts).result.is_ok(),
            false => with_record(input, &self.req, |r| r.valid),
        }
    }

    /// The kind `input` is read as (also when it is invalid: the CLI's `kind`).
    pub fn kind(&self, input: &str) -> Kind {
        match self.plain() {
            true => pidkit::read(input, &self.req.opts).kind,
            false => with_record(input, &self.req, |r| r.kind),
        }
    }

    /// The kind, `valid` and value of the record of `input` from one reading, handed to `f`:
    /// for `normalize` the members `kind`, `valid` and `normalized` of `pidkit normalize
    /// --json`, for `key` those of `pidkit key --json` (the value `None` where the input is
    /// not valid); for the other functions the `check` record's, without a value. What
    /// `kind`, `check` and `normalize` (or `key`) say, at the cost of one of them.
    pub fn identify<R>(&self, input: &str, f: impl FnOnce(Kind, bool, Option<&str>) -> R) -> R {
        if !self.plain() {
            return with_record(input, &self.req, |r| {
                f(r.kind, r.valid, r.value().filter(|_| r.valid))
            });
        }
        let reading = pidkit::read(input, &self.req.opts);
        match (&reading.result, self.function) {
            (Ok(id), Function::Normalize) => f(
                reading.kind,
                true,
                Some(id.normalize_as(self.level, &self.out).as_ref()),
            ),
            (Ok(id), Function::Key) => f(reading.kind, true, Some(id.key(self.level).as_str())),
            (result, _) => f(reading.kind, result.is_ok(), None),
        }
    }
}

/// The `deny` and `allow` lists of a [`Spec::policy`].
fn parse_policy(text: &str) -> Result<(Vec<&str>, Vec<&str>), String> {
    let (mut deny, mut allow) = (Vec::new(), Vec::new());
    for part in text.split(';').filter(|p| !p.trim().is_empty()) {
        match part.split_once('=') {
            Some(("deny", codes)) => deny.extend(codes.split(',')),
            Some(("allow", codes)) => allow.extend(codes.split(',')),
            _ => {
                return Err(format!(
                    "'{text}' is not a pidkit policy (deny=CODE,…;allow=CODE,…)"
                ));
            }
        }
    }
    Ok((deny, allow))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads<'a>(
        as_: &'a str,
        profile: Option<&'a str>,
        deny_warnings: bool,
        clean: bool,
    ) -> Reads<'a> {
        Reads {
            as_,
            profile,
            clean,
            deny_warnings,
            ..Reads::default()
        }
    }

    #[test]
    fn string_onto_appends_what_string_gives() {
        let inputs = [
            "DOI: 10.1000/abc",
            "https://doi.org/10.1000/ABC?noredirect",
            "https://doi.org/10.1002/(SICI)1097-4571(199806)49:8%3C693::AID-ASI4%3E3.0.CO%3B2-0",
            "doi:10.1000/a/b",
            "10.1000/a b",
            "hdl:20.500.12345/x",
            "https://hdl.handle.net/20.500.12345/x/y",
            "0000-0002-1825-0097",
            "urn:isbn:0451450523",
            "HTTP://Example.COM:80/a/./b",
            "ivo://org.gavo.dc/~?x",
            "see above",
            "",
        ];
        let mut n = 0;
        for (f, _) in FUNCTIONS {
            for l in LEVELS {
                for form in PidForm::ALL.iter().map(|f| f.name()) {
                    for case in PidCase::ALL.iter().map(|c| c.name()) {
                        let r = reads("auto", None, false, false);
                        let Ok(spec) = Spec::new(f, &r, Some(l), Some(form), Some(case)) else {
                            continue;
                        };
                        for input in inputs {
                            let mut want = None;
                            spec.string(input, |v| want = v.map(|v| format!("before{v}")));
                            let mut text = "before".to_string();
                            let some = spec.string_onto(input, &mut text);
                            let got = some.then_some(text.clone());
                            assert_eq!(got, want, "{f} {l} {form} {case} {input:?}");
                            if !some {
                                assert_eq!(text, "before", "{f} {input:?}: appended to a null");
                            }
                            n += 1;
                        }
                    }
                }
            }
        }
        assert!(n > 1_000, "{n}");
    }

    #[test]
    fn every_spec_packs_and_unpacks() {
        let mut n = 0;
        let profiles = options::profile_choices();
        for (f, _) in FUNCTIONS {
            for a in ReadAs::ALL.iter().map(|a| a.name()) {
                for p in &profiles {
                    for l in LEVELS {
                        for form in PidForm::ALL.iter().map(|f| f.name()) {
                            for case in PidCase::ALL.iter().map(|c| c.name()) {
                                for (deny, clean) in [(false, false), (true, true)] {
                                    let r = reads(a, p.as_deref(), deny, clean);
                                    let Ok(s) = Spec::new(f, &r, Some(l), Some(form), Some(case))
                                    else {
                                        // A profile that does not apply (rfc3987 for URIs).
                                        continue;
                                    };
                                    let back = Spec::from_code(s.code(), "").unwrap();
                                    assert_eq!(back.code(), s.code());
                                    assert_eq!(back.function(), s.function());
                                    assert_eq!(back.req.clean, clean);
                                    n += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(n > 10_000, "{n}");
    }

    #[test]
    fn every_list_fits_its_field() {
        assert!(code_bits() <= 31, "{} bits", code_bits());
        let lens = [
            FUNCTIONS.len(),
            ReadAs::ALL.len(),
            LEVELS.len(),
            PidForm::ALL.len(),
            PidCase::ALL.len(),
        ];
        for (len, width) in lens.into_iter().zip(widths()) {
            assert!(len <= 1 << width, "{len} values in {width} bits");
        }
    }

    #[test]
    fn other_numbers_and_policies_are_refused() {
        let too_big = 1 << code_bits();
        for code in [-1, i32::MAX, i32::MIN, 7, too_big] {
            assert!(Spec::from_code(code, "").is_err(), "{code}");
        }
        for policy in ["deny", "refuse=doi-space", "deny=doi-space;x"] {
            let e = Spec::from_code(0, policy).unwrap_err();
            assert!(e.contains("is not a pidkit policy"), "{policy}: {e}");
        }
        let e = Spec::from_code(0, "deny=no-such-code").unwrap_err();
        assert!(e.starts_with("unknown warning code 'no-such-code'"), "{e}");
    }

    #[test]
    fn the_policy_travels_with_the_code() {
        let r = Reads {
            deny: vec![" doi-url-query", "cleaned-label", "doi-url-query", ""],
            allow: vec!["cleaned-punctuation"],
            clean: true,
            deny_warnings: true,
            ..Reads::default()
        };
        let s = Spec::new("check", &r, None, None, None).unwrap();
        assert_eq!(
            s.policy(),
            "deny=cleaned-label,doi-url-query;allow=cleaned-punctuation"
        );
        let back = Spec::from_code(s.code(), &s.policy()).unwrap();
        assert_eq!(back.policy(), s.policy());
        assert!(back.check("10.1000/182."));
        assert!(!back.check("DOI: 10.1000/182"));
        let none = Spec::new("check", &Reads::default(), None, None, None).unwrap();
        assert_eq!(none.policy(), "");
    }

    #[test]
    fn the_functions_answer_as_the_record_does() {
        let get = |f, input, r: &Reads<'_>| {
            let mut out = None;
            let spec = Spec::new(f, r, None, None, None).unwrap();
            spec.string(input, |v| out = v.map(str::to_owned));
            out
        };
        let auto = Reads::default();
        assert_eq!(
            get("doi_name", "https://doi.org/10.1000/a%3Cb", &auto),
            Some("10.1000/a<b".into())
        );
        assert_eq!(get("doi_name", "http://example.org/", &auto), None);
        assert_eq!(
            get("kind", "urn:isbn:0451450523", &auto),
            Some("urn".into())
        );
        assert_eq!(
            get("check", "http://exa mple.org/", &auto),
            Some("false".into())
        );
        assert_eq!(
            get("normalize", "HTTP://Example.ORG/%7euser", &auto),
            Some("http://example.org/~user".into())
        );
        assert_eq!(
            get("key", "doi:10.1000/abc", &auto),
            get("key", "https://doi.org/10.1000/ABC", &auto)
        );
        // Cleaning: a DOI in brackets with a trailing comma is an identifier only cleaned; a
        // comma may end a DOI, so without cleaning it is kept in the key.
        let clean = Reads {
            clean: true,
            ..Reads::default()
        };
        assert_eq!(get("check", "(10.1000/182),", &auto), Some("false".into()));
        assert_eq!(get("check", "(10.1000/182),", &clean), Some("true".into()));
        assert_eq!(
            get("key", "10.1000/182,", &auto),
            Some("doi:10.1000/182,".into())
        );
        assert_eq!(
            get("key", "10.1000/182,", &clean),
            Some("doi:10.1000/182".into())
        );
        assert_eq!(
            get("doi_name", "(10.1000/182).", &clean),
            Some("10.1000/182".into())
        );
        assert_eq!(
            get("key", "DOI: 10.1000/abc", &clean),
            get("key", "https://doi.org/10.1000/ABC", &auto)
        );
        // A denied warning makes the input invalid: null from the transforms.
        let deny = Reads {
            clean: true,
            deny: vec!["cleaned-label"],
            ..Reads::default()
        };
        assert_eq!(
            get("check", "DOI: 10.1000/abc", &deny),
            Some("false".into())
        );
        assert_eq!(get("kind", "DOI: 10.1000/abc", &deny), Some("doi".into()));
        assert_eq!(get("key", "DOI: 10.1000/abc", &deny), None);
        assert_eq!(get("doi_name", "DOI: 10.1000/abc", &deny), None);
        let allowed = Reads {
            deny_warnings: true,
            allow: vec!["cleaned-label"],
            ..deny.clone()
        };
        assert_eq!(
            get("check", "DOI: 10.1000/abc", &allowed),
            Some("true".into())
        );
    }

    #[test]
    fn identify_is_kind_check_and_normalize() {
        for r in [
            Reads::default(),
            Reads {
                clean: true,
                deny_warnings: true,
                ..Reads::default()
            },
        ] {
            for f in ["normalize", "key"] {
                let spec = Spec::new(f, &r, None, None, None).unwrap();
                let op = match f {
                    "key" => Op::Key(Level::default()),
                    _ => Op::Normalize(Level::default(), PidOutput::default()),
                };
                let req = r.request(op).unwrap();
                for input in [
                    "DOI: 10.1000/abc",
                    "10.1000/abc.",
                    "http://a/%7e",
                    "x y",
                    "",
                ] {
                    let mut value = None;
                    spec.string(input, |v| value = v.map(str::to_owned));
                    let want = with_record(input, &req, |r| (r.kind, r.valid));
                    let got = spec.identify(input, |k, v, n| (k, v, n.map(str::to_owned)));
                    assert_eq!(got, (want.0, want.1, value), "{f} {input}");
                    assert_eq!(got.0, spec.kind(input));
                    assert_eq!(got.1, spec.check(input));
                }
            }
        }
    }
}
