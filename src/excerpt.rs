//! How input is quoted in a message: one line of it at most, a few hundred characters at
//! most, with its hidden characters shown as escapes. A file with a stray quote or a kit of one
//! megabyte-long line then gives an error of a line, not one quoting the rest of the file.

use std::borrow::Cow;

use crate::control_chars::visible;

/// The most characters of input one quote shows.
pub const EXCERPT_CHARS: usize = 200;

/// The most characters of a whole message: far more than any message the program composes,
/// so only one quoting input a way [`excerpt`] did not cut is ever shortened.
const MESSAGE_CHARS: usize = 2000;

/// `text` as a message quotes it: its first line, cut to [`EXCERPT_CHARS`] characters, with
/// `…` where anything was left out, and each character a terminal must not receive escaped.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    let line_end = text.find(['\n', '\r']).unwrap_or(text.len());
    let cut = text[..line_end]
        .char_indices()
        .nth(EXCERPT_CHARS)
        .map_or(line_end, |(at, _)| at);
    if cut == text.len() {
        return visible(text);
    }
    Cow::Owned(format!("{}…", visible(&text[..cut])))
}

/// `message` with each quote in it (text between backticks, where messages put input) cut to
/// an [`excerpt`], and the whole cut to [`MESSAGE_CHARS`] characters: a last guard for a
/// message that quoted input whole.
pub fn clipped(message: &str) -> Cow<'_, str> {
    let too_long = |part: &str| part.chars().nth(EXCERPT_CHARS).is_some();
    let quotes_too_much = message
        .split('`')
        .skip(1)
        .step_by(2)
        .any(|quote| too_long(quote) || quote.contains(['\n', '\r']));
    if !quotes_too_much && message.chars().nth(MESSAGE_CHARS).is_none() {
        return Cow::Borrowed(message);
    }
    let mut out = String::new();
    for (i, part) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&excerpt(part));
        } else {
            out.push_str(part);
        }
        if out.chars().nth(MESSAGE_CHARS).is_some() {
            break;
        }
    }
    if let Some((at, _)) = out.char_indices().nth(MESSAGE_CHARS) {
        out.truncate(at);
        out.push('…');
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_excerpt_is_one_short_line() {
        assert_eq!(excerpt("C4"), "C4");
        assert_eq!(excerpt("C4\nD5,1,2"), "C4…");
        let long = "x".repeat(5000);
        let shown = excerpt(&long);
        assert_eq!(shown.chars().count(), EXCERPT_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(excerpt("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
    }

    #[test]
    fn a_message_quoting_a_whole_file_is_cut_to_a_line() {
        let file = format!("\"C4,0,3\n{}", "D5,0,3\n".repeat(300_000));
        let message = format!("`{file}`: not a point");
        let shown = clipped(&message);
        assert!(shown.len() < 300, "{}", shown.len());
        assert!(shown.starts_with("`\"C4,0,3…`: not a point"), "{shown}");
        assert!(matches!(clipped("`C4`: fine"), Cow::Borrowed(_)));
        let unquoted = "y".repeat(10_000);
        assert_eq!(clipped(&unquoted).chars().count(), MESSAGE_CHARS + 1);
    }
}
