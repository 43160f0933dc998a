//! Joins finished PDFs into one, each keeping its own pages as they are (footers, numbering and
//! fingerprint included): for `build --combine`, so a session prints from two files.

use lopdf::{Dictionary, Document, Object, ObjectId};

use super::PdfError;

/// Page attributes a page may inherit from its page tree; copied onto each page, since the
/// pages are moved under a new tree.
const INHERITED: [&[u8]; 4] = [b"Resources", b"MediaBox", b"CropBox", b"Rotate"];

/// One PDF holding every page of `parts`, in order; its viewer preferences (no print scaling)
/// and language come from the first part. A part of an odd number of pages is followed by a
/// blank page, so that printed on both sides each part starts on a sheet of its own and none
/// is printed on the back of another's last page.
pub fn merge_pdfs(parts: &[&[u8]], title: &str) -> Result<Vec<u8>, PdfError> {
    let ser = |e: lopdf::Error| PdfError::Serialize(e.to_string());
    let mut merged = Document::with_version("1.7");
    let mut next_id = 1;
    let mut pages: Vec<ObjectId> = Vec::new();
    let mut first_catalog: Option<Dictionary> = None;
    for (index, part) in parts.iter().enumerate() {
        let mut doc = Document::load_mem(part).map_err(ser)?;
        let first_page = pages.len();
        doc.renumber_objects_with(next_id);
        next_id = doc.max_id + 1;
        let catalog = doc.catalog().map_err(ser)?.clone();
        let tree = catalog
            .get(b"Pages")
            .and_then(Object::as_reference)
            .map_err(ser)?;
        let info = doc.trailer.get(b"Info").and_then(Object::as_reference).ok();
        for (_, id) in doc.get_pages() {
            // Attributes inherited from the old tree become the page's own.
            let mut inherited = Vec::new();
            for key in INHERITED {
                if doc.get_dictionary(id).map_err(ser)?.has(key) {
                    continue;
                }
                let mut node = doc.get_dictionary(id).map_err(ser)?.get(b"Parent").ok();
                while let Some(Ok(parent)) = node.map(Object::as_reference) {
                    let dict = doc.get_dictionary(parent).map_err(ser)?;
                    if let Ok(value) = dict.get(key) {
                        inherited.push((key, value.clone()));
                        break;
                    }
                    node = dict.get(b"Parent").ok();
                }
            }
            let page = doc.get_dictionary_mut(id).map_err(ser)?;
            for (key, value) in inherited {
                page.set(key, value);
            }
            pages.push(id);
        }
        // The old catalog, page tree nodes and info go; everything else comes along.
        let catalog_id = doc
            .trailer
            .get(b"Root")
            .and_then(Object::as_reference)
            .map_err(ser)?;
        for (id, object) in doc.objects {
            let is_tree = object.as_dict().is_ok_and(|d| {
                d.get(b"Type")
                    .and_then(Object::as_name)
                    .is_ok_and(|t| t == b"Pages")
            });
            if id == catalog_id || id == tree || Some(id) == info || is_tree {
                continue;
            }
            merged.objects.insert(id, object);
        }
        first_catalog.get_or_insert(catalog);
        let count = pages.len() - first_page;
        if index + 1 < parts.len() && count % 2 == 1 {
            let media = pages
                .last()
                .and_then(|&id| merged.get_dictionary(id).ok())
                .and_then(|page| page.get(b"MediaBox").ok())
                .cloned()
                .ok_or_else(|| PdfError::Serialize("a page has no size".into()))?;
            let mut blank = Dictionary::new();
            blank.set("Type", Object::Name(b"Page".to_vec()));
            blank.set("MediaBox", media);
            blank.set("Resources", Dictionary::new());
            let id = (next_id, 0);
            next_id += 1;
            merged.objects.insert(id, Object::Dictionary(blank));
            pages.push(id);
        }
    }
    merged.max_id = next_id - 1;
    let tree_id = merged.new_object_id();
    for id in &pages {
        if let Ok(Object::Dictionary(page)) = merged.get_object_mut(*id) {
            page.set("Parent", tree_id);
        }
    }
    let mut tree = Dictionary::new();
    tree.set("Type", Object::Name(b"Pages".to_vec()));
    tree.set("Count", pages.len() as i64);
    tree.set(
        "Kids",
        pages
            .iter()
            .map(|id| Object::Reference(*id))
            .collect::<Vec<_>>(),
    );
    merged.objects.insert(tree_id, Object::Dictionary(tree));
    let mut catalog = Dictionary::new();
    catalog.set("Type", Object::Name(b"Catalog".to_vec()));
    catalog.set("Pages", tree_id);
    if let Some(first) = first_catalog {
        for key in [&b"ViewerPreferences"[..], b"Lang"] {
            if let Ok(value) = first.get(key) {
                catalog.set(key, value.clone());
            }
        }
    }
    let catalog_id = merged.add_object(catalog);
    let mut info = Dictionary::new();
    info.set("Title", Object::string_literal(title));
    let info_id = merged.add_object(info);
    merged.trailer.set("Root", catalog_id);
    merged.trailer.set("Info", info_id);
    merged.compress();
    let mut bytes = Vec::new();
    merged
        .save_to(&mut bytes)
        .map_err(|e| PdfError::Serialize(e.to_string()))?;
    Ok(bytes)
}
