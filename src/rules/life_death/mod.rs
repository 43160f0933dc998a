//! Proven life and death: whether the group through a stone lives or dies, inside a region,
//! with every first move that reaches the best result and the refutation of tempting wrong ones.
//!
//! What is assumed (the tsumego book's convention, made exact):
//! - moves are played only inside the region, and either side may pass;
//! - every empty point just outside the region holds an attacker stone (the frame, see
//!   `region`): the rest of the board is the attacker's safe wall;
//! - the attacker wins when the group's stone is captured; the defender wins when the group is
//!   unconditionally alive (Benson's algorithm) or, in a seki, when both sides pass with the
//!   group still on the board;
//! - suicide is never played; kos follow the simple ko rule (a move may not recreate the
//!   position before the opponent's last move), which is what a book's problems are read
//!   under, except for the side given the ko threats (below);
//! - a ko is read twice: once with the defender able to retake every ko at once (it has
//!   unlimited threats), once with the attacker able to. The attacker kills *unconditionally*
//!   when it wins the first reading, *by ko* when only the second; the group lives when the
//!   attacker wins neither. A group that survives only by passing (it can never be made
//!   unconditionally alive) is in *seki*.
//! - when both sides pass in the reading where the defender holds the threats (whichever passed
//!   first), the position is judged as a Japanese-rules confirmation would: play goes on with
//!   the attacker to move and holding the threats. A ko only the attacker can start, once the defender has nothing left
//!   to play, is the attacker's (it removes every ko threat first, at no cost): the group is
//!   dead, as books say, not a ko. A ko the defender can start during play stays a ko.
//!
//! The search is exact and needs no move count: an iterative deepening search with a table of
//! proven results. Under the simple ko rule a position's result depends only on the position,
//! the side to move, the ko ban and whether the last move passed, which is the table's key.
//! A line that comes back to a position of its own (a ko fight going round, a triple ko) could
//! go on for ever with the group neither taken nor unconditionally alive: that is the
//! defender's in the lax reading and the attacker's in the strict one. A result that depends
//! on the line above its position (the graph-history interaction) is never reused where the
//! line could change it: one that rests on a cycle through a position above is not kept, and
//! one a cycle could overturn (the attacker's win in a lax reading) is reused only where no
//! position of the line above can recur in its proof: each has fewer stones (or fewer of one
//! colour) than any position of the proof, or lacks a stone all of them have. The answer does not depend on the order moves are read in. The position
//! both sides passed in starts a line of its own: the positions before it are no cycle. A problem
//! whose reading reaches the last depth limit or its budget is refused as too big. Nothing is
//! guessed.
//!
//! The framed problem is read on the smallest square board that reads the same (`window`):
//! a corner of a 19x19 board on a board of its own size, its lines given back in the real
//! board's points.

mod benson;
pub mod question;
pub mod region;
mod search;
mod window;

use super::game::Game;
use super::point::{Color, Move, Point};
use super::reading::{Budget, LineMove, TooBig};
use search::Search;

/// What a life-and-death problem asks of the side to play about the group through `target`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The side to play kills the opposing group.
    Kill,
    /// The side to play makes its own group live.
    Live,
}

/// A life-and-death problem: the goal, a stone of the group, and where it is played.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Question {
    /// Kill or live.
    pub goal: Goal,
    /// A stone of the group.
    pub target: Point,
    /// The points the problem is played on, sorted; empty: worked out from the stones
    /// ([`region::around_group`]).
    pub region: Vec<Point>,
}

/// What becomes of the group after best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// Captured whatever the defender does, ko threats included.
    Dead,
    /// It turns on a ko: the attacker kills if it wins the ko, the group lives if it does.
    Ko,
    /// The group survives but can never be made unconditionally alive: a seki.
    Seki,
    /// Unconditionally alive (or can always be made so).
    Alive,
}

impl Status {
    /// How good the status is for the side whose goal is `goal`: higher is better.
    fn worth(self, goal: Goal) -> u8 {
        let rank = match self {
            Status::Dead => 0,
            Status::Ko => 1,
            Status::Seki => 2,
            Status::Alive => 3,
        };
        match goal {
            Goal::Live => rank,
            // For the killer a seki and life are both failures, a seki the nearer one.
            Goal::Kill => 3 - rank,
        }
    }

    /// The best status there is for the side whose goal is `goal`.
    fn best_for(goal: Goal) -> Status {
        match goal {
            Goal::Kill => Status::Dead,
            Goal::Live => Status::Alive,
        }
    }

    /// Whether the status reaches `goal` (a ko counts: the answer says it is a ko).
    pub fn reaches(self, goal: Goal) -> bool {
        match goal {
            Goal::Kill => matches!(self, Status::Dead | Status::Ko),
            Goal::Live => !matches!(self, Status::Dead),
        }
    }
}

/// A first move with what it leads to and the line that shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tried {
    /// The first move (a pass included: in a seki the right move may be none).
    pub first: Move,
    /// The group's status after it and best play.
    pub status: Status,
    /// The first move and what follows: the line proving `status`.
    pub line: Vec<LineMove>,
    /// For a ko: the side that retakes the ko first along the line, so must find the first ko
    /// threat (`None` when the line retakes none).
    pub ko_threat: Option<Color>,
}

/// The proven answer to a life-and-death problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The best status the side to play can reach.
    pub status: Status,
    /// Every first move reaching it, sorted (empty when the best is the goal's failure).
    pub accepted: Vec<Tried>,
    /// The tempting first moves that fail (all of them when nothing reaches the goal), each
    /// with the reply that refutes it.
    pub refuted: Vec<Tried>,
    /// The region the problem was played in, sorted.
    pub region: Vec<Point>,
    /// Positions the search visited.
    pub nodes: u64,
}

/// Why a problem cannot be solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsolvable {
    /// The target point holds no stone.
    NoStone,
    /// The target stone is the wrong colour: a kill's must be the opponent's, a life's the
    /// side to play's own.
    WrongColor,
    /// The region leaves the frame around it a point with no liberty: the problem is too open
    /// for the safe-wall assumption.
    OpenFrame(Point),
    /// The search ran out of its budget.
    TooBig(TooBig),
}

/// Solves `question` for the side to play in `game`; `tries` are first moves to refute as
/// well as those next to the group (a collection's wrong answers, say).
pub fn solve(
    game: &Game,
    question: &Question,
    tries: &[Point],
    budget: Budget,
) -> Result<Solution, Unsolvable> {
    let to_play = game.to_play();
    let board = game.board();
    let Some(owner) = board.stone(question.target) else {
        return Err(Unsolvable::NoStone);
    };
    let defender = match question.goal {
        Goal::Kill => to_play.opponent(),
        Goal::Live => to_play,
    };
    if owner != defender {
        return Err(Unsolvable::WrongColor);
    }
    let mut region = if question.region.is_empty() {
        region::around_group(board, defender, question.target)
    } else {
        let mut r = question.region.clone();
        r.sort_unstable();
        r.dedup();
        r
    };
    let framed =
        region::framed(board, &mut region, defender.opponent()).map_err(Unsolvable::OpenFrame)?;
    let (small, window) = match window::smallest(&framed, &region, defender) {
        Some((small, window)) => (small, Some(window)),
        None => (framed, None),
    };
    let inside = |p: Point| window.map_or(Some(p), |w| w.inside(p));
    let real_move = |mv: Move| window.map_or(mv, |w| w.real_move(mv));
    let small_region: Vec<Point> = region.iter().filter_map(|&p| inside(p)).collect();
    let target = inside(question.target).ok_or(Unsolvable::NoStone)?;
    let mut search = Search::new(small, defender, target, &small_region, budget);
    #[cfg(test)]
    {
        search.reversed = tests::history::READ_IN_REVERSE.with(std::cell::Cell::get);
    }
    let candidates = search.first_moves(to_play);
    let small_tries: Vec<Point> = tries.iter().filter_map(|&p| inside(p)).collect();
    let near = search.near_group(&small_tries);
    let goal = question.goal;
    let tempting = |first: Move| matches!(first, Move::Play(p) if near.contains(&p));
    // Every tempting move's status is read whole: its refutation is printed. Any other move
    // is first asked only whether it reaches the best status known, which one reading
    // decides; the few that do are read whole.
    let mut tried: Vec<(Move, Status)> = Vec::with_capacity(candidates.len());
    for &first in candidates.iter().filter(|&&m| tempting(m)) {
        if let Some(status) = search
            .status_after(to_play, first)
            .map_err(Unsolvable::TooBig)?
        {
            tried.push((first, status));
        }
    }
    for &first in candidates.iter().filter(|&&m| !tempting(m)) {
        let floor = best_of(&tried, goal);
        let reaches = search
            .reaches_after(to_play, first, floor, goal)
            .map_err(Unsolvable::TooBig)?;
        if reaches != Some(true) {
            continue;
        }
        // Nothing is better than the goal's own status: no need to read it again.
        let status = if floor == Status::best_for(goal) {
            Some(floor)
        } else {
            search
                .status_after(to_play, first)
                .map_err(Unsolvable::TooBig)?
        };
        if let Some(status) = status {
            tried.push((first, status));
        }
    }
    tried.sort_by_key(|(first, _)| candidates.iter().position(|m| m == first));
    let best = best_of(&tried, goal);
    let mut accepted = Vec::new();
    let mut refuted = Vec::new();
    for &(first, status) in &tried {
        let wanted = status == best && best.reaches(goal);
        if !wanted && !tempting(first) {
            continue;
        }
        let (line, ko_threat) = search
            .line(to_play, first, status, !wanted)
            .map_err(Unsolvable::TooBig)?;
        let entry = Tried {
            first: real_move(first),
            status,
            line: match window {
                Some(w) => w.real_line(line),
                None => line,
            },
            ko_threat: ko_threat.filter(|_| status == Status::Ko),
        };
        if wanted {
            accepted.push(entry);
        } else {
            refuted.push(entry);
        }
    }
    Ok(Solution {
        status: best,
        accepted,
        refuted,
        region,
        nodes: search.nodes(),
    })
}

/// [`solve`], read once more where the proof in the default region disagrees with a source:
/// when it refutes a first move the source marks `correct` (or leaves it outside the region),
/// or accepts one it marks `wrong`, the problem is read again with the region one point wider
/// where a line that disagrees meets its rim (a point of the line, next to it, or a liberty of
/// a stone next to it; or round a correct move outside the region), a point more each time,
/// the points before it kept, and the first wider proof that disagrees with the source less is
/// kept. The rim of the default region can be the frame's doing rather than the problem's (a
/// frame stone puts in atari a stone the open board leaves a liberty, and a fight on the rim
/// becomes a ko); both are proofs, and the wider one assumes less. A region the question names is read as named.
/// The readings share `budget`; one past what is left keeps the proof before it.
pub fn solve_against(
    game: &Game,
    question: &Question,
    (correct, wrong): (&[Point], &[Point]),
    budget: Budget,
) -> Result<Solution, Unsolvable> {
    let tries: Vec<Point> = correct.iter().chain(wrong).copied().collect();
    let narrow = solve(game, question, &tries, budget)?;
    let disagreements = |s: &Solution| {
        let accepted = |p: Point| s.accepted.iter().any(|a| a.first == Move::Play(p));
        correct.iter().filter(|&&p| !accepted(p)).count()
            + wrong.iter().filter(|&&p| accepted(p)).count()
    };
    let before = disagreements(&narrow);
    if before == 0 || !question.region.is_empty() {
        return Ok(narrow);
    }
    // The lines that disagree: the refutations of the correct moves, the wrong moves' proofs.
    let along: Vec<Point> = narrow
        .refuted
        .iter()
        .filter(|r| matches!(r.first, Move::Play(p) if correct.contains(&p)))
        .chain(
            narrow
                .accepted
                .iter()
                .filter(|a| matches!(a.first, Move::Play(p) if wrong.contains(&p))),
        )
        .flat_map(|t| t.line.iter())
        .filter_map(|&(_, mv)| match mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        })
        .chain(correct.iter().copied())
        .collect();
    // One frame point at a time, in the order the lines meet them, each kept for the next
    // reading (a fight on the rim can need two or three of them open): a whole new ring of
    // points can make the problem too big to read.
    let mut spent = narrow.nodes;
    let mut wider = question.clone();
    wider.region = narrow.region.clone();
    for point in region::rim(game.board(), &narrow.region, &along)
        .into_iter()
        .take(MOST_RIM_POINTS)
    {
        wider.region.push(point);
        wider.region.sort_unstable();
        // The readings share the budget: what the others left is the next one's.
        let left = Budget {
            nodes: budget.nodes.saturating_sub(spent),
        };
        match solve(game, &wider, &tries, left) {
            Ok(mut wide) if disagreements(&wide) < before => {
                wide.nodes += spent;
                return Ok(wide);
            }
            Ok(wide) => spent += wide.nodes,
            Err(Unsolvable::TooBig(_)) => break,
            Err(_) => {}
        }
    }
    Ok(Solution {
        nodes: spent,
        ..narrow
    })
}

/// How many frame points [`solve_against`] tries moving out, one at a time.
const MOST_RIM_POINTS: usize = 4;

/// The best status among `tried` for the side whose goal is `goal`; the worst when none.
fn best_of(tried: &[(Move, Status)], goal: Goal) -> Status {
    tried
        .iter()
        .map(|&(_, s)| s)
        .max_by_key(|s| s.worth(goal))
        .unwrap_or(match goal {
            Goal::Kill => Status::Alive,
            Goal::Live => Status::Dead,
        })
}

/// Whether `color`'s chain through `target` is unconditionally alive on the game's board
/// (Benson's algorithm): for checking a proven line's final position.
pub fn unconditionally_alive(game: &Game, target: Point) -> bool {
    let board = game.board();
    match board.stone(target) {
        Some(color) => benson::alive(board, color, board.cell_of_point(target)),
        None => false,
    }
}

/// The side that attacks in a problem whose side to play is `to_play` and goal is `goal`.
pub fn attacker(goal: Goal, to_play: Color) -> Color {
    match goal {
        Goal::Kill => to_play,
        Goal::Live => to_play.opponent(),
    }
}

#[cfg(test)]
mod tests;
