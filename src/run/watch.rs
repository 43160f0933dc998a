//! `build --watch`: build, then build again whenever a kit or a font file it names changes,
//! for authors working with the pack open beside the editor.
//!
//! Files are polled (every 100 ms) rather than watched through the operating system's
//! notifications: a handful of small files costs nothing to look at, it works the same on
//! every system and file system, and an editor that saves by writing a new file and renaming
//! it over the old one is seen like any other change. What is compared is content, not only
//! length and modification time: `cp -p` and `rsync -t` give an edited file its old time, and
//! an edit within one tick of the file system's clock keeps it too. A kit is read with the
//! limits of a plain build; a font file is large, so its length, times and identity (inode and
//! change time, which no copy can set back) stand for its content.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::{
    Console, Failure, KIT_LIMIT, Outcome, output_error, read_bytes, read_text, regular_file,
};
use crate::cli::BuildArgs;
use crate::fingerprint::fnv1a64;

/// How often the files are looked at: a change shows within this plus one build.
const POLL: Duration = Duration::from_millis(100);

/// A font file up to this size is compared by content too (a kit always is, up to the kit
/// limit): looking at a font of tens of MiB ten times a second would cost more than a build.
const FONT_HASHED: u64 = 1 << 20;

/// What is looked at of a file to see that it changed; `None` while it cannot be read (an
/// editor between removing and renaming).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    /// The inode and change time, where the system has them: both change with any rewrite.
    identity: (u64, i64, i64),
    /// A hash of the content, for a file of at most its hash limit.
    content: Option<u64>,
}

/// The stamp of the file at `path`, its content hashed when it holds at most `hashed` bytes.
fn stamp(path: &Path, hashed: u64) -> Option<Stamp> {
    let meta = regular_file(path).ok()?;
    let content = if meta.len() <= hashed {
        Some(fnv1a64(&read_bytes(path, hashed).ok()?))
    } else {
        None
    };
    Some(Stamp {
        len: meta.len(),
        modified: meta.modified().ok(),
        identity: identity(&meta),
        content,
    })
}

#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> (u64, i64, i64) {
    use std::os::unix::fs::MetadataExt;
    (meta.ino(), meta.ctime(), meta.ctime_nsec())
}

#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> (u64, i64, i64) {
    (0, 0, 0)
}

/// The files a build reads, each with the size up to which its content is compared: the
/// kits, and each font file a kit names by path. A kit is read as a build reads it: a regular
/// file within the kit limit, or not at all.
fn watched(kits: &[PathBuf], font: Option<&str>) -> Vec<(PathBuf, u64)> {
    let mut files: Vec<(PathBuf, u64)> = kits.iter().map(|k| (k.clone(), KIT_LIMIT)).collect();
    if let Some(f) = font {
        files.push((PathBuf::from(f), FONT_HASHED));
    }
    for kit in kits {
        let Ok(text) = read_text(kit, KIT_LIMIT) else {
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
            files.push((base.join(name), FONT_HASHED));
        }
    }
    files
}

/// Refuses a kit that is there but is no regular file (`--watch /dev/zero`, a FIFO): no edit
/// can make it a kit, so there is nothing to watch for.
fn refuse_what_is_not_a_file(kits: &[PathBuf]) -> Result<(), Failure> {
    for kit in kits {
        if std::fs::metadata(kit).is_ok() {
            regular_file(kit)?;
        }
    }
    Ok(())
}

/// Builds, then rebuilds on every change, forever: a build that fails prints its problems and
/// the watch goes on until the user's interrupt.
pub fn run(args: &BuildArgs, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    refuse_what_is_not_a_file(&args.kits)?;
    loop {
        let files = watched(&args.kits, args.font.as_deref());
        let stamps = || files.iter().map(|(f, hashed)| stamp(f, *hashed));
        let before: Vec<Option<Stamp>> = stamps().collect();
        if let Err(failure) = super::build::run(args, console) {
            writeln!(console.err, "error: {failure}").map_err(output_error)?;
        }
        writeln!(
            console.err,
            "watching {} for changes (Ctrl-C to stop)",
            files
                .iter()
                .map(|(f, _)| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
        .map_err(output_error)?;
        console.out.flush().map_err(output_error)?;
        console.err.flush().map_err(output_error)?;
        // Wait for a change, then for the file to settle: an editor may write it in parts.
        loop {
            std::thread::sleep(POLL);
            if stamps().ne(before.iter().cloned()) {
                break;
            }
        }
        std::thread::sleep(POLL);
    }
}
