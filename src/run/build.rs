//! The `build` command: checks the kit as `check` does, lays out the pack and writes its PDFs, SVG pages and HTML documents into one folder.
//!
//! With several kits (a session), `--out DIR` is required, each kit's pack goes to
//! `DIR/<kit file stem>/` (two kits with the same stem, in any case, are refused before any kit
//! is read), and `DIR/index.html` lists them. Every kit is checked and rendered before the first
//! file is written: if any fails its check, all their problems are reported and nothing is written.
//! After writing, standard error says what is for whom and how to print it; standard output
//! lists only the written files.
//!
//! Every file is rendered in memory first. Then, holding the folder's lock so that builds into
//! one folder take turns (a session holds its `--out` folder's lock for the whole session),
//! every file is written and synced under a temporary name, and only when all of them are
//! written are they switched in by a plan (see `switch.rs`), so an interrupted or failed build
//! never leaves a half-written file, and a killed one leaves the old pack or a plan the next
//! build finishes. Only these names are ever written or removed, and only inside the
//! output folder: `player-sheet.pdf`, `player-sheet-N.svg`, `player-sheet.html`, `host-key.pdf`,
//! `host-key-N.svg`, `host-key.html`, and in a session's own folder `index.html` and the joined
//! PDFs (besides the lock file, the plan and the build's own temporaries). Files of these names
//! that this build did not write (pages of an earlier, longer build, or a format not asked for)
//! are removed under the same lock, so the folder is one consistent pack.

use std::fs;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;

use super::files::{FolderLock, io_reason, lock_folder, stage, writable_target};
use super::firewall::answer_leaks;
use super::switch::{Ours, Plan, finish_interrupted, put};
use super::{Console, Failure, KIT_LIMIT, Outcome, output_error, read_text};
use crate::check::{Checked, check_source};
use crate::cli::{PackFormat, PaperArg};
use crate::diag::{Diagnostic, Source};
use crate::export::html::{escape, write_html};
use crate::export::pdf::merge::merge_pdfs;
use crate::export::pdf::write_pdf;
use crate::export::svg::write_svg;
use crate::kit::Paper;

/// The two documents' file stems.
const STEMS: [&str; 2] = ["player-sheet", "host-key"];

/// A kit checked and rendered in memory, ready to be written.
struct Rendered {
    /// The kit file, as given.
    kit_path: PathBuf,
    /// The kit's title.
    title: String,
    /// The kit's fingerprint.
    fingerprint: String,
    /// Pages of the player sheet and of the host key.
    pages: [usize; 2],
    /// How the board was sized, if it was made to fit.
    fit: Option<String>,
    /// The kit's wording, for the advice after writing.
    wording: crate::wording::Wording,
    /// Every file of the pack: its name and bytes.
    files: Vec<(String, Vec<u8>)>,
}

/// Checks the kits and writes their packs: one kit into `out` (default: a folder named after
/// the kit file), several each into `out/<kit file stem>/` with `out/index.html` listing them.
/// Every kit is checked and rendered before any file is written.
pub fn run(
    kit_paths: &[PathBuf],
    out: Option<&Path>,
    paper: Option<PaperArg>,
    formats: &[PackFormat],
    combine: bool,
    font: Option<&str>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let session = kit_paths.len() > 1;
    if combine && !session {
        return Err(Failure::new(
            "`--combine` joins the packs of several kits; with one kit, print its own PDFs",
        ));
    }
    if combine && !formats.iter().any(|f| matches!(f, PackFormat::Pdf)) {
        return Err(Failure::new(
            "`--combine` joins the kits' PDFs: add `pdf` to `--format`",
        ));
    }
    // Usage problems first, so that a refused command line reads no kit.
    let mut folders: Vec<PathBuf> = Vec::new();
    if session {
        let Some(out) = out else {
            return Err(Failure::new(format!(
                "{} kits need one folder for the session: pass `--out DIR` (each kit's pack goes to `DIR/<kit file stem>/`)",
                kit_paths.len()
            )));
        };
        for (i, kit_path) in kit_paths.iter().enumerate() {
            let name = kit_folder(kit_path)?;
            if let Some(j) = folders.iter().position(|f| {
                f.as_os_str().to_string_lossy().to_lowercase()
                    == name.as_os_str().to_string_lossy().to_lowercase()
            }) {
                return Err(Failure::new(format!(
                    "`{}` and `{}` would both be built into `{}`: rename one kit file (each kit's pack goes to a folder named after its file)",
                    kit_paths[j].display(),
                    kit_paths[i].display(),
                    out.join(&name).display()
                )));
            }
            folders.push(name);
        }
        folders = folders.into_iter().map(|f| out.join(f)).collect();
    } else {
        folders.push(match out {
            Some(dir) => dir.to_path_buf(),
            None => default_dir(&kit_paths[0])?,
        });
    }
    let paper = paper.map(Paper::from);
    // Every kit is checked, and all their problems reported, before anything is written.
    let mut rendered = Vec::new();
    let mut failed = false;
    for kit_path in kit_paths {
        match render(kit_path, paper, formats, font)? {
            Ok(kit) => rendered.push(kit),
            Err((source, diagnostics)) => {
                write!(console.err, "{}", source.render_all(&diagnostics)).map_err(output_error)?;
                failed = true;
            }
        }
    }
    if failed {
        return Ok(Outcome::CheckFailed);
    }
    for kit in &rendered {
        // Standard output lists the written files only; how the board was sized is a note beside it.
        if let Some(fit) = &kit.fit {
            let prefix = if session {
                format!("{}: ", kit.kit_path.display())
            } else {
                String::new()
            };
            writeln!(console.err, "note: {prefix}{fit}").map_err(output_error)?;
        }
    }
    match (session, out) {
        (true, Some(out)) => {
            let session_files = session_files(&rendered, &folders, out, combine)?;
            write_session(out, &rendered, &folders, &session_files, console)?;
        }
        _ => {
            for (kit, dir) in rendered.iter().zip(&folders) {
                write_pack(dir, &kit.files, console)?;
            }
        }
    }
    advise(&rendered, &folders, console)?;
    Ok(Outcome::Success)
}

/// The files of a session's own folder: the index, and with `--combine` the joined PDFs.
fn session_files(
    rendered: &[Rendered],
    folders: &[PathBuf],
    out: &Path,
    combine: bool,
) -> Result<Vec<(String, Vec<u8>)>, Failure> {
    let mut files = Vec::new();
    if combine {
        for (stem, name) in STEMS.into_iter().zip(COMBINED) {
            let pdf = format!("{stem}.pdf");
            let parts: Vec<Vec<u8>> = rendered
                .iter()
                .filter_map(|kit| kit.files.iter().find(|(n, _)| *n == pdf))
                .map(|(_, bytes)| bytes.clone())
                .collect();
            let bytes = merge_pdfs(&parts, name)
                .map_err(|e| Failure::new(format!("cannot join `{name}`: {e}")))?;
            files.push((name.to_string(), bytes));
        }
    }
    files.push((
        INDEX.to_string(),
        index_html(rendered, folders, out).into_bytes(),
    ));
    Ok(files)
}

/// Writes a session: holding the lock of `out` for the whole session (taken before any kit's
/// folder is touched, so two sessions into one folder take turns and never mix their files),
/// each kit's pack into its folder, then the session's own files.
fn write_session(
    out: &Path,
    rendered: &[Rendered],
    folders: &[PathBuf],
    session_files: &[(String, Vec<u8>)],
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    create_folder(out)?;
    let lock = lock_folder(out, console.err)?;
    // Before any kit's folder: what a killed session left in `out` is finished or removed.
    finish_interrupted(&lock, is_built_file)?;
    lock.remove_leftover_temporaries();
    // Every kit's folder before the first is written: a refused one leaves the session as it was.
    for dir in folders {
        kit_folder_is_no_link(dir)?;
    }
    for (kit, dir) in rendered.iter().zip(folders) {
        create_folder(dir)?;
        let kit_lock = lock_folder(dir, console.err)?;
        // Again under the lock: a link swapped in meanwhile is not followed either.
        kit_folder_is_no_link(dir)?;
        switch_folder(&kit_lock, &kit.files, is_pack_file, console)?;
    }
    switch_folder(&lock, session_files, is_session_file, console)
}

/// Refuses a symbolic link where a session puts a kit's folder: following it would write the
/// pack outside `--out`, and remove pack-named files wherever it points.
fn kit_folder_is_no_link(dir: &Path) -> Result<(), Failure> {
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_symlink() => Err(Failure::new(format!(
            "`{}` is a symbolic link; a session writes each kit's pack into a folder of its own inside `--out`, never through a link: remove the link or choose another `--out`",
            dir.display()
        ))),
        Ok(meta) if !meta.is_dir() => Err(Failure::new(format!(
            "cannot create folder `{}`: a file of that name is in the way; move or rename it",
            dir.display()
        ))),
        _ => Ok(()),
    }
}

/// Whether `name` is a file `build` writes into a folder, a pack's or a session's: what the
/// plan of an interrupted switch may name (a folder may have been built both ways).
fn is_built_file(name: &str) -> bool {
    is_pack_file(name) || is_session_file(name)
}

/// Whether `name` is one of the files a session writes into its own folder.
fn is_session_file(name: &str) -> bool {
    name == INDEX || COMBINED.contains(&name)
}

/// The page listing a session's kits.
const INDEX: &str = "index.html";

/// What `--combine` writes into a session's folder: every kit's player sheet, then host key.
const COMBINED: [&str; 2] = ["session-player-sheets.pdf", "session-host-keys.pdf"];

/// Checks one kit as `check` does and renders its pack in memory; a failed check gives the
/// kit's source and problems.
#[allow(clippy::type_complexity)]
fn render(
    kit_path: &Path,
    paper: Option<Paper>,
    formats: &[PackFormat],
    font: Option<&str>,
) -> Result<Result<Rendered, (Source, Vec<Diagnostic>)>, Failure> {
    let source = Source::new(
        kit_path.display().to_string(),
        read_text(kit_path, KIT_LIMIT)?,
    );
    // Exactly `check`'s checks, except that the fit is judged on the paper actually used.
    let (pack, kit) = match check_source(&source, paper, font) {
        Ok(Checked { kit, key, fonts }) => {
            let pack = crate::layout::pack(&kit, &key, fonts);
            // No answer on a player page, by any path: read off the pages as laid out.
            let leaks = answer_leaks(&source, &key, &kit.wording, &pack.player_sheet);
            if !leaks.is_empty() {
                return Ok(Err((source, leaks)));
            }
            (pack, kit)
        }
        Err(diagnostics) => return Ok(Err((source, diagnostics))),
    };
    // Shown above the pages of an HTML document on screen, never printed.
    let note = kit.wording.get("browser_printing_note");
    let documents = [&pack.player_sheet, &pack.host_key];

    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for (stem, doc) in STEMS.into_iter().zip(documents) {
        if formats.contains(&PackFormat::Pdf) {
            let bytes = write_pdf(doc)
                .map_err(|e| Failure::new(format!("cannot lay out `{stem}.pdf`: {e}")))?;
            files.push((format!("{stem}.pdf"), bytes));
        }
        if formats.contains(&PackFormat::Svg) {
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
    Ok(Ok(Rendered {
        kit_path: kit_path.to_path_buf(),
        title: kit.title.clone(),
        fingerprint: kit.fingerprint.clone(),
        pages: [pack.player_sheet.pages.len(), pack.host_key.pages.len()],
        fit: pack.fit.as_ref().map(ToString::to_string),
        wording: kit.wording.clone(),
        files,
    }))
}

/// Writes one pack into `dir` (created if needed) and prints the written paths: see
/// [`switch_folder`].
fn write_pack(
    dir: &Path,
    files: &[(String, Vec<u8>)],
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    create_folder(dir)?;
    let lock = lock_folder(dir, console.err)?;
    switch_folder(&lock, files, is_pack_file, console)
}

/// Creates `dir` and the folders above it, if they are not there yet.
fn create_folder(dir: &Path) -> Result<(), Failure> {
    fs::create_dir_all(dir).map_err(|e| {
        Failure::new(format!(
            "cannot create folder `{}`: {}",
            dir.display(),
            io_reason(&e)
        ))
    })
}

/// Makes the locked folder hold `files` in place of the files of the earlier build (the names
/// `ours` claims), as one switch (see `switch.rs`): first an earlier switch that a kill
/// interrupted is finished, and the temporaries a killed build left are removed. Standard
/// output lists the written files, standard error the removed ones, once the folder is done:
/// the switch never stops halfway because nobody reads.
fn switch_folder(
    lock: &FolderLock,
    files: &[(String, Vec<u8>)],
    ours: Ours,
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    let dir = lock.dir();
    finish_interrupted(lock, is_built_file)?;
    lock.remove_leftover_temporaries();
    // Checked before anything is written, so that a rename cannot fail halfway through the pack.
    for (name, _) in files {
        writable_target(&dir.join(name))?;
    }
    // Every file is written before the plan: a failure to write leaves the pack as it was.
    let staged = in_pool(files.iter().collect(), |(name, bytes)| {
        stage(&dir.join(name), bytes)
    })?;
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    let stale = stale_files(dir, &names, ours)?;
    let plan = Plan::commit(lock, staged, stale)?;
    let unfinished = |failure: Failure| {
        Failure::new(format!(
            "{failure}; the next build into `{}` finishes putting the new files in place",
            dir.display()
        ))
    };
    let written = in_pool(plan.puts().iter().collect(), put).map_err(unfinished)?;
    let removed = plan.finish().map_err(unfinished)?;
    for path in &written {
        writeln!(console.out, "{}", path.display()).map_err(output_error)?;
    }
    for path in &removed {
        writeln!(console.err, "removed stale {}", path.display()).map_err(output_error)?;
    }
    Ok(())
}

/// Finishes, in the folder `dir` of a pack, a switch of its files that a kill interrupted, so
/// that it holds one build's pack (the killed build's); the next build does this first anyway.
/// Gives the files put in place, or `None` when no switch was under way.
pub fn finish_pack_switch(dir: &Path) -> Result<Option<Vec<PathBuf>>, Failure> {
    let lock = lock_folder(dir, &mut std::io::sink())?;
    finish_interrupted(&lock, is_built_file)
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

/// The folder, inside a session's `--out`, that a kit's pack goes to: the kit file's stem. A
/// stem that is not a folder of its own (`...toml` gives `..`) is refused.
fn kit_folder(kit_path: &Path) -> Result<PathBuf, Failure> {
    let dir = PathBuf::from(kit_path.file_stem().unwrap_or_default());
    let mut parts = dir.components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(part)), None) if part == dir.as_os_str() => Ok(dir),
        _ => Err(Failure::new(format!(
            "cannot name a folder after `{}` (it would be `{}`); rename the kit file",
            kit_path.display(),
            dir.display()
        ))),
    }
}

/// The file a person opens to print `stem`: its PDF, else its HTML, else its first SVG page.
fn printable<'a>(files: &'a [(String, Vec<u8>)], stem: &str) -> Option<&'a str> {
    [
        format!("{stem}.pdf"),
        format!("{stem}.html"),
        format!("{stem}-1.svg"),
    ]
    .into_iter()
    .find_map(|name| files.iter().find(|(n, _)| *n == name))
    .map(|(n, _)| n.as_str())
}

/// Tells the facilitator, on standard error, what is for whom and how to print it, in the first
/// kit's language (`advice_*` in the page templates).
fn advise(
    kits: &[Rendered],
    folders: &[PathBuf],
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    let Some(first) = kits.first() else {
        return Ok(());
    };
    let w = &first.wording;
    let list = |stem: &str| -> String {
        let paths: Vec<String> = kits
            .iter()
            .zip(folders)
            .filter_map(|(kit, dir)| printable(&kit.files, stem).map(|n| dir.join(n)))
            .map(|p| p.display().to_string())
            .collect();
        paths.join(", ")
    };
    let lines = [
        w.fill("advice_players", &[("files", &list(STEMS[0]))]),
        w.fill("advice_host", &[("files", &list(STEMS[1]))]),
        w.get("advice_print").to_string(),
    ];
    for line in lines.iter().filter(|l| !l.is_empty()) {
        writeln!(console.err, "{line}").map_err(output_error)?;
    }
    Ok(())
}

/// `text` as one segment of a relative URL: every byte but unreserved ones percent-encoded.
fn url_segment(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The session's `index.html`: a self-contained page listing each kit with its title,
/// fingerprint, page counts, whom each document is for and relative links to its files.
fn index_html(kits: &[Rendered], folders: &[PathBuf], out: &Path) -> String {
    use std::fmt::Write as _;
    let w = &kits[0].wording;
    let mut html = String::new();
    let title = escape(w.get("index_title"));
    let _ = writeln!(html, "<!DOCTYPE html>");
    let _ = writeln!(html, "<html lang=\"{}\">", w.language().code());
    let _ = writeln!(html, "<head>\n<meta charset=\"utf-8\">");
    let _ = writeln!(html, "<title>{title}</title>");
    let _ = writeln!(
        html,
        "<style>body{{font-family:sans-serif;max-width:48em;margin:2em auto;padding:0 1em}}\
         section{{border-top:1px solid #ccc;padding:.5em 0}}</style>"
    );
    let _ = writeln!(html, "</head>\n<body>\n<h1>{title}</h1>");
    let _ = writeln!(html, "<p>{}</p>", escape(w.get("advice_print")));
    for (kit, dir) in kits.iter().zip(folders) {
        let folder = dir.strip_prefix(out).unwrap_or(dir).to_string_lossy();
        let _ = writeln!(html, "<section class=\"kit\">");
        let _ = writeln!(html, "<h2>{}</h2>", escape(&kit.title));
        let _ = writeln!(
            html,
            "<p class=\"fingerprint\">{}</p>",
            escape(&w.fill("index_fingerprint", &[("fingerprint", &kit.fingerprint)]))
        );
        let _ = writeln!(html, "<ul>");
        for ((stem, pages), (document, whom)) in STEMS.into_iter().zip(kit.pages).zip([
            ("player_document", "index_for_players"),
            ("host_document", "index_for_host"),
        ]) {
            let links: Vec<String> = kit
                .files
                .iter()
                .map(|(name, _)| name)
                .filter(|name| name.starts_with(stem))
                .map(|name| {
                    format!(
                        "<a href=\"{}/{}\">{}</a>",
                        url_segment(&folder),
                        url_segment(name),
                        escape(name)
                    )
                })
                .collect();
            let _ = writeln!(
                html,
                "<li><strong>{}</strong> ({}): {}<br>{}</li>",
                escape(w.get(document)),
                escape(&w.fill("index_pages", &[("pages", &pages.to_string())])),
                escape(w.get(whom)),
                links.join(" · ")
            );
        }
        let _ = writeln!(html, "</ul>\n</section>");
    }
    html.push_str("</body>\n</html>\n");
    html
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

/// Files in `dir` of names `ours` claims that this build did not write.
fn stale_files(dir: &Path, written: &[&str], ours: Ours) -> Result<Vec<String>, Failure> {
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
        .filter(|name| ours(name) && !written.contains(&name.as_str()))
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
