//! Random-playout race between our rules engine and the crates.io `goban` crate.
//!
//! Both engines play exactly the same games: one splitmix64 stream (seed 1) drives every game of
//! a size; each ply lists every legal move of the side to move from the top row down, each row
//! from column A rightwards, passes only when that list is empty and otherwise plays
//! `legal[next() % len]`. A game ends after two consecutive passes or `3 * N * N` turns.
//! Every ply is folded into one FNV-1a 64 checksum per size (code `row_from_top * N + column`,
//! `0xffff` for a pass), so equal checksums prove both engines ruled every move alike. Each
//! engine lists its moves in its own type and only the move played is turned into a code.
//!
//! Both use positional superko with suicide illegal (`goban::rules::CHINESE`). Each engine runs
//! several times, alternating, and the median time is reported. When the checksums differ, the
//! games are replayed in lockstep and the first ply where the legal-move lists disagree is shown.
//! The bench guards a floor: our engine at least 8x goban's moves per second on 9x9 and 12x on
//! 19x19; each full run says whether it held.
//!
//! Run with `cargo bench --bench playout`; `PLAYOUT_QUICK=1` plays fewer games once, for smoke
//! runs; `PLAYOUT_REPS=n` overrides the number of repetitions; `PLAYOUT_ONLY=libertykit` (or
//! `goban`) times one engine alone, for profiling it (no ratio is printed then);
//! `PLAYOUT_SIZE=9` (or `19`) runs one board size only.

use std::hint::black_box;
use std::time::Instant;

use goban::rules::game::Game as GobanGame;
use goban::rules::{CHINESE, GobanSizes, Move as GobanMove};
use libertykit::rules::{Board, BoardSize, Color, Game, KoRule, Move, Point, Rules};

const SEED: u64 = 1;
/// The least ratio of our moves per second to goban's the bench guards, per board size.
const FLOOR: [(u8, f64); 2] = [(9, 8.0), (19, 12.0)];
const PASS_CODE: u64 = 0xffff;
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// Checksums the issue quotes for `goban` on the full runs (seed 1). Unverified: goban 0.18.1
/// under this procedure prints others, and no reading of the procedure we tried (start state,
/// move order, codes, limits, hashing) reproduces these, so a mismatch is only noted.
const KNOWN_GOBAN: [(u8, usize, u64); 2] = [
    (9, 1000, 0x41d8_800f_32b3_7506),
    (19, 200, 0x40ac_c203_99a4_ab93),
];

/// The splitmix64 generator, one stream for all games of a run.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn fnv(h: u64, code: u64) -> u64 {
    (h ^ code).wrapping_mul(FNV_PRIME)
}

/// What one run of all games of a size produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Tally {
    plies: u64,
    passes: u64,
    checksum: u64,
}

/// One engine as the playout loop sees it. Each lists its legal moves in its own type, as its
/// users would; only the move played is turned into a code (`row_from_top * N + column`), so
/// neither engine is timed converting moves it does not play.
trait Engine {
    const NAME: &'static str;
    fn new_game(n: u8) -> Self;
    /// Lists every legal move of the side to move, top row first, and says how many there are.
    /// Takes `&mut self` so an engine keeps its list in a buffer instead of allocating per ply.
    fn list_legal(&mut self) -> usize;
    /// Plays the `i`-th listed move and returns its code.
    fn play_listed(&mut self, i: usize) -> u16;
    fn pass(&mut self);
    /// The codes of the listed moves, for comparing the engines' lists.
    fn listed_codes(&self) -> Vec<u16>;
}

/// The product's own `Game`, listing its moves with `Game::legal_points` as a search would.
struct Ours {
    game: Game,
    n: u8,
    /// The last listing, kept so that no ply allocates.
    legal: Vec<Point>,
}

impl Ours {
    fn code(&self, p: Point) -> u16 {
        let n = u16::from(self.n);
        (n - 1 - u16::from(p.row)) * n + u16::from(p.col)
    }

    fn point(&self, code: u16) -> Point {
        let n = u16::from(self.n);
        Point::new((code % n) as u8, self.n - 1 - (code / n) as u8)
    }
}

impl Engine for Ours {
    const NAME: &'static str = "libertykit";

    fn new_game(n: u8) -> Self {
        let size = BoardSize::new(u32::from(n)).expect("valid board size");
        let rules = Rules {
            ko: KoRule::Positional,
            ..Rules::default()
        };
        Ours {
            game: Game::new(Board::new(size), Color::Black, rules),
            n,
            legal: Vec::with_capacity(usize::from(n) * usize::from(n)),
        }
    }

    fn list_legal(&mut self) -> usize {
        self.legal.clear();
        self.game.legal_points(&mut self.legal);
        self.legal.len()
    }

    fn play_listed(&mut self, i: usize) -> u16 {
        let p = self.legal[i];
        // Listed by `legal_points` of this position: judged once, as a search plays it.
        self.game.advance_unchecked(Move::Play(p));
        self.code(p)
    }

    fn pass(&mut self) {
        self.game.advance_unchecked(Move::Pass);
    }

    fn listed_codes(&self) -> Vec<u16> {
        self.legal.iter().map(|&p| self.code(p)).collect()
    }
}

struct Theirs {
    game: GobanGame,
    n: u8,
    /// The last listing, in goban's (row from the top, column) coordinates.
    legal: Vec<(u8, u8)>,
}

impl Engine for Theirs {
    const NAME: &'static str = "goban";

    fn new_game(n: u8) -> Self {
        let size = match n {
            9 => GobanSizes::Nine,
            13 => GobanSizes::Thirteen,
            19 => GobanSizes::Nineteen,
            _ => GobanSizes::Custom(usize::from(n), usize::from(n)),
        };
        Theirs {
            game: GobanGame::new(size, CHINESE),
            n,
            legal: Vec::with_capacity(usize::from(n) * usize::from(n)),
        }
    }

    fn list_legal(&mut self) -> usize {
        // goban iterates row-major from the top row, as the codes do.
        self.legal.clear();
        self.legal.extend(self.game.legals());
        self.legal.len()
    }

    fn play_listed(&mut self, i: usize) -> u16 {
        let (row, col) = self.legal[i];
        self.game.play(GobanMove::Play(row, col));
        u16::from(row) * u16::from(self.n) + u16::from(col)
    }

    fn pass(&mut self) {
        self.game.play(GobanMove::Pass);
    }

    fn listed_codes(&self) -> Vec<u16> {
        let n = u16::from(self.n);
        self.legal
            .iter()
            .map(|&(row, col)| u16::from(row) * n + u16::from(col))
            .collect()
    }
}

/// Plays `games` random games on an `n`x`n` board with engine `E`.
fn playouts<E: Engine>(n: u8, games: usize) -> Tally {
    let mut rng = SplitMix64(SEED);
    let max_turns = 3 * usize::from(n) * usize::from(n);
    let mut tally = Tally {
        plies: 0,
        passes: 0,
        checksum: FNV_OFFSET,
    };
    for _ in 0..games {
        let mut engine = E::new_game(n);
        let mut consecutive_passes = 0;
        let mut turns = 0;
        while turns < max_turns && consecutive_passes < 2 {
            let count = engine.list_legal();
            if count == 0 {
                engine.pass();
                consecutive_passes += 1;
                tally.passes += 1;
                tally.checksum = fnv(tally.checksum, PASS_CODE);
            } else {
                let code = engine.play_listed((rng.next() % count as u64) as usize);
                consecutive_passes = 0;
                tally.checksum = fnv(tally.checksum, u64::from(code));
            }
            turns += 1;
            tally.plies += 1;
        }
    }
    tally
}

/// One engine's results over all repetitions.
struct Runs {
    tally: Tally,
    secs: Vec<f64>,
}

impl Runs {
    fn median(&self) -> f64 {
        let mut s = self.secs.clone();
        s.sort_by(f64::total_cmp);
        let m = s.len() / 2;
        if s.len() % 2 == 1 {
            s[m]
        } else {
            (s[m - 1] + s[m]) / 2.0
        }
    }

    fn moves_per_sec(&self) -> f64 {
        self.tally.plies as f64 / self.median()
    }
}

fn timed<E: Engine>(n: u8, games: usize, runs: &mut Option<Runs>) {
    let start = Instant::now();
    let tally = black_box(playouts::<E>(n, games));
    let secs = start.elapsed().as_secs_f64();
    match runs {
        None => {
            *runs = Some(Runs {
                tally,
                secs: vec![secs],
            })
        }
        Some(r) => {
            assert_eq!(r.tally, tally, "{} {n}x{n}: repetitions disagree", E::NAME);
            r.secs.push(secs);
        }
    }
}

fn report(name: &str, n: u8, runs: &Runs) {
    let t = runs.tally;
    let all: Vec<String> = runs.secs.iter().map(|s| format!("{s:.3}")).collect();
    println!(
        "{name} {n}x{n} plies={} passes={} secs={:.3} checksum={:016x} moves/s={:.0} (runs: {})",
        t.plies,
        t.passes,
        runs.median(),
        t.checksum,
        runs.moves_per_sec(),
        all.join(" ")
    );
}

fn point_name(n: u8, code: u16) -> String {
    if u64::from(code) == PASS_CODE {
        return "pass".into();
    }
    let n16 = u16::from(n);
    Point::new((code % n16) as u8, n - 1 - (code / n16) as u8).to_string()
}

fn board_text(game: &Game, n: u8) -> String {
    let mut s = String::new();
    for row in (0..n).rev() {
        s.push_str(&format!("{:>3} ", u32::from(row) + 1));
        for col in 0..n {
            s.push(match game.board().stone(Point::new(col, row)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        s.push('\n');
    }
    s
}

/// Replays both engines in lockstep and describes the first ply where their legal lists differ.
fn first_disagreement(n: u8, games: usize) -> Option<String> {
    let mut rng = SplitMix64(SEED);
    let max_turns = 3 * usize::from(n) * usize::from(n);
    for g in 0..games {
        let mut ours = Ours::new_game(n);
        let mut theirs = Theirs::new_game(n);
        let mut record: Vec<u16> = Vec::new();
        let mut last_captured: Vec<Point> = Vec::new();
        let mut consecutive_passes = 0;
        let mut turns = 0;
        while turns < max_turns && consecutive_passes < 2 {
            ours.list_legal();
            theirs.list_legal();
            let (a, b) = (ours.listed_codes(), theirs.listed_codes());
            if a != b {
                let only = |x: &[u16], y: &[u16]| -> Vec<String> {
                    x.iter()
                        .filter(|c| !y.contains(c))
                        .map(|&c| point_name(n, c))
                        .collect()
                };
                let tail: Vec<String> = record
                    .iter()
                    .skip(record.len().saturating_sub(12))
                    .map(|&c| point_name(n, c))
                    .collect();
                let goban_reasons: Vec<String> = b
                    .iter()
                    .chain(&a)
                    .filter(|c| !b.contains(c) || !a.contains(c))
                    .map(|&c| {
                        let (row, col) = ((c / u16::from(n)) as u8, (c % u16::from(n)) as u8);
                        let why = theirs.game.check_point((row, col));
                        let game = &ours.game;
                        let ours_why = game.check(game.to_play(), Move::Play(ours.point(c)));
                        format!(
                            "{}: goban {why:?}, libertykit {ours_why:?}",
                            point_name(n, c)
                        )
                    })
                    .collect();
                let last_captured: Vec<String> =
                    last_captured.iter().map(|p| p.to_string()).collect();
                return Some(format!(
                    "{n}x{n}: first disagreement in game {g} (0-based) at ply {turns} (0-based), \
                     {} to move\n  legal only for libertykit: {:?}\n  legal only for goban: {:?}\n  \
                     verdicts: {}\n  last moves: {}\n  stones captured by the last stone move: {}\n{}",
                    ours.game.to_play(),
                    only(&a, &b),
                    only(&b, &a),
                    goban_reasons.join("; "),
                    tail.join(" "),
                    last_captured.join(" "),
                    board_text(&ours.game, n)
                ));
            }
            if a.is_empty() {
                ours.pass();
                theirs.pass();
                consecutive_passes += 1;
                record.push(PASS_CODE as u16);
            } else {
                let i = (rng.next() % a.len() as u64) as usize;
                let game = &ours.game;
                let played = game.try_play(game.to_play(), Move::Play(ours.point(a[i])));
                last_captured = played.expect("listed move is legal").captured;
                let code = ours.play_listed(i);
                theirs.play_listed(i);
                consecutive_passes = 0;
                record.push(code);
            }
            turns += 1;
        }
    }
    None
}

fn main() {
    let quick = std::env::var("PLAYOUT_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
    let reps: usize = std::env::var("PLAYOUT_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 1 } else { 5 })
        .max(1);
    let sizes: [(u8, usize); 2] = if quick {
        [(9, 100), (19, 10)]
    } else {
        [(9, 1000), (19, 200)]
    };
    println!(
        "playout: seed {SEED}, {reps} repetition(s) per engine, alternating{}",
        if quick { " (quick mode)" } else { "" }
    );
    let only = std::env::var("PLAYOUT_ONLY").unwrap_or_default();
    let size: Option<u8> = std::env::var("PLAYOUT_SIZE")
        .ok()
        .and_then(|v| v.parse().ok());
    for (n, games) in sizes {
        if size.is_some_and(|s| s != n) {
            continue;
        }
        let (mut ours, mut theirs) = (None, None);
        for _ in 0..reps {
            if only != Theirs::NAME {
                timed::<Ours>(n, games, &mut ours);
            }
            if only != Ours::NAME {
                timed::<Theirs>(n, games, &mut theirs);
            }
        }
        if !only.is_empty() {
            println!("{n}x{n}: {games} games");
            for (name, runs) in [(Ours::NAME, &ours), (Theirs::NAME, &theirs)] {
                if let Some(runs) = runs {
                    report(name, n, runs);
                }
            }
            continue;
        }
        let (ours, theirs) = (ours.expect("ran"), theirs.expect("ran"));
        println!("{n}x{n}: {games} games");
        report(Ours::NAME, n, &ours);
        report(Theirs::NAME, n, &theirs);
        if let Some(&(_, _, known)) = KNOWN_GOBAN
            .iter()
            .find(|&&(size, g, _)| size == n && g == games)
            && theirs.tally.checksum != known
        {
            println!(
                "note: goban {n}x{n} checksum differs from the quoted {known:016x} (unverified)"
            );
        }
        let ratio = ours.moves_per_sec() / theirs.moves_per_sec();
        println!("ratio {n}x{n} libertykit/goban moves-per-second = {ratio:.1}x");
        if let Some(&(_, floor)) = FLOOR.iter().find(|&&(size, _)| size == n && !quick) {
            let verdict = if ratio >= floor { "holds" } else { "MISSED" };
            println!("floor {n}x{n} {floor:.0}x: {verdict}");
        }
        if ours.tally.checksum == theirs.tally.checksum {
            println!("checksums {n}x{n}: equal");
        } else {
            println!("checksums {n}x{n}: DIFFER");
            if let Some(text) = first_disagreement(n, games) {
                print!("{text}");
            }
        }
    }
}
