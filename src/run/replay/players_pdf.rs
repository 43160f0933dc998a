//! `replay SHEET.csv --pdf FILE`: the players' own record printed back as the player sheet's
//! table, with every row that goes wrong marked and each wrong number followed by the engine's
//! (`0 → 2`), and the boards around the first mismatch, for the host to hand back.

use std::path::Path;

use super::mismatch::{Checked, Mismatch};
use crate::answer::{Mark, MarkKind};
use crate::export::pdf::write_pdf;
use crate::kit::Paper;
use crate::layout::game_figures::GameFigure;
use crate::layout::geom::Size;
use crate::layout::played_record::{self, PlayedRecord};
use crate::record::players_sheet::PlayersSheet;
use crate::rules::{BoardSize, Move, Position};
use crate::run::{Failure, write_atomically};
use crate::typeface;
use crate::wording::{Wording, fill};

/// What the sheet is about: the record, as the players wrote it, and what checking it found.
pub(super) struct Checking<'a> {
    /// The record's path as given.
    pub path: &'a str,
    /// The moves and the tally the players wrote.
    pub sheet: &'a PlayersSheet,
    /// What the engine found.
    pub checked: &'a Checked,
    /// The board's size.
    pub size: BoardSize,
}

/// Writes the checked sheet to `pdf`, atomically, on `paper`.
pub(super) fn write(checking: &Checking<'_>, pdf: &Path, paper: Paper) -> Result<(), Failure> {
    let record = checked_record(checking, &Wording::replay_defaults());
    let (width, height) = paper.dimensions_mm();
    let document = played_record::document(&record, Size::mm(width, height), typeface::bundled());
    let bytes = write_pdf(&document)
        .map_err(|e| Failure::new(format!("cannot make the checked sheet PDF: {e}")))?;
    write_atomically(pdf, &bytes)
}

/// The sheet's text and boards.
fn checked_record(checking: &Checking<'_>, w: &Wording) -> PlayedRecord {
    let Checking {
        path,
        sheet,
        checked,
        size,
    } = *checking;
    let name = Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |f| f.to_string_lossy().into_owned());
    let mut lines = vec![fill(
        w.get("sheet_pdf_moves"),
        &[
            ("moves", &sheet.moves.len().to_string()),
            ("size", &size.to_string()),
        ],
    )];
    match checked.mismatches.first() {
        None => lines.push(w.get("sheet_all_agree").to_string()),
        Some(first) => {
            lines.push(first.message.clone());
            lines.push(fill(
                w.get("sheet_pdf_marked"),
                &[("count", &checked.mismatches.len().to_string())],
            ));
        }
    }
    let headers = super::sheet_headers(w);
    let mut rows = Vec::with_capacity(sheet.moves.len());
    let mut marked = Vec::new();
    for (i, written) in sheet.moves.iter().enumerate() {
        let number = i + 1;
        let wrong = |column: &str| {
            checked
                .mismatches
                .iter()
                .find(|m| m.number == Some(number) && m.column == column)
        };
        let point = match written.mv {
            Move::Play(p) => p.to_string(),
            Move::Pass => w.get("replay_sheet_pass").to_string(),
        };
        let cell = |text: String, column: &str| corrected(text, wrong(column), w);
        let colour = if i % 2 == 0 { "B" } else { "W" };
        rows.push(vec![
            format!("{number} {colour}"),
            cell(point, "point"),
            cell(
                written
                    .captures
                    .as_ref()
                    .map_or_else(String::new, |c| c.value.to_string()),
                "captures",
            ),
            cell(
                written
                    .liberties
                    .as_ref()
                    .map_or_else(String::new, |l| l.value.to_string()),
                "liberties",
            ),
        ]);
        if checked.mismatches.iter().any(|m| m.number == Some(number)) {
            marked.push(i);
        }
    }
    let tally_wrong = checked.mismatches.iter().find(|m| m.column == "tally");
    let below_table = vec![match tally_wrong {
        Some(m) => m.message.clone(),
        None => w.fill(
            "replay_sheet_tally",
            &[
                ("black", &checked.tally[0].to_string()),
                ("white", &checked.tally[1].to_string()),
            ],
        ),
    }];
    PlayedRecord {
        title: fill(w.get("sheet_pdf_title"), &[("game", &name)]),
        lines,
        setup: None,
        heading: w.get("replay_sheet_heading").to_string(),
        headers,
        rows,
        marked,
        below_table,
        figures_heading: w.get("sheet_pdf_figures_heading").to_string(),
        figures: first_figures(checked, w),
        footer_left: w.fill("replay_sheet_footer_left", &[("game", &name)]),
        footer_right: w.get("replay_sheet_footer_right").to_string(),
        calibration_label: w.get("replay_sheet_calibration_label").to_string(),
        printing_note: w.get("sheet_pdf_printing_note").to_string(),
    }
}

/// A cell as the players wrote it, followed by the engine's value when they differ (`0 → 2`).
fn corrected(written: String, wrong: Option<&Mismatch>, w: &Wording) -> String {
    match wrong {
        Some(m) => fill(
            w.get("sheet_pdf_cell"),
            &[("written", &written), ("actual", &m.actual)],
        ),
        None => written,
    }
}

/// The boards before and after the move of the first mismatch: before it, the move marked
/// where it is played (or where it is refused) and the stones it captures crossed.
fn first_figures(checked: &Checked, w: &Wording) -> Vec<GameFigure> {
    let (Some((before, after)), Some(report), Some(number)) = (
        &checked.first_boards,
        &checked.first_report,
        checked.mismatches.first().and_then(|m| m.number),
    ) else {
        return Vec::new();
    };
    // The report's own number counts the one move it was played alone.
    let number = number.to_string();
    let mut marks: Vec<Mark> = report
        .captured
        .iter()
        .map(|&point| Mark {
            point,
            kind: MarkKind::Captured,
        })
        .collect();
    let point = match report.mv {
        Move::Play(p) => {
            let kind = if report.illegal.is_some() {
                MarkKind::Illegal
            } else {
                MarkKind::Move(report.color)
            };
            marks.push(Mark { point: p, kind });
            p.to_string()
        }
        Move::Pass => w.get("replay_sheet_pass").to_string(),
    };
    let colour = w.get(report.color.name());
    vec![
        GameFigure {
            caption: fill(
                w.get("sheet_pdf_before"),
                &[("move", &number), ("color", colour), ("point", &point)],
            ),
            board: Position::of(before),
            numbers: Vec::new(),
            marks,
            notes: Vec::new(),
        },
        GameFigure {
            caption: fill(w.get("sheet_pdf_after"), &[("move", &number)]),
            board: Position::of(after),
            numbers: Vec::new(),
            marks: Vec::new(),
            notes: Vec::new(),
        },
    ]
}
