//! Example diagrams in a grid: as many columns as fit, each cell one or two small boards with
//! their text underneath.
//!
//! The player sheet fills the cells with title and prompt; the host key adds the answer and
//! passes the answer's figure, so both documents lay out examples the same way. A cell of two
//! boards (numbered moves, then the position they lead to) takes two columns' room, or shares
//! one column's room between smaller boards when only one column fits.

use crate::answer::Panel;
use crate::kit::{Kit, View};

use super::board::{self, BoardGeometry, fitted_style};
use super::flow::{Flow, text_block};
use super::geom::Pos;
use super::page::Font;
use super::style::Style;

/// Gap between cells, across and down, and between the boards of one cell.
const CELL_GAP: f64 = 6.0;

/// Narrowest cell, so prompts do not wrap into a column of single words.
const MIN_CELL_WIDTH: f64 = 50.0;

/// One example's cell: its boards, each with an optional caption, and the text under them.
#[derive(Debug, Clone)]
pub struct Cell {
    /// The boards to draw, left to right, each with the caption printed under it.
    pub panels: Vec<(Panel, Option<String>)>,
    /// The part of the board the example shows (`None`: all of it).
    pub view: Option<View>,
    /// Paragraphs under the diagrams, each with its font.
    pub texts: Vec<(String, Font)>,
}

/// Places `cells` row by row under the current position of `flow`, after `heading` if any.
pub fn add(flow: &mut Flow, kit: &Kit, style: &Style, heading: Option<&str>, cells: &[Cell]) {
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
    let column_width = (full_width - CELL_GAP * (columns as f64 - 1.0)) / columns as f64;
    let span = |cell: &Cell| cell.panels.len().clamp(1, columns);
    match heading {
        Some(text) => flow.heading(text, style.heading_pt, extent.height),
        None => flow.ensure(extent.height),
    }
    let mut rows: Vec<Vec<&Cell>> = Vec::new();
    let mut used = columns;
    for cell in cells {
        if used + span(cell) > columns {
            rows.push(Vec::new());
            used = 0;
        }
        used += span(cell);
        if let Some(row) = rows.last_mut() {
            row.push(cell);
        }
    }
    for row in rows {
        let mut placed = Vec::new();
        let mut height: f64 = 0.0;
        let mut x = flow.left();
        for cell in row {
            let columns_taken = span(cell) as f64;
            let width = columns_taken * column_width + (columns_taken - 1.0) * CELL_GAP;
            let boards = cell.panels.len().max(1) as f64;
            let board_width = (width - (boards - 1.0) * CELL_GAP) / boards;
            let style_here = fitted_style(kit.size, &diagram, 1.0, board_width);
            let board_extent = BoardGeometry::extent(kit.size, &style_here);
            let mut shapes = Vec::new();
            let mut caption_height: f64 = 0.0;
            let boards_width = boards * board_extent.width + (boards - 1.0) * CELL_GAP;
            let mut bx = x + (width - boards_width).max(0.0) / 2.0;
            for (panel, caption) in &cell.panels {
                let g = BoardGeometry::new(kit.size, style_here, Pos::new(bx, 0.0));
                shapes.extend(board::draw(
                    &g,
                    Some(&panel.board),
                    &panel.marks,
                    &panel.numbers,
                ));
                if let Some(caption) = caption {
                    let at = Pos::new(bx, board_extent.height + 0.5);
                    let (lines, h) = text_block(
                        style,
                        caption,
                        Font::Regular,
                        style.body_pt,
                        at,
                        board_extent.width,
                    );
                    shapes.extend(lines);
                    caption_height = caption_height.max(h + 0.5);
                }
                bx += board_extent.width + CELL_GAP;
            }
            let mut y = board_extent.height + caption_height + 1.0;
            for (text, font) in &cell.texts {
                let at = Pos::new(x, y);
                let (more, h) = text_block(style, text, *font, style.body_pt, at, width);
                shapes.extend(more);
                y += h;
            }
            height = height.max(y);
            placed.push(shapes);
            x += width + CELL_GAP;
        }
        flow.ensure(height);
        let top = flow.y();
        let shapes = placed
            .into_iter()
            .flatten()
            .map(|s| s.moved(0.0, top))
            .collect();
        flow.place(height + CELL_GAP, shapes);
    }
}
