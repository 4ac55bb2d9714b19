//! `pidkit`: check, parse, convert, compare and resolve persistent identifiers.
//!
//! A thin layer over the `pidkit` library: argument parsing, I/O and output formats only.

mod cmd;
mod compact;
mod compare;
mod dedupe;
mod extract;
mod input;
mod join;
mod matching;
mod meta;
mod net;
mod output;
mod rdf;
mod rdf_scan;
mod refs;
mod resolve;
mod run;
mod table;
mod testserver;
mod values;
mod verify;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use output::Color;

const EXAMPLES: &str = "\
Examples:
  pidkit check 'http://example.org/résumé' 'http://exa mple.org/'
  printf '10.1000/182\\nN/A\\n' | pidkit check --json
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
  pidkit check --as iri --profile rfc3987 'http://example.org/a#b#c'
  pidkit check --format csv --column doi --json < refs.csv
  pidkit check -q --format ntriples --input data.nt")]
    Check(Common),
    /// Show the components of identifiers
    #[command(after_help = "\
Examples:
  pidkit parse 'http://user@例え.jp:8080/path?q=1#top'
  pidkit parse --json 'urn:isbn:0451450523'")]
    Parse(Common),
    /// Print the normal form of identifiers at a rung of the comparison ladder
    #[command(after_help = "\
Levels (draft-duerst-iri-bis-07 §5.3): simple (as written), syntax (case of scheme and host,
%XX hex case, unreserved %XX decoded, UTF-8 %XX of characters allowed in IRIs decoded, dot
segments removed; never Unicode normalization), scheme (also default ports, empty path as /,
IDN hosts in ASCII, IPv6 in RFC 5952 form, and the equivalence of doi:, urn: and ivo:).
normalize gives the form to show people: DOIs in any written form give https://doi.org/ and
the name as given (the DOI display guidelines' form; --pid-form uri for doi:, --pid-case upper
for one case), handles https://hdl.handle.net/. For grouping and joining use key, the form
equivalent identifiers share.

Examples:
  pidkit normalize 'HTTP://www.EXAMPLE.com/a/./b/../c/%7euser'
  pidkit normalize --level scheme 'http://例え.jp:80' 'URN:ISBN:0-451-45052-3'")]
    Normalize(NormalizeArgs),
    /// Print the equivalence key of identifiers: what compare and dedupe compare
    #[command(after_help = "\
The key is the identifier's normal form at the --level asked, in the one spelling equivalent
identifiers share: DOI and handle names in upper case as doi: and hdl: URIs, URNs with their
namespace in lower case, IVOIDs with their authority in lower case. Two inputs are equivalent at
that level exactly when their keys are equal. normalize gives the form to show people instead.

Examples:
  pidkit key 'https://doi.org/10.1000/abc' 'DOI: 10.1000/ABC'
  pidkit key --input dois.txt --level syntax
  pidkit key --format csv --column doi --clean --output csv < refs.csv > keyed.csv")]
    Key(KeyArgs),
    /// Map IRIs to URIs (percent-encoding as UTF-8, IDNA for DNS host names)
    #[command(
        name = "to-uri",
        after_help = "\
IDNA ToASCII is applied to the host of http, https, ws, wss and ftp IRIs (--idna any: every
host; never: none); other characters are percent-encoded as UTF-8 (§3.3-3.6). A DOI or handle
written as a name or label gives its doi: or hdl: URI; one written as a URI or URL stays as
written (--pid-form uri|url|name to choose). Human output prints one URI per line (errors go to
stderr).

Examples:
  pidkit to-uri 'http://résumé.example.org/ü?q=ä'
  pidkit to-uri --query-encoding windows-1252 'http://example.org/?q=é'"
    )]
    ToUri(ToUriArgs),
    /// Convert URIs to IRIs (§3.7): decode what may be shown as characters
    #[command(
        name = "to-iri",
        after_help = "\
Decodes %XX sequences of UTF-8 characters allowed in IRIs; keeps %25, reserved characters,
invalid UTF-8, bidi formatting characters and the like encoded (§3.7 steps 1-5); with
--unicode-hosts also turns xn-- labels of DNS hosts into Unicode (step 6).

Examples:
  pidkit to-iri 'http://www.example.org/D%C3%BCrst'
  pidkit to-iri --unicode-hosts --display 'http://xn--99zt52a.example.org/%e2%80%ae'"
    )]
    ToIri(ToIriArgs),
    /// Are two identifiers equivalent? (exit 0 yes, 1 no, 2 error)
    #[command(after_help = "\
Examples:
  pidkit compare 'http://example.com/~user' 'http://example.com/%7Euser'
  pidkit compare --level scheme 'http://example.com' 'http://example.com:80/'
  pidkit compare 'doi:10.1000/ABC' 'https://doi.org/10.1000/abc' --level scheme")]
    Compare(CompareArgs),
    /// Resolve references against a base IRI (RFC 3986 §5.2)
    #[command(after_help = "\
Examples:
  pidkit join 'http://a/b/c/d;p?q' '../g' '?y' '#s' 'g;x=1/../y'
  pidkit join --json 'http://example.org/dir/' < hrefs.txt")]
    Join(JoinArgs),
    /// Group equivalent identifiers read from stdin or a file
    #[command(after_help = "\
Prints each group of two or more equivalent identifiers (with --all, every group) in order of
first appearance, with the line numbers of its members.

Examples:
  pidkit dedupe --level scheme < urls.txt
  pidkit dedupe --json --input dois.txt
  pidkit dedupe --format csv --column doi --clean --output csv < refs.csv > unique.csv")]
    Dedupe(DedupeArgs),
    /// Find every identifier in running text (plain text, Markdown, HTML, JSON, BibTeX)
    #[command(after_help = "\
Output: file:line:column: kind match (column counted in characters from 1).

Examples:
  pidkit extract README.md paper.bib
  pidkit extract --kind doi,arxiv --unique --tsv paper.md refs.bib
  curl -s https://example.org/ | pidkit extract --json

Exit status: 0 something found, 1 nothing found, 2 usage or I/O error.")]
    Extract(ExtractArgs),
    /// Resolve DOIs through the Handle API and IVOA identifiers through the Registry
    #[command(after_help = "\
Examples:
  pidkit resolve doi:10.1000/182 10/aabbe ivo://org.gavo.dc/tap
  pidkit resolve --json --concurrency 8 --rate 10/s --mailto me@example.org < dois.txt
  pidkit resolve --offline --json < dois.txt

Try it without the internet, against the test server (it prints its address and options):
  pidkit test-server &
  pidkit resolve --no-cache --resolver http://127.0.0.1:PORT \\
    --registry http://127.0.0.1:PORT/tap 10.1000/182 10/abc ivo://org.gavo.dc
  pidkit resolve --no-cache --resolver http://127.0.0.1:PORT --metadata csl-json --agency \\
    10.1038/nature12373

Metadata: --metadata asks the DOI proxy for a resolved DOI's record by content negotiation
(GET {resolver}/{DOI} with Accept: application/vnd.citationstyles.csl+json, application/x-bibtex,
application/x-research-info-systems or text/x-bibliography; style=NAME; locale=LOCALE), which
the proxy sends on to the DOI's registration agency; --agency asks its RA service
({resolver}/ra/{prefix}) once per prefix. A 204, 404, 406 or an HTML landing page is
no-metadata, not an error; a record for another DOI, invalid JSON or a body over 2 MiB is
unknown (exit 3). Both are cached (metadata a week, agencies 30 days) and answer --offline.

Limits: an input gets --deadline (60 s) in all, whatever its retries, Retry-After waits and
HS_ALIAS hops, then it is unknown; a body over --max-size (on the wire or decoded) is refused;
a registry answer over 1,000 rows or 100,000 XML nodes is refused; a record is cached at most
30 days whatever its TTL; a failed DNS lookup is not retried; a redirect to another origin
than the service's address (another host or port) is not followed, and the reason says where
it pointed; a damaged cache is moved aside (with one warning) and not used; a cache this user
may read but not write is only read, one held by another process is not used (one warning
each; neither file is touched).

Memory: an input holds its answer (at most --max-size) only while it is read; a Handle record
keeps at most 64 KiB of the answer's JSON (the values past that are counted in the record's
values_omitted, and their URLs are not listed; the reason says so); at most 2 × --concurrency
inputs are held at once, however slow the first one: about --concurrency × (--max-size + 12 MB)
in all.

Exit status: 0 all resolved, 1 some not found or invalid, 3 some unknown (no usable answer,
or a server error), 2 usage or I/O error.")]
    Resolve(resolve::ResolveArgs),
    /// Check references (BibTeX, CSL-JSON, RIS, Markdown, text) against their DOIs' metadata
    #[command(after_help = "\
Each reference's DOI is resolved and its CSL-JSON record asked from the DOI proxy (content
negotiation, as resolve --metadata csl-json); then the title (case, punctuation, diacritics and
LaTeX markup left out; similarity at least --threshold), the first author's family name, the
year (issued, in print or online) and the container (journal, proceedings; an ISO 4
abbreviation matches its full title) are compared where both give them. A DOI found in running
text is checked against its paragraph or list item: the record's title, first author and year
must be found in it.

Status: match, mismatch (the fields that differ, both values shown), unresolved (the DOI does
not exist or is not a DOI), no-metadata (the agency has no CSL-JSON for it), unknown (no usable
answer), no-doi, unreadable (an entry the reader cannot read).

Examples:
  pidkit verify paper.bib
  pidkit verify --json refs.json notes.md
  pidkit verify --resolver http://127.0.0.1:PORT examples/refs.bib   # against pidkit test-server

Exit status: 0 nothing wrong found, 1 some mismatch, unresolved DOI or unreadable entry, 3 some
answer unknown, 2 usage or I/O error.")]
    Verify(verify::VerifyArgs),
    /// Run the test server on 127.0.0.1 (fixtures for resolve and verify; never for real use)
    #[command(name = "test-server", hide = true)]
    TestServer(testserver::TestServerArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish)
    #[command(after_help = "\
Generated from this binary's own options, so it always matches it. Install it where your
shell looks (the usual places; yours may differ), then start a new shell:
  bash        pidkit completions bash > ~/.local/share/bash-completion/completions/pidkit
  zsh         pidkit completions zsh > ~/.zfunc/_pidkit
              (and in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath))
  fish        pidkit completions fish > ~/.config/fish/completions/pidkit.fish
  PowerShell  pidkit completions powershell | Out-String | Invoke-Expression
              (add that line to $PROFILE to keep it)")]
    Completions(CompletionsArgs),
    /// Print the man page (roff), or write one page per command into a directory
    #[command(after_help = "\
Examples:
  pidkit man | man -l -
  pidkit man --dir ~/.local/share/man/man1     # pidkit.1, pidkit-check.1, …
  man pidkit-check")]
    Man(ManArgs),
}

/// Options of `completions`.
#[derive(Args)]
struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Options of `man`.
#[derive(Args)]
struct ManArgs {
    /// Write pidkit.1 and a page per command (pidkit-check.1, …) into DIR instead of printing
    /// pidkit.1 on stdout
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Options of `extract`.
#[derive(Args)]
struct ExtractArgs {
    /// Files to search; with none (or "-"), stdin
    files: Vec<PathBuf>,
    #[command(flatten)]
    out: OutputArgs,
    /// Decode files in this legacy encoding and normalize to NFC
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,
    /// Worker threads, 1 to 256 (default: all cores)
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    threads: Option<usize>,
    /// Report only identifiers of these kinds (comma-separated: doi,arxiv,iri,relative-ref …)
    #[arg(long, value_name = "KIND,…", value_parser = extract::parse_kinds)]
    kind: Option<u128>,
    /// Report each identifier once (its first occurrence), by its equivalence key at the scheme
    /// rung (what `dedupe --level scheme` groups by); across all files
    #[arg(long)]
    unique: bool,
    #[command(flatten)]
    summary: run::SummaryArgs,
}

/// `--as` and `--profile` as the library's reading options (validated once, here).
fn read_options(as_: pidkit::ReadAs, profile: Option<&str>) -> Result<pidkit::ReadOptions, String> {
    pidkit::ReadOptions::new(as_, profile)
}

/// A rung of the comparison ladder.
#[derive(Clone, Copy, ValueEnum)]
enum LevelArg {
    /// Code points as written (§5.3.1)
    Simple,
    /// Syntax-based normalization (§5.3.2)
    Syntax,
    /// Scheme-based normalization too (§5.3.3)
    Scheme,
}

impl From<LevelArg> for pidkit::Level {
    fn from(l: LevelArg) -> Self {
        match l {
            LevelArg::Simple => pidkit::Level::Simple,
            LevelArg::Syntax => pidkit::Level::Syntax,
            LevelArg::Scheme => pidkit::Level::Scheme,
        }
    }
}

/// Which hosts get IDNA ToASCII.
#[derive(Clone, Copy, ValueEnum)]
enum IdnaArg {
    /// DNS schemes only: http, https, ws, wss, ftp
    Dns,
    /// Every host
    Any,
    /// None (non-ASCII hosts are percent-encoded)
    Never,
}

impl From<IdnaArg> for pidkit::Idna {
    fn from(i: IdnaArg) -> Self {
        match i {
            IdnaArg::Dns => pidkit::Idna::DnsSchemes,
            IdnaArg::Any => pidkit::Idna::AnyAuthority,
            IdnaArg::Never => pidkit::Idna::Never,
        }
    }
}

/// How `--display` shows identifiers.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DisplayArg {
    /// Unicode, with right-to-left text wrapped in LRE…PDF
    Unicode,
    /// Also percent-encode everything that is not ASCII
    Ascii,
}

/// The help of `--level`: the default and why.
const LEVEL_HELP: &str = "The rung of the comparison ladder. Default scheme: the identifier \
schemes define their equivalence there (DOI names ignore ASCII case, doi URI scheme §3; \
URN-equivalence, RFC 8141 §3; IVOIDs, IVOA Identifiers §2.6), and RFC 3986 §6.2.3's rules are \
safe; syntax and simple for less";

/// Options of `normalize`.
#[derive(Args)]
struct NormalizeArgs {
    #[command(flatten)]
    common: Common,
    #[arg(long, value_enum, default_value_t = LevelArg::Scheme, help = LEVEL_HELP)]
    level: LevelArg,
    #[command(flatten)]
    pid: PidOutputArgs,
    #[command(flatten)]
    case: PidCaseArgs,
}

/// Options of `key`.
#[derive(Args)]
struct KeyArgs {
    #[command(flatten)]
    common: Common,
    #[arg(long, value_enum, default_value_t = LevelArg::Scheme, help = LEVEL_HELP)]
    level: LevelArg,
}

/// How PIDs with several written forms (DOIs, handles) are written in output (`--pid-form`;
/// `--doi-form` is its old name, kept as an alias).
#[derive(Args)]
struct PidOutputArgs {
    /// The written form of PIDs with several (DOIs, handles) in the output (alias: --doi-form)
    #[arg(long, visible_alias = "doi-form", value_name = "FORM",
          value_parser = values::pid_form(), default_value = "auto")]
    pid_form: pidkit::PidForm,
}

impl PidOutputArgs {
    /// The output options; names keep their case (only `normalize` changes it).
    fn output(&self) -> pidkit::PidOutput {
        pidkit::PidOutput {
            form: self.pid_form,
            ..Default::default()
        }
    }
}

/// `normalize`'s case of DOI and handle names (`--pid-case`; `--doi-case` is its old name).
#[derive(Args)]
struct PidCaseArgs {
    /// The case of DOI and handle names at --level scheme, where they compare case-insensitively
    /// in ASCII: as given (the default, as the DOI display guidelines ask), upper or lower (alias:
    /// --doi-case)
    #[arg(long, visible_alias = "doi-case", value_name = "CASE",
          value_parser = values::pid_case(), default_value = "as-given")]
    pid_case: pidkit::PidCase,
}

/// Options of `to-uri`.
#[derive(Args)]
struct ToUriArgs {
    #[command(flatten)]
    common: Common,
    /// Which hosts get IDNA ToASCII
    #[arg(long, value_enum, default_value_t = IdnaArg::Dns)]
    idna: IdnaArg,
    /// Encode the query of http(s) IRIs in this document charset (§3.5); defaults to the
    /// --encoding of the input, if one is given
    #[arg(long, value_name = "LABEL")]
    query_encoding: Option<String>,
    #[command(flatten)]
    pid: PidOutputArgs,
}

/// Options of `to-iri`.
#[derive(Args)]
struct ToIriArgs {
    #[command(flatten)]
    common: Common,
    /// Convert xn-- labels of DNS hosts to Unicode (§3.7 step 6)
    #[arg(long)]
    unicode_hosts: bool,
    /// Which hosts --unicode-hosts applies to
    #[arg(long, value_enum, default_value_t = IdnaArg::Dns)]
    idna: IdnaArg,
    #[command(flatten)]
    pid: PidOutputArgs,
}

/// Options of `compare`.
#[derive(Args)]
struct CompareArgs {
    /// The first identifier
    a: String,
    /// The second identifier
    b: String,
    #[arg(long, value_enum, default_value_t = LevelArg::Scheme, help = LEVEL_HELP)]
    level: LevelArg,
    /// How to read the inputs
    #[arg(long = "as", value_name = "KIND", value_parser = values::read_as(), default_value = "auto")]
    as_: pidkit::ReadAs,
    /// Rule sets (see `check --help`)
    #[arg(long, value_name = "PROFILE")]
    profile: Option<String>,
    #[command(flatten)]
    out: OutputArgs,
}

/// Options of `join`.
#[derive(Args)]
struct JoinArgs {
    /// The base IRI
    base: String,
    /// References; with none (or "-"), one per line from stdin
    refs: Vec<String>,
    /// Read references from FILE ("-" for stdin)
    #[arg(long, short, value_name = "FILE")]
    input: Option<PathBuf>,
    /// Blank lines of a file or stdin are references too: the empty reference, which
    /// resolves to the base without its fragment (RFC 3986 §5.4.1); by default they are skipped
    #[arg(long)]
    keep_blank: bool,
    /// RFC 3986 §5.2.2's non-strict reading: "http:g" against an http base is "g"
    #[arg(long)]
    non_strict: bool,
    /// Rule set: bis (default), rfc3987, rfc3986
    #[arg(long, value_name = "PROFILE")]
    profile: Option<String>,
    #[command(flatten)]
    out: OutputArgs,
    /// Decode input in this legacy encoding and normalize it to NFC
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,
    /// Worker threads, 1 to 256 (default: all cores)
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    threads: Option<usize>,
    #[command(flatten)]
    summary: run::SummaryArgs,
}

/// Options of `dedupe`.
#[derive(Args)]
struct DedupeArgs {
    #[command(flatten)]
    common: Common,
    #[arg(long, value_enum, default_value_t = LevelArg::Scheme, help = LEVEL_HELP)]
    level: LevelArg,
    /// Print groups of one member too
    #[arg(long)]
    all: bool,
}

/// How results are written: human text (the default), JSON Lines or TSV.
#[derive(Args)]
struct OutputArgs {
    /// One JSON object per record (JSON Lines)
    #[arg(long, conflicts_with = "tsv")]
    json: bool,
    /// Tab-separated values with a header line (\N marks an absent value)
    #[arg(long)]
    tsv: bool,
    #[arg(long, requires = "json", help = output::COMPACT_HELP)]
    compact: bool,
    /// Colour in human output
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
}

impl OutputArgs {
    fn format(&self) -> output::Format {
        match (self.json, self.tsv) {
            (true, _) => output::Format::Json,
            (_, true) => output::Format::Tsv,
            _ => output::Format::Human,
        }
    }

    fn style(&self) -> output::Style {
        self.color.style()
    }
}

/// What the input file is (`--format`).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// One identifier per line
    Lines,
    /// Comma-separated values (RFC 4180 quoting): one column of each row
    Csv,
    /// Tab-separated values (RFC 4180 quoting with tabs): one column of each row
    Tsv,
    /// N-Triples: every IRI of every statement
    Ntriples,
    /// N-Quads: every IRI of every statement, graph names too
    Nquads,
}

/// How `--output` writes a table back.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TableOutputArg {
    /// Comma-separated values
    Csv,
    /// Tab-separated values
    Tsv,
}

/// The options of tabular and RDF input, and of writing a table back.
#[derive(Args)]
struct TableArgs {
    /// What the file or stdin is: lines (default); a table, csv or tsv (--column says which
    /// column holds the identifiers; a header line unless --no-header); or RDF, ntriples or
    /// nquads (every IRI of every statement)
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = FormatArg::Lines)]
    format: FormatArg,
    /// The column of the table that holds the identifiers: its name in the header, or its
    /// number from 1 (needed unless the table has one column)
    #[arg(long, value_name = "NAME|N")]
    column: Option<String>,
    /// The table has no header line: every line is a row (give --column N)
    #[arg(long)]
    no_header: bool,
    /// Write the table back, every cell as it was, with columns added: kind, valid, error
    /// and the command's result (key, normalized, uri, iri); a name the header has already
    /// is prefixed with pidkit_
    #[arg(long, value_enum, value_name = "csv|tsv", conflicts_with_all = ["json", "tsv"])]
    output: Option<TableOutputArg>,
}

impl TableArgs {
    /// How the stream is read.
    fn input_format(&self) -> Result<input::Format, String> {
        let table = |delimiter| {
            input::Format::Table(table::TableOptions {
                delimiter,
                header: !self.no_header,
                column: self.column.clone(),
            })
        };
        let format = match self.format {
            FormatArg::Lines => input::Format::Lines,
            FormatArg::Csv => table(b','),
            FormatArg::Tsv => table(b'\t'),
            FormatArg::Ntriples => input::Format::Rdf(false),
            FormatArg::Nquads => input::Format::Rdf(true),
        };
        if !matches!(format, input::Format::Table(_)) {
            let given = [
                (self.column.is_some(), "--column"),
                (self.no_header, "--no-header"),
                (self.output.is_some(), "--output"),
            ];
            if let Some((_, flag)) = given.iter().find(|(on, _)| *on) {
                return Err(format!(
                    "{flag} is for tables: read one with --format csv or --format tsv"
                ));
            }
        }
        Ok(format)
    }

    /// `--as` as given, or its default for this format: `iri` for RDF, `auto` otherwise.
    fn read_as(&self, as_: Option<pidkit::ReadAs>) -> pidkit::ReadAs {
        as_.unwrap_or(match self.format {
            FormatArg::Ntriples | FormatArg::Nquads => pidkit::ReadAs::Iri,
            _ => pidkit::ReadAs::Auto,
        })
    }

    /// The delimiter `--output` writes with.
    fn output_delimiter(&self) -> Option<u8> {
        self.output.map(|o| match o {
            TableOutputArg::Csv => b',',
            TableOutputArg::Tsv => b'\t',
        })
    }
}

/// Options shared by the line-oriented commands.
#[derive(Args)]
pub struct Common {
    /// Identifiers; with none (or "-"), one per line from stdin
    ids: Vec<String>,
    /// Read identifiers from FILE, one per line ("-" for stdin)
    #[arg(long, short, value_name = "FILE")]
    input: Option<PathBuf>,
    /// Read blank lines of a file or stdin as inputs (the empty string, an error). By default
    /// each gets a blank record ("blank": true; an empty line from normalize, to-uri, to-iri
    /// and key), so output lines up with input
    #[arg(long, conflicts_with = "skip_blank")]
    keep_blank: bool,
    /// Skip the blank lines of a file or stdin (counted in the summary): output no longer lines
    /// up with input
    #[arg(long)]
    skip_blank: bool,
    /// How to read the inputs [default: auto; iri under --format ntriples|nquads, which allow
    /// absolute IRIs only]
    #[arg(long = "as", value_name = "KIND", value_parser = values::read_as())]
    as_: Option<pidkit::ReadAs>,
    #[arg(long, value_name = "PROFILE", long_help = values::profile_help(),
          help = "Rule sets, separated by commas: bis (default), rfc3987, rfc3986 for IRIs; the schemes' own (see --help)")]
    profile: Option<String>,
    #[command(flatten)]
    table: TableArgs,
    /// Count an identifier with warnings as invalid (except those of --allow)
    #[arg(long)]
    deny_warnings: bool,
    /// Count an identifier with a warning of one of these codes as invalid
    #[arg(long, value_name = "CODE,…", value_delimiter = ',')]
    deny: Vec<String>,
    /// Never count an identifier invalid for a warning of one of these codes, even under
    /// --deny-warnings
    #[arg(long, value_name = "CODE,…", value_delimiter = ',')]
    allow: Vec<String>,
    /// Clean each input as `extract` reads identifiers in text, and say what was removed
    /// (cleaned-* warnings; `mapped` is the cleaned text): a byte-order mark, whitespace,
    /// DOI:/doi labels, brackets and quotes around, trailing sentence punctuation, BibTeX,
    /// JSON and HTML escapes
    #[arg(long)]
    clean: bool,
    #[command(flatten)]
    out: OutputArgs,
    /// Decode input in this legacy encoding (a WHATWG label, e.g. windows-1252, shift_jis)
    /// and normalize it to NFC; UTF-8 input (the default) is taken as it is
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,
    #[command(flatten)]
    summary: run::SummaryArgs,
    /// Human output: show identifiers in display form (§4.1, §8.6): right-to-left text wrapped
    /// in LRE…PDF; with =ascii also percent-encode what an ASCII-only display cannot show
    #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "unicode", require_equals = true)]
    display: Option<DisplayArg>,
    /// Worker threads, 1 to 256 (default: all cores)
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    threads: Option<usize>,
}

/// What `-q` leaves out, for each command whose human output has something to leave out; the
/// others accept it (scripts pass it to every command) and say that their output is all
/// results.
const QUIET_HELP: &[(&str, &str)] = &[
    (
        "check",
        "Human output: leave out the inputs that are ok without warnings, and blank lines; problems and the summary stay",
    ),
    (
        "parse",
        "Human output: leave out the inputs that are ok without warnings, and blank lines; problems and the summary stay",
    ),
    (
        "resolve",
        "Human output: leave out the inputs that resolved; the others and the summary stay",
    ),
];

/// The command line as clap builds it from the definitions above, with `-q` explained for each
/// command: the one parser, and the source of completions and man pages.
fn cli_command() -> clap::Command {
    let mut cmd = Cli::command();
    let names: Vec<String> = cmd
        .get_subcommands()
        .filter(|c| c.get_arguments().any(|a| a.get_id() == "quiet"))
        .map(|c| c.get_name().to_owned())
        .collect();
    for name in names {
        let help = QUIET_HELP
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(
                "Accepted as in every command; nothing to leave out here: the output is all results (problems on stderr), the summary stays",
                |(_, h)| *h,
            );
        cmd = cmd.mut_subcommand(name, |c| c.mut_arg("quiet", |a| a.help(help)));
    }
    cmd
}

fn main() -> ExitCode {
    panic_reports();
    let cli = match Cli::from_arg_matches(&cli_command().get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match real_main(cli) {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(io::stderr(), "pidkit: {e}");
            ExitCode::from(2)
        }
    }
}

/// Output written with `print!` panics on a closed pipe ("failed printing to stdout: Broken
/// pipe"); like every other write to a closed stdout, that ends the process quietly with status
/// 0 (see `output::Stdout`). A panic inside redb is a damaged cache file: the resolver's cache
/// catches it and says so once ("… is damaged …"), so Rust's report of it is not shown. Any
/// other panic is reported as usual.
fn panic_reports() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info
            .location()
            .is_some_and(|l| l.file().replace('\\', "/").contains("/redb-"))
        {
            return;
        }
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn real_main(cli: Cli) -> Result<ExitCode, String> {
    if let Some((help, implicit)) = cli.command.input_help()
        && let Some(hint) = input::terminal_stdin_hint(&help, implicit, io::stdin().is_terminal())
    {
        return Err(hint);
    }
    use pidkit::record::Op;
    let (common, mode, op) = match cli.command {
        Command::Check(c) => (c, cmd::Mode::Check, Op::Read),
        Command::Parse(c) => (c, cmd::Mode::Parse, Op::Read),
        Command::Normalize(a) => (
            a.common,
            cmd::Mode::Transform,
            Op::Normalize(
                a.level.into(),
                pidkit::PidOutput {
                    case: a.case.pid_case,
                    ..a.pid.output()
                },
            ),
        ),
        Command::Key(a) => (a.common, cmd::Mode::Transform, Op::Key(a.level.into())),
        Command::ToUri(a) => {
            let mut t = pidkit::ToUri::new().idna(a.idna.into());
            // §3.1: text from a legacy encoding keeps it as the document charset (§3.5).
            let label = a.query_encoding.as_deref().or(a.common.encoding.as_deref());
            if let Some(label) = label {
                let enc = pidkit::Encoding::for_label(label.as_bytes())
                    .ok_or_else(|| format!("unknown encoding label '{label}'"))?;
                t = t.query_encoding(enc);
            }
            (a.common, cmd::Mode::Transform, Op::ToUri(t, a.pid.output()))
        }
        Command::ToIri(a) => {
            let t = pidkit::ToIri::new()
                .idna(a.idna.into())
                .unicode_hosts(a.unicode_hosts);
            (a.common, cmd::Mode::Transform, Op::ToIri(t, a.pid.output()))
        }
        Command::Compare(a) => {
            let opts = read_options(a.as_, a.profile.as_deref())?;
            let style = a.out.style();
            let format = a.out.format();
            let stdout = output::Stdout::lock(style).compact(a.out.compact);
            return compare::main(&a.a, &a.b, &opts, a.level.into(), format, style, stdout);
        }
        Command::Join(a) => return join_main(a),
        Command::Dedupe(a) => return dedupe_main(a),
        Command::Extract(a) => return extract_main(a),
        Command::Resolve(a) => return resolve::main(a),
        Command::TestServer(a) => return testserver::main(a),
        Command::Verify(a) => return verify::main(a),
        Command::Completions(a) => return completions_main(a),
        Command::Man(a) => return man_main(a),
    };
    set_threads(common.threads)?;
    let format = common.table.input_format()?;
    let as_ = common.table.read_as(common.as_);
    let opts = read_options(as_, common.profile.as_deref())?;
    let deny: Vec<&str> = common.deny.iter().map(String::as_str).collect();
    let allow: Vec<&str> = common.allow.iter().map(String::as_str).collect();
    let policy = pidkit::record::Policy::new(common.deny_warnings, &deny, &allow)?;
    let mut source = input::Source::open(
        &common.ids,
        common.input.as_deref(),
        common.encoding.as_deref(),
    )?
    .blank(match (common.keep_blank, common.skip_blank) {
        (true, _) => input::Blank::Input,
        (_, true) => input::Blank::Skip,
        _ => input::Blank::Record,
    })
    .format(&format)?;
    let mut job = cmd::LineCmd {
        mode,
        req: pidkit::record::Request::new(op, opts)
            .policy(policy)
            .clean(common.clean)
            .warnings(true),
        format: common.out.format(),
        style: common.out.style(),
        quiet: common.summary.quiet,
        display: common.display.map(|d| d == DisplayArg::Ascii),
        shape: input::Shape::of(&source),
        table: None,
        compact: common.out.compact,
    };
    if let (Some(delimiter), Some(t)) = (common.table.output_delimiter(), source.table_mut()) {
        t.keep_raw(true);
        let bom = t.bom_removed;
        job.table = Some(table::TableOut::new(
            t,
            delimiter,
            &job.table_columns(),
            bom,
        ));
    }
    run_lines(&job, source, common.summary, &common.out)
}

impl Command {
    /// For a command that reads its input from stdin when given none: how it is given input,
    /// and whether it would read stdin now without being asked to (no arguments other than a
    /// lone `-`, no `--input`).
    fn input_help(&self) -> Option<(input::InputHelp, bool)> {
        let ids = "'http://example.org/' 10.1000/182";
        let lines = |command, c: &Common| {
            let help = input::InputHelp {
                command,
                fixed: String::new(),
                example: ids,
                input_flag: true,
            };
            Some((help, c.ids.is_empty() && c.input.is_none()))
        };
        match self {
            Command::Check(c) => lines("check", c),
            Command::Parse(c) => lines("parse", c),
            Command::Normalize(a) => lines("normalize", &a.common),
            Command::Key(a) => lines("key", &a.common),
            Command::ToUri(a) => lines("to-uri", &a.common),
            Command::ToIri(a) => lines("to-iri", &a.common),
            Command::Dedupe(a) => lines("dedupe", &a.common),
            Command::Join(a) => Some((
                input::InputHelp {
                    command: "join",
                    fixed: shell_quote(&a.base),
                    example: "../c '?q'",
                    input_flag: true,
                },
                a.refs.is_empty() && a.input.is_none(),
            )),
            Command::Extract(a) => Some((
                input::InputHelp {
                    command: "extract",
                    fixed: String::new(),
                    example: "paper.md notes.txt",
                    input_flag: false,
                },
                a.files.is_empty(),
            )),
            Command::Resolve(a) => Some((
                input::InputHelp {
                    command: "resolve",
                    fixed: String::new(),
                    example: "10.1000/182 ivo://ivoa.net/std/TAP",
                    input_flag: true,
                },
                a.reads_stdin_implicitly(),
            )),
            Command::Compare(_)
            | Command::Completions(_)
            | Command::Man(_)
            | Command::TestServer(_)
            | Command::Verify(_) => None,
        }
    }
}

/// `text` as one word for a POSIX shell, in single quotes where it needs them.
fn shell_quote(text: &str) -> String {
    let plain = |b: u8| b.is_ascii_alphanumeric() || b"/:._-,+=@%".contains(&b);
    if !text.is_empty() && text.bytes().all(plain) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// `pidkit completions SHELL`: the script on stdout.
fn completions_main(a: CompletionsArgs) -> Result<ExitCode, String> {
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cli_command(), "pidkit", &mut script);
    write_stdout(&script)
}

/// `pidkit man`: pidkit.1 on stdout, or every page into `--dir` (pidkit.1, pidkit-check.1, …).
fn man_main(a: ManArgs) -> Result<ExitCode, String> {
    let mut cmd = cli_command().disable_help_subcommand(true);
    cmd.build();
    let source = format!("pidkit {}", env!("CARGO_PKG_VERSION"));
    let page = |c: clap::Command| clap_mangen::Man::new(c).source(&source).manual("pidkit");
    let Some(dir) = a.dir else {
        let mut roff = Vec::new();
        page(cmd)
            .render(&mut roff)
            .map_err(|e| format!("I/O error: {e}"))?;
        return write_stdout(&roff);
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| format!("cannot create the directory {}: {e}", dir.display()))?;
    let mut pages: Vec<clap_mangen::Man> = cmd
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| page(c.clone()))
        .collect();
    pages.push(page(cmd));
    for man in pages {
        let path = dir.join(man.get_filename());
        let mut roff = Vec::new();
        man.render(&mut roff)
            .map_err(|e| format!("cannot render {}: {e}", path.display()))?;
        write_page(&path, &roff)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Write one man page: never through a symbolic link (a `pidkit.1` that points elsewhere is
/// refused, not followed), and whole or not at all (a temporary file beside it, renamed over
/// it), naming the file on any error.
fn write_page(path: &std::path::Path, roff: &[u8]) -> Result<(), String> {
    let shown = path.display();
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(format!(
            "{shown} is a symbolic link: not written through it (remove it, or write into another --dir)"
        ));
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(roff).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {shown}: {e}")
    })
}

/// Write generated text on stdout (a closed pipe ends quietly, as everywhere).
fn write_stdout(bytes: &[u8]) -> Result<ExitCode, String> {
    let mut out = output::Stdout::lock(output::Style::PLAIN);
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| format!("I/O error: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

/// Said once when a byte-order mark starts the input.
pub const BOM_NOTE: &str =
    "pidkit: note: the byte-order mark (U+FEFF) at the start of the input was removed";

/// Run a line job over `source`; a summary on stderr for streamed input; the exit status.
fn run_lines(
    job: &dyn run::LineJob,
    source: input::Source,
    summary: run::SummaryArgs,
    args: &OutputArgs,
) -> Result<ExitCode, String> {
    let style = args.style();
    let batch = source.is_stream();
    source.hint_files();
    // `--compact` is done by the workers, record by record (`run::run`).
    let mut out = io::BufWriter::with_capacity(1 << 16, output::Stdout::lock(style));
    let mut err = output::stderr(style);
    let tally = run::run(job, source, &mut out, &mut err, args.compact)
        .map_err(|e| format!("I/O error: {e}"))?;
    drop(out);
    if tally.bom_removed {
        let _ = writeln!(io::stderr(), "{BOM_NOTE}");
    }
    if let Some(note) = job.note() {
        let _ = writeln!(io::stderr(), "{note}");
    }
    if summary.wanted(batch) {
        let _ = writeln!(io::stderr(), "{}", tally.summary());
    }
    Ok(ExitCode::from(if tally.invalid > 0 { 1 } else { 0 }))
}

/// The most worker threads `--threads` accepts: past the cores, threads only add memory and
/// contention (thousands of them exhaust the system).
const MAX_THREADS: usize = 256;

fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "{s:?} is not a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

fn set_threads(n: Option<usize>) -> Result<(), String> {
    if let Some(n) = n {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn join_main(a: JoinArgs) -> Result<ExitCode, String> {
    set_threads(a.threads)?;
    let opts = read_options(pidkit::ReadAs::IriRef, a.profile.as_deref())?;
    let job = join::JoinCmd {
        base: join::JoinCmd::parse_base(&a.base, &opts)?,
        mode: if a.non_strict {
            pidkit::ReferenceResolution::NonStrict
        } else {
            pidkit::ReferenceResolution::Strict
        },
        opts,
        format: a.out.format(),
        style: a.out.style(),
    };
    let source = input::Source::open(&a.refs, a.input.as_deref(), a.encoding.as_deref())?
        .keep_blank(a.keep_blank);
    run_lines(&job, source, a.summary, &a.out)
}

fn dedupe_main(a: DedupeArgs) -> Result<ExitCode, String> {
    let c = a.common;
    set_threads(c.threads)?;
    let format = c.table.input_format()?;
    let mut source = input::Source::open(&c.ids, c.input.as_deref(), c.encoding.as_deref())?
        .keep_blank(c.keep_blank)
        .format(&format)?;
    let mut job = dedupe::Dedupe {
        opts: read_options(c.table.read_as(c.as_), c.profile.as_deref())?,
        level: a.level.into(),
        format: c.out.format(),
        style: c.out.style(),
        all: a.all,
        summary: c.summary,
        clean: c.clean,
        shape: input::Shape::of(&source),
        table: None,
    };
    if let (Some(delimiter), Some(t)) = (c.table.output_delimiter(), source.table_mut()) {
        t.keep_raw(true);
        let bom = t.bom_removed;
        job.table = Some(table::TableOut::new(
            t,
            delimiter,
            &dedupe::TABLE_COLUMNS,
            bom,
        ));
    }
    source.hint_files();
    let stdout = output::Stdout::lock(job.style).compact(c.out.compact);
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
    let ok = job
        .run(source, &mut out)
        .map_err(|e| format!("I/O error: {e}"))?;
    Ok(ExitCode::from(if ok { 0 } else { 1 }))
}

fn extract_main(a: ExtractArgs) -> Result<ExitCode, String> {
    let started = std::time::Instant::now();
    set_threads(a.threads)?;
    let encoding = input::encoding_for(a.encoding.as_deref())?;
    let style = a.out.style();
    let stdout = output::Stdout::lock(style).compact(a.out.compact);
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout);
    let how = extract::How {
        format: a.out.format(),
        style,
        kinds: a.kind,
        unique: a.unique,
    };
    let found = extract::run(&a.files, encoding, how, &mut out)?;
    out.flush().map_err(|e| format!("I/O error: {e}"))?;
    let total = found.values().sum::<usize>();
    if a.summary.wanted(true) {
        let files = a.files.len().max(1);
        let mut s = format!(
            "pidkit: {total} identifier{} found in {files} file{} in {:.2} s",
            if total == 1 { "" } else { "s" },
            if files == 1 { "" } else { "s" },
            started.elapsed().as_secs_f64(),
        );
        run::counts(&mut s, "kinds", &found);
        let _ = writeln!(io::stderr(), "{s}");
    }
    Ok(ExitCode::from(if total > 0 { 0 } else { 1 }))
}

#[cfg(test)]
mod tests {
    use super::shell_quote;

    #[test]
    fn shell_quote_makes_one_word() {
        assert_eq!(shell_quote("http://a/b?x=1"), "'http://a/b?x=1'");
        assert_eq!(shell_quote("http://a/b"), "http://a/b");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
