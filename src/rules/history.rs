//! The repetition history: every earlier position's key, for the superko rules, also listed
//! under its stone count so that a move generator can ask which earlier positions a quiet move
//! (one that adds a stone and captures nothing) could recreate.

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
    by_stones: ByStones,
}

impl History {
    /// An empty history.
    pub(super) fn new() -> History {
        History {
            filter: [0; 128],
            // Room for a few hundred positions up front, so short games never rehash.
            keys: KeySet::with_capacity(512),
            by_stones: ByStones::default(),
        }
    }

    /// Remembers the position with key `key`, holding `stones` stones of which `black` are
    /// black.
    pub(super) fn insert(&mut self, key: u64, stones: usize, black: usize) {
        let bit = (key >> 51) as usize;
        self.filter[bit >> 6] |= 1 << (bit & 63);
        if self.keys.insert(key) {
            self.by_stones.insert(key, stones, black);
        }
    }

    /// Whether the position with key `key` was remembered.
    #[inline]
    pub(super) fn contains(&self, key: u64) -> bool {
        let bit = (key >> 51) as usize;
        self.filter[bit >> 6] & (1 << (bit & 63)) != 0 && self.keys.contains(key)
    }

    /// The keys of the remembered positions holding exactly `stones` stones of which `black`
    /// are black, latest first. A quiet move adds one stone, so only these few positions could
    /// be recreated by one: comparing their keys all at once spares a lookup per empty point.
    pub(super) fn with_stones(
        &self,
        stones: usize,
        black: usize,
    ) -> impl Iterator<Item = u64> + '_ {
        self.by_stones.with_stones(stones, black)
    }
}

/// Every distinct position remembered, chained under its number of stones.
#[derive(Clone, Default)]
struct ByStones {
    /// Per stone count: index into `entries` of the latest position with that count, or `NONE`.
    latest: Vec<u32>,
    /// `(key, index of the previous entry with the same stone count or NONE, black stones)`.
    entries: Vec<(u64, u32, u16)>,
}

const NONE: u32 = u32::MAX;

impl ByStones {
    fn insert(&mut self, key: u64, stones: usize, black: usize) {
        if self.latest.len() <= stones {
            self.latest.resize(stones + 1, NONE);
        }
        let previous = self.latest[stones];
        self.latest[stones] = self.entries.len() as u32;
        self.entries.push((key, previous, black as u16));
    }

    /// The black count rules out most positions with the right total cheaply.
    fn with_stones(&self, stones: usize, black: usize) -> impl Iterator<Item = u64> + '_ {
        let mut i = self.latest.get(stones).copied().unwrap_or(NONE);
        std::iter::from_fn(move || {
            loop {
                let &(key, previous, b) = self.entries.get(i as usize)?;
                i = previous;
                if usize::from(b) == black {
                    return Some(key);
                }
            }
        })
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
            history.insert(k, 0, 0);
        }
        assert!(keys.iter().all(|&k| history.contains(k)));
        assert!(!history.contains(0x0123_4567_89ab_cdef));
    }

    /// Positions come back under their own stone and black counts only, latest first, and a
    /// position remembered twice is listed once.
    #[test]
    fn history_lists_positions_by_stone_count() {
        let mut history = History::new();
        history.insert(11, 3, 2);
        history.insert(12, 3, 1);
        history.insert(13, 4, 2);
        history.insert(14, 3, 2);
        history.insert(11, 3, 2);
        assert_eq!(history.with_stones(3, 2).collect::<Vec<_>>(), [14, 11]);
        assert_eq!(history.with_stones(3, 1).collect::<Vec<_>>(), [12]);
        assert_eq!(history.with_stones(4, 2).collect::<Vec<_>>(), [13]);
        assert_eq!(history.with_stones(9, 0).count(), 0);
    }
}
