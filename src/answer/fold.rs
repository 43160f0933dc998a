//! Text folded for the answer firewall: what a reader would take for the same words compares
//! equal, however it is written. A line break, a no-break space, a zero-width joiner, a soft
//! hyphen, a variation selector or any other character that prints as nothing is dropped;
//! full-width, circled and mathematical letters read as plain ones (compatibility
//! decomposition, as NFKC); accents and other combining marks are dropped; and a letter of
//! another script that looks like a Latin one (Cyrillic `С`, Greek `Α`) reads as that letter,
//! by the Unicode confusables data (UTS #39's skeleton). Then case is dropped.

use std::ops::Range;
use std::sync::LazyLock;

use unicode_normalization::char::{decompose_compatible, is_combining_mark};

/// Marks that end a sentence or a clause, as written: an answer word beyond one speaks of
/// something else. Compared folded (the confusables data folds some of them, as `。`).
const SENTENCE_ENDS: [&str; 8] = [".", "!", "?", ";", "。", "！", "？", "．"];

/// [`SENTENCE_ENDS`] as folded text holds them; built once.
pub fn folded_sentence_ends() -> &'static [String] {
    static ENDS: LazyLock<Vec<String>> = LazyLock::new(|| {
        let mut ends: Vec<String> = SENTENCE_ENDS.iter().map(|e| folded_text(e)).collect();
        ends.retain(|e| !e.is_empty());
        ends.dedup();
        ends
    });
    &ENDS
}

/// Text folded for comparison, with where each of its bytes came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folded {
    /// The folded text.
    pub text: String,
    /// For each byte of `text`, the byte offset in the original of the character it came from.
    from: Vec<usize>,
}

impl Folded {
    /// Whether the folded byte `i` came from the character right after the one byte `i - 1`
    /// came from in `original`: false when white space or an invisible character was folded
    /// away between them (`C4 1` folds to `c41`, but its `1` is not part of the point).
    pub fn adjacent_in_source(&self, i: usize, original: &str) -> bool {
        let (Some(&here), Some(&before)) = (
            self.from.get(i),
            i.checked_sub(1).and_then(|j| self.from.get(j)),
        ) else {
            return false;
        };
        let width = original[before..].chars().next().map_or(0, char::len_utf8);
        here == before + width
    }

    /// The folded bytes of the line of `original` (the text folded) that folded byte `at`
    /// came from: a line break folds to nothing, but a label on a line of its own (`Answer:
    /// 3` above a question) ends there.
    pub fn line_of(&self, at: usize, original: &str) -> Range<usize> {
        let Some(&here) = self.from.get(at) else {
            return at..at;
        };
        let start = original[..here].rfind('\n').map_or(0, |nl| nl + 1);
        let end = original[here..]
            .find('\n')
            .map_or(original.len(), |nl| here + nl);
        // `from` never decreases: the folded bytes of a stretch of the original are a stretch.
        self.from.partition_point(|&f| f < start)..self.from.partition_point(|&f| f < end)
    }

    /// The range of `original` (the text folded) that the folded bytes `range` came from.
    pub fn source_range(&self, range: Range<usize>, original: &str) -> Range<usize> {
        let at = |i: usize| self.from.get(i).copied().unwrap_or(original.len());
        let start = at(range.start);
        let last = at(range.end.saturating_sub(1).max(range.start));
        let end = last + original[last..].chars().next().map_or(0, char::len_utf8);
        start..end.max(start)
    }
}

/// `text` as the firewall compares it (see the module's doc), with where each byte came from.
pub fn fold(text: &str) -> Folded {
    let mut folded = Folded {
        text: String::with_capacity(text.len()),
        from: Vec::with_capacity(text.len()),
    };
    for (at, c) in text.char_indices() {
        let before = folded.text.len();
        fold_char(c, &mut folded.text);
        folded
            .from
            .extend(std::iter::repeat_n(at, folded.text.len() - before));
    }
    folded
}

/// [`fold`]'s text alone, for a phrase or a text only compared, never pointed into.
pub fn folded_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        fold_char(c, &mut out);
    }
    out
}

/// Where `phrase` is in `text` once both are folded, as a byte range of `text`.
pub fn find(text: &str, phrase: &str) -> Option<Range<usize>> {
    let needle = folded_text(phrase);
    if needle.is_empty() {
        return None;
    }
    let folded = fold(text);
    let at = folded.text.find(&needle)?;
    Some(folded.source_range(at..at + needle.len(), text))
}

/// Appends what `c` folds to (often nothing, or one character) to `out`.
fn fold_char(c: char, out: &mut String) {
    if c.is_ascii() {
        // ASCII is its own skeleton here: the confusables data would also fold `1` into `l`
        // and `m` into `rn`, and then a point (`B1`) would be found inside a word (`Black`).
        if !c.is_ascii_whitespace() && !c.is_ascii_control() {
            out.push(c.to_ascii_lowercase());
        }
        return;
    }
    if is_invisible(c) {
        return;
    }
    decompose_compatible(c, |d| {
        if d.is_ascii() {
            fold_char(d, out);
        } else if !is_invisible(d) && !is_combining_mark(d) {
            look_alike(d, out);
        }
    });
}

/// Appends the Latin letter (or the character of its own script) that `c`, not ASCII, reads
/// as: its UTS #39 prototype, in lower case, marks dropped.
fn look_alike(c: char, out: &mut String) {
    match c {
        // Typographic apostrophes are the wording's apostrophe (`Black’s`).
        '\u{2018}' | '\u{2019}' | '\u{02BC}' => return out.push('\''),
        _ => {}
    }
    let mut buffer = [0u8; 4];
    let prototype: String = unicode_security::skeleton(c.encode_utf8(&mut buffer))
        .filter(|&p| !is_combining_mark(p) && !is_invisible(p))
        .collect();
    match prototype.as_str() {
        // The data's prototype of `m` is `rn`, of `I` is `l`: a single letter that looks like
        // `m`, or a capital that looks like `I`, is that letter, as ASCII folds it.
        "rn" => out.push('m'),
        "l" if c.is_uppercase() => out.push('i'),
        _ => out.extend(prototype.chars().flat_map(char::to_lowercase)),
    }
}

/// Characters that print as nothing, so could split a phrase without being seen: white
/// space, controls, and every default-ignorable code point (joiners, direction marks,
/// variation selectors, fillers, tags, the soft hyphen and the combining grapheme joiner).
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_drops_space_and_case_and_keeps_where_each_byte_came_from() {
        let text = "C4\u{00A0}Captures\n  c3";
        let folded = fold(text);
        assert_eq!(folded.text, "c4capturesc3");
        let whole = folded.source_range(0..folded.text.len(), text);
        assert_eq!(&text[whole], text);
        let tail = folded.source_range(10..12, text);
        assert_eq!(&text[tail], "c3");
    }

    #[test]
    fn full_width_letters_and_invisible_characters_fold_away() {
        assert_eq!(
            fold("Ｃ４ cap\u{200B}tures C\u{00AD}3").text,
            "c4capturesc3"
        );
        assert_eq!(fold("Black’s").text, "black's");
    }

    #[test]
    fn look_alike_letters_of_other_scripts_read_as_latin() {
        // Cyrillic С and а, Greek Ο and Α, mathematical bold C, circled 4.
        assert_eq!(folded_text("Сaptures С4"), "capturesc4");
        assert_eq!(folded_text("\u{0421}\u{0430}ptures"), "captures");
        assert_eq!(folded_text("ΑΟ"), "ao");
        assert_eq!(folded_text("\u{1D402}\u{2463}"), "c4");
        // A capital that looks like I is i, as `I` folds.
        assert_eq!(folded_text("\u{0406}llegal"), "illegal");
    }

    #[test]
    fn default_ignorable_characters_inside_words_fold_away() {
        for c in [
            '\u{034F}',
            '\u{206A}',
            '\u{180E}',
            '\u{FE0F}',
            '\u{E0041}',
            '\u{3164}',
        ] {
            assert_eq!(folded_text(&format!("cap{c}tures")), "captures", "{c:?}");
        }
    }

    #[test]
    fn japanese_keeps_its_letters_and_a_mark_is_dropped_on_both_sides() {
        assert_eq!(folded_text("Ｂ１が正解"), folded_text("B1が正解"));
        assert!(folded_text("黒はB1に打てません").contains("b1"));
        assert_eq!(folded_text("Réponse"), "reponse");
    }

    #[test]
    fn a_folded_range_ends_after_a_multibyte_character() {
        let text = "黒はB1に打てません。";
        let folded = fold(text);
        let needle = folded_text("B1に打てません");
        let found = folded.text.find(&needle).unwrap();
        let range = folded.source_range(found..found + needle.len(), text);
        assert_eq!(&text[range], "B1に打てません");
    }
}
