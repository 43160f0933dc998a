//! The rulesets an SGF `RU` names, as the rules `replay` referees them by.

use crate::rules::{KoRule, Scoring, SuicideRule};

/// What a named ruleset sets: the repetition rule, the scoring and whether suicide is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedRules {
    /// The repetition rule.
    pub ko: KoRule,
    /// How the game is counted.
    pub scoring: Scoring,
    /// Whether a suicide is played or refused.
    pub suicide: SuicideRule,
    /// Whether White receives a point for each handicap stone after the first (AGA, under
    /// area counting).
    pub handicap_points_after_first: bool,
}

/// The rules `RU` names, in any case and with or without `-`, `_` or spaces (`Tromp-Taylor`,
/// `TrompTaylor`); `None` for a ruleset `replay` does not know.
pub fn named_rules(ru: &str) -> Option<NamedRules> {
    let key: String = ru
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    let (ko, scoring, suicide) = match key.as_str() {
        // Japanese and Korean rules have no superko: only the basic ko rule (no immediate
        // retake). A long cycle voids the game there; the referee says so in a note.
        "japanese" | "korean" => (KoRule::Simple, Scoring::Territory, SuicideRule::Forbidden),
        "chinese" => (KoRule::Positional, Scoring::Area, SuicideRule::Forbidden),
        "aga" => (KoRule::Situational, Scoring::Area, SuicideRule::Forbidden),
        "nz" | "newzealand" | "tromptaylor" => {
            (KoRule::Positional, Scoring::Area, SuicideRule::Allowed)
        }
        _ => return None,
    };
    Some(NamedRules {
        ko,
        scoring,
        suicide,
        handicap_points_after_first: key == "aga",
    })
}

/// The rulesets `named_rules` knows, for the note on an unknown one.
pub const KNOWN_RULESETS: &str = "Japanese, Korean, Chinese, AGA, NZ, Tromp-Taylor";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_a_ruleset_reads() {
        for name in [
            "NZ",
            "nz",
            "Tromp-Taylor",
            "TrompTaylor",
            "tromp-taylor",
            "TROMP_TAYLOR",
        ] {
            let rules = named_rules(name).unwrap();
            assert_eq!(rules.suicide, SuicideRule::Allowed, "{name}");
            assert_eq!(rules.scoring, Scoring::Area, "{name}");
            assert_eq!(rules.ko, KoRule::Positional, "{name}");
        }
        assert_eq!(named_rules("Japanese").unwrap().scoring, Scoring::Territory);
        assert_eq!(named_rules("korean").unwrap().scoring, Scoring::Territory);
        assert_eq!(named_rules("AGA").unwrap().ko, KoRule::Situational);
        assert_eq!(
            named_rules("Chinese").unwrap().suicide,
            SuicideRule::Forbidden
        );
        assert_eq!(named_rules("Ing"), None);
    }
}
