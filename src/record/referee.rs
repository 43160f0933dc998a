//! The referee: plays a list of moves on a game and reports each one as the record sheet does.

use std::collections::HashMap;

use super::{Record, SetupChange};
use crate::diag::Diagnostic;
use crate::rules::notation::{NO_LIBERTY_HELP, chains_without_liberty};
use crate::rules::{Board, Color, Game, IllegalMove, KoRule, Move, Point, Position};

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
    /// A pass after the game ended (White's last pass under the AGA rules): accepted, since
    /// it puts nothing on the board, and not played.
    pub after_end: bool,
    /// Under the basic ko rule, which allows long cycles: the move whose position this legal
    /// move recreates (0 for the starting position or the last setup).
    pub repeats: Option<usize>,
}

/// Plays each move (with its colour, or for whoever is to move when `None`) and reports it.
/// An illegal move is reported and leaves the game as it was, so the same player moves again.
pub fn play_all(game: &mut Game, moves: &[(Option<Color>, Move)]) -> Vec<MoveReport> {
    let mut referee = Referee::new(game);
    moves
        .iter()
        .enumerate()
        .map(|(i, &(color, mv))| referee.play(game, i + 1, color, mv))
        .collect()
}

/// Plays a record's moves as [`play_all`] does, with its setup changes applied where they stand
/// between moves; a setup that leaves a chain with no liberty is a problem at its place.
pub fn play_record(game: &mut Game, record: &Record) -> Result<Vec<MoveReport>, Vec<Diagnostic>> {
    let mut referee = Referee::new(game);
    let mut setups = record.setups.iter().peekable();
    let mut reports = Vec::with_capacity(record.moves.len());
    for k in 0..=record.moves.len() {
        while let Some(change) = setups.next_if(|c| c.after_moves == k) {
            set_up(game, change)?;
            referee.restart(game);
        }
        if let Some(&(color, mv, _)) = record.moves.get(k) {
            reports.push(referee.play(game, k + 1, color, mv));
        }
    }
    Ok(reports)
}

/// Applies one setup change to the game's board.
fn set_up(game: &mut Game, change: &SetupChange) -> Result<(), Vec<Diagnostic>> {
    let mut position = Position::of(game.board());
    for &p in &change.empty {
        position.clear(p);
    }
    for (color, points) in [(Color::Black, &change.black), (Color::White, &change.white)] {
        for &p in points {
            position.put(p, color);
        }
    }
    let airless = chains_without_liberty(&position.to_board());
    if !airless.is_empty() {
        return Err(airless
            .into_iter()
            .map(|chain| {
                Diagnostic::at(
                    change.span.clone(),
                    format!(
                        "after move {}, {} once this setup is placed",
                        change.after_moves, chain.message
                    ),
                )
                .with_help(NO_LIBERTY_HELP)
            })
            .collect());
    }
    game.set_up(&position, change.to_play);
    Ok(())
}

/// What the referee keeps between moves: the positions reached since the start or the last
/// setup, to tell a long cycle under the basic ko rule.
struct Referee {
    seen: HashMap<u64, usize>,
    watch_cycles: bool,
}

impl Referee {
    fn new(game: &Game) -> Referee {
        let mut referee = Referee {
            seen: HashMap::new(),
            watch_cycles: game.rules().ko == KoRule::Simple,
        };
        referee.restart(game);
        referee
    }

    /// Starts the cycle watch again from the game's position (the start, or a setup).
    fn restart(&mut self, game: &Game) {
        self.seen.clear();
        if self.watch_cycles {
            self.seen.insert(game.board().hash(), 0);
        }
    }

    /// Plays move `number` and reports it.
    fn play(
        &mut self,
        game: &mut Game,
        number: usize,
        color: Option<Color>,
        mv: Move,
    ) -> MoveReport {
        let color = color.unwrap_or_else(|| game.to_play());
        let tally = |game: &Game| [game.captures(Color::Black), game.captures(Color::White)];
        let refused = |game: &Game, reason: Option<IllegalMove>, after_end: bool| MoveReport {
            number,
            color,
            mv,
            illegal: reason,
            captured: Vec::new(),
            suicided: Vec::new(),
            liberties: None,
            captures: tally(game),
            atari: Vec::new(),
            self_atari: false,
            after_end,
            repeats: None,
        };
        if game.end().is_some() && mv == Move::Pass {
            return refused(game, None, true);
        }
        match game.play(color, mv) {
            Ok(played) => {
                let repeats = if self.watch_cycles && mv != Move::Pass {
                    let hash = game.board().hash();
                    match self.seen.get(&hash) {
                        Some(&earlier) => Some(earlier),
                        None => {
                            self.seen.insert(hash, number);
                            None
                        }
                    }
                } else {
                    None
                };
                MoveReport {
                    number,
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
                    captures: tally(game),
                    after_end: false,
                    repeats,
                }
            }
            Err(reason) => refused(game, Some(reason), false),
        }
    }
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
