//! The `libertykit` binary: parse the command line, run it, map the outcome to an exit code.

use std::process::ExitCode;

use clap::Parser;
use libertykit::cli::Cli;
use libertykit::run::{self, Console, Outcome};

fn main() -> ExitCode {
    // clap exits with 2 on usage errors and 0 for --help/--version.
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut out = stdout.lock();
    let mut err = stderr.lock();
    let mut console = Console {
        out: &mut out,
        err: &mut err,
    };
    match run::run(cli, &mut console) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::CheckFailed) => ExitCode::from(1),
        // Like other filters, stop quietly when the reader has gone (`libertykit key K | head`).
        Err(failure) if failure.output_closed => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("error: {failure}");
            ExitCode::from(2)
        }
    }
}
