//! Boards fitted to the paper (issue 11 §1) and counters to match the session (§4), measured
//! in the files `build` writes: the PDF's grid lines, the SVG pages' labels, and the counters
//! the layout draws.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::fresh_dir;

use libertykit::answer::answer_key;
use libertykit::kit::load;
use libertykit::layout::font::text_width_mm;
use libertykit::layout::geom::{PT_PER_MM, Rgb};
use libertykit::layout::pack;
use libertykit::layout::page::{Document, Font, Shape};

const SEED: &str = "examples/liberty-chain-capture.toml";
/// The page margin and the footer band below the content, in millimetres.
const MARGIN: f64 = 10.0;
const FOOTER_BAND: f64 = 19.0;
/// The full-size board's line widths and coordinate font (the board style's constants).
const INNER_LINE: f64 = 0.35;
const EDGE_LINE: f64 = 0.8;
const COORD_PT: f64 = 11.0;

fn seed_source() -> String {
    fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(SEED)).unwrap()
}

/// The seed kit on an `n` x `n` board and `paper`, with `extra` lines added to `[kit]`.
fn kit_source(n: u32, paper: &str, extra: &str) -> String {
    let source = seed_source();
    assert!(source.contains("board = 5 ") && source.contains("paper = \"a4\"\n"));
    source
        .replace("board = 5 ", &format!("board = {n} "))
        .replace("paper = \"a4\"\n", &format!("paper = \"{paper}\"\n{extra}"))
}

/// Runs `libertykit args` in `dir`: (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn number(obj: &lopdf::Object) -> f64 {
    match obj {
        lopdf::Object::Integer(i) => *i as f64,
        lopdf::Object::Real(r) => f64::from(*r),
        other => panic!("not a number: {other:?}"),
    }
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

/// The full-size board's grid as the PDF draws it: the x of every vertical and the y of every
/// horizontal line of the board's line widths, in millimetres from the top left, and the page.
fn pdf_grid(pdf: &Path, height_mm: f64) -> (u32, Vec<f64>, Vec<f64>) {
    let doc = lopdf::Document::load(pdf).unwrap();
    for (&number_of_page, &id) in &doc.get_pages() {
        let content = doc.get_and_decode_page_content(id).unwrap();
        let mut width = 1.0;
        let mut start = None;
        let mut xs = BTreeSet::new();
        let mut ys = BTreeSet::new();
        for op in &content.operations {
            let at = |op: &lopdf::content::Operation| {
                (
                    number(&op.operands[0]) / PT_PER_MM,
                    height_mm - number(&op.operands[1]) / PT_PER_MM,
                )
            };
            match op.operator.as_str() {
                "w" => width = number(&op.operands[0]) / PT_PER_MM,
                "m" => start = Some(at(op)),
                "l" => {
                    let Some((x0, y0)) = start.take() else {
                        continue;
                    };
                    let (x1, y1) = at(op);
                    if !(close(width, INNER_LINE, 0.005) || close(width, EDGE_LINE, 0.005)) {
                        continue;
                    }
                    if close(x0, x1, 1e-3) {
                        xs.insert((x0 * 1000.0).round() as i64);
                    } else if close(y0, y1, 1e-3) {
                        ys.insert((y0 * 1000.0).round() as i64);
                    }
                }
                _ => start = None,
            }
        }
        if !xs.is_empty() {
            let mm = |v: BTreeSet<i64>| v.into_iter().map(|i| i as f64 / 1000.0).collect();
            return (number_of_page, mm(xs), mm(ys));
        }
    }
    panic!("no full-size grid in {}", pdf.display());
}

/// The one spacing between consecutive lines, checked to be the same throughout.
fn spacing(lines: &[f64]) -> f64 {
    let gaps: Vec<f64> = lines.windows(2).map(|w| w[1] - w[0]).collect();
    let first = gaps[0];
    assert!(gaps.iter().all(|g| close(*g, first, 0.01)), "{lines:?}");
    gaps.iter().sum::<f64>() / gaps.len() as f64
}

/// The texts of an SVG page: (x, baseline y, font size in mm, text).
fn svg_texts(svg: &str) -> Vec<(f64, f64, f64, String)> {
    let attr = |element: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let start = element.find(&key).unwrap() + key.len();
        let end = element[start..].find('"').unwrap() + start;
        element[start..end].parse().unwrap()
    };
    svg.split("<text")
        .skip(1)
        .map(|rest| {
            let open = rest.find('>').unwrap();
            let close = rest.find("</text>").unwrap();
            let element = &rest[..open];
            (
                attr(element, "x"),
                attr(element, "y"),
                attr(element, "font-size"),
                rest[open + 1..close].to_string(),
            )
        })
        .collect()
}

/// The x of every vertical line of the board's line widths on an SVG page.
fn svg_vertical_lines(svg: &str) -> Vec<f64> {
    common::segments::svg_segments(svg)
        .into_iter()
        .filter(|s| close(s.width, INNER_LINE, 0.002) || close(s.width, EDGE_LINE, 0.002))
        .filter(|s| s.x0 == s.x1)
        .map(|s| s.x0)
        .collect()
}

/// `(spacing across, spacing down, counters)` from `build`'s note, e.g. `note: 9x9 board at
/// 20.3 x 21.9 mm to fit a4 paper, counters 18.5 mm`; no counters when the note names none (a
/// 19x19 kit prints none by default).
fn parse_note(note: &str, n: u32, paper: &str) -> (f64, f64, Option<f64>) {
    // The note is the first line; the advice on what to print for whom follows it.
    let note = note.lines().next().unwrap_or_default();
    let prefix = format!("note: {n}x{n} board at ");
    let rest = note
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("{note}"));
    let (x, rest) = rest.split_once(" x ").unwrap();
    let (y, rest) = rest
        .split_once(&format!(" mm to fit {paper} paper"))
        .unwrap_or_else(|| panic!("{note}"));
    let counter = (!rest.is_empty()).then(|| {
        rest.strip_prefix(", counters ")
            .and_then(|r| r.strip_suffix(" mm"))
            .unwrap_or_else(|| panic!("{note}"))
            .parse()
            .unwrap()
    });
    (x.parse().unwrap(), y.parse().unwrap(), counter)
}

/// Checks the board on the built pack in `out`: `n` lines each way at `(sx, sy)` in the PDF and
/// the same lines in the SVG, and grid, counters' reach and labels inside the page margins.
fn assert_board(out: &Path, n: usize, sx: f64, sy: f64, counter: f64, paper: (f64, f64)) {
    let (width, height) = paper;
    let (page, xs, ys) = pdf_grid(&out.join("player-sheet.pdf"), height);
    assert_eq!((xs.len(), ys.len()), (n, n), "{xs:?} {ys:?}");
    assert!(close(spacing(&xs), sx, 0.005), "{xs:?} against {sx}");
    assert!(close(spacing(&ys), sy, 0.005), "{ys:?} against {sy}");
    let (left, right) = (MARGIN, width - MARGIN);
    let (top, bottom) = (MARGIN, height - MARGIN - FOOTER_BAND);
    let reach = counter / 2.0;
    assert!(
        xs[0] - reach >= left && xs[n - 1] + reach <= right,
        "{xs:?}"
    );
    assert!(
        ys[0] - reach >= top && ys[n - 1] + reach <= bottom,
        "{ys:?}"
    );

    // The SVG page shows the same grid, and its coordinate labels are inside the margins too.
    let svg = fs::read_to_string(out.join(format!("player-sheet-{page}.svg"))).unwrap();
    let coord_mm = COORD_PT / PT_PER_MM;
    let labels: Vec<_> = svg_texts(&svg)
        .into_iter()
        .filter(|(_, _, size, _)| close(*size, coord_mm, 0.002))
        .collect();
    // Letters along the top and bottom, numbers up both sides.
    assert_eq!(labels.len(), 4 * n, "{labels:?}");
    for (x, y, _, text) in &labels {
        let w = text_width_mm(
            libertykit::typeface::bundled(),
            text,
            Font::Regular,
            COORD_PT,
        );
        let cap = 0.718 * coord_mm;
        assert!(
            *x >= left && x + w <= right && y - cap >= top && *y <= bottom,
            "{text} at {x}, {y}"
        );
    }
    let svg_xs = svg_vertical_lines(&svg);
    for x in &xs {
        assert!(
            svg_xs.iter().any(|v| close(*v, *x, 0.002)),
            "{x} not in {svg_xs:?}"
        );
    }
}

/// Whether one scale `f` gives every `(fitted, full size)` length, each rounded down to 0.1 mm:
/// the fitted board keeps the proportions of a real board (22 x 23.7 mm, 20 mm counters).
fn one_scale(lengths: &[(f64, f64)]) -> bool {
    // fitted in (full f - 0.1, full f] for one f: the ranges of f the lengths allow overlap.
    let low = lengths
        .iter()
        .map(|(fitted, full)| fitted / full)
        .fold(0.0, f64::max);
    let high = lengths
        .iter()
        .map(|(fitted, full)| (fitted + 0.1) / full)
        .fold(f64::INFINITY, f64::min);
    low <= high + 1e-9
}

#[test]
fn boards_without_spacing_pass_every_command_at_a_fitted_spacing() {
    let dir = fresh_dir("fitted");
    let mut measured = Vec::new();
    for n in [9, 13, 19] {
        for (paper, size) in [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))] {
            let name = format!("k{n}-{paper}.toml");
            fs::write(dir.join(&name), kit_source(n, paper, "")).unwrap();
            let (code, _, err) = run_in(&dir, &["check", &name]);
            assert_eq!(code, 0, "{err}");
            let (code, out, err) = run_in(&dir, &["key", &name]);
            assert_eq!(code, 0, "{err}");
            assert!(!out.is_empty());
            let out_dir = format!("out-{n}-{paper}");
            let (code, out, err) = run_in(&dir, &["build", &name, "--out", &out_dir]);
            assert_eq!(code, 0, "{err}");
            assert!(out.lines().all(|l| l.starts_with(&out_dir)), "{out}");
            let (sx, sy, counters) = parse_note(&err, n, paper);
            // The note names counters only when the sheet prints them: a 19x19 kit's default
            // is none. The stones are drawn at the same scale either way.
            assert_eq!(counters.is_none(), n == 19, "{err}");
            let counter = counters.unwrap_or(20.0 * sx / 22.0);
            assert!(sx < 22.0 && sy < 23.7 && counter < 20.0, "{err}");
            assert!(
                one_scale(&[(sx, 22.0), (sy, 23.7), (counter, 20.0)]),
                "{sx} x {sy}, {counter}"
            );
            assert!(counter <= sx.min(sy));
            assert_board(&dir.join(&out_dir), n as usize, sx, sy, counter, size);
            measured.push((n, paper, sx, sy, counter));
        }
    }
    // Letter is wider than A4 and limits these boards by their width: a larger board on letter.
    for pair in measured.chunks(2) {
        let (a4, letter) = (pair[0], pair[1]);
        assert!(letter.2 > a4.2 && letter.3 > a4.3, "{measured:?}");
    }
    // A board that fits at full size on larger paper is drawn at full size there: no note.
    let (code, out, err) = run_in(
        &dir,
        &["build", "k9-a4.toml", "--paper", "a3", "--out", "a3"],
    );
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("note:"), "{err}");
    assert!(!out.is_empty());
    assert_board(&dir.join("a3"), 9, 22.0, 23.7, 20.0, (297.0, 420.0));
}

#[test]
fn the_paper_flag_fits_the_board_to_the_flag_paper() {
    let dir = fresh_dir("flag");
    fs::write(dir.join("k9.toml"), kit_source(9, "a4", "")).unwrap();
    let (code, _, err) = run_in(
        &dir,
        &["build", "k9.toml", "--paper", "letter", "--out", "letter"],
    );
    assert_eq!(code, 0, "{err}");
    let (sx, sy, counter) = parse_note(&err, 9, "letter");
    let counter = counter.expect("a 9x9 kit prints counters");
    assert_eq!((sx, sy, counter), (21.0, 22.6, 19.1));
    assert_board(&dir.join("letter"), 9, sx, sy, counter, (215.9, 279.4));
}

#[test]
fn a_board_that_fits_stays_full_size() {
    let dir = fresh_dir("full");
    for (paper, size) in [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))] {
        let name = format!("seed-{paper}.toml");
        fs::write(dir.join(&name), kit_source(5, paper, "")).unwrap();
        let (code, _, err) = run_in(&dir, &["build", &name, "--out", paper]);
        assert_eq!(code, 0, "{err}");
        assert!(
            !err.contains("note:"),
            "no note for a full-size board: {err}"
        );
        assert_board(&dir.join(paper), 5, 22.0, 23.7, 20.0, size);
    }
}

#[test]
fn a_spacing_the_author_set_that_does_not_fit_is_an_error_but_key_answers() {
    let dir = fresh_dir("author");
    let spaced = kit_source(9, "a4", "spacing_mm = [22.0, 23.7]\n");
    fs::write(dir.join("spaced.toml"), &spaced).unwrap();
    fs::write(dir.join("open.toml"), kit_source(9, "a4", "")).unwrap();
    let (code, out, err) = run_in(&dir, &["check", "spaced.toml"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("the 9x9 board at 22 x 23.7 mm spacing needs 205 x 218 mm, but `paper = \"a4\"` leaves 190 x 232 mm"),
        "{err}"
    );
    let (code, _, err) = run_in(&dir, &["build", "spaced.toml", "--out", "spaced"]);
    assert_eq!(code, 1, "{err}");
    assert!(!dir.join("spaced").exists());
    let (code, _, err) = run_in(&dir, &["build", "spaced.toml", "--paper", "letter"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("but `--paper letter` leaves 196 x 214 mm"),
        "{err}"
    );

    // `key` never fails for the paper: its answers are those of the same kit without spacing.
    let (code, spaced_key, err) = run_in(&dir, &["key", "spaced.toml"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, open_key, _) = run_in(&dir, &["key", "open.toml"]);
    assert_eq!(code, 0);
    let body = |key: &str| key.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert!(!body(&spaced_key).is_empty());
    assert_eq!(body(&spaced_key), body(&open_key));
    let (code, json, err) = run_in(&dir, &["key", "spaced.toml", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert!(json.starts_with('{'));

    // Nor for counters too large for the board fitted to the paper, which `check` refuses.
    let big_counters = kit_source(19, "a4", "counter_mm = 20.0\n");
    fs::write(dir.join("counters.toml"), big_counters).unwrap();
    let (code, _, err) = run_in(&dir, &["check", "counters.toml"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "counters of 20 mm would overlap on the 19x19 board fitted to `paper = \"a4\"`"
        ),
        "{err}"
    );
    assert!(err.contains("counters.toml:7:14\n"), "{err}");
    let (code, _, err) = run_in(&dir, &["key", "counters.toml"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

/// The counters the player sheet draws, black and white, and the texts of the pages they are on.
struct Counters {
    black: usize,
    white: usize,
    diameters: BTreeSet<i64>,
    pages: usize,
}

/// Counts the counters of the kit `source` on its player sheet, checking on the way that every
/// page with counters of a colour carries that colour's heading (`continued` after the first).
fn counters_of(source: &str) -> (Counters, Document) {
    let kit = load(source).unwrap_or_else(|e| panic!("{:?}", e.problems));
    let key = answer_key(&kit);
    let sheet = pack(&kit, &key, libertykit::typeface::bundled()).player_sheet;
    let mut counted = Counters {
        black: 0,
        white: 0,
        diameters: BTreeSet::new(),
        pages: 0,
    };
    let first = sheet.pages.iter().position(|page| {
        page.shapes.iter().any(
            |s| matches!(s, Shape::Text { text, .. } if text.starts_with("Counters · cut along")),
        )
    });
    let Some(first) = first else {
        return (counted, sheet);
    };
    let mut seen = [false, false];
    for page in &sheet.pages[first..] {
        counted.pages += 1;
        let texts: Vec<&str> = page
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        let (mut black, mut white) = (0, 0);
        for shape in &page.shapes {
            if let Shape::Circle {
                radius,
                fill,
                stroke,
                ..
            } = shape
            {
                let diameter = radius.get() * 2.0 + stroke.map_or(0.0, |s| s.width.get());
                counted.diameters.insert((diameter * 1000.0).round() as i64);
                if *fill == Some(Rgb::BLACK) {
                    black += 1;
                } else {
                    white += 1;
                }
            }
        }
        for (i, (count, name)) in [(black, "Black · "), (white, "White · ")]
            .into_iter()
            .enumerate()
        {
            if count == 0 {
                continue;
            }
            let heading = texts
                .iter()
                .find(|t| t.starts_with(name))
                .unwrap_or_else(|| panic!("{name}counters without a heading: {texts:?}"));
            assert_eq!(heading.ends_with(", continued"), seen[i], "{heading}");
            seen[i] = true;
        }
        counted.black += black;
        counted.white += white;
    }
    (counted, sheet)
}

#[test]
fn counters_follow_the_kit() {
    // The default: the seed's 25 on 5x5, half the points plus one on larger boards, at most
    // half of `max_stones`, none above 13x13.
    let seed = seed_source();
    let (five, five_sheet) = counters_of(&seed);
    assert_eq!((five.black, five.white), (25, 25));
    // In a block shaped as the board: five columns of five, not rows of eight.
    let columns: BTreeSet<i64> = five_sheet
        .pages
        .iter()
        .filter(|p| {
            p.shapes
                .iter()
                .any(|s| matches!(s, Shape::Text { text, .. } if text == "Black · 25"))
        })
        .flat_map(|p| &p.shapes)
        .filter_map(|s| match s {
            Shape::Circle { center, fill, .. } if *fill == Some(Rgb::BLACK) => {
                Some((center.x.get() * 100.0).round() as i64)
            }
            _ => None,
        })
        .collect();
    assert_eq!(columns.len(), 5, "{columns:?}");
    let without_limit =
        |n: u32| kit_source(n, "a3", "").replace("max_stones = 80 ", "# max_stones = 80 ");
    for (n, per_colour) in [(7, 26), (9, 42), (13, 86), (19, 0)] {
        let (counted, _) = counters_of(&without_limit(n));
        assert_eq!(
            (counted.black, counted.white),
            (per_colour, per_colour),
            "{n}x{n}"
        );
    }
    let nine = kit_source(9, "a4", "");
    assert!(nine.contains("max_stones = 80 "));
    let (default, with_counters) = counters_of(&nine);
    assert_eq!((default.black, default.white), (40, 40));
    // At the fitted board's counter size (18.5 mm on A4), which the counter pages use too.
    assert_eq!(default.diameters, BTreeSet::from([18_500]));

    // `"none"`: no counter pages at all.
    let (none, sheet) = counters_of(&kit_source(9, "a4", "counters = \"none\"\n"));
    assert_eq!((none.black, none.white, none.pages), (0, 0, 0));
    assert!(sheet.pages.len() < with_counters.pages.len());
    let (zero, _) = counters_of(&kit_source(9, "a4", "counters = 0\n"));
    assert_eq!((zero.black, zero.white, zero.pages), (0, 0, 0));

    // A number per colour, whatever the board and `max_stones`.
    let (ten, _) = counters_of(&kit_source(9, "a4", "counters = 10\n"));
    assert_eq!((ten.black, ten.white, ten.pages), (10, 10, 1));
    // One counter is "one large paper counter", not "one large paper counters".
    let (one, sheet) = counters_of(&kit_source(5, "a4", "counters = 1\n"));
    assert_eq!((one.black, one.white), (1, 1));
    let materials = sheet.pages[0]
        .shapes
        .iter()
        .find_map(|s| match s {
            Shape::Text { text, .. } if text.starts_with("Materials") => Some(text.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        materials.contains("one large paper counter per colour."),
        "{materials}"
    );
    let (many, _) = counters_of(&kit_source(5, "a4", "counters = 60\n"));
    assert_eq!((many.black, many.white), (60, 60));
    let (default_word, _) = counters_of(&kit_source(9, "a4", "counters = \"default\"\n"));
    assert_eq!((default_word.black, default_word.white), (40, 40));
}

#[test]
fn a_counter_group_that_runs_onto_another_page_repeats_its_heading() {
    let continued = |sheet: &libertykit::layout::page::Document, heading: &str| {
        sheet
            .pages
            .iter()
            .flat_map(|p| &p.shapes)
            .filter(|s| matches!(s, Shape::Text { text, .. } if text == heading))
            .count()
    };
    // 81 of each on a 9x9 board: a block fits an A4 page, so the white one is not split after
    // the black one but starts the next page.
    let (all, sheet) = counters_of(&kit_source(
        9,
        "a4",
        "counters = 81
",
    ));
    assert_eq!((all.black, all.white, all.pages), (81, 81, 2));
    assert_eq!(continued(&sheet, "White · 81, continued"), 0);
    // 150 of each: taller than a page, the white block runs onto another page, which says whose
    // counters they are.
    let (all, sheet) = counters_of(&kit_source(
        9,
        "a4",
        "counters = 150
",
    ));
    assert_eq!((all.black, all.white), (150, 150));
    assert_eq!(continued(&sheet, "White · 150, continued"), 1);
    // A 19x19 board's 361 of each (at 8.7 mm on letter) take more than a page, and every page
    // with counters of a colour says which (checked by `counters_of`).
    let source = kit_source(19, "letter", "counters = 361\n");
    let (all, _) = counters_of(&source);
    assert_eq!((all.black, all.white), (361, 361));
    assert!(all.pages >= 2, "{}", all.pages);
}
