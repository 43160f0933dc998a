//! Exit codes never depend on the pipes: with standard output or standard error a pipe that
//! nobody reads, a failing command still exits 1 or 2 (and never panics), and a build still
//! finishes its pack, stale pages removed, before it exits 0.

#![cfg(unix)]

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use common::fresh_dir;

/// Which of the command's streams is a pipe whose reader is gone before the command starts.
#[derive(Debug, Clone, Copy)]
enum Closed {
    Stdout,
    Stderr,
}

/// Runs `libertykit` with `args` from the crate's folder, `closed` a pipe with no reader (so
/// every write to it fails with a broken pipe; Rust programs ignore SIGPIPE): its exit code.
fn run_closed(closed: Closed, args: &[&str]) -> i32 {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut command = Command::new(env!("CARGO_BIN_EXE_libertykit"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    match closed {
        Closed::Stdout => command.stdout(writer).stderr(Stdio::null()),
        Closed::Stderr => command.stdout(Stdio::null()).stderr(writer),
    };
    let status = command.status().unwrap();
    status.code().unwrap_or(-1)
}

const GOOD: &str = "examples/liberty-chain-capture.toml";
const BROKEN: &str = "tests/kits/broken/bad-board.toml";
const ILLEGAL: &str = "tests/records/illegal-moves.toml";

#[test]
fn a_closed_output_or_error_stream_never_changes_the_exit_code() {
    let dir = fresh_dir("codes");
    let out = dir.join("pack");
    let sgf = dir.join("games.sgf");
    let missing = "no/such/kit.toml";
    let cases: Vec<(Vec<&str>, i32)> = vec![
        (vec!["check", GOOD, BROKEN], 1),
        (vec!["check", missing], 2),
        (vec!["key", BROKEN], 1),
        (vec!["key", missing], 2),
        (vec!["build", BROKEN, "--out", out.to_str().unwrap()], 1),
        (vec!["build", missing, "--out", out.to_str().unwrap()], 2),
        (vec!["replay", ILLEGAL], 1),
        (vec!["replay", ILLEGAL, "--format", "json"], 1),
        (vec!["replay", missing], 2),
        (vec!["export", BROKEN], 1),
        (vec!["export", missing, "--out", sgf.to_str().unwrap()], 2),
        (vec!["import", "no/such/games.sgf"], 2),
        (vec!["check", GOOD], 0),
        (vec!["key", GOOD], 0),
    ];
    for closed in [Closed::Stdout, Closed::Stderr] {
        for (args, expected) in &cases {
            assert_eq!(
                run_closed(closed, args),
                *expected,
                "{closed:?} closed: {args:?}"
            );
        }
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The pack files in `dir` (no dot files), with their bytes.
fn pack(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with('.'))
        .map(|name| {
            let bytes = fs::read(dir.join(&name)).unwrap();
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_build_whose_output_is_closed_still_switches_the_whole_pack() {
    let dir = fresh_dir("switch");
    let shared = dir.join("shared");
    let solo = dir.join("solo");
    // The drills have more pages than the minimal kit, so stale pages are left to remove when
    // the minimal kit is built over them.
    let (code, _, stderr) = common::run(&[
        "build",
        "examples/capture-drills.toml",
        "--out",
        shared.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let minimal = "tests/kits/good/minimal.toml";
    let (code, _, stderr) = common::run(&["build", minimal, "--out", solo.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(pack(&shared).len() > pack(&solo).len());
    for closed in [Closed::Stdout, Closed::Stderr] {
        let code = run_closed(
            closed,
            &["build", minimal, "--out", shared.to_str().unwrap()],
        );
        assert_eq!(code, 0, "{closed:?}");
        assert_eq!(pack(&shared), pack(&solo), "{closed:?}");
    }
    fs::remove_dir_all(&dir).unwrap();
}
