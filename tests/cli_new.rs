//! `libertykit new`: writes the scaffold, which passes `check`, and never overwrites a file.

mod common;

use common::run;
use std::path::PathBuf;

#[test]
fn scaffold_is_written_passes_check_and_is_never_overwritten() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("new-kit");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("my-kit.toml");
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&["new", p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(&format!("wrote {p}")), "{out}");
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, include_str!("../templates/kit.toml"));

    let (code, out, err) = run(&["check", p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(&format!("ok  {p}: 5 examples")), "{out}");
    let (code, _, err) = run(&["key", p]);
    assert_eq!(code, 0, "{err}");

    std::fs::write(&path, "mine").unwrap();
    let (code, _, err) = run(&["new", p]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!("error: `{p}` already exists; choose another path or remove it first\n")
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
}

#[test]
fn scaffold_documents_every_kit_key() {
    let scaffold = include_str!("../templates/kit.toml");
    for key in [
        "title",
        "purpose",
        "paper",
        "record_rows",
        "spacing_mm",
        "counter_mm",
        "ink_saving",
        "board",
        "ko",
        "end_passes",
        "max_stones",
        "capture_target",
        "scoring",
        "komi",
        "[text]",
        "position",
        "task",
        "to_play",
        "group",
        "move",
        "history",
        "moves",
        "dead",
        "key",
        "prompt",
    ] {
        assert!(scaffold.contains(key), "{key}");
    }
}
