//! Whether a kit's board (grid, stones' reach and coordinate labels) fits its paper, and the
//! size it is drawn at.
//!
//! The board must fit one page's content area, below its caption and above the tally and the
//! footer band, using the same `Style` the layout draws with. A kit that does not set
//! `spacing_mm` gets a full-size board when one fits the paper, otherwise the largest board that
//! fits with the same proportions, counters scaled alike ([`fitted_physical`]); a `spacing_mm`
//! the author set is kept, and if it does not fit, that is a misfit ([`board_misfit`]).

use std::fmt;

use crate::answer::number;
use crate::kit::{Kit, Paper, Physical, SetBy};
use crate::rules::BoardSize;

use super::board::BoardGeometry;
use super::geom::{Mm, Size};
use super::player;
use super::style::Style;
use crate::typeface::Typefaces;

/// A fitted spacing or counter smaller than this is no use on a table: the kit is refused.
const SMALLEST_MM: f64 = 5.0;

/// The width and height a page leaves for the full-size board, in millimetres.
pub fn room_for_board(paper: Paper, style: &Style) -> (f64, f64) {
    let (width, height) = paper.dimensions_mm();
    // What the player sheet puts around the board: the gap and caption above, the tally below.
    let captions = style.section_gap + style.line_height(style.heading_pt) + player::tally_height();
    (
        width - 2.0 * style.margin,
        height - 2.0 * style.margin - style.footer_band - captions,
    )
}

/// A board drawn smaller than full size so that it fits the paper: what `build` tells the author.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FitNote {
    /// The board.
    pub size: BoardSize,
    /// The paper it was fitted to.
    pub paper: Paper,
    /// The spacing it is drawn at, across and down, in millimetres.
    pub spacing_x: f64,
    /// See `spacing_x`.
    pub spacing_y: f64,
    /// The counters' (and drawn stones') diameter, in millimetres.
    pub counter: f64,
    /// The diameter the counter pages print at, as laid out (a tiled board's are full size),
    /// or `None` when the pack prints no counters.
    pub counters_printed: Option<f64>,
}

impl fmt::Display for FitNote {
    /// `9x9 board at 20.3 x 21.9 mm to fit a4 paper, counters 18.5 mm`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} board at {} x {} mm to fit {} paper",
            self.size,
            number(self.spacing_x),
            number(self.spacing_y),
            self.paper.name(),
        )?;
        match self.counters_printed {
            Some(counter) => write!(f, ", counters {} mm", number(counter)),
            None => Ok(()),
        }
    }
}

/// The sizes the kit's board and counters are drawn at on its paper, and a note when the board
/// was shrunk to fit: a pure function of the board size, the kit's physical sizes and the paper.
///
/// The kit's own sizes are kept when the board fits at them, when the author set `spacing_mm`
/// (then [`board_misfit`] says whether it fits), and when even the fitted board would be
/// too small to use. Otherwise the spacing keeps its proportions (the seed's 22 x 23.7 mm) at
/// the largest size that fits, rounded down to 0.1 mm, and so do the counters unless the kit
/// sets `counter_mm`.
pub fn fitted_physical(kit: &Kit, fonts: &'static Typefaces) -> (Physical, Option<FitNote>) {
    let physical = kit.physical;
    if physical.spacing_set_by == SetBy::Author || fits(kit.size, &physical, kit.paper, fonts) {
        return (physical, None);
    }
    match shrunk(
        kit.size,
        &physical,
        kit.paper,
        physical.counter_set_by == SetBy::Default,
        fonts,
    ) {
        Some(fitted) => {
            let note = FitNote {
                size: kit.size,
                paper: kit.paper,
                spacing_x: fitted.spacing_x_mm,
                spacing_y: fitted.spacing_y_mm,
                counter: fitted.counter_mm,
                counters_printed: Some(fitted.counter_mm),
            };
            (fitted, Some(note))
        }
        None => (physical, None),
    }
}

/// Why a kit's board cannot be drawn on its paper, with the sizes a message needs: the author's
/// `counter_mm` is too large for the fitted board, or the board at its spacing (the author's,
/// or no usable fitted one) does not fit at all. The check stage puts it in words.
#[derive(Debug, Clone, PartialEq)]
pub enum Misfit {
    /// The board was fitted to the paper, but the author's counters are wider than its grid.
    CounterOverlap(FitNote),
    /// The board at `physical`'s spacing needs more room than the paper leaves.
    TooLarge {
        /// The sizes the board would be drawn at.
        physical: Physical,
        /// The room the board needs, in millimetres.
        need: Size,
        /// The width and height the paper leaves for it, in millimetres.
        room: (f64, f64),
        /// The largest board at the same proportions that fits, when one is usable.
        smaller: Option<Physical>,
        /// The other papers (of A4, Letter, A3, in that order) the board fits as it is.
        papers: Vec<Paper>,
    },
}

/// Why the kit's board cannot be drawn on its paper, or `None` when it can.
pub fn board_misfit(kit: &Kit, fonts: &'static Typefaces) -> Option<Misfit> {
    let (physical, note) = fitted_physical(kit, fonts);
    if let Some(note) = note {
        let grid = note.spacing_x.min(note.spacing_y);
        return (note.counter > grid + 1e-9).then_some(Misfit::CounterOverlap(note));
    }
    if fits(kit.size, &physical, kit.paper, fonts) {
        return None;
    }
    let style = Style::for_physical(&physical, fonts);
    let papers = [Paper::A4, Paper::Letter, Paper::A3]
        .into_iter()
        .filter(|&paper| paper != kit.paper && fits(kit.size, &physical, paper, fonts))
        .collect();
    Some(Misfit::TooLarge {
        physical,
        need: BoardGeometry::extent(kit.size, &style.board),
        room: room_for_board(kit.paper, &style),
        smaller: shrunk(kit.size, &physical, kit.paper, true, fonts),
        papers,
    })
}

/// Whether the board of `size` at `physical`'s sizes fits `paper`.
fn fits(size: BoardSize, physical: &Physical, paper: Paper, fonts: &'static Typefaces) -> bool {
    let style = Style::for_physical(physical, fonts);
    let need: Size = BoardGeometry::extent(size, &style.board);
    let (room_w, room_h) = room_for_board(paper, &style);
    need.width <= Mm::new(room_w + 1e-9) && need.height <= Mm::new(room_h + 1e-9)
}

/// `physical` at the largest scale at which the board fits `paper`, each length rounded down to
/// 0.1 mm; the counter scales too when `scale_counter`, else stays as it is. `None` if that is
/// too small to be usable.
fn shrunk(
    size: BoardSize,
    physical: &Physical,
    paper: Paper,
    scale_counter: bool,
    fonts: &'static Typefaces,
) -> Option<Physical> {
    let style = Style::for_physical(physical, fonts);
    let board = style.board;
    let (room_w, room_h) = room_for_board(paper, &style);
    let lines = f64::from(size.get()) - 1.0;
    // The labels keep their size at any scale; the grid and (if it scales) the stones' reach shrink.
    let band = 2.0 * BoardGeometry::label_band(size, &board);
    let factor = |room: f64, spacing: f64| {
        if scale_counter {
            (room - band) / (lines * spacing + board.stone)
        } else {
            (room - band - board.stone) / (lines * spacing)
        }
    };
    let f = factor(room_w, board.spacing_x).min(factor(room_h, board.spacing_y));
    let down = |v: f64| (v * f * 10.0).floor() / 10.0;
    let counter = if scale_counter {
        down(board.stone)
    } else {
        physical.counter_mm
    };
    let fitted = Physical {
        spacing_x_mm: down(board.spacing_x),
        spacing_y_mm: down(board.spacing_y),
        counter_mm: counter,
        ..*physical
    };
    let smallest = fitted.spacing_x_mm.min(fitted.spacing_y_mm).min(counter);
    (f < 1.0 && smallest >= SMALLEST_MM && fits(size, &fitted, paper, fonts)).then_some(fitted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typeface::bundled;

    fn kit(n: u32, paper: Paper) -> Kit {
        Kit::plain(BoardSize::new(n).unwrap(), paper)
    }

    #[test]
    fn five_by_five_stays_full_size_on_a4_and_letter() {
        for paper in [Paper::A4, Paper::Letter] {
            let k = kit(5, paper);
            assert_eq!(fitted_physical(&k, bundled()), (Physical::default(), None));
            assert_eq!(board_misfit(&k, bundled()), None);
        }
    }

    #[test]
    fn nine_by_nine_is_fitted_to_a4_as_the_issue_says() {
        let k = kit(9, Paper::A4);
        let (physical, note) = fitted_physical(&k, bundled());
        let note = note.unwrap();
        assert_eq!((physical.spacing_x_mm, physical.spacing_y_mm), (20.3, 21.9));
        assert_eq!(
            note.to_string(),
            format!(
                "9x9 board at 20.3 x 21.9 mm to fit a4 paper, counters {} mm",
                number(physical.counter_mm)
            )
        );
        assert_eq!(board_misfit(&k, bundled()), None);
    }

    #[test]
    fn every_board_without_spacing_fits_every_paper_in_proportion() {
        for n in 2..=19 {
            for paper in [Paper::A4, Paper::Letter, Paper::A3] {
                let k = kit(n, paper);
                let (p, note) = fitted_physical(&k, bundled());
                assert!(fits(k.size, &p, paper, bundled()), "{n} on {paper:?}");
                assert_eq!(board_misfit(&k, bundled()), None);
                if note.is_none() {
                    assert_eq!(p, Physical::default(), "{n} on {paper:?}");
                    continue;
                }
                // One scale, each length rounded down to 0.1 mm.
                let f = p.spacing_x_mm / 22.0;
                for (fitted, full) in [(p.spacing_y_mm, 23.7), (p.counter_mm, 20.0)] {
                    assert!(
                        fitted <= full * (p.spacing_x_mm + 0.1) / 22.0
                            && full * f <= fitted + 0.1 + 1e-9,
                        "{n} on {paper:?}: {p:?}"
                    );
                }
                // As large as fits: 0.1 mm more does not.
                let larger = Physical {
                    spacing_x_mm: p.spacing_x_mm + 0.1,
                    spacing_y_mm: p.spacing_y_mm + 0.1,
                    counter_mm: p.counter_mm + 0.1,
                    ..p
                };
                assert!(
                    !fits(k.size, &larger, paper, bundled()),
                    "{n} on {paper:?}: {p:?}"
                );
            }
        }
    }
}
