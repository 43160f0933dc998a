//! Every wording lookup the code makes with a literal key (`wording.get("key")`,
//! `w.fill("key", &[("name", ...)])`, `wording.has("key")`, the answer's
//! `sentence(wording, "key", ...)`) names a sentence of the English templates, and a `fill`
//! gives exactly the placeholders that sentence has (a `sentence` at least those). A missing key would
//! print the key itself on paper and a wrong placeholder `{name}`; the other languages are held
//! to the English keys and placeholders by `wording`'s own tests.
//!
//! Keys built at run time (`w.get(key)`) are not seen here; the code keeps those to names
//! formed from a fixed list, next to the list.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use libertykit::wording::{Wording, placeholders};

mod common;
use common::rust_files;

/// Receivers whose `.get("...")` is not a wording lookup: the SGF properties `import` reads.
const NOT_WORDING: &[&str] = &["private"];

/// The built-in English wording (its sheet, answers and replay templates, as the program loads
/// them): every key with its sentence.
fn english_sentences() -> BTreeMap<String, String> {
    let wording = Wording::defaults();
    wording
        .keys()
        .map(|key| (key.to_string(), wording.get(key).to_string()))
        .collect()
}

/// One lookup with a literal key, where it is written.
#[derive(Debug)]
struct Lookup {
    /// `src/layout/rules_text.rs:27`.
    place: String,
    key: String,
    /// For a `fill` given a literal list: the placeholder names it fills.
    filled: Option<BTreeSet<String>>,
    /// Whether the list must be exactly the sentence's placeholders (`fill`), or may give more
    /// (`sentence`, whose lists are shared by the sentences of one answer).
    exact: bool,
}

/// The string literal starting at `text[at..]` (at its opening quote), and the byte after it.
fn literal(text: &str, at: usize) -> Option<(&str, usize)> {
    let rest = text[at..].strip_prefix('"')?;
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return Some((&rest[..i], at + 1 + i + 1)),
            _ => escaped = false,
        }
    }
    None
}

/// The names of a `&[("name", value), ...]` list starting at `text[at..]`, or `None` when the
/// arguments are not written as such a list.
fn filled_names(text: &str, at: usize) -> Option<BTreeSet<String>> {
    let start = at + text[at..].find(|c: char| !c.is_whitespace() && c != ',')?;
    let list = text[start..].strip_prefix("&[")?;
    let mut names = BTreeSet::new();
    let (mut brackets, mut parens) = (1, 0);
    let mut i = 0;
    while i < list.len() {
        let c = list[i..].chars().next()?;
        match c {
            '"' => {
                let (_, after) = literal(list, i)?;
                i = after;
                continue;
            }
            '[' => brackets += 1,
            ']' => {
                brackets -= 1;
                if brackets == 0 {
                    return Some(names);
                }
            }
            '(' => {
                if brackets == 1 && parens == 0 {
                    let name_at = i + 1 + list[i + 1..].find(|c: char| !c.is_whitespace())?;
                    if let Some((name, _)) = literal(list, name_at) {
                        names.insert(name.to_string());
                    }
                }
                parens += 1;
            }
            ')' => parens -= 1,
            _ => {}
        }
        i += c.len_utf8();
    }
    None
}

/// Every `.get("key")`, `.has("key")` and `.fill("key", ...)` in `text` whose receiver is not
/// in [`NOT_WORDING`].
fn lookups_in(name: &str, text: &str) -> Vec<Lookup> {
    let mut found = Vec::new();
    for method in [".get(", ".has(", ".fill("] {
        for (at, _) in text.match_indices(method) {
            let receiver = text[..at]
                .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or_default();
            if NOT_WORDING.contains(&receiver) {
                continue;
            }
            let open = at + method.len();
            let Some(key_at) = text[open..]
                .find(|c: char| !c.is_whitespace())
                .map(|i| open + i)
            else {
                continue;
            };
            let Some((key, after)) = literal(text, key_at) else {
                continue;
            };
            let line = text[..at].matches('\n').count() + 1;
            found.push(Lookup {
                place: format!("{name}:{line}"),
                key: key.to_string(),
                filled: (method == ".fill(")
                    .then(|| filled_names(text, after))
                    .flatten(),
                exact: true,
            });
        }
    }
    // The answer's `sentence(wording, "key", &[...])`, a fill that keeps its key.
    for (at, _) in text.match_indices("sentence(") {
        let args = text[at + "sentence(".len()..].trim_start();
        let Some(rest) = args.strip_prefix("wording,") else {
            continue;
        };
        let key_at = text.len() - rest.trim_start().len();
        let Some((key, after)) = literal(text, key_at) else {
            continue;
        };
        found.push(Lookup {
            place: format!("{name}:{}", text[..at].matches('\n').count() + 1),
            key: key.to_string(),
            filled: filled_names(text, after),
            exact: false,
        });
    }
    found
}

/// Every lookup with a literal key in `src/`.
fn every_lookup() -> Vec<Lookup> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = rust_files(&root.join("src"));
    let mut lookups = Vec::new();
    for file in files {
        let text = fs::read_to_string(&file).expect("source is readable");
        let name = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .display()
            .to_string();
        lookups.extend(lookups_in(&name, &text));
    }
    lookups
}

#[test]
fn every_literal_wording_key_is_in_the_templates_with_the_placeholders_it_fills() {
    let sentences = english_sentences();
    let lookups = every_lookup();
    // The scan must see the code's lookups at all, or it proves nothing.
    assert!(lookups.len() > 100, "only {} lookups found", lookups.len());
    let mut wrong = Vec::new();
    for lookup in &lookups {
        let Some(sentence) = sentences.get(&lookup.key) else {
            wrong.push(format!(
                "{}: `{}` is not a key of templates/en (nor templates/replay.toml)",
                lookup.place, lookup.key
            ));
            continue;
        };
        if let Some(filled) = &lookup.filled {
            let wanted: BTreeSet<String> = placeholders(sentence)
                .into_iter()
                .map(String::from)
                .collect();
            let agrees = if lookup.exact {
                filled == &wanted
            } else {
                filled.is_superset(&wanted)
            };
            if !agrees {
                wrong.push(format!(
                    "{}: `{}` is filled with {filled:?}, but its sentence has {wanted:?}: {sentence:?}",
                    lookup.place, lookup.key
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_scan_reads_keys_and_filled_names_as_written() {
    let text = r#"
        let a = w.fill(
            "stone_many",
            &[("count", &list(&points[..2])), ("extra", "a \"(quoted)\" [x]")],
        );
        let b = private.get("task");
        let c = wording.get(key);
        let d = kit.wording.has("black");
    "#;
    let found = lookups_in("x.rs", text);
    let keys: Vec<(&str, &str)> = found
        .iter()
        .map(|l| (l.place.as_str(), l.key.as_str()))
        .collect();
    assert_eq!(keys, [("x.rs:8", "black"), ("x.rs:2", "stone_many")]);
    let filled: Vec<&str> = found[1]
        .filled
        .iter()
        .flatten()
        .map(String::as_str)
        .collect();
    assert_eq!(filled, ["count", "extra"]);
}
