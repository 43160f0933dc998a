//! The move-record table, as the player sheet prints it empty and `replay --pdf` prints it
//! filled in from a game: a header row and ruled rows, split over pages with the header
//! repeated, and side by side on a page wide enough for two.

use super::flow::{Flow, text_shape};
use super::font::text_width_mm;
use super::geom::{Mm, Pos, Rgb, Size};
use super::page::{Font, Shape, Stroke};
use super::style::{Style, ascent_mm};

/// Width of the bar that marks a row, in millimetres: inside the cell's 2 mm of padding.
const MARK_BAR: f64 = 1.2;

/// Adds the table under `heading`: `headers` over columns of `shares` of its width, and `total`
/// rows whose cells `fill(index, cells)` writes (cells left empty stay blank, to be written in
/// by hand); a row for which `fill` returns true is marked, in bold behind a black bar at its
/// left, for an eye scanning the table (a refused move on a referee's sheet). A table that
/// splits keeps at least three rows with its header on each page and repeats the header; a page
/// wide enough for two or three tables at least `narrowest` wide takes the rows in as many
/// columns, each with its header, sharing the page's width. Without rows there is no table.
#[allow(clippy::too_many_arguments)]
pub fn add(
    flow: &mut Flow,
    heading: &str,
    headers: &[String],
    shares: &[f64],
    narrowest: f64,
    total: usize,
    mut fill: impl FnMut(usize, &mut [String]) -> bool,
    style: &Style,
) {
    let row = style.table_row;
    if total == 0 {
        return;
    }
    let least = MIN_ROWS_TOGETHER.min(total);
    flow.heading(heading, style.heading_pt, row * (1 + least) as f64);
    let columns = table_count(flow, narrowest);
    let mut cells = vec![String::new(); headers.len()];
    let mut done = 0;
    while done < total {
        let left = total - done;
        // Rows that fit under a header in one column of this page.
        let room = ((flow.bottom() - flow.y() - row) / row + 1e-9)
            .floor()
            .max(0.0) as usize;
        // The most rows this page takes: all that is left, or as many as leave `least` rows
        // for the next page, in columns of at least `least` rows each.
        let fits = |h: usize| {
            (h == left || left - h >= least)
                .then(|| table_columns(h, room, columns, least))
                .flatten()
        };
        let most = (room * columns).min(left);
        let (here, used) = match (least.min(most)..=most)
            .rev()
            .find_map(|h| fits(h).map(|used| (h, used)))
        {
            Some(found) if found.0 > 0 => found,
            _ if !flow.at_page_top() => {
                flow.new_page();
                continue;
            }
            // A page too short for `least` rows: as many as fit, at least one.
            _ => (room.clamp(1, left), 1),
        };
        let per_column = here.div_ceil(used);
        // The tables share the page's width: one alone spans it, as on the player sheet.
        let table_width = (flow.width() - TABLE_GAP * (used - 1) as f64) / used as f64;
        let top = flow.y();
        let mut shapes = Vec::new();
        for column in 0..used {
            let x = flow.left() + column as f64 * (table_width + TABLE_GAP);
            shapes.extend(header_row(x, top, table_width, headers, shares, style));
            let first = done + column * per_column;
            let last = (first + per_column).min(done + here);
            for (i, index) in (first..last).enumerate() {
                let y = top + (i + 1) as f64 * row;
                shapes.extend(row_lines(x, y, table_width, row, shares, style, false));
                for cell in &mut cells {
                    cell.clear();
                }
                let marked = fill(index, &mut cells);
                if marked {
                    shapes.push(Shape::Rect {
                        origin: Pos::mm(x, y),
                        size: Size::mm(MARK_BAR, row),
                        fill: Some(Rgb::BLACK),
                        stroke: None,
                    });
                }
                let font = if marked { Font::Bold } else { Font::Regular };
                let mut cell_x = x;
                for (text, share) in cells.iter().zip(shares) {
                    if !text.is_empty() {
                        let baseline = Pos::mm(cell_x + 2.0, text_baseline(y, style));
                        shapes.push(text_shape(text.clone(), baseline, font, style.body_pt));
                    }
                    cell_x += share * table_width;
                }
            }
        }
        flow.place((per_column + 1) as f64 * row, shapes);
        done += here;
        if done < total {
            flow.new_page();
        }
    }
}

/// How many record rows a table started here would hold on this page, under its heading and
/// header, in as many side-by-side tables as the page is wide enough for.
pub fn rows_that_fit(flow: &Flow, style: &Style) -> usize {
    let top = if flow.at_page_top() {
        flow.y()
    } else {
        flow.y() + style.section_gap
    };
    rows_below(top, flow, style)
}

/// [`rows_that_fit`] on a new, empty page.
pub fn rows_on_a_new_page(flow: &Flow, style: &Style) -> usize {
    rows_below(style.margin, flow, style)
}

fn rows_below(top: f64, flow: &Flow, style: &Style) -> usize {
    let row = style.table_row;
    let room = flow.bottom() - top - style.line_height(style.heading_pt) - row;
    let per_column = (room / row + 1e-9).floor().max(0.0) as usize;
    per_column * table_count(flow, PLAYER_TABLE_WIDTH)
}

/// How many tables at least `narrowest` wide fit side by side across the page (at most
/// [`MOST_TABLES`]).
fn table_count(flow: &Flow, narrowest: f64) -> usize {
    (((flow.width() + TABLE_GAP) / (narrowest + TABLE_GAP)).floor() as usize).clamp(1, MOST_TABLES)
}

/// How many tables side by side (at most `columns`, as few as can be: a short game reads down
/// one column) take `rows` rows when one takes at most `room`, each with at least `least` (the
/// last as well); `None` if no way.
fn table_columns(rows: usize, room: usize, columns: usize, least: usize) -> Option<usize> {
    (1..=columns).find(|&used| {
        let per = rows.div_ceil(used);
        let last = rows.saturating_sub((used - 1) * per);
        per <= room && per >= least.min(rows) && (used == 1 || last >= least)
    })
}

/// The fewest record rows a page holds under the table's header (when the table has that many).
pub const MIN_ROWS_TOGETHER: usize = 3;

/// The narrowest record table the players write in: a page at least twice as wide (A3) takes
/// two side by side.
pub const PLAYER_TABLE_WIDTH: f64 = 120.0;

/// The most tables side by side: more would be read across rather than down.
const MOST_TABLES: usize = 3;

/// Gap between record tables side by side.
const TABLE_GAP: f64 = 8.0;

/// The baseline of text centred in a table row whose top is `top`.
fn text_baseline(top: f64, style: &Style) -> f64 {
    top + (style.table_row - ascent_mm(style.body_pt)) / 2.0 + ascent_mm(style.body_pt) - 0.4
}

/// The table's header row at `left`, `top`, `width` wide.
fn header_row(
    left: f64,
    top: f64,
    width: f64,
    headers: &[String],
    shares: &[f64],
    style: &Style,
) -> Vec<Shape> {
    let mut shapes = row_lines(left, top, width, style.table_row, shares, style, true);
    let mut x = left;
    for (text, share) in headers.iter().zip(shares) {
        let baseline = Pos::mm(x + 2.0, text_baseline(top, style));
        if text_width_mm(style.fonts, text, Font::Bold, style.body_pt) > 0.0 {
            shapes.push(text_shape(
                text.clone(),
                baseline,
                Font::Bold,
                style.body_pt,
            ));
        }
        x += share * width;
    }
    shapes
}

/// One table row's outline: top line (for the header), bottom line and the column edges.
fn row_lines(
    left: f64,
    top: f64,
    width: f64,
    row: f64,
    shares: &[f64],
    style: &Style,
    header: bool,
) -> Vec<Shape> {
    let stroke = Stroke {
        width: if header {
            Mm::new(2.0 * style.thin_line)
        } else {
            Mm::new(style.thin_line)
        },
        color: Rgb::BLACK,
        dash: None,
    };
    let thin = Stroke {
        width: Mm::new(style.thin_line),
        color: Rgb::BLACK,
        dash: None,
    };
    let mut shapes = Vec::new();
    if header {
        shapes.push(Shape::Rect {
            origin: Pos::mm(left, top),
            size: Size::mm(width, row),
            fill: Some(Rgb(0.92, 0.92, 0.92)),
            stroke: None,
        });
        shapes.push(Shape::Line {
            from: Pos::mm(left, top),
            to: Pos::mm(left + width, top),
            stroke: thin,
        });
    }
    shapes.push(Shape::Line {
        from: Pos::mm(left, top + row),
        to: Pos::mm(left + width, top + row),
        stroke,
    });
    let mut x = left;
    for share in std::iter::once(&0.0).chain(shares) {
        x += share * width;
        shapes.push(Shape::Line {
            from: Pos::mm(x, top),
            to: Pos::mm(x, top + row),
            stroke: thin,
        });
    }
    shapes
}
