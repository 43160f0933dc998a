//! The referee's view of real records (issue 14 §4): players, rules from `RU` and `KM` with
//! where they came from, flags replacing them, `RE` beside the count, `--dead` for SGF records,
//! skipped variations, suicide where the rules allow it, and atari given and self-atari.
//!
//! Every expected score below is worked out by hand from the record, in the comments.

mod common;

use serde_json::{Value, json};

/// Runs `libertykit replay` with `args`: exit code, stdout, stderr.
fn replay(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["replay"];
    all.extend_from_slice(args);
    common::run(&all)
}

/// The JSON report of `path` with `flags`, and the exit code.
fn replay_json(path: &str, flags: &[&str]) -> (i32, Value) {
    let mut args = vec![path, "--format", "json"];
    args.extend_from_slice(flags);
    let (code, out, err) = replay(&args);
    let value = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("{path}: not one JSON object ({e}):\n{out}\n{err}"));
    (code, value)
}

/// Writes `text` to a temporary record named `name` and returns its path.
fn temp_record(name: &str, text: &str) -> String {
    let path = common::temp_path(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// NZ rules: area scoring, positional superko, suicide allowed. Setup: White A3 B3 C2 B1,
/// Black A1 A2 D4. Black B2 leaves A1 A2 B2 without a liberty and captures nothing (B1 keeps
/// C1, C2 keeps C1 C3 D2, A3 B3 keep A4 B4 C3), so the three stones go to White (tally W 3).
/// Two passes end it. Area: White 4 stones + {A1, A2, B2} (bordered by White only) = 7, + komi
/// 7.5 = 14.5; Black D4 = 1; the other 17 empty points touch both colours. White by 13.5, as
/// RE[W+13.5] says.
#[test]
fn nz_record_allows_a_multi_stone_suicide_and_agrees_with_its_result() {
    let (code, v) = replay_json("tests/records/nz-suicide.sgf", &[]);
    assert_eq!(code, 0);
    assert_eq!(v["players"], json!({"black": "Ana", "white": "Ben"}));
    assert_eq!(
        v["game"],
        json!({"date": "2026-11-30", "event": "Club night", "name": "Suicide demo"})
    );
    assert_eq!(
        v["rules"],
        json!({"capture_target": null, "end_passes": 2, "ko": "positional", "komi": 7.5,
               "max_stones": null, "scoring": "area", "source": "RU[NZ]", "suicide": "allowed"})
    );
    assert_eq!(
        v["moves"][0],
        json!({"atari": [], "captured": [], "captures": {"black": 0, "white": 3},
               "color": "black", "legal": true, "liberties": 0, "number": 1, "point": "B2",
               "reason": null, "self_atari": false, "suicided": ["A1", "A2", "B2"]})
    );
    assert_eq!(v["board"]["black"], json!(["D4"]));
    assert_eq!(
        v["result"],
        json!({"black": 1, "scoring": "area", "white": 14.5, "winner": "white"})
    );
    assert_eq!(
        v["recorded_result"],
        json!({"agrees": true, "kind": "score", "text": "W+13.5", "winner": "white"})
    );
    assert_eq!(v["notes"], json!([]));
    let (_, out, _) = replay(&["tests/records/nz-suicide.sgf"]);
    for line in [
        "Players: Black Ana, White Ben",
        "Game: Suicide demo, Club night, 2026-11-30",
        "Rules: positional repetition rule, area scoring, komi 7.5, suicide allowed; the game ends after 2 consecutive passes — from RU[NZ]",
        "| 1    | Black  | B2    | suicide: A1 A2 B2 | 0               | B 0 W 3 | -     |",
        "Result by area scoring: Black 1, White 14.5; White wins by 13.5",
        "Recorded result RE[W+13.5] agrees with the count",
    ] {
        assert!(out.contains(line), "missing `{line}` in:\n{out}");
    }
}

/// The same game recorded as RE[B+2]: the count (White by 13.5) is given beside it as a note,
/// and the exit code stays 0 (every move was legal).
#[test]
fn a_recorded_result_that_differs_is_a_note() {
    let (code, out, _) = replay(&["tests/records/nz-result-differs.sgf"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Note: the recorded result RE[B+2] differs from the count of the final board: Black 1, White 14.5; White wins by 13.5"),
        "{out}"
    );
    let (_, v) = replay_json("tests/records/nz-result-differs.sgf", &[]);
    assert_eq!(v["recorded_result"]["agrees"], json!(false));
    assert_eq!(v["recorded_result"]["winner"], json!("black"));
}

/// Resignation, time, void and unknown results are reported as such, never as a difference.
#[test]
fn results_the_board_cannot_confirm_are_reported_as_such() {
    let cases = [
        (
            "W+R",
            "resignation",
            "Recorded result RE[W+R]: White won by resignation",
        ),
        ("B+T", "time", "Recorded result RE[B+T]: Black won on time"),
        ("Void", "void", "Recorded result RE[Void]: no result (void)"),
        ("?", "unknown", "Recorded result RE[?]: unknown"),
    ];
    for (re, kind, line) in cases {
        let path = temp_record(
            &format!("re-{kind}.sgf"),
            &format!("(;SZ[5]RE[{re}];B[cc];W[dd])"),
        );
        let (code, out, _) = replay(&[&path]);
        assert_eq!(code, 0, "{re}");
        assert!(out.contains(line), "{re}: {out}");
        assert!(!out.contains("differs"), "{re}: {out}");
        let (_, v) = replay_json(&path, &[]);
        assert_eq!(v["recorded_result"]["kind"], json!(kind), "{re}");
        assert_eq!(v["recorded_result"]["agrees"], json!(null), "{re}");
    }
    // A draw by the count: C3 and D4 on an empty board, captures scoring, 0 to 0.
    let path = temp_record("re-draw.sgf", "(;SZ[5]RE[0];B[cc];W[dd];B[];W[])");
    let (_, out, _) = replay(&[&path]);
    assert!(
        out.contains("Recorded result RE[0] agrees with the count"),
        "{out}"
    );
}

/// Each `RU` sets its scoring, repetition rule and suicide rule (Japanese and Korean rules have
/// no superko: the basic ko rule); an unknown one falls back to the defaults with a note.
#[test]
fn every_ruleset_name_sets_its_rules() {
    let cases = [
        ("Japanese", "territory", "simple", "forbidden"),
        ("Korean", "territory", "simple", "forbidden"),
        ("Chinese", "area", "positional", "forbidden"),
        ("AGA", "area", "situational", "forbidden"),
        ("NZ", "area", "positional", "allowed"),
        ("Tromp-Taylor", "area", "positional", "allowed"),
        ("TrompTaylor", "area", "positional", "allowed"),
        ("tromp-taylor", "area", "positional", "allowed"),
        ("nz", "area", "positional", "allowed"),
    ];
    for (ru, scoring, ko, suicide) in cases {
        let path = temp_record(&format!("ru-{ru}.sgf"), &format!("(;SZ[5]RU[{ru}];B[cc])"));
        let (code, v) = replay_json(&path, &[]);
        assert_eq!(code, 0, "{ru}");
        let rules = &v["rules"];
        assert_eq!(rules["scoring"], json!(scoring), "{ru}");
        assert_eq!(rules["ko"], json!(ko), "{ru}");
        assert_eq!(rules["suicide"], json!(suicide), "{ru}");
        assert_eq!(rules["source"], json!(format!("RU[{ru}]")), "{ru}");
        assert_eq!(v["result"]["scoring"], json!(scoring), "{ru}");
    }
    let path = temp_record("ru-unknown.sgf", "(;SZ[5]RU[Ing];B[cc])");
    let (code, v) = replay_json(&path, &[]);
    assert_eq!(code, 0);
    assert_eq!(v["rules"]["scoring"], json!("captures"));
    assert_eq!(v["rules"]["source"], json!("defaults"));
    assert_eq!(
        v["notes"],
        json!([
            "RU[Ing] is not a ruleset replay knows (Japanese, Korean, Chinese, AGA, NZ, Tromp-Taylor); the defaults apply"
        ])
    );
    let (_, out, _) = replay(&[&path]);
    assert!(out.contains("Note: RU[Ing] is not a ruleset"), "{out}");
    assert!(out.contains("— the defaults for an SGF record"), "{out}");
}

/// A flag wins over `RU` and `KM`, and says so. NZ by territory with komi 0.5: White's
/// territory {A1, A2, B2} = 3 plus 3 prisoners (the suicide) + 0.5 = 6.5; Black 0. White by
/// 6.5, so RE[W+13.5] now differs.
#[test]
fn flags_replace_the_records_rules_with_a_note() {
    let (code, v) = replay_json(
        "tests/records/nz-suicide.sgf",
        &["--scoring", "territory", "--komi", "0.5"],
    );
    assert_eq!(code, 0);
    assert_eq!(
        v["notes"],
        json!([
            "`--scoring territory` replaces area scoring from RU[NZ]",
            "`--komi 0.5` replaces komi 7.5 from KM[7.5]"
        ])
    );
    assert_eq!(
        v["result"],
        json!({"black": 0, "scoring": "territory", "white": 6.5, "winner": "white"})
    );
    assert_eq!(v["recorded_result"]["agrees"], json!(false));
    // The rest of RU still holds: suicide stays allowed.
    assert_eq!(v["rules"]["suicide"], json!("allowed"));
    // A flag equal to the record's rule is no news.
    let (_, v) = replay_json("tests/records/nz-suicide.sgf", &["--scoring", "area"]);
    assert_eq!(v["notes"], json!([]));
    let (_, out, _) = replay(&["tests/records/nz-suicide.sgf", "--ko", "simple"]);
    assert!(
        out.contains("Note: `--ko simple` replaces positional repetition rule from RU[NZ]"),
        "{out}"
    );
}

/// RU[Japanese], KM[6.5]: Black's wall on column B, White's on column C, a white stone on A3
/// in Black's side and a black one on E5 in White's. Without `--dead` A1 A2 A4 A5 touch A3 and
/// column B, and columns D-E touch E5 and column C: no territory; Black 0, White 6.5.
/// With `--dead A3,E5`: Black's territory is column A (5) + 1 prisoner (A3) = 6; White's is
/// columns D-E (10) + 1 prisoner (E5) + 6.5 = 17.5. White by 11.5, as RE[W+11.5] says.
#[test]
fn dead_stones_from_the_command_line_make_the_count_right() {
    let (code, v) = replay_json("tests/records/japanese-dead.sgf", &[]);
    assert_eq!(code, 0);
    assert_eq!(
        v["result"],
        json!({"black": 0, "scoring": "territory", "white": 6.5, "winner": "white"})
    );
    assert_eq!(v["recorded_result"]["agrees"], json!(false));
    for dead in ["A3,E5", "A3 E5", "a3, e5"] {
        let (code, v) = replay_json("tests/records/japanese-dead.sgf", &["--dead", dead]);
        assert_eq!(code, 0, "{dead}");
        assert_eq!(
            v["result"],
            json!({"black": 6, "scoring": "territory", "white": 17.5, "winner": "white"}),
            "{dead}"
        );
        assert_eq!(v["recorded_result"]["agrees"], json!(true), "{dead}");
        // The final board is as played, dead stones included.
        assert_eq!(v["board"]["white"].as_array().unwrap().len(), 6, "{dead}");
    }
}

/// A bad `--dead` is a usage error naming the point and why.
#[test]
fn bad_dead_points_are_usage_errors() {
    let record = "tests/records/japanese-dead.sgf";
    let cases = [
        ("A3 F3", "`--dead`: `F3`: `F3` is off the 5x5 board"),
        ("D3", "`--dead`: `D3` is an empty point on the final board"),
        ("A3,A3", "`--dead`: `A3` is named twice"),
        ("Q9x", "`--dead`: `Q9x`"),
    ];
    for (dead, message) in cases {
        let (code, out, err) = replay(&[record, "--dead", dead]);
        assert_eq!(code, 2, "{dead}");
        assert!(out.is_empty(), "{dead}: {out}");
        assert!(err.contains(message), "{dead}: {err}");
    }
    let (code, _, err) = replay(&["tests/records/atari.toml", "--dead", "A1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`--dead` applies to SGF records only"),
        "{err}"
    );
}

/// Hand-made atari: White A1 B1 under Black A2.
/// 1. B B2: White A1 B1 keep only C1 (atari A1 B1); Black A2 B2 has A3 B3 C2.
/// 2. W A3: A4 B3; Black A2 B2 keeps B3 C2: no atari.
/// 3. B B3: White A3 keeps A4 (atari A3).
/// 4. W A4: A3 A4 has A5 B4.
/// 5. B B4: A3 A4 keeps A5 (atari A3 A4); Black's chain has B5 C2 C3 C4.
/// 6. W A5: A3 A4 A5 keeps only B5: self-atari, 1 liberty.
/// 7. B B5 takes A3 A4 A5; Black's chain A2-B5 has A3 A4 A5 C2 C3 C4 C5 (7).
#[test]
fn atari_given_and_self_atari_are_flagged() {
    let (code, v) = replay_json("tests/records/atari.toml", &[]);
    assert_eq!(code, 0);
    let moves = v["moves"].as_array().unwrap();
    let got: Vec<(Value, Value, Value)> = moves
        .iter()
        .map(|m| {
            (
                m["atari"].clone(),
                m["self_atari"].clone(),
                m["liberties"].clone(),
            )
        })
        .collect();
    let expected = [
        (json!(["A1", "B1"]), false, 3),
        (json!([]), false, 2),
        (json!(["A3"]), false, 3),
        (json!([]), false, 2),
        (json!(["A3", "A4"]), false, 4),
        (json!([]), true, 1),
        (json!([]), false, 7),
    ]
    .map(|(a, s, l)| (a, json!(s), json!(l)));
    assert_eq!(got, expected);
    assert_eq!(moves[6]["captured"], json!(["A3", "A4", "A5"]));
    let (_, out, _) = replay(&["tests/records/atari.toml"]);
    for line in [
        "| Move | Colour | Point | Captures | Group liberties | Tally   | Atari |",
        "| 1    | Black  | B2    | -        | 3               | B 0 W 0 | A1 B1 |",
        "| 5    | Black  | B4    | -        | 4               | B 0 W 0 | A3 A4 |",
        "| 6    | White  | A5    | -        | 1               | B 0 W 0 | self  |",
        "| 7    | Black  | B5    | A3 A4 A5 | 7               | B 3 W 0 | -     |",
    ] {
        assert!(out.contains(line), "missing `{line}` in:\n{out}");
    }
}

/// A move that both gives atari and is self-atari shows both. Black A2 B2 C2 D1, White A1
/// D2 E2. White C1 touches B1 (empty), C2 and D1 (Black): White C1 has only B1 (A1 is not
/// joined to it), so self-atari; Black D1 had C1 and E1, now only E1: atari D1.
#[test]
fn atari_and_self_atari_together() {
    let path = temp_record(
        "atari-self.toml",
        "[rules]\nboard = 5\n[game]\nsetup = \"white A1 D2 E2; black A2 B2 C2 D1\"\nmoves = [\"white C1\"]\n",
    );
    let (code, v) = replay_json(&path, &[]);
    assert_eq!(code, 0);
    assert_eq!(v["moves"][0]["atari"], json!(["D1"]));
    assert_eq!(v["moves"][0]["self_atari"], json!(true));
    let (_, out, _) = replay(&[&path]);
    assert!(out.contains("| D1; self |"), "{out}");
}

/// A TOML record with `suicide = "allowed"` and the players' names; the same record with
/// suicide forbidden refuses the move (exit 1).
#[test]
fn toml_records_name_players_and_allow_suicide() {
    let (code, v) = replay_json("tests/records/suicide-allowed.toml", &[]);
    assert_eq!(code, 0);
    assert_eq!(v["players"], json!({"black": "Ana", "white": "Ben"}));
    assert_eq!(v["rules"]["source"], json!("table"));
    assert_eq!(v["moves"][0]["suicided"], json!(["A1", "A2", "B2"]));
    assert_eq!(v["captures"], json!({"black": 0, "white": 3}));
    assert_eq!(
        v["board"],
        json!({"black": ["D4"], "white": ["A3", "B1", "B3", "C2"]})
    );
    let forbidden = std::fs::read_to_string("tests/records/suicide-allowed.toml")
        .unwrap()
        .replace("suicide = \"allowed\"\n", "");
    let path = temp_record("suicide-forbidden.toml", &forbidden);
    let (code, v) = replay_json(&path, &[]);
    assert_eq!(code, 1);
    assert_eq!(v["moves"][0]["reason"], json!("suicide"));
    assert_eq!(v["captures"], json!({"black": 0, "white": 0}));
}

/// A lone stone's suicide leaves the board as it was: positional superko refuses it; under
/// situational superko it is a legal move that changes nothing but the turn.
#[test]
fn a_lone_suicide_meets_the_repetition_rule() {
    let record = |ko: &str| {
        format!(
            "[rules]\nboard = 3\nko = \"{ko}\"\nsuicide = \"allowed\"\n[game]\nsetup = \"white A2 B1\"\nmoves = [\"black A1\"]\n"
        )
    };
    let (code, v) = replay_json(
        &temp_record("lone-positional.toml", &record("positional")),
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(v["moves"][0]["reason"], json!("superko"));
    let (code, v) = replay_json(
        &temp_record("lone-situational.toml", &record("situational")),
        &[],
    );
    assert_eq!(code, 0);
    assert_eq!(v["moves"][0]["suicided"], json!(["A1"]));
    assert_eq!(v["captures"], json!({"black": 0, "white": 1}));
}

/// Unknown `[game]` and `[rules]` keys suggest the new ones.
#[test]
fn unknown_keys_suggest_players_and_suicide() {
    let path = temp_record(
        "typo.toml",
        "[rules]\nboard = 5\nsuicde = \"allowed\"\n[game]\nblak = \"Ana\"\n",
    );
    let (code, _, err) = replay(&[&path]);
    assert_eq!(code, 1);
    assert!(err.contains("did you mean `suicide`?"), "{err}");
    assert!(err.contains("did you mean `black`?"), "{err}");
    let path = temp_record(
        "bad-suicide.toml",
        "[rules]\nboard = 5\nsuicide = \"sometimes\"\n[game]\n",
    );
    let (code, _, err) = replay(&[&path]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown suicide rule `sometimes`"), "{err}");
    assert!(err.contains("forbidden, allowed"), "{err}");
}

/// Variations left off the main line are counted: variations-comments.sgf branches once.
#[test]
fn skipped_variations_are_counted() {
    let (_, v) = replay_json("tests/records/variations-comments.sgf", &[]);
    assert_eq!(v["variations_skipped"], json!(1));
    let (_, out, _) = replay(&["tests/records/variations-comments.sgf"]);
    assert!(
        out.contains("Variations skipped: 1 (only the main line is refereed)"),
        "{out}"
    );
    let (_, v) = replay_json("tests/records/nz-suicide.sgf", &[]);
    assert_eq!(v["variations_skipped"], json!(0));
}

/// A kit's `legal` example under suicide allowed: White B1 is legal and removes A1 B1.
#[test]
fn a_kit_answers_a_legal_task_with_suicide_allowed() {
    let (code, out, err) = common::run(&[
        "key",
        "tests/kits/good/suicide-allowed.toml",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["examples"][0]["answer"],
        json!({"captured": [], "legal": true, "point": "B1", "reason": null,
               "suicided": ["A1", "B1"]})
    );
    let (_, out, _) = common::run(&["key", "tests/kits/good/suicide-allowed.toml"]);
    assert!(
        out.contains("B1 is legal for White because suicide is allowed: it removes White’s own A1, B1 (2 stones)"),
        "{out}"
    );
}

/// A TOML record's `setup` may be drawn as a kit's position may: the seed's first example,
/// where Black C4 captures the white stone at C3 (one stone, the tally B 1 W 0).
#[test]
fn a_drawn_setup_is_the_same_position_as_its_point_list() {
    let (code, drawn) = replay_json("tests/records/diagram-setup.toml", &[]);
    assert_eq!(code, 0);
    assert_eq!(drawn["moves"][0]["captured"], json!(["C3"]));
    assert_eq!(drawn["captures"], json!({"black": 1, "white": 0}));
    let listed = temp_record(
        "listed-setup.toml",
        "[rules]\nboard = 5\nend_passes = 2\n\n[game]\nblack = \"Ana\"\nwhite = \"Ben\"\n\
         setup = \"white C3; black B3 C2 D3\"\nmoves = [\"black C4\", \"pass\", \"pass\"]\n",
    );
    let (code, listed) = replay_json(&listed, &[]);
    assert_eq!(code, 0);
    assert_eq!(drawn["moves"], listed["moves"]);
    assert_eq!(drawn["board"], listed["board"]);
    // A mistake in the drawing is reported at its own line and column: `Q` is line 8, col 7.
    let broken = temp_record(
        "broken-setup.toml",
        "[rules]\nboard = 5\n\n[game]\nsetup = \"\"\"\n. . . . .\n. . . . .\n. . . Q .\n. . X . .\n. . . . .\n\"\"\"\nmoves = []\n",
    );
    let (code, _, err) = replay(&[&broken]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(":8:7"), "{err}");
}
