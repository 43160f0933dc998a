//! Examples that show part of a big board (`view = "A1:G7"`): the diagrams in the laid-out pack
//! draw only the region, heavy lines only at the real edges, lines running on at the cut sides,
//! real coordinates, at the size of a board of the region's size; the text key prints only the
//! region; a view that hides what the question is about is refused at the view.

mod common;

use std::collections::BTreeSet;

use common::{run, temp_path};

use libertykit::answer::answer_key;
use libertykit::check::view_problems;
use libertykit::diag::Source;
use libertykit::kit::{Kit, Physical, load};
use libertykit::layout::pack;
use libertykit::layout::page::{Document, Shape};
use libertykit::layout::style::{BoardStyle, Style};

const EXAMPLE_KIT: &str = "examples/big-board-corners.toml";

/// A 19x19 kit on A4, its full-size board shrunk to fit the paper.
fn nineteen(examples: &str) -> String {
    format!(
        "[kit]\ntitle = \"Corners\"\npaper = \"a4\"\nspacing_mm = [9.3, 10]\ncounter_mm = 8.4\n\
         [rules]\nboard = 19\n{examples}"
    )
}

/// A 7x7 kit under the simple ko rule: no board sketches, whose small grids would be taken
/// for the example's.
fn seven(examples: &str) -> String {
    format!(
        "[kit]\ntitle = \"Seven\"\npaper = \"a4\"\n[rules]\nboard = 7\nko = \"simple\"\n{examples}"
    )
}

/// White C3 in atari in the lower-left corner, with a view of the corner if `view` is given.
fn corner_capture(view: Option<&str>) -> String {
    let view = view.map_or(String::new(), |v| format!("view = \"{v}\"\n"));
    format!(
        "[[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\ntask = \"capture\"\n{view}key = \"C4\"\n"
    )
}

fn load_ok(source: &str) -> Kit {
    load(source).unwrap_or_else(|e| panic!("{:?}", e.problems))
}

/// One example diagram's grid as laid out: its vertical and horizontal lines, each as
/// (position across, start, end, width), sorted by position.
#[derive(Debug)]
struct Grid {
    vertical: Vec<(f64, f64, f64, f64)>,
    horizontal: Vec<(f64, f64, f64, f64)>,
}

/// How example diagrams are drawn when not shrunk further: their line widths are the ones an
/// example grid uses whatever its scale (the widths have floors).
fn example_style() -> BoardStyle {
    BoardStyle::full_size(&Physical::default(), libertykit::typeface::bundled())
        .scaled(Style::default().example_scale)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

/// The lines drawn at an example grid's widths on any page of `doc` (the kits here have one
/// example, so one diagram).
fn example_grid(doc: &Document) -> Grid {
    let style = example_style();
    let mut grid = Grid {
        vertical: Vec::new(),
        horizontal: Vec::new(),
    };
    for page in &doc.pages {
        for shape in &page.shapes {
            let Shape::Line { from, to, stroke } = shape else {
                continue;
            };
            let w = stroke.width;
            if !(close(w.get(), style.inner_line) || close(w.get(), style.edge_line)) {
                continue;
            }
            if close(from.x.get(), to.x.get()) {
                grid.vertical.push((
                    from.x.get(),
                    (from.y.min(to.y)).get(),
                    (from.y.max(to.y)).get(),
                    w.get(),
                ));
            } else if close(from.y.get(), to.y.get()) {
                grid.horizontal.push((
                    from.y.get(),
                    (from.x.min(to.x)).get(),
                    (from.x.max(to.x)).get(),
                    w.get(),
                ));
            }
        }
    }
    grid.vertical.sort_by(|a, b| a.0.total_cmp(&b.0));
    grid.horizontal.sort_by(|a, b| a.0.total_cmp(&b.0));
    grid
}

/// The coordinate labels near the grid: texts at the example labels' size within 12 mm of it.
fn labels(doc: &Document, grid: &Grid) -> BTreeSet<String> {
    let size_pt = example_style().coord_pt;
    let (left, right) = (
        grid.vertical[0].0 - 12.0,
        grid.vertical.last().unwrap().0 + 12.0,
    );
    let (top, bottom) = (
        grid.horizontal[0].0 - 12.0,
        grid.horizontal.last().unwrap().0 + 12.0,
    );
    doc.pages
        .iter()
        .flat_map(|p| &p.shapes)
        .filter_map(|s| match s {
            Shape::Text {
                baseline,
                text,
                size_pt: pt,
                ..
            } if close(*pt, size_pt)
                && (left..=right).contains(&baseline.x.get())
                && (top..=bottom).contains(&baseline.y.get()) =>
            {
                Some(text.clone())
            }
            _ => None,
        })
        .collect()
}

fn spacing(lines: &[(f64, f64, f64, f64)]) -> f64 {
    let gaps: Vec<f64> = lines.windows(2).map(|w| w[1].0 - w[0].0).collect();
    for g in &gaps {
        assert!(close(*g, gaps[0]), "uneven spacing {gaps:?}");
    }
    gaps[0]
}

fn documents(source: &str) -> Vec<Document> {
    let kit = load_ok(source);
    let key = answer_key(&kit);
    let pack = pack(&kit, &key, libertykit::typeface::bundled());
    vec![pack.player_sheet, pack.host_key]
}

#[test]
fn a_corner_view_of_19x19_draws_seven_lines_each_way_with_real_edges_and_labels() {
    for doc in documents(&nineteen(&corner_capture(Some("A1:G7")))) {
        let style = example_style();
        let grid = example_grid(&doc);
        assert_eq!(grid.vertical.len(), 7, "{}: {grid:?}", doc.title);
        assert_eq!(grid.horizontal.len(), 7, "{}: {grid:?}", doc.title);
        let heavy = |l: &(f64, f64, f64, f64)| close(l.3, style.edge_line);
        // The left line (A) and the bottom line (1) are the real board's edges.
        assert!(heavy(&grid.vertical[0]), "{grid:?}");
        assert!(grid.vertical[1..].iter().all(|l| !heavy(l)), "{grid:?}");
        assert!(heavy(&grid.horizontal[6]), "{grid:?}");
        assert!(grid.horizontal[..6].iter().all(|l| !heavy(l)), "{grid:?}");
        // The top and right sides are cut: the lines run on about half a spacing past G and 7;
        // at the real edges they stop at the edge line.
        let (sx, sy) = (spacing(&grid.vertical), spacing(&grid.horizontal));
        let (top, bottom) = (grid.horizontal[0].0, grid.horizontal[6].0);
        let (left, right) = (grid.vertical[0].0, grid.vertical[6].0);
        for v in &grid.vertical[1..] {
            assert!(close(top - v.1, sy / 2.0), "{v:?} top {top}");
            assert!(close(v.2, bottom), "{v:?} bottom {bottom}");
        }
        for h in &grid.horizontal[..6] {
            assert!(close(h.1, left), "{h:?} left {left}");
            assert!(close(h.2 - right, sx / 2.0), "{h:?} right {right}");
        }
        let expected: BTreeSet<String> = "A B C D E F G 1 2 3 4 5 6 7"
            .split(' ')
            .map(String::from)
            .collect();
        assert_eq!(labels(&doc, &grid), expected, "{}", doc.title);
    }
}

#[test]
fn a_view_in_the_middle_has_no_heavy_line_and_runs_on_at_every_side() {
    let source = nineteen(
        "[[example]]\nposition = \"white K10; black J10 K9 L10\"\nto_play = \"black\"\ntask = \"capture\"\nview = \"G7:N13\"\n",
    );
    let doc = &documents(&source)[0];
    let grid = example_grid(doc);
    assert_eq!((grid.vertical.len(), grid.horizontal.len()), (7, 7));
    let style = example_style();
    assert!(
        grid.vertical
            .iter()
            .chain(&grid.horizontal)
            .all(|l| close(l.3, style.inner_line))
    );
    let (sx, sy) = (spacing(&grid.vertical), spacing(&grid.horizontal));
    let (top, bottom) = (grid.horizontal[0].0, grid.horizontal[6].0);
    for v in &grid.vertical {
        assert!(close(top - v.1, sy / 2.0) && close(v.2 - bottom, sy / 2.0));
    }
    let (left, right) = (grid.vertical[0].0, grid.vertical[6].0);
    for h in &grid.horizontal {
        assert!(close(left - h.1, sx / 2.0) && close(h.2 - right, sx / 2.0));
    }
    let expected: BTreeSet<String> = "G H J K L M N 7 8 9 10 11 12 13"
        .split(' ')
        .map(String::from)
        .collect();
    assert_eq!(labels(doc, &grid), expected);
}

#[test]
fn a_seven_by_seven_view_is_drawn_at_the_size_of_a_seven_by_seven_boards_example() {
    let big = documents(&nineteen(&corner_capture(Some("A1:G7"))));
    let small = documents(&seven(&corner_capture(None)));
    for (big, small) in big.iter().zip(&small) {
        let (big, small) = (example_grid(big), example_grid(small));
        assert_eq!(small.vertical.len(), 7);
        let (bx, by) = (spacing(&big.vertical), spacing(&big.horizontal));
        let (sx, sy) = (spacing(&small.vertical), spacing(&small.horizontal));
        assert!(close(bx, sx) && close(by, sy), "{bx} x {by} vs {sx} x {sy}");
        // Not a few millimetres per line, as the whole 19x19 board's example would be.
        assert!(bx > 9.0, "{bx}");
    }
    // The same example without the view: the whole board, drawn much smaller.
    let whole = example_grid(&documents(&nineteen(&corner_capture(None)))[0]);
    assert_eq!(whole.vertical.len(), 19);
    assert!(spacing(&whole.vertical) < 5.0);
}

/// `line:col` (1-based) of the first `needle` in `source`.
fn location(source: &str, needle: &str) -> String {
    let at = source.find(needle).unwrap();
    let line = source[..at].matches('\n').count() + 1;
    let col = at - source[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{col}")
}

#[test]
fn a_view_hiding_the_captured_stone_or_the_group_is_refused_at_the_view() {
    // A1:B4 shows neither C4 (the capturing move) nor C3 (the stone it takes).
    let source = nineteen(&corner_capture(Some("A1:B4")));
    let kit = load_ok(&source);
    let problems = view_problems(&kit.examples, &answer_key(&kit).examples);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let rendered = Source::new("corners.toml", source.as_str()).render(&problems[0]);
    let at = location(&source, "\"A1:B4\"");
    assert!(
        rendered.contains(&format!("corners.toml:{at}")),
        "{rendered}"
    );
    assert!(
        rendered.contains(
            "example 1: the view A1:B4 leaves out the capturing move C4; the captured stone C3"
        ),
        "{rendered}"
    );
    assert!(
        rendered.contains(
            "`view = \"A1:D4\"` shows all of it (the smallest view that does is `C3:D4`)"
        ),
        "{rendered}"
    );

    // The group at K10 reaches K12, above the view.
    let source = nineteen(
        "[[example]]\nposition = \"white K10 K11 K12; black J10 K9 L10\"\ntask = \"liberties\"\ngroup = \"K10\"\nview = \"G7:N11\"\n",
    );
    let kit = load_ok(&source);
    let problems = view_problems(&kit.examples, &answer_key(&kit).examples);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let rendered = Source::new("group.toml", source.as_str()).render(&problems[0]);
    let at = location(&source, "\"G7:N11\"");
    assert_eq!(at, "12:8");
    assert!(rendered.contains(&format!("group.toml:{at}")), "{rendered}");
    assert!(
        rendered.contains("leaves out the group's stone K12; its liberties J12, K13, L12"),
        "{rendered}"
    );

    // Views that show everything pass.
    for view in ["A1:G7", "C3:D4", "A1:T19"] {
        let kit = load_ok(&nineteen(&corner_capture(Some(view))));
        assert!(view_problems(&kit.examples, &answer_key(&kit).examples).is_empty());
    }
}

#[test]
fn the_text_key_prints_only_the_view_with_real_coordinates() {
    let path = temp_path("corner-view").with_extension("toml");
    std::fs::write(&path, nineteen(&corner_capture(Some("A1:G7")))).unwrap();
    let (code, out, err) = run(&["key", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 0, "{err}");
    let figure = "    A B C D E F G\n\
                  \x20 7 . . . . . . . 7\n\
                  \x20 6 . . . . . . . 6\n\
                  \x20 5 . . . . . . . 5\n\
                  \x20 4 . . * . . . . 4\n\
                  \x20 3 . X o X . . . 3\n\
                  \x20 2 . . X . . . . 2\n\
                  \x20 1 . . . . . . . 1\n\
                  \x20   A B C D E F G\n";
    assert!(out.contains(figure), "{out}");
    assert!(!out.contains(" H "), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("  8 ")), "{out}");
}

#[test]
fn the_example_kit_with_views_passes_check_and_shows_its_corners() {
    let (code, out, err) = run(&["check", EXAMPLE_KIT]);
    assert_eq!(code, 0, "{out}{err}");
    let source =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(EXAMPLE_KIT))
            .unwrap();
    let kit = load_ok(&source);
    assert_eq!(kit.size.get(), 19);
    assert!(kit.examples.iter().all(|e| e.view.is_some()));
    let problems = view_problems(&kit.examples, &answer_key(&kit).examples);
    assert!(problems.is_empty(), "{problems:?}");
}
