//! A deterministic, in-process fuzz test on stable Rust: thousands of mutated kits and game
//! records from the example and test corpora go through `check`, `key`, `build` and `replay`
//! exactly as the command line runs them. No input may panic, and each run must end in one of
//! the three exit classes with something said: ok (0), problems printed (1), a failure (2).
//! A second campaign exports every example kit, re-saves the SGF as an editor might (white space
//! and line ends changed, an old export's answer after the question) and imports it: no prompt
//! or title may ever hold an answer.
//!
//! `LIBERTYKIT_FUZZ_CASES=50000 cargo test --release --test fuzz_inputs` runs a longer campaign
//! (and 1/20 as many round trips);
//! `LIBERTYKIT_FUZZ_SEED` picks another sequence. A failing input is saved under
//! `target/tmp/fuzz-failures/` to be replayed by hand.

mod common;

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Parser;
use libertykit::cli::Cli;
use libertykit::run::{self, Console, Outcome};

/// A small, fixed pseudo-random sequence (xorshift64*), so every run tries the same inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Fragments that have broken parsers before: multi-byte characters, a BOM, line endings,
/// TOML and SGF punctuation, huge and odd numbers, keys and tables of the kit format, and the
/// lines of a position drawn as a diagram.
const FRAGMENTS: &[&str] = &[
    "é",
    "—",
    "😀",
    "\u{feff}",
    "\r",
    "\r\n",
    "\n",
    "\t",
    "\"",
    "'",
    "\"\"\"",
    "[",
    "]",
    "=",
    ",",
    ";",
    "#",
    "\\",
    "[[example]]\n",
    "[kit]\n",
    "[rules]\n",
    "[text]\n",
    "key = ",
    "task = \"legal\"\n",
    "position = \"white C3; black B3 C2 D3\"\n",
    "history = [\"black C4\", \"white pass\"]\n",
    // Pieces of diagram positions: a whole one, a row with numbers, letters, a frame.
    "position = '''\n. . X\nX O .\n. x o\n'''\n",
    "\n  5 . X O . . 5\n",
    "\n    A B C D E\n",
    "\n +-----+\n",
    "|",
    "99999999999999999999",
    "-1",
    "0",
    "nan",
    "inf",
    "1e999",
    "T19",
    "I3",
    "pass",
    "(",
    ")",
    ";B[",
    "]W[aa]",
    "AB[aa:ss]",
    "SZ[19]",
    "SZ[1]",
    "B[tt]",
    "\u{0}",
    "\u{202e}",
];

/// `text` with one to four random edits.
fn mutate(rng: &mut Rng, text: &[u8], corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut out = text.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(6) {
            0 if !out.is_empty() => {
                // A raw byte: may leave the text invalid UTF-8, which must be refused calmly.
                let i = rng.below(out.len());
                out[i] = rng.next() as u8;
            }
            1 => {
                let fragment = FRAGMENTS[rng.below(FRAGMENTS.len())].as_bytes();
                out.splice(at..at, fragment.iter().copied());
            }
            2 if !out.is_empty() => {
                let end = (at + 1 + rng.below(40)).min(out.len());
                out.drain(at.min(end)..end);
            }
            3 if !out.is_empty() => {
                let start = rng.below(out.len());
                let end = (start + 1 + rng.below(200)).min(out.len());
                let copy = out[start..end].to_vec();
                out.splice(at..at, copy);
            }
            _ => {
                let donor = &corpus[rng.below(corpus.len())];
                if !donor.is_empty() {
                    let start = rng.below(donor.len());
                    let end = (start + 1 + rng.below(120)).min(donor.len());
                    out.splice(at..at, donor[start..end].iter().copied());
                }
            }
        }
    }
    out
}

fn files_in(dir: &Path, extensions: &[&str], found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_in(&path, extensions, found);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.contains(&e))
        {
            found.push(path);
        }
    }
}

/// Runs one command line in-process: (exit code class, stdout, stderr).
fn run_line(args: &[&str]) -> (i32, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("libertykit").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("the fuzz test built a bad command line {args:?}: {e}"));
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut console = Console {
        out: &mut out,
        err: &mut err,
    };
    let code = match run::run(cli, &mut console) {
        Ok(Outcome::Success) => 0,
        Ok(Outcome::CheckFailed) => 1,
        Err(failure) => {
            assert!(
                !failure.message.is_empty(),
                "{args:?}: a failure with no message"
            );
            2
        }
    };
    (
        code,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

#[test]
fn mutated_inputs_never_panic_and_always_say_what_happened() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut kits = Vec::new();
    files_in(&root.join("examples"), &["toml"], &mut kits);
    files_in(&root.join("tests/kits"), &["toml"], &mut kits);
    let mut records = Vec::new();
    files_in(&root.join("tests/records"), &["toml", "sgf"], &mut records);
    assert!(
        kits.len() >= 5 && records.len() >= 5,
        "{kits:?} {records:?}"
    );
    let read = |paths: &[PathBuf]| -> Vec<(PathBuf, Vec<u8>)> {
        paths
            .iter()
            .map(|p| (p.clone(), fs::read(p).unwrap()))
            .collect()
    };
    let kits = read(&kits);
    let records = read(&records);
    let corpus: Vec<Vec<u8>> = kits
        .iter()
        .chain(&records)
        .map(|(_, b)| b.clone())
        .collect();

    let cases: usize = std::env::var("LIBERTYKIT_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2500);
    let seed: u64 = std::env::var("LIBERTYKIT_FUZZ_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0x11be_27c1_7000_0008);
    let mut rng = Rng(seed | 1);
    let dir = common::temp_path("fuzz");
    fs::create_dir_all(&dir).unwrap();
    let failures = dir.parent().unwrap().join("fuzz-failures");

    let mut classes = [0usize; 3];
    let mut slowest = (Duration::ZERO, String::new());
    let mut panics = Vec::new();
    for case in 0..cases {
        let is_record = rng.below(3) == 0;
        let (origin, bytes) = if is_record {
            &records[rng.below(records.len())]
        } else {
            &kits[rng.below(kits.len())]
        };
        let input = mutate(&mut rng, bytes, &corpus);
        let extension = origin
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("toml");
        let path = dir.join(format!("case.{extension}"));
        fs::write(&path, &input).unwrap();
        let path_text = path.to_str().unwrap().to_string();
        let pack = dir.join("pack");
        let pack_text = pack.to_str().unwrap().to_string();
        let args: Vec<&str> = if is_record {
            match rng.below(2) {
                0 => vec!["replay", &path_text],
                _ => vec!["replay", &path_text, "--format", "json"],
            }
        } else {
            match rng.below(10) {
                0..=4 => vec!["check", &path_text],
                5 | 6 => vec!["key", &path_text],
                7 => vec!["key", &path_text, "--format", "json"],
                8 => vec!["build", &path_text, "--out", &pack_text, "--format", "svg"],
                _ => vec!["build", &path_text, "--out", &pack_text, "--format", "pdf"],
            }
        };
        let started = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| run_line(&args)));
        let took = started.elapsed();
        if took > slowest.0 {
            slowest = (took, format!("case {case} from {}", origin.display()));
        }
        match result {
            Ok((code, out, err)) => {
                classes[code as usize] += 1;
                match code {
                    0 => assert!(!out.is_empty(), "case {case}: success with no output"),
                    // Exit 1: the problems on stderr, or a replay whose report (on stdout)
                    // shows an illegal move.
                    1 => assert!(
                        err.contains("error: ")
                            || (is_record
                                && (out.contains("illegal") || out.contains("\"legal\": false"))),
                        "case {case} {args:?}: exit 1 with stdout {out:?} and stderr {err:?}"
                    ),
                    _ => {}
                }
            }
            Err(_) => {
                fs::create_dir_all(&failures).unwrap();
                let saved = failures.join(format!("case-{case}.{extension}"));
                fs::write(&saved, &input).unwrap();
                panics.push(format!(
                    "{args:?} panicked; input saved as {}",
                    saved.display()
                ));
            }
        }
    }
    eprintln!(
        "fuzz: {cases} cases, {} panics; exit 0: {}, exit 1: {}, exit 2: {}; slowest {:?} ({})",
        panics.len(),
        classes[0],
        classes[1],
        classes[2],
        slowest.0,
        slowest.1
    );
    assert!(panics.is_empty(), "{}", panics.join("\n"));
    // Every class is reached, or the mutations are not reaching the parsers.
    assert!(classes.iter().all(|&n| n > 0), "{classes:?}");
    // A guard against a hang or a runaway search, not a speed target (those live in
    // benches/): the slowest case, a mutated reading kit read in a debug build, takes about 4 s
    // on an idle 2-core machine and over 6 s while another build shares it.
    assert!(slowest.0 < Duration::from_secs(30), "{slowest:?}");
}

/// White space an editor or an author may put around or inside a comment.
const SPACES: &[&str] = &[
    " ", "  ", "\u{a0}", "\n", "\r\n", "\r", "\t", "\u{3000}", "\u{200b}", "\n\n",
];

/// The byte range of the value of each game's root `C[...]` in an exported collection (one
/// game per `(;GM[1]`, the comment its first `C[`).
fn root_comments(sgf: &str) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut from = 0;
    while let Some(game) = sgf[from..].find("(;GM[1]") {
        let game = from + game;
        let Some(open) = sgf[game..].find("C[") else {
            break;
        };
        let start = game + open + 2;
        let bytes = sgf.as_bytes();
        let mut end = start;
        while end < bytes.len() && bytes[end] != b']' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        ranges.push(start..end.min(bytes.len()));
        from = end;
    }
    ranges
}

/// `sgf` as an editor might re-save it: white space added around and inside each root comment,
/// the answer written after the question as earlier versions did (`answer_at`), and the line
/// ends changed.
fn resave(rng: &mut Rng, sgf: &str, answers: &[Vec<String>]) -> String {
    let mut out = String::with_capacity(sgf.len() * 2);
    let mut last = 0;
    for (i, range) in root_comments(sgf).into_iter().enumerate() {
        out.push_str(&sgf[last..range.start]);
        let space = |rng: &mut Rng| SPACES[rng.below(SPACES.len())];
        let mut comment = String::new();
        for _ in 0..rng.below(3) {
            comment.push_str(space(rng));
        }
        let question = &sgf[range.clone()];
        // A space inside the question, as an author's own text may have.
        match question.find(' ') {
            Some(at) if rng.below(2) == 0 => {
                comment.push_str(&question[..at]);
                comment.push_str(space(rng));
                comment.push_str(&question[at + 1..]);
            }
            _ => comment.push_str(question),
        }
        if rng.below(2) == 0
            && let Some(lines) = answers.get(i)
        {
            // The old export's layout: a blank line, the heading, the answer.
            comment.push_str(&format!(
                "{}{}Answers:{}{}",
                space(rng),
                ["\n\n", "\r\n\r\n", "\n \n"][rng.below(3)],
                space(rng),
                lines.join("\n").replace(']', "\\]")
            ));
        }
        for _ in 0..rng.below(3) {
            comment.push_str(space(rng));
        }
        out.push_str(&comment);
        last = range.end;
    }
    out.push_str(&sgf[last..]);
    // `answer_at` tells import the comment may hold the answer; any value will do.
    let out = out.replace("LK[task=", "LK[answer_at=7][task=");
    match rng.below(3) {
        0 => out.replace('\n', "\r\n"),
        1 => out.replace('\n', "\r"),
        _ => out,
    }
}

/// Every example kit exported, re-saved as an editor might, and imported again: no imported
/// prompt or title ever holds a phrase the host key prints for an answer (checked with the
/// original kit's answer firewall), and the imported kit builds.
#[test]
fn export_import_round_trips_never_put_an_answer_in_a_prompt() {
    use libertykit::answer::{Firewall, answer_key, describe};
    use libertykit::kit::load;

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut kits = Vec::new();
    files_in(&root.join("examples"), &["toml"], &mut kits);
    files_in(&root.join("tests/kits/good"), &["toml"], &mut kits);
    // `import` does not yet read a `kill` or `live` game back as one (issue 43, item 3): its
    // proof comes back as a `solve` problem's lines, a seki's first move a pass no `solve`
    // line may start with. Such kits are left out until it does.
    kits.retain(|k| {
        !fs::read_to_string(k)
            .is_ok_and(|t| t.contains("task = \"kill\"") || t.contains("task = \"live\""))
    });
    let cases: usize = std::env::var("LIBERTYKIT_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .map_or(120, |n| n / 20);
    let mut rng = Rng(0x5eed_0fa1_150a_17e5);
    let dir = common::temp_path("fuzz-round-trip");
    fs::create_dir_all(&dir).unwrap();
    let (sgf_path, kit_path) = (dir.join("export.sgf"), dir.join("back.toml"));
    let (sgf_text, kit_text) = (
        sgf_path.to_str().unwrap().to_string(),
        kit_path.to_str().unwrap().to_string(),
    );
    let mut prompts_checked = 0;
    for case in 0..cases {
        let path = &kits[rng.below(kits.len())];
        let kit = load(&fs::read_to_string(path).unwrap()).unwrap();
        let key = answer_key(&kit);
        let wall = Firewall::new(&key, &kit.wording);
        let answers: Vec<Vec<String>> = key
            .examples
            .iter()
            .map(|a| describe(a, &kit.wording))
            .collect();
        let (code, _, err) = run_line(&["export", path.to_str().unwrap(), "--out", &sgf_text]);
        assert_eq!(code, 0, "{}: {err}", path.display());
        let sgf = fs::read_to_string(&sgf_path).unwrap();
        let resaved = resave(&mut rng, &sgf, &answers);
        fs::write(&sgf_path, &resaved).unwrap();
        let _ = fs::remove_file(&kit_path);
        let (code, _, err) = run_line(&["import", &sgf_text, "--out", &kit_text]);
        assert_eq!(code, 0, "case {case} {}: {err}\n{resaved}", path.display());
        let back = load(&fs::read_to_string(&kit_path).unwrap())
            .unwrap_or_else(|r| panic!("case {case}: {:?}", r.problems));
        for example in &back.examples {
            for text in [&example.prompt, &example.title].into_iter().flatten() {
                let leaks = wall.leaks(text);
                assert!(
                    leaks.is_empty(),
                    "case {case} {}: example {} `{text}` gives away {leaks:?}\n{resaved}",
                    path.display(),
                    example.number
                );
                prompts_checked += 1;
            }
        }
        if case % 10 == 0 {
            let pack = dir.join("pack");
            let pack = pack.to_str().unwrap();
            let (code, _, err) = run_line(&["build", &kit_text, "--out", pack, "--format", "svg"]);
            assert_eq!(code, 0, "case {case} {}: {err}", path.display());
        }
    }
    eprintln!(
        "round trip: {cases} exports re-saved and imported, {prompts_checked} prompts and titles checked"
    );
    assert!(prompts_checked > cases, "{prompts_checked}");
}
