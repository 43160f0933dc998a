//! The reading a whole kit may cost: each question has its own budget (`Budget::default`), and
//! the kit's questions together share one more, so that a short kit of several open questions
//! is refused in seconds rather than costing each question's budget in turn.

use super::ProofMemo;
use crate::rules::Game;
use crate::rules::life_death::{self, Question, Unsolvable};
use crate::rules::point::Point;
use crate::rules::reading::{Budget, Solution, TooBig, Unreadable};

/// Positions all of one kit's reading questions may visit together: four questions each at
/// the edge of its own budget are refused after about a third of them. A kit's real problems
/// need far less: the hardest beginners' problem of the bench about 105,000 positions.
pub const KIT_NODES: u64 = 1_000_000;

/// What each example adds to a large kit's reading budget: at least what import reads for one
/// problem's question (800,000 positions a group), so that a book import proves is never
/// refused by its own `check`. Cho Chikun's Elementary book keyed reads 144,000 positions a
/// problem on average; at 250,000 a problem, his Intermediate book, whose problems need more,
/// ran out before its last hundred.
pub const EXAMPLE_SHARE: u64 = 1_000_000;

/// How many examples share [`KIT_NODES`] alone: four open questions (the adversary's 497-byte
/// kit) are refused within the kit's million, not four millions.
pub const SMALL_KIT: usize = 4;

/// What is left of a kit's reading budget as its examples are answered in turn.
#[derive(Debug, Clone)]
pub struct ReadingAllowance<'m> {
    left: u64,
    /// Proofs this run already read, to reuse.
    memo: Option<&'m ProofMemo>,
}

impl<'m> ReadingAllowance<'m> {
    /// The budget of a whole kit.
    pub fn for_kit() -> Self {
        ReadingAllowance {
            left: KIT_NODES,
            memo: None,
        }
    }

    /// The budget of a kit of `examples` examples: [`KIT_NODES`], or [`EXAMPLE_SHARE`] for
    /// each example past the first [`SMALL_KIT`] when that is more, so that a problem book of
    /// hundreds of proven problems is read whole while a short kit of open questions is still
    /// refused in seconds.
    pub fn for_examples(examples: usize) -> Self {
        let past = examples.saturating_sub(SMALL_KIT) as u64;
        ReadingAllowance {
            left: KIT_NODES.max(EXAMPLE_SHARE.saturating_mul(past)),
            memo: None,
        }
    }

    /// A budget of `nodes` positions to share.
    pub fn of(nodes: u64) -> Self {
        ReadingAllowance {
            left: nodes,
            memo: None,
        }
    }

    /// The budget of one example read alone: its question's own.
    pub fn for_example() -> Self {
        ReadingAllowance {
            left: Budget::default().nodes,
            memo: None,
        }
    }

    /// The same allowance, reusing the proofs `memo` holds and keeping new ones there.
    pub fn reusing(self, memo: Option<&'m ProofMemo>) -> Self {
        ReadingAllowance { memo, ..self }
    }

    /// [`life_death::solve_against`] under `budget`, or the proof the memo holds for it.
    pub fn solve_life_death(
        &self,
        game: &Game,
        question: &Question,
        moves: (&[Point], &[Point]),
        budget: Budget,
    ) -> Result<life_death::Solution, Unsolvable> {
        match self.memo {
            Some(memo) => memo.solve_against(game, question, moves, budget),
            None => life_death::solve_against(game, question, moves, budget),
        }
    }

    /// The budget the next question gets: its own, or what is left of the kit's if less.
    pub fn next(&self) -> Budget {
        Budget {
            nodes: Budget::default().nodes.min(self.left),
        }
    }

    /// Takes what a question read under `budget` cost from what is left, and marks a question
    /// refused for want of the kit's budget rather than its own as such (`TooBig::shared`).
    pub fn spend(
        &mut self,
        budget: Budget,
        proof: Result<Solution, Unreadable>,
    ) -> Result<Solution, Unreadable> {
        let spent = match &proof {
            Ok(solution) => solution.nodes,
            Err(Unreadable::TooBig(too_big)) => too_big.nodes,
            Err(_) => 0,
        };
        self.left = self.left.saturating_sub(spent);
        match proof {
            Err(Unreadable::TooBig(too_big)) if budget.nodes < Budget::default().nodes => {
                Err(Unreadable::TooBig(TooBig {
                    shared: true,
                    ..too_big
                }))
            }
            other => other,
        }
    }

    /// [`ReadingAllowance::spend`] for a life-and-death proof: the two kinds of question share
    /// one kit's budget.
    pub fn spend_life_death(
        &mut self,
        budget: Budget,
        proof: Result<life_death::Solution, Unsolvable>,
    ) -> Result<life_death::Solution, Unsolvable> {
        let spent = match &proof {
            Ok(solution) => solution.nodes,
            Err(Unsolvable::TooBig(too_big)) => too_big.nodes,
            Err(_) => 0,
        };
        self.left = self.left.saturating_sub(spent);
        match proof {
            Err(Unsolvable::TooBig(too_big)) if budget.nodes < Budget::default().nodes => {
                Err(Unsolvable::TooBig(TooBig {
                    shared: true,
                    ..too_big
                }))
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_kit_keeps_the_kit_budget_and_a_book_gets_a_share_per_problem() {
        // Four open questions (the adversary's 497-byte kit) share the kit's million.
        assert_eq!(ReadingAllowance::for_examples(4).left, KIT_NODES);
        // A 900-problem book gets a share for each problem.
        assert_eq!(
            ReadingAllowance::for_examples(900).left,
            896 * EXAMPLE_SHARE
        );
    }

    #[test]
    fn what_one_question_spends_the_next_does_not_get() {
        let mut kit = ReadingAllowance::for_kit();
        let first = kit.next();
        assert_eq!(first.nodes, KIT_NODES.min(Budget::default().nodes));
        let refused = Err(Unreadable::TooBig(TooBig {
            nodes: first.nodes,
            shared: false,
        }));
        let proof = kit.spend(first, refused);
        // The first question had its whole budget: KIT_NODES is less, so it was the kit's.
        assert_eq!(
            proof,
            Err(Unreadable::TooBig(TooBig {
                nodes: first.nodes,
                shared: KIT_NODES < Budget::default().nodes,
            }))
        );
        assert_eq!(kit.next().nodes, 0);
        let alone = ReadingAllowance::for_example();
        assert_eq!(alone.next(), Budget::default());
    }

    /// Three copies of one problem under a budget for two and a half: the first two are
    /// proven, the third runs out of what is left (a share: `shared`), and a fourth gets none.
    #[test]
    fn a_kits_questions_share_one_budget() {
        use crate::answer::{Answer, answer_example, answer_example_within};
        let problem = "[[example]]\nposition = \"white C3 D3; black B3 C2 D2 E3\"\nto_play = \"black\"\ntask = \"capture\"\ngroup = \"C3\"\nwithin = 3\n";
        let source = format!(
            "[kit]\ntitle = \"t\"\n[rules]\nboard = 5\n{}",
            problem.repeat(4)
        );
        let kit = crate::kit::load(&source).unwrap();
        let proof = |answer: crate::answer::ExampleAnswer| match answer.answer {
            Answer::Reading { proof, .. } => proof,
            _ => panic!("a reading answer"),
        };
        let one = proof(answer_example(&kit.rules, &kit.examples[0]))
            .unwrap()
            .nodes;
        assert!(one > 10, "{one}");
        let mut kit_budget = ReadingAllowance::of(one * 5 / 2);
        let proofs: Vec<_> = kit
            .examples
            .iter()
            .map(|e| proof(answer_example_within(&kit.rules, e, &mut kit_budget)))
            .collect();
        assert_eq!(proofs[0].as_ref().map(|s| s.nodes), Ok(one));
        assert_eq!(proofs[1].as_ref().map(|s| s.nodes), Ok(one));
        assert_eq!(
            proofs[2],
            Err(Unreadable::TooBig(TooBig {
                nodes: one / 2,
                shared: true
            }))
        );
        assert_eq!(
            proofs[3],
            Err(Unreadable::TooBig(TooBig {
                nodes: 0,
                shared: true
            }))
        );
    }
}
