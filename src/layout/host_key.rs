//! The host key's pages: heading, "Run the round" (the full rules, with a worked example when the
//! kit asks for one), every example with its answer drawn and in words.
//!
//! A worked example is printed only where the kit asks: its own words in `[text]
//! run_round_worked_example` (the seed kit's), or `[kit] worked_example = N`, which works through
//! example N in words generated from the engine's answer. A default text would name points of
//! one particular position, wrong for every other kit. The answers in words are exactly
//! `answer::describe`, which is what `libertykit key` prints.

use crate::answer::{self, AnswerKey, Mark, MarkKind};
use crate::kit::Kit;
use crate::rules::{Board, BoardSize, Color, Point};

use super::board::{self, BoardGeometry};
use super::example_grid::{self, Cell};
use super::flow::{Flow, text_shape};
use super::font::text_width_mm;
use super::geom::Pos;
use super::page::Font;
use super::prompt;
use super::rules_text;
use super::style::{Style, cap_height_mm};

/// Lays out the host key's pages.
pub fn add_pages(flow: &mut Flow, kit: &Kit, key: &AnswerKey, style: &Style) {
    let w = &kit.wording;
    flow.text(w.get("host_heading"), Font::Bold, style.title_pt);
    flow.skip(style.paragraph_gap);
    flow.text(
        &w.fill("host_match", &[("fingerprint", &kit.fingerprint)]),
        Font::Regular,
        style.body_pt,
    );
    flow.heading(
        w.get("run_round_heading"),
        style.heading_pt,
        style.line_height(style.body_pt),
    );
    for (i, section) in rules_text::sections(kit).into_iter().enumerate() {
        flow.skip(style.paragraph_gap);
        flow.text(&section.paragraph, Font::Regular, style.body_pt);
        if i == 1 {
            paragraph(flow, &worked_example(kit, key), style);
        }
    }
    paragraph(flow, w.get("run_round_adaptation"), style);
    answers(flow, kit, key, style);
}

/// The worked example the kit asks for: example N worked through from the engine's answer, or
/// the kit's own words; empty when it asks for none.
fn worked_example(kit: &Kit, key: &AnswerKey) -> String {
    let w = &kit.wording;
    let chosen = kit.worked_example.and_then(|n| {
        let example = kit.examples.iter().find(|e| e.number == n)?;
        let answer = key.examples.iter().find(|a| a.number == n)?;
        Some((example, answer))
    });
    match chosen {
        Some((example, answer)) => w.fill(
            "run_round_worked_example_from",
            &[
                ("title", &prompt::title(example, w)),
                ("position", &prompt::position(example, w)),
                ("prompt", &prompt::prompt(kit, example)),
                ("answer", &answer::describe(answer, w).join(" ")),
            ],
        ),
        None => w.get("run_round_worked_example").to_string(),
    }
}

fn paragraph(flow: &mut Flow, text: &str, style: &Style) {
    if !text.trim().is_empty() {
        flow.skip(style.paragraph_gap);
        flow.text(text, Font::Regular, style.body_pt);
    }
}

/// Every example with its answer marked on the diagram and, under it, title, prompt and answer.
fn answers(flow: &mut Flow, kit: &Kit, key: &AnswerKey, style: &Style) {
    let w = &kit.wording;
    let cells: Vec<Cell<'_>> = kit
        .examples
        .iter()
        .zip(&key.examples)
        .map(|(example, answer)| {
            let mut texts = vec![
                (prompt::title(example, w), Font::Bold),
                (prompt::position(example, w), Font::Regular),
                (prompt::prompt(kit, example), Font::Regular),
            ];
            texts.extend(
                answer::describe(answer, w)
                    .into_iter()
                    .map(|line| (line, Font::Bold)),
            );
            Cell {
                board: &answer.board,
                marks: &answer.marks,
                mover: answer.to_play.unwrap_or(Color::Black),
                texts,
            }
        })
        .collect();
    if cells.is_empty() {
        return;
    }
    flow.heading(w.get("answers_heading"), style.heading_pt, 20.0);
    legend(flow, kit, style);
    example_grid::add(flow, kit, style, None, &cells);
}

/// One line showing the three marks with their meanings, drawn as on the diagrams.
fn legend(flow: &mut Flow, kit: &Kit, style: &Style) {
    let w = &kit.wording;
    // A stone this size, on a one-point board whose only point is its centre.
    let d = 4.5;
    let mut legend_style = style.board.scaled(d / style.board.stone);
    legend_style.stone = d;
    let Ok(size) = BoardSize::new(2) else {
        return;
    };
    let point = Point::new(0, 1);
    let mut board = Board::new(size);
    board.place_unchecked(point, Color::White);
    flow.ensure(d + 3.0);
    let top = flow.y();
    let mut x = flow.left();
    let mut shapes = Vec::new();
    for (kind, label) in [
        (MarkKind::Move, "legend_move"),
        (MarkKind::Captured, "legend_captured"),
        (MarkKind::Liberty, "legend_liberty"),
    ] {
        // Shift the diagram so that `point` lands at the legend entry's centre.
        let at = BoardGeometry::new(size, legend_style, Pos::new(0.0, 0.0)).point(point);
        let origin = Pos::new(x + d / 2.0 - at.x, top + d / 2.0 - at.y);
        let g = BoardGeometry::new(size, legend_style, origin);
        let on_board = (kind == MarkKind::Captured).then_some(&board);
        shapes.extend(board::stones_and_marks(
            &g,
            on_board,
            &[Mark { point, kind }],
            Color::Black,
        ));
        let text = w.get(label).to_string();
        let tx = x + d + 1.5;
        let baseline = Pos::new(tx, top + d / 2.0 + cap_height_mm(style.body_pt) / 2.0);
        x = tx + text_width_mm(&text, Font::Regular, style.body_pt) + 6.0;
        shapes.push(text_shape(text, baseline, Font::Regular, style.body_pt));
    }
    flow.place(d + 3.0, shapes);
}
