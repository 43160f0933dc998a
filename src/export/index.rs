//! The session's `index.html`: one self-contained page listing each kit of a session with its
//! title, fingerprint, page counts, whom each document is for and relative links to its files.

use std::fmt::Write as _;

use super::markup::escape;
use crate::layout::PageRoles;
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
    /// Which of the player sheet's pages every player needs, and which every pair.
    pub roles: &'a PageRoles,
    /// The host key's page count and file names, in the order written.
    pub host_key: (usize, Vec<String>),
    /// The tiled board's sheet count and file names, when the kit has one.
    pub board: Option<(usize, Vec<String>)>,
    /// The kit's paper, as the kit names it (`a4`).
    pub paper: &'a str,
    /// The kit's wording: its section of the index is in the kit's language.
    pub wording: &'a Wording,
}

/// The index page, and every text it shows: a page the players see, so the answer firewall
/// reads each text as it reads a player sheet's.
pub struct Index {
    /// The page.
    pub html: String,
    /// Each text the page shows (a link's address included), with the kit it belongs to:
    /// `None` for the page's heading, in the first kit's wording.
    pub texts: Vec<(Option<usize>, String)>,
}

impl Index {
    /// `text` escaped for the page, and noted as one of its texts, of `kit`.
    fn shown(&mut self, kit: Option<usize>, text: &str) -> String {
        self.texts.push((kit, text.to_string()));
        escape(text)
    }
}

/// The index page of `kits`: its heading in the language of `wording` (the first kit's), each
/// kit's section in the kit's own, then links to the `combined` PDFs written beside it.
pub fn write_index(kits: &[IndexedKit<'_>], combined: &[&str], w: &Wording) -> Index {
    let mut index = Index {
        html: String::new(),
        texts: Vec::new(),
    };
    let mut html = String::new();
    let title = index.shown(None, w.get("index_title"));
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
    let _ = writeln!(html, "<p>{}</p>", index.shown(None, w.get("advice_print")));
    if !combined.is_empty() {
        let links: Vec<String> = combined
            .iter()
            .map(|name| {
                let shown = index.shown(None, name);
                format!("<a href=\"{}\">{shown}</a>", url_segment(name))
            })
            .collect();
        let _ = writeln!(
            html,
            "<p class=\"combined\">{} {}</p>",
            index.shown(None, w.get("index_combined")),
            links.join(" · ")
        );
    }
    for (i, kit) in kits.iter().enumerate() {
        let w = kit.wording;
        let of = Some(i);
        // The folder is no text on the page, but a player sees it in each link's address.
        index.texts.push((of, kit.folder.to_string()));
        let _ = writeln!(
            html,
            "<section class=\"kit\" lang=\"{}\">",
            w.language().code()
        );
        let _ = writeln!(html, "<h2>{}</h2>", index.shown(of, kit.title));
        let fingerprint = w.fill("index_fingerprint", &[("fingerprint", kit.fingerprint)]);
        let _ = writeln!(
            html,
            "<p class=\"fingerprint\">{}</p>",
            index.shown(of, &fingerprint)
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
                    let shown = index.shown(of, name);
                    format!(
                        "<a href=\"{}/{}\">{shown}</a>",
                        url_segment(kit.folder),
                        url_segment(name),
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
                "<li><strong>{}</strong> ({}): {}<br>{}",
                index.shown(of, w.get(document)),
                index.shown(of, &count),
                index.shown(of, w.get(whom)),
                links.join(" · ")
            );
            if document == "player_document" {
                let _ = writeln!(html, "<ul class=\"roles\">");
                for line in role_lines(kit.roles, &kit.paper.to_uppercase(), w) {
                    let _ = writeln!(html, "<li>{}</li>", index.shown(of, &line));
                }
                let _ = writeln!(html, "</ul>");
            }
            let _ = writeln!(html, "</li>");
        }
        let _ = writeln!(html, "</ul>\n</section>");
    }
    html.push_str("</body>\n</html>\n");
    index.html = html;
    index
}

/// What to print of the player sheet for whom: every player's pages (rules, examples), then
/// what a pair needs beyond the pages its players already hold (the board, the record), then
/// the counters; each with its pages and its sheets of `paper`, printed on both sides.
pub fn role_lines(roles: &PageRoles, paper: &str, w: &Wording) -> Vec<String> {
    let pages = |list: &[usize]| {
        let key = if list.len() == 1 {
            "index_page_one"
        } else {
            "index_page_many"
        };
        w.fill(key, &[("list", &page_list(list))])
    };
    let sheets = |list: &[usize]| {
        let count = list.len().div_ceil(2);
        let key = if count == 1 {
            "index_sheets_one"
        } else {
            "index_sheets_many"
        };
        w.fill(key, &[("count", &count.to_string()), ("paper", paper)])
    };
    let line = |key: &str, list: &[usize]| {
        w.fill(key, &[("pages", &pages(list)), ("sheets", &sheets(list))])
    };
    let mut lines = Vec::new();
    if !roles.each_player.is_empty() {
        lines.push(line("index_each_player", &roles.each_player));
    }
    let pair: Vec<usize> = (roles.each_pair.iter())
        .filter(|p| !roles.each_player.contains(p))
        .copied()
        .collect();
    if pair.is_empty() {
        lines.push(w.get("index_each_pair_shared").to_string());
    } else {
        lines.push(line("index_each_pair", &pair));
    }
    if !roles.counters.is_empty() {
        lines.push(line("index_counters", &roles.counters));
    }
    lines
}

/// Page numbers in ascending order as a print dialogue takes them: `1–3, 5`.
fn page_list(pages: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &page in pages {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == page => *last = page,
            _ => runs.push((page, page)),
        }
    }
    runs.iter()
        .map(|&(first, last)| {
            if first == last {
                first.to_string()
            } else {
                format!("{first}–{last}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
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
    fn page_lists_run_consecutive_pages_together() {
        assert_eq!(page_list(&[1, 2, 3, 5, 7, 8]), "1–3, 5, 7–8");
        assert_eq!(page_list(&[4]), "4");
        assert_eq!(page_list(&[]), "");
    }

    #[test]
    fn a_url_segment_keeps_only_unreserved_bytes() {
        assert_eq!(url_segment("a-b_c.d~e"), "a-b_c.d~e");
        assert_eq!(url_segment("my kit/é"), "my%20kit%2F%C3%A9");
    }
}
