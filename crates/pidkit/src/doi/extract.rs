//! Finding DOIs in running text the way a careful reader does: prose, Markdown, HTML, BibTeX.

use std::borrow::Cow;

use super::forms::DoiForm;
use super::name::{Doi, DoiProfile};
use crate::handle_system::is_graphic;
use crate::pct;
use crate::text::{self, Edit, ends_with_pat};

/// A DOI found in text: the byte span of everything that belongs to it (a `doi:` label or
/// resolver URL included), the DOI name, and the form it was written in.
/// ```
/// let text = "as DOI 10.1000/182 says";
/// let f = pidkit::doi::find_iter(text).next().unwrap();
/// assert_eq!((f.start, f.end, f.doi.as_str()), (3, 18, "10.1000/182"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found<'a> {
    /// Byte offset where the DOI (with its `doi:` / URL lead-in) starts.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// The DOI name (percent-decoded from URLs and URIs, `&lt;` `&gt;` `&amp;` decoded).
    pub doi: Doi<'a>,
    /// How it was written.
    pub form: DoiForm,
    /// The DOI as written, `text[start..end]`, with JSON and BibTeX escapes read (`\/`, `\_`)
    /// and the line break of a DOI broken across lines left out ("Broken lines" in the
    /// documentation of `pidkit::extract`).
    pub text: Cow<'a, str>,
    /// It ends at a line end where it may go on in the next line, which does not say so
    /// clearly (as `truncated` of `pidkit::extract::Found` says).
    pub truncated: bool,
}

/// Iterator over the DOIs in a text (see [`find_iter`]).
/// ```
/// assert_eq!(pidkit::doi::find_iter("10.1000/1 and 10.1000/2").count(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct FoundIter<'a> {
    text: &'a str,
    pos: usize,
    token: Token,
    /// The DOI after the one to be given next, found ahead: its lead-in may reach back into the
    /// one before, which then ends there (see [`FoundIter::next`]).
    ahead: Option<Candidate<'a>>,
}

/// A DOI found, with what it was read with, to read it again shorter.
#[derive(Debug, Clone)]
struct Candidate<'a> {
    found: Found<'a>,
    /// Where its `10.` is.
    p: usize,
    token: Token,
    min_start: usize,
}

/// What the text before a candidate says about the token it is in, kept up to date as the
/// iterator moves on: one pass over the text instead of a scan back from every candidate.
#[derive(Debug, Clone, Default)]
struct Token {
    /// The bytes before this have been looked at.
    upto: usize,
    /// Where the current token starts (after whitespace or `"`), for `://`.
    start: usize,
    /// `://` in `text[start..upto]`: a DOI here is inside a URL.
    url: bool,
    /// `?` since the last whitespace: a DOI here is inside a URL's query.
    query: bool,
}

impl Token {
    /// Look at the bytes up to `to`. Only those after the last whitespace matter, so the
    /// search for it goes back from `to` and the rest is skipped: each byte is looked at at
    /// most twice however the candidates fall.
    fn advance(&mut self, b: &[u8], to: usize) {
        if to <= self.upto {
            return;
        }
        if let Some(k) = b[self.upto..to].iter().rposition(u8::is_ascii_whitespace) {
            let k = self.upto + k;
            *self = Token {
                upto: k + 1,
                start: k + 1,
                url: false,
                query: false,
            };
        }
        for k in self.upto..to {
            match b[k] {
                b'"' => {
                    self.start = k + 1;
                    self.url = false;
                }
                b'?' => self.query = true,
                b'/' if k >= self.start + 2 && &b[k - 2..k] == b":/" => self.url = true,
                b'/' if k >= self.start + 4 && &b[k - 4..k] == b":\\/\\" => self.url = true,
                _ => {}
            }
        }
        self.upto = self.upto.max(to);
    }
}

/// Find the DOIs in running text, in order.
///
/// A DOI starts at `10.` and a registrant code of at least four digits (not inside a longer
/// word or number); a `doi:` / `DOI ` label, an `info:doi/` or `urn:doi:` lead-in, or a
/// doi.org / dx.doi.org URL in front of it is included in the span. It ends at whitespace, at
/// a `"` or `` ` ``, at `,` `;` or `|` followed at once by another DOI (`10.1000/a,10.1000/b`:
/// a list written without spaces), at an HTML tag or entity other than `&lt;` `&gt;` `&amp;`,
/// at a closing bracket that closes nothing inside the DOI, at a percent-encoding of a control
/// character (in URLs and `doi:` URIs), and — in URLs — at `?`, `#` (and `&` in a query) and
/// at percent-encoded octets that are not UTF-8. Sentence punctuation at its end (`.` `,` `;`
/// `:` `!` `?` quotes, `*`) is left out, while a closing bracket that balances one inside the
/// DOI is kept.
///
/// ```
/// use pidkit::doi::{find_iter, DoiForm};
/// let text = "Cited as doi:10.1000/182, and (see https://doi.org/10.1061/(asce)0733-9402(1983)109:3(201)).";
/// let found: Vec<_> = find_iter(text).collect();
/// assert_eq!(found.len(), 2);
/// assert_eq!((found[0].doi.as_str(), found[0].form), ("10.1000/182", DoiForm::Uri));
/// assert_eq!(&text[found[0].start..found[0].end], "doi:10.1000/182");
/// assert_eq!(found[1].doi.as_str(), "10.1061/(asce)0733-9402(1983)109:3(201)");
/// assert_eq!(found[1].form, DoiForm::Url);
/// ```
pub fn find_iter(text: &str) -> FoundIter<'_> {
    FoundIter {
        text,
        pos: 0,
        token: Token::default(),
        ahead: None,
    }
}

impl<'a> Iterator for FoundIter<'a> {
    type Item = Found<'a>;

    /// The DOI found ahead, or the next one; and the one after it, ahead. When that one's
    /// lead-in reaches back into this one — `10.1000/a,doi: 10.1000/b`, where a suffix may hold
    /// `a,doi` — the reader sees two DOIs: this one ends before the lead-in (read again up to
    /// there), or, where that leaves it no suffix, the next one is read without its lead-in.
    /// Spans never overlap, and no DOI is lost.
    fn next(&mut self) -> Option<Found<'a>> {
        let mut this = match self.ahead.take() {
            Some(c) => c,
            None => self.search(0)?,
        };
        let mut next = self.search(0);
        if let Some(n) = &next
            && n.found.start < this.found.end
        {
            match candidate(
                self.text,
                this.p,
                &this.token,
                this.min_start,
                n.found.start,
            ) {
                Some(shorter) => this.found = shorter,
                None => {
                    self.pos = n.p;
                    self.token = n.token.clone();
                    next = self.search(this.found.end);
                }
            }
        }
        self.ahead = next;
        Some(this.found)
    }
}

impl<'a> FoundIter<'a> {
    /// The first DOI whose `10.` is at or after `self.pos`, with its lead-in if that starts at
    /// or after `min_start` (else read as a bare name).
    fn search(&mut self, min_start: usize) -> Option<Candidate<'a>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() {
            let Some(k) = memchr::memmem::find(&b[self.pos..], b"10.") else {
                self.pos = b.len();
                return None;
            };
            let p = self.pos + k;
            self.token.advance(b, p);
            match candidate(self.text, p, &self.token, min_start, b.len()) {
                Some(found) => {
                    self.pos = found.end;
                    return Some(Candidate {
                        found,
                        p,
                        token: self.token.clone(),
                        min_start,
                    });
                }
                None => self.pos = p + 3,
            }
        }
        None
    }
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// What is written before the `10.` of a DOI.
struct LeadIn {
    /// Where the DOI's span starts.
    start: usize,
    form: DoiForm,
    /// The separator is `:` (`urn:doi:10.1000:182`).
    urn: bool,
    /// URL rules apply (`?` `#` end the DOI, `%XX` is decoded).
    url: bool,
    /// A line break in the lead-in: a resolver URL broken after `doi.org/`, a label (`DOI:`)
    /// at the end of the line before; read as nothing, or as one space.
    gap: Option<Edit>,
}

impl LeadIn {
    /// No lead-in: the name at `p` as written bare, by URL rules inside another URL (a
    /// publisher's link).
    fn none(p: usize, token: &Token) -> LeadIn {
        LeadIn {
            start: p,
            form: DoiForm::Name,
            urn: false,
            url: token.url,
            gap: None,
        }
    }
}

/// Where `b[..p]` ends with one line break between spaces or tabs: the start of that
/// whitespace. (A blank line ends a lead-in.)
fn one_line_break_before(b: &[u8], p: usize) -> Option<usize> {
    let spaced = p - b[..p].trim_ascii_end().len();
    let q = p - spaced;
    let gap = &b[q..p];
    (gap.iter().filter(|&&c| c == b'\n').count() == 1).then_some(q)
}

/// The lead-in before `10.` at `p` (`doi:`, `DOI: `, `info:doi/`, `urn:doi:`, a resolver URL,
/// `/` written `\/` as JSON may write it), or none.
fn lead_in(text: &str, p: usize, token: &Token) -> LeadIn {
    let b = text.as_bytes();
    let broken = one_line_break_before(b, p).filter(|&q| q > 0 && b[q - 1] == b'/');
    for at in [Some(p), broken].into_iter().flatten() {
        let url = if let Some(n) = ends_with_pat(b, at, "doi.org/api/handles/") {
            Some((at - n, DoiForm::HandleApi))
        } else {
            ends_with_pat(b, at, "doi.org/").map(|n| (at - n, DoiForm::Url))
        };
        let Some((mut s, form)) = url else { continue };
        if let Some(n) = ends_with_pat(b, s, "dx.").or_else(|| ends_with_pat(b, s, "www.")) {
            s -= n;
        }
        if let Some(n) = ends_with_pat(b, s, "https://").or_else(|| ends_with_pat(b, s, "http://"))
        {
            s -= n;
        }
        if s == 0 || !(is_word_byte(b[s - 1]) || b[s - 1] == b'.' || b[s - 1] == b'-') {
            let gap = (at < p).then_some(Edit {
                start: at,
                end: p,
                with: None,
            });
            return LeadIn {
                start: s,
                form,
                urn: false,
                url: true,
                gap,
            };
        }
    }
    let plain = |start, form, urn| LeadIn {
        start,
        form,
        urn,
        url: false,
        gap: None,
    };
    if let Some(n) = ends_with_pat(b, p, "info:doi/")
        && word_start(b, p - n)
    {
        return plain(p - n, DoiForm::InfoUri, false);
    }
    if ends_with_pat(b, p, "urn:doi:").is_some() && word_start(b, p - 8) {
        return plain(p - 8, DoiForm::Urn, true);
    }
    let spaced = p - b[..p].trim_ascii_end().len();
    let q = p - spaced;
    let breaks = b[q..p].iter().filter(|&&c| c == b'\n').count();
    let gap = (breaks == 1).then_some(Edit {
        start: q,
        end: p,
        with: Some(' '),
    });
    if breaks <= 1 && ends_with_pat(b, q, "doi:").is_some() && word_start(b, q - 4) {
        let form = if spaced > 0 {
            DoiForm::Label
        } else {
            DoiForm::Uri
        };
        return LeadIn {
            gap,
            ..plain(q - 4, form, false)
        };
    }
    if breaks <= 1 && spaced > 0 && ends_with_pat(b, q, "doi").is_some() && word_start(b, q - 3) {
        return LeadIn {
            gap,
            ..plain(q - 3, DoiForm::Label, false)
        };
    }
    LeadIn::none(p, token)
}

/// A label written before a DOI at the start of `s` (`DOI: `, `doi `), as [`find_iter`] reads
/// it: its length, up to the `10.` of the DOI. For `extract::clean`.
pub(crate) fn label_len(s: &str) -> Option<usize> {
    let p = memchr::memmem::find(s.as_bytes(), b"10.")?;
    let lead = lead_in(s, p, &Token::default());
    (lead.start == 0 && lead.form == DoiForm::Label).then_some(p)
}

fn word_start(b: &[u8], s: usize) -> bool {
    s == 0 || !is_word_byte(b[s - 1])
}

/// Whether `<` at `i` opens markup (`</a>`, `<br>`, `<em>`, `<!--`) rather than a SICI bracket.
fn is_tag(b: &[u8], i: usize) -> bool {
    match b.get(i + 1) {
        Some(b'/' | b'!' | b'?') => true,
        Some(c) if c.is_ascii_alphabetic() => {
            let n = b[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .count();
            let after = b.get(i + 1 + n).copied();
            let after = if after.is_some_and(|c| (b'1'..=b'6').contains(&c)) {
                b.get(i + 2 + n).copied()
            } else {
                after
            };
            matches!(
                after,
                None | Some(b'>' | b'/' | b' ' | b'\t' | b'\n' | b'\r')
            )
        }
        _ => false,
    }
}

/// The strictly UTF-8 character that the `%XX` sequence at `b[i]` encodes, with the length of
/// the sequence; `None` when it is not one.
fn escaped_char(b: &[u8], i: usize) -> Option<(usize, char)> {
    let lead = pct::decode_at(b, i)?;
    let n = match lead {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut buf = [lead, 0, 0, 0];
    for (k, o) in buf.iter_mut().enumerate().take(n).skip(1) {
        *o = pct::decode_at(b, i + 3 * k)?;
    }
    let c = std::str::from_utf8(&buf[..n]).ok()?.chars().next()?;
    Some((3 * n, c))
}

/// A character a DOI may hold where it goes on in the next line ([`text::next_line`]).
fn in_doi(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_graphic() && c != '"' && c != '`'
    } else {
        !c.is_whitespace() && is_graphic(c) && !text::ends_identifier(c)
    }
}

/// The DOI whose `10.` is at `p`, if there is one: its lead-in taken only if it starts at or
/// after `min_start` (the end of the DOI found before: else the name is read as written bare),
/// its suffix read up to `limit` at most.
fn candidate<'a>(
    text: &'a str,
    p: usize,
    token: &Token,
    min_start: usize,
    limit: usize,
) -> Option<Found<'a>> {
    let b = text.as_bytes();
    if p > 0 && (is_word_byte(b[p - 1]) || matches!(b[p - 1], b'.' | b'-')) {
        return None;
    }
    let mut lead = lead_in(text, p, token);
    if lead.start < min_start {
        lead = LeadIn::none(p, token);
    }
    let (start, form, url) = (lead.start, lead.form, lead.url);
    let i = prefix_end(b, p)?;
    let prefix_end = i;
    // What is read differently from how it is written: `\/` and BibTeX escapes, line breaks.
    let mut edits: Vec<Edit> = Vec::new();
    for k in memchr::memchr_iter(b'\\', &b[start..p]) {
        if b.get(start + k + 1) == Some(&b'/') {
            edits.push(Edit {
                start: start + k,
                end: start + k + 2,
                with: Some('/'),
            });
        }
    }
    edits.extend(lead.gap);
    let sep_len = match b.get(i) {
        Some(b'/') => 1,
        Some(b':') if lead.urn => 1,
        Some(b'%') if url && pct::decode_at(b, i) == Some(b'/') => 3,
        Some(b'\\') if b.get(i + 1) == Some(&b'/') => {
            edits.push(Edit {
                start: i,
                end: i + 2,
                with: Some('/'),
            });
            2
        }
        _ => return None,
    };
    let suffix_start = i + sep_len;
    let suffix_edits = edits.len();
    let in_query = url && token.query;
    let decoding = url || decodes(form);

    // Scan the suffix. Brackets are matched with a stack; a percent-encoding that decodes to no
    // character (not UTF-8) in a URL, or to one a DOI cannot hold (a control), ends the DOI here,
    // so that no later candidate scans this text again.
    let mut stack: Vec<u8> = Vec::new();
    // Brackets of other scripts open in the DOI: a closing one with no partner (`）`) ends it.
    let mut brackets = text::Brackets::default();
    let mut entities = false;
    let mut raw = false;
    // Written as the text of a `<…>` (RFC 3986 Appendix C): whitespace that wraps it across
    // lines before the `>` is no part of it, as the IRI finder reads the brackets. Written
    // right after another opening bracket (and in one word with it), it may go on in the next
    // line before that bracket closes (`text::next_line`).
    let angle = text::angle_open_before(b, start)
        .and_then(|lt| text::angle_close(text, lt))
        .filter(|&gt| gt > p);
    let closer = match angle {
        None if !b[start..p].iter().any(u8::is_ascii_whitespace) => text::closer_before(b, start),
        _ => None,
    };
    let mut breaks = text::LineBreaks::enclosed(closer);
    let mut j = suffix_start;
    while j < limit {
        let c = b[j];
        let edits_before = edits.len();
        if let Some(gt) = angle
            && j < gt
            && matches!(c, b' ' | b'\t' | b'\n' | b'\r')
        {
            // Within a line, whitespace ends the DOI (and the brackets' text, reported as
            // written, wins over it: `pidkit::extract::identifiers`).
            let run = b[j..gt].iter().take_while(|c| c.is_ascii_whitespace()).count();
            let wraps = b[j..j + run].iter().any(|&c| c == b'\n' || c == b'\r');
            if wraps && j + run < gt && j + run <= limit {
                edits.push(Edit {
                    start: j,
                    end: j + run,
                    with: None,
                });
                j += run;
                continue;
            }
            break;
        }
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
            match breaks.at(text, j, suffix_start, j == suffix_start, &mut edits, in_doi) {
                Some(w) if w <= limit => {
                    j = w;
                    continue;
                }
                _ => {
                    edits.truncate(edits_before);
                    break;
                }
            }
        }
        // JSON's escapes of whitespace and quotes end a DOI in a JSON string.
        if c == b'\\' && matches!(b.get(j + 1), Some(b'n' | b't' | b'r' | b'"')) {
            break;
        }
        if matches!(c, b'\\' | b'{')
            && let Some(len) = text::read_escape(b, j, &mut edits, |_| true)
        {
            if j + len > limit {
                edits.truncate(edits_before);
                break;
            }
            j += len;
            continue;
        }
        let step = match c {
            b'"' | b'`' => break,
            b'?' | b'#' if url => break,
            b'&' if in_query => break,
            b'&' => match text::html_entity(b, j) {
                Some((len, Some(_))) => {
                    entities = true;
                    len
                }
                Some((_, None)) => break,
                None => 1,
            },
            b'<' if is_tag(b, j) => break,
            b'%' if decoding => match escaped_char(b, j) {
                Some((len, ch)) if is_graphic(ch) => len,
                Some(_) => break,
                None if pct::decode_at(b, j).is_none() => 1,
                None if url => break,
                None => {
                    raw = true; // a URI with octets that are not UTF-8: kept as written
                    3
                }
            },
            b'(' | b'[' | b'{' | b'<' => {
                stack.push(c);
                1
            }
            b')' | b']' | b'}' | b'>' => {
                let open = match c {
                    b')' => b'(',
                    b']' => b'[',
                    b'}' => b'{',
                    _ => b'<',
                };
                if stack.last() != Some(&open) {
                    break;
                }
                stack.pop();
                1
            }
            b',' | b';' | b'|' if another_doi_after(text, j, token) => break,
            0x21..=0x7E => 1,
            _ if c < 0x80 => break,
            _ => {
                let ch = text[j..].chars().next()?;
                if ch.is_whitespace() || !is_graphic(ch) || text::ends_identifier(ch) {
                    break;
                }
                if !brackets.take(ch) {
                    break;
                }
                ch.len_utf8()
            }
        };
        if j + step > limit {
            break;
        }
        j += step;
    }
    // Trailing sentence punctuation and unclosed openers are not part of the DOI.
    let read = text::splice(text, suffix_start, j, &edits[suffix_edits..]);
    let len = text::trim_end(&read.text);
    if len == 0 {
        return None;
    }
    let end = read.source_end(len);
    let truncated = breaks.truncated && len == read.text.len();
    let prefix = &text[p..prefix_end];
    let mut suffix = match read.text {
        Cow::Borrowed(t) => Cow::Borrowed(&t[..len]),
        Cow::Owned(mut t) => {
            t.truncate(len);
            Cow::Owned(t)
        }
    };
    if entities {
        suffix = Cow::Owned(unescape_entities(&suffix));
    }
    if decoding && !raw {
        let decoded = match pct::decode_utf8(&suffix) {
            Ok(Cow::Owned(s)) => Some(s),
            Ok(Cow::Borrowed(_)) => None,
            Err(_) if url => return None,
            Err(_) => None,
        };
        if let Some(s) = decoded {
            suffix = Cow::Owned(s);
        }
    }
    let name = match suffix {
        Cow::Borrowed(_) if b[prefix_end] == b'/' => Cow::Borrowed(&text[p..end]),
        suffix => Cow::Owned(format!("{prefix}/{suffix}")),
    };
    let doi = Doi::from_cow(name, DoiProfile::Current).ok()?;
    Some(Found {
        start,
        end,
        doi,
        form,
        text: text::splice(text, start, end, &edits).text,
        truncated,
    })
}

/// The end of the prefix whose `10.` is at `p`: `10.`, at least four digits, then
/// (`.` digits)*; `None` when there are fewer than four digits.
fn prefix_end(b: &[u8], p: usize) -> Option<usize> {
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = p + 3;
    let n = digits(i);
    if n < 4 {
        return None;
    }
    i += n;
    while b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i += 1 + digits(i + 1);
    }
    Some(i)
}

/// Whether another DOI starts right after the separator (`,` `;` `|`) at `j`: its lead-in or
/// its name (`10.`, four digits or more, `/`, or `:` after `urn:doi:`) at `j + 1`. A list
/// written without spaces — `10.1000/a,10.1000/b`, `doi:…;doi:…`, URLs joined by `|` — is so
/// read as its DOIs, though a suffix may hold these characters: a suffix that goes on with
/// another DOI's name after one of them is far rarer than such lists (and `;2-` in SICI
/// suffixes is no DOI name). The look-ahead is bounded (40 bytes), so a text full of
/// separators costs no more than linear time.
fn another_doi_after(text: &str, j: usize, token: &Token) -> bool {
    let b = text.as_bytes();
    let from = j + 1;
    // The longest lead-in is `https://www.doi.org/api/handles/`; a label may hold a few spaces.
    let window = &b[from.min(b.len())..b.len().min(from + 40)];
    let Some(k) = memchr::memmem::find(window, b"10.") else {
        return false;
    };
    let q = from + k;
    let lead = lead_in(text, q, token);
    lead.start == from
        && prefix_end(b, q).is_some_and(|e| match b.get(e) {
            Some(b'/') => true,
            Some(b':') => lead.urn,
            _ => false,
        })
}

/// Forms whose text is percent-encoded: the URIs.
fn decodes(form: DoiForm) -> bool {
    matches!(form, DoiForm::Uri | DoiForm::InfoUri | DoiForm::Urn)
}

fn unescape_entities(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'&'
            && let Some((len, Some(c))) = text::html_entity(b, i)
        {
            out.push_str(&s[last..i]);
            out.push(c);
            i += len;
            last = i;
            continue;
        }
        i += 1;
    }
    out.push_str(&s[last..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        find_iter(text).map(|f| f.doi.as_str().to_owned()).collect()
    }

    #[test]
    fn prose_punctuation() {
        assert_eq!(names("See 10.1000/182."), ["10.1000/182"]);
        assert_eq!(names("(10.1000/182)"), ["10.1000/182"]);
        assert_eq!(
            names("10.1000/182, 10.1000/183; 10.1000/184!"),
            ["10.1000/182", "10.1000/183", "10.1000/184"]
        );
        assert_eq!(names("“10.1000/182”"), ["10.1000/182"]);
        assert_eq!(
            names("in 10.1061/(asce)0733-9402(1983)109:3(201)."),
            ["10.1061/(asce)0733-9402(1983)109:3(201)"]
        );
        assert_eq!(
            names("v10.1000/182 and 1910.12345/x and 10.12/x"),
            Vec::<String>::new()
        );
    }

    /// A list of DOIs written without spaces is read as its DOIs: a `,` `;` or `|` followed at
    /// once by another DOI (its name, or a lead-in and its name) ends the one before. Where
    /// what follows is no DOI name, the separator stays in the suffix, as DOI names allow.
    #[test]
    fn lists_without_spaces() {
        let spans = |t: &str| -> Vec<String> {
            find_iter(t).map(|f| t[f.start..f.end].to_owned()).collect()
        };
        assert_eq!(spans("10.1000/a,10.2000/b"), ["10.1000/a", "10.2000/b"]);
        assert_eq!(spans("10.1000/a;10.2000/b"), ["10.1000/a", "10.2000/b"]);
        assert_eq!(spans("10.1000/a|10.2000/b"), ["10.1000/a", "10.2000/b"]);
        assert_eq!(
            spans("doi:10.1000/a,doi:10.1000/b"),
            ["doi:10.1000/a", "doi:10.1000/b"]
        );
        assert_eq!(
            spans("https://doi.org/10.1000/a,https://dx.doi.org/10.2000/b."),
            ["https://doi.org/10.1000/a", "https://dx.doi.org/10.2000/b"]
        );
        assert_eq!(
            spans("10.1000/a,DOI: 10.2000/b;urn:doi:10.3000:c|info:doi/10.4000/d"),
            [
                "10.1000/a",
                "DOI: 10.2000/b",
                "urn:doi:10.3000:c",
                "info:doi/10.4000/d"
            ]
        );
        assert_eq!(
            spans("10.1000/a,urn:doi:10.3000/c"),
            ["10.1000/a", "urn:doi:10.3000/c"]
        );
        // Not followed by a DOI name: one DOI, as the suffix is written.
        for one in [
            "10.1000/a,b",
            "10.1000/a,10.20/b",
            "10.1000/a,10.2000",
            "10.1000/a;x10.2000/b",
            "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0",
            "10.1000/a,info:doi/10.3000:c",
        ] {
            assert_eq!(spans(one), [one], "{one}");
        }
    }

    /// A DOI's lead-in never reaches back into the DOI before it (found by the `extract` fuzz
    /// target: the spans overlapped). Where the earlier suffix could go on into the later
    /// DOI's label (`a,doi`), it ends before it; where that would leave it no suffix, the later
    /// DOI is read without its label.
    #[test]
    fn a_lead_in_inside_the_doi_before_it_ends_that_doi() {
        let spans = |t: &str| -> Vec<(String, String)> {
            find_iter(t)
                .map(|f| (t[f.start..f.end].to_owned(), f.doi.as_str().to_owned()))
                .collect()
        };
        let pair = |a: &str, b: &str| (a.to_owned(), b.to_owned());
        assert_eq!(
            spans("10.1234/a,doi: 10.1234/b"),
            [
                pair("10.1234/a", "10.1234/a"),
                pair("doi: 10.1234/b", "10.1234/b")
            ]
        );
        assert_eq!(
            spans("x%>10.1234/axampl%00,DOI 10.1234/a%00,."),
            [
                pair("10.1234/axampl%00", "10.1234/axampl%00"),
                pair("DOI 10.1234/a%00", "10.1234/a%00")
            ]
        );
        assert_eq!(
            spans("10.1234/doi: 10.1234/b"),
            [
                pair("10.1234/doi", "10.1234/doi"),
                pair("10.1234/b", "10.1234/b")
            ]
        );
        // No DOI after the label: nothing to end the first one for.
        assert_eq!(
            spans("10.1000/a,doi: 10.12/x"),
            [pair("10.1000/a,doi", "10.1000/a,doi")]
        );
        for t in [
            "10.1234/a,doi: 10.1234/b",
            "10.1234/doi: 10.1234/b",
            "10.1/x 10.1234/a,doi:\n 10.1234/b",
        ] {
            let mut prev = 0;
            for f in find_iter(t) {
                assert!(prev <= f.start && f.start < f.end, "{t:?}");
                prev = f.end;
            }
        }
    }

    #[test]
    fn spans_include_the_lead_in() {
        let t = "a DOI: 10.1000/182 b";
        let f = find_iter(t).next().unwrap();
        assert_eq!(
            (&t[f.start..f.end], f.form),
            ("DOI: 10.1000/182", DoiForm::Label)
        );
        let t = "<http://dx.doi.org/10.1000/182>";
        let f = find_iter(t).next().unwrap();
        assert_eq!(
            (&t[f.start..f.end], f.form),
            ("http://dx.doi.org/10.1000/182", DoiForm::Url)
        );
        let t = "urn:doi:10.1000:182";
        let f = find_iter(t).next().unwrap();
        assert_eq!(
            (f.doi.as_str(), f.form, f.start),
            ("10.1000/182", DoiForm::Urn, 0)
        );
    }
}
