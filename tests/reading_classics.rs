//! The classic reading problems of the beginner's curriculum, each with its answer worked out by
//! hand (the derivation is beside each case), read by `rules::reading::solve` under the kit's
//! default rules (positional superko, suicide forbidden).
//!
//! Each case pins what a wrong solver gets wrong: the complete set of first moves that work (a
//! second correct move missing, or a refuted try accepted), the fewest moves that suffice (one
//! fewer finds nothing), and, for the ladders and the ko, that a stone far away or the game's
//! last move changes the answer.

use libertykit::rules::notation::{board_of, parse_position};
use libertykit::rules::reading::{Budget, Goal, Question, Solution, solve};
use libertykit::rules::{BoardSize, Color, Game, Move, Point, Rules};

fn game(size: u32, position: &str, to_play: Color) -> Game {
    let size = BoardSize::new(size).expect("a board size");
    let placed = parse_position(position, size).expect("a position");
    Game::new(
        board_of(size, &placed),
        to_play,
        Rules::liberty_chain_capture(),
    )
}

fn point(text: &str) -> Point {
    Point::parse_unbounded(text).expect("a point")
}

fn read(g: &Game, goal: Goal, target: &str, within: u32) -> Solution {
    let q = Question {
        goal,
        target: point(target),
        within,
    };
    solve(g, &q, Budget::default()).expect("a problem this small is read to the end")
}

/// The accepted first moves, in the solver's order (by point).
fn accepted(g: &Game, goal: Goal, target: &str, within: u32) -> Vec<String> {
    let s = read(g, goal, target, within);
    s.accepted.iter().map(|a| a.point.to_string()).collect()
}

fn line(s: &Solution) -> Vec<String> {
    s.accepted[0]
        .line
        .iter()
        .map(|(_, m)| m.to_string())
        .collect()
}

/// C1 has two liberties on the edge, C2 and D1. Black C2 leaves D1; White's extension to D1 has
/// only E1 (D2 is Black's), which Black takes. Black D1 instead lets White out at C2 (B2, C3).
#[test]
fn edge_capture_drives_the_stone_along_the_first_line() {
    let g = game(7, "white C1; black B1 D2", Color::Black);
    assert_eq!(accepted(&g, Goal::Capture, "C1", 2), ["C2"]);
    assert!(accepted(&g, Goal::Capture, "C1", 1).is_empty());
}

/// C4's liberties are C5 and D4. C5 drives it up and right: W D4, B E4, W D5, B D6, W E5, B F5,
/// W E6, B E7, W F6, B G6, W F7, B G7 takes seven stones with Black's seventh move. D4 instead
/// lets White extend to C5 with three liberties (B5, C6, D5).
#[test]
fn the_ladder_reaches_the_edge_in_seven_moves() {
    let g = game(7, "white C4; black B4 C3 D3", Color::Black);
    let s = read(&g, Goal::Capture, "C4", 7);
    let points: Vec<String> = s.accepted.iter().map(|a| a.point.to_string()).collect();
    assert_eq!(points, ["C5"]);
    assert_eq!(
        line(&s),
        [
            "C5", "D4", "E4", "D5", "D6", "E5", "F5", "E6", "E7", "F6", "G6", "F7", "G7"
        ]
    );
    assert!(accepted(&g, Goal::Capture, "C4", 6).is_empty());
}

/// The same ladder with a white stone on F6, on its path: White's E6 joins it and the chain
/// has E7, F7 and G6, so the ladder fails and nothing else works.
#[test]
fn a_ladder_breaker_saves_the_stone() {
    let g = game(7, "white C4 F6; black B4 C3 D3", Color::Black);
    let s = read(&g, Goal::Capture, "C4", 7);
    assert!(s.accepted.is_empty());
    let tries: Vec<String> = s.refuted.iter().map(|r| r.point.to_string()).collect();
    assert_eq!(tries, ["C5", "D4"], "both liberties are tempting and fail");
}

/// The net: D5 leaves C4 its two liberties but covers both ways out. W C5 (then C6, D4 left)
/// meets B C6, W D4 (E4 left), B E4; W D4 (C5, E4 left) meets B E4, W C5, B C6. Either atari,
/// C5 or D4, lets the stone run into the open side with three liberties.
#[test]
fn the_net_captures_without_an_atari() {
    let g = game(7, "white C4; black B4 B5 C3 D3", Color::Black);
    let s = read(&g, Goal::Capture, "C4", 3);
    assert_eq!(s.accepted.len(), 1);
    assert_eq!(s.accepted[0].point, point("D5"));
    assert_eq!(line(&s).len(), 5, "two white replies, three black moves");
    assert!(accepted(&g, Goal::Capture, "C4", 2).is_empty());
}

/// The second line: C2 D2 have C1, D1 and E2. Black E2 is no atari, but every white extension
/// along the first line gains nothing: W C1 (B1, D1) meets B B1, W D1, B E1; W D1 (C1, E1)
/// meets B E1, W C1, B B1. A black stone on the first line lets White out at E2 instead.
#[test]
fn the_loose_ladder_on_the_second_line_takes_three_moves() {
    let g = game(6, "white C2 D2; black B2 C3 D3", Color::Black);
    assert_eq!(accepted(&g, Goal::Capture, "C2", 3), ["E2"]);
    assert!(accepted(&g, Goal::Capture, "C2", 2).is_empty());
}

/// B1 B2 have A1 and A2; A3 is a separate white stone. Black A2 captures nothing and is in
/// atari, but White's A1, taking it, leaves A1 B1 B2 with the single liberty A2: Black takes
/// three there. A1 first is taken by White's A2, which joins A3.
#[test]
fn the_snapback_first_move_captures_nothing() {
    let g = game(6, "white A3 B1 B2; black B3 C1 C2 C3", Color::Black);
    let s = read(&g, Goal::Capture, "B1", 2);
    assert_eq!(s.accepted.len(), 1);
    assert_eq!(line(&s), ["A2", "A1", "A2"]);
    assert!(accepted(&g, Goal::Capture, "B1", 1).is_empty());
}

/// B1 B2 C2 D2 have C1 and D1. The throw-in at C1 is taken by W D1, after which the five white
/// stones have only C1; and D1, the plain atari, works too, since White's C1 would be suicide.
/// A key listing only one of them is incomplete.
#[test]
fn a_throw_in_and_an_atari_both_work() {
    let g = game(
        7,
        "white B1 B2 C2 D2; black A1 A2 A3 B3 C3 D3 E1 E2",
        Color::Black,
    );
    let s = read(&g, Goal::Capture, "B2", 2);
    let points: Vec<String> = s.accepted.iter().map(|a| a.point.to_string()).collect();
    assert_eq!(points, ["C1", "D1"]);
    assert_eq!(line(&s), ["C1", "D1", "C1"]);
}

/// C4 C5 have C6 and D5: either atari lets White extend to the other with three liberties, and
/// with two moves nothing else can take two liberties. No move works.
#[test]
fn none_works_in_two_moves() {
    let g = game(7, "white C4 C5; black B4 B5 C3 D4", Color::Black);
    let s = read(&g, Goal::Capture, "C4", 2);
    assert!(s.accepted.is_empty());
    assert!(!s.already_safe);
}

/// A ko: White has just taken a black stone on D3 by playing C3, whose only liberty is D3.
/// Retaking at once would repeat the position, so nothing captures C3 in one move, and in two
/// White fills D3 between. Set up without that history, the same board is a plain capture.
#[test]
fn a_ko_the_repetition_rule_blocks() {
    let mut g = game(5, "white D2 D4 E3; black B3 C2 C4 D3", Color::White);
    g.play(Color::White, Move::Play(point("C3")))
        .expect("White takes the ko");
    assert!(g.board().stone(point("D3")).is_none(), "D3 was taken");
    assert!(accepted(&g, Goal::Capture, "C3", 1).is_empty());
    assert!(accepted(&g, Goal::Capture, "C3", 2).is_empty());

    let fresh = game(5, "white C3 D2 D4 E3; black B3 C2 C4", Color::Black);
    assert_eq!(accepted(&fresh, Goal::Capture, "C3", 1), ["D3"]);
}

/// B2 B3 C3 have one liberty, B1. The cutting stone C2 has one too, D2: taking it gives the
/// chain C2 and joins nothing White can reach (W C2 again is suicide; W B1 is taken by A1).
/// Extending to B1 leaves A1 only, which White takes.
#[test]
fn escape_by_capturing_the_cutting_stone() {
    let g = game(
        7,
        "white A2 A3 B4 C4 C2 D1 D3; black B2 B3 C1 C3",
        Color::Black,
    );
    let s = read(&g, Goal::Escape, "B3", 3);
    let points: Vec<String> = s.accepted.iter().map(|a| a.point.to_string()).collect();
    assert_eq!(points, ["D2"]);
    assert!(!s.already_safe);
    let tries: Vec<String> = s.refuted.iter().map(|r| r.point.to_string()).collect();
    assert_eq!(tries, ["B1"]);
}
