//! The lines a solution shows: each half of a proof shown by the side it proves for.

use super::*;

/// Cho Chikun's Elementary 331 in the top left corner of a 19x19 board: Black lives with B19
/// or A18, while A16 only reaches a seki (White's B18, the book's own reply, or B19 leaves
/// shared liberties).
const LIFE_OR_SEKI: &str = "
...XO....
..XXO....
....O....
.XXO.....
.OOO.O...
.O.......
.........
.........
.........";

#[test]
fn a_try_held_to_seki_is_refuted_by_the_attackers_reply() {
    let rows = in_a_big_corner(LIFE_OR_SEKI);
    let g = game(&rows, Color::Black);
    // The region import settles on: the worked-out one and A15, where the book's line meets
    // the frame (without A15 the frame stone there makes A16 a ko).
    let region: Vec<Point> = [
        "A15", "A16", "A17", "A18", "A19", "B16", "B17", "B18", "B19", "C16", "C17", "C18", "C19",
        "D17", "D18", "D19",
    ]
    .iter()
    .map(|name| point(&g, name))
    .collect();
    let question = Question {
        goal: Goal::Live,
        target: point(&g, "C18"),
        region: region.clone(),
    };
    let tries = [point(&g, "A16")];
    let solution = solve(&g, &question, &tries, Budget::default()).expect("solved");
    assert_eq!(solution.status, Status::Alive, "{solution:?}");
    let a16 = solution
        .refuted
        .iter()
        .find(|t| t.first.to_string() == "A16")
        .expect("A16 is refuted");
    assert_eq!(a16.status, Status::Seki, "{a16:?}");
    // The line shows White's reply that holds Black to the seki, not one after which Black
    // lives (the defender's half of the proof, read as if the seki were Black's win).
    let (color, Move::Play(reply)) = a16.line[1] else {
        panic!("White replies with a stone: {a16:?}");
    };
    assert_eq!(color, Color::White);
    // Played by the rules engine, as the line plays it.
    let mut then_game = g.clone();
    then_game
        .play(Color::Black, Move::Play(point(&g, "A16")))
        .expect("A16 is legal");
    then_game
        .play(color, Move::Play(reply))
        .expect("the reply is legal");
    let then = solve(
        &then_game,
        &Question { region, ..question },
        &[],
        Budget::default(),
    )
    .expect("solved");
    assert_eq!(then.status, Status::Seki, "after A16 {reply}: {then:?}");
}
