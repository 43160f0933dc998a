//! One font face in memory: its bytes, its names, and the glyph metrics and outlines layout and
//! the writers read from it.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use owned_ttf_parser::{AsFaceRef, GlyphId, OutlineBuilder, OwnedFace, name_id};

/// A parsed font face, kept with the bytes it came from so the PDF writer can subset them.
pub struct Face {
    /// The parsed tables, which own the whole font file (a collection for `.ttc`) as read.
    owned: OwnedFace,
    /// Which face of a collection this is (0 for a single-face file).
    index: u32,
    /// The family name, as the font calls itself, e.g. "Liberation Sans".
    family: String,
    /// The PostScript name, e.g. "LiberationSans-Bold", used as the PDF's `/BaseFont`.
    postscript: String,
    /// Outlines already traced, by glyph.
    outlines: Mutex<HashMap<u16, Arc<str>>>,
}

/// Why a font file could not be used.
#[derive(Debug, Clone, PartialEq)]
pub struct BadFont(pub String);

impl Face {
    /// Parses face `index` of the font file `bytes`.
    pub fn parse(bytes: Vec<u8>, index: u32) -> Result<Face, BadFont> {
        let owned = OwnedFace::from_vec(bytes, index).map_err(|e| BadFont(parse_words(&e)))?;
        let face = owned.as_face_ref();
        whole(face)?;
        let name = |id: u16| {
            face.names()
                .into_iter()
                .filter(|n| n.name_id == id)
                .find_map(|n| n.to_string())
        };
        let family = name(name_id::TYPOGRAPHIC_FAMILY)
            .or_else(|| name(name_id::FAMILY))
            .unwrap_or_else(|| "unnamed font".to_string());
        let postscript = name(name_id::POST_SCRIPT_NAME)
            .map(|n| {
                n.chars()
                    .filter(|c| c.is_ascii_graphic())
                    .collect::<String>()
            })
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| family.chars().filter(char::is_ascii_alphanumeric).collect());
        if face.units_per_em() == 0 {
            return Err(BadFont("the font gives no units per em".into()));
        }
        Ok(Face {
            owned,
            index,
            family,
            postscript,
            outlines: Mutex::new(HashMap::new()),
        })
    }

    fn face(&self) -> &owned_ttf_parser::Face<'_> {
        self.owned.as_face_ref()
    }

    /// The glyph that shows `c`, if the face has one.
    pub fn glyph(&self, c: char) -> Option<u16> {
        self.face().glyph_index(c).map(|g| g.0).filter(|&g| g != 0)
    }

    /// Advance width of glyph `gid` in whole 1/1000 em.
    ///
    /// Whole, and cut as printpdf cuts them, because a PDF viewer advances each glyph by the
    /// font's `/W` widths, which are whole thousandths (`(units × 1000 / em) as i64` in f32):
    /// layout and the SVG writer then advance by exactly what the PDF shows. (For Liberation
    /// Sans this gives Helvetica's AFM widths.)
    pub fn advance(&self, gid: u16) -> f64 {
        let face = self.face();
        let units = face.glyph_hor_advance(GlyphId(gid)).unwrap_or(0);
        let thousandths = (f32::from(units) * 1000.0 / f32::from(face.units_per_em())) as i64;
        thousandths as f64
    }

    /// The outline of glyph `gid` as SVG path data in 1/1000 em, y up (as the font draws it).
    /// Each glyph is traced once per process: every SVG page of a pack defines the glyphs it
    /// uses, and the pages share most of them.
    pub fn outline_path(&self, gid: u16) -> Arc<str> {
        let mut traced = self.outlines.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = traced.get(&gid) {
            return Arc::clone(d);
        }
        let scale = 1000.0 / f64::from(self.face().units_per_em());
        let mut path = SvgPath {
            d: String::new(),
            scale,
        };
        self.face().outline_glyph(GlyphId(gid), &mut path);
        let d: Arc<str> = path.d.into();
        traced.insert(gid, Arc::clone(&d));
        d
    }

    /// The whole font file, as read (a collection when `.ttc`).
    pub fn bytes(&self) -> &[u8] {
        self.owned.as_slice()
    }

    /// Which face of the file this is.
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The family name, e.g. "Noto Sans CJK JP".
    pub fn family(&self) -> &str {
        &self.family
    }

    /// The PostScript name, e.g. "LiberationSans".
    pub fn postscript_name(&self) -> &str {
        &self.postscript
    }
}

impl fmt::Debug for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Face({})", self.postscript)
    }
}

/// Collects a glyph outline as SVG path commands, rounded to whole units of a 1000-unit em.
struct SvgPath {
    d: String,
    scale: f64,
}

impl SvgPath {
    /// A point in whole thousandths of an em, written with integer formatting (a float's is
    /// several times slower, and a pack writes tens of thousands of coordinates). A thousandth
    /// is 0.006 mm on an 18 pt title, a tenth of a pixel at 720 dpi; tenths of it made the
    /// glyph definitions a quarter longer, and every SVG page carries its own.
    fn point(&mut self, x: f32, y: f32) {
        self.coordinate(x);
        self.d.push(' ');
        self.coordinate(y);
    }

    fn coordinate(&mut self, v: f32) {
        use std::fmt::Write;
        let whole = (f64::from(v) * self.scale).round() as i64;
        let _ = write!(self.d, "{whole}");
    }
}

impl OutlineBuilder for SvgPath {
    fn move_to(&mut self, x: f32, y: f32) {
        self.d.push('M');
        self.point(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.d.push('L');
        self.point(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.d.push('Q');
        self.point(x1, y1);
        self.d.push(' ');
        self.point(x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.d.push('C');
        self.point(x1, y1);
        self.d.push(' ');
        self.point(x2, y2);
        self.d.push(' ');
        self.point(x, y);
    }
    fn close(&mut self) {
        self.d.push('Z');
    }
}
/// Whether the font file is whole: every table it lists lies inside the file, and the tables
/// text needs (characters to glyphs, their widths, their outlines) are there. ttf-parser reads
/// tables lazily and gives no glyph for a table cut off, so a truncated file would otherwise
/// parse and then set nothing, every character falling back to the bundled font unsaid.
fn whole(face: &owned_ttf_parser::Face<'_>) -> Result<(), BadFont> {
    let raw = face.raw_face();
    let len = raw.data.len() as u64;
    for record in raw.table_records {
        if u64::from(record.offset) + u64::from(record.length) > len {
            return Err(BadFont(format!(
                "the file is cut short: its `{}` table runs past its end (a file still being copied, or a broken download?)",
                tag_name(record.tag)
            )));
        }
    }
    let has = |tag: &[u8; 4]| raw.table(owned_ttf_parser::Tag::from_bytes(tag)).is_some();
    let outlines = (has(b"glyf") && has(b"loca")) || has(b"CFF ") || has(b"CFF2");
    for (present, what) in [
        (
            has(b"cmap"),
            "the table that maps characters to glyphs (`cmap`)",
        ),
        (has(b"hmtx") && has(b"hhea"), "the glyphs' widths (`hmtx`)"),
        (outlines, "the glyphs' outlines (`glyf` or `CFF`)"),
    ] {
        if !present {
            return Err(BadFont(format!("it lacks {what}")));
        }
    }
    Ok(())
}

/// Why the file is no font, in words ("unknown magic" says nothing to an author).
fn parse_words(e: &owned_ttf_parser::FaceParsingError) -> String {
    use owned_ttf_parser::FaceParsingError as E;
    match e {
        E::UnknownMagic => {
            "it is not a TrueType or OpenType font (its first bytes are not a font's)".into()
        }
        E::FaceIndexOutOfBounds => "the collection has no such face".into(),
        E::MalformedFont => {
            "the file is cut short or damaged: its table list runs past its end".into()
        }
        E::NoHeadTable | E::NoHheaTable | E::NoMaxpTable => format!(
            "the file is cut short or damaged: {} (a table every font has)",
            e
        ),
    }
}

/// A table's four-letter name, as printable text.
fn tag_name(tag: owned_ttf_parser::Tag) -> String {
    tag.to_bytes()
        .iter()
        .map(|&b| {
            if b.is_ascii_graphic() {
                char::from(b)
            } else {
                '?'
            }
        })
        .collect::<String>()
        .trim_end()
        .to_string()
}
