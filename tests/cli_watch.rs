//! `build --watch`: a kit rewritten twice is built three times, a broken rewrite prints its
//! problems and the watch goes on; the test ends the watch itself.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Waits for a stderr line containing `what`, for at most ten seconds; returns the lines read.
fn wait_for(lines: &mpsc::Receiver<String>, what: &str) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut seen = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(line) => {
                let found = line.contains(what);
                seen.push(line);
                if found {
                    return seen;
                }
            }
            Err(_) => break,
        }
    }
    panic!(
        "no line with {what:?} within 10 s; read:\n{}",
        seen.join("\n")
    );
}

#[test]
fn a_rewritten_kit_is_built_again_and_a_broken_one_reported() {
    let dir = common::temp_path("watch");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let kit = dir.join("kit.toml");
    let seed = std::fs::read_to_string("examples/liberty-chain-capture.toml").unwrap();
    std::fs::write(&kit, &seed).unwrap();
    let out = dir.join("pack");
    let mut child = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(["build", "--watch", "--format", "pdf", "--out"])
        .arg(&out)
        .arg(&kit)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });

    wait_for(&lines, "watching");
    let first = std::fs::metadata(out.join("player-sheet.pdf"))
        .unwrap()
        .modified()
        .unwrap();

    // A new title: built again within a second of the change.
    std::thread::sleep(Duration::from_millis(50));
    let changed = Instant::now();
    std::fs::write(
        &kit,
        seed.replace("Liberty-chain capture", "Liberty drills"),
    )
    .unwrap();
    wait_for(&lines, "watching");
    assert!(
        changed.elapsed() < Duration::from_secs(2),
        "{:?}",
        changed.elapsed()
    );
    let second = std::fs::metadata(out.join("player-sheet.pdf"))
        .unwrap()
        .modified()
        .unwrap();
    assert!(second > first);

    // A broken kit: its problem is printed, nothing is written, and the watch goes on.
    std::fs::write(&kit, seed.replace("board = 5", "board = 50")).unwrap();
    let read = wait_for(&lines, "watching");
    assert!(read.iter().any(|l| l.starts_with("error:")), "{read:?}");
    assert_eq!(
        std::fs::metadata(out.join("player-sheet.pdf"))
            .unwrap()
            .modified()
            .unwrap(),
        second
    );

    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
