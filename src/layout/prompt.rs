//! What an example asks, in words from the templates: its heading, position and prompt (never its answer).

use crate::kit::{Example, Kit, Task};
use crate::rules::life_death::Goal as LdGoal;
use crate::rules::reading::Goal;
use crate::rules::{Color, Move};
use crate::wording::Wording;

use super::style::ExamplePrint;

/// The example's heading: `Example 1`, or the author's title after its number (`4. Is it
/// legal?`), so a host can say "look at number 4" whatever the examples are called.
pub fn title(example: &Example, wording: &Wording) -> String {
    let number = example.number.to_string();
    match &example.title {
        Some(title) => wording.fill(
            "example_numbered_title",
            &[("number", &number), ("title", title)],
        ),
        None => wording.fill("example_heading", &[("number", &number)]),
    }
}

/// The most stones a position may have for its words to print under the diagram unless the
/// kit says otherwise: about one line, as the seed's examples (four and five stones). Longer
/// lists (a 9x9 example's 60 coordinates) only repeat the diagram in four lines of text.
pub const SHORT_POSITION: usize = 8;

/// Whether `example`'s position is printed in words under its diagram: as the kit's
/// `position_words` says, or when the position is short and the kit is a session's (in a
/// problem book the diagram is the position).
pub fn shows_position_words(kit: &Kit, example: &Example) -> bool {
    kit.position_words.unwrap_or_else(|| {
        let stones =
            example.board.stones(Color::Black).len() + example.board.stones(Color::White).len();
        stones <= SHORT_POSITION
            && ExamplePrint::for_count(kit.examples.len()) == ExamplePrint::Session
    })
}

/// The position as the author wrote it, on one line: `white C3; black B3 C2 D3`, with each
/// colour word in the pack's language when the author wrote it in another (`Blanc C3; Noir B3`).
pub fn position(example: &Example, wording: &Wording) -> String {
    let text = position_line(&example.position_text, wording);
    wording.fill("example_position", &[("position", &text)])
}

/// `text`, a position written as a list, with each group's colour word in `wording`'s
/// language; what it prints, `parse_position` reads back.
fn position_line(text: &str, wording: &Wording) -> String {
    text.split(';')
        .map(|part| {
            let mut words = part.split_whitespace();
            let Some(first) = words.next() else {
                return String::new();
            };
            let name = match Color::parse(first) {
                Some(c) if !wording.get(c.name()).eq_ignore_ascii_case(first) => {
                    wording.get(c.name())
                }
                _ => first,
            };
            std::iter::once(name)
                .chain(words)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// The example's question: the author's prompt, or one generated for its task.
pub fn prompt(kit: &Kit, example: &Example) -> String {
    let w = &kit.wording;
    let mover = example.to_play.unwrap_or(Color::Black);
    let color = |c: Color| w.get(c.name()).to_string();
    if let Some(p) = &example.prompt {
        // A diagram does not say who plays: where a move is asked and the author's words do
        // not name the side (a collection's prompt is often its level, "Elementary"), the
        // sheet does.
        let asks_a_move = matches!(
            example.task,
            Task::Capture | Task::Reading { .. } | Task::Solve { .. } | Task::LifeDeath { .. }
        );
        let named = p.to_lowercase().contains(&color(mover).to_lowercase());
        if asks_a_move && !named {
            return w.fill(
                "prompt_with_side",
                &[("color", &color(mover)), ("prompt", p)],
            );
        }
        return p.clone();
    }
    match &example.task {
        Task::Capture => w.fill("prompt_capture", &[("color", &color(mover))]),
        Task::Reading { goal, within, .. } => w.fill(
            match goal {
                Goal::Capture => "prompt_read_capture",
                Goal::Escape => "prompt_read_escape",
            },
            &[
                ("color", &color(mover)),
                ("opponent", &color(mover.opponent())),
                ("moves", &crate::answer::moves_count(*within, w)),
            ],
        ),
        Task::Liberties { group } => {
            let owner = example.board.stone(*group).unwrap_or(mover);
            w.fill(
                "prompt_liberties",
                &[("color", &color(owner)), ("group", &group.to_string())],
            )
        }
        Task::Legal { mv, history } if history.is_empty() => w.fill(
            "prompt_legal",
            &[("color", &color(mover)), ("point", &mv.to_string())],
        ),
        Task::Legal { mv, history } => w.fill(
            "prompt_legal_after",
            &[
                ("moves", &moves(history, w)),
                ("color", &color(mover)),
                ("point", &mv.to_string()),
            ],
        ),
        Task::Solve { .. } => w.fill("prompt_solve", &[("color", &color(mover))]),
        Task::LifeDeath { goal, .. } => w.fill(
            match goal {
                LdGoal::Kill => "prompt_kill",
                LdGoal::Live => "prompt_live",
            },
            &[
                ("color", &color(mover)),
                ("opponent", &color(mover.opponent())),
            ],
        ),
        Task::Sequence { moves: m } => w.fill("prompt_sequence", &[("moves", &moves(m, w))]),
        Task::Score { dead } => w.fill(
            if dead.is_empty() {
                "prompt_score"
            } else {
                "prompt_score_dead"
            },
            &[("scoring", crate::answer::scoring_name(kit.rules.scoring, w))],
        ),
    }
}

/// Moves as `Black C4, White C5`.
fn moves(list: &[(Color, Move)], w: &Wording) -> String {
    list.iter()
        .map(|(c, m)| {
            w.fill(
                "prompt_move",
                &[("color", w.get(c.name())), ("point", &m.to_string())],
            )
        })
        .collect::<Vec<_>>()
        .join(w.get("list_comma"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;
    use crate::rules::notation::parse_position;
    use crate::wording::Language;

    #[test]
    fn a_position_printed_in_any_language_reads_back_as_the_same_stones() {
        let size = BoardSize::new(5).unwrap();
        let stones = |text: &str| -> Vec<_> {
            let placed = parse_position(text, size).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            placed.into_iter().map(|p| (p.color, p.point)).collect()
        };
        let written = "white C3; black B3 C2 D3";
        for language in Language::ALL {
            let wording = Wording::for_language(language);
            let printed = position_line(written, &wording);
            assert_eq!(stones(&printed), stones(written), "{language:?}: {printed}");
            // A French position pasted into an English kit prints in English.
            let back = position_line(&printed, &Wording::defaults());
            assert!(
                back.eq_ignore_ascii_case("White C3; Black B3 C2 D3"),
                "{language:?}: {back}"
            );
        }
        let french = position_line(written, &Wording::for_language(Language::French));
        assert_eq!(french, "Blanc C3; Noir B3 C2 D3");
    }
}
