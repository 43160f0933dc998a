//! Owns the GNU Go golden replay: every game in tests/data/gnugo (recorded from GNU Go 3.8 by
//! scripts/gnugo_golden.py) is replayed with our rules engine, which must agree on every move:
//! legal or not, why not, and for legal moves the whole board and both capture counts. The test
//! also counts what the data cover and fails if a category the data exist to prove goes missing.
//! It needs no GNU Go at test time; the file format is documented at the top of each data file.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use libertykit::rules::*;

/// The smallest number of examples each coverage category must have.
const MIN_PER_CATEGORY: usize = 3;

/// Categories the data must cover (counted while replaying, from our engine's point of view).
const CATEGORIES: &[&str] = &[
    "legal",
    "pass",
    "capture",
    "occupied",
    "suicide",
    "ko",
    "superko-nonimmediate",
    "positional-not-situational",
    "situational-allows-repeat",
    "simple-allows-repeat",
    "multi-chain-capture",
    "capture-instead-of-suicide",
    "edge-capture",
    "corner-capture",
    "retake-after-pass",
    "situational-repeat-after-pass",
    "non-alternating",
];

const SIZES: &[u8] = &[2, 3, 4, 5, 7, 9, 13, 19];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo")
}

/// One recorded attempt.
#[derive(Debug)]
enum Expect {
    Legal {
        captured: usize,
        board: String,
        caps: [u32; 2],
    },
    Illegal(IllegalMove),
}

#[derive(Debug)]
struct Attempt {
    line: usize,
    color: Color,
    mv: Move,
    expect: Expect,
}

#[derive(Debug)]
struct GoldenGame {
    file: String,
    line: usize,
    header: String,
    size: BoardSize,
    ko: KoRule,
    attempts: Vec<Attempt>,
}

fn field<'a>(words: &[&'a str], key: &str) -> Option<&'a str> {
    words
        .iter()
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
}

fn parse_file(path: &Path) -> Vec<GoldenGame> {
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut games: Vec<GoldenGame> = Vec::new();
    let mut open = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let at = || format!("{file}:{line}: `{raw}`");
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = raw.split_whitespace().collect();
        match words[0] {
            "game" => {
                assert!(!open, "{}: game inside a game", at());
                let n: u8 = field(&words, "size")
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_else(|| panic!("{}: bad size or ko", at()));
                let ko: KoRule = field(&words, "ko")
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_else(|| panic!("{}: bad size or ko", at()));
                games.push(GoldenGame {
                    file: file.clone(),
                    line,
                    header: raw.to_string(),
                    size: BoardSize::new(n.into()).unwrap_or_else(|e| panic!("{}: {e}", at())),
                    ko,
                    attempts: Vec::new(),
                });
                open = true;
            }
            "end" => {
                assert!(open, "{}: end outside a game", at());
                open = false;
            }
            "B" | "W" => {
                assert!(open, "{}: move outside a game", at());
                let game = games.last_mut().unwrap();
                let color = if words[0] == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                let mv = if words[1] == "pass" {
                    Move::Pass
                } else {
                    Move::Play(
                        Point::parse(words[1], game.size)
                            .unwrap_or_else(|e| panic!("{}: {e}", at())),
                    )
                };
                let expect = if words[2] == "ok" {
                    let captured = field(&words, "captured").and_then(|s| s.parse().ok());
                    let board = field(&words, "board").map(str::to_string);
                    let caps: Option<Vec<u32>> = field(&words, "caps")
                        .map(|s| s.split(',').filter_map(|c| c.parse().ok()).collect());
                    match (captured, board, caps.as_deref()) {
                        (Some(captured), Some(board), Some(&[b, w])) => Expect::Legal {
                            captured,
                            board,
                            caps: [b, w],
                        },
                        _ => panic!("{}: malformed legal move", at()),
                    }
                } else {
                    Expect::Illegal(match field(&words, "illegal") {
                        Some("occupied") => IllegalMove::Occupied,
                        Some("suicide") => IllegalMove::Suicide,
                        Some("superko") => IllegalMove::Superko,
                        _ => panic!("{}: unknown verdict", at()),
                    })
                };
                game.attempts.push(Attempt {
                    line,
                    color,
                    mv,
                    expect,
                });
            }
            _ => panic!("{}: unknown record", at()),
        }
    }
    assert!(!open, "{file}: last game has no `end`");
    games
}

/// The board as the data write it: top row first, rows joined by `/`, X black, O white.
fn board_text(board: &Board) -> String {
    let n = board.size().get();
    let rows: Vec<String> = (0..n)
        .rev()
        .map(|row| {
            (0..n)
                .map(|col| match board.stone(Point::new(col, row)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

/// A board text as a diagram, for failure messages.
fn diagram(text: &str) -> String {
    text.split('/').map(|row| format!("    {row}\n")).collect()
}

fn neighbours(p: Point, n: u8) -> Vec<Point> {
    let (c, r) = (i16::from(p.col), i16::from(p.row));
    [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]
        .into_iter()
        .filter(|&(c, r)| c >= 0 && r >= 0 && c < i16::from(n) && r < i16::from(n))
        .map(|(c, r)| Point::new(c as u8, r as u8))
        .collect()
}

/// The board a stone on `p` would leave (captures included), ignoring repetition rules.
fn board_after(board: &Board, color: Color, p: Point) -> Option<Board> {
    match board.placement(p, color) {
        Placement::Allowed { .. } => {
            let mut b = board.clone();
            b.play_unchecked(p, color);
            Some(b)
        }
        _ => None,
    }
}

/// Coverage counters and per-(size, ko) tallies.
#[derive(Default)]
struct Coverage {
    total: BTreeMap<&'static str, usize>,
    per_game_kind: BTreeMap<(u8, String), [usize; 3]>,
}

impl Coverage {
    fn add(&mut self, category: &'static str) {
        *self.total.entry(category).or_default() += 1;
    }
}

/// Replays one game; returns a description of the first disagreement, if any.
fn replay(game: &GoldenGame, coverage: &mut Coverage) -> Result<(), String> {
    let n = game.size.get();
    let rules = Rules {
        ko: game.ko,
        end_passes: None,
        max_stones: None,
        capture_target: None,
        scoring: Scoring::Captures,
        komi: 0.0,
        ..Rules::default()
    };
    let mut engine = Game::new(Board::new(game.size), Color::Black, rules);
    // Every position so far with the side to move after it (Black first) and whether a pass
    // produced it, for the categories.
    let mut seen: Vec<(String, Color, bool)> =
        vec![(board_text(engine.board()), Color::Black, false)];
    let mut last_mover: Option<Color> = None;
    let mut before_last_stone: Option<String> = None;
    let mut passes_since_stone = 0;
    let kind = coverage
        .per_game_kind
        .entry((n, game.ko.name().to_string()))
        .or_default();
    kind[0] += 1;
    for (number, attempt) in game.attempts.iter().enumerate() {
        let number = number + 1;
        let before = engine.board().clone();
        let before_text = board_text(&before);
        let result = engine.play(attempt.color, attempt.mv);
        let context = || {
            format!(
                "{}:{}: game `{}` (line {}), move {number}: {:?} {}",
                game.file, attempt.line, game.header, game.line, attempt.color, attempt.mv
            )
        };
        let kind = coverage
            .per_game_kind
            .get_mut(&(n, game.ko.name().to_string()))
            .unwrap();
        match (&attempt.expect, result) {
            (
                Expect::Legal {
                    captured,
                    board,
                    caps,
                },
                Ok(played),
            ) => {
                kind[1] += 1;
                let ours = board_text(engine.board());
                let our_caps = [engine.captures(Color::Black), engine.captures(Color::White)];
                if &ours != board || our_caps != *caps || played.captured.len() != *captured {
                    return Err(format!(
                        "{}\n  board before:\n{}  GNU Go after (captured {captured}, caps {caps:?}):\n{}  ours after (captured {}, caps {our_caps:?}):\n{}",
                        context(),
                        diagram(&before_text),
                        diagram(board),
                        played.captured.len(),
                        diagram(&ours)
                    ));
                }
                // Coverage of legal moves.
                coverage.add("legal");
                if last_mover == Some(attempt.color) {
                    coverage.add("non-alternating");
                }
                last_mover = Some(attempt.color);
                match attempt.mv {
                    Move::Pass => {
                        coverage.add("pass");
                        passes_since_stone += 1;
                    }
                    Move::Play(p) => {
                        if passes_since_stone > 0 && before_last_stone.as_deref() == Some(&ours) {
                            coverage.add("retake-after-pass");
                        }
                        passes_since_stone = 0;
                        before_last_stone = Some(before_text.clone());
                        if seen.iter().any(|(b, _, _)| *b == ours) {
                            match game.ko {
                                KoRule::Situational => coverage.add("situational-allows-repeat"),
                                KoRule::Simple => coverage.add("simple-allows-repeat"),
                                KoRule::Positional => {}
                            }
                        }
                        if !played.captured.is_empty() {
                            classify_capture(&before, attempt.color, p, &played, coverage);
                        }
                    }
                }
                seen.push((ours, attempt.color.opponent(), attempt.mv == Move::Pass));
            }
            (Expect::Illegal(reason), Err(ours)) if *reason == ours => {
                kind[2] += 1;
                coverage.add(ours.name());
                if let (IllegalMove::Superko, Move::Play(p)) = (ours, attempt.mv) {
                    let after = board_after(&before, attempt.color, p).expect("placeable");
                    let after = board_text(&after);
                    let previous = seen.len().checked_sub(2).map(|i| &seen[i].0);
                    if previous == Some(&after) {
                        coverage.add("ko");
                    } else {
                        coverage.add("superko-nonimmediate");
                    }
                    let to_move = attempt.color.opponent();
                    let mut same_side =
                        seen.iter().filter(|(b, c, _)| *b == after && *c == to_move);
                    match game.ko {
                        KoRule::Positional if same_side.next().is_none() => {
                            coverage.add("positional-not-situational");
                        }
                        // Refused only because of a position that a pass produced: GNU Go's
                        // situational superko counts positions after passes, as ours does.
                        KoRule::Situational if same_side.all(|&(_, _, pass)| pass) => {
                            coverage.add("situational-repeat-after-pass");
                        }
                        _ => {}
                    }
                }
            }
            (expect, result) => {
                let gnugo = match expect {
                    Expect::Legal { board, .. } => format!("legal, leaving\n{}", diagram(board)),
                    Expect::Illegal(r) => format!("illegal ({r})\n"),
                };
                let ours = match result {
                    Ok(_) => format!("legal, leaving\n{}", diagram(&board_text(engine.board()))),
                    Err(r) => format!("illegal ({r})\n"),
                };
                return Err(format!(
                    "{}\n  board before:\n{}  GNU Go: {gnugo}  ours: {ours}",
                    context(),
                    diagram(&before_text)
                ));
            }
        }
    }
    Ok(())
}

/// Counts the capture categories of a legal capturing move on `p`, from the board before it.
fn classify_capture(before: &Board, color: Color, p: Point, played: &Played, cov: &mut Coverage) {
    let n = before.size().get();
    cov.add("capture");
    let mut chains: Vec<Vec<Point>> = Vec::new();
    for q in neighbours(p, n) {
        if before.stone(q) == Some(color.opponent()) {
            let chain = before.chain(q).unwrap();
            if chain.stones.iter().all(|s| played.captured.contains(s))
                && !chains.contains(&chain.stones)
            {
                chains.push(chain.stones);
            }
        }
    }
    if chains.len() >= 2 {
        cov.add("multi-chain-capture");
    }
    // Suicide but for the capture: no empty neighbour and every friendly neighbour in atari on p.
    let breathes = neighbours(p, n).into_iter().any(|q| match before.stone(q) {
        None => true,
        Some(c) if c == color => before.chain(q).unwrap().liberties != [p],
        Some(_) => false,
    });
    if !breathes {
        cov.add("capture-instead-of-suicide");
    }
    let last = n - 1;
    let edge = |q: &Point| q.col == 0 || q.row == 0 || q.col == last || q.row == last;
    let corner = |q: &Point| (q.col == 0 || q.col == last) && (q.row == 0 || q.row == last);
    if played.captured.iter().any(edge) {
        cov.add("edge-capture");
    }
    if played.captured.iter().any(corner) {
        cov.add("corner-capture");
    }
}

#[test]
fn our_engine_agrees_with_gnu_go_on_every_recorded_move() {
    let mut files: Vec<PathBuf> = fs::read_dir(data_dir())
        .expect("tests/data/gnugo exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no golden data in {}",
        data_dir().display()
    );

    let mut coverage = Coverage::default();
    let mut failures = Vec::new();
    let mut games = 0;
    for path in &files {
        for game in parse_file(path) {
            games += 1;
            if let Err(e) = replay(&game, &mut coverage) {
                failures.push(e);
            }
        }
    }

    let mut summary = format!("{games} games from {} files\n", files.len());
    for ((size, ko), [g, legal, illegal]) in &coverage.per_game_kind {
        let _ = writeln!(
            summary,
            "  {size:2}x{size:<2} {ko:11} games={g:3} legal={legal:5} illegal={illegal:4}"
        );
    }
    for c in CATEGORIES {
        let _ = writeln!(summary, "  {c:28} {}", coverage.total.get(c).unwrap_or(&0));
    }
    println!("{summary}");

    assert!(
        failures.is_empty(),
        "{} of {games} games disagree with GNU Go (first disagreement of each shown):\n\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );

    let short: Vec<String> = CATEGORIES
        .iter()
        .filter(|c| coverage.total.get(*c).copied().unwrap_or(0) < MIN_PER_CATEGORY)
        .map(|c| c.to_string())
        .collect();
    assert!(
        short.is_empty(),
        "the golden data no longer cover {short:?} (at least {MIN_PER_CATEGORY} each):\n{summary}"
    );
    for &size in SIZES {
        for ko in KoRule::NAMES {
            assert!(
                coverage.per_game_kind.contains_key(&(size, ko.to_string())),
                "no golden game on {size}x{size} with {ko} ko:\n{summary}"
            );
        }
    }
}
