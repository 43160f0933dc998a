//! ASCII boards in and out: `X` black, `O` white, `.` empty; used by tests and the `key` text output.

use std::fmt::Write;

use super::board::Board;
use super::point::{BoardSize, Color, Point};

/// Reads a diagram whose first line is the top row, e.g. `". X ." / "X O X" / ". X ."`.
///
/// Spaces are ignored; `X`/`x` is black, `O`/`o` white, `.` or `+` empty. Lines may carry row
/// numbers or column letters around the grid only if stripped first; this reader is for tests.
pub fn parse(text: &str) -> Result<Board, String> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let n = rows.len();
    let size = BoardSize::new(n as u32).map_err(|e| e.to_string())?;
    let mut board = Board::new(size);
    for (i, row) in rows.iter().enumerate() {
        if row.len() != n {
            return Err(format!(
                "row {} has {} points, expected {n}",
                i + 1,
                row.len()
            ));
        }
        for (col, &c) in row.iter().enumerate() {
            let p = Point::new(col as u8, (n - 1 - i) as u8);
            match c {
                'X' | 'x' => board.place_unchecked(p, Color::Black),
                'O' | 'o' => board.place_unchecked(p, Color::White),
                '.' | '+' => {}
                other => return Err(format!("unexpected `{other}` in diagram")),
            }
        }
    }
    Ok(board)
}

/// The grid alone, top row first, one line per row, points separated by spaces.
pub fn grid(board: &Board) -> String {
    let n = board.size().get();
    let mut out = String::new();
    for row in (0..n).rev() {
        let line: Vec<String> = (0..n)
            .map(|col| symbol(board, Point::new(col, row)).to_string())
            .collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

fn symbol(board: &Board, p: Point) -> char {
    match board.stone(p) {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => '.',
    }
}

/// The board with column letters above and below and row numbers on both sides; `marks`
/// replace the symbol on their point (e.g. `*` for an answer move, `a` for a liberty).
pub fn render(board: &Board, marks: &[(Point, char)]) -> String {
    let size = board.size();
    let n = size.get();
    let mut header = String::from("   ");
    for letter in size.column_letters() {
        header.push(' ');
        header.push(letter);
    }
    header.push('\n');
    // Sized up front: the text grows by one row at a time and would otherwise be copied as it grows.
    let row_length = header.len() + 4;
    let mut out = String::with_capacity((usize::from(n) + 2) * row_length);
    out.push_str(&header);
    for row in (0..n).rev() {
        let _ = write!(out, "{:>3}", u32::from(row) + 1);
        for col in 0..n {
            let p = Point::new(col, row);
            let c = marks
                .iter()
                .rev()
                .find(|(q, _)| *q == p)
                .map_or_else(|| symbol(board, p), |&(_, m)| m);
            out.push(' ');
            out.push(c);
        }
        let _ = writeln!(out, " {}", u32::from(row) + 1);
    }
    out.push_str(&header);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_grid_round_trip() {
        let text = ". . .\n. X O\nX . .\n";
        let board = parse(text).unwrap();
        assert_eq!(grid(&board), text);
        assert_eq!(board.stone(Point::new(0, 0)), Some(Color::Black));
        assert_eq!(board.stone(Point::new(2, 1)), Some(Color::White));
    }

    #[test]
    fn render_has_coordinates_on_all_sides() {
        let board = parse(". .\nX .").unwrap();
        let text = render(&board, &[(Point::new(1, 0), '*')]);
        assert_eq!(text, "    A B\n  2 . . 2\n  1 X * 1\n    A B\n");
    }
}
