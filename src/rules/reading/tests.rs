use super::*;
use crate::rules::notation::{board_of, parse_position};
use crate::rules::{BoardSize, Rules};

fn game(size: u32, position: &str, to_play: Color) -> Game {
    let size = BoardSize::new(size).unwrap();
    let placed = parse_position(position, size).unwrap();
    Game::new(
        board_of(size, &placed),
        to_play,
        Rules::liberty_chain_capture(),
    )
}

fn point(text: &str) -> Point {
    Point::parse_unbounded(text).unwrap()
}

fn accepted(g: &Game, goal: Goal, target: &str, within: u32) -> Vec<String> {
    let q = Question {
        goal,
        target: point(target),
        within,
    };
    let s = solve(g, &q, Budget::default()).unwrap();
    s.accepted.iter().map(|a| a.point.to_string()).collect()
}

#[test]
fn an_atari_is_taken_at_its_last_liberty() {
    let g = game(5, "white C3; black B3 C2 D3", Color::Black);
    assert_eq!(accepted(&g, Goal::Capture, "C3", 1), ["C4"]);
}

#[test]
fn two_liberties_cannot_be_taken_in_one_move() {
    let g = game(5, "white C3; black B3 C2", Color::Black);
    assert!(accepted(&g, Goal::Capture, "C3", 1).is_empty());
}

#[test]
fn a_question_beyond_its_budget_is_refused_not_guessed() {
    let g = game(7, "white C4; black B4 C3 D3", Color::Black);
    let q = Question {
        goal: Goal::Capture,
        target: point("C4"),
        within: 7,
    };
    assert_eq!(
        solve(&g, &q, Budget { nodes: 50 }),
        Err(Unreadable::TooBig(TooBig {
            nodes: 50,
            shared: false
        }))
    );
}

#[test]
fn the_wrong_colour_and_an_empty_point_cannot_be_read() {
    let g = game(5, "white C3; black B3 C2 D3", Color::Black);
    let q = |goal, target: &str| Question {
        goal,
        target: point(target),
        within: 2,
    };
    let read = |q: Question| solve(&g, &q, Budget::default()).err();
    assert_eq!(read(q(Goal::Capture, "B3")), Some(Unreadable::WrongColor));
    assert_eq!(read(q(Goal::Escape, "C3")), Some(Unreadable::WrongColor));
    assert_eq!(read(q(Goal::Capture, "A1")), Some(Unreadable::NoStone));
}
