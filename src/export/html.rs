//! HTML export: one laid-out `Document` as a single self-contained web page that a browser shows
//! as sheets and prints at true size (the only file naming `html`).
//!
//! Each page is the SVG drawing [`inline_svg`] makes of it (text as the fonts' own glyph
//! outlines, so no font file is needed), inside a `<section class="page">` sized in millimetres.
//! The CSS `@page` rule sets the paper to the pages' size with no margin, so a browser printing
//! at its default settings puts each page on its own sheet at 100%, without shrinking it to fit
//! margins of its own. On screen the pages stand as white sheets on a grey background under a
//! short printing note, which is not printed. Nothing outside the file is referred to: no
//! stylesheet, script, font or image, and no web address.

use std::io::Write;

use super::markup::escape;
use super::svg::{Glyphs, inline_svg, mm};
use crate::layout::geom::Size;
use crate::layout::page::Document;

/// The paper when a document has no page to take it from: A4.
const A4: Size = Size::mm(210.0, 297.0);

/// Renders `doc` as an HTML document; `note` is the printing advice shown above the pages on
/// screen only, in the document's language.
pub fn write_html(doc: &Document, note: &str) -> String {
    let mut out = Vec::new();
    // Writing to memory cannot fail, and the markup is UTF-8 throughout.
    let _ = write_html_to(&mut out, doc, note);
    String::from_utf8_lossy(&out).into_owned()
}

/// Writes `doc` as an HTML document to `out` (see [`write_html`]) one page at a time, so that a
/// document of thousands of pages is never held whole.
pub fn write_html_to(out: &mut dyn Write, doc: &Document, note: &str) -> std::io::Result<()> {
    let paper = doc.pages.first().map_or(A4, |page| page.size);
    let (w, h) = (mm(paper.width), mm(paper.height));
    out.write_all(b"<!DOCTYPE html>\n")?;
    writeln!(out, "<html lang=\"{}\">", doc.language.code())?;
    out.write_all(b"<head>\n<meta charset=\"utf-8\">\n")?;
    out.write_all(b"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")?;
    writeln!(out, "<title>{}</title>", escape(&doc.title))?;
    out.write_all(b"<style>\n")?;
    // Printing: the paper is the pages' own size with no margin, one page per sheet; every
    // length is in millimetres so nothing depends on the screen's pixels.
    writeln!(out, "@page {{ size: {w}mm {h}mm; margin: 0 }}")?;
    out.write_all(b"html, body { margin: 0; padding: 0 }\n")?;
    out.write_all(b"body { -webkit-print-color-adjust: exact; print-color-adjust: exact }\n")?;
    writeln!(
        out,
        ".page {{ width: {w}mm; height: {h}mm; overflow: hidden; break-after: page; \
         background: #ffffff }}"
    )?;
    // A break after the last page would print a blank sheet in some browsers.
    out.write_all(b".page:last-child { break-after: auto }\n")?;
    writeln!(
        out,
        ".page svg {{ display: block; width: {w}mm; height: {h}mm }}"
    )?;
    // On screen: sheets on a grey desk, the note above them.
    out.write_all(
        b"@media screen {\n\
         \x20 body { background: #808080; padding: 8mm 0 }\n\
         \x20 .page { margin: 0 auto 8mm; box-shadow: 0 0.5mm 3mm rgba(0, 0, 0, 0.45) }\n\
         \x20 .note { box-sizing: border-box; margin: 0 auto 8mm; padding: 3mm 5mm; \
         background: #ffffe0; color: #000000; font: 16px/1.4 sans-serif }\n\
         }\n",
    )?;
    writeln!(out, "@media screen {{ .note {{ max-width: {w}mm }} }}")?;
    out.write_all(b"@media print { .note { display: none } }\n")?;
    out.write_all(b"</style>\n</head>\n<body>\n")?;
    if !note.is_empty() {
        writeln!(out, "<p class=\"note\">{}</p>", escape(note))?;
    }
    // Every glyph outline once for the whole document: the pages refer to them, instead of each
    // page defining the hundred it uses (most of a big kit's HTML, before).
    let glyphs = Glyphs::of(&doc.pages, doc.fonts);
    out.write_all(glyphs.hidden_svg().as_bytes())?;
    out.write_all(b"\n")?;
    for page in &doc.pages {
        // A page of another size than the first (layout makes none) keeps its own size.
        if page.size == paper {
            out.write_all(b"<section class=\"page\">")?;
        } else {
            let (pw, ph) = (mm(page.size.width), mm(page.size.height));
            write!(
                out,
                "<section class=\"page\" style=\"width: {pw}mm; height: {ph}mm\">"
            )?;
        }
        let svg = inline_svg(page, doc.fonts, doc.language, &glyphs);
        if page.size != paper {
            let (pw, ph) = (mm(page.size.width), mm(page.size.height));
            let svg = svg.replacen(
                "<svg ",
                &format!("<svg style=\"width: {pw}mm; height: {ph}mm\" "),
                1,
            );
            out.write_all(svg.as_bytes())?;
        } else {
            out.write_all(svg.trim_end().as_bytes())?;
        }
        out.write_all(b"</section>\n")?;
    }
    out.write_all(b"</body>\n</html>\n")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::geom::{Pos, Rgb};
    use crate::layout::page::{Font, Page, Shape};
    use crate::typeface::bundled;
    use crate::wording::Language;

    fn doc(title: &str, pages: usize) -> Document {
        let page = Page {
            size: Size::mm(215.9, 279.4),
            shapes: vec![Shape::Text {
                baseline: Pos::mm(20.0, 20.0),
                text: "A1 <b> & \"5\"".to_string(),
                size_pt: 12.0,
                font: Font::Regular,
                color: Rgb::BLACK,
            }],
        };
        Document {
            title: title.to_string(),
            pages: vec![page; pages],
            fonts: bundled(),
            language: Language::French,
        }
    }

    #[test]
    fn paper_and_pages_are_sized_in_millimetres() {
        let html = write_html(&doc("Kit", 2), "Print at 100%.");
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"fr\">\n"));
        assert!(html.contains("@page { size: 215.9mm 279.4mm; margin: 0 }"));
        assert!(html.contains(".page { width: 215.9mm; height: 279.4mm; overflow: hidden;"));
        assert!(html.contains(".page svg { display: block; width: 215.9mm; height: 279.4mm }"));
        assert!(html.contains("@media print { .note { display: none } }"));
        assert!(html.contains("<p class=\"note\">Print at 100%.</p>"));
        assert_eq!(html.matches("<section class=\"page\"><svg ").count(), 2);
        assert!(html.ends_with("</section>\n</body>\n</html>\n"));
    }

    #[test]
    fn title_and_note_are_escaped() {
        let html = write_html(&doc("<Kit> & \"co\"", 1), "a < b & c");
        assert!(
            html.contains("<title>&lt;Kit&gt; &amp; &quot;co&quot;</title>"),
            "{html}"
        );
        assert!(html.contains("<p class=\"note\">a &lt; b &amp; c</p>"));
        // The page's own text is escaped by the SVG writer.
        assert!(html.contains("A1 &lt;b&gt; &amp;"));
    }

    #[test]
    fn glyphs_are_defined_once_for_all_pages_and_nothing_outside_is_named() {
        let html = write_html(&doc("Kit", 3), "");
        assert!(!html.contains("http"), "{html}");
        assert!(!html.contains("src="));
        assert!(!html.contains("class=\"note\""));
        let ids: Vec<&str> = html
            .split(" id=\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        assert!(!ids.is_empty());
        let unique: std::collections::BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "{ids:?}");
        // Three pages of the same text: each glyph defined once, and used on every page.
        assert_eq!(html.matches("<defs>").count(), 1, "{html}");
        let mut references = 0;
        for href in html.split("href=\"").skip(1) {
            let target = &href[..href.find('"').unwrap()];
            let id = target
                .strip_prefix('#')
                .expect("refers within the document");
            assert!(unique.contains(id), "{id} is not defined");
            references += 1;
        }
        // "A1 <b> & "5"" draws 9 glyphs (its 3 spaces draw nothing), on each of 3 pages.
        assert_eq!(references, 27, "{html}");
    }

    #[test]
    fn the_same_document_gives_the_same_bytes() {
        assert_eq!(
            write_html(&doc("Kit", 3), "note"),
            write_html(&doc("Kit", 3), "note")
        );
    }
}
