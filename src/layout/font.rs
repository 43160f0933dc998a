//! Text measurement and line breaking with the pack's typefaces.
//!
//! Layout positions every text run itself, so the widths here must be the ones the PDF and SVG
//! writers advance by: each glyph's own advance in the face that sets it, no kerning.

use unicode_linebreak::linebreaks;

use super::geom::PT_PER_MM;
use super::page::Font;
use crate::typeface::Typefaces;

/// Spaces that join what they stand between: no-break, narrow no-break and word joiner.
const NO_BREAK: [char; 3] = ['\u{00A0}', '\u{202F}', '\u{2060}'];

/// Width of `text` set in `font` at `size_pt` points, in millimetres.
pub fn text_width_mm(fonts: &Typefaces, text: &str, font: Font, size_pt: f64) -> f64 {
    fonts.width_em(text, font) * size_pt / PT_PER_MM
}

/// Breaks `text` into lines no wider than `max_width_mm`.
///
/// Lines break where Unicode's line-breaking rules (UAX #14) allow: at spaces, and between
/// ideographs in Japanese and Chinese, never before closing punctuation such as `。` or `」`
/// nor after an opening one. Each `\n` starts a new line and runs of spaces collapse to one.
/// A piece that cannot be broken and is wider than the limit is split between characters
/// rather than overflowing, so no line exceeds the width unless one character alone does.
/// Empty text gives no lines.
pub fn wrap(
    fonts: &Typefaces,
    text: &str,
    font: Font,
    size_pt: f64,
    max_width_mm: f64,
) -> Vec<String> {
    let mut lines = Vec::new();
    if text.is_empty() {
        return lines;
    }
    let fits = |s: &str| text_width_mm(fonts, s.trim_end(), font, size_pt) <= max_width_mm;
    for paragraph in text.split('\n') {
        // A no-break space (French `:`, `»`) is glue, not a place to break or collapse.
        let paragraph = paragraph
            .split(|c: char| c.is_whitespace() && !NO_BREAK.contains(&c))
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let mut current = String::new();
        let mut start = 0;
        // Within a paragraph (no `\n` left) the only mandatory break is at its end.
        for (end, _) in linebreaks(&paragraph) {
            let piece = &paragraph[start..end];
            start = end;
            let candidate = format!("{current}{piece}");
            if fits(&candidate) {
                current = candidate;
                continue;
            }
            if !current.trim_end().is_empty() {
                lines.push(current.trim_end().to_string());
                current.clear();
            }
            if fits(piece) {
                current = piece.to_string();
                continue;
            }
            for c in piece.chars() {
                let mut longer = current.clone();
                longer.push(c);
                if !current.is_empty() && !fits(&longer) {
                    lines.push(current.trim_end().to_string());
                    current.clear();
                    if c != ' ' {
                        current.push(c);
                    }
                } else {
                    current = longer;
                }
            }
        }
        lines.push(current.trim_end().to_string());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typeface::bundled;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.01
    }

    #[test]
    fn hello_in_the_bundled_font_measures_as_helvetica() {
        // H 722 + e 556 + l 222 + l 222 + o 556 = 2278/1000 em; at 10 pt that is 22.78 pt.
        let mm = text_width_mm(bundled(), "Hello", Font::Regular, 10.0);
        assert!(close(mm, 22.78 * 25.4 / 72.0), "{mm}");
        // Bold: H 722 + e 556 + l 277 + l 277 + o 610 = 2442 (Helvetica-Bold: 2445).
        let mm = text_width_mm(bundled(), "Hello", Font::Bold, 10.0);
        assert!(close(mm, 24.42 * 25.4 / 72.0), "{mm}");
    }

    #[test]
    fn width_scales_with_size() {
        let a = text_width_mm(bundled(), "5×5 A1–E5", Font::Regular, 10.0);
        let b = text_width_mm(bundled(), "5×5 A1–E5", Font::Regular, 20.0);
        assert!((2.0 * a - b).abs() < 1e-9);
        assert_eq!(text_width_mm(bundled(), "", Font::Bold, 12.0), 0.0);
    }

    #[test]
    fn wrap_breaks_at_spaces_within_width() {
        let text = "Capture the chain by filling its last liberty before your opponent does";
        let max = 40.0;
        let lines = wrap(bundled(), text, Font::Regular, 10.0, max);
        assert!(lines.len() > 1);
        for line in &lines {
            assert!(
                text_width_mm(bundled(), line, Font::Regular, 10.0) <= max,
                "{line}"
            );
            assert!(!line.starts_with(' ') && !line.ends_with(' '));
        }
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn wrap_splits_overlong_words_and_keeps_newlines() {
        let lines = wrap(bundled(), "AAAAAAAAAAAAAAAAAAAA", Font::Bold, 12.0, 20.0);
        assert!(lines.len() > 1);
        for line in &lines {
            assert!(text_width_mm(bundled(), line, Font::Bold, 12.0) <= 20.0);
        }
        assert_eq!(lines.concat(), "AAAAAAAAAAAAAAAAAAAA");
        assert_eq!(
            wrap(bundled(), "one\ntwo", Font::Regular, 10.0, 100.0),
            vec!["one".to_string(), "two".to_string()]
        );
        assert!(wrap(bundled(), "", Font::Regular, 10.0, 100.0).is_empty());
    }

    #[test]
    fn a_no_break_space_keeps_the_sign_with_its_word() {
        let text = "Répondez à la question suivante\u{a0}: combien de libertés\u{a0}?";
        for max in [20.0, 30.0, 40.0, 50.0, 60.0] {
            for line in wrap(bundled(), text, Font::Regular, 10.0, max) {
                assert!(!line.starts_with(':') && !line.starts_with('?'), "{line}");
            }
        }
    }

    #[test]
    fn japanese_breaks_between_ideographs_and_keeps_closing_marks() {
        // No spaces at all: the breaks must come from the ideographs. The bundled font has no
        // kana, so each measures as the missing-glyph box; the rules are what is tested.
        let text = "黒が石を置きます。白の石を取ります。";
        let lines = wrap(bundled(), text, Font::Regular, 10.0, 12.0);
        assert!(lines.len() > 2, "{lines:?}");
        assert_eq!(lines.concat(), text);
        for line in &lines {
            assert!(!line.starts_with('。'), "{lines:?}");
        }
    }
}
