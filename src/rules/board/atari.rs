//! The bit sets the board keeps only so that `rules::playout` can list every legal move at once.
//!
//! Nothing in the product reads them: moves are judged from the chains' liberty counters. They
//! stay in the board because keeping them from outside (a watcher that diffs each move) cost
//! the playout bench about a quarter of its speed on 9x9, below its floor; see
//! `docs/benchmarks.md`. Updating them costs a few bit operations per stone and chain touched.

use super::*;
use crate::rules::cells::CellSet;

/// Empty points, stones per colour and atari points per colour, as bit sets over padded cells.
///
/// An atari point of a colour is the only liberty of at least one chain of that colour. Each
/// such point keeps how many chains have it as their last liberty and the XOR of their hashes:
/// a capture there removes exactly those chains, so the hash after it costs two table reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::rules) struct ListingSets {
    /// The empty on-board cells.
    pub(in crate::rules) empty: CellSet,
    /// Per colour index: the cells holding a stone of that colour.
    pub(in crate::rules) stones: [CellSet; 2],
    /// Per colour index: cells that are the only liberty of at least one chain of that colour.
    pub(in crate::rules) atari: [CellSet; 2],
    /// Per colour index and cell: how many chains of that colour have that cell as only liberty.
    atari_chains: [[u8; CELLS]; 2],
    /// Per colour index and cell: the hashes of the chains counted in `atari_chains`, XORed.
    pub(in crate::rules) atari_hash: Box<[[u64; CELLS]; 2]>,
    /// Per chain head: the atari cell recorded for that chain, or 0 for none.
    pub(in crate::rules) atari_of: [u16; CELLS],
}

impl ListingSets {
    /// The sets of a board with no stone whose on-board cells are `empty`.
    pub(super) fn new(empty: CellSet) -> ListingSets {
        ListingSets {
            empty,
            stones: [CellSet::default(); 2],
            atari: [CellSet::default(); 2],
            atari_chains: [[0; CELLS]; 2],
            atari_hash: Box::new([[0; CELLS]; 2]),
            atari_of: [0; CELLS],
        }
    }
}

impl Board {
    /// The bit sets kept for listing legal moves.
    pub(in crate::rules) fn listing_sets(&self) -> &ListingSets {
        &self.sets
    }

    /// The sets recomputed from the stones and chains, for consistency checks.
    pub(super) fn recomputed_sets(&self) -> ListingSets {
        let mut empty = CellSet::default();
        for p in self.size.all_points() {
            if self.cells[self.cell(p)] == EMPTY {
                empty.set(self.cell(p));
            }
        }
        let mut sets = ListingSets::new(empty);
        for p in self.size.all_points() {
            let cell = self.cell(p);
            let Some(color) = color_of(self.cells[cell]) else {
                continue;
            };
            let ci = color.index();
            sets.stones[ci].set(cell);
            if usize::from(self.head[cell]) == cell
                && let Some(at) = self.chains[cell].atari_cell()
            {
                sets.atari_of[cell] = at as u16;
                sets.atari_chains[ci][at] += 1;
                sets.atari_hash[ci][at] ^= self.chains[cell].hash;
                sets.atari[ci].set(at);
            }
        }
        sets
    }

    /// Forgets the atari cell recorded for the chain at `head`, if any.
    #[inline]
    pub(super) fn unmark_atari(&mut self, head: usize) {
        let at = usize::from(self.sets.atari_of[head]);
        if at != 0 {
            let ci = usize::from(self.cells[head] - 1);
            let sets = &mut self.sets;
            sets.atari_of[head] = 0;
            sets.atari_chains[ci][at] -= 1;
            sets.atari_hash[ci][at] ^= self.chains[head].hash;
            if sets.atari_chains[ci][at] == 0 {
                sets.atari[ci].clear(at);
            }
        }
    }

    /// Records the atari cell of the chain at `head` afresh from its liberty counters.
    #[inline(always)]
    pub(super) fn refresh_atari(&mut self, head: usize) {
        // Inlined for the common case, nothing changed; the bookkeeping of a change is not.
        let at = self.chains[head].atari_cell();
        if at.unwrap_or(0) != usize::from(self.sets.atari_of[head]) {
            self.record_atari(head, at);
        }
    }

    /// Moves the atari record of the chain at `head` to `at`.
    #[inline(never)]
    fn record_atari(&mut self, head: usize, at: Option<usize>) {
        self.unmark_atari(head);
        if let Some(at) = at {
            let ci = usize::from(self.cells[head] - 1);
            let sets = &mut self.sets;
            sets.atari_of[head] = at as u16;
            sets.atari_chains[ci][at] += 1;
            sets.atari_hash[ci][at] ^= self.chains[head].hash;
            sets.atari[ci].set(at);
        }
    }
}
