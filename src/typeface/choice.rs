//! An installed font for text the bundled Latin font cannot show, chosen by script: the
//! names and comments of an imported SGF (so the kit `import` writes passes `check`), and the
//! players' names on `replay --pdf`'s record sheet.

use std::path::Path;

use crate::typeface;

/// The installed family to set `words` in when they hold characters the bundled font lacks:
/// the first of the families fitting the script (and the file's charset) that shows every one
/// of them; `Ok(None)` when the bundled font shows everything, `Err` with the characters no
/// family tried shows.
pub fn font_for<'w>(
    words: impl Iterator<Item = &'w str> + Clone,
    charset: &str,
) -> Result<Option<&'static str>, Vec<char>> {
    let bundled = typeface::bundled();
    let mut missing: Vec<char> = Vec::new();
    for c in words.clone().flat_map(str::chars) {
        if !bundled.shows(c) && !missing.contains(&c) {
            missing.push(c);
        }
    }
    if missing.is_empty() {
        return Ok(None);
    }
    for family in candidates(&missing, charset) {
        // A family that is not installed is simply not a candidate here.
        if let Ok(fonts) = typeface::load(family, Path::new("."))
            && missing.iter().all(|&c| fonts.shows(c))
        {
            return Ok(Some(family));
        }
    }
    Err(missing)
}

/// Families to try, the likeliest first: kana is Japanese and hangul Korean whatever the
/// charset; Han characters alone follow the charset (Big5 is traditional Chinese, GBK
/// simplified), because the same code point is drawn differently in each region's font.
fn candidates(missing: &[char], charset: &str) -> Vec<&'static str> {
    let kana = missing
        .iter()
        .any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{31f0}'..='\u{31ff}'));
    let hangul = missing.iter().any(|c| {
        matches!(c, '\u{1100}'..='\u{11ff}' | '\u{3130}'..='\u{318f}' | '\u{ac00}'..='\u{d7af}')
    });
    let first = if kana {
        "Noto Sans CJK JP"
    } else if hangul {
        "Noto Sans CJK KR"
    } else {
        match charset {
            "Big5" => "Noto Sans CJK TC",
            "Shift_JIS" | "EUC-JP" | "ISO-2022-JP" => "Noto Sans CJK JP",
            "EUC-KR" => "Noto Sans CJK KR",
            _ => "Noto Sans CJK SC",
        }
    };
    let mut families = vec![first];
    for family in [
        "Noto Sans CJK SC",
        "Noto Sans CJK JP",
        "Noto Sans CJK TC",
        "Noto Sans CJK KR",
        "Noto Sans",
        "DejaVu Sans",
    ] {
        if !families.contains(&family) {
            families.push(family);
        }
    }
    families
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_needs_no_font_and_the_script_picks_the_region() {
        assert_eq!(font_for(["Müller — Søren"].into_iter(), "UTF-8"), Ok(None));
        assert_eq!(candidates(&['黒', 'の'], "GBK")[0], "Noto Sans CJK JP");
        assert_eq!(candidates(&['흑'], "UTF-8")[0], "Noto Sans CJK KR");
        assert_eq!(candidates(&['黑'], "GBK")[0], "Noto Sans CJK SC");
        assert_eq!(candidates(&['黑'], "Big5")[0], "Noto Sans CJK TC");
    }
}
