//! What checking a players' record finds: the numbers they wrote that the engine does not agree
//! with, and what the text, JSON and PDF reports draw around the first.

use serde::Serialize;

use crate::record::referee::MoveReport;
use crate::rules::Board;

/// One number the players wrote that the engine does not agree with.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mismatch {
    /// The move's number, from 1; `null` for the tally.
    #[serde(rename = "move")]
    pub number: Option<usize>,
    /// `point` (the point is illegal), `captures`, `liberties` or `tally`.
    pub column: &'static str,
    /// What the players wrote.
    pub written: String,
    /// What the engine found.
    pub actual: String,
    /// The two in one sentence.
    pub message: String,
}

/// What checking the players' record found: every mismatch in order, the boards before and
/// after the move of the first one (when it is a move's) with the engine's ruling on it, and
/// the tally the captures add up to.
pub struct Checked {
    /// Every mismatch, in the sheet's order, the tally's last.
    pub mismatches: Vec<Mismatch>,
    /// The boards before and after the first mismatch's move.
    pub first_boards: Option<(Board, Board)>,
    /// The engine's ruling on that move (its `number` counts it alone: use the mismatch's).
    pub first_report: Option<MoveReport>,
    /// The capture tally the engine reached, `[black, white]`.
    pub tally: [u32; 2],
}
