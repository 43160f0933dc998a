//! SVG export: translates one laid-out `Page` into an SVG document (the only file naming `svg`).
//!
//! One SVG user unit is one millimetre, so the page model's coordinates are written unchanged
//! (both use a top-left origin with y down). Numbers are rounded to a fixed precision so the
//! output is byte-stable across platforms and usable in snapshot tests.
//!
//! Text is drawn as the fonts' own glyph outlines, as typst-svg does: each glyph the page uses
//! is defined once and placed where layout measured it, so the page looks the same on a
//! machine without the font. An invisible `<text>` over the glyphs keeps it selectable and
//! searchable; the page's invisible runs stand together in one group at its end, which says
//! once what they share (a problem-book page has hundreds of one-letter coordinate labels).

use std::collections::BTreeSet;

use svg::node::Blob;
use svg::node::element::{Circle, Definitions, Group, Line, Rectangle};
use svg::{Document, Node};

use super::markup::escape;
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
    let glyphs = Glyphs::of(std::slice::from_ref(page), fonts);
    render(page, fonts, language, (&glyphs, Standing::Alone))
}

/// The outlines of every glyph some pages' text draws, to be defined once and placed by
/// reference: in each standalone SVG page, or once for all the pages of an HTML document.
pub struct Glyphs {
    /// Which glyphs have a shape to draw (a space has none).
    drawn: BTreeSet<(Slot, u16)>,
    /// One `<path>` per drawn glyph, in 1/1000 em with y up, as the font draws it.
    paths: String,
}

impl Glyphs {
    /// The glyphs the text of `pages`, measured in `fonts`, uses.
    pub fn of(pages: &[Page], fonts: &Typefaces) -> Glyphs {
        let mut used = BTreeSet::new();
        for page in pages {
            for shape in &page.shapes {
                if let Shape::Text { text, font, .. } = shape {
                    used.extend(text.chars().map(|c| fonts.glyph(c, *font)));
                }
            }
        }
        // Written as one block of markup, as the glyph placements are: path data and ids are
        // digits, letters and spaces, which need no escaping.
        let mut paths = String::new();
        let mut drawn = BTreeSet::new();
        for (slot, gid) in used {
            let d = fonts.face(slot).outline_path(gid);
            if !d.is_empty() {
                paths.push_str(&format!("<path d=\"{d}\" id=\"{}\"/>", glyph_id(slot, gid)));
                drawn.insert((slot, gid));
            }
        }
        Glyphs { drawn, paths }
    }

    /// The definitions as an `<svg>` element that draws nothing, for an HTML document whose
    /// pages refer to them.
    pub fn hidden_svg(&self) -> String {
        format!(
            "<svg width=\"0\" height=\"0\" style=\"position: absolute\" aria-hidden=\"true\"><defs>{}</defs></svg>",
            self.paths
        )
    }
}

/// Renders `page` as an `<svg>` element to stand inside an HTML document: the same drawing as
/// [`write_svg`]'s, without namespace declarations (the HTML parser supplies them, so the
/// document names no web address), and without glyph definitions of its own: it draws the ones
/// `glyphs` defines once for the whole document ([`Glyphs::hidden_svg`]).
pub fn inline_svg(page: &Page, fonts: &Typefaces, language: Language, glyphs: &Glyphs) -> String {
    render(page, fonts, language, (glyphs, Standing::Inline))
}

/// Whether a page is a document of its own or stands inside an HTML document.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    /// A standalone SVG file: namespaces declared, its glyphs defined within.
    Alone,
    /// An element in HTML: no namespaces, glyphs defined once elsewhere in the document.
    Inline,
}

/// The page as SVG, drawing its text with `glyphs`.
fn render(
    page: &Page,
    fonts: &Typefaces,
    language: Language,
    (glyphs, standing): (&Glyphs, Standing),
) -> String {
    let Size { width, height } = page.size;
    let mut doc = Document::new();
    match standing {
        Standing::Alone => doc = doc.set("xmlns:xlink", "http://www.w3.org/1999/xlink"),
        Standing::Inline => {
            if let Some(attributes) = doc.get_attributes_mut() {
                attributes.remove("xmlns");
            }
        }
    }
    let mut doc = doc
        .set("xml:lang", language.code())
        .set("width", format!("{}mm", mm(width)))
        .set("height", format!("{}mm", mm(height)))
        .set("viewBox", format!("0 0 {} {}", mm(width), mm(height)));
    if standing == Standing::Alone {
        doc = doc.add(Definitions::new().add(Blob::new(glyphs.paths.clone())));
    }

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

    let mut selectable = String::new();
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
            } => {
                selectable.push_str(&selectable_run(fonts, *baseline, text, *size_pt, *font));
                doc.add(glyph_run(
                    fonts,
                    &glyphs.drawn,
                    *baseline,
                    text,
                    (*size_pt, *font, *color),
                ))
            }
        };
    }
    if !selectable.is_empty() {
        // Invisible, and over everything: what they share is said once, on their group.
        doc = doc.add(
            Group::new()
                .set("font-family", FONT_FAMILY)
                .set("fill-opacity", "0")
                .add(Blob::new(selectable)),
        );
    }
    let mut out = doc.to_string();
    out.push('\n');
    out
}

/// The id of the definition of glyph `gid` of the face in `slot`.
fn glyph_id(slot: Slot, gid: u16) -> String {
    let face = match slot {
        Slot::Chosen(Weight::Regular) => "cr",
        Slot::Chosen(Weight::Bold) => "cb",
        Slot::Bundled(Weight::Regular) => "br",
        Slot::Bundled(Weight::Bold) => "bb",
    };
    format!("g{face}{gid}")
}

/// A text run as placed glyph outlines: each glyph advances by its own width, as layout measured.
///
/// The `<use>` elements are written as one block of markup: a page has thousands of them, and
/// building each as an svg-crate element (attributes hashed, escaped and formatted) made the
/// SVG pages cost several times their PDF. Ids and whole numbers need no escaping.
fn glyph_run(
    fonts: &Typefaces,
    drawn: &BTreeSet<(Slot, u16)>,
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
            // A run's first glyph stands at its origin, SVG's default `x`.
            if x == 0 {
                let _ = write!(uses, "<use xlink:href=\"#{}\"/>", glyph_id(slot, gid));
            } else {
                let _ = write!(
                    uses,
                    "<use x=\"{x}\" xlink:href=\"#{}\"/>",
                    glyph_id(slot, gid)
                );
            }
        }
        x += fonts.face(slot).advance(gid) as i64;
    }
    let group = Group::new().set(
        "transform",
        format!(
            "translate({} {}) scale({scale} -{scale})",
            mm(baseline.x),
            mm(baseline.y),
            // Eight decimals: a glyph 1000 units tall is then placed within 1/200 unit, while
            // the float's own digits wrote forty characters for each run.
            scale = fixed(em / 1000.0, 8)
        ),
    );
    // Black is SVG's own fill: said only when it is another colour.
    let group = if color == Rgb::BLACK {
        group
    } else {
        group.set("fill", hex(color))
    };
    group.add(Blob::new(uses))
}

/// The run as invisible text stretched over the glyphs, so it can be selected and searched: a
/// `<text>` element as markup, to stand in the page's group of them (which sets its family and
/// makes it invisible).
fn selectable_run(
    fonts: &Typefaces,
    baseline: Pos,
    text: &str,
    size_pt: f64,
    font: Font,
) -> String {
    use std::fmt::Write;
    let mut element = format!(
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\"",
        mm(baseline.x),
        mm(baseline.y),
        num(size_pt * MM_PER_PT)
    );
    if font == Font::Bold {
        element.push_str(" font-weight=\"bold\"");
    }
    let width = fonts.width_em(text, font) * size_pt * MM_PER_PT;
    // One character has no spacing to adjust: stretching it only moves its selection box by a
    // hair, and a problem-book page has hundreds of one-letter coordinate labels.
    if width > 0.0 && text.chars().nth(1).is_some() {
        let _ = write!(
            element,
            " textLength=\"{}\" lengthAdjust=\"spacingAndGlyphs\"",
            num(width)
        );
    }
    // Layout measured every space; collapsing them would shift later glyphs. Only a run whose
    // spaces would collapse needs saying so.
    if text.starts_with(' ')
        || text.ends_with(' ')
        || text.contains("  ")
        || text.contains(['\t', '\n'])
    {
        element.push_str(" xml:space=\"preserve\"");
    }
    element.push('>');
    element.push_str(&escape(text));
    element.push_str("</text>");
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
    let byte = |v: f32| (f64::from(v.clamp(0.0, 1.0)) * 255.0).round() as u8;
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
    fixed(v, 3)
}

/// `v` with at most `decimals` decimals and no trailing zeros; NaN and infinities as `0`.
fn fixed(v: f64, decimals: usize) -> String {
    if !v.is_finite() {
        return "0".to_string();
    }
    let s = format!("{v:.decimals$}");
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
