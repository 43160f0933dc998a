//! The `libertykit` binary: parse the command line, run it, map the outcome to an exit code.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use libertykit::cli::Cli;
use libertykit::control_chars::VisibleWriter;
use libertykit::run::{self, Console, Outcome, Pipe};

fn main() -> ExitCode {
    // clap exits with 2 on usage errors and 0 for --help/--version.
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    // A closed pipe on either stream drops what is written to it: the exit code says how the
    // command went, never whether anyone still reads (and a closed stderr never panics).
    let mut out = Pipe::new(stdout.lock());
    // Whatever a message quotes (a record's names, a file's text), no control, bidirectional
    // or line-separator character of it reaches the terminal raw: each is shown as an escape.
    let mut err = VisibleWriter::new(Pipe::new(stderr.lock()));
    let mut console = Console {
        out: &mut out,
        err: &mut err,
    };
    let code = match run::run(cli, &mut console) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::CheckFailed) => ExitCode::from(1),
        Err(failure) => {
            let _ = writeln!(err, "error: {failure}");
            ExitCode::from(2)
        }
    };
    // Whatever is still buffered; a stream that cannot take it changes nothing now.
    let _ = out.flush();
    let _ = err.flush();
    code
}
