//! Input that used to crash or cost quadratic time (issue 8): every command exits 0, 1 or 2 with
//! a message for people, never a panic (101); every problem of a file shows in one run; cost and
//! memory stay linear in the input.

mod common;

use std::fs;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::temp_path;

/// Writes `bytes` to a fresh file named `name` and returns its path.
fn file(name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let dir = temp_path("hostile");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap();
    path
}

/// Runs the binary: (exit code, stdout, stderr, how long it took).
fn run(args: &[&str]) -> (i32, String, String, Duration) {
    let started = Instant::now();
    let (code, out, err) = common::run(args);
    (code, out, err, started.elapsed())
}

/// Words of Rust and serde that must never reach an author.
const RUST_WORDS: &[&str] = &[
    "i128",
    "i64",
    "u32",
    "untagged enum",
    "a integer",
    "invalid type",
    "Spanned",
    "panicked",
    "RUST_BACKTRACE",
];

fn assert_for_people(err: &str) {
    for word in RUST_WORDS {
        assert!(!err.contains(word), "`{word}` in:\n{err}");
    }
}

const SEED_KIT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/examples/liberty-chain-capture.toml"
);

#[test]
fn characters_next_to_a_problem_never_crash_any_command() {
    let kits: [(&str, &[u8]); 6] = [
        ("bom-only.toml", b"\xEF\xBB\xBF"),
        ("e-acute.toml", "é".as_bytes()),
        (
            "em-dash.toml",
            "[kit]\ntitle = \"x\" — draft\n[rules]\nboard = 5\n".as_bytes(),
        ),
        ("emoji.toml", "[kit]\ntitle = 😀\n".as_bytes()),
        ("crlf.toml", b"[kit]\r\ntitle = \"x\" \xE2\x80\x94\r\n"),
        (
            "cr-only.toml",
            b"[kit]\rtitle = \"x\"\r[rules]\rboard = 5\r",
        ),
    ];
    for (name, bytes) in kits {
        let path = file(name, bytes);
        let path = path.to_str().unwrap();
        let out_dir = temp_path(&format!("hostile-pack-{name}"));
        for args in [
            vec!["check", path],
            vec!["key", path],
            vec!["build", path, "--out", out_dir.to_str().unwrap()],
            vec!["replay", path],
        ] {
            let (code, _, err, _) = run(&args);
            assert_eq!(code, 1, "{args:?}:\n{err}");
            assert!(err.starts_with("error: "), "{args:?}:\n{err}");
            assert!(err.contains(&format!("{name}:")), "{args:?}:\n{err}");
            assert_for_people(&err);
        }
    }
}

#[test]
fn a_record_with_a_dash_after_a_value_is_located() {
    let path = file(
        "dash-record.toml",
        "[rules]\nboard = 5\n[game]\nmoves = [\"C3\"] — two passes\n",
    );
    let (code, out, err, _) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    assert!(err.contains("dash-record.toml:4:16"), "{err}");
}

#[test]
fn a_leading_byte_order_mark_is_ignored_everywhere() {
    let seed = fs::read(SEED_KIT).unwrap();
    let mut with_bom = b"\xEF\xBB\xBF".to_vec();
    with_bom.extend(&seed);
    let path = file("seed-bom.toml", &with_bom);
    let (code, out, err, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2 examples"), "{out}");
    let (code, key_bom, err, _) = run(&["key", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (_, key_plain, _, _) = run(&["key", SEED_KIT]);
    // Same answers; only the fingerprint line may differ.
    assert_eq!(
        key_bom.lines().skip(1).collect::<Vec<_>>(),
        key_plain.lines().skip(1).collect::<Vec<_>>()
    );

    let record = "[rules]\nboard = 5\n[game]\nmoves = [\"black C3\", \"white D3\"]\n";
    let plain = file("record.toml", record);
    let bom = file("record-bom.toml", format!("\u{feff}{record}"));
    let (code_plain, out_plain, _, _) = run(&["replay", plain.to_str().unwrap()]);
    let (code_bom, out_bom, err, _) = run(&["replay", bom.to_str().unwrap()]);
    assert_eq!((code_plain, code_bom), (0, 0), "{err}");
    // The same report, after the first line, which names the file.
    assert_eq!(
        out_plain.lines().skip(1).collect::<Vec<_>>(),
        out_bom.lines().skip(1).collect::<Vec<_>>()
    );
}

#[test]
fn one_bad_kit_does_not_stop_the_others_being_checked() {
    let bad = file("bad-first.toml", "\u{feff}é — x");
    let (code, out, err, _) = run(&["check", bad.to_str().unwrap(), SEED_KIT]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("ok  ") && out.contains("liberty-chain-capture.toml"),
        "{out}"
    );
    assert!(err.contains("1 of 2 kits"), "{err}");
}

#[test]
fn every_wrong_value_of_a_kit_is_reported_in_one_run() {
    let kit = r#"[kit]
title = "Types"
record_rows = "8"
spacing_mm = 22
ink_saving = "yes"
[rules]
board = "5"
end_passes = "two"
ko = "superko"
[[example]]
position = ["white C3", "black B3 C2 D3"]
to_play = 1
task = "capture"
"#;
    let path = file("types.toml", kit);
    let (code, _, err, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("check failed with 8 problems"), "{err}");
    for (line, col) in [
        (3, 15),
        (4, 14),
        (5, 14),
        (7, 9),
        (8, 14),
        (9, 6),
        (11, 12),
        (12, 11),
    ] {
        assert!(
            err.contains(&format!("types.toml:{line}:{col}\n")),
            "{line}:{col} in\n{err}"
        );
    }
    assert_for_people(&err);
    // Help that fits the key it is about.
    assert!(
        err.contains("remove the quotes: `record_rows = 8`"),
        "{err}"
    );
    assert!(err.contains("`spacing_mm = [22.0, 23.7]`"), "{err}");
    assert!(err.contains("write `ink_saving = true`"), "{err}");
    assert!(err.contains("write it like `to_play = \"black\"`"), "{err}");
    assert!(!err.contains("[\"black C4\", \"white D4\"]"), "{err}");
}

#[test]
fn every_bad_point_of_a_position_and_an_unrelated_bad_key_are_reported() {
    let kit = r#"[kit]
title = "Points"
[rules]
board = 5
[[example]]
position = "white F3 C3 Z9; black I2 B3 A0"
to_play = "black"
task = "capture"
key = ["Q7", "kye"]
"#;
    let path = file("points.toml", kit);
    let (code, _, err, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("check failed with 6 problems"), "{err}");
    for col in [19, 25, 35, 41] {
        assert!(
            err.contains(&format!("points.toml:6:{col}\n")),
            "{col} in\n{err}"
        );
    }
    assert!(err.contains("points.toml:9:8\n"), "{err}");
    assert!(err.contains("points.toml:9:14\n"), "{err}");
}

#[test]
fn wrong_words_get_fitting_help() {
    let kit = r#"[kit]
title = "Words"
spacing_mm = [60, 60]
counter_mm = 60
[rules]
board = 5
[[example]]
position = "white C3; black B3 C2 D3; black B3"
to_play = "black"
task = "legal"
move = "C4"
kye = "legal"
"#;
    let path = file("words.toml", kit);
    let (code, _, err, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains("outside 5 to 60"), "{err}");
    assert!(err.contains("did you mean `key`?"), "{err}");
    assert!(err.contains("`B3` is named twice as black"), "{err}");

    // `illegal` is a key of its own, not a misspelt `legal`.
    let kit = r#"[kit]
title = "Illegal"
[rules]
board = 5
[[example]]
position = "black A2 B1"
to_play = "white"
task = "legal"
move = "A1"
key = "illegal"
"#;
    let path = file("illegal.toml", kit);
    let (code, out, err, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok  "), "{out}");
    let wrong = file("ilegal.toml", kit.replace("\"illegal\"", "\"ilegal\""));
    let (_, _, err, _) = run(&["check", wrong.to_str().unwrap()]);
    assert!(err.contains("did you mean `illegal`?"), "{err}");
    assert!(err.contains("`true`, `false`"), "{err}");
}

/// Linear versus quadratic is a factor of hundreds on these inputs; the bound is generous so a
/// slow CI machine never fails it, and a quadratic program always does (they took 6 to 55 s).
const BOUND: Duration = Duration::from_secs(5);

#[test]
fn many_problems_cost_linear_time_and_print_a_bounded_report() {
    let garbage: String = (0..16_000)
        .map(|i| format!("%garbage line {i} é\n"))
        .collect();
    let example = "\n[[example]]\ntitle = \"A title long enough to pad the file out a little more than usual\"\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\ntask = \"captrue\"\n";
    let typos = format!(
        "[kit]\ntitle = \"Big\"\n[rules]\nboard = 5\n{}",
        example.repeat(4000)
    );
    let seed = fs::read_to_string(SEED_KIT).unwrap();
    let mut cr = seed.clone();
    while cr.len() < 50_000 {
        cr.push_str("\n[[example]]\nposition = \"white C3; black B3 C2 D3\"\ntask = \"capture\"\n");
    }
    let cr = cr.replace('\n', "\r");
    for (name, text, problems) in [
        ("garbage.toml", garbage, None),
        ("typos.toml", typos, Some(4000)),
        ("old-mac.toml", cr, Some(1)),
    ] {
        let path = file(name, text);
        let (code, _, err, took) = run(&["check", path.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}");
        assert!(took < BOUND, "{name} took {took:?}");
        assert!(err.matches("\nerror: ").count() <= 50, "{name}");
        if let Some(n) = problems {
            assert!(
                err.contains(&format!("check failed with {n} problem")),
                "{name}: {err}"
            );
        }
        assert!(
            err.len() < 60_000,
            "{name}: {} bytes of diagnostics",
            err.len()
        );
    }
}

#[test]
fn a_long_sgf_on_too_small_a_board_is_refused_quickly() {
    // 100,000 moves on one line, most of them off a 9x9 board.
    let letters = b"abcdefghijklmnopqrs";
    let mut sgf = String::from("(;FF[4]GM[1]SZ[9]");
    let mut state: u32 = 7;
    for i in 0..100_000 {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let x = letters[(state >> 16) as usize % 19] as char;
        let y = letters[(state >> 8) as usize % 19] as char;
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        sgf.push_str(&format!(";{color}[{x}{y}]"));
    }
    sgf.push(')');
    let path = file("long.sgf", sgf);
    let (code, out, err, took) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    assert!(took < BOUND, "took {took:?}");
    assert!(
        err.contains("not shown"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    assert!(err.len() < 60_000, "{} bytes of diagnostics", err.len());
}

#[test]
fn an_endless_input_is_refused_at_a_limit() {
    let zero = "/dev/zero";
    if !std::path::Path::new(zero).exists() {
        return;
    }
    for args in [["check", zero], ["key", zero], ["replay", zero]] {
        let (code, out, err, took) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(out, "");
        // A device is refused before it is read at all, as no kit or record is one.
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
        assert!(took < BOUND, "{args:?} took {took:?}");
    }
}

#[test]
fn every_wrong_value_of_a_record_is_reported_in_one_run() {
    let record = "[rules]\nboard = 5\nkomy = 1\nko = \"superko\"\nend_passes = \"2\"\n[game]\nmoves = [1, \"C3\", true]\n";
    let path = file("record-types.toml", record);
    let (code, out, err, _) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    let located: Vec<&str> = err.lines().filter(|l| l.contains(" --> ")).collect();
    assert_eq!(located.len(), 5, "{err}");
    for (line, col) in [(3, 1), (4, 6), (5, 14), (7, 10), (7, 19)] {
        assert!(
            err.contains(&format!("record-types.toml:{line}:{col}\n")),
            "{line}:{col} in\n{err}"
        );
    }
    assert!(err.contains("did you mean `komi`?"), "{err}");
    assert_for_people(&err);
}

#[test]
fn a_malformed_key_does_not_hide_the_examples_other_problems() {
    let kit = r#"[kit]
title = "Key and group"
[rules]
board = 5
[[example]]
position = "white C3; black B3 C2 D3"
task = "liberties"
key = true
"#;
    let path = file("key-and-group.toml", kit);
    let (code, _, err, _) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("a `liberties` key is a list of points"),
        "{err}"
    );
    assert!(err.contains("task `liberties` needs `group`"), "{err}");
}
