//! What the host key draws for one example: one or two boards with marks and numbered stones,
//! and notes under them, as Go diagrams are drawn in books and on Sensei's Library.
//!
//! A figure only ever shows positions that occur: an illegal move is a mark on the point, never a
//! stone; moves played from a position are numbered on their stones, with "7 at 3" notes for a
//! stone played where an earlier one was captured; and when those moves capture anything, the
//! resulting position is drawn beside the numbered one, since the numbered board still shows
//! every captured stone.

use crate::rules::{Color, Move, Point, Position};

/// The boards drawn for one example, left to right, and the notes under them.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// One board, or two: the numbered moves, then the position they lead to.
    pub panels: Vec<Panel>,
    /// Moves the numbers on the stones cannot show: passes, and stones played on a point
    /// whose earlier stone was captured.
    pub notes: Vec<Note>,
}

/// One board of a figure.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    /// The stones drawn.
    pub board: Position,
    /// Marks on points.
    pub marks: Vec<Mark>,
    /// Stones drawn with their move number, on points empty on `board`.
    pub numbers: Vec<Numbered>,
    /// The board after this many moves, when it is not the example's position as given.
    pub after_move: Option<usize>,
}

/// A stone played from the position, drawn with its move number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbered {
    /// Where.
    pub point: Point,
    /// Its move number, from 1.
    pub number: usize,
    /// Who played it.
    pub color: Color,
}

/// A move the numbered stones do not show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// Move `number` was played where the stone numbered `earlier` had been captured.
    AtNumber {
        /// The later move.
        number: usize,
        /// The numbered stone on its point.
        earlier: usize,
    },
    /// Move `number` was played on `point`, where a stone of the position had been captured.
    AtPoint {
        /// The move.
        number: usize,
        /// Its point.
        point: Point,
    },
    /// Move `number` was a pass by `color`.
    Pass {
        /// The move.
        number: usize,
        /// Who passed.
        color: Color,
    },
}

/// A marked point on an answer diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// Where.
    pub point: Point,
    /// What it shows.
    pub kind: MarkKind,
}

/// What a mark on a diagram means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// The move that answers the question: a stone of this colour, outlined, on an empty point.
    Move(Color),
    /// A stone the answer removes.
    Captured,
    /// A move whose own chain is then removed (suicide, where the rules allow it): a stone of
    /// this colour, ringed as a move and crossed as removed, in one mark.
    Suicide(Color),
    /// A liberty of the chain asked about.
    Liberty,
    /// The move asked about is illegal here: the point is left as it is.
    Illegal,
    /// A stone the players agree is dead, removed before counting.
    Dead,
    /// An empty point counted for this colour.
    Territory(Color),
    /// A stone of the chain a reading problem is about (drawn on the player sheet too: it is
    /// the question, not the answer).
    Target,
}

impl MarkKind {
    /// Which mark a point shows when it is given two (a dead stone's point is also counted as
    /// territory): the lower rank. A diagram never draws two marks on one point.
    pub fn rank(self) -> u8 {
        match self {
            MarkKind::Suicide(_) => 0,
            MarkKind::Move(_) => 1,
            MarkKind::Illegal => 2,
            MarkKind::Captured => 3,
            MarkKind::Dead => 4,
            MarkKind::Target => 5,
            MarkKind::Liberty => 6,
            MarkKind::Territory(_) => 7,
        }
    }
}

impl Figure {
    /// One board with marks.
    pub fn single(board: Position, marks: Vec<Mark>) -> Figure {
        Figure {
            panels: vec![Panel {
                board,
                marks,
                numbers: Vec::new(),
                after_move: None,
            }],
            notes: Vec::new(),
        }
    }

    /// Every kind of mark the figure uses, numbered stones aside, in first-use order.
    pub fn mark_kinds(&self) -> impl Iterator<Item = MarkKind> + '_ {
        self.panels
            .iter()
            .flat_map(|p| p.marks.iter().map(|m| m.kind))
    }

    /// Whether any stone carries a move number.
    pub fn has_numbers(&self) -> bool {
        self.panels.iter().any(|p| !p.numbers.is_empty())
    }

    /// The note saying where move `number` was played, when its number cannot show it (`7 at
    /// 3`, `7 at C3`); `None` for a numbered stone and for a pass.
    pub fn placement_note(&self, number: usize) -> Option<&Note> {
        // `numbered_moves` writes at most one note per move, in move order, so the notes are
        // sorted by move number: a search, not a scan, keeps a long sequence's key linear.
        let i = self
            .notes
            .binary_search_by_key(&number, Note::number)
            .ok()?;
        let note = &self.notes[i];
        (!matches!(note, Note::Pass { .. })).then_some(note)
    }
}

impl Note {
    /// The number of the move the note is about.
    pub fn number(&self) -> usize {
        match *self {
            Note::AtNumber { number, .. }
            | Note::AtPoint { number, .. }
            | Note::Pass { number, .. } => number,
        }
    }
}

/// `moves` (all legal, as the kit's check made sure) as numbered stones on `start`, with the
/// notes for what numbers cannot show.
pub fn numbered_moves(start: &Position, moves: &[(Color, Move)]) -> (Vec<Numbered>, Vec<Note>) {
    numbered_moves_as(
        start,
        (1..)
            .zip(moves)
            .map(|(number, &(color, mv))| (number, color, mv)),
    )
}

/// [`numbered_moves`] with each move's own number: a game's figure numbers its moves as the
/// record does, from wherever the figure starts.
pub fn numbered_moves_as(
    start: &Position,
    moves: impl IntoIterator<Item = (usize, Color, Move)>,
) -> (Vec<Numbered>, Vec<Note>) {
    let mut numbers: Vec<Numbered> = Vec::new();
    let mut notes = Vec::new();
    for (number, color, mv) in moves {
        match mv {
            Move::Pass => notes.push(Note::Pass { number, color }),
            Move::Play(point) => {
                if let Some(earlier) = numbers.iter().find(|n| n.point == point) {
                    notes.push(Note::AtNumber {
                        number,
                        earlier: earlier.number,
                    });
                } else if start.stone(point).is_some() {
                    notes.push(Note::AtPoint { number, point });
                } else {
                    numbers.push(Numbered {
                        point,
                        number,
                        color,
                    });
                }
            }
        }
    }
    (numbers, notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    fn p(name: &str) -> Point {
        Point::parse(name, BoardSize::new(5).unwrap()).unwrap()
    }

    /// A ko fight by hand: 1 takes, 2 takes back at 1's captured stone's point... each replayed
    /// point becomes a note, the first stone there keeps its number.
    #[test]
    fn replayed_points_and_passes_become_notes() {
        let mut start = Position::empty(BoardSize::new(5).unwrap());
        start.put(p("B3"), Color::White);
        let moves = [
            (Color::Black, Move::Play(p("C3"))),
            (Color::White, Move::Pass),
            (Color::Black, Move::Play(p("B3"))),
            (Color::White, Move::Play(p("C3"))),
            (Color::Black, Move::Play(p("D3"))),
        ];
        let (numbers, notes) = numbered_moves(&start, &moves);
        assert_eq!(
            numbers,
            [
                Numbered {
                    point: p("C3"),
                    number: 1,
                    color: Color::Black
                },
                Numbered {
                    point: p("D3"),
                    number: 5,
                    color: Color::Black
                },
            ]
        );
        assert_eq!(
            notes,
            [
                Note::Pass {
                    number: 2,
                    color: Color::White
                },
                Note::AtPoint {
                    number: 3,
                    point: p("B3")
                },
                Note::AtNumber {
                    number: 4,
                    earlier: 1
                },
            ]
        );
        let figure = Figure {
            panels: Vec::new(),
            notes,
        };
        assert_eq!(
            figure.placement_note(3),
            Some(&Note::AtPoint {
                number: 3,
                point: p("B3")
            })
        );
        assert_eq!(figure.placement_note(4).map(Note::number), Some(4));
        // A numbered stone and a pass need no note in the move's line.
        assert_eq!(figure.placement_note(1), None);
        assert_eq!(figure.placement_note(2), None);
    }
}
