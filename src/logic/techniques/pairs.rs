//! Pairs: two cells and two digits of one unit that hold each other.
//!
//! - *naked pair*: two cells of a unit with the same two candidates; those
//!   digits go in those cells, so the unit's other cells lose them;
//! - *hidden pair*: two digits of a unit with the same two places; those
//!   cells hold those digits, so they lose every other candidate.

use super::unit_cells;
use crate::board::nine::UNITS;
use crate::logic::candidates::{bit_of, digits_of, Candidates, ALL_DIGITS};
use crate::logic::step::{Step, Technique};

/// Naked pairs: units in [`UNITS`] order, then the pair's cells in unit
/// order.
pub(super) fn naked_pairs(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for (u, unit) in UNITS.iter().enumerate() {
        for a in 0..9 {
            let ca = unit[a] as usize;
            let pair = grid.candidates(ca);
            if grid.cell(ca) != 0 || pair.count_ones() != 2 {
                continue;
            }
            for &cb in unit[a + 1..].iter() {
                let cb = cb as usize;
                if grid.candidates(cb) != pair {
                    continue;
                }
                let mut remove = Vec::new();
                for d in digits_of(pair) {
                    for &c in unit.iter() {
                        let c = c as usize;
                        if c != ca && c != cb && grid.has(c, d) {
                            remove.push((c, d));
                        }
                    }
                }
                if remove.is_empty() {
                    continue;
                }
                out.push(Step {
                    technique: Technique::NakedPair,
                    place: None,
                    remove,
                    digits: pair,
                    cells: vec![ca, cb],
                    units: vec![u],
                });
                if out.len() == limit {
                    return;
                }
            }
        }
    }
}

/// Hidden pairs: units in [`UNITS`] order, then the pair's digits
/// ascending.
pub(super) fn hidden_pairs(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for u in 0..27 {
        // places[d - 1]: the places of digit d in unit u.
        let places: Vec<u16> = (1..=9u8).map(|d| grid.places(u, d)).collect();
        for d1 in 1..=9u8 {
            let p = places[d1 as usize - 1];
            if p.count_ones() != 2 {
                continue;
            }
            for d2 in d1 + 1..=9 {
                if places[d2 as usize - 1] != p {
                    continue;
                }
                let pair = bit_of(d1) | bit_of(d2);
                let cells = unit_cells(u, p);
                let mut remove = Vec::new();
                for d in digits_of(ALL_DIGITS & !pair) {
                    for &c in cells.iter() {
                        if grid.has(c, d) {
                            remove.push((c, d));
                        }
                    }
                }
                if remove.is_empty() {
                    continue;
                }
                out.push(Step {
                    technique: Technique::HiddenPair,
                    place: None,
                    remove,
                    digits: pair,
                    cells,
                    units: vec![u],
                });
                if out.len() == limit {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::nine::Board;
    use crate::logic::techniques::find;

    #[test]
    fn naked_pair_removes_its_digits_from_the_unit() {
        // Row 1: r1c1 and r1c2 may hold only 1 or 2.
        let mut b = Board::EMPTY;
        for c in 2..9 {
            b.0[c] = c as u8 + 1;
        }
        let g = Candidates::new(&b).unwrap();
        assert_eq!(g.candidates(0), bit_of(1) | bit_of(2));
        // Same pair in box 1: r2c1.. lose 1 and 2.
        let s = find(&g, Technique::NakedPair, 81)
            .into_iter()
            .find(|s| s.units[0] == 18)
            .unwrap();
        assert_eq!(s.cells, vec![0, 1]);
        assert_eq!(s.digits, 0b11);
        assert!(s
            .to_string()
            .starts_with("remove 1 from r2c1 r2c2 r2c3 r3c1 r3c2 r3c3, 2 from"));
    }

    #[test]
    fn hidden_pair_keeps_only_its_digits() {
        // Digits 1 and 2 of column 1 are limited to r1c1 and r2c1 when the
        // rest of column 1 sees 1 and 2 in their rows.
        let mut h = Board::EMPTY;
        // (row, column of the 1, column of the 2), 0-based, rows 3 to 9.
        let ones_and_twos = [
            (2, 3, 6),
            (3, 1, 5),
            (4, 4, 8),
            (5, 7, 2),
            (6, 2, 4),
            (7, 5, 7),
            (8, 8, 1),
        ];
        for (r, c1, c2) in ones_and_twos {
            h.0[r * 9 + c1] = 1;
            h.0[r * 9 + c2] = 2;
        }
        let g = Candidates::new(&h).unwrap();
        let col1 = find(&g, Technique::HiddenPair, 81)
            .into_iter()
            .find(|s| s.units[0] == 9)
            .unwrap();
        assert_eq!(col1.cells, vec![0, 9]);
        assert_eq!(col1.digits, bit_of(1) | bit_of(2));
        assert!(col1
            .remove
            .iter()
            .all(|&(c, d)| (c == 0 || c == 9) && d > 2));
    }
}
