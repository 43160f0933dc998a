//! The move-record sheet filled in from a refereed game (`replay --pdf`) or from the players'
//! own record: the player sheet's four record columns at the pack's scale, the capture tally
//! under them, and the game's boards (setup, figures of its moves, final position). Its rows are
//! written from plain text so layout knows nothing of game records.

use super::flow::Flow;
use super::font::text_width_mm;
use super::footer::{self, FootText};
use super::game_figures::{self, GameFigure};
use super::geom::Size;
use super::page::{Document, Font};
use super::record_table;
use super::style::Style;
use crate::typeface::Typefaces;
use crate::wording::Language;

/// What the sheet shows, as text and boards: the title and lines under it, the setup, the
/// table, the lines under it, then the game's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedRecord {
    /// The sheet's title, e.g. `Move record: game.sgf`.
    pub title: String,
    /// Lines under the title: players, rules, the result.
    pub lines: Vec<String>,
    /// The board before the first move, drawn above the table (a record with setup stones).
    pub setup: Option<GameFigure>,
    /// The table's heading.
    pub heading: String,
    /// Column headers: the player sheet's Move, Point, Captures, Group liberties.
    pub headers: Vec<String>,
    /// One row per move, a cell per column.
    pub rows: Vec<Vec<String>>,
    /// The rows to mark (refused moves, mismatches), by index, in order.
    pub marked: Vec<usize>,
    /// Lines under the table: the capture tally.
    pub below_table: Vec<String>,
    /// The heading over `figures`.
    pub figures_heading: String,
    /// The game's boards after the table: its moves in figures, then the final position.
    pub figures: Vec<GameFigure>,
    /// The footer line's left.
    pub footer_left: String,
    /// The footer line's right, with `{page}` and `{pages}` to fill.
    pub footer_right: String,
    /// The label beside the 100 mm calibration bar.
    pub calibration_label: String,
    /// The printing note above the bar.
    pub printing_note: String,
}

/// Padding inside a cell, both sides together.
const CELL_PADDING: f64 = 4.0;

/// Lays the record out on `paper` (portrait, in millimetres) at the pack's real-board style,
/// over as many pages as the game needs, the header repeated on each and every page numbered
/// over the pack's calibration bar. The table's columns are as wide as their widest cell, so
/// a long game's rows run in two or three columns a page.
pub fn document(record: &PlayedRecord, paper: Size, fonts: &'static Typefaces) -> Document {
    let style = Style::for_physical(&crate::kit::Physical::default(), fonts);
    let mut flow = Flow::new(style, paper);
    flow.text(&record.title, Font::Bold, style.title_pt);
    flow.skip(style.paragraph_gap);
    for line in &record.lines {
        flow.text(line, Font::Regular, style.body_pt);
    }
    flow.skip(style.paragraph_gap);
    if let Some(setup) = &record.setup {
        flow.skip(style.section_gap);
        game_figures::add(&mut flow, std::slice::from_ref(setup), &style);
    }
    let (shares, narrowest) = column_shares(record, &style);
    record_table::add(
        &mut flow,
        &record.heading,
        &record.headers,
        &shares,
        narrowest,
        record.rows.len(),
        |index, cells| {
            for (cell, text) in cells.iter_mut().zip(&record.rows[index]) {
                cell.push_str(text);
            }
            record.marked.binary_search(&index).is_ok()
        },
        &style,
    );
    flow.skip(style.paragraph_gap);
    for line in &record.below_table {
        flow.text(line, Font::Bold, style.body_pt);
    }
    if !record.figures.is_empty() {
        let first_row = record.figures[0].board.size().get() as f64 * 6.0;
        flow.heading(&record.figures_heading, style.heading_pt, first_row);
        flow.skip(style.paragraph_gap);
        game_figures::add(&mut flow, &record.figures, &style);
    }
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

/// Each column's share of the table and the table's least width: every column as wide as its
/// widest cell or header (a marked row's bold included), plus padding.
fn column_shares(record: &PlayedRecord, style: &Style) -> (Vec<f64>, f64) {
    let width = |text: &str| text_width_mm(style.fonts, text, Font::Bold, style.body_pt);
    let widths: Vec<f64> = (0..record.headers.len())
        .map(|i| {
            let widest = std::iter::once(&record.headers[i])
                .chain(record.rows.iter().filter_map(|row| row.get(i)))
                .map(|text| width(text))
                .fold(0.0, f64::max);
            widest + CELL_PADDING
        })
        .collect();
    let total: f64 = widths.iter().sum();
    (widths.iter().map(|w| w / total).collect(), total)
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
            setup: None,
            rows: vec![row(1, "-"), row(2, "illegal: occupied"), row(3, "-")],
            marked: vec![1],
            below_table: Vec::new(),
            figures_heading: String::new(),
            figures: Vec::new(),
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
