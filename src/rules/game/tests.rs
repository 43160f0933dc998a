//! Unit tests of `Game`: capturing moves and trying a move without playing it.

use super::*;
use crate::rules::diagram;

fn game(text: &str, to_play: Color, ko: KoRule) -> Game {
    let rules = Rules {
        ko,
        ..Rules::default()
    };
    Game::new(diagram::parse(text).unwrap(), to_play, rules)
}

fn at(game: &Game, name: &str) -> Point {
    Point::parse(name, game.board().size()).unwrap()
}

/// The capturing moves as `(point, captured)` names, for comparing with hand-made lists.
fn captures(game: &Game) -> Vec<(String, Vec<String>)> {
    game.capturing_moves()
        .into_iter()
        .map(|c| {
            let names = c.captured.iter().map(ToString::to_string).collect();
            (c.point.to_string(), names)
        })
        .collect()
}

fn expect(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    list.iter()
        .map(|(p, cs)| (p.to_string(), cs.iter().map(|c| c.to_string()).collect()))
        .collect()
}

const KO_RULES: [KoRule; 3] = [KoRule::Positional, KoRule::Situational, KoRule::Simple];

/// One stone in atari: its last liberty is the one capturing move.
#[test]
fn capturing_moves_simple_capture() {
    let g = game(
        ". . . . .
         . . . . .
         . X O X .
         . . X . .
         . . . . .",
        Color::Black,
        KoRule::Positional,
    );
    assert_eq!(captures(&g), expect(&[("C4", &["C3"])]));
}

/// One stone on the last liberty of two separate chains takes both.
#[test]
fn capturing_moves_double_capture_by_one_stone() {
    let g = game(
        ". . . . .
         . . . . .
         . . . . .
         . X . X .
         X O . O X",
        Color::Black,
        KoRule::Positional,
    );
    assert_eq!(captures(&g), expect(&[("C1", &["B1", "D1"])]));
}

/// After Black takes a ko, White's immediate retake would capture but is refused under
/// every ko rule, so White has no capturing move.
#[test]
fn capturing_moves_respect_ko() {
    for ko in KO_RULES {
        let mut g = game(
            ". O X .
             O . O X
             . O X .
             . . . .",
            Color::Black,
            ko,
        );
        assert_eq!(captures(&g), expect(&[("B3", &["C3"])]), "{ko}");
        g.play_next(Move::Play(at(&g, "B3"))).unwrap();
        assert_eq!(captures(&g), expect(&[]), "{ko}");
        let retake = Move::Play(at(&g, "C3"));
        assert_eq!(g.try_play(Color::White, retake), Err(IllegalMove::Superko));
    }
}

/// A snapback: Black throws a stone in at C1, White takes it with D1 and is left with C1
/// as its only liberty, and Black's retake at once on C1 takes five stones: no ko.
#[test]
fn capturing_moves_snapback() {
    for ko in KO_RULES {
        let mut g = game(
            ". . . . .
             . . . . .
             . X X X .
             X O O O X
             X O . . X",
            Color::Black,
            ko,
        );
        assert_eq!(captures(&g), expect(&[]), "{ko}");
        g.play_next(Move::Play(at(&g, "C1"))).unwrap();
        // White may also take A1-A2, whose only liberty is A3; moves come sorted.
        let white = expect(&[("A3", &["A1", "A2"]), ("D1", &["C1"])]);
        assert_eq!(captures(&g), white, "{ko}");
        g.play_next(Move::Play(at(&g, "D1"))).unwrap();
        let black = expect(&[("C1", &["B1", "B2", "C2", "D1", "D2"])]);
        assert_eq!(captures(&g), black, "{ko}");
    }
}

/// `try_play` reports what `play` then does, and leaves the game as it was.
#[test]
fn try_play_does_not_mutate() {
    // The snapback above: Black C1, White D1 takes it, Black C1 takes five.
    let mut g = game(
        ". . . . .
         . . . . .
         . X X X .
         X O O O X
         X O . . X",
        Color::Black,
        KoRule::Positional,
    );
    for name in ["C1", "D1", "C1"] {
        let mv = Move::Play(at(&g, name));
        let (board, to_play, placed) = (g.board().clone(), g.to_play(), g.stones_placed());
        let captures = [Color::Black, Color::White].map(|c| g.captures(c));
        let tried = g.try_play(to_play, mv);
        assert_eq!(g.board(), &board);
        assert_eq!(g.to_play(), to_play);
        assert_eq!(g.stones_placed(), placed);
        assert_eq!(
            [Color::Black, Color::White].map(|c| g.captures(c)),
            captures
        );
        assert_eq!(g.play_next(mv), tried);
    }
    assert_eq!(g.captures(Color::White), 1);
    assert_eq!(g.captures(Color::Black), 5);
    assert_eq!(g.board().liberty_count(at(&g, "C1")), 3);
    let pass = g.try_play(Color::White, Move::Pass).unwrap();
    assert_eq!((pass.captured.len(), pass.liberties), (0, None));
    assert_eq!(
        g.try_play(Color::White, Move::Play(at(&g, "C1"))),
        Err(IllegalMove::Occupied)
    );
}

/// The end a move would bring is reported by `try_play` as `play` reports it.
#[test]
fn try_play_reports_the_end() {
    let rules = Rules {
        end_passes: Some(2),
        capture_target: Some(1),
        ..Rules::default()
    };
    let board = diagram::parse(". X O\n. . .\n. . .").unwrap();
    let mut g = Game::new(board, Color::White, rules);
    let pass = g.try_play(Color::White, Move::Pass).unwrap();
    assert_eq!(pass.end, None);
    g.play_next(Move::Pass).unwrap();
    assert_eq!(
        g.try_play(Color::Black, Move::Pass).unwrap().end,
        Some(EndReason::Passes)
    );
    let capture = Move::Play(at(&g, "C2"));
    let capture = g.try_play(Color::Black, capture).unwrap();
    assert_eq!(capture.end, Some(EndReason::CaptureTarget));
    assert_eq!(g.end(), None);
}

/// Trying an allowed suicide reports what playing it does: the mover's chain removed, its
/// stones in the opponent's tally, and a capture target the opponent reaches ends the game.
/// White B1 joins A1: the chain A1 B1 has no liberty (A2 B2 C1 are Black) and captures
/// nothing, so both stones go to Black, whose target is 2.
#[test]
fn an_allowed_suicide_is_tried_as_it_is_played() {
    let rules = Rules {
        suicide: SuicideRule::Allowed,
        capture_target: Some(2),
        ..Rules::default()
    };
    let board = diagram::parse(
        ". . .
         X X .
         O . X",
    )
    .unwrap();
    let mut game = Game::new(board, Color::White, rules);
    let b1 = Move::Play(at(&game, "B1"));
    let tried = game.try_play(Color::White, b1).unwrap();
    let played = game.play(Color::White, b1).unwrap();
    assert_eq!(tried, played);
    let names: Vec<String> = played.suicided.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["A1", "B1"]);
    assert_eq!(played.liberties, Some(0));
    assert_eq!(played.end, Some(EndReason::CaptureTarget));
    assert_eq!(game.captures(Color::Black), 2);
    assert_eq!(game.board().stones(Color::White), []);
}
