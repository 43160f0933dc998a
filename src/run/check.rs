//! The `check` command (in progress).

use std::path::PathBuf;

use super::{Console, Failure, Outcome};

/// Checks every kit and reports every problem.
pub fn run(_kits: &[PathBuf], _console: &mut Console<'_>) -> Result<Outcome, Failure> {
    Err(Failure::new("`check` is not built yet"))
}
