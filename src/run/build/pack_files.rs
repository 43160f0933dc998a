//! The names `build` writes, as types: a pack's files (each document in each format) and a
//! session's own files. Every name written, listed, removed or read back from a switch's plan
//! goes through these, so what `build` writes and what it claims are one list.

use std::fmt;

/// The documents of a pack, in the order they are written and listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    /// What the players get.
    PlayerSheet,
    /// What the host keeps: the answers.
    HostKey,
    /// The board at full size across sheets (`board_print = "tiled"`), one per table.
    Board,
}

impl Document {
    /// Every document, player sheet first.
    pub const ALL: [Document; 3] = [Document::PlayerSheet, Document::HostKey, Document::Board];

    /// The start of every file name of the document.
    pub fn stem(self) -> &'static str {
        match self {
            Document::PlayerSheet => "player-sheet",
            Document::HostKey => "host-key",
            Document::Board => "board",
        }
    }
}

/// One file of a kit's pack: a document as one PDF, one HTML page, or one SVG per page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackFile {
    /// `<stem>.pdf`.
    Pdf(Document),
    /// `<stem>-<page>.svg`, pages counted from 1.
    SvgPage(Document, usize),
    /// `<stem>.html`.
    Html(Document),
}

impl PackFile {
    /// The document the file shows.
    pub fn document(self) -> Document {
        match self {
            PackFile::Pdf(d) | PackFile::SvgPage(d, _) | PackFile::Html(d) => d,
        }
    }

    /// The pack file `name` names exactly as `build` writes it, if any: a page number from 1,
    /// with no leading zero.
    pub fn parse(name: &str) -> Option<PackFile> {
        Document::ALL.into_iter().find_map(|document| {
            let rest = name.strip_prefix(document.stem())?;
            match rest {
                ".pdf" => return Some(PackFile::Pdf(document)),
                ".html" => return Some(PackFile::Html(document)),
                _ => {}
            }
            let page = rest.strip_prefix('-')?.strip_suffix(".svg")?;
            let written = page.bytes().all(|b| b.is_ascii_digit())
                && page.bytes().next().is_some_and(|b| b != b'0');
            let page = page.parse().ok().filter(|_| written)?;
            Some(PackFile::SvgPage(document, page))
        })
    }
}

impl fmt::Display for PackFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackFile::Pdf(d) => write!(f, "{}.pdf", d.stem()),
            PackFile::SvgPage(d, page) => write!(f, "{}-{page}.svg", d.stem()),
            PackFile::Html(d) => write!(f, "{}.html", d.stem()),
        }
    }
}

/// One file of a session's own folder, beside the kits' folders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionFile {
    /// `index.html`, listing the kits.
    Index,
    /// What `--combine` writes: every kit's copy of the document, joined in one PDF.
    Combined(Document),
    /// The kits' folders the session wrote, one name a line: what a later session into the
    /// same folder removes when it does not write them again.
    Folders,
}

impl SessionFile {
    /// Every session file.
    const ALL: [SessionFile; 5] = [
        SessionFile::Index,
        SessionFile::Folders,
        SessionFile::Combined(Document::PlayerSheet),
        SessionFile::Combined(Document::HostKey),
        SessionFile::Combined(Document::Board),
    ];

    /// The file's name.
    pub fn name(self) -> &'static str {
        match self {
            SessionFile::Index => "index.html",
            SessionFile::Folders => ".libertykit.session",
            SessionFile::Combined(Document::PlayerSheet) => "session-player-sheets.pdf",
            SessionFile::Combined(Document::HostKey) => "session-host-keys.pdf",
            SessionFile::Combined(Document::Board) => "session-boards.pdf",
        }
    }
}

impl fmt::Display for SessionFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `name` is one of the names `build` writes into a kit's pack.
pub fn is_pack_file(name: &str) -> bool {
    PackFile::parse(name).is_some()
}

/// Whether `name` is one of the files a session writes into its own folder.
pub fn is_session_file(name: &str) -> bool {
    SessionFile::ALL.iter().any(|file| file.name() == name)
}

/// The record, in each folder `build` writes, of the files it wrote there, one name a line:
/// what the next build may write over or remove as its own.
pub const WRITTEN_NAME: &str = ".libertykit.written";

/// Whether `name` is a file `build` writes into a folder, a pack's or a session's: what the
/// plan of an interrupted switch may name (a folder may have been built both ways).
pub fn is_built_file(name: &str) -> bool {
    is_pack_file(name) || is_session_file(name) || name == WRITTEN_NAME
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_pack_names_count_as_pack_files() {
        for name in [
            "player-sheet.pdf",
            "host-key.pdf",
            "player-sheet.html",
            "host-key.html",
            "player-sheet-3.svg",
            "host-key-12.svg",
            "player-sheet-10.svg",
        ] {
            assert!(is_pack_file(name), "{name}");
        }
        for name in [
            "notes.pdf",
            "player-sheet-.svg",
            "player-sheet-a.svg",
            "player-sheet-+1.svg",
            "host-key-1.svg.bak",
            "my-host-key.pdf",
            "host-key.htm",
            "player-sheet-1.html",
            "player-sheet-0.svg",
            "player-sheet-01.svg",
            "host-key-007.svg",
        ] {
            assert!(!is_pack_file(name), "{name}");
        }
    }

    #[test]
    fn a_pack_file_reads_back_as_its_name() {
        for document in Document::ALL {
            for file in [
                PackFile::Pdf(document),
                PackFile::SvgPage(document, 1),
                PackFile::SvgPage(document, 120),
                PackFile::Html(document),
            ] {
                assert_eq!(PackFile::parse(&file.to_string()), Some(file));
                assert_eq!(file.document(), document);
            }
        }
        assert_eq!(
            PackFile::SvgPage(Document::HostKey, 2).to_string(),
            "host-key-2.svg"
        );
    }

    #[test]
    fn session_files_are_not_pack_files() {
        for file in SessionFile::ALL {
            assert!(is_session_file(file.name()) && !is_pack_file(file.name()));
            assert!(is_built_file(file.name()));
        }
    }
}
