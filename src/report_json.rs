//! The JSON shapes of engine values shared by `key` and `replay`: points, boards, capture tallies
//! and one reported move. Keeping them here means both commands print the same objects.

use serde_json::{Value, json};

use crate::referee::MoveReport;
use crate::rules::{Board, Color, Point};

/// Points as strings like `"C3"`, sorted by column then row.
pub fn points_json(points: &[Point]) -> Value {
    let mut sorted = points.to_vec();
    sorted.sort();
    sorted.dedup();
    Value::Array(
        sorted
            .iter()
            .map(|p| Value::String(p.to_string()))
            .collect(),
    )
}

/// The stones of a board: `{"black": [...], "white": [...]}`, each list sorted.
pub fn board_json(board: &Board) -> Value {
    json!({
        "black": points_json(&board.stones(Color::Black)),
        "white": points_json(&board.stones(Color::White)),
    })
}

/// A capture tally `[black, white]` as `{"black": n, "white": n}`.
pub fn captures_json(captures: [u32; 2]) -> Value {
    json!({ "black": captures[0], "white": captures[1] })
}

/// One reported move: `{"number", "color", "point", "legal", "reason", "captured", "liberties",
/// "captures": {"black", "white"}}`. `point` is `"pass"` for a pass; `reason` and `liberties`
/// are `null` when they do not apply.
pub fn move_json(report: &MoveReport) -> Value {
    json!({
        "number": report.number,
        "color": report.color.name(),
        "point": report.mv.to_string(),
        "legal": report.illegal.is_none(),
        "reason": report.illegal.map(|r| r.name()),
        "captured": points_json(&report.captured),
        "liberties": report.liberties,
        "captures": captures_json(report.captures),
    })
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
    fn points_are_sorted_by_column_then_row() {
        let v = points_json(&[Point::new(3, 0), Point::new(0, 4), Point::new(0, 1)]);
        assert_eq!(v, json!(["A2", "A5", "D1"]));
    }
}
