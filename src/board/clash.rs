//! Two givens that repeat a value in a unit: the one clash type of the
//! kit, for boards of every size ([`crate::board::Grid::first_clash`],
//! [`crate::board::Board::first_clash`]).

use crate::board::shape::Shape;
use crate::board::symbol::Convention;
use crate::board::variant::Area;
use std::fmt;

/// Two givens that repeat a value in a unit (or a variant's region,
/// diagonal or cage).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clash {
    /// The board's shape (to name the cells).
    pub shape: Shape,
    /// Where the value repeats: the first area of the later cell holding
    /// it (row, column, box or region, diagonal, cage).
    pub area: Area,
    /// The earlier cell (row-major) holding the value.
    pub first: usize,
    /// The later cell holding the same value.
    pub second: usize,
    /// The repeated value, 1..=N.
    pub value: u8,
}

impl Clash {
    /// The message with the value written in `convention`:
    /// `symbol C repeats in row 1 (r1c1 and r1c5)`. Up to 9×9 in digits it
    /// is the [`fmt::Display`] text, that of the 9×9 board.
    pub fn describe(&self, convention: Convention) -> String {
        if convention == Convention::Digits && self.shape.size() <= 9 {
            return self.to_string();
        }
        format!(
            "symbol {} repeats in {} ({} and {})",
            convention.write(self.value, '.'),
            self.area.name(self.shape),
            self.shape.cell_name(self.first),
            self.shape.cell_name(self.second)
        )
    }
}

impl fmt::Display for Clash {
    /// `digit 5 repeats in box 1 (r1c1 and r3c3)` (`value 12 …` above 9).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.shape.size() <= 9 {
            "digit"
        } else {
            "value"
        };
        write!(
            f,
            "{} {} repeats in {} ({} and {})",
            kind,
            self.value,
            self.area.name(self.shape),
            self.shape.cell_name(self.first),
            self.shape.cell_name(self.second)
        )
    }
}
