//! Scoring a finished position: by captures, by area with komi, or by territory plus prisoners.
//!
//! Points are counted as goscorer (lightvector/goscorer, by KataGo's author) counts them; see
//! [`territory`] for its rules.
//!
//! * Territory: a group in seki, one whose eyes are worth less than two, owns no territory,
//!   so its eyes, like the liberties it shares, are nobody's; a false eye that will have to
//!   be filled is not territory either. Only points the other colour cannot reach count.
//! * Area: as goscorer's `final_area_score`, every point only one colour's living stones
//!   reach is that colour's: its stones, its territory, and a seki's eyes and false eyes too
//!   (under area rules filling them costs nothing); shared liberties are nobody's.
//! * Dead stones, the ones the players agreed on, are the other colour's prisoners and not
//!   stones on the board; the points under them count for whoever holds the area around.

use std::fmt;

mod grid;
pub mod territory;

pub use grid::{Cell, Grid};

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
/// `dead` the stones the players agreed to remove: they become prisoners of the other colour
/// first, then the points are counted ([`counted_points`]).
pub fn score(
    board: &Board,
    captures: [u32; 2],
    rules: &Rules,
    dead: &[Point],
) -> Result<Score, NoStoneThere> {
    let mut prisoners = captures;
    let mut stones = [0, 0];
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
                stones[color.index()] += 1;
            }
        }
    }
    let territory_points = counted_points(board, dead, rules.scoring);
    let territory = territory_points
        .each_ref()
        .map(|points| points.len() as u32);
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

/// The points each colour counts, `[black's, white's]`, each sorted: territory as goscorer
/// counts it under territory scoring, and under area (and captures, where they are shown but
/// not added) the empty points only that colour's living stones reach. Stones on `dead` stay
/// on the board for the count, as goscorer's marked dead stones do, and the points under them
/// count like empty ones.
pub fn counted_points(board: &Board, dead: &[Point], scoring: Scoring) -> [Vec<Point>; 2] {
    let grid = Grid::from_board(board, dead);
    let n = usize::from(board.size().get());
    let owner: Vec<Option<Color>> = match scoring {
        Scoring::Territory => territory::territory_scoring(&grid)
            .into_iter()
            .map(|s| s.territory)
            .collect(),
        Scoring::Area | Scoring::Captures => territory::area_scoring(&grid),
    };
    let mut result: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
    for p in board.size().all_points() {
        let cell = grid.cell_of(p, n);
        // A living stone is its own colour's area, not a point counted on top of it.
        let alive = board.stone(p).is_some() && !grid.is_dead(cell);
        if let Some(color) = owner[cell]
            && !alive
        {
            result[color.index()].push(p);
        }
    }
    for points in &mut result {
        points.sort_unstable();
    }
    result
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

    /// Counts `diagram` under `scoring` with the stones at `dead` agreed dead.
    fn count(diagram: &str, scoring: Scoring, dead: &[&str]) -> Score {
        let board = diagram::parse(diagram).unwrap();
        let dead: Vec<Point> = dead
            .iter()
            .map(|p| Point::parse(p, board.size()).unwrap())
            .collect();
        let rules = Rules {
            scoring,
            ..Rules::default()
        };
        score(&board, [0, 0], &rules, &dead).unwrap()
    }

    fn points(list: &[&str], n: u32) -> Vec<Point> {
        let size = crate::rules::BoardSize::new(n).unwrap();
        let mut out: Vec<Point> = list
            .iter()
            .map(|p| Point::parse(p, size).unwrap())
            .collect();
        out.sort_unstable();
        out
    }

    /// Two outer groups with an eye on every other edge point (4 each), and between them a
    /// white and a black chain with no eyes sharing D7 and D6: a seki. Neither side may play
    /// there, so neither counts anything for the seki; the shared liberties are dame.
    const SEKI_TWO_LIBERTIES: &str = "
        . X O . X O .
        X X O . X O O
        . X O O X O .
        X X O O X O O
        . X O O X O .
        X X O O X O O
        . X O O X O .";

    #[test]
    fn a_seki_with_two_shared_liberties_gives_no_territory() {
        let s = count(SEKI_TWO_LIBERTIES, Scoring::Territory, &[]);
        assert_eq!(s.territory, [4, 4]);
        assert_eq!(s.territory_points[0], points(&["A1", "A3", "A5", "A7"], 7));
        assert_eq!(s.territory_points[1], points(&["G1", "G3", "G5", "G7"], 7));
    }

    /// The inner white chain has one eye (D9), the inner black chain one (F1), and they share
    /// E5: a seki with an eye each. Under territory scoring a seki's eyes are nobody's, so each
    /// side has only its outer group's five eyes; under area scoring, as in goscorer, the eyes
    /// count for their colour (only E5 is both sides').
    const SEKI_WITH_EYES: &str = "
        . X O . O X X O .
        X X O O O X X O O
        . X O O O X X O .
        X X O O O X X O O
        . X O O . X X O .
        X X O O X X X O O
        . X O O X X X O .
        X X O O X X X O O
        . X O O X . X O .";

    #[test]
    fn a_seki_eye_is_nobodys_territory() {
        let s = count(SEKI_WITH_EYES, Scoring::Territory, &[]);
        assert_eq!(s.territory, [5, 5]);
        let d9_f1 = points(&["D9", "F1"], 9);
        for counted in &s.territory_points {
            assert!(d9_f1.iter().all(|p| !counted.contains(p)), "{counted:?}");
        }
    }

    #[test]
    fn under_area_scoring_a_seki_eye_counts_as_goscorer_counts_it() {
        let s = count(SEKI_WITH_EYES, Scoring::Area, &[]);
        assert_eq!(s.territory, [6, 6]);
        assert!(s.territory_points[0].contains(&points(&["F1"], 9)[0]));
        assert!(s.territory_points[1].contains(&points(&["D9"], 9)[0]));
        assert_eq!((s.black, s.white), (40.0, 40.0));
    }

    /// D9 is a false eye: the black stones A9-C9 and A8-B8 reach the rest of the group only
    /// through it (C8 is White's), so Black must fill it. It is not territory; F9 and H9, the
    /// group's two real eyes, are. White's 54 points below count as usual.
    const FALSE_EYE: &str = "
        X X X . X . X . X
        X X O X X X X X X
        O O O O O O O O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn a_false_eye_is_not_territory() {
        let s = count(FALSE_EYE, Scoring::Territory, &[]);
        assert_eq!(s.territory_points[0], points(&["F9", "H9"], 9));
        assert_eq!(s.territory[1], 54);
    }

    /// Plain walls: Black's two columns and White's one are ordinary territory and still
    /// count; a dead white stone in Black's area is a prisoner, and its point Black's.
    const WALLS: &str = "
        . . X O .
        . O X O .
        . . X O .
        . . X O .
        . . X O .";

    #[test]
    fn ordinary_territory_still_counts() {
        let s = count(WALLS, Scoring::Territory, &["B4"]);
        assert_eq!(s.territory, [10, 5]);
        assert_eq!(s.prisoners, [1, 0]);
        assert_eq!((s.black, s.white), (11.0, 5.0));
        let s = count(WALLS, Scoring::Area, &["B4"]);
        assert_eq!((s.black, s.white), (15.0, 10.0));
    }
}
