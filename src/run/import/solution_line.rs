//! Which line of a problem's solution tree an imported example shows, by what its collection
//! marks: a line marked correct, never one marked wrong, and a note whenever the collection's
//! answer is not one plain line (two correct first moves, the file's first line marked wrong,
//! no line marked correct).

use std::ops::Range;

use crate::record::SgfGame;
use crate::record::solution::{FirstMove, Verdict};
use crate::rules::{Color, Move};

/// The moves an example shows, with where each is written.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownLine {
    /// The moves, with their colours.
    pub moves: Vec<(Color, Move)>,
    /// Where each move is written in the file.
    pub spans: Vec<Range<usize>>,
}

/// What a game's solution tree makes of the example.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// Nothing in the tree is marked: the main line is shown, as for any game.
    Unmarked,
    /// This line is marked correct; `note` says what else the collection marks, if anything.
    Correct {
        /// The line shown.
        line: ShownLine,
        /// What the kit's comment says.
        note: Option<String>,
        /// The collection's answer is not one line (several first moves marked correct):
        /// import says the note on stderr too.
        unclear: bool,
    },
    /// No line is marked correct: no move is shown, and the note says why.
    NoneCorrect {
        /// What the kit's comment and import's stderr say.
        note: String,
    },
}

/// The line `game` should show, by what its collection marks; `firsts` are its first moves
/// (`record::solution::first_moves` of its solution).
pub fn choose_line(game: &SgfGame, firsts: &[FirstMove]) -> Choice {
    if firsts.iter().all(|f| f.verdict.is_none()) {
        return Choice::Unmarked;
    }
    let named = |f: &FirstMove| format!("{} {}", f.color.name(), f.mv);
    let correct: Vec<&FirstMove> = firsts
        .iter()
        .filter(|f| f.verdict == Some(Verdict::Correct))
        .collect();
    let wrong: Vec<String> = firsts
        .iter()
        .filter(|f| f.verdict == Some(Verdict::Wrong))
        .map(named)
        .collect();
    let Some(shown) = correct.first() else {
        let mut note = "no line of this problem is marked correct".to_string();
        if !wrong.is_empty() {
            note.push_str(&format!(" ({} marked wrong)", wrong.join(", ")));
        }
        note.push_str(": its moves are left out, and the position asks its own question");
        return Choice::NoneCorrect { note };
    };
    let mut said = Vec::new();
    if correct.len() > 1 {
        let all: Vec<String> = correct.iter().map(|f| named(f)).collect();
        said.push(format!(
            "the collection marks {} first moves correct ({}): this shows the line of {}",
            correct.len(),
            all.join(", "),
            named(shown)
        ));
    }
    // The file's first line is what a reader of the main line alone would have taught.
    if let Some(first) = firsts.first()
        && first.verdict == Some(Verdict::Wrong)
    {
        said.push(format!(
            "the file's first line, {}, is marked wrong and is left out",
            named(first)
        ));
    }
    let line = ShownLine {
        moves: shown
            .line
            .iter()
            .map(|&i| (game.solution[i].color, game.solution[i].mv))
            .collect(),
        spans: shown
            .line
            .iter()
            .map(|&i| game.solution[i].span.clone())
            .collect(),
    };
    Choice::Correct {
        line,
        note: (!said.is_empty()).then(|| said.join("; ")),
        unclear: correct.len() > 1,
    }
}
