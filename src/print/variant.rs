//! Variant boards on a sheet, drawn as puzzle books draw them: the thick
//! lines of a jigsaw follow its regions, the two diagonals of an X board
//! are shaded light grey, and each killer cage is a dashed outline inset
//! in its cells, with its sum small in the top-left corner of its first
//! cell (clear of the symbol centred there). The sheet's `draw_grid`
//! calls `draw_under` before the grid lines and `region_lines` in
//! place of the box lines; a classic board draws nothing here, so its
//! bytes are those of a sheet without variants.
//!
//! # Cage outlines
//! An outline runs at an inset `d` (a tenth of a cell) inside its cage,
//! along every side of a cage cell whose neighbour across it is not in
//! the cage. At each end of such a side the line
//! - stops `d` short of the corner when the cell beside it along the side
//!   is not in the cage (an outer corner);
//! - runs to the corner when that cell is in the cage but the one
//!   diagonally beyond is not (the outline goes straight on);
//! - runs `d` past the corner when both are (an inner corner, where it
//!   meets the outline coming round the other way).
//!
//! Pieces that continue each other are joined, so the dashes run evenly
//! along a straight stretch.

use super::frame::Frame;
use super::pdf::{Content, Font};
use crate::board::variant::{Cage, Variant};

/// The gray of the shaded diagonal cells of an X board.
const DIAGONAL_GRAY: f64 = 0.88;
/// The inset of a cage outline from its cells' sides, in cells.
const CAGE_INSET: f64 = 0.1;
/// The dash and the gap of a cage outline, in cells.
const CAGE_DASH: [f64; 2] = [0.08, 0.06];
/// The size of a cage's sum, in cells (the symbols are 0.6).
const SUM_SIZE: f64 = 0.2;
/// The left side and the cap top of a cage's sum, in cells from its
/// cell's top-left corner: inside the cell lines, over the outline.
const SUM_AT: f64 = 0.075;
/// The margin of the background cleared around a sum, in cells.
const SUM_PAD: f64 = 0.03;
/// The cap height of Helvetica, in em.
const CAP_HEIGHT: f64 = 0.718;

/// Draws what lies under the grid lines and the symbols of a board played
/// by `variant`: the shaded diagonals, then the cage outlines and their
/// sums. Nothing on a classic board.
pub(super) fn draw_under(c: &mut Content, frame: &Frame, variant: &Variant) {
    if variant.has_diagonals() {
        shade_diagonals(c, frame);
    }
    if !variant.cages().is_empty() {
        cage_outlines(c, frame, variant.cages());
        cage_sums(c, frame, variant);
    }
}

/// The inner lines of a jigsaw board whose cells lie in `regions` (the
/// region of each cell, row-major): one stroke of the thin lines between
/// two cells of one region, then one of the thick lines between cells of
/// two regions. A pass with no line strokes nothing.
pub(super) fn region_lines(c: &mut Content, frame: &Frame, regions: &[u8]) {
    let Frame { x, y, cell, n, .. } = *frame;
    // Line i (1..N) is i cells from the left, or from the bottom, as the
    // box lines are counted; so are its pieces. Rows from the bottom: `up`.
    let region = |up: usize, col: usize| regions[(n - 1 - up) * n + col];
    for (width, thick) in [(frame.thin, false), (frame.thick, true)] {
        let mut lines = Vec::new();
        for i in 1..n {
            let at = i as f64 * cell;
            for (a, b) in runs(n, |up| (region(up, i - 1) != region(up, i)) == thick) {
                lines.push([x + at, y + a as f64 * cell, x + at, y + b as f64 * cell]);
            }
            for (a, b) in runs(n, |col| (region(i - 1, col) != region(i, col)) == thick) {
                lines.push([x + a as f64 * cell, y + at, x + b as f64 * cell, y + at]);
            }
        }
        if lines.is_empty() {
            continue;
        }
        c.line_width(width);
        for [x0, y0, x1, y1] in lines {
            c.segment(x0, y0, x1, y1);
        }
        c.stroke();
    }
}

/// The maximal stretches `start..end` of `0..n` on which `on` holds, in
/// order.
fn runs(n: usize, on: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for k in 0..=n {
        match (start, k < n && on(k)) {
            (None, true) => start = Some(k),
            (Some(s), false) => {
                out.push((s, k));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// True when the cell at `row`, `col` of an N×N board lies on one of the
/// two main diagonals.
fn on_diagonal(n: usize, row: usize, col: usize) -> bool {
    row == col || row + col == n - 1
}

/// Fills the cells of the two main diagonals light grey (the centre cell
/// of an odd board once).
fn shade_diagonals(c: &mut Content, frame: &Frame) {
    let n = frame.n;
    c.gray(DIAGONAL_GRAY);
    for row in 0..n {
        let (main, anti) = (row, n - 1 - row);
        for col in if main == anti {
            vec![main]
        } else {
            vec![main, anti]
        } {
            c.rect(
                frame.col_x(col),
                frame.row_y(row + 1),
                frame.cell,
                frame.cell,
            );
        }
    }
    c.fill();
}

/// Strokes the dashed outline of every cage, in black at the thin line
/// weight, then sets solid lines back.
fn cage_outlines(c: &mut Content, frame: &Frame, cages: &[Cage]) {
    let inset = frame.cell * CAGE_INSET;
    // A position in steps, from the left edge (x) or the top edge (y).
    let offset = |s: i64| {
        let line = (s + 1).div_euclid(3);
        line as f64 * frame.cell + (s - 3 * line) as f64 * inset
    };
    let x = |s: i64| frame.x + offset(s);
    let y = |s: i64| frame.y + frame.size - offset(s);
    c.gray(0.0);
    c.line_width(frame.thin);
    c.dash(&CAGE_DASH.map(|l| l * frame.cell));
    for cage in cages {
        for run in outline(&cage.cells, frame.n) {
            if run.horizontal {
                c.segment(x(run.from), y(run.at), x(run.to), y(run.at));
            } else {
                c.segment(x(run.at), y(run.from), x(run.at), y(run.to));
            }
        }
    }
    c.stroke();
    c.dash(&[]);
}

/// A straight piece of a cage outline. Positions are in *steps*:
/// `3 * line + k` lies `line` cell sides from the left (or top) edge of
/// the grid plus `k` insets (k is -1, 0 or 1, towards the right or down),
/// so positions compare as the points do (an inset is under half a cell).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Run {
    /// Horizontal (along a row) or vertical (along a column).
    horizontal: bool,
    /// The position across: its y for a horizontal run, else its x.
    at: i64,
    /// The first and the last position along it (`from < to`).
    from: i64,
    to: i64,
}

/// The position in steps of the cell side `line` plus `k` insets.
fn step(line: usize, k: i64) -> i64 {
    3 * line as i64 + k
}

/// The outline of the cage holding `cells` on an N×N board (see the
/// module notes), as joined runs sorted horizontal after vertical, then
/// by position.
fn outline(cells: &[u16], n: usize) -> Vec<Run> {
    let mut inside = vec![false; n * n];
    for &i in cells {
        inside[usize::from(i)] = true;
    }
    let is_in = |r: i64, c: i64| {
        let (r, c) = (r as usize, c as usize);
        r < n && c < n && inside[r * n + c]
    };
    // The insets at the start of a side (negated at its end): 1, short of
    // the corner; 0, to it; -1, past it.
    let end = |along: bool, beyond: bool| match (along, beyond) {
        (false, _) => 1,
        (true, false) => 0,
        (true, true) => -1,
    };
    let mut pieces = Vec::new();
    for &i in cells {
        let (r, c) = ((usize::from(i) / n) as i64, (usize::from(i) % n) as i64);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if is_in(r + dr, c + dc) {
                continue;
            }
            let horizontal = dr != 0;
            // The side's line (its row or column edge), inset into the cell,
            // and the way along it.
            let across = if horizontal { r } else { c } as usize;
            let at = if dr + dc < 0 {
                step(across, 1)
            } else {
                step(across + 1, -1)
            };
            let (along, ar, ac) = if horizontal { (c, 0, 1) } else { (r, 1, 0) };
            let along = along as usize;
            let from = step(
                along,
                end(is_in(r - ar, c - ac), is_in(r - ar + dr, c - ac + dc)),
            );
            let to = step(
                along + 1,
                -end(is_in(r + ar, c + ac), is_in(r + ar + dr, c + ac + dc)),
            );
            pieces.push(Run {
                horizontal,
                at,
                from,
                to,
            });
        }
    }
    join(pieces)
}

/// `pieces` sorted, with each piece that continues the one before it on
/// the same line joined to it.
fn join(mut pieces: Vec<Run>) -> Vec<Run> {
    pieces.sort_unstable();
    let mut out: Vec<Run> = Vec::with_capacity(pieces.len());
    for piece in pieces {
        match out.last_mut() {
            Some(last)
                if last.horizontal == piece.horizontal
                    && last.at == piece.at
                    && last.to == piece.from =>
            {
                last.to = piece.to;
            }
            _ => out.push(piece),
        }
    }
    out
}

/// Writes each cage's sum small in the top-left corner of its first cell
/// (its top-left-most, the cells being row-major), in black on a patch of
/// the cell's own background that clears the outline beneath it.
fn cage_sums(c: &mut Content, frame: &Frame, variant: &Variant) {
    let (n, cell) = (frame.n, frame.cell);
    let font = Font::Helvetica;
    let size = cell * SUM_SIZE;
    let pad = cell * SUM_PAD;
    for cage in variant.cages() {
        let Some(&first) = cage.cells.first() else {
            continue;
        };
        let (row, col) = (usize::from(first) / n, usize::from(first) % n);
        let text = cage.sum.to_string();
        let left = frame.col_x(col) + cell * SUM_AT;
        let cap_top = frame.row_y(row) - cell * SUM_AT;
        let baseline = cap_top - CAP_HEIGHT * size;
        let width = font.text_width(text.as_bytes(), size);
        let shaded = variant.has_diagonals() && on_diagonal(n, row, col);
        c.gray(if shaded { DIAGONAL_GRAY } else { 1.0 });
        c.rect(
            left - pad,
            baseline - pad,
            width + 2.0 * pad,
            cap_top - baseline + 2.0 * pad,
        );
        c.fill();
        c.gray(0.0);
        c.text(font, size, left, baseline, text.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(horizontal: bool, at: i64, from: i64, to: i64) -> Run {
        Run {
            horizontal,
            at,
            from,
            to,
        }
    }

    #[test]
    fn runs_are_the_stretches_where_the_test_holds() {
        assert_eq!(runs(5, |k| k != 2), vec![(0, 2), (3, 5)]);
        assert_eq!(runs(3, |_| true), vec![(0, 3)]);
        assert_eq!(runs(3, |_| false), vec![]);
    }

    #[test]
    fn a_one_cell_cage_is_a_square_inset_on_every_side() {
        // r2c2 of a 4x4 board: cell sides at 1 and 2 (steps 3 and 6).
        assert_eq!(
            outline(&[5], 4),
            vec![
                run(false, 4, 4, 5),
                run(false, 5, 4, 5),
                run(true, 4, 4, 5),
                run(true, 5, 4, 5),
            ]
        );
    }

    #[test]
    fn straight_stretches_are_joined_and_inner_corners_meet() {
        // An L of r1c1, r2c1, r2c2 on a 3x3 board.
        let l = outline(&[0, 3, 4], 3);
        assert_eq!(
            l,
            vec![
                // Left side, all the way down; the inner side of r1c1 runs
                // past the corner into r2c2, to meet the top of r2c2.
                run(false, 1, 1, 5),
                run(false, 2, 1, 4),
                // The right side of r2c2.
                run(false, 5, 4, 5),
                // The top of r1c1; the top of r2c2, from past its corner
                // (inside r2c1), where the inner side of r1c1 comes down.
                run(true, 1, 1, 2),
                run(true, 4, 2, 5),
                // The bottom, both cells in one stretch.
                run(true, 5, 1, 5),
            ]
        );
    }
}
