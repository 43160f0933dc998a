//! The fonts a PDF embeds: for each face the document uses, a subset holding only its glyphs,
//! named with the `ABCDEF+` tag that marks a subset (ISO 32000-1, 9.6.4), so `pdffonts` and
//! preflight tools see what they are; printpdf writes it with a ToUnicode map, so the text
//! can be searched and copied.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use printpdf::{
    FontId, Op, ParsedFont, PdfFont, PdfFontHandle, Pt, TextItem, cff_charset_gid_to_cid_map,
};

use super::PdfError;
use crate::fingerprint::fnv1a64;
use crate::layout::page::{Document, Shape};
use crate::typeface::{Slot, Typefaces, subset::subset_face};

/// The PDF font resource for each face the document's text uses, and the subset it names.
pub(super) struct EmbeddedFonts {
    ids: BTreeMap<Slot, EmbeddedFace>,
}

/// One subset as the content streams name and encode it.
struct EmbeddedFace {
    id: FontId,
    parsed: ParsedFont,
    /// For a CID-keyed CFF subset, each glyph's code: its charset CID, as printpdf writes the
    /// font's widths and ToUnicode map (`None`: the code is the glyph id).
    codes: Option<BTreeMap<u16, u16>>,
}

impl EmbeddedFonts {
    /// The resource for `slot`, for the printpdf operations of the test oracle.
    #[cfg(test)]
    pub(super) fn id(&self, slot: Slot) -> Option<&FontId> {
        self.ids.get(&slot).map(|face| &face.id)
    }

    /// The resource name of `slot`'s subset and `text` as its two-byte codes, as printpdf
    /// encodes text in an embedded font (a character the subset lacks is glyph 0, a CID-keyed
    /// CFF glyph is its CID); `None` for a slot the document does not use.
    pub(super) fn encode(&self, slot: Slot, text: &str) -> Option<(&str, Vec<u8>)> {
        let face = self.ids.get(&slot)?;
        let code = |c: char| {
            let gid = face.parsed.lookup_glyph_index(c as u32).unwrap_or(0);
            match &face.codes {
                Some(codes) => codes.get(&gid).copied().unwrap_or(0),
                None => gid,
            }
        };
        let codes = text.chars().flat_map(|c| code(c).to_be_bytes()).collect();
        Some((&face.id.0, codes))
    }

    /// Operations showing every character of `doc` in the face that prints it, each once:
    /// printpdf gives a font dictionary (widths, ToUnicode map) only to the glyphs its pages'
    /// operations show, and the content streams are written apart from it. Characters come in
    /// the order of their last use, so a glyph two characters share maps back to the same one
    /// as when every page's text was shown.
    pub(super) fn glyph_usage(&self, doc: &Document) -> Vec<Op> {
        let mut last_use: BTreeMap<Slot, HashMap<char, usize>> = BTreeMap::new();
        let mut n = 0;
        for shape in doc.pages.iter().flat_map(|p| &p.shapes) {
            if let Shape::Text { text, font, .. } = shape {
                for (slot, range) in doc.fonts.runs(text, *font) {
                    let used = last_use.entry(slot).or_default();
                    for c in text[range].chars() {
                        used.insert(c, n);
                        n += 1;
                    }
                }
            }
        }
        let mut ops = vec![Op::StartTextSection];
        for (slot, used) in last_use {
            let Some(EmbeddedFace { id, .. }) = self.ids.get(&slot) else {
                continue;
            };
            let mut chars: Vec<(usize, char)> = used.into_iter().map(|(c, at)| (at, c)).collect();
            chars.sort_unstable();
            ops.push(Op::SetFont {
                font: PdfFontHandle::External(id.clone()),
                size: Pt(1.0),
            });
            ops.push(Op::ShowText {
                items: vec![TextItem::Text(chars.into_iter().map(|(_, c)| c).collect())],
            });
        }
        ops.push(Op::EndTextSection);
        ops
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
        let font = subset_font(fonts, slot, &gids)?;
        let codes = cff_charset_gid_to_cid_map(&font.parsed_font.original_bytes, 0)
            .filter(|codes| !codes.is_empty());
        let parsed = font.parsed_font.clone();
        ids.insert(
            slot,
            EmbeddedFace {
                id: id.clone(),
                parsed,
                codes,
            },
        );
        map.insert(id, font);
    }
    Ok((EmbeddedFonts { ids }, map))
}

fn subset_font(fonts: &Typefaces, slot: Slot, gids: &BTreeSet<u16>) -> Result<PdfFont, PdfError> {
    let face = fonts.face(slot);
    let gids: Vec<u16> = gids.iter().copied().collect();
    let bytes = subset_face(face, &gids)
        .map_err(|e| {
            // The subsetter's own words (`parse error: invalid data offset`) say only that the
            // file is damaged; the font's name and what to do are what a reader needs.
            PdfError::Content(format!(
                "the font {} is damaged: its glyphs cannot be embedded ({e}); check or reinstall the font file, or choose another `font`",
                face.family()
            ))
        })?;
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
