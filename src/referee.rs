//! The referee: plays a list of moves on a game and reports each one as the record sheet does.

use crate::rules::{Color, Game, IllegalMove, Move, Point};

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
    /// Liberties of the mover's chain after the move (`None` for passes and illegal moves).
    pub liberties: Option<usize>,
    /// Running capture tally after the move, `[black, white]`.
    pub captures: [u32; 2],
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
                    captured: played.captured,
                    liberties: played.liberties,
                    captures: tally,
                },
                Err(reason) => MoveReport {
                    number: i + 1,
                    color,
                    mv,
                    illegal: Some(reason),
                    captured: Vec::new(),
                    liberties: None,
                    captures: tally,
                },
            }
        })
        .collect()
}
