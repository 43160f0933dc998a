//! `replay SHEET.csv`: the players' own move record, checked against the engine. The players
//! wrote each move's point, the stones it captured and the liberties of the mover's group; the
//! moves are replayed under the kit's (or the flags') rules and every number they wrote is
//! compared with the engine's, so the host can hand the sheet back saying where it first went
//! wrong.

use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::super::{Console, Failure, KIT_LIMIT, Outcome, output_error, read_text};
use super::mismatch::{Checked, Mismatch};
use super::players_pdf;
use crate::answer::list;
use crate::cli::OutputFormat;
use crate::diag::Source;
use crate::kit::Paper;
use crate::record::RuleOverrides;
use crate::record::players_sheet::{self, PlayersSheet, Written, WrittenMove};
use crate::record::referee;
use crate::rules::{Board, BoardSize, Color, Game, KoRule, Move, Rules, diagram};
use crate::wording::{Language, Wording, fill};

/// Where the board and the rules of a players' record come from.
pub struct SheetRules<'a> {
    /// `--kit`: the kit whose sheet the players filled in.
    pub kit: Option<&'a Path>,
    /// `--board`: the board's size, without a kit.
    pub board: Option<u32>,
    /// The rule flags, over the kit's rules.
    pub overrides: RuleOverrides,
}

/// Checks the players' record at `path` (its text already read) and reports every mismatch;
/// with `pdf`, also prints the record back with the mismatches marked.
pub fn run(
    path: &str,
    text: String,
    format: OutputFormat,
    rules: &SheetRules<'_>,
    pdf: Option<(&Path, Paper)>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let (size, game_rules) = board_and_rules(rules)?;
    // The column names every language's sheet prints.
    let names: Vec<[String; 4]> = Language::ALL
        .iter()
        .map(|&language| {
            let w = Wording::for_language(language);
            [
                "record_move",
                "record_point",
                "record_captures",
                "record_liberties",
            ]
            .map(|key| w.get(key).to_string())
        })
        .collect();
    let headers: Vec<[&str; 4]> = names
        .iter()
        .map(|n| [n[0].as_str(), n[1].as_str(), n[2].as_str(), n[3].as_str()])
        .collect();
    let source = Source::new(path, text);
    let sheet = match players_sheet::read(source.text(), size, &headers) {
        Ok(sheet) => sheet,
        Err(problems) => {
            write!(console.err, "{}", source.render_all(&problems)).map_err(output_error)?;
            return Ok(Outcome::CheckFailed);
        }
    };
    let w = Wording::replay_defaults();
    let checked = check_moves(
        &sheet,
        Game::new(Board::new(size), Color::Black, game_rules),
        &w,
    );
    let mismatches = &checked.mismatches;
    match format {
        OutputFormat::Json => {
            let report = SheetJson {
                first_mismatch: mismatches.first(),
                mismatches,
                moves: sheet.moves.len(),
                size: size.get(),
            };
            let text = serde_json::to_string_pretty(&report)
                .map_err(|e| Failure::new(format!("cannot write JSON: {e}")))?;
            writeln!(console.out, "{text}").map_err(output_error)?;
        }
        OutputFormat::Text => {
            write_text(path, &checked, sheet.moves.len(), size, &w, console)?;
        }
    }
    if let Some((pdf, paper)) = pdf {
        let checking = players_pdf::Checking {
            path,
            sheet: &sheet,
            checked: &checked,
            size,
        };
        players_pdf::write(&checking, pdf, paper)?;
    }
    Ok(if mismatches.is_empty() {
        Outcome::Success
    } else {
        Outcome::CheckFailed
    })
}

/// The JSON `replay --format json` prints for a players' record.
#[derive(Serialize)]
struct SheetJson<'a> {
    first_mismatch: Option<&'a Mismatch>,
    mismatches: &'a [Mismatch],
    moves: usize,
    size: u8,
}

/// Black plays the first move, then the colours alternate, passes included.
fn colour_of(index: usize) -> Color {
    if index.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    }
}

/// The board's size and the rules: the kit's, or the defaults on `--board`, the flags over
/// either.
fn board_and_rules(rules: &SheetRules<'_>) -> Result<(BoardSize, Rules), Failure> {
    let (size, base) = match (rules.kit, rules.board) {
        (Some(kit_path), _) => {
            let text = read_text(kit_path, KIT_LIMIT)?;
            let kit = crate::kit::load(&text).map_err(|_| {
                Failure::new(format!(
                    "the kit `{}` fails its check; run `libertykit check {}` first",
                    kit_path.display(),
                    kit_path.display()
                ))
            })?;
            (kit.size, kit.rules)
        }
        (None, Some(n)) => {
            let size = u8::try_from(n)
                .ok()
                .and_then(|n| BoardSize::new(u32::from(n)).ok())
                .ok_or_else(|| {
                    Failure::new("`--board` must be a size from 2 to 19, e.g. `--board 9`")
                })?;
            (size, Rules::default())
        }
        (None, None) => {
            return Err(Failure::new(
                "a players' record (CSV) does not say the board's size: give the kit it was played from, `--kit KIT.toml`, or `--board 9`",
            ));
        }
    };
    Ok((size, rules.overrides.apply(base)))
}

/// Plays the players' moves on `game` one at a time (Black first, then alternating, as the
/// sheet has them) and compares every number they wrote with the engine's, in one pass: the
/// liberties named in a message and the boards around the first mismatch are read off the
/// board as it stands.
fn check_moves(sheet: &PlayersSheet, mut game: Game, w: &Wording) -> Checked {
    let mut found = Vec::new();
    let mut first_boards = None;
    let mut first_report = None;
    for (i, written) in sheet.moves.iter().enumerate() {
        let before = first_boards.is_none().then(|| game.board().clone());
        let Some(report) = referee::play_all(&mut game, &[(Some(colour_of(i)), written.mv)]).pop()
        else {
            continue;
        };
        let earlier = found.len();
        let played = Played {
            number: i + 1,
            colour: w.get(report.color.name()).to_string(),
            point: match report.mv {
                Move::Play(p) => p.to_string(),
                Move::Pass => "pass".to_string(),
            },
            report: &report,
        };
        match report.illegal {
            Some(_) => found.extend(illegal_point(&played, game.rules().ko, w)),
            None => {
                found.extend(wrong_captures(&played, written, w));
                found.extend(wrong_liberties(&played, written, &game, w));
            }
        }
        // The boards around the first mismatch, taken as the game passes them.
        if earlier == 0
            && !found.is_empty()
            && let Some(before) = before
        {
            first_boards = Some((before, game.board().clone()));
            first_report = Some(report);
        }
    }
    let tally = [game.captures(Color::Black), game.captures(Color::White)];
    found.extend(sheet.tally.as_ref().and_then(|t| wrong_tally(t, tally, w)));
    Checked {
        mismatches: found,
        first_boards,
        first_report,
        tally,
    }
}

/// One move of the players' record as the engine played it, with the words its messages use.
struct Played<'a> {
    number: usize,
    colour: String,
    point: String,
    report: &'a referee::MoveReport,
}

/// The move's point is illegal: a mismatch in the Point column, with the rule's reason.
fn illegal_point(played: &Played<'_>, ko: KoRule, w: &Wording) -> Option<Mismatch> {
    let reason = played.report.illegal?;
    let word = reason.word_under(ko);
    Some(Mismatch {
        number: Some(played.number),
        column: "point",
        written: played.point.clone(),
        actual: format!("illegal: {word}"),
        message: fill(
            w.get("sheet_illegal"),
            &[
                ("move", &played.number.to_string()),
                ("color", &played.colour),
                ("point", &played.point),
                (
                    "reason",
                    w.get(&format!("reason_{}", word.replace('-', "_"))),
                ),
            ],
        ),
    })
}

/// The count of captured stones the players wrote, when it is not the engine's.
fn wrong_captures(played: &Played<'_>, written: &WrittenMove, w: &Wording) -> Option<Mismatch> {
    let c = written.captures.as_ref()?;
    let captured = &played.report.captured;
    let actual = captured.len();
    if c.value as usize == actual {
        return None;
    }
    let (colour, point) = (played.colour.as_str(), played.point.as_str());
    let what = match actual {
        0 => fill(
            w.get("sheet_captures_nothing"),
            &[("color", colour), ("point", point)],
        ),
        _ => fill(
            w.get(if actual == 1 {
                "sheet_captures_one"
            } else {
                "sheet_captures"
            }),
            &[
                ("color", colour),
                ("point", point),
                ("captured", &list(captured)),
                ("count", &actual.to_string()),
            ],
        ),
    };
    Some(Mismatch {
        number: Some(played.number),
        column: "captures",
        written: c.value.to_string(),
        actual: actual.to_string(),
        message: fill(
            w.get("sheet_wrote_captures"),
            &[
                ("move", &played.number.to_string()),
                ("written", &c.value.to_string()),
                ("actual", &what),
            ],
        ),
    })
}

/// The liberties of the mover's group the players wrote, when they are not the engine's; the
/// liberties named are read off `game`'s board as it stands after the move.
fn wrong_liberties(
    played: &Played<'_>,
    written: &WrittenMove,
    game: &Game,
    w: &Wording,
) -> Option<Mismatch> {
    let l = written.liberties.as_ref()?;
    let actual = played.report.liberties;
    if actual == Some(l.value as usize) {
        return None;
    }
    let what = match (played.report.mv, actual) {
        (Move::Play(p), Some(n)) => {
            let liberties = (game.board().chain(p))
                .map(|chain| chain.liberties)
                .unwrap_or_default();
            fill(
                w.get("sheet_liberties"),
                &[
                    ("color", &played.colour),
                    ("point", &played.point),
                    ("count", &n.to_string()),
                    ("liberties", &list(&liberties)),
                ],
            )
        }
        _ => fill(w.get("sheet_liberties_pass"), &[("color", &played.colour)]),
    };
    Some(Mismatch {
        number: Some(played.number),
        column: "liberties",
        written: l.value.to_string(),
        actual: actual.map_or_else(|| "-".to_string(), |n| n.to_string()),
        message: fill(
            w.get("sheet_wrote_liberties"),
            &[
                ("move", &played.number.to_string()),
                ("written", &l.value.to_string()),
                ("actual", &what),
            ],
        ),
    })
}

/// The capture tally the players wrote under the table, when it is not what the captures add
/// up to.
fn wrong_tally(tally: &[Written; 2], actual: [u32; 2], w: &Wording) -> Option<Mismatch> {
    let written = [tally[0].value, tally[1].value];
    (written != actual).then(|| Mismatch {
        number: None,
        column: "tally",
        written: format!("{} {}", written[0], written[1]),
        actual: format!("{} {}", actual[0], actual[1]),
        message: fill(
            w.get("sheet_wrote_tally"),
            &[
                ("black", &written[0].to_string()),
                ("white", &written[1].to_string()),
                ("actual_black", &actual[0].to_string()),
                ("actual_white", &actual[1].to_string()),
            ],
        ),
    })
}

/// The text report: every mismatch, the boards before and after the first, or that all agree.
fn write_text(
    path: &str,
    checked: &Checked,
    moves: usize,
    size: BoardSize,
    w: &Wording,
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    let out = &mut console.out;
    let heading = fill(
        w.get("sheet_heading"),
        &[
            ("path", path),
            ("moves", &moves.to_string()),
            ("size", &size.to_string()),
        ],
    );
    writeln!(out, "{heading}").map_err(output_error)?;
    let mismatches = &checked.mismatches;
    let Some(first) = mismatches.first() else {
        writeln!(out, "{}", w.get("sheet_all_agree")).map_err(output_error)?;
        return Ok(());
    };
    writeln!(out, "{}", first.message).map_err(output_error)?;
    if let (Some(number), Some((before, after))) = (first.number, &checked.first_boards) {
        let label = |key: &str| fill(w.get(key), &[("move", &number.to_string())]);
        writeln!(out, "\n{}", label("sheet_board_before")).map_err(output_error)?;
        write!(out, "{}", diagram::render(before, &[])).map_err(output_error)?;
        writeln!(out, "\n{}", label("sheet_board_after")).map_err(output_error)?;
        write!(out, "{}", diagram::render(after, &[])).map_err(output_error)?;
    }
    if mismatches.len() > 1 {
        writeln!(out, "\n{}", w.get("sheet_also")).map_err(output_error)?;
        for m in &mismatches[1..] {
            writeln!(out, "  {}", m.message).map_err(output_error)?;
        }
    }
    Ok(())
}
