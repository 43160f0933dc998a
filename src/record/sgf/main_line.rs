//! The main line read node by node into a record: the root's size, rules and setup position,
//! then every move.

use std::ops::Range;

use super::problems::{Problems, SGF_SHAPE, invalid, on_board};
use super::ruleset_name::{KNOWN_RULESETS, named_rules};
use super::spans::{NodeSpans, PropertySpan};
use super::values::{parse_color, parse_move, parse_points, parse_size, sgf_name, sgf_xy, single};
use crate::diag::Diagnostic;
use crate::record::{GameInfo, Record, RecordNote, RuleOverrides, RulesSource};
use crate::rules::notation::{NO_LIBERTY_HELP, chains_without_liberty};
use crate::rules::{Board, BoardSize, Color, KoRule, Move, Rules, Scoring, SuicideRule};

/// What the root sets: the board, the rules (and where they came from) and the setup position.
#[derive(Debug)]
struct Start {
    size: BoardSize,
    rules: Rules,
    setup: Board,
    source: RulesSource,
    notes: Vec<RecordNote>,
}

/// The main line read so far, node by node as the scan hands them over.
pub(super) struct MainLine<'t> {
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
    /// The players and particulars, from the first node on the main line that gives each.
    info: GameInfo,
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
                "AB" | "AW" if k == 0 => {
                    let color = if id == "AB" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    set_up(start, color, source, node, prop, problems);
                }
                "PL" if k == 0 => match parse_color(&node.decoded(source, prop)) {
                    Some(c) => self.to_play = Some(c),
                    None => invalid(source, node, prop, problems),
                },
                "AB" | "AW" | "AE" | "PL" => refuse_late_setup(source, node, prop, problems),
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
        if !problems.is_empty() && self.moves.capacity() > 0 {
            self.moves = Vec::new();
        }
    }

    /// The record once the scan is over, or every problem found.
    pub(super) fn finish(self, mut problems: Problems) -> Result<Record, Vec<Diagnostic>> {
        let Some(Start {
            size,
            rules,
            setup,
            source,
            notes,
        }) = self.start
        else {
            // The root was refused, and always with a reason; this is only a safety net.
            if problems.is_empty() {
                problems.report(|| Diagnostic::at(0..0, "no game found").with_help(SGF_SHAPE));
            }
            return Err(problems.list);
        };
        for chain in chains_without_liberty(&setup) {
            let id = match chain.color {
                Color::Black => "AB",
                Color::White => "AW",
            };
            let root = &self.root;
            let source = self.source;
            problems.report(|| {
                let d = match root.find(id) {
                    Some(p) => Diagnostic::at(
                        root.span_of(source, p, sgf_xy(chain.first, size.get())),
                        chain.message,
                    ),
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
        })
    }
}

/// Places the root's setup stones of `color` (`AB` or `AW`) on the starting board; a point
/// set up twice is a problem.
fn set_up(
    start: &mut Start,
    color: Color,
    source: &str,
    node: &NodeSpans<'_>,
    prop: &PropertySpan<'_>,
    problems: &mut Problems,
) {
    let size = start.size;
    let Some(points) = parse_points(&node.decoded(source, prop)) else {
        invalid(source, node, prop, problems);
        return;
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

/// Refuses setup (`AB`, `AW`, `AE`, `PL`) after the root: replay starts from the root's board.
/// A value that is not even well formed is reported as that instead.
fn refuse_late_setup(
    source: &str,
    node: &NodeSpans<'_>,
    prop: &PropertySpan<'_>,
    problems: &mut Problems,
) {
    let id = &*prop.identifier;
    let values = node.decoded(source, prop);
    let valid = if id == "PL" {
        parse_color(&values).is_some()
    } else {
        parse_points(&values).is_some()
    };
    if !valid {
        invalid(source, node, prop, problems);
        return;
    }
    problems.report(|| {
        let message = if id == "AE" {
            "`AE` (removing stones) is not supported".to_string()
        } else {
            format!("`{id}` after the first node is not supported")
        };
        Diagnostic::at(prop.whole.clone(), message)
            .with_help("replay reads setup stones (`AB`, `AW`, `PL`) from the first node only")
    });
}

/// The root's komi (`KM`), when it is given and usable; a value that is not is reported.
fn read_komi(source: &str, root: &NodeSpans<'_>, problems: &mut Problems) -> Option<f64> {
    let prop = root.find("KM")?;
    let values = root.decoded(source, prop);
    match single(&values).and_then(|v| v.parse::<f64>().ok()) {
        Some(k) if k.is_finite() && k.abs() <= 1000.0 => return Some(k),
        Some(k) => problems.report(|| {
            Diagnostic::at(
                prop.whole.clone(),
                format!("komi {k} is not a usable number"),
            )
            .with_help("write komi like `KM[7.5]`")
        }),
        None => invalid(source, root, prop, problems),
    }
    None
}

/// The notes saying which rule flags replace what the record's ruleset (`RU`) or komi (`KM`)
/// set, so that nobody wonders why the result differs from the record's.
fn override_notes(
    rules_source: &RulesSource,
    base: &Rules,
    komi: Option<f64>,
    overrides: &RuleOverrides,
) -> Vec<RecordNote> {
    let mut notes = Vec::new();
    if let RulesSource::Ruleset(name) = rules_source {
        let from = format!("RU[{name}]");
        if let Some(ko) = overrides.ko.filter(|k| *k != base.ko) {
            notes.push(RecordNote::FlagOverrides {
                flag: format!("--ko {ko}"),
                record: format!("{} repetition rule", base.ko),
                from: from.clone(),
            });
        }
        if let Some(scoring) = overrides.scoring.filter(|s| *s != base.scoring) {
            notes.push(RecordNote::FlagOverrides {
                flag: format!("--scoring {scoring}"),
                record: format!("{} scoring", base.scoring),
                from,
            });
        }
    }
    // `KM` counts only when the board is counted, so `--komi` replaces it only then.
    if let (Some(km), Some(given)) = (komi, overrides.komi)
        && km != given
        && overrides.scoring.unwrap_or(base.scoring) != Scoring::Captures
    {
        notes.push(RecordNote::FlagOverrides {
            flag: format!("--komi {}", crate::wording::number(given)),
            record: format!("komi {}", crate::wording::number(km)),
            from: format!("KM[{}]", crate::wording::number(km)),
        });
    }
    notes
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
    let komi = read_komi(source, root, problems);
    let mut base = Rules {
        suicide: SuicideRule::Forbidden,
        ko: KoRule::Positional,
        end_passes: Some(2),
        max_stones: None,
        capture_target: None,
        scoring: Scoring::Captures,
        komi: komi.unwrap_or(0.0),
    };
    let mut rules_source = RulesSource::SgfDefaults;
    let mut notes = Vec::new();
    let ruleset = root.find("RU").and_then(|prop| {
        let values = root.decoded(source, prop);
        single(&values).map(|v| v.trim().to_string())
    });
    if let Some(name) = ruleset {
        match named_rules(&name) {
            Some(named) => {
                base.ko = named.ko;
                base.scoring = named.scoring;
                base.suicide = named.suicide;
                rules_source = RulesSource::Ruleset(name);
            }
            None => notes.push(RecordNote::UnknownRuleset {
                name,
                known: KNOWN_RULESETS,
            }),
        }
    }
    notes.extend(override_notes(&rules_source, &base, komi, overrides));
    let mut rules = overrides.apply(base);
    // `KM` is Go komi for counting the board; a capture count takes komi from `--komi` only.
    if rules.scoring == Scoring::Captures && overrides.komi.is_none() {
        rules.komi = 0.0;
    }
    let size = size?;
    Some(Start {
        size,
        rules,
        setup: Board::new(size),
        source: rules_source,
        notes,
    })
}

/// The move property `prop` (`B` or `W`) of `node`: its colour, and the move, or `None` after
/// reporting why it cannot be read (not one point, off the board). `B[]` is a pass, and so is
/// `B[tt]` on boards up to 19x19, as FF[3] wrote it.
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
        Some(Some((19, 19))) if size.get() <= 19 => Some(Move::Pass),
        Some(Some(p)) => on_board(p, size, source, node, prop, problems).map(Move::Play),
        None => {
            invalid(source, node, prop, problems);
            None
        }
    };
    (color, mv)
}

/// The board size from the root's `SZ` (19 when absent, as FF[4] says).
fn read_size(source: &str, root: &NodeSpans<'_>, problems: &mut Problems) -> Option<BoardSize> {
    let Some(prop) = root.find("SZ") else {
        return BoardSize::new(19).ok();
    };
    board_size(source, root, prop, problems)
}

/// The board size `SZ` (written as `prop` in `root`) gives, or `None` after reporting why it
/// cannot be used: not a size, not square, or not a size the engine plays.
pub(super) fn board_size(
    source: &str,
    root: &NodeSpans<'_>,
    prop: &PropertySpan<'_>,
    problems: &mut Problems,
) -> Option<BoardSize> {
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
                .with_help("libertykit plays square boards, e.g. `SZ[9]`")
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
