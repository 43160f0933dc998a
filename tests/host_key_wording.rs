//! Each document's fixed words are written for its reader, and the host key's worked example
//! comes from the kit: the seed's own words, or one of the kit's examples worked through by the
//! engine; never the seed's text in another kit's pack.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{pdf_text, run, temp_path};

/// The seed's worked example, in words no other kit's pack may print.
const SEED_WORKED: &str = "black C4 removes white C3";

fn example_kit(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// Builds `kit` and returns the text of its player sheet and host key, whitespace collapsed so
/// a sentence wrapped across lines is still found whole.
fn pack_text(kit: &Path, name: &str) -> (String, String) {
    let out = temp_path(name);
    let _ = fs::remove_dir_all(&out);
    let (code, _, err) = run(&[
        "build",
        kit.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let read = |file: &str| {
        let text = pdf_text(
            &fs::read(out.join(file)).unwrap(),
            &format!("{name}-{file}"),
        );
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let texts = (read("player-sheet.pdf"), read("host-key.pdf"));
    let _ = fs::remove_dir_all(&out);
    texts
}

#[test]
fn only_the_seed_kit_prints_the_seed_worked_example() {
    let (_, host) = pack_text(&example_kit("liberty-chain-capture.toml"), "seed");
    assert!(host.contains(SEED_WORKED), "{host}");
    for kit in ["capture-drills.toml", "counting-practice-9x9.toml"] {
        let (player, host) = pack_text(&example_kit(kit), kit);
        assert!(!host.contains(SEED_WORKED), "{kit}: {host}");
        assert!(!host.contains("Worked example"), "{kit}: {host}");
        assert!(!player.contains("Worked example"), "{kit}");
    }
}

#[test]
fn each_document_carries_the_note_written_for_its_reader() {
    let (player, host) = pack_text(&example_kit("liberty-chain-capture.toml"), "notes");
    // Players are told how to print and cut; nothing on their pages orders the host about.
    assert!(
        player.contains("Cut the counters along the dashed lines"),
        "{player}"
    );
    assert!(!player.contains("Keep host keys separate"), "{player}");
    assert!(!player.contains("away from the players"), "{player}");
    // The host is told to keep the key away from players, and is not told what not to promise.
    assert!(
        host.contains("Keep this key away from the players"),
        "{host}"
    );
    assert!(!host.contains("Cut the counters"), "{host}");
    assert!(!host.contains("do not promise"), "{host}");
}

fn write_kit(name: &str, worked_example: &str) -> PathBuf {
    let dir = temp_path(name);
    fs::create_dir_all(&dir).unwrap();
    let kit = dir.join("worked.toml");
    let text = format!(
        r#"[kit]
title = "Worked"
{worked_example}

[rules]
board = 6

[[example]]
position = "white C3; black B3 C2 D3"
to_play = "black"
task = "capture"

[[example]]
title = "Into the corner"
position = "white B2; black A2 B3 C2"
to_play = "black"
task = "capture"
"#
    );
    fs::write(&kit, text).unwrap();
    kit
}

#[test]
fn worked_example_works_through_the_chosen_example_from_the_engine() {
    let kit = write_kit("worked", "worked_example = 2");
    let (player, host) = pack_text(&kit, "worked-pack");
    // By hand: white B2's only liberty is B1, so Black B1 takes it; nothing else captures.
    let expected = "Worked example, 2. Into the corner: white B2; black A2 B3 C2. \
                    Black to play: which move captures? B1 captures B2 (1 stone).";
    assert!(host.contains(expected), "{host}");
    assert!(!player.contains("Worked example"), "{player}");
}

#[test]
fn worked_example_must_name_one_of_the_kits_examples() {
    let kit = write_kit("worked-bad", "worked_example = 3");
    let (code, _, err) = run(&["check", kit.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(":3:18"), "{err}");
    assert!(
        err.contains("`worked_example = 3` names no example of this kit"),
        "{err}"
    );
    assert!(err.contains("use 1 to 2"), "{err}");
}

/// A board drawn smaller than a real one says so, and a pack without counters asks for
/// nothing to be cut. By hand: 9x9 on A4 is fitted at 20.3 x 21.9 mm.
#[test]
fn the_sheet_says_what_was_printed_not_what_was_not() {
    let dir = temp_path("said");
    fs::create_dir_all(&dir).unwrap();
    let fitted = dir.join("nine.toml");
    fs::write(&fitted, "[kit]\ntitle = \"Nine\"\n[rules]\nboard = 9\n").unwrap();
    let (player, _) = pack_text(&fitted, "said-nine");
    assert!(
        player.contains("Board: 9×9 intersections, lines 20.3 × 21.9 mm apart"),
        "{player}"
    );
    assert!(!player.contains("full size"), "{player}");
    let stones = dir.join("stones.toml");
    fs::write(
        &stones,
        "[kit]\ntitle = \"Stones\"\ncounters = \"none\"\n[rules]\nboard = 5\n",
    )
    .unwrap();
    let (player, _) = pack_text(&stones, "said-stones");
    assert!(
        player.contains("5×5 intersection board and a set of stones"),
        "{player}"
    );
    assert!(!player.contains("counters"), "{player}");
    assert!(!player.contains("Cut"), "{player}");
    let (seed, _) = pack_text(&example_kit("liberty-chain-capture.toml"), "said-seed");
    assert!(
        seed.contains("Board: 5×5 intersections, full size"),
        "{seed}"
    );
}
