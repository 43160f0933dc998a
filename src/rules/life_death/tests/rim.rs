//! Where the region is widened when a proof and its source differ: the rim the lines meet.

use super::*;

#[test]
fn the_rim_read_again_holds_a_source_move_outside_the_region_the_points_a_line_meets_and_their_weak_stones_liberties()
 {
    let g = game(STRAIGHT_THREE, Color::White);
    let region: Vec<Point> = ["A9", "B9", "C9"].iter().map(|n| point(&g, n)).collect();
    // F9 (a source's move, outside the region) comes itself; C9's empty neighbour outside
    // the region is none (D9 holds a stone, C8 too), B9's none either.
    let along = [point(&g, "F9"), point(&g, "C9")];
    let names: Vec<String> = region::rim(g.board(), &region, &along)
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(names, ["F9", "G9", "F8"]);
    // A stone of two liberties next to the line (White's B9, which the line at A9 can put in
    // atari) brings its liberty outside the region, C9; the wall of four liberties does not.
    let rows = "
.O.......
XX.......
.........
.........
.........
.........
.........
.........
.........";
    let g = game(rows, Color::Black);
    let region = [point(&g, "A9")];
    let names: Vec<String> = region::rim(g.board(), &region, &region)
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(names, ["C9"]);
}
