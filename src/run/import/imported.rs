//! What an imported game becomes: the example's task with its fields, the example as import
//! holds it before writing the kit, and the `LK` values a libertykit export carries.

use std::ops::Range;

use crate::diag::Diagnostic;
use crate::kit::View;
use crate::record::SgfGame;
use crate::rules::life_death;
use crate::rules::reading::Goal;
use crate::rules::{Color, Move, Point, Position};

/// What an imported example asks, with the fields of its task.
#[derive(Debug, Clone, PartialEq)]
pub enum ImportedTask {
    /// Which moves of `to_play` capture.
    Capture,
    /// A reading problem: capture or save the chain through `group` within `within` moves.
    Reading {
        /// Capture or escape.
        goal: Goal,
        /// A stone of the chain.
        group: Point,
        /// The attacker's moves allowed.
        within: u32,
    },
    /// The liberties of the chain through `group`.
    Liberties {
        /// A stone of the chain.
        group: Point,
    },
    /// Whether `mv` is legal after `history`.
    Legal {
        /// The moves before the question.
        history: Vec<(Color, Move)>,
        /// The point asked about.
        mv: Point,
    },
    /// Play these moves.
    Sequence {
        /// The moves, with their colours.
        moves: Vec<(Color, Move)>,
    },
    /// Count the position after removing `dead`.
    Score {
        /// Stones agreed dead.
        dead: Vec<Point>,
    },
    /// A life-and-death problem the solver proves: kill or make live the group through
    /// `group`, with the collection's lines kept as its claim (any difference is an erratum).
    LifeDeath {
        /// Kill or live.
        goal: life_death::Goal,
        /// A stone of the group.
        group: Point,
        /// The lines marked correct.
        correct: Vec<Vec<(Color, Move)>>,
        /// The tries marked wrong, each with its refutation.
        wrong: Vec<Vec<(Color, Move)>>,
        /// Whose claim the lines are.
        source: Option<String>,
    },
    /// The collection's answer: its correct lines and wrong tries, every move legal.
    Solve {
        /// The lines marked correct.
        correct: Vec<Vec<(Color, Move)>>,
        /// The tries marked wrong, each with its refutation.
        wrong: Vec<Vec<(Color, Move)>>,
        /// Whose answer it is.
        source: Option<String>,
    },
}

/// One example read from a game.
#[derive(Debug, Clone)]
pub struct ImportedExample {
    /// The game's number in the file, from 1 (with `--games`, not its place in the kit).
    pub number: usize,
    /// `GN` or `N`, unless libertykit made the title up.
    pub title: Option<String>,
    /// `C`, unless libertykit made the prompt up.
    pub prompt: Option<String>,
    /// The setup position.
    pub board: Position,
    /// `PL` (or the colour of a `legal` question's move).
    pub to_play: Option<Color>,
    /// The task.
    pub task: ImportedTask,
    /// `VW` of a game libertykit wrote.
    pub view: Option<View>,
    /// Why the task was chosen, when the game did not make it plain; written as a comment.
    pub note: Option<String>,
    /// The note says the collection's answer is unclear (several first moves marked correct,
    /// or none): import also says it on stderr.
    pub flagged: bool,
    /// The problem marks no line, and its main line is taken as its answer: import counts
    /// these on stderr.
    pub main_line_taken: bool,
}

impl ImportedExample {
    /// Adds a sentence to the example's note.
    pub fn add_note(&mut self, note: String) {
        self.note = Some(match self.note.take() {
            Some(known) => format!("{known}; {note}"),
            None => note,
        });
    }
}

/// The `LK` values of a game, read: `name=value` pairs with where each is written.
#[derive(Debug, Clone, Default)]
pub struct PrivateEntries {
    entries: Vec<(String, String, Range<usize>)>,
}

impl PrivateEntries {
    /// Reads `LK`'s values; a value that is not `name=value` is a problem.
    pub fn read(game: &SgfGame, problems: &mut Vec<Diagnostic>) -> PrivateEntries {
        let mut entries = Vec::new();
        for (value, span) in &game.libertykit {
            match value.split_once('=') {
                Some((name, v)) => entries.push((name.trim().into(), v.trim().into(), span.clone())),
                None => problems.push(
                    Diagnostic::at(span.clone(), format!("`LK[{value}]` is not `name=value`"))
                        .with_help("libertykit's `LK` values read like `LK[task=capture]`; see `libertykit help sgf`"),
                ),
            }
        }
        PrivateEntries { entries }
    }

    /// Whether the game has any.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of `name`, with where it is written.
    pub fn get(&self, name: &str) -> Option<(&str, Range<usize>)> {
        self.entries
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, v, s)| (v.as_str(), s.clone()))
    }

    /// Whether `generated=what` is among them.
    pub fn generated(&self, what: &str) -> bool {
        self.entries
            .iter()
            .any(|(n, v, _)| n == "generated" && v == what)
    }

    /// The `[kit]` entries they set (`language`, `font`), in the order written.
    pub fn kit(&self) -> Vec<(&str, &str)> {
        self.entries
            .iter()
            .filter(|(n, _, _)| n == "language" || n == "font")
            .map(|(n, v, _)| (n.as_str(), v.as_str()))
            .collect()
    }

    /// The `[rules]` entries they set (`ko`, `end_passes`, ...), in the order written.
    pub fn rules(&self) -> Vec<(&str, &str, Range<usize>)> {
        const RULES: [&str; 6] = [
            "ko",
            "end_passes",
            "max_stones",
            "capture_target",
            "scoring",
            "suicide",
        ];
        self.entries
            .iter()
            .filter(|(n, _, _)| RULES.contains(&n.as_str()))
            .map(|(n, v, s)| (n.as_str(), v.as_str(), s.clone()))
            .collect()
    }
}
