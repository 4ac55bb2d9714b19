//! The options of the batch functions as the bindings take them: strings spelled as the CLI's
//! flags (`--as`, `--profile`, `--clean`, `--deny-warnings`, `--deny`, `--allow`, `--level`,
//! `--pid-form`, `--pid-case`), checked once per call, with a message that names the expected
//! values (an unknown warning code: the library's message, which names the codes like it).

use pidkit::record::{Op, Policy, Request};
use pidkit::{Idna, Level, PidCase, PidForm, PidOutput, ReadAs, ReadOptions, ToIri, ToUri};

/// How a function reads its inputs, the CLI's options of every line command: `--as`,
/// `--profile`, `--clean`, `--deny-warnings`, `--deny CODE,…`, `--allow CODE,…`.
///
/// ```
/// use pidkit::record::Op;
/// use pidkit_record::options::Reads;
/// let reads = Reads { clean: true, deny: vec!["cleaned-punctuation"], ..Reads::default() };
/// let req = reads.request(Op::Read)?;
/// assert!(req.clean && req.policy.denies("cleaned-punctuation"));
/// let bad = Reads { allow: vec!["no-such-code"], ..Reads::default() };
/// assert!(bad.request(Op::Read).unwrap_err().starts_with("unknown warning code 'no-such-code'"));
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reads<'a> {
    /// `--as`: `auto`, a reading (`iri`, `leiri` …) or a scheme's name.
    pub as_: &'a str,
    /// `--profile`: names separated by commas; `None` for each family's default.
    pub profile: Option<&'a str>,
    /// `--clean`: labels, brackets, trailing punctuation … removed first (`cleaned-*` warnings).
    pub clean: bool,
    /// `--deny-warnings`: every warning makes the input invalid (but those of `allow`).
    pub deny_warnings: bool,
    /// `--deny`: the warning codes that make the input invalid.
    pub deny: Vec<&'a str>,
    /// `--allow`: the warning codes that never do, even under `deny_warnings`.
    pub allow: Vec<&'a str>,
}

impl Default for Reads<'_> {
    /// The CLI's defaults: `--as auto`, no profile, no cleaning, no warning denied.
    fn default() -> Self {
        Reads {
            as_: "auto",
            profile: None,
            clean: false,
            deny_warnings: false,
            deny: Vec::new(),
            allow: Vec::new(),
        }
    }
}

impl Reads<'_> {
    /// The reading options (`--as`, `--profile`).
    pub fn read_options(&self) -> Result<ReadOptions, String> {
        read(self.as_, self.profile)
    }

    /// The warning policy ([`Policy::new`]: every code must be one of the library's).
    pub fn policy(&self) -> Result<Policy, String> {
        Policy::new(self.deny_warnings, &self.deny, &self.allow)
    }

    /// The library's request of `op` with these options, as the CLI makes it (without the
    /// warnings in the record: [`Request::warnings`] adds them).
    pub fn request(&self, op: Op) -> Result<Request, String> {
        Ok(Request::new(op, self.read_options()?)
            .policy(self.policy()?)
            .clean(self.clean))
    }
}

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

/// How PIDs are written in output (`--pid-form` and `--pid-case`); `None` for the library's
/// default of each ([`PidOutput::default`], the CLI's too), so that the bindings follow it
/// when it changes.
///
/// ```
/// use pidkit::{PidCase, PidForm, PidOutput};
/// let out = pidkit_record::options::pid_output(Some("url"), Some("lower"))?;
/// assert_eq!((out.form, out.case), (PidForm::Url, PidCase::Lower));
/// assert_eq!(pidkit_record::options::pid_output(None, None)?, PidOutput::default());
/// # Ok::<(), String>(())
/// ```
pub fn pid_output(pid_form: Option<&str>, pid_case: Option<&str>) -> Result<PidOutput, String> {
    let default = PidOutput::default();
    Ok(PidOutput {
        form: pid_form.map_or(Ok(default.form), str::parse::<PidForm>)?,
        case: pid_case.map_or(Ok(default.case), str::parse::<PidCase>)?,
    })
}

/// The output options of IRI ⇄ URI conversion (`to_uri`, `to_iri`): `pid_form` as in
/// [`pid_output`]; a `pid_case` is refused, not ignored — a conversion keeps the case of names,
/// as `pidkit to-uri` and `to-iri` do (they have no `--pid-case`: only `normalize` changes the
/// case of DOI and handle names, at the level where they compare case-insensitively).
///
/// ```
/// use pidkit::PidForm;
/// assert_eq!(pidkit_record::options::conversion_output(Some("url"), None)?.form, PidForm::Url);
/// let e = pidkit_record::options::conversion_output(None, Some("lower")).unwrap_err();
/// assert!(e.contains("keep the case"), "{e}");
/// # Ok::<(), String>(())
/// ```
pub fn conversion_output(
    pid_form: Option<&str>,
    pid_case: Option<&str>,
) -> Result<PidOutput, String> {
    match pid_case {
        Some(case) => Err(format!(
            "pid_case={case:?} is an option of normalize and identify: to_uri and to_iri keep \
             the case of DOI and handle names, as pidkit to-uri and to-iri do (normalize first \
             with pid_case, then convert)"
        )),
        None => pid_output(pid_form, None),
    }
}

/// `idna` of `to_uri` and `to_iri` (the CLI's `--idna`): `dns` (the hosts of http, https,
/// ws, wss and ftp), `any` or `never`.
pub fn idna(idna: &str) -> Result<Idna, String> {
    match idna {
        "dns" => Ok(Idna::DnsSchemes),
        "any" => Ok(Idna::AnyAuthority),
        "never" => Ok(Idna::Never),
        _ => Err(format!(
            "unknown idna '{idna}' (expected dns, any or never)"
        )),
    }
}

/// The options of `to_uri`: which hosts get IDNA, and the document charset of http(s)
/// queries (a WHATWG encoding label; `None`: UTF-8).
///
/// ```
/// assert!(pidkit_record::options::to_uri("dns", Some("windows-1252")).is_ok());
/// assert!(pidkit_record::options::to_uri("dns", Some("klingon")).unwrap_err().contains("klingon"));
/// ```
pub fn to_uri(idna_: &str, query_encoding: Option<&str>) -> Result<ToUri, String> {
    let mut t = ToUri::new().idna(idna(idna_)?);
    if let Some(label) = query_encoding {
        let enc = pidkit::Encoding::for_label(label.as_bytes())
            .ok_or_else(|| format!("unknown encoding label '{label}'"))?;
        t = t.query_encoding(enc);
    }
    Ok(t)
}

/// The options of `to_iri`: whether IDNA hosts are shown in Unicode, and which hosts are.
pub fn to_iri(unicode_hosts: bool, idna_: &str) -> Result<ToIri, String> {
    Ok(ToIri::new().idna(idna(idna_)?).unicode_hosts(unicode_hosts))
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
        assert!(pid_output(Some("doi"), None).is_err());
        assert!(pid_output(None, Some("title")).is_err());
        for f in PidForm::ALL {
            for c in PidCase::ALL {
                let out = pid_output(Some(f.name()), Some(c.name()));
                assert_eq!(out.map(|o| (o.form, o.case)), Ok((*f, *c)));
            }
        }
    }
}
