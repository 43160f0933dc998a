//! Issue 42's paths to a player page, each closed: look-alike letters and invisible characters
//! inside an answer, an answer split between a title and its prompt, a point of the answer
//! beside an answer word however short ("(Answer: C4)", "C4が正解"), the HTML sheet's note,
//! another kit's answer in a session, and an import whose comment or name states the answer.

mod common;

use common::{run, temp_path};
use libertykit::answer::{Firewall, answer_key, giveaways};
use libertykit::kit::load;
use proptest::prelude::*;

/// The seed's capture (C4 captures C3) and liberties (White C3, C4) examples; `extra` goes
/// into the first example's table, `text` into `[text]`.
fn kit(extra: &str, text: &str) -> String {
    format!(
        "[kit]\ntitle = \"Paths\"\n[rules]\nboard = 5\n[text]\n{text}\n\n\
         [[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\n\
         task = \"capture\"\n{extra}\n\n\
         [[example]]\nposition = \"white C3 C4; black B3 C2 D3\"\ntask = \"liberties\"\n\
         group = \"C3\"\n"
    )
}

/// Builds `kits` (each written to its own file) into one folder: (exit code, stderr).
fn build(name: &str, kits: &[String], more: &[&str]) -> (i32, String) {
    let mut args = vec!["build".to_string()];
    for (i, kit) in kits.iter().enumerate() {
        let path = temp_path(&format!("{name}-{i}")).with_extension("toml");
        std::fs::write(&path, kit).unwrap();
        args.push(path.display().to_string());
    }
    args.push("--out".into());
    args.push(temp_path(&format!("{name}-pack")).display().to_string());
    args.extend(more.iter().map(|s| s.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, _, stderr) = run(&args);
    (code, stderr)
}

#[test]
fn look_alike_letters_and_invisible_characters_do_not_hide_an_answer() {
    for (i, prompt) in [
        // Cyrillic С (U+0421) for both Cs, Greek ο (U+03BF) for o... in "captures".
        "\u{0421}4 captures \u{0421}3",
        "C4 c\u{0430}ptures C3",
        "C4 cap\u{206A}tures C\u{034F}3",
    ]
    .into_iter()
    .enumerate()
    {
        let (code, stderr) = build(
            &format!("alike-{i}"),
            &[kit(&format!("prompt = \"{prompt}\""), "")],
            &[],
        );
        assert_eq!(code, 1, "{prompt:?}: {stderr}");
        assert!(
            stderr.contains("would print the answer to example 1"),
            "{stderr}"
        );
    }
}

#[test]
fn a_point_of_the_answer_beside_an_answer_word_is_refused_however_short() {
    let seed = load(&kit("", "")).unwrap();
    let wall = Firewall::new(&answer_key(&seed), &seed.wording);
    for prompt in [
        "Black to play (Answer: C4)",
        "C4が正解",
        "黒先。正解はC4",
        "Solution : C4",
        "정답: C4",
        "Réponse : C4",
        "正确答案是C4",
    ] {
        let leaks = wall.leaks(prompt);
        assert!(
            leaks
                .iter()
                .any(|l| l.giveaway.beside_answer_word && l.giveaway.phrase == "C4"),
            "{prompt}: {leaks:?}"
        );
    }
    // `C4` inside `C14` is another point; C3 is no point of an answer (a stone).
    assert!(wall.leaks("Answer: C14").is_empty());
    assert!(wall.leaks("Answer: C3").is_empty());
    let (code, stderr) = build(
        "short",
        &[kit("prompt = \"Black to play (Answer: C4)\"", "")],
        &[],
    );
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("is a point of that answer"), "{stderr}");
    // An answer word far from any answer's point, or beside a point that answers nothing,
    // asks without answering.
    for (i, prompt) in [
        "Find the right move: the answer is on the key",
        "Black to play. Correct play at A1 is not what is asked",
    ]
    .into_iter()
    .enumerate()
    {
        let (code, stderr) = build(
            &format!("short-ok-{i}"),
            &[kit(&format!("prompt = \"{prompt}\""), "")],
            &[],
        );
        assert_eq!(code, 0, "{prompt}: {stderr}");
    }
}

/// A second campaign's claims: the answer word a few words from the point in its sentence, in
/// any language a problem file is written in, and every word import reads as a line's verdict.
#[test]
fn an_answer_word_anywhere_in_the_points_sentence_is_refused() {
    let seed = load(&kit("", "")).unwrap();
    let wall = Firewall::new(&answer_key(&seed), &seed.wording);
    for prompt in [
        "The answer to this problem is C4.",
        "Correct move for Black: C4",
        "La réponse de ce problème est C4.",
        "정답은 흑 C4",
        "正確：C4",
        "錯誤：C4",
        "Richtig: C4",
        "Falsch: C4",
        "Erreur : C4",
        "正着はC4",
        "Lösung: C4",
        "Respuesta: C4",
        "Key move: C4",
    ] {
        let leaks = wall.leaks(prompt);
        assert!(
            leaks.iter().any(|l| l.giveaway.phrase == "C4"),
            "{prompt}: {leaks:?}"
        );
    }
    // The word in another sentence speaks of something else.
    assert!(
        wall.leaks("The answer is on the host's key. C4 is empty.")
            .is_empty()
    );
    assert!(wall.leaks("答えは鍵にある。C4は空いている。").is_empty());
}

/// A third campaign's spellings: a number after a space is no part of the point (`C4 1 stone`
/// folds to `c41`), and a mark between column and row spells the same point.
#[test]
fn a_point_spelt_with_a_mark_or_followed_by_a_number_is_still_the_point() {
    let seed = load(&kit("", "")).unwrap();
    let wall = Firewall::new(&answer_key(&seed), &seed.wording);
    for prompt in [
        "Answer: C4 1 stone",
        "The answer is C4 1.",
        "Solution: C4 3 points",
        "Answer: c-4",
        "Answer: C/4",
        "Answer: c.4",
        "Answer: C\u{2013}4",
        "正解はC-4",
        "答えはＣ－４",
    ] {
        let leaks = wall.leaks(prompt);
        assert!(
            leaks.iter().any(|l| l.giveaway.phrase == "C4"),
            "{prompt}: {leaks:?}"
        );
    }
    // Written together, `C41` is no point of a 5x5 board's answer, nor is `C14`.
    assert!(wall.leaks("Answer: C41").is_empty());
    assert!(wall.leaks("Answer: C14").is_empty());
}

/// The page's own position line beside the next example's question is no claim: the stones
/// it lists are no answer, whatever word the question opens with.
#[test]
fn a_position_line_beside_a_question_opening_with_an_answer_word_is_not_refused() {
    let source = "[kit]\ntitle = \"Paths\"\n[rules]\nboard = 5\n\n\
         [[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\n\
         task = \"capture\"\n\n\
         [[example]]\nposition = \"white D4; black C4 D3 E4\"\nto_play = \"black\"\n\
         task = \"capture\"\nprompt = \"Right or wrong: Black captures at E5?\"\n"
        .to_string();
    let (code, stderr) = build("position-line", &[source], &[]);
    assert_eq!(code, 0, "{stderr}");
}

/// The sheet's label under each example is read on its own, and a title and its prompt are read
/// as one for an answer's point beside an answer word too.
#[test]
fn a_label_or_a_title_that_calls_the_prompts_point_an_answer_is_refused() {
    let labelled = kit("", "answer_line = \"Answer: C4 =\"");
    let (code, stderr) = build("label", &[labelled], &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("the answer line under each example"),
        "{stderr}"
    );
    let split = kit("title = \"Answer:\"\nprompt = \"C4\"", "");
    let (code, stderr) = build("split-word", &[split], &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("is a point of that answer"), "{stderr}");
}

#[test]
fn an_answer_split_between_title_and_prompt_is_refused() {
    let split = kit("title = \"C4 captures\"\nprompt = \"C3\"", "");
    let (code, stderr) = build("split", &[split], &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("would print the answer to example 1"),
        "{stderr}"
    );
}

#[test]
fn the_html_sheets_note_is_read_too() {
    let noted = kit(
        "",
        "browser_printing_note = \"Print at 100%. C4 captures C3.\"",
    );
    let (code, stderr) = build("note", &[noted], &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("the note of the player sheet's HTML file"),
        "{stderr}"
    );
}

#[test]
fn a_kit_of_a_session_may_not_print_another_kits_answer() {
    // Kit 0 asks a liberties question only; its prompt states kit 1's capture answer.
    let asking = "[kit]\ntitle = \"A\"\n[rules]\nboard = 5\n[[example]]\n\
                  position = \"white D4 D5; black B3\"\ntask = \"liberties\"\ngroup = \"D4\"\n\
                  prompt = \"Count them. By the way, C4 captures C3\"\n"
        .to_string();
    for (i, more) in [&[][..], &["--combine"][..]].into_iter().enumerate() {
        let (code, stderr) = build(
            &format!("session-{i}"),
            &[asking.clone(), kit("", "")],
            more,
        );
        assert_eq!(code, 1, "{more:?}: {stderr}");
        assert!(
            stderr.contains("would print the answer to example 1 of `"),
            "{stderr}"
        );
    }
    // Alone, kit 0 gives nothing away.
    let (code, stderr) = build("session-alone", &[asking], &[]);
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn the_sessions_index_is_read_as_a_player_page() {
    // Kit 1 (`kit`): C4 captures C3, and White chain C3, C4 has 3 liberties. The index prints
    // each kit's fingerprint line, its documents' words and the heading in the first kit's
    // wording: a `[text]` rewording of any of them is a text players see.
    let plain = "[kit]\ntitle = \"Plain\"\n[rules]\nboard = 5\n[text]\n{text}\n[[example]]\n\
                 position = \"white D4 D5; black B3\"\ntask = \"liberties\"\ngroup = \"D4\"\n";
    let cases = [
        // Its own answer, on the index only.
        (
            kit(
                "",
                "index_fingerprint = \"Kit {fingerprint}: C4 captures C3\"",
            ),
            plain.replace("{text}", ""),
            "example 1: `C4 captures C3`",
        ),
        // Another kit's answer, in the heading the first kit's wording gives the page.
        (
            plain.replace("{text}", "index_title = \"Session: C4 captures C3\""),
            kit("", ""),
            "example 1 of `",
        ),
        // Another kit's count, stated in a kit's line of the index.
        (
            plain.replace(
                "{text}",
                "index_for_players = \"print it; the white chain has 3 liberties\"",
            ),
            kit("", ""),
            "example 2 of `",
        ),
    ];
    for (i, (first, second, found)) in cases.into_iter().enumerate() {
        for (j, more) in [&[][..], &["--combine"][..]].into_iter().enumerate() {
            let (code, stderr) = build(
                &format!("index-{i}-{j}"),
                &[first.clone(), second.clone()],
                more,
            );
            assert_eq!(code, 1, "{first}\n{stderr}");
            assert!(
                stderr.contains(&format!(
                    "the session's index.html would print the answer to {found}"
                )),
                "{stderr}"
            );
            // At the kit's line where the text is written.
            assert!(
                stderr.contains("index-") && stderr.contains(":6:"),
                "{stderr}"
            );
        }
    }
    // The same kits with nothing added to the index build.
    let (code, stderr) = build(
        "index-plain",
        &[plain.replace("{text}", ""), kit("", "")],
        &["--combine"],
    );
    assert_eq!(code, 0, "{stderr}");
}

/// Imports `sgf` and returns the kit written and standard error.
fn import(name: &str, sgf: &str) -> (String, String) {
    let path = temp_path(name).with_extension("sgf");
    std::fs::write(&path, sgf).unwrap();
    let (code, kit, stderr) = run(&["import", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    (kit, stderr)
}

#[test]
fn an_import_makes_no_prompt_or_title_of_text_that_states_the_answer() {
    let position = "PL[B]AB[bc][cd][dc]AW[cc]";
    for (i, props) in [
        "C[Black to play.\nAnswer: C4]",
        "C[黒先。正解はC4]",
        "C[Solution: C4 B4]",
        "GN[Capture at C4]",
        "N[C4が正解]",
        "C[Black to play]GN[(Answer: C4)]",
    ]
    .into_iter()
    .enumerate()
    {
        let (kit, stderr) = import(
            &format!("states-{i}"),
            &format!("(;GM[1]FF[4]SZ[5]{position}{props};B[cb])"),
        );
        assert!(stderr.contains("gave the answer away"), "{props}: {stderr}");
        let loaded = load(&kit).unwrap_or_else(|r| panic!("{:?}", r.problems));
        let example = &loaded.examples[0];
        for said in [&example.prompt, &example.title].into_iter().flatten() {
            assert!(!said.contains("C4"), "{props}: {said}");
        }
    }
    // A question with no answer in it stays the question.
    let (kit, stderr) = import(
        "states-none",
        &format!("(;GM[1]FF[4]SZ[5]{position}C[Black to capture]GN[Ladder];B[cb])"),
    );
    assert!(!stderr.contains("gave the answer away"), "{stderr}");
    assert!(
        kit.contains("prompt = \"Black to capture\"") && kit.contains("title = \"Ladder\""),
        "{kit}"
    );
}

/// An export with an empty prompt, re-saved by an editor that drops `LK` and empty comments:
/// the answers it keeps in the following node's comment are never the imported prompt.
#[test]
fn a_resaved_export_prints_no_answer_of_another_question() {
    let source = "[kit]\ntitle = \"Libs\"\n[rules]\nboard = 5\nscoring = \"area\"\n\
                  [[example]]\ntitle = \"Count\"\nposition = \"black B2 C2; white B3 C3 D2\"\n\
                  task = \"liberties\"\ngroup = \"B2\"\nprompt = \"\"\n\
                  [[example]]\ntitle = \"Count it\"\n\
                  position = \"black A2 B2 C2 D2 E2; white A3 B3 C3 D3 E3\"\ntask = \"score\"\nprompt = \"\"\n";
    let kit_path = temp_path("resaved").with_extension("toml");
    std::fs::write(&kit_path, source).unwrap();
    let sgf_path = temp_path("resaved").with_extension("sgf");
    let (code, _, stderr) = run(&[
        "export",
        kit_path.to_str().unwrap(),
        "--out",
        sgf_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let exported = std::fs::read_to_string(&sgf_path).unwrap();
    let mut resaved = String::new();
    let mut rest = exported.as_str();
    while let Some(at) = rest.find("LK[") {
        resaved.push_str(&rest[..at]);
        rest = &rest[at + 2..];
        while let Some(after) = rest.strip_prefix('[') {
            rest = &after[after.find(']').unwrap() + 1..];
        }
    }
    resaved.push_str(rest);
    let resaved = resaved.replace("C[]", "");
    assert!(
        !resaved.contains("LK") && resaved.contains("wins by"),
        "{resaved}"
    );
    let (kit, stderr) = import("resaved-import", &resaved);
    assert!(
        !kit.contains("wins by") && !kit.contains("liberties: A2"),
        "{kit}\n{stderr}"
    );
}

/// A host-key phrase of the seed kit's first answer.
fn seed_phrase() -> impl Strategy<Value = String> {
    let kit = load(&kit("", "")).unwrap();
    let phrases = giveaways(&answer_key(&kit).examples[0], &kit.wording);
    proptest::sample::select(phrases)
}

/// A look-alike of `c` from another script or block, or `c` itself.
fn look_alike(c: char, pick: u8) -> String {
    let alikes: &[char] = match c {
        'a' => &['\u{0430}', '\u{FF41}', '\u{1D41A}'],
        'c' => &['\u{0441}', '\u{FF43}', '\u{1D41C}', '\u{217D}'],
        'e' => &['\u{0435}', '\u{FF45}', '\u{1D41E}'],
        'o' => &['\u{043E}', '\u{03BF}', '\u{FF4F}', '\u{1D428}'],
        'p' => &['\u{0440}', '\u{03C1}', '\u{FF50}', '\u{1D429}'],
        's' => &['\u{0455}', '\u{FF53}', '\u{1D42C}'],
        'u' => &['\u{FF55}', '\u{1D42E}'],
        't' => &['\u{FF54}', '\u{1D42D}'],
        'r' => &['\u{FF52}', '\u{1D42B}'],
        'C' => &['\u{0421}', '\u{216D}', '\u{FF23}', '\u{1D402}'],
        'B' => &['\u{0412}', '\u{0392}', '\u{FF22}'],
        '1'..='9' => &['\u{FF10}', '\u{1D7CE}'],
        _ => &[],
    };
    if alikes.is_empty() || (pick as usize).is_multiple_of(alikes.len() + 1) {
        return c.to_string();
    }
    let alike = alikes[pick as usize % (alikes.len() + 1) - 1];
    if c.is_ascii_digit() {
        // The full-width and mathematical digit blocks run from their zero.
        let digit = c as u32 - '0' as u32;
        return char::from_u32(alike as u32 + digit).unwrap().to_string();
    }
    alike.to_string()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any answer phrase with letters swapped for look-alikes (Cyrillic, Greek, full-width,
    /// mathematical) and invisible characters put between them is still caught.
    #[test]
    fn look_alikes_and_joiners_never_hide_an_answer(
        phrase in seed_phrase(),
        picks in proptest::collection::vec(any::<u8>(), 64),
        joiners in proptest::collection::vec(0usize..12, 64),
    ) {
        let kit = load(&kit("", "")).unwrap();
        let wall = Firewall::new(&answer_key(&kit), &kit.wording);
        let invisible = ['\u{200B}', '\u{200D}', '\u{2060}', '\u{206A}', '\u{034F}', '\u{00AD}',
            '\u{FE0F}', '\u{180E}', '\u{FEFF}', '\u{E0020}', '\u{3164}', '\u{115F}'];
        let mut disguised = String::from("Hint: ");
        for (i, c) in phrase.chars().enumerate() {
            disguised.push_str(&look_alike(c, picks[i % picks.len()]));
            let j = joiners[i % joiners.len()];
            if j < invisible.len() && i.is_multiple_of(2) {
                disguised.push(invisible[j]);
            }
        }
        prop_assert!(!wall.leaks(&disguised).is_empty(), "{phrase} as {disguised:?}");
    }
}

/// In a collection of problems, a file that marks nothing and plays its line with a pass (a
/// tenuki) is still a problem: its line is never printed as moves to play.
#[test]
fn a_problems_line_is_never_the_players_moves_to_play() {
    let sgf = "(;GM[1]FF[4]SZ[5]PL[B]AB[bc][cd][dc]AW[cc](;B[cb]C[Correct])(;B[ab]C[Wrong]))\
               (;GM[1]FF[4]SZ[5]AB[bc][cd][dc]AW[cc]GN[Tenuki];B[ee];W[];B[cb])";
    let (kit, stderr) = import("problem-line", sgf);
    let loaded = load(&kit).unwrap_or_else(|r| panic!("{:?}", r.problems));
    let second = &loaded.examples[1];
    assert!(
        !kit.contains("task = \"sequence\""),
        "the file's line is the players' to play:\n{kit}"
    );
    assert_eq!(second.title.as_deref(), Some("Tenuki"));
    assert!(stderr.contains("the moves are left out"), "{stderr}");
}

/// A file whose prompt names the side to play (`白先`, "Black to play") asks a problem, whatever
/// stones it sets up (one colour here, as a classic's joseki problems do) and outside any
/// collection: its line is the answer, never the players' moves to play.
#[test]
fn a_line_under_a_prompt_naming_the_mover_is_never_the_players_moves_to_play() {
    for prompt in ["白先", "Black to play"] {
        let sgf = format!("(;GM[1]FF[4]SZ[9]AB[cc][gc]C[{prompt}];B[cg];W[gg];B[ee])");
        let (kit, stderr) = import("mover-prompt", &sgf);
        assert!(
            !kit.contains("task = \"sequence\""),
            "the file's line is the players' to play:\n{kit}"
        );
        assert!(stderr.contains("the moves are left out"), "{stderr}");
    }
}

/// A file that names itself a problem (`GN[Problem 12]`, `GN[詰碁 3]`) and sets up stones of
/// both colours: its line, unmarked, is the answer, never the players' moves to play.
#[test]
fn a_file_named_a_problem_never_prints_its_line() {
    for name in ["Problem 12", "詰碁 3"] {
        let sgf = format!(
            "(;GM[1]FF[4]SZ[19]GN[{name}]AW[pd][qd][qc]AB[oc][pc][od][pe][qe][re];B[rc];W[rb];B[qb])"
        );
        let (kit, stderr) = import("named-problem", &sgf);
        assert!(
            !kit.contains("task = \"sequence\""),
            "the file's line is the players' to play:\n{kit}"
        );
        assert!(stderr.contains("the moves are left out"), "{stderr}");
    }
}

/// An export's kit title (`EV`) that states an answer is not the imported kit's title.
#[test]
fn an_import_makes_no_kit_title_of_an_answer() {
    let sgf = "(;GM[1]FF[4]SZ[5]PL[B]EV[Answer: C4]LK[task=capture]AB[bc][cd][dc]AW[cc]C[Which move captures?])";
    let (kit, stderr) = import("kit-title", sgf);
    assert!(
        stderr.contains("the kit's title gave an answer away"),
        "{stderr}"
    );
    assert!(kit.contains("title = \"Imported examples\""), "{kit}");
}
