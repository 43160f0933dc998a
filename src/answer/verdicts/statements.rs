//! How the known words of a text state an answer: two words with nothing but filler between
//! them (`Answer: 3`, `3 liberties`, `White wins`), a record's result (`W+2.5`), a verdict
//! beside the move it is said of (`A1 would be illegal`); never in a sentence that asks.

use std::ops::Range;
use std::sync::LazyLock;

use aho_corasick::AhoCorasick;

use super::vocabulary::{COUNTERS, Found, Word, words_in};
use super::{ReasonWord, Stated};
use crate::answer::fold::{Folded, folded_sentence_ends, folded_text};
use crate::rules::{Color, Point};

/// Words and marks that may stand between two words of one statement without changing it:
/// `Answer: 3`, `The answer is illegal`, `呼吸点は3つ`, `Blanc a gagné`.
const FILLERS: &[&str] = &[
    ":", "=", "-", "–", "—", "(", ")", ",", "、", "\"", "'", "«", "»", "「", "」", "『", "』", "*",
    "is", "are", "was", "it", "its", "it's", "the", "this", "that", "move", "would", "be", "will",
    "has", "have", "had", "a", "an", "clearly", "est", "c'est", "sont", "le", "la", "coup", "qui",
    "は", "が", "で", "の", "も", "です", "だ", "by", "de", "par", "目", "半", "点", "差", "番",
];

/// Marks a statement is worded with between its word and its value (`liberties: 3`): a bare
/// line break is not one (a record's `Group liberties` heading above its row numbers).
const COPULAS: &[&str] = &[":", "=", "は", "が", "is", "are", "est", "sont"];

/// Units a value stated as an answer may carry (`Answer: 2.5 points`).
const UNITS: &[&str] = &["point", "points", "pts", "pt", "目", "stones", "pierres"];

/// How far apart (in folded bytes) two words of one statement may be.
const GAP: usize = 32;

/// How far (folded bytes) the asked point may be before a verdict on it (`Playing at A1 is
/// illegal`), and after (`Illegal: A1`), in one sentence.
const POINT_BEFORE: usize = 64;
const POINT_AFTER: usize = 24;

/// Every answer without a point that `folded` (the folding of `text`) states, with where;
/// `points` finds the points the verdicts of `legal` questions are about (each pattern's
/// point in the slice).
pub fn stated(
    folded: &Folded,
    text: &str,
    points: Option<(&AhoCorasick, &[Point])>,
) -> Vec<(Stated, Range<usize>)> {
    let words = words_in(folded, text);
    let mut reader = Reader {
        folded,
        text,
        haystack: folded.text.as_str(),
        words: &words,
        points,
        said: Vec::new(),
    };
    for i in 0..words.len() {
        reader.pair(i);
        reader.word(i);
    }
    reader.said
}

/// A text read as its known words, and what it was found to state so far.
struct Reader<'a> {
    folded: &'a Folded,
    text: &'a str,
    haystack: &'a str,
    words: &'a [Found],
    points: Option<(&'a AhoCorasick, &'a [Point])>,
    said: Vec<(Stated, Range<usize>)>,
}

impl Reader<'_> {
    /// Notes `what`, stated by the words from `from` to `to`, unless their sentence asks.
    fn say(&mut self, what: Stated, from: &Range<usize>, to: &Range<usize>) {
        if !in_question(self.haystack, from.start) {
            let at = from.start.min(to.start)..from.end.max(to.end);
            self.said.push((what, at));
        }
    }

    /// The word after `words[i]` when only filler stands between them.
    fn joined(&self, i: usize) -> Option<&Found> {
        let here = &self.words[i];
        let next = self.words.get(i + 1)?;
        filler(&self.haystack[here.at.end..next.at.start]).then_some(next)
    }

    /// What `words[i]` and the word right after it state together.
    fn pair(&mut self, i: usize) {
        let here = self.words[i].clone();
        let Some(next) = self.joined(i).cloned() else {
            return;
        };
        let value = |value: f64, liberties: bool| Stated::Value { value, liberties };
        let nobody = Stated::Winner {
            winner: None,
            margin: None,
        };
        match (here.word, next.word) {
            // `3 liberties`, `三つの呼吸点`; not `呼吸点が1つもなければ`.
            (Word::Number(n), Word::Liberty) if !not_even(self.haystack, here.at.end) => {
                self.say(value(n, true), &here.at, &next.at)
            }
            // `liberties: 3`, `呼吸点は3つ`; not a heading above a row's number.
            (Word::Liberty, Word::Number(n)) => {
                let gap = &self.haystack[here.at.end..next.at.start];
                let counted = COUNTERS
                    .iter()
                    .any(|c| self.haystack[next.at.end..].starts_with(&folded_text(c)));
                let copula = COPULAS.iter().any(|c| gap.contains(c));
                if (counted || copula) && !not_even(self.haystack, next.at.end) {
                    self.say(value(n, true), &here.at, &next.at);
                }
            }
            // `Answer: 3`, `Result: 2.5 points`; not `Answer in 3 moves`.
            (Word::Answer, Word::Number(n))
                if value_ends(self.folded, self.text, self.words, i + 1) =>
            {
                self.say(value(n, false), &here.at, &next.at)
            }
            // `3が正解`, `3 is the answer`.
            (Word::Number(n), Word::Answer) => self.say(value(n, false), &here.at, &next.at),
            (Word::Answer, Word::Atari) | (Word::Atari, Word::Answer) => {
                self.say(value(1.0, true), &here.at, &next.at)
            }
            (Word::Answer, _) => self.answer_then(i),
            // `Illegal is the answer`, `打てないが正解`.
            (Word::Legal(legal), Word::Answer) => {
                self.say(Stated::Legal { point: None, legal }, &here.at, &next.at)
            }
            (Word::Draw { .. }, Word::Answer) => self.say(nobody, &here.at, &next.at),
            // `Winner: White`, `勝者は白`.
            (Word::Winner, Word::Colour(colour)) => self.say(
                Stated::Winner {
                    winner: Some(colour),
                    margin: None,
                },
                &here.at,
                &next.at,
            ),
            _ => {}
        }
    }

    /// What the answer word `words[i]` calls the answer, when it is no number: `Answer:
    /// illegal`, `Solution: not legal`, `Answer: yes`, `Answer: suicide`, `Result: draw`,
    /// `Answer: White`.
    fn answer_then(&mut self, i: usize) {
        let here = self.words[i].at.clone();
        let next = self.words[i + 1].clone();
        let (turned, verdict) = match (next.word, self.words.get(i + 2)) {
            (Word::Not, Some(v)) if filler(&self.haystack[next.at.end..v.at.start]) => {
                (true, v.clone())
            }
            _ => (false, next),
        };
        let stated = match verdict.word {
            Word::Legal(legal) | Word::Yes(legal) => Stated::Legal {
                point: None,
                legal: legal != turned,
            },
            Word::Reason(why) if !turned => Stated::Reason(ReasonWord(why)),
            Word::Draw { .. } => Stated::Winner {
                winner: None,
                margin: None,
            },
            // `Answer: White`, `Result: Black by 3`; not `Answer: Black C4`.
            Word::Colour(colour)
                if !turned && colour_ends(self.folded, self.text, self.words, i + 1) =>
            {
                Stated::Winner {
                    winner: Some(colour),
                    margin: None,
                }
            }
            _ => return,
        };
        self.say(stated, &here, &verdict.at);
    }

    /// What `words[i]` states with the words after it or on its own.
    fn word(&mut self, i: usize) {
        let here = self.words[i].clone();
        match here.word {
            Word::Plus(colour) => self.plus(&here, colour),
            Word::Colour(colour) => self.colour(i, colour),
            // `jigo`, `持碁`: a draw, whatever is beside it.
            Word::Draw { strong: true } => {
                let nobody = Stated::Winner {
                    winner: None,
                    margin: None,
                };
                self.say(nobody, &here.at, &here.at)
            }
            Word::Legal(legal) => self.legal(i, legal),
            _ => {}
        }
    }

    /// `W+2.5`, `B+R`, `White + 0.5`: a record's result, quoted whole in the message.
    fn plus(&mut self, here: &Found, colour: Color) {
        let rest = &self.haystack[here.at.end..];
        let result = rest.chars().next();
        if !result.is_some_and(|c| c.is_ascii_digit() || matches!(c, 'r' | 't' | '½')) {
            return;
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == ','))
            .unwrap_or(rest.len());
        let len = rest[..len].trim_end_matches(['.', ',']).len();
        let winner = Stated::Winner {
            winner: Some(colour),
            margin: None,
        };
        self.say(winner, &here.at, &(here.at.end..here.at.end + len));
    }

    /// `White wins`, `白の2目半勝ち`, `Black loses`, `White by 2.5`.
    fn colour(&mut self, i: usize, colour: Color) {
        let here = self.words[i].at.clone();
        let mut margin: Option<(f64, Range<usize>)> = None;
        let mut j = i + 1;
        while let Some(w) = self.words.get(j)
            && filler(&self.haystack[self.words[j - 1].at.end..w.at.start])
        {
            match w.word {
                Word::Number(m) if margin.is_none() => margin = Some((m, w.at.clone())),
                Word::Win | Word::Lose => {
                    let winner = if w.word == Word::Win {
                        colour
                    } else {
                        colour.opponent()
                    };
                    let at = w.at.clone();
                    let stated = Stated::Winner {
                        winner: Some(winner),
                        margin: None,
                    };
                    self.say(stated, &here, &at);
                    return;
                }
                _ => break,
            }
            j += 1;
        }
        // `White by 2.5`: the colour and the margin, with a word for "by".
        if let Some((m, at)) = margin
            && ["by", "de", "par"]
                .iter()
                .any(|by| self.haystack[here.end..at.start].contains(by))
        {
            let stated = Stated::Winner {
                winner: Some(colour),
                margin: Some(m),
            };
            self.say(stated, &here, &at);
        }
    }

    /// `A1 would be illegal`, `Illegal: A1`, `A1 is not legal`, `A1は着手禁止`; and a verdict
    /// all a sentence says (`Illegal!`).
    fn legal(&mut self, i: usize, legal: bool) {
        let here = self.words[i].at.clone();
        if alone(self.haystack, &here) {
            self.say(Stated::Legal { point: None, legal }, &here, &here);
        }
        let turned = i
            .checked_sub(1)
            .map(|j| &self.words[j])
            .is_some_and(|w| w.word == Word::Not && filler(&self.haystack[w.at.end..here.start]));
        let Some((search, point_of)) = self.points else {
            return;
        };
        for (point, at) in points_near(self.folded, self.text, search, point_of, &here) {
            let stated = Stated::Legal {
                point: Some(point),
                legal: legal != turned,
            };
            self.say(stated, &here, &at);
        }
    }
}

/// Whether `gap` (folded) is only filler words and marks, and short: two words around it are
/// one statement.
fn filler(gap: &str) -> bool {
    static PIECES: LazyLock<Vec<String>> = LazyLock::new(|| {
        let mut pieces: Vec<String> = FILLERS.iter().map(|f| folded_text(f)).collect();
        pieces.retain(|p| !p.is_empty());
        pieces
    });
    if gap.len() > GAP {
        return false;
    }
    // Which prefixes of the gap are made of filler pieces.
    let mut reach = vec![false; gap.len() + 1];
    reach[0] = true;
    for at in 0..gap.len() {
        if !reach[at] || !gap.is_char_boundary(at) {
            continue;
        }
        for piece in PIECES.iter() {
            if gap[at..].starts_with(piece.as_str()) {
                reach[at + piece.len()] = true;
            }
        }
    }
    reach[gap.len()]
}

/// Whether the number ending at `end` is followed by `も` ("even"), with its counter or
/// without: `呼吸点が1つもなければ` is "if not even one liberty is left", the rules, no count.
fn not_even(haystack: &str, end: usize) -> bool {
    static EVEN: LazyLock<(String, Vec<String>)> = LazyLock::new(|| {
        let counters = COUNTERS.iter().map(|c| folded_text(c)).collect();
        (folded_text("も"), counters)
    });
    let (even, counters) = &*EVEN;
    let rest = &haystack[end..];
    let rest = counters
        .iter()
        .find_map(|c| rest.strip_prefix(c.as_str()))
        .unwrap_or(rest);
    rest.starts_with(even.as_str())
}

/// Whether the number `words[i]` ends what is said of it: the sentence or the text ends after
/// it, or a unit or a liberty word follows (`Answer: 3`, `Answer: 2.5 points`, `Answer: 3
/// liberties`), not another word (`Answer in 3 moves`).
fn value_ends(folded: &Folded, text: &str, words: &[Found], i: usize) -> bool {
    let haystack = folded.text.as_str();
    let end = words[i].at.end;
    let rest = &haystack[end..];
    if UNITS
        .iter()
        .chain(COUNTERS)
        .any(|u| rest.starts_with(&folded_text(u)))
    {
        return true;
    }
    if let Some(next) = words.get(i + 1)
        && filler(&haystack[end..next.at.start])
        && next.word == Word::Liberty
    {
        return true;
    }
    said_to_end(folded, text, &words[i].at)
}

/// Whether the colour `words[i]` ends what is said (`Answer: White`), or a margin or a win
/// follows it (`Result: Black by 3`), not a point (`Answer: Black C4`).
fn colour_ends(folded: &Folded, text: &str, words: &[Found], i: usize) -> bool {
    let haystack = folded.text.as_str();
    let end = words[i].at.end;
    if let Some(next) = words.get(i + 1)
        && filler(&haystack[end..next.at.start])
        && matches!(next.word, Word::Number(_) | Word::Win)
    {
        return true;
    }
    said_to_end(folded, text, &words[i].at)
}

/// Whether nothing but filler lies after the word at `word` to the end of its sentence, its
/// line or the text.
fn said_to_end(folded: &Folded, text: &str, word: &Range<usize>) -> bool {
    let haystack = folded.text.as_str();
    let end = sentence_end(haystack, word.end)
        .map_or(haystack.len(), |(end, _)| end)
        .min(folded.line_of(word.end - 1, text).end)
        .max(word.end);
    filler(&haystack[word.end..end])
}

/// Whether the word at `word` is all its sentence says, but for filler: a title `Illegal` or
/// a prompt `Illegal!`. Sentences are told apart by their marks alone, not by line breaks: a
/// wrapped sentence of the rules may put `illegal;` at the start of a line.
fn alone(haystack: &str, word: &Range<usize>) -> bool {
    let before = &haystack[..word.start];
    let opening = (folded_sentence_ends().iter())
        .filter_map(|e| before.rfind(e.as_str()).map(|at| at + e.len()))
        .max()
        .map_or(before, |at| &before[at..]);
    let end = sentence_end(haystack, word.end).map_or(haystack.len(), |(end, _)| end);
    filler(opening) && filler(&haystack[word.end..end.max(word.end)])
}

/// Where the sentence of `at` ends in `haystack`, and the mark that ends it; `None` when the
/// text ends first. A decimal mark between digits (`2.5`) ends nothing.
fn sentence_end(haystack: &str, at: usize) -> Option<(usize, &str)> {
    let ends = folded_sentence_ends();
    let bytes = haystack.as_bytes();
    let mut i = at;
    while i < haystack.len() {
        if haystack.is_char_boundary(i) {
            for end in ends {
                if haystack[i..].starts_with(end.as_str()) {
                    let decimal = end == "."
                        && i > 0
                        && bytes[i - 1].is_ascii_digit()
                        && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
                    if !decimal {
                        return Some((i, end.as_str()));
                    }
                }
            }
        }
        i += 1;
    }
    None
}

/// Whether the sentence holding `at` asks: it ends with a question mark, or (Japanese) with
/// `か` (`打てますか`).
fn in_question(haystack: &str, at: usize) -> bool {
    static MARKS: LazyLock<(String, String)> =
        LazyLock::new(|| (folded_text("?"), folded_text("か")));
    let (question, ka) = &*MARKS;
    match sentence_end(haystack, at) {
        Some((_, mark)) if mark == question => true,
        Some((end, _)) => haystack[..end].ends_with(ka.as_str()),
        None => haystack.ends_with(ka.as_str()),
    }
}

/// The asked points written near the verdict word at `verdict`, in its sentence: up to
/// [`POINT_BEFORE`] folded bytes before it or [`POINT_AFTER`] after.
fn points_near(
    folded: &Folded,
    text: &str,
    search: &AhoCorasick,
    point_of: &[Point],
    verdict: &Range<usize>,
) -> Vec<(Point, Range<usize>)> {
    let haystack = folded.text.as_str();
    let from = floor(haystack, verdict.start.saturating_sub(POINT_BEFORE));
    let to = floor(haystack, (verdict.end + POINT_AFTER).min(haystack.len()));
    let ends = folded_sentence_ends();
    let one_sentence = |between: &str| !ends.iter().any(|e| between.contains(e.as_str()));
    let bytes = haystack.as_bytes();
    let mut near: Vec<(Point, Range<usize>)> = Vec::new();
    for m in search.find_overlapping_iter(&haystack[from..to]) {
        let at = m.start() + from..m.end() + from;
        // `A1` is not in `A12`, nor in a word (`ba1`): written together, not only folded so.
        let glued_after = bytes.get(at.end).is_some_and(u8::is_ascii_digit)
            && folded.adjacent_in_source(at.end, text);
        let glued_before = at.start > 0
            && bytes[at.start - 1].is_ascii_alphanumeric()
            && folded.adjacent_in_source(at.start, text);
        if glued_after || glued_before {
            continue;
        }
        let between = if at.end <= verdict.start {
            &haystack[at.end..verdict.start]
        } else if at.start >= verdict.end {
            &haystack[verdict.end..at.start]
        } else {
            continue;
        };
        let point = point_of[m.pattern().as_usize()];
        if one_sentence(between) && !near.iter().any(|(p, _)| *p == point) {
            near.push((point, at));
        }
    }
    near
}

/// The largest char boundary of `text` at or before `at`.
fn floor(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}
