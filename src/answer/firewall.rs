//! The answer firewall: every phrase that gives a kit's answers away, and a search for them in
//! any text a player would read. Text is folded before it is compared ([`super::fold`]), so
//! that a line break, an invisible character, a change of case, full-width or mathematical
//! letters or look-alike letters of another script cannot hide an answer.
//!
//! Two things give an answer away: a phrase the host key prints for it, in the kit's wording
//! or any language's (`C4 captures C3`, `B1が正解`), and a point of the answer next to a word
//! that calls it one (`Answer: C4`, `(Solution: B1 A1)`, `A1は失敗`), however short. An
//! answer that is no point (a count of liberties, a move's verdict, a score's result) is found
//! however it is stated in few words ([`super::verdicts`]): `Answer: 3`, `A1 would be
//! illegal`, `W+2.5`.

use std::collections::HashSet;
use std::ops::Range;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind};

use super::author_words::{answer_word_search, file_word_search};
use super::verdicts::{self, Verdict};
use super::{Answer, AnswerKey, Erratum, ExampleAnswer, giveaways};
use crate::rules::{Move, Point};
use crate::wording::{Language, Wording};

use super::fold::folded_sentence_ends;
pub use super::fold::{Folded, find, fold, folded_text};

/// A phrase that gives an example's answer away.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Giveaway {
    /// The kit it answers, from 0 in the order the firewall was given them.
    pub kit: usize,
    /// The example it answers (from 1).
    pub example: usize,
    /// The phrase, as the host key's wording writes it; for a point of the answer, the point.
    pub phrase: String,
    /// The phrase is a point of the answer, found next to a word that calls it one.
    pub beside_answer_word: bool,
    /// The phrase is an answer that is no point (`3 liberties`, `A1 is illegal`, `W+2.5`),
    /// found stated in any of its spellings.
    pub states_verdict: bool,
}

/// A giveaway found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leak<'f> {
    /// What was found.
    pub giveaway: &'f Giveaway,
    /// Where, as a byte range of the text searched.
    pub at: Range<usize>,
}

/// The giveaways of one kit or of a session's kits, ready to be looked for.
#[derive(Debug, Clone)]
pub struct Firewall {
    giveaways: Vec<Giveaway>,
    /// Finds the folded giveaway phrases in folded text; `None` when there is none to find.
    search: Option<AhoCorasick>,
    /// The answers' points, each a giveaway only next to an answer word.
    points: Vec<Giveaway>,
    /// Finds the folded points in folded text, in each of their spellings.
    point_search: Option<AhoCorasick>,
    /// For each pattern of `point_search`, the point of `points` it spells.
    point_of_pattern: Vec<usize>,
    /// Finds the words that call a point an answer.
    words: fn() -> Option<&'static AhoCorasick>,
    /// The answers that are no point (counts, verdicts, results), each a giveaway when a text
    /// states it.
    verdict_giveaways: Vec<Giveaway>,
    /// Those answers, looked up by what a text states.
    verdicts: verdicts::Index,
    /// Finds the points `legal` questions ask about, in each of their spellings: a verdict
    /// beside one is said of it.
    legal_search: Option<AhoCorasick>,
    /// For each pattern of `legal_search`, the point it spells.
    legal_point_of: Vec<Point>,
    /// An automaton could not be built: every text is refused rather than let an answer through.
    broken: bool,
}

/// Folded phrases shorter than this (in characters) are not looked for unless they name a point
/// (hold a digit): a `[text]` override can make an answer sentence a single common word, which
/// is no answer on its own.
const SHORTEST: usize = 6;

/// The shortest phrase that names a point still looked for (`B1が正解` is five characters).
const SHORTEST_WITH_POINT: usize = 4;

/// How far (in folded bytes) an answer word written before an answer's point may be from it to
/// state it, within one sentence: `Answer: C4`, `The answer to this problem is C4`, `정답은 흑 C4`
/// (Hangul folds to its letters, three bytes each); not a word a sentence away.
const NEAR_BEFORE: usize = 64;

/// How far an answer word written after the point may be: a claim put that way is short
/// (`C4が正解`, `A1は失敗`, `C4 is the answer`), and further on a word is the question's own
/// (`C4 …の呼吸点を答えなさい`, "… answer with the liberties").
const NEAR_AFTER: usize = 12;

/// The built-in wordings, whose phrases are looked for whatever the kit's language: an answer
/// written in another language is still the answer.
fn stock_wordings() -> &'static [Wording] {
    static ALL: LazyLock<Vec<Wording>> =
        LazyLock::new(|| Language::ALL.map(Wording::for_language).to_vec());
    &ALL
}

impl Firewall {
    /// The giveaways of every answer of `key`, in the kit's `wording` and every language's.
    pub fn new(key: &AnswerKey, wording: &Wording) -> Firewall {
        Firewall::of_answers(&key.examples, wording)
    }

    /// The giveaways of `answers`, in `wording` and every language's: for a kit not yet
    /// written (`import`).
    pub fn of_answers(answers: &[ExampleAnswer], wording: &Wording) -> Firewall {
        Firewall::of_kits(&[(answers, wording)])
    }

    /// The giveaways of several kits' answers, each in its own wording and every language's:
    /// a session's kits, whose pages must not answer one another.
    pub fn of_kits(kits: &[(&[ExampleAnswer], &Wording)]) -> Firewall {
        let mut all: Vec<Giveaway> = Vec::new();
        let mut folded: Vec<String> = Vec::new();
        let mut points: Vec<Giveaway> = Vec::new();
        let mut folded_points: Vec<String> = Vec::new();
        // Only to skip repeats; the phrases keep their order in `folded`.
        let mut seen: HashSet<String> = HashSet::new();
        let mut seen_points: HashSet<(usize, usize, Point)> = HashSet::new();
        let mut verdict_giveaways: Vec<Giveaway> = Vec::new();
        let mut verdict_index = verdicts::Index::default();
        let mut legal_points: Vec<Point> = Vec::new();
        for (kit, (answers, wording)) in kits.iter().enumerate() {
            // A kit's wording with no `[text]` of its own is a built-in one: its phrases once.
            let wordings = std::iter::once(*wording)
                .chain(stock_wordings().iter().filter(|stock| *stock != *wording));
            for wording in wordings {
                for answer in answers.iter() {
                    for phrase in giveaways(answer, wording) {
                        let fold = folded_text(&phrase);
                        let length = fold.chars().count();
                        let names_point = fold.bytes().any(|b| b.is_ascii_digit());
                        let long_enough =
                            length >= SHORTEST || (names_point && length >= SHORTEST_WITH_POINT);
                        if !long_enough || !seen.insert(fold.clone()) {
                            continue;
                        }
                        folded.push(fold);
                        all.push(Giveaway {
                            kit,
                            example: answer.number,
                            phrase,
                            beside_answer_word: false,
                            states_verdict: false,
                        });
                    }
                }
            }
            for answer in answers.iter() {
                if let Some(verdict) = Verdict::of(&answer.answer) {
                    if let Verdict::Legal { point, .. } = verdict
                        && !legal_points.contains(&point)
                    {
                        legal_points.push(point);
                    }
                    verdict_giveaways.push(Giveaway {
                        kit,
                        example: answer.number,
                        phrase: verdict.phrase(),
                        beside_answer_word: false,
                        states_verdict: true,
                    });
                    verdict_index.push(verdict, verdict_giveaways.len() - 1);
                }
                for point in answer_points(&answer.answer) {
                    if !seen_points.insert((kit, answer.number, point)) {
                        continue;
                    }
                    folded_points.push(folded_text(&point.to_string()));
                    points.push(Giveaway {
                        kit,
                        example: answer.number,
                        phrase: point.to_string(),
                        beside_answer_word: true,
                        states_verdict: false,
                    });
                }
            }
        }
        // Building can only fail past limits of the automaton's size that a kit within the
        // kit size limit cannot reach; were it to fail, every text would be refused.
        let build = |patterns: &[String]| (!patterns.is_empty()).then(|| automaton(patterns));
        let search = build(&folded);
        let (spellings, point_of_pattern) = spellings_of(&folded_points);
        let point_search = build(&spellings);
        let folded_legal: Vec<String> = legal_points
            .iter()
            .map(|p| folded_text(&p.to_string()))
            .collect();
        let (legal_spellings, legal_of) = spellings_of(&folded_legal);
        let legal_search = build(&legal_spellings);
        let broken = matches!(search, Some(None))
            || matches!(point_search, Some(None))
            || matches!(legal_search, Some(None))
            || (!points.is_empty() && answer_word_search().is_none())
            || (!verdict_giveaways.is_empty() && !verdicts::searchable());
        Firewall {
            giveaways: all,
            search: search.flatten(),
            points,
            point_search: point_search.flatten(),
            point_of_pattern,
            words: answer_word_search,
            verdict_giveaways,
            verdicts: verdict_index,
            legal_search: legal_search.flatten(),
            legal_point_of: legal_of.into_iter().map(|i| legal_points[i]).collect(),
            broken,
        }
    }

    /// `self` looking also for `points` next to an answer word or a word of what a move does
    /// ("Capture at C4"), as points of example `example`'s answer: a problem file's moves,
    /// which are its answer (`import`).
    pub fn with_points(
        mut self,
        example: usize,
        points: impl IntoIterator<Item = Point>,
    ) -> Firewall {
        self.words = file_word_search;
        self.broken |= file_word_search().is_none();
        for point in points {
            let phrase = point.to_string();
            if self.points.iter().any(|p| p.phrase == phrase) {
                continue;
            }
            self.points.push(Giveaway {
                kit: 0,
                example,
                phrase,
                beside_answer_word: true,
                states_verdict: false,
            });
        }
        let folded: Vec<String> = self.points.iter().map(|p| folded_text(&p.phrase)).collect();
        let (spellings, point_of_pattern) = spellings_of(&folded);
        self.point_of_pattern = point_of_pattern;
        match (!spellings.is_empty()).then(|| automaton(&spellings)) {
            Some(None) => self.broken = true,
            built => self.point_search = built.flatten(),
        }
        self
    }

    /// Every phrase the firewall looks for (the answers' points aside).
    pub fn giveaways(&self) -> &[Giveaway] {
        &self.giveaways
    }

    /// Whether there is nothing to look for.
    pub fn is_empty(&self) -> bool {
        self.giveaways.is_empty() && self.points.is_empty() && self.verdict_giveaways.is_empty()
    }

    /// The giveaways in `text`, each once, in the order they are found: the host key's phrases,
    /// then the answers' points next to an answer word.
    pub fn leaks<'f>(&'f self, text: &str) -> Vec<Leak<'f>> {
        if self.is_empty() {
            return Vec::new();
        }
        if self.broken {
            let giveaway = (self.giveaways.first())
                .or(self.points.first())
                .or(self.verdict_giveaways.first());
            return giveaway
                .map(|giveaway| Leak {
                    giveaway,
                    at: 0..text.len(),
                })
                .into_iter()
                .collect();
        }
        let folded = fold(text);
        let mut leaks = self.phrase_leaks_in(&folded, text);
        leaks.extend(self.point_leaks(&folded, text));
        // A host key's sentence found whole (`White chain C3, C4 has 3 liberties`) is that
        // example's answer once, not again as its count.
        let verdicts: Vec<Leak<'f>> = (self.verdict_leaks(&folded, text).into_iter())
            .filter(|v| {
                !leaks.iter().any(|l| {
                    (l.giveaway.kit, l.giveaway.example) == (v.giveaway.kit, v.giveaway.example)
                        && l.at.start < v.at.end
                        && v.at.start < l.at.end
                })
            })
            .collect();
        leaks.extend(verdicts);
        leaks
    }

    /// The answers that are no point stated in `folded` (the folding of `text`): each
    /// giveaway once, where the words that state it are.
    fn verdict_leaks<'f>(&'f self, folded: &Folded, text: &str) -> Vec<Leak<'f>> {
        if self.verdict_giveaways.is_empty() {
            return Vec::new();
        }
        let points = (self.legal_search.as_ref()).map(|s| (s, self.legal_point_of.as_slice()));
        let mut seen: HashSet<usize> = HashSet::new();
        let mut leaks = Vec::new();
        for (stated, at) in verdicts::stated(folded, text, points) {
            for i in self.verdicts.giveaways_of(&stated) {
                if seen.insert(i) {
                    leaks.push(Leak {
                        giveaway: &self.verdict_giveaways[i],
                        at: folded.source_range(at.clone(), text),
                    });
                }
            }
        }
        leaks
    }

    /// The host key's phrases in `text`, not the answers' points: for a text joined from
    /// pieces (a whole page), where an answer word and a point could meet across pieces that
    /// state nothing together (a label `Answer:` and a board's coordinates).
    pub fn phrase_leaks<'f>(&'f self, text: &str) -> Vec<Leak<'f>> {
        if self.broken {
            return self.leaks(text);
        }
        self.phrase_leaks_in(&fold(text), text)
    }

    /// The host key's phrases in `folded` (the folding of `text`).
    fn phrase_leaks_in<'f>(&'f self, folded: &Folded, text: &str) -> Vec<Leak<'f>> {
        let Some(search) = &self.search else {
            return Vec::new();
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

    /// The answers' points in `folded` that an answer word stands next to, the word included
    /// in where each is.
    fn point_leaks<'f>(&'f self, folded: &Folded, text: &str) -> Vec<Leak<'f>> {
        let (Some(points), Some(words)) = (&self.point_search, (self.words)()) else {
            return Vec::new();
        };
        let haystack = folded.text.as_str();
        // Leftmost-longest matches do not overlap: their starts and ends are both in order.
        let said: Vec<Range<usize>> = words.find_iter(haystack).map(|m| m.range()).collect();
        if said.is_empty() {
            return Vec::new();
        }
        let mut seen: HashSet<usize> = HashSet::new();
        let mut leaks = Vec::new();
        for found in points.find_overlapping_iter(haystack) {
            let at = found.range();
            // `C1` is not found in `C14`; but `C4 1 stone` names C4.
            if haystack
                .as_bytes()
                .get(at.end)
                .is_some_and(u8::is_ascii_digit)
                && folded.adjacent_in_source(at.end, text)
            {
                continue;
            }
            let Some(word) = word_near(haystack, &said, &at) else {
                continue;
            };
            let i = self.point_of_pattern[found.pattern().as_usize()];
            if !seen.insert(i) {
                continue;
            }
            let whole = word.start.min(at.start)..word.end.max(at.end);
            leaks.push(Leak {
                giveaway: &self.points[i],
                at: folded.source_range(whole, text),
            });
        }
        leaks
    }
}

/// The automaton that finds `patterns`, `None` past its size limits. A contiguous NFA, not
/// the DFA the crate picks for a few hundred patterns: `import` builds one for every example
/// and searches a comment or two with it, and building DFAs was a tenth of importing a book.
fn automaton(patterns: &[String]) -> Option<AhoCorasick> {
    AhoCorasick::builder()
        .kind(Some(AhoCorasickKind::ContiguousNFA))
        .build(patterns)
        .ok()
}

/// Marks an author may write between a point's column and row (`C-4`, `C/4`, `C.4`, `C–4`;
/// full-width `Ｃ－４` folds to `c-4`): each spells the same point.
const POINT_JOINS: [&str; 7] = [
    "-", "/", ".", "\u{2010}", "\u{2013}", "\u{2014}", "\u{2212}",
];

/// Every spelling of each of `points` (folded, `c4`): as written, and with each of
/// [`POINT_JOINS`] between its column and row; with, for each spelling, the point it spells.
fn spellings_of(points: &[String]) -> (Vec<String>, Vec<usize>) {
    let mut spellings = Vec::new();
    let mut of = Vec::new();
    for (i, point) in points.iter().enumerate() {
        spellings.push(point.clone());
        of.push(i);
        let split = point.find(|c: char| c.is_ascii_digit());
        if let Some(at) = split.filter(|&at| at > 0) {
            for join in POINT_JOINS {
                spellings.push(format!("{}{join}{}", &point[..at], &point[at..]));
                of.push(i);
            }
        }
    }
    (spellings, of)
}

/// The answer word of `said` (in order, not overlapping) in the same sentence of `haystack` as
/// `point`, ending at most [`NEAR_BEFORE`] bytes before it starts or starting at most
/// [`NEAR_AFTER`] bytes after it ends.
fn word_near(haystack: &str, said: &[Range<usize>], point: &Range<usize>) -> Option<Range<usize>> {
    let one_sentence = |between: Range<usize>| {
        haystack.get(between).is_some_and(|text| {
            !folded_sentence_ends()
                .iter()
                .any(|end| text.contains(end.as_str()))
        })
    };
    // The first word that ends after the point starts, and the one before it.
    let i = said.partition_point(|w| w.end <= point.start);
    let before = i
        .checked_sub(1)
        .map(|j| &said[j])
        .filter(|w| point.start - w.end <= NEAR_BEFORE && one_sentence(w.end..point.start));
    let after = said[i..]
        .iter()
        .find(|w| w.start >= point.end)
        .filter(|w| w.start - point.end <= NEAR_AFTER && one_sentence(point.end..w.start));
    // A word overlapping the point (a point inside a word) states nothing.
    before.or(after).cloned()
}

/// The points whose naming gives an answer away: the moves that capture, the liberties
/// counted, the first moves that work and those that fail. A `legal` question's point is its
/// question, and a sequence's moves are the players' to play, so neither is one.
fn answer_points(answer: &Answer) -> Vec<Point> {
    let first = |line: &Vec<(crate::rules::Color, Move)>| match line.first() {
        Some(&(_, Move::Play(p))) => Some(p),
        _ => None,
    };
    match answer {
        Answer::Capture { moves } => moves.iter().map(|m| m.point).collect(),
        Answer::Liberties { liberties, .. } => liberties.clone(),
        Answer::Reading {
            proof: Ok(solution),
            ..
        } => solution
            .accepted
            .iter()
            .map(|a| a.point)
            .chain(solution.refuted.iter().map(|r| r.point))
            .collect(),
        Answer::Solve {
            accepted,
            correct,
            wrong,
            ..
        } => accepted
            .iter()
            .copied()
            .chain(correct.iter().chain(wrong).filter_map(first))
            .collect(),
        // A life-and-death answer is every first move the proof reads, right or wrong, and
        // the source's (an erratum names them).
        Answer::LifeDeath { proof, errata, .. } => {
            let tried = proof
                .iter()
                .flat_map(|s| s.accepted.iter().chain(&s.refuted));
            let named = errata.iter().filter_map(|e| match e {
                Erratum::CorrectFails { first, .. }
                | Erratum::AlsoWorks { first, .. }
                | Erratum::WrongWorks { first, .. }
                | Erratum::OutsideRegion { first } => Some(*first),
                Erratum::Unstated { .. } => None,
            });
            tried
                .map(|t| t.first)
                .chain(named)
                .filter_map(|m| match m {
                    Move::Play(p) => Some(p),
                    Move::Pass => None,
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_in_the_points_sentence_is_found_and_one_in_another_sentence_is_not() {
        let found = |text: &str, word: &str| {
            let text = folded_text(text);
            let point = text.find("c4").unwrap();
            let word = folded_text(word);
            let at = text.find(&word).unwrap();
            let said = at..at + word.len();
            word_near(&text, std::slice::from_ref(&said), &(point..point + 2))
        };
        assert_eq!(found("Answer: C4. Then play on.", "answer"), Some(0..6));
        assert_eq!(found("The answer is near. C4 is empty.", "answer"), None);
        assert_eq!(
            found(&format!("Answer {} C4", "x".repeat(80)), "answer"),
            None
        );
        // After the point, only a short claim: a word further on is the question's.
        assert!(found("C4が正解", "正解").is_some());
        assert_eq!(found("C4を打った後、残りの呼吸点を答えなさい", "答"), None);
    }
}
