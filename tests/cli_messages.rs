//! Messages and terminals: a message quotes at most one short line of input; no control,
//! bidirectional or line-separator character of a kit, a record or an SGF file reaches the
//! terminal raw from any command; numbers and system errors are said in words.

mod common;

use std::fs;

use common::{fresh_dir, run};

const KIT: &str = "examples/liberty-chain-capture.toml";

/// The characters that must never reach a terminal raw: C1's CSI and NEL, ESC, DEL, the
/// bidirectional overrides, isolates and marks, and the line and paragraph separators.
const HIDDEN: [char; 10] = [
    '\u{9b}', '\u{85}', '\u{1b}', '\u{7f}', '\u{202e}', '\u{2066}', '\u{200f}', '\u{61c}',
    '\u{2028}', '\u{2029}',
];

fn raw_hidden(text: &str) -> Vec<char> {
    text.chars().filter(|c| HIDDEN.contains(c)).collect()
}

#[test]
fn a_stray_quote_in_a_players_sheet_gives_one_short_message() {
    let dir = fresh_dir("messages-stray-quote");
    let sheet = dir.join("sheet.csv");
    // The quote opens a cell the CSV reader would run to the file's end: 100,000 rows.
    let rows = "3,D5,0,2\n".repeat(100_000);
    fs::write(
        &sheet,
        format!("Move,Point,Captures,Group liberties\n1,B5,0,3\n2,\"C5,0,2\n{rows}"),
    )
    .unwrap();
    let (code, out, err) = run(&["replay", sheet.to_str().unwrap(), "--kit", KIT]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.len() + err.len() < 2000,
        "{} bytes",
        out.len() + err.len()
    );
    assert!(err.contains("sheet.csv:3:1"), "{err}");
    assert!(err.contains("quote"), "{err}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_kit_of_one_huge_line_gives_a_short_message() {
    let dir = fresh_dir("messages-huge-line");
    let kit = dir.join("kit.toml");
    // One line of half a megabyte: a position whose one "point" is the whole line, and a language
    // and a ko rule as long. Each message quotes a short excerpt of it.
    let huge = "Z".repeat(1 << 19);
    for (name, text) in [
        (
            "position",
            format!(
                "[kit]\ntitle = \"t\"\n[rules]\nboard = 5\n[[example]]\nposition = \"white {huge}\"\ntask = \"capture\"\n"
            ),
        ),
        (
            "language",
            format!("[kit]\ntitle = \"t\"\nlanguage = \"{huge}\"\n[rules]\nboard = 5\n"),
        ),
        (
            "ko",
            format!("[kit]\ntitle = \"t\"\n[rules]\nboard = 5\nko = \"{huge}\"\n"),
        ),
    ] {
        fs::write(&kit, text).unwrap();
        let (code, _, err) = run(&["check", kit.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}");
        assert!(
            err.len() < 2000,
            "{name}: {} bytes:\n{}",
            err.len(),
            &err[..1000]
        );
        assert!(err.contains("kit.toml:"), "{name}: {err}");
        assert!(err.contains("ZZZZ…"), "{name}: {err}");
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn key_shows_bidirectional_and_separator_characters_as_escapes() {
    let dir = fresh_dir("messages-key-bidi");
    let kit = dir.join("kit.toml");
    let seed = fs::read_to_string(KIT).unwrap();
    fs::write(
        &kit,
        seed.replace(
            "title = \"Liberty-chain capture\"",
            "title = \"Liberty\u{202e}chain\u{2066} cap\u{2028}ture\u{200f}\"",
        )
        .replace(
            "prompt = \"identify remaining liberties\"",
            "prompt = \"identify \u{202e}remaining\u{2029} liberties\u{61c}\"",
        ),
    )
    .unwrap();
    let kit = kit.to_str().unwrap();
    let (code, out, err) = run(&["key", kit]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(raw_hidden(&out), [], "{out}");
    assert!(out.contains("Liberty\\u{202e}chain\\u{2066}"), "{out}");
    assert!(out.contains("\\u{2029}"), "{out}");

    let (code, out, err) = run(&["key", kit, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(raw_hidden(&out), [], "{out}");
    // JSON's own escapes: the text reads back as the kit wrote it.
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        json["title"],
        "Liberty\u{202e}chain\u{2066} cap\u{2028}ture\u{200f}"
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn import_and_check_send_no_control_character_to_the_terminal() {
    let dir = fresh_dir("messages-import-controls");
    let sgf = dir.join("problem.sgf");
    fs::write(
        &sgf,
        "(;GM[1]FF[4]SZ[9]GN[Life \u{202e} and death\u{2066}]PB[Bl\u{2028}ack]\
         C[setup \u{9b}2J here]AB[cc][dc]AW[cd];B[dd]C[Correct \u{9b}31m])",
    )
    .unwrap();
    let (code, out, err) = run(&["import", sgf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(raw_hidden(&out), [], "{out}");
    assert_eq!(raw_hidden(&err), [], "{err}");
    // TOML's own escape keeps the title as the file wrote it.
    assert!(out.contains("\"Life \\u202E and death\\u2066\""), "{out}");

    // check quoting the same characters in its diagnostics.
    let kit = dir.join("kit.toml");
    fs::write(&kit, &out).unwrap();
    let (_, out, err) = run(&["check", kit.to_str().unwrap()]);
    assert_eq!(raw_hidden(&out), [], "{out}");
    assert_eq!(raw_hidden(&err), [], "{err}");
    assert!(err.contains("\\u{2066}"), "{err}");

    // A title holding a C1 control is refused, and the line quoted shows it as an escape.
    let seed = fs::read_to_string(KIT).unwrap();
    fs::write(
        &kit,
        seed.replace(
            "Liberty-chain capture\"",
            "Liberty \u{9b}2J\u{85} capture\"",
        ),
    )
    .unwrap();
    let (code, out, err) = run(&["check", kit.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(raw_hidden(&out), [], "{out}");
    assert_eq!(raw_hidden(&err), [], "{err}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_build_of_a_kit_with_hidden_characters_prints_none_raw() {
    let dir = fresh_dir("messages-build-controls");
    let kit = dir.join("k\u{202e}it.toml");
    fs::copy(KIT, &kit).unwrap();
    let out = dir.join("pack\u{2028}");
    let (code, stdout, err) = run(&[
        "build",
        kit.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--format",
        "svg",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(raw_hidden(&stdout), [], "{stdout}");
    assert_eq!(raw_hidden(&err), [], "{err}");
    assert!(stdout.contains("pack\\u{2028}"), "{stdout}");
    let _ = fs::remove_dir_all(dir);
}

/// `export --out` says the file it wrote on standard output, which carries the SGF itself
/// without `--out`: the path is escaped all the same.
#[test]
fn an_export_names_its_file_with_no_control_raw() {
    let dir = fresh_dir("messages-export-path");
    let out = dir.join("ev\u{1b}[31m\u{202e}il\u{9b}.sgf");
    let (code, stdout, err) = run(&["export", KIT, "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(raw_hidden(&stdout), [], "{stdout}");
    assert_eq!(raw_hidden(&err), [], "{err}");
    assert!(out.is_file());
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn numbers_too_large_are_said_in_words() {
    for args in [
        vec![
            "replay",
            "tests/records/sheets/good.csv",
            "--board",
            "99999999999999999999",
        ],
        vec!["replay", "x.sgf", "--end-passes", "99999999999999999999"],
        vec!["replay", "x.sgf", "--komi", "1e999"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.contains("target type"), "{err}");
        assert!(!err.contains("float literal"), "{err}");
        assert!(
            err.contains("99999999999999999999") || err.contains("1e999"),
            "{err}"
        );
    }
    let (_, _, err) = run(&[
        "replay",
        "tests/records/sheets/good.csv",
        "--board",
        "99999999999999999999",
    ]);
    assert!(err.contains("far too large"), "{err}");
}

#[test]
fn system_errors_are_said_without_their_numbers() {
    let dir = fresh_dir("messages-os-errors");
    // A file where the pack's folder should go: the system says "file exists (os error 17)".
    let taken = dir.join("taken");
    fs::write(&taken, "x").unwrap();
    let (code, _, err) = run(&[
        "build",
        KIT,
        "--out",
        taken.to_str().unwrap(),
        "--format",
        "pdf",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("os error"), "{err}");
    // A name longer than any file system takes (os error 36).
    let long = dir.join("n".repeat(300));
    let (code, _, err) = run(&[
        "build",
        KIT,
        "--out",
        long.to_str().unwrap(),
        "--format",
        "pdf",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("os error"), "{err}");
    assert!(err.contains("too long"), "{err}");
    let _ = fs::remove_dir_all(dir);
}

/// The largest circle radius drawn on the player sheet's SVG pages, in millimetres (the
/// pages' user unit): the counters', when there are any.
fn largest_circle(dir: &std::path::Path) -> Option<f64> {
    let mut largest: Option<f64> = None;
    for n in 1.. {
        let Ok(svg) = fs::read_to_string(dir.join(format!("player-sheet-{n}.svg"))) else {
            break;
        };
        for circle in svg.split("<circle").skip(1) {
            let r = circle
                .split(" r=\"")
                .nth(1)
                .and_then(|v| v.split('"').next());
            if let Some(r) = r.and_then(|r| r.parse::<f64>().ok()) {
                largest = Some(largest.map_or(r, |l: f64| l.max(r)));
            }
        }
    }
    largest
}

#[test]
fn the_build_summary_says_the_counter_size_printed() {
    let dir = fresh_dir("messages-counter-summary");
    // A 9x9 board on A4 is fitted smaller; its counters shrink with it unless the board is
    // tiled at full size, and there are none when the kit asks for none.
    let nine = "[kit]\ntitle = \"Nine\"\npaper = \"a4\"\n[rules]\nboard = 9\n";
    fs::write(dir.join("nine.toml"), nine).unwrap();
    fs::write(
        dir.join("none.toml"),
        nine.replace("[rules]", "counters = \"none\"\n[rules]"),
    )
    .unwrap();
    let build = |kit: &str, extra: &[&str]| {
        let out = dir.join(format!("pack-{kit}-{}", extra.len()));
        let kit = dir.join(kit);
        let mut args = vec![
            "build",
            kit.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--format",
            "svg",
        ];
        args.extend_from_slice(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        let note = err
            .lines()
            .find(|l| l.contains("to fit a4 paper"))
            .unwrap_or_else(|| panic!("no fit note: {err}"))
            .to_string();
        (note, largest_circle(&out))
    };
    let (note, radius) = build("nine.toml", &[]);
    assert!(note.ends_with(", counters 18.5 mm"), "{note}");
    assert_eq!(radius, Some(18.5 / 2.0));
    let (note, radius) = build("nine.toml", &["--tile-board"]);
    assert!(note.ends_with(", counters 20 mm"), "{note}");
    assert_eq!(radius, Some(10.0));
    let (note, _) = build("none.toml", &[]);
    assert!(!note.contains("counters"), "{note}");
    assert!(note.ends_with("to fit a4 paper"), "{note}");
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_usage_error_quoting_the_command_line_escapes_what_it_quotes() {
    let (code, out, err) = run(&["replay", "x.sgf", "--ko", "a\u{9b}2J\u{202e}b"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(raw_hidden(&err), [], "{err}");
    assert!(err.contains("a\\u{9b}2J\\u{202e}b"), "{err}");
    // --help is the program's own text, on standard output.
    let (code, out_help, _) = run(&["check", "--help"]);
    assert_eq!(code, 0);
    assert!(out_help.contains("Usage"), "{out_help}");
    assert_eq!(out, "");
}
