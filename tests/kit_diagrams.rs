//! Positions drawn as diagrams: each mistake at its line and column (worked out by hand from
//! the kit's text), each TOML string form read as the same stones as its point-list twin in
//! `check`, `key` and `build`, and every board `key` prints for the shipped examples read back
//! as a position to the same board.

mod common;

use std::fs;
use std::ops::Range;
use std::path::{Path, PathBuf};

use common::run;
use serde_json::Value;
use toml::de::{DeTable, DeValue};

const BROKEN: &str = "tests/kits/broken/diagram-problems.toml";
const GOOD: &str = "tests/kits/good/diagram-positions.toml";
const CORNERS: &str = "tests/kits/good/diagram-corners-19.toml";

/// Every `(message, line:col)` of a failed check's stderr, in order.
fn problems(err: &str, path: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = err.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(message) = line.strip_prefix("error: ") else {
            continue;
        };
        let Some(place) = lines
            .get(i + 1)
            .and_then(|l| l.trim_start().strip_prefix(&format!("--> {path}:")))
        else {
            continue;
        };
        out.push((message.to_string(), place.to_string()));
    }
    out
}

#[test]
fn every_diagram_mistake_is_reported_at_its_character_in_one_run() {
    let (code, out, err) = run(&["check", BROKEN]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    // Lines and columns counted by hand in the kit: 1-based, a tab and an escape such as `\t`
    // counting as the characters written in the file.
    let expected = [
        ("`?` is not a point of a diagram", "12:5"),
        (
            "this row has 6 points, but the diagram's other rows have 5",
            "12:11",
        ),
        (
            "this row has 4 points, but the diagram's other rows have 5",
            "14:7",
        ),
        ("column `D` is out of order", "21:9"),
        ("row `3` follows row `5`", "23:3"),
        (
            "this row is numbered `3` at the left but `4` at the right",
            "23:15",
        ),
        (
            "the diagram is 3x3, but `[rules] board` makes the board 5x5",
            "30:13",
        ),
        (
            "the diagram is 6x6, larger than the 5x5 board of `[rules] board`",
            "35:11",
        ),
        (
            "the diagram shows 2 rows of 3 points, part of the 5x5 board, without coordinates",
            "46:1",
        ),
        // In a basic string with escapes: `\t` and `\n` are two characters each in the file.
        ("the white stone `B1` has no liberty", "52:69"),
        ("`*` is not a point of a diagram", "58:7"),
        ("column `F` is off the 5x5 board", "67:10"),
        ("row `7` is off the 5x5 board", "68:2"),
        ("column `F` is off the 5x5 board", "70:10"),
    ];
    let found = problems(&err, BROKEN);
    let found: Vec<(&str, &str)> = found
        .iter()
        .map(|(m, p)| (m.as_str(), p.as_str()))
        .collect();
    assert_eq!(found, expected, "{err}");
    assert!(
        err.ends_with("error: check failed with 14 problems\n"),
        "{err}"
    );
    // What would be right, beside what is wrong.
    for help in [
        "= help: write `X` for a black stone, `O` for a white one and `.` or `+` for an empty point",
        "= help: column letters go left to right, one per column: `C` comes after `B`",
        "= help: draw all 5 rows of 5 points, or change `[rules] board`; a diagram of part of the board needs its column letters and row numbers",
        "= help: the answer key's marks (`*`, `a`, `b`, `w`, `[ ]`, move numbers) are not part of a position",
        "= help: rows run 1 to 5, counted from the bottom",
        "= help: columns run A to E",
    ] {
        assert!(err.contains(help), "{help}\n{err}");
    }
    // The caret stands under the character itself, in the source line as written.
    assert!(
        err.contains("52 | position = \"\\t. . . . .\\n\\t. . . . .\\n\\t. . . . .\\n\\t. X . . .\\n\\tX O X . .\"\n   |                                                                     ^\n"),
        "{err}"
    );
}

/// The same kits saved with Windows line ends: the good one reads the same, and the broken one's
/// problems stand at the same lines and columns.
#[test]
fn windows_line_ends_change_nothing() {
    let crlf = |path: &str| fs::read_to_string(path).unwrap().replace('\n', "\r\n");
    let good = kit_file("good-crlf", &crlf(GOOD));
    assert_eq!(key_json(&good), key_json(Path::new(GOOD)));
    let broken = kit_file("broken-crlf", &crlf(BROKEN));
    let (code, _, err) = run(&["check", broken.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    let (_, _, expected) = run(&["check", BROKEN]);
    assert_eq!(
        problems(&err, broken.to_str().unwrap()),
        problems(&expected, BROKEN)
    );
    assert_eq!(problems(&err, broken.to_str().unwrap()).len(), 14);
}

/// The byte range of each example's `position` value in `source`, in file order.
fn position_spans(source: &str) -> Vec<Range<usize>> {
    let root = DeTable::parse(source).unwrap().into_inner();
    let (_, examples) = root.iter().find(|(k, _)| k.get_ref() == "example").unwrap();
    let DeValue::Array(examples) = examples.get_ref() else {
        panic!("`example` is not an array of tables");
    };
    examples
        .iter()
        .map(|e| {
            let DeValue::Table(t) = e.get_ref() else {
                panic!("an example is not a table");
            };
            t.iter()
                .find(|(k, _)| k.get_ref() == "position")
                .unwrap()
                .1
                .span()
        })
        .collect()
}

/// The kit's `[rules] board`.
fn board_size(source: &str) -> usize {
    let root = DeTable::parse(source).unwrap().into_inner();
    let (_, rules) = root.iter().find(|(k, _)| k.get_ref() == "rules").unwrap();
    let DeValue::Table(rules) = rules.get_ref() else {
        panic!("`rules` is not a table");
    };
    let (_, board) = rules.iter().find(|(k, _)| k.get_ref() == "board").unwrap();
    let DeValue::Integer(n) = board.get_ref() else {
        panic!("`board` is not a number");
    };
    n.as_str().parse().unwrap()
}

/// `source` with each example's position replaced by the TOML value written in `values`.
fn with_positions(source: &str, values: &[String]) -> String {
    let spans = position_spans(source);
    assert_eq!(spans.len(), values.len());
    let mut out = source.to_string();
    for (span, value) in spans.iter().zip(values).rev() {
        out.replace_range(span.clone(), value);
    }
    out
}

/// Writes `text` as a kit file of its own under the test's temporary folder.
fn kit_file(name: &str, text: &str) -> PathBuf {
    let dir = common::temp_path("kit-diagrams");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.toml"));
    fs::write(&path, text).unwrap();
    path
}

fn key_json(path: &Path) -> Value {
    let (code, out, err) = run(&["key", path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(code, 0, "{}: {err}", path.display());
    let mut v: Value = serde_json::from_str(&out).unwrap();
    // The fingerprint is the kit file's own; everything else must match.
    v.as_object_mut().unwrap().remove("fingerprint");
    v
}

fn without_fingerprint(text: &str, path: &Path) -> String {
    let (code, out, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let fingerprint = out.trim_end().rsplit(' ').next().unwrap().to_string();
    text.replace(&fingerprint, "FINGERPRINT")
        .replace(path.to_str().unwrap(), "KIT")
}

/// Each string form of the good kit (`"""`, `'''`, a one-line string with `\n` escapes, a framed
/// part of the board) gives exactly what the same stones written as point lists give: the same
/// `check` line, the same text and JSON key, and the same pages.
#[test]
fn diagrams_in_every_string_form_mean_what_their_point_lists_mean() {
    let source = fs::read_to_string(GOOD).unwrap();
    // Worked out from the diagrams by hand; black first, as the pack shows a diagram's stones.
    let lists = [
        "black B3 C2 D3; white C3",
        "black B3 C2 D3; white C3 C4",
        "black A3 B2 C1; white A2 B1",
        "black B1 B2; white A1 A2",
        "black B2 D4; white C3",
    ];
    let twin = with_positions(
        &source,
        &lists.map(|l| format!("\"{l}\"")).map(String::from),
    );
    let drawn = kit_file("drawn", &source);
    let listed = kit_file("listed", &twin);
    assert_eq!(key_json(&drawn), key_json(&listed));

    let text = |path: &Path, args: &[&str]| {
        let mut full = vec![args[0], path.to_str().unwrap()];
        full.extend(&args[1..]);
        let (code, out, err) = run(&full);
        assert_eq!(code, 0, "{err}");
        without_fingerprint(&out, path)
    };
    assert_eq!(text(&drawn, &["check"]), text(&listed, &["check"]));
    let key = text(&drawn, &["key"]);
    assert_eq!(key, text(&listed, &["key"]));
    // The printed position is the list of points, never the diagram's lines run together.
    for list in lists {
        assert!(key.contains(&format!("\n{list}\n")), "{list}\n{key}");
    }

    if !common::tool_available("pdftotext") {
        return;
    }
    let pages = |path: &Path, name: &str| -> Vec<String> {
        let out = common::temp_path("kit-diagrams").join(name);
        common::build_pack(path, &out, "pdf");
        ["player-sheet.pdf", "host-key.pdf"]
            .iter()
            .map(|file| {
                let pdf = fs::read(out.join(file)).unwrap();
                without_fingerprint(&common::pdf_text(&pdf, name), path)
            })
            .collect()
    };
    let drawn_pages = pages(&drawn, "drawn-pack");
    assert_eq!(drawn_pages, pages(&listed, "listed-pack"));
    assert!(
        drawn_pages[0].contains("black B3 C2 D3; white C3 C4"),
        "{}",
        drawn_pages[0]
    );
}

/// The 19x19 corners and side, read from their coordinates, hold the stones worked out by hand.
#[test]
fn parts_of_a_big_board_are_placed_by_their_coordinates() {
    let v = key_json(Path::new(CORNERS));
    let positions: Vec<String> = v["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["position"].to_string())
        .collect();
    assert_eq!(
        positions,
        [
            r#"{"black":["B17","B18","C19"],"white":["A18","B19"]}"#,
            r#"{"black":["S2","S3","T1"],"white":["T2","T3"]}"#,
            r#"{"black":["H9","J10","K9"],"white":["J9"]}"#,
        ]
    );
    // And a 9x9 side, letters above only, numbers at the left only.
    let kit = "[kit]\ntitle = \"Side\"\n\n[rules]\nboard = 9\n\n[[example]]\nposition = \"\"\"\n  D E F\n3 . X .\n2 X O X\n1 . . .\n\"\"\"\nto_play = \"black\"\ntask = \"capture\"\nkey = \"E1\"\n";
    let v = key_json(&kit_file("side-9", kit));
    assert_eq!(
        v["examples"][0]["position"].to_string(),
        r#"{"black":["D2","E3","F2"],"white":["E2"]}"#
    );
}

/// A one-line value is always a list of points, however much it looks like a row.
#[test]
fn a_one_line_value_stays_a_list() {
    let kit = "[kit]\ntitle = \"One line\"\n\n[rules]\nboard = 3\n\n[[example]]\nposition = \"X O .\"\ntask = \"score\"\n";
    let path = kit_file("one-line", kit);
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: `X` has no colour\n"), "{err}");
}

/// The boards of one example's key text: the first (the position, with the answer's marks),
/// its lines from column letters to column letters.
fn first_board(block: &str) -> Vec<&str> {
    let is_letters = |l: &str| {
        l.starts_with("   ")
            && !l.trim().is_empty()
            && l.split_whitespace()
                .all(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase()))
    };
    let lines: Vec<&str> = block.lines().collect();
    let top = lines.iter().position(|l| is_letters(l)).unwrap();
    let bottom = top + 1 + lines[top + 1..].iter().position(|l| is_letters(l)).unwrap();
    lines[top..=bottom].to_vec()
}

/// A key's board as the position it shows: the marks that stand on empty points (`*`, `a`, `b`,
/// `w`, move numbers) become `.`, the illegal point's brackets go; `x` and `o`, stones the
/// answer removes, stay, as diagrams read them.
fn unmarked(board: &[&str]) -> Vec<String> {
    let last = board.len() - 1;
    board
        .iter()
        .enumerate()
        .map(|(i, line)| {
            if i == 0 || i == last {
                return line.to_string();
            }
            let spaced = line.replace(['[', ']'], " ");
            let words: Vec<&str> = spaced.split_whitespace().collect();
            let (number, cells) = (words[0], &words[1..words.len() - 1]);
            let cells: Vec<&str> = cells
                .iter()
                .map(|c| match *c {
                    "X" | "O" | "x" | "o" => c,
                    // A reading problem's chain, marked: its stones stand.
                    "@" => "X",
                    "#" => "O",
                    _ => ".",
                })
                .collect();
            format!("{number:>3} {} {number}", cells.join(" "))
        })
        .collect()
}

/// The bare grid of a whole-board drawing: no letters, no numbers.
fn bare(board: &[String]) -> Vec<String> {
    board[1..board.len() - 1]
        .iter()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words[1..words.len() - 1].join(" ")
        })
        .collect()
}

/// Every board `key` prints for the shipped examples (and the kits above), pasted back as the
/// example's position, gives the same key: with the coordinates as printed (a view's part of a
/// 19x19 board too) and, for a whole board, as the bare grid.
#[test]
fn every_board_the_key_prints_reads_back_as_the_same_position() {
    let mut kits: Vec<PathBuf> = fs::read_dir("examples")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    kits.sort();
    kits.push(PathBuf::from(GOOD));
    kits.push(PathBuf::from(CORNERS));
    let mut boards_read = 0;
    for kit in &kits {
        let source = fs::read_to_string(kit).unwrap();
        let (code, key, err) = run(&["key", kit.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        // Examples are separated by a blank line, after the heading and legend.
        let blocks: Vec<&str> = key.split("\n\n").skip(1).collect();
        let spans = position_spans(&source);
        assert_eq!(blocks.len(), spans.len(), "{}", kit.display());
        let drawn: Vec<Vec<String>> = blocks.iter().map(|b| unmarked(&first_board(b))).collect();
        let name = kit.file_stem().unwrap().to_str().unwrap();
        let original = key_json(kit);
        let as_printed: Vec<String> = drawn
            .iter()
            .map(|b| format!("'''\n{}\n'''", b.join("\n")))
            .collect();
        let pasted = kit_file(
            &format!("{name}-pasted"),
            &with_positions(&source, &as_printed),
        );
        assert_eq!(key_json(&pasted), original, "{}", kit.display());
        // Whole boards also read back without their coordinates: a drawing is of the whole
        // board when it has the board's count of rows and columns, from `A` and the top row.
        let size = board_size(&source);
        let whole = |b: &Vec<String>| {
            let letters: Vec<&str> = b[0].split_whitespace().collect();
            let top = b[1].split_whitespace().next().unwrap_or("");
            let rows = b.len() - 2;
            rows == size && letters[0] == "A" && letters.len() == rows && top == rows.to_string()
        };
        let grids: Vec<String> = drawn
            .iter()
            .zip(&as_printed)
            .map(|(b, printed)| {
                if whole(b) {
                    format!("\"\"\"\n{}\n\"\"\"", bare(b).join("\n"))
                } else {
                    printed.clone()
                }
            })
            .collect();
        let plain = kit_file(&format!("{name}-bare"), &with_positions(&source, &grids));
        assert_eq!(key_json(&plain), original, "{}", kit.display());
        boards_read += drawn.len();
    }
    // 37 examples in the shipped kits, 5 + 3 in this test's kits.
    assert_eq!(boards_read, 45);
}
