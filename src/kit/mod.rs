//! Kit files: the TOML an author writes, read and validated into a `Kit`.

pub mod model;
pub mod rules_table;

pub use model::{Example, Kit, Paper, Physical, Task};
