//! No answer reaches a player page by any path. `build` reads every player page as laid out
//! and refuses, with exit 1 at the kit's line and column, one that would print a phrase the
//! host key prints for an answer (a whole sentence, or the claim at its heart: "C4 captures
//! C3", "B1 is illegal"), whether it came from a prompt, a title, a `[text]` sentence or an
//! imported comment; and `import` never makes a prompt of an answer: an export keeps the answer
//! out of the root's comment, an old export's answer is cut off however an editor re-saved it,
//! and a move's comment ("Correct.", "正解图") is never the question.

mod common;

use std::path::{Path, PathBuf};

use common::{pdf_text, run, temp_path, tool_available};
use libertykit::answer::{
    Firewall, answer_key, describe, describe_compact, firewall::fold, giveaways,
};
use libertykit::kit::load;

/// The seed's first two examples; `extra` is put into the first example's table.
fn seed_kit(kit_table: &str, text_table: &str, extra: &str) -> String {
    format!(
        "[kit]\ntitle = \"Leaks\"\n{kit_table}\n[rules]\nboard = 5\n\n[text]\n{text_table}\n\n\
         [[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\n\
         task = \"capture\"\n{extra}\n\n\
         [[example]]\nposition = \"white C3 C4; black B3 C2 D3\"\ntask = \"liberties\"\n\
         group = \"C3\"\n"
    )
}

/// Builds `kit` (written to a file named `name`): (exit code, stdout, stderr, the pack folder).
fn build(name: &str, kit: &str) -> (i32, String, String, PathBuf) {
    let path = temp_path(name).with_extension("toml");
    std::fs::write(&path, kit).unwrap();
    let out = temp_path(&format!("{name}-pack"));
    let (code, stdout, stderr) = run(&[
        "build",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    (code, stdout, stderr, out)
}

/// The `line:column` that `path:line:col` of the first diagnostic gives.
fn place(stderr: &str) -> (usize, usize) {
    let line = stderr
        .lines()
        .find(|l| l.trim_start().starts_with("--> "))
        .unwrap_or_else(|| panic!("no place in: {stderr}"));
    let mut parts = line.rsplit(':');
    let col = parts.next().unwrap().parse().unwrap();
    let row = parts.next().unwrap().parse().unwrap();
    (row, col)
}

/// The 1-based line and column of the first `needle` in `text`.
fn line_col_of(text: &str, needle: &str) -> (usize, usize) {
    let at = text.find(needle).unwrap();
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

#[test]
fn an_answer_in_a_prompt_is_refused_at_its_place_whatever_its_spacing_or_case() {
    for (i, prompt) in [
        "C4 captures C3",
        "Hint: c4 CAPTURES c3!",
        "Hint: C4\\u00a0captures\\nC3",
        "Hint: C4 captures\\u200b C3",
    ]
    .into_iter()
    .enumerate()
    {
        let kit = seed_kit("", "", &format!("prompt = \"{prompt}\""));
        let (code, stdout, stderr, out) = build(&format!("leak-prompt-{i}"), &kit);
        assert_eq!(code, 1, "{prompt}: {stderr}");
        assert!(
            stderr.contains("would print the answer to example 1"),
            "{prompt}: {stderr}"
        );
        assert!(
            stderr.contains("the host key prints `C4 captures C3`"),
            "{stderr}"
        );
        let (line, _) = line_col_of(&kit, "prompt =");
        let (found_line, found_col) = place(&stderr);
        assert_eq!(found_line, line, "{prompt}: {stderr}");
        assert!(found_col > "prompt = ".len(), "{prompt}: {stderr}");
        // Nothing is written: not the player sheet, not the host key.
        assert!(stdout.is_empty(), "{stdout}");
        assert!(!out.exists(), "{prompt}: {}", out.display());
    }
}

#[test]
fn an_answer_in_a_title_or_a_text_sentence_is_refused_too() {
    // The kit's title, an example's title, and a `[text]` sentence every capture prompt uses.
    let cases = [
        (
            seed_kit("", "", "").replace("title = \"Leaks\"", "title = \"C4 captures C3\""),
            "title = \"C4",
        ),
        (
            seed_kit("", "", "title = \"Why C4 captures C3\""),
            "title = \"Why",
        ),
        (
            seed_kit(
                "",
                "prompt_capture = \"{color} to play: C4 captures C3, does it?\"",
                "",
            ),
            "prompt_capture",
        ),
        // Example 2's answer, given away by example 1's prompt: every answer against every page.
        (
            seed_kit(
                "",
                "",
                "prompt = \"Note that White chain C3, C4 has 3 liberties\"",
            ),
            "prompt =",
        ),
    ];
    for (i, (kit, written)) in cases.iter().enumerate() {
        let (code, _, stderr, _) = build(&format!("leak-title-{i}"), kit);
        assert_eq!(code, 1, "{kit}\n{stderr}");
        assert!(stderr.contains("would print the answer"), "{stderr}");
        assert_eq!(place(&stderr).0, line_col_of(kit, written).0, "{stderr}");
    }
}

#[test]
fn each_kind_of_answer_has_its_claim_guarded() {
    // Illegal (occupied), legal, no capture, the liberties of a one-stone chain, and a move of
    // a sequence.
    let kit = |prompt: &str| {
        format!(
            "[kit]\ntitle = \"Claims\"\n\n[rules]\nboard = 5\n\n\
             [[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\n\
             task = \"legal\"\nmove = \"C3\"\nprompt = \"{prompt}\"\n\n\
             [[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\n\
             task = \"legal\"\nmove = \"A1\"\n\n\
             [[example]]\nposition = \"white A1\"\nto_play = \"black\"\ntask = \"capture\"\nkey = []\n\n\
             [[example]]\nposition = \"white C3; black B3\"\ntask = \"liberties\"\ngroup = \"C3\"\n\n\
             [[example]]\nposition = \"white C3; black B3 C2 D3\"\ntask = \"sequence\"\n\
             moves = [\"black C4\"]\n"
        )
    };
    for (i, leak) in [
        "Remember: C3 is illegal.",
        "A1 is legal, of course",
        "Black has no capturing move",
        "White chain C3 has 3 liberties",
        "Black C4: captures C3",
    ]
    .into_iter()
    .enumerate()
    {
        let (code, _, stderr, _) = build(&format!("leak-claim-{i}"), &kit(leak));
        assert_eq!(code, 1, "{leak}: {stderr}");
        assert!(
            stderr.contains("would print the answer"),
            "{leak}: {stderr}"
        );
    }
    // Asking is not answering.
    let (code, _, stderr, _) = build("leak-claim-ask", &kit("Can Black play at C3? Is A1 legal?"));
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn a_french_kit_is_guarded_in_french() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text =
        std::fs::read_to_string(root.join("examples/liberty-chain-capture-fr.toml")).unwrap();
    let kit = text.replacen(
        "task = \"capture\"",
        "task = \"capture\"\nprompt = \"Astuce : C4 capture C3\"",
        1,
    );
    assert_ne!(kit, text);
    let (code, _, stderr, _) = build("leak-fr", &kit);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("`C4 capture C3`"), "{stderr}");
}

/// Every claim the firewall guards is words the host key prints, in every language: the
/// firewall refuses what the key says, not words of its own.
#[test]
fn every_claim_is_in_a_sentence_the_host_key_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for dir in ["examples", "tests/kits/good"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let kit = load(&std::fs::read_to_string(&path).unwrap())
                .unwrap_or_else(|r| panic!("{}: {:?}", path.display(), r.problems));
            let key = answer_key(&kit);
            for answer in &key.examples {
                // What `key` prints, and what a problem book's key prints shorter.
                let lines: Vec<String> = describe(answer, &kit.wording)
                    .iter()
                    .chain(&describe_compact(answer, &kit.wording))
                    .map(|l| fold(l).text)
                    .collect();
                for phrase in giveaways(answer, &kit.wording) {
                    let folded = fold(&phrase).text;
                    assert!(
                        lines.iter().any(|l| l.contains(&folded)),
                        "{}: `{phrase}` is not in {lines:?}",
                        path.display()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

/// The shipped kits and every good test kit build: their player pages hold no answer, and the
/// firewall finds none where there is none.
#[test]
fn every_example_kit_passes_the_firewall() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["examples", "tests/kits/good"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let kit = load(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let key = answer_key(&kit);
            let wall = Firewall::new(&key, &kit.wording);
            let fonts = libertykit::typeface::bundled();
            let pack = libertykit::layout::pack(&kit, &key, fonts);
            for page in &pack.player_sheet.pages {
                for paragraph in page.paragraphs() {
                    let leaks = wall.leaks(&paragraph);
                    assert!(leaks.is_empty(), "{}: {leaks:?}", path.display());
                }
            }
            // And the host key does print them: the firewall looks for what is really there.
            let host: String = pack
                .host_key
                .pages
                .iter()
                .flat_map(|p| p.paragraphs())
                .collect::<Vec<_>>()
                .join("\n");
            if !key.examples.is_empty() {
                assert!(!wall.leaks(&host).is_empty(), "{}", path.display());
            }
        }
    }
}

/// Exports the seed kit with a prompt that starts with white space, lets "an editor" re-save
/// the SGF (CRLF line ends, white space around the comment), imports it and builds it: the
/// prompt is the question alone and the build passes the firewall.
#[test]
fn an_export_re_saved_by_an_editor_imports_without_its_answer() {
    for (i, prompt) in [
        "  Which move captures?",
        "\\u00a0Which move captures?",
        "\\nWhich move captures?\\n",
        "\\tWhich\\r\\nmove captures?",
    ]
    .into_iter()
    .enumerate()
    {
        let kit_path = temp_path(&format!("resave-{i}")).with_extension("toml");
        std::fs::write(
            &kit_path,
            seed_kit("", "", &format!("prompt = \"{prompt}\"")),
        )
        .unwrap();
        let (code, sgf, stderr) = run(&["export", kit_path.to_str().unwrap()]);
        assert_eq!(code, 0, "{stderr}");
        let root_comment = sgf.split("C[").nth(1).unwrap().split(']').next().unwrap();
        assert!(!root_comment.contains("captures C3"), "{root_comment}");
        for (j, resaved) in [
            sgf.replace('\n', "\r\n"),
            sgf.replace("C[", "C[ \r\n"),
            sgf.replace("C[", "C[\u{a0}").replace("\n", "\r"),
        ]
        .into_iter()
        .enumerate()
        {
            let imported = import_and_build(&format!("resave-{i}-{j}"), &resaved);
            for prompt in imported {
                assert!(!prompt.contains("C3"), "{prompt}");
            }
        }
    }
}

/// An export of an earlier version, the answer after the question in the root's comment with
/// `answer_at`, re-saved with CRLF line ends and spaces: import keeps the question only.
#[test]
fn an_old_export_loses_its_answer_whatever_its_white_space() {
    for (i, comment) in [
        "Which move captures?\n\nAnswers:\nC4 captures C3 (1 stone)",
        "  Which move captures?\r\n\r\nAnswers:\r\nC4 captures C3 (1 stone)\r\n",
        "\u{a0}Which move captures?\n \nAnswers :\nC4 captures C3 (1 stone)",
        "Which move captures?\n\nRéponses :\nC4 capture C3 (1 pierre)",
    ]
    .into_iter()
    .enumerate()
    {
        let sgf = format!(
            "(;GM[1]FF[4]SZ[5]PL[B]LK[task=capture][answer_at=20]AB[bc][cd][dc]AW[cc]C[{comment}]\n;B[cb]C[C4 captures C3 (1 stone)])"
        );
        let prompts = import_and_build(&format!("old-export-{i}"), &sgf);
        assert_eq!(prompts, ["Which move captures?"], "{comment:?}");
    }
}

/// A problem file's move comments ("Correct.", "正解图") never become the player's question.
#[test]
fn a_move_comment_is_never_the_prompt() {
    for (i, sgf) in [
        "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc];B[cb]C[Correct.])",
        "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc];C[正解图]B[cb])",
        "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc](;B[cb]C[Correct.])(;B[ab]C[Wrong.]))",
    ]
    .into_iter()
    .enumerate()
    {
        let prompts = import_and_build(&format!("move-comment-{i}"), sgf);
        assert!(prompts.is_empty(), "{sgf}: {prompts:?}");
    }
    // The root's own comment still is.
    let prompts = import_and_build(
        "root-comment",
        "(;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc]C[Black to capture];B[cb]C[Correct.])",
    );
    assert_eq!(prompts, ["Black to capture"]);
}

/// Imports `sgf`, builds the kit (which must pass the firewall, and print no answer in its PDF
/// when pdftotext is there), and returns the imported examples' prompts.
fn import_and_build(name: &str, sgf: &str) -> Vec<String> {
    let sgf_path = temp_path(name).with_extension("sgf");
    std::fs::write(&sgf_path, sgf).unwrap();
    let kit_path = temp_path(&format!("{name}-kit")).with_extension("toml");
    let _ = std::fs::remove_file(&kit_path);
    let (code, _, stderr) = run(&[
        "import",
        sgf_path.to_str().unwrap(),
        "--out",
        kit_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{name}: {stderr}");
    let text = std::fs::read_to_string(&kit_path).unwrap();
    let kit = load(&text).unwrap_or_else(|r| panic!("{name}: {:?}", r.problems));
    let out = temp_path(&format!("{name}-pack"));
    let (code, _, stderr) = run(&[
        "build",
        kit_path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--format",
        "pdf",
    ]);
    assert_eq!(code, 0, "{name}: {stderr}\n{text}");
    if tool_available("pdftotext") {
        let pdf = std::fs::read(out.join("player-sheet.pdf")).unwrap();
        let printed = pdf_text(&pdf, name);
        assert!(!printed.contains("captures C3"), "{name}: {printed}");
    }
    kit.examples
        .iter()
        .filter_map(|e| e.prompt.clone())
        .collect()
}

/// A problem file whose own question holds its answer ("Answer: C4 captures C3") imports with
/// the generated question instead, says so, and builds: the firewall would refuse the comment.
#[test]
fn an_imported_comment_that_answers_is_left_out_with_a_note() {
    let sgf_path = temp_path("answering-comment").with_extension("sgf");
    std::fs::write(
        &sgf_path,
        "(;GM[1]FF[4]SZ[5]PL[B]AB[bc][cd][dc]AW[cc]GN[Ladder]C[Black to play.\r\nAnswer: C4 captures C3])",
    )
    .unwrap();
    let (code, kit, stderr) = run(&["import", sgf_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("game 1: the SGF's comment gave the answer away (`C4 captures C3`)"),
        "{stderr}"
    );
    assert!(!kit.contains("prompt ="), "{kit}");
    assert!(
        kit.contains("# the SGF's comment gave the answer away"),
        "{kit}"
    );
    assert!(kit.contains("title = \"Ladder\""), "{kit}");
    // Taken out of a collection with `--games`, the game keeps its number in the file.
    let two = temp_path("answering-comment-second").with_extension("sgf");
    std::fs::write(
        &two,
        "(;GM[1]FF[4]SZ[5]PL[B]AB[aa]AW[ee])(;GM[1]FF[4]SZ[5]PL[B]AB[bc][cd][dc]AW[cc]C[Black to play.\r\nAnswer: C4 captures C3])",
    )
    .unwrap();
    let (code, _, stderr) = run(&["import", two.to_str().unwrap(), "--games", "2"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("game 2: the SGF's comment gave the answer away"),
        "{stderr}"
    );
    let _ = std::fs::remove_file(two);
    let prompts = import_and_build(
        "answering-comment-built",
        &std::fs::read_to_string(&sgf_path).unwrap(),
    );
    assert!(prompts.is_empty(), "{prompts:?}");
}

/// A liberties count, a legal verdict and a score: answers that hold no point of their own.
fn verdict_kit(liberties: &str, legal: &str, score: &str) -> String {
    format!(
        "[kit]\ntitle = \"Verdicts\"\n\n[rules]\nboard = 5\nscoring = \"area\"\nkomi = 2.5\n\n\
         [[example]]\nposition = \"white C3 C4; black B3 C2 D3\"\ntask = \"liberties\"\n\
         group = \"C3\"\n{liberties}\n\n\
         [[example]]\nposition = \"white C3; black B3 C2 D3 B1 A2\"\nto_play = \"white\"\n\
         task = \"legal\"\nmove = \"A1\"\n{legal}\n\n\
         [[example]]\nposition = \"black A1 B1 C1 D1 E1 A2 B2 C2 D2 E2; white A4 B4 C4 D4 E4 A5 B5 C5 D5 E5\"\n\
         task = \"score\"\n{score}\n"
    )
}

#[test]
fn an_answer_that_is_no_point_is_refused_however_it_is_stated() {
    // Example 1 has 3 liberties, A1 is illegal for White (suicide), White wins by 2.5.
    let cases = [
        ("prompt = \"Answer: 3 liberties\"", "", "", 1, "prompt ="),
        (
            "prompt = \"Hint: it has 3 liberties\"",
            "",
            "",
            1,
            "prompt =",
        ),
        ("title = \"Answer: 3\"", "", "", 1, "title ="),
        (
            "prompt = \"Hint: the chain has three liberties.\"",
            "",
            "",
            1,
            "prompt =",
        ),
        ("", "prompt = \"Answer: illegal\"", "", 2, "prompt ="),
        (
            "",
            "prompt = \"A1 would be illegal (suicide)\"",
            "",
            2,
            "prompt =",
        ),
        ("", "prompt = \"Note: A1 is not legal.\"", "", 2, "prompt ="),
        ("", "title = \"Illegal!\"", "", 2, "title ="),
        ("", "prompt = \"Solution: suicide\"", "", 2, "prompt ="),
        ("", "", "prompt = \"Result: W+2.5\"", 3, "prompt ="),
        ("", "", "prompt = \"White+2.5\"", 3, "prompt ="),
        ("", "", "prompt = \"White won by 2.5.\"", 3, "prompt ="),
        ("", "", "prompt = \"Count it: White wins.\"", 3, "prompt ="),
        ("", "", "prompt = \"Result: W+R\"", 3, "prompt ="),
        ("", "", "title = \"Winner: White\"", 3, "title ="),
        // Another example's answer, given away by example 1's prompt.
        (
            "prompt = \"Then A1 would be illegal.\"",
            "",
            "",
            2,
            "prompt =",
        ),
    ];
    for (i, (liberties, legal, score, example, written)) in cases.iter().enumerate() {
        let kit = verdict_kit(liberties, legal, score);
        let (code, stdout, stderr, out) = build(&format!("leak-verdict-{i}"), &kit);
        assert_eq!(code, 1, "{liberties}{legal}{score}: {stderr}");
        assert!(
            stderr.contains(&format!("would print the answer to example {example}")),
            "{liberties}{legal}{score}: {stderr}"
        );
        assert!(stderr.contains("this text states that answer"), "{stderr}");
        // At the line of the kit where the text is written, past its key.
        let needle = [liberties, legal, score]
            .into_iter()
            .find(|t| !t.is_empty())
            .unwrap();
        let (line, _) = line_col_of(&kit, needle);
        assert!(needle.starts_with(written));
        let (found_line, found_col) = place(&stderr);
        assert_eq!(found_line, line, "{needle}: {stderr}");
        assert!(found_col > written.len(), "{needle}: {stderr}");
        assert!(stdout.is_empty() && !out.exists(), "{stdout}");
    }
}

#[test]
fn a_question_about_an_answer_that_is_no_point_still_passes() {
    for (i, (liberties, legal, score)) in [
        (
            "prompt = \"How many liberties does the white group have?\"",
            "prompt = \"Is A1 legal?\"",
            "prompt = \"Who wins, and by how much?\"",
        ),
        (
            "prompt = \"Does the white chain have 3 liberties?\"",
            "prompt = \"White to play: legal or illegal?\"",
            "prompt = \"Is it W+2.5 or B+2.5?\"",
        ),
        // Not the answer: another count, the other verdict, the other winner.
        (
            "prompt = \"Hint: it does not have 2 liberties\"",
            "prompt = \"Answer: legal\"",
            "prompt = \"Black wins, says a player; count to check\"",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let kit = verdict_kit(liberties, legal, score);
        let (code, _, stderr, _) = build(&format!("ask-verdict-{i}"), &kit);
        assert_eq!(code, 0, "{kit}\n{stderr}");
    }
}

#[test]
fn a_french_or_japanese_kit_may_not_state_an_answer_that_is_no_point_either() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fonts = "[kit]\ntitle = \"Verdicts\"\nlanguage = \"fr\"\n";
    let french = verdict_kit("prompt = \"Réponse : 3 libertés\"", "", "").replacen(
        "[kit]\ntitle = \"Verdicts\"\n",
        fonts,
        1,
    );
    let (code, _, stderr, _) = build("leak-verdict-fr", &french);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("answer to example 1"), "{stderr}");
    // The shipped Japanese kit's rules say `呼吸点が1つもなければ` ("not even one"): no count.
    let text =
        std::fs::read_to_string(root.join("examples/liberty-chain-capture-ja.toml")).unwrap();
    let (code, _, stderr, _) = build("verdict-ja-rules", &text);
    assert_eq!(code, 0, "{stderr}");
}

/// A `kill` problem's proven first move named beside what it does is its answer ("Kill at
/// B1"), refused at its place; the same words beside no point ("Straight three: kill") ask.
#[test]
fn a_life_and_death_answer_in_a_title_is_refused() {
    let kit = |title: &str| {
        format!(
            "[kit]\ntitle = \"Life and death\"\n[rules]\nboard = 9\n\n[[example]]\n\
             title = \"{title}\"\nposition = \"white A2 B2 C2 D2 D1; black A3 B3 C3 D3 E3 E2 E1\"\n\
             to_play = \"black\"\ntask = \"kill\"\ngroup = \"B2\"\n"
        )
    };
    for (i, title) in ["Kill at B1", "B1 kills", "Le point vital : B1, qui tue"]
        .into_iter()
        .enumerate()
    {
        let written = kit(title);
        let (code, stdout, stderr, out) = build(&format!("leak-ld-{i}"), &written);
        assert_eq!(code, 1, "{title}: {stderr}");
        assert!(
            stderr.contains("would print the answer to example 1"),
            "{title}: {stderr}"
        );
        assert_eq!(
            place(&stderr).0,
            line_col_of(&written, &format!("title = \"{title}")).0,
            "{stderr}"
        );
        assert!(stdout.is_empty() && !out.exists(), "{title}");
    }
    let (code, _, stderr, _) = build("ld-question", &kit("Straight three: kill"));
    assert_eq!(code, 0, "{stderr}");
}
