//! The kit format as a JSON Schema (draft-07), made from the key tables `check` reads by
//! (`key_docs`) and the wording keys `[text]` may replace, for editors that complete and check
//! TOML against a schema (Taplo, VS Code's Even Better TOML).
//!
//! The schema refuses what `check` refuses for a key or a value's kind, and never what `check`
//! accepts; what only the rules engine can judge (a point off the board, a wrong answer) is left
//! to `check`.

use serde_json::{Map, Value, json};

use super::key_docs::{EXAMPLE_DOCS, KIT_DOCS, KeyDoc, Kind, RULES_DOCS};
use super::schema::{EXAMPLE_REQUIRED, KIT_REQUIRED};
use crate::rules::{BLACK_WORDS, WHITE_WORDS};
use crate::toml_input::rules_table::RULES_REQUIRED;
use crate::wording::{Language, Wording};

/// The draft editors read: Taplo supports draft-04 to draft-07.
const DIALECT: &str = "http://json-schema.org/draft-07/schema#";

/// The JSON Schema of a kit file.
pub fn kit_schema() -> Value {
    let example = table(
        &EXAMPLE_DOCS,
        EXAMPLE_REQUIRED,
        "One example: a position and what it asks, numbered and printed in file order.",
    );
    json!({
        "$schema": DIALECT,
        "title": "libertykit kit",
        "description": "A libertykit kit file: `libertykit help kit` is its reference.",
        "type": "object",
        "properties": {
            "kit": table(&KIT_DOCS, KIT_REQUIRED, "The pack: title, paper, sizes, record, counters, language."),
            "rules": table(&RULES_DOCS, RULES_REQUIRED, "The session's rules: board size, repetition, end conditions, scoring."),
            "text": text_table(),
            "example": {
                "type": "array",
                "description": "The examples, each an [[example]] table.",
                "items": example,
            },
        },
        "required": ["kit", "rules"],
        "additionalProperties": false,
    })
}

/// A table of `docs`, refusing any other key.
fn table(docs: &[KeyDoc], required: &[&str], description: &str) -> Value {
    let properties: Map<String, Value> = docs
        .iter()
        .map(|doc| {
            let mut value = value_schema(doc.kind);
            value["description"] = doc.doc.into();
            (doc.name.to_string(), value)
        })
        .collect();
    json!({
        "type": "object",
        "description": description,
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

/// `[text]`: every wording key, each a sentence, with the English one as its description.
fn text_table() -> Value {
    let wording = Wording::defaults();
    let properties: Map<String, Value> = wording
        .keys()
        .map(|key| {
            let sentence = json!({
                "type": "string",
                "description": format!("Default (en): {}", wording.get(key)),
            });
            (key.to_string(), sentence)
        })
        .collect();
    json!({
        "type": "object",
        "description": "Replacements for the printed wording, by key.",
        "properties": properties,
        "additionalProperties": false,
    })
}

/// The schema of one kind of value.
fn value_schema(kind: Kind) -> Value {
    match kind {
        Kind::Text => json!({ "type": "string" }),
        Kind::Name(names) => words(names, names),
        Kind::Colour => {
            let all: Vec<&str> = BLACK_WORDS.iter().chain(WHITE_WORDS).copied().collect();
            words(&[BLACK_WORDS[0], WHITE_WORDS[0]], &all)
        }
        Kind::Language => {
            let codes = Language::ALL.map(Language::code);
            words(&codes, &codes)
        }
        Kind::WholeNumber { least, most } => {
            json!({ "type": "integer", "minimum": least, "maximum": most })
        }
        Kind::Number { least, most } => {
            json!({ "type": "number", "minimum": least, "maximum": most })
        }
        Kind::Switch => json!({ "type": "boolean" }),
        Kind::NumberPair { least, most } => json!({
            "type": "array",
            "items": { "type": "number", "minimum": least, "maximum": most },
            "minItems": 2,
            "maxItems": 2,
        }),
        Kind::TextList => json!({ "type": "array", "items": { "type": "string" } }),
        Kind::Counters { most } => {
            let named = ["default", "none"];
            json!({ "anyOf": [
                words(&named, &named),
                { "type": "integer", "minimum": 0, "maximum": most },
            ]})
        }
        Kind::Key => json!({
            "type": ["boolean", "string", "array"],
            "items": { "type": "string" },
        }),
    }
}

/// A word out of `accepted`, in any case and with spaces around it, as `check` reads it;
/// editors offer `offered` (an `enum`) to complete from.
fn words(offered: &[&str], accepted: &[&str]) -> Value {
    let alternatives: Vec<String> = accepted.iter().map(|w| any_case(w)).collect();
    let pattern = format!(r"^\s*(?:{})\s*$", alternatives.join("|"));
    json!({ "anyOf": [
        { "enum": offered },
        { "type": "string", "pattern": pattern },
    ]})
}

/// A regular expression matching `word` in any case: `[aA]4`.
fn any_case(word: &str) -> String {
    word.chars()
        .map(|c| {
            let (lower, upper) = (c.to_lowercase().to_string(), c.to_uppercase().to_string());
            if lower != upper {
                format!("[{lower}{upper}]")
            } else if r"\^$.|?*+()[]{}/".contains(c) {
                format!(r"\{c}")
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_reads_in_any_case_and_offers_its_written_form() {
        assert_eq!(any_case("a4"), "[aA]4");
        assert_eq!(any_case("off-board"), "[oO][fF][fF]-[bB][oO][aA][rR][dD]");
        assert_eq!(any_case("a.b"), r"[aA]\.[bB]");
        assert_eq!(any_case("黒"), "黒");
        let paper = kit_schema()["properties"]["kit"]["properties"]["paper"].clone();
        assert_eq!(paper["anyOf"][0]["enum"], json!(["a4", "letter", "a3"]));
        assert!(paper["description"].as_str().unwrap().contains("a4"));
    }

    #[test]
    fn every_wording_key_may_be_replaced_and_no_other() {
        let text = kit_schema()["properties"]["text"].clone();
        let keys = text["properties"].as_object().unwrap();
        assert_eq!(keys.len(), Wording::defaults().keys().count());
        assert!(keys.contains_key("answer_capture"));
        assert_eq!(text["additionalProperties"], json!(false));
    }
}
