//! Diagnostics for people: what went wrong, where (`path:line:col`, the source line, a caret), and what would be right.

use std::fmt;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

/// One problem found in a user's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file as the user named it.
    pub path: String,
    /// The file's whole text, when it could be read, so the line can be shown.
    pub source: Option<String>,
    /// Byte range of the offending text in `source`.
    pub span: Option<Range<usize>>,
    /// What is wrong, lower-case, user input in backticks.
    pub message: String,
    /// What would be right, if there is something to suggest.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A problem in `path` at `span` of `source`.
    pub fn at(path: &str, source: &str, span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.to_string(),
            source: Some(source.to_string()),
            span: Some(span),
            message: message.into(),
            help: None,
        }
    }

    /// A problem with the file as a whole (no position), e.g. it cannot be read.
    pub fn whole_file(path: &str, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.to_string(),
            source: None,
            span: None,
            message: message.into(),
            help: None,
        }
    }

    /// The same diagnostic with a suggestion of what would be right.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// 1-based line and column (in characters) of the span's start, when known.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        let source = self.source.as_deref()?;
        let start = self.span.as_ref()?.start.min(source.len());
        let before = source.get(..start)?;
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        Some((line, col))
    }

    /// The diagnostic as plain text: `error: ...`, ` --> path:line:col`, the line with a caret, `help: ...`.
    pub fn render(&self) -> String {
        let located = match (&self.source, &self.span) {
            (Some(source), Some(span)) => {
                let mut span = span.start.min(source.len())..span.end.min(source.len());
                // A zero-width span (e.g. end of file) still needs something to point at.
                if span.is_empty() {
                    span.end = (span.start + 1).min(source.len());
                    if span.is_empty() && span.start > 0 {
                        span.start -= 1;
                    }
                }
                Some((source, span))
            }
            _ => None,
        };
        let title = Level::ERROR.primary_title(&self.message);
        let mut group = match &located {
            Some((source, span)) => title.element(
                Snippet::source(source.as_str())
                    .path(&self.path)
                    .annotation(AnnotationKind::Primary.span(span.clone())),
            ),
            None => Group::with_title(title),
        };
        if let Some(help) = &self.help {
            group = group.element(Level::HELP.message(help));
        }
        let mut text = Renderer::plain().render(&[group]);
        if located.is_none() {
            text = format!("{text}\n --> {}", self.path);
        }
        text
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

/// The known word nearest to `found` by edit distance, if it is close enough to be a likely typo.
pub fn nearest<'a>(found: &str, known: &[&'a str]) -> Option<&'a str> {
    let found = found.to_ascii_lowercase();
    known
        .iter()
        .map(|k| (edit_distance(&found, k), *k))
        .filter(|&(d, k)| d <= k.len().max(found.len()).div_ceil(3))
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_path_line_column_source_and_caret() {
        let source = "[kit]\ntitle = \"x\"\nboard = 9\n";
        let d = Diagnostic::at("kit.toml", source, 18..23, "unknown key `board`")
            .with_help("did you mean `[rules] board`?");
        assert_eq!(d.line_col(), Some((3, 1)));
        let text = d.render();
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
    fn suggests_near_words_only() {
        let known = ["title", "purpose", "paper", "record_rows"];
        assert_eq!(nearest("titel", &known), Some("title"));
        assert_eq!(nearest("record_row", &known), Some("record_rows"));
        assert_eq!(nearest("zzzzzz", &known), None);
    }
}
