//! Wording: every sentence the pack and the terminal show, loaded from `templates/` and overridable per kit.
//!
//! Templates are flat `key = "text with {placeholders}"` tables, so a kit can be retitled or
//! translated in its `[text]` table without touching Rust. The printed wording comes in several
//! languages, one folder each (`templates/en/`, `templates/fr/`, `templates/ja/`), chosen by
//! `[kit] language`; every language has the same keys with the same placeholders (a unit test
//! below checks). `replay.toml` and the `new` scaffold `kit.toml` stay at `templates/` in English:
//! they are read without a kit, so no kit's language can apply to them.

use std::borrow::Cow;
use std::collections::BTreeMap;

use toml::de::{DeTable, DeValue};

/// The wording for `replay`, in English whatever the language (it reads no kit); colour names
/// and move reasons come from the English answers template.
const REPLAY_TEMPLATE: &str = include_str!("../templates/replay.toml");

/// A language the printed wording is written in, each with its own `templates/<code>/` folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Language {
    /// `en`: the built-in wording, which follows seed 000.
    #[default]
    English,
    /// `fr`.
    French,
    /// `ja`.
    Japanese,
}

impl Language {
    /// Every language, in the order they are listed to authors.
    pub const ALL: [Language; 3] = [Language::English, Language::French, Language::Japanese];

    /// The code written in `[kit] language`: an ISO 639-1 code, `en`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
            Language::Japanese => "ja",
        }
    }

    /// The language's name in English, to list the codes to an author: `French`.
    pub fn english_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::French => "French",
            Language::Japanese => "Japanese",
        }
    }

    /// The language's name in itself, which an author may write instead of its code: `français`.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::French => "français",
            Language::Japanese => "日本語",
        }
    }

    /// The language whose code is `code`, in any case and with surrounding spaces ignored.
    pub fn parse(code: &str) -> Option<Language> {
        let code = code.trim();
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The page and answer templates: `templates/<code>/sheet.toml` and `answers.toml`.
    fn templates(self) -> [&'static str; 2] {
        match self {
            Language::English => [
                include_str!("../templates/en/sheet.toml"),
                include_str!("../templates/en/answers.toml"),
            ],
            Language::French => [
                include_str!("../templates/fr/sheet.toml"),
                include_str!("../templates/fr/answers.toml"),
            ],
            Language::Japanese => [
                include_str!("../templates/ja/sheet.toml"),
                include_str!("../templates/ja/answers.toml"),
            ],
        }
    }
}

/// A set of named sentences with `{placeholder}` slots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wording {
    /// The language of the templates the sentences come from (a kit's `[text]` may reword some).
    language: Language,
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
    /// The built-in English wording from `templates/en/` (which follows seed 000).
    pub fn defaults() -> Wording {
        Wording::for_language(Language::English)
    }

    /// The built-in wording in `language`: its page and answer templates. The replay
    /// template's keys come along in English so that a kit's `[text]` accepts the same keys
    /// whatever its language (they change nothing: `replay` reads no kit).
    pub fn for_language(language: Language) -> Wording {
        let [sheet, answers] = language.templates();
        Wording::from_templates(language, &[sheet, answers, REPLAY_TEMPLATE])
    }

    /// The built-in wording `replay` uses: the English answer and replay templates only.
    /// Parsing the page template too would cost a short replay more than playing it.
    pub fn replay_defaults() -> Wording {
        let [_, answers] = Language::English.templates();
        Wording::from_templates(Language::English, &[answers, REPLAY_TEMPLATE])
    }

    /// The language of the templates this wording was built from.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The string entries of `templates`, later ones winning.
    fn from_templates(language: Language, templates: &[&'static str]) -> Wording {
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
        Wording { language, entries }
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

    /// A score, komi or size as this language prints it: [`number`] with the template's
    /// `decimal_mark` (`7.5` in English, `7,5` in French).
    pub fn decimal(&self, x: f64) -> String {
        let written = number(x);
        match self.get("decimal_mark") {
            "." | "" => written,
            mark => written.replace('.', mark),
        }
    }
}

/// The `{name}` placeholders a sentence uses, in order of first use. A `{` never closed ends
/// the search, as it does for [`fill`].
pub fn placeholders(sentence: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = sentence;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = &after[..close];
        if !names.contains(&name) {
            names.push(name);
        }
        rest = &after[close + 1..];
    }
    names
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

    /// Every template of every language, with its name for messages.
    fn every_template() -> Vec<(String, &'static str)> {
        let mut all = vec![("replay.toml".to_string(), REPLAY_TEMPLATE)];
        for language in Language::ALL {
            let [sheet, answers] = language.templates();
            all.push((format!("{}/sheet.toml", language.code()), sheet));
            all.push((format!("{}/answers.toml", language.code()), answers));
        }
        all
    }

    /// A template's entries, all of which must be sentences.
    fn entries(name: &str, template: &str) -> BTreeMap<String, String> {
        match toml::from_str::<BTreeMap<String, String>>(template) {
            Ok(entries) => entries,
            Err(e) => panic!("templates/{name} does not read as sentences: {e}"),
        }
    }

    #[test]
    fn templates_parse_and_are_not_empty() {
        for (name, template) in every_template() {
            // Every entry is a sentence, so none is dropped by `from_templates`.
            let count = entries(&name, template).len();
            assert!(count > 0, "{name}");
            let wording = Wording::from_templates(Language::English, &[template]);
            assert_eq!(wording.keys().count(), count, "{name}");
        }
        for language in Language::ALL {
            let wording = Wording::for_language(language);
            assert_eq!(wording.language(), language);
            assert!(wording.keys().count() > 0);
        }
        assert_eq!(
            Wording::defaults(),
            Wording::for_language(Language::English)
        );
    }

    #[test]
    fn every_colour_word_the_pages_print_reads_back_as_that_colour() {
        use crate::rules::Color;
        for language in Language::ALL {
            let wording = Wording::for_language(language);
            for (key, colour) in [
                ("black", Color::Black),
                ("white", Color::White),
                ("tally_black", Color::Black),
                ("tally_white", Color::White),
                ("counter_black_mark", Color::Black),
            ] {
                let word = wording.get(key);
                assert_eq!(
                    Color::parse(word),
                    Some(colour),
                    "{language:?} {key} = {word}"
                );
            }
        }
    }

    /// One template file of a language beside the English file of the same name.
    struct TranslatedFile {
        /// `fr/sheet.toml`.
        name: String,
        english: BTreeMap<String, String>,
        translated: BTreeMap<String, String>,
    }

    /// The files of `language`, each beside its English original.
    fn translated_files(language: Language) -> Vec<TranslatedFile> {
        let english = Language::English.templates();
        let translated = language.templates();
        ["sheet.toml", "answers.toml"]
            .into_iter()
            .zip(english.into_iter().zip(translated))
            .map(|(file, (en, other))| {
                let name = format!("{}/{file}", language.code());
                TranslatedFile {
                    english: entries(&format!("en/{file}"), en),
                    translated: entries(&name, other),
                    name,
                }
            })
            .collect()
    }

    #[test]
    fn every_language_has_exactly_the_english_keys_in_the_same_files() {
        for language in Language::ALL {
            for TranslatedFile {
                name,
                english,
                translated,
            } in translated_files(language)
            {
                let missing: Vec<&String> = english
                    .keys()
                    .filter(|k| !translated.contains_key(*k))
                    .collect();
                let extra: Vec<&String> = translated
                    .keys()
                    .filter(|k| !english.contains_key(*k))
                    .collect();
                assert!(
                    missing.is_empty() && extra.is_empty(),
                    "templates/{name}: missing {missing:?}, not in English {extra:?}"
                );
            }
        }
    }

    #[test]
    fn every_translation_uses_the_placeholders_of_the_english_sentence() {
        for language in Language::ALL {
            for TranslatedFile {
                name,
                english,
                translated,
            } in translated_files(language)
            {
                for (key, sentence) in &translated {
                    let Some(original) = english.get(key) else {
                        continue;
                    };
                    let mut wanted = placeholders(original);
                    let mut found = placeholders(sentence);
                    wanted.sort_unstable();
                    found.sort_unstable();
                    assert_eq!(found, wanted, "templates/{name}: `{key} = {sentence:?}`");
                }
            }
        }
    }

    /// `key` draws its diagrams in letters and signs (`X`, `*`, `[ ]`...) in every language, so
    /// each legend entry must keep the English entry's one-character symbols.
    #[test]
    fn key_legends_keep_the_symbols_the_text_diagrams_draw() {
        let english = Wording::defaults();
        for language in Language::ALL {
            let wording = Wording::for_language(language);
            for key in english.keys().filter(|k| k.starts_with("key_legend_")) {
                let words: Vec<&str> = wording.get(key).split_whitespace().collect();
                for symbol in english
                    .get(key)
                    .split_whitespace()
                    .filter(|w| w.chars().count() == 1)
                {
                    assert!(
                        words.contains(&symbol),
                        "{}: `{key}` lacks `{symbol}`: {words:?}",
                        language.code()
                    );
                }
            }
        }
    }

    /// French sets a no-break space before `:` `;` `?` `!` `%` and inside `« »`; a plain space
    /// there would let a line start with the sign.
    #[test]
    fn french_signs_keep_their_no_break_space() {
        for TranslatedFile {
            name, translated, ..
        } in translated_files(Language::French)
        {
            for (key, sentence) in &translated {
                let chars: Vec<char> = sentence.chars().collect();
                for (i, pair) in chars.windows(2).enumerate() {
                    let plain_before = pair[0] == ' ' && ":;?!%»".contains(pair[1]);
                    let plain_after = pair[0] == '«' && pair[1] != '\u{a0}';
                    assert!(
                        !plain_before && !plain_after,
                        "templates/{name}: `{key}` at character {i}: {sentence:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn languages_are_read_by_code_in_any_case() {
        for language in Language::ALL {
            assert_eq!(Language::parse(language.code()), Some(language));
            let shouted = format!(" {} ", language.code().to_ascii_uppercase());
            assert_eq!(Language::parse(&shouted), Some(language));
        }
        assert_eq!(Language::parse("de"), None);
        assert_eq!(Language::parse("french"), None);
        assert_eq!(Language::default(), Language::English);
    }

    #[test]
    fn decimals_take_the_languages_mark() {
        let english = Wording::defaults();
        let french = Wording::for_language(Language::French);
        assert_eq!(english.decimal(7.5), "7.5");
        assert_eq!(french.decimal(7.5), "7,5");
        assert_eq!(french.decimal(-0.5), "-0,5");
        assert_eq!(french.decimal(43.0), "43");
        assert_eq!(
            Wording::for_language(Language::Japanese).decimal(6.5),
            "6.5"
        );
    }

    #[test]
    fn placeholders_are_listed_once_in_order_of_use() {
        assert_eq!(placeholders("{b} {a} {b}"), ["b", "a"]);
        assert_eq!(placeholders("no slots"), Vec::<&str>::new());
        assert_eq!(placeholders("{a} {never closed"), ["a"]);
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
