//! libertykit: turns a kit file into a printable session pack for small-board capture activities.
//!
//! Data flows one way: `kit` (TOML) -> `answer` (the rules engine's key) -> `layout` (pages of
//! shapes in millimetres) -> `export` (PDF and SVG bytes). `rules` is the engine under all of it;
//! `record` reads played games for the `replay` referee; `run` is the only layer that touches files.

pub mod answer;
pub mod check;
pub mod cli;
pub mod control_chars;
pub mod diag;
pub mod excerpt;
pub mod export;
pub(crate) mod fingerprint;
pub mod io_words;
pub mod kit;
pub mod layout;
pub mod record;
pub mod rules;
pub mod run;
pub mod toml_input;
pub mod typeface;
pub mod wording;
