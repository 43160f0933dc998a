//! The answers that are readings in words: a problem answered by its source (its correct lines
//! and wrong tries), and a capture or escape the solver read, with its proof or its limit.

use super::{Sentence, line_text, moves_count, points_in, sentence};
use crate::rules::reading::{Goal, Solution, Unreadable};
use crate::rules::{Color, Move, Point};
use crate::wording::Wording;

/// A problem answered by its source: each accepted first move, each correct line, each wrong
/// try with its refutation, and whose answer it is.
pub(super) fn solve_sentences(
    accepted: &[Point],
    correct: &[Vec<(Color, Move)>],
    wrong: &[Vec<(Color, Move)>],
    source: Option<&str>,
    wording: &Wording,
) -> Vec<Sentence> {
    let mut out: Vec<Sentence> = accepted
        .iter()
        .map(|p| sentence(wording, "answer_solve", &[("point", &p.to_string())]))
        .collect();
    for line in correct.iter().filter(|l| l.len() > 1) {
        out.push(sentence(
            wording,
            "answer_solve_line",
            &[("line", &line_text(line, 1, wording))],
        ));
    }
    for line in wrong {
        let Some(&(_, first)) = line.first() else {
            continue;
        };
        let point = first.to_string();
        out.push(if line.len() > 1 {
            sentence(
                wording,
                "answer_solve_wrong",
                &[
                    ("point", &point),
                    ("line", &line_text(&line[1..], 2, wording)),
                ],
            )
        } else {
            sentence(wording, "answer_solve_wrong_alone", &[("point", &point)])
        });
    }
    let source = source.unwrap_or_else(|| wording.get("solve_source_default"));
    out.push(Sentence {
        line: wording.fill("answer_solve_source", &[("source", source)]),
        claim: None,
    });
    out
}

/// A reading problem's answer: each first move that works, the main line of the first, then
/// each tempting try that fails with its refutation.
pub(super) fn reading_sentences(
    goal: Goal,
    chain: &[Point],
    color: Color,
    within: u32,
    proof: &Result<Solution, Unreadable>,
    wording: &Wording,
) -> Vec<Sentence> {
    let color_word = |c: Color| wording.get(c.name()).to_string();
    let chain_text = points_in(chain, wording);
    let moves = moves_count(within, wording);
    let mover = match goal {
        Goal::Capture => color.opponent(),
        Goal::Escape => color,
    };
    let args = |point: &str| {
        vec![
            ("point", point.to_string()),
            ("mover", color_word(mover)),
            ("color", color_word(color)),
            ("chain", chain_text.clone()),
            ("moves", moves.clone()),
        ]
    };
    let fill = |key: &str, args: Vec<(&str, String)>| {
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        sentence(wording, key, &args)
    };
    let solution = match proof {
        Ok(solution) => solution,
        Err(_) => return vec![fill("answer_read_unproven", args(""))],
    };
    let (works, none, fails) = match goal {
        Goal::Capture => (
            "answer_read_capture",
            "answer_read_capture_none",
            "answer_read_capture_refuted",
        ),
        Goal::Escape => (
            "answer_read_escape",
            "answer_read_escape_none",
            "answer_read_escape_refuted",
        ),
    };
    let mut out = Vec::new();
    if solution.accepted.is_empty() {
        out.push(fill(none, args("")));
    }
    for accepted in &solution.accepted {
        out.push(fill(works, args(&accepted.point.to_string())));
    }
    if let Some(first) = solution.accepted.first()
        && first.line.len() > 1
    {
        let mut a = args(&first.point.to_string());
        a.push(("line", line_text(&first.line, 1, wording)));
        out.push(fill("answer_read_line", a));
    }
    for refuted in &solution.refuted {
        let mut a = args(&refuted.point.to_string());
        let refutation = match refuted.line.get(1) {
            None => String::new(),
            Some(&(c, Move::Pass)) => wording.fill("read_reply_pass", &[("color", &color_word(c))]),
            Some(_) if goal == Goal::Escape => line_text(&refuted.line[1..], 2, wording),
            Some(&(c, Move::Play(p))) => wording.fill(
                "read_reply",
                &[("color", &color_word(c)), ("point", &p.to_string())],
            ),
        };
        a.push(("refutation", refutation));
        out.push(fill(fails, a));
    }
    out
}
