//! Wikidata entity ids: items (`Q42`), properties (`P31`), lexemes (`L1`) and their forms and
//! senses (`L1-F2`, `L1-S1`), bare, with the `wd:` / `wikidata:` labels, as concept URIs
//! (`http://www.wikidata.org/entity/Q42`) and as wikidata.org page URLs.
//!
//! The rules, from Wikidata's and Wikibase's documentation:
//!
//! - **Ids** (Wikidata:Identifiers, <https://www.wikidata.org/wiki/Wikidata:Identifiers>; the
//!   Wikibase data model's `ItemId`, `NumericPropertyId` and the WikibaseLexeme `LexemeId`): a
//!   letter — `Q` for items, `P` for properties, `L` for lexemes — and a positive decimal
//!   number without leading zeros, at most 2147483647 (`Int32EntityId::MAX`). Wikibase reads
//!   the letter in either case and writes it in upper case.
//! - **Forms and senses** (WikibaseLexeme data model,
//!   <https://www.mediawiki.org/wiki/Extension:WikibaseLexeme/Data_Model>): the lexeme's id,
//!   `-`, then `F` (a form) or `S` (a sense) and a number from 1: `L1-F2`, `L1-S1`, in upper
//!   case.
//! - **Concept URIs** (Wikidata:Data access, <https://www.wikidata.org/wiki/Wikidata:Data_access>;
//!   Wikibase RDF format, where the prefix `wd:` stands for `http://www.wikidata.org/entity/`):
//!   `http://www.wikidata.org/entity/` and the id — the URI that names the entity itself,
//!   and the canonical form here. Its data is at `Special:EntityData/ID` (`.json`, `.ttl` …),
//!   its page at `https://www.wikidata.org/wiki/ID` for items, `…/wiki/Property:ID` for
//!   properties, `…/wiki/Lexeme:ID` for lexemes, with a form or sense as the lexeme page's
//!   fragment (`…/wiki/Lexeme:L1#L1-F2`) (Wikidata:Namespaces).
//!
//! ```
//! use pidkit::wikidata::{EntityType, WikidataEntity};
//!
//! let q = WikidataEntity::parse("https://www.wikidata.org/wiki/Q42")?;
//! assert_eq!((q.id().as_ref(), q.entity_type()), ("Q42", EntityType::Item));
//! assert_eq!(q.uri(), "http://www.wikidata.org/entity/Q42");
//! assert_eq!(WikidataEntity::parse("wd:P31")?.url(), "https://www.wikidata.org/wiki/Property:P31");
//! let f = WikidataEntity::parse("https://www.wikidata.org/wiki/Lexeme:L7#L7-F3")?;
//! assert_eq!((f.id().as_ref(), f.lexeme().as_deref()), ("L7-F3", Some("L7")));
//!
//! let e = WikidataEntity::parse("Q2147483648").unwrap_err();
//! assert_eq!((e.code(), e.offset), ("wikidata-too-large", 1));
//! # Ok::<(), pidkit::wikidata::WikidataParseError>(())
//! ```
//!
//! Decisions where the documentation leaves a choice:
//!
//! - **Auto-detection** takes the labels, the wikidata.org URLs whose path names an entity, and
//!   of the bare ids only upper-case `Q` and a number (`Q42`): a bare `P1` or `L1` (a plate, a
//!   vertebra) and `q42` are too short to tell from other codes in a data column, and are read
//!   as Wikidata with `--as wikidata`.
//! - EntitySchemas (`E10`) and Commons MediaInfo ids (`M123`) are not read: they are not
//!   entities of Wikidata's concept namespace.
//! - A URL's query (`?uselang=fr`), fragment (`#P31`) and Special:EntityData format extension
//!   (`.json`) are accepted and left out (`wikidata-url-extra`); `test.wikidata.org` is another
//!   repository and is not read.

mod error;
mod find;
mod scheme;
mod syntax;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;

use crate::error::Warning;
use crate::scheme::{Field, FieldType, Value};

pub use error::{WikidataError, WikidataParseError, codes};
pub use find::{FoundIter, find_iter};
pub use scheme::WikidataScheme;
pub use syntax::claims;

use syntax::Spans;

/// The base of Wikidata's concept URIs, which the RDF prefix `wd:` stands for.
pub const CONCEPT_BASE: &str = "http://www.wikidata.org/entity/";

/// The base of Wikidata's page URLs.
pub const PAGE_BASE: &str = "https://www.wikidata.org/wiki/";

/// The type of a Wikidata entity, from its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntityType {
    /// An item: `Q42`.
    Item,
    /// A property: `P31`.
    Property,
    /// A lexeme: `L1`.
    Lexeme,
    /// A form of a lexeme: `L1-F2`.
    Form,
    /// A sense of a lexeme: `L1-S1`.
    Sense,
}

impl EntityType {
    /// The type's name in Wikibase (`item`, `property`, `lexeme`, `form`, `sense`).
    pub fn name(self) -> &'static str {
        match self {
            EntityType::Item => "item",
            EntityType::Property => "property",
            EntityType::Lexeme => "lexeme",
            EntityType::Form => "form",
            EntityType::Sense => "sense",
        }
    }
}

/// How an entity id was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Form {
    /// The id alone: `Q42`.
    Id,
    /// With a label: `wd:Q42`, `wikidata:Q42`.
    Label,
    /// The concept URI: `http://www.wikidata.org/entity/Q42`.
    ConceptUri,
    /// The page: `https://www.wikidata.org/wiki/Q42`.
    Page,
    /// `…/wiki/Special:EntityPage/Q42`.
    EntityPage,
    /// `…/wiki/Special:EntityData/Q42.json`.
    EntityData,
}

/// A Wikidata entity id read from text, borrowing it (see the [module](self) documentation
/// for the forms). `Display` gives the input; compare with [`WikidataEntity::uri`], the
/// concept URI.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct WikidataEntity<'a> {
    input: &'a str,
    spans: Spans,
}

impl<'a> WikidataEntity<'a> {
    /// Read an entity id in any of its written forms.
    ///
    /// ```
    /// use pidkit::wikidata::WikidataEntity;
    /// assert!(WikidataEntity::parse("http://www.wikidata.org/entity/L1-S1").is_ok());
    /// let e = WikidataEntity::parse("https://www.wikidata.org/wiki/P31").unwrap_err();
    /// assert_eq!((e.code(), e.hint().as_deref()), ("wikidata-namespace", Some("write the page as /wiki/Property:…")));
    /// ```
    pub fn parse(s: &'a str) -> Result<WikidataEntity<'a>, WikidataParseError> {
        Ok(WikidataEntity {
            input: s,
            spans: syntax::parse(s)?,
        })
    }

    /// The input, as given.
    pub fn input(&self) -> &'a str {
        self.input
    }

    /// The id, its letters in upper case: `Q42`, `L1-F2`. Borrowed when the input holds it so.
    pub fn id(&self) -> Cow<'a, str> {
        let (from, to) = self.spans.sub_in_fragment.unwrap_or(self.spans.id);
        let id = &self.input[from..to];
        if id.bytes().any(|b| b.is_ascii_lowercase()) {
            Cow::Owned(id.to_ascii_uppercase())
        } else {
            Cow::Borrowed(id)
        }
    }

    /// The entity's type.
    pub fn entity_type(&self) -> EntityType {
        self.spans.entity_type
    }

    /// The lexeme of a form or sense (`L1` of `L1-F2`); `None` for other entities.
    pub fn lexeme(&self) -> Option<Cow<'a, str>> {
        if !matches!(self.entity_type(), EntityType::Form | EntityType::Sense) {
            return None;
        }
        Some(match self.id() {
            Cow::Borrowed(id) => Cow::Borrowed(id.split('-').next().unwrap_or(id)),
            Cow::Owned(id) => Cow::Owned(id.split('-').next().unwrap_or(&id).to_owned()),
        })
    }

    /// The concept URI: `http://www.wikidata.org/entity/` and the id.
    pub fn uri(&self) -> String {
        [CONCEPT_BASE, &self.id()].concat()
    }

    /// The page URL: `https://www.wikidata.org/wiki/Q42`, `…/wiki/Property:P31`,
    /// `…/wiki/Lexeme:L1`, `…/wiki/Lexeme:L1#L1-F2`.
    ///
    /// ```
    /// use pidkit::wikidata::WikidataEntity;
    /// assert_eq!(WikidataEntity::parse("L1-S1")?.url(), "https://www.wikidata.org/wiki/Lexeme:L1#L1-S1");
    /// # Ok::<(), pidkit::wikidata::WikidataParseError>(())
    /// ```
    pub fn url(&self) -> String {
        let id = self.id();
        match self.entity_type() {
            EntityType::Item => format!("{PAGE_BASE}{id}"),
            EntityType::Property => format!("{PAGE_BASE}Property:{id}"),
            EntityType::Lexeme => format!("{PAGE_BASE}Lexeme:{id}"),
            EntityType::Form | EntityType::Sense => {
                let lexeme = id.split('-').next().unwrap_or(&id);
                format!("{PAGE_BASE}Lexeme:{lexeme}#{id}")
            }
        }
    }

    /// Whether it was written as a URL with its `http://` or `https://`.
    pub fn is_url(&self) -> bool {
        matches!(
            self.spans.form,
            Form::ConceptUri | Form::Page | Form::EntityPage | Form::EntityData
        ) && {
            let t = self.input.trim_start_matches(|c: char| c.is_ascii_whitespace());
            t.get(..4).is_some_and(|h| h.eq_ignore_ascii_case("http"))
        }
    }

    /// Valid but worth a look: whitespace around it, a lower-case letter, and what a URL holds
    /// beyond the id ([`codes`]).
    ///
    /// ```
    /// use pidkit::wikidata::WikidataEntity;
    /// let w = WikidataEntity::parse(" https://www.wikidata.org/wiki/q42?uselang=fr").unwrap().warnings();
    /// let codes: Vec<_> = w.iter().map(|w| w.code.as_str()).collect();
    /// assert_eq!(codes, ["wikidata-surrounding-space", "wikidata-lowercase", "wikidata-url-extra"]);
    /// ```
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out =
            crate::scheme::space_warnings(self.input, codes::SURROUNDING_SPACE, "Wikidata id");
        let (from, _) = self.spans.id;
        if self.input.as_bytes()[from].is_ascii_lowercase() {
            out.push(Warning::new(
                codes::LOWERCASE,
                from,
                1,
                "a lower-case entity letter: Wikibase writes ids in upper case (Wikibase data model)",
            ));
        }
        if let Some((from, to)) = self.spans.extra {
            out.push(Warning::new(
                codes::URL_EXTRA,
                from,
                to - from,
                "what follows the id in the URL (query, fragment, format extension) is not part of it: left out",
            ));
        }
        out
    }

    /// The parts, for the CLI's JSON object.
    ///
    /// ```
    /// let p = pidkit::wikidata::WikidataEntity::parse("wd:Q42")?.parts();
    /// assert_eq!((p.id.as_ref(), p.entity_type), ("Q42", "item"));
    /// assert_eq!(p.uri, "http://www.wikidata.org/entity/Q42");
    /// # Ok::<(), pidkit::wikidata::WikidataParseError>(())
    /// ```
    pub fn parts(&self) -> WikidataParts<'a> {
        WikidataParts {
            id: self.id(),
            entity_type: self.entity_type().name(),
            uri: self.uri(),
            url: self.url(),
        }
    }
}

impl fmt::Display for WikidataEntity<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Debug for WikidataEntity<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WikidataEntity({:?})", self.input)
    }
}

/// The parts of a Wikidata entity id as the CLI's JSON object `"wikidata"` shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WikidataParts<'a> {
    /// The id, upper case.
    pub id: Cow<'a, str>,
    /// `item`, `property`, `lexeme`, `form` or `sense`.
    pub entity_type: &'static str,
    /// The concept URI.
    pub uri: String,
    /// The page URL.
    pub url: String,
}

impl crate::scheme::Fields for WikidataParts<'_> {
    const FIELDS: &'static [Field] = &[
        Field::new(
            "id",
            FieldType::Str,
            "The entity id, its letters in upper case: Q42, P31, L1, L1-F2, L1-S1.",
        ),
        Field::new(
            "entity_type",
            FieldType::Str,
            "The type of entity the id names, from its letter.",
        )
        .one_of(&["item", "property", "lexeme", "form", "sense"]),
        Field::new(
            "uri",
            FieldType::Str,
            "The concept URI, http://www.wikidata.org/entity/ and the id (the canonical form).",
        ),
        Field::new(
            "url",
            FieldType::Str,
            "The entity's page on www.wikidata.org.",
        ),
    ];

    fn value(&self, i: usize) -> Value<'_> {
        match i {
            0 => Value::Str(&self.id),
            1 => Value::Str(self.entity_type),
            2 => Value::Str(&self.uri),
            3 => Value::Str(&self.url),
            _ => Value::Null,
        }
    }
}
