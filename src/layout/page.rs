//! The page model every renderer translates: pages of shapes positioned in millimetres.

use super::geom::{Mm, Pos, Rgb, Size};
use crate::typeface::Typefaces;
use crate::wording::Language;

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Line width.
    pub width: Mm,
    /// Line colour.
    pub color: Rgb,
    /// Dash pattern (on, off), or `None` for a solid line.
    pub dash: Option<(Mm, Mm)>,
}

/// The weight a text run is set in; which face sets each character is the typefaces' choice
/// ([`crate::typeface::Typefaces::glyph`]), made the same way by layout and the writers.
pub type Font = crate::typeface::Weight;

/// One thing drawn on a page. Coordinates are millimetres from the top-left, y down.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A straight line segment.
    Line {
        /// Start point.
        from: Pos,
        /// End point.
        to: Pos,
        /// How it is drawn.
        stroke: Stroke,
    },
    /// A circle, filled and/or outlined.
    Circle {
        /// Centre.
        center: Pos,
        /// Radius.
        radius: Mm,
        /// Fill colour, if filled.
        fill: Option<Rgb>,
        /// Outline, if outlined.
        stroke: Option<Stroke>,
    },
    /// An axis-aligned rectangle, filled and/or outlined.
    Rect {
        /// Top-left corner.
        origin: Pos,
        /// Width and height.
        size: Size,
        /// Fill colour, if filled.
        fill: Option<Rgb>,
        /// Outline, if outlined.
        stroke: Option<Stroke>,
    },
    /// A single line of text whose left end of the baseline sits at `baseline`.
    ///
    /// Layout measures text itself (see `layout::font`) and always positions the start of the
    /// baseline, so every renderer places glyphs identically without its own alignment logic.
    Text {
        /// Left end of the baseline.
        baseline: Pos,
        /// The characters to show.
        text: String,
        /// Font size in points.
        size_pt: f64,
        /// Typeface.
        font: Font,
        /// Text colour.
        color: Rgb,
    },
}

impl Shape {
    /// The same shape moved `dx` mm right and `dy` mm down: parts are laid out at the origin,
    /// then placed.
    pub fn moved(self, dx: f64, dy: f64) -> Shape {
        match self {
            Shape::Line { from, to, stroke } => Shape::Line {
                from: from.offset(dx, dy),
                to: to.offset(dx, dy),
                stroke,
            },
            Shape::Circle {
                center,
                radius,
                fill,
                stroke,
            } => Shape::Circle {
                center: center.offset(dx, dy),
                radius,
                fill,
                stroke,
            },
            Shape::Rect {
                origin,
                size,
                fill,
                stroke,
            } => Shape::Rect {
                origin: origin.offset(dx, dy),
                size,
                fill,
                stroke,
            },
            Shape::Text {
                baseline,
                text,
                size_pt,
                font,
                color,
            } => Shape::Text {
                baseline: baseline.offset(dx, dy),
                text,
                size_pt,
                font,
                color,
            },
        }
    }
}

/// One page: its paper size and the shapes on it, drawn in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// Paper size in millimetres (portrait).
    pub size: Size,
    /// Shapes in painting order.
    pub shapes: Vec<Shape>,
}

impl Page {
    /// The text a reader sees on the page, as paragraphs: runs of text lines of one size, each
    /// just below the one before, joined by a line break; anything else starts a paragraph.
    /// What the answer firewall reads, so a sentence wrapped over two lines is still one.
    pub fn paragraphs(&self) -> Vec<String> {
        let mut paragraphs: Vec<String> = Vec::new();
        let mut last: Option<(f64, f64)> = None;
        for shape in &self.shapes {
            let Shape::Text {
                baseline,
                text,
                size_pt,
                ..
            } = shape
            else {
                continue;
            };
            let line_mm = size_pt * 25.4 / 72.0;
            let follows = last.is_some_and(|(y, size)| {
                size == *size_pt
                    && baseline.y > Mm::new(y)
                    && baseline.y - Mm::new(y) <= Mm::new(2.0 * line_mm)
            });
            match paragraphs.last_mut() {
                Some(paragraph) if follows => {
                    paragraph.push('\n');
                    paragraph.push_str(text);
                }
                _ => paragraphs.push(text.clone()),
            }
            last = Some((baseline.y.get(), *size_pt));
        }
        paragraphs
    }
}

/// A printable document: a title (for PDF metadata) and its pages, numbered from 1.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Document title, e.g. "Liberty-chain capture · Player sheet".
    pub title: String,
    /// Pages in order.
    pub pages: Vec<Page>,
    /// The fonts its text was measured with, which the writers embed.
    pub fonts: &'static Typefaces,
    /// The language its text is in (written as its BCP 47 code, `en`, `fr`, `ja`): screen
    /// readers and viewers choose voice, hyphenation and glyph forms by it.
    pub language: Language,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A large kit holds every shape of a document until the document is written (about 50
    /// an example): the size of one is most of what a page costs.
    #[test]
    fn a_shape_is_held_in_96_bytes() {
        assert!(
            std::mem::size_of::<Shape>() <= 96,
            "{} bytes",
            std::mem::size_of::<Shape>()
        );
    }
}
