//! A kit of many problems (a collection) prints as a problem book: several problems to a page,
//! each with its title and question and no position in words, and a host key of titles and
//! answers (each try named in one line, the lines on the diagrams), whose source is said once.
//! A session's few examples print as before.

mod common;

use common::{fresh_dir, pdf_pages_text, tool_available};

/// The straight three in each corner of a 19x19 board, alternately to kill and to live.
fn collection(count: usize) -> String {
    let mut kit = String::from(
        "[kit]\ntitle = \"Corner collection\"\n\n[rules]\nboard = 19\nscoring = \"area\"\n",
    );
    let flip = |c: u8, r: u8, corner: usize| {
        let col = if corner & 1 == 1 { 18 - c } else { c };
        let row = if corner & 2 == 2 { 18 - r } else { r };
        let letter = b"ABCDEFGHJKLMNOPQRST"[usize::from(col)] as char;
        format!("{letter}{}", row + 1)
    };
    let at = |points: &[(u8, u8)], corner: usize| -> String {
        points
            .iter()
            .map(|&(c, r)| flip(c, r, corner))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let black = [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (4, 1), (4, 0)];
    let white = [(0, 1), (1, 1), (2, 1), (3, 1), (3, 0)];
    for i in 0..count {
        let corner = i % 4;
        let (to_play, goal) = if i % 2 == 0 {
            ("black", "kill")
        } else {
            ("white", "live")
        };
        let vital = flip(1, 0, corner);
        // The try in the corner, answered at the vital point.
        let wrong = format!("{} {vital}", flip(0, 0, corner));
        let (lo, hi) = (flip(0, 0, corner), flip(6, 4, corner));
        kit.push_str(&format!(
            "\n[[example]]\ntitle = \"Problem {n}\"\nposition = \"black {b}; white {w}\"\nto_play = \"{to_play}\"\ntask = \"solve\"\nprompt = \"{to_play} to {goal}\"\ncorrect = [\"{vital}\"]\nwrong = [\"{wrong}\"]\nsource = \"the test's author\"\nview = \"{lo}:{hi}\"\n",
            n = i + 1,
            b = at(&black, corner),
            w = at(&white, corner),
        ));
    }
    kit
}

fn build(name: &str, kit: &str) -> (Vec<String>, Vec<String>) {
    let dir = fresh_dir(name);
    let path = dir.join("kit.toml");
    std::fs::write(&path, kit).unwrap();
    let out = dir.join("pack");
    common::build_pack(&path, &out, "pdf");
    (
        pdf_pages_text(&out.join("player-sheet.pdf"), false),
        pdf_pages_text(&out.join("host-key.pdf"), false),
    )
}

/// How many of the problems each page holds, by their numbered titles (`7. Problem 7`).
fn problems_per_page(pages: &[String]) -> Vec<usize> {
    pages
        .iter()
        .map(|p| {
            p.lines()
                .filter(|l| {
                    l.split_once(". Problem ")
                        .is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
                })
                .count()
        })
        .filter(|&n| n > 0)
        .collect()
}

#[test]
fn thirty_corner_problems_print_as_a_problem_book() {
    if !tool_available("pdftotext") {
        return;
    }
    let (player, host) = build("collection-30", &collection(30));
    let per_page = problems_per_page(&player);
    assert_eq!(per_page.iter().sum::<usize>(), 30, "{per_page:?}");
    // 7x5 corner views: three to a row, four rows to a full page (a book's 9 to 12); the last
    // page shares its room with the record.
    let (_, full) = per_page.split_last().unwrap();
    assert!(full.iter().all(|&n| n >= 6), "{per_page:?}");
    assert!(per_page.iter().any(|&n| n >= 9), "{per_page:?}");
    let sheet = player.join("\n");
    assert!(!sheet.contains("black A3"), "no position in words: {sheet}");
    assert!(sheet.contains("black to kill"), "{sheet}");
    let key = host.join("\n");
    // The source is said once, above the answers, not under each of the 30.
    assert_eq!(
        key.matches("Answer given by the test's author").count(),
        1,
        "{key}"
    );
    assert_eq!(key.matches(" is correct").count(), 30, "{key}");
    // A book's key names each try in one line; its refutation is in `key`'s text, not here.
    assert_eq!(key.matches("Wrong: ").count(), 30, "{key}");
    assert!(!key.contains(" is wrong: "), "{key}");
    assert!(
        !key.contains("black to kill"),
        "the key gives answers, not questions: {key}"
    );
}

/// A session's examples print their position in words only when the kit asks for it
/// (`position_words = true`) or when it is short (the seed's are four and five stones): these
/// twelve stones are the diagram again in words.
#[test]
fn a_session_s_examples_print_their_positions_in_words_when_asked() {
    if !tool_available("pdftotext") {
        return;
    }
    let (player, _) = build("collection-4-plain", &collection(4));
    let sheet = player.join("\n");
    assert!(!sheet.contains("black A3 B3 C3 D3 E3 E2 E1"), "{sheet}");
    let asked = collection(4).replace("[kit]\n", "[kit]\nposition_words = true\n");
    let (player, host) = build("collection-4", &asked);
    let sheet = player.join("\n");
    assert!(sheet.contains("black A3 B3 C3 D3 E3 E2 E1"), "{sheet}");
    let key = host.join("\n");
    assert_eq!(
        key.matches("Answer given by the test's author").count(),
        4,
        "{key}"
    );
}
