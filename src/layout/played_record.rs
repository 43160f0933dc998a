//! The move-record sheet filled in from a refereed game (`replay --pdf`): the player sheet's
//! record table at the pack's scale, its rows written from plain text so layout knows nothing
//! of game records.

use super::flow::Flow;
use super::footer::{self, FootText};
use super::geom::Size;
use super::page::{Document, Font};
use super::record_table;
use super::style::Style;
use crate::typeface::Typefaces;
use crate::wording::Language;

/// What the sheet shows, as text: the title and lines under it (players, rules), the table's
/// heading and column headers, and one row of cells per move.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedRecord {
    /// The sheet's title, e.g. `Move record: game.sgf`.
    pub title: String,
    /// Lines under the title: players, rules, the result.
    pub lines: Vec<String>,
    /// The table's heading.
    pub heading: String,
    /// Column headers, as many as `shares`.
    pub headers: Vec<String>,
    /// Each column's share of the table's width.
    pub shares: Vec<f64>,
    /// One row per move, a cell per column.
    pub rows: Vec<Vec<String>>,
    /// The rows to mark (refused moves), by index, in order.
    pub marked: Vec<usize>,
    /// The footer line's left.
    pub footer_left: String,
    /// The footer line's right, with `{page}` and `{pages}` to fill.
    pub footer_right: String,
    /// The label beside the 100 mm calibration bar.
    pub calibration_label: String,
    /// The printing note above the bar.
    pub printing_note: String,
}

/// Lays the record out on `paper` (portrait, in millimetres) at the pack's real-board style,
/// over as many pages as the game needs, the header repeated on each and every page numbered
/// over the pack's calibration bar.
pub fn document(record: &PlayedRecord, paper: Size, fonts: &'static Typefaces) -> Document {
    let style = Style::for_physical(&crate::kit::Physical::default(), fonts);
    let mut flow = Flow::new(style, paper);
    flow.text(&record.title, Font::Bold, style.title_pt);
    flow.skip(style.paragraph_gap);
    for line in &record.lines {
        flow.text(line, Font::Regular, style.body_pt);
    }
    flow.skip(style.paragraph_gap);
    record_table::add(
        &mut flow,
        &record.heading,
        &record.headers,
        &record.shares,
        record.rows.len(),
        |index, cells| {
            for (cell, text) in cells.iter_mut().zip(&record.rows[index]) {
                cell.push_str(text);
            }
            record.marked.binary_search(&index).is_ok()
        },
        &style,
    );
    let mut pages = flow.finish();
    let foot = FootText {
        left: &record.footer_left,
        right: &record.footer_right,
        calibration_label: &record.calibration_label,
        note: &record.printing_note,
    };
    footer::decorate_with(&mut pages, &foot, &style);
    Document {
        title: record.title.clone(),
        pages,
        fonts,
        language: Language::English,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::geom::Rgb;
    use crate::layout::page::Shape;

    #[test]
    fn a_marked_row_is_bold_behind_a_bar_and_the_others_are_not() {
        let row =
            |n: usize, captures: &str| vec![n.to_string(), "C3".to_string(), captures.to_string()];
        let record = PlayedRecord {
            title: "Move record: game".into(),
            lines: Vec::new(),
            heading: "Moves".into(),
            headers: vec!["Move".into(), "Point".into(), "Captures".into()],
            shares: vec![0.2, 0.2, 0.6],
            rows: vec![row(1, "-"), row(2, "illegal: occupied"), row(3, "-")],
            marked: vec![1],
            footer_left: String::new(),
            footer_right: String::new(),
            calibration_label: String::new(),
            printing_note: String::new(),
        };
        let doc = document(&record, Size::mm(210.0, 297.0), crate::typeface::bundled());
        let shapes = &doc.pages[0].shapes;
        let bars: Vec<_> = shapes
            .iter()
            .filter(|s| {
                matches!(s, Shape::Rect { size, fill: Some(f), .. }
                if (size.width.get() - 1.2).abs() < 1e-9 && *f == Rgb::BLACK)
            })
            .collect();
        assert_eq!(bars.len(), 1);
        let font_of = |wanted: &str| {
            shapes.iter().find_map(|s| match s {
                Shape::Text { text, font, .. } if text == wanted => Some(*font),
                _ => None,
            })
        };
        assert_eq!(font_of("illegal: occupied"), Some(Font::Bold));
        assert_eq!(font_of("3"), Some(Font::Regular));
    }
}
