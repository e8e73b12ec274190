//! Guessing, when propagation stalls: which question to split the search
//! on.
//!
//! The fast order asks about a *band configuration*. In a band (three rows)
//! a digit takes one triad per row, in three different boxes: one of six
//! matchings of rows to boxes; in a stack (three columns) it takes one
//! column per box, in three different columns: again one of six. Band
//! shrink keeps only the triads and columns that lie in a matching still
//! possible, so each of the six bands and stacks has, per digit, between
//! one and six configurations left. The guess takes the band or stack with
//! the fewest configurations over all digits (among those not settled),
//! and in it the digit with the fewest (two when there is one): the
//! search then tries one configuration, and the other (or, with three or
//! more, one triad of the first against its absence). The branches split
//! the solutions, so each is found once.

use super::lanes::Lanes;
use super::propagate::{column_after_next, columns, next_column, row_codes, triads};
use super::state::{State, BAND};

/// A guess: restrict digit `d`'s three band words to `first` (tried
/// first) or else to `second`; no solution lies in both.
pub(super) struct Split {
    pub(super) d: usize,
    pub(super) first: [u32; 3],
    pub(super) second: [u32; 3],
}

/// The bits of three cells (0, 1, 2) moved to 0, 3, 6.
#[inline(always)]
fn spread3(t: u32) -> u32 {
    (t & 1) | (t & 2) << 2 | (t & 4) << 4
}

/// The number of bits of each byte.
#[inline(always)]
fn count_bytes<L: Lanes>(x: L) -> L {
    let x = x - (x.shr::<1>() & L::splat(0x5555_5555));
    let x = (x & L::splat(0x3333_3333)) + (x.shr::<2>() & L::splat(0x3333_3333));
    (x + x.shr::<4>()) & L::splat(0x0f0f_0f0f)
}

/// The configuration split of a stalled state, or `None` when every band
/// and stack is settled (then the state is solved, which propagation
/// reports first; kept as a fallback).
///
/// A configuration is named by a bit of a *code*: bit `3k` for the cyclic
/// matching `k` (row or band `r` in box or column `r + k`), bit `3k + 1`
/// for the anti matching `k` (in `k - r`); see [`row_codes`].
#[inline(always)]
pub(super) fn band_split<L: Lanes>(st: &State) -> Option<Split> {
    let v = [
        L::load(&st.bands[0]),
        L::load(&st.bands[1]),
        L::load(&st.bands[2]),
    ];
    // Per digit, byte b of `rows`: the code of band b (its configurations
    // left).
    let code = |w: L| row_codes(triads(w));
    let rows = code(v[0]) | code(v[1]).shl::<8>() | code(v[2]).shl::<16>();
    // Per digit, the matchings of bands to columns in the stacks (band 0's
    // columns on them, as in `row_codes`): stack s's cyclic ones (band b
    // in column b + k) at bits 3s..3s+2, its anti ones (in k - b) at
    // 9+3s..9+3s+2.
    let c = [columns(v[0]), columns(v[1]), columns(v[2])];
    let next = next_column(c[1]);
    let cyclic = c[0] & next & column_after_next(c[2]);
    let anti = c[0] & next_column(next & c[2]);
    let stacks = cyclic | anti.shl::<9>();
    // Per digit, the configurations left in band o (byte o of
    // `row_counts`) and in stack s (byte s of `stack_counts`): the bits
    // of each three-bit field counted in place, stack s's two fields
    // added, then moved to byte s.
    let row_counts = count_bytes(rows);
    let t = stacks
        - (stacks.shr::<1>() & L::splat(0o333333))
        - (stacks.shr::<2>() & L::splat(0o111111));
    let t = t + t.shr::<9>();
    let stack_counts =
        (t & L::splat(7)) | (t & L::splat(0o70)).shl::<5>() | (t & L::splat(0o700)).shl::<10>();
    let totals = [row_counts.sum(), stack_counts.sum()];
    // The first of the fewest, as the least of keys `count << 4 | index`
    // with the ones left out above every other: a minimum of plain
    // values, without the branch per candidate that no predictor guesses
    // (a tenth of the search's mispredicted branches, simulated).
    let key = |n: u32, i: usize, wanted: bool| if wanted { n << 4 | i as u32 } else { u32::MAX };
    let o = (0..6)
        .map(|o| {
            let total = totals[o / 3] >> (8 * (o % 3)) & 0xff;
            key(total, o, total > 9)
        })
        .min()
        .filter(|&k| k != u32::MAX)? as usize
        & 15;
    let mut counts = [0u32; 9];
    if o < 3 { row_counts } else { stack_counts }.store(&mut counts);
    let shift = 8 * (o % 3);
    let pick = counts
        .iter()
        .enumerate()
        .map(|(d, &c)| {
            let n = c >> shift & 0xff;
            key(n, d, n >= 2)
        })
        .min()
        .filter(|&k| k != u32::MAX)?;
    let (n, d) = (pick >> 4, pick as usize & 15);
    let mut codes = [0u32; 9];
    if o < 3 { rows } else { stacks }.store(&mut codes);
    let m = if o < 3 {
        codes[d] >> shift & 0xff
    } else {
        let s = 3 * (o - 3) as u32;
        spread3(codes[d] >> s & 7) | spread3(codes[d] >> (9 + s) & 7) << 1
    };
    let p = m.trailing_zeros();
    if n == 2 {
        let q = (m & (m - 1)).trailing_zeros();
        return Some(Split {
            d,
            first: configuration(o, p),
            second: configuration(o, q),
        });
    }
    // Three or more: the first row (band) whose box (column) under `p`
    // is not the same under every configuration left, and that triad
    // (column part) against its absence.
    let (r, x) = (0..3)
        .map(|r| (r, place(p, r)))
        .find(|&(r, x)| bits(m).any(|q| place(q, r) != x))?;
    let (mut first, mut second) = ([BAND; 3], [BAND; 3]);
    if o < 3 {
        let triad = 7 << (9 * r + 3 * x);
        let row = 0x1ff << (9 * r);
        let box_cells = (7 << (3 * x)) * 0x40201;
        first[o] = !((row | box_cells) & !triad) & BAND;
        second[o] = !triad & BAND;
    } else {
        let s = o - 3;
        let column = 0x40201 << (3 * s + x);
        let stack = (7 << (3 * s)) * 0x40201;
        for (band, mask) in first.iter_mut().enumerate() {
            *mask = if band == r {
                !(stack & !column) & BAND
            } else {
                !column & BAND
            };
        }
        second[r] = !column & BAND;
    }
    Some(Split { d, first, second })
}

/// The bit indexes of `m`.
fn bits(mut m: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let p = m.trailing_zeros();
            m &= m - 1;
            p
        })
    })
}

/// Under configuration `p` (a code bit), the box or column (0..3) of row
/// or band `r`.
const fn place(p: u32, r: usize) -> usize {
    let k = (p / 3) as usize;
    if p.is_multiple_of(3) {
        (r + k) % 3
    } else {
        (k + 3 - r) % 3
    }
}

/// The masks that keep only configuration `p` of band or stack `o`,
/// looked up in [`CONFIGURATIONS`].
#[inline(always)]
fn configuration(o: usize, p: u32) -> [u32; 3] {
    CONFIGURATIONS[o][p as usize]
}

/// `CONFIGURATIONS[o][p]`: the masks that keep only configuration `p` (a
/// code bit: 0, 1, 3, 4, 6 or 7; the other entries are unused) of band or
/// stack `o`. A table, since a guess looks one up twice (built by a loop
/// at every guess, it took 2 % of the portable path's time).
const CONFIGURATIONS: [[[u32; 3]; 9]; 6] = build_configurations();

const fn build_configurations() -> [[[u32; 3]; 9]; 6] {
    let mut table = [[[BAND; 3]; 9]; 6];
    let mut o = 0;
    while o < 6 {
        let mut p = 0;
        while p < 9 {
            let mut r = 0;
            if o < 3 {
                // Band o keeps one triad per row.
                let mut triads = 0;
                while r < 3 {
                    triads |= 7 << (9 * r + 3 * place(p as u32, r));
                    r += 1;
                }
                table[o][p][o] = triads;
            } else {
                // In each band r, stack o - 3 keeps one column.
                let stack = 0o7007007 << (3 * (o - 3));
                while r < 3 {
                    let column = 0x40201 << (3 * (o - 3) + place(p as u32, r));
                    table[o][p][r] = (!stack | column) & BAND;
                    r += 1;
                }
            }
            p += 1;
        }
        o += 1;
    }
    table
}

/// The row-major guess: the first open cell and its smallest digit, as
/// `(digit, band, bit)`. The state is stalled, so some cell is open.
pub(super) fn row_major(st: &State) -> (usize, usize, u32) {
    let open = st.multi();
    let band = (0..3).find(|&b| open[b] != 0).unwrap_or(0);
    let bit = open[band] & open[band].wrapping_neg();
    let d = (0..9).find(|&d| st.bands[band][d] & bit != 0).unwrap_or(0);
    (d, band, bit)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code bits of the six configurations of a band or stack.
    const CODES: [u32; 6] = [0, 1, 3, 4, 6, 7];

    /// Under code bit `p`, the box (column) of row (band) `r`, as the
    /// module header names them: bit `3k` the cyclic matching `k`, bit
    /// `3k + 1` the anti matching `k`.
    fn named(p: u32, r: usize) -> usize {
        let k = (p / 3) as usize;
        if p.is_multiple_of(3) {
            (r + k) % 3
        } else {
            (3 + k - r) % 3
        }
    }

    #[test]
    fn each_band_configuration_keeps_one_triad_per_row_in_the_named_box() {
        for o in 0..3 {
            for p in CODES {
                let masks = configuration(o, p);
                for (b, &mask) in masks.iter().enumerate() {
                    if b != o {
                        assert_eq!(mask, BAND, "band {} touched by band {}'s {}", b, o, p);
                    }
                }
                for r in 0..3 {
                    let row = masks[o] >> (9 * r) & 0x1ff;
                    assert_eq!(
                        row,
                        7 << (3 * named(p, r)),
                        "band {}, code {}, row {}",
                        o,
                        p,
                        r
                    );
                }
            }
        }
    }

    #[test]
    fn each_stack_configuration_keeps_one_column_per_band_in_the_named_column() {
        for s in 0..3 {
            let stack = 0o7007007 << (3 * s);
            for p in CODES {
                let masks = configuration(3 + s, p);
                for (b, &mask) in masks.iter().enumerate() {
                    assert_eq!(mask & !stack, BAND & !stack, "stack {}, code {}", s, p);
                    let column = 0x40201 << (3 * s + named(p, b));
                    assert_eq!(mask & stack, column, "stack {}, code {}, band {}", s, p, b);
                }
            }
        }
    }

    #[test]
    fn the_six_configurations_are_the_six_matchings() {
        let mut boxes: Vec<[usize; 3]> = CODES
            .iter()
            .map(|&p| [0, 1, 2].map(|r| place(p, r)))
            .collect();
        for b in &boxes {
            let mut sorted = *b;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2], "a matching takes three different boxes");
        }
        boxes.sort_unstable();
        boxes.dedup();
        assert_eq!(boxes.len(), 6);
    }
}
