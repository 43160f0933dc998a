//! The `replay` command (in progress).

use std::path::Path;

use super::{Console, Failure, Outcome};
use crate::cli::{OutputFormat, RuleFlags};

/// Referees a game record.
pub fn run(
    _record: &Path,
    _format: OutputFormat,
    _rules: &RuleFlags,
    _console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    Err(Failure::new("`replay` is not built yet"))
}
