//! `libertykit import` of problem files with solution trees (tests/sgf/solutions/): every
//! variation is read, the line the collection marks correct is the one the kit asks about
//! (never one marked wrong), in each convention problem apps use (comment words in English and
//! Japanese, goproblems' `RIGHT`, `TE`/`BM`, `GB`/`GW`); a correct line that captures becomes
//! the capture question the engine proves, with every difference from the collection's marks
//! said; and an unclear answer is said in the kit and on stderr. The kits are derived by hand below; an independent SGF reader
//! (`sgf-parse`) confirms the trees the import read.
//!
//! Every file sets up the same 5x5 position: white C3 (`cc`) in atari, black B3 C2 D3, Black
//! to play. C4 (`cb`) captures it; B4 (`bb`) and E1 (`ee`) do not.

mod common;

use common::{import_checked, run, temp_path};
use libertykit::record::read_collection;
use libertykit::record::solution::{Verdict, first_moves};
use libertykit::rules::{Color, Move, Point};
use sgf_parse::go::{self, Prop};

const POSITION: &str = "position = \"black B3 C2 D3; white C3\"\nto_play = \"black\"\n";

/// Imports `sgf`, checks the kit it writes, and returns the kit and import's stderr.
fn import_and_check(sgf: &str) -> (String, String) {
    let stem = std::path::Path::new(sgf)
        .file_stem()
        .unwrap()
        .to_str()
        .unwrap();
    import_checked(sgf, &format!("solutions-{stem}"))
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

/// C4, the correct line, captures C3: the engine's capture question, proven.
const CAPTURES_C3: &str = "task = \"capture\"\ngroup = \"C3\"\nwithin = 1\nkey = [\"C4\"]";
const PROVEN: &str = "the collection's correct line captures C3 in 1 move: this asks for that capture within 1, and the key is the engine's proof";
const FIRST_WRONG: &str = "the file's first line, black B4, is marked wrong and is left out";

fn both(first: &str, second: &str) -> String {
    format!("{first}; {second}")
}

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
                "# {FIRST_WRONG}; {PROVEN}\ntitle = \"Wrong line first\"\n{POSITION}task = \"capture\"\ngroup = \"C3\"\nwithin = 1\nprompt = \"Black to play: capture.\"\nkey = [\"C4\"]"
            ),
            // goproblems: unmarked lines are the wrong ones, `RIGHT` ends the correct one.
            example(
                Some(&both(FIRST_WRONG, PROVEN)),
                "RIGHT at the leaf",
                CAPTURES_C3
            ),
            // 失敗図 on B4's line, 正解図 on C4's.
            example(Some(&both(FIRST_WRONG, PROVEN)), "Japanese", CAPTURES_C3),
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
            example(Some(&both(FIRST_WRONG, PROVEN)), "TE and BM", CAPTURES_C3),
            // B4's line ends GW, good for White; C4's ends GB (Glift's convention).
            example(Some(&both(FIRST_WRONG, PROVEN)), "GB and GW", CAPTURES_C3),
        ]
    );
}

#[test]
fn an_unclear_answer_is_said_in_the_kit_and_on_stderr() {
    let (kit, stderr) = import_and_check("tests/sgf/solutions/ambiguous.sgf");
    let two = "the collection marks 2 first moves correct (black C4, black E1): this shows the line of black C4";
    let none = "no line of this problem is marked correct (black B4, black E1 marked wrong): its moves are left out, and the position asks its own question";
    let unmarked = "no line of this problem is marked, and its 2 first moves are not told apart: its moves are left out, and the position asks its own question";
    assert_eq!(
        examples(&kit),
        [
            // E1, marked correct too, does not capture C3 within 1: read as that capture, the
            // problem would answer otherwise than its collection, so it keeps the collection's
            // answer (its words name no goal), both first moves accepted.
            example(
                Some(&both(
                    two,
                    "read as the capture of C3, the problem would get another answer (the collection marks E1 correct, which does not capture C3 within 1 against every defence): the answer is the collection's, every move checked legal"
                )),
                "Two correct",
                "task = \"solve\"\ncorrect = [\"C4\", \"E1 C4\"]\nsource = \"ambiguous.sgf\""
            ),
            // No line to show: the position's own question, Black's capture at C4.
            example(
                Some(none),
                "None correct",
                "task = \"capture\"\nkey = [\"C4\"]"
            ),
            // "Correct: C4" in the setup comment would give the answer away.
            example(
                Some(&both(
                    "the setup comment carries a solution's marker and is left out of the prompt",
                    PROVEN
                )),
                "Marker in the setup",
                CAPTURES_C3
            ),
            // A problem (PL, both colours) that marks nothing, with two first moves: which
            // line is the answer is not said, so neither is shown (as moves to play, it would
            // print the answer for the players); the position asks its own question.
            example(
                Some(unmarked),
                "Unmarked",
                "task = \"capture\"\nkey = [\"C4\"]"
            ),
        ]
    );
    assert!(stderr.contains(&format!("note: game 1: {two}")), "{stderr}");
    assert!(
        stderr.contains(&format!("note: game 2: {none}")),
        "{stderr}"
    );
    assert!(!stderr.contains("game 3"), "{stderr}");
    assert!(
        stderr.contains(&format!("note: game 4: {unmarked}")),
        "{stderr}"
    );
}

#[test]
fn a_correct_line_that_captures_becomes_the_capture_the_engine_proves() {
    let (kit, _) = import_and_check("tests/sgf/solutions/proven.sgf");
    assert_eq!(
        examples(&kit),
        [
            // White C1 on the edge; black B1 D2. The correct line C2, D1, E1 takes it with
            // Black's second move; D1 first lets White out at C2 (marked wrong, and the engine
            // agrees: only C2).
            "# the file's first line, black D1, is marked wrong and is left out; the collection's correct line captures C1 in 2 moves: this asks for that capture within 2, and the key is the engine's proof\ntitle = \"Edge in two\"\nposition = \"black B1 D2; white C1\"\nto_play = \"black\"\ntask = \"capture\"\ngroup = \"C1\"\nwithin = 2\nkey = [\"C2\"]",
            // B1 B2 C2 D2 have C1 and D1. The collection gives D1 (White cannot connect at C1,
            // suicide); the throw-in at C1 works too (White takes at D1 and is left one liberty,
            // C1): the engine proves both and says the collection missed one.
            "# the collection's correct line captures B1 in 2 moves: this asks for that capture within 2, and the key is the engine's proof; the engine also proves C1, which the collection does not mark correct\ntitle = \"The collection misses one\"\nposition = \"black A1 A2 A3 B3 C3 D3 E1 E2; white B1 B2 C2 D2\"\nto_play = \"black\"\ntask = \"capture\"\ngroup = \"B1\"\nwithin = 2\nkey = [\"C1\", \"D1\"]",
            // B4 then W C4 captures nothing: the answer is the collection's line, and says so.
            "# the correct line ends with no capture the engine proves: the answer is the collection's, every move checked legal\ntitle = \"A correct line that takes nothing\"\nposition = \"black B3 C2 D3; white C3\"\nto_play = \"black\"\ntask = \"solve\"\ncorrect = [\"B4 C4\"]\nsource = \"proven.sgf\"",
        ]
    );
}

/// The straight three on 9x9: white A2 B2 C2 D2 D1 with the eye space A1 B1 C1, black around
/// it. The solver proves its life and death; the kit keeps the collection's lines as the claim
/// the proof is held against.
const STRAIGHT_THREE: &str = "position = \"black A3 B3 C3 D3 E1 E2 E3; white A2 B2 C2 D1 D2\"";

/// What import says of a life-and-death problem whose question the solver finds: the side and
/// goal, and whose words the goal is.
fn question(side_goal: &str, whose: &str) -> String {
    format!(
        "the question: {side_goal} the group at A2 ({whose}); the key is the solver's proof, and where it differs from the collection's lines that is an erratum"
    )
}

/// Whose goal it is when the words state none.
const FOUND: &str = "the group the collection's correct line plays for, found by the solver";

#[test]
fn a_life_and_death_problem_gets_its_question_and_keeps_the_collection_s_lines() {
    let (kit, stderr) = import_and_check("tests/sgf/solutions/life-and-death.sgf");
    let two = "the collection marks 2 first moves correct (white B1, white A1): this shows the line of white B1";
    assert_eq!(
        examples(&kit),
        [
            // A1 first, marked wrong in a comment; B1 correct; C1 wrong by `BM`: the prompt is
            // the root's comment, never a move's, and its words give the goal.
            format!(
                "# the file's first line, black A1, is marked wrong and is left out; {}\ntitle = \"Straight three\"\n{STRAIGHT_THREE}\nto_play = \"black\"\ntask = \"kill\"\ngroup = \"A2\"\ncorrect = [\"B1 A1\"]\nwrong = [\"A1 B1\", \"C1 B1\"]\nsource = \"life-and-death.sgf\"\nprompt = \"Black to kill.\"",
                question("black to kill", "as the problem's words say")
            ),
            // Both marked correct: both kept as the collection's claim (the proof refutes A1,
            // an erratum, see the JSON test below).
            format!(
                "# {two}; {}\ntitle = \"Two marked correct\"\n{STRAIGHT_THREE}\nto_play = \"white\"\ntask = \"live\"\ngroup = \"A2\"\ncorrect = [\"B1\", \"A1 B1\"]\nsource = \"life-and-death.sgf\"",
                question("white to make live", FOUND)
            ),
            // White's reply at A2, on its own stone, is no refutation: the try is left out.
            format!(
                "# the line of black A1 (move 2, white A2, is illegal: occupied) is left out; {}\ntitle = \"An illegal refutation\"\n{STRAIGHT_THREE}\nto_play = \"black\"\ntask = \"kill\"\ngroup = \"A2\"\ncorrect = [\"B1\"]\nsource = \"life-and-death.sgf\"",
                question("black to kill", FOUND)
            ),
        ]
    );
    assert!(stderr.contains(&format!("note: game 2: {two}")), "{stderr}");
}

/// `key --format json` of imported life-and-death problems: `answer.moves[].point` is every
/// first move the proof accepts, `refuted` the tempting ones it refutes, and where the
/// collection marks correct a move the proof refutes (White's A1 in a straight three: Black's
/// B1 leaves one eye), that is an erratum with the refuting line.
#[test]
fn the_json_key_gives_every_accepted_first_move_and_the_errata() {
    let out = temp_path("solutions-json").with_extension("toml");
    let out_text = out.to_str().unwrap();
    let (code, _, stderr) = run(&[
        "import",
        "tests/sgf/solutions/life-and-death.sgf",
        "--out",
        out_text,
        "--force",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, stderr) = run(&["key", out_text, "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    let _ = std::fs::remove_file(&out);
    let key: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let points = |k: usize, field: &str| -> Vec<String> {
        key["examples"][k]["answer"][field]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["point"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(points(0, "moves"), ["B1"]);
    assert_eq!(points(0, "refuted"), ["A1", "C1"]);
    assert_eq!(points(1, "moves"), ["B1"]);
    let errata = &key["examples"][1]["answer"]["errata"];
    assert_eq!(errata[0]["kind"], "correct-fails", "{errata}");
    assert_eq!(errata[0]["point"], "A1", "{errata}");
    assert_eq!(points(2, "moves"), ["B1"]);
    for (k, task) in ["kill", "live", "kill"].into_iter().enumerate() {
        assert_eq!(key["examples"][k]["task"], task);
        assert_eq!(key["examples"][k]["answer"]["proven"], true);
        assert_eq!(key["examples"][k]["answer"]["source"], "life-and-death.sgf");
    }
}

/// sgf-parse's tree against the one import read: the same moves in every variation, in the
/// file's order, and the same first moves under the setup.
#[test]
fn an_independent_reader_finds_the_same_trees() {
    for file in [
        "comment-markers",
        "properties",
        "ambiguous",
        "proven",
        "life-and-death",
    ] {
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
                // `RIGHT` ends C4's line and no line is marked wrong: goproblems' convention,
                // every other line is wrong.
                &[("B4", Some(Wrong)), ("C4", Some(Correct))],
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
