use super::*;
#[test]
fn scratch() {
    for s in ["9784189280746", "978-0-596-52068-7", "ISBN 0-596-52068-9", "979-10-90636-07-1", "9790260000438", "978-1-873671-00-9", "978-92-95055-02-5", "0-8044-2957-X", "080442957x", "978-3-16-148410-0", "ISBN-10 978-05965-2068-7"] {
        match Isbn::parse(s) {
            Ok(i) => println!("{s:?} -> {} {:?} {:?} {:?} {:?}", i.isbn13(), i.hyphenated(), i.isbn10(), i.group_name(), i.warnings().iter().map(|w| w.code.as_str()).collect::<Vec<_>>()),
            Err(e) => println!("{s:?} -> ERR {} {} {} {:?}", e.code(), e.offset, e.len, e.hint()),
        }
    }
    println!("{:?}", find_iter("Learning Python (ISBN-13: 978-0-596-52068-7), also 0-596-52068-9; not 9780596520687.").map(|h| h.text.into_owned()).collect::<Vec<_>>());
}
