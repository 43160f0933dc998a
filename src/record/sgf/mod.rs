//! SGF (FF[4]) game records: `SZ`, `KM`, root setup `AB`/`AW`/`PL` and the main line's `B`/`W`
//! moves, read in one pass over the text that keeps where each property is for diagnostics.
//!
//! The pass hands each main-line node over as soon as it ends and then reuses its lists, so
//! reading costs memory for the largest node and the moves found, not for every property of a
//! long game.

pub(super) mod charset;
mod cjk_language;
mod collection;
mod main_line;
mod problems;
mod root;
pub(super) mod ruleset_name;
mod scan;
mod spans;
mod values;

pub use collection::{Collection, SgfGame, read_collection};
use main_line::MainLine;
use problems::{Problems, SGF_SHAPE};
use scan::scan;

use super::{Record, RuleOverrides};
use crate::diag::Diagnostic;

/// Reads an SGF record; rules are positional superko, two passes end the game, captures
/// scoring and `KM` as komi (for area and territory scoring only), each replaced by a
/// command-line flag when one is given.
pub(super) fn load(source: &str, overrides: &RuleOverrides) -> Result<Record, Vec<Diagnostic>> {
    let mut problems = Problems::default();
    let mut main_line = MainLine::new(source, overrides);
    let shape = match scan(source, &mut problems, |place, node, problems| {
        // A file of several games is refused below; only the first is read.
        if place.game == 0 {
            main_line.node(place.index, node, problems);
        }
    }) {
        Ok(shape) => shape,
        // The structure is broken: what was found before the break is not worth reading.
        Err(e) => {
            return Err(vec![Diagnostic::at(e.span, e.message).with_help(e.help)]);
        }
    };
    if shape.games == 0 || shape.main_nodes == 0 {
        return Err(vec![
            // Pointed at the start, so even an empty file's message reads `path:1:1`.
            Diagnostic::at(0..0, "no game found").with_help(SGF_SHAPE),
        ]);
    }
    if shape.games > 1 {
        return Err(vec![
            Diagnostic::whole_file(format!(
                "the file holds {} games; replay reads one",
                shape.games
            ))
            .with_help("save each game in its own file"),
        ]);
    }
    let mut record = main_line.finish(problems)?;
    record.variations = shape.variations;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::scan::main_line;
    use super::values::decode;
    use super::*;
    use crate::diag::Source;
    use crate::rules::{Color, Move, Point, Scoring};

    #[test]
    fn reads_size_setup_moves_and_passes() {
        let text = "(;FF[4]SZ[5]KM[0.5]AW[cc]AB[bc][cd][dc];B[cb];W[];B[tt])";
        let area = RuleOverrides {
            scoring: Some(Scoring::Area),
            ..RuleOverrides::default()
        };
        let record = load(text, &area).unwrap();
        assert_eq!(record.size.get(), 5);
        assert_eq!(record.rules.komi, 0.5);
        assert_eq!(record.rules.end_passes, Some(2));
        assert_eq!(record.setup.stone(Point::new(2, 2)), Some(Color::White));
        assert_eq!(record.setup.stones(Color::Black).len(), 3);
        let moves: Vec<_> = record.moves.iter().map(|m| (m.0, m.1)).collect();
        assert_eq!(
            moves,
            [
                (Some(Color::Black), Move::Play(Point::new(2, 3))),
                (Some(Color::White), Move::Pass),
                (Some(Color::Black), Move::Pass),
            ]
        );
        assert_eq!(&text[record.moves[0].2.clone()], "B[cb]");
    }

    #[test]
    fn km_without_ru_is_a_counted_game_and_captures_take_komi_from_the_flag() {
        let text = "(;SZ[5]KM[6.5];B[cc])";
        let plain = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(plain.rules.scoring, Scoring::Area);
        assert_eq!(plain.rules.komi, 6.5);
        let said = reading_notes(&plain);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with("1:8: the record names no ruleset but `KM[6.5]`"),
            "{said:?}"
        );
        // A numeric result says the same; a resignation does not.
        let counted = load("(;SZ[5]RE[W+2.5];B[cc])", &RuleOverrides::default()).unwrap();
        assert_eq!(counted.rules.scoring, Scoring::Area);
        let resigned = load("(;SZ[5]RE[W+R];B[cc])", &RuleOverrides::default()).unwrap();
        assert_eq!(resigned.rules.scoring, Scoring::Captures);
        assert!(reading_notes(&resigned).is_empty());
        // Counting captures, komi comes from `--komi` only.
        let captures = RuleOverrides {
            scoring: Some(Scoring::Captures),
            ..RuleOverrides::default()
        };
        assert_eq!(load(text, &captures).unwrap().rules.komi, 0.0);
        let given = RuleOverrides {
            komi: Some(1.0),
            ..captures
        };
        assert_eq!(load(text, &given).unwrap().rules.komi, 1.0);
    }

    /// The reading notes of a record, as the report prints them.
    pub(super) fn reading_notes(record: &Record) -> Vec<String> {
        record
            .notes
            .iter()
            .filter_map(|n| match n {
                crate::record::RecordNote::Assumed(note) => Some(note.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn off_board_points_point_at_the_property() {
        let text = "(;SZ[5];B[cc];W[fa])";
        let errs = load(text, &RuleOverrides::default()).unwrap_err();
        assert_eq!(errs[0].message, "`W[fa]` is off the 5x5 board");
        assert_eq!(&text[errs[0].span.clone().unwrap()], "fa");
    }

    /// The moves of `text` as (colour, move).
    fn moves_of(text: &str) -> Vec<(Option<Color>, Move)> {
        let record = load(text, &RuleOverrides::default()).unwrap();
        record.moves.iter().map(|m| (m.0, m.1)).collect()
    }

    pub(super) fn first_error(text: &str) -> Diagnostic {
        let errs = load(text, &RuleOverrides::default()).unwrap_err();
        assert!(!errs.is_empty(), "{text}: an error with no diagnostic");
        errs[0].clone()
    }

    #[test]
    fn variations_follow_the_first_at_each_branch() {
        let b = |c, r| (Some(Color::Black), Move::Play(Point::new(c, r)));
        let w = |c, r| (Some(Color::White), Move::Play(Point::new(c, r)));
        // aa is A19, bb B18, cc C17.
        assert_eq!(moves_of("(;B[aa](;W[bb])(;W[cc]))"), [b(0, 18), w(1, 17)]);
        assert_eq!(
            moves_of("(;B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee];B[ff]))"),
            [b(0, 18), w(1, 17), b(2, 16)]
        );
        // A later variation must still be well formed.
        assert_eq!(
            first_error("(;B[aa](;W[bb])(;W[cc])").message,
            "this game tree is never closed"
        );
    }

    #[test]
    fn comments_with_escapes_and_brackets_are_skipped() {
        let text = "(;FF[4]SZ[5]C[a \\] b ; ( ) \\\\]GN[x\\\ny]PB[Ann]DT[2024-01-01]\n;B[cc]C[)(;]\n;W[dd])";
        let record = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(record.moves.len(), 2);
        assert_eq!(&text[record.moves[1].2.clone()], "W[dd]");
        let (nodes, _) = main_line(text).unwrap();
        let c = &nodes[0].properties[2];
        assert_eq!(
            decode(&text[nodes[0].values(c)[0].clone()]),
            "a ] b ; ( ) \\"
        );
        let gn = &nodes[0].properties[3];
        assert_eq!(decode(&text[nodes[0].values(gn)[0].clone()]), "xy");
        assert_eq!(decode("a\\\r\nb\\\n\rc\\\rd\\e"), "abcde");
    }

    #[test]
    fn compressed_point_lists_are_rectangles() {
        let text = "(;SZ[5]AB[aa:bc][ba]AW[ee];B[dd])";
        let record = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(record.setup.stones(Color::Black).len(), 6);
        assert_eq!(record.setup.stone(Point::new(1, 2)), Some(Color::Black));
        assert_eq!(record.setup.stone(Point::new(2, 2)), None);
        let bad = first_error("(;SZ[5]AB[cc:aa];B[dd])");
        assert_eq!(bad.message, "`AB[cc:aa]` is not a valid `AB` property");
        let text = "(;SZ[5]AB[aa][dd:ff];B[aa])";
        let off = first_error(text);
        assert_eq!(off.message, "`AB[df]` is off the 5x5 board");
        assert_eq!(&text[off.span.unwrap()], "dd:ff");
        let text = "(;SZ[5]AB[aa:bb]AW[cc][bb];B[dd])";
        let both = first_error(text);
        assert_eq!(both.message, "`bb` (B4) is set up as black and as white");
        assert_eq!(&text[both.span.unwrap()], "bb");
    }

    #[test]
    fn ff3_identifiers_keep_their_capitals() {
        let text = "(;FileFormat[3]SiZe[5]AddBlack[cc]PLayer[W];White[dc];Black[])";
        let record = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(record.size.get(), 5);
        assert_eq!(record.setup.stone(Point::new(2, 2)), Some(Color::Black));
        assert_eq!(record.to_play, Color::White);
        assert_eq!(
            record.moves.iter().map(|m| m.1).collect::<Vec<_>>(),
            [Move::Play(Point::new(3, 2)), Move::Pass]
        );
    }

    #[test]
    fn malformed_structure_is_located() {
        let cases = [
            ("", "no game found"),
            ("  \n", "no game found"),
            (
                "(;B[aa])(;B[bb])",
                "the file holds 2 games; replay reads one",
            ),
            ("(;GM[2];B[aa])", "the record is not a game of Go"),
            ("(;SZ[5:7];B[aa])", "the board is 5x7, not square"),
            ("(;SZ[abc];B[aa])", "`SZ[abc]` is not a valid `SZ` property"),
            (
                "(;SZ[5]KM[x];B[aa])",
                "`KM[x]` is not a valid `KM` property",
            ),
            ("(;SZ[5]KM[inf];B[aa])", "komi inf is not a usable number"),
            ("(;SZ[5];B[abc])", "`B[abc]` is not a valid `B` property"),
            ("(;SZ[5]PL[X])", "`PL[X]` is not a valid `PL` property"),
            ("garbage (;SZ[5];B[aa]", "this game tree is never closed"),
            ("x", "the property `x` is outside any node"),
            ("(;SZ[5];B[aa] W)", "the property `W` has no value"),
            ("(;SZ[5];B[aa]#)", "`#` is not part of an SGF record here"),
            ("(;SZ[5];B[aa]é)", "`é` is not part of an SGF record here"),
            (
                "((;B[aa]))",
                "a game tree starts inside a game tree with no node",
            ),
            ("(;B[aa]())", "this game tree has no node"),
            (";B[aa]", "this node is outside any game tree"),
            ("(;SZ[5];B[aa]", "this game tree is never closed"),
            ("(;SZ[5];B[a", "this value is never closed"),
        ];
        for (text, message) in cases {
            let d = first_error(text);
            assert_eq!(d.message, message, "{text:?}");
            let _ = Source::new("g.sgf", text).render(&d);
        }
        let text = "(;SZ[5]\n;B[aa]\n  ;W[b";
        let d = first_error(text);
        let at = |d: &Diagnostic, text: &str| {
            Source::new("g.sgf", text).line_col(d.span.clone().unwrap().start)
        };
        assert_eq!(at(&d, text), (3, 5));
        assert_eq!(at(&first_error(""), ""), (1, 1));
    }

    /// The first diagnostic for `text` with the text it points at and its help.
    fn refused(text: &str) -> (String, &str, String) {
        let d = first_error(text);
        let span = d.span.clone().unwrap_or_default();
        (d.message, &text[span], d.help.unwrap_or_default())
    }

    #[test]
    fn two_moves_in_one_node_are_refused_at_the_second() {
        let (message, at, help) = refused("(;SZ[5];B[aa]B[bb])");
        assert_eq!(
            message,
            "`B[bb]` is a second move in the node of `B[aa]`; an SGF node holds at most one move"
        );
        assert_eq!(at, "B[bb]");
        assert_eq!(help, "put each move in its own node: `;B[aa];B[bb]`");
        let (message, at, help) = refused("(;SZ[5]\n;B[aa] W[bb];W[cc])");
        assert!(message.starts_with("`W[bb]` is a second move in the node of `B[aa]`"));
        assert_eq!(at, "W[bb]");
        assert_eq!(help, "put each move in its own node: `;B[aa];W[bb]`");
        // A move with other properties is one move; a third move is refused too.
        assert_eq!(moves_of("(;SZ[5];B[aa]C[x]BL[10];W[])").len(), 2);
        let errs = load("(;SZ[5];B[aa]W[bb]B[cc])", &RuleOverrides::default()).unwrap_err();
        assert_eq!(errs.len(), 2);
    }

    /// As sgfmill and GNU Go read them: a list given twice is one list; a game-changing
    /// property given twice with different values is refused at the second; any other repeat
    /// keeps the first. Each assumption is one note, however often it is met.
    #[test]
    fn repeated_properties_are_merged_kept_or_refused() {
        let text = "(;SZ[5]AW[aa]AP[GNU Go:3.8]AW[bb]AP[foxwq]\n;B[cc]C[x]C[y];W[dd]AB[ee]AB[ea])";
        let text = text.replace("\\n", "\n");
        let record = load(&text, &RuleOverrides::default()).unwrap();
        assert_eq!(record.setup.stones(Color::White).len(), 2);
        assert_eq!(record.setups[0].black.len(), 2);
        let said = reading_notes(&record);
        assert_eq!(
            said,
            [
                "1:28: `AW` is given more than once in one node; its values are read as one list, as sgfmill and GNU Go read them",
                "1:34: `AP` is given twice in one node; the first, `AP[GNU Go:3.8]`, is read and `AP[foxwq]` is left out",
                "2:11: `C` is given twice in one node; the first, `C[x]`, is read and `C[y]` is left out",
                "2:27: `AB` is given more than once in one node; its values are read as one list, as sgfmill and GNU Go read them",
            ]
        );
        // The same value twice is read once, even for a property that changes the game.
        let same = load("(;SZ[5]SZ[5];B[aa]B[aa])", &RuleOverrides::default()).unwrap();
        assert_eq!(same.size.get(), 5);
        assert_eq!(same.moves.len(), 1);
        assert_eq!(reading_notes(&same).len(), 2);
        let (message, at, help) = refused("(;SZ[5]SZ[9];B[aa])");
        assert_eq!(
            message,
            "`SZ` is given twice in one node with different values, `SZ[5]` and `SZ[9]`; which one the game is played under is unclear"
        );
        assert_eq!(at, "SZ[9]");
        assert_eq!(help, "keep the right `SZ` and delete the other");
        for (text, at) in [
            ("(;GM[1]SZ[5]KM[6.5]KM[0.5];B[aa])", "KM[0.5]"),
            ("(;SZ[5]RU[Japanese]RU[Chinese];B[aa])", "RU[Chinese]"),
            ("(;SZ[5]HA[2]HA[3];B[aa])", "HA[3]"),
            ("(;SZ[5]PL[B]PL[W];B[aa])", "PL[W]"),
        ] {
            assert_eq!(refused(text).1, at, "{text}");
        }
        // An FF[3] long name is the same property as its capitals.
        let long = load(
            "(;SZ[5]AB[aa]AddBlack[bb];W[cc])",
            &RuleOverrides::default(),
        )
        .unwrap();
        assert_eq!(long.setup.stones(Color::Black).len(), 2);
    }

    /// Old files' `PL[1]`/`PL[2]` (and lower case) name the player as GNU Go reads them.
    #[test]
    fn old_player_values_are_read_with_a_note() {
        let record = load("(;SZ[5]PL[2];W[aa])", &RuleOverrides::default()).unwrap();
        assert_eq!(record.to_play, Color::White);
        assert_eq!(
            reading_notes(&record),
            [
                "1:8: `PL[2]` is read as white to play, as older programs wrote it and GNU Go reads it"
            ]
        );
        assert_eq!(
            load("(;SZ[5]PL[b])", &RuleOverrides::default())
                .unwrap()
                .to_play,
            Color::Black
        );
        assert_eq!(
            first_error("(;SZ[5]PL[X])").message,
            "`PL[X]` is not a valid `PL` property"
        );
    }

    /// A chain set up with no liberty is refused at the value that set its stone, in whichever
    /// setup node before the first move that is; a handicap stone at `HA`.
    #[test]
    fn airless_setup_chains_are_located_in_any_setup_node() {
        let text = "(;SZ[5]AB[ab]\n;AW[aa]AB[ba];B[cc])";
        let (message, at, _) = refused(text);
        assert_eq!(message, "the white stone `A5` has no liberty");
        assert_eq!(at, "aa");
    }

    /// As sgfmill and GNU Go: text before the first game and after the last is skipped, with
    /// a note; with no game in the file it is still refused.
    #[test]
    fn text_around_the_games_is_skipped() {
        let text = "From: a teacher\nSubject: game\n\n(;SZ[5];B[aa]))\n-- \nsent from a phone";
        let record = load(text, &RuleOverrides::default()).unwrap();
        assert_eq!(record.moves.len(), 1);
        let said = reading_notes(&record);
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said[0].starts_with("1:1: `From: a teacher"), "{said:?}");
        assert!(said[0].ends_with("before the first game tree is not SGF; it is skipped, as sgfmill and GNU Go skip it"), "{said:?}");
        assert!(said[1].starts_with("4:15: `)"), "{said:?}");
        assert_eq!(
            first_error(";B[aa]").message,
            "this node is outside any game tree"
        );
    }

    /// A file that lost its first `(` but ends with the `)` closing the game is that game, as
    /// its writer meant, with one note; with no `)` at the end it is refused as before.
    #[test]
    fn a_game_that_lost_its_opening_parenthesis_is_read() {
        for text in [";SZ[5];B[aa];W[bb])\n", "\nSZ[5];B[aa];W[bb])"] {
            let record = load(text, &RuleOverrides::default()).unwrap();
            assert_eq!(record.size.get(), 5, "{text:?}");
            assert_eq!(record.moves.len(), 2, "{text:?}");
            let said = reading_notes(&record);
            assert_eq!(said.len(), 1, "{said:?}");
            assert!(
                said[0].contains("read as one game whose opening `(` was lost"),
                "{said:?}"
            );
        }
        assert_eq!(
            first_error(";SZ[5];B[aa]").message,
            "this node is outside any game tree"
        );
        // Text before a game that happens to start with `;` is still text before the game.
        let record = load("; sent by mail\n(;SZ[5];B[aa])", &RuleOverrides::default()).unwrap();
        assert_eq!(record.moves.len(), 1);
        assert_eq!(
            first_error(";SZ[5];B[aa])(;B[bb])").message,
            "the file holds 2 games; replay reads one"
        );
    }

    /// An empty `PL[]` names no player (sgfmill): the first move's colour moves first.
    #[test]
    fn an_empty_player_names_no_one() {
        let record = load("(;SZ[5]PL[];W[aa])", &RuleOverrides::default()).unwrap();
        assert_eq!(record.to_play, Color::White);
        assert_eq!(
            reading_notes(&record),
            ["1:8: `PL[]` is empty: it names no player, as sgfmill reads it, and is left out"]
        );
    }

    /// `HA` puts no stone on the board unless the record shows the handicap was given (no stone
    /// set up, White first), as GNU Go 3.8 reads it; sgfmill never does.
    #[test]
    fn handicap_stones_come_only_with_white_first_on_an_empty_board() {
        let none = load("(;SZ[9]HA[4])", &RuleOverrides::default()).unwrap();
        assert!(none.setup.stones(Color::Black).is_empty());
        let black_first = load("(;SZ[9]HA[2];B[ee])", &RuleOverrides::default()).unwrap();
        assert!(black_first.setup.stones(Color::Black).is_empty());
        let white_first = load("(;SZ[9]HA[2];W[ee])", &RuleOverrides::default()).unwrap();
        assert_eq!(white_first.setup.stones(Color::Black).len(), 2);
        let said_white = load("(;SZ[9]HA[2]PL[W])", &RuleOverrides::default()).unwrap();
        assert_eq!(said_white.setup.stones(Color::Black).len(), 2);
    }

    #[test]
    fn a_name_with_no_capital_is_refused() {
        let (message, at, help) = refused("(;SZ[5];b[aa])");
        assert_eq!(
            message,
            "`b` is not a property name: it has no capital letter"
        );
        assert_eq!(at, "b[aa]");
        assert_eq!(
            help,
            "SGF property names are capital letters: write `B` for `b`"
        );
        let (message, at, help) = refused("(;sz[5];B[aa])");
        assert_eq!(
            message,
            "`sz` is not a property name: it has no capital letter"
        );
        assert_eq!(at, "sz[5]");
        assert!(help.ends_with("write `SZ` for `sz`"), "{help}");
        let (_, at, help) = refused("(;SZ[5]addblack[aa];B[bb])");
        assert_eq!(at, "addblack[aa]");
        assert_eq!(help, "SGF property names are capital letters, e.g. `B[aa]`");
    }

    /// The file is malformed wherever FF[4] is broken, the variations the replay skips too.
    #[test]
    fn variations_are_held_to_the_same_rules() {
        let text = "(;SZ[5];B[aa](;W[bb])(;W[cc]B[dd])(;w[ee])(;W[dd]KM[1]\nKM[2]))";
        let errs = load(text, &RuleOverrides::default()).unwrap_err();
        let messages: Vec<&str> = errs.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`B[dd]` is a second move in the node of `W[cc]`; an SGF node holds at most one move",
                "`w` is not a property name: it has no capital letter",
                "`KM` is given twice in one node with different values, `KM[1]` and `KM[2]`; which one the game is played under is unclear",
            ]
        );
        let at =
            |d: &Diagnostic| Source::new("g.sgf", text).line_col(d.span.clone().unwrap().start);
        assert_eq!(at(&errs[2]), (2, 1));
    }

    /// Every prefix of real records (and of a record with comments, escapes and variations)
    /// reads or is refused with diagnostics; none panics.
    #[test]
    fn every_prefix_reads_or_is_refused() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/");
        let mut texts: Vec<String> = [
            "seed-002-area.sgf",
            "long-19x19.sgf",
            "send-two-return-one.sgf",
        ]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{dir}{f}")).unwrap())
        .collect();
        texts.push(
            "(;FF[4]SZ[5]C[a \\] é ; ( )\\\r\nb]AB[aa:bb]AW[dd];B[cc](;W[ee]C[x])(;W[]))".into(),
        );
        for text in &texts {
            for (end, _) in text.char_indices().chain([(text.len(), ' ')]) {
                let prefix = &text[..end];
                if let Err(errs) = load(prefix, &RuleOverrides::default()) {
                    assert!(!errs.is_empty(), "{prefix:?}: refused with no diagnostic");
                    let _ = Source::new("g.sgf", prefix).render_all(&errs);
                }
            }
        }
    }
}
