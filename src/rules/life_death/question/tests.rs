//! The question found for hand-made problems: the group the correct first move attacks or
//! saves, the stated goal first, an answer that fails still reported, and no question
//! invented where nothing can be proven.

use super::*;
use crate::rules::diagram;
use crate::rules::ruleset::Rules;

/// Black's straight three in the top-left corner inside a White wall: White kills at B9,
/// Black lives there.
const STRAIGHT_THREE: &str = "
...XO....
XXXXO....
OOOOO....
.........
.........
.........
.........
.........
.........";

/// Black's bent three: A9 is the vital point for both sides.
const BENT_THREE: &str = "
..XO.....
.XXO.....
XXOO.....
OOO......
.........
.........
.........
.........
.........";

/// The straight three mirrored to the top-right corner with the colours swapped: White's
/// group, Black to kill at H9 (B9's image).
const STRAIGHT_THREE_SWAPPED: &str = "
....XO...
....XOOOO
....XXXXX
.........
.........
.........
.........
.........
.........";

fn game(rows: &str, to_play: Color) -> Game {
    Game::new(
        diagram::parse(rows).expect("diagram"),
        to_play,
        Rules::default(),
    )
}

fn p(name: &str) -> Point {
    Point::parse_unbounded(name).expect("point")
}

fn points(names: &[&str]) -> Vec<Point> {
    names.iter().map(|n| p(n)).collect()
}

fn firsts(tried: &[super::super::Tried]) -> Vec<String> {
    tried.iter().map(|t| t.first.to_string()).collect()
}

fn found(
    rows: &str,
    to_play: Color,
    correct: &str,
    wrong: &[&str],
    stated: Option<Goal>,
) -> (Game, Question, Solution) {
    let g = game(rows, to_play);
    let (question, solution) =
        find_question(&g, p(correct), &points(wrong), stated, Budget::default())
            .expect("a question");
    (g, question, solution)
}

#[test]
fn the_vital_point_kills_the_opposing_group() {
    let (g, question, solution) = found(STRAIGHT_THREE, Color::White, "B9", &["A9", "C9"], None);
    assert_eq!(question.goal, Goal::Kill);
    assert_eq!(g.board().stone(question.target), Some(Color::Black));
    assert!(question.region.is_empty(), "the default region");
    assert_eq!(solution.status, Status::Dead);
    assert_eq!(firsts(&solution.accepted), ["B9"]);
    let refuted = firsts(&solution.refuted);
    assert!(refuted.contains(&"A9".to_string()) && refuted.contains(&"C9".to_string()));
}

#[test]
fn the_same_with_the_board_mirrored_and_the_colours_swapped() {
    let (g, question, solution) = found(
        STRAIGHT_THREE_SWAPPED,
        Color::Black,
        "H9",
        &["J9", "G9"],
        None,
    );
    assert_eq!(question.goal, Goal::Kill);
    assert_eq!(g.board().stone(question.target), Some(Color::White));
    assert_eq!(solution.status, Status::Dead);
    assert_eq!(firsts(&solution.accepted), ["H9"]);
}

#[test]
fn the_vital_point_makes_the_own_group_live() {
    let (g, question, solution) = found(BENT_THREE, Color::Black, "A9", &["B9", "A8"], None);
    assert_eq!(question.goal, Goal::Live);
    assert_eq!(g.board().stone(question.target), Some(Color::Black));
    assert_eq!(solution.status, Status::Alive);
    assert_eq!(firsts(&solution.accepted), ["A9"]);
}

#[test]
fn the_stated_goal_is_tried_first_and_kept_when_its_proof_accepts_the_answer() {
    let (_, question, _) = found(STRAIGHT_THREE, Color::Black, "B9", &[], Some(Goal::Live));
    assert_eq!(question.goal, Goal::Live);
    // "Kill" stated for Black here names no group Black can kill with B9: no kill accepts it,
    // so the life that does is returned, its goal unlike the words (the caller says so).
    let (_, question, solution) = found(STRAIGHT_THREE, Color::Black, "B9", &[], Some(Goal::Kill));
    assert_eq!(question.goal, Goal::Live);
    assert_eq!(firsts(&solution.accepted), ["B9"]);
}

#[test]
fn an_answer_that_fails_still_gives_the_question_with_its_refutation() {
    // A collection that marks A9 correct and B9 wrong: the kill is still the question, and
    // its proof says A9 fails and B9 kills (an erratum for the caller to report).
    let (_, question, solution) = found(STRAIGHT_THREE, Color::White, "A9", &["B9"], None);
    assert_eq!(question.goal, Goal::Kill);
    assert_eq!(solution.status, Status::Dead);
    assert_eq!(firsts(&solution.accepted), ["B9"]);
    let a9 = solution
        .refuted
        .iter()
        .find(|t| t.first == Move::Play(p("A9")))
        .expect("A9 refuted");
    assert_eq!(a9.status, Status::Alive);
}

#[test]
fn no_question_is_invented() {
    // Nothing near the move.
    let g = game(STRAIGHT_THREE, Color::White);
    assert!(find_question(&g, p("J1"), &[], None, Budget::default()).is_none());
    // A point holding a stone is no first move.
    assert!(find_question(&g, p("A8"), &[], None, Budget::default()).is_none());
    // Too small a budget to prove anything.
    let tiny = Budget { nodes: 3 };
    assert!(find_question(&g, p("B9"), &[], None, tiny).is_none());
}

#[test]
fn the_candidates_are_the_chains_near_the_move_stated_goal_first() {
    let g = game(STRAIGHT_THREE, Color::White);
    let questions = candidate_questions(&g, p("B9"), None);
    assert!(!questions.is_empty());
    for q in &questions {
        let owner = g.board().stone(q.target).expect("a stone");
        let expected = if owner == Color::White {
            Goal::Live
        } else {
            Goal::Kill
        };
        assert_eq!(q.goal, expected, "{q:?}");
    }
    // Here only Black's chains hold B9 in their regions (White's wall reaches no point of
    // Black's eye space), so every candidate is a kill, whatever the words state.
    let stated_live = candidate_questions(&g, p("B9"), Some(Goal::Live));
    assert_eq!(stated_live, questions);
    // A White stone inside Black's corner: a move at A9 touches both, so both goals are
    // candidates, the stated one first.
    let g = game(STONE_INSIDE, Color::Black);
    let kill_first = candidate_questions(&g, p("A9"), Some(Goal::Kill));
    let live_first = candidate_questions(&g, p("A9"), Some(Goal::Live));
    assert_eq!(kill_first.first().map(|q| q.goal), Some(Goal::Kill));
    assert_eq!(live_first.first().map(|q| q.goal), Some(Goal::Live));
    assert!(kill_first.iter().any(|q| q.goal == Goal::Live));
}

/// A White stone at B9 inside Black's corner (Black has two liberties left: it is dead,
/// whoever plays, and the stone in seki at best); here only for the candidates.
const STONE_INSIDE: &str = "
.O.XO....
XXXXO....
OOOOO....
.........
.........
.........
.........
.........
.........";
