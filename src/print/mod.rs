//! Printing puzzles on paper.
//!
//! | module | what it holds |
//! |---|---|
//! | [`pdf`] | a minimal PDF 1.4 writer, by hand and std only |
//! | [`frame`] | where one grid is drawn: its square and line weights |
//! | [`outline`] | where a variant's lines run: jigsaw walls, killer cage outlines |
//! | [`sheet`] | the page layout of puzzle sheets of every size, drawn with [`pdf`] |
//! | [`variant`] | variant boards on a sheet: jigsaw regions, shaded X diagonals, killer cages |

pub mod frame;
pub mod outline;
pub mod pdf;
pub mod sheet;
pub mod variant;
