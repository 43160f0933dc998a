//! `build --watch`: a kit rewritten twice is built three times, a broken rewrite prints its
//! problems and the watch goes on; an edit that keeps the length and the time is seen; a kit
//! that is no regular file is refused. The tests end each watch themselves.

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
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

/// Starts `build --watch` of `kit` into `out` in `format`, with its standard error read line by
/// line on a thread.
fn watch(kit: &Path, out: &Path, format: &str) -> (Child, mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(["build", "--watch", "--format", format, "--out"])
        .arg(out)
        .arg(kit)
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
    (child, lines)
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
    let (mut child, lines) = watch(&kit, &out, "pdf");

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

#[test]
fn an_edit_that_keeps_the_length_and_the_time_is_seen() {
    let dir = common::temp_path("watch-same-stamp");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let kit = dir.join("kit.toml");
    let seed = std::fs::read_to_string("examples/liberty-chain-capture.toml").unwrap();
    std::fs::write(&kit, &seed).unwrap();
    let out = dir.join("pack");
    let (mut child, lines) = watch(&kit, &out, "html");
    wait_for(&lines, "watching");
    let sheet = || std::fs::read_to_string(out.join("player-sheet.html")).unwrap();
    assert!(sheet().contains("Liberty-chain capture"));

    // As `cp -p` or `rsync -t` leave it: other content, the same length and modification time.
    let modified = std::fs::metadata(&kit).unwrap().modified().unwrap();
    let edited = seed.replace("Liberty-chain capture", "Liberty-chain kapture");
    assert_eq!(edited.len(), seed.len());
    std::fs::write(&kit, &edited).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&kit)
        .unwrap()
        .set_modified(modified)
        .unwrap();
    wait_for(&lines, "watching");
    assert!(sheet().contains("Liberty-chain kapture"));

    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_kit_that_is_no_regular_file_is_refused_not_watched() {
    let dir = common::temp_path("watch-not-a-file");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("kit.toml");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for kit in [std::path::Path::new("/dev/zero"), fifo.as_path()] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_libertykit"))
            .args(["build", "--watch", "--out"])
            .arg(dir.join("pack"))
            .arg(kit)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if Instant::now() > deadline {
                child.kill().unwrap();
                child.wait().unwrap();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut err = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
        let status =
            status.unwrap_or_else(|| panic!("{}: still watching after 10 s", kit.display()));
        assert_eq!(status.code(), Some(2), "{err}");
        assert!(err.contains("not a regular file"), "{err}");
    }
    assert!(!dir.join("pack").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `/BaseFont` names of a PDF's fonts, read from its bytes (the writer leaves font
/// dictionaries uncompressed).
fn base_fonts(pdf: &Path) -> Vec<String> {
    let bytes = std::fs::read(pdf).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let mut names: Vec<String> = text
        .split("/BaseFont")
        .skip(1)
        .filter_map(|rest| {
            let name = rest.trim_start().strip_prefix('/')?;
            let end = name
                .find(|c: char| c.is_whitespace() || "/<>[]()".contains(c))
                .unwrap_or(name.len());
            // A subset's name is its tag and the font's: `ABCDEF+LiberationSans-Bold`.
            Some(name[..end].rsplit('+').next()?.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn a_replaced_font_file_is_read_afresh() {
    let dir = common::temp_path("watch-font");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let font = dir.join("face.ttf");
    std::fs::copy("fonts/LiberationSans-Regular.ttf", &font).unwrap();
    let seed = std::fs::read_to_string("examples/liberty-chain-capture.toml").unwrap();
    let kit = dir.join("kit.toml");
    std::fs::write(
        &kit,
        seed.replacen("paper = \"a4\"", "paper = \"a4\"\nfont = \"face.ttf\"", 1),
    )
    .unwrap();
    let out = dir.join("pack");
    let (mut child, lines) = watch(&kit, &out, "pdf");
    wait_for(&lines, "watching");
    let sheet = out.join("player-sheet.pdf");
    assert_eq!(base_fonts(&sheet), ["LiberationSans"]);

    // Another font under the same name: the rebuild embeds it, not the one read first.
    std::thread::sleep(Duration::from_millis(50));
    std::fs::copy("fonts/LiberationSans-Bold.ttf", &font).unwrap();
    wait_for(&lines, "watching");
    assert_eq!(base_fonts(&sheet), ["LiberationSans-Bold"]);

    // Cut short while copied: the rebuild fails at the kit's `font`, nothing falls back.
    let bytes = std::fs::read("fonts/LiberationSans-Regular.ttf").unwrap();
    std::fs::write(&font, &bytes[..bytes.len() / 2]).unwrap();
    let read = wait_for(&lines, "watching");
    assert!(
        read.iter().any(|l| l.contains("the file is cut short")),
        "{read:?}"
    );
    assert_eq!(base_fonts(&sheet), ["LiberationSans-Bold"]);

    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
