//! Layout: turns a kit's content into pages of shapes positioned in millimetres.
//!
//! `pack` is the entry point: the player sheet (content pages, then counter pages) and the
//! host key, each a `Document` with its own page numbering and footers.

pub mod board;
pub mod counters;
pub mod example_grid;
pub mod fit;
pub mod flow;
pub mod font;
pub mod footer;
pub mod game_figures;
pub mod geom;
pub mod host_key;
pub mod page;
pub mod played_record;
pub mod player;
pub mod prompt;
pub mod record_table;
pub mod rules_text;
pub mod sketches;
pub mod style;
pub mod tiled_board;

use crate::answer::AnswerKey;
use crate::kit::{BoardPrint, Kit};
use crate::typeface::Typefaces;

use fit::FitNote;
use flow::Flow;
use geom::Size;
use page::{Document, Font};
use style::{ExamplePrint, Style};

/// The printable pack: two separate documents, so the host key can be kept from the players.
#[derive(Debug, Clone, PartialEq)]
pub struct Pack {
    /// Set when the board (and counters) were drawn smaller than full size to fit the paper.
    pub fit: Option<FitNote>,
    /// Player sheet: title, rules, full-size board, examples without answers, record, counters.
    pub player_sheet: Document,
    /// Host key: how to run the round and every example with its answer.
    pub host_key: Document,
    /// The board at full size across sheets, when the kit asks for it (`board_print =
    /// "tiled"`): printed once per table.
    pub board: Option<Document>,
    /// Which of the player sheet's pages every player needs, and which every pair.
    pub player_roles: PageRoles,
}

/// Which of the player sheet's pages (numbered from 1) each reader needs, for the session's
/// index: a page may serve two (the rules and the board on one page).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PageRoles {
    /// Pages every player keeps: the rules and the examples.
    pub each_player: Vec<usize>,
    /// Pages a pair plays and records on: the board, the sketches, the move record.
    pub each_pair: Vec<usize>,
    /// The counter pages, cut up by each pair.
    pub counters: Vec<usize>,
}

/// Who needs a part of the player sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Every player.
    EachPlayer,
    /// Every pair of players.
    EachPair,
    /// Every pair, to cut up.
    Counters,
}

impl PageRoles {
    /// Adds the pages holding what `flow` placed since `mark` to `role`'s.
    pub fn read(&mut self, flow: &Flow, mark: flow::FlowMark, role: Role) {
        let pages = match role {
            Role::EachPlayer => &mut self.each_player,
            Role::EachPair => &mut self.each_pair,
            Role::Counters => &mut self.counters,
        };
        pages.extend(flow.pages_since(mark).map(|i| i + 1));
        pages.sort_unstable();
        pages.dedup();
    }
}

/// The wording keys of the player sheet's printing notes: the plain note on the pages to read
/// and write on, and the note that says how to cut on the counters' pages (when there are any).
pub fn player_printing_notes(kit: &Kit) -> Vec<&'static str> {
    if counters::per_colour(kit) == 0 {
        vec![PLAIN_NOTE]
    } else {
        vec![PLAIN_NOTE, CUTTING_NOTE]
    }
}

/// The printing note of the player sheet's pages with nothing to cut.
const PLAIN_NOTE: &str = "printing_note_no_counters";

/// The printing note of the counters' pages: how to print, and how to cut.
const CUTTING_NOTE: &str = "printing_note";

/// Lays out the whole pack for `kit` on its paper: at 100% scale, or, when the kit leaves the
/// spacing open and a full-size board does not fit, at the largest scale that fits
/// ([`fit::fitted_physical`]), so the PDF and the SVG pages agree.
pub fn pack(kit: &Kit, key: &AnswerKey, fonts: &'static Typefaces) -> Pack {
    let mut layout = PackLayout::new(kit, key, fonts);
    let (player_sheet, player_roles) = layout.player_sheet();
    Pack {
        fit: layout.fit,
        player_sheet,
        host_key: layout.host_key(),
        board: layout.board(),
        player_roles,
    }
}

/// The pack's documents laid out one at a time, so that a large kit's are written and let go
/// in turn rather than all held at once; [`pack`] lays out all three.
pub struct PackLayout<'k> {
    kit: &'k Kit,
    key: &'k AnswerKey,
    fonts: &'static Typefaces,
    style: Style,
    paper: Size,
    /// Set when the board (and counters) were drawn smaller than full size to fit the paper.
    pub fit: Option<FitNote>,
}

impl<'k> PackLayout<'k> {
    /// The scale and style the documents of `kit`'s pack are laid out in.
    pub fn new(kit: &'k Kit, key: &'k AnswerKey, fonts: &'static Typefaces) -> Self {
        let (physical, fit) = fit::fitted_physical(kit, fonts);
        let style = Style::for_physical(&physical, fonts)
            .with_examples(ExamplePrint::for_count(kit.examples.len()));
        let (width, height) = kit.paper.dimensions_mm();
        PackLayout {
            kit,
            key,
            fonts,
            style,
            paper: Size::mm(width, height),
            fit,
        }
    }

    /// The player sheet: title, rules, full-size board, examples without answers, record,
    /// counters; and which of its pages each reader needs. Sets [`PackLayout::fit`]'s counters
    /// to those drawn.
    pub fn player_sheet(&mut self) -> (Document, PageRoles) {
        let (kit, style) = (self.kit, self.style);
        let w = &kit.wording;
        let mut flow = Flow::new(style, self.paper);
        let mut roles = player::add_pages(&mut flow, kit, &style);
        // Printed on both sides, the counters must not stand on the back of a page to read: the
        // content ends on an even page, a blank one saying why when it must.
        if counters::per_colour(kit) > 0 && flow.page_count() % 2 == 1 {
            flow.new_page();
            flow.text(w.get("blank_before_counters"), Font::Regular, style.body_pt);
        }
        let content_pages = flow.page_count();
        // Counters for the board they are played on (a tiled board's are full size).
        let counter_style = Style {
            counter: counters::diameter(kit, &style),
            ..style
        };
        let counters_start = flow.mark();
        let counters_drawn = counters::add_pages(&mut flow, kit, &counter_style);
        // The note tells what was drawn: full-size counters for a tiled board, none at all when
        // the kit asks for none.
        if let Some(note) = &mut self.fit {
            note.counters_printed = counters_drawn;
        }
        roles.read(&flow, counters_start, Role::Counters);
        let player_name = w.get("player_document").to_string();
        let mut pages = flow.finish();
        let note_of = |page: usize| {
            w.get(if page < content_pages {
                PLAIN_NOTE
            } else {
                CUTTING_NOTE
            })
        };
        footer::decorate(&mut pages, &player_name, note_of, kit, &style);
        let player_sheet = Document {
            title: w.fill(
                "document_title",
                &[("title", &kit.title), ("document", &player_name)],
            ),
            pages,
            fonts: self.fonts,
            language: kit.language(),
        };
        (player_sheet, roles)
    }

    /// The host key: how to run the round and every example with its answer.
    pub fn host_key(&self) -> Document {
        let (kit, style) = (self.kit, self.style);
        let w = &kit.wording;
        let mut flow = Flow::new(style, self.paper);
        host_key::add_pages(&mut flow, kit, self.key, &style);
        let host_name = w.get("host_document").to_string();
        let mut pages = flow.finish();
        footer::decorate(
            &mut pages,
            &host_name,
            |_| w.get("host_printing_note"),
            kit,
            &style,
        );
        Document {
            title: w.fill(
                "document_title",
                &[("title", &kit.title), ("document", &host_name)],
            ),
            pages,
            fonts: self.fonts,
            language: kit.language(),
        }
    }

    /// The board at full size across sheets, when the kit asks for it (`board_print =
    /// "tiled"`).
    pub fn board(&self) -> Option<Document> {
        let tiled = self.kit.physical.board_print == BoardPrint::Tiled;
        tiled.then(|| board_document(self.kit, self.fonts, self.paper))
    }
}

/// The tiled board's document: the board at the kit's own spacing (full size unless the author
/// set one), one sheet per part, each with the usual foot and its 100 mm bar.
fn board_document(kit: &Kit, fonts: &'static Typefaces, paper: Size) -> Document {
    let style = Style::for_physical(&kit.physical, fonts);
    let w = &kit.wording;
    let mut pages = tiled_board::pages(kit, &style, paper);
    let name = w.get("board_document").to_string();
    footer::decorate(
        &mut pages,
        &name,
        |_| w.get("board_printing_note"),
        kit,
        &style,
    );
    Document {
        title: w.fill(
            "document_title",
            &[("title", &kit.title), ("document", &name)],
        ),
        pages,
        fonts,
        language: kit.language(),
    }
}
