//! Where a board diagram sits on the page and where each of its points falls, for the whole
//! board or the part an example shows.

use crate::kit::View;
use crate::rules::{BoardSize, Point};

use super::super::font::text_width_mm;
use super::super::geom::{Mm, Pos, Size};
use super::super::page::Font;
use super::super::style::BoardStyle;

/// How far, as a fraction of the spacing, lines run on past the last point shown at a side
/// that is not the real board's edge.
pub const RUN_ON: f64 = 0.5;

/// Where a board diagram sits on the page, and where each intersection falls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardGeometry {
    /// Lines each way of the real board.
    pub size: BoardSize,
    /// How it is drawn.
    pub style: BoardStyle,
    /// Top-left corner of the whole diagram, coordinate labels included.
    pub origin: Pos,
    /// The part of the board drawn, corners included (the whole board unless an example's
    /// `view` says otherwise).
    pub view: View,
}

/// The whole board of `size` as a view.
pub fn whole_board(size: BoardSize) -> View {
    let far = size.get() - 1;
    View {
        low: Point::new(0, 0),
        high: Point::new(far, far),
    }
}

/// How far a diagram of `view` reaches beyond its outermost points, before the labels:
/// `[left, right, top, bottom]`. Half a stone at a real edge; at a cut side, the run-on lines
/// or half a stone, whichever is longer.
pub(super) fn reaches(size: BoardSize, view: View, style: &BoardStyle) -> [f64; 4] {
    let far = size.get() - 1;
    let half_stone = style.stone / 2.0;
    let side = |cut: bool, spacing: f64| {
        if cut {
            half_stone.max(RUN_ON * spacing)
        } else {
            half_stone
        }
    };
    [
        side(view.low.col > 0, style.spacing_x),
        side(view.high.col < far, style.spacing_x),
        side(view.high.row < far, style.spacing_y),
        side(view.low.row > 0, style.spacing_y),
    ]
}

/// The room the coordinate labels of `view` take on each side: the widest row number shown
/// (or a capital's height), plus the gap.
fn band(view: View, style: &BoardStyle) -> f64 {
    let widest = text_width_mm(
        style.fonts,
        &(u32::from(view.high.row) + 1).to_string(),
        Font::Regular,
        style.coord_pt,
    );
    style.coord_gap + widest.max(style.coord_cap_height())
}

impl BoardGeometry {
    /// A diagram of the whole board of `size` drawn in `style` whose top-left corner (labels
    /// included) is `origin`.
    pub fn new(size: BoardSize, style: BoardStyle, origin: Pos) -> BoardGeometry {
        BoardGeometry::showing(size, None, style, origin)
    }

    /// A diagram of the part `view` of a board of `size` (all of it when `None`).
    pub fn showing(
        size: BoardSize,
        view: Option<View>,
        style: BoardStyle,
        origin: Pos,
    ) -> BoardGeometry {
        BoardGeometry {
            size,
            style,
            origin,
            view: view.unwrap_or_else(|| whole_board(size)),
        }
    }

    /// A diagram of the part `view` of a board of `size` whose top-left intersection is at
    /// `grid_origin`: for laying the parts of one board side by side on a grid.
    pub fn with_grid_at(
        size: BoardSize,
        view: View,
        style: BoardStyle,
        grid_origin: Pos,
    ) -> BoardGeometry {
        let band = band(view, &style);
        let [left, _, top, _] = reaches(size, view, &style);
        let origin = grid_origin.offset(-(band + left), -(band + top));
        BoardGeometry::showing(size, Some(view), style, origin)
    }

    /// The room the coordinate labels take on each side of a whole board, outside the stones'
    /// reach.
    pub fn label_band(size: BoardSize, style: &BoardStyle) -> f64 {
        band(whole_board(size), style)
    }

    /// Width and height of the whole board's diagram: grid, half a stone beyond each edge line,
    /// labels.
    pub fn extent(size: BoardSize, style: &BoardStyle) -> Size {
        BoardGeometry::view_extent(size, None, style)
    }

    /// Width and height of the diagram of `view` (the whole board when `None`): the region's
    /// grid, what reaches beyond it at each side, labels.
    pub fn view_extent(size: BoardSize, view: Option<View>, style: &BoardStyle) -> Size {
        let view = view.unwrap_or_else(|| whole_board(size));
        let [left, right, top, bottom] = reaches(size, view, style);
        let labels = 2.0 * band(view, style);
        Size::mm(
            (f64::from(view.columns()) - 1.0) * style.spacing_x + left + right + labels,
            (f64::from(view.rows()) - 1.0) * style.spacing_y + top + bottom + labels,
        )
    }

    /// The top-left intersection shown (column `A` and the top row, for the whole board).
    pub fn grid_origin(&self) -> Pos {
        let band = band(self.view, &self.style);
        let [left, _, top, _] = reaches(self.size, self.view, &self.style);
        self.origin.offset(band + left, band + top)
    }

    /// The x of the vertical line of column index `col` (0 = `A`).
    pub fn column_x(&self, col: u8) -> f64 {
        let from_left = f64::from(col) - f64::from(self.view.low.col);
        (self.grid_origin().x + Mm::new(from_left * self.style.spacing_x)).get()
    }

    /// The y of the horizontal line of row index `row` (0 = row `1`, at the bottom).
    pub fn row_y(&self, row: u8) -> f64 {
        let from_top = f64::from(self.view.high.row) - f64::from(row);
        (self.grid_origin().y + Mm::new(from_top * self.style.spacing_y)).get()
    }

    /// The page position of an intersection.
    pub fn point(&self, p: Point) -> Pos {
        Pos::mm(self.column_x(p.col), self.row_y(p.row))
    }

    /// Whether `p` is drawn.
    pub fn shows(&self, p: Point) -> bool {
        self.view.contains(p)
    }
}

/// The board style for a diagram of `view` of a board of `size` (all of it when `None`) at most
/// `max_scale` of `full` and at most `max_width` wide.
pub fn fitted_view_style(
    size: BoardSize,
    view: Option<View>,
    full: &BoardStyle,
    max_scale: f64,
    max_width: f64,
) -> BoardStyle {
    let mut scale = max_scale;
    // Labels shrink less than the grid, so narrow the scale until the whole diagram fits.
    for _ in 0..20 {
        let style = full.scaled(scale);
        if BoardGeometry::view_extent(size, view, &style).width <= Mm::new(max_width) {
            return style;
        }
        scale *= 0.9;
    }
    full.scaled(scale)
}
