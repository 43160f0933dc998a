//! What every page carries at its foot: the printing note, the 100 mm calibration bar and the footer line.
//!
//! From the bottom margin up: the footer (`Liberty-chain capture · Player sheet` on the left,
//! `page N of M · kit <fingerprint>` on the right), the calibration bar with its label beside
//! it, and the printing note. All of it fits in `Style::footer_band`.

use crate::kit::Kit;
use crate::typeface::Typefaces;

use super::flow::{text_block, text_shape};
use super::font::text_width_mm;
use super::geom::{Pos, Rgb};
use super::page::{Font, Page, Shape, Stroke};
use super::style::Style;

/// Adds the footer, calibration bar and printing note to every page; `document` is the
/// document's name (`Player sheet`), `note` its printing note, written for its reader; pages
/// are numbered within this document from 1.
pub fn decorate(pages: &mut [Page], document: &str, note: &str, kit: &Kit, style: &Style) {
    let total = pages.len().to_string();
    for (i, page) in pages.iter_mut().enumerate() {
        let number = (i + 1).to_string();
        let shapes = foot(page, document, note, &number, &total, kit, style);
        page.shapes.extend(shapes);
    }
}

fn foot(
    page: &Page,
    document: &str,
    note: &str,
    number: &str,
    total: &str,
    kit: &Kit,
    style: &Style,
) -> Vec<Shape> {
    let w = &kit.wording;
    let size = page.size;
    let left = style.margin;
    let right = size.width - style.margin;
    let pt = style.small_pt;
    let mut shapes = Vec::new();

    // Footer line on the bottom margin.
    let baseline = size.height - style.margin;
    let left_text = w.fill(
        "footer_left",
        &[("title", &kit.title), ("document", document)],
    );
    let right_text = w.fill(
        "footer_right",
        &[
            ("page", number),
            ("pages", total),
            ("fingerprint", &kit.fingerprint),
        ],
    );
    let right_width = text_width_mm(style.fonts, &right_text, Font::Regular, pt);
    // A long kit title must not run under the page number or off the page.
    let left_text = shortened(
        style.fonts,
        &left_text,
        right - right_width - 4.0 - left,
        pt,
    );
    shapes.push(text_shape(
        left_text,
        Pos::new(left, baseline),
        Font::Regular,
        pt,
    ));
    shapes.push(text_shape(
        right_text,
        Pos::new(right - right_width, baseline),
        Font::Regular,
        pt,
    ));

    // Calibration bar: 100 mm with ticks every 10 mm, its label wrapped beside it.
    let bar_y = baseline - 6.0;
    let bar = Stroke {
        width: style.calibration_line,
        color: Rgb::BLACK,
        dash: None,
    };
    let end = left + style.calibration_mm;
    shapes.push(Shape::Line {
        from: Pos::new(left, bar_y),
        to: Pos::new(end, bar_y),
        stroke: bar,
    });
    for tick in 0..=10 {
        let x = left + style.calibration_mm * f64::from(tick) / 10.0;
        let rise = if tick == 0 || tick == 10 { 2.5 } else { 1.2 };
        shapes.push(Shape::Line {
            from: Pos::new(x, bar_y - rise),
            to: Pos::new(x, bar_y),
            stroke: bar,
        });
    }
    let label_x = end + 3.0;
    let (label, label_height) = text_block(
        style,
        w.get("calibration_label"),
        Font::Regular,
        pt,
        Pos::new(0.0, 0.0),
        right - label_x,
    );
    let label_top = bar_y - label_height / 2.0 - 0.6;
    shapes.extend(label.into_iter().map(|s| s.moved(label_x, label_top)));

    // Printing note above the bar, its last line just clear of the end ticks.
    let (lines, height) = text_block(
        style,
        note,
        Font::Regular,
        pt,
        Pos::new(0.0, 0.0),
        right - left,
    );
    let top = bar_y - 3.5 - height;
    shapes.extend(lines.into_iter().map(|s| s.moved(left, top)));
    shapes
}

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
