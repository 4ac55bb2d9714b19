#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| pidkit_fuzz_targets::rdf(data));
