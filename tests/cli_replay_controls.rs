//! `replay` never passes a record's control characters to the terminal: player and game
//! names, the event, the result and the ruleset's name are shown with each control character
//! as an escape (`\u{1b}`) in the text sheet, and as JSON escapes in `--format json`, which
//! read back as the record's own text.

mod common;

use common::{run, temp_path};

/// A record whose every text property carries a terminal escape: clear the screen and retitle
/// the window (ESC, CSI, OSC, BEL), a carriage return that would print over the line, a C1
/// CSI, a line feed that would start a forged line, and a right-to-left override.
const HOSTILE: &[u8] = b"(;GM[1]FF[4]SZ[5]PB[Eve\x1b[2J\x1b\\]0;pwned\x07]PW[Bob\rBlack wins by 99]\
GN[g\xc2\x9b31m]EV[ev\nResult: forged]DT[2024\xe2\x80\xae]RE[B+R\x1b[8m]RU[Jap\x1banese];B[cc];W[dd])";

fn hostile_record(name: &str) -> String {
    let path = temp_path(name).with_extension("sgf");
    std::fs::write(&path, HOSTILE).unwrap();
    path.display().to_string()
}

/// Whether `text` holds a character a terminal would act on, a line feed aside.
fn has_control(text: &str) -> bool {
    text.chars()
        .any(|c| (c.is_control() && c != '\n') || ('\u{202a}'..='\u{202e}').contains(&c))
}

#[test]
fn the_text_sheet_shows_control_characters_as_escapes() {
    let path = hostile_record("replay-controls");
    let (code, out, err) = run(&["replay", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(!has_control(&out), "{out:?}");
    assert!(
        out.contains("Black Eve\\u{1b}[2J\\u{1b}]0;pwned\\u{7}, White Bob\\u{d}Black wins by 99\n"),
        "{out}"
    );
    // The line feed of the event stays inside its line: no line of the sheet is forged.
    assert!(
        out.contains("g\\u{9b}31m, ev\\u{a}Result: forged, 2024\\u{202e}\n"),
        "{out}"
    );
    assert!(
        !out.lines().any(|l| l.starts_with("Result: forged")),
        "{out}"
    );
    assert!(out.contains("B+R\\u{1b}[8m"), "{out}");
    assert!(out.contains("RU[Jap\\u{1b}anese]"), "{out}");
}

#[test]
fn json_escapes_every_control_character_and_reads_back_as_the_record() {
    let path = hostile_record("replay-controls-json");
    let (code, out, err) = run(&["replay", &path, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert!(!has_control(&out), "{out:?}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let text = serde_json::to_string(&value).unwrap();
    assert!(
        text.contains("Eve\\u001b[2J\\u001b]0;pwned\\u0007"),
        "{text}"
    );
    assert_eq!(value["game"]["name"], "g\u{9b}31m");
    assert_eq!(value["game"]["event"], "ev\nResult: forged");
}
