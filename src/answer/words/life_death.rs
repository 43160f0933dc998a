//! A `kill` or `live` answer in words: the proven status, every first move that works with its
//! line, each tempting try with its refutation, and where the source differs (errata).

use super::{Sentence, line_text, sentence};
use crate::answer::Erratum;
use crate::rules::life_death::{self, Goal, Solution, Status, Unsolvable};
use crate::rules::reading::LineMove;
use crate::rules::{Color, Move, Point};
use crate::wording::Wording;

/// The name of a status's words in the wording: `ld_status_dead` ("dies unconditionally").
fn status_key(status: Status) -> &'static str {
    match status {
        Status::Dead => "ld_status_dead",
        Status::Ko => "ld_status_ko",
        Status::Seki => "ld_status_seki",
        Status::Alive => "ld_status_alive",
    }
}

/// A status in words: `dies unconditionally`, `lives in seki`.
pub(super) fn status_words(status: Status, wording: &Wording) -> &str {
    wording.get(status_key(status))
}

/// For a ko: the side that must find the first ko threat along the first working line.
fn first_ko_threat(solution: &Solution) -> Option<Color> {
    let side = solution.accepted.first().and_then(|a| a.ko_threat);
    side.filter(|_| solution.status == Status::Ko)
}

/// Where `line` goes on after both sides pass (the position judged as at the end of a game,
/// see [`crate::rules::life_death`]): the numbers of the two passes in a line numbered from 1.
fn judged_at(line: &[LineMove]) -> Option<(usize, usize)> {
    line.windows(3)
        .position(|w| w[0].1 == Move::Pass && w[1].1 == Move::Pass && w[2].1 != Move::Pass)
        .map(|at| (at + 1, at + 2))
}

/// The answer's sentences; `mover` is the side to play, `color` the group's.
pub(super) fn life_death_sentences(
    goal: Goal,
    (chain, color, mover): (&[Point], Color, Color),
    proof: &Result<Solution, Unsolvable>,
    (errata, source): (&[Erratum], Option<&str>),
    wording: &Wording,
) -> Vec<Sentence> {
    let color_word = |c: Color| wording.get(c.name()).to_string();
    let group = chain.first().map(ToString::to_string).unwrap_or_default();
    let status_word = |s: Status| wording.get(status_key(s)).to_string();
    let fill = |key: &str, args: &[(&str, String)]| {
        let mut all: Vec<(&str, String)> = vec![
            ("mover", color_word(mover)),
            ("color", color_word(color)),
            ("group", group.clone()),
        ];
        all.extend(args.iter().cloned());
        let all: Vec<(&str, &str)> = all.iter().map(|(k, v)| (*k, v.as_str())).collect();
        sentence(wording, key, &all)
    };
    let solution = match proof {
        Ok(solution) => solution,
        Err(Unsolvable::TooBig(too_big)) => {
            return vec![fill(
                "answer_ld_too_big",
                &[("nodes", too_big.nodes.to_string())],
            )];
        }
        Err(Unsolvable::OpenFrame(p)) => {
            return vec![fill("answer_ld_open", &[("point", p.to_string())])];
        }
        Err(_) => return vec![fill("answer_ld_unproven", &[])],
    };
    let mut out = vec![fill(
        "answer_ld_status",
        &[("status", status_word(solution.status))],
    )];
    if let Some(side) = first_ko_threat(solution) {
        out.push(fill("answer_ld_ko_threat", &[("side", color_word(side))]));
    }
    if solution.accepted.is_empty() {
        out.push(fill(
            match goal {
                Goal::Kill => "answer_ld_kill_none",
                Goal::Live => "answer_ld_live_none",
            },
            &[],
        ));
    }
    // A line that goes on after both sides pass says how the position is judged.
    let attacker = life_death::attacker(goal, mover);
    let judged = |line: &[LineMove]| {
        judged_at(line).map(|(first, second)| {
            fill(
                "answer_ld_judged",
                &[
                    ("first", first.to_string()),
                    ("second", second.to_string()),
                    ("attacker", color_word(attacker)),
                    ("defender", color_word(attacker.opponent())),
                ],
            )
        })
    };
    for a in &solution.accepted {
        out.push(fill(
            "answer_ld_works",
            &[
                ("point", a.first.to_string()),
                ("line", line_text(&a.line, 1, wording)),
            ],
        ));
        out.extend(judged(&a.line));
    }
    for r in &solution.refuted {
        let mut args = vec![
            ("point", r.first.to_string()),
            ("status", status_word(r.status)),
        ];
        let key = if r.line.len() > 1 {
            args.push(("line", line_text(&r.line[1..], 2, wording)));
            "answer_ld_refuted"
        } else {
            "answer_ld_refuted_alone"
        };
        out.push(fill(key, &args));
        out.extend(judged(&r.line));
    }
    let source = source
        .unwrap_or_else(|| wording.get("ld_source_default"))
        .to_string();
    for e in errata {
        let (key, mut args) = erratum_words(e, solution, wording);
        args.push(("source", source.clone()));
        out.push(fill(key, &args));
    }
    out
}

/// The wording key of an erratum and its arguments (the source's name is added by the caller).
fn erratum_words(
    e: &Erratum,
    solution: &Solution,
    wording: &Wording,
) -> (&'static str, Vec<(&'static str, String)>) {
    match e {
        Erratum::CorrectFails {
            first,
            status: Some(status),
            line,
        } if line.len() > 1 => (
            "erratum_correct_fails",
            vec![
                ("point", first.to_string()),
                ("status", wording.get(status_key(*status)).to_string()),
                ("line", line_text(&line[1..], 2, wording)),
            ],
        ),
        Erratum::CorrectFails { first, .. } => {
            ("erratum_correct_unread", vec![("point", first.to_string())])
        }
        Erratum::AlsoWorks { first, line } => (
            "erratum_also_works",
            vec![
                ("point", first.to_string()),
                ("line", line_text(line, 1, wording)),
            ],
        ),
        Erratum::WrongWorks { first, line } => (
            "erratum_wrong_works",
            vec![
                ("point", first.to_string()),
                ("line", line_text(line, 1, wording)),
            ],
        ),
        Erratum::OutsideRegion { first } => {
            ("note_outside_region", vec![("point", first.to_string())])
        }
        Erratum::Unstated { status } => match (status, first_ko_threat(solution)) {
            (Status::Ko, Some(side)) => (
                "erratum_ko_threat",
                vec![("side", wording.get(side.name()).to_string())],
            ),
            (Status::Ko, None) => ("erratum_ko", Vec::new()),
            _ => ("erratum_seki", Vec::new()),
        },
    }
}
