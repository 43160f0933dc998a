//! Board: stones, chains (orthogonal connection only), liberties, captures and an incremental Zobrist hash.
//!
//! The board knows nothing of turns or history (that is `Game`). Internally it is a padded grid
//! (a border ring removes bounds checks) where each chain keeps its stones as a circular linked
//! list and counts its pseudo-liberties with their sum and sum of squares: a chain is in atari on
//! point `p` exactly when every pseudo-liberty equals `p`, which the three numbers reveal in O(1).
//! Rows are stored top row first, so cells ascend in reading order.

use super::cells::CellSet;
use super::point::{BoardSize, Color, Point};
use super::zobrist;

mod consistency;
mod queries;
mod reading;
pub(in crate::rules) use reading::child_board;
mod sets;

pub use self::queries::Chain;

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

    /// Whether `cell` is the chain's only liberty: then every pseudo-liberty is `cell`, and only
    /// then do the sum and the sum of squares both match (their variance is zero).
    #[inline]
    fn in_atari_on(&self, cell: usize) -> bool {
        let (n, c) = (u64::from(self.pseudo_liberties), cell as u64);
        (n > 0) & (u64::from(self.liberty_sum) == n * c) & (self.liberty_sum_squares == n * c * c)
    }

    /// The chain's only liberty when it has exactly one.
    #[inline]
    fn atari_cell(&self) -> Option<usize> {
        // One empty cell touches at most four stones, so a chain in atari has 1 to 4
        // pseudo-liberties, and `sum / n` is a multiplication by a table entry, not a division.
        const RECIPROCAL: [u64; 5] = [0, 1 << 16, 1 << 15, (1 << 16) / 3 + 1, 1 << 14];
        let n = usize::from(self.pseudo_liberties);
        let cell = ((u64::from(self.liberty_sum) * RECIPROCAL[n.min(4)]) >> 16) as usize;
        (n <= 4 && self.in_atari_on(cell)).then_some(cell)
    }
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

/// Cells in the largest padded board: every per-cell table below has this many entries.
pub(super) const CELLS: usize = zobrist::MAX_CELLS;

/// A square board of stones.
///
/// The per-cell tables are arrays inside the board, sized for the largest board, rather than
/// vectors: reached through `self` at a fixed offset, their addresses need no reloading after
/// every store the way a vector's heap pointer and length do. Nothing is on the heap, so a
/// copy (for a search that copies rather than undoes) is one `memcpy` of about 15 KB.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    size: BoardSize,
    stride: usize,
    /// How many padded cells this board's size uses (the rest of each table is never read).
    padded: usize,
    cells: [u8; CELLS],
    head: [u16; CELLS],
    next: [u16; CELLS],
    chains: [ChainData; CELLS],
    hash: u64,
    on_board: u16,
    /// Per colour index: how many stones of that colour are on the board.
    color_stones: [u16; 2],
    /// The empty on-board cells and the cells of each colour's stones, as bit sets: a few bit
    /// operations per stone keep them, and they let the move listing a search runs on every
    /// node read the position a word at a time instead of point by point.
    empty: CellSet,
    stones: [CellSet; 2],
    /// Per head cell, the cell of the chain's only liberty, or 0 (a border cell) when it has
    /// more than one; 0 for every cell that is no head.
    atari_at: [u16; CELLS],
    /// Per colour index and cell, how many chains of that colour have that cell as their only
    /// liberty (a cell touches at most four).
    atari_chains: [[u8; CELLS]; 2],
    /// Per colour index, the cells where `atari_chains` is not zero: the atari points.
    atari_points: [CellSet; 2],
}

impl Board {
    /// An empty board of the given size.
    pub fn new(size: BoardSize) -> Board {
        let n = usize::from(size.get());
        let stride = n + 2;
        let mut cells = [BORDER; CELLS];
        let mut empty = CellSet::default();
        for row in 0..n {
            for col in 0..n {
                let cell = (row + 1) * stride + col + 1;
                cells[cell] = EMPTY;
                empty.set(cell);
            }
        }
        Board {
            size,
            stride,
            padded: stride * stride,
            cells,
            head: [0; CELLS],
            next: [0; CELLS],
            chains: [ChainData::default(); CELLS],
            hash: 0,
            on_board: 0,
            color_stones: [0, 0],
            empty,
            stones: [CellSet::default(); 2],
            atari_at: [0; CELLS],
            atari_chains: [[0; CELLS]; 2],
            atari_points: [CellSet::default(); 2],
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

    /// The padded cell index of an on-board point (cells ascend in reading order).
    pub(super) fn cell(&self, p: Point) -> usize {
        (usize::from(self.size.get() - p.row)) * self.stride + usize::from(p.col) + 1
    }

    /// The point of a padded cell index on the board.
    pub(super) fn point(&self, cell: usize) -> Point {
        Point::new(
            (cell % self.stride - 1) as u8,
            self.size.get() - (cell / self.stride) as u8,
        )
    }

    #[inline]
    pub(super) fn neighbours(&self, cell: usize) -> [usize; 4] {
        [cell - self.stride, cell - 1, cell + 1, cell + self.stride]
    }

    /// Whether a padded cell holds a `color` stone.
    #[inline]
    pub(super) fn holds(&self, cell: usize, color: Color) -> bool {
        self.cells[cell] == cell_of(color)
    }

    /// The head cell of the chain through a padded cell (stale for an empty or border cell).
    #[inline]
    pub(super) fn head_of(&self, cell: usize) -> usize {
        usize::from(self.head[cell])
    }

    /// How many stones of both colours are on the board.
    pub fn stones_on_board(&self) -> usize {
        usize::from(self.on_board)
    }

    /// How many stones of `color` are on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        usize::from(self.color_stones[color.index()])
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

    /// The points of padded cells, sorted.
    pub(super) fn sorted_points(&self, cells: impl IntoIterator<Item = usize>) -> Vec<Point> {
        let mut points: Vec<Point> = cells.into_iter().map(|c| self.point(c)).collect();
        points.sort_unstable();
        points
    }

    /// What placing a `color` stone on the on-board point `p` would do, ignoring ko rules.
    #[inline]
    pub fn placement(&self, p: Point, color: Color) -> Placement {
        self.placement_at(self.cell(p), color)
    }

    /// [`Board::placement`] on a padded cell.
    #[inline]
    pub(super) fn placement_at(&self, cell: usize, color: Color) -> Placement {
        if self.cells[cell] != EMPTY {
            return Placement::Occupied;
        }
        let own = cell_of(color);
        let opponent = cell_of(color.opponent());
        let mut has_liberty = false;
        let mut captures = false;
        // Written without data-dependent branches: the neighbour kinds are unpredictable. The
        // `head` of an empty or border cell is stale, so every use of it is masked by the kind.
        let mut heads = [0; 4];
        let mut capturing = [false; 4];
        for (i, nb) in self.neighbours(cell).into_iter().enumerate() {
            let c = self.cells[nb];
            let head = usize::from(self.head[nb]);
            // A chain touching the empty `cell` has it as a liberty, so it is in atari on `cell`
            // exactly when it has one liberty: a bit of the kept set, not the counters.
            let in_atari = self.atari_at[head] != 0;
            // An own chain touching the empty `cell` has it as a liberty; out of atari, another.
            has_liberty |= (c == EMPTY) | ((c == own) & !in_atari);
            heads[i] = head;
            capturing[i] = (c == opponent) & in_atari;
            captures |= capturing[i];
        }
        let mut hash = self.hash ^ zobrist::STONE[color.index()][cell];
        // Most moves capture nothing, and only a capture needs the chains' own hashes.
        if captures {
            for i in 0..4 {
                // A chain touching the stone twice is removed once.
                if capturing[i] && !(0..i).any(|j| capturing[j] && heads[j] == heads[i]) {
                    hash ^= self.chains[heads[i]].hash;
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
        self.put_stone(self.cell(p), color);
    }

    /// Plays a `color` stone on `p`, removing opposing chains left without liberties, and returns
    /// the captured points (sorted). The caller must have checked that `placement` allows it.
    pub fn play_unchecked(&mut self, p: Point, color: Color) -> Vec<Point> {
        let mut captured = Vec::new();
        self.play_recording(p, color, &mut captured);
        self.sorted_points(captured)
    }

    /// [`Board::play_unchecked`] that appends the captured cells to a caller's buffer instead
    /// of allocating, for a game that only sometimes wants them as points.
    pub(super) fn play_recording(&mut self, p: Point, color: Color, captured: &mut Vec<usize>) {
        let (heads, count) = self.put_stone(self.cell(p), color);
        // Removing one opposing chain only gives liberties to chains of the mover's colour, so
        // each of the distinct opposing chains next to the stone can be judged as collected.
        for &head in &heads[..count] {
            if self.chains[head].pseudo_liberties == 0 {
                self.remove_chain(head, captured);
            }
        }
    }

    /// Puts a stone and joins it to its own neighbours; returns the heads of the distinct
    /// opposing chains next to it (the first `count` entries), which the caller captures when
    /// they are left without a liberty.
    fn put_stone(&mut self, cell: usize, color: Color) -> ([usize; 4], usize) {
        let own = cell_of(color);
        self.cells[cell] = own;
        self.on_board += 1;
        self.color_stones[color.index()] += 1;
        self.empty.clear(cell);
        self.stones[color.index()].set(cell);
        self.head[cell] = cell as u16;
        self.next[cell] = cell as u16;
        let key = zobrist::STONE[color.index()][cell];
        self.hash ^= key;
        let mut data = ChainData {
            stones: 1,
            hash: key,
            ..ChainData::default()
        };
        // One pass over the neighbours settles the liberty counters and collects the distinct
        // neighbouring chains of each colour. It is written without data-dependent branches
        // (the neighbour kinds are unpredictable): every update is scaled by 0 or 1 instead.
        // The `head` of an empty or border cell is stale, so what it names only ever gets zeros.
        const NO_HEAD: usize = usize::MAX;
        let opponent = cell_of(color.opponent());
        let mut own_heads = [NO_HEAD; 4];
        let mut own_count = 0;
        let mut opponent_heads = [NO_HEAD; 4];
        let mut opponent_count = 0;
        let (cell_sum, cell_square) = (cell as u32, (cell * cell) as u64);
        for nb in self.neighbours(cell) {
            let c = self.cells[nb];
            let empty = u16::from(c == EMPTY);
            data.pseudo_liberties += empty;
            data.liberty_sum += u32::from(empty) * nb as u32;
            data.liberty_sum_squares += u64::from(empty) * (nb * nb) as u64;
            let (is_own, is_opponent) = (c == own, c == opponent);
            let head = usize::from(self.head[nb]);
            let chain = &mut self.chains[head];
            let stone = u16::from(is_own | is_opponent);
            chain.pseudo_liberties -= stone;
            chain.liberty_sum -= u32::from(stone) * cell_sum;
            chain.liberty_sum_squares -= u64::from(stone) * cell_square;
            // A chain touching the stone twice is collected once.
            let new_own = is_own & own_heads.iter().all(|&h| h != head);
            let new_opponent = is_opponent & opponent_heads.iter().all(|&h| h != head);
            own_heads[own_count & 3] = if new_own { head } else { NO_HEAD };
            own_count += usize::from(new_own);
            opponent_heads[opponent_count & 3] = if new_opponent { head } else { NO_HEAD };
            opponent_count += usize::from(new_opponent);
        }
        self.chains[cell] = data;
        // The collected own heads are distinct chains, so each is still a head when its turn to
        // merge comes: a merge relabels only one of the two chains it joins.
        let mut head = cell;
        for &other in &own_heads[..own_count] {
            head = self.merge(other, head);
        }
        self.refresh_atari(head);
        for &other in &opponent_heads[..opponent_count] {
            self.refresh_atari(other);
        }
        (opponent_heads, opponent_count)
    }

    /// Joins two chains, relabelling the smaller one; returns the head of the joined chain.
    fn merge(&mut self, a: usize, b: usize) -> usize {
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
        self.forget_atari(small);
        let s = self.chains[small];
        let d = &mut self.chains[big];
        d.stones += s.stones;
        d.pseudo_liberties += s.pseudo_liberties;
        d.liberty_sum += s.liberty_sum;
        d.liberty_sum_squares += s.liberty_sum_squares;
        d.hash ^= s.hash;
        big
    }

    /// Brings the atari bookkeeping of the chain headed at `head` up to date after its
    /// counters changed.
    #[inline]
    fn refresh_atari(&mut self, head: usize) {
        let (old, new) = (
            usize::from(self.atari_at[head]),
            self.chains[head].atari_cell().unwrap_or(0),
        );
        if old != new {
            let color = usize::from(self.cells[head] - 1);
            self.count_atari(color, old, false);
            self.count_atari(color, new, true);
            self.atari_at[head] = new as u16;
        }
    }

    /// Drops the atari bookkeeping of the chain headed at `head`, which stops being a head (it
    /// is joined to another or removed).
    #[inline]
    fn forget_atari(&mut self, head: usize) {
        let old = usize::from(self.atari_at[head]);
        if old != 0 {
            self.count_atari(usize::from(self.cells[head] - 1), old, false);
            self.atari_at[head] = 0;
        }
    }

    /// Counts one chain of colour index `color` in or out of atari on `cell` (nothing for the
    /// "no atari" cell 0).
    #[inline]
    fn count_atari(&mut self, color: usize, cell: usize, entering: bool) {
        if cell == 0 {
            return;
        }
        let count = &mut self.atari_chains[color][cell];
        *count = if entering { *count + 1 } else { *count - 1 };
        let member = *count != 0;
        self.atari_points[color].put(cell, member);
    }

    /// The hash after a suicide of `color` on the empty padded cell `cell`, where suicide is
    /// allowed: the stone and every own chain it joins are removed, so the stone's key cancels
    /// and each of those chains' hashes leaves the board's.
    pub(super) fn suicide_hash_at(&self, cell: usize, color: Color) -> u64 {
        let mut hash = self.hash;
        let mut seen = [usize::MAX; 4];
        for (i, nb) in self.neighbours(cell).into_iter().enumerate() {
            let head = usize::from(self.head[nb]);
            if self.holds(nb, color) && !seen.contains(&head) {
                hash ^= self.chains[head].hash;
                seen[i] = head;
            }
        }
        hash
    }

    /// Removes the chain through the stone on `p` when it has no liberty (a suicide where the
    /// rules allow it), appending its cells to `removed`; whether it did.
    pub(super) fn remove_if_dead(&mut self, p: Point, removed: &mut Vec<usize>) -> bool {
        let cell = self.cell(p);
        if color_of(self.cells[cell]).is_none() {
            return false;
        }
        let head = self.head_of(cell);
        if self.chains[head].pseudo_liberties > 0 {
            return false;
        }
        self.remove_chain(head, removed);
        true
    }

    fn remove_chain(&mut self, head: usize, captured: &mut Vec<usize>) {
        self.hash ^= self.chains[head].hash;
        let ci = usize::from(self.cells[head] - 1);
        self.color_stones[ci] -= self.chains[head].stones;
        self.forget_atari(head);
        let mut cell = head;
        loop {
            self.cells[cell] = EMPTY;
            self.empty.set(cell);
            self.stones[ci].clear(cell);
            self.on_board -= 1;
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
                    self.refresh_atari(h);
                }
            }
            cell = usize::from(self.next[cell]);
            if cell == head {
                break;
            }
        }
    }
}
