//! Lengths and positions on paper, all in millimetres, origin at the page's top-left, y down.

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// Points (1/72 in) per millimetre: the PDF unit conversion, kept in one place.
pub const PT_PER_MM: f64 = 72.0 / 25.4;

/// A length on paper in millimetres, always a finite number (as typst's `Abs`): what the page
/// model holds, so every writer can print it as a number without a check of its own.
///
/// [`Mm::new`] takes a finite value: a NaN or infinity is a layout bug, so it fails a debug
/// assertion, and a release build writes it as 0 mm rather than an unreadable file.
/// [`Mm::try_new`] is for values that may not be finite. Arithmetic goes through `new`, so
/// it keeps the promise.
#[derive(Debug, Clone, Copy, Default, PartialEq, PartialOrd)]
pub struct Mm(f64);

impl Mm {
    /// No length.
    pub const ZERO: Mm = Mm(0.0);

    /// `mm` millimetres; see the type for what a non-finite value does.
    pub const fn new(mm: f64) -> Mm {
        debug_assert!(mm.is_finite(), "a length on paper must be a finite number");
        match Mm::try_new(mm) {
            Some(length) => length,
            None => Mm::ZERO,
        }
    }

    /// `mm` millimetres, or `None` if `mm` is NaN or infinite.
    pub const fn try_new(mm: f64) -> Option<Mm> {
        if mm.is_finite() { Some(Mm(mm)) } else { None }
    }

    /// The length in millimetres.
    pub const fn get(self) -> f64 {
        self.0
    }

    /// The larger of two lengths.
    pub fn max(self, other: Mm) -> Mm {
        Mm(self.0.max(other.0))
    }

    /// The smaller of two lengths.
    pub fn min(self, other: Mm) -> Mm {
        Mm(self.0.min(other.0))
    }

    /// The length in points (1/72 in), PDF's unit.
    pub fn to_pt(self) -> f64 {
        self.0 * PT_PER_MM
    }
}

impl Add for Mm {
    type Output = Mm;
    fn add(self, rhs: Mm) -> Mm {
        Mm::new(self.0 + rhs.0)
    }
}

impl Sub for Mm {
    type Output = Mm;
    fn sub(self, rhs: Mm) -> Mm {
        Mm::new(self.0 - rhs.0)
    }
}

impl AddAssign for Mm {
    fn add_assign(&mut self, rhs: Mm) {
        *self = *self + rhs;
    }
}

impl SubAssign for Mm {
    fn sub_assign(&mut self, rhs: Mm) {
        *self = *self - rhs;
    }
}

impl Neg for Mm {
    type Output = Mm;
    fn neg(self) -> Mm {
        Mm(-self.0)
    }
}

impl Mul<f64> for Mm {
    type Output = Mm;
    fn mul(self, factor: f64) -> Mm {
        Mm::new(self.0 * factor)
    }
}

impl Div<f64> for Mm {
    type Output = Mm;
    fn div(self, divisor: f64) -> Mm {
        Mm::new(self.0 / divisor)
    }
}

/// A position on the page in millimetres from the top-left corner (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pos {
    /// Distance from the left edge.
    pub x: Mm,
    /// Distance from the top edge.
    pub y: Mm,
}

impl Pos {
    /// A position `x` from the left and `y` from the top.
    pub const fn new(x: Mm, y: Mm) -> Pos {
        Pos { x, y }
    }

    /// A position `x` mm from the left and `y` mm from the top.
    pub const fn mm(x: f64, y: f64) -> Pos {
        Pos::new(Mm::new(x), Mm::new(y))
    }

    /// This position moved by `dx`, `dy` millimetres.
    pub fn offset(self, dx: f64, dy: f64) -> Pos {
        Pos::mm(self.x.get() + dx, self.y.get() + dy)
    }
}

/// A width and height in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Size {
    /// Width.
    pub width: Mm,
    /// Height.
    pub height: Mm,
}

impl Size {
    /// A size of `width` by `height`.
    pub const fn new(width: Mm, height: Mm) -> Size {
        Size { width, height }
    }

    /// A size of `width` by `height` millimetres.
    pub const fn mm(width: f64, height: f64) -> Size {
        Size::new(Mm::new(width), Mm::new(height))
    }
}

/// An sRGB colour with components in 0.0..=1.0. Single precision, as PDF writes it: a large
/// kit's pages hold a colour in most of their shapes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rgb(pub f32, pub f32, pub f32);

impl Rgb {
    /// Pure black ink.
    pub const BLACK: Rgb = Rgb(0.0, 0.0, 0.0);
    /// Paper white.
    pub const WHITE: Rgb = Rgb(1.0, 1.0, 1.0);
    /// Mid grey for guides and secondary text.
    pub const GREY: Rgb = Rgb(0.55, 0.55, 0.55);
}
