//! `[kit] language` in the printed pack: the French seed kit builds, and its player sheet and
//! host key, read back with `pdftotext`, carry the sentences of templates/fr/ and not the
//! English ones; the Japanese seed kit, set in Noto Sans CJK JP, likewise carries the
//! sentences of templates/ja/.

mod common;

use std::fs;
use std::path::Path;

use common::{pdf_text, run, temp_path};
use libertykit::wording::{Language, Wording};

/// Fixed sentences (no placeholders) that every pack of the seed kit prints, by document.
const PLAYER_SENTENCES: &[&str] = &[
    "rules_heading_prepare",
    "rules_heading_play",
    "rules_heading_finish",
    "rules_start",
    "rules_group",
    "rules_liberty",
    "rules_place",
    "rules_ko_positional",
    "rules_pass",
    "scoring_captures",
    "tally",
    "examples_heading",
    "record_heading",
    "record_liberties",
    "counters_heading",
    "printing_note",
];
const HOST_SENTENCES: &[&str] = &[
    "host_heading",
    "run_round_heading",
    "run_round_adaptation",
    "answers_heading",
    "host_printing_note",
];

/// The text of the pack's `file` in the folder `out`, whitespace collapsed (a wrapped sentence
/// is found whole) and no-break spaces read as spaces (the pages break lines at them).
fn pack_text(out: &Path, file: &str) -> String {
    let text = pdf_text(
        &fs::read(out.join(file)).unwrap(),
        &format!("languages-{file}"),
    );
    normalized(&text)
}

/// `text` with no-break spaces as spaces and every run of whitespace as one space.
fn normalized(text: &str) -> String {
    text.replace('\u{a0}', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_french_seed_pack_prints_the_french_templates() {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/liberty-chain-capture-fr.toml");
    let out = temp_path("languages-fr");
    let _ = fs::remove_dir_all(&out);
    common::build_pack(&kit, &out, "pdf");
    let player = pack_text(&out, "player-sheet.pdf");
    let host = pack_text(&out, "host-key.pdf");
    let _ = fs::remove_dir_all(&out);

    let french = Wording::for_language(Language::French);
    let english = Wording::defaults();
    for (text, keys) in [(&player, PLAYER_SENTENCES), (&host, HOST_SENTENCES)] {
        for key in keys {
            let sentence = normalized(french.get(key));
            assert!(text.contains(&sentence), "{key}: {sentence:?} in\n{text}");
            let original = normalized(english.get(key));
            assert!(!text.contains(&original), "{key}: {original:?} in\n{text}");
        }
    }
    // Sentences with the kit's values filled in, and the numbers the rules spell out.
    for expected in [
        "Matériel : un goban de 5×5 intersections, 25 grands jetons en papier par couleur.",
        "La partie s’arrête après deux passes consécutives, 80 pierres posées au total ou quand \
         un joueur a capturé cinq pierres.",
        "Feuille des joueurs page 1 sur 3 · kit ",
    ] {
        assert!(player.contains(expected), "{expected:?} in\n{player}");
    }
    for expected in [
        "Noir joue : quel coup capture ?",
        "C4 capture C3 (1 pierre)",
        "La chaîne de Blanc (C3, C4) a 3 libertés : B4, C5, D4",
        "Corrigé de l’animateur page 1 sur 1 · kit ",
    ] {
        assert!(host.contains(expected), "{expected:?} in\n{host}");
    }
}

/// `text` without any whitespace: Japanese has no spaces, and `pdftotext` puts a line break
/// wherever a line of the page was broken between two characters.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn the_japanese_seed_pack_prints_the_japanese_templates() {
    let installed = std::process::Command::new("fc-list")
        .arg("Noto Sans CJK JP")
        .output()
        .is_ok_and(|o| !o.stdout.is_empty());
    if !installed {
        assert!(
            std::env::var_os("CI").is_none(),
            "Noto Sans CJK JP (fonts-noto-cjk) is required when CI is set"
        );
        eprintln!("skipping: Noto Sans CJK JP is not installed");
        return;
    }
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/liberty-chain-capture-ja.toml");
    let out = temp_path("languages-ja");
    let _ = fs::remove_dir_all(&out);
    common::build_pack(&kit, &out, "pdf");
    let player = squeezed(&pack_text(&out, "player-sheet.pdf"));
    let host = squeezed(&pack_text(&out, "host-key.pdf"));
    let _ = fs::remove_dir_all(&out);

    let japanese = Wording::for_language(Language::Japanese);
    let english = Wording::defaults();
    for (text, keys) in [(&player, PLAYER_SENTENCES), (&host, HOST_SENTENCES)] {
        for key in keys {
            let sentence = squeezed(japanese.get(key));
            assert!(text.contains(&sentence), "{key}: {sentence:?} in\n{text}");
            let original = squeezed(english.get(key));
            assert!(!text.contains(&original), "{key}: {original:?} in\n{text}");
        }
    }
}

#[test]
fn the_pack_says_which_language_it_is_in() {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/liberty-chain-capture-fr.toml");
    let out = temp_path("languages-lang");
    let _ = fs::remove_dir_all(&out);
    let (code, _, err) = run(&[
        "build",
        kit.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // The PDF catalog's /Lang and the SVG root's xml:lang, which screen readers go by.
    let pdf = lopdf::Document::load(out.join("host-key.pdf")).unwrap();
    let lang = pdf
        .catalog()
        .unwrap()
        .get(b"Lang")
        .unwrap()
        .as_str()
        .unwrap();
    assert_eq!(lang, b"fr");
    let svg = fs::read_to_string(out.join("player-sheet-1.svg")).unwrap();
    assert!(svg.contains(r#"xml:lang="fr""#), "{}", &svg[..300]);
    let _ = fs::remove_dir_all(&out);
}
