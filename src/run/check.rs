//! The `check` command: reads every kit, reports every problem in all of them, and prints one
//! `ok` line per sound kit.

use std::path::PathBuf;

use super::{Console, Failure, Outcome, output_error, read_text};
use crate::diag::Diagnostic;
use crate::kit::{Kit, load};
use crate::layout::fit::board_fit_problem;

/// Loads a kit and applies every check, including whether its board fits the paper.
pub fn check_source(path: &str, source: &str) -> Result<Kit, Vec<Diagnostic>> {
    let kit = load(path, source)?;
    match board_fit_problem(&kit) {
        Some((message, help)) => Err(vec![
            Diagnostic::at(path, source, kit.board_span.clone(), message).with_help(help),
        ]),
        None => Ok(kit),
    }
}

/// Checks every kit and reports every problem; unreadable files are reported and checking goes
/// on, but make the command fail with exit 2.
pub fn run(kits: &[PathBuf], console: &mut Console<'_>) -> Result<Outcome, Failure> {
    let mut unreadable = 0;
    let mut failed = 0;
    let mut problems = 0;
    for path in kits {
        let shown = path.display().to_string();
        let source = match read_text(path) {
            Ok(s) => s,
            Err(f) => {
                unreadable += 1;
                writeln!(console.err, "error: {f}\n").map_err(output_error)?;
                continue;
            }
        };
        match check_source(&shown, &source) {
            Ok(kit) => writeln!(
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
            .map_err(output_error)?,
            Err(diagnostics) => {
                failed += 1;
                problems += diagnostics.len();
                for d in diagnostics {
                    writeln!(console.err, "{}\n", d.render()).map_err(output_error)?;
                }
            }
        }
    }
    if failed > 0 {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let summary = if kits.len() == 1 {
            format!("error: check failed with {}", plural(problems, "problem"))
        } else {
            format!(
                "error: check failed: {} in {failed} of {}",
                plural(problems, "problem"),
                plural(kits.len(), "kit")
            )
        };
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
