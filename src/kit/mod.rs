//! Kit files: the TOML an author writes, read and validated into a `Kit`.

mod examples;
pub mod json_schema;
pub mod key_docs;
mod keys;
mod kit_table;
pub mod load;
pub mod model;
pub mod schema;

pub use examples::starting_side;
pub use load::load;
pub use model::{BoardPrint, Example, Kit, Paper, Physical, SetBy, Task, TaskKind, View};
