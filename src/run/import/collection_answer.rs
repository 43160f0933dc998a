//! What a plain file's solution tree makes of its example: the line it shows (one its collection
//! marks correct, never one marked wrong), and what answers it: the engine's proof of the
//! capture that line makes when that capture is the problem's question, else the collection's
//! own lines, every move checked legal.

use std::ops::Range;

use super::imported::ImportedExample;
use super::proven_goal::{
    CaptureReading, ProvenCapture, StatedGoal, captured_at_end, proven_capture, stated_goal,
};
use super::solution_line::{Choice, choose_line};
use crate::record::SgfGame;
use crate::record::solution::{FirstMove, Verdict, first_moves, verdict_of_comment};
use crate::rules::{Color, Game, Move, Rules};

/// What a problem's solution tree makes of its example, beyond the line it shows.
pub enum SolvedBy {
    /// The correct line captures, and the engine proves that capture: a reading problem.
    Engine(ProvenCapture),
    /// The goal is not one the engine proves: the collection's correct lines and wrong tries,
    /// each legal, with who moves first.
    Collection {
        correct: Vec<Vec<(Color, Move)>>,
        wrong: Vec<Vec<(Color, Move)>>,
        mover: Color,
        /// Why the engine's capture reading is not the question, for the example's note.
        why: String,
    },
}

/// A plain file's solution tree read into the example: the line its collection marks correct
/// replaces `moves` and `spans` (none when no line is marked correct; unchanged when nothing is
/// marked), with what the collection's marks leave unclear said in its note; and what answers
/// the problem: the engine's proof of the capture that line makes, else the collection's
/// lines. `among_problems`: the game's collection holds problems (see [`is_problem`]).
pub fn read_solution(
    game: &SgfGame,
    (rules, among_problems): (&Rules, bool),
    example: &mut ImportedExample,
    moves: &mut Vec<(Color, Move)>,
    spans: &mut Vec<Range<usize>>,
) -> Option<SolvedBy> {
    let mut solved = None;
    let mut firsts = first_moves(&game.solution);
    let mut choice = choose_line(game, &firsts);
    if choice == Choice::Unmarked && is_problem(game, among_problems) {
        // A problem that marks nothing. Shown to players as moves to play, its line would
        // print the answer on their page.
        if let [main] = firsts.as_mut_slice() {
            // One first move: the line is the answer, as problem files that mark nothing mean
            // it (Xuanxuan Qijing's, one line each).
            main.verdict = Some(Verdict::Correct);
            choice = choose_line(game, &firsts);
            example.main_line_taken = true;
            example.add_note(
                "no line of this problem is marked: its main line is taken as the collection's answer"
                    .to_string(),
            );
        } else {
            // Several, none told apart: which is the answer is not the file's to say.
            choice = Choice::NoneCorrect {
                note: format!(
                    "no line of this problem is marked, and its {} first moves are not told apart: its moves are left out, and the position asks its own question",
                    firsts.len()
                ),
            };
        }
    }
    match choice {
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
            solved = answer_of(game, rules, &firsts, example, moves);
            if solved.is_none() {
                // No correct line the kit can hold: its moves are the answer, and are never
                // shown as moves to play; the position asks its own question.
                moves.clear();
                spans.clear();
            }
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

/// What answers a problem whose line `moves` its collection marks correct: the engine's proof
/// of the capture the line ends with, when that capture is the problem's question, else the
/// collection's lines (`None` when none is legal), with the reason said in `example`'s note.
fn answer_of(
    game: &SgfGame,
    rules: &Rules,
    firsts: &[FirstMove],
    example: &mut ImportedExample,
    moves: &[(Color, Move)],
) -> Option<SolvedBy> {
    // The question is the problem's: a capture when its words ask for one, or when
    // they name no goal and the engine's proof agrees with the collection's marks.
    let words: Vec<&str> = [&example.title, &example.prompt]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    let stated = stated_goal(&words);
    let reading = if stated == Some(StatedGoal::Other) {
        CaptureReading::None
    } else {
        proven_capture(
            &game.setup,
            rules,
            moves,
            firsts,
            stated == Some(StatedGoal::Capture),
        )
    };
    match reading {
        CaptureReading::Proven(capture) => {
            // Asked for, the capture stands; where the proof and the marks part, the
            // author hears of it as of any unclear answer.
            example.flagged |= capture.disagrees;
            Some(SolvedBy::Engine(capture))
        }
        CaptureReading::NotTheQuestion(why) => collection_lines(game, rules, firsts, example, &why),
        CaptureReading::None if stated == Some(StatedGoal::Other) => collection_lines(
            game,
            rules,
            firsts,
            example,
            "the problem's words ask for another goal than a capture",
        ),
        CaptureReading::None => {
            // A capture asked for and a correct line that takes nothing: the goal is
            // unmet by the collection's own answer, which is said, not taught as one.
            if stated == Some(StatedGoal::Capture)
                && captured_at_end(&game.setup, rules, moves).is_none()
            {
                example.flagged = true;
                example.add_note(
                    "the problem asks for a capture, but the line its collection marks correct ends without one"
                        .to_string(),
                );
            }
            collection_lines(
                game,
                rules,
                firsts,
                example,
                "the correct line ends with no capture the engine proves",
            )
        }
    }
}

/// Whether `game` is a problem rather than a game record or a demonstration: a position with
/// stones of both colours (a game record starts from an empty board or a handicap) and moves
/// with no pass in them (a solution line has none; a demonstration's "Black plays twice" has),
/// and it says who is to play (`PL`, or its prompt: "Black to kill", `黒先`) or stands
/// `among_problems` (Xuanxuan Qijing's files leave `PL` out now and then).
pub fn is_problem(game: &SgfGame, among_problems: bool) -> bool {
    (game.to_play.is_some() || among_problems || names_the_mover(game.comment.as_deref()))
        && !game.moves.is_empty()
        && !game.setup.stones(Color::Black).is_empty()
        && !game.setup.stones(Color::White).is_empty()
        && game.moves.iter().all(|(_, m, _)| *m != Move::Pass)
}

/// Whether a prompt names the side to play, as a problem's does: "Black to kill", "White to
/// play", `黒先`, `白番`, `흑선`.
fn names_the_mover(prompt: Option<&str>) -> bool {
    prompt.is_some_and(|prompt| mover_named(prompt, |text, word| text.contains(word)))
}

/// Whether a prompt opens by naming the side to play, as a problem's goal line does ("Black to
/// live", `白先`): stricter than [`names_the_mover`], since a narrative comment ("... with Black
/// to move") speaks of the side to play without setting a problem.
pub fn opens_naming_the_mover(prompt: Option<&str>) -> bool {
    prompt
        .and_then(|p| p.trim_start().lines().next())
        .is_some_and(|first| mover_named(first, |text, word| text.starts_with(word)))
}

/// Whether `text` holds (as `holds` looks: anywhere, or at its start) words naming the side to
/// play, English in any case.
fn mover_named(text: &str, holds: fn(&str, &str) -> bool) -> bool {
    let lower = text.to_lowercase();
    ["black to ", "white to "].iter().any(|w| holds(&lower, w))
        || MOVER_WORDS.iter().any(|w| holds(text, w))
}

/// Whether the file names itself a problem, in its name (`GN`/`N`, "Problem 12", `詰碁 3`) or
/// its setup comment: its line is then the answer, however few marks it carries.
pub fn names_a_problem(game: &SgfGame) -> bool {
    let said = |text: &Option<String>| {
        text.as_deref().is_some_and(|text| {
            let folded = text.to_lowercase();
            PROBLEM_WORDS.iter().any(|w| folded.contains(w))
        })
    };
    said(&game.title) || said(&game.comment) || said(&game.event)
}

/// Words by which a file calls itself a problem.
const PROBLEM_WORDS: [&str; 12] = [
    "problem",
    "problème",
    "tsumego",
    "life and death",
    "詰碁",
    "詰め碁",
    "死活",
    "問題",
    "问题",
    "题",
    "문제",
    "사활",
];

/// The CJK words of a problem's goal line that name the side to play.
const MOVER_WORDS: [&str; 7] = ["黑先", "白先", "黒先", "黒番", "白番", "흑선", "백선"];

/// The collection's answer to a problem whose goal the engine does not prove (`why`, for the
/// kit's comment): the line of every first move it marks correct and of every one it marks
/// wrong (the refutation), by the colour of its first correct move. A line with an illegal
/// move is left out, and said; `None` when no correct line is left.
fn collection_lines(
    game: &SgfGame,
    rules: &Rules,
    firsts: &[FirstMove],
    example: &mut ImportedExample,
    why: &str,
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
    Some(SolvedBy::Collection {
        correct,
        wrong,
        mover,
        why: why.to_string(),
    })
}
