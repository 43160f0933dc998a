//! The `check` command: reads every kit, reports every problem in all of them, and prints one
//! `ok` line per sound kit. The checks themselves are the check stage's (`crate::check`).

use std::path::{Path, PathBuf};

use super::{Console, Failure, KIT_LIMIT, Outcome, output_error, read_text};
use crate::answer::AnswerKey;
use crate::check::{Checked, PrintChoices, check_answers, check_source};
use crate::diag::Source;
use crate::kit::Kit;
use crate::layout::tiled_board;

/// Reads the kit at `path` and checks it as `key` does; `None` after printing its problems.
pub fn read_answered_kit(
    path: &Path,
    console: &mut Console<'_>,
) -> Result<Option<(Kit, AnswerKey)>, Failure> {
    let source = Source::new(path.display().to_string(), read_text(path, KIT_LIMIT)?);
    match check_answers(&source) {
        Ok(answers) => Ok(Some(answers)),
        Err(diagnostics) => {
            write!(console.err, "{}", source.render_all(&diagnostics)).map_err(output_error)?;
            let problems = diagnostics.iter().filter(|d| !d.is_note).count();
            writeln!(console.err, "{}", failure_summary("check", problems, 1, 1))
                .map_err(output_error)?;
            Ok(None)
        }
    }
}

/// The closing line of a command whose kits failed their check, as every command prints it:
/// `error: check failed with 2 problems`, or with several kits `... in 1 of 3 kits`.
pub fn failure_summary(stage: &str, problems: usize, failed: usize, kits: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    if kits == 1 {
        format!("error: {stage} failed with {}", plural(problems, "problem"))
    } else {
        format!(
            "error: {stage} failed: {} in {failed} of {}",
            plural(problems, "problem"),
            plural(kits, "kit")
        )
    }
}

/// Checks every kit and reports every problem; unreadable files are reported and checking goes
/// on, but make the command fail with exit 2.
pub fn run(
    kits: &[PathBuf],
    choices: PrintChoices<'_>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let mut unreadable = 0;
    let mut failed = 0;
    let mut problems = 0;
    for path in kits {
        let shown = path.display().to_string();
        let source = match read_text(path, KIT_LIMIT) {
            Ok(text) => Source::new(shown.as_str(), text),
            Err(f) => {
                unreadable += 1;
                writeln!(console.err, "error: {f}\n").map_err(output_error)?;
                continue;
            }
        };
        match check_source(&source, choices) {
            Ok(Checked { kit, fonts, .. }) => {
                writeln!(
                    console.out,
                    "ok  {shown}: {} {}, fingerprint {}",
                    kit.examples.len(),
                    if kit.examples.len() == 1 {
                        "example"
                    } else {
                        "examples"
                    },
                    kit.fingerprint
                )
                .map_err(output_error)?;
                if let Some(note) = tiled_board::note(&kit, fonts) {
                    writeln!(console.err, "note: {shown}: {note}").map_err(output_error)?;
                }
            }
            Err(diagnostics) => {
                failed += 1;
                problems += diagnostics.iter().filter(|d| !d.is_note).count();
                write!(console.err, "{}", source.render_all(&diagnostics)).map_err(output_error)?;
            }
        }
    }
    if failed > 0 {
        let summary = failure_summary("check", problems, failed, kits.len());
        writeln!(console.err, "{summary}").map_err(output_error)?;
    }
    if unreadable > 0 {
        return Err(Failure::new(format!(
            "{unreadable} of {} {} could not be read",
            kits.len(),
            if kits.len() == 1 { "kit" } else { "kits" }
        )));
    }
    Ok(if failed > 0 {
        Outcome::CheckFailed
    } else {
        Outcome::Success
    })
}
