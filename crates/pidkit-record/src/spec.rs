//! One batch function and its options, packed into an `i32`: how the JVM functions for Spark
//! (`crates/pidkit-jvm`), which Spark serializes to its executors, carry their options. The
//! Python side packs them once (`pidkit.spark`, through `pidkit._pidkit.jvm_code`); each thread
//! of an executor unpacks them once and keeps the [`Spec`].

use pidkit::record::{Op, Request, key, with_record};
use pidkit::{Level, PidCase, PidForm, PidOutput, ReadAs, ReadOptions};

use crate::options::{self, LEVELS};

/// A batch function the JVM functions offer: the string and boolean functions of
/// `pidkit.arrow` whose options are all from short lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Function {
    /// `check`: the CLI's `valid`.
    Check,
    /// `kind`: the CLI's `kind`.
    Kind,
    /// `normalize`: the CLI's `normalized`.
    Normalize,
    /// `key`: the equivalence key of `compare` and `dedupe`.
    Key,
    /// `doi_name`: the DOI name of a DOI in any written form.
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

/// A function and its options, checked; [`Spec::code`] packs it into an `i32`.
///
/// ```
/// use pidkit_record::Spec;
/// let spec = Spec::new("normalize", "auto", None, Some("scheme"), "url", "lower", false)?;
/// let again = Spec::from_code(spec.code())?;
/// let mut out = None;
/// again.string("doi:10.1000/ABC", |v| out = v.map(str::to_owned));
/// assert_eq!(out.as_deref(), Some("https://doi.org/10.1000/abc"));
/// assert!(Spec::new("normalize", "auto", None, Some("exact"), "auto", "upper", false).is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    function: Function,
    read: ReadOptions,
    level: Level,
    out: PidOutput,
    deny_warnings: bool,
    code: i32,
}

/// The bit fields of a code: (shift, width) of the function, `as`, level, PID form, PID case
/// and `deny_warnings`, each an index into its list; then the profiles, one bit per name of
/// [`ReadOptions::profiles`] (at most [`PROFILE_BITS`]).
const FIELDS: [(u32, u32); 6] = [(0, 3), (3, 6), (9, 2), (11, 2), (13, 2), (15, 1)];
/// Where the profile bits start, and how many there are.
const PROFILE_SHIFT: u32 = 16;
/// How many profile names a code can carry.
pub const PROFILE_BITS: u32 = 15;

impl Spec {
    /// The function `function` with the options spelled as the CLI spells them (`level`
    /// `None`: the default rung; `profile` one or more names separated by commas).
    pub fn new(
        function: &str,
        as_: &str,
        profile: Option<&str>,
        level: Option<&str>,
        pid_form: &str,
        pid_case: &str,
        deny_warnings: bool,
    ) -> Result<Spec, String> {
        let Some(&(_, f)) = FUNCTIONS.iter().find(|(n, _)| *n == function) else {
            let names: Vec<&str> = FUNCTIONS.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "no JVM function '{function}' (there are {})",
                names.join(", ")
            ));
        };
        let read = options::read(as_, profile)?;
        let level = options::level(level)?;
        let out = options::pid_output(pid_form, pid_case)?;
        Spec::of(f, read, level, out, deny_warnings)
    }

    /// The spec of `function` with options already checked.
    fn of(
        function: Function,
        read: ReadOptions,
        level: Level,
        out: PidOutput,
        deny_warnings: bool,
    ) -> Result<Spec, String> {
        let index = [
            FUNCTIONS.iter().position(|(_, f)| *f == function),
            ReadAs::ALL.iter().position(|a| *a == read.read_as),
            LEVELS.iter().position(|l| *l == level.name()),
            PidForm::ALL.iter().position(|f| *f == out.form),
            PidCase::ALL.iter().position(|c| *c == out.case),
            Some(usize::from(deny_warnings)),
        ];
        let mut code = 0i32;
        for (i, (shift, width)) in index.iter().zip(FIELDS) {
            let i = i
                .filter(|i| *i < 1 << width)
                .ok_or_else(|| "an option has no code".to_owned())?;
            code |= (i as i32) << shift;
        }
        let all = ReadOptions::profiles();
        for name in read.profile_names() {
            let bit = all
                .iter()
                .position(|(n, _)| *n == name)
                .filter(|b| (*b as u32) < PROFILE_BITS)
                .ok_or_else(|| format!("the profile {name} has no code"))?;
            code |= 1 << (PROFILE_SHIFT + bit as u32);
        }
        Ok(Spec {
            function,
            read,
            level,
            out,
            deny_warnings,
            code,
        })
    }

    /// The spec a [`Spec::code`] was made from; an error for a number no spec gives.
    pub fn from_code(code: i32) -> Result<Spec, String> {
        let bad = || format!("{code} is not a pidkit JVM function code");
        if code < 0 {
            return Err(bad());
        }
        let field = |(shift, width): (u32, u32)| -> usize {
            ((code as u32 >> shift) & ((1 << width) - 1)) as usize
        };
        let [f, a, l, form, case, deny] = FIELDS.map(field);
        let all = ReadOptions::profiles();
        let names: Vec<&str> = (0..PROFILE_BITS)
            .filter(|b| code as u32 >> (PROFILE_SHIFT + b) & 1 == 1)
            .map(|b| all.get(b as usize).map(|(n, _)| *n).ok_or_else(bad))
            .collect::<Result<_, _>>()?;
        let profile = names.join(",");
        let read = ReadOptions::new(
            *ReadAs::ALL.get(a).ok_or_else(bad)?,
            (!names.is_empty()).then_some(profile.as_str()),
        )
        .map_err(|_| bad())?;
        let spec = Spec::of(
            FUNCTIONS.get(f).ok_or_else(bad)?.1,
            read,
            options::level(Some(LEVELS.get(l).ok_or_else(bad)?))?,
            PidOutput {
                form: *PidForm::ALL.get(form).ok_or_else(bad)?,
                case: *PidCase::ALL.get(case).ok_or_else(bad)?,
            },
            deny == 1,
        )?;
        // The fields were read from `code`, so the spec packs back to it.
        (spec.code == code).then_some(spec).ok_or_else(bad)
    }

    /// The packed function and options.
    pub fn code(&self) -> i32 {
        self.code
    }

    /// The function.
    pub fn function(&self) -> Function {
        self.function
    }

    /// A string function's value for `input` (`None`: null — an invalid input, or no DOI),
    /// handed to `push` (it may borrow the reading, which lives only for the call). `check`
    /// gives `"true"` or `"false"`.
    pub fn string(&self, input: &str, push: impl FnOnce(Option<&str>)) {
        match self.function {
            Function::Check => push(Some(if self.check(input) { "true" } else { "false" })),
            Function::Kind => {
                let req = Request::new(Op::Read, self.read);
                with_record(input, &req, |r| push(Some(r.kind.name())))
            }
            Function::Normalize => {
                let req = Request::new(Op::Normalize(self.level, self.out), self.read);
                with_record(input, &req, |r| push(r.value()))
            }
            Function::Key => push(key(input, &self.read, self.level).ok().as_deref()),
            // The reading's DOI without the rest of the reading (under `as` leiri or web nothing
            // is read as a DOI, as in `with_record`).
            Function::DoiName => push(
                pidkit::read_doi(input, &self.read)
                    .as_ref()
                    .map(|d| d.as_str()),
            ),
        }
    }

    /// `check`'s answer for `input` (for the other functions too: the CLI's `valid`).
    pub fn check(&self, input: &str) -> bool {
        let req = Request::new(Op::Read, self.read).deny_warnings(self.deny_warnings);
        with_record(input, &req, |r| r.valid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spec_packs_and_unpacks() {
        let mut n = 0;
        for (f, _) in FUNCTIONS {
            for a in ReadAs::ALL.iter().map(|a| a.name()) {
                for p in options::profile_choices() {
                    for l in LEVELS {
                        for form in PidForm::ALL.iter().map(|f| f.name()) {
                            for case in PidCase::ALL.iter().map(|c| c.name()) {
                                for deny in [false, true] {
                                    let Ok(s) =
                                        Spec::new(f, a, p.as_deref(), Some(l), form, case, deny)
                                    else {
                                        // A profile that does not apply (rfc3987 for URIs).
                                        continue;
                                    };
                                    let back = Spec::from_code(s.code()).unwrap();
                                    assert_eq!(back.code(), s.code());
                                    assert_eq!(back.function(), s.function());
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
        let lens = [
            FUNCTIONS.len(),
            ReadAs::ALL.len(),
            LEVELS.len(),
            PidForm::ALL.len(),
            PidCase::ALL.len(),
        ];
        for (len, (_, width)) in lens.into_iter().zip(FIELDS) {
            assert!(len <= 1 << width, "{len} values in {width} bits");
        }
        let profiles = ReadOptions::profiles().len() as u32;
        assert!(profiles <= PROFILE_BITS, "{profiles} profile names");
        const { assert!(PROFILE_SHIFT + PROFILE_BITS <= 31) };
    }

    #[test]
    fn other_numbers_are_refused() {
        for code in [-1, i32::MAX, i32::MIN, 7, 5 | (63 << 3), 1 << 30] {
            assert!(Spec::from_code(code).is_err(), "{code}");
        }
    }

    #[test]
    fn the_functions_answer_as_the_record_does() {
        let spec = |f| Spec::new(f, "auto", None, None, "auto", "upper", false).unwrap();
        let get = |f, input| {
            let mut out = None;
            spec(f).string(input, |v| out = v.map(str::to_owned));
            out
        };
        assert_eq!(
            get("doi_name", "https://doi.org/10.1000/a%3Cb"),
            Some("10.1000/a<b".into())
        );
        assert_eq!(get("doi_name", "http://example.org/"), None);
        assert_eq!(get("kind", "urn:isbn:0451450523"), Some("urn".into()));
        assert_eq!(get("check", "http://exa mple.org/"), Some("false".into()));
        assert_eq!(
            get("normalize", "HTTP://Example.ORG/%7euser"),
            Some("http://example.org/~user".into())
        );
        assert_eq!(
            get("key", "doi:10.1000/abc"),
            get("key", "https://doi.org/10.1000/ABC")
        );
        assert!(spec("check").check("ivo://ivoa.net/std/TAP"));
    }
}
