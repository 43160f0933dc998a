//! `libertykit check`: good kits pass, each broken kit under tests/kits/broken gets its
//! diagnostic (message, line, column and help; whole stderr snapshotted), and odd input never panics.

mod common;

use common::run;
use std::path::PathBuf;

/// Checks one broken kit: exit 1, the message at `line:col`, and the whole stderr as a snapshot.
fn broken(name: &str, message: &str, line: usize, col: usize) {
    let path = format!("tests/kits/broken/{name}.toml");
    let (code, out, err) = run(&["check", &path]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    assert!(err.starts_with(&format!("error: {message}\n")), "{err}");
    assert!(
        err.contains(&format!(" --> {path}:{line}:{col}\n")),
        "{err}"
    );
    assert!(err.contains("= help: "), "{err}");
    insta::assert_snapshot!(format!("check_{name}"), err);
}

#[test]
fn shipped_examples_and_good_kits_pass() {
    let (code, out, err) = run(&[
        "check",
        "examples/liberty-chain-capture.toml",
        "examples/capture-drills.toml",
        "examples/counting-practice-9x9.toml",
        "tests/kits/good/minimal.toml",
        "tests/kits/good/scaffold.toml",
        "examples/liberty-chain-capture-fr.toml",
        "examples/liberty-chain-capture-ja.toml",
        "examples/big-board-corners.toml",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    assert!(
        lines[5]
            .starts_with("ok  examples/liberty-chain-capture-fr.toml: 2 examples, fingerprint ")
    );
    assert!(
        lines[0].starts_with("ok  examples/liberty-chain-capture.toml: 2 examples, fingerprint ")
    );
    assert!(lines[1].starts_with("ok  examples/capture-drills.toml: 8 examples, fingerprint "));
    assert!(lines[3].starts_with("ok  tests/kits/good/minimal.toml: 1 example, fingerprint "));
    let fp = lines[0].rsplit(' ').next().unwrap();
    assert_eq!(fp.len(), 8);
    assert!(fp.chars().all(|c| c.is_ascii_hexdigit()));
}

/// The capture drills' keys hold under every repetition rule: its "No immediate recapture"
/// history begins with White, so the retake repeats the start with White to move, which
/// situational superko forbids as positional superko and simple ko do.
#[test]
fn capture_drills_pass_under_every_ko_rule() {
    let drills = std::fs::read_to_string("examples/capture-drills.toml").unwrap();
    assert!(drills.contains("ko = \"positional\""));
    for ko in ["positional", "situational", "simple"] {
        let path = common::temp_path(&format!("drills-{ko}")).with_extension("toml");
        std::fs::write(
            &path,
            drills.replace("ko = \"positional\"", &format!("ko = \"{ko}\"")),
        )
        .unwrap();
        let (code, _, err) = run(&["check", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{ko}: {err}");
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn toml_syntax_error() {
    broken(
        "syntax",
        "invalid toml: invalid basic string, expected `\"`",
        2,
        16,
    );
}

#[test]
fn unknown_key_suggests_the_nearest() {
    broken("unknown-key", "unknown key `titel` in `[kit]`", 2, 1);
    let (_, _, err) = run(&["check", "tests/kits/broken/unknown-key.toml"]);
    assert!(err.contains("help: did you mean `title`?"), "{err}");
}

#[test]
fn unknown_text_key_suggests_the_nearest() {
    broken(
        "unknown-text-key",
        "unknown wording key `answer_drow` in `[text]`",
        8,
        1,
    );
}

#[test]
fn unknown_language_names_the_nearest_and_every_available_one() {
    broken("unknown-language", "unknown language `jp`", 3, 12);
    let (_, _, err) = run(&["check", "tests/kits/broken/unknown-language.toml"]);
    assert!(
        err.contains("help: did you mean `language = \"ja\"` (日本語)?"),
        "{err}"
    );
    assert!(
        err.contains("the wording exists in `en` (English), `fr` (French), `ja` (Japanese)"),
        "{err}"
    );
}

/// A language written as its name, in its own language, as a regional tag, or one without
/// templates: each is refused at its place with the code to write, or the codes there are.
#[test]
fn a_language_not_written_as_a_known_code_says_what_to_write() {
    let path = common::temp_path("kit-language").with_extension("toml");
    for (written, help) in [
        ("French", "did you mean `language = \"fr\"` (français)?"),
        ("francais", "did you mean `language = \"fr\"` (français)?"),
        ("日本語", "did you mean `language = \"ja\"` (日本語)?"),
        ("fr-CA", "did you mean `language = \"fr\"` (français)?"),
        (
            "de",
            "for another language, keep one of these and reword its sentences in `[text]`",
        ),
        ("", "write a language's code, e.g. `language = \"fr\"`"),
    ] {
        std::fs::write(
            &path,
            format!("[kit]\ntitle = \"T\"\nlanguage = \"{written}\"\n[rules]\nboard = 5\n"),
        )
        .unwrap();
        let (code, _, err) = run(&["check", path.to_str().unwrap()]);
        assert_eq!(code, 1, "{written}: {err}");
        assert!(err.contains(":3:12\n"), "{written}: {err}");
        assert!(err.contains(help), "{written}: {err}");
        assert!(
            err.contains("check failed with 1 problem\n"),
            "{written}: {err}"
        );
    }
    let _ = std::fs::remove_file(path);
}

/// `[text]` is read against the kit's language: its keys are checked as in English, and an
/// entry replaces the translated sentence while the others stay translated.
#[test]
fn text_entries_of_a_french_kit_are_checked_and_replace_the_french_sentence() {
    let path = common::temp_path("kit-language-text").with_extension("toml");
    let kit = |text: &str| {
        format!(
            "[kit]\ntitle = \"T\"\nlanguage = \"fr\"\n[rules]\nboard = 5\n[text]\n{text}\n\
             [[example]]\nposition = \"white C3; black B3 C2 D3\"\ntask = \"capture\"\nto_play = \"black\"\n"
        )
    };
    std::fs::write(&path, kit("answer_captur = \"{point} prend {captured}\"")).unwrap();
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("error: unknown wording key `answer_captur` in `[text]`"),
        "{err}"
    );
    assert!(
        err.contains("help: did you mean `answer_capture`?"),
        "{err}"
    );

    std::fs::write(&path, kit("answer_capture = \"{point} prend {captured}\"")).unwrap();
    let (code, out, err) = run(&["key", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nC4 prend C3\n"), "{out}");
    assert!(
        out.contains("\nNoir joue\u{a0}: quel coup capture\u{a0}?\n"),
        "{out}"
    );
    let _ = std::fs::remove_file(path);
}

#[test]
fn missing_required_keys_and_tables() {
    broken(
        "missing-title",
        "`[kit]` is missing the required key `title`",
        1,
        1,
    );
    broken("missing-rules", "missing table `[rules]`", 1, 1);
}

#[test]
fn wrong_type_and_unsupported_board() {
    broken(
        "wrong-type",
        "`record_rows` must be a whole number, not the text `\"eight\"`",
        3,
        15,
    );
    broken("bad-board", "board size -5 is not supported", 5, 9);
}

#[test]
fn point_off_the_board_names_columns_and_rows() {
    broken(
        "off-board",
        "`F3` is off the 5x5 board; columns run A to E and rows 1 to 5",
        8,
        32,
    );
}

#[test]
fn column_i_is_refused() {
    broken(
        "column-i",
        "`I3` uses column `I`, which Go notation skips; columns run A B C D E F G H J K ...",
        8,
        29,
    );
}

#[test]
fn point_given_twice() {
    broken(
        "point-twice",
        "`C3` is named as white and again as black",
        8,
        32,
    );
}

#[test]
fn chain_without_liberty_is_named() {
    broken("no-liberty", "the white stone `C3` has no liberty", 8, 19);
}

#[test]
fn task_fields_that_are_needed() {
    broken(
        "missing-to-play",
        "example 1: task `capture` needs `to_play`",
        9,
        8,
    );
    broken(
        "missing-group",
        "example 1: task `liberties` needs `group`",
        9,
        8,
    );
    broken("missing-move", "example 1: task `legal` needs `move`", 9, 8);
}

#[test]
fn group_on_an_empty_point() {
    broken(
        "group-empty",
        "`group` names `C4`, which is empty in this position",
        10,
        9,
    );
}

#[test]
fn illegal_move_in_moves() {
    broken(
        "illegal-move",
        "`moves` entry 2: white C3 is illegal (suicide)",
        10,
        22,
    );
}

#[test]
fn key_that_disagrees_with_the_engine() {
    broken(
        "wrong-key",
        "example 1: the key says B4, C5, but the engine finds: White chain C3, C4 has 3 liberties: B4, C5, D4",
        11,
        7,
    );
    broken(
        "no-capture",
        "example 1: Black has no capturing move",
        10,
        8,
    );
}

#[test]
fn every_problem_in_a_file_is_reported() {
    broken("many-problems", "unknown key `papr` in `[kit]`", 3, 1);
    let (_, _, err) = run(&["check", "tests/kits/broken/many-problems.toml"]);
    assert!(
        err.contains("unknown repetition rule `posicional`"),
        "{err}"
    );
    assert!(err.contains("many-problems.toml:10:29"), "{err}");
    // The wrong `ko` does not stop the second example's key from being compared.
    assert!(err.contains("many-problems.toml:18:7"), "{err}");
    assert!(
        err.ends_with("error: check failed with 4 problems\n"),
        "{err}"
    );
}

/// Every problem of a `solve` example's lines in one run, each at its move.
#[test]
fn solve_lines_are_played_and_each_mistake_is_placed() {
    broken(
        "solve-lines",
        "example 1: `correct` line 1, move 3: black A2 is illegal (occupied)",
        13,
        19,
    );
    let (_, _, err) = run(&["check", "tests/kits/broken/solve-lines.toml"]);
    for (message, place) in [
        ("line 2 starts with white C1", "13:25"),
        ("`wrong` line 1 starts with B1", "14:10"),
        ("example 2: task `solve` needs `correct`", "19:8"),
        ("example 2: a `solve` example has no `key`", "20:7"),
    ] {
        assert!(err.contains(message), "{err}");
        assert!(err.contains(&format!("solve-lines.toml:{place}")), "{err}");
    }
    assert!(
        err.ends_with("error: check failed with 5 problems\n"),
        "{err}"
    );
}

#[test]
fn every_kit_is_checked_and_an_unreadable_one_exits_2() {
    let (code, out, err) = run(&[
        "check",
        "tests/kits/broken/off-board.toml",
        "tests/kits/does-not-exist.toml",
        "examples/liberty-chain-capture.toml",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        out.starts_with("ok  examples/liberty-chain-capture.toml"),
        "{out}"
    );
    assert!(err.contains("off-board.toml:8:32"), "{err}");
    assert!(
        err.contains("error: cannot read `tests/kits/does-not-exist.toml`: no such file or folder"),
        "{err}"
    );
    assert!(
        err.ends_with("error: 1 of 3 kits could not be read\n"),
        "{err}"
    );
}

#[test]
fn odd_input_never_panics() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("odd-kits");
    std::fs::create_dir_all(&dir).unwrap();
    let five = "[kit]\ntitle = \"x\"\n[rules]\nboard = 5\n";
    let cases: Vec<(&str, String)> = vec![
        ("empty", String::new()),
        ("binaryish", "\u{1}\u{2}\u{7f}[[[ ==== \"\u{feff}\n\t\0".into()),
        ("huge-board", "[kit]\ntitle = \"x\"\n[rules]\nboard = 99999999999999999999\n".into()),
        ("big-board", "[kit]\ntitle = \"x\"\n[rules]\nboard = 9223372036854775807\n".into()),
        ("negative", "[kit]\ntitle = \"x\"\nrecord_rows = -3\n[rules]\nboard = -9\nmax_stones = -1\nkomi = -1e308\n".into()),
        ("types", "kit = 3\nrules = [1, 2]\ntext = \"x\"\nexample = { position = 1 }\n".into()),
        ("nested", "[kit]\ntitle = [[[]]]\n[rules]\nboard = { a = 1 }\n".into()),
        ("example-table", format!("{five}[example]\nposition = \"\"\ntask = \"capture\"\n")),
        ("weird-example", format!("{five}[[example]]\nposition = \"white ;;; black\"\ntask = \"score\"\nkey = 3.5\ndead = [\"Z99\", \"\"]\n")),
        ("unicode", format!("{five}[[example]]\nposition = \"wh\u{e9}te C3 \u{1f600}\"\ntask = \"liberties\"\ngroup = \"\u{e9}3\"\n")),
        ("escapes", format!("{five}[[example]]\nposition = \"white\\tC3; black\\u0020F3\"\ntask = \"capture\"\nto_play = \"\"\n")),
        ("legal-pass", format!("{five}[[example]]\nposition = \"\"\ntask = \"legal\"\nto_play = \"w\"\nmove = \"pass\"\nhistory = [\"pass\", \"black A1 A2\", 7]\n")),
        ("komi", "[kit]\ntitle = \"x\"\nspacing_mm = [1e400]\ncounter_mm = nan\n[rules]\nboard = 2\nkomi = inf\n".into()),
    ];
    for (name, text) in cases {
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        let (code, _, err) = run(&["check", path.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        assert!(err.contains("error: "), "{name}: {err}");
    }
    let path = dir.join("not-utf8.toml");
    std::fs::write(&path, [0xff, 0xfe, 0x00, b'[']).unwrap();
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not UTF-8 text"), "{err}");
}

#[test]
fn character_no_font_can_print() {
    broken(
        "unprintable",
        "`☃` (U+2603) is in no font the pack is set in (in `Snow ☃ capture`)",
        2,
        15,
    );
}

/// A wrong key is reported in the same run as an unrelated problem elsewhere in the kit.
#[test]
fn a_wrong_key_is_reported_alongside_other_problems() {
    let path = "tests/kits/broken/wrong-key-among-others.toml";
    let (code, _, err) = run(&["check", path]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("error: unknown key `papr` in `[kit]`"),
        "{err}"
    );
    assert!(err.contains(&format!(" --> {path}:3:1\n")), "{err}");
    assert!(
        err.contains(
            "error: example 1: the key says B4, but the engine finds: C4 captures C3 (1 stone)"
        ),
        "{err}"
    );
    assert!(err.contains(&format!(" --> {path}:12:7\n")), "{err}");
    assert!(
        err.ends_with("error: check failed with 2 problems\n"),
        "{err}"
    );
}

#[test]
fn text_override_with_a_placeholder_the_program_does_not_fill() {
    broken(
        "unknown-placeholder",
        "`{titel}` in `footer_left` is not filled in by libertykit",
        8,
        15,
    );
}

/// One wrong value in `[kit]` (an unknown key, a value of the wrong kind) does not hide the
/// problems of the others: each is reported at its place in the same run.
#[test]
fn every_problem_in_the_kit_table_is_reported() {
    let path = common::temp_path("kit-table").with_extension("toml");
    std::fs::write(
        &path,
        "[kit]\ntitle = \"T\"\npapr = \"a4\"\npaper = \"a5\"\nrecord_rows = 900\n\
         counter_mm = \"big\"\n[rules]\nboard = 5\n",
    )
    .unwrap();
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    for (line, what) in [
        (3, "papr"),
        (4, "unknown paper `a5`"),
        (5, "`record_rows` must be a whole number from 0 to"),
        (6, "counter_mm"),
    ] {
        assert!(err.contains(what), "{what}: {err}");
        assert!(err.contains(&format!(":{line}:")), "line {line}: {err}");
    }
    assert!(err.contains("check failed with 4 problems"), "{err}");
    let _ = std::fs::remove_file(path);
}

/// `game-over` and `illegal` are keys an author may write for a `legal` question; a reason
/// that is not the engine's is refused. By hand: after two stones the 2-stone limit ends the
/// game, so any third move is refused because the game is over, not for being suicide.
#[test]
fn game_over_and_illegal_are_keys_for_legal_questions() {
    let (code, _, err) = run(&["check", "tests/kits/good/game-over-keys.toml"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string("tests/kits/good/game-over-keys.toml").unwrap();
    let path = common::temp_path("game-over-wrong").with_extension("toml");
    std::fs::write(&path, text.replace("\"game-over\"", "\"suicide\"")).unwrap();
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the key says `suicide`, but the engine finds: C4 is illegal for Black: the game is over"),
        "{err}"
    );
    let _ = std::fs::remove_file(path);
}

/// The page options of issue 11 are read and refused in the author's words: a counters word
/// it does not know, a view that is not two corners or is one line, record rows past 80.
#[test]
fn page_options_are_checked() {
    let path = common::temp_path("page-options").with_extension("toml");
    std::fs::write(
        &path,
        "[kit]\ntitle = \"T\"\ncounters = \"nome\"\nrecord_rows = 81\n[rules]\nboard = 5\n\
         [[example]]\nposition = \"white C3\"\ntask = \"liberties\"\ngroup = \"C3\"\nview = \"A1-C3\"\n\
         [[example]]\nposition = \"white C3\"\ntask = \"liberties\"\ngroup = \"C3\"\nview = \"A1:E1\"\n",
    )
    .unwrap();
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    for what in [
        "unknown `counters` value `nome`",
        "did you mean `\"none\"`?",
        "from 0 to 80, not 81",
        "`view = \"A1-C3\"` is not two corners joined by `:`",
        "`view = \"A1:E1\"` is a single line of points",
    ] {
        assert!(err.contains(what), "{what}: {err}");
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn view_that_hides_the_capture() {
    broken(
        "view-hides-capture",
        "example 1: the view B2:G7 leaves out the capturing move A2; the captured stone A1",
        11,
        8,
    );
}

/// A sequence's key lists every stone captured, once per capture: a point taken twice in a ko
/// fight is named twice, and naming it once is refused with the engine's account.
#[test]
fn a_sequence_key_names_a_point_once_per_capture() {
    let (code, _, err) = run(&["check", "tests/kits/good/ko-fight-sequence.toml"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string("tests/kits/good/ko-fight-sequence.toml").unwrap();
    let path = common::temp_path("ko-fight-once").with_extension("toml");
    std::fs::write(
        &path,
        text.replace("[\"B3\", \"C3\", \"B3\"]", "[\"B3\", \"C3\"]"),
    )
    .unwrap();
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the key says B3, C3, but the engine finds"),
        "{err}"
    );
    assert!(err.contains("7. Black C3: captures B3 (1 stone)"), "{err}");
    let _ = std::fs::remove_file(path);
}

/// `key`, `export` and `build` on a kit that fails its check end as `check` does, with the
/// count of problems (and `build` saying that nothing was written).
#[test]
fn every_command_on_a_failing_kit_ends_with_the_count_of_problems() {
    let kit = "tests/kits/broken/many-problems.toml";
    let out = std::env::temp_dir().join(format!("libertykit-summary-{}", std::process::id()));
    let out = out.to_str().unwrap();
    for (args, ending) in [
        (vec!["key", kit], "error: check failed with 4 problems\n"),
        (
            vec!["export", kit, "--out", &format!("{out}.sgf")],
            "error: check failed with 4 problems\n",
        ),
        (
            vec!["build", kit, "--out", out],
            "error: check failed with 4 problems; nothing was written\n",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.ends_with(ending), "{args:?}: {err}");
    }
    assert!(!std::path::Path::new(out).exists());
}

/// What a French or Japanese sheet prints as a position ("Blanc C3; Noir B3 C2 D3",
/// "白 C3; 黒 B3 C2 D3"), pasted into the kit in place of what the author wrote, is the same
/// position: `key` gives the same answers to the same stones.
#[test]
fn positions_printed_in_french_and_japanese_read_back() {
    if !common::tool_available("pdftotext") {
        return;
    }
    for language in ["fr", "ja"] {
        let kit = PathBuf::from(format!("examples/liberty-chain-capture-{language}.toml"));
        let out = common::temp_path(&format!("printed-positions-{language}"));
        common::build_pack(&kit, &out, "pdf");
        let text = std::process::Command::new("pdftotext")
            .args(["-layout", "player-sheet.pdf", "-"])
            .current_dir(&out)
            .output()
            .unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        // Diagrams stand side by side, so a line holds each one's position apart by spaces.
        let printed: Vec<&str> = text
            .lines()
            .flat_map(|line| line.split("   "))
            .map(str::trim)
            .filter(|cell| {
                ["Blanc ", "Noir ", "白 ", "黒 "]
                    .iter()
                    .any(|word| cell.starts_with(word))
                    && cell
                        .split(' ')
                        .nth(1)
                        .is_some_and(|p| p.starts_with(['B', 'C']))
            })
            .collect();
        let written = std::fs::read_to_string(&kit).unwrap();
        let positions = written.lines().filter(|l| l.starts_with("position = "));
        assert_eq!(printed.len(), positions.count(), "{language}: {printed:?}");
        let mut printed_lines = printed.iter();
        let pasted: String = written
            .lines()
            .map(|line| match line.starts_with("position = ") {
                true => format!("position = \"{}\"\n", printed_lines.next().unwrap()),
                false => format!("{line}\n"),
            })
            .collect();
        assert!(
            pasted.contains("Noir B3") || pasted.contains("黒 B3"),
            "{pasted}"
        );
        let pasted_kit = out.join("pasted.toml");
        std::fs::write(&pasted_kit, pasted).unwrap();
        let key = |path: &std::path::Path| {
            let (code, out, err) = run(&["key", path.to_str().unwrap(), "--format", "json"]);
            assert_eq!(code, 0, "{language}: {err}");
            // The fingerprint is of the kit's text, which differs by design.
            let answers: Vec<&str> = out
                .lines()
                .filter(|l| !l.contains("\"fingerprint\""))
                .collect();
            answers.join("\n")
        };
        assert_eq!(key(&pasted_kit), key(&kit), "{language}");
        let _ = std::fs::remove_dir_all(out);
    }
}

/// Every mistake of the `kill` and `live` examples below in one run, each at its line and
/// column with what to write instead.
#[test]
fn life_and_death_mistakes_are_each_reported_at_their_place() {
    let stones = "position = \"white A2 B2 C2 D2 D1; black A3 B3 C3 D3 E3 E2 E1\"";
    let kit = [
        "[kit]\ntitle = \"Mistakes\"\n[rules]\nboard = 9\n".to_string(),
        // 1: the group to kill is White's, not Black's own.
        format!("[[example]]\n{stones}\nto_play = \"black\"\ntask = \"kill\"\ngroup = \"B3\"\n"),
        // 2: the group to make live is the side to play's: Black's B3 is the opponent's.
        format!("[[example]]\n{stones}\nto_play = \"white\"\ntask = \"live\"\ngroup = \"B3\"\n"),
        // 3: an empty point.
        format!("[[example]]\n{stones}\nto_play = \"black\"\ntask = \"kill\"\ngroup = \"F5\"\n"),
        // 4: a region not written as two corners, and a correct line with an illegal move.
        format!(
            "[[example]]\n{stones}\nto_play = \"black\"\ntask = \"kill\"\ngroup = \"B2\"\n\
             region = \"A1-E4\"\ncorrect = [\"B1 A2\"]\n"
        ),
        // 5: a region corner off the 9x9 board.
        format!(
            "[[example]]\n{stones}\nto_play = \"black\"\ntask = \"kill\"\ngroup = \"B2\"\n\
             region = \"A1:E12\"\n"
        ),
        // 6: a region that leaves the group out.
        format!(
            "[[example]]\n{stones}\nto_play = \"black\"\ntask = \"kill\"\ngroup = \"B2\"\n\
             region = \"F1:J4\"\n"
        ),
        // 7: no group, and a `key` (the answer is the proof).
        format!("[[example]]\n{stones}\nto_play = \"black\"\ntask = \"kill\"\nkey = \"B1\"\n"),
        // 8: `region` on a task that has none.
        format!(
            "[[example]]\n{stones}\ntask = \"liberties\"\ngroup = \"B2\"\nregion = \"A1:E4\"\n"
        ),
    ]
    .join("\n");
    let path = common::temp_path("ld-mistakes").with_extension("toml");
    std::fs::write(&path, &kit).unwrap();
    let shown = path.display().to_string();
    let (code, out, err) = run(&["check", &shown]);
    assert_eq!(code, 1, "{out}");
    let at = |needle: &str, nth: usize| {
        let start = kit.match_indices(needle).nth(nth).unwrap().0;
        let line = kit[..start].matches('\n').count() + 1;
        let col = kit[..start].rsplit('\n').next().unwrap().chars().count() + 1;
        format!(" --> {shown}:{line}:{col}\n")
    };
    for (message, place, help) in [
        (
            "`group` names `B3`, a black stone, but black is to play: the group to kill is the opponent's",
            at("\"B3\"", 0),
            "name a white stone, or write `task = \"live\"`",
        ),
        (
            "`group` names `B3`, a black stone, but white is to play: the group to make live is the side to play's own",
            at("\"B3\"", 1),
            "name a white stone, or write `task = \"kill\"`",
        ),
        (
            "`group` names `F5`, which is empty in this position",
            at("\"F5\"", 0),
            "name a stone of the chain",
        ),
        (
            "`region = \"A1-E4\"` is not two corners joined by `:`",
            at("\"A1-E4\"", 0),
            "write two opposite corners",
        ),
        (
            "example 4: `correct` line 1, move 2: white A2 is illegal (occupied)",
            at("A2\"]", 0),
            "the point already holds a stone",
        ),
        (
            "`region`: ",
            at("\"A1:E12\"", 0),
            "write two opposite corners",
        ),
        (
            "example 6: `region = \"F1:J4\"` does not hold the group's stone B2",
            at("\"F1:J4\"", 0),
            "widen it to take in B2",
        ),
        (
            "example 7: task `kill` needs `group`",
            at("\"kill\"\nkey", 0),
            "a stone of the opponent's group to kill",
        ),
        (
            "example 7: a `kill` example has no `key`",
            at("\"B1\"\n", 0),
            "its answer is the engine's proof",
        ),
        (
            "`region` does nothing in a `liberties` example",
            at("\"A1:E4\"", 0),
            "belongs to `task = \"kill\"`",
        ),
    ] {
        let found = err
            .split("\nerror: ")
            .find(|d| d.trim_start_matches("error: ").starts_with(message))
            .unwrap_or_else(|| panic!("{message:?} not in\n{err}"));
        assert!(found.contains(&place), "{message}: {place:?} in\n{found}");
        assert!(found.contains(help), "{message}: {help:?} in\n{found}");
    }
}
