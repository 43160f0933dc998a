use super::*;
use crate::rules::point::BoardSize;
use crate::rules::ruleset::KoRule;

/// The listing follows moves by either colour: after White plays out of turn the point is
/// gone from the list, and the list stays what `Game` judges point by point.
#[test]
fn listing_follows_moves_out_of_turn() {
    let size = BoardSize::new(5).unwrap();
    let mut playout = Playout::new(Board::new(size), Color::Black, Rules::default());
    let mut listed = Vec::new();
    playout.legal_points_top_down(&mut listed);
    assert_eq!(listed.len(), 25);
    let p = listed[0];
    assert!(playout.play(Color::White, Move::Play(p)).is_ok());
    assert_eq!(
        playout.play(Color::Black, Move::Play(p)),
        Err(IllegalMove::Occupied)
    );
    listed.clear();
    playout.legal_points_top_down(&mut listed);
    assert_eq!(listed.len(), 24);
    assert!(!listed.contains(&p));
    assert_eq!(playout.game().board().consistency_error(), None);
}

/// Random games on several sizes and ko rules: the listing must give exactly the points
/// `is_legal` accepts, in top-down order, and the kept sets must stay consistent.
#[test]
fn legal_listing_matches_is_legal() {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for n in [2u8, 3, 4, 5, 7, 9, 13, 19] {
        for ko in [KoRule::Positional, KoRule::Situational, KoRule::Simple] {
            let games = if n >= 13 { 1 } else { 8 };
            for _ in 0..games {
                let size = BoardSize::new(u32::from(n)).unwrap();
                let rules = Rules {
                    ko,
                    ..Rules::default()
                };
                let mut playout = Playout::new(Board::new(size), Color::Black, rules);
                let mut listed = Vec::new();
                for _ in 0..3 * usize::from(n) * usize::from(n) {
                    listed.clear();
                    playout.legal_points_top_down(&mut listed);
                    let game = playout.game();
                    let expected: Vec<Point> = (0..n)
                        .rev()
                        .flat_map(|row| (0..n).map(move |col| Point::new(col, row)))
                        .filter(|&p| game.is_legal(p))
                        .collect();
                    assert_eq!(listed, expected, "{n}x{n} {ko:?}");
                    let mv = if listed.is_empty() || next() % 50 == 0 {
                        Move::Pass
                    } else {
                        Move::Play(listed[(next() % listed.len() as u64) as usize])
                    };
                    // Now and then a stone for the player not to move, or on a taken point.
                    let color = if next() % 20 == 0 {
                        game.to_play().opponent()
                    } else {
                        game.to_play()
                    };
                    let to_play = game.to_play();
                    let result = playout.play(color, mv);
                    assert!(color != to_play || result.is_ok(), "{n}x{n} {ko:?}");
                    if n <= 9 {
                        assert_eq!(playout.game().board().consistency_error(), None);
                    }
                    if playout.game().end().is_some() {
                        break;
                    }
                }
            }
        }
    }
}

/// Reading-order indices number the points from the top row down, each row from column `A`.
#[test]
fn indices_count_from_the_top_left() {
    let size = BoardSize::new(3).unwrap();
    let mut board = Board::new(size);
    board.place_unchecked(Point::new(0, 2), Color::White);
    board.place_unchecked(Point::new(2, 0), Color::White);
    let mut playout = Playout::new(board, Color::Black, Rules::default());
    let mut indices = vec![99];
    playout.legal_indices_top_down(&mut indices);
    assert_eq!(indices, [99, 1, 2, 3, 4, 5, 6, 7]);
}
