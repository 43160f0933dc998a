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
