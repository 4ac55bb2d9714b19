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
//! assert_eq!(out.as_deref(), Some("doi:10.1000/ABC"));
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
}

impl Op {
    /// Whether the command converts between IRIs and URIs (it reads with
    /// [`crate::read_for_conversion`]).
    fn converts(&self) -> bool {
        matches!(self, Op::ToUri(..) | Op::ToIri(..))
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
    /// Whether warnings make an input invalid (`--deny-warnings`).
    pub deny_warnings: bool,
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
            deny_warnings: false,
            clean: false,
            warnings: false,
        }
    }

    /// The same request with `--deny-warnings` as given.
    pub fn deny_warnings(self, deny_warnings: bool) -> Request {
        Request {
            deny_warnings,
            ..self
        }
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
    let wanted = req.warnings || req.deny_warnings;
    let warnings = match (&req.op, &reading.result) {
        (Op::Read, Ok(id)) if wanted => {
            let mut w = reading.notes.clone();
            w.extend(id.warnings());
            w
        }
        (Op::Normalize(level, out), Ok(id)) if wanted => {
            let mut w = id.lost_in(out);
            w.extend(id.removed(*level));
            w
        }
        (Op::ToUri(_, out) | Op::ToIri(_, out), Ok(id)) if wanted => id.lost_in(out),
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
        valid: ok && (!req.deny_warnings || warnings.is_empty()),
        reading: &reading.result,
        warnings,
        notes: &reading.notes,
        mapped: (*text != *input).then_some(&*text),
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
