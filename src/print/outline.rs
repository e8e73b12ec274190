//! Where the lines of a variant board run, for every picture of it (the
//! PDF sheet, the animated SVG): a jigsaw's walls as stretches of cell
//! sides ([`runs`]), and each killer cage's outline ([`outline`]), in
//! cell units that each picture scales to its own.
//!
//! # Cage outlines
//! An outline runs at an inset `d` (each picture picks it, under half a
//! cell) inside its cage,
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

/// The maximal stretches `start..end` of `0..n` on which `on` holds, in
/// order.
pub(crate) fn runs(n: usize, on: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
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

/// A straight piece of a cage outline. Positions are in *steps*:
/// `3 * line + k` lies `line` cell sides from the left (or top) edge of
/// the grid plus `k` insets (k is -1, 0 or 1, towards the right or down),
/// so positions compare as the points do (an inset is under half a cell).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Run {
    /// Horizontal (along a row) or vertical (along a column).
    pub horizontal: bool,
    /// The position across: its y for a horizontal run, else its x.
    pub at: i64,
    /// The first and the last position along it (`from < to`).
    pub from: i64,
    pub to: i64,
}

/// The position in steps of the cell side `line` plus `k` insets.
pub(crate) fn step(line: usize, k: i64) -> i64 {
    3 * line as i64 + k
}

/// The outline of the cage holding `cells` on an N×N board (see the
/// module notes), as joined runs sorted horizontal after vertical, then
/// by position.
pub(crate) fn outline(cells: &[u16], n: usize) -> Vec<Run> {
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
