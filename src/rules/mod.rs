//! The rules engine: points, boards, chains, legal moves, repetition, end conditions and scoring.
//!
//! `board` places and captures stones, `position` keeps a board's stones as a small value,
//! `history` remembers earlier positions, `game` judges and plays moves.
//!
//! No I/O, no serde, no printing: everything here is plain values and functions.

pub mod board;
mod cells;
pub mod diagram;
pub mod game;
mod handicap;
mod history;
pub mod life_death;
pub mod notation;
pub mod point;
pub mod position;
pub mod reading;
pub mod ruleset;
pub mod score;
mod zobrist;

pub use board::{Board, Placement};
pub use game::{Capture, EndReason, Game, IllegalMove, Played};
pub use handicap::fixed_handicap;
pub use point::{
    BLACK_WORDS, BoardSize, Color, MAX_SIZE, MIN_SIZE, Move, Point, PointError, WHITE_WORDS,
};
pub use position::Position;
pub use ruleset::{KoRule, Rules, Scoring, SuicideRule, UnknownName};
pub use score::{Score, score};
