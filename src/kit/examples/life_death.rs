//! The examples whose answer is proven life and death: `kill` and `live` about the group
//! through a named stone, played inside a `region` (or one worked out from the stones), with
//! a source's `correct` and `wrong` lines to hold against the proof.

use toml::Spanned;

use super::super::model::{Task, TaskKind};
use super::super::schema::RawExample;
use super::reading::source_lines;
use super::{Asked, empty_group, point};
use crate::rules::life_death::{Goal, region::Rect};
use crate::rules::{Board, BoardSize, Color, Point};
use crate::toml_input::document::TomlReader;

/// A `kill` or `live` task: `group` names a stone of the opponent's group (kill) or of the side
/// to play's own (live); `region`, when written, is a rectangle on the board holding it; the
/// source's lines read as `solve` reads them. `None` after reporting every problem.
pub(super) fn life_death(
    cx: &mut TomlReader<'_>,
    raw: &RawExample,
    asked: &Asked<'_>,
    board: &Board,
) -> Option<Task> {
    let goal = match asked.kind {
        TaskKind::Live => Goal::Live,
        _ => Goal::Kill,
    };
    // Every field is read before any is given up on, so one run reports them all.
    let group = match &raw.group {
        None => {
            let whose = match goal {
                Goal::Kill => "a stone of the opponent's group to kill",
                Goal::Live => "a stone of the side to play's group to make live",
            };
            asked.needs(cx, "group", &format!("add `group = \"C3\"`: {whose}"));
            None
        }
        Some(g) => point(cx, g, asked.size).and_then(|p| group_stone(cx, g, p, goal, asked, board)),
    };
    let region = match &raw.region {
        None => Some(None),
        Some(r) => region(cx, r, asked.size).map(Some),
    };
    let lines = source_lines(cx, raw, asked, board);
    let (group, region, (correct, wrong, source)) = (group?, region?, lines?);
    if let (Some(rect), Some(written)) = (region, &raw.region)
        && !rect.contains(group)
    {
        cx.error(
            written.span(),
            format!(
                "example {}: `region = \"{}\"` does not hold the group's stone {group}",
                asked.number,
                written.get_ref().trim()
            ),
            Some(format!(
                "the problem is played inside the region, so it must hold the group: widen it to take in {group}, or leave `region` out to have it worked out from the stones"
            )),
        );
        return None;
    }
    Some(Task::LifeDeath {
        goal,
        group,
        region,
        correct,
        wrong,
        source,
    })
}

/// `p` when it holds a stone of the colour `goal` asks about; else `None` after saying which
/// colour to name, or which task fits the stone named.
fn group_stone(
    cx: &mut TomlReader<'_>,
    g: &Spanned<String>,
    p: Point,
    goal: Goal,
    asked: &Asked<'_>,
    board: &Board,
) -> Option<Point> {
    let mover = asked.to_play.unwrap_or(Color::Black);
    let wanted = match goal {
        Goal::Kill => mover.opponent(),
        Goal::Live => mover,
    };
    match board.stone(p) {
        None => {
            empty_group(cx, g, p, board);
            None
        }
        Some(c) if c != wanted => {
            let (what, other) = match goal {
                Goal::Kill => ("the group to kill is the opponent's", "live"),
                Goal::Live => ("the group to make live is the side to play's own", "kill"),
            };
            cx.error(
                g.span(),
                format!(
                    "`group` names `{p}`, a {} stone, but {} is to play: {what}",
                    c.name(),
                    mover.name()
                ),
                Some(format!(
                    "name a {} stone, or write `task = \"{other}\"`",
                    wanted.name()
                )),
            );
            None
        }
        Some(_) => Some(p),
    }
}

/// Reads `region = "A13:H19"`: two opposite corners of a rectangle on the board.
fn region(cx: &mut TomlReader<'_>, raw: &Spanned<String>, size: BoardSize) -> Option<Rect> {
    let text = raw.get_ref().trim();
    let last = size.column_letters().last().unwrap_or('A');
    let help = format!(
        "write two opposite corners of the rectangle the problem is played in, e.g. `region = \"A1:{last}{}\"` for the whole board",
        size.get()
    );
    let Some((a, b)) = text.split_once(':') else {
        cx.error(
            raw.span(),
            format!("`region = \"{text}\"` is not two corners joined by `:`"),
            Some(help),
        );
        return None;
    };
    match (Point::parse(a.trim(), size), Point::parse(b.trim(), size)) {
        (Ok(a), Ok(b)) => Some(Rect::spanning(a, b)),
        (Err(e), _) | (_, Err(e)) => {
            cx.error(raw.span(), format!("`region`: {e}"), Some(help));
            None
        }
    }
}
