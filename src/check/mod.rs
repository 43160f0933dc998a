//! The check stage: everything `check` holds a kit to beyond reading it, fed by the kit and its
//! answers and used by the commands. The kit reads a file's form; here each stated key is held
//! against the engine ([`key`]), each view against its question ([`view`]), the board against
//! the paper ([`fit`]), the foot of a page against its notes ([`foot`]) and the fonts against
//! every printed character ([`printable`]).

mod fit;
mod foot;
mod key;
mod printable;
mod view;

use std::path::{Path, PathBuf};

use crate::answer::{
    AnswerKey, ExampleAnswer, ProofMemo, answer_examples_reusing, answer_key_reusing,
};
use crate::diag::{Diagnostic, Source};
use crate::kit::{BoardPrint, Kit, Paper, load};
use crate::typeface::{self, Typefaces};

pub use view::view_problems;

use fit::{PaperFrom, fit_problem};
use foot::foot_problems;
use key::key_problems;
use printable::unprintable;

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

/// What the command line chooses over the kit for printing.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrintChoices<'a> {
    /// `--paper`: the paper, instead of the kit's.
    pub paper: Option<Paper>,
    /// `--font`: an installed family or a font file's path (relative to the working folder).
    pub font: Option<&'a str>,
    /// `--large-print`: large print, whatever the kit says.
    pub large_print: bool,
    /// `--tile-board`: the board also at full size across sheets, whatever the kit says.
    pub tile_board: bool,
}

/// Loads a kit and applies every check: its content, its stated keys against the engine,
/// whether its font is found, whether its board fits the paper (`paper` when the command line
/// overrides the kit's), and whether the fonts can show every printed character, each with the
/// command line's `choices` applied.
pub fn check_source(
    source: &Source,
    choices: PrintChoices<'_>,
) -> Result<Checked, Vec<Diagnostic>> {
    let (mut kit, key) = check_answers(source)?;
    let fonts = fonts_for(&kit, source, choices.font).map_err(|d| vec![d])?;
    if choices.large_print {
        kit.physical = kit.physical.in_large_print();
    }
    if choices.tile_board {
        kit.physical.board_print = BoardPrint::Tiled;
    }
    let from = match choices.paper {
        Some(paper) => {
            kit.paper = paper;
            PaperFrom::Flag
        }
        None if kit.places.paper.is_some() => PaperFrom::Kit,
        None => PaperFrom::Default,
    };
    if let Some(problem) = fit_problem(&kit, from, fonts) {
        return Err(vec![problem]);
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

/// Loads a kit and compares each stated key with the engine's answer: the checks `key` needs
/// (neither the paper nor the PDF font matters to answers printed in a terminal).
pub fn check_answers(source: &Source) -> Result<(Kit, AnswerKey), Vec<Diagnostic>> {
    check_answers_reusing(source, None)
}

/// [`check_answers`], reusing the life-and-death proofs `memo` holds: import checks the kit it
/// wrote without proving its problems again.
pub fn check_answers_reusing(
    source: &Source,
    memo: Option<&ProofMemo>,
) -> Result<(Kit, AnswerKey), Vec<Diagnostic>> {
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
            let key = answer_key_reusing(&kit, memo);
            let mut problems = key_problems(&kit.wording, &kit.rules, &kit.examples, &key.examples);
            problems.extend(view_problems(&kit.examples, &key.examples));
            if !problems.is_empty() {
                return Err(in_file_order(problems));
            }
            Ok((kit, key))
        }
        Err(rejected) => {
            let mut problems = rejected.problems;
            if let Some(rules) = &rejected.rules {
                let answers: Vec<ExampleAnswer> =
                    answer_examples_reusing(rules, &rejected.examples, memo);
                problems.extend(key_problems(
                    &rejected.wording,
                    rules,
                    &rejected.examples,
                    &answers,
                ));
                problems.extend(view_problems(&rejected.examples, &answers));
            }
            Err(in_file_order(problems))
        }
    }
}
