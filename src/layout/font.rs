//! Text measurement for the builtin PDF fonts Helvetica and Helvetica-Bold: widths and wrapping.
//!
//! Layout positions every text run itself, so these widths must be the ones a PDF viewer uses
//! for the standard-14 fonts: the Adobe AFM advance widths, indexed here by WinAnsiEncoding
//! byte, because that is the encoding the PDF writer gives the builtin fonts.

use super::geom::PT_PER_MM;
use super::page::Font;

/// The first WinAnsi byte the width tables cover (space); bytes below it are control codes.
const FIRST_BYTE: u8 = 0x20;

/// Helvetica advance widths in 1/1000 em for WinAnsi bytes 0x20..=0xFF (Adobe AFM).
///
/// The six bytes WinAnsi leaves undefined (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D) carry the
/// bullet width, as Acrobat does, but `win_ansi_byte` never yields them.
#[rustfmt::skip]
const HELVETICA: [u16; 224] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0x30
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // 0x40
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 0x50
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // 0x60
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 350, // 0x70
    556, 350, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 350, 611, 350, // 0x80
    350, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 350, 500, 667, // 0x90
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xA0
    400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xB0
    667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xC0
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xD0
    556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, // 0xE0
    556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500, // 0xF0
];

/// Helvetica-Bold advance widths in 1/1000 em for WinAnsi bytes 0x20..=0xFF (Adobe AFM).
#[rustfmt::skip]
const HELVETICA_BOLD: [u16; 224] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // 0x30
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // 0x40
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // 0x50
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // 0x60
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 350, // 0x70
    556, 350, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 350, 611, 350, // 0x80
    350, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 350, 500, 667, // 0x90
    278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xA0
    400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xB0
    722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xC0
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xD0
    556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, // 0xE0
    611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556, // 0xF0
];

/// The WinAnsiEncoding byte for `c`, or `None` if the builtin fonts cannot show it.
///
/// The PDF writer substitutes `?` for such characters, so layout can use this to reject or
/// replace them before they silently turn into question marks on paper.
pub fn win_ansi_byte(c: char) -> Option<u8> {
    // WinAnsi is ASCII in 0x20..=0x7E and Latin-1 in 0xA0..=0xFF; only 0x80..=0x9F differ.
    match u32::from(c) {
        cp @ 0x20..=0x7E | cp @ 0xA0..=0xFF => return u8::try_from(cp).ok(),
        _ => {}
    }
    Some(match c {
        '\u{20AC}' => 0x80, // €
        '\u{201A}' => 0x82, // ‚
        '\u{0192}' => 0x83, // ƒ
        '\u{201E}' => 0x84, // „
        '\u{2026}' => 0x85, // …
        '\u{2020}' => 0x86, // †
        '\u{2021}' => 0x87, // ‡
        '\u{02C6}' => 0x88, // ˆ
        '\u{2030}' => 0x89, // ‰
        '\u{0160}' => 0x8A, // Š
        '\u{2039}' => 0x8B, // ‹
        '\u{0152}' => 0x8C, // Œ
        '\u{017D}' => 0x8E, // Ž
        '\u{2018}' => 0x91, // ‘
        '\u{2019}' => 0x92, // ’
        '\u{201C}' => 0x93, // “
        '\u{201D}' => 0x94, // ”
        '\u{2022}' => 0x95, // •
        '\u{2013}' => 0x96, // –
        '\u{2014}' => 0x97, // —
        '\u{02DC}' => 0x98, // ˜
        '\u{2122}' => 0x99, // ™
        '\u{0161}' => 0x9A, // š
        '\u{203A}' => 0x9B, // ›
        '\u{0153}' => 0x9C, // œ
        '\u{017E}' => 0x9E, // ž
        '\u{0178}' => 0x9F, // Ÿ
        _ => return None,
    })
}

/// Advance width of one character in 1/1000 em; characters outside WinAnsi measure as `?`.
pub fn char_width_units(c: char, font: Font) -> u16 {
    let table = match font {
        Font::Regular => &HELVETICA,
        Font::Bold => &HELVETICA_BOLD,
    };
    // Unencodable characters are written as `?`, so they must also be measured as `?`.
    let byte = win_ansi_byte(c).unwrap_or(b'?');
    table
        .get(usize::from(byte.saturating_sub(FIRST_BYTE)))
        .copied()
        .unwrap_or(0)
}

/// Width of `text` set in `font` at `size_pt` points, in millimetres (no kerning, as PDF `Tj`).
pub fn text_width_mm(text: &str, font: Font, size_pt: f64) -> f64 {
    let units: u64 = text
        .chars()
        .map(|c| u64::from(char_width_units(c, font)))
        .sum();
    // Summing integers first keeps the result independent of character order.
    units as f64 / 1000.0 * size_pt / PT_PER_MM
}

/// Breaks `text` into lines no wider than `max_width_mm`, breaking at spaces where possible.
///
/// Each `\n` starts a new line. Runs of spaces collapse to one. A single word wider than the
/// limit is split between characters rather than overflowing, so the result never exceeds the
/// width unless one character alone does. Empty text gives no lines.
pub fn wrap(text: &str, font: Font, size_pt: f64, max_width_mm: f64) -> Vec<String> {
    let mut lines = Vec::new();
    if text.is_empty() {
        return lines;
    }
    let fits = |s: &str| text_width_mm(s, font, size_pt) <= max_width_mm;
    for paragraph in text.split('\n') {
        let mut current = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if current.is_empty() {
                word.to_string()
            } else {
                format!("{current} {word}")
            };
            if fits(&candidate) {
                current = candidate;
                continue;
            }
            if !current.is_empty() {
                lines.push(std::mem::take(&mut current));
            }
            if fits(word) {
                current = word.to_string();
                continue;
            }
            for c in word.chars() {
                let mut longer = current.clone();
                longer.push(c);
                if !current.is_empty() && !fits(&longer) {
                    lines.push(std::mem::take(&mut current));
                    current.push(c);
                } else {
                    current = longer;
                }
            }
        }
        lines.push(current);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn hello_in_helvetica_10pt() {
        // H 722 + e 556 + l 222 + l 222 + o 556 = 2278/1000 em; at 10 pt that is 22.78 pt.
        let mm = text_width_mm("Hello", Font::Regular, 10.0);
        assert!(close(mm, 22.78 * 25.4 / 72.0), "{mm}");
    }

    #[test]
    fn hello_in_helvetica_bold_10pt() {
        // H 722 + e 556 + l 278 + l 278 + o 611 = 2445.
        let mm = text_width_mm("Hello", Font::Bold, 10.0);
        assert!(close(mm, 24.45 * 25.4 / 72.0), "{mm}");
    }

    #[test]
    fn typographic_characters_have_their_afm_widths() {
        assert_eq!(char_width_units('×', Font::Regular), 584);
        assert_eq!(char_width_units('–', Font::Regular), 556);
        assert_eq!(char_width_units('—', Font::Regular), 1000);
        assert_eq!(char_width_units('·', Font::Regular), 278);
        assert_eq!(char_width_units('‘', Font::Regular), 222);
        assert_eq!(char_width_units('”', Font::Regular), 333);
        assert_eq!(char_width_units('“', Font::Bold), 500);
        assert_eq!(char_width_units('€', Font::Bold), 556);
        assert_eq!(char_width_units('ÿ', Font::Bold), 556);
    }

    #[test]
    fn unknown_characters_measure_as_question_mark() {
        assert_eq!(char_width_units('☃', Font::Regular), 556);
        assert_eq!(char_width_units('☃', Font::Bold), 611);
        assert_eq!(char_width_units('\t', Font::Regular), 556);
        assert_eq!(win_ansi_byte('☃'), None);
    }

    #[test]
    fn every_winansi_character_is_covered() {
        for cp in 0..=0xFFFFu32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            if let Some(b) = win_ansi_byte(c) {
                assert!(b >= FIRST_BYTE);
                assert!(char_width_units(c, Font::Regular) > 0, "{c:?}");
                assert!(char_width_units(c, Font::Bold) > 0, "{c:?}");
            }
        }
    }

    #[test]
    fn width_scales_with_size() {
        let a = text_width_mm("5×5 A1–E5", Font::Regular, 10.0);
        let b = text_width_mm("5×5 A1–E5", Font::Regular, 20.0);
        assert!(close(2.0 * a, b));
        assert!(close(text_width_mm("", Font::Bold, 12.0), 0.0));
    }

    #[test]
    fn wrap_breaks_at_spaces_within_width() {
        let text = "Capture the chain by filling its last liberty before your opponent does";
        let max = 40.0;
        let lines = wrap(text, Font::Regular, 10.0, max);
        assert!(lines.len() > 1);
        for line in &lines {
            assert!(text_width_mm(line, Font::Regular, 10.0) <= max, "{line}");
            assert!(!line.starts_with(' ') && !line.ends_with(' '));
        }
        assert_eq!(lines.join(" "), text);
    }

    #[test]
    fn wrap_splits_overlong_words_and_keeps_newlines() {
        let lines = wrap("AAAAAAAAAAAAAAAAAAAA", Font::Bold, 12.0, 20.0);
        assert!(lines.len() > 1);
        for line in &lines {
            assert!(text_width_mm(line, Font::Bold, 12.0) <= 20.0);
        }
        assert_eq!(lines.concat(), "AAAAAAAAAAAAAAAAAAAA");

        assert_eq!(
            wrap("one\ntwo", Font::Regular, 10.0, 100.0),
            vec!["one".to_string(), "two".to_string()]
        );
        assert!(wrap("", Font::Regular, 10.0, 100.0).is_empty());
    }
}
