//! Read-only questions about the stones and chains, for reports and answers.

use super::*;
use crate::rules::cells::CellSet;

/// A connected group of same-colour stones with its liberties, both sorted by column then row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain {
    /// The chain's colour.
    pub color: Color,
    /// Its stones.
    pub stones: Vec<Point>,
    /// The empty points orthogonally next to any of its stones.
    pub liberties: Vec<Point>,
}

impl Board {
    /// The colour of the stone on `p`, or `None` when it is empty or off the board.
    pub fn stone(&self, p: Point) -> Option<Color> {
        if self.size.contains(p) {
            color_of(self.cells[self.cell(p)])
        } else {
            None
        }
    }

    /// Whether `p` is on the board and empty.
    pub fn is_empty(&self, p: Point) -> bool {
        self.size.contains(p) && self.cells[self.cell(p)] == EMPTY
    }

    /// The points holding stones of `color`, sorted by column then row.
    pub fn stones(&self, color: Color) -> Vec<Point> {
        self.size
            .all_points()
            .filter(|&p| self.stone(p) == Some(color))
            .collect()
    }

    /// The distinct liberties of the chain headed at `head`, sorted.
    fn liberties_of(&self, head: usize) -> Vec<Point> {
        let cells = self.chain_stone_cells(head).flat_map(|cell| {
            self.neighbours(cell)
                .into_iter()
                .filter(|&nb| self.cells[nb] == EMPTY)
        });
        let mut liberties = self.sorted_points(cells);
        liberties.dedup();
        liberties
    }

    /// The chain through `p` with its stones and liberties, or `None` when `p` is empty.
    pub fn chain(&self, p: Point) -> Option<Chain> {
        let color = self.stone(p)?;
        let head = usize::from(self.head[self.cell(p)]);
        Some(Chain {
            color,
            stones: self.sorted_points(self.chain_stone_cells(head)),
            liberties: self.liberties_of(head),
        })
    }

    /// Every chain on the board, ordered by its first stone (column, then row).
    pub fn chains(&self) -> Vec<Chain> {
        let mut seen = vec![false; self.padded];
        let mut out = Vec::new();
        for p in self.size.all_points() {
            let cell = self.cell(p);
            if color_of(self.cells[cell]).is_some() {
                let head = usize::from(self.head[cell]);
                if !seen[head] {
                    seen[head] = true;
                    out.extend(self.chain(p));
                }
            }
        }
        out
    }

    /// Number of distinct liberties of the chain through `p` (0 when `p` is empty).
    ///
    /// Counted by walking the chain, for move reports: an exact count kept on every merge and
    /// capture would cost every move more than this costs a report.
    pub fn liberty_count(&self, p: Point) -> usize {
        if self.stone(p).is_none() {
            return 0;
        }
        // A set of cells, not a sorted list of points: replays ask for this on every move, and
        // sorting each chain's liberties made that the dearest part of a long replay.
        let mut liberties = CellSet::default();
        for cell in self.chain_stone_cells(usize::from(self.head[self.cell(p)])) {
            for nb in self.neighbours(cell) {
                if self.cells[nb] == EMPTY {
                    liberties.set(nb);
                }
            }
        }
        liberties.len()
    }

    /// The stones a `color` stone on the empty on-board point `p` would capture, sorted (none
    /// when `p` is taken or captures nothing).
    pub fn captured_by(&self, p: Point, color: Color) -> Vec<Point> {
        let cell = self.cell(p);
        if self.cells[cell] != EMPTY {
            return Vec::new();
        }
        let mut heads: Vec<usize> = self
            .neighbours(cell)
            .into_iter()
            .filter(|&nb| self.holds(nb, color.opponent()))
            .map(|nb| usize::from(self.head[nb]))
            .filter(|&head| self.chains[head].in_atari_on(cell))
            .collect();
        heads.sort_unstable();
        heads.dedup();
        self.sorted_points(heads.into_iter().flat_map(|h| self.chain_stone_cells(h)))
    }
}
