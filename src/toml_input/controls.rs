//! Control characters in a TOML file's strings. TOML refuses them written raw, but its escapes
//! (`"\u0007"`, `"\e"`, `"\b"`) put them in a value, and from there into every page that
//! prints it; each one is reported at the escape that wrote it.

use std::borrow::Cow;
use std::ops::Range;

use toml::Spanned;
use toml::de::DeTable;

use super::string_place::StringPlace;
use super::strings::each_string;
use crate::control_chars::{describe, refused_in_kit};
use crate::diag::Diagnostic;

/// Every control character (but tab, line feed and carriage return) in a key or string value
/// of `root`, read from `source`, each at its own line and column.
pub(crate) fn control_characters(source: &str, root: &DeTable<'_>) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    each_string(root, &mut |key, text, span| {
        report(source, span, text, key, &mut problems);
    });
    problems
}

/// Reports each refused character of `text`, the string written at `span` as (part of) the
/// value of `key`.
fn report(source: &str, span: Range<usize>, text: &str, key: &str, problems: &mut Vec<Diagnostic>) {
    if !text.chars().any(refused_in_kit) {
        return;
    }
    // Worked out only for a string that has one: mapping costs a pass over the string.
    let place = StringPlace::of(source, &Spanned::new(span, text.to_string()));
    for (at, c) in text.char_indices().filter(|&(_, c)| refused_in_kit(c)) {
        let file = place.map(&(at..at + c.len_utf8()));
        let written = source
            .get(file.clone())
            .map_or(Cow::Borrowed(""), |w| crate::control_chars::visible(w));
        let help = format!(
            "remove `{written}`: a printed page cannot show it (and an SVG page holding it is not well-formed XML); write `\\n` for a new line or `\\t` for a tab"
        );
        problems.push(
            Diagnostic::at(
                file,
                format!(
                    "`{key}` holds the control character {}, which is not text",
                    describe(c)
                ),
            )
            .with_help(help),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(source: &str) -> Vec<Diagnostic> {
        let (root, errors) = DeTable::parse_recoverable(source);
        assert!(errors.is_empty(), "{errors:?}");
        control_characters(source, &root.into_inner())
    }

    #[test]
    fn each_escape_is_reported_where_it_is_written() {
        let source =
            "[kit]\ntitle = \"a\\u0007b\\e\"\n[text]\nx = [\"\\u009b\", \"ok\\t\\n\\r\"]\n";
        let found = problems(source);
        let shown: Vec<&str> = found
            .iter()
            .map(|d| &source[d.span.clone().unwrap()])
            .collect();
        assert_eq!(shown, ["\\u0007", "\\e", "\\u009b"]);
        assert!(found[0].message.contains("U+0007 (bell)"), "{:?}", found[0]);
        assert!(found[0].message.starts_with("`title`"), "{:?}", found[0]);
    }

    #[test]
    fn tabs_and_line_ends_are_text() {
        assert!(problems("a = \"x\\ty\\nz\\r\"\nb = '''\nq\n'''\n").is_empty());
    }
}
