//! Variant boards on a sheet, drawn as puzzle books draw them: the thick
//! lines of a jigsaw follow its regions, the two diagonals of an X board
//! are shaded light grey, and each killer cage is a dashed outline inset
//! in its cells, with its sum small in the top-left corner of its first
//! cell (clear of the symbol centred there). The sheet's `draw_grid`
//! calls `draw_under` before the grid lines and `region_lines` in
//! place of the box lines; a classic board draws nothing here, so its
//! bytes are those of a sheet without variants. The outlines' geometry is
//! [`super::outline`]'s.

use super::frame::Frame;
use super::outline::{outline, runs};
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
