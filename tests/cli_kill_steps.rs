//! Every change to an output folder is all or nothing, tried at every step: a build, a session
//! and their stale-page removal are killed (`LIBERTYKIT_TEST_KILL_AT`, as `kill -9`) at each
//! step of their switch in turn, and a full disk (`LIBERTYKIT_TEST_FAIL_WRITE_AT`) fails each
//! of their writes in turn. After what the next run does first, a reader of the folder sees
//! exactly the old build's files or the new one's, never a mix; after the next run itself, no
//! temporary and no plan are left.

#![cfg(unix)]

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::fresh_dir;

/// What a user sees of a folder: every entry whose name does not start with a dot, with its
/// bytes (a folder's entries, for a folder). A folder with nothing to see is no build's files
/// (a session killed before its plan leaves a new kit's folder empty until the next run).
type Seen = Vec<(String, Vec<u8>)>;

fn seen(dir: &Path) -> Seen {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Seen = entries
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with('.'))
        .filter(|name| !dir.join(name).is_dir() || !seen(&dir.join(name)).is_empty())
        .map(|name| {
            let path = dir.join(&name);
            let bytes = if path.is_dir() {
                format!("{:?}", seen(&path)).into_bytes()
            } else {
                fs::read(&path).unwrap()
            };
            (name, bytes)
        })
        .collect();
    files.sort();
    files
}

/// The names of every file under `dir` that a switch leaves only while it is under way: its
/// temporaries and its plan.
fn under_way(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).into_iter().flatten() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if path.is_dir() {
            found.extend(under_way(&path));
        } else if name.starts_with(".libertykit-") {
            found.push(path);
        }
    }
    found
}

/// Copies the folder `from`, hidden files and all, to a fresh `to`.
fn copy_folder(from: &Path, to: &Path) {
    let _ = fs::remove_dir_all(to);
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs `libertykit build ARGS --out OUT`, with one test hook set when given.
fn build(args: &[String], out: &Path, hook: Option<(&str, u32)>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_libertykit"));
    command
        .arg("build")
        .args(args)
        .arg("--out")
        .arg(out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    if let Some((name, at)) = hook {
        command.env(name, at.to_string());
    }
    command.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A copy of `kit` in `dir` as `name`, its title changed to `title` so that its pack differs.
fn kit_copy(kit: &str, dir: &Path, name: &str, title: &str) -> String {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(kit)).unwrap();
    let line = text.lines().find(|l| l.starts_with("title")).unwrap();
    let path = dir.join(name);
    fs::write(
        &path,
        text.replacen(line, &format!("title = \"{title}\""), 1),
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

/// Two kits whose packs differ in their number of pages and in every file.
const KITS: [&str; 2] = [
    "examples/capture-drills.toml",
    "tests/kits/good/minimal.toml",
];

/// Builds `new` over the folder `old` holds, killed at every step in turn: each time the
/// folder, once the interrupted switch is finished (as the next run does first), is the old
/// build's or the new one's exactly, and the next run leaves nothing under way. Gives how many
/// kills left the old files and how many the new.
fn kill_at_every_step(dir: &Path, old: &Path, new: &[String]) -> (u32, u32) {
    let solo = dir.join("solo");
    copy_folder(old, &solo);
    let built = build(new, &solo, None);
    assert!(built.status.success(), "{}", text(&built.stderr));
    let (before, after) = (seen(old), seen(&solo));
    assert_ne!(before, after);
    let work = dir.join("work");
    let (mut kept_old, mut got_new) = (0, 0);
    for step in 1.. {
        copy_folder(old, &work);
        let killed = build(new, &work, Some(("LIBERTYKIT_TEST_KILL_AT", step)));
        if killed.status.success() {
            assert_eq!(seen(&work), after, "a build that ran to the end");
            break;
        }
        assert_eq!(
            killed.status.code(),
            None,
            "step {step}: {}",
            text(&killed.stderr)
        );
        libertykit::run::finish_pack_switch(&work).unwrap();
        let got = seen(&work);
        if got == before {
            kept_old += 1;
        } else if got == after {
            got_new += 1;
        } else {
            panic!("a kill at step {step} left a mix of two builds");
        }
        // The next run finishes what is under way and removes what the killed run left.
        let next = build(new, &work, None);
        assert!(next.status.success(), "{}", text(&next.stderr));
        assert_eq!(seen(&work), after, "step {step}");
        assert!(
            under_way(&work).is_empty(),
            "step {step}: {:?}",
            under_way(&work)
        );
        assert!(step < 500, "the kill hook never let the build finish");
    }
    (kept_old, got_new)
}

#[test]
fn a_build_killed_at_any_step_of_its_switch_leaves_one_whole_pack() {
    let dir = fresh_dir("kill-steps-build");
    let old = dir.join("old");
    let built = build(&[KITS[0].to_string()], &old, None);
    assert!(built.status.success(), "{}", text(&built.stderr));
    // The smaller pack over the larger: its switch removes stale pages too.
    let (kept_old, got_new) = kill_at_every_step(&dir, &old, &[KITS[1].to_string()]);
    eprintln!("build: {kept_old} kills kept the old pack, {got_new} gave the new one");
    // Staging (8 files, each as it is rendered, and the record), the plan, and the renames and
    // removals after it.
    assert!(kept_old >= 9 && got_new >= 10, "{kept_old} / {got_new}");
    fs::remove_dir_all(&dir).unwrap();
}

/// The kits of an earlier session and of the next one into the same folder: one kit changes
/// its pages, one is given up, one is new, and the index and the joined PDFs change.
fn two_sessions(dir: &Path) -> [Vec<String>; 2] {
    let kits = dir.join("kits");
    fs::create_dir_all(&kits).unwrap();
    let earlier = vec![
        kit_copy(KITS[0], &kits, "a.toml", "One A"),
        kit_copy(KITS[1], &kits, "b.toml", "One B"),
        "--combine".to_string(),
        // PDFs only, for fewer steps: the single build's test removes stale SVG pages.
        "--format=pdf".to_string(),
    ];
    let next_kits = dir.join("next");
    fs::create_dir_all(&next_kits).unwrap();
    let next = vec![
        kit_copy(KITS[1], &next_kits, "a.toml", "Two A"),
        kit_copy(KITS[0], &next_kits, "c.toml", "Two C"),
        "--combine".to_string(),
        "--format=pdf".to_string(),
    ];
    [earlier, next]
}

#[test]
fn a_session_killed_at_any_step_is_one_switch_across_all_its_folders() {
    let dir = fresh_dir("kill-steps-session");
    let [earlier, next] = two_sessions(&dir);
    let old = dir.join("old");
    let built = build(&earlier, &old, None);
    assert!(built.status.success(), "{}", text(&built.stderr));
    let (kept_old, got_new) = kill_at_every_step(&dir, &old, &next);
    eprintln!("session: {kept_old} kills kept the old session, {got_new} gave the new one");
    // Staging 11 files (two packs of two PDFs, the index, the session's list, two joined
    // PDFs, three records) and the plan; then the renames, removals and the folder given up.
    assert!(kept_old >= 13 && got_new >= 15, "{kept_old} / {got_new}");
    // The kit given up is gone with its folder, as a new session into an empty folder has it.
    let fresh = dir.join("fresh");
    let built = build(&next, &fresh, None);
    assert!(built.status.success(), "{}", text(&built.stderr));
    assert_eq!(seen(&dir.join("work")), seen(&fresh));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_earlier_session_built_after_a_killed_one_removes_the_folder_it_left_empty() {
    let dir = fresh_dir("kill-early-session");
    let [earlier, next] = two_sessions(&dir);
    let old = dir.join("old");
    let built = build(&earlier, &old, None);
    assert!(built.status.success(), "{}", text(&built.stderr));
    let work = dir.join("work");
    copy_folder(&old, &work);
    // Killed while staging its first file: the new kit's folder is there, empty.
    let killed = build(&next, &work, Some(("LIBERTYKIT_TEST_KILL_AT", 1)));
    assert_eq!(killed.status.code(), None, "{}", text(&killed.stderr));
    assert!(work.join("c").is_dir());
    let again = build(&earlier, &work, None);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(!work.join("c").exists());
    assert_eq!(seen(&work), seen(&old));
    assert!(under_way(&work).is_empty(), "{:?}", under_way(&work));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_build_into_a_kits_folder_first_finishes_the_session_a_kill_interrupted() {
    let dir = fresh_dir("kill-session-then-kit");
    let [earlier, next] = two_sessions(&dir);
    let old = dir.join("old");
    let built = build(&earlier, &old, None);
    assert!(built.status.success(), "{}", text(&built.stderr));
    // Killed just after its plan was written: 11 files staged, the plan staged and renamed.
    let work = dir.join("work");
    copy_folder(&old, &work);
    let killed = build(&next, &work, Some(("LIBERTYKIT_TEST_KILL_AT", 14)));
    assert_eq!(killed.status.code(), None, "{}", text(&killed.stderr));
    assert!(work.join(".libertykit-switch").is_file());
    // One kit built on its own into kit `a`'s folder of the session.
    let alone = build(&[KITS[0].to_string()], &work.join("a"), None);
    assert!(alone.status.success(), "{}", text(&alone.stderr));
    let solo = dir.join("solo");
    let built = build(&[KITS[0].to_string()], &solo, None);
    assert!(built.status.success(), "{}", text(&built.stderr));
    // The session's switch was finished first, so nothing of it comes after the kit's pack.
    assert!(!work.join(".libertykit-switch").exists());
    assert_eq!(libertykit::run::finish_pack_switch(&work).unwrap(), None);
    assert_eq!(seen(&work.join("a")), seen(&solo));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_disk_at_any_write_leaves_the_old_session_and_nothing_of_the_new() {
    let dir = fresh_dir("full-disk-session");
    let [earlier, next] = two_sessions(&dir);
    let old = dir.join("old");
    let built = build(&earlier, &old, None);
    assert!(built.status.success(), "{}", text(&built.stderr));
    let before = seen(&old);
    let work = dir.join("work");
    let mut failures = 0;
    for write in 1.. {
        copy_folder(&old, &work);
        let out = build(&next, &work, Some(("LIBERTYKIT_TEST_FAIL_WRITE_AT", write)));
        if out.status.success() {
            break;
        }
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "write {write}: {stderr}");
        assert!(
            stderr.contains("the disk is full"),
            "write {write}: {stderr}"
        );
        assert_eq!(seen(&work), before, "write {write}: {stderr}");
        assert!(
            under_way(&work).is_empty(),
            "write {write}: {:?}",
            under_way(&work)
        );
        // A new kit's folder the failed session made is taken away again.
        assert!(!work.join("c").exists(), "write {write}");
        failures += 1;
        assert!(write < 500, "the write hook never let the build finish");
    }
    // Every file of both new packs, the index, the joined PDFs and the records, and the plan.
    assert!(failures >= 12, "{failures}");
    fs::remove_dir_all(&dir).unwrap();
}
