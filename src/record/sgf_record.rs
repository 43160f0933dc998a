//! SGF (FF[4]) game records: `SZ`, `KM`, root setup `AB`/`AW`/`PL` and the main line's `B`/`W`
//! moves, read by one scan of the text that keeps where each property is for diagnostics.

use std::borrow::Cow;
use std::ops::Range;

use super::{Record, RuleOverrides, chain_without_liberty, no_liberty_message};
use crate::diag::Diagnostic;
use crate::rules::{Board, BoardSize, Color, KoRule, Move, Point, Rules, Scoring};

/// One property of a main-line node as written: its identifier, its whole span and where its
/// values' spans are in [`Scan::values`].
#[derive(Debug, Clone, PartialEq, Eq)]
struct PropertySpan<'t> {
    /// Borrowed from the text unless an FF[3] mixed-case identifier had to be converted.
    identifier: Cow<'t, str>,
    whole: Range<usize>,
    values: Range<usize>,
}

/// Where each property of the main line's nodes is written, and how many game trees the file
/// holds.
///
/// One flat list for the whole record rather than a list per node: a long game has a node per
/// move, and a few allocations in all keep the scan cheap.
#[derive(Debug, Default)]
struct Scan<'t> {
    properties: Vec<PropertySpan<'t>>,
    /// Every value's span (inside the brackets, escapes still written), property after property.
    values: Vec<Range<usize>>,
    /// Where each node's properties start in `properties`, node by node.
    nodes: Vec<usize>,
    /// The game trees at the top level of the file.
    games: usize,
}

impl<'t> Scan<'t> {
    /// The properties of main-line node `node` (none past the end).
    fn node(&self, node: usize) -> &[PropertySpan<'t>] {
        let Some(&start) = self.nodes.get(node) else {
            return &[];
        };
        let end = self
            .nodes
            .get(node + 1)
            .copied()
            .unwrap_or(self.properties.len());
        &self.properties[start..end]
    }

    /// The spans of a property's values.
    fn values(&self, property: &PropertySpan<'_>) -> &[Range<usize>] {
        &self.values[property.values.clone()]
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

/// Reads the structure of an SGF collection: every game tree, node, property and value is
/// checked, and the properties of the main line are kept with where they are written.
///
/// The main line is exactly the nodes written before the first `)`: each first variation starts
/// right after its parent's nodes, so `(;B[aa](;W[bb])(;W[cc]))` has the main line B aa, W bb.
fn scan(text: &str) -> Result<Scan<'_>, ScanError> {
    let bytes = text.as_bytes();
    // A move node is about six bytes (`;B[cd]`): sized so a long game does not regrow the lists.
    let mut found = Scan {
        properties: Vec::with_capacity(bytes.len() / 6 + 4),
        values: Vec::with_capacity(bytes.len() / 6 + 4),
        nodes: Vec::with_capacity(bytes.len() / 6 + 4),
        games: 0,
    };
    // Where each game tree still open starts.
    let mut open_trees: Vec<usize> = Vec::new();
    // Still before the first `)`: nodes and properties are kept.
    let mut main_line = true;
    // After a `;`: properties may follow.
    let mut in_node = false;
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
                if open_trees.is_empty() {
                    found.games += 1;
                }
                open_trees.push(i);
                wants_node = true;
                in_node = false;
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
                main_line = false;
                in_node = false;
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
                if main_line {
                    found.nodes.push(found.properties.len());
                }
                wants_node = false;
                in_node = true;
                i += 1;
            }
            b if b.is_ascii_whitespace() => i += 1,
            b if b.is_ascii_alphabetic() => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let raw = &text[start..i];
                if !in_node {
                    return Err(scan_error(
                        start..i,
                        format!("the property `{raw}` is outside any node"),
                        "properties follow the `;` that starts a node, e.g. `;B[cd]`",
                    ));
                }
                let first_value = found.values.len();
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
                    if main_line {
                        found.values.push(open + 1..j);
                    }
                    end = j + 1;
                }
                if end == i {
                    return Err(scan_error(
                        start..i,
                        format!("the property `{raw}` has no value"),
                        "write each value in brackets, e.g. `B[cd]`; a pass is `B[]`",
                    ));
                }
                if main_line {
                    let identifier = if raw.bytes().all(|c| c.is_ascii_uppercase()) {
                        Cow::Borrowed(raw)
                    } else {
                        // FF[3] wrote e.g. `AddBlack`; FF[4] keeps the capitals: `AB`.
                        Cow::Owned(raw.chars().filter(char::is_ascii_uppercase).collect())
                    };
                    found.properties.push(PropertySpan {
                        identifier,
                        whole: start..end,
                        values: first_value..found.values.len(),
                    });
                }
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
    Ok(found)
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
    let mut points = Vec::new();
    for value in values {
        match value.split_once(':') {
            Some((ul, lr)) => {
                let (ul, lr) = (parse_point(ul)?, parse_point(lr)?);
                if ul.0 > lr.0 || ul.1 > lr.1 {
                    return None;
                }
                for x in ul.0..=lr.0 {
                    for y in ul.1..=lr.1 {
                        points.push((x, y));
                    }
                }
            }
            None => points.push(parse_point(value)?),
        }
    }
    points.sort_unstable();
    points.dedup();
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

/// Collects problems, each located at a property of the main line when it can be found.
struct Problems<'a> {
    source: &'a str,
    spans: &'a Scan<'a>,
    list: Vec<Diagnostic>,
}

impl Problems<'_> {
    fn property(&self, node: usize, identifier: &str) -> Option<&PropertySpan<'_>> {
        self.spans
            .node(node)
            .iter()
            .find(|p| p.identifier == identifier)
    }

    /// A diagnostic at the property `identifier` of main-line node `node` (or its value `value`).
    fn at(
        &self,
        node: usize,
        identifier: &str,
        value: Option<&str>,
        message: String,
    ) -> Diagnostic {
        match self.property(node, identifier) {
            Some(p) => self.at_property(p, value, message),
            None => Diagnostic::whole_file(message),
        }
    }

    /// A diagnostic at property `p` (or its value written as `value`, when it has one).
    fn at_property(
        &self,
        p: &PropertySpan<'_>,
        value: Option<&str>,
        message: String,
    ) -> Diagnostic {
        let span = value
            .and_then(|v| {
                self.spans
                    .values(p)
                    .iter()
                    .find(|s| self.source.get((*s).clone()) == Some(v))
            })
            .map_or_else(|| p.whole.clone(), Clone::clone);
        Diagnostic::at(span, message)
    }

    /// Reports `p` as not a valid property of its kind.
    fn invalid(&mut self, p: &PropertySpan<'_>, values: &[Cow<'_, str>]) {
        let id = &*p.identifier;
        let written: String = values.iter().map(|v| format!("[{v}]")).collect();
        let d = self.at_property(
            p,
            None,
            format!("`{id}{written}` is not a valid `{id}` property"),
        );
        self.push(d.with_help(help_for(id)));
    }

    fn push(&mut self, d: Diagnostic) {
        self.list.push(d);
    }
}

/// The SGF coordinates of a point on a board of `n` lines (`aa` is the top left).
fn sgf_name(p: Point, n: u8) -> String {
    let x = char::from(b'a' + p.col);
    let y = char::from(b'a' + (n - 1 - p.row));
    format!("{x}{y}")
}

/// The SGF letter for a 0-based coordinate (`a`..`z`, then `A`..`Z`).
fn sgf_letter(v: u8) -> char {
    if v < 26 {
        char::from(b'a' + v)
    } else {
        char::from(b'A' + (v - 26).min(25))
    }
}

/// Reads an SGF record; rules are positional superko, two passes end the game, captures
/// scoring and `KM` as komi (for area and territory scoring only), each replaced by a
/// command-line flag when one is given.
pub(super) fn load(source: &str, overrides: &RuleOverrides) -> Result<Record, Vec<Diagnostic>> {
    let spans = match scan(source) {
        Ok(spans) => spans,
        Err(e) => {
            return Err(vec![Diagnostic::at(e.span, e.message).with_help(e.help)]);
        }
    };
    if spans.games == 0 || spans.nodes.is_empty() {
        return Err(vec![
            // Pointed at the start, so even an empty file's message reads `path:1:1`.
            Diagnostic::at(0..0, "no game found").with_help(SGF_SHAPE),
        ]);
    }
    if spans.games > 1 {
        return Err(vec![
            Diagnostic::whole_file(format!(
                "the file holds {} games; replay reads one",
                spans.games
            ))
            .with_help("save each game in its own file"),
        ]);
    }
    let mut problems = Problems {
        source,
        spans: &spans,
        list: Vec::new(),
    };
    let values_of = |p: &PropertySpan<'_>| -> Vec<Cow<'_, str>> {
        spans
            .values(p)
            .iter()
            .map(|s| decode(&source[s.clone()]))
            .collect()
    };

    let root = spans.node(0);
    if let Some(gm) = root.iter().find(|p| p.identifier == "GM")
        && single(&values_of(gm)) != Some("1")
    {
        let d = problems.at_property(gm, None, "the record is not a game of Go".to_string());
        problems.push(d.with_help("replay reads Go records: `GM[1]` or no `GM` at all"));
        return Err(problems.list);
    }

    let size = read_size(root, &values_of, &mut problems);
    let mut komi = None;
    for prop in root.iter().filter(|p| p.identifier == "KM") {
        let values = values_of(prop);
        match single(&values).and_then(|v| v.parse::<f64>().ok()) {
            Some(k) if k.is_finite() && k.abs() <= 1000.0 => komi = Some(k),
            Some(k) => {
                let d =
                    problems.at_property(prop, None, format!("komi {k} is not a usable number"));
                problems.push(d.with_help("write komi like `KM[7.5]`"));
            }
            None => problems.invalid(prop, &values),
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
    let Some(size) = size else {
        return Err(problems.list);
    };
    let n = size.get();

    // Converts an SGF point; an off-board point is a malformed record (no editor writes one).
    let point = |(x, y): (u8, u8), prop: &PropertySpan<'_>, problems: &mut Problems<'_>| {
        if x < n && y < n {
            Some(Point::new(x, n - 1 - y))
        } else {
            let id = &*prop.identifier;
            let written = format!("{}{}", sgf_letter(x), sgf_letter(y));
            let last = sgf_name(Point::new(n - 1, 0), n);
            let d = problems.at_property(
                prop,
                Some(&written),
                format!("`{id}[{written}]` is off the {size} board"),
            );
            problems.push(d.with_help(format!("points on this board run from `aa` to `{last}`")));
            None
        }
    };

    let mut setup = Board::new(size);
    let mut to_play = None;
    let mut moves = Vec::with_capacity(spans.nodes.len());
    for k in 0..spans.nodes.len() {
        for prop in spans.node(k) {
            let id = &*prop.identifier;
            match id {
                "B" | "W" => {
                    let color = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    // One value, read without collecting: a long game is mostly moves.
                    let parsed = match spans.values(prop) {
                        [raw] => parse_move(&source[raw.clone()]),
                        _ => None,
                    };
                    let mv = match parsed {
                        Some(None) => Some(Move::Pass),
                        Some(Some((19, 19))) if n <= 19 => Some(Move::Pass),
                        Some(Some(p)) => point(p, prop, &mut problems).map(Move::Play),
                        None => {
                            problems.invalid(prop, &values_of(prop));
                            None
                        }
                    };
                    if let Some(mv) = mv {
                        moves.push((Some(color), mv, prop.whole.clone()));
                    }
                }
                "AB" | "AW" if k == 0 => {
                    let color = if id == "AB" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let values = values_of(prop);
                    let Some(points) = parse_points(&values) else {
                        problems.invalid(prop, &values);
                        continue;
                    };
                    for p in points {
                        let Some(p) = point(p, prop, &mut problems) else {
                            continue;
                        };
                        if let Some(other) = setup.stone(p) {
                            let name = sgf_name(p, n);
                            let d = problems.at_property(
                                prop,
                                Some(&name),
                                format!("`{name}` ({p}) is set up as {other} and as {color}"),
                            );
                            problems.push(d.with_help("a point holds one stone; remove one"));
                        } else {
                            setup.place_unchecked(p, color);
                        }
                    }
                }
                "PL" if k == 0 => {
                    let values = values_of(prop);
                    match parse_color(&values) {
                        Some(c) => to_play = Some(c),
                        None => problems.invalid(prop, &values),
                    }
                }
                "AB" | "AW" | "AE" | "PL" => {
                    let values = values_of(prop);
                    let valid = if id == "PL" {
                        parse_color(&values).is_some()
                    } else {
                        parse_points(&values).is_some()
                    };
                    if !valid {
                        problems.invalid(prop, &values);
                        continue;
                    }
                    let message = if id == "AE" {
                        "`AE` (removing stones) is not supported".to_string()
                    } else {
                        format!("`{id}` after the first node is not supported")
                    };
                    let d = problems.at_property(prop, None, message);
                    problems.push(d.with_help(
                        "replay reads setup stones (`AB`, `AW`, `PL`) from the first node only",
                    ));
                }
                // The root's are read above; elsewhere they only need to be well formed.
                "SZ" | "KM" if k > 0 => {
                    let values = values_of(prop);
                    let valid = if id == "SZ" {
                        parse_size(&values).is_some()
                    } else {
                        single(&values).is_some_and(|v| v.parse::<f64>().is_ok())
                    };
                    if !valid {
                        problems.invalid(prop, &values);
                    }
                }
                _ => {}
            }
        }
    }
    if let Some((color, stones, first)) = chain_without_liberty(&setup) {
        let id = match color {
            Color::Black => "AB",
            Color::White => "AW",
        };
        let d = problems.at(
            0,
            id,
            Some(&sgf_name(first, n)),
            no_liberty_message(color, &stones),
        );
        problems.push(d.with_help(
            "a position on the board always leaves every chain a liberty; check the setup",
        ));
    }
    if !problems.list.is_empty() {
        return Err(problems.list);
    }
    let to_play = to_play
        .or_else(|| moves.first().and_then(|m| m.0))
        .unwrap_or(Color::Black);
    Ok(Record {
        size,
        rules,
        setup,
        to_play,
        moves,
        dead: Vec::new(),
    })
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
fn read_size<'t>(
    root: &[PropertySpan<'t>],
    values_of: &dyn Fn(&PropertySpan<'t>) -> Vec<Cow<'t, str>>,
    problems: &mut Problems<'_>,
) -> Option<BoardSize> {
    let mut size = BoardSize::new(19).ok();
    for prop in root.iter().filter(|p| p.identifier == "SZ") {
        size = None;
        let values = values_of(prop);
        match parse_size(&values) {
            None => problems.invalid(prop, &values),
            Some((w, h)) if w != h => {
                let d =
                    problems.at_property(prop, None, format!("the board is {w}x{h}, not square"));
                problems.push(d.with_help("replay reads square boards, e.g. `SZ[9]`"));
            }
            Some((w, _)) => match BoardSize::new(u32::from(w)) {
                Ok(s) => size = Some(s),
                Err(e) => {
                    let d = problems.at_property(prop, None, e.to_string());
                    problems.push(d.with_help("write e.g. `SZ[9]`"));
                }
            },
        }
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Source;

    #[test]
    fn scan_finds_main_line_properties() {
        let text = "(;FF[4]SZ[5]AB[aa][bb];B[cc]\n(;W[dd])(;W[ee]))";
        let found = scan(text).unwrap();
        assert_eq!(found.nodes.len(), 3);
        let ab = &found.node(0)[2];
        assert_eq!(ab.identifier, "AB");
        assert_eq!(&text[ab.whole.clone()], "AB[aa][bb]");
        assert_eq!(&text[found.values(ab)[1].clone()], "bb");
        assert_eq!(&text[found.node(2)[0].whole.clone()], "W[dd]");
        assert!(found.node(3).is_empty());
        assert_eq!(scan("(;C[open").unwrap_err().span, 3..4);
        assert_eq!(
            scan("(;FF[4]aDdBlack[aa])").unwrap().node(0)[1].identifier,
            "DB"
        );
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
        let found = scan(text).unwrap();
        let c = &found.node(0)[2];
        assert_eq!(decode(&text[found.values(c)[0].clone()]), "a ] b ; ( ) \\");
        let gn = &found.node(0)[3];
        assert_eq!(decode(&text[found.values(gn)[0].clone()]), "xy");
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
        let off = first_error("(;SZ[5]AB[dd:ff];B[aa])");
        assert_eq!(off.message, "`AB[df]` is off the 5x5 board");
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
