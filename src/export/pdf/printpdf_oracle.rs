//! The oracle the content streams are held to: the same pages drawn as printpdf operations and
//! serialised by printpdf, as `write_pdf` did before it wrote each page's stream itself (all
//! pages' operations held at once). `write_pdf` must give these bytes exactly.

use printpdf::{
    Color, Line, LineDashPattern, LinePoint, Op, PaintMode, PdfFontHandle, PdfPage, Point, Polygon,
    PolygonRing, Pt, TextItem, WindingOrder,
};

use super::fonts::EmbeddedFonts;
use crate::layout::geom::{Mm, PT_PER_MM, Pos, Rgb, Size};
use crate::layout::page::{Document, Page, Shape, Stroke};
use crate::typeface::Typefaces;

/// Magic number for approximating a quarter circle with one cubic Bézier: 4/3 · (√2 − 1).
const KAPPA: f64 = 0.552_284_749_830_793_4;

/// A length as PDF points.
fn pt(length: Mm) -> Pt {
    Pt(length.to_pt() as f32)
}

/// The one place where the page model's top-left, y-down millimetres become PDF's
/// bottom-left, y-up points.
fn pdf_point(page_height: Mm, p: Pos) -> Point {
    Point {
        x: pt(p.x),
        y: pt(page_height - p.y),
    }
}

/// One laid-out page as a printpdf page of drawing operations.
fn page_to_pdf(page: &Page, fonts: &Typefaces, embedded: &EmbeddedFonts) -> PdfPage {
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
        r: c.0,
        g: c.1,
        b: c.2,
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

fn shape_ops(
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

/// `doc` as printpdf writes it from every page's operations at once.
pub(super) fn printpdf_pdf(doc: &Document) -> Vec<u8> {
    let mut pdf = printpdf::PdfDocument::new(&doc.title);
    pdf.metadata.info.producer = super::PRODUCER.to_string();
    let (embedded, fonts) = super::fonts::embed(doc).unwrap();
    pdf.resources.fonts.map = fonts;
    pdf.pages = doc
        .pages
        .iter()
        .map(|page| page_to_pdf(page, doc.fonts, &embedded))
        .collect();
    super::save(super::to_lopdf(pdf).unwrap(), doc).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::pdf::write_pdf;
    use crate::layout::page::{Font, Page};
    use crate::wording::Language;

    /// Every kind of shape and stroke, text in both weights with characters beyond ASCII
    /// (a no-break space shares the space's glyph), over two pages.
    fn drawing(fonts: &'static Typefaces, words: &str) -> Document {
        let solid = Stroke {
            width: Mm::new(0.3),
            color: Rgb::BLACK,
            dash: None,
        };
        let dashed = Stroke {
            dash: Some((Mm::new(1.0), Mm::new(0.5))),
            color: Rgb::GREY,
            ..solid
        };
        let page = |n: usize| Page {
            size: Size::mm(210.0, 297.0),
            shapes: vec![
                Shape::Line {
                    from: Pos::mm(20.0, 30.0 + n as f64),
                    to: Pos::mm(120.0, 30.0),
                    stroke: solid,
                },
                Shape::Line {
                    from: Pos::mm(20.0, 40.0),
                    to: Pos::mm(120.5, 40.25),
                    stroke: dashed,
                },
                Shape::Circle {
                    center: Pos::mm(60.0, 80.0),
                    radius: Mm::new(4.0),
                    fill: Some(Rgb::BLACK),
                    stroke: Some(solid),
                },
                Shape::Circle {
                    center: Pos::mm(70.3, 80.1),
                    radius: Mm::new(3.7),
                    fill: None,
                    stroke: Some(dashed),
                },
                Shape::Circle {
                    center: Pos::mm(80.0, 80.0),
                    radius: Mm::new(2.0),
                    fill: Some(Rgb::WHITE),
                    stroke: None,
                },
                Shape::Rect {
                    origin: Pos::mm(10.0, 10.0),
                    size: Size::mm(190.0, 277.0),
                    fill: None,
                    stroke: Some(solid),
                },
                Shape::Rect {
                    origin: Pos::mm(12.0, 200.0),
                    size: Size::mm(50.0, 6.0),
                    fill: Some(Rgb(0.92, 0.92, 0.92)),
                    stroke: Some(dashed),
                },
                Shape::Text {
                    baseline: Pos::mm(20.0, 20.0),
                    text: format!("{words} · page {n}"),
                    size_pt: 12.0,
                    font: Font::Bold,
                    color: Rgb::BLACK,
                },
                Shape::Text {
                    baseline: Pos::mm(20.0, 250.0),
                    text: "5×5 A1–E5 «\u{a0}tally\u{a0}» (x) \\ %".to_string(),
                    size_pt: 9.5,
                    font: Font::Regular,
                    color: Rgb::GREY,
                },
            ],
        };
        Document {
            title: "Oracle".to_string(),
            pages: vec![page(1), page(2)],
            fonts,
            language: Language::English,
        }
    }

    #[test]
    fn pages_written_one_at_a_time_are_what_printpdf_writes() {
        let doc = drawing(crate::typeface::bundled(), "Łańcuch Ωμέγα “quotes”");
        assert_eq!(write_pdf(&doc).unwrap(), printpdf_pdf(&doc));
    }

    #[test]
    fn an_empty_document_is_what_printpdf_writes() {
        let doc = Document {
            pages: Vec::new(),
            ..drawing(crate::typeface::bundled(), "")
        };
        assert_eq!(write_pdf(&doc).unwrap(), printpdf_pdf(&doc));
    }

    /// A CID-keyed CFF face (Noto Sans CJK) codes its glyphs by CID, not glyph id: where one is
    /// installed, its pages are held to printpdf's too.
    #[test]
    fn a_cid_keyed_font_codes_its_glyphs_as_printpdf_does() {
        let Ok(fonts) = crate::typeface::load("Noto Sans CJK JP", std::path::Path::new(".")) else {
            eprintln!("Noto Sans CJK JP is not installed: nothing to compare");
            return;
        };
        let doc = drawing(fonts, "白先、黒の石を取る。正解はありません");
        assert_eq!(write_pdf(&doc).unwrap(), printpdf_pdf(&doc));
    }
}
