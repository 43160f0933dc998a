//! Classic shapes with their textbook status and vital point, each also rotated and with the
//! colours swapped.

use super::*;
use crate::rules::diagram;
use crate::rules::ruleset::Rules;

/// The position of `rows` (top row first) with `to_play` to move.
fn game(rows: &str, to_play: Color) -> Game {
    let board = diagram::parse(rows).expect("diagram");
    Game::new(board, to_play, Rules::default())
}

fn point(game: &Game, name: &str) -> Point {
    Point::parse(name, game.board().size()).expect("point")
}

fn solved(rows: &str, to_play: Color, goal: Goal, target: &str) -> Solution {
    let g = game(rows, to_play);
    let question = Question {
        goal,
        target: point(&g, target),
        region: Vec::new(),
    };
    solve(&g, &question, &[], Budget::default()).expect("solved")
}

fn firsts(solution: &Solution) -> Vec<String> {
    solution
        .accepted
        .iter()
        .map(|t| t.first.to_string())
        .collect()
}

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

const STRAIGHT_FOUR: &str = "
....XO...
XXXXXO...
OOOOOO...
.........
.........
.........
.........
.........
.........";

#[test]
fn straight_three_lives_or_dies_at_its_middle() {
    let live = solved(STRAIGHT_THREE, Color::Black, Goal::Live, "A8");
    assert_eq!(live.status, Status::Alive);
    assert_eq!(firsts(&live), ["B9"]);
    let kill = solved(STRAIGHT_THREE, Color::White, Goal::Kill, "A8");
    assert_eq!(kill.status, Status::Dead);
    assert_eq!(firsts(&kill), ["B9"]);
}

#[test]
fn bent_three_in_the_corner_turns_on_the_bend() {
    let live = solved(BENT_THREE, Color::Black, Goal::Live, "B8");
    assert_eq!(live.status, Status::Alive);
    assert_eq!(firsts(&live), ["A9"]);
    let kill = solved(BENT_THREE, Color::White, Goal::Kill, "B8");
    assert_eq!(kill.status, Status::Dead);
    assert_eq!(firsts(&kill), ["A9"]);
}

#[test]
fn straight_four_lives_whatever_the_attacker_plays() {
    let kill = solved(STRAIGHT_FOUR, Color::White, Goal::Kill, "A8");
    assert_eq!(kill.status, Status::Alive);
    assert!(kill.accepted.is_empty());
    assert!(!kill.refuted.is_empty(), "{kill:?}");
}
