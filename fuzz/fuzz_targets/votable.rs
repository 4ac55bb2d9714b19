//! The VOTable reader and registry record of pidkit-resolve on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| pidkit_resolve::fuzz::votable(data));
