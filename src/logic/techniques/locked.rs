//! Locked candidates: a digit whose places in one unit all lie in a
//! second unit is barred from the rest of that second unit.
//!
//! - *pointing* pair or triple: in a box, the digit lies only in one row
//!   (column), so the rest of that row (column) loses it;
//! - *box/line reduction*: in a row (column), the digit lies only in one
//!   box, so the rest of that box loses it.

use super::unit_cells;
use crate::board::nine::UNITS;
use crate::board::shape::Shape;
use crate::logic::candidates::{bit_of, Candidates};
use crate::logic::step::{Step, Technique};

/// The eliminations of `d` from the cells of unit `target` outside unit
/// `except` that still have it, ascending.
fn removals_in(grid: &Candidates, target: usize, except: usize, d: u8) -> Vec<(usize, u8)> {
    UNITS[target]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| !UNITS[except].contains(&(c as u8)) && grid.has(c, d))
        .map(|c| (c, d))
        .collect()
}

/// Pointing pairs and triples: boxes in order, digits ascending.
pub(super) fn pointing(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for b in 18..27 {
        for d in 1..=9u8 {
            let places = grid.places(b, d);
            if places.count_ones() < 2 {
                continue;
            }
            let cells = unit_cells(b, places);
            let r = Shape::CLASSIC.row_of(cells[0]);
            let c = Shape::CLASSIC.col_of(cells[0]);
            let line = if cells.iter().all(|&x| Shape::CLASSIC.row_of(x) == r) {
                r
            } else if cells.iter().all(|&x| Shape::CLASSIC.col_of(x) == c) {
                9 + c
            } else {
                continue;
            };
            let remove = removals_in(grid, line, b, d);
            if remove.is_empty() {
                continue;
            }
            out.push(Step {
                technique: Technique::Pointing,
                place: None,
                remove,
                digits: bit_of(d),
                cells,
                units: vec![b, line],
            });
            if out.len() == limit {
                return;
            }
        }
    }
}

/// Box/line reductions: rows, then columns, digits ascending.
pub(super) fn box_line(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for line in 0..18 {
        for d in 1..=9u8 {
            let places = grid.places(line, d);
            if places.count_ones() < 2 {
                continue;
            }
            let cells = unit_cells(line, places);
            let b = Shape::CLASSIC.box_of(cells[0]);
            if !cells.iter().all(|&x| Shape::CLASSIC.box_of(x) == b) {
                continue;
            }
            let remove = removals_in(grid, 18 + b, line, d);
            if remove.is_empty() {
                continue;
            }
            out.push(Step {
                technique: Technique::BoxLine,
                place: None,
                remove,
                digits: bit_of(d),
                cells,
                units: vec![line, 18 + b],
            });
            if out.len() == limit {
                return;
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
    fn pointing_pair_removes_from_the_rest_of_the_row() {
        // In box 1, 5 is kept off rows 2 and 3 and off column 3: it can
        // only be at r1c1 or r1c2, so the rest of row 1 loses 5.
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for i in [2, 9, 10, 11, 18, 19, 20] {
            g.eliminate(i, 5);
        }
        let s = find(&g, Technique::Pointing, 1).remove(0);
        assert_eq!(s.cells, vec![0, 1]);
        assert_eq!(s.digits, bit_of(5));
        assert_eq!(
            s.to_string(),
            "remove 5 from r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 (pointing pair: in box 1, 5 lies only in row 1)"
        );
        g.apply(&s);
        assert!((3..9).all(|i| !g.has(i, 5)));
    }

    #[test]
    fn box_line_reduction_removes_from_the_rest_of_the_box() {
        // In row 1, 4 is kept out of columns 4 to 9: it lies in box 1, so
        // rows 2 and 3 of box 1 lose 4.
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for i in 3..9 {
            g.eliminate(i, 4);
        }
        let s = find(&g, Technique::BoxLine, 1).remove(0);
        assert_eq!(s.cells, vec![0, 1, 2]);
        assert_eq!(
            s.to_string(),
            "remove 4 from r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 (box/line reduction: in row 1, 4 lies only in box 1)"
        );
    }
}
