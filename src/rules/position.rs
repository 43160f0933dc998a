//! Position: the stones of a board as a small plain value, for positions that are kept (a kit's
//! examples, the boards an answer draws, an imported game's setup) rather than played on.
//!
//! A `Board` carries the engine's working tables, sized for the largest board (about 21 KB
//! whatever its size). Kept once per example and per diagram, those tables were most of
//! `check`'s memory on a large kit; a position is two bit sets, about a hundred bytes, and
//! becomes a board again (`Position::to_board`) only where moves are played.

use super::board::Board;
use super::point::{BoardSize, Color, MAX_SIZE, Point};

/// 64-bit words in a set of the points of the largest board.
const WORDS: usize = (MAX_SIZE as usize * MAX_SIZE as usize).div_ceil(64);

/// The stones on a board of some size: per colour, a bit per point (row by row from `A1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    size: BoardSize,
    stones: [[u64; WORDS]; 2],
}

impl Position {
    /// A board of `size` with no stone.
    pub fn empty(size: BoardSize) -> Position {
        Position {
            size,
            stones: [[0; WORDS]; 2],
        }
    }

    /// The stones on `board`.
    pub fn of(board: &Board) -> Position {
        let mut position = Position::empty(board.size());
        for p in board.size().all_points() {
            if let Some(color) = board.stone(p) {
                position.put(p, color);
            }
        }
        position
    }

    /// A board holding these stones, to play on. Every chain is joined as it stands; nothing
    /// is captured, as when a written position is set up.
    pub fn to_board(&self) -> Board {
        let mut board = Board::new(self.size);
        for color in [Color::Black, Color::White] {
            for p in self.stones(color) {
                board.place_unchecked(p, color);
            }
        }
        board
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Puts a `color` stone on the on-board point `p`, replacing what was there.
    pub fn put(&mut self, p: Point, color: Color) {
        let (word, bit) = self.bit(p);
        self.stones[color.opponent().index()][word] &= !bit;
        self.stones[color.index()][word] |= bit;
    }

    /// Takes any stone off the on-board point `p`.
    pub fn clear(&mut self, p: Point) {
        let (word, bit) = self.bit(p);
        for color in &mut self.stones {
            color[word] &= !bit;
        }
    }

    /// The colour of the stone on `p`, or `None` when it is empty or off the board.
    pub fn stone(&self, p: Point) -> Option<Color> {
        if !self.size.contains(p) {
            return None;
        }
        let (word, bit) = self.bit(p);
        [Color::Black, Color::White]
            .into_iter()
            .find(|color| self.stones[color.index()][word] & bit != 0)
    }

    /// The points holding stones of `color`, sorted by column then row.
    pub fn stones(&self, color: Color) -> Vec<Point> {
        self.size
            .all_points()
            .filter(|&p| self.stone(p) == Some(color))
            .collect()
    }

    /// The word and bit of an on-board point.
    fn bit(&self, p: Point) -> (usize, u64) {
        let i = usize::from(p.row) * usize::from(self.size.get()) + usize::from(p.col);
        (i / 64, 1 << (i % 64))
    }
}

impl From<&Board> for Position {
    fn from(board: &Board) -> Position {
        Position::of(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::{board_of, parse_position};

    /// A position keeps every stone of the board it was taken from, and gives back a board with
    /// the same stones, chains and hash.
    #[test]
    fn a_position_keeps_the_stones_and_gives_the_board_back() {
        let size = BoardSize::new(19).unwrap();
        let placed = parse_position("white C3 C4 T19; black B3 C2 D3 A1 T1", size).unwrap();
        let board = board_of(size, &placed);
        let position = Position::of(&board);
        for p in size.all_points() {
            assert_eq!(position.stone(p), board.stone(p), "{p}");
        }
        assert_eq!(position.stones(Color::White), board.stones(Color::White));
        let again = position.to_board();
        assert_eq!(again.hash(), board.hash());
        assert_eq!(again.chains(), board.chains());
        assert_eq!(Position::of(&again), position);
        assert!(std::mem::size_of::<Position>() <= 128);
    }

    /// A stone put on a point replaces the other colour's; off the board nothing is there.
    #[test]
    fn put_replaces_and_off_board_is_empty() {
        let size = BoardSize::new(5).unwrap();
        let mut position = Position::empty(size);
        let p = Point::new(4, 4);
        position.put(p, Color::Black);
        position.put(p, Color::White);
        assert_eq!(position.stone(p), Some(Color::White));
        assert_eq!(position.stones(Color::Black), []);
        assert_eq!(position.stone(Point::new(5, 0)), None);
        assert!(position.stone(Point::new(0, 0)).is_none());
    }
}
