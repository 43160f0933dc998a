//! Board: stones, chains (orthogonal connection only), liberties, captures and an incremental Zobrist hash.
//!
//! The board knows nothing of turns or history (that is `Game`). Internally it is a padded grid
//! (a border ring removes bounds checks) where each chain keeps its stones as a circular linked
//! list and counts its pseudo-liberties with their sum and sum of squares: a chain is in atari on
//! point `p` exactly when every pseudo-liberty equals `p`, which the three numbers reveal in O(1).

use super::point::{BoardSize, Color, Point};
use super::zobrist;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

fn cell_of(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

fn color_of(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// Per-chain counters, stored at the chain's head cell.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ChainData {
    stones: u16,
    pseudo_liberties: u16,
    liberty_sum: u32,
    liberty_sum_squares: u64,
    hash: u64,
}

impl ChainData {
    fn add_liberty(&mut self, cell: usize) {
        self.pseudo_liberties += 1;
        self.liberty_sum += cell as u32;
        self.liberty_sum_squares += (cell * cell) as u64;
    }

    fn remove_liberty(&mut self, cell: usize) {
        self.pseudo_liberties -= 1;
        self.liberty_sum -= cell as u32;
        self.liberty_sum_squares -= (cell * cell) as u64;
    }

    /// Whether every pseudo-liberty is `cell`, i.e. filling `cell` leaves the chain no liberty.
    fn only_liberty_is(&self, cell: usize) -> bool {
        let n = u64::from(self.pseudo_liberties);
        let sum = u64::from(self.liberty_sum);
        n > 0 && sum == n * cell as u64 && self.liberty_sum_squares * n == sum * sum
    }
}

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

/// What the board says about a stone placed on an empty point, before ko rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// The move is allowed; `hash` is the position's hash after it (captures included).
    Allowed {
        /// Zobrist hash of the resulting position.
        hash: u64,
        /// Whether the move removes at least one opposing chain.
        captures: bool,
    },
    /// The point is not empty.
    Occupied,
    /// The mover's chain would have no liberty and nothing is captured.
    Suicide,
}

/// A square board of stones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    size: BoardSize,
    stride: usize,
    cells: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    chains: Vec<ChainData>,
    hash: u64,
}

impl Board {
    /// An empty board of the given size.
    pub fn new(size: BoardSize) -> Board {
        let n = usize::from(size.get());
        let stride = n + 2;
        let mut cells = vec![BORDER; stride * stride];
        for row in 0..n {
            for col in 0..n {
                cells[(row + 1) * stride + col + 1] = EMPTY;
            }
        }
        Board {
            size,
            stride,
            cells,
            head: vec![0; stride * stride],
            next: vec![0; stride * stride],
            chains: vec![ChainData::default(); stride * stride],
            hash: 0,
        }
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The Zobrist hash of the stones on the board (no side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The padded cell index of an on-board point.
    fn cell(&self, p: Point) -> usize {
        (usize::from(p.row) + 1) * self.stride + usize::from(p.col) + 1
    }

    /// The point of a padded cell index on the board.
    fn point(&self, cell: usize) -> Point {
        Point::new(
            (cell % self.stride - 1) as u8,
            (cell / self.stride - 1) as u8,
        )
    }

    fn neighbours(&self, cell: usize) -> [usize; 4] {
        [cell - self.stride, cell - 1, cell + 1, cell + self.stride]
    }

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

    /// How many stones of `color` are on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        let c = cell_of(color);
        self.cells.iter().filter(|&&x| x == c).count()
    }

    fn chain_stone_cells(&self, head: usize) -> impl Iterator<Item = usize> + '_ {
        let mut cell = head;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let current = cell;
            cell = usize::from(self.next[cell]);
            done = cell == head;
            Some(current)
        })
    }

    /// The chain through `p` with its stones and liberties, or `None` when `p` is empty.
    pub fn chain(&self, p: Point) -> Option<Chain> {
        let color = self.stone(p)?;
        let head = usize::from(self.head[self.cell(p)]);
        let mut stones = Vec::new();
        let mut liberties = Vec::new();
        for cell in self.chain_stone_cells(head) {
            stones.push(self.point(cell));
            for nb in self.neighbours(cell) {
                if self.cells[nb] == EMPTY {
                    liberties.push(self.point(nb));
                }
            }
        }
        stones.sort_unstable();
        liberties.sort_unstable();
        liberties.dedup();
        Some(Chain {
            color,
            stones,
            liberties,
        })
    }

    /// Every chain on the board, ordered by its first stone (column, then row).
    pub fn chains(&self) -> Vec<Chain> {
        let mut seen = vec![false; self.cells.len()];
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
    pub fn liberty_count(&self, p: Point) -> usize {
        if self.stone(p).is_none() {
            return 0;
        }
        // A bitset over padded cells on the stack: this runs after every move, so no allocation.
        let mut seen = [0u64; zobrist::MAX_CELLS.div_ceil(64)];
        let mut count = 0;
        let head = usize::from(self.head[self.cell(p)]);
        for cell in self.chain_stone_cells(head) {
            for nb in self.neighbours(cell) {
                if self.cells[nb] == EMPTY && seen[nb >> 6] & (1 << (nb & 63)) == 0 {
                    seen[nb >> 6] |= 1 << (nb & 63);
                    count += 1;
                }
            }
        }
        count
    }

    /// What placing a `color` stone on the on-board point `p` would do, ignoring ko rules.
    pub fn placement(&self, p: Point, color: Color) -> Placement {
        self.placement_at(self.cell(p), color)
    }

    fn placement_at(&self, cell: usize, color: Color) -> Placement {
        if self.cells[cell] != EMPTY {
            return Placement::Occupied;
        }
        let own = cell_of(color);
        let mut has_liberty = false;
        let mut hash = self.hash ^ zobrist::STONE[color.index()][cell];
        let mut captured_heads = [usize::MAX; 4];
        let mut captures = false;
        for (i, nb) in self.neighbours(cell).into_iter().enumerate() {
            let c = self.cells[nb];
            if c == EMPTY {
                has_liberty = true;
            } else if c == BORDER {
                continue;
            } else {
                let head = usize::from(self.head[nb]);
                let data = &self.chains[head];
                let in_atari = data.only_liberty_is(cell);
                if c == own {
                    has_liberty |= data.pseudo_liberties > 0 && !in_atari;
                } else if in_atari {
                    if !captured_heads[..i].contains(&head) {
                        hash ^= data.hash;
                    }
                    captured_heads[i] = head;
                    captures = true;
                }
            }
        }
        if has_liberty || captures {
            Placement::Allowed { hash, captures }
        } else {
            Placement::Suicide
        }
    }

    /// Puts a `color` stone on the empty on-board point `p` and joins it to its neighbours,
    /// without capturing anything: for setting up a position as written.
    pub fn place_unchecked(&mut self, p: Point, color: Color) {
        let cell = self.cell(p);
        self.put_stone(cell, color);
    }

    /// Plays a `color` stone on `p`, removing opposing chains left without liberties, and returns
    /// the captured points (sorted). The caller must have checked that `placement` allows it.
    pub fn play_unchecked(&mut self, p: Point, color: Color) -> Vec<Point> {
        let mut captured = Vec::new();
        self.play_cell(self.cell(p), color, &mut captured);
        let mut points: Vec<Point> = captured.into_iter().map(|c| self.point(c)).collect();
        points.sort_unstable();
        points
    }

    /// Plays a stone on a padded cell, pushing captured cells to `captured`.
    fn play_cell(&mut self, cell: usize, color: Color, captured: &mut Vec<usize>) {
        self.put_stone(cell, color);
        let opponent = cell_of(color.opponent());
        for nb in self.neighbours(cell) {
            if self.cells[nb] == opponent {
                let head = usize::from(self.head[nb]);
                if self.chains[head].pseudo_liberties == 0 {
                    self.remove_chain(head, captured);
                }
            }
        }
    }

    fn put_stone(&mut self, cell: usize, color: Color) {
        let own = cell_of(color);
        self.cells[cell] = own;
        self.head[cell] = cell as u16;
        self.next[cell] = cell as u16;
        let key = zobrist::STONE[color.index()][cell];
        self.hash ^= key;
        let mut data = ChainData {
            stones: 1,
            hash: key,
            ..ChainData::default()
        };
        for nb in self.neighbours(cell) {
            match self.cells[nb] {
                EMPTY => data.add_liberty(nb),
                BORDER => {}
                _ => {
                    let head = usize::from(self.head[nb]);
                    self.chains[head].remove_liberty(cell);
                }
            }
        }
        self.chains[cell] = data;
        for nb in self.neighbours(cell) {
            if self.cells[nb] == own {
                let a = usize::from(self.head[nb]);
                let b = usize::from(self.head[cell]);
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Joins two chains, relabelling the smaller one.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.chains[a].stones >= self.chains[b].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut cell = small;
        loop {
            self.head[cell] = big as u16;
            cell = usize::from(self.next[cell]);
            if cell == small {
                break;
            }
        }
        self.next.swap(big, small);
        let s = self.chains[small];
        let d = &mut self.chains[big];
        d.stones += s.stones;
        d.pseudo_liberties += s.pseudo_liberties;
        d.liberty_sum += s.liberty_sum;
        d.liberty_sum_squares += s.liberty_sum_squares;
        d.hash ^= s.hash;
    }

    fn remove_chain(&mut self, head: usize, captured: &mut Vec<usize>) {
        self.hash ^= self.chains[head].hash;
        let mut cell = head;
        loop {
            self.cells[cell] = EMPTY;
            captured.push(cell);
            cell = usize::from(self.next[cell]);
            if cell == head {
                break;
            }
        }
        // Second pass: every removed stone becomes a liberty of each neighbouring chain.
        loop {
            for nb in self.neighbours(cell) {
                if color_of(self.cells[nb]).is_some() {
                    let h = usize::from(self.head[nb]);
                    self.chains[h].add_liberty(cell);
                }
            }
            cell = usize::from(self.next[cell]);
            if cell == head {
                break;
            }
        }
    }

    /// The hash computed from scratch, for tests of the incremental hash.
    pub fn recomputed_hash(&self) -> u64 {
        let mut h = 0;
        for p in self.size.all_points() {
            let cell = self.cell(p);
            if let Some(c) = color_of(self.cells[cell]) {
                h ^= zobrist::STONE[c.index()][cell];
            }
        }
        h
    }

    /// Checks every internal invariant against a recomputation; returns what is wrong, for tests.
    pub fn consistency_error(&self) -> Option<String> {
        if self.hash != self.recomputed_hash() {
            return Some("incremental hash differs from recomputed hash".into());
        }
        for p in self.size.all_points() {
            let cell = self.cell(p);
            if color_of(self.cells[cell]).is_none() {
                continue;
            }
            let head = usize::from(self.head[cell]);
            if usize::from(self.head[head]) != head {
                return Some(format!("{p}: head is not its own head"));
            }
            let data = self.chains[head];
            let stones: Vec<usize> = self.chain_stone_cells(head).collect();
            if stones.len() != usize::from(data.stones) {
                return Some(format!(
                    "{p}: stone count {} != {}",
                    data.stones,
                    stones.len()
                ));
            }
            let mut fresh = ChainData {
                stones: data.stones,
                ..ChainData::default()
            };
            for &s in &stones {
                if self.head[s] != head as u16 || self.cells[s] != self.cells[cell] {
                    return Some(format!("{p}: chain list holds a foreign stone"));
                }
                fresh.hash ^= zobrist::STONE[color_of(self.cells[s]).map_or(0, Color::index)][s];
                for nb in self.neighbours(s) {
                    if self.cells[nb] == EMPTY {
                        fresh.add_liberty(nb);
                    }
                }
            }
            if fresh != data {
                return Some(format!(
                    "{p}: chain counters {data:?} != recomputed {fresh:?}"
                ));
            }
        }
        None
    }

    /// Cells of every empty on-board point in bench order: top row first, each row from `A`.
    pub fn empty_points_top_down(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size.get();
        (0..n)
            .rev()
            .flat_map(move |row| (0..n).map(move |col| Point::new(col, row)))
            .filter(|&p| self.is_empty(p))
    }
}
