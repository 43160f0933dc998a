//! Whether a kit's full-size board fits its paper (in progress).

use crate::kit::Kit;

/// A message and a suggestion when the kit's full-size board does not fit its paper.
pub fn board_fit_problem(_kit: &Kit) -> Option<(String, String)> {
    None
}
