//! Characters that are not text: the C0 controls (U+0000-U+001F), DEL (U+007F) and the C1
//! controls (U+0080-U+009F), Unicode's category `Cc`. A kit may not print them (an SVG page
//! holding one is not well-formed XML, and a printed page cannot show them), and a terminal
//! must not receive those a record or a file name brings (ESC starts the sequences that move
//! the cursor, recolour or retitle the window; CR overwrites a line), so both are handled here.

use std::borrow::Cow;
use std::io::{self, Write};

/// Whether a kit's text may not hold `c`: every control character but tab, line feed and
/// carriage return, which are the white space TOML itself lets a multi-line string hold.
pub fn refused_in_kit(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// Whether `c` is shown as an escape in terminal output: every control character (C0, DEL,
/// C1), the bidirectional formatting characters (U+202A-U+202E, U+2066-U+2069, the marks
/// U+200E, U+200F and U+061C), which reorder what follows them on the line and so can make a
/// name read as something else, and the line and paragraph separators (U+2028, U+2029), which
/// some terminals and editors break a line at where the program wrote none.
pub fn hidden_in_terminal(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{061c}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// `text` with each character [`hidden_in_terminal`] written as a Rust-style escape, e.g.
/// `\u{1b}` for ESC and `\u{d}` for CR: one form for them all, visibly not text, and the same
/// as `libertykit` itself would write the character in a message. Borrowed when there is none.
pub fn visible(text: &str) -> Cow<'_, str> {
    escaped(text, Escape::Rust)
}

/// [`visible`] for text of several lines: each line's hidden characters escaped, its line
/// feeds kept.
pub fn visible_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && hidden_in_terminal(c)) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(visible).collect();
    Cow::Owned(lines.join("\n"))
}

/// How a hidden character is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Escape {
    /// `\u{1b}`, for text.
    Rust,
    /// `\u001b`, JSON's own escape, for a JSON string: it reads back as the same character.
    Json,
}

fn escaped(text: &str, form: Escape) -> Cow<'_, str> {
    if !text.chars().any(hidden_in_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match (hidden_in_terminal(c), form) {
            (false, _) => out.push(c),
            (true, Escape::Rust) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            // Every hidden character is in the Basic Multilingual Plane: four digits hold it.
            (true, Escape::Json) => out.push_str(&format!("\\u{:04x}", u32::from(c))),
        }
    }
    Cow::Owned(out)
}

/// A writer for a terminal that passes text through with each character [`hidden_in_terminal`]
/// but the line feed shown as [`visible`] shows it: a report composed of record-supplied text
/// (player names, a result, a ruleset's name) then cannot send the terminal an escape
/// sequence or a carriage return, whatever field it came in. Line feeds pass, since the report
/// is made of lines; a field that could hold one is passed through [`visible`] first.
pub struct VisibleWriter<W: Write> {
    inner: W,
    /// The start of a character whose other bytes have not been written yet.
    pending: Vec<u8>,
    form: Escape,
}

impl<W: Write> VisibleWriter<W> {
    /// A writer passing visible text on to `inner`.
    pub fn new(inner: W) -> Self {
        VisibleWriter {
            inner,
            pending: Vec::new(),
            form: Escape::Rust,
        }
    }

    /// A writer passing JSON on to `inner`, with each hidden character JSON does not escape
    /// itself (DEL, the C1 controls, the bidirectional ones) written as JSON's `\u009b`. JSON
    /// is ASCII outside its strings, so such a character is always inside one, where the
    /// escape reads back as the same text.
    pub fn json(inner: W) -> Self {
        VisibleWriter {
            form: Escape::Json,
            ..VisibleWriter::new(inner)
        }
    }

    /// Writes the whole characters of `pending`, keeping an unfinished one for the next write.
    fn write_pending(&mut self) -> io::Result<()> {
        let mut done = 0;
        while done < self.pending.len() {
            let rest = &self.pending[done..];
            let (text, skip) = match std::str::from_utf8(rest) {
                Ok(text) => (text, 0),
                Err(e) => {
                    // Valid up to `e.valid_up_to()`: `from_utf8` has checked it.
                    let text = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or("");
                    match e.error_len() {
                        None if text.is_empty() => break,
                        None => (text, 0),
                        Some(bad) => (text, bad),
                    }
                }
            };
            for line in text.split_inclusive('\n') {
                let (body, end) = match line.strip_suffix('\n') {
                    Some(body) => (body, "\n"),
                    None => (line, ""),
                };
                self.inner.write_all(escaped(body, self.form).as_bytes())?;
                self.inner.write_all(end.as_bytes())?;
            }
            if skip > 0 {
                self.inner.write_all("\u{fffd}".as_bytes())?;
            }
            done += text.len() + skip;
        }
        self.pending.drain(..done);
        Ok(())
    }
}

impl<W: Write> Write for VisibleWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        self.write_pending()?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            // A character never finished: shown as one that is not text.
            self.pending.clear();
            self.inner.write_all("\u{fffd}".as_bytes())?;
        }
        self.inner.flush()
    }
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
        assert_eq!(
            visible("a\u{2066}b\u{2028}c\u{2029}d\u{200f}e\u{61c}f"),
            "a\\u{2066}b\\u{2028}c\\u{2029}d\\u{200f}e\\u{61c}f"
        );
    }

    #[test]
    fn json_gets_json_escapes() {
        let mut out = Vec::new();
        let mut w = VisibleWriter::json(&mut out);
        w.write_all("{\"a\": \"x\u{9b}y\u{7f}\u{202e}\"}\n".as_bytes())
            .unwrap();
        w.flush().unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "{\"a\": \"x\\u009by\\u007f\\u202e\"}\n");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["a"], "x\u{9b}y\u{7f}\u{202e}");
    }

    #[test]
    fn the_writer_keeps_line_feeds_and_whole_characters_split_across_writes() {
        let text = "é\u{1b}[31m\r\n\u{9b}日\n";
        let mut out = Vec::new();
        {
            let mut w = VisibleWriter::new(&mut out);
            // One byte at a time: every multi-byte character arrives in pieces.
            for b in text.as_bytes() {
                w.write_all(std::slice::from_ref(b)).unwrap();
            }
            w.flush().unwrap();
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "é\\u{1b}[31m\\u{d}\n\\u{9b}日\n"
        );
    }
}
