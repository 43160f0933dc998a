//! `libertykit import` of problem files with solution trees (tests/sgf/solutions/): every
//! variation is read, the line the collection marks correct is the one the kit shows (never
//! one marked wrong), in each convention problem apps use (comment words in English and
//! Japanese, goproblems' `RIGHT`, `TE`/`BM`, `GB`/`GW`), and an unclear answer is said in the
//! kit and on stderr. The kits are derived by hand below; an independent SGF reader
//! (`sgf-parse`) confirms the trees the import read.
//!
//! Every file sets up the same 5x5 position: white C3 (`cc`) in atari, black B3 C2 D3, Black
//! to play. C4 (`cb`) captures it; B4 (`bb`) and E1 (`ee`) do not.

mod common;

use std::path::PathBuf;

use common::{run, temp_path};
use libertykit::record::read_collection;
use libertykit::record::solution::{Verdict, first_moves};
use libertykit::rules::{Color, Move, Point};
use sgf_parse::go::{self, Prop};

const POSITION: &str = "position = \"black B3 C2 D3; white C3\"\nto_play = \"black\"\n";

/// Imports `sgf`, checks the kit it writes, and returns the kit and import's stderr.
fn import_and_check(sgf: &str) -> (String, String) {
    // Named after the file: the tests run in parallel.
    let stem = std::path::Path::new(sgf)
        .file_stem()
        .unwrap()
        .to_str()
        .unwrap();
    let out: PathBuf = temp_path(&format!("solutions-{stem}")).with_extension("toml");
    let out_text = out.to_str().unwrap();
    let (code, _, stderr) = run(&["import", sgf, "--out", out_text, "--force"]);
    assert_eq!(code, 0, "{stderr}");
    let kit = std::fs::read_to_string(&out).unwrap();
    let (code, _, check) = run(&["check", out_text]);
    assert_eq!(
        code, 0,
        "{sgf}: the imported kit fails check:\n{check}\n{kit}"
    );
    let _ = std::fs::remove_file(out);
    (kit, stderr)
}

/// The examples of a kit's text, each from its `[[example]]` line on.
fn examples(kit: &str) -> Vec<String> {
    kit.split("\n[[example]]\n")
        .skip(1)
        .map(|e| e.trim().to_string())
        .collect()
}

fn example(note: Option<&str>, title: &str, task: &str) -> String {
    let note = note.map_or(String::new(), |n| format!("# {n}\n"));
    format!("{note}title = \"{title}\"\n{POSITION}{task}")
}

const SHOWS_C4: &str = "task = \"sequence\"\nmoves = [\"black C4\"]\nkey = [\"C3\"]";
const FIRST_WRONG: &str = "the file's first line, black B4, is marked wrong and is left out";

#[test]
fn comment_words_mark_the_line_in_english_goproblems_and_japanese() {
    let (kit, stderr) = import_and_check("tests/sgf/solutions/comment-markers.sgf");
    let examples = examples(&kit);
    assert_eq!(
        examples,
        [
            // "Wrong; white escapes." on B4's line, "Correct." on C4's: the prompt is the root's
            // comment, never a move's.
            format!(
                "# {FIRST_WRONG}\ntitle = \"Wrong line first\"\n{POSITION}task = \"sequence\"\nmoves = [\"black C4\"]\nprompt = \"Black to play: capture.\"\nkey = [\"C3\"]"
            ),
            // goproblems: unmarked lines are the wrong ones, `RIGHT` ends the correct one.
            example(None, "RIGHT at the leaf", SHOWS_C4),
            // 失敗図 on B4's line, 正解図 on C4's.
            example(Some(FIRST_WRONG), "Japanese", SHOWS_C4),
        ]
    );
    // A first line marked wrong is said in the kit; nothing here is unclear.
    assert!(!stderr.contains("game "), "{stderr}");
}

#[test]
fn te_bm_gb_and_gw_mark_the_line() {
    let (kit, _) = import_and_check("tests/sgf/solutions/properties.sgf");
    assert_eq!(
        examples(&kit),
        [
            // BM on B4, TE on C4 (WGo's convention).
            example(Some(FIRST_WRONG), "TE and BM", SHOWS_C4),
            // B4's line ends GW, good for White; C4's ends GB (Glift's convention).
            example(Some(FIRST_WRONG), "GB and GW", SHOWS_C4),
        ]
    );
}

#[test]
fn an_unclear_answer_is_said_in_the_kit_and_on_stderr() {
    let (kit, stderr) = import_and_check("tests/sgf/solutions/ambiguous.sgf");
    let two = "the collection marks 2 first moves correct (black C4, black E1): this shows the line of black C4";
    let none = "no line of this problem is marked correct (black B4, black E1 marked wrong): its moves are left out, and the position asks its own question";
    assert_eq!(
        examples(&kit),
        [
            example(Some(two), "Two correct", SHOWS_C4),
            // No line to show: the position's own question, Black's capture at C4.
            example(
                Some(none),
                "None correct",
                "task = \"capture\"\nkey = [\"C4\"]"
            ),
            // "Correct: C4" in the setup comment would give the answer away.
            example(
                Some("the setup comment carries a solution's marker and is left out of the prompt"),
                "Marker in the setup",
                SHOWS_C4
            ),
            // Nothing marked: the main line, as for any game.
            example(
                None,
                "Unmarked",
                "task = \"sequence\"\nmoves = [\"black B4\", \"white C4\"]\nkey = []"
            ),
        ]
    );
    assert!(stderr.contains(&format!("note: game 1: {two}")), "{stderr}");
    assert!(
        stderr.contains(&format!("note: game 2: {none}")),
        "{stderr}"
    );
    assert!(!stderr.contains("game 3"), "{stderr}");
}

/// sgf-parse's tree against the one import read: the same moves in every variation, in the
/// file's order, and the same first moves under the setup.
#[test]
fn an_independent_reader_finds_the_same_trees() {
    for file in ["comment-markers", "properties", "ambiguous"] {
        let path = format!("tests/sgf/solutions/{file}.sgf");
        let text = std::fs::read_to_string(&path).unwrap();
        let ours = read_collection(&text).unwrap();
        let theirs = go::parse(&text).unwrap();
        assert_eq!(ours.games.len(), theirs.len(), "{path}");
        for (k, (game, root)) in ours.games.iter().zip(&theirs).enumerate() {
            let at = format!("{path} game {}", k + 1);
            let n = game.size.get();
            let as_move = |prop: Option<&Prop>| match prop {
                Some(Prop::B(m)) => Some((Color::Black, parsed(m, n))),
                Some(Prop::W(m)) => Some((Color::White, parsed(m, n))),
                _ => None,
            };
            // Every move node, depth first in the file's order, as the file writes them.
            let mut moves = Vec::new();
            let mut stack = vec![root];
            while let Some(node) = stack.pop() {
                moves.extend(as_move(node.get_move()));
                stack.extend(node.children().collect::<Vec<_>>().into_iter().rev());
            }
            let read: Vec<(Color, Move)> = game.solution.iter().map(|s| (s.color, s.mv)).collect();
            assert_eq!(read, moves, "{at}");
            let firsts: Vec<(Color, Move)> = root
                .children()
                .filter_map(|c| as_move(c.get_move()))
                .collect();
            let ours_first: Vec<(Color, Move)> = first_moves(&game.solution)
                .iter()
                .map(|f| (f.color, f.mv))
                .collect();
            assert_eq!(ours_first, firsts, "{at}");
        }
    }
}

/// A game's first moves with their verdicts, in the file's order.
type Verdicts<'a> = &'a [(&'a str, Option<Verdict>)];

/// The verdicts of the first moves, file by file, game by game, derived by hand.
#[test]
fn every_first_move_gets_its_collection_s_verdict() {
    use Verdict::*;
    let want: [(&str, &[Verdicts]); 3] = [
        (
            "comment-markers",
            &[
                &[("B4", Some(Wrong)), ("C4", Some(Correct))],
                &[("B4", None), ("C4", Some(Correct))],
                &[("B4", Some(Wrong)), ("C4", Some(Correct))],
            ],
        ),
        (
            "properties",
            &[
                &[("B4", Some(Wrong)), ("C4", Some(Correct))],
                &[("B4", Some(Wrong)), ("C4", Some(Correct))],
            ],
        ),
        (
            "ambiguous",
            &[
                &[("C4", Some(Correct)), ("E1", Some(Correct))],
                &[("B4", Some(Wrong)), ("E1", Some(Wrong))],
                &[("C4", Some(Correct))],
                &[("B4", None), ("C4", None)],
            ],
        ),
    ];
    for (file, games) in want {
        let text = std::fs::read_to_string(format!("tests/sgf/solutions/{file}.sgf")).unwrap();
        let ours = read_collection(&text).unwrap();
        for (k, (game, expected)) in ours.games.iter().zip(games).enumerate() {
            let got: Vec<(String, Option<Verdict>)> = first_moves(&game.solution)
                .iter()
                .map(|f| (f.mv.to_string(), f.verdict))
                .collect();
            let expected: Vec<(String, Option<Verdict>)> =
                expected.iter().map(|(m, v)| (m.to_string(), *v)).collect();
            assert_eq!(got, expected, "{file} game {}", k + 1);
        }
    }
}

fn parsed(m: &go::Move, n: u8) -> Move {
    match m {
        go::Move::Pass => Move::Pass,
        go::Move::Move(p) => Move::Play(Point::new(p.x, n - 1 - p.y)),
    }
}
