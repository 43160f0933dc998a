//! Where each kit's pack goes: the folder named by `--out`, a folder named after the kit file,
//! or with several kits (a session) one folder per kit inside `--out`.

use std::path::{Component, Path, PathBuf};

use crate::run::Failure;

/// The folder of each kit's pack, in the kits' order; with several kits `out` is required,
/// and two kits whose folders would be one (in any case) are refused before any kit is read.
pub fn pack_folders(kit_paths: &[PathBuf], out: Option<&Path>) -> Result<Vec<PathBuf>, Failure> {
    if kit_paths.len() == 1 {
        return Ok(vec![match out {
            Some(dir) => dir.to_path_buf(),
            None => default_dir(&kit_paths[0])?,
        }]);
    }
    let Some(out) = out else {
        return Err(Failure::new(format!(
            "{} kits need one folder for the session: pass `--out DIR` (each kit's pack goes to `DIR/<kit file stem>/`)",
            kit_paths.len()
        )));
    };
    let mut folders: Vec<PathBuf> = Vec::new();
    for (i, kit_path) in kit_paths.iter().enumerate() {
        let name = kit_folder(kit_path)?;
        if let Some(j) = folders.iter().position(|f| {
            f.as_os_str().to_string_lossy().to_lowercase()
                == name.as_os_str().to_string_lossy().to_lowercase()
        }) {
            return Err(Failure::new(format!(
                "`{}` and `{}` would both be built into `{}`: rename one kit file (each kit's pack goes to a folder named after its file)",
                kit_paths[j].display(),
                kit_paths[i].display(),
                out.join(&name).display()
            )));
        }
        folders.push(name);
    }
    Ok(folders.into_iter().map(|f| out.join(f)).collect())
}

/// The folder, inside a session's `--out`, that a kit's pack goes to: the kit file's stem. A
/// stem that is not a folder of its own (`...toml` gives `..`) is refused.
fn kit_folder(kit_path: &Path) -> Result<PathBuf, Failure> {
    let dir = PathBuf::from(kit_path.file_stem().unwrap_or_default());
    let mut parts = dir.components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(part)), None) if part == dir.as_os_str() => Ok(dir),
        _ => Err(Failure::new(format!(
            "cannot name a folder after `{}` (it would be `{}`); rename the kit file",
            kit_path.display(),
            dir.display()
        ))),
    }
}

/// `./<kit file stem>`: a folder named after the kit, in the current folder (`<name>-pack` when
/// the kit file has no extension, so the folder never takes the kit's own name). A name that is
/// not a folder of its own (`...toml` gives `..`, `..toml` gives `.`) is refused: building there
/// would mix the pack into, and remove stale pages from, a folder the user never named.
fn default_dir(kit_path: &Path) -> Result<PathBuf, Failure> {
    let refuse = |why: String| {
        Failure::new(format!(
            "cannot name an output folder after `{}`{why}; pass `--out DIR`",
            kit_path.display()
        ))
    };
    let stem = kit_path
        .file_stem()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| refuse(String::new()))?;
    let mut name = stem.to_os_string();
    if kit_path.extension().is_none() {
        name.push("-pack");
    }
    let dir = PathBuf::from(name);
    let mut parts = dir.components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(part)), None) if part == dir.as_os_str() => Ok(dir),
        _ => Err(refuse(format!(" (it would be `{}`)", dir.display()))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_folder_never_takes_the_kit_file_name() {
        let dir = |p: &str| default_dir(Path::new(p)).unwrap();
        assert_eq!(
            dir("examples/liberty-chain-capture.toml"),
            PathBuf::from("liberty-chain-capture")
        );
        assert_eq!(dir("kit"), PathBuf::from("kit-pack"));
        assert_eq!(dir("....toml"), PathBuf::from("..."));
        assert_eq!(dir(".toml"), PathBuf::from(".toml-pack"));
    }

    #[test]
    fn default_folder_is_never_the_current_or_the_parent_folder() {
        for (kit, shown) in [("...toml", ".."), ("..toml", "."), ("a/..toml", ".")] {
            let err = default_dir(Path::new(kit)).unwrap_err();
            assert_eq!(
                err.message,
                format!(
                    "cannot name an output folder after `{kit}` (it would be `{shown}`); pass `--out DIR`"
                )
            );
        }
    }
}
