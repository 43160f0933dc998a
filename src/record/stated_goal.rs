//! The life-and-death goal a problem's own words state: "Black to live", "White to kill",
//! `黒先活`, `白先黑死` (White to play, Black dies: White kills), `黒先コウ`, `흑선백사`.
//!
//! Only words that *set* the problem count, read where a problem sets it: its name (`GN`,
//! `N`), its setup comment and, when a collection writes it there, its first move's comment.
//! The reading is deliberately narrow, because a goal read wrongly turns into a wrong printed
//! question; a text that is unclear states nothing and the solver works the goal out instead:
//! - a verdict ("Correct.", "Wrong; advantageous ko.") states nothing, whatever it mentions;
//! - a goal counts only at the start of a sentence or clause, or right after the words naming
//!   the side to play ("White to play, Black dies"), so "If White plays here, Black dies" and a
//!   level word ("Elementary") state nothing, nor does a mere mention of death ("dead");
//! - the genre's name ("life and death", `死活`, `詰碁`, `사활`) is not a goal;
//! - a yes-or-no question ("Can Black live?") asks for a status and states no goal;
//! - a CJK goal word without the side to play before it counts only when it is the whole
//!   clause (`活`, `白死`, `劫`), so a sentence that merely contains `死` states nothing.

use crate::record::solution::verdict_of_comment;
use crate::rules::Color;
use crate::rules::life_death::Goal;

/// A goal a problem's words state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatedGoal {
    /// The side the words say plays first and pursues the goal (`白先黑死`: White), when they
    /// name it.
    pub side: Option<Color>,
    /// Kill or live, for `side`; `None` when the words say only that the answer is a ko
    /// (`黒先コウ`, "Black to make ko").
    pub goal: Option<Goal>,
    /// The words say the result is a ko (`劫`, `コウ`, `패`, "ko").
    pub ko: bool,
    /// The words say the result is a seki (`双活`, `セキ`, "seki"); `goal` is then
    /// [`Goal::Live`], which a seki reaches.
    pub seki: bool,
    /// The text the goal was read from, trimmed, for a report.
    pub words: String,
}

impl StatedGoal {
    /// The goal for `to_play`, the side that moves first in the problem: the stated goal when
    /// the words name no side or name this one; `None` when they name the other side (the
    /// words and the moves disagree, which the caller reports) or state only a ko.
    pub fn goal_for(&self, to_play: Color) -> Option<Goal> {
        match self.side {
            Some(side) if side != to_play => None,
            _ => self.goal,
        }
    }
}

/// The goal `texts` state (a problem's name, setup comment and first move's comment, in the
/// order they are read), or `None` when none states one. The first text stating a goal gives
/// it; a side named alone ("Black to play", `黒番`) in any text gives the side when the goal's
/// own words name none.
pub fn stated_goal(texts: &[&str]) -> Option<StatedGoal> {
    let mut side_alone = None;
    for text in texts {
        if text.trim().is_empty() || verdict_of_comment(text).is_some() {
            continue;
        }
        let mut reading = Reading::default();
        read_latin(text, &mut reading);
        read_cjk(text, &mut reading);
        if let Some(mut found) = reading.found {
            found.words = text.trim().to_string();
            if found.side.is_none() {
                found.side = reading.side_alone.or(side_alone);
            }
            return Some(found);
        }
        side_alone = side_alone.or(reading.side_alone);
    }
    None
}

/// What one text says so far.
#[derive(Debug, Default)]
struct Reading {
    /// The first goal met.
    found: Option<StatedGoal>,
    /// A side to play named without a goal.
    side_alone: Option<Color>,
}

impl Reading {
    fn goal(&mut self, side: Option<Color>, goal: Option<Goal>, ko: bool, seki: bool) {
        if self.found.is_none() && (goal.is_some() || ko) {
            self.found = Some(StatedGoal {
                side,
                goal,
                ko,
                seki,
                words: String::new(),
            });
        }
    }
}

/// The genre's names, taken out before reading: "life and death" holds `life`, `死活` holds
/// both `死` and `活`.
const LATIN_GENRE: &[&str] = &[
    "life and death",
    "life-and-death",
    "life & death",
    "life&death",
    "l&d",
];

/// Words opening a yes-or-no question: the problem asks for a status, not a goal.
const QUESTION_OPENERS: &[&str] = &[
    "can", "could", "is", "are", "does", "do", "will", "would", "should", "what", "which",
];

/// What one clause of English says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Clause {
    /// The side to play alone ("Black to play").
    Side(Color),
    /// A goal, for the named side if any.
    Goal {
        side: Option<Color>,
        goal: Option<Goal>,
        ko: bool,
        seki: bool,
    },
    /// Anything else.
    Other,
}

/// Reads English: each sentence's clauses in order, a goal counting in the first clause or
/// after clauses that only name the side to play.
fn read_latin(text: &str, reading: &mut Reading) {
    let mut folded = text.to_lowercase();
    for genre in LATIN_GENRE {
        folded = folded.replace(genre, " ");
    }
    for sentence in folded.split(['.', '!', '?', ';', '\n']) {
        let words_of = |s: &str| -> Vec<String> {
            s.split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect()
        };
        let all = words_of(sentence);
        if all
            .first()
            .is_some_and(|w| QUESTION_OPENERS.contains(&w.as_str()))
        {
            continue;
        }
        // "(ko)" or "with ko" anywhere in the sentence qualifies its goal.
        let ko_said = all.iter().any(|w| w == "ko");
        let mut side = None;
        for clause in sentence.split([',', ':', '(', ')', '-', '–', '—']) {
            let words = words_of(clause);
            if words.is_empty() {
                continue;
            }
            match latin_clause(&words) {
                Clause::Side(c) => {
                    side = Some(c);
                    reading.side_alone = reading.side_alone.or(Some(c));
                }
                Clause::Goal {
                    side: named,
                    goal,
                    ko,
                    seki,
                } => {
                    if named.is_some()
                        && side.is_some()
                        && named != side
                        && goal == Some(Goal::Live)
                    {
                        // "White to play, Black lives": a status, not White's goal.
                        break;
                    }
                    reading.goal(named.or(side), goal, ko || ko_said, seki);
                    break;
                }
                Clause::Other => break,
            }
        }
    }
}

fn colour_word(w: &str) -> Option<Color> {
    match w {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

/// One English clause, as words in lower case: "black to live", "black to play and kill",
/// "white to play", "black lives", "white dies", "kill", "make life", "capture the white
/// stones", "ko".
fn latin_clause(words: &[String]) -> Clause {
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    if let Some(c) = w.first().and_then(|w| colour_word(w)) {
        let rest = &w[1..];
        match rest {
            ["to", "play" | "move", tail @ ..] | ["plays" | "moves", "first", tail @ ..] => {
                let tail = match tail {
                    ["first", t @ ..] => t,
                    t => t,
                };
                let tail = match tail {
                    ["and", t @ ..] => t,
                    t => t,
                };
                if tail.is_empty() {
                    return Clause::Side(c);
                }
                return goal_words(tail, Some(c)).unwrap_or(Clause::Other);
            }
            ["first"] => return Clause::Side(c),
            ["to", tail @ ..] => return goal_words(tail, Some(c)).unwrap_or(Clause::Other),
            ["lives" | "live", ..] => {
                return Clause::Goal {
                    side: Some(c),
                    goal: Some(Goal::Live),
                    ko: rest.contains(&"ko"),
                    seki: false,
                };
            }
            ["dies", ..] => {
                return Clause::Goal {
                    side: Some(c.opponent()),
                    goal: Some(Goal::Kill),
                    ko: rest.contains(&"ko"),
                    seki: false,
                };
            }
            _ => return Clause::Other,
        }
    }
    goal_words(&w, None).unwrap_or(Clause::Other)
}

/// A goal opening `w`, for `side`: `live`, `kill`, `capture`, `save`, `make life`, `make ko`,
/// `ko`, `make seki`, with an object colour after a kill ("kill white") checked against the
/// side.
fn goal_words(w: &[&str], side: Option<Color>) -> Option<Clause> {
    let ko = w.contains(&"ko");
    let object = w.iter().skip(1).take(3).find_map(|w| colour_word(w));
    let (goal, seki) = match w {
        ["live" | "survive" | "save", ..] | ["make", "life", ..] => (Some(Goal::Live), false),
        ["make" | "get", "seki", ..] | ["seki", ..] => (Some(Goal::Live), true),
        ["kill" | "capture", ..] => (Some(Goal::Kill), false),
        ["make" | "get", "a", "ko", ..] | ["make" | "get", "ko", ..] | ["ko", ..] => (None, false),
        _ => return None,
    };
    if goal.is_none() && !ko {
        return None;
    }
    let side = match (goal, object) {
        // "kill white": the killer is the other colour.
        (Some(Goal::Kill), Some(o)) => {
            if side.is_some_and(|s| s == o) {
                return None;
            }
            Some(o.opponent())
        }
        // "save black": the saved colour lives.
        (Some(Goal::Live), Some(o)) => {
            if side.is_some_and(|s| s != o) {
                return None;
            }
            Some(o)
        }
        _ => side,
    };
    Some(Clause::Goal {
        side,
        goal,
        ko,
        seki,
    })
}

/// The genre's CJK names, taken out before reading (`死活` holds `死` and `活`).
const CJK_GENRE: &[&str] = &[
    "死活题",
    "死活題",
    "死活",
    "詰碁",
    "詰め碁",
    "诘棋",
    "詰棋",
    "生死",
    "사활",
];

/// The CJK words after a colour that name it the side to play: `黑先`, `黒番`, `흑선`, `흑번`.
const FIRST_MARKS: &[char] = &['先', '番', '선', '번'];

/// CJK colour characters.
fn cjk_colour(c: char) -> Option<Color> {
    match c {
        '黑' | '黒' | '흑' => Some(Color::Black),
        '白' | '백' => Some(Color::White),
        _ => None,
    }
}

/// Words after a colour that make it a noun (`黑棋`, `白を`, `黒の`, `흑이`).
const AFTER_COLOUR: &[&str] = &["棋", "を", "の", "が", "は", "石", "돌", "이", "을", "은"];

/// Words between the side to play and its goal (`黒先で生き`, `黑先做活`).
const PARTICLES: &[&str] = &["で", "、"];

/// Life words (`净活`: "clean life", without a ko), longest first.
const LIVE_WORDS: &[&str] = &[
    "净活",
    "淨活",
    "做活",
    "作活",
    "成活",
    "活き",
    "生き",
    "活",
    "살리기",
    "살기",
    "삶",
    "산다",
    "활",
];

/// Seki words: the group lives in a seki.
const SEKI_WORDS: &[&str] = &["双活", "雙活", "セキ", "세키", "빅"];

/// Words that kill or capture, the killed colour after them (`杀白`, `吃黑`), longest first.
const KILL_VERBS: &[&str] = &[
    "净杀",
    "淨殺",
    "杀",
    "殺",
    "吃",
    "取る",
    "取れ",
    "取って",
    "잡기",
    "잡아",
    "죽이기",
    "죽이",
];

/// Words after a colour that say it dies (`白死`, `흑사`, `黒死に`).
const DEATH_WORDS: &[&str] = &["死に", "死", "사", "죽음", "죽는다", "죽"];

/// Ko words, and the goal a ko word that is also a verb carries (`劫杀`: kill by ko).
const KO_WORDS: &[(&str, Option<Goal>)] = &[
    ("劫杀", Some(Goal::Kill)),
    ("劫殺", Some(Goal::Kill)),
    ("劫活", Some(Goal::Live)),
    ("打劫", None),
    ("劫", None),
    ("コウ", None),
    ("패", None),
];

/// Reads CJK: per clause, the side to play (`黒先`) anywhere, then its goal; without it, a
/// clause that is a goal and nothing more. A clause that only names the side lends it to the
/// next (`흑선 삶`, `黑先，活`).
fn read_cjk(text: &str, reading: &mut Reading) {
    let mut pending: Option<Color> = None;
    for raw in text.split(|c: char| !c.is_alphanumeric() && c != '、') {
        let mut clause = raw.to_string();
        for genre in CJK_GENRE {
            clause = clause.replace(genre, "");
        }
        if clause.is_empty() {
            continue;
        }
        let (side, rest) = match side_mark(&clause) {
            Some((c, at)) => (Some(c), clause[at..].to_string()),
            None => (pending, clause.clone()),
        };
        let rest = strip_any(&rest, PARTICLES);
        if side.is_some() && rest.is_empty() {
            pending = side;
            reading.side_alone = reading.side_alone.or(side);
            continue;
        }
        let lead = side.is_some();
        let rest = if lead { rest } else { strip_numbering(rest) };
        if let Some(found) = cjk_goal(rest) {
            // Without the side before it, the goal must be the whole clause: `活`, `白死`.
            let tail = found.tail;
            let whole = tail.is_empty() || (lead && !tail.starts_with(|c: char| c.is_ascii()));
            if whole && consistent(side, found.named, found.goal) {
                reading.goal(side.or(found.named), found.goal, found.ko, found.seki);
            }
            if whole {
                return;
            }
        }
        pending = None;
    }
}

/// The side a goal is for, named by its words (`白死`: Black, the killer), agreeing with the
/// side to play: `白先黑活` (White plays, Black lives) is a status, not White's goal.
fn consistent(side: Option<Color>, named: Option<Color>, goal: Option<Goal>) -> bool {
    match (side, named) {
        (Some(s), Some(n)) => s == n || goal.is_none(),
        _ => true,
    }
}

/// The side-to-play mark in `clause` (`黑先`, `白番`, `흑선`) and the byte just after it.
fn side_mark(clause: &str) -> Option<(Color, usize)> {
    let chars: Vec<(usize, char)> = clause.char_indices().collect();
    chars.windows(2).find_map(|pair| {
        let (_, c) = pair[0];
        let (at, mark) = pair[1];
        let colour = cjk_colour(c)?;
        FIRST_MARKS
            .contains(&mark)
            .then(|| (colour, at + mark.len_utf8()))
    })
}

/// `text` without a leading problem number ("12", "第12题", "問題3", "문제 5", "Problem 4").
fn strip_numbering(text: &str) -> &str {
    let mut t = text;
    for prefix in ["第", "問題", "问题", "문제", "problem", "Problem"] {
        t = t.strip_prefix(prefix).unwrap_or(t);
    }
    let t = t.trim_start_matches(|c: char| c.is_ascii_digit());
    strip_any(t, &["题", "題", "問", "问", "号", "號", "번"])
}

fn strip_any<'a>(text: &'a str, words: &[&str]) -> &'a str {
    words
        .iter()
        .find_map(|w| text.strip_prefix(w))
        .unwrap_or(text)
}

/// A CJK goal read from the opening of a clause.
#[derive(Debug, Clone, Copy)]
struct CjkGoal<'a> {
    goal: Option<Goal>,
    ko: bool,
    seki: bool,
    /// The side the words name as pursuing the goal (`白死`: Black).
    named: Option<Color>,
    /// What follows the goal's words.
    tail: &'a str,
}

/// The CJK goal opening `text`.
fn cjk_goal(text: &str) -> Option<CjkGoal<'_>> {
    let found = |goal, ko, seki, named, tail| {
        Some(CjkGoal {
            goal,
            ko,
            seki,
            named,
            tail,
        })
    };
    let mut rest = text;
    // A colour before the goal names whose life or death it is (`白死`, `黑活`, `白を取る`).
    let mut subject = None;
    if let Some(ch) = rest.chars().next()
        && let Some(c) = cjk_colour(ch)
    {
        subject = Some(c);
        rest = &rest[ch.len_utf8()..];
        rest = strip_any(rest, AFTER_COLOUR);
    }
    for &(word, goal) in KO_WORDS {
        if let Some(after) = rest.strip_prefix(word) {
            // A ko word may still be followed by the goal (`劫活`, written `劫` + `活`).
            let (goal, after) = match (goal, goal_after_ko(after)) {
                (None, Some((g, a))) => (Some(g), a),
                (g, _) => (g, after),
            };
            let named = match (subject, goal) {
                (Some(s), Some(Goal::Kill)) => Some(s.opponent()),
                (s, _) => s,
            };
            return found(goal, true, false, named, after);
        }
    }
    for word in SEKI_WORDS {
        if let Some(after) = rest.strip_prefix(word) {
            return found(Some(Goal::Live), false, true, subject, after);
        }
    }
    for word in LIVE_WORDS {
        if let Some(after) = rest.strip_prefix(word) {
            return found(Some(Goal::Live), false, false, subject, after);
        }
    }
    if let Some(s) = subject {
        for word in DEATH_WORDS.iter().chain(KILL_VERBS) {
            if let Some(after) = rest.strip_prefix(word) {
                // `白死`, `白を取る`: White dies, Black kills.
                return found(Some(Goal::Kill), false, false, Some(s.opponent()), after);
            }
        }
        return None;
    }
    for word in KILL_VERBS {
        if let Some(after) = rest.strip_prefix(word) {
            // `杀白`, `吃黑`: the killed colour after the verb.
            let first = after.chars().next();
            let killed = first.and_then(cjk_colour);
            let after = match (first, killed) {
                (Some(ch), Some(_)) => &after[ch.len_utf8()..],
                _ => after,
            };
            return found(
                Some(Goal::Kill),
                false,
                false,
                killed.map(Color::opponent),
                after,
            );
        }
    }
    // A death word alone (`死`, `死に`) is a kill, but only as the whole clause.
    for word in DEATH_WORDS {
        if rest == *word {
            return found(Some(Goal::Kill), false, false, None, "");
        }
    }
    None
}

/// A life or kill word right after a ko word (`劫活`, `劫杀` written apart).
fn goal_after_ko(text: &str) -> Option<(Goal, &str)> {
    LIVE_WORDS
        .iter()
        .find_map(|w| text.strip_prefix(w).map(|a| (Goal::Live, a)))
        .or_else(|| {
            KILL_VERBS
                .iter()
                .find_map(|w| text.strip_prefix(w).map(|a| (Goal::Kill, a)))
        })
}

#[cfg(test)]
mod tests;
