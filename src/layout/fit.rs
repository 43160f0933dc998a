//! Whether a kit's full-size board (grid, stones' reach and coordinate labels) fits its paper, and what would fit if not.
//!
//! The board must fit one page's content area, below its caption and above the tally and the
//! footer band, using the same `Style` the layout draws with.

use crate::answer::number;
use crate::kit::{Kit, Paper};

use super::board::BoardGeometry;
use super::style::{BoardStyle, Style};

/// The width and height a page leaves for the full-size board, in millimetres.
pub fn room_for_board(paper: Paper, style: &Style) -> (f64, f64) {
    let (width, height) = paper.dimensions_mm();
    let captions = 2.0 * style.line_height(style.heading_pt) + 2.0 * style.section_gap;
    (
        width - 2.0 * style.margin,
        height - 2.0 * style.margin - style.footer_band - captions,
    )
}

/// A message and a suggestion when the kit's full-size board does not fit its paper.
///
/// E.g. ``the 19x19 board at 22 x 23.7 mm spacing needs 429 x 460 mm, but A4 leaves 190 x 252
/// mm`` with ``use `spacing_mm = [9.5, 10.2]` and `counter_mm = 8.6`, or `paper = "a3"` ``.
pub fn board_fit_problem(kit: &Kit) -> Option<(String, String)> {
    let style = Style::for_physical(&kit.physical);
    let board = style.board;
    let need = BoardGeometry::extent(kit.size, &board);
    let (room_w, room_h) = room_for_board(kit.paper, &style);
    if need.width <= room_w + 1e-9 && need.height <= room_h + 1e-9 {
        return None;
    }
    let message = format!(
        "the {} board at {} x {} mm spacing needs {:.0} x {:.0} mm, but {} leaves {:.0} x {:.0} mm",
        kit.size,
        number(board.spacing_x),
        number(board.spacing_y),
        need.width,
        need.height,
        kit.paper.name().to_uppercase(),
        room_w,
        room_h,
    );
    let mut options = Vec::new();
    if let Some((sx, sy, counter)) = smaller_spacing(kit, &board, room_w, room_h) {
        options.push(format!(
            "`spacing_mm = [{}, {}]` and `counter_mm = {}`",
            number(sx),
            number(sy),
            number(counter)
        ));
    }
    for paper in [Paper::A4, Paper::Letter, Paper::A3] {
        let (w, h) = room_for_board(paper, &style);
        if paper != kit.paper && need.width <= w && need.height <= h {
            options.push(format!("`paper = \"{}\"`", paper.name()));
        }
    }
    let help = if options.is_empty() {
        "no paper size fits this board; use a smaller board".to_string()
    } else {
        format!("use {}", options.join(", or "))
    };
    Some((message, help))
}

/// The largest spacing (kept in proportion, with counters shrunk alike) at which the board
/// fits, rounded down to 0.1 mm; `None` if even that is too small to be usable.
fn smaller_spacing(
    kit: &Kit,
    board: &BoardStyle,
    room_w: f64,
    room_h: f64,
) -> Option<(f64, f64, f64)> {
    let lines = f64::from(kit.size.get()) - 1.0;
    let band = 2.0 * BoardGeometry::label_band(kit.size, board);
    let fx = (room_w - band) / (lines * board.spacing_x + board.stone);
    let fy = (room_h - band) / (lines * board.spacing_y + board.stone);
    let f = fx.min(fy);
    let down = |v: f64| (v * f * 10.0).floor() / 10.0;
    let (sx, sy, counter) = (
        down(board.spacing_x),
        down(board.spacing_y),
        down(board.stone),
    );
    (f > 0.0 && counter >= 3.0).then_some((sx, sy, counter))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::Physical;
    use crate::rules::{BoardSize, Rules};
    use crate::text::Wording;

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
            board_span: 0..0,
        }
    }

    #[test]
    fn five_by_five_fits_a4_and_letter() {
        assert_eq!(board_fit_problem(&kit(5, Paper::A4)), None);
        assert_eq!(board_fit_problem(&kit(5, Paper::Letter)), None);
    }

    #[test]
    fn nineteen_by_nineteen_gets_sizes_and_a_spacing_that_fits() {
        let (message, help) = board_fit_problem(&kit(19, Paper::A4)).unwrap();
        assert!(
            message.starts_with("the 19x19 board at 22 x 23.7 mm spacing needs "),
            "{message}"
        );
        assert!(message.contains("but A4 leaves 190 x "), "{message}");
        assert!(help.contains("spacing_mm = ["), "{help}");
        assert!(!help.contains("a3"), "{help}");

        let mut k = kit(19, Paper::A4);
        let (w, h) = room_for_board(Paper::A4, &Style::default());
        let (sx, sy, c) =
            smaller_spacing(&kit(19, Paper::A4), &Style::default().board, w, h).unwrap();
        k.physical = Physical {
            spacing_x_mm: sx,
            spacing_y_mm: sy,
            counter_mm: c,
            ..Physical::default()
        };
        assert_eq!(board_fit_problem(&k), None);
    }

    #[test]
    fn nine_by_nine_suggests_a3() {
        let (_, help) = board_fit_problem(&kit(9, Paper::A4)).unwrap();
        assert!(help.contains("`paper = \"a3\"`"), "{help}");
    }
}
