//! `import` writes the SGF file's name into the kit's first comment, and its stem may become
//! the title: a file name holding a line feed (or any other control character) cannot inject
//! TOML into the kit, and the kit written still passes `check`.

mod common;

use common::{fresh_dir, run};

#[test]
fn a_line_feed_in_the_file_name_stays_in_the_comment() {
    let dir = fresh_dir("import-name");
    // Were the name written raw, its second line would open a `[text]` table that replaces the
    // player sheet's heading.
    let name = "drills\n[text]\nplayer_heading = \"pwned\"\n#.sgf";
    let sgf = dir.join(name);
    std::fs::write(&sgf, "(;GM[1]FF[4]SZ[5]AB[bc][cb][dc]AW[cc]PL[B])").unwrap();
    let kit = dir.join("kit.toml");
    let (code, out, err) = run(&[
        "import",
        sgf.to_str().unwrap(),
        "--out",
        kit.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), kit.to_str().unwrap());
    let text = std::fs::read_to_string(&kit).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        "# Imported from drills\\u{a}[text]\\u{a}player_heading = \"pwned\"\\u{a}#.sgf by `libertykit import`."
    );
    assert!(!text.lines().any(|l| l.trim() == "[text]"), "{text}");
    assert!(!text.contains("\nplayer_heading"), "{text}");
    let (code, out, err) = run(&["check", kit.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}\n{text}");
    assert!(out.starts_with("ok  "), "{out}");
}

#[test]
fn an_escape_in_the_file_name_is_shown_in_the_comment_and_the_title() {
    let dir = fresh_dir("import-escape");
    let sgf = dir.join("red\u{1b}[31m\r.sgf");
    std::fs::write(&sgf, "(;GM[1]FF[4]SZ[5]AB[bc][cb][dc]AW[cc]PL[B])").unwrap();
    let (code, text, err) = run(&["import", sgf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !text.contains(|c: char| c.is_control() && c != '\n'),
        "{text:?}"
    );
    assert!(
        text.starts_with("# Imported from red\\u{1b}[31m\\u{d}.sgf by `libertykit import`.\n"),
        "{text}"
    );
    // The title is the stem, each control character a kit may not hold written as text.
    assert!(text.contains("title = \"red\\\\u{1b}[31m\\r\"\n"), "{text}");
}

#[test]
fn a_note_quoting_the_file_shows_its_control_characters() {
    let dir = fresh_dir("import-ruleset");
    let sgf = dir.join("ruleset.sgf");
    std::fs::write(
        &sgf,
        b"(;GM[1]FF[4]SZ[5]RU[x\x1b[2J]AB[bc][cb][dc]AW[cc]PL[B])",
    )
    .unwrap();
    let (code, _, err) = run(&["import", sgf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("note: `RU[x\\u{1b}[2J]` is not a ruleset"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}'), "{err:?}");
}
