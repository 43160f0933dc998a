//! Answers that are not points, stated in words: a chain's count of liberties (`3 liberties`,
//! `Answer: 3`, `呼吸点は3つ`), a `legal` question's verdict (`Answer: illegal`, `A1 would be
//! illegal`, `A1: not legal`, `Answer: suicide`) and a score's result (`W+2.5`, `White+2.5`,
//! `White wins`, `Winner: White`, `B+R`, `白の2目半勝ち`, `Result: jigo`). The host key's own
//! sentences are found as phrases ([`super::firewall`]); these are the shorter ways an author
//! writes the same answer, which hold no point of it to find.
//!
//! Text is read folded ([`super::fold`]) as a row of known words (answer words, liberty words,
//! verdicts, colours, numbers) and the gaps between them. Two words state an answer only when
//! what lies between them is a few filler words or marks (`:`, `is`, `は`), never a whole
//! clause, and only in a sentence that is not a question: `How many liberties does the white
//! group have?` and `Is A1 legal?` ask, `Answer: 3` and `A1 is not legal.` tell.

mod statements;
mod vocabulary;

use std::collections::HashMap;

use super::Answer;
use crate::rules::{Color, IllegalMove, Point};

pub use statements::stated;
use vocabulary::Why;
pub use vocabulary::searchable;

/// An answer that is no point: what a text may not state.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// A chain's number of liberties.
    Count(usize),
    /// Whether the move asked about is legal, and why not.
    Legal {
        /// The move asked about.
        point: Point,
        /// Whether it is legal.
        legal: bool,
        /// Why it is not, when it is not.
        reason: Option<IllegalMove>,
        /// It is a suicide the rules allow.
        suicide: bool,
    },
    /// Who wins a counted position, and by how much; `None` for a draw.
    Result {
        /// The winner.
        winner: Option<Color>,
        /// The difference between the totals.
        margin: f64,
    },
}

impl Verdict {
    /// The answer of `answer` that holds no point, if any.
    pub fn of(answer: &Answer) -> Option<Verdict> {
        match answer {
            Answer::Liberties { liberties, .. } => Some(Verdict::Count(liberties.len())),
            Answer::Legal {
                point,
                reason,
                suicided,
                ..
            } => Some(Verdict::Legal {
                point: *point,
                legal: reason.is_none(),
                reason: *reason,
                suicide: !suicided.is_empty(),
            }),
            Answer::Score(score) => Some(Verdict::Result {
                winner: score.winner,
                margin: score.margin,
            }),
            _ => None,
        }
    }

    /// The answer in a few English words, for a message (`3 liberties`, `A1 is illegal`,
    /// `W+2.5`).
    pub fn phrase(&self) -> String {
        match self {
            Verdict::Count(1) => "1 liberty".to_string(),
            Verdict::Count(n) => format!("{n} liberties"),
            Verdict::Legal { point, legal, .. } => {
                format!("{point} is {}", if *legal { "legal" } else { "illegal" })
            }
            Verdict::Result {
                winner: Some(color),
                margin,
            } => {
                let side = if *color == Color::Black { "B" } else { "W" };
                format!("{side}+{}", crate::wording::number(*margin))
            }
            Verdict::Result { winner: None, .. } => "a draw".to_string(),
        }
    }
}

/// What a text states: an answer that is no point, with where (folded bytes).
#[derive(Debug, Clone, PartialEq)]
pub enum Stated {
    /// A number given as the answer or as a count of liberties.
    Value {
        /// The number.
        value: f64,
        /// Said of liberties, not only as an answer.
        liberties: bool,
    },
    /// A move's verdict, of the point written beside it if any.
    Legal {
        /// The point it is said of; `None` when said as the answer alone (`Answer: illegal`).
        point: Option<Point>,
        /// Legal or not.
        legal: bool,
    },
    /// Why a move is illegal, as the answer.
    Reason(ReasonWord),
    /// Who wins, and by how much when said with the margin.
    Winner {
        /// The winner, `None` for a draw.
        winner: Option<Color>,
        /// The margin said with it (`White by 2.5`), when that is what names the winner.
        margin: Option<f64>,
    },
}

/// A reason for a move to be illegal, as a text names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReasonWord(pub(super) Why);

impl Stated {
    /// Whether this statement is `verdict`, the answer.
    pub fn states(&self, verdict: &Verdict) -> bool {
        match (self, verdict) {
            (Stated::Value { value, .. }, Verdict::Count(n)) => *value == *n as f64,
            (
                Stated::Value {
                    value,
                    liberties: false,
                },
                Verdict::Result {
                    winner: Some(_),
                    margin,
                },
            ) => value == margin,
            (
                Stated::Legal { point, legal },
                Verdict::Legal {
                    point: asked,
                    legal: is,
                    ..
                },
            ) => legal == is && point.is_none_or(|p| p == *asked),
            (
                Stated::Reason(ReasonWord(why)),
                Verdict::Legal {
                    reason, suicide, ..
                },
            ) => match why {
                Why::Suicide => *reason == Some(IllegalMove::Suicide) || *suicide,
                Why::Occupied => *reason == Some(IllegalMove::Occupied),
                Why::Ko => *reason == Some(IllegalMove::Superko),
            },
            (
                Stated::Winner {
                    winner,
                    margin: said,
                },
                Verdict::Result {
                    winner: wins,
                    margin,
                },
            ) => winner == wins && said.is_none_or(|m| m == *margin),
            _ => false,
        }
    }
}

/// Values of verdicts, looked up by what a text states.
#[derive(Debug, Clone, Default)]
pub struct Index {
    /// Each verdict, with the giveaway it is.
    pub verdicts: Vec<(Verdict, usize)>,
    /// By count of liberties (or a whole margin): the verdicts it may state.
    by_value: HashMap<u64, Vec<usize>>,
}

impl Index {
    /// Adds `verdict`, the giveaway `giveaway`.
    pub fn push(&mut self, verdict: Verdict, giveaway: usize) {
        let value = match &verdict {
            Verdict::Count(n) => Some(*n as f64),
            Verdict::Result {
                winner: Some(_),
                margin,
            } => Some(*margin),
            _ => None,
        };
        if let Some(value) = value {
            self.by_value
                .entry(value.to_bits())
                .or_default()
                .push(self.verdicts.len());
        }
        self.verdicts.push((verdict, giveaway));
    }

    /// The giveaways `stated` is, each once.
    pub fn giveaways_of(&self, stated: &Stated) -> Vec<usize> {
        let candidates: Box<dyn Iterator<Item = usize>> = match stated {
            // Looked up, not scanned: a kit of thousands of examples has many counts.
            Stated::Value { value, .. } => Box::new(
                self.by_value
                    .get(&value.to_bits())
                    .into_iter()
                    .flatten()
                    .copied(),
            ),
            _ => Box::new(0..self.verdicts.len()),
        };
        candidates
            .filter(|&i| stated.states(&self.verdicts[i].0))
            .map(|i| self.verdicts[i].1)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::fold::fold;

    fn said(text: &str) -> Vec<Stated> {
        let folded = fold(text);
        stated(&folded, text, None)
            .into_iter()
            .map(|(s, _)| s)
            .collect()
    }

    #[test]
    fn counts_said_as_answers_or_of_liberties_are_found() {
        for text in [
            "Answer: 3 liberties",
            "Hint: it has 3 liberties",
            "Answer: 3",
            "three liberties",
            "呼吸点は3つ",
            "呼吸点は三か所",
            "Réponse : 3",
            "3 libertés",
            "3が正解",
        ] {
            assert!(
                said(text).iter().any(|s| s.states(&Verdict::Count(3))),
                "{text}: {:?}",
                said(text)
            );
        }
    }

    #[test]
    fn questions_and_other_numbers_state_no_count() {
        for text in [
            "How many liberties does the white group have?",
            "Does it have 3 liberties?",
            "Identify the remaining liberties of the White group at C3",
            "Group liberties\n1\n2\n3",
            "Answer in 3 moves",
            "呼吸点はいくつですか？",
            "Une liberté est une intersection vide",
            "C3 liberties",
        ] {
            assert!(
                !said(text)
                    .iter()
                    .any(|s| s.states(&Verdict::Count(3)) || s.states(&Verdict::Count(1))),
                "{text}: {:?}",
                said(text)
            );
        }
    }

    #[test]
    fn results_in_their_usual_spellings_are_found() {
        let white = Verdict::Result {
            winner: Some(Color::White),
            margin: 2.5,
        };
        for text in [
            "Result: W+2.5",
            "W+2.5",
            "White+2.5",
            "W + R",
            "White wins by 2.5",
            "White won",
            "Black loses",
            "Winner: White",
            "Answer: White",
            "White by 2.5",
            "白の2目半勝ち",
            "Blanc gagne de 2,5",
            "Résultat : 2,5 points",
        ] {
            assert!(
                said(text).iter().any(|s| s.states(&white)),
                "{text}: {:?}",
                said(text)
            );
        }
        for text in [
            "Who wins?",
            "Is it W+2.5?",
            "Count White + Black stones",
            "Black wins by 2.5",
            "Answer: Black C4",
            "The higher score wins; equal scores draw.",
        ] {
            assert!(
                !said(text).iter().any(|s| s.states(&white)),
                "{text}: {:?}",
                said(text)
            );
        }
    }

    #[test]
    fn a_legal_verdict_said_as_the_answer_is_found_and_a_question_is_not() {
        let illegal = Verdict::Legal {
            point: Point::new(0, 0),
            legal: false,
            reason: Some(IllegalMove::Suicide),
            suicide: false,
        };
        for text in [
            "Answer: illegal",
            "Answer: not legal",
            "Answer: no",
            "Solution: suicide",
        ] {
            assert!(
                said(text).iter().any(|s| s.states(&illegal)),
                "{text}: {:?}",
                said(text)
            );
        }
        for text in [
            "Is A1 legal?",
            "Answer: legal",
            "the move is illegal and must be undone",
        ] {
            assert!(
                !said(text).iter().any(|s| s.states(&illegal)),
                "{text}: {:?}",
                said(text)
            );
        }
    }
}
