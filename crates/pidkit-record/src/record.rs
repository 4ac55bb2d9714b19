//! What a line command of the CLI reports for one input (`crates/pidkit-cli/src/cmd.rs`): the
//! kind, the library's reading ([`pidkit::read`]) or its error, the warnings, the text lenient
//! input was mapped to, and the transform's result. Python's scalar API and Arrow functions and
//! the JVM functions all go through here, so they answer exactly as `pidkit
//! check|parse|normalize|to-uri|to-iri --json` do.

use std::borrow::Cow;

use pidkit::{Identifier, Kind, Level, ParseError, PidOutput, ReadOptions, ToIri, ToUri, Warning};

/// Which command's record.
pub enum Op {
    /// `check` / `parse`: the reading; its warnings only when asked for (they cost a pass).
    Read {
        /// Whether the warnings are wanted.
        warnings: bool,
    },
    /// `normalize --level`, DOIs written as `--doi-form` / `--doi-case` ask.
    Normalize(Level, PidOutput),
    /// `to-uri`.
    ToUri(ToUri, PidOutput),
    /// `to-iri`.
    ToIri(ToIri, PidOutput),
}

/// Everything known about one input (borrowing the reading, which is large: moving it per row
/// showed up as memcpy in profiles).
pub struct Record<'r, 't> {
    /// The kind (`check`'s JSON `kind`).
    pub kind: Kind,
    /// The identifier, or why the input is not one.
    pub reading: &'r Result<Identifier<'t>, ParseError>,
    /// `check`/`parse`: the reading's notes and the checks of the kind; the transforms: what the
    /// output form loses (empty unless asked for).
    pub warnings: Vec<Warning>,
    /// What `leiri` / `web` preprocessing made of the input, where that differs from it.
    pub mapped: Option<&'t str>,
    /// The transform's result, or why it failed.
    pub result: Option<Result<Cow<'t, str>, ParseError>>,
    /// The reading's own notes (`looks-like-text`), also when warnings were not asked for.
    pub notes: &'r [Warning],
    /// The CLI's `valid`.
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
}

/// Build the record of `input` and hand it to `f` (it borrows the preprocessed text, which lives
/// only for the call).
pub fn with_record<R>(
    input: &str,
    opts: &ReadOptions,
    op: &Op,
    deny_warnings: bool,
    f: impl FnOnce(&Record<'_, '_>) -> R,
) -> R {
    let text: Cow<'_, str> = opts
        .lenient()
        .map_or(Cow::Borrowed(input), |l| l.map(input));
    let mut reading = match op {
        Op::ToUri(..) | Op::ToIri(..) => pidkit::read_for_conversion(&text, opts),
        _ => pidkit::read(&text, opts),
    };
    if opts.lenient().is_some() {
        // `located_in` is a no-op otherwise; skipping it saves moving the reading.
        reading = reading.located_in(input, opts);
    }
    let warnings = match (op, &reading.result) {
        (Op::Read { warnings }, Ok(id)) if *warnings || deny_warnings => {
            let mut w = reading.notes.clone();
            w.extend(id.warnings());
            w
        }
        (Op::Normalize(_, out) | Op::ToUri(_, out) | Op::ToIri(_, out), Ok(id))
            if deny_warnings =>
        {
            id.lost_in(out)
        }
        _ => Vec::new(),
    };
    let result = match (op, &reading.result) {
        (Op::Normalize(level, out), Ok(id)) => Some(Ok(id.normalize_as(*level, out))),
        (Op::ToUri(t, out), Ok(id)) => Some(id.to_uri_as(t, out)),
        (Op::ToIri(t, out), Ok(id)) => Some(id.to_iri_as(t, out)),
        _ => None,
    };
    let ok = reading.result.is_ok() && result.as_ref().is_none_or(|r| r.is_ok());
    let record = Record {
        kind: reading.kind,
        valid: ok && (!deny_warnings || warnings.is_empty()),
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
pub fn key<'a>(
    input: &'a str,
    opts: &ReadOptions,
    level: Level,
) -> Result<Cow<'a, str>, ParseError> {
    Ok(pidkit::read(input, opts).result?.key(level).into_cow())
}
