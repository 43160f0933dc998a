//! The tiled full-size board (`board_print = "tiled"`), measured from its rendered PDF: the
//! number of sheets on each paper, a real board's spacing on every sheet, the sheets' lines
//! meeting within 0.2 mm when each is laid by its marks on the one before, the labels that
//! together cover the board, the 100 mm bar on every sheet, and the SVG pages drawing the same
//! lines as the PDF.

mod common;

use common::segments::{Segment, pdf_segments, svg_segments};
use common::{run, tool_available};

use libertykit::answer::answer_key;
use libertykit::export::pdf::write_pdf;
use libertykit::export::svg::write_svg;
use libertykit::kit::{Paper, load};
use libertykit::layout::pack;
use libertykit::layout::page::{Document, Shape};
use libertykit::layout::style::Style;

/// A kit of one example on a board of `size` that asks for the tiled board.
fn kit_text(size: u8, paper: &str) -> String {
    format!(
        "[kit]\ntitle = \"Tiled {size}\"\npaper = \"{paper}\"\nboard_print = \"tiled\"\n\
         [rules]\nboard = {size}\n[[example]]\nposition = \"white C3; black B3 C2 D3\"\n\
         task = \"capture\"\nto_play = \"black\"\n"
    )
}

fn board_document(size: u8, paper: &str) -> Document {
    let kit = load(&kit_text(size, paper)).unwrap_or_else(|d| panic!("{d:?}"));
    let key = answer_key(&kit);
    let pack = pack(&kit, &key, libertykit::typeface::bundled());
    pack.board.expect("a tiled kit has a board document")
}

/// Every board and paper the tests measure, with the sheets each takes.
const SHEETS: [(u8, &str, usize); 9] = [
    (9, "a4", 2),
    (9, "letter", 2),
    (9, "a3", 1),
    (13, "a4", 4),
    (13, "letter", 4),
    (13, "a3", 2),
    (19, "a4", 6),
    // Letter is 18 mm shorter than A4: two sheets of 19x19 rows do not fit its height.
    (19, "letter", 9),
    (19, "a3", 4),
];

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

/// One sheet as printed: its grid lines and its alignment marks' long sides, from the PDF.
struct Printed {
    /// x of every vertical grid line, y of every horizontal one, left to right / top down.
    xs: Vec<f64>,
    ys: Vec<f64>,
    /// The long side of each half-diamond: on a vertical seam (x, y of its middle), and on a
    /// horizontal one.
    vertical_marks: Vec<(f64, f64)>,
    horizontal_marks: Vec<(f64, f64)>,
    /// Every line, for the calibration bar.
    segments: Vec<Segment>,
}

fn read(doc: &Document) -> Vec<Printed> {
    let bytes = write_pdf(doc).unwrap();
    let pdf = lopdf::Document::load_mem(&bytes).unwrap();
    let board = Style::default().board;
    (0..doc.pages.len())
        .map(|i| {
            let height = doc.pages[i].size.height.get();
            let segments = pdf_segments(&pdf, i as u32 + 1, height);
            let grid = |s: &&Segment| {
                close(s.width, board.inner_line, 0.005) || close(s.width, board.edge_line, 0.005)
            };
            let mut xs: Vec<f64> = Vec::new();
            let mut ys: Vec<f64> = Vec::new();
            let mut vertical_marks = Vec::new();
            let mut horizontal_marks = Vec::new();
            for s in &segments {
                let upright = close(s.x0, s.x1, 1e-3);
                let level = close(s.y0, s.y1, 1e-3);
                if grid(&s) {
                    let (list, at) = if upright {
                        (&mut xs, s.x0)
                    } else {
                        (&mut ys, s.y0)
                    };
                    if (upright || level) && !list.iter().any(|&v| close(v, at, 0.01)) {
                        list.push(at);
                    }
                } else if close(s.width, 0.4, 0.005) && (upright || level) {
                    let middle = ((s.x0 + s.x1) / 2.0, (s.y0 + s.y1) / 2.0);
                    if upright && close((s.y1 - s.y0).abs(), 6.0, 0.01) {
                        vertical_marks.push(middle);
                    } else if level && close((s.x1 - s.x0).abs(), 6.0, 0.01) {
                        horizontal_marks.push(middle);
                    }
                }
            }
            xs.sort_by(f64::total_cmp);
            ys.sort_by(f64::total_cmp);
            Printed {
                xs,
                ys,
                vertical_marks,
                horizontal_marks,
                segments,
            }
        })
        .collect()
}

#[test]
fn each_paper_takes_the_fewest_sheets_and_says_how_many() {
    for (size, paper, sheets) in SHEETS {
        let doc = board_document(size, paper);
        assert_eq!(doc.pages.len(), sheets, "{size}x{size} on {paper}");
        let expected = Paper::NAMES.iter().find(|p| **p == paper).unwrap();
        for page in &doc.pages {
            let (w, h) = match *expected {
                "a4" => (210.0, 297.0),
                "letter" => (215.9, 279.4),
                _ => (297.0, 420.0),
            };
            assert!(
                close(page.size.width.get(), w, 0.01) && close(page.size.height.get(), h, 0.01)
            );
        }
    }
    // What check and build say.
    let path = common::temp_path("tiled-note").with_extension("toml");
    std::fs::write(&path, kit_text(9, "a4")).unwrap();
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("note: "), "{err}");
    assert!(
        err.contains("9x9 board at full size on 2 a4 sheets (board.pdf)"),
        "{err}"
    );
    let _ = std::fs::remove_file(path);
}

#[test]
fn every_sheet_has_a_real_boards_spacing_and_the_100_mm_bar() {
    for (size, paper, _) in SHEETS {
        for (i, sheet) in read(&board_document(size, paper)).iter().enumerate() {
            let at = format!("{size}x{size} {paper} sheet {}", i + 1);
            assert!(sheet.xs.len() >= 2 && sheet.ys.len() >= 2, "{at}");
            for pair in sheet.xs.windows(2) {
                assert!(close(pair[1] - pair[0], 22.0, 0.01), "{at}: {:?}", sheet.xs);
            }
            for pair in sheet.ys.windows(2) {
                assert!(close(pair[1] - pair[0], 23.7, 0.01), "{at}: {:?}", sheet.ys);
            }
            // Clear of the foot, whatever the heading above it took.
            let style = Style::default();
            let foot = doc_height(size, paper) - style.margin - style.footer_band;
            assert!(
                sheet.ys[sheet.ys.len() - 1] + 10.0 <= foot,
                "{at}: {:?}",
                sheet.ys
            );
            let bar = sheet
                .segments
                .iter()
                .any(|s| close(s.y0, s.y1, 1e-3) && close((s.x1 - s.x0).abs(), 100.0, 0.01));
            assert!(bar, "{at}: no 100 mm bar");
        }
    }
}

fn doc_height(size: u8, paper: &str) -> f64 {
    board_document(size, paper).pages[0].size.height.get()
}

/// In large print and in French (the longest headings), every sheet's text stays above its
/// board and the board above the foot.
#[test]
fn a_long_heading_pushes_the_board_down_but_never_into_the_foot() {
    for size in [9, 13, 19] {
        for paper in ["a4", "letter"] {
            let text = kit_text(size, paper).replace(
                "board_print = \"tiled\"\n",
                "board_print = \"tiled\"\nlanguage = \"fr\"\nlarge_print = true\n",
            );
            let kit = load(&text).unwrap_or_else(|d| panic!("{d:?}"));
            let doc = pack(&kit, &answer_key(&kit), libertykit::typeface::bundled())
                .board
                .unwrap();
            let style = Style::for_physical(&kit.physical, doc.fonts);
            for (i, page) in doc.pages.iter().enumerate() {
                let at = format!("{size}x{size} {paper} sheet {}", i + 1);
                let foot = page.size.height.get() - style.margin - style.footer_band;
                let mut heading_bottom: f64 = 0.0;
                let mut grid_top = f64::MAX;
                let mut lowest: f64 = 0.0;
                for shape in &page.shapes {
                    match shape {
                        Shape::Text {
                            baseline, size_pt, ..
                        } if (*size_pt == style.heading_pt || *size_pt == style.small_pt)
                            && baseline.y.get() < 60.0 =>
                        {
                            heading_bottom = heading_bottom.max(baseline.y.get());
                        }
                        Shape::Line { from, to, stroke }
                            if stroke.width.get() >= style.board.inner_line - 1e-9
                                && from.y == to.y
                                && stroke.dash.is_none()
                                && (to.x.get() - from.x.get()).abs() > 50.0
                                && from.y.get() < foot =>
                        {
                            grid_top = grid_top.min(from.y.get());
                            lowest = lowest.max(from.y.get());
                        }
                        _ => {}
                    }
                }
                assert!(
                    heading_bottom < grid_top - 5.0,
                    "{at}: heading to {heading_bottom}, grid from {grid_top}"
                );
                assert!(
                    lowest + 10.0 <= foot,
                    "{at}: grid to {lowest}, foot at {foot}"
                );
            }
        }
    }
}

/// Lays each sheet on its left and upper neighbour as the instructions say: its cut edge (the
/// long sides of its marks) on the neighbour's seam (the long sides of the neighbour's marks),
/// and checks that the marks meet and the lines run on within 0.2 mm.
#[test]
fn laid_by_their_marks_the_sheets_lines_meet_within_a_fifth_of_a_millimetre() {
    for (size, paper, _) in SHEETS {
        let doc = board_document(size, paper);
        let sheets = read(&doc);
        let across = columns_of_sheets(size, paper);
        for (i, sheet) in sheets.iter().enumerate() {
            let at = format!("{size}x{size} {paper} sheet {}", i + 1);
            let middle_x = (sheet.xs[0] + sheet.xs[sheet.xs.len() - 1]) / 2.0;
            let middle_y = (sheet.ys[0] + sheet.ys[sheet.ys.len() - 1]) / 2.0;
            if i % across > 0 {
                let left = &sheets[i - 1];
                let mine: Vec<_> = sheet
                    .vertical_marks
                    .iter()
                    .filter(|m| m.0 < middle_x)
                    .collect();
                let left_middle = (left.xs[0] + left.xs[left.xs.len() - 1]) / 2.0;
                let theirs: Vec<_> = left
                    .vertical_marks
                    .iter()
                    .filter(|m| m.0 > left_middle)
                    .collect();
                assert_eq!(mine.len(), 2, "{at}: {:?}", sheet.vertical_marks);
                assert_eq!(theirs.len(), 2, "{at}");
                // Laid so the first marks meet; then the second meet too, and the lines.
                let (dx, dy) = (theirs[0].0 - mine[0].0, theirs[0].1 - mine[0].1);
                assert!(
                    close(mine[1].0 + dx, theirs[1].0, 0.2)
                        && close(mine[1].1 + dy, theirs[1].1, 0.2),
                    "{at}"
                );
                // The shared line: this sheet's first, the left one's last.
                assert!(
                    close(sheet.xs[0] + dx, left.xs[left.xs.len() - 1], 0.2),
                    "{at}"
                );
                for (y, their_y) in sheet.ys.iter().zip(&left.ys) {
                    assert!(close(y + dy, *their_y, 0.2), "{at}: rows {y} / {their_y}");
                }
            }
            if i >= across {
                let above = &sheets[i - across];
                let mine: Vec<_> = sheet
                    .horizontal_marks
                    .iter()
                    .filter(|m| m.1 < middle_y)
                    .collect();
                let above_middle = (above.ys[0] + above.ys[above.ys.len() - 1]) / 2.0;
                let theirs: Vec<_> = above
                    .horizontal_marks
                    .iter()
                    .filter(|m| m.1 > above_middle)
                    .collect();
                assert_eq!(mine.len(), 2, "{at}: {:?}", sheet.horizontal_marks);
                assert_eq!(theirs.len(), 2, "{at}");
                let (dx, dy) = (theirs[0].0 - mine[0].0, theirs[0].1 - mine[0].1);
                assert!(
                    close(mine[1].0 + dx, theirs[1].0, 0.2)
                        && close(mine[1].1 + dy, theirs[1].1, 0.2),
                    "{at}"
                );
                assert!(
                    close(sheet.ys[0] + dy, above.ys[above.ys.len() - 1], 0.2),
                    "{at}"
                );
                for (x, their_x) in sheet.xs.iter().zip(&above.xs) {
                    assert!(
                        close(x + dx, *their_x, 0.2),
                        "{at}: columns {x} / {their_x}"
                    );
                }
            }
        }
    }
}

/// How many sheets wide the board is on `paper`: sheets in a row share their rows' lines.
fn columns_of_sheets(size: u8, paper: &str) -> usize {
    let doc = board_document(size, paper);
    let sheets = read(&doc);
    let first_rows = &sheets[0].ys;
    sheets
        .iter()
        .take_while(|s| s.ys.len() == first_rows.len() && close(s.ys[0], first_rows[0], 0.01))
        .count()
}

#[test]
fn the_sheets_labels_together_name_every_column_and_row_on_the_real_edges() {
    for (size, paper, _) in SHEETS {
        let doc = board_document(size, paper);
        let coord_pt = Style::default().board.coord_pt;
        let mut labels: Vec<String> = doc
            .pages
            .iter()
            .flat_map(|page| &page.shapes)
            .filter_map(|shape| match shape {
                Shape::Text { text, size_pt, .. } if close(*size_pt, coord_pt, 1e-9) => {
                    Some(text.clone())
                }
                _ => None,
            })
            .collect();
        labels.sort();
        labels.dedup();
        let columns: Vec<String> = "ABCDEFGHJKLMNOPQRST"
            .chars()
            .take(usize::from(size))
            .map(String::from)
            .collect();
        let rows: Vec<String> = (1..=size).map(|r| r.to_string()).collect();
        let mut expected: Vec<String> = columns.into_iter().chain(rows).collect();
        expected.sort();
        assert_eq!(labels, expected, "{size}x{size} on {paper}");
    }
}

#[test]
fn the_svg_and_html_prints_draw_the_pdfs_lines() {
    if !tool_available("pdftotext") {
        return;
    }
    let doc = board_document(13, "a4");
    let bytes = write_pdf(&doc).unwrap();
    let pdf = lopdf::Document::load_mem(&bytes).unwrap();
    for (i, page) in doc.pages.iter().enumerate() {
        let from_pdf = pdf_segments(&pdf, i as u32 + 1, page.size.height.get());
        let svg = write_svg(page, doc.fonts, doc.language);
        let from_svg = svg_segments(&svg);
        assert_eq!(from_pdf.len(), from_svg.len(), "sheet {}", i + 1);
        for (a, b) in from_pdf.iter().zip(&from_svg) {
            assert!(
                close(a.x0, b.x0, 0.01) && close(a.y0, b.y0, 0.01) && close(a.x1, b.x1, 0.01),
                "sheet {}: {a:?} / {b:?}",
                i + 1
            );
        }
    }
    // Built through the command line: every format of the board document is written.
    let out = common::fresh_dir("tiled-build");
    let kit = out.join("k.toml");
    std::fs::write(&kit, kit_text(13, "a4")).unwrap();
    let (code, _, err) = run(&[
        "build",
        kit.to_str().unwrap(),
        "--out",
        out.join("pack").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for file in ["board.pdf", "board-1.svg", "board-4.svg", "board.html"] {
        assert!(out.join("pack").join(file).exists(), "{file}");
    }
    assert!(!out.join("pack").join("board-5.svg").exists());
    assert!(err.contains("board.pdf"), "{err}");
    let html = std::fs::read_to_string(out.join("pack").join("board.html")).unwrap();
    assert_eq!(html.matches("<section class=\"page\"").count(), 4);
    let text = common::pdf_pages_text(&out.join("pack").join("board.pdf"), false);
    assert_eq!(text.len(), 4);
    for (i, page) in text.iter().enumerate() {
        assert!(page.contains(&format!("sheet {} of 4", i + 1)), "{page}");
        assert!(page.contains("100 mm"), "{page}");
    }
    let _ = std::fs::remove_dir_all(out);
}

/// The counters are for the board they are played on: with a tiled 9x9 board, full size (20
/// mm) and enough for a game, though the sheet's own board is drawn smaller; without, they
/// shrink with the drawn board.
#[test]
fn a_tiled_boards_counters_are_full_size() {
    let counters = |text: &str| {
        let kit = load(text).unwrap_or_else(|d| panic!("{d:?}"));
        let pack = pack(&kit, &answer_key(&kit), libertykit::typeface::bundled());
        let radii: Vec<f64> = pack
            .player_sheet
            .pages
            .iter()
            .flat_map(|page| &page.shapes)
            .filter_map(|shape| match shape {
                Shape::Circle { radius, .. } if radius.get() > 5.0 => Some(radius.get()),
                _ => None,
            })
            .collect();
        radii
    };
    let tiled = counters(&kit_text(9, "a4"));
    assert_eq!(tiled.len(), 2 * 42, "{tiled:?}");
    // 20 mm across, outline included (a white counter's circle is drawn inside its outline).
    assert!(tiled.iter().all(|&r| r > 9.75 && r <= 10.0), "{tiled:?}");
    let fitted = counters(&kit_text(9, "a4").replace("board_print = \"tiled\"\n", ""));
    assert_eq!(fitted.len(), 2 * 42);
    assert!(fitted.iter().all(|&r| r < 9.3), "{fitted:?}");
}

/// In a session, the index lists a kit's tiled board with its sheets, for each table.
#[test]
fn a_sessions_index_links_the_tiled_board() {
    let out = common::fresh_dir("tiled-session");
    let (tiled, plain) = (out.join("tiled.toml"), out.join("plain.toml"));
    std::fs::write(&tiled, kit_text(9, "a4")).unwrap();
    std::fs::write(
        &plain,
        kit_text(9, "a4").replace("board_print = \"tiled\"\n", ""),
    )
    .unwrap();
    let session = out.join("session");
    let (code, _, err) = run(&[
        "build",
        tiled.to_str().unwrap(),
        plain.to_str().unwrap(),
        "--out",
        session.to_str().unwrap(),
        "--format",
        "pdf",
        "--combine",
    ]);
    assert_eq!(code, 0, "{err}");
    let index = std::fs::read_to_string(session.join("index.html")).unwrap();
    assert!(index.contains("href=\"tiled/board.pdf\""), "{index}");
    assert!(!index.contains("href=\"plain/board.pdf\""), "{index}");
    assert!(index.contains("once per table"), "{index}");
    assert!(session.join("session-boards.pdf").exists());
    assert!(!session.join("plain").join("board.pdf").exists());
    let _ = std::fs::remove_dir_all(out);
}

/// Rendered at 10 pixels a millimetre, the first sheet of a 9x9 board on A4 measures a real
/// board's 22 mm across and 23.7 mm down, four spacings at a time.
#[test]
fn a_printed_sheet_measures_true_at_ten_pixels_per_millimetre() {
    if !tool_available("pdftoppm") {
        return;
    }
    let doc = board_document(9, "a4");
    let sheet = &read(&doc)[0];
    let pdf = common::temp_path("tiled-grid").with_extension("pdf");
    std::fs::write(&pdf, write_pdf(&doc).unwrap()).unwrap();
    let (across, down, _) = common::printed_four_spacings(&pdf, &sheet.xs, &sheet.ys);
    assert!(close(across, 88.0, 0.2), "measured {across} mm across");
    assert!(close(down, 94.8, 0.2), "measured {down} mm down");
    let _ = std::fs::remove_file(pdf);
}
