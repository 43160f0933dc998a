//! The HTML pack printed by a real browser: headless Chromium prints the seed kit's
//! `player-sheet.html` and `host-key.html`, built on A4, Letter and A3, at its default settings
//! (only its header and footer turned off, as the page's note asks). The printed PDF must have
//! our PDF's page count and paper size (to Chromium's rounding of page sizes, under 1 pt), and,
//! rasterised at 600 dpi, its board lines must stand 22.0 mm across and 23.7 mm down and its
//! calibration bar measure 100 mm, each within 0.1 mm, where the layout put them: printed at
//! 100%, with no margin of the browser's own.
//!
//! Chromium is found as `chromium` or `chromium-browser`; locally a missing browser (or poppler's
//! `pdftoppm`) skips the test with a note, under CI (`CI` set) it fails it.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{run, temp_path, tool_available};
use libertykit::answer::answer_key;
use libertykit::kit::{Paper, load};
use libertykit::layout::geom::PT_PER_MM;
use libertykit::layout::pack;
use libertykit::layout::page::{Document, Shape};
use libertykit::layout::style::Style;

const SEED: &str = "examples/liberty-chain-capture.toml";

/// Rasterising resolution, and pixels per millimetre at it.
const DPI: f64 = 600.0;
const PX_PER_MM: f64 = DPI / 25.4;

/// How far a printed length may be from the laid-out one.
const TOLERANCE_MM: f64 = 0.1;

/// How far Chromium's page may be from ours, in points. Chromium gives a PDF page a whole number
/// of 1/300 inch (0.24 pt), and rounds some sizes further, its own named ones too: `size: A3`
/// prints 841.92 x 1191.12 pt, 0.57 pt (0.2 mm) taller than A3's 1190.55; A4 594.96 x 841.92.
const PAGE_TOLERANCE_PT: f64 = 1.0;

/// The Chromium binary, or `None` (with a note) when there is none and CI is not set.
fn chromium() -> Option<&'static str> {
    for name in ["chromium", "chromium-browser"] {
        let started = Command::new(name)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        if started.is_ok_and(|s| s.success()) {
            return Some(name);
        }
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "chromium is required when CI is set"
    );
    eprintln!("skipping the browser print check: chromium not installed");
    None
}

/// Prints the HTML file `html` to the PDF `pdf` with headless Chromium, its own profile in
/// `profile`; fails the test if the browser takes more than two minutes.
fn print_with_chromium(browser: &str, html: &Path, pdf: &Path, profile: &Path) {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--no-first-run",
            "--disable-dev-shm-usage",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", html.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            assert!(
                status.success() && pdf.is_file(),
                "chromium failed to print {}: {}",
                html.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            return;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took over two minutes to print {}", html.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The size in points of every page of the PDF at `path`.
fn page_sizes(path: &Path) -> Vec<(f64, f64)> {
    let doc = lopdf::Document::load(path).unwrap();
    doc.get_pages()
        .values()
        .map(|&id| {
            // The MediaBox may be the page's own or inherited from its parents.
            let mut dict = doc.get_dictionary(id).unwrap();
            let media = loop {
                if let Ok(media) = dict.get(b"MediaBox") {
                    break doc
                        .dereference(media)
                        .unwrap()
                        .1
                        .as_array()
                        .unwrap()
                        .clone();
                }
                let parent = dict.get(b"Parent").unwrap().as_reference().unwrap();
                dict = doc.get_dictionary(parent).unwrap();
            };
            let n: Vec<f64> = media
                .iter()
                .map(|o| match doc.dereference(o).unwrap().1 {
                    lopdf::Object::Integer(i) => *i as f64,
                    lopdf::Object::Real(r) => f64::from(*r),
                    other => panic!("not a number: {other:?}"),
                })
                .collect();
            (n[2] - n[0], n[3] - n[1])
        })
        .collect()
}

/// A greyscale raster.
struct Gray {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Gray {
    fn dark(&self, x: usize, y: usize) -> bool {
        self.pixels[y * self.width + x] < 128
    }
}

/// Page 1 of the PDF at `pdf`, rasterised at [`DPI`] in grey.
fn rasterise_first_page(pdf: &Path) -> Gray {
    let name = pdf.file_stem().unwrap().to_str().unwrap();
    let stem = pdf.with_file_name(format!("{name}-page1"));
    let status = Command::new("pdftoppm")
        .args(["-r", "600", "-gray", "-singlefile", "-f", "1", "-l", "1"])
        .arg(pdf)
        .arg(&stem)
        .status()
        .unwrap();
    assert!(status.success(), "pdftoppm failed on {}", pdf.display());
    let pgm = pdf.with_file_name(format!("{name}-page1.pgm"));
    let gray = parse_pgm(&std::fs::read(&pgm).unwrap());
    let _ = std::fs::remove_file(pgm);
    gray
}

/// A `pdftoppm -gray` page as a [`Gray`].
fn parse_pgm(bytes: &[u8]) -> Gray {
    let (width, height, pixels) = common::parse_pgm(bytes);
    Gray {
        width,
        height,
        pixels: pixels.to_vec(),
    }
}

/// The dark runs along a scan line, as (first, last) pixel.
fn dark_runs(
    range: std::ops::Range<usize>,
    is_dark: impl Fn(usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for i in range.clone() {
        match (is_dark(i), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((s, i - 1));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        runs.push((s, range.end - 1));
    }
    runs
}

/// Centre of a run in millimetres from the page's edge.
fn centre_mm((first, last): (usize, usize)) -> f64 {
    // Pixel i covers i..i+1, so a run's middle is half a pixel past its first and last's mean.
    ((first + last) as f64 / 2.0 + 0.5) / PX_PER_MM
}

fn px(mm: f64) -> usize {
    (mm * PX_PER_MM).round() as usize
}

/// Where page 1 of the player sheet draws the board's lines (x of the vertical ones, y of the
/// horizontal ones) and the calibration bar (left end, right end, y), in millimetres.
struct Expected {
    xs: Vec<f64>,
    ys: Vec<f64>,
    bar: (f64, f64, f64),
}

/// The seed kit's player sheet laid out on `paper`, as `build --paper` lays it out.
fn seed_sheet(paper: Paper) -> Document {
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(SEED)).unwrap();
    let mut kit = load(&source).unwrap_or_else(|d| panic!("{d:?}"));
    kit.paper = paper;
    let key = answer_key(&kit);
    pack(&kit, &key, libertykit::typeface::bundled()).player_sheet
}

/// A position's coordinates as plain millimetres, for comparing with what a browser printed.
fn mm_pair(p: libertykit::layout::geom::Pos) -> Mm2 {
    Mm2 {
        x: p.x.get(),
        y: p.y.get(),
    }
}

struct Mm2 {
    x: f64,
    y: f64,
}

fn expected(doc: &Document) -> Expected {
    let board = Style::default().board;
    let (mut xs, mut ys, mut bar) = (Vec::new(), Vec::new(), None);
    for shape in &doc.pages[0].shapes {
        let Shape::Line { from, to, stroke } = shape else {
            continue;
        };
        let (from, to, width) = (mm_pair(*from), mm_pair(*to), stroke.width.get());
        let grid =
            (width - board.inner_line).abs() < 0.005 || (width - board.edge_line).abs() < 0.005;
        if grid && (from.x - to.x).abs() < 1e-6 {
            xs.push(from.x);
        } else if grid && (from.y - to.y).abs() < 1e-6 {
            ys.push(from.y);
        }
        if (from.y - to.y).abs() < 1e-6 && ((to.x - from.x) - 100.0).abs() < 1e-6 {
            bar = Some((from.x, to.x, from.y));
        }
    }
    for v in [&mut xs, &mut ys] {
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
    }
    assert_eq!((xs.len(), ys.len()), (5, 5), "the seed board is 5x5");
    Expected {
        xs,
        ys,
        bar: bar.expect("a 100 mm calibration bar on page 1"),
    }
}

/// What was measured on one printed page, in millimetres.
#[derive(Debug)]
struct Measured {
    across: Vec<f64>,
    down: Vec<f64>,
    bar_ticks: f64,
    bar_line: f64,
}

/// Measures the board's line spacing and the calibration bar on `page`, looking where the
/// layout put them, and checks they stand there (no margin, no shift) to within 0.3 mm.
fn measure(page: &Gray, want: &Expected, what: &str) -> Measured {
    let (xs, ys) = (&want.xs, &want.ys);
    // Across, along a row between the first two horizontal lines: one run per vertical line.
    let y = px((ys[0] + ys[1]) / 2.0);
    let runs = dark_runs(px(xs[0] - 4.0)..px(xs[4] + 4.0), |x| page.dark(x, y));
    let found: Vec<f64> = runs.into_iter().map(centre_mm).collect();
    assert_eq!(found.len(), 5, "{what}: vertical lines at {found:?} mm");
    for (got, laid) in found.iter().zip(xs) {
        assert!(
            (got - laid).abs() < 0.3,
            "{what}: a vertical line at {got} mm, laid out at {laid}"
        );
    }
    let across: Vec<f64> = found.windows(2).map(|w| w[1] - w[0]).collect();

    // Down, along a column between the first two vertical lines.
    let x = px((xs[0] + xs[1]) / 2.0);
    let runs = dark_runs(px(ys[0] - 4.0)..px(ys[4] + 4.0), |y| page.dark(x, y));
    let found: Vec<f64> = runs.into_iter().map(centre_mm).collect();
    assert_eq!(found.len(), 5, "{what}: horizontal lines at {found:?} mm");
    for (got, laid) in found.iter().zip(ys) {
        assert!(
            (got - laid).abs() < 0.3,
            "{what}: a horizontal line at {got} mm, laid out at {laid}"
        );
    }
    let down: Vec<f64> = found.windows(2).map(|w| w[1] - w[0]).collect();

    // The bar: its two end ticks rise 2.5 mm, the others 1.2 mm, so 2 mm above the bar only the
    // end ticks cross the row. Scanned short of the label, which starts 3 mm past the end.
    let (left, right, bar_y) = want.bar;
    let row = px(bar_y - 2.0);
    let runs = dark_runs(px(left - 2.0)..px(right + 2.0), |x| page.dark(x, row));
    let ticks: Vec<f64> = runs.into_iter().map(centre_mm).collect();
    assert_eq!(ticks.len(), 2, "{what}: bar end ticks at {ticks:?} mm");
    assert!(
        (ticks[0] - left).abs() < 0.3,
        "{what}: bar starts at {} mm, laid out at {left}",
        ticks[0]
    );
    let bar_ticks = ticks[1] - ticks[0];
    // And the bar line itself, in its lower half, below where the ticks end.
    let line_row = (bar_y * PX_PER_MM + 1.0) as usize;
    let runs = dark_runs(px(left - 2.0)..px(right + 2.0), |x| page.dark(x, line_row));
    assert_eq!(runs.len(), 1, "{what}: the bar line is broken: {runs:?}");
    let bar_line = (runs[0].1 + 1 - runs[0].0) as f64 / PX_PER_MM;
    Measured {
        across,
        down,
        bar_ticks,
        bar_line,
    }
}

/// Builds the seed kit on `paper` (`None`: the kit's own, A4), prints both HTML documents with
/// Chromium and checks them against our PDFs and the layout.
fn check_paper(flag: Option<&str>, paper: Paper, name: &str) {
    let Some(browser) = chromium() else {
        return;
    };
    if !tool_available("pdftoppm") {
        return;
    }
    let dir: PathBuf = temp_path(&format!("browser-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("pack");
    let mut args = vec!["build", SEED, "--out", out.to_str().unwrap()];
    if let Some(flag) = flag {
        args.extend(["--paper", flag]);
    }
    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{err}");

    for stem in ["player-sheet", "host-key"] {
        let html_path = out.join(format!("{stem}.html"));
        let html = std::fs::read_to_string(&html_path).unwrap();
        assert_self_contained(&html, stem);
        let printed = dir.join(format!("{stem}-chromium.pdf"));
        print_with_chromium(
            browser,
            &html_path,
            &printed,
            &dir.join(format!("profile-{stem}")),
        );
        let ours = page_sizes(&out.join(format!("{stem}.pdf")));
        let theirs = page_sizes(&printed);
        assert_eq!(
            theirs.len(),
            ours.len(),
            "{name} {stem}: Chromium printed {} pages, our PDF has {}",
            theirs.len(),
            ours.len()
        );
        for (i, (a, b)) in theirs.iter().zip(&ours).enumerate() {
            assert!(
                (a.0 - b.0).abs() <= PAGE_TOLERANCE_PT && (a.1 - b.1).abs() <= PAGE_TOLERANCE_PT,
                "{name} {stem} page {}: Chromium's is {a:?} pt, ours {b:?} pt",
                i + 1
            );
        }
        if stem != "player-sheet" {
            continue;
        }
        let sheet = seed_sheet(paper);
        let want = expected(&sheet);
        let page = rasterise_first_page(&printed);
        let (w, h) = (
            sheet.pages[0].size.width.get(),
            sheet.pages[0].size.height.get(),
        );
        assert!(
            (page.width as f64 / PX_PER_MM - w).abs() < 0.3
                && (page.height as f64 / PX_PER_MM - h).abs() < 0.3,
            "{name}: page 1 rasterised at {} x {} px",
            page.width,
            page.height
        );
        let m = measure(&page, &want, name);
        eprintln!(
            "{name}: across {:?} mm, down {:?} mm, bar {:.3} mm between end ticks, line {:.3} mm",
            m.across, m.down, m.bar_ticks, m.bar_line
        );
        for gap in &m.across {
            assert!(
                (gap - 22.0).abs() <= TOLERANCE_MM,
                "{name}: lines {gap} mm across, {m:?}"
            );
        }
        for gap in &m.down {
            assert!(
                (gap - 23.7).abs() <= TOLERANCE_MM,
                "{name}: lines {gap} mm down, {m:?}"
            );
        }
        assert!((m.bar_ticks - 100.0).abs() <= TOLERANCE_MM, "{name}: {m:?}");
        assert!((m.bar_line - 100.0).abs() <= TOLERANCE_MM, "{name}: {m:?}");
        // The paper is the one the layout used, in points as a PDF gives it.
        assert!(
            (theirs[0].0 - w * PT_PER_MM).abs() <= PAGE_TOLERANCE_PT,
            "{name}: {theirs:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The HTML names nothing outside itself: no web address, no `src`, links only within the page.
fn assert_self_contained(html: &str, what: &str) {
    assert!(!html.contains("http"), "{what}: names a web address");
    assert!(!html.contains("src="), "{what}: loads a resource");
    assert!(!html.contains("url("), "{what}: loads a resource from CSS");
    assert!(!html.contains("@import"), "{what}: imports a stylesheet");
    for after in html.split("href=").skip(1) {
        assert!(
            after.starts_with("\"#"),
            "{what}: links outside itself: {}",
            &after[..after.len().min(40)]
        );
    }
}

#[test]
fn a4_prints_from_chromium_at_true_size() {
    check_paper(None, Paper::A4, "a4");
}

#[test]
fn letter_prints_from_chromium_at_true_size() {
    check_paper(Some("letter"), Paper::Letter, "letter");
}

#[test]
fn a3_prints_from_chromium_at_true_size() {
    check_paper(Some("a3"), Paper::A3, "a3");
}
