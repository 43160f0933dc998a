//! Checking one kit as `check` does, then rendering its pack: each file is written under a
//! temporary name in the pack's folder as it is made, and only its name is kept, so a kit of
//! thousands of pages is never held whole; nothing is in place until the folder's switch.

use std::path::{Path, PathBuf};

use super::pack_files::{Document, PackFile};
use crate::answer::{ExampleAnswer, Firewall};
use crate::check::{Checked, PrintChoices, check_source};
use crate::cli::PackFormat;
use crate::diag::{Diagnostic, Source};
use crate::export::html::write_html_to;
use crate::export::pdf::write_pdf;
use crate::export::svg::write_svg;
use crate::run::fault;
use crate::run::files::{Staged, stage_written, writable_target};
use crate::run::firewall::{PlayerText, answer_leaks, player_texts};
use crate::run::{Failure, KIT_LIMIT, read_text};

/// One file of a kit's pack, written in full under a temporary name in the pack's folder: what
/// the folder's switch puts in place (dropped before, it is removed).
pub struct StagedPackFile {
    /// Which file of the pack it is.
    pub file: PackFile,
    /// Where it lies until then.
    pub staged: Staged,
}

/// A kit that passed `check`, not yet rendered.
pub struct CheckedKit {
    kit_path: PathBuf,
    source: Source,
    checked: Checked,
    /// The files read to make it: the kit, and the font file it names, if any.
    pub inputs: Vec<PathBuf>,
}

/// A kit checked and rendered, its files staged in its pack's folder, ready to be switched in.
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
    /// Every file of the pack, in the order written, staged in the pack's folder (none when
    /// the kit was rendered only to be checked): taken by the switch.
    pub files: Vec<StagedPackFile>,
    /// The kit as read, for a session's problems.
    pub source: Source,
    /// The kit's answers, which no other kit of a session may print.
    pub answers: Vec<ExampleAnswer>,
    /// Every text of its player pages, which may print no answer of another kit of a session
    /// (none for a kit built alone: they are let go once its own answers were looked for).
    pub texts: Vec<PlayerText>,
}

impl Rendered {
    /// The names of the pack's files of `document`, in the order written.
    pub fn names_of(&self, document: Document) -> Vec<String> {
        self.files
            .iter()
            .filter(|staged| staged.file.document() == document)
            .map(|staged| staged.file.to_string())
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
        .find(|wanted| self.files.iter().any(|staged| staged.file == *wanted))
    }

    /// `file` as it lies staged, to be read back, if the pack has it.
    pub fn staged(&self, wanted: PackFile) -> Option<&Staged> {
        self.files
            .iter()
            .find(|staged| staged.file == wanted)
            .map(|staged| &staged.staged)
    }

    /// The pack's staged files, for the folder's switch to put in place.
    pub fn into_staged(self) -> Vec<Staged> {
        self.files.into_iter().map(|file| file.staged).collect()
    }
}

/// What rendering a kit gave: its pack, or the kit's source and the problems of its check.
pub type Rendering = Result<Rendered, (Source, Vec<Diagnostic>)>;

/// Reads and checks one kit as `check` does; a failed check gives the kit's source and
/// problems.
pub fn check_kit(
    kit_path: &Path,
    choices: PrintChoices<'_>,
) -> Result<Result<CheckedKit, (Source, Vec<Diagnostic>)>, Failure> {
    let source = Source::new(
        kit_path.display().to_string(),
        read_text(kit_path, KIT_LIMIT)?,
    );
    // Exactly `check`'s checks, except that the fit is judged on the paper actually used.
    let checked = match check_source(&source, choices) {
        Ok(checked) => checked,
        Err(diagnostics) => return Ok(Err((source, diagnostics))),
    };
    let mut inputs = vec![kit_path.to_path_buf()];
    if let Some((name, _)) = &checked.kit.font
        && crate::typeface::names_a_file(name)
    {
        inputs.push(kit_path.parent().unwrap_or(Path::new(".")).join(name));
    }
    Ok(Ok(CheckedKit {
        kit_path: kit_path.to_path_buf(),
        source,
        checked,
        inputs,
    }))
}

/// Lays out a checked kit's pack and writes each file of `formats` staged into `dir` as it is
/// made (with no formats, only lays it out to look for answers on its player pages); a player
/// page that prints an answer gives the kit's source and that problem. A kit of a `session`
/// keeps its player pages' texts, for the other kits' answers to be looked for in them.
pub fn render(
    kit: CheckedKit,
    formats: &[PackFormat],
    dir: &Path,
    session: bool,
) -> Result<Rendering, Failure> {
    let CheckedKit {
        kit_path,
        source,
        checked: Checked { kit, key, fonts },
        ..
    } = kit;
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
    // Let go before the pages are written: a few KB an example, as much as a page's shapes.
    drop(wall);
    if !session {
        texts = Vec::new();
    }
    let board_note = crate::layout::tiled_board::note(&kit, fonts);

    let mut pack = PackWriter {
        dir,
        formats,
        note,
        files: Vec::new(),
    };
    let mut pages = [0; 3];
    pages[0] = player_sheet.pages.len();
    pack.write(Document::PlayerSheet, player_sheet)?;
    let host_key = layout.host_key();
    pages[1] = host_key.pages.len();
    pack.write(Document::HostKey, host_key)?;
    if let Some(board) = board {
        pages[2] = board.pages.len();
        pack.write(Document::Board, board)?;
    }
    let fit = layout.fit.as_ref().map(ToString::to_string);
    Ok(Ok(Rendered {
        kit_path,
        title: kit.title.clone(),
        fingerprint: kit.fingerprint.clone(),
        pages,
        roles,
        fit,
        board_note,
        paper: kit.paper,
        wording: kit.wording.clone(),
        files: pack.files,
        source,
        answers: key.examples,
        texts,
    }))
}

/// Writes a pack's documents staged into its folder, each in the formats asked for.
struct PackWriter<'a> {
    dir: &'a Path,
    formats: &'a [PackFormat],
    /// The printing note above an HTML document's pages.
    note: &'a str,
    files: Vec<StagedPackFile>,
}

impl PackWriter<'_> {
    /// Writes `doc` as `document` in each format, and lets it go.
    fn write(
        &mut self,
        document: Document,
        doc: crate::layout::page::Document,
    ) -> Result<(), Failure> {
        if self.formats.contains(&PackFormat::Pdf) {
            let file = PackFile::Pdf(document);
            let bytes = write_pdf(&doc)
                .map_err(|e| Failure::new(format!("cannot lay out `{file}`: {e}")))?;
            self.stage(file, |out| out.write_all(&bytes))?;
        }
        if self.formats.contains(&PackFormat::Svg) {
            for (i, page) in doc.pages.iter().enumerate() {
                let svg = write_svg(page, doc.fonts, doc.language);
                self.stage(PackFile::SvgPage(document, i + 1), |out| {
                    out.write_all(svg.as_bytes())
                })?;
            }
        }
        if self.formats.contains(&PackFormat::Html) {
            let note = self.note;
            self.stage(PackFile::Html(document), |out| {
                write_html_to(out, &doc, note)
            })?;
        }
        Ok(())
    }

    /// Writes `file` under a temporary name in the pack's folder: one step of the folder's
    /// switch (its first: every new file staged), and one write.
    fn stage(
        &mut self,
        file: PackFile,
        write: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> Result<(), Failure> {
        let path = self.dir.join(file.to_string());
        // Checked before the plan, so that no rename can fail halfway through the switch.
        writable_target(&path)?;
        fault::step();
        let staged = stage_written(&path, write)?;
        self.files.push(StagedPackFile { file, staged });
        Ok(())
    }
}
