//! Whose territory each point is, with seki and false eyes found: goscorer's rules in Rust.
//!
//! goscorer (<https://github.com/lightvector/goscorer>, MIT licence, by lightvector, KataGo's
//! author) scores a finished position from its stones and the stones marked dead. This module
//! follows its `territory_scoring` step for step, so the two agree point for point:
//!
//! 1. *Connection blocks*: empty points in a connection shape (tiger's mouth, bamboo joint)
//!    that the opponent may reach but not pass ([`reach::connection_blocks`]).
//! 2. *Reachability*: which living stones each point reaches, through empty points and dead
//!    stones, with and without the blocks ([`reach::reachability`]).
//! 3. *Regions*: areas only one colour reaches, each a group with what it surrounds; then
//!    chains, and *macrochains*, chains joined through space no region holds
//!    ([`regions`]).
//! 4. *Eyes*: the empty or dead-stone areas of each region, their false points, and how many
//!    eyes each is worth, 0 to 2 ([`eyes`], [`eye_value`]).
//! 5. *Scoring*: a region whose eyes are worth 1 or less in all is a group in seki: its points
//!    are nobody's. Elsewhere the region's empty points and dead stones are its colour's
//!    territory, except false eye points that must be filled, the points beside a dead
//!    throw-in on such a point, and points the other colour can reach.
//!
//! goscorer can also count false eyes (`score_false_eyes`); libertykit never does, as under
//! Japanese rules a false eye has to be filled before the game ends.

mod eye_value;
mod eyes;
mod reach;
mod regions;

use super::grid::{Cell, Grid};
use crate::rules::point::Color;

/// How one point is counted, with what the counter saw there (goscorer's `LocScore`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PointScore {
    /// The colour this point is a point of territory for, or `None`. Under a dead stone this is
    /// the point itself; the dead stone is a prisoner besides.
    pub territory: Option<Color>,
    /// The colour of the group in seki this point belongs to (its stones or the space they
    /// surround), or `None`: a group not marked dead that does not have two eyes.
    pub seki: Option<Color>,
    /// The point is judged an eye that does not help the group live.
    pub false_eye: bool,
    /// The point is a false eye that will have to be filled, so it is not territory.
    pub unscorable_false_eye: bool,
    /// The point belongs to no region: shared between the colours.
    pub dame: bool,
    /// How many eyes (0 to 2) the eye holding this point is judged worth; informational.
    pub eye_value: u32,
}

/// Counts territory on `grid` as goscorer's `territory_scoring` does: one [`PointScore`] per
/// cell, row by row from the top.
pub fn territory_scoring(grid: &Grid) -> Vec<PointScore> {
    let blocks = reach::connection_blocks(grid);
    let strict = reach::reachability(grid, None);
    let blocked = reach::reachability(grid, Some(&blocks));
    let mut regions = regions::regions(grid, &blocks, &blocked);
    let chains = regions::chains(grid, &regions.of);
    let mut macros = regions::macrochains(grid, &blocks, &regions.of, &chains);
    let mut eyes = eyes::potential_eyes(grid, &mut regions, &mut macros);
    // False points first with every eye worth 0: the points that give no eye.
    let false_points = eyes::false_eye_points(grid, &regions, &macros, &eyes);
    eye_value::mark_eye_values(grid, &chains, &false_points, &mut eyes.list);
    // Again with the values: a false point by an eye worth something is still fine to count.
    let unscorable = eyes::false_eye_points(grid, &regions, &macros, &eyes);
    let beside_throwins = beside_dead_throwins(grid, &unscorable);

    grid.cells()
        .map(|cell| {
            let Some(region_id) = regions.of[cell] else {
                return PointScore {
                    dame: true,
                    ..PointScore::default()
                };
            };
            let region = &regions.list[region_id];
            let color = region.color;
            let total_eyes: u32 = region.eyes.iter().map(|&e| eyes.list[e].value).sum();
            let seki = (total_eyes <= 1).then_some(color);
            let open_or_dead = grid.stone(cell) != Some(color) || grid.is_dead(cell);
            let unscorable_false_eye = unscorable[cell]
                || ((grid.is_empty(cell) || grid.is_dead(cell))
                    && beside_throwins[color.index()][cell]);
            // A chain straddling regions (an empty one, across a connection block) is not
            // wholly surrounded, so it is nobody's.
            let enclosed = chains.list[chains.of[cell]].region == Some(region_id);
            let counts = open_or_dead
                && seki.is_none()
                && !unscorable_false_eye
                && enclosed
                && !strict[color.opponent().index()][cell];
            PointScore {
                territory: counts.then_some(color),
                seki,
                false_eye: false_points[cell],
                unscorable_false_eye,
                dame: false,
                eye_value: eyes.of[cell].map_or(0, |e| eyes.list[e].value),
            }
        })
        .collect()
}

/// Per colour, the cells next to a dead opponent stone thrown in on a false eye that must be
/// filled: the throw-in is taken by filling there, so those points are not territory either.
fn beside_dead_throwins(grid: &Grid, unscorable: &[bool]) -> [Vec<bool>; 2] {
    let mut beside = [
        vec![false; grid.cells().len()],
        vec![false; grid.cells().len()],
    ];
    for cell in grid.cells() {
        if let Some(stone) = grid.stone(cell)
            && unscorable[cell]
            && grid.is_dead(cell)
        {
            for n in grid.neighbours(cell) {
                beside[stone.opponent().index()][n] = true;
            }
        }
    }
    beside
}

/// Counts area as goscorer's `area_scoring` does: a cell is a colour's when that colour's
/// living stones reach it (through empty points and dead stones) and the other's do not. Its
/// own living stones count, and so do seki eyes and false eyes; points both reach (shared
/// liberties in seki included) are nobody's.
pub fn area_scoring(grid: &Grid) -> Vec<Option<Color>> {
    let strict = reach::reachability(grid, None);
    grid.cells()
        .map(|cell: Cell| match (strict[0][cell], strict[1][cell]) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        })
        .collect()
}
