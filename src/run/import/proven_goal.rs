//! A problem whose correct line ends by capturing becomes the capture question the engine
//! proves: the collection gives the question (which chain, in how many moves), the engine the
//! answer, and every difference between the two is said in the kit.

use crate::record::solution::{FirstMove, Verdict};
use crate::rules::reading::{Budget, Goal, Question, solve};
use crate::rules::{Color, Game, Move, Point, Position, Rules};

/// What import reads per problem before it gives up on a proof: far less than `check`'s
/// budget, so a collection of a thousand problems too big to prove still imports in seconds;
/// what is proven within it is proven within `check`'s too.
const IMPORT_BUDGET: Budget = Budget { nodes: 200_000 };

/// How many more attacker moves than the collection's line the engine may take: the file's
/// defence is not always the longest.
const SLACK: u32 = 2;

/// The capture question a correct line asks, proven.
#[derive(Debug, Clone, PartialEq)]
pub struct ProvenCapture {
    /// A stone of the chain the line captures, in the starting position.
    pub group: Point,
    /// The attacker's moves the engine needed (the line's, or up to two more).
    pub within: u32,
    /// What the kit's comment says: how the question was found, and where the engine and the
    /// collection disagree.
    pub note: String,
}

/// The capture `line` (the collection's correct line, from `board` with `line[0]`'s colour to
/// play) ends with, proven by the engine, or `None` when the line ends with no capture of a
/// stone of the starting position or the engine cannot prove one within its budget.
pub fn proven_capture(
    board: &Position,
    rules: &Rules,
    line: &[(Color, Move)],
    firsts: &[FirstMove],
) -> Option<ProvenCapture> {
    let &(attacker, _) = line.first()?;
    let mut game = Game::new(board.to_board(), attacker, *rules);
    let mut last_capture = Vec::new();
    let mut attacker_moves = 0;
    for &(color, mv) in line {
        let played = game.play(color, mv).ok()?;
        if color == attacker {
            attacker_moves += 1;
        }
        last_capture = if color == attacker {
            played.captured
        } else {
            Vec::new()
        };
    }
    // The line's last move captures, and what it takes stood in the starting position.
    let group = last_capture
        .into_iter()
        .filter(|&p| board.stone(p) == Some(attacker.opponent()))
        .min()?;
    let start = Game::new(board.to_board(), attacker, *rules);
    for within in attacker_moves..=attacker_moves + SLACK {
        let question = Question {
            goal: Goal::Capture,
            target: group,
            within,
        };
        let Ok(solution) = solve(&start, &question, IMPORT_BUDGET) else {
            return None;
        };
        if solution.accepted.is_empty() {
            continue;
        }
        let proven: Vec<Point> = solution.accepted.iter().map(|a| a.point).collect();
        let marked: Vec<Point> = firsts
            .iter()
            .filter(|f| f.verdict == Some(Verdict::Correct) && f.color == attacker)
            .filter_map(|f| match f.mv {
                Move::Play(p) => Some(p),
                Move::Pass => None,
            })
            .collect();
        let mut note = format!(
            "the collection's correct line captures {group} in {attacker_moves} move{}: this asks for that capture within {within}, and the key is the engine's proof",
            if attacker_moves == 1 { "" } else { "s" }
        );
        let also = not_in(&proven, &marked);
        if !also.is_empty() {
            note.push_str(&format!(
                "; the engine also proves {}, which the collection does not mark correct",
                also.join(", ")
            ));
        }
        let refuted = not_in(&marked, &proven);
        if !refuted.is_empty() {
            note.push_str(&format!(
                "; the collection marks {} correct, which does not capture {group} within {within} against every defence",
                refuted.join(", ")
            ));
        }
        return Some(ProvenCapture {
            group,
            within,
            note,
        });
    }
    None
}

/// The points of `these` that `others` does not hold, written out.
fn not_in(these: &[Point], others: &[Point]) -> Vec<String> {
    these
        .iter()
        .filter(|p| !others.contains(p))
        .map(Point::to_string)
        .collect()
}
