//! The kit file as written: raw tables for `[kit]` and each `[[example]]`, every value with its
//! span so a problem can be reported at its line and column. `[rules]` is
//! `rules_table::RawRules`; `[text]` is read from the TOML tree in `load`.
//!
//! Each table is read key by key (`value::FieldReader`), not through serde: serde stops at the
//! first value of the wrong kind, and an author should see every one of them in one run.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::key_docs::{EXAMPLE_DOCS, KIT_DOCS, names};
use crate::diag::Diagnostic;
use crate::toml_input::key_help::written_example;
use crate::toml_input::value::{self, FieldReader, number, text, text_list, whole_number};

/// Top-level tables a kit may have.
pub const TOP_KEYS: &[&str] = &["kit", "rules", "text", "example"];

/// Every key `[kit]` accepts, for suggestions: the names of `key_docs::KIT_DOCS`.
pub const KIT_KEYS: &[&str] = &names(&KIT_DOCS);

/// Keys `[kit]` must have.
pub const KIT_REQUIRED: &[&str] = &["title"];

/// Every key an `[[example]]` accepts, for suggestions: the names of
/// `key_docs::EXAMPLE_DOCS`.
pub const EXAMPLE_KEYS: &[&str] = &names(&EXAMPLE_DOCS);

/// Keys every `[[example]]` must have.
pub const EXAMPLE_REQUIRED: &[&str] = &["position", "task"];

/// The `[kit]` table as written. Each value is kept when it reads, so one wrong value does not
/// hide the problems of the others.
#[derive(Debug, Clone)]
pub struct RawKit {
    /// The pack's title (required; its absence is reported by the key check).
    pub title: Option<Spanned<String>>,
    /// One sentence on what the activity trains.
    pub purpose: Option<Spanned<String>>,
    /// `a4`, `letter` or `a3`.
    pub paper: Option<Spanned<String>>,
    /// Rows of the move-record table.
    pub record_rows: Option<Spanned<i64>>,
    /// Line spacing across and down, in millimetres: `[22.0, 23.7]`.
    pub spacing_mm: Option<Spanned<Vec<Spanned<f64>>>>,
    /// Counter diameter in millimetres.
    pub counter_mm: Option<Spanned<f64>>,
    /// Draw black counters as outlines.
    pub ink_saving: Option<Spanned<bool>>,
    /// The number of the example the host key works through in "Run the round".
    pub worked_example: Option<Spanned<i64>>,
    /// Number the record's Move column.
    pub record_numbered: Option<Spanned<bool>>,
    /// `"none"`, `"default"` or a number per colour.
    pub counters: Option<Spanned<RawCounters>>,
    /// Print each example's position in words under its diagram (always, or never).
    pub position_words: Option<Spanned<bool>>,
    /// Print in large type, with larger diagrams and counters.
    pub large_print: Option<Spanned<bool>>,
    /// `page` or `tiled`: whether the board is also printed at full size across sheets.
    pub board_print: Option<Spanned<String>>,
    /// A font family installed on the system, or a font file's path relative to the kit.
    pub font: Option<Spanned<String>>,
    /// The language of the printed wording, e.g. `"fr"`.
    pub language: Option<Spanned<String>>,
}

/// `[kit] counters` as written: a word or a number.
#[derive(Debug, Clone, PartialEq)]
pub enum RawCounters {
    /// `counters = "none"` or `"default"` (or a word to be refused).
    Word(String),
    /// `counters = 40`.
    Number(i64),
}

impl RawCounters {
    fn read(key: &str, v: &Spanned<DeValue<'_>>) -> Result<Spanned<RawCounters>, Diagnostic> {
        match v.get_ref() {
            DeValue::String(s) => Ok(Spanned::new(v.span(), RawCounters::Word(s.to_string()))),
            DeValue::Integer(_) => whole_number(key, v).map(|n| {
                let span = n.span();
                Spanned::new(span, RawCounters::Number(n.into_inner()))
            }),
            other => Err(Diagnostic::at(
                v.span(),
                format!(
                    "`counters` must be `\"none\"`, `\"default\"` or a number, not {}",
                    value::found(other)
                ),
            )
            .with_help(
                "write `counters = \"none\"` for real stones, or e.g. `counters = 40` per colour",
            )),
        }
    }
}

impl RawKit {
    /// Reads `[kit]`'s values, reporting every one of the wrong kind; those that read are kept.
    pub(crate) fn read(table: &DeTable<'_>, problems: &mut Vec<Diagnostic>) -> Option<RawKit> {
        let mut r = FieldReader::new(table);
        let title = r.one("title", text);
        let purpose = r.one("purpose", text);
        let paper = r.one("paper", text);
        let record_rows = r.one("record_rows", whole_number);
        let spacing_mm = r.many("spacing_mm", |k, v| {
            value::number_list(k, v, written_example(k))
        });
        let counter_mm = r.one("counter_mm", number);
        let ink_saving = r.one("ink_saving", value::boolean);
        let worked_example = r.one("worked_example", whole_number);
        let record_numbered = r.one("record_numbered", value::boolean);
        let counters = r.one("counters", RawCounters::read);
        let position_words = r.one("position_words", value::boolean);
        let large_print = r.one("large_print", value::boolean);
        let board_print = r.one("board_print", text);
        let font = r.one("font", text);
        let language = r.one("language", text);
        problems.append(&mut r.problems);
        Some(RawKit {
            title,
            purpose,
            paper,
            record_rows,
            spacing_mm,
            counter_mm,
            ink_saving,
            worked_example,
            record_numbered,
            counters,
            position_words,
            large_print,
            board_print,
            font,
            language,
        })
    }
}

/// One `[[example]]` table as written. Each value is kept when it reads, so the checks that
/// need only some of them (e.g. the form of `key`) still run when another value is wrong.
#[derive(Debug, Clone, Default)]
pub struct RawExample {
    /// The position in notation, e.g. `white C3; black B3 C2 D3` (required).
    pub position: Option<Spanned<String>>,
    /// `capture`, `escape`, `liberties`, `legal`, `sequence`, `score`, `solve`, `kill` or
    /// `live` (required).
    pub task: Option<Spanned<String>>,
    /// `black` or `white`.
    pub to_play: Option<Spanned<String>>,
    /// A title overriding the generated one.
    pub title: Option<Spanned<String>>,
    /// A prompt overriding the generated one.
    pub prompt: Option<Spanned<String>>,
    /// For `liberties`, `capture`, `escape`, `kill` and `live`: any stone of the chain.
    pub group: Option<Spanned<String>>,
    /// For `capture` and `escape`: the attacker's moves allowed.
    pub within: Option<Spanned<i64>>,
    /// For `legal`: the move asked about.
    pub mv: Option<Spanned<String>>,
    /// For `legal`: earlier moves, e.g. `["black C4", "white D4"]`.
    pub history: Option<Spanned<Vec<Spanned<String>>>>,
    /// For `sequence`: the moves to play.
    pub moves: Option<Spanned<Vec<Spanned<String>>>>,
    /// For `score`: stones agreed dead.
    pub dead: Option<Spanned<Vec<Spanned<String>>>>,
    /// The author's answer; its shape depends on the task.
    pub key: Option<RawKey>,
    /// The part of the board to draw, e.g. `A1:G7`.
    pub view: Option<Spanned<String>>,
    /// For `solve`, `kill` and `live`: the lines the source marks correct, each a text of moves
    /// (`"C1 B1 D2"`).
    pub correct: Option<Spanned<Vec<Spanned<String>>>>,
    /// For `solve`, `kill` and `live`: the tries the source marks wrong, each with its
    /// refutation.
    pub wrong: Option<Spanned<Vec<Spanned<String>>>>,
    /// For `solve`, `kill` and `live`: whose answer it is.
    pub source: Option<Spanned<String>>,
    /// For `kill` and `live`: the rectangle the problem is played in, e.g. `A13:H19`.
    pub region: Option<Spanned<String>>,
    /// Every key written in the table, readable or not (a key written wrongly is not missing).
    pub written: Vec<String>,
    /// Whether every value read as its kind.
    pub sound: bool,
}

impl RawExample {
    /// Reads an `[[example]]`'s values, reporting every one of the wrong kind.
    pub(crate) fn read(table: &DeTable<'_>, problems: &mut Vec<Diagnostic>) -> RawExample {
        let mut r = FieldReader::new(table);
        let raw = RawExample {
            position: r.one("position", text),
            task: r.one("task", text),
            to_play: r.one("to_play", text),
            title: r.one("title", text),
            prompt: r.one("prompt", text),
            group: r.one("group", text),
            within: r.one("within", whole_number),
            mv: r.one("move", text),
            history: r.many("history", text_list),
            moves: r.many("moves", text_list),
            dead: r.many("dead", text_list),
            key: r.many("key", RawKey::read),
            view: r.one("view", text),
            correct: r.many("correct", text_list),
            wrong: r.many("wrong", text_list),
            source: r.one("source", text),
            region: r.one("region", text),
            written: table
                .iter()
                .map(|(k, _)| {
                    let k: &str = k.get_ref();
                    k.to_string()
                })
                .collect(),
            sound: r.problems.is_empty(),
        };
        problems.append(&mut r.problems);
        raw
    }

    /// Whether `key` is written in the table, whatever its value.
    pub fn is_written(&self, key: &str) -> bool {
        self.written.iter().any(|k| k == key)
    }
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
    /// Reads a `key` value: `true`/`false`, a word or point, or a list of points.
    fn read(key: &str, v: &Spanned<DeValue<'_>>) -> Result<RawKey, Vec<Diagnostic>> {
        let help = "write a point (`\"C4\"`), a list of points (`[\"C5\", \"B4\"]`), `true`/`false` or a word such as `\"suicide\"`";
        match v.get_ref() {
            DeValue::Boolean(b) => Ok(RawKey::Bool(Spanned::new(v.span(), *b))),
            DeValue::String(s) => Ok(RawKey::Text(Spanned::new(v.span(), s.to_string()))),
            DeValue::Array(_) => {
                value::text_list_as(key, v, "key = [\"C5\", \"B4\"]").map(RawKey::List)
            }
            other => Err(vec![
                Diagnostic::at(v.span(), format!("`key` cannot be {}", value::found(other)))
                    .with_help(help),
            ]),
        }
    }

    /// Byte range of the whole value.
    pub fn span(&self) -> std::ops::Range<usize> {
        match self {
            RawKey::Bool(b) => b.span(),
            RawKey::Text(t) => t.span(),
            RawKey::List(l) => l.span(),
        }
    }
}
