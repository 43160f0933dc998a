//! Round-trip checks for the exporters: PDF read back with lopdf, pdftotext and qpdf; SVG by text.

mod common;

use common::{assert_qpdf_clean, pdf_text, tool_available};

use libertykit::export::pdf::write_pdf;
use libertykit::export::svg::write_svg;
use libertykit::layout::geom::{Mm, PT_PER_MM, Pos, Rgb, Size};
use libertykit::layout::page::{Document, Font, Page, Shape, Stroke};
use libertykit::wording::Language;

const TEXT: &str = "5×5 A1–E5 Capture tally";

fn sample() -> Document {
    let stroke = Stroke {
        width: Mm::new(0.35),
        color: Rgb::BLACK,
        dash: None,
    };
    Document {
        title: "Liberty-chain capture · Player sheet".to_string(),
        pages: vec![Page {
            size: Size::mm(210.0, 297.0),
            shapes: vec![
                Shape::Line {
                    from: Pos::mm(25.0, 40.0),
                    to: Pos::mm(125.5, 40.0),
                    stroke,
                },
                Shape::Circle {
                    center: Pos::mm(60.0, 100.0),
                    radius: Mm::new(5.0),
                    fill: Some(Rgb::WHITE),
                    stroke: Some(stroke),
                },
                Shape::Text {
                    baseline: Pos::mm(25.0, 30.0),
                    text: TEXT.to_string(),
                    size_pt: 14.0,
                    font: Font::Regular,
                    color: Rgb::BLACK,
                },
            ],
        }],
        fonts: libertykit::typeface::bundled(),
        language: Language::English,
    }
}

fn number(obj: &lopdf::Object) -> f64 {
    match obj {
        lopdf::Object::Integer(i) => *i as f64,
        lopdf::Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}

#[test]
fn pdf_page_size_and_line_coordinates() {
    let bytes = write_pdf(&sample()).unwrap();
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 1);
    let page_id = pages[&1];

    let page = doc.get_dictionary(page_id).unwrap();
    let media = page.get(b"MediaBox").unwrap().as_array().unwrap();
    let media: Vec<f64> = media.iter().map(number).collect();
    assert!(media[0].abs() < 1e-6 && media[1].abs() < 1e-6);
    assert!((media[2] - 595.2756).abs() < 1e-3, "{media:?}");
    assert!((media[3] - 841.8898).abs() < 1e-3, "{media:?}");

    let content = doc.get_and_decode_page_content(page_id).unwrap();
    let ops = &content.operations;
    // The first `m`/`l` pair is the line: check it lands at (25, 40) -> (125.5, 40) mm.
    let m = ops.iter().position(|op| op.operator == "m").unwrap();
    assert_eq!(ops[m + 1].operator, "l");
    let to_mm = |op: &lopdf::content::Operation| -> (f64, f64) {
        let x = number(&op.operands[0]) / PT_PER_MM;
        let y = 297.0 - number(&op.operands[1]) / PT_PER_MM;
        (x, y)
    };
    let (x0, y0) = to_mm(&ops[m]);
    let (x1, y1) = to_mm(&ops[m + 1]);
    assert!(
        (x0 - 25.0).abs() < 0.01 && (y0 - 40.0).abs() < 0.01,
        "{x0},{y0}"
    );
    assert!(
        (x1 - 125.5).abs() < 0.01 && (y1 - 40.0).abs() < 0.01,
        "{x1},{y1}"
    );

    // The circle is drawn with Bézier curves, the text in the bundled font, embedded as a
    // subset (a six-letter tag and `+`) and addressed by glyph ids (Identity-H).
    assert_eq!(ops.iter().filter(|op| op.operator == "c").count(), 4);
    assert!(ops.iter().any(|op| op.operator == "Tj"));
    let fonts = doc.get_page_fonts(page_id).unwrap();
    assert_eq!(fonts.len(), 1);
    let font = fonts.values().next().unwrap();
    let name = font.get(b"BaseFont").unwrap().as_name().unwrap();
    assert_eq!(
        &name[6..],
        b"+LiberationSans",
        "{}",
        String::from_utf8_lossy(name)
    );
    assert_eq!(
        font.get(b"Encoding").unwrap().as_name().unwrap(),
        b"Identity-H"
    );
    assert!(font.get(b"ToUnicode").is_ok());
}

#[test]
fn pdf_is_deterministic_and_disables_print_scaling() {
    let a = write_pdf(&sample()).unwrap();
    let b = write_pdf(&sample()).unwrap();
    assert_eq!(a, b);

    let doc = lopdf::Document::load_mem(&a).unwrap();
    let prefs = doc
        .catalog()
        .unwrap()
        .get(b"ViewerPreferences")
        .unwrap()
        .as_dict()
        .unwrap();
    assert_eq!(
        prefs.get(b"PrintScaling").unwrap().as_name().unwrap(),
        b"None"
    );
}

#[test]
fn pdf_text_extracts_exactly() {
    if !tool_available("pdftotext") {
        return;
    }
    let text = pdf_text(&write_pdf(&sample()).unwrap(), "export-text");
    assert!(text.contains("5×5"), "{text:?}");
    assert!(text.contains("A1–E5"), "{text:?}");
    assert!(text.contains(TEXT), "{text:?}");
}

#[test]
fn pdf_passes_qpdf_check() {
    if !tool_available("qpdf") {
        return;
    }
    assert_qpdf_clean(&write_pdf(&sample()).unwrap(), "export-qpdf");
}

#[test]
fn svg_has_millimetre_viewbox_and_line() {
    let svg = write_svg(
        &sample().pages[0],
        libertykit::typeface::bundled(),
        Language::English,
    );
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains(r#"width="210mm""#));
    assert!(svg.contains(r#"height="297mm""#));
    assert!(svg.contains(r#"viewBox="0 0 210 297""#));
    assert!(
        svg.contains(r#"x1="25" x2="125.5" y1="40" y2="40""#),
        "{svg}"
    );
    assert!(svg.contains(r#"stroke-width="0.35""#));
    assert!(svg.contains(r#"<circle cx="60" cy="100""#));
    assert!(svg.contains(&format!(">{TEXT}</text>")));
    assert_eq!(
        svg,
        write_svg(
            &sample().pages[0],
            libertykit::typeface::bundled(),
            Language::English
        )
    );
}
