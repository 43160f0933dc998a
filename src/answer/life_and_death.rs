//! A `kill` or `live` example answered: the solver's proof under the kit's reading budget,
//! and every difference between the proof and the source's `correct` and `wrong` lines as an
//! erratum, so that the key never picks between them silently.

use super::figure::{Figure, MarkKind, Panel, numbered_moves};
use super::{Answer, ReadingAllowance, mark};
use crate::rules::life_death::{Goal, Question, Solution, Status, Unsolvable, region};
use crate::rules::reading::LineMove;
use crate::rules::{Color, Game, Move, Point, Position};

/// Where a source's answer and the proof differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Erratum {
    /// A first move the source marks correct that the proof refutes: the move, the status it
    /// leads to, and the line that refutes it (the move first; the move alone when the proof
    /// read no line for it, a move outside the region).
    CorrectFails {
        /// The source's first move.
        first: Move,
        /// What becomes of the group after it, when the proof read it.
        status: Option<Status>,
        /// The move and its refutation.
        line: Vec<LineMove>,
    },
    /// A first move the proof accepts that the source does not list, with its line.
    AlsoWorks {
        /// The first move.
        first: Move,
        /// The line proving it.
        line: Vec<LineMove>,
    },
    /// A first move the source marks wrong that the proof accepts, with its line.
    WrongWorks {
        /// The first move.
        first: Move,
        /// The line proving it.
        line: Vec<LineMove>,
    },
    /// A first move the source marks correct that lies outside the region the problem is read
    /// in: not read, so neither confirmed nor refuted (the region's limit, not the source's).
    OutsideRegion {
        /// The source's first move.
        first: Move,
    },
    /// The proven result is a ko or a seki, which a source's lines cannot say.
    Unstated {
        /// `Ko` or `Seki`.
        status: Status,
    },
}

/// What a `kill` or `live` example asks, as the answer needs it.
pub(super) struct Asked<'a> {
    pub goal: Goal,
    pub group: Point,
    pub region: Option<region::Rect>,
    pub correct: &'a [Vec<(Color, Move)>],
    pub wrong: &'a [Vec<(Color, Move)>],
    pub source: Option<String>,
}

/// The proof of a `kill` or `live` example, its errata, and its figure: the group marked, the
/// main line of the first accepted move numbered, and when more than one first move works,
/// all of them marked on a second board.
pub(super) fn answer(
    game: &Game,
    start: &Position,
    asked: Asked<'_>,
    allowance: &mut ReadingAllowance,
) -> (Answer, Figure) {
    let size = game.board().size();
    let question = Question {
        goal: asked.goal,
        target: asked.group,
        region: asked
            .region
            .map_or_else(Vec::new, |r| region::rect_points(r, size)),
    };
    let first_point = |line: &Vec<(Color, Move)>| match line.first() {
        Some(&(_, Move::Play(p))) => Some(p),
        _ => None,
    };
    // The source's first moves, right and wrong, are refuted where they fail, so that an
    // erratum can show the line that refutes a move the source calls correct.
    let correct: Vec<Point> = asked.correct.iter().filter_map(first_point).collect();
    let wrong: Vec<Point> = asked.wrong.iter().filter_map(first_point).collect();
    let budget = allowance.next();
    let read = allowance.solve_life_death(game, &question, (&correct, &wrong), budget);
    let proof = allowance.spend_life_death(budget, read);
    let (color, chain) = game
        .board()
        .chain(asked.group)
        .map_or((Color::White, vec![asked.group]), |c| (c.color, c.stones));
    let errata = match &proof {
        Ok(solution) => errata(solution, asked.correct, asked.wrong),
        Err(_) => Vec::new(),
    };
    let targets: Vec<_> = chain.iter().map(|&p| mark(p, MarkKind::Target)).collect();
    let mut panels = Vec::new();
    let mut notes = Vec::new();
    match proof
        .as_ref()
        .ok()
        .and_then(|s| s.accepted.first().map(|a| (s, a)))
    {
        Some((solution, first)) => {
            let (numbers, line_notes) = numbered_moves(start, &first.line);
            notes = line_notes;
            panels.push(Panel {
                board: *start,
                marks: targets.clone(),
                numbers,
                after_move: None,
            });
            let mover = first.line[0].0;
            let points: Vec<Point> = solution
                .accepted
                .iter()
                .filter_map(|a| match a.first {
                    Move::Play(p) => Some(p),
                    Move::Pass => None,
                })
                .collect();
            if points.len() > 1 {
                let mut marks = targets;
                marks.extend(points.iter().map(|&p| mark(p, MarkKind::Move(mover))));
                panels.push(Panel {
                    board: *start,
                    marks,
                    numbers: Vec::new(),
                    after_move: None,
                });
            }
        }
        None => panels.push(Panel {
            board: *start,
            marks: targets,
            numbers: Vec::new(),
            after_move: None,
        }),
    }
    let answer = Answer::LifeDeath {
        goal: asked.goal,
        chain,
        color,
        proof,
        errata,
        source: asked.source,
    };
    (answer, Figure { panels, notes })
}

/// Every difference between the proof and the source's lines: a correct first move the proof
/// refutes, a first move it accepts that the source does not list (only where the source lists
/// any), a wrong first move it accepts, and a ko or seki result (only where the source gives
/// lines at all: it cannot say either).
pub fn errata(
    solution: &Solution,
    correct: &[Vec<(Color, Move)>],
    wrong: &[Vec<(Color, Move)>],
) -> Vec<Erratum> {
    let firsts = |lines: &[Vec<(Color, Move)>]| {
        let mut out: Vec<Move> = Vec::new();
        for m in lines.iter().filter_map(|l| l.first().map(|&(_, m)| m)) {
            if !out.contains(&m) {
                out.push(m);
            }
        }
        out
    };
    let (right, bad) = (firsts(correct), firsts(wrong));
    let accepted = |m: Move| solution.accepted.iter().find(|a| a.first == m);
    let mut out = Vec::new();
    for &m in &right {
        if accepted(m).is_some() {
            continue;
        }
        if let Move::Play(p) = m
            && solution.region.binary_search(&p).is_err()
        {
            out.push(Erratum::OutsideRegion { first: m });
            continue;
        }
        let refuted = solution.refuted.iter().find(|r| r.first == m);
        let mover = correct[0][0].0;
        out.push(Erratum::CorrectFails {
            first: m,
            status: refuted.map(|r| r.status),
            line: refuted.map_or_else(|| vec![(mover, m)], |r| r.line.clone()),
        });
    }
    if !right.is_empty() {
        for a in &solution.accepted {
            if !right.contains(&a.first) && !bad.contains(&a.first) {
                out.push(Erratum::AlsoWorks {
                    first: a.first,
                    line: a.line.clone(),
                });
            }
        }
    }
    for &m in &bad {
        if let Some(a) = accepted(m) {
            out.push(Erratum::WrongWorks {
                first: m,
                line: a.line.clone(),
            });
        }
    }
    if (!right.is_empty() || !bad.is_empty())
        && matches!(solution.status, Status::Ko | Status::Seki)
    {
        out.push(Erratum::Unstated {
            status: solution.status,
        });
    }
    out
}

/// Why a `kill` or `live` example has no proof, as a short name for programs:
/// `too-big`, `open-region`, `no-stone`, `wrong-colour`.
pub fn unsolvable_name(why: &Unsolvable) -> &'static str {
    match why {
        Unsolvable::TooBig(_) => "too-big",
        Unsolvable::OpenFrame(_) => "open-region",
        Unsolvable::NoStone => "no-stone",
        Unsolvable::WrongColor => "wrong-colour",
    }
}
