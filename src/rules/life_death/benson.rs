//! Benson's algorithm: the chains of one colour that live whatever the opponent plays, even if
//! their owner never moves again.
//!
//! A region is a maximal connected set of points that hold no `color` stone. It is *healthy*
//! for a chain when every empty point of the region is a liberty of that chain. Start with every
//! chain and every region; repeatedly drop the chains with fewer than two healthy regions among
//! those kept, and the regions next to a dropped chain. What is left lives unconditionally
//! (D. B. Benson, "Life in the game of Go", 1976). No search, and never wrong: a solver may stop
//! at a position where the defender's group is in the set.

use crate::rules::board::{Board, CELLS};
use crate::rules::cells::CellSet;
use crate::rules::point::Color;

/// Whether the chain through the `color` stone on `cell` is unconditionally alive on `board`.
pub(super) fn alive(board: &Board, color: Color, cell: usize) -> bool {
    Benson::read(board, color, None).alive(board.chain_head(cell))
}

/// [`alive`] read inside a problem's region only (`inside`, per padded cell): a region of the
/// board that reaches past it joins the sea beyond the frame, whose empty points are no
/// liberties of the group, so it is never healthy and need not be walked. `cells` lists the
/// region's cells, the only ones read.
pub(super) fn alive_inside(
    board: &Board,
    color: Color,
    cell: usize,
    (inside, cells): (&[bool], &[usize]),
    scratch: &mut Vec<usize>,
) -> bool {
    two_healthy_regions(board, color, cell, inside, scratch)
        && Benson::read(board, color, Some((inside, cells))).alive(board.chain_head(cell))
}

/// Whether the chain through `cell` has two regions healthy for it (inside the region): what
/// every unconditionally alive chain has, tested without building the whole reading, as most
/// positions of a search have no such pair. `scratch` is a buffer kept between calls.
fn two_healthy_regions(
    board: &Board,
    color: Color,
    cell: usize,
    inside: &[bool],
    scratch: &mut Vec<usize>,
) -> bool {
    let head = board.chain_head(cell);
    let touches_chain = |e: usize| {
        board
            .neighbour_cells(e)
            .into_iter()
            .any(|nb| board.color_at(nb) == Some(color) && board.chain_head(nb) == head)
    };
    scratch.clear();
    board.liberty_cells(cell, scratch);
    let mut seen = CellSet::default();
    let mut stack = [0usize; CELLS];
    let mut healthy = 0;
    for &start in scratch.iter() {
        if seen.contains(start) || !inside[start] {
            continue;
        }
        // Flood the region through every point that holds no `color` stone.
        seen.set(start);
        stack[0] = start;
        let mut len = 1;
        let mut ok = true;
        while len > 0 {
            len -= 1;
            let c = stack[len];
            ok &= !board.is_empty_cell(c) || touches_chain(c);
            for nb in board.neighbour_cells(c) {
                let open = board.is_empty_cell(nb) || board.color_at(nb).is_some();
                if !open || board.color_at(nb) == Some(color) || seen.contains(nb) {
                    continue;
                }
                if !inside[nb] {
                    ok = false;
                    continue;
                }
                seen.set(nb);
                stack[len] = nb;
                len += 1;
            }
        }
        healthy += usize::from(ok);
        if healthy >= 2 {
            return true;
        }
    }
    false
}

/// One reading of the board for one colour.
struct Benson {
    /// Per region: the heads of the `color` chains next to it.
    neighbours: Vec<Vec<usize>>,
    /// The heads of the chains still in the set.
    chains: Vec<usize>,
    /// Per region: still in the set.
    kept: Vec<bool>,
    /// Per region and neighbouring chain (same order as `neighbours`): healthy for it.
    healthy: Vec<Vec<bool>>,
}

const NONE: u16 = u16::MAX;

impl Benson {
    fn read(board: &Board, color: Color, inside: Option<(&[bool], &[usize])>) -> Benson {
        let cells = board.padded_len();
        let within = |cell: usize| inside.is_none_or(|(mask, _)| mask[cell]);
        let every: Vec<usize>;
        let starts = match inside {
            Some((_, listed)) => listed,
            None => {
                every = (0..cells).collect();
                &every
            }
        };
        let mut region_of = vec![NONE; cells];
        let mut empties = Vec::new();
        let mut neighbours: Vec<Vec<usize>> = Vec::new();
        let mut chains = Vec::new();
        let mut stack = Vec::new();
        let mut sea = Vec::new();
        for &start in starts {
            let own = board.color_at(start) == Some(color);
            if own {
                let head = board.chain_head(start);
                if !chains.contains(&head) {
                    chains.push(head);
                }
                continue;
            }
            let open = board.is_empty_cell(start) || board.color_at(start).is_some();
            if !open || region_of[start] != NONE {
                continue;
            }
            // A new region: flood it through every point that is not the colour's stone.
            let id = empties.len() as u16;
            let mut region_empties = Vec::new();
            let mut region_chains = Vec::new();
            let mut open_sea = false;
            region_of[start] = id;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                if board.is_empty_cell(cell) {
                    region_empties.push(cell);
                }
                for nb in board.neighbour_cells(cell) {
                    if board.color_at(nb) == Some(color) {
                        let head = board.chain_head(nb);
                        if !region_chains.contains(&head) {
                            region_chains.push(head);
                        }
                    } else if !within(nb) {
                        open_sea |= board.is_empty_cell(nb) || board.color_at(nb).is_some();
                    } else if (board.is_empty_cell(nb) || board.color_at(nb).is_some())
                        && region_of[nb] == NONE
                    {
                        region_of[nb] = id;
                        stack.push(nb);
                    }
                }
            }
            empties.push(region_empties);
            neighbours.push(region_chains);
            sea.push(open_sea);
        }
        let healthy = empties
            .iter()
            .zip(&neighbours)
            .zip(&sea)
            .map(|((cells, heads), &open_sea)| {
                heads
                    .iter()
                    .map(|&head| {
                        !open_sea
                            && cells.iter().all(|&e| {
                                board.neighbour_cells(e).into_iter().any(|nb| {
                                    board.color_at(nb) == Some(color)
                                        && board.chain_head(nb) == head
                                })
                            })
                    })
                    .collect()
            })
            .collect();
        let kept = vec![true; empties.len()];
        let mut benson = Benson {
            neighbours,
            chains,
            kept,
            healthy,
        };
        benson.settle();
        benson
    }

    /// Drops chains and regions until nothing changes.
    fn settle(&mut self) {
        loop {
            let before = self.chains.len();
            let mut chains = std::mem::take(&mut self.chains);
            chains.retain(|&head| self.healthy_regions(head) >= 2);
            self.chains = chains;
            if self.chains.len() == before {
                return;
            }
            for r in 0..self.kept.len() {
                if self.kept[r] && self.neighbours[r].iter().any(|h| !self.chains.contains(h)) {
                    self.kept[r] = false;
                }
            }
        }
    }

    fn healthy_regions(&self, head: usize) -> usize {
        (0..self.kept.len())
            .filter(|&r| {
                self.kept[r]
                    && self.neighbours[r]
                        .iter()
                        .zip(&self.healthy[r])
                        .any(|(&h, &ok)| h == head && ok)
            })
            .count()
    }

    fn alive(&self, head: usize) -> bool {
        self.chains.contains(&head)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram;
    use crate::rules::point::{BoardSize, Point};

    fn alive_at(rows: &str, color: Color, at: &str) -> bool {
        let b = diagram::parse(rows).expect("diagram");
        let size = BoardSize::new(u32::from(b.size().get())).expect("size");
        let p = Point::parse(at, size).expect("point");
        alive(&b, color, b.cell_of_point(p))
    }

    #[test]
    fn two_separate_eyes_live() {
        assert!(alive_at(
            ".X.X. / XXXXX / ..... / ..... / ....."
                .replace(" / ", "\n")
                .as_str(),
            Color::Black,
            "B5"
        ));
    }

    #[test]
    fn one_eye_of_two_points_does_not() {
        let rows = "..XO.\nXXXO.\nOOOO.\n.....\n.....";
        assert!(!alive_at(rows, Color::Black, "C5"));
    }

    #[test]
    fn an_open_side_is_no_second_eye() {
        // A5-C5 is one healthy region; the open side is another region, not healthy.
        let rows = "...X.\nXXXX.\n.....\n.....\n.....";
        assert!(!alive_at(rows, Color::Black, "D5"));
    }

    #[test]
    fn an_opponent_stone_inside_an_eye_counts_when_every_empty_point_is_a_liberty() {
        // The region {A5, B5} holds a white stone; B5 is a liberty of the chain: healthy.
        let rows = "O.X.X\nXXXXX\n.....\n.....\n.....";
        assert!(alive_at(rows, Color::Black, "C5"));
    }
}
