//! Each example's `key` (the author's answer), read for its task without the position, so its
//! form is checked even when the position is wrong. Comparing it with the engine's answer is
//! the check stage's work (`crate::check`), above both the kit and the answers.

use toml::Spanned;

use super::model::{Claim, LegalClaim, StatedKey, TaskKind};
use super::schema::RawKey;
use crate::diag::nearest;
use crate::rules::{BoardSize, Color, IllegalMove, Point};
use crate::toml_input::document::TomlReader;

/// The words a `legal` key may be: `legal`, `illegal`, or the name of a reason a move is
/// refused other than `off-board` (a kit's move is always on the board).
const LEGAL_WORDS: &[&str] = &[
    "legal",
    "illegal",
    "occupied",
    "suicide",
    "superko",
    "game-over",
];
/// The words a `score` key may be.
const SCORE_WORDS: &[&str] = &["black", "white", "draw"];

/// Reads `key` for a task named `task` (known to be a task name), reporting a key of the wrong
/// form for the task, a word it does not know, or a point not on the board.
pub(crate) fn read(
    cx: &mut TomlReader<'_>,
    number: usize,
    task: TaskKind,
    key: &RawKey,
    size: BoardSize,
) -> Option<StatedKey> {
    let span = key.span();
    let shape = |cx: &mut TomlReader<'_>, what: &str| {
        cx.error(
            span.clone(),
            format!("example {number}: a `{}` key is {what}", task.name()),
            Some(
                "`libertykit help kit`, section \"The tasks and their `key`\", shows the form each task's key takes".into(),
            ),
        );
    };
    let claim = match task {
        TaskKind::Solve => {
            cx.error(
                span,
                format!("example {number}: a `solve` example has no `key`"),
                Some("its answer is the first move of each `correct` line; remove `key`".into()),
            );
            return None;
        }
        TaskKind::Kill | TaskKind::Live => {
            cx.error(
                span,
                format!("example {number}: a `{}` example has no `key`", task.name()),
                Some("its answer is the engine's proof; a source's answer goes in `correct` and `wrong`, which the key holds against the proof; remove `key`".into()),
            );
            return None;
        }
        TaskKind::Legal => match key {
            RawKey::Bool(b) => Claim::Legal(if *b.get_ref() {
                LegalClaim::Legal
            } else {
                LegalClaim::Illegal
            }),
            RawKey::Text(t) => {
                let word = t.get_ref().trim().to_ascii_lowercase();
                let claim = match word.as_str() {
                    "legal" => Some(LegalClaim::Legal),
                    "illegal" => Some(LegalClaim::Illegal),
                    reason => reason
                        .parse::<IllegalMove>()
                        .ok()
                        .filter(|r| *r != IllegalMove::OffBoard)
                        .map(LegalClaim::Because),
                };
                let Some(claim) = claim else {
                    unknown_word(cx, t, LEGAL_WORDS, "`true`, `false`, ");
                    return None;
                };
                Claim::Legal(claim)
            }
            RawKey::List(_) => {
                shape(
                    cx,
                    "`true`, `false`, `\"legal\"`, `\"illegal\"` or a reason: `occupied`, `suicide`, `superko`, `game-over`",
                );
                return None;
            }
        },
        TaskKind::Score => {
            let RawKey::Text(t) = key else {
                shape(cx, "the winner: `black`, `white` or `draw`");
                return None;
            };
            let word = t.get_ref().trim().to_ascii_lowercase();
            match word.as_str() {
                "black" => Claim::Winner(Some(Color::Black)),
                "white" => Claim::Winner(Some(Color::White)),
                "draw" => Claim::Winner(None),
                _ => {
                    unknown_word(cx, t, SCORE_WORDS, "");
                    return None;
                }
            }
        }
        TaskKind::Capture | TaskKind::Escape | TaskKind::Liberties | TaskKind::Sequence => {
            let what = match task {
                TaskKind::Capture => "a point or a list of points (the capturing moves)",
                TaskKind::Escape => "a point or a list of points (the saving moves)",
                TaskKind::Liberties => "a list of points (the liberties)",
                _ => "a list of points (every stone captured along the way)",
            };
            let items: Vec<Spanned<String>> = match key {
                RawKey::Bool(_) => {
                    shape(cx, what);
                    return None;
                }
                RawKey::Text(t) => vec![t.clone()],
                RawKey::List(l) => l.get_ref().clone(),
            };
            // A sequence may capture on one point twice (a ko fought out), so its key is a list
            // with repeats; the others name each point once.
            let repeats = task == TaskKind::Sequence;
            Claim::Points(points_of(cx, &items, size, repeats)?)
        }
    };
    Some(StatedKey { claim, span })
}

fn unknown_word(cx: &mut TomlReader<'_>, t: &Spanned<String>, words: &[&str], also: &str) {
    let choices: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    let help = match nearest(t.get_ref(), words) {
        Some(n) => format!(
            "did you mean `{n}`? use one of: {also}{}",
            choices.join(", ")
        ),
        None => format!("use one of: {also}{}", choices.join(", ")),
    };
    cx.error(
        t.span(),
        format!("`{}` is not a key this task understands", t.get_ref()),
        Some(help),
    );
}

/// The key's points, sorted; `None` when one of them is wrong (every wrong one is reported).
fn points_of(
    cx: &mut TomlReader<'_>,
    items: &[Spanned<String>],
    size: BoardSize,
    repeats: bool,
) -> Option<Vec<Point>> {
    let mut out = Vec::new();
    let mut sound = true;
    for item in items {
        match Point::parse(item.get_ref().trim(), size) {
            Ok(p) if !repeats && out.contains(&p) => {
                sound = false;
                cx.error(
                    item.span(),
                    format!("`{p}` is named twice in `key`"),
                    Some("name each point once".into()),
                );
            }
            Ok(p) => out.push(p),
            Err(e) => {
                sound = false;
                let help = match e {
                    crate::rules::PointError::OffBoard { .. } => format!(
                        "the {size} board has columns A to {} and rows 1 to {}",
                        size.last_column(),
                        size.get()
                    ),
                    _ => "write points like `C3`: a column letter, then a row number".into(),
                };
                cx.error(item.span(), e.to_string(), Some(help));
            }
        }
    }
    out.sort();
    sound.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words offered to an author who misspells a `legal` key are the ones it reads.
    #[test]
    fn the_legal_words_are_legal_illegal_and_the_stated_reasons() {
        let reasons: Vec<&str> = IllegalMove::NAMES
            .iter()
            .copied()
            .filter(|name| *name != "off-board")
            .collect();
        assert_eq!(LEGAL_WORDS[..2], ["legal", "illegal"]);
        assert_eq!(LEGAL_WORDS[2..], reasons);
    }
}
