//! The structure scan: game trees, nodes, properties and their values' spans, checked against
//! FF[4] as they are met, with each main-line node handed over as soon as it ends.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

use super::problems::{Problems, SGF_SHAPE, shown};
use super::spans::{NodeSpans, PropertySpan};
use crate::diag::Diagnostic;

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

/// The FF[4] properties whose values are lists: given twice in one node, their values are read
/// as one list, as sgfmill and GNU Go read them.
const LISTS: &[&str] = &[
    "AB", "AE", "AR", "AW", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TB", "TR", "TW", "VW",
];

/// The root properties that change the game played: given twice in one node with different
/// values, no reader can know which holds, so the record is refused.
const CHANGE_THE_GAME: &[&str] = &["GM", "HA", "KM", "PL", "RU", "SZ"];

/// The node the scan is in: its properties while it is on the main line, and what it holds so
/// far for refusing what FF[4] forbids within one node.
#[derive(Debug, Default)]
struct OpenNode<'t> {
    /// After a `;` and before the node ends (`;`, `(` or `)`).
    open: bool,
    /// Handed over: its properties are kept and handed over when it ends (main-line nodes
    /// always, variations' nodes when the scan reads the whole tree).
    keep: bool,
    /// Its place: the game it is in and its place on that game's main line (0 for the root).
    place: NodePlace,
    spans: NodeSpans<'t>,
    /// Its identifiers so far, each with where its first values are written (from the first
    /// `[` to the last `]`); a map, so a node with very many properties is not quadratic.
    seen: HashMap<Cow<'t, str>, Range<usize>>,
    /// Where its move (`B` or `W`) is written, once it has one.
    first_move: Option<Range<usize>>,
}

impl<'t> OpenNode<'t> {
    /// Starts a node after a `;`.
    fn start(&mut self, keep: bool, place: NodePlace) {
        self.open = true;
        self.keep = keep;
        self.place = place;
        self.spans.properties.clear();
        self.spans.values.clear();
        self.seen.clear();
        // Clearing a set costs its capacity: one node with thousands of properties must not
        // make every later node pay for that.
        self.seen.shrink_to(16);
        self.first_move = None;
    }

    /// Ends the node, handing it to `main_node` when it is kept.
    fn end(
        &mut self,
        problems: &mut Problems,
        main_node: &mut impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
    ) {
        if std::mem::take(&mut self.open) && self.keep {
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
        let Some(identifier) = property_name(raw, &whole, problems) else {
            self.spans.values.truncate(first_value);
            return;
        };
        let is_move = matches!(&*identifier, "B" | "W");
        // The values as written, for telling a harmless repeat from a conflicting one.
        let written = &text[whole.start + raw.len()..whole.end];
        if is_move && let Some(first) = &self.first_move {
            if self
                .seen
                .get(&identifier)
                .is_some_and(|values| &text[values.clone()] == written)
            {
                problems.assume(&format!("move-twice:{identifier}"), whole.clone(), || {
                    format!(
                        "`{}` is written twice in one node; it is read as one move",
                        shown(&text[whole.clone()])
                    )
                });
                self.spans.values.truncate(first_value);
                return;
            }
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
        if let Some(first) = self.seen.get(&identifier) {
            let first_written = &text[first.clone()];
            let as_written = &text[whole.clone()];
            self.repeated(
                identifier,
                (as_written, first_written, written),
                whole,
                first_value,
                problems,
            );
            return;
        }
        self.seen
            .insert(identifier.clone(), whole.start + raw.len()..whole.end);
        if is_move {
            self.first_move = Some(whole.clone());
        }
        self.keep_property(identifier, whole, first_value);
    }

    /// Keeps property `identifier`, written at `whole`, with the values read since
    /// `first_value`, when the scan keeps properties at all.
    fn keep_property(&mut self, identifier: Cow<'t, str>, whole: Range<usize>, first_value: usize) {
        if self.keep {
            let values = first_value..self.spans.values.len();
            self.spans.properties.push(PropertySpan {
                identifier,
                whole,
                values,
            });
        }
    }

    /// A property `identifier` given again in its node (`as_written` with its values,
    /// `first_written` the first's values, `written` this one's): a list's values join the
    /// first's, as sgfmill and GNU Go read them; the same value again is read once; another
    /// value for a property that changes the game is refused; any other keeps the first.
    fn repeated(
        &mut self,
        identifier: Cow<'t, str>,
        (as_written, first_written, written): (&str, &str, &str),
        whole: Range<usize>,
        first_value: usize,
        problems: &mut Problems,
    ) {
        if LISTS.contains(&&*identifier) {
            // sgfmill and GNU Go read a repeated list as one list: so does this reader.
            problems.assume(&format!("merged:{identifier}"), whole.clone(), || {
                format!(
                    "`{identifier}` is given more than once in one node; its values are read as one list, as sgfmill and GNU Go read them"
                )
            });
            self.keep_property(identifier, whole, first_value);
            return;
        }
        if first_written == written {
            problems.assume(&format!("same:{identifier}"), whole.clone(), || {
                format!(
                    "`{}` is given twice in one node with the same value; it is read once",
                    shown(as_written)
                )
            });
        } else if CHANGE_THE_GAME.contains(&&*identifier) {
            problems.report(|| {
                Diagnostic::at(
                    whole.clone(),
                    format!(
                        "`{identifier}` is given twice in one node with different values, `{identifier}{}` and `{identifier}{}`; which one the game is played under is unclear",
                        shown(first_written),
                        shown(written),
                    ),
                )
                .with_help(format!("keep the right `{identifier}` and delete the other"))
            });
        } else {
            problems.assume(&format!("first:{identifier}"), whole.clone(), || {
                format!(
                    "`{identifier}` is given twice in one node; the first, `{identifier}{}`, is read and `{identifier}{}` is left out",
                    shown(first_written),
                    shown(written),
                )
            });
        }
        self.spans.values.truncate(first_value);
    }
}

/// Where a node is: which game tree of the collection, and its place in that game's tree.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct NodePlace {
    /// The game tree at the top level of the file, from 0.
    pub(super) game: usize,
    /// The node's depth, its place on its line from the root (0 for the root): on the main
    /// line, its place on the main line.
    pub(super) index: usize,
    /// Its number in its game, in the file's order (the root is 0).
    pub(super) id: usize,
    /// The number of the node it follows, `None` for the root.
    pub(super) parent: Option<usize>,
    /// Whether it is on the main line (written before the game's first `)`).
    pub(super) main: bool,
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
    main_node: impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
) -> Result<Shape, ScanError> {
    scan_nodes(text, problems, false, main_node)
}

/// Reads the structure as [`scan`] does, and hands over every node of every game's tree, the
/// variations' too, each with its place in the tree (`NodePlace::parent`), in the file's order.
pub(super) fn scan_tree<'t>(
    text: &'t str,
    problems: &mut Problems,
    node: impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
) -> Result<Shape, ScanError> {
    scan_nodes(text, problems, true, node)
}

fn scan_nodes<'t>(
    text: &'t str,
    problems: &mut Problems,
    whole_tree: bool,
    mut main_node: impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
) -> Result<Shape, ScanError> {
    let mut scanner = Scanner {
        text,
        whole_tree,
        next_id: 0,
        last: None,
        hung_from: Vec::new(),
        shape: Shape::default(),
        node: OpenNode::default(),
        open_trees: Vec::new(),
        main_line: true,
        game_nodes: 0,
        wants_node: false,
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    if let Some(start) = unopened_game(bytes) {
        // Fox and other web exports sometimes lose the file's first `(` (the file starts
        // `;GM[1]…`, or with the root's properties, and ends with `)`): the closing `)` says
        // where the game ends, so the file is read as that one game.
        problems.assume("no-open", start..start + 1, || {
            "the file starts with a node and no `(` but ends with the `)` that closes it: read as one game whose opening `(` was lost".to_string()
        });
        scanner.open_tree(start, problems, &mut main_node)?;
        if bytes[start] != b';' {
            // The root's `;` was lost with it.
            scanner.begin_node();
        }
        i = start;
    }
    while i < bytes.len() {
        // Outside every game tree, text that is not a game (a mail header, a web page's
        // leftovers, a stray `)`) is skipped up to the next game, as sgfmill and GNU Go skip
        // it; with no game anywhere after it, it is refused below as before.
        if scanner.open_trees.is_empty() && bytes[i] != b'(' && !bytes[i].is_ascii_whitespace() {
            let next = next_game(bytes, i);
            if next.is_some() || scanner.shape.games > 0 {
                let end = next.unwrap_or(bytes.len());
                let kind = if scanner.shape.games == 0 {
                    "junk-before"
                } else {
                    "junk-after"
                };
                problems.assume(kind, i..end, || {
                    let where_ = if scanner.shape.games == 0 {
                        "before the first game tree"
                    } else {
                        "after a game tree"
                    };
                    format!(
                        "`{}` {where_} is not SGF; it is skipped, as sgfmill and GNU Go skip it",
                        shown(text[i..end].trim_end())
                    )
                });
                i = end;
                continue;
            }
        }
        i = match bytes[i] {
            b'(' => scanner.open_tree(i, problems, &mut main_node)?,
            b')' => scanner.close_tree(i, problems, &mut main_node)?,
            b';' => scanner.start_node(i, problems, &mut main_node)?,
            b if b.is_ascii_whitespace() => i + 1,
            b if b.is_ascii_alphabetic() => scanner.property(i, problems)?,
            _ => {
                let c = text[i..].chars().next().unwrap_or_default();
                return Err(scan_error(
                    i..i + c.len_utf8(),
                    format!("`{}` is not part of an SGF record here", c.escape_debug()),
                    SGF_SHAPE,
                ));
            }
        };
    }
    if let Some(&open) = scanner.open_trees.last() {
        return Err(scan_error(
            open..open + 1,
            "this game tree is never closed",
            "close each game tree with `)`",
        ));
    }
    Ok(scanner.shape)
}

/// Where the scan is in the text's structure. Each step reads one piece starting at a byte
/// and gives the byte after it.
struct Scanner<'t> {
    text: &'t str,
    /// Variations' nodes are handed over too.
    whole_tree: bool,
    /// The number the current game's next node gets.
    next_id: usize,
    /// The last node started in the current sequence (its number and depth): the next node
    /// follows it.
    last: Option<(usize, usize)>,
    /// For each game tree still open, the node it hangs from (`None` for a game).
    hung_from: Vec<Option<(usize, usize)>>,
    shape: Shape,
    node: OpenNode<'t>,
    /// Where each game tree still open starts.
    open_trees: Vec<usize>,
    /// Still before the current game's first `)`: nodes are on its main line.
    main_line: bool,
    /// The main-line nodes of the current game so far.
    game_nodes: usize,
    /// After a `(`: a `;` must come next.
    wants_node: bool,
}

impl<'t> Scanner<'t> {
    /// A `(` at `i`: a game, or a variation inside one.
    fn open_tree(
        &mut self,
        i: usize,
        problems: &mut Problems,
        main_node: &mut impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
    ) -> Result<usize, ScanError> {
        if self.wants_node {
            return Err(scan_error(
                i..i + 1,
                "a game tree starts inside a game tree with no node",
                "each game tree starts with a node: `(;`",
            ));
        }
        self.node.end(problems, main_node);
        if self.open_trees.is_empty() {
            self.shape.games += 1;
            self.main_line = true;
            self.game_nodes = 0;
            self.next_id = 0;
            self.last = None;
        } else if !self.main_line {
            self.shape.variations += 1;
        }
        self.open_trees.push(i);
        self.hung_from.push(self.last);
        self.wants_node = true;
        Ok(i + 1)
    }

    /// A `)` at `i`: the end of the innermost game tree, and of the main line if it is on it.
    fn close_tree(
        &mut self,
        i: usize,
        problems: &mut Problems,
        main_node: &mut impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
    ) -> Result<usize, ScanError> {
        let Some(open) = self.open_trees.pop() else {
            return Err(scan_error(
                i..i + 1,
                "this `)` closes no game tree",
                SGF_SHAPE,
            ));
        };
        if self.wants_node {
            return Err(scan_error(
                open..open + 1,
                "this game tree has no node",
                "each game tree starts with a node: `(;`",
            ));
        }
        self.node.end(problems, main_node);
        self.main_line = false;
        // A sibling written next hangs from the same node.
        self.last = self.hung_from.pop().flatten();
        Ok(i + 1)
    }

    /// A `;` at `i`: the node before it ends and a new one starts.
    fn start_node(
        &mut self,
        i: usize,
        problems: &mut Problems,
        main_node: &mut impl FnMut(NodePlace, &mut NodeSpans<'t>, &mut Problems),
    ) -> Result<usize, ScanError> {
        if self.open_trees.is_empty() {
            return Err(scan_error(
                i..i + 1,
                "this node is outside any game tree",
                SGF_SHAPE,
            ));
        }
        self.node.end(problems, main_node);
        self.begin_node();
        Ok(i + 1)
    }

    /// Opens a node in the innermost game tree (the one before it has been ended).
    fn begin_node(&mut self) {
        let parent = self.last;
        let index = parent.map_or(0, |(_, depth)| depth + 1);
        let place = NodePlace {
            game: self.shape.games - 1,
            index,
            id: self.next_id,
            parent: parent.map(|(id, _)| id),
            main: self.main_line,
        };
        self.last = Some((self.next_id, index));
        self.next_id += 1;
        self.node.start(self.main_line || self.whole_tree, place);
        if self.main_line {
            self.game_nodes += 1;
            if self.shape.games == 1 {
                self.shape.main_nodes += 1;
            }
        }
        self.wants_node = false;
    }

    /// A property starting at `start`: its name and every value after it, added to the node.
    fn property(&mut self, start: usize, problems: &mut Problems) -> Result<usize, ScanError> {
        let bytes = self.text.as_bytes();
        let mut i = start;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let raw = &self.text[start..i];
        if !self.node.open && self.wants_node {
            // `(FF[3]SZ[19];B[pd]…`: some FF[3] writers left out the first node's `;`. Every
            // mainstream reader takes the properties for that node.
            problems.assume("no-semicolon", start..i, || {
                "a game tree starts with a property and no `;` (as some FF[3] files were written); read as a node of its own".to_string()
            });
            self.begin_node();
        }
        if !self.node.open {
            return Err(scan_error(
                start..i,
                format!("the property `{}` is outside any node", shown(raw)),
                "properties follow the `;` that starts a node, e.g. `;B[cd]`",
            ));
        }
        let first_value = self.node.spans.values.len();
        let mut end = i;
        while let Some(open) = value_start(bytes, end) {
            let close = value_end(bytes, open)?;
            if self.node.keep {
                self.node.spans.values.push(open + 1..close);
            }
            end = close + 1;
        }
        if end == i {
            return Err(scan_error(
                start..i,
                format!("the property `{}` has no value", shown(raw)),
                "write each value in brackets, e.g. `B[cd]`; a pass is `B[]`",
            ));
        }
        self.node
            .add(self.text, raw, start..end, first_value, problems);
        Ok(end)
    }
}

/// Where a game that lost its opening `(` starts: the file's first byte that is not white
/// space, when a property (capitals and a `[`) starts there or after a `;`, and the file's last
/// such byte is a `)`; `None` for any other file.
fn unopened_game(bytes: &[u8]) -> Option<usize> {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    let last = bytes.iter().rposition(|b| !b.is_ascii_whitespace())?;
    if bytes[last] != b')' || last == start {
        return None;
    }
    // A node's first property must follow: capitals and a `[` (so a stray `;` before a mail
    // header is still skipped as text before the game).
    let mut at = start + usize::from(bytes[start] == b';');
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    let name = bytes[at..]
        .iter()
        .take_while(|b| b.is_ascii_uppercase())
        .count();
    (name > 0 && value_start(bytes, at + name).is_some()).then_some(start)
}

/// Where the next game tree starts from `from` on: a `(` followed, past whitespace, by the `;`
/// of its first node (or, as some FF[3] files wrote it, by a capital letter).
fn next_game(bytes: &[u8], from: usize) -> Option<usize> {
    (from..bytes.len()).find(|&j| {
        bytes[j] == b'('
            && bytes[j + 1..]
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b';' || b.is_ascii_uppercase())
    })
}

/// Where the next value's `[` is, from `from` on past whitespace, if a value comes next.
fn value_start(bytes: &[u8], from: usize) -> Option<usize> {
    let mut j = from;
    while j < bytes.len() && bytes[j].is_ascii_whitespace() {
        j += 1;
    }
    (bytes.get(j) == Some(&b'[')).then_some(j)
}

/// Where the `]` that closes the value opened at `open` is (a `\]` is part of the value).
fn value_end(bytes: &[u8], open: usize) -> Result<usize, ScanError> {
    let mut j = open + 1;
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
            Some(b']') if !escaped => return Ok(j),
            Some(b'\\') if !escaped => escaped = true,
            Some(_) => escaped = false,
        }
        j += 1;
    }
}

/// The first game's main-line nodes as the scan hands them over, and the problems it reports.
/// The property's name as it means: `raw` itself in FF[4] capitals, or an FF[3] name's
/// capitals; `None`, with a problem at `whole`, when it has no capital.
fn property_name<'t>(
    raw: &'t str,
    whole: &Range<usize>,
    problems: &mut Problems,
) -> Option<Cow<'t, str>> {
    // FF[4] names are capital letters only. FF[3] allowed lower-case letters around the
    // capitals, which name the property alone (`AddBlack` is `AB`), so a name with at least
    // one capital keeps its capitals. A name with none (`b`, `sz`) named nothing in either
    // version and would otherwise vanish without a word, so it is refused.
    if raw.bytes().all(|c| c.is_ascii_uppercase()) {
        Some(Cow::Borrowed(raw))
    } else if raw.bytes().any(|c| c.is_ascii_uppercase()) {
        Some(Cow::Owned(
            raw.chars().filter(char::is_ascii_uppercase).collect(),
        ))
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
        None
    }
}

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

    #[test]
    fn the_whole_tree_is_handed_over_with_each_node_s_parent() {
        let text = "(;SZ[5];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))(;SZ[7](;B[ab])(;B[ac]))";
        let mut problems = Problems::default();
        let mut places = Vec::new();
        scan_tree(text, &mut problems, |place, node, _| {
            let first = &text[node.properties[0].whole.clone()];
            places.push((
                place.game,
                place.id,
                place.parent,
                place.index,
                place.main,
                first,
            ));
        })
        .unwrap();
        assert!(problems.is_empty());
        assert_eq!(
            places,
            [
                (0, 0, None, 0, true, "SZ[5]"),
                (0, 1, Some(0), 1, true, "B[aa]"),
                (0, 2, Some(1), 2, true, "W[bb]"),
                (0, 3, Some(2), 3, true, "B[cc]"),
                (0, 4, Some(2), 3, false, "B[dd]"),
                (0, 5, Some(1), 2, false, "W[ee]"),
                (1, 0, None, 0, true, "SZ[7]"),
                (1, 1, Some(0), 1, true, "B[ab]"),
                (1, 2, Some(0), 1, false, "B[ac]"),
            ]
        );
        // The main line alone, as before.
        let mut main = 0;
        scan(text, &mut problems, |place, _, _| {
            assert!(place.main);
            main += 1;
        })
        .unwrap();
        assert_eq!(main, 6);
    }
}
