//! Checking one kit as `check` does and rendering its pack in memory, every file of it, before
//! anything is written.

use std::path::{Path, PathBuf};

use super::pack_files::{Document, PackFile};
use crate::answer::{ExampleAnswer, Firewall};
use crate::check::{Checked, PrintChoices, check_source};
use crate::cli::PackFormat;
use crate::diag::{Diagnostic, Source};
use crate::export::html::write_html;
use crate::export::pdf::write_pdf;
use crate::export::svg::write_svg;
use crate::run::firewall::{PlayerText, answer_leaks, player_texts};
use crate::run::{Failure, KIT_LIMIT, read_text};

/// A kit checked and rendered in memory, ready to be written.
pub struct Rendered {
    /// The kit file, as given.
    pub kit_path: PathBuf,
    /// The kit's title.
    pub title: String,
    /// The kit's fingerprint.
    pub fingerprint: String,
    /// Pages of the player sheet, of the host key and of the tiled board (0 without one).
    pub pages: [usize; 3],
    /// Which of the player sheet's pages every player needs, and which every pair.
    pub roles: crate::layout::PageRoles,
    /// How the board was sized, if it was made to fit.
    pub fit: Option<String>,
    /// What the tiled board is printed on, when the kit asks for one.
    pub board_note: Option<String>,
    /// The paper the pack is laid out on.
    pub paper: crate::kit::Paper,
    /// The kit's wording, for the advice after writing.
    pub wording: crate::wording::Wording,
    /// Every file of the pack, in the order written: what it is and its bytes.
    pub files: Vec<(PackFile, Vec<u8>)>,
    /// The kit as read, for a session's problems.
    pub source: Source,
    /// The kit's answers, which no other kit of a session may print.
    pub answers: Vec<ExampleAnswer>,
    /// Every text of its player pages, which may print no answer of another kit of a session.
    pub texts: Vec<PlayerText>,
    /// The files read to make it: the kit, and the font file it names, if any.
    pub inputs: Vec<PathBuf>,
}

impl Rendered {
    /// The names of the pack's files of `document`, in the order written.
    pub fn names_of(&self, document: Document) -> Vec<String> {
        self.files
            .iter()
            .filter(|(file, _)| file.document() == document)
            .map(|(file, _)| file.to_string())
            .collect()
    }

    /// The file a person opens to print `document`: its PDF, else its HTML, else its first
    /// SVG page.
    pub fn printable(&self, document: Document) -> Option<PackFile> {
        [
            PackFile::Pdf(document),
            PackFile::Html(document),
            PackFile::SvgPage(document, 1),
        ]
        .into_iter()
        .find(|wanted| self.files.iter().any(|(file, _)| file == wanted))
    }

    /// The bytes of `file`, if the pack has it.
    pub fn bytes_of(&self, wanted: PackFile) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(file, _)| *file == wanted)
            .map(|(_, bytes)| bytes.as_slice())
    }
}

/// What rendering a kit gave: its pack, or the kit's source and the problems of its check.
pub type Rendering = Result<Rendered, (Source, Vec<Diagnostic>)>;

/// Checks one kit as `check` does and renders its pack in memory; a failed check gives the
/// kit's source and problems.
pub fn render(
    kit_path: &Path,
    choices: PrintChoices<'_>,
    formats: &[PackFormat],
) -> Result<Rendering, Failure> {
    let source = Source::new(
        kit_path.display().to_string(),
        read_text(kit_path, KIT_LIMIT)?,
    );
    // Exactly `check`'s checks, except that the fit is judged on the paper actually used.
    let Checked { kit, key, fonts } = match check_source(&source, choices) {
        Ok(checked) => checked,
        Err(diagnostics) => return Ok(Err((source, diagnostics))),
    };
    let mut inputs = vec![kit_path.to_path_buf()];
    if let Some((name, _)) = &kit.font
        && crate::typeface::names_a_file(name)
    {
        inputs.push(kit_path.parent().unwrap_or(Path::new(".")).join(name));
    }
    // The documents are laid out, written and let go one at a time, so a large kit's pages are
    // never all held at once.
    let mut layout = crate::layout::PackLayout::new(&kit, &key, fonts);
    let (player_sheet, roles) = layout.player_sheet();
    let board = layout.board();
    // Shown above the pages of an HTML document on screen, never printed, but read.
    let note = kit.wording.get("browser_printing_note");
    // No answer on a player page, by any path: read off the pages as laid out. The tiled
    // board lies on the players' table too.
    let label = kit.wording.get("answer_line");
    let mut texts = player_texts(&player_sheet, "player sheet", Some(note), label);
    if let Some(board) = &board {
        texts.extend(player_texts(board, "tiled board", None, label));
    }
    // A title and its prompt read as one, though the page prints the diagram's stones between:
    // both the author's words, so a point of the answer in one beside an answer word in the
    // other (`title = "Answer:"`, `prompt = "C4"`) states it.
    for (i, example) in kit.examples.iter().enumerate() {
        if let (Some(title), Some(prompt)) = (&example.title, &example.prompt) {
            texts.push(PlayerText {
                place: format!("example {}'s title and prompt on the player sheet", i + 1),
                text: format!("{title}\n{prompt}"),
                joined: false,
            });
        }
    }
    let wall = Firewall::of_answers(&key.examples, &kit.wording);
    let leaks = answer_leaks(&source, &wall, &texts, &|_| Some(String::new()));
    if !leaks.is_empty() {
        return Ok(Err((source, leaks)));
    }
    let board_note = crate::layout::tiled_board::note(&kit, fonts);

    let mut files: Vec<(PackFile, Vec<u8>)> = Vec::new();
    let mut pages = [0; 3];
    pages[0] = player_sheet.pages.len();
    render_document(
        Document::PlayerSheet,
        player_sheet,
        formats,
        note,
        &mut files,
    )?;
    let host_key = layout.host_key();
    pages[1] = host_key.pages.len();
    render_document(Document::HostKey, host_key, formats, note, &mut files)?;
    if let Some(board) = board {
        pages[2] = board.pages.len();
        render_document(Document::Board, board, formats, note, &mut files)?;
    }
    let fit = layout.fit.as_ref().map(ToString::to_string);
    Ok(Ok(Rendered {
        kit_path: kit_path.to_path_buf(),
        title: kit.title.clone(),
        fingerprint: kit.fingerprint.clone(),
        pages,
        roles,
        fit,
        board_note,
        paper: kit.paper,
        wording: kit.wording.clone(),
        files,
        source,
        answers: key.examples,
        texts,
        inputs,
    }))
}

/// Writes `doc` as `document` in each of `formats`, into `files`, and lets it go.
fn render_document(
    document: Document,
    doc: crate::layout::page::Document,
    formats: &[PackFormat],
    note: &str,
    files: &mut Vec<(PackFile, Vec<u8>)>,
) -> Result<(), Failure> {
    if formats.contains(&PackFormat::Pdf) {
        let file = PackFile::Pdf(document);
        let bytes =
            write_pdf(&doc).map_err(|e| Failure::new(format!("cannot lay out `{file}`: {e}")))?;
        files.push((file, bytes));
    }
    if formats.contains(&PackFormat::Svg) {
        for (i, page) in doc.pages.iter().enumerate() {
            files.push((
                PackFile::SvgPage(document, i + 1),
                write_svg(page, doc.fonts, doc.language).into_bytes(),
            ));
        }
    }
    if formats.contains(&PackFormat::Html) {
        files.push((
            PackFile::Html(document),
            write_html(&doc, note).into_bytes(),
        ));
    }
    Ok(())
}
