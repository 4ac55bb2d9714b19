//! What running text does around identifiers, in one place for every finder (IRIs, DOIs,
//! handles) and for `extract::clean`: sentence punctuation and brackets at the end, Unicode
//! sentence punctuation that ends an identifier, the escapes of JSON and BibTeX, and lines
//! broken inside an identifier.

use std::borrow::Cow;

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Non-ASCII sentence punctuation (Unicode `Terminal_Punctuation`: `。` `、` `，` `．` `！` `？`
/// `：` `；` `،` `؛` `؟` `۔` `।` …) ends an identifier wherever it stands: CJK text puts no
/// space after it, and no identifier is written with it inside. (ASCII `. , ; : ! ?` are
/// common inside URLs and DOIs; they are only left out at the end, when the end of an identifier is trimmed.)
///
/// ```
/// use pidkit::extract::ends_identifier;
/// assert!(ends_identifier('。') && ends_identifier('،'));
/// assert!(!ends_identifier('・') && !ends_identifier('.'));
/// ```
///
/// Without the `unicode-text` feature (no ICU4X property data), the sentence punctuation of
/// CJK, Arabic and Devanagari text listed above stands for `Terminal_Punctuation`.
///
/// U+FFFD REPLACEMENT CHARACTER ends every identifier too: it is what a decoder puts where the
/// bytes were not text, so an identifier through it would be one the document does not hold
/// (`10.1000/ab\xffcd` holds the DOI `10.1000/ab` at most).
///
/// ```
/// assert!(pidkit::extract::ends_identifier('\u{FFFD}'));
/// ```
pub fn ends_identifier(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    if c == '\u{FFFD}' {
        return true;
    }
    #[cfg(feature = "unicode-text")]
    {
        icu_properties::CodePointSetData::new::<icu_properties::props::TerminalPunctuation>()
            .contains(c)
    }
    #[cfg(not(feature = "unicode-text"))]
    {
        matches!(
            c,
            '。' | '、'
                | '，'
                | '．'
                | '！'
                | '？'
                | '：'
                | '；'
                | '｡'
                | '､'
                | '،'
                | '؛'
                | '؟'
                | '۔'
                | '।'
                | '॥'
        )
    }
}

/// Whether an identifier cannot start right after `prev`: a letter or digit of a script
/// written with spaces between words (`xhttp://`, `éhttp://`). After a CJK character it can
/// (`詳細はhttps://example.org/`), since those scripts put no space before it.
pub(crate) fn glued_to_word(prev: char) -> bool {
    if prev.is_ascii() {
        return prev.is_ascii_alphanumeric();
    }
    if !prev.is_alphanumeric() {
        return false;
    }
    #[cfg(feature = "unicode-text")]
    {
        use icu_properties::props::Script;
        let script = icu_properties::CodePointMapData::<Script>::new().get(prev);
        matches!(script, Script::Latin | Script::Greek | Script::Cyrillic)
    }
    // Without the Script data: any letter or digit but those of the scripts written without
    // spaces (Han, kana, Hangul).
    #[cfg(not(feature = "unicode-text"))]
    {
        !matches!(
            prev,
            '\u{3040}'..='\u{30FF}'
                | '\u{3400}'..='\u{4DBF}'
                | '\u{4E00}'..='\u{9FFF}'
                | '\u{AC00}'..='\u{D7AF}'
                | '\u{F900}'..='\u{FAFF}'
                | '\u{20000}'..='\u{3FFFF}'
        )
    }
}

/// The character just before byte `at` of `text`.
pub(crate) fn char_before(text: &str, at: usize) -> Option<char> {
    text[..at].chars().next_back()
}

/// Bracket classes for [`trim_end`]: `(` `[` `{` `<` each on its own, the non-ASCII opening
/// and closing punctuation (`（` `「` `【` …) together. `(class, opens)`.
fn bracket(c: char) -> Option<(usize, bool)> {
    match c {
        '(' => Some((0, true)),
        ')' => Some((0, false)),
        '[' => Some((1, true)),
        ']' => Some((1, false)),
        '{' => Some((2, true)),
        '}' => Some((2, false)),
        '<' => Some((3, true)),
        '>' => Some((3, false)),
        c if c.is_ascii() => None,
        c => match c.general_category() {
            GeneralCategory::OpenPunctuation => Some((4, true)),
            GeneralCategory::ClosePunctuation => Some((4, false)),
            _ => None,
        },
    }
}

/// For a non-ASCII character, `Some(true)` if it opens a pair (`（` `「` `“` `«`), `Some(false)`
/// if it closes one (`）` `」` `”` `»`): opening and closing punctuation, and initial and final
/// quotation marks but for the single ones (`‘` `’` `‛`), which are also apostrophes
/// (`https://fr.wikipedia.org/wiki/L’Étranger`).
pub(crate) fn non_ascii_bracket(c: char) -> Option<bool> {
    if c.is_ascii() || matches!(c, '\u{2018}' | '\u{2019}' | '\u{201B}') {
        return None;
    }
    match c.general_category() {
        GeneralCategory::OpenPunctuation | GeneralCategory::InitialPunctuation => Some(true),
        GeneralCategory::ClosePunctuation | GeneralCategory::FinalPunctuation => Some(false),
        _ => None,
    }
}

/// An HTML character reference at `b[i]` (a `&`: `&name;`, `&#NN;`, `&#xHH;`): its length and
/// the character it stands for when it is one an identifier may hold (`<` `>` `&`).
pub(crate) fn html_entity(b: &[u8], i: usize) -> Option<(usize, Option<char>)> {
    let end = i + 1 + b[i + 1..].iter().take(10).position(|&c| c == b';')?;
    let body = &b[i + 1..end];
    let named = !body.is_empty() && body.iter().all(u8::is_ascii_alphanumeric);
    let numeric =
        body.len() > 1 && body[0] == b'#' && body[1..].iter().all(u8::is_ascii_alphanumeric);
    if !(named || numeric) {
        return None;
    }
    let c = match body {
        b"lt" | b"#60" | b"#x3C" | b"#x3c" => Some('<'),
        b"gt" | b"#62" | b"#x3E" | b"#x3e" => Some('>'),
        b"amp" | b"#38" | b"#x26" => Some('&'),
        _ => None,
    };
    Some((end + 1 - i, c))
}

/// Whether `c` is a bracket or a quotation mark (what `extract::clean` calls a wrapper).
pub(crate) fn is_bracket_or_quote(c: char) -> bool {
    bracket(c).is_some()
        || matches!(c, '"' | '\'' | '`')
        || matches!(
            c.general_category(),
            GeneralCategory::InitialPunctuation | GeneralCategory::FinalPunctuation
        )
}

/// The length of `s` without what belongs to the sentence around it rather than to the
/// identifier: trailing `.` `,` `;` `:` `!` `?` `'` `"` `*`, trailing non-ASCII punctuation
/// (other, initial and final quotes, dashes), opening brackets at the end (they open nothing),
/// and closing brackets at the end that close nothing inside `s` — so that
/// `http://en.wikipedia.org/wiki/Foo_(bar)` keeps its `)` and `(see http://a.example/x)` loses it.
///
/// Linear: the brackets are counted once, and only when a closing one ends `s`; then each
/// character removed costs O(1).
pub(crate) fn trim_end(s: &str) -> usize {
    let mut counts: Option<([usize; 5], [usize; 5])> = None;
    let mut end = s.len();
    while let Some(c) = s[..end].chars().next_back() {
        let trim = match c {
            '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '"' | '*' => true,
            c if c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_' | '=' | '~') => false,
            _ => match bracket(c) {
                Some((k, true)) => {
                    if let Some((open, _)) = &mut counts {
                        open[k] -= 1;
                    }
                    true
                }
                Some((k, false)) => {
                    let (open, close) = counts.get_or_insert_with(|| count_brackets(&s[..end]));
                    let unbalanced = close[k] > open[k];
                    if unbalanced {
                        close[k] -= 1;
                    }
                    unbalanced
                }
                None => !c.is_ascii() && is_trailing_punctuation(c),
            },
        };
        if !trim {
            break;
        }
        end -= c.len_utf8();
    }
    end
}

/// Opening and closing brackets of `s`, by class ([`bracket`]).
fn count_brackets(s: &str) -> ([usize; 5], [usize; 5]) {
    let mut open = [0usize; 5];
    let mut close = [0usize; 5];
    for c in s.chars() {
        match bracket(c) {
            Some((k, true)) => open[k] += 1,
            Some((k, false)) => close[k] += 1,
            None => {}
        }
    }
    (open, close)
}

/// Non-ASCII punctuation left out at the end of an identifier (brackets aside): other
/// punctuation (`。` `、` `…` `・`), quotation marks (`”` `»`) and dashes (`—`).
fn is_trailing_punctuation(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::OtherPunctuation
            | GeneralCategory::InitialPunctuation
            | GeneralCategory::FinalPunctuation
            | GeneralCategory::DashPunctuation
    )
}

/// Non-ASCII brackets open in an identifier being read (see [`non_ascii_bracket`]).
#[derive(Debug, Default)]
pub(crate) struct Brackets(usize);

impl Brackets {
    /// Take `c` into account; `false` when it is a closing bracket that closes nothing here,
    /// which ends the identifier before it (`（https://a/b）`).
    pub(crate) fn take(&mut self, c: char) -> bool {
        match non_ascii_bracket(c) {
            Some(true) => self.0 += 1,
            Some(false) if self.0 == 0 => return false,
            Some(false) => self.0 -= 1,
            None => {}
        }
        true
    }
}

/// The escape at `b[i]` ([`escape_at`]) read as part of an identifier when `holds` accepts the
/// character it stands for: recorded in `edits`, and its length returned.
pub(crate) fn read_escape(
    b: &[u8],
    i: usize,
    edits: &mut Vec<Edit>,
    holds: impl Fn(char) -> bool,
) -> Option<usize> {
    let (len, ch) = escape_at(b, i).filter(|&(_, ch)| holds(ch))?;
    edits.push(Edit {
        start: i,
        end: i + len,
        with: Some(ch),
    });
    Some(len)
}

/// The escape at `b[i]` that stands for one character of an identifier, with its length:
/// JSON's `\/` and `\uXXXX` (a surrogate pair as one character), and the escapes BibTeX and
/// LaTeX need for URL and DOI characters: `\_` `\%` `\&` `\#` `\$`, `\~{}`, and the braced
/// forms `{\_}` `{\%}` `{\&}` `{\#}` `{\$}`.
pub(crate) fn escape_at(b: &[u8], i: usize) -> Option<(usize, char)> {
    let latex = |c: u8| matches!(c, b'_' | b'%' | b'&' | b'#' | b'$');
    match b[i] {
        b'\\' => match *b.get(i + 1)? {
            c @ b'/' => Some((2, c as char)),
            c if latex(c) => Some((2, c as char)),
            b'~' if b.get(i + 2..i + 4) == Some(b"{}") => Some((4, '~')),
            b'u' => json_unicode(b, i),
            _ => None,
        },
        b'{' if b.get(i + 1) == Some(&b'\\') && b.get(i + 3) == Some(&b'}') => {
            let c = b[i + 2];
            latex(c).then_some((4, c as char))
        }
        _ => None,
    }
}

/// `\uXXXX` at `b[i]`, or a UTF-16 surrogate pair `\uD83D\uDE00`.
fn json_unicode(b: &[u8], i: usize) -> Option<(usize, char)> {
    let unit = |at: usize| -> Option<u32> {
        if b.get(at..at + 2)? != b"\\u" {
            return None;
        }
        let hex = std::str::from_utf8(b.get(at + 2..at + 6)?).ok()?;
        if !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(hex, 16).ok()
    };
    let hi = unit(i)?;
    match hi {
        0xD800..=0xDBFF => {
            let lo = unit(i + 6)?;
            if !(0xDC00..=0xDFFF).contains(&lo) {
                return None;
            }
            let c = char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))?;
            Some((12, c))
        }
        0xDC00..=0xDFFF | 0 => None,
        _ => Some((6, char::from_u32(hi)?)),
    }
}

/// A change between the text as written and the identifier as read: the bytes
/// `start..end` of the text are read as `with` (an escape), or not at all (the line break and
/// indentation inside a broken identifier).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Edit {
    pub start: usize,
    pub end: usize,
    pub with: Option<char>,
}

/// Text read from `text[from..to]` with edits applied, and the way back to offsets of `text`.
#[derive(Debug, Clone)]
pub(crate) struct Spliced<'a> {
    pub text: Cow<'a, str>,
    pub map: OffsetMap,
}

/// From offsets of a text read with edits back to offsets of the source.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct OffsetMap {
    from: usize,
    /// `(offset in text, offset in the source)` before and after each edit, in order.
    marks: Vec<(usize, usize)>,
}

/// `text[from..to]` with the edits inside that range applied (borrowed when there are none).
/// `edits` must be sorted and not overlap.
pub(crate) fn splice<'a>(text: &'a str, from: usize, to: usize, edits: &[Edit]) -> Spliced<'a> {
    let inside = edits.iter().filter(|e| e.start >= from && e.end <= to);
    let mut out: Option<String> = None;
    let mut marks = Vec::new();
    let mut last = from;
    for e in inside {
        let s = out.get_or_insert_with(|| String::with_capacity(to - from));
        s.push_str(&text[last..e.start]);
        marks.push((s.len(), e.start));
        if let Some(c) = e.with {
            s.push(c);
        }
        marks.push((s.len(), e.end));
        last = e.end;
    }
    let text = match out {
        Some(mut s) => {
            s.push_str(&text[last..to]);
            Cow::Owned(s)
        }
        None => Cow::Borrowed(&text[from..to]),
    };
    Spliced {
        text,
        map: OffsetMap { from, marks },
    }
}

impl Spliced<'_> {
    /// See [`OffsetMap::source_end`].
    pub(crate) fn source_end(&self, at: usize) -> usize {
        self.map.source_end(at)
    }
}

impl OffsetMap {
    /// The source offset where byte `at` of the read text starts (past removed text).
    pub(crate) fn source_start(&self, at: usize) -> usize {
        let k = self.marks.partition_point(|&(m, _)| m <= at);
        match k.checked_sub(1).map(|k| self.marks[k]) {
            Some((m, o)) => o + (at - m),
            None => self.from + at,
        }
    }

    /// The source offset where the read text up to `at` ends (before removed text).
    pub(crate) fn source_end(&self, at: usize) -> usize {
        let k = self.marks.partition_point(|&(m, _)| m < at);
        match self.marks.get(k) {
            Some(&(m, o)) if m == at => o,
            _ => match k.checked_sub(1).map(|k| self.marks[k]) {
                Some((m, o)) => o + (at - m),
                None => self.from + at,
            },
        }
    }
}

/// Spaces and tabs looked at between an identifier and the line end, and before the next
/// line's first word; the longest continuation word; the most lines one identifier is read
/// across. (Bounds, so that no text is looked at more than a constant number of times.)
const MAX_GAP: usize = 16;
pub(crate) const MAX_INDENT: usize = 64;
const MAX_WORD: usize = 1024;
pub(crate) const MAX_JOINS: usize = 16;

/// Characters after which a line break inside an identifier is usual (reference styles break
/// URLs and DOIs after `/` and before or after `.` `-` `_` `~` `=` `&`).
pub(crate) const BREAK_AFTER: &[u8] = b"/-_.~=&";

/// Of those, the ones an identifier rarely ends with: a line that ends with one and is not
/// joined to the next is reported as truncated. (`/` and `.` end many a URL and sentence.)
const TRUNCATED_AFTER: &[u8] = b"-_~=&";

/// The line breaks read inside one identifier (at most [`MAX_JOINS`]), and whether it may
/// have been cut at a line end. Shared by the IRI, DOI and handle finders.
#[derive(Debug, Default)]
pub(crate) struct LineBreaks {
    pub joins: usize,
    /// It ran to a line end where it may go on in the next line ([`Next::Truncated`]).
    pub truncated: bool,
    /// The closing bracket of the opening one written right before the identifier
    /// ([`closer_before`]): at its first line end, before that bracket is closed, it may go on
    /// ([`next_line`]).
    pub closer: Option<u8>,
}

impl LineBreaks {
    /// For an identifier written right after an opening bracket whose partner is `closer`.
    pub(crate) fn enclosed(closer: Option<u8>) -> Self {
        LineBreaks {
            closer,
            ..LineBreaks::default()
        }
    }

    /// At the whitespace at `at`, inside an identifier whose body starts at `start`
    /// (`incomplete`: it cannot end here): where to read on when the next line continues it
    /// ([`next_line`]; the break is recorded in `edits`), or `None` where it ends.
    pub(crate) fn at(
        &mut self,
        text: &str,
        at: usize,
        start: usize,
        incomplete: bool,
        edits: &mut Vec<Edit>,
        holds: impl Fn(char) -> bool,
    ) -> Option<usize> {
        if self.joins >= MAX_JOINS {
            return None;
        }
        let last = (at > start).then(|| char_before(text, at)).flatten();
        // The bracket counts only up to the identifier's first line end, and only while the
        // identifier has not closed it (a closing bracket of its kind in it, balanced or not).
        let closer = self
            .closer
            .filter(|&c| self.joins == 0 && !text.as_bytes()[start.min(at)..at].contains(&c));
        match next_line(text, at, last, incomplete, closer, holds) {
            Next::Join(w) => {
                edits.push(Edit {
                    start: at,
                    end: w,
                    with: None,
                });
                self.joins += 1;
                Some(w)
            }
            Next::Truncated => {
                self.truncated = true;
                None
            }
            Next::End => None,
        }
    }
}

/// What follows an identifier's run that stopped at whitespace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Next {
    /// It goes on at this offset, the first word of the next line.
    Join(usize),
    /// It may go on in the next line, but that line's first word does not say so clearly:
    /// report it as truncated.
    Truncated,
    /// It ends here.
    End,
}

/// The line-break rule: whether an identifier whose run `text[..end]` stopped at whitespace
/// goes on in the next line.
///
/// Only where the run reaches the line end (spaces or tabs may follow) and the next line is
/// not blank. Let *w* be the next line's first word (its indentation skipped), and *last* the
/// run's last character. The run is **joined** to *w* when *w* is made of characters the
/// identifier may hold (`holds`), holds a letter or digit, is no list marker (`12.`, `[12]`,
/// `(12)`, `-`, `•`) and does not start an identifier of its own (`scheme:`, `10.NNNN`,
/// `www.`), and either
/// * the identifier cannot end where the line does (`incomplete`: a DOI with no suffix yet, an
///   IRI that is only `scheme://`), or
/// * *last* is one of `/ - _ . ~ = &` and *w* has the shape of a piece of an identifier: a
///   digit or one of `/ . _ ~ = & ? # % -` once its trailing sentence punctuation is left out
///   (`01.001`, `publications/2020/report.pdf`), not a plain word (`Accessed`, `pdf`).
///
/// **Inside brackets.** An identifier written right after an opening bracket (`(` `[` `{` `<`)
/// that runs to its first line end before the bracket is closed (`closer`: the closing
/// bracket, not yet met in the identifier) may go on whatever its last character: it is
/// **joined** when *w* is the rest of it and the bracket's end — *w*, its trailing sentence
/// punctuation left out, ends with the closing bracket and holds no other, and what comes
/// before that bracket passes the tests above and has the shape of a piece of an identifier
/// (`(https://doi.org/10.1103/PhysRev` ⏎ `Lett.128.439250).`; BibTeX's
/// `{10.1103/PhysRev` ⏎ `Lett.128.439250},`). Otherwise it is **truncated**.
///
/// Otherwise, when the identifier is incomplete or *last* is one of `- _ ~ = &` (which an
/// identifier rarely ends with), it is **truncated**; else it simply **ends**.
pub(crate) fn next_line(
    text: &str,
    end: usize,
    last: Option<char>,
    incomplete: bool,
    closer: Option<u8>,
    holds: impl Fn(char) -> bool,
) -> Next {
    let b = text.as_bytes();
    let breaks = last.is_some_and(|c| c.is_ascii() && BREAK_AFTER.contains(&(c as u8)));
    if !incomplete && !breaks && closer.is_none() {
        return Next::End;
    }
    let truncated = if incomplete
        || closer.is_some()
        || last.is_some_and(|c| c.is_ascii() && TRUNCATED_AFTER.contains(&(c as u8)))
    {
        Next::Truncated
    } else {
        Next::End
    };
    let mut k = end;
    let lim = (end + MAX_GAP).min(b.len());
    while k < lim && matches!(b[k], b' ' | b'\t') {
        k += 1;
    }
    if b.get(k) == Some(&b'\r') {
        k += 1;
    }
    if b.get(k) != Some(&b'\n') {
        return Next::End;
    }
    k += 1;
    let lim = (k + MAX_INDENT).min(b.len());
    while k < lim && matches!(b[k], b' ' | b'\t') {
        k += 1;
    }
    let w0 = k;
    let mut w1 = b.len();
    let mut all_held = true;
    for (i, c) in text[w0..].char_indices() {
        if c.is_whitespace() {
            w1 = w0 + i;
            break;
        }
        if i >= MAX_WORD {
            return truncated;
        }
        all_held &= holds(c);
    }
    let w = &text[w0..w1];
    if w.is_empty() {
        return truncated;
    }
    let piece = |w: &str| {
        w.chars().any(char::is_alphanumeric) && !is_list_marker(w) && !starts_identifier(w)
    };
    let ok = all_held && piece(w);
    if ok && (incomplete || (breaks && has_identifier_shape(w))) {
        return Next::Join(w0);
    }
    // The rest of an identifier inside brackets, and the closing bracket.
    let closed = closer.and_then(|c| {
        let t = w.trim_end_matches(['.', ',', ';', ':', '!', '?', '\'', '"', '*']);
        let core = t.strip_suffix(c as char)?;
        (!core.contains(c as char) && core.chars().all(&holds)).then_some(core)
    });
    match closed {
        Some(core) if piece(core) && piece(w) && has_identifier_shape(core) => Next::Join(w0),
        _ => truncated,
    }
}

/// The closing partner of the opening bracket just before byte `start` (`(` `[` `{` `<`), if
/// there is one: an identifier written right after it may be broken across lines inside the
/// brackets ([`next_line`]).
pub(crate) fn closer_before(b: &[u8], start: usize) -> Option<u8> {
    match b[..start].last()? {
        b'(' => Some(b')'),
        b'[' => Some(b']'),
        b'{' => Some(b'}'),
        b'<' => Some(b'>'),
        _ => None,
    }
}

/// The longest an IRI inside `<…>` may be before the brackets are taken for something else.
pub(crate) const MAX_BRACKETED: usize = 8192;

/// The `>` that closes the `<` at `lt` as the delimiters of a URI written in text (RFC 3986
/// Appendix C): the first `<` or `>` after it, within [`MAX_BRACKETED`] bytes, is a `>`, and
/// no blank line comes between them. Linear in the bytes up to that next bracket.
pub(crate) fn angle_close(text: &str, lt: usize) -> Option<usize> {
    let b = text.as_bytes();
    let window = &b[lt + 1..b.len().min(lt + 1 + MAX_BRACKETED)];
    let k = memchr::memchr2(b'>', b'<', window)?;
    let inner = &text[lt + 1..lt + 1 + k];
    (window[k] == b'>' && !has_blank_line(inner)).then_some(lt + 1 + k)
}

/// The `<` whose delimited text starts at byte `start`: right before it, after whitespace
/// (at most [`MAX_INDENT`] bytes) and `URL:` (RFC 3986 Appendix C writes `<URL:…>`).
pub(crate) fn angle_open_before(b: &[u8], start: usize) -> Option<usize> {
    let skip_space = |mut k: usize| {
        let floor = k.saturating_sub(MAX_INDENT);
        while k > floor && b[k - 1].is_ascii_whitespace() {
            k -= 1;
        }
        k
    };
    let mut k = skip_space(start);
    if k >= 4 && &b[k - 4..k] == b"URL:" {
        k = skip_space(k - 4);
    }
    (k > 0 && b[k - 1] == b'<').then(|| k - 1)
}

/// `s` with the whitespace that wraps it across lines left out: every run of whitespace that
/// holds a line break (RFC 3986 Appendix C: whitespace added to break a long URI across lines
/// is not part of it). Whitespace within a line is kept: it is in the text as written.
pub(crate) fn unwrap_lines(s: &str) -> Cow<'_, str> {
    if !s.contains(['\n', '\r']) {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            let run = b[i..]
                .iter()
                .take_while(|c| c.is_ascii_whitespace())
                .count();
            if b[i..i + run].iter().any(|&c| c == b'\n' || c == b'\r') {
                out.push_str(&s[last..i]);
                last = i + run;
            }
            i += run;
        } else {
            i += 1;
        }
    }
    out.push_str(&s[last..]);
    Cow::Owned(out)
}

/// `12.`, `12)`, `[12]`, `(12)` (one to three digits), or a bullet.
pub(crate) fn is_list_marker(w: &str) -> bool {
    let digits = |s: &str| (1..=3).contains(&s.len()) && s.bytes().all(|c| c.is_ascii_digit());
    matches!(w, "-" | "*" | "+" | "•" | "–" | "—" | ">")
        || w.strip_suffix(['.', ')']).is_some_and(digits)
        || w.strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .is_some_and(digits)
        || w.strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .is_some_and(digits)
}

/// Whether `w` starts an identifier: a scheme and `:`, a DOI prefix, or `www.`.
pub(crate) fn starts_identifier(w: &str) -> bool {
    let b = w.as_bytes();
    if b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"www.") {
        return true;
    }
    if b.starts_with(b"10.") && b.get(3).is_some_and(u8::is_ascii_digit) {
        return true;
    }
    let scheme = b
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        .count();
    scheme > 0 && b[0].is_ascii_alphabetic() && b.get(scheme) == Some(&b':')
}

/// A piece of an identifier rather than a word of prose: a digit or URL punctuation before
/// its trailing sentence punctuation.
fn has_identifier_shape(w: &str) -> bool {
    w[..trim_end(w)]
        .bytes()
        .any(|c| c.is_ascii_digit() || b"/._~=&?#%-".contains(&c))
}

/// Whether `b[at..]` starts with `pat`, ASCII case-insensitively, where each `/` of `pat` may
/// also be written `\/` (as JSON may write it); the length matched.
pub(crate) fn starts_with_pat(b: &[u8], at: usize, pat: &str) -> Option<usize> {
    let mut k = at;
    for &p in pat.as_bytes() {
        if p == b'/' && b.get(k..k + 2) == Some(b"\\/") {
            k += 2;
        } else if b.get(k).is_some_and(|c| c.eq_ignore_ascii_case(&p)) {
            k += 1;
        } else {
            return None;
        }
    }
    Some(k - at)
}

/// Whether `b[..end]` ends with `pat`, with the rules of [`starts_with_pat`]; the length matched.
pub(crate) fn ends_with_pat(b: &[u8], end: usize, pat: &str) -> Option<usize> {
    let mut k = end;
    for &p in pat.as_bytes().iter().rev() {
        if p == b'/' && k >= 2 && &b[k - 2..k] == b"\\/" {
            k -= 2;
        } else if k >= 1 && b[k - 1].eq_ignore_ascii_case(&p) {
            k -= 1;
        } else {
            return None;
        }
    }
    Some(end - k)
}

/// Whether `s` holds a blank line: a line break, then only spaces, tabs or CRs, then another.
pub(crate) fn has_blank_line(s: &str) -> bool {
    let b = s.as_bytes();
    memchr::memchr_iter(b'\n', b).any(|k| {
        b[k + 1..]
            .iter()
            .find(|&&c| !matches!(c, b' ' | b'\t' | b'\r'))
            .is_some_and(|&c| c == b'\n')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentence_punctuation_and_brackets() {
        fn t(s: &str) -> &str {
            &s[..trim_end(s)]
        }
        assert_eq!(t("http://a/b."), "http://a/b");
        assert_eq!(t("http://a/Foo_(bar)"), "http://a/Foo_(bar)");
        assert_eq!(t("http://a/b)"), "http://a/b");
        assert_eq!(t("http://a/b))."), "http://a/b");
        assert_eq!(t("http://a/b("), "http://a/b");
        assert_eq!(t("http://a/「b」"), "http://a/「b」");
        assert_eq!(non_ascii_bracket('“'), Some(true));
        assert_eq!(non_ascii_bracket('”'), Some(false));
        assert_eq!(non_ascii_bracket('’'), None);
        assert_eq!(t("http://a/b）。"), "http://a/b");
        assert_eq!(t("http://a/b”…—"), "http://a/b");
        assert_eq!(t("x_"), "x_");
        // Openers taken off before the brackets are counted, and after.
        assert_eq!(t("a)("), "a");
        assert_eq!(t("(a)("), "(a)");
        assert_eq!(t("(a))(."), "(a)");
        assert_eq!(t("[a](b))"), "[a](b)");
        assert_eq!(t("...."), "");
    }

    #[test]
    fn terminal_punctuation_ends_identifiers() {
        for c in [
            '。', '、', '，', '．', '！', '？', '：', '；', '؟', '۔', '।',
        ] {
            assert!(ends_identifier(c), "{c}");
        }
        for c in ['・', '.', ',', 'é', '日', '（'] {
            assert!(!ends_identifier(c), "{c}");
        }
        assert!(glued_to_word('x') && glued_to_word('é') && glued_to_word('ж'));
        assert!(!glued_to_word('日') && !glued_to_word('は') && !glued_to_word('（'));
    }

    #[test]
    fn escapes() {
        let e = |s: &str| escape_at(s.as_bytes(), 0);
        assert_eq!(e("\\/x"), Some((2, '/')));
        assert_eq!(e("\\_"), Some((2, '_')));
        assert_eq!(e("{\\_}"), Some((4, '_')));
        assert_eq!(e("\\~{}"), Some((4, '~')));
        assert_eq!(e("\\u00e9"), Some((6, 'é')));
        assert_eq!(e("\\ud83d\\ude00"), Some((12, '😀')));
        assert_eq!(e("\\ud83d"), None);
        assert_eq!(e("\\u0000"), None);
        assert_eq!(e("\\n"), None);
        assert_eq!(e("\\"), None);
        assert_eq!(e("{\\_"), None);
    }

    #[test]
    fn splicing_maps_offsets_back() {
        let text = "a\\/b\n  c";
        let edits = [
            Edit {
                start: 1,
                end: 3,
                with: Some('/'),
            },
            Edit {
                start: 4,
                end: 7,
                with: None,
            },
        ];
        let s = splice(text, 0, text.len(), &edits);
        assert_eq!(s.text, "a/bc");
        assert_eq!(s.map.source_start(1), 1);
        assert_eq!(s.source_end(2), 3);
        assert_eq!(s.source_end(3), 4);
        assert_eq!(s.map.source_start(3), 7);
        assert_eq!(s.source_end(4), 8);
        let plain = splice(text, 2, 4, &[]);
        assert!(matches!(plain.text, Cow::Borrowed("/b")));
        assert_eq!(plain.source_end(2), 4);
    }

    #[test]
    fn the_line_break_rule() {
        let any = |_: char| true;
        let next = |t: &str, incomplete| {
            let end = t.find(['\r', '\n', ' ']).unwrap();
            next_line(t, end, t[..end].chars().last(), incomplete, None, any)
        };
        assert_eq!(next("a.\n   01.001 x", false), Next::Join(6));
        assert_eq!(next("a/\r\npublications/x", false), Next::Join(4));
        assert_eq!(next("a/\nAccessed 2020", false), Next::End);
        assert_eq!(next("a-\nthing", false), Next::Truncated);
        assert_eq!(next("a/\n[12] Smith", false), Next::End);
        assert_eq!(next("a/\n12. Smith", false), Next::End);
        assert_eq!(next("a/\n12345. Smith", false), Next::Join(3));
        assert_eq!(next("a/\nhttps://b/", false), Next::End);
        assert_eq!(next("a-\n10.1000/1", false), Next::Truncated);
        assert_eq!(next("a/\n\nb/c", false), Next::End);
        assert_eq!(next("a/ b/c", false), Next::End);
        assert_eq!(next("a\nb/c", false), Next::End);
        assert_eq!(next("a/\nabc", true), Next::Join(3));
        assert_eq!(next("a/\n", true), Next::Truncated);
        assert_eq!(
            next_line("a-\nb\"c", 2, Some('-'), false, None, |c| c != '"'),
            Next::Truncated
        );
    }

    /// Issue 28 item 7: inside brackets an identifier may go on after any character; it is
    /// joined where the next word is its rest and the bracket's end, truncated otherwise.
    #[test]
    fn the_line_break_rule_inside_brackets() {
        let any = |_: char| true;
        let next = |t: &str, closer: u8| {
            let end = t.find(['\r', '\n', ' ']).unwrap();
            next_line(t, end, t[..end].chars().last(), false, Some(closer), any)
        };
        assert_eq!(next("PhysRev\nLett.128.439250).", b')'), Next::Join(8));
        assert_eq!(next("PhysRev\n  Lett.128.439250},", b'}'), Next::Join(10));
        assert_eq!(next("PhysRev\nLett.128.439250>", b'>'), Next::Join(8));
        // Not its end, not the bracket's, a plain word, a list marker, another identifier, a
        // blank line: it may have been cut.
        assert_eq!(next("PhysRev\nLett.128.439250 and)", b')'), Next::Truncated);
        assert_eq!(next("PhysRev\nLett.128.439250]", b')'), Next::Truncated);
        assert_eq!(next("page\nhere)", b')'), Next::Truncated);
        assert_eq!(next("a\n12.)", b')'), Next::Truncated);
        assert_eq!(next("a\n10.1000/1)", b')'), Next::Truncated);
        assert_eq!(next("a\n[1]", b']'), Next::Truncated);
        assert_eq!(next("a\n(12)", b')'), Next::Truncated);
        assert_eq!(next("a\n\nb.1)", b')'), Next::Truncated);
        assert_eq!(next("a\nb.1))", b')'), Next::Truncated);
        // Not at a line end: it ends.
        assert_eq!(next("a b.1)", b')'), Next::End);
        assert_eq!(closer_before(b"x(", 2), Some(b')'));
        assert_eq!(closer_before(b"x", 1), None);
    }

    #[test]
    fn angle_brackets_and_wrapped_text() {
        assert_eq!(angle_close("<a\nb>", 0), Some(4));
        assert_eq!(angle_close("<a\n\nb>", 0), None);
        assert_eq!(angle_close("<a<b>", 0), None);
        assert_eq!(angle_close("<ab", 0), None);
        assert_eq!(angle_open_before(b"< URL: x", 7), Some(0));
        assert_eq!(angle_open_before(b"<\n  x", 4), Some(0));
        assert_eq!(angle_open_before(b"a x", 2), None);
        assert_eq!(unwrap_lines("a\n  b c\r\nd"), "ab cd");
        assert!(matches!(unwrap_lines("a b"), Cow::Borrowed("a b")));
    }

    #[test]
    fn patterns_with_escaped_slashes() {
        let b = b"https:\\/\\/doi.org\\/10.";
        assert_eq!(ends_with_pat(b, 19, "doi.org/"), Some(9));
        assert_eq!(ends_with_pat(b, 10, "https://"), Some(10));
        assert_eq!(starts_with_pat(b, 0, "HTTPS://"), Some(10));
        assert_eq!(starts_with_pat(b, 0, "http://"), None);
        assert!(has_blank_line("a\n \r\nb") && !has_blank_line("a\nb\n"));
    }
}
