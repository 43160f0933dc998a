//! An input is never destroyed: an output that is one of the command's inputs (through any
//! path or link), an existing kit that `import` would replace without `--force`, and anything
//! but a regular file where a file is to be written or read are refused with exit 2, and the
//! thing there is left as it was.

#![cfg(unix)]

mod common;

use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{fresh_dir, run};

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

const KIT: &str = "examples/liberty-chain-capture.toml";
const RECORD: &str = "tests/records/atari.toml";

/// A copy of `file` (relative to the crate) in `dir`, named `name`.
fn copy(file: &str, dir: &Path, name: &str) -> PathBuf {
    let to = dir.join(name);
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join(file), &to).unwrap();
    to
}

/// Runs `libertykit` with `args`, killing it after ten seconds: (exit code, stderr); a
/// command that had to be killed gives code -1.
fn run_for_at_most_ten_seconds(args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
            return (status.code().unwrap_or(-1), err);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    (-1, "still running after 10 s".into())
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

/// The commands that write a file from an input: (input, the command line with `OUT` for the
/// output path).
fn writers(dir: &Path) -> Vec<(PathBuf, Vec<String>)> {
    let kit = copy(KIT, dir, "kit.toml");
    let record = copy(RECORD, dir, "game.toml");
    let (code, _, stderr) = run(&["export", s(&kit), "--out", s(&dir.join("games.sgf"))]);
    assert_eq!(code, 0, "{stderr}");
    let sgf = dir.join("games.sgf");
    let sheet = copy("tests/records/sheets/good.csv", dir, "players.csv");
    let line = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    vec![
        (kit.clone(), line(&["export", s(&kit), "--out", "OUT"])),
        // The kit a players' record is read with is an input as much as the record.
        (
            kit.clone(),
            line(&["replay", s(&sheet), "--kit", s(&kit), "--pdf", "OUT"]),
        ),
        // So is every file of a folder an import reads, even with `--force`.
        (
            sgf.clone(),
            line(&["import", s(dir), "--out", "OUT", "--force"]),
        ),
        (
            sgf.clone(),
            line(&["import", s(&sgf), "--out", "OUT", "--force"]),
        ),
        (
            record.clone(),
            line(&["replay", s(&record), "--pdf", "OUT"]),
        ),
    ]
}

fn with_out(line: &[String], out: &Path) -> Vec<String> {
    line.iter()
        .map(|w| {
            if w == "OUT" {
                s(out).to_string()
            } else {
                w.clone()
            }
        })
        .collect()
}

fn run_line(line: &[String]) -> (i32, String, String) {
    let args: Vec<&str> = line.iter().map(String::as_str).collect();
    run(&args)
}

#[test]
fn export_import_and_replay_never_write_over_any_of_their_inputs() {
    let dir = fresh_dir("own-input");
    for (input, line) in writers(&dir) {
        let before = fs::read(&input).unwrap();
        let name = input.file_name().unwrap().to_str().unwrap();
        let hard = dir.join(format!("hard-{name}"));
        fs::hard_link(&input, &hard).unwrap();
        let soft = dir.join(format!("soft-{name}"));
        std::os::unix::fs::symlink(&input, &soft).unwrap();
        let roundabout = dir.join("..").join(dir.file_name().unwrap()).join(name);
        for out in [input.clone(), hard.clone(), soft.clone(), roundabout] {
            let (code, stdout, stderr) = run_line(&with_out(&line, &out));
            assert_eq!(code, 2, "{line:?} {}: {stderr}", out.display());
            assert!(stdout.is_empty(), "{stdout}");
            assert!(stderr.contains("is the input"), "{stderr}");
            assert!(stderr.contains(s(&out)), "{stderr}");
            assert!(stderr.contains(s(&input)), "{stderr}");
            assert_eq!(fs::read(&input).unwrap(), before, "{line:?}");
            assert!(
                fs::symlink_metadata(&soft)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
        }
        fs::remove_file(hard).unwrap();
        fs::remove_file(soft).unwrap();
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn import_replaces_an_existing_kit_only_with_force() {
    let dir = fresh_dir("force");
    let kit = copy(KIT, &dir, "kit.toml");
    let sgf = dir.join("games.sgf");
    let (code, _, stderr) = run(&["export", s(&kit), "--out", s(&sgf)]);
    assert_eq!(code, 0, "{stderr}");
    let authors = copy(KIT, &dir, "authors.toml");
    let before = fs::read(&authors).unwrap();
    let (code, stdout, stderr) = run(&["import", s(&sgf), "--out", s(&authors)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("already exists"), "{stderr}");
    assert!(stderr.contains("`--force`"), "{stderr}");
    assert!(stderr.contains(s(&authors)), "{stderr}");
    assert_eq!(fs::read(&authors).unwrap(), before);
    // A link to nowhere is something there too.
    let dangling = dir.join("dangling.toml");
    std::os::unix::fs::symlink(dir.join("nowhere.toml"), &dangling).unwrap();
    let (code, _, stderr) = run(&["import", s(&sgf), "--out", s(&dangling)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(!dir.join("nowhere.toml").exists());

    let (code, stdout, stderr) = run(&["import", s(&sgf), "--out", s(&authors), "--force"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.trim(), s(&authors));
    assert_ne!(fs::read(&authors).unwrap(), before);
    // A new path needs no `--force`.
    let (code, _, stderr) = run(&["import", s(&sgf), "--out", s(&dir.join("new.toml"))]);
    assert_eq!(code, 0, "{stderr}");
    fs::remove_dir_all(&dir).unwrap();
}

/// What is at `path`, in words, to compare before and after.
fn kind(path: &Path) -> &'static str {
    let t = fs::symlink_metadata(path).unwrap().file_type();
    if t.is_fifo() {
        "fifo"
    } else if t.is_socket() {
        "socket"
    } else if t.is_dir() {
        "folder"
    } else {
        "other"
    }
}

#[test]
fn outputs_are_written_only_over_regular_files() {
    let dir = fresh_dir("not-regular-out");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let socket = dir.join("socket");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let folder = dir.join("folder");
    fs::create_dir(&folder).unwrap();
    for (_, line) in writers(&dir) {
        for (out, was) in [(&fifo, "fifo"), (&socket, "socket"), (&folder, "folder")] {
            let (code, stdout, stderr) = run_line(&with_out(&line, out));
            assert_eq!(code, 2, "{line:?} {was}: {stderr}");
            assert!(stdout.is_empty(), "{stdout}");
            assert!(stderr.contains(s(out)), "{stderr}");
            assert_eq!(kind(out), was);
        }
    }
    assert_eq!(fs::read_dir(&folder).unwrap().count(), 0);
    // A pack file's name taken by a FIFO: refused before any file of the pack is written.
    let pack = dir.join("pack");
    fs::create_dir(&pack).unwrap();
    mkfifo(&pack.join("host-key.pdf"));
    let (code, stdout, stderr) = run(&["build", KIT, "--out", s(&pack)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("host-key.pdf"), "{stderr}");
    assert_eq!(kind(&pack.join("host-key.pdf")), "fifo");
    assert!(!pack.join("player-sheet.pdf").exists());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_is_not_a_regular_file_is_refused_without_waiting_for_it() {
    let dir = fresh_dir("not-regular-in");
    // A FIFO with no writer: opening it to read would wait forever.
    let fifo = dir.join("input.toml");
    mkfifo(&fifo);
    let sgf = dir.join("input.sgf");
    mkfifo(&sgf);
    let out = dir.join("out");
    let lines: Vec<Vec<&str>> = vec![
        vec!["check", s(&fifo)],
        vec!["key", s(&fifo)],
        vec!["replay", s(&fifo)],
        vec!["replay", s(&sgf)],
        vec!["import", s(&sgf)],
        vec!["export", s(&fifo)],
        vec!["build", s(&fifo), "--out", s(&out)],
        vec!["check", s(&dir)],
        vec!["check", "/dev/zero"],
        vec!["replay", "/dev/zero"],
    ];
    for line in lines {
        let (code, stderr) = run_for_at_most_ten_seconds(&line);
        assert_eq!(code, 2, "{line:?}: {stderr}");
        assert!(stderr.contains("not a regular file"), "{line:?}: {stderr}");
    }
    assert!(!out.exists());
    fs::remove_dir_all(&dir).unwrap();
}

/// The seed kit, copied into `dir` under a name `build` writes.
fn kit_named(dir: &Path, name: &str) -> PathBuf {
    fs::create_dir_all(dir).unwrap();
    copy(KIT, dir, name)
}

#[test]
fn a_kit_named_like_a_pack_file_is_never_written_over_or_removed() {
    let dir = fresh_dir("kit-named-like-a-page");
    // Built into its own folder: the pack's `host-key.html` would be the kit.
    let fresh = dir.join("fresh");
    let kit = kit_named(&fresh, "host-key.html");
    let before = fs::read(&kit).unwrap();
    let (code, stdout, stderr) = run(&["build", s(&kit), "--out", s(&fresh)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("an input of this build; building would write over it"),
        "{stderr}"
    );
    assert_eq!(fs::read(&kit).unwrap(), before);
    assert!(!fresh.join("player-sheet.pdf").exists());

    // In a folder built before, whose record does not name it, a page-named kit is not
    // stale: it stays, and the build says so.
    let built = dir.join("built");
    let (code, _, stderr) = run(&["build", KIT, "--out", s(&built)]);
    assert_eq!(code, 0, "{stderr}");
    let kit = kit_named(&built, "player-sheet-7.svg");
    let (code, _, stderr) = run(&["build", s(&kit), "--out", s(&built)]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(fs::read(&kit).unwrap(), before);
    assert!(
        stderr.contains("no build recorded writing it: left as it is"),
        "{stderr}"
    );
    assert!(!stderr.contains("removed stale"), "{stderr}");

    // A folder built by a version that kept no record (its lock file only): its page-named
    // files count as the earlier build's, but one that is this build's input is not removed.
    let older = dir.join("older");
    let kit = kit_named(&older, "player-sheet-7.svg");
    fs::write(older.join(".libertykit.lock"), "").unwrap();
    let (code, _, stderr) = run(&["build", s(&kit), "--out", s(&older)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("building would remove it as a file of the earlier build"),
        "{stderr}"
    );
    assert_eq!(fs::read(&kit).unwrap(), before);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_no_build_recorded_writing_is_never_written_over() {
    let dir = fresh_dir("someone-elses-page");
    let out = dir.join("pack");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join("host-key.pdf"), "the host's own notes").unwrap();
    let (code, stdout, stderr) = run(&["build", KIT, "--out", s(&out)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("is there, but no build recorded writing it; building would write over it"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(out.join("host-key.pdf")).unwrap(),
        "the host's own notes"
    );
    assert!(!out.join("player-sheet.pdf").exists());
    // Asked again, the same: the refused build's lock file is no sign of an earlier pack.
    fs::write(out.join("host-key-3.svg"), "a page of the host's own").unwrap();
    for _ in 0..2 {
        let (code, _, stderr) = run(&["build", KIT, "--out", s(&out)]);
        assert_eq!(code, 2, "{stderr}");
    }
    assert_eq!(
        fs::read_to_string(out.join("host-key.pdf")).unwrap(),
        "the host's own notes"
    );
    assert!(out.join("host-key-3.svg").exists());
    fs::remove_dir_all(&dir).unwrap();
}
