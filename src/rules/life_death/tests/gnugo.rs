//! GNU Go's owl reading on the textbook shapes, as a second opinion.

use super::shapes::shape;
use super::*;

/// GNU Go's owl answers to the shapes above (scripts/gnugo_owl_shapes.py).
const GNUGO_OWL: &str = include_str!("../../../../tests/data/life_death/gnugo_owl_shapes.txt");

/// Shapes whose solves take seconds in a debug build, compared only by the ignored test.
const SLOW: &[&str] = &[
    "crossed five",
    "rabbity six",
    "rectangular six",
    "rectangular six, one liberty",
];

/// Shapes the solver refuses within the default budget: nothing to compare.
const TOO_BIG: &[&str] = &[];

/// Where GNU Go is sure (code 1) and the solver answers otherwise, with the reason.
const DISAGREEMENTS: &[(&str, &str, &str)] = &[];

/// The problems GNU Go answers with code 1 on which the solver disagrees: a different status
/// (Live: alive or seki, as GNU Go's defence counts a seki; Kill: dead), or GNU Go's first
/// move not among the solver's accepted ones.
fn gnugo_disagreements(slow: bool) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut compared = 0;
    for line in GNUGO_OWL.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, goal, _, target, code, mv] = fields[..] else {
            panic!("bad line {line:?}");
        };
        // Only GNU Go's sure answers: its ko codes follow its own ko convention, and code 0
        // names no move.
        if code != "1" || SLOW.contains(&name) != slow || TOO_BIG.contains(&name) {
            continue;
        }
        let shape = shape(name);
        assert_eq!(
            shape.target, target,
            "{name}: the data is stale, rerun the script"
        );
        let goal_of = if goal == "live" {
            Goal::Live
        } else {
            Goal::Kill
        };
        let (_, _, solution) = solve_variant(shape, VARIANTS[0], goal_of);
        compared += 1;
        let status_agrees = match goal_of {
            Goal::Live => matches!(solution.status, Status::Alive | Status::Seki),
            Goal::Kill => solution.status == Status::Dead,
        };
        let move_agrees = firsts(&solution).iter().any(|f| f.eq_ignore_ascii_case(mv));
        if !status_agrees || !move_agrees {
            out.push((name.to_string(), goal.to_string(), mv.to_string()));
        }
    }
    assert!(compared > 0, "nothing compared");
    out
}

fn expected_disagreements(slow: bool) -> Vec<(String, String, String)> {
    DISAGREEMENTS
        .iter()
        .filter(|(name, _, _)| SLOW.contains(name) == slow)
        .map(|&(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect()
}

#[test]
fn gnugo_owl_agrees_where_it_is_sure() {
    assert_eq!(gnugo_disagreements(false), expected_disagreements(false));
}

#[test]
fn gnugo_owl_agrees_where_it_is_sure_on_the_big_shapes() {
    assert_eq!(gnugo_disagreements(true), expected_disagreements(true));
}
