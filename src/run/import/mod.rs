//! The `import` command: an SGF collection written as a kit, one example per game, each key
//! filled in by the engine for the author to review.

mod collection_answer;
mod example;
mod exported_task;
mod giveaway;
mod imported;
mod in_parallel;
mod kit_text;
mod proven_goal;
mod rules;
mod selection;
mod solution_line;
mod sources;

use crate::control_chars::visible;
use std::path::Path;

use collection_answer::is_problem;
use example::example_of;
use imported::{ImportedExample, ImportedTask, PrivateEntries};
use kit_text::{KitHeader, kit_text};
use rules::rules_of;
pub use selection::Selection;
use selection::{Taken, take, where_written};
use sources::ImportText;

use super::{
    Console, Failure, KIT_LIMIT, Outcome, deliver, not_the_input, output_error, writable_target,
};
use crate::answer::{ExampleAnswer, ProofMemo, answer_example_reusing};
use crate::check::check_answers_reusing;
use crate::diag::{Diagnostic, Source};
use crate::kit::{Example, Task};
use crate::record::solution::first_moves;
use crate::record::{SgfGame, read_collection};
use crate::rules::{Move, Point, Rules};
use crate::wording::{Language, Wording};

/// Reads the SGF at `sgf` (a file, or every SGF file under a folder) and writes the kit to
/// `out`, or to standard output. A file that is malformed, or holds an impossible position, or
/// a single game that cannot be an example, gets its problems printed and exit 1, and nothing
/// is written; in a collection, a game that cannot be one is left out and said. An `out` that
/// is the SGF itself, or no regular file, or (without `force`) any file already there, is
/// refused before the SGF is read.
pub fn run(
    sgf: &Path,
    out: Option<&Path>,
    force: bool,
    selection: &Selection<'_>,
    console: &mut Console<'_>,
) -> Result<Outcome, Failure> {
    if let Some(out) = out {
        output_allowed(sgf, out, force)?;
    }
    // The one read of each file, in the charset its `CA` names or that is detected.
    let read = ImportText::read(sgf)?;
    // A folder's files are inputs too: `--out` (even with `--force`) never replaces one.
    if let Some(out) = out {
        for input in &read.inputs {
            not_the_input(input, out, "--out")?;
        }
    }
    for note in &read.notes {
        writeln!(console.err, "note: {note}").map_err(output_error)?;
    }
    write!(console.err, "{}", read.left_out).map_err(output_error)?;
    // `import .` names the folder it is, not `.`.
    let named = match sgf.file_name() {
        Some(_) => sgf.to_path_buf(),
        None => std::fs::canonicalize(sgf).unwrap_or_else(|_| sgf.to_path_buf()),
    };
    let name = named.file_name().map_or_else(
        || sgf.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let title = if read.is_folder() {
        name.clone()
    } else {
        named
            .file_stem()
            .map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned())
    };
    let mut notes = Notes::default();
    // The proofs import reads for the kit's answers, reused when it checks the kit it wrote.
    let memo = ProofMemo::default();
    let kit = kit_of(&read, (&name, &title), selection, &memo, &mut notes);
    for note in notes.said {
        // A note may quote the file (`RU[...]`): its control characters are shown, not sent.
        writeln!(console.err, "note: {}", visible(&note)).map_err(output_error)?;
    }
    write!(console.err, "{}", read.render_all(&notes.placed)).map_err(output_error)?;
    let kit = match kit {
        Ok(kit) => kit,
        Err(NoKit::Problems(problems)) => {
            write!(console.err, "{}", read.render_all(&problems)).map_err(output_error)?;
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
    if let Err(problems) = check_answers_reusing(&written, Some(&memo)) {
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

/// What import says of how it read a file, beside the kit it writes.
#[derive(Debug, Default)]
struct Notes {
    /// Notes on the file or a game, one line each.
    said: Vec<String>,
    /// Notes at a place in the file: why a game was left out of the kit.
    placed: Vec<Diagnostic>,
}

/// The kit's text from the games of `read` that `selection` takes, or every problem found;
/// what the user should know besides goes to `all_notes`.
fn kit_of(
    read: &ImportText,
    (name, title): (&str, &str),
    selection: &Selection<'_>,
    memo: &ProofMemo,
    all_notes: &mut Notes,
) -> Result<String, NoKit> {
    let notes = &mut all_notes.said;
    let collection = read_collection(&read.text)?;
    notes.extend(collection.notes.iter().map(|note| {
        let place = read.place_of_line(note.line);
        let mut said = format!("{place}:{}: {}", note.column, note.message);
        if note.times > 1 {
            said.push_str(&format!(" ({} times)", note.times));
        }
        said
    }));
    // A collection with a problem in it (a marked line, or a side to play over a set-up
    // position) is a problem collection: a game of it that does not say who plays is one more
    // problem. Judged on the whole collection, so that `--games` cannot turn the same game
    // into moves printed for the players.
    let among_problems = collection.games.iter().any(|g| {
        g.libertykit.is_empty()
            && (is_problem(g, false)
                || first_moves(&g.solution).iter().any(|f| f.verdict.is_some()))
    });
    let Taken {
        games,
        numbers,
        size,
    } = take(collection.games, read, name, selection, notes)?;
    let mut problems = Vec::new();
    let privates: Vec<PrivateEntries> = games
        .iter()
        .map(|g| PrivateEntries::read(g, &mut problems))
        .collect();
    let (rules, rule_lines) = rules_of((&games, among_problems), &privates, &mut problems, notes);
    let (mut examples, left_out) = examples_of(
        read,
        name,
        (&games, &numbers, &privates),
        (&rules, among_problems),
        (&mut problems, notes),
    );
    if !problems.is_empty() {
        return Err(NoKit::Problems(problems));
    }
    all_notes.placed = left_out;
    let notes = &mut all_notes.said;
    let taken = examples.iter().filter(|e| e.main_line_taken).count();
    if taken > 0 {
        notes.push(format!(
            "{taken} problem{} mark{} no line correct or wrong: each one's main line is taken as its answer (the kit says so at each)",
            if taken == 1 { "" } else { "s" },
            if taken == 1 { "s" } else { "" }
        ));
    }
    // The engine answers each example as imported; `run` then checks the kit as written, keys
    // included, as `check` would, so a key that is not what the written kit asks is caught
    // there. (Writing a draft without keys to load and answer it cost a third of the time of a
    // large import.)
    let answers: Vec<ExampleAnswer> = in_parallel::map_in_parallel(&examples, |i, e| {
        answer_example_reusing(&rules, &kit_example(i + 1, e), memo)
    });
    let language = kit_language(&privates);
    // A problem file's moves are its answer: named beside an answer word, they state it.
    let by_number: std::collections::HashMap<usize, &SgfGame> =
        numbers.iter().copied().zip(games.iter()).collect();
    let file_points = |number: usize| -> Vec<Point> {
        by_number
            .get(&number)
            .map(|game| {
                let main = game.moves.iter().map(|(_, m, _)| *m);
                main.chain(game.solution.iter().map(|node| node.mv))
                    .filter_map(|m| match m {
                        Move::Play(p) => Some(p),
                        Move::Pass => None,
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    giveaway::leave_out_giveaways(
        &mut examples,
        &answers,
        &file_points,
        &Wording::for_language(language),
        notes,
    );
    let mut header = KitHeader {
        from: name.to_string(),
        // A libertykit export names its kit in each game's `EV`; any other file by its name.
        title: giveaway::plain_kit_title(
            kit_title(&games, &privates, title),
            &answers,
            &Wording::for_language(language),
            notes,
        ),
        kit: kit_lines(&privates),
        size,
        rules: rule_lines,
    };
    if !header.kit.iter().any(|line| line.starts_with("font ")) {
        choose_font(&mut header, &examples, read.charset, notes);
    }
    Ok(kit_text(&header, &examples, Some(&answers)))
}

/// The examples of `games` (with their `numbers` and `LK` entries) under `rules`, in a
/// collection of problems or not (`among_problems`), and the notes
/// that say which games were left out and why; a game's problems go to `problems` when it cannot
/// be left out (a file's only game, a libertykit export's), what is unclear to `notes`.
fn examples_of(
    read: &ImportText,
    name: &str,
    (games, numbers, privates): (&[SgfGame], &[usize], &[PrivateEntries]),
    (rules, among_problems): (&Rules, bool),
    (problems, notes): (&mut Vec<Diagnostic>, &mut Vec<String>),
) -> (Vec<ImportedExample>, Vec<Diagnostic>) {
    let mut examples = Vec::new();
    let mut left_out = Vec::new();
    let several = games.len() > 1;
    // Each game's example is made on its own (a problem's question found and proven), all
    // at once; what becomes of it is then decided in order.
    let items: Vec<_> = games.iter().zip(privates).zip(numbers).collect();
    let made = in_parallel::map_in_parallel(&items, |_, &((game, private), &number)| {
        let mut own = Vec::new();
        let example = example_of(number, game, private, (rules, among_problems), &mut own);
        (example, own)
    });
    for (((game, private), &number), (example, own)) in items.into_iter().zip(made) {
        // One game a collection's other readers show but a kit cannot hold (a line illegal
        // under the kit's rules) does not cost the others: it is left out, and said where.
        // A libertykit export is the author's own kit: its faults are problems.
        // A game of a folder is named with its file too: that is where an author looks.
        let label = if read.is_folder() {
            format!("game {number} (`{}`)", read.file_at(where_written(game)))
        } else {
            format!("game {number}")
        };
        if several && private.is_empty() && !own.is_empty() {
            left_out.extend(own.into_iter().map(|d| left_out_note(number, &label, d)));
            continue;
        }
        problems.extend(own);
        if let Some(mut example) = example {
            // A collection's answer is named by its file, in any language the kit prints (an
            // export names its own, or none).
            if private.is_empty()
                && let ImportedTask::Solve { source, .. } | ImportedTask::LifeDeath { source, .. } =
                    &mut example.task
            {
                source.get_or_insert_with(|| name.to_string());
            }
            if example.flagged
                && let Some(note) = &example.note
            {
                notes.push(format!("{label}: {note}"));
            }
            examples.push(example);
        }
    }
    if examples.is_empty() && !left_out.is_empty() {
        // Nothing is left to write: what left each game out is the file's problem.
        problems.extend(
            std::mem::take(&mut left_out)
                .into_iter()
                .map(|d| Diagnostic {
                    is_note: false,
                    ..d
                }),
        );
    }
    (examples, left_out)
}

/// `d`, which keeps game `number` (named `label`) out of the kit, as a note that says so.
fn left_out_note(number: usize, label: &str, d: Diagnostic) -> Diagnostic {
    let prefix = format!("game {number}, ");
    let why = d.message.strip_prefix(&prefix).unwrap_or(&d.message);
    Diagnostic {
        message: format!("{label} is left out of the kit: {why}"),
        is_note: true,
        ..d
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
        ImportedTask::LifeDeath {
            goal,
            group,
            correct,
            wrong,
            source,
        } => Task::LifeDeath {
            goal: *goal,
            group: *group,
            region: None,
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
                prompt: e
                    .prompt
                    .clone()
                    .unwrap_or_else(|| crate::layout::prompt::prompt(&kit, e)),
            })
            .collect();
        let exported = crate::export::sgf::sgf_collection(&kit, &key, &questions, "test");
        let mut sound = 0;
        for text in [&collection, &exported] {
            for (end, _) in text.char_indices().chain([(text.len(), ' ')]) {
                let read = ImportText::of_text("p.sgf", text[..end].to_string());
                match kit_of(
                    &read,
                    ("p.sgf", "p"),
                    &Selection::default(),
                    &ProofMemo::default(),
                    &mut Notes::default(),
                ) {
                    Ok(kit) => {
                        let source = Source::new("p.toml", kit);
                        let checked = crate::check::check_answers(&source);
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
