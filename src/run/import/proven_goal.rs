//! A problem whose correct line ends by capturing may be the capture question the engine
//! proves: the collection gives the question (which chain, in how many moves), the engine the
//! answer, and every difference between the two is said in the kit.
//!
//! Only when the capture is the problem's question: when its words ask for a capture, or say
//! nothing of a goal and the engine's proof agrees with every mark of the collection. A
//! life-and-death problem's correct line often captures on its way ("Black to kill", or a
//! collection's bare "Elementary"); asked as "capture this stone", it would be another
//! question, whose key can hold a move the collection marks wrong (Cho Chikun's elementary
//! problem 59: the capture of A16 accepts A19, which Cho marks wrong). Such a problem keeps
//! the collection's answer.

use crate::record::solution::{FirstMove, Verdict};
use crate::rules::reading::{Budget, Goal, Question, solve};
use crate::rules::{Color, Game, Move, Point, Position, Rules};

/// What import reads per problem before it gives up on a proof: far less than `check`'s
/// budget, so a collection of a thousand problems too big to prove still imports in seconds;
/// what is proven within it is proven within `check`'s too.
const IMPORT_BUDGET: Budget = Budget { nodes: 200_000 };

/// How many more attacker moves than the collection's line the engine may take: the file's
/// defence is not always the longest.
const SLACK: u32 = 2;

/// The capture question a correct line asks, proven.
#[derive(Debug, Clone, PartialEq)]
pub struct ProvenCapture {
    /// A stone of the chain the line captures, in the starting position.
    pub group: Point,
    /// The attacker's moves the engine needed (the line's, or up to two more).
    pub within: u32,
    /// What the kit's comment says: how the question was found, and where the engine and the
    /// collection disagree.
    pub note: String,
    /// The engine and the collection disagree: import says so on stderr too.
    pub disagrees: bool,
}

/// What a problem's own words (its title and prompt) say it asks, as far as import reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatedGoal {
    /// A capture ("Black to capture", "黒先取る", "吃子").
    Capture,
    /// Another goal: to kill, to live, a ko, to connect or cut, the endgame.
    Other,
}

/// Latin words that ask for a capture, folded to lower case. Not `take`, which also takes
/// sente, gote or a corner.
const CAPTURE_WORDS: &[&str] = &[
    "capture",
    "captures",
    "capturing",
    "catch",
    "capturer",
    "fangen",
];

/// Latin words that name another goal.
const OTHER_WORDS: &[&str] = &[
    "kill", "kills", "live", "lives", "life", "alive", "living", "dead", "death", "ko", "seki",
    "connect", "cut", "escape", "save", "eye", "eyes", "endgame", "sente", "gote", "tuer", "vivre",
    "vie", "töten", "leben",
];

/// CJK words that ask for a capture, matched anywhere (these scripts put no spaces between
/// words), in forms that ask it: `吃` alone is also 不吃亏 ("at no loss"), `取` 争取 or 取胜
/// ("to win"), `잡` 복잡 ("complex"), and 取られ asks the other side to escape.
const CAPTURE_CJK: &[&str] = &[
    "吃子",
    "吃掉",
    "吃住",
    "吃白",
    "吃黑",
    "提子",
    "取る",
    "取れ",
    "取って",
    "を取",
    "잡아",
    "잡기",
    "잡으",
];

/// CJK words that name another goal.
const OTHER_CJK: &[&str] = &[
    "殺",
    "杀",
    "活",
    "生き",
    "死",
    "劫",
    "コウ",
    "連絡",
    "连",
    "断",
    "切",
    "官子",
    "ヨセ",
    "先手",
    "後手",
    "后手",
    "取られ",
    "살",
    "죽",
    "패",
];

/// The goal `texts` (a problem's title and prompt) state: `None` when they name none, or name
/// both a capture and another goal ("capture the cutting stones to live" asks for life).
pub fn stated_goal(texts: &[&str]) -> Option<StatedGoal> {
    let mut capture = false;
    let mut other = false;
    for text in texts {
        let folded = text.to_lowercase();
        for word in folded.split(|c: char| !c.is_alphanumeric()) {
            capture |= CAPTURE_WORDS.contains(&word);
            other |= OTHER_WORDS.contains(&word);
        }
        capture |= CAPTURE_CJK.iter().any(|w| folded.contains(w));
        other |= OTHER_CJK.iter().any(|w| folded.contains(w));
    }
    match (capture, other) {
        (true, false) => Some(StatedGoal::Capture),
        (_, true) => Some(StatedGoal::Other),
        (false, false) => None,
    }
}

/// What the engine makes of the capture a correct line ends with.
#[derive(Debug, Clone, PartialEq)]
pub enum CaptureReading {
    /// The problem is that capture, proven.
    Proven(ProvenCapture),
    /// The engine proves the capture, but the problem does not ask for it and the proof
    /// disagrees with the collection's marks: why, for the kit's comment.
    NotTheQuestion(String),
    /// The line ends with no capture of a stone of the starting position, or the engine cannot
    /// prove one within its budget.
    None,
}

/// The capture `line` (the collection's correct line, from `board` with `line[0]`'s colour to
/// play) ends with, proven by the engine and taken as the question when `asked` (the
/// problem's words ask for a capture) or when the proof agrees with every first move the
/// collection marks: it accepts each one marked correct and none marked wrong.
pub fn proven_capture(
    board: &Position,
    rules: &Rules,
    line: &[(Color, Move)],
    firsts: &[FirstMove],
    asked: bool,
) -> CaptureReading {
    match reading_of(board, rules, line, firsts) {
        Some((capture, disagreement)) if asked || disagreement.is_none() => {
            CaptureReading::Proven(capture)
        }
        Some((_, Some(why))) => CaptureReading::NotTheQuestion(why),
        _ => CaptureReading::None,
    }
}

/// The proven capture `line` ends with, and where the proof disagrees with the collection's
/// marks (a move marked correct that does not capture in time, or one marked wrong that does).
fn reading_of(
    board: &Position,
    rules: &Rules,
    line: &[(Color, Move)],
    firsts: &[FirstMove],
) -> Option<(ProvenCapture, Option<String>)> {
    let &(attacker, _) = line.first()?;
    let (group, attacker_moves) = captured_at_end(board, rules, line)?;
    let start = Game::new(board.to_board(), attacker, *rules);
    for within in attacker_moves..=attacker_moves + SLACK {
        let question = Question {
            goal: Goal::Capture,
            target: group,
            within,
        };
        let Ok(solution) = solve(&start, &question, IMPORT_BUDGET) else {
            return None;
        };
        if solution.accepted.is_empty() {
            continue;
        }
        let proven: Vec<Point> = solution.accepted.iter().map(|a| a.point).collect();
        let marked_as = |verdict: Verdict| -> Vec<Point> {
            firsts
                .iter()
                .filter(|f| f.verdict == Some(verdict) && f.color == attacker)
                .filter_map(|f| match f.mv {
                    Move::Play(p) => Some(p),
                    Move::Pass => None,
                })
                .collect()
        };
        let marked = marked_as(Verdict::Correct);
        let marked_wrong = marked_as(Verdict::Wrong);
        let mut note = format!(
            "the collection's correct line captures {group} in {attacker_moves} move{}: this asks for that capture within {within}, and the key is the engine's proof",
            if attacker_moves == 1 { "" } else { "s" }
        );
        let also = not_in(&proven, &marked);
        if !also.is_empty() {
            note.push_str(&format!(
                "; the engine also proves {}, which the collection does not mark correct",
                also.join(", ")
            ));
        }
        let refuted = not_in(&marked, &proven);
        let mut disagreements = Vec::new();
        if !refuted.is_empty() {
            let why = format!(
                "the collection marks {} correct, which does not capture {group} within {within} against every defence",
                refuted.join(", ")
            );
            note.push_str(&format!("; {why}"));
            disagreements.push(why);
        }
        let wrong: Vec<String> = proven
            .iter()
            .filter(|p| marked_wrong.contains(p))
            .map(Point::to_string)
            .collect();
        if !wrong.is_empty() {
            let why = format!(
                "the engine proves {} captures {group} within {within}, which the collection marks wrong",
                wrong.join(", ")
            );
            note.push_str(&format!("; {why}"));
            disagreements.push(why);
        }
        let disagreement = (!disagreements.is_empty()).then(|| {
            format!(
                "read as the capture of {group}, the problem would get another answer ({})",
                disagreements.join("; ")
            )
        });
        return Some((
            ProvenCapture {
                group,
                within,
                note,
                disagrees: disagreement.is_some(),
            },
            disagreement,
        ));
    }
    None
}

/// The stone of the starting position `board` that `line`'s last move (its first player's)
/// takes, the lowest of them, with how many moves that player made; `None` when the line ends
/// otherwise, or has an illegal move.
pub fn captured_at_end(
    board: &Position,
    rules: &Rules,
    line: &[(Color, Move)],
) -> Option<(Point, u32)> {
    let &(attacker, _) = line.first()?;
    let mut game = Game::new(board.to_board(), attacker, *rules);
    let mut last_capture = Vec::new();
    let mut attacker_moves = 0;
    for &(color, mv) in line {
        let played = game.play(color, mv).ok()?;
        if color == attacker {
            attacker_moves += 1;
        }
        last_capture = if color == attacker {
            played.captured
        } else {
            Vec::new()
        };
    }
    let group = last_capture
        .into_iter()
        .filter(|&p| board.stone(p) == Some(attacker.opponent()))
        .min()?;
    Some((group, attacker_moves))
}

/// The points of `these` that `others` does not hold, written out.
fn not_in(these: &[Point], others: &[Point]) -> Vec<String> {
    these
        .iter()
        .filter(|p| !others.contains(p))
        .map(Point::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_s_words_state_its_goal_in_each_language() {
        use StatedGoal::*;
        let cases: &[(&[&str], Option<StatedGoal>)] = &[
            (&["Black to capture."], Some(Capture)),
            (&["Capture on the edge", "Black to play"], Some(Capture)),
            (&["Black to kill."], Some(Other)),
            (&["White to live"], Some(Other)),
            (&["Capture the cutting stones to live"], Some(Other)),
            (&["黒先取る"], Some(Capture)),
            (&["黑先吃子"], Some(Capture)),
            // Words that hold a capture word but ask no capture.
            (&["Black to play and take sente"], Some(Other)),
            (&["黑先，不吃亏"], None),
            (&["黑先取胜"], None),
            (&["복잡한 모양"], None),
            (&["黒先、取られないように"], Some(Other)),
            (&["黑先杀"], Some(Other)),
            (&["黒先生き"], Some(Other)),
            (&["Elementary"], None),
            (&["Black to play", ""], None),
            // A word inside another is not the word: "mistake", "kilometre".
            (&["No mistake here, kilometres away"], None),
        ];
        for (texts, want) in cases {
            assert_eq!(stated_goal(texts), *want, "{texts:?}");
        }
    }
}
