//! The Handle API reader of pidkit-resolve on arbitrary bytes (first byte: the HTTP status).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| pidkit_resolve::fuzz::handle_json(data));
