//! A TOML file read for people: one parse that locates every syntax error, and tables whose
//! unknown, missing and misplaced keys are each reported at their place. Kit files and game
//! records are both read through here.

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::key_help::required_help;
use crate::diag::{Diagnostic, nearest};

/// Where problems are collected while one file is read.
pub(crate) struct TomlReader<'a> {
    /// The file's text.
    pub source: &'a str,
    /// Problems found so far.
    pub problems: Vec<Diagnostic>,
    /// Each table of this kind of file with its keys, to say where a misplaced key belongs.
    pub tables: &'static [(&'static str, &'static [&'static str])],
}

impl TomlReader<'_> {
    /// A reader of `source`, a file whose tables and their keys are `tables`.
    pub fn new<'s>(
        source: &'s str,
        tables: &'static [(&'static str, &'static [&'static str])],
    ) -> TomlReader<'s> {
        TomlReader {
            source,
            problems: Vec::new(),
            tables,
        }
    }

    /// The table a misplaced key belongs to, for a helpful hint.
    pub fn home_of(&self, key: &str) -> Option<&'static str> {
        self.tables
            .iter()
            .find(|(_, keys)| keys.contains(&key))
            .map(|(name, _)| *name)
    }

    /// Records a problem at `span`.
    pub fn error(&mut self, span: Range<usize>, message: impl Into<String>, help: Option<String>) {
        let mut d = Diagnostic::at(span, message);
        if let Some(help) = help {
            d = d.with_help(help);
        }
        self.problems.push(d);
    }

    /// Reads the table `value`, written as `[name]` (`name` includes the brackets): unknown
    /// and missing keys are reported, then `read` reads the values. `None` when the table is
    /// absent (reported, with `missing_help`) or not a table; else what `read` made and whether
    /// every key was sound.
    pub fn table<T>(
        &mut self,
        value: Option<&Spanned<DeValue<'_>>>,
        name: &str,
        (known, required): (&[&str], &[&str]),
        missing_help: &str,
        read: impl FnOnce(&DeTable<'_>, &mut Vec<Diagnostic>) -> T,
    ) -> Option<(T, bool)> {
        let Some(value) = value else {
            self.error(
                0..0,
                format!("missing table `{name}`"),
                Some(missing_help.to_string()),
            );
            return None;
        };
        let keys_sound = self.check_keys(value, name, known, required);
        let table = value.get_ref().as_table()?;
        Some((read(table, &mut self.problems), keys_sound))
    }

    /// Reports unknown and missing keys of `table` (named `name`); true when there are none.
    pub fn check_keys(
        &mut self,
        table: &Spanned<DeValue<'_>>,
        name: &str,
        known: &[&str],
        required: &[&str],
    ) -> bool {
        let Some(entries) = table.get_ref().as_table() else {
            self.error(
                table.span(),
                format!(
                    "`{name}` must be a table, not {}",
                    with_article(table.get_ref().type_str())
                ),
                Some(format!("write it as a `{name}` section")),
            );
            return false;
        };
        let before = self.problems.len();
        for (key, _) in entries.iter() {
            let k: &str = key.get_ref();
            if !known.contains(&k) {
                let help = match nearest(k, known) {
                    Some(n) => format!("did you mean `{n}`?"),
                    None => match self.home_of(k) {
                        Some(home) if home != name => format!("`{k}` belongs in `{home}`"),
                        _ => format!("`{name}` accepts: {}", known.join(", ")),
                    },
                };
                self.error(
                    key.span(),
                    format!("unknown key `{k}` in `{name}`"),
                    Some(help),
                );
            }
        }
        for req in required {
            if !entries.iter().any(|(k, _)| k.get_ref() == *req) {
                self.error(
                    header_span(self.source, table.span(), name),
                    format!("`{name}` is missing the required key `{req}`"),
                    Some(required_help(req)),
                );
            }
        }
        self.problems.len() == before
    }
}

/// The span of a table's `[name]` header when it can be found before the table's body, else the
/// table's own span (e.g. an inline table).
fn header_span(source: &str, table: Range<usize>, name: &str) -> Range<usize> {
    if source
        .get(table.start..)
        .is_some_and(|rest| rest.starts_with(name))
    {
        return table.start..table.start + name.len();
    }
    let before = source.get(..table.start.min(source.len())).unwrap_or("");
    if let Some(i) = before.rfind(name) {
        let line_start = before[..i].rfind('\n').map_or(0, |n| n + 1);
        if before[line_start..].trim_start().starts_with('[') {
            return i..i + name.len();
        }
    }
    if name == "[[example]]"
        && let Some(i) = before.rfind("[[example]]")
    {
        return i..i + "[[example]]".len();
    }
    table.start
        ..table
            .start
            .saturating_add(1)
            .min(table.end.max(table.start))
}

/// The TOML document in `cx.source`, or `None` after reporting every syntax error. Kits and
/// game records are both read through here.
pub(crate) fn parse_document<'i>(cx: &mut TomlReader<'i>) -> Option<DeTable<'i>> {
    if let Some(d) = lone_carriage_return(cx.source) {
        cx.problems.push(d);
        return None;
    }
    let (root, errors) = DeTable::parse_recoverable(cx.source);
    if errors.is_empty() {
        return Some(root.into_inner());
    }
    for e in errors {
        let span = e.span().unwrap_or(0..0);
        let message = e.message().lines().next().unwrap_or("").trim().to_string();
        cx.error(
            span,
            format!("invalid toml: {}", message.trim_end_matches('.')),
            Some(syntax_help(e.message())),
        );
    }
    None
}

/// A file whose lines end in a lone carriage return (classic Mac OS) is one problem, not one
/// TOML error per line: TOML only knows `\n` and `\r\n`.
fn lone_carriage_return(source: &str) -> Option<Diagnostic> {
    let bytes = source.as_bytes();
    let at = (0..bytes.len()).find(|&i| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))?;
    Some(
        Diagnostic::at(
            at..at + 1,
            "this line ends with a lone carriage return (old Mac line endings)",
        )
        .with_help("save the file with Unix (LF) or Windows (CRLF) line endings"),
    )
}

fn syntax_help(message: &str) -> String {
    let rest: Vec<&str> = message
        .lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if rest.is_empty() {
        "kits are TOML: `key = value` lines under `[table]` headers; text goes in double quotes"
            .into()
    } else {
        rest.join("; ")
    }
}

/// `a integer` reads wrong: the article for a TOML type name.
pub(crate) fn with_article(type_name: &str) -> String {
    let article = if type_name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {type_name}")
}
