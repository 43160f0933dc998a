//! The `key` command (in progress).

use std::path::Path;

use super::{Console, Failure, Outcome};
use crate::cli::OutputFormat;

/// Prints every example with its board and computed answer.
pub fn run(
    _kit: &Path,
    _format: OutputFormat,
    _console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    Err(Failure::new("`key` is not built yet"))
}
