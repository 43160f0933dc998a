//! Reading inputs and writing outputs safely: a write goes to a temporary file that is renamed into place.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::Failure;

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
    let temp = write_temporary(path, bytes, "tmp")?;
    fs::rename(&temp, path).map_err(|e| {
        let _ = fs::remove_file(&temp);
        cannot_write(path, &e)
    })
}

/// Writes `bytes`, fully synced, to a hidden temporary file beside `path` and returns its path;
/// errors name `path`, the file the user asked for, not the temporary name.
fn write_temporary(path: &Path, bytes: &[u8], suffix: &str) -> Result<PathBuf, Failure> {
    let name = path
        .file_name()
        .ok_or_else(|| Failure::new(format!("`{}` is not a file name", path.display())))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.{suffix}", std::process::id()));
    let temp = path.with_file_name(temp_name);
    let fail = |e: std::io::Error| {
        let _ = fs::remove_file(&temp);
        cannot_write(path, &e)
    };
    let mut file = fs::File::create(&temp).map_err(fail)?;
    file.write_all(bytes).map_err(fail)?;
    file.sync_all().map_err(fail)?;
    Ok(temp)
}

fn cannot_write(path: &Path, e: &std::io::Error) -> Failure {
    Failure::new(format!(
        "cannot write `{}`: {}",
        path.display(),
        io_reason(e)
    ))
}

/// Writes `bytes` to a new file at `path`, failing if anything is already there, even a file
/// created a moment ago by someone else: the content goes to a temporary file first and is then
/// hard-linked into place, which the OS refuses to do over an existing name.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let exists = || {
        Failure::new(format!(
            "`{}` already exists; choose another path or remove it first",
            path.display()
        ))
    };
    if path.exists() {
        return Err(exists());
    }
    let temp = write_temporary(path, bytes, "new")?;
    let linked = fs::hard_link(&temp, path);
    let _ = fs::remove_file(&temp);
    match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(exists()),
        Err(e) => Err(cannot_write(path, &e)),
    }
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

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("libertykit-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.txt");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn write_new_never_replaces_an_existing_file() {
        let dir = std::env::temp_dir().join(format!("libertykit-new-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("kit.toml");
        write_new(&path, b"first").unwrap();
        let err = write_new(&path, b"second").unwrap_err();
        assert!(err.message.contains("already exists"), "{err}");
        assert_eq!(fs::read(&path).unwrap(), b"first");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
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
