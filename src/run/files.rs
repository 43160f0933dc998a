//! Reading inputs and writing outputs safely: a write goes to a temporary file that is renamed into place.
//!
//! Temporary files are created by `tempfile`: exclusively (a name that already exists, even as a
//! dangling link, is never opened) and under unguessable names starting with
//! [`TEMPORARY_PREFIX`], so nothing planted in a folder can redirect a write outside it.

use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use tempfile::TempPath;

use super::Failure;
use super::leftovers::{Held, RANDOM_LETTERS, STAGED_SUFFIX, TEMPORARY_PREFIX, remove_leftovers};

/// The name of the file whose lock makes builds into one folder take turns.
pub const LOCK_NAME: &str = ".libertykit.lock";

/// How a temporary name of `new` ends: not [`STAGED_SUFFIX`], so a build never removes one that
/// `new` is still writing.
const NEW_SUFFIX: &str = ".new";

/// The most of a kit file that is read: real kits are a few kilobytes, and a limit keeps a
/// mistaken path (`/dev/zero`, a video) from filling memory.
pub const KIT_LIMIT: u64 = 16 << 20;

/// The most of a game record that is read: a long SGF collection runs to megabytes.
pub const RECORD_LIMIT: u64 = 64 << 20;

/// Reads a whole UTF-8 text file of at most `limit` bytes, or explains why it cannot be read.
pub fn read_text(path: &Path, limit: u64) -> Result<String, Failure> {
    utf8_text(path, read_bytes(path, limit)?)
}

/// `bytes` read from `path` as UTF-8 text, or why they are not.
pub fn utf8_text(path: &Path, bytes: Vec<u8>) -> Result<String, Failure> {
    String::from_utf8(bytes).map_err(|e| {
        Failure::new(format!(
            "`{}` is not UTF-8 text (invalid byte at offset {}); save it as UTF-8",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Reads a whole file of at most `limit` bytes, or explains why it cannot be read. Only a
/// regular file is opened (see [`regular_file`]).
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, Failure> {
    let cannot_read = |e: std::io::Error| {
        Failure::new(format!(
            "cannot read `{}`: {}",
            path.display(),
            io_reason(&e)
        ))
    };
    regular_file(path)?;
    let file = File::open(path).map_err(cannot_read)?;
    // Looked at again through the open file: something swapped in since is refused too.
    let opened = file.metadata().map_err(cannot_read)?;
    if !opened.is_file() {
        return Err(not_regular(path, &opened));
    }
    let mut bytes = Vec::new();
    // One byte past the limit tells a file of exactly `limit` bytes from a larger one.
    std::io::Read::read_to_end(&mut std::io::Read::take(file, limit + 1), &mut bytes)
        .map_err(cannot_read)?;
    if bytes.len() as u64 > limit {
        return Err(Failure::new(format!(
            "`{}` is larger than {} MiB, more than any kit or record needs; is it the right file?",
            path.display(),
            limit >> 20
        )));
    }
    Ok(bytes)
}

/// What is at `path` (through any link) when it is a regular file, or why it is not to be
/// read: a folder, a FIFO, a device or a socket is refused before it is opened, because
/// opening a FIFO with no writer waits forever and a device such as `/dev/zero` never ends.
pub fn regular_file(path: &Path) -> Result<fs::Metadata, Failure> {
    let meta = fs::metadata(path).map_err(|e| {
        Failure::new(format!(
            "cannot read `{}`: {}",
            path.display(),
            io_reason(&e)
        ))
    })?;
    if meta.is_file() {
        Ok(meta)
    } else {
        Err(not_regular(path, &meta))
    }
}

/// What kind of thing, other than a regular file, `meta` describes, in words.
fn kind_of(meta: &fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    "not a regular file"
}

fn not_regular(path: &Path, meta: &fs::Metadata) -> Failure {
    Failure::new(format!(
        "`{}` is {}, not a regular file; libertykit reads only regular files",
        path.display(),
        kind_of(meta)
    ))
}

/// Refuses to write at `path` when something other than a regular file or a link is there: a
/// rename over a device node, a FIFO or a socket would replace it (as root, `/dev/null`
/// itself), and one over a folder fails. A link is replaced by the rename, never followed.
pub fn writable_target(path: &Path) -> Result<(), Failure> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(cannot_write(path, &e)),
    };
    if meta.is_file() || meta.file_type().is_symlink() {
        return Ok(());
    }
    let why = if meta.is_dir() {
        "a folder of that name is in the way; move or rename it".to_string()
    } else {
        format!(
            "it is {}; libertykit writes only over regular files: choose another path",
            kind_of(&meta)
        )
    };
    Err(Failure::new(format!(
        "cannot write `{}`: {why}",
        path.display()
    )))
}

/// Whether `a` and `b` name the same existing file, through any path, hard link or symbolic
/// link: the same device and inode, or (where there are none) the same canonical path.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (fs::metadata(a), fs::metadata(b)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Refuses to write the output `output` (given with `flag`) when it is the input `input`
/// itself: the command would replace what it reads with what it made of it.
pub fn not_the_input(input: &Path, output: &Path, flag: &str) -> Result<(), Failure> {
    if same_file(input, output) {
        return Err(Failure::new(format!(
            "`{flag} {}` is the input `{}` itself; writing there would destroy it: choose another path",
            output.display(),
            input.display()
        )));
    }
    Ok(())
}

/// A file written in full under a temporary name beside its final path, not yet in place
/// (synced, or to be synced by [`Staged::sync`] before a plan names it); dropping it removes
/// the temporary file.
pub struct Staged {
    temp: TempPath,
    path: PathBuf,
}

impl Staged {
    /// The path the file is put in place at.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Where the file lies until it is put in place, to be read back meanwhile.
    pub fn temporary(&self) -> &Path {
        &self.temp
    }

    /// Waits until the file's bytes are on the disk (a staged file is synced before a plan
    /// names it); syncing a file [`stage`] wrote again costs nothing.
    pub fn sync(&self) -> Result<(), Failure> {
        File::open(&self.temp)
            .and_then(|file| file.sync_all())
            .map_err(|e| cannot_write(&self.path, &e))
    }

    /// Keeps the temporary file on the disk from now on, even when this process stops before
    /// it is renamed (a kill), so that a plan naming it can still be carried out; gives the
    /// temporary path and the final one.
    pub fn keep(self) -> Result<(PathBuf, PathBuf), Failure> {
        let Staged { temp, path } = self;
        match temp.keep() {
            Ok(temp) => Ok((temp, path)),
            Err(e) => Err(cannot_write(&path, &e.error)),
        }
    }

    /// Renames the file to its final path, replacing whatever file was there, and returns that path.
    pub fn put_in_place(self) -> Result<PathBuf, Failure> {
        let Staged { temp, path } = self;
        writable_target(&path)?;
        // A rename replaces a link at `path` itself, never the file it points to.
        match temp.persist(&path) {
            Ok(()) => Ok(path),
            Err(e) => Err(cannot_write(&path, &e.error)),
        }
    }
}

/// Writes `bytes`, fully synced, to a new temporary file beside `path`; the file is closed
/// again, so that thousands of staged files do not hold thousands of open files.
pub fn stage(path: &Path, bytes: &[u8]) -> Result<Staged, Failure> {
    let temp = write_temporary(path, bytes, STAGED_SUFFIX)?;
    Ok(Staged {
        temp,
        path: path.to_path_buf(),
    })
}

/// Has `write` write a new temporary file beside `path` as it makes the bytes, through a
/// buffer, so that a large file is never held whole; the file is closed again, and not yet
/// synced: [`Staged::sync`] does that, for many files at once.
pub fn stage_written(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<Staged, Failure> {
    let (_, temp) = write_unsynced(path, STAGED_SUFFIX, write)?;
    Ok(Staged {
        temp,
        path: path.to_path_buf(),
    })
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so an
/// interrupted write never leaves a half-written file where a good one was; then the
/// temporaries a killed run left in that folder go (see `leftovers.rs`).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let staged = stage(path, bytes)?;
    super::fault::step();
    staged.put_in_place()?;
    remove_leftovers(folder_of(path), Held::Unlocked);
    Ok(())
}

/// The folder a file of `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// Writes `bytes` to a new file at `path`, failing if anything is already there (a dangling link
/// included), even a file created a moment ago by someone else: the content goes to a temporary
/// file first and is then renamed into place in a way the OS refuses over an existing name.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let exists = || {
        Failure::new(format!(
            "`{}` already exists; choose another path or remove it first",
            path.display()
        ))
    };
    // `symlink_metadata`, not `exists`: a link to nowhere is something there too.
    if fs::symlink_metadata(path).is_ok() {
        return Err(exists());
    }
    let temp = write_temporary(path, bytes, NEW_SUFFIX)?;
    match temp.persist_noclobber(path) {
        Ok(()) => Ok(()),
        Err(e) if e.error.kind() == ErrorKind::AlreadyExists => Err(exists()),
        Err(e) => Err(cannot_write(path, &e.error)),
    }
}

/// Creates a temporary file beside `path` and writes `bytes` to it, synced to the disk and
/// closed again; errors name `path`, the file the user asked for, not the temporary name.
fn write_temporary(path: &Path, bytes: &[u8], suffix: &str) -> Result<TempPath, Failure> {
    let (file, temp) = write_unsynced(path, suffix, |out| out.write_all(bytes))?;
    match file.sync_all() {
        // Dropping the file closes it; the `TempPath` still removes it unless it is put in place.
        Ok(()) => Ok(temp),
        Err(e) => Err(cannot_write(path, &e)),
    }
}

/// Creates a temporary file beside `path` and has `write` write it through a buffer, not yet
/// synced; errors name `path`, and a file that could not be written is removed again.
fn write_unsynced(
    path: &Path,
    suffix: &str,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(File, TempPath), Failure> {
    let dir = folder_of(path);
    // The writer's process id in the name tells a later run whether its writer still runs.
    let prefix = format!("{TEMPORARY_PREFIX}{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(&prefix)
        .suffix(suffix)
        .rand_bytes(RANDOM_LETTERS);
    // tempfile makes owner-only files by default; a pack or a kit is as readable as any file
    // the user creates (the umask still applies), as it was before tempfile.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let file = builder.tempfile_in(dir).map_err(|e| {
        // tempfile's message carries the temporary name; the kind alone says what went wrong.
        cannot_write(path, &std::io::Error::from(e.kind()))
    })?;
    let (file, temp) = file.into_parts();
    let mut out = std::io::BufWriter::new(file);
    let written = match super::fault::write_failure() {
        Some(e) => Err(e),
        None => write(&mut out),
    };
    // Dropping `temp` on a failure removes the file.
    let file = written
        .and_then(|()| {
            out.into_inner()
                .map_err(std::io::IntoInnerError::into_error)
        })
        .map_err(|e| cannot_write(path, &e))?;
    Ok((file, temp))
}

/// Why `path` cannot be written, in words.
pub fn cannot_write(path: &Path, e: &std::io::Error) -> Failure {
    Failure::new(format!(
        "cannot write `{}`: {}",
        path.display(),
        io_reason(e)
    ))
}

/// The lock on a folder's [`LOCK_NAME`] file, held until this is dropped: while one build holds
/// it, another build into the same folder waits.
pub struct FolderLock {
    dir: PathBuf,
    // Only held: the lock lasts as long as the file is open.
    _file: File,
}

/// Waits for, then takes, the lock on `dir`, creating its lock file if needed, and writes this
/// process's id into it, so that a build that has to wait can say for whom (on `err`, before it
/// waits). The lock file is left in place afterwards.
pub fn lock_folder(dir: &Path, err: &mut dyn Write) -> Result<FolderLock, Failure> {
    let path = dir.join(LOCK_NAME);
    let cannot_lock = |e: &std::io::Error| {
        Failure::new(format!(
            "cannot lock `{}`: {}",
            path.display(),
            io_reason(e)
        ))
    };
    let mut file = open_lock_file(&path)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let holder = match holder_of(&mut file) {
                Some(pid) => format!("build {pid}"),
                None => "another build".to_string(),
            };
            // Said before waiting: a stopped build (Ctrl-Z) holds the lock until it goes on.
            let _ = writeln!(
                err,
                "waiting for {holder} to finish with `{}` (lock file `{}`)",
                dir.display(),
                path.display()
            );
            let _ = err.flush();
            file.lock().map_err(|e| cannot_lock(&e))?;
        }
        // A file system without locks still builds, only without waiting for other builds.
        Err(std::fs::TryLockError::Error(e)) if e.kind() == ErrorKind::Unsupported => {}
        Err(std::fs::TryLockError::Error(e)) => return Err(cannot_lock(&e)),
    }
    // Best effort: the id only helps a waiting build say for whom it waits. The second line
    // tells a later build that this folder is kept by a version that records what it writes,
    // even when this build is refused or killed before it writes a record.
    let _ = file
        .set_len(0)
        .and_then(|()| std::io::Seek::rewind(&mut file))
        .and_then(|()| writeln!(file, "{}\n{LOCK_RECORDS_LINE}", std::process::id()));
    Ok(FolderLock {
        dir: dir.to_path_buf(),
        _file: file,
    })
}

/// Opens `path`, the lock file, for reading and writing: a new one, or an existing plain file.
fn open_lock_file(path: &Path) -> Result<File, Failure> {
    let cannot_lock = |e: &std::io::Error| {
        Failure::new(format!(
            "cannot lock `{}`: {}",
            path.display(),
            io_reason(e)
        ))
    };
    let mut options = OpenOptions::new();
    options.read(true).write(true);
    // `create_new` never opens an existing name, so a link planted here creates nothing elsewhere.
    match options.clone().create_new(true).open(path) {
        Ok(file) => Ok(file),
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {
            let found = fs::symlink_metadata(path).map_err(|e| cannot_lock(&e))?;
            if !found.is_file() {
                return Err(Failure::new(format!(
                    "`{}` is not a plain file; remove it and build again",
                    path.display()
                )));
            }
            match options.open(path) {
                // Another user's lock file: it still locks, only without our id in it.
                Err(e) if e.kind() == ErrorKind::PermissionDenied => {
                    File::open(path).map_err(|e| cannot_lock(&e))
                }
                opened => opened.map_err(|e| cannot_lock(&e)),
            }
        }
        Err(e) => Err(cannot_lock(&e)),
    }
}

/// The process id the holder of the lock wrote into `file`, if it wrote one.
fn holder_of(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(&mut *file, 32), &mut text).ok()?;
    text.lines().next()?.trim().parse().ok()
}

/// The lock file's second line, written by every version that keeps a record of the files it
/// writes: a lock file without it is an older version's.
pub const LOCK_RECORDS_LINE: &str = "records its files";

/// Whether `dir`'s lock file was left by a version that kept no record of what it wrote: its
/// pack files are a build's though no record names them. A lock file this version wrote, even
/// for a build refused or killed before its record, says it records.
pub fn locked_by_unrecorded_version(dir: &Path) -> bool {
    let path = dir.join(LOCK_NAME);
    match fs::symlink_metadata(&path) {
        Ok(meta) if meta.is_file() => read_text(&path, 1024)
            .map(|text| !text.lines().any(|line| line == LOCK_RECORDS_LINE))
            .unwrap_or(false),
        _ => false,
    }
}

impl FolderLock {
    /// The folder this lock is on.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Removes the temporary files that an interrupted build (killed before it could clean up)
    /// left in the folder; see [`remove_leftovers`]. Best effort: garbage that cannot be
    /// removed does not stop a build.
    pub fn remove_leftover_temporaries(&self) {
        remove_leftovers(&self.dir, Held::Locked);
    }
}

/// A short lower-case reason for an I/O error.
pub fn io_reason(e: &std::io::Error) -> String {
    crate::io_words::io_words(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::leftovers::is_staged_name;

    /// A fresh, empty folder for one test.
    fn fresh_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("libertykit-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = fresh_dir("files");
        let path = dir.join("a.txt");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        assert_eq!(names(&dir), ["a.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn written_files_are_as_readable_as_any_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = fresh_dir("mode");
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        fs::write(dir.join("plain"), b"x").unwrap();
        write_atomically(&dir.join("staged"), b"x").unwrap();
        write_new(&dir.join("new"), b"x").unwrap();
        assert_eq!(mode(&dir.join("staged")), mode(&dir.join("plain")));
        assert_eq!(mode(&dir.join("new")), mode(&dir.join("plain")));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_staged_file_not_put_in_place_leaves_nothing_behind() {
        let dir = fresh_dir("staged");
        let staged = stage(&dir.join("a.txt"), b"x").unwrap();
        let temp = names(&dir);
        assert_eq!(temp.len(), 1);
        assert!(is_staged_name(&temp[0]), "{temp:?}");
        drop(staged);
        assert!(names(&dir).is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_written_as_it_is_made_is_staged_whole_or_not_at_all() {
        let dir = fresh_dir("written");
        let path = dir.join("a.html");
        // Many small writes, as a document's pages are: all of them reach the file.
        let staged = stage_written(&path, |out| {
            (0..10_000).try_for_each(|i| write!(out, "<p>{i}</p>"))
        })
        .unwrap();
        assert!(!path.exists());
        assert!(is_staged_name(&names(&dir)[0]));
        staged.sync().unwrap();
        let expected: String = (0..10_000).map(|i| format!("<p>{i}</p>")).collect();
        assert_eq!(fs::read_to_string(staged.temporary()).unwrap(), expected);
        assert_eq!(staged.put_in_place().unwrap(), path);
        assert_eq!(fs::read_to_string(&path).unwrap(), expected);
        // A write that fails halfway leaves no temporary, and names the file asked for.
        let failed = stage_written(&dir.join("b.html"), |out| {
            out.write_all(b"<p>half")?;
            Err(std::io::Error::from(ErrorKind::StorageFull))
        });
        let message = failed.err().unwrap().message;
        assert!(message.starts_with("cannot write `"), "{message}");
        assert!(message.contains("b.html"), "{message}");
        assert_eq!(names(&dir), ["a.html"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn write_new_never_replaces_an_existing_file() {
        let dir = fresh_dir("new");
        let path = dir.join("kit.toml");
        write_new(&path, b"first").unwrap();
        let err = write_new(&path, b"second").unwrap_err();
        assert!(err.message.contains("already exists"), "{err}");
        assert_eq!(fs::read(&path).unwrap(), b"first");
        assert_eq!(names(&dir), ["kit.toml"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn write_new_refuses_a_link_to_nowhere_and_creates_nothing_at_its_target() {
        let dir = fresh_dir("new-link");
        let target = dir.join("elsewhere.toml");
        let path = dir.join("kit.toml");
        std::os::unix::fs::symlink(&target, &path).unwrap();
        let err = write_new(&path, b"x").unwrap_err();
        assert!(err.message.contains("already exists"), "{err}");
        assert!(fs::symlink_metadata(&target).is_err());
        assert_eq!(names(&dir), ["kit.toml"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn write_new_errors_name_the_users_path() {
        let err = write_new(Path::new("/no/such/folder/kit.toml"), b"x").unwrap_err();
        assert_eq!(
            err.message,
            "cannot write `/no/such/folder/kit.toml`: no such file or folder"
        );
    }

    #[test]
    fn leftover_temporaries_go_and_nothing_else_does() {
        let dir = fresh_dir("leftover");
        let keep = [
            ".libertykit-short.tmp",
            ".libertykit-abcdefghij.new",
            ".player-sheet.pdf.123.tmp",
            "libertykit-abcdefghij.tmp",
            "notes.txt",
        ];
        for name in keep {
            fs::write(dir.join(name), b"x").unwrap();
        }
        fs::write(dir.join(".libertykit-AbCdE12345.tmp"), b"x").unwrap();
        let lock = lock_folder(&dir, &mut std::io::sink()).unwrap();
        lock.remove_leftover_temporaries();
        let mut expected: Vec<&str> = keep.to_vec();
        expected.push(LOCK_NAME);
        expected.sort();
        assert_eq!(names(&dir), expected);
        drop(lock);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_lock_is_taken_again_after_it_is_released() {
        let dir = fresh_dir("lock");
        let lock = lock_folder(&dir, &mut std::io::sink()).unwrap();
        drop(lock);
        let _again = lock_folder(&dir, &mut std::io::sink()).unwrap();
        assert_eq!(names(&dir), [LOCK_NAME]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_in_place_of_the_lock_file_is_refused_and_creates_nothing() {
        let dir = fresh_dir("lock-link");
        let target = dir.join("elsewhere");
        std::os::unix::fs::symlink(&target, dir.join(LOCK_NAME)).unwrap();
        let err = lock_folder(&dir, &mut std::io::sink()).err().unwrap();
        assert!(err.message.contains("is not a plain file"), "{err}");
        assert!(fs::symlink_metadata(&target).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_lock_file_names_its_holder() {
        let dir = fresh_dir("lock-holder");
        let lock = lock_folder(&dir, &mut std::io::sink()).unwrap();
        let written = fs::read_to_string(dir.join(LOCK_NAME)).unwrap();
        assert_eq!(
            written,
            format!("{}\n{LOCK_RECORDS_LINE}\n", std::process::id())
        );
        assert!(!locked_by_unrecorded_version(&dir));
        // An older version's lock file held its holder's id alone.
        fs::write(dir.join(LOCK_NAME), "123\n").unwrap();
        assert!(locked_by_unrecorded_version(&dir));
        drop(lock);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn the_same_file_is_known_through_any_path_or_link() {
        let dir = fresh_dir("same");
        let file = dir.join("kit.toml");
        fs::write(&file, b"x").unwrap();
        fs::hard_link(&file, dir.join("hard.toml")).unwrap();
        std::os::unix::fs::symlink(&file, dir.join("soft.toml")).unwrap();
        fs::write(dir.join("other.toml"), b"x").unwrap();
        for same in ["kit.toml", "hard.toml", "soft.toml", "./kit.toml"] {
            assert!(same_file(&file, &dir.join(same)), "{same}");
        }
        assert!(!same_file(&file, &dir.join("other.toml")));
        assert!(!same_file(&file, &dir.join("missing.toml")));
        let err = not_the_input(&file, &dir.join("soft.toml"), "--out").unwrap_err();
        assert!(err.message.contains("is the input"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_links_and_new_names_are_written_over() {
        let dir = fresh_dir("targets");
        fs::write(dir.join("file"), b"x").unwrap();
        std::os::unix::fs::symlink("/dev/null", dir.join("link")).unwrap();
        fs::create_dir(dir.join("folder")).unwrap();
        for fine in ["file", "link", "new"] {
            assert!(writable_target(&dir.join(fine)).is_ok(), "{fine}");
        }
        let err = writable_target(&dir.join("folder")).unwrap_err();
        assert!(
            err.message.contains("a folder of that name is in the way"),
            "{err}"
        );
        let err = writable_target(Path::new("/dev/null")).unwrap_err();
        assert!(err.message.contains("it is a device"), "{err}");
        // Reading refuses the device too, before opening it.
        let err = read_bytes(Path::new("/dev/zero"), KIT_LIMIT).unwrap_err();
        assert!(
            err.message.contains("is a device, not a regular file"),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn unreadable_file_is_a_failure_naming_the_path() {
        let err = read_text(Path::new("/no/such/kit.toml"), KIT_LIMIT).unwrap_err();
        assert_eq!(
            err.message,
            "cannot read `/no/such/kit.toml`: no such file or folder"
        );
    }
}
