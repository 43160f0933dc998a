//! The JSON shapes of engine values shared by `key` and `replay`: points, boards, capture tallies
//! and one reported move. Keeping them here means both commands print the same objects.
//!
//! Object fields are declared in key order, the order `serde_json`'s maps print theirs, so an
//! object serialized straight to text reads the same as one built as a `Value` first.

use std::fmt::Display;

use serde::{Serialize, Serializer};

use crate::record::referee::MoveReport;
use crate::rules::{Color, Move, Point, Position};

/// Points as names, e.g. `["A2", "C3"]`: sorted by column then row, each once.
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub struct Points(Vec<Name<Point>>);

impl Points {
    /// `points` in the order the JSON lists them.
    pub fn of(points: &[Point]) -> Points {
        let mut sorted = points.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        Points(sorted.into_iter().map(Name).collect())
    }
}

/// A point or move written as its name, e.g. `"C3"` or `"pass"`.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(transparent)]
pub struct Name<T: Display>(#[serde(serialize_with = "as_text")] pub T);

/// Writes `value` as the string its `Display` makes.
fn as_text<T: Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// The stones of a board: `{"black": [...], "white": [...]}`, each list sorted.
#[derive(Debug, Clone, Serialize)]
pub struct BoardStones {
    black: Points,
    white: Points,
}

impl BoardStones {
    /// The stones on `board`, by colour.
    pub fn of(board: &Position) -> BoardStones {
        BoardStones {
            black: Points::of(&board.stones(Color::Black)),
            white: Points::of(&board.stones(Color::White)),
        }
    }
}

/// A capture tally: `{"black": n, "white": n}`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Tally {
    black: u32,
    white: u32,
}

impl Tally {
    /// The tally `[black, white]`, as the engine keeps it.
    pub fn of([black, white]: [u32; 2]) -> Tally {
        Tally { black, white }
    }
}

/// One reported move. `point` is `"pass"` for a pass; `reason` and `liberties` are `null` when
/// they do not apply. `atari` and `self_atari` are the referee's (`replay`) only, and
/// `suicided` appears only for a suicide the rules allow; `after_end` only for a pass after the
/// game ended, `repeats` only for a move recreating an earlier position under the basic ko rule.
#[derive(Debug, Clone, Serialize)]
pub struct MoveEntry {
    #[serde(skip_serializing_if = "Option::is_none")]
    after_end: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    atari: Option<Points>,
    captured: Points,
    captures: Tally,
    color: &'static str,
    legal: bool,
    liberties: Option<usize>,
    number: usize,
    point: Name<Move>,
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    repeats: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    self_atari: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    suicided: Option<Points>,
}

impl MoveEntry {
    /// The entry for `report`.
    pub fn of(report: &MoveReport) -> MoveEntry {
        MoveEntry {
            after_end: report.after_end.then_some(true),
            atari: None,
            captured: Points::of(&report.captured),
            captures: Tally::of(report.captures),
            color: report.color.name(),
            legal: report.illegal.is_none(),
            liberties: report.liberties,
            number: report.number,
            point: Name(report.mv),
            reason: report.illegal.map(|i| i.name()),
            repeats: report.repeats,
            self_atari: None,
            suicided: (!report.suicided.is_empty()).then(|| Points::of(&report.suicided)),
        }
    }

    /// The entry for `report` as the referee gives it: with the atari it gives and whether it
    /// puts its own chain in atari.
    pub fn refereed(report: &MoveReport) -> MoveEntry {
        MoveEntry {
            atari: Some(Points::of(&report.atari)),
            self_atari: Some(report.self_atari),
            ..MoveEntry::of(report)
        }
    }
}

/// A score total: a whole number is written as one, so `1` does not print as `1.0`.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Total {
    /// A whole number.
    Whole(i64),
    /// Any other.
    Fraction(f64),
}

impl Total {
    /// `value`, whole when it is whole.
    pub fn of(value: f64) -> Total {
        // Below 2^53 every whole `f64` converts to `i64` exactly.
        if value.fract() == 0.0 && value.abs() < 1e15 {
            Total::Whole(value as i64)
        } else {
            Total::Fraction(value)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::IllegalMove;
    use serde_json::json;

    #[test]
    fn a_move_report_has_the_replay_shape() {
        let report = MoveReport {
            number: 3,
            color: Color::Black,
            mv: Move::Play(Point::new(2, 3)),
            illegal: None,
            captured: vec![Point::new(2, 2)],
            suicided: Vec::new(),
            liberties: Some(4),
            captures: [1, 0],
            atari: Vec::new(),
            self_atari: false,
            after_end: false,
            repeats: None,
        };
        assert_eq!(
            json!(MoveEntry::of(&report)),
            json!({"number": 3, "color": "black", "point": "C4", "legal": true, "reason": null,
                   "captured": ["C3"], "liberties": 4, "captures": {"black": 1, "white": 0}})
        );
        let refused = MoveReport {
            illegal: Some(IllegalMove::Suicide),
            captured: vec![],
            liberties: None,
            mv: Move::Pass,
            ..report
        };
        let v = json!(MoveEntry::of(&refused));
        assert_eq!(v["legal"], json!(false));
        assert_eq!(v["reason"], json!("suicide"));
        assert_eq!(v["point"], json!("pass"));
    }

    #[test]
    fn move_entries_print_as_their_values() {
        let report = MoveReport {
            number: 12,
            color: Color::White,
            mv: Move::Play(Point::new(4, 18)),
            illegal: None,
            captured: vec![Point::new(4, 17), Point::new(3, 18)],
            suicided: Vec::new(),
            liberties: Some(2),
            captures: [3, 9],
            atari: Vec::new(),
            self_atari: false,
            after_end: false,
            repeats: None,
        };
        let entry = MoveEntry::of(&report);
        let direct = serde_json::to_string_pretty(&entry).unwrap();
        assert!(direct.contains("\"D19\",\n    \"E18\""), "{direct}");
        // The module's promise: fields declared in key order print as a `Value` prints them.
        let through_value = serde_json::to_string_pretty(&serde_json::to_value(&entry).unwrap());
        assert_eq!(direct, through_value.unwrap());
    }

    #[test]
    fn points_are_sorted_by_column_then_row() {
        let v = json!(Points::of(&[
            Point::new(3, 0),
            Point::new(0, 4),
            Point::new(0, 1)
        ]));
        assert_eq!(v, json!(["A2", "A5", "D1"]));
        let twice = json!(Points::of(&[Point::new(0, 1), Point::new(0, 1)]));
        assert_eq!(twice, json!(["A2"]));
    }
}
