//! The reading solver (`rules::reading::solve`) against GNU Go 3.8's tactical reading, recorded
//! in `tests/data/gnugo_reading.txt` by `scripts/gnugo_reading.py` (GNU Go is not needed here).
//!
//! The two readers answer different questions, so agreement is defined one way for each:
//!
//! - GNU Go's `attack` / `defend` read without a move limit, but heuristically (they prune,
//!   stop at depth limits, treat strings with many liberties as safe);
//! - our solver is exact, but within `K` attacker moves (`K` below, by board size).
//!
//! So our "captured within K" is a proof of capture (stronger than GNU Go's claim), and our
//! "no capture within K" proves nothing about a slower capture; for an escape, our "every first
//! move dies within K" is a proof of death, and our "this move holds K moves" proves nothing
//! about a later death. Each position falls in one category:
//!
//! capture (GNU Go `attack`, the attacker moving first):
//! - `capture: agree`: GNU Go code 1 with move M, and M is among our first moves that capture
//!   within K (the summary also counts whether M is among the quickest, at the least k);
//! - `capture: GNU Go's move not proven`: GNU Go 1, we capture within K, but not with M: M takes
//!   longer than K, or does not work;
//! - `capture: not within K`: GNU Go 1, we find no capture within K: the capture takes more than
//!   K moves, or GNU Go is wrong;
//! - `no capture: agree`: GNU Go 0, and we find no capture within K;
//! - `no capture: we capture`: GNU Go 0 but we prove a capture within K (GNU Go is wrong, or the
//!   rules differ).
//!
//! escape (GNU Go `defend`, the defender moving first):
//! - `defence: agree`: GNU Go 1 with move M, and M holds for K moves in our reading (or M is PASS
//!   and the target is already safe for K moves);
//! - `defence: GNU Go's move refuted`: GNU Go 1, but we prove M is captured within K (or GNU Go
//!   passes and we capture within K): GNU Go is wrong, or the rules differ;
//! - `no defence: agree`: GNU Go 0, and every first move (and the pass) dies within K;
//! - `no defence: holds K moves`: GNU Go 0, but some move holds (or the target is safe) for K
//!   moves: the death takes longer than K, or GNU Go misses a defence.
//!
//! Not compared: GNU Go's ko, gain and loss codes (2 to 5: GNU Go reads ko threats, we read the
//! board's repetition rule alone), and a question our budget refuses as too big.
//!
//! Every disagreeing category is a disagreement: each one must be in `KNOWN` with a hand-checked
//! explanation, and every entry of `KNOWN` must still disagree. The rules are positional
//! superko, suicide forbidden, end conditions off (as in `tests/data/reading_problems.txt`);
//! GNU Go used its simple ko, which no set-up position here turns on.
//!
//! K is 5 on 5x5 and 4 on 6x6 and 7x7 for the generated positions (K 5 on 6x6 doubles the
//! test's time for three disagreements fewer), and a problem's own `within` for the problems
//! of `reading_problems.txt`; each question may visit `BUDGET` positions.
//!
//! Each `KNOWN` entry also says what reading deeper shows: `Agrees(k)`, our reading at `within`
//! k agrees with GNU Go (the capture, or the death, just takes more than K moves); or
//! `Disagrees(k)`, it still disagrees at k (GNU Go is wrong, or the fight is deeper than we
//! can read). `READING_GNUGO_CONFIRM=1` checks those claims (slow: tens of millions of nodes).
//! `READING_GNUGO_DEEPER=n` reads each unlisted disagreement at `within` K+1 to n and prints our
//! first moves there, to help examine it.

use std::collections::BTreeMap;
use std::time::Instant;

use libertykit::rules::notation::{board_of, parse_position};
use libertykit::rules::reading::{Budget, Goal, Question, Solution, Unreadable, solve};
use libertykit::rules::{BoardSize, Color, Game, Point, Rules};

/// The most attacker moves read for a generated position, by board size (a problem of
/// `reading_problems.txt` is read at its own `within`).
fn most_within(size: u32) -> u32 {
    if size <= 5 { 5 } else { 4 }
}

/// The budget of one question.
const BUDGET: Budget = Budget { nodes: 1_000_000 };

/// What our reading shows at a larger `within` for a known disagreement.
#[derive(Debug, Clone, Copy)]
enum Deeper {
    /// It agrees with GNU Go at this `within`.
    Agrees(u32),
    /// It still disagrees at this `within`.
    Disagrees(u32),
}

use Deeper::{Agrees, Disagrees};

/// The known disagreements: the first five fields of the line, what reading deeper shows, and
/// the hand-checked reason. Lines are written as moves of the attacker and defender in turn.
const KNOWN: &[(&str, Deeper, &str)] = &[
    (
        "6 | black | capture | A1 | white A1 B1 C1 A3 A4; black B3 C2 C3 D1 D2",
        Agrees(4),
        "problem snapback-three, within 2: GNU Go's B2 captures too, but in 4 (W A2 joins A3 A4, \
         then B4 A5 B5 A6 B6); only the snapback A2 takes 2",
    ),
    (
        "7 | black | capture | D1 | white D1; black B1 C1 D3",
        Agrees(4),
        "problem edge-net, within 3: GNU Go's D2 is the first-line ladder, a capture in 4 \
         (D2 E1 E2 F1 F2 G1 G2); only the net E2 takes 3",
    ),
    (
        "7 | black | capture | D4 | white D4; black C4 D3 F4 D6",
        Agrees(5),
        "problem net-centre, within 3: GNU Go's D5 is a ladder, a capture in 5 \
         (D5 E4 E3 E5 F6 E6 E7 F5 G5); only the net E5 takes 3",
    ),
    (
        "5 | black | escape | B1 | black A1 B1 D3; white B2 C3",
        Agrees(6),
        "the death takes 6: C1 holds 5 moves (C2 D2 D1, E1 takes it back, A2 ...), nothing holds 6",
    ),
    (
        "5 | black | escape | B1 | black B1 C1; white B2 B3 C2",
        Agrees(6),
        "the death takes 6: D2 (not a liberty) holds 5 moves, nothing holds 6",
    ),
    (
        "5 | black | escape | A3 | black A3; white A4 B1 C1 C5",
        Agrees(7),
        "the death takes 7: B3 runs (C3 B4 C4 A2 B5 C2 ...) and holds 6 moves, nothing holds 7",
    ),
    (
        "5 | black | escape | C2 | black C2 C3; white B2 B3 C1 D2 D5",
        Agrees(8),
        "the death takes 8: C4 holds 7 moves on the 5x5 board, nothing holds 8 \
         (C4 and D3 are refuted in 8)",
    ),
    (
        "6 | white | capture | D2 | black B2 D2 E4 F3; white C2 C3 C4 D1",
        Disagrees(7),
        "GNU Go is wrong: after E2 D3 (or D3 E2) the chain joins E4 or F3 through D4, E3 or F2 \
         and cannot be taken; GNU Go's own `attack D2` after E2 D3 answers 0",
    ),
    (
        "6 | black | capture | C2 | black A2 B1 B4 C4 D3 D4 E1 E4; white B2 C2 C3",
        Agrees(5),
        "GNU Go's D2 captures, but in 5 (D2 C1 B3 A1 A3 A6 B1 B6 D1): K is 4 on 6x6",
    ),
    (
        "6 | white | escape | B3 | black A3 B1 B4 D1 D3 D4 D5; white B3 C2",
        Agrees(7),
        "the death takes 7: B3 lives 4 moves even if white passes; A2 alone holds 6, nothing 7",
    ),
    (
        "6 | white | escape | D4 | black A6 B6 C3 C5 D3 D5 F2; white C4 D4",
        Disagrees(7),
        "unsettled, deeper than we read: B4 E3 E4 E5 hold 8 moves (400M nodes); GNU Go's line \
         E4 B4 E3 E2 kills (no escape within 8 after it, 10 in all), other lines unread",
    ),
    (
        "6 | white | escape | D2 | black B4 C1 D1 D3 E1 F2; white D2",
        Agrees(6),
        "the death takes 6: C2 runs to the left side and holds 5 moves, E2 dies in 3; \
         nothing holds 6",
    ),
    (
        "6 | black | capture | F3 | black D6 E2 F5 F6; white F3 F4",
        Agrees(5),
        "GNU Go's E4 captures, but in 5: white takes F5 F6 and black plays back in \
         (E4 E5 E3 E6 F5 F6 F2 F5 D5); K is 4 on 6x6",
    ),
    (
        "6 | white | escape | B4 | black A3 A4 B1 B5 C4 D5; white B3 B4",
        Disagrees(7),
        "unsettled, deeper than we read: C2 and C3 die in 8 (after C3 or D3, no escape \
         within 7), but after A5 C3, A2 (taking A3 A4) holds 7 more, and GNU Go answers ko \
         (code 3) to `defend` after A5 C3 A2 A4: a ko fight beyond our horizon",
    ),
    (
        "6 | black | escape | E2 | black E2 F1; white C1 C3 D4 E1 E3 E4 F4",
        Agrees(5),
        "the death takes 5: D2 holds 4 moves (K on 6x6), nothing holds 5",
    ),
    (
        "6 | black | capture | B3 | black A5 B4 C2 D3; white B3 C3",
        Agrees(6),
        "GNU Go's C4 captures, but in 6: the chain runs down the left edge to the corner \
         (C4 B2 D2 A3 A4 B1 A2 A1 C1 A6 A2)",
    ),
    (
        "7 | white | capture | A5 | black A3 A5; white B5 B7",
        Agrees(6),
        "GNU Go's A6 captures, but in 6: A4 joins A3 and runs along the edge \
         (A6 A4 B3 A2 B2 B6 C6 B4 C4 A1 B1); K is 4 on 7x7",
    ),
    (
        "7 | white | escape | G2 | black E1 F2 G1; white G2",
        Agrees(5),
        "the death takes 5: G3 is an edge ladder (F3 G4 F5 G5 G6 ...); F1 takes G1, but G3 then \
         G1 takes both back; K is 4 on 7x7",
    ),
    (
        "7 | white | capture | C5 | black B5 C5 C6; white A5 B3 B4 B6 B7 C7 D5",
        Agrees(6),
        "GNU Go's D6 captures, but in 6 (D6 C4 D3 A6 D4 A4 C3 A5 A3 D7 A7); the net C4 takes 4",
    ),
    (
        "7 | black | escape | G2 | black G2 G4; white E2 E3 F1 F2 G1",
        Agrees(5),
        "the death takes 5: G3 holds 4 moves, then F6 nets the chain (G3 F6 G5 G6 F5 E5 F4 E4 \
         ... F3); K is 4 on 7x7",
    ),
    (
        "7 | black | escape | F5 | black D7 F5; white D4 E4 F3 F4 F6 G4",
        Agrees(8),
        "the death takes 8: E5 runs west and north past D7 and holds 7 moves, nothing holds 8",
    ),
];

/// One position of the data file.
struct Record {
    line: usize,
    /// The first five fields, as written: the position's name in `KNOWN`.
    key: String,
    size: u32,
    to_play: Color,
    goal: Goal,
    target: Point,
    position: String,
    code: u32,
    /// GNU Go's move, `None` for `-`.
    gnugo: Option<String>,
    generated: bool,
    /// K: the most attacker moves read.
    within: u32,
}

fn records() -> Vec<Record> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/gnugo_reading.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/gnugo_reading.txt is readable");
    let mut out = Vec::new();
    let mut generated = false;
    // A problem's line follows a comment `# name, within N`.
    let mut problem_within = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with("# generated") {
            generated = true;
        }
        // `# name, within N` (a header line that only mentions the form does not parse).
        let within = line
            .strip_prefix('#')
            .and_then(|c| c.split_once(", within "))
            .and_then(|(_, n)| n.trim().parse::<u32>().ok());
        if within.is_some() {
            problem_within = within;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 7, "line {}: 7 fields: {line}", i + 1);
        let size: u32 = f[0].parse().expect("board size");
        let board_size = BoardSize::new(size).expect("board size");
        out.push(Record {
            line: i + 1,
            key: f[..5].join(" | "),
            size,
            to_play: Color::parse(f[1]).expect("colour to play"),
            goal: match f[2] {
                "capture" => Goal::Capture,
                "escape" => Goal::Escape,
                other => panic!("line {}: goal {other}", i + 1),
            },
            target: Point::parse(f[3], board_size).expect("target"),
            position: f[4].to_string(),
            code: f[5].parse().expect("gnugo code"),
            gnugo: (f[6] != "-").then(|| f[6].to_uppercase()),
            generated,
            within: if generated {
                most_within(size)
            } else {
                problem_within
                    .take()
                    .unwrap_or_else(|| panic!("line {}: no `# name, within N` before", i + 1))
            },
        });
    }
    out
}

fn game_of(r: &Record) -> Game {
    let size = BoardSize::new(r.size).unwrap();
    let placed = parse_position(&r.position, size).expect("position");
    let rules = Rules {
        end_passes: None,
        max_stones: None,
        capture_target: None,
        ..Rules::liberty_chain_capture()
    };
    Game::new(board_of(size, &placed), r.to_play, rules)
}

fn firsts(s: &Solution) -> Vec<String> {
    s.accepted.iter().map(|a| a.point.to_string()).collect()
}

fn accepts(s: &Solution, mv: &str) -> bool {
    s.accepted.iter().any(|a| a.point.to_string() == mv)
}

/// The category of one position, whether it is a disagreement, and what we found.
struct Verdict {
    category: &'static str,
    disagrees: bool,
    detail: String,
    /// A capture both find: whether GNU Go's move is among our quickest.
    quickest: bool,
}

/// Reads `r` at `within`, adding the nodes visited to `nodes`; `Err` when too big.
fn read(
    r: &Record,
    game: &Game,
    within: u32,
    budget: Budget,
    nodes: &mut u64,
) -> Result<Solution, String> {
    let question = Question {
        goal: r.goal,
        target: r.target,
        within,
    };
    match solve(game, &question, budget) {
        Ok(s) => {
            *nodes += s.nodes;
            Ok(s)
        }
        Err(Unreadable::TooBig(t)) => {
            *nodes += t.nodes;
            Err(format!("within {within}: over {} nodes", t.nodes))
        }
        Err(e) => panic!("line {}: {e:?}", r.line),
    }
}

/// Compares our reading of `r` at `within` with GNU Go's answer (the module's categories);
/// `least` also finds our quickest captures when both capture.
fn judge(
    r: &Record,
    game: &Game,
    within: u32,
    budget: Budget,
    least: bool,
    nodes: &mut u64,
) -> Verdict {
    let not_compared = |category, detail| Verdict {
        category,
        disagrees: false,
        detail,
        quickest: false,
    };
    if r.code > 1 {
        return not_compared("not compared: GNU Go ko, gain or loss", String::new());
    }
    let at_most = match read(r, game, within, budget, nodes) {
        Ok(s) => s,
        Err(e) => return not_compared("not compared: too big", e),
    };
    let gnugo = r.gnugo.clone().unwrap_or_default();
    let mut quickest = false;
    let (category, disagrees) = match (r.goal, r.code) {
        (Goal::Capture, 1) if at_most.accepted.is_empty() => ("capture: not within K", true),
        (Goal::Capture, 1) if !accepts(&at_most, &gnugo) => {
            ("capture: GNU Go's move not proven", true)
        }
        (Goal::Capture, 1) => {
            // The quickest captures: at the least `within` with any.
            quickest = true;
            for k in (1..within).filter(|_| least) {
                match read(r, game, k, budget, nodes) {
                    Ok(s) if s.accepted.is_empty() => {}
                    Ok(s) => {
                        quickest = accepts(&s, &gnugo);
                        break;
                    }
                    Err(e) => return not_compared("not compared: too big", e),
                }
            }
            ("capture: agree", false)
        }
        (Goal::Capture, _) if at_most.accepted.is_empty() => ("no capture: agree", false),
        (Goal::Capture, _) => ("no capture: we capture", true),
        (Goal::Escape, 1) => {
            let holds = if gnugo == "PASS" {
                at_most.already_safe
            } else {
                accepts(&at_most, &gnugo)
            };
            if holds {
                ("defence: agree", false)
            } else {
                ("defence: GNU Go's move refuted", true)
            }
        }
        (Goal::Escape, _) if at_most.accepted.is_empty() && !at_most.already_safe => {
            ("no defence: agree", false)
        }
        (Goal::Escape, _) => ("no defence: holds K moves", true),
    };
    let safe = if at_most.already_safe {
        ", already safe"
    } else {
        ""
    };
    Verdict {
        category,
        disagrees,
        detail: format!(
            "ours within {within}: [{}]{safe}",
            firsts(&at_most).join(" ")
        ),
        quickest,
    }
}

fn env_number(name: &str) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

#[test]
fn solver_agrees_with_gnu_go_or_the_disagreement_is_explained() {
    let start = Instant::now();
    let records = records();
    let deeper = env_number("READING_GNUGO_DEEPER");
    let confirm = env_number("READING_GNUGO_CONFIRM") != 0;
    let known: BTreeMap<&str, (Deeper, &str)> =
        KNOWN.iter().map(|&(k, at, why)| (k, (at, why))).collect();
    assert_eq!(known.len(), KNOWN.len(), "a position listed twice in KNOWN");

    let mut categories: BTreeMap<(&str, &str), u64> = BTreeMap::new();
    let mut by_kind: BTreeMap<String, u64> = BTreeMap::new();
    let (mut nodes, mut quickest, mut agreed, mut compared) = (0u64, 0u64, 0u64, 0u64);
    let mut failures = Vec::new();
    let mut explained = Vec::new();
    for r in &records {
        let game = game_of(r);
        let section = if r.generated { "generated" } else { "problems" };
        let goal = match r.goal {
            Goal::Capture => "capture",
            Goal::Escape => "escape",
        };
        *by_kind
            .entry(format!("{section} {}x{} {goal}", r.size, r.size))
            .or_default() += 1;
        let v = judge(r, &game, r.within, BUDGET, true, &mut nodes);
        *categories.entry((v.category, section)).or_default() += 1;
        quickest += u64::from(v.quickest);
        if v.category.starts_with("not compared") {
            if !v.detail.is_empty() {
                println!("line {}: not compared, {}: {}", r.line, v.detail, r.key);
            }
        } else {
            compared += 1;
            agreed += u64::from(!v.disagrees);
        }
        let gnugo = format!("GNU Go {} {}", r.code, r.gnugo.as_deref().unwrap_or("-"));
        let seen = format!("line {}: {}: {gnugo}, {}", r.line, v.category, v.detail);
        match (v.disagrees, known.get(r.key.as_str())) {
            (true, Some(&(at, why))) => {
                explained.push(format!("{seen}: {why}"));
                // What the explanation says reading deeper shows, checked on request.
                if confirm {
                    let (Agrees(k) | Disagrees(k)) = at;
                    let mut spent = 0;
                    let budget = Budget { nodes: 500_000_000 };
                    let w = judge(r, &game, k, budget, false, &mut spent);
                    let right = match at {
                        Agrees(_) => !w.disagrees && !w.category.starts_with("not compared"),
                        Disagrees(_) => w.disagrees,
                    };
                    println!(
                        "line {}: {at:?}: {}, {}; {spent} nodes",
                        r.line, w.category, w.detail
                    );
                    if !right {
                        failures.push(format!(
                            "line {}: KNOWN says {at:?}, but within {k}: {}: {}",
                            r.line, w.category, w.detail
                        ));
                    }
                }
            }
            (true, None) => {
                let mut more = String::new();
                for k in r.within + 1..=deeper {
                    let mut spent = 0;
                    let budget = Budget { nodes: 200_000_000 };
                    match read(r, &game, k, budget, &mut spent) {
                        Ok(s) => {
                            let safe = if s.already_safe { " safe" } else { "" };
                            more += &format!(" | within {k}: [{}]{safe}", firsts(&s).join(" "));
                        }
                        Err(e) => {
                            more += &format!(" | {e}");
                            break;
                        }
                    }
                }
                failures.push(format!(
                    "{seen}{more}\n    (\"{}\", Agrees(0), \"\"),",
                    r.key
                ));
            }
            (false, Some(_)) => failures.push(format!(
                "line {}: listed in KNOWN but now {} ({gnugo}, {}): {}",
                r.line, v.category, v.detail, r.key
            )),
            (false, None) => {}
        }
    }
    for (key, _, _) in KNOWN {
        if !records.iter().any(|r| r.key == *key) {
            failures.push(format!("KNOWN names a position not in the data: {key}"));
        }
    }

    println!(
        "reading vs GNU Go: {} positions, {compared} compared, {agreed} agreed, {} known \
         disagreements; {nodes} nodes, {:.2?}",
        records.len(),
        explained.len(),
        start.elapsed()
    );
    for (kind, n) in &by_kind {
        println!("  {kind:28} {n:4}");
    }
    for ((category, section), n) in &categories {
        println!("  {category:40} {section:9} {n:4}");
    }
    println!("  captures both find with GNU Go's move among our quickest: {quickest}");
    for e in &explained {
        println!("  {e}");
    }

    let count = |prefix: &str| -> u64 {
        categories
            .iter()
            .filter(|((c, _), _)| c.starts_with(prefix))
            .map(|(_, n)| n)
            .sum()
    };
    for (prefix, least) in [
        ("capture:", 80),
        ("no capture:", 50),
        ("defence:", 80),
        ("no defence:", 50),
    ] {
        assert!(
            count(prefix) >= least,
            "only {} positions in `{prefix}` categories, {least} wanted: data missing?",
            count(prefix)
        );
    }
    let too_big = count("not compared: too big");
    assert!(
        too_big <= 5,
        "{too_big} positions too big for the budget: the solver got slower?"
    );
    let problems = records.iter().filter(|r| !r.generated).count();
    assert!(
        problems >= 20,
        "only {problems} problems of reading_problems.txt"
    );
    assert!(
        failures.is_empty(),
        "{} unexplained disagreements or stale KNOWN entries:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
