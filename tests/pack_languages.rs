//! `[kit] language` in the printed pack: the French seed kit builds, and its player sheet and
//! host key, read back with `pdftotext`, carry the sentences of templates/fr/ and not the
//! English ones. (The Japanese kit is left to the font support of issue 12, section 1: until
//! then the builtin PDF font cannot print it.)

mod common;

use std::fs;
use std::path::Path;

use common::{pdf_text, run, temp_path};
use libertykit::text::{Language, Wording};

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
    let (code, _, err) = run(&[
        "build",
        kit.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--format",
        "pdf",
    ]);
    assert_eq!(code, 0, "{err}");
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
