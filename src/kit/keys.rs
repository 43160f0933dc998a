//! Checking each example's `key` (the author's answer) against what the rules engine finds.

use toml::Spanned;

use super::examples::Checked;
use super::load::Ctx;
use super::schema::RawKey;
use crate::answer::{Answer, answer_example, describe, list};
use crate::diag::nearest;
use crate::rules::{BoardSize, Color, Point};

/// The words a `legal` key may be: `legal` or one of the reasons a move is refused.
const LEGAL_WORDS: &[&str] = &["legal", "occupied", "suicide", "superko"];
/// The words a `score` key may be.
const SCORE_WORDS: &[&str] = &["black", "white", "draw"];

/// Reports every example whose key disagrees with the engine, and every `capture` example with
/// no capturing move and no `key = []` saying that is intended.
pub(crate) fn verify(cx: &mut Ctx<'_>, kit: &super::Kit, checked: &[Checked]) {
    for c in checked {
        let answer = answer_example(kit, &c.example);
        let found = describe(&answer, &kit.wording).join("; ");
        let n = c.example.number;
        let Some(key) = &c.key else {
            if let Answer::Capture { moves } = &answer.answer
                && moves.is_empty()
            {
                cx.error(
                        c.task_span.clone(),
                        format!("example {n}: {found}"),
                        Some("a `capture` example needs a capturing move; add `key = []` if showing that there is none is the point".into()),
                    );
            }
            continue;
        };
        let span = key.span();
        let shape = |cx: &mut Ctx<'_>, what: &str| {
            cx.error(
                span.clone(),
                format!("example {n}: a `{}` key is {what}", c.example.task.name()),
                Some(
                    "see the README, section `[[example]]`, for the form each task's key takes"
                        .into(),
                ),
            );
        };
        let disagree = |cx: &mut Ctx<'_>, given: String| {
            cx.error(
                span.clone(),
                format!("example {n}: the key says {given}, but the engine finds: {found}"),
                Some("correct the key, or the position if the key is what you meant".into()),
            );
        };
        match &answer.answer {
            Answer::Capture { moves } => {
                let Some(points) = points_of(cx, key, kit.size) else {
                    if !matches!(key, RawKey::Text(_) | RawKey::List(_)) {
                        shape(cx, "a point or a list of points (the capturing moves)");
                    }
                    continue;
                };
                let engine: Vec<Point> = moves.iter().map(|m| m.point).collect();
                if points != engine {
                    disagree(cx, shown(&points));
                }
            }
            Answer::Liberties { liberties, .. } => {
                let Some(points) = points_of(cx, key, kit.size) else {
                    if !matches!(key, RawKey::Text(_) | RawKey::List(_)) {
                        shape(cx, "a list of points (the liberties)");
                    }
                    continue;
                };
                if &points != liberties {
                    disagree(cx, shown(&points));
                }
            }
            Answer::Legal { reason, .. } => {
                let engine = reason.map_or("legal", |r| r.name());
                let given = match key {
                    RawKey::Bool(b) => {
                        if *b.get_ref() == reason.is_none() {
                            continue;
                        }
                        format!("`{}`", b.get_ref())
                    }
                    RawKey::Text(t) => {
                        let word = t.get_ref().to_ascii_lowercase();
                        if !LEGAL_WORDS.contains(&word.as_str()) {
                            unknown_word(cx, t, LEGAL_WORDS);
                            continue;
                        }
                        if word == engine {
                            continue;
                        }
                        format!("`{word}`")
                    }
                    RawKey::List(_) => {
                        shape(
                            cx,
                            "`true`, `false` or a reason: `occupied`, `suicide`, `superko`",
                        );
                        continue;
                    }
                };
                disagree(cx, given);
            }
            Answer::Sequence { moves, .. } => {
                let Some(points) = points_of(cx, key, kit.size) else {
                    if !matches!(key, RawKey::Text(_) | RawKey::List(_)) {
                        shape(cx, "a list of points (every stone captured along the way)");
                    }
                    continue;
                };
                let mut engine: Vec<Point> = moves
                    .iter()
                    .flat_map(|m| m.captured.iter().copied())
                    .collect();
                engine.sort();
                if points != engine {
                    disagree(cx, shown(&points));
                }
            }
            Answer::Score(score) => {
                let RawKey::Text(t) = key else {
                    shape(cx, "the winner: `black`, `white` or `draw`");
                    continue;
                };
                let word = t.get_ref().to_ascii_lowercase();
                if !SCORE_WORDS.contains(&word.as_str()) {
                    unknown_word(cx, t, SCORE_WORDS);
                    continue;
                }
                let engine = score.winner.map_or("draw", Color::name);
                if word != engine {
                    disagree(cx, format!("`{word}`"));
                }
            }
        }
    }
}

fn unknown_word(cx: &mut Ctx<'_>, t: &Spanned<String>, words: &[&str]) {
    let help = match nearest(t.get_ref(), words) {
        Some(n) => format!("did you mean `{n}`? use one of: {}", words.join(", ")),
        None => format!("use one of: {}", words.join(", ")),
    };
    cx.error(
        t.span(),
        format!("`{}` is not a key this task understands", t.get_ref()),
        Some(help),
    );
}

fn shown(points: &[Point]) -> String {
    if points.is_empty() {
        "none".into()
    } else {
        list(points)
    }
}

/// The key's points, sorted (a single point counts as a list of one); `None` when the key is not
/// points or one of them is wrong (reported).
fn points_of(cx: &mut Ctx<'_>, key: &RawKey, size: BoardSize) -> Option<Vec<Point>> {
    let items: Vec<Spanned<String>> = match key {
        RawKey::Bool(_) => return None,
        RawKey::Text(t) => vec![t.clone()],
        RawKey::List(l) => l.get_ref().clone(),
    };
    let mut out = Vec::new();
    let mut sound = true;
    for item in &items {
        match Point::parse(item.get_ref(), size) {
            Ok(p) if out.contains(&p) => {
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
