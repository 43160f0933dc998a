//! The `libertykit` binary: parse the command line, run it, map the outcome to an exit code.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use libertykit::cli::Cli;
use libertykit::control_chars::VisibleWriter;
use libertykit::run::{self, Console, Outcome, Pipe};

fn main() -> ExitCode {
    // clap's usage errors quote the arguments as typed, which may hold any character: they are
    // written through the same escaping writer as every other message (exit 2); --help and
    // --version are the program's own text (exit 0).
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
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

/// Prints clap's answer to a command line it did not run: help or the version on standard
/// output, a usage error on standard error with what it quotes escaped.
fn usage(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    if e.use_stderr() {
        let mut err = VisibleWriter::new(Pipe::new(std::io::stderr().lock()));
        let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
    } else {
        let mut out = Pipe::new(std::io::stdout().lock());
        let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    }
    ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
}
