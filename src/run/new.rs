//! The `new` command: writes the commented scaffold kit, never over an existing file.

use std::path::Path;

use super::{Console, Failure, Outcome, output_error, write_new};

/// The scaffold kit: every key, commented; it passes `check` as written. It lives at
/// `templates/kit.toml`, outside the language folders, and is written in English whatever the
/// language: it is the file in which an author chooses `[kit] language` in the first place.
pub const SCAFFOLD: &str = include_str!("../../templates/kit.toml");

/// Writes the scaffold kit to `path`, refusing to overwrite anything there, a link included.
pub fn run(path: &Path, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    write_new(path, SCAFFOLD.as_bytes())?;
    writeln!(
        console.out,
        "wrote {}; edit it, then run `libertykit check {}`",
        path.display(),
        path.display()
    )
    .map_err(output_error)?;
    Ok(Outcome::Success)
}
