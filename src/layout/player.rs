//! The player sheet's content pages: title, rules in short, the full-size board, example diagrams with prompts, the move record.
//!
//! Nothing here may reveal an answer: examples carry no answer marks (only the dead stones a
//! `score` question names) and a worked example is left to the host key.

use crate::answer::{self, Figure, Mark, MarkKind, Panel, numbered_moves};
use crate::kit::{BoardPrint, Example, Kit, Physical, Task};
use crate::wording::Wording;

use super::board::{self, BoardGeometry};
use super::counters;
use super::example_grid::{self, Cell};
use super::flow::{Flow, text_shape};
use super::font::text_width_mm;
use super::geom::{Mm, Pos, Rgb, Size};
use super::page::{Font, Shape, Stroke};
use super::prompt;
use super::record_table;
use super::rules_text;
use super::sketches;
use super::{PageRoles, Role};

use super::style::{Style, ascent_mm, cap_height_mm};
use super::tiled_board;

/// Lays out the sheet's pages (counters follow on their own pages, added by the caller), and
/// says which pages every player reads (rules, examples) and which a pair plays and records on
/// (board, sketches, record).
pub fn add_pages(flow: &mut Flow, kit: &Kit, style: &Style) -> PageRoles {
    let w = &kit.wording;
    let start = flow.mark();
    flow.text(
        &w.fill("player_heading", &[("title", &kit.title)]),
        Font::Bold,
        style.title_pt,
    );
    name_fields(flow, kit, style);
    if let Some(purpose) = &kit.purpose {
        flow.text(purpose, Font::Regular, style.body_pt);
    }
    let size = board_size(kit);
    let counter = counters::diameter(kit, style);
    let small = counter < Physical::default().counter_mm;
    flow.text(
        &match counters::per_colour(kit) {
            0 => w.fill("materials_no_counters", &[("size", &size)]),
            // "Large" paper counters are a real board's; smaller ones say their size.
            1 if small => w.fill(
                "materials_small_single",
                &[("size", &size), ("mm", &w.decimal(counter))],
            ),
            1 => w.fill("materials_single", &[("size", &size)]),
            n if small => w.fill(
                "materials_small",
                &[
                    ("size", &size),
                    ("counters", &rules_text::spell(count_u32(n), w)),
                    ("mm", &w.decimal(counter)),
                ],
            ),
            n => w.fill(
                "materials",
                &[
                    ("size", &size),
                    ("counters", &rules_text::spell(count_u32(n), w)),
                ],
            ),
        },
        Font::Regular,
        style.body_pt,
    );
    for section in rules_text::sections(kit) {
        flow.heading(
            &section.heading,
            style.heading_pt,
            style.line_height(style.body_pt),
        );
        flow.text(&section.paragraph, Font::Regular, style.body_pt);
    }
    // One order for every kit, the seed's: the rules, the board with its tally, every
    // example in one run, the board sketches the rules ask for (when they do), the record. A board too large to share the rules' page starts its
    // own, as a full-page diagram does in a book.
    let mut roles = PageRoles::default();
    roles.read(flow, start, Role::EachPlayer);
    let board = flow.mark();
    full_board(flow, kit, style, &size);
    roles.read(flow, board, Role::EachPair);
    let examples_start = flow.mark();
    examples(flow, kit, style);
    roles.read(flow, examples_start, Role::EachPlayer);
    let kept = flow.mark();
    sketches::add(flow, kit, style);
    record(flow, kit, style);
    roles.read(flow, kept, Role::EachPair);
    roles
}

/// Shares of the line under the title for the name, partner and date fields.
const FIELD_SHARES: [(&str, f64); 3] = [
    ("field_name", 0.42),
    ("field_partner", 0.38),
    ("field_date", 0.2),
];

/// The line under the title the players fill in: name, partner and date, each a label and a
/// line to write on.
fn name_fields(flow: &mut Flow, kit: &Kit, style: &Style) {
    let mut shapes = Vec::new();
    let mut x = flow.left();
    let gap = 4.0;
    let room = flow.width() - gap * (FIELD_SHARES.len() - 1) as f64;
    for (key, share) in FIELD_SHARES {
        let width = room * share;
        let (field, _) = example_grid::ruled_line_of(
            style,
            kit.wording.get(key),
            Pos::mm(x, flow.y()),
            width,
            style.name_line,
        );
        shapes.extend(field);
        x += width + gap;
    }
    flow.place(style.name_line, shapes);
    // What follows is read, not written on: a little air keeps it off the lines.
    flow.skip(style.paragraph_gap);
}

/// The share of a page's content area left blank above which a page counts as mostly empty.
pub const MOSTLY_EMPTY: f64 = 0.5;

/// `5×5` for the kit's board.
pub fn board_size(kit: &Kit) -> String {
    kit.wording
        .fill("board_size", &[("n", &kit.size.get().to_string())])
}

fn count_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Height of the capture tally's cells: room for a name and a row of tally marks.
pub const TALLY_HEIGHT: f64 = 14.0;

/// Width of each player's cell in the capture tally.
pub const TALLY_CELL_WIDTH: f64 = 50.0;

/// Gap between the board's coordinate labels and the tally, and between its label and its cells.
/// (`fit::room_for_board` reserves the caption line above and `tally_height()` below.)
const TALLY_GAP: f64 = 4.0;

/// The room the tally takes under the full-size board, gap included.
pub fn tally_height() -> f64 {
    TALLY_GAP + TALLY_HEIGHT
}

/// The empty board at 100% scale, centred, with its caption above and the tally below.
fn full_board(flow: &mut Flow, kit: &Kit, style: &Style, size: &str) {
    let extent = BoardGeometry::extent(kit.size, &style.board);
    let caption = style.line_height(style.heading_pt);
    flow.skip(style.section_gap);
    flow.ensure(caption + extent.height.get() + tally_height());
    flow.text(
        &board_caption(kit, style, size),
        Font::Bold,
        style.heading_pt,
    );
    let x = flow.left() + (flow.width() - extent.width.get()).max(0.0) / 2.0;
    let geometry = BoardGeometry::new(kit.size, style.board, Pos::mm(x, flow.y()));
    flow.place(extent.height.get(), board::draw(&geometry, None, &[], &[]));
    // A board that only just fits its page (as the fit check allows) gets a tally at its
    // smallest: cells 10 mm tall, still clear of the labels.
    let room = flow.bottom() - flow.y();
    let (gap, height) = if room >= tally_height() {
        (TALLY_GAP, TALLY_HEIGHT)
    } else {
        let height = (room - MIN_TALLY_GAP).clamp(MIN_TALLY_HEIGHT, TALLY_HEIGHT);
        ((room - height).clamp(MIN_TALLY_GAP, TALLY_GAP), height)
    };
    let top = flow.y() + gap;
    let shapes = tally(kit, style, flow.left(), flow.width(), top, height);
    flow.place(gap + height, shapes);
}

/// The caption over the board: "full size" only at a real board's spacing; otherwise it says
/// the spacing, so nobody takes a board drawn smaller to fit the paper for a real one.
fn board_caption(kit: &Kit, style: &Style, size: &str) -> String {
    let w = &kit.wording;
    let real = Physical::default();
    let (x, y) = (style.board.spacing_x, style.board.spacing_y);
    if (x - real.spacing_x_mm).abs() < 1e-9 && (y - real.spacing_y_mm).abs() < 1e-9 {
        return w.fill("board_caption", &[("size", size)]);
    }
    // Drawn smaller here, the board is also printed at full size apart: say where.
    if kit.physical.board_print == BoardPrint::Tiled {
        let full = Style::for_physical(&kit.physical, style.fonts);
        let (width, height) = kit.paper.dimensions_mm();
        if let Some(tiling) = tiled_board::tiling(kit.size, &full, Size::mm(width, height)) {
            let sheets = tiling.sheets().to_string();
            return w.fill(
                "board_caption_tiled",
                &[("size", size), ("sheets", &sheets)],
            );
        }
    }
    w.fill(
        "board_caption_spacing",
        &[
            ("size", size),
            ("across", &w.decimal(x)),
            ("down", &w.decimal(y)),
        ],
    )
}

/// The smallest tally cells' height, for a board that only just fits.
pub const MIN_TALLY_HEIGHT: f64 = 10.0;

/// The smallest gap between the coordinate labels and the tally.
const MIN_TALLY_GAP: f64 = 1.2;

/// The capture tally: its label, then a cell for each player with the player's name in its
/// corner and room for tally marks, centred under the board, `top` below the labels.
fn tally(kit: &Kit, style: &Style, left: f64, width: f64, top: f64, height: f64) -> Vec<Shape> {
    let w = &kit.wording;
    let label = w.get("tally");
    let label_width = text_width_mm(style.fonts, label, Font::Bold, style.heading_pt);
    let label_room = if label_width > 0.0 {
        label_width + TALLY_GAP
    } else {
        0.0
    };
    let total = label_room + 2.0 * TALLY_CELL_WIDTH;
    let x = left + (width - total).max(0.0) / 2.0;
    let mut shapes = Vec::new();
    if label_width > 0.0 {
        let baseline = Pos::mm(
            x,
            top + height / 2.0 + cap_height_mm(style.heading_pt) / 2.0,
        );
        shapes.push(text_shape(
            label.to_string(),
            baseline,
            Font::Bold,
            style.heading_pt,
        ));
    }
    let stroke = Stroke {
        width: Mm::new(2.0 * style.thin_line),
        color: Rgb::BLACK,
        dash: None,
    };
    for (i, key) in ["tally_black", "tally_white"].into_iter().enumerate() {
        let cell_x = x + label_room + i as f64 * TALLY_CELL_WIDTH;
        shapes.push(Shape::Rect {
            origin: Pos::mm(cell_x, top),
            size: Size::mm(TALLY_CELL_WIDTH, height),
            fill: None,
            stroke: Some(stroke),
        });
        let name = w.get(key);
        if !name.is_empty() {
            let baseline = Pos::mm(cell_x + 1.5, top + 1.0 + ascent_mm(style.body_pt));
            shapes.push(text_shape(
                name.to_string(),
                baseline,
                Font::Regular,
                style.body_pt,
            ));
        }
    }
    shapes
}

/// The words under an example's diagram: its title, its position when it is printed in words
/// ([`prompt::shows_position_words`]) and its question.
fn example_texts(kit: &Kit, example: &Example) -> Vec<(String, Font)> {
    let w = &kit.wording;
    let mut texts = vec![(prompt::title(example, w), Font::Bold)];
    if prompt::shows_position_words(kit, example) {
        texts.push((prompt::position(example, w), Font::Regular));
    }
    texts.push((prompt::prompt(kit, example), Font::Regular));
    texts
}

/// The examples as small diagrams with their title and prompt, and no marks, under the
/// section's heading.
fn examples(flow: &mut Flow, kit: &Kit, style: &Style) {
    let w = &kit.wording;
    let cells: Vec<Cell> = kit
        .examples
        .iter()
        .map(|example| Cell {
            panels: vec![question_panel(example, w)],
            view: example.view.as_ref().map(|(v, _)| *v),
            texts: example_texts(kit, example),
            answer_line: Some(w.get("answer_line").to_string()),
        })
        .collect();
    let heading = w.get("examples_heading");
    // Every page the examples run onto says so.
    let head = flow.scratch_heading(
        &w.fill("section_continued", &[("heading", heading)]),
        style.heading_pt,
    );
    example_grid::add(
        flow,
        kit,
        style,
        Some(heading),
        &cells,
        Some(head.into_block()),
    );
    flow.set_running_head(None);
}

/// The position as players see it, with its caption: no answer, only what the question needs:
/// the stones agreed dead in a `score` example, marked so players know to remove them, the
/// chain a reading problem is about, and the moves a `legal` question's history plays,
/// numbered on their stones with their caption (`Moves 1–2: 3 at 1`), as it is the question.
fn question_panel(example: &Example, w: &Wording) -> (Panel, Option<String>) {
    let (numbers, notes) = match &example.task {
        Task::Legal { history, .. } => numbered_moves(&example.board, history),
        _ => (Vec::new(), Vec::new()),
    };
    let panel = Panel {
        numbers,
        ..marked_position(example)
    };
    let figure = Figure {
        panels: Vec::new(),
        notes,
    };
    let caption = answer::figure_caption(&figure, &panel, w);
    (panel, caption)
}

/// The example's position with the marks its question needs (no answer).
fn marked_position(example: &Example) -> Panel {
    let marks = match &example.task {
        Task::Reading { group, .. } | Task::LifeDeath { group, .. } => example
            .board
            .to_board()
            .chain(*group)
            .map(|c| c.stones)
            .unwrap_or_default()
            .into_iter()
            .map(|point| Mark {
                point,
                kind: MarkKind::Target,
            })
            .collect(),
        Task::Score { dead } => dead
            .iter()
            .map(|&point| Mark {
                point,
                kind: MarkKind::Dead,
            })
            .collect(),
        _ => Vec::new(),
    };
    Panel {
        board: example.board,
        marks,
        numbers: Vec::new(),
        after_move: None,
    }
}

/// Relative widths of the record table's columns: Move, Point, Captures, Group liberties.
const RECORD_COLUMNS: [f64; 4] = [0.16, 0.2, 0.24, 0.4];

/// The move-record table: a header row and empty rows, laid out by [`record_table::add`]. The
/// kit's `record_rows` is the least it holds; it takes the rest of its page (a 5x5 game to five
/// captures runs 15-40 moves), and starts a new page rather than split when that page holds
/// them all. The Move column is numbered unless the kit says not to. Without rows there is no
/// table.
fn record(flow: &mut Flow, kit: &Kit, style: &Style) {
    let w = &kit.wording;
    let least = usize::try_from(kit.record_rows).unwrap_or(usize::MAX);
    if least == 0 {
        return;
    }
    let total = match record_table::rows_that_fit(flow, style) {
        here if here >= least => here,
        _ => match record_table::rows_on_a_new_page(flow, style) {
            fresh if fresh >= least => {
                flow.new_page();
                fresh
            }
            _ => least,
        },
    };
    let headers = [
        "record_move",
        "record_point",
        "record_captures",
        "record_liberties",
    ]
    .map(|k| w.get(k).to_string());
    let numbered = kit.record_numbered;
    record_table::add(
        flow,
        w.get("record_heading"),
        &headers,
        &RECORD_COLUMNS,
        record_table::PLAYER_TABLE_WIDTH,
        total,
        |n, cells| {
            if numbered {
                cells[0] = (n + 1).to_string();
            }
            false
        },
        style,
    );
}
