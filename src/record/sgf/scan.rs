//! The structure scan: game trees, nodes, properties and their values' spans, checked against
//! FF[4] as they are met, with each main-line node handed over as soon as it ends.

use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

use super::problems::{Problems, SGF_SHAPE, shown};
use super::values::{decode, parse_point};
use crate::diag::Diagnostic;

/// One property as written: its identifier, its whole span and where its values' spans are in
/// its node's [`NodeSpans::values`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PropertySpan<'t> {
    /// Borrowed from the text unless an FF[3] mixed-case identifier had to be converted.
    pub(super) identifier: Cow<'t, str>,
    pub(super) whole: Range<usize>,
    values: Range<usize>,
}

/// The properties of one node and where each of their values is written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct NodeSpans<'t> {
    pub(super) properties: Vec<PropertySpan<'t>>,
    /// Every value's span (inside the brackets, escapes still written), property after property.
    values: Vec<Range<usize>>,
}

impl<'t> NodeSpans<'t> {
    /// The property `identifier`, when the node has it (at most once: the scan refuses a second).
    pub(super) fn find(&self, identifier: &str) -> Option<&PropertySpan<'t>> {
        self.properties.iter().find(|p| p.identifier == identifier)
    }

    /// The spans of a property's values.
    pub(super) fn values(&self, property: &PropertySpan<'_>) -> &[Range<usize>] {
        &self.values[property.values.clone()]
    }

    /// A property's values as they mean (escapes read).
    pub(super) fn decoded<'s>(
        &self,
        source: &'s str,
        property: &PropertySpan<'_>,
    ) -> Vec<Cow<'s, str>> {
        self.values(property)
            .iter()
            .map(|s| decode(&source[s.clone()]))
            .collect()
    }

    /// The span of `property`'s value naming the point `xy`: the value written as that point,
    /// else the first rectangle holding it, else the whole property (a narrow place reads
    /// better than a list of a thousand values).
    pub(super) fn span_of(
        &self,
        source: &str,
        property: &PropertySpan<'_>,
        xy: (u8, u8),
    ) -> Range<usize> {
        let mut rectangle = None;
        for span in self.values(property) {
            let value = decode(&source[span.clone()]);
            match value.split_once(':') {
                None if parse_point(&value) == Some(xy) => return span.clone(),
                Some((ul, lr)) if rectangle.is_none() => {
                    if let (Some(ul), Some(lr)) = (parse_point(ul), parse_point(lr))
                        && (ul.0..=lr.0).contains(&xy.0)
                        && (ul.1..=lr.1).contains(&xy.1)
                    {
                        rectangle = Some(span.clone());
                    }
                }
                _ => {}
            }
        }
        rectangle.unwrap_or_else(|| property.whole.clone())
    }
}

/// Why the text is not an SGF collection, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ScanError {
    pub(super) span: Range<usize>,
    pub(super) message: String,
    pub(super) help: &'static str,
}

fn scan_error(span: Range<usize>, message: impl Into<String>, help: &'static str) -> ScanError {
    ScanError {
        span,
        message: message.into(),
        help,
    }
}

/// The FF[4] properties whose values are lists of points, for help on one given twice.
const LISTS: &[&str] = &[
    "AB", "AE", "AW", "CR", "DD", "MA", "SL", "SQ", "TB", "TR", "TW", "VW",
];

/// The node the scan is in: its properties while it is on the main line, and what it holds so
/// far for refusing what FF[4] forbids within one node.
#[derive(Debug, Default)]
struct OpenNode<'t> {
    /// After a `;` and before the node ends (`;`, `(` or `)`).
    open: bool,
    /// On the main line: its properties are kept and handed over when it ends.
    main: bool,
    /// Its place: the game it is in and its place on that game's main line (0 for the root).
    place: NodePlace,
    spans: NodeSpans<'t>,
    /// Its identifiers so far; a set, so a node with very many properties is not quadratic.
    seen: HashSet<Cow<'t, str>>,
    /// Where its move (`B` or `W`) is written, once it has one.
    first_move: Option<Range<usize>>,
}

impl<'t> OpenNode<'t> {
    /// Starts a node after a `;`.
    fn start(&mut self, main: bool, place: NodePlace) {
        self.open = true;
        self.main = main;
        self.place = place;
        self.spans.properties.clear();
        self.spans.values.clear();
        self.seen.clear();
        // Clearing a set costs its capacity: one node with thousands of properties must not
        // make every later node pay for that.
        self.seen.shrink_to(16);
        self.first_move = None;
    }

    /// Ends the node, handing it to `main_node` when it is on the main line.
    fn end(
        &mut self,
        problems: &mut Problems,
        main_node: &mut impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
    ) {
        if std::mem::take(&mut self.open) && self.main {
            main_node(self.place, &mut self.spans, problems);
        }
    }

    /// Adds the property `raw` written at `whole`, whose values were pushed from `first_value`
    /// on, or refuses it when FF[4] forbids it here: a name with no capital, a second move, a
    /// property given twice. A refused property is reported and left out of the node.
    fn add(
        &mut self,
        text: &'t str,
        raw: &'t str,
        whole: Range<usize>,
        first_value: usize,
        problems: &mut Problems,
    ) {
        // FF[4] names are capital letters only. FF[3] allowed lower-case letters around the
        // capitals, which name the property alone (`AddBlack` is `AB`), so a name with at least
        // one capital keeps its capitals. A name with none (`b`, `sz`) named nothing in either
        // version and would otherwise vanish without a word, so it is refused.
        let identifier = if raw.bytes().all(|c| c.is_ascii_uppercase()) {
            Cow::Borrowed(raw)
        } else if raw.bytes().any(|c| c.is_ascii_uppercase()) {
            Cow::Owned(raw.chars().filter(char::is_ascii_uppercase).collect())
        } else {
            problems.report(|| {
                let help = if raw.len() <= 2 {
                    format!(
                        "SGF property names are capital letters: write `{}` for `{raw}`",
                        raw.to_ascii_uppercase()
                    )
                } else {
                    "SGF property names are capital letters, e.g. `B[aa]`".to_string()
                };
                Diagnostic::at(
                    whole.clone(),
                    format!(
                        "`{}` is not a property name: it has no capital letter",
                        shown(raw)
                    ),
                )
                .with_help(help)
            });
            self.spans.values.truncate(first_value);
            return;
        };
        let is_move = matches!(&*identifier, "B" | "W");
        if is_move && let Some(first) = &self.first_move {
            problems.report(|| {
                let first = shown(&text[first.clone()]);
                let second = shown(&text[whole.clone()]);
                Diagnostic::at(
                    whole.clone(),
                    format!(
                        "`{second}` is a second move in the node of `{first}`; an SGF node holds at most one move"
                    ),
                )
                .with_help(format!(
                    "put each move in its own node: `;{first};{second}`"
                ))
            });
            self.spans.values.truncate(first_value);
            return;
        }
        if self.seen.contains(&identifier) {
            problems.report(|| {
                let help = if LISTS.contains(&&*identifier) {
                    format!(
                        "keep one `{identifier}` and list every value in it, e.g. `{identifier}[aa][bb]`"
                    )
                } else {
                    format!("keep one `{identifier}`")
                };
                Diagnostic::at(
                    whole.clone(),
                    format!(
                        "`{identifier}` is given twice in one node; an SGF node holds each property once"
                    ),
                )
                .with_help(help)
            });
            self.spans.values.truncate(first_value);
            return;
        }
        self.seen.insert(identifier.clone());
        if is_move {
            self.first_move = Some(whole.clone());
        }
        if self.main {
            let values = first_value..self.spans.values.len();
            self.spans.properties.push(PropertySpan {
                identifier,
                whole,
                values,
            });
        }
    }
}

/// Where a main-line node is: which game tree of the collection, and its place on that game's
/// main line.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct NodePlace {
    /// The game tree at the top level of the file, from 0.
    pub(super) game: usize,
    /// The node's place on its game's main line (0 for the root).
    pub(super) index: usize,
}

/// What the scan found besides the main lines' nodes.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Shape {
    /// The game trees at the top level of the file.
    pub(super) games: usize,
    /// The nodes of the first game's main line.
    pub(super) main_nodes: usize,
    /// The variations left off the main lines: every game tree inside a game that starts
    /// after its parent's first variation, so `(;B[aa](;W[bb])(;W[cc])(;W[dd]))` has two.
    pub(super) variations: usize,
}

/// Reads the structure of an SGF collection: every game tree, node, property and value is
/// checked, and each main-line node of every game is handed to `main_node` with its place as
/// soon as it ends (`main_node` may take its lists: the root's are kept). Within every node,
/// variations too, what FF[4] forbids is reported to `problems` and left out; the first error
/// in the structure ends the scan.
///
/// A game's main line is exactly its nodes written before its first `)`: each first variation
/// starts right after its parent's nodes, so `(;B[aa](;W[bb])(;W[cc]))` has the main line B aa,
/// W bb.
pub(super) fn scan<'t>(
    text: &'t str,
    problems: &mut Problems,
    mut main_node: impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
) -> Result<Shape, ScanError> {
    let bytes = text.as_bytes();
    let mut shape = Shape::default();
    let mut node = OpenNode::default();
    // Where each game tree still open starts.
    let mut open_trees: Vec<usize> = Vec::new();
    // Still before the current game's first `)`: nodes are on its main line.
    let mut main_line = true;
    // The main-line nodes of the current game so far.
    let mut game_nodes = 0;
    // After a `(`: a `;` must come next.
    let mut wants_node = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                if wants_node {
                    return Err(scan_error(
                        i..i + 1,
                        "a game tree starts inside a game tree with no node",
                        "each game tree starts with a node: `(;`",
                    ));
                }
                node.end(problems, &mut main_node);
                if open_trees.is_empty() {
                    shape.games += 1;
                    main_line = true;
                    game_nodes = 0;
                } else if !main_line {
                    shape.variations += 1;
                }
                open_trees.push(i);
                wants_node = true;
                i += 1;
            }
            b')' => {
                let Some(open) = open_trees.pop() else {
                    return Err(scan_error(
                        i..i + 1,
                        "this `)` closes no game tree",
                        SGF_SHAPE,
                    ));
                };
                if wants_node {
                    return Err(scan_error(
                        open..open + 1,
                        "this game tree has no node",
                        "each game tree starts with a node: `(;`",
                    ));
                }
                node.end(problems, &mut main_node);
                main_line = false;
                i += 1;
            }
            b';' => {
                if open_trees.is_empty() {
                    return Err(scan_error(
                        i..i + 1,
                        "this node is outside any game tree",
                        SGF_SHAPE,
                    ));
                }
                node.end(problems, &mut main_node);
                let place = NodePlace {
                    game: shape.games - 1,
                    index: game_nodes,
                };
                node.start(main_line, place);
                if main_line {
                    game_nodes += 1;
                    if shape.games == 1 {
                        shape.main_nodes += 1;
                    }
                }
                wants_node = false;
                i += 1;
            }
            b if b.is_ascii_whitespace() => i += 1,
            b if b.is_ascii_alphabetic() => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let raw = &text[start..i];
                if !node.open {
                    return Err(scan_error(
                        start..i,
                        format!("the property `{}` is outside any node", shown(raw)),
                        "properties follow the `;` that starts a node, e.g. `;B[cd]`",
                    ));
                }
                let first_value = node.spans.values.len();
                let mut end = i;
                loop {
                    let mut j = end;
                    while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if j >= bytes.len() || bytes[j] != b'[' {
                        break;
                    }
                    let open = j;
                    j += 1;
                    let mut escaped = false;
                    loop {
                        match bytes.get(j) {
                            None => {
                                return Err(scan_error(
                                    open..open + 1,
                                    "this value is never closed",
                                    "close each value with `]` (write `\\]` for a `]` inside a comment)",
                                ));
                            }
                            Some(b']') if !escaped => break,
                            Some(b'\\') if !escaped => escaped = true,
                            Some(_) => escaped = false,
                        }
                        j += 1;
                    }
                    if node.main {
                        node.spans.values.push(open + 1..j);
                    }
                    end = j + 1;
                }
                if end == i {
                    return Err(scan_error(
                        start..i,
                        format!("the property `{}` has no value", shown(raw)),
                        "write each value in brackets, e.g. `B[cd]`; a pass is `B[]`",
                    ));
                }
                node.add(text, raw, start..end, first_value, problems);
                i = end;
            }
            _ => {
                let c = text[i..].chars().next().unwrap_or_default();
                return Err(scan_error(
                    i..i + c.len_utf8(),
                    format!("`{}` is not part of an SGF record here", c.escape_debug()),
                    SGF_SHAPE,
                ));
            }
        }
    }
    if let Some(&open) = open_trees.last() {
        return Err(scan_error(
            open..open + 1,
            "this game tree is never closed",
            "close each game tree with `)`",
        ));
    }
    Ok(shape)
}

/// The first game's main-line nodes as the scan hands them over, and the problems it reports.
#[cfg(test)]
pub(super) fn main_line(text: &str) -> Result<(Vec<NodeSpans<'_>>, Vec<Diagnostic>), ScanError> {
    let mut problems = Problems::default();
    let mut nodes = Vec::new();
    scan(text, &mut problems, |place, node, _| {
        if place.game == 0 {
            assert_eq!(
                place.index,
                nodes.len(),
                "{text}: nodes handed over out of order"
            );
            nodes.push(node.clone());
        }
    })?;
    Ok((nodes, problems.list))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_finds_main_line_properties() {
        let text = "(;FF[4]SZ[5]AB[aa][bb];B[cc]\n(;W[dd])(;W[ee]))";
        let (nodes, problems) = main_line(text).unwrap();
        assert!(problems.is_empty());
        assert_eq!(nodes.len(), 3);
        let ab = &nodes[0].properties[2];
        assert_eq!(ab.identifier, "AB");
        assert_eq!(&text[ab.whole.clone()], "AB[aa][bb]");
        assert_eq!(&text[nodes[0].values(ab)[1].clone()], "bb");
        assert_eq!(&text[nodes[2].properties[0].whole.clone()], "W[dd]");
        assert_eq!(main_line("(;C[open").unwrap_err().span, 3..4);
        let (nodes, _) = main_line("(;FF[4]aDdBlack[aa])").unwrap();
        assert_eq!(nodes[0].properties[1].identifier, "DB");
    }

    #[test]
    fn every_game_hands_over_its_main_line_and_variations_are_counted() {
        let text = "(;SZ[5];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))(;SZ[7];B[ab](;W[ac])(;W[ad]))";
        let mut problems = Problems::default();
        let mut places = Vec::new();
        let shape = scan(text, &mut problems, |place, node, _| {
            places.push((place.game, place.index, node.properties[0].whole.clone()));
        })
        .unwrap();
        let written: Vec<_> = places
            .iter()
            .map(|(g, k, w)| (*g, *k, &text[w.clone()]))
            .collect();
        assert_eq!(
            written,
            [
                (0, 0, "SZ[5]"),
                (0, 1, "B[aa]"),
                (0, 2, "W[bb]"),
                (0, 3, "B[cc]"),
                (1, 0, "SZ[7]"),
                (1, 1, "B[ab]"),
                (1, 2, "W[ac]"),
            ]
        );
        assert_eq!(shape.games, 2);
        assert_eq!(shape.main_nodes, 4);
        // B dd, W ee in the first game; W ad in the second.
        assert_eq!(shape.variations, 3);
    }
}
