//! Regions (the areas one colour holds), chains, and macrochains (chains joined through space
//! that belongs to no region).

use super::super::grid::{Cell, Grid};
use super::reach::{Blocks, Reach};
use crate::rules::point::Color;

/// An area that only one colour reaches, grown through space both reach: a group of that
/// colour with the space it surrounds.
#[derive(Debug, Clone)]
pub struct Region {
    /// The colour that holds it.
    pub color: Color,
    /// Its potential eyes, by index into the eye list.
    pub eyes: Vec<usize>,
}

/// The regions, and per cell the region it belongs to.
pub struct Regions {
    pub of: Vec<Option<usize>>,
    pub list: Vec<Region>,
}

/// Finds the regions. Scanning row by row, each cell that only one colour reaches and no
/// region holds yet starts a region, which spreads through every cell that is not the other
/// colour's living stone (nor a point blocked against that colour, which it may reach but not
/// pass), taking in those that only its colour reaches. Crossing shared space lets one
/// group's separate areas join into one region, so their eyes are counted together.
pub fn regions(grid: &Grid, blocks: &Blocks, reach: &Reach) -> Regions {
    let mut of: Vec<Option<usize>> = vec![None; grid.cells().len()];
    let mut list = Vec::new();
    let only =
        |cell: Cell, pla: Color| reach[pla.index()][cell] && !reach[pla.opponent().index()][cell];
    for start in grid.cells() {
        for pla in [Color::Black, Color::White] {
            if !only(start, pla) || of[start].is_some() {
                continue;
            }
            let id = list.len();
            list.push(Region {
                color: pla,
                eyes: Vec::new(),
            });
            let opp = pla.opponent();
            let mut visited = vec![false; grid.cells().len()];
            let mut stack = vec![start];
            while let Some(cell) = stack.pop() {
                if visited[cell] || of[cell].is_some() || grid.is_alive(cell, opp) {
                    continue;
                }
                visited[cell] = true;
                if only(cell, pla) {
                    of[cell] = Some(id);
                }
                if blocks[cell] != Some(opp) {
                    stack.extend(grid.neighbours(cell));
                }
            }
        }
    }
    Regions { of, list }
}

/// A maximal connected set of cells alike in colour (or emptiness) and in being marked dead.
#[derive(Debug, Clone)]
pub struct Chain {
    /// The region every cell of it lies in, or `None` when its cells lie in different
    /// regions or in none (an empty chain may straddle a connection block).
    pub region: Option<usize>,
    /// The stone colour, or `None` for an empty chain.
    pub color: Option<Color>,
    /// Whether its stones are marked dead.
    pub dead: bool,
    /// Its cells; the first is where the row-by-row scan met it.
    pub cells: Vec<Cell>,
    /// How many empty cells border it.
    pub liberties: usize,
}

/// The chains, and per cell the chain it belongs to.
pub struct Chains {
    pub of: Vec<usize>,
    pub list: Vec<Chain>,
}

/// Finds every chain, empty ones included, in the order a row-by-row scan meets them.
pub fn chains(grid: &Grid, region_of: &[Option<usize>]) -> Chains {
    const NONE: usize = usize::MAX;
    let mut of = vec![NONE; grid.cells().len()];
    let mut list = Vec::new();
    for start in grid.cells() {
        if of[start] != NONE {
            continue;
        }
        let id = list.len();
        let (color, dead) = (grid.stone(start), grid.is_dead(start));
        let mut chain = Chain {
            region: region_of[start],
            color,
            dead,
            cells: Vec::new(),
            liberties: 0,
        };
        let mut liberties = Vec::new();
        let mut stack = vec![start];
        of[start] = id;
        while let Some(cell) = stack.pop() {
            chain.cells.push(cell);
            if region_of[cell] != chain.region {
                chain.region = None;
            }
            for n in grid.neighbours(cell) {
                if grid.stone(n) == color && grid.is_dead(n) == dead {
                    if of[n] == NONE {
                        of[n] = id;
                        stack.push(n);
                    }
                } else if grid.is_empty(n) {
                    liberties.push(n);
                }
            }
        }
        liberties.sort_unstable();
        liberties.dedup();
        chain.liberties = liberties.len();
        // The scan's first cell first: macrochains start their walk there.
        chain.cells.sort_unstable();
        list.push(chain);
    }
    Chains { of, list }
}

/// Living chains of one colour joined through space that belongs to no region and is not
/// blocked against that colour: stones that will connect, so they share their eyes.
#[derive(Debug, Clone)]
pub struct Macrochain {
    /// For each eye it touches (by index, in the order the eyes were found), its own cells
    /// next to that eye.
    pub eye_neighbours_from: Vec<(usize, Vec<Cell>)>,
}

/// The macrochains, and per cell the macrochain its living stone belongs to.
pub struct Macrochains {
    pub of: Vec<Option<usize>>,
    pub list: Vec<Macrochain>,
}

/// Finds the macrochains: Black's, then White's, each grown from its chains in scan order.
pub fn macrochains(
    grid: &Grid,
    blocks: &Blocks,
    region_of: &[Option<usize>],
    chains: &Chains,
) -> Macrochains {
    let mut of: Vec<Option<usize>> = vec![None; grid.cells().len()];
    let mut list = Vec::new();
    for pla in [Color::Black, Color::White] {
        let mut visited = vec![false; grid.cells().len()];
        for chain in &chains.list {
            if chain.color != Some(pla) || chain.dead || of[chain.cells[0]].is_some() {
                continue;
            }
            let id = list.len();
            list.push(Macrochain {
                eye_neighbours_from: Vec::new(),
            });
            let mut stack = vec![chain.cells[0]];
            while let Some(cell) = stack.pop() {
                if visited[cell] {
                    continue;
                }
                visited[cell] = true;
                let passable = if grid.is_alive(cell, pla) {
                    of[cell] = Some(id);
                    true
                } else {
                    region_of[cell].is_none() && blocks[cell] != Some(pla.opponent())
                };
                if passable {
                    stack.extend(grid.neighbours(cell));
                }
            }
        }
    }
    Macrochains { of, list }
}
