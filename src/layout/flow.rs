//! A top-to-bottom page filler: places text and blocks below each other and starts a new page when one is full.
//!
//! What is placed inside `keep_with_next` (a heading, a legend, a table header) never ends a
//! page: when the page breaks before anything else follows it, it moves to the new page with
//! what follows.

use super::font::wrap;
use super::geom::{Mm, Pos, Rgb, Size};
use super::page::{Font, Page, Shape};
use super::style::{Style, ascent_mm};

/// Pages being filled from the top margin down to the footer band.
#[derive(Debug, Clone)]
pub struct Flow {
    style: Style,
    size: Size,
    pages: Vec<Page>,
    shapes: Vec<Shape>,
    y: f64,
    /// Where the content that must stay with what follows starts on this page: its first
    /// shape and its top.
    kept: Option<(usize, f64)>,
    /// Whether what is placed now is kept with what follows.
    keeping: bool,
    /// How far down each finished page is filled (the y reached), for `emptiest`.
    filled: Vec<f64>,
    /// What every new page starts with while a section runs on (its heading marked as
    /// continued, a legend), and the height it takes.
    running_head: Option<(Vec<Shape>, f64)>,
    /// How many of the current page's shapes are its running head.
    head_shapes: usize,
}

impl Flow {
    /// An empty flow on paper of `size`, starting at the top margin of page 1.
    pub fn new(style: Style, size: Size) -> Flow {
        Flow {
            style,
            size,
            pages: Vec::new(),
            shapes: Vec::new(),
            y: style.margin,
            kept: None,
            keeping: false,
            filled: Vec::new(),
            running_head: None,
            head_shapes: 0,
        }
    }

    /// Starts every page from the next one on with `head` (laid out from the top margin by
    /// [`Flow::into_block`]), until it is cleared with `None`: a section that runs onto more
    /// pages says so on each.
    pub fn set_running_head(&mut self, head: Option<(Vec<Shape>, f64)>) {
        self.running_head = head;
    }

    /// A new flow on the same paper and style, holding `heading` in bold at `size_pt`: the
    /// start of a running head (see [`Flow::set_running_head`]).
    pub fn scratch_heading(&self, heading: &str, size_pt: f64) -> Flow {
        let mut head = Flow::new(self.style, self.size);
        head.text(heading, Font::Bold, size_pt);
        head
    }

    /// The first page's shapes and the height they fill from the top margin: a block laid out
    /// in a scratch flow, to be placed elsewhere.
    pub fn into_block(self) -> (Vec<Shape>, f64) {
        let height = self.y - self.style.margin;
        (self.shapes, height)
    }

    /// The left edge of the text area.
    pub fn left(&self) -> f64 {
        self.style.margin
    }

    /// The width of the text area.
    pub fn width(&self) -> f64 {
        (self.size.width - Mm::new(2.0 * self.style.margin)).get()
    }

    /// The lowest y content may reach (the top of the footer band).
    pub fn bottom(&self) -> f64 {
        (self.size.height - Mm::new(self.style.margin) - Mm::new(self.style.footer_band)).get()
    }

    /// The height of an empty page's content area.
    pub fn page_height(&self) -> f64 {
        self.bottom() - self.style.margin
    }

    /// The current y (top of the next thing placed).
    pub fn y(&self) -> f64 {
        self.y
    }

    /// Whether nothing has been placed on the current page yet (but its running head).
    pub fn at_page_top(&self) -> bool {
        self.shapes.len() == self.head_shapes
    }

    /// Finishes the current page and starts a new one, carrying along what is kept with what
    /// follows (unless it is all the page holds).
    pub fn new_page(&mut self) {
        let (head, head_height) = self.running_head.clone().unwrap_or_default();
        let top = self.style.margin + head_height;
        let (carried, end) = match self.kept.take() {
            Some((first, y)) if first > self.head_shapes => {
                let carried: Vec<Shape> = self
                    .shapes
                    .split_off(first)
                    .into_iter()
                    .map(|s| s.moved(0.0, top - y))
                    .collect();
                (carried, y)
            }
            _ => (Vec::new(), self.y),
        };
        self.pages.push(Page {
            size: self.size,
            shapes: std::mem::take(&mut self.shapes),
        });
        self.filled.push(end);
        self.y = top + (self.y - end);
        self.head_shapes = head.len();
        if !carried.is_empty() || self.keeping {
            self.kept = Some((self.head_shapes, top));
        }
        self.shapes = head;
        self.shapes.extend(carried);
    }

    /// Runs `place`, whose content is then kept on the same page as what is placed next.
    pub fn keep_with_next(&mut self, place: impl FnOnce(&mut Flow)) {
        let was = self.keeping;
        self.keeping = true;
        place(self);
        self.keeping = was;
    }

    /// Where the flow stands now, to ask later which pages what follows was placed on.
    pub fn mark(&self) -> FlowMark {
        FlowMark {
            page: self.pages.len(),
            shapes: self.shapes.len(),
        }
    }

    /// The pages (from 0) that hold what was placed since `mark`; empty when nothing was. A
    /// heading that moved on to the next page with what follows leaves its first page out.
    pub fn pages_since(&self, mark: FlowMark) -> std::ops::Range<usize> {
        let grew = match self.pages.get(mark.page) {
            Some(page) => page.shapes.len() > mark.shapes,
            None => self.shapes.len() > mark.shapes,
        };
        let start = if grew { mark.page } else { mark.page + 1 };
        let end = self.pages.len() + usize::from(self.shapes.len() > self.head_shapes);
        start..end.max(start)
    }

    /// Pages finished so far plus the current one if it holds anything.
    pub fn page_count(&self) -> usize {
        self.pages.len() + usize::from(!self.at_page_top())
    }

    /// The largest empty share of any finished page's content area (0 when none is finished).
    pub fn emptiest(&self) -> f64 {
        self.filled
            .iter()
            .map(|&y| ((self.bottom() - y) / self.page_height()).max(0.0))
            .fold(0.0, f64::max)
    }

    /// Starts a new page unless `height` still fits below the current y (or the page is empty).
    pub fn ensure(&mut self, height: f64) {
        if self.y + height > self.bottom() + 1e-9 && !self.at_page_top() {
            self.new_page();
        }
    }

    /// Moves the current y down by `height` (vertical space; dropped at the top of a page).
    pub fn skip(&mut self, height: f64) {
        if !self.at_page_top() {
            self.y += height;
        }
    }

    /// Places `shapes` occupying `height` from the current y, then moves below them.
    pub fn place(&mut self, height: f64, shapes: Vec<Shape>) {
        if self.keeping {
            if self.kept.is_none() {
                self.kept = Some((self.shapes.len(), self.y));
            }
        } else {
            self.kept = None;
        }
        self.shapes.extend(shapes);
        self.y += height;
    }

    /// Wrapped text over the full width at the left margin; lines may continue on the next page.
    pub fn text(&mut self, text: &str, font: Font, size_pt: f64) {
        let (left, width) = (self.left(), self.width());
        self.text_in(text, font, size_pt, left, width);
    }

    /// Wrapped text in a column starting at `x`, `width` wide.
    pub fn text_in(&mut self, text: &str, font: Font, size_pt: f64, x: f64, width: f64) {
        let line_height = self.style.line_height(size_pt);
        for line in wrap(self.style.fonts, text, font, size_pt, width) {
            self.ensure(line_height);
            let baseline = Pos::mm(x, self.y + ascent_mm(size_pt));
            self.place(line_height, vec![text_shape(line, baseline, font, size_pt)]);
        }
    }

    /// A heading kept on the same page as at least `keep_with` millimetres of what follows.
    pub fn heading(&mut self, text: &str, size_pt: f64, keep_with: f64) {
        self.skip(self.style.section_gap);
        self.ensure(self.style.line_height(size_pt) + keep_with);
        self.keep_with_next(|flow| flow.text(text, Font::Bold, size_pt));
    }

    /// All pages, the current one included if it holds anything (at least one page).
    pub fn finish(mut self) -> Vec<Page> {
        self.kept = None;
        self.running_head = None;
        if !self.at_page_top() || self.pages.is_empty() {
            self.new_page();
        }
        self.pages
    }
}

/// A place in a flow: the page being filled and how many shapes it held (see [`Flow::mark`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlowMark {
    page: usize,
    shapes: usize,
}

/// One black text run whose baseline starts at `baseline`.
pub fn text_shape(text: String, baseline: Pos, font: Font, size_pt: f64) -> Shape {
    Shape::Text {
        baseline,
        text,
        size_pt,
        font,
        color: Rgb::BLACK,
    }
}

/// Wrapped lines as shapes starting at `top_left`; returns them with the height they take.
pub fn text_block(
    style: &Style,
    text: &str,
    font: Font,
    size_pt: f64,
    top_left: Pos,
    width: f64,
) -> (Vec<Shape>, f64) {
    let line_height = style.line_height(size_pt);
    let lines = wrap(style.fonts, text, font, size_pt, width);
    let height = line_height * lines.len() as f64;
    let shapes = lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            let y = top_left.y + Mm::new(i as f64 * line_height) + Mm::new(ascent_mm(size_pt));
            text_shape(line, Pos::mm(top_left.x.get(), y.get()), font, size_pt)
        })
        .collect();
    (shapes, height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_runs_onto_new_pages_within_the_content_area() {
        let style = Style::default();
        let mut flow = Flow::new(style, Size::mm(210.0, 297.0));
        let text = "word ".repeat(3000);
        flow.text(&text, Font::Regular, 10.0);
        let pages = flow.finish();
        assert!(pages.len() > 1);
        let bottom = 297.0 - style.margin - style.footer_band;
        for page in &pages {
            for shape in &page.shapes {
                if let Shape::Text { baseline, .. } = shape {
                    assert!(baseline.y <= Mm::new(bottom) && baseline.y >= Mm::new(style.margin));
                }
            }
        }
    }

    fn texts(page: &Page) -> Vec<(&str, f64)> {
        page.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, baseline, .. } => Some((text.as_str(), baseline.y.get())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_heading_moves_on_with_what_follows_it() {
        let style = Style::default();
        let mut flow = Flow::new(style, Size::mm(210.0, 297.0));
        flow.place(flow.page_height() - 12.0, Vec::new());
        flow.text("Body", Font::Regular, 10.0);
        // The heading fits with its 1 mm, but the block after it does not.
        flow.heading("Heading", 11.5, 1.0);
        flow.keep_with_next(|f| f.text("Legend", Font::Regular, 10.0));
        flow.ensure(30.0);
        flow.place(
            30.0,
            vec![text_shape(
                "Block".into(),
                Pos::mm(10.0, flow.y() + 3.0),
                Font::Regular,
                10.0,
            )],
        );
        let pages = flow.finish();
        assert_eq!(pages.len(), 2);
        assert_eq!(
            texts(&pages[0]).iter().map(|t| t.0).collect::<Vec<_>>(),
            ["Body"]
        );
        let second = texts(&pages[1]);
        assert_eq!(
            second.iter().map(|t| t.0).collect::<Vec<_>>(),
            ["Heading", "Legend", "Block"]
        );
        assert!(
            second[0].1 < style.margin + 6.0,
            "the heading starts the page: {second:?}"
        );
        assert!(second.windows(2).all(|w| w[0].1 < w[1].1));
    }

    #[test]
    fn what_fills_a_page_from_its_top_is_not_carried() {
        let style = Style::default();
        let mut flow = Flow::new(style, Size::mm(210.0, 297.0));
        flow.heading("Heading", 11.5, 0.0);
        flow.place(flow.page_height(), Vec::new());
        flow.new_page();
        flow.text("Next", Font::Regular, 10.0);
        let pages = flow.finish();
        assert_eq!(texts(&pages[0]).len(), 1);
        assert_eq!(
            texts(&pages[1]).iter().map(|t| t.0).collect::<Vec<_>>(),
            ["Next"]
        );
    }

    #[test]
    fn finished_pages_report_how_empty_they_are() {
        let mut flow = Flow::new(Style::default(), Size::mm(210.0, 297.0));
        assert_eq!((flow.page_count(), flow.emptiest()), (0, 0.0));
        flow.text("One line", Font::Regular, 10.0);
        flow.new_page();
        assert_eq!(flow.page_count(), 1);
        assert!(flow.emptiest() > 0.9);
    }

    #[test]
    fn an_empty_flow_still_has_one_page() {
        let flow = Flow::new(Style::default(), Size::mm(210.0, 297.0));
        assert_eq!(flow.finish().len(), 1);
    }
}
