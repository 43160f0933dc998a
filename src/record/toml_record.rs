//! TOML game records: a `[rules]` table (shared with kit files) and a `[game]` table of setup,
//! moves and dead stones, with every mistake located at the exact word inside its string.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::{Record, chain_without_liberty, no_liberty_message};
use crate::diag::{Diagnostic, nearest};
use crate::kit::rules_table::RawRules;
use crate::rules::notation::{self, NotationError};
use crate::rules::{BoardSize, Color, Move, Point, PointError};

/// The record exactly as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    rules: RawRules,
    game: RawGame,
}

/// The `[game]` table exactly as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    setup: Option<Spanned<String>>,
    to_play: Option<Spanned<String>>,
    #[serde(default)]
    moves: Vec<Spanned<String>>,
    #[serde(default)]
    dead: Vec<Spanned<String>>,
}

/// A string value and where its text starts in the file, so spans inside it can be mapped.
struct Located<'a> {
    text: &'a str,
    /// The value's whole span (quotes included).
    whole: Range<usize>,
    /// Where the string's first character is, when the text is written without escapes.
    inner: Option<usize>,
}

impl<'a> Located<'a> {
    fn new(value: &'a Spanned<String>, source: &str) -> Located<'a> {
        let whole = value.span();
        let text = value.get_ref().as_str();
        // A plain `"..."` or `'...'` string: the text sits right after the opening quote.
        let inner = (whole.start + 1)
            .checked_add(text.len())
            .filter(|&end| source.get(whole.start + 1..end) == Some(text))
            .map(|_| whole.start + 1);
        Located { text, whole, inner }
    }

    /// The file span of `span` within the string (the whole value if it cannot be mapped).
    fn map(&self, span: &Range<usize>) -> Range<usize> {
        match self.inner {
            Some(start) => start + span.start..start + span.end,
            None => self.whole.clone(),
        }
    }
}

/// Reads a TOML record.
pub(super) fn load(path: &str, source: &str) -> Result<Record, Vec<Diagnostic>> {
    let raw: RawRecord = toml::from_str(source).map_err(|e| vec![toml_error(path, source, &e)])?;
    let (size, rules) = raw.rules.validate(path, source)?;
    let mut problems = Vec::new();
    let at = |span: Range<usize>, message: String| Diagnostic::at(path, source, span, message);
    let notation_error = |located: &Located<'_>, e: NotationError| {
        let d = at(located.map(&e.span), e.message);
        match e.help {
            Some(help) => d.with_help(help),
            None => d,
        }
    };

    let mut setup = crate::rules::Board::new(size);
    if let Some(value) = &raw.game.setup {
        let located = Located::new(value, source);
        match notation::parse_position(located.text, size) {
            Ok(placed) => {
                setup = notation::board_of(size, &placed);
                if let Some((color, stones, first)) = chain_without_liberty(&setup) {
                    let span = placed
                        .iter()
                        .find(|p| p.point == first)
                        .map_or_else(|| located.whole.clone(), |p| located.map(&p.span));
                    problems.push(at(span, no_liberty_message(color, &stones)).with_help(
                        "a position on the board always leaves every chain a liberty; check the setup",
                    ));
                }
            }
            Err(e) => problems.push(notation_error(&located, e)),
        }
    }

    let mut to_play = Color::Black;
    if let Some(value) = &raw.game.to_play {
        match Color::parse(value.get_ref().trim()) {
            Some(c) => to_play = c,
            None => problems.push(
                at(
                    value.span(),
                    format!("`{}` is not a colour", value.get_ref()),
                )
                .with_help("write `to_play = \"black\"` or `to_play = \"white\"`"),
            ),
        }
    }

    let mut moves = Vec::new();
    for value in &raw.game.moves {
        let located = Located::new(value, source);
        match read_move(located.text, size) {
            Ok((color, mv)) => moves.push((color, mv, located.whole.clone())),
            Err(e) => problems.push(notation_error(&located, e)),
        }
    }

    let mut dead = Vec::new();
    for value in &raw.game.dead {
        let located = Located::new(value, source);
        let word = located.text.trim();
        let offset = located.text.len() - located.text.trim_start().len();
        let span = located.map(&(offset..offset + word.len()));
        match Point::parse(word, size) {
            Ok(p) if dead.iter().any(|(q, _)| *q == p) => problems.push(
                at(span, format!("`{p}` is named dead twice"))
                    .with_help("name each dead stone once"),
            ),
            Ok(p) => dead.push((p, span)),
            Err(e) => problems.push(
                at(span, e.to_string())
                    .with_help("list each dead stone as a point, e.g. `dead = [\"D4\", \"E4\"]`"),
            ),
        }
    }

    if problems.is_empty() {
        Ok(Record {
            size,
            rules,
            setup,
            to_play,
            moves,
            dead,
        })
    } else {
        Err(problems)
    }
}

/// Reads one move; a well-formed point outside the board (`F3` on 5x5) is kept as a move, so the
/// referee can rule it illegal (`off-board`) instead of calling the record malformed.
fn read_move(text: &str, size: BoardSize) -> Result<(Option<Color>, Move), NotationError> {
    let e = match notation::parse_move(text, size) {
        Ok(read) => return Ok(read),
        Err(e) => e,
    };
    let word = text.get(e.span.clone()).unwrap_or_default();
    let before = text.get(..e.span.start).unwrap_or_default().trim();
    let after = text.get(e.span.end..).unwrap_or_default().trim();
    if let (Err(PointError::OffBoard { .. }), Ok(point), true) = (
        Point::parse(word, size),
        Point::parse_unbounded(word),
        after.is_empty(),
    ) {
        let color = if before.is_empty() {
            None
        } else {
            match Color::parse(before) {
                Some(c) => Some(c),
                None => return Err(e),
            }
        };
        return Ok((color, Move::Play(point)));
    }
    Err(e)
}

/// A TOML syntax or schema error as a diagnostic: unknown keys get the nearest known key.
fn toml_error(path: &str, source: &str, e: &toml::de::Error) -> Diagnostic {
    let message = e.message().trim().trim_end_matches('.');
    let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let (message, help) = if let Some(rest) = message.strip_prefix("unknown field `") {
        let key = rest.split('`').next().unwrap_or_default();
        let known: Vec<&str> = quoted.iter().skip(1).copied().collect();
        let help = match nearest(key, &known) {
            Some(k) => format!("did you mean `{k}`?"),
            None => format!("known keys here: {}", known.join(", ")),
        };
        (format!("unknown key `{key}`"), Some(help))
    } else if let Some(rest) = message.strip_prefix("missing field `") {
        let key = rest.split('`').next().unwrap_or_default();
        let help = match key {
            "rules" => "start the record with a `[rules]` table, e.g. `[rules]` / `board = 5`",
            "game" => "add a `[game]` table with `moves = [...]`",
            "board" => "give the board size in `[rules]`, e.g. `board = 5`",
            _ => "add it, or see docs/replay.md for the record format",
        };
        (format!("missing key `{key}`"), Some(help.to_string()))
    } else {
        (lower_first(message), None)
    };
    let d = match e.span() {
        Some(span) => Diagnostic::at(path, source, span, message),
        None => Diagnostic::whole_file(path, message),
    };
    match help {
        Some(h) => d.with_help(h),
        None => d,
    }
}

/// The text with its first letter in lower case, as every message is.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn five() -> BoardSize {
        BoardSize::new(5).unwrap()
    }

    #[test]
    fn a_well_formed_off_board_point_is_a_move() {
        assert_eq!(
            read_move("black F3", five()),
            Ok((Some(Color::Black), Move::Play(Point::new(5, 2))))
        );
        assert_eq!(
            read_move("A6", five()),
            Ok((None, Move::Play(Point::new(0, 5))))
        );
        assert!(read_move("F3 C4", five()).is_err());
        assert!(read_move("green F3", five()).is_err());
        assert!(read_move("black Q", five()).is_err());
    }

    #[test]
    fn spans_inside_strings_map_into_the_file() {
        let source = "[rules]\nboard = 5\n[game]\nmoves = [\"black C4\", \"W Q9x\"]\n";
        let errs = load("r.toml", source).unwrap_err();
        assert_eq!(errs.len(), 1);
        let span = errs[0].span.clone().unwrap();
        assert_eq!(&source[span], "Q9x");
    }

    #[test]
    fn unknown_keys_suggest_the_nearest() {
        let source = "[rules]\nboard = 5\nkomy = 1\n[game]\n";
        let errs = load("r.toml", source).unwrap_err();
        assert_eq!(errs[0].message, "unknown key `komy`");
        assert_eq!(errs[0].help.as_deref(), Some("did you mean `komi`?"));
    }
}
