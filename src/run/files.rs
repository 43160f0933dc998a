//! Reading inputs and writing outputs safely: a write goes to a temporary file that is renamed into place.
//!
//! Temporary files are created by `tempfile`: exclusively (a name that already exists, even as a
//! dangling link, is never opened) and under unguessable names starting with
//! [`TEMPORARY_PREFIX`], so nothing planted in a folder can redirect a write outside it.

use std::fs;
use std::io::{ErrorKind, Write};
use std::path::Path;

use tempfile::TempPath;

use super::Failure;

/// How the name of every temporary file libertykit makes begins.
pub const TEMPORARY_PREFIX: &str = ".libertykit-";

/// How many random letters and digits a temporary name carries.
const RANDOM_LETTERS: usize = 10;

/// Reads a whole UTF-8 text file, or explains why it cannot be read.
pub fn read_text(path: &Path) -> Result<String, Failure> {
    let bytes = fs::read(path).map_err(|e| {
        Failure::new(format!(
            "cannot read `{}`: {}",
            path.display(),
            io_reason(&e)
        ))
    })?;
    String::from_utf8(bytes).map_err(|e| {
        Failure::new(format!(
            "`{}` is not UTF-8 text (invalid byte at offset {}); save it as UTF-8",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so an
/// interrupted write never leaves a half-written file where a good one was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let temp = write_temporary(path, bytes, ".tmp")?;
    // A rename replaces a link at `path` itself, never the file it points to.
    temp.persist(path).map_err(|e| cannot_write(path, &e.error))
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
    let temp = write_temporary(path, bytes, ".new")?;
    match temp.persist_noclobber(path) {
        Ok(()) => Ok(()),
        Err(e) if e.error.kind() == ErrorKind::AlreadyExists => Err(exists()),
        Err(e) => Err(cannot_write(path, &e.error)),
    }
}

/// Creates a temporary file beside `path` and writes `bytes` to it, synced to the disk and
/// closed again; errors name `path`, the file the user asked for, not the temporary name.
fn write_temporary(path: &Path, bytes: &[u8], suffix: &str) -> Result<TempPath, Failure> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(TEMPORARY_PREFIX)
        .suffix(suffix)
        .rand_bytes(RANDOM_LETTERS);
    // tempfile makes owner-only files by default; a pack or a kit is as readable as any file
    // the user creates (the umask still applies), as it was before tempfile.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut file = builder.tempfile_in(dir).map_err(|e| {
        // tempfile's message carries the temporary name; the kind alone says what went wrong.
        cannot_write(path, &std::io::Error::from(e.kind()))
    })?;
    let written = file
        .as_file_mut()
        .write_all(bytes)
        .and_then(|()| file.as_file().sync_all());
    match written {
        // Dropping the file closes it; the `TempPath` still removes it unless it is put in place.
        Ok(()) => Ok(file.into_temp_path()),
        Err(e) => Err(cannot_write(path, &e)),
    }
}

fn cannot_write(path: &Path, e: &std::io::Error) -> Failure {
    Failure::new(format!(
        "cannot write `{}`: {}",
        path.display(),
        io_reason(e)
    ))
}

/// A short lower-case reason for an I/O error.
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or folder".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string().to_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

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
    fn unreadable_file_is_a_failure_naming_the_path() {
        let err = read_text(Path::new("/no/such/kit.toml")).unwrap_err();
        assert_eq!(
            err.message,
            "cannot read `/no/such/kit.toml`: no such file or folder"
        );
    }
}
