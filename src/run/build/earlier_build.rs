//! What an earlier build left in a folder, by the record it wrote ([`WRITTEN_NAME`]): the only
//! files a build writes over or removes. A file merely named like a pack file, that no build
//! recorded writing, is someone's own and stays; one that is an input of this run (a kit, a
//! font) is never written over or removed, whatever its name.

use std::fs;
use std::path::{Path, PathBuf};

use super::pack_files::WRITTEN_NAME;
use crate::run::Failure;
use crate::run::files::{KIT_LIMIT, read_text, same_file};
use crate::run::switch::Ours;

/// A folder's history, as found when its lock was taken.
#[derive(Debug, Clone)]
pub struct Earlier {
    /// The names the last build recorded writing, if it kept a record.
    recorded: Option<Vec<String>>,
    /// Whether a version that kept no record locked the folder before (its lock file lacks
    /// the line this version writes): such a folder holds files of our names that are a
    /// build's. A lock file left by this version's refused or killed build does not count.
    locked_before: bool,
}

impl Earlier {
    /// What `dir` holds of earlier builds; `locked_before` says whether a version that kept
    /// no record left its lock file there.
    pub fn read(dir: &Path, locked_before: bool) -> Earlier {
        let recorded = read_text(&dir.join(WRITTEN_NAME), KIT_LIMIT)
            .ok()
            .map(|text| text.lines().map(str::to_string).collect());
        Earlier {
            recorded,
            locked_before,
        }
    }

    /// Whether the file `name` (one of the names `ours` claims) is an earlier build's.
    fn built(&self, name: &str) -> bool {
        match &self.recorded {
            Some(names) => names.iter().any(|n| n == name),
            None => self.locked_before,
        }
    }
}

/// What a switch does to one folder beyond writing its files.
#[derive(Debug, Default)]
pub struct Decision {
    /// Files of the earlier build this one does not write: removed.
    pub stale: Vec<PathBuf>,
    /// Files named like ours that no build recorded writing: left, and said.
    pub left: Vec<PathBuf>,
}

/// Decides what making `dir` hold `written` (names `ours` claims, the record included) does
/// to what is there: refused when it would write over a file no build recorded writing, or
/// write over or remove an input of this run.
pub fn decide(
    dir: &Path,
    earlier: &Earlier,
    written: &[String],
    ours: Ours,
    inputs: &[PathBuf],
) -> Result<Decision, Failure> {
    let mut decision = Decision::default();
    let entries = fs::read_dir(dir).map_err(|e| {
        Failure::new(format!(
            "cannot list `{}`: {}",
            dir.display(),
            crate::run::files::io_reason(&e)
        ))
    })?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file() || t.is_symlink()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| ours(name) || name == WRITTEN_NAME)
        .collect();
    names.sort();
    for name in names {
        let path = dir.join(&name);
        let is_written = written.contains(&name);
        let built = name == WRITTEN_NAME || earlier.built(&name);
        let would = if is_written {
            Some("write over it")
        } else if built {
            Some("remove it as a file of the earlier build")
        } else {
            None
        };
        if let Some(would) = would
            && let Some(input) = inputs.iter().find(|input| same_file(input, &path))
        {
            // Named once when the input is that very path; through a link, both ways.
            let what = if input == &path {
                format!("`{}` is an input of this build", path.display())
            } else {
                format!(
                    "`{}` is `{}`, an input of this build",
                    path.display(),
                    input.display()
                )
            };
            return Err(Failure::new(format!(
                "{what}; building would {would}: rename the input or choose another `--out`"
            )));
        }
        match (is_written, built) {
            (true, true) => {}
            (true, false) => {
                return Err(Failure::new(format!(
                    "`{}` is there, but no build recorded writing it; building would write over it: move it, or choose another `--out`",
                    path.display()
                )));
            }
            (false, true) => decision.stale.push(path),
            (false, false) => decision.left.push(path),
        }
    }
    Ok(decision)
}

/// The record of `written` for [`WRITTEN_NAME`]: one name a line.
pub fn record(written: &[String]) -> Vec<u8> {
    let mut text = String::new();
    for name in written {
        text.push_str(name);
        text.push('\n');
    }
    text.into_bytes()
}
