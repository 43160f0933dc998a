//! The `schema` command: the kit format as a JSON Schema, for editors.

use super::{Console, Failure, Outcome, output_error};
use crate::kit::json_schema::kit_schema;

/// Prints the kit file's JSON Schema, pretty-printed.
pub fn run(console: &mut Console<'_>) -> Result<Outcome, Failure> {
    let mut text = serde_json::to_string_pretty(&kit_schema())
        .map_err(|e| Failure::new(format!("cannot write the schema: {e}")))?;
    text.push('\n');
    console
        .out
        .write_all(text.as_bytes())
        .map_err(output_error)?;
    Ok(Outcome::Success)
}
