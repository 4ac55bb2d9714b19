//! Run the in-process Handle API / RegTAP test server on 127.0.0.1 until interrupted, to try
//! `pidkit resolve` without the internet:
//!
//! ```sh
//! cargo run -p pidkit-resolve --features test-server --example test-server
//! pidkit resolve --no-cache --resolver http://127.0.0.1:PORT --registry http://127.0.0.1:PORT/tap 10/abc
//! ```

fn main() {
    let server = pidkit_resolve::testserver::TestServer::start();
    println!("Handle API: {}", server.url());
    println!("RegTAP:     {}", server.tap_url());
    loop {
        std::thread::park();
    }
}
