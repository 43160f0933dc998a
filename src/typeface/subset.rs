//! Font subsets for embedding: only the glyphs a document uses, so a page set in a CJK font
//! of 20 MB embeds a few kilobytes of it.

use allsorts::binary::read::ReadScope;
use allsorts::font_data::FontData;
use allsorts::subset::{CmapTarget, SubsetProfile, subset};

use super::Face;

/// A font program holding glyph 0 and the glyphs `gids` of `face`, renumbered in that order
/// (sorted, from 1), with a Unicode cmap for the characters that map to them.
pub fn subset_face(face: &Face, gids: &[u16]) -> Result<Vec<u8>, String> {
    let scope = ReadScope::new(face.bytes());
    let file = scope.read::<FontData<'_>>().map_err(|e| e.to_string())?;
    let provider = file
        .table_provider(face.index() as usize)
        .map_err(|e| e.to_string())?;
    // allsorts needs .notdef first and no repeats.
    let mut ids: Vec<u16> = gids.iter().copied().filter(|&g| g != 0).collect();
    ids.sort_unstable();
    ids.dedup();
    ids.insert(0, 0);
    subset(&provider, &ids, &SubsetProfile::Pdf, CmapTarget::Unicode).map_err(|e| e.to_string())
}
