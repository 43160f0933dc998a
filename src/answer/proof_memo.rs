//! Life-and-death proofs already read in this run: import answers each problem, then checks the
//! kit it wrote as `check` would, and the check asks the same questions again. A proof is
//! reused only for the very same question (stones, side to play, rules, group, region, the
//! source's moves) read under the very same budget, so it is the proof the search would find
//! again: the search is deterministic. Nothing is kept past the run, so no stale proof can
//! reach a kit.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::rules::life_death::{self, Question, Solution, Unsolvable};
use crate::rules::reading::Budget;
use crate::rules::{Color, Game, Point};

/// Everything a proof depends on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Asked {
    size: u8,
    stones: Vec<(Point, Color)>,
    to_play: Color,
    /// The rules, as their debug text: they hold a komi, which is no `Hash`.
    rules: String,
    question: Question,
    correct: Vec<Point>,
    wrong: Vec<Point>,
    budget: u64,
}

/// The proofs one run has read, shared by its threads.
#[derive(Debug, Default)]
pub struct ProofMemo {
    proofs: Mutex<HashMap<Asked, Solution>>,
}

impl ProofMemo {
    /// [`life_death::solve_against`], or the proof this run already read for the same
    /// question under the same budget. A refusal is not kept: it is cheap to meet again and
    /// rare.
    pub fn solve_against(
        &self,
        game: &Game,
        question: &Question,
        (correct, wrong): (&[Point], &[Point]),
        budget: Budget,
    ) -> Result<Solution, Unsolvable> {
        let board = game.board();
        let size = board.size();
        let asked = Asked {
            size: size.get(),
            stones: size
                .all_points()
                .filter_map(|p| board.stone(p).map(|c| (p, c)))
                .collect(),
            to_play: game.to_play(),
            rules: format!("{:?}", game.rules()),
            question: question.clone(),
            correct: correct.to_vec(),
            wrong: wrong.to_vec(),
            budget: budget.nodes,
        };
        if let Some(known) = self.known(&asked) {
            return Ok(known);
        }
        let proof = life_death::solve_against(game, question, (correct, wrong), budget);
        if let Ok(solution) = &proof
            && let Ok(mut proofs) = self.proofs.lock()
        {
            proofs.insert(asked, solution.clone());
        }
        proof
    }

    fn known(&self, asked: &Asked) -> Option<Solution> {
        self.proofs.lock().ok()?.get(asked).cloned()
    }

    /// How many proofs are kept.
    pub fn len(&self) -> usize {
        self.proofs.lock().map_or(0, |p| p.len())
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram;
    use crate::rules::life_death::Goal;
    use crate::rules::ruleset::Rules;

    /// White's straight three A9 B9 C9 under Black's wall, Black to kill at B9.
    fn straight_three() -> (Game, Question) {
        let rows = "
...XO....
OOOXO....
XXXXO....
OOOO.....
.........
.........
.........
.........
.........";
        let board = diagram::parse(rows).expect("diagram");
        let game = Game::new(board, Color::Black, Rules::default());
        let question = Question {
            goal: Goal::Kill,
            target: Point::parse("A8", game.board().size()).expect("point"),
            region: Vec::new(),
        };
        (game, question)
    }

    #[test]
    fn the_same_question_under_the_same_budget_is_proven_once() {
        let (game, question) = straight_three();
        let memo = ProofMemo::default();
        let budget = Budget::default();
        let first = memo.solve_against(&game, &question, (&[], &[]), budget);
        let again = memo.solve_against(&game, &question, (&[], &[]), budget);
        assert_eq!(first, again);
        assert_eq!(memo.len(), 1);
        assert_eq!(
            first,
            life_death::solve_against(&game, &question, (&[], &[]), budget)
        );
        // Another budget, or other source moves, is another question: read afresh.
        let smaller = Budget { nodes: 1_000_000 };
        memo.solve_against(&game, &question, (&[], &[]), smaller)
            .expect("solved");
        let a1 = Point::parse("A1", game.board().size()).expect("point");
        memo.solve_against(&game, &question, (&[a1], &[]), budget)
            .expect("solved");
        assert_eq!(memo.len(), 3);
    }
}
