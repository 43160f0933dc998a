//! The framed problem moved onto the smallest square board that holds it: the search copies
//! its board at every position, and a corner problem of a 19x19 board read on a 9x9 one
//! copies a fifth of the bytes.
//!
//! The window is the region and the frame around it with two more lines (the frame's own
//! liberties), squared, and kept against every edge of the board it reaches, so the edges of
//! the small board that are real stay real. Moving is exact only when no chain the search can
//! touch reads differently on the small board, which is checked, never assumed: every chain
//! in or next to the region must keep a liberty outside the region if it had one (else it
//! could be captured there and not on the real board), a chain with none must lie whole in the
//! window, and so must the defender's (Benson's reading asks which points are its liberties). When the check fails the window grows, and past the board the problem is read
//! where it stands.

use crate::rules::board::Board;
use crate::rules::point::{BoardSize, Color, Move, Point};
use crate::rules::reading::LineMove;

/// How many lines beyond the region the first window takes: the frame and its liberties.
const MARGIN: u8 = 2;
/// How many lines the window may grow by when the check fails.
const MOST_MARGIN: u8 = 5;

/// Where the small board sits on the real one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Window {
    col: u8,
    row: u8,
    size: u8,
}

impl Window {
    /// The point of the small board that stands for `p`, if it is in the window.
    pub(super) fn inside(self, p: Point) -> Option<Point> {
        let col = p.col.checked_sub(self.col).filter(|&c| c < self.size)?;
        let row = p.row.checked_sub(self.row).filter(|&r| r < self.size)?;
        Some(Point::new(col, row))
    }

    /// The real board's point for the small board's `p`.
    pub(super) fn outside(self, p: Point) -> Point {
        Point::new(p.col + self.col, p.row + self.row)
    }

    /// A move of the small board as a move of the real one.
    pub(super) fn real_move(self, mv: Move) -> Move {
        match mv {
            Move::Play(p) => Move::Play(self.outside(p)),
            Move::Pass => Move::Pass,
        }
    }

    /// A line of the small board as a line of the real one.
    pub(super) fn real_line(self, line: Vec<LineMove>) -> Vec<LineMove> {
        line.into_iter()
            .map(|(color, mv)| (color, self.real_move(mv)))
            .collect()
    }
}

/// The framed `board` moved onto the smallest board that reads the same for the search about
/// `defender`'s group inside `region` (sorted), with where it sits; `None` when no smaller
/// board does.
pub(super) fn smallest(
    board: &Board,
    region: &[Point],
    defender: Color,
) -> Option<(Board, Window)> {
    let n = board.size().get();
    let cols = region.iter().map(|p| p.col);
    let rows = region.iter().map(|p| p.row);
    let (c0, c1) = (cols.clone().min()?, cols.max()?);
    let (r0, r1) = (rows.clone().min()?, rows.max()?);
    for margin in MARGIN..=MOST_MARGIN {
        let span = |lo: u8, hi: u8| (lo.saturating_sub(margin), (hi + margin).min(n - 1));
        let ((a0, a1), (b0, b1)) = (span(c0, c1), span(r0, r1));
        let size = (a1 - a0).max(b1 - b0) + 1;
        if size >= n {
            return None;
        }
        let window = Window {
            col: a0.min(n - size),
            row: b0.min(n - size),
            size,
        };
        let small = moved(board, window)?;
        if reads_the_same(board, &small, window, region, defender) {
            return Some((small, window));
        }
    }
    None
}

/// The stones of `board` inside `window`, on a board of the window's size.
fn moved(board: &Board, window: Window) -> Option<Board> {
    let mut small = Board::new(BoardSize::new(u32::from(window.size)).ok()?);
    for col in 0..window.size {
        for row in 0..window.size {
            let p = Point::new(col, row);
            if let Some(color) = board.stone(window.outside(p)) {
                small.place_unchecked(p, color);
            }
        }
    }
    Some(small)
}

/// Whether every chain the search can touch reads the same on `small` as on `board` (see the
/// module's comment).
fn reads_the_same(
    board: &Board,
    small: &Board,
    window: Window,
    region: &[Point],
    defender: Color,
) -> bool {
    let in_region = |p: Point| region.binary_search(&p).is_ok();
    let size = board.size();
    let near_region = |p: Point| {
        in_region(p)
            || [(1i16, 0i16), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|&(dc, dr)| {
                    let (c, r) = (i16::from(p.col) + dc, i16::from(p.row) + dr);
                    u8::try_from(c)
                        .ok()
                        .zip(u8::try_from(r).ok())
                        .map(|(c, r)| Point::new(c, r))
                        .is_some_and(|q| size.contains(q) && in_region(q))
                })
    };
    for col in 0..window.size {
        for row in 0..window.size {
            let here = Point::new(col, row);
            let real = window.outside(here);
            let Some(chain) = board.chain(real) else {
                continue;
            };
            if !chain.stones.iter().any(|&s| near_region(s)) {
                continue;
            }
            let Some(piece) = small.chain(here) else {
                return false;
            };
            let whole = piece.stones.len() == chain.stones.len();
            let free = |libs: &[Point], to_real: &dyn Fn(Point) -> Point| {
                libs.iter().any(|&l| !in_region(to_real(l)))
            };
            let real_free = free(&chain.liberties, &|p| p);
            let small_free = free(&piece.liberties, &|p| window.outside(p));
            if real_free != small_free || ((chain.color == defender || !real_free) && !whole) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram;

    /// A 19x19 board, `column_b` stones of White down column B from the top and Black's
    /// down column C, plus Black's `column_a` stones from A16 down.
    fn board(column_a: u8) -> Board {
        let mut rows = Vec::new();
        for row in (0..19u8).rev() {
            let a = if row < 16 && 16 - row <= column_a {
                'X'
            } else {
                '.'
            };
            let c = if row > 0 { 'X' } else { '.' };
            rows.push(format!("{a}O{c}{}", ".".repeat(16)));
        }
        diagram::parse(&rows.join("\n")).expect("diagram")
    }

    fn region() -> Vec<Point> {
        vec![Point::new(0, 16), Point::new(0, 17), Point::new(0, 18)]
    }

    #[test]
    fn a_corner_problem_moves_to_a_small_board_against_the_same_edges() {
        let (small, window) = smallest(&board(0), &region(), Color::Black).expect("moved");
        assert!(small.size().get() < 19);
        assert_eq!(window.outside(Point::new(0, 0)).col, 0);
        let top = window.outside(Point::new(0, small.size().get() - 1));
        assert_eq!(top.row, 18, "the top edge stays the real one");
        assert_eq!(
            window.inside(Point::new(0, 18)),
            Some(Point::new(0, small.size().get() - 1))
        );
        assert_eq!(window.inside(Point::new(18, 0)), None);
    }

    #[test]
    fn a_wall_whose_liberties_lie_beyond_every_window_keeps_the_big_board() {
        // White's column B keeps its liberties outside the region at A1 and C1, far below:
        // cut by any small window it could be captured there, so no window reads the same.
        assert!(smallest(&board(15), &region(), Color::Black).is_none());
    }
}
