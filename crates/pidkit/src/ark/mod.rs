//! ARK identifiers (draft-kunze-ark, "ARK Anatomy"): for now the NOID check character.

mod noid;

pub use noid::{NOID_ALPHABET, noid_check_char};
