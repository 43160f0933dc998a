//! Export: translates laid-out pages into PDF, SVG and HTML bytes, without changing any geometry;
//! and a kit with its answers into an SGF collection.

pub mod html;
pub mod index;
mod markup;
pub mod pdf;
pub mod sgf;
pub mod svg;
