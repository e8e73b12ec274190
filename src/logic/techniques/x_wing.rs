//! X-wing: a digit with the same two places in two rows is in those two
//! columns at the crossings, one per row, so the rest of those columns
//! loses it; the same with rows and columns swapped.
//!
//! The two rows (columns) are the *base* lines, the two columns (rows)
//! the *cover* lines.

use super::unit_cells;
use crate::board::nine::UNITS;
use crate::logic::candidates::{bit_of, Candidates};
use crate::logic::step::{Step, Technique};

/// X-wings: rows as the base first, then columns; digits ascending, then
/// the base lines in order.
pub(super) fn x_wings(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    // base = 0: rows are the base lines, columns the cover; base = 9: the
    // other way round. Positions within a row are columns and vice versa.
    for base in [0, 9] {
        let cover = 9 - base;
        for d in 1..=9u8 {
            for l1 in 0..9 {
                let p = grid.places(base + l1, d);
                if p.count_ones() != 2 {
                    continue;
                }
                for l2 in l1 + 1..9 {
                    if grid.places(base + l2, d) != p {
                        continue;
                    }
                    let covers: Vec<usize> = (0..9).filter(|k| p & (1 << k) != 0).collect();
                    let mut remove = Vec::new();
                    for &k in covers.iter() {
                        for (m, &c) in UNITS[cover + k].iter().enumerate() {
                            let c = c as usize;
                            if m != l1 && m != l2 && grid.has(c, d) {
                                remove.push((c, d));
                            }
                        }
                    }
                    if remove.is_empty() {
                        continue;
                    }
                    remove.sort_unstable();
                    let mut cells = unit_cells(base + l1, p);
                    cells.extend(unit_cells(base + l2, p));
                    cells.sort_unstable();
                    out.push(Step {
                        technique: Technique::XWing,
                        place: None,
                        remove,
                        digits: bit_of(d),
                        cells,
                        units: vec![base + l1, base + l2, cover + covers[0], cover + covers[1]],
                    });
                    if out.len() == limit {
                        return;
                    }
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
    fn x_wing_removes_from_the_cover_columns() {
        // Digit 9 in rows 1 and 5 only in columns 1 and 5: columns 1 and 5
        // lose 9 elsewhere.
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for r in [0, 4] {
            for c in 0..9 {
                if c != 0 && c != 4 {
                    g.eliminate(r * 9 + c, 9);
                }
            }
        }
        let s = find(&g, Technique::XWing, 1).remove(0);
        assert_eq!(s.cells, vec![0, 4, 36, 40]);
        assert_eq!(s.remove.len(), 14);
        assert_eq!(s.digits, bit_of(9));
        assert!(s
            .to_string()
            .ends_with("(x-wing on 9: row 1 and row 5, column 1 and column 5)"));
    }
}
