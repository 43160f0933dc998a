//! The record sheet `replay` prints as text: heading, rules, the move table, notes on illegal
//! moves, the end, the final board, the capture tally and the result.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, Write};

use super::Replay;
use crate::control_chars::visible;
use crate::record::referee::MoveReport;
use crate::record::{RecordNote, RecordedResult, RulesSource};
use crate::rules::{Color, EndReason, KoRule, SuicideRule, diagram};
use crate::wording::{Wording, fill, number};

/// Writes the record sheet of `replay`, read from `path`.
pub(super) fn write(
    replay: &Replay,
    path: &str,
    wording: &Wording,
    w: &mut dyn Write,
) -> io::Result<()> {
    let record = &replay.record;
    let game = &replay.game;
    let color = |c: Color| wording.get(c.name());
    let heading = wording.fill(
        "replay_heading",
        &[
            ("path", &visible(path)),
            ("size", &record.size.to_string()),
            ("to_play", color(record.to_play)),
        ],
    );
    writeln!(w, "{heading}")?;
    let info = &record.info;
    if info.black.is_some() || info.white.is_some() {
        let unknown = wording.get("replay_player_unknown");
        let players = wording.fill(
            "replay_players",
            &[
                ("black", &visible(info.black.as_deref().unwrap_or(unknown))),
                ("white", &visible(info.white.as_deref().unwrap_or(unknown))),
            ],
        );
        writeln!(w, "{players}")?;
    }
    // Each shown by `visible`, which also shows a line feed: a name cannot start a line of
    // its own that reads as the sheet's.
    let particulars: Vec<Cow<'_, str>> = [&info.name, &info.event, &info.date]
        .into_iter()
        .filter_map(|v| v.as_deref())
        .map(visible)
        .collect();
    if !particulars.is_empty() {
        let line = wording.fill("replay_game", &[("particulars", &particulars.join(", "))]);
        writeln!(w, "{line}")?;
    }
    writeln!(w, "{}", rules_line(replay, wording))?;
    for note in notes(replay, wording) {
        writeln!(w, "{}", wording.fill("replay_note", &[("note", &note)]))?;
    }
    if record.variations > 0 {
        let count = record.variations.to_string();
        writeln!(
            w,
            "{}",
            wording.fill("replay_variations", &[("count", &count)])
        )?;
    }
    writeln!(w)?;
    if replay.reports.is_empty() {
        writeln!(w, "{}", wording.get("replay_no_moves"))?;
    } else {
        write_move_table(&replay.reports, replay.record.rules.ko, wording, w)?;
        writeln!(w)?;
        write_illegal_notes(&replay.reports, replay.record.rules.ko, wording, w)?;
    }
    writeln!(w)?;
    writeln!(w, "{}", end_line(replay, wording))?;
    writeln!(w)?;
    writeln!(w, "{}", wording.get("replay_final_board"))?;
    write!(w, "{}", diagram::render(game.board(), &[]))?;
    writeln!(w)?;
    let tally = wording.fill(
        "answer_tally",
        &[
            ("black", &game.captures(Color::Black).to_string()),
            ("white", &game.captures(Color::White).to_string()),
        ],
    );
    writeln!(w, "{tally}")?;
    let result = result_line(replay, wording);
    writeln!(w, "{result}")?;
    if let Some(line) = recorded_line(replay, wording) {
        writeln!(w, "{line}")?;
    }
    Ok(())
}

/// The count and who wins: `Result by captures scoring: Black 3, White 1; Black wins by 2`.
pub(super) fn result_line(replay: &Replay, wording: &Wording) -> String {
    let score = &replay.score;
    let outcome = match replay.winner() {
        None => wording.get("replay_no_winner_yet").to_string(),
        Some(None) => wording.get("answer_draw").to_string(),
        Some(Some(c)) => wording.fill(
            "answer_winner",
            &[
                ("color", wording.get(c.name())),
                ("margin", &number(score.margin)),
            ],
        ),
    };
    wording.fill(
        "replay_result",
        &[
            ("scoring", score.scoring.name()),
            ("black", &number(score.black)),
            ("white", &number(score.white)),
            ("outcome", &outcome),
        ],
    )
}

/// The notes on how the record was read: an unknown ruleset, a flag replacing the record's
/// rule, an assumption the reader made, and each setup written between moves.
pub(super) fn notes(replay: &Replay, wording: &Wording) -> Vec<String> {
    let setups = replay.record.setups.iter().map(|change| {
        let list = |points: &[crate::rules::Point]| {
            points
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut changes = Vec::new();
        for (key, points) in [
            ("replay_setup_black", &change.black),
            ("replay_setup_white", &change.white),
            ("replay_setup_empty", &change.empty),
        ] {
            if !points.is_empty() {
                changes.push(wording.fill(key, &[("points", &list(points))]));
            }
        }
        if let Some(c) = change.to_play {
            changes.push(wording.fill("replay_setup_to_play", &[("color", wording.get(c.name()))]));
        }
        wording.fill(
            "replay_setup_note",
            &[
                ("number", &change.after_moves.to_string()),
                ("changes", &changes.join("; ")),
            ],
        )
    });
    let read = replay.record.notes.iter().map(|note| match note {
        RecordNote::UnknownRuleset { name, known } => wording.fill(
            "replay_note_unknown_ruleset",
            &[("name", &visible(name)), ("known", known)],
        ),
        RecordNote::FlagOverrides { flag, record, from } => wording.fill(
            "replay_note_flag_overrides",
            &[("flag", flag), ("record", &visible(record)), ("from", from)],
        ),
        RecordNote::Assumed(note) => {
            let times = if note.times > 1 {
                wording.fill("replay_note_times", &[("count", &note.times.to_string())])
            } else {
                String::new()
            };
            wording.fill(
                "replay_note_assumed",
                &[
                    ("line", &note.line.to_string()),
                    ("column", &note.column.to_string()),
                    ("message", &visible(&note.message)),
                    ("times", &times),
                ],
            )
        }
    });
    read.chain(setups).collect()
}

/// The record's own result (`RE`) beside the count: agreeing, differing (a note), or a result
/// the board cannot confirm (resignation, time, forfeit, void, unknown). `None` without `RE`.
pub(super) fn recorded_line(replay: &Replay, wording: &Wording) -> Option<String> {
    let text = &*visible(replay.record.info.result.as_deref()?);
    let Some(recorded) = RecordedResult::parse(text) else {
        return Some(wording.fill("replay_recorded_unreadable", &[("text", text)]));
    };
    let color = |c: Color| wording.get(c.name());
    let score = &replay.score;
    let line = match recorded {
        RecordedResult::Resignation(c) => wording.fill(
            "replay_recorded_resignation",
            &[("text", text), ("color", color(c))],
        ),
        RecordedResult::Time(c) => wording.fill(
            "replay_recorded_time",
            &[("text", text), ("color", color(c))],
        ),
        RecordedResult::Forfeit(c) => wording.fill(
            "replay_recorded_forfeit",
            &[("text", text), ("color", color(c))],
        ),
        RecordedResult::Void => wording.fill("replay_recorded_void", &[("text", text)]),
        RecordedResult::Unknown => wording.fill("replay_recorded_unknown", &[("text", text)]),
        RecordedResult::Score(..) | RecordedResult::Draw => {
            if recorded.agrees_with(score.winner, score.margin) == Some(true) {
                wording.fill("replay_recorded_agrees", &[("text", text)])
            } else {
                let outcome = match score.winner {
                    None => wording.get("answer_draw").to_string(),
                    Some(c) => wording.fill(
                        "answer_winner",
                        &[("color", color(c)), ("margin", &number(score.margin))],
                    ),
                };
                wording.fill(
                    "replay_recorded_differs",
                    &[
                        ("text", text),
                        ("black", &number(score.black)),
                        ("white", &number(score.white)),
                        ("outcome", &outcome),
                    ],
                )
            }
        }
    };
    Some(line)
}

/// The rules line: repetition rule, scoring, komi, suicide when allowed, the end conditions in
/// force, and for an SGF record where the rules came from.
pub(super) fn rules_line(replay: &Replay, wording: &Wording) -> String {
    let rules = &replay.record.rules;
    let conditions: Vec<String> = [
        (rules.end_passes, "replay_ends_passes"),
        (rules.max_stones, "replay_ends_max_stones"),
        (rules.capture_target, "replay_ends_capture_target"),
    ]
    .into_iter()
    .filter_map(|(value, key)| Some(wording.fill(key, &[("count", &value?.to_string())])))
    .collect();
    let ends = if conditions.is_empty() {
        wording.get("replay_ends_none").to_string()
    } else {
        let joined = conditions.join(wording.get("replay_ends_joiner"));
        wording.fill("replay_ends", &[("conditions", &joined)])
    };
    let suicide = match rules.suicide {
        SuicideRule::Allowed => wording.get("replay_rules_suicide_allowed"),
        SuicideRule::Forbidden => "",
    };
    let source = match &replay.record.rules_source {
        RulesSource::Table => String::new(),
        RulesSource::SgfDefaults => wording.get("replay_rules_from_defaults").to_string(),
        RulesSource::Ruleset(name) => wording.fill(
            "replay_rules_from_ruleset",
            &[("property", &format!("RU[{}]", visible(name)))],
        ),
    };
    wording.fill(
        "replay_rules",
        &[
            ("ko", rules.ko.name()),
            ("scoring", rules.scoring.name()),
            ("komi", &number(rules.komi)),
            ("suicide", suicide),
            ("ends", &ends),
            ("source", &source),
        ],
    )
}

/// How the game ended, or that it has not.
pub(super) fn end_line(replay: &Replay, wording: &Wording) -> String {
    let Some(end) = replay.game.end() else {
        return wording.get("replay_not_ended").to_string();
    };
    let rules = replay.game.rules();
    let number = replay.ending_move().unwrap_or(0).to_string();
    let count = |n: Option<u32>| n.unwrap_or(0).to_string();
    match end {
        EndReason::Passes => wording.fill(
            "replay_end_passes",
            &[("number", &number), ("count", &count(rules.end_passes))],
        ),
        EndReason::MaxStones => wording.fill(
            "replay_end_max_stones",
            &[("number", &number), ("count", &count(rules.max_stones))],
        ),
        EndReason::CaptureTarget => {
            // Whoever holds the most captures reached the target: the mover, or its opponent
            // when an allowed suicide gave it the stones.
            let game = &replay.game;
            let mover = if game.captures(Color::White) > game.captures(Color::Black) {
                Color::White
            } else if game.captures(Color::Black) > game.captures(Color::White) {
                Color::Black
            } else {
                replay
                    .last_legal()
                    .map_or(replay.record.to_play, |r| r.color)
            };
            wording.fill(
                "replay_end_capture_target",
                &[
                    ("number", &number),
                    ("color", wording.get(mover.name())),
                    ("count", &count(rules.capture_target)),
                ],
            )
        }
    }
}

/// The header keys of the move table's columns.
const COLUMNS: [&str; 7] = [
    "replay_column_move",
    "replay_column_colour",
    "replay_column_point",
    "replay_column_captures",
    "replay_column_liberties",
    "replay_column_tally",
    "replay_column_atari",
];

/// Widest a column is padded to: a cell listing a big capture overflows its column rather than
/// widening every row of a long game.
const MAX_COLUMN_WIDTH: usize = 24;

/// Writes the move table, a `| a | b |` row per move under a header and a rule, columns padded
/// to their widest cell. The rows are made twice, once to measure and once to write, so a
/// record of a million moves never holds its table in memory.
fn write_move_table(
    reports: &[MoveReport],
    ko: KoRule,
    wording: &Wording,
    w: &mut dyn Write,
) -> io::Result<()> {
    let header = COLUMNS.map(|key| wording.get(key).to_string());
    let words = CellWords::new(wording, ko);
    // One row and its line, reused from move to move: a long record has many rows.
    let mut row = Row::default();
    let mut line = String::new();
    let mut widths = header.each_ref().map(|h| h.chars().count());
    for r in reports {
        words.fill(r, &mut row);
        for (width, cell) in widths.iter_mut().zip(&row.cells) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let widths = widths.map(|width| width.min(MAX_COLUMN_WIDTH));
    write_row(w, &mut line, &header, &widths)?;
    for width in widths {
        write!(w, "|{}", "-".repeat(width + 2))?;
    }
    writeln!(w, "|")?;
    for r in reports {
        words.fill(r, &mut row);
        write_row(w, &mut line, &row.cells, &widths)?;
    }
    Ok(())
}

/// Writes one table row, each cell padded to its column's width.
fn write_row(
    w: &mut dyn Write,
    line: &mut String,
    cells: &[String; 7],
    widths: &[usize; 7],
) -> io::Result<()> {
    // Made in a `String` and written whole: padding goes out a character at a time, cheap to
    // a `String` but not through the writer.
    line.clear();
    let [c0, c1, c2, c3, c4, c5, c6] = cells;
    let [w0, w1, w2, w3, w4, w5, w6] = *widths;
    let _ = writeln!(
        line,
        "| {c0:<w0$} | {c1:<w1$} | {c2:<w2$} | {c3:<w3$} | {c4:<w4$} | {c5:<w5$} | {c6:<w6$} |"
    );
    w.write_all(line.as_bytes())
}

/// The cells of one row of the move table, and the capture tally its last cell shows.
#[derive(Default)]
struct Row {
    cells: [String; 7],
    tally: Option<[u32; 2]>,
}

/// The sentences the table's cells use, looked up once rather than once a row.
struct CellWords<'w> {
    none: &'w str,
    black: &'w str,
    white: &'w str,
    illegal: &'w str,
    /// The repetition rule, which names a refused repetition (`ko` or `superko`).
    ko: KoRule,
    tally: &'w str,
    suicide: &'w str,
    self_atari: &'w str,
    atari_joiner: &'w str,
}

impl<'w> CellWords<'w> {
    fn new(wording: &'w Wording, ko: KoRule) -> Self {
        CellWords {
            none: wording.get("replay_cell_none"),
            black: wording.get("black"),
            white: wording.get("white"),
            illegal: wording.get("replay_cell_illegal"),
            ko,
            tally: wording.get("replay_cell_tally"),
            suicide: wording.get("replay_cell_suicide"),
            self_atari: wording.get("replay_cell_self_atari"),
            atari_joiner: wording.get("replay_cell_atari_joiner"),
        }
    }

    /// Makes `row` the row of move `r`: number, colour, point, captures (or why it is illegal),
    /// the mover's liberties and the running tally.
    fn fill(&self, r: &MoveReport, row: &mut Row) {
        // The tally cell is kept: it changes only with a capture, and filling its sentence is
        // the dearest cell.
        for cell in &mut row.cells[..5] {
            cell.clear();
        }
        row.cells[6].clear();
        let [number, color, point, captured, liberties, tally, atari] = &mut row.cells;
        // Writing to a `String` cannot fail.
        let _ = write!(number, "{}", r.number);
        color.push_str(match r.color {
            Color::Black => self.black,
            Color::White => self.white,
        });
        let _ = write!(point, "{}", r.mv);
        match r.illegal {
            Some(reason) => captured.push_str(&fill(
                self.illegal,
                &[("reason", reason.word_under(self.ko))],
            )),
            None if !r.suicided.is_empty() => {
                let points: Vec<String> = r.suicided.iter().map(|p| p.to_string()).collect();
                captured.push_str(&fill(self.suicide, &[("points", &points.join(" "))]));
            }
            None if r.captured.is_empty() => captured.push_str(self.none),
            // The referee reports captures sorted.
            None => {
                for (i, p) in r.captured.iter().enumerate() {
                    let _ = write!(captured, "{}{p}", if i == 0 { "" } else { " " });
                }
            }
        }
        match r.liberties {
            Some(n) => {
                let _ = write!(liberties, "{n}");
            }
            None => liberties.push_str(self.none),
        }
        for (i, p) in r.atari.iter().enumerate() {
            let _ = write!(atari, "{}{p}", if i == 0 { "" } else { " " });
        }
        if r.self_atari {
            if !atari.is_empty() {
                atari.push_str(self.atari_joiner);
            }
            atari.push_str(self.self_atari);
        }
        if atari.is_empty() {
            atari.push_str(self.none);
        }
        if row.tally != Some(r.captures) {
            row.tally = Some(r.captures);
            *tally = fill(
                self.tally,
                &[
                    ("black", &r.captures[0].to_string()),
                    ("white", &r.captures[1].to_string()),
                ],
            );
        }
    }
}

/// Writes a note on each illegal move, then their numbers or that every move was legal.
fn write_illegal_notes(
    reports: &[MoveReport],
    ko: KoRule,
    wording: &Wording,
    w: &mut dyn Write,
) -> io::Result<()> {
    let illegal = || reports.iter().filter_map(|r| Some((r, r.illegal?)));
    for (r, reason) in illegal() {
        let color = wording.get(r.color.name());
        let note = wording.fill(
            "replay_illegal_note",
            &[
                ("number", &r.number.to_string()),
                ("color", color),
                ("point", &r.mv.to_string()),
                ("reason", wording.get(&reason_key(reason.word_under(ko)))),
            ],
        );
        writeln!(w, "{note}")?;
    }
    for r in reports.iter().filter(|r| r.after_end) {
        let note = wording.fill(
            "replay_after_end_note",
            &[
                ("number", &r.number.to_string()),
                ("color", wording.get(r.color.name())),
            ],
        );
        writeln!(w, "{note}")?;
    }
    let mut cycles = reports.iter().filter_map(|r| Some((r, r.repeats?)));
    if let Some((r, earlier)) = cycles.next() {
        let earlier = match earlier {
            0 => wording.get("replay_cycle_start").to_string(),
            n => wording.fill("replay_cycle_after", &[("number", &n.to_string())]),
        };
        let note = wording.fill(
            "replay_cycle_note",
            &[("number", &r.number.to_string()), ("earlier", &earlier)],
        );
        writeln!(w, "{note}")?;
        let more = cycles.count();
        if more > 0 {
            let line = wording.fill("replay_cycle_more", &[("count", &more.to_string())]);
            writeln!(w, "{line}")?;
        }
    }
    if illegal().next().is_none() {
        return writeln!(w, "{}", wording.get("replay_all_legal"));
    }
    // One string for every number, not a string per number: a record of a million illegal
    // moves would otherwise hold a million small strings at once.
    let mut numbers = String::new();
    for (i, (r, _)) in illegal().enumerate() {
        if i > 0 {
            numbers.push_str(", ");
        }
        numbers.push_str(&r.number.to_string());
    }
    let count = wording.fill("replay_illegal_count", &[("numbers", &numbers)]);
    writeln!(w, "{count}")
}

/// The reason's sentence key in the wording, e.g. `reason_off_board`.
fn reason_key(name: &str) -> String {
    format!("reason_{}", name.replace('-', "_"))
}
