//! Reading a kit: TOML text -> raw tables (`schema`) -> the validated `Kit`, with every problem a
//! `Diagnostic` at the offending value. Problems are collected, not stopped at, so one run of
//! `check` shows as many of them as the file allows.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::examples;
use super::kit_table::{KitSection, kit_language, kit_section, worked_example};
use super::model::{Example, Kit, PaperPlaces};
use super::schema::{
    EXAMPLE_KEYS, EXAMPLE_REQUIRED, KIT_KEYS, KIT_REQUIRED, RawExample, RawKit, TOP_KEYS,
};
use crate::diag::{Diagnostic, nearest};
use crate::rules::{BoardSize, Rules};
use crate::toml_input::control_characters;
use crate::toml_input::document::{TomlReader, parse_document, with_article};
use crate::toml_input::rules_table::{RULES_KEYS, RULES_REQUIRED, RawRules, assumed_note};
use crate::wording::{Language, Wording, placeholders};

/// A kit's tables and their keys, to say where a misplaced key belongs.
const KIT_TABLES: &[(&str, &[&str])] = &[
    ("[kit]", KIT_KEYS),
    ("[rules]", RULES_KEYS),
    ("[[example]]", EXAMPLE_KEYS),
];

/// FNV-1a 64 of the source bytes, folded to 8 hex digits: matches a printed sheet to its key.
pub fn fingerprint(source: &str) -> String {
    let h = crate::fingerprint::fnv1a64(source.as_bytes());
    format!("{:08x}", (h ^ (h >> 32)) as u32)
}

/// Reads and validates the kit in `source`, reporting every problem found. The authors' keys
/// are read for their form here and compared with the engine above, in `crate::check`.
pub fn load(source: &str) -> Result<Kit, Rejected> {
    let mut cx = TomlReader::new(source, KIT_TABLES);
    let Some(root) = parse_document(&mut cx) else {
        return Err(Rejected {
            problems: cx.problems,
            rules: None,
            wording: Wording::defaults(),
            examples: Vec::new(),
        });
    };
    // Reported with the rest, not alone: the file reads, so every other problem can be found.
    cx.problems.extend(control_characters(source, &root));
    let tables = top_tables(&mut cx, &root);
    let raw_kit = cx
        .table(
            tables.kit,
            "[kit]",
            (KIT_KEYS, KIT_REQUIRED),
            "add `[kit]` with at least `title = \"...\"`",
            RawKit::read,
        )
        .and_then(|(raw, _)| raw);
    let kit_parts = raw_kit.as_ref().and_then(|raw| kit_section(&mut cx, raw));
    // Read apart from the rest of `[kit]`, so that `[text]` is checked against the kit's own
    // language even when another `[kit]` value is wrong.
    let language = raw_kit
        .as_ref()
        .and_then(|raw| raw.language.as_ref())
        .map_or(Language::default(), |written| {
            kit_language(&mut cx, written)
        });

    let mut places = paper_places(raw_kit.as_ref());
    let RulesRead {
        rules,
        example_size,
        assumed,
    } = rules_section(&mut cx, tables.rules, &mut places);

    let wording = text_section(&mut cx, tables.text, language);

    let raw_examples = example_tables(&mut cx, tables.example);
    let example_rules = rules.map_or_else(|| example_size.map(|size| (size, assumed.0)), Some);
    let examples: Vec<Example> = match example_rules {
        Some((size, rules)) => raw_examples
            .iter()
            .enumerate()
            .filter_map(|(i, (raw, _))| {
                examples::check(&mut cx, i + 1, raw.as_ref()?, size, &rules)
            })
            .collect(),
        None => Vec::new(),
    };

    let worked_example = raw_kit
        .as_ref()
        .and_then(|raw| raw.worked_example.as_ref())
        .and_then(|n| worked_example(&mut cx, n, raw_examples.len()));

    match (rules, kit_parts) {
        (Some((size, rules)), Some(section)) if cx.problems.is_empty() => {
            let KitSection {
                title,
                purpose,
                paper,
                record_rows,
                record_numbered,
                counters,
                position_words,
                physical,
            } = section;
            Ok(Kit {
                title,
                purpose,
                paper,
                record_rows,
                record_numbered,
                counters,
                position_words,
                size,
                rules,
                physical,
                wording,
                examples,
                worked_example,
                fingerprint: fingerprint(source),
                places,
                font: raw_kit
                    .as_ref()
                    .and_then(|r| r.font.as_ref())
                    .map(|f| (f.get_ref().trim().to_string(), f.span())),
            })
        }
        (rules, _) => {
            let rules = match rules {
                Some((_, rules)) => Some(rules),
                None => {
                    // The check stage compares the examples under these rules: say so.
                    if !examples.is_empty() {
                        cx.problems.extend(assumed_note(&assumed.1));
                    }
                    example_size.map(|_| assumed.0)
                }
            };
            Err(Rejected {
                problems: cx.problems,
                rules,
                wording,
                examples,
            })
        }
    }
}

/// The top-level tables of a kit, each when written.
struct TopTables<'v, 'i> {
    kit: Option<&'v Spanned<DeValue<'i>>>,
    rules: Option<&'v Spanned<DeValue<'i>>>,
    text: Option<&'v Spanned<DeValue<'i>>>,
    example: Option<&'v Spanned<DeValue<'i>>>,
}

/// The kit's top-level tables, reporting every other top-level key with where it belongs.
fn top_tables<'v, 'i>(cx: &mut TomlReader<'_>, root: &'v DeTable<'i>) -> TopTables<'v, 'i> {
    let mut tables = TopTables {
        kit: None,
        rules: None,
        text: None,
        example: None,
    };
    for (key, value) in root.iter() {
        match key.get_ref().as_ref() {
            "kit" => tables.kit = Some(value),
            "rules" => tables.rules = Some(value),
            "text" => tables.text = Some(value),
            "example" => tables.example = Some(value),
            other => {
                let help = match nearest(other, TOP_KEYS) {
                    Some("example") => "did you mean `[[example]]`?".to_string(),
                    Some(n) => format!("did you mean `[{n}]`?"),
                    None => match cx.home_of(other) {
                        Some(home) => format!("`{other}` belongs in `{home}`"),
                        None => {
                            "a kit has the tables `[kit]`, `[rules]`, `[text]` and `[[example]]`"
                                .into()
                        }
                    },
                };
                cx.error(
                    key.span(),
                    format!("unknown key `{other}` at the top level"),
                    Some(help),
                );
            }
        }
    }
    tables
}

/// Where `[kit]` writes the values a board-fit problem points at (`[rules] board` is added
/// when the rules are read).
fn paper_places(raw_kit: Option<&RawKit>) -> PaperPlaces {
    PaperPlaces {
        paper: raw_kit.and_then(|r| r.paper.as_ref()).map(Spanned::span),
        spacing_mm: raw_kit
            .and_then(|r| r.spacing_mm.as_ref())
            .map(Spanned::span),
        counter_mm: raw_kit
            .and_then(|r| r.counter_mm.as_ref())
            .map(Spanned::span),
        ..PaperPlaces::default()
    }
}

/// What `[rules]` gave the kit.
struct RulesRead {
    /// The board and rules, when `[rules]` is sound.
    rules: Option<(BoardSize, Rules)>,
    /// The board's size when it reads, even if another rule is wrong.
    example_size: Option<BoardSize>,
    /// The rules with each wrong entry at its default, so the examples are still read and
    /// their keys compared with the engine when `[rules]` has a problem; with the entries
    /// defaulted.
    assumed: (Rules, Vec<String>),
}

/// Reads `[rules]`, noting where its `board` is written in `places`.
fn rules_section(
    cx: &mut TomlReader<'_>,
    rules_table: Option<&Spanned<DeValue<'_>>>,
    places: &mut PaperPlaces,
) -> RulesRead {
    let mut example_size = None;
    let mut assumed = (Rules::default(), Vec::new());
    let rules = cx
        .table(
            rules_table,
            "[rules]",
            (RULES_KEYS, RULES_REQUIRED),
            "add `[rules]` with at least `board = 5`",
            RawRules::read,
        )
        .and_then(|(raw, keys_sound)| {
            places.board = raw.board.as_ref().map_or(0..0, Spanned::span);
            example_size = raw.size();
            let checked = raw.check();
            let mut defaulted: Vec<String> =
                checked.defaulted.iter().map(ToString::to_string).collect();
            defaulted.extend(unknown_keys(rules_table, RULES_KEYS));
            let sound = keys_sound && raw.sound && checked.problems.is_empty();
            cx.problems.extend(checked.problems);
            assumed = (checked.rules, defaulted);
            checked
                .size
                .filter(|_| sound)
                .map(|size| (size, checked.rules))
        });
    RulesRead {
        rules,
        example_size,
        assumed,
    }
}

/// A kit that failed its checks: every problem, and the parts that are sound, so the check
/// stage can still compare the sound examples' keys with the engine and report every problem
/// of the file in one run.
#[derive(Debug)]
pub struct Rejected {
    /// Every problem found, each at its place.
    pub problems: Vec<Diagnostic>,
    /// The session's rules, when `[rules]` gives a supported board size; an entry whose value
    /// is wrong is at its default, and a note among the problems names it.
    pub rules: Option<Rules>,
    /// The wording, with the `[text]` entries that are sound.
    pub wording: Wording,
    /// The examples that passed their own checks.
    pub examples: Vec<Example>,
}

/// The wording of the kit's language with its `[text]` overrides; unknown keys are reported
/// with the nearest one. Every language has the same keys and placeholders, so what `[text]`
/// may say does not depend on the language.
fn text_section(
    cx: &mut TomlReader<'_>,
    table: Option<&Spanned<DeValue<'_>>>,
    language: Language,
) -> Wording {
    let defaults = Wording::for_language(language);
    let Some(table) = table else {
        return defaults;
    };
    let Some(entries) = table.get_ref().as_table() else {
        cx.error(
            table.span(),
            format!(
                "`text` must be a table, not {}",
                with_article(table.get_ref().type_str())
            ),
            Some("write it as a `[text]` section of `key = \"wording\"` lines".into()),
        );
        return defaults;
    };
    let known: Vec<&str> = defaults.keys().collect();
    let mut overrides = Vec::new();
    for (key, value) in entries.iter() {
        let k: &str = key.get_ref();
        if !defaults.has(k) {
            let help = match nearest(k, &known) {
                Some(n) => format!("did you mean `{n}`?"),
                None => {
                    "the keys are listed in templates/en/answers.toml and templates/en/sheet.toml"
                        .into()
                }
            };
            cx.error(
                key.span(),
                format!("unknown wording key `{k}` in `[text]`"),
                Some(help),
            );
            continue;
        }
        match value.get_ref().as_str() {
            Some(text) => {
                // A placeholder the program does not fill would be printed as `{name}` on
                // every page, so only the default sentence's own placeholders are allowed.
                let allowed = placeholders(defaults.get(k));
                if let Some(bad) = placeholders(text)
                    .into_iter()
                    .find(|p| !allowed.contains(p))
                {
                    let help = if allowed.is_empty() {
                        "this sentence has no placeholders; write it as plain text".to_string()
                    } else {
                        let names: Vec<String> =
                            allowed.iter().map(|p| format!("`{{{p}}}`")).collect();
                        format!("this sentence can use {}", names.join(", "))
                    };
                    cx.error(
                        value.span(),
                        format!("`{{{bad}}}` in `{k}` is not filled in by libertykit"),
                        Some(help),
                    );
                }
                overrides.push((k.to_string(), text.to_string()));
            }
            None => cx.error(
                value.span(),
                format!(
                    "`{k}` must be text, not {}",
                    with_article(value.get_ref().type_str())
                ),
                Some("write the wording in double quotes".into()),
            ),
        }
    }
    defaults
        .clone()
        .with_overrides(overrides)
        .unwrap_or(defaults)
}

/// The keys of `table` that are not among `known`, as written.
fn unknown_keys(table: Option<&Spanned<DeValue<'_>>>, known: &[&str]) -> Vec<String> {
    let Some(entries) = table.and_then(|t| t.get_ref().as_table()) else {
        return Vec::new();
    };
    entries
        .iter()
        .map(|(key, _)| key.get_ref().to_string())
        .filter(|key| !known.contains(&key.as_str()))
        .collect()
}

/// Each `[[example]]` table, deserialized where its keys are sound, with its TOML value.
fn example_tables<'v, 'i>(
    cx: &mut TomlReader<'_>,
    value: Option<&'v Spanned<DeValue<'i>>>,
) -> Vec<(Option<RawExample>, &'v Spanned<DeValue<'i>>)> {
    let Some(value) = value else {
        return Vec::new();
    };
    let Some(items) = value.get_ref().as_array() else {
        cx.error(
            value.span(),
            "`example` must be a list of `[[example]]` tables",
            Some("start each example with `[[example]]` (two brackets)".into()),
        );
        return Vec::new();
    };
    items
        .iter()
        .map(|item| {
            let ok = cx.check_keys(item, "[[example]]", EXAMPLE_KEYS, EXAMPLE_REQUIRED);
            let raw = item.get_ref().as_table().map(|table| {
                let mut raw = RawExample::read(table, &mut cx.problems);
                raw.sound &= ok;
                raw
            });
            (raw, item)
        })
        .collect()
}
