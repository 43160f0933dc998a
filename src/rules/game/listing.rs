//! Listing every legal move of a position at once: a search's move generator.
//!
//! Nothing is kept for it between moves. The board's bit sets of the position (empty points,
//! the mover's stones, each colour's atari points) are computed when asked, and settle most
//! empty points a word at a time: one that is no opponent chain's last liberty captures
//! nothing, and keeps a liberty when it has an empty neighbour or touches an own chain it is
//! not the last liberty of. Such a quiet move is legal unless it repeats a position; every
//! other empty point (a capture, the filling of an own chain's last liberty, a point among
//! opposing stones) is judged as [`Game::check`] judges it.

use super::Game;
use crate::rules::point::Point;
use crate::rules::zobrist;

impl Game {
    /// Appends every point where the player to move may play, in reading order (top row first,
    /// each row from column `A`); nothing once the game has ended.
    pub fn legal_points(&self, out: &mut Vec<Point>) {
        if self.end.is_some() {
            return;
        }
        let (board, color) = (&self.board, self.to_play);
        let sets = board.sets(color);
        let stride = board.stride();
        let may_repeat = self.quiet_move_may_repeat();
        let stone_key = &zobrist::STONE[color.index()];
        // A cell's row is `cell / stride`: a multiplication by a rounded-up reciprocal, exact
        // for every cell of the largest board, spares a division per listed point.
        let (size, reciprocal) = (board.size().get(), 65536u32.div_ceil(stride as u32));
        for w in 0..board.words() {
            let empty = sets.empty.0[w];
            let next_to_empty = sets.empty.next_to_word(w, stride);
            let next_to_own = sets.own.next_to_word(w, stride);
            let quiet = empty
                & !sets.opponent_atari.0[w]
                & (next_to_empty | (next_to_own & !sets.own_atari.0[w]));
            let mut bits = empty;
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let cell = w * 64 + bit;
                let legal = if quiet & (1 << bit) != 0 {
                    !may_repeat || !self.repeats_lookup(board.hash() ^ stone_key[cell], color)
                } else {
                    self.check_cell(color, cell).is_ok()
                };
                if legal {
                    let row_from_top = (cell as u32 * reciprocal) >> 16;
                    let col = cell as u32 - row_from_top * stride as u32 - 1;
                    out.push(Point::new(col as u8, size - row_from_top as u8));
                }
            }
        }
    }
}
