//! The words an author writes beside an answer ("Answer: C4", "Solution: B1", "B1が正解",
//! "A1は失敗", "정답: C3"), in the languages the kit carries and those problem collections
//! are written in. A point of an answer next to one of them states that answer, however short.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, MatchKind};

use super::fold::folded_text;
use crate::record::solution::verdict_words;
use crate::wording::{Language, Wording};

/// Words that call what follows (or precedes) them an answer, a right or a wrong move. Not
/// printed: only looked for, folded as the firewall folds text.
const WORDS: &[&str] = &[
    // English.
    "answer",
    "solution",
    "correct",
    "right",
    "wrong",
    "fail",
    "refut",
    // French.
    "réponse",
    "juste",
    "faux",
    "échec",
    "échoue",
    "bon coup",
    "mauvais",
    // Japanese.
    "正解",
    "答",
    "失敗",
    "不正解",
    // Chinese.
    "正确",
    "错误",
    "失败",
    "正答",
    // Korean.
    "정답",
    "정해",
    "오답",
    "실패",
    "답",
    // Words for the answer or the key move in other languages problems are shared in.
    "正着",
    "lösung",
    "antwort",
    "solución",
    "respuesta",
    "key move",
    "best move",
];

/// Words that say what a life-and-death answer's move does ("Kill at B19", "B1 lives"): beside
/// a point of an answer they state it (a `kill` or `live` question names no point). Only
/// looked for beside points: "Straight three: kill" states no count.
const LIFE_DEATH_WORDS: &[&str] = &[
    "kill", "live", "alive", "dies", "vital", "tue", "vit", "殺", "活き", "死に",
];

/// Words that say what a move does ("Capture at C4", "C4で取る"): a file's own move beside
/// one, in a file's comment or name, is its answer told. Not looked for on a kit's pages,
/// whose questions say "capture" beside points that are no answer.
const MOVE_WORDS: &[&str] = &["captur", "prend", "取", "提", "잡"];

/// The answer words, folded, with the wording's own (every language's `answer_line` and
/// `answers_heading`); built once.
pub fn answer_words() -> &'static [String] {
    static ALL: LazyLock<Vec<String>> = LazyLock::new(|| {
        let mut words: Vec<String> = Vec::new();
        // The words import reads as a line's verdict (`Richtig`, `錯誤`) are answer words too.
        for word in WORDS.iter().copied().chain(verdict_words()) {
            let word = folded_text(word);
            if !words.contains(&word) {
                words.push(word);
            }
        }
        for language in Language::ALL {
            let wording = Wording::for_language(language);
            for key in ["answer_line", "answers_heading"] {
                let word: String = folded_text(wording.get(key))
                    .trim_end_matches([':', '：'])
                    .to_string();
                if !word.is_empty() && !words.contains(&word) {
                    words.push(word);
                }
            }
        }
        words
    });
    &ALL
}

/// The words that make a point beside them an answer: [`answer_words`] and
/// [`LIFE_DEATH_WORDS`], folded.
fn point_words() -> Vec<String> {
    let mut words = answer_words().to_vec();
    words.extend(LIFE_DEATH_WORDS.iter().map(|w| folded_text(w)));
    words
}

/// Finds the words that make a point beside them an answer in folded text, longest first
/// where two start together.
pub fn answer_word_search() -> Option<&'static AhoCorasick> {
    static SEARCH: LazyLock<Option<AhoCorasick>> = LazyLock::new(|| search_of(&point_words()));
    SEARCH.as_ref()
}

/// Finds the answer words and the words of what a move does ([`MOVE_WORDS`]): for a file's
/// comments and names.
pub fn file_word_search() -> Option<&'static AhoCorasick> {
    static SEARCH: LazyLock<Option<AhoCorasick>> = LazyLock::new(|| {
        let mut words = point_words();
        words.extend(MOVE_WORDS.iter().map(|w| folded_text(w)));
        search_of(&words)
    });
    SEARCH.as_ref()
}

fn search_of(words: &[String]) -> Option<AhoCorasick> {
    AhoCorasick::builder()
        .match_kind(MatchKind::LeftmostLongest)
        .build(words)
        .ok()
}
