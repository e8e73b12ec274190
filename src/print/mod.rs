//! Printing puzzles on paper.
//!
//! | module | what it holds |
//! |---|---|
//! | [`pdf`] | a minimal PDF 1.4 writer, by hand and std only |
//! | [`sheet`] | the page layout of puzzle sheets of every size, drawn with [`pdf`] |

pub mod pdf;
pub mod sheet;
