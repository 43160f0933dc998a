//! The task a game libertykit exported names in its `LK` property, with its fields.

use std::ops::Range;

use super::imported::{ImportedExample, ImportedTask, PrivateEntries};
use crate::diag::Diagnostic;
use crate::kit::TaskKind;
use crate::record::SgfGame;
use crate::record::solution::{Verdict, first_moves};
use crate::rules::reading::Goal;
use crate::rules::{Color, Move, Point};

/// The task a game written by libertykit names, with its fields.
pub fn task_named(
    kind: TaskKind,
    game: &SgfGame,
    private: &PrivateEntries,
    moves: &[(Color, Move)],
    example: &mut ImportedExample,
    problems: &mut Vec<Diagnostic>,
) -> Option<ImportedTask> {
    let point = |written: &str, span: Range<usize>, problems: &mut Vec<Diagnostic>| {
        point_at(written, span, game, problems)
    };
    Some(match kind {
        TaskKind::Capture | TaskKind::Escape => {
            example.to_play.get_or_insert(Color::Black);
            let goal = if kind == TaskKind::Escape {
                Goal::Escape
            } else {
                Goal::Capture
            };
            return reading_task(goal, game, private, problems);
        }
        TaskKind::Liberties => ImportedTask::Liberties {
            group: required_group(
                ("liberties", "name a stone of the chain"),
                game,
                private,
                problems,
            )?,
        },
        TaskKind::Legal => {
            let Some(((color, Move::Play(mv)), history)) = moves.split_last().map(|(l, h)| (*l, h))
            else {
                problems.push(
                    Diagnostic::at(game.size_span.clone(), "a `legal` game must end with the move asked about")
                        .with_help("the last move of the main line is the question; the ones before it are the history"),
                );
                return None;
            };
            example.to_play = Some(color);
            ImportedTask::Legal {
                history: history.to_vec(),
                mv,
            }
        }
        TaskKind::Sequence => ImportedTask::Sequence {
            moves: moves.to_vec(),
        },
        TaskKind::Score => {
            let mut dead = Vec::new();
            if let Some((written, span)) = private.get("dead") {
                for word in written.split_whitespace() {
                    dead.push(point(word, span.clone(), problems)?);
                }
            }
            ImportedTask::Score { dead }
        }
        // A `kill` or `live` game is exported with its proof as the tree, each first move
        // marked `TE` or `BM`: it comes back as a problem answered by those lines.
        TaskKind::Solve | TaskKind::Kill | TaskKind::Live => {
            // The export writes the lines as its tree, each first move marked `TE` or `BM`.
            let lines = |wanted: Verdict| -> Vec<Vec<(Color, Move)>> {
                first_moves(&game.solution)
                    .iter()
                    .filter(|f| f.verdict == Some(wanted))
                    .map(|f| {
                        f.line
                            .iter()
                            .map(|&i| (game.solution[i].color, game.solution[i].mv))
                            .collect()
                    })
                    .collect()
            };
            let correct = lines(Verdict::Correct);
            if let Some(&(color, _)) = correct.first().and_then(|l| l.first()) {
                example.to_play = Some(color);
            }
            ImportedTask::Solve {
                correct,
                wrong: lines(Verdict::Wrong),
                source: private.get("source").map(|(v, _)| v.to_string()),
            }
        }
    })
}

/// A capture or escape game's task: a plain capture question without `group=`, else the
/// reading problem its `group` and `within` ask.
fn reading_task(
    goal: Goal,
    game: &SgfGame,
    private: &PrivateEntries,
    problems: &mut Vec<Diagnostic>,
) -> Option<ImportedTask> {
    let group = private.get("group");
    if group.is_none() && goal == Goal::Capture {
        return Some(ImportedTask::Capture);
    }
    let group = required_group(
        ("escape", "name a stone of the chain to save"),
        game,
        private,
        problems,
    )?;
    let within = match private.get("within") {
        None => 1,
        Some((written, span)) => match written.trim().parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => {
                problems.push(
                    Diagnostic::at(span, format!("`within={written}` is not a number of moves"))
                        .with_help("write e.g. `LK[within=3]`"),
                );
                return None;
            }
        },
    };
    Some(ImportedTask::Reading {
        goal,
        group,
        within,
    })
}

/// The point a `task` game's `group=` names, or a problem where it is missing or no point
/// (`ask` says what to name).
fn required_group(
    (task, ask): (&str, &str),
    game: &SgfGame,
    private: &PrivateEntries,
    problems: &mut Vec<Diagnostic>,
) -> Option<Point> {
    let Some((written, span)) = private.get("group") else {
        let article = if task.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        problems.push(
            Diagnostic::at(
                game.size_span.clone(),
                format!("{article} `{task}` game has no `group=` in `LK`"),
            )
            .with_help(format!("{ask}, e.g. `LK[task={task}][group=C3]`")),
        );
        return None;
    };
    point_at(written, span, game, problems)
}

/// The point `written` at `span` names on `game`'s board, or a problem there.
fn point_at(
    written: &str,
    span: Range<usize>,
    game: &SgfGame,
    problems: &mut Vec<Diagnostic>,
) -> Option<Point> {
    match Point::parse(written, game.size) {
        Ok(p) => Some(p),
        Err(e) => {
            problems.push(Diagnostic::at(span, e.to_string()).with_help("write a point like `C3`"));
            None
        }
    }
}
