//! The kit file import writes: `[kit]`, `[rules]` and one `[[example]]` per game, in the kit's
//! notation, with each key as the engine found it.

use std::fmt::Write as _;

use super::imported::{ImportedExample, ImportedTask};
use crate::answer::{Answer, ExampleAnswer};
use crate::control_chars::{hidden_in_terminal, refused_in_kit, visible};
use crate::rules::life_death;
use crate::rules::reading::Goal;
use crate::rules::{BoardSize, Color, Move, Point, Position};

/// What the kit as a whole says.
#[derive(Debug, Clone)]
pub struct KitHeader {
    /// The SGF file's name, for the comment at the top.
    pub from: String,
    /// `[kit] title`.
    pub title: String,
    /// Further `[kit]` entries (`language`, `font`), each `name = value` as TOML.
    pub kit: Vec<String>,
    /// `[rules] board`.
    pub size: BoardSize,
    /// Further `[rules]` entries, each `name = value` as TOML.
    pub rules: Vec<String>,
}

/// The kit's text; `answers`, when given, fills each example's `key`.
pub fn kit_text(
    header: &KitHeader,
    examples: &[ImportedExample],
    answers: Option<&[ExampleAnswer]>,
) -> String {
    let mut out = String::new();
    // A file's name may hold a line feed or any other control character: shown as an escape,
    // it stays inside this one comment line and cannot start a table of its own.
    let _ = writeln!(
        out,
        "# Imported from {} by `libertykit import`.",
        visible(&header.from)
    );
    out.push_str(
        "# Each `key` is the rules engine's answer, filled in for the author to review: check that\n\
         # it is the answer the example is meant to teach before printing the pack.\n\n",
    );
    let _ = writeln!(out, "[kit]\ntitle = {}", toml_string(&header.title));
    for line in &header.kit {
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    let _ = writeln!(out, "[rules]\nboard = {}", header.size.get());
    for line in &header.rules {
        out.push_str(line);
        out.push('\n');
    }
    for (i, example) in examples.iter().enumerate() {
        out.push_str("\n[[example]]\n");
        if let Some(note) = &example.note {
            let _ = writeln!(out, "# {note}");
        }
        if let Some(title) = &example.title {
            let _ = writeln!(out, "title = {}", toml_string(title));
        }
        let _ = writeln!(
            out,
            "position = {}",
            toml_string(&position_text(&example.board))
        );
        if let Some(c) = example.to_play {
            let _ = writeln!(out, "to_play = \"{}\"", c.name());
        }
        let task = task_name(&example.task);
        let _ = writeln!(out, "task = \"{task}\"");
        match &example.task {
            ImportedTask::Liberties { group } => {
                let _ = writeln!(out, "group = \"{group}\"");
            }
            ImportedTask::Reading { group, within, .. } => {
                let _ = writeln!(out, "group = \"{group}\"");
                let _ = writeln!(out, "within = {within}");
            }
            ImportedTask::Legal { history, mv } => {
                if !history.is_empty() {
                    let _ = writeln!(out, "history = {}", moves_list(history));
                }
                let _ = writeln!(out, "move = \"{mv}\"");
            }
            ImportedTask::Sequence { moves } => {
                let _ = writeln!(out, "moves = {}", moves_list(moves));
            }
            ImportedTask::Score { dead } if !dead.is_empty() => {
                let _ = writeln!(out, "dead = {}", points_list(dead));
            }
            ImportedTask::Solve {
                correct,
                wrong,
                source,
            }
            | ImportedTask::LifeDeath {
                correct,
                wrong,
                source,
                ..
            } => {
                if let ImportedTask::LifeDeath { group, .. } = &example.task {
                    let _ = writeln!(out, "group = \"{group}\"");
                }
                let mover = example.to_play.unwrap_or(Color::Black);
                let _ = writeln!(out, "correct = {}", lines_list(correct, mover));
                if !wrong.is_empty() {
                    let _ = writeln!(out, "wrong = {}", lines_list(wrong, mover));
                }
                if let Some(source) = source {
                    let _ = writeln!(out, "source = {}", toml_string(source));
                }
            }
            _ => {}
        }
        if let Some(prompt) = &example.prompt {
            let _ = writeln!(out, "prompt = {}", toml_string(prompt));
        }
        if let Some(view) = &example.view {
            let _ = writeln!(out, "view = \"{}:{}\"", view.low, view.high);
        }
        if let Some(key) = answers
            .and_then(|a| a.get(i))
            .and_then(|a| key_of(&a.answer))
        {
            let _ = writeln!(out, "key = {key}");
        }
    }
    out
}

/// A position in the kit's notation, black first: `black B3 C2 D3; white C3`.
pub fn position_text(board: &Position) -> String {
    [Color::Black, Color::White]
        .into_iter()
        .filter_map(|c| {
            let stones = board.stones(c);
            (!stones.is_empty()).then(|| {
                let points: Vec<String> = stones.iter().map(ToString::to_string).collect();
                format!("{} {}", c.name(), points.join(" "))
            })
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The engine's answer as the `key` its task takes; `None` for a `solve` example, whose
/// answer is its lines.
fn key_of(answer: &Answer) -> Option<String> {
    Some(match answer {
        Answer::Capture { moves } => {
            points_list(&moves.iter().map(|m| m.point).collect::<Vec<_>>())
        }
        Answer::Liberties { liberties, .. } => points_list(liberties),
        Answer::Legal { reason: None, .. } => "true".into(),
        Answer::Legal {
            reason: Some(reason),
            ..
        } => format!("\"{}\"", reason.name()),
        Answer::Sequence { moves, .. } => {
            let mut captured: Vec<Point> = moves
                .iter()
                .flat_map(|m| m.captured.iter().copied())
                .collect();
            captured.sort();
            points_list(&captured)
        }
        Answer::Score(s) => match s.winner {
            Some(c) => format!("\"{}\"", c.name()),
            None => "\"draw\"".into(),
        },
        Answer::Reading { proof, .. } => match proof {
            Ok(solution) => points_list(
                &solution
                    .accepted
                    .iter()
                    .map(|a| a.point)
                    .collect::<Vec<_>>(),
            ),
            Err(_) => "[]".into(),
        },
        Answer::Solve { .. } | Answer::LifeDeath { .. } => return None,
    })
}

fn points_list(points: &[Point]) -> String {
    let quoted: Vec<String> = points.iter().map(|p| format!("\"{p}\"")).collect();
    format!("[{}]", quoted.join(", "))
}

fn moves_list(moves: &[(Color, Move)]) -> String {
    let quoted: Vec<String> = moves
        .iter()
        .map(|(c, m)| format!("\"{} {m}\"", c.name()))
        .collect();
    format!("[{}]", quoted.join(", "))
}

/// Lines of moves as a `solve` example's `correct` or `wrong` list: `["C1 B1 D2"]`, a colour
/// written only before a move that does not alternate from `first`.
fn lines_list(lines: &[Vec<(Color, Move)>], first: Color) -> String {
    let quoted: Vec<String> = lines
        .iter()
        .map(|line| {
            let mut next = first;
            let words: Vec<String> = line
                .iter()
                .map(|&(c, m)| {
                    let word = if c == next {
                        m.to_string()
                    } else {
                        format!("{} {m}", c.name())
                    };
                    next = c.opponent();
                    word
                })
                .collect();
            format!("\"{}\"", words.join(" "))
        })
        .collect();
    format!("[{}]", quoted.join(", "))
}

/// A TOML basic string: quotes, backslashes, tab and line ends escaped. Each other control
/// character, which a kit may not hold (`check` refuses it), is written as the text of the
/// escape `replay` shows (`\u{1b}`), so the kit passes and the author sees where it was.
pub fn toml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if refused_in_kit(c) => {
                let _ = write!(out, "\\\\u{{{:x}}}", u32::from(c));
            }
            // Allowed in a kit, but reordering or breaking the line it is on: TOML's own
            // escape reads back as the same character and shows as text in a terminal.
            c if hidden_in_terminal(c) => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `task = "..."` name of an imported task.
fn task_name(task: &ImportedTask) -> &'static str {
    match task {
        ImportedTask::Capture => "capture",
        ImportedTask::Reading {
            goal: Goal::Capture,
            ..
        } => "capture",
        ImportedTask::Reading {
            goal: Goal::Escape, ..
        } => "escape",
        ImportedTask::Liberties { .. } => "liberties",
        ImportedTask::Legal { .. } => "legal",
        ImportedTask::Sequence { .. } => "sequence",
        ImportedTask::Score { .. } => "score",
        ImportedTask::Solve { .. } => "solve",
        ImportedTask::LifeDeath {
            goal: life_death::Goal::Kill,
            ..
        } => "kill",
        ImportedTask::LifeDeath {
            goal: life_death::Goal::Live,
            ..
        } => "live",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_for_toml() {
        assert_eq!(toml_string("a \"b\" \\ c\nd"), r#""a \"b\" \\ c\nd""#);
        assert_eq!(toml_string("\u{7}\u{9b}"), r#""\\u{7}\\u{9b}""#);
    }

    #[test]
    fn positions_list_black_then_white_in_point_order() {
        let mut board = Position::empty(BoardSize::new(5).unwrap());
        board.put(Point::new(2, 2), Color::White);
        board.put(Point::new(3, 2), Color::Black);
        board.put(Point::new(1, 2), Color::Black);
        assert_eq!(position_text(&board), "black B3 D3; white C3");
        assert_eq!(
            position_text(&Position::empty(BoardSize::new(5).unwrap())),
            ""
        );
    }
}
