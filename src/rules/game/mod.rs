//! Game: a board plus whose turn it is, capture counts, repetition history and the end conditions.
//!
//! For a search, a `Game` is copied rather than undone: `Clone` copies the board (fixed-size
//! tables, no heap) and the repetition history (two vectors). A search that keeps its own ko
//! state can copy the `Board` alone. [`Game::transposition_key`] keys a transposition table,
//! and [`Game::legal_points`] lists the moves.

use super::board::{Board, Placement};
use super::history::History;
use super::point::{Color, Move, Point};
use super::position::Position;
use super::ruleset::{KoRule, Rules, SuicideRule, named};
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

named!(IllegalMove, Occupied => "occupied", Suicide => "suicide", Superko => "superko", OffBoard => "off-board", GameOver => "game-over");

impl IllegalMove {
    /// The word for this refusal under the repetition rule `ko`, as a record sheet names it: a
    /// retake the simple ko rule refuses is `ko`, not `superko` (which names the other rules).
    pub fn word_under(self, ko: KoRule) -> &'static str {
        match (self, ko) {
            (IllegalMove::Superko, KoRule::Simple) => "ko",
            _ => self.name(),
        }
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

named!(EndReason, Passes => "passes", MaxStones => "max-stones", CaptureTarget => "capture-target");

/// What a legal move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Stones removed by the move, sorted.
    pub captured: Vec<Point>,
    /// Liberties of the mover's chain after the move (`None` for a pass; 0 for a suicide).
    pub liberties: Option<usize>,
    /// The mover's own stones a suicide removed, sorted (empty unless the rules allow suicide);
    /// the opponent takes them as captures.
    pub suicided: Vec<Point>,
    /// Set when this move ended the game.
    pub end: Option<EndReason>,
}

/// A legal move that captures, with the stones it removes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capture {
    /// Where the capturing stone goes.
    pub point: Point,
    /// The stones it removes, sorted.
    pub captured: Vec<Point>,
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
    /// The mover's own cells the latest move removed as a suicide.
    suicided_cells: Vec<usize>,
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
            suicided_cells: Vec::new(),
        };
        game.remember_position();
        game
    }

    /// The key the repetition history knows a position by: its stones, and under situational
    /// superko also whose turn it is.
    pub(super) fn situation_key(&self, stones_hash: u64, to_play: Color) -> u64 {
        match (self.rules.ko, to_play) {
            (KoRule::Situational, Color::White) => stones_hash ^ zobrist::WHITE_TO_MOVE,
            _ => stones_hash,
        }
    }

    /// The repetition key of the current position.
    pub(super) fn position_key(&self) -> u64 {
        self.situation_key(self.board.hash(), self.to_play)
    }

    fn remember_position(&mut self) {
        self.history.insert(
            self.position_key(),
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
    /// be equal. Under simple ko the lookup is one comparison and is always made: a quiet move
    /// recreates the position before the last move when that move was the same player's own
    /// suicide (where the rules allow it) and the player moves again, out of turn.
    #[inline]
    pub(super) fn quiet_move_may_repeat(&self) -> bool {
        match self.rules.ko {
            KoRule::Simple => true,
            _ => self.board.stones_on_board() < self.most_stones_seen,
        }
    }

    /// Whether the position with hash `hash` after a stone by `color` is a forbidden repetition.
    #[inline]
    pub(super) fn repeats_lookup(&self, hash: u64, color: Color) -> bool {
        match self.rules.ko {
            KoRule::Simple => self.hash_before_last_move == Some(hash),
            _ => self
                .history
                .contains(self.situation_key(hash, color.opponent())),
        }
    }

    /// A transposition key for a search: the Zobrist hash of the stones with a key mixed in
    /// when White is to move, so equal keys mean equal stones and side to move (up to hash
    /// collisions). The repetition history is not in it: under superko two games with equal
    /// keys can still differ in which moves are legal.
    pub fn transposition_key(&self) -> u64 {
        match self.to_play {
            Color::Black => self.board.hash(),
            Color::White => self.board.hash() ^ zobrist::WHITE_TO_MOVE,
        }
    }

    /// Whether the repetition history holds the position key `key` (see `situation_key`).
    pub(in crate::rules) fn has_seen(&self, key: u64) -> bool {
        self.history.contains(key)
    }

    /// The most stones any remembered position held.
    pub(in crate::rules) fn most_stones_seen(&self) -> usize {
        self.most_stones_seen
    }

    /// The board's hash before the latest move (the simple ko rule's ban), if a move was made.
    pub(in crate::rules) fn hash_before_last_move(&self) -> Option<u64> {
        self.hash_before_last_move
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
        self.check_cell(color, self.board.cell(p))
    }

    /// [`Game::check_point`] on the padded cell of an on-board point; the hash after the move.
    #[inline]
    pub(super) fn check_cell(&self, color: Color, cell: usize) -> Result<u64, IllegalMove> {
        match self.board.placement_at(cell, color) {
            Placement::Occupied => Err(IllegalMove::Occupied),
            Placement::Suicide if self.rules.suicide == SuicideRule::Allowed => {
                // The position after it has fewer stones (or the same, for a lone stone), so
                // the quiet-move shortcut does not apply: it is always looked up.
                let hash = self.board.suicide_hash_at(cell, color);
                if self.repeats_lookup(hash, color) {
                    Err(IllegalMove::Superko)
                } else {
                    Ok(hash)
                }
            }
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

    /// Whether the player to move may play on `p` (the answer key's question).
    pub fn is_legal(&self, p: Point) -> bool {
        self.end.is_none() && self.check_point(self.to_play, p).is_ok()
    }

    /// Every legal move of the player to move that captures, with the stones it removes, sorted
    /// by point (none once the game has ended): the answer to a capture task.
    pub fn capturing_moves(&self) -> Vec<Capture> {
        if self.end.is_some() {
            return Vec::new();
        }
        let color = self.to_play;
        self.board
            .size()
            .all_points()
            .filter(|&point| self.check_point(color, point).is_ok())
            .filter_map(|point| {
                let captured = self.board.captured_by(point, color);
                (!captured.is_empty()).then_some(Capture { point, captured })
            })
            .collect()
    }

    /// What [`Game::play`] would report for `color` playing `mv`, without playing it: the game
    /// is left as it is, and only the board is copied, once.
    pub fn try_play(&self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        self.check(color, mv)?;
        let mut tally = self.captures;
        let (captured, suicided, liberties, end) = match mv {
            Move::Pass => (
                Vec::new(),
                Vec::new(),
                None,
                end_reason(
                    &self.rules,
                    tally,
                    self.stones_placed,
                    self.consecutive_passes + 1,
                ),
            ),
            Move::Play(p) => {
                let mut board = self.board.clone();
                let captured = board.play_unchecked(p, color);
                let mut removed = Vec::new();
                if self.rules.suicide == SuicideRule::Allowed {
                    board.remove_if_dead(p, &mut removed);
                }
                tally[color.index()] += captured.len() as u32;
                tally[color.opponent().index()] += removed.len() as u32;
                let end = end_reason(&self.rules, tally, self.stones_placed + 1, 0);
                let suicided = board.sorted_points(removed);
                (captured, suicided, Some(board.liberty_count(p)), end)
            }
        };
        Ok(Played {
            color,
            mv,
            captured,
            suicided,
            liberties,
            end,
        })
    }

    /// Plays `mv` for `color`; the turn then passes to the opponent. An illegal move changes nothing.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        self.apply(color, mv)?;
        let (captured, suicided, liberties) = match mv {
            Move::Pass => (Vec::new(), Vec::new(), None),
            Move::Play(p) => (
                self.board
                    .sorted_points(self.captured_cells.iter().copied()),
                self.board
                    .sorted_points(self.suicided_cells.iter().copied()),
                Some(self.board.liberty_count(p)),
            ),
        };
        Ok(Played {
            color,
            mv,
            captured,
            suicided,
            liberties,
            end: self.end,
        })
    }

    /// Sets up `position` (a record's `AB`, `AW`, `AE` between moves), with `to_play` to move
    /// when given. Setup is not a move: nothing is captured, no pass is counted, and the
    /// repetition history starts again from the new position, which play did not reach.
    pub fn set_up(&mut self, position: &Position, to_play: Option<Color>) {
        self.board = position.to_board();
        if let Some(color) = to_play {
            self.to_play = color;
        }
        self.consecutive_passes = 0;
        self.history = History::new();
        self.hash_before_last_move = None;
        self.most_stones_seen = 0;
        self.remember_position();
    }

    /// Plays for whoever is to move.
    pub fn play_next(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.play(self.to_play, mv)
    }

    /// Plays for whoever is to move without reporting what the move did, for callers that only
    /// need the new position: [`Game::play`] without the sorted capture list.
    pub fn advance(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.apply(self.to_play, mv)
    }

    /// Plays `mv` for whoever is to move without checking it again: for a search that took it
    /// from [`Game::legal_points`] of this very position (or plays a pass), whose listing
    /// already judged it. A move that is not legal here leaves the game inconsistent; debug
    /// builds check it anyway.
    pub fn advance_unchecked(&mut self, mv: Move) {
        debug_assert!(
            self.check(self.to_play, mv).is_ok(),
            "advance_unchecked: {mv} is not legal here"
        );
        self.apply_checked(self.to_play, mv);
    }

    /// Checks and plays `mv`, leaving the captured cells in `captured_cells`.
    pub(super) fn apply(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.check(color, mv)?;
        self.apply_checked(color, mv);
        Ok(())
    }

    /// Plays `mv`, known to be legal for `color`, leaving the captured cells in
    /// `captured_cells`.
    fn apply_checked(&mut self, color: Color, mv: Move) {
        self.hash_before_last_move = Some(self.board.hash());
        self.captured_cells.clear();
        self.suicided_cells.clear();
        match mv {
            Move::Pass => self.consecutive_passes += 1,
            Move::Play(p) => {
                self.consecutive_passes = 0;
                self.stones_placed += 1;
                self.board
                    .play_recording(p, color, &mut self.captured_cells);
                self.captures[color.index()] += self.captured_cells.len() as u32;
                // Only a suicide the rules allow gets this far with a chain left dead.
                if self.rules.suicide == SuicideRule::Allowed
                    && self.board.remove_if_dead(p, &mut self.suicided_cells)
                {
                    self.captures[color.opponent().index()] += self.suicided_cells.len() as u32;
                }
            }
        }
        self.to_play = color.opponent();
        self.remember_position();
        self.end = end_reason(
            &self.rules,
            self.captures,
            self.stones_placed,
            self.consecutive_passes,
        );
    }
}

/// Why the game ends after a move, from the tallies it leaves: the capture tally (`[black,
/// white]`; a suicide the rules allow can bring the opponent to the target), the stones placed
/// and the consecutive passes.
fn end_reason(
    rules: &Rules,
    captures: [u32; 2],
    stones_placed: u32,
    passes: u32,
) -> Option<EndReason> {
    let reached = |limit: Option<u32>, value: u32| limit.is_some_and(|l| value >= l);
    if reached(rules.capture_target, captures[0].max(captures[1])) {
        Some(EndReason::CaptureTarget)
    } else if reached(rules.max_stones, stones_placed) {
        Some(EndReason::MaxStones)
    } else if reached(rules.end_passes, passes) {
        Some(EndReason::Passes)
    } else {
        None
    }
}

mod listing;

#[cfg(test)]
mod tests;
