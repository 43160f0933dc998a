//! The search: the attacker's and the defender's turns, with the liberty bound and the table.

use super::table::Table;
use super::{Budget, TooBig};
use crate::rules::board::{Board, Placement};
use crate::rules::game::Game;
use crate::rules::point::{Color, Point};
use crate::rules::ruleset::{KoRule, SuicideRule};
use crate::rules::zobrist;

/// A position inside the search: the board, who moves, and what the simple ko rule needs.
#[derive(Clone)]
pub(super) struct State {
    pub(super) board: Board,
    pub(super) to_play: Color,
    /// The board's hash before the last move, if there was one.
    before_last: Option<u64>,
    /// Whether the last move took stones: only then can the next recreate the position before it.
    last_took: bool,
}

impl State {
    /// The position the game is in.
    pub(super) fn of(game: &Game) -> State {
        State {
            board: game.board().clone(),
            to_play: game.to_play(),
            before_last: game.hash_before_last_move(),
            last_took: game.hash_before_last_move().is_some(),
        }
    }
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
            path: Vec::new(),
            table: Table::default(),
            nodes: 0,
            budget: budget.nodes,
            fewest: u16::MAX,
        }
    }

    /// The padded cell of the target stone.
    pub(super) fn target(&self) -> usize {
        self.target
    }

    /// Whether the target has been removed in `s`.
    pub(super) fn taken(&self, s: &State) -> bool {
        s.board.color_at(self.target) != Some(self.attacker.opponent())
    }

    /// The target's liberties in `s`, counted up to `cap + 1`.
    pub(super) fn liberties(&self, s: &State, cap: u32) -> u32 {
        s.board.liberties_up_to(self.target, cap as usize) as u32
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
        let mut key = s.board.hash();
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
        let stones = s.board.stones_on_board() as u16;
        let most = self
            .path
            .last()
            .map_or(self.game.most_stones_seen() as u16, |p| p.most_stones);
        self.path.push(Step {
            key: self.game.situation_key(s.board.hash(), s.to_play),
            most_stones: most.max(stones),
        });
    }

    /// Takes the latest position off the path.
    pub(super) fn leave(&mut self) {
        self.path.pop();
    }

    fn tick(&mut self) -> Result<(), TooBig> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(TooBig { nodes: self.budget })
        } else {
            Ok(())
        }
    }

    /// Whether a move by `color` leading to the board hash `hash` recreates a forbidden position.
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
        let Some(cell) = mv else {
            return Some(State {
                board: s.board.clone(),
                to_play: color.opponent(),
                before_last: Some(s.board.hash()),
                last_took: false,
            });
        };
        let (hash, stones, took) = match s.board.placement_at(cell, color) {
            Placement::Occupied => return None,
            Placement::Suicide if self.suicide == SuicideRule::Forbidden => return None,
            // Fewer stones than any count: such a result is never kept past its history.
            Placement::Suicide => (s.board.suicide_hash_at(cell, color), 0, true),
            Placement::Allowed { hash, captures } => {
                let stones = if captures {
                    s.board.stones_after(cell, color)
                } else {
                    s.board.stones_on_board() + 1
                };
                (hash, stones, captures)
            }
        };
        self.fewest = self.fewest.min(stones as u16);
        if self.repeats(s, hash, color) {
            return None;
        }
        let mut board = s.board.clone();
        let mut captured = Vec::new();
        board.play_cell(cell, color, &mut captured);
        Some(State {
            board,
            to_play: color.opponent(),
            before_last: Some(s.board.hash()),
            last_took: took,
        })
    }

    /// The attacker's candidate moves in `s` with `liberties` target liberties and `moves` moves
    /// left: the target's liberties first, then (when the bound leaves room) every other point.
    pub(super) fn attacker_moves(&self, s: &State, liberties: u32, moves: u32) -> Vec<usize> {
        let mut out = Vec::new();
        s.board.liberty_cells(self.target, &mut out);
        if liberties < moves {
            let mut rest = Vec::new();
            s.board.empty_cell_list(&mut rest);
            rest.retain(|c| !out.contains(c));
            out.extend(rest);
        }
        out
    }

    /// The defender's replies in `s`: the target's liberties, the moves that take an attacking
    /// chain in atari next to it, then every other point; the pass after the first two groups
    /// when `pass_last` is false (it refutes most cheaply), at the end otherwise.
    pub(super) fn defender_replies(&self, s: &State, pass_last: bool) -> Vec<Option<usize>> {
        let mut near = Vec::new();
        s.board.liberty_cells(self.target, &mut near);
        let mut takes = Vec::new();
        s.board
            .atari_neighbours(self.target, self.attacker, &mut takes);
        takes.retain(|c| !near.contains(c));
        near.extend(takes);
        let mut rest = Vec::new();
        s.board.empty_cell_list(&mut rest);
        let mut out: Vec<Option<usize>> = near.iter().map(|&c| Some(c)).collect();
        if !pass_last {
            out.push(None);
        }
        out.extend(rest.into_iter().filter(|c| !near.contains(c)).map(Some));
        if pass_last {
            out.push(None);
        }
        out
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
        let key = self.key(s);
        let before = self.before();
        if let Some((won, fewest)) = self.table.probe(key, moves, before) {
            self.fewest = self.fewest.min(fewest);
            return Ok(won);
        }
        let outer = std::mem::replace(&mut self.fewest, u16::MAX);
        let won = self.attack_moves(s, liberties, moves);
        let fewest = std::mem::replace(&mut self.fewest, outer);
        self.fewest = self.fewest.min(fewest);
        let won = won?;
        if self.ko == KoRule::Simple || fewest > before {
            self.table.store(key, moves, won, fewest);
        }
        Ok(won)
    }

    fn attack_moves(&mut self, s: &State, liberties: u32, moves: u32) -> Result<bool, TooBig> {
        if liberties == 1
            && let Some(liberty) = s.board.only_liberty(self.target)
            && self.play(s, Some(liberty)).is_some()
        {
            return Ok(true);
        }
        if moves == 1 {
            return Ok(false);
        }
        for cell in self.attacker_moves(s, liberties, moves) {
            let Some(next) = self.play(s, Some(cell)) else {
                continue;
            };
            if self.taken(&next) {
                return Ok(true);
            }
            if self.liberties(&next, moves - 1) > moves - 1 {
                continue;
            }
            self.enter(&next);
            let won = self.defend(&next, moves - 1);
            self.leave();
            if won? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the attacker wins in `s` with the defender to move and `moves` attacker moves
    /// left after its reply.
    pub(super) fn defend(&mut self, s: &State, moves: u32) -> Result<bool, TooBig> {
        self.tick()?;
        let key = self.key(s);
        let before = self.before();
        if let Some((won, fewest)) = self.table.probe(key, moves, before) {
            self.fewest = self.fewest.min(fewest);
            return Ok(won);
        }
        let outer = std::mem::replace(&mut self.fewest, u16::MAX);
        let won = self.defend_replies(s, moves);
        let fewest = std::mem::replace(&mut self.fewest, outer);
        self.fewest = self.fewest.min(fewest);
        let won = won?;
        if self.ko == KoRule::Simple || fewest > before {
            self.table.store(key, moves, won, fewest);
        }
        Ok(won)
    }

    fn defend_replies(&mut self, s: &State, moves: u32) -> Result<bool, TooBig> {
        for reply in self.defender_replies(s, false) {
            let Some(next) = self.play(s, reply) else {
                continue;
            };
            // A suicide the rules allow can remove the target itself: taken all the same.
            if self.taken(&next) {
                continue;
            }
            if self.liberties(&next, moves) > moves {
                return Ok(false);
            }
            self.enter(&next);
            let won = self.attack(&next, moves);
            self.leave();
            if !won? {
                return Ok(false);
            }
        }
        Ok(true)
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

impl<'g> Search<'g> {
    /// The game the problem is set in.
    pub(super) fn game(&self) -> &'g Game {
        self.game
    }
}
