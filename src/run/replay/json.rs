//! The one JSON object `replay --format json` prints.

use serde::{Serialize, Serializer};

use super::Replay;
use crate::record::referee::MoveReport;
use crate::record::{RecordedResult, RulesSource};
use crate::rules::{Color, EndReason, Position};
use crate::run::report_json::{BoardStones, MoveEntry, Tally, Total};
use crate::wording::Wording;

/// The whole report, fields in key order as a JSON map prints them.
///
/// Serialized straight to text: a `Value` tree of a 1,000-move game costs more than the game.
#[derive(Serialize)]
pub(super) struct ReplayJson<'a> {
    board: BoardStones,
    captures: Tally,
    end: Option<&'static str>,
    game: GameJson<'a>,
    #[serde(serialize_with = "move_entries")]
    moves: &'a [MoveReport],
    notes: Vec<String>,
    players: PlayersJson<'a>,
    recorded_result: Option<RecordedJson<'a>>,
    result: ResultJson,
    rules: RulesJson,
    size: u8,
    variations_skipped: usize,
}

/// The `game` object: the record's name, date and event, each `null` when not given.
#[derive(Serialize)]
struct GameJson<'a> {
    date: Option<&'a str>,
    event: Option<&'a str>,
    name: Option<&'a str>,
}

/// The `players` object: each name, or `null`.
#[derive(Serialize)]
struct PlayersJson<'a> {
    black: Option<&'a str>,
    white: Option<&'a str>,
}

/// The `recorded_result` object: the record's `RE` and how it compares with the count.
#[derive(Serialize)]
struct RecordedJson<'a> {
    /// Whether the count says the same; `null` for a result the board cannot confirm.
    agrees: Option<bool>,
    /// `score`, `resignation`, `time`, `forfeit`, `draw`, `void`, `unknown`, or `unreadable`.
    kind: &'static str,
    text: &'a str,
    winner: Option<&'static str>,
}

/// The `rules` object: the rules the game was refereed under and where they came from.
#[derive(Serialize)]
struct RulesJson {
    capture_target: Option<u32>,
    end_passes: Option<u32>,
    ko: &'static str,
    komi: Total,
    max_stones: Option<u32>,
    scoring: &'static str,
    /// `"table"` (a TOML record's `[rules]`), `"defaults"`, or the SGF property, `"RU[NZ]"`.
    source: String,
    suicide: &'static str,
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
        let record = &replay.record;
        let info = &record.info;
        let rules = &record.rules;
        let recorded_result =
            info.result
                .as_deref()
                .map(|text| match RecordedResult::parse(text) {
                    Some(r) => RecordedJson {
                        agrees: r.agrees_with(replay.score.winner, replay.score.margin),
                        kind: r.kind(),
                        text,
                        winner: r.winner().map(Color::name),
                    },
                    None => RecordedJson {
                        agrees: None,
                        kind: "unreadable",
                        text,
                        winner: None,
                    },
                });
        ReplayJson {
            game: GameJson {
                date: info.date.as_deref(),
                event: info.event.as_deref(),
                name: info.name.as_deref(),
            },
            notes: super::text::notes(replay, &Wording::replay_defaults()),
            players: PlayersJson {
                black: info.black.as_deref(),
                white: info.white.as_deref(),
            },
            recorded_result,
            rules: RulesJson {
                capture_target: rules.capture_target,
                end_passes: rules.end_passes,
                ko: rules.ko.name(),
                komi: Total::of(rules.komi),
                max_stones: rules.max_stones,
                scoring: rules.scoring.name(),
                source: match &record.rules_source {
                    RulesSource::Table => "table".to_string(),
                    RulesSource::SgfDefaults => "defaults".to_string(),
                    RulesSource::Ruleset(name) => format!("RU[{name}]"),
                },
                suicide: rules.suicide.name(),
            },
            variations_skipped: record.variations,
            board: BoardStones::of(&Position::of(game.board())),
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
