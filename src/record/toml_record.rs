//! TOML game records: a `[rules]` table (shared with kit files) and a `[game]` table of setup,
//! moves and dead stones, with every mistake located at the exact word inside its string.

use std::ops::Range;

use toml::Spanned;
use toml::de::DeTable;

use super::Record;
use crate::diag::{Diagnostic, nearest};
use crate::rules::notation::{self, NotationError};
use crate::rules::{BoardSize, Color, Move, Point, PointError, Rules};
use crate::toml_input::document::{TomlReader, parse_document};
use crate::toml_input::rules_table::{BOARD_SETTING, RULES_KEYS, RULES_REQUIRED, RawRules};
use crate::toml_input::value::{FieldReader, StringPlace, text, text_list};

/// Keys a record's top level may have.
const TOP_KEYS: &[&str] = &["rules", "game"];
/// Keys `[game]` accepts.
const GAME_KEYS: &[&str] = &[
    "setup", "to_play", "moves", "dead", "black", "white", "name", "date",
];

/// The `[game]` table as written.
#[derive(Debug, Default)]
struct RawGame {
    setup: Option<Spanned<String>>,
    to_play: Option<Spanned<String>>,
    moves: Vec<Spanned<String>>,
    dead: Vec<Spanned<String>>,
    black: Option<Spanned<String>>,
    white: Option<Spanned<String>>,
    /// The game's name, as SGF's `GN`.
    name: Option<Spanned<String>>,
    /// When it was played, as written (SGF's `DT`).
    date: Option<Spanned<String>>,
}

impl RawGame {
    /// Reads `[game]`'s values, reporting every one of the wrong kind.
    fn read(table: &DeTable<'_>, problems: &mut Vec<Diagnostic>) -> Option<RawGame> {
        let mut r = FieldReader::new(table);
        let game = RawGame {
            setup: r.one("setup", text),
            to_play: r.one("to_play", text),
            moves: r
                .many("moves", text_list)
                .map(Spanned::into_inner)
                .unwrap_or_default(),
            dead: r
                .many("dead", text_list)
                .map(Spanned::into_inner)
                .unwrap_or_default(),
            black: r.one("black", text),
            white: r.one("white", text),
            name: r.one("name", text),
            date: r.one("date", text),
        };
        let sound = r.problems.is_empty();
        problems.append(&mut r.problems);
        sound.then_some(game)
    }
}

/// The `[rules]` and `[game]` tables of a record, each read with every problem reported.
fn read_tables(source: &str) -> Result<((BoardSize, Rules), RawGame), Vec<Diagnostic>> {
    let mut cx = TomlReader::new(source, &[("[rules]", RULES_KEYS), ("[game]", GAME_KEYS)]);
    let Some(root) = parse_document(&mut cx) else {
        return Err(cx.problems);
    };
    let mut rules = None;
    let mut game = None;
    for (key, value) in root.iter() {
        match key.get_ref().as_ref() {
            "rules" => rules = Some(value),
            "game" => game = Some(value),
            other => {
                let help = match nearest(other, TOP_KEYS) {
                    Some(n) => format!("did you mean `[{n}]`?"),
                    None => "a record has the tables `[rules]` and `[game]`".into(),
                };
                cx.error(
                    key.span(),
                    format!("unknown key `{other}` at the top level"),
                    Some(help),
                );
            }
        }
    }
    let rules = cx
        .table(
            rules,
            "[rules]",
            (RULES_KEYS, RULES_REQUIRED),
            "start the record with a `[rules]` table, e.g. `[rules]` / `board = 5`",
            RawRules::read,
        )
        // The values are checked even when a key is wrong, so one run shows every problem.
        .map(|(raw, keys_sound)| (raw.validate(), keys_sound));
    let game = cx
        .table(
            game,
            "[game]",
            (GAME_KEYS, &[]),
            "add a `[game]` table with `moves = [...]`",
            RawGame::read,
        )
        .and_then(|(raw, keys_sound)| raw.filter(|_| keys_sound));
    match (rules, game) {
        (Some((Ok(rules), true)), Some(game)) if cx.problems.is_empty() => Ok((rules, game)),
        (Some((Err(mut ds), _)), _) => {
            cx.problems.append(&mut ds);
            cx.problems
                .sort_by_key(|d| d.span.as_ref().map_or(0, |s| s.start));
            Err(cx.problems)
        }
        _ => Err(cx.problems),
    }
}

/// The record's `setup` as a board (empty when not given); a point written wrong or a chain
/// set up without a liberty is a problem.
fn read_setup(
    source: &str,
    written: Option<&Spanned<String>>,
    size: BoardSize,
    problems: &mut Vec<Diagnostic>,
) -> crate::rules::Board {
    let mut setup = crate::rules::Board::new(size);
    let Some(value) = written else {
        return setup;
    };
    let place = StringPlace::of(source, value);
    match notation::parse_written_position(value.get_ref(), size, BOARD_SETTING) {
        Ok(placed) => {
            setup = notation::board_of(size, &placed);
            for chain in notation::chains_without_liberty(&setup) {
                let span = placed
                    .iter()
                    .find(|p| p.point == chain.first)
                    .map_or_else(|| value.span(), |p| place.map(&p.span));
                problems
                    .push(Diagnostic::at(span, chain.message).with_help(notation::NO_LIBERTY_HELP));
            }
        }
        Err(errors) => problems.extend(errors.into_iter().map(|e| notation_error(&place, e))),
    }
    setup
}

/// The stones the record names dead, each with where it is written; each must be a point of
/// the board, named once.
fn read_dead(
    source: &str,
    written: &[Spanned<String>],
    size: BoardSize,
    problems: &mut Vec<Diagnostic>,
) -> Vec<(Point, Range<usize>)> {
    let mut dead = Vec::new();
    for value in written {
        let text = value.get_ref();
        let word = text.trim();
        let offset = text.len() - text.trim_start().len();
        let span = StringPlace::of(source, value).map(&(offset..offset + word.len()));
        match Point::parse(word, size) {
            Ok(p) if dead.iter().any(|(q, _)| *q == p) => problems.push(
                Diagnostic::at(span, format!("`{p}` is named dead twice"))
                    .with_help("name each dead stone once"),
            ),
            Ok(p) => dead.push((p, span)),
            Err(e) => problems.push(
                Diagnostic::at(span, e.to_string())
                    .with_help("list each dead stone as a point, e.g. `dead = [\"D4\", \"E4\"]`"),
            ),
        }
    }
    dead
}

/// A notation error inside the string at `place`, as a problem at its place in the file.
fn notation_error(place: &StringPlace, e: NotationError) -> Diagnostic {
    let d = Diagnostic::at(place.map(&e.span), e.message);
    match e.help {
        Some(help) => d.with_help(help),
        None => d,
    }
}

/// Reads a TOML record.
pub(super) fn load(source: &str) -> Result<Record, Vec<Diagnostic>> {
    let ((size, rules), game) = read_tables(source)?;
    let mut problems = Vec::new();
    let at = |span: Range<usize>, message: String| Diagnostic::at(span, message);
    let setup = read_setup(source, game.setup.as_ref(), size, &mut problems);

    let mut to_play = None;
    if let Some(value) = &game.to_play {
        match Color::parse(value.get_ref().trim()) {
            Some(c) => to_play = Some(c),
            None => problems.push(
                at(
                    value.span(),
                    format!("`{}` is not a colour", value.get_ref()),
                )
                .with_help("write `to_play = \"black\"` or `to_play = \"white\"`"),
            ),
        }
    }

    let mut moves = Vec::new();
    for value in &game.moves {
        match read_move(value.get_ref(), size) {
            Ok((color, mv)) => moves.push((color, mv, value.span())),
            Err(e) => problems.push(notation_error(&StringPlace::of(source, value), e)),
        }
    }

    let dead = read_dead(source, &game.dead, size, &mut problems);

    // Unless the record says, the first move's colour is who moves first, as in an SGF record
    // and a kit's history: under situational superko it decides which positions repeat.
    let to_play = to_play
        .or_else(|| moves.first().and_then(|m| m.0))
        .unwrap_or(Color::Black);
    if problems.is_empty() {
        Ok(Record {
            size,
            rules,
            setup,
            to_play,
            moves,
            dead,
            info: super::GameInfo {
                black: game.black.as_ref().map(|b| b.get_ref().clone()),
                white: game.white.as_ref().map(|w| w.get_ref().clone()),
                name: game.name.as_ref().map(|n| n.get_ref().clone()),
                date: game.date.as_ref().map(|d| d.get_ref().clone()),
                ..super::GameInfo::default()
            },
            rules_source: super::RulesSource::Table,
            notes: Vec::new(),
            variations: 0,
            setups: Vec::new(),
        })
    } else {
        Err(problems)
    }
}

/// Reads one move; a well-formed point outside the board (`F3` on 5x5) is kept as a move, so the
/// referee can rule it illegal (`off-board`) instead of calling the record malformed.
fn read_move(text: &str, size: BoardSize) -> Result<(Option<Color>, Move), NotationError> {
    let e = match notation::parse_move(text, size) {
        Ok(read) => return Ok(read),
        Err(e) => e,
    };
    let word = text.get(e.span.clone()).unwrap_or_default();
    let before = text.get(..e.span.start).unwrap_or_default().trim();
    let after = text.get(e.span.end..).unwrap_or_default().trim();
    if let (Err(PointError::OffBoard { .. }), Ok(point), true) = (
        Point::parse(word, size),
        Point::parse_unbounded(word),
        after.is_empty(),
    ) {
        let color = if before.is_empty() {
            None
        } else {
            match Color::parse(before) {
                Some(c) => Some(c),
                None => return Err(e),
            }
        };
        return Ok((color, Move::Play(point)));
    }
    Err(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn five() -> BoardSize {
        BoardSize::new(5).unwrap()
    }

    #[test]
    fn a_well_formed_off_board_point_is_a_move() {
        assert_eq!(
            read_move("black F3", five()),
            Ok((Some(Color::Black), Move::Play(Point::new(5, 2))))
        );
        assert_eq!(
            read_move("A6", five()),
            Ok((None, Move::Play(Point::new(0, 5))))
        );
        assert!(read_move("F3 C4", five()).is_err());
        assert!(read_move("green F3", five()).is_err());
        assert!(read_move("black Q", five()).is_err());
    }

    #[test]
    fn spans_inside_strings_map_into_the_file() {
        let source = "[rules]\nboard = 5\n[game]\nmoves = [\"black C4\", \"W Q9x\"]\n";
        let errs = load(source).unwrap_err();
        assert_eq!(errs.len(), 1);
        let span = errs[0].span.clone().unwrap();
        assert_eq!(&source[span], "Q9x");
    }

    #[test]
    fn unknown_keys_suggest_the_nearest() {
        let source = "[rules]\nboard = 5\nkomy = 1\n[game]\n";
        let errs = load(source).unwrap_err();
        assert_eq!(errs[0].message, "unknown key `komy` in `[rules]`");
        assert_eq!(errs[0].help.as_deref(), Some("did you mean `komi`?"));
    }
}
