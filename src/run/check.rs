//! The `check` command: reads every kit, reports every problem in all of them, and prints one
//! `ok` line per sound kit.

use std::path::PathBuf;

use super::{Console, Failure, KIT_LIMIT, Outcome, output_error, read_text};
use crate::answer::{AnswerKey, ExampleAnswer, answer_example, answer_key};
use crate::diag::{Diagnostic, Source};
use crate::key_check::{key_problems, view_problems};
use crate::kit::{Kit, Paper, load};
use crate::layout::fit::{FitKey, PaperFrom, board_fit_problem};
use crate::layout::font::win_ansi_byte;
use crate::layout::page::Shape;
use crate::layout::{Pack, pack};

/// Loads a kit and applies every check: its content, its stated keys against the engine,
/// whether its board fits the paper (`paper` when the command line overrides the kit's), and
/// whether every printed character can be printed. Returns the kit with its answers and
/// laid-out pack, each computed once, so `build` need not compute them again.
pub fn check_source(
    source: &Source,
    paper: Option<Paper>,
) -> Result<(Kit, AnswerKey, Pack), Vec<Diagnostic>> {
    let (mut kit, key) = check_content(source)?;
    let from = match paper {
        Some(paper) => {
            kit.paper = paper;
            PaperFrom::Flag
        }
        None if kit.places.paper.is_some() => PaperFrom::Kit,
        None => PaperFrom::Default,
    };
    if let Some(problem) = board_fit_problem(&kit, from) {
        let places = &kit.places;
        let span = match problem.key {
            FitKey::Board => None,
            FitKey::Spacing => places.spacing_mm.clone(),
            FitKey::Counter => places.counter_mm.clone(),
        };
        let span = span.unwrap_or_else(|| places.board.clone());
        return Err(vec![
            Diagnostic::at(span, problem.message).with_help(problem.help),
        ]);
    }
    let pack = pack(&kit, &key);
    match unprintable(&pack, source.text()) {
        Some(d) => Err(vec![d]),
        None => Ok((kit, key, pack)),
    }
}

/// The checks `key` needs: everything [`check_source`] checks except the paper, for answers
/// do not depend on it. The pack is laid out (on the kit's paper, as large as fits or at the
/// kit's sizes) only to find characters the PDF font cannot print.
pub fn check_answers(source: &Source) -> Result<(Kit, AnswerKey), Vec<Diagnostic>> {
    let (kit, key) = check_content(source)?;
    match unprintable(&pack(&kit, &key), source.text()) {
        Some(d) => Err(vec![d]),
        None => Ok((kit, key)),
    }
}

/// Loads a kit and compares each stated key with the engine's answer.
fn check_content(source: &Source) -> Result<(Kit, AnswerKey), Vec<Diagnostic>> {
    // Two stages: `load` reads and validates the kit, then each stated key is compared with the
    // engine's answer, for the sound examples even of a rejected kit, so one run reports every
    // problem.
    let in_file_order = |mut problems: Vec<Diagnostic>| {
        problems.sort_by_key(|d| d.span.as_ref().map_or(0, |s| s.start));
        problems
    };
    match load(source.text()) {
        Ok(kit) => {
            let key = answer_key(&kit);
            let mut problems = key_problems(&kit.wording, &kit.examples, &key.examples);
            problems.extend(view_problems(&kit.examples, &key.examples));
            if !problems.is_empty() {
                return Err(in_file_order(problems));
            }
            Ok((kit, key))
        }
        Err(rejected) => {
            let mut problems = rejected.problems;
            if let Some(rules) = &rejected.rules {
                let answers: Vec<ExampleAnswer> = rejected
                    .examples
                    .iter()
                    .map(|e| answer_example(rules, e))
                    .collect();
                problems.extend(key_problems(
                    &rejected.wording,
                    &rejected.examples,
                    &answers,
                ));
                problems.extend(view_problems(&rejected.examples, &answers));
            }
            Err(in_file_order(problems))
        }
    }
}

/// The first printed character the builtin PDF font cannot show, located in the kit's source
/// when it came from there (a title, a prompt, a `[text]` entry).
fn unprintable(pack: &Pack, source: &str) -> Option<Diagnostic> {
    let documents = [&pack.player_sheet, &pack.host_key];
    let (c, text) = documents
        .iter()
        .flat_map(|d| &d.pages)
        .flat_map(|p| &p.shapes)
        .find_map(|shape| match shape {
            Shape::Text { text, .. } => text
                .chars()
                .find(|&c| win_ansi_byte(c).is_none())
                .map(|c| (c, text)),
            _ => None,
        })?;
    let message = format!(
        "`{c}` (U+{:04X}) cannot be printed with the builtin PDF font (in `{text}`)",
        u32::from(c)
    );
    let help = "use Western European (WinAnsi) characters only, e.g. `-` instead of a minus sign";
    let diagnostic = match source.find(c) {
        Some(at) => Diagnostic::at(at..at + c.len_utf8(), message),
        None => Diagnostic::whole_file(message),
    };
    Some(diagnostic.with_help(help))
}

/// Checks every kit and reports every problem; unreadable files are reported and checking goes
/// on, but make the command fail with exit 2.
pub fn run(kits: &[PathBuf], console: &mut Console<'_>) -> Result<Outcome, Failure> {
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
        match check_source(&source, None) {
            Ok((kit, _, _)) => writeln!(
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
                write!(console.err, "{}", source.render_all(&diagnostics)).map_err(output_error)?;
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
