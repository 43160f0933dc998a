//! Commands: one function per subcommand; the only layer that touches the file system.

mod build;
mod check;
mod completions;
mod export;
mod files;
mod firewall;
mod import;
mod key;
mod new;
mod replay;
mod watch;

use std::fmt;
use std::io::Write;
use std::path::Path;

use crate::cli::{Cli, Command};

pub use files::{
    KIT_LIMIT, RECORD_LIMIT, read_bytes, read_text, utf8_text, write_atomically, write_new,
};

/// How a command that ran to the end went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything checked out (exit 0).
    Success,
    /// A kit or record failed its check; the problems were already printed (exit 1).
    CheckFailed,
}

/// Why a command could not run (usage or I/O trouble, exit 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What went wrong and what would be right, lower-case, ready to print after `error: `.
    pub message: String,
    /// The reader of our output went away (e.g. `| head`): nothing to report, nothing wrong.
    pub output_closed: bool,
}

impl Failure {
    /// A failure with this message.
    pub fn new(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            output_closed: false,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Where a command writes: `out` for its results, `err` for diagnostics.
pub struct Console<'a> {
    /// Standard output: results.
    pub out: &'a mut dyn Write,
    /// Standard error: diagnostics and progress.
    pub err: &'a mut dyn Write,
}

/// Writes `text` to the file `out` (atomically, then its path on standard output), or to
/// standard output when no file is given: how `import` and `export` deliver what they make.
pub fn deliver(out: Option<&Path>, text: &str, console: &mut Console<'_>) -> Result<(), Failure> {
    match out {
        Some(path) => {
            write_atomically(path, text.as_bytes())?;
            writeln!(console.out, "{}", path.display()).map_err(output_error)
        }
        None => console.out.write_all(text.as_bytes()).map_err(output_error),
    }
}

/// Maps an output error (e.g. a closed pipe) to a failure.
pub fn output_error(e: std::io::Error) -> Failure {
    Failure {
        output_closed: e.kind() == std::io::ErrorKind::BrokenPipe,
        ..Failure::new(format!("cannot write output: {e}"))
    }
}

/// Runs the parsed command line.
pub fn run(cli: Cli, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    match cli.command {
        Command::Check { kits, font } => check::run(&kits, font.as_deref(), console),
        Command::Key { kit, format } => key::run(&kit, format, console),
        Command::Build {
            kits,
            out,
            paper,
            format,
            combine,
            font,
            watch,
        } => {
            let build = if watch { watch::run } else { build::run };
            build(
                &kits,
                out.as_deref(),
                paper,
                &format,
                combine,
                font.as_deref(),
                console,
            )
        }
        Command::Replay {
            record,
            format,
            rules,
            pdf,
            paper,
        } => {
            let sheet = pdf.as_deref().map(|path| (path, paper.into()));
            replay::run(&record, format, &rules, sheet, console)
        }
        Command::Import { sgf, out } => import::run(&sgf, out.as_deref(), console),
        Command::Export { kit, format, out } => export::run(&kit, format, out.as_deref(), console),
        Command::New { path } => new::run(&path, console),
        Command::Completions { shell } => completions::completions(shell, console),
        Command::Man { command } => completions::man(command.as_deref(), console),
    }
}
