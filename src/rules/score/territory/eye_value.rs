//! How many eyes (0, 1 or 2) each potential eye is worth.
//!
//! These are goscorer's heuristics, rule for rule. They are meant for finished positions, where
//! the shapes are settled; they favour the defender where a shape is unsettled, and they need
//! not be tactically right elsewhere: playing out dame and connecting false eyes mends a count.

use std::collections::BTreeSet;

use super::super::grid::{Cell, Grid};
use super::eyes::Eye;
use super::regions::Chains;
use crate::rules::point::Color;

/// What an eye's value is worked out from, for one of its real points.
#[derive(Debug, Clone, Default)]
struct PointInfo {
    /// The on-board neighbours.
    adj: Vec<Cell>,
    /// The neighbours among the eye's real points.
    adj_eye: Vec<Cell>,
    num_empty_adj_false: usize,
    num_empty_adj_eye: usize,
    num_opp_adj_false: usize,
    /// An opponent stone next to (or with two empty chances at) an opponent stone thrown in on
    /// a false eye point: the player can never use this point to close off an eye.
    is_false_eye_poke: bool,
    /// Moves the player is assumed to need to make this point an eye: 1 for each empty
    /// neighbour outside the eye and each neighbour in the eye next to a throw-in, 1000 for a
    /// poke that cannot be blocked now.
    moves_to_block: usize,
}

/// Fills in every eye's real points (those not in `is_false`) and its value.
pub fn mark_eye_values(grid: &Grid, chains: &Chains, is_false: &[bool], eyes: &mut [Eye]) {
    for eye in eyes.iter_mut() {
        eye.real = eye
            .potential
            .iter()
            .copied()
            .filter(|&c| !is_false[c])
            .collect();
        let info = point_infos(grid, is_false, eye);
        eye.value = eye_value(grid, chains, is_false, eye, &info).min(2);
    }
}

/// The per-point facts for every real point of `eye`, indexed by cell.
fn point_infos(grid: &Grid, is_false: &[bool], eye: &Eye) -> Vec<Option<PointInfo>> {
    let opp = Some(eye.pla.opponent());
    let mut info: Vec<Option<PointInfo>> = vec![None; grid.cells().len()];
    for &p in &eye.real {
        let mut i = PointInfo::default();
        for a in grid.neighbours(p) {
            i.adj.push(a);
            if eye.real.contains(&a) {
                i.adj_eye.push(a);
            }
            let empty = grid.is_empty(a);
            i.num_empty_adj_eye += usize::from(empty && eye.real.contains(&a));
            i.num_empty_adj_false += usize::from(empty && is_false[a]);
            i.num_opp_adj_false += usize::from(grid.stone(a) == opp && is_false[a]);
        }
        // An opponent stone by a throw-in, or with two empty false points beside it (miai to
        // make the poke).
        i.is_false_eye_poke =
            grid.stone(p) == opp && (i.num_opp_adj_false > 0 || i.num_empty_adj_false >= 2);
        info[p] = Some(i);
    }
    for &p in &eye.real {
        let mut moves = 0;
        for &a in &info[p].as_ref().expect("a real point").adj {
            let here = info[a].as_ref();
            let mut block = 0;
            if grid.is_empty(a) && !eye.real.contains(&a) {
                block = 1;
            }
            if grid.is_empty(a) && here.is_some_and(|h| h.num_opp_adj_false >= 1) {
                block = 1;
            }
            if grid.stone(a) == opp && here.is_some_and(|h| h.num_empty_adj_false >= 1) {
                block = 1;
            }
            if grid.stone(a) == opp && (is_false[a] || here.is_some_and(|h| h.is_false_eye_poke)) {
                block = 1000;
            }
            moves += block;
        }
        info[p].as_mut().expect("a real point").moves_to_block = moves;
    }
    info
}

/// The eye's value before capping at 2: the best any of goscorer's rules gives it.
fn eye_value(
    grid: &Grid,
    chains: &Chains,
    is_false: &[bool],
    eye: &Eye,
    info: &[Option<PointInfo>],
) -> u32 {
    let at = |c: Cell| info[c].as_ref().expect("a real point");
    let opp = Some(eye.pla.opponent());
    let count = |f: &dyn Fn(Cell) -> bool| eye.real.iter().filter(|&&c| f(c)).count();

    let mut value = 0;
    // A point that can be closed off in at most one move: at least one eye (the defender is
    // favoured where it is unsettled).
    if count(&|c| at(c).moves_to_block <= 1) >= 1 {
        value = 1;
    }
    value = value.max(bottleneck_value(grid, chains, eye, info));

    // Many dead stones inside: one eye from 5, two from 8.
    let dead = count(&|c| grid.stone(c) == opp && grid.is_dead(c));
    if dead >= 5 {
        value = value.max(1);
    }
    if dead >= 8 {
        value = value.max(2);
    }

    // A big eye: its size less its weak points (severe ones twice) and the opponent stones
    // inside on points of degree 2 or more is at least 6.
    let solid = eye.real.len() as isize
        - count(&|c| at(c).moves_to_block >= 1) as isize
        - count(&|c| at(c).moves_to_block >= 2) as isize
        - count(&|c| grid.stone(c) == opp && at(c).adj_eye.len() >= 2) as isize;
    if value < 2 && solid >= 6 {
        value = 2;
    }

    // Many empty points of degree 3 or 4 inside.
    let open = count(&|c| grid.is_empty(c) && at(c).adj_eye.len() >= 4)
        + count(&|c| grid.is_empty(c) && at(c).adj_eye.len() >= 3);
    if value < 2 && open >= 6 {
        value = 2;
    }

    if value < 2 && splits_in_two(grid, chains, eye, info) {
        value = 2;
    }
    if value < 2 && dead_stones_make_two(grid, chains, is_false, eye) {
        value = 2;
    }
    value
}

/// An interior bottleneck the player can play that splits the eye: as many eyes as the pieces
/// it leaves that hold a point closed off already (or in one move, when the bottleneck itself
/// would do the closing, being by a single throw-in).
fn bottleneck_value(grid: &Grid, chains: &Chains, eye: &Eye, info: &[Option<PointInfo>]) -> u32 {
    let at = |c: Cell| info[c].as_ref().expect("a real point");
    let mut value = 0;
    for &d in &eye.real {
        if !pseudolegal(grid, chains, d, eye.pla) {
            continue;
        }
        let pieces = pieces(grid, &eye.real, &[d]);
        if pieces.len() < 2 {
            continue;
        }
        let bonus = at(d).num_opp_adj_false == 1;
        let definite = pieces
            .iter()
            .filter(|piece| {
                piece
                    .iter()
                    .any(|&c| at(c).moves_to_block == 0 || (bonus && at(c).moves_to_block <= 1))
            })
            .count();
        value = value.max(definite as u32);
    }
    value
}

/// Two neighbouring points of degree 3 or more, one empty, playable and off the edge, the
/// other empty or with an empty eye neighbour besides the first, that split the eye into at
/// least two pieces holding a closed-off point each, one of them two such points (two of them,
/// when the second point is not empty).
fn splits_in_two(grid: &Grid, chains: &Chains, eye: &Eye, info: &[Option<PointInfo>]) -> bool {
    let at = |c: Cell| info[c].as_ref().expect("a real point");
    for &d in &eye.real {
        if !grid.is_empty(d) || grid.on_border(d) || !pseudolegal(grid, chains, d, eye.pla) {
            continue;
        }
        let first = at(d);
        if first.moves_to_block > 1 || first.adj_eye.len() < 3 {
            continue;
        }
        for &a in &first.adj_eye {
            let second = at(a);
            if second.adj_eye.len() < 3 || second.moves_to_block > 1 {
                continue;
            }
            if !grid.is_empty(a) && second.num_empty_adj_eye <= 1 {
                continue;
            }
            let pieces = pieces(grid, &eye.real, &[d, a]);
            if pieces.len() < 2 {
                continue;
            }
            let closed = |piece: &BTreeSet<Cell>| {
                piece
                    .iter()
                    .filter(|&&c| at(c).moves_to_block == 0)
                    .take(2)
                    .count()
            };
            let definite = pieces.iter().filter(|p| closed(p) >= 1).count();
            let double = pieces.iter().filter(|p| closed(p) >= 2).count();
            if definite >= 2 && double >= 1 && (grid.is_empty(a) || double >= 2) {
                return true;
            }
        }
    }
    false
}

/// An eye with no point to split it, because dead opponent stones fill it, whose dead stones
/// would on capture leave a living shape: counted by pieces and bottlenecks, less one for each
/// throw-in lodged on a false eye point, whichever single unplayable point the opponent
/// leaves out.
fn dead_stones_make_two(grid: &Grid, chains: &Chains, is_false: &[bool], eye: &Eye) -> bool {
    let opp = Some(eye.pla.opponent());
    let mut dead_opps = BTreeSet::new();
    let mut unplayable = Vec::new();
    for &c in &eye.real {
        if grid.stone(c) == opp && grid.is_dead(c) {
            dead_opps.insert(c);
        } else if !pseudolegal(grid, chains, c, eye.pla) {
            unplayable.push(c);
        }
    }
    if dead_opps.is_empty() {
        return false;
    }
    let throwins = eye
        .potential
        .iter()
        .filter(|&&c| grid.stone(c) == opp && is_false[c])
        .count() as isize;
    let omissions = unplayable.iter().map(Some).chain([None]);
    for omitted in omissions {
        let mut shape = dead_opps.clone();
        shape.extend(unplayable.iter().filter(|&c| Some(c) != omitted));
        let initial = pieces(grid, &shape, &[]).len();
        let mut bottlenecks = 0;
        let mut high_degree = 0;
        for &d in &shape {
            if pieces(grid, &shape, &[d]).len() > initial {
                bottlenecks += 1;
            } else if grid.neighbours(d).filter(|n| shape.contains(n)).count() >= 3 {
                high_degree += 1;
            }
        }
        // Seven points make a living shape unless something is wrong with them.
        let bonus = usize::from(shape.len() >= 7);
        let value =
            initial as isize - throwins + ((bottlenecks + high_degree + bonus) / 2) as isize;
        if value < 2 {
            return false;
        }
    }
    true
}

/// Whether `pla` could play on `cell` as far as captures go: it is empty and has a neighbour
/// that is not the opponent's, or an opponent chain it would take (suicide and ko aside).
fn pseudolegal(grid: &Grid, chains: &Chains, cell: Cell, pla: Color) -> bool {
    if !grid.is_empty(cell) {
        return false;
    }
    grid.neighbours(cell)
        .any(|a| grid.stone(a) != Some(pla.opponent()) || chains.list[chains.of[a]].liberties <= 1)
}

/// The connected pieces `points` falls into once `deleted` are taken out.
fn pieces(grid: &Grid, points: &BTreeSet<Cell>, deleted: &[Cell]) -> Vec<BTreeSet<Cell>> {
    let mut used: BTreeSet<Cell> = deleted.iter().copied().collect();
    let mut out = Vec::new();
    for &start in points {
        if used.contains(&start) {
            continue;
        }
        let mut piece = BTreeSet::new();
        let mut stack = vec![start];
        while let Some(c) = stack.pop() {
            if !used.insert(c) {
                continue;
            }
            piece.insert(c);
            stack.extend(grid.neighbours(c).filter(|n| points.contains(n)));
        }
        out.push(piece);
    }
    out
}
