//! The fixed handicap points: where a record's `HA[n]` puts Black's stones when it lists none,
//! as the GTP specification places them (GNU Go, gomill and the Japanese convention agree).

use super::point::{BoardSize, Point};

/// Each count's points from 2 stones on, as (row, column) places: `0` the line a handicap
/// corner stone stands on, `1` the middle line, `2` the far corner line.
const PATTERNS: [&[(u8, u8)]; 8] = [
    &[(0, 0), (2, 2)],
    &[(0, 0), (2, 2), (2, 0)],
    &[(0, 0), (2, 2), (2, 0), (0, 2)],
    &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 1)],
    &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 0), (1, 2)],
    &[(0, 0), (2, 2), (2, 0), (0, 2), (1, 0), (1, 2), (1, 1)],
    &[
        (0, 0),
        (2, 2),
        (2, 0),
        (0, 2),
        (0, 1),
        (2, 1),
        (1, 0),
        (1, 2),
    ],
    &[
        (0, 0),
        (2, 2),
        (2, 0),
        (0, 2),
        (0, 1),
        (2, 1),
        (1, 0),
        (1, 2),
        (1, 1),
    ],
];

/// The most fixed handicap stones a board of `size` has points for: none below 7x7, four on
/// 7x7 and even sizes (no middle line), nine on odd sizes from 9x9.
pub fn max_fixed_handicap(size: BoardSize) -> u32 {
    match size.get() {
        n if n < 7 => 0,
        n if n == 7 || n % 2 == 0 => 4,
        _ => 9,
    }
}

/// The points of `stones` fixed handicap stones on a board of `size`, in the order they are
/// placed (D4 and Q16 first on 19x19), or `None` when there is no fixed placement for that many.
pub fn fixed_handicap(size: BoardSize, stones: u32) -> Option<Vec<Point>> {
    if stones < 2 || stones > max_fixed_handicap(size) {
        return None;
    }
    let n = size.get();
    // The 3-3 point below 13x13, the 4-4 point from 13x13 on.
    let corner = if n < 13 { 2 } else { 3 };
    let line = |place: u8| match place {
        0 => corner,
        1 => (n - 1) / 2,
        _ => n - 1 - corner,
    };
    let pattern = PATTERNS[(stones - 2) as usize];
    Some(
        pattern
            .iter()
            .map(|&(row, col)| Point::new(line(col), line(row)))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: u32, stones: u32) -> Option<Vec<String>> {
        let size = BoardSize::new(size).unwrap();
        fixed_handicap(size, stones).map(|ps| ps.iter().map(ToString::to_string).collect())
    }

    /// The GTP specification's table (section 4.1.1) for 19x19, and its smaller boards.
    #[test]
    fn placements_are_the_gtp_specifications() {
        assert_eq!(names(19, 2).unwrap(), ["D4", "Q16"]);
        assert_eq!(names(19, 3).unwrap(), ["D4", "Q16", "D16"]);
        assert_eq!(names(19, 4).unwrap(), ["D4", "Q16", "D16", "Q4"]);
        assert_eq!(names(19, 5).unwrap(), ["D4", "Q16", "D16", "Q4", "K10"]);
        assert_eq!(
            names(19, 6).unwrap(),
            ["D4", "Q16", "D16", "Q4", "D10", "Q10"]
        );
        assert_eq!(
            names(19, 8).unwrap(),
            ["D4", "Q16", "D16", "Q4", "K4", "K16", "D10", "Q10"]
        );
        assert_eq!(names(19, 9).unwrap().last().unwrap(), "K10");
        assert_eq!(names(9, 2).unwrap(), ["C3", "G7"]);
        assert_eq!(names(13, 5).unwrap(), ["D4", "K10", "D10", "K4", "G7"]);
        assert_eq!(names(7, 4).unwrap(), ["C3", "E5", "C5", "E3"]);
        assert_eq!(names(7, 5), None);
        assert_eq!(names(10, 5), None);
        assert_eq!(names(5, 2), None);
        assert_eq!(names(19, 10), None);
        assert_eq!(names(19, 1), None);
    }
}
