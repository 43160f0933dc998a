//! Where each character of a TOML string value stands in the file, in every string form: basic
//! and literal, one line and multi-line, with escapes (`\n`, `\u00E9`, a line-ending `\`) and
//! CRLF line ends. A problem found inside a value (a word of a position, a point of a diagram)
//! is then reported at its own line and column.

use std::ops::Range;

use toml::Spanned;

/// Where a string value's characters are in the file, worked out once per value so that
/// pointing at many words inside one long string costs no more than the words themselves.
#[derive(Debug, Clone)]
pub(crate) struct StringPlace {
    /// The whole value, quotes included.
    whole: Range<usize>,
    /// How the value's bytes map to the file, when that could be worked out.
    map: Option<ByteMap>,
}

#[derive(Debug, Clone)]
enum ByteMap {
    /// The text is written as is, starting at this offset (no escapes, no CRLF folded).
    Verbatim(usize),
    /// The file range each byte of the value came from (an escape's bytes all map to the
    /// whole escape), and where the text ends in the file.
    Decoded(Vec<Range<usize>>, usize),
}

impl StringPlace {
    /// The place of `value`, written in `source`.
    pub fn of(source: &str, value: &Spanned<String>) -> StringPlace {
        let whole = value.span();
        let raw = source.get(whole.clone()).unwrap_or("");
        let text = value.get_ref().as_str();
        let map = ["\"\"\"", "'''", "\"", "'"].iter().find_map(|delim| {
            let d = delim.len();
            if raw.len() < 2 * d || !raw.starts_with(delim) || !raw.ends_with(delim) {
                return None;
            }
            let mut inside = raw.get(d..raw.len() - d)?;
            let mut offset = d;
            // A multi-line string drops the line break right after its opening quotes.
            if d == 3 {
                for newline in ["\r\n", "\n"] {
                    if let Some(rest) = inside.strip_prefix(newline) {
                        inside = rest;
                        offset += newline.len();
                        break;
                    }
                }
            }
            let start = whole.start + offset;
            if inside == text {
                return Some(ByteMap::Verbatim(start));
            }
            let form = Form {
                basic: delim.starts_with('"'),
                multiline: d == 3,
            };
            [true, false].into_iter().find_map(|fold_crlf| {
                let (decoded, ranges) = decode(inside, start, form, fold_crlf)?;
                (decoded == text).then(|| ByteMap::Decoded(ranges, start + inside.len()))
            })
        });
        StringPlace { whole, map }
    }

    /// The file range of `sub`, a byte range within the string (the whole value when the two
    /// cannot be matched).
    pub fn map(&self, sub: &Range<usize>) -> Range<usize> {
        match &self.map {
            Some(ByteMap::Verbatim(start)) => start + sub.start..start + sub.end,
            Some(ByteMap::Decoded(ranges, end)) => {
                let at = |i: usize| ranges.get(i).map_or(*end, |r| r.start);
                let start = at(sub.start);
                let stop = match sub.end.checked_sub(1) {
                    Some(last) if sub.end > sub.start => ranges.get(last).map_or(*end, |r| r.end),
                    _ => start,
                };
                start..stop.max(start)
            }
            None => self.whole.clone(),
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Form {
    basic: bool,
    multiline: bool,
}

/// The value TOML reads from `inside` (the text between the quotes, starting at file offset
/// `start`), with the file range of each of its bytes; `None` for an escape TOML would refuse.
/// `fold_crlf` reads a CRLF line end in a multi-line string as `\n`, as parsers may.
fn decode(
    inside: &str,
    start: usize,
    form: Form,
    fold_crlf: bool,
) -> Option<(String, Vec<Range<usize>>)> {
    let mut out = String::new();
    let mut ranges = Vec::new();
    let mut push = |out: &mut String, c: char, range: Range<usize>| {
        out.push(c);
        ranges.extend(std::iter::repeat_n(range, c.len_utf8()));
    };
    let mut chars = inside.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let here = start + i;
        if c == '\r' && fold_crlf && form.multiline && chars.peek().is_some_and(|&(_, n)| n == '\n')
        {
            chars.next();
            push(&mut out, '\n', here..here + 2);
            continue;
        }
        if c != '\\' || !form.basic {
            push(&mut out, c, here..here + c.len_utf8());
            continue;
        }
        let (_, e) = chars.next()?;
        let simple = match e {
            'b' => Some('\u{8}'),
            't' => Some('\t'),
            'n' => Some('\n'),
            'f' => Some('\u{c}'),
            'r' => Some('\r'),
            'e' => Some('\u{1b}'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            _ => None,
        };
        if let Some(s) = simple {
            push(&mut out, s, here..here + 2);
            continue;
        }
        let digits = match e {
            'x' => 2,
            'u' => 4,
            'U' => 8,
            _ => 0,
        };
        if digits > 0 {
            let mut code = 0u32;
            let mut end = here + 2;
            for _ in 0..digits {
                let (j, h) = chars.next()?;
                code = code * 16 + h.to_digit(16)?;
                end = start + j + 1;
            }
            push(&mut out, char::from_u32(code)?, here..end);
            continue;
        }
        // A line-ending backslash in a multi-line string: it and every blank after it go.
        if form.multiline && e.is_whitespace() {
            let mut crossed_line = e == '\n';
            while let Some(&(_, n)) = chars.peek() {
                if !n.is_whitespace() {
                    break;
                }
                crossed_line |= n == '\n';
                chars.next();
            }
            if !crossed_line {
                return None;
            }
            continue;
        }
        return None;
    }
    Some((out, ranges))
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml::de::DeTable;

    /// Each string value of `source` with the place its text is mapped to.
    fn string(source: &str, key: &str) -> (String, StringPlace) {
        let (root, errors) = DeTable::parse_recoverable(source);
        assert!(errors.is_empty(), "{errors:?}");
        let root = root.into_inner();
        let v = crate::toml_input::value::entry(&root, key).unwrap();
        let value = Spanned::new(v.span(), v.get_ref().as_str().unwrap().to_string());
        (value.get_ref().clone(), StringPlace::of(source, &value))
    }

    /// The file text that the value's copy of `word` is mapped to.
    fn mapped<'s>(source: &'s str, key: &str, word: &str) -> &'s str {
        let (text, place) = string(source, key);
        let at = text.find(word).unwrap();
        &source[place.map(&(at..at + word.len()))]
    }

    #[test]
    fn every_string_form_maps_to_its_own_characters() {
        let source = concat!(
            "a = \"white C3\"\n",
            "b = \"\"\"\nblack D4\"\"\"\n",
            "c = 'black E5'\n",
            "d = '''\nblack A2'''\n",
            "e = \"es\\u0063aped\\tC3\"\n",
            "f = \"\"\"\\\n   black \\\n\n  B4 \\x41\\U00000042 J1\"\"\"\n",
            "g = \"\"\"\r\nX .\r\n. O\"\"\"\n",
        );
        assert_eq!(mapped(source, "a", "C3"), "C3");
        assert_eq!(mapped(source, "b", "D4"), "D4");
        assert_eq!(mapped(source, "c", "E5"), "E5");
        assert_eq!(mapped(source, "d", "A2"), "A2");
        // An escape is mapped as a whole, the characters after it exactly.
        assert_eq!(mapped(source, "e", "c"), "\\u0063");
        assert_eq!(mapped(source, "e", "C3"), "C3");
        assert_eq!(mapped(source, "e", "caped\tC"), "\\u0063aped\\tC");
        assert_eq!(mapped(source, "f", "B4"), "B4");
        assert_eq!(mapped(source, "f", "AB"), "\\x41\\U00000042");
        assert_eq!(mapped(source, "f", "J1"), "J1");
        assert_eq!(mapped(source, "g", "O"), "O");
    }

    #[test]
    fn an_unmatched_value_falls_back_to_the_whole_value() {
        let source = "a = \"C3\"\n";
        let value = Spanned::new(4..8, "something else".to_string());
        let place = StringPlace::of(source, &value);
        assert_eq!(place.map(&(0..2)), 4..8);
    }
}
