//! The life-and-death question a problem teaches, found from its correct first move: which
//! group is at stake and whether the side to play kills it or makes it live.
//!
//! A collection gives a position, the side to play and its answer, rarely the question: Cho
//! Chikun's books say "Elementary", goproblems' files say nothing. The question is the one
//! whose proof the answer is: the side to play kills an opposing group the correct first move
//! attacks, or makes its own threatened group live. [`find_question`] proves each candidate
//! near that move and keeps the one whose proof agrees best with the collection.

use super::{Goal, Question, Solution, Status, Unsolvable, region, solve};
use crate::rules::board::Board;
use crate::rules::game::Game;
use crate::rules::point::{Color, Move, Point};
use crate::rules::reading::Budget;

/// How far from the correct first move, in empty points, a chain may start to be a candidate:
/// the move touches its liberties or the empty points next to them (a placement inside an
/// eye space, a hane at its edge, a descent one line away).
const NEAR: u8 = 2;

/// The most candidates proven for one problem: the nearest and most enclosed first, so the
/// one the problem is about is nearly always among them, and a problem too big to prove costs
/// at most this many budgets.
const MOST_CANDIDATES: usize = 6;

/// A group the correct first move may be about, and the goal it would be.
#[derive(Debug, Clone)]
struct Candidate {
    goal: Goal,
    target: Point,
    /// The default region of the question (see [`region::around_group`]), sorted.
    region: Vec<Point>,
    /// Empty points from the correct first move to the chain (0: the move touches it).
    distance: u8,
}

/// The questions [`find_question`] proves for the collection's `correct_first` move, in the
/// order it proves them (see there): for a caller that reports what was tried. Each has the
/// default region (empty: the solver works it out, and the kit says so).
pub fn candidate_questions(
    game: &Game,
    correct_first: Point,
    stated: Option<Goal>,
) -> Vec<Question> {
    let mut candidates = candidates(game.board(), game.to_play(), correct_first);
    // Stable: the stated goal's candidates first, each kind in region-size order.
    candidates.sort_by_key(|c| {
        (
            stated.is_some_and(|g| g != c.goal),
            c.region.len(),
            c.distance,
        )
    });
    candidates.truncate(MOST_CANDIDATES);
    candidates
        .into_iter()
        .map(|c| Question {
            goal: c.goal,
            target: c.target,
            region: Vec::new(),
        })
        .collect()
}

/// How a candidate's proof agrees with the collection, compared field by field in order (the
/// order of the fields is the order of preference; see [`find_question`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Agreement {
    /// The proof accepts the correct first move, with a status reaching the goal.
    accepts: bool,
    /// The goal is the one the problem's words state (or they state none).
    stated: bool,
    /// Passing does not reach the goal: the question asks for something (a group already
    /// alive, or already dead, teaches nothing).
    sharp: bool,
    /// Some first move reaches the goal.
    solvable: bool,
    /// The collection's wrong first moves the proof refutes, less those it accepts.
    refutes: i64,
    /// How near the correct first move's own status comes to the goal (for an erratum: a ko
    /// the collection calls a kill is nearer than life).
    correct_worth: u8,
    /// Fewer accepted first moves: the sharper question.
    fewer_accepted: std::cmp::Reverse<usize>,
    /// A smaller region: the enclosed group rather than the wall around it.
    smaller_region: std::cmp::Reverse<usize>,
    /// Earlier among the candidates (nearer the move).
    earlier: std::cmp::Reverse<usize>,
}

/// The life-and-death question `game`'s position teaches, proven: the side to play kills an
/// opposing group or makes its own group live, as the collection's `correct_first` move
/// shows, and `wrong_firsts` (the moves it marks wrong) fail.
///
/// The candidates are the chains near `correct_first`: every chain whose liberties it is, or whose
/// liberties lie within two empty points of it. An opposing chain gives a kill, one of the side to
/// play a life; a candidate counts only when its default region ([`region::around_group`]) holds
/// `correct_first`, since the solver plays nowhere else. They are proven in order: those of the
/// `stated` goal first (the problem's own words), then the smaller region first (the enclosed
/// group, not the wall around it), then the nearer; at most six of them, `correct_first` and
/// `wrong_firsts` passed as tries so that the proof says what each leads to. Each is read first
/// within a sixteenth of `budget`, then those not proven so within the whole `budget` (so a problem
/// costs at most six budgets and a sixteenth). A candidate whose default region leaves the frame
/// around it capturable (`Unsolvable::OpenFrame`: the region stops one point short of another chain
/// of the group) is read with that region widened by the open frame points, one at a time, up to
/// eight; its question then names the widened region.
///
/// Of the proven candidates the one kept is, in this order of preference: one whose proof
/// accepts `correct_first` with a status reaching its goal; of the stated goal; *sharp*
/// (passing does not reach the goal: a group already alive or already dead is no question);
/// solvable (some first move reaches the goal); refuting the most wrong first moves less those
/// it accepts; whose `correct_first` comes nearest the goal; with the fewest accepted first
/// moves; the smallest region; the earliest. The search stops at the first candidate that
/// accepts `correct_first`, is of the stated goal, sharp, refutes every wrong first move and
/// accepts none: no later one can be preferred but by the last three ties.
///
/// When no candidate accepts `correct_first` and every candidate was proven, the best of them
/// is still returned, its solution saying what `correct_first` leads to (among `refuted`): the
/// caller reports the disagreement as an erratum. When some candidate could not be proven,
/// `None` instead: that one may be the question the move answers. Its goal may differ from `stated` when no candidate of the
/// stated goal accepts `correct_first` and one of the other goal does: the caller reports that
/// too. `None` when no candidate is proven within the budget (or none is near the move): the
/// question is never guessed.
pub fn find_question(
    game: &Game,
    correct_first: Point,
    wrong_firsts: &[Point],
    stated: Option<Goal>,
    budget: Budget,
) -> Option<(Question, Solution)> {
    let mut candidates: Vec<(Question, bool)> = candidate_questions(game, correct_first, stated)
        .into_iter()
        .map(|q| (q, false))
        .collect();
    let mut tries = wrong_firsts.to_vec();
    tries.push(correct_first);
    let mut best: Option<(Agreement, Question, Solution)> = None;
    // A first round with a sixteenth of the budget, then the full budget for those it could
    // not prove: the question is usually the cheap one, and a wall's or a far group's reading
    // that runs out of budget then costs a sixteenth, not a whole budget, before the search
    // stops at a perfect candidate.
    let first_round = Budget {
        nodes: (budget.nodes / 16).max(1),
    };
    for round in [first_round, budget] {
        for (index, (question, proven)) in candidates.iter_mut().enumerate() {
            if *proven {
                continue;
            }
            let (question_read, result) = solved(game, question, &tries, round);
            let Some(solution) = result else {
                continue;
            };
            *proven = true;
            *question = question_read;
            let agreement = agreement(
                question,
                &solution,
                correct_first,
                wrong_firsts,
                stated,
                index,
            );
            let perfect = agreement.accepts
                && agreement.stated
                && agreement.sharp
                && agreement.refutes == wrong_firsts.len() as i64;
            if best.as_ref().is_none_or(|(a, _, _)| agreement > *a) {
                best = Some((agreement, question.clone(), solution));
            }
            if perfect {
                return best.map(|(_, question, solution)| (question, solution));
            }
        }
        if round.nodes >= budget.nodes {
            break;
        }
    }
    // A candidate that does not accept the move is kept only when every candidate was proven:
    // one that ran out of budget may be the question the move answers, and a "failing"
    // answer reported then would be an invented erratum.
    let all_proven = candidates.iter().all(|&(_, proven)| proven);
    best.filter(|(a, _, _)| a.accepts || all_proven)
        .map(|(_, question, solution)| (question, solution))
}

/// How many points the default region may be widened by, one open frame point at a time.
const MOST_WIDENINGS: usize = 8;

/// `question` solved within `budget`, and the question as solved: with the default region,
/// or, when the frame around the default region could be captured (a frame point with no
/// liberty outside it: the default region stops one point short of a stone of the group, say),
/// with that region widened by the open frame points until the frame holds. `None` when it
/// cannot be solved within the budget.
fn solved(
    game: &Game,
    question: &Question,
    tries: &[Point],
    budget: Budget,
) -> (Question, Option<Solution>) {
    let mut question = question.clone();
    for _ in 0..=MOST_WIDENINGS {
        match solve(game, &question, tries, budget) {
            Ok(solution) => return (question, Some(solution)),
            Err(Unsolvable::OpenFrame(p)) => {
                let Some(color) = game.board().stone(question.target) else {
                    break;
                };
                if question.region.is_empty() {
                    question.region = region::around_group(game.board(), color, question.target);
                }
                question.region.push(p);
                question.region.sort_unstable();
            }
            Err(_) => break,
        }
    }
    (question, None)
}

/// How `solution` of `question` agrees with the collection (see [`Agreement`]).
fn agreement(
    question: &Question,
    solution: &Solution,
    correct_first: Point,
    wrong_firsts: &[Point],
    stated: Option<Goal>,
    index: usize,
) -> Agreement {
    let goal = question.goal;
    let accepted = |p: Point| solution.accepted.iter().any(|t| t.first == Move::Play(p));
    let refuted = |p: Point| solution.refuted.iter().any(|t| t.first == Move::Play(p));
    let reaches = solution.status.reaches(goal);
    let accepts = reaches && accepted(correct_first);
    let correct_status = if accepts {
        Some(solution.status)
    } else {
        solution
            .refuted
            .iter()
            .find(|t| t.first == Move::Play(correct_first))
            .map(|t| t.status)
    };
    let refutes = wrong_firsts.iter().filter(|&&p| refuted(p)).count() as i64
        - wrong_firsts.iter().filter(|&&p| accepted(p)).count() as i64;
    Agreement {
        accepts,
        stated: stated.is_none_or(|g| g == goal),
        sharp: !solution.accepted.iter().any(|t| t.first == Move::Pass),
        solvable: reaches,
        refutes,
        correct_worth: correct_status.map_or(0, |s| worth(s, goal) + 1),
        fewer_accepted: std::cmp::Reverse(solution.accepted.len()),
        smaller_region: std::cmp::Reverse(solution.region.len()),
        earlier: std::cmp::Reverse(index),
    }
}

/// How good `status` is for `goal`'s side, higher better (as the solver ranks it).
fn worth(status: Status, goal: Goal) -> u8 {
    let rank = match status {
        Status::Dead => 0,
        Status::Ko => 1,
        Status::Seki => 2,
        Status::Alive => 3,
    };
    match goal {
        Goal::Live => rank,
        Goal::Kill => 3 - rank,
    }
}

/// The chains near `first` (see [`find_question`]) whose default region holds it, each once,
/// with its goal for `to_play`. None when `first` is not an empty point.
fn candidates(board: &Board, to_play: Color, first: Point) -> Vec<Candidate> {
    if !board.is_empty(first) {
        return Vec::new();
    }
    let size = board.size();
    // Breadth first over empty points: each chain met with the fewest empty points between.
    let mut seen = vec![first];
    let mut frontier = vec![first];
    let mut chains: Vec<(Point, Color, u8)> = Vec::new();
    for distance in 0..=NEAR {
        let mut next = Vec::new();
        for &p in &frontier {
            for q in neighbours(p, size) {
                match board.stone(q) {
                    Some(color) => {
                        let Some(chain) = board.chain(q) else {
                            continue;
                        };
                        let head = chain.stones[0];
                        if !chains.iter().any(|&(h, _, _)| h == head) {
                            chains.push((head, color, distance));
                        }
                    }
                    None => {
                        if !seen.contains(&q) {
                            seen.push(q);
                            next.push(q);
                        }
                    }
                }
            }
        }
        frontier = next;
    }
    chains
        .into_iter()
        .filter_map(|(target, color, distance)| {
            let goal = if color == to_play {
                Goal::Live
            } else {
                Goal::Kill
            };
            let region = region::around_group(board, color, target);
            region.binary_search(&first).is_ok().then_some(Candidate {
                goal,
                target,
                region,
                distance,
            })
        })
        .collect()
}

/// The on-board points orthogonally next to `p`.
fn neighbours(p: Point, size: crate::rules::point::BoardSize) -> impl Iterator<Item = Point> {
    let n = size.get();
    let (c, r) = (p.col, p.row);
    [
        (c > 0).then(|| Point::new(c - 1, r)),
        (c + 1 < n).then(|| Point::new(c + 1, r)),
        (r > 0).then(|| Point::new(c, r - 1)),
        (r + 1 < n).then(|| Point::new(c, r + 1)),
    ]
    .into_iter()
    .flatten()
}

#[cfg(test)]
mod tests;
