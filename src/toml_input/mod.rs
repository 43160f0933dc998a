//! TOML input shared by kit files and game records: one parse that locates every syntax error,
//! tables read key by key, values read as the kind their key expects, and the `[rules]` table
//! both kinds of file carry.

mod controls;
pub mod document;
pub mod key_help;
pub mod rules_table;
mod string_place;
pub mod strings;
pub mod value;

pub(crate) use controls::control_characters;
