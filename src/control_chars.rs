//! Characters that are not text: the C0 controls (U+0000-U+001F), DEL (U+007F) and the C1
//! controls (U+0080-U+009F), Unicode's category `Cc`. A kit may not print them (an SVG page
//! holding one is not well-formed XML, and a printed page cannot show them), and a terminal
//! must not receive those a record or a file name brings (ESC starts the sequences that move
//! the cursor, recolour or retitle the window; CR overwrites a line), so both are handled here.

use std::borrow::Cow;

/// Whether a kit's text may not hold `c`: every control character but tab, line feed and
/// carriage return, which are the white space TOML itself lets a multi-line string hold.
pub fn refused_in_kit(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// Whether `c` is shown as an escape in terminal output: every control character, and the
/// bidirectional formatting characters (U+202A-U+202E, U+2066-U+2069), which reorder what
/// follows them on the line and so can make a name read as something else.
pub fn hidden_in_terminal(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with each character [`hidden_in_terminal`] written as a Rust-style escape, e.g.
/// `\u{1b}` for ESC and `\u{d}` for CR: one form for them all, visibly not text, and the same
/// as `libertykit` itself would write the character in a message. Borrowed when there is none.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden_in_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden_in_terminal(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `U+001B (escape)`: the code point of a control character, with its name when it has a
/// common one.
pub fn describe(c: char) -> String {
    let name = match c {
        '\0' => "null",
        '\u{7}' => "bell",
        '\u{8}' => "backspace",
        '\t' => "tab",
        '\n' => "line feed",
        '\u{b}' => "vertical tab",
        '\u{c}' => "form feed",
        '\r' => "carriage return",
        '\u{1b}' => "escape",
        '\u{7f}' => "delete",
        '\u{85}' => "next line",
        '\u{9b}' => "control sequence introducer",
        c if u32::from(c) < 0x80 => "a C0 control character",
        _ => "a C1 control character",
    };
    format!("U+{:04X} ({name})", u32::from(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kits_keep_tab_and_line_ends_only() {
        for c in ['\t', '\n', '\r', ' ', 'é', '\u{a0}'] {
            assert!(!refused_in_kit(c), "{c:?}");
        }
        for c in [
            '\0', '\u{7}', '\u{1b}', '\u{1f}', '\u{7f}', '\u{80}', '\u{9b}', '\u{9f}',
        ] {
            assert!(refused_in_kit(c), "{c:?}");
        }
        assert_eq!(describe('\u{1b}'), "U+001B (escape)");
        assert_eq!(describe('\u{1}'), "U+0001 (a C0 control character)");
    }

    #[test]
    fn terminal_text_shows_every_control_as_an_escape() {
        assert!(matches!(visible("Honinbo Shusaku"), Cow::Borrowed(_)));
        assert_eq!(
            visible("a\u{1b}[2J\u{1b}]0;x\u{7}\rb\nc\u{9b}d\u{202e}"),
            "a\\u{1b}[2J\\u{1b}]0;x\\u{7}\\u{d}b\\u{a}c\\u{9b}d\\u{202e}"
        );
    }
}
