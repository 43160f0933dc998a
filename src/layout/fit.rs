//! Whether a kit's board (grid, stones' reach and coordinate labels) fits its paper, and the
//! size it is drawn at.
//!
//! The board must fit one page's content area, below its caption and above the tally and the
//! footer band, using the same `Style` the layout draws with. A kit that does not set
//! `spacing_mm` gets a full-size board when one fits the paper, otherwise the largest board that
//! fits with the same proportions, counters scaled alike ([`fitted_physical`]); a `spacing_mm`
//! the author set is kept, and if it does not fit, that is a problem ([`board_fit_problem`]).

use std::fmt;

use crate::answer::number;
use crate::kit::{Kit, Paper, Physical};
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

/// Where the paper a pack is laid out for was chosen, so a message can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaperFrom {
    /// The kit's `paper` line.
    Kit,
    /// The kit has no `paper` line: the default.
    Default,
    /// `--paper` on the command line.
    Flag,
}

impl PaperFrom {
    /// The paper as the user chose it: `` `paper = "a4"` ``, `a4 paper (the default)` or
    /// `` `--paper letter` ``.
    pub fn describe(self, paper: Paper) -> String {
        match self {
            PaperFrom::Kit => format!("`paper = \"{}\"`", paper.name()),
            PaperFrom::Default => format!("{} paper (the default)", paper.name()),
            PaperFrom::Flag => format!("`--paper {}`", paper.name()),
        }
    }

    /// How to choose `paper` instead, in the same place: `` `paper = "a3"` `` or `` `--paper a3` ``.
    fn suggest(self, paper: Paper) -> String {
        match self {
            PaperFrom::Kit | PaperFrom::Default => format!("`paper = \"{}\"`", paper.name()),
            PaperFrom::Flag => format!("`--paper {}`", paper.name()),
        }
    }
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
}

impl fmt::Display for FitNote {
    /// `9x9 board at 20.1 x 21.6 mm to fit a4 paper, counters 18.3 mm`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} board at {} x {} mm to fit {} paper, counters {} mm",
            self.size,
            number(self.spacing_x),
            number(self.spacing_y),
            self.paper.name(),
            number(self.counter)
        )
    }
}

/// The sizes the kit's board and counters are drawn at on its paper, and a note when the board
/// was shrunk to fit: a pure function of the board size, the kit's physical sizes and the paper.
///
/// The kit's own sizes are kept when the board fits at them, when the author set `spacing_mm`
/// (then [`board_fit_problem`] says whether it fits), and when even the fitted board would be
/// too small to use. Otherwise the spacing keeps its proportions (the seed's 22 x 23.7 mm) at
/// the largest size that fits, rounded down to 0.1 mm, and so do the counters unless the kit
/// sets `counter_mm`.
pub fn fitted_physical(kit: &Kit, fonts: &'static Typefaces) -> (Physical, Option<FitNote>) {
    let physical = kit.physical;
    if physical.spacing_given || fits(kit.size, &physical, kit.paper, fonts) {
        return (physical, None);
    }
    match shrunk(
        kit.size,
        &physical,
        kit.paper,
        !physical.counter_given,
        fonts,
    ) {
        Some(fitted) => {
            let note = FitNote {
                size: kit.size,
                paper: kit.paper,
                spacing_x: fitted.spacing_x_mm,
                spacing_y: fitted.spacing_y_mm,
                counter: fitted.counter_mm,
            };
            (fitted, Some(note))
        }
        None => (physical, None),
    }
}

/// What is wrong when the kit's board cannot be drawn on its paper: the author's `spacing_mm`
/// does not fit, the author's `counter_mm` is too large for the fitted board, or no usable
/// board fits at all. `from` says where the paper was chosen, for the message.
pub fn board_fit_problem(
    kit: &Kit,
    from: PaperFrom,
    fonts: &'static Typefaces,
) -> Option<FitProblem> {
    let (physical, note) = fitted_physical(kit, fonts);
    if let Some(note) = note {
        let grid = note.spacing_x.min(note.spacing_y);
        if note.counter <= grid + 1e-9 {
            return None;
        }
        return Some(FitProblem {
            key: FitKey::Counter,
            message: format!(
                "counters of {} mm would overlap on the {} board fitted to {} at {} x {} mm",
                number(note.counter),
                kit.size,
                from.describe(kit.paper),
                number(note.spacing_x),
                number(note.spacing_y),
            ),
            help: format!(
                "make `counter_mm` at most {}, or leave it out and the counters shrink with the board",
                number(grid)
            ),
        });
    }
    if fits(kit.size, &physical, kit.paper, fonts) {
        return None;
    }
    let style = Style::for_physical(&physical, fonts);
    let need = BoardGeometry::extent(kit.size, &style.board);
    let (room_w, room_h) = room_for_board(kit.paper, &style);
    let message = format!(
        "the {} board at {} x {} mm spacing needs {:.0} x {:.0} mm, but {} leaves {:.0} x {:.0} mm",
        kit.size,
        number(physical.spacing_x_mm),
        number(physical.spacing_y_mm),
        need.width.get(),
        need.height.get(),
        from.describe(kit.paper),
        room_w,
        room_h,
    );
    let mut options = Vec::new();
    let smaller = shrunk(kit.size, &physical, kit.paper, true, fonts);
    if let Some(smaller) = smaller {
        options.push(format!(
            "`spacing_mm = [{}, {}]` and `counter_mm = {}`",
            number(smaller.spacing_x_mm),
            number(smaller.spacing_y_mm),
            number(smaller.counter_mm)
        ));
    }
    for paper in [Paper::A4, Paper::Letter, Paper::A3] {
        if paper != kit.paper && fits(kit.size, &physical, paper, fonts) {
            options.push(from.suggest(paper));
        }
    }
    let mut help = if options.is_empty() {
        "no paper size fits this board; use a smaller board".to_string()
    } else {
        format!("use {}", options.join(", or "))
    };
    if smaller.is_some() && physical.spacing_given {
        help.push_str("; or leave out `spacing_mm` to have the board fitted to the paper");
    }
    let key = if physical.spacing_given {
        FitKey::Spacing
    } else {
        FitKey::Board
    };
    Some(FitProblem { key, message, help })
}

/// Why a kit's board cannot be drawn on its paper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FitProblem {
    /// The kit value the problem is about, for the caret.
    pub key: FitKey,
    /// What does not fit, with the sizes.
    pub message: String,
    /// What would.
    pub help: String,
}

/// The kit value a fit problem points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FitKey {
    /// `[rules] board`: no usable board of this size fits.
    Board,
    /// `[kit] spacing_mm`: the author's spacing does not fit.
    Spacing,
    /// `[kit] counter_mm`: the author's counters are larger than the fitted grid.
    Counter,
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
    use crate::rules::Rules;
    use crate::typeface::bundled;
    use crate::wording::Wording;

    fn kit(n: u32, paper: Paper) -> Kit {
        Kit {
            title: "t".into(),
            purpose: None,
            paper,
            record_rows: 8,
            record_numbered: false,
            counters: Default::default(),
            size: BoardSize::new(n).unwrap(),
            rules: Rules::liberty_chain_capture(),
            physical: Physical::default(),
            wording: Wording::defaults(),
            examples: Vec::new(),
            worked_example: None,
            fingerprint: "0".into(),
            places: Default::default(),
            font: None,
        }
    }

    fn with_spacing(mut k: Kit, x: f64, y: f64, counter: f64) -> Kit {
        k.physical = Physical {
            spacing_x_mm: x,
            spacing_y_mm: y,
            counter_mm: counter,
            spacing_given: true,
            counter_given: true,
            ..Physical::default()
        };
        k
    }

    #[test]
    fn five_by_five_stays_full_size_on_a4_and_letter() {
        for paper in [Paper::A4, Paper::Letter] {
            let k = kit(5, paper);
            assert_eq!(fitted_physical(&k, bundled()), (Physical::default(), None));
            assert_eq!(board_fit_problem(&k, PaperFrom::Kit, bundled()), None);
        }
    }

    #[test]
    fn nine_by_nine_is_fitted_to_a4_as_the_issue_says() {
        let k = kit(9, Paper::A4);
        let (physical, note) = fitted_physical(&k, bundled());
        let note = note.unwrap();
        assert_eq!((physical.spacing_x_mm, physical.spacing_y_mm), (20.1, 21.6));
        assert_eq!(
            note.to_string(),
            format!(
                "9x9 board at 20.1 x 21.6 mm to fit a4 paper, counters {} mm",
                number(physical.counter_mm)
            )
        );
        assert_eq!(board_fit_problem(&k, PaperFrom::Kit, bundled()), None);
    }

    #[test]
    fn every_board_without_spacing_fits_every_paper_in_proportion() {
        for n in 2..=19 {
            for paper in [Paper::A4, Paper::Letter, Paper::A3] {
                let k = kit(n, paper);
                let (p, note) = fitted_physical(&k, bundled());
                assert!(fits(k.size, &p, paper, bundled()), "{n} on {paper:?}");
                assert_eq!(board_fit_problem(&k, PaperFrom::Kit, bundled()), None);
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

    #[test]
    fn an_author_spacing_that_does_not_fit_stays_a_problem_naming_the_paper() {
        let k = with_spacing(kit(9, Paper::A4), 22.0, 23.7, 20.0);
        assert_eq!(fitted_physical(&k, bundled()).1, None);
        let problem = board_fit_problem(&k, PaperFrom::Kit, bundled()).unwrap();
        assert_eq!(problem.key, FitKey::Spacing);
        assert!(
            problem
                .message
                .starts_with("the 9x9 board at 22 x 23.7 mm spacing needs 207 x 220 mm, but `paper = \"a4\"` leaves 190 x 232 mm"),
            "{}",
            problem.message
        );
        assert!(
            problem
                .help
                .contains("`spacing_mm = [20.1, 21.6]` and `counter_mm = 18.3`"),
            "{}",
            problem.help
        );
        assert!(
            problem.help.contains("`paper = \"a3\"`"),
            "{}",
            problem.help
        );

        let mut k = with_spacing(kit(9, Paper::Letter), 22.0, 23.7, 20.0);
        k.paper = Paper::Letter;
        let problem = board_fit_problem(&k, PaperFrom::Flag, bundled()).unwrap();
        assert!(
            problem
                .message
                .contains("but `--paper letter` leaves 196 x 214 mm"),
            "{}",
            problem.message
        );
        assert!(!problem.message.contains("A4"), "{}", problem.message);
        assert!(problem.help.contains("`--paper a3`"), "{}", problem.help);
        assert!(!problem.help.contains("paper = "), "{}", problem.help);

        let problem =
            board_fit_problem(&kit_default_paper_19(), PaperFrom::Default, bundled()).unwrap();
        assert!(
            problem
                .message
                .contains("but a4 paper (the default) leaves"),
            "{}",
            problem.message
        );
        assert!(!problem.help.contains("a3"), "{}", problem.help);
    }

    fn kit_default_paper_19() -> Kit {
        with_spacing(kit(19, Paper::A4), 22.0, 23.7, 20.0)
    }

    #[test]
    fn the_suggested_spacing_fits() {
        let k = kit_default_paper_19();
        let problem = board_fit_problem(&k, PaperFrom::Kit, bundled()).unwrap();
        let (fitted, _) = fitted_physical(&kit(19, Paper::A4), bundled());
        let suggested = format!(
            "`spacing_mm = [{}, {}]` and `counter_mm = {}`",
            number(fitted.spacing_x_mm),
            number(fitted.spacing_y_mm),
            number(fitted.counter_mm)
        );
        assert!(problem.help.contains(&suggested), "{}", problem.help);
        let k = with_spacing(
            kit(19, Paper::A4),
            fitted.spacing_x_mm,
            fitted.spacing_y_mm,
            fitted.counter_mm,
        );
        assert_eq!(board_fit_problem(&k, PaperFrom::Kit, bundled()), None);
    }

    #[test]
    fn an_author_counter_is_kept_and_must_fit_the_fitted_grid() {
        let mut k = kit(9, Paper::A4);
        k.physical.counter_mm = 12.0;
        k.physical.counter_given = true;
        let (p, note) = fitted_physical(&k, bundled());
        assert!(note.is_some());
        assert_eq!(p.counter_mm, 12.0);
        assert!(p.spacing_x_mm > 20.1, "{p:?}");
        assert_eq!(board_fit_problem(&k, PaperFrom::Kit, bundled()), None);

        let mut k = kit(19, Paper::A4);
        k.physical.counter_mm = 20.0;
        k.physical.counter_given = true;
        let problem = board_fit_problem(&k, PaperFrom::Default, bundled()).unwrap();
        assert_eq!(problem.key, FitKey::Counter);
        assert!(
            problem
                .message
                .starts_with("counters of 20 mm would overlap on the 19x19 board fitted to a4 paper (the default) at "),
            "{}",
            problem.message
        );
    }
}
