//! `build --watch`: build, then build again whenever a kit or a font file it names changes,
//! for authors working with the pack open beside the editor.
//!
//! Files are polled (their length and modification time, every 100 ms) rather than watched
//! through the operating system's notifications: a handful of small files costs nothing to
//! look at, it works the same on every system and file system, and an editor that saves by
//! writing a new file and renaming it over the old one is seen like any other change.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::{Console, Failure, Outcome, output_error};
use crate::cli::{PackFormat, PaperArg};

/// How often the files are looked at: a change shows within this plus one build.
const POLL: Duration = Duration::from_millis(100);

/// What is looked at of a file to see that it changed; `None` while it does not exist (an
/// editor between removing and renaming).
type Stamp = Option<(u64, SystemTime)>;

fn stamp(path: &Path) -> Stamp {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

/// The files a build reads: the kits, and each font file a kit names by path.
fn watched(kits: &[PathBuf], font: Option<&str>) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = kits.to_vec();
    if let Some(f) = font {
        files.push(PathBuf::from(f));
    }
    for kit in kits {
        let Ok(text) = std::fs::read_to_string(kit) else {
            continue;
        };
        let Ok(crate::kit::Kit {
            font: Some((name, _)),
            ..
        }) = crate::kit::load(&text)
        else {
            continue;
        };
        if crate::typeface::names_a_file(&name) {
            let base = kit.parent().unwrap_or(Path::new("."));
            files.push(base.join(name));
        }
    }
    files
}

/// Builds, then rebuilds on every change, forever: a build that fails prints its problems and
/// the watch goes on; only a closed output ends it (or the user's interrupt).
pub fn run(
    kits: &[PathBuf],
    out: Option<&Path>,
    paper: Option<PaperArg>,
    formats: &[PackFormat],
    combine: bool,
    font: Option<&str>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    loop {
        let files = watched(kits, font);
        let before: Vec<Stamp> = files.iter().map(|f| stamp(f)).collect();
        match super::build::run(kits, out, paper, formats, combine, font, console) {
            Err(failure) if failure.output_closed => return Err(failure),
            Err(failure) => writeln!(console.err, "error: {failure}").map_err(output_error)?,
            Ok(_) => {}
        }
        writeln!(
            console.err,
            "watching {} for changes (Ctrl-C to stop)",
            files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
        .map_err(output_error)?;
        console.out.flush().map_err(output_error)?;
        console.err.flush().map_err(output_error)?;
        // Wait for a change, then for the file to settle: an editor may write it in parts.
        loop {
            std::thread::sleep(POLL);
            if files.iter().map(|f| stamp(f)).ne(before.iter().copied()) {
                break;
            }
        }
        std::thread::sleep(POLL);
    }
}
