//! A kit as an SGF (FF[4]) collection: one game per example, the position as setup stones, the
//! root's comment holding the question alone, and the answer as moves in the nodes after it, in
//! words in their comments (a capture on each, liberties marked, a sequence as the main line).
//!
//! Each root also carries libertykit's own property `LK` (FF[4] allows private properties):
//! the task and its fields and the kit's rules, so that `import` gives back the same kit. Other
//! programs ignore it. docs/sgf.md gives the mapping in full.

use std::fmt::Write as _;

use crate::answer::{Answer, AnswerKey, ExampleAnswer, describe};
use crate::kit::{Example, Kit, Task, View};
use crate::rules::life_death::Solution as LdSolution;
use crate::rules::reading::Solution;
use crate::rules::{Color, Move, Point, Position, Rules, Scoring, SuicideRule};

/// What the SGF says of one example besides its answer: the question as the pack prints it.
#[derive(Debug, Clone)]
pub struct Question {
    /// The prompt printed under the example: the author's, or the one generated for its task.
    pub prompt: String,
}

/// The whole collection: one game tree per example, in order. `questions` holds each example's
/// prompt as printed (the pack's layer words it); `version` goes into `AP`.
pub fn sgf_collection(kit: &Kit, key: &AnswerKey, questions: &[Question], version: &str) -> String {
    let mut out = String::new();
    for ((example, answer), question) in kit.examples.iter().zip(&key.examples).zip(questions) {
        game(&mut out, kit, example, answer, question, version);
    }
    out
}

/// One example as a game tree.
fn game(
    out: &mut String,
    kit: &Kit,
    example: &Example,
    answer: &ExampleAnswer,
    question: &Question,
    version: &str,
) {
    let n = kit.size.get();
    let w = &kit.wording;
    let _ = write!(
        out,
        "(;GM[1]FF[4]CA[UTF-8]AP[libertykit:{}]SZ[{n}]",
        escape(version)
    );
    let title = example.title.clone().unwrap_or_else(|| {
        w.fill(
            "example_heading",
            &[("number", &example.number.to_string())],
        )
    });
    let _ = write!(out, "GN[{}]EV[{}]", escape(&title), escape(&kit.title));
    if let Some(c) = example.to_play {
        out.push_str(if c == Color::Black { "PL[B]" } else { "PL[W]" });
    }
    if kit.rules.komi != 0.0 {
        let _ = write!(out, "KM[{}]", kit.rules.komi);
    }
    out.push('\n');
    let words = describe(answer, w);
    out.push_str("LK");
    for entry in private_entries(example, kit) {
        let _ = write!(out, "[{}]", escape(&entry));
    }
    out.push('\n');
    if let Some((view, _)) = &example.view {
        let _ = write!(out, "VW[{}]", rectangle(*view, n));
    }
    setup(out, &example.board, n);
    match &example.task {
        Task::Liberties { group } => {
            let _ = write!(out, "SQ[{}]", xy(*group, n));
        }
        Task::Score { dead } if !dead.is_empty() => {
            let _ = write!(out, "TR{}", points(dead, n));
        }
        _ => {}
    }
    // The root's comment is what a player reads, in libertykit and in every problem app: the
    // question alone. The answer is in the comments of the nodes after it, where problem apps
    // keep theirs.
    let _ = writeln!(out, "C[{}]", escape(&question.prompt));
    answer_nodes(out, example, answer, &words, n);
    out.push_str(")\n");
}

/// The nodes after the root: the answer as moves and marks, each with its words as a comment.
fn answer_nodes(
    out: &mut String,
    example: &Example,
    answer: &ExampleAnswer,
    words: &[String],
    n: u8,
) {
    let mover = example.to_play.unwrap_or(Color::Black);
    match (&example.task, &answer.answer) {
        (Task::Capture, Answer::Capture { moves }) if !moves.is_empty() => {
            let branch = moves.len() > 1;
            for (m, line) in moves.iter().zip(words) {
                if branch {
                    out.push('(');
                }
                let _ = writeln!(
                    out,
                    ";{}[{}]TE[1]C[{}]",
                    move_id(mover),
                    xy(m.point, n),
                    escape(line)
                );
                if branch {
                    out.push_str(")\n");
                }
            }
        }
        (
            Task::Reading { .. },
            Answer::Reading {
                proof: Ok(solution),
                ..
            },
        ) if !solution.accepted.is_empty() || !solution.refuted.is_empty() => {
            reading_nodes(out, solution, words, n);
        }
        (Task::Solve { correct, wrong, .. }, Answer::Solve { .. }) => {
            // Each correct line is a variation marked good (`TE`) at its first move, each wrong
            // try one marked bad (`BM`) with its refutation; the answer's words go with the
            // first, as problem apps show a comment.
            let branch = correct.len() + wrong.len() > 1;
            let lines = correct
                .iter()
                .map(|l| (l, "TE"))
                .chain(wrong.iter().map(|l| (l, "BM")));
            for (k, (line, mark)) in lines.enumerate() {
                let comment = (k == 0).then(|| escape(&words.join("\n")));
                variation(out, branch, line, (mark, comment.as_deref()), n);
            }
        }
        (
            Task::LifeDeath { .. },
            Answer::LifeDeath {
                proof: Ok(solution),
                ..
            },
        ) if !solution.accepted.is_empty() || !solution.refuted.is_empty() => {
            life_death_nodes(out, solution, words, n);
        }
        (Task::Liberties { .. }, Answer::Liberties { liberties, .. }) => {
            let _ = writeln!(
                out,
                ";TR{}C[{}]",
                points(liberties, n),
                escape(&words.join("\n"))
            );
        }
        (Task::Legal { mv, history }, _) => {
            for &(color, m) in history {
                let _ = writeln!(out, ";{}[{}]", move_id(color), move_value(m, n));
            }
            let _ = writeln!(
                out,
                ";{}[{}]C[{}]",
                move_id(mover),
                xy(*mv, n),
                escape(&words.join("\n"))
            );
        }
        (Task::Sequence { moves }, _) => {
            let last = moves.len().saturating_sub(1);
            for (i, &(color, m)) in moves.iter().enumerate() {
                // One line per move, the tally with the last.
                let comment = if i == last {
                    words[i.min(words.len())..].join("\n")
                } else {
                    words.get(i).cloned().unwrap_or_default()
                };
                let _ = writeln!(
                    out,
                    ";{}[{}]C[{}]",
                    move_id(color),
                    move_value(m, n),
                    escape(&comment)
                );
            }
        }
        (Task::Score { .. }, Answer::Score(s)) => {
            out.push(';');
            if s.scoring != Scoring::Captures {
                for (id, color) in [("TB", Color::Black), ("TW", Color::White)] {
                    let counted = &s.territory_points[color.index()];
                    if !counted.is_empty() {
                        out.push_str(id);
                        out.push_str(&points(counted, n));
                    }
                }
            }
            let _ = writeln!(out, "C[{}]", escape(&words.join("\n")));
        }
        _ => {
            let _ = writeln!(out, ";C[{}]", escape(&words.join("\n")));
        }
    }
}

/// A reading problem's answer as variations: each first move that works marked good (`TE`),
/// the first with its main line; each tempting try that fails marked bad (`BM`) with its
/// refutation, as problem collections mark theirs.
fn reading_nodes(out: &mut String, solution: &Solution, words: &[String], n: u8) {
    let branch = solution.accepted.len() + solution.refuted.len() > 1;
    // `words` holds a sentence per accepted move (or the one saying none works), the main
    // line's when it has more than the first move, then one per refuted try.
    let accepted = solution.accepted.len();
    let main_line = solution.accepted.first().is_some_and(|a| a.line.len() > 1);
    let refuted_from = accepted.max(1) + usize::from(main_line);
    let said = |range: std::ops::Range<usize>| {
        escape(&words.get(range).map(|w| w.join("\n")).unwrap_or_default())
    };
    for (i, a) in solution.accepted.iter().enumerate() {
        let shown = if i == 0 { a.line.len() } else { 1 };
        let mut comment = said(i..i + 1);
        if i == 0 && main_line {
            comment.push('\n');
            comment.push_str(&said(accepted..accepted + 1));
        }
        variation(out, branch, &a.line[..shown], ("TE", Some(&comment)), n);
    }
    for (j, r) in solution.refuted.iter().enumerate() {
        let at = refuted_from + j;
        variation(out, branch, &r.line, ("BM", Some(&said(at..at + 1))), n);
    }
}

/// A life-and-death proof as a problem collection marks its tree: each first move that works
/// (`TE`) with its line, each refuted try (`BM`) with its refutation; the words (the status,
/// every line, the errata) go with the first, as in `solve`.
fn life_death_nodes(out: &mut String, solution: &LdSolution, words: &[String], n: u8) {
    let branch = solution.accepted.len() + solution.refuted.len() > 1;
    let lines = solution
        .accepted
        .iter()
        .map(|a| (&a.line, "TE"))
        .chain(solution.refuted.iter().map(|r| (&r.line, "BM")));
    for (k, (line, mark)) in lines.enumerate() {
        let comment = (k == 0).then(|| escape(&words.join("\n")));
        variation(out, branch, line, (mark, comment.as_deref()), n);
    }
}

/// One line of moves, in parentheses when it is one `branch` of several, its first move
/// marked with `mark` (`TE`, `BM`) and given `comment`, already escaped.
fn variation(
    out: &mut String,
    branch: bool,
    line: &[(Color, Move)],
    (mark, comment): (&str, Option<&str>),
    n: u8,
) {
    if branch {
        out.push('(');
    }
    for (i, &(color, m)) in line.iter().enumerate() {
        let _ = write!(out, ";{}[{}]", move_id(color), move_value(m, n));
        if i == 0 {
            let _ = write!(out, "{mark}[1]");
            if let Some(comment) = comment {
                let _ = write!(out, "C[{comment}]");
            }
        }
    }
    out.push('\n');
    if branch {
        out.push_str(")\n");
    }
}

/// The `LK` values: the task and its fields, the kit's rules, language and font, and which of
/// the title and the prompt libertykit made up (so that import leaves them out again).
fn private_entries(example: &Example, kit: &Kit) -> Vec<String> {
    let rules: &Rules = &kit.rules;
    let mut entries = vec![format!("task={}", example.task.name())];
    match &example.task {
        Task::Liberties { group } => entries.push(format!("group={group}")),
        Task::Reading { group, within, .. } => {
            entries.push(format!("group={group}"));
            entries.push(format!("within={within}"));
        }
        Task::Score { dead } if !dead.is_empty() => {
            let dead: Vec<String> = dead.iter().map(ToString::to_string).collect();
            entries.push(format!("dead={}", dead.join(" ")));
        }
        Task::Solve {
            source: Some(source),
            ..
        } => entries.push(format!("source={source}")),
        Task::LifeDeath {
            group,
            region,
            source,
            ..
        } => {
            entries.push(format!("group={group}"));
            if let Some(r) = region {
                entries.push(format!("region={}:{}", r.low, r.high));
            }
            if let Some(source) = source {
                entries.push(format!("source={source}"));
            }
        }
        _ => {}
    }
    entries.push(format!("ko={}", rules.ko));
    for (name, value) in [
        ("end_passes", rules.end_passes),
        ("max_stones", rules.max_stones),
        ("capture_target", rules.capture_target),
    ] {
        if let Some(v) = value {
            entries.push(format!("{name}={v}"));
        }
    }
    entries.push(format!("scoring={}", rules.scoring));
    if rules.suicide != SuicideRule::Forbidden {
        entries.push(format!("suicide={}", rules.suicide));
    }
    let language = kit.language().code();
    if language != "en" {
        entries.push(format!("language={language}"));
    }
    if let Some((font, _)) = &kit.font {
        entries.push(format!("font={font}"));
    }
    if example.title.is_none() {
        entries.push("generated=title".into());
    }
    if example.prompt.is_none() {
        entries.push("generated=prompt".into());
    }
    entries
}

/// `AB` and `AW` of the position (nothing for a colour with no stone).
fn setup(out: &mut String, board: &Position, n: u8) {
    for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let stones = board.stones(color);
        if !stones.is_empty() {
            out.push_str(id);
            out.push_str(&points(&stones, n));
        }
    }
}

fn move_id(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// A move's value: the point, or empty for a pass (FF[4]).
fn move_value(m: Move, n: u8) -> String {
    match m {
        Move::Play(p) => xy(p, n),
        Move::Pass => String::new(),
    }
}

/// Points as SGF values, `[aa][bb]`.
fn points(points: &[Point], n: u8) -> String {
    points.iter().map(|&p| format!("[{}]", xy(p, n))).collect()
}

/// A point's SGF name: column letter from `a` at the left, row letter from `a` at the top.
pub fn xy(p: Point, n: u8) -> String {
    let row = n - 1 - p.row;
    format!("{}{}", char::from(b'a' + p.col), char::from(b'a' + row))
}

/// A view as an SGF rectangle, upper left `:` lower right.
fn rectangle(view: View, n: u8) -> String {
    let upper_left = Point::new(view.low.col, view.high.row);
    let lower_right = Point::new(view.high.col, view.low.row);
    format!("{}:{}", xy(upper_left, n), xy(lower_right, n))
}

/// Text for an SGF value: `\` and `]` escaped with `\` (FF[4] Text and SimpleText).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_count_rows_from_the_top() {
        // C3 on 5x5 is the centre; A1 the lower left corner, `ae` in SGF; E5 the upper right, `ea`.
        assert_eq!(xy(Point::new(2, 2), 5), "cc");
        assert_eq!(xy(Point::new(0, 0), 5), "ae");
        assert_eq!(xy(Point::new(4, 4), 5), "ea");
        assert_eq!(xy(Point::new(18, 0), 19), "ss");
        let view = View {
            low: Point::new(0, 0),
            high: Point::new(6, 6),
        };
        assert_eq!(rectangle(view, 19), "am:gs");
    }

    #[test]
    fn brackets_and_backslashes_are_escaped() {
        assert_eq!(escape(r"a]b\c"), r"a\]b\\c");
        assert_eq!(escape("plain: text [x]"), r"plain: text [x\]");
    }
}
