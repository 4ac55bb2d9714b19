//! Entry points for coverage-guided fuzzing (`fuzz/fuzz_targets/`) and for the stable test that
//! replays the committed regression inputs (`tests/fuzz_regressions.rs`). Not part of the API.
//!
//! Each function runs the real reader on arbitrary bytes, as a hostile server would send them;
//! it must return without a panic, a hang or an allocation out of proportion to its input.

use pidkit::Kind;
use pidkit::hdl::Handle;

use crate::http::Answer;
use crate::resolver::Config;
use crate::votable::VoTable;
use crate::{handle_api, registry};

/// The Handle API reader: the first byte picks the HTTP status, the rest is the body. The
/// answer is classified for a fixed DOI, and a cacheable answer is read back as from the cache.
///
/// ```
/// pidkit_resolve::fuzz::handle_json(b"\x00{\"responseCode\":1,\"handle\":\"10.1000/182\",\"values\":[]}");
/// ```
pub fn handle_json(data: &[u8]) {
    let (&pick, body) = data.split_first().unwrap_or((&0, &[]));
    let status = [200, 404, 500, 429, 403, 301][usize::from(pick) % 6];
    let Ok(handle) = Handle::parse("10.1000/182") else {
        return;
    };
    let doi = handle_api::Named {
        kind: Kind::Doi,
        what: "DOI name",
        handle,
    };
    let answer = Answer {
        status,
        content_type: Some("application/json".into()),
        body: body.to_vec(),
        attempts: 1,
        retry_after: None,
        location: None,
        url: "https://doi.org/api/handles/10.1000/182".into(),
    };
    let (step, entry) = handle_api::classify(&doi, Ok(answer), &Config::default());
    if let Some(record) = &step.record {
        let _ = serde_json::to_string(record);
    }
    if let Some(entry) = entry {
        let _ = handle_api::from_entry(&doi, &entry);
    }
}

/// The VOTable reader and the registry record built from it, for a fixed IVOID.
///
/// ```
/// pidkit_resolve::fuzz::votable(b"<VOTABLE><RESOURCE><TABLE><DATA><BINARY><STREAM encoding=\"base64\">AAAA</STREAM></BINARY></DATA></TABLE></RESOURCE></VOTABLE>");
/// ```
pub fn votable(data: &[u8]) {
    if let Ok(table) = VoTable::parse(data) {
        let step = registry::read("ivo://x.y/z", &table);
        if let Some(record) = &step.record {
            let _ = serde_json::to_string(record);
        }
    }
}
