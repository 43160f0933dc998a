//! The main line read node by node into a record: the root (what it sets is read in `root`),
//! then every move.

use std::collections::HashMap;
use std::ops::Range;

use super::problems::{Problems, SGF_SHAPE, invalid, on_board, player, shown};
use super::root::{Start, read_root};
use super::spans::{NodeSpans, PropertySpan};
use super::values::{parse_move, parse_points, parse_size, sgf_name, single};
use crate::diag::Diagnostic;
use crate::record::{GameInfo, Record, RecordNote, RuleOverrides, SetupChange};
use crate::rules::notation::{NO_LIBERTY_HELP, chains_without_liberty};
use crate::rules::{BoardSize, Color, Move, Point, Position, fixed_handicap};

/// The main line read so far, node by node as the scan hands them over.
pub(super) struct MainLine<'t> {
    source: &'t str,
    overrides: RuleOverrides,
    /// The first node, taken from the scan (not copied) while it is read.
    root: NodeSpans<'t>,
    /// `None` before the root is read, and when it cannot be (not a game of Go, no usable
    /// size): later nodes are then left to the scan's checks.
    start: Option<Start>,
    to_play: Option<Color>,
    /// Kept only while no problem is found: a malformed record is refused, never refereed.
    moves: Vec<(Option<Color>, Move, Range<usize>)>,
    /// The players and particulars, from the first node on the main line that gives each.
    info: GameInfo,
    /// Setup written after the first move, in order.
    setups: Vec<SetupChange>,
    /// Where each stone of the starting position was last set up, for a chain's diagnostic.
    setup_spans: HashMap<Point, Range<usize>>,
}

impl<'t> MainLine<'t> {
    pub(super) fn new(source: &'t str, overrides: &RuleOverrides) -> Self {
        MainLine {
            source,
            overrides: *overrides,
            root: NodeSpans::default(),
            start: None,
            to_play: None,
            moves: Vec::new(),
            info: GameInfo::default(),
            setups: Vec::new(),
            setup_spans: HashMap::new(),
        }
    }

    /// Reads main-line node `k`.
    pub(super) fn node(&mut self, k: usize, node: &mut NodeSpans<'t>, problems: &mut Problems) {
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
        let moves_before = self.moves.len();
        let mut setup = NodeSetup::default();
        for prop in &node.properties {
            let id = &*prop.identifier;
            match id {
                "B" | "W" => {
                    let (color, mv) = move_of(source, node, prop, size, problems);
                    if let Some(mv) = mv
                        && problems.is_empty()
                    {
                        self.moves.push((Some(color), mv, prop.whole.clone()));
                    }
                }
                "AB" | "AW" | "AE" => {
                    let color = match id {
                        "AB" => Some(Color::Black),
                        "AW" => Some(Color::White),
                        _ => None,
                    };
                    setup.read(color, size, source, node, prop, problems);
                }
                "PL" => {
                    if let Some(c) = player(source, node, prop, problems) {
                        setup.to_play = Some(c);
                        setup.first.get_or_insert_with(|| prop.whole.clone());
                    }
                }
                "PB" | "PW" | "GN" | "DT" | "EV" | "RE" => {
                    let slot = match id {
                        "PB" => &mut self.info.black,
                        "PW" => &mut self.info.white,
                        "GN" => &mut self.info.name,
                        "DT" => &mut self.info.date,
                        "EV" => &mut self.info.event,
                        _ => &mut self.info.result,
                    };
                    if slot.is_none() {
                        let values = node.decoded(source, prop);
                        *slot = single(&values).map(|v| v.trim().to_string());
                    }
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
        if let Some((change, spans)) = setup.finish(moves_before, size, source, node, problems) {
            if moves_before == 0 {
                self.setup_spans.extend(spans);
                // Before the first move setup builds the starting position, wherever it stands.
                for &p in &change.empty {
                    start.setup.clear(p);
                }
                for (color, points) in
                    [(Color::Black, &change.black), (Color::White, &change.white)]
                {
                    for &p in points {
                        start.setup.put(p, color);
                    }
                }
                if let Some(c) = change.to_play {
                    self.to_play = Some(c);
                }
            } else {
                self.setups.push(change);
            }
        }
        if !problems.is_empty() && self.moves.capacity() > 0 {
            self.moves = Vec::new();
        }
    }

    /// The record once the scan is over, or every problem found.
    pub(super) fn finish(mut self, mut problems: Problems) -> Result<Record, Vec<Diagnostic>> {
        let Some(Start {
            size,
            rules,
            mut setup,
            source,
            mut notes,
            handicap,
        }) = self.start
        else {
            // The root was refused, and always with a reason; this is only a safety net.
            if problems.is_empty() {
                problems.report(|| Diagnostic::at(0..0, "no game found").with_help(SGF_SHAPE));
            }
            return Err(problems.list);
        };
        let white_first = self
            .to_play
            .or_else(|| self.moves.first().and_then(|m| m.0))
            == Some(Color::White);
        if let Some((stones, at)) = handicap {
            let placed =
                place_handicap(&mut setup, (stones, white_first), at.clone(), &mut problems);
            for p in placed {
                self.setup_spans.insert(p, at.clone());
            }
        }
        let setup = setup.to_board();
        for chain in chains_without_liberty(&setup) {
            let at = self.setup_spans.get(&chain.first).cloned();
            problems.report(|| {
                let d = match at {
                    Some(at) => Diagnostic::at(at, chain.message),
                    None => Diagnostic::whole_file(chain.message),
                };
                d.with_help(NO_LIBERTY_HELP)
            });
        }
        if !problems.is_empty() {
            return Err(problems.list);
        }
        let to_play = self
            .to_play
            .or_else(|| self.moves.first().and_then(|m| m.0))
            .unwrap_or(Color::Black);
        notes.extend(
            problems
                .notes(self.source)
                .into_iter()
                .map(RecordNote::Assumed),
        );
        Ok(Record {
            size,
            rules,
            setup,
            to_play,
            moves: self.moves,
            dead: Vec::new(),
            info: self.info,
            rules_source: source,
            notes,
            variations: 0,
            setups: self.setups,
        })
    }
}

/// `HA` says what the handicap was; the stones are the file's `AB`. Only a record that sets up
/// no stone at all and whose first move (or `PL`) is White's, which shows the handicap was
/// given, gets them on their fixed points, as GNU Go 3.8 reads it (gameinfo.c: "should not be
/// needed for proper sgf file"), with a note. Otherwise none are put on the board, as sgfmill
/// and GNU Go read it, with a note; a handicap with no fixed placement on this board is a
/// note too, and the board stays as written.
fn place_handicap(
    setup: &mut Position,
    (stones, white_first): (u32, bool),
    at: Range<usize>,
    problems: &mut Problems,
) -> Vec<Point> {
    if stones < 2 || !setup.stones(Color::Black).is_empty() {
        return Vec::new();
    }
    if !white_first || !setup.stones(Color::White).is_empty() {
        problems.assume("handicap-bare", at, || {
            format!(
                "`HA[{stones}]` sets up no stones and no White move comes first; `HA` only says what the handicap was, so none are put on the board, as sgfmill and GNU Go read it"
            )
        });
        return Vec::new();
    }
    let size = setup.size();
    match fixed_handicap(size, stones) {
        Some(points) => {
            let names: Vec<String> = points.iter().map(ToString::to_string).collect();
            for &p in &points {
                setup.put(p, Color::Black);
            }
            problems.assume("handicap-placed", at, || {
                format!(
                    "`HA[{stones}]` lists no stones; Black's {stones} stones are set up on the fixed handicap points {}, as GNU Go places them when White moves first on an empty board",
                    names.join(" ")
                )
            });
            points
        }
        None => {
            problems.assume("handicap-unplaced", at, || {
                format!(
                    "`HA[{stones}]` lists no stones and a {size} board has no fixed points for {stones}; the game is replayed from the board as written"
                )
            });
            Vec::new()
        }
    }
}

/// A setup stone's point and the value that put it there.
type StoneSpan = (Point, Range<usize>);

/// The setup one node writes (`AB`, `AW`, `AE`, `PL`), gathered before it is applied: within a
/// node the order of properties means nothing, so `AE` clears before `AB` and `AW` set.
#[derive(Debug, Default)]
struct NodeSetup {
    /// Each point given a stone, with its colour.
    placed: HashMap<Point, (Color, Range<usize>)>,
    /// The points `AE` names, with where.
    empty: Vec<(Point, Range<usize>)>,
    to_play: Option<Color>,
    /// The node's first setup property.
    first: Option<Range<usize>>,
}

impl NodeSetup {
    /// Reads one setup property: `color` for `AB` and `AW`, `None` for `AE`. A point given
    /// both colours in the node is a problem: no reader can tell which was meant.
    fn read(
        &mut self,
        color: Option<Color>,
        size: BoardSize,
        source: &str,
        node: &NodeSpans<'_>,
        prop: &PropertySpan<'_>,
        problems: &mut Problems,
    ) {
        self.first.get_or_insert_with(|| prop.whole.clone());
        let Some(points) = parse_points(&node.decoded(source, prop)) else {
            invalid(source, node, prop, problems);
            return;
        };
        for xy in points {
            let Some(p) = on_board(xy, size, source, node, prop, problems) else {
                continue;
            };
            let Some(color) = color else {
                self.empty.push((p, node.span_of(source, prop, xy)));
                continue;
            };
            let at = node.span_of(source, prop, xy);
            match self.placed.insert(p, (color, at)) {
                Some((other, _)) if other != color => problems.report(|| {
                    let name = sgf_name(p, size.get());
                    Diagnostic::at(
                        node.span_of(source, prop, xy),
                        format!("`{name}` ({p}) is set up as {other} and as {color}"),
                    )
                    .with_help("a point holds one stone; remove one")
                }),
                _ => {}
            }
        }
    }

    /// The node's change to the board, played after `after_moves` moves; `None` when it sets
    /// nothing up.
    fn finish(
        self,
        after_moves: usize,
        size: BoardSize,
        source: &str,
        node: &NodeSpans<'_>,
        problems: &mut Problems,
    ) -> Option<(SetupChange, Vec<StoneSpan>)> {
        let span = self.first?;
        let mut empty = Vec::new();
        for (p, at) in self.empty {
            match self.placed.get(&p) {
                Some((color, _)) => {
                    let name = sgf_name(p, size.get());
                    problems.assume("cleared-and-set", at, || {
                        format!(
                            "`{name}` ({p}) is both cleared (`AE`) and set up as {color} in one node; read as {color}, the clearing first"
                        )
                    });
                }
                None => empty.push(p),
            }
        }
        let _ = (source, node);
        let mut black: Vec<Point> = Vec::new();
        let mut white: Vec<Point> = Vec::new();
        for (&p, &(color, _)) in &self.placed {
            match color {
                Color::Black => black.push(p),
                Color::White => white.push(p),
            }
        }
        black.sort_unstable();
        white.sort_unstable();
        empty.sort_unstable();
        empty.dedup();
        let spans = self
            .placed
            .into_iter()
            .map(|(p, (_, at))| (p, at))
            .collect();
        let change = SetupChange {
            after_moves,
            black,
            white,
            empty,
            to_play: self.to_play,
            span,
        };
        Some((change, spans))
    }
}

/// The move property `prop` (`B` or `W`) of `node`: its colour, and the move, or `None` after
/// reporting why it cannot be read (not one point, off the board). `B[]` is a pass, and so are
/// `B[tt]` and `B[zz]` on boards up to 19x19, as FF[3] files wrote it (with a note).
pub(super) fn move_of(
    source: &str,
    node: &NodeSpans<'_>,
    prop: &PropertySpan<'_>,
    size: BoardSize,
    problems: &mut Problems,
) -> (Color, Option<Move>) {
    let color = if &*prop.identifier == "B" {
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
        // `tt` (on boards up to 19x19) and `zz` are off the board: old writers' passes.
        Some(Some(xy @ ((19, 19) | (25, 25)))) if size.get() <= 19 => {
            let written = if xy.0 == 19 { "tt" } else { "zz" };
            problems.assume(&format!("pass:{written}"), prop.whole.clone(), || {
                format!(
                    "`{}` is off the board: read as a pass, as FF[3] files wrote passes",
                    shown(&source[prop.whole.clone()])
                )
            });
            Some(Move::Pass)
        }
        Some(Some(p)) => on_board(p, size, source, node, prop, problems).map(Move::Play),
        None => {
            invalid(source, node, prop, problems);
            None
        }
    };
    (color, mv)
}
