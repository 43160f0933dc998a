//! Property tests of the engine's invariants over random move sequences on random board sizes.

use libertykit::rules::{Board, BoardSize, Color, Game, KoRule, Move, Point, Rules};
use proptest::prelude::*;

fn arbitrary_game() -> impl Strategy<Value = (u8, u8, Vec<(u8, u8, bool)>)> {
    (2u8..=9, 0u8..3).prop_flat_map(|(n, ko)| {
        let moves = prop::collection::vec((0..n, 0..n, prop::bool::weighted(0.05)), 0..250);
        (Just(n), Just(ko), moves)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// After every legal move: no chain without liberties, the reported liberties of the mover's
    /// chain are its liberties counted one by one, stones placed = on board + captured, the
    /// incremental hash equals a recomputed one, and an illegal move changes nothing.
    #[test]
    fn invariants_hold_after_every_move((n, ko, moves) in arbitrary_game()) {
        let ko = [KoRule::Positional, KoRule::Situational, KoRule::Simple][usize::from(ko)];
        let size = BoardSize::new(u32::from(n)).unwrap();
        let mut game = Game::new(Board::new(size), Color::Black, Rules { ko, ..Rules::default() });
        for (col, row, pass) in moves {
            let mv = if pass { Move::Pass } else { Move::Play(Point::new(col, row)) };
            let before = game.board().clone();
            let to_play = game.to_play();
            match game.play_next(mv) {
                Ok(played) => {
                    let board = game.board();
                    for chain in board.chains() {
                        prop_assert!(!chain.liberties.is_empty(), "chain {:?} has no liberty", chain.stones);
                    }
                    // The reported "Group liberties" is the mover's chain's liberty list, counted.
                    if let Move::Play(p) = mv {
                        let chain = board.chain(p).expect("the stone just played is on the board");
                        prop_assert_eq!(played.liberties, Some(chain.liberties.len()));
                    }
                    let on_board = board.stone_count(Color::Black) + board.stone_count(Color::White);
                    let captured = game.captures(Color::Black) + game.captures(Color::White);
                    prop_assert_eq!(game.stones_placed() as usize, on_board + captured as usize);
                    prop_assert_eq!(board.hash(), board.recomputed_hash());
                    prop_assert_eq!(board.consistency_error(), None);
                }
                Err(_) => {
                    prop_assert_eq!(game.board(), &before);
                    prop_assert_eq!(game.to_play(), to_play);
                }
            }
        }
    }
}
