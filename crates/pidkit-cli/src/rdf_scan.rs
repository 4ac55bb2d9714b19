//! One N-Triples or N-Quads statement: oxttl judges its syntax and unescapes its IRIs; a
//! scanner finds where each IRIREF is in the line and which term it is. Shared with the fuzz
//! target `rdf` (crates/pidkit-fuzz-targets includes this file), which holds the scanner to
//! oxttl on every line oxttl accepts.

use oxrdf::{GraphName, NamedOrBlankNode, Term as RdfTerm};
use oxttl::{NQuadsParser, NTriplesParser};

/// Where an IRI is in its statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Subject,
    Predicate,
    Object,
    Graph,
    /// The datatype of a literal (`"1"^^<http://www.w3.org/2001/XMLSchema#integer>`).
    Datatype,
}

impl Term {
    /// The name of the `term` member.
    pub fn name(self) -> &'static str {
        match self {
            Term::Subject => "subject",
            Term::Predicate => "predicate",
            Term::Object => "object",
            Term::Graph => "graph",
            Term::Datatype => "datatype",
        }
    }
}

/// One statement's IRI as found: its term, and where its text is in the line (between `<`
/// and `>`, as written).
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    pub term: Term,
    pub start: usize,
    pub end: usize,
}

/// Where the IRIREFs of one statement are, in order, with their terms. The line is one that
/// oxttl accepted: its tokens are IRIREFs, blank nodes, literals (with a language or a
/// datatype), the final `.` and a comment.
pub fn scan(line: &str) -> Vec<Found> {
    let b = line.as_bytes();
    let mut found = Vec::new();
    let (mut i, mut terms) = (0, 0);
    let role = |n: usize| match n {
        0 => Term::Subject,
        1 => Term::Predicate,
        2 => Term::Object,
        _ => Term::Graph,
    };
    let iri = |i: usize| memchr::memchr(b'>', &b[i + 1..]).map_or(b.len(), |j| i + 1 + j);
    while i < b.len() {
        match b[i] {
            b'#' => break,
            b'<' => {
                let end = iri(i);
                found.push(Found {
                    term: role(terms),
                    start: i + 1,
                    end,
                });
                terms += 1;
                i = end + 1;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                terms += 1;
                if b.get(i..i + 3) == Some(b"^^<") {
                    let end = iri(i + 2);
                    found.push(Found {
                        term: Term::Datatype,
                        start: i + 3,
                        end,
                    });
                    i = end + 1;
                }
            }
            b'_' => {
                while i < b.len() && !matches!(b[i], b' ' | b'\t' | b'<' | b'"') {
                    i += 1;
                }
                terms += 1;
            }
            _ => i += 1,
        }
    }
    found
}

/// The IRIs of the one statement oxttl reads in `line`, each with its term and where it is,
/// its text unescaped by oxttl; or the syntax error (byte offset, length, message).
pub fn statement(line: &str, quads: bool) -> Result<Vec<(Found, String)>, (usize, usize, String)> {
    let mut quad = None;
    let syntax = |e: oxttl::TurtleSyntaxError| {
        let at = e.location();
        let start = usize::try_from(at.start.offset)
            .unwrap_or(0)
            .min(line.len());
        let end = usize::try_from(at.end.offset)
            .unwrap_or(0)
            .clamp(start, line.len());
        (start, end - start, e.message().to_owned())
    };
    if quads {
        for q in NQuadsParser::new().lenient().for_slice(line) {
            let q = q.map_err(syntax)?;
            quad.get_or_insert((q.subject, q.predicate, q.object, q.graph_name));
        }
    } else {
        for t in NTriplesParser::new().lenient().for_slice(line) {
            let t = t.map_err(syntax)?;
            quad.get_or_insert((t.subject, t.predicate, t.object, GraphName::DefaultGraph));
        }
    }
    let Some((subject, predicate, object, graph)) = quad else {
        return Ok(Vec::new());
    };
    Ok(scan(line)
        .into_iter()
        .map(|f| {
            let value = match (f.term, &subject, &object, &graph) {
                (Term::Subject, NamedOrBlankNode::NamedNode(n), _, _) => Some(n.as_str()),
                (Term::Predicate, ..) => Some(predicate.as_str()),
                (Term::Object, _, RdfTerm::NamedNode(n), _) => Some(n.as_str()),
                (Term::Datatype, _, RdfTerm::Literal(l), _) => Some(l.datatype().as_str()),
                (Term::Graph, _, _, GraphName::NamedNode(n)) => Some(n.as_str()),
                _ => None,
            };
            // The scanner and oxttl agree on every line oxttl accepts (the fuzz target `rdf`
            // holds them to it); should they not, the IRI as written.
            let value = value.unwrap_or_else(|| line.get(f.start..f.end).unwrap_or_default());
            (f, value.to_owned())
        })
        .collect())
}

/// Whether [`scan`] agrees with oxttl on `line`: every IRI oxttl reads (subject, predicate,
/// object, graph, a datatype other than the implicit ones) is found once with its term, each IRI
/// found is one oxttl read, and an IRI written without escapes is found as written. `Ok` for a
/// line oxttl rejects. The fuzz target `rdf` holds the scanner to this.
#[allow(dead_code)]
pub fn agrees(line: &str, quads: bool) -> Result<(), String> {
    let Ok(iris) = statement(line, quads) else {
        return Ok(());
    };
    let mut quad = None;
    if quads {
        for q in NQuadsParser::new().lenient().for_slice(line).flatten() {
            quad.get_or_insert((q.subject, q.predicate, q.object, q.graph_name));
        }
    } else {
        for t in NTriplesParser::new().lenient().for_slice(line).flatten() {
            quad.get_or_insert((t.subject, t.predicate, t.object, GraphName::DefaultGraph));
        }
    }
    let Some((subject, predicate, object, graph)) = quad else {
        return match iris.is_empty() {
            true => Ok(()),
            false => Err(format!(
                "IRIs found in a line without a statement: {iris:?}"
            )),
        };
    };
    let mut want: Vec<(Term, String)> = Vec::new();
    if let NamedOrBlankNode::NamedNode(n) = &subject {
        want.push((Term::Subject, n.as_str().to_owned()));
    }
    want.push((Term::Predicate, predicate.as_str().to_owned()));
    match &object {
        RdfTerm::NamedNode(n) => want.push((Term::Object, n.as_str().to_owned())),
        RdfTerm::Literal(l) => {
            let implicit = [
                "http://www.w3.org/2001/XMLSchema#string",
                "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString",
            ];
            let d = l.datatype().as_str();
            if !implicit.contains(&d) || iris.iter().any(|(f, _)| f.term == Term::Datatype) {
                want.push((Term::Datatype, d.to_owned()));
            }
        }
        _ => {}
    }
    if let GraphName::NamedNode(n) = &graph {
        want.push((Term::Graph, n.as_str().to_owned()));
    }
    let got: Vec<(Term, String)> = iris.iter().map(|(f, v)| (f.term, v.clone())).collect();
    if got != want {
        return Err(format!("scanned {got:?}, oxttl read {want:?}"));
    }
    for (f, v) in &iris {
        let raw = line
            .get(f.start..f.end)
            .ok_or("not on character boundaries")?;
        if !raw.contains('\\') && raw != v {
            return Err(format!("found {raw:?} where oxttl read {v:?}"));
        }
    }
    Ok(())
}
