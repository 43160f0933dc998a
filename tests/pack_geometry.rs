//! The laid-out pack of the seed kit, read back from its PDF (lopdf, pdftotext, pdftoppm, qpdf) and SVG pages.
//!
//! Checks the real-world sizes that make the pack usable on a table: paper size, 22 x 23.7 mm
//! grid spacing, heavier edge lines, the same geometry in PDF and SVG, the wording of each
//! document, and that the player sheet gives no answer away.

mod common;

use common::segments::{Segment, number, pdf_segments, svg_segments};
use common::{assert_qpdf_clean, pdf_text, temp_path, tool_available};
use std::collections::BTreeSet;
use std::path::PathBuf;

use libertykit::answer::{Answer, AnswerKey, answer_key, describe, list};
use libertykit::export::pdf::write_pdf;
use libertykit::export::svg::write_svg;
use libertykit::kit::{Kit, load};
use libertykit::layout::geom::PT_PER_MM;
use libertykit::layout::page::{Document, Shape};
use libertykit::layout::style::Style;
use libertykit::layout::{Pack, pack, rules_text};
use libertykit::rules::{BoardSize, KoRule, Rules, Scoring};
use libertykit::wording::Language;

const SEED: &str = "examples/liberty-chain-capture.toml";

fn seed() -> (Kit, AnswerKey, Pack) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(SEED);
    let source = std::fs::read_to_string(&path).unwrap();
    let kit = load(&source).unwrap_or_else(|d| panic!("{d:?}"));
    let key = answer_key(&kit);
    let pack = pack(&kit, &key, libertykit::typeface::bundled());
    (kit, key, pack)
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

/// The full-size board's grid: lines drawn with the board's inner or edge width on page 1.
fn grid_lines(segments: &[Segment]) -> (Vec<f64>, Vec<f64>) {
    let board = Style::default().board;
    let is_grid = |s: &&Segment| {
        close(s.width, board.inner_line, 0.005) || close(s.width, board.edge_line, 0.005)
    };
    let mut xs = BTreeSet::new();
    let mut ys = BTreeSet::new();
    for s in segments.iter().filter(is_grid) {
        if close(s.x0, s.x1, 1e-6) {
            xs.insert((s.x0 * 1000.0).round() as i64);
        } else if close(s.y0, s.y1, 1e-6) {
            ys.insert((s.y0 * 1000.0).round() as i64);
        }
    }
    let mm = |v: BTreeSet<i64>| v.into_iter().map(|i| i as f64 / 1000.0).collect();
    (mm(xs), mm(ys))
}

/// The lines of page `index` as laid out.
fn model_segments(doc: &Document, index: usize) -> Vec<Segment> {
    doc.pages[index]
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Line { from, to, stroke } => Some(Segment {
                x0: from.x.get(),
                y0: from.y.get(),
                x1: to.x.get(),
                y1: to.y.get(),
                width: stroke.width.get(),
            }),
            _ => None,
        })
        .collect()
}

fn assert_spacing(values: &[f64], spacing: f64, count: usize) {
    assert_eq!(values.len(), count, "{values:?}");
    for pair in values.windows(2) {
        assert!(close(pair[1] - pair[0], spacing, 0.01), "{values:?}");
    }
}

/// Whitespace runs (including line breaks from wrapping) collapsed to single spaces.
fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn documents_have_their_pages_at_paper_size() {
    let (_, _, pack) = seed();
    for (doc, pages) in [(&pack.player_sheet, 3), (&pack.host_key, 1)] {
        let bytes = write_pdf(doc).unwrap();
        let pdf = lopdf::Document::load_mem(&bytes).unwrap();
        assert_eq!(pdf.get_pages().len(), pages, "{}", doc.title);
        for (_, id) in pdf.get_pages() {
            let page = pdf.get_dictionary(id).unwrap();
            let media: Vec<f64> = page
                .get(b"MediaBox")
                .unwrap()
                .as_array()
                .unwrap()
                .iter()
                .map(number)
                .collect();
            assert!(close(media[2], 210.0 * PT_PER_MM, 1e-3), "{media:?}");
            assert!(close(media[3], 297.0 * PT_PER_MM, 1e-3), "{media:?}");
        }
    }
}

#[test]
fn full_size_board_has_real_spacing_and_heavier_edges() {
    let (_, _, pack) = seed();
    let segments = model_segments(&pack.player_sheet, 0);
    let (xs, ys) = grid_lines(&segments);
    assert_spacing(&xs, 22.0, 5);
    assert_spacing(&ys, 23.7, 5);
    let board = Style::default().board;
    for s in segments.iter().filter(|s| close(s.x0, s.x1, 1e-9)) {
        if close(s.x0, xs[0], 1e-6) || close(s.x0, xs[4], 1e-6) {
            assert_eq!(s.width, board.edge_line);
        } else if xs.iter().any(|x| close(*x, s.x0, 1e-6)) {
            assert_eq!(s.width, board.inner_line);
        }
    }
    // The board sits on the page, clear of the margins.
    assert!(xs[0] > 10.0 && xs[4] < 200.0 && ys[0] > 10.0 && ys[4] < 297.0 - 29.0);
}

#[test]
fn pdf_and_svg_show_the_same_grid_as_the_layout() {
    let (_, _, pack) = seed();
    let (xs, ys) = grid_lines(&model_segments(&pack.player_sheet, 0));

    let bytes = write_pdf(&pack.player_sheet).unwrap();
    let pdf = lopdf::Document::load_mem(&bytes).unwrap();
    let (pxs, pys) = grid_lines(&pdf_segments(&pdf, 1, 297.0));
    assert_eq!(pxs.len(), xs.len());
    assert_eq!(pys.len(), ys.len());
    for (a, b) in xs.iter().zip(&pxs).chain(ys.iter().zip(&pys)) {
        assert!(close(*a, *b, 0.01), "layout {a} vs pdf {b}");
    }

    let svg = write_svg(
        &pack.player_sheet.pages[0],
        pack.player_sheet.fonts,
        Language::English,
    );
    assert!(svg.contains(r#"width="210mm""#) && svg.contains(r#"height="297mm""#));
    assert!(svg.contains(r#"viewBox="0 0 210 297""#));
    let (sxs, sys) = grid_lines(&svg_segments(&svg));
    assert_eq!((sxs.len(), sys.len()), (5, 5));
    for (a, b) in xs.iter().zip(&sxs).chain(ys.iter().zip(&sys)) {
        assert!(close(*a, *b, 0.001), "layout {a} vs svg {b}");
    }
}

#[test]
fn same_kit_gives_same_bytes() {
    let (_, _, a) = seed();
    let (_, _, b) = seed();
    assert_eq!(a, b);
    assert_eq!(
        write_pdf(&a.player_sheet).unwrap(),
        write_pdf(&b.player_sheet).unwrap()
    );
    assert_eq!(
        write_pdf(&a.host_key).unwrap(),
        write_pdf(&b.host_key).unwrap()
    );
}

/// Strings that would give an answer away, derived from the key.
fn forbidden(kit: &Kit, key: &AnswerKey) -> Vec<String> {
    let mut out = vec![
        "captures C3".to_string(),
        "C4 captures".into(),
        "B4, C5, D4".into(),
    ];
    for answer in &key.examples {
        out.extend(describe(answer, &kit.wording));
        match &answer.answer {
            Answer::Capture { moves } => {
                for m in moves {
                    out.push(format!("{} captures", m.point));
                    out.push(format!("captures {}", list(&m.captured)));
                }
            }
            Answer::Liberties { liberties, .. } if liberties.len() > 1 => {
                out.push(list(liberties));
            }
            _ => {}
        }
    }
    out
}

#[test]
fn player_sheet_text_is_exact_and_gives_no_answer_away() {
    let (kit, key, pack) = seed();
    // The laid-out text itself, independent of any tool.
    let model_text: String = pack
        .player_sheet
        .pages
        .iter()
        .flat_map(|p| &p.shapes)
        .filter_map(|s| match s {
            Shape::Text { text, .. } => Some(format!("{text}\n")),
            _ => None,
        })
        .collect();
    for bad in forbidden(&kit, &key) {
        assert!(
            !squash(&model_text).contains(&bad),
            "player sheet gives away `{bad}`"
        );
    }
    if !tool_available("pdftotext") {
        return;
    }
    let text = pdf_text(&write_pdf(&pack.player_sheet).unwrap(), "player-text");
    for wanted in [
        "5×5",
        "A1–E5",
        "Capture tally",
        "Group liberties",
        "Move record",
        "Example 1",
        "white C3; black B3 C2 D3",
        "Black to play: which move captures?",
        "page 1 of 3",
        "should measure 100 mm",
        &kit.fingerprint,
    ] {
        assert!(text.contains(wanted), "missing `{wanted}` in {text}");
    }
    let flat = squash(&text);
    assert!(
        flat.contains("or when one player has captured five stones"),
        "{flat}"
    );
    for bad in forbidden(&kit, &key) {
        assert!(!flat.contains(&bad), "player sheet gives away `{bad}`");
    }
    assert!(!flat.contains("Worked example"), "{flat}");
}

#[test]
fn host_key_text_shows_every_answer_as_key_prints_it() {
    let (_, key, pack) = seed();
    if !tool_available("pdftotext") {
        return;
    }
    let text = pdf_text(&write_pdf(&pack.host_key).unwrap(), "host-text");
    let flat = squash(&text);
    assert!(
        flat.contains("Host key · keep separate from players"),
        "{flat}"
    );
    assert!(flat.contains("Run the round"), "{flat}");
    assert!(flat.contains("black C4 removes white C3"), "{flat}");
    assert!(flat.contains("page 1 of 1"), "{flat}");
    // The seed's two answers, worked out by hand from the seed's positions (and printed the
    // same way by `libertykit key`, see the README), not taken from the program's own words.
    for line in [
        "C4 captures C3 (1 stone)",
        "White chain C3, C4 has 3 liberties: B4, C5, D4",
    ] {
        assert!(flat.contains(&squash(line)), "missing `{line}` in {flat}");
    }
    assert_eq!(key.examples.len(), 2);
}

#[test]
fn printed_grid_measures_true_at_ten_pixels_per_millimetre() {
    if !tool_available("pdftoppm") {
        return;
    }
    let (_, _, pack) = seed();
    let (xs, ys) = grid_lines(&model_segments(&pack.player_sheet, 0));
    let pdf = temp_path("grid").with_extension("pdf");
    std::fs::write(&pdf, write_pdf(&pack.player_sheet).unwrap()).unwrap();
    let (across, down, (width, height)) = common::printed_four_spacings(&pdf, &xs, &ys);
    assert!(close(width as f64, 2100.0, 1.0) && close(height as f64, 2970.0, 1.0));
    // Across, along a row between two horizontal lines; down, along a column.
    assert!(close(across, 88.0, 0.2), "measured {across} mm across");
    assert!(close(down, 94.8, 0.2), "measured {down} mm down");
    let _ = std::fs::remove_file(pdf);
}

#[test]
fn both_documents_pass_qpdf_check() {
    if !tool_available("qpdf") {
        return;
    }
    let (_, _, pack) = seed();
    for (doc, name) in [
        (&pack.player_sheet, "qpdf-player"),
        (&pack.host_key, "qpdf-host"),
    ] {
        assert_qpdf_clean(&write_pdf(doc).unwrap(), name);
    }
}

#[test]
fn svg_pages_match_their_snapshots() {
    let (_, _, pack) = seed();
    for (doc, name) in [
        (&pack.player_sheet, "player_sheet"),
        (&pack.host_key, "host_key"),
    ] {
        for (i, page) in doc.pages.iter().enumerate() {
            insta::assert_snapshot!(
                format!("{name}_{}", i + 1),
                write_svg(page, doc.fonts, doc.language)
            );
        }
    }
}

#[test]
fn rules_follow_the_kit_not_the_seed() {
    let (mut kit, _, _) = seed();
    kit.size = BoardSize::new(9).unwrap();
    kit.examples.clear();
    kit.rules = Rules {
        ko: KoRule::Situational,
        end_passes: Some(2),
        max_stones: None,
        capture_target: None,
        scoring: Scoring::Area,
        komi: 7.5,
        ..Rules::default()
    };
    let text: String = rules_text::sections(&kit)
        .iter()
        .map(|s| format!("{} {} ", s.heading, s.paragraph))
        .collect();
    assert!(
        text.contains("Play on 81 intersections labelled A1–J9."),
        "{text}"
    );
    assert!(
        text.contains("Stop after two consecutive passes."),
        "{text}"
    );
    assert!(text.contains("same player to move"), "{text}");
    assert!(text.contains("count by area"), "{text}");
    assert!(text.contains("White adds 7.5 points."), "{text}");
    for seed_only in ["five", "eighty", "More captures wins", "capture-count"] {
        assert!(!text.contains(seed_only), "`{seed_only}` in {text}");
    }

    kit.rules = Rules {
        capture_target: Some(1),
        end_passes: None,
        ..Rules::liberty_chain_capture()
    };
    let finish = &rules_text::sections(&kit)[2].paragraph;
    assert!(
        finish.contains(
            "Stop after eighty placed stones in total or when one player has captured one stone."
        ),
        "{finish}"
    );
}

#[test]
fn counters_are_full_size_and_ink_saving_draws_outlines() {
    let (mut kit, key, pack) = seed();
    let counters = |doc: &Document| -> Vec<(f64, bool)> {
        doc.pages
            .last()
            .unwrap()
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Circle {
                    radius,
                    fill,
                    stroke,
                    ..
                } => {
                    let outer = radius.get() * 2.0 + stroke.map_or(0.0, |s| s.width.get());
                    Some((outer, *fill == Some(libertykit::layout::geom::Rgb::BLACK)))
                }
                _ => None,
            })
            .collect()
    };
    let solid = counters(&pack.player_sheet);
    assert_eq!(solid.len(), 50);
    assert!(solid.iter().all(|(d, _)| close(*d, 20.0, 1e-9)));
    assert_eq!(solid.iter().filter(|(_, black)| *black).count(), 25);

    kit.physical.ink_saving = true;
    let saving = pack_of(&kit, &key);
    let rings = counters(&saving.player_sheet);
    assert_eq!(rings.len(), 50);
    assert!(
        rings
            .iter()
            .all(|(d, black)| close(*d, 20.0, 1e-9) && !black)
    );
}

fn pack_of(kit: &Kit, key: &AnswerKey) -> Pack {
    pack(kit, key, libertykit::typeface::bundled())
}

#[test]
fn every_printed_character_is_in_the_bundled_font() {
    let (_, _, pack) = seed();
    for doc in [&pack.player_sheet, &pack.host_key] {
        for shape in doc.pages.iter().flat_map(|p| &p.shapes) {
            if let Shape::Text { text, .. } = shape {
                assert!(
                    text.chars()
                        .all(|c| libertykit::typeface::bundled().shows(c)),
                    "{text}"
                );
            }
        }
    }
}
