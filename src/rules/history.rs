//! The repetition history: every earlier position's key, for the superko rules.

/// A set of Zobrist keys: open addressing with linear probing, indexed by the key's top bits.
///
/// Zobrist keys are already uniformly random, so they need no further hashing, and one flat
/// `Vec<u64>` probed in place beats `HashSet` (no hasher, no control bytes, one cache line per
/// lookup in practice). Slot value 0 marks a free slot, so the key 0 (the empty board under
/// positional superko) is kept in a flag of its own.
#[derive(Clone, Default)]
struct KeySet {
    slots: Vec<u64>,
    /// `64 - log2(slots.len())`: the shift that turns a key into its home slot.
    shift: u32,
    len: usize,
    has_zero: bool,
}

impl KeySet {
    fn with_capacity(capacity: usize) -> KeySet {
        // At most half full, so probe runs stay short.
        let slots = (2 * capacity).next_power_of_two().max(16);
        KeySet {
            slots: vec![0; slots],
            shift: 64 - slots.trailing_zeros(),
            len: 0,
            has_zero: false,
        }
    }

    /// The slot holding `key`, or the free slot where it belongs. `key` must not be 0.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key >> self.shift) as usize;
        while self.slots[i] != 0 && self.slots[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    #[inline]
    fn contains(&self, key: u64) -> bool {
        if key == 0 {
            return self.has_zero;
        }
        self.slots[self.slot(key)] == key
    }

    /// Adds `key`; returns whether it was new.
    fn insert(&mut self, key: u64) -> bool {
        if key == 0 {
            return !std::mem::replace(&mut self.has_zero, true);
        }
        let i = self.slot(key);
        if self.slots[i] == key {
            return false;
        }
        self.slots[i] = key;
        self.len += 1;
        if 2 * self.len > self.slots.len() {
            self.grow();
        }
        true
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let slots = 2 * old.len();
        self.slots = vec![0; slots];
        self.shift = 64 - slots.trailing_zeros();
        for key in old.into_iter().filter(|&k| k != 0) {
            let i = self.slot(key);
            self.slots[i] = key;
        }
    }
}

/// Earlier positions, keyed by hash; an 8 Kbit filter answers most "never seen" lookups cheaply.
#[derive(Clone)]
pub(super) struct History {
    /// One bit per 13-bit key prefix: 1 KB, small enough to stay in the nearest cache, and
    /// still mostly clear for the few hundred positions of a game.
    filter: [u64; 128],
    keys: KeySet,
}

impl History {
    /// An empty history.
    pub(super) fn new() -> History {
        History {
            filter: [0; 128],
            // Room for a few hundred positions up front, so short games never rehash.
            keys: KeySet::with_capacity(512),
        }
    }

    /// Remembers the position with key `key`.
    pub(super) fn insert(&mut self, key: u64) {
        let bit = (key >> 51) as usize;
        self.filter[bit >> 6] |= 1 << (bit & 63);
        self.keys.insert(key);
    }

    /// Whether the position with key `key` was remembered.
    #[inline]
    pub(super) fn contains(&self, key: u64) -> bool {
        let bit = (key >> 51) as usize;
        self.filter[bit >> 6] & (1 << (bit & 63)) != 0 && self.keys.contains(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key 0 (empty board) is handled apart from the free-slot marker, duplicates are
    /// reported, and growing past the initial size keeps every key.
    #[test]
    fn key_set_holds_zero_duplicates_and_grows() {
        let mut set = KeySet::with_capacity(4);
        assert!(!set.contains(0));
        assert!(set.insert(0));
        assert!(!set.insert(0));
        assert!(set.contains(0));
        let keys: Vec<u64> = (1..2000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            assert!(set.insert(k));
            assert!(!set.insert(k));
        }
        assert!(keys.iter().all(|&k| set.contains(k)));
        assert!(!set.contains(0x1234_5678_9abc_def1));
        assert!(set.len * 2 <= set.slots.len());
    }

    /// The filter never hides a remembered key.
    #[test]
    fn history_finds_every_key_it_was_given() {
        let mut history = History::new();
        let keys: Vec<u64> = (0..1000u64)
            .map(|i| i.wrapping_mul(0xD1B5_4A32_D192_ED03))
            .collect();
        for &k in &keys {
            history.insert(k);
        }
        assert!(keys.iter().all(|&k| history.contains(k)));
        assert!(!history.contains(0x0123_4567_89ab_cdef));
    }
}
