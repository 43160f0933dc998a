//! An SGF file's bytes read as text in the character set it is written in.
//!
//! FF[4] puts text in the `CA` charset, ISO-8859-1 when absent; real files without `CA` are
//! often GBK, Shift_JIS or EUC-KR, and some are UTF-16. So, as Sabaki does: a byte order mark
//! decides first, then UTF-16's telltale zero bytes around the opening `(`, then `CA`; without
//! `CA`, UTF-8 when the bytes are UTF-8 (or nearly: a few broken sequences in many good ones),
//! else the charset a detector finds likeliest, checked by a scorer that knows which characters
//! Chinese, Japanese and Korean text is made of. Every guess is said in a note, so a wrong one
//! can be put right by adding `CA` to the file, and a file no charset reads as text is
//! `unreadable`: the callers refuse it.
//!
//! The whole file is decoded before the SGF scanner unescapes anything, so a `\` or `]` that is
//! the second byte of a Shift_JIS, GBK or Big5 character is never taken for an escape or a value
//! end. Two places read bytes before the charset is known, and both read them character by
//! character in each double-byte structure: the search for `CA`, and the undoing of a
//! byte-by-byte writer's escapes (it wrote `表` (`95 5C`) as `95 5C 5C`, see
//! [`undo_trail_escapes`]).

use std::borrow::Cow;

use super::cjk_language::Language;
use encoding_rs::{
    BIG5, EUC_JP, EUC_KR, Encoding, GB18030, GBK, SHIFT_JIS, UTF_8, UTF_16BE, UTF_16LE,
};

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
    /// How many bytes or byte sequences the charset has no character for (shown as `�`).
    pub replaced: usize,
    /// Why the text is not fit to use, naming the charset tried and the count, when more than
    /// [`TOLERATED`] characters, and more than [`TOLERATED_PER_HUNDRED`] in a hundred of the
    /// non-ASCII ones, are `�` (or, for a detected charset, symbols no text is written in): the
    /// file is damaged or in a charset that was not recognised. The callers refuse such a file
    /// as one that cannot be read (exit 2); the message says how to name the right charset.
    pub unreadable: Option<String>,
}

/// At most this many unexplained characters never make a file unreadable: a name or two with a
/// lost byte is still worth reading (the note counts them).
pub const TOLERATED: usize = 3;

/// Beyond [`TOLERATED`], at most this many in a hundred of the non-ASCII characters may be
/// unexplained: a byte lost here and there in a long file is noted, a wrong charset (which
/// breaks a tenth or more) is refused.
pub const TOLERATED_PER_HUNDRED: usize = 1;

/// A file that is not valid UTF-8 is still read as UTF-8 when at least this many well-formed
/// multibyte sequences stand for each broken one: GBK, Big5, Shift_JIS and EUC-KR text read as
/// UTF-8 breaks more sequences than it forms, random bytes three times as many.
const UTF8_GOOD_PER_BROKEN: usize = 4;

/// Reads an SGF file's bytes as text; never fails (bytes no charset explains become `�`, the
/// note says how many, and too many make it `unreadable`). Taken by value so UTF-8, the usual
/// case, becomes text uncopied.
pub fn decode(bytes: Vec<u8>) -> SgfText {
    // UTF-16 of ASCII text is valid UTF-8 too: its zero bytes must be looked for first.
    let plain = Encoding::for_bom(&bytes).is_none() && utf16_without_bom(&bytes).is_none();
    if plain && declared(&bytes).is_none_or(is_utf8_label) {
        match String::from_utf8(bytes) {
            Ok(text) => return Read::new(text, UTF_8, None, 0).finish(),
            Err(e) => return decode_slice(e.as_bytes()).finish(),
        }
    }
    decode_slice(&bytes).finish()
}

/// A reading before it is judged.
struct Read {
    text: String,
    encoding: &'static Encoding,
    note: Option<String>,
    replaced: usize,
    /// How the charset was found: judged by its `�` alone when the file said it (or is UTF-8),
    /// by every character that no text holds when it was detected.
    detected: Option<Script>,
    /// UTF-8 whose every broken character lost a byte to a `?`: the damage is known and
    /// counted in the note, so it is read, however much of its little text it spoils.
    lost_bytes: bool,
}

/// What a detected charset's text is made of, for [`implausible`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    /// Chinese, Japanese or Korean: one character for two bytes.
    Cjk,
    /// A single-byte charset: letters, with a few punctuation marks.
    Alphabetic,
}

impl Read {
    fn new(
        text: String,
        encoding: &'static Encoding,
        note: Option<String>,
        replaced: usize,
    ) -> Read {
        Read {
            text,
            encoding,
            note,
            replaced,
            detected: None,
            lost_bytes: false,
        }
    }

    fn finish(self) -> SgfText {
        let non_ascii = self.text.chars().filter(|c| !c.is_ascii()).count();
        let junk = match self.detected {
            _ if self.lost_bytes => 0,
            None => self.replaced,
            Some(script) => self
                .text
                .chars()
                .filter(|&c| implausible(c, script))
                .count(),
        };
        let name = self.encoding.name();
        let unreadable =
            (junk > TOLERATED && junk * 100 > non_ascii * TOLERATED_PER_HUNDRED).then(|| {
                let how = match (&self.note, self.detected) {
                    (Some(note), _) => format!("{note}. "),
                    (None, _) => String::new(),
                };
                let what = match self.detected {
                    None => format!("are not {name} (they show as `\u{fffd}`)"),
                    Some(_) => format!("are `\u{fffd}` or symbols no text in {name} is written in"),
                };
                format!(
                    "{how}Read as {name}, {junk} of its {non_ascii} non-ASCII characters {what}: \
                     more than {TOLERATED} and more than {TOLERATED_PER_HUNDRED} in 100, so the \
                     file is damaged or not in {name}; name its character set with `CA[...]` in \
                     the root node (`CA[GBK]`, `CA[Big5]`, `CA[Shift_JIS]`, `CA[EUC-KR]`), or \
                     save it as UTF-8"
                )
            });
        SgfText {
            text: self.text,
            charset: name,
            note: self.note,
            replaced: self.replaced,
            unreadable,
        }
    }
}

/// A character no text is written in: `�`, a C1 control, a private-use character, and in a
/// single-byte charset a symbol that is neither a letter nor usual punctuation.
fn implausible(c: char, script: Script) -> bool {
    match c {
        '\u{fffd}' | '\u{80}'..='\u{9f}' | '\u{e000}'..='\u{f8ff}' => true,
        _ if script == Script::Alphabetic => {
            !(c.is_ascii()
                || c.is_alphabetic()
                || c.is_whitespace()
                || "«»‘’‚“”„–—…·•°±×÷¿¡§©®€£¥¢²³¹¼½¾".contains(c))
        }
        _ => false,
    }
}

/// Whether a `CA` value names UTF-8.
fn is_utf8_label(label: String) -> bool {
    by_label(&label) == Some(UTF_8)
}

fn decode_slice(bytes: &[u8]) -> Read {
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
                let read = whole(encoding, bytes, None);
                if read.replaced == 0 {
                    return read;
                }
                let why = format!(
                    "the file says `CA[{label}]` but {} of its bytes are not {}",
                    read.replaced,
                    encoding.name()
                );
                let guessed = guess(bytes, &why);
                if guessed.replaced == 0 {
                    return guessed;
                }
                Read {
                    note: Some(format!(
                        "{why}; they show as `\u{fffd}`: save the file as {}",
                        encoding.name()
                    )),
                    ..read
                }
            }
            _ => {
                let why = format!("`CA[{label}]` names no character set this program knows");
                if std::str::from_utf8(bytes).is_ok() {
                    whole(UTF_8, bytes, Some(format!("{why}; read as UTF-8")))
                } else {
                    guess(bytes, &why)
                }
            }
        },
        None => match std::str::from_utf8(bytes) {
            Ok(text) => Read::new(text.to_owned(), UTF_8, None, 0),
            Err(_) => guess(bytes, "the file has no `CA` and is not valid UTF-8"),
        },
    }
}

/// Reads all of `bytes` in `encoding`.
fn whole(encoding: &'static Encoding, bytes: &[u8], note: Option<String>) -> Read {
    let (text, malformed, undone) = read_as_written(encoding, bytes);
    let note = join(note, undone.then(|| undone_note(encoding)));
    let note = match malformed {
        0 => note,
        n => join(
            note,
            Some(format!(
                "{n} bytes are not {} and show as `\u{fffd}`",
                encoding.name()
            )),
        ),
    };
    Read::new(text, encoding, note, malformed)
}

fn join(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    }
}

fn undone_note(encoding: &'static Encoding) -> String {
    format!(
        "its writer escaped the `\\` and `]` bytes inside {} characters as if they were text \
         (`\\\\`, `\\]`); they are read as the characters meant",
        encoding.name()
    )
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

/// `bytes` in `encoding` after [`undo_trail_escapes`], and whether there were any to undo.
fn read_as_written(encoding: &'static Encoding, bytes: &[u8]) -> (String, usize, bool) {
    let undone = match structure(encoding) {
        Some(structure) => undo_trail_escapes(bytes, structure),
        None => Cow::Borrowed(bytes),
    };
    let (text, malformed) = read(encoding, &undone);
    (text, malformed, matches!(undone, Cow::Owned(_)))
}

/// The legacy charsets the scorer weighs against each other (and against the detector's guess).
const CJK: [&Encoding; 5] = [GBK, BIG5, SHIFT_JIS, EUC_KR, EUC_JP];

/// The charset to read a file in that has no usable `CA` and is not valid UTF-8; `why` says why
/// one was looked for.
///
/// UTF-8 first, when it forms [`UTF8_GOOD_PER_BROKEN`] good multibyte sequences for each broken
/// one (Fox writes such files: UTF-8 with a byte lost here and there). Then the detector
/// (chardetng) and a scorer: each Chinese, Japanese and Korean charset decodes the sample, and
/// the decoding that reads most as words wins (see [`score`]). It overrules a single-byte guess
/// only when it reads cleanly and scores at least one point a character.
fn guess(bytes: &[u8], why: &str) -> Read {
    let (text, broken) = read(UTF_8, bytes);
    if let Some(lost) = utf8_with_lost_bytes(bytes) {
        let note = format!(
            "{why}; read as UTF-8: {lost} of its characters lost a byte to a `?` (as in Fox \
             exports) and show as `\u{fffd}`"
        );
        return Read {
            lost_bytes: true,
            ..Read::new(text, UTF_8, Some(note), broken)
        };
    }
    let good = text.chars().filter(|c| !c.is_ascii()).count() - broken;
    if broken * UTF8_GOOD_PER_BROKEN <= good {
        let note = format!(
            "{why}; read as UTF-8, as its other {good} multibyte sequences are: {broken} broken \
             ones show as `\u{fffd}`"
        );
        return Read::new(text, UTF_8, Some(note), broken);
    }
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    // The detector reads about 3 MB a second, and ASCII (moves, property names) tells it
    // nothing: it is given at most 64 KiB from the first byte that is not ASCII, which is
    // plenty of names and comments to tell GBK from Shift_JIS.
    const SAMPLE: usize = 64 << 10;
    let start = bytes.iter().position(|b| !b.is_ascii()).unwrap_or(0);
    let end = bytes.len().min(start + SAMPLE);
    let sample = &bytes[start..end];
    detector.feed(sample, end == bytes.len());
    let detected = detector.guess(None, chardetng::Utf8Detection::Deny);
    let cjk = CJK.contains(&detected) || detected == GB18030;
    // The detector's own guess first, so that it wins a tie.
    let order = std::iter::once(detected)
        .filter(|_| cjk)
        .chain(CJK.into_iter().filter(|&e| e != detected));
    let mut best: Option<(&'static Encoding, i64, usize, usize)> = None;
    for encoding in order {
        let (text, malformed, _) = read_as_written(encoding, sample);
        let (points, chars) = score(&text, encoding);
        if best.is_none_or(|(_, p, _, _)| points > p) {
            best = Some((encoding, points, chars, malformed));
        }
    }
    let chosen = match best {
        Some((encoding, _, _, _)) if cjk => encoding,
        Some((encoding, points, chars, 0)) if chars > 0 && points >= chars as i64 => encoding,
        _ => detected,
    };
    let (text, malformed, undone) = read_as_written(chosen, bytes);
    let name = chosen.name();
    let mut note =
        format!("{why}; read as {name} (detected: add `CA[{name}]` to the root node to say so)");
    if undone {
        note = format!("{note}; {}", undone_note(chosen));
    }
    if malformed > 0 {
        note = format!("{note}; {malformed} bytes are not {name} and show as `\u{fffd}`");
    }
    let cjk_chosen = CJK.contains(&chosen) || chosen == GB18030;
    if cjk_chosen && reads_as_no_language(&text, chosen) {
        note = format!(
            "{note}; its text is made of characters rare in every language {name} is written in, so it may be garbled: check it, and name the file's charset with `CA[...]` if it is"
        );
    }
    Read {
        detected: Some(if CJK.contains(&chosen) || chosen == GB18030 {
            Script::Cjk
        } else {
            Script::Alphabetic
        }),
        ..Read::new(text, chosen, Some(note), malformed)
    }
}

/// How many characters of `bytes` lost a byte to a `?` when every break in its UTF-8 is one
/// (a lead byte cut short by a `?`, or a continuation byte stranded after one) and at least as
/// many characters came through whole; `None` otherwise. Legacy CJK text read as UTF-8 breaks
/// everywhere, not only beside a `?`, so this damage is told apart from a charset.
fn utf8_with_lost_bytes(bytes: &[u8]) -> Option<usize> {
    let whole_chars = |valid: &[u8]| {
        std::str::from_utf8(valid).map_or(0, |s| s.chars().filter(|c| !c.is_ascii()).count())
    };
    let (mut rest, mut lost, mut whole) = (bytes, 0, 0);
    loop {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                whole += text.chars().filter(|c| !c.is_ascii()).count();
                break;
            }
            Err(e) => {
                let valid = e.valid_up_to();
                whole += whole_chars(&rest[..valid]);
                let end = valid + e.error_len()?;
                let cut_short = rest.get(end) == Some(&b'?');
                let stranded = valid > 0 && rest[valid - 1] == b'?';
                if !(cut_short || stranded) {
                    return None;
                }
                lost += usize::from(cut_short);
                rest = &rest[end..];
            }
        }
    }
    (lost > 0 && whole >= lost).then_some(lost)
}

/// How much `text`, decoded in `encoding`, reads as words, and how many non-ASCII characters it
/// has. A frequent character of the charset's language is worth 4, kana 2 in Japanese, CJK
/// punctuation 1, any other ideograph or syllable 0, any other character -1 (Latin, Greek,
/// half-width katakana and box drawing are what a wrong double-byte charset makes), a
/// private-use character or C1 control -4 and `�` -8. Text in the right charset scores one to
/// three points a character; the same bytes in a wrong one score near zero or below: GBK and
/// Big5 read each other's bytes without error, but into rare characters.
///
/// Text in GBK with kana in it may be Japanese (Japanese problem books saved as GBK: kanji and
/// kana, which GBK holds too): it scores as the better of its two readings.
fn score(text: &str, encoding: &'static Encoding) -> (i64, usize) {
    let own = score_in(text, Language::of(encoding));
    match Language::of(encoding) {
        // Japanese text has kana; a Chinese name or two read as Japanese is not Japanese.
        Language::Simplified if text.contains(|c| matches!(c, '\u{3041}'..='\u{30ff}')) => {
            let japanese = score_in(text, Language::Japanese);
            if japanese.0 > own.0 { japanese } else { own }
        }
        _ => own,
    }
}

/// How much `text` reads as words of `language` (see [`score`]).
fn score_in(text: &str, language: Language) -> (i64, usize) {
    let japanese = matches!(language, Language::Japanese);
    let (mut points, mut chars) = (0_i64, 0);
    for c in text.chars().filter(|c| !c.is_ascii()) {
        chars += 1;
        points += match c {
            '\u{fffd}' => -8,
            c if language.frequent(c) => 4,
            '\u{3041}'..='\u{30ff}' if japanese => 2,
            '\u{3000}'..='\u{303f}' | '\u{ff01}'..='\u{ff60}' => 1,
            '\u{3400}'..='\u{9fff}' | '\u{ac00}'..='\u{d7a3}' | '\u{3041}'..='\u{30ff}' => 0,
            c if implausible(c, Script::Cjk) => -4,
            _ => -1,
        };
    }
    (points, chars)
}

/// Whether `text`, decoded in the CJK charset `encoding`, reads as no language: below half a
/// point a character (see [`score`]; text in its right charset scores one to three), with at
/// least two characters to judge by.
fn reads_as_no_language(text: &str, encoding: &'static Encoding) -> bool {
    let (points, chars) = score(text, encoding);
    chars >= 2 && points * 2 < chars as i64
}

/// How a double-byte charset's bytes make characters, for reading them before decoding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Structure {
    /// Lead bytes 0x81-0x9F and 0xE0-0xFC, each with one trail byte (0x40-0xFC: `\` and `]`
    /// among them); 0xA1-0xDF are single half-width katakana.
    ShiftJis,
    /// Lead bytes 0x81-0xFE, each with one trail byte: GBK and GB18030 (whose four-byte
    /// characters are two such pairs), Big5 (trail 0x40-0x7E, 0xA1-0xFE) and EUC-KR as
    /// Windows writes it (trail 0x41-0xFE).
    Paired,
    /// EUC-JP: 0x8E and 0xA1-0xFE lead two bytes, 0x8F three; no trail byte is ASCII.
    EucJp,
}

fn structure(encoding: &'static Encoding) -> Option<Structure> {
    if encoding == SHIFT_JIS {
        Some(Structure::ShiftJis)
    } else if encoding == GBK || encoding == GB18030 || encoding == BIG5 || encoding == EUC_KR {
        Some(Structure::Paired)
    } else if encoding == EUC_JP {
        Some(Structure::EucJp)
    } else {
        None
    }
}

/// How many bytes the character that starts with `b` has.
fn char_len(structure: Structure, b: u8) -> usize {
    match (structure, b) {
        (_, 0..=0x7f) => 1,
        (Structure::ShiftJis, 0x81..=0x9f | 0xe0..=0xfc) => 2,
        (Structure::Paired, 0x81..=0xfe) => 2,
        (Structure::EucJp, 0x8f) => 3,
        (Structure::EucJp, 0x8e | 0xa1..=0xfe) => 2,
        _ => 1,
    }
}

/// The bytes as a charset-aware writer would have written them, when a byte-by-byte one wrote
/// them: it escaped a trail byte `\` or `]` as if it were text, so `表` (Shift_JIS `95 5C`)
/// became `95 5C 5C`, and `表]` at a value's end `95 5C 5C 5D`, which read character by
/// character is `表` and an escaped `]`: the value would never end. Such a file is known by
/// its characters: some trail `\` is doubled, and none is followed by anything but `\` or `]`
/// (a charset-aware writer's `表示` is `95 5C 8E A6`). Then each escaping `\` after a lead
/// byte is dropped. Any other file is returned as it is.
fn undo_trail_escapes(bytes: &[u8], structure: Structure) -> Cow<'_, [u8]> {
    if structure == Structure::EucJp || memchr::memmem::find(bytes, b"\\\\").is_none() {
        return Cow::Borrowed(bytes);
    }
    // Each step: how many bytes, and whether a `\` after a lead byte escapes the next one.
    let step = |i: usize| -> (usize, Option<bool>) {
        let b = bytes[i];
        if b == b'\\' {
            // An escaped character: the `\` and all of it.
            let next = bytes.get(i + 1).map_or(0, |&n| char_len(structure, n));
            return (1 + next, None);
        }
        let n = char_len(structure, b);
        if n != 2 {
            return (n, None);
        }
        match (bytes.get(i + 1), bytes.get(i + 2)) {
            (Some(b'\\'), Some(b'\\' | b']')) => (3, Some(true)),
            (Some(b'\\' | b']'), Some(_)) => (2, Some(false)),
            _ => (2, None),
        }
    };
    let (mut doubled, mut plain) = (false, false);
    let mut i = 0;
    while i < bytes.len() {
        let (n, escaped) = step(i);
        match escaped {
            Some(true) => doubled |= bytes[i + 2] == b'\\',
            Some(false) => plain = true,
            None => {}
        }
        i += n;
    }
    if !doubled || plain {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let (n, escaped) = step(i);
        if escaped == Some(true) {
            out.extend_from_slice(&[bytes[i], bytes[i + 2]]);
        } else {
            out.extend_from_slice(&bytes[i..(i + n).min(bytes.len())]);
        }
        i += n;
    }
    Cow::Owned(out)
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

/// The value of `CA` in the first root node. Read byte by byte, a `\` or `]` that is the second
/// byte of a double-byte character before `CA` (`GN[表]CA[Shift_JIS]`) hides `CA` or ends a
/// value early; so when that reading finds no `CA`, or one naming a double-byte charset that its
/// own structure does not confirm, each double-byte structure reads the bytes character by
/// character, and a `CA` naming a charset of the structure it was read in is the one meant.
fn declared(bytes: &[u8]) -> Option<String> {
    let by_byte = ca_value(bytes, None);
    if let Some(label) = &by_byte {
        match by_label(label).and_then(structure) {
            // A single-byte charset, UTF-8 or a name this program does not know: bytes read as
            // ASCII are right.
            None => return by_byte,
            Some(s) => {
                if ca_value(&undo_trail_escapes(bytes, s), Some(s)).as_ref() == Some(label) {
                    return by_byte;
                }
            }
        }
    }
    for s in [Structure::ShiftJis, Structure::Paired, Structure::EucJp] {
        if let Some(label) = ca_value(&undo_trail_escapes(bytes, s), Some(s))
            && by_label(&label).and_then(structure) == Some(s)
        {
            return Some(label);
        }
    }
    by_byte
}

/// The value of `CA` in the first root node, read from bytes that are ASCII-compatible (every
/// charset `CA` may name outside UTF-16 writes `CA[...]` and its value in ASCII), byte by byte
/// or character by character in `structure`. `CA` is a root property, so the search ends with
/// the root: a long game is not read twice.
fn ca_value(bytes: &[u8], structure: Option<Structure>) -> Option<String> {
    let len = |b: u8| structure.map_or(1, |s| char_len(s, b));
    let mut i = 0;
    let mut in_value = false;
    let mut in_root = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_value {
            if structure.is_none() {
                // A root comment can be megabytes: jump to the next `]` or `\`.
                match memchr::memchr2(b']', b'\\', &bytes[i..]) {
                    None => return None,
                    Some(k) if bytes[i + k] == b'\\' => i += k + 2,
                    Some(k) => {
                        in_value = false;
                        i += k + 1;
                    }
                }
            } else {
                match b {
                    b'\\' => i += 1 + bytes.get(i + 1).map_or(1, |&n| len(n)),
                    b']' => {
                        in_value = false;
                        i += 1;
                    }
                    _ => i += len(b),
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
            _ => {
                i += len(b);
                continue;
            }
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

    /// Characters whose second byte is `\` (0x5C) or `]` (0x5D): Shift_JIS 表 ソ 能 and ゾ 転,
    /// GBK 黒 淺 and 慮 揮, Big5 許 功 and 也 包.
    const TRAIL_BYTE_TEXT: [(&Encoding, &str, &str); 3] = [
        (SHIFT_JIS, "Shift_JIS", "表ソ能 黒先 転ゾ"),
        (GBK, "GBK", "黒先 淺 慮揮 前田"),
        (BIG5, "Big5", "許功 也包 黑先"),
    ];

    #[test]
    fn a_trail_byte_backslash_or_bracket_is_part_of_its_character() {
        for (encoding, label, words) in TRAIL_BYTE_TEXT {
            let bytes = encoded(encoding, words);
            assert!(
                bytes.contains(&b'\\') && bytes.contains(&b']'),
                "{label}: {bytes:x?}"
            );
            // `CA` after a value that ends in such a character: read byte by byte, `\]` would
            // hide it.
            let text = format!("(;GN[{words}]CA[{label}]PB[{words}]C[{words}];B[cc])");
            let read = decode(encoded(encoding, &text));
            assert_eq!(read.text, text, "{label}");
            assert_eq!(
                (read.charset, read.note),
                (encoding.name(), None),
                "{label}"
            );
            assert_eq!(declared(&encoded(encoding, &text)).as_deref(), Some(label));
            // `CA` first, and no `CA` at all.
            let text = format!("(;CA[{label}]GN[{words}]C[{words}];B[cc])");
            assert_eq!(decode(encoded(encoding, &text)).text, text, "{label}");
            let text = game("", words, words, words);
            let read = decode(encoded(encoding, &text));
            assert_eq!(
                (read.text.as_str(), read.charset),
                (text.as_str(), encoding.name())
            );
            assert_eq!(read.unreadable, None);
        }
    }

    /// A byte-by-byte writer escaped trail bytes as if they were text: `表` (`95 5C`) as
    /// `95 5C 5C`, at a value's end `95 5C 5C 5D`.
    #[test]
    fn trail_bytes_a_writer_escaped_are_read_as_meant() {
        for (encoding, label, words) in TRAIL_BYTE_TEXT {
            let escape = |text: &str| -> Vec<u8> {
                let mut out = Vec::new();
                for &b in encoded(encoding, text).iter() {
                    if b == b'\\' || b == b']' {
                        out.push(b'\\');
                    }
                    out.push(b);
                }
                out
            };
            for ca in [format!("CA[{label}]"), String::new()] {
                let mut bytes = format!("(;FF[4]{ca}PB[").into_bytes();
                bytes.extend(escape(words));
                bytes.extend_from_slice(b"]C[");
                bytes.extend(escape(&format!("{words} a [bracket]")));
                bytes.extend_from_slice(b"];B[cc];W[");
                bytes.extend(escape("dd"));
                bytes.extend_from_slice(b"])");
                let read = decode(bytes);
                // The escaped ASCII `]` stays escaped: unescaping it is the scanner's work.
                let text = format!("(;FF[4]{ca}PB[{words}]C[{words} a [bracket\\]];B[cc];W[dd])");
                assert_eq!(read.text, text, "{label} {ca}");
                assert!(read.note.unwrap().contains("escaped"), "{label}");
            }
        }
        // A file that does not escape them is not changed, even where `表` ends a value.
        let text = "(;CA[Shift_JIS]C[表]PB[表示\\\\x])";
        assert_eq!(decode(encoded(SHIFT_JIS, text)).text, text);
    }

    #[test]
    fn go_terms_decode_in_each_legacy_charset_without_ca() {
        let cases: [(&'static Encoding, &str); 9] = [
            (GBK, "黑先 死活 劫 手筋 正解 失败"),
            (GBK, "黑先"),
            (GBK, "古力 常昊 黑先"),
            (BIG5, "黑先 死活 劫 手筋 正解 失敗"),
            (BIG5, "黑先"),
            (SHIFT_JIS, "黒先 白番 正解"),
            (EUC_JP, "黒先 白番 正解"),
            (EUC_KR, "흑 백"),
            (EUC_KR, "흑선 백 사활"),
        ];
        for (encoding, words) in cases {
            let text = format!("(;FF[4]SZ[19]C[{words}];B[pd])");
            let read = decode(encoded(encoding, &text));
            assert_eq!(
                (read.text.as_str(), read.charset),
                (text.as_str(), encoding.name()),
                "{words}"
            );
            assert_eq!(read.unreadable, None, "{words}");
        }
    }

    /// Japanese problem books saved as GBK with no `CA` (Gokyo Seimyo's and Maeda's): kanji and
    /// kana both decode in EUC-JP too, the kana as themselves and the kanji as others (`白先` as
    /// `易枠`); the GBK text read as Japanese, kanji of Go words and kana, is the one meant.
    #[test]
    fn japanese_saved_as_gbk_is_gbk() {
        for words in [
            "白先",
            "白先。ここがポイントになります。",
            "黑先活。白はどうしても二眼ができません。",
            "白先劫。このコウで白が生きます",
        ] {
            let text = format!("(;FF[4]SZ[19]C[{words}];B[pd])");
            let bytes = encoded(GBK, &text);
            assert!(!EUC_JP.decode_without_bom_handling(&bytes).1, "{words}");
            let read = decode(bytes);
            assert_eq!(
                (read.text.as_str(), read.charset),
                (text.as_str(), "GBK"),
                "{words}"
            );
            assert!(
                !read.note.unwrap_or_default().contains("garbled"),
                "{words}"
            );
        }
    }

    /// Text that reads as no language in any charset it decodes in (rare ideographs, each from a
    /// different corner of GBK) is read, but never silently: the note says it may be garbled.
    #[test]
    fn text_no_language_reads_is_said_to_be_garbled() {
        let text = "(;FF[4]SZ[19]C[獭瘪蹿皴];B[pd])";
        let read = decode(encoded(GBK, text));
        let note = read.note.unwrap_or_default();
        assert!(note.contains("may be garbled"), "{note}");
    }

    #[test]
    fn gbk_that_big5_also_reads_cleanly_is_gbk() {
        for words in [
            "黑先 死活 劫 手筋 正解 失败",
            "吴清源 木谷实",
            "正解图 失败图",
            "聂卫平 马晓春",
        ] {
            let bytes = encoded(GBK, &game("", "吴清源", "木谷实", words));
            assert!(!BIG5.decode_without_bom_handling(&bytes).1, "{words}");
            assert_eq!(decode(bytes).charset, "GBK", "{words}");
        }
    }

    #[test]
    fn utf8_with_a_few_bytes_lost_stays_utf8_with_a_note() {
        let text = game(
            "",
            "柯洁",
            "芈昱廷",
            "黑先。白棋的弱点在哪里？这是一道死活题，请仔细计算。正解是黑先活。",
        );
        let mut bytes = text.clone().into_bytes();
        // Two bytes lost from two characters of the comment.
        let at = text.find("弱").unwrap();
        bytes.remove(at + 1);
        let at = text.find("计").unwrap() - 1;
        bytes.remove(at + 1);
        let read = decode(bytes);
        assert_eq!((read.charset, read.replaced), ("UTF-8", 2));
        assert_eq!(read.unreadable, None);
        assert!(read.note.unwrap().contains("2 broken"));
        assert!(read.text.contains("正解是黑先活"));
    }

    /// Fox's exports in a public dataset: short names in UTF-8 where some bytes were replaced
    /// by `?`, here a third of the characters. Read as UTF-8 with the loss counted, never as
    /// windows-1252 and never refused.
    #[test]
    fn utf8_whose_bytes_were_lost_to_question_marks_stays_utf8() {
        let text = game("", "韩国女子围甲", "俞俊", "");
        let mut bytes = text.clone().into_bytes();
        for name in ["女", "甲", "俊"] {
            let at = text.find(name).unwrap() + 2;
            bytes[at] = b'?';
        }
        let read = decode(bytes);
        assert_eq!(read.charset, "UTF-8");
        assert_eq!(read.unreadable, None);
        assert!(
            read.note
                .unwrap()
                .contains("3 of its characters lost a byte to a `?`")
        );
        assert!(read.text.contains("韩国"));
        // GBK text has no such pattern: it is still read as GBK.
        let gbk = encoded(GBK, &game("", "韩国女子", "俞俊", "黑先"));
        assert_eq!(decode(gbk).charset, "GBK");
    }

    #[test]
    fn random_high_bytes_are_refused() {
        let mut state = 0x2545_f491_u32;
        for ca in ["", "CA[Shift_JIS]", "CA[UTF-8]", "CA[GBK]"] {
            for length in [40, 400, 4000] {
                let mut bytes = format!("(;FF[4]{ca}C[").into_bytes();
                for _ in 0..length {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    bytes.push(0x80 | (state as u8));
                }
                bytes.extend_from_slice(b"];B[cc])");
                let read = decode(bytes);
                let why = read.unreadable.as_deref();
                let why = why.unwrap_or_else(|| panic!("{ca} {length}: {:?}", read.note));
                assert!(
                    why.contains(read.charset) && why.contains("non-ASCII"),
                    "{why}"
                );
            }
        }
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
