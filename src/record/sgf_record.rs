//! SGF (FF[4]) game records: `SZ`, `KM`, root setup `AB`/`AW`/`PL` and the main line's `B`/`W`
//! moves, read with `sgf-parse`; a small scan of the text locates each property for diagnostics.

use std::borrow::Cow;
use std::ops::Range;

use sgf_parse::SgfParseError;
use sgf_parse::go::{self, Prop};

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

/// Where each property of the main line's nodes is written.
///
/// One flat list for the whole record rather than a list per node: a long game has a node per
/// move, and a few allocations in all keep the scan cheap next to the parse.
#[derive(Debug, Default)]
struct Scan<'t> {
    properties: Vec<PropertySpan<'t>>,
    /// Every value's span, property after property.
    values: Vec<Range<usize>>,
    /// Where each node's properties start in `properties`, node by node.
    nodes: Vec<usize>,
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

/// Where each property of the main line's nodes is written.
///
/// The main line is exactly the nodes written before the first `)`: each first variation starts
/// right after its parent's nodes. Returns the span of a value left open, if one is.
fn scan(text: &str) -> Result<Scan<'_>, Range<usize>> {
    let bytes = text.as_bytes();
    // A move node is about six bytes (`;B[cd]`): sized so a long game does not regrow the lists.
    let mut found = Scan {
        properties: Vec::with_capacity(bytes.len() / 6 + 4),
        values: Vec::with_capacity(bytes.len() / 6 + 4),
        nodes: Vec::with_capacity(bytes.len() / 6 + 4),
    };
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b')' => break,
            b';' => {
                found.nodes.push(found.properties.len());
                i += 1;
            }
            b'(' => i += 1,
            b if b.is_ascii_whitespace() => i += 1,
            b if b.is_ascii_alphabetic() => {
                let start = i;
                while i < bytes.len() && bytes[i] != b'[' {
                    i += 1;
                }
                let raw = text.get(start..i).unwrap_or_default();
                let identifier = if raw.bytes().all(|c| c.is_ascii_uppercase()) {
                    Cow::Borrowed(raw)
                } else {
                    Cow::Owned(raw.chars().filter(char::is_ascii_uppercase).collect())
                };
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
                            None => return Err(open..text.len()),
                            Some(b']') if !escaped => break,
                            Some(b'\\') if !escaped => escaped = true,
                            Some(_) => escaped = false,
                        }
                        j += 1;
                    }
                    found.values.push(open + 1..j);
                    end = j + 1;
                }
                if found.nodes.is_empty() {
                    // A property before any `;` belongs to no node.
                    found.values.truncate(first_value);
                } else {
                    found.properties.push(PropertySpan {
                        identifier,
                        whole: start..end,
                        values: first_value..found.values.len(),
                    });
                }
                i = end.max(start + 1);
            }
            _ => i += 1,
        }
    }
    Ok(found)
}

/// Collects problems, each located at a property of the main line when it can be found.
struct Problems<'a> {
    path: &'a str,
    source: &'a str,
    spans: Scan<'a>,
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
        let span = self.property(node, identifier).map(|p| {
            value
                .and_then(|v| {
                    self.spans
                        .values(p)
                        .iter()
                        .find(|s| self.source.get((*s).clone()) == Some(v))
                })
                .map_or_else(|| p.whole.clone(), Clone::clone)
        });
        match span {
            Some(span) => Diagnostic::at(self.path, self.source, span, message),
            None => Diagnostic::whole_file(self.path, message),
        }
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
pub(super) fn load(
    path: &str,
    source: &str,
    overrides: &RuleOverrides,
) -> Result<Record, Vec<Diagnostic>> {
    let spans = scan(source);
    let trees = match go::parse(source) {
        Ok(trees) => trees,
        Err(e) => return Err(vec![parse_error(path, source, e, spans.err())]),
    };
    let mut problems = Problems {
        path,
        source,
        spans: spans.unwrap_or_default(),
        list: Vec::new(),
    };
    let Some(root) = trees.first() else {
        return Err(vec![Diagnostic::whole_file(
            path,
            "no game found; an SGF record starts with `(;`",
        )]);
    };
    if trees.len() > 1 {
        return Err(vec![
            Diagnostic::whole_file(
                path,
                format!("the file holds {} games; replay reads one", trees.len()),
            )
            .with_help("save each game in its own file"),
        ]);
    }

    let size = read_size(root, &mut problems);
    let mut komi = None;
    for prop in root.properties() {
        match prop {
            Prop::KM(k) if k.is_finite() && k.abs() <= 1000.0 => komi = Some(*k),
            Prop::KM(k) => {
                let d = problems.at(0, "KM", None, format!("komi {k} is not a usable number"));
                problems.push(d.with_help("write komi like `KM[7.5]`"));
            }
            _ => {}
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
    let point = |p: go::Point, node: usize, id: &str, problems: &mut Problems<'_>| {
        if p.x < n && p.y < n {
            Some(Point::new(p.x, n - 1 - p.y))
        } else {
            let written = format!("{}{}", sgf_letter(p.x), sgf_letter(p.y));
            let last = sgf_name(Point::new(n - 1, 0), n);
            let d = problems.at(
                node,
                id,
                Some(&written),
                format!("`{id}[{written}]` is off the {size} board"),
            );
            problems.push(d.with_help(format!("points on this board run from `aa` to `{last}`")));
            None
        }
    };

    let mut setup = Board::new(size);
    let mut to_play = None;
    let mut moves = Vec::with_capacity(problems.spans.nodes.len());
    for (k, node) in root.main_variation().enumerate() {
        for prop in node.properties() {
            match prop {
                Prop::AB(points) | Prop::AW(points) if k == 0 => {
                    let (color, id) = match prop {
                        Prop::AB(_) => (Color::Black, "AB"),
                        _ => (Color::White, "AW"),
                    };
                    let mut sorted: Vec<go::Point> = points.iter().copied().collect();
                    sorted.sort_by_key(|p| (p.x, p.y));
                    for p in sorted {
                        let Some(p) = point(p, k, id, &mut problems) else {
                            continue;
                        };
                        if let Some(other) = setup.stone(p) {
                            let name = sgf_name(p, n);
                            let d = problems.at(
                                k,
                                id,
                                Some(&name),
                                format!("`{name}` ({p}) is set up as {other} and as {color}"),
                            );
                            problems.push(d.with_help("a point holds one stone; remove one"));
                        } else {
                            setup.place_unchecked(p, color);
                        }
                    }
                }
                Prop::PL(c) if k == 0 => to_play = Some(color_of(*c)),
                Prop::AB(_) | Prop::AW(_) | Prop::AE(_) | Prop::PL(_) => {
                    let id = match prop {
                        Prop::AB(_) => "AB",
                        Prop::AW(_) => "AW",
                        Prop::AE(_) => "AE",
                        _ => "PL",
                    };
                    let message = if id == "AE" {
                        "`AE` (removing stones) is not supported".to_string()
                    } else {
                        format!("`{id}` after the first node is not supported")
                    };
                    let d = problems.at(k, id, None, message);
                    problems.push(d.with_help(
                        "replay reads setup stones (`AB`, `AW`, `PL`) from the first node only",
                    ));
                }
                Prop::B(mv) | Prop::W(mv) => {
                    let (color, id) = match prop {
                        Prop::B(_) => (Color::Black, "B"),
                        _ => (Color::White, "W"),
                    };
                    let span = problems.property(k, id).map_or(0..0, |p| p.whole.clone());
                    let mv = match *mv {
                        go::Move::Pass => Some(Move::Pass),
                        go::Move::Move(p) if p.x == 19 && p.y == 19 && n <= 19 => Some(Move::Pass),
                        go::Move::Move(p) => point(p, k, id, &mut problems).map(Move::Play),
                    };
                    if let Some(mv) = mv {
                        moves.push((Some(color), mv, span));
                    }
                }
                Prop::Invalid(id, values) if is_read(id) => {
                    let written: String = values.iter().map(|v| format!("[{v}]")).collect();
                    let d = problems.at(
                        k,
                        id,
                        None,
                        format!("`{id}{written}` is not a valid `{id}` property"),
                    );
                    problems.push(d.with_help(help_for(id)));
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

/// The properties replay reads, whose malformed values make the record malformed.
fn is_read(identifier: &str) -> bool {
    matches!(
        identifier,
        "B" | "W" | "AB" | "AW" | "AE" | "PL" | "SZ" | "KM"
    )
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

fn color_of(c: sgf_parse::Color) -> Color {
    match c {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

/// The board size from `SZ` (19 when absent, as FF[4] says).
fn read_size(root: &sgf_parse::SgfNode<Prop>, problems: &mut Problems<'_>) -> Option<BoardSize> {
    let mut size = BoardSize::new(19).ok();
    for prop in root.properties() {
        if let Prop::SZ((w, h)) = prop {
            size = None;
            if w != h {
                let d = problems.at(0, "SZ", None, format!("the board is {w}x{h}, not square"));
                problems.push(d.with_help("replay reads square boards, e.g. `SZ[9]`"));
            } else {
                match BoardSize::new(u32::from(*w)) {
                    Ok(s) => size = Some(s),
                    Err(e) => {
                        let d = problems.at(0, "SZ", None, e.to_string());
                        problems.push(d.with_help("write e.g. `SZ[9]`"));
                    }
                }
            }
        } else if matches!(prop, Prop::Invalid(id, _) if id == "SZ") {
            // Reported with the other malformed properties.
            size = None;
        }
    }
    size
}

/// An SGF that `sgf-parse` could not read, located at a value left open when the scan found one.
fn parse_error(
    path: &str,
    source: &str,
    e: SgfParseError,
    open: Option<Range<usize>>,
) -> Diagnostic {
    let (message, help) = match e {
        SgfParseError::UnexpectedGameType | SgfParseError::InvalidGameType => (
            "the record is not a game of Go".to_string(),
            "replay reads Go records: `GM[1]` or no `GM` at all",
        ),
        SgfParseError::NoGameTrees => (
            "no game found".to_string(),
            "an SGF record looks like `(;FF[4]SZ[5];B[cc];W[dc])`",
        ),
        SgfParseError::LexerError(_) if open.is_some() => (
            "this value is never closed".to_string(),
            "close each value with `]` (write `\\]` for a `]` inside a comment)",
        ),
        other => (
            format!(
                "not a readable SGF file: {}",
                other.to_string().to_lowercase()
            ),
            "an SGF record looks like `(;FF[4]SZ[5];B[cc];W[dc])`",
        ),
    };
    let d = match open {
        Some(span) => Diagnostic::at(path, source, span.start..span.start + 1, message),
        None => Diagnostic::whole_file(path, message),
    };
    d.with_help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(scan("(;C[open").unwrap_err(), 3..8);
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
        let record = load("g.sgf", text, &area).unwrap();
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
        let plain = load("g.sgf", text, &RuleOverrides::default()).unwrap();
        assert_eq!(plain.rules.scoring, Scoring::Captures);
        assert_eq!(plain.rules.komi, 0.0);
        let given = RuleOverrides {
            komi: Some(1.0),
            ..RuleOverrides::default()
        };
        assert_eq!(load("g.sgf", text, &given).unwrap().rules.komi, 1.0);
    }

    #[test]
    fn off_board_points_point_at_the_property() {
        let text = "(;SZ[5];B[cc];W[fa])";
        let errs = load("g.sgf", text, &RuleOverrides::default()).unwrap_err();
        assert_eq!(errs[0].message, "`W[fa]` is off the 5x5 board");
        assert_eq!(&text[errs[0].span.clone().unwrap()], "fa");
    }
}
