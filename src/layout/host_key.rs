//! The host key's pages: heading, "Run the round" (the full rules, with a worked example when the
//! kit asks for one), every example with its answer drawn and in words.
//!
//! A worked example is printed only where the kit asks: its own words in `[text]
//! run_round_worked_example` (the seed kit's), or `[kit] worked_example = N`, which works through
//! example N in words generated from the engine's answer. A default text would name points of
//! one particular position, wrong for every other kit. The answers in words are exactly
//! `answer::describe`, which is what `libertykit key` prints; a problem book's (a collection of
//! many) are `answer::describe_compact`, its moves without the lines its diagrams draw.

use crate::answer::{self, Answer, AnswerKey, Mark, MarkKind, Numbered};
use crate::kit::Kit;
use crate::rules::{BoardSize, Color, Point, Position};
use crate::wording::Wording;

use super::board::{self, BoardGeometry};
use super::example_grid::{self, Cell};
use super::flow::{Flow, text_shape};
use super::font::text_width_mm;
use super::geom::Pos;
use super::page::Font;
use super::prompt;
use super::rules_text;
use super::style::{ExamplePrint, PrintSize, Style, cap_height_mm};

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
    // The table's order, the seed's: the answers first (at a glance, then drawn), then how to
    // run the round; the players' rules are on their own sheet.
    at_a_glance(flow, kit, key, style);
    answers(flow, kit, key, style);
    run_the_round(flow, kit, key, style);
}

/// Every example's number and its answer in one line, for a host walking round the tables.
/// Left out of a problem book, whose key is already one short cell per problem.
fn at_a_glance(flow: &mut Flow, kit: &Kit, key: &AnswerKey, style: &Style) {
    if style.examples == ExamplePrint::Book || key.examples.is_empty() {
        return;
    }
    let w = &kit.wording;
    flow.heading(
        w.get("answers_glance_heading"),
        style.heading_pt,
        style.line_height(style.body_pt),
    );
    for (example, answer) in kit.examples.iter().zip(&key.examples) {
        let line = w.fill(
            "answers_glance_line",
            &[
                ("number", &example.number.to_string()),
                ("answer", &answer::glance(answer, w, false)),
            ],
        );
        flow.text(&line, Font::Regular, style.body_pt);
    }
}

/// "Run the round": the rules as the host says them, with the worked example the kit asks for
/// and how to adapt the round.
fn run_the_round(flow: &mut Flow, kit: &Kit, key: &AnswerKey, style: &Style) {
    let w = &kit.wording;
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
    let adaptation = if super::counters::per_colour(kit) == 0 {
        "run_round_adaptation_stones"
    } else {
        "run_round_adaptation"
    };
    paragraph(flow, w.get(adaptation), style);
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
                (
                    "answer",
                    &answer::describe(answer, w).join(w.get("answer_separator")),
                ),
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

/// Every example with its answer's figure and, under it, title, prompt and answer.
fn answers(flow: &mut Flow, kit: &Kit, key: &AnswerKey, style: &Style) {
    let w = &kit.wording;
    let shared = shared_source(key, style, w);
    let cells: Vec<Cell> = kit
        .examples
        .iter()
        .zip(&key.examples)
        .map(|(example, answer)| {
            // A problem book's key is the title and the answer: the diagram is the position,
            // and the question is on the player's page.
            let mut texts = vec![(prompt::title(example, w), Font::Bold)];
            if style.examples == ExamplePrint::Session {
                if prompt::shows_position_words(kit, example) {
                    texts.push((prompt::position(example, w), Font::Regular));
                }
                texts.push((prompt::prompt(kit, example), Font::Regular));
            }
            // A problem book's key is many short cells: the lines are on the diagrams.
            let words = match style.examples {
                ExamplePrint::Session => answer::describe_beside_figure(answer, w),
                ExamplePrint::Book => answer::describe_compact(answer, w),
            };
            texts.extend(
                words
                    .into_iter()
                    .filter(|line| Some(line) != shared.as_ref())
                    .map(|line| (line, Font::Bold)),
            );
            let panels = answer
                .figure
                .panels
                .iter()
                .map(|panel| {
                    let caption = answer::figure_caption(&answer.figure, panel, w);
                    (panel.clone(), caption)
                })
                .collect();
            Cell {
                panels,
                view: example.view.as_ref().map(|(v, _)| *v),
                texts,
                answer_line: None,
            }
        })
        .collect();
    if cells.is_empty() {
        return;
    }
    // The heading and the legend stay with the first row of answers, and every page the
    // answers run onto starts with both, the heading marked as continued.
    let heading = w.get("answers_heading");
    flow.heading(heading, style.heading_pt, 20.0);
    flow.keep_with_next(|f| legend(f, kit, key, style));
    if let Some(line) = &shared {
        flow.keep_with_next(|f| f.text(line, Font::Regular, style.body_pt));
    }
    let mut head = flow.scratch_heading(
        &w.fill("section_continued", &[("heading", heading)]),
        style.heading_pt,
    );
    legend(&mut head, kit, key, style);
    head.skip(style.paragraph_gap);
    example_grid::add(flow, kit, style, None, &cells, Some(head.into_block()));
    flow.set_running_head(None);
}

/// In a problem book whose problems answered by their source all name the same one, the
/// sentence that says whose answers they are, said once above them rather than under each.
fn shared_source(key: &AnswerKey, style: &Style, w: &Wording) -> Option<String> {
    if style.examples != ExamplePrint::Book {
        return None;
    }
    let mut sources = key.examples.iter().filter_map(|a| match &a.answer {
        Answer::Solve { source, .. } => Some(source.as_deref()),
        _ => None,
    });
    let first = sources.next()?;
    sources.all(|s| s == first).then(|| {
        w.fill(
            "answer_solve_source",
            &[(
                "source",
                first.unwrap_or_else(|| w.get("solve_source_default")),
            )],
        )
    })
}

/// One entry of the legend: what to draw on a one-point board, and its label's wording key.
struct LegendEntry {
    stone: Option<Color>,
    mark: Option<MarkKind>,
    number: Option<Color>,
    label: &'static str,
}

/// The legend entries for the marks the key uses, in a fixed order.
fn legend_entries(key: &AnswerKey) -> Vec<LegendEntry> {
    let used: Vec<MarkKind> = key
        .examples
        .iter()
        .flat_map(|a| a.figure.mark_kinds())
        .collect();
    let uses = |wanted: fn(&MarkKind) -> bool| used.iter().any(wanted);
    let entry = |stone, mark, label| LegendEntry {
        stone,
        mark: Some(mark),
        number: None,
        label,
    };
    let mut entries = Vec::new();
    if uses(|k| matches!(k, MarkKind::Move(_))) {
        entries.push(entry(None, MarkKind::Move(Color::Black), "legend_move"));
    }
    // Drawn in the colour of the key's first suicide, as the diagram shows it.
    if let Some(&suicide) = used.iter().find(|k| matches!(k, MarkKind::Suicide(_))) {
        entries.push(entry(None, suicide, "legend_suicide"));
    }
    if key.examples.iter().any(|a| a.figure.has_numbers()) {
        entries.push(LegendEntry {
            stone: None,
            mark: None,
            number: Some(Color::Black),
            label: "legend_numbered",
        });
    }
    let white = Some(Color::White);
    let fixed = [
        (MarkKind::Captured, white, "legend_captured"),
        (MarkKind::Liberty, None, "legend_liberty"),
        (MarkKind::Illegal, None, "legend_illegal"),
        (MarkKind::Dead, white, "legend_dead"),
        (MarkKind::Target, white, "legend_target"),
        (
            MarkKind::Territory(Color::Black),
            None,
            "legend_territory_black",
        ),
        (
            MarkKind::Territory(Color::White),
            None,
            "legend_territory_white",
        ),
    ];
    for (kind, stone, label) in fixed {
        if used.contains(&kind) {
            entries.push(entry(stone, kind, label));
        }
    }
    entries
}

/// One line (or more, when long) showing each mark the key uses with its meaning, drawn as on
/// the diagrams.
fn legend(flow: &mut Flow, kit: &Kit, key: &AnswerKey, style: &Style) {
    let w = &kit.wording;
    // A stone this size, on a one-point board whose only point is its centre; in large print
    // large enough that its move number stands at 11 pt, as the diagrams' coordinates do.
    let d = match style.print {
        PrintSize::Regular => 4.5,
        PrintSize::Large => 8.5,
    };
    let mut legend_style = style.board.scaled(d / style.board.stone);
    legend_style.stone = d;
    let Ok(size) = BoardSize::new(2) else {
        return;
    };
    let point = Point::new(0, 1);
    // Rows 7.5 mm apart, or a large print stone's height and a hair.
    let row_height = (d + 1.5).max(7.5);
    flow.ensure(row_height);
    let mut top = flow.y();
    let mut x = flow.left();
    let mut shapes = Vec::new();
    let mut height = row_height;
    for entry in legend_entries(key) {
        let text = w.get(entry.label).to_string();
        let width = d + 1.5 + text_width_mm(style.fonts, &text, Font::Regular, style.body_pt);
        if x > flow.left() && x + width > flow.left() + flow.width() {
            x = flow.left();
            top += row_height;
            height += row_height;
        }
        // Shift the diagram so that `point` lands at the legend entry's centre.
        let at = BoardGeometry::new(size, legend_style, Pos::mm(0.0, 0.0)).point(point);
        let origin = Pos::mm(x + d / 2.0 - at.x.get(), top + d / 2.0 - at.y.get());
        let g = BoardGeometry::new(size, legend_style, origin);
        let mut board = Position::empty(size);
        if let Some(color) = entry.stone {
            board.put(point, color);
        }
        let marks: Vec<Mark> = entry
            .mark
            .map(|kind| Mark { point, kind })
            .into_iter()
            .collect();
        let numbers: Vec<Numbered> = entry
            .number
            .map(|color| Numbered {
                point,
                number: 1,
                color,
            })
            .into_iter()
            .collect();
        shapes.extend(board::stones_and_marks(&g, Some(&board), &marks, &numbers));
        let tx = x + d + 1.5;
        let baseline = Pos::mm(tx, top + d / 2.0 + cap_height_mm(style.body_pt) / 2.0);
        x += width + 6.0;
        shapes.push(text_shape(text, baseline, Font::Regular, style.body_pt));
    }
    flow.place(height, shapes);
}
