//! A scheme's parts described once: the names, types and meaning of the members of its object
//! in `pidkit parse --json` ([`crate::Details`]), from which the JSON, the JSON Schema
//! documents, Python's attributes and the Arrow `parse` struct columns are all made.
//!
//! ```
//! use pidkit::scheme::{FieldType, Fields, Value};
//! let id = pidkit::Identifier::parse("urn:isbn:0451450523")?;
//! let d = id.details().unwrap();
//! let fields = d.fields();
//! assert_eq!(fields[0].name, "nid");
//! assert_eq!(fields[0].ty, FieldType::Str);
//! assert_eq!(d.value(0), Value::Str("isbn"));
//! # Ok::<(), pidkit::ParseError>(())
//! ```

/// One member of a scheme's parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The member's name (`snake_case`): the JSON member, the Python attribute, the Arrow
    /// column.
    pub name: &'static str,
    /// Its type.
    pub ty: FieldType,
    /// What it holds, for people (the JSON Schema's `description`; empty for none).
    pub about: &'static str,
    /// The values it takes, where they are a closed list (the JSON Schema's `enum`); empty when
    /// any string may appear.
    pub values: &'static [&'static str],
}

impl Field {
    /// A field of type `ty` described by `about`, any value.
    pub const fn new(name: &'static str, ty: FieldType, about: &'static str) -> Field {
        Field {
            name,
            ty,
            about,
            values: &[],
        }
    }

    /// The same field, taking only `values` (`null` too where the type is optional).
    pub const fn one_of(self, values: &'static [&'static str]) -> Field {
        Field { values, ..self }
    }
}

/// The type of a [`Field`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FieldType {
    /// A string, always present.
    Str,
    /// A string or `null`.
    OptStr,
    /// `true` or `false`.
    Bool,
}

/// The value of a [`Field`] in one identifier's parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Value<'a> {
    /// A string ([`FieldType::Str`], [`FieldType::OptStr`]).
    Str(&'a str),
    /// No value ([`FieldType::OptStr`]).
    Null,
    /// A boolean ([`FieldType::Bool`]).
    Bool(bool),
}

impl<'a> Value<'a> {
    /// An optional string.
    pub fn opt(s: Option<&'a str>) -> Value<'a> {
        s.map_or(Value::Null, Value::Str)
    }

    /// The string, for `Str`.
    pub fn as_str(self) -> Option<&'a str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// The parts of an identifier of a scheme, as fields: what a scheme's `Details` type
/// implements, so that every door shows the same members.
pub trait Fields {
    /// The fields, in the order of the JSON object.
    const FIELDS: &'static [Field];

    /// The value of field `i` (an index into [`Fields::FIELDS`]; `Value::Null` past the end).
    fn value(&self, i: usize) -> Value<'_>;
}

/// Serialize parts as a JSON object of their fields, in order.
#[cfg(feature = "serde")]
pub(crate) fn serialize<F: Fields, S: serde::Serializer>(f: &F, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(F::FIELDS.len()))?;
    for (i, field) in F::FIELDS.iter().enumerate() {
        match f.value(i) {
            Value::Str(v) => map.serialize_entry(field.name, v)?,
            Value::Null => map.serialize_entry(field.name, &None::<&str>)?,
            Value::Bool(b) => map.serialize_entry(field.name, &b)?,
        }
    }
    map.end()
}
