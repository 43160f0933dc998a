//! The referee: plays a list of moves on a game and reports each one as the record sheet does.

use crate::rules::{Board, Color, Game, IllegalMove, Move, Point};

/// One attempted move and what came of it (a row of the move-record table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// 1-based position in the list of moves.
    pub number: usize,
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Why the move was refused, or `None` when it was legal.
    pub illegal: Option<IllegalMove>,
    /// Stones the move removed, sorted.
    pub captured: Vec<Point>,
    /// The mover's own stones a suicide removed, sorted (only where the rules allow suicide).
    pub suicided: Vec<Point>,
    /// Liberties of the mover's chain after the move (`None` for passes and illegal moves).
    pub liberties: Option<usize>,
    /// Running capture tally after the move, `[black, white]`.
    pub captures: [u32; 2],
    /// Every stone of the opposing chains the move left with exactly one liberty, sorted.
    pub atari: Vec<Point>,
    /// Whether the move left the mover's own chain with exactly one liberty.
    pub self_atari: bool,
}

/// Plays each move (with its colour, or for whoever is to move when `None`) and reports it.
/// An illegal move is reported and leaves the game as it was, so the same player moves again.
pub fn play_all(game: &mut Game, moves: &[(Option<Color>, Move)]) -> Vec<MoveReport> {
    moves
        .iter()
        .enumerate()
        .map(|(i, &(color, mv))| {
            let color = color.unwrap_or_else(|| game.to_play());
            let result = game.play(color, mv);
            let tally = [game.captures(Color::Black), game.captures(Color::White)];
            match result {
                Ok(played) => MoveReport {
                    number: i + 1,
                    color,
                    mv,
                    illegal: None,
                    atari: match mv {
                        Move::Play(p) => atari_given(game.board(), p, color),
                        Move::Pass => Vec::new(),
                    },
                    self_atari: played.liberties == Some(1),
                    captured: played.captured,
                    suicided: played.suicided,
                    liberties: played.liberties,
                    captures: tally,
                },
                Err(reason) => MoveReport {
                    number: i + 1,
                    color,
                    mv,
                    illegal: Some(reason),
                    captured: Vec::new(),
                    suicided: Vec::new(),
                    liberties: None,
                    captures: tally,
                    atari: Vec::new(),
                    self_atari: false,
                },
            }
        })
        .collect()
}

/// The stones of the opposing chains next to `p` that have exactly one liberty once `color`
/// has played there, sorted.
fn atari_given(board: &Board, p: Point, color: Color) -> Vec<Point> {
    let n = board.size().get();
    let mut stones = Vec::new();
    let neighbours = [
        (p.col > 0).then(|| Point::new(p.col - 1, p.row)),
        (p.col + 1 < n).then(|| Point::new(p.col + 1, p.row)),
        (p.row > 0).then(|| Point::new(p.col, p.row - 1)),
        (p.row + 1 < n).then(|| Point::new(p.col, p.row + 1)),
    ];
    for q in neighbours.into_iter().flatten() {
        // The liberty count first: it allocates nothing, and most neighbours are not in atari.
        if board.stone(q) == Some(color.opponent())
            && !stones.contains(&q)
            && board.liberty_count(q) == 1
            && let Some(chain) = board.chain(q)
        {
            stones.extend(chain.stones);
        }
    }
    stones.sort_unstable();
    stones
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::{board_of, parse_position};
    use crate::rules::{BoardSize, Rules};

    fn point(name: &str, size: BoardSize) -> Move {
        Move::Play(Point::parse(name, size).unwrap())
    }

    #[test]
    fn atari_lists_every_stone_of_each_chain_left_one_liberty() {
        let size = BoardSize::new(5).unwrap();
        // White A1 B1 under black A2: Black B2 leaves the white chain only C1.
        let placed = parse_position("white A1 B1; black A2 D4", size).unwrap();
        let mut game = Game::new(board_of(size, &placed), Color::Black, Rules::default());
        let reports = play_all(&mut game, &[(Some(Color::Black), point("B2", size))]);
        let names: Vec<String> = reports[0].atari.iter().map(|p| p.to_string()).collect();
        assert_eq!(names, ["A1", "B1"]);
        assert!(!reports[0].self_atari);
    }

    #[test]
    fn self_atari_is_the_movers_chain_left_one_liberty() {
        let size = BoardSize::new(5).unwrap();
        // Black A1 under white A2: its only liberty is B1.
        let placed = parse_position("white A2", size).unwrap();
        let mut game = Game::new(board_of(size, &placed), Color::Black, Rules::default());
        let reports = play_all(&mut game, &[(Some(Color::Black), point("A1", size))]);
        assert!(reports[0].self_atari);
        assert_eq!(reports[0].liberties, Some(1));
        assert!(reports[0].atari.is_empty());
    }
}
