//! Drawing: one laid-out page becomes its PDF content stream, with the one y-flip from the page
//! model's top-left, y-down millimetres to PDF's bottom-left, y-up points.
//!
//! The stream is written here, a page at a time, rather than by printpdf, which holds every
//! page's drawing operations until the whole document is serialised (about 50 KB an example of
//! a large kit). The operators and numbers are the ones printpdf 0.12 writes for the same
//! drawing (its `translate_operations`), so the files are byte for byte what they were.

use lopdf::content::{Content, Operation};
use lopdf::{Object, StringFormat};
use printpdf::{PaintMode, Point, Pt, WindingOrder};

use super::fonts::EmbeddedFonts;
use crate::layout::geom::{Mm, PT_PER_MM, Pos, Rgb, Size};
use crate::layout::page::{Page, Shape, Stroke};
use crate::typeface::Typefaces;

/// Magic number for approximating a quarter circle with one cubic Bézier: 4/3 · (√2 − 1).
const KAPPA: f64 = 0.552_284_749_830_793_4;

/// A length as PDF points.
pub(super) fn pt(length: Mm) -> Pt {
    Pt(length.to_pt() as f32)
}

/// The one place where the page model's top-left, y-down millimetres become PDF's
/// bottom-left, y-up points.
pub(super) fn pdf_point(page_height: Mm, p: Pos) -> Point {
    Point {
        x: pt(p.x),
        y: pt(page_height - p.y),
    }
}

/// The content stream of one laid-out page, uncompressed.
pub(super) fn page_content(page: &Page, fonts: &Typefaces, embedded: &EmbeddedFonts) -> Vec<u8> {
    let mut ops = Vec::new();
    for shape in &page.shapes {
        shape_ops(page.size, shape, fonts, embedded, &mut ops);
    }
    Content { operations: ops }.encode().unwrap_or_default()
}

fn op(operator: &str, operands: Vec<Object>) -> Operation {
    Operation::new(operator, operands)
}

/// A point's two coordinates as operands.
fn xy(p: Point) -> [Object; 2] {
    [p.x.into(), p.y.into()]
}

fn color(operator: &str, c: Rgb) -> Operation {
    let channels = [c.0, c.1, c.2].map(Object::Real);
    op(operator, channels.to_vec())
}

/// Line width, colour and dash for outlines; always inside `q`/`Q` so nothing leaks.
fn stroke_ops(s: &Stroke, ops: &mut Vec<Operation>) {
    ops.push(color("RG", s.color));
    ops.push(op("w", vec![pt(s.width).into()]));
    let pattern = match s.dash {
        Some((on, off)) => vec![pt(on).into(), pt(off).into()],
        None => Vec::new(),
    };
    ops.push(op("d", vec![Object::Array(pattern), Object::Real(0.0)]));
}

fn paint_mode(filled: bool, stroked: bool) -> Option<PaintMode> {
    match (filled, stroked) {
        (true, true) => Some(PaintMode::FillStroke),
        (true, false) => Some(PaintMode::Fill),
        (false, true) => Some(PaintMode::Stroke),
        (false, false) => None,
    }
}

/// The painting operator after a closed outline: `closed` paths (circles) fill and stroke with
/// the closing form, as printpdf's polygons do, rectangles with the plain one.
fn paint_op(mode: PaintMode, closed: bool) -> &'static str {
    let winding = WindingOrder::NonZero;
    match mode {
        PaintMode::Fill => winding.get_fill_op(),
        PaintMode::FillStroke if closed => winding.get_fill_stroke_close_op(),
        PaintMode::FillStroke => winding.get_fill_stroke_op(),
        PaintMode::Stroke | PaintMode::Clip => "S",
    }
}

pub(super) fn shape_ops(
    page_size: Size,
    shape: &Shape,
    fonts: &Typefaces,
    embedded: &EmbeddedFonts,
    ops: &mut Vec<Operation>,
) {
    let h = page_size.height;
    match shape {
        Shape::Line { from, to, stroke } => {
            ops.push(op("q", vec![]));
            stroke_ops(stroke, ops);
            ops.push(op("m", xy(pdf_point(h, *from)).to_vec()));
            ops.push(op("l", xy(pdf_point(h, *to)).to_vec()));
            ops.push(op("S", vec![]));
            ops.push(op("Q", vec![]));
        }
        Shape::Circle {
            center,
            radius,
            fill,
            stroke,
        } => {
            let Some(mode) = paint_mode(fill.is_some(), stroke.is_some()) else {
                return;
            };
            ops.push(op("q", vec![]));
            if let Some(f) = fill {
                ops.push(color("rg", *f));
            }
            if let Some(s) = stroke {
                stroke_ops(s, ops);
            }
            circle_ops(h, *center, *radius, ops);
            ops.push(op("h", vec![]));
            ops.push(op(paint_op(mode, true), vec![]));
            ops.push(op("Q", vec![]));
        }
        Shape::Rect {
            origin,
            size,
            fill,
            stroke,
        } => {
            let Some(mode) = paint_mode(fill.is_some(), stroke.is_some()) else {
                return;
            };
            ops.push(op("q", vec![]));
            if let Some(f) = fill {
                ops.push(color("rg", *f));
            }
            if let Some(s) = stroke {
                stroke_ops(s, ops);
            }
            // PDF rectangles grow upwards from their lower-left corner.
            let [x, y] = xy(pdf_point(h, origin.offset(0.0, size.height.get())));
            let (w, rh) = (pt(size.width).into(), pt(size.height).into());
            ops.push(op("re", vec![x, y, w, rh]));
            ops.push(op(paint_op(mode, false), vec![]));
            ops.push(op("Q", vec![]));
        }
        Shape::Text {
            baseline,
            text,
            size_pt,
            font,
            color: c,
        } => {
            ops.push(op("q", vec![]));
            ops.push(color("rg", *c));
            // One text object per face's run; each starts where layout measured the text
            // before it to end.
            for (slot, range) in fonts.runs(text, *font) {
                let Some((name, codes)) = embedded.encode(slot, &text[range.clone()]) else {
                    continue;
                };
                let before = fonts.width_em(&text[..range.start], *font) * size_pt / PT_PER_MM;
                ops.push(op("BT", vec![]));
                let name = Object::Name(name.as_bytes().to_vec());
                ops.push(op("Tf", vec![name, Object::Real(*size_pt as f32)]));
                // Td from the identity text matrix at BT places the baseline start absolutely.
                let cursor = pdf_point(h, baseline.offset(before, 0.0));
                ops.push(op("Td", xy(cursor).to_vec()));
                let codes = Object::String(codes, StringFormat::Hexadecimal);
                ops.push(op("Tj", vec![codes]));
                ops.push(op("ET", vec![]));
            }
            ops.push(op("Q", vec![]));
        }
    }
}

/// A closed circle as four cubic Béziers, starting at the rightmost point.
fn circle_ops(page_height: Mm, c: Pos, radius: Mm, ops: &mut Vec<Operation>) {
    let r = radius.get();
    let k = r * KAPPA;
    let at = |dx: f64, dy: f64| xy(pdf_point(page_height, c.offset(dx, dy)));
    ops.push(op("m", at(r, 0.0).to_vec()));
    let quarters = [
        [(r, k), (k, r), (0.0, r)],
        [(-k, r), (-r, k), (-r, 0.0)],
        [(-r, -k), (-k, -r), (0.0, -r)],
        [(k, -r), (r, -k), (r, 0.0)],
    ];
    for quarter in quarters {
        let operands = quarter.iter().flat_map(|&(dx, dy)| at(dx, dy)).collect();
        ops.push(op("c", operands));
    }
}
