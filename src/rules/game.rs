//! Game: a board plus whose turn it is, capture counts, repetition history and the end conditions.

use std::fmt;

use super::board::{Board, Placement};
use super::cells::CellSet;
use super::point::{Color, MAX_SIZE, Move, Point};
use super::ruleset::{KoRule, Rules};
use super::zobrist;

/// Why a move was refused. An illegal move changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The point already holds a stone.
    Occupied,
    /// The mover's chain would have no liberty and the move captures nothing.
    Suicide,
    /// The move would recreate a position the repetition rule forbids.
    Superko,
    /// The point is not on the board.
    OffBoard,
    /// The game has already ended.
    GameOver,
}

impl IllegalMove {
    /// The reason's name in output: `occupied`, `suicide`, `superko`, `off-board`, `game-over`.
    pub fn name(self) -> &'static str {
        match self {
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Superko => "superko",
            IllegalMove::OffBoard => "off-board",
            IllegalMove::GameOver => "game-over",
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The agreed number of consecutive passes.
    Passes,
    /// The stone limit was reached.
    MaxStones,
    /// A player reached the capture target.
    CaptureTarget,
}

impl EndReason {
    /// The name in output: `passes`, `max-stones`, `capture-target`.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Passes => "passes",
            EndReason::MaxStones => "max-stones",
            EndReason::CaptureTarget => "capture-target",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a legal move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Stones removed by the move, sorted.
    pub captured: Vec<Point>,
    /// Liberties of the mover's chain after the move (`None` for a pass).
    pub liberties: Option<usize>,
    /// Set when this move ended the game.
    pub end: Option<EndReason>,
}

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
///
/// Each distinct key is also listed under the number of stones of its position, with its number
/// of black stones, so the few earlier positions one given stone away from the board can be
/// compared with it all at once.
#[derive(Clone)]
struct History {
    /// One bit per 13-bit key prefix: 1 KB, small enough to stay in the nearest cache, and
    /// still mostly clear for the few hundred positions of a game.
    filter: [u64; 128],
    keys: KeySet,
    /// Per stone count: index into `entries` of the latest key with that count, or `NONE`.
    latest_with_stones: Vec<u32>,
    /// `(key, index of the previous entry with the same stone count or NONE, black stones)`.
    entries: Vec<(u64, u32, u16)>,
}

const NONE: u32 = u32::MAX;

/// Points on the largest board.
const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

impl History {
    fn new() -> History {
        History {
            filter: [0; 128],
            // Room for a few hundred positions up front, so short games never rehash.
            keys: KeySet::with_capacity(512),
            latest_with_stones: Vec::new(),
            entries: Vec::with_capacity(512),
        }
    }

    fn insert(&mut self, key: u64, stones: usize, black: usize) {
        let bit = (key >> 51) as usize;
        self.filter[bit >> 6] |= 1 << (bit & 63);
        if self.keys.insert(key) {
            if self.latest_with_stones.len() <= stones {
                self.latest_with_stones.resize(stones + 1, NONE);
            }
            let previous = self.latest_with_stones[stones];
            self.latest_with_stones[stones] = self.entries.len() as u32;
            self.entries.push((key, previous, black as u16));
        }
    }

    fn contains(&self, key: u64) -> bool {
        let bit = (key >> 51) as usize;
        self.filter[bit >> 6] & (1 << (bit & 63)) != 0 && self.keys.contains(key)
    }

    /// The keys of earlier positions holding exactly `stones` stones of which `black` are
    /// black, latest first. The black count is a cheap filter: it rules out most positions with
    /// the right total before their keys need a look.
    fn with_stones(&self, stones: usize, black: usize) -> impl Iterator<Item = u64> + '_ {
        let mut i = self.latest_with_stones.get(stones).copied().unwrap_or(NONE);
        std::iter::from_fn(move || {
            loop {
                let (key, previous, b) = *self.entries.get(i as usize)?;
                i = previous;
                if usize::from(b) == black {
                    return Some(key);
                }
            }
        })
    }
}

/// A game in progress: the board, whose turn it is, the tallies and the repetition history.
#[derive(Clone)]
pub struct Game {
    board: Board,
    rules: Rules,
    to_play: Color,
    captures: [u32; 2],
    consecutive_passes: u32,
    stones_placed: u32,
    history: History,
    hash_before_last_move: Option<u64>,
    most_stones_seen: usize,
    end: Option<EndReason>,
    /// Scratch for the cells the latest move captured, kept to spare an allocation per move.
    captured_cells: Vec<usize>,
    /// Scratch for the indices of one listing, kept so that it is not zeroed on every listing.
    indices: [u16; MAX_POINTS],
}

impl Game {
    /// A game starting from `board` (the setup position) with `to_play` to move.
    pub fn new(board: Board, to_play: Color, rules: Rules) -> Game {
        let mut game = Game {
            board,
            rules,
            to_play,
            captures: [0, 0],
            consecutive_passes: 0,
            stones_placed: 0,
            history: History::new(),
            hash_before_last_move: None,
            most_stones_seen: 0,
            end: None,
            captured_cells: Vec::new(),
            indices: [0; MAX_POINTS],
        };
        game.remember_position();
        game
    }

    fn situation_key(&self, stones_hash: u64, to_play: Color) -> u64 {
        match (self.rules.ko, to_play) {
            (KoRule::Situational, Color::White) => stones_hash ^ zobrist::WHITE_TO_MOVE,
            _ => stones_hash,
        }
    }

    fn remember_position(&mut self) {
        let key = self.situation_key(self.board.hash(), self.to_play);
        self.history.insert(
            key,
            self.board.stones_on_board(),
            self.board.stone_count(Color::Black),
        );
        self.most_stones_seen = self.most_stones_seen.max(self.board.stones_on_board());
    }

    /// Whether a stone by `color` leading to a position with hash `hash` breaks the ko rule.
    #[inline]
    fn repeats(&self, hash: u64, color: Color, captures: bool) -> bool {
        (captures || self.quiet_move_may_repeat()) && self.repeats_lookup(hash, color)
    }

    /// Whether some move that captures nothing could recreate a forbidden position. Such a move
    /// adds a stone; once the board holds more stones than ever before, no earlier position can
    /// be equal. Under simple ko, the position before the last move lacks that move's stone,
    /// which a non-capturing move keeps, so it cannot repeat either.
    #[inline]
    fn quiet_move_may_repeat(&self) -> bool {
        match self.rules.ko {
            KoRule::Simple => false,
            _ => self.board.stones_on_board() < self.most_stones_seen,
        }
    }

    /// Whether the position with hash `hash` after a stone by `color` is a forbidden repetition.
    #[inline]
    fn repeats_lookup(&self, hash: u64, color: Color) -> bool {
        match self.rules.ko {
            KoRule::Simple => self.hash_before_last_move == Some(hash),
            _ => self
                .history
                .contains(self.situation_key(hash, color.opponent())),
        }
    }

    /// Appends every point where the player to move may play, top row first and each row from
    /// column `A` (the order of the playout benchmark and of printed move lists).
    ///
    /// Takes `&mut self` to remember the listing (see [`Game::legal_indices_top_down`]).
    pub fn legal_points_top_down(&mut self, out: &mut Vec<Point>) {
        let n = u16::from(self.board.size().get());
        let mut indices = Vec::new();
        self.legal_indices_top_down(&mut indices);
        out.extend(
            indices
                .iter()
                .map(|&i| Point::new((i % n) as u8, (n - 1 - i / n) as u8)),
        );
    }

    /// Appends the reading-order index `row_from_top * N + column` of every point where the
    /// player to move may play, in that order (nothing once the game has ended).
    ///
    /// This is the bulk form of [`Game::legal_points_top_down`], for callers that number the
    /// points themselves (the playout benchmark does): no `Point` is built per move.
    pub fn legal_indices_top_down(&mut self, out: &mut Vec<u16>) {
        let legal = self.legal_cells();
        let len = self.board.reading_indices(&legal, &mut self.indices);
        out.extend_from_slice(&self.indices[..len]);
    }

    /// The cells where the player to move may play.
    fn legal_cells(&self) -> CellSet {
        if self.end.is_some() {
            return CellSet::default();
        }
        let color = self.to_play;
        // A move that captures nothing adds one stone, so it can only recreate an earlier
        // position one stone fuller than the board. Each such position differs from the board's
        // hash by one stone's key exactly when that stone is the move that would recreate it:
        // a handful of key comparisons instead of a lookup per point.
        let mut quiet_repeats = CellSet::default();
        let quiet_may_repeat = self.quiet_move_may_repeat();
        if quiet_may_repeat {
            let now = self.situation_key(self.board.hash(), color.opponent());
            // The move adds one `color` stone, so only positions with one more of those count.
            let black = self.board.stone_count(Color::Black) + usize::from(color == Color::Black);
            for key in self
                .history
                .with_stones(self.board.stones_on_board() + 1, black)
            {
                if let Some(cell) = self.board.cell_of_stone_key(color, key ^ now) {
                    quiet_repeats.set(cell);
                }
            }
        }
        self.board.allowed_cells(color, &quiet_repeats, |hash| {
            !self.repeats_lookup(hash, color)
        })
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whose turn it is.
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// Stones captured so far by `color`.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// Stones placed so far by both players (passes excluded, setup excluded).
    pub fn stones_placed(&self) -> u32 {
        self.stones_placed
    }

    /// Consecutive passes just played.
    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    /// Why the game ended, or `None` while it goes on.
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// Whether `color` may play `mv` now, and if not, why.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => self.check_point(color, p).map(|_| ()),
        }
    }

    fn check_point(&self, color: Color, p: Point) -> Result<u64, IllegalMove> {
        if !self.board.size().contains(p) {
            return Err(IllegalMove::OffBoard);
        }
        match self.board.placement(p, color) {
            Placement::Occupied => Err(IllegalMove::Occupied),
            Placement::Suicide => Err(IllegalMove::Suicide),
            Placement::Allowed { hash, captures } => {
                if self.repeats(hash, color, captures) {
                    Err(IllegalMove::Superko)
                } else {
                    Ok(hash)
                }
            }
        }
    }

    /// Whether the player to move may play on `p` (the bench's and the answer key's question).
    pub fn is_legal(&self, p: Point) -> bool {
        self.end.is_none() && self.check_point(self.to_play, p).is_ok()
    }

    /// Plays `mv` for `color`; the turn then passes to the opponent. An illegal move changes nothing.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        self.apply(color, mv)?;
        let (captured, liberties) = match mv {
            Move::Pass => (Vec::new(), None),
            Move::Play(p) => (
                self.board.sorted_points(&self.captured_cells),
                Some(self.board.liberty_count(p)),
            ),
        };
        Ok(Played {
            color,
            mv,
            captured,
            liberties,
            end: self.end,
        })
    }

    /// Plays for whoever is to move.
    pub fn play_next(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.play(self.to_play, mv)
    }

    /// Plays for whoever is to move without reporting what the move did, for playouts and
    /// searches that only need the new position: [`Game::play`] without the sorted capture list.
    pub fn advance(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.apply(self.to_play, mv)
    }

    /// Checks and plays `mv`, leaving the captured cells in `captured_cells`.
    fn apply(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.check(color, mv)?;
        self.hash_before_last_move = Some(self.board.hash());
        self.captured_cells.clear();
        match mv {
            Move::Pass => self.consecutive_passes += 1,
            Move::Play(p) => {
                self.consecutive_passes = 0;
                self.stones_placed += 1;
                self.board
                    .play_recording(p, color, &mut self.captured_cells);
                self.captures[color.index()] += self.captured_cells.len() as u32;
            }
        }
        self.to_play = color.opponent();
        self.remember_position();
        self.end = self.end_reason(color);
        Ok(())
    }

    fn end_reason(&self, mover: Color) -> Option<EndReason> {
        let reached = |limit: Option<u32>, value: u32| limit.is_some_and(|l| value >= l);
        if reached(self.rules.capture_target, self.captures[mover.index()]) {
            Some(EndReason::CaptureTarget)
        } else if reached(self.rules.max_stones, self.stones_placed) {
            Some(EndReason::MaxStones)
        } else if reached(self.rules.end_passes, self.consecutive_passes) {
            Some(EndReason::Passes)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::point::BoardSize;

    /// The history's key set: the key 0 (empty board) is handled apart from the free-slot
    /// marker, duplicates are reported, and growing past the initial size keeps every key.
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

    /// The remembered listing only vouches for the position and player it was made for: after a
    /// move, or for the other colour, every move is judged afresh.
    #[test]
    fn remembered_listing_never_outlives_its_position() {
        let size = BoardSize::new(5).unwrap();
        let mut game = Game::new(Board::new(size), Color::Black, Rules::default());
        let mut listed = Vec::new();
        game.legal_points_top_down(&mut listed);
        let p = listed[0];
        // White may not use Black's listing, but the point is legal for White too.
        assert!(game.play(Color::White, Move::Play(p)).is_ok());
        // The listing described the empty board; the point is now taken.
        assert_eq!(
            game.play(Color::Black, Move::Play(p)),
            Err(IllegalMove::Occupied)
        );
        listed.clear();
        game.legal_points_top_down(&mut listed);
        assert!(!listed.contains(&p));
        assert_eq!(game.play_next(Move::Play(p)), Err(IllegalMove::Occupied));
        assert!(game.play_next(Move::Play(listed[0])).is_ok());
        assert_eq!(game.board().consistency_error(), None);
    }

    /// Random games on several sizes and ko rules: the fast move listing must give exactly the
    /// points `is_legal` accepts, in top-down order, and the board must stay consistent.
    #[test]
    fn legal_listing_matches_is_legal() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for n in [2u8, 3, 4, 5, 7, 9, 13, 19] {
            for ko in [KoRule::Positional, KoRule::Situational, KoRule::Simple] {
                let games = if n >= 13 { 1 } else { 8 };
                for _ in 0..games {
                    let size = BoardSize::new(u32::from(n)).unwrap();
                    let rules = Rules {
                        ko,
                        ..Rules::default()
                    };
                    let mut game = Game::new(Board::new(size), Color::Black, rules);
                    let mut listed = Vec::new();
                    for _ in 0..3 * usize::from(n) * usize::from(n) {
                        listed.clear();
                        game.legal_points_top_down(&mut listed);
                        let expected: Vec<Point> = (0..n)
                            .rev()
                            .flat_map(|row| (0..n).map(move |col| Point::new(col, row)))
                            .filter(|&p| game.is_legal(p))
                            .collect();
                        assert_eq!(listed, expected, "{n}x{n} {ko:?}");
                        let mv = if listed.is_empty() || next() % 50 == 0 {
                            Move::Pass
                        } else {
                            Move::Play(listed[(next() % listed.len() as u64) as usize])
                        };
                        if game.play_next(mv).is_err() {
                            break;
                        }
                        if n <= 9 {
                            assert_eq!(game.board().consistency_error(), None);
                        }
                        if game.end().is_some() {
                            break;
                        }
                    }
                }
            }
        }
    }
}
