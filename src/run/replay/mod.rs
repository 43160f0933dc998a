//! The `replay` command: reads a game record, referees every move and prints the record sheet
//! (text) or one JSON object, with the end, the final board and the result.

use std::io::Write;
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
use crate::text::{Template, Wording, push_decimal};

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
    // Written as it is made, not built whole first: a record of a million moves would
    // otherwise hold its whole report in memory, many times the size of the record.
    let mut out = std::io::BufWriter::new(&mut *console.out);
    match format {
        OutputFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &replay_json(&replay)).map_err(|e| {
                match e.io_error_kind() {
                    Some(kind) => output_error(kind.into()),
                    None => Failure::new(format!("cannot write JSON: {e}")),
                }
            })?;
            writeln!(out).map_err(output_error)?;
        }
        OutputFormat::Text => {
            write_replay_text(&replay, &path, &Wording::replay_defaults(), &mut out)
                .map_err(output_error)?;
        }
    }
    out.flush().map_err(output_error)?;
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

/// The cells of a move table's rows: the words each row uses, looked up and split once.
struct MoveCells<'w> {
    none: &'w str,
    colors: [&'w str; 2],
    illegal: Template<'w>,
    tally: Template<'w>,
}

impl<'w> MoveCells<'w> {
    fn new(wording: &'w Wording) -> Self {
        MoveCells {
            none: wording.get("replay_cell_none"),
            colors: [wording.get("black"), wording.get("white")],
            illegal: wording.template("replay_cell_illegal"),
            tally: wording.template("replay_cell_tally"),
        }
    }

    /// Fills `row` with the cells of move `r`: number, colour, point, captures (or why it is
    /// illegal), the mover's liberties and the running tally.
    fn fill(&self, r: &MoveReport, row: &mut [String; 6]) {
        for cell in row.iter_mut() {
            cell.clear();
        }
        push_decimal(&mut row[0], r.number as u64);
        row[1].push_str(match r.color {
            Color::Black => self.colors[0],
            Color::White => self.colors[1],
        });
        push_move(&mut row[2], r.mv);
        match r.illegal {
            Some(reason) => self.illegal.fill_with(&mut row[3], |name, out| {
                (name == "reason").then(|| out.push_str(reason.name()))
            }),
            None if r.captured.is_empty() => row[3].push_str(self.none),
            None => push_points(&mut row[3], &r.captured),
        }
        match r.liberties {
            Some(n) => push_decimal(&mut row[4], n as u64),
            None => row[4].push_str(self.none),
        }
        self.tally.fill_with(&mut row[5], |name, out| {
            let count = match name {
                "black" => r.captures[0],
                "white" => r.captures[1],
                _ => return None,
            };
            push_decimal(out, u64::from(count));
            Some(())
        });
    }
}

/// Writes the move table, a `| a | b |` row per move under a header and a rule, columns padded
/// to their widest cell. The rows are made twice, once to measure and once to write, so a
/// record of a million moves never holds its table in memory.
fn write_move_table(
    reports: &[MoveReport],
    wording: &Wording,
    w: &mut dyn Write,
) -> std::io::Result<()> {
    let header = [
        "replay_column_move",
        "replay_column_colour",
        "replay_column_point",
        "replay_column_captures",
        "replay_column_liberties",
        "replay_column_tally",
    ]
    .map(|key| wording.get(key).to_string());
    let cells = MoveCells::new(wording);
    let mut row: [String; 6] = Default::default();
    let mut widths = header.each_ref().map(|h| char_width(h));
    for r in reports {
        cells.fill(r, &mut row);
        for (width, cell) in widths.iter_mut().zip(&row) {
            *width = (*width).max(char_width(cell));
        }
    }
    let widths = widths.map(|w| w.min(MAX_COLUMN_WIDTH));
    let mut line = String::new();
    let mut write_row = |row: &[String; 6], w: &mut dyn Write| {
        line.clear();
        for (i, (cell, &width)) in row.iter().zip(&widths).enumerate() {
            line.push_str(if i == 0 { "| " } else { " | " });
            line.push_str(cell);
            push_spaces(&mut line, width.saturating_sub(char_width(cell)));
        }
        line.push_str(" |\n");
        w.write_all(line.as_bytes())
    };
    write_row(&header, w)?;
    let mut rule = String::new();
    for &width in &widths {
        rule.push('|');
        rule.extend(std::iter::repeat_n('-', width + 2));
    }
    rule.push_str("|\n");
    w.write_all(rule.as_bytes())?;
    for r in reports {
        cells.fill(r, &mut row);
        write_row(&row, w)?;
    }
    Ok(())
}

/// Writes the record sheet as text: heading, rules, the move table, notes on illegal moves, the
/// end, the final board, the capture tally and the result.
fn write_replay_text(
    replay: &Replay,
    path: &str,
    wording: &Wording,
    w: &mut dyn Write,
) -> std::io::Result<()> {
    let record = &replay.record;
    let game = &replay.game;
    let color = |c: Color| wording.get(c.name());
    let mut out = String::new();
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
        w.write_all(out.as_bytes())?;
        out.clear();
        write_move_table(&replay.reports, wording, w)?;
        push(&mut out, String::new());
        let illegal: Vec<&MoveReport> = replay
            .reports
            .iter()
            .filter(|r| r.illegal.is_some())
            .collect();
        for r in &illegal {
            // Written out as it grows: a long record of illegal moves makes many notes.
            if out.len() > 1 << 16 {
                w.write_all(out.as_bytes())?;
                out.clear();
            }
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
            let mut numbers = String::new();
            for (i, r) in illegal.iter().enumerate() {
                if i > 0 {
                    numbers.push_str(", ");
                }
                push_decimal(&mut numbers, r.number as u64);
            }
            push(
                &mut out,
                wording.fill("replay_illegal_count", &[("numbers", &numbers)]),
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
    w.write_all(out.as_bytes())
}
