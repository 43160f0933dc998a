//! CellSet: a fixed-size bit set over the padded cells of a board, for whole-board questions
//! ("which empty points touch an own stone?") answered a word at a time, and for counting a
//! chain's distinct liberties without sorting them.

use super::zobrist;

/// Number of 64-bit words in a set over the padded cells of the largest board.
pub(super) const WORDS: usize = zobrist::MAX_CELLS.div_ceil(64);

/// A set of padded cell indices.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct CellSet(pub(super) [u64; WORDS]);

impl CellSet {
    /// Adds cell `i`.
    #[inline]
    pub(super) fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Removes cell `i`.
    #[inline]
    pub(super) fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Whether cell `i` is in the set.
    #[inline]
    pub(super) fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }

    /// Adds cell `i` when `member`, removes it otherwise.
    #[inline]
    pub(super) fn put(&mut self, i: usize, member: bool) {
        let bit = 1 << (i & 63);
        let word = &mut self.0[i >> 6];
        *word = (*word & !bit) | (u64::from(member) << (i & 63));
    }

    /// How many cells the set holds.
    pub(super) fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Word `w` of the set of cells next to a cell of `self` (one or `stride` apart).
    #[inline]
    pub(super) fn next_to_word(&self, w: usize, stride: usize) -> u64 {
        let cur = self.0[w];
        let prev = if w > 0 { self.0[w - 1] } else { 0 };
        let next = if w + 1 < WORDS { self.0[w + 1] } else { 0 };
        (cur << 1)
            | (prev >> 63)
            | (cur >> 1)
            | (next << 63)
            | (cur << stride)
            | (prev >> (64 - stride))
            | (cur >> stride)
            | (next << (64 - stride))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Neighbours across a word boundary come out right.
    #[test]
    fn neighbours_cross_word_boundaries() {
        let mut set = CellSet::default();
        set.set(63);
        set.set(64 + 30);
        let stride = 21;
        let next: Vec<usize> = (0..2 * 64)
            .filter(|&i| set.next_to_word(i >> 6, stride) & (1 << (i & 63)) != 0)
            .collect();
        assert_eq!(next, [42, 62, 64, 73, 84, 93, 95, 115]);
        assert!(set.0[0] & (1 << 63) != 0 && set.0[0] & (1 << 62) == 0);
        assert_eq!(set.len(), 2);
    }
}
