//! The fonts a PDF embeds: for each face the document uses, a subset holding only its glyphs,
//! named with the `ABCDEF+` tag that marks a subset (ISO 32000-1, 9.6.4), so `pdffonts` and
//! preflight tools see what they are; printpdf writes it with a ToUnicode map, so the text
//! can be searched and copied.

use std::collections::{BTreeMap, BTreeSet};

use printpdf::{FontId, ParsedFont, PdfFont};

use super::PdfError;
use crate::fingerprint::fnv1a64;
use crate::layout::page::{Document, Shape};
use crate::typeface::{Slot, Typefaces, subset::subset_face};

/// The PDF font resource for each face the document's text uses.
pub(super) struct EmbeddedFonts {
    ids: BTreeMap<Slot, FontId>,
}

impl EmbeddedFonts {
    /// The resource for `slot`; every slot the document uses has one.
    pub(super) fn id(&self, slot: Slot) -> Option<&FontId> {
        self.ids.get(&slot)
    }
}

/// Subsets every face `doc` uses and returns them as printpdf fonts, with their resource ids.
pub(super) fn embed(
    doc: &Document,
) -> Result<(EmbeddedFonts, BTreeMap<FontId, PdfFont>), PdfError> {
    let fonts = doc.fonts;
    let mut used: BTreeMap<Slot, BTreeSet<u16>> = BTreeMap::new();
    for shape in doc.pages.iter().flat_map(|p| &p.shapes) {
        if let Shape::Text { text, font, .. } = shape {
            for c in text.chars() {
                let (slot, gid) = fonts.glyph(c, *font);
                used.entry(slot).or_default().insert(gid);
            }
        }
    }
    let mut ids = BTreeMap::new();
    let mut map = BTreeMap::new();
    for (n, (slot, gids)) in used.into_iter().enumerate() {
        let id = FontId(format!("F{}", n + 1));
        map.insert(id.clone(), subset_font(fonts, slot, &gids)?);
        ids.insert(slot, id);
    }
    Ok((EmbeddedFonts { ids }, map))
}

fn subset_font(fonts: &Typefaces, slot: Slot, gids: &BTreeSet<u16>) -> Result<PdfFont, PdfError> {
    let face = fonts.face(slot);
    let gids: Vec<u16> = gids.iter().copied().collect();
    let bytes = subset_face(face, &gids)
        .map_err(|e| PdfError::Content(format!("cannot subset the font {}: {e}", face.family())))?;
    let mut warnings = Vec::new();
    let mut parsed = ParsedFont::from_bytes(&bytes, 0, &mut warnings).ok_or_else(|| {
        PdfError::Content(format!(
            "the subset of the font {} does not read back",
            face.family()
        ))
    })?;
    parsed.font_name = Some(format!("{}+{}", subset_tag(&gids), face.postscript_name()));
    Ok(PdfFont::new(parsed))
}

/// Six capital letters that depend only on the glyphs kept, so the same pages give the same
/// bytes and different subsets of one font get different names.
fn subset_tag(gids: &[u16]) -> String {
    let bytes: Vec<u8> = gids.iter().flat_map(|g| g.to_le_bytes()).collect();
    let h = fnv1a64(&bytes);
    (0..6)
        .map(|i| char::from(b'A' + ((h >> (i * 5)) % 26) as u8))
        .collect()
}

/// Compresses the embedded font programs at zlib's fastest level before lopdf compresses the
/// rest at its best: the fonts are most of a PDF's bytes and most of its writing time, and the
/// best level took four times as long on them for a file under a tenth smaller (lopdf leaves
/// streams that already have a filter).
pub(super) fn compress_font_programs(doc: &mut lopdf::Document) {
    use std::io::Write;
    for object in doc.objects.values_mut() {
        let lopdf::Object::Stream(stream) = object else {
            continue;
        };
        let is_font_program = stream.dict.get(b"Length1").is_ok()
            || stream
                .dict
                .get(b"Subtype")
                .and_then(lopdf::Object::as_name)
                .is_ok_and(|n| n == b"CIDFontType0C" || n == b"OpenType");
        if !is_font_program || stream.dict.get(b"Filter").is_ok() {
            continue;
        }
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        if encoder.write_all(&stream.content).is_err() {
            continue;
        }
        if let Ok(compressed) = encoder.finish()
            && compressed.len() < stream.content.len()
        {
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(compressed);
        }
    }
}
