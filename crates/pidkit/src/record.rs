//! What reading one input for a command gives, in one pipeline for every door: the CLI's line
//! commands (`check`, `parse`, `normalize`, `to-uri`, `to-iri`), the Python bindings (scalar
//! and Arrow) and the JVM functions all build their records here, so they answer alike.
//!
//! The steps, in order: `--clean` ([`crate::extract::clean`]), `--as leiri|web`
//! preprocessing ([`crate::ReadOptions::lenient`]), the reading ([`crate::read`], or
//! [`crate::read_for_conversion`] for `to-uri`/`to-iri`), errors moved back into the input as
//! given, the warnings, the command's result and the verdict.
//!
//! ```
//! use pidkit::record::{Op, Request, with_record};
//! use pidkit::{Level, PidOutput, ReadOptions};
//! let req = Request::new(Op::Normalize(Level::Scheme, PidOutput::default()), ReadOptions::default()).clean(true);
//! let (valid, out) = with_record("(doi:10.1000/abc).", &req, |r| {
//!     (r.valid, r.result.as_ref().and_then(|v| v.as_ref().ok()).map(|v| v.to_string()))
//! });
//! assert!(valid);
//! assert_eq!(out.as_deref(), Some("https://doi.org/10.1000/abc"));
//! ```

use std::borrow::Cow;

use crate::iri::{Level, ToIri, ToUri};
use crate::{Identifier, Kind, ParseError, PidOutput, ReadOptions, Warning};

/// Which command's record.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum Op {
    /// `check` / `parse`: the reading.
    Read,
    /// `normalize --level`, PIDs written as `--pid-form` / `--pid-case` ask.
    Normalize(Level, PidOutput),
    /// `to-uri`.
    ToUri(ToUri, PidOutput),
    /// `to-iri`.
    ToIri(ToIri, PidOutput),
    /// `key --level`: the equivalence key that `compare` and `dedupe` use.
    Key(Level),
}

impl Op {
    /// Whether the command converts between IRIs and URIs (it reads with
    /// [`crate::read_for_conversion`]).
    fn converts(&self) -> bool {
        matches!(self, Op::ToUri(..) | Op::ToIri(..))
    }
}

/// Which warnings make an input invalid: `--deny-warnings` (every one), `--deny CODE,…` (these)
/// and `--allow CODE,…` (never these, even under `--deny-warnings`).
///
/// ```
/// use pidkit::record::Policy;
/// let p = Policy::new(false, &["doi-url-query"], &[])?;
/// assert!(p.denies("doi-url-query") && !p.denies("doi-space"));
/// let p = Policy::new(true, &[], &["cleaned-punctuation"])?;
/// assert!(p.denies("doi-space") && !p.denies("cleaned-punctuation"));
/// assert!(Policy::new(false, &["no-such-code"], &[]).is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    deny_all: bool,
    deny: Vec<&'static str>,
    allow: Vec<&'static str>,
}

impl Policy {
    /// The policy of `--deny-warnings`, `--deny` and `--allow`; every code named must be a
    /// warning code of the library ([`crate::scheme::warning_codes`]).
    pub fn new(deny_all: bool, deny: &[&str], allow: &[&str]) -> Result<Policy, String> {
        let known = |names: &[&str]| -> Result<Vec<&'static str>, String> {
            names
                .iter()
                .map(|n| n.trim())
                .filter(|n| !n.is_empty())
                .map(|n| {
                    crate::scheme::warning_codes()
                        .iter()
                        .flat_map(|(_, codes)| codes.iter())
                        .map(|c| c.as_str())
                        .find(|c| *c == n)
                        .ok_or_else(|| unknown_code(n))
                })
                .collect()
        };
        Ok(Policy {
            deny_all,
            deny: known(deny)?,
            allow: known(allow)?,
        })
    }

    /// Whether a warning of `code` makes the input invalid.
    pub fn denies(&self, code: &str) -> bool {
        (self.deny_all || self.deny.contains(&code)) && !self.allow.contains(&code)
    }

    /// Whether any warning can make an input invalid (their computation is needed then).
    pub fn denies_any(&self) -> bool {
        self.deny_all || !self.deny.is_empty()
    }
}

/// The error for a warning code the library does not have, with those that look like it (the
/// same first word, or containing it).
fn unknown_code(n: &str) -> String {
    let head = n.split('-').next().unwrap_or(n);
    let mut like: Vec<&str> = crate::scheme::warning_codes()
        .iter()
        .flat_map(|(_, codes)| codes.iter())
        .map(|c| c.as_str())
        .filter(|c| c.split('-').next() == Some(head) || (n.len() > 2 && c.contains(n)))
        .collect();
    like.sort_unstable();
    like.dedup();
    like.truncate(12);
    match like.is_empty() {
        true => format!(
            "unknown warning code '{n}' (a warning's code is shown with it: `pidkit check` prints them)"
        ),
        false => format!(
            "unknown warning code '{n}'; did you mean {}?",
            like.join(", ")
        ),
    }
}

/// A command and its options for one input after another.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Request {
    /// The command.
    pub op: Op,
    /// `--as` and `--profile`.
    pub opts: ReadOptions,
    /// Which warnings make an input invalid (`--deny-warnings`, `--deny`, `--allow`).
    pub policy: Policy,
    /// Whether the input is cleaned first (`--clean`).
    pub clean: bool,
    /// Whether the warnings are wanted in the record (they cost a pass): for `check`/`parse`
    /// the reading's notes and the kind's checks, for the transforms what the output form
    /// loses. Computed anyway when they decide `valid` (`deny_warnings`).
    pub warnings: bool,
}

impl Request {
    /// `op` under `opts`: no cleaning, warnings neither wanted nor denied.
    pub fn new(op: Op, opts: ReadOptions) -> Request {
        Request {
            op,
            opts,
            policy: Policy::default(),
            clean: false,
            warnings: false,
        }
    }

    /// The same request with `--deny-warnings` as given (every warning denied, but those the
    /// policy allows).
    pub fn deny_warnings(mut self, deny_warnings: bool) -> Request {
        self.policy.deny_all = deny_warnings;
        self
    }

    /// The same request with `policy` for warnings.
    pub fn policy(self, policy: Policy) -> Request {
        Request { policy, ..self }
    }

    /// The same request with `--clean` as given.
    pub fn clean(self, clean: bool) -> Request {
        Request { clean, ..self }
    }

    /// The same request, with the warnings in the record or not.
    pub fn warnings(self, warnings: bool) -> Request {
        Request { warnings, ..self }
    }
}

/// Everything known about one input (borrowing the reading, which is large: moving it per row
/// showed up as memcpy in profiles).
#[derive(Debug)]
#[non_exhaustive]
pub struct Record<'r, 't> {
    /// The kind (`check`'s JSON `kind`).
    pub kind: Kind,
    /// The identifier, or why the input is not one.
    pub reading: &'r Result<Identifier<'t>, ParseError>,
    /// The warnings, when asked for or denied: first what `--clean` removed, then the
    /// reading's notes and the kind's checks (`check`/`parse`) or what the output form loses
    /// (the transforms).
    pub warnings: Vec<Warning>,
    /// The text the reading read, where it differs from the input: what `--clean` and `leiri`
    /// / `web` preprocessing made of it.
    pub mapped: Option<&'t str>,
    /// The transform's result, or why it failed.
    pub result: Option<Result<Cow<'t, str>, ParseError>>,
    /// The reading's own notes, also when warnings were not asked for.
    pub notes: &'r [Warning],
    /// Under auto-detection, when warnings are wanted for `check`/`parse`: every kind that
    /// could take the input, when two or more schemes read it (the first is [`Record::kind`]:
    /// [`crate::reading::candidates`]); empty otherwise.
    pub candidates: Vec<Kind>,
    /// Whether the input passes: read without error, transformed without error, and without
    /// warnings when they are denied (the CLI's `valid`).
    pub valid: bool,
}

impl Record<'_, '_> {
    /// The first error: the reading's, else the transform's.
    pub fn error(&self) -> Option<&ParseError> {
        self.reading
            .as_ref()
            .err()
            .or_else(|| self.result.as_ref().and_then(|r| r.as_ref().err()))
    }

    /// The transform's result, when it has one.
    pub fn value(&self) -> Option<&str> {
        self.result.as_ref().and_then(|r| r.as_deref().ok())
    }
}

/// Build the record of `input` and hand it to `f` (it borrows the cleaned and preprocessed
/// text, which lives only for the call).
pub fn with_record<R>(input: &str, req: &Request, f: impl FnOnce(&Record<'_, '_>) -> R) -> R {
    let opts = &req.opts;
    let cleaned = req.clean.then(|| crate::extract::clean(input));
    let base: &str = cleaned.as_ref().map_or(input, |c| &c.text);
    let lenient = opts.lenient();
    let text: Cow<'_, str> = lenient.map_or(Cow::Borrowed(base), |l| l.map(base));
    let mut reading = if req.op.converts() {
        crate::read_for_conversion(&text, opts)
    } else {
        crate::read(&text, opts)
    };
    if lenient.is_some() {
        // `located_in` is a no-op otherwise; skipping it saves moving the reading.
        reading = reading.located_in(base, opts);
    }
    if let Some(c) = &cleaned {
        reading.result = match c.emptied() {
            Some(e) => Err(e),
            None => reading.result.map_err(|e| c.locate(e)),
        };
    }
    let wanted = req.warnings || req.policy.denies_any();
    let warnings = match (&req.op, &reading.result) {
        // The notes first; there are rarely any, and the identifier's vector is taken as it is.
        (Op::Read, Ok(id)) if wanted => match reading.notes.is_empty() {
            true => id.warnings(),
            false => reading.notes.iter().cloned().chain(id.warnings()).collect(),
        },
        (Op::Normalize(level, out), Ok(id)) if wanted => {
            let mut w = id.lost_in(out);
            w.extend(id.removed(*level));
            w
        }
        (Op::ToUri(_, out) | Op::ToIri(_, out), Ok(id)) if wanted => id.lost_in(out),
        (Op::Key(level), Ok(id)) if wanted => id.removed(*level),
        _ => Vec::new(),
    };
    // `--clean`: what was removed comes first, and the identifier's warnings move into the
    // input as given (under `--as leiri|web` they stay on the mapped text).
    let warnings = match &cleaned {
        Some(c) if wanted => {
            let mut w = c.warnings();
            match lenient {
                None => w.extend(warnings.into_iter().map(|x| c.locate_warning(x))),
                Some(_) => w.extend(warnings),
            }
            w
        }
        _ => warnings,
    };
    let result = match (&req.op, &reading.result) {
        (Op::Normalize(level, out), Ok(id)) => Some(Ok(id.normalize_as(*level, out))),
        (Op::ToUri(t, out), Ok(id)) => Some(id.to_uri_as(t, out)),
        (Op::ToIri(t, out), Ok(id)) => Some(id.to_iri_as(t, out)),
        (Op::Key(level), Ok(id)) => Some(Ok(id.key(*level).into_cow())),
        _ => None,
    };
    let warnings = Warning::merge_repeated(warnings);
    let ok = reading.result.is_ok() && result.as_ref().is_none_or(|r| r.is_ok());
    let candidates = match (&req.op, &reading.result) {
        (Op::Read, Ok(_)) if req.warnings && reading.kind.reading().is_some() => {
            crate::reading::candidates(&text, opts)
        }
        _ => Vec::new(),
    };
    let record = Record {
        candidates,
        kind: reading.kind,
        valid: ok && !warnings.iter().any(|w| req.policy.denies(w.code.as_str())),
        reading: &reading.result,
        warnings,
        notes: &reading.notes,
        // The text is most often the input itself, told by its address (not by comparing its
        // bytes with themselves: 0.7 % of a `check --json` line's instructions).
        mapped: (!std::ptr::eq(&*text, input) && *text != *input).then_some(&*text),
        result,
    };
    f(&record)
}

/// The key `compare` and `dedupe` use: the library's equivalence key of the input read as
/// `opts` say (without `leiri`/`web` preprocessing, as the CLI does there).
///
/// ```
/// use pidkit::{Level, ReadOptions};
/// let k = pidkit::record::key("https://doi.org/10.1000/abc", &ReadOptions::default(), Level::Scheme)?;
/// assert_eq!(k, "doi:10.1000/ABC");
/// # Ok::<(), pidkit::ParseError>(())
/// ```
pub fn key<'a>(
    input: &'a str,
    opts: &ReadOptions,
    level: Level,
) -> Result<Cow<'a, str>, ParseError> {
    Ok(crate::read(input, opts).result?.key(level).into_cow())
}
