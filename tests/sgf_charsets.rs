//! SGF records in the character sets real files use: each file is written here, in its
//! charset, by encoding_rs (UTF-16 by the standard library), then refereed by `replay`.
//!
//! A record that reads is refereed (exit 0); one with an off-board move shows the line of that
//! move, with its comment, as the file means it: a wrong charset would show mojibake or `�`.

mod common;

use common::{run, temp_path};
use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, GBK, SHIFT_JIS, WINDOWS_1250, WINDOWS_1252};

/// A record with a root comment and a move comment on the move's own line.
fn record(ca: &str, black: &str, white: &str, comment: &str, second: &str) -> String {
    format!(
        "(;GM[1]FF[4]{ca}SZ[9]PB[{black}]PW[{white}]C[{comment}]\n;B[cc]C[{comment}]\n;W[{second}]C[{comment}])\n"
    )
}

/// How a file is written: by an encoding_rs encoder, or as UTF-16 / UTF-8 with a byte order mark.
#[derive(Clone, Copy)]
enum Writing {
    Legacy(&'static Encoding),
    Utf16 { little_endian: bool, bom: bool },
    Utf8Bom,
}

fn bytes(writing: Writing, text: &str) -> Vec<u8> {
    match writing {
        Writing::Legacy(encoding) => {
            let (bytes, _, unmappable) = encoding.encode(text);
            assert!(!unmappable, "{} cannot write {text}", encoding.name());
            bytes.into_owned()
        }
        Writing::Utf16 { little_endian, bom } => {
            let units = (bom.then_some(0xfeff))
                .into_iter()
                .chain(text.encode_utf16());
            units
                .flat_map(|u| {
                    if little_endian {
                        u.to_le_bytes()
                    } else {
                        u.to_be_bytes()
                    }
                })
                .collect()
        }
        Writing::Utf8Bom => [&[0xef, 0xbb, 0xbf][..], text.as_bytes()].concat(),
    }
}

struct Case {
    name: &'static str,
    ca: &'static str,
    writing: Writing,
    black: &'static str,
    white: &'static str,
    comment: &'static str,
    /// What stderr's note must say, when the charset is a guess.
    note: Option<&'static str>,
}

impl Case {
    /// Writes this case's record, its last move at `second`, in its charset, as `name`.sgf.
    fn file(&self, name: &str, second: &str) -> std::path::PathBuf {
        let text = record(self.ca, self.black, self.white, self.comment, second);
        write(name, &bytes(self.writing, &text))
    }
}

fn cases() -> Vec<Case> {
    let case = |name, ca, writing, black, white, comment, note| Case {
        name,
        ca,
        writing,
        black,
        white,
        comment,
        note,
    };
    let legacy = Writing::Legacy;
    vec![
        case(
            "gb2312",
            "CA[gb2312]",
            legacy(GBK),
            "古力",
            "常昊",
            "黑先",
            None,
        ),
        // A MultiGo problem collection: GBK, no CA.
        case(
            "gbk-no-ca",
            "",
            legacy(GBK),
            "柯洁",
            "芈昱廷",
            "黑先。白棋的弱点在哪里？这是一道死活题，请仔细计算。",
            Some("read as GBK (detected"),
        ),
        case(
            "big5",
            "CA[Big5]",
            legacy(BIG5),
            "林海峰",
            "王立誠",
            "黑先白後",
            None,
        ),
        case(
            "shift-jis",
            "CA[Shift_JIS]",
            legacy(SHIFT_JIS),
            "井山裕太",
            "張栩",
            "黒番",
            None,
        ),
        case(
            "ms-kanji",
            "CA[MS_KANJI]",
            legacy(SHIFT_JIS),
            "本因坊秀策",
            "幻庵因碩",
            "耳赤の一局",
            None,
        ),
        // A Nihon Ki-in record: Shift_JIS, no CA.
        case(
            "nihon-kiin-no-ca",
            "",
            legacy(SHIFT_JIS),
            "井山裕太",
            "一力遼",
            "黒番です。白の弱点はどこでしょうか。よく読んでください。",
            Some("read as Shift_JIS (detected"),
        ),
        case(
            "euc-kr",
            "CA[EUC-KR]",
            legacy(EUC_KR),
            "이세돌",
            "조훈현",
            "흑선",
            None,
        ),
        case(
            "euc-kr-no-ca",
            "",
            legacy(EUC_KR),
            "이세돌",
            "박정환",
            "흑 차례입니다. 백의 약점은 어디일까요? 잘 읽어 보세요.",
            Some("read as EUC-KR (detected"),
        ),
        case(
            "euc-jp",
            "CA[EUC-JP]",
            legacy(EUC_JP),
            "趙治勲",
            "小林光一",
            "白番",
            None,
        ),
        case(
            "latin-1",
            "CA[ISO-8859-1]",
            legacy(WINDOWS_1252),
            "Müller",
            "Søren",
            "à vous",
            None,
        ),
        case(
            "latin-2",
            "CA[ISO-8859-2]",
            legacy(WINDOWS_1250),
            "Łukasz",
            "Ondřej",
            "začíná",
            None,
        ),
        case(
            "utf-16le-bom",
            "CA[UTF-16]",
            Writing::Utf16 {
                little_endian: true,
                bom: true,
            },
            "古力",
            "이세돌",
            "黒番",
            None,
        ),
        case(
            "utf-16be-bom",
            "",
            Writing::Utf16 {
                little_endian: false,
                bom: true,
            },
            "古力",
            "이세돌",
            "黒番",
            None,
        ),
        case(
            "utf-16le-no-bom",
            "",
            Writing::Utf16 {
                little_endian: true,
                bom: false,
            },
            "古力",
            "이세돌",
            "黒番",
            Some("read as UTF-16LE (no byte order mark"),
        ),
        case(
            "utf-8-bom",
            "CA[UTF-8]",
            Writing::Utf8Bom,
            "古力",
            "이세돌",
            "黒番 — é",
            None,
        ),
    ]
}

fn write(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = temp_path(name).with_extension("sgf");
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn every_charset_is_refereed_and_its_text_comes_out_right() {
    for case in cases() {
        let path = case.file(case.name, "gg");
        let (code, out, err) = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", case.name);
        assert!(out.contains("| White  | G3"), "{}: {out}", case.name);
        let players = format!("Players: Black {}, White {}", case.black, case.white);
        assert!(out.contains(&players), "{}: {out}", case.name);
        let (code, json, err) = run(&["replay", path.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, 0, "{}: {err}", case.name);
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(json["players"]["black"], case.black, "{}", case.name);
        assert_eq!(json["players"]["white"], case.white, "{}", case.name);
        match case.note {
            Some(note) => assert!(err.contains(note), "{}: {err}", case.name),
            None => assert!(err.is_empty(), "{}: {err}", case.name),
        }
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_problem_shows_its_line_as_the_file_means_it() {
    for case in cases() {
        // `yy` is off a 9x9 board (`zz`, like `tt`, is an old pass): the problem points at
        // the last line, whose comment must come out in its own characters.
        let path = case.file(&format!("{}-bad", case.name), "yy");
        let (code, _, err) = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(code, 1, "{}: {err}", case.name);
        let shown = format!(";W[yy]C[{}])", case.comment);
        assert!(err.contains(&shown), "{}: {err}", case.name);
        assert!(
            err.contains(":3:"),
            "{}: the move is on line 3: {err}",
            case.name
        );
        assert!(!err.contains('\u{fffd}'), "{}: {err}", case.name);
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn utf8_without_ca_is_read_without_a_note_and_bad_bytes_are_named() {
    let text = record("", "Ana", "Bén", "plain — text", "gg");
    let path = write("utf8-plain", text.as_bytes());
    let (code, _, err) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    // Says GBK, but holds bytes GBK does not have and that no charset reads.
    let mut broken = b"(;FF[4]CA[UTF-8]SZ[9]C[".to_vec();
    broken.extend_from_slice(&[0xff, 0xff, 0xff]);
    broken.extend_from_slice(b"];B[cc])");
    let path = write("broken-bytes", &broken);
    let (code, _, err) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("says `CA[UTF-8]`"), "{err}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn import_carries_the_text_into_a_kit_that_passes_check() {
    for case in cases() {
        let path = case.file(&format!("{}-import", case.name), "gg");
        let kit = temp_path(&format!("{}-import", case.name)).with_extension("toml");
        let (code, _, err) = run(&[
            "import",
            path.to_str().unwrap(),
            "--out",
            kit.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{}: {err}", case.name);
        let written = std::fs::read_to_string(&kit).unwrap();
        let prompt = format!("prompt = \"{}\"", case.comment);
        assert!(written.contains(&prompt), "{}: {written}", case.name);
        // Names and comments the bundled Latin font lacks bring a font that has them.
        let latin = case.comment.chars().all(|c| c < '\u{2100}');
        assert_eq!(
            written.contains("font = \"Noto Sans CJK"),
            !latin,
            "{}: {written}",
            case.name
        );
        let (code, _, err) = run(&["check", kit.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", case.name);
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(kit);
    }
}

/// The whole way from a GBK file with no `CA` to the printed pack: the comment, detected and
/// decoded, is the prompt the PDF prints, in the CJK font import chose.
#[test]
fn a_gbk_problem_prints_its_comment_in_the_pack() {
    if !common::tool_available("pdftotext") {
        return;
    }
    let case = cases().into_iter().find(|c| c.name == "gbk-no-ca").unwrap();
    let path = case.file("gbk-pack", "gg");
    let kit = temp_path("gbk-pack").with_extension("toml");
    let (code, _, err) = run(&[
        "import",
        path.to_str().unwrap(),
        "--out",
        kit.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let out = temp_path("gbk-pack-out");
    common::build_pack(&kit, &out, "pdf");
    let pdf = std::fs::read(out.join("player-sheet.pdf")).unwrap();
    let printed: String = common::pdf_text(&pdf, "gbk-pack")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let comment: String = case
        .comment
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    assert!(printed.contains(&comment), "{printed}");
    let _ = std::fs::remove_dir_all(out);
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(kit);
}

/// The record sheet `replay --pdf` prints names the players in their own characters, in a font
/// that has them (an installed CJK family for Chinese, Japanese and Korean names).
#[test]
fn the_record_sheet_prints_the_players_names() {
    if !common::tool_available("pdftotext") {
        return;
    }
    for case in cases() {
        let path = case.file(&format!("{}-sheet", case.name), "gg");
        let pdf = temp_path(&format!("{}-sheet", case.name)).with_extension("pdf");
        let (code, _, err) = run(&[
            "replay",
            path.to_str().unwrap(),
            "--pdf",
            pdf.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{}: {err}", case.name);
        let printed = common::pdf_text(
            &std::fs::read(&pdf).unwrap(),
            &format!("{}-sheet", case.name),
        );
        let players = format!("Players: Black {}, White {}", case.black, case.white);
        assert!(printed.contains(&players), "{}: {printed}", case.name);
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(pdf);
    }
}

/// Random high bytes read as no charset: `replay` and `import` refuse the file (exit 2) and name
/// the charset tried and the count; `import` writes no kit.
#[test]
fn a_file_no_charset_reads_is_refused() {
    let mut state = 0x9e37_79b9_u32;
    let mut bytes = b"(;GM[1]FF[4]SZ[9]C[".to_vec();
    for _ in 0..600 {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        bytes.push(0x80 | (state as u8));
    }
    bytes.extend_from_slice(b"];B[cc])\n");
    let path = write("random-high-bytes", &bytes);
    let (code, out, err) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("cannot be read as text") && err.contains("non-ASCII characters"),
        "{err}"
    );
    let kit = temp_path("random-high-bytes").with_extension("toml");
    let (code, _, err) = run(&[
        "import",
        path.to_str().unwrap(),
        "--out",
        kit.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be read as text"), "{err}");
    assert!(!kit.exists());
    let _ = std::fs::remove_file(path);
}

/// A Fox record: UTF-8 with a byte lost here and there and no `CA`, read as UTF-8 with a note
/// that counts them; and GBK with no `CA` that Big5 also decodes cleanly is read as GBK.
#[test]
fn utf8_with_lost_bytes_and_gbk_that_big5_reads_are_read_as_meant() {
    let comment =
        "黑先。白棋的弱点在哪里？这是一道死活题，请仔细计算。正解是黑先活，失败是白先劫。";
    let text = record("", "星辰大海", "柯洁", comment, "gg");
    let mut utf8 = text.clone().into_bytes();
    let at = text.find("弱").unwrap();
    utf8.remove(at + 2);
    let path = write("fox-lost-byte", &utf8);
    let (code, out, err) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Players: Black 星辰大海, White 柯洁"), "{out}");
    assert!(
        err.contains("read as UTF-8") && err.contains("1 broken"),
        "{err}"
    );
    let _ = std::fs::remove_file(path);
    let text = record("", "吴清源", "木谷实", "黑先 死活 正解图 失败图", "gg");
    let (gbk, _, _) = GBK.encode(&text);
    assert!(!BIG5.decode_without_bom_handling(&gbk).1);
    let path = write("go-seigen-gbk", &gbk);
    let (code, out, err) = run(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Players: Black 吴清源, White 木谷实"), "{out}");
    assert!(err.contains("read as GBK"), "{err}");
    let _ = std::fs::remove_file(path);
}

/// Japanese problem books saved as GBK with no `CA` (Gokyo Seimyo's, Maeda's): kana decode the
/// same in EUC-JP, the kanji as others (`白先` as `易枠`), so a reader that weighs the text only
/// as Chinese took EUC-JP. The prompt comes out as written; and text that reads as no language
/// in any charset is still read, but said to be maybe garbled.
#[test]
fn a_japanese_problem_saved_as_gbk_keeps_its_words() {
    let prompt = "白先。ここがポイントになります。";
    let text = format!(
        "(;GM[1]FF[4]SZ[9]AB[ag][bg][cg][dg][eg][eh][ei]AW[ah][bh][ch][dh][di]PL[B]C[{prompt}];B[bi];W[ai];B[ci])"
    );
    let (gbk, _, unmappable) = GBK.encode(&text);
    assert!(!unmappable && !EUC_JP.decode_without_bom_handling(&gbk).1);
    let path = write("gokyo-gbk", &gbk);
    let kit = temp_path("gokyo-gbk").with_extension("toml");
    let (code, _, err) = run(&[
        "import",
        path.to_str().unwrap(),
        "--out",
        kit.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&kit).unwrap();
    assert!(
        written.contains(&format!("prompt = \"{prompt}\"")),
        "{written}"
    );
    assert!(
        err.contains("read as GBK") && !err.contains("garbled"),
        "{err}"
    );
    let rare = GBK.encode("(;GM[1]SZ[9]C[獭瘪蹿皴];B[cc])").0.into_owned();
    let path_rare = write("rare-gbk", &rare);
    let (code, _, err) = run(&["replay", path_rare.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("may be garbled"), "{err}");
    for p in [path, path_rare, kit] {
        let _ = std::fs::remove_file(p);
    }
}

/// Shift_JIS files whose game name ends in `表` (`95 5C`) before `CA`: one as a charset-aware
/// writer writes it (`95 5C 5D` ends the name), one from a byte-by-byte writer that escaped the
/// trail bytes (`95 5C 5C 5D`). Both read as meant, and import writes a kit that passes check.
#[test]
fn trail_byte_backslashes_read_as_meant_through_import() {
    for escaped in [false, true] {
        let value = |text: &str| -> Vec<u8> {
            let mut out = Vec::new();
            for &b in SHIFT_JIS.encode(text).0.iter() {
                if escaped && (b == b'\\' || b == b']') {
                    out.push(b'\\');
                }
                out.push(b);
            }
            out
        };
        let mut bytes = b"(;GM[1]FF[4]GN[".to_vec();
        bytes.extend(value("詰碁 表"));
        bytes.extend_from_slice(b"]CA[Shift_JIS]SZ[9]AB[cc]C[");
        bytes.extend(value("黒先 表ソ能"));
        bytes.extend_from_slice(b"])\n");
        let name = format!("maeda-trail-bytes-{escaped}");
        let path = write(&name, &bytes);
        let kit = temp_path(&name).with_extension("toml");
        let (code, _, err) = run(&[
            "import",
            path.to_str().unwrap(),
            "--out",
            kit.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{escaped}: {err}");
        assert_eq!(err.contains("escaped"), escaped, "{err}");
        let written = std::fs::read_to_string(&kit).unwrap();
        assert!(written.contains("prompt = \"黒先 表ソ能\""), "{written}");
        assert!(!written.contains('\u{fffd}'), "{written}");
        let (code, _, err) = run(&["check", kit.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(kit);
    }
}
