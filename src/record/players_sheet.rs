//! The players' own move record, typed from the player sheet into a spreadsheet and saved as
//! CSV: the sheet's columns `Move, Point, Captures, Group liberties`, one row per move, and
//! perhaps a tally row at the end. Read liberally, as spreadsheets write it: a comma, semicolon
//! or tab between cells, quotes, a byte order mark, a header in any language of the sheets (or
//! none), blank rows and cells left empty.

use std::ops::Range;

use crate::diag::Diagnostic;
use crate::excerpt::excerpt;
use crate::rules::{BoardSize, Move, Point};

/// What a pass is written as: the English word, and the French and Japanese sheets' words.
const PASS_WORDS: &[&str] = &["pass", "passe", "パス"];

/// A number the players wrote, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The number.
    pub value: u32,
    /// Byte range of its cell in the file.
    pub span: Range<usize>,
}

/// One row of the record: a move and what the players wrote beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenMove {
    /// The move, a point or a pass.
    pub mv: Move,
    /// Byte range of its Point cell in the file.
    pub span: Range<usize>,
    /// The stones the players wrote it captured, if they wrote it.
    pub captures: Option<Written>,
    /// The liberties they wrote the mover's group has after it, if they wrote them.
    pub liberties: Option<Written>,
}

/// A players' record as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayersSheet {
    /// The moves in order; the first is Black's, then the colours alternate.
    pub moves: Vec<WrittenMove>,
    /// The capture tally the players wrote under the table, `[black, white]`, if any.
    pub tally: Option<[Written; 2]>,
}

/// The four columns of the sheet, in the order printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Move,
    Point,
    Captures,
    Liberties,
}

/// Reads a players' record of a game on a board of `size`. `headers` are the column names the
/// sheets print, in every language (`[Move, Point, Captures, Group liberties]`); a first row of
/// them names the columns in any order, otherwise the sheet's order is taken. Every unreadable
/// cell is reported at its line and column.
pub fn read(
    text: &str,
    size: BoardSize,
    headers: &[[&str; 4]],
) -> Result<PlayersSheet, Vec<Diagnostic>> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let offset = text.len() - body.len();
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter(body))
        .has_headers(false)
        .flexible(true)
        .from_reader(body.as_bytes());
    let mut columns = [
        Column::Move,
        Column::Point,
        Column::Captures,
        Column::Liberties,
    ]
    .to_vec();
    let mut moves = Vec::new();
    let mut tally = None;
    let mut problems = Vec::new();
    let mut first = true;
    for record in reader.records() {
        let record = match record {
            Ok(record) => record,
            Err(e) => {
                let at = e.position().map_or(0, |p| p.byte() as usize) + offset;
                problems.push(
                    Diagnostic::at(at..at, format!("this row cannot be read as CSV: {e}"))
                        .with_help("save the sheet from the spreadsheet as CSV (comma separated)"),
                );
                continue;
            }
        };
        let start = record.position().map_or(0, |p| p.byte() as usize) + offset;
        if record.iter().any(|cell| cell.contains(['\n', '\r'])) {
            // A quote opened and never closed on its line: the CSV reader takes every line
            // after it, to the next quote or the file's end, as one cell.
            problems.push(
                Diagnostic::at(start..start, "a quote in this row opens a cell that runs over several lines")
                    .with_help("a move's row has no quotes: remove the stray `\"`, or close it on the same line"),
            );
            continue;
        }
        let cells = cells_of(text, &record, start);
        if cells.iter().all(|(cell, _)| cell.is_empty()) {
            continue;
        }
        if std::mem::take(&mut first)
            && let Some(named) = header_columns(&cells, headers)
        {
            columns = named;
            continue;
        }
        let cell = |column: Column| {
            columns
                .iter()
                .position(|&c| c == column)
                .and_then(|i| cells.get(i).cloned())
                .unwrap_or(("", start..start))
        };
        let (point, point_span) = cell(Column::Point);
        let (number, _) = cell(Column::Move);
        if point.is_empty() {
            // Not a move: the tally under the table ("Tally", "Black 3", "White 2").
            if !number.is_empty() && number.parse::<u32>().is_err() {
                tally = tally_of(&cells);
            }
            continue;
        }
        let mv = match move_of(point, &point_span, size) {
            Ok(mv) => mv,
            Err(problem) => {
                problems.push(problem);
                continue;
            }
        };
        let captures = count(cell(Column::Captures), "captured stones", &mut problems);
        let liberties = count(cell(Column::Liberties), "liberties", &mut problems);
        moves.push(WrittenMove {
            mv,
            span: point_span,
            captures,
            liberties,
        });
    }
    if moves.is_empty() && problems.is_empty() {
        problems
            .push(Diagnostic::whole_file("the record has no move").with_help(
                "one row per move: `1,C3,0,3` (Move, Point, Captures, Group liberties)",
            ));
    }
    if problems.is_empty() {
        Ok(PlayersSheet { moves, tally })
    } else {
        Err(problems)
    }
}

/// A row's cells, trimmed, each with where its text stands in the file: found in turn along
/// the row (a cell with doubled quotes inside is placed at its row's start, `start`).
fn cells_of<'r>(
    text: &str,
    record: &'r csv::StringRecord,
    start: usize,
) -> Vec<(&'r str, Range<usize>)> {
    let mut cursor = start;
    record
        .iter()
        .map(|cell| {
            let cell = cell.trim();
            let found = text
                .get(cursor..)
                .and_then(|rest| rest.find(cell))
                .filter(|_| !cell.is_empty());
            let at = found.map_or(start, |i| cursor + i);
            if found.is_some() {
                cursor = at + cell.len();
            }
            (cell, at..at + cell.len())
        })
        .collect()
}

/// The move a Point cell names: a point on the board, or a pass in any language's word.
fn move_of(point: &str, span: &Range<usize>, size: BoardSize) -> Result<Move, Diagnostic> {
    if PASS_WORDS.iter().any(|w| point.to_lowercase() == *w) {
        return Ok(Move::Pass);
    }
    Point::parse(point, size).map(Move::Play).map_err(|e| {
        Diagnostic::at(span.clone(), format!("`{}`: {e}", excerpt(point))).with_help(format!(
            "write a point from A1 to {}{} (no I), or `pass`",
            size.last_column(),
            size.get()
        ))
    })
}

/// The number written in a Captures or Liberties cell; `None` when it is left empty or struck
/// through with a dash (a pass has no group), or is not a number (a problem, then).
fn count(
    (text, span): (&str, Range<usize>),
    what: &str,
    problems: &mut Vec<Diagnostic>,
) -> Option<Written> {
    if text.is_empty() || ["-", "–", "—", "/"].contains(&text) {
        return None;
    }
    match text.parse::<u32>() {
        Ok(value) => Some(Written { value, span }),
        Err(_) => {
            problems.push(
                Diagnostic::at(
                    span,
                    format!("`{}` is not a number of {what}", excerpt(text)),
                )
                .with_help("write a whole number, or leave the cell empty"),
            );
            None
        }
    }
}

/// The separator of the first line: a semicolon or tab when it has more of them than commas
/// (spreadsheets in French and other languages whose decimal mark is a comma write `;`).
fn delimiter(text: &str) -> u8 {
    let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let count = |c: char| line.matches(c).count();
    [b';', b'\t']
        .into_iter()
        .filter(|&d| count(char::from(d)) > count(','))
        .max_by_key(|&d| count(char::from(d)))
        .unwrap_or(b',')
}

/// The columns a header row names, when `cells` is one: each cell matched to a column by the
/// sheets' headers in any language and case.
fn header_columns(cells: &[(&str, Range<usize>)], headers: &[[&str; 4]]) -> Option<Vec<Column>> {
    let all = [
        Column::Move,
        Column::Point,
        Column::Captures,
        Column::Liberties,
    ];
    let named: Vec<Option<Column>> = cells
        .iter()
        .map(|(cell, _)| {
            let cell = cell.to_lowercase();
            headers.iter().find_map(|names| {
                names
                    .iter()
                    .position(|name| name.to_lowercase() == cell)
                    .map(|i| all[i])
            })
        })
        .collect();
    named.contains(&Some(Column::Point)).then(|| {
        named
            .into_iter()
            .map(|c| c.unwrap_or(Column::Move))
            .collect()
    })
}

/// The two numbers of a tally row, Black's then White's.
fn tally_of(cells: &[(&str, Range<usize>)]) -> Option<[Written; 2]> {
    let numbers: Vec<Written> = cells
        .iter()
        .filter_map(|(cell, span)| {
            let digits: String = cell.chars().filter(char::is_ascii_digit).collect();
            let value = digits.parse().ok()?;
            Some(Written {
                value,
                span: span.clone(),
            })
        })
        .collect();
    <[Written; 2]>::try_from(numbers).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADERS: &[[&str; 4]] = &[
        ["Move", "Point", "Captures", "Group liberties"],
        ["Coup", "Point", "Captures", "Libertés du groupe"],
    ];

    fn nine() -> BoardSize {
        BoardSize::new(9).unwrap()
    }

    #[test]
    fn reads_the_sheets_columns_with_or_without_a_header_and_any_separator() {
        let with = "Move,Point,Captures,Group liberties\n1,C3,0,4\n2,pass,,-\n3,D3,0,6\n";
        let sheet = read(with, nine(), HEADERS).unwrap();
        assert_eq!(sheet.moves.len(), 3);
        assert_eq!(sheet.moves[1].mv, Move::Pass);
        assert_eq!(sheet.moves[1].captures, None);
        assert_eq!(sheet.moves[2].liberties.as_ref().unwrap().value, 6);
        let french = "\u{feff}Coup;Point;Captures;Libertés du groupe\n1;C3;0;4\n2;passe;;\n";
        let sheet = read(french, nine(), HEADERS).unwrap();
        assert_eq!(sheet.moves.len(), 2);
        let bare = "1,C3,0,4\n\n2,D4,0,4\n";
        assert_eq!(read(bare, nine(), HEADERS).unwrap().moves.len(), 2);
        // Columns in another order, found by their header.
        let moved = "Point,Group liberties,Move,Captures\nC3,4,1,0\n";
        let sheet = read(moved, nine(), HEADERS).unwrap();
        assert_eq!(sheet.moves[0].liberties.as_ref().unwrap().value, 4);
        assert_eq!(sheet.moves[0].captures.as_ref().unwrap().value, 0);
    }

    #[test]
    fn a_tally_row_is_read_and_every_bad_cell_is_reported_at_its_place() {
        let text = "Move,Point,Captures,Group liberties\n1,C3,0,4\nTally,,Black 2,White 1\n";
        let sheet = read(text, nine(), HEADERS).unwrap();
        let tally = sheet.tally.unwrap();
        assert_eq!([tally[0].value, tally[1].value], [2, 1]);
        let bad = "1,Z3,0,4\n2,D4,two,4\n";
        let problems = read(bad, nine(), HEADERS).unwrap_err();
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(problems[0].span, Some(2..4));
        assert_eq!(problems[1].span, Some(14..17));
    }
}
