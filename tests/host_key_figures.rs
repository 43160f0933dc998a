//! What the host key draws, read back from its SVG: an illegal move is a mark on the point, never
//! a stone, and a sequence's move numbers stand on the stones of the points they were played on.
//! Expected positions are worked out by hand from each kit, not taken from the program.

mod common;

use std::fs;
use std::path::PathBuf;

use common::temp_path;

#[derive(Debug, Clone, Copy)]
struct Circle {
    cx: f64,
    cy: f64,
    r: f64,
    black: bool,
}

#[derive(Debug, Clone)]
struct Text {
    x: f64,
    y: f64,
    size: f64,
    bold: bool,
    content: String,
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let end = start + tag[start..].find('"')?;
    Some(tag[start..end].to_string())
}

fn num(tag: &str, name: &str) -> f64 {
    attr(tag, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN)
}

/// Builds a one-example kit and returns the host key's first SVG page.
fn host_svg(name: &str, example: &str) -> String {
    let dir = temp_path(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let kit: PathBuf = dir.join("kit.toml");
    let text = format!("[kit]\ntitle = \"Figures\"\n[rules]\nboard = 5\n\n[[example]]\n{example}");
    fs::write(&kit, text).unwrap();
    let out = dir.join("pack");
    common::build_pack(&kit, &out, "svg");
    let svg = fs::read_to_string(out.join("host-key-1.svg")).unwrap();
    let _ = fs::remove_dir_all(&dir);
    svg
}

/// The stones drawn (circles wider than a star point), in drawing order.
fn stones(svg: &str) -> Vec<Circle> {
    svg.split("<circle")
        .skip(1)
        .map(|t| &t[..t.find('>').unwrap()])
        .map(|t| Circle {
            cx: num(t, "cx"),
            cy: num(t, "cy"),
            r: num(t, "r"),
            black: attr(t, "fill").as_deref() == Some("#000000"),
        })
        .filter(|c| c.r > 1.5)
        .collect()
}

fn texts(svg: &str) -> Vec<Text> {
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let tag = &t[..t.find('>').unwrap()];
            let content = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
            Text {
                x: num(tag, "x"),
                y: num(tag, "y"),
                size: num(tag, "font-size"),
                bold: attr(tag, "font-weight").as_deref() == Some("bold"),
                content: content.to_string(),
            }
        })
        .collect()
}

/// The x of each vertical grid line and the y of each horizontal one, of every board drawn
/// (lines from 30 to 90 mm long: the calibration bar is 100 mm and its ticks are short; no
/// other line is that long).
fn grid_lines(svg: &str) -> (Vec<f64>, Vec<f64>) {
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for t in svg.split("<line").skip(1) {
        let tag = &t[..t.find('>').unwrap()];
        let (x1, y1, x2, y2) = (
            num(tag, "x1"),
            num(tag, "y1"),
            num(tag, "x2"),
            num(tag, "y2"),
        );
        if (x1 - x2).abs() < 1e-6 && (y1 - y2).abs() > 30.0 {
            xs.push(x1);
        } else if (y1 - y2).abs() < 1e-6 && (x1 - x2).abs() > 30.0 && (x2 - x1) < 90.0 {
            ys.push(y1);
        }
    }
    for v in [&mut xs, &mut ys] {
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
    }
    (xs, ys)
}

/// Where point `name` (e.g. `D3`) of the `panel`-th 5x5 board lies.
fn point_at(svg: &str, panel: usize, name: &str) -> (f64, f64) {
    let (xs, ys) = grid_lines(svg);
    let col = usize::from(name.as_bytes()[0] - b'A');
    let row: usize = name[1..].parse().unwrap();
    // Boards side by side: five columns each; rows are shared.
    assert!(xs.len() >= 5 * (panel + 1), "{xs:?}");
    assert_eq!(ys.len(), 5, "{ys:?}");
    (xs[5 * panel + col], ys[5 - row])
}

fn near(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 0.3 && (a.1 - b.1).abs() < 0.3
}

#[test]
fn an_illegal_move_is_a_mark_never_a_stone() {
    // By hand: White A1 would have no liberty (A2 and B1 are black) and captures nothing.
    let svg = host_svg(
        "figure-suicide",
        "position = \"black A2 B1\"\nto_play = \"white\"\ntask = \"legal\"\nmove = \"A1\"\n",
    );
    let a1 = point_at(&svg, 0, "A1");
    let drawn = stones(&svg);
    assert!(
        !drawn.iter().any(|c| near((c.cx, c.cy), a1)),
        "a stone is drawn on A1: {drawn:?}"
    );
    let on_board: Vec<&Circle> = drawn
        .iter()
        .filter(|c| {
            near((c.cx, c.cy), point_at(&svg, 0, "A2"))
                || near((c.cx, c.cy), point_at(&svg, 0, "B1"))
        })
        .collect();
    assert_eq!(on_board.len(), 2, "{drawn:?}");
    assert!(on_board.iter().all(|c| c.black));
    // The mark: a square frame centred on A1.
    let framed = svg.split("<rect").skip(1).any(|t| {
        let tag = &t[..t.find('>').unwrap()];
        let (w, h) = (num(tag, "width"), num(tag, "height"));
        let centre = (num(tag, "x") + w / 2.0, num(tag, "y") + h / 2.0);
        attr(tag, "fill").as_deref() == Some("none") && near(centre, a1)
    });
    assert!(framed, "no frame around A1");
}

#[test]
fn sequence_numbers_stand_on_their_points_and_the_result_is_drawn_beside() {
    // By hand: 1 Black D3, 2 White D2, 3 Black C4, which takes C3 (its last liberty).
    let svg = host_svg(
        "figure-sequence",
        "position = \"white C3; black B3 C2\"\ntask = \"sequence\"\n\
         moves = [\"black D3\", \"white D2\", \"black C4\"]\n",
    );
    let drawn = stones(&svg);
    for (label, point, black) in [("1", "D3", true), ("2", "D2", false), ("3", "C4", true)] {
        let at = point_at(&svg, 0, point);
        let stone = drawn
            .iter()
            .find(|c| near((c.cx, c.cy), at))
            .unwrap_or_else(|| panic!("no stone on {point}"));
        assert_eq!(stone.black, black, "{point}");
        let number = texts(&svg).into_iter().find(|t| {
            t.bold && t.content == label && {
                // A digit is 0.556 em wide in Helvetica; its middle is the stone's centre.
                let middle = t.x + 0.278 * t.size;
                (middle - at.0).abs() < 0.3 && t.y > at.1 && t.y < at.1 + t.size
            }
        });
        assert!(number.is_some(), "no {label} on {point}");
    }
    // The numbered board still shows C3; the board after move 3 does not, and has C4.
    assert!(
        drawn
            .iter()
            .any(|c| near((c.cx, c.cy), point_at(&svg, 0, "C3")))
    );
    assert!(
        !drawn
            .iter()
            .any(|c| near((c.cx, c.cy), point_at(&svg, 1, "C3")))
    );
    assert!(
        drawn
            .iter()
            .any(|c| near((c.cx, c.cy), point_at(&svg, 1, "C4")) && c.black)
    );
    assert!(svg.contains(">After move 3</text>"), "no caption");
}

/// A suicide (where the rules allow it) is one mark on the played point, the move's ring
/// crossed as removed, so the diagram says what the text says: the stone is taken off. By
/// hand: White B1 leaves A1 B1 with no liberty and captures nothing (the kit's own comment).
#[test]
fn a_suicide_is_marked_as_played_and_removed() {
    let kit = libertykit::kit::load(include_str!("kits/good/suicide-allowed.toml")).unwrap();
    let key = libertykit::answer::answer_key(&kit);
    let kinds: Vec<_> = key.examples[0].figure.mark_kinds().collect();
    use libertykit::answer::MarkKind;
    use libertykit::rules::Color;
    assert!(
        kinds.contains(&MarkKind::Suicide(Color::White)),
        "{kinds:?}"
    );
    assert!(!kinds.contains(&MarkKind::Move(Color::White)), "{kinds:?}");
    // A1 is White's other removed stone.
    assert_eq!(
        kinds.iter().filter(|k| **k == MarkKind::Captured).count(),
        1,
        "{kinds:?}"
    );
}
