//! `replay --pdf`: the seed's move-record sheet filled in from the game (Move, Point, Captures,
//! Group liberties, as on the player sheet, with the capture tally under them), with the game's
//! setup, its moves in figures and its final position.

use std::path::Path;

use super::{Replay, figures, text};
use crate::export::pdf::write_pdf;
use crate::kit::Paper;
use crate::layout::geom::Size;
use crate::layout::played_record::{self, PlayedRecord};
use crate::record::GameInfo;
use crate::record::referee::MoveReport;
use crate::rules::{Color, KoRule};
use crate::run::{Console, Failure, output_error, write_atomically};
use crate::typeface;
use crate::wording::{Wording, fill};

/// Writes the sheet of `replay` (read from `path`, in `charset`) to `pdf`, atomically, on
/// `paper`: in the bundled font, or in an installed one that shows the players' names.
pub(super) fn write(
    replay: &Replay,
    path: &str,
    pdf: &Path,
    paper: Paper,
    charset: &str,
    console: &mut Console<'_>,
) -> Result<(), Failure> {
    let wording = Wording::replay_defaults();
    let record = played_record(replay, path, &wording);
    let words =
        std::iter::once(record.title.as_str()).chain(record.lines.iter().map(String::as_str));
    let fonts = match typeface::font_for(words, charset) {
        Ok(None) => typeface::bundled(),
        Ok(Some(family)) => {
            typeface::load(family, Path::new(".")).map_err(|e| Failure::new(e.message()))?
        }
        Err(missing) => {
            let shown: String = missing.iter().take(8).collect();
            writeln!(
                console.err,
                "note: no installed font shows `{shown}`; the record sheet leaves them blank (install e.g. Noto Sans CJK)"
            )
            .map_err(output_error)?;
            typeface::bundled()
        }
    };
    let (width, height) = paper.dimensions_mm();
    let document = played_record::document(&record, Size::mm(width, height), fonts);
    let bytes = write_pdf(&document)
        .map_err(|e| Failure::new(format!("cannot make the record sheet PDF: {e}")))?;
    write_atomically(pdf, &bytes)
}

/// The sheet's text: title, players, rules and the end, then a row per move.
fn played_record(replay: &Replay, path: &str, wording: &Wording) -> PlayedRecord {
    let info = &replay.record.info;
    let mut lines = Vec::new();
    if info.black.is_some() || info.white.is_some() {
        let unknown = wording.get("replay_player_unknown");
        lines.push(wording.fill(
            "replay_players",
            &[
                ("black", info.black.as_deref().unwrap_or(unknown)),
                ("white", info.white.as_deref().unwrap_or(unknown)),
            ],
        ));
    }
    lines.push(text::rules_line(replay, wording));
    lines.push(text::end_line(replay, wording));
    lines.push(text::result_line(replay, wording));
    lines.extend(text::recorded_line(replay, wording));
    let setup = figures::setup(replay, wording);
    if setup.is_none() {
        lines.push(wording.fill(
            "replay_sheet_setup_empty",
            &[(
                "to_play",
                wording.get(figures::first_to_play(replay).name()),
            )],
        ));
    }
    let headers = super::sheet_headers(wording);
    let ko = replay.record.rules.ko;
    let rows = replay.reports.iter().map(|r| row(r, ko, wording)).collect();
    let marked = (replay.reports.iter().enumerate())
        .filter(|(_, r)| r.illegal.is_some())
        .map(|(i, _)| i)
        .collect();
    let game = game_label(&replay.record.info, path, wording);
    let tally = wording.fill(
        "replay_sheet_tally",
        &[
            ("black", &replay.game.captures(Color::Black).to_string()),
            ("white", &replay.game.captures(Color::White).to_string()),
        ],
    );
    PlayedRecord {
        title: wording.fill("replay_sheet_title", &[("game", &game)]),
        lines,
        setup,
        heading: wording.get("replay_sheet_heading").to_string(),
        headers,
        rows,
        marked,
        below_table: if replay.reports.is_empty() {
            Vec::new()
        } else {
            vec![tally]
        },
        figures_heading: wording.get("replay_sheet_figures_heading").to_string(),
        figures: figures::figures(replay, wording),
        footer_left: wording.fill("replay_sheet_footer_left", &[("game", &game)]),
        footer_right: wording.get("replay_sheet_footer_right").to_string(),
        calibration_label: wording.get("replay_sheet_calibration_label").to_string(),
        printing_note: wording.get("replay_sheet_printing_note").to_string(),
    }
}

/// What the sheet calls the game: its name (`GN`, `[game] name`), else its players, else the
/// record's file name (never its folders), with the date when the record gives one.
fn game_label(info: &GameInfo, path: &str, wording: &Wording) -> String {
    let unknown = wording.get("replay_player_unknown");
    let label = match (&info.name, &info.black, &info.white) {
        (Some(name), _, _) => name.clone(),
        (None, None, None) => Path::new(path)
            .file_name()
            .map_or_else(|| path.to_string(), |f| f.to_string_lossy().into_owned()),
        (None, black, white) => wording.fill(
            "replay_sheet_game_players",
            &[
                ("black", black.as_deref().unwrap_or(unknown)),
                ("white", white.as_deref().unwrap_or(unknown)),
            ],
        ),
    };
    match &info.date {
        Some(date) => wording.fill(
            "replay_sheet_game_date",
            &[("game", &label), ("date", date)],
        ),
        None => label,
    }
}

/// One move as the players write it: its number and colour, the point, the count captured (or
/// why it is illegal) and the mover's group liberties.
fn row(r: &MoveReport, ko: KoRule, wording: &Wording) -> Vec<String> {
    let none = wording.get("replay_cell_none");
    let colour = match r.color {
        Color::Black => "B",
        Color::White => "W",
    };
    let captures = match r.illegal {
        Some(reason) => fill(
            wording.get("replay_cell_illegal"),
            &[("reason", reason.word_under(ko))],
        ),
        None if !r.suicided.is_empty() => wording.fill(
            "replay_sheet_suicide",
            &[("count", &r.suicided.len().to_string())],
        ),
        None if r.captured.is_empty() => none.to_string(),
        None => wording.fill(
            "replay_sheet_captures_count",
            &[("count", &r.captured.len().to_string())],
        ),
    };
    vec![
        format!("{} {colour}", r.number),
        r.mv.to_string(),
        captures,
        r.liberties
            .map_or_else(|| none.to_string(), |n| n.to_string()),
    ]
}
