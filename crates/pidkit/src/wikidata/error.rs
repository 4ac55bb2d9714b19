//! The errors and warning codes of Wikidata entity ids (Wikibase data model; WikibaseLexeme
//! data model; Wikidata:Identifiers), one row each.

use crate::error::{Error, describe, error_enum};

/// An error of a Wikidata entity id, at a byte offset of the input.
pub type WikidataParseError = Error<WikidataError>;

error_enum! {
    /// What is wrong with a Wikidata entity id in one of its written forms. Every code starts
    /// `wikidata-`; the messages name the rule's source.
    ///
    /// ```
    /// use pidkit::wikidata::{WikidataEntity, WikidataError};
    /// let e = WikidataEntity::parse("Q042").unwrap_err();
    /// assert_eq!((e.kind.clone(), e.code(), e.offset), (WikidataError::LeadingZero, "wikidata-leading-zero", 1));
    /// ```
    pub enum WikidataError {
        /// Nothing that reads as a Wikidata entity: empty, or a URL of another host.
        NotWikidata => "wikidata-not-wikidata",
            "not a Wikidata entity id: expected Q42, P31, L1, L1-F2, wd:Q42 or a wikidata.org URL (Wikidata:Identifiers)",
            hint: "an item is Q and a number (Q42), its concept URI http://www.wikidata.org/entity/Q42";
        /// The id does not start with `Q` (item), `P` (property) or `L` (lexeme).
        EntityType(c: char) => "wikidata-entity-type",
            format!(
                "{} does not start a Wikidata entity id: Q (item), P (property) or L (lexeme) and a number (Wikidata:Identifiers)",
                describe(*c)
            ),
            hint_if: entity_type_hint(*c);
        /// No number after the letter: `Q`, `wd:P`.
        MissingNumber => "wikidata-missing-number",
            "the entity id has no number after its letter: Q, P or L is followed by a positive number (Wikibase data model, ItemId)",
            hint: "an item id is Q and a number, e.g. Q42";
        /// The number starts with `0` (`Q0`, `Q042`): Wikibase numbers start with 1 to 9.
        LeadingZero => "wikidata-leading-zero",
            "an entity number does not start with 0 (Wikibase data model: Q[1-9][0-9]*)",
            hint: "remove the leading zeros";
        /// The number is above 2147483647, the largest Wikibase item, property and lexeme number.
        TooLarge => "wikidata-too-large",
            "the entity number is larger than 2147483647, the largest a Wikibase item, property or lexeme id can have (Wikibase data model, Int32EntityId)";
        /// After a lexeme id, `-` is not followed by `F` (form) or `S` (sense) and a number, or a
        /// `-` follows an item or property id: only lexemes have forms and senses.
        SubEntity => "wikidata-sub-entity",
            "only a lexeme has sub-entities: L1-F2 (a form) or L1-S1 (a sense), with upper-case F or S and a number from 1 (WikibaseLexeme data model)",
            hint: "write a form L1-F2, a sense L1-S1";
        /// A character that cannot follow the id (`Q42x`, a space inside it).
        Char(c: char) => "wikidata-char",
            format!("{} cannot appear in a Wikidata entity id: a letter and digits, or L…-F… / L…-S… (Wikidata:Identifiers)", describe(*c)),
            hint_if: (*c == ' ').then(|| String::from("remove the space"));
        /// A property's or lexeme's page without its namespace (`/wiki/P31`), or an item's with
        /// one (`/wiki/Property:Q42`): properties live in `Property:`, lexemes in `Lexeme:`,
        /// items in the main namespace.
        Namespace(expected: &'static str) => "wikidata-namespace",
            "the page of this entity is in another namespace: items in the main one (/wiki/Q42), properties in Property: (/wiki/Property:P31), lexemes in Lexeme: (/wiki/Lexeme:L1) (Wikidata:Namespaces)",
            hint: if expected.is_empty() { String::from("write the item's page without a namespace: /wiki/Q42") } else { format!("write the page as /wiki/{expected}…") };
        /// A wikidata.org URL whose path names no entity (`/wiki/Special:Search`, `/w/index.php`).
        Url => "wikidata-url",
            "this wikidata.org URL names no entity: /entity/ID (concept URI), /wiki/ID, /wiki/Property:ID, /wiki/Lexeme:ID, /wiki/Special:EntityPage/ID or /wiki/Special:EntityData/ID (Wikidata:Data access)",
            hint: "the concept URI of an entity is http://www.wikidata.org/entity/Q42";
    }
}

fn entity_type_hint(c: char) -> Option<String> {
    match c {
        'E' | 'e' => Some(
            "E… is an EntitySchema id (https://www.wikidata.org/wiki/EntitySchema:E…), not an entity pidkit reads as Wikidata".into(),
        ),
        'M' | 'm' => Some("M… is a MediaInfo id of Wikimedia Commons, not a Wikidata entity".into()),
        _ => None,
    }
}

/// The codes of the Wikidata checks, all `wikidata-` prefixed.
pub mod codes {
    use crate::error::WarningCode;

    /// Spaces, tabs or line ends around the id as written: left out of it.
    pub const SURROUNDING_SPACE: WarningCode = WarningCode::new("wikidata-surrounding-space");
    /// A lower-case `q`, `p` or `l`: Wikibase reads ids case-insensitively and writes them in
    /// upper case (Wikibase data model, ItemId).
    pub const LOWERCASE: WarningCode = WarningCode::new("wikidata-lowercase");
    /// A query, fragment or format extension in a URL that is not part of the id: left out.
    pub const URL_EXTRA: WarningCode = WarningCode::new("wikidata-url-extra");

    /// Every code of this family.
    pub const ALL: &[WarningCode] = &[SURROUNDING_SPACE, LOWERCASE, URL_EXTRA];
}

impl WikidataError {
    /// An error at `offset`, `len` bytes long.
    pub(crate) fn at(self, offset: usize, len: usize) -> WikidataParseError {
        Error::new(self, offset, len)
    }
}
