//! `check` compares every example's key with the engine's answer whatever is wrong in
//! `[rules]`: each broken entry is taken at its default, and a note says so.

mod common;

use common::{run, temp_path};

/// A kit whose `[rules]` has `broken` under `board = 5`, and whose one example's key is wrong.
fn kit_with_rules(name: &str, broken: &str) -> String {
    let text = format!(
        "[kit]\ntitle = \"Rules\"\n\n[rules]\nboard = 5\n{broken}\n\n[[example]]\nposition = \"white C3; black B3 C2 D3\"\ntask = \"capture\"\nto_play = \"black\"\nkey = \"E5\"\n"
    );
    let path = temp_path(name).with_extension("toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// The wrong key at line 13 of every kit above.
fn assert_key_compared(path: &str, err: &str) {
    assert!(
        err.contains("example 1: the key says E5, but the engine finds: C4 captures C3 (1 stone)"),
        "{err}"
    );
    assert!(err.contains(&format!(" --> {path}:")), "{err}");
}

#[test]
fn each_kind_of_broken_rules_entry_still_has_the_keys_compared() {
    for (name, broken, entry, message) in [
        (
            "rules-typo",
            "capture_traget = 5",
            "capture_traget",
            "unknown key `capture_traget` in `[rules]`",
        ),
        (
            "rules-superko",
            "ko = \"superko\"",
            "ko",
            "unknown repetition rule `superko`",
        ),
        (
            "rules-komi",
            "komi = \"7\"",
            "komi",
            "`komi` must be a number, not the text `\"7\"`",
        ),
        (
            "rules-zero",
            "end_passes = 0",
            "end_passes",
            "`end_passes` must be a positive whole number, not 0",
        ),
    ] {
        let path = kit_with_rules(name, broken);
        let (code, out, err) = run(&["check", &path]);
        assert_eq!(code, 1, "{err}");
        assert_eq!(out, "");
        assert!(err.starts_with(&format!("error: {message}\n")), "{err}");
        assert_key_compared(&path, &err);
        assert!(
            err.contains(&format!(
                "note: the examples' keys were compared with the engine's answers assuming the default rules for `{entry}` in `[rules]`, whose entry is wrong\n"
            )),
            "{err}"
        );
        // The note is not a problem of its own.
        assert!(
            err.ends_with("error: check failed with 2 problems\n"),
            "{err}"
        );
    }
}

#[test]
fn every_broken_entry_is_named_in_one_note() {
    let path = kit_with_rules(
        "rules-all",
        "capture_traget = 5\nko = \"superko\"\nkomi = \"7\"",
    );
    let (code, _, err) = run(&["check", &path]);
    assert_eq!(code, 1, "{err}");
    assert_key_compared(&path, &err);
    assert!(
        err.contains("assuming the default rules for `ko`, `komi`, `capture_traget` in `[rules]`, whose entries are wrong"),
        "{err}"
    );
    assert_eq!(err.matches("note: ").count(), 1, "{err}");
    assert!(
        err.ends_with("error: check failed with 4 problems\n"),
        "{err}"
    );
}

#[test]
fn sound_rules_give_no_note() {
    let path = kit_with_rules("rules-sound", "komi = 7");
    let (code, _, err) = run(&["check", &path]);
    assert_eq!(code, 1, "{err}");
    assert_key_compared(&path, &err);
    assert!(!err.contains("note: "), "{err}");
}
