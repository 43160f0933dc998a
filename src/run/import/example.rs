//! One game of an SGF collection turned into a kit example: which task it asks, with what, and
//! whether its moves are legal.
//!
//! A game exported by libertykit names its task in its `LK` property; any other game is read by
//! what it holds: moves make a `sequence`, a position alone a `capture` question when the side
//! to play can capture, else a `liberties` question.

use std::ops::Range;
use std::sync::LazyLock;

use super::collection_answer::{SolvedBy, names_a_problem, opens_naming_the_mover, read_solution};
use super::exported_task::task_named;
use super::imported::{ImportedExample, ImportedTask, PrivateEntries};
use crate::answer::firewall::folded_text;
use crate::diag::Diagnostic;
use crate::kit::{TaskKind, View, starting_side};
use crate::record::SgfGame;
use crate::record::stated_goal::stated_goal;
use crate::rules::life_death;
use crate::rules::life_death::question::find_question;
use crate::rules::reading::Budget;
use crate::rules::reading::Goal;
use crate::rules::{Color, Game, Move, Point, Position, Rules};
use crate::wording::{Language, Wording};

/// Reads game `number` (from 1) as an example under `rules`, or says why it cannot be one;
/// `among_problems`: its collection holds problems, so it is read as one where it could be.
pub fn example_of(
    number: usize,
    game: &SgfGame,
    private: &PrivateEntries,
    (rules, among_problems): (&Rules, bool),
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
        main_line_taken: false,
    };
    // A problem collection's own file: the line its collection marks correct, never one
    // marked wrong; when that line captures, the capture question the engine proves.
    // libertykit's exports name their task instead.
    let proven = if private.is_empty() {
        read_solution(
            game,
            (rules, among_problems),
            &mut example,
            &mut moves,
            &mut spans,
        )
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
            why,
        }) = proven =>
        {
            example.to_play = Some(mover);
            life_death_task(game, rules, mover, (correct, wrong), &why, &mut example)
        }
        // A position set up with moves after it, in a collection of problems, in a file that
        // names itself a problem (`GN[Problem 12]`), or under a prompt that opens naming the
        // side to play (`白先`, "Black to play"), is a problem and its solution,
        // whatever it marks (a pass for a tenuki, one colour of stones): played out on the
        // player sheet, the moves would be the answer. The position asks its own question; the
        // moves stay in the file.
        None if !moves.is_empty()
            && private.is_empty()
            && (((among_problems || names_a_problem(game)) && sets_a_problem(game))
                || opens_naming_the_mover(game.comment.as_deref())
                || looks_like_a_problem(game, moves.len())) =>
        {
            leave_out_solution(&mut example, &mut moves, &mut spans);
            task_of_position(game, rules, &mut example)
        }
        None if !moves.is_empty() => ImportedTask::Sequence {
            moves: moves.clone(),
        },
        None => task_of_position(game, rules, &mut example),
    };
    if private.is_empty() {
        // A plain SGF's own `VW` (problem editors write one), else the part of a large board
        // the problem is in: a corner problem printed on a whole 19x19 board is tiny.
        // Every move of the tree, so a wrong try and its refutation show too.
        let mut shown = moves.clone();
        shown.extend(game.solution.iter().map(|node| (node.color, node.mv)));
        example.view = game
            .view
            .as_deref()
            .and_then(view_of)
            .or_else(|| region_of(&example.board, &shown));
    }
    example.task = task;
    check_moves(number, &spans, &example, rules, problems)?;
    Some(example)
}

/// Takes a problem's line out of `moves` and `spans`, saying so in `example`'s note.
fn leave_out_solution(
    example: &mut ImportedExample,
    moves: &mut Vec<(Color, Move)>,
    spans: &mut Vec<Range<usize>>,
) {
    example.add_note(format!(
        "the file sets up a position and plays {} move{} from it, which is how a problem file writes its solution: the moves are left out (they would print the answer on the player sheet), and the position asks its own question",
        moves.len(),
        if moves.len() == 1 { "" } else { "s" }
    ));
    example.flagged = true;
    moves.clear();
    spans.clear();
}

/// Whether `game` sets a problem: a position with White's stones or a side to play, before its
/// moves. A game record starts from an empty board or Black's handicap stones, with no `PL`.
/// Whether a problem's comment is a level and nothing else (`Elementary`, `中級`), as whole
/// collections write it in every file.
fn names_only_a_level(comment: &str) -> bool {
    const LEVELS: [&str; 16] = [
        "elementary",
        "intermediate",
        "advanced",
        "beginner",
        "beginners",
        "easy",
        "medium",
        "hard",
        "difficult",
        "expert",
        "初級",
        "中級",
        "上級",
        "初级",
        "中级",
        "高级",
    ];
    let word = comment.trim().trim_end_matches(['.', '。']).to_lowercase();
    LEVELS.contains(&word.as_str())
}

/// The smallest board a life-and-death question is looked for on: problem books set theirs on
/// 9x9 to 19x19; a capture game's 5x5 corner is a capture, not a group's life.
const LIFE_DEATH_BOARD: u8 = 9;

/// A line of moves, each with its colour.
type Line = Vec<(Color, Move)>;

/// What import may read per life-and-death problem to find its question (for each group it
/// could be about): a book of 900 problems imports in minutes on two cores, and a problem too
/// big for this keeps the collection's answer, said in its note. Measured on the first 100 of
/// Cho Chikun's Elementary book: 200,000 positions prove 68 questions in 15 s CPU, 800,000
/// prove 81 in 38 s.
const LIFE_DEATH_IMPORT_BUDGET: Budget = Budget { nodes: 800_000 };

// A problem import proves must not be refused by the kit's own `check` for want of the kit's
// shared budget, which grows by this much an example (past the fourth).
const _: () = assert!(crate::answer::EXAMPLE_SHARE >= LIFE_DEATH_IMPORT_BUDGET.nodes);

/// A problem the collection answers with lines: a `kill` or `live` question when the solver
/// finds the one the correct line teaches (from the problem's words where they state a goal),
/// else the collection's answer as it came (`solve`), with a note saying why.
fn life_death_task(
    game: &SgfGame,
    rules: &Rules,
    mover: Color,
    (correct, wrong): (Vec<Line>, Vec<Line>),
    why: &str,
    example: &mut ImportedExample,
) -> ImportedTask {
    let first_point = |line: &Vec<(Color, Move)>| match line.first() {
        Some((_, Move::Play(p))) => Some(*p),
        _ => None,
    };
    let texts: Vec<&str> = [game.title.as_deref(), game.comment.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    let stated = stated_goal(&texts).and_then(|s| s.goal_for(mover));
    let board_fits = game.size.get() >= LIFE_DEATH_BOARD;
    let question = correct
        .first()
        .and_then(first_point)
        .filter(|_| board_fits)
        .and_then(|first| {
            let wrong_firsts: Vec<Point> = wrong.iter().filter_map(first_point).collect();
            let position = Game::new(game.setup.to_board(), mover, *rules);
            find_question(
                &position,
                first,
                &wrong_firsts,
                stated,
                LIFE_DEATH_IMPORT_BUDGET,
            )
        });
    match question {
        Some((question, _)) if question.region.is_empty() => {
            let goal_words = match question.goal {
                life_death::Goal::Kill => "kill",
                life_death::Goal::Live => "make live",
            };
            let whose = if stated.is_some() {
                "as the problem's words say"
            } else {
                "the group the collection's correct line plays for, found by the solver"
            };
            example.add_note(format!(
                "the question: {} to {goal_words} the group at {} ({whose}); the key is the solver's proof, and where it differs from the collection's lines that is an erratum",
                mover.name(),
                question.target
            ));
            if example.prompt.as_deref().is_some_and(names_only_a_level) {
                // The collection's level ("Elementary") is no question: the player sheet
                // prints the goal line ("Black to kill") instead.
                example.prompt = None;
                example.add_note("its comment names only the collection's level and is left out: the player sheet asks the proven question".to_string());
            }
            ImportedTask::LifeDeath {
                goal: question.goal,
                group: question.target,
                correct,
                wrong,
                source: None,
            }
        }
        _ => {
            example.add_note(if board_fits {
                format!(
                    "{why}, and no life-and-death question of it is proven within import's budget: the answer is the collection's, every move checked legal"
                )
            } else {
                format!("{why}: the answer is the collection's, every move checked legal")
            });
            ImportedTask::Solve {
                correct,
                wrong,
                source: None,
            }
        }
    }
}

fn sets_a_problem(game: &SgfGame) -> bool {
    !game.setup.stones(Color::White).is_empty() || game.to_play.is_some()
}

/// The longest line a file that sets up a position of both colours may follow with and still
/// be read as a problem and its solution rather than a game: problem collections' lines are a
/// few moves (Cho Chikun's longest is under 20), a game record's are hundreds.
const PROBLEM_LINE: usize = 40;

/// The smallest board a problem with no marks is read on: problem collections set their
/// problems on a full board (a corner of 19x19), a capture game's demonstrations on a small one.
const PROBLEM_BOARD: u8 = 13;

/// Whether a file with no marks, name or words is still a problem: on a full-sized board it
/// sets up stones of both colours (a game's handicap sets up one) and follows them with a short
/// line. Played out on the player sheet, that line would be the answer; a demonstration read as
/// a problem only asks its position's question, so when in doubt the file is a problem.
fn looks_like_a_problem(game: &SgfGame, line: usize) -> bool {
    game.size.get() >= PROBLEM_BOARD
        && !game.setup.stones(Color::White).is_empty()
        && !game.setup.stones(Color::Black).is_empty()
        && line <= PROBLEM_LINE
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
