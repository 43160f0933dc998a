//! The life-and-death search: an iterative-deepening AND/OR search over the region's points and
//! the pass, with a table of proven results, read under one of four modes (who may retake kos,
//! and whether a seki counts for the defender).

mod line;
mod read;

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::benson;
use super::{Goal, Status, TooBig};
use crate::rules::board::{Board, Placement, child_board};
use crate::rules::point::{Color, Move, Point};
use crate::rules::reading::{Budget, KeyHasher};
use crate::rules::zobrist;
use read::{Entry, Stones};

/// A table by position key: Zobrist keys are random already, so they are their own hash.
type Map<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// How a reading treats kos and sekis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Mode {
    /// The side that may retake any ko at once (it has unlimited ko threats); the other may
    /// never recreate a position of the line.
    pub(super) threats: Color,
    /// A seki counts as the attacker's: the defender wins only by unconditional life. The
    /// defender may not pass and two passes end nothing.
    pub(super) strict: bool,
}

impl Mode {
    fn index(self) -> usize {
        self.threats.index() * 2 + usize::from(self.strict)
    }
}

/// Depth limits of the iterative deepening, in plies. Past the last the problem is too big.
///
/// Two shallow limits find the quick answers of a wide region cheaply (a straight three under
/// a wall that is itself short of liberties needs 7 million positions read at 16 plies
/// first); then few and far apart, as a limit that ends undecided reads a tree wide at the
/// top for nothing, and most proofs are narrow but long (the attacker fills the region's last
/// points before the defender's life shows). On the first 100 problems of Cho's Elementary
/// book, twelve limits from 2 to 52 proved 83 within 3,000,000 positions, these four 90, with
/// lines no longer in all.
const LIMITS: [u32; 4] = [2, 4, 16, 52];
/// How many of Benson's verdicts the search keeps before it starts again (some 20 MB).
const MOST_ALIVE_BOARDS: usize = 1 << 20;
/// The longest line an answer shows.
const LONGEST_LINE: usize = 30;
/// Set in a position's key when the move that reached it was a pass.
const AFTER_PASS: u64 = 0x9e37_79b9_7f4a_7c15;

/// The result of a read with a depth limit, for the attacker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    Win,
    Loss,
    Unknown,
}

/// A position inside the search.
#[derive(Debug, Clone, Copy)]
pub(super) struct State {
    slot: usize,
    depth: usize,
    to_play: Color,
    passed: bool,
    /// The board's hash before the last move, when that move took stones: the one position
    /// the simple ko rule forbids the next move to recreate.
    ko_ban: Option<u64>,
    /// The depth from which the line's positions count for cycles: the position both sides
    /// passed in is judged afresh, whatever came before it.
    since: usize,
}

/// A life-and-death search of one problem.
pub(super) struct Search {
    attacker: Color,
    target: usize,
    /// The region's cells, in reading order.
    region: Vec<usize>,
    /// Per padded cell: inside the region.
    inside: Vec<bool>,
    /// A buffer Benson's quick test reuses between positions.
    scratch: Vec<usize>,
    /// Benson's verdict by board: the three readings and the lines meet the same positions
    /// again, and the verdict depends on the board alone.
    alive_boards: Map<bool>,
    boards: Vec<Board>,
    tables: [Map<Entry>; 4],
    /// Per mode and kind of read (plain or distance), the positions found undecided within a
    /// limit: within one iteration a position reached again by another order of moves is not
    /// read again.
    undecided: [Map<u32>; 8],
    /// Per mode and position, the move that last decided it: tried first the next time, as
    /// the iterations deepen (a hint only, never a result).
    cutoffs: [Map<Move>; 4],
    /// Per depth, the move that last decided a position at that depth: often the vital
    /// point, which decides its neighbours in the tree as well (the killer-move heuristic);
    /// tried right after the position's own hint.
    killers: Vec<Move>,
    /// The keys of the positions on the line being read, by depth, from `base`: a position
    /// met again on its own line is a cycle.
    path: Vec<u64>,
    /// By depth, the most stones on the board in any position of the line from `base` down to
    /// that depth: what tells a proven result whether the line above it can meet its proof.
    stones_on_line: Vec<Stones>,
    /// The depth of the position the current top-level reading started from.
    base: usize,
    nodes: u64,
    budget: u64,
    /// Tries the region's moves in the reverse order: a test that the result never depends on
    /// the order moves are read in.
    #[cfg(test)]
    pub(super) reversed: bool,
}

impl Search {
    /// A search of `board` (framed) about the `defender`'s chain through `target`.
    pub(super) fn new(
        board: Board,
        defender: Color,
        target: Point,
        region: &[Point],
        budget: Budget,
    ) -> Search {
        let target = board.cell_of_point(target);
        let mut cells: Vec<usize> = region.iter().map(|&p| board.cell_of_point(p)).collect();
        cells.sort_unstable();
        let mut inside = vec![false; board.padded_len()];
        for &c in &cells {
            inside[c] = true;
        }
        Search {
            attacker: defender.opponent(),
            target,
            region: cells,
            inside,
            scratch: Vec::new(),
            alive_boards: Map::default(),
            boards: vec![board],
            tables: Default::default(),
            undecided: Default::default(),
            cutoffs: Default::default(),
            killers: Vec::new(),
            path: Vec::new(),
            stones_on_line: Vec::new(),
            base: 0,
            nodes: 0,
            budget: budget.nodes,
            #[cfg(test)]
            reversed: false,
        }
    }

    /// Positions visited so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    fn root(&self, to_play: Color) -> State {
        State {
            slot: 0,
            depth: 0,
            to_play,
            passed: false,
            ko_ban: None,
            since: 0,
        }
    }

    fn board(&self, s: &State) -> &Board {
        &self.boards[s.slot]
    }

    fn taken(&self, s: &State) -> bool {
        self.board(s).color_at(self.target) != Some(self.attacker.opponent())
    }

    fn alive(&mut self, s: &State) -> bool {
        let board = self.board(s).hash();
        if let Some(&alive) = self.alive_boards.get(&board) {
            return alive;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let alive = benson::alive_inside(
            self.board(s),
            self.attacker.opponent(),
            self.target,
            (&self.inside, &self.region),
            &mut scratch,
        );
        self.scratch = scratch;
        if self.alive_boards.len() >= MOST_ALIVE_BOARDS {
            self.alive_boards.clear();
        }
        self.alive_boards.insert(board, alive);
        alive
    }

    /// The first moves of the side to play: every empty point of the region it may play, then
    /// the pass.
    pub(super) fn first_moves(&mut self, to_play: Color) -> Vec<Move> {
        let root = self.root(to_play);
        let board = self.board(&root);
        let mut out: Vec<Move> = self
            .region
            .iter()
            .filter(|&&c| matches!(board.placement_at(c, to_play), Placement::Allowed { .. }))
            .map(|&c| Move::Play(board.point_of_cell(c)))
            .collect();
        out.push(Move::Pass);
        out
    }

    /// The empty points next to the group's stones, with `tries` that are in the region: the
    /// tempting first moves a solution refutes.
    pub(super) fn near_group(&self, tries: &[Point]) -> Vec<Point> {
        let board = &self.boards[0];
        let mut cells = Vec::new();
        board.liberty_cells(self.target, &mut cells);
        let mut out: Vec<Point> = cells.iter().map(|&c| board.point_of_cell(c)).collect();
        out.extend(
            tries
                .iter()
                .filter(|p| self.region.contains(&board.cell_of_point(**p))),
        );
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The three readings that place a status, the attacker's wins nested: it wins the first
    /// when the group is dead (the defender holds the ko threats), the second when it is at
    /// least a ko (the attacker holds them), the third when the group cannot be made
    /// unconditionally alive (a seki counts for the attacker).
    fn readings(&self) -> [Mode; 3] {
        let lax = |threats| Mode {
            threats,
            strict: false,
        };
        [
            lax(self.attacker.opponent()),
            lax(self.attacker),
            Mode {
                threats: self.attacker,
                strict: true,
            },
        ]
    }

    /// The position after the side to play makes `first`, or `None` when it may not.
    fn after_first(&mut self, to_play: Color, first: Move) -> Option<State> {
        let root = self.root(to_play);
        self.play(&root, first, None)
    }

    /// The group's status after the side to play makes `first`, or `None` when it may not.
    ///
    /// The readings' wins are nested (dead within ko within not alive), so a status takes one
    /// to three of them; they are read from the end a first move of the side to play most
    /// often reaches: an attacker's try most often leaves the group alive (one reading says
    /// so), a defender's most often leaves it dead.
    pub(super) fn status_after(
        &mut self,
        to_play: Color,
        first: Move,
    ) -> Result<Option<Status>, TooBig> {
        let Some(after) = self.after_first(to_play, first) else {
            return Ok(None);
        };
        let [dead, ko, not_alive] = self.readings();
        let result = (|| {
            if to_play == self.attacker {
                if !self.proven_win(not_alive, &after)? {
                    return Ok(Status::Alive);
                }
                if self.proven_win(dead, &after)? {
                    return Ok(Status::Dead);
                }
                return Ok(if self.proven_win(ko, &after)? {
                    Status::Ko
                } else {
                    Status::Seki
                });
            }
            if self.proven_win(dead, &after)? {
                return Ok(Status::Dead);
            }
            if self.proven_win(ko, &after)? {
                return Ok(Status::Ko);
            }
            Ok(if self.proven_win(not_alive, &after)? {
                Status::Seki
            } else {
                Status::Alive
            })
        })();
        result.map(Some)
    }

    /// Whether the status after the side to play makes `first` is worth at least `floor`'s to
    /// the side whose goal is `goal`, read with the one reading that decides it; `None` when
    /// `first` may not be played. A first move that cannot reach the best status found so far
    /// needs no other reading.
    pub(super) fn reaches_after(
        &mut self,
        to_play: Color,
        first: Move,
        floor: Status,
        goal: Goal,
    ) -> Result<Option<bool>, TooBig> {
        let Some(after) = self.after_first(to_play, first) else {
            return Ok(None);
        };
        let [dead, ko, not_alive] = self.readings();
        // The attacker's wins of each reading are nested: dead within ko within not alive.
        let (mode, attacker_wants) = match (goal, floor) {
            (Goal::Kill, Status::Dead) => (dead, true),
            (Goal::Kill, Status::Ko) => (ko, true),
            (Goal::Kill, Status::Seki) => (not_alive, true),
            (Goal::Live, Status::Alive) => (not_alive, false),
            (Goal::Live, Status::Seki) => (ko, false),
            (Goal::Live, Status::Ko) => (dead, false),
            (Goal::Kill, Status::Alive) | (Goal::Live, Status::Dead) => return Ok(Some(true)),
        };
        Ok(Some(self.proven_win(mode, &after)? == attacker_wants))
    }

    /// Whether the attacker wins from `s` under `mode`, proven; too big past the last limit.
    fn proven_win(&mut self, mode: Mode, s: &State) -> Result<bool, TooBig> {
        match self.settled(mode, s)? {
            Value::Win => Ok(true),
            Value::Loss => Ok(false),
            Value::Unknown => Err(TooBig {
                nodes: self.budget,
                shared: false,
            }),
        }
    }

    /// The value of `s` under `mode`, read to the last depth limit: unknown past it.
    fn settled(&mut self, mode: Mode, s: &State) -> Result<Value, TooBig> {
        for round in 0..2 {
            for limit in LIMITS {
                self.base = s.depth;
                if round == 1 {
                    self.forget_undecided();
                }
                match self.read(mode, s, limit, false)?.value {
                    Value::Unknown => {}
                    decided => return Ok(decided),
                }
            }
        }
        Ok(Value::Unknown)
    }

    /// Forgets which positions were found undecided. Kept across the iterations they save
    /// most of the work, but they can also keep a position undecided at every limit (Cho
    /// Elementary 53); so when every limit ends undecided, the reading runs once more,
    /// forgetting them at each new limit.
    fn forget_undecided(&mut self) {
        for positions in &mut self.undecided {
            positions.clear();
        }
    }

    fn tick(&mut self) -> Result<(), TooBig> {
        Budget { nodes: self.budget }.visit(&mut self.nodes)
    }

    fn key(&self, s: &State) -> u64 {
        let mut key = self.board(s).hash();
        if s.to_play == Color::White {
            key ^= zobrist::WHITE_TO_MOVE;
        }
        if s.passed {
            key ^= AFTER_PASS;
        }
        if let Some(ban) = s.ko_ban {
            key ^= ban.rotate_left(23);
        }
        key
    }

    /// The moves to try from `s`: the group's liberties first, then the rest of the region,
    /// then the pass.
    fn moves(&self, s: &State) -> Vec<Move> {
        let board = self.board(s);
        let mut liberties = Vec::new();
        if board.color_at(self.target).is_some() {
            board.liberty_cells(self.target, &mut liberties);
        }
        let mut out: Vec<Move> = liberties
            .iter()
            .filter(|c| self.region.binary_search(c).is_ok())
            .map(|&c| Move::Play(board.point_of_cell(c)))
            .collect();
        out.extend(
            self.region
                .iter()
                .filter(|&&c| board.is_empty_cell(c) && !liberties.contains(&c))
                .map(|&c| Move::Play(board.point_of_cell(c))),
        );
        #[cfg(test)]
        if self.reversed {
            out.reverse();
        }
        out.push(Move::Pass);
        out
    }

    /// The position after the side to move in `s` plays `mv`, or `None` when it may not: the
    /// point is taken, the move is a suicide, or (under `mode`) it repeats a position of the
    /// line and its player has no ko threats.
    fn play(&mut self, s: &State, mv: Move, mode: Option<Mode>) -> Option<State> {
        let color = s.to_play;
        let Move::Play(p) = mv else {
            return Some(State {
                slot: s.slot,
                depth: s.depth + 1,
                to_play: color.opponent(),
                passed: true,
                ko_ban: None,
                since: s.since,
            });
        };
        let board = self.board(s);
        let cell = board.cell_of_point(p);
        let Placement::Allowed { hash, captures } = board.placement_at(cell, color) else {
            return None;
        };
        let bound = mode.is_some_and(|m| m.threats != color);
        if bound && s.ko_ban == Some(hash) {
            return None;
        }
        let before = board.hash();
        let slot = s.depth + 1;
        let mut captured = Vec::new();
        child_board(&mut self.boards, s.slot, slot).play_cell(cell, color, &mut captured);
        Some(State {
            slot,
            depth: slot,
            to_play: color.opponent(),
            passed: false,
            ko_ban: captures.then_some(before),
            since: s.since,
        })
    }

    /// What follows when the side to move in `s` plays `mv` under `mode`: passes included.
    ///
    /// In the strict reading the defender may not pass (passing never brings unconditional
    /// life nearer: the attacker would pass too), and two passes end nothing. In the ko
    /// reading the attacker never passes second (that would end the problem in the defender's
    /// favour), and the defender's second pass ends the problem with its group on the board.
    /// In the dead reading two passes, whichever side passed second, end play: the position
    /// both sides passed in is judged as a Japanese-rules confirmation would, by play going on
    /// under the ko reading with the attacker to move. A ko only the attacker can start, when
    /// the defender has nothing left to play (the bent four in the corner), is then the
    /// attacker's: it removes the defender's ko threats first, at no cost, before it starts
    /// the ko.
    fn next(&mut self, mode: Mode, s: &State, mv: Move) -> Next {
        let defender_moves = s.to_play != self.attacker;
        if mv == Move::Pass && mode.strict && defender_moves {
            return Next::Illegal;
        }
        if mv == Move::Pass && s.passed && !mode.strict {
            let [dead, ko, _] = self.readings();
            if mode != dead {
                if !defender_moves {
                    return Next::Illegal;
                }
                return Next::DefenderHolds;
            }
            // Whichever side passed second, both did: the position is judged. (Were the
            // attacker's second pass refused here, the defender could pass at every turn and
            // make the attacker fill its own liberties rather than ever reach the judgement.)
            let judged = State {
                slot: s.slot,
                depth: s.depth + 1,
                to_play: self.attacker,
                passed: true,
                ko_ban: None,
                since: s.depth + 1,
            };
            return Next::Play(ko, judged);
        }
        match self.play(s, mv, Some(mode)) {
            Some(next) => Next::Play(mode, next),
            None => Next::Illegal,
        }
    }
}

/// What a move leads to in a reading.
enum Next {
    /// The move may not be played (or is never worth playing: see [`Search::next`]).
    Illegal,
    /// The defender's second pass: the problem ends with its group on the board.
    DefenderHolds,
    /// Play goes on, under the reading given (another after two passes in the dead reading).
    Play(Mode, State),
}
