//! `libertykit import` of whole collections as real ones come: the question is the problem's
//! (a correct line that captures on its way is not made a capture question the collection would
//! answer otherwise), a problem that marks nothing keeps its main line as the answer and never
//! prints it for the players, one game a kit cannot hold does not cost the others, and games
//! on another board size are left out rather than the whole file refused; a folder is one
//! collection, and `--match` takes games by path, name or level.
//!
//! Every answer below is worked out by hand in the comments.

mod common;

use common::{import_checked, run, temp_path};

/// Imports the SGF `text` (written to a temporary file named after `name`), checks the kit it
/// writes, and returns the kit and import's stderr.
fn import(text: &str, name: &str) -> (String, String) {
    let sgf = temp_path(name).with_extension("sgf");
    std::fs::write(&sgf, text).unwrap();
    let imported = import_checked(sgf.to_str().unwrap(), &format!("{name}-kit"));
    let _ = std::fs::remove_file(sgf);
    imported
}

/// The examples of a kit's text, each from its `[[example]]` line on.
fn examples(kit: &str) -> Vec<String> {
    kit.split("\n[[example]]\n")
        .skip(1)
        .map(|e| e.trim().to_string())
        .collect()
}

/// A 5x5 corner: white A5 (`aa`) with black B5 (`ba`) beside it, so A5's one liberty is A4.
/// The collection's correct line is B4 (`bb`), White E1 (`ee`) elsewhere, then A4 (`ab`)
/// takes A5; it marks taking at once, A4, wrong (as a life-and-death book marks a capture
/// that loses the corner). Read as "capture A5 within 2", the engine accepts A3, A4 and B4:
/// A4 takes at once; after A3 or B4, White's A4 leaves A5-A4 one liberty (B4 or A3), taken next.
fn corner(prompt: &str) -> String {
    format!(
        "(;GM[1]FF[4]SZ[5]AB[ba]AW[aa]C[{prompt}]\n\
         (;B[bb];W[ee];B[ab]C[Correct.])\n\
         (;B[ab]C[Wrong: it takes, but gives up the corner.]))"
    )
}

#[test]
fn a_capture_the_collection_would_answer_otherwise_keeps_the_collection_s_answer() {
    // The words name no goal, and the engine's capture key holds A4, which the collection
    // marks wrong: the problem is not that capture, and keeps the collection's lines.
    let (kit, _) = import(&corner("Black to play."), "capture-not-asked");
    let example = &examples(&kit)[0];
    assert!(example.contains("task = \"solve\""), "{example}");
    assert!(
        example.contains("correct = [\"B4 E1 A4\"]") && example.contains("wrong = [\"A4\"]"),
        "{example}"
    );
    assert!(
        example.contains(
            "read as the capture of A5, the problem would get another answer (the engine proves A4 captures A5 within 2, which the collection marks wrong): the answer is the collection's"
        ),
        "{example}"
    );
    assert!(!example.contains("task = \"capture\""), "{example}");
}

#[test]
fn a_problem_that_asks_for_the_capture_gets_the_engine_s_proof_with_every_difference_said() {
    let (kit, _) = import(&corner("Black to capture."), "capture-asked");
    let example = &examples(&kit)[0];
    assert!(
        example.contains("task = \"capture\"\ngroup = \"A5\"\nwithin = 2\n")
            && example.ends_with("key = [\"A3\", \"A4\", \"B4\"]"),
        "{example}"
    );
    assert!(
        example
            .contains("the engine also proves A3, A4, which the collection does not mark correct")
            && example.contains(
                "the engine proves A4 captures A5 within 2, which the collection marks wrong"
            ),
        "{example}"
    );
}

#[test]
fn a_problem_whose_words_name_another_goal_keeps_the_collection_s_answer() {
    let (kit, _) = import(&corner("Black to kill."), "kill-asked");
    let example = &examples(&kit)[0];
    assert!(example.contains("task = \"solve\""), "{example}");
    assert!(
        example.contains("the problem's words ask for another goal than a capture"),
        "{example}"
    );
}

#[test]
fn a_capture_asked_for_and_a_correct_line_that_takes_nothing_is_flagged() {
    // White C3 is in atari (B3 C2 D3 black); the line marked correct, B4 then White C4, takes
    // nothing: the collection's answer does not meet its own question, and import says so.
    let text =
        "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc]PL[B]C[Black to capture.];B[bb];W[cb]C[Correct.])";
    let (kit, stderr) = import(text, "goal-unmet");
    let unmet = "the problem asks for a capture, but the line its collection marks correct ends without one";
    assert!(examples(&kit)[0].contains(unmet), "{kit}");
    assert!(
        stderr.contains(&format!("note: game 1: {unmet}")),
        "{stderr}"
    );
}

/// Xuanxuan Qijing's files mark nothing: one line, the answer. B3 C2 D3 hold white C3 in
/// atari; the line is Black B4 (`bb`), White C4 (`cb`) extends, Black D4 (`db`): no capture
/// of a stone the position held ends it, so the answer is the collection's.
const UNMARKED: &str = "(;GM[1]FF[3]SZ[5]AB[bc][cd][dc]AW[cc]PL[B];B[bb];W[cb];B[db])";

#[test]
fn a_problem_that_marks_nothing_keeps_its_main_line_as_the_answer_off_the_player_page() {
    let (kit, stderr) = import(UNMARKED, "unmarked-problem");
    let example = &examples(&kit)[0];
    assert!(
        example.contains("task = \"solve\"\ncorrect = [\"B4 C4 D4\"]"),
        "{example}"
    );
    assert!(!example.contains("task = \"sequence\""), "{example}");
    assert!(
        example.contains(
            "no line of this problem is marked: its main line is taken as the collection's answer"
        ),
        "{example}"
    );
    assert!(
        stderr.contains(
            "1 problem marks no line correct or wrong: each one's main line is taken as its answer"
        ),
        "{stderr}"
    );
    // The players' sheet asks the question; the line is the host's.
    let dir = common::fresh_dir("unmarked-problem-pack");
    let kit_path = dir.join("kit.toml");
    std::fs::write(&kit_path, &kit).unwrap();
    common::build_pack(&kit_path, &dir.join("pack"), "svg");
    let player: String = std::fs::read_dir(dir.join("pack"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("player-sheet")
        })
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(!player.is_empty());
    for answer in ["B4 C4", "Black B4", "black B4"] {
        assert!(!player.contains(answer), "{answer} on a player page");
    }
}

#[test]
fn in_a_collection_of_problems_one_that_leaves_pl_out_is_a_problem_too() {
    // Game 2 is game 1 without `PL` (Xuanxuan Qijing's files leave it out now and then): its
    // line is the answer too, never moves for the players to play.
    let text = format!("{UNMARKED}\n{}", UNMARKED.replace("PL[B]", ""));
    let (kit, _) = import(&text, "unmarked-collection");
    for example in examples(&kit) {
        assert!(
            example.contains("task = \"solve\"\ncorrect = [\"B4 C4 D4\"]"),
            "{example}"
        );
    }
}

#[test]
fn a_game_record_or_a_demonstration_stays_moves_to_play() {
    // No `PL`: the moves are the example (a demonstration), as before.
    let (kit, _) = import(
        "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc];B[bb];W[cb];B[db])",
        "demonstration",
    );
    assert!(kit.contains("task = \"sequence\""), "{kit}");
}

#[test]
fn one_game_a_kit_cannot_hold_is_left_out_at_its_place_and_the_others_kept() {
    // Game 2's third move plays onto White's own stone at C3: illegal (occupied).
    let text = "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc]PL[B])\n\
                (;GM[1]FF[4]SZ[5]AB[cc]\n;W[dc];B[db]\n;W[cc])\n\
                (;GM[1]FF[4]SZ[5]AB[ae]AW[ad]PL[B])";
    let (kit, stderr) = import(text, "one-bad-game");
    assert_eq!(examples(&kit).len(), 2, "{kit}");
    assert!(
        stderr.starts_with(
            "note: game 2 is left out of the kit: move 3: white C3 is illegal (occupied)"
        ),
        "{stderr}"
    );
    // Its fourth line, `;W[cc])`, second column.
    assert!(stderr.contains(".sgf:4:2\n"), "{stderr}");
    // A file of that game alone cannot become a kit: refused, as before.
    let (code, _, stderr) = run(&["import", "tests/sgf/illegal-move.sgf"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.starts_with("error: game 1, move 3: white C3 is illegal (occupied)"));
}

#[test]
fn games_on_another_board_size_are_left_out_and_said() {
    // Two on 5x5, one on 9x9 between them: the kit is 5x5, game 2 is left out.
    let text = "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc]PL[B])\n\
                (;GM[1]FF[4]SZ[9]AB[ee]AW[ef]PL[B])\n\
                (;GM[1]FF[4]SZ[5]AB[ae]AW[ad]PL[B])";
    let (kit, stderr) = import(text, "mixed-sizes-three");
    assert!(kit.contains("[rules]\nboard = 5\n"), "{kit}");
    assert_eq!(examples(&kit).len(), 2, "{kit}");
    assert!(
        stderr.contains(
            "note: a kit has one board size: the 2 games on 5x5 are kept, and game 2 (9x9) left out (import it alone with `--games 2`)"
        ),
        "{stderr}"
    );
    // As many on each: the first game's size.
    let (kit, stderr) = import(
        &std::fs::read_to_string("tests/sgf/mixed-sizes.sgf").unwrap(),
        "mixed-sizes-two",
    );
    assert!(kit.contains("[rules]\nboard = 5\n"), "{kit}");
    assert!(stderr.contains("game 2 (9x9) left out"), "{stderr}");
}

/// A collection as problem sites and CDs ship it: a folder, one problem a file, its levels as
/// subfolders. Three problems, each the C3 capture of the other tests with its own title; one
/// file is empty, as one of goproblems' endgame files is.
fn collection_folder(name: &str) -> std::path::PathBuf {
    let dir = common::fresh_dir(name);
    let problem = |title: &str| {
        format!(
            "(;GM[1]FF[4]SZ[5]GN[{title}]AB[bc][cd][dc]AW[cc]PL[B]C[Black to capture.];B[cb]C[Correct.])"
        )
    };
    for (path, text) in [
        ("1. Elementary/prob0010.sgf", problem("Ten")),
        ("1. Elementary/prob0002.sgf", problem("Two")),
        ("2. Intermediate/prob0001.sgf", problem("One")),
        ("2. Intermediate/empty.sgf", String::new()),
        ("2. Intermediate/notes.txt", "not a problem".to_string()),
    ] {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    dir
}

/// The `title = ...` lines of a kit, in order.
fn titles(kit: &str) -> Vec<&str> {
    kit.lines()
        .filter_map(|l| l.strip_prefix("title = \""))
        .map(|t| t.trim_end_matches('"'))
        .collect()
}

#[test]
fn a_folder_is_one_collection_in_natural_order_with_each_message_at_its_file() {
    let dir = collection_folder("folder-collection");
    let (code, kit, stderr) = run(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    // The kit's own title is the folder's name; then the problems, prob0002 before prob0010.
    let titles = titles(&kit);
    assert!(titles[0].starts_with("folder-collection"), "{kit}");
    assert_eq!(titles[1..], ["Two", "Ten", "One"], "{kit}");
    // The empty file is left out, and said at its place.
    assert!(
        stderr.contains("2. Intermediate/empty.sgf` is left out: no game found")
            && stderr.contains("--> ")
            && stderr.contains("empty.sgf:1:1"),
        "{stderr}"
    );
}

#[test]
fn match_takes_the_games_whose_path_name_or_level_holds_the_text() {
    let dir = collection_folder("folder-match");
    let folder = dir.to_str().unwrap();
    let (code, kit, stderr) = run(&["import", folder, "--match", "ELEMENTARY"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(titles(&kit)[1..], ["Two", "Ten"], "{kit}");
    // By the game's name, and either of two texts.
    let (_, kit, _) = run(&["import", folder, "--match", "one", "--match", "ten"]);
    assert_eq!(titles(&kit)[1..], ["Ten", "One"], "{kit}");
    // With `--games`, both must take a game: game 3 is prob0001, in "2. Intermediate".
    let (_, kit, _) = run(&["import", folder, "--games", "2-3", "--match", "elementary"]);
    assert_eq!(titles(&kit)[1..], ["Ten"], "{kit}");
    // A text no game holds is a usage error: nothing to write.
    let (code, _, stderr) = run(&["import", folder, "--match", "advanced"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("is taken by `--match advanced`"),
        "{stderr}"
    );
    // `DI`, the level goproblems writes, is matched too.
    let level = common::fresh_dir("folder-level");
    std::fs::write(
        level.join("a.sgf"),
        "(;GM[1]FF[4]SZ[5]GN[Easy]DI[15k]AB[bc][cd][dc]AW[cc]PL[B])",
    )
    .unwrap();
    std::fs::write(
        level.join("b.sgf"),
        "(;GM[1]FF[4]SZ[5]GN[Hard]DI[2d]AB[bc][cd][dc]AW[cc]PL[B])",
    )
    .unwrap();
    let (code, kit, stderr) = run(&["import", level.to_str().unwrap(), "--match", "15k"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(titles(&kit)[1..], ["Easy"], "{kit}");
}

#[test]
fn a_selection_reads_a_game_as_its_whole_collection_does() {
    // a.sgf marks its line (a problem collection); b.sgf gives no PL and marks nothing. Taken
    // alone with `--games 2`, b is still a problem: its line is the answer, not moves to play.
    let dir = common::fresh_dir("selection-context");
    std::fs::write(
        dir.join("a.sgf"),
        "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc]PL[B];B[cb]C[RIGHT])",
    )
    .unwrap();
    std::fs::write(dir.join("b.sgf"), UNMARKED.replace("PL[B]", "")).unwrap();
    let (code, kit, stderr) = run(&["import", dir.to_str().unwrap(), "--games", "2"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        kit.contains("task = \"solve\"\ncorrect = [\"B4 C4 D4\"]"),
        "{kit}"
    );
    assert!(!kit.contains("task = \"sequence\""), "{kit}");
}

#[test]
fn a_folder_s_links_back_shadows_and_unreadable_files_cost_nothing() {
    let dir = common::fresh_dir("folder-hazards");
    std::fs::write(dir.join("a.sgf"), UNMARKED).unwrap();
    // A zip from macOS: a shadow of every file, not SGF at all.
    std::fs::create_dir_all(dir.join("__MACOSX")).unwrap();
    std::fs::write(dir.join("__MACOSX/._a.sgf"), [0u8, 5, 22, 7, 0xff, 0xfe]).unwrap();
    std::fs::write(dir.join(".hidden.sgf"), "not a game").unwrap();
    // A folder linking back to its parent, and one to itself: each folder is read once.
    #[cfg(unix)]
    {
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::os::unix::fs::symlink("..", dir.join("sub/up")).unwrap();
        std::os::unix::fs::symlink(".", dir.join("sub/here")).unwrap();
    }
    let (code, kit, stderr) = run(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(examples(&kit).len(), 1, "{kit}\n{stderr}");
    assert!(
        !stderr.contains("__MACOSX") && !stderr.contains(".hidden"),
        "{stderr}"
    );
}

/// goproblems writes `PL[]` now and then: an empty `PL` names no player (as sgfmill reads it),
/// so the problem imports, Black to play as its first moves say, with a note at the `PL[]`.
#[test]
fn an_empty_pl_names_no_player() {
    let (kit, stderr) = import_checked("tests/sgf/real-files/empty-player.sgf", "empty-player");
    let example = &examples(&kit)[0];
    assert!(example.contains("to_play = \"black\""), "{example}");
    assert!(example.contains("correct = [\"B1 A1\"]"), "{example}");
    assert!(
        stderr.contains("1:53: `PL[]` is empty: it names no player, as sgfmill reads it"),
        "{stderr}"
    );
}

/// A problem whose correct line repeats a whole-board position (White sends two at C1, Black
/// takes two at A1, White takes one back at B1: the board is the setup again, Black to play,
/// as in a double ko). A problem collection that names no ruleset is read under the simple ko
/// rule its problems are written for: the line is the answer, the kit says `ko = "simple"`,
/// and one note says why. Under the default positional superko B1 was illegal and the answer
/// was lost.
#[test]
fn a_problem_collection_is_read_under_the_simple_ko_rule() {
    let (kit, stderr) = import_checked(
        "tests/sgf/real-files/repeated-position.sgf",
        "repeated-position",
    );
    assert!(kit.contains("\nko = \"simple\"\n"), "{kit}");
    let example = &examples(&kit)[0];
    assert!(example.contains("correct = [\"C1 A1 B1\"]"), "{example}");
    let said =
        "the collection's problems name no ruleset (`RU`): they are read under the simple ko rule";
    assert_eq!(stderr.matches(said).count(), 1, "{stderr}");
    // A ruleset the file names is kept: Chinese rules forbid the repetition, and say so.
    let text = std::fs::read_to_string("tests/sgf/real-files/repeated-position.sgf")
        .unwrap()
        .replace("SZ[5]", "SZ[5]RU[Chinese]");
    let sgf = temp_path("repeated-position-chinese").with_extension("sgf");
    std::fs::write(&sgf, text).unwrap();
    let (kit, stderr) = import_checked(sgf.to_str().unwrap(), "repeated-position-chinese");
    let _ = std::fs::remove_file(sgf);
    assert!(!kit.contains("ko = \"simple\""), "{kit}");
    assert!(!stderr.contains(said), "{stderr}");
}

/// A 9x9 corner with White's straight three A9 B9 C9 (White A8 B8 C8 D8 D9 walled in by Black
/// A7-D7, E7-E9): the vital point B9 kills, A9 or C9 lets White live at B9. `SZ[9]`, so
/// `aa` is A9.
const STRAIGHT_THREE: &str = "AB[ac][bc][cc][dc][ec][eb][ea]AW[ab][bb][cb][db][da]";

#[test]
fn a_life_and_death_problem_becomes_a_proven_kill_with_its_lines_kept() {
    let text = format!(
        "(;GM[1]FF[4]SZ[9]{STRAIGHT_THREE}C[Elementary]\n\
         (;B[ba]C[Correct.])\n\
         (;B[aa];W[ba]C[Wrong.]))"
    );
    let (kit, _) = import(&text, "ld-kill");
    let example = &examples(&kit)[0];
    assert!(
        example.contains("task = \"kill\"\ngroup = ") && example.contains("correct = [\"B9\"]"),
        "{example}"
    );
    assert!(
        example.contains("the question: black to kill the group at"),
        "{example}"
    );
    // The collection's level is no question: the sheet prints "Black to kill" instead.
    assert!(!example.contains("prompt = "), "{example}");
    let path = temp_path("ld-kill-key").with_extension("toml");
    std::fs::write(&path, &kit).unwrap();
    let (code, key, err) = run(&["key", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(key.contains("dies unconditionally"), "{key}");
    assert!(key.contains("B9 works: 1. Black B9"), "{key}");
    assert!(!key.contains("Erratum"), "{key}");
}

#[test]
fn a_collection_marking_a_failing_move_correct_gets_an_erratum_with_the_refutation() {
    // The same problem with A9 marked correct: A9 fails to White's B9, and B9 (the real
    // answer) is one the collection does not list.
    let text = format!(
        "(;GM[1]FF[4]SZ[9]{STRAIGHT_THREE}C[Black to kill.]\n\
         (;B[aa];W[ba]C[Correct.])\n\
         (;B[ca];W[ba]C[Wrong.]))"
    );
    let (kit, _) = import(&text, "ld-erratum");
    assert!(examples(&kit)[0].contains("task = \"kill\""), "{kit}");
    let path = temp_path("ld-erratum-key").with_extension("toml");
    std::fs::write(&path, &kit).unwrap();
    let (code, key, err) = run(&["key", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        key.contains("Erratum:") && key.contains("A9") && key.contains("White B9"),
        "{key}"
    );
}
