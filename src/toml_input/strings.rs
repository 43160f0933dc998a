//! Every key and string value of a TOML file, visited once (`each_string`), and where a piece of
//! text was written among them, at its own line and column, whatever form the string takes
//! (escapes, multi-line, CRLF line ends).

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::string_place::StringPlace;

/// The file range of the first text (in file order) that `find` finds in a key or string value of
/// `source`: `find` is given each value as TOML reads it and returns a byte range within it.
/// `None` when no value holds it, or the file does not parse.
pub fn find_in_strings(
    source: &str,
    mut find: impl FnMut(&str) -> Option<Range<usize>>,
) -> Option<Range<usize>> {
    let root = DeTable::parse(source).ok()?;
    let mut found: Option<Range<usize>> = None;
    each_string(root.get_ref(), &mut |_, value, span| {
        if found.as_ref().is_some_and(|f| f.start < span.start) {
            return;
        }
        if let Some(inside) = find(value) {
            let place = StringPlace::of(source, &Spanned::new(span, value.to_string()));
            found = Some(place.map(&inside));
        }
    });
    found
}

/// Calls `visit(key, text, span)` for every key and every string value of `table`, nested
/// tables and lists included: a key with itself as its text, a value (or a list's item) with
/// the key it is written under.
pub(crate) fn each_string(table: &DeTable<'_>, visit: &mut impl FnMut(&str, &str, Range<usize>)) {
    for (key, value) in table.iter() {
        let name: &str = key.get_ref();
        visit(name, name, key.span());
        each_value_string(name, value, visit);
    }
}

fn each_value_string(
    key: &str,
    value: &Spanned<DeValue<'_>>,
    visit: &mut impl FnMut(&str, &str, Range<usize>),
) {
    match value.get_ref() {
        DeValue::String(text) => visit(key, text, value.span()),
        DeValue::Array(items) => {
            for item in items.iter() {
                each_value_string(key, item, visit);
            }
        }
        DeValue::Table(table) => each_string(table, visit),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_found_at_its_place_inside_an_escaped_string() {
        let source =
            "[kit]\ntitle = \"T\"\n[[example]]\nprompt = \"Say: \\u0043\\u0034 captures C3\"\n";
        let span = find_in_strings(source, |v| v.find("C4 captures").map(|i| i..i + 11)).unwrap();
        assert_eq!(&source[span], "\\u0043\\u0034 captures");
        assert_eq!(
            find_in_strings(source, |v| v.find("nowhere").map(|i| i..i + 1)),
            None
        );
    }

    #[test]
    fn the_first_in_file_order_wins() {
        let source = "b = \"x here\"\na = [\"here too\"]\n";
        let span = find_in_strings(source, |v| v.find("here").map(|i| i..i + 4)).unwrap();
        assert_eq!(span.start, source.find("here").unwrap());
    }
}
