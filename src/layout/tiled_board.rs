//! The board at full size across sheets (`board.pdf`), for real stones: a 9x9 board at a real
//! board's 22 x 23.7 mm is about 199 x 212 mm, more than A4 or Letter leave inside their
//! margins, so it is printed in parts to cut and tape together, as sewing patterns are.
//!
//! Neighbouring sheets share one line of the board. A sheet's part reaches half a spacing past
//! the shared line on each side: the sheet to the right (or below) is cut along its dashed line,
//! half a spacing before the shared line, and laid over the grey strip of the sheet before, its
//! cut edge on the strip's edge, so every line runs on from one sheet to the next. Half-diamonds
//! on both sides of each seam meet when the sheets lie right. Each sheet labels the real
//! board's edges it holds, says which part it is with a small map, and carries the 100 mm bar.

use crate::kit::{BoardPrint, Kit, Physical, View};
use crate::rules::{BoardSize, Point};
use crate::typeface::Typefaces;
use crate::wording::number;

use super::board::{self, BoardGeometry, LabelSides, RUN_ON};
use super::flow::text_shape;
use super::font::{text_width_mm, wrap};
use super::geom::{Mm, Pos, Rgb, Size};
use super::page::{Font, Page, Shape, Stroke};
use super::style::{BoardStyle, PrintSize, Style, ascent_mm};

/// The grey of the strips a later sheet covers.
const STRIP_GREY: Rgb = Rgb(0.88, 0.88, 0.88);

/// Half the height of an alignment half-diamond, and its width, in millimetres.
const MARK_HALF: f64 = 3.0;

/// Side of one cell of a sheet's map, in millimetres.
const MAP_CELL: f64 = 4.0;

/// How a board is cut into sheets: the columns each column of sheets holds, left to right, and
/// the rows each row of sheets holds, top to bottom, as index ranges `(first, last)` (row 0 is
/// the board's row 1). Neighbours share their end line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tiling {
    /// Column index ranges, left to right.
    pub columns: Vec<(u8, u8)>,
    /// Row index ranges, top sheet first: `(highest, lowest)` row.
    pub rows: Vec<(u8, u8)>,
}

impl Tiling {
    /// How many sheets the board takes.
    pub fn sheets(&self) -> usize {
        self.columns.len() * self.rows.len()
    }
}

/// The room a sheet gives the board: the page inside its margins, above the foot, below the
/// sheet's heading.
fn room(style: &Style, paper: Size) -> (f64, f64) {
    let width = paper.width.get() - 2.0 * style.margin;
    let height = paper.height.get() - 2.0 * style.margin - style.footer_band - header(style);
    (width, height)
}

/// The height kept for a sheet's heading: its title and two lines of instructions (in large
/// print, two and three), and a gap. A heading that wraps to more pushes the board down.
fn header(style: &Style) -> f64 {
    let (title, instructions) = match style.print {
        PrintSize::Regular => (1.0, 2.0),
        PrintSize::Large => (2.0, 3.0),
    };
    title * style.line_height(style.heading_pt)
        + instructions * style.line_height(style.small_pt)
        + HEADING_GAP
}

/// Space between a sheet's heading and its board, in millimetres.
const HEADING_GAP: f64 = 2.0;

/// How far a part reaches beyond its end line on one side: past a real edge, half a stone and
/// the labels; at a seam, the run-on lines to the cut or the strip's end.
fn end_part(at_edge: bool, spacing: f64, style: &BoardStyle, band: f64) -> f64 {
    if at_edge {
        style.stone / 2.0 + band
    } else {
        RUN_ON * spacing
    }
}

/// Splits `lines` lines spaced `spacing` apart into the fewest parts that each fit `room`, as
/// even as they can be; `None` when one spacing alone does not fit.
fn split(
    lines: u8,
    spacing: f64,
    style: &BoardStyle,
    band: f64,
    room: f64,
) -> Option<Vec<(u8, u8)>> {
    let last = lines - 1;
    let length = |a: u8, b: u8| {
        f64::from(b - a) * spacing
            + end_part(a == 0, spacing, style, band)
            + end_part(b == last, spacing, style, band)
    };
    (1..=last.max(1)).find_map(|parts| {
        let (each, extra) = (last / parts, last % parts);
        let mut ranges = Vec::new();
        let mut start = 0;
        for i in 0..parts {
            let end = start + each + u8::from(i < extra);
            ranges.push((start, end));
            start = end;
        }
        ranges
            .iter()
            .all(|&(a, b)| length(a, b) <= room + 1e-9)
            .then_some(ranges)
    })
}

/// How the board of `size` in `style` is cut to fit `paper`, or `None` when a single spacing
/// does not fit a sheet.
pub fn tiling(size: BoardSize, style: &Style, paper: Size) -> Option<Tiling> {
    let (width, height) = room(style, paper);
    let b = &style.board;
    let band = BoardGeometry::label_band(size, b);
    let columns = split(size.get(), b.spacing_x, b, band, width)?;
    let mut rows = split(size.get(), b.spacing_y, b, band, height)?;
    rows.reverse();
    let rows = rows.into_iter().map(|(low, high)| (high, low)).collect();
    Some(Tiling { columns, rows })
}

/// What `check` and `build` say of a tiled board: `9x9 board at full size on 2 a4 sheets
/// (board.pdf)`; `None` when the kit does not ask for one.
pub fn note(kit: &Kit, fonts: &'static Typefaces) -> Option<String> {
    if kit.physical.board_print != BoardPrint::Tiled {
        return None;
    }
    let style = Style::for_physical(&kit.physical, fonts);
    let (width, height) = kit.paper.dimensions_mm();
    let tiling = tiling(kit.size, &style, Size::mm(width, height))?;
    let real = Physical::default();
    let (x, y) = (kit.physical.spacing_x_mm, kit.physical.spacing_y_mm);
    let scale = if x == real.spacing_x_mm && y == real.spacing_y_mm {
        "full size".to_string()
    } else {
        format!("{} x {} mm", number(x), number(y))
    };
    let sheets = tiling.sheets();
    Some(format!(
        "{} board at {scale} on {sheets} {} {} (board.pdf)",
        kit.size,
        kit.paper.name(),
        if sheets == 1 { "sheet" } else { "sheets" },
    ))
}

/// The sheets of the tiled board for `kit`, in reading order (left to right, then down), or
/// none when the board cannot be cut to fit its paper.
pub fn pages(kit: &Kit, style: &Style, paper: Size) -> Vec<Page> {
    let Some(tiling) = tiling(kit.size, style, paper) else {
        return Vec::new();
    };
    let mut pages = Vec::new();
    for (row, &rows) in tiling.rows.iter().enumerate() {
        for (column, &columns) in tiling.columns.iter().enumerate() {
            let sheet = Sheet {
                kit,
                style,
                paper,
                tiling: &tiling,
                column,
                row,
                columns,
                rows,
            };
            pages.push(Page {
                size: paper,
                shapes: sheet.shapes(),
            });
        }
    }
    pages
}

/// One sheet of the tiled board.
struct Sheet<'a> {
    kit: &'a Kit,
    style: &'a Style,
    paper: Size,
    tiling: &'a Tiling,
    /// Which column and row of sheets it is, from the top left.
    column: usize,
    row: usize,
    /// The columns it holds, left to right, and the rows, top to bottom.
    columns: (u8, u8),
    rows: (u8, u8),
}

impl Sheet<'_> {
    /// The sheet's number, from 1 in reading order.
    fn number(&self) -> usize {
        self.row * self.tiling.columns.len() + self.column + 1
    }

    fn last(&self) -> u8 {
        self.kit.size.get() - 1
    }

    /// Seams: whether a sheet lies to the left of / above this one (this one is laid over it,
    /// cut along its dashed line), and to the right of / below it (laid over this one's strip).
    fn seams(&self) -> [bool; 4] {
        let (first_col, last_col) = self.columns;
        let (high_row, low_row) = self.rows;
        [
            first_col > 0,
            high_row < self.last(),
            last_col < self.last(),
            low_row > 0,
        ]
    }

    fn shapes(&self) -> Vec<Shape> {
        let style = self.style;
        let b = &style.board;
        let size = self.kit.size;
        let band = BoardGeometry::label_band(size, b);
        let [cut_left, cut_top, strip_right, strip_bottom] = self.seams();
        let (first_col, last_col) = self.columns;
        let (high_row, low_row) = self.rows;
        let reach_left = end_part(!cut_left, b.spacing_x, b, band);
        let reach_right = end_part(!strip_right, b.spacing_x, b, band);
        let reach_top = end_part(!cut_top, b.spacing_y, b, band);
        let reach_bottom = end_part(!strip_bottom, b.spacing_y, b, band);
        let grid_width = f64::from(last_col - first_col) * b.spacing_x;
        let grid_height = f64::from(high_row - low_row) * b.spacing_y;
        let (room_width, room_height) = room(style, self.paper);
        let width = reach_left + grid_width + reach_right;
        let height = reach_top + grid_height + reach_bottom;
        // Centred in the room left under the heading.
        let left = style.margin + (room_width - width).max(0.0) / 2.0;
        let (heading, heading_bottom) = self.heading();
        let centred = style.margin + header(style) + (room_height - height).max(0.0) / 2.0;
        let top = centred.max(heading_bottom + HEADING_GAP);
        let view = View {
            low: Point::new(first_col, low_row),
            high: Point::new(last_col, high_row),
        };
        let grid_origin = Pos::mm(left + reach_left, top + reach_top);
        let geometry = BoardGeometry::with_grid_at(size, view, *b, grid_origin);
        let x = |col: u8| geometry.column_x(col);
        let y = |row: u8| geometry.row_y(row);
        let (sx, sy) = (b.spacing_x, b.spacing_y);

        let mut shapes = Vec::new();
        // The strips a later sheet covers, under everything else.
        let (strip_x, strip_y) = (x(last_col) - RUN_ON * sx, y(low_row) - RUN_ON * sy);
        if strip_right {
            shapes.push(strip(
                Pos::mm(strip_x, top),
                Size::mm(left + width - strip_x, height),
            ));
        }
        if strip_bottom {
            shapes.push(strip(
                Pos::mm(left, strip_y),
                Size::mm(width, top + height - strip_y),
            ));
        }
        let sides = LabelSides {
            top: !cut_top,
            bottom: !strip_bottom,
            left: !cut_left,
            right: !strip_right,
        };
        shapes.extend(board::empty_board(&geometry, sides));

        // Cut lines across the whole page, so the paper is cut straight through.
        let (page_width, page_height) = (self.paper.width.get(), self.paper.height.get());
        let dashed = Stroke {
            width: Mm::new(0.3),
            color: Rgb::BLACK,
            dash: Some((Mm::new(3.0), Mm::new(2.0))),
        };
        let cut_x = x(first_col) - RUN_ON * sx;
        let cut_y = y(high_row) - RUN_ON * sy;
        // From the heading down to the foot (the cut runs on straight through it).
        let foot = page_height - style.margin - style.footer_band;
        if cut_left {
            shapes.push(Shape::Line {
                from: Pos::mm(cut_x, heading_bottom),
                to: Pos::mm(cut_x, foot),
                stroke: dashed,
            });
        }
        if cut_top {
            shapes.push(Shape::Line {
                from: Pos::mm(style.margin, cut_y),
                to: Pos::mm(page_width - style.margin, cut_y),
                stroke: dashed,
            });
        }

        // Half-diamonds: between the first two and the last two lines along each seam, on the
        // sheet's side of it; laid right, the halves of both sheets make whole diamonds.
        // Kept a spacing clear of the seams across, so no two marks meet at a corner.
        let rows_between = marks_between(low_row, high_row, strip_bottom, cut_top)
            .map(|r| (y(r) + y(r + 1)) / 2.0);
        let columns_between = marks_between(first_col, last_col, cut_left, strip_right)
            .map(|c| (x(c) + x(c + 1)) / 2.0);
        for &at in &rows_between {
            if cut_left {
                shapes.extend(half_diamond(Pos::mm(cut_x, at), Toward::Right));
            }
            if strip_right {
                shapes.extend(half_diamond(Pos::mm(strip_x, at), Toward::Left));
            }
        }
        for &at in &columns_between {
            if cut_top {
                shapes.extend(half_diamond(Pos::mm(at, cut_y), Toward::Down));
            }
            if strip_bottom {
                shapes.extend(half_diamond(Pos::mm(at, strip_y), Toward::Up));
            }
        }
        shapes.extend(self.strip_words(
            &geometry,
            strip_right.then_some(strip_x),
            strip_bottom.then_some(strip_y),
            [left, top, left + width, top + height],
        ));
        shapes.extend(heading);
        shapes
    }

    /// "under sheet N" in the middle of each strip, so nobody lays the wrong sheet on it.
    /// `area` is the part's left, top, right and bottom.
    fn strip_words(
        &self,
        geometry: &BoardGeometry,
        right: Option<f64>,
        bottom: Option<f64>,
        area: [f64; 4],
    ) -> Vec<Shape> {
        let style = self.style;
        let row_y = |row: u8| geometry.row_y(row);
        let column_x = |col: u8| geometry.column_x(col);
        let w = &self.kit.wording;
        let pt = style.small_pt;
        let [_, _, far_right, far_bottom] = area;
        let mut shapes = Vec::new();
        let mut put = |next: usize, x: f64, y: f64| {
            let text = w.fill("board_tile_glue", &[("sheet", &next.to_string())]);
            let width = text_width_mm(style.fonts, &text, Font::Regular, pt);
            shapes.push(Shape::Text {
                baseline: Pos::mm(x - width / 2.0, y + ascent_mm(pt) / 2.0),
                text,
                size_pt: pt,
                font: Font::Regular,
                color: Rgb::BLACK,
            });
        };
        // Between two lines, off the star points: in the middle of a middle spacing.
        if let Some(x) = right {
            let y = (row_y(self.rows.0) + row_y(self.rows.1)) / 2.0;
            let y = if (self.rows.0 - self.rows.1).is_multiple_of(2) {
                y + style.board.spacing_y / 2.0
            } else {
                y
            };
            put(self.number() + 1, (x + far_right) / 2.0, y);
        }
        if let Some(y) = bottom {
            let next = self.number() + self.tiling.columns.len();
            let x = (column_x(self.columns.0) + column_x(self.columns.1)) / 2.0;
            let x = if (self.columns.1 - self.columns.0).is_multiple_of(2) {
                x + style.board.spacing_x / 2.0
            } else {
                x
            };
            put(next, x, (y + far_bottom) / 2.0);
        }
        shapes
    }

    /// The sheet's title, what to do with it, and a map of the sheets with this one shaded.
    /// Gives the shapes and the y of their foot.
    fn heading(&self) -> (Vec<Shape>, f64) {
        let left = self.style.margin;
        let style = self.style;
        let w = &self.kit.wording;
        let size = w.fill("board_size", &[("n", &self.kit.size.get().to_string())]);
        let letter = |col: u8| Point::new(col, 0).column_letter().to_string();
        let columns = format!("{}–{}", letter(self.columns.0), letter(self.columns.1));
        let rows = format!("{}–{}", self.rows.1 + 1, self.rows.0 + 1);
        let title = w.fill(
            "board_tile_heading",
            &[
                ("size", &size),
                ("sheet", &self.number().to_string()),
                ("sheets", &self.tiling.sheets().to_string()),
                ("columns", &columns),
                ("rows", &rows),
            ],
        );
        let [cut_left, cut_top, ..] = self.seams();
        let under: Vec<String> = [
            cut_left.then(|| self.number() - 1),
            cut_top.then(|| self.number() - self.tiling.columns.len()),
        ]
        .into_iter()
        .flatten()
        .map(|n| n.to_string())
        .collect();
        let instruction = if under.is_empty() {
            w.get("board_tile_first").to_string()
        } else {
            let list = under.join(w.get("board_tile_and"));
            w.fill("board_tile_join", &[("sheets", &list)])
        };
        let map_width = MAP_CELL * self.tiling.columns.len() as f64;
        let text_width = self.paper.width.get() - 2.0 * style.margin - map_width - 4.0;
        let mut shapes = Vec::new();
        let mut y = style.margin;
        let mut line = |text: &str, font: Font, pt: f64, shapes: &mut Vec<Shape>| {
            for part in wrap(style.fonts, text, font, pt, text_width) {
                shapes.push(text_shape(part, Pos::mm(left, y + ascent_mm(pt)), font, pt));
                y += style.line_height(pt);
            }
        };
        line(&title, Font::Bold, style.heading_pt, &mut shapes);
        line(&instruction, Font::Regular, style.small_pt, &mut shapes);
        // The map, at the top right: one cell per sheet, this one filled.
        let map_left = self.paper.width.get() - style.margin - map_width;
        for (r, _) in self.tiling.rows.iter().enumerate() {
            for (c, _) in self.tiling.columns.iter().enumerate() {
                let this = r == self.row && c == self.column;
                shapes.push(Shape::Rect {
                    origin: Pos::mm(
                        map_left + MAP_CELL * c as f64,
                        style.margin + MAP_CELL * r as f64,
                    ),
                    size: Size::mm(MAP_CELL, MAP_CELL),
                    fill: this.then_some(Rgb::GREY),
                    stroke: Some(Stroke {
                        width: Mm::new(0.3),
                        color: Rgb::BLACK,
                        dash: None,
                    }),
                });
            }
        }
        let map_bottom = style.margin + MAP_CELL * self.tiling.rows.len() as f64;
        (shapes, y.max(map_bottom))
    }
}

/// The two spacings along a seam that carry its marks, each given by its lower line: the
/// first and last from `first` to `last`, skipping the spacing next to an end where another
/// seam crosses (`seam_at_first`, `seam_at_last`).
fn marks_between(first: u8, last: u8, seam_at_first: bool, seam_at_last: bool) -> [u8; 2] {
    let low = first + u8::from(seam_at_first && last - first > 2);
    let high = last - 1 - u8::from(seam_at_last && last - first > 2);
    [low, high.max(low)]
}

/// A grey strip another sheet covers.
fn strip(origin: Pos, size: Size) -> Shape {
    Shape::Rect {
        origin,
        size,
        fill: Some(STRIP_GREY),
        stroke: None,
    }
}

/// Which way a half-diamond points from the seam it stands on.
#[derive(Debug, Clone, Copy)]
enum Toward {
    Left,
    Right,
    Up,
    Down,
}

/// A half-diamond whose long side lies on the seam at `at`, pointing away from it, outlined.
fn half_diamond(at: Pos, toward: Toward) -> Vec<Shape> {
    let (x, y) = (at.x.get(), at.y.get());
    let (base_a, base_b, apex) = match toward {
        Toward::Left => ((x, y - MARK_HALF), (x, y + MARK_HALF), (x - MARK_HALF, y)),
        Toward::Right => ((x, y - MARK_HALF), (x, y + MARK_HALF), (x + MARK_HALF, y)),
        Toward::Up => ((x - MARK_HALF, y), (x + MARK_HALF, y), (x, y - MARK_HALF)),
        Toward::Down => ((x - MARK_HALF, y), (x + MARK_HALF, y), (x, y + MARK_HALF)),
    };
    let stroke = Stroke {
        width: Mm::new(0.4),
        color: Rgb::BLACK,
        dash: None,
    };
    [(base_a, apex), (apex, base_b), (base_b, base_a)]
        .into_iter()
        .map(|((x1, y1), (x2, y2))| Shape::Line {
            from: Pos::mm(x1, y1),
            to: Pos::mm(x2, y2),
            stroke,
        })
        .collect()
}
