//! Each example's `view` held against the points its question and answer are about: a view
//! that hides one is refused, with the smallest view that shows them all.

use crate::answer::{Answer, ExampleAnswer, list};
use crate::diag::Diagnostic;
use crate::kit::model::{Example, View};
use crate::rules::{Color, Move, Point};

/// A problem for every example whose `view` leaves out a stone or point its question or answer
/// is about (`answers`, one per example, in order), reported at the view with the view grown to
/// show everything, and the smallest view that does:
///
/// * `liberties`: the chain and its liberties;
/// * `capture`: each capturing move and the stones it captures;
/// * `legal`: the move, what it captures, and the earlier moves the diagram numbers;
/// * `sequence`: every move's point and every stone captured;
/// * `score`: the whole count, i.e. every stone on the board and every counted point.
pub fn view_problems(examples: &[Example], answers: &[ExampleAnswer]) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (example, answer) in examples.iter().zip(answers) {
        let Some((view, span)) = &example.view else {
            continue;
        };
        let needed = points_in_question(example, answer);
        let mut hidden: Vec<(Role, Vec<Point>)> = Vec::new();
        for (role, point) in &needed {
            if view.contains(*point) {
                continue;
            }
            match hidden.iter_mut().find(|(r, _)| r == role) {
                Some((_, points)) => points.push(*point),
                None => hidden.push((*role, vec![*point])),
            }
        }
        if hidden.is_empty() {
            continue;
        }
        let parts: Vec<String> = hidden
            .iter_mut()
            .map(|((one, many), points)| {
                points.sort();
                points.dedup();
                let role = if points.len() == 1 { one } else { many };
                format!("{role} {}", few(points))
            })
            .collect();
        let points: Vec<Point> = needed.iter().map(|(_, p)| *p).collect();
        let smallest = smallest_view(&points, example.board.size().get() - 1);
        let whole = if matches!(answer.answer, Answer::Score(_)) {
            "a count takes in the whole position; "
        } else {
            ""
        };
        problems.push(
            Diagnostic::at(
                span.clone(),
                format!(
                    "example {}: the view {} leaves out {}",
                    example.number,
                    view_text(*view),
                    parts.join("; ")
                ),
            )
            .with_help(format!(
                "{whole}`view = \"{}\"` shows all of it (the smallest view that does is `{}`), or leave `view` out to show the whole board",
                view_text(grown(*view, smallest)),
                view_text(smallest)
            )),
        );
    }
    problems
}

/// Every point an example's question and answer are about, each with what it is, in the order
/// they are reported.
fn points_in_question(example: &Example, answer: &ExampleAnswer) -> Vec<(Role, Point)> {
    let mut needed = Vec::new();
    let mut add = |role: Role, points: &[Point]| {
        needed.extend(points.iter().map(|&p| (role, p)));
    };
    let played = |moves: &[(Color, Move)]| -> Vec<Point> {
        moves
            .iter()
            .filter_map(|(_, m)| match m {
                Move::Play(p) => Some(*p),
                Move::Pass => None,
            })
            .collect()
    };
    match &answer.answer {
        Answer::Liberties {
            chain, liberties, ..
        } => {
            add(("the group's stone", "the group's stones"), chain);
            add(("its liberty", "its liberties"), liberties);
        }
        Answer::Capture { moves } => {
            let points: Vec<Point> = moves.iter().map(|m| m.point).collect();
            add(("the capturing move", "the capturing moves"), &points);
            for m in moves {
                add(("the captured stone", "the captured stones"), &m.captured);
            }
        }
        Answer::Legal {
            point, captured, ..
        } => {
            add(("the move", "the move"), &[*point]);
            add(
                ("the stone it captures", "the stones it captures"),
                captured,
            );
            add(
                ("the earlier move", "the earlier moves"),
                &played(example.task.moves()),
            );
        }
        Answer::Sequence { moves, .. } => {
            add(("the move", "the moves"), &played(example.task.moves()));
            for m in moves {
                add(("the captured stone", "the captured stones"), &m.captured);
            }
        }
        Answer::Solve {
            accepted,
            correct,
            wrong,
            ..
        } => {
            add(
                (
                    "the first move marked correct",
                    "the first moves marked correct",
                ),
                accepted,
            );
            for line in correct.iter().chain(wrong) {
                add(
                    ("a move of its lines", "the moves of its lines"),
                    &played(line),
                );
            }
        }
        Answer::LifeDeath { chain, proof, .. } => {
            add(("the group's stone", "the group's stones"), chain);
            if let Some(main) = proof.as_ref().ok().and_then(|s| s.accepted.first()) {
                let first: Vec<(Color, Move)> = proof
                    .iter()
                    .flat_map(|s| s.accepted.iter().map(|a| a.line[0]))
                    .collect();
                add(
                    ("the first move that works", "the first moves that work"),
                    &played(&first),
                );
                add(
                    ("the main line's move", "the main line's moves"),
                    &played(&main.line[1..]),
                );
            }
        }
        Answer::Reading { chain, proof, .. } => {
            add(("the marked stone", "the marked stones"), chain);
            if let Ok(solution) = proof {
                let first: Vec<Point> = solution.accepted.iter().map(|a| a.point).collect();
                add(
                    ("the first move that works", "the first moves that work"),
                    &first,
                );
                if let Some(main) = solution.accepted.first() {
                    add(
                        ("the main line's move", "the main line's moves"),
                        &played(&main.line[1..]),
                    );
                }
            }
        }
        Answer::Score(score) => {
            let board = &example.board;
            let stones: Vec<Point> = board
                .size()
                .all_points()
                .filter(|&p| board.stone(p).is_some())
                .collect();
            add(("the stone", "the stones"), &stones);
            for points in &score.territory_points {
                add(("the counted point", "the counted points"), points);
            }
        }
    }
    needed
}

/// What a point is to the question, for one point and for several.
type Role = (&'static str, &'static str);

/// Up to six points, then how many more.
fn few(points: &[Point]) -> String {
    const SHOWN: usize = 6;
    if points.len() <= SHOWN {
        list(points)
    } else {
        format!(
            "{} and {} more",
            list(&points[..SHOWN]),
            points.len() - SHOWN
        )
    }
}

/// The smallest rectangle of at least 2x2 points holding every point of `points` (not empty),
/// on a board whose last line is `far`.
fn smallest_view(points: &[Point], far: u8) -> View {
    let (mut low, mut high) = (points[0], points[0]);
    for p in points {
        low = Point::new(low.col.min(p.col), low.row.min(p.row));
        high = Point::new(high.col.max(p.col), high.row.max(p.row));
    }
    let widen = |low: &mut u8, high: &mut u8| {
        if low == high {
            if *high < far {
                *high += 1;
            } else {
                *low -= 1;
            }
        }
    };
    widen(&mut low.col, &mut high.col);
    widen(&mut low.row, &mut high.row);
    View { low, high }
}

/// The smallest rectangle holding both `a` and `b`.
fn grown(a: View, b: View) -> View {
    View {
        low: Point::new(a.low.col.min(b.low.col), a.low.row.min(b.low.row)),
        high: Point::new(a.high.col.max(b.high.col), a.high.row.max(b.high.row)),
    }
}

/// A view as written in a kit, lower-left corner first: `A1:G7`.
fn view_text(view: View) -> String {
    format!("{}:{}", view.low, view.high)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::answer_key;
    use crate::kit::load;

    fn view_problems_of(source: &str) -> Vec<Diagnostic> {
        let kit = load(source).unwrap_or_else(|e| panic!("{:?}", e.problems));
        view_problems(&kit.examples, &answer_key(&kit).examples)
    }

    fn nine(examples: &str) -> String {
        format!(
            "[kit]\ntitle = \"t\"\nspacing_mm = [19, 20]\ncounter_mm = 17\n[rules]\nboard = 9\n{examples}"
        )
    }

    #[test]
    fn a_view_hiding_the_capture_is_reported_at_the_view_with_the_smallest_that_fits() {
        let example = |view: &str| {
            nine(&format!(
                "[[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\ntask = \"capture\"\nview = \"{view}\"\n"
            ))
        };
        assert!(view_problems_of(&example("A1:D4")).is_empty());
        let source = example("B4:A1");
        let problems = view_problems_of(&source);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(&source[problems[0].span.clone().unwrap()], "\"B4:A1\"");
        assert_eq!(
            problems[0].message,
            "example 1: the view A1:B4 leaves out the capturing move C4; the captured stone C3"
        );
        let help = problems[0].help.as_deref().unwrap();
        assert_eq!(
            help,
            "`view = \"A1:D4\"` shows all of it (the smallest view that does is `C3:D4`), or leave `view` out to show the whole board"
        );
    }

    #[test]
    fn a_view_must_show_the_whole_group_and_its_liberties() {
        let example = |view: &str| {
            nine(&format!(
                "[[example]]\nposition = \"white C3 C4 C5; black B3 C2 D3\"\ntask = \"liberties\"\ngroup = \"C3\"\nview = \"{view}\"\n"
            ))
        };
        assert!(view_problems_of(&example("A1:E6")).is_empty());
        let problems = view_problems_of(&example("A1:E4"));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(
            problems[0].message,
            "example 1: the view A1:E4 leaves out the group's stone C5; its liberties B5, C6, D5"
        );
        assert!(problems[0].help.as_deref().unwrap().contains(
            "`view = \"A1:E6\"` shows all of it (the smallest view that does is `B3:D6`)"
        ));
    }

    #[test]
    fn sequences_legal_moves_and_counts_need_every_point_they_touch() {
        // The second move is outside A1:E5, and so is the legal move's earlier move.
        let sequence = nine(
            "[[example]]\nposition = \"white C3; black B3 C2\"\ntask = \"sequence\"\nmoves = [\"B D3\", \"W G7\"]\nview = \"A1:E5\"\n",
        );
        let problems = view_problems_of(&sequence);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.ends_with("leaves out the move G7"));
        let legal = nine(
            "[[example]]\nposition = \"white C3; black B3 C2\"\ntask = \"legal\"\nhistory = [\"B G7\", \"W G6\"]\nmove = \"D3\"\nto_play = \"black\"\nview = \"A1:E5\"\n",
        );
        let problems = view_problems_of(&legal);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0]
                .message
                .ends_with("leaves out the earlier moves G6, G7"),
            "{}",
            problems[0].message
        );
        // A count: black walls off the left, so every point counts; no view but the whole board
        // shows them all.
        let score = nine(
            "[[example]]\nposition = \"black D1 D2 D3 D4 D5 D6 D7 D8 D9; white E1 E2 E3 E4 E5 E6 E7 E8 E9\"\ntask = \"score\"\nview = \"A1:F9\"\n",
        );
        let problems = view_problems_of(&score);
        assert_eq!(problems.len(), 1, "{problems:?}");
        let message = &problems[0].message;
        assert!(
            message.contains("leaves out the counted points G1, G2, G3, G4, G5, G6 and 21 more"),
            "{message}"
        );
        let help = problems[0].help.as_deref().unwrap();
        assert!(
            help.starts_with("a count takes in the whole position; ") && help.contains("\"A1:J9\""),
            "{help}"
        );
    }
}
