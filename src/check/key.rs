//! Each example's stated `key` held against what the rules engine finds. The kit reads a key's
//! form; only here is it compared with the engine's answer.

use crate::answer::{
    Answer, EXAMPLE_SHARE, ExampleAnswer, KIT_READING_NODES, ReadingAllowance, describe, list,
    reading_refutation,
};
use crate::diag::Diagnostic;
use crate::kit::model::{Claim, Example, LegalClaim};
use crate::rules::life_death::Unsolvable;
use crate::rules::reading::{Goal, Solution, Unreadable};
use crate::rules::{Color, Move, Point, Rules};
use crate::wording::Wording;

/// A problem for every example whose key disagrees with the engine's answer (`answers`, one per
/// example, in order), and for every `capture` example with no capturing move and no `key = []`
/// saying that is intended.
pub fn key_problems(
    wording: &Wording,
    rules: &Rules,
    examples: &[Example],
    answers: &[ExampleAnswer],
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    // The lines refuting a kit's wrong reading keys share one kit's reading budget.
    let mut refutations = ReadingAllowance::for_examples(examples.len());
    for (example, answer) in examples.iter().zip(answers) {
        if let Answer::Reading { .. } = &answer.answer {
            problems.extend(reading_problems(rules, example, answer, &mut refutations));
            continue;
        }
        if let Answer::LifeDeath {
            proof: Err(why), ..
        } = &answer.answer
        {
            problems.push(unsolvable(example, why));
            continue;
        }
        // Put in words only for a message: a sound kit's answers are never described here.
        let found = || describe(answer, wording).join("; ");
        let n = example.number;
        let Some(key) = &example.key else {
            if let Answer::Capture { moves } = &answer.answer
                && moves.is_empty()
            {
                problems.push(
                    Diagnostic::at(example.task_span.clone(), format!("example {n}: {}", found()))
                        .with_help("a `capture` example needs a capturing move; add `key = []` if showing that there is none is the point"),
                );
            }
            continue;
        };
        let given = match (&key.claim, &answer.answer) {
            (Claim::Points(points), Answer::Capture { moves }) => {
                let engine: Vec<Point> = moves.iter().map(|m| m.point).collect();
                (points != &engine).then(|| shown(points))
            }
            (Claim::Points(points), Answer::Liberties { liberties, .. }) => {
                (points != liberties).then(|| shown(points))
            }
            (Claim::Points(points), Answer::Sequence { moves, .. }) => {
                let mut engine: Vec<Point> = moves
                    .iter()
                    .flat_map(|m| m.captured.iter().copied())
                    .collect();
                engine.sort();
                (points != &engine).then(|| shown(points))
            }
            (Claim::Legal(claim), Answer::Legal { reason, .. }) => {
                let agrees = match (claim, reason) {
                    (LegalClaim::Legal, None) | (LegalClaim::Illegal, Some(_)) => true,
                    (LegalClaim::Because(stated), Some(found)) => stated == found,
                    _ => false,
                };
                let written = match claim {
                    LegalClaim::Legal => "legal",
                    LegalClaim::Illegal => "illegal",
                    LegalClaim::Because(reason) => reason.name(),
                };
                (!agrees).then(|| format!("`{written}`"))
            }
            (Claim::Winner(winner), Answer::Score(score)) => (*winner != score.winner)
                .then(|| format!("`{}`", winner.map_or("draw", Color::name))),
            // The kit reads each key by the example's own task, the one the answer is for.
            _ => None,
        };
        if let Some(given) = given {
            problems.push(
                Diagnostic::at(
                    key.span.clone(),
                    format!(
                        "example {n}: the key says {given}, but the engine finds: {}",
                        found()
                    ),
                )
                .with_help("correct the key, or the position if the key is what you meant"),
            );
        }
    }
    problems
}

/// Why a reading problem has no proof, at its task: too big for its own budget or for what
/// was left of the kit's, or not a question the search can read. `question` is "whether
/// Black captures white chain C3 within 3 moves".
fn unreadable(example: &Example, why: &Unreadable, question: &str) -> Diagnostic {
    let n = example.number;
    let at = example.task_span.clone();
    match why {
        Unreadable::TooBig(too_big) if too_big.shared && too_big.nodes == 0 => Diagnostic::at(
            at,
            format!("example {n}: not read: the kit's reading budget ran out at an example before it"),
        )
        .with_help("see the example where it ran out, above"),
        Unreadable::TooBig(too_big) if too_big.shared => Diagnostic::at(
            at,
            format!(
                "example {n}: reading {question} ran past what was left of the kit's reading budget ({KIT_READING_NODES} positions, or {EXAMPLE_SHARE} for each example past the fourth of a larger kit, for all its reading problems together), so no key can be proven"
            ),
        )
        .with_help("make `within` smaller where a problem is open (the board around the chain empty), fill the board around the chain so fewer moves matter, or move some reading problems to another kit"),
        Unreadable::TooBig(too_big) => Diagnostic::at(
            at,
            format!(
                "example {n}: reading {question} takes more than {} positions, so no key can be proven",
                too_big.nodes
            ),
        )
        .with_help("make `within` smaller, or fill the board around the chain so fewer moves matter; a `view` does not limit the reading"),
        Unreadable::NoStone => Diagnostic::at(
            at,
            format!("example {n}: this reading problem cannot be read: its `group` point holds no stone"),
        ),
        Unreadable::WrongColor => Diagnostic::at(
            at,
            format!("example {n}: this reading problem cannot be read: its `group` stone is not the colour its task reads (a capture's is the opponent's, an escape's the side to play's)"),
        ),
        Unreadable::NoMoves => Diagnostic::at(
            at,
            format!("example {n}: this reading problem cannot be read: `within` is 0"),
        ),
    }
}

/// Why a `kill` or `live` problem has no proof, at its task: too big to prove within its
/// budget (or what was left of the kit's), or a region too open for its safe wall. Its answer
/// is refused, never guessed, so the kit does not build.
fn unsolvable(example: &Example, why: &Unsolvable) -> Diagnostic {
    let n = example.number;
    let at = example.task_span.clone();
    let task = example.task.name();
    match why {
        Unsolvable::TooBig(too_big) if too_big.shared && too_big.nodes == 0 => Diagnostic::at(
            at,
            format!("example {n}: not proven: the kit's reading budget ran out at an example before it"),
        )
        .with_help("see the example where it ran out, above"),
        Unsolvable::TooBig(too_big) if too_big.shared => Diagnostic::at(
            at,
            format!(
                "example {n}: this `{task}` problem is too big to prove with what was left of the kit's reading budget ({KIT_READING_NODES} positions, or {EXAMPLE_SHARE} for each example past the fourth of a larger kit, for all its problems together)"
            ),
        )
        .with_help("give it a smaller `region`, close the problem with more stones, or move some problems to another kit"),
        Unsolvable::TooBig(too_big) => Diagnostic::at(
            at,
            format!(
                "example {n}: this `{task}` problem is too big to prove: the search passed {} positions without an answer, and an answer is never guessed",
                too_big.nodes
            ),
        )
        .with_help("give it a smaller `region` (the rectangle the problem is played in), or close the problem with more stones so fewer points are open"),
        Unsolvable::OpenFrame(p) => Diagnostic::at(
            at,
            format!(
                "example {n}: this `{task}` problem is too open for its region: the wall assumed just outside it would leave a stone at {p} with no liberty"
            ),
        )
        .with_help("write a `region` that takes in the whole problem, or close it with stones of the surrounding side"),
        Unsolvable::NoStone | Unsolvable::WrongColor => Diagnostic::at(
            at,
            format!("example {n}: this `{task}` problem cannot be read: its `group` is not a stone of the group it asks about"),
        ),
    }
}

/// A reading problem's proof held against its key: a problem for a question too big to prove,
/// an escape with nothing to escape from, a missing `key = []`, and each move the key and the
/// proof disagree on, with the line that shows who is right.
fn reading_problems(
    rules: &Rules,
    example: &Example,
    answer: &ExampleAnswer,
    refutations: &mut ReadingAllowance,
) -> Vec<Diagnostic> {
    let Answer::Reading {
        goal,
        chain,
        color,
        within,
        proof,
    } = &answer.answer
    else {
        return Vec::new();
    };
    let n = example.number;
    let moves = if *within == 1 {
        "1 move".to_string()
    } else {
        format!("{within} moves")
    };
    let chain = format!("{} chain {}", color.name(), list(chain));
    let (verb, mover) = match goal {
        Goal::Capture => ("captures", color.opponent()),
        Goal::Escape => ("saves", *color),
    };
    let solution: &Solution = match proof {
        Ok(solution) => solution,
        Err(why) => {
            let question = format!("whether {} {verb} {chain} within {moves}", mover.name());
            return vec![unreadable(example, why, &question)];
        }
    };
    if *goal == Goal::Escape && solution.already_safe {
        return vec![
            Diagnostic::at(
                example.task_span.clone(),
                format!(
                    "example {n}: {chain} cannot be captured within {moves} even if {} passes, so there is nothing to escape from",
                    mover.name()
                ),
            )
            .with_help("raise `within`, or take liberties away from the chain so that it is in danger"),
        ];
    }
    let accepted: Vec<Point> = solution.accepted.iter().map(|a| a.point).collect();
    let Some(key) = &example.key else {
        if accepted.is_empty() {
            let none = match goal {
                Goal::Capture => {
                    format!("no {} move captures {chain} within {moves}", mover.name())
                }
                Goal::Escape => format!(
                    "no {} move saves {chain} from capture within {moves}",
                    mover.name()
                ),
            };
            return vec![
                Diagnostic::at(example.task_span.clone(), format!("example {n}: {none}"))
                    .with_help("add `key = []` if showing that there is none is the point"),
            ];
        }
        return Vec::new();
    };
    let Claim::Points(stated) = &key.claim else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    for a in &solution.accepted {
        if !stated.contains(&a.point) {
            problems.push(
                Diagnostic::at(
                    key.span.clone(),
                    format!(
                        "example {n}: the key leaves out {}, which also {verb} {chain} within {moves}: {}",
                        a.point,
                        line_words(&a.line)
                    ),
                )
                .with_help(format!("the key lists every first move that works; add `\"{}\"`", a.point)),
            );
        }
    }
    for &p in stated.iter().filter(|p| !accepted.contains(p)) {
        let message = match reading_refutation(rules, example, p, refutations) {
            None => format!(
                "example {n}: the key says {p}, which {} cannot play here",
                mover.name()
            ),
            Some(line) if line.len() < 2 => format!(
                "example {n}: the key says {p}, which does not {} {chain} within {moves}",
                &verb[..verb.len() - 1]
            ),
            Some(line) => format!(
                "example {n}: the key says {p}, which does not {} {chain} within {moves}: {}",
                &verb[..verb.len() - 1],
                line_words(&line)
            ),
        };
        problems.push(Diagnostic::at(key.span.clone(), message).with_help(
            if accepted.is_empty() {
                "no first move works: write `key = []`, or change the position".to_string()
            } else {
                format!("the moves that work are {}", list(&accepted))
            },
        ));
    }
    problems
}

/// A line of moves as a diagnostic writes it: `1. Black C4, 2. White D4`.
fn line_words(line: &[(Color, Move)]) -> String {
    line.iter()
        .enumerate()
        .map(|(i, (c, m))| match m {
            Move::Pass => format!("{}. {} passes", i + 1, c.name()),
            Move::Play(p) => format!("{}. {} {p}", i + 1, c.name()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Points as a key states them, `none` for no point.
fn shown(points: &[Point]) -> String {
    if points.is_empty() {
        "none".into()
    } else {
        list(points)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::answer_key;
    use crate::kit::{Kit, load};

    fn problems_of(kit: &Kit) -> Vec<Diagnostic> {
        key_problems(
            &kit.wording,
            &kit.rules,
            &kit.examples,
            &answer_key(kit).examples,
        )
    }

    fn kit(examples: &str) -> String {
        format!("[kit]\ntitle = \"t\"\n[rules]\nboard = 5\n{examples}")
    }

    #[test]
    fn a_wrong_key_is_reported_at_the_key_and_a_right_one_is_not() {
        let right = kit(
            "[[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\ntask = \"capture\"\nkey = \"C4\"\n",
        );
        let kit = load(&right).unwrap();
        assert!(problems_of(&kit).is_empty());

        let wrong = right.replace("key = \"C4\"", "key = \"B4\"");
        let kit = load(&wrong).unwrap();
        let problems = problems_of(&kit);
        assert_eq!(problems.len(), 1);
        assert_eq!(&wrong[problems[0].span.clone().unwrap()], "\"B4\"");
        assert!(
            problems[0]
                .message
                .starts_with("example 1: the key says B4, but the engine finds: ")
        );
    }

    #[test]
    fn illegal_agrees_with_any_reason_and_a_reason_only_with_itself() {
        // White A1 is suicide: A1 has no liberty and captures nothing.
        let example = |key: &str| {
            kit(&format!(
                "[[example]]\nposition = \"black A2 B1\"\nto_play = \"white\"\ntask = \"legal\"\nmove = \"A1\"\nkey = {key}\n"
            ))
        };
        for (key, agrees) in [
            ("false", true),
            ("\"illegal\"", true),
            ("\"suicide\"", true),
            ("\"superko\"", false),
            ("true", false),
            ("\"legal\"", false),
        ] {
            let source = example(key);
            let kit = load(&source).unwrap();
            let problems = problems_of(&kit);
            assert_eq!(problems.is_empty(), agrees, "{key}: {problems:?}");
        }
    }

    #[test]
    fn a_reading_problem_too_big_to_prove_is_refused_at_its_task() {
        use crate::rules::reading::TooBig;
        let source = kit(
            "[[example]]\nposition = \"white C3 D3; black B3 C2 D2 E3\"\nto_play = \"black\"\ntask = \"capture\"\ngroup = \"C3\"\nwithin = 3\n",
        );
        let kit = load(&source).unwrap();
        let mut answers = answer_key(&kit).examples;
        let Answer::Reading { proof, .. } = &mut answers[0].answer else {
            panic!("a reading answer");
        };
        *proof = Err(Unreadable::TooBig(TooBig {
            nodes: 5,
            shared: false,
        }));
        let problems = key_problems(&kit.wording, &kit.rules, &kit.examples, &answers);
        assert_eq!(problems.len(), 1);
        assert_eq!(&source[problems[0].span.clone().unwrap()], "\"capture\"");
        assert!(
            problems[0]
                .message
                .contains("takes more than 5 positions, so no key can be proven"),
            "{}",
            problems[0].message
        );
        // Refused for want of the kit's budget: said so, and the examples after it not read.
        let Answer::Reading { proof, .. } = &mut answers[0].answer else {
            panic!("a reading answer");
        };
        *proof = Err(Unreadable::TooBig(TooBig {
            nodes: 5,
            shared: true,
        }));
        let problems = key_problems(&kit.wording, &kit.rules, &kit.examples, &answers);
        assert!(
            problems[0]
                .message
                .starts_with("example 1: reading whether black captures white chain C3, D3 within 3 moves ran past what was left of the kit's reading budget"),
            "{}",
            problems[0].message
        );
        let Answer::Reading { proof, .. } = &mut answers[0].answer else {
            panic!("a reading answer");
        };
        *proof = Err(Unreadable::TooBig(TooBig {
            nodes: 0,
            shared: true,
        }));
        let problems = key_problems(&kit.wording, &kit.rules, &kit.examples, &answers);
        assert!(
            problems[0]
                .message
                .contains("not read: the kit's reading budget ran out"),
            "{}",
            problems[0].message
        );
    }
}
