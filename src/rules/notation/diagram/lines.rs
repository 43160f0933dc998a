//! The lines of a diagram read one by one: rows of points with their row numbers, lines of
//! column letters and edge lines, each character kept with where it is in the text.

use std::ops::Range;

use crate::rules::point::Color;

/// What a point's character stands for: `Some(Some(colour))` a stone, `Some(None)` empty.
pub(super) fn stone_of(c: char) -> Option<Option<Color>> {
    match c {
        'X' | 'x' => Some(Some(Color::Black)),
        'O' | 'o' => Some(Some(Color::White)),
        '.' | '+' => Some(None),
        _ => None,
    }
}

/// A character of the text with its byte range.
pub(super) type Located = (char, Range<usize>);

/// A row number at one end of a row.
#[derive(Debug, Clone)]
pub(super) struct RowNumber {
    pub(super) value: u32,
    pub(super) span: Range<usize>,
}

/// One row of points as written.
#[derive(Debug, Clone)]
pub(super) struct Row {
    /// Every character between the numbers and edges, known or not: each is one point.
    pub(super) cells: Vec<Located>,
    pub(super) left: Option<RowNumber>,
    pub(super) right: Option<RowNumber>,
    /// The whole line without surrounding blanks, where a problem with the row as such points.
    pub(super) span: Range<usize>,
}

impl Row {
    pub(super) fn number(&self) -> Option<&RowNumber> {
        self.left.as_ref().or(self.right.as_ref())
    }

    /// The first character of the row, where a problem with the row as a whole points.
    pub(super) fn start(&self) -> Range<usize> {
        self.cells
            .first()
            .map(|c| c.1.clone())
            .or_else(|| self.number().map(|n| n.span.clone()))
            .unwrap_or_else(|| self.span.clone())
    }
}

/// One line of the diagram, classified.
pub(super) enum Line {
    Edge,
    Letters(Vec<Located>),
    Row(Row),
}

/// Each non-blank line with the byte offset of its first character.
fn lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split('\n') {
        let line = piece.strip_suffix('\r').unwrap_or(piece);
        if !line.trim().is_empty() {
            out.push((start, line));
        }
        start += piece.len() + 1;
    }
    out
}

fn located(line: &str, offset: usize) -> Vec<Located> {
    line.char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| (c, offset + i..offset + i + c.len_utf8()))
        .collect()
}

fn is_edge(line: &str) -> bool {
    line.contains('-')
        && line
            .chars()
            .all(|c| c.is_whitespace() || matches!(c, '-' | '+' | '|'))
}

/// Column letters are capitals, as the key prints them; `X` is no column of any board and a line
/// of `O`s alone is a row of white stones, so a row of stones and lower-case marks is never
/// taken for letters.
fn is_letters(chars: &[Located]) -> bool {
    chars
        .iter()
        .all(|(c, _)| c.is_ascii_uppercase() && *c != 'X')
        && chars.iter().any(|(c, _)| *c != 'O')
}

/// Splits a row line into its numbers, edges and points.
fn row(line: &str, offset: usize) -> Row {
    let mut chars = located(line, offset);
    let span = match (chars.first(), chars.last()) {
        (Some(first), Some(last)) => first.1.start..last.1.end,
        _ => offset..offset + line.len(),
    };
    let take_number = |digits: &[Located]| -> Option<RowNumber> {
        let first = digits.first()?;
        let last = digits.last()?;
        let text: String = digits.iter().map(|d| d.0).collect();
        Some(RowNumber {
            // A number too long for u32 is off any board all the same.
            value: text.parse().unwrap_or(u32::MAX),
            span: first.1.start..last.1.end,
        })
    };
    // A number is a run of digits with nothing between them: in `5 . . 3 5` the `3` is a
    // (mistaken) point, not part of the row number.
    let joined = |a: &Located, b: &Located| a.1.end == b.1.start;
    let mut leading = chars.iter().take_while(|c| c.0.is_ascii_digit()).count();
    if let Some(gap) = (1..leading).find(|&i| !joined(&chars[i - 1], &chars[i])) {
        leading = gap;
    }
    let left = take_number(&chars[..leading]);
    chars.drain(..leading);
    let mut trailing = chars
        .iter()
        .rev()
        .take_while(|c| c.0.is_ascii_digit())
        .count();
    let len = chars.len();
    if let Some(gap) = (1..trailing).find(|&i| !joined(&chars[len - i - 1], &chars[len - i])) {
        trailing = gap;
    }
    let right = take_number(&chars[chars.len() - trailing..]);
    chars.truncate(chars.len() - trailing);
    if chars.first().is_some_and(|c| c.0 == '|') {
        chars.remove(0);
    }
    if chars.last().is_some_and(|c| c.0 == '|') {
        chars.pop();
    }
    Row {
        cells: chars,
        left,
        right,
        span,
    }
}

pub(super) fn classify(text: &str) -> Vec<Line> {
    let all = lines(text);
    let mut out: Vec<Line> = all
        .iter()
        .map(|&(offset, line)| {
            let chars = located(line, offset);
            if is_edge(line) {
                Line::Edge
            } else if is_letters(&chars) {
                Line::Letters(chars)
            } else {
                Line::Row(row(line, offset))
            }
        })
        .collect();
    // Letters stand only above or below the rows; a line of letters between rows is a row of
    // mistaken points, reported as such.
    let first_row = out.iter().position(|l| matches!(l, Line::Row(_)));
    let last_row = out.iter().rposition(|l| matches!(l, Line::Row(_)));
    if let (Some(first), Some(last)) = (first_row, last_row) {
        for (i, &(offset, line)) in all.iter().enumerate().take(last).skip(first + 1) {
            if matches!(out[i], Line::Letters(_)) {
                out[i] = Line::Row(row(line, offset));
            }
        }
    }
    out
}
