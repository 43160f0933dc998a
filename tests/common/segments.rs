//! Lines read back from a PDF page's content stream or an SVG page, in millimetres from the
//! top left, to measure what was printed.

use libertykit::layout::geom::PT_PER_MM;

/// A PDF number operand as a float.
pub fn number(obj: &lopdf::Object) -> f64 {
    match obj {
        lopdf::Object::Integer(i) => *i as f64,
        lopdf::Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}

/// A straight line in millimetres (top-left origin) with its width.
#[derive(Debug, Clone, Copy)]
pub struct Segment {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
    pub width: f64,
}

/// The lines of a PDF page: `m`/`l` pairs with the current `w`, converted to millimetres.
pub fn pdf_segments(doc: &lopdf::Document, page: u32, height_mm: f64) -> Vec<Segment> {
    let id = doc.get_pages()[&page];
    let content = doc.get_and_decode_page_content(id).unwrap();
    let mut width = 1.0;
    let mut start = None;
    let mut out = Vec::new();
    let mm = |op: &lopdf::content::Operation| {
        (
            number(&op.operands[0]) / PT_PER_MM,
            height_mm - number(&op.operands[1]) / PT_PER_MM,
        )
    };
    for op in &content.operations {
        match op.operator.as_str() {
            "w" => width = number(&op.operands[0]) / PT_PER_MM,
            "m" => start = Some(mm(op)),
            "l" => {
                if let Some((x0, y0)) = start.take() {
                    let (x1, y1) = mm(op);
                    out.push(Segment {
                        x0,
                        y0,
                        x1,
                        y1,
                        width,
                    });
                }
            }
            _ => start = None,
        }
    }
    out
}

/// The `<line>` elements of an SVG page.
pub fn svg_segments(svg: &str) -> Vec<Segment> {
    let attr = |element: &str, name: &str| -> Option<f64> {
        let key = format!(" {name}=\"");
        let start = element.find(&key)? + key.len();
        let end = element[start..].find('"')? + start;
        element[start..end].parse().ok()
    };
    svg.split("<line")
        .skip(1)
        .filter_map(|rest| {
            let element = &rest[..rest.find("/>")?];
            Some(Segment {
                x0: attr(element, "x1")?,
                y0: attr(element, "y1")?,
                x1: attr(element, "x2")?,
                y1: attr(element, "y2")?,
                width: attr(element, "stroke-width")?,
            })
        })
        .collect()
}
