//! The `export` command: a kit, checked as `key` checks it, written as an SGF collection with
//! one game per example and the engine's answers in it.

use std::path::Path;

use super::check::check_answers;
use super::{Console, Failure, KIT_LIMIT, Outcome, output_error, read_text, write_atomically};
use crate::cli::ExportFormat;
use crate::diag::Source;
use crate::export::sgf::{Question, sgf_collection};
use crate::layout::prompt;

/// Writes the kit as `format` to `out`, or to standard output; a kit that fails its check gets
/// its diagnostics and exit 1, and nothing is written.
pub fn run(
    kit: &Path,
    format: ExportFormat,
    out: Option<&Path>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let source = Source::new(kit.display().to_string(), read_text(kit, KIT_LIMIT)?);
    let (kit, key) = match check_answers(&source) {
        Ok(answers) => answers,
        Err(diagnostics) => {
            write!(console.err, "{}", source.render_all(&diagnostics)).map_err(output_error)?;
            return Ok(Outcome::CheckFailed);
        }
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
    match out {
        Some(path) => {
            write_atomically(path, text.as_bytes())?;
            writeln!(console.out, "{}", path.display()).map_err(output_error)?;
        }
        None => console
            .out
            .write_all(text.as_bytes())
            .map_err(output_error)?,
    }
    Ok(Outcome::Success)
}
