//! The parts of the output schema that vary by identifier scheme are made from the library's
//! list of schemes, not written by hand: `docs/schema/schemes.json` (each scheme's object, from
//! its fields) and the per-kind rules of `parse.json` and `extract.json`. This test fails when a
//! file differs from what the list makes; `PIDKIT_BLESS=1 cargo test -p pidkit-cli --test
//! schema_files` writes them (what adding a scheme asks of the docs).

use std::path::PathBuf;

use pidkit::Kind;
use pidkit::scheme::FieldType;
use serde_json::{Value, json};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/schema")
}

/// The kinds of the schemes of the list, in its order.
fn schemes() -> Vec<Kind> {
    Kind::ALL
        .iter()
        .copied()
        .filter(|k| k.reading().is_some())
        .collect()
}

/// `schemes.json`: one definition per scheme, from its fields.
fn schemes_file() -> Value {
    let mut defs = serde_json::Map::new();
    for kind in schemes() {
        let mut props = serde_json::Map::new();
        for f in kind.fields() {
            let mut p = serde_json::Map::new();
            if !f.about.is_empty() {
                p.insert("description".into(), f.about.into());
            }
            let nullable = f.ty == FieldType::OptStr;
            if f.values.is_empty() {
                let ty = match f.ty {
                    FieldType::Bool => json!("boolean"),
                    FieldType::OptStr => json!(["string", "null"]),
                    _ => json!("string"),
                };
                p.insert("type".into(), ty);
            } else {
                let mut values: Vec<Value> = f.values.iter().map(|v| json!(v)).collect();
                if nullable {
                    values.push(Value::Null);
                }
                p.insert("enum".into(), values.into());
            }
            props.insert(f.name.into(), p.into());
        }
        let required: Vec<&str> = kind.fields().iter().map(|f| f.name).collect();
        defs.insert(
            kind.name().into(),
            json!({
                "description": format!("The parts of a {} (parse, extract): the {:?} object.", kind.title(), kind.name()),
                "type": "object",
                "properties": props,
                "required": required,
                "additionalProperties": false,
            }),
        );
    }
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pidkit output schema 1: the parts of each identifier scheme",
        "description": "Made from the library's list of schemes (crates/pidkit-cli/tests/schema_files.rs writes it); parse.json and extract.json refer to these as schemes.json#/$defs/KIND.",
        "$defs": defs,
    })
}

/// The members each scheme adds to a record, each a reference to its definition.
fn scheme_members() -> serde_json::Map<String, Value> {
    schemes()
        .into_iter()
        .map(|k| {
            (
                k.name().to_owned(),
                json!({ "$ref": format!("schemes.json#/$defs/{}", k.name()) }),
            )
        })
        .collect()
}

/// `parse.json`: the input members, the components, and a scheme's object exactly when the
/// input is valid and of that scheme's kind.
fn parse_file() -> Value {
    let mut props = serde_json::Map::new();
    props.insert(
        "mapped".into(),
        json!({ "$ref": "common.json#/$defs/mapped" }),
    );
    props.insert(
        "components".into(),
        json!({ "$ref": "common.json#/$defs/components" }),
    );
    props.extend(scheme_members());
    let mut all_of = vec![json!({
        "if": { "properties": { "error": { "type": "object" } }, "required": ["error"] },
        "then": { "not": { "required": ["components"] } },
    })];
    for k in schemes() {
        all_of.push(json!({
            "if": {
                "properties": { "kind": { "const": k.name() }, "error": { "type": "null" } },
                "required": ["kind", "error"],
            },
            "then": { "required": [k.name()] },
            "else": { "not": { "required": [k.name()] } },
        }));
    }
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pidkit parse --json",
        "description": "One record per input, in input order: the input members, the IRI components and the parts of a PID (docs/output.md#parse); a blank line's record.",
        "oneOf": [
            {
                "$ref": "common.json#/$defs/inputRecord",
                "properties": props,
                "allOf": all_of,
                "unevaluatedProperties": false,
            },
            {
                "$ref": "common.json#/$defs/blankRecord",
                "unevaluatedProperties": false,
            },
        ],
    })
}

/// `extract.json`: one record per identifier found, with its scheme's object when it has one.
fn extract_file() -> Value {
    let mut props = serde_json::Map::new();
    props.insert(
        "schema".into(),
        json!({ "$ref": "common.json#/$defs/schema" }),
    );
    props.insert(
        "file".into(),
        json!({ "description": "The file as named on the command line; <stdin> for standard input.", "type": "string" }),
    );
    props.insert("line".into(), json!({ "$ref": "common.json#/$defs/line" }));
    props.insert(
        "column".into(),
        json!({ "description": "1-based, in characters.", "type": "integer", "minimum": 1 }),
    );
    props.insert("kind".into(), json!({ "$ref": "common.json#/$defs/kind" }));
    props.insert(
        "input".into(),
        json!({ "description": "The identifier as found.", "type": "string" }),
    );
    props.insert(
        "name".into(),
        json!({
            "description": "The identifier's name within its scheme (a DOI name, a handle, an ARK's NAAN/Name …), for identifiers of the schemes that have one.",
            "type": "string",
        }),
    );
    props.insert(
        "error".into(),
        json!({
            "description": "Present when the identifier as found is no valid identifier of its kind (the text of a <…> is reported as written): why, offsets in input.",
            "$ref": "common.json#/$defs/errorObject",
        }),
    );
    props.insert(
        "truncated".into(),
        json!({
            "description": "Present and true when the identifier runs to a line end where it may go on in the next line, and was not joined (docs/extract.md: Broken lines).",
            "const": true,
        }),
    );
    props.extend(scheme_members());
    let all_of: Vec<Value> = schemes()
        .into_iter()
        .map(|k| {
            json!({
                "if": { "properties": { "kind": { "not": { "const": k.name() } } } },
                "then": { "not": { "required": [k.name()] } },
            })
        })
        .collect();
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pidkit extract --json",
        "description": "One record per identifier found, in file order (docs/output.md#extract).",
        "type": "object",
        "properties": props,
        "required": ["schema", "file", "line", "column", "kind", "input"],
        "allOf": all_of,
        "additionalProperties": false,
    })
}

#[test]
fn the_scheme_parts_of_the_schema_files_follow_the_list() {
    let bless = std::env::var_os("PIDKIT_BLESS").is_some();
    let mut stale = Vec::new();
    for (name, value) in [
        ("schemes.json", schemes_file()),
        ("parse.json", parse_file()),
        ("extract.json", extract_file()),
    ] {
        let want = serde_json::to_string_pretty(&value).unwrap() + "\n";
        let path = dir().join(name);
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        if have != want {
            if bless {
                std::fs::write(&path, want).unwrap();
            } else {
                stale.push(name);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "docs/schema/{stale:?} differ from what the list of schemes makes: run \
         PIDKIT_BLESS=1 cargo test -p pidkit-cli --test schema_files"
    );
}
