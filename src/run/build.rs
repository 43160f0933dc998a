//! The `build` command (in progress).

use std::path::Path;

use super::{Console, Failure, Outcome};
use crate::cli::{PackFormat, PaperArg};

/// Checks the kit and writes the pack into a folder.
pub fn run(
    _kit: &Path,
    _out: Option<&Path>,
    _paper: Option<PaperArg>,
    _format: PackFormat,
    _console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    Err(Failure::new("`build` is not built yet"))
}
