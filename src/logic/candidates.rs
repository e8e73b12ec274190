//! The pencil-mark grid the 9×9 techniques read and write: the filled
//! cells and, for every blank, the digits still open there.
//!
//! Glossary:
//! - *candidates* of a blank cell: the digits its row, column and box
//!   still allow, minus what techniques have eliminated, as a mask with
//!   bit `d - 1` for digit `d` (bits 0 to 8, [`ALL_DIGITS`] = `0x1ff`): the
//!   kit's one mask convention, as in [`crate::logic::singles`] and
//!   [`crate::solve::any`];
//! - *peers* of a cell: the 20 other cells of its row, column and box
//!   ([`PEERS`]);
//! - *places* of a digit in a unit: the unit's cells that still have it,
//!   as a mask over the unit's 9 positions (bit `k` = `UNITS[u][k]`).
//!
//! This file knows cells and digits only; a whole technique step is
//! applied by `Candidates::apply`, written beside [`crate::logic::step::Step`]
//! in `step.rs` so that this file does not depend on the steps.

use crate::board::nine::{Board, UNITS};
use crate::board::shape::Shape;
use crate::board::Clash;

/// Every digit 1 to 9 as a candidate mask: bits 0 to 8.
pub const ALL_DIGITS: u16 = 0x1ff;

/// The candidate bit of `digit` (1..=9): bit `digit - 1`.
#[inline]
pub const fn bit_of(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The digits of a candidate mask (bit `d - 1` = digit `d`), ascending.
pub fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask & bit_of(d) != 0)
}

/// The 20 peers of each cell (same row, column or box, itself excluded),
/// ascending.
pub const PEERS: [[u8; 20]; 81] = build_peers();

const fn build_peers() -> [[u8; 20]; 81] {
    let mut peers = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            if j != i
                && (Shape::CLASSIC.row_of(j) == Shape::CLASSIC.row_of(i)
                    || Shape::CLASSIC.col_of(j) == Shape::CLASSIC.col_of(i)
                    || Shape::CLASSIC.box_of(j) == Shape::CLASSIC.box_of(i))
            {
                peers[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    peers
}

/// A board with pencil marks: the filled cells and, for every blank, the
/// candidates still open.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Candidates {
    /// The digits, row-major, 0 = blank.
    cells: [u8; 81],
    /// The candidates of each cell (bit `d - 1` = digit `d`); 0 when filled.
    cands: [u16; 81],
}

impl Candidates {
    /// The grid of `board` with every blank's candidates computed from its
    /// peers. Clashing givens are an error (the first clash, row-major).
    /// O(81·20).
    pub fn new(board: &Board) -> Result<Candidates, Clash> {
        if let Some(clash) = board.first_clash() {
            return Err(clash);
        }
        let mut grid = Candidates {
            cells: [0; 81],
            cands: [ALL_DIGITS; 81],
        };
        for i in 0..81 {
            let d = board.0[i];
            if (1..=9).contains(&d) {
                grid.place(i, d);
            }
        }
        Ok(grid)
    }

    /// The filled cells as a board.
    pub fn board(&self) -> Board {
        Board(self.cells)
    }

    /// The digit in cell `i`, 0 when blank.
    pub fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The candidates of cell `i` (bit `d - 1` = digit `d`); 0 for a
    /// filled cell.
    pub fn candidates(&self, i: usize) -> u16 {
        self.cands[i]
    }

    /// True when `digit` (1..=9) is still a candidate of cell `i` (never
    /// for a filled cell).
    pub fn has(&self, i: usize, digit: u8) -> bool {
        self.cands[i] & bit_of(digit) != 0
    }

    /// How many cells are still blank.
    pub fn blanks(&self) -> usize {
        self.cells.iter().filter(|&&v| v == 0).count()
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Puts `digit` (1..=9) in cell `i` and removes it from the candidates
    /// of the cell's 20 peers. O(20).
    pub fn place(&mut self, i: usize, digit: u8) {
        self.cells[i] = digit;
        self.cands[i] = 0;
        let keep = !bit_of(digit);
        for &p in PEERS[i].iter() {
            self.cands[p as usize] &= keep;
        }
    }

    /// Removes `digit` (1..=9) from the candidates of cell `i`.
    pub fn eliminate(&mut self, i: usize, digit: u8) {
        self.cands[i] &= !bit_of(digit);
    }

    /// Why this grid cannot be completed, if it visibly cannot: a blank
    /// without candidates, or a digit missing from a unit with no place left
    /// in it. `None` does not prove a solution exists. O(27·9).
    pub fn contradiction(&self) -> Option<String> {
        for i in 0..81 {
            if self.cells[i] == 0 && self.cands[i] == 0 {
                return Some(format!(
                    "{} has no candidate left",
                    Shape::CLASSIC.cell_name(i)
                ));
            }
        }
        for (u, unit) in UNITS.iter().enumerate() {
            let mut placed = 0u16;
            let mut open = 0u16;
            for &c in unit.iter() {
                let d = self.cells[c as usize];
                if d != 0 {
                    placed |= bit_of(d);
                }
                open |= self.cands[c as usize];
            }
            let missing = ALL_DIGITS & !placed & !open;
            if let Some(d) = digits_of(missing).next() {
                return Some(format!(
                    "digit {} has no place left in {}",
                    d,
                    Shape::CLASSIC.unit_name(u)
                ));
            }
        }
        None
    }

    /// The places of `digit` in unit `u`: the positions `k` (bit `k`) of
    /// `UNITS[u]` whose cell still has `digit` as a candidate.
    pub fn places(&self, u: usize, digit: u8) -> u16 {
        let mut mask = 0;
        for (k, &c) in UNITS[u].iter().enumerate() {
            if self.has(c as usize, digit) {
                mask |= 1 << k;
            }
        }
        mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{cells, BRUTE};

    #[test]
    fn digit_bits_are_bit_d_minus_one() {
        assert_eq!(bit_of(1), 1);
        assert_eq!(bit_of(9), 0x100);
        assert_eq!(
            digits_of(ALL_DIGITS).collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
        assert_eq!(digits_of(0b1_0000_0101).collect::<Vec<_>>(), [1, 3, 9]);
    }

    #[test]
    fn peers_are_twenty_distinct_cells_sharing_a_unit() {
        for (i, peers) in PEERS.iter().enumerate() {
            let mut seen = [false; 81];
            for &p in peers.iter() {
                let p = p as usize;
                assert!(p != i && !seen[p]);
                seen[p] = true;
                assert!(
                    Shape::CLASSIC.row_of(p) == Shape::CLASSIC.row_of(i)
                        || Shape::CLASSIC.col_of(p) == Shape::CLASSIC.col_of(i)
                        || Shape::CLASSIC.box_of(p) == Shape::CLASSIC.box_of(i)
                );
            }
        }
    }

    #[test]
    fn new_computes_candidates_and_rejects_clashes() {
        let g = Candidates::new(&Board(cells(BRUTE))).unwrap();
        // r1c1: row 1 empty, column 1 has 5, box 1 has 1.
        assert_eq!(g.candidates(0), ALL_DIGITS & !bit_of(5) & !bit_of(1));
        assert!(g.has(0, 2) && !g.has(0, 5));
        assert_eq!(g.blanks(), 64);
        let mut b = Board::EMPTY;
        b.0[0] = 3;
        b.0[80] = 3;
        b.0[8] = 3;
        assert!(Candidates::new(&b).is_err());
    }

    #[test]
    fn places_are_positions_in_the_unit() {
        // Row 1 with 1..7 at c1..c7: 8 and 9 may go at c8 and c9 only.
        let mut b = Board::EMPTY;
        for c in 0..7 {
            b.0[c] = c as u8 + 1;
        }
        let g = Candidates::new(&b).unwrap();
        assert_eq!(g.places(0, 8), 0b1_1000_0000);
        assert_eq!(g.places(0, 1), 0);
        assert_eq!(g.candidates(7), bit_of(8) | bit_of(9));
    }

    #[test]
    fn contradiction_names_the_cell_or_the_digit() {
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for d in 1..=9 {
            g.eliminate(10, d);
        }
        assert_eq!(g.contradiction().unwrap(), "r2c2 has no candidate left");
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for i in 0..9 {
            g.eliminate(i, 4);
        }
        assert_eq!(
            g.contradiction().unwrap(),
            "digit 4 has no place left in row 1"
        );
        assert_eq!(
            Candidates::new(&Board(cells(BRUTE)))
                .unwrap()
                .contradiction(),
            None
        );
    }
}
