//! Wording: every sentence the pack and the terminal show, loaded from `templates/` and overridable per kit.
//!
//! Templates are flat `key = "text with {placeholders}"` tables, so a kit can be retitled or
//! translated in its `[text]` table without touching Rust.

use std::collections::BTreeMap;

/// The default wording for printed pages (titles, rules summary, table headings, footers).
const SHEET_TEMPLATE: &str = include_str!("../templates/sheet.toml");
/// The default wording for answers and prompts (shared by `key` and the host key).
const ANSWER_TEMPLATE: &str = include_str!("../templates/answers.toml");

/// A set of named sentences with `{placeholder}` slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wording {
    entries: BTreeMap<String, String>,
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
        let mut entries = BTreeMap::new();
        for template in [
            SHEET_TEMPLATE,
            ANSWER_TEMPLATE,
            include_str!("../templates/replay.toml"),
        ] {
            // The templates are compiled in and checked by a unit test, so a parse failure here
            // cannot come from user input.
            if let Ok(table) = toml::from_str::<BTreeMap<String, String>>(template) {
                entries.extend(table);
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
            if !self.entries.contains_key(&key) {
                let known: Vec<&str> = self.entries.keys().map(String::as_str).collect();
                return Err(UnknownTextKey {
                    nearest: crate::diag::nearest(&key, &known).map(str::to_string),
                    key,
                });
            }
            self.entries.insert(key, value);
        }
        Ok(self)
    }

    /// Every key, sorted.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// Whether `key` names a sentence.
    pub fn has(&self, key: &str) -> bool {
        self.entries.contains_key(key)
    }

    /// The raw sentence for `key` (the key itself if missing, so a gap is visible, not fatal).
    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        self.entries.get(key).map_or(key, String::as_str)
    }

    /// The sentence for `key` with each `{name}` replaced by its value; unknown `{names}` stay
    /// as written so a typo in a template is visible on the page.
    pub fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        let template = self.get(key);
        // One pass over the template: a long replay fills thousands of sentences.
        let mut out = String::with_capacity(template.len() + 16);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}').map(|close| (&after[..close], close)) {
                Some((name, close)) => {
                    match args.iter().find(|(n, _)| *n == name) {
                        Some((_, value)) => out.push_str(value),
                        None => {
                            out.push('{');
                            out.push_str(name);
                            out.push('}');
                        }
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push_str(&rest[open..]);
                    rest = "";
                }
            }
        }
        out.push_str(rest);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_parse_and_are_not_empty() {
        for template in [SHEET_TEMPLATE, ANSWER_TEMPLATE] {
            let parsed = toml::from_str::<BTreeMap<String, String>>(template);
            assert!(parsed.is_ok(), "{parsed:?}");
        }
        assert!(Wording::defaults().keys().count() > 0);
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
        let err = w
            .with_overrides([("no_such_key_at_all".into(), "x".into())])
            .unwrap_err();
        assert_eq!(err.key, "no_such_key_at_all");
    }
}
