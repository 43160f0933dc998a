//! The rules in words, composed from template pieces for the kit's own `[rules]` (board size, ko, end conditions, scoring).

use crate::kit::Kit;
use crate::rules::{KoRule, Scoring, SuicideRule};
use crate::wording::Wording;

/// One titled section of the rules: `Prepare`, `Play` or `Finish and check`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesSection {
    /// The section heading.
    pub heading: String,
    /// Its sentences as one paragraph.
    pub paragraph: String,
}

/// The three sections of the rules for this kit, as the player sheet prints them.
pub fn sections(kit: &Kit) -> Vec<RulesSection> {
    let w = &kit.wording;
    let n = kit.size.get();
    let last = format!("{}{}", kit.size.last_column(), n);
    let prepare = join(
        [
            w.fill(
                "rules_board",
                &[("points", &kit.size.points().to_string()), ("last", &last)],
            ),
            w.get("rules_start").to_string(),
            w.get("rules_group").to_string(),
            w.get("rules_liberty").to_string(),
        ],
        w,
    );
    let ko = match kit.rules.ko {
        KoRule::Positional => "rules_ko_positional",
        KoRule::Situational => "rules_ko_situational",
        KoRule::Simple => "rules_ko_simple",
    };
    // With real stones (no counters printed) the captured pieces are stones, not counters.
    let place = match (
        super::counters::per_colour(kit) == 0,
        kit.rules.suicide == SuicideRule::Allowed,
    ) {
        (true, false) => "rules_place_stones",
        (false, false) => "rules_place",
        (true, true) => "rules_place_stones_suicide",
        (false, true) => "rules_place_suicide",
    };
    let play = join([w.get(place).to_string(), w.get(ko).to_string()], w);
    let finish = join(
        [
            vec![w.get("rules_pass").to_string(), stop_sentence(kit)],
            scoring_sentences(kit),
        ]
        .concat(),
        w,
    );
    [
        ("rules_heading_prepare", prepare),
        ("rules_heading_play", play),
        ("rules_heading_finish", finish),
    ]
    .into_iter()
    .map(|(key, paragraph)| RulesSection {
        heading: w.get(key).to_string(),
        paragraph,
    })
    .collect()
}

/// Sentences joined as the language joins them (a space; nothing in Japanese), leaving out
/// empty ones (a kit may blank a template entry).
pub fn join(sentences: impl IntoIterator<Item = String>, w: &Wording) -> String {
    sentences
        .into_iter()
        .filter(|s| !s.trim().is_empty())
        .collect::<Vec<_>>()
        .join(w.get("sentence_separator"))
}

/// `Stop after two consecutive passes, eighty placed stones in total, or when one player has
/// captured five stones.` with only the conditions the kit sets.
fn stop_sentence(kit: &Kit) -> String {
    let w = &kit.wording;
    let r = &kit.rules;
    let mut after = Vec::new();
    if let Some(n) = r.end_passes {
        after.push(w.fill("stop_passes", &[("count", &spell(n, w))]));
    }
    if let Some(n) = r.max_stones {
        after.push(w.fill("stop_max_stones", &[("count", &spell(n, w))]));
    }
    let mut items = Vec::new();
    if let Some((first, rest)) = after.split_first() {
        items.push(w.fill("stop_after", &[("first", first)]));
        items.extend(rest.iter().cloned());
    }
    if let Some(n) = r.capture_target {
        let key = if n == 1 { "stone_one" } else { "stone_many" };
        let stones = w.fill(key, &[("count", &spell(n, w))]);
        items.push(w.fill("stop_capture_target", &[("stones", &stones)]));
    }
    if items.is_empty() {
        return w.get("rules_stop_none").to_string();
    }
    w.fill("rules_stop", &[("conditions", &or_list(&items, w))])
}

fn scoring_sentences(kit: &Kit) -> Vec<String> {
    let w = &kit.wording;
    let komi = if kit.rules.komi == 0.0 {
        String::new()
    } else {
        w.fill("scoring_komi", &[("komi", &w.decimal(kit.rules.komi))])
    };
    match kit.rules.scoring {
        Scoring::Captures => vec![w.get("scoring_captures").to_string(), komi],
        Scoring::Area | Scoring::Territory => {
            let key = if kit.rules.scoring == Scoring::Area {
                "scoring_area"
            } else {
                "scoring_territory"
            };
            vec![
                w.get(key).to_string(),
                komi,
                w.get("scoring_result").to_string(),
            ]
        }
    }
}

/// `a`, `a or b`, `a, b, or c`.
pub fn or_list(items: &[String], w: &Wording) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a}{}{b}", w.get("list_or_pair")),
        [init @ .., last] => format!(
            "{}{}{last}",
            init.join(w.get("list_comma")),
            w.get("list_or_last")
        ),
    }
}

/// A number in words up to ninety-nine (`five`, `twenty-five`, `eighty`), digits above.
pub fn spell(n: u32, w: &Wording) -> String {
    let ones: Vec<&str> = w.get("number_words").split_whitespace().collect();
    let tens: Vec<&str> = w.get("number_tens").split_whitespace().collect();
    let idx = |v: u32| usize::try_from(v).unwrap_or(usize::MAX);
    if let Some(word) = ones.get(idx(n)) {
        return (*word).to_string();
    }
    let Some(ten) = n
        .checked_sub(20)
        .map(|v| v / 10)
        .and_then(|t| tens.get(idx(t)))
    else {
        return n.to_string();
    };
    if n >= 100 {
        return n.to_string();
    }
    match n % 10 {
        0 => (*ten).to_string(),
        unit => match ones.get(idx(unit)) {
            Some(u) => format!("{ten}{}{u}", w.get("number_tens_join")),
            None => n.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_spelled_up_to_ninety_nine() {
        let w = Wording::defaults();
        assert_eq!(spell(2, &w), "two");
        assert_eq!(spell(5, &w), "five");
        assert_eq!(spell(19, &w), "nineteen");
        assert_eq!(spell(25, &w), "twenty-five");
        assert_eq!(spell(80, &w), "eighty");
        assert_eq!(spell(99, &w), "ninety-nine");
        assert_eq!(spell(100, &w), "100");
        assert_eq!(spell(361, &w), "361");
    }

    #[test]
    fn lists_join_with_or() {
        let w = Wording::defaults();
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(or_list(&s(&["a"]), &w), "a");
        assert_eq!(or_list(&s(&["a", "b"]), &w), "a or b");
        assert_eq!(or_list(&s(&["a", "b", "c"]), &w), "a, b, or c");
    }
}
