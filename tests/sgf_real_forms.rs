//! Owns the forms real SGF writers use that FF[4] frowns on or leaves open (issue 21): each
//! file in tests/records/real-forms/ was written here in the form a real program writes (a
//! collection's repeated `AW`, Fox's setup node after the root, `HA` without stones, the AGA's
//! third pass, Japanese rules' long cycle, FF[3]'s root without `;` and `tt`/`zz` passes, `AE`
//! with `AW` on one point, an empty `VW[]`). Each is read, says in a note what was assumed, and,
//! where GNU Go reads it, ends on GNU Go's final position (tests/data/gnugo_real_forms.txt, from
//! scripts/gnugo_real_forms.py). Scores are worked out by hand in each test's comment.

mod common;

use serde_json::{Value, json};

/// Replays `tests/records/real-forms/{file}` as JSON: the exit code and the object.
fn replay(file: &str) -> (i32, Value) {
    let path = format!("tests/records/real-forms/{file}");
    let (code, out, err) = common::run(&["replay", &path, "--format", "json"]);
    let value = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("{file}: not one JSON object ({e}):\n{out}\n{err}"));
    (code, value)
}

/// The notes the replay printed, each as one string.
fn notes(got: &Value) -> Vec<String> {
    got["notes"]
        .as_array()
        .map(|notes| {
            notes
                .iter()
                .map(|n| n.as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn has_note(got: &Value, file: &str, words: &str) {
    let notes = notes(got);
    assert!(
        notes.iter().any(|n| n.contains(words)),
        "{file}: no note with `{words}` in {notes:#?}"
    );
}

/// The stones of one colour in the JSON board, sorted as names.
fn stones(got: &Value, color: &str) -> Vec<String> {
    let mut names: Vec<String> = got["board"][color]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Every record GNU Go reads ends, replayed by libertykit, on GNU Go's board and captures.
#[test]
fn every_record_gnu_go_reads_ends_on_its_position() {
    let data = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/gnugo_real_forms.txt"
    ))
    .expect("the GNU Go data");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [file, black, white, by_black, by_white] = fields[..] else {
            panic!("a malformed data line: {line}");
        };
        let (code, got) = replay(file);
        assert_eq!(code, 0, "{file}: {got}");
        let mut gnugo_black: Vec<&str> = black.split_whitespace().collect();
        let mut gnugo_white: Vec<&str> = white.split_whitespace().collect();
        gnugo_black.sort();
        gnugo_white.sort();
        assert_eq!(stones(&got, "black"), gnugo_black, "{file}: black stones");
        assert_eq!(stones(&got, "white"), gnugo_white, "{file}: white stones");
        assert_eq!(
            got["captures"],
            json!({"black": by_black.parse::<u32>().unwrap(), "white": by_white.parse::<u32>().unwrap()}),
            "{file}: captures"
        );
        checked += 1;
    }
    assert!(
        checked >= 6,
        "only {checked} records checked against GNU Go"
    );
}

/// `AB`, `AW` given several times in one node are one list each; the second `AP` is left out.
#[test]
fn repeated_lists_are_merged_with_a_note() {
    let (code, got) = replay("repeated-lists.sgf");
    assert_eq!(code, 0);
    assert_eq!(stones(&got, "white"), ["C6"]);
    has_note(
        &got,
        "repeated-lists.sgf",
        "2:19: `AW` is given more than once in one node; its values are read as one list",
    );
    has_note(
        &got,
        "repeated-lists.sgf",
        "the first, `AP[GNU Go:3.8]`, is read and `AP[foxwq]` is left out",
    );
}

/// Fox's handicap stones in the node after the root, and an editor's setup between moves
/// (E5 from black to white, A9 black), applied where they stand.
#[test]
fn setup_after_the_root_is_applied_where_it_stands() {
    let (code, got) = replay("late-setup.sgf");
    assert_eq!(code, 0, "{got}");
    assert_eq!(stones(&got, "black"), ["A8", "A9", "G7"]);
    assert_eq!(stones(&got, "white"), ["B3", "C2", "C4", "D3", "E5"]);
    // White's C2 (move 7) took the handicap stone on C3.
    assert_eq!(got["captures"], json!({"black": 0, "white": 1}));
    has_note(
        &got,
        "late-setup.sgf",
        "after move 7, setup: black A9; white E5",
    );
    has_note(
        &got,
        "late-setup.sgf",
        "`ee` (E5) is both cleared (`AE`) and set up as white in one node",
    );
}

/// `HA[2]` with no stones and White's move first: C3 and G7, as GNU Go 3.8 places them when
/// White moves first on an empty board, so White's C2 captures.
#[test]
fn handicap_without_stones_sets_up_the_fixed_points() {
    let (code, got) = replay("handicap-without-stones.sgf");
    assert_eq!(code, 0);
    assert_eq!(got["captures"], json!({"black": 0, "white": 1}));
    assert_eq!(got["moves"][6]["captured"], json!(["C3"]));
    has_note(
        &got,
        "handicap-without-stones.sgf",
        "fixed handicap points C3 G7",
    );
}

/// After W and B pass the game is over; White's third pass (AGA) is accepted, not played.
/// Area: Black 5 stones + A1-A5 = 10; White 5 + E1-E5 = 10 + 0.5 komi: White by 0.5.
#[test]
fn a_third_pass_after_the_end_is_accepted() {
    let (code, got) = replay("third-pass.sgf");
    assert_eq!(code, 0, "{got}");
    assert_eq!(got["moves"][2]["legal"], json!(true));
    assert_eq!(got["moves"][2]["after_end"], json!(true));
    assert_eq!(got["end"], json!("passes"));
    assert_eq!(
        got["result"],
        json!({"scoring": "area", "black": 10, "white": 10.5, "winner": "white"})
    );
}

/// Japanese rules have no superko: White's B1 retake (positional superko would refuse it) is
/// legal, and the cycle is named.
#[test]
fn japanese_rules_allow_a_long_cycle_and_say_so() {
    let (code, got) = replay("japanese-cycle.sgf");
    assert_eq!(code, 0);
    assert_eq!(got["rules"]["ko"], json!("simple"));
    assert_eq!(got["moves"][2]["legal"], json!(true));
    assert_eq!(got["moves"][2]["repeats"], json!(0));
    let (_, text, _) = common::run(&["replay", "tests/records/real-forms/japanese-cycle.sgf"]);
    assert!(
        text.contains("Move 3 recreates the starting position: a long cycle")
            && text.contains("the game would be void"),
        "{text}"
    );
}

/// AGA, 3 handicap stones, area: White gets 2 points (one per stone after the first).
/// Black 8 stones + A4 A2 = 10; White 8 + E4 E2 = 10 + 0.5 komi + 2 = 12.5.
#[test]
fn aga_handicap_gives_white_a_point_per_stone_after_the_first() {
    let (code, got) = replay("aga-handicap.sgf");
    assert_eq!(code, 0);
    assert_eq!(
        got["result"],
        json!({"scoring": "area", "black": 10, "white": 12.5, "winner": "white"})
    );
    has_note(&got, "aga-handicap.sgf", "2 added to komi, 2.5 in all");
}

/// No `RU`, `KM[7.5]` and `RE[W+7.5]`: counted by area with komi 7.5 (10 to 17.5), and the
/// record's result agrees.
#[test]
fn komi_without_a_ruleset_is_a_counted_game() {
    let (code, got) = replay("counted-without-ru.sgf");
    assert_eq!(code, 0);
    assert_eq!(
        got["result"],
        json!({"scoring": "area", "black": 10, "white": 17.5, "winner": "white"})
    );
    assert_eq!(got["recorded_result"]["agrees"], json!(true), "{got}");
    has_note(
        &got,
        "counted-without-ru.sgf",
        "`KM[7.5]` says the game was counted",
    );
}

/// FF[3]: the root without `;`, passes written `tt` and `zz`.
#[test]
fn ff3_forms_are_read_with_notes() {
    let (code, got) = replay("ff3-old-forms.sgf");
    assert_eq!(code, 0);
    let passes: Vec<&Value> = got["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["point"] == "pass")
        .collect();
    assert_eq!(passes.len(), 3);
    assert_eq!(got["end"], json!("passes"));
    has_note(
        &got,
        "ff3-old-forms.sgf",
        "1:2: a game tree starts with a property and no `;`",
    );
    has_note(
        &got,
        "ff3-old-forms.sgf",
        "read as a pass, as FF[3] files wrote passes (2 times)",
    );
    has_note(&got, "ff3-old-forms.sgf", "`B[zz]` is off the board");
}

/// An empty `VW[]` shows the whole board: import reads it, with a note, and the kit checks.
#[test]
fn an_empty_view_is_the_whole_board() {
    let dir = std::env::temp_dir().join(format!("libertykit-vw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kit = dir.join("kit.toml");
    let kit = kit.to_str().unwrap();
    let (code, _, err) = common::run(&[
        "import",
        "tests/records/real-forms/view-whole-board.sgf",
        "--out",
        kit,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("`VW[]` is empty: the whole board is shown"),
        "{err}"
    );
    let (code, _, err) = common::run(&["check", kit]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record that names no ruleset keeps the basic ko rule its game kept (GNU Go's default):
/// "send two, return one" is legal and named as a long cycle, not refused as superko.
#[test]
fn a_record_without_a_ruleset_is_ruled_by_the_basic_ko_rule() {
    let (code, out, _) = common::run(&["replay", "tests/records/send-two-return-one.sgf"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Rules: simple repetition rule"), "{out}");
    assert!(
        out.contains("Move 3 recreates the starting position"),
        "{out}"
    );
}

/// Replays `tests/sgf/real-files/{file}` (issue 42's real forms) as JSON.
fn replay_real_file(file: &str) -> (i32, Value) {
    let path = format!("tests/sgf/real-files/{file}");
    let (code, out, err) = common::run(&["replay", &path, "--format", "json"]);
    let value = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("{file}: not one JSON object ({e}):\n{out}\n{err}"));
    (code, value)
}

/// Fox records that lost their first `(` (the file starts `;GM[1]…`, or with the root's
/// properties, and ends with the `)` that closes the game) are one game, read with one note,
/// never refused or counted as two games.
#[test]
fn a_record_that_lost_its_opening_parenthesis_is_one_game() {
    for (file, moves) in [("fox-no-open.sgf", 4), ("fox-root-first.sgf", 5)] {
        let (code, got) = replay_real_file(file);
        assert_eq!(code, 0, "{file}: {got}");
        assert_eq!(got["moves"].as_array().map(Vec::len), Some(moves), "{file}");
        let black = stones(&got, "black");
        assert!(
            black.contains(&"Q16".to_string()) && black.contains(&"Q4".to_string()),
            "{file}: {black:?}"
        );
        let said: Vec<String> = notes(&got)
            .into_iter()
            .filter(|n| n.contains("no `(`"))
            .collect();
        assert_eq!(
            said,
            [
                "1:1: the file starts with a node and no `(` but ends with the `)` that closes it: read as one game whose opening `(` was lost"
            ],
            "{file}"
        );
    }
}

/// `HA` is what the handicap was; the stones are the file's `AB`. With no stone set up and no
/// White move first (no move at all, or Black's), sgfmill and GNU Go 3.8 show an empty board,
/// and so does the replay, with a note: no four stones from nowhere.
#[test]
fn a_handicap_with_no_stones_and_no_white_move_first_sets_up_nothing() {
    let (code, got) = replay_real_file("handicap-only-said.sgf");
    assert_eq!(code, 0, "{got}");
    assert!(stones(&got, "black").is_empty(), "{got}");
    has_note(
        &got,
        "handicap-only-said.sgf",
        "`HA[4]` sets up no stones and no White move comes first",
    );
    let (code, got) = replay_real_file("handicap-black-first.sgf");
    assert_eq!(code, 0, "{got}");
    assert_eq!(stones(&got, "black"), ["E5", "G3"]);
    assert_eq!(stones(&got, "white"), ["C7"]);
}
