//! Text in any script: fonts chosen by the kit or `--font`, embedded in the PDF as subsets
//! with a ToUnicode map, drawn in the SVG from the glyphs themselves, and characters no font
//! has refused by `check` at their place in the kit.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{run, temp_path, tool_available};

/// Whether the CJK font the Japanese kit names is installed. `.ci/run` installs it
/// (Debian's fonts-noto-cjk), so under CI its absence fails the test instead of skipping it.
fn noto_cjk_installed() -> bool {
    let found = Command::new("fc-list")
        .arg("Noto Sans CJK JP")
        .output()
        .is_ok_and(|o| !o.stdout.is_empty());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "Noto Sans CJK JP (fonts-noto-cjk) is required when CI is set"
        );
        eprintln!("skipping: Noto Sans CJK JP is not installed");
    }
    found
}

/// Builds `kit` into a fresh folder and returns it.
fn build(kit: &str, name: &str, extra: &[&str]) -> PathBuf {
    let out = temp_path(name);
    let _ = std::fs::remove_dir_all(&out);
    let mut args = vec!["build", kit, "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    out
}

/// `pdffonts`' table rows: (name, type, embedded, subset, unicode map).
fn pdf_fonts(pdf: &Path) -> Vec<(String, String, bool, bool, bool)> {
    let out = Command::new("pdffonts").arg(pdf).output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(2)
        .map(|line| {
            let cols: Vec<&str> = line.split_whitespace().collect();
            let n = cols.len();
            // name, type (may be several words), encoding, emb, sub, uni, object, generation
            (
                cols[0].to_string(),
                cols[1..n - 6].join(" "),
                cols[n - 5] == "yes",
                cols[n - 4] == "yes",
                cols[n - 3] == "yes",
            )
        })
        .collect()
}

fn pdf_text(pdf: &Path) -> String {
    common::pdf_text(&std::fs::read(pdf).unwrap(), "fonts-text")
}

/// The visible words the SVG pages carry as selectable text, all pages joined.
fn svg_text(dir: &Path, stem: &str) -> String {
    let mut text = String::new();
    for n in 1.. {
        let Ok(svg) = std::fs::read_to_string(dir.join(format!("{stem}-{n}.svg"))) else {
            break;
        };
        text.push_str(&svg);
    }
    text
}

#[test]
fn european_characters_survive_from_kit_to_pdf_and_svg() {
    let out = build("tests/kits/fonts/european.toml", "fonts-european", &[]);
    let expected = [
        "Łańcuch — Freiheitsgrade × Ελευθερίες – straße",
        "Zählt die Freiheiten; Ωμέγα οδός; łódź · “quotes”.",
        "Pierwszy łańcuch – Γωνία",
    ];
    let svg = svg_text(&out, "player-sheet");
    for words in expected {
        assert!(svg.contains(words), "SVG lacks {words}");
    }
    if !tool_available("pdftotext") {
        return;
    }
    let text = pdf_text(&out.join("player-sheet.pdf"));
    for words in expected {
        assert!(text.contains(words), "PDF lacks {words}:\n{text}");
    }
    let fonts = pdf_fonts(&out.join("player-sheet.pdf"));
    assert!(!fonts.is_empty());
    for (name, _, embedded, subset, unicode) in &fonts {
        assert!(name.contains("+LiberationSans"), "{name}");
        assert!(*embedded && *subset && *unicode, "{fonts:?}");
    }
}

#[test]
fn japanese_is_set_in_the_chosen_font_and_reads_back() {
    if !noto_cjk_installed() || !tool_available("pdftotext") {
        return;
    }
    let out = build("tests/kits/fonts/japanese.toml", "fonts-japanese", &[]);
    let pdf = out.join("player-sheet.pdf");
    let text = pdf_text(&pdf);
    for words in [
        "呼吸点の取り合い",
        "連の呼吸点を数え、相手の石を取る練習です。",
        "アタリの石を取る",
    ] {
        assert!(text.contains(words), "PDF lacks {words}:\n{text}");
    }
    // The prompt is wrapped between ideographs; rejoined, it is whole.
    let joined: String = text.split_whitespace().collect();
    assert!(
        joined.contains(
            "黒番です。白石を取る点はどこですか？「取る」とは、最後の呼吸点をふさぐことです。"
        ),
        "{joined}"
    );
    let fonts = pdf_fonts(&pdf);
    assert!(
        fonts.iter().any(|f| f.0.contains("+NotoSansCJKjp")),
        "{fonts:?}"
    );
    for (name, _, embedded, subset, unicode) in &fonts {
        assert!(*embedded && *subset && *unicode, "{name}: {fonts:?}");
    }
    // Subsetting keeps a font of many megabytes to the glyphs used.
    for doc in ["player-sheet.pdf", "host-key.pdf"] {
        let size = std::fs::metadata(out.join(doc)).unwrap().len();
        assert!(size < 300_000, "{doc} is {size} bytes");
    }
}

#[test]
fn the_font_flag_overrides_the_kit() {
    if !noto_cjk_installed() {
        return;
    }
    // The kit names no font; the flag supplies one that has the Japanese.
    let (code, _, err) = run(&["check", "tests/kits/fonts/japanese-no-font.toml"]);
    assert_eq!(code, 1, "{err}");
    let (code, out, err) = run(&[
        "check",
        "tests/kits/fonts/japanese-no-font.toml",
        "--font",
        "Noto Sans CJK JP",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok"), "{out}");
}

#[test]
fn a_character_no_font_has_is_reported_where_it_is_written() {
    let path = "tests/kits/fonts/japanese-no-font.toml";
    let (code, _, err) = run(&["check", path]);
    assert_eq!(code, 1, "{err}");
    // Each character once, with its code point, where it first appears, and the fonts tried.
    assert!(
        err.contains("error: `呼` (U+547C) is in no font the pack is set in (in `呼吸点`)"),
        "{err}"
    );
    assert!(err.contains(&format!("{path}:3:10")), "{err}");
    assert!(err.contains("tried Liberation Sans (bundled)"), "{err}");
    assert_eq!(err.matches("error: `吸`").count(), 1, "{err}");
    assert!(err.contains("error: `黒` (U+9ED2)"), "{err}");
}

#[test]
fn an_unknown_font_lists_the_nearest_installed_families() {
    let path = "tests/kits/fonts/unknown-font.toml";
    let (code, _, err) = run(&["check", path]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("error: no font named `Noto Sans CJK` is installed"),
        "{err}"
    );
    assert!(err.contains(&format!("{path}:3:8")), "{err}");
    if noto_cjk_installed() {
        assert!(err.contains("`Noto Sans CJK JP`"), "{err}");
    }
}

#[test]
fn a_font_file_is_found_beside_the_kit() {
    // A kit in its own folder names a font file by a path relative to itself.
    let dir = temp_path("fonts-beside");
    std::fs::create_dir_all(dir.join("fonts")).unwrap();
    std::fs::copy("fonts/LiberationSans-Bold.ttf", dir.join("fonts/Heavy.ttf")).unwrap();
    let kit = dir.join("kit.toml");
    std::fs::write(
        &kit,
        "[kit]\ntitle = \"Heavy\"\nfont = \"fonts/Heavy.ttf\"\n[rules]\nboard = 5\n",
    )
    .unwrap();
    let out = build(
        kit.to_str().unwrap(),
        "fonts-beside-out",
        &["--format", "pdf"],
    );
    if tool_available("pdffonts") {
        let fonts = pdf_fonts(&out.join("player-sheet.pdf"));
        // Both weights come from the one file given.
        assert!(
            fonts.iter().all(|f| f.0.ends_with("+LiberationSans-Bold")),
            "{fonts:?}"
        );
    }
    let missing = dir.join("missing.toml");
    std::fs::write(
        &missing,
        "[kit]\ntitle = \"Gone\"\nfont = \"fonts/Gone.ttf\"\n[rules]\nboard = 5\n",
    )
    .unwrap();
    let (code, _, err) = run(&["check", missing.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot use the font file"), "{err}");
    assert!(err.contains("fonts/Gone.ttf: no such file"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}
