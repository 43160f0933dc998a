//! The transposition table: results already proven, keyed by position, kept only where the
//! repetition history cannot change them.
//!
//! Under superko a result depends on the history it was read under: a move that recreates an
//! earlier position is refused. Every position a search creates is one its moves lead to, and
//! it can equal an earlier position only if it holds no more stones than that one. So each
//! result is stored with the fewest stones of any position its search created: when that is
//! more than any position before the node held (on this path or any other that reaches it), no
//! earlier position can have been recreated, and the result holds. Under the simple ko rule
//! only the position before the last move matters, and it is part of the key.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Zobrist keys are uniformly random already: the map uses them as they are.
#[derive(Default)]
pub(in crate::rules) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// What is known of one position: the fewest attacker moves it is proven won in, the most it
/// is proven lost in, each with the fewest stones its proof created.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    /// Won within this many attacker moves (0: not known).
    won_in: u8,
    won_fewest: u16,
    /// Lost within this many (0: not known).
    lost_in: u8,
    lost_fewest: u16,
}

/// Results by position key.
#[derive(Default)]
pub(super) struct Table {
    entries: HashMap<u64, Entry, BuildHasherDefault<KeyHasher>>,
}

impl Table {
    /// The result known for `key` with `moves` attacker moves left, valid where no earlier
    /// position held more than `before` stones: whether the attacker wins, and the fewest
    /// stones its proof created.
    pub(super) fn probe(&self, key: u64, moves: u32, before: u16) -> Option<(bool, u16)> {
        let e = self.entries.get(&key)?;
        if e.won_in != 0 && u32::from(e.won_in) <= moves && e.won_fewest > before {
            return Some((true, e.won_fewest));
        }
        if e.lost_in != 0 && u32::from(e.lost_in) >= moves && e.lost_fewest > before {
            return Some((false, e.lost_fewest));
        }
        None
    }

    /// Records that the attacker wins (or not) from `key` with `moves` moves left, by a proof
    /// that created no position of fewer than `fewest` stones.
    pub(super) fn store(&mut self, key: u64, moves: u32, won: bool, fewest: u16) {
        let moves = moves.min(u32::from(u8::MAX)) as u8;
        let e = self.entries.entry(key).or_default();
        if won {
            if e.won_in == 0 || moves < e.won_in || (moves == e.won_in && fewest > e.won_fewest) {
                e.won_in = moves;
                e.won_fewest = fewest;
            }
        } else if e.lost_in == 0
            || moves > e.lost_in
            || (moves == e.lost_in && fewest > e.lost_fewest)
        {
            e.lost_in = moves;
            e.lost_fewest = fewest;
        }
    }
}
