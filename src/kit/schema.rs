//! The kit file as written: raw serde structs for `[kit]` and each `[[example]]`, every value
//! `Spanned` so a problem can be reported at its line and column. `[rules]` is
//! `rules_table::RawRules`; `[text]` and `key` are read from the TOML tree in `load`.

use serde::Deserialize;
use toml::Spanned;

use super::rules_table::Number;

/// Top-level tables a kit may have.
pub const TOP_KEYS: &[&str] = &["kit", "rules", "text", "example"];

/// Every key `[kit]` accepts, for suggestions.
pub const KIT_KEYS: &[&str] = &[
    "title",
    "purpose",
    "paper",
    "record_rows",
    "spacing_mm",
    "counter_mm",
    "ink_saving",
];

/// Keys `[kit]` must have.
pub const KIT_REQUIRED: &[&str] = &["title"];

/// Every key an `[[example]]` accepts, for suggestions.
pub const EXAMPLE_KEYS: &[&str] = &[
    "position", "task", "to_play", "title", "prompt", "group", "move", "history", "moves", "dead",
    "key",
];

/// Keys every `[[example]]` must have.
pub const EXAMPLE_REQUIRED: &[&str] = &["position", "task"];

/// Keys `[rules]` must have.
pub const RULES_REQUIRED: &[&str] = &["board"];

/// The `[kit]` table exactly as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawKit {
    /// The pack's title.
    pub title: Spanned<String>,
    /// One sentence on what the activity trains.
    pub purpose: Option<Spanned<String>>,
    /// `a4`, `letter` or `a3`.
    pub paper: Option<Spanned<String>>,
    /// Rows of the move-record table.
    pub record_rows: Option<Spanned<i64>>,
    /// Line spacing across and down, in millimetres: `[22.0, 23.7]`.
    pub spacing_mm: Option<Spanned<Vec<Number>>>,
    /// Counter diameter in millimetres.
    pub counter_mm: Option<Spanned<Number>>,
    /// Draw black counters as outlines.
    pub ink_saving: Option<Spanned<bool>>,
}

/// One `[[example]]` table exactly as written (its `key` is read separately, see `RawKey`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawExample {
    /// The position in notation, e.g. `white C3; black B3 C2 D3`.
    pub position: Spanned<String>,
    /// `capture`, `liberties`, `legal`, `sequence` or `score`.
    pub task: Spanned<String>,
    /// `black` or `white`.
    pub to_play: Option<Spanned<String>>,
    /// A title overriding the generated one.
    pub title: Option<Spanned<String>>,
    /// A prompt overriding the generated one.
    pub prompt: Option<Spanned<String>>,
    /// For `liberties`: any stone of the chain.
    pub group: Option<Spanned<String>>,
    /// For `legal`: the move asked about.
    #[serde(rename = "move")]
    pub mv: Option<Spanned<String>>,
    /// For `legal`: earlier moves, e.g. `["black C4", "white D4"]`.
    pub history: Option<Spanned<Vec<Spanned<String>>>>,
    /// For `sequence`: the moves to play.
    pub moves: Option<Spanned<Vec<Spanned<String>>>>,
    /// For `score`: stones agreed dead.
    pub dead: Option<Spanned<Vec<Spanned<String>>>>,
    /// The author's answer; its shape depends on the task, so `load` reads it as `RawKey`.
    pub key: Option<serde::de::IgnoredAny>,
}

/// An example's `key` as written: a boolean, a string or a list of strings.
#[derive(Debug, Clone, PartialEq)]
pub enum RawKey {
    /// `key = true` or `key = false`.
    Bool(Spanned<bool>),
    /// `key = "C4"`, `key = "suicide"`, `key = "white"`.
    Text(Spanned<String>),
    /// `key = ["C5", "B4"]`, with the span of the whole list.
    List(Spanned<Vec<Spanned<String>>>),
}

impl RawKey {
    /// Byte range of the whole value.
    pub fn span(&self) -> std::ops::Range<usize> {
        match self {
            RawKey::Bool(b) => b.span(),
            RawKey::Text(t) => t.span(),
            RawKey::List(l) => l.span(),
        }
    }
}
