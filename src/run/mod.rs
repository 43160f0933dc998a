//! Commands: one function per subcommand; the only layer that touches the file system.

mod build;
mod check;
mod completions;
mod export;
mod fault;
mod files;
mod firewall;
mod guide;
mod import;
mod key;
mod leftovers;
mod new;
mod replay;
mod report_json;
mod schema;
mod switch;
mod watch;

use std::fmt;
use std::io::Write;
use std::path::Path;

use crate::check::PrintChoices;
use crate::cli::{Cli, Command, OutputFormat};
use crate::control_chars::VisibleWriter;

pub use build::finish_pack_switch;
pub use files::{
    KIT_LIMIT, RECORD_LIMIT, not_the_input, read_bytes, read_text, regular_file, utf8_text,
    writable_target, write_atomically, write_new,
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
}

impl Failure {
    /// A failure with this message.
    pub fn new(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = crate::io_words::reworded(&self.message);
        f.write_str(&crate::excerpt::clipped(&words))
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
            // Standard output carries the file raw when there is no `--out`, so the path said
            // here is escaped on its own: a name may hold controls a terminal would obey.
            let said = path.display().to_string();
            writeln!(console.out, "{}", crate::control_chars::visible(&said)).map_err(output_error)
        }
        None => console.out.write_all(text.as_bytes()).map_err(output_error),
    }
}

/// `--font` read before any kit: a font the command line names that cannot be used is a
/// usage error (exit 2), said once, not a problem of each kit.
pub fn font_flag(font: Option<&str>) -> Result<(), Failure> {
    match font.map(|name| crate::typeface::load(name, Path::new("."))) {
        Some(Err(problem)) => Err(Failure::new(format!(
            "--font: {}; {}",
            problem.message(),
            problem.help()
        ))),
        _ => Ok(()),
    }
}

/// Maps an output error (e.g. a full disk under a redirected output) to a failure.
pub fn output_error(e: std::io::Error) -> Failure {
    Failure::new(format!(
        "cannot write output: {}",
        crate::io_words::io_words(&e)
    ))
}

/// Standard output or standard error as the binary writes them: once the reader has gone (a
/// closed pipe, `libertykit key K | head`), what follows is dropped instead of failing.
///
/// A closed pipe is no failure of the command: the command goes on to its end (a build still
/// renames its files in and removes stale ones) and its exit code says how it went, whoever
/// reads or stopped reading its output.
pub struct Pipe<W> {
    inner: W,
    closed: bool,
}

impl<W: Write> Pipe<W> {
    /// Writes to `inner` until its reader goes away.
    pub fn new(inner: W) -> Pipe<W> {
        Pipe {
            inner,
            closed: false,
        }
    }

    /// Whether the reader went away, so that nothing more reaches it.
    pub fn closed(&self) -> bool {
        self.closed
    }
}

impl<W: Write> Write for Pipe<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        match self.inner.write(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(buf.len())
            }
            other => other,
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.closed {
            return Ok(());
        }
        match self.inner.flush() {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

/// Runs the parsed command line. What a command prints for people, or as JSON, passes
/// through one [`VisibleWriter`]: no control, bidirectional or line-separator character a kit,
/// a record or a file name holds reaches the terminal raw, whichever message or field it is in.
/// `export`'s SGF, the schema and the generated completions and pages are files' contents and
/// are written as they are.
pub fn run(cli: Cli, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    let json = matches!(
        &cli.command,
        Command::Key {
            format: OutputFormat::Json,
            ..
        } | Command::Replay {
            format: OutputFormat::Json,
            ..
        }
    );
    let raw = matches!(
        &cli.command,
        Command::Export { .. }
            | Command::Schema
            | Command::Completions { .. }
            | Command::Man { .. }
            | Command::Help { .. }
    );
    if raw {
        return run_command(cli, console);
    }
    let inner: &mut dyn Write = &mut *console.out;
    let mut out = if json {
        VisibleWriter::json(inner)
    } else {
        VisibleWriter::new(inner)
    };
    let outcome = run_command(
        cli,
        &mut Console {
            out: &mut out,
            err: &mut *console.err,
        },
    );
    let flushed = out.flush().map_err(output_error);
    let outcome = outcome?;
    flushed.map(|()| outcome)
}

fn run_command(cli: Cli, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    match cli.command {
        Command::Check {
            kits,
            font,
            large_print,
            tile_board,
        } => {
            font_flag(font.as_deref())?;
            let choices = PrintChoices {
                paper: None,
                font: font.as_deref(),
                large_print,
                tile_board,
            };
            check::run(&kits, choices, console)
        }
        Command::Key { kit, format } => key::run(&kit, format, console),
        Command::Build { args, watch } => {
            let build = if watch { watch::run } else { build::run };
            build(&args, console)
        }
        Command::Replay {
            record,
            format,
            rules,
            kit,
            board,
            pdf,
            paper,
        } => {
            let sheet = pdf.as_deref().map(|path| (path, paper.into()));
            let players = replay::PlayersRecord {
                kit: kit.as_deref(),
                board,
            };
            replay::run(&record, format, &rules, players, sheet, console)
        }
        Command::Import {
            sgf,
            out,
            force,
            games,
            matching,
        } => {
            let selection = import::Selection {
                games: games.as_ref(),
                matching: &matching,
            };
            import::run(&sgf, out.as_deref(), force, &selection, console)
        }
        Command::Export { kit, format, out } => export::run(&kit, format, out.as_deref(), console),
        Command::New { path } => new::run(&path, console),
        Command::Schema => schema::run(console),
        Command::Completions { shell } => completions::completions(shell, console),
        Command::Man { command } => completions::man(command.as_deref(), console),
        Command::Help { topic } => guide::run(topic.as_deref(), console),
    }
}
