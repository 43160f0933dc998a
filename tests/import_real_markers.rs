//! `libertykit import` of the marker conventions real collections use (tests/sgf/real-markers/),
//! each reproduced by a small hand-written file:
//! - MultiGo names its lines (`N[正解]`, `N[失败1]`, `N[变化]`) and writes GB2312 with CRLF line
//!   breaks inside comments (Maeda's tsumego collection);
//! - Chinese comments put a short qualifier before the marker (`劫杀正解。`, "ko-kill: correct");
//! - goproblems.com and CGoban (`RIGHT`) and GoGameGuru (`Correct`, `Also correct.`) mark only
//!   the correct lines: every other first move is a wrong try.
//!
//! The expected kits are derived by hand below. The lines are the files' own: `solve` checks
//! that every move is legal, and the markers are what these tests read. Most files set up the
//! straight three on 9x9 (white A2 B2 C2 D2 D1, eye space A1 B1 C1, black around it): B1 kills
//! or, for White, lives; A1 and C1 fail.

mod common;

use common::{import_checked, run, temp_path};
use libertykit::record::solution::{Verdict, first_moves};
use libertykit::record::{read_collection, sgf_text};

/// Imports `tests/sgf/real-markers/{file}.sgf`, checks the kit it writes, and returns the kit's
/// examples and import's stderr.
fn import(file: &str) -> (Vec<toml::Table>, String) {
    let sgf = format!("tests/sgf/real-markers/{file}.sgf");
    let (kit, stderr) = import_checked(&sgf, &format!("real-markers-{file}"));
    let table: toml::Table = toml::from_str(&kit).unwrap();
    let examples = table["example"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_table().unwrap().clone())
        .collect();
    (examples, stderr)
}

/// A string field of an example.
fn field<'e>(example: &'e toml::Table, key: &str) -> Option<&'e str> {
    example.get(key).and_then(|v| v.as_str())
}

/// An example's `correct` or `wrong` lines (empty when it has none).
fn lines(example: &toml::Table, key: &str) -> Vec<String> {
    example.get(key).map_or_else(Vec::new, |v| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_string())
            .collect()
    })
}

/// The collection's lines, as its marks give them: the answer of a `solve` example, or the
/// claim a `kill` / `live` question's proof is held against (the life-and-death problems here
/// are proven since import finds their question), answered by `file`.
fn assert_solve(example: &toml::Table, file: &str, correct: &[&str], wrong: &[&str]) {
    let title = field(example, "title").unwrap_or("?");
    assert!(
        matches!(field(example, "task"), Some("solve" | "kill" | "live")),
        "{title}: {example:?}"
    );
    assert_eq!(lines(example, "correct"), correct, "{title}");
    assert_eq!(lines(example, "wrong"), wrong, "{title}");
    assert_eq!(
        field(example, "source"),
        Some(format!("{file}.sgf").as_str()),
        "{title}"
    );
}

/// MultiGo: `N[正解]` on B1's first move, `N[失败1]` on A1's, `N[失败2]` on White's reply in C1's
/// line (a name deeper in the line counts as a comment there does), `N[变化]` on a second line
/// through B1 and on F1's (a variation: no verdict, so F1 is left out, as the file marks wrong
/// lines itself). The leaf comments `白死。` / `白活。` ("White dies" / "lives") mark nothing.
#[test]
fn multigo_node_names_mark_the_lines() {
    let (examples, _) = import("multigo-names");
    assert_eq!(examples.len(), 1);
    let game = &examples[0];
    assert_eq!(field(game, "title"), Some("001"));
    assert_eq!(field(game, "to_play"), Some("black"));
    assert_solve(game, "multigo-names", &["B1 A1"], &["A1 B1", "C1 B1"]);
    // The setup comment's CRLF line breaks are line breaks, as sgfmill reads them: no carriage
    // return is left in the prompt.
    assert_eq!(field(game, "prompt"), Some("白棋眼形有缺陷\n\n难度：☆"));
}

/// The same file read as a tree: every first move's verdict, F1 (named `变化`) unmarked.
#[test]
fn multigo_names_give_each_first_move_its_verdict() {
    let bytes = std::fs::read("tests/sgf/real-markers/multigo-names.sgf").unwrap();
    let text = sgf_text(bytes).text;
    let games = read_collection(&text).unwrap().games;
    use Verdict::*;
    assert_eq!(
        verdicts(&games[0].solution),
        [
            ("B1".to_string(), Some(Correct)),
            ("A1".to_string(), Some(Wrong)),
            ("C1".to_string(), Some(Wrong)),
            ("F1".to_string(), None),
        ]
    );
}

/// The straight three of the other files, Black to kill, marked as Maeda's collection marks its
/// lines: the correct line ends `劫杀正解。` ("ko-kill: correct"), a marker after a two-character
/// qualifier; `这不是正解，白活。` ("this is not correct, White lives") is a negation and marks
/// nothing, so A1 is left out; `失败图的计算：白活。` ("the failure diagram's calculation") starts with
/// `失败`: wrong. (Hand-written: the position and the words are not the collection's.)
#[test]
fn a_chinese_marker_after_a_short_qualifier_marks_the_line() {
    let (examples, _) = import("chinese-comments");
    assert_eq!(examples.len(), 1);
    assert_solve(&examples[0], "chinese-comments", &["B1 A1 C1"], &["C1 B1"]);
    assert_eq!(field(&examples[0], "prompt"), Some("黑先杀，看清白的眼形"));
}

/// White to live: `净活正解` ("clean life: correct") on B1, `净活失败。` on C1's line (wrong), and
/// `白防守失败，死了。` ("White's defence fails, it dies") on A1's, which is White's failure: a colour
/// before the marker makes it a side's, not the line's verdict, so A1 is left out.
#[test]
fn a_colour_before_a_chinese_marker_leaves_the_line_unmarked() {
    let (examples, _) = import("chinese-qualifiers");
    assert_eq!(examples.len(), 1);
    assert_eq!(field(&examples[0], "to_play"), Some("white"));
    assert_solve(&examples[0], "chinese-qualifiers", &["B1"], &["C1 B1"]);
}

/// goproblems (and CGoban's "Capturing Stone" collections, `C[RIGHT\n]`): `RIGHT` ends the
/// correct line and nothing marks the others, which are the wrong tries, each with the file's
/// refutation. In the second game the file marks A1 `Wrong` itself: then C1, unmarked, is left
/// out, as the file says which lines are wrong.
#[test]
fn right_only_makes_the_unmarked_first_moves_wrong() {
    let (examples, stderr) = import("goproblems-right");
    assert_eq!(examples.len(), 2);
    assert_solve(
        &examples[0],
        "goproblems-right",
        &["B1 A1"],
        &["A1 B1", "C1 B1"],
    );
    assert_solve(&examples[1], "goproblems-right", &["B1 A1"], &["A1 B1"]);
    assert!(!stderr.contains("game "), "{stderr}");
}

/// GoGameGuru: `Correct` on the solid connection B3, `Also correct.` on the hanging connection
/// B4 (White's cut at B3 would be captured at B2), and the tenuki E1, cut by White at B3,
/// unmarked: a wrong try. Both correct first moves are accepted, and the kit says there are two.
#[test]
fn gogameguru_correct_and_also_correct_lines_are_accepted() {
    let (examples, stderr) = import("gogameguru-correct");
    assert_eq!(examples.len(), 1);
    assert_solve(
        &examples[0],
        "gogameguru-correct",
        &["B3", "B4"],
        &["E1 B3"],
    );
    let two = "the collection marks 2 first moves correct (black B3, black B4)";
    assert!(stderr.contains(&format!("note: game 1: {two}")), "{stderr}");
}

/// `key --format json`: every accepted first move as `answer.moves[].point`, every wrong try as
/// `answer.refuted[].point`, the answer the collection's.
#[test]
fn the_json_key_gives_the_accepted_moves_and_the_wrong_tries() {
    for (file, moves, refuted) in [
        ("multigo-names", &["B1"][..], &["A1", "C1"][..]),
        ("goproblems-right", &["B1"], &["A1", "C1"]),
        ("gogameguru-correct", &["B3", "B4"], &["E1"]),
    ] {
        let sgf = format!("tests/sgf/real-markers/{file}.sgf");
        let out = temp_path(&format!("real-markers-json-{file}")).with_extension("toml");
        let out_text = out.to_str().unwrap();
        let (code, _, stderr) = run(&["import", &sgf, "--out", out_text, "--force"]);
        assert_eq!(code, 0, "{stderr}");
        let (code, stdout, stderr) = run(&["key", out_text, "--format", "json"]);
        assert_eq!(code, 0, "{stderr}");
        let _ = std::fs::remove_file(&out);
        let key: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        let answer = &key["examples"][0]["answer"];
        let points = |list: &str| -> Vec<String> {
            answer[list]
                .as_array()
                .unwrap_or_else(|| panic!("{file}: no {list} in {answer}"))
                .iter()
                .map(|m| m["point"].as_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(points("moves"), moves, "{file}");
        assert_eq!(points("refuted"), refuted, "{file}");
        // A straight three to kill is proven, the proof agreeing with every mark; the
        // capture-and-shape problem of gogameguru's stays the collection's answer.
        if key["examples"][0]["task"] == "kill" {
            assert_eq!(answer["proven"], true, "{file}");
            assert_eq!(answer["source"], format!("{file}.sgf"), "{file}");
            assert_eq!(answer["errata"], serde_json::json!([]), "{file}");
        } else {
            assert_eq!(answer["proven"], false, "{file}");
            assert_eq!(answer["answer_by"], format!("{file}.sgf"), "{file}");
        }
    }
}

/// A game's first moves with their verdicts, in the file's order.
fn verdicts(tree: &[libertykit::record::solution::SolutionNode]) -> Vec<(String, Option<Verdict>)> {
    first_moves(tree)
        .iter()
        .map(|f| (f.mv.to_string(), f.verdict))
        .collect()
}

/// A game's first moves with their verdicts, in the file's order, as written by hand.
type Verdicts<'a> = &'a [(&'a str, Option<Verdict>)];

/// The verdicts of the UTF-8 files' first moves, game by game, derived by hand: the unmarked
/// first moves are wrong where the file marks only correct lines, unmarked where it marks
/// wrong ones too.
#[test]
fn every_first_move_gets_its_convention_s_verdict() {
    use Verdict::*;
    let want: [(&str, &[Verdicts]); 4] = [
        (
            "chinese-comments",
            &[&[("B1", Some(Correct)), ("A1", None), ("C1", Some(Wrong))]],
        ),
        (
            "chinese-qualifiers",
            &[&[("B1", Some(Correct)), ("A1", None), ("C1", Some(Wrong))]],
        ),
        (
            "goproblems-right",
            &[
                &[
                    ("B1", Some(Correct)),
                    ("A1", Some(Wrong)),
                    ("C1", Some(Wrong)),
                ],
                &[("B1", Some(Correct)), ("A1", Some(Wrong)), ("C1", None)],
            ],
        ),
        (
            "gogameguru-correct",
            &[&[
                ("B3", Some(Correct)),
                ("B4", Some(Correct)),
                ("E1", Some(Wrong)),
            ]],
        ),
    ];
    for (file, games) in want {
        let text = std::fs::read_to_string(format!("tests/sgf/real-markers/{file}.sgf")).unwrap();
        let read = read_collection(&text).unwrap().games;
        assert_eq!(read.len(), games.len(), "{file}");
        for (k, (game, expected)) in read.iter().zip(games).enumerate() {
            let expected: Vec<(String, Option<Verdict>)> =
                expected.iter().map(|(m, v)| (m.to_string(), *v)).collect();
            assert_eq!(verdicts(&game.solution), expected, "{file} game {}", k + 1);
        }
    }
}

/// Imports `tests/sgf/real-files/{file}.sgf` (issue 42's real forms, each written here by
/// hand), checks the kit, and returns its examples and import's stderr.
fn import_real_file(file: &str) -> (Vec<toml::Table>, String) {
    let sgf = format!("tests/sgf/real-files/{file}.sgf");
    let (kit, stderr) = import_checked(&sgf, &format!("real-files-{file}"));
    let table: toml::Table = toml::from_str(&kit).unwrap();
    let examples = table["example"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_table().unwrap().clone())
        .collect();
    (examples, stderr)
}

/// goproblems glues `RIGHT` to the comment's last word (`C[sekiRIGHT]`): it marks the line as
/// `RIGHT` alone does, so B1 is the answer and A1, C1 the wrong tries. A reader that wants the
/// marker as a word of its own finds no mark and leaves every line out.
#[test]
fn a_right_glued_to_a_word_marks_the_line() {
    let (examples, _) = import_real_file("seki-right");
    assert_eq!(examples.len(), 1);
    let game = &examples[0];
    assert_eq!(lines(game, "correct"), ["B1 A1"]);
    assert_eq!(lines(game, "wrong"), ["A1 B1", "C1 B1"]);
}

/// MultiGo: A1 is named `原正解` ("the original answer") and its comment ends `但这是不对的`
/// ("but this is wrong"); B1 is named `正解`. A1 is not an answer: the kit's only correct line
/// is B1's, A1 is a wrong try (the file marks no line wrong, so its unmarked first moves are
/// the wrong ones), and a note says why.
#[test]
fn a_line_marked_correct_and_then_called_wrong_is_not_correct() {
    let (examples, stderr) = import_real_file("retracted-answer");
    let game = &examples[0];
    assert_eq!(lines(game, "correct"), ["B1 A1 C1"]);
    assert_eq!(lines(game, "wrong"), ["A1 B1"]);
    assert!(
        stderr.contains("a line is marked correct and then called wrong (`这是不对的`)"),
        "{stderr}"
    );
}

/// The Segoe Tesuji Dictionary's form: two problems in one line, `W[zz]` between them (top
/// left: B19 A19 C19 kills the straight three; top right: S19 T19 R19). The kit's answer is the
/// first problem's line alone, kept off the players' page, with a note; never one long
/// "Play ..." sequence of both problems with a pass in it.
#[test]
fn two_problems_in_one_line_keep_the_first_s_solution() {
    let (examples, stderr) = import_real_file("two-problems");
    assert_eq!(examples.len(), 1);
    let game = &examples[0];
    // The straight three is a proven kill, its line kept as the collection's claim.
    assert_eq!(field(game, "task"), Some("kill"), "{game:?}");
    assert_eq!(lines(game, "correct"), ["B19 A19 C19"]);
    assert!(game.get("moves").is_none(), "{game:?}");
    assert!(
        stderr.contains("5:20: a `zz` pass in a problem's line is read as the end of its solution"),
        "{stderr}"
    );
}

/// The same book's other form: when the second problem's side moves next anyway, no pass
/// stands between them, and the comment `以上为第1图正解` ("the above is diagram 1's correct
/// answer") closes the first problem's line (top left, Black kills: B19 A19 C19; top right,
/// White kills: S19 T19 R19). The comment marks that line correct and ends it; the moves after
/// it are left out with a note.
#[test]
fn a_comment_closing_the_first_answer_ends_its_line() {
    let (examples, stderr) = import_real_file("two-problems-said");
    assert_eq!(examples.len(), 1);
    let game = &examples[0];
    // The straight three is a proven kill, its line kept as the collection's claim.
    assert_eq!(field(game, "task"), Some("kill"), "{game:?}");
    assert_eq!(lines(game, "correct"), ["B19 A19 C19"]);
    assert!(
        stderr.contains(
            "a comment `以上…正解` (\"the above is the correct answer\") ends its problem's line"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("main line is taken"), "{stderr}");
}
