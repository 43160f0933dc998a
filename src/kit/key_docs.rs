//! Every key of the kit file as data: its name, the kind of value `check` reads for it, the
//! values it allows and one line for the author. The key lists `check` suggests from are made
//! from these tables, and `libertykit schema` prints them as a JSON Schema for editors; a test
//! gives `check` each key with a value of another kind, so the kinds here cannot drift from
//! the readers.

use super::model::{BoardPrint, Paper, TaskKind};
use crate::rules::{KoRule, MAX_SIZE, MIN_SIZE, Scoring, SuicideRule};
use crate::toml_input::rules_table::MOST_KOMI;

/// The most rows the move-record table may have.
pub const MAX_RECORD_ROWS: i64 = 80;
/// Sensible bounds for printed grid spacing and counters, in millimetres.
pub const MM_RANGE: std::ops::RangeInclusive<f64> = 5.0..=60.0;
/// Most counters per colour a kit may ask for: a 19x19 board's points.
pub const MAX_COUNTERS: i64 = 361;
/// The most attacker moves a reading problem may allow: deeper problems are beyond what a
/// printed beginner's problem asks, and beyond what can be proven in a moment.
pub const MOST_WITHIN: u32 = 9;

/// The kind of value a key takes, as `check` reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// Any text.
    Text,
    /// One of these names, in any case.
    Name(&'static [&'static str]),
    /// A colour: `black` or `white`, or another word `Color::parse` reads.
    Colour,
    /// A language code the templates have, in any case.
    Language,
    /// A whole number in this range.
    WholeNumber { least: i64, most: i64 },
    /// A number in this range.
    Number { least: f64, most: f64 },
    /// `true` or `false`.
    Switch,
    /// Two numbers, each in this range.
    NumberPair { least: f64, most: f64 },
    /// A list of texts.
    TextList,
    /// `counters`: `"none"`, `"default"` or a whole number up to `most`.
    Counters { most: i64 },
    /// An example's `key`: `true`/`false`, a text, or a list of texts.
    Key,
}

/// One key of a table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeyDoc {
    /// The key as written.
    pub name: &'static str,
    /// What its value is.
    pub kind: Kind,
    /// One line for the author: what the key does.
    pub doc: &'static str,
}

const fn key(name: &'static str, kind: Kind, doc: &'static str) -> KeyDoc {
    KeyDoc { name, kind, doc }
}

/// The names of `docs`, in order: the key lists `check` suggests from.
pub const fn names<const N: usize>(docs: &[KeyDoc; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = docs[i].name;
        i += 1;
    }
    out
}

/// What a whole number counted from 1 allows: no upper bound but the reader's.
const COUNT: Kind = Kind::WholeNumber {
    least: 1,
    most: u32::MAX as i64,
};
const MM: Kind = Kind::Number {
    least: *MM_RANGE.start(),
    most: *MM_RANGE.end(),
};

/// The keys of `[kit]`.
pub const KIT_DOCS: [KeyDoc; 15] = [
    key(
        "title",
        Kind::Text,
        "The pack's title, printed on every page (required).",
    ),
    key(
        "purpose",
        Kind::Text,
        "One sentence on what the activity trains, under the title.",
    ),
    key(
        "paper",
        Kind::Name(Paper::NAMES),
        "Paper size: a4, letter or a3 (default a4).",
    ),
    key(
        "record_rows",
        Kind::WholeNumber {
            least: 0,
            most: MAX_RECORD_ROWS,
        },
        "The least rows of the move-record table (default 8); 0 leaves it out.",
    ),
    key(
        "spacing_mm",
        Kind::NumberPair {
            least: *MM_RANGE.start(),
            most: *MM_RANGE.end(),
        },
        "Line spacing across and down in mm, e.g. [22.0, 23.7]; left out, full size if it fits.",
    ),
    key(
        "counter_mm",
        MM,
        "Diameter of the paper counters in mm (default 20.0).",
    ),
    key(
        "ink_saving",
        Kind::Switch,
        "Print black counters as rings marked B, not solid discs.",
    ),
    key(
        "worked_example",
        COUNT,
        "The example (from 1, in file order) the host key works through in \"Run the round\".",
    ),
    key(
        "font",
        Kind::Text,
        "An installed font family's name, or a font file's path relative to the kit.",
    ),
    key(
        "language",
        Kind::Language,
        "The language of the printed wording: en, fr or ja.",
    ),
    key(
        "record_numbered",
        Kind::Switch,
        "Number the record's Move column (default true).",
    ),
    key(
        "counters",
        Kind::Counters { most: MAX_COUNTERS },
        "Paper counters per colour: \"default\", \"none\" or a number.",
    ),
    key(
        "position_words",
        Kind::Switch,
        "Print each position in words under its diagram (left out: short ones only).",
    ),
    key(
        "large_print",
        Kind::Switch,
        "Large print: 14 pt text, larger diagrams and counters.",
    ),
    key(
        "board_print",
        Kind::Name(BoardPrint::NAMES),
        "tiled: also the board at full size across sheets (board.pdf), for real stones.",
    ),
];

/// The keys of `[rules]`.
pub const RULES_DOCS: [KeyDoc; 8] = [
    key(
        "board",
        Kind::WholeNumber {
            least: MIN_SIZE as i64,
            most: MAX_SIZE as i64,
        },
        "Lines each way, 2 to 19 (required).",
    ),
    key(
        "ko",
        Kind::Name(KoRule::NAMES),
        "Repetition rule: positional (default), situational or simple.",
    ),
    key(
        "end_passes",
        COUNT,
        "End the session after this many consecutive passes.",
    ),
    key(
        "max_stones",
        COUNT,
        "End the session when this many stones have been placed.",
    ),
    key(
        "capture_target",
        COUNT,
        "End the session when a player has captured this many stones.",
    ),
    key(
        "scoring",
        Kind::Name(Scoring::NAMES),
        "Scoring: captures (default), area or territory.",
    ),
    key(
        "komi",
        Kind::Number {
            least: -MOST_KOMI,
            most: MOST_KOMI,
        },
        "Points added to White's score (default 0).",
    ),
    key(
        "suicide",
        Kind::Name(SuicideRule::NAMES),
        "Suicide: forbidden (default) or allowed.",
    ),
];

/// The keys of each `[[example]]`.
pub const EXAMPLE_DOCS: [KeyDoc; 17] = [
    key(
        "position",
        Kind::Text,
        "The stones: \"white C3; black B3 C2 D3\", or a diagram (required).",
    ),
    key(
        "task",
        Kind::Name(TaskKind::NAMES),
        "What the example asks: capture, escape, liberties, legal, sequence, score, solve, kill or live.",
    ),
    key("to_play", Kind::Colour, "Who moves: black or white."),
    key(
        "title",
        Kind::Text,
        "The example's heading, instead of \"Example N\".",
    ),
    key(
        "prompt",
        Kind::Text,
        "The question under the example, instead of the generated one.",
    ),
    key(
        "group",
        Kind::Text,
        "A stone of the chain asked about, e.g. \"C3\".",
    ),
    key(
        "within",
        Kind::WholeNumber {
            least: 1,
            most: MOST_WITHIN as i64,
        },
        "For capture and escape: the attacker's moves allowed (default 1).",
    ),
    key(
        "move",
        Kind::Text,
        "For legal: the point asked about, e.g. \"C4\".",
    ),
    key(
        "history",
        Kind::TextList,
        "For legal: moves played before, e.g. [\"black C4\", \"white pass\"].",
    ),
    key(
        "moves",
        Kind::TextList,
        "For sequence: the moves to play, e.g. [\"black C4\", \"W D4\"].",
    ),
    key(
        "dead",
        Kind::TextList,
        "For score: stones agreed dead, removed before counting.",
    ),
    key(
        "key",
        Kind::Key,
        "The author's answer, checked against the engine's: a point, points, true/false or a word.",
    ),
    key(
        "view",
        Kind::Text,
        "The part of the board to draw, as two corners: \"A1:G7\".",
    ),
    key(
        "correct",
        Kind::TextList,
        "For solve, kill, live: each line the source marks correct, e.g. [\"B1 A1\"].",
    ),
    key(
        "wrong",
        Kind::TextList,
        "For solve, kill, live: each wrong try with its refutation, e.g. [\"A1 B1\"].",
    ),
    key(
        "source",
        Kind::Text,
        "For solve, kill, live: whose answer it is, printed in the host key.",
    ),
    key(
        "region",
        Kind::Text,
        "For kill and live: the rectangle played in, e.g. \"A13:H19\" (default: from the stones).",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::schema::{EXAMPLE_KEYS, EXAMPLE_REQUIRED, KIT_KEYS, KIT_REQUIRED};
    use crate::toml_input::rules_table::{RULES_KEYS, RULES_REQUIRED};

    #[test]
    fn the_key_lists_check_suggests_from_are_these_tables() {
        // `[rules]` is read below the kit layer (records carry it too), so its list is kept
        // there and compared here.
        assert_eq!(RULES_KEYS, names(&RULES_DOCS));
        assert_eq!(KIT_KEYS.len(), KIT_DOCS.len());
        assert_eq!(EXAMPLE_KEYS.len(), EXAMPLE_DOCS.len());
        for (required, docs) in [
            (KIT_REQUIRED, &KIT_DOCS[..]),
            (EXAMPLE_REQUIRED, &EXAMPLE_DOCS[..]),
            (RULES_REQUIRED, &RULES_DOCS[..]),
        ] {
            for name in required {
                assert!(docs.iter().any(|d| d.name == *name), "{name}");
            }
        }
    }

    #[test]
    fn every_line_is_one_short_sentence() {
        for doc in KIT_DOCS.iter().chain(&RULES_DOCS).chain(&EXAMPLE_DOCS) {
            assert!(doc.doc.ends_with('.'), "{}", doc.name);
            assert!(
                doc.doc.len() <= 100,
                "{}: {} chars",
                doc.name,
                doc.doc.len()
            );
        }
    }
}
