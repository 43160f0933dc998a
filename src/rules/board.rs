//! Board: stones, chains (orthogonal connection only), liberties, captures and an incremental Zobrist hash.
//!
//! The board knows nothing of turns or history (that is `Game`). Internally it is a padded grid
//! (a border ring removes bounds checks) where each chain keeps its stones as a circular linked
//! list and counts its pseudo-liberties with their sum and sum of squares: a chain is in atari on
//! point `p` exactly when every pseudo-liberty equals `p`, which the three numbers reveal in O(1).
//!
//! For listing legal moves quickly the board also keeps, incrementally, a bitboard of empty points
//! and, per colour, a bitboard of "atari points" (points that are the only liberty of some chain
//! of that colour, with a count per point since several chains may share one, and the XOR of
//! those chains' hashes, which is what a capture there removes from the position's hash). An
//! empty point with an empty neighbour that is no atari point of the opponent is a legal
//! non-capturing move whatever the chains around it, so only the remaining few points need a
//! look at their chains. Rows are stored top row first, so cells ascend in reading order.

use std::sync::OnceLock;

use super::cells::CellSet;
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

/// Per padded width (`N + 2`) and cell: the cell's reading-order index `row_from_top * N +
/// column` (meaningless for border cells).
static READING_INDEX: [[u16; zobrist::MAX_CELLS]; zobrist::MAX_STRIDE + 1] = {
    let mut table = [[0u16; zobrist::MAX_CELLS]; zobrist::MAX_STRIDE + 1];
    let mut stride = 3;
    while stride <= zobrist::MAX_STRIDE {
        let n = stride - 2;
        let mut row = 0;
        while row < n {
            let mut col = 0;
            while col < n {
                table[stride][(row + 1) * stride + col + 1] = (row * n + col) as u16;
                col += 1;
            }
            row += 1;
        }
        stride += 1;
    }
    table
};

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

    /// The chain's only liberty when it has exactly one (every pseudo-liberty is the same cell).
    #[inline]
    fn atari_cell(&self) -> Option<usize> {
        let n = u64::from(self.pseudo_liberties);
        let sum = u64::from(self.liberty_sum);
        // One empty cell touches at most four stones, so a chain in atari has 1 to 4
        // pseudo-liberties, and `sum / n` is a multiplication by a table entry, not a division.
        const RECIPROCAL: [u64; 5] = [0, 1 << 16, 1 << 15, (1 << 16) / 3 + 1, 1 << 14];
        (n > 0 && self.liberty_sum_squares * n == sum * sum)
            .then(|| ((sum * RECIPROCAL[(n as usize).min(4)]) >> 16) as usize)
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

/// Cells in the largest padded board: every per-cell table below has this many entries.
const CELLS: usize = zobrist::MAX_CELLS;

/// A square board of stones.
///
/// The per-cell tables are arrays inside the board, sized for the largest board, rather than
/// vectors: reached through `self` at a fixed offset, their addresses need no reloading after
/// every store the way a vector's heap pointer and length do, and the board's moves run
/// through these tables many times per move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    size: BoardSize,
    stride: usize,
    /// How many padded cells this board's size uses (the rest of each table is never read).
    padded: usize,
    cells: [u8; CELLS],
    head: [u16; CELLS],
    next: [u16; CELLS],
    /// Boxed, unlike the small tables: these are the two large ones, and a board is moved
    /// around whole when a game starts.
    chains: Box<[ChainData; CELLS]>,
    hash: u64,
    on_board: u16,
    /// Per colour index: how many stones of that colour are on the board.
    color_stones: [u16; 2],
    /// The empty on-board cells.
    empty: CellSet,
    /// Per colour index: the cells holding a stone of that colour.
    stones: [CellSet; 2],
    /// Per colour index: cells that are the only liberty of at least one chain of that colour.
    atari: [CellSet; 2],
    /// Per colour index and cell: how many chains of that colour have that cell as only liberty.
    atari_chains: [[u8; CELLS]; 2],
    /// Per colour index and cell: the hashes of the chains counted in `atari_chains`, XORed
    /// together, so a capture's resulting hash needs no look at the chains it removes.
    atari_hash: Box<[[u64; CELLS]; 2]>,
    /// Per chain head: the atari cell counted for that chain in `atari_chains`, or 0 for none.
    atari_of: [u16; CELLS],
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
                // Any order will do here: every on-board cell is set.
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
            chains: Box::new([ChainData::default(); CELLS]),
            hash: 0,
            on_board: 0,
            color_stones: [0, 0],
            empty,
            stones: [CellSet::default(); 2],
            atari: [CellSet::default(); 2],
            atari_chains: [[0; CELLS]; 2],
            atari_hash: Box::new([[0; CELLS]; 2]),
            atari_of: [0; CELLS],
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
    ///
    /// Rows are stored top row first, so cells ascend in reading order (top row first, each row
    /// from column `A`), the order in which move lists are printed and the playout bench counts.
    pub(super) fn cell(&self, p: Point) -> usize {
        (usize::from(self.size.get() - p.row)) * self.stride + usize::from(p.col) + 1
    }

    /// The point of a padded cell index on the board.
    fn point(&self, cell: usize) -> Point {
        Point::new(
            (cell % self.stride - 1) as u8,
            self.size.get() - (cell / self.stride) as u8,
        )
    }

    /// Writes the reading-order index (`row_from_top * N + column`) of every cell of `set`, in
    /// that order, to the front of `out`; returns how many were written.
    ///
    /// # Panics
    ///
    /// When `out` is shorter than the number of cells in `set`.
    pub(super) fn reading_indices(&self, set: &CellSet, out: &mut [u16]) -> usize {
        // Into a plain slice with the count in a local: pushing onto a `Vec` would store and
        // reload its length through memory on every index.
        let table = &READING_INDEX[self.stride];
        let mut len = 0;
        if self.padded <= 128 {
            // Boards up to 9x9 fit in two words, walked as one: the loop's end is the one
            // branch here the processor cannot foresee, so one loop beats one per word.
            let mut bits = u128::from(set.0[0]) | (u128::from(set.0[1]) << 64);
            while bits != 0 {
                let cell = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out[len] = table[cell];
                len += 1;
            }
            return len;
        }
        for (w, &word) in set.0[..self.padded.div_ceil(64)].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out[len] = table[cell];
                len += 1;
            }
        }
        len
    }

    #[inline]
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
    /// Counted by walking the chain: only reports ask, and keeping an exact count on every
    /// merge and capture would cost every move of a playout more than this costs a report.
    pub fn liberty_count(&self, p: Point) -> usize {
        if self.stone(p).is_none() {
            return 0;
        }
        let head = usize::from(self.head[self.cell(p)]);
        // The chain's stones as a set, then its liberties a word at a time: one bit per stone
        // rather than four neighbour looks.
        let mut stones = CellSet::default();
        for cell in self.chain_stone_cells(head) {
            stones.set(cell);
        }
        (0..self.padded.div_ceil(64))
            .map(|w| (stones.next_to_word(w, self.stride) & self.empty.0[w]).count_ones() as usize)
            .sum()
    }

    /// What placing a `color` stone on the on-board point `p` would do, ignoring ko rules.
    pub fn placement(&self, p: Point, color: Color) -> Placement {
        self.placement_at(self.cell(p), color)
    }

    #[inline]
    fn placement_at(&self, cell: usize, color: Color) -> Placement {
        if self.cells[cell] != EMPTY {
            return Placement::Occupied;
        }
        let own = cell_of(color);
        let opponent = cell_of(color.opponent());
        let mut has_liberty = false;
        let mut hash = self.hash ^ zobrist::STONE[color.index()][cell];
        let mut captures = false;
        // Written without data-dependent branches: the neighbour kinds are unpredictable. The
        // `head` of an empty or border cell is stale, so every use of it is masked by the kind.
        let mut opponent_heads = [usize::MAX; 4];
        for (i, nb) in self.neighbours(cell).into_iter().enumerate() {
            let c = self.cells[nb];
            let head = usize::from(self.head[nb]);
            let in_atari = usize::from(self.atari_of[head]) == cell;
            // An own chain touching the empty `cell` has it as a liberty; out of atari, another.
            has_liberty |= (c == EMPTY) | ((c == own) & !in_atari);
            let first = !opponent_heads.contains(&head);
            let capture = (c == opponent) & in_atari & first;
            hash ^= self.chains[head].hash & 0u64.wrapping_sub(u64::from(capture));
            captures |= capture;
            if c == opponent {
                opponent_heads[i] = head;
            }
        }
        if has_liberty || captures {
            Placement::Allowed { hash, captures }
        } else {
            Placement::Suicide
        }
    }

    /// The cells where a `color` stone may go, as far as the caller's ko rule agrees.
    ///
    /// Whole-board bit sets settle almost every empty point. A point that is no opponent
    /// chain's last liberty captures nothing, so its hash is `hash() ^` the stone's key; it is
    /// legal when it has an empty neighbour, or touches an own chain and is no own chain's last
    /// liberty (so every own chain it joins keeps another), and it is kept unless
    /// `quiet_refused` holds it. Filling an own chain's last liberty with no empty neighbour
    /// takes a look at the neighbours: it is legal only when another own chain there has a
    /// liberty to spare. A capture always leaves the stone a liberty; it is kept when
    /// `capture_allowed` accepts the resulting hash, which comes from the per-cell atari hashes
    /// without a look at the chains removed. Every other empty point is suicide.
    pub(super) fn allowed_cells(
        &self,
        color: Color,
        quiet_refused: &CellSet,
        mut capture_allowed: impl FnMut(u64) -> bool,
    ) -> CellSet {
        let stride = self.stride;
        let (empty, own) = (&self.empty, &self.stones[color.index()]);
        let own_atari = &self.atari[color.index()];
        let opponent_atari = &self.atari[color.opponent().index()];
        let stone_key = &zobrist::STONE[color.index()];
        let capture_hash = &self.atari_hash[color.opponent().index()];
        let mut allowed = CellSet::default();
        if self.padded <= 128 {
            // Boards up to 9x9 fit in two words, handled as one 128-bit word: no loop over
            // words, and one loop over each kind of candidate instead of one per word.
            let pair = |set: &CellSet| u128::from(set.0[0]) | (u128::from(set.0[1]) << 64);
            let next_to = |x: u128| (x << 1) | (x >> 1) | (x << stride) | (x >> stride);
            let (e, own, oa, pa) = (
                pair(empty),
                pair(own),
                pair(own_atari),
                pair(opponent_atari),
            );
            let ne = next_to(e);
            let mut quiet = e & !pa & (ne | (next_to(own) & !oa));
            let mut fills = e & !pa & oa & !ne;
            while fills != 0 {
                let cell = fills.trailing_zeros() as usize;
                fills &= fills - 1;
                quiet |= u128::from(self.fill_keeps_liberty(cell, color)) << cell;
            }
            let mut word = quiet & !pair(quiet_refused);
            let mut captures = e & pa;
            while captures != 0 {
                let cell = captures.trailing_zeros() as usize;
                captures &= captures - 1;
                let hash = self.hash ^ stone_key[cell] ^ capture_hash[cell];
                word |= u128::from(capture_allowed(hash)) << cell;
            }
            allowed.0[0] = word as u64;
            allowed.0[1] = (word >> 64) as u64;
            return allowed;
        }
        for w in 0..self.padded.div_ceil(64) {
            let (e, ne) = (empty.0[w], empty.next_to_word(w, stride));
            let no = own.next_to_word(w, stride);
            let (oa, pa) = (own_atari.0[w], opponent_atari.0[w]);
            let mut quiet = e & !pa & (ne | (no & !oa));
            let mut fills = e & !pa & oa & !ne;
            while fills != 0 {
                let bit = fills.trailing_zeros() as usize;
                fills &= fills - 1;
                quiet |= u64::from(self.fill_keeps_liberty(w * 64 + bit, color)) << bit;
            }
            let mut word = quiet & !quiet_refused.0[w];
            let mut captures = e & pa;
            while captures != 0 {
                let bit = captures.trailing_zeros() as usize;
                captures &= captures - 1;
                let cell = w * 64 + bit;
                let hash = self.hash ^ stone_key[cell] ^ capture_hash[cell];
                word |= u64::from(capture_allowed(hash)) << bit;
            }
            allowed.0[w] = word;
        }
        allowed
    }

    /// Whether a `color` stone on the empty `cell`, which captures nothing and has no empty
    /// neighbour, joins some own chain that keeps a liberty elsewhere (otherwise it is suicide).
    #[inline]
    fn fill_keeps_liberty(&self, cell: usize, color: Color) -> bool {
        let own = cell_of(color);
        // Without branches: the neighbour kinds are unpredictable, and the stale `head` of a
        // border cell is masked by its kind.
        self.neighbours(cell).into_iter().fold(false, |keeps, nb| {
            let head = usize::from(self.head[nb]);
            keeps | ((self.cells[nb] == own) & (usize::from(self.atari_of[head]) != cell))
        })
    }

    /// Puts a `color` stone on the empty on-board point `p` and joins it to its neighbours,
    /// without capturing anything: for setting up a position as written.
    pub fn place_unchecked(&mut self, p: Point, color: Color) {
        let cell = self.cell(p);
        let (heads, count) = self.put_stone(cell, color);
        for &head in &heads[..count] {
            self.refresh_atari(head);
        }
    }

    /// Plays a `color` stone on `p`, removing opposing chains left without liberties, and returns
    /// the captured points (sorted). The caller must have checked that `placement` allows it.
    pub fn play_unchecked(&mut self, p: Point, color: Color) -> Vec<Point> {
        let mut captured = Vec::new();
        self.play_recording(p, color, &mut captured);
        self.sorted_points(&captured)
    }

    /// [`Board::play_unchecked`] that appends the captured cells to a caller's buffer instead
    /// of allocating, for a game that only sometimes wants them as points.
    pub(super) fn play_recording(&mut self, p: Point, color: Color, captured: &mut Vec<usize>) {
        self.play_cell(self.cell(p), color, captured);
    }

    /// The points of padded cells, sorted.
    pub(super) fn sorted_points(&self, cells: &[usize]) -> Vec<Point> {
        let mut points: Vec<Point> = cells.iter().map(|&c| self.point(c)).collect();
        points.sort_unstable();
        points
    }

    /// Plays a stone on a padded cell, pushing captured cells to `captured`.
    fn play_cell(&mut self, cell: usize, color: Color, captured: &mut Vec<usize>) {
        let (heads, count) = self.put_stone(cell, color);
        // Removing one opposing chain only gives liberties to chains of the mover's colour, so
        // each of the distinct opposing chains next to the stone can be judged as collected.
        for &head in &heads[..count] {
            if self.chains[head].pseudo_liberties == 0 {
                self.remove_chain(head, captured);
            } else {
                self.refresh_atari(head);
            }
        }
    }

    /// Puts a stone and joins it to its own neighbours; returns the heads of the distinct
    /// opposing chains next to it (the first `count` entries), which the caller must capture
    /// or refresh the atari record of (each lost a liberty).
    fn put_stone(&mut self, cell: usize, color: Color) -> ([usize; 4], usize) {
        let own = cell_of(color);
        self.cells[cell] = own;
        self.empty.clear(cell);
        self.stones[color.index()].set(cell);
        self.on_board += 1;
        self.color_stones[color.index()] += 1;
        self.head[cell] = cell as u16;
        self.next[cell] = cell as u16;
        self.atari_of[cell] = 0;
        let key = zobrist::STONE[color.index()][cell];
        self.hash ^= key;
        let mut data = ChainData {
            stones: 1,
            hash: key,
            ..ChainData::default()
        };
        // One pass over the neighbours settles the liberty counters and collects the distinct
        // neighbouring chains of each colour, so the merges and atari refreshes below need not
        // look at the neighbours again. It is written without data-dependent branches (the
        // neighbour kinds are unpredictable): every update is scaled by 0 or 1 instead. The
        // `head` of an empty or border cell is stale, so what it names only ever gets zeros.
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
        (opponent_heads, opponent_count)
    }

    /// Forgets the atari cell recorded for the chain at `head`, if any.
    #[inline]
    fn unmark_atari(&mut self, head: usize) {
        let at = usize::from(self.atari_of[head]);
        if at != 0 {
            self.atari_of[head] = 0;
            let ci = usize::from(self.cells[head] - 1);
            self.atari_chains[ci][at] -= 1;
            self.atari_hash[ci][at] ^= self.chains[head].hash;
            if self.atari_chains[ci][at] == 0 {
                self.atari[ci].clear(at);
            }
        }
    }

    /// Records the atari cell of the chain at `head` afresh from its liberty counters.
    #[inline(always)]
    fn refresh_atari(&mut self, head: usize) {
        // Inlined for the common case, nothing changed; the bookkeeping of a change is not.
        let at = self.chains[head].atari_cell();
        if at.unwrap_or(0) != usize::from(self.atari_of[head]) {
            self.record_atari(head, at);
        }
    }

    /// Moves the atari record of the chain at `head` to `at`.
    #[inline(never)]
    fn record_atari(&mut self, head: usize, at: Option<usize>) {
        self.unmark_atari(head);
        if let Some(at) = at {
            self.atari_of[head] = at as u16;
            let ci = usize::from(self.cells[head] - 1);
            self.atari_chains[ci][at] += 1;
            self.atari_hash[ci][at] ^= self.chains[head].hash;
            self.atari[ci].set(at);
        }
    }

    /// Joins two chains, relabelling the smaller one; returns the head of the joined chain.
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.chains[a].stones >= self.chains[b].stones {
            (a, b)
        } else {
            (b, a)
        };
        // The small head stops being a head; the big one's record is refreshed by the caller.
        self.unmark_atari(small);
        // The big chain's hash is about to change, and its atari record holds the old one; the
        // caller's refresh records it afresh.
        self.unmark_atari(big);
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
        big
    }

    fn remove_chain(&mut self, head: usize, captured: &mut Vec<usize>) {
        self.unmark_atari(head);
        self.hash ^= self.chains[head].hash;
        let ci = usize::from(self.cells[head] - 1);
        self.color_stones[ci] -= self.chains[head].stones;
        let mut cell = head;
        loop {
            self.stones[ci].clear(cell);
            self.cells[cell] = EMPTY;
            self.empty.set(cell);
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

    /// The on-board cell whose Zobrist key for a `color` stone is `key`, if any.
    pub(super) fn cell_of_stone_key(&self, color: Color, key: u64) -> Option<usize> {
        // An open-addressing table over every stone key, indexed by the key's top bits (the keys
        // are uniformly random); a slot holds `color index * 512 + cell + 1`, or 0 when free.
        const SLOTS_LOG2: u32 = 12;
        static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
        let table = TABLE.get_or_init(|| {
            let mut table = vec![0u16; 1 << SLOTS_LOG2];
            for (c, keys) in zobrist::STONE.iter().enumerate() {
                for (cell, &k) in keys.iter().enumerate() {
                    let mut slot = (k >> (64 - SLOTS_LOG2)) as usize;
                    while table[slot] != 0 {
                        slot = (slot + 1) & ((1 << SLOTS_LOG2) - 1);
                    }
                    table[slot] = (c * 512 + cell + 1) as u16;
                }
            }
            table
        });
        let mut slot = (key >> (64 - SLOTS_LOG2)) as usize;
        loop {
            let entry = usize::from(table[slot]);
            if entry == 0 {
                return None;
            }
            let (c, cell) = ((entry - 1) / 512, (entry - 1) % 512);
            if c == color.index() && zobrist::STONE[c][cell] == key {
                return (cell < self.padded && self.cells[cell] != BORDER).then_some(cell);
            }
            slot = (slot + 1) & ((1 << SLOTS_LOG2) - 1);
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
        let mut empty = CellSet::default();
        let mut stones = [CellSet::default(); 2];
        let mut on_board = 0;
        let mut atari = [CellSet::default(); 2];
        let mut atari_chains = [[0u8; CELLS]; 2];
        let mut atari_hash = [[0u64; CELLS]; 2];
        for cell in 0..self.padded {
            match self.cells[cell] {
                EMPTY => empty.set(cell),
                BORDER => {}
                c => {
                    on_board += 1;
                    stones[usize::from(c - 1)].set(cell);
                    let head = usize::from(self.head[cell]);
                    let expected = if head == cell {
                        self.chains[head].atari_cell()
                    } else {
                        None
                    };
                    if usize::from(self.atari_of[cell]) != expected.unwrap_or(0) {
                        return Some(format!(
                            "{}: recorded atari cell {} != recomputed {expected:?}",
                            self.point(cell),
                            self.atari_of[cell]
                        ));
                    }
                    if let Some(at) = expected {
                        atari_chains[usize::from(c - 1)][at] += 1;
                        atari_hash[usize::from(c - 1)][at] ^= self.chains[head].hash;
                        atari[usize::from(c - 1)].set(at);
                    }
                }
            }
        }
        if empty != self.empty || stones != self.stones {
            return Some("incremental empty-point or stone sets differ from the board".into());
        }
        if on_board != self.on_board {
            return Some(format!(
                "stones on board {} != counted {on_board}",
                self.on_board
            ));
        }
        let counted = stones.map(|b| b.len() as u16);
        if counted != self.color_stones {
            return Some(format!(
                "stones per colour {:?} != counted {counted:?}",
                self.color_stones
            ));
        }
        if atari != self.atari
            || atari_chains != self.atari_chains
            || atari_hash != *self.atari_hash
        {
            return Some("incremental atari points differ from recomputed ones".into());
        }
        let mut members = vec![0u16; self.padded];
        for p in self.size.all_points() {
            let cell = self.cell(p);
            if color_of(self.cells[cell]).is_none() {
                continue;
            }
            let head = usize::from(self.head[cell]);
            if usize::from(self.head[head]) != head || self.cells[head] != self.cells[cell] {
                return Some(format!("{p}: head is not its own head"));
            }
            members[head] += 1;
            if head != cell {
                // The chain is checked once, from its head.
                continue;
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
            let mut liberties = CellSet::default();
            for &s in &stones {
                if self.head[s] != head as u16 || self.cells[s] != self.cells[cell] {
                    return Some(format!("{p}: chain list holds a foreign stone"));
                }
                fresh.hash ^= zobrist::STONE[color_of(self.cells[s]).map_or(0, Color::index)][s];
                for nb in self.neighbours(s) {
                    if self.cells[nb] == EMPTY {
                        fresh.add_liberty(nb);
                        liberties.set(nb);
                    }
                }
            }
            if fresh != data {
                return Some(format!(
                    "{p}: chain counters {data:?} != recomputed {fresh:?}"
                ));
            }
        }
        // Every stone naming a head must be on that head's list (the lists hold `stones` each).
        for (head, &count) in members.iter().enumerate() {
            if count != 0 && count != self.chains[head].stones {
                return Some(format!(
                    "{}: {count} stones name it as head, its list holds {}",
                    self.point(head),
                    self.chains[head].stones
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
