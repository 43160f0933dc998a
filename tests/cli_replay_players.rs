//! `replay SHEET.csv`: the players' own record checked against the engine. The sheets in
//! tests/records/sheets are one hand-played 5x5 game under the seed kit's rules, with the
//! numbers derived by hand:
//!
//! ```text
//! 1 B5  0 3   (A5, B4, C5)
//! 2 C5  0 2   (C4, D5)
//! 3 D5  0 2   (D4, E5): White C5 is left with C4 only
//! 4 A1  0 2   (A2, B1)
//! 5 C4  1 4   captures C5; C4 then has B4, C3, C5, D4
//! 6 pass
//! 7 C3  0 6   the chain C3 C4: B3, B4, C2, C5, D3, D4
//! tally: Black 1, White 0
//! ```

mod common;

use common::run;
use serde_json::Value;

const KIT: &str = "examples/liberty-chain-capture.toml";

fn sheet(name: &str) -> String {
    format!("tests/records/sheets/{name}.csv")
}

fn replay(name: &str, extra: &[&str]) -> (i32, String, String) {
    let path = sheet(name);
    let mut args = vec!["replay", path.as_str(), "--kit", KIT];
    args.extend_from_slice(extra);
    run(&args)
}

#[test]
fn a_correct_record_agrees_with_the_engine() {
    let (code, out, err) = replay("good", &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("7 moves on the 5x5 board"), "{out}");
    assert!(
        out.contains("Every point, capture count and liberty count written agrees"),
        "{out}"
    );
    // The same game with the board given instead of the kit: the default rules agree too.
    let (code, out, _) = run(&["replay", &sheet("good"), "--board", "5"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_wrong_capture_count_is_named_with_the_boards_before_and_after() {
    let (code, out, _) = replay("wrong-captures-5", &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("move 5: you wrote 0 captures; Black C4 captures C5 (1 stone)"),
        "{out}"
    );
    let before = out.find("Before move 5:").expect("the board before");
    let after = out.find("After move 5:").expect("the board after");
    assert!(before < after);
    // White C5 stands before the move and is gone after it.
    assert!(out[before..after].contains("5 . X O X . 5"), "{out}");
    assert!(out[after..].contains("5 . X . X . 5"), "{out}");
}

#[test]
fn wrong_liberties_name_the_groups_liberties() {
    let (code, out, _) = replay("wrong-liberties-3", &[]);
    assert_eq!(code, 1);
    assert!(
        out.contains("move 3: you wrote 3 liberties; the group of Black D5 has 2: D4, E5"),
        "{out}"
    );
}

#[test]
fn an_illegal_point_is_a_mismatch_with_its_reason() {
    let (code, out, _) = replay("illegal-point", &[]);
    assert_eq!(code, 1);
    assert!(
        out.contains("move 8: White C5 is illegal: suicide"),
        "{out}"
    );
}

#[test]
fn a_french_header_semicolons_and_passe_read_as_the_english_sheet() {
    let (code, out, err) = replay("french-header", &[]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn json_gives_the_first_mismatch_and_every_one_after_it() {
    let (code, out, _) = replay("wrong-captures-5", &["--format", "json"]);
    assert_eq!(code, 1);
    let json: Value = serde_json::from_str(&out).unwrap();
    let first = &json["first_mismatch"];
    assert_eq!(first["move"], 5);
    assert_eq!(first["column"], "captures");
    assert_eq!(first["written"], "0");
    assert_eq!(first["actual"], "1");
    assert_eq!(json["mismatches"].as_array().unwrap().len(), 1);
    let (code, out, _) = replay("good", &["--format", "json"]);
    assert_eq!(code, 0);
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["first_mismatch"], Value::Null);
    assert_eq!(json["moves"], 7);
}

#[test]
fn a_wrong_tally_and_several_mismatches_are_all_listed() {
    let dir = common::fresh_dir("players-sheet");
    let path = dir.join("two.csv");
    let good = std::fs::read_to_string(sheet("good")).unwrap();
    let text = good
        .replace("3,D5,0,2", "3,D5,0,3")
        .replace("Tally,,1,0", "Tally,,2,0");
    std::fs::write(&path, text).unwrap();
    let (code, out, _) = run(&[
        "replay",
        path.to_str().unwrap(),
        "--kit",
        KIT,
        "--format",
        "json",
    ]);
    assert_eq!(code, 1);
    let json: Value = serde_json::from_str(&out).unwrap();
    let all = json["mismatches"].as_array().unwrap();
    assert_eq!(all.len(), 2, "{out}");
    assert_eq!(all[0]["column"], "liberties");
    assert_eq!(all[1]["column"], "tally");
    assert_eq!(all[1]["move"], Value::Null);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_bad_cell_is_reported_at_its_line_and_column_and_the_board_must_be_known() {
    let dir = common::fresh_dir("players-sheet-bad");
    let path = dir.join("bad.csv");
    std::fs::write(
        &path,
        "Move,Point,Captures,Group liberties\n1,B5,0,3\n2,Z9,0,2\n3,D5,x,2\n",
    )
    .unwrap();
    let (code, _, err) = run(&["replay", path.to_str().unwrap(), "--kit", KIT]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad.csv:3:3"), "{err}");
    assert!(err.contains("bad.csv:4:6"), "{err}");
    assert!(
        err.contains("`x` is not a number of captured stones"),
        "{err}"
    );
    // Without a kit or a board size, the sheet cannot be replayed: a usage error.
    let (code, _, err) = run(&["replay", &sheet("good")]);
    assert_eq!(code, 2);
    assert!(err.contains("--kit KIT.toml"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `--pdf` prints the players' record back for the host to hand over: the player sheet's four
/// columns as the players wrote them, each wrong entry followed by the engine's (`0 → 1` at
/// move 5, the hand-derived capture of C5), and the boards before and after that move.
#[test]
fn the_checked_record_prints_with_the_mismatch_marked_and_its_boards() {
    if !common::tool_available("pdftotext") || !common::tool_available("qpdf") {
        return;
    }
    let dir = common::fresh_dir("players-sheet-pdf");
    let pdf = dir.join("checked.pdf");
    let (code, out, err) = replay("wrong-captures-5", &["--pdf", pdf.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("move 5: you wrote 0 captures"),
        "the report still prints"
    );
    common::assert_qpdf_clean(&std::fs::read(&pdf).unwrap(), "players-sheet-qpdf");
    let pages = common::pdf_pages_text(&pdf, true);
    assert_eq!(pages.len(), 1);
    let text = pages[0].split_whitespace().collect::<Vec<_>>().join(" ");
    for wanted in [
        "Players' record checked: wrong-captures-5.csv",
        "7 moves on the 5x5 board, Black first",
        "move 5: you wrote 0 captures; Black C4 captures C5 (1 stone)",
        "Mismatches: 1.",
        "Move Point Captures Group liberties",
        // pdftotext runs `4 W` and `0 → 1` together at this size.
        "4W A1 0 2",
        "5B C4 0→1 4",
        "6W pass",
        "Capture tally: Black 1, White 0",
        "Before move 5: Black C4",
        "After move 5",
    ] {
        assert!(text.contains(wanted), "{wanted}: {text}");
    }
    assert_eq!(
        text.matches('→').count(),
        2,
        "the cell and the note: {text}"
    );

    // A sheet that agrees prints clean: no arrow, no boards.
    let (code, _, err) = replay("good", &["--pdf", pdf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let text = common::pdf_pages_text(&pdf, false).concat();
    assert!(text.contains("agrees with the engine"), "{text}");
    assert!(!text.contains("The first mismatch"), "{text}");
    assert_eq!(text.matches('→').count(), 0, "{text}");

    // Wrong liberties at move 3 (3, where D5 has 2) and a wrong tally: both marked.
    let two = dir.join("two.csv");
    let good = std::fs::read_to_string(sheet("good")).unwrap();
    std::fs::write(
        &two,
        good.replace("3,D5,0,2", "3,D5,0,3")
            .replace("Tally,,1,0", "Tally,,2,0"),
    )
    .unwrap();
    let (code, _, err) = run(&[
        "replay",
        two.to_str().unwrap(),
        "--kit",
        KIT,
        "--pdf",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    let text = common::pdf_pages_text(&pdf, true).concat();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("3B D5 0 3→2"), "{text}");
    assert!(text.contains("Mismatches: 2."), "{text}");
    assert!(
        text.contains("tally: you wrote Black 2, White 0; the captures add up to Black 1, White 0"),
        "{text}"
    );
    assert!(text.contains("Before move 3: Black D5"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}
