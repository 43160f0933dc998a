//! The search: the attacker's and the defender's turns, with the liberty bound and the table.
//!
//! Positions are not cloned per move: the search keeps one board per depth and copies a
//! position into the board below it (only the part of the tables the board's size uses), so a
//! move costs a few kilobytes of copying on a small board instead of the 15 KB a `Board` holds.
//! A pass shares its parent's board.

use super::table::Table;
use super::{Budget, TooBig};
use crate::rules::board::{Board, Placement, child_board};
use crate::rules::game::Game;
use crate::rules::point::{Color, Point};
use crate::rules::ruleset::{KoRule, SuicideRule};
use crate::rules::zobrist;

/// A position inside the search: where its board is, who moves, and what the simple ko rule
/// needs. A state is valid until another is played from its parent: its board lives in the
/// search's board for its depth.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// The index of the search's board that holds this position.
    slot: usize,
    /// Its depth: positions played from it go to the board `depth + 1`.
    depth: usize,
    pub(super) to_play: Color,
    /// The board's hash before the last move, if there was one.
    before_last: Option<u64>,
    /// Whether the last move took stones: only then can the next recreate the position before it.
    last_took: bool,
}

/// One position on the path from the problem's start, for the superko rules.
#[derive(Clone, Copy)]
struct Step {
    key: u64,
    /// The most stones this or any earlier position held, the game's history included.
    most_stones: u16,
}

/// A reading search of one problem: the attacker, the target and what is proven so far.
pub(super) struct Search<'g> {
    game: &'g Game,
    ko: KoRule,
    suicide: SuicideRule,
    pub(super) attacker: Color,
    /// The target stone's padded cell.
    target: usize,
    /// The board of each depth; board 0 is the game's.
    boards: Vec<Board>,
    /// Per depth, a list of moves kept between nodes so that listing them allocates nothing.
    lists: Vec<Vec<usize>>,
    path: Vec<Step>,
    table: Table,
    pub(super) nodes: u64,
    budget: u64,
    /// The fewest stones of any position created since the current node began.
    fewest: u16,
}

impl<'g> Search<'g> {
    pub(super) fn new(
        game: &'g Game,
        attacker: Color,
        target: Point,
        budget: Budget,
    ) -> Search<'g> {
        let rules = game.rules();
        Search {
            game,
            ko: rules.ko,
            suicide: rules.suicide,
            attacker,
            target: game.board().cell_of_point(target),
            boards: vec![game.board().clone()],
            lists: Vec::new(),
            path: Vec::new(),
            table: Table::default(),
            nodes: 0,
            budget: budget.nodes,
            fewest: u16::MAX,
        }
    }

    /// The position the game is in.
    pub(super) fn root(&self) -> State {
        State {
            slot: 0,
            depth: 0,
            to_play: self.game.to_play(),
            before_last: self.game.hash_before_last_move(),
            last_took: self.game.hash_before_last_move().is_some(),
        }
    }

    /// The board of `s`.
    #[inline]
    pub(super) fn board(&self, s: &State) -> &Board {
        &self.boards[s.slot]
    }

    /// The padded cell of the target stone.
    pub(super) fn target(&self) -> usize {
        self.target
    }

    /// Whether the target has been removed in `s`.
    pub(super) fn taken(&self, s: &State) -> bool {
        self.board(s).color_at(self.target) != Some(self.attacker.opponent())
    }

    /// The target's liberties in `s`, counted up to `cap + 1`.
    pub(super) fn liberties(&self, s: &State, cap: u32) -> u32 {
        self.board(s).liberties_up_to(self.target, cap as usize) as u32
    }

    /// The most stones any position before the current one held.
    fn before(&self) -> u16 {
        let root = self.game.most_stones_seen() as u16;
        match self.path.len() {
            0 | 1 => root,
            n => self.path[n - 2].most_stones,
        }
    }

    fn key(&self, s: &State) -> u64 {
        let mut key = self.board(s).hash();
        if s.to_play == Color::White {
            key ^= zobrist::WHITE_TO_MOVE;
        }
        if self.ko == KoRule::Simple && s.last_took {
            key ^= s.before_last.unwrap_or(0).rotate_left(23);
        }
        key
    }

    /// Puts `s` on the path: it is the position now read from.
    pub(super) fn enter(&mut self, s: &State) {
        let board = self.board(s);
        let stones = board.stones_on_board() as u16;
        let key = self.game.situation_key(board.hash(), s.to_play);
        let most = self
            .path
            .last()
            .map_or(self.game.most_stones_seen() as u16, |p| p.most_stones);
        self.path.push(Step {
            key,
            most_stones: most.max(stones),
        });
    }

    /// Takes the latest position off the path.
    pub(super) fn leave(&mut self) {
        self.path.pop();
    }

    fn tick(&mut self) -> Result<(), TooBig> {
        Budget { nodes: self.budget }.visit(&mut self.nodes)
    }

    /// Whether a move by `color` in `s` leading to the board hash `hash` recreates a forbidden
    /// position.
    fn repeats(&self, s: &State, hash: u64, color: Color) -> bool {
        match self.ko {
            KoRule::Simple => s.before_last == Some(hash),
            _ => {
                let key = self.game.situation_key(hash, color.opponent());
                self.path.iter().any(|p| p.key == key) || self.game.has_seen(key)
            }
        }
    }

    /// The position after the player to move in `s` plays `mv` (`None`: a pass), or `None`
    /// when the move is illegal.
    pub(super) fn play(&mut self, s: &State, mv: Option<usize>) -> Option<State> {
        let color = s.to_play;
        let hash = self.board(s).hash();
        let Some(cell) = mv else {
            return Some(State {
                slot: s.slot,
                depth: s.depth + 1,
                to_play: color.opponent(),
                before_last: Some(hash),
                // A suicide after a pass could recreate this very board, which the simple ko
                // rule forbids: the key must say so.
                last_took: true,
            });
        };
        let board = self.board(s);
        let (after, stones, took) = match board.placement_at(cell, color) {
            Placement::Occupied => return None,
            Placement::Suicide if self.suicide == SuicideRule::Forbidden => return None,
            // Fewer stones than any count: such a result is never kept past its history.
            Placement::Suicide => (board.suicide_hash_at(cell, color), 0, true),
            Placement::Allowed { hash, captures } => {
                let stones = if captures {
                    board.stones_after(cell, color)
                } else {
                    board.stones_on_board() + 1
                };
                (hash, stones, captures)
            }
        };
        self.fewest = self.fewest.min(stones as u16);
        if self.repeats(s, after, color) {
            return None;
        }
        // A pass shares its board, so the depth below it may skip one.
        let slot = s.depth + 1;
        let mut captured = Vec::new();
        child_board(&mut self.boards, s.slot, slot).play_cell(cell, color, &mut captured);
        Some(State {
            slot,
            depth: slot,
            to_play: color.opponent(),
            before_last: Some(hash),
            last_took: took,
        })
    }

    /// The list kept for depth `depth`, emptied; give it back with `give_back`.
    fn take_list(&mut self, depth: usize) -> Vec<usize> {
        if depth >= self.lists.len() {
            self.lists.resize_with(depth + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[depth]);
        list.clear();
        list
    }

    fn give_back(&mut self, depth: usize, list: Vec<usize>) {
        self.lists[depth] = list;
    }

    /// The attacker's candidate moves in `s` with `liberties` target liberties and `moves` moves
    /// left: the target's liberties first, then (when the bound leaves room) every other point.
    pub(super) fn attacker_moves(&self, s: &State, liberties: u32, moves: u32) -> Vec<usize> {
        let mut out = Vec::new();
        self.list_attacker_moves(s, liberties, moves, &mut out);
        out
    }

    fn list_attacker_moves(&self, s: &State, liberties: u32, moves: u32, out: &mut Vec<usize>) {
        let board = self.board(s);
        board.liberty_cells(self.target, out);
        if liberties < moves {
            append_other_points(board, out);
        }
    }

    /// The defender's replies in `s`: the target's liberties, the moves that take an attacking
    /// chain in atari next to it, the pass (it refutes most cheaply, and a far move that does
    /// no more than a pass is one), then every other point.
    pub(super) fn defender_replies(&self, s: &State) -> Vec<Option<usize>> {
        let mut cells = Vec::new();
        let near = self.list_defender_replies(s, &mut cells);
        let mut out: Vec<Option<usize>> = cells[..near].iter().map(|&c| Some(c)).collect();
        out.push(None);
        out.extend(cells[near..].iter().map(|&c| Some(c)));
        out
    }

    /// Lists the defender's moves in `s` into `out` in the order of `defender_replies` (the
    /// pass left out) and returns how many come before the pass.
    fn list_defender_replies(&self, s: &State, out: &mut Vec<usize>) -> usize {
        let board = self.board(s);
        board.liberty_cells(self.target, out);
        let libs = out.len();
        let mut takes = Vec::new();
        board.atari_neighbours(self.target, self.attacker, &mut takes);
        takes.retain(|c| !out[..libs].contains(c));
        out.extend_from_slice(&takes);
        let near = out.len();
        append_other_points(board, out);
        near
    }

    /// Whether the attacker, to move in `s`, removes the target within `moves` of its moves
    /// whatever the defender does.
    pub(super) fn attack(&mut self, s: &State, moves: u32) -> Result<bool, TooBig> {
        self.tick()?;
        if self.taken(s) {
            return Ok(true);
        }
        let liberties = self.liberties(s, moves);
        if liberties > moves {
            return Ok(false);
        }
        self.remembered(s, moves, |search| search.attack_moves(s, liberties, moves))
    }

    fn attack_moves(&mut self, s: &State, liberties: u32, moves: u32) -> Result<bool, TooBig> {
        if liberties == 1
            && let Some(liberty) = self.board(s).only_liberty(self.target)
            && self.play(s, Some(liberty)).is_some()
        {
            return Ok(true);
        }
        if moves == 1 {
            return Ok(false);
        }
        let mut list = self.take_list(s.depth);
        self.list_attacker_moves(s, liberties, moves, &mut list);
        let mut result = Ok(false);
        for &cell in &list {
            let Some(next) = self.play(s, Some(cell)) else {
                continue;
            };
            if self.taken(&next) {
                result = Ok(true);
                break;
            }
            if self.liberties(&next, moves - 1) > moves - 1 {
                continue;
            }
            self.enter(&next);
            let won = self.defend(&next, moves - 1);
            self.leave();
            match won {
                Ok(false) => {}
                other => {
                    result = other;
                    break;
                }
            }
        }
        self.give_back(s.depth, list);
        result
    }

    /// Whether the attacker wins in `s` with the defender to move and `moves` attacker moves
    /// left after its reply.
    pub(super) fn defend(&mut self, s: &State, moves: u32) -> Result<bool, TooBig> {
        self.tick()?;
        // The defender may pass, and then the bound decides.
        if self.liberties(s, moves) > moves {
            return Ok(false);
        }
        self.remembered(s, moves, |search| search.defend_replies(s, moves))
    }

    /// The result of `read` for `s` with `moves` left, from the table when it holds one; else
    /// read, and kept when the repetition history cannot have changed it (see `table.rs`).
    fn remembered(
        &mut self,
        s: &State,
        moves: u32,
        read: impl FnOnce(&mut Self) -> Result<bool, TooBig>,
    ) -> Result<bool, TooBig> {
        let key = self.key(s);
        let before = self.before();
        if let Some((won, fewest)) = self.table.probe(key, moves, before) {
            self.fewest = self.fewest.min(fewest);
            return Ok(won);
        }
        // `fewest` is this node's own while it is read, then folded into its parent's.
        let outer = std::mem::replace(&mut self.fewest, u16::MAX);
        let won = read(self);
        let fewest = std::mem::replace(&mut self.fewest, outer);
        self.fewest = self.fewest.min(fewest);
        let won = won?;
        if self.ko == KoRule::Simple || fewest > before {
            self.table.store(key, moves, won, fewest);
        }
        Ok(won)
    }

    fn defend_replies(&mut self, s: &State, moves: u32) -> Result<bool, TooBig> {
        let mut list = self.take_list(s.depth);
        let near = self.list_defender_replies(s, &mut list);
        let mut result = Ok(true);
        let replies = list[..near]
            .iter()
            .map(|&c| Some(c))
            .chain(std::iter::once(None))
            .chain(list[near..].iter().map(|&c| Some(c)));
        for reply in replies {
            let Some(next) = self.play(s, reply) else {
                continue;
            };
            // A suicide the rules allow can remove the target itself: taken all the same.
            if self.taken(&next) {
                continue;
            }
            if self.liberties(&next, moves) > moves {
                result = Ok(false);
                break;
            }
            self.enter(&next);
            let won = self.attack(&next, moves);
            self.leave();
            match won {
                Ok(true) => {}
                other => {
                    result = other;
                    break;
                }
            }
        }
        self.give_back(s.depth, list);
        result
    }

    /// The fewest attacker moves, up to `most`, in which the attacker wins from `s` (attacker
    /// to move), or `None`.
    pub(super) fn attack_depth(&mut self, s: &State, most: u32) -> Result<Option<u32>, TooBig> {
        for moves in 1..=most {
            if self.attack(s, moves)? {
                return Ok(Some(moves));
            }
        }
        Ok(None)
    }
}

/// Appends to `out` every empty point of `board` not in it already, in board order: the moves
/// after the ones listed first. The first part is a few points, so a scan beats a set.
fn append_other_points(board: &Board, out: &mut Vec<usize>) {
    let near = out.len();
    board.empty_cell_list(out);
    let mut keep = near;
    for i in near..out.len() {
        let c = out[i];
        if !out[..near].contains(&c) {
            out[keep] = c;
            keep += 1;
        }
    }
    out.truncate(keep);
}
