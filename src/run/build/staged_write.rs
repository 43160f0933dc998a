//! Writing built folders, a pack's or a session's with its kits' folders, as one switch (see
//! `switch.rs`): each folder's lock first, then what a killed build left is finished or
//! removed, then every file of every folder is staged under a temporary name (a pack's as it
//! is rendered), synced, the plan is written, and the files are renamed into place.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;

use super::earlier_build::{Earlier, decide, record};
use super::pack_files::{WRITTEN_NAME, is_built_file};
use crate::run::fault;
use crate::run::files::{
    FolderLock, LOCK_NAME, Staged, io_reason, lock_folder, locked_by_unrecorded_version,
    not_the_input, stage, writable_target,
};
use crate::run::switch::{Ours, PLAN_NAME, Plan, finish_interrupted, put};
use crate::run::{Console, Failure, output_error};

/// Whether a folder may be reached through a symbolic link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// The folder the user named: a link to it is the user's choice.
    Followed,
    /// A kit's folder inside a session's `--out`: following a link would write the pack
    /// outside it, and remove pack-named files wherever it points.
    Refused,
}

/// A folder locked for a build, with what earlier builds left in it.
pub struct OpenFolder {
    /// The folder's lock, held until this is dropped.
    pub lock: FolderLock,
    earlier: Earlier,
}

/// Creates `dir` if needed and takes its lock (builds into one folder take turns); then,
/// before anything else is written there, an earlier switch that a kill interrupted is
/// finished and the temporaries a killed build left are removed. The lock file is never one
/// of the `inputs`.
pub fn open_folder(
    dir: &Path,
    links: Links,
    inputs: &[PathBuf],
    console: &mut Console<'_>,
) -> Result<OpenFolder, Failure> {
    create_folder(dir)?;
    let lock_path = dir.join(LOCK_NAME);
    for input in inputs {
        not_the_input(input, &lock_path, "the lock file")?;
    }
    if links == Links::Followed {
        finish_parents_switch(dir, console);
    }
    let locked_before = locked_by_unrecorded_version(dir);
    let lock = lock_folder(dir, console.err)?;
    if links == Links::Refused {
        // Again under the lock: a link swapped in meanwhile is not followed either.
        refuse_link(dir)?;
    }
    finish_interrupted(&lock, is_built_file)?;
    lock.remove_leftover_temporaries();
    let earlier = Earlier::read(dir, locked_before);
    Ok(OpenFolder { lock, earlier })
}

/// Finishes a switch a kill interrupted in the folder above `dir`, if there is one: a
/// session's plan names its kits' folders, so a build into one of them must not change it
/// first (the plan, finished later, would mix its files with this build's). Parent before
/// child, as a session takes its locks. Best effort: a plan that is not libertykit's, or a
/// folder that cannot be locked, is the next build of that folder's business.
fn finish_parents_switch(dir: &Path, console: &mut Console<'_>) {
    let Ok(full) = fs::canonicalize(dir) else {
        return;
    };
    let Some(parent) = full.parent() else {
        return;
    };
    if fs::symlink_metadata(parent.join(PLAN_NAME)).is_ok_and(|m| m.is_file())
        && let Ok(lock) = lock_folder(parent, console.err)
    {
        let _ = finish_interrupted(&lock, is_built_file);
    }
}

/// Refuses a symbolic link, or a file that is no folder, where a session puts a kit's folder.
pub fn refuse_link(dir: &Path) -> Result<(), Failure> {
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

/// One folder of a switch: the files it is to hold of the names `ours` claims (none: the
/// folder is given up, its earlier build's files, record and lock file removed, then the
/// folder itself if nothing else is left in it).
pub struct FolderChange<'a> {
    /// The folder, opened by [`open_folder`].
    pub folder: &'a OpenFolder,
    /// Each file, staged in the folder.
    pub files: Vec<Staged>,
    /// The names the folder's builds write.
    pub ours: Ours,
}

/// Makes every folder of `changes` hold its files in place of the files of the earlier build
/// (by its record), as one switch planned in `planned`'s folder, which is the first change's
/// or holds all the others. A file of the run's `inputs` is never written over or removed.
/// Standard output lists the written files, standard error the removed ones, once every
/// folder is done: the switch never stops halfway because nobody reads.
pub fn switch_folders(
    planned: &FolderLock,
    changes: Vec<FolderChange<'_>>,
    inputs: &[PathBuf],
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    for input in inputs {
        not_the_input(input, &planned.dir().join(PLAN_NAME), "the plan")?;
    }
    let mut records = Vec::new();
    let mut stale = Vec::new();
    let mut forgets = Vec::new();
    let mut shown = Vec::new();
    for change in &changes {
        let dir = change.folder.lock.dir();
        let mut names: Vec<String> = change.files.iter().map(file_name).collect();
        if names.is_empty() {
            forgets.push(dir.to_path_buf());
        } else {
            records.push((dir.join(WRITTEN_NAME), record(&names)));
            names.push(WRITTEN_NAME.to_string());
        }
        let decision = decide(dir, &change.folder.earlier, &names, change.ours, inputs)?;
        for path in &decision.left {
            writeln!(
                console.err,
                "note: `{}` is named like a file `build` writes, but no build recorded writing it: left as it is",
                path.display()
            )
            .map_err(output_error)?;
        }
        stale.extend(decision.stale);
        shown.extend(change.files.iter().map(|file| file.path().to_path_buf()));
    }
    let mut staged: Vec<Staged> = changes.into_iter().flat_map(|c| c.files).collect();
    // Every file is written before the plan: a failure to write leaves every folder as it was
    // (and dropping the staged files removes them).
    for (path, bytes) in &records {
        staged.push(stage_file(path, bytes)?);
    }
    // Synced at once, not one file after another as they were rendered: each waits for the disk.
    in_pool(staged.iter().collect(), Staged::sync)?;
    let plan = Plan::commit(planned, staged, stale, forgets)?;
    let unfinished = |failure: Failure| {
        Failure::new(format!(
            "{failure}; the next build into `{}` finishes putting the new files in place",
            planned.dir().display()
        ))
    };
    in_pool(plan.puts().iter().collect(), put).map_err(unfinished)?;
    let removed = plan.finish().map_err(unfinished)?;
    for path in &shown {
        writeln!(console.out, "{}", path.display()).map_err(output_error)?;
    }
    for path in removed.iter().filter(|p| !p.ends_with(WRITTEN_NAME)) {
        writeln!(console.err, "removed stale {}", path.display()).map_err(output_error)?;
    }
    Ok(())
}

/// Stages `bytes` as the file `path` of a folder's switch: one step of it, and one write.
pub fn stage_file(path: &Path, bytes: &[u8]) -> Result<Staged, Failure> {
    // Checked before the plan, so that a rename cannot fail halfway through.
    writable_target(path)?;
    fault::step();
    stage(path, bytes)
}

/// The name of a staged file, as it is put in place.
fn file_name(file: &Staged) -> String {
    let name = file.path().file_name().unwrap_or_default();
    name.to_string_lossy().into_owned()
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
