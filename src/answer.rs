//! The answer key: what the rules engine finds for each example, with marks for its diagram and words for a host.

use crate::kit::model::{Example, Kit, Task};
use crate::referee::{self, MoveReport};
use crate::rules::{Board, Color, Game, IllegalMove, Move, Point, Rules, Score, score};
use crate::text::Wording;

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
    /// The board to draw the answer on (the position, or the final board of a sequence).
    pub board: Board,
    /// Points to mark on that board.
    pub marks: Vec<Mark>,
}

/// A marked point on an answer diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// Where.
    pub point: Point,
    /// What it shows.
    pub kind: MarkKind,
}

/// What a mark on an answer diagram means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// The move that answers the question (drawn as a stone of the mover, outlined).
    Move,
    /// A stone the answer removes.
    Captured,
    /// A liberty of the chain asked about.
    Liberty,
}

/// One capturing move and the stones it removes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptureMove {
    /// Where the capturing stone goes.
    pub point: Point,
    /// The stones it removes, sorted.
    pub captured: Vec<Point>,
}

/// The engine's answer to one task.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Every capturing move of the player to move.
    Capture {
        /// The moves, sorted by point.
        moves: Vec<CaptureMove>,
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
    },
    /// A sequence of moves, each reported, with the final board and tally.
    Sequence {
        /// Each move's report.
        moves: Vec<MoveReport>,
        /// Capture tally at the end, `[black, white]`.
        captures: [u32; 2],
    },
    /// The score of the position.
    Score(Score),
}

/// Computes the answer key of a kit.
pub fn answer_key(kit: &Kit) -> AnswerKey {
    AnswerKey {
        title: kit.title.clone(),
        fingerprint: kit.fingerprint.clone(),
        examples: kit
            .examples
            .iter()
            .map(|e| answer_example(&kit.rules, e))
            .collect(),
    }
}

/// Computes one example's answer under the session's rules.
pub fn answer_example(rules: &Rules, example: &Example) -> ExampleAnswer {
    let to_play = example.to_play.unwrap_or(Color::Black);
    let game = Game::new(example.board.clone(), to_play, *rules);
    let mut board = example.board.clone();
    let mut marks = Vec::new();
    let answer = match &example.task {
        Task::Capture => {
            let moves = capturing_moves(&game);
            for m in &moves {
                marks.push(Mark {
                    point: m.point,
                    kind: MarkKind::Move,
                });
                marks.extend(m.captured.iter().map(|&point| Mark {
                    point,
                    kind: MarkKind::Captured,
                }));
            }
            Answer::Capture { moves }
        }
        Task::Liberties { group } => {
            let chain = example.board.chain(*group);
            let (color, stones, liberties) = chain.map_or((to_play, Vec::new(), Vec::new()), |c| {
                (c.color, c.stones, c.liberties)
            });
            marks.extend(liberties.iter().map(|&point| Mark {
                point,
                kind: MarkKind::Liberty,
            }));
            Answer::Liberties {
                color,
                chain: stones,
                liberties,
            }
        }
        Task::Legal { mv, history } => {
            let mut game = game;
            let history: Vec<(Option<Color>, Move)> =
                history.iter().map(|&(c, m)| (Some(c), m)).collect();
            referee::play_all(&mut game, &history);
            let mover = example.to_play.unwrap_or_else(|| game.to_play());
            board = game.board().clone();
            let result = game.play(mover, Move::Play(*mv));
            marks.push(Mark {
                point: *mv,
                kind: MarkKind::Move,
            });
            match result {
                Ok(played) => {
                    marks.extend(played.captured.iter().map(|&point| Mark {
                        point,
                        kind: MarkKind::Captured,
                    }));
                    Answer::Legal {
                        point: *mv,
                        reason: None,
                        captured: played.captured,
                    }
                }
                Err(reason) => Answer::Legal {
                    point: *mv,
                    reason: Some(reason),
                    captured: Vec::new(),
                },
            }
        }
        Task::Sequence { moves } => {
            let mut game = game;
            let moves: Vec<(Option<Color>, Move)> =
                moves.iter().map(|&(c, m)| (Some(c), m)).collect();
            let reports = referee::play_all(&mut game, &moves);
            board = game.board().clone();
            marks.extend(reports.iter().filter_map(|r| match r.mv {
                Move::Play(point) if r.illegal.is_none() && board.stone(point).is_some() => {
                    Some(Mark {
                        point,
                        kind: MarkKind::Move,
                    })
                }
                _ => None,
            }));
            Answer::Sequence {
                moves: reports,
                captures: [game.captures(Color::Black), game.captures(Color::White)],
            }
        }
        Task::Score { dead } => {
            marks.extend(dead.iter().map(|&point| Mark {
                point,
                kind: MarkKind::Captured,
            }));
            // Dead stones were validated when the kit was loaded.
            match score(&example.board, [0, 0], rules, dead) {
                Ok(s) => Answer::Score(s),
                Err(_) => Answer::Score(empty_score(rules)),
            }
        }
    };
    ExampleAnswer {
        number: example.number,
        task: example.task.clone(),
        to_play: example.to_play,
        answer,
        board,
        marks,
    }
}

fn empty_score(rules: &Rules) -> Score {
    Score {
        scoring: rules.scoring,
        black: 0.0,
        white: rules.komi,
        winner: None,
        margin: 0.0,
        territory: [0, 0],
        stones: [0, 0],
        prisoners: [0, 0],
    }
}

/// Every legal move of the player to move that captures, with what it removes, sorted by point.
pub fn capturing_moves(game: &Game) -> Vec<CaptureMove> {
    game.capturing_moves()
        .into_iter()
        .map(|capture| CaptureMove {
            point: capture.point,
            captured: capture.captured,
        })
        .collect()
}

/// Points as `C3, D4`.
pub fn list(points: &[Point]) -> String {
    points
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Formats a score total without a needless `.0` (43, 45.5).
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// The answer in words, as a host reads it aloud; one line per sentence.
pub fn describe(answer: &ExampleAnswer, wording: &Wording) -> Vec<String> {
    let stones = |n: usize| {
        let key = if n == 1 { "stone_one" } else { "stone_many" };
        wording.fill(key, &[("count", &n.to_string())])
    };
    let mover = answer.to_play.unwrap_or(Color::Black);
    let color_word = |c: Color| wording.get(c.name()).to_string();
    match &answer.answer {
        Answer::Capture { moves } if moves.is_empty() => {
            vec![wording.fill("answer_no_capture", &[("color", &color_word(mover))])]
        }
        Answer::Capture { moves } => moves
            .iter()
            .map(|m| {
                wording.fill(
                    "answer_capture",
                    &[
                        ("point", &m.point.to_string()),
                        ("captured", &list(&m.captured)),
                        ("stones", &stones(m.captured.len())),
                    ],
                )
            })
            .collect(),
        Answer::Liberties {
            color,
            chain,
            liberties,
        } => vec![wording.fill(
            if liberties.len() == 1 {
                "answer_liberties_one"
            } else {
                "answer_liberties"
            },
            &[
                ("color", &color_word(*color)),
                ("chain", &list(chain)),
                ("count", &liberties.len().to_string()),
                ("liberties", &list(liberties)),
            ],
        )],
        Answer::Legal {
            point,
            reason: None,
            captured,
        } => {
            let key = if captured.is_empty() {
                "answer_legal"
            } else {
                "answer_legal_capturing"
            };
            vec![wording.fill(
                key,
                &[
                    ("color", &color_word(mover)),
                    ("point", &point.to_string()),
                    ("captured", &list(captured)),
                    ("stones", &stones(captured.len())),
                ],
            )]
        }
        Answer::Legal {
            point,
            reason: Some(reason),
            ..
        } => vec![wording.fill(
            "answer_illegal",
            &[
                ("color", &color_word(mover)),
                ("point", &point.to_string()),
                (
                    "reason",
                    wording.get(&format!("reason_{}", reason.name().replace('-', "_"))),
                ),
            ],
        )],
        Answer::Sequence { moves, captures } => {
            let mut lines: Vec<String> = moves
                .iter()
                .map(|r| {
                    let key = if r.captured.is_empty() {
                        "answer_sequence_move"
                    } else {
                        "answer_sequence_capture"
                    };
                    wording.fill(
                        key,
                        &[
                            ("number", &r.number.to_string()),
                            ("color", &color_word(r.color)),
                            ("point", &r.mv.to_string()),
                            ("captured", &list(&r.captured)),
                            ("stones", &stones(r.captured.len())),
                            (
                                "liberties",
                                &r.liberties.map_or("-".into(), |l| l.to_string()),
                            ),
                        ],
                    )
                })
                .collect();
            lines.push(wording.fill(
                "answer_tally",
                &[
                    ("black", &captures[0].to_string()),
                    ("white", &captures[1].to_string()),
                ],
            ));
            lines
        }
        Answer::Score(s) => {
            let result = match s.winner {
                Some(c) => wording.fill(
                    "answer_winner",
                    &[("color", &color_word(c)), ("margin", &number(s.margin))],
                ),
                None => wording.get("answer_draw").to_string(),
            };
            vec![wording.fill(
                "answer_score",
                &[
                    ("scoring", s.scoring.name()),
                    ("black", &number(s.black)),
                    ("white", &number(s.white)),
                    ("result", &result),
                ],
            )]
        }
    }
}
