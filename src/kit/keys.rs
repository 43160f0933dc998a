//! Each example's `key` (the author's answer): its form, read for the task without the position,
//! then compared with what the rules engine finds.

use std::ops::Range;

use toml::Spanned;

use super::examples::Checked;
use super::load::Ctx;
use super::schema::RawKey;
use crate::answer::{Answer, answer_example, describe, list};
use crate::diag::nearest;
use crate::rules::{BoardSize, Color, Point};

/// The words a `legal` key may be: `legal`, `illegal`, or one of the reasons a move is refused.
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

/// What an author's key says, read for its task.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Claim {
    /// Points, sorted: the capturing moves, the liberties, or every stone captured.
    Points(Vec<Point>),
    /// For `legal`: `legal`/`true`, `illegal`/`false`, or the reason the move is refused.
    Legal(LegalClaim),
    /// For `score`: the winner, `None` for a draw.
    Winner(Option<Color>),
}

/// What a `legal` key says of the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LegalClaim {
    /// `true` or `"legal"`.
    Legal,
    /// `false` or `"illegal"`: refused, for whatever reason.
    Illegal,
    /// Refused for this reason (`occupied`, `suicide`, `superko`, `game-over`).
    Because(&'static str),
}

/// The author's key with where it is written.
#[derive(Debug, Clone)]
pub(crate) struct Key {
    /// What it says.
    pub claim: Claim,
    /// Where it is written.
    pub span: Range<usize>,
}

/// Reads `key` for a task named `task` (known to be a task name), reporting a key of the wrong
/// form for the task, a word it does not know, or a point not on the board.
pub(crate) fn read(
    cx: &mut Ctx<'_>,
    number: usize,
    task: &str,
    key: &RawKey,
    size: BoardSize,
) -> Option<Key> {
    let span = key.span();
    let shape = |cx: &mut Ctx<'_>, what: &str| {
        cx.error(
            span.clone(),
            format!("example {number}: a `{task}` key is {what}"),
            Some(
                "see the README, section `[[example]]`, for the form each task's key takes".into(),
            ),
        );
    };
    let claim = match task {
        "legal" => match key {
            RawKey::Bool(b) => Claim::Legal(if *b.get_ref() {
                LegalClaim::Legal
            } else {
                LegalClaim::Illegal
            }),
            RawKey::Text(t) => {
                let word = t.get_ref().trim().to_ascii_lowercase();
                let Some(&known) = LEGAL_WORDS.iter().find(|w| **w == word) else {
                    unknown_word(cx, t, LEGAL_WORDS, "`true`, `false`, ");
                    return None;
                };
                Claim::Legal(match known {
                    "legal" => LegalClaim::Legal,
                    "illegal" => LegalClaim::Illegal,
                    reason => LegalClaim::Because(reason),
                })
            }
            RawKey::List(_) => {
                shape(
                    cx,
                    "`true`, `false`, `\"legal\"`, `\"illegal\"` or a reason: `occupied`, `suicide`, `superko`, `game-over`",
                );
                return None;
            }
        },
        "score" => {
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
        _ => {
            let what = match task {
                "capture" => "a point or a list of points (the capturing moves)",
                "liberties" => "a list of points (the liberties)",
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
            Claim::Points(points_of(cx, &items, size)?)
        }
    };
    Some(Key { claim, span })
}

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
        let given = match (&key.claim, &answer.answer) {
            (Claim::Points(points), Answer::Capture { moves }) => {
                let engine: Vec<Point> = moves.iter().map(|m| m.point).collect();
                (points != &engine).then(|| shown(points))
            }
            (Claim::Points(points), Answer::Liberties { liberties, .. }) => {
                (points != liberties).then(|| shown(points))
            }
            (Claim::Points(points), Answer::Sequence { moves, .. }) => {
                let mut engine: Vec<Point> = moves
                    .iter()
                    .flat_map(|m| m.captured.iter().copied())
                    .collect();
                engine.sort();
                (points != &engine).then(|| shown(points))
            }
            (Claim::Legal(claim), Answer::Legal { reason, .. }) => {
                let agrees = match (claim, reason) {
                    (LegalClaim::Legal, None) => true,
                    (LegalClaim::Illegal, Some(_)) => true,
                    (LegalClaim::Because(word), Some(r)) => *word == r.name(),
                    _ => false,
                };
                let written = match claim {
                    LegalClaim::Legal => "legal",
                    LegalClaim::Illegal => "illegal",
                    LegalClaim::Because(word) => word,
                };
                (!agrees).then(|| format!("`{written}`"))
            }
            (Claim::Winner(winner), Answer::Score(score)) => (*winner != score.winner)
                .then(|| format!("`{}`", winner.map_or("draw", Color::name))),
            // `read` shapes the claim by the same task the answer comes from.
            _ => None,
        };
        if let Some(given) = given {
            cx.error(
                key.span.clone(),
                format!("example {n}: the key says {given}, but the engine finds: {found}"),
                Some("correct the key, or the position if the key is what you meant".into()),
            );
        }
    }
}

fn unknown_word(cx: &mut Ctx<'_>, t: &Spanned<String>, words: &[&str], also: &str) {
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

fn shown(points: &[Point]) -> String {
    if points.is_empty() {
        "none".into()
    } else {
        list(points)
    }
}

/// The key's points, sorted; `None` when one of them is wrong (every wrong one is reported).
fn points_of(cx: &mut Ctx<'_>, items: &[Spanned<String>], size: BoardSize) -> Option<Vec<Point>> {
    let mut out = Vec::new();
    let mut sound = true;
    for item in items {
        match Point::parse(item.get_ref().trim(), size) {
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
