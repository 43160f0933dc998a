//! Listing every legal move of a position quickly, for random playouts.
//!
//! The product never lists moves: it judges one move at a time through [`Game`]. This module
//! exists for the playout benchmark (`benches/playout.rs`, which races the crates.io `goban`
//! crate) and for the tests that check the listing against `Game`'s one-move verdicts. It
//! wraps a `Game`, which judges and plays every move, and keeps beside it the earlier
//! positions indexed by their stone counts. It reads the bit sets of empty points, stones and
//! atari points that the board keeps for it (`board/atari.rs` tells why they live there).
//!
//! How the listing works: an empty point that is no opponent chain's last liberty captures
//! nothing, so its hash is the board's `^` the stone's key; it is legal when it has an empty
//! neighbour, or touches an own chain and is no own chain's last liberty. Filling an own
//! chain's last liberty with no empty neighbour takes a look at the neighbours. A capture
//! always leaves the stone a liberty, and its resulting hash comes from the per-point atari
//! hashes. Every other empty point is suicide. A quiet move can only recreate an earlier
//! position holding one stone more than the board, so those few positions are compared with
//! the board at once rather than one lookup per point.

use std::sync::OnceLock;

use super::board::{Board, CELLS};
use super::cells::CellSet;
use super::game::{Game, IllegalMove};
use super::point::{Color, MAX_SIZE, Move, Point};
use super::ruleset::{Rules, SuicideRule};
use super::zobrist;

/// A game played for a playout: the `Game`, plus what listing its legal moves quickly needs.
#[derive(Clone)]
pub struct Playout {
    game: Game,
    by_stones: ByStones,
    /// Per padded cell: its reading-order index `row_from_top * N + column`.
    reading_index: [u16; CELLS],
    /// Scratch for the indices of one listing.
    indices: [u16; MAX_POINTS],
}

/// Points on the largest board.
const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

impl Playout {
    /// A game from the setup position `board`, `to_play` to move.
    pub fn new(board: Board, to_play: Color, rules: Rules) -> Playout {
        let mut reading_index = [0; CELLS];
        let n = usize::from(board.size().get());
        for (i, p) in (0..n)
            .flat_map(|row| (0..n).map(move |col| (row, col)))
            .enumerate()
        {
            reading_index[(p.0 + 1) * board.stride() + p.1 + 1] = i as u16;
        }
        let game = Game::new(board, to_play, rules);
        let mut playout = Playout {
            game,
            by_stones: ByStones {
                latest: Vec::new(),
                // Room for a few hundred positions up front, so short games never reallocate.
                entries: Vec::with_capacity(512),
            },
            reading_index,
            indices: [0; MAX_POINTS],
        };
        playout.remember_position();
        playout
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// [`Game::advance`] for `color`, who need not be the player to move.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.game.apply(color, mv)?;
        self.remember_position();
        Ok(())
    }

    fn remember_position(&mut self) {
        let board = self.game.board();
        self.by_stones.insert(
            self.game.position_key(),
            board.stones_on_board(),
            board.stone_count(Color::Black),
        );
    }

    /// Appends the reading-order index `row_from_top * N + column` of every point where the
    /// player to move may play, in that order (nothing once the game has ended).
    ///
    /// Takes `&mut self` only for a scratch buffer, so that no buffer is zeroed per listing.
    pub fn legal_indices_top_down(&mut self, out: &mut Vec<u16>) {
        if self.game.rules().suicide == SuicideRule::Allowed {
            // The quick listing assumes suicide is refused; where it is allowed each point is
            // judged by the game, as the product judges moves.
            let n = self.game.board().size().get();
            for (i, row) in (0..n).rev().enumerate() {
                for col in 0..n {
                    if self.game.is_legal(Point::new(col, row)) {
                        out.push((i * usize::from(n) + usize::from(col)) as u16);
                    }
                }
            }
            return;
        }
        let legal = self.legal_cells();
        // Into a plain slice with the count in a local: pushing onto a `Vec` would store and
        // reload its length through memory on every index.
        let mut len = 0;
        let words = self.game.board().padded().div_ceil(64);
        for (w, &word) in legal.0[..words].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.indices[len] = self.reading_index[cell];
                len += 1;
            }
        }
        out.extend_from_slice(&self.indices[..len]);
    }

    /// Appends every point where the player to move may play, top row first and each row from
    /// column `A` (the order of the playout benchmark).
    pub fn legal_points_top_down(&mut self, out: &mut Vec<Point>) {
        let n = u16::from(self.game.board().size().get());
        let mut indices = Vec::new();
        self.legal_indices_top_down(&mut indices);
        out.extend(
            indices
                .iter()
                .map(|&i| Point::new((i % n) as u8, (n - 1 - i / n) as u8)),
        );
    }

    /// The cells where the player to move may play.
    fn legal_cells(&self) -> CellSet {
        let (game, board) = (&self.game, self.game.board());
        let sets = board.listing_sets();
        if game.end().is_some() {
            return CellSet::default();
        }
        let color = game.to_play();
        let quiet_refused = if game.quiet_move_may_repeat() {
            self.quiet_repeats(color)
        } else {
            CellSet::default()
        };
        let stride = board.stride();
        let (empty, own) = (&sets.empty, &sets.stones[color.index()]);
        let own_atari = &sets.atari[color.index()];
        let opponent_atari = &sets.atari[color.opponent().index()];
        let stone_key = &zobrist::STONE[color.index()];
        let capture_hash = &sets.atari_hash[color.opponent().index()];
        let mut allowed = CellSet::default();
        for w in 0..board.padded().div_ceil(64) {
            let (e, ne) = (empty.0[w], empty.next_to_word(w, stride));
            let no = own.next_to_word(w, stride);
            let (oa, pa) = (own_atari.0[w], opponent_atari.0[w]);
            let mut quiet = e & !pa & (ne | (no & !oa));
            let mut fills = e & !pa & oa & !ne;
            while fills != 0 {
                let bit = fills.trailing_zeros() as usize;
                fills &= fills - 1;
                quiet |= u64::from(self.fill_keeps_liberty(w * 64 + bit, color)) << bit;
            }
            let mut word = quiet & !quiet_refused.0[w];
            let mut captures = e & pa;
            while captures != 0 {
                let bit = captures.trailing_zeros() as usize;
                captures &= captures - 1;
                let cell = w * 64 + bit;
                let hash = board.hash() ^ stone_key[cell] ^ capture_hash[cell];
                word |= u64::from(!game.repeats_lookup(hash, color)) << bit;
            }
            allowed.0[w] = word;
        }
        allowed
    }

    /// Whether a `color` stone on the empty `cell`, which captures nothing and has no empty
    /// neighbour, joins some own chain that keeps a liberty elsewhere (otherwise it is suicide).
    #[inline]
    fn fill_keeps_liberty(&self, cell: usize, color: Color) -> bool {
        let board = self.game.board();
        // Without branches: the neighbour kinds are unpredictable, and the stale head of a
        // border cell is masked by its kind.
        board.neighbours(cell).into_iter().fold(false, |keeps, nb| {
            let head = board.head_of(nb);
            let atari_of = usize::from(board.listing_sets().atari_of[head]);
            keeps | (board.holds(nb, color) & (atari_of != cell))
        })
    }

    /// The empty cells where a quiet `color` stone would recreate a forbidden position.
    ///
    /// Such a position holds one stone more than the board, of `color`, and its key differs
    /// from the board's by exactly that stone's key: a handful of key comparisons instead of a
    /// lookup per point.
    fn quiet_repeats(&self, color: Color) -> CellSet {
        let (game, board) = (&self.game, self.game.board());
        let now = game.situation_key(board.hash(), color.opponent());
        let black = board.stone_count(Color::Black) + usize::from(color == Color::Black);
        let mut refused = CellSet::default();
        for key in self
            .by_stones
            .with_stones(board.stones_on_board() + 1, black)
        {
            if let Some(cell) = cell_of_stone_key(color, key ^ now) {
                refused.set(cell);
            }
        }
        refused
    }
}

/// Every position of the game, listed under its number of stones.
#[derive(Clone)]
struct ByStones {
    /// Per stone count: index into `entries` of the latest position with that count, or `NONE`.
    latest: Vec<u32>,
    /// `(key, index of the previous entry with the same stone count or NONE, black stones)`.
    entries: Vec<(u64, u32, u16)>,
}

const NONE: u32 = u32::MAX;

impl ByStones {
    fn insert(&mut self, key: u64, stones: usize, black: usize) {
        if self.latest.len() <= stones {
            self.latest.resize(stones + 1, NONE);
        }
        let previous = self.latest[stones];
        self.latest[stones] = self.entries.len() as u32;
        self.entries.push((key, previous, black as u16));
    }

    /// The keys of positions holding exactly `stones` stones of which `black` are black,
    /// latest first. The black count rules out most positions with the right total cheaply.
    fn with_stones(&self, stones: usize, black: usize) -> impl Iterator<Item = u64> + '_ {
        let mut i = self.latest.get(stones).copied().unwrap_or(NONE);
        std::iter::from_fn(move || {
            loop {
                let (key, previous, b) = *self.entries.get(i as usize)?;
                i = previous;
                if usize::from(b) == black {
                    return Some(key);
                }
            }
        })
    }
}

/// The padded cell whose Zobrist key for a `color` stone is `key`, if any (on the board or not:
/// the listing keeps only empty points anyway).
fn cell_of_stone_key(color: Color, key: u64) -> Option<usize> {
    // An open-addressing table over every stone key, indexed by the key's top bits (the keys
    // are uniformly random); a slot holds `color index * 512 + cell + 1`, or 0 when free.
    const SLOTS_LOG2: u32 = 12;
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = vec![0u16; 1 << SLOTS_LOG2];
        for (c, keys) in zobrist::STONE.iter().enumerate() {
            for (cell, &k) in keys.iter().enumerate() {
                let mut slot = (k >> (64 - SLOTS_LOG2)) as usize;
                while table[slot] != 0 {
                    slot = (slot + 1) & ((1 << SLOTS_LOG2) - 1);
                }
                table[slot] = (c * 512 + cell + 1) as u16;
            }
        }
        table
    });
    let mut slot = (key >> (64 - SLOTS_LOG2)) as usize;
    loop {
        let entry = usize::from(table[slot]);
        if entry == 0 {
            return None;
        }
        let (c, cell) = ((entry - 1) / 512, (entry - 1) % 512);
        if c == color.index() && zobrist::STONE[c][cell] == key {
            return Some(cell);
        }
        slot = (slot + 1) & ((1 << SLOTS_LOG2) - 1);
    }
}

#[cfg(test)]
mod tests;
