//! Command-line flags end to end: `--paper` in any case, and the `completions` and `man`
//! commands generated from clap's own definitions.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn seed_kit() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/liberty-chain-capture.toml")
}

/// A fresh, empty folder for one test.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-flags-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds the seed kit into `dir/pack` with `--paper paper`: (exit code, stderr).
fn build_on(paper: &str, dir: &Path) -> (Option<i32>, String) {
    let kit = seed_kit();
    let out = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args([
            "build",
            kit.to_str().unwrap(),
            "--out",
            "pack",
            "--paper",
            paper,
        ])
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn paper_flag_takes_any_case_like_the_kit() {
    // (flag, the SVG page's width and height)
    for (paper, width, height) in [
        ("Letter", "215.9mm", "279.4mm"),
        ("LETTER", "215.9mm", "279.4mm"),
        ("A4", "210mm", "297mm"),
        ("a3", "297mm", "420mm"),
    ] {
        let dir = fresh_dir(&format!("paper-{paper}"));
        let (code, stderr) = build_on(paper, &dir);
        assert_eq!(code, Some(0), "--paper {paper}: {stderr}");
        let svg = fs::read_to_string(dir.join("pack/player-sheet-1.svg")).unwrap();
        let head = &svg[..svg.find('>').unwrap()];
        assert!(
            head.contains(&format!(r#"width="{width}""#))
                && head.contains(&format!(r#"height="{height}""#)),
            "--paper {paper}: {head}"
        );
    }
}

#[test]
fn an_unknown_paper_is_still_refused_with_the_choices() {
    let dir = fresh_dir("paper-b5");
    let (code, stderr) = build_on("B5", &dir);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("invalid value 'B5'"), "{stderr}");
    assert!(stderr.contains("a4, letter, a3"), "{stderr}");
    assert!(!dir.join("pack").exists());
}
