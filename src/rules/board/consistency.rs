//! Checks of the board's incremental state against a recomputation from the stones, for tests.

use super::*;

impl Board {
    /// The hash computed from scratch, for tests of the incremental hash.
    pub fn recomputed_hash(&self) -> u64 {
        let mut h = 0;
        for p in self.size.all_points() {
            let cell = self.cell(p);
            if let Some(c) = color_of(self.cells[cell]) {
                h ^= zobrist::STONE[c.index()][cell];
            }
        }
        h
    }

    /// Checks every internal invariant against a recomputation; returns what is wrong, for tests.
    pub fn consistency_error(&self) -> Option<String> {
        if self.hash != self.recomputed_hash() {
            return Some("incremental hash differs from recomputed hash".into());
        }
        let counted = [Color::Black, Color::White].map(|c| self.stones(c).len() as u16);
        if counted != self.color_stones || counted[0] + counted[1] != self.on_board {
            return Some(format!(
                "stones per colour {:?} (on board {}) != counted {counted:?}",
                self.color_stones, self.on_board
            ));
        }
        let mut members = vec![0u16; self.padded];
        for p in self.size.all_points() {
            let cell = self.cell(p);
            if color_of(self.cells[cell]).is_none() {
                continue;
            }
            let head = usize::from(self.head[cell]);
            if usize::from(self.head[head]) != head || self.cells[head] != self.cells[cell] {
                return Some(format!("{p}: head is not its own head"));
            }
            members[head] += 1;
            if head != cell {
                // The chain is checked once, from its head.
                continue;
            }
            let data = self.chains[head];
            let stones: Vec<usize> = self.chain_stone_cells(head).collect();
            if stones.len() != usize::from(data.stones) {
                return Some(format!(
                    "{p}: stone count {} != {}",
                    data.stones,
                    stones.len()
                ));
            }
            let mut fresh = ChainData {
                stones: data.stones,
                ..ChainData::default()
            };
            for &s in &stones {
                if self.head[s] != head as u16 || self.cells[s] != self.cells[cell] {
                    return Some(format!("{p}: chain list holds a foreign stone"));
                }
                fresh.hash ^= zobrist::STONE[color_of(self.cells[s]).map_or(0, Color::index)][s];
                for nb in self.neighbours(s) {
                    if self.cells[nb] == EMPTY {
                        fresh.add_liberty(nb);
                    }
                }
            }
            if fresh != data {
                return Some(format!(
                    "{p}: chain counters {data:?} != recomputed {fresh:?}"
                ));
            }
        }
        // The kept bit sets and atari counts say what the table and the counters say.
        let mut atari_chains = [[0u8; CELLS]; 2];
        for cell in 0..CELLS {
            let kind = self.cells[cell];
            let head = color_of(kind).is_some() && self.head_of(cell) == cell;
            let atari_at = if head {
                let at = self.chains[cell].atari_cell().unwrap_or(0);
                if at != 0 {
                    atari_chains[usize::from(kind - 1)][at] += 1;
                }
                at
            } else {
                0
            };
            if usize::from(self.atari_at[cell]) != atari_at {
                return Some(format!(
                    "cell {cell}: kept atari point {} != {atari_at}",
                    self.atari_at[cell]
                ));
            }
            let expected = [
                kind == EMPTY && cell < self.padded,
                kind == BLACK,
                kind == WHITE,
            ];
            let kept = [
                self.empty.contains(cell),
                self.stones[0].contains(cell),
                self.stones[1].contains(cell),
            ];
            if kept != expected {
                return Some(format!(
                    "cell {cell}: bit sets (empty, black, white) {kept:?} != {expected:?}"
                ));
            }
        }
        if atari_chains != self.atari_chains {
            return Some("chains counted in atari per point differ from a recount".into());
        }
        for (color, counts) in atari_chains.iter().enumerate() {
            for (cell, &count) in counts.iter().enumerate() {
                if self.atari_points[color].contains(cell) != (count != 0) {
                    return Some(format!(
                        "cell {cell}: atari point set differs from its count"
                    ));
                }
            }
        }
        // Every stone naming a head must be on that head's list (the lists hold `stones` each).
        for (head, &count) in members.iter().enumerate() {
            if count != 0 && count != self.chains[head].stones {
                return Some(format!(
                    "{}: {count} stones name it as head, its list holds {}",
                    self.point(head),
                    self.chains[head].stones
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The atari test agrees with the liberties counted one by one on a few hand-made shapes,
    /// including pseudo-liberties counted twice and chains with several liberties.
    #[test]
    fn in_atari_on_matches_distinct_liberties() {
        let size = BoardSize::new(5).unwrap();
        let mut board = Board::new(size);
        for (name, color) in [
            ("B2", Color::Black),
            ("B3", Color::Black),
            ("C2", Color::White),
            ("A3", Color::White),
            ("B4", Color::White),
            ("C3", Color::White),
            ("A2", Color::White),
        ] {
            board.place_unchecked(Point::parse(name, size).unwrap(), color);
        }
        for p in size.all_points() {
            let Some(chain) = board.chain(p) else {
                continue;
            };
            let head = board.head_of(board.cell(p));
            for q in size.all_points() {
                let only_liberty = chain.liberties == [q];
                let in_atari = board.chains[head].in_atari_on(board.cell(q));
                assert_eq!(in_atari, only_liberty, "{p} on {q}");
            }
        }
        assert_eq!(board.consistency_error(), None);
    }
}
