//! Switching a folder, or a session's folder with its kits' folders, from one set of files to
//! another (a build's pack for the one before it) so that a kill at any moment, or a full disk,
//! leaves one set, never a mix that stays.
//!
//! Files directly in a folder cannot change all at once, and a pack must stay where the user
//! looks for it. So a switch is a plan, carried out after it is on the disk:
//!
//! 1. every new file, in every folder of the switch, is written and synced under a temporary
//!    name (a kill or a failed write here leaves the old files, and temporaries the next run
//!    removes);
//! 2. the plan, naming each temporary and its final name and each old file to remove, is
//!    written atomically as [`PLAN_NAME`] in the locked folder: from here on the new files are
//!    decided;
//! 3. the temporaries are renamed into place and the old files removed;
//! 4. the plan is removed.
//!
//! A kill during 3 leaves the plan: the next build into the folder, holding its lock and
//! before anything else, carries it out to the end ([`finish_interrupted`]; every step can be
//! done again), so the folder holds the new files. The plan names only files of the folder
//! itself or of a folder directly inside it (a session's kits), of the names the caller owns,
//! so a planted plan cannot reach anything else.

use std::fs;
use std::io::ErrorKind;
use std::path::{Component, Path, PathBuf};

use super::Failure;
use super::fault;
use super::files::{
    FolderLock, LOCK_NAME, Staged, cannot_write, io_reason, read_text, writable_target,
    write_atomically,
};
pub use super::leftovers::PLAN_NAME;
use super::leftovers::is_staged_name;

/// The plan's first line: what the file is.
const HEADER: &str = "libertykit switch 1";

/// The most of a plan that is read: a pack of thousands of pages takes a few hundred KiB.
const PLAN_LIMIT: u64 = 16 << 20;

/// Which names of a folder a switch may write and remove: a pack's, or a session's own.
pub type Ours = fn(&str) -> bool;

/// A switch decided and on the disk: what to rename into place, then what to remove.
pub struct Plan {
    dir: PathBuf,
    /// Temporary and final path of each new file.
    puts: Vec<(PathBuf, PathBuf)>,
    /// Old files to remove.
    removes: Vec<PathBuf>,
    /// Folders directly inside given up: their lock file goes, then the folder if empty.
    forgets: Vec<PathBuf>,
}

impl Plan {
    /// Writes the plan of putting `staged` in place, removing `stale` (files of the locked
    /// folder or of folders directly inside it) and giving up the folders `forgets` into the
    /// locked folder: the point after which the new files are the folders', whatever stops
    /// this process.
    pub fn commit(
        lock: &FolderLock,
        staged: Vec<Staged>,
        stale: Vec<PathBuf>,
        forgets: Vec<PathBuf>,
    ) -> Result<Plan, Failure> {
        let dir = lock.dir().to_path_buf();
        // Kept from here on: a plan names them, so they must outlive a kill.
        let puts = staged
            .into_iter()
            .map(Staged::keep)
            .collect::<Result<Vec<_>, Failure>>()?;
        let mut text = format!("{HEADER}\n");
        for (temp, path) in &puts {
            // The temporary lies beside its final path (tempfile may have made it absolute).
            let beside = path.with_file_name(temp.file_name().unwrap_or_default());
            let line = format!(
                "put {} {}\n",
                relative(&dir, &beside)?,
                relative(&dir, path)?
            );
            text.push_str(&line);
        }
        for path in &stale {
            text.push_str(&format!("remove {}\n", relative(&dir, path)?));
        }
        for folder in &forgets {
            text.push_str(&format!("forget {}\n", relative(&dir, folder)?));
        }
        fault::step();
        if let Err(failure) = write_atomically(&dir.join(PLAN_NAME), text.as_bytes()) {
            // No plan, no switch: the old files stay, and the new ones need not either.
            for (temp, _) in &puts {
                let _ = fs::remove_file(temp);
            }
            return Err(failure);
        }
        sync_folder(&dir);
        Ok(Plan {
            dir,
            puts,
            removes: stale,
            forgets,
        })
    }

    /// Each new file's temporary and final path, for [`put`] to rename.
    pub fn puts(&self) -> &[(PathBuf, PathBuf)] {
        &self.puts
    }

    /// Removes the old files and then the plan: the switch is over. Gives the removed files.
    pub fn finish(self) -> Result<Vec<PathBuf>, Failure> {
        let mut removed = Vec::new();
        for path in &self.removes {
            fault::step();
            match fs::remove_file(path) {
                Ok(()) => removed.push(path.clone()),
                // Gone already: removed before a kill, or by hand.
                Err(e) if e.kind() == ErrorKind::NotFound => {}
                Err(e) => {
                    return Err(Failure::new(format!(
                        "cannot remove stale `{}`: {}",
                        path.display(),
                        io_reason(&e)
                    )));
                }
            }
        }
        let mut folders: Vec<&Path> = self.puts.iter().map(|(_, p)| p.as_path()).collect();
        folders.extend(self.removes.iter().map(PathBuf::as_path));
        let mut folders: Vec<&Path> = folders.into_iter().filter_map(Path::parent).collect();
        folders.dedup();
        for folder in folders {
            sync_folder(folder);
        }
        // Best effort: a folder someone else put files in stays, with them.
        for folder in &self.forgets {
            fault::step();
            let _ = fs::remove_file(folder.join(LOCK_NAME));
            let _ = fs::remove_dir(folder);
        }
        fault::step();
        let plan = self.dir.join(PLAN_NAME);
        fs::remove_file(&plan).map_err(|e| {
            Failure::new(format!(
                "cannot remove `{}`: {}",
                plan.display(),
                io_reason(&e)
            ))
        })?;
        Ok(removed)
    }
}

/// Renames one new file of a plan into place; a temporary that is gone was renamed already
/// (before a kill), so this can be done again.
pub fn put((temp, path): &(PathBuf, PathBuf)) -> Result<PathBuf, Failure> {
    if fs::symlink_metadata(temp).is_err_and(|e| e.kind() == ErrorKind::NotFound) {
        return Ok(path.clone());
    }
    writable_target(path)?;
    fault::step();
    // A rename replaces a link at `path` itself, never the file it points to.
    fs::rename(temp, path).map_err(|e| cannot_write(path, &e))?;
    Ok(path.clone())
}

/// Carries out the plan an interrupted switch left in the locked folder, if any, so that the
/// folder (and its kits' folders) holds the files the plan decided on. Names that are not
/// `ours` (or not a temporary's), or a folder that is a link, make the plan one libertykit
/// did not write: it is refused, not followed. Gives the plan's new files, or `None` when
/// there was no plan.
pub fn finish_interrupted(lock: &FolderLock, ours: Ours) -> Result<Option<Vec<PathBuf>>, Failure> {
    let path = lock.dir().join(PLAN_NAME);
    match fs::symlink_metadata(&path) {
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Ok(meta) if meta.is_file() => {}
        _ => return Err(not_a_plan(&path)),
    }
    let text = read_text(&path, PLAN_LIMIT)?;
    let plan = parse(lock.dir(), &text, ours).ok_or_else(|| not_a_plan(&path))?;
    // A kit's folder the plan names must be a folder, not a link to one elsewhere.
    let named = plan.puts.iter().map(|(_, p)| p).chain(&plan.removes);
    let forgotten = plan.forgets.iter().map(PathBuf::as_path);
    for folder in named
        .filter_map(|p| p.parent())
        .chain(forgotten)
        .filter(|f| *f != lock.dir())
    {
        if fs::symlink_metadata(folder).is_ok_and(|m| !m.is_dir()) {
            return Err(not_a_plan(&path));
        }
    }
    let written = plan.puts.iter().map(put).collect::<Result<Vec<_>, _>>()?;
    plan.finish()?;
    Ok(Some(written))
}

/// The plan written as `text` for `dir`, if every line is one [`Plan::commit`] writes.
fn parse(dir: &Path, text: &str, ours: Ours) -> Option<Plan> {
    let mut lines = text.lines();
    if lines.next()? != HEADER {
        return None;
    }
    let mut puts = Vec::new();
    let mut removes = Vec::new();
    let mut forgets = Vec::new();
    for line in lines {
        match line.split(' ').collect::<Vec<_>>()[..] {
            ["put", temp, name] => {
                let (temp_folder, temp) = unescape(temp)?;
                let (folder, name) = unescape(name)?;
                if temp_folder != folder || !is_staged_name(&temp) || !ours(&name) {
                    return None;
                }
                let folder = folder.map_or_else(|| dir.to_path_buf(), |f| dir.join(f));
                puts.push((folder.join(temp), folder.join(name)));
            }
            ["remove", name] => {
                let (folder, name) = unescape(name)?;
                if !ours(&name) {
                    return None;
                }
                let folder = folder.map_or_else(|| dir.to_path_buf(), |f| dir.join(f));
                removes.push(folder.join(name));
            }
            ["forget", folder] => match unescape(folder)? {
                // Only the folder's lock file and the folder itself, if empty, ever go.
                (None, name) if name != "." && name != ".." => forgets.push(dir.join(name)),
                _ => return None,
            },
            _ => return None,
        }
    }
    Some(Plan {
        dir: dir.to_path_buf(),
        puts,
        removes,
        forgets,
    })
}

/// How the plan writes `path`, a file of `dir` or of a folder directly inside it: the folder's
/// name and a slash, if any, then the file's name, every byte but a letter, a digit, `.`, `-`
/// and `_` written `%XX`, so that a space or a line break in a kit's name cannot break a line.
fn relative(dir: &Path, path: &Path) -> Result<String, Failure> {
    let inside = path
        .strip_prefix(dir)
        .ok()
        .map(|r| r.components().collect::<Vec<_>>());
    let parts: Vec<&std::ffi::OsStr> = match inside.as_deref() {
        Some([Component::Normal(name)]) => vec![name],
        Some([Component::Normal(folder), Component::Normal(name)]) => vec![folder, name],
        _ => {
            return Err(Failure::new(format!(
                "cannot plan writing `{}`: it is not inside `{}`",
                path.display(),
                dir.display()
            )));
        }
    };
    let escaped: Vec<String> = parts.iter().map(|part| escape(part)).collect();
    Ok(escaped.join("/"))
}

fn escape(part: &std::ffi::OsStr) -> String {
    let mut out = String::new();
    for &b in part.as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || b"._-".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A path as [`relative`] writes it, read back: its folder, if any, and its file's name; `None`
/// for what `relative` never writes (`..`, an empty name, a stray `%`).
fn unescape(written: &str) -> Option<(Option<PathBuf>, String)> {
    let mut parts = written.split('/').map(unescape_part);
    let (first, second, none) = (parts.next()??, parts.next(), parts.next());
    let normal = |p: &PathBuf| matches!(p.components().collect::<Vec<_>>()[..], [Component::Normal(n)] if n == p.as_os_str());
    match (second, none) {
        (None, None) => Some((None, first.to_str()?.to_string())),
        (Some(Some(name)), None) if normal(&first) && normal(&name) => {
            Some((Some(first), name.to_str()?.to_string()))
        }
        _ => None,
    }
}

fn unescape_part(written: &str) -> Option<PathBuf> {
    let mut bytes = Vec::new();
    let mut rest = written.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(tail.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &tail[2..];
        } else if b.is_ascii_alphanumeric() || b"._-".contains(&b) {
            bytes.push(b);
            rest = tail;
        } else {
            return None;
        }
    }
    if bytes.is_empty() {
        return None;
    }
    path_of_bytes(bytes)
}

#[cfg(unix)]
fn path_of_bytes(bytes: Vec<u8>) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStringExt;
    Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

#[cfg(not(unix))]
fn path_of_bytes(bytes: Vec<u8>) -> Option<PathBuf> {
    String::from_utf8(bytes).ok().map(PathBuf::from)
}

fn not_a_plan(path: &Path) -> Failure {
    Failure::new(format!(
        "`{}` is not a plan libertykit wrote; remove it and build again",
        path.display()
    ))
}

/// Asks the system to put the folder's renames on the disk, so that a power cut cannot undo
/// the plan's order; best effort, as not every system can sync a folder.
fn sync_folder(dir: &Path) {
    if let Ok(folder) = fs::File::open(dir) {
        let _ = folder.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack_name(name: &str) -> bool {
        name == "sheet.pdf" || name == "sheet-2.svg"
    }

    #[test]
    fn a_plan_names_only_the_folders_own_files() {
        let dir = Path::new("/pack");
        let plan = parse(
            dir,
            "libertykit switch 1\nput .libertykit-AbCdE12345.tmp sheet.pdf\nremove sheet-2.svg\nput my%20kit/.libertykit-7-AbCdE12345.tmp my%20kit/sheet.pdf\n",
            pack_name,
        )
        .unwrap();
        assert_eq!(
            plan.puts,
            [
                (
                    dir.join(".libertykit-AbCdE12345.tmp"),
                    dir.join("sheet.pdf")
                ),
                (
                    dir.join("my kit/.libertykit-7-AbCdE12345.tmp"),
                    dir.join("my kit/sheet.pdf")
                )
            ]
        );
        assert_eq!(plan.removes, [dir.join("sheet-2.svg")]);
        // A kit file `.drills.toml` has its folder `.drills` in a session.
        let plan = parse(dir, "libertykit switch 1\nforget .drills\n", pack_name).unwrap();
        assert_eq!(plan.forgets, [dir.join(".drills")]);
        for bad in [
            "",
            "libertykit switch 2\n",
            "libertykit switch 1\nremove ../notes.txt\n",
            "libertykit switch 1\nremove ..%2Fsheet.pdf\n",
            "libertykit switch 1\nremove ../sheet.pdf\n",
            "libertykit switch 1\nremove a/b/sheet.pdf\n",
            "libertykit switch 1\nremove %2Fetc/sheet.pdf\n",
            "libertykit switch 1\nremove notes.txt\n",
            "libertykit switch 1\nput ../.libertykit-AbCdE12345.tmp sheet.pdf\n",
            "libertykit switch 1\nput a/.libertykit-AbCdE12345.tmp b/sheet.pdf\n",
            "libertykit switch 1\nput .libertykit-AbCdE12345.tmp /etc/passwd\n",
            "libertykit switch 1\nput .libertykit-AbCdE12345.tmp sheet.pdf extra\n",
            "libertykit switch 1\nremove sheet%2.pdf\n",
            "libertykit switch 1\nforget ..\n",
            "libertykit switch 1\nforget a/b\n",
            "libertykit switch 1\nforget .\n",
        ] {
            assert!(parse(dir, bad, pack_name).is_none(), "{bad:?}");
        }
    }

    #[test]
    fn any_kit_name_is_written_and_read_back() {
        let dir = Path::new("/session");
        for folder in ["a", "my kit", "Œuvre\n1", "%20", "-x"] {
            let path = dir.join(folder).join("sheet.pdf");
            let written = relative(dir, &path).unwrap();
            assert!(!written.contains([' ', '\n']), "{written}");
            let (read, name) = unescape(&written).unwrap();
            assert_eq!(dir.join(read.unwrap()).join(name), path);
        }
        assert!(relative(dir, Path::new("/elsewhere/sheet.pdf")).is_err());
        assert!(relative(dir, &dir.join("a/b/sheet.pdf")).is_err());
    }
}
