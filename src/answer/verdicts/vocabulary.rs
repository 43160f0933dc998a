//! The words [`super`] reads a text as: answer words, liberty words, verdicts, colours and
//! what they do, and numbers in figures or in words, each found where it stands as a word of its
//! own.

use std::ops::Range;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, MatchKind};

use super::super::author_words::answer_words;
use super::super::fold::{Folded, folded_text};
use crate::rules::Color;

/// Why a move is illegal, as a word may name it (`suicide`, `ko`, `occupied`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// `suicide`, `自殺`.
    Suicide,
    /// `occupied`.
    Occupied,
    /// `ko`, `コウ`.
    Ko,
}

/// A known word of the folded text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Word {
    /// Calls what is next to it an answer or a result (`Answer`, `Solution`, `Result`, `正解`).
    Answer,
    /// Names liberties (`liberties`, `libertés`, `呼吸点`).
    Liberty,
    /// One liberty (`atari`).
    Atari,
    /// A number, in figures or in words.
    Number(f64),
    /// Says a move is legal (`true`) or not (`false`).
    Legal(bool),
    /// `yes` or `no`: an answer to `Is A1 legal?`.
    Yes(bool),
    /// Says why a move is illegal.
    Reason(Why),
    /// Turns a verdict round (`not`, `n't`, `pas`).
    Not,
    /// A colour.
    Colour(Color),
    /// A colour with a plus after it (`W+`, `White+`, `白+`): a game record's result.
    Plus(Color),
    /// Wins (`wins`, `won`, `gagne`, `勝ち`).
    Win,
    /// Loses (`loses`, `perd`, `負け`).
    Lose,
    /// Names the winner (`winner`, `勝者`).
    Winner,
    /// A draw: `strong` when the word means nothing else (`jigo`, `持碁`).
    Draw { strong: bool },
}

/// One entry of the vocabulary: its spelling, what it is, and whether it must stand as a whole
/// word (a Latin word is always looked for from a word's start: `refut` is in `refuted`, not
/// in a word of its own).
struct Entry {
    folded: String,
    word: Word,
    whole: bool,
}

/// Words that call what follows a result, beside the answer words (`Result: W+2.5`).
const RESULT_WORDS: &[&str] = &["result", "résultat", "結果", "勝敗", "结果", "결과"];

const LIBERTY_WORDS: &[&str] = &[
    "liberty",
    "liberties",
    "libs",
    "liberté",
    "libertés",
    "呼吸点",
    "活路",
    "气",
    "氣",
    "활로",
];

/// Spelt-out numbers a count may be written in. French `un`/`une` are left out: they are also
/// the article (`Une liberté est une intersection vide…` is the rules).
const NUMBER_WORDS: &[(&str, u32)] = &[
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("deux", 2),
    ("trois", 3),
    ("quatre", 4),
    ("cinq", 5),
    ("sept", 7),
    ("huit", 8),
    ("neuf", 9),
    ("dix", 10),
];

/// Kanji numerals, read as numbers only with a counter after them (`三つ`, `三か所`, `二目`):
/// alone they are parts of many words.
const KANJI_NUMBERS: &[(&str, u32)] = &[
    ("一", 1),
    ("二", 2),
    ("三", 3),
    ("四", 4),
    ("五", 5),
    ("六", 6),
    ("七", 7),
    ("八", 8),
    ("九", 9),
    ("十", 10),
];

/// Counters after a number (`3つ`, `3か所`): what lies after a count stated in Japanese.
pub const COUNTERS: &[&str] = &["つ", "か所", "カ所", "ヶ所", "箇所", "個", "目"];

/// The vocabulary and its search, built once: the longer, more particular words first, a
/// spelling met twice keeping its first sense.
fn vocabulary() -> &'static (Vec<Entry>, Option<AhoCorasick>) {
    static ALL: LazyLock<(Vec<Entry>, Option<AhoCorasick>)> = LazyLock::new(|| {
        let mut words = Words(Vec::new());
        verdict_words(&mut words);
        result_and_count_words(&mut words);
        let search = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(words.0.iter().map(|e| e.folded.as_str()))
            .ok();
        (words.0, search)
    });
    &ALL
}

/// The vocabulary as it is built.
struct Words(Vec<Entry>);

impl Words {
    /// Adds `text`, folded, as `word`, unless its spelling is there already.
    fn add(&mut self, text: &str, word: Word, whole: bool) {
        let folded = folded_text(text);
        if !folded.is_empty() && !self.0.iter().any(|e| e.folded == folded) {
            self.0.push(Entry {
                folded,
                word,
                whole,
            });
        }
    }
}

/// Results written as a record writes them (`W+`), and the words of a move's verdict.
fn verdict_words(words: &mut Words) {
    for (text, colour) in [
        ("w+", Color::White),
        ("b+", Color::Black),
        ("white+", Color::White),
        ("black+", Color::Black),
        ("blanc+", Color::White),
        ("noir+", Color::Black),
        ("白+", Color::White),
        ("黒+", Color::Black),
        ("黑+", Color::Black),
    ] {
        words.add(text, Word::Plus(colour), false);
    }
    for (text, legal) in [
        ("illegal", false),
        ("illégal", false),
        ("not legal", false),
        ("forbidden", false),
        ("interdit", false),
        ("打てません", false),
        ("打てない", false),
        ("着手禁止", false),
        ("禁じ手", false),
        ("禁着", false),
        ("反則", false),
        ("違法", false),
        ("非法", false),
        ("착수금지", false),
        ("legal", true),
        ("légal", true),
        ("allowed", true),
        ("autorisé", true),
        ("permis", true),
        ("打てます", true),
        ("打てる", true),
        ("合法", true),
    ] {
        words.add(text, Word::Legal(legal), true);
    }
    for (text, why) in [
        ("suicide", Why::Suicide),
        ("自殺", Why::Suicide),
        ("occupied", Why::Occupied),
        ("occupé", Why::Occupied),
        ("occupée", Why::Occupied),
        ("ko", Why::Ko),
        ("superko", Why::Ko),
        ("コウ", Why::Ko),
    ] {
        words.add(text, Word::Reason(why), true);
    }
    for (text, yes) in [
        ("yes", true),
        ("oui", true),
        ("はい", true),
        ("no", false),
        ("non", false),
        ("いいえ", false),
    ] {
        words.add(text, Word::Yes(yes), true);
    }
    for text in ["not", "n't", "never", "pas", "cannot", "can't"] {
        words.add(text, Word::Not, true);
    }
}

/// Colours and what they do (`wins`), draws, liberty words, numbers and answer words.
fn result_and_count_words(words: &mut Words) {
    for (text, colour) in [
        ("white", Color::White),
        ("black", Color::Black),
        ("blanc", Color::White),
        ("noir", Color::Black),
        ("白", Color::White),
        ("黒", Color::Black),
        ("黑", Color::Black),
        ("백", Color::White),
        ("흑", Color::Black),
    ] {
        words.add(text, Word::Colour(colour), true);
    }
    for text in [
        "wins",
        "won",
        "win",
        "gagne",
        "gagné",
        "gagnent",
        "l'emporte",
        "勝ち",
        "勝利",
        "勝つ",
        "胜",
        "승",
    ] {
        words.add(text, Word::Win, true);
    }
    for text in ["loses", "lost", "lose", "perd", "perdu", "負け", "负", "패"] {
        words.add(text, Word::Lose, true);
    }
    for text in ["winner", "vainqueur", "gagnant", "勝者", "胜者", "승자"] {
        words.add(text, Word::Winner, true);
    }
    for text in ["jigo", "持碁", "ジゴ"] {
        words.add(text, Word::Draw { strong: true }, true);
    }
    for text in ["draw", "tie", "nulle", "égalité", "引き分け", "和棋"] {
        words.add(text, Word::Draw { strong: false }, true);
    }
    for text in ["atari", "アタリ"] {
        words.add(text, Word::Atari, true);
    }
    for text in LIBERTY_WORDS {
        words.add(text, Word::Liberty, false);
    }
    for &(text, n) in NUMBER_WORDS {
        words.add(text, Word::Number(f64::from(n)), true);
    }
    for &(text, n) in KANJI_NUMBERS {
        for counter in COUNTERS {
            words.add(
                &format!("{text}{counter}"),
                Word::Number(f64::from(n)),
                false,
            );
        }
    }
    words.add("半目", Word::Number(0.5), false);
    for text in RESULT_WORDS {
        words.add(text, Word::Answer, false);
    }
    for text in answer_words() {
        words.add(text, Word::Answer, false);
    }
}

/// Whether the vocabulary could be searched for: when not, the firewall refuses every text.
pub fn searchable() -> bool {
    vocabulary().1.is_some()
}

/// A known word, where it is in the folded text.
#[derive(Debug, Clone)]
pub struct Found {
    /// The word.
    pub word: Word,
    /// Where, as folded bytes.
    pub at: Range<usize>,
}

/// The known words of `folded`, in order: the vocabulary's, each where it stands as a word of
/// its own in `text`, and the numbers written in figures.
pub fn words_in(folded: &Folded, text: &str) -> Vec<Found> {
    let (entries, Some(search)) = vocabulary() else {
        return Vec::new();
    };
    let haystack = folded.text.as_str();
    let mut found: Vec<Found> = Vec::new();
    for m in search.find_iter(haystack) {
        let entry = &entries[m.pattern().as_usize()];
        let source = folded.source_range(m.range(), text);
        let latin = entry.folded.starts_with(|c: char| c.is_ascii_alphabetic());
        let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
        if latin && letter(text[..source.start].chars().next_back()) {
            continue;
        }
        if entry.whole && latin && letter(text[source.end..].chars().next()) {
            continue;
        }
        found.push(Found {
            word: entry.word,
            at: m.range(),
        });
    }
    found.extend(numbers(folded, text));
    found.sort_by_key(|f| f.at.start);
    // A number in figures inside a word found (`2` of `2目` is read, `三つ` is one word).
    let mut kept: Vec<Found> = Vec::with_capacity(found.len());
    for f in found {
        if kept.last().is_some_and(|last| f.at.start < last.at.end) {
            continue;
        }
        kept.push(f);
    }
    kept
}

/// The numbers written in figures in `folded`: a run of digits written together, with a
/// decimal mark (`2.5`, `2,5`) and `目半` (`2目半`, two and a half) read in; not the row of a
/// point (`C3`), whose digits follow a letter.
fn numbers(folded: &Folded, text: &str) -> Vec<Found> {
    let bytes = folded.text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        let joined = |j: usize| folded.adjacent_in_source(j, text);
        let after_letter = start > 0 && bytes[start - 1].is_ascii_alphabetic() && joined(start);
        i += 1;
        while i < bytes.len() && bytes[i].is_ascii_digit() && joined(i) {
            i += 1;
        }
        if i + 1 < bytes.len()
            && matches!(bytes[i], b'.' | b',')
            && bytes[i + 1].is_ascii_digit()
            && joined(i)
            && joined(i + 1)
        {
            i += 2;
            while i < bytes.len() && bytes[i].is_ascii_digit() && joined(i) {
                i += 1;
            }
        }
        if after_letter {
            continue;
        }
        let written = folded.text[start..i].replace(',', ".");
        let Ok(mut value) = written.parse::<f64>() else {
            continue;
        };
        let mut end = i;
        let half = folded_text("目半");
        if folded.text[i..].starts_with(&half) {
            value += 0.5;
            end += half.len();
        }
        found.push(Found {
            word: Word::Number(value),
            at: start..end,
        });
    }
    found
}
