//! Finding the font a kit names: a file by its path, or an installed family through fontdb,
//! the font database resvg and usvg use (it reads fontconfig's list of font folders).

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::face::Face;
use crate::diag::closest;
use crate::io_words::io_words;

/// Why the font a kit names cannot be used.
#[derive(Debug, Clone, PartialEq)]
pub enum FontProblem {
    /// No installed family has this name.
    NotFound {
        /// The name as written.
        name: String,
        /// Installed families nearest to it, nearest first.
        nearest: Vec<String>,
    },
    /// The file cannot be read or is not a font.
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What went wrong, in words.
        reason: String,
    },
}

impl FontProblem {
    /// One line saying what is wrong.
    pub fn message(&self) -> String {
        match self {
            FontProblem::NotFound { name, .. } => {
                format!("no font named `{name}` is installed")
            }
            FontProblem::Unreadable { path, reason } => {
                format!("cannot use the font file {}: {reason}", path.display())
            }
        }
    }

    /// What would be right.
    pub fn help(&self) -> String {
        match self {
            FontProblem::NotFound { nearest, .. } if !nearest.is_empty() => format!(
                "installed families nearest to it: {}; or give a font file's path, e.g. `font = \"fonts/MyFont.ttf\"`",
                nearest
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            FontProblem::NotFound { .. } => "no fonts are installed: install one (e.g. Debian's fonts-noto-cjk) or give a font file's path, e.g. `font = \"fonts/MyFont.ttf\"`".into(),
            FontProblem::Unreadable { .. } => "give a TrueType or OpenType file (.ttf, .otf, .ttc), or an installed family's name".into(),
        }
    }
}

/// Where one face's bytes are.
#[derive(Debug, Clone, PartialEq)]
struct Location {
    path: PathBuf,
    index: u32,
}

/// The faces a font name resolved to, before they are read.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Resolved {
    regular: Location,
    bold: Location,
}

impl Resolved {
    /// Identifies what was found, for the process's font cache: the files and faces, and each
    /// file's state (length, modification time, and where the system has them its inode and
    /// change time), so that a font file replaced while the process runs (`build --watch`) is
    /// read afresh rather than served from the cache.
    pub(super) fn key(&self) -> String {
        format!(
            "{}#{}@{}|{}#{}@{}",
            self.regular.path.display(),
            self.regular.index,
            file_state(&self.regular.path),
            self.bold.path.display(),
            self.bold.index,
            file_state(&self.bold.path)
        )
    }

    /// Reads and parses the regular face, and the bold one when it is another face (`None`
    /// when the regular face serves for both: its file is read once).
    pub(super) fn read(&self) -> Result<(Face, Option<Face>), FontProblem> {
        let regular = read_face(&self.regular)?;
        let bold = if self.bold == self.regular {
            None
        } else {
            Some(read_face(&self.bold)?)
        };
        Ok((regular, bold))
    }
}

/// What changes when a file is written or replaced, as text; empty when it cannot be read.
fn file_state(path: &Path) -> String {
    let Ok(meta) = std::fs::metadata(path) else {
        return String::new();
    };
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{}:{modified}:{}", meta.len(), identity(&meta))
}

#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> String {
    use std::os::unix::fs::MetadataExt;
    format!(
        "{}:{}:{}:{}",
        meta.dev(),
        meta.ino(),
        meta.ctime(),
        meta.ctime_nsec()
    )
}

#[cfg(not(unix))]
fn identity(_: &std::fs::Metadata) -> String {
    String::new()
}

/// The largest font file read. The largest font collections in use (every weight of a CJK
/// family in one `.ttc`) are about a hundred megabytes; the limit keeps a mistaken path (a
/// video, a disk image) from being read into memory whole.
pub const FONT_LIMIT: u64 = 256 << 20;

fn read_face(at: &Location) -> Result<Face, FontProblem> {
    let unreadable = |reason: String| FontProblem::Unreadable {
        path: at.path.clone(),
        reason,
    };
    let bytes = read_font_file(&at.path).map_err(unreadable)?;
    Face::parse(bytes, at.index).map_err(|e| unreadable(e.0))
}

/// The bytes of the font file at `path`, refused by its size before any is read when it is
/// larger than [`FONT_LIMIT`].
fn read_font_file(path: &Path) -> Result<Vec<u8>, String> {
    // Asked again just before opening: a named pipe put there since would block the open.
    font_file_kind(path)?;
    let file = File::open(path).map_err(|e| io_words(&e))?;
    let meta = file.metadata().map_err(|e| io_words(&e))?;
    if !meta.is_file() {
        return Err(not_a_file(&meta.file_type()));
    }
    let size = meta.len();
    let too_large = || {
        format!(
            "it is larger than {} MiB, more than any font needs; is it the right file?",
            FONT_LIMIT >> 20
        )
    };
    if size > FONT_LIMIT {
        return Err(too_large());
    }
    // A file that grows while it is read is still cut off one byte past the limit.
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(FONT_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_words(&e))?;
    if bytes.len() as u64 > FONT_LIMIT {
        return Err(too_large());
    }
    Ok(bytes)
}

/// `Ok` when `path` is a regular file (through any symbolic links), else what it is instead, in
/// words: a folder, a named pipe or a device is named as such, and never opened (opening a
/// named pipe waits for a writer that may never come; a device such as `/dev/zero` never ends).
fn font_file_kind(path: &Path) -> Result<(), String> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound if path.symlink_metadata().is_ok() => {
            "it is a symbolic link to a file that does not exist".to_string()
        }
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        _ => io_words(&e),
    })?;
    if meta.is_file() {
        Ok(())
    } else {
        Err(not_a_file(&meta.file_type()))
    }
}

/// What a path that is not a regular file is, said as why it cannot be a font.
fn not_a_file(kind: &std::fs::FileType) -> String {
    let what = if kind.is_dir() {
        "a folder"
    } else {
        special_kind(kind)
    };
    format!("it is {what}, not a font file")
}

#[cfg(unix)]
fn special_kind(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_fifo() {
        "a named pipe"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "not a regular file"
}

/// Whether `font` is written as a file path rather than a family name.
pub fn is_path(font: &str) -> bool {
    let lower = font.to_ascii_lowercase();
    font.contains('/')
        || font.contains('\\')
        || [".ttf", ".otf", ".ttc", ".otc"]
            .iter()
            .any(|ext| lower.ends_with(ext))
}

/// Finds the faces `font` names. A path gives one face for both weights (the first face of a
/// collection); a family gives its regular and, when installed, its bold face.
pub(super) fn resolve(font: &str, base: &Path) -> Result<Resolved, FontProblem> {
    if is_path(font) {
        // A path from the working folder is named as it was written, not as `./path`.
        let path = if base == Path::new(".") {
            PathBuf::from(font)
        } else {
            base.join(font)
        };
        if let Err(reason) = font_file_kind(&path) {
            return Err(FontProblem::Unreadable { path, reason });
        }
        let at = Location { path, index: 0 };
        return Ok(Resolved {
            regular: at.clone(),
            bold: at,
        });
    }
    let mut db = fontdb::Database::new();
    db.load_system_fonts();
    // Families are matched ignoring case, as fontconfig does: "noto sans cjk jp" finds it.
    let family = db
        .faces()
        .flat_map(|f| f.families.iter().map(|(name, _)| name.as_str()))
        .find(|name| name.eq_ignore_ascii_case(font.trim()))
        .map(str::to_string);
    let Some(family) = family else {
        let mut families: Vec<&str> = db
            .faces()
            .flat_map(|f| f.families.iter().map(|(name, _)| name.as_str()))
            .collect();
        families.sort_unstable();
        families.dedup();
        return Err(FontProblem::NotFound {
            name: font.to_string(),
            nearest: closest(font, &families, 3)
                .into_iter()
                .map(str::to_string)
                .collect(),
        });
    };
    let find = |weight: fontdb::Weight| -> Option<Location> {
        let id = db.query(&fontdb::Query {
            families: &[fontdb::Family::Name(&family)],
            weight,
            stretch: fontdb::Stretch::Normal,
            style: fontdb::Style::Normal,
        })?;
        let (source, index) = db.face_source(id)?;
        match source {
            fontdb::Source::File(path) | fontdb::Source::SharedFile(path, _) => {
                Some(Location { path, index })
            }
            fontdb::Source::Binary(_) => None,
        }
    };
    let unreadable = || FontProblem::Unreadable {
        path: PathBuf::from(&family),
        reason: "its file could not be located".into(),
    };
    let regular = find(fontdb::Weight::NORMAL).ok_or_else(unreadable)?;
    let bold = find(fontdb::Weight::BOLD).unwrap_or_else(|| regular.clone());
    Ok(Resolved { regular, bold })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_names_are_told_apart() {
        assert!(is_path("fonts/MyFont.ttf"));
        assert!(is_path("NotoSansJP-Regular.otf"));
        assert!(!is_path("Noto Sans CJK JP"));
    }

    #[test]
    fn a_missing_file_is_named() {
        let problem = resolve("fonts/none.ttf", Path::new("/nowhere")).unwrap_err();
        assert!(
            problem.message().contains("/nowhere/fonts/none.ttf"),
            "{problem:?}"
        );
    }

    #[test]
    fn an_unknown_family_lists_installed_ones() {
        let problem = resolve("Zzyzx Sans Nonexistent", Path::new(".")).unwrap_err();
        assert!(
            matches!(problem, FontProblem::NotFound { .. }),
            "{problem:?}"
        );
    }
}
