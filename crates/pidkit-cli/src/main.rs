//! `pidkit`: check, parse, convert, compare and resolve persistent identifiers.
//!
//! A thin layer over the `pidkit` library: argument parsing, I/O and output formats only.

mod analyze;
mod cmd;
mod extract;
mod input;
mod output;
mod resolve;
mod run;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  pidkit check 'http://example.org/résumé' 'http://exa mple.org/'
  pidkit check --input examples/identifiers.txt --json
  pidkit parse 'http://user@[::1]:8080/a/b?q#f'
  cat ids.txt | pidkit check --as uri --profile rfc3986

Exit status: 0 every input valid, 1 some input invalid, 2 usage or I/O error.";

#[derive(Parser)]
#[command(
    name = "pidkit",
    version,
    about = "Check, parse, convert and compare IRIs, URIs, DOIs, URNs and IVOA identifiers",
    after_help = EXAMPLES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate identifiers and report problems with their exact position
    #[command(after_help = "\
Examples:
  pidkit check 'http://example.org/%GZ'
  pidkit check --json < ids.txt
  pidkit check --as iri --profile rfc3987 'http://example.org/a#b#c'")]
    Check(Common),
    /// Show the components of identifiers
    #[command(after_help = "\
Examples:
  pidkit parse 'http://user@例え.jp:8080/path?q=1#top'
  pidkit parse --json 'urn:isbn:0451450523'")]
    Parse(Common),
    /// Find every identifier in running text (plain text, Markdown, HTML, JSON, BibTeX)
    #[command(after_help = "\
Output: file:line:column: kind match (column counted in characters from 1).

Examples:
  pidkit extract README.md paper.bib
  curl -s https://example.org/ | pidkit extract --json

Exit status: 0 something found, 1 nothing found, 2 usage or I/O error.")]
    Extract(ExtractArgs),
    /// Resolve DOIs through the Handle API and IVOA identifiers through the Registry
    #[command(after_help = "\
Examples:
  pidkit resolve doi:10.1000/182 10/aabbe ivo://org.gavo.dc/tap
  pidkit resolve --json --concurrency 8 --rate 10/s --mailto me@example.org < dois.txt
  pidkit resolve --offline --json < dois.txt

Exit status: 0 all resolved, 1 some not found or invalid, 3 some unknown (no usable answer,
or a server error), 2 usage or I/O error.")]
    Resolve(resolve::ResolveArgs),
}

/// Options of `extract`.
#[derive(Args)]
struct ExtractArgs {
    /// Files to search; with none (or "-"), stdin
    files: Vec<PathBuf>,
    /// One JSON object per identifier found
    #[arg(long, conflicts_with = "tsv")]
    json: bool,
    /// Tab-separated values with a header line
    #[arg(long)]
    tsv: bool,
    /// Decode files in this legacy encoding and normalize to NFC
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,
    /// Colour in human output
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
}

/// What the inputs are to be read as.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum As {
    /// Decide per input
    Auto,
    /// An IRI (scheme required)
    Iri,
    /// An IRI reference (absolute or relative)
    IriRef,
    /// A URI (ASCII, scheme required)
    Uri,
    /// A URI reference (ASCII)
    UriRef,
    /// A DOI, in any written form
    Doi,
    /// A URN (RFC 8141, or RFC 2141 with --profile rfc2141)
    Urn,
    /// An IVOA identifier
    Ivo,
}

#[derive(Clone, Copy, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

/// Options shared by the line-oriented commands.
#[derive(Args)]
pub struct Common {
    /// Identifiers; with none (or "-"), one per line from stdin
    ids: Vec<String>,
    /// Read identifiers from FILE, one per line ("-" for stdin)
    #[arg(long, short, value_name = "FILE")]
    input: Option<PathBuf>,
    /// How to read the inputs
    #[arg(long = "as", value_enum, default_value_t = As::Auto)]
    as_: As,
    /// Rule set: bis (default), rfc3987, rfc3986 for IRIs; rfc8141 (default), rfc2141 for URNs;
    /// legacy for DOIs (the 2003 draft's doi: URIs)
    #[arg(long, value_name = "PROFILE")]
    profile: Option<String>,
    /// Count an identifier with warnings as invalid
    #[arg(long)]
    deny_warnings: bool,
    /// One JSON object per input (JSON Lines)
    #[arg(long, conflicts_with = "tsv")]
    json: bool,
    /// Tab-separated values with a header line (\\N marks an absent value)
    #[arg(long)]
    tsv: bool,
    /// Decode input in this legacy encoding (a WHATWG label, e.g. windows-1252, shift_jis)
    /// and normalize it to NFC; UTF-8 input (the default) is taken as it is
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,
    /// Human output: only problems; and no summary
    #[arg(long, short)]
    quiet: bool,
    /// Worker threads (default: all cores)
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Colour in human output
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match real_main(cli) {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(io::stderr(), "pidkit: {e}");
            ExitCode::from(2)
        }
    }
}

fn real_main(cli: Cli) -> Result<ExitCode, String> {
    let (common, mode) = match cli.command {
        Command::Check(c) => (c, cmd::Mode::Check),
        Command::Parse(c) => (c, cmd::Mode::Parse),
        Command::Extract(a) => return extract_main(a),
        Command::Resolve(a) => return resolve::main(a),
    };
    if let Some(n) = common.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    let color = use_color(common.color);
    let format = format_of(common.json, common.tsv);
    let job = cmd::LineCmd {
        mode,
        opts: analyze::Options::new(common.as_, common.profile.as_deref())?,
        format,
        style: output::Style { color },
        quiet: common.quiet,
        deny_warnings: common.deny_warnings,
    };
    let source = input::Source::open(
        &common.ids,
        common.input.as_deref(),
        common.encoding.as_deref(),
    )?;
    let batch = source.is_stream();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let tally = run::run(&job, source, &mut out).map_err(|e| format!("I/O error: {e}"))?;
    drop(out);
    if batch && !common.quiet {
        let _ = writeln!(io::stderr(), "{}", tally.summary());
    }
    Ok(ExitCode::from(if tally.invalid > 0 { 1 } else { 0 }))
}

fn extract_main(a: ExtractArgs) -> Result<ExitCode, String> {
    let encoding = input::encoding_for(a.encoding.as_deref())?;
    let style = output::Style {
        color: use_color(a.color),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let found = extract::run(
        &a.files,
        encoding,
        format_of(a.json, a.tsv),
        style,
        &mut out,
    )?;
    out.flush().map_err(|e| format!("I/O error: {e}"))?;
    Ok(ExitCode::from(if found > 0 { 0 } else { 1 }))
}

fn use_color(c: Color) -> bool {
    match c {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}

fn format_of(json: bool, tsv: bool) -> output::Format {
    match (json, tsv) {
        (true, _) => output::Format::Json,
        (_, true) => output::Format::Tsv,
        _ => output::Format::Human,
    }
}
