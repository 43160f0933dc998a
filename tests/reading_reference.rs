//! The reading solver (`rules::reading::solve`) against a plain minimax written here from the
//! definition alone, on random small positions.
//!
//! The reference shares no code with the solver: it plays every move through `Game::play` on a
//! copy of the game (so the game's own suicide and repetition rules, history included, judge
//! every move of every line), finds the target through `Board::stone` and counts liberties with
//! its own flood fill. The definition it implements:
//!
//! - capture, `within = k`: a first attacker move `m` is accepted when it removes the target,
//!   or `k > 1` and after every defender reply (any legal stone or a pass) the attacker can go on
//!   so that the target is removed by one of its first `k` moves. The attacker never passes; a
//!   defender move that removes the target itself (an allowed suicide) counts as removed;
//! - escape, `within = k`: a first defender stone `m` is accepted when afterwards the attacker,
//!   moving next, cannot force removal within `k` moves; `already_safe` when it cannot after the
//!   defender passes.
//!
//! The only shortcut the reference takes is the liberty bound (an attacker stone takes at most
//! one liberty from the target, captures and suicides only give liberties back, and the defender
//! may pass every turn, so with `n` moves left a target with more than `n` liberties survives,
//! and with exactly `n` only moves on its liberties can work). The bound itself is checked: a
//! share of the cases is also read without it.
//!
//! `READING_REFERENCE_CASES` sets how many random cases run (default below); the seed is fixed,
//! `READING_REFERENCE_SEED` changes it.

use std::fmt::Write as _;
use std::time::Instant;

use libertykit::rules::notation::point_list;
use libertykit::rules::reading::{Budget, Goal, Question, Solution, Unreadable, solve};
use libertykit::rules::{
    Board, BoardSize, Color, Game, IllegalMove, KoRule, Move, Point, Rules, SuicideRule,
};

/// A tiny deterministic generator (xorshift64*), so every run reads the same cases.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

// ---------------------------------------------------------------------------------------------
// The reference minimax.
// ---------------------------------------------------------------------------------------------

/// Every point of a board of side `n`, in the order `Point` sorts.
fn all_points(n: u8) -> Vec<Point> {
    let mut v = Vec::new();
    for col in 0..n {
        for row in 0..n {
            v.push(Point::new(col, row));
        }
    }
    v
}

fn neighbours(p: Point, n: u8) -> impl Iterator<Item = Point> {
    let (c, r) = (i16::from(p.col), i16::from(p.row));
    [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]
        .into_iter()
        .filter(move |&(c, r)| c >= 0 && r >= 0 && c < i16::from(n) && r < i16::from(n))
        .map(|(c, r)| Point::new(c as u8, r as u8))
}

/// The stones and liberties of the chain through `p` (which holds a stone), by flood fill.
fn chain_of(board: &Board, p: Point) -> (Vec<Point>, Vec<Point>) {
    let n = board.size().get();
    let color = board.stone(p).expect("a stone");
    let mut stones = vec![p];
    let mut liberties = Vec::new();
    let mut i = 0;
    while i < stones.len() {
        let s = stones[i];
        i += 1;
        for nb in neighbours(s, n) {
            match board.stone(nb) {
                None => {
                    if !liberties.contains(&nb) {
                        liberties.push(nb);
                    }
                }
                Some(c) if c == color && !stones.contains(&nb) => stones.push(nb),
                Some(_) => {}
            }
        }
    }
    (stones, liberties)
}

struct Reference {
    target: Point,
    attacker: Color,
    /// Whether the liberty bound is used.
    bound: bool,
    points: Vec<Point>,
    /// Moves tried, for the report.
    plays: u64,
    /// The most moves it may try before giving up.
    cap: u64,
    /// Moves the repetition rule refused, for the report.
    repetitions: u64,
}

/// The reference gave up: the case needs more moves than its cap.
#[derive(Debug)]
struct Heavy;

impl Reference {
    fn new(game: &Game, target: Point, attacker: Color, bound: bool, cap: u64) -> Reference {
        Reference {
            target,
            attacker,
            bound,
            points: all_points(game.board().size().get()),
            plays: 0,
            cap,
            repetitions: 0,
        }
    }

    fn removed(&self, g: &Game) -> bool {
        g.board().stone(self.target) != Some(self.attacker.opponent())
    }

    /// The game after `color` plays `mv`, or `None` when the game refuses it.
    fn after(&mut self, g: &Game, color: Color, mv: Move) -> Result<Option<Game>, Heavy> {
        self.plays += 1;
        if self.plays > self.cap {
            return Err(Heavy);
        }
        match g.check(color, mv) {
            Ok(()) => {}
            Err(IllegalMove::Superko) => {
                self.repetitions += 1;
                return Ok(None);
            }
            Err(_) => return Ok(None),
        }
        let mut next = g.clone();
        next.play(color, mv).expect("a checked move plays");
        Ok(Some(next))
    }

    /// Attacker to move, target on the board: can it remove the target within `n` (≥ 1) moves?
    fn attack(&mut self, g: &Game, n: u32) -> Result<bool, Heavy> {
        let liberties = chain_of(g.board(), self.target).1;
        if self.bound && liberties.len() > n as usize {
            return Ok(false);
        }
        // The target's liberties first (the order changes nothing but the time).
        let mut moves = liberties.clone();
        if !(self.bound && liberties.len() == n as usize) {
            moves.extend(
                self.points
                    .iter()
                    .filter(|&&p| g.board().stone(p).is_none() && !liberties.contains(&p)),
            );
        }
        for p in moves {
            let Some(next) = self.after(g, self.attacker, Move::Play(p))? else {
                continue;
            };
            if self.removed(&next) || (n > 1 && self.defend(&next, n - 1)?) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Defender to move, target on the board: does the attacker, with `n` (≥ 1) moves after
    /// the reply, remove the target whatever the defender does?
    fn defend(&mut self, g: &Game, n: u32) -> Result<bool, Heavy> {
        let defender = self.attacker.opponent();
        // A pass and the target's liberties first: they refute most often.
        let liberties = chain_of(g.board(), self.target).1;
        let mut replies = vec![Move::Pass];
        replies.extend(liberties.iter().map(|&p| Move::Play(p)));
        replies.extend(
            self.points
                .iter()
                .filter(|&&p| g.board().stone(p).is_none() && !liberties.contains(&p))
                .map(|&p| Move::Play(p)),
        );
        for mv in replies {
            let Some(next) = self.after(g, defender, mv)? else {
                continue;
            };
            if self.removed(&next) {
                continue;
            }
            if !self.attack(&next, n)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The accepted first moves (sorted) and, for an escape, whether the target is already safe.
    fn answer(&mut self, g: &Game, goal: Goal, within: u32) -> Result<(Vec<Point>, bool), Heavy> {
        let mover = g.to_play();
        let mut accepted = Vec::new();
        for i in 0..self.points.len() {
            let p = self.points[i];
            if g.board().stone(p).is_some() {
                continue;
            }
            let Some(next) = self.after(g, mover, Move::Play(p))? else {
                continue;
            };
            let works = match goal {
                Goal::Capture => {
                    self.removed(&next) || (within > 1 && self.defend(&next, within - 1)?)
                }
                Goal::Escape => !self.removed(&next) && !self.attack(&next, within)?,
            };
            if works {
                accepted.push(p);
            }
        }
        accepted.sort();
        let already_safe = match goal {
            Goal::Capture => false,
            Goal::Escape => {
                let passed = self.after(g, mover, Move::Pass)?.expect("a pass is legal");
                !self.attack(&passed, within)?
            }
        };
        Ok((accepted, already_safe))
    }
}

// ---------------------------------------------------------------------------------------------
// Random positions.
// ---------------------------------------------------------------------------------------------

#[derive(Clone)]
struct Case {
    /// The position the game starts from, and who moves first in it.
    start: Board,
    first: Color,
    /// Moves played from the start before the question (they give the game a history).
    before: Vec<Move>,
    rules: Rules,
    goal: Goal,
    target: Point,
    within: u32,
}

impl Case {
    fn game(&self) -> Game {
        let mut g = Game::new(self.start.clone(), self.first, self.rules);
        for &mv in &self.before {
            g.play_next(mv).expect("the case's moves are legal");
        }
        g
    }

    fn describe(&self) -> String {
        let g = self.game();
        let mut s = String::new();
        let _ = write!(
            s,
            "size {}, start \"{}\", {} first",
            self.start.size().get(),
            point_list(&self.start),
            self.first
        );
        if !self.before.is_empty() {
            let moves: Vec<String> = self.before.iter().map(ToString::to_string).collect();
            let _ = write!(
                s,
                ", then {} (now \"{}\")",
                moves.join(" "),
                point_list(g.board())
            );
        }
        let _ = write!(
            s,
            "; to play {}, {:?} {} within {}; ko {:?}, suicide {:?}",
            g.to_play(),
            self.goal,
            self.target,
            self.within,
            self.rules.ko,
            self.rules.suicide
        );
        s
    }
}

fn reading_rules(ko: KoRule, suicide: SuicideRule) -> Rules {
    Rules {
        ko,
        suicide,
        end_passes: None,
        max_stones: None,
        capture_target: None,
        ..Rules::liberty_chain_capture()
    }
}

/// The rules of case number `i`: most under the default positional superko, a share under each
/// other repetition rule and with suicide allowed.
fn rules_for(rng: &mut Rng) -> Rules {
    let (ko, suicide) = match rng.below(10) {
        0..=4 => (KoRule::Positional, SuicideRule::Forbidden),
        5 => (KoRule::Simple, SuicideRule::Forbidden),
        6 => (KoRule::Situational, SuicideRule::Forbidden),
        7 => (KoRule::Positional, SuicideRule::Allowed),
        8 => (KoRule::Simple, SuicideRule::Allowed),
        _ => (KoRule::Situational, SuicideRule::Allowed),
    };
    reading_rules(ko, suicide)
}

fn color_of_index(i: usize) -> Color {
    if i == 0 { Color::Black } else { Color::White }
}

/// A dense random position around a target chain of one to three stones, with no chain lacking
/// a liberty and the target with one to three; `None` when the draw does not give one.
fn random_case(rng: &mut Rng, most_within: u32) -> Option<Case> {
    let n: u8 = if rng.chance(60) { 5 } else { 6 };
    let idx = |p: Point| usize::from(p.col) * usize::from(n) + usize::from(p.row);
    let mut grid: Vec<Option<Color>> = vec![None; usize::from(n) * usize::from(n)];
    let defender = color_of_index(rng.below(2));
    let attacker = defender.opponent();
    let t = Point::new(rng.below(n.into()) as u8, rng.below(n.into()) as u8);
    grid[idx(t)] = Some(defender);
    let mut chain = vec![t];
    let extra = rng.below(3);
    for _ in 0..extra {
        let s = chain[rng.below(chain.len())];
        let free: Vec<Point> = neighbours(s, n)
            .filter(|&p| grid[idx(p)].is_none())
            .collect();
        if !free.is_empty() {
            let p = free[rng.below(free.len())];
            grid[idx(p)] = Some(defender);
            chain.push(p);
        }
    }
    let density = [40, 50, 60][rng.below(3)];
    for p in all_points(n) {
        if grid[idx(p)].is_some() {
            continue;
        }
        let d = chain
            .iter()
            .map(|c| c.col.abs_diff(p.col) + c.row.abs_diff(p.row))
            .min()
            .unwrap();
        let percent = match d {
            1 => density + 20,
            2 => density + 15,
            _ => density,
        };
        if rng.chance(percent) {
            // Next to the target, mostly the attacker's; farther, either side.
            let own = if d == 1 { 30 } else { 45 };
            grid[idx(p)] = Some(if rng.chance(own) { defender } else { attacker });
        }
    }
    // Empty a stone of any chain without a liberty (an attacker neighbour for the target's own)
    // until every chain has one; emptying a point only gives liberties.
    loop {
        let board = board_from(n, &grid);
        let dead = all_points(n)
            .into_iter()
            .filter(|&p| board.stone(p).is_some())
            .map(|p| chain_of(&board, p))
            .find(|(_, libs)| libs.is_empty());
        let Some((stones, _)) = dead else { break };
        if stones.contains(&t) {
            let around: Vec<Point> = stones
                .iter()
                .flat_map(|&s| neighbours(s, n))
                .filter(|&p| grid[idx(p)] == Some(attacker))
                .collect();
            let p = around[rng.below(around.len())];
            grid[idx(p)] = None;
        } else {
            let p = stones[rng.below(stones.len())];
            grid[idx(p)] = None;
        }
    }
    let start = board_from(n, &grid);
    let libs = chain_of(&start, t).1.len();
    if !(1..=3).contains(&libs) {
        return None;
    }
    let empties = grid.iter().filter(|c| c.is_none()).count();
    if empties < 3 {
        return None;
    }
    let goal = if rng.chance(50) {
        Goal::Capture
    } else {
        Goal::Escape
    };
    let mover = match goal {
        Goal::Capture => attacker,
        Goal::Escape => defender,
    };
    let rules = rules_for(rng);
    let within = 1 + rng.below(most_within as usize) as u32;
    // A third of the cases get a history: one or two moves before the question, captures
    // preferred (they make the bans the repetition rules enforce).
    let history = match rng.below(6) {
        0 | 1 => 1,
        2 => 2,
        _ => 0,
    };
    let first = if history % 2 == 1 {
        mover.opponent()
    } else {
        mover
    };
    let mut game = Game::new(start.clone(), first, rules);
    let mut before = Vec::new();
    for _ in 0..history {
        let color = game.to_play();
        let mut quiet = Vec::new();
        let mut takes = Vec::new();
        for p in all_points(n) {
            if game.board().stone(p).is_some() {
                continue;
            }
            let mut next = game.clone();
            if let Ok(played) = next.play(color, Move::Play(p)) {
                if next.board().stone(t) != Some(defender) {
                    continue;
                }
                if played.captured.is_empty() {
                    quiet.push(p);
                } else {
                    takes.push(p);
                }
            }
        }
        let pick = if !takes.is_empty() && (quiet.is_empty() || rng.chance(70)) {
            takes[rng.below(takes.len())]
        } else if !quiet.is_empty() {
            quiet[rng.below(quiet.len())]
        } else {
            return None;
        };
        game.play(color, Move::Play(pick)).unwrap();
        before.push(Move::Play(pick));
    }
    let libs = chain_of(game.board(), t).1.len();
    if !(1..=3).contains(&libs) {
        return None;
    }
    Some(Case {
        start,
        first,
        before,
        rules,
        goal,
        target: t,
        within,
    })
}

fn board_from(n: u8, grid: &[Option<Color>]) -> Board {
    let mut board = Board::new(BoardSize::new(n.into()).unwrap());
    for p in all_points(n) {
        if let Some(c) = grid[usize::from(p.col) * usize::from(n) + usize::from(p.row)] {
            board.place_unchecked(p, c);
        }
    }
    board
}

// ---------------------------------------------------------------------------------------------
// The comparison.
// ---------------------------------------------------------------------------------------------

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn names(points: &[Point]) -> String {
    let v: Vec<String> = points.iter().map(ToString::to_string).collect();
    format!("[{}]", v.join(" "))
}

#[derive(Default)]
struct Tally {
    cases: u64,
    by_rules: std::collections::BTreeMap<String, u64>,
    by_within: [u64; 8],
    capture: u64,
    escape: u64,
    with_history: u64,
    some_accepted: u64,
    none_accepted: u64,
    already_safe: u64,
    unbounded_checks: u64,
    heavy: u64,
    with_repetition: u64,
    refutations_checked: u64,
    reference_plays: u64,
    unbounded_plays: u64,
    solver_nodes: u64,
}

/// Checks the refutation the solver gives for each wrong capture try: the defender's reply
/// (`line[1]`) must be legal and leave the attacker unable to capture in the moves left.
fn check_refutations(case: &Case, game: &Game, solution: &Solution, problems: &mut Vec<String>) {
    let attacker = game.to_play();
    let mut r = Reference::new(game, case.target, attacker, true, u64::MAX);
    for refuted in &solution.refuted {
        let mut g = game.clone();
        let Some(&(c0, Move::Play(p))) = refuted.line.first() else {
            problems.push(format!(
                "{}: refuted line {:?} has no first stone",
                case.describe(),
                refuted.line
            ));
            continue;
        };
        if p != refuted.point || c0 != attacker || g.play(attacker, Move::Play(p)).is_err() {
            problems.push(format!(
                "{}: refuted line {:?} does not start with its point",
                case.describe(),
                refuted.line
            ));
            continue;
        }
        if r.removed(&g) || case.within == 1 {
            // Nothing to refute in the moves left (a one-move try needs no reply).
            continue;
        }
        let Some(&(c1, reply)) = refuted.line.get(1) else {
            problems.push(format!(
                "{}: refuted {} has no reply",
                case.describe(),
                refuted.point
            ));
            continue;
        };
        let ok = c1 == attacker.opponent()
            && g.play(c1, reply).is_ok()
            && !r.removed(&g)
            && !r.attack(&g, case.within - 1).unwrap();
        if !ok {
            problems.push(format!(
                "{}: refuted {} by {reply}, which does not refute it",
                case.describe(),
                refuted.point
            ));
        }
    }
}

#[test]
fn solver_agrees_with_a_plain_minimax_on_random_positions() {
    let cases = env_number("READING_REFERENCE_CASES", 2500);
    let seed = env_number("READING_REFERENCE_SEED", 0x5EED_2024);
    // The most moves the reference may try on one case; heavier cases are drawn again (the
    // default run skips a few per cent of them, mostly escapes within 3; a large run can lift
    // the cap with `READING_REFERENCE_CAP`).
    let cap = env_number("READING_REFERENCE_CAP", 20_000);
    // `within` runs from 1 to this (3 unless `READING_REFERENCE_WITHIN` says more).
    let most_within = env_number("READING_REFERENCE_WITHIN", 3).max(1) as u32;
    let mut rng = Rng::new(seed);
    let started = Instant::now();
    let mut tally = Tally::default();
    let mut problems: Vec<String> = Vec::new();
    while tally.cases < cases {
        let Some(case) = random_case(&mut rng, most_within) else {
            continue;
        };
        let game = case.game();
        let question = Question {
            goal: case.goal,
            target: case.target,
            within: case.within,
        };
        let attacker = match case.goal {
            Goal::Capture => game.to_play(),
            Goal::Escape => game.to_play().opponent(),
        };
        let mut reference = Reference::new(&game, case.target, attacker, true, cap);
        let answer = reference.answer(&game, case.goal, case.within);
        tally.reference_plays += reference.plays;
        let Ok((expected, expected_safe)) = answer else {
            tally.heavy += 1;
            continue;
        };
        tally.cases += 1;
        tally.with_repetition += u64::from(reference.repetitions > 0);
        // One case in twelve is also read without the liberty bound, to check the bound (up to
        // five times the cap; a case heavier than that unbounded is not checked so).
        if tally.cases % 12 == 0 {
            let mut plain = Reference::new(&game, case.target, attacker, false, 5 * cap);
            let unbounded = plain.answer(&game, case.goal, case.within);
            tally.reference_plays += plain.plays;
            tally.unbounded_plays += plain.plays;
            if let Ok(unbounded) = unbounded {
                tally.unbounded_checks += 1;
                assert_eq!(
                    unbounded,
                    (expected.clone(), expected_safe),
                    "the reference's liberty bound changed an answer: {}",
                    case.describe()
                );
            }
        }
        let solution = match solve(&game, &question, Budget::default()) {
            Ok(s) => s,
            Err(Unreadable::TooBig(t)) => {
                problems.push(format!("{}: too big ({} nodes)", case.describe(), t.nodes));
                continue;
            }
            Err(e) => panic!("{}: unreadable {e:?}", case.describe()),
        };
        tally.solver_nodes += solution.nodes;
        let got: Vec<Point> = solution.accepted.iter().map(|a| a.point).collect();
        if got != expected || solution.already_safe != expected_safe {
            problems.push(format!(
                "{}: expected accepted {} already_safe {expected_safe}, got {} already_safe {}",
                case.describe(),
                names(&expected),
                names(&got),
                solution.already_safe
            ));
        }
        if case.goal == Goal::Capture && tally.cases % 4 == 0 {
            tally.refutations_checked += solution.refuted.len() as u64;
            check_refutations(&case, &game, &solution, &mut problems);
        }
        // A game under the session's own end conditions reads the same: they do not apply
        // inside a problem.
        if tally.cases % 16 == 0 {
            let session = Rules {
                end_passes: Some(2),
                max_stones: Some(80),
                capture_target: Some(1),
                ..case.rules
            };
            let mut g = Game::new(case.start.clone(), case.first, session);
            let mut ended = false;
            for &mv in &case.before {
                if g.play_next(mv).is_err() {
                    ended = true;
                    break;
                }
            }
            ended |= g.end().is_some();
            if !ended {
                let s = solve(&g, &question, Budget::default()).unwrap();
                let got2: Vec<Point> = s.accepted.iter().map(|a| a.point).collect();
                if got2 != got || s.already_safe != solution.already_safe {
                    problems.push(format!(
                        "{}: the session's end conditions changed the answer: {} vs {}",
                        case.describe(),
                        names(&got2),
                        names(&got)
                    ));
                }
            }
        }
        // The tallies.
        let key = format!("{:?}/{:?}", case.rules.ko, case.rules.suicide);
        *tally.by_rules.entry(key).or_default() += 1;
        tally.by_within[(case.within as usize).min(7)] += 1;
        match case.goal {
            Goal::Capture => tally.capture += 1,
            Goal::Escape => tally.escape += 1,
        }
        tally.with_history += u64::from(!case.before.is_empty());
        if expected.is_empty() {
            tally.none_accepted += 1;
        } else {
            tally.some_accepted += 1;
        }
        tally.already_safe += u64::from(expected_safe);
    }
    let elapsed = started.elapsed();
    eprintln!(
        "reading reference: {} cases in {:.1?} (capture {}, escape {}; within 1/2/3/4+: {}/{}/{}/{}; \
         with history {}; with a move the repetition rule refuses {}; some accepted {}, none {}; already safe {}; read unbounded {}; \
         refutations checked {}; drawn again as too heavy {}; reference plays {} ({} unbounded), solver nodes {}); by rules {:?}",
        tally.cases,
        elapsed,
        tally.capture,
        tally.escape,
        tally.by_within[1],
        tally.by_within[2],
        tally.by_within[3],
        tally.by_within[4..].iter().sum::<u64>(),
        tally.with_history,
        tally.with_repetition,
        tally.some_accepted,
        tally.none_accepted,
        tally.already_safe,
        tally.unbounded_checks,
        tally.refutations_checked,
        tally.heavy,
        tally.reference_plays,
        tally.unbounded_plays,
        tally.solver_nodes,
        tally.by_rules
    );
    // The draw must reach what the comparison is for.
    assert!(
        tally.some_accepted > tally.cases / 10,
        "too few cases with an answer"
    );
    assert!(
        tally.none_accepted > tally.cases / 10,
        "too few cases without one"
    );
    assert!(
        problems.is_empty(),
        "{} disagreements:\n{}",
        problems.len(),
        problems
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
