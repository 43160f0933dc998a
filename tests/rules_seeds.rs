//! The seeds' own worked examples and statements, replayed through the rules engine.
//!
//! Expected values are copied from the source documents (shared/seeds), not computed by us.

use libertykit::rules::diagram;
use libertykit::rules::{Board, Color, Game, IllegalMove, Move, Point, Rules, Scoring, score};

fn pt(name: &str, board: &Board) -> Point {
    Point::parse(name, board.size()).unwrap()
}

fn names(points: &[Point]) -> Vec<String> {
    points.iter().map(ToString::to_string).collect()
}

fn game_from(diagram_text: &str, to_play: Color) -> Game {
    let board = diagram::parse(diagram_text).unwrap();
    Game::new(board, to_play, Rules::liberty_chain_capture())
}

/// Seed 000, worked example 1: white C3, black B3 C2 D3; black C4 removes white C3.
#[test]
fn seed_000_example_1_black_c4_captures_c3() {
    let mut game = game_from(
        ". . . . .
         . . . . .
         . X O X .
         . . X . .
         . . . . .",
        Color::Black,
    );
    let c4 = pt("C4", game.board());
    let played = game.play(Color::Black, Move::Play(c4)).unwrap();
    assert_eq!(names(&played.captured), ["C3"]);
    assert_eq!(game.captures(Color::Black), 1);
    assert_eq!(
        names(&game.board().stones(Color::Black)),
        ["B3", "C2", "C4", "D3"]
    );
    assert!(game.board().stones(Color::White).is_empty());
    // C4's own liberties after the capture: B4, C3 (now empty), C5, D4.
    assert_eq!(played.liberties, Some(4));
}

/// Seed 000, worked example 2: with white also on C4 and C5 empty, the group is not removed.
#[test]
fn seed_000_example_2_group_with_a_liberty_survives() {
    let game = game_from(
        ". . . . .
         . . O . .
         . X O X .
         . . X . .
         . . . . .",
        Color::Black,
    );
    let chain = game.board().chain(pt("C3", game.board())).unwrap();
    assert_eq!(names(&chain.stones), ["C3", "C4"]);
    assert_eq!(names(&chain.liberties), ["B4", "C5", "D4"]);
    let mut game = game;
    let played = game
        .play(Color::Black, Move::Play(pt("B4", game.board())))
        .unwrap();
    assert!(
        played.captured.is_empty(),
        "one black stone does not remove a group with liberties"
    );
}

/// Seed 001: a lone stone with one liberty is captured by playing there.
#[test]
fn seed_001_single_stone_with_one_liberty_is_captured() {
    let mut game = game_from(
        ". . . .
         . X . .
         X O X .
         . . . .",
        Color::Black,
    );
    let played = game
        .play(Color::Black, Move::Play(pt("B1", game.board())))
        .unwrap();
    assert_eq!(names(&played.captured), ["B2"]);
}

/// Seed 001: a solidly connected group of four with one liberty is captured whole.
#[test]
fn seed_001_group_of_four_is_captured_whole() {
    let mut game = game_from(
        ". X X X X .
         X O O O O X
         . X X X . .
         . . . . . .
         . . . . . .
         . . . . . .",
        Color::Black,
    );
    let played = game
        .play(Color::Black, Move::Play(pt("E4", game.board())))
        .unwrap();
    assert_eq!(names(&played.captured), ["B5", "C5", "D5", "E5"]);
}

/// Seed 001: a stone may not be placed where it has no liberty unless it captures; when both
/// sides would be surrounded, the mover's stones survive.
#[test]
fn seed_001_capture_comes_before_suicide() {
    // White A1 would have no liberty and captures nothing (black A2 and B1 have others).
    let mut game = game_from(
        ". . .
         X . .
         . X .",
        Color::White,
    );
    let a1 = pt("A1", game.board());
    assert_eq!(
        game.play(Color::White, Move::Play(a1)),
        Err(IllegalMove::Suicide)
    );
    assert_eq!(
        game.to_play(),
        Color::White,
        "an illegal move must be undone"
    );

    // Mutual surround: black A2 and B1 have A1 as their last liberty, and so would white A1.
    let mut game = game_from(
        ". . . .
         O . . .
         X O . .
         . X O .",
        Color::White,
    );
    // White A1 fills the last liberty of black A2 and of black B1 (separate chains) and has no
    // liberty of its own until those are removed.
    let played = game
        .play(Color::White, Move::Play(pt("A1", game.board())))
        .unwrap();
    assert_eq!(names(&played.captured), ["A2", "B1"]);
    assert_eq!(played.liberties, Some(2));
}

/// Seed 001: one play may capture several groups at once (here four separate stones).
#[test]
fn seed_001_one_play_captures_several_groups() {
    let mut game = game_from(
        ". O . . .
         O X O . .
         X . X O .
         O X O . .
         . O . . .",
        Color::White,
    );
    let played = game
        .play(Color::White, Move::Play(pt("B3", game.board())))
        .unwrap();
    assert_eq!(names(&played.captured), ["A3", "B2", "B4", "C3"]);
    assert_eq!(game.captures(Color::White), 4);
}

/// Seed 000: "a move recreating any earlier whole-board position is also illegal".
#[test]
fn seed_000_repetition_ban_forbids_immediate_ko_recapture() {
    let mut game = game_from(
        ". . . . .
         . X O . .
         X O . O .
         . X O . .
         . . . . .",
        Color::Black,
    );
    let c3 = pt("C3", game.board());
    let b3 = pt("B3", game.board());
    let played = game.play(Color::Black, Move::Play(c3)).unwrap();
    assert_eq!(names(&played.captured), ["B3"]);
    assert_eq!(
        game.play(Color::White, Move::Play(b3)),
        Err(IllegalMove::Superko)
    );
    // After a pair of moves elsewhere the recapture recreates no earlier position.
    game.play(Color::White, Move::Play(pt("E1", game.board())))
        .unwrap();
    game.play(Color::Black, Move::Play(pt("E5", game.board())))
        .unwrap();
    assert!(game.play(Color::White, Move::Play(b3)).is_ok());
}

/// Seed 002's worked score: Black 31 stones + 12 points = 43; White 29 + 9 + 7.5 = 45.5.
#[test]
fn seed_002_area_score_white_wins_by_two_and_a_half() {
    let board = diagram::parse(
        ". . X X O O O O .
         . . X X O O O O .
         . . X X X O O O .
         . X X X X O O O .
         . X X X X O O O .
         . X X X X O O O .
         . X X X X O O O .
         . X X X X O O O .
         . X X X X O O O .",
    );
    let board = board.unwrap();
    let rules = Rules {
        scoring: Scoring::Area,
        komi: 7.5,
        ..Rules::default()
    };
    let s = score(&board, [0, 0], &rules, &[]).unwrap();
    assert_eq!(s.stones, [31, 29]);
    assert_eq!(s.territory, [12, 9]);
    assert_eq!(s.black, 43.0);
    assert_eq!(s.white, 45.5);
    assert_eq!(s.winner, Some(Color::White));
    assert_eq!(s.margin, 2.5);
}
