//! Potential eyes (the empty or dead-stone areas inside a region) and their false points.

use std::collections::BTreeSet;

use super::super::grid::{Cell, Grid};
use super::regions::{Macrochains, Regions};
use crate::rules::point::Color;

/// A connected area of empty points and dead stones inside one region: an eye, or a point
/// (or points) that looks like one.
#[derive(Debug, Clone)]
pub struct Eye {
    /// The colour whose eye it would be.
    pub pla: Color,
    /// The region it lies in.
    pub region: usize,
    /// All its cells.
    pub potential: BTreeSet<Cell>,
    /// Its cells that are not false eye points (filled in by the eye values).
    pub real: BTreeSet<Cell>,
    /// For each macrochain it touches, in the order the eye's search met them, the eye's own
    /// cells next to that macrochain.
    pub macrochain_neighbours_from: Vec<(usize, BTreeSet<Cell>)>,
    /// How many eyes (0 to 2) it is judged to be worth.
    pub value: u32,
}

impl Eye {
    /// The eye's cells next to macrochain `m` (none when it does not touch `m`).
    fn cells_next_to(&self, m: usize) -> BTreeSet<Cell> {
        self.macrochain_neighbours_from
            .iter()
            .find(|(id, _)| *id == m)
            .map(|(_, cells)| cells.clone())
            .unwrap_or_default()
    }
}

/// The eyes, and per cell the eye it belongs to.
pub struct Eyes {
    pub of: Vec<Option<usize>>,
    pub list: Vec<Eye>,
}

/// Finds every potential eye in scan order and records, on both sides, which macrochains
/// each touches. Adds each eye to its region.
pub fn potential_eyes(grid: &Grid, regions: &mut Regions, macrochains: &mut Macrochains) -> Eyes {
    let mut eyes = Eyes {
        of: vec![None; grid.cells().len()],
        list: Vec::new(),
    };
    for start in grid.cells() {
        let is_stone = grid.stone(start).is_some() && !grid.is_dead(start);
        if eyes.of[start].is_some() || is_stone {
            continue;
        }
        let Some(region) = regions.of[start] else {
            continue;
        };
        let id = eyes.list.len();
        let mut fill = EyeFill {
            grid,
            region_of: &regions.of,
            macrochains,
            eye_of: &mut eyes.of,
            id,
            region,
            eye: Eye {
                pla: regions.list[region].color,
                region,
                potential: BTreeSet::new(),
                real: BTreeSet::new(),
                macrochain_neighbours_from: Vec::new(),
                value: 0,
            },
        };
        fill.visit(start, None);
        let eye = fill.eye;
        eyes.list.push(eye);
        regions.list[region].eyes.push(id);
    }
    eyes
}

/// One eye's flood fill. It is recursive, in goscorer's neighbour order, because the order
/// it meets macrochains in is the order the false-eye search later tries them.
struct EyeFill<'a> {
    grid: &'a Grid,
    region_of: &'a [Option<usize>],
    macrochains: &'a mut Macrochains,
    eye_of: &'a mut Vec<Option<usize>>,
    id: usize,
    region: usize,
    eye: Eye,
}

impl EyeFill<'_> {
    /// Takes `cell` into the eye, coming from the eye cell `from`.
    fn visit(&mut self, cell: Cell, from: Option<Cell>) {
        if self.eye_of[cell].is_some() || self.region_of[cell] != Some(self.region) {
            return;
        }
        if let (Some(m), Some(from)) = (self.macrochains.of[cell], from) {
            let touching = &mut self.eye.macrochain_neighbours_from;
            match touching.iter_mut().find(|(id, _)| *id == m) {
                Some((_, cells)) => _ = cells.insert(from),
                None => touching.push((m, BTreeSet::from([from]))),
            }
            let eye_sides = &mut self.macrochains.list[m].eye_neighbours_from;
            match eye_sides.iter_mut().find(|(id, _)| *id == self.id) {
                Some((_, cells)) => {
                    if !cells.contains(&cell) {
                        cells.push(cell);
                    }
                }
                None => eye_sides.push((self.id, vec![cell])),
            }
        }
        if self.grid.stone(cell).is_some() && !self.grid.is_dead(cell) {
            return;
        }
        self.eye_of[cell] = Some(self.id);
        self.eye.potential.insert(cell);
        for n in self.grid.neighbours(cell) {
            self.visit(n, Some(cell));
        }
    }
}

/// Marks the false eye points: a cell of an eye, next to at most one other cell of it, is false
/// when some macrochain bordering it cannot find its way round (through other macrochains,
/// other eyes and the eye's other cells) to every side of it that lies in the region. Such a
/// point separates the stones around it, so an opponent stone there cannot be captured
/// without those stones connecting: the point will have to be filled.
///
/// An eye worth at least one eye also ends the search: stones that reach it live. Called while
/// every eye is worth 0 this finds the points that give no eye; called again after the eye
/// values, it finds the points that must be filled even so, which are not territory.
pub fn false_eye_points(
    grid: &Grid,
    regions: &Regions,
    macros: &Macrochains,
    eyes: &Eyes,
) -> Vec<bool> {
    let mut is_false = vec![false; grid.cells().len()];
    for (orig, eye) in eyes.list.iter().enumerate() {
        for (m, cells) in &eye.macrochain_neighbours_from {
            for &point in cells {
                let in_eye = grid
                    .neighbours(point)
                    .filter(|n| eye.potential.contains(n))
                    .count();
                if in_eye > 1 {
                    continue;
                }
                // The sides to reach: off the board and outside the region there is nothing to.
                let target = grid
                    .neighbours(point)
                    .filter(|&n| regions.of[n] == Some(eye.region))
                    .count();
                let mut search = FalseEyeSearch {
                    grid,
                    macros,
                    eyes,
                    orig,
                    point,
                    target,
                    reaching_sides: BTreeSet::new(),
                    visited_macros: BTreeSet::new(),
                    visited_other_eyes: BTreeSet::new(),
                    visited_orig_points: BTreeSet::from([point]),
                };
                if !search.search(*m) {
                    is_false[point] = true;
                }
            }
        }
    }
    is_false
}

/// The search from one macrochain bordering a possibly false point.
struct FalseEyeSearch<'a> {
    grid: &'a Grid,
    macros: &'a Macrochains,
    eyes: &'a Eyes,
    /// The eye holding the point.
    orig: usize,
    /// The point under test.
    point: Cell,
    /// How many of its sides must be reached for it to be a real eye point.
    target: usize,
    reaching_sides: BTreeSet<Cell>,
    visited_macros: BTreeSet<usize>,
    visited_other_eyes: BTreeSet<usize>,
    visited_orig_points: BTreeSet<Cell>,
}

impl<'a> FalseEyeSearch<'a> {
    /// Whether macrochain `m` leads round the point, or to an eye worth something.
    fn search(&mut self, m: usize) -> bool {
        if !self.visited_macros.insert(m) {
            return false;
        }
        // Copied out of `self`, so the search can go on recursing while it reads them.
        let (macros, eyes): (&'a Macrochains, &'a Eyes) = (self.macros, self.eyes);
        for (eye_id, from_macro) in &macros.list[m].eye_neighbours_from {
            if self.visited_other_eyes.contains(eye_id) {
                continue;
            }
            let eye = &eyes.list[*eye_id];
            if *eye_id != self.orig {
                self.visited_other_eyes.insert(*eye_id);
                if eye.value > 0 {
                    return true;
                }
                for (next, _) in &eye.macrochain_neighbours_from {
                    if self.search(*next) {
                        return true;
                    }
                }
                continue;
            }
            for &c in from_macro {
                if self.grid.adjacent(c, self.point) {
                    self.reaching_sides.insert(c);
                }
            }
            if self.reaching_sides.len() >= self.target {
                return true;
            }
            // The macrochain meets the eye elsewhere too: go on through the eye's other cells,
            // never through the point itself.
            let reached = self.eye_cells_reached(&eye.cells_next_to(m));
            if reached.is_empty() {
                continue;
            }
            self.visited_orig_points.extend(reached.iter().copied());
            if eye.value > 0 && reached.iter().any(|c| eye.real.contains(c)) {
                return true;
            }
            for &c in &reached {
                if self.grid.adjacent(c, self.point) {
                    self.reaching_sides.insert(c);
                }
            }
            if self.reaching_sides.len() >= self.target {
                return true;
            }
            for (next, from_eye) in &eye.macrochain_neighbours_from {
                if from_eye.iter().any(|c| reached.contains(c)) && self.search(*next) {
                    return true;
                }
            }
        }
        false
    }

    /// The original eye's cells connected (within the eye) to `from`, leaving out those
    /// already visited.
    fn eye_cells_reached(&self, from: &BTreeSet<Cell>) -> BTreeSet<Cell> {
        let within = &self.eyes.list[self.orig].potential;
        let mut reached = BTreeSet::new();
        let mut stack: Vec<Cell> = from.iter().copied().collect();
        while let Some(c) = stack.pop() {
            if self.visited_orig_points.contains(&c) || !within.contains(&c) || !reached.insert(c) {
                continue;
            }
            stack.extend(self.grid.neighbours(c));
        }
        reached
    }
}
