//! Layout: turns a kit's content into pages of shapes positioned in millimetres.

pub mod fit;
pub mod font;
pub mod geom;
pub mod page;
