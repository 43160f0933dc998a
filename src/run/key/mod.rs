//! The `key` command: every example with its board and the answer the rules engine computed,
//! as text for a host or one JSON object for programs.

use std::path::Path;

mod json;
mod text;

pub use json::key_json;
pub use text::key_text;

use super::check::read_answered_kit;
use super::{Console, Failure, Outcome, output_error};
use crate::cli::OutputFormat;

/// Prints every example with its board and computed answer; a kit that fails its check gets
/// its diagnostics printed and exit 1. The paper is never checked: answers do not depend on it.
pub fn run(
    kit: &Path,
    format: OutputFormat,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let Some((kit, key)) = read_answered_kit(kit, console)? else {
        return Ok(Outcome::CheckFailed);
    };
    let text = match format {
        OutputFormat::Text => key_text(&kit, &key),
        OutputFormat::Json => {
            let mut s = serde_json::to_string_pretty(&key_json(&kit, &key))
                .map_err(|e| Failure::new(format!("cannot write json: {e}")))?;
            s.push('\n');
            s
        }
    };
    console
        .out
        .write_all(text.as_bytes())
        .map_err(output_error)?;
    Ok(Outcome::Success)
}
