//! Whole-board bit sets of one position, for listing every legal move.
//!
//! The board keeps its empty cells, each colour's stones and each colour's atari points as
//! bit sets (see [`Board`]): a move pays a few bit operations for them, and a listing settles
//! most empty points with a few word operations instead of judging them one by one.

use super::*;
use crate::rules::cells::CellSet;
use crate::rules::point::{MAX_SIZE, MIN_SIZE};

/// Per board size, the point of every on-board padded cell (other entries are unused): a
/// listing turns each legal cell into its point with one load instead of a division.
static CELL_POINTS: [[Point; CELLS]; MAX_SIZE as usize + 1] = {
    let mut table = [[Point::new(0, 0); CELLS]; MAX_SIZE as usize + 1];
    let mut n = MIN_SIZE as usize;
    while n <= MAX_SIZE as usize {
        let stride = n + 2;
        let mut row_from_top = 1;
        while row_from_top <= n {
            let mut col = 0;
            while col < n {
                table[n][row_from_top * stride + col + 1] =
                    Point::new(col as u8, (n - row_from_top) as u8);
                col += 1;
            }
            row_from_top += 1;
        }
        n += 1;
    }
    table
};

impl Board {
    /// The point of every on-board padded cell of this board's size, by cell.
    pub(in crate::rules) fn cell_points(&self) -> &'static [Point; CELLS] {
        &CELL_POINTS[usize::from(self.size.get())]
    }

    /// The empty on-board cells.
    pub(in crate::rules) fn empty_cells(&self) -> &CellSet {
        &self.empty
    }

    /// The cells holding a `color` stone.
    pub(in crate::rules) fn stone_cells(&self, color: Color) -> &CellSet {
        &self.stones[color.index()]
    }

    /// The points that are the only liberty of at least one chain of `color` (its atari
    /// points).
    pub(in crate::rules) fn atari_cells(&self, color: Color) -> &CellSet {
        &self.atari_points[color.index()]
    }

    /// The padded width, `N + 2`.
    pub(in crate::rules) fn stride(&self) -> usize {
        self.stride
    }

    /// How many 64-cell words the sets of this board's size use.
    pub(in crate::rules) fn words(&self) -> usize {
        self.padded.div_ceil(64)
    }
}
