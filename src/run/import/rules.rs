//! The kit's rules from a collection: those a libertykit export wrote in `LK`, which every game
//! must repeat, or those a plain file's `RU` names.

use super::imported::PrivateEntries;
use crate::diag::Diagnostic;
use crate::record::{KNOWN_RULESETS, SgfGame, named_rules};
use crate::rules::{KoRule, Rules, Scoring, SuicideRule};

/// A plain SGF's rules: those the first `RU` names (its repetition rule, scoring and whether
/// suicide is played, as `replay` reads them), with that game's `KM` when the board is counted;
/// the kit's defaults when no game has `RU` or it names a ruleset libertykit does not know. A
/// kit has one set of rules, so a later game naming others gets a note.
fn plain_rules(
    games: &[SgfGame],
    among_problems: bool,
    problems: &mut Vec<Diagnostic>,
    notes: &mut Vec<String>,
) -> (Rules, Vec<String>) {
    let mut rules = Rules::default();
    let mut lines = Vec::new();
    let Some((k, game, name)) = games
        .iter()
        .enumerate()
        .find_map(|(k, g)| g.ruleset.as_ref().map(|(name, _)| (k, g, name)))
    else {
        problem_ko(among_problems, &mut rules, &mut lines, notes);
        return (rules, lines);
    };
    let Some(named) = named_rules(name) else {
        notes.push(format!(
            "`RU[{name}]` is not a ruleset libertykit knows ({KNOWN_RULESETS}); the kit keeps the default rules"
        ));
        problem_ko(among_problems, &mut rules, &mut lines, notes);
        return (rules, lines);
    };
    rules.ko = named.ko;
    rules.scoring = named.scoring;
    rules.suicide = named.suicide;
    lines.push(format!("ko = \"{}\"", named.ko));
    lines.push(format!("scoring = \"{}\"", named.scoring));
    if named.suicide != SuicideRule::Forbidden {
        lines.push(format!("suicide = \"{}\"", named.suicide));
    }
    if named.scoring != Scoring::Captures {
        komi_of(game, &mut rules, &mut lines, problems);
    }
    let others: Vec<String> = games
        .iter()
        .enumerate()
        .filter(|(_, g)| {
            g.ruleset
                .as_ref()
                .is_some_and(|(n, _)| named_rules(n) != Some(named))
        })
        .map(|(j, _)| (j + 1).to_string())
        .collect();
    if !others.is_empty() {
        notes.push(format!(
            "game {} names `RU[{name}]`, which the kit follows; games {} name other rules",
            k + 1,
            others.join(", ")
        ));
    }
    (rules, lines)
}

/// A problem collection that names no ruleset is read under the simple ko rule: its problems
/// are written for it (a double ko's correct line repeats a whole-board position, which the
/// kit's default positional superko forbids), as every problem app and GNU Go read them.
fn problem_ko(
    among_problems: bool,
    rules: &mut Rules,
    lines: &mut Vec<String>,
    notes: &mut Vec<String>,
) {
    if !among_problems {
        return;
    }
    rules.ko = KoRule::Simple;
    lines.push(format!("ko = \"{}\"", KoRule::Simple));
    notes.push(
        "the collection's problems name no ruleset (`RU`): they are read under the simple ko rule they are written for (a double ko may repeat a position), and the kit says `ko = \"simple\"`"
            .to_string(),
    );
}

/// `KM` of `game` as the kit's komi, or a problem at it when it is not a usable number.
fn komi_of(
    game: &SgfGame,
    rules: &mut Rules,
    lines: &mut Vec<String>,
    problems: &mut Vec<Diagnostic>,
) {
    if let Some((komi, span)) = &game.komi {
        match komi.parse::<f64>() {
            Ok(k) if k.is_finite() && k.abs() <= 1000.0 => {
                rules.komi = k;
                lines.push(format!("komi = {k:?}"));
            }
            _ => problems.push(
                Diagnostic::at(
                    span.clone(),
                    format!("komi `{komi}` is not a usable number"),
                )
                .with_help("write komi like `KM[7.5]`"),
            ),
        }
    }
}

/// The kit's rules: those libertykit wrote in the first game's `LK` (and `KM`), which every
/// other game that has them must repeat; for any other SGF, those its `RU` names (a problem
/// collection naming none: the simple ko rule).
pub fn rules_of(
    (games, among_problems): (&[SgfGame], bool),
    privates: &[PrivateEntries],
    problems: &mut Vec<Diagnostic>,
    notes: &mut Vec<String>,
) -> (Rules, Vec<String>) {
    let mut rules = Rules::default();
    let mut lines = Vec::new();
    let Some(first) = privates.iter().position(|p| !p.is_empty()) else {
        return plain_rules(games, among_problems, problems, notes);
    };
    let written = privates[first].rules();
    for (name, value, span) in &written {
        let bad = |problems: &mut Vec<Diagnostic>, what: &str| {
            problems.push(
                Diagnostic::at(span.clone(), format!("`{name}={value}` is not {what}"))
                    .with_help("`libertykit help sgf` gives the values of `LK`"),
            );
        };
        match *name {
            "ko" => match value.parse::<KoRule>() {
                Ok(ko) => {
                    rules.ko = ko;
                    lines.push(format!("ko = \"{ko}\""));
                }
                Err(_) => bad(problems, "a repetition rule"),
            },
            "suicide" => match value.parse::<SuicideRule>() {
                Ok(rule) => {
                    rules.suicide = rule;
                    lines.push(format!("suicide = \"{rule}\""));
                }
                Err(_) => bad(problems, "a suicide rule"),
            },
            "scoring" => match value.parse::<Scoring>() {
                Ok(s) => {
                    rules.scoring = s;
                    lines.push(format!("scoring = \"{s}\""));
                }
                Err(_) => bad(problems, "a scoring rule"),
            },
            _ => match value.parse::<u32>() {
                Ok(n) if n > 0 => {
                    let slot = match *name {
                        "end_passes" => &mut rules.end_passes,
                        "max_stones" => &mut rules.max_stones,
                        _ => &mut rules.capture_target,
                    };
                    *slot = Some(n);
                    lines.push(format!("{name} = {n}"));
                }
                _ => bad(problems, "a whole number of at least 1"),
            },
        }
    }
    komi_of(&games[first], &mut rules, &mut lines, problems);
    let same = |p: &PrivateEntries| {
        let theirs: Vec<(&str, &str)> = p.rules().iter().map(|(n, v, _)| (*n, *v)).collect();
        let ours: Vec<(&str, &str)> = written.iter().map(|(n, v, _)| (*n, *v)).collect();
        theirs == ours
    };
    for (k, (game, private)) in games.iter().zip(privates).enumerate() {
        if !private.is_empty() && !same(private) {
            problems.push(
                Diagnostic::at(
                    game.size_span.clone(),
                    format!(
                        "game {} has other rules in `LK` than game {}; a kit has one set of rules",
                        k + 1,
                        first + 1
                    ),
                )
                .with_help("give every game the same `ko`, `end_passes`, `max_stones`, `capture_target` and `scoring`"),
            );
        }
    }
    (rules, lines)
}
