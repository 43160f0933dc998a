//! One `[[example]]`: its position, task and task fields checked against the board and rules.

use std::ops::Range;

use toml::Spanned;

mod life_death;
mod reading;

use super::keys;
use super::model::{Example, Task, TaskKind, View};
use super::schema::RawExample;
use crate::diag::nearest;
use crate::rules::notation::{
    NO_LIBERTY_HELP, NotationError, board_of, chains_without_liberty, diagram, parse_move,
    parse_written_position, point_list,
};
use crate::rules::{Board, BoardSize, Color, Game, Move, Point, Position, Rules};
use crate::toml_input::document::TomlReader;
use crate::toml_input::rules_table::BOARD_SETTING;
use crate::toml_input::value::StringPlace;

/// Checks one example (numbered from 1); `None` when it has problems (already reported).
/// The position and the form of the key are checked even when another value is wrong, so a
/// bad position never hides a bad key.
pub(crate) fn check(
    cx: &mut TomlReader<'_>,
    number: usize,
    raw: &RawExample,
    size: BoardSize,
    rules: &Rules,
) -> Option<Example> {
    let before = cx.problems.len();
    let board = raw.position.as_ref().and_then(|p| position(cx, p, size));
    let to_play = raw.to_play.as_ref().and_then(|c| player(cx, c));
    let task_value = raw.task.as_ref()?;
    let kind = task_kind(cx, task_value)?;
    // A malformed key is reported here and the example is checked on: its problems are counted
    // at the end, where any of them keeps the example out.
    let key = raw
        .key
        .as_ref()
        .and_then(|k| keys::read(cx, number, kind, k, size));
    if !raw.sound {
        return None;
    }
    unused_fields(cx, raw, kind);
    let asked = Asked {
        number,
        kind,
        span: task_value.span(),
        size,
        rules,
        to_play,
    };
    if matches!(
        kind,
        TaskKind::Capture
            | TaskKind::Escape
            | TaskKind::Legal
            | TaskKind::Solve
            | TaskKind::Kill
            | TaskKind::Live
    ) && !raw.is_written("to_play")
    {
        asked.needs(
            cx,
            "to_play",
            "add `to_play = \"black\"` or `to_play = \"white\"`",
        );
    }
    let board = board?;
    let task = task(cx, raw, &asked, &board)?;
    if cx.problems.len() != before {
        return None;
    }
    let view = match &raw.view {
        Some(v) => Some((view(cx, v, size)?, v.span())),
        None => None,
    };
    Some(Example {
        number,
        title: raw.title.as_ref().map(|t| t.get_ref().clone()),
        prompt: raw.prompt.as_ref().map(|t| t.get_ref().clone()),
        position_text: position_text(raw.position.as_ref()?.get_ref(), &board),
        board: Position::of(&board),
        to_play,
        task,
        task_span: task_value.span(),
        key,
        view,
    })
}

/// The player `to_play` names, or `None` after reporting it is not one.
fn player(cx: &mut TomlReader<'_>, written: &Spanned<String>) -> Option<Color> {
    let text = written.get_ref().trim();
    let color = Color::parse(text).filter(|_| !text.is_empty());
    if color.is_none() {
        cx.error(
            written.span(),
            format!("`{}` is not a player", written.get_ref()),
            Some("write `to_play = \"black\"` or `to_play = \"white\"`".into()),
        );
    }
    color
}

/// The task `task` names, or `None` after reporting it with the nearest task name.
fn task_kind(cx: &mut TomlReader<'_>, task_value: &Spanned<String>) -> Option<TaskKind> {
    let kind = TaskKind::parse(task_value.get_ref());
    if kind.is_none() {
        let names = TaskKind::NAMES.join(", ");
        let help = match nearest(task_value.get_ref().trim(), TaskKind::NAMES) {
            Some(n) => format!("did you mean `{n}`? tasks are: {names}"),
            None => format!("tasks are: {names}"),
        };
        cx.error(
            task_value.span(),
            format!("unknown task `{}`", task_value.get_ref()),
            Some(help),
        );
    }
    kind
}

/// What an example asks, as its task's own fields are read.
struct Asked<'r> {
    number: usize,
    kind: TaskKind,
    /// Where `task` is written, for a missing field.
    span: Range<usize>,
    size: BoardSize,
    rules: &'r Rules,
    to_play: Option<Color>,
}

impl Asked<'_> {
    /// Reports that the task needs `field`, with `what` to write.
    fn needs(&self, cx: &mut TomlReader<'_>, field: &str, what: &str) {
        cx.error(
            self.span.clone(),
            format!(
                "example {}: task `{}` needs `{field}`",
                self.number,
                self.kind.name()
            ),
            Some(what.to_string()),
        );
    }
}

/// The task with its own fields read on `board`, or `None` after reporting what is wrong.
fn task(
    cx: &mut TomlReader<'_>,
    raw: &RawExample,
    asked: &Asked<'_>,
    board: &Board,
) -> Option<Task> {
    let Asked {
        size,
        rules,
        to_play,
        ..
    } = *asked;
    match asked.kind {
        TaskKind::Capture | TaskKind::Escape => reading::reading(cx, raw, asked, board),
        TaskKind::Liberties => match &raw.group {
            None => {
                asked.needs(
                    cx,
                    "group",
                    "add `group = \"C3\"`: any stone of the chain asked about",
                );
                None
            }
            Some(g) => point(cx, g, size).and_then(|p| {
                if board.stone(p).is_some() {
                    Some(Task::Liberties { group: p })
                } else {
                    empty_group(cx, g, p, board);
                    None
                }
            }),
        },
        TaskKind::Legal => {
            let mover = to_play.unwrap_or(Color::Black);
            let history = raw.history.as_ref().map_or(Some(Vec::new()), |h| {
                let moves = move_list(cx, h, size, mover, true)?;
                play_through(cx, h, &moves, board, mover, rules, "history").map(|_| moves)
            });
            let mv = match &raw.mv {
                None => {
                    asked.needs(cx, "move", "add `move = \"C4\"`: the point asked about");
                    None
                }
                Some(m) => point(cx, m, size),
            };
            match (history, mv) {
                (Some(history), Some(mv)) => Some(Task::Legal { mv, history }),
                _ => None,
            }
        }
        TaskKind::Sequence => match &raw.moves {
            None => {
                asked.needs(
                    cx,
                    "moves",
                    "add e.g. `moves = [\"black C4\", \"white D4\"]`",
                );
                None
            }
            Some(m) => {
                let first = to_play.unwrap_or(Color::Black);
                let moves = move_list(cx, m, size, first, false)?;
                play_through(cx, m, &moves, board, first, rules, "moves")?;
                Some(Task::Sequence { moves })
            }
        },
        TaskKind::Score => {
            let dead = match &raw.dead {
                None => Some(Vec::new()),
                Some(d) => dead_stones(cx, d, board, size),
            };
            dead.map(|dead| Task::Score { dead })
        }
        TaskKind::Solve => reading::solve(cx, raw, asked, board),
        TaskKind::Kill | TaskKind::Live => life_death::life_death(cx, raw, asked, board),
    }
}

/// Reads `view = "A1:G7"`: two opposite corners of a rectangle of at least 2x2 points.
fn view(cx: &mut TomlReader<'_>, raw: &Spanned<String>, size: BoardSize) -> Option<View> {
    let text = raw.get_ref().trim();
    let help = format!(
        "write two opposite corners, e.g. `view = \"A1:{}{}\"` for the lower-left corner",
        size.column_letters()
            .nth(usize::from(size.get().min(7)) - 1)
            .unwrap_or('A'),
        size.get().min(7)
    );
    let Some((a, b)) = text.split_once(':') else {
        cx.error(
            raw.span(),
            format!("`view = \"{text}\"` is not two corners joined by `:`"),
            Some(help),
        );
        return None;
    };
    let (a, b) = match (Point::parse(a.trim(), size), Point::parse(b.trim(), size)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            cx.error(raw.span(), format!("`view`: {e}"), Some(help));
            return None;
        }
    };
    let v = View {
        low: Point::new(a.col.min(b.col), a.row.min(b.row)),
        high: Point::new(a.col.max(b.col), a.row.max(b.row)),
    };
    if v.columns() < 2 || v.rows() < 2 {
        cx.error(
            raw.span(),
            format!("`view = \"{text}\"` is a single line of points"),
            Some("a view shows at least two columns and two rows".into()),
        );
        return None;
    }
    Some(v)
}

/// A task field's name, where it is written, and the tasks that read it.
type FieldOwners<'a> = (&'a str, Option<Range<usize>>, &'a [TaskKind]);

/// Task fields given to a task that does not use them are mistakes worth reporting.
fn unused_fields(cx: &mut TomlReader<'_>, raw: &RawExample, task: TaskKind) {
    use TaskKind::{Capture, Escape, Kill, Legal, Liberties, Live, Score, Sequence, Solve};
    let fields: [FieldOwners; 10] = [
        (
            "group",
            raw.group.as_ref().map(Spanned::span),
            &[Liberties, Capture, Escape, Kill, Live],
        ),
        (
            "within",
            raw.within.as_ref().map(Spanned::span),
            &[Capture, Escape],
        ),
        ("move", raw.mv.as_ref().map(Spanned::span), &[Legal]),
        ("history", raw.history.as_ref().map(Spanned::span), &[Legal]),
        ("moves", raw.moves.as_ref().map(Spanned::span), &[Sequence]),
        ("dead", raw.dead.as_ref().map(Spanned::span), &[Score]),
        (
            "correct",
            raw.correct.as_ref().map(Spanned::span),
            &[Solve, Kill, Live],
        ),
        (
            "wrong",
            raw.wrong.as_ref().map(Spanned::span),
            &[Solve, Kill, Live],
        ),
        (
            "source",
            raw.source.as_ref().map(Spanned::span),
            &[Solve, Kill, Live],
        ),
        (
            "region",
            raw.region.as_ref().map(Spanned::span),
            &[Kill, Live],
        ),
    ];
    for (name, span, owners) in fields {
        let owner = owners[0];
        if let Some(span) = span
            && !owners.contains(&task)
        {
            cx.error(
                span,
                format!("`{name}` does nothing in a `{}` example", task.name()),
                Some(format!(
                    "`{name}` belongs to `task = \"{}\"`; remove it or change the task",
                    owner.name()
                )),
            );
        }
    }
}

fn notation_error(cx: &mut TomlReader<'_>, place: &StringPlace, e: NotationError) {
    cx.error(place.map(&e.span), e.message, e.help);
}

/// The position as the pack shows it in words: as the author wrote it, or for a diagram (whose
/// lines would run together on one line) the list of its points, `black B3 C2 D3; white C3`.
fn position_text(written: &str, board: &Board) -> String {
    if diagram::looks_like_diagram(written) {
        point_list(board)
    } else {
        written.to_string()
    }
}

/// The board of a written position (a list of points or a diagram), or `None` after reporting
/// what is wrong with it.
fn position(cx: &mut TomlReader<'_>, text: &Spanned<String>, size: BoardSize) -> Option<Board> {
    let place = StringPlace::of(cx.source, text);
    let placed = match parse_written_position(text.get_ref(), size, BOARD_SETTING) {
        Ok(p) => p,
        Err(errors) => {
            for e in errors {
                notation_error(cx, &place, e);
            }
            return None;
        }
    };
    let board = board_of(size, &placed);
    let airless = chains_without_liberty(&board);
    for chain in &airless {
        let span = placed
            .iter()
            .find(|p| p.point == chain.first)
            .map_or_else(|| text.span(), |p| place.map(&p.span));
        cx.error(span, chain.message.clone(), Some(NO_LIBERTY_HELP.into()));
    }
    airless.is_empty().then_some(board)
}

fn point(cx: &mut TomlReader<'_>, text: &Spanned<String>, size: BoardSize) -> Option<Point> {
    match parse_move(text.get_ref(), size) {
        Ok((None, Move::Play(p))) => Some(p),
        Ok(_) => {
            cx.error(
                text.span(),
                format!("`{}` is not a point", text.get_ref()),
                Some("write just the point, e.g. `\"C4\"`".into()),
            );
            None
        }
        Err(e) => {
            notation_error(cx, &StringPlace::of(cx.source, text), e);
            None
        }
    }
}

/// Reports a `group` that names an empty point, listing the stones there are.
fn empty_group(cx: &mut TomlReader<'_>, g: &Spanned<String>, p: Point, board: &Board) {
    cx.error(
        g.span(),
        format!("`group` names `{p}`, which is empty in this position"),
        Some(format!(
            "name a stone of the chain; stones here: {}",
            stone_list(board)
        )),
    );
}

fn stone_list(board: &Board) -> String {
    let mut all = board.stones(Color::Black);
    all.extend(board.stones(Color::White));
    all.sort();
    all.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads a list of moves; moves without a colour alternate, starting with `first` (or, for a
/// history, ending just before `first` moves).
fn move_list(
    cx: &mut TomlReader<'_>,
    list: &Spanned<Vec<Spanned<String>>>,
    size: BoardSize,
    first: Color,
    history: bool,
) -> Option<Vec<(Color, Move)>> {
    let items = list.get_ref();
    let mut next = if history && items.len() % 2 == 1 {
        first.opponent()
    } else {
        first
    };
    let mut out = Vec::new();
    let mut sound = true;
    for item in items {
        match parse_move(item.get_ref(), size) {
            Ok((color, mv)) => {
                let color = color.unwrap_or(next);
                next = color.opponent();
                out.push((color, mv));
            }
            Err(e) => {
                sound = false;
                notation_error(cx, &StringPlace::of(cx.source, item), e);
            }
        }
    }
    sound.then_some(out)
}

/// Plays `moves` from `board`, reporting the first illegal one at its entry.
fn play_through(
    cx: &mut TomlReader<'_>,
    list: &Spanned<Vec<Spanned<String>>>,
    moves: &[(Color, Move)],
    board: &Board,
    first: Color,
    rules: &Rules,
    field: &str,
) -> Option<()> {
    let mut game = Game::new(board.clone(), starting_side(moves, first), *rules);
    for (i, (&(color, mv), item)) in moves.iter().zip(list.get_ref()).enumerate() {
        if let Err(reason) = game.play(color, mv) {
            let why = match reason.name() {
                "game-over" => match game.end() {
                    Some(end) => format!("the game already ended ({end})"),
                    None => "the game already ended".into(),
                },
                other => other.to_string(),
            };
            cx.error(
                item.span(),
                format!("`{field}` entry {}: {color} {mv} is illegal ({why})", i + 1),
                Some(illegal_help(reason.name())),
            );
            return None;
        }
    }
    Some(())
}

/// Who is to move in the position as written: the colour of the first move played from it, when
/// there is one, else `otherwise`. Situational superko tells positions apart by who is to move,
/// so a history that starts with White must start from the position with White to move.
pub fn starting_side(moves: &[(Color, Move)], otherwise: Color) -> Color {
    moves.first().map_or(otherwise, |&(color, _)| color)
}

fn illegal_help(reason: &str) -> String {
    match reason {
        "occupied" => {
            "the point already holds a stone; check the position and earlier moves".into()
        }
        "suicide" => "the stone's chain would have no liberty and it captures nothing".into(),
        "superko" => "the move would recreate an earlier whole-board position".into(),
        _ => "an example's moves must all be legal; a `legal` example asks about one more move"
            .into(),
    }
}

fn dead_stones(
    cx: &mut TomlReader<'_>,
    list: &Spanned<Vec<Spanned<String>>>,
    board: &Board,
    size: BoardSize,
) -> Option<Vec<Point>> {
    let mut out = Vec::new();
    let mut sound = true;
    for item in list.get_ref() {
        match point(cx, item, size) {
            Some(p) if board.stone(p).is_some() && !out.contains(&p) => out.push(p),
            Some(p) if board.stone(p).is_some() => {
                sound = false;
                cx.error(
                    item.span(),
                    format!("`{p}` is named twice in `dead`"),
                    Some("name each dead stone once".into()),
                );
            }
            Some(p) => {
                sound = false;
                cx.error(
                    item.span(),
                    format!("`{p}` is named as dead but holds no stone"),
                    Some(format!("stones here: {}", stone_list(board))),
                );
            }
            None => sound = false,
        }
    }
    sound.then_some(out)
}
