//! What `import` reads: one SGF file, or every SGF file under a folder (a collection as problem
//! sites and CDs ship it, one problem a file, its levels as subfolders), as one text with where
//! each file stands in it, so every message about the text names the file, line and column.

use std::path::{Path, PathBuf};

use super::super::{Failure, RECORD_LIMIT, read_bytes};
use crate::control_chars::visible;
use crate::diag::{Diagnostic, SHOWN_LIMIT, Source};

/// Files a folder import reads at most: far more than any collection (the largest seen, a
/// thousand problems), and a bound on what a mistyped folder (a home directory) costs.
const MAX_FILES: usize = 20_000;

/// The text of the file or files read, with where each file's text starts.
#[derive(Debug)]
pub struct ImportText {
    /// The files' texts, one after another, each from a line of its own.
    pub text: String,
    /// The character set the first file was read in (for the kit's font).
    pub charset: &'static str,
    /// What a user should be told about how the files were read (each said once, with how
    /// many files it concerns).
    pub notes: Vec<String>,
    /// The files of a folder left out, each with why, written as notes at their place.
    pub left_out: String,
    /// Each file, in the order read.
    files: Vec<FilePart>,
    /// The folder read, or `None` for one file.
    folder: Option<PathBuf>,
    /// Every file read, or tried: the inputs an output must never be.
    pub inputs: Vec<PathBuf>,
}

/// One file of an [`ImportText`].
#[derive(Debug)]
struct FilePart {
    /// Its path as messages show it.
    shown: String,
    /// Its path from the folder read (its name, for one file).
    relative: String,
    /// Where its text starts in the whole, in bytes.
    start: usize,
    /// The line of the whole its first line is, from 1.
    first_line: usize,
    /// Its own text, for messages about it.
    source: Source,
}

impl ImportText {
    /// Reads `path`: an SGF file, or every `.sgf` file under a folder in natural order of their
    /// paths (`Problem (2)` before `Problem (10)`). A file in no charset that can be read, or a
    /// folder with no SGF file, is refused (exit 2).
    pub fn read(path: &Path) -> Result<ImportText, Failure> {
        let folder = path.is_dir().then(|| path.to_path_buf());
        let (files, outside) = match &folder {
            Some(dir) => sgf_files_under(dir)?,
            None => (vec![path.to_path_buf()], String::new()),
        };
        let mut read = ImportText {
            text: String::new(),
            charset: "UTF-8",
            notes: Vec::new(),
            left_out: outside,
            files: Vec::new(),
            folder,
            inputs: files.clone(),
        };
        let mut noted: Vec<(String, usize, String)> = Vec::new();
        for file in &files {
            let shown = file.display().to_string();
            // In a folder, a file that cannot be read (too large, no permission, in no charset
            // that reads) is left out like one no game can be read from, and said.
            let bytes = match read_bytes(file, RECORD_LIMIT) {
                Ok(bytes) => bytes,
                Err(failure) if read.folder.is_some() => {
                    read.left_out
                        .push_str(&format!("note: left out: {}\n\n", failure.message));
                    continue;
                }
                Err(failure) => return Err(failure),
            };
            let decoded = crate::record::sgf_text(bytes);
            if let Some(why) = &decoded.unreadable {
                let message = format!("`{}` cannot be read as text: {why}", visible(&shown));
                if read.folder.is_none() {
                    return Err(Failure::new(message));
                }
                read.left_out
                    .push_str(&format!("note: left out: {message}\n\n"));
                continue;
            }
            // In a folder, a file no reader can make games of (one left empty, one cut off)
            // does not cost the others: it is left out, and said where.
            if read.folder.is_some()
                && let Err(problems) = crate::record::read_collection(&decoded.text)
            {
                let source = Source::new(shown.clone(), decoded.text);
                let left_out: Vec<Diagnostic> = problems
                    .into_iter()
                    .map(|d| Diagnostic {
                        message: format!("`{}` is left out: {}", visible(&shown), d.message),
                        is_note: true,
                        ..d
                    })
                    .collect();
                read.left_out.push_str(&source.render_all(&left_out));
                continue;
            }
            if read.files.is_empty() {
                read.charset = decoded.charset;
            }
            if let Some(note) = decoded.note {
                match noted.iter_mut().find(|(n, _, _)| *n == note) {
                    Some((_, count, _)) => *count += 1,
                    None => noted.push((note, 1, shown.clone())),
                }
            }
            if !read.text.is_empty() && !read.text.ends_with('\n') {
                read.text.push('\n');
            }
            let relative = match &read.folder {
                Some(dir) => file.strip_prefix(dir).unwrap_or(file),
                None => file.file_name().map_or(file.as_path(), Path::new),
            };
            read.files.push(FilePart {
                shown: shown.clone(),
                relative: relative.display().to_string(),
                start: read.text.len(),
                // Set below, once the whole is known.
                first_line: 1,
                source: Source::new(shown, decoded.text.clone()),
            });
            read.text.push_str(&decoded.text);
        }
        if read.folder.is_some() {
            // Lines counted as every message about the whole counts them (a lone CR ends a
            // line too), in one pass over it.
            let whole = Source::new(String::new(), read.text.clone());
            for part in &mut read.files {
                part.first_line = whole.line_col(part.start).0;
            }
        }
        if read.files.is_empty() {
            return Err(Failure::new(format!(
                "no file under `{}` holds a game that can be read:\n{}",
                visible(&path.display().to_string()),
                read.left_out.trim_end()
            )));
        }
        for (note, count, first) in noted {
            // A note may quote the file: its control characters are shown, not sent.
            read.notes.push(if count == 1 {
                format!("`{}`: {note}", visible(&first))
            } else {
                format!("{count} files, the first `{}`: {note}", visible(&first))
            });
        }
        Ok(read)
    }

    /// `text`, as if read from one UTF-8 file shown as `shown`.
    #[cfg(test)]
    pub fn of_text(shown: &str, text: String) -> ImportText {
        ImportText {
            files: vec![FilePart {
                shown: shown.to_string(),
                relative: shown.to_string(),
                start: 0,
                first_line: 1,
                source: Source::new(shown, text.clone()),
            }],
            text,
            charset: "UTF-8",
            notes: Vec::new(),
            left_out: String::new(),
            folder: None,
            inputs: Vec::new(),
        }
    }

    /// Whether a folder was read.
    pub fn is_folder(&self) -> bool {
        self.folder.is_some()
    }

    /// The path from the folder read of the file whose text holds byte `offset` of the whole.
    pub fn file_at(&self, offset: usize) -> &str {
        &self.part_at(offset).relative
    }

    /// Where line `line` (from 1) of the whole is: `line` itself for one file, else the file
    /// and its own line.
    pub fn place_of_line(&self, line: usize) -> String {
        match self.folder {
            None => format!("line {line}"),
            Some(_) => {
                let part = self
                    .files
                    .iter()
                    .rev()
                    .find(|f| f.first_line <= line)
                    .unwrap_or(&self.files[0]);
                format!(
                    "`{}` line {}",
                    visible(&part.shown),
                    line - part.first_line + 1
                )
            }
        }
    }

    /// Every diagnostic about the whole, up to [`SHOWN_LIMIT`], each at its own file's line and
    /// column, as [`Source::render_all`] writes them for one file.
    pub fn render_all(&self, diagnostics: &[Diagnostic]) -> String {
        if self.folder.is_none() {
            return self.files[0].source.render_all(diagnostics);
        }
        let mut out = String::new();
        for d in diagnostics.iter().take(SHOWN_LIMIT) {
            let part = self.part_at(d.span.as_ref().map_or(0, |s| s.start));
            let mut own = d.clone();
            if let Some(span) = &mut own.span {
                *span = span.start - part.start..span.end.saturating_sub(part.start);
            }
            out.push_str(&part.source.render(&own));
            out.push_str("\n\n");
        }
        if diagnostics.len() > SHOWN_LIMIT {
            out.push_str(&format!(
                "note: {} more not shown; fix the ones above and import again\n\n",
                diagnostics.len() - SHOWN_LIMIT
            ));
        }
        out
    }

    /// The file whose text holds byte `offset` of the whole.
    fn part_at(&self, offset: usize) -> &FilePart {
        let k = self.files.partition_point(|f| f.start <= offset);
        &self.files[k.saturating_sub(1)]
    }
}

/// Every `.sgf` file under `dir`, in natural order of their paths from it, and a note for each
/// link left out because it leads outside `dir`: a folder import reads only what is inside it.
fn sgf_files_under(dir: &Path) -> Result<(Vec<PathBuf>, String), Failure> {
    let root = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let mut outside = String::new();
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    // Each folder once, however links lead back to it.
    let mut visited = std::collections::HashSet::new();
    while let Some(folder) = folders.pop() {
        if !visited.insert(std::fs::canonicalize(&folder).unwrap_or_else(|_| folder.clone())) {
            continue;
        }
        let entries = std::fs::read_dir(&folder).map_err(|e| {
            Failure::new(format!(
                "cannot read the folder `{}`: {}",
                visible(&folder.display().to_string()),
                super::super::files::io_reason(&e)
            ))
        })?;
        for entry in entries.flatten() {
            let path = entry.path();
            // A zip from macOS carries `__MACOSX/._name.sgf` shadows of every file, and hidden
            // files are no one's collection.
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') || name == "__MACOSX" {
                continue;
            }
            // A link is followed only where it leads inside the folder (a loop is cut by
            // `visited`); one leading out is said and left out.
            if entry.file_type().is_ok_and(|t| t.is_symlink())
                && let Ok(target) = std::fs::canonicalize(&path)
                && !target.starts_with(&root)
            {
                outside.push_str(&format!(
                    "note: left out: `{}` is a link to `{}`, outside `{}`; a folder import reads only what is inside the folder\n\n",
                    visible(&path.display().to_string()),
                    visible(&target.display().to_string()),
                    visible(&dir.display().to_string())
                ));
                continue;
            }
            if path.is_dir() {
                folders.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
            {
                found.push(path);
            }
            if found.len() + folders.len() + visited.len() > MAX_FILES {
                return Err(Failure::new(format!(
                    "`{}` holds more than {MAX_FILES} files and folders; import a folder of one collection",
                    visible(&dir.display().to_string())
                )));
            }
        }
    }
    if found.is_empty() {
        return Err(Failure::new(format!(
            "the folder `{}` holds no `.sgf` file",
            visible(&dir.display().to_string())
        )));
    }
    // Ties (`p9` and `p09`, `A` and `a`) by the path itself, so the order, and every game's
    // number, is the same on every machine.
    found.sort_by_cached_key(|p| {
        let relative = p
            .strip_prefix(dir)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned();
        (natural_key(&relative), relative)
    });
    Ok((found, outside))
}

/// A sort key that orders runs of digits by their value: `Problem (2)` before `Problem (10)`,
/// `prob0009` before `prob0010`, as a file manager shows them.
fn natural_key(text: &str) -> Vec<(String, u128)> {
    let mut key = Vec::new();
    let mut word = String::new();
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            if !digits.is_empty() {
                key.push((
                    std::mem::take(&mut word),
                    digits.parse().unwrap_or(u128::MAX),
                ));
                digits.clear();
            }
            word.extend(c.to_lowercase());
        }
    }
    key.push((word, digits.parse().unwrap_or(0)));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_names_sort_by_value() {
        let mut names = vec![
            "Problem  (10).sgf",
            "Problem  (2).sgf",
            "1. Elementary/prob0010.sgf",
            "1. Elementary/prob0009.sgf",
            "2. Intermediate/prob0001.sgf",
            "Problem  (1).sgf",
        ];
        names.sort_by_cached_key(|n| natural_key(n));
        assert_eq!(
            names,
            [
                "1. Elementary/prob0009.sgf",
                "1. Elementary/prob0010.sgf",
                "2. Intermediate/prob0001.sgf",
                "Problem  (1).sgf",
                "Problem  (2).sgf",
                "Problem  (10).sgf",
            ]
        );
    }
}
