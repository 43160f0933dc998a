//! Rules as data: the repetition rule, the session's end conditions, scoring and komi.

use std::fmt;

/// Which repetitions are forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KoRule {
    /// No move may recreate any earlier whole-board position (the seed activity's rule).
    #[default]
    Positional,
    /// No move may recreate an earlier position with the same player to move (AGA).
    Situational,
    /// No move may recreate the position from just before the last move, whoever made it: any
    /// move, a pass included, lifts the ban (as GNU Go clears its ko point on every move).
    Simple,
}

/// How a finished game is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// More captured stones wins (the seed activity's short variant).
    #[default]
    Captures,
    /// Stones on the board plus empty regions bordered only by that colour, plus komi (AGA).
    Area,
    /// Empty regions bordered only by that colour plus prisoners, plus komi.
    Territory,
}

/// Whether a move that leaves its own chain without a liberty (and captures nothing) is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SuicideRule {
    /// Refused as `suicide` (the seed activity's rule, and Japanese, Chinese and AGA rules).
    #[default]
    Forbidden,
    /// Played: the mover's chain is removed, its stones taken by the opponent (New Zealand and
    /// Tromp-Taylor rules).
    Allowed,
}

/// The rules a game is played under. Every end condition is optional and applies only when set.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rules {
    /// The repetition rule.
    pub ko: KoRule,
    /// Consecutive passes that end the game (the seed uses 2).
    pub end_passes: Option<u32>,
    /// Stones placed in total that end the game (the seed uses 80).
    pub max_stones: Option<u32>,
    /// Captured stones with which a player ends the game (the seed uses 5).
    pub capture_target: Option<u32>,
    /// How the result is counted.
    pub scoring: Scoring,
    /// Points added to White's score.
    pub komi: f64,
    /// Whether suicide is a legal move.
    pub suicide: SuicideRule,
}

impl Rules {
    /// The seed activity's session rules: positional superko, two passes, 80 stones, 5 captures.
    pub fn liberty_chain_capture() -> Rules {
        Rules {
            ko: KoRule::Positional,
            end_passes: Some(2),
            max_stones: Some(80),
            capture_target: Some(5),
            scoring: Scoring::Captures,
            komi: 0.0,
            suicide: SuicideRule::Forbidden,
        }
    }
}

/// A name that is not one of the accepted words, with the words that would be right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// What was written.
    pub found: String,
    /// The accepted words.
    pub expected: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown value `{}`; use one of: {}",
            self.found,
            self.expected.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

macro_rules! named {
    ($ty:ty, $( $variant:ident => $name:literal ),+ ) => {
        impl $ty {
            /// Every accepted name, in documentation order.
            pub const NAMES: &'static [&'static str] = &[$($name),+];

            /// The name used in kit files, records and output.
            pub fn name(self) -> &'static str {
                match self { $( Self::$variant => $name ),+ }
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::rules::UnknownName;
            fn from_str(s: &str) -> Result<Self, $crate::rules::UnknownName> {
                match s.to_ascii_lowercase().as_str() {
                    $( $name => Ok(Self::$variant), )+
                    _ => Err($crate::rules::UnknownName { found: s.to_string(), expected: Self::NAMES }),
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

// Reachable from the kit's name enums too (`crate::rules::ruleset::named`).
pub(crate) use named;

named!(KoRule, Positional => "positional", Situational => "situational", Simple => "simple");
named!(Scoring, Captures => "captures", Area => "area", Territory => "territory");
named!(SuicideRule, Forbidden => "forbidden", Allowed => "allowed");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_list_the_choices() {
        for name in KoRule::NAMES {
            assert_eq!(name.parse::<KoRule>().unwrap().name(), *name);
        }
        assert_eq!("AREA".parse::<Scoring>(), Ok(Scoring::Area));
        let err = "japanese".parse::<Scoring>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown value `japanese`; use one of: captures, area, territory"
        );
    }
}
