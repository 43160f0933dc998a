//! Proven reading: whether a chain can be captured, or escape capture, within a number of the
//! attacker's moves, with every first move that works, the line that shows it and the reply
//! that refutes each tempting wrong try.
//!
//! The search is exact. Every legal move of both sides is considered, the defender may always
//! pass, the attacker never needs to, and the game's suicide and repetition rules apply along
//! every line (the game's own history, its starting position included, counts). The game's end
//! conditions (passes, stone count, capture target) do not apply inside a problem. What keeps
//! it fast without giving up exactness:
//!
//! - a liberty bound: an attacker stone takes at most one liberty from the target and taking
//!   other chains never gives it one, so with `k` moves left a target with more than `k`
//!   liberties cannot be captured (the defender passes), and with exactly `k` only moves on its
//!   liberties can;
//! - a transposition table keyed by the position's hash and side to move, which keeps a result
//!   only where the repetition history it was read under cannot change it (see `table`).

mod lines;
mod search;
mod table;

pub(in crate::rules) use table::KeyHasher;

use super::game::Game;
use super::point::{Color, Move, Point};

/// What a reading problem asks of the stone at its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// The side to play captures the opposing chain through the target.
    Capture,
    /// The side to play saves its own chain through the target.
    Escape,
}

/// A reading problem: the goal, the stone it is about and the attacker's moves allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question {
    /// Capture or escape.
    pub goal: Goal,
    /// A stone of the chain to capture (the opponent's) or to save (the side to play's own).
    pub target: Point,
    /// How many moves the attacker has to remove the target, its first included.
    pub within: u32,
}

/// How much reading a question may cost before it is refused as too big to prove.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Positions the search may visit.
    pub nodes: u64,
}

impl Budget {
    /// Counts one more position visited in `visited`: too big once past the budget. Both
    /// searches (reading and life and death) count their positions with it.
    pub(crate) fn visit(&self, visited: &mut u64) -> Result<(), TooBig> {
        *visited += 1;
        if *visited > self.nodes {
            Err(TooBig {
                nodes: self.nodes,
                shared: false,
            })
        } else {
            Ok(())
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        // Under a second at the bench's 3 to 4 million nodes a second; the bench's hardest
        // beginners' problem needs about 105,000 (docs/benchmarks.md).
        Budget { nodes: 3_000_000 }
    }
}

/// A move of a line, with who plays it.
pub type LineMove = (Color, Move);

/// A first move that works, with the line that shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accepted {
    /// The first move.
    pub point: Point,
    /// The first move and what follows: for a capture, the defender's longest resistance and
    /// the attacker's answers to the capture; for an escape, the escaping move alone.
    pub line: Vec<LineMove>,
}

/// A tempting first move that fails, with the line that refutes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refuted {
    /// The first move.
    pub point: Point,
    /// The first move and the refutation: for a capture, the defender's reply after which the
    /// target cannot be taken in time; for an escape, the attacker's capture line.
    pub line: Vec<LineMove>,
}

/// The proven answer to a reading question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Every first move that works, sorted by point.
    pub accepted: Vec<Accepted>,
    /// The tempting tries that fail (for a capture, the target's liberties; for an escape,
    /// also the moves that take a neighbouring chain in atari), sorted by point.
    pub refuted: Vec<Refuted>,
    /// For an escape: the target cannot be captured in time even if its side passes, so there
    /// is nothing to escape from.
    pub already_safe: bool,
    /// Positions the search visited.
    pub nodes: u64,
}

/// A question the search could not settle within its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooBig {
    /// The budget it ran out of.
    pub nodes: u64,
    /// Whether that budget was what was left of a larger one the caller shares between
    /// several questions (a kit's), less than the question's own.
    pub shared: bool,
}

/// Why a question cannot be read at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// The target point holds no stone.
    NoStone,
    /// The target stone is the wrong colour for the goal: a capture's must be the opponent's,
    /// an escape's the side to play's.
    WrongColor,
    /// `within` is 0.
    NoMoves,
    /// The search ran out of its budget.
    TooBig(TooBig),
}

/// Reads `question` for the player to move in `game`.
pub fn solve(game: &Game, question: &Question, budget: Budget) -> Result<Solution, Unreadable> {
    let to_play = game.to_play();
    let Some(owner) = game.board().stone(question.target) else {
        return Err(Unreadable::NoStone);
    };
    let attacker = match question.goal {
        Goal::Capture => to_play,
        Goal::Escape => to_play.opponent(),
    };
    if owner != attacker.opponent() {
        return Err(Unreadable::WrongColor);
    }
    if question.within == 0 {
        return Err(Unreadable::NoMoves);
    }
    let mut search = search::Search::new(game, attacker, question.target, budget);
    let solution = match question.goal {
        Goal::Capture => lines::capture(&mut search, question.within),
        Goal::Escape => lines::escape(&mut search, question.within),
    };
    solution.map_err(Unreadable::TooBig)
}

#[cfg(test)]
mod tests;
