//! The board model every other module builds on.
//!
//! | module | what it holds |
//! |---|---|
//! | [`shape`] | the shape of a board of any size: N×N cells in R×C boxes, N up to 25, and its geometry (rows, columns, boxes, peers, names) |
//! | [`grid`] | the board of any size ([`Grid`]): cells row-major, 0 = blank, values 1..=N; its clashes ([`Clash`]) |
//! | [`symbol`] | how a value is written: digits, letters or numbers |
//! | [`nine`] | the 9×9 [`Board`]: a fixed array the fast engine ([`crate::solve::nine`]) reads, converted to and from a [`Grid`] of shape 3×3 |

pub mod grid;
pub mod nine;
pub mod shape;
pub mod symbol;

pub use grid::{Clash, Grid};
pub use nine::Board;
pub use shape::Shape;
