//! The depth-limited reading at the heart of the search, and what it may reuse: a proven result
//! is kept with the fewest stones of any position of its proof, so that it is reused only where
//! the line above cannot meet that proof (the graph-history interaction).

use super::{Mode, Next, Search, State, Value};
use crate::rules::board::Board;
use crate::rules::life_death::TooBig;
use crate::rules::point::{Color, Move};

/// A proven result: whether the attacker wins, within how many plies it was proven, and the
/// fewest stones on the board in any position its proof passes through.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub(super) win: bool,
    pub(super) within: u32,
    pub(super) fewest: Stones,
}

/// Stones on the board: of a position, or the fewest of each count over the positions of a
/// proof (each count its own minimum, and the stones every one of its positions holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stones {
    black: u16,
    white: u16,
    total: u16,
    /// Per colour index, the cells of its stones folded onto 64 bits (cell modulo 64): for a
    /// proof, the bits every one of its positions has.
    marks: [u64; 2],
}

impl Stones {
    pub(super) const MANY: Stones = Stones {
        black: u16::MAX,
        white: u16::MAX,
        total: u16::MAX,
        marks: [u64::MAX; 2],
    };

    pub(super) fn of(board: &Board) -> Stones {
        let count = |c| u16::try_from(board.stone_count(c)).unwrap_or(u16::MAX);
        let (black, white) = (count(Color::Black), count(Color::White));
        let fold = |c| {
            board
                .stone_cells(c)
                .0
                .iter()
                .fold(0, |all, word| all | word)
        };
        Stones {
            black,
            white,
            total: black.saturating_add(white),
            marks: [fold(Color::Black), fold(Color::White)],
        }
    }

    fn fewest(self, other: Stones) -> Stones {
        Stones {
            black: self.black.min(other.black),
            white: self.white.min(other.white),
            total: self.total.min(other.total),
            marks: [
                self.marks[0] & other.marks[0],
                self.marks[1] & other.marks[1],
            ],
        }
    }

    /// Whether a position with these stones can be none of a proof's, whose fewest are
    /// `fewest`: it has fewer stones, or fewer of one colour, than every one of them, or it
    /// lacks a stone every one of them has (a stone played after it that the proof never
    /// takes: the vital point, say).
    fn below(self, fewest: Stones) -> bool {
        self.total < fewest.total
            || self.black < fewest.black
            || self.white < fewest.white
            || fewest.marks[0] & !self.marks[0] != 0
            || fewest.marks[1] & !self.marks[1] != 0
    }
}

/// What a read found: the value, the shallowest depth of the line whose position a cycle met
/// again ([`CLEAN`] when none), and the fewest stones on the board in any position the proof
/// passes through.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reading {
    pub(super) value: Value,
    rests_on: usize,
    fewest: Stones,
}

impl Reading {
    fn clean(value: Value, fewest: Stones) -> Reading {
        Reading {
            value,
            rests_on: CLEAN,
            fewest,
        }
    }
}

impl Search {
    /// Reads `s` with `limit` plies left. `within`: only results proven within the limit
    /// count (for distances), not every proven result.
    ///
    /// A cycle's value depends on the line above (the graph-history interaction), so a proven
    /// result is reused only where the line cannot change it:
    /// - a value that rests on a cycle through a position above `s` holds for this line only
    ///   and is not kept;
    /// - a value cycles could overturn (the attacker's win in the lax readings, where a cycle
    ///   is the defender's; the defender's in the strict one) is reused only where its proof
    ///   cannot meet the line above (see [`Stones::below`]). A value cycles would only confirm
    ///   is always reused.
    pub(super) fn read(
        &mut self,
        mode: Mode,
        s: &State,
        limit: u32,
        within: bool,
    ) -> Result<Reading, TooBig> {
        self.tick()?;
        let stones = Stones::of(self.board(s));
        if self.taken(s) {
            return Ok(Reading::clean(Value::Win, stones));
        }
        if (s.to_play == self.attacker || s.depth == 0) && self.alive(s) {
            return Ok(Reading::clean(Value::Loss, stones));
        }
        let key = self.key(s);
        let above = s.depth.min(self.path.len());
        // The line above `s` that counts: from the reading's start, or from the position both
        // sides passed in.
        let from = self.base.max(s.since).min(above);
        if let Some(e) = self.tables[mode.index()].get(&key)
            && (!within || e.within <= limit)
            && (e.win == mode.strict
                || self.stones_on_line[from..above]
                    .iter()
                    .all(|a| a.below(e.fewest)))
        {
            let value = if e.win { Value::Win } else { Value::Loss };
            return Ok(Reading::clean(value, e.fewest));
        }
        let line = &self.path[from..above];
        if let Some(at) = line.iter().position(|&k| k == key) {
            // A cycle: play could go round it for ever, the group neither taken nor made
            // unconditionally alive. That is the defender's in the lax reading (never taken)
            // and the attacker's in the strict one (never alive).
            let value = if mode.strict { Value::Win } else { Value::Loss };
            return Ok(Reading {
                value,
                rests_on: from + at,
                fewest: stones,
            });
        }
        if limit == 0 {
            return Ok(Reading::clean(Value::Unknown, stones));
        }
        let undecided = mode.index() * 2 + usize::from(within);
        if self.undecided[undecided]
            .get(&key)
            .is_some_and(|&below| limit <= below)
        {
            return Ok(Reading::clean(Value::Unknown, stones));
        }
        self.path.resize(s.depth, 0);
        self.path.push(key);
        self.stones_on_line.resize(s.depth, Stones::MANY);
        self.stones_on_line.push(stones);
        let mut reading = self.read_moves(mode, s, limit, within)?;
        reading.fewest = reading.fewest.fewest(stones);
        if reading.rests_on < s.depth {
            return Ok(reading);
        }
        if reading.value == Value::Unknown {
            let below = self.undecided[undecided].entry(key).or_insert(0);
            *below = (*below).max(limit);
        } else {
            let table = &mut self.tables[mode.index()];
            if table.get(&key).is_none_or(|old| old.within > limit) {
                table.insert(
                    key,
                    Entry {
                        win: reading.value == Value::Win,
                        within: limit,
                        fewest: reading.fewest,
                    },
                );
            }
        }
        Ok(Reading {
            rests_on: CLEAN,
            ..reading
        })
    }

    fn read_moves(
        &mut self,
        mode: Mode,
        s: &State,
        limit: u32,
        within: bool,
    ) -> Result<Reading, TooBig> {
        let (good, bad) = if s.to_play == self.attacker {
            (Value::Win, Value::Loss)
        } else {
            (Value::Loss, Value::Win)
        };
        let mut result = bad;
        // The shallowest position above this one that the result rests on.
        let mut rests_on = CLEAN;
        let mut fewest = Stones::MANY;
        let key = self.key(s);
        let mut moves = self.moves(s);
        if let Some(&killer) = self.killers.get(s.depth)
            && let Some(at) = moves.iter().position(|&m| m == killer)
        {
            moves[..=at].rotate_right(1);
        }
        if let Some(&hint) = self.cutoffs[mode.index()].get(&key)
            && let Some(at) = moves.iter().position(|&m| m == hint)
        {
            moves[..=at].rotate_right(1);
        }
        for mv in moves {
            let (child_mode, next) = match self.next(mode, s, mv) {
                Next::Illegal => continue,
                // Only the defender's own pass ends the problem: its win.
                Next::DefenderHolds => return Ok(Reading::clean(Value::Loss, Stones::MANY)),
                Next::Play(child_mode, next) => (child_mode, next),
            };
            let child = self.read(child_mode, &next, limit - 1, within)?;
            if child.value == good {
                self.cutoffs[mode.index()].insert(key, mv);
                if self.killers.len() <= s.depth {
                    self.killers.resize(s.depth + 1, Move::Pass);
                }
                self.killers[s.depth] = mv;
                return Ok(child);
            }
            if child.value == Value::Unknown {
                result = Value::Unknown;
            } else {
                rests_on = rests_on.min(child.rests_on);
                fewest = fewest.fewest(child.fewest);
            }
        }
        Ok(Reading {
            value: result,
            rests_on,
            fewest,
        })
    }
}

/// The depth a read that rests on no cycle reports.
const CLEAN: usize = usize::MAX;
