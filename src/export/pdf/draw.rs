//! Drawing: one laid-out page becomes printpdf drawing operations, with the one y-flip from the
//! page model's top-left, y-down millimetres to PDF's bottom-left, y-up points.

use printpdf::{
    Color, Line, LineDashPattern, LinePoint, Op, PaintMode, PdfFontHandle, PdfPage, Point, Polygon,
    PolygonRing, Pt, TextItem, WindingOrder,
};

use super::fonts::EmbeddedFonts;
use crate::layout::geom::{Mm, PT_PER_MM, Pos, Rgb, Size};
use crate::layout::page::{Page, Shape, Stroke};
use crate::typeface::Typefaces;

/// Magic number for approximating a quarter circle with one cubic Bézier: 4/3 · (√2 − 1).
const KAPPA: f64 = 0.552_284_749_830_793_4;

/// A length as PDF points.
fn pt(length: Mm) -> Pt {
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

/// One laid-out page as a printpdf page of drawing operations.
pub(super) fn page_to_pdf(page: &Page, fonts: &Typefaces, embedded: &EmbeddedFonts) -> PdfPage {
    let mut ops = Vec::new();
    for shape in &page.shapes {
        shape_ops(page.size, shape, fonts, embedded, &mut ops);
    }
    let mut pdf_page = PdfPage::new(printpdf::Mm(0.0), printpdf::Mm(0.0), ops);
    // Set the boxes from our own conversion rather than printpdf's Mm, whose factor is
    // rounded, so the media box is the layout's paper size to f32 precision.
    let media = printpdf::Rect::from_wh(pt(page.size.width), pt(page.size.height));
    pdf_page.media_box = media.clone();
    pdf_page.trim_box = media.clone();
    pdf_page.crop_box = media;
    pdf_page
}

fn color(c: Rgb) -> Color {
    Color::Rgb(printpdf::Rgb {
        r: c.0 as f32,
        g: c.1 as f32,
        b: c.2 as f32,
        icc_profile: None,
    })
}

/// Line width, colour and dash for outlines; always inside `q`/`Q` so nothing leaks.
fn stroke_ops(s: &Stroke, ops: &mut Vec<Op>) {
    ops.push(Op::SetOutlineColor {
        col: color(s.color),
    });
    ops.push(Op::SetOutlineThickness { pt: pt(s.width) });
    let dash = match s.dash {
        Some((on, off)) => LineDashPattern::new(0.0, &[pt(on).0, pt(off).0]),
        None => LineDashPattern::solid(),
    };
    ops.push(Op::SetLineDashPattern { dash });
}

fn paint_mode(filled: bool, stroked: bool) -> Option<PaintMode> {
    match (filled, stroked) {
        (true, true) => Some(PaintMode::FillStroke),
        (true, false) => Some(PaintMode::Fill),
        (false, true) => Some(PaintMode::Stroke),
        (false, false) => None,
    }
}

pub(super) fn shape_ops(
    page_size: Size,
    shape: &Shape,
    fonts: &Typefaces,
    embedded: &EmbeddedFonts,
    ops: &mut Vec<Op>,
) {
    let h = page_size.height;
    match shape {
        Shape::Line { from, to, stroke } => {
            ops.push(Op::SaveGraphicsState);
            stroke_ops(stroke, ops);
            let point = |p: Pos| LinePoint {
                p: pdf_point(h, p),
                bezier: false,
            };
            ops.push(Op::DrawLine {
                line: Line {
                    points: vec![point(*from), point(*to)],
                    is_closed: false,
                },
            });
            ops.push(Op::RestoreGraphicsState);
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
            ops.push(Op::SaveGraphicsState);
            if let Some(f) = fill {
                ops.push(Op::SetFillColor { col: color(*f) });
            }
            if let Some(s) = stroke {
                stroke_ops(s, ops);
            }
            ops.push(Op::DrawPolygon {
                polygon: Polygon {
                    rings: vec![PolygonRing {
                        points: circle_points(h, *center, *radius),
                    }],
                    mode,
                    winding_order: WindingOrder::NonZero,
                },
            });
            ops.push(Op::RestoreGraphicsState);
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
            ops.push(Op::SaveGraphicsState);
            if let Some(f) = fill {
                ops.push(Op::SetFillColor { col: color(*f) });
            }
            if let Some(s) = stroke {
                stroke_ops(s, ops);
            }
            // PDF rectangles grow upwards from their lower-left corner.
            let lower_left = pdf_point(h, origin.offset(0.0, size.height.get()));
            ops.push(Op::DrawRectangle {
                rectangle: printpdf::Rect {
                    x: lower_left.x,
                    y: lower_left.y,
                    width: pt(size.width),
                    height: pt(size.height),
                    mode: Some(mode),
                    winding_order: Some(WindingOrder::NonZero),
                },
            });
            ops.push(Op::RestoreGraphicsState);
        }
        Shape::Text {
            baseline,
            text,
            size_pt,
            font,
            color: c,
        } => {
            ops.push(Op::SaveGraphicsState);
            ops.push(Op::SetFillColor { col: color(*c) });
            // One text object per face's run; each starts where layout measured the text
            // before it to end.
            for (slot, range) in fonts.runs(text, *font) {
                let Some(id) = embedded.id(slot) else {
                    continue;
                };
                let before = fonts.width_em(&text[..range.start], *font) * size_pt / PT_PER_MM;
                ops.push(Op::StartTextSection);
                ops.push(Op::SetFont {
                    font: PdfFontHandle::External(id.clone()),
                    size: Pt(*size_pt as f32),
                });
                // Td from the identity text matrix at BT places the baseline start absolutely.
                ops.push(Op::SetTextCursor {
                    pos: pdf_point(h, baseline.offset(before, 0.0)),
                });
                ops.push(Op::ShowText {
                    items: vec![TextItem::Text(text[range].to_string())],
                });
                ops.push(Op::EndTextSection);
            }
            ops.push(Op::RestoreGraphicsState);
        }
    }
}

/// A closed circle as four cubic Béziers, starting at the rightmost point.
fn circle_points(page_height: Mm, c: Pos, radius: Mm) -> Vec<LinePoint> {
    let r = radius.get();
    let k = r * KAPPA;
    let on = |dx: f64, dy: f64| LinePoint {
        p: pdf_point(page_height, c.offset(dx, dy)),
        bezier: false,
    };
    let ctl = |dx: f64, dy: f64| LinePoint {
        p: pdf_point(page_height, c.offset(dx, dy)),
        bezier: true,
    };
    vec![
        on(r, 0.0),
        ctl(r, k),
        ctl(k, r),
        on(0.0, r),
        ctl(-k, r),
        ctl(-r, k),
        on(-r, 0.0),
        ctl(-r, -k),
        ctl(-k, -r),
        on(0.0, -r),
        ctl(k, -r),
        ctl(r, -k),
        on(r, 0.0),
    ]
}
