//! A folder import stays inside its folder: links that lead out of it (to a file, a folder, or
//! the root of the file system) are left out with a note, links inside it are read; and the
//! temporaries a killed `import --out` left are removed by the next run writing there.

#![cfg(unix)]

mod common;

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{fresh_dir, run};

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A problem that imports as one example.
const PROBLEM: &str = "(;GM[1]FF[4]SZ[13]VW[aa:ff]PL[B]AB[bb][cb]AW[bc])\n";

#[test]
fn links_leading_out_of_the_folder_are_left_out_and_said() {
    let dir = fresh_dir("import-inside");
    let (folder, outside) = (dir.join("collection"), dir.join("outside"));
    fs::create_dir_all(folder.join("level 1")).unwrap();
    fs::create_dir_all(&outside).unwrap();
    fs::write(folder.join("level 1/p1.sgf"), PROBLEM).unwrap();
    let secret = PROBLEM.replace("PL[B]", "PL[B]GN[Secret title]C[a secret comment]");
    fs::write(outside.join("secret.sgf"), &secret).unwrap();
    // Inside: read. Outside: a file, a folder, and the root of the file system.
    symlink(folder.join("level 1/p1.sgf"), folder.join("again.sgf")).unwrap();
    symlink(outside.join("secret.sgf"), folder.join("leak.sgf")).unwrap();
    symlink(&outside, folder.join("more")).unwrap();
    symlink("/", folder.join("everything")).unwrap();

    let start = Instant::now();
    let (code, stdout, stderr) = run(&["import", s(&folder)]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert!(
        !stdout.contains("Secret") && !stdout.contains("secret"),
        "{stdout}"
    );
    assert_eq!(stdout.matches("[[example]]").count(), 2, "{stdout}");
    for link in ["leak.sgf", "more", "everything"] {
        let note = format!(
            "note: left out: `{}` is a link to",
            folder.join(link).display()
        );
        assert!(stderr.contains(&note), "{link}: {stderr}");
    }
    assert!(
        stderr.contains("a folder import reads only what is inside the folder"),
        "{stderr}"
    );
    assert!(!stderr.contains("holds more than"), "{stderr}");
    fs::remove_dir_all(&dir).unwrap();
}

/// The hidden temporaries in `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with(".libertykit-"))
        .collect();
    names.sort();
    names
}

#[test]
fn a_killed_import_leaves_temporaries_the_next_run_removes() {
    let dir = fresh_dir("import-leftovers");
    let sgf = dir.join("p.sgf");
    fs::write(&sgf, PROBLEM).unwrap();
    let out = dir.join("kits/kit.toml");
    fs::create_dir_all(out.parent().unwrap()).unwrap();
    for _ in 0..3 {
        let killed = Command::new(env!("CARGO_BIN_EXE_libertykit"))
            .args(["import", s(&sgf), "--out", s(&out), "--force"])
            .env("LIBERTYKIT_TEST_KILL_AT", "1")
            .output()
            .unwrap();
        assert_eq!(killed.status.code(), None);
    }
    let kits = out.parent().unwrap();
    assert_eq!(temporaries(kits).len(), 3, "{:?}", temporaries(kits));
    // A temporary a running process is writing (this test's own id) is not a leftover, and
    // neither is a fresh one of the shape older versions wrote, whose writer is unknown.
    let running = format!(".libertykit-{}-AbCdE12345.tmp", std::process::id());
    let unknown = ".libertykit-AbCdE12345.tmp".to_string();
    fs::write(kits.join(&running), "being written").unwrap();
    fs::write(kits.join(&unknown), "being written").unwrap();
    let (code, stdout, stderr) = run(&["import", s(&sgf), "--out", s(&out), "--force"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.trim(), s(&out));
    let mut kept = vec![running, unknown];
    kept.sort();
    assert_eq!(temporaries(kits), kept);
    fs::remove_dir_all(&dir).unwrap();
}

/// A folder of full-board problem files with no marks, no name and no words (as 6,382 files of
/// one public collection are) imports as problems: the file's line is its answer, so it must
/// never become a `sequence` whose moves the player sheet prints. A small-board file with a
/// setup and moves is a capture game's demonstration and stays a sequence.
#[test]
fn unmarked_full_board_problems_are_problems_not_sequences() {
    let dir = fresh_dir("import-unmarked");
    let folder = dir.join("unmarked");
    fs::create_dir_all(&folder).unwrap();
    // A corner problem: Black's group on the edge, White around it; the line B19 A19 C19.
    let problem =
        "(;GM[1]FF[4]SZ[19]AB[ab][bb][cb][db]AW[ac][bc][cc][dc][eb][ea];B[ba];W[aa];B[ca])\n";
    fs::write(folder.join("0001.sgf"), problem).unwrap();
    fs::write(
        folder.join("0002.sgf"),
        problem.replace("AB[ab]", "AB[ab][fa]"),
    )
    .unwrap();
    let (code, kit, stderr) = run(&["import", s(&folder)]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(kit.matches("[[example]]").count(), 2, "{kit}");
    assert!(!kit.contains("task = \"sequence\""), "{kit}");
    assert!(!kit.contains("moves = "), "{kit}");

    let demo = "(;GM[1]FF[4]SZ[7]AB[cc]AW[dc];B[dd];W[cd];B[ed])\n";
    let small = dir.join("demo");
    fs::create_dir_all(&small).unwrap();
    fs::write(small.join("demo.sgf"), demo).unwrap();
    let (code, kit, stderr) = run(&["import", s(&small)]);
    assert_eq!(code, 0, "{stderr}");
    assert!(kit.contains("task = \"sequence\""), "{kit}");
}
