//! Listing every legal move of a position at once: a search's move generator.
//!
//! It reads the bit sets the board keeps (empty points, the mover's stones, each colour's
//! atari points), which settle most empty points a word at a time: one that is no opponent chain's last liberty captures
//! nothing, and keeps a liberty when it has an empty neighbour or touches an own chain it is
//! not the last liberty of. Such a quiet move is legal unless it repeats a position. One
//! that touches only opposing stones none of which it captures is suicide; every other empty
//! point (a capture, the filling of an own chain's last liberty, a suicide the rules allow) is
//! judged as [`Game::check`] judges it.

use super::Game;
use crate::rules::cells::CellSet;
use crate::rules::point::{Color, Point};
use crate::rules::ruleset::{KoRule, SuicideRule};
use crate::rules::zobrist;

impl Game {
    /// Appends every point where the player to move may play, in reading order (top row first,
    /// each row from column `A`); nothing once the game has ended.
    pub fn legal_points(&self, out: &mut Vec<Point>) {
        if self.end.is_some() {
            return;
        }
        let (board, color) = (&self.board, self.to_play);
        let (empty_cells, own_cells) = (board.empty_cells(), board.stone_cells(color));
        let (own_atari, opponent_atari) = (
            board.atari_cells(color),
            board.atari_cells(color.opponent()),
        );
        let stride = board.stride();
        let (may_repeat, refused) = self.quiet_repeats(color);
        let stone_key = &zobrist::STONE[color.index()];
        let cell_points = board.cell_points();
        // Room for every point up front: pushing then never reallocates.
        let n = usize::from(board.size().get());
        out.reserve(n * n);
        for w in 0..board.words() {
            let empty = empty_cells.0[w];
            let next_to_empty = empty_cells.next_to_word(w, stride);
            let next_to_own = own_cells.next_to_word(w, stride);
            let quiet =
                empty & !opponent_atari.0[w] & (next_to_empty | (next_to_own & !own_atari.0[w]));
            // With no empty or own neighbour and no capture, a stone has no liberty at all.
            let suicide = if self.rules.suicide == SuicideRule::Allowed {
                0
            } else {
                empty & !opponent_atari.0[w] & !next_to_empty & !next_to_own
            };
            // The word of legal points is settled first, so that listing it takes no branch
            // per point: quiet points by the sets, the rest one by one.
            let mut legal = quiet & !refused.0[w];
            if may_repeat {
                let mut bits = legal;
                while bits != 0 {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let hash = board.hash() ^ stone_key[w * 64 + bit];
                    legal &= !(u64::from(self.repeats_lookup(hash, color)) << bit);
                }
            }
            let mut judged = empty & !quiet & !suicide;
            while judged != 0 {
                let bit = judged.trailing_zeros() as usize;
                judged &= judged - 1;
                legal |= u64::from(self.check_cell(color, w * 64 + bit).is_ok()) << bit;
            }
            // A word's points written into room made at the end of `out` for all 64, then the
            // room cut to what was written: a push per point checked the vector's capacity
            // each time, and gathering on the stack then appending cost a copy per word.
            let start = out.len();
            out.resize(start + 64, Point::new(0, 0));
            let room = &mut out[start..];
            let mut count = 0;
            while legal != 0 {
                let cell = w * 64 + legal.trailing_zeros() as usize;
                legal &= legal - 1;
                room[count] = cell_points[cell];
                count += 1;
            }
            out.truncate(start + count);
        }
    }

    /// The empty cells where a quiet `color` stone is known to recreate a forbidden position,
    /// and whether quiet moves still need a lookup each (only under simple ko, where it is one
    /// comparison).
    ///
    /// Under superko such a position holds one stone more than the board, of `color`, and its
    /// key differs from the board's by exactly that stone's key: a few key comparisons against
    /// the history's positions of that stone count settle every point at once.
    fn quiet_repeats(&self, color: Color) -> (bool, CellSet) {
        let mut refused = CellSet::default();
        if !self.quiet_move_may_repeat() {
            return (false, refused);
        }
        if self.rules.ko == KoRule::Simple {
            return (true, refused);
        }
        let board = &self.board;
        let now = self.situation_key(board.hash(), color.opponent());
        let black = board.stone_count(Color::Black) + usize::from(color == Color::Black);
        for key in self.history.with_stones(board.stones_on_board() + 1, black) {
            if let Some(cell) = zobrist::cell_of_stone_key(color.index(), key ^ now) {
                refused.set(cell);
            }
        }
        (false, refused)
    }
}
