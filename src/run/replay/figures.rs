//! The boards of a refereed game's record sheet: its setup, its moves in figures (numbered as the
//! record numbers them, a new figure every fifty or hundred moves and at each setup change), and
//! its final position with the counted points when the game is counted.

use super::Replay;
use crate::answer::{self, counted_marks, numbered_moves_as};
use crate::layout::game_figures::GameFigure;
use crate::record::SetupChange;
use crate::record::referee::MoveReport;
use crate::rules::{Move, Position};
use crate::wording::{Wording, fill};

/// Moves a figure holds: fifty on a small board, whose points are soon played again, a
/// hundred on a large one, as game records are printed in books.
fn moves_per_figure(size: u8) -> usize {
    if size <= 13 { 50 } else { 100 }
}

/// The setup, when the record has stones on the board before the first move.
pub(super) fn setup(replay: &Replay, wording: &Wording) -> Option<GameFigure> {
    let start = start_position(replay);
    let stones = start.stones(crate::rules::Color::Black).len()
        + start.stones(crate::rules::Color::White).len();
    (stones > 0).then(|| GameFigure {
        caption: wording.fill(
            "replay_sheet_setup",
            &[("to_play", wording.get(first_to_play(replay).name()))],
        ),
        board: start,
        numbers: Vec::new(),
        marks: Vec::new(),
        notes: Vec::new(),
    })
}

/// Who moves first: the record's first mover, or whoever a setup before move 1 names.
pub(super) fn first_to_play(replay: &Replay) -> crate::rules::Color {
    replay
        .reports
        .first()
        .map(|r| r.color)
        .or_else(|| {
            before_move(&replay.record.setups, 0)
                .filter_map(|c| c.to_play)
                .last()
        })
        .unwrap_or(replay.record.to_play)
}

/// The board before the first move: the record's setup and any setup written before move 1.
fn start_position(replay: &Replay) -> Position {
    let mut position = Position::of(&replay.record.setup);
    for change in before_move(&replay.record.setups, 0) {
        apply(&mut position, change);
    }
    position
}

/// The setup changes written after exactly `moves` moves.
fn before_move(setups: &[SetupChange], moves: usize) -> impl Iterator<Item = &SetupChange> {
    setups.iter().filter(move |c| c.after_moves == moves)
}

fn apply(position: &mut Position, change: &SetupChange) {
    for &p in &change.empty {
        position.clear(p);
    }
    for &p in &change.black {
        position.put(p, crate::rules::Color::Black);
    }
    for &p in &change.white {
        position.put(p, crate::rules::Color::White);
    }
}

/// The game's moves in figures, then its final position.
pub(super) fn figures(replay: &Replay, wording: &Wording) -> Vec<GameFigure> {
    let per_figure = moves_per_figure(replay.record.size.get());
    let setups = &replay.record.setups;
    let mut figures = Vec::new();
    let mut position = start_position(replay);
    let mut first = 0;
    while first < replay.reports.len() {
        // A figure ends after its count of moves, or where the record sets up stones.
        let mut last = (first + per_figure).min(replay.reports.len());
        if let Some(change) = setups
            .iter()
            .find(|c| c.after_moves > first && c.after_moves < last)
        {
            last = change.after_moves;
        }
        let reports = &replay.reports[first..last];
        figures.push(moves_figure(&position, reports, replay, wording));
        for r in reports {
            play(&mut position, r);
        }
        for change in before_move(setups, last) {
            apply(&mut position, change);
        }
        first = last;
    }
    figures.push(final_figure(replay, wording));
    figures
}

/// One figure: the board as it stands before `reports`, their stones numbered.
fn moves_figure(
    start: &Position,
    reports: &[MoveReport],
    replay: &Replay,
    wording: &Wording,
) -> GameFigure {
    let played = reports
        .iter()
        .filter(|r| r.illegal.is_none())
        .map(|r| (r.number, r.color, r.mv));
    let (numbers, placed) = numbered_moves_as(start, played);
    let mut notes: Vec<(usize, String)> = placed
        .iter()
        .map(|note| (note.number(), answer::note_text(note, wording)))
        .collect();
    let ko = replay.record.rules.ko;
    for r in reports {
        if let Some(reason) = r.illegal {
            let point = match r.mv {
                Move::Play(p) => p.to_string(),
                Move::Pass => wording.get("replay_sheet_pass").to_string(),
            };
            let text = fill(
                wording.get("replay_figure_refused"),
                &[
                    ("number", &r.number.to_string()),
                    ("color", wording.get(r.color.name())),
                    ("point", &point),
                    ("reason", reason.word_under(ko)),
                ],
            );
            notes.push((r.number, text));
        }
    }
    notes.sort_by_key(|(number, _)| *number);
    let (from, to) = (reports[0].number, reports[reports.len() - 1].number);
    let caption = if from == to {
        wording.fill("replay_figure_move", &[("number", &from.to_string())])
    } else {
        wording.fill(
            "replay_figure_moves",
            &[("first", &from.to_string()), ("last", &to.to_string())],
        )
    };
    GameFigure {
        caption,
        board: *start,
        numbers,
        marks: Vec::new(),
        notes: notes.into_iter().map(|(_, text)| text).collect(),
    }
}

/// Puts a legal move's stone on `position` and takes off what it removed.
fn play(position: &mut Position, r: &MoveReport) {
    if r.illegal.is_some() || r.after_end {
        return;
    }
    if let Move::Play(p) = r.mv {
        position.put(p, r.color);
    }
    for &p in r.captured.iter().chain(&r.suicided) {
        position.clear(p);
    }
}

/// The board after the last move, with its dead stones and counted points when the game has
/// ended under a scoring that counts them, and the result under it.
fn final_figure(replay: &Replay, wording: &Wording) -> GameFigure {
    let dead: Vec<_> = replay.record.dead.iter().map(|d| d.0).collect();
    let marks = if replay.game.end().is_some() {
        counted_marks(&replay.score, &dead)
    } else {
        Vec::new()
    };
    let caption = match replay.last_legal() {
        Some(r) => wording.fill("replay_figure_final", &[("number", &r.number.to_string())]),
        None => wording.get("replay_figure_final_unplayed").to_string(),
    };
    GameFigure {
        caption,
        board: Position::of(replay.game.board()),
        numbers: Vec::new(),
        marks,
        notes: vec![super::text::result_line(replay, wording)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::Numbered;
    use crate::record::referee;
    use crate::rules::{BoardSize, Color, Game, Point};

    fn refereed(text: &str) -> Replay {
        let record = crate::record::load_toml(text).expect("a good record");
        match super::super::referee(record, false) {
            Ok(replay) => replay,
            Err(_) => panic!("the record is refereed"),
        }
    }

    fn p(name: &str, size: u32) -> Point {
        Point::parse(name, BoardSize::new(size).unwrap()).unwrap()
    }

    /// Seed 000's ko under the simple rule, worked by hand: 1 takes B3, 2 (the retake at
    /// once) is refused, 3 and 4 are played elsewhere, 5 retakes on B3, where a stone of the
    /// setup stood: "5 at B3", not a numbered stone on a point the figure shows occupied.
    #[test]
    fn a_retake_on_a_setup_stones_point_is_a_note_and_a_refused_move_is_named() {
        let replay = refereed(include_str!("../../../tests/records/ko-simple.toml"));
        let wording = Wording::replay_defaults();
        let setup = setup(&replay, &wording).expect("the record has setup stones");
        assert_eq!(setup.caption, "Setup: Black to move first");
        assert_eq!(setup.board.stone(p("B3", 5)), Some(Color::White));
        let figures = figures(&replay, &wording);
        assert_eq!(
            figures.len(),
            2,
            "one figure of five moves, then the final position"
        );
        assert_eq!(figures[0].caption, "Moves 1–5");
        assert_eq!(figures[0].board, setup.board);
        let numbered = |point: &str, number: usize, color: Color| Numbered {
            point: p(point, 5),
            number,
            color,
        };
        assert_eq!(
            figures[0].numbers,
            [
                numbered("C3", 1, Color::Black),
                numbered("E1", 3, Color::White),
                numbered("E5", 4, Color::Black),
            ]
        );
        assert_eq!(figures[0].notes, ["2 (White B3) refused: ko", "5 at B3"]);
        assert_eq!(figures[1].caption, "Final position after move 5");
        assert_eq!(figures[1].board.stone(p("C3", 5)), None, "5 took C3");
        assert_eq!(figures[1].board.stone(p("B3", 5)), Some(Color::White));
        assert!(
            figures[1].marks.is_empty(),
            "a game not ended is not counted"
        );
    }

    /// A counted game's final position, worked by hand: Black's area is column A (5 points),
    /// White's D1-D4, E1-E3 and E5 (E5 taken by move 1, D2 the dead stone's point): triangles
    /// on the dead stone, squares on the counted points, and the result under the board.
    #[test]
    fn a_counted_games_final_position_marks_its_dead_stones_and_counted_points() {
        use crate::answer::MarkKind;
        let replay = refereed(include_str!("../../../tests/records/territory-dead.toml"));
        let wording = Wording::replay_defaults();
        let figures = figures(&replay, &wording);
        let last = figures.last().unwrap();
        assert_eq!(last.caption, "Final position after move 3");
        let points = |kind: MarkKind| {
            let mut names: Vec<String> = (last.marks.iter())
                .filter(|m| m.kind == kind)
                .map(|m| m.point.to_string())
                .collect();
            names.sort();
            names
        };
        assert_eq!(points(MarkKind::Dead), ["D2"]);
        assert_eq!(
            points(MarkKind::Territory(Color::Black)),
            ["A1", "A2", "A3", "A4", "A5"]
        );
        assert_eq!(
            points(MarkKind::Territory(Color::White)),
            ["D1", "D2", "D3", "D4", "E1", "E2", "E3", "E5"]
        );
        assert_eq!(
            last.notes,
            ["Result by territory scoring: Black 5, White 10.5; White wins by 5.5"]
        );
        assert_eq!(figures[0].notes, ["2: Black passes", "3: White passes"]);
    }

    /// Stones set up between moves start a new figure, drawn with them: a figure's board is
    /// always a position the game passed through.
    #[test]
    fn a_setup_between_moves_starts_a_new_figure() {
        let source = crate::record::sgf_text(b"(;FF[4]SZ[5];B[aa];W[bb];AB[cc];B[dd])".to_vec());
        let record =
            crate::record::load_sgf(&source.text, &Default::default()).expect("a good record");
        let replay = match super::super::referee(record, false) {
            Ok(replay) => replay,
            Err(_) => panic!("the record is refereed"),
        };
        let figures = figures(&replay, &Wording::replay_defaults());
        let captions: Vec<&str> = figures.iter().map(|f| f.caption.as_str()).collect();
        assert_eq!(
            captions,
            ["Moves 1–2", "Move 3", "Final position after move 3"]
        );
        assert_eq!(figures[0].board.stone(p("C3", 5)), None);
        assert_eq!(figures[1].board.stone(p("C3", 5)), Some(Color::Black));
        assert_eq!(figures[1].board.stone(p("A5", 5)), Some(Color::Black));
        assert_eq!(figures[1].board.stone(p("B4", 5)), Some(Color::White));
    }

    /// The 1,000-move game: ten figures of a hundred moves on 19x19, each starting from the
    /// position the engine itself reaches after the moves before it (played afresh here, not
    /// rebuilt from the reports as the figures are), and each of its move numbers shown once,
    /// on a stone or in a note.
    #[test]
    fn a_long_games_figures_start_where_the_engine_stands_and_show_every_move_once() {
        let text = std::fs::read_to_string("tests/records/long-19x19.sgf").unwrap();
        let record = crate::record::load_sgf(
            &crate::record::sgf_text(text.into_bytes()).text,
            &Default::default(),
        )
        .expect("a good record");
        let moves: Vec<_> = record.moves.iter().map(|m| (m.0, m.1)).collect();
        let (setup_board, to_play, rules) = (record.setup.clone(), record.to_play, record.rules);
        let replay = match super::super::referee(record, false) {
            Ok(replay) => replay,
            Err(_) => panic!("the record is refereed"),
        };
        let figures = figures(&replay, &Wording::replay_defaults());
        assert_eq!(figures.len(), 11);
        for (k, figure) in figures[..10].iter().enumerate() {
            let (first, last) = (100 * k + 1, 100 * k + 100);
            assert_eq!(figure.caption, format!("Moves {first}–{last}"));
            let mut game = Game::new(setup_board.clone(), to_play, rules);
            referee::play_all(&mut game, &moves[..100 * k]);
            assert_eq!(figure.board, Position::of(game.board()), "figure {}", k + 1);
            let mut shown: Vec<usize> = figure.numbers.iter().map(|n| n.number).collect();
            for note in &figure.notes {
                let number = note.split([' ', ':']).next().unwrap();
                shown.push(number.parse().unwrap());
            }
            shown.sort_unstable();
            assert_eq!(
                shown,
                (first..=last).collect::<Vec<_>>(),
                "figure {}",
                k + 1
            );
        }
    }
}
