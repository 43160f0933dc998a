//! Export: translates laid-out pages into PDF and SVG bytes, without changing any geometry.

pub mod pdf;
pub mod svg;
