//! The validated kit: what a session pack is made from. Only `kit::load` builds one.

use std::ops::Range;

use crate::rules::life_death::{self, region::Rect};
use crate::rules::reading::Goal;
use crate::rules::ruleset::named;
use crate::rules::{BoardSize, Color, IllegalMove, Move, Point, Position, Rules};
use crate::wording::{Language, Wording};

/// Paper sizes the pack can be printed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in (215.9 x 279.4 mm).
    Letter,
    /// ISO A3, 297 x 420 mm.
    A3,
}

impl Paper {
    /// Portrait width and height in millimetres.
    pub fn dimensions_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
        }
    }
}

// Names as written in kits and on the command line, read in any case.
named!(Paper, A4 => "a4", Letter => "letter", A3 => "a3");

/// How the full-size board is printed (`[kit] board_print`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoardPrint {
    /// On the player sheet's board page, at full size when it fits, else fitted to the paper.
    #[default]
    Page,
    /// Also at full size (or the kit's `spacing_mm`) across as many sheets as it needs, in a
    /// document of its own (`board.pdf`), for real stones.
    Tiled,
}

named!(BoardPrint, Page => "page", Tiled => "tiled");

/// Physical sizes of the printed board and counters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Physical {
    /// Distance between vertical lines (across), in millimetres. Real boards: 22.
    pub spacing_x_mm: f64,
    /// Distance between horizontal lines (down), in millimetres. Real boards: 23.7.
    pub spacing_y_mm: f64,
    /// Diameter of counters and drawn stones, in millimetres.
    pub counter_mm: f64,
    /// Draw black counters as outlines to save ink.
    pub ink_saving: bool,
    /// Set for readers at arm's length: body text of 14 pt, larger diagrams and counters,
    /// heavier lines (`[kit] large_print`, `build --large-print`).
    pub large_print: bool,
    /// Whether the board is also printed at full size across sheets (`board.pdf`).
    pub board_print: BoardPrint,
    /// Who chose the spacing: a `spacing_mm` the author set must fit the paper as it is;
    /// otherwise the board is drawn at full size when it fits, else as large as fits.
    pub spacing_set_by: SetBy,
    /// Who chose the counters' size: the author's `counter_mm` is kept, the default follows the
    /// board's scale.
    pub counter_set_by: SetBy,
}

/// Who chose one of a kit's sizes: the program's default, or the author in the kit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SetBy {
    /// Not written in the kit: the default, free to be fitted to the paper.
    #[default]
    Default,
    /// Written in the kit: kept as the author wrote it.
    Author,
}

impl Default for Physical {
    fn default() -> Self {
        Physical {
            spacing_x_mm: 22.0,
            spacing_y_mm: 23.7,
            counter_mm: 20.0,
            ink_saving: false,
            large_print: false,
            board_print: BoardPrint::Page,
            spacing_set_by: SetBy::Default,
            counter_set_by: SetBy::Default,
        }
    }
}

impl Physical {
    /// The counter a large-print kit gets by default on a real board: as wide as the grid
    /// allows with a millimetre to spare, as real stones are (22 mm on 22 mm).
    pub const LARGE_PRINT_COUNTER_MM: f64 = 21.0;

    /// These sizes in large print: the default counter grows to
    /// [`Physical::LARGE_PRINT_COUNTER_MM`] (or a millimetre under a narrower grid); an
    /// author's `counter_mm` is kept.
    pub fn in_large_print(self) -> Physical {
        let grid = self.spacing_x_mm.min(self.spacing_y_mm);
        let counter_mm = match self.counter_set_by {
            SetBy::Default => self
                .counter_mm
                .max(Self::LARGE_PRINT_COUNTER_MM.min(grid - 1.0)),
            SetBy::Author => self.counter_mm,
        };
        Physical {
            large_print: true,
            counter_mm,
            ..self
        }
    }
}

/// The seed's counters per colour: one per point of its 5x5 board.
const SEED_COUNTERS: u32 = 25;

/// The largest board (in points, 13x13) that gets paper counters by default.
const MOST_POINTS_WITH_COUNTERS: u32 = 13 * 13;

/// How many counters the pack prints per colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Counters {
    /// Enough for a game on boards up to 13x13 (see [`Counters::per_colour`]); none above,
    /// where a session is played with real stones.
    #[default]
    Default,
    /// None: the club plays with real stones.
    None,
    /// This many of each colour.
    PerColour(u32),
}

impl Counters {
    /// The number per colour on a board of `points` points with the given stone limit.
    ///
    /// By default a colour gets half the points plus one, since captured counters go back to
    /// their owner and a colour never covers much more than half the board; at least the
    /// seed's 25 (one per point of its 5x5 board); at most half of `max_stones` (Black moving
    /// first); none above 13x13, where one per point would be hundreds of tiny counters.
    pub fn per_colour(self, points: u32, max_stones: Option<u32>) -> u32 {
        match self {
            Counters::Default if points > MOST_POINTS_WITH_COUNTERS => 0,
            Counters::Default => {
                let enough = (points.div_ceil(2) + 1).max(points.min(SEED_COUNTERS));
                max_stones.map_or(enough, |m| enough.min(m.div_ceil(2)))
            }
            Counters::None => 0,
            Counters::PerColour(n) => n,
        }
    }
}

/// A rectangle of the board an example's diagram shows, corners included, in board
/// coordinates (`A1:G7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct View {
    /// The lower-left corner (smallest column and row).
    pub low: Point,
    /// The upper-right corner (largest column and row).
    pub high: Point,
}

impl View {
    /// Whether `p` is inside the rectangle.
    pub fn contains(self, p: Point) -> bool {
        (self.low.col..=self.high.col).contains(&p.col)
            && (self.low.row..=self.high.row).contains(&p.row)
    }

    /// Columns and rows shown.
    pub fn columns(self) -> u8 {
        self.high.col - self.low.col + 1
    }

    /// Rows shown.
    pub fn rows(self) -> u8 {
        self.high.row - self.low.row + 1
    }
}

/// Where the kit writes the values that decide whether its board fits the paper: the board
/// size, and the paper, spacing and counter size when the kit sets them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaperPlaces {
    /// `[rules] board`.
    pub board: Range<usize>,
    /// `[kit] paper`.
    pub paper: Option<Range<usize>>,
    /// `[kit] spacing_mm`.
    pub spacing_mm: Option<Range<usize>>,
    /// `[kit] counter_mm`.
    pub counter_mm: Option<Range<usize>>,
}

/// One session pack's content, checked: every example is a legal position with a sound task.
#[derive(Debug, Clone)]
pub struct Kit {
    /// The pack's title, e.g. "Liberty-chain capture".
    pub title: String,
    /// One sentence on what the activity trains, if given.
    pub purpose: Option<String>,
    /// The paper the pack is laid out for.
    pub paper: Paper,
    /// Empty rows in the move-record table.
    pub record_rows: u32,
    /// Whether the record's Move column comes numbered 1, 2, 3...
    pub record_numbered: bool,
    /// How many counters to print per colour.
    pub counters: Counters,
    /// Whether examples print their position in words under the diagram: `Some` as the kit
    /// says, `None` only for a short position (see `layout::prompt::shows_position_words`).
    pub position_words: Option<bool>,
    /// Board size of the session and of every example.
    pub size: BoardSize,
    /// The session's rules.
    pub rules: Rules,
    /// Board spacing and counter sizes.
    pub physical: Physical,
    /// Wording: the templates of the kit's `[kit] language`, with its `[text]` overrides
    /// applied. The language is kept here (see [`Kit::language`]) rather than in a field of
    /// its own, so that the wording and its language can never disagree.
    pub wording: Wording,
    /// The examples, numbered from 1 in file order.
    pub examples: Vec<Example>,
    /// The number of the example the host key works through in "Run the round", if any.
    pub worked_example: Option<usize>,
    /// A short hash of the kit's content, printed on every page to match sheet and key.
    pub fingerprint: String,
    /// Where the values a paper problem is about are written, for its diagnostic.
    pub places: PaperPlaces,
    /// The font the kit asks for (`[kit] font`), with where it is written; `None`: the bundled one.
    pub font: Option<(String, Range<usize>)>,
}

impl Kit {
    /// A kit of `size` on `paper` with no examples, the seed's rules and every other setting at
    /// its default: what unit tests of the layers above start from.
    #[cfg(test)]
    pub(crate) fn plain(size: BoardSize, paper: Paper) -> Kit {
        Kit {
            title: "t".into(),
            purpose: None,
            paper,
            record_rows: 8,
            record_numbered: false,
            counters: Default::default(),
            position_words: None,
            size,
            rules: Rules::liberty_chain_capture(),
            physical: Physical::default(),
            wording: Wording::defaults(),
            examples: Vec::new(),
            worked_example: None,
            fingerprint: "0".into(),
            places: Default::default(),
            font: None,
        }
    }

    /// The language of the printed wording, from `[kit] language` (English when not set).
    pub fn language(&self) -> Language {
        self.wording.language()
    }
}

/// One example position with its task.
#[derive(Debug, Clone)]
pub struct Example {
    /// 1-based number in file order.
    pub number: usize,
    /// Optional title overriding the generated one.
    pub title: Option<String>,
    /// Optional prompt overriding the generated one.
    pub prompt: Option<String>,
    /// The position as the author wrote it, e.g. `white C3; black B3 C2 D3`; a position drawn
    /// as a diagram is held as the list of its points, `black B3 C2 D3; white C3`.
    pub position_text: String,
    /// The position (its stones only: a kit keeps one per example, and plays on a copy).
    pub board: Position,
    /// Who is to play, when the task needs it (or the author gave it).
    pub to_play: Option<Color>,
    /// What the players are asked.
    pub task: Task,
    /// Where the task is written (for problems with the example as a whole).
    pub task_span: Range<usize>,
    /// The part of the board its diagrams show, with where it is written; `None`: all of it.
    pub view: Option<(View, Range<usize>)>,
    /// The author's answer, when the kit gives one; the check stage compares it with the engine.
    pub key: Option<StatedKey>,
}

/// The author's `key` for an example, read for its task, with where it is written.
#[derive(Debug, Clone, PartialEq)]
pub struct StatedKey {
    /// What it says.
    pub claim: Claim,
    /// Where it is written.
    pub span: Range<usize>,
}

/// What an author's key says, read for its task.
#[derive(Debug, Clone, PartialEq)]
pub enum Claim {
    /// Points, sorted: the capturing moves, the liberties, or every stone captured.
    Points(Vec<Point>),
    /// For `legal`: `legal`/`true`, `illegal`/`false`, or the reason the move is refused.
    Legal(LegalClaim),
    /// For `score`: the winner, `None` for a draw.
    Winner(Option<Color>),
}

/// What a `legal` key says of the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegalClaim {
    /// `true` or `"legal"`.
    Legal,
    /// `false` or `"illegal"`: refused, for whatever reason.
    Illegal,
    /// Refused for this reason (`occupied`, `suicide`, `superko`, `game-over`).
    Because(IllegalMove),
}

/// What an example asks.
#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    /// Which moves of `to_play` capture, and what each removes.
    Capture,
    /// A reading problem: `capture` with a `group`, or `escape`. Every first move that removes
    /// (or saves) the chain through `group` within `within` of the attacker's moves, proven
    /// against every defence.
    Reading {
        /// Capture the opponent's chain, or save the side to play's own.
        goal: Goal,
        /// A stone of the chain.
        group: Point,
        /// The attacker's moves allowed, the first included.
        within: u32,
    },
    /// The chain through `group` and its liberties.
    Liberties {
        /// Any stone of the chain.
        group: Point,
    },
    /// Whether `mv` is legal for `to_play` after `history` has been played from the position.
    Legal {
        /// The move asked about.
        mv: Point,
        /// Earlier moves (for repetition questions), each with its colour.
        history: Vec<(Color, Move)>,
    },
    /// Play `moves` from the position and report each.
    Sequence {
        /// The moves, each with its colour.
        moves: Vec<(Color, Move)>,
    },
    /// Score the position as finished, after removing `dead` stones.
    Score {
        /// Stones the players agree are dead.
        dead: Vec<Point>,
    },
    /// A problem whose answer is its source's (a collection, a book, the author), for goals the
    /// engine does not prove (life and death, endgame): every first move of a `correct` line is
    /// accepted, each `wrong` line is a tempting try with its refutation. The engine checks
    /// every move of every line is legal; the host key says whose answer it is.
    Solve {
        /// The lines the source marks correct, each from `to_play`'s first move.
        correct: Vec<Vec<(Color, Move)>>,
        /// The tries the source marks wrong, each followed by its refutation.
        wrong: Vec<Vec<(Color, Move)>>,
        /// Whose answer it is (`the collection Cho Chikun Elementary`), when the kit says.
        source: Option<String>,
    },
    /// A life-and-death problem (`kill` or `live`): the group through `group` is proven dead,
    /// alive, in seki or in a ko by an exact search inside `region`, the rest of the board
    /// counting as the attacker's safe wall. A source's `correct` and `wrong` lines are held
    /// against the proof, and every difference is printed as an erratum.
    LifeDeath {
        /// Kill the opponent's group, or make the side to play's own live.
        goal: life_death::Goal,
        /// A stone of the group.
        group: Point,
        /// The rectangle the problem is played in; `None`: worked out from the stones.
        region: Option<Rect>,
        /// The lines the source marks correct, each from `to_play`'s first move.
        correct: Vec<Vec<(Color, Move)>>,
        /// The tries the source marks wrong, each followed by its refutation.
        wrong: Vec<Vec<(Color, Move)>>,
        /// Whose claim `correct` and `wrong` are, when the kit says.
        source: Option<String>,
    },
}

impl Task {
    /// The moves played from the position before the question is asked (a `legal` example's
    /// history) or as the question (a `sequence`), each with its colour; empty for other tasks.
    pub fn moves(&self) -> &[(Color, Move)] {
        match self {
            Task::Legal { history, .. } => history,
            Task::Sequence { moves } => moves,
            _ => &[],
        }
    }

    /// The task's name in kit files and output: `capture`, `escape`, `liberties`, `legal`,
    /// `sequence`, `score`, `solve`, `kill`, `live`.
    pub fn name(&self) -> &'static str {
        self.kind().name()
    }

    /// Which of the nine tasks this is.
    pub fn kind(&self) -> TaskKind {
        match self {
            Task::Capture => TaskKind::Capture,
            Task::Reading {
                goal: Goal::Capture,
                ..
            } => TaskKind::Capture,
            Task::Reading {
                goal: Goal::Escape, ..
            } => TaskKind::Escape,
            Task::Liberties { .. } => TaskKind::Liberties,
            Task::Legal { .. } => TaskKind::Legal,
            Task::Sequence { .. } => TaskKind::Sequence,
            Task::Score { .. } => TaskKind::Score,
            Task::Solve { .. } => TaskKind::Solve,
            Task::LifeDeath {
                goal: life_death::Goal::Kill,
                ..
            } => TaskKind::Kill,
            Task::LifeDeath {
                goal: life_death::Goal::Live,
                ..
            } => TaskKind::Live,
        }
    }
}

/// The nine tasks by name, before their fields are read: what `task = "..."` can say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskKind {
    /// `capture`.
    Capture,
    /// `escape`.
    Escape,
    /// `liberties`.
    Liberties,
    /// `legal`.
    Legal,
    /// `sequence`.
    Sequence,
    /// `score`.
    Score,
    /// `solve`.
    Solve,
    /// `kill`: proven life and death, the side to play killing the opponent's group.
    Kill,
    /// `live`: proven life and death, the side to play making its own group live.
    Live,
}

impl TaskKind {
    /// The task named `name` (any case, surrounding spaces ignored).
    pub fn parse(name: &str) -> Option<TaskKind> {
        name.trim().parse().ok()
    }
}

named!(TaskKind, Capture => "capture", Escape => "escape", Liberties => "liberties", Legal => "legal", Sequence => "sequence", Score => "score", Solve => "solve", Kill => "kill", Live => "live");
