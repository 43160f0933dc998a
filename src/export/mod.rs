//! Export: translates laid-out pages into PDF, SVG and HTML bytes, without changing any geometry.

pub mod html;
pub mod pdf;
pub mod svg;
