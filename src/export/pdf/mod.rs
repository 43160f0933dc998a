//! PDF export: translates a laid-out `Document` into PDF bytes via printpdf (the only file naming it).
//!
//! Text is set in the document's typefaces, embedded as subsets with a ToUnicode map
//! (`fonts.rs`), so it stays real, selectable, extractable text in any script.
//! printpdf's document is finished through its public lopdf handle: the catalog gains
//! `/ViewerPreferences << /PrintScaling /None >>`, the info dictionary keeps only the title and
//! producer (no dates), and the random trailer `/ID` is replaced by a hash of the bytes written, so
//! the same document always yields the same bytes.

use std::collections::BTreeMap;
use std::fmt;

use printpdf::{DictItem, PdfDocument, PdfPage, PdfParseErrorSeverity, PdfSaveOptions};

mod draw;
mod fonts;
pub mod merge;
#[cfg(test)]
mod printpdf_oracle;

use draw::{page_content, pt};

use crate::fingerprint::fnv1a64;
use crate::layout::page::{Document, Page};

/// Written as the PDF's `/Producer`, so a printed sheet can be traced back to its tool.
const PRODUCER: &str = "libertykit";

/// Why a document could not be written as PDF.
#[derive(Debug, Clone, PartialEq)]
pub enum PdfError {
    /// printpdf reported an error while translating the page content.
    Content(String),
    /// The finished PDF object tree could not be adjusted or serialised.
    Serialize(String),
}

impl fmt::Display for PdfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdfError::Content(msg) => write!(f, "{msg}"),
            PdfError::Serialize(msg) => write!(f, "could not write PDF: {msg}"),
        }
    }
}

impl std::error::Error for PdfError {}

/// Renders `doc` as a PDF file: one PDF page per page, sized exactly as laid out.
///
/// printpdf writes the document's frame (fonts, page dictionaries, catalog) around empty
/// pages, the first of them showing each character once so that its fonts get their glyphs;
/// then each page's content stream is written and compressed in turn, so that what is held is
/// the compressed pages, never every page's drawing operations at once.
pub fn write_pdf(doc: &Document) -> Result<Vec<u8>, PdfError> {
    let mut pdf = PdfDocument::new(&doc.title);
    pdf.metadata.info.producer = PRODUCER.to_string();
    let (embedded, fonts) = fonts::embed(doc)?;
    pdf.resources.fonts.map = fonts;
    pdf.pages = doc.pages.iter().map(blank_page).collect();
    if let Some(first) = pdf.pages.first_mut() {
        first.ops = embedded.glyph_usage(doc);
    }

    let mut lo = to_lopdf(pdf)?;
    let ser = |e: &dyn fmt::Display| PdfError::Serialize(e.to_string());
    for (page, id) in doc.pages.iter().zip(lo.page_iter().collect::<Vec<_>>()) {
        let contents = lo
            .get_dictionary(id)
            .and_then(|page| page.get(b"Contents"))
            .and_then(lopdf::Object::as_reference)
            .map_err(|e| ser(&e))?;
        let content = page_content(page, doc.fonts, &embedded);
        let mut stream = lopdf::Stream::new(lopdf::Dictionary::new(), content);
        stream.compress().map_err(|e| ser(&e))?;
        lo.objects.insert(contents, lopdf::Object::Stream(stream));
    }
    save(lo, doc)
}

/// printpdf's object tree of `pdf`, or its first error.
fn to_lopdf(pdf: PdfDocument) -> Result<lopdf::Document, PdfError> {
    let opts = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let lo = pdf.to_lopdf_document(&opts, &mut warnings);
    match warnings
        .into_iter()
        .find(|w| w.severity == PdfParseErrorSeverity::Error)
    {
        Some(w) => Err(PdfError::Content(w.msg)),
        None => Ok(lo),
    }
}

/// The finished file of `lo`, the object tree of `doc`.
fn save(mut lo: lopdf::Document, doc: &Document) -> Result<Vec<u8>, PdfError> {
    let ser = |e: &dyn fmt::Display| PdfError::Serialize(e.to_string());
    finish(&mut lo, doc).map_err(|e| ser(&e))?;
    fonts::compress_font_programs(&mut lo);
    lo.compress();
    let mut bytes = Vec::new();
    lo.save_to(&mut bytes).map_err(|e| ser(&e))?;
    stamp_id(&mut bytes).ok_or_else(|| ser(&"the trailer's /ID is missing"))?;
    Ok(bytes)
}

/// A page with nothing drawn on it yet, its boxes the layout's paper size.
fn blank_page(page: &Page) -> PdfPage {
    let mut pdf_page = PdfPage::new(printpdf::Mm(0.0), printpdf::Mm(0.0), Vec::new());
    // Set the boxes from our own conversion rather than printpdf's Mm, whose factor is
    // rounded, so the media box is the layout's paper size to f32 precision.
    let media = printpdf::Rect::from_wh(pt(page.size.width), pt(page.size.height));
    pdf_page.media_box = media.clone();
    pdf_page.trim_box = media.clone();
    pdf_page.crop_box = media;
    pdf_page
}

/// What printpdf 0.12 cannot be told to write, set on its finished lopdf document: its
/// `to_lopdf_doc` always writes 1970 dates, empty strings and a PDF/X version into the info
/// dictionary and a random `/ID`, and has no field for the catalog's `/ViewerPreferences` or
/// `/Lang`; so these stay a post-processing step (ISO 32000-1 14.3.3, 12.2, 14.9.2).
fn finish(lo: &mut lopdf::Document, doc: &Document) -> Result<(), lopdf::Error> {
    // Without this, "fit to page" in print dialogs shrinks the board and the cut-out stones.
    let viewer_prefs = DictItem::Dict {
        map: BTreeMap::from([("PrintScaling".to_string(), DictItem::Name(b"None".to_vec()))]),
    };
    let catalog = lo.catalog_mut()?;
    catalog.set("ViewerPreferences", viewer_prefs.to_lopdf());
    let language = DictItem::String {
        data: doc.language.code().as_bytes().to_vec(),
        literal: true,
    };
    catalog.set("Lang", language.to_lopdf());

    // Only the title and producer carry information.
    let info_id = lo.trailer.get(b"Info").and_then(|o| o.as_reference())?;
    let info = lo.get_dictionary_mut(info_id)?;
    let drop: Vec<Vec<u8>> = info
        .iter()
        .map(|(k, _)| k.clone())
        .filter(|k| k.as_slice() != b"Title" && k.as_slice() != b"Producer")
        .collect();
    for key in drop {
        info.remove(&key);
    }

    // printpdf's /ID is random, so it differs per call: a placeholder now, and `stamp_id` writes
    // the hash of the finished bytes over it.
    let placeholder = DictItem::String {
        data: ID_PLACEHOLDER.to_vec(),
        literal: false,
    };
    let id = DictItem::Array(vec![placeholder.clone(), placeholder]);
    lo.trailer.set("ID", id.to_lopdf());
    Ok(())
}

/// The trailer `/ID` until the bytes are hashed: eight zero bytes, written as 16 hex digits.
const ID_PLACEHOLDER: [u8; 8] = [0; 8];

/// Writes the FNV-1a hash of `pdf` (as written, with the placeholder `/ID`) over both halves of
/// its placeholder `/ID`, in place, so offsets stay right and the same pages give the same
/// file. `None` if the trailer holds no placeholder.
fn stamp_id(pdf: &mut [u8]) -> Option<()> {
    let digest = format!("{:016X}", fnv1a64(pdf));
    let trailer = memchr::memmem::rfind(pdf, b"trailer")?;
    let zeros = [b'0'; 2 * ID_PLACEHOLDER.len()];
    for _ in 0..2 {
        let at = trailer + memchr::memmem::find(&pdf[trailer..], &zeros)?;
        pdf[at..at + zeros.len()].copy_from_slice(digest.as_bytes());
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::draw::{pdf_point, shape_ops};
    use super::*;
    use crate::layout::geom::{Mm, PT_PER_MM, Pos, Rgb, Size};
    use crate::layout::page::{Font, Page, Shape, Stroke};
    use crate::wording::Language;

    fn sample() -> Document {
        let black = Stroke {
            width: Mm::new(0.3),
            color: Rgb::BLACK,
            dash: None,
        };
        Document {
            title: "Liberty-chain capture · Player sheet".to_string(),
            pages: vec![Page {
                size: Size::mm(210.0, 297.0),
                shapes: vec![
                    Shape::Line {
                        from: Pos::mm(20.0, 30.0),
                        to: Pos::mm(120.0, 30.0),
                        stroke: black,
                    },
                    Shape::Line {
                        from: Pos::mm(20.0, 40.0),
                        to: Pos::mm(120.0, 40.0),
                        stroke: Stroke {
                            dash: Some((Mm::new(1.0), Mm::new(1.0))),
                            color: Rgb::GREY,
                            ..black
                        },
                    },
                    Shape::Circle {
                        center: Pos::mm(60.0, 80.0),
                        radius: Mm::new(4.0),
                        fill: Some(Rgb::BLACK),
                        stroke: Some(black),
                    },
                    Shape::Rect {
                        origin: Pos::mm(10.0, 10.0),
                        size: Size::mm(190.0, 277.0),
                        fill: None,
                        stroke: Some(black),
                    },
                    Shape::Text {
                        baseline: Pos::mm(20.0, 20.0),
                        text: "5×5 A1–E5 · “tally”".to_string(),
                        size_pt: 12.0,
                        font: Font::Bold,
                        color: Rgb::BLACK,
                    },
                ],
            }],
            fonts: crate::typeface::bundled(),
            language: Language::English,
        }
    }

    #[test]
    fn text_is_embedded_as_a_subset_and_reads_back() {
        let bytes = write_pdf(&sample()).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let names: Vec<String> = doc
            .objects
            .values()
            .filter_map(|o| o.as_dict().ok())
            .filter_map(|d| d.get(b"BaseFont").ok())
            .filter_map(|n| n.as_name().ok())
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .collect();
        assert!(!names.is_empty());
        for name in &names {
            // A six-capital tag and `+` mark a subset.
            assert_eq!(name.find('+'), Some(6), "{name}");
            assert!(name.ends_with("LiberationSans-Bold"), "{name}");
        }
    }

    #[test]
    fn same_input_gives_identical_bytes() {
        let a = write_pdf(&sample()).unwrap();
        let b = write_pdf(&sample()).unwrap();
        assert!(a.starts_with(b"%PDF-"));
        assert_eq!(a, b);
    }

    /// The trailer's `/ID`, as written.
    fn trailer_id(pdf: &[u8]) -> Vec<u8> {
        let doc = lopdf::Document::load_mem(pdf).unwrap();
        let id = doc.trailer.get(b"ID").unwrap().as_array().unwrap();
        assert_eq!(id[0], id[1]);
        id[0].as_str().unwrap().to_vec()
    }

    #[test]
    fn different_input_gives_different_id() {
        let mut other = sample();
        other.title.push('!');
        let (a, b) = (write_pdf(&sample()).unwrap(), write_pdf(&other).unwrap());
        assert_ne!(trailer_id(&a), trailer_id(&b));
        assert_ne!(trailer_id(&a), ID_PLACEHOLDER);
    }

    #[test]
    fn catalog_disables_print_scaling_and_info_has_no_dates() {
        let bytes = write_pdf(&sample()).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let catalog = doc.catalog().unwrap();
        let prefs = catalog
            .get(b"ViewerPreferences")
            .unwrap()
            .as_dict()
            .unwrap();
        assert_eq!(
            prefs.get(b"PrintScaling").unwrap().as_name().unwrap(),
            b"None"
        );
        let info_id = doc.trailer.get(b"Info").unwrap().as_reference().unwrap();
        let info = doc.get_dictionary(info_id).unwrap();
        assert!(info.get(b"Title").is_ok());
        assert!(info.get(b"CreationDate").is_err());
        assert!(info.get(b"ModDate").is_err());
    }

    #[test]
    fn y_is_flipped_once() {
        let p = pdf_point(Mm::new(297.0), Pos::mm(10.0, 0.0));
        assert!((f64::from(p.x.0) - 10.0 * PT_PER_MM).abs() < 1e-3);
        assert!((f64::from(p.y.0) - 297.0 * PT_PER_MM).abs() < 1e-3);
        let q = pdf_point(Mm::new(297.0), Pos::mm(0.0, 297.0));
        assert!(q.y.0.abs() < 1e-3);
    }

    #[test]
    fn empty_shapes_are_skipped_and_empty_document_writes() {
        let doc = Document {
            title: String::new(),
            pages: vec![],
            fonts: crate::typeface::bundled(),
            language: Language::English,
        };
        assert!(write_pdf(&doc).is_ok());
        let mut ops = Vec::new();
        shape_ops(
            Size::mm(210.0, 297.0),
            &Shape::Circle {
                center: Pos::mm(1.0, 1.0),
                radius: Mm::new(1.0),
                fill: None,
                stroke: None,
            },
            crate::typeface::bundled(),
            &fonts::embed(&doc).unwrap().0,
            &mut ops,
        );
        assert!(ops.is_empty());
    }
}
