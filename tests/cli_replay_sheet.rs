//! `replay --pdf`: the move-record sheet filled in from the game, in the player sheet's table,
//! over as many pages as the game needs, written atomically; read back with pdftotext and
//! checked with qpdf.

mod common;

/// Runs `libertykit replay` with `args`: exit code, stdout, stderr.
fn replay(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["replay"];
    all.extend_from_slice(args);
    common::run(&all)
}

/// Each page's text as `pdftotext -layout` reads it (cells keep their spaces and columns).
fn pages_text(pdf: &std::path::Path) -> Vec<String> {
    common::pdf_pages_text(pdf, true)
}

/// The move rows on a page, each cell with its spaces taken out (pdftotext runs `1 B` together
/// as `1B` at this size): runs of four cells whose first is a move number and a colour (`12W`).
/// Columns are told apart by the wide gaps `-layout` keeps between them; a page of tables side
/// by side gives the left table's rows, then the next one's.
fn move_rows(page: &str) -> Vec<Vec<String>> {
    let is_move = |cell: &str| {
        let digits = cell.trim_end_matches(['B', 'W']);
        digits.len() + 1 == cell.len() && digits.parse::<u32>().is_ok()
    };
    let mut tables: Vec<Vec<Vec<String>>> = Vec::new();
    for line in page.lines() {
        let cells: Vec<String> = line
            .trim()
            .split("  ")
            .filter(|cell| !cell.trim().is_empty())
            .map(|cell| cell.split_whitespace().collect::<String>())
            .collect();
        if !cells.first().is_some_and(|c| is_move(c)) {
            continue;
        }
        for (i, row) in cells.chunks(4).enumerate() {
            if tables.len() <= i {
                tables.push(Vec::new());
            }
            tables[i].push(row.to_vec());
        }
    }
    tables.concat()
}

/// The atari record (tests/cli_replay_referee.rs works it out): seven moves on one page, each
/// row the player sheet's Move, Point, Captures (the count), Group liberties, the tally under
/// them, and the game's figure and final position after.
#[test]
fn a_short_game_fills_one_page() {
    if !common::tool_available("pdftotext") || !common::tool_available("qpdf") {
        return;
    }
    let pdf = common::temp_path("atari-sheet").with_extension("pdf");
    let (code, out, err) = replay(&["tests/records/atari.toml", "--pdf", pdf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| 7    | Black  | B5    |"),
        "the text report still prints"
    );
    let bytes = std::fs::read(&pdf).unwrap();
    common::assert_qpdf_clean(&bytes, "atari-sheet-qpdf");
    let pages = pages_text(&pdf);
    assert_eq!(pages.len(), 1);
    // A record without a name or players is called by its file's name, not its path.
    assert!(pages[0].contains("Move record: atari.toml"), "{}", pages[0]);
    assert!(!pages[0].contains("tests/records"), "{}", pages[0]);
    for header in ["Move", "Point", "Captures", "Group liberties"] {
        assert!(pages[0].contains(header), "{header}: {}", pages[0]);
    }
    assert!(
        !pages[0].contains("Tally"),
        "the player sheet has no Tally column"
    );
    let rows = move_rows(&pages[0]);
    let expected: Vec<Vec<&str>> = vec![
        vec!["1B", "B2", "-", "3"],
        vec!["2W", "A3", "-", "2"],
        vec!["3B", "B3", "-", "3"],
        vec!["4W", "A4", "-", "2"],
        vec!["5B", "B4", "-", "4"],
        vec!["6W", "A5", "-", "1"],
        vec!["7B", "B5", "3", "7"],
    ];
    assert_eq!(rows, expected);
    let text = pages[0].split_whitespace().collect::<Vec<_>>().join(" ");
    for line in [
        "Capture tally: Black 3, White 0",
        "Setup: Black to move first",
        "The game in figures",
        "Moves 1–7",
        // Its number may wrap under the caption in a 5x5 board's narrow cell.
        "Final position after move",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let _ = std::fs::remove_file(pdf);
}

/// A suicide and the players' names: the captures cell says so and the tally gives White 3.
#[test]
fn the_sheet_names_the_players_and_a_suicide() {
    if !common::tool_available("pdftotext") {
        return;
    }
    let pdf = common::temp_path("nz-sheet").with_extension("pdf");
    let (code, _, err) = replay(&[
        "tests/records/nz-suicide.sgf",
        "--pdf",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let pages = pages_text(&pdf);
    assert!(
        pages[0].contains("Players: Black Ana, White Ben"),
        "{}",
        pages[0]
    );
    assert!(pages[0].contains("suicide allowed"), "{}", pages[0]);
    // The count and the recorded result, as the text output gives them (hand-worked in
    // tests/cli_replay_referee.rs: Black 1, White 14.5 by area, RE[W+13.5] agrees).
    assert!(
        pages[0].contains("Result by area scoring: Black 1, White 14.5; White wins by 13.5"),
        "{}",
        pages[0]
    );
    assert!(pages[0].contains("agrees with the count"), "{}", pages[0]);
    let rows = move_rows(&pages[0]);
    assert_eq!(rows[0], ["1B", "B2", "suicide:3own", "0"]);
    assert_eq!(rows[1], ["2W", "pass", "-", "-"]);
    assert!(
        pages[0].contains("Capture tally: Black 0, White 3"),
        "{}",
        pages[0]
    );
    let _ = std::fs::remove_file(pdf);
}

/// The 1,000-move game runs over pages: A4 is 297 mm, the margin 10 mm and the footer band
/// 19 mm, so a page after the first holds rows from y = 10 to 268 mm: 258 mm, a header row of
/// 8 mm and 31 rows of 8 mm, in two tables side by side (the columns, as wide as their cells,
/// take less than half the page): 62 rows. Every table page but the last holds 62 rows, every
/// page repeats the header, and every move is on the sheet once, in order: 17 pages of table
/// where one column took 33. Then the game in ten figures of a hundred moves and its final
/// position.
#[test]
fn a_long_game_runs_over_pages_in_two_columns_with_the_header_on_each() {
    if !common::tool_available("pdftotext") || !common::tool_available("qpdf") {
        return;
    }
    let pdf = common::temp_path("long-sheet").with_extension("pdf");
    let (code, _, err) = replay(&[
        "tests/records/long-19x19.sgf",
        "--pdf",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    common::assert_qpdf_clean(&std::fs::read(&pdf).unwrap(), "long-sheet-qpdf");
    let pages = pages_text(&pdf);
    let rows: Vec<Vec<Vec<String>>> = pages.iter().map(|p| move_rows(p)).collect();
    let table_pages = rows.iter().take_while(|r| !r.is_empty()).count();
    assert!(rows[table_pages..].iter().all(Vec::is_empty));
    let first = rows[0].len();
    assert!((20..62).contains(&first), "page 1 holds {first} rows");
    assert_eq!(table_pages, 1 + (1000 - first).div_ceil(62));
    assert!(table_pages <= 17, "{table_pages} pages of table");
    for (i, page_rows) in rows.iter().enumerate().take(table_pages).skip(1) {
        let expected = if i + 1 < table_pages {
            62
        } else {
            (1000 - first) - 62 * (table_pages - 2)
        };
        assert_eq!(page_rows.len(), expected, "page {}", i + 1);
        assert!(
            pages[i].contains("Group liberties"),
            "page {} header",
            i + 1
        );
    }
    // Each page is numbered within the sheet over the pack's 100 mm calibration bar.
    for (i, page) in pages.iter().enumerate() {
        let number = format!("page {} of {}", i + 1, pages.len());
        assert!(page.contains(&number), "{number}: {page}");
        assert!(page.contains("should measure 100 mm"), "page {}", i + 1);
    }
    let numbers: Vec<u32> = rows
        .iter()
        .flatten()
        .map(|r| r[0].trim_end_matches(['B', 'W']).parse().unwrap())
        .collect();
    assert_eq!(numbers, (1..=1000).collect::<Vec<u32>>());
    // After the table, each figure once, in order, and the final position last.
    let after: String = pages[table_pages - 1..].concat();
    let mut at = 0;
    for k in 0..10 {
        let caption = format!("Moves {}–{}", 100 * k + 1, 100 * k + 100);
        let found = after[at..]
            .find(&caption)
            .unwrap_or_else(|| panic!("{caption}"));
        at += found + caption.len();
    }
    assert!(after[at..].contains("Final position after move 1000"));
    let _ = std::fs::remove_file(pdf);
}

/// The sheet is written whole or not at all: a folder that does not exist is an I/O error
/// (exit 2) and leaves nothing behind; a malformed record writes no sheet.
#[test]
fn the_sheet_is_written_atomically() {
    let missing = common::temp_path("no-such-folder").join("sheet.pdf");
    let (code, _, err) = replay(&[
        "tests/records/atari.toml",
        "--pdf",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!missing.exists());
    let pdf = common::temp_path("malformed-sheet").with_extension("pdf");
    let (code, _, _) = replay(&[
        "tests/records/malformed/off-board.sgf",
        "--pdf",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(!pdf.exists());
}

/// `--paper` sets the sheet's paper as `build --paper` does, in any case; without `--pdf` it
/// is a usage error.
#[test]
fn the_sheet_is_printed_on_the_paper_asked_for() {
    let pdf = common::temp_path("letter-sheet").with_extension("pdf");
    let (code, _, err) = replay(&[
        "tests/records/atari.toml",
        "--pdf",
        pdf.to_str().unwrap(),
        "--paper",
        "Letter",
    ]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&pdf).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    // US Letter is 612 x 792 points.
    assert!(text.contains("612 792"), "no Letter MediaBox");
    let (code, _, err) = replay(&["tests/records/atari.toml", "--paper", "a4"]);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_file(pdf);
}

/// The sheet is titled with the game as its record names it: the game's name (`GN`), else its
/// players (`PB`, `PW`), with the date (`DT`); never the record's path.
#[test]
fn the_sheet_is_titled_with_the_games_name_players_and_date() {
    if !common::tool_available("pdftotext") {
        return;
    }
    let dir = common::fresh_dir("sheet-title");
    for (properties, title) in [
        (
            "PB[Ann]PW[Ben]DT[2026-12-06]",
            "Move record: Black Ann – White Ben, 2026-12-06",
        ),
        ("GN[Club final]PB[Ann]PW[Ben]", "Move record: Club final"),
    ] {
        let sgf = dir.join("game.sgf");
        std::fs::write(&sgf, format!("(;FF[4]GM[1]SZ[9]{properties};B[cc];W[dd])")).unwrap();
        let pdf = dir.join("sheet.pdf");
        let (code, _, err) = replay(&[sgf.to_str().unwrap(), "--pdf", pdf.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let pages = pages_text(&pdf);
        assert!(pages[0].contains(title), "{title}: {}", pages[0]);
        assert!(!pages[0].contains(dir.to_str().unwrap()), "{}", pages[0]);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A TOML record names its game as SGF does: `[game] name` and `date` title the sheet.
#[test]
fn a_toml_records_name_and_date_title_the_sheet() {
    if !common::tool_available("pdftotext") {
        return;
    }
    let dir = common::fresh_dir("sheet-title-toml");
    let record = dir.join("game.toml");
    std::fs::write(
        &record,
        "[rules]\nboard = 5\n[game]\nname = \"Club final\"\ndate = \"2026-12-06\"\nmoves = [\"C3\", \"D4\"]\n",
    )
    .unwrap();
    let pdf = dir.join("sheet.pdf");
    let (code, _, err) = replay(&[record.to_str().unwrap(), "--pdf", pdf.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let pages = pages_text(&pdf);
    assert!(
        pages[0].contains("Move record: Club final, 2026-12-06"),
        "{}",
        pages[0]
    );
    let _ = std::fs::remove_dir_all(dir);
}
