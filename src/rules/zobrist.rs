//! The fixed Zobrist table: one random 64-bit key per colour and padded board index, plus a side key.

/// Width of the largest padded board (19 lines plus a border on each side).
pub const MAX_STRIDE: usize = 21;
/// Number of cells in the largest padded board.
pub const MAX_CELLS: usize = MAX_STRIDE * MAX_STRIDE;

/// splitmix64 from a fixed seed: the table is the same in every build and run, so hashes (and
/// anything derived from them, like kit fingerprints) are reproducible.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build() -> ([[u64; MAX_CELLS]; 2], u64) {
    let mut table = [[0u64; MAX_CELLS]; 2];
    let mut state = 0x6C69_6265_7274_796Bu64; // "libertyk"
    let mut color = 0;
    while color < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            let (s, z) = splitmix(state);
            state = s;
            table[color][i] = z;
            i += 1;
        }
        color += 1;
    }
    let (_, side) = splitmix(state);
    (table, side)
}

const BUILT: ([[u64; MAX_CELLS]; 2], u64) = build();

/// Key of a stone: `STONE[color index][padded cell index]`.
pub static STONE: [[u64; MAX_CELLS]; 2] = BUILT.0;

/// Key mixed in when white is to move, for situational superko.
pub const WHITE_TO_MOVE: u64 = BUILT.1;

/// log2 of the slots in [`STONE_CELLS`]: 4096 slots for 882 keys, so probe runs stay short.
const STONE_CELLS_LOG2: u32 = 12;

/// Every stone key, found by its top bits: an open-addressing table whose slot holds
/// `color index * 512 + cell + 1`, or 0 when free. The keys are uniformly random already.
static STONE_CELLS: [u16; 1 << STONE_CELLS_LOG2] = build_stone_cells();

const fn build_stone_cells() -> [u16; 1 << STONE_CELLS_LOG2] {
    let mut table = [0u16; 1 << STONE_CELLS_LOG2];
    let mut color = 0;
    while color < 2 {
        let mut cell = 0;
        while cell < MAX_CELLS {
            let mut slot = (BUILT.0[color][cell] >> (64 - STONE_CELLS_LOG2)) as usize;
            while table[slot] != 0 {
                slot = (slot + 1) & ((1 << STONE_CELLS_LOG2) - 1);
            }
            table[slot] = (color * 512 + cell + 1) as u16;
            cell += 1;
        }
        color += 1;
    }
    table
}

/// The padded cell whose key for a stone of colour index `color` is `key`, if any: how a
/// move generator turns the difference between two positions' keys back into a point.
#[inline]
pub(super) fn cell_of_stone_key(color: usize, key: u64) -> Option<usize> {
    let mut slot = (key >> (64 - STONE_CELLS_LOG2)) as usize;
    loop {
        let entry = usize::from(STONE_CELLS[slot]);
        if entry == 0 {
            return None;
        }
        let (c, cell) = ((entry - 1) / 512, (entry - 1) % 512);
        if c == color && STONE[c][cell] == key {
            return Some(cell);
        }
        slot = (slot + 1) & ((1 << STONE_CELLS_LOG2) - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every stone key leads back to its own cell, and a key that is no stone's leads nowhere.
    #[test]
    fn every_stone_key_finds_its_cell() {
        for (color, keys) in STONE.iter().enumerate() {
            for (cell, &key) in keys.iter().enumerate() {
                assert_eq!(cell_of_stone_key(color, key), Some(cell));
                assert_eq!(cell_of_stone_key(1 - color, key), None);
            }
        }
        assert_eq!(cell_of_stone_key(0, WHITE_TO_MOVE), None);
    }
}
