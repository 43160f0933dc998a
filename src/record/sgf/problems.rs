//! The problems found while reading, and the words shared by their messages.

use std::borrow::Cow;
use std::ops::Range;

use super::spans::{NodeSpans, PropertySpan};
use super::values::{sgf_letter, sgf_name};
use crate::diag::{Diagnostic, SHOWN_LIMIT};
use crate::rules::{BoardSize, Point};

/// The problems found so far.
///
/// Only the first [`SHOWN_LIMIT`] are printed; the rest are counted in one line. So past that
/// many a problem is kept as a bare entry with no words, and its words are never worked out: a
/// file of a million bad moves then costs one small entry per problem, not two sentences each.
#[derive(Debug, Default)]
pub(super) struct Problems {
    pub(super) list: Vec<Diagnostic>,
    /// What was read by assumption, one entry per kind (keyed by `Assumption::kind`).
    pub(super) assumed: Vec<Assumption>,
}

/// One kind of assumption made while reading, first met at `span`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Assumption {
    /// What kind it is (`"repeat:AW"`, `"pass:tt"`): the same kind is said once.
    pub(super) kind: String,
    pub(super) span: Range<usize>,
    pub(super) message: String,
    pub(super) times: usize,
}

impl Problems {
    /// Records a problem; `make` is called only when the problem will be printed.
    pub(super) fn report(&mut self, make: impl FnOnce() -> Diagnostic) {
        let d = if self.list.len() < SHOWN_LIMIT {
            make()
        } else {
            Diagnostic::whole_file(String::new())
        };
        self.list.push(d);
    }

    pub(super) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Records that the reader assumed something at `span`; `message` is worked out only the
    /// first time a kind is met, so a file repeating one oddity a million times costs a count.
    pub(super) fn assume(
        &mut self,
        kind: &str,
        span: Range<usize>,
        message: impl FnOnce() -> String,
    ) {
        match self.assumed.iter_mut().find(|a| a.kind == kind) {
            Some(a) => a.times += 1,
            None => self.assumed.push(Assumption {
                kind: kind.to_string(),
                span,
                message: message(),
                times: 1,
            }),
        }
    }

    /// The assumptions as notes with their line and column in `source`, in the order met.
    pub(super) fn notes(&self, source: &str) -> Vec<crate::record::ReadingNote> {
        if self.assumed.is_empty() {
            return Vec::new();
        }
        let lines = crate::diag::Source::new("", source);
        self.assumed
            .iter()
            .map(|a| {
                let (line, column) = lines.line_col(a.span.start);
                crate::record::ReadingNote {
                    line,
                    column,
                    message: a.message.clone(),
                    times: a.times,
                }
            })
            .collect()
    }
}

/// What an SGF record looks like, for help on malformed structure.
pub(super) const SGF_SHAPE: &str = "an SGF record looks like `(;FF[4]SZ[5];B[cc];W[dc])`";

/// `written` for a message: as it is when short, else its start and `…`, so one enormous value
/// neither fills the screen nor is copied whole into a message.
pub(super) fn shown(written: &str) -> Cow<'_, str> {
    const LONGEST: usize = 32;
    match written.char_indices().nth(LONGEST) {
        None => Cow::Borrowed(written),
        Some((cut, _)) => Cow::Owned(format!("{}…", &written[..cut])),
    }
}

/// Reports `p` of `node` as not a valid property of its kind.
pub(super) fn invalid(
    source: &str,
    node: &NodeSpans<'_>,
    p: &PropertySpan<'_>,
    problems: &mut Problems,
) {
    problems.report(|| {
        let id = &*p.identifier;
        // Only as much as a message shows is written out: a property can hold thousands of values.
        let mut written = String::new();
        for v in node.decoded(source, p) {
            written.push('[');
            written.push_str(&v);
            written.push(']');
            if written.len() > 64 {
                break;
            }
        }
        Diagnostic::at(
            p.whole.clone(),
            format!("`{id}{}` is not a valid `{id}` property", shown(&written)),
        )
        .with_help(help_for(id))
    });
}

/// The colour `PL` (written as `p` in `node`) names, or `None` after reporting that it names
/// none. Besides FF[4]'s `B` and `W`, old files' `1` and `2` (and lower case) are read as GNU
/// Go reads them, with a note; an empty `PL[]` names no player, as sgfmill reads it (a note,
/// and `None`: the side to play is then found as if there were no `PL`).
pub(super) fn player(
    source: &str,
    node: &NodeSpans<'_>,
    p: &PropertySpan<'_>,
    problems: &mut Problems,
) -> Option<crate::rules::Color> {
    use crate::rules::Color;
    let values = node.decoded(source, p);
    let written = match &values[..] {
        [v] => v.trim(),
        _ => "",
    };
    let color = match written {
        "" if values.len() == 1 => {
            problems.assume("empty-player", p.whole.clone(), || {
                "`PL[]` is empty: it names no player, as sgfmill reads it, and is left out"
                    .to_string()
            });
            return None;
        }
        "B" => return Some(Color::Black),
        "W" => return Some(Color::White),
        "b" | "1" => Some(Color::Black),
        "w" | "2" => Some(Color::White),
        _ => None,
    };
    match color {
        Some(color) => {
            problems.assume("old-player", p.whole.clone(), || {
                format!(
                    "`PL[{}]` is read as {color} to play, as older programs wrote it and GNU Go reads it",
                    shown(written)
                )
            });
            Some(color)
        }
        None => {
            invalid(source, node, p, problems);
            None
        }
    }
}

/// How to write a property replay reads.
fn help_for(identifier: &str) -> &'static str {
    match identifier {
        "B" | "W" => "write a move as two letters, e.g. `B[cd]`; a pass is `B[]`",
        "AB" | "AW" | "AE" => "list points as two letters each, e.g. `AB[cc][dc]`",
        "PL" => "write `PL[B]` or `PL[W]`",
        "SZ" => "write the board size as one number from 2 to 19, e.g. `SZ[9]`",
        _ => "write komi as a number, e.g. `KM[7.5]`",
    }
}

/// Converts an SGF point written in `prop` of `node`; an off-board point is a malformed record
/// (no editor writes one).
pub(super) fn on_board(
    (x, y): (u8, u8),
    size: BoardSize,
    source: &str,
    node: &NodeSpans<'_>,
    prop: &PropertySpan<'_>,
    problems: &mut Problems,
) -> Option<Point> {
    let n = size.get();
    if x < n && y < n {
        return Some(Point::new(x, n - 1 - y));
    }
    problems.report(|| {
        let id = &*prop.identifier;
        let written = format!("{}{}", sgf_letter(x), sgf_letter(y));
        let last = sgf_name(Point::new(n - 1, 0), n);
        Diagnostic::at(
            node.span_of(source, prop, (x, y)),
            format!("`{id}[{written}]` is off the {size} board"),
        )
        .with_help(format!("points on this board run from `aa` to `{last}`"))
    });
    None
}

#[cfg(test)]
mod tests {
    use super::super::load;
    use super::*;
    use crate::diag::Source;
    use crate::record::RuleOverrides;

    /// Past the diagnostics printed, problems are only counted: each is a bare entry.
    #[test]
    fn problems_past_those_shown_are_counted_without_words() {
        let moves: String = (0..SHOWN_LIMIT + 10).map(|_| ";B[yy]").collect();
        let errs = load(&format!("(;SZ[5]{moves})"), &RuleOverrides::default()).unwrap_err();
        assert_eq!(errs.len(), SHOWN_LIMIT + 10);
        assert!(
            errs[..SHOWN_LIMIT]
                .iter()
                .all(|d| d.message == "`B[yy]` is off the 5x5 board")
        );
        assert!(
            errs[SHOWN_LIMIT..]
                .iter()
                .all(|d| d.message.is_empty() && d.span.is_none())
        );
        let shown = Source::new("g.sgf", "").render_all(&errs);
        assert!(shown.contains("note: 10 more problems"), "{shown}");
    }
}
