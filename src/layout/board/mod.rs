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
//!
//! A diagram may show only part of the board (an example's `view = "A1:G7"`), as sgf-render's
//! `--range` and psgo's `\showgoban[a1,g7]` do: only the region's lines, stones, marks and star
//! points are drawn, a line is heavy only where it is the real board's edge, and at a side that
//! is not the real edge the lines run on half a spacing past the last point to show that the
//! board goes on. The labels are the real coordinates (`A`..`G`, `1`..`7` on a 19x19 board).

mod geometry;
mod marks;

use geometry::reaches;
pub use geometry::{BoardGeometry, RUN_ON, fitted_view_style, whole_board};

use crate::answer::{Mark, Numbered};
use crate::rules::{BoardSize, Point, Position};

use super::font::text_width_mm;
use super::geom::{Mm, Pos, Rgb};
use super::page::{Font, Shape, Stroke};
use marks::{draw_mark, numbered_stone, stone};

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
/// `marks`, coordinates; of all these, only what lies in the geometry's view.
///
/// A `Move` mark on an empty point is drawn as a stone of its colour with a ring; on a stone, as
/// a ring. `Captured` is a cross over the stone, `Liberty` a small open circle, `Illegal` a
/// frame around the point as it stands (with a small cross when it is bare), `Dead` a triangle
/// and `Territory` a small square in the owner's colour. No mark covers what stands on its point.
pub fn draw(
    geometry: &BoardGeometry,
    board: Option<&Position>,
    marks: &[Mark],
    numbers: &[Numbered],
) -> Vec<Shape> {
    let mut shapes = Vec::new();
    grid_and_star_points(geometry, &mut shapes);
    shapes.extend(stones_and_marks(geometry, board, marks, numbers));
    coordinates(geometry, LabelSides::ALL, &mut shapes);
    shapes
}

/// The view's grid, then the star points it shows.
fn grid_and_star_points(geometry: &BoardGeometry, shapes: &mut Vec<Shape>) {
    grid(geometry, shapes);
    for p in star_points(geometry.size)
        .into_iter()
        .filter(|&p| geometry.shows(p))
    {
        shapes.push(Shape::Circle {
            center: geometry.point(p),
            radius: Mm::new(geometry.style.star_radius),
            fill: Some(Rgb::BLACK),
            stroke: None,
        });
    }
}

/// Which sides of a diagram carry coordinate labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LabelSides {
    /// Column letters above.
    pub top: bool,
    /// Column letters below.
    pub bottom: bool,
    /// Row numbers on the left.
    pub left: bool,
    /// Row numbers on the right.
    pub right: bool,
}

impl LabelSides {
    /// Labels on all four sides, as every diagram has them.
    pub const ALL: LabelSides = LabelSides {
        top: true,
        bottom: true,
        left: true,
        right: true,
    };
}

/// An empty board to play on: the view's grid and star points, with coordinates on `sides`
/// only (one sheet of a tiled board labels the real board's edges it holds).
pub fn empty_board(geometry: &BoardGeometry, sides: LabelSides) -> Vec<Shape> {
    let mut shapes = Vec::new();
    grid_and_star_points(geometry, &mut shapes);
    coordinates(geometry, sides, &mut shapes);
    shapes
}

/// Only the stones of `board`, the numbered stones and the `marks` (no grid, no labels), e.g.
/// for a legend; only those in the geometry's view.
pub fn stones_and_marks(
    geometry: &BoardGeometry,
    board: Option<&Position>,
    marks: &[Mark],
    numbers: &[Numbered],
) -> Vec<Shape> {
    let mut shapes = Vec::new();
    if let Some(board) = board {
        for p in geometry.size.all_points().filter(|&p| geometry.shows(p)) {
            if let Some(color) = board.stone(p) {
                stone(geometry, p, color, &mut shapes);
            }
        }
    }
    for n in numbers.iter().filter(|n| geometry.shows(n.point)) {
        numbered_stone(geometry, *n, &mut shapes);
    }
    // One mark per point: the lowest rank where a point is given two (see `MarkKind::rank`).
    let mut shown: Vec<&Mark> = Vec::new();
    for mark in marks.iter().filter(|m| geometry.shows(m.point)) {
        match shown.iter_mut().find(|m| m.point == mark.point) {
            Some(kept) if mark.kind.rank() < kept.kind.rank() => *kept = mark,
            Some(_) => {}
            None => shown.push(mark),
        }
    }
    for mark in shown {
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

fn solid(width: f64) -> Stroke {
    Stroke {
        width: Mm::new(width),
        color: Rgb::BLACK,
        dash: None,
    }
}

/// The grid of the view: inner lines first, then the heavier lines of the real board's edges.
/// At a real edge, a heavy line runs on by half its width so the corners are closed; at a side
/// that is not the real edge, every line runs on by [`RUN_ON`] spacing.
fn grid(g: &BoardGeometry, shapes: &mut Vec<Shape>) {
    let far = g.size.get() - 1;
    let v = g.view;
    let half = g.style.edge_line / 2.0;
    let heavy = |i: u8| i == 0 || i == far;
    // How far a line runs past its last point: on at a cut side, to close a corner otherwise.
    let run = |cut: bool, heavy: bool, spacing: f64| match (cut, heavy) {
        (true, _) => RUN_ON * spacing,
        (false, true) => half,
        (false, false) => 0.0,
    };
    let (sx, sy) = (g.style.spacing_x, g.style.spacing_y);
    let top = g.row_y(v.high.row);
    let bottom = g.row_y(v.low.row);
    let left = g.column_x(v.low.col);
    let right = g.column_x(v.high.col);
    for edge in [false, true] {
        for i in 0..v.columns().max(v.rows()) {
            let width = |line: u8| {
                if heavy(line) {
                    g.style.edge_line
                } else {
                    g.style.inner_line
                }
            };
            let col = v.low.col + i;
            if i < v.columns() && heavy(col) == edge {
                let x = g.column_x(col);
                shapes.push(Shape::Line {
                    from: Pos::mm(x, top - run(v.high.row < far, heavy(col), sy)),
                    to: Pos::mm(x, bottom + run(v.low.row > 0, heavy(col), sy)),
                    stroke: solid(width(col)),
                });
            }
            let row = v.low.row + i;
            if i < v.rows() && heavy(row) == edge {
                let y = g.row_y(row);
                shapes.push(Shape::Line {
                    from: Pos::mm(left - run(v.low.col > 0, heavy(row), sx), y),
                    to: Pos::mm(right + run(v.high.col < far, heavy(row), sx), y),
                    stroke: solid(width(row)),
                });
            }
        }
    }
}

/// Column letters above and below, row numbers left and right, each centred on its line: the
/// real coordinates of the columns and rows shown.
fn coordinates(g: &BoardGeometry, sides: LabelSides, shapes: &mut Vec<Shape>) {
    let v = g.view;
    let s = &g.style;
    let cap = s.coord_cap_height();
    let [reach_left, reach_right, reach_top, reach_bottom] = reaches(g.size, v, s);
    let top = g.row_y(v.high.row) - reach_top - s.coord_gap;
    let bottom = g.row_y(v.low.row) + reach_bottom + s.coord_gap + cap;
    let label = |text: String, x: f64, y: f64| Shape::Text {
        baseline: Pos::mm(x, y),
        text,
        size_pt: s.coord_pt,
        font: Font::Regular,
        color: Rgb::BLACK,
    };
    for col in v.low.col..=v.high.col {
        let text = Point::new(col, 0).column_letter().to_string();
        let x = g.column_x(col) - text_width_mm(s.fonts, &text, Font::Regular, s.coord_pt) / 2.0;
        if sides.top {
            shapes.push(label(text.clone(), x, top));
        }
        if sides.bottom {
            shapes.push(label(text, x, bottom));
        }
    }
    let left = g.column_x(v.low.col) - reach_left - s.coord_gap;
    let right = g.column_x(v.high.col) + reach_right + s.coord_gap;
    for row in v.low.row..=v.high.row {
        let text = (u32::from(row) + 1).to_string();
        let width = text_width_mm(s.fonts, &text, Font::Regular, s.coord_pt);
        let y = g.row_y(row) + cap / 2.0;
        if sides.left {
            shapes.push(label(text.clone(), left - width, y));
        }
        if sides.right {
            shapes.push(label(text, right, y));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::MarkKind;
    use crate::kit::View;
    use crate::layout::style::Style;
    use crate::rules::Color;
    use std::collections::BTreeSet;

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
        let g = BoardGeometry::new(size(5), style, Pos::mm(10.0, 20.0));
        assert!((g.column_x(4) - g.column_x(0) - 88.0).abs() < 1e-9);
        assert!((g.row_y(0) - g.row_y(4) - 94.8).abs() < 1e-9);
        let extent = BoardGeometry::extent(size(5), &style);
        let band = BoardGeometry::label_band(size(5), &style);
        assert!(
            (extent.width - Mm::new(88.0 + 20.0 + 2.0 * band))
                .get()
                .abs()
                < 1e-9
        );
    }

    #[test]
    fn empty_board_has_grid_and_labels_only() {
        let g = BoardGeometry::new(size(5), Style::default().board, Pos::mm(0.0, 0.0));
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

    fn corner_view() -> View {
        View {
            low: Point::new(0, 0),
            high: Point::new(6, 6),
        }
    }

    /// A1:G7 of a 19x19 board: seven lines each way, heavy only at the real (left and bottom)
    /// edges, running on half a spacing past G and 7, labelled A..G and 1..7, with the one star
    /// point of the region (D4).
    #[test]
    fn a_corner_view_draws_only_its_region_with_real_edges_and_labels() {
        let style = Style::default().board.scaled(0.45);
        let g = BoardGeometry::showing(size(19), Some(corner_view()), style, Pos::mm(0.0, 0.0));
        let shapes = draw(&g, None, &[], &[]);
        let mut vertical = Vec::new();
        let mut horizontal = Vec::new();
        for s in &shapes {
            if let Shape::Line { from, to, stroke } = s {
                if (from.x - to.x).get().abs() < 1e-9 {
                    vertical.push((from.x, from.y, to.y, stroke.width));
                } else {
                    horizontal.push((from.y, from.x, to.x, stroke.width));
                }
            }
        }
        vertical.sort_by(|a, b| a.0.get().total_cmp(&b.0.get()));
        horizontal.sort_by(|a, b| a.0.get().total_cmp(&b.0.get()));
        assert_eq!((vertical.len(), horizontal.len()), (7, 7));
        let heavy = |w: f64| (w - style.edge_line).abs() < 1e-9;
        // Left line (A) and bottom line (row 1) heavy, no other.
        assert!(heavy((vertical[0].3).get()) && vertical[1..].iter().all(|l| !heavy(l.3.get())));
        assert!(
            heavy((horizontal[6].3).get()) && horizontal[..6].iter().all(|l| !heavy(l.3.get()))
        );
        // Vertical lines run on above row 7 by half a spacing; stop at row 1 (closing the corner).
        let (x_a, top, bottom) = (g.column_x(0), g.row_y(6), g.row_y(0));
        assert!((vertical[0].0 - Mm::new(x_a)).get().abs() < 1e-9);
        assert!(
            (vertical[3].1 - Mm::new(top - RUN_ON * style.spacing_y))
                .get()
                .abs()
                < 1e-9
        );
        assert!((vertical[3].2 - Mm::new(bottom)).get().abs() < 1e-9);
        assert!(
            (horizontal[3].2 - Mm::new(g.column_x(6) + RUN_ON * style.spacing_x))
                .get()
                .abs()
                < 1e-9
        );
        assert!((horizontal[3].1 - Mm::new(x_a)).get().abs() < 1e-9);
        let texts: BTreeSet<String> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect();
        let expected: BTreeSet<String> = "A B C D E F G 1 2 3 4 5 6 7"
            .split(' ')
            .map(String::from)
            .collect();
        assert_eq!(texts, expected);
        let stars: Vec<Pos> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Circle { center, .. } => Some(*center),
                _ => None,
            })
            .collect();
        assert_eq!(stars, [g.point(Point::new(3, 3))]);
        // Everything drawn lies inside the extent.
        let extent = BoardGeometry::view_extent(size(19), Some(corner_view()), &style);
        for s in &shapes {
            if let Shape::Line { from, to, .. } = s {
                for p in [from, to] {
                    assert!(p.x >= Mm::new(0.0) && p.x <= extent.width, "{p:?}");
                    assert!(p.y >= Mm::new(0.0) && p.y <= extent.height, "{p:?}");
                }
            }
        }
    }

    /// Go books set the labels just past an edge stone: the nearest label edge stands about
    /// half a cell off the edge line (a stone's half plus a hairline), on every scale drawn.
    #[test]
    fn labels_stand_about_half_a_cell_off_the_grid() {
        for n in [5, 9, 13, 19] {
            for factor in [1.0, 0.6, 0.45, 0.3, 0.2] {
                let style = Style::default().board.scaled(factor);
                let g = BoardGeometry::new(size(n), style, Pos::mm(0.0, 0.0));
                let left_line = g.column_x(0);
                let top_line = g.row_y(n as u8 - 1);
                let mut row_gap = f64::INFINITY;
                let mut column_gap = f64::INFINITY;
                for s in draw(&g, None, &[], &[]) {
                    if let Shape::Text { baseline, text, .. } = s {
                        let width =
                            text_width_mm(style.fonts, &text, Font::Regular, style.coord_pt);
                        if text.chars().all(|c| c.is_ascii_digit()) {
                            if baseline.x.get() < left_line {
                                row_gap = row_gap.min(left_line - baseline.x.get() - width);
                            }
                        } else if baseline.y.get() < top_line {
                            column_gap = column_gap.min(top_line - baseline.y.get());
                        }
                    }
                }
                let half_stone = style.stone / 2.0;
                for (gap, spacing) in [(row_gap, style.spacing_x), (column_gap, style.spacing_y)] {
                    assert!(gap > half_stone, "{n}x{n} at {factor}: label on a stone");
                    assert!(
                        gap <= 0.5 * spacing + 0.7,
                        "{n}x{n} at {factor}: label {gap:.2} mm off the grid, spacing {spacing:.2}"
                    );
                }
            }
        }
    }

    fn marks_drawn(board: &Position, marks: &[Mark]) -> Vec<Shape> {
        let style = Style::default().board.scaled(0.45);
        let g = BoardGeometry::new(size(5), style, Pos::mm(0.0, 0.0));
        stones_and_marks(&g, Some(board), marks, &[])
    }

    fn mark_at(col: u8, row: u8, kind: MarkKind) -> Mark {
        Mark {
            point: Point::new(col, row),
            kind,
        }
    }

    /// Marks that survive black-and-white printing, one per point: a dead stone's counted
    /// point shows its triangle only; Black's and White's points differ in fill (solid, open),
    /// not in a shade of grey; an illegal point keeps its cross when a stone stands on it; a
    /// suicide's stone is ringed and crossed.
    #[test]
    fn one_mark_per_point_in_inks_a_mono_printer_keeps() {
        let mut board = Position::empty(size(5));
        board.put(Point::new(2, 2), Color::White);
        // Dead and territory on one point: the triangle's three lines, no square.
        let shapes = marks_drawn(
            &board,
            &[
                mark_at(2, 2, MarkKind::Territory(Color::Black)),
                mark_at(2, 2, MarkKind::Dead),
            ],
        );
        let rects = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Rect { .. }))
            .count();
        let lines = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Line { .. }))
            .count();
        assert_eq!((rects, lines), (0, 3), "{shapes:?}");
        // Territory: solid black and white-filled, both outlined in black.
        let fills: Vec<Option<Rgb>> = marks_drawn(
            &Position::empty(size(5)),
            &[
                mark_at(0, 0, MarkKind::Territory(Color::Black)),
                mark_at(4, 4, MarkKind::Territory(Color::White)),
            ],
        )
        .iter()
        .filter_map(|s| match s {
            Shape::Rect { fill, .. } => Some(*fill),
            _ => None,
        })
        .collect();
        assert_eq!(fills, [Some(Rgb::BLACK), Some(Rgb::WHITE)]);
        // Illegal on a stone: the frame and a cross.
        let shapes = marks_drawn(&board, &[mark_at(2, 2, MarkKind::Illegal)]);
        let lines = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Line { .. }))
            .count();
        assert_eq!(lines, 2, "{shapes:?}");
        // Suicide on a bare point: the stone, its ring and a cross.
        let shapes = marks_drawn(
            &Position::empty(size(5)),
            &[mark_at(1, 1, MarkKind::Suicide(Color::Black))],
        );
        let circles = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Circle { .. }))
            .count();
        let lines = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Line { .. }))
            .count();
        assert_eq!((circles, lines), (2, 2), "{shapes:?}");
    }

    #[test]
    fn stones_and_marks_outside_the_view_are_left_out() {
        let style = Style::default().board.scaled(0.45);
        let g = BoardGeometry::showing(size(19), Some(corner_view()), style, Pos::mm(0.0, 0.0));
        let mut board = Position::empty(size(19));
        board.put(Point::new(2, 2), Color::Black);
        board.put(Point::new(7, 2), Color::White);
        let marks = [
            Mark {
                point: Point::new(1, 1),
                kind: MarkKind::Liberty,
            },
            Mark {
                point: Point::new(2, 9),
                kind: MarkKind::Liberty,
            },
        ];
        let numbers = [Numbered {
            point: Point::new(10, 10),
            number: 1,
            color: Color::Black,
        }];
        let shapes = stones_and_marks(&g, Some(&board), &marks, &numbers);
        assert_eq!(shapes.len(), 2, "{shapes:?}");
    }

    #[test]
    fn a_view_is_as_big_as_a_board_of_its_size_plus_the_run_on() {
        let style = Style::default().board.scaled(0.45);
        let seven = BoardGeometry::extent(size(7), &style);
        let view = BoardGeometry::view_extent(size(19), Some(corner_view()), &style);
        let more_x = RUN_ON * style.spacing_x - style.stone / 2.0;
        let more_y = RUN_ON * style.spacing_y - style.stone / 2.0;
        assert!((view.width - seven.width - Mm::new(more_x)).get().abs() < 1e-9);
        assert!((view.height - seven.height - Mm::new(more_y)).get().abs() < 1e-9);
        let whole = BoardGeometry::view_extent(size(19), None, &style);
        assert_eq!(whole, BoardGeometry::extent(size(19), &style));
    }
}
