//! What a reading search asks of a board, cell by cell: a chain's liberties, whether a move
//! takes a chain, and how many stones a move leaves. Plain reads of the board's tables, for the
//! solver in `rules::reading`.

use super::*;
use crate::rules::cells::CellSet;

impl Board {
    /// Makes `self` a copy of `other`, copying only the part of each per-cell table that
    /// `other`'s size uses: for a 9x9 board about 4 KB instead of the 15 KB `clone` copies. The
    /// rest of `self`'s tables keep whatever they held, which no board of `other`'s size reads.
    /// A search keeps one board per depth and copies into it, instead of cloning per move.
    pub(in crate::rules) fn copy_from(&mut self, other: &Board) {
        // Destructured so that a field added to `Board` cannot be forgotten here.
        let Board {
            size,
            stride,
            padded,
            cells,
            head,
            next,
            chains,
            hash,
            on_board,
            color_stones,
            empty,
            stones,
            atari_at,
            atari_chains,
            atari_points,
        } = other;
        let n = *padded;
        self.size = *size;
        self.stride = *stride;
        self.padded = n;
        self.cells[..n].copy_from_slice(&cells[..n]);
        self.head[..n].copy_from_slice(&head[..n]);
        self.next[..n].copy_from_slice(&next[..n]);
        self.chains[..n].copy_from_slice(&chains[..n]);
        self.hash = *hash;
        self.on_board = *on_board;
        self.color_stones = *color_stones;
        self.empty = *empty;
        self.stones = *stones;
        self.atari_at[..n].copy_from_slice(&atari_at[..n]);
        for (mine, theirs) in self.atari_chains.iter_mut().zip(atari_chains) {
            mine[..n].copy_from_slice(&theirs[..n]);
        }
        self.atari_points = *atari_points;
    }

    /// How many padded cells this board's size uses: every cell index is below it.
    pub(in crate::rules) fn padded_len(&self) -> usize {
        self.padded
    }

    /// The four padded cells next to `cell` (border cells included).
    pub(in crate::rules) fn neighbour_cells(&self, cell: usize) -> [usize; 4] {
        self.neighbours(cell)
    }

    /// The head cell of the chain through the stone on `cell`: equal for every stone of a
    /// chain, so it names the chain.
    pub(in crate::rules) fn chain_head(&self, cell: usize) -> usize {
        self.head_of(cell)
    }

    /// Whether `cell` is an empty point of the board (not a stone, not the border).
    pub(in crate::rules) fn is_empty_cell(&self, cell: usize) -> bool {
        self.cells[cell] == EMPTY
    }

    /// The padded cell of an on-board point, for a search that works in cells.
    pub(in crate::rules) fn cell_of_point(&self, p: Point) -> usize {
        self.cell(p)
    }

    /// The point of a padded cell, for a search that works in cells.
    pub(in crate::rules) fn point_of_cell(&self, cell: usize) -> Point {
        self.point(cell)
    }

    /// The colour of the stone on a padded cell, `None` when it is empty (or off the board).
    pub(in crate::rules) fn color_at(&self, cell: usize) -> Option<Color> {
        color_of(self.cells[cell])
    }

    /// The empty on-board cells, in reading order.
    pub(in crate::rules) fn empty_cell_list(&self, out: &mut Vec<usize>) {
        for (w, &word) in self.empty.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                out.push(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// The distinct liberties of the chain through the stone on `cell`, in reading order.
    pub(in crate::rules) fn liberty_cells(&self, cell: usize, out: &mut Vec<usize>) {
        let mut seen = CellSet::default();
        for stone in self.chain_stone_cells(self.head_of(cell)) {
            for nb in self.neighbours(stone) {
                if self.cells[nb] == EMPTY && !seen.contains(nb) {
                    seen.set(nb);
                    out.push(nb);
                }
            }
        }
        out.sort_unstable();
    }

    /// How many distinct liberties the chain through the stone on `cell` has, counting no
    /// further than `cap`: a search only asks whether it has more than it can take away.
    pub(in crate::rules) fn liberties_up_to(&self, cell: usize, cap: usize) -> usize {
        let head = self.head_of(cell);
        // The kept atari table answers the commonest question, one liberty, without a walk.
        if self.atari_at[head] != 0 {
            return 1;
        }
        let mut seen = CellSet::default();
        let mut count = 0;
        for stone in self.chain_stone_cells(head) {
            for nb in self.neighbours(stone) {
                if self.cells[nb] == EMPTY && !seen.contains(nb) {
                    seen.set(nb);
                    count += 1;
                    if count > cap {
                        return count;
                    }
                }
            }
        }
        count
    }

    /// The only liberty of the chain through the stone on `cell`, when it has exactly one.
    pub(in crate::rules) fn only_liberty(&self, cell: usize) -> Option<usize> {
        match usize::from(self.atari_at[self.head_of(cell)]) {
            0 => None,
            liberty => Some(liberty),
        }
    }

    /// The chains of `color` next to the chain through the stone on `cell` that have one
    /// liberty: the cells of those liberties (a move there captures them), in reading order.
    pub(in crate::rules) fn atari_neighbours(
        &self,
        cell: usize,
        color: Color,
        out: &mut Vec<usize>,
    ) {
        let mut heads = CellSet::default();
        for stone in self.chain_stone_cells(self.head_of(cell)) {
            for nb in self.neighbours(stone) {
                if self.holds(nb, color) {
                    let head = self.head_of(nb);
                    if !heads.contains(head) {
                        heads.set(head);
                        let liberty = usize::from(self.atari_at[head]);
                        if liberty != 0 && !out.contains(&liberty) {
                            out.push(liberty);
                        }
                    }
                }
            }
        }
        out.sort_unstable();
    }

    /// How many stones the board holds after a `color` stone on the empty `cell` that the
    /// board allows: one more, less every opposing chain it takes.
    pub(in crate::rules) fn stones_after(&self, cell: usize, color: Color) -> usize {
        let mut removed = 0;
        let mut seen = [usize::MAX; 4];
        for (i, nb) in self.neighbours(cell).into_iter().enumerate() {
            if self.holds(nb, color.opponent()) {
                let head = self.head_of(nb);
                if !seen.contains(&head) && self.chains[head].in_atari_on(cell) {
                    removed += usize::from(self.chains[head].stones);
                }
                seen[i] = head;
            }
        }
        self.stones_on_board() + 1 - removed
    }

    /// Plays a stone the board allows on `cell` (a suicide the rules allow included: the
    /// mover's dead chain is then removed); whether the mover's own stones were removed.
    pub(in crate::rules) fn play_cell(
        &mut self,
        cell: usize,
        color: Color,
        captured: &mut Vec<usize>,
    ) -> bool {
        let p = self.point(cell);
        self.play_recording(p, color, captured);
        let mut removed = Vec::new();
        self.remove_if_dead(p, &mut removed)
    }
}

/// The board at `slot` of a search's stack of boards, one per depth, made a copy of the board
/// at `parent` (a lower slot): the stack grows as the search deepens, and a deeper position
/// reuses the board its depth held before, copied over rather than allocated.
pub(in crate::rules) fn child_board(
    boards: &mut Vec<Board>,
    parent: usize,
    slot: usize,
) -> &mut Board {
    if slot >= boards.len() {
        let copy = boards[parent].clone();
        boards.resize(slot + 1, copy);
    } else {
        let (parents, children) = boards.split_at_mut(slot);
        children[0].copy_from(&parents[parent]);
    }
    &mut boards[slot]
}
