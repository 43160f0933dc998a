//! The `build` command: checks the kit as `check` does, lays out the pack and writes its PDFs and SVG pages into one folder.
//!
//! Every file is rendered in memory first, then written through a temporary file and a rename,
//! so an interrupted build never leaves a half-written file. Only these names are ever written
//! or removed, and only inside the output folder: `player-sheet.pdf`, `player-sheet-N.svg`,
//! `host-key.pdf`, `host-key-N.svg`. Pack files that this build did not write (pages of an
//! earlier, longer build, or the other format) are removed so the folder is one consistent pack.

use std::fs;
use std::path::{Component, Path, PathBuf};

use super::check::check_source;
use super::files::io_reason;
use super::{Console, Failure, Outcome, output_error, read_text, write_atomically};
use crate::cli::{PackFormat, PaperArg};
use crate::diag::Diagnostic;
use crate::export::pdf::write_pdf;
use crate::export::svg::write_svg;
use crate::kit::Paper;

/// The two documents' file stems.
const STEMS: [&str; 2] = ["player-sheet", "host-key"];

/// Checks the kit and writes the pack into a folder.
pub fn run(
    kit_path: &Path,
    out: Option<&Path>,
    paper: Option<PaperArg>,
    format: PackFormat,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let shown = kit_path.display().to_string();
    let source = read_text(kit_path)?;
    // Exactly `check`'s checks, except that the fit is judged on the paper actually used.
    let paper = paper.map(|p| match p {
        PaperArg::A4 => Paper::A4,
        PaperArg::Letter => Paper::Letter,
        PaperArg::A3 => Paper::A3,
    });
    let pack = match check_source(&shown, &source, paper) {
        Ok((_, pack)) => pack,
        Err(diagnostics) => return report(&diagnostics, console),
    };
    let documents = [&pack.player_sheet, &pack.host_key];

    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for (stem, doc) in STEMS.into_iter().zip(documents) {
        if format != PackFormat::Svg {
            let bytes = write_pdf(doc)
                .map_err(|e| Failure::new(format!("cannot lay out `{stem}.pdf`: {e}")))?;
            files.push((format!("{stem}.pdf"), bytes));
        }
        if format != PackFormat::Pdf {
            for (i, page) in doc.pages.iter().enumerate() {
                files.push((
                    format!("{stem}-{}.svg", i + 1),
                    write_svg(page).into_bytes(),
                ));
            }
        }
    }

    let dir = match out {
        Some(dir) => dir.to_path_buf(),
        None => default_dir(kit_path)?,
    };
    fs::create_dir_all(&dir).map_err(|e| {
        Failure::new(format!(
            "cannot create folder `{}`: {}",
            dir.display(),
            io_reason(&e)
        ))
    })?;
    // Each write waits for its file to reach the disk; waiting for all at once keeps a build
    // as fast as one write.
    let results: Vec<Result<PathBuf, Failure>> = std::thread::scope(|scope| {
        let writers: Vec<_> = files
            .iter()
            .map(|(name, bytes)| {
                let path = dir.join(name);
                scope.spawn(move || write_atomically(&path, bytes).map(|()| path))
            })
            .collect();
        writers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|_| Err(Failure::new("a file writer stopped unexpectedly")))
            })
            .collect()
    });
    for result in results {
        let path = result?;
        writeln!(console.out, "{}", path.display()).map_err(output_error)?;
    }
    let written: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    for stale in stale_files(&dir, &written)? {
        let path = dir.join(&stale);
        fs::remove_file(&path).map_err(|e| {
            Failure::new(format!(
                "cannot remove stale `{}`: {}",
                path.display(),
                io_reason(&e)
            ))
        })?;
        writeln!(console.err, "removed stale {}", path.display()).map_err(output_error)?;
    }
    Ok(Outcome::Success)
}

/// Prints diagnostics and reports a failed check.
fn report(diagnostics: &[Diagnostic], console: &mut Console<'_>) -> Result<Outcome, Failure> {
    for d in diagnostics {
        writeln!(console.err, "{}\n", d.render()).map_err(output_error)?;
    }
    Ok(Outcome::CheckFailed)
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

/// Pack files in `dir` (by their exact names) that this build did not write.
fn stale_files(dir: &Path, written: &[&str]) -> Result<Vec<String>, Failure> {
    let entries = fs::read_dir(dir).map_err(|e| {
        Failure::new(format!(
            "cannot list `{}`: {}",
            dir.display(),
            io_reason(&e)
        ))
    })?;
    let mut stale: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| is_pack_file(name) && !written.contains(&name.as_str()))
        .collect();
    stale.sort();
    Ok(stale)
}

/// Whether `name` is one of the names `build` writes: `<stem>.pdf` or `<stem>-<N>.svg`, N >= 1.
fn is_pack_file(name: &str) -> bool {
    STEMS.iter().any(|stem| {
        let Some(rest) = name.strip_prefix(stem) else {
            return false;
        };
        if rest == ".pdf" {
            return true;
        }
        rest.strip_prefix('-')
            .and_then(|r| r.strip_suffix(".svg"))
            // Page numbers as `build` writes them: from 1, no leading zero.
            .is_some_and(|n| {
                n.bytes().all(|b| b.is_ascii_digit()) && n.bytes().next().is_some_and(|b| b != b'0')
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_pack_names_count_as_pack_files() {
        for name in [
            "player-sheet.pdf",
            "host-key.pdf",
            "player-sheet-3.svg",
            "host-key-12.svg",
            "player-sheet-10.svg",
        ] {
            assert!(is_pack_file(name), "{name}");
        }
        for name in [
            "notes.pdf",
            "player-sheet-.svg",
            "player-sheet-a.svg",
            "host-key-1.svg.bak",
            "my-host-key.pdf",
            "player-sheet-0.svg",
            "player-sheet-01.svg",
            "host-key-007.svg",
        ] {
            assert!(!is_pack_file(name), "{name}");
        }
    }

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
