//! `libertykit key`: the shipped kits' answers against hand-verified values (worked out from the
//! rules, not copied from output), the whole text output of the seed kit, and the JSON shape.

mod common;

use common::run;

use serde_json::{Value, json};

fn key_json(kit: &str) -> Value {
    let (code, out, err) = run(&["key", kit, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn seed_kit_text_says_c4_captures_c3_and_names_the_liberties() {
    let (code, out, err) = run(&["key", "examples/liberty-chain-capture.toml"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\nC4 captures C3 (1 stone)\n"), "{out}");
    assert!(
        out.contains("\nWhite chain C3, C4 has 3 liberties: B4, C5, D4\n"),
        "{out}"
    );
    insta::assert_snapshot!("key_seed_text", out);
}

#[test]
fn seed_kit_json_answers() {
    let v = key_json("examples/liberty-chain-capture.toml");
    assert_eq!(v["title"], "Liberty-chain capture");
    assert_eq!(v["fingerprint"].as_str().unwrap().len(), 8);
    assert_eq!(
        v["examples"][0],
        json!({"number": 1, "title": "Example 1",
               "prompt": "Black to play: which move captures?",
               "task": "capture", "to_play": "black",
               "position": {"black": ["B3", "C2", "D3"], "white": ["C3"]},
               "answer": {"moves": [{"point": "C4", "captured": ["C3"]}]}})
    );
    // The prompt as the sheet prints it: the kit's own words.
    assert_eq!(v["examples"][1]["prompt"], "identify remaining liberties");
    assert_eq!(v["examples"][1]["to_play"], Value::Null);
    assert_eq!(v["examples"][1]["answer"]["chain"], json!(["C3", "C4"]));
    assert_eq!(
        v["examples"][1]["answer"]["liberties"],
        json!(["B4", "C5", "D4"])
    );
}

#[test]
fn capture_drills_answers() {
    let v = key_json("examples/capture-drills.toml");
    let a = |i: usize| v["examples"][i]["answer"].clone();
    // Edge: A3 has A2, A4 black beside it; its last liberty is B3.
    assert_eq!(
        a(0),
        json!({"moves": [{"point": "B3", "captured": ["A3"]}]})
    );
    // Corner: A1's liberties are A2 and B1; B1 is black.
    assert_eq!(
        a(1),
        json!({"moves": [{"point": "A2", "captured": ["A1"]}]})
    );
    // The square B2 B3 C2 C3 has eight liberties, seven filled; C4 is the last.
    assert_eq!(
        a(2),
        json!({"moves": [{"point": "C4", "captured": ["B2", "B3", "C2", "C3"]}]})
    );
    // A1 is surrounded, but it takes A2 and B1 (each with A1 as last liberty) first.
    assert_eq!(
        a(3),
        json!({"point": "A1", "legal": true, "reason": null, "captured": ["A2", "B1"]})
    );
    assert_eq!(
        a(4),
        json!({"point": "A1", "legal": false, "reason": "suicide", "captured": []})
    );
    // C2 and C4 each have C3 as their last liberty.
    assert_eq!(
        a(5),
        json!({"moves": [{"point": "C3", "captured": ["C2", "C4"]}]})
    );
    // Retaking at once recreates the starting position.
    assert_eq!(a(6)["reason"], "superko");
    assert_eq!(a(6)["legal"], false);
    let seq = a(7);
    assert_eq!(seq["moves"][0]["captured"], json!(["B3"]));
    assert_eq!(seq["moves"][0]["liberties"], 1);
    assert_eq!(seq["moves"][3]["point"], "B3");
    assert_eq!(seq["moves"][3]["captured"], json!(["C3"]));
    // White 4 is played where the position's B3 stood before Black 1 took it.
    assert_eq!(seq["moves"][3]["note"], "4 at B3");
    assert_eq!(seq["moves"][0].get("note"), None);
    assert_eq!(seq["captures"], json!({"black": 1, "white": 1}));
    assert_eq!(seq["board"]["black"], json!(["A3", "B2", "B4", "E5"]));
    assert_eq!(seq["board"]["white"], json!(["B3", "C2", "C4", "D3", "E1"]));
}

#[test]
fn counting_practice_is_the_seed_002_score() {
    let v = key_json("examples/counting-practice-9x9.toml");
    // Black 31 stones + 12 points = 43; White 29 + 9 + 7.5 = 45.5; White by 2.5. Whole numbers
    // are written whole, as replay writes them.
    let expected = json!({"scoring": "area", "black": 43, "white": 45.5, "winner": "white",
        "margin": 2.5, "breakdown": {
            "black": {"stones": 31, "territory": 12, "komi": 0, "total": 43},
            "white": {"stones": 29, "territory": 9, "komi": 7.5, "total": 45.5}}});
    assert_eq!(v["examples"][0]["answer"], expected);
    assert_eq!(v["examples"][1]["answer"], expected);
    assert_eq!(
        v["examples"][2]["answer"]["liberties"],
        json!(["D6", "E7", "F4", "G5"])
    );
    let (_, out, _) = run(&["key", "examples/counting-practice-9x9.toml"]);
    assert!(
        out.contains(
            "By area: Black 31 stones + 12 points = 43; \
             White 29 stones + 9 points + 7.5 komi = 45.5; White wins by 2.5"
        ),
        "{out}"
    );
}

#[test]
fn a_broken_kit_prints_diagnostics_and_exits_1() {
    let (code, out, err) = run(&["key", "tests/kits/broken/wrong-key.toml"]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(err.contains("wrong-key.toml:11:7"), "{err}");
    let (code, _, err) = run(&["key", "tests/kits/nope.toml"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: cannot read `tests/kits/nope.toml`: no such file or folder\n"
    );
}

/// `[kit] language = "fr"`: every sentence `key` prints comes from templates/fr/, points and
/// diagrams stay as in English.
#[test]
fn key_on_a_french_kit_prints_french_wording() {
    let (code, out, err) = run(&["key", "examples/liberty-chain-capture-fr.toml"]);
    assert_eq!(code, 0, "{err}");
    // French sets a no-break space before `:` and `?`.
    for line in [
        "Capture de chaînes par les libertés · corrigé · empreinte ",
        "X noir  O blanc  . vide  * coup de la réponse  x o retirées (capturées ou mortes)  a liberté\n",
        "\nExemple 1\n",
        "\nNoir joue\u{a0}: quel coup capture\u{a0}?\n",
        "\nC4 capture C3 (1 pierre)\n",
        "\nLa chaîne de Blanc (C3, C4) a 3 libertés\u{a0}: B4, C5, D4\n",
        "    A B C D E\n  5 . . a . . 5\n",
    ] {
        assert!(out.contains(line), "{line:?} in\n{out}");
    }
    for english in [
        "answer key",
        "Example",
        "Black",
        "White",
        "stone",
        "liberties",
    ] {
        assert!(!out.contains(english), "{english:?} in\n{out}");
    }
    let v = key_json("examples/liberty-chain-capture-fr.toml");
    assert_eq!(
        v["examples"][0]["prompt"],
        "Noir joue\u{a0}: quel coup capture\u{a0}?"
    );
    assert_eq!(v["examples"][0]["title"], "Exemple 1");
}

/// `key` prints to the terminal, which needs no PDF font, so the Japanese kit's answers can be
/// read today (its pack waits for the font support of issue 12).
#[test]
fn key_on_a_japanese_kit_prints_japanese_wording() {
    let (code, out, err) = run(&["key", "examples/liberty-chain-capture-ja.toml"]);
    assert_eq!(code, 0, "{err}");
    for line in [
        "呼吸点で連を取る・解答・キット番号 ",
        "X 黒  O 白  . 空点  * 正解の手",
        "\n例題1\n",
        "\n黒番：石を取れる手はどこですか？\n",
        "\nC4でC3を取ります（1子）\n",
        "\n白の連（C3、C4）の呼吸点は3か所：B4、C5、D4\n",
    ] {
        assert!(out.contains(line), "{line:?} in\n{out}");
    }
}

/// Scores, komi and the scoring rule's name follow the language too: the scaffold's `score`
/// example (counted by hand in cli_new.rs) in French, with its decimal commas.
#[test]
fn a_french_score_names_its_rule_and_writes_decimal_commas() {
    let scaffold = include_str!("../templates/kit.toml");
    assert!(scaffold.contains("language = \"en\""));
    let path = common::temp_path("key-french-score").with_extension("toml");
    std::fs::write(
        &path,
        scaffold.replace("language = \"en\"", "language = \"fr\""),
    )
    .unwrap();
    let (code, out, err) = run(&["key", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "Décompte par zone\u{a0}: Noir 5 pierres + 10 points = 15\u{a0}; \
             Blanc 5 pierres + 5 points + 0,5 de komi = 10,5\u{a0}; Noir gagne de 4,5\n"
        ),
        "{out}"
    );
    let _ = std::fs::remove_file(path);
}

/// The straight three of the life-and-death kit, with a source that names `correct` and
/// `wrong` first moves of its own: `kill` about White's group through B2 on 9x9.
fn straight_three_kit(name: &str, source_lines: &str) -> std::path::PathBuf {
    let path = common::temp_path(name).with_extension("toml");
    std::fs::write(
        &path,
        format!(
            "[kit]\ntitle = \"Straight three\"\n[rules]\nboard = 9\n\n[[example]]\n\
             position = \"white A2 B2 C2 D2 D1; black A3 B3 C3 D3 E3 E2 E1\"\n\
             to_play = \"black\"\ntask = \"kill\"\ngroup = \"B2\"\n{source_lines}\n\
             source = \"Test book\"\n"
        ),
    )
    .unwrap();
    path
}

/// Hand-derived: White's eye space is A1, B1, C1 in a row. Black's B1 in the middle leaves
/// White one eye; Black's A1 or C1 lets White take B1 for two eyes. Bent three A1, B1, A2:
/// White's A1 touches both others and makes two eyes; B1 or A2 leaves one eye.
#[test]
fn life_and_death_kit_proves_each_vital_point() {
    let (code, out, err) = run(&["key", "examples/life-and-death.toml"]);
    assert_eq!(code, 0, "{err}");
    for said in [
        "\nBlack to kill\n",
        "\nProven: the White group at A2 dies unconditionally\n",
        "\nB1 works: 1. Black B1, ",
        "\nA1 fails (the group lives): 2. White B1\n",
        "\nC1 fails (the group lives): 2. White B1\n",
        "\nWhite to live\n",
        "\nProven: the White group at A3 lives\nA1 works: 1. White A1\n",
        // White's B1 or A2 leaves a two-point eye space, which Black reduces to one eye.
        "\nA2 fails (the group dies unconditionally): 2. Black ",
        "\nB1 fails (the group dies unconditionally): 2. Black ",
        "\nProven: the Black group at D1 lives in seki\n",
        // In the seki, filling either shared liberty is captured: Black's best is to pass.
        "\npass works: 1. Black passes",
        "\nE1 fails (the group dies unconditionally): 2. White J1\n",
        // White takes the ko at A2 and Black must retake: Black needs the first threat.
        "\nProven: the Black group at A3 lives or dies by a ko\nIn the ko, Black must find the first ko threat\nA1 works: 1. Black A1, 2. White A2, 3. Black A1",
    ] {
        assert!(out.contains(said), "{said:?} in\n{out}");
    }
    // Its `correct` and `wrong` lines agree with the proof: no erratum.
    assert!(!out.contains("Erratum"), "{out}");
}

/// White's corner group whose eye at D9 hangs on E9, which Black can take back only by a ko
/// that Black alone can start (hand-derived; the shape of Cho Chikun's sixth elementary
/// problem). Books call the group dead, and so does the proof. After Black's D9, White's C9
/// takes and leaves that ko; its refutation passes twice, and the key says how the position
/// is judged then.
#[test]
fn a_ko_only_the_killer_can_start_is_dead_and_the_key_says_why() {
    let path = common::temp_path("ko-only-black-starts").with_extension("toml");
    std::fs::write(
        &path,
        "[kit]\ntitle = \"Judged\"\n[rules]\nboard = 9\n\n[[example]]\n\
         position = \"white B9 E9 A8 B8 C8 D8; black E8 F8 B7 C7 D7 B5\"\n\
         to_play = \"black\"\ntask = \"kill\"\ngroup = \"A8\"\n\n[[example]]\n\
         position = \"white B9 E9 A8 B8 C8 D8; black E8 F8 B7 C7 D7 B5 D9\"\n\
         to_play = \"white\"\ntask = \"live\"\ngroup = \"A8\"\n",
    )
    .unwrap();
    let (code, out, err) = run(&["key", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\nProven: the White group at A8 dies unconditionally\nD9 works: 1. Black D9"),
        "{out}"
    );
    assert!(
        out.contains("\nC9 fails (the group dies unconditionally): 2. Black "),
        "{out}"
    );
    assert!(
        out.contains(": both sides pass, and the group is judged as at the end of a game (Japanese rules): Black removes White's ko threats first, then plays on and takes the ko only it can start\n"),
        "{out}"
    );
    assert!(!out.contains("lives or dies by a ko"), "{out}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn life_and_death_json_gives_the_result_the_moves_and_the_refutations() {
    let v = key_json("examples/life-and-death.toml");
    let first = &v["examples"][0];
    assert_eq!(first["task"], "kill");
    let a = &first["answer"];
    assert_eq!(a["goal"], "kill");
    assert_eq!(a["proven"], true);
    assert_eq!(a["result"], "kill");
    assert_eq!(a["status"], "dead");
    assert_eq!(a["accepted"].as_array().unwrap().len(), 1, "{a}");
    assert_eq!(a["accepted"][0]["point"], "B1");
    assert_eq!(a["main_line"][0], json!({"color": "black", "point": "B1"}));
    let refuted: Vec<(&str, &Value)> = a["refuted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["point"].as_str().unwrap(), &r["line"][1]))
        .collect();
    let white_b1 = json!({"color": "white", "point": "B1"});
    assert_eq!(refuted, [("A1", &white_b1), ("C1", &white_b1)], "{a}");
    assert_eq!(a["errata"], json!([]));
    let results: Vec<&str> = v["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["answer"]["result"].as_str().unwrap())
        .collect();
    assert_eq!(results, ["kill", "live", "kill", "seki", "ko"]);
    assert_eq!(v["examples"][3]["task"], "live");
    assert_eq!(v["examples"][3]["answer"]["accepted"][0]["point"], "pass");
}

/// A source that calls A1 correct is wrong, and the key says so with White's B1 that refutes
/// it; the proof's B1, which the source leaves out, is an erratum too. A source that calls
/// B1 wrong has it proven right.
#[test]
fn a_source_the_proof_refutes_is_an_erratum_with_its_refutation() {
    let kit = straight_three_kit("ld-erratum", "correct = [\"A1 B1\"]\nwrong = [\"B1 A1\"]");
    let kit = kit.to_str().unwrap();
    let (code, out, err) = run(&["key", kit]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "\nErratum: Test book gives A1 as correct, but the group then lives: 2. White B1\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("\nErratum: Test book gives B1 as wrong, but it works: 1. Black B1, "),
        "{out}"
    );
    // B1 is named wrong, so it is that erratum, not also "also works".
    assert!(!out.contains("also works"), "{out}");
    let v = key_json(kit);
    let errata = &v["examples"][0]["answer"]["errata"];
    assert_eq!(errata[0]["kind"], "correct-fails");
    assert_eq!(errata[0]["point"], "A1");
    assert_eq!(errata[0]["status"], "alive");
    assert_eq!(
        errata[0]["line"][1],
        json!({"color": "white", "point": "B1"})
    );
    assert_eq!(errata[1]["kind"], "wrong-works");
    assert_eq!(errata[1]["point"], "B1");
    assert_eq!(errata.as_array().unwrap().len(), 2, "{errata}");

    let kit = straight_three_kit("ld-also", "correct = [\"C1\"]");
    let v = key_json(kit.to_str().unwrap());
    let kinds: Vec<&str> = v["examples"][0]["answer"]["errata"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["correct-fails", "also-works"]);
}

/// A source's correct move outside the region the problem is read in (the straight three's
/// derived region stops at the wall; H8 is far from it) is no erratum: the proof never read
/// it, and the key says so instead of calling the source wrong.
#[test]
fn a_correct_move_outside_the_region_is_not_read_and_said_so() {
    let kit = straight_three_kit("ld-outside", "correct = [\"B1\", \"H8\"]");
    let kit = kit.to_str().unwrap();
    let (code, out, err) = run(&["key", kit]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\nNot read: Test book gives H8 as correct, but it lies outside the region"),
        "{out}"
    );
    assert!(!out.contains("Erratum"), "{out}");
    let v = key_json(kit);
    let errata = &v["examples"][0]["answer"]["errata"];
    assert_eq!(errata[0]["kind"], "outside-region", "{errata}");
    assert_eq!(errata[0]["point"], "H8", "{errata}");
}

/// An open board is no life-and-death problem the search can finish: refused as too big to
/// prove, never guessed, so `key` prints no answer and exits 1.
#[test]
fn a_problem_past_the_budget_is_refused_as_too_big_to_prove() {
    let path = common::temp_path("ld-too-big").with_extension("toml");
    std::fs::write(
        &path,
        "[kit]\ntitle = \"Open\"\n[rules]\nboard = 9\n\n[[example]]\n\
         position = \"white E5 E6; black C3\"\nto_play = \"black\"\ntask = \"kill\"\n\
         group = \"E5\"\nregion = \"A1:J9\"\n",
    )
    .unwrap();
    let (code, out, err) = run(&["key", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("this `kill` problem is too big to prove"),
        "{err}"
    );
    assert!(err.contains(":9:8\n"), "{err}");
}
