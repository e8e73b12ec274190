//! The board model every other module builds on.
//!
//! | module | what it holds |
//! |---|---|
//! | [`shape`] | the shape of a board of any size: N×N cells in R×C boxes, N up to 25, and its geometry (rows, columns, boxes, peers, names) |
//! | [`grid`] | the board of any size ([`Grid`]): cells row-major, 0 = blank, values 1..=N; its clashes ([`Clash`]) |
//! | [`clash`] | two givens that repeat a value in a unit, named for people (`digit 5 repeats in box 1 (r1c1 and r3c3)`) |
//! | [`symbol`] | how a value is written: digits, letters or numbers |
//! | [`variant`] | variant rules as data of the board: the diagonals (X), irregular regions (jigsaw), killer cages; their units, syntax and names |
//! | [`nine`] | the 9×9 [`Board`]: a fixed array the fast engine ([`crate::solve::nine`]) reads, converted to and from a [`Grid`] of shape 3×3; its random isomorphs ([`Board::isomorph`]) |

pub mod clash;
pub mod grid;
pub mod nine;
pub mod shape;
pub mod symbol;
pub mod variant;

pub use clash::Clash;
pub use grid::Grid;
pub use nine::Board;
pub use shape::Shape;
pub use variant::Variant;
