//! VOTable documents (IVOA VOTable 1.1–1.5) as TAP services return them: the `QUERY_STATUS`
//! INFO (TAP 1.1 §4.9, DALI §4.4) and the first table's fields and rows, in the TABLEDATA,
//! BINARY or BINARY2 serialization. Parsed with a real XML parser (roxmltree; DTDs refused).
//!
//! A VOTable comes from the network, so reading one is bounded: at most [`MAX_ROWS`] rows and
//! [`MAX_CELLS`] cells, at most [`MAX_NODES`] XML nodes (the parsed tree of a document takes
//! about 16 times its text), at most [`MAX_NAMESPACES`] namespace declarations, and a BINARY row
//! must take at least one byte of the stream (otherwise the rows would never end).

use base64::Engine as _;

/// The most rows a table may have; a larger answer is refused (a RegTAP answer for one
/// resource has one row per interface, a few dozen at most).
pub const MAX_ROWS: usize = 1_000;
/// The most cells (rows × fields) a table may have: bounds the memory a small document can ask
/// for (a `<TR/>` of five bytes is a row of every field). [`MAX_ROWS`] rows of the ten fields
/// of the RegTAP query fit twice over.
pub const MAX_CELLS: usize = 20_000;
/// The most XML nodes (elements, text, comments …) a document may have: the parsed tree takes
/// some 70 bytes a node, so 8 MB of `<TD/>` would take 120 MB (7 MB at this bound).
/// [`MAX_ROWS`] rows of the ten fields of the RegTAP query take 21,000, or 33,000 indented.
pub const MAX_NODES: u32 = 100_000;
/// The most `xmlns` declarations a document may carry. VOTables use one or two; the XML
/// parser copies the declarations in scope into every element that declares a new one, so
/// thousands of nested declarations would cost quadratic time and memory.
pub const MAX_NAMESPACES: usize = 64;
/// The most attributes one element may have. VOTable elements have a dozen at most; the XML
/// parser compares each attribute with the ones before it, so an element with a million of
/// them would cost quadratic time.
pub const MAX_ATTRIBUTES: usize = 256;

/// The status a TAP service reports in `<INFO name="QUERY_STATUS">` (DALI §4.4: `OK`,
/// `ERROR` or `OVERFLOW`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryStatus {
    /// `OK` (or no status given).
    Ok,
    /// `OVERFLOW`: the result was truncated at MAXREC.
    Overflow,
    /// `ERROR`, with the service's message.
    Error(String),
    /// Any other value (`QUOTA_EXCEEDED` …), as sent (at most 100 characters), with the INFO's
    /// text: not a result.
    Other(String, String),
}

/// A parsed VOTable: the query status, whether it has a table with data, the first table's
/// field names and its rows.
///
/// ```
/// let doc = r#"<VOTABLE xmlns="http://www.ivoa.net/xml/VOTable/v1.3" version="1.3">
///   <RESOURCE type="results"><INFO name="QUERY_STATUS" value="OK"/>
///   <TABLE><FIELD name="ivoid" datatype="char" arraysize="*"/>
///   <DATA><TABLEDATA><TR><TD>ivo://org.gavo.dc</TD></TR></TABLEDATA></DATA></TABLE>
///   </RESOURCE></VOTABLE>"#;
/// let t = pidkit_resolve::VoTable::parse(doc.as_bytes())?;
/// assert!(t.table && t.data);
/// assert_eq!(t.fields, ["ivoid"]);
/// assert_eq!(t.rows[0][0].as_deref(), Some("ivo://org.gavo.dc"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoTable {
    /// The query status.
    pub status: QueryStatus,
    /// Whether the document has a `TABLE`.
    pub table: bool,
    /// Whether the first table has a `DATA` element (an empty one is a table of no rows; none
    /// at all is a table without its data, not an empty result).
    pub data: bool,
    /// The names of the first table's fields (empty when the document has no table).
    pub fields: Vec<String>,
    /// The rows; `None` is a null value.
    pub rows: Vec<Vec<Option<String>>>,
}

impl VoTable {
    /// Parse a VOTable document; the error says what is wrong with it.
    pub fn parse(bytes: &[u8]) -> Result<VoTable, String> {
        let text = std::str::from_utf8(bytes)
            .map_err(|e| format!("not UTF-8 at byte {}", e.valid_up_to()))?;
        let declarations = text.matches("xmlns").count();
        if declarations > MAX_NAMESPACES {
            return Err(format!(
                "{declarations} namespace declarations, more than the {MAX_NAMESPACES} allowed"
            ));
        }
        if let Some(at) = crowded_element(text.as_bytes()) {
            return Err(format!(
                "an element with more than {MAX_ATTRIBUTES} attributes (at byte {at})"
            ));
        }
        let options = roxmltree::ParsingOptions {
            allow_dtd: false,
            nodes_limit: MAX_NODES,
            ..roxmltree::ParsingOptions::default()
        };
        let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| match e {
            roxmltree::Error::NodesLimitReached => {
                format!("more than {MAX_NODES} XML nodes in one answer")
            }
            e => format!("not XML: {e}"),
        })?;
        let root = doc.root_element();
        if root.tag_name().name() != "VOTABLE" {
            return Err(format!(
                "not a VOTable: the root element is <{}>",
                root.tag_name().name()
            ));
        }
        let is = |n: &roxmltree::Node, name: &str| n.is_element() && n.tag_name().name() == name;
        // The status INFO of the results resource (or, for error documents, of the root).
        let status = root
            .descendants()
            .find(|n| is(n, "INFO") && n.attribute("name") == Some("QUERY_STATUS"))
            .map(|n| {
                let text = || {
                    n.text()
                        .map(str::trim)
                        .filter(|t| !t.is_empty())
                        .unwrap_or("no message")
                        .to_owned()
                };
                let value = n.attribute("value").unwrap_or("").trim();
                match value.to_ascii_uppercase().as_str() {
                    "ERROR" => QueryStatus::Error(text()),
                    "OVERFLOW" => QueryStatus::Overflow,
                    "OK" => QueryStatus::Ok,
                    _ => QueryStatus::Other(value.chars().take(100).collect(), text()),
                }
            })
            .unwrap_or(QueryStatus::Ok);
        let Some(table) = root.descendants().find(|n| is(n, "TABLE")) else {
            return Ok(VoTable {
                status,
                table: false,
                data: false,
                fields: Vec::new(),
                rows: Vec::new(),
            });
        };
        let fields: Vec<Field> = table
            .children()
            .filter(|n| is(n, "FIELD"))
            .map(|n| Field {
                name: n
                    .attribute("name")
                    .or(n.attribute("ID"))
                    .unwrap_or("")
                    .to_owned(),
                datatype: n.attribute("datatype").unwrap_or("char").to_owned(),
                arraysize: n.attribute("arraysize").map(str::to_owned),
            })
            .collect();
        let mut rows = Vec::new();
        let data_element = table.children().find(|n| is(n, "DATA"));
        if let Some(data) = data_element {
            if let Some(td) = data.children().find(|n| is(n, "TABLEDATA")) {
                let mut cells = 0usize;
                for tr in td.children().filter(|n| is(n, "TR")) {
                    let width = tr.children().filter(|n| is(n, "TD")).count();
                    cells = cells.saturating_add(width.max(fields.len()));
                    check_size(rows.len() + 1, cells)?;
                    let mut row: Vec<Option<String>> = tr
                        .children()
                        .filter(|n| is(n, "TD"))
                        .map(|n| {
                            let t: String = n
                                .descendants()
                                .filter(|d| d.is_text())
                                .filter_map(|d| d.text())
                                .collect();
                            (!t.is_empty()).then_some(t)
                        })
                        .collect();
                    row.resize(fields.len(), None);
                    rows.push(row);
                }
            } else if let Some((binary, nulls)) = data
                .children()
                .find(|n| is(n, "BINARY2"))
                .map(|n| (n, true))
                .or_else(|| {
                    data.children()
                        .find(|n| is(n, "BINARY"))
                        .map(|n| (n, false))
                })
            {
                let stream = binary
                    .children()
                    .find(|n| is(n, "STREAM"))
                    .ok_or_else(|| "a BINARY table without a STREAM".to_string())?;
                if stream.attribute("encoding") != Some("base64") {
                    return Err("only base64-encoded inline BINARY streams are supported".into());
                }
                let b64: String = stream
                    .text()
                    .unwrap_or("")
                    .chars()
                    .filter(|c| !c.is_ascii_whitespace())
                    .collect();
                let raw = base64::engine::general_purpose::STANDARD
                    .decode(b64.as_bytes())
                    .map_err(|e| format!("bad base64 in the BINARY stream: {e}"))?;
                rows = decode_binary(&raw, &fields, nulls)?;
            } else if data.children().any(|n| is(&n, "FITS")) {
                return Err("the FITS serialization of VOTable is not supported".into());
            }
        }
        Ok(VoTable {
            status,
            table: true,
            data: data_element.is_some(),
            fields: fields.into_iter().map(|f| f.name).collect(),
            rows,
        })
    }

    /// The index of the field called `name` (case-insensitive, as ADQL column names are).
    ///
    /// ```
    /// let t = pidkit_resolve::VoTable { status: pidkit_resolve::QueryStatus::Ok,
    ///     table: true, data: true, fields: vec!["IVOID".into()], rows: vec![] };
    /// assert_eq!(t.column("ivoid"), Some(0));
    /// ```
    pub fn column(&self, name: &str) -> Option<usize> {
        self.fields
            .iter()
            .position(|f| f.eq_ignore_ascii_case(name))
    }
}

struct Field {
    name: String,
    datatype: String,
    arraysize: Option<String>,
}

/// Bytes per element of a VOTable primitive type (`bit` is handled apart).
fn element_size(datatype: &str) -> Option<usize> {
    Some(match datatype {
        "boolean" | "unsignedByte" | "char" => 1,
        "short" | "unicodeChar" => 2,
        "int" | "float" => 4,
        "long" | "double" | "floatComplex" => 8,
        "doubleComplex" => 16,
        "bit" => 0,
        _ => return None,
    })
}

/// The byte offset of the first start tag with more than [`MAX_ATTRIBUTES`] attributes, found
/// in one pass before the XML parser sees the text: `=` signs outside quotes are counted from
/// each `<` to its `>`; comments, CDATA sections, processing instructions and declarations are
/// skipped.
fn crowded_element(text: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(lt) = memchr_at(b'<', text, i) {
        let rest = &text[lt..];
        let skip_to = |end: &[u8]| {
            rest.windows(end.len())
                .position(|w| w == end)
                .map_or(text.len(), |p| lt + p + end.len())
        };
        if rest.starts_with(b"<!--") {
            i = skip_to(b"-->");
            continue;
        }
        if rest.starts_with(b"<![CDATA[") {
            i = skip_to(b"]]>");
            continue;
        }
        if rest.starts_with(b"<?") || rest.starts_with(b"<!") || rest.starts_with(b"</") {
            i = skip_to(b">");
            continue;
        }
        let (mut quote, mut count, mut j) = (None, 0usize, lt + 1);
        while let Some(&b) = text.get(j) {
            match (quote, b) {
                (Some(q), b) if b == q => quote = None,
                (Some(_), _) => {}
                (None, b'"' | b'\'') => quote = Some(b),
                (None, b'=') => count += 1,
                (None, b'>') => break,
                (None, _) => {}
            }
            j += 1;
        }
        if count > MAX_ATTRIBUTES {
            return Some(lt);
        }
        i = j + 1;
    }
    None
}

/// The first `needle` at or after `from`.
fn memchr_at(needle: u8, hay: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .iter()
        .position(|&b| b == needle)
        .map(|p| from + p)
}

/// Refuse a table past [`MAX_ROWS`] rows or [`MAX_CELLS`] cells, before it is built.
fn check_size(rows: usize, cells: usize) -> Result<(), String> {
    if rows > MAX_ROWS {
        return Err(format!("more than {MAX_ROWS} rows in one answer"));
    }
    if cells > MAX_CELLS {
        return Err(format!("more than {MAX_CELLS} cells in one answer"));
    }
    Ok(())
}

/// Read the BINARY (no null flags) or BINARY2 (a null bitmap before each row) stream.
fn decode_binary(
    raw: &[u8],
    fields: &[Field],
    null_flags: bool,
) -> Result<Vec<Vec<Option<String>>>, String> {
    let short = || "truncated BINARY stream".to_string();
    let mut rows = Vec::new();
    let mut at = 0;
    let mask_len = if null_flags {
        fields.len().div_ceil(8)
    } else {
        0
    };
    while at < raw.len() {
        let row_start = at;
        check_size(
            rows.len() + 1,
            (rows.len() + 1).saturating_mul(fields.len()),
        )?;
        let mask = raw.get(at..at + mask_len).ok_or_else(short)?;
        at += mask_len;
        let mut row = Vec::with_capacity(fields.len());
        for (k, f) in fields.iter().enumerate() {
            let size = element_size(&f.datatype)
                .ok_or_else(|| format!("unknown VOTable datatype {:?}", f.datatype))?;
            let (count, variable) = match f.arraysize.as_deref() {
                None => (1, false),
                Some(a) if a.ends_with('*') => {
                    let n = raw.get(at..at + 4).ok_or_else(short)?;
                    at += 4;
                    (u32::from_be_bytes([n[0], n[1], n[2], n[3]]) as usize, true)
                }
                Some(a) => (
                    a.split('x')
                        .map(|d| d.trim().parse::<usize>())
                        .try_fold(1usize, |acc, d| d.map(|d| acc.saturating_mul(d)))
                        .map_err(|_| format!("bad arraysize {a:?}"))?,
                    false,
                ),
            };
            let len = if f.datatype == "bit" {
                count.div_ceil(8)
            } else {
                count.saturating_mul(size)
            };
            let bytes = raw.get(at..at.saturating_add(len)).ok_or_else(short)?;
            at += len;
            let null = null_flags && mask[k / 8] & (0x80 >> (k % 8)) != 0;
            let value = render(&f.datatype, bytes);
            row.push(
                (!null && !(value.is_empty() && (variable || f.arraysize.is_some())))
                    .then_some(value),
            );
        }
        if at == row_start {
            // No FIELD, or only zero-length arrays: a row takes no bytes, so the stream would
            // hold infinitely many of them.
            return Err(
                "a BINARY row takes no bytes (no FIELD with a size): the stream cannot \
                        be read"
                    .into(),
            );
        }
        rows.push(row);
    }
    Ok(rows)
}

/// A value as text: strings decoded, numbers in decimal, arrays space-separated.
fn render(datatype: &str, bytes: &[u8]) -> String {
    fn join<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
        items.map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
    }
    match datatype {
        "char" => {
            let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
            bytes[..end].iter().map(|&b| b as char).collect()
        }
        "unicodeChar" => {
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .take_while(|&u| u != 0)
                .collect();
            String::from_utf16_lossy(&units)
        }
        "boolean" => bytes
            .iter()
            .map(|&b| match b {
                b'T' | b't' | b'1' => "true",
                b'F' | b'f' | b'0' => "false",
                _ => "",
            })
            .collect::<Vec<_>>()
            .join(" "),
        "unsignedByte" => join(bytes.iter()),
        "short" => join(
            bytes
                .chunks_exact(2)
                .map(|c| i16::from_be_bytes([c[0], c[1]])),
        ),
        "int" => join(
            bytes
                .chunks_exact(4)
                .map(|c| i32::from_be_bytes([c[0], c[1], c[2], c[3]])),
        ),
        "long" => join(
            bytes
                .chunks_exact(8)
                .map(|c| i64::from_be_bytes(c.try_into().unwrap_or([0; 8]))),
        ),
        "float" | "floatComplex" => join(
            bytes
                .chunks_exact(4)
                .map(|c| f32::from_be_bytes([c[0], c[1], c[2], c[3]])),
        ),
        "double" | "doubleComplex" => join(
            bytes
                .chunks_exact(8)
                .map(|c| f64::from_be_bytes(c.try_into().unwrap_or([0; 8]))),
        ),
        _ => join(bytes.iter().map(|b| format!("{b:08b}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64(raw: &[u8]) -> String {
        base64::engine::general_purpose::STANDARD.encode(raw)
    }

    #[test]
    fn error_documents_report_the_message() {
        let doc = r#"<?xml version="1.0"?><VOTABLE version="1.4"><RESOURCE type="results">
          <INFO name="QUERY_STATUS" value="ERROR">Could not parse your query: bad column</INFO>
          </RESOURCE></VOTABLE>"#;
        let t = VoTable::parse(doc.as_bytes()).unwrap();
        assert_eq!(
            t.status,
            QueryStatus::Error("Could not parse your query: bad column".into())
        );
        assert!(t.rows.is_empty());
    }

    #[test]
    fn not_votable_or_not_xml() {
        assert!(
            VoTable::parse(b"<html><body>hi</body></html>")
                .unwrap_err()
                .contains("root element is <html>")
        );
        assert!(
            VoTable::parse(b"<VOTABLE><RESOURCE>")
                .unwrap_err()
                .starts_with("not XML")
        );
        assert!(VoTable::parse(&[0xff, 0xfe]).unwrap_err().contains("UTF-8"));
        // Entity expansion is refused.
        let bomb =
            r#"<?xml version="1.0"?><!DOCTYPE v [<!ENTITY a "aaaa">]><VOTABLE>&a;</VOTABLE>"#;
        assert!(VoTable::parse(bomb.as_bytes()).is_err());
    }

    #[test]
    fn tabledata_nulls_and_short_rows() {
        let doc = r#"<VOTABLE><RESOURCE><TABLE>
          <FIELD name="a" datatype="char" arraysize="*"/><FIELD name="b" datatype="short"/>
          <DATA><TABLEDATA><TR><TD>x &amp; y</TD><TD>3</TD></TR><TR><TD/></TR></TABLEDATA></DATA>
          </TABLE></RESOURCE></VOTABLE>"#;
        let t = VoTable::parse(doc.as_bytes()).unwrap();
        assert_eq!(t.status, QueryStatus::Ok);
        assert_eq!(
            t.rows,
            vec![
                vec![Some("x & y".into()), Some("3".into())],
                vec![None, None]
            ]
        );
    }

    #[test]
    fn binary2_with_null_flags() {
        // Fields: char[*], short, unicodeChar[*], double.
        let mut raw = Vec::new();
        // Row 1: nothing null.
        raw.push(0b0000_0000);
        raw.extend_from_slice(&3u32.to_be_bytes());
        raw.extend_from_slice(b"abc");
        raw.extend_from_slice(&7i16.to_be_bytes());
        raw.extend_from_slice(&2u32.to_be_bytes());
        raw.extend_from_slice(&[0x00, 0xe9, 0x4e, 0x2d]); // é中
        raw.extend_from_slice(&1.5f64.to_be_bytes());
        // Row 2: the short (field 1) is null; empty string.
        raw.push(0b0100_0000);
        raw.extend_from_slice(&0u32.to_be_bytes());
        raw.extend_from_slice(&0i16.to_be_bytes());
        raw.extend_from_slice(&0u32.to_be_bytes());
        raw.extend_from_slice(&(-2.0f64).to_be_bytes());
        let doc = format!(
            r#"<VOTABLE><RESOURCE type="results"><INFO name="QUERY_STATUS" value="OVERFLOW"/><TABLE>
            <FIELD name="s" datatype="char" arraysize="*"/><FIELD name="n" datatype="short"/>
            <FIELD name="u" datatype="unicodeChar" arraysize="*"/><FIELD name="d" datatype="double"/>
            <DATA><BINARY2><STREAM encoding="base64">{}</STREAM></BINARY2></DATA></TABLE></RESOURCE></VOTABLE>"#,
            b64(&raw)
        );
        let t = VoTable::parse(doc.as_bytes()).unwrap();
        assert_eq!(t.status, QueryStatus::Overflow);
        assert_eq!(
            t.rows,
            vec![
                vec![
                    Some("abc".into()),
                    Some("7".into()),
                    Some("é中".into()),
                    Some("1.5".into())
                ],
                vec![None, None, None, Some("-2".into())],
            ]
        );
        // Cut anywhere inside a row: an error, never a panic.
        for cut in 1..raw.len() {
            let doc = format!(
                r#"<VOTABLE><RESOURCE><TABLE><FIELD name="s" datatype="char" arraysize="*"/><FIELD name="n" datatype="short"/>
                <FIELD name="u" datatype="unicodeChar" arraysize="*"/><FIELD name="d" datatype="double"/>
                <DATA><BINARY2><STREAM encoding="base64">{}</STREAM></BINARY2></DATA></TABLE></RESOURCE></VOTABLE>"#,
                b64(&raw[..cut])
            );
            if cut != 26 {
                assert!(VoTable::parse(doc.as_bytes()).is_err(), "cut at {cut}");
            }
        }
    }

    #[test]
    fn binary_fixed_size_char() {
        let mut raw = Vec::new();
        raw.extend_from_slice(b"ab\0\0");
        raw.extend_from_slice(&42i32.to_be_bytes());
        let doc = format!(
            r#"<VOTABLE><RESOURCE><TABLE><FIELD name="c" datatype="char" arraysize="4"/>
            <FIELD name="i" datatype="int"/><DATA><BINARY><STREAM encoding="base64">{}</STREAM>
            </BINARY></DATA></TABLE></RESOURCE></VOTABLE>"#,
            b64(&raw)
        );
        let t = VoTable::parse(doc.as_bytes()).unwrap();
        assert_eq!(t.rows, vec![vec![Some("ab".into()), Some("42".into())]]);
    }

    fn binary_doc(tag: &str, fields: &str, raw: &[u8]) -> String {
        format!(
            r#"<VOTABLE><RESOURCE><TABLE>{fields}<DATA><{tag}><STREAM encoding="base64">{}</STREAM></{tag}></DATA></TABLE></RESOURCE></VOTABLE>"#,
            b64(raw)
        )
    }

    #[test]
    fn zero_width_rows_are_refused_at_once() {
        // Issue 11, High 1: the exact document of the report, then the other ways to make a
        // row that takes no bytes.
        let report = r#"<VOTABLE><RESOURCE><TABLE><DATA><BINARY><STREAM encoding="base64">AAAA</STREAM></BINARY></DATA></TABLE></RESOURCE></VOTABLE>"#;
        let e = VoTable::parse(report.as_bytes()).unwrap_err();
        assert!(e.contains("takes no bytes"), "{e}");
        for (tag, fields) in [
            ("BINARY2", ""),
            (
                "BINARY",
                r#"<FIELD name="a" datatype="int" arraysize="0"/>"#,
            ),
            (
                "BINARY",
                r#"<FIELD name="a" datatype="char" arraysize="0x5"/>"#,
            ),
            (
                "BINARY",
                r#"<FIELD name="b" datatype="bit" arraysize="0"/>"#,
            ),
        ] {
            let e = VoTable::parse(binary_doc(tag, fields, &[0; 30]).as_bytes()).unwrap_err();
            assert!(e.contains("takes no bytes"), "{tag} {fields}: {e}");
        }
        // A zero-length array beside a real field is fine.
        let fields = r#"<FIELD name="a" datatype="int" arraysize="0"/><FIELD name="b" datatype="unsignedByte"/>"#;
        let t = VoTable::parse(binary_doc("BINARY", fields, &[7, 8]).as_bytes()).unwrap();
        assert_eq!(
            t.rows,
            vec![vec![None, Some("7".into())], vec![None, Some("8".into())]]
        );
    }

    #[test]
    fn rows_and_cells_are_bounded() {
        // One byte per row: MAX_ROWS rows are read, one more is refused.
        let fields = r#"<FIELD name="b" datatype="unsignedByte"/>"#;
        let t =
            VoTable::parse(binary_doc("BINARY", fields, &vec![1; MAX_ROWS]).as_bytes()).unwrap();
        assert_eq!(t.rows.len(), MAX_ROWS);
        let e = VoTable::parse(binary_doc("BINARY", fields, &vec![1; MAX_ROWS + 1]).as_bytes())
            .unwrap_err();
        assert!(e.contains("rows"), "{e}");
        // TABLEDATA: the same bound.
        let many = |n: usize| {
            format!(
                "<VOTABLE><RESOURCE><TABLE>{fields}<DATA><TABLEDATA>{}</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>",
                "<TR><TD>1</TD></TR>".repeat(n)
            )
        };
        assert_eq!(
            VoTable::parse(many(MAX_ROWS).as_bytes())
                .unwrap()
                .rows
                .len(),
            MAX_ROWS
        );
        assert!(VoTable::parse(many(MAX_ROWS + 1).as_bytes()).is_err());
        // Many fields and tiny rows: a five-byte <TR/> would be a row of every field.
        let wide = format!(
            "<VOTABLE><RESOURCE><TABLE>{}<DATA><TABLEDATA>{}</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>",
            r#"<FIELD name="f" datatype="int"/>"#.repeat(20_000),
            "<TR/>".repeat(5_000)
        );
        let e = VoTable::parse(wide.as_bytes()).unwrap_err();
        assert!(e.contains("cells"), "{e}");
        // The same in BINARY2: 10,000 zero-width fields, a row is its 1,250-byte null bitmap.
        let narrow = r#"<FIELD name="a" datatype="int" arraysize="0"/>"#.repeat(10_000);
        let e = VoTable::parse(binary_doc("BINARY2", &narrow, &vec![0; 200_000]).as_bytes())
            .unwrap_err();
        assert!(e.contains("cells"), "{e}");
    }

    #[test]
    fn attributes_per_element_are_bounded() {
        let attrs = |n: usize| {
            (0..n)
                .map(|i| format!(r#" a{i}="x=>y""#))
                .collect::<String>()
        };
        let doc = |n: usize| {
            format!(
                "<VOTABLE><!-- {} --><![CDATA[ a=b=c ]]><RESOURCE{}/></VOTABLE>",
                "=".repeat(1000),
                attrs(n)
            )
        };
        assert!(VoTable::parse(doc(MAX_ATTRIBUTES).as_bytes()).is_ok());
        let e = VoTable::parse(doc(MAX_ATTRIBUTES + 1).as_bytes()).unwrap_err();
        assert!(e.contains("more than 256 attributes (at byte 1037)"), "{e}");
        // Unclosed quotes or tags end the scan without a panic.
        for bad in [
            "<a b='",
            "<a",
            "<!--",
            "<![CDATA[",
            "<",
            "<a b=\"c\" =",
            "<?x",
        ] {
            let _ = VoTable::parse(bad.as_bytes());
        }
    }

    #[test]
    fn namespace_declarations_are_bounded() {
        let nested: String = (0..MAX_NAMESPACES + 1)
            .map(|i| format!(r#"<R xmlns:n{i}="u{i}">"#))
            .collect();
        let doc = format!("<VOTABLE>{nested}</VOTABLE>");
        let e = VoTable::parse(doc.as_bytes()).unwrap_err();
        assert!(e.contains("namespace"), "{e}");
    }

    #[test]
    fn xml_nodes_are_bounded() {
        // Issue 31, High 2: 8 MB of empty cells (inside --max-size) cost 120 MB as a tree
        // before the cell count refused them.
        let doc = |n: usize| {
            format!(
                "<VOTABLE><RESOURCE><TABLE><DATA><TABLEDATA><TR>{}</TR></TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>",
                "<TD/>".repeat(n)
            )
        };
        let e = VoTable::parse(doc(MAX_NODES as usize).as_bytes()).unwrap_err();
        assert_eq!(e, format!("more than {MAX_NODES} XML nodes in one answer"));
        // MAX_ROWS rows of the RegTAP query's ten fields are read, indented.
        let fields = r#"<FIELD name="f" datatype="char" arraysize="*"/>"#.repeat(10);
        let row = format!("\n  <TR>{}\n  </TR>", "\n    <TD>x</TD>".repeat(10));
        let full = format!(
            "<VOTABLE><RESOURCE><TABLE>{fields}<DATA><TABLEDATA>{}</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>",
            row.repeat(MAX_ROWS)
        );
        assert_eq!(
            VoTable::parse(full.as_bytes()).unwrap().rows.len(),
            MAX_ROWS
        );
    }
}
