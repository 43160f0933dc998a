//! The `replay` command: reads a game record, referees every move and prints the record sheet
//! (text) or one JSON object, with the end, the final board and the result.

use std::path::Path;

use serde_json::{Value, json};

use super::{Console, Failure, Outcome, output_error, read_text};
use crate::cli::{OutputFormat, RuleFlags};
use crate::diag::Diagnostic;
use crate::record::{self, Format, Record, RuleOverrides};
use crate::referee::{self, MoveReport};
use crate::report_json::{board_json, captures_json, move_json};
use crate::rules::{
    Color, EndReason, Game, KoRule, Move, Point, Rules, Score, Scoring, diagram, score,
};
use crate::text::Wording;

/// A refereed game: the record, each move's ruling, the final game and its score.
struct Replay {
    record: Record,
    reports: Vec<MoveReport>,
    game: Game,
    score: Score,
}

impl Replay {
    /// The number of the move that ended the game (the last legal one), when it has ended.
    fn ending_move(&self) -> Option<usize> {
        self.game.end()?;
        self.reports
            .iter()
            .rev()
            .find(|r| r.illegal.is_none())
            .map(|r| r.number)
    }

    /// The winner, known only once the game has ended; `None` inside for a draw.
    fn winner(&self) -> Option<Option<Color>> {
        self.game.end().map(|_| self.score.winner)
    }

    fn all_legal(&self) -> bool {
        self.reports.iter().all(|r| r.illegal.is_none())
    }
}

/// Referees a game record.
pub fn run(
    record: &Path,
    format: OutputFormat,
    rules: &RuleFlags,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let overrides = overrides_of(rules)?;
    let source = read_text(record)?;
    let path = record.display().to_string();
    let loaded = match Format::of(record, &source) {
        Format::Toml if !overrides.is_empty() => {
            return Err(Failure::new(format!(
                "rule flags apply to SGF records only; the record's [rules] table sets the rules of `{path}`"
            )));
        }
        Format::Toml => record::load_toml(&path, &source),
        Format::Sgf => record::load_sgf(&path, &source, &overrides),
    };
    let replay = match loaded.and_then(|r| referee(r, &path, &source)) {
        Ok(replay) => replay,
        Err(problems) => {
            for d in problems {
                writeln!(console.err, "{}\n", d.render()).map_err(output_error)?;
            }
            return Ok(Outcome::CheckFailed);
        }
    };
    match format {
        OutputFormat::Json => {
            let text = serde_json::to_string_pretty(&replay_json(&replay))
                .map_err(|e| Failure::new(format!("cannot write JSON: {e}")))?;
            writeln!(console.out, "{text}").map_err(output_error)?;
        }
        OutputFormat::Text => {
            let text = replay_text(&replay, &path, &Wording::defaults());
            console
                .out
                .write_all(text.as_bytes())
                .map_err(output_error)?;
        }
    }
    Ok(if replay.all_legal() {
        Outcome::Success
    } else {
        Outcome::CheckFailed
    })
}

/// The rule flags as overrides; a bad value is a usage error.
fn overrides_of(flags: &RuleFlags) -> Result<RuleOverrides, Failure> {
    let ko = flags
        .ko
        .as_deref()
        .map(|k| {
            k.parse::<KoRule>()
                .map_err(|e| Failure::new(format!("`--ko`: {e}")))
        })
        .transpose()?;
    let scoring = flags
        .scoring
        .as_deref()
        .map(|s| {
            s.parse::<Scoring>()
                .map_err(|e| Failure::new(format!("`--scoring`: {e}")))
        })
        .transpose()?;
    let positive = |value: Option<u32>, flag: &str| match value {
        Some(0) => Err(Failure::new(format!(
            "`--{flag}` must be at least 1; leave it out to switch this end condition off"
        ))),
        other => Ok(other),
    };
    let komi = match flags.komi {
        Some(k) if !k.is_finite() || k.abs() > 1000.0 => {
            return Err(Failure::new(format!(
                "`--komi {k}` is not a usable number; use e.g. `--komi 7.5`"
            )));
        }
        other => other,
    };
    Ok(RuleOverrides {
        ko,
        end_passes: positive(flags.end_passes, "end-passes")?,
        max_stones: positive(flags.max_stones, "max-stones")?,
        capture_target: positive(flags.capture_target, "capture-target")?,
        scoring,
        komi,
    })
}

/// Plays the record's moves and scores the final board; a dead stone that is not on the final
/// board makes the record malformed.
fn referee(record: Record, path: &str, source: &str) -> Result<Replay, Vec<Diagnostic>> {
    let mut game = Game::new(record.setup.clone(), record.to_play, record.rules);
    let moves: Vec<(Option<Color>, Move)> = record.moves.iter().map(|m| (m.0, m.1)).collect();
    let reports = referee::play_all(&mut game, &moves);
    let dead: Vec<Point> = record.dead.iter().map(|d| d.0).collect();
    let captures = [game.captures(Color::Black), game.captures(Color::White)];
    match score::score(game.board(), captures, game.rules(), &dead) {
        Ok(score) => Ok(Replay {
            record,
            reports,
            game,
            score,
        }),
        Err(e) => {
            let span = record
                .dead
                .iter()
                .find(|d| d.0 == e.0)
                .map_or(0..0, |d| d.1.clone());
            Err(vec![
                Diagnostic::at(
                    path,
                    source,
                    span,
                    format!(
                        "`{}` is named as dead but the final board has no stone there",
                        e.0
                    ),
                )
                .with_help("list only stones still on the board after the last move"),
            ])
        }
    }
}

/// A score total as JSON: a whole number when it is one, so `1` is not written `1.0`.
fn number_json(value: f64) -> Value {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        json!(value as i64)
    } else {
        json!(value)
    }
}

/// The one JSON object `--format json` prints.
fn replay_json(replay: &Replay) -> Value {
    let winner = match replay.winner() {
        None => Value::Null,
        Some(Some(color)) => json!(color.name()),
        Some(None) => json!("draw"),
    };
    let game = &replay.game;
    json!({
        "size": replay.record.size.get(),
        "moves": replay.reports.iter().map(move_json).collect::<Vec<_>>(),
        "end": game.end().map(EndReason::name),
        "captures": captures_json([game.captures(Color::Black), game.captures(Color::White)]),
        "board": board_json(game.board()),
        "result": {
            "scoring": replay.score.scoring.name(),
            "black": number_json(replay.score.black),
            "white": number_json(replay.score.white),
            "winner": winner,
        },
    })
}

/// The reason's sentence key in the wording, e.g. `reason_off_board`.
fn reason_key(name: &str) -> String {
    format!("reason_{}", name.replace('-', "_"))
}

/// The rules line: repetition rule, scoring, komi and the end conditions in force.
fn rules_line(rules: &Rules, wording: &Wording) -> String {
    let mut conditions = Vec::new();
    for (value, key) in [
        (rules.end_passes, "replay_ends_passes"),
        (rules.max_stones, "replay_ends_max_stones"),
        (rules.capture_target, "replay_ends_capture_target"),
    ] {
        if let Some(n) = value {
            conditions.push(wording.fill(key, &[("count", &n.to_string())]));
        }
    }
    let ends = if conditions.is_empty() {
        wording.get("replay_ends_none").to_string()
    } else {
        let joined = conditions.join(wording.get("replay_ends_joiner"));
        wording.fill("replay_ends", &[("conditions", &joined)])
    };
    wording.fill(
        "replay_rules",
        &[
            ("ko", rules.ko.name()),
            ("scoring", rules.scoring.name()),
            ("komi", &rules.komi.to_string()),
            ("ends", &ends),
        ],
    )
}

/// Appends `text` and a line break.
fn push(out: &mut String, text: impl AsRef<str>) {
    out.push_str(text.as_ref());
    out.push('\n');
}

/// Widest a column is padded to: a cell listing a big capture overflows its column rather than
/// widening every row of a long game.
const MAX_COLUMN_WIDTH: usize = 24;

/// Lays out rows as a `| a | b |` table with a rule under the header, columns padded to fit.
fn table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        rows.iter()
            .filter_map(|r| r.get(c))
            .map(|cell| cell.chars().count())
            .max()
            .unwrap_or(0)
            .min(MAX_COLUMN_WIDTH)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    // Written straight into one buffer: a 1,000-move record makes a 1,000-row table.
    let line_length: usize = widths.iter().map(|w| w + 3).sum::<usize>() + 2;
    let mut out = String::with_capacity((rows.len() + 1) * line_length);
    for (i, row) in rows.iter().enumerate() {
        out.push('|');
        for (c, &w) in widths.iter().enumerate() {
            let cell = row.get(c).map_or("", String::as_str);
            out.push(' ');
            out.push_str(cell);
            out.extend(std::iter::repeat_n(
                ' ',
                w.saturating_sub(cell.chars().count()),
            ));
            out.push_str(" |");
        }
        out.push('\n');
        if i == 0 {
            for &w in &widths {
                out.push('|');
                out.extend(std::iter::repeat_n('-', w + 2));
            }
            out.push_str("|\n");
        }
    }
    out
}

/// The record sheet as text: heading, rules, the move table, notes on illegal moves, the end,
/// the final board, the capture tally and the result.
fn replay_text(replay: &Replay, path: &str, wording: &Wording) -> String {
    let record = &replay.record;
    let game = &replay.game;
    let color = |c: Color| wording.get(c.name()).to_string();
    let mut out = String::new();
    push(
        &mut out,
        wording.fill(
            "replay_heading",
            &[
                ("path", path),
                ("size", &record.size.to_string()),
                ("to_play", &color(record.to_play)),
            ],
        ),
    );
    push(&mut out, rules_line(&record.rules, wording));
    push(&mut out, String::new());

    if replay.reports.is_empty() {
        push(&mut out, wording.get("replay_no_moves"));
    } else {
        let none = wording.get("replay_cell_none");
        let mut rows = vec![
            [
                "replay_column_move",
                "replay_column_colour",
                "replay_column_point",
                "replay_column_captures",
                "replay_column_liberties",
                "replay_column_tally",
            ]
            .iter()
            .map(|k| wording.get(k).to_string())
            .collect::<Vec<_>>(),
        ];
        for r in &replay.reports {
            let captures = match r.illegal {
                Some(reason) => wording.fill("replay_cell_illegal", &[("reason", reason.name())]),
                None if r.captured.is_empty() => none.to_string(),
                None => names(&r.captured),
            };
            rows.push(vec![
                r.number.to_string(),
                color(r.color),
                r.mv.to_string(),
                captures,
                r.liberties
                    .map_or_else(|| none.to_string(), |n| n.to_string()),
                wording.fill(
                    "replay_cell_tally",
                    &[
                        ("black", &r.captures[0].to_string()),
                        ("white", &r.captures[1].to_string()),
                    ],
                ),
            ]);
        }
        out.push_str(&table(&rows));
        push(&mut out, String::new());
        let illegal: Vec<&MoveReport> = replay
            .reports
            .iter()
            .filter(|r| r.illegal.is_some())
            .collect();
        for r in &illegal {
            let reason = r.illegal.map(|i| i.name()).unwrap_or_default();
            push(
                &mut out,
                wording.fill(
                    "replay_illegal_note",
                    &[
                        ("number", &r.number.to_string()),
                        ("color", &color(r.color)),
                        ("point", &r.mv.to_string()),
                        ("reason", wording.get(&reason_key(reason))),
                    ],
                ),
            );
        }
        if illegal.is_empty() {
            push(&mut out, wording.get("replay_all_legal"));
        } else {
            let numbers: Vec<String> = illegal.iter().map(|r| r.number.to_string()).collect();
            push(
                &mut out,
                wording.fill("replay_illegal_count", &[("numbers", &numbers.join(", "))]),
            );
        }
    }
    push(&mut out, String::new());

    let number = replay.ending_move().unwrap_or(0).to_string();
    let rules = game.rules();
    let count = |n: Option<u32>| n.unwrap_or(0).to_string();
    let last_mover = replay
        .reports
        .iter()
        .rev()
        .find(|r| r.illegal.is_none())
        .map_or(record.to_play, |r| r.color);
    push(
        &mut out,
        match game.end() {
            None => wording.get("replay_not_ended").to_string(),
            Some(EndReason::Passes) => wording.fill(
                "replay_end_passes",
                &[("number", &number), ("count", &count(rules.end_passes))],
            ),
            Some(EndReason::MaxStones) => wording.fill(
                "replay_end_max_stones",
                &[("number", &number), ("count", &count(rules.max_stones))],
            ),
            Some(EndReason::CaptureTarget) => wording.fill(
                "replay_end_capture_target",
                &[
                    ("number", &number),
                    ("color", &color(last_mover)),
                    ("count", &count(rules.capture_target)),
                ],
            ),
        },
    );
    push(&mut out, String::new());
    push(&mut out, wording.get("replay_final_board"));
    out.push_str(&diagram::render(game.board(), &[]));
    push(&mut out, String::new());
    push(
        &mut out,
        wording.fill(
            "answer_tally",
            &[
                ("black", &game.captures(Color::Black).to_string()),
                ("white", &game.captures(Color::White).to_string()),
            ],
        ),
    );
    let outcome = match replay.winner() {
        None => wording.get("replay_no_winner_yet").to_string(),
        Some(None) => wording.get("answer_draw").to_string(),
        Some(Some(c)) => wording.fill(
            "answer_winner",
            &[
                ("color", &color(c)),
                ("margin", &replay.score.margin.to_string()),
            ],
        ),
    };
    push(
        &mut out,
        wording.fill(
            "replay_result",
            &[
                ("scoring", replay.score.scoring.name()),
                ("black", &replay.score.black.to_string()),
                ("white", &replay.score.white.to_string()),
                ("outcome", &outcome),
            ],
        ),
    );
    out
}

/// Points joined by spaces, sorted by column then row.
fn names(points: &[Point]) -> String {
    let mut sorted = points.to_vec();
    sorted.sort();
    let names: Vec<String> = sorted.iter().map(ToString::to_string).collect();
    names.join(" ")
}
