//! The `build` command: checks the kit as `check` does, lays out the pack and writes its PDFs, SVG pages and HTML documents into one folder.
//!
//! Every file is rendered in memory first. Then, holding the folder's lock so that builds into
//! one folder take turns, every file is written and synced under a temporary name, and only when
//! all of them are written are they renamed into place, so an interrupted or failed build never
//! leaves a half-written file. Only these names are ever written or removed, and only inside the
//! output folder: `player-sheet.pdf`, `player-sheet-N.svg`, `player-sheet.html`, `host-key.pdf`,
//! `host-key-N.svg`, `host-key.html` (besides the lock file and the build's own temporaries).
//! Pack files that this build did not write (pages of an earlier, longer build, or a format not
//! asked for) are removed under the same
//! lock, so the folder is one consistent pack.

use std::fs;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;

use super::check::{Checked, check_source};
use super::files::{Staged, io_reason, lock_folder, stage};
use super::{Console, Failure, KIT_LIMIT, Outcome, output_error, read_text};
use crate::cli::{PackFormat, PaperArg};
use crate::diag::{Diagnostic, Source};
use crate::export::html::write_html;
use crate::export::pdf::write_pdf;
use crate::export::svg::write_svg;
use crate::kit::Paper;

/// The two documents' file stems.
const STEMS: [&str; 2] = ["player-sheet", "host-key"];

/// Checks the kit and writes the pack into a folder.
pub fn run(
    kit_path: &Path,
    out: Option<&Path>,
    paper: Option<PaperArg>,
    formats: &[PackFormat],
    font: Option<&str>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let source = Source::new(
        kit_path.display().to_string(),
        read_text(kit_path, KIT_LIMIT)?,
    );
    // Exactly `check`'s checks, except that the fit is judged on the paper actually used.
    let paper = paper.map(|p| match p {
        PaperArg::A4 => Paper::A4,
        PaperArg::Letter => Paper::Letter,
        PaperArg::A3 => Paper::A3,
    });
    let (pack, kit) = match check_source(&source, paper, font) {
        Ok(Checked { kit, key, fonts }) => (crate::layout::pack(&kit, &key, fonts), kit),
        Err(diagnostics) => return report(&source, &diagnostics, console),
    };
    // Shown above the pages of an HTML document on screen, never printed.
    let note = kit.wording.get("browser_printing_note");
    // Standard output lists the written files only; how the board was sized is a note beside it.
    if let Some(fit) = &pack.fit {
        writeln!(console.err, "note: {fit}").map_err(output_error)?;
    }
    let documents = [&pack.player_sheet, &pack.host_key];

    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for (stem, doc) in STEMS.into_iter().zip(documents) {
        let both = formats.contains(&PackFormat::Both);
        if both || formats.contains(&PackFormat::Pdf) {
            let bytes = write_pdf(doc)
                .map_err(|e| Failure::new(format!("cannot lay out `{stem}.pdf`: {e}")))?;
            files.push((format!("{stem}.pdf"), bytes));
        }
        if both || formats.contains(&PackFormat::Svg) {
            for (i, page) in doc.pages.iter().enumerate() {
                files.push((
                    format!("{stem}-{}.svg", i + 1),
                    write_svg(page, doc.fonts, doc.language).into_bytes(),
                ));
            }
        }
        if formats.contains(&PackFormat::Html) {
            files.push((format!("{stem}.html"), write_html(doc, note).into_bytes()));
        }
    }

    let dir = match out {
        Some(dir) => dir.to_path_buf(),
        None => default_dir(kit_path)?,
    };
    fs::create_dir_all(&dir).map_err(|e| {
        Failure::new(format!(
            "cannot create folder `{}`: {}",
            dir.display(),
            io_reason(&e)
        ))
    })?;
    // Held to the end of the build: writing the files and removing stale ones is one step.
    let lock = lock_folder(&dir)?;
    lock.remove_leftover_temporaries();
    // Checked before anything is written, so that a rename cannot fail halfway through the pack.
    for (name, _) in &files {
        let path = dir.join(name);
        if fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
            return Err(Failure::new(format!(
                "cannot write `{}`: a folder of that name is in the way; move or rename it",
                path.display()
            )));
        }
    }
    // Every file is written before the first rename: a failure to write leaves the pack as it was.
    let staged = in_pool(files.iter().collect(), |(name, bytes)| {
        stage(&dir.join(name), bytes)
    })?;
    let written = in_pool(staged, Staged::put_in_place)?;
    for path in &written {
        writeln!(console.out, "{}", path.display()).map_err(output_error)?;
    }
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    for stale in stale_files(&dir, &names)? {
        let path = dir.join(&stale);
        match fs::remove_file(&path) {
            Ok(()) => {}
            // Gone already: someone else cleaned up, and the folder is as it should be.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                return Err(Failure::new(format!(
                    "cannot remove stale `{}`: {}",
                    path.display(),
                    io_reason(&e)
                )));
            }
        }
        writeln!(console.err, "removed stale {}", path.display()).map_err(output_error)?;
    }
    drop(lock);
    Ok(Outcome::Success)
}

/// At most this many threads write or rename files at once (the current one included).
const WRITERS: usize = 4;

/// Runs `work` on every item, on up to [`WRITERS`] threads, and returns the results in the
/// items' order, or the first failure (in that order); after a failure no new item is started,
/// and the items not done are dropped (a staged file's temporary is then removed).
///
/// Each write waits for its file to reach the disk, and each rename for the file system's
/// journal, so a few threads waiting at once keep a build fast; a few, not one per file, so a
/// kit of thousands of pages cannot run out of threads or open files. A thread that cannot be
/// started is no failure: the others, and at least the current thread, take its share.
fn in_pool<T: Send, R: Send>(
    items: Vec<T>,
    work: impl Fn(T) -> Result<R, Failure> + Sync,
) -> Result<Vec<R>, Failure> {
    let count = items.len();
    let queue = Mutex::new(items.into_iter().enumerate());
    let failed = AtomicBool::new(false);
    let worker = || {
        let mut done = Vec::new();
        while !failed.load(Ordering::Relaxed) {
            // Nothing can panic while the queue is held, but a poisoned queue is still usable.
            let next = queue.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((i, item)) = next else {
                break;
            };
            let result = work(item);
            if result.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            done.push((i, result));
        }
        done
    };
    let (mut done, stopped) = thread::scope(|scope| {
        let helpers: Vec<_> = (1..WRITERS.min(count))
            .map_while(|_| thread::Builder::new().spawn_scoped(scope, worker).ok())
            .collect();
        let mut done = worker();
        let mut stopped = false;
        // Every helper is joined, even after one stopped, so the scope never re-raises a panic.
        for helper in helpers {
            match helper.join() {
                Ok(theirs) => done.extend(theirs),
                Err(_) => stopped = true,
            }
        }
        (done, stopped)
    });
    if stopped {
        return Err(Failure::new("a file writer stopped unexpectedly"));
    }
    // With no failure every item was taken by some thread, so all are here, in order.
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, result)| result).collect()
}

/// Prints diagnostics and reports a failed check.
fn report(
    source: &Source,
    diagnostics: &[Diagnostic],
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    write!(console.err, "{}", source.render_all(diagnostics)).map_err(output_error)?;
    Ok(Outcome::CheckFailed)
}

/// `./<kit file stem>`: a folder named after the kit, in the current folder (`<name>-pack` when
/// the kit file has no extension, so the folder never takes the kit's own name). A name that is
/// not a folder of its own (`...toml` gives `..`, `..toml` gives `.`) is refused: building there
/// would mix the pack into, and remove stale pages from, a folder the user never named.
fn default_dir(kit_path: &Path) -> Result<PathBuf, Failure> {
    let refuse = |why: String| {
        Failure::new(format!(
            "cannot name an output folder after `{}`{why}; pass `--out DIR`",
            kit_path.display()
        ))
    };
    let stem = kit_path
        .file_stem()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| refuse(String::new()))?;
    let mut name = stem.to_os_string();
    if kit_path.extension().is_none() {
        name.push("-pack");
    }
    let dir = PathBuf::from(name);
    let mut parts = dir.components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(part)), None) if part == dir.as_os_str() => Ok(dir),
        _ => Err(refuse(format!(" (it would be `{}`)", dir.display()))),
    }
}

/// Pack files in `dir` (by their exact names) that this build did not write.
fn stale_files(dir: &Path, written: &[&str]) -> Result<Vec<String>, Failure> {
    let entries = fs::read_dir(dir).map_err(|e| {
        Failure::new(format!(
            "cannot list `{}`: {}",
            dir.display(),
            io_reason(&e)
        ))
    })?;
    let mut stale: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| is_pack_file(name) && !written.contains(&name.as_str()))
        .collect();
    stale.sort();
    Ok(stale)
}

/// Whether `name` is one of the names `build` writes: `<stem>.pdf`, `<stem>.html` or
/// `<stem>-<N>.svg`, N >= 1.
fn is_pack_file(name: &str) -> bool {
    STEMS.iter().any(|stem| {
        let Some(rest) = name.strip_prefix(stem) else {
            return false;
        };
        if rest == ".pdf" || rest == ".html" {
            return true;
        }
        rest.strip_prefix('-')
            .and_then(|r| r.strip_suffix(".svg"))
            // Page numbers as `build` writes them: from 1, no leading zero.
            .is_some_and(|n| {
                n.bytes().all(|b| b.is_ascii_digit()) && n.bytes().next().is_some_and(|b| b != b'0')
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_pack_names_count_as_pack_files() {
        for name in [
            "player-sheet.pdf",
            "host-key.pdf",
            "player-sheet.html",
            "host-key.html",
            "player-sheet-3.svg",
            "host-key-12.svg",
            "player-sheet-10.svg",
        ] {
            assert!(is_pack_file(name), "{name}");
        }
        for name in [
            "notes.pdf",
            "player-sheet-.svg",
            "player-sheet-a.svg",
            "host-key-1.svg.bak",
            "my-host-key.pdf",
            "host-key.htm",
            "player-sheet-1.html",
            "player-sheet-0.svg",
            "player-sheet-01.svg",
            "host-key-007.svg",
        ] {
            assert!(!is_pack_file(name), "{name}");
        }
    }

    #[test]
    fn the_pool_keeps_the_items_order() {
        let items: Vec<usize> = (0..100).collect();
        let doubled = in_pool(items, |i| Ok(i * 2)).unwrap();
        assert_eq!(doubled, (0..100).map(|i| i * 2).collect::<Vec<_>>());
        assert!(in_pool(Vec::<usize>::new(), Ok).unwrap().is_empty());
    }

    #[test]
    fn the_pool_reports_the_first_failure_in_order() {
        let items: Vec<usize> = (0..100).collect();
        let err = in_pool(items, |i| {
            if i == 37 || i == 80 {
                Err(Failure::new(format!("item {i}")))
            } else {
                Ok(i)
            }
        })
        .unwrap_err();
        // 37 is taken before 80, so it always runs, even when 80 fails first.
        assert_eq!(err.message, "item 37");
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_and_nothing_in_place() {
        let dir = std::env::temp_dir().join(format!("libertykit-pool-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let mut names: Vec<String> = (1..=20).map(|i| format!("page-{i}.svg")).collect();
        names[12] = "no-such-folder/page-13.svg".into();
        let err = in_pool(names.iter().collect(), |name| stage(&dir.join(name), b"x")).err();
        assert_eq!(
            err.unwrap().message,
            format!(
                "cannot write `{}`: no such file or folder",
                dir.join(&names[12]).display()
            )
        );
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn default_folder_never_takes_the_kit_file_name() {
        let dir = |p: &str| default_dir(Path::new(p)).unwrap();
        assert_eq!(
            dir("examples/liberty-chain-capture.toml"),
            PathBuf::from("liberty-chain-capture")
        );
        assert_eq!(dir("kit"), PathBuf::from("kit-pack"));
        assert_eq!(dir("....toml"), PathBuf::from("..."));
        assert_eq!(dir(".toml"), PathBuf::from(".toml-pack"));
    }

    #[test]
    fn default_folder_is_never_the_current_or_the_parent_folder() {
        for (kit, shown) in [("...toml", ".."), ("..toml", "."), ("a/..toml", ".")] {
            let err = default_dir(Path::new(kit)).unwrap_err();
            assert_eq!(
                err.message,
                format!(
                    "cannot name an output folder after `{kit}` (it would be `{shown}`); pass `--out DIR`"
                )
            );
        }
    }
}
