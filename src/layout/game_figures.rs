//! A played game's boards on its record sheet, as game records are printed in books: the setup,
//! the moves in figures of fifty or a hundred with their numbers on the stones and "57 at 43"
//! notes for what the numbers cannot show, and the final position with its counted points.
//!
//! Boards are drawn at a book diagram's size or larger (5.5 to 7 mm between lines), as many
//! side by side as the page takes at that size, each with its caption above and its notes under
//! it.

use crate::answer::{Mark, Numbered};
use crate::rules::Position;

use super::board::{self, BoardGeometry};
use super::flow::{Flow, text_block};
use super::geom::Pos;
use super::page::Font;
use super::style::{BoardStyle, Style};

/// One board on the record sheet: a caption above, the position with numbered moves and marks,
/// and notes under it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameFigure {
    /// Above the board: `Moves 51–100`, `Final position`.
    pub caption: String,
    /// The stones on the board when the figure starts.
    pub board: Position,
    /// The figure's moves, numbered on their stones.
    pub numbers: Vec<Numbered>,
    /// Marks: dead stones and counted points on a final position.
    pub marks: Vec<Mark>,
    /// Under the board, one paragraph: what the numbers cannot show, the result.
    pub notes: Vec<String>,
}

/// The least distance between lines: a Go book's diagram, where a three-digit number still
/// reads on its stone.
const LEAST_SPACING: f64 = 5.5;

/// The most: larger boards only take pages.
const MOST_SPACING: f64 = 7.0;

/// The most boards side by side.
const MOST_ACROSS: usize = 4;

/// Gap between boards across and down.
const GAP: f64 = 8.0;

/// Room between a board's lowest coordinate letters and its notes.
const UNDER_BOARD: f64 = 2.0;

/// Adds `figures` in rows across the page, each row kept on one page. All boards of one sheet
/// are the same size, so a game's figures read alike.
pub fn add(flow: &mut Flow, figures: &[GameFigure], style: &Style) {
    let Some(first) = figures.first() else {
        return;
    };
    let size = first.board.size();
    let (across, drawn) = fitted(flow.width(), size, &style.board);
    let extent = BoardGeometry::extent(size, &drawn);
    let cell_width = (flow.width() - GAP * (across - 1) as f64) / across as f64;
    let caption_height = style.line_height(style.body_pt);
    for row in figures.chunks(across) {
        let mut shapes = Vec::new();
        let mut height: f64 = 0.0;
        let top = flow.y();
        for (i, figure) in row.iter().enumerate() {
            let left = flow.left() + i as f64 * (cell_width + GAP);
            let (caption, caption_h) = text_block(
                style,
                &figure.caption,
                Font::Bold,
                style.body_pt,
                Pos::mm(left, top),
                cell_width,
            );
            shapes.extend(caption);
            let board_top = top + caption_h.max(caption_height);
            let geometry = BoardGeometry::new(size, drawn, Pos::mm(left, board_top));
            shapes.extend(board::draw(
                &geometry,
                Some(&figure.board),
                &figure.marks,
                &figure.numbers,
            ));
            let notes_top = board_top + extent.height.get() + UNDER_BOARD;
            let (notes, notes_h) = text_block(
                style,
                &figure.notes.join(", "),
                Font::Regular,
                style.small_pt,
                Pos::mm(left, notes_top),
                cell_width,
            );
            shapes.extend(notes);
            height = height.max(notes_top + notes_h - top);
        }
        // Measured at the top it was laid out for; moved down as a whole if the page breaks.
        flow.ensure(height);
        let shift = flow.y() - top;
        flow.place(
            height + GAP,
            shapes.into_iter().map(|s| s.moved(0.0, shift)).collect(),
        );
    }
}

/// How many boards side by side, and at what size: the most that stay at least a book
/// diagram's size, each at most [`MOST_SPACING`]; one board, as large as fits, when not even
/// one reaches that size.
fn fitted(width: f64, size: crate::rules::BoardSize, real: &BoardStyle) -> (usize, BoardStyle) {
    let at = |spacing: f64| real.scaled(spacing / real.spacing_x);
    let spacing_for = |across: usize| {
        let room = (width - GAP * (across - 1) as f64) / across as f64;
        // The labels do not scale with the grid: shrink until the whole board fits its room.
        let mut spacing = MOST_SPACING;
        for _ in 0..4 {
            let wide = BoardGeometry::extent(size, &at(spacing)).width.get();
            if wide <= room + 1e-9 {
                break;
            }
            spacing *= room / wide;
        }
        spacing
    };
    (1..=MOST_ACROSS)
        .rev()
        .map(|across| (across, spacing_for(across)))
        .find(|&(_, spacing)| spacing >= LEAST_SPACING - 1e-9)
        .map_or_else(|| (1, at(spacing_for(1))), |(across, s)| (across, at(s)))
}
