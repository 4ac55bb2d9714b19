//! The options of the batch functions as the bindings take them: strings spelled as the CLI's
//! flags (`--as`, `--profile`, `--level`, `--doi-form`, `--doi-case`), checked once per call,
//! with a message that names the expected values.

use pidkit::{Level, PidCase, PidForm, PidOutput, ReadAs, ReadOptions};

/// The rungs of `--level`.
pub const LEVELS: [&str; 3] = ["simple", "syntax", "scheme"];

/// Every value `--profile` takes alone (`None`: each family's default), for tests that try
/// them all: each profile name of [`ReadOptions::profiles`] and some combinations of names of
/// different families.
pub fn profile_choices() -> Vec<Option<String>> {
    let names: Vec<&str> = ReadOptions::profiles().iter().map(|(n, _)| *n).collect();
    let mut all: Vec<Option<String>> = vec![None];
    all.extend(names.iter().map(|n| Some((*n).to_owned())));
    for (i, a) in names.iter().enumerate() {
        for b in &names[i + 1..] {
            all.push(Some(format!("{a},{b}")));
        }
    }
    all
}

/// `--as` and `--profile`.
///
/// ```
/// let o = pidkit_record::options::read("doi", Some("legacy"))?;
/// assert_eq!(o.read_as, pidkit::ReadAs::Doi);
/// assert!(pidkit_record::options::read("isbn13", None).unwrap_err().contains("expected auto"));
/// # Ok::<(), String>(())
/// ```
pub fn read(as_: &str, profile: Option<&str>) -> Result<ReadOptions, String> {
    let read_as: ReadAs = as_.parse().map_err(|e| {
        let names: Vec<&str> = ReadAs::ALL.iter().map(|a| a.name()).collect();
        format!("{e} (expected {})", names.join(", "))
    })?;
    ReadOptions::new(read_as, profile)
}

/// `--level`: `simple`, `syntax` or `scheme`; `None` for the library's default rung (which the
/// CLI's `--level` defaults to as well).
///
/// ```
/// use pidkit::Level;
/// assert_eq!(pidkit_record::options::level(None), Ok(Level::default()));
/// assert_eq!(pidkit_record::options::level(Some("syntax")), Ok(Level::Syntax));
/// ```
pub fn level(level: Option<&str>) -> Result<Level, String> {
    level.map_or(Ok(Level::default()), str::parse)
}

/// How PIDs are written in output (`--pid-form` and `--pid-case`).
///
/// ```
/// use pidkit::{PidCase, PidForm};
/// let out = pidkit_record::options::pid_output("url", "lower")?;
/// assert_eq!((out.form, out.case), (PidForm::Url, PidCase::Lower));
/// # Ok::<(), String>(())
/// ```
pub fn pid_output(pid_form: &str, pid_case: &str) -> Result<PidOutput, String> {
    Ok(PidOutput {
        form: pid_form.parse::<PidForm>()?,
        case: pid_case.parse::<PidCase>()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spellings_are_the_librarys() {
        for a in ReadAs::ALL {
            assert_eq!(read(a.name(), None).map(|o| o.read_as), Ok(*a));
        }
        for l in LEVELS {
            assert_eq!(level(Some(l)).map(Level::name), Ok(l));
        }
        for (p, _) in ReadOptions::profiles() {
            assert!(read("auto", Some(p)).is_ok(), "{p:?}");
        }
        assert!(read("auto", Some("rfc9999")).is_err());
        assert!(level(Some("exact")).is_err());
        assert!(pid_output("doi", "upper").is_err());
        assert!(pid_output("auto", "title").is_err());
    }
}
