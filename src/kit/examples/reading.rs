//! The examples whose answer is a reading: `solve` (the lines an author marks correct and
//! wrong, each played out) and `capture` / `escape` about a named group, read within a move
//! limit.

use toml::Spanned;

use super::super::key_docs::MOST_WITHIN;
use super::super::model::{Task, TaskKind};
use super::super::schema::RawExample;
use super::{Asked, empty_group, illegal_help, notation_error, point};
use crate::rules::notation::parse_line;
use crate::rules::reading::Goal;
use crate::rules::{Board, Color, Game, Move};
use crate::toml_input::document::TomlReader;
use crate::toml_input::value::StringPlace;

/// A `solve` task: its `correct` lines (at least one) and `wrong` tries, each a line of moves
/// from `to_play`'s first, every move legal under the kit's rules; no first move both correct
/// and wrong.
pub(super) fn solve(
    cx: &mut TomlReader<'_>,
    raw: &RawExample,
    asked: &Asked<'_>,
    board: &Board,
) -> Option<Task> {
    let Some(correct) = &raw.correct else {
        asked.needs(
            cx,
            "correct",
            "add e.g. `correct = [\"C1 B1 D2\"]`: each line the source marks correct, from the first move",
        );
        return None;
    };
    if correct.get_ref().is_empty() {
        cx.error(
            correct.span(),
            format!("example {}: `correct` holds no line", asked.number),
            Some("a `solve` example accepts the first move of each `correct` line: give at least one, e.g. `correct = [\"C1 B1 D2\"]`".into()),
        );
        return None;
    }
    let (correct, wrong, source) = source_lines(cx, raw, asked, board)?;
    Some(Task::Solve {
        correct,
        wrong,
        source,
    })
}

/// A source's answer as `solve`, `kill` and `live` read it: the `correct` and `wrong` lines
/// (each read by [`solution_lines`]; no first move both correct and wrong) and whose they are.
/// `None` after reporting every problem.
pub(super) fn source_lines(
    cx: &mut TomlReader<'_>,
    raw: &RawExample,
    asked: &Asked<'_>,
    board: &Board,
) -> Option<(Vec<Line>, Vec<Line>, Option<String>)> {
    let (correct_lines, correct_sound) = match &raw.correct {
        None => (Vec::new(), true),
        Some(c) => solution_lines(cx, c, asked, board, "correct"),
    };
    let (wrong_lines, wrong_sound) = match &raw.wrong {
        None => (Vec::new(), true),
        Some(w) => solution_lines(cx, w, asked, board, "wrong"),
    };
    let mut sound = correct_sound && wrong_sound;
    // Held against every correct line that reads, so this is reported with the others.
    let accepted: Vec<Move> = correct_lines.iter().flatten().map(|l| l[0].1).collect();
    if let Some(w) = &raw.wrong {
        for (k, (line, item)) in wrong_lines.iter().zip(w.get_ref()).enumerate() {
            let Some(line) = line else { continue };
            if accepted.contains(&line[0].1) {
                sound = false;
                cx.error(
                    item.span(),
                    format!(
                        "example {}: `wrong` line {} starts with {}, which a `correct` line starts with too",
                        asked.number,
                        k + 1,
                        line[0].1
                    ),
                    Some("a `wrong` line is a first move that fails, then its refutation; a first move is either accepted or not".into()),
                );
            }
        }
    }
    let source = raw
        .source
        .as_ref()
        .map(|s| s.get_ref().trim().to_string())
        .filter(|s| !s.is_empty());
    sound.then(|| {
        (
            correct_lines.into_iter().flatten().collect(),
            wrong_lines.into_iter().flatten().collect(),
            source,
        )
    })
}

/// A line of moves as read, each with its colour.
pub(super) type Line = Vec<(Color, Move)>;

/// The lines of a `solve` field (`correct` or `wrong`), each read and played from `board`:
/// colourless moves alternate from `to_play`, whose move each line starts with. Each entry is
/// `None` when it does not read; the flag is false when any line has a problem.
fn solution_lines(
    cx: &mut TomlReader<'_>,
    list: &Spanned<Vec<Spanned<String>>>,
    asked: &Asked<'_>,
    board: &Board,
    field: &str,
) -> (Vec<Option<Line>>, bool) {
    let mover = asked.to_play.unwrap_or(Color::Black);
    let mut lines = Vec::new();
    let mut sound = true;
    for (k, item) in list.get_ref().iter().enumerate() {
        let place = StringPlace::of(cx.source, item);
        let entries = match parse_line(item.get_ref(), asked.size) {
            Ok(entries) => entries,
            Err(errors) => {
                sound = false;
                for e in errors {
                    notation_error(cx, &place, e);
                }
                lines.push(None);
                continue;
            }
        };
        let mut next = mover;
        let mut line = Vec::new();
        for entry in &entries {
            let color = entry.color.unwrap_or(next);
            next = color.opponent();
            line.push((color, entry.mv));
        }
        let first = &entries[0];
        if line[0].0 != mover || first.mv == Move::Pass {
            sound = false;
            cx.error(
                place.map(&first.span),
                format!(
                    "example {}: `{field}` line {} starts with {} {}: a line starts with {}'s move on a point",
                    asked.number,
                    k + 1,
                    line[0].0,
                    first.mv,
                    mover
                ),
                Some(format!("the first move is the answer tried; `to_play` is {mover}")),
            );
            lines.push(None);
            continue;
        }
        let mut game = Game::new(board.clone(), mover, *asked.rules);
        let mut legal = true;
        for (i, (&(color, mv), entry)) in line.iter().zip(&entries).enumerate() {
            if let Err(reason) = game.play(color, mv) {
                cx.error(
                    place.map(&entry.span),
                    format!(
                        "example {}: `{field}` line {}, move {}: {color} {mv} is illegal ({})",
                        asked.number,
                        k + 1,
                        i + 1,
                        reason.name()
                    ),
                    Some(illegal_help(reason.name())),
                );
                legal = false;
                break;
            }
        }
        sound &= legal;
        lines.push(Some(line));
    }
    (lines, sound)
}

/// A `capture` or `escape` task: without a `group`, `capture` is the one-move question; with
/// one, either is a reading problem about the chain through it.
pub(super) fn reading(
    cx: &mut TomlReader<'_>,
    raw: &RawExample,
    asked: &Asked<'_>,
    board: &Board,
) -> Option<Task> {
    let goal = match asked.kind {
        TaskKind::Escape => Goal::Escape,
        _ => Goal::Capture,
    };
    let within = match &raw.within {
        None => Some(1),
        Some(w) => match u32::try_from(*w.get_ref()) {
            Ok(n @ 1..=MOST_WITHIN) => Some(n),
            _ => {
                cx.error(
                    w.span(),
                    format!("`within = {}` is not a number of moves from 1 to {MOST_WITHIN}", w.get_ref()),
                    Some("`within` counts the capturing side's moves, the first included, e.g. `within = 3`".into()),
                );
                None
            }
        },
    };
    let Some(g) = &raw.group else {
        if goal == Goal::Escape {
            asked.needs(
                cx,
                "group",
                "add `group = \"C3\"`: a stone of the side to play's chain to save",
            );
            return None;
        }
        if let (Some(w), Some(n)) = (&raw.within, within)
            && n > 1
        {
            cx.error(
                w.span(),
                format!("`within = {n}` needs a `group`: which chain is to be captured"),
                Some("add `group = \"C3\"`, a stone of the chain to capture; without one, `capture` asks which moves capture now".into()),
            );
            return None;
        }
        return within.map(|_| Task::Capture);
    };
    let p = point(cx, g, asked.size)?;
    let mover = asked.to_play.unwrap_or(Color::Black);
    let wanted = match goal {
        Goal::Capture => mover.opponent(),
        Goal::Escape => mover,
    };
    match board.stone(p) {
        None => {
            empty_group(cx, g, p, board);
            return None;
        }
        Some(c) if c != wanted => {
            let (what, other) = match goal {
                Goal::Capture => ("to capture are the opponent's", "escape"),
                Goal::Escape => ("to save are the side to play's own", "capture"),
            };
            cx.error(
                g.span(),
                format!(
                    "`group` names `{p}`, a {} stone, but {} is to play: the stones {what}",
                    c.name(),
                    mover.name()
                ),
                Some(format!(
                    "name a {} stone, or write `task = \"{other}\"`",
                    wanted.name()
                )),
            );
            return None;
        }
        Some(_) => {}
    }
    Some(Task::Reading {
        goal,
        group: p,
        within: within?,
    })
}
