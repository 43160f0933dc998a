//! An SGF file's bytes read as text in the character set it is written in.
//!
//! FF[4] puts text in the `CA` charset, ISO-8859-1 when absent; real files without `CA` are
//! often GBK, Shift_JIS or EUC-KR, and some are UTF-16. So: a byte order mark decides first,
//! then UTF-16's telltale zero bytes around the opening `(`, then `CA`; without `CA`, UTF-8 when
//! the bytes are valid UTF-8, else the legacy charset a detector finds likeliest. Every guess is
//! said in a note, so a wrong one can be put right by adding `CA` to the file.

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};

/// An SGF file's text and how its character set was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfText {
    /// The text, without a byte order mark.
    pub text: String,
    /// The character set it was read in, by its usual name (`GBK`, `Shift_JIS`, `UTF-16LE`).
    pub charset: &'static str,
    /// What a user should be told about the choice; `None` when the file said it plainly (a
    /// byte order mark, a `CA` that reads cleanly) or is UTF-8 with no `CA`.
    pub note: Option<String>,
}

/// Reads an SGF file's bytes as text; never fails (bytes no charset explains become `�`, and
/// the note says how many). Taken by value so UTF-8, the usual case, becomes text uncopied.
pub fn decode(bytes: Vec<u8>) -> SgfText {
    // UTF-16 of ASCII text is valid UTF-8 too: its zero bytes must be looked for first.
    let plain = Encoding::for_bom(&bytes).is_none() && utf16_without_bom(&bytes).is_none();
    if plain && declared(&bytes).is_none_or(is_utf8_label) {
        match String::from_utf8(bytes) {
            Ok(text) => {
                return SgfText {
                    text,
                    charset: UTF_8.name(),
                    note: None,
                };
            }
            Err(e) => return decode_slice(e.as_bytes()),
        }
    }
    decode_slice(&bytes)
}

/// Whether a `CA` value names UTF-8.
fn is_utf8_label(label: String) -> bool {
    by_label(&label) == Some(UTF_8)
}

fn decode_slice(bytes: &[u8]) -> SgfText {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        return whole(encoding, &bytes[bom..], None);
    }
    if let Some(encoding) = utf16_without_bom(bytes) {
        return whole(
            encoding,
            bytes,
            Some(format!(
                "read as {} (no byte order mark; the zero bytes around `(` show it)",
                encoding.name()
            )),
        );
    }
    match declared(bytes) {
        Some(label) => match by_label(&label) {
            // A UTF-16 label found by reading the bytes as ASCII cannot be right: UTF-16 text
            // would not have shown it.
            Some(encoding) if encoding != UTF_16LE && encoding != UTF_16BE => {
                let (text, malformed) = read(encoding, bytes);
                if malformed == 0 {
                    return SgfText {
                        text,
                        charset: encoding.name(),
                        note: None,
                    };
                }
                let why = format!(
                    "the file says `CA[{label}]` but {malformed} of its bytes are not {}",
                    encoding.name()
                );
                detected(bytes, &why).unwrap_or_else(|| SgfText {
                    text,
                    charset: encoding.name(),
                    note: Some(format!(
                        "{why}; they show as `\u{fffd}`: save the file as {}",
                        encoding.name()
                    )),
                })
            }
            _ => {
                let why = format!("`CA[{label}]` names no character set this program knows");
                let fallback = if std::str::from_utf8(bytes).is_ok() {
                    Some(whole(UTF_8, bytes, Some(format!("{why}; read as UTF-8"))))
                } else {
                    detected(bytes, &why)
                };
                fallback.unwrap_or_else(|| lossy(bytes, &why))
            }
        },
        None => match std::str::from_utf8(bytes) {
            Ok(text) => SgfText {
                text: text.to_owned(),
                charset: UTF_8.name(),
                note: None,
            },
            Err(_) => {
                let why = "the file has no `CA` and is not UTF-8";
                detected(bytes, why).unwrap_or_else(|| lossy(bytes, why))
            }
        },
    }
}

/// Reads all of `bytes` in `encoding`.
fn whole(encoding: &'static Encoding, bytes: &[u8], note: Option<String>) -> SgfText {
    let (text, malformed) = read(encoding, bytes);
    let note = match (note, malformed) {
        (note, 0) => note,
        (note, n) => Some(format!(
            "{}{n} bytes are not {} and show as `\u{fffd}`",
            note.map(|n| n + "; ").unwrap_or_default(),
            encoding.name()
        )),
    };
    SgfText {
        text,
        charset: encoding.name(),
        note,
    }
}

/// `bytes` in `encoding`, and how many malformed sequences had to be replaced.
fn read(encoding: &'static Encoding, bytes: &[u8]) -> (String, usize) {
    let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
    let text = text.into_owned();
    // Counted on the result: encoding_rs says only whether there were any.
    let malformed = if had_errors {
        text.matches('\u{fffd}').count().max(1)
    } else {
        0
    };
    (text, malformed)
}

/// The legacy charset a detector finds likeliest, when it reads every byte; `why` says why
/// one was looked for.
fn detected(bytes: &[u8], why: &str) -> Option<SgfText> {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    // The detector reads about 3 MB a second, and ASCII (moves, property names) tells it
    // nothing: it is given at most 64 KiB from the first byte that is not ASCII, which is
    // plenty of names and comments to tell GBK from Shift_JIS.
    const SAMPLE: usize = 64 << 10;
    let start = bytes.iter().position(|b| !b.is_ascii()).unwrap_or(0);
    let end = bytes.len().min(start + SAMPLE);
    detector.feed(&bytes[start..end], end == bytes.len());
    let encoding = detector.guess(None, chardetng::Utf8Detection::Deny);
    let (text, malformed) = read(encoding, bytes);
    (malformed == 0).then(|| SgfText {
        text,
        charset: encoding.name(),
        note: Some(format!(
            "{why}; read as {} (detected: add `CA[{}]` to the root node to say so)",
            encoding.name(),
            encoding.name()
        )),
    })
}

/// The bytes as UTF-8 with what is not replaced, when nothing reads them cleanly.
fn lossy(bytes: &[u8], why: &str) -> SgfText {
    let (text, malformed) = read(UTF_8, bytes);
    SgfText {
        text,
        charset: UTF_8.name(),
        note: Some(format!(
            "{why}, and no character set reads it cleanly; {malformed} bytes show as `\u{fffd}`"
        )),
    }
}

/// UTF-16 without a byte order mark: an SGF file starts with `(` (after any white space), so
/// in UTF-16 a zero byte sits beside it.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let pairs = bytes.chunks_exact(2).take(64);
    for pair in pairs {
        match pair {
            [b'(', 0] => return Some(UTF_16LE),
            [0, b'('] => return Some(UTF_16BE),
            [c, 0] | [0, c] if c.is_ascii_whitespace() => {}
            _ => return None,
        }
    }
    None
}

/// The value of `CA` in the first root node, read from bytes that are ASCII-compatible (every
/// charset `CA` may name outside UTF-16 writes `CA[...]` and its value in ASCII). `CA` is a root
/// property, so the search ends with the root: a long game is not read twice.
fn declared(bytes: &[u8]) -> Option<String> {
    let mut i = 0;
    let mut in_value = false;
    let mut in_root = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_value {
            // A root comment can be megabytes: jump to the next `]` or `\`.
            match memchr::memchr2(b']', b'\\', &bytes[i..]) {
                None => return None,
                // Shift_JIS and GBK second bytes can be `\` or `]`: skipping the escaped byte
                // is right for `\]` and harmless otherwise, as `CA` comes before any text.
                Some(k) if bytes[i + k] == b'\\' => i += k + 2,
                Some(k) => {
                    in_value = false;
                    i += k + 1;
                }
            }
            continue;
        }
        match b {
            b'[' => in_value = true,
            b';' | b'(' | b')' if in_root => return None,
            b';' => in_root = true,
            b'A'..=b'Z' => {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                // FF[3] long names keep their capitals: `ChArset` is `CA` too.
                let capitals: Vec<u8> = bytes[start..i]
                    .iter()
                    .copied()
                    .filter(u8::is_ascii_uppercase)
                    .collect();
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                if capitals == b"CA" && bytes.get(j) == Some(&b'[') {
                    let value_start = j + 1;
                    let end = bytes[value_start..].iter().position(|&c| c == b']')?;
                    let value = &bytes[value_start..value_start + end];
                    return Some(String::from_utf8_lossy(value).trim().to_owned());
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The charset a `CA` value names: the WHATWG labels encoding_rs knows, plus the Windows code
/// page names some Go editors write.
fn by_label(label: &str) -> Option<&'static Encoding> {
    let lower = label.trim().to_ascii_lowercase();
    let alias = match lower.as_str() {
        "cp936" | "ms936" | "windows-936" | "gb18030-2000" => "gbk",
        "cp949" | "ms949" | "uhc" | "windows-949" | "ks_c_5601" => "euc-kr",
        "cp932" | "ms932" | "mskanji" | "shift-jis" => "shift_jis",
        "cp950" | "ms950" | "big5hkscs" => "big5",
        "utf" | "unicode" => "utf-8",
        "ascii" | "us-ascii" => "windows-1252",
        other => other,
    };
    Encoding::for_label_no_replacement(alias.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{BIG5, EUC_JP, EUC_KR, GBK, ISO_8859_2, SHIFT_JIS};

    const GAME: &str = "(;FF[4]{ca}SZ[9]PB[{black}]PW[{white}]C[{comment}];B[cc];W[gg])";

    fn game(ca: &str, black: &str, white: &str, comment: &str) -> String {
        GAME.replace("{ca}", ca)
            .replace("{black}", black)
            .replace("{white}", white)
            .replace("{comment}", comment)
    }

    fn encoded(encoding: &'static Encoding, text: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.encode(text);
        assert!(!unmappable, "{} cannot write {text}", encoding.name());
        bytes.into_owned()
    }

    #[test]
    fn each_declared_charset_reads_its_names() {
        let cases: [(&str, &'static Encoding, &str, &str, &str); 7] = [
            ("GB2312", GBK, "古力", "常昊", "黑先"),
            ("GBK", GBK, "柯洁", "芈昱廷", "第一局"),
            ("Big5", BIG5, "林海峰", "王立誠", "黑先白後"),
            ("Shift_JIS", SHIFT_JIS, "井山裕太", "張栩", "黒番"),
            (
                "MS_KANJI",
                SHIFT_JIS,
                "本因坊秀策",
                "幻庵因碩",
                "耳赤の一局",
            ),
            ("EUC-KR", EUC_KR, "이세돌", "조훈현", "흑선"),
            ("EUC-JP", EUC_JP, "趙治勲", "小林光一", "白番"),
        ];
        for (label, encoding, black, white, comment) in cases {
            let text = game(&format!("CA[{label}]"), black, white, comment);
            let read = decode(encoded(encoding, &text));
            assert_eq!(read.text, text, "{label}");
            assert_eq!(read.charset, encoding.name(), "{label}");
            assert_eq!(read.note, None, "{label}");
        }
        let text = game("CA[ISO-8859-2]", "Łukasz", "Ondřej", "Černý začíná");
        assert_eq!(decode(encoded(ISO_8859_2, &text)).text, text);
    }

    #[test]
    fn without_ca_utf8_is_read_silently_and_others_are_detected_with_a_note() {
        let text = game("", "Müller", "Søren", "é—x");
        let read = decode(text.clone().into_bytes());
        assert_eq!((read.text.as_str(), read.note), (text.as_str(), None));
        let cases: [(&'static Encoding, &str); 3] = [
            (GBK, "黑先。白棋的弱点在哪里？这是一道死活题，请仔细计算。"),
            (
                SHIFT_JIS,
                "黒番です。白の弱点はどこでしょうか。よく読んでください。",
            ),
            (
                EUC_KR,
                "흑 차례입니다. 백의 약점은 어디일까요? 잘 읽어 보세요.",
            ),
        ];
        for (encoding, comment) in cases {
            let text = game("", "黒", "白", comment);
            let text = if encoding == EUC_KR {
                game("", "흑", "백", comment)
            } else {
                text
            };
            let read = decode(encoded(encoding, &text));
            assert_eq!(read.charset, encoding.name(), "{comment}");
            assert_eq!(read.text, text);
            let note = read.note.unwrap();
            assert!(
                note.contains("no `CA`") && note.contains(encoding.name()),
                "{note}"
            );
        }
    }

    #[test]
    fn byte_order_marks_and_utf16_without_one() {
        let text = game("CA[UTF-8]", "古力", "이세돌", "黒番");
        let mut bom = vec![0xef, 0xbb, 0xbf];
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode(bom).text, text);
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        for (bytes, name) in [(le, "UTF-16LE"), (be, "UTF-16BE")] {
            let read = decode(bytes.clone());
            assert_eq!((read.text.as_str(), read.charset), (text.as_str(), name));
            assert!(read.note.unwrap().contains("no byte order mark"));
            let mut with_bom = if name == "UTF-16LE" {
                vec![0xff, 0xfe]
            } else {
                vec![0xfe, 0xff]
            };
            with_bom.extend_from_slice(&bytes);
            let read = decode(with_bom);
            assert_eq!((read.text.as_str(), read.note), (text.as_str(), None));
        }
        // White space before the `(` in UTF-16.
        let spaced: Vec<u8> = format!("\r\n {text}")
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(decode(spaced).charset, "UTF-16LE");
    }

    #[test]
    fn a_wrong_or_unknown_ca_falls_back_with_a_note() {
        // Says UTF-8, is GBK.
        let text = game(
            "CA[UTF-8]",
            "古力",
            "常昊",
            "黑先。白棋的弱点在哪里？请仔细计算。",
        );
        let read = decode(encoded(GBK, &text));
        assert_eq!((read.text.as_str(), read.charset), (text.as_str(), "GBK"));
        assert!(read.note.unwrap().contains("says `CA[UTF-8]`"));
        let text = game("CA[klingon]", "Ana", "Ben", "plain");
        let read = decode(text.clone().into_bytes());
        assert_eq!(read.text, text);
        assert!(
            read.note
                .unwrap()
                .contains("`CA[klingon]` names no character set")
        );
    }

    #[test]
    fn ca_is_found_by_its_name_only() {
        assert_eq!(declared(b"(;C[CA[x]]CA[GBK])").as_deref(), Some("GBK"));
        assert_eq!(
            declared(b"(;FF[3]ChArset [ Big5 ])").as_deref(),
            Some("Big5")
        );
        assert_eq!(declared(b"(;GN[CA]PB[x])"), None);
        assert_eq!(declared(b"(;GN[x];CA[GBK])"), None);
        assert_eq!(declared(b"(;CA[never closed"), None);
        assert_eq!(by_label("cp936"), Some(GBK));
        assert_eq!(by_label(" shift_jis "), Some(SHIFT_JIS));
        assert_eq!(by_label("UTF-8"), Some(UTF_8));
    }

    #[test]
    fn never_panics_on_odd_bytes() {
        for bytes in [
            &b""[..],
            b"\xff",
            b"\xfe\xff\x00",
            b"(\x00",
            b"\x00(",
            b"CA[",
            b"(;CA[\xff\xfe]",
            b"\x80\x81\x82",
        ] {
            let _ = decode(bytes.to_vec());
        }
    }

    proptest::proptest! {
        /// Any bytes read without a panic, and any text written in UTF-16 (either order, with
        /// or without a mark) or in UTF-8 reads back as it was.
        #[test]
        fn any_bytes_read_and_any_text_round_trips(
            bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..200),
            text in "\\PC{0,40}",
            little_endian: bool,
            bom: bool,
        ) {
            let _ = decode(bytes);
            let game = format!("(;C[{text}])");
            proptest::prop_assert_eq!(decode(game.clone().into_bytes()).text, game.clone());
            let units = bom.then_some(0xfeff_u16).into_iter().chain(game.encode_utf16());
            let utf16: Vec<u8> = units
                .flat_map(|u| if little_endian { u.to_le_bytes() } else { u.to_be_bytes() })
                .collect();
            proptest::prop_assert_eq!(decode(utf16).text, game);
        }
    }
}
