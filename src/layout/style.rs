//! Sizes, line widths, fonts and margins of the printed pack; the default is a real board's dimensions.
//!
//! Every length is in millimetres and every font size in points. Layout code reads all of its
//! numbers from here, so the fit check (`fit.rs`) and the drawing always agree.

use crate::kit::Physical;
use crate::typeface::Typefaces;

use super::geom::PT_PER_MM;

/// How one board diagram is drawn: spacing, stone size, line widths and coordinate labels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardStyle {
    /// Distance between vertical lines (across).
    pub spacing_x: f64,
    /// Distance between horizontal lines (down).
    pub spacing_y: f64,
    /// Diameter of a drawn stone.
    pub stone: f64,
    /// Width of the inner grid lines.
    pub inner_line: f64,
    /// Width of the four edge lines (heavier, as on a real board).
    pub edge_line: f64,
    /// Radius of a star point.
    pub star_radius: f64,
    /// Outline width of a white stone.
    pub stone_outline: f64,
    /// Font size of the coordinate labels.
    pub coord_pt: f64,
    /// Gap between a stone's edge and the coordinate labels: a hairline, so the labels stand
    /// about half a cell off the grid as in Go books, not a cell.
    pub coord_gap: f64,
    /// The type size of the pack it is printed in: the least coordinate size and line widths
    /// a scaled-down diagram keeps.
    pub print: PrintSize,
    /// The fonts its labels and numbers are measured in.
    pub fonts: &'static Typefaces,
}

/// The type size a pack is set in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintSize {
    /// Book sizes: body text of 9.5 pt, diagram coordinates of at least 7 pt.
    Regular,
    /// For children, beginners reading at arm's length and older players: body text of 14 pt,
    /// diagram coordinates of at least 11 pt, examples drawn a quarter larger, heavier lines.
    Large,
}

impl PrintSize {
    /// The print size `physical` asks for.
    pub fn of(physical: &Physical) -> PrintSize {
        if physical.large_print {
            PrintSize::Large
        } else {
            PrintSize::Regular
        }
    }

    /// The smallest coordinate labels a diagram keeps, however small it is drawn.
    pub fn least_coord_pt(self) -> f64 {
        match self {
            PrintSize::Regular => 7.0,
            PrintSize::Large => 11.0,
        }
    }

    /// How much heavier than a regular pack's its lines are drawn.
    fn line_weight(self) -> f64 {
        match self {
            PrintSize::Regular => 1.0,
            PrintSize::Large => 1.5,
        }
    }

    /// How much larger than a regular pack's its example diagrams (and sketches) are drawn.
    pub fn example_factor(self) -> f64 {
        match self {
            PrintSize::Regular => 1.0,
            PrintSize::Large => 1.25,
        }
    }
}

impl BoardStyle {
    /// A real board at the kit's physical spacing and counter size (100% scale).
    pub fn full_size(physical: &Physical, fonts: &'static Typefaces) -> BoardStyle {
        let print = PrintSize::of(physical);
        let weight = print.line_weight();
        BoardStyle {
            spacing_x: physical.spacing_x_mm,
            spacing_y: physical.spacing_y_mm,
            stone: physical.counter_mm,
            inner_line: 0.35 * weight,
            edge_line: 0.8 * weight,
            star_radius: 1.2 * weight.sqrt(),
            stone_outline: 0.5 * weight,
            coord_pt: match print {
                PrintSize::Regular => 11.0,
                PrintSize::Large => 13.0,
            },
            coord_gap: 1.5,
            print,
            fonts,
        }
    }

    /// The same board drawn at `factor` of its size (for example diagrams); lines and labels
    /// shrink less than the grid so they stay legible.
    pub fn scaled(self, factor: f64) -> BoardStyle {
        let weight = self.print.line_weight();
        BoardStyle {
            spacing_x: self.spacing_x * factor,
            spacing_y: self.spacing_y * factor,
            stone: self.stone * factor,
            inner_line: (self.inner_line * factor).max(0.2 * weight),
            edge_line: (self.edge_line * factor).max(0.45 * weight),
            star_radius: (self.star_radius * factor).max(0.6),
            stone_outline: (self.stone_outline * factor).max(0.3 * weight),
            coord_pt: (self.coord_pt * factor).max(self.print.least_coord_pt()),
            coord_gap: (self.coord_gap * factor).max(0.6),
            print: self.print,
            fonts: self.fonts,
        }
    }

    /// Height of a capital letter in the coordinate font, in millimetres.
    pub fn coord_cap_height(&self) -> f64 {
        cap_height_mm(self.coord_pt)
    }
}

/// Everything else on the page: margins, fonts, tables, counters, footer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// The full-size board.
    pub board: BoardStyle,
    /// Scale of example diagrams relative to the full-size board (at most; shrunk to fit).
    pub example_scale: f64,
    /// Whether the examples print as a session's or as a problem book's.
    pub examples: ExamplePrint,
    /// Page margin on every side.
    pub margin: f64,
    /// Height reserved at the bottom of every page for the printing note, calibration bar and footer.
    pub footer_band: f64,
    /// Title font size.
    pub title_pt: f64,
    /// Heading font size.
    pub heading_pt: f64,
    /// Body text font size.
    pub body_pt: f64,
    /// Small print (footer, calibration label, printing note).
    pub small_pt: f64,
    /// Line height as a multiple of the font size.
    pub leading: f64,
    /// Space after a paragraph.
    pub paragraph_gap: f64,
    /// Space before a heading.
    pub section_gap: f64,
    /// Height of one move-record table row.
    pub table_row: f64,
    /// Width of table and guide lines.
    pub thin_line: f64,
    /// Diameter of a paper counter.
    pub counter: f64,
    /// Width of the cutting margin around each counter (the dashed guide square's side is
    /// counter + 2 x this): half a millimetre, so a 20 mm counter cuts to 21 mm and lies on a
    /// real board's 22 mm spacing without overlapping its neighbour.
    pub counter_margin: f64,
    /// Outline width of an ink-saving black counter.
    pub ink_saving_ring: f64,
    /// Draw black counters as outlines.
    pub ink_saving: bool,
    /// Length of the calibration bar.
    pub calibration_mm: f64,
    /// Width of the calibration bar.
    pub calibration_line: f64,
    /// Height of the calibration bar above the footer's baseline: room for its label's lines
    /// centred on it, clear of the footer's capitals.
    pub bar_rise: f64,
    /// Regular or large print (every size above follows it).
    pub print: PrintSize,
    /// Height of the name, partner and date line at the top of the player sheet: a little less
    /// than an answer line, since a name is written once and the first page must still hold
    /// the rules and a full-size 5x5 board on Letter.
    pub name_line: f64,
    /// Height of a ruled line to write an answer on: room for a child's handwriting over it.
    pub writing_line: f64,
    /// The fonts text is measured in.
    pub fonts: &'static Typefaces,
}

impl Style {
    /// The style for a kit's physical sizes: the full-size board at 100% scale, text in `fonts`.
    pub fn for_physical(physical: &Physical, fonts: &'static Typefaces) -> Style {
        let regular = Style {
            board: BoardStyle::full_size(physical, fonts),
            example_scale: ExamplePrint::Session.scale(),
            examples: ExamplePrint::Session,
            margin: 10.0,
            footer_band: 19.0,
            title_pt: 18.0,
            heading_pt: 11.5,
            body_pt: 9.5,
            small_pt: 7.5,
            leading: 1.3,
            paragraph_gap: 1.6,
            section_gap: 3.0,
            table_row: 8.0,
            thin_line: 0.25,
            counter: physical.counter_mm,
            counter_margin: 0.5,
            ink_saving_ring: 1.6,
            ink_saving: physical.ink_saving,
            calibration_mm: 100.0,
            calibration_line: 0.4,
            bar_rise: 6.0,
            print: PrintSize::Regular,
            name_line: 7.0,
            writing_line: 9.0,
            fonts,
        };
        match PrintSize::of(physical) {
            PrintSize::Regular => regular,
            PrintSize::Large => regular.in_large_print(),
        }
    }

    /// This style in large print: text of at least 14 pt (10 pt at the foot), room to write in
    /// that size, heavier lines; the board is `BoardStyle::full_size`'s large one.
    fn in_large_print(self) -> Style {
        let weight = PrintSize::Large.line_weight();
        Style {
            example_scale: self.examples.scale() * PrintSize::Large.example_factor(),
            footer_band: 24.0,
            title_pt: 24.0,
            heading_pt: 16.0,
            body_pt: 14.0,
            small_pt: 10.0,
            paragraph_gap: 2.4,
            section_gap: 4.5,
            table_row: 11.0,
            thin_line: self.thin_line * weight,
            calibration_line: self.calibration_line * weight,
            bar_rise: 8.5,
            print: PrintSize::Large,
            name_line: 10.0,
            writing_line: 12.0,
            ..self
        }
    }

    /// Height of one text line at `size_pt`, in millimetres.
    pub fn line_height(&self, size_pt: f64) -> f64 {
        size_pt / PT_PER_MM * self.leading
    }
}

/// How a kit's examples are printed: the few a session works through at the table, large
/// enough to set up with counters, or a collection's many, as problem books print theirs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExamplePrint {
    /// A session's examples: diagrams at 45% of a real board (9.9 mm between lines), each
    /// with its position in words.
    Session,
    /// A collection's problems: diagrams at a quarter of a real board (5.5 mm between lines, as
    /// Go problem books print them), several to a row, the diagram alone giving the position.
    Book,
}

impl ExamplePrint {
    /// Most examples a session prints as such: beyond a dozen the kit is a collection, taken
    /// out of a book or an app, not a session's handful.
    pub const MOST_SESSION_EXAMPLES: usize = 12;

    /// How `count` examples print.
    pub fn for_count(count: usize) -> ExamplePrint {
        if count > Self::MOST_SESSION_EXAMPLES {
            ExamplePrint::Book
        } else {
            ExamplePrint::Session
        }
    }

    /// The diagrams' scale of a real board, at most.
    pub fn scale(self) -> f64 {
        match self {
            ExamplePrint::Session => 0.45,
            ExamplePrint::Book => 0.25,
        }
    }
}

impl Style {
    /// This style with examples printed as `examples` says.
    pub fn with_examples(self, examples: ExamplePrint) -> Style {
        Style {
            example_scale: examples.scale() * self.print.example_factor(),
            examples,
            ..self
        }
    }
}

impl Default for Style {
    /// Real-board dimensions: 22 x 23.7 mm spacing, 20 mm stones and counters; the bundled font.
    fn default() -> Style {
        Style::for_physical(&Physical::default(), crate::typeface::bundled())
    }
}

/// Height of a capital letter of Helvetica (718/1000 em) at `size_pt`, in millimetres.
pub fn cap_height_mm(size_pt: f64) -> f64 {
    0.718 * size_pt / PT_PER_MM
}

/// Distance from the top of a text line to its baseline (Helvetica ascender, 718/1000 em plus a
/// little air), in millimetres.
pub fn ascent_mm(size_pt: f64) -> f64 {
    0.8 * size_pt / PT_PER_MM
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_a_real_board() {
        let s = Style::default();
        assert_eq!(s.board.spacing_x, 22.0);
        assert_eq!(s.board.spacing_y, 23.7);
        assert_eq!(s.board.stone, 20.0);
        assert!(s.board.edge_line > s.board.inner_line);
        assert_eq!(s.counter, 20.0);
    }

    #[test]
    fn scaled_boards_keep_edges_heavier() {
        let b = Style::default().board.scaled(0.3);
        assert!((b.spacing_x - 6.6).abs() < 1e-9);
        assert!(b.edge_line > b.inner_line);
        assert!(b.coord_pt >= 7.0);
    }
}
