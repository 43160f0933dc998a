//! What every page carries at its foot: the printing note, the 100 mm calibration bar and the footer line.
//!
//! From the bottom margin up: the footer (`Liberty-chain capture · Player sheet` on the left,
//! `page N of M · kit <fingerprint>` on the right), the calibration bar with its label beside
//! it, and the printing note. All of it fits in `Style::footer_band`.

use crate::kit::Kit;
use crate::typeface::Typefaces;

use super::flow::{text_block, text_shape};
use super::font::{text_width_mm, wrap};
use super::geom::{Mm, Pos, Rgb};
use super::page::{Font, Page, Shape, Stroke};
use super::style::{Style, cap_height_mm};

/// The words at a page's foot, whatever the document: the left of the footer line, the right
/// with `{page}` and `{pages}` still to fill, the calibration bar's label and the printing note.
#[derive(Debug, Clone, Copy)]
pub struct FootText<'a> {
    /// The footer line's left, e.g. `Liberty-chain capture · Player sheet`.
    pub left: &'a str,
    /// The footer line's right, with `{page}` and `{pages}` in it.
    pub right: &'a str,
    /// The label beside the 100 mm bar.
    pub calibration_label: &'a str,
    /// The printing note above the bar, written for the document's reader.
    pub note: &'a str,
}

/// Adds the footer, calibration bar and printing note to every page of a kit's document;
/// `document` is its name (`Player sheet`), `note_of` the printing note of the page at an index
/// (a cutting note belongs only on pages with something to cut); pages are numbered within
/// this document from 1.
pub fn decorate<'n>(
    pages: &mut [Page],
    document: &str,
    note_of: impl Fn(usize) -> &'n str,
    kit: &Kit,
    style: &Style,
) {
    let w = &kit.wording;
    let left = w.fill(
        "footer_left",
        &[("title", &kit.title), ("document", document)],
    );
    let right = w
        .get("footer_right")
        .replace("{fingerprint}", &kit.fingerprint);
    let total = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        let text = FootText {
            left: &left,
            right: &right,
            calibration_label: w.get("calibration_label"),
            note: note_of(i),
        };
        decorate_page(page, i, total, &text, style);
    }
}

/// Adds the foot `text` describes to every page, numbered from 1.
pub fn decorate_with(pages: &mut [Page], text: &FootText<'_>, style: &Style) {
    let total = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        decorate_page(page, i, total, text, style);
    }
}

/// Adds the foot `text` describes to the page at `index` of `total`.
fn decorate_page(page: &mut Page, index: usize, total: usize, text: &FootText<'_>, style: &Style) {
    let right = text
        .right
        .replace("{page}", &(index + 1).to_string())
        .replace("{pages}", &total.to_string());
    let shapes = foot(page, text, &right, style);
    page.shapes.extend(shapes);
    // The foot is the page's last shapes, and a large kit's pages are all held until they are
    // written: the room a growing list keeps (up to as much again) is given back.
    page.shapes.shrink_to_fit();
}

fn foot(page: &Page, text: &FootText<'_>, right_text: &str, style: &Style) -> Vec<Shape> {
    let size = page.size;
    let left = style.margin;
    let right = size.width - Mm::new(style.margin);
    let pt = style.small_pt;
    let mut shapes = Vec::new();

    // Footer line on the bottom margin.
    let baseline = size.height - Mm::new(style.margin);
    let left_text = text.left;
    let right_text = right_text.to_string();
    let right_width = text_width_mm(style.fonts, &right_text, Font::Regular, pt);
    // A long kit title must not run under the page number or off the page.
    let left_text = shortened(
        style.fonts,
        left_text,
        (right - Mm::new(right_width) - Mm::new(4.0) - Mm::new(left)).get(),
        pt,
    );
    shapes.push(text_shape(
        left_text,
        Pos::mm(left, baseline.get()),
        Font::Regular,
        pt,
    ));
    shapes.push(text_shape(
        right_text,
        Pos::mm((right - Mm::new(right_width)).get(), baseline.get()),
        Font::Regular,
        pt,
    ));

    // Calibration bar: 100 mm with ticks every 10 mm, its label wrapped beside it.
    let bar_y = baseline - Mm::new(style.bar_rise);
    let bar = Stroke {
        width: Mm::new(style.calibration_line),
        color: Rgb::BLACK,
        dash: None,
    };
    let end = left + style.calibration_mm;
    shapes.push(Shape::Line {
        from: Pos::mm(left, bar_y.get()),
        to: Pos::mm(end, bar_y.get()),
        stroke: bar,
    });
    for tick in 0..=10 {
        let x = left + style.calibration_mm * f64::from(tick) / 10.0;
        let rise = if tick == 0 || tick == 10 { 2.5 } else { 1.2 };
        shapes.push(Shape::Line {
            from: Pos::mm(x, (bar_y - Mm::new(rise)).get()),
            to: Pos::mm(x, bar_y.get()),
            stroke: bar,
        });
    }
    let label_x = end + 3.0;
    let (label, label_height) = text_block(
        style,
        text.calibration_label,
        Font::Regular,
        pt,
        Pos::mm(0.0, 0.0),
        (right - Mm::new(label_x)).get(),
    );
    let label_top = bar_y - Mm::new(label_height / 2.0) - Mm::new(0.6);
    shapes.extend(label.into_iter().map(|s| s.moved(label_x, label_top.get())));

    // Printing note above the bar, its last line just clear of the end ticks.
    let (lines, height) = text_block(
        style,
        text.note,
        Font::Regular,
        pt,
        Pos::mm(0.0, 0.0),
        (right - Mm::new(left)).get(),
    );
    // In large print the label takes two lines, rising above the bar's clearance: the note
    // then ends over the label's top.
    let bottom = (bar_y - Mm::new(3.5)).min(label_top - Mm::new(NOTE_OVER_LABEL));
    let top = bottom - Mm::new(height);
    shapes.extend(lines.into_iter().map(|s| s.moved(left, top.get())));
    shapes
}

/// A text of the foot taller than its place there: it would run up over the page's content
/// (the printing note) or into the printing note (the bar's label).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FootOverflow {
    /// The wording key of the text.
    pub key: &'static str,
    /// The lines it takes.
    pub lines: usize,
    /// The most lines its place holds.
    pub most: usize,
}

/// Each text of the kit's foot that does not fit its place, measured as [`decorate`] sets
/// it: the printing notes printed (`printing_notes`, the player sheet's; the host key's) and
/// the bar's label. The foot is the same on every page, so what does not fit cannot run on to
/// the next page; `check` refuses it instead.
pub fn overflows(kit: &Kit, style: &Style, printing_notes: &[&'static str]) -> Vec<FootOverflow> {
    let (width, _) = kit.paper.dimensions_mm();
    let line = style.line_height(style.small_pt);
    let note_width = width - 2.0 * style.margin;
    let label_width = note_width - style.calibration_mm - 3.0;
    // The label is centred on the bar, 0.6 mm up: its lower half must stay above the footer
    // line's capitals. The note ends 3.5 mm above the bar, which is `bar_rise` above the footer
    // line (see `foot`), or over the label's top when that is higher, and must stay inside the
    // band.
    let label_room = 2.0 * (style.bar_rise - cap_height_mm(style.small_pt) + 0.6);
    let label_most = (label_room / line + 1e-9).floor() as usize;
    let w = &kit.wording;
    let label_lines = wrap(
        style.fonts,
        w.get("calibration_label"),
        Font::Regular,
        style.small_pt,
        label_width,
    )
    .len()
    // A label too long is its own problem: the notes are measured as if it fitted.
    .min(label_most) as f64;
    let note_clearance = 3.5_f64.max(label_lines * line / 2.0 + 0.6 + NOTE_OVER_LABEL);
    let note_most =
        ((style.footer_band - style.bar_rise - note_clearance) / line + 1e-9).floor() as usize;
    printing_notes
        .iter()
        .map(|&key| (key, note_width, note_most))
        .chain([
            ("host_printing_note", note_width, note_most),
            ("calibration_label", label_width, label_most),
        ])
        .filter_map(|(key, width, most)| {
            let lines = wrap(
                style.fonts,
                w.get(key),
                Font::Regular,
                style.small_pt,
                width,
            )
            .len();
            (lines > most).then_some(FootOverflow { key, lines, most })
        })
        .collect()
}

/// The gap between the printing note's last line and the bar label's first, when the label
/// rises above the bar's clearance.
const NOTE_OVER_LABEL: f64 = 1.0;

/// `text` cut at a character boundary and ended with `…` so it measures at most `width` mm.
fn shortened(fonts: &Typefaces, text: &str, width: f64, pt: f64) -> String {
    if text_width_mm(fonts, text, Font::Regular, pt) <= width {
        return text.to_string();
    }
    let mut kept = String::new();
    for c in text.chars() {
        kept.push(c);
        if text_width_mm(fonts, &format!("{kept}…"), Font::Regular, pt) > width {
            kept.pop();
            break;
        }
    }
    format!("{}…", kept.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typeface::bundled;

    #[test]
    fn a_long_title_is_cut_to_fit_with_an_ellipsis() {
        let long = "Liberty ".repeat(60);
        let cut = shortened(bundled(), &long, 120.0, 8.0);
        assert!(cut.ends_with('…'), "{cut}");
        assert!(text_width_mm(bundled(), &cut, Font::Regular, 8.0) <= 120.0);
        assert!(cut.len() > 20, "{cut}");
        assert_eq!(
            shortened(bundled(), "Short title", 120.0, 8.0),
            "Short title"
        );
    }
}
