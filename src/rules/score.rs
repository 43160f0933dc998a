//! Scoring a finished position: by captures, by area with komi, or by territory plus prisoners.

use std::fmt;

use super::board::Board;
use super::point::{Color, Point};
use super::ruleset::{Rules, Scoring};

/// The result of counting a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// The scoring rule used.
    pub scoring: Scoring,
    /// Black's total.
    pub black: f64,
    /// White's total, komi included.
    pub white: f64,
    /// The komi added to White's total.
    pub komi: f64,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// The difference between the totals (0 for a draw).
    pub margin: f64,
    /// Empty points counted for each colour (area and territory scoring), `[black, white]`.
    pub territory: [u32; 2],
    /// Those points, sorted, `[black's, white's]`: where a host marks what each side counted.
    pub territory_points: [Vec<Point>; 2],
    /// Stones on the board for each colour after dead stones are removed, `[black, white]`.
    pub stones: [u32; 2],
    /// Prisoners for each colour: captures plus dead stones taken, `[black, white]`.
    pub prisoners: [u32; 2],
}

impl Score {
    /// The komi in `color`'s total: White's share of the rules' komi, none for Black.
    pub fn komi_of(&self, color: Color) -> f64 {
        match color {
            Color::Black => 0.0,
            Color::White => self.komi,
        }
    }
}

/// A stone named as dead that is not there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoStoneThere(pub Point);

impl fmt::Display for NoStoneThere {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is named as dead but holds no stone", self.0)
    }
}

impl std::error::Error for NoStoneThere {}

/// Counts `board` under `rules`, with `captures` as `[black, white]` stones captured in play and
/// `dead` the stones the players agreed to remove (they become prisoners of the other colour).
pub fn score(
    board: &Board,
    captures: [u32; 2],
    rules: &Rules,
    dead: &[Point],
) -> Result<Score, NoStoneThere> {
    let mut board_after = Board::new(board.size());
    let mut prisoners = captures;
    for &p in dead {
        if board.stone(p).is_none() {
            return Err(NoStoneThere(p));
        }
    }
    for color in [Color::Black, Color::White] {
        for p in board.stones(color) {
            if dead.contains(&p) {
                prisoners[color.opponent().index()] += 1;
            } else {
                board_after.place_unchecked(p, color);
            }
        }
    }
    let territory_points = territory(&board_after);
    let territory = territory_points
        .each_ref()
        .map(|points| points.len() as u32);
    let stones = [
        board_after.stone_count(Color::Black) as u32,
        board_after.stone_count(Color::White) as u32,
    ];
    let (black, white) = match rules.scoring {
        Scoring::Captures => (f64::from(prisoners[0]), f64::from(prisoners[1])),
        Scoring::Area => (
            f64::from(stones[0] + territory[0]),
            f64::from(stones[1] + territory[1]),
        ),
        Scoring::Territory => (
            f64::from(territory[0] + prisoners[0]),
            f64::from(territory[1] + prisoners[1]),
        ),
    };
    // Komi like 0.1 has no exact binary value; rounding to thousandths keeps totals and
    // margins free of float noise (4.9, not 4.899999999999999) wherever they are printed.
    let tidy = |x: f64| (x * 1000.0).round() / 1000.0;
    let white = tidy(white + rules.komi);
    let winner = if black > white {
        Some(Color::Black)
    } else if white > black {
        Some(Color::White)
    } else {
        None
    };
    Ok(Score {
        scoring: rules.scoring,
        black,
        white,
        komi: rules.komi,
        winner,
        margin: tidy((black - white).abs()),
        territory,
        territory_points,
        stones,
        prisoners,
    })
}

/// Empty points in regions bordered by only one colour, `[black's, white's]`, each sorted;
/// regions touching both colours, or none, count for neither.
pub fn territory(board: &Board) -> [Vec<Point>; 2] {
    let size = board.size();
    let n = usize::from(size.get());
    let index = |p: Point| usize::from(p.row) * n + usize::from(p.col);
    let mut visited = vec![false; size.points()];
    let mut result: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    for start in size.all_points() {
        if !board.is_empty(start) || visited[index(start)] {
            continue;
        }
        let mut stack = vec![start];
        visited[index(start)] = true;
        let mut region = Vec::new();
        let mut borders = [false; 2];
        while let Some(p) = stack.pop() {
            region.push(p);
            for q in orthogonal(p, n as u8) {
                match board.stone(q) {
                    Some(c) => borders[c.index()] = true,
                    None if !visited[index(q)] => {
                        visited[index(q)] = true;
                        stack.push(q);
                    }
                    None => {}
                }
            }
        }
        match borders {
            [true, false] => result[0].extend(region),
            [false, true] => result[1].extend(region),
            _ => {}
        }
    }
    for points in &mut result {
        points.sort_unstable();
    }
    result
}

/// The on-board points orthogonally next to `p` on an `n`x`n` board.
pub fn orthogonal(p: Point, n: u8) -> impl Iterator<Item = Point> {
    let Point { col, row } = p;
    [
        (col.checked_sub(1), Some(row)),
        (col.checked_add(1).filter(|&c| c < n), Some(row)),
        (Some(col), row.checked_sub(1)),
        (Some(col), row.checked_add(1).filter(|&r| r < n)),
    ]
    .into_iter()
    .filter_map(|(c, r)| Some(Point::new(c?, r?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagram;

    #[test]
    fn fractional_komi_leaves_no_float_noise() {
        // Black 3 stones (the regions beside them touch white too); White 5 stones + 5 points
        // + 0.2 komi. Unrounded, 10.2 - 3 comes out as 7.199999999999999.
        let board = diagram::parse(
            ". . . O .
             . . . O .
             X X X O .
             . . . O .
             . . . O .",
        )
        .unwrap();
        let rules = Rules {
            scoring: Scoring::Area,
            komi: 0.2,
            ..Rules::default()
        };
        let s = score(&board, [0, 0], &rules, &[]).unwrap();
        assert_eq!(s.black.to_string(), "3");
        assert_eq!(s.white.to_string(), "10.2");
        assert_eq!(s.margin.to_string(), "7.2");
    }
}
