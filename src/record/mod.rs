//! Game records (TOML and SGF) read into a setup, rules and moves for the replay referee.
//!
//! Both forms load into one [`Record`]; every problem becomes a [`Diagnostic`] pointing at the
//! word (TOML) or the property (SGF) that is wrong.

mod game_info;
pub mod players_sheet;
pub mod referee;
mod selection;
mod sgf;
pub mod solution;
pub mod stated_goal;
mod toml_record;

pub use game_info::{GameInfo, ReadingNote, RecordNote, RecordedResult, RulesSource};
pub use selection::GameSelection;
pub use sgf::ruleset_name::{KNOWN_RULESETS, named_rules};
pub use sgf::{Collection, SgfGame, read_collection};

use std::ops::Range;
use std::path::Path;

use crate::diag::Diagnostic;
use crate::rules::{Board, BoardSize, Color, KoRule, Move, Point, Rules, Scoring};

/// A game record, checked: a legal setup position, the rules and the moves as written.
#[derive(Debug, Clone)]
pub struct Record {
    /// The board size.
    pub size: BoardSize,
    /// The rules the game is refereed under.
    pub rules: Rules,
    /// The setup position (empty when the record has none); no chain in it lacks a liberty.
    pub setup: Board,
    /// Who moves first.
    pub to_play: Color,
    /// The moves in order: the colour when written, the move, and where it is in the file.
    pub moves: Vec<(Option<Color>, Move, Range<usize>)>,
    /// Stones the players agreed are dead, with where each is in the file.
    pub dead: Vec<(Point, Range<usize>)>,
    /// The players, the game's particulars and the result the record gives.
    pub info: GameInfo,
    /// Where the rules came from.
    pub rules_source: RulesSource,
    /// What the report should say about how the record was read (an unknown `RU`, a flag
    /// replacing the record's rule).
    pub notes: Vec<RecordNote>,
    /// Variations left off the main line (SGF only).
    pub variations: usize,
    /// Stones set up or taken off after the first move (SGF `AB`, `AW`, `AE`, `PL` in a later
    /// node), in the order written.
    pub setups: Vec<SetupChange>,
}

/// A change to the board written between moves: stones added and taken off, and who moves
/// next. It is not a move: no capture follows, nobody's turn is spent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupChange {
    /// How many of the record's moves are played before it.
    pub after_moves: usize,
    /// Points given a black stone.
    pub black: Vec<Point>,
    /// Points given a white stone.
    pub white: Vec<Point>,
    /// Points emptied (and not set up again in the same node).
    pub empty: Vec<Point>,
    /// Who moves next, when the node says (`PL`).
    pub to_play: Option<Color>,
    /// Where it is written: its node's first setup property.
    pub span: Range<usize>,
}

/// The two record forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A TOML file with `[rules]` and `[game]` tables.
    Toml,
    /// An SGF (`FF[4]`) file; its rules come from the command line plus `SZ` and `KM`.
    Sgf,
    /// The players' own record typed from the player sheet (`.csv`): its board and rules come
    /// from the kit or the command line.
    PlayersSheet,
}

impl Format {
    /// The form of `path`: `.sgf` is SGF, `.toml` is TOML; otherwise a file whose first
    /// character is `(` is taken for SGF (in UTF-8 or UTF-16, after any byte order mark) and
    /// anything else for TOML.
    pub fn of(path: &Path, source: &[u8]) -> Format {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("sgf") => Format::Sgf,
            Some("toml") => Format::Toml,
            Some("csv") => Format::PlayersSheet,
            _ if source.iter().find(|b| {
                !(b.is_ascii_whitespace() || [0, 0xef, 0xbb, 0xbf, 0xfe, 0xff].contains(b))
            }) == Some(&b'(') =>
            {
                Format::Sgf
            }
            _ => Format::Toml,
        }
    }
}

/// Rules given on the command line: each one set replaces the SGF's value or default.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RuleOverrides {
    /// The repetition rule.
    pub ko: Option<KoRule>,
    /// Consecutive passes that end the game.
    pub end_passes: Option<u32>,
    /// Stones placed in total that end the game.
    pub max_stones: Option<u32>,
    /// Captures by one player that end the game.
    pub capture_target: Option<u32>,
    /// How the result is counted.
    pub scoring: Option<Scoring>,
    /// Points added to White's score.
    pub komi: Option<f64>,
}

impl RuleOverrides {
    /// Whether any rule was given.
    pub fn is_empty(&self) -> bool {
        *self == RuleOverrides::default()
    }

    /// `rules` with every rule given here put in.
    pub fn apply(&self, mut rules: Rules) -> Rules {
        if let Some(ko) = self.ko {
            rules.ko = ko;
        }
        if let Some(n) = self.end_passes {
            rules.end_passes = Some(n);
        }
        if let Some(n) = self.max_stones {
            rules.max_stones = Some(n);
        }
        if let Some(n) = self.capture_target {
            rules.capture_target = Some(n);
        }
        if let Some(scoring) = self.scoring {
            rules.scoring = scoring;
        }
        if let Some(komi) = self.komi {
            rules.komi = komi;
        }
        rules
    }
}

pub use sgf::charset::SgfText;

/// Reads an SGF file's bytes as text in its character set (`CA`, a byte order mark, or
/// detected), with a note when the choice was a guess.
pub fn sgf_text(bytes: Vec<u8>) -> SgfText {
    sgf::charset::decode(bytes)
}

/// Reads a TOML record's text.
pub fn load_toml(source: &str) -> Result<Record, Vec<Diagnostic>> {
    toml_record::load(source)
}

/// Reads an SGF record's text, with rules from the command line.
pub fn load_sgf(source: &str, overrides: &RuleOverrides) -> Result<Record, Vec<Diagnostic>> {
    sgf::load(source, overrides)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_follows_the_extension_then_the_first_character() {
        assert_eq!(Format::of(Path::new("a.SGF"), b""), Format::Sgf);
        assert_eq!(Format::of(Path::new("a.toml"), b"(;"), Format::Toml);
        assert_eq!(Format::of(Path::new("a.txt"), b"  (;FF[4])"), Format::Sgf);
        assert_eq!(
            Format::of(Path::new("a.txt"), b"\xef\xbb\xbf(;"),
            Format::Sgf
        );
        assert_eq!(
            Format::of(Path::new("a.txt"), b"\xff\xfe(\0;\0"),
            Format::Sgf
        );
        assert_eq!(Format::of(Path::new("a"), b"[rules]"), Format::Toml);
    }

    #[test]
    fn overrides_replace_only_what_is_given() {
        let rules = Rules::liberty_chain_capture();
        let overrides = RuleOverrides {
            komi: Some(6.5),
            ..RuleOverrides::default()
        };
        assert!(!overrides.is_empty());
        let applied = overrides.apply(rules);
        assert_eq!(applied.komi, 6.5);
        assert_eq!(applied.end_passes, Some(2));
        assert!(RuleOverrides::default().is_empty());
    }
}
