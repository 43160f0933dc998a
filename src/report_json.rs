//! The JSON shapes of engine values shared by `key` and `replay`: points, boards, capture tallies
//! and one reported move. Keeping them here means both commands print the same objects.

use serde::ser::{Serialize, SerializeSeq, Serializer};
use serde_json::{Value, json};

use crate::referee::MoveReport;
use crate::rules::{Board, Color, Point};

/// Points as strings like `"C3"`, sorted by column then row.
pub fn points_json(points: &[Point]) -> Value {
    json!(Points(points))
}

/// The stones of a board: `{"black": [...], "white": [...]}`, each list sorted.
pub fn board_json(board: &Board) -> Value {
    json!(BoardStones::of(board))
}

/// A capture tally `[black, white]` as `{"black": n, "white": n}`.
pub fn captures_json(captures: [u32; 2]) -> Value {
    json!(Tally(captures))
}

/// One reported move: `{"number", "color", "point", "legal", "reason", "captured", "liberties",
/// "captures": {"black", "white"}}`. `point` is `"pass"` for a pass; `reason` and `liberties`
/// are `null` when they do not apply.
pub fn move_json(report: &MoveReport) -> Value {
    json!(MoveEntry(report))
}

// The shapes above as `Serialize` types, so a long report (a 1,000-move replay) can be written
// straight to text without building a `Value` tree first. Object fields are listed in key order,
// as the `Value` maps print them.

/// Points serialized as [`points_json`] writes them: sorted, each once.
#[derive(Debug, Clone, Copy)]
pub struct Points<'a>(pub &'a [Point]);

impl Serialize for Points<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Board stones and captures come sorted already; copy and sort only a list that is not.
        let sorted;
        let points = if self.0.is_sorted_by(|a, b| a < b) {
            self.0
        } else {
            let mut copy = self.0.to_vec();
            copy.sort_unstable();
            copy.dedup();
            sorted = copy;
            &sorted
        };
        let mut seq = serializer.serialize_seq(Some(points.len()))?;
        for p in points {
            seq.serialize_element(&PointName(*p))?;
        }
        seq.end()
    }
}

/// A point as its name, e.g. `"C3"`.
struct PointName(Point);

impl Serialize for PointName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// The stones of a board, serialized as [`board_json`] writes them.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BoardStones {
    #[serde(with = "points_field")]
    black: Vec<Point>,
    #[serde(with = "points_field")]
    white: Vec<Point>,
}

impl BoardStones {
    /// The stones on `board`, by colour.
    pub fn of(board: &Board) -> BoardStones {
        BoardStones {
            black: board.stones(Color::Black),
            white: board.stones(Color::White),
        }
    }
}

/// Serializes a point list through [`Points`] (plain `Point` has no `Serialize` of its own).
mod points_field {
    use serde::Serializer;

    use super::{Point, Points};

    pub(super) fn serialize<S: Serializer>(points: &[Point], s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&Points(points), s)
    }
}

/// A capture tally `[black, white]`, serialized as [`captures_json`] writes it.
#[derive(Debug, Clone, Copy)]
pub struct Tally(pub [u32; 2]);

impl Serialize for Tally {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut object = serializer.serialize_struct("Tally", 2)?;
        object.serialize_field("black", &self.0[0])?;
        object.serialize_field("white", &self.0[1])?;
        object.end()
    }
}

/// One reported move, serialized as [`move_json`] writes it.
#[derive(Debug, Clone, Copy)]
pub struct MoveEntry<'a>(pub &'a MoveReport);

impl Serialize for MoveEntry<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let r = self.0;
        let mut object = serializer.serialize_struct("MoveEntry", 8)?;
        object.serialize_field("captured", &Points(&r.captured))?;
        object.serialize_field("captures", &Tally(r.captures))?;
        object.serialize_field("color", r.color.name())?;
        object.serialize_field("legal", &r.illegal.is_none())?;
        object.serialize_field("liberties", &r.liberties)?;
        object.serialize_field("number", &r.number)?;
        object.serialize_field("point", &MoveName(r.mv))?;
        object.serialize_field("reason", &r.illegal.map(|i| i.name()))?;
        object.end()
    }
}

/// A move as its name, e.g. `"C4"` or `"pass"`.
struct MoveName(crate::rules::Move);

impl Serialize for MoveName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{IllegalMove, Move};

    #[test]
    fn a_move_report_has_the_replay_shape() {
        let report = MoveReport {
            number: 3,
            color: Color::Black,
            mv: Move::Play(Point::new(2, 3)),
            illegal: None,
            captured: vec![Point::new(2, 2)],
            liberties: Some(4),
            captures: [1, 0],
        };
        assert_eq!(
            move_json(&report),
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
        let v = move_json(&refused);
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
            liberties: Some(2),
            captures: [3, 9],
        };
        let direct = serde_json::to_string_pretty(&MoveEntry(&report)).unwrap();
        let via_value = serde_json::to_string_pretty(&move_json(&report)).unwrap();
        assert_eq!(direct, via_value);
        assert!(direct.contains("\"D19\",\n    \"E18\""), "{direct}");
    }

    #[test]
    fn points_are_sorted_by_column_then_row() {
        let v = points_json(&[Point::new(3, 0), Point::new(0, 4), Point::new(0, 1)]);
        assert_eq!(v, json!(["A2", "A5", "D1"]));
        let twice = points_json(&[Point::new(0, 1), Point::new(0, 1)]);
        assert_eq!(twice, json!(["A2"]));
    }
}
