//! The answers in words, as a host reads them aloud and `libertykit key` prints them. Every
//! word, sign and separator comes from the kit's wording, so the answers follow its language;
//! only points (`C3`, A–T without I in every language) and move numbers are written here.

use super::{Answer, ExampleAnswer, Figure, MoveReport, Note, Panel};
use crate::rules::{Color, Move, Point, Score, Scoring};
use crate::wording::Wording;

mod life_death;
mod reading;

use life_death::life_death_sentences;
use reading::{reading_sentences, solve_sentences};

/// Points as `C3, D4`, for diagnostics (which are in English); the pack's words use
/// [`points_in`].
pub fn list(points: &[Point]) -> String {
    points
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Points joined by the wording's `point_separator`: `C3, D4`, or `C3、D4` in Japanese.
pub fn points_in(points: &[Point], wording: &Wording) -> String {
    points
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(wording.get("point_separator"))
}

/// The scoring rule's name as the wording gives it (`scoring_name_area`: `area`), for the
/// `{scoring}` of a prompt or an answer.
pub fn scoring_name(scoring: Scoring, wording: &Wording) -> &str {
    wording.get(match scoring {
        Scoring::Captures => "scoring_name_captures",
        Scoring::Area => "scoring_name_area",
        Scoring::Territory => "scoring_name_territory",
    })
}

/// The answer in words, as a host reads it aloud; one line per sentence. A `legal` example's
/// history moves that its diagram's numbers cannot show end it, in one line.
pub fn describe(answer: &ExampleAnswer, wording: &Wording) -> Vec<String> {
    let mut lines: Vec<String> = answer_sentences(answer, wording)
        .into_iter()
        .map(|s| s.line)
        .collect();
    lines.extend(history_notes(answer, wording));
    lines
}

/// The answer as the printed host key sets it beside its figure: [`describe`] without the notes
/// on moves the numbers cannot show (`4 at B3`), which the key prints under the diagram as Go
/// books do ([`figure_caption`]), not tacked onto a move's line.
pub fn describe_beside_figure(answer: &ExampleAnswer, wording: &Wording) -> Vec<String> {
    sentences(answer, wording, Notes::UnderFigure)
        .into_iter()
        .map(|s| s.line)
        .collect()
}

/// Where the notes on moves a figure's numbers cannot show are said.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Notes {
    /// In the text: after a sequence's move, or in a line of their own (`libertykit key`).
    InText,
    /// Under the figure's diagram, as its caption (the printed key).
    UnderFigure,
}

/// The caption under a figure's board of numbered moves (`Moves 1–4: 4 at B3`), or under the
/// board the moves lead to (`After move 4`); `None` for a board of neither.
pub fn figure_caption(figure: &Figure, panel: &Panel, wording: &Wording) -> Option<String> {
    if let Some(n) = panel.after_move {
        return Some(wording.fill("figure_after_move", &[("number", &n.to_string())]));
    }
    if panel.numbers.is_empty() {
        return None;
    }
    let last = panel
        .numbers
        .iter()
        .map(|n| n.number)
        .chain(figure.notes.iter().map(Note::number))
        .max()
        .unwrap_or(1);
    let caption = if last == 1 {
        wording.fill("figure_move", &[("first", "1")])
    } else {
        wording.fill(
            "figure_moves",
            &[("first", "1"), ("last", &last.to_string())],
        )
    };
    if figure.notes.is_empty() {
        return Some(caption);
    }
    let notes: Vec<String> = figure.notes.iter().map(|n| note_text(n, wording)).collect();
    Some(wording.fill(
        "figure_caption_notes",
        &[
            ("caption", &caption),
            ("notes", &notes.join(wording.get("note_separator"))),
        ],
    ))
}

/// The answer as a problem book's key prints it, one short cell among many: the first moves
/// that work and the tempting tries named in one line; the notes the diagram's numbers need
/// are its caption ([`figure_caption`]). The lines themselves (the correct line, each
/// refutation) are on the diagram and in [`describe`], which `libertykit key` prints; any other
/// answer is [`describe_beside_figure`]'s.
pub fn describe_compact(answer: &ExampleAnswer, wording: &Wording) -> Vec<String> {
    // A pass is a try too ("pass"), named as the moves are.
    let first_moves = |lines: &mut dyn Iterator<Item = Option<Move>>| {
        let named: Vec<String> = lines.flatten().map(|m| m.to_string()).collect();
        named.join(wording.get("point_separator"))
    };
    let lines: Vec<String> = match &answer.answer {
        Answer::Solve {
            accepted,
            wrong,
            source,
            ..
        } => {
            let mut out: Vec<String> = accepted
                .iter()
                .map(|p| wording.fill("answer_solve", &[("point", &p.to_string())]))
                .collect();
            if !wrong.is_empty() {
                let tries = first_moves(&mut wrong.iter().map(|l| l.first().map(|&(_, m)| m)));
                out.push(wording.fill("answer_wrong_list", &[("points", &tries)]));
            }
            let source = source
                .as_deref()
                .unwrap_or_else(|| wording.get("solve_source_default"));
            out.push(wording.fill("answer_solve_source", &[("source", source)]));
            out
        }
        Answer::Reading {
            proof: Ok(solution),
            ..
        } => {
            // The sentences of the moves that work (or of none), then the tries in one line.
            let works = solution.accepted.len().max(1);
            let mut out: Vec<String> = answer_sentences(answer, wording)
                .into_iter()
                .take(works)
                .map(|s| s.line)
                .collect();
            if !solution.refuted.is_empty() {
                let tries =
                    first_moves(&mut solution.refuted.iter().map(|r| Some(Move::Play(r.point))));
                out.push(wording.fill("answer_fail_list", &[("points", &tries)]));
            }
            out
        }
        _ => return describe_beside_figure(answer, wording),
    };
    lines
}

/// The answer in one line, for the host key's list at a glance: the first sentence of
/// [`describe`] (of [`describe_compact`] in a problem book, `compact`), or a sequence's tally,
/// which sums up its move-by-move lines.
pub fn glance(answer: &ExampleAnswer, wording: &Wording, compact: bool) -> String {
    // A life-and-death proof opens with the group's status, which names no move: at a glance
    // the host needs the moves that work with it.
    if let Answer::LifeDeath {
        proof: Ok(solution),
        ..
    } = &answer.answer
        && !solution.accepted.is_empty()
    {
        let moves: Vec<String> = solution
            .accepted
            .iter()
            .map(|a| a.first.to_string())
            .collect();
        let status = life_death::status_words(solution.status, wording);
        return wording.fill(
            "answer_ld_glance",
            &[
                ("points", &moves.join(wording.get("point_separator"))),
                ("status", status),
            ],
        );
    }
    let lines = if compact {
        describe_compact(answer, wording)
    } else {
        describe(answer, wording)
    };
    let line = match answer.answer {
        Answer::Sequence { .. } => lines.last(),
        _ => lines.first(),
    };
    line.cloned().unwrap_or_default()
}

/// The line naming the moves a `legal` example's history or a reading problem's main line
/// plays that its diagram's numbers cannot show.
fn history_notes(answer: &ExampleAnswer, wording: &Wording) -> Option<String> {
    let numbered = matches!(
        answer.answer,
        Answer::Legal { .. }
            | Answer::Reading { .. }
            | Answer::Solve { .. }
            | Answer::LifeDeath { .. }
    );
    if !numbered || answer.figure.notes.is_empty() {
        return None;
    }
    let notes: Vec<String> = answer
        .figure
        .notes
        .iter()
        .map(|n| note_text(n, wording))
        .collect();
    let notes = notes.join(wording.get("note_separator"));
    Some(wording.fill("figure_notes", &[("notes", &notes)]))
}

/// Every phrase that gives the answer away: each sentence [`describe`] gives, and the short
/// claim at the heart of each (`C4 captures C3`, `B1 is illegal`, `White wins by 2.5`), from
/// the wording's `claim_*` sentences. A player page holding any of them shows the answer.
pub fn giveaways(answer: &ExampleAnswer, wording: &Wording) -> Vec<String> {
    let mut phrases = Vec::new();
    for sentence in answer_sentences(answer, wording) {
        phrases.push(sentence.line);
        phrases.extend(sentence.claim);
    }
    // A `legal` question's history is the question (the player's diagram numbers it, with
    // these notes); a reading line's notes are the answer's.
    if !matches!(answer.answer, Answer::Legal { .. }) {
        phrases.extend(history_notes(answer, wording));
    }
    // A problem book's key words them shorter ("Wrong: C19, A19"): those give it away too.
    // Looked up in a set: a sequence has a sentence per move, and a scan of the list for each
    // made a 60,000-move sequence's phrases quadratic.
    let mut known: std::collections::HashSet<String> = phrases.iter().cloned().collect();
    for line in describe_compact(answer, wording) {
        if known.insert(line.clone()) {
            phrases.push(line);
        }
    }
    phrases
}

/// One sentence of an answer, with the claim at its heart when its template has one.
struct Sentence {
    /// The sentence as the host key prints it.
    line: String,
    /// The shortest words that still give the answer away.
    claim: Option<String>,
}

/// The sentence `key` filled with `args`, and its claim: `claim_<name>` for `answer_<name>`,
/// filled with the same values.
fn sentence(wording: &Wording, key: &str, args: &[(&str, &str)]) -> Sentence {
    let claim = key
        .strip_prefix("answer_")
        .map(|name| format!("claim_{name}"))
        .filter(|claim| wording.has(claim))
        .map(|claim| wording.fill(&claim, args));
    Sentence {
        line: wording.fill(key, args),
        claim,
    }
}

fn answer_sentences(answer: &ExampleAnswer, wording: &Wording) -> Vec<Sentence> {
    sentences(answer, wording, Notes::InText)
}

fn sentences(answer: &ExampleAnswer, wording: &Wording, notes: Notes) -> Vec<Sentence> {
    let stones = |n: usize| stones(n, wording);
    let list = |points: &[Point]| points_in(points, wording);
    let mover = answer.to_play.unwrap_or(Color::Black);
    let color_word = |c: Color| wording.get(c.name()).to_string();
    match &answer.answer {
        Answer::Capture { moves } if moves.is_empty() => {
            vec![sentence(
                wording,
                "answer_no_capture",
                &[("color", &color_word(mover))],
            )]
        }
        Answer::Capture { moves } => moves
            .iter()
            .map(|m| {
                sentence(
                    wording,
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
        } => vec![liberties_sentence(*color, chain, liberties, wording)],
        Answer::Legal {
            point,
            reason: None,
            suicided,
            ..
        } if !suicided.is_empty() => vec![sentence(
            wording,
            "answer_legal_suicide",
            &[
                ("color", &color_word(mover)),
                ("point", &point.to_string()),
                ("removed", &list(suicided)),
                ("stones", &stones(suicided.len())),
            ],
        )],
        Answer::Legal {
            point,
            reason: None,
            captured,
            ..
        } => {
            let key = if captured.is_empty() {
                "answer_legal"
            } else {
                "answer_legal_capturing"
            };
            vec![sentence(
                wording,
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
        } => vec![sentence(
            wording,
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
        Answer::Sequence {
            moves, captures, ..
        } => sequence_sentences(answer, moves, *captures, wording, notes),
        Answer::Score(s) => vec![score_line(s, wording)],
        Answer::Reading {
            goal,
            chain,
            color,
            within,
            proof,
        } => reading_sentences(*goal, chain, *color, *within, proof, wording),
        Answer::Solve {
            accepted,
            correct,
            wrong,
            source,
        } => solve_sentences(accepted, correct, wrong, source.as_deref(), wording),
        Answer::LifeDeath {
            goal,
            chain,
            color,
            proof,
            errata,
            source,
        } => life_death_sentences(
            *goal,
            (chain, *color, mover),
            proof,
            (errata, source.as_deref()),
            wording,
        ),
    }
}

/// A `liberties` answer: the chain and its liberties.
fn liberties_sentence(
    color: Color,
    chain: &[Point],
    liberties: &[Point],
    wording: &Wording,
) -> Sentence {
    let list = |points: &[Point]| points_in(points, wording);
    sentence(
        wording,
        if liberties.len() == 1 {
            "answer_liberties_one"
        } else {
            "answer_liberties"
        },
        &[
            ("color", wording.get(color.name())),
            ("chain", &list(chain)),
            ("count", &liberties.len().to_string()),
            ("liberties", &list(liberties)),
        ],
    )
}

/// `3 moves`, `1 move`, as the wording counts them.
pub fn moves_count(n: u32, wording: &Wording) -> String {
    let key = if n == 1 { "move_one" } else { "move_many" };
    wording.fill(key, &[("count", &n.to_string())])
}

/// A line of moves numbered from `first`: `1. Black C4, 2. White D4`.
pub fn line_text(line: &[(Color, Move)], first: usize, wording: &Wording) -> String {
    line.iter()
        .enumerate()
        .map(|(i, &(c, m))| {
            let color = wording.get(c.name());
            let number = (first + i).to_string();
            match m {
                Move::Pass => wording.fill("line_pass", &[("number", &number), ("color", color)]),
                Move::Play(p) => wording.fill(
                    "line_move",
                    &[
                        ("number", &number),
                        ("color", color),
                        ("point", &p.to_string()),
                    ],
                ),
            }
        })
        .collect::<Vec<_>>()
        .join(wording.get("line_separator"))
}

/// `1 stone`, `3 stones`, as the wording counts them.
fn stones(n: usize, wording: &Wording) -> String {
    let key = if n == 1 { "stone_one" } else { "stone_many" };
    wording.fill(key, &[("count", &n.to_string())])
}

/// A sequence's answer: a sentence for each move, then the capture tally (`captures`, black's
/// then white's).
fn sequence_sentences(
    answer: &ExampleAnswer,
    moves: &[MoveReport],
    captures: [u32; 2],
    wording: &Wording,
    notes: Notes,
) -> Vec<Sentence> {
    let stones = |n: usize| stones(n, wording);
    let list = |points: &[Point]| points_in(points, wording);
    let color_word = |c: Color| wording.get(c.name()).to_string();
    let mut lines: Vec<Sentence> = moves
        .iter()
        .map(|r| {
            // A move the numbers on the diagram cannot show says where it went.
            let note = answer
                .figure
                .placement_note(r.number)
                .filter(|_| notes == Notes::InText);
            let key = if !r.suicided.is_empty() {
                "answer_sequence_suicide"
            } else if r.captured.is_empty() {
                "answer_sequence_move"
            } else {
                "answer_sequence_capture"
            };
            let mut said = sentence(
                wording,
                key,
                &[
                    ("number", &r.number.to_string()),
                    ("color", &color_word(r.color)),
                    ("point", &r.mv.to_string()),
                    ("captured", &list(&r.captured)),
                    ("stones", &stones(r.captured.len())),
                    ("removed", &list(&r.suicided)),
                    ("removed_stones", &stones(r.suicided.len())),
                    (
                        "liberties",
                        &r.liberties.map_or("-".into(), |l| l.to_string()),
                    ),
                ],
            );
            if let Some(note) = note {
                said.line.push_str(
                    &wording.fill("note_in_move", &[("note", &note_text(note, wording))]),
                );
            }
            said
        })
        .collect();
    lines.push(sentence(
        wording,
        "answer_tally",
        &[
            ("black", &captures[0].to_string()),
            ("white", &captures[1].to_string()),
        ],
    ));
    lines
}

/// A note under a figure in words: `7 at 3`, `7 at C3`, `2: White passes`.
pub fn note_text(note: &Note, wording: &Wording) -> String {
    match *note {
        Note::AtNumber { number, earlier } => wording.fill(
            "note_at_number",
            &[
                ("number", &number.to_string()),
                ("earlier", &earlier.to_string()),
            ],
        ),
        Note::AtPoint { number, point } => wording.fill(
            "note_at_point",
            &[
                ("number", &number.to_string()),
                ("point", &point.to_string()),
            ],
        ),
        Note::Pass { number, color } => wording.fill(
            "note_pass",
            &[
                ("number", &number.to_string()),
                ("color", wording.get(color.name())),
            ],
        ),
    }
}

/// The score with its working: by captures the two counts; by area stones plus points; by
/// territory points plus prisoners; komi added to White's.
fn score_line(s: &Score, wording: &Wording) -> Sentence {
    let result = match s.winner {
        Some(c) => wording.fill(
            "answer_winner",
            &[
                ("color", wording.get(c.name())),
                ("margin", &wording.decimal(s.margin)),
            ],
        ),
        None => wording.get("answer_draw").to_string(),
    };
    // A draw's words ("a draw") are too common to be a claim of their own.
    let claim = s.winner.is_some().then(|| result.clone());
    if s.scoring == Scoring::Captures {
        let line = wording.fill(
            "answer_score",
            &[
                ("scoring", scoring_name(s.scoring, wording)),
                ("black", &wording.decimal(s.black)),
                ("white", &wording.decimal(s.white)),
                ("result", &result),
            ],
        );
        return Sentence { line, claim };
    }
    let count = |n: u32, one: &str, many: &str| {
        wording.fill(
            if n == 1 { one } else { many },
            &[("count", &n.to_string())],
        )
    };
    let side = |color: Color, total: f64| {
        let i = color.index();
        let komi = s.komi_of(color);
        let komi = if komi == 0.0 {
            String::new()
        } else if komi < 0.0 {
            wording.fill("score_komi_negative", &[("komi", &wording.decimal(-komi))])
        } else {
            wording.fill("score_komi", &[("komi", &wording.decimal(komi))])
        };
        let (key, counted) = match s.scoring {
            Scoring::Area => (
                "score_area_side",
                count(s.stones[i], "stone_one", "stone_many"),
            ),
            _ => (
                "score_territory_side",
                count(s.prisoners[i], "prisoner_one", "prisoner_many"),
            ),
        };
        wording.fill(
            key,
            &[
                ("color", wording.get(color.name())),
                ("stones", &counted),
                ("prisoners", &counted),
                ("points", &count(s.territory[i], "point_one", "point_many")),
                ("komi", &komi),
                ("total", &wording.decimal(total)),
            ],
        )
    };
    let line = wording.fill(
        "answer_score_counted",
        &[
            ("scoring", scoring_name(s.scoring, wording)),
            ("black", &side(Color::Black, s.black)),
            ("white", &side(Color::White, s.white)),
            ("result", &result),
        ],
    );
    Sentence { line, claim }
}
