//! Switching a folder from one set of files to another (a build's pack for the one before it)
//! so that a kill at any moment leaves one set, never a mix that stays.
//!
//! A folder of many files cannot change all at once, and a pack must stay where the user looks
//! for it, directly in the folder. So a switch is a plan, carried out after it is on the disk:
//!
//! 1. every new file is written and synced under a temporary name (a kill here leaves the old
//!    pack, and temporaries the next build removes);
//! 2. the plan, naming each temporary and its final name and each old file to remove, is
//!    written atomically as [`PLAN_NAME`]: from here on the new pack is decided;
//! 3. the temporaries are renamed into place and the old files removed;
//! 4. the plan is removed.
//!
//! A kill during 3 leaves the plan: the next build into the folder, holding its lock and
//! before anything else, carries it out to the end ([`finish_interrupted`]; every step can be
//! done again), so the folder holds the new pack. The plan names only files of the folder
//! itself, of the shapes the caller owns, so a planted plan cannot reach anything else.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::Failure;
use super::files::{
    FolderLock, Staged, cannot_write, io_reason, is_staged_name, read_text, writable_target,
    write_atomically,
};

/// The name of the plan of a switch under way, in the folder it switches.
pub const PLAN_NAME: &str = ".libertykit-switch";

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
    /// Old files to remove, by name.
    removes: Vec<String>,
}

impl Plan {
    /// Writes the plan of putting `staged` in place of the folder's files and removing `stale`
    /// into the locked folder: the point after which the new files are the folder's, whatever
    /// stops this process.
    pub fn commit(
        lock: &FolderLock,
        staged: Vec<Staged>,
        stale: Vec<String>,
    ) -> Result<Plan, Failure> {
        let dir = lock.dir().to_path_buf();
        // Kept from here on: a plan names them, so they must outlive a kill.
        let puts = staged
            .into_iter()
            .map(Staged::keep)
            .collect::<Result<Vec<_>, Failure>>()?;
        let mut text = format!("{HEADER}\n");
        for (temp, path) in &puts {
            text.push_str(&format!("put {} {}\n", name_of(temp), name_of(path)));
        }
        for name in &stale {
            text.push_str(&format!("remove {name}\n"));
        }
        if let Err(failure) = write_atomically(&dir.join(PLAN_NAME), text.as_bytes()) {
            // No plan, no switch: the old pack stays, and its new files need not either.
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
        })
    }

    /// Each new file's temporary and final path, for [`put`] to rename.
    pub fn puts(&self) -> &[(PathBuf, PathBuf)] {
        &self.puts
    }

    /// Removes the old files and then the plan: the switch is over. Gives the removed files.
    pub fn finish(self) -> Result<Vec<PathBuf>, Failure> {
        let mut removed = Vec::new();
        for name in &self.removes {
            let path = self.dir.join(name);
            match fs::remove_file(&path) {
                Ok(()) => removed.push(path),
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
        sync_folder(&self.dir);
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
    // A rename replaces a link at `path` itself, never the file it points to.
    fs::rename(temp, path).map_err(|e| cannot_write(path, &e))?;
    Ok(path.clone())
}

/// Carries out the plan an interrupted switch left in the locked folder, if any, so that the
/// folder holds the files the plan decided on. Names that are not `ours` (or not a temporary
/// of the folder's) make the plan one libertykit did not write: it is refused, not followed.
/// Gives the plan's new files, or `None` when there was no plan.
pub fn finish_interrupted(lock: &FolderLock, ours: Ours) -> Result<Option<Vec<PathBuf>>, Failure> {
    let path = lock.dir().join(PLAN_NAME);
    match fs::symlink_metadata(&path) {
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Ok(meta) if meta.is_file() => {}
        _ => return Err(not_a_plan(&path)),
    }
    let text = read_text(&path, PLAN_LIMIT)?;
    let plan = parse(lock.dir(), &text, ours).ok_or_else(|| not_a_plan(&path))?;
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
    for line in lines {
        match line.split(' ').collect::<Vec<_>>()[..] {
            ["put", temp, name] if is_staged_name(temp) && ours(name) => {
                puts.push((dir.join(temp), dir.join(name)));
            }
            ["remove", name] if ours(name) => removes.push(name.to_string()),
            _ => return None,
        }
    }
    Some(Plan {
        dir: dir.to_path_buf(),
        puts,
        removes,
    })
}

fn not_a_plan(path: &Path) -> Failure {
    Failure::new(format!(
        "`{}` is not a plan libertykit wrote; remove it and build again",
        path.display()
    ))
}

/// A file's name within its folder, as the plan writes it (every name here is ASCII).
fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
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
            "libertykit switch 1\nput .libertykit-AbCdE12345.tmp sheet.pdf\nremove sheet-2.svg\n",
            pack_name,
        )
        .unwrap();
        assert_eq!(
            plan.puts,
            [(
                dir.join(".libertykit-AbCdE12345.tmp"),
                dir.join("sheet.pdf")
            )]
        );
        assert_eq!(plan.removes, ["sheet-2.svg"]);
        for bad in [
            "",
            "libertykit switch 2\n",
            "libertykit switch 1\nremove ../notes.txt\n",
            "libertykit switch 1\nremove notes.txt\n",
            "libertykit switch 1\nput ../.libertykit-AbCdE12345.tmp sheet.pdf\n",
            "libertykit switch 1\nput .libertykit-AbCdE12345.tmp /etc/passwd\n",
            "libertykit switch 1\nput .libertykit-AbCdE12345.tmp sheet.pdf extra\n",
        ] {
            assert!(parse(dir, bad, pack_name).is_none(), "{bad:?}");
        }
    }
}
