//! SVG export: translates one laid-out `Page` into an SVG document (the only file naming `svg`).
//!
//! One SVG user unit is one millimetre, so the page model's coordinates are written unchanged
//! (both use a top-left origin with y down). Numbers are rounded to a fixed precision so the
//! output is byte-stable across platforms and usable in snapshot tests.
//!
//! Text is drawn as the fonts' own glyph outlines, as typst-svg does: each glyph the page uses
//! is defined once and placed where layout measured it, so the page looks the same on a
//! machine without the font. An invisible `<text>` over the glyphs keeps it selectable and
//! searchable.

use std::collections::BTreeSet;
use svg::node::Text as TextNode;

use svg::node::Blob;
use svg::node::element::{Circle, Definitions, Element, Group, Line, Rectangle};
use svg::{Document, Node};

use crate::layout::geom::{Mm, Pos, Rgb, Size};
use crate::layout::page::{Font, Page, Shape, Stroke};
use crate::typeface::{Slot, Typefaces, Weight};
use crate::wording::Language;

/// The family the invisible, selectable text names; it only sets where a selection falls.
const FONT_FAMILY: &str = "Liberation Sans, Helvetica, Arial, sans-serif";

/// Millimetres per typographic point, for font sizes given in points.
const MM_PER_PT: f64 = 25.4 / 72.0;

/// Renders `page`, whose text was measured in `fonts` and is in `language`, as a standalone SVG
/// document sized in millimetres.
pub fn write_svg(page: &Page, fonts: &Typefaces, language: Language) -> String {
    render(page, fonts, language, None)
}

/// Renders `page` as an `<svg>` element to stand inside an HTML document: the same drawing as
/// [`write_svg`]'s, without namespace declarations (the HTML parser supplies them, so the
/// document names no web address), and with every glyph id starting with `ids`, so that the
/// pages of one document never share an id.
pub fn inline_svg(page: &Page, fonts: &Typefaces, language: Language, ids: &str) -> String {
    render(page, fonts, language, Some(ids))
}

/// The page as SVG: a standalone document, or with `inline` an element for HTML whose glyph
/// ids start with that prefix.
fn render(page: &Page, fonts: &Typefaces, language: Language, inline: Option<&str>) -> String {
    let Size { width, height } = page.size;
    let mut doc = Document::new();
    match inline {
        None => doc = doc.set("xmlns:xlink", "http://www.w3.org/1999/xlink"),
        Some(_) => {
            if let Some(attributes) = doc.get_attributes_mut() {
                attributes.remove("xmlns");
            }
        }
    }
    let ids = inline.unwrap_or("");
    let mut doc = doc
        .set("xml:lang", language.code())
        .set("width", format!("{}mm", mm(width)))
        .set("height", format!("{}mm", mm(height)))
        .set("viewBox", format!("0 0 {} {}", mm(width), mm(height)));
    let (definitions, drawn) = glyph_definitions(page, fonts, ids);
    doc = doc.add(definitions);

    // SVG has no paper: without an opaque background, viewers show the page on their own canvas
    // colour, which makes white stones vanish on dark themes.
    doc = doc.add(
        Rectangle::new()
            .set("x", "0")
            .set("y", "0")
            .set("width", mm(width))
            .set("height", mm(height))
            .set("fill", hex(Rgb::WHITE)),
    );

    for shape in &page.shapes {
        doc = match shape {
            Shape::Line { from, to, stroke } => doc.add(with_stroke(
                Line::new()
                    .set("x1", mm(from.x))
                    .set("y1", mm(from.y))
                    .set("x2", mm(to.x))
                    .set("y2", mm(to.y)),
                Some(stroke),
            )),
            Shape::Circle {
                center,
                radius,
                fill,
                stroke,
            } => doc.add(with_stroke(
                Circle::new()
                    .set("cx", mm(center.x))
                    .set("cy", mm(center.y))
                    .set("r", mm(*radius))
                    .set("fill", fill.map_or_else(|| "none".to_string(), hex)),
                stroke.as_ref(),
            )),
            Shape::Rect {
                origin,
                size,
                fill,
                stroke,
            } => doc.add(with_stroke(
                Rectangle::new()
                    .set("x", mm(origin.x))
                    .set("y", mm(origin.y))
                    .set("width", mm(size.width))
                    .set("height", mm(size.height))
                    .set("fill", fill.map_or_else(|| "none".to_string(), hex)),
                stroke.as_ref(),
            )),
            Shape::Text {
                baseline,
                text,
                size_pt,
                font,
                color,
            } => doc
                .add(glyphs(
                    fonts,
                    (&drawn, ids),
                    *baseline,
                    text,
                    (*size_pt, *font, *color),
                ))
                .add(selectable(fonts, *baseline, text, *size_pt, *font)),
        };
    }
    let mut out = doc.to_string();
    out.push('\n');
    out
}

/// The id of the definition of glyph `gid` of the face in `slot`, after the prefix `ids`.
fn glyph_id(ids: &str, slot: Slot, gid: u16) -> String {
    let face = match slot {
        Slot::Chosen(Weight::Regular) => "cr",
        Slot::Chosen(Weight::Bold) => "cb",
        Slot::Bundled(Weight::Regular) => "br",
        Slot::Bundled(Weight::Bold) => "bb",
    };
    format!("{ids}g{face}{gid}")
}

/// One `<path>` per glyph the page's text uses, in 1/1000 em with y up, as the font draws it;
/// and which glyphs have a shape to draw (a space has none).
fn glyph_definitions(
    page: &Page,
    fonts: &Typefaces,
    ids: &str,
) -> (Definitions, BTreeSet<(Slot, u16)>) {
    let mut used = BTreeSet::new();
    for shape in &page.shapes {
        if let Shape::Text { text, font, .. } = shape {
            used.extend(text.chars().map(|c| fonts.glyph(c, *font)));
        }
    }
    // Written as one block of markup, as the glyph placements are: path data and ids are
    // digits, letters and spaces, which need no escaping.
    let mut paths = String::new();
    let mut drawn = BTreeSet::new();
    for (slot, gid) in used {
        let d = fonts.face(slot).outline_path(gid);
        if !d.is_empty() {
            paths.push_str(&format!(
                "<path d=\"{d}\" id=\"{}\"/>",
                glyph_id(ids, slot, gid)
            ));
            drawn.insert((slot, gid));
        }
    }
    (Definitions::new().add(Blob::new(paths)), drawn)
}

/// A text run as placed glyph outlines: each glyph advances by its own width, as layout measured.
///
/// The `<use>` elements are written as one block of markup: a page has thousands of them, and
/// building each as an svg-crate element (attributes hashed, escaped and formatted) made the
/// SVG pages cost several times their PDF. Ids and whole numbers need no escaping.
fn glyphs(
    fonts: &Typefaces,
    (drawn, ids): (&BTreeSet<(Slot, u16)>, &str),
    baseline: Pos,
    text: &str,
    (size_pt, font, color): (f64, Font, Rgb),
) -> Group {
    use std::fmt::Write;
    let em = size_pt * MM_PER_PT;
    let mut uses = String::new();
    // Advances are whole thousandths of an em (see `Face::advance`), so positions are too.
    let mut x: i64 = 0;
    for c in text.chars() {
        let (slot, gid) = fonts.glyph(c, font);
        if drawn.contains(&(slot, gid)) {
            let _ = write!(
                uses,
                "<use x=\"{x}\" xlink:href=\"#{}\"/>",
                glyph_id(ids, slot, gid)
            );
        }
        x += fonts.face(slot).advance(gid) as i64;
    }
    Group::new()
        .set(
            "transform",
            format!(
                "translate({} {}) scale({} {})",
                mm(baseline.x),
                mm(baseline.y),
                em / 1000.0,
                -em / 1000.0
            ),
        )
        .set("fill", hex(color))
        .add(Blob::new(uses))
}

/// The run as invisible text stretched over the glyphs, so it can be selected and searched.
fn selectable(fonts: &Typefaces, baseline: Pos, text: &str, size_pt: f64, font: Font) -> Element {
    // A plain `Element`, because the svg crate's `Text` builder puts its content on separate
    // lines, and with `xml:space="preserve"` those newlines would count as spaces.
    let mut element = Element::new("text");
    element.assign("x", mm(baseline.x));
    element.assign("y", mm(baseline.y));
    element.assign("font-family", FONT_FAMILY);
    element.assign("font-size", num(size_pt * MM_PER_PT));
    if font == Font::Bold {
        element.assign("font-weight", "bold");
    }
    let width = fonts.width_em(text, font) * size_pt * MM_PER_PT;
    if width > 0.0 {
        element.assign("textLength", num(width));
        element.assign("lengthAdjust", "spacingAndGlyphs");
    }
    element.assign("fill-opacity", "0");
    // Layout measured every space; collapsing them would shift later glyphs.
    element.assign("xml:space", "preserve");
    element.append(TextNode::new(text));
    element
}

/// Adds outline attributes (or `stroke="none"`) to an SVG shape element.
fn with_stroke<T: SetAttr>(element: T, stroke: Option<&Stroke>) -> T {
    match stroke {
        None => element.set_attr("stroke", "none".to_string()),
        Some(s) => {
            let element = element
                .set_attr("stroke", hex(s.color))
                .set_attr("stroke-width", mm(s.width));
            match s.dash {
                Some((on, off)) => {
                    element.set_attr("stroke-dasharray", format!("{} {}", mm(on), mm(off)))
                }
                None => element,
            }
        }
    }
}

/// The svg crate's builder `set` is an inherent method per element type; this lets
/// `with_stroke` treat the shape elements uniformly.
trait SetAttr: Sized {
    fn set_attr(self, name: &str, value: String) -> Self;
}

macro_rules! impl_set_attr {
    ($($t:ty),*) => {$(
        impl SetAttr for $t {
            fn set_attr(self, name: &str, value: String) -> Self {
                self.set(name, value)
            }
        }
    )*};
}

impl_set_attr!(Line, Circle, Rectangle);

/// A colour as `#rrggbb`, components clamped to 0..=1.
fn hex(c: Rgb) -> String {
    let byte = |v: f64| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", byte(c.0), byte(c.1), byte(c.2))
}

/// A length in millimetres, SVG's user unit here, as [`num`] writes it.
pub(super) fn mm(length: Mm) -> String {
    num(length.get())
}

/// A number with at most three decimals and no trailing zeros, e.g. `12.5`, `0.353`, `210`.
///
/// NaN and infinities become `0` so a bad coordinate cannot make the document unparsable.
pub(super) fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".to_string();
    }
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typeface::bundled;

    fn page() -> Page {
        Page {
            size: Size::mm(210.0, 297.0),
            shapes: vec![
                Shape::Line {
                    from: Pos::mm(20.0, 30.0),
                    to: Pos::mm(120.25, 30.0),
                    stroke: Stroke {
                        width: Mm::new(0.3),
                        color: Rgb::BLACK,
                        dash: Some((Mm::new(1.0), Mm::new(0.5))),
                    },
                },
                Shape::Circle {
                    center: Pos::mm(60.0, 80.0),
                    radius: Mm::new(4.0),
                    fill: Some(Rgb::WHITE),
                    stroke: None,
                },
                Shape::Text {
                    baseline: Pos::mm(20.0, 20.0),
                    text: "5×5 A1–E5 <tally> & co".to_string(),
                    size_pt: 12.0,
                    font: Font::Bold,
                    color: Rgb::GREY,
                },
            ],
        }
    }

    #[test]
    fn numbers_have_fixed_precision() {
        assert_eq!(num(210.0), "210");
        assert_eq!(num(0.1 + 0.2), "0.3");
        assert_eq!(num(12.0 * MM_PER_PT), "4.233");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(-1.5), "-1.5");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn root_is_a4_in_millimetres_with_white_background() {
        let svg = write_svg(&page(), bundled(), Language::English);
        assert!(svg.contains(r#"width="210mm""#), "{svg}");
        assert!(svg.contains(r#"height="297mm""#));
        assert!(svg.contains(r#"viewBox="0 0 210 297""#));
        assert!(svg.contains(r##"<rect fill="#ffffff" height="297" width="210" x="0" y="0"/>"##));
    }

    #[test]
    fn shapes_and_text_are_written() {
        let svg = write_svg(&page(), bundled(), Language::English);
        assert!(
            svg.contains(r#"x1="20" x2="120.25" y1="30" y2="30""#),
            "{svg}"
        );
        assert!(svg.contains(r#"stroke-dasharray="1 0.5""#));
        assert!(svg.contains(r##"<circle cx="60" cy="80" fill="#ffffff" r="4" stroke="none"/>"##));
        assert!(svg.contains(r#"font-size="4.233""#));
        // The glyphs are drawn from their outlines: "5" is defined once and used twice.
        assert!(svg.contains("<path d=\"M"), "{svg}");
        assert_eq!(svg.matches("xlink:href=\"#gbb").count(), 18, "{svg}");
        assert!(svg.contains(r#"font-weight="bold""#));
        assert!(
            svg.contains("5×5 A1–E5 &lt;tally&gt; &amp; co</text>"),
            "{svg}"
        );
    }

    #[test]
    fn output_is_deterministic() {
        assert_eq!(
            write_svg(&page(), bundled(), Language::English),
            write_svg(&page(), bundled(), Language::English)
        );
    }
}
