//! Whether a text is worded as the host key words an answer, whatever the answer: the fixed
//! words of an `answer_*` or `claim_*` sentence in any language, in order, with anything short
//! where its values go ("Black chain B2, C2 has 3 liberties: A2, B1", "White wins by 5").
//! `import` reads a file's comments and names this way: an exported answer that an editor
//! moved into the setup's comment answers some question, even when the question imported
//! from the position is another one.

use std::sync::LazyLock;

use super::fold::folded_text;
use crate::wording::{Language, Wording, placeholders};

/// The fixed words of a sentence, folded, in order, and which of its values hold a digit.
struct Shape {
    /// The sentence's key, for the note.
    key: String,
    /// The folded text between its placeholders (none empty).
    pieces: Vec<String>,
    /// For each gap around the pieces (before the first, between each two, after the last):
    /// whether a value there names a point or a number, so must hold a digit.
    counted: Vec<bool>,
}

/// Values that name points or numbers (`{point}`, `{count}`, `{margin}`): where one stands,
/// the text has a digit. A colour or a reason may be any words.
const COUNTED: &[&str] = &[
    "point",
    "points",
    "captured",
    "chain",
    "liberties",
    "count",
    "margin",
    "black",
    "white",
    "total",
    "removed",
    "line",
    "number",
    "moves",
    "within",
    "first",
    "last",
];

/// How many folded bytes a value may take where a placeholder stands (a list of points).
const VALUE: usize = 64;

/// Fewer fixed characters than this say nothing of their own ("{point}: {line}").
const FIXED: usize = 6;

fn shapes() -> &'static [Shape] {
    static ALL: LazyLock<Vec<Shape>> = LazyLock::new(|| {
        let mut shapes: Vec<Shape> = Vec::new();
        for language in Language::ALL {
            let wording = Wording::for_language(language);
            for key in wording.keys() {
                let answers = ["answer_", "claim_"].iter().any(|p| key.starts_with(p));
                if !answers || key == "answer_draw" {
                    continue;
                }
                let (pieces, counted) = pieces_of(wording.get(key));
                let fixed: usize = pieces.iter().map(|p| p.chars().count()).sum();
                let seen = shapes
                    .iter()
                    .any(|s| s.pieces == pieces && s.counted == counted);
                if fixed >= FIXED && !seen {
                    shapes.push(Shape {
                        key: key.to_string(),
                        pieces,
                        counted,
                    });
                }
            }
        }
        shapes
    });
    &ALL
}

/// The folded words of `sentence` between its placeholders, and for each gap around them
/// whether a value there must hold a digit.
fn pieces_of(sentence: &str) -> (Vec<String>, Vec<bool>) {
    let mut pieces = Vec::new();
    let mut counted = vec![false];
    let mut rest = sentence;
    for name in placeholders(sentence) {
        let mark = format!("{{{name}}}");
        let Some(at) = rest.find(&mark) else {
            continue;
        };
        let piece = folded_text(&rest[..at]);
        if !piece.is_empty() {
            pieces.push(piece);
            counted.push(false);
        }
        if let Some(last) = counted.last_mut() {
            *last |= COUNTED.contains(&name);
        }
        rest = &rest[at + mark.len()..];
    }
    let piece = folded_text(rest);
    if !piece.is_empty() {
        pieces.push(piece);
        counted.push(false);
    }
    (pieces, counted)
}

/// The key of an answer sentence whose shape `text` has, if any.
pub fn answer_shape(text: &str) -> Option<&'static str> {
    let folded = folded_text(text);
    shapes()
        .iter()
        .find(|shape| has_shape(&folded, shape))
        .map(|shape| shape.key.as_str())
}

/// Whether `shape`'s pieces are in `folded`, in order, each at most [`VALUE`] bytes after the
/// one before, with a digit in each gap whose value is counted.
fn has_shape(folded: &str, shape: &Shape) -> bool {
    let Some((first, rest)) = shape.pieces.split_first() else {
        return false;
    };
    let digit = |from: usize, to: usize| folded.as_bytes()[from..to].iter().any(u8::is_ascii_digit);
    folded.match_indices(first.as_str()).any(|(at, _)| {
        if shape.counted[0] && !digit(at.saturating_sub(VALUE), at) {
            return false;
        }
        let mut end = at + first.len();
        let inside = rest
            .iter()
            .zip(&shape.counted[1..])
            .all(|(piece, &counted)| {
                let window_end =
                    floor_boundary(folded, (end + VALUE + piece.len()).min(folded.len()));
                match folded[end..window_end].find(piece.as_str()) {
                    Some(found) if !counted || digit(end, end + found) => {
                        end += found + piece.len();
                        true
                    }
                    _ => false,
                }
            });
        let last = shape.counted.last().copied().unwrap_or(false);
        inside && (!last || digit(end, (end + VALUE).min(folded.len())))
    })
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_worded_as_the_key_words_it_is_known_by_its_shape() {
        assert!(answer_shape("Black chain B2, C2 has 3 liberties: A2, B1, C1").is_some());
        assert!(answer_shape("By area: Black 5; White 15; White wins by 5").is_some());
        assert!(answer_shape("黒の連（B2、C2）の呼吸点は3か所：A2、B1、C1").is_some());
    }

    #[test]
    fn a_question_has_no_answer_shape() {
        for question in [
            "Black to play: which move captures?",
            "Identify the remaining liberties of the Black group at B2",
            "Count the finished position (area scoring)",
            "黒先、白を取ってください",
            "Black to capture",
            "Black to play: capture the white stones",
        ] {
            assert_eq!(answer_shape(question), None, "{question}");
        }
    }
}
