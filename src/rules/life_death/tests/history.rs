//! The graph-history interaction: a result that depends on the line above its position must
//! not be reused where that line differs, so the order moves are read in never changes an
//! answer.

use super::*;

thread_local! {
    /// Set by a test: the search tries the region's moves in the reverse order.
    pub(in crate::rules::life_death) static READ_IN_REVERSE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// White's corner group round an eye space of A19, C19, D19 and D18, with Black's stones at
/// F19-F17 and C17-E16 and White's D17 cut off: a kill at D19 where every line goes through
/// kos, so cycles are met along many lines (the shape of Cho Chikun's Elementary 56).
const A_KILL_THROUGH_KOS: &str = "
.O...X...
OOO.OX...
.XXO.X...
..XXX....
.........
.........
.........
.........
.........";

#[test]
fn a_proof_does_not_depend_on_the_order_moves_are_read_in() {
    // A proven result is reused only where the line above cannot change it: read in either
    // order, the search reaches the same status and the same first moves. Reusing every
    // attacker's win wherever it was met made this a kill in one order and a ko in the other,
    // when a proof reused on one line met a position of another line above it.
    let rows = in_a_big_corner(A_KILL_THROUGH_KOS);
    let forward = solved(&rows, Color::Black, Goal::Kill, "A18");
    READ_IN_REVERSE.with(|r| r.set(true));
    let reversed = solved(&rows, Color::Black, Goal::Kill, "A18");
    READ_IN_REVERSE.with(|r| r.set(false));
    assert_eq!(forward.status, Status::Dead, "{forward:?}");
    assert_eq!(reversed.status, forward.status, "{reversed:?}");
    assert_eq!(firsts(&reversed), firsts(&forward));
    assert_eq!(firsts(&forward), ["D19"]);
}
