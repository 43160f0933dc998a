//! The `export` command: a kit, checked as `key` checks it, written as an SGF collection with
//! one game per example and the engine's answers in it.

use std::path::Path;

use super::check::read_answered_kit;
use super::{Console, Failure, Outcome, deliver, not_the_input, output_error, writable_target};
use crate::cli::ExportFormat;
use crate::export::sgf::{Question, sgf_collection};
use crate::layout::prompt;

/// Writes the kit as `format` to `out`, or to standard output; a kit that fails its check gets
/// its diagnostics and exit 1, and nothing is written. So does a kit with no examples: an SGF
/// collection has one game per example, and a file with no game is not SGF (`import`, like
/// every SGF reader, refuses it). An `out` that is the kit itself, or no regular file, is
/// refused before the kit is read.
pub fn run(
    path: &Path,
    format: ExportFormat,
    out: Option<&Path>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    if let Some(out) = out {
        not_the_input(path, out, "--out")?;
        writable_target(out)?;
    }
    let Some((kit, key)) = read_answered_kit(path, console)? else {
        return Ok(Outcome::CheckFailed);
    };
    if kit.examples.is_empty() {
        writeln!(
            console.err,
            "error: `{}` has no examples, and an SGF file holds one game per example; nothing was written\n  = help: add an `[[example]]` to export, or share the kit file itself",
            path.display()
        )
        .map_err(output_error)?;
        return Ok(Outcome::CheckFailed);
    }
    let text = match format {
        ExportFormat::Sgf => {
            let questions: Vec<Question> = kit
                .examples
                .iter()
                .map(|e| Question {
                    // The author's own words, as written, so an import gives them back; the
                    // sheet's side to play is the game's `PL`.
                    prompt: e.prompt.clone().unwrap_or_else(|| prompt::prompt(&kit, e)),
                })
                .collect();
            sgf_collection(&kit, &key, &questions, env!("CARGO_PKG_VERSION"))
        }
    };
    deliver(out, &text, console)?;
    Ok(Outcome::Success)
}
