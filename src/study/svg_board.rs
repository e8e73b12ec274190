//! The still parts of a board in SVG, for the animated trace
//! ([`crate::study::animation`]): the grid lines, thick between boxes or
//! between a jigsaw's regions, the shaded diagonals of an X board, and
//! each killer cage's dashed outline with its sum. The outlines and the
//! walls run where [`crate::print::outline`] says, as on the PDF sheet.

use crate::board::grid::Grid;
use crate::print::outline::{outline, runs};

/// The light grey of the diagonal cells of an X board.
const DIAGONAL: &str = "#e0e0e0";
/// A cage outline's inset from its cells' sides, in tenths of a cell (as
/// on the sheet).
const INSET_TENTHS: usize = 1;

/// A board of cells `cell` pixels wide whose top-left corner is at
/// (`left`, `top`).
#[derive(Clone, Copy)]
pub struct Placement {
    /// The side of a cell, in pixels.
    pub cell: usize,
    /// The x of the board's left side.
    pub left: usize,
    /// The y of the board's top side.
    pub top: usize,
}

/// What lies under everything else: the shaded diagonals of an X board
/// (empty on other boards).
pub fn under(puzzle: &Grid, at: Placement) -> String {
    let n = puzzle.size();
    let mut svg = String::new();
    if !puzzle.variant().has_diagonals() {
        return svg;
    }
    for r in 0..n {
        let mut cols = vec![r, n - 1 - r];
        cols.dedup();
        for c in cols {
            svg.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{c}\" height=\"{c}\" fill=\"{}\"/>\n",
                at.left + c * at.cell,
                at.top + r * at.cell,
                DIAGONAL,
                c = at.cell
            ));
        }
    }
    svg
}

/// The grid lines: thin between the cells, thick between boxes (or a
/// jigsaw's regions) and around the board.
pub fn grid_lines(puzzle: &Grid, at: Placement) -> String {
    let shape = puzzle.shape();
    let n = shape.size();
    let side = n * at.cell;
    let mut svg = String::new();
    let Some(regions) = puzzle.variant().regions() else {
        for k in 0..=n {
            let pos = k * at.cell;
            let thick = k % shape.box_cols() == 0;
            svg.push_str(&line(at, [pos, 0, pos, side], thick));
            let thick = k % shape.box_rows() == 0;
            svg.push_str(&line(at, [0, pos, side, pos], thick));
        }
        return svg;
    };
    let region = |r: usize, c: usize| regions[r * n + c];
    for thick in [false, true] {
        for k in 1..n {
            let pos = k * at.cell;
            for (a, b) in runs(n, |r| (region(r, k - 1) != region(r, k)) == thick) {
                svg.push_str(&line(at, [pos, a * at.cell, pos, b * at.cell], thick));
            }
            for (a, b) in runs(n, |c| (region(k - 1, c) != region(k, c)) == thick) {
                svg.push_str(&line(at, [a * at.cell, pos, b * at.cell, pos], thick));
            }
        }
    }
    for pos in [0, side] {
        svg.push_str(&line(at, [pos, 0, pos, side], true));
        svg.push_str(&line(at, [0, pos, side, pos], true));
    }
    svg
}

/// Each killer cage's dashed outline, inset in its cells, and its sum
/// small in the top-left corner of its first cell (empty without cages).
pub fn cages(puzzle: &Grid, at: Placement) -> String {
    let n = puzzle.size();
    let variant = puzzle.variant();
    let mut svg = String::new();
    let inset = (at.cell * INSET_TENTHS / 10).max(2);
    // A position in outline steps (see `print::outline`) in pixels.
    let offset = |s: i64| {
        let line = (s + 1).div_euclid(3);
        (line * at.cell as i64 + (s - 3 * line) * inset as i64) as usize
    };
    for cage in variant.cages() {
        let mut d = String::new();
        for run in outline(&cage.cells, n) {
            let (x1, y1, x2, y2) = match run.horizontal {
                true => (run.from, run.at, run.to, run.at),
                false => (run.at, run.from, run.at, run.to),
            };
            d.push_str(&format!(
                "M{} {}L{} {}",
                at.left + offset(x1),
                at.top + offset(y1),
                at.left + offset(x2),
                at.top + offset(y2)
            ));
        }
        svg.push_str(&format!(
            "<path d=\"{}\" fill=\"none\" stroke=\"#444\" stroke-width=\"1\" stroke-dasharray=\"3 2\"/>\n",
            d
        ));
    }
    let font = (at.cell * 3 / 10).max(7);
    for cage in variant.cages() {
        let Some(&first) = cage.cells.first() else {
            continue;
        };
        let (r, c) = (usize::from(first) / n, usize::from(first) % n);
        let shaded = variant.has_diagonals() && (r == c || r + c == n - 1);
        svg.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"start\" font-family=\"sans-serif\" \
             stroke=\"{}\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>\n",
            at.left + c * at.cell + 2,
            at.top + r * at.cell + font,
            font,
            if shaded { DIAGONAL } else { "#fff" },
            cage.sum
        ));
    }
    svg
}

/// One grid line from (x1, y1) to (x2, y2), board coordinates.
fn line(at: Placement, [x1, y1, x2, y2]: [usize; 4], thick: bool) -> String {
    format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
        at.left + x1,
        at.top + y1,
        at.left + x2,
        at.top + y2,
        if thick { "#222" } else { "#bbb" },
        if thick { 2 } else { 1 }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;
    use crate::board::variant::Variant;
    use std::sync::Arc;

    const AT: Placement = Placement {
        cell: 28,
        left: 4,
        top: 4,
    };

    fn board(variant: Variant) -> Grid {
        Grid::empty(Shape::CLASSIC)
            .with_variant(Arc::new(variant))
            .unwrap()
    }

    #[test]
    fn a_classic_board_has_ten_thin_and_thick_lines_each_way_and_nothing_else() {
        let classic = Grid::empty(Shape::CLASSIC);
        let lines = grid_lines(&classic, AT);
        assert_eq!(lines.matches("<line").count(), 20);
        assert_eq!(lines.matches("stroke-width=\"2\"").count(), 8);
        assert!(under(&classic, AT).is_empty() && cages(&classic, AT).is_empty());
    }

    #[test]
    fn jigsaw_walls_follow_the_regions() {
        // Boxes written as regions: the thick lines are the box lines,
        // in pieces of three cells wherever a box ends.
        let boxes: String = (0..81)
            .map(|i| char::from(b'a' + Shape::CLASSIC.box_of(i) as u8))
            .collect();
        let jigsaw = board(
            Variant::classic()
                .with_regions(Shape::CLASSIC, &boxes)
                .unwrap(),
        );
        let lines = grid_lines(&jigsaw, AT);
        // Inner thick lines: 4 lines of 9 cells, as runs of the full 9.
        let thick: Vec<&str> = lines
            .lines()
            .filter(|l| l.contains("stroke-width=\"2\""))
            .collect();
        assert_eq!(thick.len(), 4 + 4);
        assert!(thick.contains(
            &"<line x1=\"88\" y1=\"4\" x2=\"88\" y2=\"256\" stroke=\"#222\" stroke-width=\"2\"/>"
        ));
    }

    #[test]
    fn x_boards_shade_17_cells_and_cages_get_an_outline_and_a_sum() {
        let x = board(Variant::classic().with_diagonals(true));
        assert_eq!(under(&x, AT).matches("<rect").count(), 17);
        let layout = format!("aa{},a=3", ".".repeat(79));
        let killer = board(
            Variant::classic()
                .with_cages(Shape::CLASSIC, &layout)
                .unwrap(),
        );
        let drawn = cages(&killer, AT);
        assert_eq!(drawn.matches("<path").count(), 1);
        assert!(drawn.contains(">3</text>"));
        // The two-cell cage: top and bottom as one stretch each, two ends.
        assert_eq!(drawn.matches('M').count(), 4);
    }
}
