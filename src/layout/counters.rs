//! Paper counters to cut out: how many each colour needs, drawn at the board's stone size with dashed cut guides.
//!
//! The kit's `counters` says how many: `"none"` (real stones: no counter pages), a number per
//! colour, or by default enough for a game (`Counters::per_colour`: 25 on 5x5 as the seed
//! asks, 42 on 9x9, none above 13x13). Each colour's block is as many columns wide as the
//! board (a 5x5 block for 25), or as many as fit the page. A block that fits a page is kept
//! on one; a longer one runs onto another page and repeats its heading there, marked as
//! continued.

use crate::kit::{BoardPrint, Kit};
use crate::rules::Color;

use super::flow::{Flow, text_shape};
use super::font::text_width_mm;
use super::geom::{Mm, Pos, Rgb};
use super::page::{Font, Shape, Stroke};
use super::style::{Style, cap_height_mm};

/// How many counters of each colour the pack prints.
pub fn per_colour(kit: &Kit) -> usize {
    let points = u32::from(kit.size.get()).pow(2);
    let count = kit.counters.per_colour(points, kit.rules.max_stones);
    usize::try_from(count).unwrap_or(usize::MAX)
}

/// The counters' diameter: for a tiled board, the full-size board's (the kit's `counter_mm`),
/// since they are played on it; otherwise the stones of the sheet's board as drawn.
pub fn diameter(kit: &Kit, style: &Style) -> f64 {
    if kit.physical.board_print == BoardPrint::Tiled {
        kit.physical.counter_mm
    } else {
        style.counter
    }
}

/// Lays out the counter pages: a heading, then a block of black and a block of white counters;
/// nothing when the kit asks for no counters. Gives the diameter the counters were drawn at,
/// `None` when none were: what the build's summary says of them.
pub fn add_pages(flow: &mut Flow, kit: &Kit, style: &Style) -> Option<f64> {
    let w = &kit.wording;
    let count = per_colour(kit);
    if count == 0 {
        return None;
    }
    let cell = style.counter + 2.0 * style.counter_margin;
    // Rows as long as the board's, so a block reads as a board's worth (and cuts in straight
    // lines); never wider than the page.
    let fit = ((flow.width() / cell).floor() as usize).max(1);
    let columns = fit.min(usize::from(kit.size.get()));
    flow.new_page();
    flow.text(w.get("counters_heading"), Font::Bold, style.heading_pt);
    for color in [Color::Black, Color::White] {
        let key = match color {
            Color::Black => "counters_black",
            Color::White => "counters_white",
        };
        let heading = w.fill(key, &[("count", &count.to_string())]);
        // A block that fits a page is never split: it starts the next page instead (the
        // black block follows the page's heading, so only a block too tall for any page splits).
        let block_height =
            style.line_height(style.body_pt) + 1.0 + count.div_ceil(columns) as f64 * cell;
        if block_height <= flow.page_height() {
            flow.ensure(block_height);
        }
        flow.heading(&heading, style.body_pt, cell);
        flow.skip(1.0);
        let mut left = count;
        while left > 0 {
            // As many whole rows as fit on this page, at least one.
            let room = ((flow.bottom() - flow.y()) / cell).floor().max(0.0) as usize;
            if room == 0 {
                flow.new_page();
                flow.heading(
                    &w.fill("section_continued", &[("heading", &heading)]),
                    style.body_pt,
                    cell,
                );
                flow.skip(1.0);
                continue;
            }
            let rows = room.min(left.div_ceil(columns));
            let here = left.min(rows * columns);
            let origin = Pos::mm(flow.left(), flow.y());
            flow.place(
                rows as f64 * cell,
                block(origin, here, columns, color, kit, style),
            );
            left -= here;
        }
    }
    Some(style.counter)
}

/// `count` counters in rows of `columns` cells, with dashed cut lines between and around them.
fn block(
    origin: Pos,
    count: usize,
    columns: usize,
    color: Color,
    kit: &Kit,
    style: &Style,
) -> Vec<Shape> {
    let cell = style.counter + 2.0 * style.counter_margin;
    let rows = count.div_ceil(columns);
    let mut shapes = Vec::new();
    let guide = Stroke {
        width: Mm::new(style.thin_line),
        color: Rgb::GREY,
        dash: Some((Mm::new(2.0), Mm::new(1.5))),
    };
    // Horizontal cut lines span the cells present in the rows they touch.
    for r in 0..=rows {
        let cells_above = if r == 0 {
            0
        } else {
            row_len(r - 1, count, columns)
        };
        let cells_below = if r == rows {
            0
        } else {
            row_len(r, count, columns)
        };
        let span = cells_above.max(cells_below) as f64 * cell;
        let y = origin.y + Mm::new(r as f64 * cell);
        shapes.push(Shape::Line {
            from: Pos::mm(origin.x.get(), y.get()),
            to: Pos::mm((origin.x + Mm::new(span)).get(), y.get()),
            stroke: guide,
        });
    }
    for c in 0..=columns.min(count) {
        let depth = (0..rows)
            .filter(|&r| row_len(r, count, columns) >= c.max(1))
            .count();
        let x = origin.x + Mm::new(c as f64 * cell);
        shapes.push(Shape::Line {
            from: Pos::mm(x.get(), origin.y.get()),
            to: Pos::mm(x.get(), (origin.y + Mm::new(depth as f64 * cell)).get()),
            stroke: guide,
        });
    }
    for i in 0..count {
        let center = origin.offset(
            (i % columns) as f64 * cell + cell / 2.0,
            (i / columns) as f64 * cell + cell / 2.0,
        );
        counter(center, color, kit, style, &mut shapes);
    }
    shapes
}

/// How many cells row `r` holds.
fn row_len(r: usize, count: usize, columns: usize) -> usize {
    count.saturating_sub(r * columns).min(columns)
}

/// One counter exactly `style.counter` across, outline included.
fn counter(center: Pos, color: Color, kit: &Kit, style: &Style, shapes: &mut Vec<Shape>) {
    let d = style.counter;
    let ring = |width: f64| Shape::Circle {
        center,
        radius: Mm::new((d - width) / 2.0),
        fill: Some(Rgb::WHITE),
        stroke: Some(Stroke {
            width: Mm::new(width),
            color: Rgb::BLACK,
            dash: None,
        }),
    };
    match (color, style.ink_saving) {
        (Color::Black, false) => shapes.push(Shape::Circle {
            center,
            radius: Mm::new(d / 2.0),
            fill: Some(Rgb::BLACK),
            stroke: None,
        }),
        (Color::Black, true) => {
            shapes.push(ring(style.ink_saving_ring));
            let letter = kit.wording.get("counter_black_mark").to_string();
            let size_pt = d * 1.4;
            let width = text_width_mm(style.fonts, &letter, Font::Bold, size_pt);
            let baseline = center.offset(-width / 2.0, cap_height_mm(size_pt) / 2.0);
            shapes.push(text_shape(letter, baseline, Font::Bold, size_pt));
        }
        (Color::White, _) => shapes.push(ring(0.4)),
    }
}
