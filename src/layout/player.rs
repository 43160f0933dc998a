//! The player sheet's content pages: title, rules in short, the full-size board, example diagrams with prompts, the move record.
//!
//! Nothing here may reveal an answer: examples carry no answer marks (only the dead stones a
//! `score` question names) and a worked example is left to the host key.

use crate::answer::{Mark, MarkKind, Panel};
use crate::kit::{Example, Kit, Task};

use super::board::{self, BoardGeometry};
use super::counters;
use super::example_grid::{self, Cell};
use super::flow::{Flow, text_shape};
use super::font::text_width_mm;
use super::geom::{Pos, Rgb, Size};
use super::page::{Font, Shape, Stroke};
use super::prompt;
use super::rules_text;
use super::style::{Style, ascent_mm};

/// Lays out the sheet's pages (counters follow on their own pages, added by the caller).
pub fn add_pages(flow: &mut Flow, kit: &Kit, style: &Style) {
    let w = &kit.wording;
    flow.text(
        &w.fill("player_heading", &[("title", &kit.title)]),
        Font::Bold,
        style.title_pt,
    );
    flow.skip(style.paragraph_gap);
    if let Some(purpose) = &kit.purpose {
        flow.text(purpose, Font::Regular, style.body_pt);
    }
    let size = board_size(kit);
    flow.text(
        &w.fill(
            "materials",
            &[
                ("size", &size),
                (
                    "counters",
                    &rules_text::spell(count_u32(counters::per_colour(kit)), w),
                ),
            ],
        ),
        Font::Regular,
        style.body_pt,
    );
    for section in rules_text::sections(kit) {
        flow.heading(
            &section.heading,
            style.heading_pt,
            style.line_height(style.body_pt),
        );
        flow.text(&section.paragraph, Font::Regular, style.body_pt);
    }
    full_board(flow, kit, style, &size);
    examples(flow, kit, style);
    record(flow, kit, style);
}

/// `5×5` for the kit's board.
pub fn board_size(kit: &Kit) -> String {
    kit.wording
        .fill("board_size", &[("n", &kit.size.get().to_string())])
}

fn count_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The empty board at 100% scale, centred, with its caption above and the tally below.
fn full_board(flow: &mut Flow, kit: &Kit, style: &Style, size: &str) {
    let w = &kit.wording;
    let extent = BoardGeometry::extent(kit.size, &style.board);
    let caption = style.line_height(style.heading_pt);
    let tally = style.line_height(style.heading_pt);
    flow.skip(style.section_gap);
    flow.ensure(caption + extent.height + style.section_gap + tally);
    flow.text(
        &w.fill("board_caption", &[("size", size)]),
        Font::Bold,
        style.heading_pt,
    );
    let x = flow.left() + (flow.width() - extent.width).max(0.0) / 2.0;
    let geometry = BoardGeometry::new(kit.size, style.board, Pos::new(x, flow.y()));
    flow.place(extent.height, board::draw(&geometry, None, &[], &[]));
    flow.skip(style.section_gap);
    flow.text(w.get("tally"), Font::Bold, style.heading_pt);
}

/// Every example as a small diagram with its title and prompt, and no marks.
fn examples(flow: &mut Flow, kit: &Kit, style: &Style) {
    let w = &kit.wording;
    let cells: Vec<Cell> = kit
        .examples
        .iter()
        .map(|example| Cell {
            panels: vec![(question_panel(example), None)],
            view: example.view.as_ref().map(|(v, _)| *v),
            texts: vec![
                (prompt::title(example, w), Font::Bold),
                (prompt::position(example, w), Font::Regular),
                (prompt::prompt(kit, example), Font::Regular),
            ],
        })
        .collect();
    example_grid::add(flow, kit, style, Some(w.get("examples_heading")), &cells);
}

/// The position as players see it: no answer, only what the question needs, which is the
/// stones agreed dead in a `score` example, marked so players know to remove them.
fn question_panel(example: &Example) -> Panel {
    let marks = match &example.task {
        Task::Score { dead } => dead
            .iter()
            .map(|&point| Mark {
                point,
                kind: MarkKind::Dead,
            })
            .collect(),
        _ => Vec::new(),
    };
    Panel {
        board: example.board.clone(),
        marks,
        numbers: Vec::new(),
        after_move: None,
    }
}

/// Relative widths of the record table's columns: Move, Point, Captures, Group liberties.
const RECORD_COLUMNS: [f64; 4] = [0.16, 0.2, 0.24, 0.4];

/// The move-record table: a header row and `record_rows` empty rows; it may continue on a new page.
fn record(flow: &mut Flow, kit: &Kit, style: &Style) {
    let w = &kit.wording;
    let row = style.table_row;
    flow.heading(w.get("record_heading"), style.heading_pt, 3.0 * row);
    let headers = [
        "record_move",
        "record_point",
        "record_captures",
        "record_liberties",
    ]
    .map(|k| w.get(k).to_string());
    header_row(flow, &headers, style);
    for _ in 0..kit.record_rows {
        if flow.y() + row > flow.bottom() {
            flow.new_page();
            header_row(flow, &headers, style);
        }
        let shapes = row_lines(flow.left(), flow.y(), flow.width(), row, style, false);
        flow.place(row, shapes);
    }
}

fn header_row(flow: &mut Flow, headers: &[String; 4], style: &Style) {
    let row = style.table_row;
    let (left, top, width) = (flow.left(), flow.y(), flow.width());
    let mut shapes = row_lines(left, top, width, row, style, true);
    let mut x = left;
    for (text, share) in headers.iter().zip(RECORD_COLUMNS) {
        let baseline = Pos::new(
            x + 2.0,
            top + (row - ascent_mm(style.body_pt)) / 2.0 + ascent_mm(style.body_pt) - 0.4,
        );
        if text_width_mm(text, Font::Bold, style.body_pt) > 0.0 {
            shapes.push(text_shape(
                text.clone(),
                baseline,
                Font::Bold,
                style.body_pt,
            ));
        }
        x += share * width;
    }
    flow.place(row, shapes);
}

/// One table row's outline: top line (for the header), bottom line and the column edges.
fn row_lines(left: f64, top: f64, width: f64, row: f64, style: &Style, header: bool) -> Vec<Shape> {
    let stroke = Stroke {
        width: if header {
            2.0 * style.thin_line
        } else {
            style.thin_line
        },
        color: Rgb::BLACK,
        dash: None,
    };
    let thin = Stroke {
        width: style.thin_line,
        color: Rgb::BLACK,
        dash: None,
    };
    let mut shapes = Vec::new();
    if header {
        shapes.push(Shape::Rect {
            origin: Pos::new(left, top),
            size: Size::new(width, row),
            fill: Some(Rgb(0.92, 0.92, 0.92)),
            stroke: None,
        });
        shapes.push(Shape::Line {
            from: Pos::new(left, top),
            to: Pos::new(left + width, top),
            stroke: thin,
        });
    }
    shapes.push(Shape::Line {
        from: Pos::new(left, top + row),
        to: Pos::new(left + width, top + row),
        stroke,
    });
    let mut x = left;
    for share in [0.0].into_iter().chain(RECORD_COLUMNS) {
        x += share * width;
        shapes.push(Shape::Line {
            from: Pos::new(x, top),
            to: Pos::new(x, top + row),
            stroke: thin,
        });
    }
    shapes
}
