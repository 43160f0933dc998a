//! The `build` command: checks the kit as `check` does, lays out the pack and writes its PDFs and SVG pages into one folder.
//!
//! Every file is rendered in memory first, then written through a temporary file and a rename,
//! so an interrupted build never leaves a half-written file. Only these names are ever written
//! or removed, and only inside the output folder: `player-sheet.pdf`, `player-sheet-N.svg`,
//! `host-key.pdf`, `host-key-N.svg`. Pack files that this build did not write (pages of an
//! earlier, longer build, or the other format) are removed so the folder is one consistent pack.

use std::fs;
use std::path::{Path, PathBuf};

use super::check::check_source;
use super::files::io_reason;
use super::{Console, Failure, Outcome, output_error, read_text, write_atomically};
use crate::cli::{PackFormat, PaperArg};
use crate::diag::{Diagnostic, Source};
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
    let source = Source::new(kit_path.display().to_string(), read_text(kit_path)?);
    // Exactly `check`'s checks, except that the fit is judged on the paper actually used.
    let paper = paper.map(|p| match p {
        PaperArg::A4 => Paper::A4,
        PaperArg::Letter => Paper::Letter,
        PaperArg::A3 => Paper::A3,
    });
    let pack = match check_source(&source, paper) {
        Ok((_, pack)) => pack,
        Err(diagnostics) => return report(&source, &diagnostics, console),
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
fn report(
    source: &Source,
    diagnostics: &[Diagnostic],
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    write!(console.err, "{}", source.render_all(diagnostics)).map_err(output_error)?;
    Ok(Outcome::CheckFailed)
}

/// `./<kit file stem>`: a folder named after the kit, in the current folder (`<name>-pack` when
/// the kit file has no extension, so the folder never takes the kit's own name).
fn default_dir(kit_path: &Path) -> Result<PathBuf, Failure> {
    kit_path
        .file_stem()
        .filter(|s| !s.is_empty())
        .map(|stem| {
            if kit_path.extension().is_some() {
                PathBuf::from(stem)
            } else {
                let mut name = stem.to_os_string();
                name.push("-pack");
                PathBuf::from(name)
            }
        })
        .ok_or_else(|| {
            Failure::new(format!(
                "cannot name an output folder after `{}`; pass `--out DIR`",
                kit_path.display()
            ))
        })
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

/// Whether `name` is one of the names `build` writes: `<stem>.pdf` or `<stem>-<N>.svg`.
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
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
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
        ] {
            assert!(is_pack_file(name), "{name}");
        }
        for name in [
            "notes.pdf",
            "player-sheet-.svg",
            "player-sheet-a.svg",
            "host-key-1.svg.bak",
            "my-host-key.pdf",
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
    }
}
