//! The diagram reader's tests: each form it reads, and each mistake at its character.

use super::*;
use crate::rules::Color;
use crate::rules::notation::{board_of, parse_position, point_list};

/// Where a kit sets its board's size, as the messages name it.
const BOARD: &str = "`[rules] board`";

fn size(n: u32) -> BoardSize {
    BoardSize::new(n).unwrap()
}

fn stones(text: &str, n: u32) -> String {
    let placed = parse_diagram(text, size(n), BOARD).unwrap();
    point_list(&board_of(size(n), &placed))
}

/// Each error as `message @ the text it points at`.
fn errors(text: &str, n: u32) -> Vec<(String, &str)> {
    parse_diagram(text, size(n), BOARD)
        .unwrap_err()
        .into_iter()
        .map(|e| (e.message, &text[e.span]))
        .collect()
}

#[test]
fn a_diagram_is_told_from_a_list_of_points() {
    assert!(looks_like_diagram(". . .\n. X .\n. . ."));
    assert!(looks_like_diagram("\n    A B\n  2 . X 2\n  1 O . 1\n"));
    assert!(looks_like_diagram("X O\nO X"));
    // One line is always a list, however it looks.
    assert!(!looks_like_diagram(". X . O ."));
    assert!(!looks_like_diagram("white C3; black B3 C2 D3"));
    assert!(!looks_like_diagram("black C9 D9\nC7 D7 E7;\nwhite E9 F9"));
    // A colour word makes it a list, even beside a line that looks like a row.
    assert!(!looks_like_diagram("black\nX . X"));
    // Lines of points without colour words are a (faulty) list, not a diagram.
    assert!(!looks_like_diagram("C3 D4\nE5"));
    assert!(!looks_like_diagram("B C3\nW D4"));
}

#[test]
fn reads_the_whole_board_in_every_dress() {
    let expected = "black B3 C2 D3; white C3";
    let plain = ". . . . .\n. . . . .\n. X O X .\n. . X . .\n. . . . .\n";
    assert_eq!(stones(plain, 5), expected);
    assert_eq!(stones(&plain.replace(' ', ""), 5), expected);
    assert_eq!(stones(&plain.replace('.', "+"), 5), expected);
    assert_eq!(
        stones(&plain.replace('X', "x").replace('O', "o"), 5),
        expected
    );
    let key = "    A B C D E\n  5 . . . . . 5\n  4 . . . . . 4\n  3 . X O X . 3\n  2 . . X . . 2\n  1 . . . . . 1\n    A B C D E\n";
    assert_eq!(stones(key, 5), expected);
    let framed = "  A B C D E\n +---------+\n5|. . . . .|\n4|. . . . .|\n3|. X O X .|\n2|. . X . .|\n1|. . . . .|\n +---------+\n";
    assert_eq!(stones(framed, 5), expected);
    let left_numbers_only = "5 . . . . .\n4 . . . . .\n3 . X O X .\n2 . . X . .\n1 . . . . .";
    assert_eq!(stones(left_numbers_only, 5), expected);
    let crlf = plain.replace('\n', "\r\n");
    assert_eq!(stones(&crlf, 5), expected);
}

/// A 19x19 corner and a 9x9 side, read with their coordinates, name the points a list would.
#[test]
fn reads_part_of_a_board_by_its_coordinates() {
    let corner =
        "   N O P Q R S T\n19 . . . . . X . 19\n18 . . . . . . X 18\n17 . . . . . . . 17\n";
    assert_eq!(stones(corner, 19), "black S19 T18");
    let side = "  F G H J\n3 . . O X\n2 . X . .\n  F G H J";
    assert_eq!(stones(side, 9), "black G2 J3; white H3");
    let expected = parse_position("black G2 J3; white H3", size(9)).unwrap();
    let board = board_of(size(9), &parse_diagram(side, size(9), BOARD).unwrap());
    assert_eq!(board, board_of(size(9), &expected));
    // Letters alone suffice when every row is drawn, numbers alone when every column is.
    assert_eq!(stones("  B C\n. X\n. .\n. .", 3), "black C3");
    assert_eq!(stones("2 X . .\n1 . . O", 3), "black A2; white C1");
}

#[test]
fn each_stone_remembers_its_character() {
    let text = "  A B\n2 . X\n1 O .";
    let placed = parse_diagram(text, size(2), BOARD).unwrap();
    let at: Vec<usize> = placed.iter().map(|p| p.span.start).collect();
    assert_eq!(at, [10, 14]);
    assert_eq!(&text[10..11], "X");
}

#[test]
fn rows_of_the_wrong_length_point_at_the_extra_or_last_point() {
    assert_eq!(
        errors(". . .\n. . . .\n. .\n", 3),
        [
            (
                "this row has 4 points, but the diagram's other rows have 3".into(),
                "."
            ),
            (
                "this row has 2 points, but the diagram's other rows have 3".into(),
                "."
            ),
        ]
    );
    let e = parse_diagram(". . .\n. . . .\n. .\n", size(3), BOARD).unwrap_err();
    assert_eq!(e[0].span, 12..13);
    assert_eq!(e[1].span, 16..17);
}

/// A move number pasted beside a row number is a point, not part of the row's number.
#[test]
fn a_row_number_is_one_run_of_digits() {
    let text = "  A B C\n3 . . 2 3\n2 . . . 2\n1 . . . 1";
    let e = parse_diagram(text, size(3), BOARD).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "`2` is not a point of a diagram");
    assert_eq!(e[0].span, 14..15);
    let text = "  A B C\n3 1 . . 3\n2 . . . 2\n1 . . . 1";
    let e = parse_diagram(text, size(3), BOARD).unwrap_err();
    assert_eq!(e[0].span, 10..11);
    assert_eq!(
        stones("  A B C\n3 . X . 3\n2 . . . 2\n1 . . . 1", 3),
        "black B3"
    );
}

#[test]
fn unknown_characters_are_each_reported_with_what_is_allowed() {
    let text = ". ● .\n. * .\n. . .";
    let e = parse_diagram(text, size(3), BOARD).unwrap_err();
    assert_eq!(e.len(), 2);
    assert_eq!(e[0].message, "`●` is not a point of a diagram");
    assert_eq!(e[0].span, 2..5);
    assert!(e[0].help.as_deref().unwrap().starts_with("write `X`"));
    assert_eq!(e[1].span, 10..11);
    assert!(e[1].help.as_deref().unwrap().contains("answer key's marks"));
}

/// A board pasted with the key's marks gets one problem per kind of mark, at its first use.
#[test]
fn each_unknown_character_is_reported_once_with_its_count() {
    let text = "b b X\nb X .\nX . w";
    let e = parse_diagram(text, size(3), BOARD).unwrap_err();
    let found: Vec<(&str, Range<usize>)> = e
        .iter()
        .map(|e| (e.message.as_str(), e.span.clone()))
        .collect();
    assert_eq!(
        found,
        [
            (
                "`b` is not a point of a diagram (here and 2 more times)",
                0..1
            ),
            ("`w` is not a point of a diagram", 16..17),
        ]
    );
}

#[test]
fn sizes_that_differ_from_the_board_name_both() {
    assert_eq!(
        errors(". . .\n. . .\n. . .\n. . .", 2),
        [(
            "the diagram is 4 rows of 3 points, larger than the 2x2 board of `[rules] board`"
                .into(),
            "."
        )]
    );
    let e = parse_diagram(". . .\n. . .\n. . .", size(5), BOARD).unwrap_err();
    assert_eq!(
        e[0].message,
        "the diagram is 3x3, but `[rules] board` makes the board 5x5"
    );
    assert_eq!(e[0].span, 0..1);
    let e = parse_diagram(". . .\n. . .", size(5), BOARD).unwrap_err();
    assert_eq!(
        e[0].message,
        "the diagram shows 2 rows of 3 points, part of the 5x5 board, without coordinates"
    );
}

#[test]
fn coordinates_that_disagree_with_the_rows_are_reported() {
    // Letters out of order, a row number skipped, and one off the board.
    assert_eq!(
        errors("  A C\n2 . . 2\n1 . . 1", 3),
        [("column `C` is out of order".into(), "C")]
    );
    assert_eq!(
        errors("  H I\n2 . . 2\n1 . . 1", 9),
        [("column `I`: Go notation skips `I`".into(), "I")]
    );
    assert_eq!(
        errors("  A B\n3 . . 3\n1 . . 1", 3),
        [("row `1` follows row `3`".into(), "1")]
    );
    assert_eq!(
        errors("  A B\n4 . . 4\n3 . . 3", 3),
        [("row `4` is off the 3x3 board".into(), "4")]
    );
    assert_eq!(
        errors("  A B\n2 . . 1\n1 . . 1", 3),
        [(
            "this row is numbered `2` at the left but `1` at the right".into(),
            "1"
        )]
    );
    assert_eq!(
        errors("  A B C\n2 . . 2\n1 . . 1", 3),
        [(
            "the column letters name 3 columns, but the rows have 2 points".into(),
            "C"
        )]
    );
    assert_eq!(
        errors("  A B\n2 . . 2\n. .\n  B C", 3),
        [
            (
                "this row has no row number, but other rows have".into(),
                "."
            ),
            (
                "the column letters below start at `B`, those above at `A`".into(),
                "B"
            ),
        ]
    );
}

#[test]
fn part_of_the_board_needs_its_coordinates() {
    assert_eq!(
        errors("  A B\n. .\n. .", 3),
        [(
            "the diagram shows 2 of the 3x3 board's 3 rows, without row numbers".into(),
            "."
        )]
    );
    assert_eq!(
        errors("3 . .\n2 . .\n1 . .", 3),
        [(
            "the rows show 2 of the 3x3 board's 3 columns, without column letters".into(),
            "."
        )]
    );
}

#[test]
fn no_input_panics() {
    for text in [
        "\n\n",
        "A B\nC D",
        "1\n2",
        "|\n|",
        "99999999999999999999 . . 0\n. .",
        "0 . .\n. . 0",
        "-\n+",
        "  A B\n  A B",
        "  T\n19 .\n",
        "\r\n. .\r\n. .\r",
    ] {
        for n in [2, 5, 19] {
            let _ = parse_diagram(text, size(n), BOARD);
        }
    }
}

/// A huge pasted value costs time in proportion to its length, and says each thing once.
#[test]
fn a_huge_value_is_refused_quickly() {
    let text = "? . X b\n".repeat(50_000);
    let started = std::time::Instant::now();
    let errors = parse_diagram(&text, size(19), BOARD).unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "`?` is not a point of a diagram (here and 49999 more times)",
            "`b` is not a point of a diagram (here and 49999 more times)",
            "the diagram is 50000 rows of 4 points, larger than the 19x19 board of `[rules] board`",
        ]
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Any board, drawn as the key draws it or as the bare grid, reads back as itself.
    #[test]
    fn every_drawn_board_reads_back(n in 2u32..=19, cells in proptest::collection::vec(0u8..3, 361)) {
        let size = size(n);
        let mut board = crate::rules::Board::new(size);
        for p in size.all_points() {
            let i = usize::from(p.col) * 19 + usize::from(p.row);
            match cells[i] {
                1 => board.place_unchecked(p, Color::Black),
                2 => board.place_unchecked(p, Color::White),
                _ => {}
            }
        }
        for text in [crate::rules::diagram::render(&board, &[]), crate::rules::diagram::grid(&board)] {
            let placed = parse_diagram(&text, size, BOARD).unwrap();
            proptest::prop_assert_eq!(point_list(&board_of(size, &placed)), point_list(&board));
        }
    }

    /// Any text of diagram characters is read or refused, never a panic, and every error
    /// points inside the text at whole characters.
    #[test]
    fn any_text_is_read_or_refused(text in "[XxOo.+|\\-0-9A-Ja-c*? \n\r\t●]{0,80}", n in 2u32..=19) {
        if let Err(errors) = parse_diagram(&text, size(n), BOARD) {
            for e in errors {
                proptest::prop_assert!(text.get(e.span.clone()).is_some(), "{:?}", e);
            }
        }
    }
}
