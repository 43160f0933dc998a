//! The answer key as one JSON object, for programs: each example with its title, prompt and
//! position as printed, and what the engine found. Numbers are whole where they are whole
//! (`43`, not `43.0`), as `replay` writes them.

use serde_json::{Map, Value, json};

use crate::answer::{Answer, AnswerKey, Erratum, ExampleAnswer, note_text, unsolvable_name};
use crate::kit::{Example, Kit};
use crate::layout::prompt;
use crate::rules::life_death::{Goal as LdGoal, Solution as LdSolution, Status, Tried, Unsolvable};
use crate::rules::reading::{Goal, Solution};
use crate::rules::{Color, Move, Point, Score, Scoring};
use crate::run::report_json::{BoardStones, MoveEntry, Points, Tally, Total};

/// The key as one JSON object: `{"title", "fingerprint", "examples": [...]}`.
pub fn key_json(kit: &Kit, key: &AnswerKey) -> Value {
    json!({
        "title": key.title,
        "fingerprint": key.fingerprint,
        "examples": kit
            .examples
            .iter()
            .zip(&key.examples)
            .map(|(example, answer)| example_json(kit, example, answer))
            .collect::<Vec<_>>(),
    })
}

fn example_json(kit: &Kit, example: &Example, answer: &ExampleAnswer) -> Value {
    let w = &kit.wording;
    json!({
        "number": answer.number,
        "title": prompt::title(example, w),
        "prompt": prompt::prompt(kit, example),
        "task": answer.task.name(),
        "to_play": answer.to_play.map(Color::name),
        "position": BoardStones::of(&example.board),
        "answer": answer_json(kit, answer),
    })
}

fn answer_json(kit: &Kit, example: &ExampleAnswer) -> Value {
    match &example.answer {
        Answer::Capture { moves } => json!({
            "moves": moves.iter().map(|m| json!({
                "point": m.point.to_string(),
                "captured": Points::of(&m.captured),
            })).collect::<Vec<_>>(),
        }),
        Answer::Liberties {
            color,
            chain,
            liberties,
        } => json!({
            "color": color.name(),
            "chain": Points::of(chain),
            "liberties": Points::of(liberties),
        }),
        Answer::Legal {
            reason,
            captured,
            point,
            suicided,
        } => {
            let mut entry = json!({
                "point": point.to_string(),
                "legal": reason.is_none(),
                "reason": reason.map(|r| r.name()),
                "captured": Points::of(captured),
            });
            // Only where the kit allows suicide, so other kits' keys read as before.
            if let (false, Value::Object(fields)) = (suicided.is_empty(), &mut entry) {
                fields.insert("suicided".into(), json!(Points::of(suicided)));
            }
            entry
        }
        Answer::Sequence {
            moves,
            board,
            captures,
        } => json!({
            "moves": moves.iter().map(|report| {
                let mut entry = json!(MoveEntry::of(report));
                let note = example.figure.placement_note(report.number);
                if let (Some(note), Value::Object(fields)) = (note, &mut entry) {
                    fields.insert("note".into(), json!(note_text(note, &kit.wording)));
                }
                entry
            }).collect::<Vec<_>>(),
            "board": BoardStones::of(board),
            "captures": Tally::of(*captures),
        }),
        Answer::Score(s) => score_json(s),
        Answer::Reading {
            goal,
            chain,
            color,
            within,
            proof,
        } => reading_json(*goal, (chain, *color), *within, proof.as_ref().ok()),
        Answer::Solve {
            accepted,
            correct,
            wrong,
            source,
        } => solve_json(kit, accepted, (correct, wrong), source.as_deref()),
        Answer::LifeDeath {
            goal,
            chain,
            color,
            proof,
            errata,
            source,
        } => life_death_json(*goal, (chain, *color), proof, errata, source.as_deref()),
    }
}

/// A `kill` or `live` answer: the question, then the proof (`result`: `kill`, `live`, `seki`
/// or `ko`; every accepted first move with its line, `moves` holding the same as a reading
/// problem's; the main line; each refuted try with its refutation; the errata), or
/// `proven: false` with the reason (`too-big`, `open-region`).
fn life_death_json(
    goal: LdGoal,
    (chain, color): (&[Point], Color),
    proof: &Result<LdSolution, Unsolvable>,
    errata: &[Erratum],
    source: Option<&str>,
) -> Value {
    let mut fields = Map::new();
    fields.insert(
        "goal".into(),
        json!(match goal {
            LdGoal::Kill => "kill",
            LdGoal::Live => "live",
        }),
    );
    fields.insert("color".into(), json!(color.name()));
    fields.insert("chain".into(), json!(Points::of(chain)));
    fields.insert("source".into(), json!(source));
    let solution = match proof {
        Ok(solution) => solution,
        Err(why) => {
            fields.insert("proven".into(), json!(false));
            fields.insert("reason".into(), json!(unsolvable_name(why)));
            if let Unsolvable::TooBig(too_big) = why {
                fields.insert("positions_read".into(), json!(too_big.nodes));
            }
            if let Unsolvable::OpenFrame(p) = why {
                fields.insert("open_at".into(), json!(p.to_string()));
            }
            return Value::Object(fields);
        }
    };
    let tried = |t: &Tried| {
        json!({
            "point": t.first.to_string(),
            "status": status_name(t.status),
            "line": line_json(&t.line),
            "ko_threat_first": t.ko_threat.map(|c| c.name()),
        })
    };
    let accepted: Vec<Value> = solution.accepted.iter().map(tried).collect();
    fields.insert("proven".into(), json!(true));
    fields.insert("result".into(), json!(result_name(solution.status)));
    fields.insert("status".into(), json!(status_name(solution.status)));
    fields.insert("accepted".into(), json!(accepted));
    fields.insert("moves".into(), json!(accepted));
    fields.insert(
        "main_line".into(),
        json!(
            solution
                .accepted
                .first()
                .map_or_else(Vec::new, |a| line_json(&a.line))
        ),
    );
    fields.insert(
        "refuted".into(),
        json!(solution.refuted.iter().map(tried).collect::<Vec<_>>()),
    );
    fields.insert("region".into(), json!(Points::of(&solution.region)));
    fields.insert("positions_read".into(), json!(solution.nodes));
    fields.insert(
        "errata".into(),
        json!(errata.iter().map(erratum_json).collect::<Vec<_>>()),
    );
    Value::Object(fields)
}

/// One erratum: `kind` (`correct-fails`, `also-works`, `wrong-works`, `unstated-ko`,
/// `unstated-seki`, or `outside-region`: a correct move the proof did not read), the first move and the line that shows it where there is one.
fn erratum_json(e: &Erratum) -> Value {
    match e {
        Erratum::CorrectFails {
            first,
            status,
            line,
        } => json!({
            "kind": "correct-fails",
            "point": first.to_string(),
            "status": status.map(status_name),
            "line": line_json(line),
        }),
        Erratum::AlsoWorks { first, line } => json!({
            "kind": "also-works",
            "point": first.to_string(),
            "line": line_json(line),
        }),
        Erratum::WrongWorks { first, line } => json!({
            "kind": "wrong-works",
            "point": first.to_string(),
            "line": line_json(line),
        }),
        Erratum::OutsideRegion { first } => json!({
            "kind": "outside-region",
            "point": first.to_string(),
        }),
        Erratum::Unstated { status } => json!({
            "kind": if *status == Status::Ko { "unstated-ko" } else { "unstated-seki" },
        }),
    }
}

/// The group's status as programs read it: `dead`, `ko`, `seki`, `alive`.
fn status_name(status: Status) -> &'static str {
    match status {
        Status::Dead => "dead",
        Status::Ko => "ko",
        Status::Seki => "seki",
        Status::Alive => "alive",
    }
}

/// The result as the issue names it: `kill`, `ko`, `seki`, `live`.
fn result_name(status: Status) -> &'static str {
    match status {
        Status::Dead => "kill",
        Status::Ko => "ko",
        Status::Seki => "seki",
        Status::Alive => "live",
    }
}

/// A reading problem's answer: its question, and the proof (every first move that works with
/// its line, the refuted tries, the positions read), or `proven: false` past the budget.
fn reading_json(
    goal: Goal,
    (chain, color): (&[Point], Color),
    within: u32,
    proof: Option<&Solution>,
) -> Value {
    let mut fields = Map::new();
    fields.insert("goal".into(), json!(goal_name(goal)));
    fields.insert("color".into(), json!(color.name()));
    fields.insert("chain".into(), json!(Points::of(chain)));
    fields.insert("within".into(), json!(within));
    match proof {
        Some(solution) => {
            let lines = |found: &mut dyn Iterator<Item = (Point, &Line)>| {
                found
                    .map(|(point, line)| json!({"point": point.to_string(), "line": line_json(line)}))
                    .collect::<Vec<_>>()
            };
            fields.insert("proven".into(), json!(true));
            fields.insert(
                "moves".into(),
                json!(lines(
                    &mut solution.accepted.iter().map(|a| (a.point, &a.line))
                )),
            );
            fields.insert(
                "refuted".into(),
                json!(lines(
                    &mut solution.refuted.iter().map(|r| (r.point, &r.line))
                )),
            );
            fields.insert("positions_read".into(), json!(solution.nodes));
        }
        None => {
            fields.insert("proven".into(), json!(false));
        }
    }
    Value::Object(fields)
}

/// A line of moves with their colours.
type Line = Vec<(Color, Move)>;

/// A problem answered by its source: the same shape as a reading problem's proof, with
/// `proven: false` and whose answer it is, so a program reads `moves[].point` for either.
fn solve_json(
    kit: &Kit,
    accepted: &[Point],
    (correct, wrong): (&[Line], &[Line]),
    source: Option<&str>,
) -> Value {
    let first_line = |p: &Point| {
        correct
            .iter()
            .find(|l| l.first().map(|&(_, m)| m) == Some(Move::Play(*p)))
            .map_or_else(Vec::new, |l| line_json(l))
    };
    json!({
        "proven": false,
        "answer_by": source.unwrap_or_else(|| kit.wording.get("solve_source_default")),
        "moves": accepted.iter().map(|p| json!({
            "point": p.to_string(),
            "line": first_line(p),
        })).collect::<Vec<_>>(),
        "correct_lines": correct.iter().map(|l| line_json(l)).collect::<Vec<_>>(),
        "refuted": wrong.iter().filter_map(|l| Some(json!({
            "point": l.first()?.1.to_string(),
            "line": line_json(l),
        }))).collect::<Vec<_>>(),
    })
}

/// A line of moves as `[{"color", "point"}]`.
fn line_json(line: &[(Color, Move)]) -> Vec<Value> {
    line.iter()
        .map(|&(c, m)| json!({"color": c.name(), "point": m.to_string()}))
        .collect()
}

/// A reading goal as the kit names its task.
fn goal_name(goal: Goal) -> &'static str {
    match goal {
        Goal::Capture => "capture",
        Goal::Escape => "escape",
    }
}

fn score_json(s: &Score) -> Value {
    let side = |color: Color, total: f64| {
        let i = color.index();
        let mut fields = Map::new();
        if s.scoring == Scoring::Area {
            fields.insert("stones".into(), json!(s.stones[i]));
        }
        if s.scoring != Scoring::Captures {
            fields.insert("territory".into(), json!(s.territory[i]));
        }
        if s.scoring != Scoring::Area {
            fields.insert("prisoners".into(), json!(s.prisoners[i]));
        }
        fields.insert("komi".into(), json!(Total::of(s.komi_of(color))));
        fields.insert("total".into(), json!(Total::of(total)));
        Value::Object(fields)
    };
    json!({
        "scoring": s.scoring.name(),
        "black": Total::of(s.black),
        "white": Total::of(s.white),
        "winner": s.winner.map(Color::name),
        "margin": Total::of(s.margin),
        "breakdown": {
            "black": side(Color::Black, s.black),
            "white": side(Color::White, s.white),
        },
    })
}
