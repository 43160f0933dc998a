//! Owns the goscorer golden data: every board in tests/data/goscorer (goscorer's own expected
//! test output, copied unchanged) is counted by libertykit's territory counter, which must give
//! goscorer's maps point for point: territory, seki, false eyes, unscorable false eyes, dame
//! and eye values. Square boards are counted a second time through a `Board` and
//! `counted_points`, the way `score` counts. goscorer's final-score test is ported at the end.

use std::fs;
use std::path::{Path, PathBuf};

use libertykit::rules::score::territory::{PointScore, area_scoring, territory_scoring};
use libertykit::rules::score::{Grid, counted_points};
use libertykit::rules::{Board, BoardSize, Color, Point, Scoring};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/goscorer")
}

/// A goscorer board: rows of `.`, `x`, `o`, and `b` / `w` for a dead black / white stone.
fn parse_grid(rows: &[&str]) -> Grid {
    let width = rows[0].len();
    let mut grid = Grid::new(width, rows.len());
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), width, "ragged board row {row:?}");
        for (x, ch) in row.chars().enumerate() {
            let (stone, dead) = match ch {
                '.' => (None, false),
                'x' => (Some(Color::Black), false),
                'o' => (Some(Color::White), false),
                'b' => (Some(Color::Black), true),
                'w' => (Some(Color::White), true),
                _ => panic!("unexpected {ch:?} in a board"),
            };
            grid.set(x, y, stone, dead);
        }
    }
    grid
}

/// The sections of a snapshot file, by name, each a list of rows.
fn sections(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(name) = line.strip_suffix(':') {
            out.push((name.to_string(), Vec::new()));
        } else {
            out.last_mut()
                .expect("a section heading first")
                .1
                .push(line.to_string());
        }
    }
    out
}

/// One map drawn as goscorer's test.py draws it: `mark` gives a point's letter, or `None` to
/// show the board's own letter there.
fn draw(
    rows: &[&str],
    scores: &[PointScore],
    mark: impl Fn(&PointScore, char) -> Option<char>,
) -> Vec<String> {
    let width = rows[0].len();
    rows.iter()
        .enumerate()
        .map(|(y, row)| {
            row.chars()
                .enumerate()
                .map(|(x, c)| mark(&scores[y * width + x], c).unwrap_or(c))
                .collect()
        })
        .collect()
}

/// Every map of a snapshot, as libertykit computes it.
fn maps(rows: &[&str], scores: &[PointScore]) -> Vec<(&'static str, Vec<String>)> {
    let letter = |color: Option<Color>, black: char, white: char| match color {
        Some(Color::Black) => Some(black),
        Some(Color::White) => Some(white),
        None => None,
    };
    vec![
        (
            "TERRITORY",
            draw(rows, scores, |s, _| letter(s.territory, 'z', 'a')),
        ),
        (
            "SEKI",
            draw(rows, scores, |s, c| {
                let stone = c != '.';
                let seki = if stone {
                    letter(s.seki, 'x', 'o')
                } else {
                    letter(s.seki, 'z', 'a')
                };
                Some(seki.unwrap_or('.'))
            }),
        ),
        (
            "FALSE EYES",
            draw(rows, scores, |s, _| s.false_eye.then_some('F')),
        ),
        (
            "UNSCORABLE FALSE EYES",
            draw(rows, scores, |s, _| s.unscorable_false_eye.then_some('F')),
        ),
        ("DAME", draw(rows, scores, |s, _| s.dame.then_some('1'))),
        (
            "EYEVALUE",
            draw(rows, scores, |s, _| {
                char::from_digit(s.eye_value, 10).filter(|_| s.eye_value > 0)
            }),
        ),
    ]
}

/// The territory map of a square board counted through a `Board`, drawn like goscorer's.
fn territory_through_board(rows: &[&str]) -> Vec<String> {
    let n = rows.len();
    let size = BoardSize::new(n as u32).expect("a board size");
    let mut board = Board::new(size);
    let mut dead = Vec::new();
    let point = |x: usize, y: usize| Point::new(x as u8, (n - 1 - y) as u8);
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let color = match c {
                'x' | 'b' => Color::Black,
                'o' | 'w' => Color::White,
                _ => continue,
            };
            board.place_unchecked(point(x, y), color);
            if c == 'b' || c == 'w' {
                dead.push(point(x, y));
            }
        }
    }
    let counted = counted_points(&board, &dead, Scoring::Territory);
    rows.iter()
        .enumerate()
        .map(|(y, row)| {
            row.chars()
                .enumerate()
                .map(|(x, c)| {
                    let p = point(x, y);
                    if counted[0].contains(&p) {
                        'z'
                    } else if counted[1].contains(&p) {
                        'a'
                    } else {
                        c
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn every_goscorer_board_counts_as_goscorer_counts_it() {
    let mut files: Vec<PathBuf> = fs::read_dir(data_dir())
        .expect("tests/data/goscorer")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("test_"))
        })
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut squares = 0;
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(path).expect("a snapshot");
        let expected = sections(&text);
        let rows: Vec<&str> = expected[0].1.iter().map(String::as_str).collect();
        assert_eq!(expected[0].0, "BOARD", "{name}");
        let scores = territory_scoring(&parse_grid(&rows));
        for (section, got) in maps(&rows, &scores) {
            let want = &expected
                .iter()
                .find(|(s, _)| s == section)
                .expect(section)
                .1;
            if &got != want {
                failures.push(format!(
                    "{name} {section}:\nwant\n{}\ngot\n{}",
                    want.join("\n"),
                    got.join("\n")
                ));
            }
        }
        if rows.len() == rows[0].len() && (2..=25).contains(&rows.len()) {
            squares += 1;
            let want = &expected.iter().find(|(s, _)| s == "TERRITORY").unwrap().1;
            let got = territory_through_board(&rows);
            if &got != want {
                failures.push(format!(
                    "{name} through a Board:\nwant\n{}\ngot\n{}",
                    want.join("\n"),
                    got.join("\n")
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // The data are goscorer's 91 snapshot tests, 6 of them square.
    assert_eq!((files.len(), squares), (91, 6));
}

/// goscorer's `final_territory_score` and `final_area_score` totals for a board, dead stones
/// counted as the other colour's points, with no captures and no komi.
fn totals(rows: &[&str]) -> ([usize; 2], [usize; 2]) {
    let grid = parse_grid(rows);
    let mut territory = [0, 0];
    for s in territory_scoring(&grid) {
        if let Some(c) = s.territory {
            territory[c.index()] += 1;
        }
    }
    for ch in rows.concat().chars() {
        match ch {
            'b' => territory[1] += 1,
            'w' => territory[0] += 1,
            _ => {}
        }
    }
    let mut area = [0, 0];
    for c in area_scoring(&grid).into_iter().flatten() {
        area[c.index()] += 1;
    }
    (territory, area)
}

/// goscorer's test_final_scoring, the asserts made without `score_false_eyes` (libertykit never
/// counts false eyes) and with komi and captures taken off again (they are only added).
#[test]
fn goscorer_final_scores() {
    let board = [
        ".xo.oxxo.",
        "x.o.oxo.o",
        "ooooxxo..",
        "xxxxxxooo",
        "....x.x.o",
    ];
    assert_eq!(totals(&board), ([4, 4], [21, 22]));
    let board = [
        ".xo.oxxo.",
        "x.o.oxo.o",
        "ooooxxob.",
        "xxxxxxooo",
        "w..wx.x.o",
    ];
    assert_eq!(totals(&board), ([6, 5], [21, 22]));
    let board = [
        ".xo.oxxo.",
        "x.o.oxo.o",
        "ooooxxo..",
        "xxxxxxo.w",
        "....x.o..",
    ];
    assert_eq!(totals(&board), ([5, 8], [19, 24]));
}
