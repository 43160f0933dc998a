//! One game of an SGF collection turned into a kit example: which task it asks, with what, and
//! whether its moves are legal.
//!
//! A game exported by libertykit names its task in its `LK` property; any other game is read by
//! what it holds: moves make a `sequence`, a position alone a `capture` question when the side
//! to play can capture, else a `liberties` question.

use std::ops::Range;
use std::sync::LazyLock;

use super::proven_goal::{ProvenCapture, proven_capture};
use super::solution_line::{Choice, choose_line};
use crate::answer::firewall::folded_text;
use crate::diag::Diagnostic;
use crate::kit::{TaskKind, View, starting_side};
use crate::record::SgfGame;
use crate::record::solution::{FirstMove, Verdict, first_moves, verdict_of_comment};
use crate::rules::reading::Goal;
use crate::rules::{Color, Game, Move, Point, Position, Rules};
use crate::wording::{Language, Wording};

/// What an imported example asks, with the fields of its task.
#[derive(Debug, Clone, PartialEq)]
pub enum ImportedTask {
    /// Which moves of `to_play` capture.
    Capture,
    /// A reading problem: capture or save the chain through `group` within `within` moves.
    Reading {
        /// Capture or escape.
        goal: Goal,
        /// A stone of the chain.
        group: Point,
        /// The attacker's moves allowed.
        within: u32,
    },
    /// The liberties of the chain through `group`.
    Liberties {
        /// A stone of the chain.
        group: Point,
    },
    /// Whether `mv` is legal after `history`.
    Legal {
        /// The moves before the question.
        history: Vec<(Color, Move)>,
        /// The point asked about.
        mv: Point,
    },
    /// Play these moves.
    Sequence {
        /// The moves, with their colours.
        moves: Vec<(Color, Move)>,
    },
    /// Count the position after removing `dead`.
    Score {
        /// Stones agreed dead.
        dead: Vec<Point>,
    },
    /// The collection's answer: its correct lines and wrong tries, every move legal.
    Solve {
        /// The lines marked correct.
        correct: Vec<Vec<(Color, Move)>>,
        /// The tries marked wrong, each with its refutation.
        wrong: Vec<Vec<(Color, Move)>>,
        /// Whose answer it is.
        source: Option<String>,
    },
}

/// One example read from a game.
#[derive(Debug, Clone)]
pub struct ImportedExample {
    /// The game's number in the file, from 1 (with `--games`, not its place in the kit).
    pub number: usize,
    /// `GN` or `N`, unless libertykit made the title up.
    pub title: Option<String>,
    /// `C`, unless libertykit made the prompt up.
    pub prompt: Option<String>,
    /// The setup position.
    pub board: Position,
    /// `PL` (or the colour of a `legal` question's move).
    pub to_play: Option<Color>,
    /// The task.
    pub task: ImportedTask,
    /// `VW` of a game libertykit wrote.
    pub view: Option<View>,
    /// Why the task was chosen, when the game did not make it plain; written as a comment.
    pub note: Option<String>,
    /// The note says the collection's answer is unclear (several first moves marked correct,
    /// or none): import also says it on stderr.
    pub flagged: bool,
}

impl ImportedExample {
    /// Adds a sentence to the example's note.
    pub fn add_note(&mut self, note: String) {
        self.note = Some(match self.note.take() {
            Some(known) => format!("{known}; {note}"),
            None => note,
        });
    }
}

/// The `LK` values of a game, read: `name=value` pairs with where each is written.
#[derive(Debug, Clone, Default)]
pub struct PrivateEntries {
    entries: Vec<(String, String, Range<usize>)>,
}

impl PrivateEntries {
    /// Reads `LK`'s values; a value that is not `name=value` is a problem.
    pub fn read(game: &SgfGame, problems: &mut Vec<Diagnostic>) -> PrivateEntries {
        let mut entries = Vec::new();
        for (value, span) in &game.libertykit {
            match value.split_once('=') {
                Some((name, v)) => entries.push((name.trim().into(), v.trim().into(), span.clone())),
                None => problems.push(
                    Diagnostic::at(span.clone(), format!("`LK[{value}]` is not `name=value`"))
                        .with_help("libertykit's `LK` values read like `LK[task=capture]`; see docs/sgf.md"),
                ),
            }
        }
        PrivateEntries { entries }
    }

    /// Whether the game has any.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of `name`, with where it is written.
    pub fn get(&self, name: &str) -> Option<(&str, Range<usize>)> {
        self.entries
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, v, s)| (v.as_str(), s.clone()))
    }

    /// Whether `generated=what` is among them.
    pub fn generated(&self, what: &str) -> bool {
        self.entries
            .iter()
            .any(|(n, v, _)| n == "generated" && v == what)
    }

    /// The `[kit]` entries they set (`language`, `font`), in the order written.
    pub fn kit(&self) -> Vec<(&str, &str)> {
        self.entries
            .iter()
            .filter(|(n, _, _)| n == "language" || n == "font")
            .map(|(n, v, _)| (n.as_str(), v.as_str()))
            .collect()
    }

    /// The `[rules]` entries they set (`ko`, `end_passes`, ...), in the order written.
    pub fn rules(&self) -> Vec<(&str, &str, Range<usize>)> {
        const RULES: [&str; 6] = [
            "ko",
            "end_passes",
            "max_stones",
            "capture_target",
            "scoring",
            "suicide",
        ];
        self.entries
            .iter()
            .filter(|(n, _, _)| RULES.contains(&n.as_str()))
            .map(|(n, v, s)| (n.as_str(), v.as_str(), s.clone()))
            .collect()
    }
}

/// Reads game `number` (from 1) as an example under `rules`, or says why it cannot be one.
pub fn example_of(
    number: usize,
    game: &SgfGame,
    private: &PrivateEntries,
    rules: &Rules,
    problems: &mut Vec<Diagnostic>,
) -> Option<ImportedExample> {
    let mut moves: Vec<(Color, Move)> = game.moves.iter().map(|(c, m, _)| (*c, *m)).collect();
    let mut spans: Vec<Range<usize>> = game.moves.iter().map(|(_, _, s)| s.clone()).collect();
    let mut example = ImportedExample {
        number,
        title: game.title.clone().filter(|t| !t.is_empty()),
        prompt: game.comment.clone().filter(|c| !c.is_empty()),
        board: game.setup,
        to_play: game.to_play,
        task: ImportedTask::Capture,
        view: None,
        note: None,
        flagged: false,
    };
    // A problem collection's own file: the line its collection marks correct, never one
    // marked wrong; when that line captures, the capture question the engine proves.
    // libertykit's exports name their task instead.
    let proven = if private.is_empty() {
        read_solution(game, rules, &mut example, &mut moves, &mut spans)
    } else {
        None
    };
    if private.generated("title") {
        example.title = None;
    }
    // Exports before this version followed the question with the answer in the root's
    // comment (and wrote `answer_at`): only the question is the prompt, however an editor has
    // since changed its white space or line ends.
    if private.get("answer_at").is_some()
        && let Some(prompt) = &example.prompt
    {
        example.prompt = Some(question_before_answers(prompt));
    }
    if private.generated("prompt") {
        example.prompt = None;
    }
    let task = match private.get("task") {
        Some((name, span)) => {
            let Some(kind) = TaskKind::parse(name) else {
                problems.push(
                    Diagnostic::at(span, format!("`task={name}` is not a task"))
                        .with_help(format!("use one of: {}", TaskKind::NAMES.join(", "))),
                );
                return None;
            };
            example.view = game.view.as_deref().and_then(view_of);
            task_named(kind, game, private, &moves, &mut example, problems)?
        }
        None if let Some(SolvedBy::Engine(capture)) = proven => {
            example.to_play = moves.first().map(|&(color, _)| color);
            example.add_note(capture.note);
            ImportedTask::Reading {
                goal: Goal::Capture,
                group: capture.group,
                within: capture.within,
            }
        }
        None if let Some(SolvedBy::Collection {
            correct,
            wrong,
            mover,
        }) = proven =>
        {
            example.to_play = Some(mover);
            ImportedTask::Solve {
                correct,
                wrong,
                source: None,
            }
        }
        None if !moves.is_empty() => ImportedTask::Sequence {
            moves: moves.clone(),
        },
        None => task_of_position(game, rules, &mut example),
    };
    if private.is_empty() {
        // A plain SGF's own `VW` (problem editors write one), else the part of a large board
        // the problem is in: a corner problem printed on a whole 19x19 board is tiny.
        example.view = game
            .view
            .as_deref()
            .and_then(view_of)
            .or_else(|| region_of(&example.board, &moves));
    }
    example.task = task;
    check_moves(number, &spans, &example, rules, problems)?;
    Some(example)
}

/// What a problem's solution tree makes of its example, beyond the line it shows.
enum SolvedBy {
    /// The correct line captures, and the engine proves that capture: a reading problem.
    Engine(ProvenCapture),
    /// The goal is not one the engine proves: the collection's correct lines and wrong tries,
    /// each legal, with who moves first.
    Collection {
        correct: Vec<Vec<(Color, Move)>>,
        wrong: Vec<Vec<(Color, Move)>>,
        mover: Color,
    },
}

/// A plain file's solution tree read into the example: the line its collection marks correct
/// replaces `moves` and `spans` (none when no line is marked correct; unchanged when nothing is
/// marked), with what the collection's marks leave unclear said in its note; and what answers
/// the problem: the engine's proof of the capture that line makes, else the collection's
/// lines.
fn read_solution(
    game: &SgfGame,
    rules: &Rules,
    example: &mut ImportedExample,
    moves: &mut Vec<(Color, Move)>,
    spans: &mut Vec<Range<usize>>,
) -> Option<SolvedBy> {
    let mut solved = None;
    let firsts = first_moves(&game.solution);
    match choose_line(game, &firsts) {
        Choice::Unmarked => {}
        Choice::Correct {
            line,
            note,
            unclear,
        } => {
            *moves = line.moves;
            *spans = line.spans;
            if let Some(note) = note {
                example.add_note(note);
            }
            example.flagged = unclear;
            solved = match proven_capture(&game.setup, rules, moves, &firsts) {
                Some(capture) => Some(SolvedBy::Engine(capture)),
                None => collection_lines(game, rules, &firsts, example),
            };
        }
        Choice::NoneCorrect { note } => {
            moves.clear();
            spans.clear();
            example.add_note(note);
            example.flagged = true;
        }
    }
    // A marker in the setup comment ("Correct: B1") belongs to the answer, not the question.
    if example
        .prompt
        .as_deref()
        .and_then(verdict_of_comment)
        .is_some()
    {
        example.prompt = None;
        example.add_note(
            "the setup comment carries a solution's marker and is left out of the prompt"
                .to_string(),
        );
    }
    solved
}

/// The collection's answer to a problem whose goal the engine does not prove: the line of every
/// first move it marks correct and of every one it marks wrong (the refutation), by the colour
/// of its first correct move. A line with an illegal move is left out, and said; `None` when no
/// correct line is left.
fn collection_lines(
    game: &SgfGame,
    rules: &Rules,
    firsts: &[FirstMove],
    example: &mut ImportedExample,
) -> Option<SolvedBy> {
    let mover = firsts
        .iter()
        .find(|f| f.verdict == Some(Verdict::Correct))?
        .color;
    let mut correct = Vec::new();
    let mut wrong = Vec::new();
    let mut left_out = Vec::new();
    for first in firsts.iter().filter(|f| f.color == mover) {
        let Some(verdict) = first.verdict else {
            continue;
        };
        let line: Vec<(Color, Move)> = first
            .line
            .iter()
            .map(|&i| (game.solution[i].color, game.solution[i].mv))
            .collect();
        if first.mv == Move::Pass {
            continue;
        }
        let mut play = Game::new(game.setup.to_board(), mover, *rules);
        if let Some((k, reason)) = line
            .iter()
            .enumerate()
            .find_map(|(k, &(c, m))| play.play(c, m).err().map(|r| (k, r)))
        {
            let (c, m) = line[k];
            left_out.push(format!(
                "{} {} (move {}, {} {m}, is illegal: {})",
                first.color.name(),
                first.mv,
                k + 1,
                c.name(),
                reason.name()
            ));
            continue;
        }
        match verdict {
            Verdict::Correct => correct.push(line),
            Verdict::Wrong => wrong.push(line),
        }
    }
    if !left_out.is_empty() {
        example.add_note(format!(
            "the line of {} is left out",
            left_out.join("; the line of ")
        ));
    }
    if correct.is_empty() {
        example.flagged = true;
        example.add_note(
            "no correct line is legal under the kit's rules: the collection's answer is left out"
                .to_string(),
        );
        return None;
    }
    example.add_note(
        "the correct line ends with no capture the engine proves: the answer is the collection's, every move checked legal"
            .to_string(),
    );
    Some(SolvedBy::Collection {
        correct,
        wrong,
        mover,
    })
}

/// The task a game written by libertykit names, with its fields.
fn task_named(
    kind: TaskKind,
    game: &SgfGame,
    private: &PrivateEntries,
    moves: &[(Color, Move)],
    example: &mut ImportedExample,
    problems: &mut Vec<Diagnostic>,
) -> Option<ImportedTask> {
    let size = game.size;
    let point =
        |written: &str, span: Range<usize>, problems: &mut Vec<Diagnostic>| match Point::parse(
            written, size,
        ) {
            Ok(p) => Some(p),
            Err(e) => {
                problems
                    .push(Diagnostic::at(span, e.to_string()).with_help("write a point like `C3`"));
                None
            }
        };
    Some(match kind {
        TaskKind::Capture | TaskKind::Escape => {
            example.to_play.get_or_insert(Color::Black);
            let goal = if kind == TaskKind::Escape {
                Goal::Escape
            } else {
                Goal::Capture
            };
            let group = private.get("group");
            if group.is_none() && goal == Goal::Capture {
                return Some(ImportedTask::Capture);
            }
            let Some((written, span)) = group else {
                problems.push(
                    Diagnostic::at(
                        game.size_span.clone(),
                        "an `escape` game has no `group=` in `LK`",
                    )
                    .with_help(
                        "name a stone of the chain to save, e.g. `LK[task=escape][group=C3]`",
                    ),
                );
                return None;
            };
            let group = point(written, span, problems)?;
            let within = match private.get("within") {
                None => 1,
                Some((written, span)) => match written.trim().parse::<u32>() {
                    Ok(n) if n >= 1 => n,
                    _ => {
                        problems.push(
                            Diagnostic::at(
                                span,
                                format!("`within={written}` is not a number of moves"),
                            )
                            .with_help("write e.g. `LK[within=3]`"),
                        );
                        return None;
                    }
                },
            };
            ImportedTask::Reading {
                goal,
                group,
                within,
            }
        }
        TaskKind::Liberties => {
            let Some((written, span)) = private.get("group") else {
                problems.push(
                    Diagnostic::at(
                        game.size_span.clone(),
                        "a `liberties` game has no `group=` in `LK`",
                    )
                    .with_help("name a stone of the chain, e.g. `LK[task=liberties][group=C3]`"),
                );
                return None;
            };
            ImportedTask::Liberties {
                group: point(written, span, problems)?,
            }
        }
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
        TaskKind::Solve => {
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

/// The text of an old export's root comment before its answers: everything before the first
/// line that starts with the host key's answers heading in any language (`Answers:`,
/// `Réponses :`, `解答：`), white space and line ends as any editor wrote them.
fn question_before_answers(comment: &str) -> String {
    // Parsed once: a collection of old exports names `answer_at` in every game.
    static HEADINGS: LazyLock<Vec<String>> = LazyLock::new(|| {
        Language::ALL
            .iter()
            .map(|&language| folded_text(Wording::for_language(language).get("answers_heading")))
            .collect()
    });
    let headings = &*HEADINGS;
    let mut end = comment.len();
    let mut at = 0;
    for line in comment.split_inclusive(['\n', '\r']) {
        let folded = folded_text(line);
        let starts_heading = headings.iter().any(|h| {
            folded
                .strip_prefix(h.as_str())
                .is_some_and(|rest| rest.starts_with([':', '：']))
        });
        if starts_heading {
            end = at;
            break;
        }
        at += line.len();
    }
    comment[..end].trim().to_string()
}

/// The question a position with no moves asks: a capture when the side to play has one, else
/// the liberties of the first chain in atari, else of the chain with the fewest liberties.
fn task_of_position(game: &SgfGame, rules: &Rules, example: &mut ImportedExample) -> ImportedTask {
    let to_play = *example.to_play.get_or_insert(Color::Black);
    let position = Game::new(game.setup.to_board(), to_play, *rules);
    if !position.capturing_moves().is_empty() {
        return ImportedTask::Capture;
    }
    // Chains in point order (column, then row), each named by its first stone in that order.
    let mut chains: Vec<(Point, usize)> = position
        .board()
        .chains()
        .iter()
        .filter_map(|c| Some((*c.stones.iter().min()?, c.liberties.len())))
        .collect();
    chains.sort();
    if let Some(&(stone, _)) = chains.iter().find(|(_, liberties)| *liberties == 1) {
        return ImportedTask::Liberties { group: stone };
    }
    if let Some(&(stone, _)) = chains.iter().min_by_key(|(_, liberties)| *liberties) {
        example.add_note(format!(
            "{} cannot capture and no chain is in atari: this asks for the liberties of the chain with the fewest",
            if to_play == Color::Black {
                "Black"
            } else {
                "White"
            }
        ));
        return ImportedTask::Liberties { group: stone };
    }
    example.add_note(
        "the board is empty: this asks for a capture, and there is none (`key = []`)".to_string(),
    );
    ImportedTask::Capture
}

/// The part of a board larger than 9x9 that holds every stone and move, two points wider on
/// each side (so liberties and captures show) and out to an edge within reach of it; `None`
/// when that is most of the board anyway.
fn region_of(board: &Position, moves: &[(Color, Move)]) -> Option<View> {
    let n = board.size().get();
    if n <= 9 {
        return None;
    }
    let mut points: Vec<Point> = board.stones(Color::Black);
    points.extend(board.stones(Color::White));
    points.extend(moves.iter().filter_map(|(_, m)| match m {
        Move::Play(p) => Some(*p),
        Move::Pass => None,
    }));
    let around = view_of(&points)?;
    const MARGIN: u8 = 2;
    let low = |v: u8| if v <= MARGIN + 1 { 0 } else { v - MARGIN };
    let high = |v: u8| {
        if v + MARGIN + 2 >= n {
            n - 1
        } else {
            v + MARGIN
        }
    };
    let view = View {
        low: Point::new(low(around.low.col), low(around.low.row)),
        high: Point::new(high(around.high.col), high(around.high.row)),
    };
    let shown =
        u32::from(view.high.col - view.low.col + 1) * u32::from(view.high.row - view.low.row + 1);
    (shown * 10 < u32::from(n) * u32::from(n) * 7).then_some(view)
}

/// A `VW` point list as the rectangle around it.
fn view_of(points: &[Point]) -> Option<View> {
    let low = Point::new(
        points.iter().map(|p| p.col).min()?,
        points.iter().map(|p| p.row).min()?,
    );
    let high = Point::new(
        points.iter().map(|p| p.col).max()?,
        points.iter().map(|p| p.row).max()?,
    );
    Some(View { low, high })
}

/// Plays the moves the kit will hold (a sequence, a `legal` question's history) under the kit's
/// rules, reporting the first illegal one at its place in the SGF.
fn check_moves(
    number: usize,
    spans: &[Range<usize>],
    example: &ImportedExample,
    rules: &Rules,
    problems: &mut Vec<Diagnostic>,
) -> Option<()> {
    let moves = match &example.task {
        ImportedTask::Sequence { moves } => moves,
        ImportedTask::Legal { history, .. } => history,
        _ => return Some(()),
    };
    let starts = starting_side(moves, example.to_play.unwrap_or(Color::Black));
    let mut play = Game::new(example.board.to_board(), starts, *rules);
    for (k, (&(color, mv), span)) in moves.iter().zip(spans).enumerate() {
        if let Err(reason) = play.play(color, mv) {
            problems.push(
                Diagnostic::at(
                    span.clone(),
                    format!(
                        "game {number}, move {}: {} {mv} is illegal ({})",
                        k + 1,
                        color.name(),
                        reason.name()
                    ),
                )
                .with_help("a kit's moves must all be legal; correct the record, or cut the game before this move"),
            );
            return None;
        }
    }
    Some(())
}
