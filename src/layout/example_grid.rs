//! Example diagrams in a grid: as many columns as fit, each cell a small board with its text underneath.
//!
//! The player sheet fills the cells with title and prompt; the host key adds the answer and
//! passes the answer's marks, so both documents lay out examples the same way.

use crate::answer::Mark;
use crate::kit::Kit;
use crate::rules::{Board, Color};

use super::board::{self, BoardGeometry, fitted_style};
use super::flow::{Flow, text_block};
use super::geom::Pos;
use super::page::Font;
use super::style::Style;

/// Gap between cells, across and down.
const CELL_GAP: f64 = 6.0;

/// Narrowest cell, so prompts do not wrap into a column of single words.
const MIN_CELL_WIDTH: f64 = 50.0;

/// One example's cell: the board to draw, its marks, and the lines of text under it.
#[derive(Debug, Clone)]
pub struct Cell<'a> {
    /// The position to draw.
    pub board: &'a Board,
    /// Answer marks (none on the player sheet).
    pub marks: &'a [Mark],
    /// Whose stone a `Move` mark on an empty point shows.
    pub mover: Color,
    /// Paragraphs under the diagram, each with its font.
    pub texts: Vec<(String, Font)>,
}

/// Places `cells` row by row under the current position of `flow`, after `heading` if any.
pub fn add(flow: &mut Flow, kit: &Kit, style: &Style, heading: Option<&str>, cells: &[Cell<'_>]) {
    if cells.is_empty() {
        return;
    }
    let full_width = flow.width();
    let diagram = fitted_style(kit.size, &style.board, style.example_scale, full_width);
    let extent = BoardGeometry::extent(kit.size, &diagram);
    let columns =
        (((full_width + CELL_GAP) / (extent.width.max(MIN_CELL_WIDTH) + CELL_GAP)).floor()
            as usize)
            .max(1);
    let cell_width = (full_width - CELL_GAP * (columns as f64 - 1.0)) / columns as f64;
    match heading {
        Some(text) => flow.heading(text, style.heading_pt, extent.height),
        None => flow.ensure(extent.height),
    }
    for row in cells.chunks(columns) {
        let mut texts = Vec::new();
        let mut text_height: f64 = 0.0;
        for (i, cell) in row.iter().enumerate() {
            let x = flow.left() + i as f64 * (cell_width + CELL_GAP);
            let mut lines = Vec::new();
            let mut y = 0.0;
            for (text, font) in &cell.texts {
                let at = Pos::new(x, y);
                let (more, h) = text_block(style, text, *font, style.body_pt, at, cell_width);
                lines.extend(more);
                y += h;
            }
            text_height = text_height.max(y);
            texts.push((x, lines));
        }
        let height = extent.height + 1.0 + text_height;
        flow.ensure(height);
        let top = flow.y();
        let mut shapes = Vec::new();
        for ((x, lines), cell) in texts.into_iter().zip(row) {
            let dx = (cell_width - extent.width).max(0.0) / 2.0;
            let g = BoardGeometry::new(kit.size, diagram, Pos::new(x + dx, top));
            shapes.extend(board::draw(&g, Some(cell.board), cell.marks, cell.mover));
            let text_top = top + extent.height + 1.0;
            shapes.extend(lines.into_iter().map(|s| s.moved(0.0, text_top)));
        }
        flow.place(height + CELL_GAP, shapes);
    }
}
