//! Lengths and positions on paper, all in millimetres, origin at the page's top-left, y down.

/// Points (1/72 in) per millimetre: the PDF unit conversion, kept in one place.
pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// A position on the page in millimetres from the top-left corner (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pos {
    /// Distance from the left edge in millimetres.
    pub x: f64,
    /// Distance from the top edge in millimetres.
    pub y: f64,
}

impl Pos {
    /// A position `x` mm from the left and `y` mm from the top.
    pub const fn new(x: f64, y: f64) -> Pos {
        Pos { x, y }
    }

    /// This position moved by `dx`, `dy` millimetres.
    pub fn offset(self, dx: f64, dy: f64) -> Pos {
        Pos::new(self.x + dx, self.y + dy)
    }
}

/// A width and height in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Size {
    /// Width in millimetres.
    pub width: f64,
    /// Height in millimetres.
    pub height: f64,
}

impl Size {
    /// A size of `width` by `height` millimetres.
    pub const fn new(width: f64, height: f64) -> Size {
        Size { width, height }
    }
}

/// An sRGB colour with components in 0.0..=1.0.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgb(pub f64, pub f64, pub f64);

impl Rgb {
    /// Pure black ink.
    pub const BLACK: Rgb = Rgb(0.0, 0.0, 0.0);
    /// Paper white.
    pub const WHITE: Rgb = Rgb(1.0, 1.0, 1.0);
    /// Mid grey for guides and secondary text.
    pub const GREY: Rgb = Rgb(0.55, 0.55, 0.55);
}
