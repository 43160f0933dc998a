//! The bit sets the listing reads, kept up to date move by move from outside the board.

use super::cells::CellSet;
use crate::rules::board::{Board, CELLS};
use crate::rules::point::Color;

/// Empty points, stones per colour and atari points per colour, as bit sets over padded cells.
///
/// An atari point of a colour is the only liberty of at least one chain of that colour. Each
/// such point keeps how many chains have it as their last liberty and the XOR of their hashes:
/// a capture there removes exactly those chains, so the hash after it costs two table reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct BitBoard {
    /// The empty on-board cells.
    pub(super) empty: CellSet,
    /// Per colour index: the cells holding a stone of that colour.
    pub(super) stones: [CellSet; 2],
    /// Per colour index: cells that are the only liberty of at least one chain of that colour.
    pub(super) atari: [CellSet; 2],
    /// Per colour index and cell: how many chains of that colour have that cell as only liberty.
    atari_chains: [[u8; CELLS]; 2],
    /// Per colour index and cell: the hashes of the chains counted in `atari_chains`, XORed.
    pub(super) atari_hash: Box<[[u64; CELLS]; 2]>,
    /// Per chain head: the atari cell recorded for that chain, or 0 for none.
    pub(super) atari_of: [u16; CELLS],
}

impl BitBoard {
    /// The sets of `board`, computed from scratch.
    pub(super) fn new(board: &Board) -> BitBoard {
        let mut sets = BitBoard {
            empty: CellSet::default(),
            stones: [CellSet::default(); 2],
            atari: [CellSet::default(); 2],
            atari_chains: [[0; CELLS]; 2],
            atari_hash: Box::new([[0; CELLS]; 2]),
            atari_of: [0; CELLS],
        };
        for p in board.size().all_points() {
            let cell = board.cell(p);
            match board.color_at(cell) {
                None => sets.empty.set(cell),
                Some(color) => {
                    sets.stones[color.index()].set(cell);
                    if board.head_of(cell) == cell {
                        sets.refresh(board, cell);
                    }
                }
            }
        }
        sets
    }

    /// The heads of the chains next to `cell`, some possibly twice: the chains a stone there
    /// may merge, capture or take a liberty from. Taken before the move.
    #[inline]
    pub(super) fn heads_around(board: &Board, cell: usize) -> [Option<usize>; 4] {
        let mut heads = [None; 4];
        for (head, nb) in heads.iter_mut().zip(board.neighbours(cell)) {
            *head = board.color_at(nb).map(|_| board.head_of(nb));
        }
        heads
    }

    /// Drops the atari records of the chains among `heads` that a `color` stone on `cell`
    /// merges (its own, whose hash changes) or captures (in atari on `cell`), while their hashes
    /// are still the recorded ones.
    #[inline]
    pub(super) fn forget(
        &mut self,
        board: &Board,
        cell: usize,
        color: Color,
        heads: &[Option<usize>; 4],
    ) {
        for &head in heads.iter().flatten() {
            if board.holds(head, color) || board.atari_cell_of(head) == Some(cell) {
                self.unmark(board, head);
            }
        }
    }

    /// Brings the sets up to date after `color` played on `cell` and captured `captured`;
    /// `heads` are the heads taken before the move, passed to [`BitBoard::forget`] then.
    pub(super) fn played(
        &mut self,
        board: &Board,
        cell: usize,
        color: Color,
        captured: &[usize],
        heads: &[Option<usize>; 4],
    ) {
        let opponent = color.opponent();
        self.empty.clear(cell);
        self.stones[color.index()].set(cell);
        for &c in captured {
            self.empty.set(c);
            self.stones[opponent.index()].clear(c);
        }
        self.refresh(board, board.head_of(cell));
        // Surviving opposing chains lost a liberty; own chains merged into the stone's chain.
        for &head in heads.iter().flatten() {
            if board.holds(head, opponent) {
                self.refresh(board, head);
            }
        }
        // Own chains next to captured stones gained liberties.
        for &c in captured {
            for nb in board.neighbours(c) {
                if board.holds(nb, color) {
                    self.refresh(board, board.head_of(nb));
                }
            }
        }
    }

    /// Records the atari cell of the chain at `head` afresh from its liberty counters. The
    /// recorded hash must still be the chain's (see [`BitBoard::forget`]).
    #[inline]
    pub(super) fn refresh(&mut self, board: &Board, head: usize) {
        // Inlined for the common case, nothing changed; the bookkeeping of a change is not.
        let at = board.atari_cell_of(head);
        if at.unwrap_or(0) != usize::from(self.atari_of[head]) {
            self.record(board, head, at);
        }
    }

    /// Moves the atari record of the chain at `head` to `at`.
    #[inline(never)]
    fn record(&mut self, board: &Board, head: usize, at: Option<usize>) {
        self.unmark(board, head);
        if let Some(at) = at {
            let ci = board.color_at(head).map_or(0, Color::index);
            self.atari_of[head] = at as u16;
            self.atari_chains[ci][at] += 1;
            self.atari_hash[ci][at] ^= board.chain_hash(head);
            self.atari[ci].set(at);
        }
    }

    /// Forgets the atari cell recorded for the chain at `head`, if any.
    fn unmark(&mut self, board: &Board, head: usize) {
        let at = usize::from(self.atari_of[head]);
        if at != 0 {
            self.atari_of[head] = 0;
            let ci = board.color_at(head).map_or(0, Color::index);
            self.atari_chains[ci][at] -= 1;
            self.atari_hash[ci][at] ^= board.chain_hash(head);
            if self.atari_chains[ci][at] == 0 {
                self.atari[ci].clear(at);
            }
        }
    }
}
