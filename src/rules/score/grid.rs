//! A rectangle of stones with the stones marked dead: what the territory counter reads.
//!
//! The counter works on rectangles because goscorer, whose rules it follows, does, and its test
//! boards are mostly not square; a [`Board`] becomes a square grid with [`Grid::from_board`].

use crate::rules::board::Board;
use crate::rules::point::{Color, Point};

/// A cell of a grid, numbered row by row from the top-left corner (`y * width + x`).
pub type Cell = usize;

/// The stones of a rectangular position and which of them are marked dead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    stones: Vec<Option<Color>>,
    dead: Vec<bool>,
}

impl Grid {
    /// An empty `width` x `height` grid.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            stones: vec![None; width * height],
            dead: vec![false; width * height],
        }
    }

    /// `board`'s stones, the top row first, with the stones on `dead` marked dead.
    pub fn from_board(board: &Board, dead: &[Point]) -> Grid {
        let n = usize::from(board.size().get());
        let mut grid = Grid::new(n, n);
        for p in board.size().all_points() {
            let cell = grid.cell_of(p, n);
            grid.stones[cell] = board.stone(p);
            grid.dead[cell] = board.stone(p).is_some() && dead.contains(&p);
        }
        grid
    }

    /// The cell of the board point `p` on an `n` x `n` board (row `n` is the top row).
    pub fn cell_of(&self, p: Point, n: usize) -> Cell {
        (n - 1 - usize::from(p.row)) * self.width + usize::from(p.col)
    }

    /// Puts `stone` on column `x` of row `y` (row 0 is the top), marked dead when `dead`.
    pub fn set(&mut self, x: usize, y: usize, stone: Option<Color>, dead: bool) {
        let cell = y * self.width + x;
        self.stones[cell] = stone;
        self.dead[cell] = dead && stone.is_some();
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Every cell, row by row from the top: the order goscorer scans in, which decides the
    /// order regions and chains are found in.
    pub fn cells(&self) -> std::ops::Range<Cell> {
        0..self.width * self.height
    }

    /// The stone on `cell`, dead or alive.
    pub fn stone(&self, cell: Cell) -> Option<Color> {
        self.stones[cell]
    }

    /// Whether `cell` holds a stone marked dead.
    pub fn is_dead(&self, cell: Cell) -> bool {
        self.dead[cell]
    }

    /// Whether `cell` is empty.
    pub fn is_empty(&self, cell: Cell) -> bool {
        self.stones[cell].is_none()
    }

    /// Whether `cell` holds a stone of `color` that is not marked dead.
    pub fn is_alive(&self, cell: Cell, color: Color) -> bool {
        self.stones[cell] == Some(color) && !self.dead[cell]
    }

    /// `(x, y)` of `cell`.
    pub fn xy(&self, cell: Cell) -> (usize, usize) {
        (cell % self.width, cell / self.width)
    }

    /// The cell at `(x, y)` when that is on the grid.
    pub fn at(&self, x: isize, y: isize) -> Option<Cell> {
        let on = x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height;
        on.then(|| y as usize * self.width + x as usize)
    }

    /// The on-grid neighbours of `cell`, always in goscorer's order: above, below, left, right.
    /// Searches that remember what they met first depend on this order.
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + use<> {
        let (x, y) = self.xy(cell);
        let (x, y) = (x as isize, y as isize);
        let found = [
            self.at(x, y - 1),
            self.at(x, y + 1),
            self.at(x - 1, y),
            self.at(x + 1, y),
        ];
        found.into_iter().flatten()
    }

    /// Whether `a` and `b` are orthogonal neighbours.
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.neighbours(a).any(|n| n == b)
    }

    /// Whether `cell` is on the grid's edge.
    pub fn on_border(&self, cell: Cell) -> bool {
        let (x, y) = self.xy(cell);
        x == 0 || y == 0 || x + 1 == self.width || y + 1 == self.height
    }
}
