//! The one JSON object `replay --format json` prints.

use serde::{Serialize, Serializer};

use super::Replay;
use crate::referee::MoveReport;
use crate::report_json::{BoardStones, MoveEntry, Tally, Total};
use crate::rules::{Color, EndReason};

/// The whole report, fields in key order as a JSON map prints them.
///
/// Serialized straight to text: a `Value` tree of a 1,000-move game costs more than the game.
#[derive(Serialize)]
pub(super) struct ReplayJson<'a> {
    board: BoardStones,
    captures: Tally,
    end: Option<&'static str>,
    #[serde(serialize_with = "move_entries")]
    moves: &'a [MoveReport],
    result: ResultJson,
    size: u8,
}

/// The `result` object of [`ReplayJson`].
#[derive(Serialize)]
struct ResultJson {
    black: Total,
    scoring: &'static str,
    white: Total,
    /// A colour name, `"draw"`, or `null` while the game has not ended.
    winner: Option<&'static str>,
}

/// Each move as a [`MoveEntry`], made as it is written rather than all at once.
fn move_entries<S: Serializer>(moves: &&[MoveReport], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(moves.iter().map(MoveEntry::refereed))
}

impl<'a> ReplayJson<'a> {
    /// The report of `replay`.
    pub(super) fn of(replay: &'a Replay) -> ReplayJson<'a> {
        let game = &replay.game;
        ReplayJson {
            board: BoardStones::of(game.board()),
            captures: Tally::of([game.captures(Color::Black), game.captures(Color::White)]),
            end: game.end().map(EndReason::name),
            moves: &replay.reports,
            result: ResultJson {
                black: Total::of(replay.score.black),
                scoring: replay.score.scoring.name(),
                white: Total::of(replay.score.white),
                winner: replay.winner().map(|w| w.map_or("draw", Color::name)),
            },
            size: replay.record.size.get(),
        }
    }
}
