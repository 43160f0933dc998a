//! What a record says about its game beyond the moves: the players, its name, date and event,
//! the result it was given (`RE`), and where its rules came from.

use crate::rules::Color;

/// The players and the game's particulars, each as written (absent when the record has none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// Black's name (`PB`, or `black` in a TOML record's `[game]`).
    pub black: Option<String>,
    /// White's name (`PW`, or `white`).
    pub white: Option<String>,
    /// The game's name (`GN`).
    pub name: Option<String>,
    /// When it was played (`DT`), as written.
    pub date: Option<String>,
    /// The event (`EV`).
    pub event: Option<String>,
    /// The result the record gives (`RE`), as written.
    pub result: Option<String>,
}

/// A recorded result (`RE`) as it means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RecordedResult {
    /// A win on the count: the winner and the margin, when one is written (`B+3.5`, `W+`).
    Score(Color, Option<f64>),
    /// A win by resignation (`B+R`, `B+Resign`).
    Resignation(Color),
    /// A win on time (`W+T`, `W+Time`).
    Time(Color),
    /// A win by forfeit (`B+F`, `B+Forfeit`).
    Forfeit(Color),
    /// A draw (`0`, `Draw`, `Jigo`).
    Draw,
    /// No result (`Void`).
    Void,
    /// Unknown (`?`).
    Unknown,
}

impl RecordedResult {
    /// Reads an `RE` value as FF[4] writes it; `None` for anything else.
    pub fn parse(text: &str) -> Option<RecordedResult> {
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "0" | "draw" | "jigo" => return Some(RecordedResult::Draw),
            "void" => return Some(RecordedResult::Void),
            "?" => return Some(RecordedResult::Unknown),
            _ => {}
        }
        let (who, how) = text.split_once('+')?;
        let winner = match who.trim() {
            "B" | "b" => Color::Black,
            "W" | "w" => Color::White,
            _ => return None,
        };
        let how = how.trim();
        match how.to_ascii_lowercase().as_str() {
            "r" | "resign" => Some(RecordedResult::Resignation(winner)),
            "t" | "time" => Some(RecordedResult::Time(winner)),
            "f" | "forfeit" => Some(RecordedResult::Forfeit(winner)),
            "" => Some(RecordedResult::Score(winner, None)),
            margin => margin
                .parse::<f64>()
                .ok()
                .filter(|m| m.is_finite() && *m >= 0.0)
                .map(|m| RecordedResult::Score(winner, Some(m))),
        }
    }

    /// Whether the count (`winner`, `None` for a draw, and `margin`) says the same; `None` when
    /// this result is not one the count can confirm (resignation, time, forfeit, void, unknown).
    pub fn agrees_with(self, winner: Option<Color>, margin: f64) -> Option<bool> {
        match self {
            RecordedResult::Score(c, m) => {
                Some(winner == Some(c) && m.is_none_or(|m| (m - margin).abs() < 1e-9))
            }
            RecordedResult::Draw => Some(winner.is_none()),
            _ => None,
        }
    }

    /// The name of what kind of result it is, in JSON: `score`, `resignation`, `time`,
    /// `forfeit`, `draw`, `void` or `unknown`.
    pub fn kind(self) -> &'static str {
        match self {
            RecordedResult::Score(..) => "score",
            RecordedResult::Resignation(_) => "resignation",
            RecordedResult::Time(_) => "time",
            RecordedResult::Forfeit(_) => "forfeit",
            RecordedResult::Draw => "draw",
            RecordedResult::Void => "void",
            RecordedResult::Unknown => "unknown",
        }
    }

    /// The winner the record names, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            RecordedResult::Score(c, _)
            | RecordedResult::Resignation(c)
            | RecordedResult::Time(c)
            | RecordedResult::Forfeit(c) => Some(c),
            _ => None,
        }
    }
}

/// Where the rules a record is refereed under came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesSource {
    /// A TOML record's `[rules]` table.
    Table,
    /// An SGF record without a ruleset `replay` knows: the defaults for SGF records.
    SgfDefaults,
    /// An SGF record's `RU`, as written (`NZ`, `Japanese`).
    Ruleset(String),
}

/// Something about how the record was read that the referee's report should say.
#[derive(Debug, Clone, PartialEq)]
pub enum RecordNote {
    /// `RU` names a ruleset `replay` does not know; the defaults apply.
    UnknownRuleset {
        /// The `RU` value as written.
        name: String,
        /// The rulesets `replay` knows, for the reader.
        known: &'static str,
    },
    /// A rule flag replaced a different value the record gave: the flag as written (`--scoring
    /// area`), and what the record said (`territory scoring`) and where (`RU[Japanese]`).
    FlagOverrides {
        /// The flag and its value.
        flag: String,
        /// The record's value.
        record: String,
        /// The property it came from.
        from: String,
    },
    /// The file was unclear or broke FF[4] in a way every mainstream reader forgives; what was
    /// assumed.
    Assumed(ReadingNote),
}

/// What a reader assumed where a file was unclear (a property given twice, an old pass), said
/// once per kind of assumption with where it was first met and how often it was met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadingNote {
    /// The line of the first place it was met, from 1.
    pub line: usize,
    /// The column of that place, in characters from 1.
    pub column: usize,
    /// What was met and what was assumed, lower-case, file text in backticks.
    pub message: String,
    /// How many times it was met in the file.
    pub times: usize,
}

impl std::fmt::Display for ReadingNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)?;
        if self.times > 1 {
            write!(f, " ({} times)", self.times)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_ff4_writes_them() {
        use RecordedResult as R;
        assert_eq!(R::parse("B+3.5"), Some(R::Score(Color::Black, Some(3.5))));
        assert_eq!(R::parse("W+"), Some(R::Score(Color::White, None)));
        assert_eq!(R::parse("W+R"), Some(R::Resignation(Color::White)));
        assert_eq!(R::parse("B+Resign"), Some(R::Resignation(Color::Black)));
        assert_eq!(R::parse("B+T"), Some(R::Time(Color::Black)));
        assert_eq!(R::parse("W+Forfeit"), Some(R::Forfeit(Color::White)));
        assert_eq!(R::parse("0"), Some(R::Draw));
        assert_eq!(R::parse("Draw"), Some(R::Draw));
        assert_eq!(R::parse("Void"), Some(R::Void));
        assert_eq!(R::parse("?"), Some(R::Unknown));
        assert_eq!(R::parse("Black won"), None);
        assert_eq!(R::parse("B+x"), None);
    }

    #[test]
    fn only_counted_results_are_compared() {
        let b35 = RecordedResult::Score(Color::Black, Some(3.5));
        assert_eq!(b35.agrees_with(Some(Color::Black), 3.5), Some(true));
        assert_eq!(b35.agrees_with(Some(Color::Black), 2.5), Some(false));
        assert_eq!(b35.agrees_with(Some(Color::White), 3.5), Some(false));
        let b = RecordedResult::Score(Color::Black, None);
        assert_eq!(b.agrees_with(Some(Color::Black), 9.0), Some(true));
        assert_eq!(RecordedResult::Draw.agrees_with(None, 0.0), Some(true));
        let resigned = RecordedResult::Resignation(Color::White);
        assert_eq!(resigned.agrees_with(Some(Color::Black), 3.0), None);
    }
}
