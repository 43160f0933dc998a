//! Finding the font a kit names: a file by its path, or an installed family through fontdb,
//! the font database resvg and usvg use (it reads fontconfig's list of font folders).

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::face::Face;
use crate::diag::closest;

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
    /// Identifies what was found, for the process's font cache.
    pub(super) fn key(&self) -> String {
        format!(
            "{}#{}|{}#{}",
            self.regular.path.display(),
            self.regular.index,
            self.bold.path.display(),
            self.bold.index
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
    let file = File::open(path).map_err(|e| e.to_string())?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
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
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > FONT_LIMIT {
        return Err(too_large());
    }
    Ok(bytes)
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
        let path = base.join(font);
        if !path.is_file() {
            return Err(FontProblem::Unreadable {
                path,
                reason: "no such file".into(),
            });
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
