//! The options of the batch functions as the bindings take them: strings spelled as the CLI's
//! flags (`--as`, `--profile`, `--level`, `--doi-form`, `--doi-case`), checked once per call,
//! with a message that names the expected values.

use pidkit::{Level, PidCase, PidForm, PidOutput, ReadAs, ReadOptions};

/// The rule sets `--profile` names (`None`: each family's default).
pub const PROFILES: [Option<&str>; 7] = [
    None,
    Some("bis"),
    Some("rfc3987"),
    Some("rfc3986"),
    Some("rfc8141"),
    Some("rfc2141"),
    Some("legacy"),
];
/// The rungs of `--level`.
pub const LEVELS: [&str; 3] = ["simple", "syntax", "scheme"];
/// The spellings of `--doi-form`.
pub const DOI_FORMS: [&str; 4] = ["auto", "name", "uri", "url"];
/// The spellings of `--doi-case`.
pub const DOI_CASES: [&str; 2] = ["upper", "lower"];

/// `--as` and `--profile`.
///
/// ```
/// let o = pidkit_record::options::read("doi", Some("legacy"))?;
/// assert_eq!(o.read_as, pidkit::ReadAs::Doi);
/// assert!(pidkit_record::options::read("isbn", None).unwrap_err().contains("expected auto"));
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

/// How DOIs are written in output (`--doi-form` and `--doi-case`).
///
/// ```
/// use pidkit::{PidCase, PidForm};
/// let out = pidkit_record::options::pid_output("url", "lower")?;
/// assert_eq!((out.form, out.case), (PidForm::Url, PidCase::Lower));
/// # Ok::<(), String>(())
/// ```
pub fn pid_output(doi_form: &str, doi_case: &str) -> Result<PidOutput, String> {
    let form = match doi_form {
        "auto" => PidForm::Auto,
        "name" => PidForm::Name,
        "uri" => PidForm::Uri,
        "url" => PidForm::Url,
        _ => {
            return Err(format!(
                "unknown doi_form '{doi_form}' (expected auto, name, uri or url)"
            ));
        }
    };
    let case = match doi_case {
        "upper" => PidCase::Upper,
        "lower" => PidCase::Lower,
        _ => {
            return Err(format!(
                "unknown doi_case '{doi_case}' (expected upper or lower)"
            ));
        }
    };
    Ok(PidOutput { form, case })
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
        for p in PROFILES {
            assert!(read("auto", p).is_ok(), "{p:?}");
        }
        assert!(read("auto", Some("rfc9999")).is_err());
        assert!(level(Some("exact")).is_err());
        assert!(pid_output("doi", "upper").is_err());
        assert!(pid_output("auto", "title").is_err());
    }
}
