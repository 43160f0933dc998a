//! Which living stones each point can reach, and the points where an opponent may not pass.

use super::super::grid::{Cell, Grid};
use crate::rules::point::Color;

/// Per cell, the colour whose opponent may not path through it (goscorer's connection blocks).
pub type Blocks = Vec<Option<Color>>;

/// Per colour (`Color::index`), per cell: whether a path leads from the cell to a living stone
/// of that colour without crossing a living stone of the other colour.
pub type Reach = [Vec<bool>; 2];

/// The shapes, in goscorer's notation, where the empty point `@` is the player's however the
/// opponent approaches: `p` a living player stone, `e` empty, a living player stone or a dead
/// opponent stone, `?` anything, and a last row of `x` the board's edge. These are the
/// connections (a tiger's mouth, a bamboo joint) that an opponent stone played on `@` could
/// not cut, so that point does not join the two sides' areas together.
const PATTERNS: [&[&str]; 6] = [
    &["pp", "@e", "pe"],
    &["ep?", "e@e", "ep?"],
    &["pee", "e@p", "pee"],
    &["?e?", "p@p", "xxx"],
    &["pp", "@e", "xx"],
    &["ep?", "e@e", "xxx"],
];

/// The eight ways to lay a pattern on the board: `(dy/dy, dy/dx, dx/dy, dx/dx)`, how a step
/// down or across the pattern moves on the board.
const ORIENTATIONS: [(isize, isize, isize, isize); 8] = [
    (1, 0, 0, 1),
    (-1, 0, 0, 1),
    (1, 0, 0, -1),
    (-1, 0, 0, -1),
    (0, 1, 1, 0),
    (0, -1, 1, 0),
    (0, 1, -1, 0),
    (0, -1, -1, 0),
];

/// Marks every point matched by `@` in one of [`PATTERNS`], in any orientation, for its player.
pub fn connection_blocks(grid: &Grid) -> Blocks {
    let mut blocks = vec![None; grid.cells().len()];
    for pla in [Color::Black, Color::White] {
        for orientation in ORIENTATIONS {
            for pattern in PATTERNS {
                for at in pattern_matches(grid, pla, orientation, pattern) {
                    blocks[at] = Some(pla);
                }
            }
        }
    }
    blocks
}

/// The `@` cells of every place `pattern`, laid in `orientation`, matches for `pla`.
fn pattern_matches(
    grid: &Grid,
    pla: Color,
    (dydy, dydx, dxdy, dxdx): (isize, isize, isize, isize),
    pattern: &[&str],
) -> Vec<Cell> {
    let rows: Vec<&[u8]> = pattern.iter().map(|r| r.as_bytes()).collect();
    let edge = rows[rows.len() - 1].contains(&b'x');
    // An edge pattern's last row is off the board, so it may be placed only against that edge.
    let ylen = rows.len() - usize::from(edge);
    let xlen = rows[0].len();
    let (h, w) = (grid.height() as isize, grid.width() as isize);
    let n = rows.len() as isize;
    let mut ys: Vec<isize> = (0..h).collect();
    let mut xs: Vec<isize> = (0..w).collect();
    if edge {
        match (dydy, dxdy) {
            (-1, _) => ys = vec![n - 2],
            (1, _) => ys = vec![h - (n - 1)],
            (_, -1) => xs = vec![n - 2],
            _ => xs = vec![w - (n - 1)],
        }
    }
    let mut found = Vec::new();
    for &y in &ys {
        for &x in &xs {
            let target = |py: usize, px: usize| {
                let (py, px) = (py as isize, px as isize);
                grid.at(x + dydx * py + dxdx * px, y + dydy * py + dxdy * px)
            };
            // The pattern fits when two opposite corners do.
            if target(ylen - 1, xlen - 1).is_none() || grid.at(x, y).is_none() {
                continue;
            }
            let mut at = None;
            let fits = (0..ylen).all(|py| {
                (0..xlen).all(|px| {
                    let Some(cell) = target(py, px) else {
                        return false;
                    };
                    match rows[py][px] {
                        b'?' => true,
                        b'p' => grid.is_alive(cell, pla),
                        b'e' => {
                            grid.is_empty(cell)
                                || grid.is_alive(cell, pla)
                                || (grid.stone(cell) == Some(pla.opponent()) && grid.is_dead(cell))
                        }
                        _ => {
                            at = Some(cell);
                            grid.is_empty(cell)
                        }
                    }
                })
            });
            if fits {
                found.extend(at);
            }
        }
    }
    found
}

/// Which living stones each point reaches, passing through empty points and dead stones. With
/// `blocks`, a point blocked against a colour may be reached by it but not passed through.
pub fn reachability(grid: &Grid, blocks: Option<&Blocks>) -> Reach {
    let mut reach: Reach = [
        vec![false; grid.cells().len()],
        vec![false; grid.cells().len()],
    ];
    for pla in [Color::Black, Color::White] {
        let reaches = &mut reach[pla.index()];
        let mut stack: Vec<Cell> = grid.cells().filter(|&c| grid.is_alive(c, pla)).collect();
        while let Some(cell) = stack.pop() {
            if reaches[cell] || grid.is_alive(cell, pla.opponent()) {
                continue;
            }
            reaches[cell] = true;
            if blocks.is_some_and(|b| b[cell] == Some(pla.opponent())) {
                continue;
            }
            stack.extend(grid.neighbours(cell));
        }
    }
    reach
}
