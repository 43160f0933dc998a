//! The `import` command: an SGF collection written as a kit, one example per game, each key
//! filled in by the engine for the author to review.

mod example;
mod giveaway;
mod kit_text;
mod proven_goal;
mod solution_line;

use crate::control_chars::visible;
use std::path::Path;

use example::{ImportedExample, ImportedTask, PrivateEntries, example_of};
use kit_text::{KitHeader, kit_text};

use super::{
    Console, Failure, KIT_LIMIT, Outcome, RECORD_LIMIT, deliver, not_the_input, output_error,
    read_bytes, writable_target,
};
use crate::answer::{ExampleAnswer, answer_example};
use crate::check::check_answers;
use crate::diag::{Diagnostic, Source};
use crate::kit::{Example, Task};
use crate::record::{GameSelection, KNOWN_RULESETS, SgfGame, named_rules, read_collection};
use crate::rules::{BoardSize, KoRule, Rules, Scoring, SuicideRule};
use crate::wording::{Language, Wording};

/// Reads the SGF at `sgf` and writes the kit to `out`, or to standard output. A file that is
/// malformed, mixes board sizes, or holds an impossible position or an illegal move gets its
/// problems printed and exit 1, and nothing is written. An `out` that is the SGF itself, or
/// no regular file, or (without `force`) any file already there, is refused before the SGF is
/// read.
pub fn run(
    sgf: &Path,
    out: Option<&Path>,
    force: bool,
    games: Option<&GameSelection>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    if let Some(out) = out {
        output_allowed(sgf, out, force)?;
    }
    // The one read of the file, in the charset its `CA` names or that is detected.
    let read = crate::record::sgf_text(read_bytes(sgf, RECORD_LIMIT)?);
    if let Some(why) = &read.unreadable {
        let path = sgf.display().to_string();
        return Err(Failure::new(format!(
            "`{}` cannot be read as text: {why}",
            visible(&path)
        )));
    }
    if let Some(note) = &read.note {
        let path = sgf.display().to_string();
        writeln!(console.err, "note: `{}`: {note}", visible(&path)).map_err(output_error)?;
    }
    let source = Source::new(sgf.display().to_string(), read.text);
    let name = sgf.file_name().map_or_else(
        || sgf.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let title = sgf
        .file_stem()
        .map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned());
    let mut notes = Vec::new();
    let kit = kit_of(
        source.text(),
        &name,
        &title,
        read.charset,
        games,
        &mut notes,
    );
    for note in notes {
        // A note may quote the file (`RU[...]`): its control characters are shown, not sent.
        writeln!(console.err, "note: {}", visible(&note)).map_err(output_error)?;
    }
    let kit = match kit {
        Ok(kit) => kit,
        Err(NoKit::Problems(problems)) => {
            write!(console.err, "{}", source.render_all(&problems)).map_err(output_error)?;
            return Ok(Outcome::CheckFailed);
        }
        Err(NoKit::Usage(message)) => return Err(Failure::new(message)),
    };
    // `check` reads no kit over its size limit, so import writes none: a collection of many
    // thousands of games can make one. Refused like a kit that fails its check (exit 1): the
    // SGF is sound, but it cannot become one kit.
    if kit.len() as u64 > KIT_LIMIT {
        writeln!(
            console.err,
            "error: the kit made from `{}` would be {:.1} MiB, more than the {} MiB a kit may be; nothing was written\n  = help: split the collection into smaller files and import each",
            sgf.display(),
            kit.len() as f64 / f64::from(1 << 20),
            KIT_LIMIT >> 20
        )
        .map_err(output_error)?;
        return Ok(Outcome::CheckFailed);
    }
    // The kit is checked as `check` would before it is written: import never writes a kit that
    // fails, whatever the SGF held.
    let written = Source::new(
        out.map_or_else(|| "<import>".into(), |p| p.display().to_string()),
        kit,
    );
    if let Err(problems) = check_answers(&written) {
        write!(console.err, "{}", written.render_all(&problems)).map_err(output_error)?;
        writeln!(
            console.err,
            "error: the kit made from `{}` does not pass `check`; nothing was written",
            sgf.display()
        )
        .map_err(output_error)?;
        return Ok(Outcome::CheckFailed);
    }
    deliver(out, written.text(), console)?;
    Ok(Outcome::Success)
}

/// Refuses to write the kit to `out` when that would destroy something: the SGF being read
/// (whatever `force` says), anything but a regular file, or an existing file (an author's kit)
/// unless `force` says to replace it, as `new` never does.
fn output_allowed(sgf: &Path, out: &Path, force: bool) -> Result<(), Failure> {
    not_the_input(sgf, out, "--out")?;
    writable_target(out)?;
    // `symlink_metadata`: a link, even to nowhere, is something there too.
    if !force && std::fs::symlink_metadata(out).is_ok() {
        return Err(Failure::new(format!(
            "`{}` already exists; pass `--force` to replace it, or choose another path for `--out`",
            out.display()
        )));
    }
    Ok(())
}

/// The kit's text from the SGF's (read in `charset`), or every problem found; what the user
/// should know besides goes to `notes`.
/// Why no kit was made: the file's problems (exit 1), or arguments that do not fit the file
/// (exit 2).
enum NoKit {
    Problems(Vec<Diagnostic>),
    Usage(String),
}

impl From<Vec<Diagnostic>> for NoKit {
    fn from(problems: Vec<Diagnostic>) -> NoKit {
        NoKit::Problems(problems)
    }
}

fn kit_of(
    sgf: &str,
    name: &str,
    title: &str,
    charset: &str,
    selection: Option<&GameSelection>,
    notes: &mut Vec<String>,
) -> Result<String, NoKit> {
    let collection = read_collection(sgf)?;
    notes.extend(collection.notes.iter().map(|note| format!("line {note}")));
    // Each game keeps its number in the file, for every message about it.
    let mut numbers: Vec<usize> = (1..=collection.games.len()).collect();
    let mut games = collection.games;
    if let Some(selection) = selection {
        if selection.highest() > games.len() {
            return Err(NoKit::Usage(format!(
                "`--games` asks for game {}, but `{name}` holds {} game{}: number them from 1 to {}",
                selection.highest(),
                games.len(),
                if games.len() == 1 { "" } else { "s" },
                games.len()
            )));
        }
        let mut number = 0;
        games.retain(|_| {
            number += 1;
            selection.takes(number)
        });
        numbers.retain(|&n| selection.takes(n));
    }
    let size = one_board_size(&games)?;
    let mut problems = Vec::new();
    let privates: Vec<PrivateEntries> = games
        .iter()
        .map(|g| PrivateEntries::read(g, &mut problems))
        .collect();
    let (rules, rule_lines) = rules_of(&games, &privates, &mut problems, notes);
    let mut examples = Vec::new();
    for ((game, private), &number) in games.iter().zip(&privates).zip(&numbers) {
        if let Some(mut example) = example_of(number, game, private, &rules, &mut problems) {
            // A collection's answer is named by its file, in any language the kit prints (an
            // export names its own, or none).
            if private.is_empty()
                && let ImportedTask::Solve { source, .. } = &mut example.task
            {
                source.get_or_insert_with(|| name.to_string());
            }
            if example.flagged
                && let Some(note) = &example.note
            {
                notes.push(format!("game {number}: {note}"));
            }
            examples.push(example);
        }
    }
    if !problems.is_empty() {
        return Err(NoKit::Problems(problems));
    }
    // The engine answers each example as imported; `run` then checks the kit as written, keys
    // included, as `check` would, so a key that is not what the written kit asks is caught
    // there. (Writing a draft without keys to load and answer it cost a third of the time of a
    // large import.)
    let answers: Vec<ExampleAnswer> = examples
        .iter()
        .enumerate()
        .map(|(i, e)| answer_example(&rules, &kit_example(i + 1, e)))
        .collect();
    let language = kit_language(&privates);
    giveaway::leave_out_giveaways(
        &mut examples,
        &answers,
        &Wording::for_language(language),
        notes,
    );
    let mut header = KitHeader {
        from: name.to_string(),
        // A libertykit export names its kit in each game's `EV`; any other file by its name.
        title: kit_title(&games, &privates, title),
        kit: kit_lines(&privates),
        size,
        rules: rule_lines,
    };
    if !header.kit.iter().any(|line| line.starts_with("font ")) {
        choose_font(&mut header, &examples, charset, notes);
    }
    Ok(kit_text(&header, &examples, Some(&answers)))
}

/// The board size of every game; games on different sizes are refused, as a kit has one.
fn one_board_size(games: &[SgfGame]) -> Result<BoardSize, Vec<Diagnostic>> {
    let mut problems = Vec::new();
    // `read_collection` finds at least one game or says why not.
    let Some(size) = games.first().map(|g| g.size) else {
        return Err(vec![Diagnostic::at(0..0, "no game found")]);
    };
    for (k, game) in games.iter().enumerate().skip(1) {
        if game.size != size {
            problems.push(
                Diagnostic::at(
                    game.size_span.clone(),
                    format!(
                        "game {} is on a {} board, but game 1 is on {}; a kit has one board size",
                        k + 1,
                        game.size,
                        size
                    ),
                )
                .with_help(
                    "save the games of each board size in a file of their own and import each",
                ),
            );
        }
    }
    if problems.is_empty() {
        Ok(size)
    } else {
        Err(problems)
    }
}

/// The private entries of a libertykit export: those of the first game that has any.
fn first_private(privates: &[PrivateEntries]) -> Option<&PrivateEntries> {
    privates.iter().find(|p| !p.is_empty())
}

/// The kit's language: as a libertykit export names it, else English.
fn kit_language(privates: &[PrivateEntries]) -> Language {
    first_private(privates)
        .and_then(|p| p.kit().into_iter().find(|(name, _)| *name == "language"))
        .and_then(|(_, code)| Language::parse(code))
        .unwrap_or(Language::English)
}

/// The kit's title: a libertykit export names its kit in each game's `EV`; any other file is
/// named by `title` (its file name).
fn kit_title(games: &[SgfGame], privates: &[PrivateEntries], title: &str) -> String {
    match games.iter().zip(privates).find_map(|(g, p)| {
        g.event
            .as_deref()
            .filter(|e| !p.is_empty() && !e.trim().is_empty())
    }) {
        Some(event) => event.trim().to_string(),
        None if title.trim().is_empty() => "Imported examples".to_string(),
        None => title.to_string(),
    }
}

/// The `[kit]` lines a libertykit export carries, as TOML.
fn kit_lines(privates: &[PrivateEntries]) -> Vec<String> {
    first_private(privates)
        .map(|p| {
            p.kit()
                .into_iter()
                .map(|(name, value)| format!("{name} = {}", kit_text::toml_string(value)))
                .collect()
        })
        .unwrap_or_default()
}

/// Names an installed font that shows every name and comment of the kit, when the default
/// one does not; with none installed, a note says what to install.
fn choose_font(
    header: &mut KitHeader,
    examples: &[ImportedExample],
    charset: &str,
    notes: &mut Vec<String>,
) {
    let words = examples
        .iter()
        .flat_map(|e| [e.title.as_deref(), e.prompt.as_deref()])
        .flatten()
        .chain([header.title.as_str()]);
    match crate::typeface::font_for(words, charset) {
        Ok(None) => {}
        Ok(Some(family)) => header
            .kit
            .push(format!("font = {}", kit_text::toml_string(family))),
        Err(missing) => {
            let shown: String = missing.iter().take(8).collect();
            // A note, not a refusal: the kit is right, the machine lacks a font.
            notes.push(format!(
                "no installed font shows `{shown}` from the names and comments; install one (e.g. Noto Sans CJK) and set `[kit] font` before `check` and `build`"
            ));
        }
    }
}

/// The kit's example `number` as the engine answers it: the position, who is to play and the
/// task. What only the kit file holds (the text as written, where each value is) is left empty:
/// no answer depends on it.
fn kit_example(number: usize, imported: &ImportedExample) -> Example {
    let task = match &imported.task {
        ImportedTask::Capture => Task::Capture,
        ImportedTask::Reading {
            goal,
            group,
            within,
        } => Task::Reading {
            goal: *goal,
            group: *group,
            within: *within,
        },
        ImportedTask::Liberties { group } => Task::Liberties { group: *group },
        ImportedTask::Legal { history, mv } => Task::Legal {
            mv: *mv,
            history: history.clone(),
        },
        ImportedTask::Sequence { moves } => Task::Sequence {
            moves: moves.clone(),
        },
        ImportedTask::Score { dead } => Task::Score { dead: dead.clone() },
        ImportedTask::Solve {
            correct,
            wrong,
            source,
        } => Task::Solve {
            correct: correct.clone(),
            wrong: wrong.clone(),
            source: source.clone(),
        },
    };
    Example {
        number,
        title: None,
        prompt: None,
        position_text: String::new(),
        board: imported.board,
        to_play: imported.to_play,
        task,
        task_span: 0..0,
        view: None,
        key: None,
    }
}

/// A plain SGF's rules: those the first `RU` names (its repetition rule, scoring and whether
/// suicide is played, as `replay` reads them), with that game's `KM` when the board is counted;
/// the kit's defaults when no game has `RU` or it names a ruleset libertykit does not know. A
/// kit has one set of rules, so a later game naming others gets a note.
fn plain_rules(
    games: &[SgfGame],
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
        return (rules, lines);
    };
    let Some(named) = named_rules(name) else {
        notes.push(format!(
            "`RU[{name}]` is not a ruleset libertykit knows ({KNOWN_RULESETS}); the kit keeps the default rules"
        ));
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
/// other game that has them must repeat; for any other SGF, those its `RU` names.
fn rules_of(
    games: &[SgfGame],
    privates: &[PrivateEntries],
    problems: &mut Vec<Diagnostic>,
    notes: &mut Vec<String>,
) -> (Rules, Vec<String>) {
    let mut rules = Rules::default();
    let mut lines = Vec::new();
    let Some(first) = privates.iter().position(|p| !p.is_empty()) else {
        return plain_rules(games, problems, notes);
    };
    let written = privates[first].rules();
    for (name, value, span) in &written {
        let bad = |problems: &mut Vec<Diagnostic>, what: &str| {
            problems.push(
                Diagnostic::at(span.clone(), format!("`{name}={value}` is not {what}"))
                    .with_help("see docs/sgf.md for the values of `LK`"),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::answer_key;
    use crate::kit::load;

    /// Every prefix of a collection, and of the export of a kit with every task, imports or is
    /// refused with diagnostics; none panics, and every kit made passes the check `run` applies.
    #[test]
    fn every_prefix_imports_to_a_sound_kit_or_is_refused() {
        let dir = env!("CARGO_MANIFEST_DIR");
        let collection =
            std::fs::read_to_string(format!("{dir}/tests/sgf/collection.sgf")).unwrap();
        let scaffold =
            std::fs::read_to_string(format!("{dir}/tests/kits/good/scaffold.toml")).unwrap();
        let kit = load(&scaffold).unwrap();
        let key = answer_key(&kit);
        let questions: Vec<crate::export::sgf::Question> = kit
            .examples
            .iter()
            .map(|e| crate::export::sgf::Question {
                prompt: crate::layout::prompt::prompt(&kit, e),
            })
            .collect();
        let exported = crate::export::sgf::sgf_collection(&kit, &key, &questions, "test");
        let mut sound = 0;
        for text in [&collection, &exported] {
            for (end, _) in text.char_indices().chain([(text.len(), ' ')]) {
                match kit_of(&text[..end], "p.sgf", "p", "UTF-8", None, &mut Vec::new()) {
                    Ok(kit) => {
                        let source = Source::new("p.toml", kit);
                        let checked = check_answers(&source);
                        assert!(checked.is_ok(), "{:?}: {}", &text[..end], source.text());
                        sound += 1;
                    }
                    Err(NoKit::Problems(problems)) => {
                        assert!(!problems.is_empty(), "{:?}", &text[..end])
                    }
                    Err(NoKit::Usage(m)) => panic!("no selection was given: {m}"),
                }
            }
        }
        // Whole games end at each `)`: at least the two files themselves import.
        assert!(sound >= 2, "{sound}");
    }
}
