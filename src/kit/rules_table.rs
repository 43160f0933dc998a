//! The `[rules]` table shared by kit files and TOML game records: raw serde form and its validation.

use serde::Deserialize;
use toml::Spanned;

use crate::diag::Diagnostic;
use crate::rules::{BoardSize, KoRule, Rules, Scoring};

/// Accepts `7` as well as `7.5` for komi: TOML keeps integers and floats apart, authors don't.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Number {
    /// An integer as written.
    Integer(i64),
    /// A float as written.
    Float(f64),
}

impl Number {
    /// The value as a float.
    pub fn value(self) -> f64 {
        match self {
            Number::Integer(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

/// What would be right instead of `found`: the likely intended word first, then every choice.
fn choices(found: &str, names: &[&str]) -> String {
    match crate::diag::nearest(found, names) {
        Some(near) => format!("did you mean `{near}`? (one of: {})", names.join(", ")),
        None => format!("use one of: {}", names.join(", ")),
    }
}

/// The `[rules]` table exactly as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    /// Board size (lines each way), 2 to 19.
    pub board: Spanned<i64>,
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
    pub komi: Option<Spanned<Number>>,
}

/// Every key `[rules]` accepts, for suggestions.
pub const RULES_KEYS: &[&str] = &[
    "board",
    "ko",
    "end_passes",
    "max_stones",
    "capture_target",
    "scoring",
    "komi",
];

impl RawRules {
    /// Checks every value, reporting each problem at its value in `source` (from `path`).
    pub fn validate(
        &self,
        path: &str,
        source: &str,
    ) -> Result<(BoardSize, Rules), Vec<Diagnostic>> {
        let mut problems = Vec::new();
        let at =
            |s: &std::ops::Range<usize>, msg: String| Diagnostic::at(path, source, s.clone(), msg);
        let size = u32::try_from(*self.board.get_ref())
            .ok()
            .and_then(|n| BoardSize::new(n).ok());
        if size.is_none() {
            problems.push(
                at(
                    &self.board.span(),
                    format!("board size {} is not supported", self.board.get_ref()),
                )
                .with_help("use a size from 2 to 19, e.g. `board = 5`"),
            );
        }
        let mut rules = Rules::default();
        if let Some(ko) = &self.ko {
            match ko.get_ref().parse::<KoRule>() {
                Ok(k) => rules.ko = k,
                Err(e) => problems.push(
                    at(&ko.span(), format!("unknown repetition rule `{}`", e.found))
                        .with_help(choices(&e.found, KoRule::NAMES)),
                ),
            }
        }
        if let Some(scoring) = &self.scoring {
            match scoring.get_ref().parse::<Scoring>() {
                Ok(s) => rules.scoring = s,
                Err(e) => problems.push(
                    at(&scoring.span(), format!("unknown scoring `{}`", e.found))
                        .with_help(choices(&e.found, Scoring::NAMES)),
                ),
            }
        }
        let mut count = |value: &Option<Spanned<i64>>, name: &str| -> Option<u32> {
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
                    None
                }
            }
        };
        rules.end_passes = count(&self.end_passes, "end_passes");
        rules.max_stones = count(&self.max_stones, "max_stones");
        rules.capture_target = count(&self.capture_target, "capture_target");
        if let Some(komi) = &self.komi {
            let k = komi.get_ref().value();
            if k.is_finite() && k.abs() <= 1000.0 {
                rules.komi = k;
            } else {
                problems.push(
                    at(&komi.span(), format!("komi {k} is not a usable number"))
                        .with_help("use e.g. `komi = 7.5`"),
                );
            }
        }
        match size {
            Some(size) if problems.is_empty() => Ok((size, rules)),
            _ => Err(problems),
        }
    }
}
