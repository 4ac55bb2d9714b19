//! One batch function and its options, packed into an `i32`: how the JVM functions for Spark
//! (`crates/pidkit-jvm`), which Spark serializes to its executors, carry their options. The
//! Python side packs them once (`pidkit.spark`, through `pidkit._pidkit.jvm_code`); each thread
//! of an executor unpacks them once and keeps the [`Spec`].

use pidkit::{Level, PidOutput, ReadAs, ReadOptions};

use crate::options::{self, DOI_CASES, DOI_FORMS, LEVELS, PROFILES};
use crate::record::{Op, key, with_record};

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

/// The bit fields of a code: (shift, width) of the function, `as`, profile, level, DOI form,
/// DOI case and `deny_warnings`, each an index into its list.
const FIELDS: [(u32, u32); 7] = [(0, 3), (3, 4), (7, 3), (10, 2), (12, 2), (14, 1), (15, 1)];

fn index_of<T: PartialEq>(list: &[T], v: &T) -> Option<usize> {
    list.iter().position(|x| x == v)
}

impl Spec {
    /// The function `function` with the options spelled as the CLI spells them (`level`
    /// `None`: the default rung).
    pub fn new(
        function: &str,
        as_: &str,
        profile: Option<&str>,
        level: Option<&str>,
        doi_form: &str,
        doi_case: &str,
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
        let out = options::pid_output(doi_form, doi_case)?;
        // Every value was accepted above, so each has its index (the lists are the spellings
        // the functions above accept).
        let index = [
            index_of(&FUNCTIONS.map(|(n, _)| n), &function),
            ReadAs::ALL.iter().position(|a| a.name() == as_),
            index_of(&PROFILES, &profile),
            index_of(&LEVELS, &level.name()),
            index_of(&DOI_FORMS, &doi_form),
            index_of(&DOI_CASES, &doi_case),
            Some(usize::from(deny_warnings)),
        ];
        let mut code = 0i32;
        for (i, (shift, _)) in index.iter().zip(FIELDS) {
            let i = i.ok_or_else(|| format!("an option of '{function}' has no code"))?;
            code |= (i as i32) << shift;
        }
        Ok(Spec {
            function: f,
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
        let field = |(shift, width): (u32, u32)| -> usize {
            ((code as u32 >> shift) & ((1 << width) - 1)) as usize
        };
        if code < 0 || code as u32 >> 16 != 0 {
            return Err(bad());
        }
        let [f, a, p, l, form, case, deny] = FIELDS.map(field);
        let spec = Spec::new(
            FUNCTIONS.get(f).ok_or_else(bad)?.0,
            ReadAs::ALL.get(a).ok_or_else(bad)?.name(),
            *PROFILES.get(p).ok_or_else(bad)?,
            Some(LEVELS.get(l).ok_or_else(bad)?),
            DOI_FORMS.get(form).ok_or_else(bad)?,
            DOI_CASES.get(case).ok_or_else(bad)?,
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
        let read = Op::Read { warnings: false };
        match self.function {
            Function::Check => push(Some(if self.check(input) { "true" } else { "false" })),
            Function::Kind => with_record(input, &self.read, &read, false, |r| {
                push(Some(r.kind.name()))
            }),
            Function::Normalize => {
                let op = Op::Normalize(self.level, self.out);
                with_record(input, &self.read, &op, false, |r| {
                    push(r.result.as_ref().and_then(|v| v.as_deref().ok()))
                })
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
        let op = Op::Read { warnings: false };
        with_record(input, &self.read, &op, self.deny_warnings, |r| r.valid)
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
                for p in PROFILES {
                    for l in LEVELS {
                        for form in DOI_FORMS {
                            for case in DOI_CASES {
                                for deny in [false, true] {
                                    let Ok(s) = Spec::new(f, a, p, Some(l), form, case, deny)
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
            PROFILES.len(),
            LEVELS.len(),
        ];
        for (len, (_, width)) in lens.into_iter().zip(FIELDS) {
            assert!(len <= 1 << width, "{len} values in {width} bits");
        }
        assert!(DOI_FORMS.len() <= 1 << FIELDS[4].1 && DOI_CASES.len() <= 1 << FIELDS[5].1);
    }

    #[test]
    fn other_numbers_are_refused() {
        for code in [-1, 1 << 16, i32::MAX, i32::MIN, 7, 5 | (15 << 3)] {
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
