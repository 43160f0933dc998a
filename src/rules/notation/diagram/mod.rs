//! Positions drawn as text diagrams, rows from the top of the board down, as `libertykit key`
//! prints its boards:
//!
//! ```text
//!     A B C D E
//!   5 . . . . . 5
//!   3 . X O X . 3
//! ```
//!
//! `X` is black, `O` white, `.` or `+` empty (`x` and `o` too, as the key writes stones it
//! removes). Column letters above or below and row numbers at either end of a row are optional
//! for the whole board and required for part of it; `|` edges and `+---+` lines may frame it.
//! Every mistake is reported with the byte range of the character at fault.

use std::collections::BTreeMap;
use std::ops::Range;

mod lines;

use super::{NotationError, Placed};
use crate::rules::point::{BoardSize, Point, PointError};
use lines::{Line, Located, Row, classify, stone_of};

/// Whether a position's text is a diagram rather than a list of points: two or more lines,
/// no colour word, and at least one line that is a row of points (`. X O`, numbers and edges
/// aside). A one-line text is always a list, so `"white C3"` can never be misread.
pub fn looks_like_diagram(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() < 2 {
        return false;
    }
    let colour_word = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        // A colour's full word in any language (`black`, `Noir`, `白`); a lone `B` or `W`
        // could be a diagram's own mark.
        .any(|w| w.len() > 1 && crate::rules::Color::parse(w).is_some());
    !colour_word && lines.iter().any(|l| is_row_of_points(l))
}

fn is_row_of_points(line: &str) -> bool {
    let inner = line.trim_matches(|c: char| c.is_whitespace() || c.is_ascii_digit() || c == '|');
    !inner.is_empty()
        && inner
            .chars()
            .all(|c| c.is_whitespace() || stone_of(c).is_some())
}

fn error(span: Range<usize>, message: String, help: &str) -> NotationError {
    NotationError {
        span,
        message,
        help: Some(help.to_string()),
    }
}

const CELL_HELP: &str = "write `X` for a black stone, `O` for a white one and `.` or `+` for an empty point; row numbers go at the ends of a row, column letters on a line of their own";
const MARK_HELP: &str = "the answer key's marks (`*`, `a`, `b`, `w`, `[ ]`, move numbers) are not part of a position: write `.` for an empty point, `X` or `O` for a stone";
const COORDINATES_HELP: &str = "write coordinates as `libertykit key` prints them: column letters on a line above or below the rows, a row number at either end of each row";

/// The column letters of one line, checked: each on the board and each the one after the last.
/// Returns the first column's index when the line is sound.
fn read_letters(
    letters: &[Located],
    size: BoardSize,
    errors: &mut Vec<NotationError>,
) -> Option<u8> {
    let mut first = None;
    let mut previous: Option<u8> = None;
    for (c, span) in letters {
        let upper = c.to_ascii_uppercase();
        let col = match Point::parse(&format!("{upper}1"), size) {
            Ok(p) => p.col,
            Err(PointError::ColumnI(_)) => {
                errors.push(error(
                    span.clone(),
                    format!("column `{c}`: Go notation skips `I`"),
                    "columns run A B C D E F G H J K ...: after `H` comes `J`",
                ));
                return None;
            }
            Err(_) => {
                errors.push(error(
                    span.clone(),
                    format!("column `{c}` is off the {size} board"),
                    &format!("columns run A to {}", size.last_column()),
                ));
                return None;
            }
        };
        if let Some(prev) = previous
            && col != prev + 1
        {
            let expected = Point::new(prev + 1, 0);
            let help = if prev + 1 < size.get() {
                format!(
                    "column letters go left to right, one per column: `{}` comes after `{}`",
                    expected.column_letter(),
                    Point::new(prev, 0).column_letter()
                )
            } else {
                format!(
                    "`{}` is the last column of the {size} board",
                    Point::new(prev, 0).column_letter()
                )
            };
            errors.push(error(
                span.clone(),
                format!("column `{c}` is out of order"),
                &help,
            ));
            return None;
        }
        first.get_or_insert(col);
        previous = Some(col);
    }
    first
}

/// What the diagram's lines say, checked line by line before the whole is put together.
struct Shape {
    rows: Vec<Row>,
    letters: Vec<Vec<Located>>,
}

fn shape(text: &str) -> Shape {
    let mut rows = Vec::new();
    let mut letters = Vec::new();
    for line in classify(text) {
        match line {
            Line::Edge => {}
            Line::Letters(l) => letters.push(l),
            Line::Row(r) => rows.push(r),
        }
    }
    Shape { rows, letters }
}

/// The width most rows share (the first row's when there is a tie): the one the others are held to.
fn common_width(rows: &[Row]) -> usize {
    let mut counts: BTreeMap<usize, usize> = BTreeMap::new();
    for r in rows {
        *counts.entry(r.cells.len()).or_default() += 1;
    }
    let most = counts.values().copied().max().unwrap_or(0);
    rows.iter()
        .map(|r| r.cells.len())
        .find(|w| counts.get(w) == Some(&most))
        .unwrap_or(0)
}

/// Reads a diagram on a board of `size`: the stones with the range of each one's character, or
/// every problem found. `board_setting` names where the reader's file sets the board's size
/// (e.g. `` `[rules] board` ``), for the messages about a diagram of another size.
pub fn parse_diagram(
    text: &str,
    size: BoardSize,
    board_setting: &str,
) -> Result<Vec<Placed>, Vec<NotationError>> {
    let n = usize::from(size.get());
    let Shape { rows, letters } = shape(text);
    let mut errors = Vec::new();
    let Some(first_row) = rows.first() else {
        let span = letters
            .first()
            .and_then(|l| l.first())
            .map_or(0..text.len(), |c| c.1.clone());
        return Err(vec![error(
            span,
            "this diagram has no row of points".into(),
            CELL_HELP,
        )]);
    };
    unknown_characters(&rows, &mut errors);
    let width = common_width(&rows);
    uneven_rows(&rows, width, &mut errors);
    let height = rows.len();
    // A diagram larger than the board is one problem, whatever its coordinates say.
    if width > n || height > n {
        errors.push(larger_than_board(&rows, width, size, board_setting));
        errors.sort_by_key(|e| e.span.start);
        return Err(errors);
    }
    let first_col = column_letters(&letters, width, size, &mut errors);
    let numbered = rows.iter().any(|r| r.number().is_some());
    if numbered {
        row_numbers(&rows, size, &mut errors);
    }
    let drawn = Drawn {
        width,
        height,
        has_letters: !letters.is_empty(),
        numbered,
    };
    missing_coordinates(first_row, drawn, size, board_setting, &mut errors);
    // Every problem above was reported as it was found; only a sound diagram places stones.
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.span.start);
        return Err(errors);
    }
    Ok(stones(&rows, usize::from(first_col.unwrap_or(0)), size))
}

/// Each unknown character once, where it first stands, with how often it recurs: a board
/// pasted with the key's marks would otherwise bury the other problems.
fn unknown_characters(rows: &[Row], errors: &mut Vec<NotationError>) {
    let mut unknown: BTreeMap<char, (Range<usize>, usize)> = BTreeMap::new();
    for (c, span) in rows.iter().flat_map(|r| &r.cells) {
        if stone_of(*c).is_none() {
            unknown.entry(*c).or_insert((span.clone(), 0)).1 += 1;
        }
    }
    for (c, (span, times)) in unknown {
        let help = if matches!(c, '*' | 'a' | 'b' | 'w' | '[' | ']') || c.is_ascii_digit() {
            MARK_HELP
        } else {
            CELL_HELP
        };
        let message = match times {
            1 => format!("`{c}` is not a point of a diagram"),
            _ => format!(
                "`{c}` is not a point of a diagram (here and {} more times)",
                times - 1
            ),
        };
        errors.push(error(span, message, help));
    }
}

/// Every row not `width` points wide, the width most rows share.
fn uneven_rows(rows: &[Row], width: usize, errors: &mut Vec<NotationError>) {
    for r in rows {
        let w = r.cells.len();
        if w == width {
            continue;
        }
        let span = r
            .cells
            .get(width)
            .or(r.cells.last())
            .map_or_else(|| r.start(), |c| c.1.clone());
        errors.push(error(
            span,
            format!("this row has {w} points, but the diagram's other rows have {width}"),
            "give every row one `X`, `O` or `.` per column",
        ));
    }
}

/// The problem of rows wider, or more of them, than the board of `size` has.
fn larger_than_board(
    rows: &[Row],
    width: usize,
    size: BoardSize,
    board_setting: &str,
) -> NotationError {
    let n = usize::from(size.get());
    let height = rows.len();
    let span = match rows.iter().find_map(|r| r.cells.get(n)) {
        Some(cell) if width > n => cell.1.clone(),
        _ => rows.get(n).map_or_else(|| rows[0].start(), Row::start),
    };
    let drawn = if width == height {
        format!("{width}x{height}")
    } else {
        format!("{height} rows of {width} points")
    };
    error(
        span,
        format!("the diagram is {drawn}, larger than the {size} board of {board_setting}"),
        &format!("draw at most {n} rows of {n} points, or change {board_setting}"),
    )
}

/// Checks each line of column letters, and that all of them name the same columns as the rows
/// (`width` points wide); the first column's index when one line is sound.
fn column_letters(
    letters: &[Vec<Located>],
    width: usize,
    size: BoardSize,
    errors: &mut Vec<NotationError>,
) -> Option<u8> {
    let mut first_col: Option<u8> = None;
    for line in letters {
        let Some(col) = read_letters(line, size, errors) else {
            continue;
        };
        if line.len() != width {
            let span = line
                .get(width)
                .or(line.last())
                .map_or(0..0, |c| c.1.clone());
            errors.push(error(
                span,
                format!(
                    "the column letters name {} columns, but the rows have {width} points",
                    line.len()
                ),
                "write one letter per column of the rows",
            ));
        } else if let Some(earlier) = first_col
            && earlier != col
        {
            errors.push(error(
                line[0].1.clone(),
                format!(
                    "the column letters below start at `{}`, those above at `{}`",
                    Point::new(col, 0).column_letter(),
                    Point::new(earlier, 0).column_letter()
                ),
                "the letters above and below the rows name the same columns",
            ));
        } else {
            first_col.get_or_insert(col);
        }
    }
    first_col
}

/// Row numbers, when some row has one: on every row, the same at both ends, on the board,
/// counting down.
fn row_numbers(rows: &[Row], size: BoardSize, errors: &mut Vec<NotationError>) {
    let n = size.get();
    let mut off_board_reported = false;
    let mut previous: Option<u32> = None;
    for r in rows {
        let Some(number) = r.number() else {
            errors.push(error(
                r.start(),
                "this row has no row number, but other rows have".into(),
                "number every row (as `libertykit key` does: `5 . . X . . 5`), or none",
            ));
            previous = None;
            continue;
        };
        if let (Some(left), Some(right)) = (&r.left, &r.right)
            && left.value != right.value
        {
            errors.push(error(
                right.span.clone(),
                format!(
                    "this row is numbered `{}` at the left but `{}` at the right",
                    left.value, right.value
                ),
                "a row has one number; write the same at both ends, or one of them",
            ));
        }
        if number.value == 0 || number.value > u32::from(n) {
            if !off_board_reported {
                off_board_reported = true;
                errors.push(error(
                    number.span.clone(),
                    format!("row `{}` is off the {size} board", number.value),
                    &format!("rows run 1 to {n}, counted from the bottom"),
                ));
            }
        } else if let Some(prev) = previous
            && number.value + 1 != prev
        {
            errors.push(error(
                number.span.clone(),
                format!("row `{}` follows row `{prev}`", number.value),
                &format!(
                    "rows go from the top of the board down, counting down by one: row `{}` comes after row `{prev}`",
                    prev.saturating_sub(1)
                ),
            ));
        }
        previous = Some(number.value);
    }
}

/// What a diagram draws: its points across and down, and which coordinates it writes.
#[derive(Clone, Copy)]
struct Drawn {
    width: usize,
    height: usize,
    has_letters: bool,
    numbered: bool,
}

/// A diagram without its letters or numbers must span the board in that direction.
fn missing_coordinates(
    first_row: &Row,
    drawn: Drawn,
    size: BoardSize,
    board_setting: &str,
    errors: &mut Vec<NotationError>,
) {
    let n = usize::from(size.get());
    let Drawn {
        width,
        height,
        has_letters,
        numbered,
    } = drawn;
    if !has_letters && !numbered && (width < n || height < n) {
        let (message, help) = if width == height {
            (
                format!(
                    "the diagram is {width}x{height}, but {board_setting} makes the board {size}"
                ),
                format!(
                    "draw all {n} rows of {n} points, or change {board_setting}; a diagram of part of the board needs its column letters and row numbers"
                ),
            )
        } else {
            (
                format!(
                    "the diagram shows {height} rows of {width} points, part of the {size} board, without coordinates"
                ),
                format!(
                    "draw all {n} rows of {n} points, or add the column letters and row numbers of the part shown; {COORDINATES_HELP}"
                ),
            )
        };
        errors.push(error(first_row.start(), message, &help));
        return;
    }
    if !has_letters && width < n {
        errors.push(error(
            first_row.start(),
            format!(
                "the rows show {width} of the {size} board's {n} columns, without column letters"
            ),
            &format!(
                "add the letters of the columns shown, or draw all {n} columns; {COORDINATES_HELP}"
            ),
        ));
    }
    if !numbered && height < n {
        errors.push(error(
            first_row.start(),
            format!(
                "the diagram shows {height} of the {size} board's {n} rows, without row numbers"
            ),
            &format!("number the rows shown, or draw all {n} rows; {COORDINATES_HELP}"),
        ));
    }
}

/// The stones of a sound diagram whose first column is `first_col`.
fn stones(rows: &[Row], first_col: usize, size: BoardSize) -> Vec<Placed> {
    let n = usize::from(size.get());
    let mut placed = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let row_number = r.number().map_or(n - i, |number| number.value as usize);
        for (j, (c, span)) in r.cells.iter().enumerate() {
            let (Some(Some(color)), Ok(col), Some(Ok(row))) = (
                stone_of(*c),
                u8::try_from(first_col + j),
                row_number.checked_sub(1).map(u8::try_from),
            ) else {
                continue;
            };
            let point = Point::new(col, row);
            if size.contains(point) {
                placed.push(Placed {
                    color,
                    point,
                    span: span.clone(),
                });
            }
        }
    }
    placed
}

#[cfg(test)]
mod tests;
