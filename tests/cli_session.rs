//! `libertykit build KIT KIT... --out DIR`: a session of several kits, each in its own folder,
//! an index listing them, and the advice on what to print for whom.

mod common;

use std::fs;
use std::path::Path;

use common::{fresh_dir, run};

/// The fingerprint `check` prints for `kit`.
fn fingerprint(kit: &str) -> String {
    let (code, stdout, stderr) = run(&["check", kit]);
    assert_eq!(code, 0, "{stderr}");
    stdout.trim_end().rsplit(' ').next().unwrap().to_string()
}

const CHAIN: &str = "examples/liberty-chain-capture.toml";
const DRILLS: &str = "examples/capture-drills.toml";

#[test]
fn two_kits_go_to_their_own_folders_with_an_index_listing_both() {
    let out = fresh_dir("two").join("session");
    let out_arg = out.to_str().unwrap();
    let (code, stdout, stderr) = run(&["build", CHAIN, DRILLS, "--out", out_arg]);
    assert_eq!(code, 0, "{stderr}");
    for stem in ["liberty-chain-capture", "capture-drills"] {
        for file in ["player-sheet.pdf", "host-key.pdf", "player-sheet.html"] {
            assert!(out.join(stem).join(file).is_file(), "{stem}/{file}");
        }
    }
    // Nothing of a pack lands directly in the session folder.
    assert!(!out.join("player-sheet.pdf").exists());
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    for (kit, title) in [(CHAIN, "Liberty-chain capture"), (DRILLS, "Capture drills")] {
        let print = fingerprint(kit);
        assert!(index.contains(&print), "{print} not in {index}");
        assert!(index.contains(title), "{title} not in {index}");
    }
    // Relative links to each kit's files, and whom each document is for.
    assert!(index.contains(r#"href="capture-drills/host-key.pdf""#));
    assert!(index.contains(r#"href="liberty-chain-capture/player-sheet.pdf""#));
    assert!(index.contains("for the host only"));
    assert!(
        index.contains("pages: 3; sheets of A4, printed on both sides: 2"),
        "{index}"
    );
    // Without --combine there is no combined file to link.
    assert!(!index.contains("session-player-sheets.pdf"));
    // Standard output is only the written files, the index among them.
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.contains(&out.join("index.html").to_str().unwrap()));
    for line in &lines {
        assert!(Path::new(line).is_file(), "not a written file: {line}");
    }
    // The advice goes to standard error.
    assert!(stderr.contains("For the players:"), "{stderr}");
    assert!(stderr.contains("For the host only"), "{stderr}");
    assert!(
        stderr.contains("100%") && stderr.contains("100 mm"),
        "{stderr}"
    );
    assert!(!stdout.contains("100 mm"));
}

#[test]
fn one_kit_keeps_its_files_directly_in_the_folder_and_gets_the_advice() {
    let out = fresh_dir("one").join("pack");
    let (code, stdout, stderr) = run(&["build", CHAIN, "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(out.join("player-sheet.pdf").is_file());
    assert!(!out.join("index.html").exists());
    assert!(
        stdout.lines().all(|line| Path::new(line).is_file()),
        "{stdout}"
    );
    let host = out.join("host-key.pdf");
    assert!(
        stderr.contains(&format!(
            "For the host only, kept from the players: {}",
            host.display()
        )),
        "{stderr}"
    );
}

#[test]
fn two_kits_with_the_same_stem_are_refused_before_anything_is_written() {
    let dir = fresh_dir("same-stem");
    let other = dir.join("elsewhere");
    fs::create_dir_all(&other).unwrap();
    let copy = other.join("liberty-chain-capture.toml");
    fs::copy(Path::new(env!("CARGO_MANIFEST_DIR")).join(CHAIN), &copy).unwrap();
    let out = dir.join("session");
    let (code, stdout, stderr) = run(&[
        "build",
        CHAIN,
        copy.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains(CHAIN), "{stderr}");
    assert!(stderr.contains(copy.to_str().unwrap()), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn one_failing_kit_among_two_writes_nothing() {
    let out = fresh_dir("failing").join("session");
    let (code, stdout, stderr) = run(&[
        "build",
        CHAIN,
        "tests/kits/broken/bad-board.toml",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("bad-board.toml"), "{stderr}");
    assert!(!out.exists());
    // With two failing kits, both kits' problems are reported.
    let (code, _, stderr) = run(&[
        "build",
        "tests/kits/broken/bad-board.toml",
        "tests/kits/broken/missing-title.toml",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("bad-board.toml"), "{stderr}");
    assert!(stderr.contains("missing-title.toml"), "{stderr}");
    assert!(!out.exists());
}

#[test]
fn several_kits_need_an_out_folder() {
    let (code, stdout, stderr) = run(&["build", CHAIN, DRILLS]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains("--out DIR"), "{stderr}");
}

#[test]
fn combine_joins_every_kits_pages_in_order_with_their_own_footers() {
    let out = fresh_dir("combine").join("session");
    let (code, stdout, stderr) = run(&[
        "build",
        CHAIN,
        DRILLS,
        "--combine",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    for (combined, own) in [
        ("session-player-sheets.pdf", "player-sheet.pdf"),
        ("session-host-keys.pdf", "host-key.pdf"),
    ] {
        let path = out.join(combined);
        assert!(stdout.lines().any(|l| Path::new(l) == path), "{stdout}");
        let bytes = fs::read(&path).unwrap();
        let pages = |b: &[u8]| lopdf::Document::load_mem(b).unwrap().get_pages().len();
        let parts: Vec<usize> = ["liberty-chain-capture", "capture-drills"]
            .iter()
            .map(|stem| pages(&fs::read(out.join(stem).join(own)).unwrap()))
            .collect();
        // Each kit starts on a sheet of its own, printed on both sides: a first kit of an odd
        // number of pages is followed by a blank one.
        let padded = parts[0] + parts[0] % 2 + parts[1];
        assert_eq!(pages(&bytes), padded, "{combined}: parts {parts:?}");
        if common::tool_available("pdftotext") {
            let texts = common::pdf_pages_text(&path, false);
            let second = parts[0] + parts[0] % 2;
            if parts[0] % 2 == 1 {
                assert!(texts[parts[0]].trim().is_empty(), "{}", texts[parts[0]]);
            }
            let kit = format!("kit {}", fingerprint(DRILLS));
            assert!(texts[second].contains(&kit), "{}", texts[second]);
            assert!(!texts[second - 1].contains(&kit));
        }
        if common::tool_available("pdftotext") {
            let text = common::pdf_text(&bytes, combined);
            let first = text.find(&format!("kit {}", fingerprint(CHAIN)));
            let second = text.find(&format!("kit {}", fingerprint(DRILLS)));
            assert!(
                first.is_some() && second.is_some() && first < second,
                "{text}"
            );
        }
        if common::tool_available("qpdf") {
            common::assert_qpdf_clean(&bytes, combined);
        }
    }
}

#[test]
fn combine_needs_several_kits() {
    let out = fresh_dir("combine-one").join("pack");
    let (code, _, stderr) = run(&["build", CHAIN, "--combine", "--out", out.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(!out.exists());
}

/// The index links the combined files it wrote, and sets each kit's section in the kit's own
/// language: a French kit's documents are named and described in French.
#[test]
fn the_index_links_the_combined_files_and_speaks_each_kits_language() {
    let out = fresh_dir("index-languages").join("session");
    let french = "examples/liberty-chain-capture-fr.toml";
    let (code, _, stderr) = run(&[
        "build",
        CHAIN,
        french,
        "--combine",
        "--format",
        "pdf",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        index.contains(r#"<a href="session-player-sheets.pdf">"#),
        "{index}"
    );
    assert!(
        index.contains(r#"<a href="session-host-keys.pdf">"#),
        "{index}"
    );
    assert!(
        !index.contains("session-boards.pdf"),
        "no kit has a tiled board"
    );
    let french_part = &index[index
        .find(r#"<section class="kit" lang="fr">"#)
        .expect("a French section")..];
    assert!(french_part.contains("Feuille des joueurs"), "{french_part}");
    assert!(
        french_part.contains("pour l’animateur seulement"),
        "{french_part}"
    );
    assert!(
        index.contains(r#"<section class="kit" lang="en">"#),
        "{index}"
    );
}

/// Rebuilt into the same folder with other kits, a session leaves only what it wrote: the
/// packs of kits it no longer has and the combined files of the earlier build go, while a file
/// someone else put in a kit's folder stays (with its folder).
#[test]
fn a_rebuild_with_other_kits_leaves_only_what_it_wrote() {
    let out = fresh_dir("rebuild").join("session");
    let out_arg = out.to_str().unwrap();
    let french = "examples/liberty-chain-capture-fr.toml";
    let (code, _, stderr) = run(&[
        "build",
        CHAIN,
        DRILLS,
        "--combine",
        "--format",
        "pdf",
        "--out",
        out_arg,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(out.join("capture-drills").join("player-sheet.pdf").exists());
    let (code, _, stderr) = run(&["build", french, CHAIN, "--format", "pdf", "--out", out_arg]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        !out.join("capture-drills").exists(),
        "the dropped kit's folder is gone"
    );
    assert!(!out.join("session-player-sheets.pdf").exists());
    assert!(
        out.join("liberty-chain-capture-fr")
            .join("player-sheet.pdf")
            .exists()
    );
    assert!(
        out.join("liberty-chain-capture")
            .join("player-sheet.pdf")
            .exists()
    );
    assert!(stderr.contains("removed stale"), "{stderr}");
    // A folder holding something else than a pack keeps it.
    let keep = out.join("liberty-chain-capture").join("notes.txt");
    fs::write(&keep, "the host's own notes").unwrap();
    let (code, _, stderr) = run(&["build", french, DRILLS, "--format", "pdf", "--out", out_arg]);
    assert_eq!(code, 0, "{stderr}");
    assert!(keep.exists());
    assert!(
        !out.join("liberty-chain-capture")
            .join("player-sheet.pdf")
            .exists()
    );
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(!index.contains("href=\"liberty-chain-capture/"), "{index}");
}

/// The pages an index line lists: `For each player: pages 1, 3–4, the rules…` gives 1, 3, 4.
fn listed_pages(line: &str) -> Vec<usize> {
    let (_, rest) = line.split_once(": ").unwrap();
    let rest = rest
        .trim_start_matches("pages ")
        .trim_start_matches("page ");
    let mut pages = Vec::new();
    for item in rest.split(", ") {
        let bounds: Vec<Option<usize>> = item.split('–').map(|n| n.parse().ok()).collect();
        match bounds[..] {
            [Some(page)] => pages.push(page),
            [Some(first), Some(last)] => pages.extend(first..=last),
            _ => break,
        }
    }
    pages
}

/// The index says which pages of each player sheet every player needs and which a pair, and
/// the pages themselves bear it out, read from the printed PDF: every page that starts the
/// rules or holds examples is a player's; every page with the board or the move record is a
/// player's or the pair's; every counter page is listed as counters; and every page listed
/// holds what its line says. The sheet counts are the listed pages printed on both sides.
#[test]
fn the_index_says_which_pages_each_player_and_each_pair_needs() {
    if !common::tool_available("pdftotext") {
        return;
    }
    let kits = [
        "examples/liberty-chain-capture.toml",
        DRILLS,
        "examples/big-board-corners.toml",
        "examples/reading-drills.toml",
        "examples/counting-practice-9x9.toml",
        "examples/corner-problems.toml",
    ];
    let out = fresh_dir("roles").join("session");
    let mut args = vec!["build"];
    args.extend(kits);
    args.extend(["--out", out.to_str().unwrap()]);
    let (code, _, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
    let index = fs::read_to_string(out.join("index.html")).unwrap();
    let sections: Vec<&str> = index.split("<section").skip(1).collect();
    assert_eq!(sections.len(), kits.len());
    for (kit, section) in kits.iter().zip(sections) {
        let stem = Path::new(kit).file_stem().unwrap().to_str().unwrap();
        let line = |start: &str| {
            section
                .lines()
                .find_map(|l| l.strip_prefix("<li>").filter(|l| l.starts_with(start)))
                .map(|l| l.trim_end_matches("</li>").to_string())
        };
        let players = listed_pages(&line("For each player").expect("a players' line"));
        let pair_line = line("For each pair of players").expect("a pair's line");
        let pair = if pair_line.contains("nothing more") {
            Vec::new()
        } else {
            listed_pages(&pair_line)
        };
        let counters =
            line("For each pair, to cut out").map_or_else(Vec::new, |l| listed_pages(&l));
        let pages = common::pdf_pages_text(&out.join(stem).join("player-sheet.pdf"), false);
        for (i, text) in pages.iter().enumerate() {
            let page = i + 1;
            let starts_rules = text.contains("\nPrepare\n") || text.contains("Materials:");
            let examples = text.contains("Examples");
            let plays_on = text.contains("Board:") || text.contains("Move record");
            let cut = text.contains("Counters ·");
            if starts_rules || examples {
                assert!(players.contains(&page), "{stem} page {page} is a player's");
            }
            if plays_on {
                assert!(
                    players.contains(&page) || pair.contains(&page),
                    "{stem} page {page} is played on"
                );
            }
            assert_eq!(cut, counters.contains(&page), "{stem} page {page} counters");
            if players.contains(&page) {
                assert!(
                    starts_rules || examples || text.contains("Play"),
                    "{stem} {page}"
                );
            }
            if pair.contains(&page) {
                assert!(plays_on || text.contains("sketch"), "{stem} {page}: {text}");
                assert!(!players.contains(&page), "{stem} {page} listed twice");
            }
        }
        let sheets = players.len().div_ceil(2);
        let unit = if sheets == 1 { "sheet" } else { "sheets" };
        let players_line = line("For each player").unwrap();
        assert!(
            players_line.ends_with(&format!("({sheets} {unit} of A4)")),
            "{players_line}"
        );
    }
    let _ = fs::remove_dir_all(out.parent().unwrap());
}

/// Every file under `dir` but the lock files (which hold the last builder's process id), with
/// its bytes, by path from `dir`.
fn files_under(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            for (name, bytes) in files_under(&path) {
                found.push((format!("{}/{name}", path.display()), bytes));
            }
        } else if !path.ends_with(".libertykit.lock") {
            found.push((path.display().to_string(), fs::read(&path).unwrap()));
        }
    }
    found.sort();
    found
}

#[test]
fn a_session_refused_after_its_packs_were_rendered_leaves_no_file_of_them() {
    let dir = fresh_dir("refused-late");
    let out = dir.join("session");
    let (code, _, stderr) = run(&["build", CHAIN, DRILLS, "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let before = files_under(&out);
    // Each kit passes alone, so both packs are rendered (their files written under temporary
    // names) before the session finds that kit `a` prints kit `b`'s answer.
    let a = dir.join("a.toml");
    fs::write(
        &a,
        "[kit]\ntitle = \"A\"\n[rules]\nboard = 5\n[[example]]\n\
         position = \"white D4 D5; black B3\"\ntask = \"liberties\"\ngroup = \"D4\"\n\
         prompt = \"Count them. By the way, C4 captures C3\"\n",
    )
    .unwrap();
    let b = dir.join("b.toml");
    fs::write(
        &b,
        "[kit]\ntitle = \"B\"\n[rules]\nboard = 5\n[[example]]\n\
         position = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\ntask = \"capture\"\n",
    )
    .unwrap();
    let args = [a.to_str().unwrap(), b.to_str().unwrap(), DRILLS];
    for formats in ["pdf,svg,html", "pdf"] {
        let mut command = vec!["build"];
        command.extend(args);
        command.extend([
            "--combine",
            "--format",
            formats,
            "--out",
            out.to_str().unwrap(),
        ]);
        let (code, stdout, stderr) = run(&command);
        assert_eq!(code, 1, "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(stderr.contains("nothing was written"), "{stderr}");
        // Not a temporary left, nor a folder made for the new kits.
        assert_eq!(files_under(&out), before, "{formats}");
        assert!(!out.join("a").exists() && !out.join("b").exists());
    }
}
