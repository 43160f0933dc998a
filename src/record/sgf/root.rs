//! What an SGF game's root node sets: the board's size, the rules (`RU`, `KM`, the flags over
//! them, and where each came from), the handicap and the setup before the first move.

use std::ops::Range;

use super::problems::{Problems, invalid, shown};
use super::ruleset_name::{KNOWN_RULESETS, named_rules};
use super::spans::{NodeSpans, PropertySpan};
use super::values::{parse_size, single};
use crate::diag::Diagnostic;
use crate::record::{RecordNote, RecordedResult, RuleOverrides, RulesSource};
use crate::rules::{BoardSize, KoRule, Position, Rules, Scoring, SuicideRule};

/// What the root sets: the board, the rules (and where they came from) and the setup position.
#[derive(Debug)]
pub(super) struct Start {
    pub(super) size: BoardSize,
    pub(super) rules: Rules,
    /// The position before the first move: the root's setup and that of any setup nodes
    /// between it and the first move.
    pub(super) setup: Position,
    pub(super) source: RulesSource,
    pub(super) notes: Vec<RecordNote>,
    /// `HA` as a number of stones, with where it is written.
    pub(super) handicap: Option<(u32, Range<usize>)>,
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
pub(super) fn read_root(
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
        // A record that names no ruleset was played under rules it does not say: the basic ko
        // rule is the one every such game kept (GNU Go's default; sgfmill and Sabaki check no
        // superko), so a long cycle it played is named in a note, never refused.
        ko: KoRule::Simple,
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
    if rules_source == RulesSource::SgfDefaults
        && overrides.scoring.is_none()
        && let Some(said) = counted_by(source, root)
    {
        // A record that gives komi or a margin was counted at the end: scoring its captures
        // would compare a capture tally with a count of the board.
        base.scoring = Scoring::Area;
        problems.assume("counted", said.whole.clone(), || {
            format!(
                "the record names no ruleset but `{}` says the game was counted; it is counted by area (stones plus surrounded points), with komi {}",
                shown(&source[said.whole.clone()]),
                crate::wording::number(base.komi)
            )
        });
    }
    notes.extend(override_notes(&rules_source, &base, komi, overrides));
    let mut rules = overrides.apply(base);
    // `KM` is Go komi for counting the board; a capture count takes komi from `--komi` only.
    if rules.scoring == Scoring::Captures && overrides.komi.is_none() {
        rules.komi = 0.0;
    }
    let handicap = read_handicap(source, root, problems);
    if let (Some((stones, at)), RulesSource::Ruleset(name)) = (&handicap, &rules_source)
        && *stones >= 2
        && named_rules(name).is_some_and(|named| named.handicap_points_after_first)
        && rules.scoring == Scoring::Area
        && overrides.komi.is_none()
    {
        let points = f64::from(stones - 1);
        rules.komi += points;
        problems.assume("aga-handicap", at.clone(), || {
            format!(
                "under AGA rules counted by area White receives a point for each handicap stone after the first: {} added to komi, {} in all",
                crate::wording::number(points),
                crate::wording::number(rules.komi)
            )
        });
    }
    let size = size?;
    Some(Start {
        size,
        rules,
        setup: Position::empty(size),
        source: rules_source,
        notes,
        handicap,
    })
}

/// The root's property showing that the game was counted: `KM`, or an `RE` that is a win on
/// the count (`B+3.5`).
fn counted_by<'n, 't>(source: &str, root: &'n NodeSpans<'t>) -> Option<&'n PropertySpan<'t>> {
    if let Some(km) = root.find("KM") {
        return Some(km);
    }
    let re = root.find("RE")?;
    let values = root.decoded(source, re);
    matches!(
        single(&values).and_then(RecordedResult::parse),
        Some(RecordedResult::Score(..))
    )
    .then_some(re)
}

/// The root's `HA` as a number of stones, with where it is written; a value that is not a
/// number is a note, and no handicap is assumed.
fn read_handicap(
    source: &str,
    root: &NodeSpans<'_>,
    problems: &mut Problems,
) -> Option<(u32, Range<usize>)> {
    let prop = root.find("HA")?;
    let values = root.decoded(source, prop);
    match single(&values).and_then(|v| v.trim().parse::<u32>().ok()) {
        Some(n) => Some((n, prop.whole.clone())),
        None => {
            problems.assume("handicap-unread", prop.whole.clone(), || {
                format!(
                    "`{}` is not a number of handicap stones; it is left out",
                    shown(&source[prop.whole.clone()])
                )
            });
            None
        }
    }
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
