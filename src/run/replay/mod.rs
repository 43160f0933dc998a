//! The `replay` command: reads a game record, referees every move and prints the record sheet
//! (text) or one JSON object, with the end, the final board and the result.

mod figures;
mod json;
mod mismatch;
mod players;
mod players_pdf;
mod sheet;
mod text;

use crate::control_chars::{VisibleWriter, visible};
use std::io::Write;
use std::ops::Range;
use std::path::Path;

use super::{
    Console, Failure, Outcome, RECORD_LIMIT, not_the_input, output_error, read_bytes, utf8_text,
    writable_target,
};
use crate::cli::{OutputFormat, RuleFlags};
use crate::diag::{Diagnostic, Source};
use crate::kit::Paper;
use crate::record::referee::{self, MoveReport};
use crate::record::{self, Format, Record, RuleOverrides};
use crate::rules::{BoardSize, Color, Game, KoRule, Point, Score, Scoring, score};
use crate::wording::Wording;

/// A refereed game: the record, each move's ruling, the final game and its score.
struct Replay {
    record: Record,
    reports: Vec<MoveReport>,
    game: Game,
    score: Score,
}

impl Replay {
    /// The last move that was played, skipping refused ones.
    fn last_legal(&self) -> Option<&MoveReport> {
        self.reports.iter().rev().find(|r| r.illegal.is_none())
    }

    /// The number of the move that ended the game (the last legal one), when it has ended.
    fn ending_move(&self) -> Option<usize> {
        self.game.end()?;
        self.last_legal().map(|r| r.number)
    }

    /// The winner, known only once the game has ended; `None` inside for a draw.
    fn winner(&self) -> Option<Option<Color>> {
        self.game.end().map(|_| self.score.winner)
    }

    /// Whether the referee accepted every move; a refused one makes the exit code 1.
    fn all_legal(&self) -> bool {
        self.reports.iter().all(|r| r.illegal.is_none())
    }
}

/// `--kit` and `--board`: where a players' record (`.csv`) gets its board and rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayersRecord<'a> {
    /// The kit whose sheet the players filled in.
    pub kit: Option<&'a Path>,
    /// The board's size, without a kit.
    pub board: Option<u32>,
}

/// Referees a game record, and writes its filled-in record sheet on the paper given with
/// `sheet`.
pub fn run(
    record: &Path,
    format: OutputFormat,
    rules: &RuleFlags,
    players: PlayersRecord<'_>,
    sheet: Option<(&Path, Paper)>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let overrides = overrides_of(rules)?;
    let form_by_name = Format::of(record, b"");
    if form_by_name != Format::PlayersSheet && (players.kit.is_some() || players.board.is_some()) {
        return Err(Failure::new(
            "`--kit` and `--board` apply to a players' record (`.csv`) only; a TOML or SGF record gives its own board",
        ));
    }
    // Before the record is read: the sheet never replaces the record, nor anything but a file.
    if let Some((pdf, _)) = sheet {
        not_the_input(record, pdf, "--pdf")?;
        // The kit a players' record is read with is an input too.
        if let Some(kit) = players.kit {
            not_the_input(kit, pdf, "--pdf")?;
        }
        writable_target(pdf)?;
    }
    if form_by_name == Format::PlayersSheet {
        if rules.dead.is_some() {
            return Err(Failure::new("`--dead` applies to SGF records only"));
        }
        let text = utf8_text(record, read_bytes(record, RECORD_LIMIT)?)?;
        let sheet_rules = players::SheetRules {
            kit: players.kit,
            board: players.board,
            overrides,
        };
        return players::run(
            &record.display().to_string(),
            text,
            format,
            &sheet_rules,
            sheet,
            console,
        );
    }
    let path = record.display().to_string();
    let bytes = read_bytes(record, RECORD_LIMIT)?;
    // A players' record went its own way above, by its name.
    let form = match Format::of(record, &bytes) {
        Format::Sgf => Format::Sgf,
        Format::Toml | Format::PlayersSheet => Format::Toml,
    };
    let (text, charset) = match form {
        Format::Toml | Format::PlayersSheet => (utf8_text(record, bytes)?, "UTF-8"),
        Format::Sgf => {
            let read = record::sgf_text(bytes);
            if let Some(why) = read.unreadable {
                return Err(Failure::new(format!(
                    "`{}` cannot be read as text: {why}",
                    visible(&path)
                )));
            }
            if let Some(note) = read.note {
                writeln!(console.err, "note: `{}`: {note}", visible(&path))
                    .map_err(output_error)?;
            }
            (read.text, read.charset)
        }
    };
    let source = Source::new(path.as_str(), text);
    let loaded = match form {
        Format::Toml if !overrides.is_empty() => {
            return Err(Failure::new(format!(
                "rule flags apply to SGF records only; the record's [rules] table sets the rules of `{path}`"
            )));
        }
        Format::Toml if rules.dead.is_some() => {
            return Err(Failure::new(format!(
                "`--dead` applies to SGF records only; list the dead stones of `{path}` in its `[game]` table: `dead = [\"C3\"]`"
            )));
        }
        Format::Toml | Format::PlayersSheet => record::load_toml(source.text()),
        Format::Sgf => record::load_sgf(source.text(), &overrides),
    };
    let refereed = loaded.map_err(Refusal::from).and_then(|mut record| {
        let flagged = match &rules.dead {
            Some(text) => {
                record.dead = dead_points(text, record.size).map_err(Refusal::Usage)?;
                true
            }
            None => false,
        };
        referee(record, flagged)
    });
    let replay = match refereed {
        Ok(replay) => replay,
        Err(Refusal::Usage(failure)) => return Err(failure),
        Err(Refusal::Malformed(problems)) => {
            write!(console.err, "{}", source.render_all(&problems)).map_err(output_error)?;
            return Ok(Outcome::CheckFailed);
        }
    };
    write_report(&replay, &path, format, console)?;
    if let Some((pdf, paper)) = sheet {
        sheet::write(&replay, &path, pdf, paper, charset, console)?;
    }
    Ok(if replay.all_legal() {
        Outcome::Success
    } else {
        Outcome::CheckFailed
    })
}

/// Prints the refereed game: the record sheet as text, or one JSON object.
fn write_report(
    replay: &Replay,
    path: &str,
    format: OutputFormat,
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    // Written as it is made, not built whole first: a record of a million moves would
    // otherwise hold its whole report in memory, many times the size of the record.
    let mut out = std::io::BufWriter::new(&mut *console.out);
    match format {
        OutputFormat::Json => {
            // serde_json escapes the C0 controls; DEL and C1 controls, which some terminals
            // also obey, it writes raw, so they are escaped on the way out.
            let mut visible = VisibleWriter::json(&mut out);
            serde_json::to_writer_pretty(&mut visible, &json::ReplayJson::of(replay)).map_err(
                |e| match e.io_error_kind() {
                    Some(kind) => output_error(kind.into()),
                    None => Failure::new(format!("cannot write JSON: {e}")),
                },
            )?;
            writeln!(visible)
                .and_then(|()| visible.flush())
                .map_err(output_error)?;
        }
        OutputFormat::Text => {
            // The sheet holds the record's own text (names, result, ruleset): no control
            // character of it reaches the terminal raw.
            let mut visible = VisibleWriter::new(&mut out);
            text::write(replay, path, &Wording::replay_defaults(), &mut visible)
                .and_then(|()| visible.flush())
                .map_err(output_error)?;
        }
    }
    out.flush().map_err(output_error)
}

/// The rule flags as overrides; a bad value is a usage error.
fn overrides_of(flags: &RuleFlags) -> Result<RuleOverrides, Failure> {
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
        ko: flags.ko.map(KoRule::from),
        end_passes: positive(flags.end_passes, "end-passes")?,
        max_stones: positive(flags.max_stones, "max-stones")?,
        capture_target: positive(flags.capture_target, "capture-target")?,
        scoring: flags.scoring.map(Scoring::from),
        komi,
    })
}

/// Why a record is not refereed: it is malformed (its problems, exit 1), or a flag is wrong
/// (exit 2).
enum Refusal {
    Malformed(Vec<Diagnostic>),
    Usage(Failure),
}

impl From<Vec<Diagnostic>> for Refusal {
    fn from(problems: Vec<Diagnostic>) -> Refusal {
        Refusal::Malformed(problems)
    }
}

/// The points `--dead` names, separated by spaces or commas; each must be a point on the board
/// and named once.
fn dead_points(text: &str, size: BoardSize) -> Result<Vec<(Point, Range<usize>)>, Failure> {
    let mut dead: Vec<(Point, Range<usize>)> = Vec::new();
    for word in text.split([',', ' ', '\t']).filter(|w| !w.is_empty()) {
        match Point::parse(word, size) {
            Ok(p) if dead.iter().any(|(q, _)| *q == p) => {
                return Err(Failure::new(format!(
                    "`--dead`: `{p}` is named twice; name each dead stone once"
                )));
            }
            Ok(p) => dead.push((p, 0..0)),
            Err(e) => {
                return Err(Failure::new(format!(
                    "`--dead`: `{word}`: {e}; write points such as `--dead \"C3 D4\"` or `--dead C3,D4`"
                )));
            }
        }
    }
    Ok(dead)
}

/// Plays the record's moves and scores the final board; a dead stone that is not on the final
/// board makes the record malformed, or is a usage error when `--dead` named it (`flagged`).
fn referee(record: Record, flagged: bool) -> Result<Replay, Refusal> {
    let mut game = Game::new(record.setup.clone(), record.to_play, record.rules);
    let reports = referee::play_record(&mut game, &record)?;
    let dead: Vec<Point> = record.dead.iter().map(|d| d.0).collect();
    let captures = [game.captures(Color::Black), game.captures(Color::White)];
    match score::score(game.board(), captures, game.rules(), &dead) {
        Ok(score) => Ok(Replay {
            record,
            reports,
            game,
            score,
        }),
        Err(e) if flagged => Err(Refusal::Usage(Failure::new(format!(
            "`--dead`: `{}` is an empty point on the final board; name only stones still on the board after the last move",
            e.0
        )))),
        Err(e) => {
            let span = record
                .dead
                .iter()
                .find(|d| d.0 == e.0)
                .map_or(0..0, |d| d.1.clone());
            Err(Refusal::Malformed(vec![
                Diagnostic::at(
                    span,
                    format!(
                        "`{}` is named as dead but the final board has no stone there",
                        e.0
                    ),
                )
                .with_help("list only stones still on the board after the last move"),
            ]))
        }
    }
}

/// The headers of a printed record's four columns, the player sheet's: Move, Point, Captures,
/// Group liberties.
fn sheet_headers(wording: &Wording) -> Vec<String> {
    [
        "replay_column_move",
        "replay_column_point",
        "replay_column_captures",
        "replay_column_liberties",
    ]
    .map(|k| wording.get(k).to_string())
    .to_vec()
}
