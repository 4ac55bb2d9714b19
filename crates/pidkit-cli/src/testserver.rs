//! `pidkit test-server` (hidden): the in-process test server of `pidkit-resolve` on 127.0.0.1,
//! to try `resolve` and `verify` without the internet and for the Python tests. It answers like
//! doi.org's Handle API, its content negotiation and RA service, and a RegTAP service, from
//! fixtures (`pidkit_resolve::testserver`); never for real use.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::Args;

/// Options of `test-server`.
#[derive(Args)]
pub struct TestServerArgs {
    /// The port on 127.0.0.1 (0: one the system chooses)
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Stop when stdin ends (for a test that starts the server with a pipe as its stdin)
    #[arg(long)]
    stop_on_eof: bool,
}

/// Run the server until interrupted (or until stdin ends, with `--stop-on-eof`). The first line
/// of stdout is its address; the second the options that point `resolve` at it.
pub fn main(a: TestServerArgs) -> Result<ExitCode, String> {
    let server = pidkit_resolve::testserver::TestServer::start_on(a.port)
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", a.port))?;
    let url = server.url();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{url}")
        .and_then(|()| {
            writeln!(
                out,
                "--resolver {url} --handle-resolver {url} --registry {url}/tap --ark-resolver {url}"
            )
        })
        .and_then(|()| out.flush())
        .map_err(|e| format!("I/O error: {e}"))?;
    drop(out);
    if a.stop_on_eof {
        let mut line = String::new();
        let stdin = std::io::stdin();
        let mut lock = stdin.lock();
        while lock.read_line(&mut line).is_ok_and(|n| n > 0) {
            line.clear();
        }
        return Ok(ExitCode::SUCCESS);
    }
    loop {
        std::thread::park();
    }
}
