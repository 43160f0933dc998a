//! Wording: every sentence the pack and the terminal show, loaded from `templates/` and overridable per kit.
//!
//! Templates are flat `key = "text with {placeholders}"` tables, so a kit can be retitled or
//! translated in its `[text]` table without touching Rust.

use std::borrow::Cow;
use std::collections::BTreeMap;

use toml::de::{DeTable, DeValue};

/// The default wording for printed pages (titles, rules summary, table headings, footers).
const SHEET_TEMPLATE: &str = include_str!("../templates/sheet.toml");
/// The default wording for answers and prompts (shared by `key` and the host key).
const ANSWER_TEMPLATE: &str = include_str!("../templates/answers.toml");
/// The default wording for `replay`; colour names and move reasons come from [`ANSWER_TEMPLATE`].
const REPLAY_TEMPLATE: &str = include_str!("../templates/replay.toml");

/// A set of named sentences with `{placeholder}` slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wording {
    /// Built-in sentences borrow the compiled-in template text; only overrides own theirs.
    entries: BTreeMap<Cow<'static, str>, Cow<'static, str>>,
}

/// A `[text]` key that no template defines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTextKey {
    /// The key as written.
    pub key: String,
    /// The nearest known key, if one is close.
    pub nearest: Option<String>,
}

impl Wording {
    /// The built-in wording from `templates/` (which follows seed 000).
    pub fn defaults() -> Wording {
        Wording::from_templates(&[SHEET_TEMPLATE, ANSWER_TEMPLATE, REPLAY_TEMPLATE])
    }

    /// The built-in wording `replay` uses: the answer and replay templates only. Parsing the
    /// page template too would cost a short replay more than playing it.
    pub fn replay_defaults() -> Wording {
        Wording::from_templates(&[ANSWER_TEMPLATE, REPLAY_TEMPLATE])
    }

    /// The string entries of `templates`, later ones winning.
    fn from_templates(templates: &[&'static str]) -> Wording {
        let mut entries = BTreeMap::new();
        for template in templates {
            // The templates are compiled in and checked by a unit test, so a parse failure here
            // cannot come from user input. Reading the parsed document directly (rather than
            // deserializing into owned strings) keeps every unescaped sentence borrowed.
            let Ok(table) = DeTable::parse(template) else {
                continue;
            };
            for (key, value) in table.into_inner() {
                if let DeValue::String(text) = value.into_inner() {
                    entries.insert(key.into_inner(), text);
                }
            }
        }
        Wording { entries }
    }

    /// This wording with some entries replaced; every key must already exist.
    pub fn with_overrides(
        mut self,
        overrides: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Wording, UnknownTextKey> {
        for (key, value) in overrides {
            if !self.entries.contains_key(key.as_str()) {
                let known: Vec<&str> = self.entries.keys().map(AsRef::as_ref).collect();
                return Err(UnknownTextKey {
                    nearest: crate::diag::nearest(&key, &known).map(str::to_string),
                    key,
                });
            }
            self.entries.insert(Cow::Owned(key), Cow::Owned(value));
        }
        Ok(self)
    }

    /// Every key, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(AsRef::as_ref)
    }

    /// Whether `key` names a sentence.
    pub fn has(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// The raw sentence for `key` (the key itself if missing, so a gap is visible, not fatal).
    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        self.entries.get(key).map_or(key, AsRef::as_ref)
    }

    /// The sentence for `key` filled in by [`fill`].
    pub fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        fill(self.get(key), args)
    }
}

/// `sentence` with each `{name}` replaced by its value in `args`. An unknown `{name}`, or a `{`
/// never closed, stays as written so a typo in a template is visible on the page; values are
/// put in as they are, never searched for placeholders themselves.
pub fn fill(sentence: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(sentence.len() + 16);
    let mut rest = sentence;
    while let Some((before, after)) = rest.split_once('{') {
        let Some((name, tail)) = after.split_once('}') else {
            break;
        };
        out.push_str(before);
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => out.push_str(value),
            None => {
                out.push('{');
                out.push_str(name);
                out.push('}');
            }
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// A score, komi or other decimal as the pages print it: `43`, `45.5`, `-0.5`. The one place
/// that decides how such numbers read, so a sheet, a key and a replay never disagree.
pub fn number(x: f64) -> String {
    // `Display` already drops a whole number's `.0` and never switches to exponent notation.
    x.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_parse_and_are_not_empty() {
        for template in [SHEET_TEMPLATE, ANSWER_TEMPLATE, REPLAY_TEMPLATE] {
            let parsed = toml::from_str::<BTreeMap<String, String>>(template);
            assert!(parsed.is_ok(), "{parsed:?}");
            // Every entry is a sentence, so none is dropped by `from_templates`.
            let count = parsed.map_or(0, |t| t.len());
            assert_eq!(Wording::from_templates(&[template]).keys().count(), count);
        }
        assert!(Wording::defaults().keys().count() > 0);
    }

    #[test]
    fn replay_wording_is_the_defaults_without_the_page_template() {
        let all = Wording::defaults();
        let replay = Wording::replay_defaults();
        for key in replay.keys() {
            assert_eq!(replay.get(key), all.get(key), "{key}");
        }
        assert!(replay.has("black") && replay.has("replay_heading"));
    }

    #[test]
    fn numbers_drop_a_whole_numbers_fraction_only() {
        let printed: Vec<String> = [43.0, 45.5, -0.5, 0.0, 7.25, 1e16, -3.0]
            .into_iter()
            .map(number)
            .collect();
        assert_eq!(
            printed,
            ["43", "45.5", "-0.5", "0", "7.25", "10000000000000000", "-3"]
        );
    }

    #[test]
    fn overrides_replace_known_keys_and_reject_unknown_ones() {
        let w = Wording::defaults();
        let key = w.keys().next().unwrap().to_string();
        let w2 = w
            .clone()
            .with_overrides([(key.clone(), "Hallo {x}".into())])
            .unwrap();
        assert_eq!(w2.fill(&key, &[("x", "Welt")]), "Hallo Welt");
        let w3 = w2
            .with_overrides([(key.clone(), "{a}{b} {unknown} {a".into())])
            .unwrap();
        assert_eq!(
            w3.fill(&key, &[("a", "1"), ("b", "{a}")]),
            "1{a} {unknown} {a"
        );
        assert_eq!(fill("{a{b}", &[("a{b", "x")]), "x");
        assert_eq!(fill("{}{x}", &[("", "empty")]), "empty{x}");
        let err = w
            .with_overrides([("no_such_key_at_all".into(), "x".into())])
            .unwrap_err();
        assert_eq!(err.key, "no_such_key_at_all");
    }
}
