//! Never a mixed pack: a `kill -9` at any moment of a build leaves the old pack or (once the
//! interrupted switch is finished, as the next build does first) the new one; two sessions
//! into one folder take turns for the whole session; a held lock is waited for out loud; a
//! session's leftovers are removed; a link where a kit's folder goes is never followed.

#![cfg(unix)]

mod common;

use std::fs;
use std::io::{BufRead, BufReader, Write};

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{fresh_dir, run};

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn build(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_libertykit"));
    command
        .arg("build")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    command
}

/// What a user sees of a folder: every entry whose name does not start with a dot, with its
/// bytes (a folder's entries, for a folder).
type Seen = Vec<(String, Vec<u8>)>;

fn seen(dir: &Path) -> Seen {
    let mut files: Seen = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with('.'))
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

/// Dot files that are neither the lock nor a plan: temporaries.
fn temporaries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with(".libertykit-") && n != ".libertykit-switch")
        .collect()
}

/// Two kits whose packs differ in their number of pages and in every file.
const KITS: [&str; 2] = [
    "examples/capture-drills.toml",
    "tests/kits/good/minimal.toml",
];

#[test]
fn a_kill_at_any_moment_leaves_one_whole_pack() {
    let dir = fresh_dir("kill");
    let shared = dir.join("shared");
    let mut solo = Vec::new();
    let mut took = Duration::ZERO;
    for (i, kit) in KITS.iter().enumerate() {
        let out = dir.join(format!("solo-{i}"));
        let start = Instant::now();
        let (code, _, stderr) = run(&["build", kit, "--out", s(&out)]);
        took = took.max(start.elapsed());
        assert_eq!(code, 0, "{stderr}");
        solo.push(seen(&out));
    }
    assert_ne!(solo[0].len(), solo[1].len());
    let (code, _, stderr) = run(&["build", KITS[0], "--out", s(&shared)]);
    assert_eq!(code, 0, "{stderr}");

    // Kills spread over the whole of a build, a little past its usual end, in steps of
    // 1/KILLS of that span: early (rendering), late (writing, the plan, the renames).
    // `LIBERTYKIT_KILLS=1000` measures more.
    let kills: u32 = std::env::var("LIBERTYKIT_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(120);
    let span = took.mul_f64(1.3);
    let (mut old, mut new, mut finished, mut mixed) = (0, 0, 0, Vec::new());
    let mut current = 0;
    for k in 0..kills {
        let next = 1 - current;
        let mut child = build(&[KITS[next], "--out", s(&shared)])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(span.mul_f64(f64::from(k) / f64::from(kills)));
        let _ = child.kill();
        child.wait().unwrap();
        // What the next build does first, done on its own here so that what it leaves shows.
        if libertykit::run::finish_pack_switch(&shared)
            .unwrap()
            .is_some()
        {
            finished += 1;
        }
        let got = seen(&shared);
        if got == solo[next] {
            new += 1;
            current = next;
        } else if got == solo[current] {
            old += 1;
        } else {
            mixed.push(k);
        }
    }
    eprintln!(
        "{kills} kills over {span:?}: {old} left the old pack, {new} the new one ({finished} of them by finishing an interrupted switch), {} a mix",
        mixed.len()
    );
    assert!(mixed.is_empty(), "kills {mixed:?} left a mix");
    assert!(old > 0 && new > 0, "old {old}, new {new}");
    // The next build removes what the killed ones left, and leaves only its pack.
    let (code, _, stderr) = run(&["build", KITS[1], "--out", s(&shared)]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(seen(&shared), solo[1]);
    assert!(
        temporaries(&shared).is_empty(),
        "{:?}",
        temporaries(&shared)
    );
    assert!(!shared.join(".libertykit-switch").exists());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_switch_is_finished_by_the_next_build_before_anything_else() {
    let dir = fresh_dir("plan");
    let pack = dir.join("pack");
    let (code, _, stderr) = run(&["build", KITS[0], "--out", s(&pack)]);
    assert_eq!(code, 0, "{stderr}");
    // A switch killed after its plan: one new file staged, one old page to remove.
    fs::write(pack.join(".libertykit-AbCdE12345.tmp"), b"new sheet").unwrap();
    fs::write(
        pack.join(".libertykit-switch"),
        "libertykit switch 1\nput .libertykit-AbCdE12345.tmp player-sheet.pdf\nremove player-sheet-2.svg\n",
    )
    .unwrap();
    let finished = libertykit::run::finish_pack_switch(&pack).unwrap();
    assert_eq!(finished, Some(vec![pack.join("player-sheet.pdf")]));
    assert_eq!(
        fs::read(pack.join("player-sheet.pdf")).unwrap(),
        b"new sheet"
    );
    assert!(!pack.join("player-sheet-2.svg").exists());
    assert!(!pack.join(".libertykit-switch").exists());
    // A plan that names anything but the pack's own files is not followed.
    fs::write(dir.join("notes.txt"), b"mine").unwrap();
    fs::write(
        pack.join(".libertykit-switch"),
        "libertykit switch 1\nremove ../notes.txt\n",
    )
    .unwrap();
    let (code, _, stderr) = run(&["build", KITS[0], "--out", s(&pack)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("is not a plan libertykit wrote"),
        "{stderr}"
    );
    assert_eq!(fs::read(dir.join("notes.txt")).unwrap(), b"mine");
    fs::remove_dir_all(&dir).unwrap();
}

/// A copy of `kit` in `dir` as `name`, its title changed to `title` so that its pack differs.
fn kit_copy(kit: &str, dir: &Path, name: &str, title: &str) -> PathBuf {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(kit)).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("title"))
        .unwrap()
        .to_string();
    let path = dir.join(name);
    fs::write(
        &path,
        text.replacen(&line, &format!("title = \"{title}\""), 1),
    )
    .unwrap();
    path
}

#[test]
fn two_sessions_into_one_folder_take_turns_and_never_mix() {
    let dir = fresh_dir("sessions");
    let (one, two) = (dir.join("one"), dir.join("two"));
    fs::create_dir_all(&one).unwrap();
    fs::create_dir_all(&two).unwrap();
    // The same stems in both sessions, in other orders, with other content and page counts.
    let sessions = [
        vec![
            kit_copy(KITS[0], &one, "a.toml", "One A"),
            kit_copy(KITS[1], &one, "b.toml", "One B"),
            kit_copy(KITS[0], &one, "c.toml", "One C"),
        ],
        vec![
            kit_copy(KITS[1], &two, "c.toml", "Two C"),
            kit_copy(KITS[0], &two, "b.toml", "Two B"),
            kit_copy(KITS[1], &two, "a.toml", "Two A"),
        ],
    ];
    let args = |kits: &[PathBuf], out: &Path| -> Vec<String> {
        let mut args: Vec<String> = kits.iter().map(|k| s(k).to_string()).collect();
        args.extend(["--out".to_string(), s(out).to_string()]);
        args
    };
    let solo: Vec<Seen> = sessions
        .iter()
        .enumerate()
        .map(|(i, kits)| {
            let out = dir.join(format!("solo-{i}"));
            let status = build(&[]).args(args(kits, &out)).status().unwrap();
            assert!(status.success());
            seen(&out)
        })
        .collect();
    let shared = dir.join("shared");
    for round in 0..8 {
        let children: Vec<_> = sessions
            .iter()
            .map(|kits| {
                build(&[])
                    .args(args(kits, &shared))
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let got = seen(&shared);
        assert!(
            got == solo[0] || got == solo[1],
            "round {round}: the session folder mixes both sessions"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_held_lock_is_waited_for_out_loud_naming_its_holder() {
    let dir = fresh_dir("waits");
    let out = dir.join("session");
    fs::create_dir_all(&out).unwrap();
    let lock_path = out.join(".libertykit.lock");
    let mut lock = fs::File::create(&lock_path).unwrap();
    writeln!(lock, "4242").unwrap();
    lock.lock().unwrap();
    let mut child = build(&[KITS[0], KITS[1], "--out", s(&out)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = BufReader::new(child.stderr.take().unwrap());
    // Notes on how a board was sized may come first.
    let line = stderr
        .lines()
        .map(Result::unwrap)
        .find(|l| l.starts_with("waiting"))
        .unwrap();
    assert_eq!(
        line,
        format!(
            "waiting for build 4242 to finish with `{}` (lock file `{}`)",
            out.display(),
            lock_path.display()
        )
    );
    // Nothing of the session is written while it waits, not even a kit's folder.
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none());
    assert_eq!(fs::read_dir(&out).unwrap().count(), 1);
    drop(lock);
    let status = child.wait().unwrap();
    assert!(status.success());
    assert!(out.join("index.html").is_file());
    // The lock now names the build that held it last.
    assert_eq!(
        fs::read_to_string(&lock_path).unwrap().lines().next(),
        Some(child.id().to_string().as_str())
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_session_removes_the_temporaries_a_killed_session_left_in_its_folder() {
    let dir = fresh_dir("leftovers");
    let out = dir.join("session");
    fs::create_dir_all(&out).unwrap();
    let leftover = out.join(".libertykit-Zz09Zz09Zz.tmp");
    fs::write(&leftover, b"half an index").unwrap();
    let (code, _, stderr) = run(&["build", KITS[0], KITS[1], "--out", s(&out)]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!leftover.exists());
    assert!(temporaries(&out).is_empty(), "{:?}", temporaries(&out));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_link_where_a_kits_folder_goes_is_never_followed() {
    let dir = fresh_dir("link");
    let out = dir.join("session");
    fs::create_dir_all(&out).unwrap();
    let elsewhere = dir.join("elsewhere");
    fs::create_dir_all(&elsewhere).unwrap();
    fs::write(elsewhere.join("player-sheet-9.svg"), b"not the pack's").unwrap();
    let link = out.join("minimal");
    std::os::unix::fs::symlink(&elsewhere, &link).unwrap();
    let before = seen(&elsewhere);
    let (code, stdout, stderr) = run(&["build", KITS[0], KITS[1], "--out", s(&out)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("is a symbolic link"), "{stderr}");
    assert!(stderr.contains(s(&link)), "{stderr}");
    assert_eq!(seen(&elsewhere), before);
    assert!(fs::read_dir(&elsewhere).unwrap().count() == 1);
    // Refused before any kit's pack is written.
    assert!(!out.join("capture-drills").exists());
    assert!(!out.join("index.html").exists());
    fs::remove_dir_all(&dir).unwrap();
}
