//! Where a life-and-death problem is played, and the wall around it.
//!
//! Every tsumego book assumes the surrounding side's outside stones are safe and the rest of the
//! board is theirs. The solver makes that explicit: moves are only played inside the region, and
//! each empty point just outside it holds a stone of the attacker (the *frame*), so the
//! defender gains no liberty and no eye space beyond the region, and the attacker's stones that
//! touch the frame cannot be captured (the frame's own liberties lie further out, where nobody
//! plays).

use crate::rules::board::Board;
use crate::rules::point::{BoardSize, Color, Point};

/// A rectangle of the board, corners included, as `A13:H19` names one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    /// The lowest column and row.
    pub low: Point,
    /// The highest column and row.
    pub high: Point,
}

impl Rect {
    /// The rectangle spanned by two corners in any order.
    pub fn spanning(a: Point, b: Point) -> Rect {
        Rect {
            low: Point::new(a.col.min(b.col), a.row.min(b.row)),
            high: Point::new(a.col.max(b.col), a.row.max(b.row)),
        }
    }

    /// Whether `p` is inside.
    pub fn contains(&self, p: Point) -> bool {
        (self.low.col..=self.high.col).contains(&p.col)
            && (self.low.row..=self.high.row).contains(&p.row)
    }

    /// The smallest rectangle holding every point of `points`, or `None` when there is none.
    pub fn around(points: impl IntoIterator<Item = Point>) -> Option<Rect> {
        points.into_iter().fold(None, |rect, p| {
            Some(match rect {
                None => Rect { low: p, high: p },
                Some(Rect { low, high }) => Rect {
                    low: Point::new(low.col.min(p.col), low.row.min(p.row)),
                    high: Point::new(high.col.max(p.col), high.row.max(p.row)),
                },
            })
        })
    }

    /// The rectangle one line larger on each side, clipped to a board of `size`; a side that
    /// would then stop two lines or less from the edge goes to the edge, so that a corner or
    /// side problem keeps its edge.
    fn widened(&self, size: BoardSize) -> Rect {
        let last = size.get() - 1;
        let low = |v: u8| if v <= 3 { 0 } else { v - 1 };
        let high = |v: u8| {
            if v + 3 >= last { last } else { v + 1 }
        };
        Rect {
            low: Point::new(low(self.low.col), low(self.low.row)),
            high: Point::new(high(self.high.col), high(self.high.row)),
        }
    }
}

/// The points a problem about the `defender`'s chain through `target` is played on, when its
/// author names no region: the points the defender's group could reach (its stones and the
/// points not holding an attacker stone within two empty points of them, crossing its own
/// stones freely), within the rectangle around every stone widened by a line (to the edge where
/// the stones come near it); then the stones next to those whose fate is part of the problem,
/// with their liberties: the attacker's chains of at most two liberties (the defender may
/// capture them from inside; a wall with more liberties is the safe wall) and the defender's
/// other chains (they make an eye real or false). Sorted.
pub fn around_group(board: &Board, defender: Color, target: Point) -> Vec<Point> {
    let size = board.size();
    let stones = size.all_points().filter(|&p| board.stone(p).is_some());
    let Some(bounds) = Rect::around(stones).map(|r| r.widened(size)) else {
        return Vec::new();
    };
    let attacker = defender.opponent();
    // Distances in empty points from the nearest defender stone, walked as a 0-1 breadth-first
    // search: a defender stone costs nothing to cross, an empty point one.
    let index = |p: Point| usize::from(p.row) * usize::from(size.get()) + usize::from(p.col);
    let mut distance = vec![u8::MAX; size.points()];
    let mut queue = std::collections::VecDeque::from([target]);
    distance[index(target)] = 0;
    while let Some(p) = queue.pop_front() {
        let d = distance[index(p)];
        for q in orthogonal(p, size) {
            if !bounds.contains(q) || board.stone(q) == Some(attacker) {
                continue;
            }
            let own = board.stone(q) == Some(defender);
            let next = if own { d } else { d + 1 };
            if next <= REACH && next < distance[index(q)] {
                distance[index(q)] = next;
                if own {
                    queue.push_front(q);
                } else {
                    queue.push_back(q);
                }
            }
        }
    }
    // In reading order, so that membership is a binary search.
    let mut out: Vec<Point> = size
        .all_points()
        .filter(|&p| distance[index(p)] != u8::MAX)
        .collect();
    out.sort_unstable();
    // The stones whose fate is part of the problem, taken in until none is left: an attacker
    // chain the defender may capture from inside, and a defender chain next to the area (a
    // stone that makes an eye real or false), each with its liberties.
    for _ in 0..JOINING_ROUNDS {
        let mut joining = Vec::new();
        for &p in &out {
            for q in orthogonal(p, size) {
                let Some(color) = board.stone(q) else {
                    continue;
                };
                if out.binary_search(&q).is_ok() || joining.contains(&q) {
                    continue;
                }
                let Some(chain) = board.chain(q) else {
                    continue;
                };
                if color == defender || chain.liberties.len() <= WEAK_LIBERTIES {
                    joining.extend(chain.stones.iter().copied());
                    joining.extend(chain.liberties.iter().filter(|&&l| bounds.contains(l)));
                }
            }
        }
        if joining.is_empty() {
            break;
        }
        out.extend(joining);
        out.sort_unstable();
        out.dedup();
    }
    out
}

/// The empty points outside `region` (sorted) where the lines `along` (the points of a line read
/// in it, a source's move) meet the frame, in their order: each point itself and its neighbours,
/// then the liberties of the chains of at most two liberties next to it (a line that takes a
/// stone or puts it in atari counts its liberties, and a frame stone on one of them decides the
/// fight; a wall's liberties far out do not).
pub fn rim(board: &Board, region: &[Point], along: &[Point]) -> Vec<Point> {
    let size = board.size();
    let mut out: Vec<Point> = Vec::new();
    let add = |q: Point, out: &mut Vec<Point>| {
        if board.is_empty(q) && region.binary_search(&q).is_err() && !out.contains(&q) {
            out.push(q);
        }
    };
    for &p in along {
        // The point itself first: a source's correct move may lie outside the region.
        for q in std::iter::once(p).chain(orthogonal(p, size)) {
            add(q, &mut out);
        }
    }
    for &p in along {
        for q in std::iter::once(p).chain(orthogonal(p, size)) {
            if let Some(chain) = board.chain(q)
                && chain.liberties.len() <= WEAK_LIBERTIES
            {
                for &l in &chain.liberties {
                    add(l, &mut out);
                }
            }
        }
    }
    out
}

/// How many times stones next to the area are taken in (each round may bring new neighbours).
const JOINING_ROUNDS: usize = 3;

/// How far, in empty points, the defender's area reaches from its stones: a book's problem is
/// set so that the group cannot run further, and the wall beyond is the attacker's.
const REACH: u8 = 2;

/// An attacker chain next to the defender's area with this many liberties or fewer can be
/// captured from inside, so it and its liberties are part of the problem.
const WEAK_LIBERTIES: usize = 2;

/// The points of `rect` on a board of `size`, sorted.
pub fn rect_points(rect: Rect, size: BoardSize) -> Vec<Point> {
    let mut out: Vec<Point> = size.all_points().filter(|&p| rect.contains(p)).collect();
    out.sort_unstable();
    out
}

/// The board with the frame put around `region`: an `attacker` stone on every empty point
/// outside the region that touches it. A frame stone must keep a liberty beyond the region, or
/// the defender could capture the wall: such a pocket (a corner point the region wraps round,
/// say) joins the region instead, and the frame is put again; so does any stone next to the
/// region with no liberty outside it, which could be captured from inside. Returns the framed board, or a
/// frame point still without a liberty after a few rounds (the problem is too open for the
/// safe-wall assumption).
pub(super) fn framed(
    board: &Board,
    region: &mut Vec<Point>,
    attacker: Color,
) -> Result<Board, Point> {
    let size = board.size();
    let mut last = None;
    for _ in 0..POCKET_ROUNDS {
        let inside = |p: Point| region.binary_search(&p).is_ok();
        let mut framed = board.clone();
        let mut frame = Vec::new();
        for &p in region.iter() {
            for q in orthogonal(p, size) {
                if !inside(q) && board.is_empty(q) && !frame.contains(&q) {
                    frame.push(q);
                }
            }
        }
        for &q in &frame {
            framed.place_unchecked(q, attacker);
        }
        let mut pockets = Vec::new();
        for &q in &frame {
            let Some(chain) = framed.chain(q) else {
                continue;
            };
            if !chain.liberties.iter().any(|&l| !inside(l)) {
                pockets.extend(chain.stones.iter().filter(|p| frame.contains(p)));
            }
        }
        // A stone outside the region that only the region's points give liberties (an
        // attacker's stone inside the defender's eye space, with more liberties than a weak
        // chain has) can be captured from inside: left out, its point would become a hole
        // nobody may play, a permanent eye or none, and the group a false seki.
        for &p in region.iter() {
            for q in orthogonal(p, size) {
                if inside(q) || framed.stone(q).is_none() || pockets.contains(&q) {
                    continue;
                }
                let Some(chain) = framed.chain(q) else {
                    continue;
                };
                if !chain.liberties.iter().any(|&l| !inside(l)) {
                    pockets.extend(chain.stones.iter().filter(|s| !frame.contains(s)));
                }
            }
        }
        if pockets.is_empty() {
            return Ok(framed);
        }
        last = pockets.first().copied();
        region.extend(pockets);
        region.sort_unstable();
        region.dedup();
    }
    Err(last.unwrap_or(Point::new(0, 0)))
}

/// How many times a frame may be put again after pockets join the region.
const POCKET_ROUNDS: usize = 4;

/// The on-board points orthogonally next to `p`.
fn orthogonal(p: Point, size: BoardSize) -> impl Iterator<Item = Point> {
    let n = size.get();
    let (c, r) = (p.col, p.row);
    [
        (c > 0).then(|| Point::new(c - 1, r)),
        (c + 1 < n).then(|| Point::new(c + 1, r)),
        (r > 0).then(|| Point::new(c, r - 1)),
        (r + 1 < n).then(|| Point::new(c, r + 1)),
    ]
    .into_iter()
    .flatten()
}
