//! `libertykit build` end to end: the files it writes, where, atomically, reproducibly, and what it refuses.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

/// The lock file every build leaves in its output folder.
const LOCK: &str = ".libertykit.lock";

/// The record of the files the last build wrote, in every output folder.
const WRITTEN: &str = ".libertykit.written";

fn seed_kit() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/liberty-chain-capture.toml")
}

/// A fresh, empty folder for one test.
fn fresh_dir(name: &str) -> PathBuf {
    common::fresh_dir(&format!("cli-build-{name}"))
}

fn build_command(args: &[&str], cwd: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_libertykit"));
    command.arg("build").args(args).current_dir(cwd);
    command
}

fn build(args: &[&str], cwd: &Path) -> Output {
    build_command(args, cwd).output().unwrap()
}

/// Builds the seed kit into `out_dir` with `flags`, from `cwd`.
fn build_seed(out_dir: &Path, flags: &[&str], cwd: &Path) -> Output {
    let kit = seed_kit();
    let mut args = vec![kit.to_str().unwrap(), "--out", out_dir.to_str().unwrap()];
    args.extend_from_slice(flags);
    build(&args, cwd)
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).to_string()
}

#[test]
fn writes_both_documents_as_pdf_svg_pages_and_html_and_prints_the_paths() {
    let dir = fresh_dir("both");
    let out_dir = dir.join("pack");
    let out = build_seed(&out_dir, &[], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let expected = [
        "host-key-1.svg",
        "host-key.html",
        "host-key.pdf",
        "player-sheet-1.svg",
        "player-sheet-2.svg",
        "player-sheet-3.svg",
        "player-sheet.html",
        "player-sheet.pdf",
    ];
    let mut listed = expected.to_vec();
    listed.splice(0..0, [LOCK, WRITTEN]);
    assert_eq!(names(&out_dir), listed);
    let printed: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(printed.len(), expected.len(), "{printed:?}");
    for line in &printed {
        assert!(Path::new(line).is_file(), "{line}");
        assert!(Path::new(line).starts_with(&out_dir), "{line}");
    }
    let pdf = fs::read(out_dir.join("player-sheet.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let svg = fs::read_to_string(out_dir.join("host-key-1.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(r#"viewBox="0 0 210 297""#));
    let html = fs::read_to_string(out_dir.join("player-sheet.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(html.contains("@page { size: 210mm 297mm; margin: 0 }"));
    assert_eq!(html.matches("<section class=\"page\"><svg ").count(), 3);
    // The printing note of the kit's language, shown on screen only.
    assert!(html.contains("<p class=\"note\">To print from this browser: scale 100%"));
}

#[test]
fn format_takes_a_comma_list_and_the_formats_not_asked_for_are_removed() {
    let dir = fresh_dir("formats");
    let out_dir = dir.join("pack");
    let out = build_seed(&out_dir, &[], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = build_seed(&out_dir, &["--format", "html,pdf"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        names(&out_dir),
        [
            LOCK,
            WRITTEN,
            "host-key.html",
            "host-key.pdf",
            "player-sheet.html",
            "player-sheet.pdf"
        ]
    );
    assert_eq!(text(&out.stderr).matches("removed stale ").count(), 4);
    // Each document's files in turn, in the order the formats are always written.
    let printed: Vec<String> = text(&out.stdout)
        .lines()
        .map(|line| {
            Path::new(line)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        printed,
        [
            "player-sheet.pdf",
            "player-sheet.html",
            "host-key.pdf",
            "host-key.html"
        ]
    );
    let out = build_seed(&out_dir, &["--format", "svg", "--format", "html"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        names(&out_dir),
        [
            LOCK,
            WRITTEN,
            "host-key-1.svg",
            "host-key.html",
            "player-sheet-1.svg",
            "player-sheet-2.svg",
            "player-sheet-3.svg",
            "player-sheet.html",
        ]
    );
    // An unknown format is refused before anything is written.
    let out = build_seed(&out_dir, &["--format", "pdf,docx"], &dir);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("docx"), "{}", text(&out.stderr));
    assert_eq!(names(&out_dir).len(), 8);
}

#[test]
fn building_twice_gives_identical_files() {
    let dir = fresh_dir("twice");
    let kit = seed_kit();
    let (a, b) = (dir.join("a"), dir.join("b"));
    for d in [&a, &b] {
        let out = build(&[kit.to_str().unwrap(), "--out", d.to_str().unwrap()], &dir);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    assert_eq!(names(&a), names(&b));
    // The lock file names the build that last held it: another process each time.
    for name in names(&a).into_iter().filter(|n| n != LOCK && n != WRITTEN) {
        assert_eq!(
            fs::read(a.join(&name)).unwrap(),
            fs::read(b.join(&name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn default_folder_is_named_after_the_kit_in_the_current_folder() {
    let dir = fresh_dir("default");
    let kit = seed_kit();
    let out = build(&[kit.to_str().unwrap(), "--format", "pdf"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(names(&dir), ["liberty-chain-capture"]);
    assert_eq!(
        names(&dir.join("liberty-chain-capture")),
        [LOCK, WRITTEN, "host-key.pdf", "player-sheet.pdf"]
    );
}

#[test]
fn stale_pages_of_an_earlier_build_are_removed_and_other_files_kept() {
    let dir = fresh_dir("stale");
    let out_dir = dir.join("pack");
    fs::create_dir_all(&out_dir).unwrap();
    // Built by a version that kept no record of what it wrote: its lock file is there, so the
    // files of a build's names are taken to be an earlier build's.
    fs::write(out_dir.join(LOCK), "").unwrap();
    for name in [
        "player-sheet-9.svg",
        "host-key-2.svg",
        "notes.txt",
        "player-sheet-x.svg",
        // Names `build` never writes (pages count from 1, with no leading zero): not stale.
        "player-sheet-0.svg",
        "player-sheet-01.svg",
        "host-key-007.svg",
    ] {
        fs::write(out_dir.join(name), "old").unwrap();
    }
    let out = build_seed(&out_dir, &["--format", "svg"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        names(&out_dir),
        [
            LOCK,
            WRITTEN,
            "host-key-007.svg",
            "host-key-1.svg",
            "notes.txt",
            "player-sheet-0.svg",
            "player-sheet-01.svg",
            "player-sheet-1.svg",
            "player-sheet-2.svg",
            "player-sheet-3.svg",
            "player-sheet-x.svg",
        ]
    );
    let stderr = text(&out.stderr);
    assert!(stderr.contains("removed stale "), "{stderr}");
    assert!(stderr.contains("player-sheet-9.svg"), "{stderr}");
    assert!(!stderr.contains("player-sheet-0"), "{stderr}");

    // A PDF-only build removes the SVG pages, which no longer match it.
    let out = build_seed(&out_dir, &["--format", "pdf"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        names(&out_dir),
        [
            LOCK,
            WRITTEN,
            "host-key-007.svg",
            "host-key.pdf",
            "notes.txt",
            "player-sheet-0.svg",
            "player-sheet-01.svg",
            "player-sheet-x.svg",
            "player-sheet.pdf"
        ]
    );
}

#[test]
fn paper_flag_overrides_the_kit() {
    let dir = fresh_dir("letter");
    let kit = seed_kit();
    let out = build(
        &[
            kit.to_str().unwrap(),
            "--out",
            "p",
            "--paper",
            "letter",
            "--format",
            "svg",
        ],
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = fs::read_to_string(dir.join("p/player-sheet-1.svg")).unwrap();
    assert!(
        svg.contains(r#"width="215.9mm""#) && svg.contains(r#"height="279.4mm""#),
        "{}",
        &svg[..200]
    );
}

#[test]
fn a_kit_that_fails_its_check_is_not_built() {
    let dir = fresh_dir("bad");
    let kit = dir.join("bad.toml");
    fs::write(
        &kit,
        "[kit]\ntitle = \"x\"\n\n[rules]\nboard = 5\nko = \"sometimes\"\n",
    )
    .unwrap();
    let out = build(&[kit.to_str().unwrap()], &dir);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("error"), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert_eq!(names(&dir), ["bad.toml"]);
}

#[test]
fn a_board_without_spacing_is_fitted_to_the_paper_and_the_build_says_so() {
    let dir = fresh_dir("fitted");
    let kit = dir.join("big.toml");
    let source = fs::read_to_string(seed_kit())
        .unwrap()
        .replace("board = 5 ", "board = 9 ");
    assert!(source.contains("board = 9") && !source.contains("spacing_mm"));
    fs::write(&kit, source).unwrap();
    for (paper, note) in [
        (
            "a4",
            "note: 9x9 board at 20.3 x 21.9 mm to fit a4 paper, counters 18.5 mm\n",
        ),
        (
            "letter",
            "note: 9x9 board at 21 x 22.6 mm to fit letter paper, counters 19.1 mm\n",
        ),
    ] {
        let out = build(
            &[kit.to_str().unwrap(), "--paper", paper, "--out", paper],
            &dir,
        );
        let stderr = text(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        // The note comes first; the advice on what to print for whom follows it.
        assert_eq!(stderr.lines().next(), note.lines().next(), "{stderr}");
        assert!(stderr.contains("For the host only"), "{stderr}");
        // Standard output is the list of written files and nothing else.
        let stdout = text(&out.stdout);
        assert!(
            stdout
                .lines()
                .all(|line| line.starts_with(paper) && dir.join(line).is_file()),
            "{stdout}"
        );
    }
    // A full-size board that fits gets no note.
    let out = build(
        &[kit.to_str().unwrap(), "--paper", "a3", "--out", "a3"],
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("note:"),
        "{}",
        text(&out.stderr)
    );
    let svg = fs::read_to_string(dir.join("a3/player-sheet-1.svg")).unwrap();
    assert!(svg.contains(r#"viewBox="0 0 297 420""#));
}

#[test]
fn a_spacing_the_author_set_that_does_not_fit_is_refused_with_sizes() {
    let dir = fresh_dir("fit");
    let kit = dir.join("big.toml");
    let source = fs::read_to_string(seed_kit())
        .unwrap()
        .replace("board = 5 ", "board = 9 ")
        .replace(
            "record_rows = 8\n",
            "record_rows = 8\nspacing_mm = [22.0, 23.7]\n",
        );
    assert!(source.contains("board = 9") && source.contains("spacing_mm"));
    fs::write(&kit, source).unwrap();
    let out = build(&[kit.to_str().unwrap()], &dir);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "the 9x9 board at 22 x 23.7 mm spacing needs 205 x 218 mm, but `paper = \"a4\"` leaves 190 x 232 mm"
        ),
        "{stderr}"
    );
    // The caret is at the spacing the author chose.
    assert!(stderr.contains("big.toml:8:14\n"), "{stderr}");
    assert!(stderr.contains("`paper = \"a3\"`"), "{stderr}");
    assert!(out.stdout.is_empty());
    assert_eq!(names(&dir), ["big.toml"]);

    // With the paper from the command line, the message names the flag, in kit spelling.
    let out = build(
        &[
            kit.to_str().unwrap(),
            "--paper",
            "letter",
            "--out",
            "letter",
        ],
        &dir,
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("but `--paper letter` leaves 196 x 214 mm"),
        "{stderr}"
    );
    assert!(stderr.contains("`--paper a3`"), "{stderr}");
    assert!(
        !stderr.contains("A4") && !stderr.contains("LETTER"),
        "{stderr}"
    );
    assert!(stderr.contains("big.toml:8:14\n"), "{stderr}");
    assert_eq!(names(&dir), ["big.toml"]);

    // The same kit fits A3.
    let out = build(
        &[kit.to_str().unwrap(), "--paper", "a3", "--out", "a3"],
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = fs::read_to_string(dir.join("a3/player-sheet-1.svg")).unwrap();
    assert!(svg.contains(r#"viewBox="0 0 297 420""#));
}

#[test]
fn missing_kit_file_is_a_usage_failure() {
    let dir = fresh_dir("missing");
    let out = build(&["nope.toml"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot read `nope.toml`"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn text_the_pdf_font_cannot_show_is_refused_by_name() {
    let dir = fresh_dir("winansi");
    let kit = dir.join("snow.toml");
    let source = fs::read_to_string(seed_kit()).unwrap().replace(
        "title = \"Liberty-chain capture\"",
        "title = \"Snow ☃ capture\"",
    );
    fs::write(&kit, source).unwrap();
    let out = build(&[kit.to_str().unwrap()], &dir);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("`☃` (U+2603)"), "{stderr}");
    assert_eq!(names(&dir), ["snow.toml"]);
}

/// Every entry of `dir` with what it is: a file's bytes, a link's target, or `folder`.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    names(dir)
        .into_iter()
        .map(|name| {
            let path = dir.join(&name);
            let meta = fs::symlink_metadata(&path).unwrap();
            let what = if meta.is_symlink() {
                format!("link -> {}", fs::read_link(&path).unwrap().display()).into_bytes()
            } else if meta.is_dir() {
                b"folder".to_vec()
            } else if name == LOCK {
                // It names the build that last held it: another process each time.
                b"lock".to_vec()
            } else {
                fs::read(&path).unwrap()
            };
            (name, what)
        })
        .collect()
}

/// Process ids the next few processes started on this machine are likely to get.
fn next_pids(count: u32) -> std::ops::RangeInclusive<u32> {
    let mut probe = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = probe.id();
    probe.wait().unwrap();
    pid + 1..=pid + count
}

#[cfg(unix)]
#[test]
fn links_planted_in_the_output_folder_cannot_redirect_a_write() {
    let dir = fresh_dir("links");
    let (out_dir, outside) = (dir.join("pack"), dir.join("outside"));
    fs::create_dir_all(&out_dir).unwrap();
    fs::create_dir_all(&outside).unwrap();
    fs::write(outside.join("victim.txt"), "precious").unwrap();
    fs::write(outside.join("final.txt"), "precious too").unwrap();
    // A folder an earlier version built (its lock file, no record): the links at the pack's
    // names are taken for its files, to be replaced.
    fs::write(out_dir.join(LOCK), "").unwrap();
    let link = |target: &Path, name: &str| std::os::unix::fs::symlink(target, out_dir.join(name));
    let pack = [
        "player-sheet.pdf",
        "player-sheet-1.svg",
        "player-sheet-2.svg",
        "player-sheet-3.svg",
        "player-sheet.html",
        "host-key.pdf",
        "host-key-1.svg",
        "host-key.html",
    ];
    // The temporary names earlier versions used, for the next few hundred process ids: half
    // point at a file outside, half at a name outside where nothing is.
    for pid in next_pids(400) {
        for name in pack {
            let target = if pid % 2 == 0 {
                outside.join("victim.txt")
            } else {
                outside.join(format!("created-{name}"))
            };
            link(&target, &format!(".{name}.{pid}.tmp")).unwrap();
        }
    }
    // Links at final names are replaced, not written through.
    link(&outside.join("final.txt"), "player-sheet.pdf").unwrap();
    link(&outside.join("nowhere.pdf"), "host-key.pdf").unwrap();
    let before = snapshot(&outside);

    let out = build_seed(&out_dir, &[], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(snapshot(&outside), before);
    let reference = dir.join("reference");
    let out = build_seed(&reference, &[], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for name in pack {
        let path = out_dir.join(name);
        assert!(fs::symlink_metadata(&path).unwrap().is_file(), "{name}");
        assert_eq!(
            fs::read(&path).unwrap(),
            fs::read(reference.join(name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn a_kit_named_dot_dot_toml_is_not_built_into_the_parent_folder() {
    let dir = fresh_dir("dotdot");
    let kits = dir.join("kits");
    fs::create_dir_all(&kits).unwrap();
    fs::copy(seed_kit(), kits.join("...toml")).unwrap();
    // An earlier version built into `..` and removed this as a stale page.
    fs::write(dir.join("player-sheet-9.svg"), "mine").unwrap();
    let before = snapshot(&dir);

    let out = build(&["...toml"], &kits);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "error: cannot name an output folder after `...toml` (it would be `..`); pass `--out DIR`\n"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(snapshot(&dir), before);

    // `..toml` would give `.`, the kit's own folder.
    fs::rename(kits.join("...toml"), kits.join("..toml")).unwrap();
    let out = build(&["..toml"], &kits);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("(it would be `.`)"));
    assert_eq!(names(&kits), ["..toml"]);
}

#[test]
fn a_folder_named_like_a_page_stops_the_build_before_any_file_changes() {
    let dir = fresh_dir("in-the-way");
    let out_dir = dir.join("pack");
    let out = build_seed(&out_dir, &["--paper", "letter"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    fs::remove_file(out_dir.join("player-sheet-2.svg")).unwrap();
    fs::create_dir(out_dir.join("player-sheet-2.svg")).unwrap();
    fs::write(out_dir.join("player-sheet-2.svg/inside.txt"), "x").unwrap();
    let before = snapshot(&out_dir);

    // An A4 build would change every file, so any file written would show.
    let out = build_seed(&out_dir, &[], &dir);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let in_the_way = out_dir.join("player-sheet-2.svg");
    assert_eq!(
        stderr,
        format!(
            "error: cannot write `{}`: a folder of that name is in the way; move or rename it\n",
            in_the_way.display()
        )
    );
    assert!(out.stdout.is_empty());
    assert_eq!(snapshot(&out_dir), before);
    assert_eq!(names(&in_the_way), ["inside.txt"]);
}

#[test]
fn temporaries_left_by_an_interrupted_build_are_removed_by_the_next() {
    let dir = fresh_dir("leftovers");
    let out_dir = dir.join("pack");
    fs::create_dir_all(&out_dir).unwrap();
    // Shaped like the temporaries a build makes (10 random letters and digits), as a killed
    // build leaves them; the other hidden names are not a build's and stay.
    let ours = [".libertykit-Ab3dE6gH9k.tmp", ".libertykit-0000000000.tmp"];
    let others = [
        ".libertykit-short.tmp",
        ".libertykit-Ab3dE6gH9k.new",
        ".player-sheet.pdf.4242.tmp",
        ".notes.txt",
    ];
    for name in ours.iter().chain(&others) {
        fs::write(out_dir.join(name), "half a file").unwrap();
    }
    let out = build_seed(&out_dir, &["--format", "pdf"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut expected = vec![LOCK, WRITTEN, "host-key.pdf", "player-sheet.pdf"];
    expected.extend(others);
    expected.sort();
    assert_eq!(names(&out_dir), expected);
}

#[test]
fn builds_of_different_kits_into_one_folder_at_once_leave_one_whole_pack() {
    let dir = fresh_dir("concurrent");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    // Two kits of different page counts, so that one build's stale pages are another's pack;
    // and the seed kit again on letter paper, as fast to render as the seed kit itself, so that
    // writes overlap most (every one of its files differs from the seed kit's).
    let letter = dir.join("letter.toml");
    let source = fs::read_to_string(seed_kit()).unwrap();
    assert!(source.contains("paper = \"a4\""));
    fs::write(
        &letter,
        source.replace("paper = \"a4\"", "paper = \"letter\""),
    )
    .unwrap();
    let kits = [seed_kit(), letter, root.join("capture-drills.toml")];
    // Each kit built alone, to compare with.
    let solo: Vec<Vec<(String, Vec<u8>)>> = kits
        .iter()
        .enumerate()
        .map(|(i, kit)| {
            let out_dir = dir.join(format!("solo-{i}"));
            let out = build(
                &[kit.to_str().unwrap(), "--out", out_dir.to_str().unwrap()],
                &dir,
            );
            assert!(out.status.success(), "{}", text(&out.stderr));
            snapshot(&out_dir)
        })
        .collect();
    assert_ne!(
        solo[0].len(),
        solo[2].len(),
        "the kits must differ in page count"
    );
    let host_key = |files: &[(String, Vec<u8>)]| {
        files
            .iter()
            .find(|(name, _)| name == "host-key.pdf")
            .map(|(_, bytes)| bytes.clone())
    };

    let shared = dir.join("shared");
    for round in 0..6 {
        let builds: Vec<_> = (0..6)
            .map(|i| {
                let kit = &kits[(i + round) % kits.len()];
                build_command(
                    &[kit.to_str().unwrap(), "--out", shared.to_str().unwrap()],
                    &dir,
                )
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
            })
            .collect();
        for child in builds {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "round {round}: {}", text(&out.stderr));
        }
        let got = snapshot(&shared);
        let winner = solo
            .iter()
            .find(|files| host_key(files) == host_key(&got))
            .unwrap_or_else(|| panic!("round {round}: host-key.pdf matches no kit"));
        let names_got: Vec<&str> = got.iter().map(|(name, _)| name.as_str()).collect();
        let names_solo: Vec<&str> = winner.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names_got, names_solo, "round {round}");
        assert!(got == *winner, "round {round}: some file is of another kit");
    }
}

#[test]
fn a_build_waits_while_another_holds_the_folder() {
    let dir = fresh_dir("waits");
    let out_dir = dir.join("pack");
    fs::create_dir_all(&out_dir).unwrap();
    let lock = fs::File::create(out_dir.join(LOCK)).unwrap();
    lock.lock().unwrap();
    let kit = seed_kit();
    let mut child = build_command(
        &[kit.to_str().unwrap(), "--out", out_dir.to_str().unwrap()],
        &dir,
    )
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::piped())
    .spawn()
    .unwrap();
    // Several times as long as the whole build takes when nothing holds the lock.
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let waiting = child.try_wait().unwrap().is_none();
    let during = names(&out_dir);
    drop(lock);
    let out = child.wait_with_output().unwrap();
    assert!(waiting, "the build did not wait: {}", text(&out.stderr));
    assert_eq!(during, [LOCK]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(names(&out_dir).len(), 10);
}

/// The life-and-death kit's player sheet asks each problem by its goal ("Black to kill",
/// "White to live") and prints no answer; its host key prints the proofs. A French kit asks in
/// French.
#[test]
fn a_life_and_death_sheet_says_the_goal_and_its_key_the_proof() {
    if !common::tool_available("pdftotext") {
        return;
    }
    let out_dir = fresh_dir("life-and-death").join("pack");
    let (code, _, err) = common::run(&[
        "build",
        "examples/life-and-death.toml",
        "--out",
        out_dir.to_str().unwrap(),
        "--format",
        "pdf",
    ]);
    assert_eq!(code, 0, "{err}");
    let sheet = common::pdf_text(
        &fs::read(out_dir.join("player-sheet.pdf")).unwrap(),
        "ld-sheet",
    );
    let sheet = sheet.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(sheet.matches("Black to kill").count(), 2, "{sheet}");
    assert_eq!(sheet.matches("Black to live").count(), 2, "{sheet}");
    assert_eq!(sheet.matches("White to live").count(), 1, "{sheet}");
    for answer in ["Proven", "works", "fails", "seki", "dies", "Erratum"] {
        assert!(
            !sheet.contains(answer),
            "{answer} on the player sheet: {sheet}"
        );
    }
    let key = common::pdf_text(&fs::read(out_dir.join("host-key.pdf")).unwrap(), "ld-key");
    let key = key.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        key.contains("Proven: the White group at A2 dies unconditionally"),
        "{key}"
    );
    assert!(key.contains("B1 works: 1. Black B1"), "{key}");
    assert!(key.contains("lives in seki"), "{key}");

    let kit = common::temp_path("ld-fr").with_extension("toml");
    fs::write(
        &kit,
        "[kit]\ntitle = \"Vie et mort\"\nlanguage = \"fr\"\n[rules]\nboard = 9\n\n[[example]]\n\
         position = \"white A2 B2 C2 D2 D1; black A3 B3 C3 D3 E3 E2 E1\"\nto_play = \"black\"\n\
         task = \"kill\"\ngroup = \"B2\"\n",
    )
    .unwrap();
    let fr_dir = fresh_dir("life-and-death-fr").join("pack");
    let (code, _, err) = common::run(&[
        "build",
        kit.to_str().unwrap(),
        "--out",
        fr_dir.to_str().unwrap(),
        "--format",
        "pdf",
    ]);
    assert_eq!(code, 0, "{err}");
    let sheet = common::pdf_text(&fs::read(fr_dir.join("player-sheet.pdf")).unwrap(), "ld-fr");
    assert!(sheet.contains("Noir joue et tue"), "{sheet}");
    assert!(!sheet.contains("réussit"), "{sheet}");
}
