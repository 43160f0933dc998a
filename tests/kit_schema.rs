//! `libertykit schema` judged by an independent validator (the `jsonschema` crate, as an
//! editor would read it): every kit `check` accepts validates, every kit broken by a key or a
//! value's kind does not, and each key's kind in the schema is the kind `check` reads.

mod common;

use std::path::Path;

use common::run;
use serde_json::Value;

fn schema() -> Value {
    let (code, out, err) = run(&["schema"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("the schema is JSON")
}

fn validator() -> jsonschema::Validator {
    jsonschema::draft7::new(&schema()).expect("the schema is a draft-07 schema")
}

/// A kit's TOML as the JSON value an editor validates.
fn as_json(toml_text: &str) -> Value {
    let value: toml::Value = toml::from_str(toml_text).expect("the kit is TOML");
    serde_json::to_value(value).unwrap()
}

/// The schema's complaints about `text`, one line each.
fn complaints(validator: &jsonschema::Validator, text: &str) -> Vec<String> {
    let json = as_json(text);
    validator
        .iter_errors(&json)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn kits_in(folder: &str) -> Vec<std::path::PathBuf> {
    let mut kits: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    kits.sort();
    kits
}

#[test]
fn every_kit_check_accepts_validates() {
    let validator = validator();
    let mut kits = kits_in("examples");
    kits.extend(kits_in("tests/kits/good"));
    // What `libertykit new` writes, `#:schema` line and all.
    kits.push("templates/kit.toml".into());
    assert!(kits.len() > 10);
    for kit in kits {
        let text = std::fs::read_to_string(&kit).unwrap();
        let found = complaints(&validator, &text);
        assert!(found.is_empty(), "{}: {found:#?}", kit.display());
    }
}

/// What `import` writes from real collections validates too: the kit an author then edits.
#[test]
fn every_imported_kit_validates() {
    let validator = validator();
    let mut imported = 0;
    for sgf in [
        "tests/sgf/collection.sgf",
        "tests/sgf/corner-problems.sgf",
        "tests/sgf/real-markers",
        "tests/sgf/solutions",
    ] {
        let (code, kit, err) = run(&["import", sgf]);
        assert_eq!(code, 0, "{sgf}: {err}");
        let found = complaints(&validator, &kit);
        assert!(found.is_empty(), "{sgf}: {found:#?}");
        imported += kit.matches("[[example]]").count();
    }
    assert!(imported > 20, "{imported} examples");
}

/// The broken kits whose fault is a key or the kind of a value: an editor shows each of them.
const BROKEN_BY_A_KEY_OR_A_TYPE: [(&str, &str); 9] = [
    ("many-problems", "/rules/ko"),
    ("unknown-key", "/kit"),
    ("wrong-key-among-others", "/kit"),
    ("wrong-type", "/kit/record_rows"),
    ("missing-title", "/kit"),
    ("missing-rules", ""),
    ("bad-board", "/rules/board"),
    ("unknown-language", "/kit/language"),
    ("unknown-text-key", "/text"),
];

#[test]
fn kits_broken_by_a_key_or_a_type_do_not_validate_and_the_others_do() {
    let validator = validator();
    for kit in kits_in("tests/kits/broken") {
        let name = kit.file_stem().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(&kit).unwrap();
        if toml::from_str::<toml::Value>(&text).is_err() {
            continue; // not TOML at all: the editor's TOML parser says so, not the schema
        }
        let found = complaints(&validator, &text);
        match BROKEN_BY_A_KEY_OR_A_TYPE.iter().find(|(n, _)| *n == name) {
            Some((_, at)) => {
                assert!(!found.is_empty(), "{name} validates");
                assert!(
                    found.iter().any(|c| c.ends_with(&format!(" at {at}"))),
                    "{name}: {found:#?}"
                );
            }
            // Broken only where the rules engine must judge (a point off the board, a wrong
            // answer): the schema accepts them and `check` finds the fault.
            None => assert!(found.is_empty(), "{name}: {found:#?}"),
        }
    }
}

/// A small sound kit with `line` added to `table` (`kit`, `rules` or `example`).
fn kit_with(table: &str, line: &str) -> String {
    let [mut kit, mut rules, mut example] = [
        "[kit]\ntitle = \"T\"\n".to_string(),
        "[rules]\nboard = 5\n".to_string(),
        "[[example]]\nposition = \"white C3; black B3 C2 D3\"\ntask = \"capture\"\nto_play = \"black\"\n"
            .to_string(),
    ];
    let name = line.split(" = ").next().unwrap();
    for (this, body) in [
        ("kit", &mut kit),
        ("rules", &mut rules),
        ("example", &mut example),
    ] {
        if this == table {
            // The key replaces the kit's own line of that name, if it has one.
            let kept: Vec<&str> = body
                .lines()
                .filter(|l| !l.starts_with(&format!("{name} = ")))
                .collect();
            *body = format!("{}\n{line}\n", kept.join("\n"));
        }
    }
    format!("{kit}{rules}{example}")
}

/// For every key the schema lists: a value of its kind (as `check`'s help writes it)
/// validates, and a value of another kind is refused by the schema and by `check`, at that key.
#[test]
fn each_key_has_the_kind_check_reads() {
    let schema = schema();
    let validator = jsonschema::draft7::new(&schema).unwrap();
    let path = common::temp_path("schema-kind").with_extension("toml");
    let tables = [
        ("kit", &schema["properties"]["kit"]),
        ("rules", &schema["properties"]["rules"]),
        ("example", &schema["properties"]["example"]["items"]),
    ];
    let mut keys = 0;
    for (table, definition) in tables {
        for (name, property) in definition["properties"].as_object().unwrap() {
            keys += 1;
            let right = right_value(name);
            let found = complaints(&validator, &kit_with(table, &format!("{name} = {right}")));
            assert!(found.is_empty(), "{table}.{name} = {right}: {found:#?}");
            // A value of another kind than any the key takes.
            let accepts = serde_json::to_string(property).unwrap();
            let wrong = if accepts.contains("\"boolean\"") {
                "1979-05-27"
            } else {
                "true"
            };
            let text = kit_with(table, &format!("{name} = {wrong}"));
            assert!(
                !complaints(&validator, &text).is_empty(),
                "the schema takes {table}.{name} = {wrong}"
            );
            std::fs::write(&path, &text).unwrap();
            let (code, _, err) = run(&["check", path.to_str().unwrap()]);
            assert_eq!(code, 1, "check takes {table}.{name} = {wrong}");
            assert!(err.contains(&format!("`{name}`")), "{table}.{name}: {err}");
        }
    }
    assert_eq!(keys, 15 + 8 + 17);
    let _ = std::fs::remove_file(path);
}

/// A value of `name`'s kind.
fn right_value(name: &str) -> &'static str {
    match name {
        "paper" => "\"Letter\"",
        "board_print" => "\"Tiled\"",
        "record_rows" | "worked_example" | "end_passes" | "max_stones" | "capture_target"
        | "within" => "1",
        "board" => "9",
        "spacing_mm" => "[22.0, 23.7]",
        "counter_mm" => "20",
        "komi" => "7.5",
        "counters" => "\"None\"",
        "ink_saving" | "record_numbered" | "position_words" | "large_print" => "true",
        "language" => "\"FR\"",
        "ko" => "\"simple\"",
        "scoring" => "\"area\"",
        "suicide" => "\"allowed\"",
        "task" => "\"Liberties\"",
        "to_play" => "\"Noir\"",
        "history" | "moves" | "dead" | "correct" | "wrong" => "[\"black C4\"]",
        "key" => "[\"C4\"]",
        _ => "\"C4\"",
    }
}

#[test]
fn the_schema_is_what_new_points_to() {
    let out = common::temp_path("schema-new");
    std::fs::create_dir_all(&out).unwrap();
    let kit = out.join("kit.toml");
    let (code, _, err) = run(&["new", kit.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&kit).unwrap();
    let first = written.lines().next().unwrap();
    assert_eq!(first, "#:schema ./libertykit.schema.json");
    assert!(Path::new(&out).exists());
    let _ = std::fs::remove_dir_all(out);
}
