//! SGF (FF[4]) game records: `SZ`, `KM`, root setup `AB`/`AW`/`PL` and the main line's `B`/`W`
//! moves, read in one pass over the text that keeps where each property is for diagnostics.
//!
//! The pass hands each main-line node over as soon as it ends and then reuses its lists, so
//! reading costs memory for the largest node and the moves found, not for every property of a
//! long game.

use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

use super::{Record, RuleOverrides, chain_without_liberty, no_liberty_message};
use crate::diag::{Diagnostic, SHOWN_LIMIT};
use crate::rules::{Board, BoardSize, Color, KoRule, Move, Point, Rules, Scoring};

/// One property as written: its identifier, its whole span and where its values' spans are in
/// its node's [`NodeSpans::values`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct PropertySpan<'t> {
    /// Borrowed from the text unless an FF[3] mixed-case identifier had to be converted.
    identifier: Cow<'t, str>,
    whole: Range<usize>,
    values: Range<usize>,
}

/// The properties of one node and where each of their values is written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct NodeSpans<'t> {
    properties: Vec<PropertySpan<'t>>,
    /// Every value's span (inside the brackets, escapes still written), property after property.
    values: Vec<Range<usize>>,
}

impl<'t> NodeSpans<'t> {
    /// The property `identifier`, when the node has it (at most once: the scan refuses a second).
    fn find(&self, identifier: &str) -> Option<&PropertySpan<'t>> {
        self.properties.iter().find(|p| p.identifier == identifier)
    }

    /// The spans of a property's values.
    fn values(&self, property: &PropertySpan<'_>) -> &[Range<usize>] {
        &self.values[property.values.clone()]
    }

    /// A property's values as they mean (escapes read).
    fn decoded<'s>(&self, source: &'s str, property: &PropertySpan<'_>) -> Vec<Cow<'s, str>> {
        self.values(property)
            .iter()
            .map(|s| decode(&source[s.clone()]))
            .collect()
    }

    /// The span of `property`'s value naming the point `xy`: the value written as that point,
    /// else the first rectangle holding it, else the whole property (a narrow place reads
    /// better than a list of a thousand values).
    fn span_of(&self, source: &str, property: &PropertySpan<'_>, xy: (u8, u8)) -> Range<usize> {
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

/// The problems found so far.
///
/// Only the first [`SHOWN_LIMIT`] are printed; the rest are counted in one line. So past that
/// many a problem is kept as a bare entry with no words, and its words are never worked out: a
/// file of a million bad moves then costs one small entry per problem, not two sentences each.
#[derive(Debug, Default)]
struct Problems {
    list: Vec<Diagnostic>,
}

impl Problems {
    /// Records a problem; `make` is called only when the problem will be printed.
    fn report(&mut self, make: impl FnOnce() -> Diagnostic) {
        let d = if self.list.len() < SHOWN_LIMIT {
            make()
        } else {
            Diagnostic::whole_file(String::new())
        };
        self.list.push(d);
    }

    fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// Why the text is not an SGF collection, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ScanError {
    span: Range<usize>,
    message: String,
    help: &'static str,
}

/// What an SGF record looks like, for help on malformed structure.
const SGF_SHAPE: &str = "an SGF record looks like `(;FF[4]SZ[5];B[cc];W[dc])`";

fn scan_error(span: Range<usize>, message: impl Into<String>, help: &'static str) -> ScanError {
    ScanError {
        span,
        message: message.into(),
        help,
    }
}

/// `written` for a message: as it is when short, else its start and `…`, so one enormous value
/// neither fills the screen nor is copied whole into a message.
fn shown(written: &str) -> Cow<'_, str> {
    const LONGEST: usize = 32;
    match written.char_indices().nth(LONGEST) {
        None => Cow::Borrowed(written),
        Some((cut, _)) => Cow::Owned(format!("{}…", &written[..cut])),
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
    /// Its place on the main line (0 for the root).
    index: usize,
    spans: NodeSpans<'t>,
    /// Its identifiers so far; a set, so a node with very many properties is not quadratic.
    seen: HashSet<Cow<'t, str>>,
    /// Where its move (`B` or `W`) is written, once it has one.
    first_move: Option<Range<usize>>,
}

impl<'t> OpenNode<'t> {
    /// Starts a node after a `;`.
    fn start(&mut self, main: bool, index: usize) {
        self.open = true;
        self.main = main;
        self.index = index;
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
        main_node: &mut impl FnMut(usize, &mut NodeSpans<'t>, &mut Problems),
    ) {
        if std::mem::take(&mut self.open) && self.main {
            main_node(self.index, &mut self.spans, problems);
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

/// What the scan found besides the main line's nodes.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Shape {
    /// The game trees at the top level of the file.
    games: usize,
    /// The nodes of the main line.
    main_nodes: usize,
}

/// Reads the structure of an SGF collection: every game tree, node, property and value is
/// checked, and each main-line node is handed to `main_node` with its place on the line as soon
/// as it ends (`main_node` may take its lists: the root's are kept). Within every node,
/// variations too, what FF[4] forbids is reported to `problems` and left out; the first error
/// in the structure ends the scan.
///
/// The main line is exactly the nodes written before the first `)`: each first variation starts
/// right after its parent's nodes, so `(;B[aa](;W[bb])(;W[cc]))` has the main line B aa, W bb.
fn scan<'t>(
    text: &'t str,
    problems: &mut Problems,
    mut main_node: impl FnMut(usize, &mut NodeSpans<'t>, &mut Problems),
) -> Result<Shape, ScanError> {
    let bytes = text.as_bytes();
    let mut shape = Shape::default();
    let mut node = OpenNode::default();
    // Where each game tree still open starts.
    let mut open_trees: Vec<usize> = Vec::new();
    // Still before the first `)`: nodes are on the main line.
    let mut main_line = true;
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
                node.start(main_line, shape.main_nodes);
                if main_line {
                    shape.main_nodes += 1;
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

/// A value as it means: `\` escapes the next character, and `\` before a line break removes
/// both (a soft line break).
fn decode(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(first @ ('\n' | '\r')) => {
                let pair = if first == '\n' { '\r' } else { '\n' };
                if chars.peek() == Some(&pair) {
                    chars.next();
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    Cow::Owned(out)
}

/// An SGF point `xy`, each letter `a`..`z` (0..25) or `A`..`Z` (26..51).
fn parse_point(s: &str) -> Option<(u8, u8)> {
    let letter = |c: u8| match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    };
    match s.as_bytes() {
        &[x, y] => Some((letter(x)?, letter(y)?)),
        _ => None,
    }
}

/// A list of points, each value a point or a rectangle `ul:lr`; sorted, each point once. `None`
/// when a value is not a point or a rectangle, or the list is empty.
fn parse_points(values: &[Cow<'_, str>]) -> Option<Vec<(u8, u8)>> {
    // A bit per point, a word per column (52 rows fit in 64 bits): a rectangle is at most 52
    // ORs and a point written again costs nothing, so the list never outgrows the 52x52 points
    // SGF can name, however many rectangles are written.
    let mut columns = [0u64; 52];
    for value in values {
        let (ul, lr) = match value.split_once(':') {
            Some((ul, lr)) => (parse_point(ul)?, parse_point(lr)?),
            None => {
                let p = parse_point(value)?;
                (p, p)
            }
        };
        if ul.0 > lr.0 || ul.1 > lr.1 {
            return None;
        }
        let rows = (u64::MAX >> (63 - lr.1)) & (u64::MAX << ul.1);
        for column in &mut columns[usize::from(ul.0)..=usize::from(lr.0)] {
            *column |= rows;
        }
    }
    let points: Vec<(u8, u8)> = (0u8..52)
        .flat_map(|x| {
            let column = columns[usize::from(x)];
            (0u8..52)
                .filter(move |&y| (column >> y) & 1 == 1)
                .map(move |y| (x, y))
        })
        .collect();
    (!points.is_empty()).then_some(points)
}

/// A single value, or `None` when there are more or fewer.
fn single<'v>(values: &'v [Cow<'_, str>]) -> Option<&'v str> {
    match values {
        [v] => Some(v),
        _ => None,
    }
}

/// `SZ`: `N` or `W:H`.
fn parse_size(values: &[Cow<'_, str>]) -> Option<(u8, u8)> {
    let v = single(values)?;
    match v.split_once(':') {
        Some((w, h)) => Some((w.parse().ok()?, h.parse().ok()?)),
        None => {
            let n = v.parse().ok()?;
            Some((n, n))
        }
    }
}

/// `PL`: `B` or `W`.
fn parse_color(values: &[Cow<'_, str>]) -> Option<Color> {
    match single(values)? {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        _ => None,
    }
}

/// `B` or `W` (its one value as written): `None` for a pass (`[]`), else the point; the outer
/// `None` when malformed.
fn parse_move(raw: &str) -> Option<Option<(u8, u8)>> {
    match &*decode(raw) {
        "" => Some(None),
        v => parse_point(v).map(Some),
    }
}

/// Reports `p` of `node` as not a valid property of its kind.
fn invalid(source: &str, node: &NodeSpans<'_>, p: &PropertySpan<'_>, problems: &mut Problems) {
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

/// The SGF coordinates of a point on a board of `n` lines (`aa`, (0, 0), is the top left).
fn sgf_xy(p: Point, n: u8) -> (u8, u8) {
    (p.col, n - 1 - p.row)
}

/// The SGF name of a point on a board of `n` lines.
fn sgf_name(p: Point, n: u8) -> String {
    let (x, y) = sgf_xy(p, n);
    format!("{}{}", sgf_letter(x), sgf_letter(y))
}

/// The SGF letter for a 0-based coordinate (`a`..`z`, then `A`..`Z`).
fn sgf_letter(v: u8) -> char {
    if v < 26 {
        char::from(b'a' + v)
    } else {
        char::from(b'A' + (v - 26).min(25))
    }
}

/// Converts an SGF point written in `prop` of `node`; an off-board point is a malformed record
/// (no editor writes one).
fn on_board(
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

/// What the root sets: the board, the rules and the setup position.
#[derive(Debug)]
struct Start {
    size: BoardSize,
    rules: Rules,
    setup: Board,
}

/// The main line read so far, node by node as the scan hands them over.
struct MainLine<'t> {
    source: &'t str,
    overrides: RuleOverrides,
    /// The first node, kept for diagnostics pointing into it once the scan is over.
    root: NodeSpans<'t>,
    /// `None` before the root is read, and when it cannot be (not a game of Go, no usable
    /// size): later nodes are then left to the scan's checks.
    start: Option<Start>,
    to_play: Option<Color>,
    /// Kept only while no problem is found: a malformed record is refused, never refereed.
    moves: Vec<(Option<Color>, Move, Range<usize>)>,
}

impl<'t> MainLine<'t> {
    fn new(source: &'t str, overrides: &RuleOverrides) -> Self {
        MainLine {
            source,
            overrides: *overrides,
            root: NodeSpans::default(),
            start: None,
            to_play: None,
            moves: Vec::new(),
        }
    }

    /// Reads main-line node `k`.
    fn node(&mut self, k: usize, node: &mut NodeSpans<'t>, problems: &mut Problems) {
        let node = if k == 0 {
            // Taken, not copied: a root can be most of the file.
            self.root = std::mem::take(node);
            self.start = read_root(self.source, &self.root, &self.overrides, problems);
            &self.root
        } else {
            node
        };
        let source = self.source;
        let Some(start) = &mut self.start else {
            return;
        };
        let size = start.size;
        for prop in &node.properties {
            let id = &*prop.identifier;
            match id {
                "B" | "W" => {
                    let color = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    // One value, read without collecting: a long game is mostly moves.
                    let parsed = match node.values(prop) {
                        [raw] => parse_move(&source[raw.clone()]),
                        _ => None,
                    };
                    let mv = match parsed {
                        Some(None) => Some(Move::Pass),
                        Some(Some((19, 19))) if size.get() <= 19 => Some(Move::Pass),
                        Some(Some(p)) => {
                            on_board(p, size, source, node, prop, problems).map(Move::Play)
                        }
                        None => {
                            invalid(source, node, prop, problems);
                            None
                        }
                    };
                    if let Some(mv) = mv
                        && problems.is_empty()
                    {
                        self.moves.push((Some(color), mv, prop.whole.clone()));
                    }
                }
                "AB" | "AW" if k == 0 => {
                    let color = if id == "AB" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let Some(points) = parse_points(&node.decoded(source, prop)) else {
                        invalid(source, node, prop, problems);
                        continue;
                    };
                    for p in points {
                        let Some(p) = on_board(p, size, source, node, prop, problems) else {
                            continue;
                        };
                        if let Some(other) = start.setup.stone(p) {
                            problems.report(|| {
                                let name = sgf_name(p, size.get());
                                Diagnostic::at(
                                    node.span_of(source, prop, sgf_xy(p, size.get())),
                                    format!("`{name}` ({p}) is set up as {other} and as {color}"),
                                )
                                .with_help("a point holds one stone; remove one")
                            });
                        } else {
                            start.setup.place_unchecked(p, color);
                        }
                    }
                }
                "PL" if k == 0 => match parse_color(&node.decoded(source, prop)) {
                    Some(c) => self.to_play = Some(c),
                    None => invalid(source, node, prop, problems),
                },
                "AB" | "AW" | "AE" | "PL" => {
                    let values = node.decoded(source, prop);
                    let valid = if id == "PL" {
                        parse_color(&values).is_some()
                    } else {
                        parse_points(&values).is_some()
                    };
                    if !valid {
                        invalid(source, node, prop, problems);
                        continue;
                    }
                    problems.report(|| {
                        let message = if id == "AE" {
                            "`AE` (removing stones) is not supported".to_string()
                        } else {
                            format!("`{id}` after the first node is not supported")
                        };
                        Diagnostic::at(prop.whole.clone(), message).with_help(
                            "replay reads setup stones (`AB`, `AW`, `PL`) from the first node only",
                        )
                    });
                }
                // The root's are read first; elsewhere they only need to be well formed.
                "SZ" | "KM" if k > 0 => {
                    let values = node.decoded(source, prop);
                    let valid = if id == "SZ" {
                        parse_size(&values).is_some()
                    } else {
                        single(&values).is_some_and(|v| v.parse::<f64>().is_ok())
                    };
                    if !valid {
                        invalid(source, node, prop, problems);
                    }
                }
                _ => {}
            }
        }
        if !problems.is_empty() && self.moves.capacity() > 0 {
            self.moves = Vec::new();
        }
    }

    /// The record once the scan is over, or every problem found.
    fn finish(self, mut problems: Problems) -> Result<Record, Vec<Diagnostic>> {
        let Some(Start { size, rules, setup }) = self.start else {
            // The root was refused, and always with a reason; this is only a safety net.
            if problems.is_empty() {
                problems.report(|| Diagnostic::at(0..0, "no game found").with_help(SGF_SHAPE));
            }
            return Err(problems.list);
        };
        if let Some((color, stones, first)) = chain_without_liberty(&setup) {
            let id = match color {
                Color::Black => "AB",
                Color::White => "AW",
            };
            let root = &self.root;
            let source = self.source;
            problems.report(|| {
                let message = no_liberty_message(color, &stones);
                let d = match root.find(id) {
                    Some(p) => {
                        Diagnostic::at(root.span_of(source, p, sgf_xy(first, size.get())), message)
                    }
                    None => Diagnostic::whole_file(message),
                };
                d.with_help(
                    "a position on the board always leaves every chain a liberty; check the setup",
                )
            });
        }
        if !problems.is_empty() {
            return Err(problems.list);
        }
        let to_play = self
            .to_play
            .or_else(|| self.moves.first().and_then(|m| m.0))
            .unwrap_or(Color::Black);
        Ok(Record {
            size,
            rules,
            setup,
            to_play,
            moves: self.moves,
            dead: Vec::new(),
        })
    }
}

/// Reads the root's `GM`, `SZ` and `KM` into the board size and rules; `None` (with the
/// problems reported) when the record is not a game of Go or has no usable size.
fn read_root(
    source: &str,
    root: &NodeSpans<'_>,
    overrides: &RuleOverrides,
    problems: &mut Problems,
) -> Option<Start> {
    if let Some(gm) = root.find("GM")
        && single(&root.decoded(source, gm)) != Some("1")
    {
        problems.report(|| {
            Diagnostic::at(gm.whole.clone(), "the record is not a game of Go")
                .with_help("replay reads Go records: `GM[1]` or no `GM` at all")
        });
        return None;
    }
    let size = read_size(source, root, problems);
    let mut komi = None;
    if let Some(prop) = root.find("KM") {
        let values = root.decoded(source, prop);
        match single(&values).and_then(|v| v.parse::<f64>().ok()) {
            Some(k) if k.is_finite() && k.abs() <= 1000.0 => komi = Some(k),
            Some(k) => problems.report(|| {
                Diagnostic::at(
                    prop.whole.clone(),
                    format!("komi {k} is not a usable number"),
                )
                .with_help("write komi like `KM[7.5]`")
            }),
            None => invalid(source, root, prop, problems),
        }
    }
    let mut rules = overrides.apply(Rules {
        ko: KoRule::Positional,
        end_passes: Some(2),
        max_stones: None,
        capture_target: None,
        scoring: Scoring::Captures,
        komi: komi.unwrap_or(0.0),
    });
    // `KM` is Go komi for counting the board; a capture count takes komi from `--komi` only.
    if rules.scoring == Scoring::Captures && overrides.komi.is_none() {
        rules.komi = 0.0;
    }
    let size = size?;
    Some(Start {
        size,
        rules,
        setup: Board::new(size),
    })
}

/// Reads an SGF record; rules are positional superko, two passes end the game, captures
/// scoring and `KM` as komi (for area and territory scoring only), each replaced by a
/// command-line flag when one is given.
pub(super) fn load(source: &str, overrides: &RuleOverrides) -> Result<Record, Vec<Diagnostic>> {
    let mut problems = Problems::default();
    let mut main_line = MainLine::new(source, overrides);
    let shape = match scan(source, &mut problems, |k, node, problems| {
        main_line.node(k, node, problems);
    }) {
        Ok(shape) => shape,
        // The structure is broken: what was found before the break is not worth reading.
        Err(e) => {
            return Err(vec![Diagnostic::at(e.span, e.message).with_help(e.help)]);
        }
    };
    if shape.games == 0 || shape.main_nodes == 0 {
        return Err(vec![
            // Pointed at the start, so even an empty file's message reads `path:1:1`.
            Diagnostic::at(0..0, "no game found").with_help(SGF_SHAPE),
        ]);
    }
    if shape.games > 1 {
        return Err(vec![
            Diagnostic::whole_file(format!(
                "the file holds {} games; replay reads one",
                shape.games
            ))
            .with_help("save each game in its own file"),
        ]);
    }
    main_line.finish(problems)
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

/// The board size from the root's `SZ` (19 when absent, as FF[4] says).
fn read_size(source: &str, root: &NodeSpans<'_>, problems: &mut Problems) -> Option<BoardSize> {
    let Some(prop) = root.find("SZ") else {
        return BoardSize::new(19).ok();
    };
    match parse_size(&root.decoded(source, prop)) {
        None => {
            invalid(source, root, prop, problems);
            None
        }
        Some((w, h)) if w != h => {
            problems.report(|| {
                Diagnostic::at(
                    prop.whole.clone(),
                    format!("the board is {w}x{h}, not square"),
                )
                .with_help("replay reads square boards, e.g. `SZ[9]`")
            });
            None
        }
        Some((w, _)) => match BoardSize::new(u32::from(w)) {
            Ok(s) => Some(s),
            Err(e) => {
                problems.report(|| {
                    Diagnostic::at(prop.whole.clone(), e.to_string())
                        .with_help("write e.g. `SZ[9]`")
                });
                None
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;

    /// The main line's nodes as the scan hands them over, and the problems it reports.
    fn main_line(text: &str) -> Result<(Vec<NodeSpans<'_>>, Vec<Diagnostic>), ScanError> {
        let mut problems = Problems::default();
        let mut nodes = Vec::new();
        scan(text, &mut problems, |k, node, _| {
            assert_eq!(k, nodes.len(), "{text}: nodes handed over out of order");
            nodes.push(node.clone());
        })?;
        Ok((nodes, problems.list))
    }

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
    fn reads_size_setup_moves_and_passes() {
        let text = "(;FF[4]SZ[5]KM[0.5]AW[cc]AB[bc][cd][dc];B[cb];W[];B[tt])";
        let area = RuleOverrides {
            scoring: Some(Scoring::Area),
            ..RuleOverrides::default()
        };
        let record = load(text, &area).unwrap();
        assert_eq!(record.size.get(), 5);
        assert_eq!(record.rules.komi, 0.5);
        assert_eq!(record.rules.end_passes, Some(2));
        assert_eq!(record.setup.stone(Point::new(2, 2)), Some(Color::White));
        assert_eq!(record.setup.stones(Color::Black).len(), 3);
        let moves: Vec<_> = record.moves.iter().map(|m| (m.0, m.1)).collect();
        assert_eq!(
            moves,
            [
                (Some(Color::Black), Move::Play(Point::new(2, 3))),
                (Some(Color::White), Move::Pass),
                (Some(Color::Black), Move::Pass),
            ]
        );
        assert_eq!(&text[record.moves[0].2.clone()], "B[cb]");
    }

    #[test]
    fn km_counts_only_for_board_scoring_unless_komi_is_given() {
        let text = "(;SZ[5]KM[6.5];B[cc])";
        let plain = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(plain.rules.scoring, Scoring::Captures);
        assert_eq!(plain.rules.komi, 0.0);
        let given = RuleOverrides {
            komi: Some(1.0),
            ..RuleOverrides::default()
        };
        assert_eq!(load(text, &given).unwrap().rules.komi, 1.0);
    }

    #[test]
    fn off_board_points_point_at_the_property() {
        let text = "(;SZ[5];B[cc];W[fa])";
        let errs = load(text, &RuleOverrides::default()).unwrap_err();
        assert_eq!(errs[0].message, "`W[fa]` is off the 5x5 board");
        assert_eq!(&text[errs[0].span.clone().unwrap()], "fa");
    }

    /// The moves of `text` as (colour, move).
    fn moves_of(text: &str) -> Vec<(Option<Color>, Move)> {
        let record = load(text, &RuleOverrides::default()).unwrap();
        record.moves.iter().map(|m| (m.0, m.1)).collect()
    }

    fn first_error(text: &str) -> Diagnostic {
        let errs = load(text, &RuleOverrides::default()).unwrap_err();
        assert!(!errs.is_empty(), "{text}: an error with no diagnostic");
        errs[0].clone()
    }

    #[test]
    fn variations_follow_the_first_at_each_branch() {
        let b = |c, r| (Some(Color::Black), Move::Play(Point::new(c, r)));
        let w = |c, r| (Some(Color::White), Move::Play(Point::new(c, r)));
        // aa is A19, bb B18, cc C17.
        assert_eq!(moves_of("(;B[aa](;W[bb])(;W[cc]))"), [b(0, 18), w(1, 17)]);
        assert_eq!(
            moves_of("(;B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee];B[ff]))"),
            [b(0, 18), w(1, 17), b(2, 16)]
        );
        // A later variation must still be well formed.
        assert_eq!(
            first_error("(;B[aa](;W[bb])(;W[cc])").message,
            "this game tree is never closed"
        );
    }

    #[test]
    fn comments_with_escapes_and_brackets_are_skipped() {
        let text = "(;FF[4]SZ[5]C[a \\] b ; ( ) \\\\]GN[x\\\ny]PB[Ann]DT[2024-01-01]\n;B[cc]C[)(;]\n;W[dd])";
        let record = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(record.moves.len(), 2);
        assert_eq!(&text[record.moves[1].2.clone()], "W[dd]");
        let (nodes, _) = main_line(text).unwrap();
        let c = &nodes[0].properties[2];
        assert_eq!(
            decode(&text[nodes[0].values(c)[0].clone()]),
            "a ] b ; ( ) \\"
        );
        let gn = &nodes[0].properties[3];
        assert_eq!(decode(&text[nodes[0].values(gn)[0].clone()]), "xy");
        assert_eq!(decode("a\\\r\nb\\\n\rc\\\rd\\e"), "abcde");
    }

    #[test]
    fn compressed_point_lists_are_rectangles() {
        let text = "(;SZ[5]AB[aa:bc][ba]AW[ee];B[dd])";
        let record = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(record.setup.stones(Color::Black).len(), 6);
        assert_eq!(record.setup.stone(Point::new(1, 2)), Some(Color::Black));
        assert_eq!(record.setup.stone(Point::new(2, 2)), None);
        let bad = first_error("(;SZ[5]AB[cc:aa];B[dd])");
        assert_eq!(bad.message, "`AB[cc:aa]` is not a valid `AB` property");
        let text = "(;SZ[5]AB[aa][dd:ff];B[aa])";
        let off = first_error(text);
        assert_eq!(off.message, "`AB[df]` is off the 5x5 board");
        assert_eq!(&text[off.span.unwrap()], "dd:ff");
        let text = "(;SZ[5]AB[aa:bb]AW[cc][bb];B[dd])";
        let both = first_error(text);
        assert_eq!(both.message, "`bb` (B4) is set up as black and as white");
        assert_eq!(&text[both.span.unwrap()], "bb");
    }

    #[test]
    fn ff3_identifiers_keep_their_capitals() {
        let text = "(;FileFormat[3]SiZe[5]AddBlack[cc]PLayer[W];White[dc];Black[])";
        let record = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(record.size.get(), 5);
        assert_eq!(record.setup.stone(Point::new(2, 2)), Some(Color::Black));
        assert_eq!(record.to_play, Color::White);
        assert_eq!(
            record.moves.iter().map(|m| m.1).collect::<Vec<_>>(),
            [Move::Play(Point::new(3, 2)), Move::Pass]
        );
    }

    #[test]
    fn malformed_structure_is_located() {
        let cases = [
            ("", "no game found"),
            ("  \n", "no game found"),
            (
                "(;B[aa])(;B[bb])",
                "the file holds 2 games; replay reads one",
            ),
            ("(;GM[2];B[aa])", "the record is not a game of Go"),
            ("(;SZ[5:7];B[aa])", "the board is 5x7, not square"),
            ("(;SZ[abc];B[aa])", "`SZ[abc]` is not a valid `SZ` property"),
            (
                "(;SZ[5]KM[x];B[aa])",
                "`KM[x]` is not a valid `KM` property",
            ),
            ("(;SZ[5]KM[inf];B[aa])", "komi inf is not a usable number"),
            (
                "(;SZ[5];B[aa]AE[bb])",
                "`AE` (removing stones) is not supported",
            ),
            ("(;SZ[5];B[abc])", "`B[abc]` is not a valid `B` property"),
            ("(;SZ[5]PL[X])", "`PL[X]` is not a valid `PL` property"),
            (
                "(;SZ[5];B[aa])garbage",
                "the property `garbage` is outside any node",
            ),
            ("(;SZ[5];B[aa]))", "this `)` closes no game tree"),
            ("(;SZ[5];B[aa] W)", "the property `W` has no value"),
            ("(;SZ[5];B[aa]#)", "`#` is not part of an SGF record here"),
            ("(;SZ[5];B[aa]é)", "`é` is not part of an SGF record here"),
            (
                "((;B[aa]))",
                "a game tree starts inside a game tree with no node",
            ),
            ("(;B[aa]())", "this game tree has no node"),
            (";B[aa]", "this node is outside any game tree"),
            ("(;SZ[5];B[aa]", "this game tree is never closed"),
            ("(;SZ[5];B[a", "this value is never closed"),
        ];
        for (text, message) in cases {
            let d = first_error(text);
            assert_eq!(d.message, message, "{text:?}");
            let _ = Source::new("g.sgf", text).render(&d);
        }
        let text = "(;SZ[5]\n;B[aa]\n  ;W[b";
        let d = first_error(text);
        let at = |d: &Diagnostic, text: &str| {
            Source::new("g.sgf", text).line_col(d.span.clone().unwrap().start)
        };
        assert_eq!(at(&d, text), (3, 5));
        assert_eq!(at(&first_error(""), ""), (1, 1));
    }

    /// The first diagnostic for `text` with the text it points at and its help.
    fn refused(text: &str) -> (String, &str, String) {
        let d = first_error(text);
        let span = d.span.clone().unwrap_or_default();
        (d.message, &text[span], d.help.unwrap_or_default())
    }

    #[test]
    fn two_moves_in_one_node_are_refused_at_the_second() {
        let (message, at, help) = refused("(;SZ[5];B[aa]B[bb])");
        assert_eq!(
            message,
            "`B[bb]` is a second move in the node of `B[aa]`; an SGF node holds at most one move"
        );
        assert_eq!(at, "B[bb]");
        assert_eq!(help, "put each move in its own node: `;B[aa];B[bb]`");
        let (message, at, help) = refused("(;SZ[5]\n;B[aa] W[bb];W[cc])");
        assert!(message.starts_with("`W[bb]` is a second move in the node of `B[aa]`"));
        assert_eq!(at, "W[bb]");
        assert_eq!(help, "put each move in its own node: `;B[aa];W[bb]`");
        // A move with other properties is one move; a third move is refused too.
        assert_eq!(moves_of("(;SZ[5];B[aa]C[x]BL[10];W[])").len(), 2);
        let errs = load("(;SZ[5];B[aa]W[bb]B[cc])", &RuleOverrides::default()).unwrap_err();
        assert_eq!(errs.len(), 2);
    }

    #[test]
    fn a_property_twice_in_one_node_is_refused_at_the_second() {
        let (message, at, help) = refused("(;SZ[5]SZ[9];B[aa])");
        assert_eq!(
            message,
            "`SZ` is given twice in one node; an SGF node holds each property once"
        );
        assert_eq!(at, "SZ[9]");
        assert_eq!(help, "keep one `SZ`");
        let (message, at, _) = refused("(;GM[1]SZ[5]GM[1];B[aa])");
        assert!(message.starts_with("`GM` is given twice in one node"));
        assert_eq!(at, "GM[1]");
        // Any identifier, in any node; an FF[3] long name is the same property as its capitals.
        assert_eq!(refused("(;SZ[5];B[aa]C[x]C[y])").1, "C[y]");
        let (message, _, help) = refused("(;SZ[5]AB[aa]AddBlack[bb];W[cc])");
        assert!(message.starts_with("`AB` is given twice in one node"));
        assert_eq!(
            help,
            "keep one `AB` and list every value in it, e.g. `AB[aa][bb]`"
        );
        // The same property in different nodes is fine.
        assert_eq!(moves_of("(;SZ[5]C[a];B[aa]C[b];W[bb]C[c])").len(), 2);
    }

    #[test]
    fn a_name_with_no_capital_is_refused() {
        let (message, at, help) = refused("(;SZ[5];b[aa])");
        assert_eq!(
            message,
            "`b` is not a property name: it has no capital letter"
        );
        assert_eq!(at, "b[aa]");
        assert_eq!(
            help,
            "SGF property names are capital letters: write `B` for `b`"
        );
        let (message, at, help) = refused("(;sz[5];B[aa])");
        assert_eq!(
            message,
            "`sz` is not a property name: it has no capital letter"
        );
        assert_eq!(at, "sz[5]");
        assert!(help.ends_with("write `SZ` for `sz`"), "{help}");
        let (_, at, help) = refused("(;SZ[5]addblack[aa];B[bb])");
        assert_eq!(at, "addblack[aa]");
        assert_eq!(help, "SGF property names are capital letters, e.g. `B[aa]`");
    }

    /// The file is malformed wherever FF[4] is broken, the variations the replay skips too.
    #[test]
    fn variations_are_held_to_the_same_rules() {
        let text = "(;SZ[5];B[aa](;W[bb])(;W[cc]B[dd])(;w[ee])(;W[dd]C[x]\nC[y]))";
        let errs = load(text, &RuleOverrides::default()).unwrap_err();
        let messages: Vec<&str> = errs.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`B[dd]` is a second move in the node of `W[cc]`; an SGF node holds at most one move",
                "`w` is not a property name: it has no capital letter",
                "`C` is given twice in one node; an SGF node holds each property once",
            ]
        );
        let at =
            |d: &Diagnostic| Source::new("g.sgf", text).line_col(d.span.clone().unwrap().start);
        assert_eq!(at(&errs[2]), (2, 1));
    }

    /// Past the diagnostics printed, problems are only counted: each is a bare entry.
    #[test]
    fn problems_past_those_shown_are_counted_without_words() {
        let moves: String = (0..SHOWN_LIMIT + 10).map(|_| ";B[zz]").collect();
        let errs = load(&format!("(;SZ[5]{moves})"), &RuleOverrides::default()).unwrap_err();
        assert_eq!(errs.len(), SHOWN_LIMIT + 10);
        assert!(
            errs[..SHOWN_LIMIT]
                .iter()
                .all(|d| d.message == "`B[zz]` is off the 5x5 board")
        );
        assert!(
            errs[SHOWN_LIMIT..]
                .iter()
                .all(|d| d.message.is_empty() && d.span.is_none())
        );
        let shown = Source::new("g.sgf", "").render_all(&errs);
        assert!(shown.contains("note: 10 more problems"), "{shown}");
    }

    #[test]
    fn point_lists_stay_within_the_points_sgf_names() {
        let values: Vec<Cow<'_, str>> = (0..1000).map(|_| Cow::Borrowed("aa:ZZ")).collect();
        let points = parse_points(&values).unwrap();
        assert_eq!(points.len(), 52 * 52);
        assert_eq!(points[0], (0, 0));
        assert_eq!(points[1], (0, 1));
        assert_eq!(points[52 * 52 - 1], (51, 51));
        assert_eq!(
            parse_points(&[
                Cow::Borrowed("bc"),
                Cow::Borrowed("ab:bb"),
                Cow::Borrowed("bc")
            ]),
            Some(vec![(0, 1), (1, 1), (1, 2)])
        );
        assert_eq!(parse_points(&[]), None);
        // Long values are cut in messages.
        let long = format!("(;SZ[5]AB[{}];B[aa])", "a".repeat(5000));
        let message = first_error(&long).message;
        assert!(message.len() < 100 && message.contains('…'), "{message}");
    }

    /// Every prefix of real records (and of a record with comments, escapes and variations)
    /// reads or is refused with diagnostics; none panics.
    #[test]
    fn every_prefix_reads_or_is_refused() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/");
        let mut texts: Vec<String> = [
            "seed-002-area.sgf",
            "long-19x19.sgf",
            "send-two-return-one.sgf",
        ]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{dir}{f}")).unwrap())
        .collect();
        texts.push(
            "(;FF[4]SZ[5]C[a \\] é ; ( )\\\r\nb]AB[aa:bb]AW[dd];B[cc](;W[ee]C[x])(;W[]))".into(),
        );
        for text in &texts {
            for (end, _) in text.char_indices().chain([(text.len(), ' ')]) {
                let prefix = &text[..end];
                if let Err(errs) = load(prefix, &RuleOverrides::default()) {
                    assert!(!errs.is_empty(), "{prefix:?}: refused with no diagnostic");
                    let _ = Source::new("g.sgf", prefix).render_all(&errs);
                }
            }
        }
    }
}
