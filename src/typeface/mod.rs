//! Typefaces: the fonts printed text is set in. Layout measures with them, the writers embed
//! them, and `check` asks them which characters they cannot show.
//!
//! A kit may choose a font (`[kit] font`, or `--font`); Liberation Sans, bundled under the SIL
//! Open Font Licence and metric-compatible with Helvetica, sets every character the chosen font
//! lacks, and all text when none is chosen. Each version of a font file is read once per
//! process and kept for its life ([`load`]), so the page model can name them by a `'static`
//! reference; a file changed since is read afresh.

mod choice;
mod face;
mod lookup;
pub mod subset;

use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::sync::{LazyLock, Mutex};

pub use choice::font_for;
pub use face::Face;
pub use lookup::{FontProblem, is_path as names_a_file};

/// The bundled regular face (Liberation Sans 2.1.5; see `fonts/LICENSE-Liberation.txt`).
const BUNDLED_REGULAR: &[u8] = include_bytes!("../../fonts/LiberationSans-Regular.ttf");
/// The bundled bold face.
const BUNDLED_BOLD: &[u8] = include_bytes!("../../fonts/LiberationSans-Bold.ttf");

/// The weight a text run is set in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Weight {
    /// Body text.
    Regular,
    /// Headings and labels.
    Bold,
}

/// Which face of a [`Typefaces`] sets a character: the chosen font, or the bundled fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    /// The kit's chosen font.
    Chosen(Weight),
    /// The bundled Liberation Sans.
    Bundled(Weight),
}

/// A regular and a bold face.
struct Pair {
    regular: Face,
    /// `None` when the regular face sets bold text too (a font given by its file, a family
    /// with no bold): its file is then read and kept once, not twice.
    bold: Option<Face>,
}

impl Pair {
    fn get(&self, weight: Weight) -> &Face {
        match weight {
            Weight::Regular => &self.regular,
            Weight::Bold => self.bold.as_ref().unwrap_or(&self.regular),
        }
    }
}

/// The fonts a pack's text is set in: the chosen font, if any, then the bundled one.
pub struct Typefaces {
    chosen: Option<Pair>,
    bundled: &'static Pair,
    /// For the first [`TABLED`] characters, by weight: the face, glyph and advance in 1/1000
    /// em. Layout measures every trial line, and almost all of it is Latin: a table read
    /// instead of two cmap searches and an hmtx read per character.
    tabled: [Vec<(Slot, u16, f64)>; 2],
}

/// Characters below this (Basic Latin to Latin Extended-B) are measured from a table.
const TABLED: u32 = 0x250;

static BUNDLED: LazyLock<Pair> = LazyLock::new(|| Pair {
    // The bundled files are part of the program and parsed by a unit test, so they always read.
    regular: Face::parse(BUNDLED_REGULAR.to_vec(), 0).unwrap_or_else(|e| panic!("{e:?}")),
    bold: Some(Face::parse(BUNDLED_BOLD.to_vec(), 0).unwrap_or_else(|e| panic!("{e:?}"))),
});

static BUNDLED_ONLY: LazyLock<Typefaces> = LazyLock::new(|| Typefaces::new(None, &BUNDLED));

/// Fonts already read in this process, by the files found and their state: reading a CJK
/// font takes milliseconds and tens of megabytes, so it happens once per version of the file.
/// A version replaced stays in memory (the pages of a build may still refer to it), which
/// costs one font per edit of the font file under `build --watch`.
static LOADED: Mutex<Vec<(String, &'static Typefaces)>> = Mutex::new(Vec::new());

/// The bundled font alone: what a kit without `font` prints in.
pub fn bundled() -> &'static Typefaces {
    &BUNDLED_ONLY
}

/// The fonts for `font`: a font file's path (relative paths from `base`), or the family name
/// of an installed font; with the bundled font behind it.
pub fn load(font: &str, base: &Path) -> Result<&'static Typefaces, FontProblem> {
    // The bundled family needs no search, and is there on a machine with no fonts installed.
    if font
        .trim()
        .eq_ignore_ascii_case(bundled().bundled.regular.family())
    {
        return Ok(bundled());
    }
    let resolved = lookup::resolve(font, base)?;
    let key = resolved.key();
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = loaded.iter().find(|(k, _)| *k == key) {
        return Ok(t);
    }
    let (regular, bold) = resolved.read()?;
    let typefaces: &'static Typefaces = Box::leak(Box::new(Typefaces::new(
        Some(Pair { regular, bold }),
        &BUNDLED,
    )));
    loaded.push((key, typefaces));
    Ok(typefaces)
}

impl Typefaces {
    fn new(chosen: Option<Pair>, bundled: &'static Pair) -> Typefaces {
        let mut typefaces = Typefaces {
            chosen,
            bundled,
            tabled: [Vec::new(), Vec::new()],
        };
        for (i, weight) in [Weight::Regular, Weight::Bold].into_iter().enumerate() {
            typefaces.tabled[i] = (0..TABLED)
                .map(|cp| {
                    let c = char::from_u32(cp).unwrap_or('\0');
                    let (slot, gid) = typefaces.look_up(c, weight);
                    (slot, gid, typefaces.face(slot).advance(gid))
                })
                .collect();
        }
        typefaces
    }

    /// The face in `slot`.
    pub fn face(&self, slot: Slot) -> &Face {
        match slot {
            Slot::Chosen(w) => self.chosen.as_ref().unwrap_or(self.bundled).get(w),
            Slot::Bundled(w) => self.bundled.get(w),
        }
    }

    /// The face that sets `c` in `weight`, and its glyph (0, the missing-glyph box, when no
    /// face has one; `check` refuses such text before anything is printed).
    pub fn glyph(&self, c: char, weight: Weight) -> (Slot, u16) {
        match self.tabled[weight as usize].get(c as usize) {
            Some(&(slot, gid, _)) => (slot, gid),
            None => self.look_up(c, weight),
        }
    }

    /// [`Typefaces::glyph`], read from the fonts.
    fn look_up(&self, c: char, weight: Weight) -> (Slot, u16) {
        if let Some(chosen) = &self.chosen
            && let Some(g) = chosen.get(weight).glyph(c)
        {
            return (Slot::Chosen(weight), g);
        }
        match self.bundled.get(weight).glyph(c) {
            Some(g) => (Slot::Bundled(weight), g),
            None if self.chosen.is_some() => (Slot::Chosen(weight), 0),
            None => (Slot::Bundled(weight), 0),
        }
    }

    /// Width of `text` in `weight`, in ems (no kerning: each glyph advances by its own width,
    /// as the PDF and SVG writers place them).
    pub fn width_em(&self, text: &str, weight: Weight) -> f64 {
        let table = &self.tabled[weight as usize];
        let thousandths: f64 = text
            .chars()
            .map(|c| match table.get(c as usize) {
                Some(&(_, _, advance)) => advance,
                None => {
                    let (slot, gid) = self.look_up(c, weight);
                    self.face(slot).advance(gid)
                }
            })
            .sum();
        thousandths / 1000.0
    }

    /// `text` cut into runs set by one face each, as byte ranges.
    pub fn runs(&self, text: &str, weight: Weight) -> Vec<(Slot, Range<usize>)> {
        let mut runs: Vec<(Slot, Range<usize>)> = Vec::new();
        for (i, c) in text.char_indices() {
            // Spaces take the face of the run they are in, so a fallback word stays one run.
            let slot = match runs.last() {
                Some((slot, _)) if c == ' ' => *slot,
                _ => self.glyph(c, weight).0,
            };
            match runs.last_mut() {
                Some((s, range)) if *s == slot => range.end = i + c.len_utf8(),
                _ => runs.push((slot, i..i + c.len_utf8())),
            }
        }
        runs
    }

    /// Whether some face can show `c` (whitespace and control characters always can: they
    /// print nothing).
    pub fn shows(&self, c: char) -> bool {
        c.is_whitespace()
            || c.is_control()
            || [Weight::Regular, Weight::Bold]
                .iter()
                .all(|&w| self.glyph(c, w).1 != 0)
    }

    /// The fonts tried, in order, for messages: "Noto Sans CJK JP, then Liberation Sans (bundled)".
    pub fn names(&self) -> String {
        let bundled = format!("{} (bundled)", self.bundled.regular.family());
        match &self.chosen {
            Some(c) => format!("{}, then {bundled}", c.regular.family()),
            None => bundled,
        }
    }
}

impl fmt::Debug for Typefaces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Typefaces({})", self.names())
    }
}

/// Two sets are the same when they are the same loaded fonts.
impl PartialEq for Typefaces {
    fn eq(&self, other: &Typefaces) -> bool {
        std::ptr::eq(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_has_helvetica_widths() {
        let t = bundled();
        // Liberation Sans is metric-compatible with Helvetica: H e l l o = 722+556+222+222+556.
        assert_eq!(t.width_em("Hello", Weight::Regular), 2.278);
        // Bold: Helvetica-Bold's l and o are 278 and 611; Liberation's, cut to whole thousandths
        // as the PDF's widths are, 277 and 610.
        assert_eq!(t.width_em("Hello", Weight::Bold), 2.442);
        assert_eq!(
            t.face(Slot::Bundled(Weight::Bold)).family(),
            "Liberation Sans"
        );
    }

    #[test]
    fn the_bundled_font_shows_european_text_and_greek() {
        let t = bundled();
        for c in "é ß ł ñ ø Ω α – — × · “ ” ’ €".chars() {
            assert!(t.shows(c), "{c:?}");
        }
        assert!(!t.shows('碁'));
        assert!(t.shows('\n'));
    }

    #[test]
    fn runs_split_where_the_face_changes() {
        let t = bundled();
        let runs = t.runs("ab c", Weight::Regular);
        assert_eq!(runs, vec![(Slot::Bundled(Weight::Regular), 0..4)]);
    }
}
