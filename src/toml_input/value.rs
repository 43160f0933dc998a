//! Reading one TOML value as the kind its key expects. Each reader says what is wrong in the
//! author's words (which key, what it must be, what was written) and what to write instead, so
//! a table with several wrong values reports every one of them in one run.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

pub(crate) use super::string_place::StringPlace;
use crate::diag::Diagnostic;

/// The value of `key` in `table`, if it is there.
pub(crate) fn entry<'t, 'i>(table: &'t DeTable<'i>, key: &str) -> Option<&'t Spanned<DeValue<'i>>> {
    table
        .iter()
        .find(|(k, _)| {
            let k: &str = k.get_ref();
            k == key
        })
        .map(|(_, v)| v)
}

/// What was written, in words: `the text "8"`, `the number 22`, `a list`.
pub(crate) fn found(value: &DeValue<'_>) -> String {
    match value {
        DeValue::String(s) => {
            let shown: String = s.chars().take(40).collect();
            let more = if shown.len() < s.len() { "..." } else { "" };
            format!("the text `\"{shown}{more}\"`")
        }
        DeValue::Integer(i) => format!("the number `{i}`"),
        DeValue::Float(f) => format!("the number `{}`", f.as_str()),
        DeValue::Boolean(b) => format!("`{b}`"),
        DeValue::Datetime(_) => "a date".into(),
        DeValue::Array(_) => "a list".into(),
        DeValue::Table(_) => "a table".into(),
    }
}

/// A value of the wrong kind: ``` `key` must be WHAT, not FOUND ``` with the help given.
fn wrong_kind(key: &str, value: &Spanned<DeValue<'_>>, what: &str, help: String) -> Diagnostic {
    Diagnostic::at(
        value.span(),
        format!("`{key}` must be {what}, not {}", found(value.get_ref())),
    )
    .with_help(help)
}

/// Help for a value that should have been written like `example` (e.g. `board = 5`).
fn write_like(example: &str) -> String {
    format!("write it like `{example}`")
}

/// A string value.
pub(crate) fn text_as(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    example: &str,
) -> Result<Spanned<String>, Diagnostic> {
    match value.get_ref() {
        DeValue::String(s) => Ok(Spanned::new(value.span(), s.to_string())),
        DeValue::Array(items) => {
            // A list of strings meant as one: offer them joined, as the key expects.
            let parts: Option<Vec<&str>> = items.iter().map(|i| i.get_ref().as_str()).collect();
            let help = match parts {
                Some(parts) if key == "position" && !parts.is_empty() => {
                    format!(
                        "write it as one text: `position = \"{}\"`",
                        parts.join("; ")
                    )
                }
                _ => write_like(example),
            };
            Err(wrong_kind(key, value, "text in double quotes", help))
        }
        _ => Err(wrong_kind(
            key,
            value,
            "text in double quotes",
            write_like(example),
        )),
    }
}

/// The integer a TOML integer literal stands for, if it fits.
fn integer_of(value: &DeValue<'_>) -> Option<Option<i64>> {
    let DeValue::Integer(i) = value else {
        return None;
    };
    Some(i64::from_str_radix(i.as_str(), i.radix()).ok())
}

/// A whole number (TOML integer).
pub(crate) fn whole_number_as(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    example: &str,
) -> Result<Spanned<i64>, Diagnostic> {
    match integer_of(value.get_ref()) {
        Some(Some(n)) => Ok(Spanned::new(value.span(), n)),
        Some(None) => Err(Diagnostic::at(
            value.span(),
            format!("`{key}` is far too large a number"),
        )
        .with_help(write_like(example))),
        None => {
            let help = match value.get_ref() {
                DeValue::String(s) if s.trim().parse::<i64>().is_ok() => {
                    format!("remove the quotes: `{key} = {}`", s.trim())
                }
                DeValue::String(_) => format!("write the number in digits, like `{example}`"),
                DeValue::Float(_) => format!("use a whole number, like `{example}`"),
                _ => write_like(example),
            };
            Err(wrong_kind(key, value, "a whole number", help))
        }
    }
}

/// A number, whole or with a decimal point (TOML keeps them apart; authors don't).
pub(crate) fn number_as(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    example: &str,
) -> Result<Spanned<f64>, Diagnostic> {
    let read = match value.get_ref() {
        DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
        DeValue::Integer(_) => match integer_of(value.get_ref()) {
            Some(Some(n)) => Some(n as f64),
            _ => None,
        },
        _ => {
            let help = match value.get_ref() {
                DeValue::String(s) if s.trim().parse::<f64>().is_ok() => {
                    format!("remove the quotes: `{key} = {}`", s.trim())
                }
                _ => write_like(example),
            };
            return Err(wrong_kind(key, value, "a number", help));
        }
    };
    match read {
        Some(v) if v.is_finite() => Ok(Spanned::new(value.span(), v)),
        _ => Err(
            Diagnostic::at(value.span(), format!("`{key}` is not a usable number"))
                .with_help(write_like(example)),
        ),
    }
}

/// `true` or `false`.
pub(crate) fn boolean(
    key: &str,
    value: &Spanned<DeValue<'_>>,
) -> Result<Spanned<bool>, Diagnostic> {
    match value.get_ref() {
        DeValue::Boolean(b) => Ok(Spanned::new(value.span(), *b)),
        DeValue::String(s) => {
            let meant = match s.trim().to_ascii_lowercase().as_str() {
                "yes" | "true" | "on" | "y" | "1" => Some(true),
                "no" | "false" | "off" | "n" | "0" => Some(false),
                _ => None,
            };
            let help = match meant {
                Some(b) => format!("write `{key} = {b}`, without quotes"),
                None => format!("write `{key} = true` or `{key} = false`, without quotes"),
            };
            Err(wrong_kind(key, value, "`true` or `false`", help))
        }
        _ => Err(wrong_kind(
            key,
            value,
            "`true` or `false`",
            format!("write `{key} = true` or `{key} = false`"),
        )),
    }
}

/// A list of strings; every item of the wrong kind is reported.
pub(crate) fn text_list_as(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    example: &str,
) -> Result<Spanned<Vec<Spanned<String>>>, Vec<Diagnostic>> {
    let Some(items) = value.get_ref().as_array() else {
        let help = match value.get_ref() {
            DeValue::String(s) => format!("put it in brackets: `{key} = [\"{s}\"]`"),
            _ => write_like(example),
        };
        return Err(vec![wrong_kind(key, value, "a list in brackets", help)]);
    };
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for item in items.iter() {
        match item.get_ref() {
            DeValue::String(s) => out.push(Spanned::new(item.span(), s.to_string())),
            other => problems.push(
                Diagnostic::at(
                    item.span(),
                    format!(
                        "each entry of `{key}` must be text in double quotes, not {}",
                        found(other)
                    ),
                )
                .with_help(write_like(example)),
            ),
        }
    }
    if problems.is_empty() {
        Ok(Spanned::new(value.span(), out))
    } else {
        Err(problems)
    }
}

/// A list of numbers; every item of the wrong kind is reported.
pub(crate) fn number_list(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    example: &str,
) -> Result<Spanned<Vec<Spanned<f64>>>, Vec<Diagnostic>> {
    let Some(items) = value.get_ref().as_array() else {
        return Err(vec![wrong_kind(
            key,
            value,
            "a list of numbers in brackets",
            write_like(example),
        )]);
    };
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for item in items.iter() {
        match number_as(key, item, example) {
            Ok(n) => out.push(n),
            Err(d) => problems.push(d),
        }
    }
    if problems.is_empty() {
        Ok(Spanned::new(value.span(), out))
    } else {
        Err(problems)
    }
}

/// Reads `key` as text, with help showing a line of the right form.
pub(crate) fn text(key: &str, v: &Spanned<DeValue<'_>>) -> Result<Spanned<String>, Diagnostic> {
    text_as(key, v, super::key_help::written_example(key))
}

/// Reads `key` as a whole number.
pub(crate) fn whole_number(
    key: &str,
    v: &Spanned<DeValue<'_>>,
) -> Result<Spanned<i64>, Diagnostic> {
    whole_number_as(key, v, super::key_help::written_example(key))
}

/// Reads `key` as a number, whole or not.
pub(crate) fn number(key: &str, v: &Spanned<DeValue<'_>>) -> Result<Spanned<f64>, Diagnostic> {
    number_as(key, v, super::key_help::written_example(key))
}

/// Reads `key` as a list of texts.
pub(crate) fn text_list(
    key: &str,
    v: &Spanned<DeValue<'_>>,
) -> Result<Spanned<Vec<Spanned<String>>>, Vec<Diagnostic>> {
    text_list_as(key, v, super::key_help::written_example(key))
}

/// Reads the fields of one table, collecting every problem instead of stopping at the first.
pub(crate) struct FieldReader<'t, 'i> {
    table: &'t DeTable<'i>,
    /// Problems found so far.
    pub problems: Vec<Diagnostic>,
}

impl<'t, 'i> FieldReader<'t, 'i> {
    /// A reader of `table`'s fields.
    pub fn new(table: &'t DeTable<'i>) -> Self {
        FieldReader {
            table,
            problems: Vec::new(),
        }
    }

    /// `key` read with `read` when it is there; `None` when it is absent or wrong (reported).
    pub fn one<T>(
        &mut self,
        key: &str,
        read: impl FnOnce(&str, &Spanned<DeValue<'i>>) -> Result<T, Diagnostic>,
    ) -> Option<T> {
        let value = entry(self.table, key)?;
        read(key, value).map_err(|d| self.problems.push(d)).ok()
    }

    /// Like [`FieldReader::one`], for readers that report several problems.
    pub fn many<T>(
        &mut self,
        key: &str,
        read: impl FnOnce(&str, &Spanned<DeValue<'i>>) -> Result<T, Vec<Diagnostic>>,
    ) -> Option<T> {
        let value = entry(self.table, key)?;
        read(key, value).map_err(|d| self.problems.extend(d)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(toml: &str) -> Spanned<DeValue<'_>> {
        let (root, errors) = DeTable::parse_recoverable(toml);
        assert!(errors.is_empty(), "{errors:?}");
        let root = root.into_inner();
        let v = entry(&root, "v").unwrap().clone();
        // The table is dropped; the value borrows only the input.
        v
    }

    #[test]
    fn messages_name_the_key_and_what_was_written_in_plain_words() {
        let e = whole_number_as("record_rows", &value("v = \"8\""), "record_rows = 8").unwrap_err();
        assert_eq!(
            e.message,
            "`record_rows` must be a whole number, not the text `\"8\"`"
        );
        assert_eq!(
            e.help.as_deref(),
            Some("remove the quotes: `record_rows = 8`")
        );
        let e =
            whole_number_as("board", &value("v = 99999999999999999999"), "board = 5").unwrap_err();
        assert_eq!(e.message, "`board` is far too large a number");
        let e = boolean("ink_saving", &value("v = \"yes\"")).unwrap_err();
        assert_eq!(
            e.help.as_deref(),
            Some("write `ink_saving = true`, without quotes")
        );
        let e = text_as("position", &value("v = [\"white C3\", \"black B3\"]"), "").unwrap_err();
        assert_eq!(
            e.message,
            "`position` must be text in double quotes, not a list"
        );
        assert_eq!(
            e.help.as_deref(),
            Some("write it as one text: `position = \"white C3; black B3\"`")
        );
        let e = text_as("to_play", &value("v = 1"), "to_play = \"black\"").unwrap_err();
        assert_eq!(
            e.message,
            "`to_play` must be text in double quotes, not the number `1`"
        );
        assert_eq!(
            e.help.as_deref(),
            Some("write it like `to_play = \"black\"`")
        );
    }

    #[test]
    fn places_inside_strings_map_to_the_file() {
        let source = "a = \"white C3\"\nb = \"\"\"\nblack D4\"\"\"\nc = \"es\\u0063aped C3\"\n";
        let (root, _) = DeTable::parse_recoverable(source);
        let root = root.into_inner();
        let string = |key: &str| {
            let v = entry(&root, key).unwrap();
            Spanned::new(v.span(), v.get_ref().as_str().unwrap().to_string())
        };
        let a = string("a");
        assert_eq!(&source[StringPlace::of(source, &a).map(&(6..8))], "C3");
        let b = string("b");
        assert_eq!(b.get_ref(), "black D4");
        assert_eq!(&source[StringPlace::of(source, &b).map(&(6..8))], "D4");
        let c = string("c");
        assert_eq!(&source[StringPlace::of(source, &c).map(&(0..1))], "e");
    }

    #[test]
    fn numbers_accept_integers_and_floats() {
        assert_eq!(
            *number_as("komi", &value("v = 7"), "").unwrap().get_ref(),
            7.0
        );
        assert_eq!(
            *number_as("komi", &value("v = 7.5"), "").unwrap().get_ref(),
            7.5
        );
        assert!(number_as("komi", &value("v = nan"), "").is_err());
        let list = number_list("spacing_mm", &value("v = [22, \"x\", true]"), "").unwrap_err();
        assert_eq!(list.len(), 2);
    }
}
