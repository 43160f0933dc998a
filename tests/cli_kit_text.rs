//! Kit text that is not what it seems: control characters written as escapes are refused at
//! the escape that wrote them, by `check` and so by `build`, and a prompt longer than a page
//! is never cut.

mod common;

use common::{run, temp_path};

/// Writes `text` as a kit file named after `name`; its path.
fn kit_file(name: &str, text: &str) -> String {
    let path = temp_path(name).with_extension("toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// A kit with a control character in each kind of printed text: the title, a `[text]`
/// override, an example's title and its prompt (C0, DEL, C1 and ESC).
const CONTROLS: &str = r#"[kit]
title = "Bell\u0007 and \u001b[31mred"

[rules]
board = 5

[text]
answer_draw = "a\u009bdraw"

[[example]]
task = "capture"
to_play = "black"
title = "One\u007f"
prompt = "Find the capture.\u0000"
position = "white C3; black B3 C2 D3"
key = "C4"
"#;

#[test]
fn control_characters_are_refused_at_their_line_and_column() {
    let path = kit_file("controls", CONTROLS);
    let (code, out, err) = run(&["check", &path]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    for (character, line, col) in [
        ("U+0007 (bell)", 2, 14),
        ("U+001B (escape)", 2, 25),
        ("U+009B (control sequence introducer)", 8, 17),
        ("U+007F (delete)", 13, 13),
        ("U+0000 (null)", 14, 28),
    ] {
        let at = format!(" --> {path}:{line}:{col}\n");
        let message = format!("holds the control character {character}, which is not text");
        let shown = err
            .split("\n\n")
            .find(|d| d.contains(&at))
            .unwrap_or_else(|| panic!("nothing at {line}:{col}: {err}"));
        assert!(shown.contains(&message), "{shown}");
        assert!(shown.contains("= help: remove `\\u"), "{shown}");
    }
    assert!(err.contains("check failed with 5 problems"), "{err}");
    // The diagnostics themselves never carry the character raw to the terminal.
    assert!(
        !err.contains(['\u{7}', '\u{1b}', '\u{9b}', '\u{7f}', '\0']),
        "{err:?}"
    );
}

#[test]
fn build_refuses_a_kit_with_a_control_character_and_writes_nothing() {
    let path = kit_file("controls-build", CONTROLS);
    let out_dir = temp_path("controls-pack");
    let _ = std::fs::remove_dir_all(&out_dir);
    let (code, _, err) = run(&["build", &path, "--out", out_dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("U+0007 (bell)"), "{err}");
    let svgs = std::fs::read_dir(&out_dir).map_or(0, |d| {
        d.filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "svg"))
        })
        .count()
    });
    assert_eq!(svgs, 0);
}

#[test]
fn tabs_and_line_breaks_in_a_prompt_are_text() {
    let path = kit_file(
        "controls-allowed",
        &CONTROLS
            .replace(r"Bell\u0007 and \u001b[31mred", "Tabs")
            .replace(r"a\u009bdraw", "a draw")
            .replace(r"One\u007f", "One")
            .replace(r"capture.\u0000", r"capture.\n\tThen\r\nrest."),
    );
    let (code, out, err) = run(&["check", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok  "), "{out}");
}

/// A kit whose first example's prompt is `count` numbered words.
fn long_prompt_kit(name: &str, count: usize) -> String {
    let words: Vec<String> = (1..=count).map(|i| format!("word{i}")).collect();
    kit_file(
        name,
        &format!(
            r#"[kit]
title = "Long prompt"

[rules]
board = 5

[[example]]
position = "white C3; black B3 C2 D3"
task = "capture"
to_play = "black"
prompt = "{}"
key = "C4"

[[example]]
title = "After the long one"
position = "white C3; black B3 C2 D3"
task = "capture"
to_play = "black"
key = "C4"
"#,
            words.join(" ")
        ),
    )
}

#[test]
fn a_prompt_longer_than_a_page_runs_on_and_every_word_is_printed() {
    if !common::tool_available("pdftotext") {
        return;
    }
    // 400 words fill a page's width; 2000 run on over the pages after it.
    for count in [400, 2000] {
        every_word_is_printed(count);
    }
}

fn every_word_is_printed(count: usize) {
    let name = format!("long-prompt-{count}");
    let path = long_prompt_kit(&name, count);
    let (code, _, err) = run(&["check", &path]);
    assert_eq!(code, 0, "{err}");
    let out_dir = temp_path(&format!("{name}-pack"));
    let _ = std::fs::remove_dir_all(&out_dir);
    let (code, _, err) = run(&[
        "build",
        &path,
        "--out",
        out_dir.to_str().unwrap(),
        "--format",
        "pdf",
    ]);
    assert_eq!(code, 0, "{err}");
    for document in ["player-sheet", "host-key"] {
        let pdf = std::fs::read(out_dir.join(format!("{document}.pdf"))).unwrap();
        let text = common::pdf_text(&pdf, &format!("{name}-{document}"));
        let printed: std::collections::HashSet<&str> = text
            .split_whitespace()
            .filter(|w| w.starts_with("word"))
            .collect();
        let missing: Vec<String> = (1..=count)
            .map(|i| format!("word{i}"))
            .filter(|w| !printed.contains(w.as_str()))
            .collect();
        assert!(missing.is_empty(), "{document}: {missing:?} not printed");
        // What follows the long prompt is printed too, after it.
        let last = text.find(&format!("word{count}")).unwrap();
        assert!(
            text[last..].contains("After the long one"),
            "{document}: {text}"
        );
    }
}

/// The foot of a page is the same on every page, so its text cannot run on: a printing note or
/// bar label too long for it is refused at its `[text]` entry, with the lines measured.
#[test]
fn a_printing_note_too_long_for_the_foot_is_refused_with_the_measured_limit() {
    let words: Vec<String> = (1..=60).map(|i| format!("note{i}")).collect();
    let path = kit_file(
        "long-note",
        &CONTROLS
            .replace(r"Bell\u0007 and \u001b[31mred", "Long note")
            .replace(
                r#"answer_draw = "a\u009bdraw""#,
                &format!(
                    "host_printing_note = \"{0}\"\ncalibration_label = \"{0}\"",
                    words.join(" ")
                ),
            )
            .replace(r"One\u007f", "One")
            .replace(r"capture.\u0000", "capture."),
    );
    let (code, out, err) = run(&["check", &path]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, "");
    assert!(
        err.starts_with(
            "error: `host_printing_note` takes 3 lines at the foot of a page, where 2 fit (the rest would be printed over the page)\n"
        ),
        "{err}"
    );
    assert!(err.contains(&format!(" --> {path}:8:1\n")), "{err}");
    assert!(err.contains("`calibration_label` takes 7 lines"), "{err}");
    assert!(err.contains(&format!(" --> {path}:9:1\n")), "{err}");
    assert!(err.contains("= help: shorten it to about "), "{err}");
    assert!(
        err.contains("or write `host_printing_note = \"\"` to leave it out"),
        "{err}"
    );
}
