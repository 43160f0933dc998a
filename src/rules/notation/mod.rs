//! The activity's notation: positions like `white C3; black B3 C2 D3` and moves like `black C4`, `W D4`, `pass`.
//!
//! A position may also be drawn as a diagram ([`diagram`]); [`parse_written_position`] reads
//! either form. Errors carry the byte range within the text they read, so callers can point at
//! the exact word.

pub mod diagram;

use std::fmt;
use std::ops::Range;

use super::board::Board;
use super::point::{BoardSize, Color, Move, Point};

/// A mistake in a piece of notation, with where it is in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// Byte range of the offending word within the text that was read.
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// What would be right.
    pub help: Option<String>,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

/// One stone of a written position, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// Its colour.
    pub color: Color,
    /// Its point.
    pub point: Point,
    /// Byte range of the point in the text.
    pub span: Range<usize>,
}

/// Words with their byte ranges, split on whitespace, commas and semicolons; a `;` also
/// yields a `None` separator so a colour does not carry across groups.
fn words(text: &str) -> Vec<Option<(&str, Range<usize>)>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let separator = c.is_whitespace() || c == ',' || c == ';';
        if separator {
            if let Some(s) = start.take() {
                out.push(Some((&text[s..i], s..i)));
            }
            if c == ';' {
                out.push(None);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(Some((&text[s..], s..text.len())));
    }
    out
}

fn point_error(
    word: &str,
    span: Range<usize>,
    size: BoardSize,
) -> impl FnOnce(super::PointError) -> NotationError {
    let word = word.to_string();
    move |e| NotationError {
        span,
        message: e.to_string(),
        help: match e {
            super::PointError::OffBoard { .. } => Some(format!(
                "use a point from A1 to {}{}, or a larger board",
                size.last_column(),
                size.get()
            )),
            super::PointError::ColumnI(_) => {
                let as_j = format!("J{}", &word[1..]);
                Some(match Point::parse(&as_j, size) {
                    Ok(_) => format!(
                        "Go notation skips `I`: after `H` comes `J` (did you mean `{as_j}`?)"
                    ),
                    Err(_) => format!(
                        "Go notation skips `I`; the {size} board has columns A to {} and rows 1 to {}",
                        size.last_column(),
                        size.get()
                    ),
                })
            }
            super::PointError::Malformed(_) => {
                Some("write points like `C3`: a column letter, then a row number".into())
            }
        },
    }
}

/// Reads a position: groups of `black`/`white` followed by points, separated by `;` (commas and
/// spaces between points). Every mistake is reported, not only the first: a bad point, a point
/// named twice (in one colour or both), points before any colour (once per run of them).
pub fn parse_position(text: &str, size: BoardSize) -> Result<Vec<Placed>, Vec<NotationError>> {
    let mut color: Option<Color> = None;
    let mut placed: Vec<Placed> = Vec::new();
    let mut errors = Vec::new();
    // Only the first point of a run without a colour is reported: the rest share its cause.
    let mut colourless_reported = false;
    for word in words(text) {
        let Some((word, span)) = word else {
            color = None;
            colourless_reported = false;
            continue;
        };
        // `B` and `W` name colours here as they do in moves and `to_play`.
        if let Some(c) = Color::parse(word) {
            color = Some(c);
            continue;
        }
        let Some(c) = color else {
            if !colourless_reported {
                colourless_reported = true;
                errors.push(NotationError {
                    span,
                    message: format!("`{word}` has no colour"),
                    help: Some(
                        "start each group with `black` or `white`, e.g. `white C3; black B3 C2 D3`"
                            .into(),
                    ),
                });
            }
            continue;
        };
        let point = match Point::parse(word, size) {
            Ok(point) => point,
            Err(e) => {
                errors.push(point_error(word, span.clone(), size)(e));
                continue;
            }
        };
        if let Some(first) = placed.iter().find(|p| p.point == point) {
            let message = if first.color == c {
                format!("`{point}` is named twice as {c}")
            } else {
                format!("`{point}` is named as {} and again as {c}", first.color)
            };
            errors.push(NotationError {
                span,
                message,
                help: Some("a point holds one stone; remove one of them".into()),
            });
            continue;
        }
        placed.push(Placed {
            color: c,
            point,
            span,
        });
    }
    if errors.is_empty() {
        Ok(placed)
    } else {
        Err(errors)
    }
}

/// Reads a position in either form: a diagram (several lines of `X`, `O` and `.`) or a list of
/// points (`white C3; black B3 C2 D3`). Both give the same stones for the same position.
/// `board_setting` names where the file sets the board's size, for a diagram of another size.
pub fn parse_written_position(
    text: &str,
    size: BoardSize,
    board_setting: &str,
) -> Result<Vec<Placed>, Vec<NotationError>> {
    if diagram::looks_like_diagram(text) {
        diagram::parse_diagram(text, size, board_setting)
    } else {
        parse_position(text, size)
    }
}

/// The board's stones as a list of points, black first, each colour sorted by column then row:
/// `black B3 C2 D3; white C3` (empty for an empty board). [`parse_position`] reads it back.
pub fn point_list(board: &Board) -> String {
    [Color::Black, Color::White]
        .into_iter()
        .filter_map(|color| {
            let stones = board.stones(color);
            if stones.is_empty() {
                return None;
            }
            let points: Vec<String> = stones.iter().map(ToString::to_string).collect();
            Some(format!("{color} {}", points.join(" ")))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A chain of a written position that has no liberty: such a position cannot arise in play,
/// because the chain would have been captured when its last liberty was filled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainWithoutLiberty {
    /// The chain's first stone (lowest column, then row), where a problem points.
    pub first: Point,
    /// The chain's colour.
    pub color: Color,
    /// What is wrong, naming the chain's stones.
    pub message: String,
}

/// What would be right when a written position has a chain without a liberty.
pub const NO_LIBERTY_HELP: &str = "a chain without liberties is captured at once, so this position cannot arise in play; empty one of its neighbours";

/// Every chain of `board` (a written position) without a liberty. Kit positions and the setup
/// of game records are held to this one rule, in one wording.
pub fn chains_without_liberty(board: &Board) -> Vec<ChainWithoutLiberty> {
    board
        .chains()
        .into_iter()
        .filter(|chain| chain.liberties.is_empty())
        .filter_map(|chain| {
            let first = *chain.stones.first()?;
            let stones: Vec<String> = chain.stones.iter().map(ToString::to_string).collect();
            let noun = if stones.len() == 1 { "stone" } else { "chain" };
            Some(ChainWithoutLiberty {
                first,
                color: chain.color,
                message: format!(
                    "the {} {noun} `{}` has no liberty",
                    chain.color,
                    stones.join(" ")
                ),
            })
        })
        .collect()
}

/// Builds a board from placed stones, without captures.
pub fn board_of(size: BoardSize, placed: &[Placed]) -> Board {
    let mut board = Board::new(size);
    for p in placed {
        board.place_unchecked(p.point, p.color);
    }
    board
}

/// Reads one move: `black C4`, `B C4`, `white pass`, `C4` or `pass` (the last two for whoever is to move).
pub fn parse_move(text: &str, size: BoardSize) -> Result<(Option<Color>, Move), NotationError> {
    let parts: Vec<(&str, Range<usize>)> = words(text).into_iter().flatten().collect();
    let help = || Some("write a move as `black C4`, `W D4`, `C4` or `pass`".to_string());
    let (color, (word, span)) = match parts.as_slice() {
        [(c, cspan), rest] => match Color::parse(c) {
            Some(color) => (Some(color), rest.clone()),
            None => {
                return Err(NotationError {
                    span: cspan.clone(),
                    message: format!("`{c}` is not a colour"),
                    help: Some("use `black`, `white`, `B` or `W`".into()),
                });
            }
        },
        [single] => (None, single.clone()),
        [] => {
            return Err(NotationError {
                span: 0..text.len(),
                message: "empty move".into(),
                help: help(),
            });
        }
        [_, _, extra, ..] => {
            return Err(NotationError {
                span: extra.1.clone(),
                message: format!("unexpected `{}` after the move", extra.0),
                help: help(),
            });
        }
    };
    if word.eq_ignore_ascii_case("pass") {
        return Ok((color, Move::Pass));
    }
    let point = Point::parse(word, size).map_err(point_error(word, span, size))?;
    Ok((color, Move::Play(point)))
}

/// One move of a written line, with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineEntry {
    /// The colour written before it, if any.
    pub color: Option<Color>,
    /// The move.
    pub mv: Move,
    /// Byte range of the move (its colour included) in the text.
    pub span: Range<usize>,
}

/// Reads a line of moves written in one text, as a problem's solution is: `C1 B1 D2`,
/// `B C1, W B1`, `black C1 white pass`. A colour word belongs to the move after it; every
/// mistake is reported, each at its word.
pub fn parse_line(text: &str, size: BoardSize) -> Result<Vec<LineEntry>, Vec<NotationError>> {
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    let mut colour: Option<(Color, Range<usize>)> = None;
    for (word, span) in words(text).into_iter().flatten() {
        if let Some(c) = Color::parse(word) {
            if let Some((_, earlier)) = colour.replace((c, span.clone())) {
                errors.push(NotationError {
                    span: earlier,
                    message: format!("`{}` is not followed by a move", &text[span.clone()]),
                    help: Some("write a colour just before its move: `B C1 W B1`".into()),
                });
            }
            continue;
        }
        let start = colour.as_ref().map_or(span.start, |(_, s)| s.start);
        let color = colour.take().map(|(c, _)| c);
        let mv = if word.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            match Point::parse(word, size) {
                Ok(p) => Move::Play(p),
                Err(e) => {
                    errors.push(point_error(word, span, size)(e));
                    continue;
                }
            }
        };
        entries.push(LineEntry {
            color,
            mv,
            span: start..span.end,
        });
    }
    if let Some((_, span)) = colour {
        errors.push(NotationError {
            span,
            message: "a colour ends the line with no move after it".into(),
            help: Some("write a colour just before its move: `B C1 W B1`".into()),
        });
    }
    if entries.is_empty() && errors.is_empty() {
        errors.push(NotationError {
            span: 0..text.len(),
            message: "empty line".into(),
            help: Some("write the line's moves, e.g. `\"C1 B1 D2\"`".into()),
        });
    }
    if errors.is_empty() {
        Ok(entries)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn five() -> BoardSize {
        BoardSize::new(5).unwrap()
    }

    fn names(placed: &[Placed]) -> Vec<String> {
        placed
            .iter()
            .map(|p| format!("{} {}", p.color, p.point))
            .collect()
    }

    #[test]
    fn reads_the_seed_notation_in_every_spelling() {
        let expected = ["white C3", "black B3", "black C2", "black D3"];
        assert_eq!(
            names(&parse_position("white C3; black B3 C2 D3", five()).unwrap()),
            expected
        );
        assert_eq!(
            names(&parse_position("white C3; black B3,C2,D3", five()).unwrap()),
            expected
        );
        let reversed = parse_position("black B3, C2, D3; white c3", five()).unwrap();
        assert_eq!(
            names(&reversed),
            ["black B3", "black C2", "black D3", "white C3"]
        );
    }

    #[test]
    fn a_point_named_twice_is_an_error_naming_it() {
        let err = &parse_position("white C3; black B3 C3", five()).unwrap_err()[0];
        assert_eq!(err.message, "`C3` is named as white and again as black");
        assert_eq!(err.span, 19..21);
        let err = &parse_position("black B3 b3", five()).unwrap_err()[0];
        assert_eq!(err.message, "`B3` is named twice as black");
    }

    /// The one-letter colours of moves and `to_play` name colours in positions too.
    #[test]
    fn one_letter_colours_are_colours() {
        let placed = parse_position("W C3; B B3 C2", five()).unwrap();
        let colors: Vec<Color> = placed.iter().map(|p| p.color).collect();
        assert_eq!(colors, [Color::White, Color::Black, Color::Black]);
    }

    #[test]
    fn errors_point_at_the_word() {
        let first = |text: &str, size| parse_position(text, size).unwrap_err().remove(0);
        let err = first("white C3; black F3", five());
        assert_eq!(err.span, 16..18);
        assert!(err.message.contains("off the 5x5 board"));
        let err = first("C3", five());
        assert_eq!(err.message, "`C3` has no colour");
        let err = first("white I3", five());
        assert!(err.help.unwrap().contains("columns A to E"));
        let nine = BoardSize::new(9).unwrap();
        let err = first("white I3", nine);
        assert!(err.help.unwrap().contains("did you mean `J3`?"));
    }

    #[test]
    fn every_bad_point_is_reported() {
        let text = "white F3 C3 Z9; black I2 B3 C3 A0 x; B1";
        let errs = parse_position(text, five()).unwrap_err();
        let words: Vec<&str> = errs.iter().map(|e| &text[e.span.clone()]).collect();
        assert_eq!(words, ["F3", "Z9", "I2", "C3", "A0", "x", "B1"]);
    }

    #[test]
    fn every_chain_without_a_liberty_is_named_once() {
        // White A1 and the black pair D5 E5 are both surrounded; black B1 A2 still breathe.
        let placed = parse_position("white A1 C5 D4 E4; black B1 A2 D5 E5", five()).unwrap();
        let board = board_of(five(), &placed);
        let airless = chains_without_liberty(&board);
        let messages: Vec<&str> = airless.iter().map(|c| c.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "the white stone `A1` has no liberty",
                "the black chain `D5 E5` has no liberty"
            ]
        );
        assert_eq!(airless[1].first, Point::new(3, 4));
        let fine = parse_position("white C3; black B3 C2 D3", five()).unwrap();
        assert!(chains_without_liberty(&board_of(five(), &fine)).is_empty());
    }

    #[test]
    fn reads_moves() {
        let c4 = Move::Play(Point::new(2, 3));
        assert_eq!(parse_move("black C4", five()), Ok((Some(Color::Black), c4)));
        assert_eq!(parse_move("W C4", five()), Ok((Some(Color::White), c4)));
        assert_eq!(parse_move("c4", five()), Ok((None, c4)));
        assert_eq!(parse_move("pass", five()), Ok((None, Move::Pass)));
        assert_eq!(
            parse_move("white pass", five()),
            Ok((Some(Color::White), Move::Pass))
        );
        assert!(parse_move("green C4", five()).is_err());
        assert!(parse_move("black C4 D4", five()).is_err());
        assert!(parse_move("", five()).is_err());
    }

    #[test]
    fn lines_read_colours_before_their_moves() {
        let p = |s: &str| Point::parse(s, five()).expect("a point");
        let line = parse_line("C1 W B1, black pass", five()).expect("a line");
        let read: Vec<(Option<Color>, Move)> = line.iter().map(|e| (e.color, e.mv)).collect();
        assert_eq!(
            read,
            [
                (None, Move::Play(p("C1"))),
                (Some(Color::White), Move::Play(p("B1"))),
                (Some(Color::Black), Move::Pass),
            ]
        );
        assert_eq!(line[1].span, 3..7);
        let errors = parse_line("C1 Z9 W", five()).expect_err("two mistakes");
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].span, 3..5);
        assert!(parse_line("  ", five()).is_err());
    }
}
