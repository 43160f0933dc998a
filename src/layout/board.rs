//! One board diagram as shapes: grid with heavier edge lines, star points, stones, answer marks and coordinates.
//!
//! Columns are labelled along the top and bottom (`A`, `B`, ... without `I`), rows up both sides
//! (`1` at the bottom). Star points follow real boards:
//!
//! * 19x19 and other odd boards from 15 up: the nine points on the fourth lines (D4 K4 Q4 ...);
//! * 13x13 (and 14x14, even boards from 14 up without the side points): the four fourth-line
//!   corner points plus the centre on odd boards (D4 K4 G7 D10 K10);
//! * 9x9 to 12x12: the four third-line corner points plus the centre on odd boards (C3 G3 E5 C7 G7);
//! * 7x7 and 8x8: the four third-line corner points plus the centre on odd boards (C3 E3 D4 C5 E5);
//! * 6x6 and smaller: none. A 5x5 teaching board has no traditional star point, and a lone dot
//!   on C3 (the seed's first example point) would only distract from counting liberties.

use crate::answer::{Mark, MarkKind, Numbered};
use crate::rules::{Board, BoardSize, Color, Point};

use super::font::text_width_mm;
use super::geom::{PT_PER_MM, Pos, Rgb, Size};
use super::page::{Font, Shape, Stroke};
use super::style::{BoardStyle, cap_height_mm};

/// Where a board diagram sits on the page, and where each intersection falls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardGeometry {
    /// Lines each way.
    pub size: BoardSize,
    /// How it is drawn.
    pub style: BoardStyle,
    /// Top-left corner of the whole diagram, coordinate labels included.
    pub origin: Pos,
}

impl BoardGeometry {
    /// A diagram of `size` drawn in `style` whose top-left corner (labels included) is `origin`.
    pub fn new(size: BoardSize, style: BoardStyle, origin: Pos) -> BoardGeometry {
        BoardGeometry {
            size,
            style,
            origin,
        }
    }

    /// The room the coordinate labels take on each side, outside the stones' reach.
    pub fn label_band(size: BoardSize, style: &BoardStyle) -> f64 {
        let widest = text_width_mm(&size.get().to_string(), Font::Regular, style.coord_pt);
        style.coord_gap + widest.max(style.coord_cap_height())
    }

    /// Width and height of the whole diagram: grid, half a stone beyond each edge line, labels.
    pub fn extent(size: BoardSize, style: &BoardStyle) -> Size {
        let lines = f64::from(size.get()) - 1.0;
        let around = style.stone + 2.0 * BoardGeometry::label_band(size, style);
        Size::new(
            lines * style.spacing_x + around,
            lines * style.spacing_y + around,
        )
    }

    /// Width and height of the grid itself (first line to last line).
    pub fn grid_size(&self) -> Size {
        let lines = f64::from(self.size.get()) - 1.0;
        Size::new(lines * self.style.spacing_x, lines * self.style.spacing_y)
    }

    /// The top-left intersection (column `A`, top row).
    pub fn grid_origin(&self) -> Pos {
        let inset = BoardGeometry::label_band(self.size, &self.style) + self.style.stone / 2.0;
        self.origin.offset(inset, inset)
    }

    /// The x of the vertical line of column index `col` (0 = `A`).
    pub fn column_x(&self, col: u8) -> f64 {
        self.grid_origin().x + f64::from(col) * self.style.spacing_x
    }

    /// The y of the horizontal line of row index `row` (0 = row `1`, at the bottom).
    pub fn row_y(&self, row: u8) -> f64 {
        let from_top = f64::from(self.size.get()) - 1.0 - f64::from(row);
        self.grid_origin().y + from_top * self.style.spacing_y
    }

    /// The page position of an intersection.
    pub fn point(&self, p: Point) -> Pos {
        Pos::new(self.column_x(p.col), self.row_y(p.row))
    }
}

/// The board style for a diagram of `size` at most `max_scale` of `full` and at most `max_width` wide.
pub fn fitted_style(
    size: BoardSize,
    full: &BoardStyle,
    max_scale: f64,
    max_width: f64,
) -> BoardStyle {
    let mut scale = max_scale;
    // Labels shrink less than the grid, so narrow the scale until the whole diagram fits.
    for _ in 0..20 {
        let style = full.scaled(scale);
        if BoardGeometry::extent(size, &style).width <= max_width {
            return style;
        }
        scale *= 0.9;
    }
    full.scaled(scale)
}

/// The star points of a real board of this size (see the module notes).
pub fn star_points(size: BoardSize) -> Vec<Point> {
    let n = size.get();
    let line = match n {
        0..=6 => return Vec::new(),
        7..=12 => 2,
        _ => 3,
    };
    let far = n - 1 - line;
    let odd = n % 2 == 1;
    let mid = n / 2;
    let mut points = vec![
        Point::new(line, line),
        Point::new(far, line),
        Point::new(line, far),
        Point::new(far, far),
    ];
    if odd {
        points.push(Point::new(mid, mid));
    }
    if odd && n >= 15 {
        points.extend([
            Point::new(mid, line),
            Point::new(line, mid),
            Point::new(far, mid),
            Point::new(mid, far),
        ]);
    }
    points.sort();
    points
}

/// Draws a diagram: grid, star points, the stones of `board` (if any), numbered stones,
/// `marks`, coordinates.
///
/// A `Move` mark on an empty point is drawn as a stone of its colour with a ring; on a stone, as
/// a ring. `Captured` is a cross over the stone, `Liberty` a small open square, `Illegal` a
/// frame around the point as it stands (with a small cross when it is bare), `Dead` a triangle
/// and `Territory` a small square in the owner's colour. No mark covers what stands on its point.
pub fn draw(
    geometry: &BoardGeometry,
    board: Option<&Board>,
    marks: &[Mark],
    numbers: &[Numbered],
) -> Vec<Shape> {
    let mut shapes = Vec::new();
    grid(geometry, &mut shapes);
    for p in star_points(geometry.size) {
        shapes.push(Shape::Circle {
            center: geometry.point(p),
            radius: geometry.style.star_radius,
            fill: Some(Rgb::BLACK),
            stroke: None,
        });
    }
    shapes.extend(stones_and_marks(geometry, board, marks, numbers));
    coordinates(geometry, &mut shapes);
    shapes
}

/// Only the stones of `board`, the numbered stones and the `marks` (no grid, no labels), e.g.
/// for a legend.
pub fn stones_and_marks(
    geometry: &BoardGeometry,
    board: Option<&Board>,
    marks: &[Mark],
    numbers: &[Numbered],
) -> Vec<Shape> {
    let mut shapes = Vec::new();
    if let Some(board) = board {
        for p in geometry.size.all_points() {
            if let Some(color) = board.stone(p) {
                stone(geometry, p, color, &mut shapes);
            }
        }
    }
    for n in numbers {
        numbered_stone(geometry, *n, &mut shapes);
    }
    for mark in marks {
        let on = board.and_then(|b| b.stone(mark.point)).or_else(|| {
            numbers
                .iter()
                .find(|n| n.point == mark.point)
                .map(|n| n.color)
        });
        draw_mark(geometry, *mark, on, &mut shapes);
    }
    shapes
}

/// A stone with its move number in the middle, in the ink that shows on it.
fn numbered_stone(g: &BoardGeometry, n: Numbered, shapes: &mut Vec<Shape>) {
    stone(g, n.point, n.color, shapes);
    let text = n.number.to_string();
    // Two digits fill about half the stone; three are set smaller to stay inside it.
    let size_pt = g.style.stone * PT_PER_MM * if text.len() > 2 { 0.36 } else { 0.46 };
    let width = text_width_mm(&text, Font::Bold, size_pt);
    let c = g.point(n.point);
    shapes.push(Shape::Text {
        baseline: c.offset(-width / 2.0, cap_height_mm(size_pt) / 2.0),
        text,
        size_pt,
        font: Font::Bold,
        color: contrast(Some(n.color)),
    });
}

fn solid(width: f64) -> Stroke {
    Stroke {
        width,
        color: Rgb::BLACK,
        dash: None,
    }
}

/// The grid: inner lines first, then the heavier edge lines, extended by half their width so
/// the corners are closed.
fn grid(g: &BoardGeometry, shapes: &mut Vec<Shape>) {
    let n = g.size.get();
    let top = g.row_y(n - 1);
    let bottom = g.row_y(0);
    let left = g.column_x(0);
    let right = g.column_x(n - 1);
    let half = g.style.edge_line / 2.0;
    for edge in [false, true] {
        for i in 0..n {
            let is_edge = i == 0 || i == n - 1;
            if is_edge != edge {
                continue;
            }
            let (width, ext) = if is_edge {
                (g.style.edge_line, half)
            } else {
                (g.style.inner_line, 0.0)
            };
            let x = g.column_x(i);
            shapes.push(Shape::Line {
                from: Pos::new(x, top - ext),
                to: Pos::new(x, bottom + ext),
                stroke: solid(width),
            });
            let y = g.row_y(i);
            shapes.push(Shape::Line {
                from: Pos::new(left - ext, y),
                to: Pos::new(right + ext, y),
                stroke: solid(width),
            });
        }
    }
}

/// A stone exactly `style.stone` across, outline included.
fn stone(g: &BoardGeometry, p: Point, color: Color, shapes: &mut Vec<Shape>) {
    let outline = g.style.stone_outline;
    let (fill, stroke_color) = match color {
        Color::Black => (Rgb::BLACK, Rgb::BLACK),
        Color::White => (Rgb::WHITE, Rgb::BLACK),
    };
    shapes.push(Shape::Circle {
        center: g.point(p),
        radius: (g.style.stone - outline) / 2.0,
        fill: Some(fill),
        stroke: Some(Stroke {
            width: outline,
            color: stroke_color,
            dash: None,
        }),
    });
}

/// The ink that shows up on a stone of `color` (or on the bare board).
fn contrast(on: Option<Color>) -> Rgb {
    match on {
        Some(Color::Black) => Rgb::WHITE,
        _ => Rgb::BLACK,
    }
}

fn draw_mark(g: &BoardGeometry, mark: Mark, on: Option<Color>, shapes: &mut Vec<Shape>) {
    let c = g.point(mark.point);
    let d = g.style.stone;
    let width = (0.08 * d).max(0.3);
    let ink = |on: Option<Color>| Stroke {
        width,
        color: contrast(on),
        dash: None,
    };
    match mark.kind {
        MarkKind::Move(mover) => {
            let color = on.unwrap_or_else(|| {
                stone(g, mark.point, mover, shapes);
                mover
            });
            shapes.push(Shape::Circle {
                center: c,
                radius: 0.26 * d,
                fill: None,
                stroke: Some(ink(Some(color))),
            });
        }
        MarkKind::Captured => {
            let r = 0.24 * d;
            for (dx, dy) in [(r, r), (r, -r)] {
                shapes.push(Shape::Line {
                    from: c.offset(-dx, -dy),
                    to: c.offset(dx, dy),
                    stroke: ink(on),
                });
            }
        }
        MarkKind::Liberty => {
            let side = 0.36 * d;
            shapes.push(Shape::Rect {
                origin: c.offset(-side / 2.0, -side / 2.0),
                size: Size::new(side, side),
                fill: Some(Rgb::WHITE),
                stroke: Some(Stroke {
                    width: (0.06 * d).max(0.3),
                    ..ink(on)
                }),
            });
        }
        MarkKind::Illegal => {
            // A frame just outside the stone's reach, so whatever stands on the point (a stone
            // or nothing) stays in full view; on a bare point, a small cross says "not here".
            let side = 1.04 * d;
            shapes.push(Shape::Rect {
                origin: c.offset(-side / 2.0, -side / 2.0),
                size: Size::new(side, side),
                fill: None,
                stroke: Some(ink(None)),
            });
            if on.is_none() {
                let r = 0.16 * d;
                for (dx, dy) in [(r, r), (r, -r)] {
                    shapes.push(Shape::Line {
                        from: c.offset(-dx, -dy),
                        to: c.offset(dx, dy),
                        stroke: ink(None),
                    });
                }
            }
        }
        MarkKind::Dead => {
            // A triangle, as Go diagrams mark dead stones.
            let r = 0.3 * d;
            let corners = [
                c.offset(0.0, -r),
                c.offset(0.866 * r, 0.5 * r),
                c.offset(-0.866 * r, 0.5 * r),
            ];
            for i in 0..3 {
                shapes.push(Shape::Line {
                    from: corners[i],
                    to: corners[(i + 1) % 3],
                    stroke: ink(on),
                });
            }
        }
        MarkKind::Territory(owner) => {
            let side = 0.3 * d;
            let (fill, outline) = match owner {
                Color::Black => (Rgb::BLACK, Rgb::BLACK),
                Color::White => (Rgb::WHITE, Rgb::BLACK),
            };
            shapes.push(Shape::Rect {
                origin: c.offset(-side / 2.0, -side / 2.0),
                size: Size::new(side, side),
                fill: Some(fill),
                stroke: Some(Stroke {
                    width: (0.05 * d).max(0.25),
                    color: outline,
                    dash: None,
                }),
            });
        }
    }
}

/// Column letters above and below, row numbers left and right, each centred on its line.
fn coordinates(g: &BoardGeometry, shapes: &mut Vec<Shape>) {
    let n = g.size.get();
    let s = &g.style;
    let cap = s.coord_cap_height();
    let reach = s.stone / 2.0 + s.coord_gap;
    let top = g.row_y(n - 1) - reach;
    let bottom = g.row_y(0) + reach + cap;
    let label = |text: String, x: f64, y: f64| Shape::Text {
        baseline: Pos::new(x, y),
        text,
        size_pt: s.coord_pt,
        font: Font::Regular,
        color: Rgb::BLACK,
    };
    for (col, letter) in (0..n).zip(g.size.column_letters()) {
        let text = letter.to_string();
        let x = g.column_x(col) - text_width_mm(&text, Font::Regular, s.coord_pt) / 2.0;
        shapes.push(label(text.clone(), x, top));
        shapes.push(label(text, x, bottom));
    }
    let left = g.column_x(0) - reach;
    let right = g.column_x(n - 1) + reach;
    for row in 0..n {
        let text = (u32::from(row) + 1).to_string();
        let width = text_width_mm(&text, Font::Regular, s.coord_pt);
        let y = g.row_y(row) + cap / 2.0;
        shapes.push(label(text.clone(), left - width, y));
        shapes.push(label(text, right, y));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::style::Style;

    fn size(n: u32) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    fn names(points: Vec<Point>) -> Vec<String> {
        points.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn star_points_match_real_boards() {
        assert_eq!(names(star_points(size(9))), ["C3", "C7", "E5", "G3", "G7"]);
        assert_eq!(
            names(star_points(size(13))),
            ["D4", "D10", "G7", "K4", "K10"]
        );
        assert_eq!(
            names(star_points(size(19))),
            ["D4", "D10", "D16", "K4", "K10", "K16", "Q4", "Q10", "Q16"]
        );
        assert_eq!(names(star_points(size(7))), ["C3", "C5", "D4", "E3", "E5"]);
        assert!(star_points(size(5)).is_empty());
    }

    #[test]
    fn lines_are_spaced_as_the_style_says() {
        let style = Style::default().board;
        let g = BoardGeometry::new(size(5), style, Pos::new(10.0, 20.0));
        assert!((g.column_x(4) - g.column_x(0) - 88.0).abs() < 1e-9);
        assert!((g.row_y(0) - g.row_y(4) - 94.8).abs() < 1e-9);
        let extent = BoardGeometry::extent(size(5), &style);
        let band = BoardGeometry::label_band(size(5), &style);
        assert!((extent.width - (88.0 + 20.0 + 2.0 * band)).abs() < 1e-9);
    }

    #[test]
    fn empty_board_has_grid_and_labels_only() {
        let g = BoardGeometry::new(size(5), Style::default().board, Pos::new(0.0, 0.0));
        let shapes = draw(&g, None, &[], &[]);
        let lines = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Line { .. }))
            .count();
        let texts = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Text { .. }))
            .count();
        assert_eq!(lines, 10);
        assert_eq!(texts, 20);
    }
}
