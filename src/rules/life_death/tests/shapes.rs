//! The textbook shapes as 9x9 diagrams with what each book says of them.

use super::*;

pub(super) const STRAIGHT_THREE: &str = "
...XO....
XXXXO....
OOOOO....
.........
.........
.........
.........
.........
.........";

pub(super) const BENT_THREE: &str = "
..XO.....
.XXO.....
XXOO.....
OOO......
.........
.........
.........
.........
.........";

pub(super) const STRAIGHT_FOUR: &str = "
....XO...
XXXXXO...
OOOOOO...
.........
.........
.........
.........
.........
.........";

/// The L-shaped bent four in the corner: A9 B9 C9 along the edge, A8 below the corner.
pub(super) const BENT_FOUR_IN_THE_CORNER: &str = "
...XO....
.XXXO....
XXOOO....
OOO......
.........
.........
.........
.........
.........";

/// The square A9 B9 A8 B8 with C9 attached to B9.
pub(super) const BULKY_FIVE: &str = "
...XO....
..XXO....
XXXOO....
OOOO.....
.........
.........
.........
.........
.........";

/// A9 B9 C9 with B8 under the middle: the T.
pub(super) const PYRAMID_FOUR: &str = "
...XO....
X.XXO....
XXXOO....
OOOO.....
.........
.........
.........
.........
.........";

/// On the top side: E8 with its four arms E9 D8 F8 E7 (no corner can hold the cross without a
/// Black stone cut off in it).
pub(super) const CROSSED_FIVE: &str = "
.OXX.XXO.
.OX...XO.
.OXX.XXO.
.OOXXXOO.
..OOOOO..
.........
.........
.........
.........";

/// B8 with its four arms B9 A8 C8 B7, and A9 between two of them.
pub(super) const RABBITY_SIX: &str = "
..XXO....
...XO....
X.XXO....
XXXOO....
OOOO.....
.........
.........
.........
.........";

/// The two-by-three box: A9 to C9 over A8 to C8, no outside liberty.
pub(super) const RECTANGULAR_SIX: &str = "
...XO....
...XO....
XXXXO....
OOOOO....
.........
.........
.........
.........
.........";

/// The same box with one outside liberty, E9 (White's F9 and E8 keep it from being more).
pub(super) const RECTANGULAR_SIX_ONE_LIBERTY: &str = "
...X.O...
...XOO...
XXXXO....
OOOOO....
.........
.........
.........
.........
.........";

/// White's B9 C9 D9 inside Black's corner: both chains have only A9 and E9, shared, and no eye.
pub(super) const SEKI: &str = "
.OOO.XO..
XXXXXXO..
OOOOOOO..
.........
.........
.........
.........
.........
.........";

/// The L-shaped four of the bent-four shape with White already on the 2-1 point B9.
pub(super) const KO_FOR_LIFE: &str = "
.O.XO....
.XXXO....
XXOOO....
OOO......
.........
.........
.........
.........
.........";

/// Its region: Black's group, its eye space and White's B9 stone inside it.
pub(super) const KO_FOR_LIFE_REGION: &[&str] =
    &["A9", "B9", "C9", "D9", "A8", "B8", "C8", "D8", "A7", "B7"];

/// The default region, none named.
pub(super) const DEFAULT: &[&str] = &[];

pub(super) const SHAPES: &[Shape] = &[
    Shape {
        name: "straight three",
        rows: STRAIGHT_THREE,
        target: "A8",
        region: DEFAULT,
        live: Expect {
            status: Status::Alive,
            firsts: &["B9"],
            wrong: &["A9", "C9"],
        },
        kill: Expect {
            status: Status::Dead,
            firsts: &["B9"],
            wrong: &["A9", "C9"],
        },
    },
    Shape {
        name: "bent three",
        rows: BENT_THREE,
        target: "B8",
        region: DEFAULT,
        live: Expect {
            status: Status::Alive,
            firsts: &["A9"],
            wrong: &["B9", "A8"],
        },
        kill: Expect {
            status: Status::Dead,
            firsts: &["A9"],
            wrong: &["B9", "A8"],
        },
    },
    Shape {
        name: "straight four",
        rows: STRAIGHT_FOUR,
        target: "A8",
        region: DEFAULT,
        // Already alive: Black may fill either middle point (two eyes remain) or pass; a move
        // at an end leaves a straight three, which White kills in its middle.
        live: Expect {
            status: Status::Alive,
            firsts: &["B9", "C9", "pass"],
            wrong: &["A9", "D9"],
        },
        kill: Expect {
            status: Status::Alive,
            firsts: &[],
            wrong: &["B9", "C9"],
        },
    },
    Shape {
        name: "bent four in the corner",
        rows: BENT_FOUR_IN_THE_CORNER,
        target: "D9",
        region: DEFAULT,
        // The bent four has two vital points, A9 and B9, miai: either lives.
        live: Expect {
            status: Status::Alive,
            firsts: &["A9", "B9"],
            wrong: &["C9", "A8"],
        },
        // With no outside liberty White's 2-1 point B9 leaves Black only A9, and White's A8
        // captures it: a ko. Black can start this one during play, before anybody passes, and
        // the solver reads it with Black holding unlimited threats, so it answers Ko: White
        // kills only by winning the ko. (A ko only the attacker can start, once both sides
        // have passed, is the attacker's: see `a_ko_only_the_attacker_can_start_...`.)
        kill: Expect {
            status: Status::Ko,
            firsts: &["B9"],
            wrong: &["A9", "C9", "A8"],
        },
    },
    Shape {
        name: "bulky five",
        rows: BULKY_FIVE,
        target: "D9",
        region: DEFAULT,
        // B9 is the point touching three of the others; B8 instead is only a ko.
        live: Expect {
            status: Status::Alive,
            firsts: &["B9"],
            wrong: &["C9", "A8", "B8"],
        },
        kill: Expect {
            status: Status::Dead,
            firsts: &["B9"],
            wrong: &["C9", "A8", "B8", "A9"],
        },
    },
    Shape {
        name: "pyramid four",
        rows: PYRAMID_FOUR,
        target: "D9",
        region: DEFAULT,
        live: Expect {
            status: Status::Alive,
            firsts: &["B9"],
            wrong: &["A9", "C9", "B8"],
        },
        kill: Expect {
            status: Status::Dead,
            firsts: &["B9"],
            wrong: &["A9", "C9", "B8"],
        },
    },
    Shape {
        name: "crossed five",
        rows: CROSSED_FIVE,
        target: "C9",
        region: DEFAULT,
        live: Expect {
            status: Status::Alive,
            firsts: &["E8"],
            wrong: &["E9", "D8", "F8", "E7"],
        },
        kill: Expect {
            status: Status::Dead,
            firsts: &["E8"],
            wrong: &["E9", "D8", "F8", "E7"],
        },
    },
    Shape {
        name: "rabbity six",
        rows: RABBITY_SIX,
        target: "D9",
        region: DEFAULT,
        // The vital point is the middle, B8. The solver finds that B9 and A8 (the arms next
        // to the corner A9) live too, which the textbook, naming only the move that needs no
        // reading, does not deny; read by hand on the same shape on the side (F8 there).
        live: Expect {
            status: Status::Alive,
            firsts: &["B8", "B9", "A8"],
            wrong: &["C8", "B7"],
        },
        kill: Expect {
            status: Status::Dead,
            firsts: &["B8"],
            wrong: &["B9", "A8", "C8", "B7"],
        },
    },
    Shape {
        name: "rectangular six",
        rows: RECTANGULAR_SIX,
        target: "D8",
        region: DEFAULT,
        // Black lives at the 2-1 point B9 or at the 2-2 point B8. With no outside liberty
        // White's 2-2 point B8 kills (shortage of liberties stops Black's answers).
        live: Expect {
            status: Status::Alive,
            firsts: &["B9", "B8"],
            wrong: &["C9", "A8", "C8"],
        },
        // A8 is only a ko; C9 and C8 fail.
        kill: Expect {
            status: Status::Dead,
            firsts: &["B8"],
            wrong: &["C9", "A8", "C8"],
        },
    },
    Shape {
        name: "rectangular six, one liberty",
        rows: RECTANGULAR_SIX_ONE_LIBERTY,
        target: "D8",
        region: DEFAULT,
        // Black lives at B9 or B8: GNU Go's `owl_defend` names B9, and its
        // `owl_does_defend B8 D8` answers 1 too.
        live: Expect {
            status: Status::Alive,
            firsts: &["B8", "B9"],
            wrong: &["C9", "A8", "C8"],
        },
        // The 2-1 point: with one outside liberty White's best is the ko started at B9.
        kill: Expect {
            status: Status::Ko,
            firsts: &["B9"],
            wrong: &["B8", "C9", "A8", "C8", "E9"],
        },
    },
    Shape {
        name: "seki",
        rows: SEKI,
        target: "A8",
        region: DEFAULT,
        // Neither side may fill A9 or E9: the filler is captured. Black captures White's
        // three stones and lives in a straight four if White fills; White captures Black if
        // Black does. So Black passes, and White cannot kill.
        live: Expect {
            status: Status::Seki,
            firsts: &["pass"],
            wrong: &["A9", "E9"],
        },
        kill: Expect {
            status: Status::Seki,
            firsts: &[],
            wrong: &["A9", "E9"],
        },
    },
    Shape {
        name: "ko for life",
        rows: KO_FOR_LIFE,
        target: "D9",
        region: KO_FOR_LIFE_REGION,
        // Black's A9 makes the ko of the bent four: White's A8 takes A9, Black retakes at
        // A9, and Black lives by capturing B9 at C9. C9 or A8 first leaves a dead three.
        live: Expect {
            status: Status::Ko,
            firsts: &["A9"],
            wrong: &["C9", "A8"],
        },
        // White's A9 kills outright: B9 A9 and Black's group share A8 and C9, and whichever
        // Black fills, White takes the other; if Black captures at A8 or C9, the three-point
        // eye left is killed in its middle.
        kill: Expect {
            status: Status::Dead,
            firsts: &["A9"],
            wrong: &["C9", "A8"],
        },
    },
];

pub(super) fn shape(name: &str) -> &'static Shape {
    SHAPES
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no shape {name}"))
}
