//! Whether the kit's board fits its paper, in words: the layout measures the misfit
//! ([`board_misfit`]); here it becomes a problem at the kit value it is about, naming the paper
//! as the author chose it.

use crate::answer::number;
use crate::diag::Diagnostic;
use crate::kit::{Kit, Paper, SetBy};
use crate::layout::fit::{Misfit, board_misfit};
use crate::typeface::Typefaces;

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
    fn describe(self, paper: Paper) -> String {
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

/// The problem when the kit's board cannot be drawn on its paper, reported at the author's
/// `spacing_mm` or `counter_mm` when one is at fault, else at `[rules] board`. `from` says where
/// the paper was chosen.
pub fn fit_problem(kit: &Kit, from: PaperFrom, fonts: &'static Typefaces) -> Option<Diagnostic> {
    let places = &kit.places;
    let (span, message, help) = match board_misfit(kit, fonts)? {
        Misfit::CounterOverlap(note) => (
            places.counter_mm.clone(),
            format!(
                "counters of {} mm would overlap on the {} board fitted to {} at {} x {} mm",
                number(note.counter),
                kit.size,
                from.describe(kit.paper),
                number(note.spacing_x),
                number(note.spacing_y),
            ),
            format!(
                "make `counter_mm` at most {}, or leave it out and the counters shrink with the board",
                number(note.spacing_x.min(note.spacing_y))
            ),
        ),
        Misfit::TooLarge {
            physical,
            need,
            room: (room_w, room_h),
            smaller,
            papers,
        } => {
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
            if let Some(smaller) = smaller {
                options.push(format!(
                    "`spacing_mm = [{}, {}]` and `counter_mm = {}`",
                    number(smaller.spacing_x_mm),
                    number(smaller.spacing_y_mm),
                    number(smaller.counter_mm)
                ));
            }
            options.extend(papers.into_iter().map(|paper| from.suggest(paper)));
            let mut help = if options.is_empty() {
                "no paper size fits this board; use a smaller board".to_string()
            } else {
                format!("use {}", options.join(", or "))
            };
            if smaller.is_some() && physical.spacing_set_by == SetBy::Author {
                help.push_str("; or leave out `spacing_mm` to have the board fitted to the paper");
            }
            let span = if physical.spacing_set_by == SetBy::Author {
                places.spacing_mm.clone()
            } else {
                None
            };
            (span, message, help)
        }
    };
    let span = span.unwrap_or_else(|| places.board.clone());
    Some(Diagnostic::at(span, message).with_help(help))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::Physical;
    use crate::layout::fit::fitted_physical;
    use crate::rules::BoardSize;
    use crate::typeface::bundled;

    /// Where the test kits' `spacing_mm` and `counter_mm` are written.
    const SPACING: std::ops::Range<usize> = 10..20;
    const COUNTER: std::ops::Range<usize> = 30..40;

    fn kit(n: u32, paper: Paper) -> Kit {
        Kit::plain(BoardSize::new(n).unwrap(), paper)
    }

    fn help(problem: &Diagnostic) -> &str {
        problem.help.as_deref().unwrap_or_default()
    }

    fn with_spacing(mut k: Kit, x: f64, y: f64, counter: f64) -> Kit {
        k.physical = Physical {
            spacing_x_mm: x,
            spacing_y_mm: y,
            counter_mm: counter,
            spacing_set_by: SetBy::Author,
            counter_set_by: SetBy::Author,
            ..Physical::default()
        };
        k.places.spacing_mm = Some(SPACING);
        k.places.counter_mm = Some(COUNTER);
        k
    }

    #[test]
    fn an_author_spacing_that_does_not_fit_stays_a_problem_naming_the_paper() {
        let k = with_spacing(kit(9, Paper::A4), 22.0, 23.7, 20.0);
        assert_eq!(fitted_physical(&k, bundled()).1, None);
        let problem = fit_problem(&k, PaperFrom::Kit, bundled()).unwrap();
        assert_eq!(problem.span, Some(SPACING));
        assert!(
            problem
                .message
                .starts_with("the 9x9 board at 22 x 23.7 mm spacing needs 205 x 218 mm, but `paper = \"a4\"` leaves 190 x 232 mm"),
            "{}",
            problem.message
        );
        assert!(
            help(&problem).contains("`spacing_mm = [20.3, 21.9]` and `counter_mm = 18.5`"),
            "{}",
            help(&problem)
        );
        assert!(
            help(&problem).contains("`paper = \"a3\"`"),
            "{}",
            help(&problem)
        );

        let mut k = with_spacing(kit(9, Paper::Letter), 22.0, 23.7, 20.0);
        k.paper = Paper::Letter;
        let problem = fit_problem(&k, PaperFrom::Flag, bundled()).unwrap();
        assert!(
            problem
                .message
                .contains("but `--paper letter` leaves 196 x 214 mm"),
            "{}",
            problem.message
        );
        assert!(!problem.message.contains("A4"), "{}", problem.message);
        assert!(
            help(&problem).contains("`--paper a3`"),
            "{}",
            help(&problem)
        );
        assert!(!help(&problem).contains("paper = "), "{}", help(&problem));

        let problem = fit_problem(&kit_default_paper_19(), PaperFrom::Default, bundled()).unwrap();
        assert!(
            problem
                .message
                .contains("but a4 paper (the default) leaves"),
            "{}",
            problem.message
        );
        assert!(!help(&problem).contains("a3"), "{}", help(&problem));
    }

    fn kit_default_paper_19() -> Kit {
        with_spacing(kit(19, Paper::A4), 22.0, 23.7, 20.0)
    }

    #[test]
    fn the_suggested_spacing_fits() {
        let k = kit_default_paper_19();
        let problem = fit_problem(&k, PaperFrom::Kit, bundled()).unwrap();
        let (fitted, _) = fitted_physical(&kit(19, Paper::A4), bundled());
        let suggested = format!(
            "`spacing_mm = [{}, {}]` and `counter_mm = {}`",
            number(fitted.spacing_x_mm),
            number(fitted.spacing_y_mm),
            number(fitted.counter_mm)
        );
        assert!(help(&problem).contains(&suggested), "{}", help(&problem));
        let k = with_spacing(
            kit(19, Paper::A4),
            fitted.spacing_x_mm,
            fitted.spacing_y_mm,
            fitted.counter_mm,
        );
        assert_eq!(fit_problem(&k, PaperFrom::Kit, bundled()), None);
    }

    #[test]
    fn an_author_counter_is_kept_and_must_fit_the_fitted_grid() {
        let mut k = kit(9, Paper::A4);
        k.physical.counter_mm = 12.0;
        k.physical.counter_set_by = SetBy::Author;
        let (p, note) = fitted_physical(&k, bundled());
        assert!(note.is_some());
        assert_eq!(p.counter_mm, 12.0);
        assert!(p.spacing_x_mm > 20.1, "{p:?}");
        assert_eq!(fit_problem(&k, PaperFrom::Kit, bundled()), None);

        let mut k = kit(19, Paper::A4);
        k.physical.counter_mm = 20.0;
        k.physical.counter_set_by = SetBy::Author;
        k.places.counter_mm = Some(COUNTER);
        let problem = fit_problem(&k, PaperFrom::Default, bundled()).unwrap();
        assert_eq!(problem.span, Some(COUNTER));
        assert!(
            problem
                .message
                .starts_with("counters of 20 mm would overlap on the 19x19 board fitted to a4 paper (the default) at "),
            "{}",
            problem.message
        );
    }
}
