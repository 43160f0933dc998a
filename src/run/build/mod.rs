//! The `build` command: checks the kit as `check` does, lays out the pack and writes its PDFs, SVG pages and HTML documents into one folder.
//!
//! With several kits (a session), `--out DIR` is required, each kit's pack goes to
//! `DIR/<kit file stem>/` (two kits with the same stem, in any case, are refused before any kit
//! is read), and `DIR/index.html` lists them: a page the players see, whose every text is read
//! by the answer firewall as a player sheet's is, for every kit's answers. Every kit is checked before any folder is touched,
//! and every kit's pack is rendered before the first file is put in place: if any fails its
//! check, all their problems are reported and nothing is written. After writing, standard error
//! says what is for whom and how to print it; standard output lists only the written files.
//!
//! Once every kit has passed `check`, every folder is opened: its lock taken so that builds
//! into one folder take turns (a session holds its `--out` folder's lock for the whole
//! session), and what a killed build left finished or removed. Then each file is written under
//! a temporary name in its folder as it is rendered, so that memory holds one document's pages
//! at a time, never a pack's bytes (a kit whose player pages print an answer removes them all
//! again); only when all of them are written and synced are they switched in by one plan (see
//! `switch.rs`; a session's plan covers every kit's folder, the index and the joined PDFs), so
//! an interrupted or failed build never leaves a half-written file, and a killed one leaves
//! the old files (and temporaries the next build removes) or a plan the next build finishes.
//! Only these names (`pack_files.rs`) are ever written or removed, and only inside the output
//! folder: `player-sheet.pdf`, `player-sheet-N.svg`, `player-sheet.html`, `host-key.pdf`,
//! `host-key-N.svg`, `host-key.html`, and in a session's own folder `index.html` and the joined
//! PDFs (besides the lock file, the record, the plan and the build's own temporaries). Of those,
//! only files the folder's record says an earlier build wrote are written over or removed
//! (`earlier_build.rs`), and never an input of the run.

mod earlier_build;
mod folders;
mod pack_files;
mod render;
mod staged_write;

use std::path::{Path, PathBuf};

use self::folders::pack_folders;
use self::pack_files::{
    Document, PackFile, SessionFile, is_built_file, is_pack_file, is_session_file,
};
use self::render::{CheckedKit, Rendered, check_kit, render};
use self::staged_write::{
    FolderChange, Links, OpenFolder, open_folder, refuse_link, stage_file, switch_folders,
};
use super::check::failure_summary;
use super::files::{LOCK_NAME, Staged, io_reason, lock_folder};
use super::leftovers::is_staged_name;
use super::switch::finish_interrupted;
use super::{Console, Failure, Outcome, output_error};
use crate::check::PrintChoices;
use crate::cli::{BuildArgs, PackFormat};
use crate::export::index::{Index, IndexedKit, role_lines, write_index};
use crate::export::pdf::merge::merge_pdfs;
use crate::kit::Paper;
use crate::run::firewall::{PlayerText, answer_leaks};

/// Checks the kits and writes their packs: one kit into `--out` (default: a folder named after
/// the kit file), several each into `out/<kit file stem>/` with `out/index.html` listing them.
/// Every kit is checked and rendered before any file is written.
pub fn run(args: &BuildArgs, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    let session = args.kits.len() > 1;
    if args.combine && !session {
        return Err(Failure::new(
            "`--combine` joins the packs of several kits; with one kit, print its own PDFs",
        ));
    }
    if args.combine && !args.format.contains(&PackFormat::Pdf) {
        return Err(Failure::new(
            "`--combine` joins the kits' PDFs: add `pdf` to `--format`",
        ));
    }
    // Usage problems first, so that a refused command line reads no kit.
    let folders = pack_folders(&args.kits, args.out.as_deref())?;
    super::font_flag(args.font.as_deref())?;
    let choices = PrintChoices {
        paper: args.paper.map(Paper::from),
        font: args.font.as_deref(),
        large_print: args.large_print,
        tile_board: args.tile_board,
    };
    // Every kit is checked, and all their problems reported, before any folder is touched.
    let mut checked = Vec::new();
    let mut failed = Failed::default();
    for kit_path in &args.kits {
        match check_kit(kit_path, choices)? {
            Ok(kit) => checked.push(kit),
            Err((source, diagnostics)) => failed.report(&source, &diagnostics, console)?,
        }
    }
    if failed.kits > 0 {
        // The kits that pass are still looked at for answers on their player pages, so that
        // one run reports every problem; nothing is written.
        for kit in checked {
            if let Err((source, diagnostics)) = render(kit, &[], Path::new("."), false)? {
                failed.report(&source, &diagnostics, console)?;
            }
        }
        return failed.summary(args.kits.len(), console);
    }
    // Every file this run reads: none is ever written over or removed.
    let mut inputs: Vec<PathBuf> = checked.iter().flat_map(|k| k.inputs.clone()).collect();
    if let Some(font) = args.font.as_deref()
        && crate::typeface::names_a_file(font)
    {
        inputs.push(PathBuf::from(font));
    }
    let out = args.out.as_deref().filter(|_| session);
    let mut created = missing(&folders);
    created.extend(out.iter().flat_map(|out| missing(&[out.to_path_buf()])));
    let written = write_packs(args, out, checked, &folders, &inputs, console);
    if !matches!(written, Ok(Outcome::Success)) {
        remove_created(&created);
    }
    written
}

/// The kits that failed their check so far, and their problems.
#[derive(Default)]
struct Failed {
    kits: usize,
    problems: usize,
}

impl Failed {
    /// Shows one kit's problems on standard error and counts them.
    fn report(
        &mut self,
        source: &crate::diag::Source,
        diagnostics: &[crate::diag::Diagnostic],
        console: &mut Console<'_>,
    ) -> Result<(), Failure> {
        write!(console.err, "{}", source.render_all(diagnostics)).map_err(output_error)?;
        self.kits += 1;
        self.problems += diagnostics.iter().filter(|d| !d.is_note).count();
        Ok(())
    }

    /// Says, after the problems, that nothing was written.
    fn summary(&self, kits: usize, console: &mut Console<'_>) -> Result<Outcome, Failure> {
        let summary = failure_summary("check", self.problems, self.kits, kits);
        writeln!(console.err, "{summary}; nothing was written").map_err(output_error)?;
        Ok(Outcome::CheckFailed)
    }
}

/// Opens every folder (`out`, a session's own, first), renders each kit with its files staged
/// in its folder as they are made, and switches them all in once every kit has passed; a kit
/// whose player pages print an answer (its own, or in a session another kit's) stops the build
/// with nothing written, its staged files removed.
fn write_packs(
    args: &BuildArgs,
    out: Option<&Path>,
    checked: Vec<CheckedKit>,
    folders: &[PathBuf],
    inputs: &[PathBuf],
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    // Before any kit's folder: what a killed session left in `out` is finished or removed.
    let session = match out {
        Some(out) => Some(open_folder(out, Links::Followed, inputs, console)?),
        None => None,
    };
    let links = if session.is_some() {
        // Every kit's folder before the first is written: a refused one leaves the session as it was.
        for dir in folders {
            refuse_link(dir)?;
        }
        Links::Refused
    } else {
        Links::Followed
    };
    let mut opened: Vec<OpenFolder> = Vec::new();
    for dir in folders {
        opened.push(open_folder(dir, links, inputs, console)?);
    }
    let mut rendered = Vec::new();
    let mut failed = Failed::default();
    for (kit, dir) in checked.into_iter().zip(folders) {
        // After a kit fails, the others are only looked at, not written.
        let formats: &[PackFormat] = if failed.kits == 0 { &args.format } else { &[] };
        match render(kit, formats, dir, session.is_some())? {
            Ok(kit) => rendered.push(kit),
            Err((source, diagnostics)) => failed.report(&source, &diagnostics, console)?,
        }
    }
    if failed.kits == 0
        && let Some(out) = out
    {
        for (source, diagnostics) in session_leaks(&rendered) {
            failed.report(source, &diagnostics, console)?;
        }
        // The index is a page the players see too: read only once every kit's own pages
        // passed, so that a title is not reported twice.
        if failed.kits == 0 {
            let index = session_index(&rendered, folders, out, &combined_names(&rendered, args));
            for (source, diagnostics) in index_leaks(&rendered, &index) {
                failed.report(source, &diagnostics, console)?;
            }
        }
    }
    if failed.kits > 0 {
        return failed.summary(args.kits.len(), console);
    }
    for kit in &rendered {
        // Standard output lists the written files only; how the board was sized is a note beside it.
        let prefix = if out.is_some() {
            format!("{}: ", kit.kit_path.display())
        } else {
            String::new()
        };
        for note in kit.fit.iter().chain(&kit.board_note) {
            writeln!(console.err, "note: {prefix}{note}").map_err(output_error)?;
        }
    }
    // Said once the files are in place, of what is in the packs now.
    let advice = advice(&rendered, folders);
    match (out, &session) {
        (Some(out), Some(session)) => {
            let session_files = session_files(&rendered, folders, out, args.combine)?;
            write_session(session, rendered, &opened, session_files, inputs, console)?;
        }
        _ => {
            for (kit, folder) in rendered.into_iter().zip(&opened) {
                let change = FolderChange {
                    folder,
                    files: kit.into_staged(),
                    ours: is_pack_file,
                };
                switch_folders(&folder.lock, vec![change], inputs, console)?;
            }
        }
    }
    for line in advice {
        writeln!(console.err, "{line}").map_err(output_error)?;
    }
    Ok(Outcome::Success)
}

/// Each kit of a session whose player pages would print another kit's answer, with those
/// problems: the players of one kit see the others' sheets, and `--combine` binds them together.
fn session_leaks(
    rendered: &[Rendered],
) -> Vec<(&crate::diag::Source, Vec<crate::diag::Diagnostic>)> {
    let kits: Vec<(&[crate::answer::ExampleAnswer], &crate::wording::Wording)> = rendered
        .iter()
        .map(|kit| (kit.answers.as_slice(), &kit.wording))
        .collect();
    let wall = crate::answer::Firewall::of_kits(&kits);
    rendered
        .iter()
        .enumerate()
        .filter_map(|(i, kit)| {
            // A kit's own answers were looked for when it was rendered.
            let of_kit =
                |j: usize| (j != i).then(|| format!(" of `{}`", rendered[j].kit_path.display()));
            let problems = answer_leaks(&kit.source, &wall, &kit.texts, &of_kit);
            (!problems.is_empty()).then_some((&kit.source, problems))
        })
        .collect()
}

/// Each kit of a session whose texts on the session's `index.html` would print an answer (its
/// own or another kit's), with those problems: the heading's texts, in the first kit's
/// wording, are the first kit's.
fn index_leaks<'r>(
    rendered: &'r [Rendered],
    index: &Index,
) -> Vec<(&'r crate::diag::Source, Vec<crate::diag::Diagnostic>)> {
    let kits: Vec<(&[crate::answer::ExampleAnswer], &crate::wording::Wording)> = rendered
        .iter()
        .map(|kit| (kit.answers.as_slice(), &kit.wording))
        .collect();
    let wall = crate::answer::Firewall::of_kits(&kits);
    let place = "the session's index.html".to_string();
    rendered
        .iter()
        .enumerate()
        .filter_map(|(i, kit)| {
            let mut texts: Vec<PlayerText> = (index.texts.iter())
                .filter(|(of, _)| of.unwrap_or(0) == i)
                .map(|(_, text)| PlayerText {
                    place: place.clone(),
                    text: text.clone(),
                    joined: false,
                })
                .collect();
            // A kit's texts joined, for the host key's phrases across them (as a sheet's page
            // is read whole); not the whole page, whose phrase within one kit's texts would be
            // reported again in the first kit.
            let section: Vec<&str> = texts.iter().map(|t| t.text.as_str()).collect();
            let section = section.join("\n");
            texts.push(PlayerText {
                place: place.clone(),
                text: section,
                joined: true,
            });
            let of_kit = |j: usize| {
                Some(if j == i {
                    String::new()
                } else {
                    format!(" of `{}`", rendered[j].kit_path.display())
                })
            };
            let problems = answer_leaks(&kit.source, &wall, &texts, &of_kit);
            (!problems.is_empty()).then_some((&kit.source, problems))
        })
        .collect()
}

/// The joined PDFs a session writes beside its index: with `--combine` and PDFs, one for each
/// document some kit has (only kits with a tiled board have one).
fn combined_names(rendered: &[Rendered], args: &BuildArgs) -> Vec<&'static str> {
    if !args.combine {
        return Vec::new();
    }
    Document::ALL
        .into_iter()
        .filter(|&document| {
            rendered
                .iter()
                .any(|kit| kit.staged(PackFile::Pdf(document)).is_some())
        })
        .map(|document| SessionFile::Combined(document).name())
        .collect()
}

/// The names of the kits' folders as the index links them, relative to `out`.
fn folder_names(folders: &[PathBuf], out: &Path) -> Vec<String> {
    folders
        .iter()
        .map(|dir| {
            dir.strip_prefix(out)
                .unwrap_or(dir)
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

/// The session's `index.html`, listing the kits and the `combined` PDFs.
fn session_index(
    rendered: &[Rendered],
    folders: &[PathBuf],
    out: &Path,
    combined: &[&str],
) -> Index {
    let folder_names = folder_names(folders, out);
    let kits: Vec<IndexedKit<'_>> = rendered
        .iter()
        .zip(&folder_names)
        .map(|(kit, folder)| IndexedKit {
            title: &kit.title,
            fingerprint: &kit.fingerprint,
            folder,
            player_sheet: (kit.pages[0], kit.names_of(Document::PlayerSheet)),
            roles: &kit.roles,
            host_key: (kit.pages[1], kit.names_of(Document::HostKey)),
            board: (kit.pages[2] > 0).then(|| (kit.pages[2], kit.names_of(Document::Board))),
            paper: kit.paper.name(),
            wording: &kit.wording,
        })
        .collect();
    write_index(&kits, combined, &rendered[0].wording)
}

/// The files of a session's own folder: with `--combine` the joined PDFs, and the index.
fn session_files(
    rendered: &[Rendered],
    folders: &[PathBuf],
    out: &Path,
    combine: bool,
) -> Result<Vec<(SessionFile, Vec<u8>)>, Failure> {
    let mut files = Vec::new();
    if combine {
        for document in Document::ALL {
            let file = SessionFile::Combined(document);
            // Read back from where they are staged: a kit's PDF is never held while it renders.
            let parts = rendered
                .iter()
                .filter_map(|kit| kit.staged(PackFile::Pdf(document)))
                .map(read_back)
                .collect::<Result<Vec<_>, Failure>>()?;
            // Only kits with a tiled board have one.
            if parts.is_empty() {
                continue;
            }
            let parts: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
            let bytes = merge_pdfs(&parts, file.name())
                .map_err(|e| Failure::new(format!("cannot join `{file}`: {e}")))?;
            files.push((file, bytes));
        }
    }
    let combined: Vec<&str> = files.iter().map(|(file, _)| file.name()).collect();
    let index = session_index(rendered, folders, out, &combined);
    let mut listed = folder_names(folders, out).join("\n");
    listed.push('\n');
    files.push((SessionFile::Folders, listed.into_bytes()));
    files.push((SessionFile::Index, index.html.into_bytes()));
    Ok(files)
}

/// The bytes of a staged file, read back from its temporary.
fn read_back(file: &Staged) -> Result<Vec<u8>, Failure> {
    std::fs::read(file.temporary()).map_err(|e| {
        Failure::new(format!(
            "cannot read back `{}` (written a moment ago): {}",
            file.path().display(),
            io_reason(&e)
        ))
    })
}

/// The folders of `dirs` not there yet: what a failed build takes away again.
fn missing(dirs: &[PathBuf]) -> Vec<PathBuf> {
    dirs.iter()
        .filter(|dir| std::fs::symlink_metadata(dir).is_err())
        .cloned()
        .collect()
}

/// Removes the folders a failed build created, when nothing but the lock file it made is in
/// them, so that a failure (a full disk) leaves what was there before.
fn remove_created(created: &[PathBuf]) {
    for dir in created {
        let only_lock = std::fs::read_dir(dir).is_ok_and(|entries| {
            entries
                .filter_map(Result::ok)
                .all(|e| e.file_name() == LOCK_NAME)
        });
        if only_lock {
            let _ = std::fs::remove_file(dir.join(LOCK_NAME));
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// Writes a session as one switch, planned in `out` (`session`): holding the lock of `out` for
/// the whole session (taken before any kit's folder is touched, so two sessions into one folder
/// take turns and never mix their files) and each kit's folder's (`kits`), every kit's staged
/// pack, the session's own files, and the removal of the packs an earlier session wrote and
/// this one does not.
fn write_session(
    session: &OpenFolder,
    rendered: Vec<Rendered>,
    kits: &[OpenFolder],
    session_files: Vec<(SessionFile, Vec<u8>)>,
    inputs: &[PathBuf],
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    let out = session.lock.dir();
    let folders: Vec<&Path> = kits.iter().map(|kit| kit.lock.dir()).collect();
    // The packs an earlier session here wrote and this one does not: given up, so the folder
    // holds only what the index lists. Only their recorded files go, and then the folder if
    // nothing else is left in it.
    let mut retired: Vec<OpenFolder> = Vec::new();
    for dir in earlier_folders(out)
        .iter()
        .filter(|d| !folders.contains(&d.as_path()))
    {
        if std::fs::symlink_metadata(dir).is_ok_and(|meta| meta.is_dir()) {
            retired.push(open_folder(dir, Links::Refused, inputs, console)?);
        }
    }
    let mut own = Vec::new();
    for (file, bytes) in &session_files {
        own.push(stage_file(&out.join(file.name()), bytes)?);
    }
    let mut changes = vec![FolderChange {
        folder: session,
        files: own,
        ours: is_session_file,
    }];
    for (kit, folder) in rendered.into_iter().zip(kits) {
        changes.push(FolderChange {
            folder,
            files: kit.into_staged(),
            ours: is_pack_file,
        });
    }
    for folder in &retired {
        changes.push(FolderChange {
            folder,
            files: Vec::new(),
            ours: is_pack_file,
        });
    }
    switch_folders(&session.lock, changes, inputs, console)
}

/// The kits' folders the last session into `out` wrote, from its list (a name that is not one
/// folder directly inside `out` is ignored), and the folders of `out` a killed session created
/// and never filled: nothing but a build's hidden files in them.
fn earlier_folders(out: &Path) -> Vec<PathBuf> {
    let listed = std::fs::read_to_string(out.join(SessionFile::Folders.name()));
    let mut folders: Vec<PathBuf> = listed
        .iter()
        .flat_map(|listed| listed.lines())
        .filter(|name| {
            let mut parts = Path::new(name).components();
            matches!(
                (parts.next(), parts.next()),
                (Some(std::path::Component::Normal(_)), None)
            )
        })
        .map(|name| out.join(name))
        .collect();
    let entries = std::fs::read_dir(out)
        .into_iter()
        .flatten()
        .filter_map(Result::ok);
    for entry in entries.filter(|e| e.file_type().is_ok_and(|t| t.is_dir())) {
        let unfilled = entry.path().join(LOCK_NAME).is_file()
            && std::fs::read_dir(entry.path()).is_ok_and(|inside| {
                inside.filter_map(Result::ok).all(|e| {
                    let name = e.file_name();
                    let name = name.to_string_lossy();
                    name == LOCK_NAME || is_staged_name(&name)
                })
            });
        if unfilled && !folders.contains(&entry.path()) {
            folders.push(entry.path());
        }
    }
    folders
}

/// Finishes, in the folder `dir` of a pack, a switch of its files that a kill interrupted, so
/// that it holds one build's pack (the killed build's); the next build does this first anyway.
/// Gives the files put in place, or `None` when no switch was under way.
pub fn finish_pack_switch(dir: &Path) -> Result<Option<Vec<PathBuf>>, Failure> {
    let lock = lock_folder(dir, &mut std::io::sink())?;
    finish_interrupted(&lock, is_built_file)
}

/// What to tell the facilitator, on standard error, of what is for whom and how to print it,
/// in the first kit's language (`advice_*` in the page templates).
fn advice(kits: &[Rendered], folders: &[PathBuf]) -> Vec<String> {
    let mut advice = Vec::new();
    let Some(first) = kits.first() else {
        return advice;
    };
    let w = &first.wording;
    let list = |document: Document| -> String {
        let paths: Vec<String> = kits
            .iter()
            .zip(folders)
            .filter_map(|(kit, dir)| kit.printable(document).map(|f| dir.join(f.to_string())))
            .map(|p| p.display().to_string())
            .collect();
        paths.join(", ")
    };
    let boards = list(Document::Board);
    let lines = [
        w.fill("advice_players", &[("files", &list(Document::PlayerSheet))]),
        w.fill("advice_host", &[("files", &list(Document::HostKey))]),
        if boards.is_empty() {
            String::new()
        } else {
            w.fill("advice_board", &[("files", &boards)])
        },
        w.get("advice_print").to_string(),
    ];
    for (i, line) in lines.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
        advice.push(line.clone());
        // One kit: which of its pages each player needs and which each pair (a session's
        // index says it for each of its kits).
        if i == 0
            && let [kit] = kits
        {
            let paper = kit.paper.name().to_uppercase();
            for role in role_lines(&kit.roles, &paper, &kit.wording) {
                advice.push(format!("  {role}"));
            }
        }
    }
    advice
}
