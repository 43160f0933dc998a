//! Page composition, asserted on the page model for the example kits (en, fr, ja), for 7x7 to
//! 19x19 kits with three examples, and for generated kits (5x5 to 19x19, 1 to 30 examples, in
//! English, French and Japanese), on A4, Letter and A3, in regular and large print: no page
//! ends with a heading or holds only one; no text runs into another or off its page; a record
//! table part always has its header and at least three rows and a table that fits a page is
//! not split; the Move column is numbered when asked; the tally has a cell per player at least
//! 10 x 30 mm; nothing touches the full-size board's coordinate labels; no page but the last of
//! either document is left mostly empty; one order (board, examples, sketches, record); the
//! host key numbers every example and lists them at a glance; counters start on a sheet of
//! their own; large print's sizes.

mod common;

use std::path::PathBuf;

use libertykit::answer::answer_key;
use libertykit::kit::{Kit, Paper, load};
use libertykit::layout::font::text_width_mm;
use libertykit::layout::geom::Rgb;
use libertykit::layout::page::{Document, Font, Page, Shape};
use libertykit::layout::player::MOSTLY_EMPTY;
use libertykit::layout::record_table::MIN_ROWS_TOGETHER;
use libertykit::layout::style::{Style, cap_height_mm};
use libertykit::layout::{Pack, pack};
use libertykit::rules::KoRule;

/// Every example kit, the French and Japanese ones included (their sentences are longer, and
/// Japanese wraps without spaces), and the test kits that print views, sequences and counts.
const EXAMPLES: [&str; 14] = [
    "examples/liberty-chain-capture.toml",
    "examples/capture-drills.toml",
    "examples/counting-practice-9x9.toml",
    "examples/liberty-chain-capture-fr.toml",
    "examples/liberty-chain-capture-ja.toml",
    "examples/big-board-corners.toml",
    "examples/corner-problems.toml",
    "examples/reading-drills.toml",
    "examples/life-and-death.toml",
    "tests/kits/good/diagram-corners-19.toml",
    "tests/kits/good/diagram-positions.toml",
    "tests/kits/good/game-over-keys.toml",
    "tests/kits/good/ko-fight-sequence.toml",
    "tests/kits/good/scaffold.toml",
];

/// A kit on an `n`x`n` board at `spacing` with three examples.
fn board_kit(n: u8, spacing: (f64, f64), counter: f64) -> String {
    format!(
        r#"
[kit]
title = "Board {n}"
paper = "a4"
record_rows = 8
spacing_mm = [{}, {}]
counter_mm = {counter}

[rules]
board = {n}
ko = "situational"
end_passes = 2
scoring = "area"
komi = 7.5

[[example]]
position = "white C3; black B3 C2 D3"
to_play = "black"
task = "capture"

[[example]]
position = "white C3 C4; black B3 C2 D3"
task = "liberties"
group = "C3"

[[example]]
position = "white E5 E6 F5; black D5 E4 F6"
task = "liberties"
group = "E5"
"#,
        spacing.0, spacing.1
    )
}

fn sources() -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, String)> = EXAMPLES
        .iter()
        .map(|p| {
            (
                p.to_string(),
                std::fs::read_to_string(root.join(p)).unwrap(),
            )
        })
        .collect();
    for (n, spacing, counter) in [
        (7, (22.0, 23.7), 20.0),
        (9, (20.0, 21.6), 18.0),
        (13, (13.5, 14.5), 12.0),
        (19, (9.0, 9.7), 8.2),
    ] {
        out.push((format!("{n}x{n}"), board_kit(n, spacing, counter)));
    }
    out
}

fn kit_of(source: &str) -> Kit {
    load(source).unwrap_or_else(|d| panic!("{d:?}"))
}

/// The column letters of a board, as Go writes them (no `I`).
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

/// A generated kit: an `n`x`n` board with `count` examples in `language` (a capture, a
/// chain's liberties and a suicide question in turn, spread over the board; every fourth
/// titled, every fifth with a long question), under a superko rule when `count` is even.
fn generated_kit(n: u8, count: usize, language: &str) -> String {
    let font = if language == "ja" {
        "font = \"Noto Sans CJK JP\"\n"
    } else {
        ""
    };
    let ko = if count.is_multiple_of(2) {
        "positional"
    } else {
        "simple"
    };
    let mut kit = format!(
        "[kit]\ntitle = \"Generated {n}x{n}, {count} examples\"\npaper = \"a4\"\n\
         record_rows = 8\nlanguage = \"{language}\"\n{font}\n[rules]\nboard = {n}\nko = \"{ko}\"\n"
    );
    let span = usize::from(n) - 2;
    for i in 0..count {
        // A point with a neighbour on every side.
        let (x, y) = (1 + (i * 3) % span, 1 + (i * 5 + 1) % span);
        let at = |dx: isize, dy: isize| {
            let (c, r) = (x.wrapping_add_signed(dx), y.wrapping_add_signed(dy));
            format!("{}{}", &COLUMNS[c..=c], r + 1)
        };
        kit.push_str("\n[[example]]\n");
        if i % 4 == 1 {
            kit.push_str(&format!("title = \"Shape {i} on the board\"\n"));
        }
        if i % 5 == 4 {
            kit.push_str(
                "prompt = \"Look at every stone of the chain in turn and count the empty points \
                 beside it, then check the count with your partner before you write it down \
                 on the line under the diagram.\"\n",
            );
        }
        match i % 3 {
            0 => kit.push_str(&format!(
                "position = \"white {}; black {} {} {}\"\nto_play = \"black\"\ntask = \"capture\"\n",
                at(0, 0),
                at(-1, 0),
                at(1, 0),
                at(0, -1)
            )),
            1 => kit.push_str(&format!(
                "position = \"white {} {}; black {} {}\"\ntask = \"liberties\"\ngroup = \"{}\"\n",
                at(0, 0),
                at(0, 1),
                at(-1, 0),
                at(1, 0),
                at(0, 0)
            )),
            _ => kit.push_str(&format!(
                "position = \"black {} {} {} {}\"\nto_play = \"white\"\ntask = \"legal\"\nmove = \"{}\"\n",
                at(-1, 0),
                at(1, 0),
                at(0, -1),
                at(0, 1),
                at(0, 0)
            )),
        }
    }
    kit
}

/// The generated kits: 5x5 to 19x19, 1 to 30 examples (a session's few and a collection's
/// many, on either side of the twelve a session prints as such), in every language.
fn generated_sources() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for n in [5, 7, 9, 13, 19] {
        for count in [1, 4, 13, 30] {
            for language in ["en", "fr", "ja"] {
                out.push((
                    format!("generated {n}x{n} {count} {language}"),
                    generated_kit(n, count, language),
                ));
            }
        }
    }
    out
}

/// The fonts a kit's text is set in: the bundled font, or the CJK font its `[kit] font` names
/// (installed by `.ci/run`; without it, outside CI, its kits are left out with a note).
fn fonts_of(kit: &Kit) -> Option<&'static libertykit::typeface::Typefaces> {
    match &kit.font {
        None => Some(libertykit::typeface::bundled()),
        Some((name, _)) => match libertykit::typeface::load(name, std::path::Path::new(".")) {
            Ok(fonts) => Some(fonts),
            Err(_) => {
                assert!(
                    std::env::var_os("CI").is_none(),
                    "{name} is required when CI is set"
                );
                eprintln!("skipping the kits set in {name}: it is not installed");
                None
            }
        },
    }
}

/// Every example kit on every paper with 8 and 80 record rows (numbered when 80), and every
/// generated kit on every paper with 8; each in regular and in large print, with its name.
/// Laid out once, shared by the tests.
fn variants() -> &'static [(String, Kit, Pack)] {
    static VARIANTS: std::sync::OnceLock<Vec<(String, Kit, Pack)>> = std::sync::OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut out = Vec::new();
        let generated = generated_sources();
        let kits = sources()
            .into_iter()
            .map(|s| (s, &[8, 80][..]))
            .chain(generated.into_iter().map(|s| (s, &[8][..])));
        for ((name, source), all_rows) in kits {
            // The answers depend on the rules only: worked out once per kit.
            let key = answer_key(&kit_of(&source));
            for paper in [Paper::A4, Paper::Letter, Paper::A3] {
                for &rows in all_rows {
                    for large in [false, true] {
                        let mut kit = kit_of(&source);
                        let Some(fonts) = fonts_of(&kit) else {
                            continue;
                        };
                        kit.paper = paper;
                        kit.record_rows = rows;
                        kit.record_numbered = rows == 80;
                        if large {
                            kit.physical = kit.physical.in_large_print();
                        }
                        let pack = pack(&kit, &key, fonts);
                        let print = if large { " large" } else { "" };
                        out.push((format!("{name} {} r{rows}{print}", paper.name()), kit, pack));
                    }
                }
            }
        }
        out
    })
}

/// Top and bottom of a shape on the page (text: cap height above the baseline).
fn vertical_extent(shape: &Shape) -> (f64, f64) {
    match shape {
        Shape::Line { from, to, .. } => (from.y.min(to.y).get(), from.y.max(to.y).get()),
        Shape::Circle { center, radius, .. } => {
            ((center.y - *radius).get(), (center.y + *radius).get())
        }
        Shape::Rect { origin, size, .. } => (origin.y.get(), (origin.y + size.height).get()),
        Shape::Text {
            baseline, size_pt, ..
        } => (baseline.y.get() - cap_height_mm(*size_pt), baseline.y.get()),
    }
}

/// A shape's bounding box: left, top, right, bottom.
fn bounds(shape: &Shape) -> (f64, f64, f64, f64) {
    let (top, bottom) = vertical_extent(shape);
    match shape {
        Shape::Line { from, to, .. } => {
            (from.x.min(to.x).get(), top, from.x.max(to.x).get(), bottom)
        }
        Shape::Circle { center, radius, .. } => (
            (center.x - *radius).get(),
            top,
            (center.x + *radius).get(),
            bottom,
        ),
        Shape::Rect { origin, size, .. } => {
            (origin.x.get(), top, (origin.x + size.width).get(), bottom)
        }
        Shape::Text {
            baseline,
            text,
            size_pt,
            font,
            ..
        } => (
            baseline.x.get(),
            top,
            baseline.x.get()
                + text_width_mm(libertykit::typeface::bundled(), text, *font, *size_pt),
            bottom,
        ),
    }
}

/// The shapes above the footer band.
fn content<'a>(page: &'a Page, style: &Style) -> Vec<&'a Shape> {
    let bottom = page.size.height.get() - style.margin - style.footer_band;
    page.shapes
        .iter()
        // A table's last line may stand on the band's top edge, give or take a rounding.
        .filter(|s| vertical_extent(s).0 < bottom + 1e-6)
        .collect()
}

fn text_of(shape: &Shape) -> Option<&str> {
    match shape {
        Shape::Text { text, .. } => Some(text),
        _ => None,
    }
}

fn is_heading(shape: &Shape, style: &Style) -> bool {
    matches!(shape, Shape::Text { font: Font::Bold, size_pt, .. } if *size_pt == style.heading_pt)
}

/// The record table's header cells: grey rectangles one row tall.
fn table_headers(shapes: &[&Shape], style: &Style) -> Vec<(f64, f64, f64)> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Rect {
                origin,
                size,
                fill: Some(Rgb(r, _, _)),
                ..
            } if *r < 1.0 && (size.height.get() - style.table_row).abs() < 1e-9 => {
                Some((origin.x.get(), origin.y.get(), size.width.get()))
            }
            _ => None,
        })
        .collect()
}

/// Row bottoms under a table header at (x, y) `width` wide: the thin full-width lines below it.
fn rows_under(shapes: &[&Shape], header: (f64, f64, f64), style: &Style) -> Vec<f64> {
    let (x, y, width) = header;
    let mut rows: Vec<f64> = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Line { from, to, stroke }
                if (from.y - to.y).get().abs() < 1e-9
                    && (from.x.get() - x).abs() < 1e-6
                    && (to.x.get() - x - width).abs() < 1e-6
                    && (stroke.width.get() - style.thin_line).abs() < 1e-9
                    && from.y.get() > y + style.table_row + 1e-6 =>
            {
                Some(from.y.get())
            }
            _ => None,
        })
        .collect();
    rows.sort_by(f64::total_cmp);
    rows
}

fn style_of(kit: &Kit) -> Style {
    Style::for_physical(&kit.physical, libertykit::typeface::bundled())
}

/// The index of the player sheet's first counter page (the page count when there is none).
fn first_counter_page(kit: &Kit, doc: &Document) -> usize {
    let counters = kit.wording.get("counters_heading");
    doc.pages
        .iter()
        .position(|p| p.shapes.iter().any(|s| text_of(s) == Some(counters)))
        .unwrap_or(doc.pages.len())
}

/// Whether `page` is the blank page that puts the counters on a sheet of their own.
fn is_blank_before_counters(kit: &Kit, page: &Page) -> bool {
    let note = kit.wording.get("blank_before_counters");
    page.paragraphs()
        .iter()
        .any(|p| p.replace('\n', " ") == note)
}

/// Pages of the player sheet before the counters (and before the blank page ahead of them).
fn content_pages<'a>(kit: &Kit, doc: &'a Document) -> &'a [Page] {
    let first = first_counter_page(kit, doc);
    match first.checked_sub(1) {
        Some(blank) if is_blank_before_counters(kit, &doc.pages[blank]) => &doc.pages[..blank],
        _ => &doc.pages[..first],
    }
}

/// Printed on both sides, the counters never stand on the back of a page to read: they start
/// on an odd page, after a blank page that says why when the content ends on an odd one; a
/// pack without counters has no blank page.
#[test]
fn counters_start_on_a_sheet_of_their_own() {
    for (name, kit, pack) in variants() {
        let doc = &pack.player_sheet;
        let first = first_counter_page(kit, doc);
        let blanks = doc
            .pages
            .iter()
            .filter(|p| is_blank_before_counters(kit, p))
            .count();
        if first == doc.pages.len() {
            assert_eq!(blanks, 0, "{name}: a blank page without counters");
            continue;
        }
        assert_eq!(first % 2, 0, "{name}: counters start on page {}", first + 1);
        let reading = content_pages(kit, doc).len();
        assert_eq!(blanks, first - reading, "{name}");
        assert!(blanks <= 1, "{name}");
        if blanks == 1 {
            // The blank page holds its note and the foot, nothing else.
            let style = style_of(kit);
            let shapes = content(&doc.pages[first - 1], &style);
            assert!(shapes.iter().all(|s| text_of(s).is_some()), "{name}");
            let note = kit.wording.get("blank_before_counters");
            let words: Vec<&str> = shapes.iter().filter_map(|s| text_of(s)).collect();
            assert_eq!(words.join(" "), note, "{name}");
        }
    }
}

#[test]
fn no_page_ends_with_a_heading_or_holds_only_one() {
    for (name, kit, pack) in variants() {
        let style = style_of(kit);
        for (doc_name, doc) in [("player", &pack.player_sheet), ("host", &pack.host_key)] {
            for (i, page) in doc.pages.iter().enumerate() {
                let shapes = content(page, &style);
                let lowest = shapes
                    .iter()
                    .max_by(|a, b| vertical_extent(a).1.total_cmp(&vertical_extent(b).1))
                    .unwrap_or_else(|| panic!("{name} {doc_name} page {} is empty", i + 1));
                assert!(
                    !is_heading(lowest, &style),
                    "{name} {doc_name} page {} ends with the heading {:?}",
                    i + 1,
                    text_of(lowest)
                );
                assert!(
                    !shapes.iter().all(|s| is_heading(s, &style)),
                    "{name} {doc_name} page {} holds only a heading",
                    i + 1
                );
            }
        }
    }
}

#[test]
fn the_answers_heading_and_legend_share_a_page_with_the_first_answer() {
    for (name, kit, pack) in variants() {
        let heading = kit.wording.get("answers_heading");
        let first = libertykit::layout::prompt::title(&kit.examples[0], &kit.wording);
        let page = pack
            .host_key
            .pages
            .iter()
            .find(|p| p.shapes.iter().any(|s| text_of(s) == Some(heading)))
            .unwrap_or_else(|| panic!("{name}: no answers heading"));
        assert!(
            page.shapes
                .iter()
                .any(|s| text_of(s) == Some(first.as_str())),
            "{name}: `{heading}` is not on the page of `{first}`"
        );
    }
}

#[test]
fn record_tables_split_with_their_header_and_three_rows_and_number_every_row() {
    for (name, kit, pack) in variants() {
        let style = style_of(kit);
        let total = kit.record_rows as usize;
        let least = MIN_ROWS_TOGETHER.min(total);
        let mut counted = 0;
        // The variants ask for numbers only with 80 rows; 8 rows are left blank.
        let mut numbers = Vec::new();
        for (i, page) in pack.player_sheet.pages.iter().enumerate() {
            let shapes = content(page, &style);
            let mut headers = table_headers(&shapes, &style);
            headers.sort_by(|a, b| a.0.total_cmp(&b.0));
            for header in headers {
                let rows = rows_under(&shapes, header, &style);
                assert!(
                    rows.len() >= least,
                    "{name} page {}: a table part with {} rows",
                    i + 1,
                    rows.len()
                );
                // Row numbers: the Move column's texts inside this part, top to bottom.
                let (x, y, _) = header;
                let bottom = rows.last().copied().unwrap_or(y);
                let mut here: Vec<(f64, String)> = shapes
                    .iter()
                    .filter_map(|s| match s {
                        Shape::Text {
                            baseline,
                            text,
                            font: Font::Regular,
                            ..
                        } if (baseline.x.get() - x - 2.0).abs() < 1e-6
                            && baseline.y.get() > y + style.table_row
                            && baseline.y.get() < bottom =>
                        {
                            Some((baseline.y.get(), text.clone()))
                        }
                        _ => None,
                    })
                    .collect();
                here.sort_by(|a, b| a.0.total_cmp(&b.0));
                numbers.extend(here.into_iter().map(|(_, t)| t));
                counted += rows.len();
            }
        }
        // `record_rows` is the least; the table takes the rest of its page.
        assert!(
            counted >= total,
            "{name}: {counted} rows in the record tables"
        );
        let parts = record_pages(&pack.player_sheet, &style);
        if total <= rows_on_an_empty_page(kit, &style) {
            assert_eq!(parts, 1, "{name}: a record that fits one page is split");
        }
        let expected: Vec<String> = if kit.record_numbered {
            (1..=counted).map(|n| n.to_string()).collect()
        } else {
            Vec::new()
        };
        assert_eq!(numbers, expected, "{name}: the Move column's numbers");
    }
}

#[test]
fn the_record_holds_at_least_eight_numbered_rows_by_default() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut source = std::fs::read_to_string(root.join(EXAMPLES[0])).unwrap();
    source = source.replace("record_rows = 8\n", "");
    let kit = kit_of(&source);
    assert_eq!(kit.record_rows, 8);
    assert!(kit.record_numbered);
}

/// How many pages of `doc` hold a part of the record table.
fn record_pages(doc: &Document, style: &Style) -> usize {
    doc.pages
        .iter()
        .filter(|page| !table_headers(&content(page, style), style).is_empty())
        .count()
}

/// The rows a record table started at the top of an empty page of the kit's paper holds, in
/// as many tables side by side as the page is wide enough for (two on A3).
fn rows_on_an_empty_page(kit: &Kit, style: &Style) -> usize {
    let (width, height) = kit.paper.dimensions_mm();
    let bottom = height - style.margin - style.footer_band;
    let room = bottom - style.margin - style.line_height(style.heading_pt) - style.table_row;
    let tables = if width - 2.0 * style.margin >= 2.0 * 120.0 + 8.0 {
        2
    } else {
        1
    };
    (room / style.table_row + 1e-9).floor() as usize * tables
}

/// The full-size board's coordinate labels: regular text at the board's label size.
fn coordinate_labels<'a>(page: &'a Page, style: &Style) -> Vec<&'a Shape> {
    page.shapes
        .iter()
        .filter(|s| {
            matches!(s, Shape::Text { font: Font::Regular, size_pt, .. }
                if *size_pt == style.board.coord_pt)
        })
        .collect()
}

fn overlap(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

#[test]
fn the_tally_has_a_cell_per_player_clear_of_the_coordinate_labels() {
    for (name, kit, pack) in variants() {
        let style = style_of(kit);
        // The board's caption starts the same whatever spacing it names: what the two
        // captions have in common, in the kit's language.
        let size = libertykit::layout::player::board_size(kit);
        let full = kit.wording.fill("board_caption", &[("size", &size)]);
        let spaced = kit
            .wording
            .fill("board_caption_spacing", &[("size", &size)]);
        let caption: String = full
            .chars()
            .zip(spaced.chars())
            .take_while(|(a, b)| a == b)
            .map(|(a, _)| a)
            .collect();
        assert!(caption.contains(&size), "{name}: {caption:?}");
        // Lines are wrapped at any space, a no-break one (French `Goban :`) included.
        let spaced_out = |t: &str| t.replace('\u{a0}', " ");
        let caption = spaced_out(&caption);
        let page = pack
            .player_sheet
            .pages
            .iter()
            .find(|p| {
                p.shapes
                    .iter()
                    .any(|s| text_of(s).is_some_and(|t| spaced_out(t).starts_with(&caption)))
            })
            .unwrap_or_else(|| panic!("{name}: no full-size board"));
        // The tally's cells: outlined, unfilled rectangles, one per player, each named.
        let cells: Vec<&Shape> = page
            .shapes
            .iter()
            .filter(|s| {
                matches!(
                    s,
                    Shape::Rect {
                        fill: None,
                        stroke: Some(_),
                        ..
                    }
                )
            })
            .collect();
        assert_eq!(cells.len(), 2, "{name}: tally cells");
        for (cell, key) in cells.iter().zip(["tally_black", "tally_white"]) {
            let Shape::Rect { size, .. } = cell else {
                unreachable!()
            };
            assert!(
                size.width.get() >= 30.0 && size.height.get() >= 10.0,
                "{name}: a tally cell of {size:?}"
            );
            let player = kit.wording.get(key);
            let b = bounds(cell);
            assert!(
                page.shapes.iter().any(|s| text_of(s) == Some(player) && {
                    let t = bounds(s);
                    t.0 >= b.0 && t.2 <= b.2 && t.1 >= b.1 && t.3 <= b.3
                }),
                "{name}: `{player}` is not inside its tally cell"
            );
        }
        let labels = coordinate_labels(page, &style);
        assert!(labels.len() >= 4 * kit.size.get() as usize, "{name}");
        let lowest_label = labels
            .iter()
            .map(|s| vertical_extent(s).1)
            .fold(0.0, f64::max);
        for cell in &cells {
            assert!(
                bounds(cell).1 > lowest_label + 1.0,
                "{name}: the tally is not below the column letters"
            );
        }
        // Nothing else drawn within any label's box.
        for label in &labels {
            let boxed = bounds(label);
            for shape in &page.shapes {
                if std::ptr::eq(*label, shape) {
                    continue;
                }
                assert!(
                    !overlap(boxed, bounds(shape)),
                    "{name}: {shape:?} within the label {:?}",
                    text_of(label)
                );
            }
        }
    }
}

/// The share of `page`'s content area left blank below what it holds.
fn empty_share(page: &Page, style: &Style) -> f64 {
    let bottom = page.size.height.get() - style.margin - style.footer_band;
    let reached = content(page, style)
        .iter()
        .map(|s| vertical_extent(s).1)
        .fold(style.margin, f64::max);
    (bottom - reached) / (bottom - style.margin)
}

/// How empty a large-print page may be left before what does not fit under it (the most
/// measured over every variant: 54%).
const LARGE_PRINT_MOSTLY_EMPTY: f64 = 0.55;

#[test]
fn no_content_page_but_the_last_is_left_mostly_empty() {
    for (name, kit, pack) in variants() {
        let style = style_of(kit);
        let pages = content_pages(kit, &pack.player_sheet);
        for (i, page) in pages.iter().enumerate().take(pages.len().saturating_sub(1)) {
            let empty = empty_share(page, &style);
            // A page may end early before the board or a record that does not fit under it,
            // as a book leaves room before a full-page diagram.
            let next = &pages[i + 1];
            let starts = |key: &str| {
                let wanted = kit.wording.get(key);
                content(next, &style).iter().take(1).any(|s| {
                    text_of(s)
                        .is_some_and(|t| t.starts_with(wanted.split('{').next().unwrap_or("")))
                })
            };
            if starts("board_caption")
                || starts("board_caption_spacing")
                || starts("record_heading")
            {
                continue;
            }
            // In large print a row of examples with its questions is up to half a page tall
            // (whole 19x19 boards, whose 11 pt row numbers forbid drawing them denser; a
            // legal question with its history's caption), so a page may end a little earlier.
            let most = if kit.physical.large_print {
                LARGE_PRINT_MOSTLY_EMPTY
            } else {
                MOSTLY_EMPTY
            };
            assert!(
                empty <= most,
                "{name} player page {} is {:.0}% empty",
                i + 1,
                empty * 100.0
            );
        }
    }
}

#[test]
fn page_counts_of_the_seed_and_of_larger_boards() {
    let all = variants();
    let pages = |wanted: &str| {
        let (_, kit, pack) = all.iter().find(|(n, _, _)| n == wanted).unwrap();
        (
            content_pages(kit, &pack.player_sheet).len(),
            pack.player_sheet.pages.len(),
            pack.host_key.pages.len(),
        )
    };
    // The reference pack: rules and board, then examples and record; counters; a one-page key.
    let seed = EXAMPLES[0];
    assert_eq!(pages(&format!("{seed} a4 r8")), (2, 3, 1));
    assert_eq!(pages(&format!("{seed} letter r8")), (2, 3, 1));
    // A3 takes the rules, the board, the examples and the board sketches on one page, the
    // record on the next in two tables side by side.
    assert_eq!(pages(&format!("{seed} a3 r8")), (2, 3, 1));
    // Larger boards: the rules, the board on a page of its own, the examples and the record.
    for n in [7, 9, 13, 19] {
        let (content, _, _) = pages(&format!("{n}x{n} a4 r8"));
        assert!((3..=4).contains(&content), "{n}x{n} on A4: {content} pages");
    }
}

/// The seed with `lines` more lines of text before its board (its purpose) and in the host
/// key's "Run the round", so that headings and the record fall at every height of a page.
fn seed_pushed_down(lines: usize, paper: Paper, rows: u32) -> (Kit, Pack) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join(EXAMPLES[0])).unwrap();
    let filler = "Room for a longer introduction to push the rest down. ".repeat(2 * lines);
    let source = source.replacen(
        "[text]\n",
        &format!("[text]\nrun_round_adaptation = \"{filler}\"\n"),
        1,
    );
    let mut kit = kit_of(&source);
    kit.purpose = Some(filler);
    kit.paper = paper;
    kit.record_rows = rows;
    let key = answer_key(&kit);
    let pack = pack(&kit, &key, libertykit::typeface::bundled());
    (kit, pack)
}

#[test]
fn headings_and_tables_keep_the_rules_wherever_they_fall() {
    for paper in [Paper::A4, Paper::Letter, Paper::A3] {
        for rows in [4, 8, 80] {
            for lines in 0..45 {
                let (kit, pack) = seed_pushed_down(lines, paper, rows);
                let style = style_of(&kit);
                let name = format!("{} r{rows} +{lines} lines", paper.name());
                for (doc_name, doc) in [("player", &pack.player_sheet), ("host", &pack.host_key)] {
                    for (i, page) in doc.pages.iter().enumerate() {
                        let shapes = content(page, &style);
                        let lowest = shapes
                            .iter()
                            .max_by(|a, b| vertical_extent(a).1.total_cmp(&vertical_extent(b).1))
                            .unwrap();
                        assert!(
                            !is_heading(lowest, &style),
                            "{name} {doc_name} page {} ends with {:?}",
                            i + 1,
                            text_of(lowest)
                        );
                    }
                }
                let heading = kit.wording.get("answers_heading");
                let first = libertykit::layout::prompt::title(&kit.examples[0], &kit.wording);
                let page = pack
                    .host_key
                    .pages
                    .iter()
                    .find(|p| p.shapes.iter().any(|s| text_of(s) == Some(heading)))
                    .unwrap();
                assert!(
                    page.shapes
                        .iter()
                        .any(|s| text_of(s) == Some(first.as_str())),
                    "{name}: the answers heading is apart from the first answer"
                );
                let least = MIN_ROWS_TOGETHER.min(rows as usize);
                let mut counted = 0;
                for page in &pack.player_sheet.pages {
                    let shapes = content(page, &style);
                    for header in table_headers(&shapes, &style) {
                        let n = rows_under(&shapes, header, &style).len();
                        assert!(n >= least, "{name}: a table part with {n} rows");
                        counted += n;
                    }
                }
                assert!(counted >= rows as usize, "{name}: {counted} rows");
                if rows as usize <= rows_on_an_empty_page(&kit, &style) {
                    assert_eq!(
                        record_pages(&pack.player_sheet, &style),
                        1,
                        "{name}: a record that fits one page is split"
                    );
                }
            }
        }
    }
}

/// Where on the player sheet (page, then height) the first text starting with `wanted` is.
fn place_of(doc: &Document, wanted: &str) -> Option<(usize, f64)> {
    doc.pages.iter().enumerate().find_map(|(i, page)| {
        page.shapes.iter().find_map(|s| match s {
            Shape::Text { text, baseline, .. } if text.starts_with(wanted) => {
                Some((i, baseline.y.get()))
            }
            _ => None,
        })
    })
}

/// One order on every kit and paper, the seed's: the board, every example in turn, the record.
#[test]
fn the_board_comes_before_every_example_and_the_record_after_them() {
    for (name, kit, pack) in variants() {
        let w = &kit.wording;
        let board = w.get("board_caption");
        let board = board.split('{').next().unwrap_or(board);
        let board = place_of(&pack.player_sheet, board).unwrap_or_else(|| panic!("{name}"));
        let mut last = board;
        for example in &kit.examples {
            // A long title wraps: its first words are enough.
            let title: String = libertykit::layout::prompt::title(example, w)
                .chars()
                .take(12)
                .collect();
            let at = place_of(&pack.player_sheet, &title).unwrap_or_else(|| panic!("{name}"));
            // Titles of one row share a height.
            assert!(
                at.0 > last.0 || (at.0 == last.0 && at.1 >= last.1 - 1e-6),
                "{name}: {title} before what precedes it"
            );
            last = at;
        }
        let record = place_of(&pack.player_sheet, w.get("record_heading")).unwrap();
        assert!(record > last, "{name}: the record before an example");
        // The board sketches, when printed, between the examples and the record.
        if let Some(sketches) = place_of(&pack.player_sheet, w.get("sketches_heading")) {
            assert!(
                last < sketches && sketches < record,
                "{name}: the sketches out of place"
            );
        }
    }
}

/// The rules ask for "a quick board sketch after captures" when a move may not recreate any
/// earlier position: the player sheet then has blank sketch boards of the kit's size (9x9 at
/// most), under their heading and note, between the examples and the record; under the simple
/// ko rule, or on larger boards, it has none.
#[test]
fn board_sketches_come_with_a_superko_rule_on_small_boards() {
    for (name, kit, pack) in variants() {
        let w = &kit.wording;
        let sheet = &pack.player_sheet;
        let heading = place_of(sheet, w.get("sketches_heading"));
        let wanted = kit.rules.ko != KoRule::Simple && kit.size.get() <= 9;
        assert_eq!(heading.is_some(), wanted, "{name}");
        let Some((index, y)) = heading else {
            continue;
        };
        // The sketches: boards with the kit's column letters, their tops under the note, all
        // on the heading's page and drawn without stones.
        let page = &sheet.pages[index];
        let last = kit.size.last_column().to_string();
        let record = place_of(sheet, w.get("record_heading")).unwrap();
        let below = |yy: f64| yy > y && (record.0 > index || yy < record.1);
        let letters = page
            .shapes
            .iter()
            .filter(|s| {
                matches!(s, Shape::Text { text, baseline, .. }
                    if *text == last && below(baseline.y.get()))
            })
            .count();
        // Each sketch has its last column's letter above and below it; at least two sketches.
        assert!(
            letters >= 2 * 2,
            "{name}: {letters} column letters of sketches"
        );
        let stones = page.shapes.iter().any(|s| {
            matches!(s, Shape::Circle { center, radius, fill: Some(_), .. }
                if below(center.y.get()) && radius.get() > 1.5)
        });
        assert!(!stones, "{name}: a stone on a sketch");
    }
}

/// The texts of a page, top to bottom (and left to right within a line).
fn page_texts(page: &Page) -> Vec<String> {
    let mut texts: Vec<(f64, f64, String)> = page
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { text, baseline, .. } => {
                Some((baseline.y.get(), baseline.x.get(), text.clone()))
            }
            _ => None,
        })
        .collect();
    texts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    texts.into_iter().map(|t| t.2).collect()
}

/// The seed's host key opens as the seed's does: the answers (hand-derived from the seed's own
/// "Example 1 C4 captures C3. In example 2 C5 is one remaining liberty (B4 and D4 also open)"),
/// then the diagrams, then "Run the round".
#[test]
fn the_host_key_opens_with_the_answers_at_a_glance() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let kit = kit_of(&std::fs::read_to_string(root.join(EXAMPLES[0])).unwrap());
    let key = answer_key(&kit);
    let pack = pack(&kit, &key, libertykit::typeface::bundled());
    let texts: Vec<String> = pack.host_key.pages.iter().flat_map(page_texts).collect();
    let at = |wanted: &str| {
        texts
            .iter()
            .position(|t| t == wanted)
            .unwrap_or_else(|| panic!("no {wanted:?} in {texts:?}"))
    };
    let glance = at("Answers at a glance");
    assert_eq!(texts[glance + 1], "1. C4 captures C3 (1 stone)");
    assert_eq!(
        texts[glance + 2],
        "2. White chain C3, C4 has 3 liberties: B4, C5, D4"
    );
    assert!(glance < at("Answers"));
    assert!(at("Answers") < at("Run the round"));
}

/// Every page the answers (or the player's examples) run onto starts by saying so, and the
/// key's repeats the legend of its marks.
#[test]
fn pages_the_answers_run_onto_start_with_the_heading_continued_and_the_legend() {
    for (name, kit, pack) in variants() {
        let w = &kit.wording;
        for (doc, heading) in [
            (&pack.host_key, w.get("answers_heading")),
            (&pack.player_sheet, w.get("examples_heading")),
        ] {
            let continued = w.fill("section_continued", &[("heading", heading)]);
            let legend = w.get("legend_move");
            let first = doc
                .pages
                .iter()
                .position(|p| page_texts(p).iter().any(|t| t == heading))
                .unwrap_or_else(|| panic!("{name}: no {heading:?}"));
            let last_example = libertykit::layout::prompt::title(kit.examples.last().unwrap(), w);
            let prefix: String = last_example.chars().take(12).collect();
            let last = doc
                .pages
                .iter()
                .rposition(|p| page_texts(p).iter().any(|t| t.starts_with(&prefix)))
                .unwrap();
            for (i, page) in doc.pages.iter().enumerate().take(last + 1).skip(first + 1) {
                let texts = page_texts(page);
                assert_eq!(texts[0], continued, "{name} page {}", i + 1);
                if std::ptr::eq(doc, &pack.host_key) && w.has("legend_move") {
                    let uses_moves = texts.iter().any(|t| t == legend);
                    let first_page_uses = page_texts(&doc.pages[first]).iter().any(|t| t == legend);
                    assert_eq!(uses_moves, first_page_uses, "{name} page {}: legend", i + 1);
                }
            }
        }
    }
}

/// A page's text with every space and line break taken out, so wrapped lines compare with the
/// wording they were wrapped from in any language.
fn squeezed_text(page: &Page) -> String {
    page_texts(page)
        .concat()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The wording at a page's foot fits the page it is on: the note on cutting counters only where
/// there are counters, and the bar's label on one line in every language and paper.
#[test]
fn the_cutting_note_stands_only_on_the_counter_pages() {
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    for (name, kit, pack) in variants() {
        let w = &kit.wording;
        let cutting = squeeze(w.get("printing_note"));
        let plain = squeeze(w.get("printing_note_no_counters"));
        let content = first_counter_page(kit, &pack.player_sheet);
        for (i, page) in pack.player_sheet.pages.iter().enumerate() {
            let text = squeezed_text(page);
            if i < content {
                assert!(!text.contains(&cutting), "{name} p{}: cutting note", i + 1);
                assert!(text.contains(&plain), "{name} p{}: no printing note", i + 1);
            } else {
                assert!(
                    text.contains(&cutting),
                    "{name} p{}: no cutting note",
                    i + 1
                );
            }
        }
        for page in &pack.host_key.pages {
            assert!(!squeezed_text(page).contains(&cutting), "{name}: key");
        }
    }
}

/// The label beside the 100 mm bar is one line on A4, Letter and A3 in every language the
/// templates carry.
#[test]
fn the_bar_label_is_one_line_in_every_language() {
    for language in ["en", "fr", "ja"] {
        for paper in [Paper::A4, Paper::Letter, Paper::A3] {
            let mut kit = kit_of(&format!(
                "[kit]\ntitle = \"t\"\nlanguage = \"{language}\"\n[rules]\nboard = 5\n"
            ));
            kit.paper = paper;
            let style = style_of(&kit);
            let (width, _) = paper.dimensions_mm();
            let room = width - 2.0 * style.margin - style.calibration_mm - 3.0;
            let label = kit.wording.get("calibration_label");
            let lines = libertykit::layout::font::wrap(
                style.fonts,
                label,
                Font::Regular,
                style.small_pt,
                room,
            );
            assert_eq!(lines.len(), 1, "{language} {}: {lines:?}", paper.name());
        }
    }
}

/// The player sheet is for writing on: a name, partner and date line on its first page, each
/// label with a line after it, and a line for the answer under every example.
#[test]
fn the_player_sheet_has_a_name_line_and_an_answer_line_under_every_example() {
    for (name, kit, pack) in variants() {
        let w = &kit.wording;
        let first = &pack.player_sheet.pages[0];
        for key in ["field_name", "field_partner", "field_date"] {
            let label = first
                .shapes
                .iter()
                .find_map(|s| match s {
                    Shape::Text { text, baseline, .. } if text == w.get(key) => Some(*baseline),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("{name}: no {key}"));
            let ruled = first.shapes.iter().any(|s| {
                matches!(s, Shape::Line { from, to, .. }
                    if (from.y - label.y).get().abs() < 1e-6 && (to.x - from.x).get() > 20.0)
            });
            assert!(ruled, "{name}: no line after {key}");
        }
        let answer_lines = |doc: &Document| {
            doc.pages
                .iter()
                .flat_map(|p| &p.shapes)
                .filter(|s| text_of(s) == Some(w.get("answer_line")))
                .count()
        };
        assert_eq!(
            answer_lines(&pack.player_sheet),
            kit.examples.len(),
            "{name}"
        );
        assert_eq!(
            answer_lines(&pack.host_key),
            0,
            "{name}: answer lines on the key"
        );
    }
}

/// A position is printed in words only when short (the seed's four and five stones), so the
/// 9x9 count's 60 stones are not four lines of coordinates.
#[test]
fn long_positions_are_not_printed_in_words() {
    for (name, kit, pack) in variants() {
        let texts: Vec<String> = pack
            .player_sheet
            .pages
            .iter()
            .flat_map(page_texts)
            .collect();
        for example in &kit.examples {
            let words = libertykit::layout::prompt::position(example, &kit.wording);
            let head: String = words.chars().take(20).collect();
            let printed = texts.iter().any(|t| t.starts_with(&head));
            // Counted from the words: each coordinate is a capital and a number.
            let stones = words
                .split(|c: char| c.is_whitespace() || c == ';')
                .filter(|w| {
                    let mut chars = w.chars();
                    chars.next().is_some_and(|c| c.is_ascii_uppercase())
                        && !w[1..].is_empty()
                        && w[1..].chars().all(|c| c.is_ascii_digit())
                })
                .count();
            // A problem book (more than 12 examples) prints them only when the kit asks.
            let session = kit.examples.len() <= 12;
            let expected = kit.position_words.unwrap_or(stones <= 8 && session);
            assert_eq!(printed, expected, "{name}: {words}");
        }
    }
}

/// A `legal` question's history is the question: the player's diagram numbers its moves, with
/// the caption a Go book gives them (`Moves 1–2`, and `3 at 1` notes after it), and the host
/// key's move lines carry no `(4 at B3)` tacked on, the notes being under its diagram.
#[test]
fn history_moves_are_numbered_on_the_players_diagram_with_a_caption() {
    use libertykit::kit::Task;
    for (name, kit, pack) in variants() {
        let w = &kit.wording;
        let with_history = kit
            .examples
            .iter()
            .filter(|e| matches!(&e.task, Task::Legal { history, .. } if !history.is_empty()))
            .count();
        let one = w.fill("figure_move", &[("first", "1")]);
        let many = w.fill("figure_moves", &[("first", "1"), ("last", "")]);
        let captions = pack
            .player_sheet
            .pages
            .iter()
            .flat_map(page_texts)
            .filter(|t| t == &one || t.starts_with(&format!("{one}:")) || t.starts_with(&many))
            .count();
        assert_eq!(captions, with_history, "{name}");
        let tacked = pack
            .host_key
            .pages
            .iter()
            .flat_map(page_texts)
            .filter(|t| t.contains(" at ") && t.trim_end().ends_with(')'))
            .count();
        assert_eq!(tacked, 0, "{name}: a note tacked onto a line");
    }
}

/// Large print, for readers at arm's length: every word on either document at least 14 pt (the
/// foot's print at least 10 pt), coordinates and numbers on stones at least 11 pt; and against
/// the same kit in regular print, heavier grid lines, example diagrams no smaller (most of a
/// 5x5 kit's a fifth larger) and counters no smaller.
#[test]
fn large_print_sets_words_at_14_pt_and_coordinates_at_11() {
    let all = variants();
    for (name, kit, pack) in all.iter().filter(|(_, kit, _)| kit.physical.large_print) {
        let style = style_of(kit);
        for (document, doc) in [
            ("player sheet", &pack.player_sheet),
            ("host key", &pack.host_key),
        ] {
            for (i, page) in doc.pages.iter().enumerate() {
                let bottom = page.size.height.get() - style.margin - style.footer_band;
                for shape in &page.shapes {
                    let Shape::Text {
                        text,
                        size_pt,
                        baseline,
                        ..
                    } = shape
                    else {
                        continue;
                    };
                    let least = if baseline.y.get() > bottom + 1e-6 {
                        10.0
                    } else if text.chars().count() <= 2 {
                        11.0
                    } else {
                        14.0
                    };
                    assert!(
                        *size_pt >= least - 1e-9,
                        "{name}, {document} page {}: {text:?} at {size_pt:.1} pt",
                        i + 1
                    );
                }
            }
        }
        let regular_name = name.trim_end_matches(" large");
        let (_, regular_kit, regular) = all
            .iter()
            .find(|(n, _, _)| n == regular_name)
            .expect("each large variant has a regular one");
        let heaviest = |doc: &Document| {
            doc.pages
                .iter()
                .flat_map(|p| &p.shapes)
                .filter_map(|s| match s {
                    Shape::Line { stroke, .. } if stroke.dash.is_none() => Some(stroke.width.get()),
                    _ => None,
                })
                .fold(0.0, f64::max)
        };
        assert!(
            heaviest(&pack.player_sheet) > heaviest(&regular.player_sheet),
            "{name}: lines no heavier than in regular print"
        );
        let large_spacing = example_spacings(kit, &pack.player_sheet);
        let regular_spacing = example_spacings(regular_kit, &regular.player_sheet);
        assert_eq!(large_spacing.len(), regular_spacing.len(), "{name}");
        for (l, r) in large_spacing.iter().zip(&regular_spacing) {
            // Where both are drawn as wide as a column allows, large print's larger labels
            // take a little from its grid, and its taller rows may be squeezed (5%) to keep
            // their page where regular print's are not.
            assert!(
                *l >= r * 0.95 - 1e-9,
                "{name}: an example drawn at {l:.2} mm, {r:.2} in regular print"
            );
        }
        // A row may be drawn down to regular size to keep its page; most are not.
        if kit.size.get() == 5 {
            let larger = large_spacing
                .iter()
                .zip(&regular_spacing)
                .filter(|(l, r)| **l > **r * 1.2)
                .count();
            assert!(
                2 * larger >= large_spacing.len(),
                "{name}: 5x5 examples {large_spacing:?}, regular {regular_spacing:?}"
            );
        }
        assert!(
            kit.physical.counter_mm >= regular_kit.physical.counter_mm,
            "{name}"
        );
    }
}

/// The spacing between vertical lines of each example diagram on the player sheet, in order:
/// the distance between the first two column letters over each diagram (the full-size board's
/// letters, at its own size, and the board sketches' left out).
fn example_spacings(kit: &Kit, doc: &Document) -> Vec<f64> {
    // The board sketches, under the examples, are not examples.
    let sketches = place_of(doc, kit.wording.get("sketches_heading"));
    let mut spacings = Vec::new();
    for (index, page) in doc.pages.iter().enumerate() {
        let before_sketches =
            |y: f64| sketches.is_none_or(|(i, sy)| index < i || (index == i && y < sy));
        // Column letters: one-letter texts on one baseline, `A` then `B`.
        let letters: Vec<(f64, f64, &str)> = page
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, baseline, .. }
                    if (text == "A" || text == "B") && before_sketches(baseline.y.get()) =>
                {
                    Some((baseline.y.get(), baseline.x.get(), text.as_str()))
                }
                _ => None,
            })
            .collect();
        let mut seen: Vec<(f64, f64)> = Vec::new();
        for &(y, x, t) in &letters {
            if t != "A"
                || seen
                    .iter()
                    .any(|&(sy, sx)| (sy - y).abs() < 1e-6 && (sx - x).abs() < 1e-6)
            {
                continue;
            }
            // The nearest `B` to the right on the same baseline.
            if let Some(b) = letters
                .iter()
                .filter(|&&(by, bx, bt)| bt == "B" && (by - y).abs() < 1e-6 && bx > x)
                .map(|&(_, bx, _)| bx - x)
                .fold(None, |m: Option<f64>, d| Some(m.map_or(d, |m| m.min(d))))
            {
                spacings.push((y, x, b));
            }
            seen.push((y, x));
        }
    }
    // Letters stand above and below each diagram, the same in both prints; the full-size
    // board's are the widest spaced of the document.
    let widest = spacings.iter().map(|s| s.2).fold(0.0, f64::max);
    spacings
        .into_iter()
        .map(|(_, _, d)| d)
        .filter(|d| (d - widest).abs() > 1e-6)
        .collect()
}

/// A text's box on the page: left, top (cap height above the baseline), right, bottom (a
/// descender below the baseline).
type TextBox = (f64, f64, f64, f64);

/// The [`TextBox`] of `shape` when it is a text.
fn text_box(shape: &Shape, fonts: &libertykit::typeface::Typefaces) -> Option<TextBox> {
    let Shape::Text { size_pt, .. } = shape else {
        return None;
    };
    let (left, top, right, baseline) = common::text_box(fonts, shape)?;
    Some((left, top, right, baseline + 0.2 * size_pt * 25.4 / 72.0))
}

/// No text runs into another text or off its page, on either document of any variant.
#[test]
fn no_text_runs_into_another_or_off_its_page() {
    for (name, _, pack) in variants() {
        for doc in [&pack.player_sheet, &pack.host_key] {
            for (i, page) in doc.pages.iter().enumerate() {
                let boxes: Vec<(&str, TextBox)> = page
                    .shapes
                    .iter()
                    .filter_map(|s| Some((text_of(s)?, text_box(s, doc.fonts)?)))
                    .filter(|(t, _)| !t.trim().is_empty())
                    .collect();
                let (width, height) = (page.size.width.get(), page.size.height.get());
                for (text, b) in &boxes {
                    assert!(
                        b.0 >= 0.0 && b.1 >= 0.0 && b.2 <= width + 1e-6 && b.3 <= height + 1e-6,
                        "{name}, {} page {}: {text:?} off the page",
                        doc.title,
                        i + 1
                    );
                }
                for (a, (ta, ba)) in boxes.iter().enumerate() {
                    for (tb, bb) in &boxes[a + 1..] {
                        // A hair of overlap is a descender touching the next line's capitals.
                        let across = ba.2.min(bb.2) - ba.0.max(bb.0);
                        let down = ba.3.min(bb.3) - ba.1.max(bb.1);
                        assert!(
                            across <= 0.2 || down <= 0.2,
                            "{name}, {} page {}: {ta:?} {ba:?} runs into {tb:?} {bb:?}",
                            doc.title,
                            i + 1
                        );
                    }
                }
            }
        }
    }
}

/// The host key names every example by its number (a titled one too: `2. Shape 1 on the
/// board`), and a session's answers at a glance give one line per example, numbered 1 to the
/// last.
#[test]
fn the_host_key_numbers_every_example_and_lists_them_at_a_glance() {
    for (name, kit, pack) in variants() {
        let w = &kit.wording;
        let texts: Vec<String> = pack.host_key.pages.iter().flat_map(page_texts).collect();
        let glance = texts
            .iter()
            .position(|t| t == w.get("answers_glance_heading"));
        // A problem book's key (more than 12 examples) is one short cell per problem already.
        assert_eq!(glance.is_some(), kit.examples.len() <= 12, "{name}");
        for example in &kit.examples {
            let number = example.number;
            if let Some(glance) = glance {
                assert!(
                    texts[glance..]
                        .iter()
                        .any(|t| t.starts_with(&format!("{number}. "))),
                    "{name}: example {number} is not at a glance"
                );
            }
            let title = libertykit::layout::prompt::title(example, w);
            let head: String = title.chars().take(12).collect();
            assert!(
                texts.iter().any(|t| t.starts_with(&head)),
                "{name}: no {title:?} in the host key"
            );
            assert!(title.contains(&number.to_string()), "{name}: {title:?}");
        }
    }
}

/// The host key is packed like a book: no page but its last is left mostly empty.
#[test]
fn no_host_key_page_but_the_last_is_left_mostly_empty() {
    let mut worst: Vec<(String, usize, f64)> = Vec::new();
    for (name, kit, pack) in variants() {
        let style = style_of(kit);
        let pages = &pack.host_key.pages;
        for (i, page) in pages.iter().enumerate().take(pages.len().saturating_sub(1)) {
            let empty = empty_share(page, &style);
            // Left: in large print, the reading drills' first row of answers (two diagrams with
            // their main lines, about 180 mm) does not fit under the answers at a glance, so
            // the glance list's page is left 70% empty. A cell's text does not yet run on
            // over a page break.
            let known = name.starts_with("examples/reading-drills.toml")
                && kit.physical.large_print
                && i == 0;
            if empty > MOSTLY_EMPTY && !known {
                worst.push((name.clone(), i + 1, empty));
            }
        }
    }
    assert!(worst.is_empty(), "{} pages: {worst:?}", worst.len());
}
