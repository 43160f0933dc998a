//! The `export` command: a kit, checked as `key` checks it, written as an SGF collection with
//! one game per example and the engine's answers in it.

use std::path::Path;

use super::check::read_answered_kit;
use super::{Console, Failure, Outcome, deliver, not_the_input, writable_target};
use crate::cli::ExportFormat;
use crate::export::sgf::{Question, sgf_collection};
use crate::layout::prompt;

/// Writes the kit as `format` to `out`, or to standard output; a kit that fails its check gets
/// its diagnostics and exit 1, and nothing is written. An `out` that is the kit itself, or no
/// regular file, is refused before the kit is read.
pub fn run(
    kit: &Path,
    format: ExportFormat,
    out: Option<&Path>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    if let Some(out) = out {
        not_the_input(kit, out, "--out")?;
        writable_target(out)?;
    }
    let Some((kit, key)) = read_answered_kit(kit, console)? else {
        return Ok(Outcome::CheckFailed);
    };
    let text = match format {
        ExportFormat::Sgf => {
            let questions: Vec<Question> = kit
                .examples
                .iter()
                .map(|e| Question {
                    prompt: prompt::prompt(&kit, e),
                })
                .collect();
            sgf_collection(&kit, &key, &questions, env!("CARGO_PKG_VERSION"))
        }
    };
    deliver(out, &text, console)?;
    Ok(Outcome::Success)
}
