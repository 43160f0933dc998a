//! The rules engine: points, boards, chains, legal moves, repetition, end conditions and scoring.
//!
//! No I/O, no serde, no printing: everything here is plain values and functions.

pub mod board;
mod cells;
pub mod diagram;
pub mod game;
pub mod notation;
pub mod point;
pub mod ruleset;
pub mod score;
mod zobrist;

pub use board::{Board, Chain, Placement};
pub use game::{EndReason, Game, IllegalMove, Played};
pub use point::{BoardSize, Color, Move, Point, PointError, SizeError};
pub use ruleset::{KoRule, Rules, Scoring, UnknownName};
pub use score::{NoStoneThere, Score, score};
