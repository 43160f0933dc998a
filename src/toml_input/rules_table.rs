//! The `[rules]` table shared by kit files and TOML game records: raw serde form and its validation.

use toml::Spanned;
use toml::de::DeTable;

use super::value::{FieldReader, number, text, whole_number};
use crate::diag::Diagnostic;
use crate::rules::{BoardSize, KoRule, Rules, Scoring, SuicideRule};

/// The board's size as messages name it, e.g. of a position drawn for another board.
pub const BOARD_SETTING: &str = "`[rules] board`";

/// What would be right instead of `found`: the likely intended word first, then every choice.
fn choices(found: &str, names: &[&str]) -> String {
    match crate::diag::nearest(found, names) {
        Some(near) => format!("did you mean `{near}`? (one of: {})", names.join(", ")),
        None => format!("use one of: {}", names.join(", ")),
    }
}

/// The `[rules]` table exactly as written.
#[derive(Debug, Clone)]
pub struct RawRules {
    /// Board size (lines each way), 2 to 19.
    pub board: Option<Spanned<i64>>,
    /// `positional` (default), `situational` or `simple`.
    pub ko: Option<Spanned<String>>,
    /// Consecutive passes that end the game.
    pub end_passes: Option<Spanned<i64>>,
    /// Stones placed in total that end the game.
    pub max_stones: Option<Spanned<i64>>,
    /// Captures by one player that end the game.
    pub capture_target: Option<Spanned<i64>>,
    /// `captures` (default), `area` or `territory`.
    pub scoring: Option<Spanned<String>>,
    /// Points added to White's score (default 0).
    pub komi: Option<Spanned<f64>>,
    /// `forbidden` (default) or `allowed`.
    pub suicide: Option<Spanned<String>>,
    /// Whether every value written read as its kind (a missing `board` is reported elsewhere).
    pub sound: bool,
    /// The keys written with a value of the wrong kind (`komi = "7"`), in table order.
    pub unread: Vec<&'static str>,
}

/// `[rules]` checked: the rules it gives with each wrong entry at its default, so the
/// examples' keys can still be compared with the engine, and what was wrong.
#[derive(Debug, Clone)]
pub struct CheckedRules {
    /// The board size, when it is one the engine supports.
    pub size: Option<BoardSize>,
    /// The rules written, each entry whose value is wrong at its default.
    pub rules: Rules,
    /// The keys whose value is wrong and so left at the default, in table order.
    pub defaulted: Vec<&'static str>,
    /// Every problem, each at its value.
    pub problems: Vec<Diagnostic>,
}

/// The largest komi either way: more would only be a typing mistake.
pub const MOST_KOMI: f64 = 1000.0;

/// Keys `[rules]` must have.
pub const RULES_REQUIRED: &[&str] = &["board"];

/// Every key `[rules]` accepts, for suggestions.
pub const RULES_KEYS: &[&str] = &[
    "board",
    "ko",
    "end_passes",
    "max_stones",
    "capture_target",
    "scoring",
    "komi",
    "suicide",
];

impl RawRules {
    /// The board size written, when it is one the engine supports.
    pub fn size(&self) -> Option<BoardSize> {
        let board = self.board.as_ref()?;
        u32::try_from(*board.get_ref())
            .ok()
            .and_then(|n| BoardSize::new(n).ok())
    }

    /// Reads `[rules]`'s values, reporting every one of the wrong kind; the values that read
    /// are kept, so `validate` can report what is wrong with them too.
    pub(crate) fn read(table: &DeTable<'_>, problems: &mut Vec<Diagnostic>) -> RawRules {
        let mut r = FieldReader::new(table);
        let board = r.one("board", whole_number);
        let ko = r.one("ko", text);
        let end_passes = r.one("end_passes", whole_number);
        let max_stones = r.one("max_stones", whole_number);
        let capture_target = r.one("capture_target", whole_number);
        let scoring = r.one("scoring", text);
        let komi = r.one("komi", number);
        let suicide = r.one("suicide", text);
        let sound = r.problems.is_empty();
        problems.append(&mut r.problems);
        let read = [
            board.is_some(),
            ko.is_some(),
            end_passes.is_some(),
            max_stones.is_some(),
            capture_target.is_some(),
            scoring.is_some(),
            komi.is_some(),
            suicide.is_some(),
        ];
        let unread = RULES_KEYS
            .iter()
            .zip(read)
            .filter(|&(key, read)| !read && super::value::entry(table, key).is_some())
            .map(|(key, _)| *key)
            .collect();
        RawRules {
            board,
            ko,
            end_passes,
            max_stones,
            capture_target,
            scoring,
            komi,
            suicide,
            sound,
            unread,
        }
    }

    /// Checks every value, reporting each problem at its value.
    pub fn validate(&self) -> Result<(BoardSize, Rules), Vec<Diagnostic>> {
        let checked = self.check();
        match checked.size {
            Some(size) if checked.problems.is_empty() && self.sound => Ok((size, checked.rules)),
            _ => Err(checked.problems),
        }
    }

    /// Checks every value, reporting each problem at its value, and gives the rules with each
    /// entry that is wrong (of the wrong kind, or a value the engine does not know) at its
    /// default.
    pub fn check(&self) -> CheckedRules {
        let mut problems = Vec::new();
        let mut defaulted = self.unread.clone();
        let at = |s: &std::ops::Range<usize>, msg: String| Diagnostic::at(s.clone(), msg);
        let size = self.size();
        if let Some(board) = &self.board
            && size.is_none()
        {
            problems.push(
                at(
                    &board.span(),
                    format!("board size {} is not supported", board.get_ref()),
                )
                .with_help("use a size from 2 to 19, e.g. `board = 5`"),
            );
        }
        let mut rules = Rules::default();
        let before = problems.len();
        if let Some(ko) = &self.ko {
            match ko.get_ref().parse::<KoRule>() {
                Ok(k) => rules.ko = k,
                Err(e) => problems.push(
                    at(&ko.span(), format!("unknown repetition rule `{}`", e.found))
                        .with_help(if e.found.to_ascii_lowercase().contains("superko") {
                            "both superko rules have a name: `positional` (no earlier whole-board position) or `situational` (no earlier position with the same player to move)".to_string()
                        } else {
                            choices(&e.found, KoRule::NAMES)
                        }),
                ),
            }
        }
        if problems.len() > before {
            defaulted.push("ko");
        }
        let before = problems.len();
        if let Some(scoring) = &self.scoring {
            match scoring.get_ref().parse::<Scoring>() {
                Ok(s) => rules.scoring = s,
                Err(e) => problems.push(
                    at(&scoring.span(), format!("unknown scoring `{}`", e.found))
                        .with_help(choices(&e.found, Scoring::NAMES)),
                ),
            }
        }
        if problems.len() > before {
            defaulted.push("scoring");
        }
        let before = problems.len();
        if let Some(suicide) = &self.suicide {
            match suicide.get_ref().parse::<SuicideRule>() {
                Ok(s) => rules.suicide = s,
                Err(e) => problems.push(
                    at(
                        &suicide.span(),
                        format!("unknown suicide rule `{}`", e.found),
                    )
                    .with_help(choices(&e.found, SuicideRule::NAMES)),
                ),
            }
        }
        if problems.len() > before {
            defaulted.push("suicide");
        }
        let mut count = |value: &Option<Spanned<i64>>, name: &'static str| -> Option<u32> {
            let v = value.as_ref()?;
            match u32::try_from(*v.get_ref()) {
                Ok(n) if n > 0 => Some(n),
                _ => {
                    problems.push(
                        at(
                            &v.span(),
                            format!(
                                "`{name}` must be a positive whole number, not {}",
                                v.get_ref()
                            ),
                        )
                        .with_help(format!(
                            "leave `{name}` out to switch this end condition off"
                        )),
                    );
                    defaulted.push(name);
                    None
                }
            }
        };
        rules.end_passes = count(&self.end_passes, "end_passes");
        rules.max_stones = count(&self.max_stones, "max_stones");
        rules.capture_target = count(&self.capture_target, "capture_target");
        let before = problems.len();
        if let Some(komi) = &self.komi {
            let k = *komi.get_ref();
            if k.is_finite() && k.abs() <= MOST_KOMI {
                rules.komi = k;
            } else {
                problems.push(
                    at(&komi.span(), format!("komi {k} is not a usable number"))
                        .with_help("use e.g. `komi = 7.5`"),
                );
            }
        }
        if problems.len() > before {
            defaulted.push("komi");
        }
        defaulted.sort_by_key(|key| RULES_KEYS.iter().position(|k| k == key));
        CheckedRules {
            size,
            rules,
            defaulted,
            problems,
        }
    }
}

/// The note that a kit's keys were compared under the default rules for the `[rules]` entries
/// named in `assumed` (wrong, or unknown), when there are any: a key reported wrong, or found
/// right, may then be so only under those defaults.
pub fn assumed_note(assumed: &[String]) -> Option<Diagnostic> {
    if assumed.is_empty() {
        return None;
    }
    let names: Vec<String> = assumed.iter().map(|k| format!("`{k}`")).collect();
    Some(Diagnostic::note(format!(
        "the examples' keys were compared with the engine's answers assuming the default rules for {} in `[rules]`, whose {} wrong",
        names.join(", "),
        if names.len() == 1 {
            "entry is"
        } else {
            "entries are"
        }
    )))
}
