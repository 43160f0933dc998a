//! The lines a solution shows: from a proven first move, the winner's quickest win and the
//! loser's longest resistance, read under the mode that proved the status.

use super::{LIMITS, LONGEST_LINE, Mode, Next, Search, State, Value};
use crate::rules::board::Placement;
use crate::rules::life_death::{Status, TooBig};
use crate::rules::point::{Color, Move};
use crate::rules::reading::LineMove;

/// A move of a line and what follows it: the reading and position play goes on in, or `None`
/// when the move (the defender's second pass) ends the problem.
type Step = (Move, Option<(Mode, State)>);

impl Search {
    /// The line after `first` that proves `status`: the winner's quickest win, the loser's
    /// longest resistance. `refutation`: `status` is the opponent's answer to a wrong try.
    pub(in crate::rules::life_death) fn line(
        &mut self,
        to_play: Color,
        first: Move,
        status: Status,
        refutation: bool,
    ) -> Result<(Vec<LineMove>, Option<Color>), TooBig> {
        let defender = self.attacker.opponent();
        let [dead, ko, not_alive] = self.readings();
        let (mode, winner) = match status {
            Status::Dead => (dead, self.attacker),
            Status::Ko => {
                let winner = if refutation {
                    to_play.opponent()
                } else {
                    to_play
                };
                // The ko's winner holds the threats along its own line.
                let mode = if winner == self.attacker { ko } else { dead };
                (mode, winner)
            }
            // A seki refuting the defender's try is the attacker's result (the group is never
            // made unconditionally alive): its line is the attacker's, as for `Alive`'s
            // opposite. Elsewhere the seki is the defender's survival.
            Status::Seki if refutation && to_play == defender => (not_alive, self.attacker),
            Status::Seki => (ko, defender),
            Status::Alive => (not_alive, defender),
        };
        let mut line = vec![(to_play, first)];
        let root = self.root(to_play);
        let Some(mut s) = self.play(&root, first, Some(mode)) else {
            return Ok((line, None));
        };
        let mut ko_threat = None;
        let mut mode = mode;
        // The positions the line has shown, with the side to move: a line that comes back to
        // one (a ko retaken with unlimited threats) shows that move and stops, rather than go
        // round again.
        let mut shown = vec![(self.board(&s).hash(), s.to_play)];
        while line.len() < LONGEST_LINE && !self.is_over(mode, &s) {
            let Some((mv, next)) = self.pick(mode, &s, winner)? else {
                break;
            };
            if ko_threat.is_none() && self.retakes_ko(&s, mv) {
                ko_threat = Some(s.to_play);
            }
            line.push((s.to_play, mv));
            if let (Move::Play(_), Some((_, after))) = (mv, &next) {
                let position = (self.board(after).hash(), after.to_play);
                if shown.contains(&position) {
                    break;
                }
                shown.push(position);
            }
            // `None`: the defender's second pass ended the problem.
            let Some((next_mode, next)) = next else {
                break;
            };
            if next_mode != mode {
                // The position both sides passed in is judged afresh: its ko may be retaken.
                shown = vec![(self.board(&next).hash(), next.to_play)];
            }
            mode = next_mode;
            s = next;
        }
        while line.len() > 1 && matches!(line.last(), Some((_, Move::Pass))) {
            line.pop();
        }
        // Only the winner may retake along its own line: when it never has to, the ko is one
        // it takes first, and the loser is the one to find a threat.
        let ko_threat = (status == Status::Ko).then(|| ko_threat.unwrap_or(winner.opponent()));
        Ok((line, ko_threat))
    }

    /// Whether `mv` in `s` recreates the position the simple ko rule forbids: a retake only
    /// the side with ko threats may make, after a threat.
    fn retakes_ko(&self, s: &State, mv: Move) -> bool {
        let Move::Play(p) = mv else {
            return false;
        };
        let board = self.board(s);
        match board.placement_at(board.cell_of_point(p), s.to_play) {
            Placement::Allowed { hash, .. } => s.ko_ban == Some(hash),
            _ => false,
        }
    }

    fn is_over(&mut self, mode: Mode, s: &State) -> bool {
        self.taken(s) || (mode.strict && self.alive(s))
    }

    /// The next move of the line from `s`: for the winner its quickest winning move, for the
    /// loser the reply that holds out longest (passing rather than a move that holds out no
    /// longer: a book's line shows no move that does nothing).
    ///
    /// Only the moves after which the winner's result is proven take part, and they are read
    /// together, one depth limit after another: the winner's first move proven within the
    /// limit is its quickest, and the loser's move left unproven when all its others are is
    /// its longest, without reading that longest one to its end. The limits are the search's
    /// own, few and far apart: finer ones cost most of a problem's positions (on Elementary 51,
    /// 7 of 9.4 million) and gave lines no shorter in all.
    fn pick(&mut self, mode: Mode, s: &State, winner: Color) -> Result<Option<Step>, TooBig> {
        let attacker_wins = winner == self.attacker;
        let want = if attacker_wins {
            Value::Win
        } else {
            Value::Loss
        };
        // The moves still in question, in move order; `true` for the second pass, which ends
        // the problem (a win for the defender, proven within no plies).
        let mut open: Vec<(Move, bool)> = Vec::new();
        for mv in self.moves(s) {
            match self.next(mode, s, mv) {
                Next::Illegal => {}
                Next::DefenderHolds => {
                    if !attacker_wins {
                        open.push((mv, true));
                    }
                }
                Next::Play(child_mode, next) => {
                    if self.settled(child_mode, &next)? == want {
                        open.push((mv, false));
                    }
                }
            }
        }
        let winner_moves = s.to_play == winner;
        // A single move in question needs no distances read.
        let mut chosen = match open.as_slice() {
            [(only, _)] => Some(*only),
            _ => None,
        };
        for limit in [0, 1].into_iter().chain(LIMITS) {
            if open.is_empty() || chosen.is_some() {
                break;
            }
            let mut proven = Vec::new();
            for &(mv, ends) in &open {
                let within = ends || self.proven_within(mode, s, mv, limit, want)?;
                if within {
                    proven.push(mv);
                    if winner_moves {
                        break;
                    }
                }
            }
            if winner_moves {
                if let Some(&mv) = proven.first() {
                    chosen = Some(mv);
                    break;
                }
                continue;
            }
            if proven.len() == open.len() {
                // All that were left are proven at this limit: the longest, a pass first.
                chosen = proven
                    .iter()
                    .copied()
                    .find(|&m| m == Move::Pass)
                    .or(proven.first().copied());
                break;
            }
            open.retain(|(mv, _)| !proven.contains(mv));
            if open.len() == 1 {
                chosen = Some(open[0].0);
                break;
            }
        }
        let Some(chosen) = chosen.or(open.first().map(|&(mv, _)| mv)) else {
            return Ok(None);
        };
        Ok(match self.next(mode, s, chosen) {
            Next::Illegal => None,
            Next::DefenderHolds => Some((chosen, None)),
            Next::Play(child_mode, next) => Some((chosen, Some((child_mode, next)))),
        })
    }

    /// Whether, after the side to move in `s` plays `mv`, the result `want` is proven within
    /// `limit` plies.
    fn proven_within(
        &mut self,
        mode: Mode,
        s: &State,
        mv: Move,
        limit: u32,
        want: Value,
    ) -> Result<bool, TooBig> {
        let Next::Play(child_mode, next) = self.next(mode, s, mv) else {
            return Ok(false);
        };
        self.base = next.depth;
        Ok(self.read(child_mode, &next, limit, true)?.value == want)
    }
}
