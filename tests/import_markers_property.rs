//! A property of `libertykit import`: whatever a problem file's comments say, no imported
//! prompt carries a solution's marker ("Correct.", "RIGHT", "正解") or any text of a move's
//! comment, no example shows a line its collection marks wrong while another is marked
//! correct, and every kit written passes `check` (import checks it before writing).
//!
//! Random collections of one 5x5 position (white C3 in atari; black B3 C2 D3) with random setup
//! comments and random trees of up to four first moves, each with a random comment and reply.

mod common;

use common::{run, temp_path};
use proptest::prelude::*;

const SETUP_COMMENTS: &[&str] = &[
    "Black to play.",
    "Correct: C4",
    "Black to play. RIGHT",
    "正解：C4",
    "Capture the white stone",
    "Wrong moves lose the stone",
];

/// Move comments; each is unique text, so finding it in a prompt would be a leak.
const MOVE_COMMENTS: &[&str] = &[
    "Correct.",
    "Wrong; white escapes.",
    "Black takes it. RIGHT",
    "失敗図",
    "正解図",
    "White runs out at the top",
    "Incorrect: too slow",
];

/// First moves: C4 (cb) captures; B4 (bb), E1 (ee), A1 (ae) and E5 (ea) do not.
const FIRSTS: &[&str] = &["cb", "bb", "ee", "ae", "ea"];

/// Correct and wrong markers, as the docs list them (a subset, enough for these comments).
fn marker_in(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["correct", "wrong", "right", "正解", "失敗"]
        .iter()
        .any(|m| lower.contains(m))
}

/// A first move (into `FIRSTS`), its comment (into `MOVE_COMMENTS`), and whether White replies.
type Line = (usize, Option<usize>, bool);

/// A game: its setup comment (into `SETUP_COMMENTS`) and its lines.
type GameSpec = (Option<usize>, Vec<Line>);

fn game_sgf(setup: Option<usize>, lines: &[Line]) -> String {
    let mut s = String::from("(;GM[1]FF[4]CA[UTF-8]SZ[5]AB[bc][cd][dc]AW[cc]PL[B]");
    if let Some(c) = setup {
        s.push_str(&format!("C[{}]", SETUP_COMMENTS[c]));
    }
    for &(first, comment, reply) in lines {
        s.push_str(&format!("(;B[{}]", FIRSTS[first]));
        if let Some(c) = comment {
            s.push_str(&format!("C[{}]", MOVE_COMMENTS[c]));
        }
        // White's reply, where it is legal: D4 is empty in every line.
        if reply {
            s.push_str(";W[db]");
        }
        s.push(')');
    }
    s.push(')');
    s
}

fn arbitrary_game() -> impl Strategy<Value = GameSpec> {
    (
        proptest::option::of(0..SETUP_COMMENTS.len()),
        proptest::collection::vec(
            (
                0..FIRSTS.len(),
                proptest::option::of(0..MOVE_COMMENTS.len()),
                any::<bool>(),
            ),
            1..=4,
        ),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn no_prompt_carries_a_marker_or_a_move_s_comment(
        games in proptest::collection::vec(arbitrary_game(), 1..=3)
    ) {
        let sgf: String = games.iter().map(|(c, lines)| game_sgf(*c, lines)).collect();
        let path = temp_path("markers").with_extension("sgf");
        std::fs::write(&path, &sgf).unwrap();
        let (code, kit, stderr) = run(&["import", path.to_str().unwrap()]);
        prop_assert_eq!(code, 0, "{}\n{}", sgf, stderr);
        for line in kit.lines().filter(|l| l.starts_with("prompt = ")) {
            prop_assert!(!marker_in(line), "a marker in {line}\n{sgf}");
            for comment in MOVE_COMMENTS {
                prop_assert!(!line.contains(comment), "a move's comment in {line}\n{sgf}");
            }
        }
        // A game with a line marked correct never shows a first move marked wrong.
        let examples: Vec<&str> = kit.split("\n[[example]]\n").skip(1).collect();
        prop_assert_eq!(examples.len(), games.len());
        for (example, (_, lines)) in examples.iter().zip(&games) {
            let says = |first: usize, wanted: &[usize]| lines.iter().any(|(f, c, _)| {
                *f == first && c.is_some_and(|c| wanted.contains(&c))
            });
            // Correct.; RIGHT; 正解図 / Wrong; 失敗図; Incorrect.
            let correct = |f: usize| says(f, &[0, 2, 4]);
            let wrong = |f: usize| says(f, &[1, 3, 6]) && !correct(f);
            if (0..FIRSTS.len()).any(correct) {
                for (f, point) in ["C4", "B4", "E1", "A1", "E5"].iter().enumerate() {
                    if wrong(f) {
                        let shown = format!("moves = [\"black {point}\"");
                        prop_assert!(!example.contains(&shown), "{example}\n{sgf}");
                    }
                }
            }
        }
        let _ = std::fs::remove_file(path);
    }
}
