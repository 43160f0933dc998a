//! Blank board sketches on the player sheet: the rules ask players to "keep a quick board
//! sketch after captures" when a move may not recreate an earlier position, and a sketch needs
//! a place. Small empty grids with their coordinates, one row across the page.

use crate::kit::Kit;
use crate::rules::KoRule;

use super::board::{self, BoardGeometry};
use super::flow::Flow;
use super::geom::Pos;
use super::page::Font;
use super::style::Style;

/// Distance between a sketch's vertical lines: a Go problem book's diagram (a quarter of a
/// real board), large enough to draw a stone in with a pencil; a quarter more in large print.
const SKETCH_SPACING: f64 = 5.5;

/// Gap between two sketches, wide enough that one's row numbers do not pair up with the
/// next one's; and below them, as under a row of examples.
const SKETCH_GAP: f64 = 10.0;

/// The most sketches printed: a game to five captures needs about five.
const MOST_SKETCHES: usize = 5;

/// Whether the kit's player sheet gets sketches: when its repetition rule reaches back further
/// than the last move (positional or situational superko), so players must remember earlier
/// positions, and its board is small enough to sketch by hand (9x9 at most).
pub fn useful(kit: &Kit) -> bool {
    kit.rules.ko != KoRule::Simple && kit.size.get() <= 9
}

/// Adds the sketches under their heading and note, when [`useful`].
pub fn add(flow: &mut Flow, kit: &Kit, style: &Style) {
    if !useful(kit) {
        return;
    }
    let w = &kit.wording;
    let spacing = SKETCH_SPACING * style.print.example_factor();
    let drawn = style.board.scaled(spacing / style.board.spacing_x);
    let extent = BoardGeometry::extent(kit.size, &drawn);
    let (width, height) = (extent.width.get(), extent.height.get());
    let count = (((flow.width() + SKETCH_GAP) / (width + SKETCH_GAP)).floor() as usize)
        .clamp(1, MOST_SKETCHES);
    flow.skip(style.section_gap);
    flow.heading(
        w.get("sketches_heading"),
        style.heading_pt,
        style.line_height(style.body_pt) + height,
    );
    flow.keep_with_next(|f| f.text(w.get("sketches_note"), Font::Regular, style.body_pt));
    flow.skip(style.paragraph_gap);
    flow.ensure(height);
    let top = flow.y();
    let shapes = (0..count)
        .flat_map(|i| {
            let x = flow.left() + i as f64 * (width + SKETCH_GAP);
            board::draw(
                &BoardGeometry::new(kit.size, drawn, Pos::mm(x, top)),
                None,
                &[],
                &[],
            )
        })
        .collect();
    flow.place(height + SKETCH_GAP, shapes);
}
