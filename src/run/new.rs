//! The `new` command (in progress).

use std::path::Path;

use super::{Console, Failure, Outcome};

/// Writes the scaffold kit.
pub fn run(_path: &Path, _console: &mut Console<'_>) -> Result<Outcome, Failure> {
    Err(Failure::new("`new` is not built yet"))
}
