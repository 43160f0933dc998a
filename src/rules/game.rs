//! Game: a board plus whose turn it is, capture counts, repetition history and the end conditions.

use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Board, Placement};
use super::point::{Color, Move, Point};
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

/// Zobrist keys are already uniformly random, so hashing them again would only cost time.
#[derive(Default)]
struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeySet = HashSet<u64, BuildHasherDefault<IdentityHasher>>;

/// Earlier positions, keyed by hash; a 64 Kbit filter answers most "never seen" lookups cheaply.
#[derive(Clone, Default)]
struct History {
    filter: Vec<u64>,
    keys: KeySet,
}

impl History {
    fn new() -> History {
        History {
            filter: vec![0; 1024],
            keys: KeySet::default(),
        }
    }

    fn insert(&mut self, key: u64) {
        let bit = (key >> 48) as usize;
        self.filter[bit >> 6] |= 1 << (bit & 63);
        self.keys.insert(key);
    }

    fn contains(&self, key: u64) -> bool {
        let bit = (key >> 48) as usize;
        self.filter[bit >> 6] & (1 << (bit & 63)) != 0 && self.keys.contains(&key)
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
    end: Option<EndReason>,
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
            end: None,
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
        self.history.insert(key);
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
            Placement::Allowed { hash, .. } => {
                let repeats = match self.rules.ko {
                    KoRule::Simple => self.hash_before_last_move == Some(hash),
                    _ => self
                        .history
                        .contains(self.situation_key(hash, color.opponent())),
                };
                if repeats {
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
        self.check(color, mv)?;
        let before = self.board.hash();
        let (captured, liberties) = match mv {
            Move::Pass => {
                self.consecutive_passes += 1;
                (Vec::new(), None)
            }
            Move::Play(p) => {
                self.consecutive_passes = 0;
                self.stones_placed += 1;
                let captured = self.board.play_unchecked(p, color);
                self.captures[color.index()] += captured.len() as u32;
                (captured, Some(self.board.liberty_count(p)))
            }
        };
        self.hash_before_last_move = Some(before);
        self.to_play = color.opponent();
        self.remember_position();
        self.end = self.end_reason(color);
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
