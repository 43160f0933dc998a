//! The `check` command: reads every kit, reports every problem in all of them, and prints one
//! `ok` line per sound kit.

use std::path::{Path, PathBuf};

use super::{Console, Failure, KIT_LIMIT, Outcome, output_error, read_text};
use crate::answer::{AnswerKey, ExampleAnswer, answer_example, answer_key};
use crate::diag::{Diagnostic, Source};
use crate::key_check::{key_problems, view_problems};
use crate::kit::{Kit, Paper, load};
use crate::layout::fit::{FitKey, PaperFrom, board_fit_problem};
use crate::layout::style::Style;
use crate::layout::{footer, player_printing_note};
use crate::typeface::{self, Typefaces};

/// A kit that passed every check, with what building it needs.
#[derive(Debug)]
pub struct Checked {
    /// The kit, on the paper used.
    pub kit: Kit,
    /// Its answers, computed once.
    pub key: AnswerKey,
    /// The fonts its text is set in.
    pub fonts: &'static Typefaces,
}

/// Loads a kit and applies every check: its content, its stated keys against the engine,
/// whether its font is found, whether its board fits the paper (`paper` when the command line
/// overrides the kit's), and whether the fonts can show every printed character. `font`, from
/// `--font`, overrides the kit's (a path in it is relative to the working folder).
pub fn check_source(
    source: &Source,
    paper: Option<Paper>,
    font: Option<&str>,
) -> Result<Checked, Vec<Diagnostic>> {
    let (mut kit, key) = check_content(source)?;
    let fonts = fonts_for(&kit, source, font).map_err(|d| vec![d])?;
    let from = match paper {
        Some(paper) => {
            kit.paper = paper;
            PaperFrom::Flag
        }
        None if kit.places.paper.is_some() => PaperFrom::Kit,
        None => PaperFrom::Default,
    };
    if let Some(problem) = board_fit_problem(&kit, from, fonts) {
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
    let mut problems = unprintable(&kit, source.text(), fonts);
    problems.extend(foot_problems(&kit, source.text(), fonts));
    if problems.is_empty() {
        Ok(Checked { kit, key, fonts })
    } else {
        Err(problems)
    }
}

/// The fonts the kit's text is set in: `--font`'s, else `[kit] font`'s (a path relative to the
/// kit file), else the bundled one.
fn fonts_for(
    kit: &Kit,
    source: &Source,
    flag: Option<&str>,
) -> Result<&'static Typefaces, Diagnostic> {
    let (name, base, span) = match (flag, &kit.font) {
        (Some(name), _) => (name, PathBuf::from("."), None),
        (None, Some((name, span))) => {
            let base = Path::new(source.path())
                .parent()
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
            (name.as_str(), base, Some(span.clone()))
        }
        (None, None) => return Ok(typeface::bundled()),
    };
    typeface::load(name, &base).map_err(|problem| {
        let d = match span {
            Some(span) => Diagnostic::at(span, problem.message()),
            None => Diagnostic::whole_file(format!("--font: {}", problem.message())),
        };
        d.with_help(problem.help())
    })
}

/// The checks `key` needs: the kit's content and its stated keys. Neither the paper nor the PDF
/// font matters to answers printed in a terminal.
pub fn check_answers(source: &Source) -> Result<(Kit, AnswerKey), Vec<Diagnostic>> {
    check_content(source)
}

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
            Ok(None)
        }
    }
}

/// Loads a kit and compares each stated key with the engine's answer.
fn check_content(source: &Source) -> Result<(Kit, AnswerKey), Vec<Diagnostic>> {
    // Two stages: `load` reads and validates the kit, then each stated key is compared with the
    // engine's answer, for the sound examples even of a rejected kit, so one run reports every
    // problem.
    let in_file_order = |mut problems: Vec<Diagnostic>| {
        // A note (how the kit was read) after the problems it is about.
        problems.sort_by_key(|d| (d.is_note, d.span.as_ref().map_or(0, |s| s.start)));
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

/// Each printing note or bar label too long for the foot of a page, where nothing can run on
/// to a next page: refused at its `[text]` entry, with the lines it takes and those that fit.
fn foot_problems(kit: &Kit, source: &str, fonts: &'static Typefaces) -> Vec<Diagnostic> {
    let style = Style::for_physical(&kit.physical, fonts);
    footer::overflows(kit, &style, player_printing_note(kit))
        .into_iter()
        .map(|o| {
            let message = format!(
                "`{}` takes {} lines at the foot of a page, where {} {} (the rest would be printed over the page)",
                o.key,
                o.lines,
                o.most,
                if o.most == 1 { "fits" } else { "fit" }
            );
            let shown = kit.wording.get(o.key).chars().count();
            let help = format!(
                "shorten it to about {} characters, or write `{} = \"\"` to leave it out",
                shown * o.most / o.lines.max(1),
                o.key
            );
            match text_entry(source, o.key) {
                Some(span) => Diagnostic::at(span, message),
                None => Diagnostic::whole_file(message),
            }
            .with_help(help)
        })
        .collect()
}

/// Where `key = ...` is written as a line of the kit (its key), when it is.
fn text_entry(source: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let mut start = 0;
    for line in source.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let rest = &line[indent..];
        if let Some(after) = rest.strip_prefix(key)
            && after.trim_start().starts_with('=')
        {
            let at = start + indent;
            return Some(at..at + key.len());
        }
        start += line.len();
    }
    None
}

/// Every character no font can show in what the pack prints: the kit's own words (title,
/// purpose, the wording with its `[text]` entries, each example's title, prompt and position);
/// everything else printed is composed from these, points and digits. Each character is
/// reported once, where the kit's source first has it, or for the whole file when it comes from
/// the built-in wording. Scanning the words, not a laid-out pack, keeps `check` from laying out
/// every page just to read them.
fn unprintable(kit: &Kit, source: &str, fonts: &Typefaces) -> Vec<Diagnostic> {
    let wording = kit.wording.keys().map(|key| kit.wording.get(key));
    let examples = kit.examples.iter().flat_map(|e| {
        [
            e.title.as_deref(),
            e.prompt.as_deref(),
            Some(e.position_text.as_str()),
        ]
        .into_iter()
        .flatten()
    });
    let mut seen: Vec<char> = Vec::new();
    let mut problems = Vec::new();
    for text in [Some(kit.title.as_str()), kit.purpose.as_deref()]
        .into_iter()
        .flatten()
        .chain(wording)
        .chain(examples)
    {
        for c in text.chars().filter(|&c| !fonts.shows(c)) {
            if seen.contains(&c) {
                continue;
            }
            seen.push(c);
            let message = format!(
                "`{c}` (U+{:04X}) is in no font the pack is set in (in `{}`)",
                u32::from(c),
                text.trim()
            );
            let help = format!(
                "tried {}; choose a font that has it with `[kit] font = \"...\"` (e.g. \"Noto Sans CJK JP\" for Japanese) or `--font`, or write another character",
                fonts.names()
            );
            let diagnostic = match source.find(c) {
                Some(at) => Diagnostic::at(at..at + c.len_utf8(), message),
                None => Diagnostic::whole_file(message),
            };
            problems.push(diagnostic.with_help(help));
        }
    }
    problems
}

/// Checks every kit and reports every problem; unreadable files are reported and checking goes
/// on, but make the command fail with exit 2.
pub fn run(
    kits: &[PathBuf],
    font: Option<&str>,
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
        match check_source(&source, None, font) {
            Ok(Checked { kit, .. }) => writeln!(
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
                problems += diagnostics.iter().filter(|d| !d.is_note).count();
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
