//! The search's first state: the givens read from the board, every
//! digit's peers of its givens cleared, and the clash check, for the nine
//! digits at once.

use super::lanes::{andnot, Lanes};
use super::propagate::{columns, fill_rows, nonzero_rows, triad_cells, triads};
use super::state::{State, BAND, DIGITS};
use crate::board::Board;

/// The state of `puzzle`'s givens: each given's cell keeps only its
/// digit and the given's peers lose it. `None` when a digit is given
/// twice in a row, column or box (two givens clash) or a value is
/// above 9. Blank cells start open.
///
/// Computed for the nine digits at once on the lanes `L`, without a
/// branch per cell: placing the givens one by one, a test per cell
/// (blank or not) that no predictor guesses, took 5 % of the time to
/// the first solutions of top1465 and more on easier sets.
///
/// (Inlined into each lane path's search, which has the instructions
/// of `L` enabled.)
#[inline(always)]
pub(super) fn state<L: Lanes>(puzzle: &Board) -> Option<State> {
    let masks = value_masks(puzzle)?;
    let digits = |b: usize| -> &[u32; 9] { masks[b][1..].try_into().expect("nine digits") };
    // (No `map` over arrays of lanes here: the compiler left those
    // calls out of line, without the path's instructions.)
    let g = [L::load(digits(0)), L::load(digits(1)), L::load(digits(2))];
    // A digit twice in a row (a row of a lane with two bits), a box
    // (two rows of a band with a triad flag in the same box) or a
    // column (two bands with the same column; two givens in one band
    // and column share a box).
    let mut twice = L::splat(0);
    for x in g {
        for row in [x, x.shr::<9>(), x.shr::<18>()] {
            let row = row & L::splat(0x1ff);
            twice = twice | (row & (row - L::splat(1)));
        }
        let t = triads(x);
        let (t1, t2) = (t.shr::<9>(), t.shr::<18>());
        twice = twice | (((t & (t1 | t2)) | (t1 & t2)) & L::splat(0o111));
    }
    let c = [columns(g[0]), columns(g[1]), columns(g[2])];
    twice = twice | (c[0] & c[1]) | (c[0] & c[2]) | (c[1] & c[2]);
    if twice.zeros() & DIGITS != DIGITS {
        return None;
    }
    // A digit's peers: the rows and boxes of its givens in each band,
    // and their columns in every band.
    let col = columns(g[0] | g[1] | g[2]);
    let col_cells = col | col.shl::<9>() | col.shl::<18>();
    let mut st = State {
        bands: [[0; 9]; 3],
        open: [0; 3],
    };
    for (b, x) in g.into_iter().enumerate() {
        let rows = fill_rows(nonzero_rows(x));
        let t = triads(x);
        let boxes = (t | t.shr::<9>() | t.shr::<18>()) & L::splat(0o111);
        let box_cells = triad_cells(boxes | boxes.shl::<9>() | boxes.shl::<18>());
        // Every given's cell, then each digit's own given back.
        let given = L::splat(BAND & !masks[b][0]);
        let peers = rows | col_cells | box_cells | given;
        (andnot(L::splat(BAND), peers) | x).store(&mut st.bands[b]);
        st.open[b] = masks[b][0];
    }
    Some(st)
}

/// `masks[b][v]`: the cells of band `b` that hold `v` (0 for a blank), or
/// `None` when a value is above 9.
fn value_masks(puzzle: &Board) -> Option<[[u32; 10]; 3]> {
    let mut masks = [[0u32; 10]; 3];
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // A band's 27 cells in two 16-byte loads, compared with each
        // value: one mask of 32 cells per value (the 5 past the band
        // cleared). SSE2 is part of x86-64.
        let mut padded = [0u8; 96];
        padded[..81].copy_from_slice(&puzzle.0);
        // SAFETY: SSE2 is always there on x86-64; each load reads 16
        // bytes from at most 27 * 2 + 16 = 70, inside `padded`.
        unsafe {
            let nine = _mm_set1_epi8(9);
            let mut above = _mm_setzero_si128();
            for (b, band) in masks.iter_mut().enumerate() {
                let at = padded.as_ptr().add(27 * b);
                let (low, high) = (
                    _mm_loadu_si128(at.cast()),
                    _mm_loadu_si128(at.add(16).cast()),
                );
                // Bytes above 9 leave something when 9 is taken away.
                above = _mm_or_si128(
                    above,
                    _mm_or_si128(_mm_subs_epu8(low, nine), _mm_subs_epu8(high, nine)),
                );
                for (v, mask) in band.iter_mut().enumerate() {
                    let x = _mm_set1_epi8(v as i8);
                    let low = _mm_movemask_epi8(_mm_cmpeq_epi8(low, x)) as u32;
                    let high = _mm_movemask_epi8(_mm_cmpeq_epi8(high, x)) as u32;
                    *mask = (low | high << 16) & BAND;
                }
            }
            if _mm_movemask_epi8(_mm_cmpeq_epi8(above, _mm_setzero_si128())) != 0xffff {
                return None;
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        for (i, &v) in puzzle.0.iter().enumerate() {
            if v > 9 {
                return None;
            }
            masks[i / 27][usize::from(v)] |= 1 << (i % 27);
        }
    }
    Some(masks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::solve::nine::lanes::Portable;
    use crate::solve::nine::tests::{line, random_puzzle};

    /// The state of `puzzle`'s givens placed one by one (what [`state`]
    /// computes for all digits at once), `None` where a given lands on a cell
    /// that an earlier one ruled its digit out of, or a value is above 9.
    fn givens_one_by_one(puzzle: &Board) -> Option<State> {
        let mut st = State {
            bands: [[BAND; 9]; 3],
            open: [BAND; 3],
        };
        for (i, &v) in puzzle.0.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if v > 9 {
                return None;
            }
            let (band, bit, d) = (i / 27, 1 << (i % 27), usize::from(v - 1));
            if st.bands[band][d] & bit == 0 {
                return None;
            }
            st.place(d, band, bit);
            st.open[band] &= !bit;
        }
        Some(st)
    }

    #[test]
    fn the_givens_state_is_that_of_placing_them_one_by_one() {
        let mut rng = Rng::new(53);
        let (mut clashed, mut kept) = (0, 0);
        for n in 0..3000 {
            let mut puzzle = random_puzzle(&mut rng, 20 + n % 60);
            // A few more random values (0 to 10) make clashes and values
            // above 9 common.
            for _ in 0..n % 4 {
                puzzle.0[rng.below(81)] = rng.below(11) as u8;
            }
            let expected = givens_one_by_one(&puzzle);
            let st = state::<Portable>(&puzzle);
            match (&st, &expected) {
                (Some(a), Some(b)) => {
                    assert_eq!((a.bands, a.open), (b.bands, b.open), "{}", line(&puzzle))
                }
                (None, None) => {}
                _ => panic!("{}: {}", line(&puzzle), st.is_some()),
            }
            clashed += usize::from(expected.is_none());
            kept += usize::from(expected.is_some());
        }
        assert!(
            clashed > 300 && kept > 300,
            "{} clash, {} not",
            clashed,
            kept
        );
    }
}
