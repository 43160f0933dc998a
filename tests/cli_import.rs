//! `libertykit import`: hand-written SGF collections under tests/sgf/ become kits whose
//! positions and tasks are derived by hand here, every kit written passes `check`, and a file
//! that cannot become a kit is refused at its line and column with exit 1.

mod common;

use std::path::PathBuf;

use common::{run, temp_path};

/// Imports `sgf` into a kit file, checks it with `libertykit check`, and returns its text.
fn import_and_check(sgf: &str, name: &str) -> String {
    let out: PathBuf = temp_path(name).with_extension("toml");
    let out_text = out.to_str().unwrap();
    let (code, stdout, stderr) = run(&["import", sgf, "--out", out_text]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.trim(), out_text);
    let kit = std::fs::read_to_string(&out).unwrap();
    let (code, stdout, stderr) = run(&["check", out_text]);
    assert_eq!(
        code, 0,
        "{sgf}: the imported kit fails check:\n{stderr}\n{kit}"
    );
    assert!(stdout.starts_with("ok "), "{stdout}");
    let _ = std::fs::remove_file(out);
    kit
}

/// The examples of a kit's text, each from its `[[example]]` line on.
fn examples(kit: &str) -> Vec<&str> {
    kit.split("\n[[example]]\n")
        .skip(1)
        .map(str::trim)
        .collect()
}

#[test]
fn a_collection_becomes_one_example_per_game() {
    let kit = import_and_check("tests/sgf/collection.sgf", "collection");
    assert!(kit.contains("title = \"collection\""), "{kit}");
    assert!(kit.contains("[rules]\nboard = 5\n"), "{kit}");
    assert!(kit.contains("filled in for the author to review"), "{kit}");
    let examples = examples(&kit);
    assert_eq!(examples.len(), 4, "{kit}");
    // Game 1: GN wins over N; AB ab ad = A4 A2, AW ac = A3, AW dd = D2 removed again by the
    // second node's AE, AB ee = E1; PL[B]; the escaped `]` of C read as a `]`. White A3 has
    // one liberty, B3, so Black to play has a capture there.
    assert_eq!(
        examples[0],
        r#"title = "Edge capture"
position = "black A2 A4 E1; white A3"
to_play = "black"
task = "capture"
prompt = "White ] is in atari: capture it"
key = ["B3"]"#
    );
    // Game 2: N as the title (no GN); moves db ec aa dd = D4 E3 A5 D2 with a pass, the
    // variation B ae left out; D2 takes D3, whose other neighbours C3, D4, E3 are black.
    assert_eq!(
        examples[1],
        r#"title = "Play it out"
position = "black C3; white D3"
task = "sequence"
moves = ["black D4", "white pass", "black E3", "white A5", "black D2"]
key = ["D3"]"#
    );
    // Game 3: Black to play cannot take white A2 (two liberties), but black A1 has only B1.
    assert_eq!(
        examples[2],
        r#"title = "Own stone in atari"
position = "black A1; white A2"
to_play = "black"
task = "liberties"
group = "A1"
key = ["B1"]"#
    );
    // Game 4: no capture and no atari: the chain with the fewest liberties, white A5 (two),
    // with a comment saying why; to_play defaults to black.
    assert_eq!(
        examples[3],
        r#"# Black cannot capture and no chain is in atari: this asks for the liberties of the chain with the fewest
position = "black C3; white A5"
to_play = "black"
task = "liberties"
group = "A5"
key = ["A4", "B5"]"#
    );
}

#[test]
fn without_out_the_kit_goes_to_standard_output() {
    let (code, stdout, stderr) = run(&["import", "tests/sgf/collection.sgf"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("[[example]]\ntitle = \"Edge capture\""),
        "{stdout}"
    );
    assert!(stderr.is_empty(), "{stderr}");
}

/// The replay's SGF records import too and pass check, except the one built to break
/// positional superko (a kit's default rule), which is refused at the move.
#[test]
fn the_replay_records_import_and_pass_check() {
    for record in ["seed-002-area", "variations-comments"] {
        let kit = import_and_check(&format!("tests/records/{record}.sgf"), record);
        assert!(kit.contains("task = \"sequence\""), "{record}: {kit}");
    }
    let (code, _, stderr) = run(&["import", "tests/records/send-two-return-one.sgf"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.starts_with("error: game 1, move 3: white B1 is illegal (superko)")
            && stderr.contains("--> tests/records/send-two-return-one.sgf:7:14"),
        "{stderr}"
    );
}

/// (file, message, line:col) of every SGF that is refused.
const REFUSED: [(&str, &str, &str); 3] = [
    (
        "no-liberty",
        "error: the white stone `A5` has no liberty",
        "tests/sgf/no-liberty.sgf:2:14",
    ),
    (
        "illegal-move",
        "error: game 1, move 3: white C3 is illegal (occupied)",
        "tests/sgf/illegal-move.sgf:3:2",
    ),
    (
        "malformed",
        "error: this value is never closed",
        "tests/sgf/malformed.sgf:2:9",
    ),
];

#[test]
fn what_cannot_be_a_kit_is_refused_at_its_place_and_nothing_is_written() {
    for (file, message, place) in REFUSED {
        let out = temp_path(file).with_extension("toml");
        let sgf = format!("tests/sgf/{file}.sgf");
        let (code, stdout, stderr) = run(&["import", &sgf, "--out", out.to_str().unwrap()]);
        assert_eq!(code, 1, "{file}: {stderr}");
        assert!(stdout.is_empty(), "{file}: {stdout}");
        assert!(stderr.starts_with(message), "{file}: {stderr}");
        assert!(
            stderr.contains(&format!("--> {place}\n")),
            "{file}: {stderr}"
        );
        assert!(!out.exists(), "{file}: a kit was written");
    }
}

#[test]
fn a_missing_file_is_an_io_error() {
    let (code, _, stderr) = run(&["import", "tests/sgf/no-such-file.sgf"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("cannot read `tests/sgf/no-such-file.sgf`"),
        "{stderr}"
    );
}

/// Imports the SGF `text` (written to a temporary file) to standard output.
fn import_text(text: &str, name: &str) -> (i32, String, String) {
    let path = temp_path(name).with_extension("sgf");
    std::fs::write(&path, text).unwrap();
    let result = run(&["import", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(path);
    result
}

#[test]
fn an_empty_board_asks_for_a_capture_there_is_none_of_and_says_so() {
    let (code, kit, stderr) = import_text("(;GM[1]FF[4]SZ[3])", "empty-board");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        kit.ends_with(
            "[[example]]\n# the board is empty: this asks for a capture, and there is none (`key = []`)\n\
             position = \"\"\nto_play = \"black\"\ntask = \"capture\"\nkey = []\n"
        ),
        "{kit}"
    );
}

#[test]
fn a_bad_private_value_is_refused_at_its_place() {
    let text = "(;GM[1]FF[4]SZ[5]AB[cc]\nLK[task=capture][ko=sometimes])";
    let (code, _, stderr) = import_text(text, "bad-lk");
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.starts_with("error: `ko=sometimes` is not a repetition rule"),
        "{stderr}"
    );
    assert!(stderr.contains("bad-lk"), "{stderr}");
    assert!(stderr.contains(".sgf:2:18"), "{stderr}");
    let (code, _, stderr) = import_text("(;SZ[5]AB[cc]LK[task=guess])", "bad-task");
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.starts_with("error: `task=guess` is not a task"),
        "{stderr}"
    );
}

/// A problem in a corner or on a side of a large board is printed as that part of the board:
/// the stones and moves two points wider, out to an edge within reach (hand-derived), or the
/// file's own `VW`.
#[test]
fn problems_on_a_large_board_are_viewed_where_they_are() {
    let (code, kit, err) = run(&["import", "tests/sgf/corner-problems.sgf"]);
    assert_eq!(code, 0, "{err}");
    // Stones Q15..S17 (columns Q-S, rows 15-17): two wider is O13:U19, cut at the edge T19;
    // rows 15-17 reach within two of row 19, so up to 19.
    assert!(kit.contains("view = \"O13:T19\""), "{kit}");
    // Stones J4..N5 and the move K3: columns J-N, rows 3-5, two wider G1:P7 (row 1 is the edge).
    assert!(kit.contains("view = \"G1:P7\""), "{kit}");
    let (code, kit, err) = run(&["import", "tests/sgf/own-view.sgf"]);
    assert_eq!(code, 0, "{err}");
    // VW[aa:ff] on 13x13: columns A-F, rows 13 down to 8.
    assert!(kit.contains("view = \"A8:F13\""), "{kit}");
}

/// A plain SGF's `RU` sets the kit's rules as it sets `replay`'s: under NZ rules White A4 is a
/// suicide of A4 and A5 (their neighbours A3, B4, B5 are all black), played and taken by Black;
/// under Chinese rules the same move is refused at its place.
#[test]
fn a_plain_sgf_ruleset_sets_the_kit_rules() {
    let (code, kit, err) = run(&["import", "tests/sgf/nz-suicide.sgf"]);
    assert_eq!(code, 0, "{err}");
    for line in [
        "ko = \"positional\"",
        "scoring = \"area\"",
        "suicide = \"allowed\"",
        "komi = 0.5",
        "moves = [\"white A4\", \"black C3\"]",
    ] {
        assert!(kit.contains(line), "{line}: {kit}");
    }
    let path = common::temp_path("nz-import").with_extension("toml");
    std::fs::write(&path, &kit).unwrap();
    let (code, key, err) = run(&["key", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        key.contains(
            "1. White A4: suicide, removes its own A4, A5 (2 stones), taken by the opponent"
        ),
        "{key}"
    );
    assert!(key.contains("Capture tally: Black 2, White 0"), "{key}");
    let _ = std::fs::remove_file(path);

    let chinese = std::fs::read_to_string("tests/sgf/nz-suicide.sgf")
        .unwrap()
        .replace("RU[NZ]", "RU[Chinese]");
    let path = common::temp_path("chinese-import").with_extension("sgf");
    std::fs::write(&path, chinese).unwrap();
    let (code, _, err) = run(&["import", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("white A4 is illegal (suicide)") && err.contains(":2:2"),
        "{err}"
    );
    let _ = std::fs::remove_file(path);
}

/// `--games` (or `--pick`) takes some games of a collection, numbered from 1 in the file's
/// order; messages keep the file's numbers, and a number the file does not have, or one that
/// is not a number, is a usage error (exit 2) that writes nothing.
#[test]
fn games_takes_a_selection_of_the_collection() {
    let sgf = "tests/sgf/solutions/ambiguous.sgf";
    let (code, kit, stderr) = run(&["import", sgf, "--games", "2,4"]);
    assert_eq!(code, 0, "{stderr}");
    let titles: Vec<&str> = kit
        .lines()
        .filter(|l| l.starts_with("title = ") && !l.contains("ambiguous"))
        .collect();
    assert_eq!(titles, ["title = \"None correct\"", "title = \"Unmarked\""]);
    // Game 2 keeps its number in the note; game 1's note is not said.
    assert!(stderr.contains("note: game 2: no line"), "{stderr}");
    assert!(!stderr.contains("game 1"), "{stderr}");

    let (code, kit, stderr) = run(&["import", sgf, "--pick", "1-2"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(kit.matches("[[example]]").count(), 2, "{kit}");

    let (code, kit, stderr) = run(&["import", sgf, "--games", "3-9"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(kit.is_empty());
    assert!(
        stderr.contains("`--games` asks for game 9, but `ambiguous.sgf` holds 4 games"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["import", sgf, "--games", "0"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("numbered from 1"), "{stderr}");
}
