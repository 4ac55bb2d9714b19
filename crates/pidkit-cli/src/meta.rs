//! `pidkit resolve --metadata FORMAT --agency`: the options, the human lines and the summary
//! counts of a DOI's metadata (the DOI proxy's content negotiation) and its prefix's
//! registration agency (the RA service). The lookups themselves are `pidkit-resolve`'s.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use clap::Args;
use pidkit_resolve::{AgencyOutcome, MetadataFormat, MetadataOutcome, Resolution};

use crate::output::{Style, safe};

/// The options `resolve` adds for metadata and agencies.
#[derive(Args, Clone, Debug, Default)]
pub struct MetaArgs {
    /// Also ask the DOI proxy for each DOI's metadata (content negotiation): csl-json (parsed
    /// into the record), bibtex, ris, or citeproc-style:NAME (a formatted citation, e.g.
    /// citeproc-style:apa)
    #[arg(long, value_name = "FORMAT")]
    pub metadata: Option<String>,
    /// The locale of a formatted citation (--metadata citeproc-style:NAME), e.g. de-DE
    /// [default: en-US]
    #[arg(long, value_name = "LOCALE", requires = "metadata")]
    pub locale: Option<String>,
    /// Also give each DOI's registration agency (Crossref, DataCite …) from the DOI proxy's RA
    /// service, asked once per prefix
    #[arg(long)]
    pub agency: bool,
}

impl MetaArgs {
    /// The format asked for, or a usage error.
    pub fn format(&self) -> Result<Option<MetadataFormat>, String> {
        self.metadata
            .as_deref()
            .map(|m| MetadataFormat::parse(m, self.locale.as_deref()))
            .transpose()
            .map_err(|e| format!("--metadata: {e}"))
    }
}

/// The counts of metadata and agency outcomes, for the summary.
#[derive(Default)]
pub struct Tally {
    metadata: BTreeMap<&'static str, usize>,
    agency: BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Count `r`'s metadata and agency outcomes.
    pub fn add(&mut self, r: &Resolution) {
        if let Some(m) = &r.metadata {
            *self.metadata.entry(m.outcome.as_str()).or_default() += 1;
        }
        if let Some(a) = &r.agency {
            *self.agency.entry(a.outcome.as_str()).or_default() += 1;
        }
    }

    /// The summary's lines for them (`\n  metadata: found 9, no-metadata 1` …).
    pub fn write(&self, s: &mut String) {
        crate::run::counts(s, "metadata", &self.metadata);
        crate::run::counts(s, "agency", &self.agency);
    }
}

/// Human output: the agency and the metadata of a resolution, indented under its lines. A
/// CSL-JSON record is shown as its title, first author, year and container; the text formats
/// as they are, each line indented. Everything goes through [`safe`].
pub fn human(out: &mut String, r: &Resolution, style: Style) {
    if let Some(a) = &r.agency {
        match (a.outcome, &a.name) {
            (AgencyOutcome::Found, Some(name)) => {
                let _ = writeln!(out, "  agency: {}", safe(name));
            }
            (AgencyOutcome::Skipped, _) => {}
            (o, _) => {
                let _ = writeln!(out, "  agency: {o}");
                if let Some(why) = &a.reason {
                    let _ = writeln!(out, "    {}", style.dim(&safe(why)));
                }
            }
        }
    }
    let Some(m) = &r.metadata else { return };
    match (m.outcome, &m.value) {
        (MetadataOutcome::Found, Some(serde_json::Value::Object(csl))) => {
            let _ = writeln!(out, "  metadata ({}):", m.format);
            let text = |k: &str| {
                csl.get(k)
                    .and_then(|v| v.as_str())
                    .map(|s| safe(s).into_owned())
            };
            if let Some(t) = text("title") {
                let _ = writeln!(out, "    title: {t}");
            }
            let first = csl
                .get("author")
                .and_then(|a| a.get(0))
                .and_then(|a| a.get("family").or_else(|| a.get("literal")))
                .and_then(|f| f.as_str());
            if let Some(f) = first {
                let _ = writeln!(out, "    first author: {}", safe(f));
            }
            let year = csl
                .get("issued")
                .and_then(|i| i.pointer("/date-parts/0/0"))
                .map(|y| y.to_string().trim_matches('"').to_owned());
            if let Some(y) = year {
                let _ = writeln!(out, "    year: {}", safe(&y));
            }
            if let Some(c) = text("container-title") {
                let _ = writeln!(out, "    container: {c}");
            }
        }
        (MetadataOutcome::Found, Some(serde_json::Value::String(t))) => {
            let _ = writeln!(out, "  metadata ({}):", m.format);
            for line in t.lines() {
                let _ = writeln!(out, "    {}", safe(&line.replace('\t', "  ")));
            }
        }
        (MetadataOutcome::Skipped, _) => {}
        (o, _) => {
            let _ = writeln!(out, "  metadata ({}): {o}", m.format);
            if let Some(why) = &m.reason {
                let _ = writeln!(out, "    {}", style.dim(&safe(why)));
            }
        }
    }
}
