//! The session's `index.html`: one self-contained page listing each kit of a session with its
//! title, fingerprint, page counts, whom each document is for and relative links to its files.

use std::fmt::Write as _;

use super::markup::escape;
use crate::wording::Wording;

/// One kit as the index lists it.
pub struct IndexedKit<'a> {
    /// The kit's title.
    pub title: &'a str,
    /// The kit's fingerprint.
    pub fingerprint: &'a str,
    /// The kit's folder, relative to the index.
    pub folder: &'a str,
    /// The player sheet's page count and file names, in the order written.
    pub player_sheet: (usize, Vec<String>),
    /// The host key's page count and file names, in the order written.
    pub host_key: (usize, Vec<String>),
    /// The tiled board's sheet count and file names, when the kit has one.
    pub board: Option<(usize, Vec<String>)>,
    /// The kit's paper, as the kit names it (`a4`).
    pub paper: &'a str,
    /// The kit's wording: its section of the index is in the kit's language.
    pub wording: &'a Wording,
}

/// The index page of `kits`: its heading in the language of `wording` (the first kit's), each
/// kit's section in the kit's own, then links to the `combined` PDFs written beside it.
pub fn write_index(kits: &[IndexedKit<'_>], combined: &[&str], w: &Wording) -> String {
    let mut html = String::new();
    let title = escape(w.get("index_title"));
    let _ = writeln!(html, "<!DOCTYPE html>");
    let _ = writeln!(html, "<html lang=\"{}\">", w.language().code());
    let _ = writeln!(html, "<head>\n<meta charset=\"utf-8\">");
    let _ = writeln!(html, "<title>{title}</title>");
    let _ = writeln!(
        html,
        "<style>body{{font-family:sans-serif;max-width:48em;margin:2em auto;padding:0 1em}}\
         section{{border-top:1px solid #ccc;padding:.5em 0}}</style>"
    );
    let _ = writeln!(html, "</head>\n<body>\n<h1>{title}</h1>");
    let _ = writeln!(html, "<p>{}</p>", escape(w.get("advice_print")));
    if !combined.is_empty() {
        let links: Vec<String> = combined
            .iter()
            .map(|name| format!("<a href=\"{}\">{}</a>", url_segment(name), escape(name)))
            .collect();
        let _ = writeln!(
            html,
            "<p class=\"combined\">{} {}</p>",
            escape(w.get("index_combined")),
            links.join(" · ")
        );
    }
    for kit in kits {
        let w = kit.wording;
        let _ = writeln!(
            html,
            "<section class=\"kit\" lang=\"{}\">",
            w.language().code()
        );
        let _ = writeln!(html, "<h2>{}</h2>", escape(kit.title));
        let _ = writeln!(
            html,
            "<p class=\"fingerprint\">{}</p>",
            escape(&w.fill("index_fingerprint", &[("fingerprint", kit.fingerprint)]))
        );
        let _ = writeln!(html, "<ul>");
        let documents = [
            Some((&kit.player_sheet, "player_document", "index_for_players")),
            Some((&kit.host_key, "host_document", "index_for_host")),
            kit.board
                .as_ref()
                .map(|board| (board, "board_document", "index_for_table")),
        ];
        for ((pages, names), document, whom) in documents.into_iter().flatten() {
            let links: Vec<String> = names
                .iter()
                .map(|name| {
                    format!(
                        "<a href=\"{}/{}\">{}</a>",
                        url_segment(kit.folder),
                        url_segment(name),
                        escape(name)
                    )
                })
                .collect();
            // Printed on both sides, as the blank page before the counters intends.
            let sheets = pages.div_ceil(2).to_string();
            let count = w.fill(
                "index_pages",
                &[
                    ("pages", &pages.to_string()),
                    ("sheets", &sheets),
                    ("paper", &kit.paper.to_uppercase()),
                ],
            );
            let _ = writeln!(
                html,
                "<li><strong>{}</strong> ({}): {}<br>{}</li>",
                escape(w.get(document)),
                escape(&count),
                escape(w.get(whom)),
                links.join(" · ")
            );
        }
        let _ = writeln!(html, "</ul>\n</section>");
    }
    html.push_str("</body>\n</html>\n");
    html
}

/// `text` as one segment of a relative URL: every byte but unreserved ones percent-encoded.
fn url_segment(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_segment_keeps_only_unreserved_bytes() {
        assert_eq!(url_segment("a-b_c.d~e"), "a-b_c.d~e");
        assert_eq!(url_segment("my kit/é"), "my%20kit%2F%C3%A9");
    }
}
