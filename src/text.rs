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

    /// The sentence for `key` with each `{name}` replaced by its value; unknown `{names}` stay
    /// as written so a typo in a template is visible on the page.
    pub fn fill(&self, key: &str, args: &[(&str, &str)]) -> String {
        let mut out = String::with_capacity(self.get(key).len() + 16);
        self.fill_with(&mut out, key, |name, out| {
            let value = args.iter().find(|(n, _)| *n == name)?.1;
            out.push_str(value);
            Some(())
        });
        out
    }

    /// Appends the sentence for `key` to `out`, as [`Wording::fill`] would make it, with each
    /// `{name}` written by `value(name, out)`; a `None` from `value` keeps `{name}` as written.
    ///
    /// Writing straight into the caller's buffer lets a long report fill its sentences without a
    /// `String` per sentence or per value.
    pub fn fill_with(
        &self,
        out: &mut String,
        key: &str,
        value: impl FnMut(&str, &mut String) -> Option<()>,
    ) {
        write_pieces(out, pieces(self.get(key)), value);
    }

    /// The sentence for `key`, split at its placeholders once to be filled many times (a row
    /// per move in a long replay).
    pub fn template<'a>(&'a self, key: &'a str) -> Template<'a> {
        Template {
            pieces: pieces(self.get(key)).collect(),
        }
    }
}

/// A sentence split at its `{placeholders}`, from [`Wording::template`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template<'a> {
    pieces: Vec<Piece<'a>>,
}

impl Template<'_> {
    /// Appends the sentence to `out` as [`Wording::fill_with`] does.
    pub fn fill_with(&self, out: &mut String, value: impl FnMut(&str, &mut String) -> Option<()>) {
        write_pieces(out, self.pieces.iter().copied(), value);
    }
}

/// Literal text and the name of the placeholder after it, if one follows.
type Piece<'a> = (&'a str, Option<&'a str>);

/// Splits a sentence into pieces; a `{` never closed is literal text.
fn pieces(sentence: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = Some(sentence);
    std::iter::from_fn(move || {
        let text = rest?;
        let slot = text
            .find('{')
            .and_then(|open| Some((open, text[open + 1..].find('}')?)));
        match slot {
            Some((open, close)) => {
                let name_start = open + 1;
                rest = Some(&text[name_start + close + 1..]);
                Some((&text[..open], Some(&text[name_start..name_start + close])))
            }
            None => {
                rest = None;
                Some((text, None))
            }
        }
    })
}

/// Writes `pieces` to `out`, each placeholder through `value` (or as written when it has none).
fn write_pieces<'a>(
    out: &mut String,
    pieces: impl Iterator<Item = Piece<'a>>,
    mut value: impl FnMut(&str, &mut String) -> Option<()>,
) {
    for (text, slot) in pieces {
        out.push_str(text);
        if let Some(name) = slot
            && value(name, out).is_none()
        {
            out.push('{');
            out.push_str(name);
            out.push('}');
        }
    }
}

/// Appends `n` in decimal: a long report writes thousands of numbers, and this skips the
/// formatting machinery `write!` goes through for each.
pub fn push_decimal(out: &mut String, n: u64) {
    if n >= 10 {
        push_decimal(out, n / 10);
    }
    // `n % 10` is below 10, so the cast cannot truncate.
    out.push(char::from(b'0' + (n % 10) as u8));
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
    fn decimals_are_written_in_full() {
        let mut out = String::new();
        for n in [0, 7, 10, 423, u64::MAX] {
            push_decimal(&mut out, n);
            out.push(' ');
        }
        assert_eq!(out, format!("0 7 10 423 {} ", u64::MAX));
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
        let mut once = String::new();
        w3.template(&key)
            .fill_with(&mut once, |name, out| (name == "a").then(|| out.push('1')));
        assert_eq!(once, "1{b} {unknown} {a");
        let err = w
            .with_overrides([("no_such_key_at_all".into(), "x".into())])
            .unwrap_err();
        assert_eq!(err.key, "no_such_key_at_all");
    }
}
