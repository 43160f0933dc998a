//! Whole-board bit sets of one position, computed on demand, for listing every legal move.
//!
//! They are worked out afresh from the stones and the chains' liberty counters each time they
//! are asked for, and never kept: a move pays nothing for them, and a listing settles most
//! empty points with a few word operations instead of judging them one by one.

use super::*;
use crate::rules::cells::CellSet;

/// A position's empty points, one colour's stones, and per colour the points that are the only
/// liberty of at least one chain of that colour (its atari points), over padded cells.
pub(in crate::rules) struct Sets {
    /// The empty on-board cells.
    pub(in crate::rules) empty: CellSet,
    /// The cells holding a stone of the colour asked about.
    pub(in crate::rules) own: CellSet,
    /// The atari points of that colour's chains.
    pub(in crate::rules) own_atari: CellSet,
    /// The atari points of the other colour's chains.
    pub(in crate::rules) opponent_atari: CellSet,
}

impl Board {
    /// The sets of this position as `color` sees it.
    pub(in crate::rules) fn sets(&self, color: Color) -> Sets {
        let own = cell_of(color);
        let mut sets = Sets {
            empty: CellSet::default(),
            own: CellSet::default(),
            own_atari: CellSet::default(),
            opponent_atari: CellSet::default(),
        };
        // Eight cells at a time, as the bytes of one word, without branches (the kinds are
        // unpredictable); the border and the unused tail of the table hold no empty cell.
        let mut stones = CellSet::default();
        for group in 0..self.padded.div_ceil(8) {
            let x = self.eight_cells(8 * group);
            let (w, shift) = (group / 8, (group % 8) * 8);
            let empty = zero_bytes(x);
            let own_stones = zero_bytes(x ^ (u64::from(own) * ONES));
            let border = zero_bytes(x ^ (u64::from(BORDER) * ONES));
            sets.empty.0[w] |= empty << shift;
            sets.own.0[w] |= own_stones << shift;
            stones.0[w] |= (!(empty | border) & 0xff) << shift;
        }
        // Only a chain's head holds its counters. Which cells are heads is found 64 at a time
        // by comparisons the compiler turns into vector instructions, so that the loop below
        // visits chains rather than stones.
        for (w, word) in stones.0.iter_mut().enumerate().take(self.words()) {
            let base = w * 64;
            let heads = &self.head[base..CELLS.min(base + 64)];
            let mut mask = 0u64;
            for (j, &head) in heads.iter().enumerate() {
                mask |= u64::from(usize::from(head) == base + j) << j;
            }
            *word &= mask;
        }
        // Indexed by whether the chain is the opponent's: no branch on the colour.
        let mut atari = [CellSet::default(), CellSet::default()];
        for (w, &word) in stones.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(at) = self.chains[cell].atari_cell() {
                    atari[usize::from(self.cells[cell] != own)].set(at);
                }
            }
        }
        [sets.own_atari, sets.opponent_atari] = atari;
        sets
    }

    /// The kinds of the eight cells from `start`, one per byte, as one word; cells past the
    /// table read as border, as do the unused cells past this board's size.
    #[inline]
    fn eight_cells(&self, start: usize) -> u64 {
        match self.cells[start..].first_chunk::<8>() {
            Some(&bytes) => u64::from_le_bytes(bytes),
            None => {
                let mut word = [BORDER; 8];
                word[..CELLS - start].copy_from_slice(&self.cells[start..]);
                u64::from_le_bytes(word)
            }
        }
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

/// `0x01` in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// One bit per byte of `x` that is zero, byte `i` giving bit `i`.
#[inline]
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // The high bit of each byte is set exactly where the byte was zero (no borrow between bytes).
    let high = !(((x & LOW7) + LOW7) | x | LOW7);
    // Gathers the eight high bits into the top byte, then down.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_bytes_marks_each_zero_byte() {
        assert_eq!(zero_bytes(0), 0xff);
        assert_eq!(zero_bytes(u64::MAX), 0);
        assert_eq!(zero_bytes(0x0100_0002_0000_8000), 0b0110_1101);
    }
}
