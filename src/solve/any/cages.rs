//! Killer cages in the general engine: the cages a board declares, the
//! *hidden* cages its units imply (the rule of 45), and the sets of values
//! that can still fill a cage.
//!
//! A hidden cage: the values of a run of whole rows (or columns), or of a
//! box or region, add up to a known total (`N(N+1)/2` a unit), so
//! - the cells of the run that lie in no cage wholly inside it (its
//!   *innies*) add up to that total less those cages' sums;
//! - when every cell of the run lies in a cage, the cells outside the run
//!   of the cages that cross it (its *outies*) add up to those cages'
//!   sums, with the cages inside, less the total.
//!
//! Such cells are a cage only when they must hold distinct values: each
//! pair in one row, column, box, region, diagonal or cage. Killer
//! puzzles without givens rest on these (a cage that juts out of a box by
//! one cell fixes that cell's value); the judge file `codingame_killer`
//! reasons the same way.

use crate::board::grid::Grid;
use std::ops::Range;

/// A set of cages, one bit each: cage `k` is bit `k % 128` (on a board
/// with more cages, a bit stands for every cage of its residue, which
/// only makes the engine look at a few more cages than it must).
pub(super) type CageSet = u128;

/// A board's cages, its own first, then the hidden ones.
#[derive(Default)]
pub(super) struct Cages {
    /// Each cage's cells (a range of `cells`) and sum.
    list: Vec<(Range<u32>, u32)>,
    cells: Vec<u16>,
    /// The cages of each cell, as a set (empty on a board without cages).
    of_cell: Vec<CageSet>,
}

impl Cages {
    /// The cages of `rules` (its cells are not read), given the cells of
    /// its units (`members[u]`) and the cells that must differ from each
    /// cell (`peers(i)`, ascending). No cages, no hidden ones.
    pub(super) fn new<'a>(
        rules: &Grid,
        members: &[Vec<usize>],
        peers: impl Fn(usize) -> &'a [u16],
    ) -> Cages {
        let shape = rules.shape();
        let (n, count) = (shape.size(), shape.cell_count());
        let mut cages = Cages::default();
        let declared = rules.variant().cages();
        if declared.is_empty() {
            return cages;
        }
        let mut known: Vec<Vec<u16>> = Vec::new();
        for cage in declared {
            cages.add(&cage.cells, cage.sum);
            known.push(cage.cells.clone());
        }
        let unit_total = (n * (n + 1) / 2) as u32;
        // The runs: consecutive rows, consecutive columns (short of the
        // whole board), and each box or region.
        let mut runs: Vec<Vec<usize>> = Vec::new();
        for kind in [0..n, n..2 * n] {
            for first in kind.clone() {
                for last in first..kind.end {
                    if last - first + 1 < n {
                        runs.push((first..=last).flat_map(|u| members[u].clone()).collect());
                    }
                }
            }
        }
        runs.extend(members[2 * n..3 * n].iter().cloned());
        let mut in_run = vec![false; count];
        for run in &runs {
            for &i in run {
                in_run[i] = true;
            }
            let total = unit_total * (run.len() / n) as u32;
            let (mut inside_sum, mut crossing_sum) = (0, 0);
            let mut in_inside_cage = vec![false; count];
            let mut outies: Vec<u16> = Vec::new();
            let mut covered = 0;
            for cage in declared {
                let within = cage
                    .cells
                    .iter()
                    .filter(|&&i| in_run[usize::from(i)])
                    .count();
                if within == 0 {
                    continue;
                }
                covered += within;
                crossing_sum += cage.sum;
                if within == cage.cells.len() {
                    inside_sum += cage.sum;
                    for &i in &cage.cells {
                        in_inside_cage[usize::from(i)] = true;
                    }
                } else {
                    outies.extend(cage.cells.iter().filter(|&&i| !in_run[usize::from(i)]));
                }
            }
            let mut innies: Vec<u16> = run
                .iter()
                .filter(|&&i| !in_inside_cage[i])
                .map(|&i| i as u16)
                .collect();
            innies.sort_unstable();
            if innies.len() < run.len() && inside_sum <= total {
                cages.add_hidden(&mut known, innies, total - inside_sum, &peers);
            }
            if covered == run.len() && crossing_sum >= total {
                outies.sort_unstable();
                cages.add_hidden(&mut known, outies, crossing_sum - total, &peers);
            }
            for &i in run {
                in_run[i] = false;
            }
        }
        cages.of_cell = vec![0; count];
        for (k, (range, _)) in cages.list.iter().enumerate() {
            for &i in &cages.cells[range.start as usize..range.end as usize] {
                cages.of_cell[usize::from(i)] |= 1 << (k % 128);
            }
        }
        cages
    }

    /// Adds a cage.
    fn add(&mut self, cells: &[u16], sum: u32) {
        let first = self.cells.len() as u32;
        self.cells.extend(cells);
        self.list.push((first..self.cells.len() as u32, sum));
    }

    /// Adds a hidden cage on `cells` (ascending) when it says something
    /// new: it has cells, no cage has the same cells, and its cells must
    /// hold distinct values (each pair are peers).
    fn add_hidden<'a>(
        &mut self,
        known: &mut Vec<Vec<u16>>,
        cells: Vec<u16>,
        sum: u32,
        peers: &impl Fn(usize) -> &'a [u16],
    ) {
        let distinct = cells.iter().enumerate().all(|(k, &i)| {
            let of_i = peers(usize::from(i));
            cells[k + 1..].iter().all(|j| of_i.binary_search(j).is_ok())
        });
        if cells.is_empty() || !distinct || known.contains(&cells) {
            return;
        }
        self.add(&cells, sum);
        known.push(cells);
    }

    /// True when the board has cages.
    #[inline(always)]
    pub(super) fn any(&self) -> bool {
        !self.list.is_empty()
    }

    /// The cages of cell `i`.
    #[inline(always)]
    pub(super) fn of_cell(&self, i: usize) -> CageSet {
        self.of_cell.get(i).copied().unwrap_or(0)
    }

    /// Every cage, as a set.
    pub(super) fn all(&self) -> CageSet {
        match self.list.len() {
            0 => 0,
            k if k >= 128 => CageSet::MAX,
            k => (1 << k) - 1,
        }
    }

    /// The cages of `set`: each one's cells and sum.
    pub(super) fn in_set(&self, set: CageSet) -> impl Iterator<Item = (&[u16], u32)> + '_ {
        let mut bits = set;
        let mut k = self.list.len();
        std::iter::from_fn(move || loop {
            if k < self.list.len() {
                let (range, sum) = &self.list[k];
                k += 128;
                return Some((&self.cells[range.start as usize..range.end as usize], *sum));
            }
            if bits == 0 {
                return None;
            }
            k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
        })
    }
}

/// The values of the sets of distinct values that can fill the blanks
/// whose candidates are `blanks` (bit `v - 1` for value `v`) and add up to
/// `sum`, as `(union, common)`: the values of some such set, and the
/// values every such set holds (both 0 when no set can). A set must take
/// one value of each blank's candidates, the blanks each a different one
/// (a perfect matching of blanks to the set's values). A walk over the
/// values, smallest first, that cuts a branch when the smallest or the
/// largest values left cannot make the sum, or when no set under it could
/// add to the union or take from what is common.
pub(super) fn fillings(blanks: &[u32], sum: u32) -> (u32, u32) {
    let k = blanks.len() as u32;
    let avail = blanks.iter().fold(0, |acc, &c| acc | c);
    let mut found = Found {
        union: 0,
        common: u32::MAX,
    };
    walk(blanks, avail, k, sum, 0, &mut found);
    match found.union {
        0 => (0, 0),
        union => (union, found.common),
    }
}

/// What the walk of [`fillings`] has found so far.
struct Found {
    union: u32,
    common: u32,
}

fn walk(blanks: &[u32], rest: u32, k: u32, sum: u32, chosen: u32, found: &mut Found) {
    if k == 0 {
        let news = chosen & !found.union != 0 || found.common & !chosen != 0;
        if sum == 0 && news && fills(blanks, chosen) {
            found.union |= chosen;
            found.common &= chosen;
        }
        return;
    }
    // A set under this branch holds `chosen` and values of `rest`: it can
    // add to the union only with a value not in it yet, and take from
    // what is common only by leaving out a common value not chosen.
    let can_add = (chosen | rest) & !found.union != 0;
    if rest.count_ones() < k || (!can_add && found.common & !chosen == 0) {
        return;
    }
    let (mut low, mut high, mut lows, mut highs) = (0, 0, rest, rest);
    for _ in 0..k {
        low += lows.trailing_zeros() + 1;
        lows &= lows - 1;
        let top = 31 - highs.leading_zeros();
        high += top + 1;
        highs ^= 1 << top;
    }
    if sum < low || sum > high {
        return;
    }
    let bit = rest & rest.wrapping_neg();
    let value = bit.trailing_zeros() + 1;
    if value <= sum {
        walk(blanks, rest ^ bit, k - 1, sum - value, chosen | bit, found);
    }
    walk(blanks, rest ^ bit, k, sum, chosen, found);
}

/// True when the blanks (candidates `blanks`) can take the values of
/// `set` (as many as blanks), one each: a matching by augmenting paths.
fn fills(blanks: &[u32], set: u32) -> bool {
    // owner[v]: the blank holding value v + 1 so far.
    let mut owner = [usize::MAX; 32];
    (0..blanks.len()).all(|b| {
        let mut seen = 0;
        augment(blanks, set, b, &mut owner, &mut seen)
    })
}

/// Finds blank `b` a value of `set`, moving other blanks to free one
/// (values in `seen` are taken on this path already).
fn augment(blanks: &[u32], set: u32, b: usize, owner: &mut [usize; 32], seen: &mut u32) -> bool {
    let mut options = blanks[b] & set & !*seen;
    while options != 0 {
        let v = options.trailing_zeros() as usize;
        options &= options - 1;
        *seen |= 1 << v;
        if owner[v] == usize::MAX || augment(blanks, set, owner[v], owner, seen) {
            owner[v] = b;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::grid;
    use crate::board::shape::boxes;
    use crate::board::variant::Variant;
    use std::sync::Arc;

    #[test]
    fn a_box_gives_its_innies_and_outies_as_hidden_cages() {
        // The 4x4 grid 1234/3412/2143/4321 with cage a on cells 0, 1, 4
        // (1 + 2 + 3 = 6) and cage b on cells 5, 6 (4 + 1 = 5): box 0
        // (cells 0, 1, 4, 5) holds 1 to 4, so its innie, cell 5, is 10 -
        // 6 = 4, and b's outie, cell 6, is 6 + 5 - 10 = 1.
        let shape = boxes(2, 2);
        let cages = Variant::classic()
            .with_cages(shape, "aa..\nabb.\n....\n....\na=6 b=5")
            .unwrap();
        let board = grid(shape, &".".repeat(16))
            .with_variant(Arc::new(cages))
            .unwrap();
        let variant = board.variant();
        let members: Vec<Vec<usize>> = (0..variant.unit_count(shape))
            .map(|u| variant.unit_cells(shape, u))
            .collect();
        let peers: Vec<Vec<u16>> = (0..16)
            .map(|i| {
                variant
                    .peers(shape, i)
                    .into_iter()
                    .map(|j| j as u16)
                    .collect()
            })
            .collect();
        let found = Cages::new(&board, &members, |i| &peers[i]);
        let listed: Vec<(Vec<u16>, u32)> = found
            .in_set(found.all())
            .map(|(cells, sum)| (cells.to_vec(), sum))
            .collect();
        assert_eq!(listed[..2], [(vec![0, 1, 4], 6), (vec![5, 6], 5)]);
        assert!(listed.contains(&(vec![5], 4)), "{:?}", listed);
        assert!(listed.contains(&(vec![6], 1)), "{:?}", listed);
        // Every hidden cage holds distinct values and is right on the grid.
        let full = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        for (cells, sum) in &listed {
            let values: u32 = cells.iter().map(|&i| full[usize::from(i)]).sum();
            assert_eq!(values, *sum, "{:?}", cells);
        }
        // Cell 6 is in cage b (bit 1), not in cage a (bit 0).
        assert_eq!(found.of_cell(6) & 0b11, 0b10);
    }

    #[test]
    fn fillings_keep_only_sets_the_blanks_can_take() {
        // Two blanks summing to 5 from 1..4: {1, 4} and {2, 3}.
        assert_eq!(fillings(&[0b1111, 0b1111], 5), (0b1111, 0));
        // One blank holds only 1 or 2, the other only 1: {1, 4} and
        // {2, 3} both need the second blank to take 4 or 3, which it
        // cannot ({2, 3} would need it to take 3; {1, 4}, 4).
        assert_eq!(fillings(&[0b0011, 0b0001], 5), (0, 0));
        // With the second blank free to take 4: only {1, 4}.
        assert_eq!(fillings(&[0b0001, 0b1000], 5), (0b1001, 0b1001));
        // Three blanks, 1..9, sum 24: only {7, 8, 9}.
        assert_eq!(fillings(&[0x1ff; 3], 24), (0b1_1100_0000, 0b1_1100_0000));
        // Three blanks summing to 8: {1, 2, 5} and {1, 3, 4}; each holds 1.
        assert_eq!(fillings(&[0x1ff; 3], 8), (0b1_1111, 0b1));
        // No blank: the empty set when the sum is met.
        assert_eq!(fillings(&[], 0), (0, 0));
        assert_eq!(fillings(&[0x1ff], 10), (0, 0));
    }
}
