//! Stones, numbered stones and answer marks, each drawn so that no mark covers what stands on
//! its point.

use crate::answer::{Mark, MarkKind, Numbered};
use crate::rules::{Color, Point};

use super::super::font::text_width_mm;
use super::super::geom::{Mm, PT_PER_MM, Rgb, Size};
use super::super::page::{Font, Shape, Stroke};
use super::super::style::cap_height_mm;
use super::BoardGeometry;

/// A stone with its move number in the middle, in the ink that shows on it.
pub(super) fn numbered_stone(g: &BoardGeometry, n: Numbered, shapes: &mut Vec<Shape>) {
    stone(g, n.point, n.color, shapes);
    let text = n.number.to_string();
    // Two digits fill about half the stone; three and four (a long game's figure) are set
    // smaller to stay inside it.
    let share = match text.len() {
        0..=2 => 0.46,
        3 => 0.36,
        _ => 0.28,
    };
    let size_pt = g.style.stone * PT_PER_MM * share;
    let width = text_width_mm(g.style.fonts, &text, Font::Bold, size_pt);
    let c = g.point(n.point);
    shapes.push(Shape::Text {
        baseline: c.offset(-width / 2.0, cap_height_mm(size_pt) / 2.0),
        text,
        size_pt,
        font: Font::Bold,
        color: contrast(Some(n.color)),
    });
}

/// A stone exactly `style.stone` across, outline included.
pub(super) fn stone(g: &BoardGeometry, p: Point, color: Color, shapes: &mut Vec<Shape>) {
    let outline = g.style.stone_outline;
    let (fill, stroke_color) = match color {
        Color::Black => (Rgb::BLACK, Rgb::BLACK),
        Color::White => (Rgb::WHITE, Rgb::BLACK),
    };
    shapes.push(Shape::Circle {
        center: g.point(p),
        radius: Mm::new((g.style.stone - outline) / 2.0),
        fill: Some(fill),
        stroke: Some(Stroke {
            width: Mm::new(outline),
            color: stroke_color,
            dash: None,
        }),
    });
}

/// The ink that shows up on a stone of `color` (or on the bare board).
pub(super) fn contrast(on: Option<Color>) -> Rgb {
    match on {
        Some(Color::Black) => Rgb::WHITE,
        _ => Rgb::BLACK,
    }
}

pub(super) fn draw_mark(g: &BoardGeometry, mark: Mark, on: Option<Color>, shapes: &mut Vec<Shape>) {
    let c = g.point(mark.point);
    let d = g.style.stone;
    let width = (0.08 * d).max(0.3);
    let ink = |on: Option<Color>| Stroke {
        width: Mm::new(width),
        color: contrast(on),
        dash: None,
    };
    let cross = |r: f64, on: Option<Color>, shapes: &mut Vec<Shape>| {
        for (dx, dy) in [(r, r), (r, -r)] {
            shapes.push(Shape::Line {
                from: c.offset(-dx, -dy),
                to: c.offset(dx, dy),
                stroke: ink(on),
            });
        }
    };
    match mark.kind {
        MarkKind::Move(mover) | MarkKind::Suicide(mover) => {
            let color = on.unwrap_or_else(|| {
                stone(g, mark.point, mover, shapes);
                mover
            });
            shapes.push(Shape::Circle {
                center: c,
                radius: Mm::new(0.26 * d),
                fill: None,
                stroke: Some(ink(Some(color))),
            });
            if matches!(mark.kind, MarkKind::Suicide(_)) {
                // Played, then removed: the move's ring crossed by the removed stone's cross.
                cross(0.3 * d, Some(color), shapes);
            }
        }
        MarkKind::Captured => cross(0.24 * d, on, shapes),
        MarkKind::Liberty => {
            // A small open circle: the squares are the counted points', solid and open, and a
            // liberty may share a key with them.
            shapes.push(Shape::Circle {
                center: c,
                radius: Mm::new(0.17 * d),
                fill: Some(Rgb::WHITE),
                stroke: Some(Stroke {
                    width: Mm::new((0.06 * d).max(0.3)),
                    ..ink(on)
                }),
            });
        }
        MarkKind::Illegal => {
            // A frame just outside the stone's reach, so whatever stands on the point (a stone
            // or nothing) stays in full view, and a small cross in the ink that shows on it
            // says "not here" whether the point is bare or taken.
            let side = 1.04 * d;
            shapes.push(Shape::Rect {
                origin: c.offset(-side / 2.0, -side / 2.0),
                size: Size::mm(side, side),
                fill: None,
                stroke: Some(ink(None)),
            });
            cross(0.16 * d, on, shapes);
        }
        MarkKind::Dead | MarkKind::Target => {
            // A triangle, as Go diagrams mark dead stones and the stones a problem is about
            // (the two never share a diagram: only `score` marks the dead).
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
            // Black's solid, White's open with a heavy outline: told apart on any black-and-
            // white printer, as Go books mark territory.
            let side = 0.24 * d;
            let (fill, outline) = match owner {
                Color::Black => (Rgb::BLACK, Rgb::BLACK),
                Color::White => (Rgb::WHITE, Rgb::BLACK),
            };
            shapes.push(Shape::Rect {
                origin: c.offset(-side / 2.0, -side / 2.0),
                size: Size::mm(side, side),
                fill: Some(fill),
                stroke: Some(Stroke {
                    width: Mm::new((0.07 * d).max(0.3)),
                    color: outline,
                    dash: None,
                }),
            });
        }
    }
}
