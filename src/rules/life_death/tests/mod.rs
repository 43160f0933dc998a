//! Classic shapes with their textbook status and vital point, each also rotated and with the
//! colours swapped; the proven lines replayed; GNU Go's owl reading as a second opinion.
//!
//! Every diagram is a 9x9 board with Black's group in the top-left corner (or on the top side)
//! inside a solid White wall, so the region the solver works out is the group and its eye
//! space, with no frame needed: White's wall has its liberties outside, where nobody plays.
//! Black has no outside liberty unless a diagram gives it one, which is what the textbook
//! statuses below assume (a tsumego's "no outside liberties").

use super::*;
use crate::rules::diagram;
use crate::rules::ruleset::Rules;

/// The position of `rows` (top row first) with `to_play` to move.
fn game(rows: &str, to_play: Color) -> Game {
    let board = diagram::parse(rows).expect("diagram");
    Game::new(board, to_play, Rules::default())
}

fn point(game: &Game, name: &str) -> Point {
    Point::parse(name, game.board().size()).expect("point")
}

fn solved(rows: &str, to_play: Color, goal: Goal, target: &str) -> Solution {
    let g = game(rows, to_play);
    let question = Question {
        goal,
        target: point(&g, target),
        region: Vec::new(),
    };
    solve(&g, &question, &[], Budget::default()).expect("solved")
}

fn firsts(solution: &Solution) -> Vec<String> {
    solution
        .accepted
        .iter()
        .map(|t| t.first.to_string())
        .collect()
}

/// A symmetry of the board, with or without the colours swapped: a variant of a shape must
/// have the same status and the image of its vital point.
#[derive(Debug, Clone, Copy)]
struct Variant {
    /// Left and right exchanged (a top-left corner goes to the top right).
    mirror: bool,
    /// Turned half a turn (the top-left corner goes to the bottom right).
    turn: bool,
    /// Black and White exchanged.
    swap: bool,
}

/// The shape as drawn, the same in another corner, and mirrored with the colours swapped
/// (White's group in the top-right corner, with White to play for life).
const VARIANTS: [Variant; 3] = [
    Variant {
        mirror: false,
        turn: false,
        swap: false,
    },
    Variant {
        mirror: false,
        turn: true,
        swap: false,
    },
    Variant {
        mirror: true,
        turn: false,
        swap: true,
    },
];

const N: u8 = 9;

impl Variant {
    fn point(self, p: Point) -> Point {
        let mut p = p;
        if self.mirror {
            p = Point::new(N - 1 - p.col, p.row);
        }
        if self.turn {
            p = Point::new(N - 1 - p.col, N - 1 - p.row);
        }
        p
    }

    fn name(self, name: &str) -> String {
        let p = Point::parse_unbounded(name).expect("point");
        self.point(p).to_string()
    }

    fn color(self, c: Color) -> Color {
        if self.swap { c.opponent() } else { c }
    }

    /// The diagram `rows` (9x9, top row first) under this symmetry.
    fn rows(self, rows: &str) -> String {
        let grid: Vec<Vec<char>> = rows
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        assert_eq!(grid.len(), usize::from(N), "a 9x9 diagram");
        let mut out = vec![vec!['.'; usize::from(N)]; usize::from(N)];
        for (i, row) in grid.iter().enumerate() {
            for (col, &c) in row.iter().enumerate() {
                let p = Point::new(col as u8, N - 1 - i as u8);
                let q = self.point(p);
                let c = match c {
                    'X' if self.swap => 'O',
                    'O' if self.swap => 'X',
                    c => c,
                };
                out[usize::from(N - 1 - q.row)][usize::from(q.col)] = c;
            }
        }
        out.iter()
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// What the textbook says of one goal: the status and every first move reaching it.
#[derive(Debug, Clone, Copy)]
struct Expect {
    status: Status,
    /// The accepted first moves, as a set ("pass" for the pass).
    firsts: &'static [&'static str],
    /// Tempting wrong first moves: each must be refuted, with a line starting with it.
    wrong: &'static [&'static str],
}

/// A textbook shape: Black's group (through `target`) in the diagram, Black to play for `live`,
/// White to play for `kill`.
#[derive(Debug, Clone, Copy)]
struct Shape {
    name: &'static str,
    rows: &'static str,
    target: &'static str,
    /// The problem's points when the default region will not do (empty: the default).
    region: &'static [&'static str],
    live: Expect,
    kill: Expect,
}

impl Shape {
    fn expect(&self, goal: Goal) -> Expect {
        match goal {
            Goal::Live => self.live,
            Goal::Kill => self.kill,
        }
    }
}

/// The side to play for `goal` when Black defends.
fn to_play(goal: Goal) -> Color {
    match goal {
        Goal::Live => Color::Black,
        Goal::Kill => Color::White,
    }
}

/// The shape under `v` for `goal`: the game, the question and the solution (the textbook's
/// wrong moves passed as tries, so that those away from the group are refuted too).
fn solve_variant(shape: &Shape, v: Variant, goal: Goal) -> (Game, Question, Solution) {
    let rows = v.rows(shape.rows);
    let g = game(&rows, v.color(to_play(goal)));
    let question = Question {
        goal,
        target: point(&g, &v.name(shape.target)),
        region: shape.region.iter().map(|p| point(&g, &v.name(p))).collect(),
    };
    let tries: Vec<Point> = shape
        .expect(goal)
        .wrong
        .iter()
        .map(|p| point(&g, &v.name(p)))
        .collect();
    let start = std::time::Instant::now();
    let solution = solve(&g, &question, &tries, Budget::default()).expect("solved");
    // Shown with --nocapture: the cost of each shape, for the timing table.
    eprintln!(
        "{} {goal:?} {v:?}: {:?}, {} nodes, {:?}",
        shape.name,
        solution.status,
        solution.nodes,
        start.elapsed()
    );
    (g, question, solution)
}

/// Checks the textbook answer for both goals on every variant.
fn check(shape: &Shape) {
    for v in VARIANTS {
        for goal in [Goal::Live, Goal::Kill] {
            let expect = shape.expect(goal);
            let (g, _, solution) = solve_variant(shape, v, goal);
            let context = format!("{} {goal:?} {v:?}\n{}", shape.name, v.rows(shape.rows));
            assert_eq!(solution.status, expect.status, "{context}\n{solution:?}");
            let mut got = firsts(&solution);
            got.sort();
            let mut want: Vec<String> = expect
                .firsts
                .iter()
                .map(|&m| {
                    if m == "pass" {
                        m.to_string()
                    } else {
                        v.name(m)
                    }
                })
                .collect();
            want.sort();
            assert_eq!(got, want, "accepted first moves: {context}");
            for wrong in expect.wrong {
                let p = point(&g, &v.name(wrong));
                let tried = solution
                    .refuted
                    .iter()
                    .find(|t| t.first == Move::Play(p))
                    .unwrap_or_else(|| panic!("{wrong} not refuted: {context}\n{solution:?}"));
                // Refuted: worse than the best, or the best itself fails the goal.
                assert!(
                    tried.status != solution.status || !solution.status.reaches(goal),
                    "{wrong}: {context}"
                );
                assert_eq!(tried.line.first(), Some(&(g.to_play(), Move::Play(p))));
                // The refutation shows at least the opponent's answer.
                assert!(tried.line.len() >= 2, "{wrong}: {context}\n{tried:?}");
            }
            check_lines(&g, &solution, shape, v);
        }
    }
}

/// Replays every proven line (accepted and refuted) on the position: a line proving life
/// ends with the group unconditionally alive, one proving death with the group captured. A
/// seki's and a ko's lines are not replayed to an end: a seki's ends with both sides passing,
/// and a ko's retakes need the threats the game does not play.
fn check_lines(g: &Game, solution: &Solution, shape: &Shape, v: Variant) {
    let target = point(g, &v.name(shape.target));
    let defender = g.board().stone(target).expect("target stone");
    for tried in solution.accepted.iter().chain(&solution.refuted) {
        if !matches!(tried.status, Status::Alive | Status::Dead) {
            continue;
        }
        let mut end = g.clone();
        for &(color, mv) in &tried.line {
            end.play(color, mv).unwrap_or_else(|e| {
                panic!("{} {v:?}: {mv} in {:?}: {e:?}", shape.name, tried.line)
            });
        }
        let context = format!(
            "{} {v:?}: line {:?} ends\n{}",
            shape.name,
            tried.line,
            diagram::grid(end.board())
        );
        match tried.status {
            Status::Alive => assert!(unconditionally_alive(&end, target), "{context}"),
            _ => assert_ne!(end.board().stone(target), Some(defender), "{context}"),
        }
    }
}

mod gnugo;
pub(super) mod history;
mod lines;
mod rim;
mod shapes;

use shapes::*;

#[test]
fn straight_three_lives_or_dies_at_its_middle() {
    let live = solved(STRAIGHT_THREE, Color::Black, Goal::Live, "A8");
    assert_eq!(live.status, Status::Alive);
    assert_eq!(firsts(&live), ["B9"]);
    let kill = solved(STRAIGHT_THREE, Color::White, Goal::Kill, "A8");
    assert_eq!(kill.status, Status::Dead);
    assert_eq!(firsts(&kill), ["B9"]);
    check(shape("straight three"));
}

#[test]
fn bent_three_in_the_corner_turns_on_the_bend() {
    let live = solved(BENT_THREE, Color::Black, Goal::Live, "B8");
    assert_eq!(live.status, Status::Alive);
    assert_eq!(firsts(&live), ["A9"]);
    let kill = solved(BENT_THREE, Color::White, Goal::Kill, "B8");
    assert_eq!(kill.status, Status::Dead);
    assert_eq!(firsts(&kill), ["A9"]);
    check(shape("bent three"));
}

#[test]
fn straight_four_lives_whatever_the_attacker_plays() {
    let kill = solved(STRAIGHT_FOUR, Color::White, Goal::Kill, "A8");
    assert_eq!(kill.status, Status::Alive);
    assert!(kill.accepted.is_empty());
    assert!(!kill.refuted.is_empty(), "{kill:?}");
    check(shape("straight four"));
}

#[test]
fn bent_four_in_the_corner_is_a_ko_on_the_2_1_point() {
    check(shape("bent four in the corner"));
}

#[test]
fn bulky_five_turns_on_its_vital_point() {
    check(shape("bulky five"));
}

#[test]
fn pyramid_four_turns_on_its_middle() {
    check(shape("pyramid four"));
}

#[test]
fn crossed_five_turns_on_its_middle() {
    check(shape("crossed five"));
}

#[test]
fn rabbity_six_turns_on_its_middle() {
    check(shape("rabbity six"));
}

#[test]
fn rectangular_six_without_liberties_dies_to_the_2_2_point() {
    check(shape("rectangular six"));
}

#[test]
fn rectangular_six_with_one_liberty_is_a_ko_at_the_2_1_point() {
    check(shape("rectangular six, one liberty"));
}

#[test]
fn a_seki_is_neither_life_nor_death() {
    check(shape("seki"));
}

#[test]
fn ko_for_life_with_the_attackers_stone_in_the_region() {
    check(shape("ko for life"));
    // Black A9, White A8 takes it as a ko, and Black must retake at A9 before C9 captures
    // White's B9: Black is the one to find the first ko threat.
    let (_, _, live) = solve_variant(shape("ko for life"), VARIANTS[0], Goal::Live);
    assert_eq!(live.status, Status::Ko);
    assert_eq!(live.accepted[0].ko_threat, Some(Color::Black), "{live:?}");
    for tried in live.accepted.iter().chain(&live.refuted) {
        if tried.status != Status::Ko {
            assert_eq!(tried.ko_threat, None, "{tried:?}");
        }
    }
}

#[test]
fn ko_for_life_with_the_default_region() {
    // The same problem as "ko for life" without naming the region. White's B9 sits inside
    // Black's eye space with two liberties: the default region must take it in, or once
    // captured B9 would be a point neither side may play, a permanent eye (Black's A8 would
    // "live" in seki and White's A9 no longer kill).
    let (_, _, live) = solve_variant(shape("ko for life"), VARIANTS[0], Goal::Live);
    let default = Shape {
        region: DEFAULT,
        ..*shape("ko for life")
    };
    let (_, _, live_default) = solve_variant(&default, VARIANTS[0], Goal::Live);
    assert_eq!(live.status, Status::Ko);
    assert_eq!(live_default.status, Status::Ko, "{live_default:?}");
    assert_eq!(firsts(&live_default), ["A9"]);
    let (_, _, kill_default) = solve_variant(&default, VARIANTS[0], Goal::Kill);
    assert_eq!(kill_default.status, Status::Dead, "{kill_default:?}");
    assert_eq!(firsts(&kill_default), ["A9"]);
}

#[test]
fn straight_four_is_alive_after_a_pass() {
    // After Black passes, White's pass must not end the strict reading (a seki counts as
    // White's): one Black move at B9 or C9 makes the group unconditionally alive, and White
    // can prevent neither, so the pass is worth life, not a seki.
    let g = game(STRAIGHT_FOUR, Color::Black);
    let target = point(&g, "A8");
    let mut region = region::around_group(g.board(), Color::Black, target);
    let framed = region::framed(g.board(), &mut region, Color::White).expect("framed");
    let mut search = search::Search::new(framed, Color::Black, target, &region, Budget::default());
    let status = search
        .status_after(Color::Black, Move::Pass)
        .expect("solved");
    assert_eq!(status, Some(Status::Alive));
}

/// White's corner group with Black's B9 C9 inside it: Black's A8 makes the eye false, White
/// takes two stones at A9 and Black takes back at B9, and the two can go round again (Black
/// C9, White A9, Black B9). Played out, Black's A9 leaves its three corner stones and White
/// sharing A7 and C9: the bent four in the corner, a ko only Black can start, so dead.
const TWO_STONES_TAKEN_AND_TAKEN_BACK: &str = "
.XXO.....
.OOOX....
.OXXX....
OOX......
XXX......
.........
.........
.........
.........";

#[test]
fn a_ko_whose_fight_goes_round_is_proven_not_refused() {
    // Read with either side holding the threats, the ko fight can go round for ever: the
    // reading must see the cycle (a cycle is the defender's in the lax reading), not run
    // every depth limit out and call the problem too big.
    let kill = solved(
        TWO_STONES_TAKEN_AND_TAKEN_BACK,
        Color::Black,
        Goal::Kill,
        "B8",
    );
    assert_eq!(kill.status, Status::Dead, "{kill:?}");
    assert!(firsts(&kill).contains(&"A8".to_string()), "{kill:?}");
    let live = solved(
        TWO_STONES_TAKEN_AND_TAKEN_BACK,
        Color::White,
        Goal::Live,
        "B8",
    );
    assert_eq!(live.status, Status::Alive, "{live:?}");
}

/// `rows` (a 9x9 diagram) in the top left corner of a 19x19 board.
fn in_a_big_corner(rows: &str) -> String {
    let mut big: Vec<String> = rows
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("{}{}", l.trim(), ".".repeat(10)))
        .collect();
    big.extend((0..10).map(|_| ".".repeat(19)));
    format!("\n{}", big.join("\n"))
}

/// A point of the 9x9 diagram as the same point in the 19x19 board's top left corner.
fn ten_rows_up(name: &str) -> String {
    let (col, row) = name.split_at(1);
    format!("{col}{}", row.parse::<u32>().expect("row") + 10)
}

#[test]
fn a_corner_problem_of_a_big_board_reads_as_on_a_small_one() {
    // The search reads a 19x19 corner problem on the smallest board that holds it: the same
    // status, the same first moves and the same lines, in the real board's points.
    for (rows, to_play, goal, target) in [
        (STRAIGHT_THREE, Color::White, Goal::Kill, "A8"),
        (STRAIGHT_THREE, Color::Black, Goal::Live, "A8"),
        (BENT_FOUR_IN_THE_CORNER, Color::White, Goal::Kill, "A7"),
        (KO_FOR_LIFE, Color::Black, Goal::Live, "B8"),
        (
            TWO_STONES_TAKEN_AND_TAKEN_BACK,
            Color::Black,
            Goal::Kill,
            "B8",
        ),
    ] {
        let small = solved(rows, to_play, goal, target);
        let big = solved(&in_a_big_corner(rows), to_play, goal, &ten_rows_up(target));
        assert_eq!(big.status, small.status, "{target}: {big:?}");
        let moved: Vec<String> = firsts(&small).iter().map(|f| ten_rows_up(f)).collect();
        assert_eq!(firsts(&big), moved, "{target}");
        let lines = |s: &Solution, shift: bool| -> Vec<String> {
            s.accepted
                .iter()
                .chain(&s.refuted)
                .flat_map(|t| t.line.iter())
                .map(|(_, mv)| match mv {
                    Move::Play(_) if shift => ten_rows_up(&mv.to_string()),
                    _ => mv.to_string(),
                })
                .collect()
        };
        assert_eq!(lines(&big, false), lines(&small, true), "{target}");
    }
}

/// Black's edge group round an eye space of four points (B9, C9, D9, C8) with White's C9 in
/// it: three liberties, more than a weak chain's, and every one of them in Black's eye space.
const A_STONE_IN_THE_EYE: &str = "
X.O.XO...
XX.XXO...
XXXXXO...
OOOOOO...
.........
.........
.........
.........
.........";

#[test]
fn a_stone_whose_liberties_are_all_in_the_region_is_in_the_region() {
    // The eye space is a pyramid four with White on its middle: dead whoever plays. Left out
    // of the region, C9 could be captured from inside and leave a point nobody may play, and
    // the group read as a seki.
    for (to_play, goal) in [(Color::Black, Goal::Live), (Color::White, Goal::Kill)] {
        let solution = solved(A_STONE_IN_THE_EYE, to_play, goal, "A8");
        let g = game(A_STONE_IN_THE_EYE, to_play);
        assert!(solution.region.contains(&point(&g, "C9")), "{solution:?}");
        assert_eq!(solution.status, Status::Dead, "{to_play:?}: {solution:?}");
    }
}

/// White's group on the second line, A8 to F8, under Black's wall, with Black's F9 and G8
/// at its end: Black kills at B9 or E9.
const ON_THE_SECOND_LINE: &str = "
.....X...
OOOOOOX..
.XXXXXX..
.........
.X.......
.........
.........
.........
.........";

#[test]
fn a_ko_the_frame_gives_the_attacker_to_start_is_no_ko_for_the_defender() {
    // In the default region White's G9, taking F9, stands next to a frame stone at H9: in
    // atari at once, where the open board gives it a second liberty, so after Black's B9 a
    // ko is left that only Black can start. Judged as a confirmation would after both sides
    // pass, it is Black's: B9 kills, as E9 does (before, B9 read as a ko).
    let g = game(ON_THE_SECOND_LINE, Color::Black);
    let question = Question {
        goal: Goal::Kill,
        target: point(&g, "A8"),
        region: Vec::new(),
    };
    let (b9, e9) = (point(&g, "B9"), point(&g, "E9"));
    let narrow = solve(&g, &question, &[b9, e9], Budget::default()).expect("solved");
    assert_eq!(narrow.status, Status::Dead, "{narrow:?}");
    assert_eq!(firsts(&narrow), ["B9", "E9"], "{narrow:?}");
    // A source that agrees with the proof is not read again.
    let agreeing =
        solve_against(&g, &question, (&[b9, e9], &[]), Budget::default()).expect("solved");
    assert_eq!(agreeing.region, narrow.region);
    assert_eq!(agreeing.nodes, narrow.nodes);
    // One that marks a move outside the region correct is read again with the rim moved out
    // round it; a wider proof that disagrees no less is not kept, but its reading is counted.
    let h8 = point(&g, "H8");
    assert!(!narrow.region.contains(&h8));
    let against =
        solve_against(&g, &question, (&[b9, e9, h8], &[]), Budget::default()).expect("solved");
    assert_eq!(against.region, narrow.region);
    assert_eq!(firsts(&against), ["B9", "E9"]);
    assert!(
        against.nodes > narrow.nodes,
        "the wider readings are counted"
    );
}

/// White's corner group with Black's E8 F8 wall (Cho Chikun's sixth elementary problem in
/// shape): Black's D9 is taken at C9, and White's eye at D9 hangs on E9, which Black can take
/// back by a ko only Black may start (after F9). White can never start it: Japanese rules
/// call the group dead, and so does the confirmation after both sides pass.
const A_KO_ONLY_THE_ATTACKER_STARTS: &str = "
.O..O....
OOOOXX...
.XXX.....
.........
.X.......
.........
.........
.........
.........";

#[test]
fn a_ko_only_the_attacker_can_start_is_dead_as_a_confirmation_judges_it() {
    let kill = solved(
        A_KO_ONLY_THE_ATTACKER_STARTS,
        Color::Black,
        Goal::Kill,
        "A8",
    );
    assert_eq!(kill.status, Status::Dead, "{kill:?}");
    assert_eq!(firsts(&kill), ["D9"], "{kill:?}");
    let live = solved(
        A_KO_ONLY_THE_ATTACKER_STARTS,
        Color::White,
        Goal::Live,
        "A8",
    );
    assert_eq!(live.status, Status::Alive, "{live:?}");
    assert_eq!(firsts(&live), ["D9"], "{live:?}");
}

/// Replays every line of `solution` from `g`, with no rule of repetition, and returns the first
/// one that goes on after coming back to a position it showed (the same stones, the same side
/// to move) by a move that is not a pass, other than by the judgement after both sides pass.
fn a_line_going_round(g: &Game, solution: &Solution) -> Option<Vec<LineMove>> {
    for tried in solution.accepted.iter().chain(&solution.refuted) {
        let mut board = g.board().clone();
        let mut shown = vec![(board.hash(), g.to_play())];
        let mut came_back = false;
        for (i, &(color, mv)) in tried.line.iter().enumerate() {
            if came_back {
                return Some(tried.line.clone());
            }
            let judged =
                i >= 2 && tried.line[i - 1].1 == Move::Pass && tried.line[i - 2].1 == Move::Pass;
            if judged {
                shown = vec![(board.hash(), color)];
            }
            if let Move::Play(p) = mv {
                board.play_unchecked(p, color);
                let position = (board.hash(), color.opponent());
                came_back = shown.contains(&position);
                shown.push(position);
            }
        }
    }
    None
}

#[test]
fn no_line_goes_round_a_ko() {
    // With unlimited threats the side that holds them can retake for ever; a line shows the
    // fight until it comes back to a position of its own (the first retake), and stops there.
    for (rows, to_play, goal, target) in [
        (
            TWO_STONES_TAKEN_AND_TAKEN_BACK,
            Color::Black,
            Goal::Kill,
            "B8",
        ),
        (
            TWO_STONES_TAKEN_AND_TAKEN_BACK,
            Color::White,
            Goal::Live,
            "B8",
        ),
        (
            A_KO_ONLY_THE_ATTACKER_STARTS,
            Color::Black,
            Goal::Kill,
            "A8",
        ),
        (KO_FOR_LIFE, Color::Black, Goal::Live, "D9"),
        (KO_FOR_LIFE, Color::White, Goal::Kill, "D9"),
        (BENT_FOUR_IN_THE_CORNER, Color::White, Goal::Kill, "D9"),
        (RECTANGULAR_SIX_ONE_LIBERTY, Color::White, Goal::Kill, "D8"),
    ] {
        let g = game(rows, to_play);
        let solution = solved(rows, to_play, goal, target);
        assert_eq!(a_line_going_round(&g, &solution), None, "{rows}");
    }
}
