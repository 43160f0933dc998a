//! Text that fits in every script: every page of every example kit, in every language, on A4
//! and Letter, is laid out with the kit's own fonts, and every text run is checked to stay
//! inside the page's margins and inside the smallest box drawn around its start.

mod common;

use std::path::Path;

use libertykit::answer::answer_key;
use libertykit::kit::{Kit, Paper, load};
use libertykit::layout::page::{Document, Shape};
use libertykit::layout::style::Style;
use libertykit::layout::{Pack, pack};
use libertykit::typeface::{self, Typefaces};
use libertykit::wording::Language;

use common::text_box;

/// Every kit in `examples/`: the test follows the folder, so a new example is checked too.
fn example_kits() -> Vec<(String, String)> {
    let mut kits: Vec<(String, String)> = std::fs::read_dir("examples")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    kits.sort();
    assert!(kits.len() >= 6, "{kits:?}");
    kits
}

/// The kit's fonts, as `build` finds them; `None` when the font is not installed here (then
/// CI, which installs it, must not be running).
fn fonts_of(kit: &Kit) -> Option<&'static Typefaces> {
    match &kit.font {
        None => Some(typeface::bundled()),
        Some((name, _)) => match typeface::load(name, Path::new("examples")) {
            Ok(fonts) => Some(fonts),
            Err(problem) => {
                assert!(
                    std::env::var_os("CI").is_none(),
                    "{}: required when CI is set",
                    problem.message()
                );
                eprintln!("skipping a kit: {}", problem.message());
                None
            }
        },
    }
}

/// Every problem with the text of `doc`'s pages, as sentences.
fn overflows(doc: &Document, style: &Style) -> Vec<String> {
    let fonts = doc.fonts;
    let mut problems = Vec::new();
    for (n, page) in doc.pages.iter().enumerate() {
        let boxes: Vec<(f64, f64, f64, f64)> = page
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Rect { origin, size, .. } => Some((
                    origin.x.get(),
                    origin.y.get(),
                    (origin.x + size.width).get(),
                    (origin.y + size.height).get(),
                )),
                _ => None,
            })
            .collect();
        for shape in &page.shapes {
            let Some((left, top, right, bottom)) = text_box(fonts, shape) else {
                continue;
            };
            let Shape::Text { text, .. } = shape else {
                continue;
            };
            // Half a tenth of a millimetre for rounding.
            let slack = 0.05;
            if left < style.margin - slack || right > page.size.width.get() - style.margin + slack {
                problems.push(format!(
                    "page {}: `{text}` runs from {left:.1} to {right:.1} mm, outside the margins",
                    n + 1
                ));
            }
            if top < style.margin - slack || bottom > page.size.height.get() - style.margin + slack
            {
                problems.push(format!(
                    "page {}: `{text}` is above or below the margins",
                    n + 1
                ));
            }
            // The smallest box the start of the text is in is the one it belongs to (a table
            // cell, the tally): it must hold the whole run.
            let inside = |b: &&(f64, f64, f64, f64)| {
                b.0 <= left + slack && left < b.2 && b.1 <= top + slack && bottom <= b.3 + slack
            };
            if let Some(b) = boxes
                .iter()
                .filter(inside)
                .min_by(|a, b| ((a.2 - a.0) * (a.3 - a.1)).total_cmp(&((b.2 - b.0) * (b.3 - b.1))))
                && right > b.2 + slack
            {
                problems.push(format!(
                    "page {}: `{text}` ends at {right:.1} mm, past its box's right edge at {:.1} mm",
                    n + 1,
                    b.2
                ));
            }
        }
    }
    problems
}

#[test]
fn every_text_run_stays_inside_its_box_and_the_margins() {
    let mut checked = Vec::new();
    let mut problems = Vec::new();
    for (name, source) in example_kits() {
        let kit = load(&source).unwrap_or_else(|d| panic!("{name}: {d:?}"));
        let Some(fonts) = fonts_of(&kit) else {
            continue;
        };
        for paper in [Paper::A4, Paper::Letter] {
            let (pack, style) = laid_out(&kit, paper, fonts);
            for doc in [&pack.player_sheet, &pack.host_key] {
                problems.extend(
                    overflows(doc, &style)
                        .into_iter()
                        .map(|p| format!("{name} on {}, {}: {p}", paper.name(), doc.title)),
                );
            }
            checked.push(format!("{name} {}", paper.name()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked.len() >= 10, "{checked:?}");
}

#[test]
fn a_run_past_its_box_is_caught() {
    // The check itself must be able to fail: a long word in a narrow box.
    let fonts = typeface::bundled();
    let style = Style::default();
    let doc = Document {
        title: "t".into(),
        fonts,
        language: Language::English,
        pages: vec![libertykit::layout::page::Page {
            size: libertykit::layout::geom::Size::mm(210.0, 297.0),
            shapes: vec![
                Shape::Rect {
                    origin: libertykit::layout::geom::Pos::mm(20.0, 20.0),
                    size: libertykit::layout::geom::Size::mm(10.0, 10.0),
                    fill: None,
                    stroke: None,
                },
                Shape::Text {
                    baseline: libertykit::layout::geom::Pos::mm(21.0, 28.0),
                    text: "Liberties".into(),
                    size_pt: 10.0,
                    font: libertykit::layout::page::Font::Regular,
                    color: libertykit::layout::geom::Rgb::BLACK,
                },
            ],
        }],
    };
    let problems = overflows(&doc, &style);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("past its box"), "{problems:?}");
}

/// A prompt longer than a page's column gets the page's width, and one longer than a page
/// runs on over the next pages: every line of it is above the footer band and inside the
/// margins, and none of its words is lost.
#[test]
fn a_prompt_longer_than_a_page_stays_above_the_footer() {
    for count in [400, 2000] {
        long_prompt_stays_above_the_footer(count);
    }
}

fn long_prompt_stays_above_the_footer(count: usize) {
    let words: Vec<String> = (1..=count).map(|i| format!("word{i}")).collect();
    let source = format!(
        "[kit]\ntitle = \"Long\"\n\n[rules]\nboard = 5\n\n[[example]]\nposition = \"white C3; black B3 C2 D3\"\ntask = \"capture\"\nto_play = \"black\"\nprompt = \"{}\"\n",
        words.join(" ")
    );
    let kit = load(&source).unwrap();
    let fonts = typeface::bundled();
    for paper in [Paper::A4, Paper::Letter] {
        let (pack, style) = laid_out(&kit, paper, fonts);
        for doc in [&pack.player_sheet, &pack.host_key] {
            let problems = overflows(doc, &style);
            assert!(problems.is_empty(), "{}", problems.join("\n"));
            let mut printed = Vec::new();
            for page in &doc.pages {
                let bottom = page.size.height.get() - style.margin - style.footer_band;
                for shape in &page.shapes {
                    if let Shape::Text { text, baseline, .. } = shape
                        && text.contains("word")
                    {
                        assert!(
                            baseline.y.get() <= bottom + 0.05,
                            "{}: `{text}` at {:.1} mm is in the footer band (from {bottom:.1} mm)",
                            doc.title,
                            baseline.y.get()
                        );
                        // The sheet names the side to play before the author's words.
                        printed.extend(
                            text.split_whitespace()
                                .filter(|w| w.starts_with("word"))
                                .map(str::to_string),
                        );
                    }
                }
            }
            assert_eq!(printed, words, "{} on {}", doc.title, paper.name());
            // 2000 words take more than one page of their own.
            assert!(doc.pages.len() >= 2 + count / 1000, "{}", doc.title);
        }
    }
}

/// `kit` laid out on `paper`, with the style its pages were set in.
fn laid_out(kit: &Kit, paper: Paper, fonts: &'static Typefaces) -> (Pack, Style) {
    let mut kit = kit.clone();
    kit.paper = paper;
    let key = answer_key(&kit);
    let pack = pack(&kit, &key, fonts);
    let (physical, _) = libertykit::layout::fit::fitted_physical(&kit, fonts);
    (pack, Style::for_physical(&physical, fonts))
}
