//! Diagnostics for people: what went wrong, where (`path:line:col`, the source line, a caret), and what would be right.
//!
//! A file's text is held once, in a [`Source`], however many problems it has; a [`Diagnostic`]
//! carries only a byte range into it (as codespan and rustc do), so reporting N problems costs
//! N small values, not N copies of the file.

use std::fmt::Write as _;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};

use crate::control_chars::visible_lines;
use crate::excerpt::clipped;
use crate::io_words::reworded;

/// How many problems of one file are printed in full; the rest are counted in one line, so a
/// file of garbage gives a screenful, not a flood.
pub const SHOWN_LIMIT: usize = 50;

/// One problem found in a user's file: a byte range of its [`Source`] and what to say about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Byte range of the offending text in the source, when the problem has a place.
    pub span: Option<Range<usize>>,
    /// What is wrong, lower-case, user input in backticks.
    pub message: String,
    /// What would be right, if there is something to suggest.
    pub help: Option<String>,
    /// Whether this says how the file was read rather than what is wrong with it: rendered as
    /// `note:`, and not counted among the problems.
    pub is_note: bool,
}

impl Diagnostic {
    /// A problem at `span` of the file's text.
    pub fn at(span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            span: Some(span),
            message: message.into(),
            help: None,
            is_note: false,
        }
    }

    /// A problem with the file as a whole (no position).
    pub fn whole_file(message: impl Into<String>) -> Self {
        Diagnostic {
            span: None,
            message: message.into(),
            help: None,
            is_note: false,
        }
    }

    /// A note on the file as a whole: how it was read, when a problem changed that.
    pub fn note(message: impl Into<String>) -> Self {
        Diagnostic {
            is_note: true,
            ..Diagnostic::whole_file(message)
        }
    }

    /// The same diagnostic with a suggestion of what would be right.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// A user's file, held once for every diagnostic about it, with where each of its lines starts.
#[derive(Debug, Clone)]
pub struct Source {
    path: String,
    text: String,
    /// Byte offset of each line's first character; a line ends at `\n`, `\r\n` or a lone `\r`
    /// (old Mac files), so a problem is never reported on a line thousands of characters long.
    line_starts: Vec<usize>,
}

impl Source {
    /// The text of the file the user named `path`. A leading byte-order mark is dropped: it is
    /// not part of the text, and every reader (TOML, SGF) must see the same characters.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Source {
        let mut text = text.into();
        if text.starts_with('\u{feff}') {
            text.drain(..'\u{feff}'.len_utf8());
        }
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            let ends_line = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends_line {
                line_starts.push(i + 1);
            }
        }
        Source {
            path: path.into(),
            text,
            line_starts,
        }
    }

    /// The file as the user named it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The file's text, without a byte-order mark.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The byte offset moved back to the start of the character it falls in (and into the text).
    fn floor(&self, offset: usize) -> usize {
        let mut at = offset.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// The byte offset moved forward to the end of the character it falls in (and into the text).
    fn ceil(&self, offset: usize) -> usize {
        let mut at = offset.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at += 1;
        }
        at
    }

    /// Index of the line holding byte `offset`.
    fn line_index(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= offset) - 1
    }

    /// Byte range of line `index`, without its line ending.
    fn line_range(&self, index: usize) -> Range<usize> {
        let start = self.line_starts[index];
        let mut end = self
            .line_starts
            .get(index + 1)
            .copied()
            .unwrap_or(self.text.len());
        let bytes = self.text.as_bytes();
        if end > start && bytes[end - 1] == b'\n' {
            end -= 1;
        }
        if end > start && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        start..end
    }

    /// 1-based line and column (in characters) of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.floor(offset);
        let index = self.line_index(offset);
        let start = self.line_starts[index];
        (index + 1, self.text[start..offset].chars().count() + 1)
    }

    /// `span` moved onto character boundaries and cut to the line it starts on, which is the
    /// line shown; an empty span is widened to the character it sits before, when there is one.
    fn shown_span(&self, span: &Range<usize>) -> (usize, Range<usize>) {
        let start = self.floor(span.start);
        let index = self.line_index(start);
        let line = self.line_range(index);
        let start = start.min(line.end);
        let mut end = self.ceil(span.end.max(start)).min(line.end);
        if end == start && start < line.end {
            end = self.ceil(start + 1);
        }
        (index, start..end)
    }

    /// The part of line `index` to show around `span`: the whole line, or for a very long line
    /// (a minified file, a one-line SGF of 100,000 moves) a window around the span, so showing
    /// a problem costs the same whatever the line's length.
    fn shown_part(&self, index: usize, span: &Range<usize>) -> Range<usize> {
        const WINDOW: usize = 240;
        let line = self.line_range(index);
        // A span as long as the line (a megabyte-long string) shows its start only.
        let shown_end = span.end.min(span.start.saturating_add(WINDOW));
        if line.len() <= 2 * WINDOW + (shown_end - span.start) {
            return line;
        }
        let start = self.floor(span.start.saturating_sub(WINDOW).max(line.start));
        let end = self.ceil(shown_end.saturating_add(WINDOW).min(line.end));
        start..end
    }

    /// One diagnostic as plain text: `error: ...`, ` --> path:line:col`, the line with a caret,
    /// `help: ...`.
    pub fn render(&self, d: &Diagnostic) -> String {
        let level = if d.is_note { Level::NOTE } else { Level::ERROR };
        // Messages quote input: each quote is cut to one short line whatever it holds, and a
        // character a terminal must not receive is shown as an escape (annotate-snippets
        // would show a bidirectional one as `�`, which says nothing of what it was).
        let message = visible_lines(&clipped(&reworded(&d.message))).into_owned();
        let title = level.primary_title(message);
        let mut windowed = false;
        let mut group = match &d.span {
            Some(span) => {
                let (index, span) = self.shown_span(span);
                let line = self.shown_part(index, &span);
                let span = span.start..self.floor(span.end.min(line.end));
                let snippet = Snippet::source(&self.text[line.clone()])
                    .line_start(index + 1)
                    .annotation(
                        AnnotationKind::Primary
                            .span(span.start - line.start..span.end - line.start),
                    );
                if line == self.line_range(index) {
                    title.element(snippet.path(&self.path))
                } else {
                    // A window of a long line: annotate-snippets would count the column
                    // from the window's start, so the location is given apart.
                    windowed = true;
                    let (_, column) = self.line_col(span.start);
                    let origin = Origin::path(&self.path).line(index + 1).char_column(column);
                    title.element(origin).element(snippet)
                }
            }
            None => Group::with_title(title),
        };
        if let Some(help) = &d.help {
            group = group.element(Level::HELP.message(visible_lines(&clipped(help)).into_owned()));
        }
        let mut text = Renderer::plain().render(&[group]);
        if windowed {
            // A snippet apart from its origin gets an empty `:::` origin line of its own.
            text = text
                .lines()
                .filter(|l| l.trim() != ":::")
                .collect::<Vec<_>>()
                .join("\n");
        }
        if d.span.is_none() {
            let _ = write!(text, "\n --> {}", self.path);
        }
        text
    }

    /// Every diagnostic up to [`SHOWN_LIMIT`], each followed by a blank line, then one line
    /// counting those not shown.
    pub fn render_all(&self, diagnostics: &[Diagnostic]) -> String {
        let mut out = String::new();
        for d in diagnostics.iter().take(SHOWN_LIMIT) {
            out.push_str(&self.render(d));
            out.push_str("\n\n");
        }
        if let Some(hidden) = diagnostics
            .len()
            .checked_sub(SHOWN_LIMIT)
            .filter(|&n| n > 0)
        {
            let _ = writeln!(
                out,
                "note: {hidden} more {} in `{}` not shown; fix the ones above and check again\n",
                if hidden == 1 { "problem" } else { "problems" },
                self.path
            );
        }
        out
    }
}

/// The known word nearest to `found` by edit distance, if it is close enough to be a likely typo.
/// Between words equally near, one with the same first letter wins: typing rarely goes wrong
/// there (`ilegal` is `illegal`, not `legal`).
pub fn nearest<'a>(found: &str, known: &[&'a str]) -> Option<&'a str> {
    let found = found.to_ascii_lowercase();
    let first = found.chars().next();
    known
        .iter()
        .map(|k| (edit_distance(&found, k), *k))
        // Lengths in characters, as the distance counts them: in bytes, a three-character
        // word in Japanese would let any two-letter word pass for a typo of it.
        .filter(|&(d, k)| d <= k.chars().count().max(found.chars().count()).div_ceil(3))
        .min_by_key(|&(d, k)| (d, k.chars().next() != first))
        .map(|(_, k)| k)
}

/// Up to `count` of `known`, nearest to `found` first: names that contain every word of `found`
/// before the rest, then by edit distance, ignoring case. For lists where any entry may be
/// what was meant, such as installed font families.
pub fn closest<'a>(found: &str, known: &[&'a str], count: usize) -> Vec<&'a str> {
    let found = found.to_lowercase();
    let words: Vec<&str> = found.split_whitespace().collect();
    let mut ranked: Vec<(bool, usize, &'a str)> = known
        .iter()
        .map(|k| {
            let lower = k.to_lowercase();
            let contains = !words.is_empty() && words.iter().all(|w| lower.contains(w));
            (!contains, edit_distance(&found, &lower), *k)
        })
        .collect();
    ranked.sort();
    ranked.dedup_by(|a, b| a.2 == b.2);
    ranked.into_iter().take(count).map(|(_, _, k)| k).collect()
}

/// Edits (insert, delete, replace, or swap two neighbours) from `a` to `b`, in characters: a
/// swap is the commonest typo (`kye` for `key`), so it counts as one edit, not two.
fn edit_distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_path_line_column_source_and_caret() {
        let source = Source::new("kit.toml", "[kit]\ntitle = \"x\"\nboard = 9\n");
        let d = Diagnostic::at(18..23, "unknown key `board`")
            .with_help("did you mean `[rules] board`?");
        assert_eq!(source.line_col(18), (3, 1));
        let text = source.render(&d);
        assert!(text.contains("error: unknown key `board`"), "{text}");
        assert!(text.contains("kit.toml:3:1"), "{text}");
        assert!(text.contains("board = 9"), "{text}");
        assert!(text.contains("^^^^^"), "{text}");
        assert!(
            text.contains("help: did you mean `[rules] board`?"),
            "{text}"
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let source = Source::new("k.toml", "title = \"é—x\" Z\n");
        let at = source.text().find('Z').unwrap();
        assert_eq!(source.line_col(at), (1, 15));
        let text = source.render(&Diagnostic::at(at..at + 1, "here"));
        assert!(text.contains("k.toml:1:15"), "{text}");
    }

    #[test]
    fn any_span_renders_whatever_characters_it_cuts() {
        // Spans inside 2-, 3- and 4-byte characters, past the end, reversed, across CR, CRLF
        // and lone-CR line ends, and at the very end of the text: none may panic.
        let texts = [
            "é",
            "\u{feff}",
            "title = \"x\" — draft",
            "a\r\nb — c\rd 😀 e\n",
            "\r\r\r",
            "",
            "x\n",
        ];
        for text in texts {
            let source = Source::new("k.toml", text);
            let n = source.text().len();
            for start in 0..=n + 2 {
                for end in 0..=n + 2 {
                    let rendered = source.render(&Diagnostic::at(start..end, "m").with_help("h"));
                    assert!(rendered.contains("error: m"), "{rendered}");
                }
            }
        }
    }

    #[test]
    fn a_long_line_shows_a_window_with_the_true_column() {
        let mut text = "x".repeat(5000);
        text.push_str("BAD");
        text.push_str(&"y".repeat(5000));
        let source = Source::new("k.sgf", text);
        let rendered = source.render(&Diagnostic::at(5000..5003, "here"));
        assert!(rendered.contains(" --> k.sgf:1:5001"), "{rendered}");
        assert!(rendered.contains("BAD"), "{rendered}");
        assert!(!rendered.contains(":::"), "{rendered}");
        assert!(rendered.len() < 1000, "{rendered}");
        let short = Source::new("k.toml", "a = 1\nb = BAD\n");
        let rendered = short.render(&Diagnostic::at(10..13, "here"));
        assert_eq!(
            rendered,
            "error: here\n --> k.toml:2:5\n  |\n2 | b = BAD\n  |     ^^^"
        );
    }

    /// A kit of one megabyte-long line whose whole value is at fault: the message shows a window
    /// of the line and one short quote of it, not the megabyte.
    #[test]
    fn a_span_as_long_as_a_huge_line_shows_its_start_only() {
        let value = "z".repeat(1 << 20);
        let text = format!("title = \"{value}\"");
        let source = Source::new("k.toml", text.as_str());
        let d = Diagnostic::at(8..text.len(), format!("`{value}` is too long"))
            .with_help(format!("shorten `{value}`"));
        let rendered = source.render(&d);
        assert!(rendered.len() < 3000, "{}", rendered.len());
        assert!(rendered.contains(" --> k.toml:1:9"), "{rendered}");
        assert!(rendered.contains("…` is too long"), "{rendered}");
    }

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_text() {
        let source = Source::new("k.toml", "\u{feff}[kit]\nz");
        assert_eq!(source.text(), "[kit]\nz");
        assert_eq!(source.line_col(6), (2, 1));
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        let source = Source::new("k.toml", "a = 1\rb = 2\rc = x\r");
        let at = source.text().find('x').unwrap();
        assert_eq!(source.line_col(at), (3, 5));
        let text = source.render(&Diagnostic::at(at..at + 1, "bad"));
        assert!(text.contains("k.toml:3:5"), "{text}");
        assert!(!text.contains("a = 1"), "{text}");
    }

    #[test]
    fn only_the_first_problems_are_shown_in_full() {
        let source = Source::new("k.toml", "x\n");
        let many: Vec<Diagnostic> = (0..SHOWN_LIMIT + 7)
            .map(|i| Diagnostic::at(0..1, format!("problem {i}")))
            .collect();
        let text = source.render_all(&many);
        assert_eq!(text.matches("error: ").count(), SHOWN_LIMIT);
        assert!(
            text.contains("note: 7 more problems in `k.toml` not shown"),
            "{text}"
        );
    }

    #[test]
    fn suggests_near_words_only() {
        let known = ["title", "purpose", "paper", "record_rows"];
        assert_eq!(nearest("titel", &known), Some("title"));
        assert_eq!(nearest("record_row", &known), Some("record_rows"));
        assert_eq!(nearest("zzzzzz", &known), None);
        assert_eq!(nearest("kye", &["key", "task"]), Some("key"));
        assert_eq!(nearest("ilegal", &["legal", "illegal"]), Some("illegal"));
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    /// Closeness is judged in characters: a Japanese word of three characters is nine bytes.
    #[test]
    fn words_in_other_scripts_are_measured_in_characters() {
        assert_eq!(nearest("de", &["日本語"]), None);
        assert_eq!(nearest("日本", &["日本語"]), Some("日本語"));
        assert_eq!(nearest("francais", &["français"]), Some("français"));
    }
}
