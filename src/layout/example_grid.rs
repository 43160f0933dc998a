//! Example diagrams in a grid: as many columns as fit, each cell one or two small boards with
//! their text underneath.
//!
//! The player sheet fills the cells with title and prompt; the host key adds the answer and
//! passes the answer's figure, so both documents lay out examples the same way. A cell of two
//! boards (numbered moves, then the position they lead to) takes two columns' room, or shares
//! one column's room between smaller boards when only one column fits.
//!
//! Each diagram's size comes from the region it shows. A whole board is drawn at
//! `example_scale` of the kit's board; an example with a `view` is drawn as an example of a
//! board of the view's size would be, at `example_scale` of a real board (22 x 23.7 mm), or of
//! the kit's board if that is larger: a 19x19 board shrunk to fit the paper does not shrink the
//! diagrams of its corners. Columns are as wide as the narrowest cell needs; a cell whose
//! diagram is wider takes as many columns as it needs.

use crate::answer::Panel;
use crate::kit::{Kit, Physical, View};

use super::board::{self, BoardGeometry, fitted_view_style};
use super::flow::{Flow, text_block, text_shape};
use super::font::text_width_mm;
use super::geom::{Mm, Pos, Rgb, Size};
use super::page::{Font, Shape, Stroke};
use super::style::{BoardStyle, PrintSize, Style};

/// Gap between cells, across and down, and between the boards of one cell.
const CELL_GAP: f64 = 6.0;

/// Room between a diagram's lowest coordinate letters and what is printed under it, so a
/// caption or a title reads as the diagram's and not as another row of labels.
const UNDER_DIAGRAM: f64 = 2.0;

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
    /// A label for a ruled line under the text, for a player to write the answer on.
    pub answer_line: Option<String>,
}

/// The full-size board a diagram of `view` is scaled from (see the module notes).
pub fn base_style(style: &Style, view: Option<View>) -> BoardStyle {
    let real = BoardStyle::full_size(
        &Physical {
            large_print: style.print == PrintSize::Large,
            ..Physical::default()
        },
        style.fonts,
    );
    match view {
        Some(_) if style.board.spacing_x < real.spacing_x => real,
        _ => style.board,
    }
}

/// The style and extent of one board of a cell showing `view`, at `scale` of its base board
/// and at most `max_width` wide.
fn diagram(
    kit: &Kit,
    style: &Style,
    view: Option<View>,
    scale: f64,
    max_width: f64,
) -> (BoardStyle, Size) {
    let base = base_style(style, view);
    let mut drawn = fitted_view_style(kit.size, view, &base, scale, max_width);
    // Never so dense that the row numbers run together (a 19x19 board scaled from one fitted
    // to the paper, with large print's 11 pt labels): as wide as the page allows, then.
    if !legible(&drawn) {
        let least = LABEL_LEADING * drawn.coord_cap_height();
        drawn = fitted_view_style(kit.size, view, &base, least / base.spacing_y, max_width);
    }
    (drawn, BoardGeometry::view_extent(kit.size, view, &drawn))
}

/// The least distance between a diagram's lines, in capital heights of its labels: room for
/// a row number and a hair between it and the next.
const LABEL_LEADING: f64 = 1.3;

/// Whether a diagram drawn in `drawn` keeps its row numbers apart.
fn legible(drawn: &BoardStyle) -> bool {
    drawn.spacing_y >= LABEL_LEADING * drawn.coord_cap_height() - 1e-9
}

/// The diagrams of `cells`, as large as the examples are drawn; in large print no larger than
/// keeps two to a row where regular print sets two or more, so that a 9x9 example does not
/// take a page of its own (the step between tries is a fortieth of a real board).
fn diagrams(kit: &Kit, style: &Style, cells: &[Cell], width: f64) -> Vec<(BoardStyle, Size)> {
    let at = |scale: f64| -> Vec<(BoardStyle, Size)> {
        cells
            .iter()
            .map(|cell| diagram(kit, style, cell.view, scale, width))
            .collect()
    };
    let regular = style.examples.scale();
    let mut scale = style.example_scale;
    let mut drawn = at(scale);
    if scale <= regular {
        return drawn;
    }
    // Two to a row (or one, when regular print sets one or there is one), and a cell that
    // regular print fits in a column fitting one (not spanning two, alone in its row).
    let regular_drawn = at(regular);
    let wanted = columns(&regular_drawn, width).min(cells.len()).min(2);
    let column = (width - CELL_GAP * (wanted as f64 - 1.0)) / wanted as f64;
    let fits = |drawn: &[(BoardStyle, Size)], i: usize| {
        let panels = cells[i].panels.len().max(1) as f64;
        panels * drawn[i].1.width.get() + (panels - 1.0) * CELL_GAP <= column + 1e-9
    };
    let spans_more = |drawn: &[(BoardStyle, Size)]| {
        (0..cells.len()).any(|i| fits(&regular_drawn, i) && !fits(drawn, i))
    };
    while (columns(&drawn, width) < wanted || spans_more(&drawn)) && scale > regular {
        scale = (scale - 0.025).max(regular);
        drawn = at(scale);
    }
    drawn
}

/// How many cells of `diagrams` stand side by side across `width`: as many as the narrowest
/// cell allows.
fn columns(diagrams: &[(BoardStyle, Size)], width: f64) -> usize {
    let narrowest = diagrams
        .iter()
        .map(|(_, extent)| extent.width.get().max(MIN_CELL_WIDTH))
        .fold(f64::INFINITY, f64::min);
    (((width + CELL_GAP) / (narrowest + CELL_GAP)).floor() as usize).max(1)
}

/// Places `cells` row by row under the current position of `flow`, after `heading` if any.
/// Once the first row stands (with the heading), each page the cells run onto starts with
/// `continued` (see [`Flow::set_running_head`]); the caller clears it after.
pub fn add(
    flow: &mut Flow,
    kit: &Kit,
    style: &Style,
    heading: Option<&str>,
    cells: &[Cell],
    continued: Option<(Vec<Shape>, f64)>,
) {
    if cells.is_empty() {
        return;
    }
    let full_width = flow.width();
    let diagrams = diagrams(kit, style, cells, full_width);
    let columns = columns(&diagrams, full_width);
    let column_width = (full_width - CELL_GAP * (columns as f64 - 1.0)) / columns as f64;
    // Columns each board of a cell needs: one, unless its region is drawn wider than a column.
    let per_board = |extent: &Size| {
        (((extent.width.get() + CELL_GAP) / (column_width + CELL_GAP) - 1e-9).ceil() as usize)
            .max(1)
    };
    let spans: Vec<usize> = cells
        .iter()
        .zip(&diagrams)
        .map(|(cell, (_, extent))| (cell.panels.len().max(1) * per_board(extent)).clamp(1, columns))
        .collect();
    let first_height = diagrams[0].1.height;
    match heading {
        Some(text) => flow.heading(text, style.heading_pt, first_height.get()),
        None => flow.ensure(first_height.get()),
    }
    let mut laid: Vec<LaidCell> = cells
        .iter()
        .enumerate()
        .map(|(i, cell)| {
            let columns_taken = spans[i] as f64;
            let width = columns_taken * column_width + (columns_taken - 1.0) * CELL_GAP;
            lay_out(kit, style, cell, &diagrams[i].0, width)
        })
        .collect();
    // A cell taller than a page (a prompt of hundreds of words) is a row of its own, the
    // page's width, and if it is still taller than a page its text runs on over the next
    // pages: placed as one block, it would run over the footer and off the page.
    let page = flow.page_height();
    let alone: Vec<bool> = laid.iter().map(|l| l.height > page + 1e-9).collect();
    for (i, cell) in cells.iter().enumerate().filter(|&(i, _)| alone[i]) {
        laid[i] = lay_out(kit, style, cell, &diagrams[i].0, full_width);
    }
    let tall: Vec<bool> = (0..laid.len())
        .map(|i| alone[i] && laid[i].height > page + 1e-9)
        .collect();
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut used = columns;
    for (i, span) in spans.iter().enumerate() {
        let after_alone = rows.last().is_some_and(|row| row.iter().any(|&j| alone[j]));
        if used + span > columns || alone[i] || after_alone {
            rows.push(Vec::new());
            used = 0;
        }
        used += span;
        if let Some(row) = rows.last_mut() {
            row.push(i);
        }
    }
    let mut continued = continued;
    for row in rows {
        if let [i] = row[..]
            && tall[i]
        {
            flow_tall(flow, style, &cells[i], &mut laid[i]);
            flow.set_running_head(continued.take());
            continue;
        }
        squeeze_to_fit(flow, kit, style, cells, &diagrams, &row, &mut laid);
        let mut placed = Vec::new();
        let mut height: f64 = 0.0;
        let mut x = flow.left();
        // The titles of a row stand on one line, under the row's tallest boards and captions.
        let boards = row
            .iter()
            .map(|&i| laid[i].boards_height)
            .fold(0.0, f64::max);
        for i in row {
            let cell = &mut laid[i];
            let drop = boards - cell.boards_height;
            let texts = std::mem::take(&mut cell.texts)
                .into_iter()
                .map(|s| s.moved(0.0, drop));
            let shapes: Vec<Shape> = std::mem::take(&mut cell.boards)
                .into_iter()
                .chain(texts)
                .map(|s| s.moved(x, 0.0))
                .collect();
            height = height.max(cell.height + drop);
            placed.push(shapes);
            x += cell.width + CELL_GAP;
        }
        flow.ensure(height);
        let top = flow.y();
        let shapes = placed
            .into_iter()
            .flatten()
            .map(|s| s.moved(0.0, top))
            .collect();
        flow.place(height + CELL_GAP, shapes);
        if continued.is_some() {
            flow.set_running_head(continued.take());
        }
    }
}

/// The smallest share of their size a row's diagrams are drawn at to keep the row on the page
/// it would otherwise leave half empty, as a book sets a figure a little smaller to keep it
/// with its page.
const SQUEEZE: f64 = 0.85;

/// Lays the cells of `row` out again with smaller diagrams (down to [`SQUEEZE`] of their size,
/// or in large print to regular print's size) when that keeps the row on the current page,
/// which it would otherwise leave for the next.
fn squeeze_to_fit(
    flow: &Flow,
    kit: &Kit,
    style: &Style,
    cells: &[Cell],
    diagrams: &[(BoardStyle, Size)],
    row: &[usize],
    laid: &mut [LaidCell],
) {
    let room = flow.bottom() - flow.y();
    if row_height(row.iter().map(|&i| &laid[i])) <= room + 1e-9 || flow.at_page_top() {
        return;
    }
    // Large print may go further, down to regular print's size.
    let regular = style.examples.scale() / style.example_scale;
    let deepest = [regular].into_iter().filter(|&f| f < SQUEEZE);
    for factor in [0.95, 0.9, SQUEEZE].into_iter().chain(deepest) {
        if row.iter().any(|&i| !legible(&diagrams[i].0.scaled(factor))) {
            return;
        }
        let smaller: Vec<LaidCell> = row
            .iter()
            .map(|&i| {
                let drawn = diagrams[i].0.scaled(factor);
                lay_out(kit, style, &cells[i], &drawn, laid[i].width)
            })
            .collect();
        if row_height(smaller.iter()) <= room + 1e-9 {
            for (&i, cell) in row.iter().zip(smaller) {
                laid[i] = cell;
            }
            return;
        }
    }
}

/// The height of a row of laid-out cells, its titles standing on one line under the tallest
/// boards (as [`add`] places them).
fn row_height<'a>(cells: impl Iterator<Item = &'a LaidCell> + Clone) -> f64 {
    let boards = cells.clone().map(|c| c.boards_height).fold(0.0, f64::max);
    cells
        .map(|c| c.height + boards - c.boards_height)
        .fold(0.0, f64::max)
}

/// One cell laid out with its top left at the origin.
struct LaidCell {
    /// Its width on the page.
    width: f64,
    /// The boards with their captions.
    boards: Vec<Shape>,
    /// The height of the boards with their captions, down to where the text starts.
    boards_height: f64,
    /// The text under the boards, in lines.
    texts: Vec<Shape>,
    /// The whole cell's height.
    height: f64,
}

/// Lays out `cell`, `width` wide, its diagrams drawn in `drawn` (or smaller, to fit).
fn lay_out(kit: &Kit, style: &Style, cell: &Cell, drawn: &BoardStyle, width: f64) -> LaidCell {
    let boards = cell.panels.len().max(1) as f64;
    let board_width = (width - (boards - 1.0) * CELL_GAP) / boards;
    let style_here = fitted_view_style(kit.size, cell.view, drawn, 1.0, board_width);
    let board_extent = BoardGeometry::view_extent(kit.size, cell.view, &style_here);
    let mut shapes = Vec::new();
    let mut caption_height: f64 = 0.0;
    let boards_width = boards * board_extent.width.get() + (boards - 1.0) * CELL_GAP;
    let mut bx = (width - boards_width).max(0.0) / 2.0;
    for (panel, caption) in &cell.panels {
        let g = BoardGeometry::showing(kit.size, cell.view, style_here, Pos::mm(bx, 0.0));
        shapes.extend(board::draw(
            &g,
            Some(&panel.board),
            &panel.marks,
            &panel.numbers,
        ));
        if let Some(caption) = caption {
            let at = Pos::mm(bx, (board_extent.height + Mm::new(UNDER_DIAGRAM)).get());
            let (lines, h) = text_block(
                style,
                caption,
                Font::Regular,
                style.body_pt,
                at,
                board_extent.width.get(),
            );
            shapes.extend(lines);
            caption_height = caption_height.max(h + UNDER_DIAGRAM);
        }
        bx += board_extent.width.get() + CELL_GAP;
    }
    let boards_height = board_extent.height.get() + caption_height + UNDER_DIAGRAM;
    let mut y = boards_height;
    let mut texts = Vec::new();
    for (text, font) in &cell.texts {
        let (more, h) = text_block(style, text, *font, style.body_pt, Pos::mm(0.0, y), width);
        texts.extend(more);
        y += h;
    }
    if let Some(label) = &cell.answer_line {
        let (line, h) = ruled_line(style, label, Pos::mm(0.0, y), width);
        texts.extend(line);
        y += h;
    }
    LaidCell {
        width,
        boards: shapes,
        boards_height,
        texts,
        height: y,
    }
}

/// A label and a line to write on after it, to `width`: its shapes and height. The line stands
/// on the label's baseline, a handwriting's height under the text above.
pub fn ruled_line(style: &Style, label: &str, at: Pos, width: f64) -> (Vec<Shape>, f64) {
    ruled_line_of(style, label, at, width, style.writing_line)
}

/// [`ruled_line`] `height` tall.
pub fn ruled_line_of(
    style: &Style,
    label: &str,
    at: Pos,
    width: f64,
    height: f64,
) -> (Vec<Shape>, f64) {
    let baseline = at.offset(0.0, height - 1.5);
    let label_width = text_width_mm(style.fonts, label, Font::Regular, style.body_pt);
    let start = if label_width > 0.0 {
        label_width + 1.5
    } else {
        0.0
    };
    let shapes = vec![
        text_shape(label.to_string(), baseline, Font::Regular, style.body_pt),
        Shape::Line {
            from: baseline.offset(start, 0.0),
            to: baseline.offset(width.max(start), 0.0),
            stroke: Stroke {
                width: Mm::new(style.thin_line),
                color: Rgb::BLACK,
                dash: None,
            },
        },
    ];
    (shapes, height)
}

/// Places a cell taller than a page: its boards as one block, then its text line by line, on
/// as many pages as it takes (each line where the flow has room for it, never below the
/// footer's top).
fn flow_tall(flow: &mut Flow, style: &Style, cell: &Cell, laid: &mut LaidCell) {
    let x = flow.left();
    flow.ensure(laid.boards_height);
    let top = flow.y();
    let boards = std::mem::take(&mut laid.boards)
        .into_iter()
        .map(|s| s.moved(x, top))
        .collect();
    flow.place(laid.boards_height, boards);
    for (text, font) in &cell.texts {
        flow.text_in(text, *font, style.body_pt, x, laid.width);
    }
    if let Some(label) = &cell.answer_line {
        flow.ensure(style.writing_line);
        let (line, h) = ruled_line(style, label, Pos::mm(x, flow.y()), laid.width);
        flow.place(h, line);
    }
    flow.skip(CELL_GAP);
}
