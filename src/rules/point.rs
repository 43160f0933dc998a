//! Board sizes, colours and points in Go notation (`C3`: column letter without `I`, row from the bottom).

use std::fmt;

/// The smallest board the engine accepts (2x2).
pub const MIN_SIZE: u8 = 2;
/// The largest board the engine accepts (19x19).
pub const MAX_SIZE: u8 = 19;

/// Column letters in order: Go notation skips `I` so it is never confused with `J` or `1`.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The side length of a square board, known to be within 2..=19.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize(u8);

impl BoardSize {
    /// A board size, or an error message when `n` is outside 2..=19.
    pub fn new(n: u32) -> Result<BoardSize, SizeError> {
        if (u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&n) {
            Ok(BoardSize(n as u8))
        } else {
            Err(SizeError(n))
        }
    }

    /// The number of lines in each direction.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The number of intersections.
    pub fn points(self) -> usize {
        usize::from(self.0) * usize::from(self.0)
    }

    /// The column letters of this board, e.g. `A`..`E` for 5x5.
    pub fn column_letters(self) -> impl Iterator<Item = char> {
        COLUMNS[..usize::from(self.0)]
            .iter()
            .map(|&b| char::from(b))
    }

    /// The last column's letter (`E` on 5x5, `T` on 19x19).
    pub fn last_column(self) -> char {
        char::from(COLUMNS[usize::from(self.0) - 1])
    }

    /// Every point of the board, sorted by column then row.
    pub fn all_points(self) -> impl Iterator<Item = Point> {
        let n = self.0;
        (0..n).flat_map(move |col| (0..n).map(move |row| Point { col, row }))
    }

    /// Whether `p` lies on this board.
    pub fn contains(self, p: Point) -> bool {
        p.col < self.0 && p.row < self.0
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.0, self.0)
    }
}

/// A board size outside the supported range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeError(pub u32);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not supported; use a size from {MIN_SIZE} to {MAX_SIZE}",
            self.0
        )
    }
}

impl std::error::Error for SizeError {}

/// A player's colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for black, `1` for white: an index into per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The lower-case English name, `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// Reads a colour as the notation writes it, in any case: `black`/`white`/`b`/`w`, and
    /// the words the printed pages use in each language (`Noir`/`Blanc`/`N`, `黒`/`白`), so a
    /// position copied from a French or Japanese sheet reads back. `B` is always Black (as in
    /// English and SGF): a French author writes `Blanc` in full.
    pub fn parse(s: &str) -> Option<Color> {
        let word = s.to_lowercase();
        if BLACK_WORDS.contains(&word.as_str()) {
            Some(Color::Black)
        } else if WHITE_WORDS.contains(&word.as_str()) {
            Some(Color::White)
        } else {
            None
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The words [`Color::parse`] reads as Black, in lower case: English first, then the words the
/// French and Japanese sheets print.
pub const BLACK_WORDS: &[&str] = &["black", "b", "noir", "n", "黒"];
/// The words [`Color::parse`] reads as White, in lower case.
pub const WHITE_WORDS: &[&str] = &["white", "w", "blanc", "白"];

/// An intersection: `col` 0 is column `A`, `row` 0 is row `1` at the bottom.
///
/// Ordering is by column, then row, which is the order every printed list of points uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column index from the left, 0-based.
    pub col: u8,
    /// Row index from the bottom, 0-based.
    pub row: u8,
}

impl Point {
    /// The point at column index `col` and row index `row` (both 0-based).
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Reads a point like `C3` or `c3` and checks that it lies on a board of `size`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Point, PointError> {
        let p = Point::parse_unbounded(text)?;
        if size.contains(p) {
            Ok(p)
        } else {
            Err(PointError::OffBoard {
                text: text.to_string(),
                size,
            })
        }
    }

    /// Reads a point like `C3` without checking it against a board size.
    pub fn parse_unbounded(text: &str) -> Result<Point, PointError> {
        let bad = || PointError::Malformed(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if letter == 'I' {
            return Err(PointError::ColumnI(text.to_string()));
        }
        let col = COLUMNS
            .iter()
            .position(|&c| char::from(c) == letter)
            .ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        if row == 0 {
            return Err(bad());
        }
        Ok(Point::new(col as u8, row - 1))
    }

    /// The column letter, e.g. `C`.
    pub fn column_letter(self) -> char {
        char::from(COLUMNS[usize::from(self.col).min(COLUMNS.len() - 1)])
    }

    /// The row number as printed, counted from 1 at the bottom.
    pub fn row_number(self) -> u32 {
        u32::from(self.row) + 1
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_letter(), self.row_number())
    }
}

/// Why a piece of text is not a point on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PointError {
    /// Not a letter followed by a row number.
    Malformed(String),
    /// Uses the column `I`, which Go notation skips.
    ColumnI(String),
    /// A well-formed point that lies outside the board.
    OffBoard {
        /// The point as written.
        text: String,
        /// The board it missed.
        size: BoardSize,
    },
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointError::Malformed(t) => write!(
                f,
                "`{t}` is not a point; write a column letter and a row number, like `C3`"
            ),
            PointError::ColumnI(t) => write!(
                f,
                "`{t}` uses column `I`, which Go notation skips; columns run A B C D E F G H J K ..."
            ),
            PointError::OffBoard { text, size } => write!(
                f,
                "`{text}` is off the {size} board; columns run A to {} and rows 1 to {}",
                size.last_column(),
                size.get()
            ),
        }
    }
}

impl std::error::Error for PointError {}

/// A turn's action: a stone on a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a stone on this point.
    Play(Point),
    /// Pass the turn.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn five() -> BoardSize {
        BoardSize::new(5).unwrap()
    }

    #[test]
    fn parses_go_notation_case_insensitively() {
        assert_eq!(Point::parse("C3", five()), Ok(Point::new(2, 2)));
        assert_eq!(Point::parse("c3", five()), Ok(Point::new(2, 2)));
        assert_eq!(Point::parse("A1", five()), Ok(Point::new(0, 0)));
        assert_eq!(Point::parse("E5", five()), Ok(Point::new(4, 4)));
    }

    #[test]
    fn colours_read_in_every_language_the_pages_print() {
        for word in ["black", "B", "Noir", "NOIR", "n", "黒"] {
            assert_eq!(Color::parse(word), Some(Color::Black), "{word}");
        }
        for word in ["white", "W", "Blanc", "blanc", "白"] {
            assert_eq!(Color::parse(word), Some(Color::White), "{word}");
        }
        for word in ["", "bl", "noire", "C3", "黒番", "pass"] {
            assert_eq!(Color::parse(word), None, "{word}");
        }
    }

    #[test]
    fn skips_column_i() {
        let nineteen = BoardSize::new(19).unwrap();
        assert_eq!(Point::parse("J1", nineteen), Ok(Point::new(8, 0)));
        assert_eq!(Point::parse("T19", nineteen), Ok(Point::new(18, 18)));
        assert!(matches!(
            Point::parse("I5", nineteen),
            Err(PointError::ColumnI(_))
        ));
        assert_eq!(Point::new(8, 0).to_string(), "J1");
    }

    #[test]
    fn rejects_off_board_and_malformed_points() {
        assert!(matches!(
            Point::parse("F3", five()),
            Err(PointError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::parse("A6", five()),
            Err(PointError::OffBoard { .. })
        ));
        for bad in ["", "3C", "C", "C0", "C-1", "CC3", "C333", "é3"] {
            assert!(
                matches!(Point::parse(bad, five()), Err(PointError::Malformed(_))),
                "{bad}"
            );
        }
        let msg = Point::parse("F3", five()).unwrap_err().to_string();
        assert_eq!(
            msg,
            "`F3` is off the 5x5 board; columns run A to E and rows 1 to 5"
        );
    }

    #[test]
    fn sizes_outside_two_to_nineteen_are_errors() {
        assert!(BoardSize::new(1).is_err());
        assert!(BoardSize::new(20).is_err());
        assert!(BoardSize::new(2).is_ok());
        assert!(BoardSize::new(19).is_ok());
    }

    #[test]
    fn points_sort_by_column_then_row() {
        let mut v = [Point::new(2, 0), Point::new(0, 3), Point::new(0, 1)];
        v.sort();
        let names: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["A2", "A4", "C1"]);
    }
}
