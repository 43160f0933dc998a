//! The answer key: what the rules engine finds for each example, with the figure the host key
//! draws and words for a host.

mod answer_shapes;
mod author_words;
mod figure;
pub mod firewall;
mod fold;
mod life_and_death;
mod proof_memo;
mod reading_budget;
mod verdicts;
mod words;

pub use answer_shapes::answer_shape;
pub use figure::{
    Figure, Mark, MarkKind, Note, Numbered, Panel, numbered_moves, numbered_moves_as,
};
pub use firewall::Firewall;
pub use life_and_death::{Erratum, errata, unsolvable_name};
pub use proof_memo::ProofMemo;
pub use reading_budget::{EXAMPLE_SHARE, KIT_NODES as KIT_READING_NODES, ReadingAllowance};
pub use words::{
    describe, describe_beside_figure, describe_compact, figure_caption, giveaways, glance, list,
    moves_count, note_text, scoring_name,
};
// Kept for the layout files that still name it here; the one formatter is `text::number`.
pub use crate::wording::number;

use crate::kit::model::{Example, Kit, Task};
use crate::kit::starting_side;
use crate::record::referee::{self, MoveReport};
use crate::rules::life_death as ld;
use crate::rules::reading::{self, Goal, Question, Solution, Unreadable};
use crate::rules::{
    Capture, Color, Game, IllegalMove, Move, Point, Position, Rules, Score, Scoring, score,
};

/// The computed answers of a whole kit.
#[derive(Debug, Clone)]
pub struct AnswerKey {
    /// The kit's title.
    pub title: String,
    /// The kit's fingerprint, printed with the key to match it to its player sheet.
    pub fingerprint: String,
    /// One answer per example, in order.
    pub examples: Vec<ExampleAnswer>,
}

/// The answer to one example.
#[derive(Debug, Clone)]
pub struct ExampleAnswer {
    /// The example's 1-based number.
    pub number: usize,
    /// The task asked.
    pub task: Task,
    /// Who is to play, if the example says.
    pub to_play: Option<Color>,
    /// What the engine found.
    pub answer: Answer,
    /// What the host key draws: the position with the answer marked, numbered moves.
    pub figure: Figure,
}

/// The engine's answer to one task.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Every capturing move of the player to move.
    Capture {
        /// The moves, sorted by point.
        moves: Vec<Capture>,
    },
    /// A chain and its liberties.
    Liberties {
        /// The chain's colour.
        color: Color,
        /// Its stones, sorted.
        chain: Vec<Point>,
        /// Its liberties, sorted.
        liberties: Vec<Point>,
    },
    /// Whether a move is legal.
    Legal {
        /// The move asked about.
        point: Point,
        /// Why it is not legal, or `None` when it is.
        reason: Option<IllegalMove>,
        /// What it captures when legal.
        captured: Vec<Point>,
        /// The mover's own stones it removes, when it is a suicide the rules allow.
        suicided: Vec<Point>,
    },
    /// A sequence of moves, each reported, with the final board and tally.
    Sequence {
        /// Each move's report.
        moves: Vec<MoveReport>,
        /// The board after the last move.
        board: Position,
        /// Capture tally at the end, `[black, white]`.
        captures: [u32; 2],
    },
    /// The score of the position.
    Score(Score),
    /// A reading problem's proof: every first move that captures (or saves) the chain in time.
    Reading {
        /// Capture or escape.
        goal: Goal,
        /// The chain's stones, sorted.
        chain: Vec<Point>,
        /// The chain's colour (the defender's).
        color: Color,
        /// The attacker's moves allowed.
        within: u32,
        /// The proof, or why there is none.
        proof: Result<Solution, Unreadable>,
    },
    /// A problem's answer as its source gives it: the engine checked each move is legal, and
    /// proved nothing else.
    Solve {
        /// The first move of each correct line, each once, in the order written.
        accepted: Vec<Point>,
        /// The lines the source marks correct.
        correct: Vec<Vec<(Color, Move)>>,
        /// The tries it marks wrong, each followed by its refutation.
        wrong: Vec<Vec<(Color, Move)>>,
        /// Whose answer it is, when the kit says.
        source: Option<String>,
    },
    /// A life-and-death problem's proof: what becomes of the group with best play, every first
    /// move that reaches it, the tempting ones refuted, and where the source differs.
    LifeDeath {
        /// Kill or live.
        goal: ld::Goal,
        /// The group's stones (the chain through `group`), sorted.
        chain: Vec<Point>,
        /// The group's colour (the defender's).
        color: Color,
        /// The proof, or why there is none (too big for the budget: refused, never guessed).
        proof: Result<ld::Solution, ld::Unsolvable>,
        /// Where the source's `correct` and `wrong` lines differ from the proof.
        errata: Vec<Erratum>,
        /// Whose the `correct` and `wrong` lines are, when the kit says.
        source: Option<String>,
    },
}

/// Computes the answer key of a kit.
pub fn answer_key(kit: &Kit) -> AnswerKey {
    answer_key_reusing(kit, None)
}

/// [`answer_key`], reusing the life-and-death proofs `memo` holds (see [`ProofMemo`]).
pub fn answer_key_reusing(kit: &Kit, memo: Option<&ProofMemo>) -> AnswerKey {
    AnswerKey {
        title: kit.title.clone(),
        fingerprint: kit.fingerprint.clone(),
        examples: answer_examples_reusing(&kit.rules, &kit.examples, memo),
    }
}

/// Computes the answers of a kit's examples in turn, their reading questions sharing the
/// kit's reading budget ([`ReadingAllowance::for_examples`]).
pub fn answer_examples(rules: &Rules, examples: &[Example]) -> Vec<ExampleAnswer> {
    answer_examples_reusing(rules, examples, None)
}

/// [`answer_examples`], reusing the life-and-death proofs `memo` holds.
pub fn answer_examples_reusing(
    rules: &Rules,
    examples: &[Example],
    memo: Option<&ProofMemo>,
) -> Vec<ExampleAnswer> {
    let mut allowance = ReadingAllowance::for_examples(examples.len()).reusing(memo);
    examples
        .iter()
        .map(|e| answer_example_within(rules, e, &mut allowance))
        .collect()
}

/// Computes one example's answer under the session's rules, read alone.
pub fn answer_example(rules: &Rules, example: &Example) -> ExampleAnswer {
    answer_example_within(rules, example, &mut ReadingAllowance::for_example())
}

/// [`answer_example`], keeping its life-and-death proof in `memo` for a later reading.
pub fn answer_example_reusing(rules: &Rules, example: &Example, memo: &ProofMemo) -> ExampleAnswer {
    let mut allowance = ReadingAllowance::for_example().reusing(Some(memo));
    answer_example_within(rules, example, &mut allowance)
}

/// [`answer_example`], its reading taken from `allowance`.
pub(crate) fn answer_example_within(
    rules: &Rules,
    example: &Example,
    allowance: &mut ReadingAllowance,
) -> ExampleAnswer {
    let to_play = example.to_play.unwrap_or(Color::Black);
    let starts = starting_side(example.task.moves(), to_play);
    let game = Game::new(example.board.to_board(), starts, *rules);
    let start = &example.board;
    let (answer, figure) = match &example.task {
        Task::Capture => {
            let moves = game.capturing_moves();
            let mut marks = Vec::new();
            for m in &moves {
                marks.push(mark(m.point, MarkKind::Move(to_play)));
                marks.extend(m.captured.iter().map(|&p| mark(p, MarkKind::Captured)));
            }
            (Answer::Capture { moves }, Figure::single(*start, marks))
        }
        Task::Reading {
            goal,
            group,
            within,
        } => read(&game, start, (*goal, *group, *within), allowance),
        Task::Liberties { group } => {
            let chain = game.board().chain(*group);
            let (color, stones, liberties) = chain.map_or((to_play, Vec::new(), Vec::new()), |c| {
                (c.color, c.stones, c.liberties)
            });
            let marks = liberties
                .iter()
                .map(|&p| mark(p, MarkKind::Liberty))
                .collect();
            let answer = Answer::Liberties {
                color,
                chain: stones,
                liberties,
            };
            (answer, Figure::single(*start, marks))
        }
        Task::Legal { mv, history } => legal(game, start, example.to_play, *mv, history),
        Task::Sequence { moves } => sequence(game, start, moves),
        Task::Score { dead } => {
            // Dead stones were validated when the kit was loaded.
            let s = score(game.board(), [0, 0], rules, dead).unwrap_or_else(|_| empty_score(rules));
            let marks = counted_marks(&s, dead);
            (Answer::Score(s), Figure::single(*start, marks))
        }
        Task::Solve {
            correct,
            wrong,
            source,
        } => solve(start, correct, wrong, source.clone()),
        Task::LifeDeath {
            goal,
            group,
            region,
            correct,
            wrong,
            source,
        } => life_and_death::answer(
            &game,
            start,
            life_and_death::Asked {
                goal: *goal,
                group: *group,
                region: *region,
                correct,
                wrong,
                source: source.clone(),
            },
            allowance,
        ),
    };
    ExampleAnswer {
        number: example.number,
        task: example.task.clone(),
        to_play: example.to_play,
        answer,
        figure,
    }
}

/// A reading problem, proven: the figure numbers the main line of the first accepted move on
/// the position with the chain marked, and when more than one first move works, marks them all
/// on a second board.
fn read(
    game: &Game,
    start: &Position,
    (goal, group, within): (Goal, Point, u32),
    allowance: &mut ReadingAllowance,
) -> (Answer, Figure) {
    let question = Question {
        goal,
        target: group,
        within,
    };
    let budget = allowance.next();
    let proof = allowance.spend(budget, reading::solve(game, &question, budget));
    let (color, chain) = game
        .board()
        .chain(group)
        .map_or((Color::White, vec![group]), |c| (c.color, c.stones));
    let targets: Vec<Mark> = chain.iter().map(|&p| mark(p, MarkKind::Target)).collect();
    let mut panels = Vec::new();
    let mut notes = Vec::new();
    if let Ok(solution) = &proof
        && let Some(first) = solution.accepted.first()
    {
        let (numbers, line_notes) = numbered_moves(start, &first.line);
        notes = line_notes;
        panels.push(Panel {
            board: *start,
            marks: targets.clone(),
            numbers,
            after_move: None,
        });
        if solution.accepted.len() > 1 {
            let mover = first.line[0].0;
            let mut marks = targets.clone();
            marks.extend(
                solution
                    .accepted
                    .iter()
                    .map(|a| mark(a.point, MarkKind::Move(mover))),
            );
            panels.push(Panel {
                board: *start,
                marks,
                numbers: Vec::new(),
                after_move: None,
            });
        }
    } else {
        panels.push(Panel {
            board: *start,
            marks: targets,
            numbers: Vec::new(),
            after_move: None,
        });
    }
    let answer = Answer::Reading {
        goal,
        chain,
        color,
        within,
        proof,
    };
    (answer, Figure { panels, notes })
}

/// A problem answered by its source: the first correct line numbered on the position, and when
/// the source accepts more than one first move, every one marked on a second board.
fn solve(
    start: &Position,
    correct: &[Vec<(Color, Move)>],
    wrong: &[Vec<(Color, Move)>],
    source: Option<String>,
) -> (Answer, Figure) {
    let mut accepted: Vec<Point> = Vec::new();
    for line in correct {
        if let Some(&(_, Move::Play(p))) = line.first()
            && !accepted.contains(&p)
        {
            accepted.push(p);
        }
    }
    let (numbers, notes) = correct
        .first()
        .map_or((Vec::new(), Vec::new()), |line| numbered_moves(start, line));
    let mut panels = vec![Panel {
        board: *start,
        marks: Vec::new(),
        numbers,
        after_move: None,
    }];
    if accepted.len() > 1 {
        let mover = correct[0][0].0;
        panels.push(Panel {
            board: *start,
            marks: accepted
                .iter()
                .map(|&p| mark(p, MarkKind::Move(mover)))
                .collect(),
            numbers: Vec::new(),
            after_move: None,
        });
    }
    let answer = Answer::Solve {
        accepted,
        correct: correct.to_vec(),
        wrong: wrong.to_vec(),
        source,
    };
    (answer, Figure { panels, notes })
}

/// Why `point`, a first move a reading problem's proof does not accept, fails: the move and
/// the defence that refutes it (for a capture, the defender's reply; for an escape, the
/// attacker's capture line). `None` when the move is not legal at all. The reading is taken
/// from `allowance`, so that a kit's many wrong keys cost no more than its budget; when it has
/// run out, the line is the move alone.
pub fn reading_refutation(
    rules: &Rules,
    example: &Example,
    point: Point,
    allowance: &mut ReadingAllowance,
) -> Option<Vec<(Color, Move)>> {
    let Task::Reading {
        goal,
        group,
        within,
    } = example.task
    else {
        return None;
    };
    let mover = example.to_play.unwrap_or(Color::Black);
    let mut game = Game::new(example.board.to_board(), mover, *rules);
    game.play(mover, Move::Play(point)).ok()?;
    let first = (mover, Move::Play(point));
    if game.board().stone(group).is_none() {
        return Some(vec![first]);
    }
    let mut line = vec![first];
    match goal {
        Goal::Capture if within > 1 => {
            let question = Question {
                goal: Goal::Escape,
                target: group,
                within: within - 1,
            };
            let budget = allowance.next();
            if let Ok(defence) = allowance.spend(budget, reading::solve(&game, &question, budget)) {
                match defence.accepted.first() {
                    Some(reply) => line.push(reply.line[0]),
                    None if defence.already_safe => line.push((mover.opponent(), Move::Pass)),
                    None => {}
                }
            }
        }
        Goal::Capture => {}
        Goal::Escape => {
            let question = Question {
                goal: Goal::Capture,
                target: group,
                within,
            };
            let budget = allowance.next();
            if let Ok(attack) = allowance.spend(budget, reading::solve(&game, &question, budget))
                && let Some(capture) = attack.accepted.first()
            {
                line.extend(capture.line.iter().copied());
            }
        }
    }
    Some(line)
}

fn mark(point: Point, kind: MarkKind) -> Mark {
    Mark { point, kind }
}

/// A `legal` question: the history played and numbered, then the move tried. The move is drawn
/// as a stone only when it is legal; an illegal one is a mark on the point as it stands. When
/// the history captured anything, passed, or replayed a point, or the move would take a
/// numbered stone, the position the question is asked in is drawn beside the numbered one.
fn legal(
    mut game: Game,
    start: &Position,
    to_play: Option<Color>,
    point: Point,
    history: &[(Color, Move)],
) -> (Answer, Figure) {
    let with_colors: Vec<(Option<Color>, Move)> =
        history.iter().map(|&(c, m)| (Some(c), m)).collect();
    let reports = referee::play_all(&mut game, &with_colors);
    let asked_in = Position::of(game.board());
    let mover = to_play.unwrap_or_else(|| game.to_play());
    let (answer, marks) = match game.play(mover, Move::Play(point)) {
        Ok(played) => {
            // A suicide's own stone is the move and removed: one mark says both.
            let kind = if played.suicided.contains(&point) {
                MarkKind::Suicide(mover)
            } else {
                MarkKind::Move(mover)
            };
            let mut marks = vec![mark(point, kind)];
            marks.extend(played.captured.iter().map(|&p| mark(p, MarkKind::Captured)));
            marks.extend(
                played
                    .suicided
                    .iter()
                    .filter(|&&p| p != point)
                    .map(|&p| mark(p, MarkKind::Captured)),
            );
            let answer = Answer::Legal {
                point,
                reason: None,
                captured: played.captured,
                suicided: played.suicided,
            };
            (answer, marks)
        }
        Err(reason) => {
            let answer = Answer::Legal {
                point,
                reason: Some(reason),
                captured: Vec::new(),
                suicided: Vec::new(),
            };
            (answer, vec![mark(point, MarkKind::Illegal)])
        }
    };
    if history.is_empty() {
        return (answer, Figure::single(asked_in, marks));
    }
    let (numbers, notes) = numbered_moves(start, history);
    let history_captured = reports.iter().any(|r| !r.captured.is_empty());
    let takes_numbered = marks
        .iter()
        .any(|m| m.kind == MarkKind::Captured && numbers.iter().any(|n| n.point == m.point));
    let panels = if history_captured || takes_numbered || !notes.is_empty() {
        vec![
            Panel {
                board: *start,
                marks: Vec::new(),
                numbers,
                after_move: None,
            },
            Panel {
                board: asked_in,
                marks,
                numbers: Vec::new(),
                after_move: Some(history.len()),
            },
        ]
    } else {
        vec![Panel {
            board: *start,
            marks,
            numbers,
            after_move: None,
        }]
    };
    (answer, Figure { panels, notes })
}

/// A `sequence`: every move numbered on the position, and the final board beside it when a
/// move captured (the numbered board still shows the captured stones).
fn sequence(mut game: Game, start: &Position, moves: &[(Color, Move)]) -> (Answer, Figure) {
    let with_colors: Vec<(Option<Color>, Move)> =
        moves.iter().map(|&(c, m)| (Some(c), m)).collect();
    let reports = referee::play_all(&mut game, &with_colors);
    let board = Position::of(game.board());
    let (numbers, notes) = numbered_moves(start, moves);
    let mut panels = vec![Panel {
        board: *start,
        marks: Vec::new(),
        numbers,
        after_move: None,
    }];
    if reports.iter().any(|r| !r.captured.is_empty()) {
        panels.push(Panel {
            board,
            marks: Vec::new(),
            numbers: Vec::new(),
            after_move: Some(moves.len()),
        });
    }
    let answer = Answer::Sequence {
        moves: reports,
        board,
        captures: [game.captures(Color::Black), game.captures(Color::White)],
    };
    (answer, Figure { panels, notes })
}

fn empty_score(rules: &Rules) -> Score {
    Score {
        scoring: rules.scoring,
        black: 0.0,
        white: rules.komi,
        komi: rules.komi,
        winner: None,
        margin: 0.0,
        territory: [0, 0],
        territory_points: [Vec::new(), Vec::new()],
        stones: [0, 0],
        prisoners: [0, 0],
    }
}

/// The marks of a counted board: a triangle on each dead stone and, where points count (by
/// area or territory), a square on each counted point in its owner's colour. A dead stone's
/// point is counted too, so it gets its square inside the triangle.
pub fn counted_marks(score: &Score, dead: &[Point]) -> Vec<Mark> {
    let mut marks: Vec<Mark> = dead.iter().map(|&p| mark(p, MarkKind::Dead)).collect();
    if score.scoring != Scoring::Captures {
        for color in [Color::Black, Color::White] {
            marks.extend(
                score.territory_points[color.index()]
                    .iter()
                    .map(|&p| mark(p, MarkKind::Territory(color))),
            );
        }
    }
    marks
}
