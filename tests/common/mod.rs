//! Helpers shared by the integration tests: running the binary, and finding and running the
//! command-line PDF tools that CI must have.

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code)]

pub mod segments;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Imports the SGF at `sgf` to a kit file named after `name` (the tests run in parallel),
/// asserts that import succeeds and that the kit it writes passes `check`, and returns the kit
/// and import's stderr.
pub fn import_checked(sgf: &str, name: &str) -> (String, String) {
    let out = temp_path(name).with_extension("toml");
    let out_text = out.to_str().unwrap();
    let (code, _, stderr) = run(&["import", sgf, "--out", out_text, "--force"]);
    assert_eq!(code, 0, "{sgf}: {stderr}");
    let kit = fs::read_to_string(&out).unwrap();
    let (code, _, check) = run(&["check", out_text]);
    assert_eq!(
        code, 0,
        "{sgf}: the imported kit fails check:\n{check}\n{kit}"
    );
    let _ = fs::remove_file(out);
    (kit, stderr)
}

/// Runs `libertykit` with `args` from the crate's folder: (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        // Lossy, so output that is not UTF-8 fails the test's own assertion, where it shows.
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Whether a command-line tool (pdftotext, qpdf, ...) can be started. Locally a missing tool
/// skips its check with a note; under CI (`CI` set) it fails the test instead.
pub fn tool_available(tool: &str) -> bool {
    // Only whether the binary can be started matters, not what `-v` prints or returns.
    let found = Command::new(tool).arg("-v").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} is required when CI is set"
        );
        eprintln!("skipping {tool} check: {tool} not installed");
    }
    found
}

/// A path under the test target's temporary folder, unique to this test process.
pub fn temp_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()))
}

/// A fresh, empty folder under the test target's temporary folder, unique to this test process.
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = temp_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The text `pdftotext` reads from the PDF `pdf` (UTF-8), via a temporary file named `name`.
pub fn pdf_text(pdf: &[u8], name: &str) -> String {
    let path = temp_path(name).with_extension("pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .unwrap();
    let _ = std::fs::remove_file(path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Each page's text of the PDF file `pdf` as `pdftotext` reads it (UTF-8; with `-layout`, so
/// that table cells keep their columns, when `layout`), one string per page.
pub fn pdf_pages_text(pdf: &Path, layout: bool) -> Vec<String> {
    let mut command = Command::new("pdftotext");
    if layout {
        command.arg("-layout");
    }
    let out = command
        .args(["-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    // pdftotext ends the last page with a form feed too.
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// Asserts that `qpdf --check` passes the PDF `pdf` with no warning and nothing on stderr.
pub fn assert_qpdf_clean(pdf: &[u8], name: &str) {
    let path = temp_path(name).with_extension("pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("qpdf")
        .arg("--check")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}: {stdout}\n{stderr}");
    assert!(
        !stdout.contains("WARNING") && stderr.is_empty(),
        "{name}: {stdout}\n{stderr}"
    );
}

/// A binary (P5) 8-bit greyscale PGM, as `pdftoppm -gray` writes it: width, height, pixels.
pub fn parse_pgm(bytes: &[u8]) -> (usize, usize, &[u8]) {
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes[i] == b'#' {
            while bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..i]).into_owned());
    }
    assert_eq!(fields[0], "P5", "not a binary PGM");
    assert_eq!(fields[3], "255", "not an 8-bit PGM");
    let width: usize = fields[1].parse().unwrap();
    let height: usize = fields[2].parse().unwrap();
    // One whitespace byte ends the header.
    (width, height, &bytes[i + 1..i + 1 + width * height])
}

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("src is readable") {
            let path = entry.expect("src is readable").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Left, top (cap height above the baseline), right and baseline of a run of text as layout
/// measured it; `None` for any other shape.
pub fn text_box(
    fonts: &libertykit::typeface::Typefaces,
    shape: &libertykit::layout::page::Shape,
) -> Option<(f64, f64, f64, f64)> {
    let libertykit::layout::page::Shape::Text {
        baseline,
        text,
        size_pt,
        font,
        ..
    } = shape
    else {
        return None;
    };
    let width = libertykit::layout::font::text_width_mm(fonts, text, *font, *size_pt);
    let (x, y) = (baseline.x.get(), baseline.y.get());
    Some((
        x,
        y - libertykit::layout::style::cap_height_mm(*size_pt),
        x + width,
        y,
    ))
}

/// Centres (in pixels) of the dark runs along a scan line.
pub fn dark_runs(range: std::ops::Range<usize>, is_dark: impl Fn(usize) -> bool) -> Vec<f64> {
    let mut centres = Vec::new();
    let mut start = None;
    for i in range.clone() {
        match (is_dark(i), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                centres.push((s + i - 1) as f64 / 2.0);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        centres.push((s + range.end - 1) as f64 / 2.0);
    }
    centres
}

/// The first page of `pdf` rendered at 10 pixels a millimetre (`pdftoppm -r 254`), and the
/// distance in millimetres across the first four spacings of the grid whose lines stand at `xs`
/// and `ys` (as laid out), measured on the pixels: between the first and last dark run along a
/// row between the first two horizontal lines, and down a column between the first two vertical
/// ones. Also gives the rendered page's size in pixels.
pub fn printed_four_spacings(pdf: &Path, xs: &[f64], ys: &[f64]) -> (f64, f64, (usize, usize)) {
    let stem = PathBuf::from(format!("{}-render", pdf.display()));
    let status = Command::new("pdftoppm")
        .args(["-r", "254", "-gray", "-singlefile", "-f", "1", "-l", "1"])
        .arg(pdf)
        .arg(&stem)
        .status()
        .unwrap();
    assert!(status.success());
    let pgm = PathBuf::from(format!("{}.pgm", stem.display()));
    let image = fs::read(&pgm).unwrap();
    let (width, height, pixels) = parse_pgm(&image);
    let dark = |x: usize, y: usize| pixels[y * width + x] < 128;
    let y = ((ys[0] + ys[1]) / 2.0 * 10.0) as usize;
    let runs = dark_runs(
        (xs[0] * 10.0 - 30.0) as usize..(xs[4] * 10.0 + 30.0) as usize,
        |x| dark(x, y),
    );
    let across = (runs[runs.len() - 1] - runs[0]) / 10.0;
    let x = ((xs[0] + xs[1]) / 2.0 * 10.0) as usize;
    let runs = dark_runs(
        (ys[0] * 10.0 - 30.0) as usize..(ys[4] * 10.0 + 30.0) as usize,
        |y| dark(x, y),
    );
    let down = (runs[runs.len() - 1] - runs[0]) / 10.0;
    let _ = fs::remove_file(pgm);
    (across, down, (width, height))
}

/// Builds `kit` into `out` as `formats` (`pdf`, `svg,html`), and fails the test unless the
/// build succeeds.
pub fn build_pack(kit: &Path, out: &Path, formats: &str) {
    let (code, _, err) = run(&[
        "build",
        kit.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--format",
        formats,
    ]);
    assert_eq!(code, 0, "{err}");
}
