//! The answer firewall: every phrase that gives a kit's answers away, and a search for them in
//! any text a player would read. Text is folded before it is compared, so that a line break, a
//! no-break space, a zero-width character, a change of case or full-width letters cannot hide
//! an answer.

use std::collections::HashSet;
use std::ops::Range;

use aho_corasick::AhoCorasick;

use super::{AnswerKey, ExampleAnswer, giveaways};
use crate::wording::Wording;

/// A phrase that gives an example's answer away.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Giveaway {
    /// The example it answers (from 1).
    pub example: usize,
    /// The phrase, as the host key's wording writes it.
    pub phrase: String,
}

/// A giveaway found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leak<'f> {
    /// What was found.
    pub giveaway: &'f Giveaway,
    /// Where, as a byte range of the text searched.
    pub at: Range<usize>,
}

/// The giveaways of one kit, ready to be looked for.
#[derive(Debug, Clone)]
pub struct Firewall {
    giveaways: Vec<Giveaway>,
    /// Finds the folded giveaways in folded text; `None` when there is none to find.
    search: Option<AhoCorasick>,
}

/// Folded phrases shorter than this (in characters) are not looked for: a `[text]` override
/// can make an answer sentence a single common word, which is no answer on its own.
const SHORTEST: usize = 6;

impl Firewall {
    /// The giveaways of every answer of `key`, in the kit's `wording`.
    pub fn new(key: &AnswerKey, wording: &Wording) -> Firewall {
        Firewall::of_answers(&key.examples, wording)
    }

    /// The giveaways of `answers`, in `wording`: for a kit not yet written (`import`).
    pub fn of_answers(answers: &[ExampleAnswer], wording: &Wording) -> Firewall {
        let mut all: Vec<Giveaway> = Vec::new();
        let mut folded: Vec<String> = Vec::new();
        // Only to skip repeats; the phrases keep their order in `folded`.
        let mut seen: HashSet<String> = HashSet::new();
        for answer in answers {
            for phrase in giveaways(answer, wording) {
                let fold = folded_text(&phrase);
                if fold.chars().count() < SHORTEST || !seen.insert(fold.clone()) {
                    continue;
                }
                folded.push(fold);
                all.push(Giveaway {
                    example: answer.number,
                    phrase,
                });
            }
        }
        // Building can only fail past limits of the automaton's size that a kit within the
        // kit size limit cannot reach; were it to fail, every text would be refused below.
        let search = if folded.is_empty() {
            None
        } else {
            AhoCorasick::new(&folded).ok()
        };
        Firewall {
            giveaways: all,
            search,
        }
    }

    /// Every giveaway the firewall looks for.
    pub fn giveaways(&self) -> &[Giveaway] {
        &self.giveaways
    }

    /// The giveaways in `text`, each once, in the order they first appear.
    pub fn leaks<'f>(&'f self, text: &str) -> Vec<Leak<'f>> {
        if self.giveaways.is_empty() {
            return Vec::new();
        }
        let folded = fold(text);
        let Some(search) = &self.search else {
            // The automaton could not be built: refuse rather than let an answer through.
            return vec![Leak {
                giveaway: &self.giveaways[0],
                at: 0..text.len(),
            }];
        };
        // Sized by what is found, not by the giveaways: a page is searched for all of a big
        // kit's answers, and most pages hold none.
        let mut seen: HashSet<usize> = HashSet::new();
        let mut leaks = Vec::new();
        for found in search.find_overlapping_iter(&folded.text) {
            let i = found.pattern().as_usize();
            if !seen.insert(i) {
                continue;
            }
            leaks.push(Leak {
                giveaway: &self.giveaways[i],
                at: folded.source_range(found.start()..found.end(), text),
            });
        }
        leaks
    }
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
    /// The range of `original` (the text folded) that the folded bytes `range` came from.
    fn source_range(&self, range: Range<usize>, original: &str) -> Range<usize> {
        let at = |i: usize| self.from.get(i).copied().unwrap_or(original.len());
        let start = at(range.start);
        let last = at(range.end.saturating_sub(1).max(range.start));
        let end = last + original[last..].chars().next().map_or(0, char::len_utf8);
        start..end.max(start)
    }
}

/// `text` as the firewall compares it: white space (a line break, a no-break space, an
/// ideographic space) and invisible characters (zero-width spaces and joiners, soft hyphens,
/// byte-order marks, direction marks) dropped, letters in lower case, full-width ASCII as
/// ASCII and typographic apostrophes as `'`.
pub fn fold(text: &str) -> Folded {
    let mut folded = Folded {
        text: String::with_capacity(text.len()),
        from: Vec::with_capacity(text.len()),
    };
    for (at, c) in folded_chars(text) {
        let before = folded.text.len();
        folded.text.push(c);
        folded
            .from
            .extend(std::iter::repeat_n(at, folded.text.len() - before));
    }
    folded
}

/// [`fold`]'s text alone, for a phrase or a text only compared, never pointed into.
pub fn folded_text(text: &str) -> String {
    folded_chars(text).map(|(_, c)| c).collect()
}

/// The characters of `text` as [`fold`] keeps them, each with the offset it came from.
fn folded_chars(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    text.char_indices()
        .filter(|&(_, c)| !c.is_whitespace() && !is_invisible(c))
        .flat_map(|(at, c)| {
            let c = match c {
                '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
                '\u{2018}' | '\u{2019}' | '\u{02BC}' => '\'',
                _ => c,
            };
            c.to_lowercase().map(move |lower| (at, lower))
        })
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

/// Characters that print as nothing, so could split a phrase without being seen.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{FEFF}'
    ) || c.is_control()
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
    fn a_folded_range_ends_after_a_multibyte_character() {
        let text = "黒はB1に打てません。";
        let folded = fold(text);
        let found = folded.text.find("b1に打てません").unwrap();
        let range = folded.source_range(found..found + "b1に打てません".len(), text);
        assert_eq!(&text[range], "B1に打てません");
    }
}
