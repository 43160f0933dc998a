//! From proofs to what a key prints: every first move that works, the main line of each, and
//! the refutation of each tempting wrong try.

use super::search::{Search, State};
use super::{Accepted, LineMove, Refuted, Solution, TooBig};
use crate::rules::point::Move;

fn line_move(search: &Search, s: &State, mv: Option<usize>) -> LineMove {
    let m = match mv {
        Some(cell) => Move::Play(search.board(s).point_of_cell(cell)),
        None => Move::Pass,
    };
    (s.to_play, m)
}

/// A capture problem: the attacker is to move with `within` moves.
pub(super) fn capture(search: &mut Search, within: u32) -> Result<Solution, TooBig> {
    let root = search.root();
    search.enter(&root);
    let mut tempting = Vec::new();
    search
        .board(&root)
        .liberty_cells(search.target(), &mut tempting);
    let mut moves = Vec::new();
    search.board(&root).empty_cell_list(&mut moves);
    let (mut accepted, mut refuted) = (Vec::new(), Vec::new());
    for cell in moves {
        let Some(next) = search.play(&root, Some(cell)) else {
            continue;
        };
        let point = search.board(&root).point_of_cell(cell);
        let first = line_move(search, &root, Some(cell));
        let works = search.taken(&next)
            || (within > 1 && search.liberties(&next, within - 1) < within && {
                search.enter(&next);
                let won = search.defend(&next, within - 1);
                search.leave();
                won?
            });
        if works {
            let mut line = vec![first];
            if !search.taken(&next) {
                search.enter(&next);
                let rest = resistance(search, &next, within - 1);
                search.leave();
                line.extend(rest?);
            }
            accepted.push(Accepted { point, line });
        } else if tempting.contains(&cell) {
            search.enter(&next);
            let reply = refutation_reply(search, &next, within - 1);
            search.leave();
            let mut line = vec![first];
            line.extend(reply?);
            refuted.push(Refuted { point, line });
        }
    }
    search.leave();
    Ok(finish(search, accepted, refuted, false))
}

/// An escape problem: the defender is to move, and the attacker then has `within` moves.
pub(super) fn escape(search: &mut Search, within: u32) -> Result<Solution, TooBig> {
    let root = search.root();
    search.enter(&root);
    let mut tempting = Vec::new();
    search
        .board(&root)
        .liberty_cells(search.target(), &mut tempting);
    search
        .board(&root)
        .atari_neighbours(search.target(), search.attacker, &mut tempting);
    let already_safe = match search.play(&root, None) {
        Some(passed) => {
            search.enter(&passed);
            let caught = search.attack(&passed, within);
            search.leave();
            !caught?
        }
        None => false,
    };
    let mut moves = Vec::new();
    search.board(&root).empty_cell_list(&mut moves);
    let (mut accepted, mut refuted) = (Vec::new(), Vec::new());
    for cell in moves {
        let Some(next) = search.play(&root, Some(cell)) else {
            continue;
        };
        let point = search.board(&root).point_of_cell(cell);
        let first = line_move(search, &root, Some(cell));
        if search.taken(&next) {
            continue;
        }
        search.enter(&next);
        let caught = search.attack(&next, within);
        let caught = match caught {
            Ok(c) => c,
            Err(e) => {
                search.leave();
                return Err(e);
            }
        };
        if !caught {
            accepted.push(Accepted {
                point,
                line: vec![first],
            });
        } else if tempting.contains(&cell) {
            let line = attack_line(search, &next, within);
            let mut full = vec![first];
            match line {
                Ok(rest) => full.extend(rest),
                Err(e) => {
                    search.leave();
                    return Err(e);
                }
            }
            refuted.push(Refuted { point, line: full });
        }
        search.leave();
    }
    search.leave();
    Ok(finish(search, accepted, refuted, already_safe))
}

fn finish(
    search: &Search,
    mut accepted: Vec<Accepted>,
    mut refuted: Vec<Refuted>,
    already_safe: bool,
) -> Solution {
    accepted.sort_by_key(|a| a.point);
    refuted.sort_by_key(|r| r.point);
    Solution {
        accepted,
        refuted,
        already_safe,
        nodes: search.nodes,
    }
}

/// The defender's longest resistance from `s` (defender to move, the attacker winning within
/// `moves`), and the attacker's quickest answers, to the capture. `s` is on the path.
fn resistance(search: &mut Search, s: &State, moves: u32) -> Result<Vec<LineMove>, TooBig> {
    // The reply is kept, not its position: the next reply is played onto the same board.
    // Among replies that resist as long, the natural ones come first, then the pass, then the
    // rest of the board: a far move that resists no longer than a pass is a pass, and a main
    // line that played it (White A19 in a corner problem) would leave the diagram's view.
    let mut best: Option<(u32, Option<usize>)> = None;
    for reply in search.defender_replies(s) {
        let Some(next) = search.play(s, reply) else {
            continue;
        };
        let depth = if search.taken(&next) {
            0
        } else {
            search.enter(&next);
            let d = search.attack_depth(&next, moves);
            search.leave();
            // The attacker wins against every reply, so some depth is found.
            d?.unwrap_or(moves)
        };
        if best.is_none_or(|(d, _)| depth > d) {
            best = Some((depth, reply));
        }
    }
    let Some((depth, reply)) = best else {
        return Ok(Vec::new());
    };
    let mut line = vec![line_move(search, s, reply)];
    // Played again from the same position, the reply is legal again.
    if depth > 0
        && let Some(next) = search.play(s, reply)
    {
        search.enter(&next);
        let rest = attack_line(search, &next, depth);
        search.leave();
        line.extend(rest?);
    }
    Ok(line)
}

/// The attacker's quickest capture from `s` (attacker to move, winning within `moves`), with
/// the defender's longest resistance. `s` is on the path.
fn attack_line(search: &mut Search, s: &State, moves: u32) -> Result<Vec<LineMove>, TooBig> {
    let Some(depth) = search.attack_depth(s, moves)? else {
        return Ok(Vec::new());
    };
    let liberties = search.liberties(s, depth);
    let mut candidates = Vec::new();
    if let Some(liberty) = search.board(s).only_liberty(search.target()) {
        candidates.push(liberty);
    }
    candidates.extend(search.attacker_moves(s, liberties, depth.max(liberties + 1)));
    for cell in candidates {
        let Some(next) = search.play(s, Some(cell)) else {
            continue;
        };
        if search.taken(&next) {
            return Ok(vec![line_move(search, s, Some(cell))]);
        }
        if depth == 1 || search.liberties(&next, depth - 1) > depth - 1 {
            continue;
        }
        search.enter(&next);
        let won = search.defend(&next, depth - 1);
        let rest = match won {
            Ok(true) => resistance(search, &next, depth - 1).map(Some),
            Ok(false) => Ok(None),
            Err(e) => Err(e),
        };
        search.leave();
        if let Some(rest) = rest? {
            let mut line = vec![line_move(search, s, Some(cell))];
            line.extend(rest);
            return Ok(line);
        }
    }
    Ok(Vec::new())
}

/// The defender's reply in `s` (defender to move, the attacker left with `moves`) after which
/// the target cannot be taken in time: the most natural first (a liberty, a capture, a pass).
fn refutation_reply(search: &mut Search, s: &State, moves: u32) -> Result<Vec<LineMove>, TooBig> {
    // The natural replies, the pass, then the rest: `defender_replies` orders them so.
    for reply in search.defender_replies(s) {
        let Some(next) = search.play(s, reply) else {
            continue;
        };
        if search.taken(&next) {
            continue;
        }
        let holds = moves == 0 || search.liberties(&next, moves) > moves || {
            search.enter(&next);
            let caught = search.attack(&next, moves);
            search.leave();
            !caught?
        };
        if holds {
            return Ok(vec![line_move(search, s, reply)]);
        }
    }
    Ok(Vec::new())
}
