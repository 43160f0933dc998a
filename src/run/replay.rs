//! The `replay` command: reads a game record, referees every move and prints the record sheet
//! (text) or one JSON object, with the end, the final board and the result.

use std::path::Path;

use serde::{Serialize, Serializer};

use super::{Console, Failure, Outcome, RECORD_LIMIT, output_error, read_text};
use crate::cli::{OutputFormat, RuleFlags};
use crate::diag::{Diagnostic, Source};
use crate::record::{self, Format, Record, RuleOverrides};
use crate::referee::{self, MoveReport};
use crate::report_json::{BoardStones, MoveEntry, Tally};
use crate::rules::{
    Color, EndReason, Game, KoRule, Move, Point, Rules, Score, Scoring, diagram, score,
};
use crate::text::{Wording, push_decimal};

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
    let path = record.display().to_string();
    let source = Source::new(path.as_str(), read_text(record, RECORD_LIMIT)?);
    let loaded = match Format::of(record, source.text()) {
        Format::Toml if !overrides.is_empty() => {
            return Err(Failure::new(format!(
                "rule flags apply to SGF records only; the record's [rules] table sets the rules of `{path}`"
            )));
        }
        Format::Toml => record::load_toml(source.text()),
        Format::Sgf => record::load_sgf(source.text(), &overrides),
    };
    let replay = match loaded.and_then(referee) {
        Ok(replay) => replay,
        Err(problems) => {
            write!(console.err, "{}", source.render_all(&problems)).map_err(output_error)?;
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
            let text = replay_text(&replay, &path, &Wording::replay_defaults());
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
            return Err(Failure::new(
                "`--komi` must be a number from -1000 to 1000, e.g. `--komi 7.5`",
            ));
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
fn referee(record: Record) -> Result<Replay, Vec<Diagnostic>> {
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
struct Total(f64);

impl Serialize for Total {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = self.0;
        if value.fract() == 0.0 && value.abs() < 1e15 {
            serializer.serialize_i64(value as i64)
        } else {
            serializer.serialize_f64(value)
        }
    }
}

/// The one JSON object `--format json` prints, fields in key order as a JSON map prints them.
///
/// Serialized straight to text: a `Value` tree of a 1,000-move game costs more than the game.
#[derive(Serialize)]
struct ReplayJson<'a> {
    board: BoardStones,
    captures: Tally,
    end: Option<&'static str>,
    #[serde(serialize_with = "move_list")]
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

/// The moves as [`MoveEntry`] objects.
fn move_list<S: Serializer>(moves: &&[MoveReport], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(moves.iter().map(MoveEntry))
}

/// The one JSON object `--format json` prints.
fn replay_json(replay: &Replay) -> ReplayJson<'_> {
    let winner = replay.winner().map(|w| w.map_or("draw", Color::name));
    let game = &replay.game;
    ReplayJson {
        board: BoardStones::of(game.board()),
        captures: Tally([game.captures(Color::Black), game.captures(Color::White)]),
        end: game.end().map(EndReason::name),
        moves: &replay.reports,
        result: ResultJson {
            black: Total(replay.score.black),
            scoring: replay.score.scoring.name(),
            white: Total(replay.score.white),
            winner,
        },
        size: replay.record.size.get(),
    }
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

/// A `| a | b |` table filled cell by cell into one buffer, then laid out with a rule under the
/// header row and columns padded to fit. A 1,000-move record makes a 1,000-row table, so no cell
/// is a `String` of its own.
struct Table {
    /// How many characters the widest cell of each column holds.
    widths: Vec<usize>,
    /// Every cell's text, back to back; a cell is written here and then closed with `end_cell`.
    text: String,
    /// Where each cell ends in `text`, row after row.
    ends: Vec<usize>,
}

impl Table {
    /// An empty table of `columns` columns with room for `rows` rows.
    fn new(columns: usize, rows: usize) -> Table {
        Table {
            widths: vec![0; columns],
            text: String::with_capacity(rows * columns * 8),
            ends: Vec::with_capacity(rows * columns),
        }
    }

    /// Where the cell being written starts in `text`.
    fn cell_start(&self) -> usize {
        self.ends.last().copied().unwrap_or(0)
    }

    /// Closes the cell written to `text` since the previous one was closed.
    fn end_cell(&mut self) {
        let column = self.ends.len() % self.widths.len();
        let width = char_width(&self.text[self.cell_start()..]);
        self.widths[column] = self.widths[column].max(width);
        self.ends.push(self.text.len());
    }

    /// Adds a cell holding `text`.
    fn cell(&mut self, text: &str) {
        self.text.push_str(text);
        self.end_cell();
    }

    /// Appends the laid-out table to `out`.
    fn write_to(&self, out: &mut String) {
        let widths: Vec<usize> = self
            .widths
            .iter()
            .map(|&w| w.min(MAX_COLUMN_WIDTH))
            .collect();
        let columns = widths.len();
        let line_length: usize = widths.iter().map(|w| w + 3).sum::<usize>() + 2;
        out.reserve((self.ends.len() / columns + 1) * line_length);
        let mut start = 0;
        for (i, &end) in self.ends.iter().enumerate() {
            let column = i % columns;
            if column == 0 {
                out.push_str("| ");
            }
            let cell = &self.text[start..end];
            out.push_str(cell);
            push_spaces(out, widths[column].saturating_sub(char_width(cell)));
            start = end;
            if column + 1 < columns {
                out.push_str(" | ");
            } else {
                out.push_str(" |\n");
                if i + 1 == columns {
                    for &w in &widths {
                        out.push('|');
                        out.extend(std::iter::repeat_n('-', w + 2));
                    }
                    out.push_str("|\n");
                }
            }
        }
    }
}

/// How many characters `text` holds (its length when it is ASCII, as cells nearly always are).
fn char_width(text: &str) -> usize {
    if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    }
}

/// Appends `n` spaces.
fn push_spaces(out: &mut String, mut n: usize) {
    const SPACES: &str = "                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// Appends a point as its `Display` writes it (`C4`), without the formatting machinery: the
/// move table writes one or more per row.
fn push_point(out: &mut String, p: Point) {
    out.push(p.column_letter());
    push_decimal(out, u64::from(p.row_number()));
}

/// Appends a move as its `Display` writes it (`C4`, `pass`).
fn push_move(out: &mut String, mv: Move) {
    match mv {
        Move::Play(p) => push_point(out, p),
        Move::Pass => out.push_str("pass"),
    }
}

/// Appends points joined by spaces, sorted by column then row.
fn push_points(out: &mut String, points: &[Point]) {
    // The referee reports captures sorted already; copy and sort only a list that is not.
    let sorted;
    let points = if points.is_sorted() {
        points
    } else {
        let mut copy = points.to_vec();
        copy.sort_unstable();
        sorted = copy;
        &sorted
    };
    for (i, &p) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_point(out, p);
    }
}

/// The move table: a row per move with its number, colour, point, captures (or why it is
/// illegal), the mover's liberties and the running tally.
fn move_table(reports: &[MoveReport], wording: &Wording) -> Table {
    // Looked up and split once: every row uses them.
    let none = wording.get("replay_cell_none");
    let colors = [wording.get("black"), wording.get("white")];
    let illegal = wording.template("replay_cell_illegal");
    let tally = wording.template("replay_cell_tally");
    let mut last_tally = None;
    let mut tally_cell = String::new();
    let mut table = Table::new(6, reports.len() + 1);
    for key in [
        "replay_column_move",
        "replay_column_colour",
        "replay_column_point",
        "replay_column_captures",
        "replay_column_liberties",
        "replay_column_tally",
    ] {
        table.cell(wording.get(key));
    }
    for r in reports {
        push_decimal(&mut table.text, r.number as u64);
        table.end_cell();
        table.cell(match r.color {
            Color::Black => colors[0],
            Color::White => colors[1],
        });
        push_move(&mut table.text, r.mv);
        table.end_cell();
        match r.illegal {
            Some(reason) => illegal.fill_with(&mut table.text, |name, out| {
                (name == "reason").then(|| out.push_str(reason.name()))
            }),
            None if r.captured.is_empty() => table.text.push_str(none),
            None => push_points(&mut table.text, &r.captured),
        }
        table.end_cell();
        match r.liberties {
            Some(n) => push_decimal(&mut table.text, n as u64),
            None => table.text.push_str(none),
        }
        table.end_cell();
        // The tally changes only on a capture: most rows repeat the row above.
        if last_tally != Some(r.captures) {
            last_tally = Some(r.captures);
            tally_cell.clear();
            tally.fill_with(&mut tally_cell, |name, out| {
                let count = match name {
                    "black" => r.captures[0],
                    "white" => r.captures[1],
                    _ => return None,
                };
                push_decimal(out, u64::from(count));
                Some(())
            });
        }
        table.text.push_str(&tally_cell);
        table.end_cell();
    }
    table
}

/// The record sheet as text: heading, rules, the move table, notes on illegal moves, the end,
/// the final board, the capture tally and the result.
fn replay_text(replay: &Replay, path: &str, wording: &Wording) -> String {
    let record = &replay.record;
    let game = &replay.game;
    let color = |c: Color| wording.get(c.name());
    // Room for the move table (a row of about 90 characters per move) and the board.
    let mut out = String::with_capacity(100 * replay.reports.len() + 2048);
    push(
        &mut out,
        wording.fill(
            "replay_heading",
            &[
                ("path", path),
                ("size", &record.size.to_string()),
                ("to_play", color(record.to_play)),
            ],
        ),
    );
    push(&mut out, rules_line(&record.rules, wording));
    push(&mut out, String::new());

    if replay.reports.is_empty() {
        push(&mut out, wording.get("replay_no_moves"));
    } else {
        move_table(&replay.reports, wording).write_to(&mut out);
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
                        ("color", color(r.color)),
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
                    ("color", color(last_mover)),
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
                ("color", color(c)),
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
