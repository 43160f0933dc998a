//! The `key` command: every example with its board and the answer the rules engine computed,
//! as text for a host or one JSON object for programs.

use std::path::Path;

use serde_json::{Value, json};

use super::check::check_source;
use super::{Console, Failure, KIT_LIMIT, Outcome, output_error, read_text};
use crate::answer::{Answer, AnswerKey, ExampleAnswer, MarkKind, describe};
use crate::cli::OutputFormat;
use crate::diag::Source;
use crate::kit::Task;
use crate::report_json::{board_json, captures_json, move_json, points_json};
use crate::rules::{Color, diagram};
use crate::text::Wording;

/// The diagram character for each kind of mark.
pub fn mark_char(kind: MarkKind) -> char {
    match kind {
        MarkKind::Move => '*',
        MarkKind::Captured => '#',
        MarkKind::Liberty => 'a',
    }
}

/// Prints every example with its board and computed answer; a kit that fails its check gets
/// its diagnostics printed and exit 1.
pub fn run(
    kit: &Path,
    format: OutputFormat,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    let source = Source::new(kit.display().to_string(), read_text(kit, KIT_LIMIT)?);
    let (kit, key) = match check_source(&source, None) {
        Ok((kit, key, _)) => (kit, key),
        Err(diagnostics) => {
            write!(console.err, "{}", source.render_all(&diagnostics)).map_err(output_error)?;
            return Ok(Outcome::CheckFailed);
        }
    };
    let text = match format {
        OutputFormat::Text => key_text(&key, &kit.wording),
        OutputFormat::Json => {
            let mut s = serde_json::to_string_pretty(&key_json(&key))
                .map_err(|e| Failure::new(format!("cannot write json: {e}")))?;
            s.push('\n');
            s
        }
    };
    console
        .out
        .write_all(text.as_bytes())
        .map_err(output_error)?;
    Ok(Outcome::Success)
}

/// The key as text: a heading, the mark legend, then each example's board and answer in words.
pub fn key_text(key: &AnswerKey, wording: &Wording) -> String {
    let mut out = wording.fill(
        "key_heading",
        &[("title", &key.title), ("fingerprint", &key.fingerprint)],
    );
    out.push('\n');
    out.push_str(wording.get("key_legend"));
    out.push('\n');
    for example in &key.examples {
        out.push('\n');
        out.push_str(&example_heading(example, wording));
        out.push('\n');
        let marks: Vec<_> = example
            .marks
            .iter()
            .filter(|m| {
                !(matches!(example.task, Task::Sequence { .. }) && m.kind == MarkKind::Move)
            })
            .map(|m| (m.point, mark_char(m.kind)))
            .collect();
        out.push_str(&diagram::render(&example.board, &marks));
        for line in describe(example, wording) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

fn example_heading(example: &ExampleAnswer, wording: &Wording) -> String {
    let number = example.number.to_string();
    let task = wording
        .get(&format!("task_{}", example.task.name()))
        .to_string();
    match example.to_play {
        Some(c) => wording.fill(
            "key_example_to_play",
            &[
                ("number", &number),
                ("task", &task),
                ("color", wording.get(c.name())),
            ],
        ),
        None => wording.fill("key_example", &[("number", &number), ("task", &task)]),
    }
}

/// The key as one JSON object: `{"title", "fingerprint", "examples": [...]}`.
pub fn key_json(key: &AnswerKey) -> Value {
    json!({
        "title": key.title,
        "fingerprint": key.fingerprint,
        "examples": key.examples.iter().map(example_json).collect::<Vec<_>>(),
    })
}

fn example_json(example: &ExampleAnswer) -> Value {
    json!({
        "number": example.number,
        "task": example.task.name(),
        "to_play": example.to_play.map(Color::name),
        "answer": answer_json(example),
    })
}

fn answer_json(example: &ExampleAnswer) -> Value {
    match &example.answer {
        Answer::Capture { moves } => json!({
            "moves": moves.iter().map(|m| json!({
                "point": m.point.to_string(),
                "captured": points_json(&m.captured),
            })).collect::<Vec<_>>(),
        }),
        Answer::Liberties {
            color,
            chain,
            liberties,
        } => json!({
            "color": color.name(),
            "chain": points_json(chain),
            "liberties": points_json(liberties),
        }),
        Answer::Legal {
            reason,
            captured,
            point,
        } => json!({
            "point": point.to_string(),
            "legal": reason.is_none(),
            "reason": reason.map(|r| r.name()),
            "captured": points_json(captured),
        }),
        Answer::Sequence { moves, captures } => json!({
            "moves": moves.iter().map(move_json).collect::<Vec<_>>(),
            "board": board_json(&example.board),
            "captures": captures_json(*captures),
        }),
        Answer::Score(s) => json!({
            "scoring": s.scoring.name(),
            "black": s.black,
            "white": s.white,
            "winner": s.winner.map(Color::name),
            "margin": s.margin,
        }),
    }
}
