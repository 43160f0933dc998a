//! A plain reference game for tests: the rules written the obvious way, to check the engine by.
//!
//! The board is a list of cells, chains and liberties are flood fills, and the repetition rules
//! compare whole boards against a list of every earlier position. Nothing here comes from the
//! engine but its plain value types, used as the vocabulary of results. Each rule follows the
//! README's "The rules engine" section and seed 000 (`shared/seeds/`), not the engine's code.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use libertykit::rules::{
    Color, EndReason, IllegalMove, KoRule, Move, Played, Point, Rules, SuicideRule,
};

/// Every cell of the board, `row * size + column`: a stone's colour or `None` when empty.
pub type Cells = Vec<Option<Color>>;

/// A game in progress, kept as plainly as possible.
#[derive(Debug, Clone)]
pub struct ReferenceGame {
    size: u8,
    rules: Rules,
    cells: Cells,
    to_play: Color,
    /// Stones captured by Black, then by White.
    captures: [u32; 2],
    stones_placed: u32,
    consecutive_passes: u32,
    end: Option<EndReason>,
    /// Every position so far, the starting one included, as its diagram (see `diagram`) with
    /// the player to move next.
    positions: Vec<(Vec<u8>, Color)>,
    /// Every legal move so far, in order: who made it and the diagram of the board just before.
    moves: Vec<(Color, Vec<u8>)>,
}

impl ReferenceGame {
    /// A game on an empty `size` x `size` board with `to_play` to move.
    pub fn new(size: u8, to_play: Color, rules: Rules) -> ReferenceGame {
        let cells = vec![None; usize::from(size) * usize::from(size)];
        ReferenceGame {
            size,
            rules,
            cells: cells.clone(),
            to_play,
            captures: [0, 0],
            stones_placed: 0,
            consecutive_passes: 0,
            end: None,
            positions: vec![(diagram(&cells), to_play)],
            moves: Vec::new(),
        }
    }

    /// A game starting from a setup: each stone of `stones` in turn is put on the board when its
    /// point is on the board and empty and every chain still has a liberty afterwards (a record
    /// with a chain without liberty is malformed), and skipped otherwise. Returns the game and
    /// the stones kept, in order.
    pub fn with_setup(
        size: u8,
        stones: &[(Point, Color)],
        to_play: Color,
        rules: Rules,
    ) -> (ReferenceGame, Vec<(Point, Color)>) {
        let mut game = ReferenceGame::new(size, to_play, rules);
        let mut kept = Vec::new();
        for &(p, color) in stones {
            if !game.on_board(p) || game.cells[game.index(p)].is_some() {
                continue;
            }
            let mut cells = game.cells.clone();
            cells[game.index(p)] = Some(color);
            // Only the new stone's chain and the chains next to it can have lost a liberty.
            let mut touched = game.neighbours(p);
            touched.retain(|&q| cells[game.index(q)].is_some());
            touched.push(p);
            let every_chain_breathes = touched
                .into_iter()
                .all(|q| !game.liberties(&cells, &game.chain(&cells, q)).is_empty());
            if every_chain_breathes {
                game.cells = cells;
                kept.push((p, color));
            }
        }
        // The setup is the starting position: it is the first earlier position.
        game.positions = vec![(diagram(&game.cells), to_play)];
        (game, kept)
    }

    /// The colour on `p`, or `None` when it is empty or off the board.
    pub fn stone(&self, p: Point) -> Option<Color> {
        if self.on_board(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn to_play(&self) -> Color {
        self.to_play
    }

    pub fn captures(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.captures[0],
            Color::White => self.captures[1],
        }
    }

    pub fn stones_placed(&self) -> u32 {
        self.stones_placed
    }

    pub fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// Every point of the board, by column then row.
    pub fn all_points(&self) -> impl Iterator<Item = Point> + use<> {
        let n = self.size;
        (0..n).flat_map(move |col| (0..n).map(move |row| Point::new(col, row)))
    }

    /// Whether `color` may play `mv` now, and if not, why. The reasons are tried in this order:
    /// the game is over, the point is off the board, occupied, suicide, then repetition.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.outcome(color, mv).map(|_| ())
    }

    /// Plays `mv` for `color`; the turn then passes to the opponent. An illegal move changes
    /// nothing.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        let (cells, captured, suicided) = self.outcome(color, mv)?;
        self.moves.push((color, diagram(&self.cells)));
        self.cells = cells;
        match mv {
            Move::Pass => self.consecutive_passes += 1,
            Move::Play(_) => {
                self.consecutive_passes = 0;
                self.stones_placed += 1;
                let count = captured.len() as u32;
                let lost = suicided.len() as u32;
                match color {
                    Color::Black => {
                        self.captures[0] += count;
                        self.captures[1] += lost;
                    }
                    Color::White => {
                        self.captures[1] += count;
                        self.captures[0] += lost;
                    }
                }
            }
        }
        self.to_play = color.opponent();
        self.positions.push((diagram(&self.cells), self.to_play));
        self.end = self.end_reason();
        let liberties = match mv {
            Move::Pass => None,
            // A suicide left the point empty: its chain has no liberty.
            Move::Play(p) if self.cells[self.index(p)].is_none() => Some(0),
            Move::Play(p) => Some(
                self.liberties(&self.cells, &self.chain(&self.cells, p))
                    .len(),
            ),
        };
        Ok(Played {
            color,
            mv,
            captured,
            suicided,
            liberties,
            end: self.end,
        })
    }

    /// The board after `color` plays `mv`, the stones it captured and the mover's own stones a
    /// suicide removed (both sorted), or why the move is illegal.
    fn outcome(
        &self,
        color: Color,
        mv: Move,
    ) -> Result<(Cells, Vec<Point>, Vec<Point>), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let p = match mv {
            Move::Pass => return Ok((self.cells.clone(), Vec::new(), Vec::new())),
            Move::Play(p) => p,
        };
        if !self.on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if self.cells[self.index(p)].is_some() {
            return Err(IllegalMove::Occupied);
        }
        let (mut cells, captured) = self.place(color, p);
        let mut suicided = Vec::new();
        let own = self.chain(&cells, p);
        if self.liberties(&cells, &own).is_empty() {
            // With suicide allowed the mover's chain is cleared after the opponent's, as
            // Tromp-Taylor says; the position left is then judged by the repetition rule.
            if self.rules.suicide == SuicideRule::Forbidden {
                return Err(IllegalMove::Suicide);
            }
            for stone in own {
                cells[self.index(stone)] = None;
                suicided.push(stone);
            }
            suicided.sort();
        }
        if self.repeats(color, &cells) {
            return Err(IllegalMove::Superko);
        }
        Ok((cells, captured, suicided))
    }

    /// The board after a `color` stone goes on the empty on-board point `p` and the opposing
    /// chains it leaves without liberties are removed, with the removed stones (sorted), whether
    /// the move is legal or not.
    pub fn place(&self, color: Color, p: Point) -> (Cells, Vec<Point>) {
        let mut cells = self.cells.clone();
        cells[self.index(p)] = Some(color);
        // Seed 000: "First remove all adjacent opposing groups that now have no liberties ...
        // Then check your own resulting group". Captures come first, so a move that captures
        // always leaves its own chain a liberty.
        let mut captured = Vec::new();
        for neighbour in self.neighbours(p) {
            if cells[self.index(neighbour)] != Some(color.opponent()) {
                // Empty, own colour, or a chain already removed through another neighbour.
                continue;
            }
            let chain = self.chain(&cells, neighbour);
            if self.liberties(&cells, &chain).is_empty() {
                for stone in chain {
                    cells[self.index(stone)] = None;
                    captured.push(stone);
                }
            }
        }
        captured.sort();
        (cells, captured)
    }

    /// Whether the board `after`, reached by a stone of `color`, is a repetition the ko rule
    /// forbids (README, "The rules engine").
    fn repeats(&self, color: Color, after: &Cells) -> bool {
        let after = &diagram(after);
        match self.rules.ko {
            // "no earlier whole-board position": the start and every position after a move.
            KoRule::Positional => self.positions.iter().any(|(cells, _)| cells == after),
            // "same position with the same player to move; positions after passes count": after
            // this move the opponent is to move.
            KoRule::Situational => self
                .positions
                .iter()
                .any(|(cells, next)| cells == after && *next == color.opponent()),
            // "the position from just before the last move", whoever made it, a pass included:
            // nothing is forbidden before anyone has moved.
            KoRule::Simple => self.moves.last().is_some_and(|(_, before)| before == after),
        }
    }

    /// Why the game has ended after the latest move, if it has: a player's captures reached the
    /// capture target, the stones placed reached the limit, or the consecutive passes did.
    ///
    /// The README does not say which reason wins when two are reached by the same move; this
    /// takes them in the order above.
    fn end_reason(&self) -> Option<EndReason> {
        let reached = |limit: Option<u32>, value: u32| limit.is_some_and(|limit| value >= limit);
        let most_captures = self.captures[0].max(self.captures[1]);
        if reached(self.rules.capture_target, most_captures) {
            Some(EndReason::CaptureTarget)
        } else if reached(self.rules.max_stones, self.stones_placed) {
            Some(EndReason::MaxStones)
        } else if reached(self.rules.end_passes, self.consecutive_passes) {
            Some(EndReason::Passes)
        } else {
            None
        }
    }

    fn on_board(&self, p: Point) -> bool {
        p.col < self.size && p.row < self.size
    }

    /// The cell of an on-board point.
    fn index(&self, p: Point) -> usize {
        usize::from(p.row) * usize::from(self.size) + usize::from(p.col)
    }

    /// The on-board points orthogonally next to `p` (diagonals do not touch).
    fn neighbours(&self, p: Point) -> Vec<Point> {
        let mut neighbours = Vec::with_capacity(4);
        if p.col > 0 {
            neighbours.push(Point::new(p.col - 1, p.row));
        }
        if p.col + 1 < self.size {
            neighbours.push(Point::new(p.col + 1, p.row));
        }
        if p.row > 0 {
            neighbours.push(Point::new(p.col, p.row - 1));
        }
        if p.row + 1 < self.size {
            neighbours.push(Point::new(p.col, p.row + 1));
        }
        neighbours
    }

    /// The stones of the chain through the stone on `p` in `cells`: a flood fill over
    /// neighbours of the same colour.
    fn chain(&self, cells: &Cells, p: Point) -> Vec<Point> {
        let color = cells[self.index(p)];
        let mut in_chain = vec![false; cells.len()];
        in_chain[self.index(p)] = true;
        let mut chain = vec![p];
        let mut to_visit = vec![p];
        while let Some(stone) = to_visit.pop() {
            for neighbour in self.neighbours(stone) {
                let cell = self.index(neighbour);
                if cells[cell] == color && !in_chain[cell] {
                    in_chain[cell] = true;
                    chain.push(neighbour);
                    to_visit.push(neighbour);
                }
            }
        }
        chain
    }

    /// The distinct empty points next to any stone of `chain` in `cells`.
    fn liberties(&self, cells: &Cells, chain: &[Point]) -> Vec<Point> {
        let mut liberties = Vec::new();
        for &stone in chain {
            for neighbour in self.neighbours(stone) {
                if cells[self.index(neighbour)].is_none() {
                    liberties.push(neighbour);
                }
            }
        }
        liberties.sort();
        liberties.dedup();
        liberties
    }
}

/// A board as text, one byte per cell in cell order: `.` empty, `X` black, `O` white. Two
/// boards are the same position exactly when their diagrams are equal; the history keeps
/// diagrams because comparing bytes is quick even in a debug build.
fn diagram(cells: &Cells) -> Vec<u8> {
    let mut diagram = Vec::with_capacity(cells.len());
    for cell in cells {
        diagram.push(match cell {
            None => b'.',
            Some(Color::Black) => b'X',
            Some(Color::White) => b'O',
        });
    }
    diagram
}
