//! The reading solver on the problem set in `tests/data/reading_problems.txt`, timed against
//! GNU Go's `attack` / `defend` on the same positions in the same run.
//!
//! Per problem: the median time of `rules::reading::solve` over several runs (each a fresh
//! search: nothing is kept between runs), the nodes it visited and nodes per second; then the
//! set's total. When GNU Go is installed (`/usr/games/gnugo`, or `READING_GNUGO=path`), each
//! position is also set up in one GNU Go process over GTP and GNU Go is asked `attack <target>`
//! for a capture problem, `defend <target>` for an escape, as many times as we solve it, its
//! reading cache cleared before each: the time is per command, from writing it to reading the
//! answer (GNU Go's start-up and the set-up moves are not timed), and GNU Go's own reading-node
//! counter is shown beside ours. GNU Go reads heuristically, without a move limit: it is a speed
//! peer and a second opinion, not the truth. Its answer is shown with whether our solution
//! accepts the same first move.
//!
//! Run with `cargo bench --bench reading`; `READING_REPS=n` sets the runs per problem (default
//! 7), `READING_ONLY=name` runs one problem, `READING_GNUGO=off` leaves GNU Go out,
//! `READING_QUICK=1` runs each problem once without GNU Go, for smoke runs.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use libertykit::rules::notation::{board_of, parse_position};
use libertykit::rules::reading::{Budget, Goal, Question, Solution, solve};
use libertykit::rules::{BoardSize, Color, Game, Point, Rules};

/// One line of the problem set.
struct Problem {
    name: String,
    size: u32,
    to_play: Color,
    goal: Goal,
    target: Point,
    within: u32,
    position: String,
}

fn problems() -> Vec<Problem> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reading_problems.txt"
    );
    let text = std::fs::read_to_string(path).expect("the problem set is readable");
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 7, "problem line with 7 fields: {line}");
        let size: u32 = f[1].parse().expect("board size");
        let board_size = BoardSize::new(size).expect("board size");
        out.push(Problem {
            name: f[0].to_string(),
            size,
            to_play: Color::parse(f[2]).expect("colour to play"),
            goal: match f[3] {
                "capture" => Goal::Capture,
                "escape" => Goal::Escape,
                other => panic!("goal {other}"),
            },
            target: Point::parse(f[4], board_size).expect("target"),
            within: f[5].parse().expect("within"),
            position: f[6].to_string(),
        });
    }
    out
}

fn game_of(p: &Problem) -> Game {
    let size = BoardSize::new(p.size).unwrap();
    let placed = parse_position(&p.position, size).expect("position");
    Game::new(
        board_of(size, &placed),
        p.to_play,
        Rules::liberty_chain_capture(),
    )
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// A GNU Go process spoken to over GTP.
struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start(path: &str) -> Option<GnuGo> {
        let mut child = Command::new(path)
            .args(["--mode", "gtp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        let mut g = GnuGo {
            child,
            input,
            output,
        };
        g.ask("protocol_version").ok()?;
        Some(g)
    }

    /// Sends one command and returns its answer (without the leading `= `).
    fn ask(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self
                .output
                .read_line(&mut line)
                .map_err(|e| e.to_string())?
                == 0
            {
                return Err("GNU Go closed its output".into());
            }
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        let answer = answer.trim();
        match answer.strip_prefix('=') {
            Some(rest) => Ok(rest.trim().to_string()),
            None => Err(format!("`{command}`: {answer}")),
        }
    }

    /// Sets up `p`'s position.
    fn set_up(&mut self, p: &Problem) -> Result<(), String> {
        self.ask(&format!("boardsize {}", p.size))?;
        self.ask("clear_board")?;
        let size = BoardSize::new(p.size).unwrap();
        for placed in parse_position(&p.position, size).unwrap() {
            let color = match placed.color {
                Color::Black => "black",
                Color::White => "white",
            };
            self.ask(&format!("play {color} {}", placed.point))?;
        }
        Ok(())
    }

    /// Times `command` `reps` times, the reading cache cleared before each; the median time,
    /// GNU Go's reading nodes for one run, and its answer.
    fn time(&mut self, command: &str, reps: usize) -> Result<(Duration, u64, String), String> {
        let mut times = Vec::with_capacity(reps);
        let mut answer = String::new();
        let mut nodes = 0;
        for _ in 0..reps {
            self.ask("clear_cache")?;
            self.ask("reset_reading_node_counter")?;
            let start = Instant::now();
            answer = self.ask(command)?;
            times.push(start.elapsed());
            nodes = self
                .ask("get_reading_node_counter")?
                .parse()
                .map_err(|_| "node counter".to_string())?;
        }
        Ok((median(&mut times), nodes, answer))
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// Our first moves, as GNU Go writes them.
fn accepted(s: &Solution) -> Vec<String> {
    s.accepted.iter().map(|a| a.point.to_string()).collect()
}

fn main() {
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    let quick = !env("READING_QUICK").is_empty() && env("READING_QUICK") != "0";
    let reps: usize = env("READING_REPS")
        .parse()
        .unwrap_or(if quick { 1 } else { 7 });
    let only = env("READING_ONLY");
    let gnugo_path = match env("READING_GNUGO").as_str() {
        "" => "/usr/games/gnugo".to_string(),
        other => other.to_string(),
    };
    let mut gnugo = if quick || gnugo_path == "off" {
        None
    } else {
        GnuGo::start(&gnugo_path)
    };
    if gnugo.is_none() && !quick && gnugo_path != "off" {
        println!("GNU Go not found at {gnugo_path}: timing libertykit alone");
    }
    let budget = Budget::default();
    println!(
        "reading bench: {reps} runs per problem, median shown; budget {} nodes",
        budget.nodes
    );
    println!(
        "{:<22} {:>4} {:<7} {:>2} {:>9} {:>9} {:>8}  {:<14} | {:>8} {:>7}  {:<8} same?",
        "problem",
        "size",
        "goal",
        "in",
        "nodes",
        "ms",
        "Mnodes/s",
        "accepted",
        "gnugo ms",
        "g nodes",
        "gnugo",
    );
    let (mut total, mut total_nodes, mut total_gnugo) = (Duration::ZERO, 0u64, Duration::ZERO);
    let mut worst: Option<(Duration, String)> = None;
    for p in problems() {
        if !only.is_empty() && p.name != only {
            continue;
        }
        let game = game_of(&p);
        let question = Question {
            goal: p.goal,
            target: p.target,
            within: p.within,
        };
        let mut times = Vec::with_capacity(reps);
        let mut solution = None;
        for _ in 0..reps {
            let start = Instant::now();
            let s = solve(&game, &question, budget);
            times.push(start.elapsed());
            let s = s.unwrap_or_else(|e| panic!("{}: {e:?}", p.name));
            if let Some(previous) = &solution {
                assert_eq!(previous, &s, "{}: runs disagree", p.name);
            }
            solution = Some(s);
        }
        let solution = solution.expect("at least one run");
        let t = median(&mut times);
        total += t;
        total_nodes += solution.nodes;
        if worst.as_ref().is_none_or(|(w, _)| t > *w) {
            worst = Some((t, p.name.clone()));
        }
        let ours = accepted(&solution);
        let mut ours_text = if ours.is_empty() {
            "-".to_string()
        } else {
            ours.join(",")
        };
        if solution.already_safe {
            ours_text = format!("safe {ours_text}");
        }
        let mut gnugo_cols = String::new();
        if let Some(g) = gnugo.as_mut() {
            let command = match p.goal {
                Goal::Capture => "attack",
                Goal::Escape => "defend",
            };
            let timed = g
                .set_up(&p)
                .and_then(|()| g.time(&format!("{command} {}", p.target), reps));
            match timed {
                Ok((gt, gnodes, answer)) => {
                    total_gnugo += gt;
                    let mut words = answer.split_whitespace();
                    let code = words.next().unwrap_or("?");
                    let mv = words.next().unwrap_or("");
                    // GNU Go's codes: 0 fails, 1 succeeds, 2 and 3 by ko, 4 gain, 5 loss.
                    let same = match (code, mv) {
                        ("0", _) if ours.is_empty() => "yes (none)",
                        ("1", m) if ours.iter().any(|o| o == m) => "yes",
                        _ => "NO",
                    };
                    gnugo_cols = format!(
                        "{:>8.3} {:>7}  {:<8} {same}",
                        ms(gt),
                        gnodes,
                        answer.replace(' ', ":")
                    );
                }
                Err(e) => gnugo_cols = format!("GNU Go: {e}"),
            }
        }
        println!(
            "{:<22} {:>4} {:<7} {:>2} {:>9} {:>9.3} {:>8.2}  {:<14} | {gnugo_cols}",
            p.name,
            format!("{0}x{0}", p.size),
            match p.goal {
                Goal::Capture => "capture",
                Goal::Escape => "escape",
            },
            p.within,
            solution.nodes,
            ms(t),
            solution.nodes as f64 / t.as_secs_f64().max(1e-9) / 1e6,
            ours_text,
        );
    }
    println!(
        "total: {:.1} ms, {} nodes, {:.2} Mnodes/s{}",
        ms(total),
        total_nodes,
        total_nodes as f64 / total.as_secs_f64().max(1e-9) / 1e6,
        if gnugo.is_some() {
            format!("; GNU Go {:.1} ms", ms(total_gnugo))
        } else {
            String::new()
        }
    );
    if let Some((t, name)) = worst {
        println!("slowest: {name} {:.1} ms", ms(t));
    }
}
