//! Killer cages in the general engine: the cages a board declares, the
//! *hidden* cages its units imply (the rule of 45), and the sets of values
//! that can still fill a cage.
//!
//! A hidden cage: the values of a run of whole rows (or columns), of a
//! box or region, or of two boxes (regions) side by side, add up to a
//! known total (`N(N+1)/2` a unit), so
//! - the cells of the run that lie in no cage wholly inside it (its
//!   *innies*) add up to that total less those cages' sums;
//! - when every cell of the run lies in a cage, the cells outside the run
//!   of the cages that cross it (its *outies*) add up to those cages'
//!   sums, with the cages inside, less the total.
//!
//! Such cells that must hold distinct values (each pair in one row,
//! column, box, region, diagonal or cage) are a cage like the board's
//! own; the others may repeat values, and only their sum's bounds hold.
//! Killer puzzles without givens rest on these (a cage that juts out of a
//! box by one cell fixes that cell's value); the judge file
//! `codingame_killer` reasons the same way.

use crate::board::grid::Grid;
use crate::board::shape::MAX_SIZE;
use std::ops::Range;

/// A set of cages, one bit each: cage `k` is bit `k % 128` (on a board
/// with more cages, a bit stands for every cage of its residue, which
/// only makes the engine look at a few more cages than it must).
pub(super) type CageSet = u128;

/// A board's cages, its own first, then the hidden ones.
#[derive(Default)]
pub(super) struct Cages {
    /// Each cage's cells (a range of `cells`), its sum, and whether its
    /// values must differ (false: a hidden cage whose values may repeat).
    list: Vec<(Range<u32>, u32, bool)>,
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
            cages.add(&cage.cells, cage.sum, true);
            known.push(cage.cells.clone());
        }
        let unit_total = (n * (n + 1) / 2) as u32;
        // The runs: consecutive rows, consecutive columns (short of the
        // whole board), each box or region, and each two boxes (regions)
        // side by side, sharing a row or a column.
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
        let boxes = &members[2 * n..3 * n];
        runs.extend(boxes.iter().cloned());
        for (k, first) in boxes.iter().enumerate() {
            let shares_line = |i: usize| first.iter().any(|&j| j / n == i / n || j % n == i % n);
            for second in &boxes[k + 1..] {
                if second.iter().any(|&i| shares_line(i)) {
                    runs.push(first.iter().chain(second).copied().collect());
                }
            }
        }
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
                cages.add_hidden(&mut known, innies, total - inside_sum, n, &peers);
            }
            if covered == run.len() && crossing_sum >= total {
                outies.sort_unstable();
                cages.add_hidden(&mut known, outies, crossing_sum - total, n, &peers);
            }
            for &i in run {
                in_run[i] = false;
            }
        }
        cages.of_cell = vec![0; count];
        for (k, (range, _, _)) in cages.list.iter().enumerate() {
            for &i in &cages.cells[range.start as usize..range.end as usize] {
                cages.of_cell[usize::from(i)] |= 1 << (k % 128);
            }
        }
        cages
    }

    /// Adds a cage.
    fn add(&mut self, cells: &[u16], sum: u32, distinct: bool) {
        let first = self.cells.len() as u32;
        self.cells.extend(cells);
        self.list
            .push((first..self.cells.len() as u32, sum, distinct));
    }

    /// Adds a hidden cage on `cells` (ascending) when it says something
    /// new: it has cells, at most `n` (a larger sum is a weak bound), and
    /// no cage has the same cells. Its values must differ when each pair
    /// of its cells are peers.
    fn add_hidden<'a>(
        &mut self,
        known: &mut Vec<Vec<u16>>,
        cells: Vec<u16>,
        sum: u32,
        n: usize,
        peers: &impl Fn(usize) -> &'a [u16],
    ) {
        if cells.is_empty() || cells.len() > n || known.contains(&cells) {
            return;
        }
        let distinct = cells.iter().enumerate().all(|(k, &i)| {
            let of_i = peers(usize::from(i));
            cells[k + 1..].iter().all(|j| of_i.binary_search(j).is_ok())
        });
        self.add(&cells, sum, distinct);
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

    /// How many cages there are, the board's own and the hidden ones.
    pub(super) fn count(&self) -> usize {
        self.list.len()
    }

    /// Cage `k`: its cells, sum, and whether its values must differ.
    pub(super) fn get(&self, k: usize) -> (&[u16], u32, bool) {
        let (range, sum, distinct) = &self.list[k];
        let cells = &self.cells[range.start as usize..range.end as usize];
        (cells, *sum, *distinct)
    }

    /// Every cage, as a set.
    pub(super) fn all(&self) -> CageSet {
        match self.list.len() {
            0 => 0,
            k if k >= 128 => CageSet::MAX,
            k => (1 << k) - 1,
        }
    }

    /// The cages that share a cell with `cells`.
    pub(super) fn around(&self, cells: &[u16]) -> CageSet {
        let of_cell = |i: &u16| self.of_cell(usize::from(*i));
        cells.iter().map(of_cell).fold(0, |set, cages| set | cages)
    }

    /// The cages of `set`: each one's number, cells, sum, and whether its
    /// values must differ.
    pub(super) fn in_set(
        &self,
        set: CageSet,
    ) -> impl Iterator<Item = (usize, &[u16], u32, bool)> + '_ {
        let mut bits = set;
        let mut k = self.list.len();
        std::iter::from_fn(move || loop {
            if k < self.list.len() {
                let (number, (cells, sum, distinct)) = (k, self.get(k));
                k += 128;
                return Some((number, cells, sum, distinct));
            }
            if bits == 0 {
                return None;
            }
            k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
        })
    }
}

/// The most sets a branch on a cage's sets tries (see
/// `Node::narrowest_branch`); a cage with more is left to branches on
/// its blanks. Twelve is the most sets of distinct values 1-9 of one size
/// and sum (four adding up to 20, say), so on a board up to 9×9 any cage
/// with two or more sets can be branched on. With eight, the 426 killer
/// puzzles without givens of `codingame_killer`'s folder README took
/// 369,000 guesses to count to two (the most on one, 80,000), with twelve
/// 259,000 (13,500), both with the weights of [`CageWeights`].
pub(super) const LISTED_SETS: usize = 12;

/// How the search weighs each cage when it picks one to branch on: the
/// dead ends met in and around it (the "dom/wdeg" rule of constraint
/// solvers, as in the judge file `codingame_killer`). Where the search
/// keeps failing the board is hard, so the cages there are settled early,
/// even with more sets left than another.
pub(super) struct CageWeights {
    /// Each cage's weight: [`FIRST_WEIGHT`], plus what
    /// [`CageWeights::blame`] added.
    weights: Vec<u64>,
}

/// Each cage's weight before any dead end. Above 1, so that the first dead
/// ends, often met by chance on an easy board, move the branch only
/// among cages whose counts of sets are close. Counting the 426 puzzles
/// without givens to two (guesses in all, the most on one), and 3,000
/// generated puzzles with givens (cages of 2-9 cells, `--seed 5`):
/// from 1, 274,000 (13,400) and 12,400; from 4, 259,000 (12,900) and
/// 7,200; from 8, 259,000 (13,500) and 6,500; from 16, 286,000 (37,700)
/// and 6,500. Without weights: 684,000 (98,800) and 6,800.
const FIRST_WEIGHT: u64 = 8;

impl CageWeights {
    /// The weights of `count` cages before any dead end.
    pub(super) fn new(count: usize) -> CageWeights {
        CageWeights {
            weights: vec![FIRST_WEIGHT; count],
        }
    }

    /// Cage `k`'s weight.
    pub(super) fn of(&self, k: usize) -> u64 {
        self.weights.get(k).copied().unwrap_or(FIRST_WEIGHT)
    }

    /// A dead end met at cage `found` (when a cage found it) and around
    /// the cages of `around`: 4 on the cage that found it, 1 on each
    /// other. (Rows, columns and boxes find most dead ends, but the search
    /// branches on cages: so the cages that cross where it fails gain
    /// weight too.)
    pub(super) fn blame(&mut self, found: Option<usize>, around: CageSet) {
        for (k, weight) in self.weights.iter_mut().enumerate() {
            if Some(k) == found {
                *weight += 4;
            } else if around >> (k % 128) & 1 == 1 {
                *weight += 1;
            }
        }
    }
}

/// What the walk of [`fillings`] found, besides what it leaves each
/// blank: the values every set holds, and the sets themselves (the first
/// [`LISTED_SETS`] of them) with their number, `usize::MAX` when the walk
/// stopped before it saw them all.
pub(super) struct Fillings {
    pub(super) common: u32,
    pub(super) sets: [u32; LISTED_SETS],
    pub(super) count: usize,
}

/// What the sets of distinct values that can fill the blanks whose
/// candidates are `blanks` (bit `v - 1` for value `v`), and add up to
/// `sum`, leave each blank: its values in some such set are added to
/// `keep` (one mask per blank). Returns the values every such set holds
/// and the sets (see [`Fillings`]), or `None` when no set can fill the
/// blanks.
///
/// A set can fill the blanks only when each blank can take one of its
/// values, and a value of the set that just one blank can take goes in
/// that blank: a set with two such values for one blank is out, and one
/// with one gives that blank only that value (a cage of two adding up to
/// 10, one blank able to take only 1 or 2, leaves the other 9 or 8). The
/// rest of a full matching of blanks to values is left to the search.
/// The walk over the sets, smallest value first, cuts a branch when the
/// smallest or the largest values left cannot make the sum. Past
/// [`WALK_LIMIT`] steps (a large cage on a large board: 12 of 25 values
/// have five million sets) it stops, every blank keeps all it has, and
/// nothing is common. Past `most` sets it stops too (a branch wants a
/// cage with few, and need not walk the others to the end): the number
/// of sets is then `usize::MAX`, and what it leaves the blanks is partial.
pub(super) fn fillings(
    blanks: &[u32],
    sum: u32,
    keep: &mut [u32],
    most: usize,
) -> Option<Fillings> {
    // others[b]: the values the blanks other than b can take.
    let mut others = [0u32; MAX_SIZE];
    let mut before = 0;
    for (b, &cand) in blanks.iter().enumerate() {
        others[b] = before;
        before |= cand;
    }
    let mut after = 0;
    for (b, &cand) in blanks.iter().enumerate().rev() {
        others[b] |= after;
        after |= cand;
    }
    let mut walk = Walk {
        blanks,
        others: &others[..blanks.len()],
        keep,
        found: Fillings {
            common: u32::MAX,
            sets: [0; LISTED_SETS],
            count: 0,
        },
        steps: 0,
        most,
    };
    walk.sets(before, blanks.len() as u32, sum, 0);
    if walk.steps > WALK_LIMIT {
        walk.keep.copy_from_slice(blanks);
        walk.found.common = 0;
        walk.found.count = usize::MAX;
    } else if walk.found.count > most {
        walk.found.count = usize::MAX;
    }
    (walk.found.count > 0).then_some(walk.found)
}

/// The most steps the walk of [`fillings`] takes for one cage.
const WALK_LIMIT: u32 = 20_000;

/// The walk of [`fillings`] over the sets, and what it has found so far.
struct Walk<'a> {
    blanks: &'a [u32],
    others: &'a [u32],
    keep: &'a mut [u32],
    found: Fillings,
    steps: u32,
    most: usize,
}

impl Walk<'_> {
    /// Walks the sets that hold `chosen` and `k` values more of `rest`,
    /// adding up to `sum` more.
    fn sets(&mut self, rest: u32, k: u32, sum: u32, chosen: u32) {
        self.steps += 1;
        if self.steps > WALK_LIMIT || self.found.count > self.most {
            return;
        }
        if k == 0 {
            if sum == 0 {
                self.take(chosen);
            }
            return;
        }
        if rest.count_ones() < k {
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
            self.sets(rest ^ bit, k - 1, sum - value, chosen | bit);
        }
        self.sets(rest ^ bit, k, sum, chosen);
    }

    /// Set `set` (as many values as blanks, adding up to the sum): what
    /// it leaves each blank, unless some blank can take none of it.
    fn take(&mut self, set: u32) {
        let mut keep = [0u32; MAX_SIZE];
        for (b, &cand) in self.blanks.iter().enumerate() {
            // The values of the set no other blank can take go here.
            let missing = set & !self.others[b];
            keep[b] = match missing.count_ones() {
                0 => set & cand,
                1 => missing & cand,
                _ => 0,
            };
            if keep[b] == 0 {
                return;
            }
        }
        let found = &mut self.found;
        if found.count < LISTED_SETS {
            found.sets[found.count] = set;
        }
        found.count += 1;
        found.common &= set;
        for (kept, &new) in self.keep.iter_mut().zip(&keep) {
            *kept |= new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::grid;
    use crate::board::shape::{boxes, Shape};
    use crate::board::variant::Variant;
    use std::sync::Arc;

    /// The cages `Cages::new` finds for a board of `shape` without givens
    /// and with the cages of `layout`, each as its cells and sum, the
    /// board's own first; and the cages of `cell`, as a set.
    fn listed(shape: Shape, layout: &str, cell: usize) -> (Vec<(Vec<u16>, u32)>, CageSet) {
        let cages = Variant::classic().with_cages(shape, layout).unwrap();
        let count = shape.cell_count();
        let board = grid(shape, &".".repeat(count))
            .with_variant(Arc::new(cages))
            .unwrap();
        let variant = board.variant();
        let members: Vec<Vec<usize>> = (0..variant.unit_count(shape))
            .map(|u| variant.unit_cells(shape, u))
            .collect();
        let peers: Vec<Vec<u16>> = (0..count)
            .map(|i| {
                variant
                    .peers(shape, i)
                    .into_iter()
                    .map(|j| j as u16)
                    .collect()
            })
            .collect();
        let found = Cages::new(&board, &members, |i| &peers[i]);
        let list = found
            .in_set(found.all())
            .map(|(_, cells, sum, _)| (cells.to_vec(), sum))
            .collect();
        (list, found.of_cell(cell))
    }

    #[test]
    fn a_box_gives_its_innies_and_outies_as_hidden_cages() {
        // The 4x4 grid 1234/3412/2143/4321 with cage a on cells 0, 1, 4
        // (1 + 2 + 3 = 6) and cage b on cells 5, 6 (4 + 1 = 5): box 0
        // (cells 0, 1, 4, 5) holds 1 to 4, so its innie, cell 5, is 10 -
        // 6 = 4, and b's outie, cell 6, is 6 + 5 - 10 = 1.
        let (listed, of_6) = listed(boxes(2, 2), "aa..\nabb.\n....\n....\na=6 b=5", 6);
        assert_eq!(listed[..2], [(vec![0, 1, 4], 6), (vec![5, 6], 5)]);
        assert!(listed.contains(&(vec![5], 4)), "{:?}", listed);
        assert!(listed.contains(&(vec![6], 1)), "{:?}", listed);
        // Every hidden cage is right on the grid.
        let full = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        for (cells, sum) in &listed {
            let values: u32 = cells.iter().map(|&i| full[usize::from(i)]).sum();
            assert_eq!(values, *sum, "{:?}", cells);
        }
        // Cell 6 is in cage b (bit 1), not in cage a (bit 0).
        assert_eq!(of_6 & 0b11, 0b10);
    }

    #[test]
    fn two_boxes_side_by_side_give_an_innie_neither_gives_alone() {
        // Rows 1-3 of the grid 568913427/197254683/342687915/851726349/...
        // in cages of two across columns 1-6, cages b, e and h straddling
        // boxes 1 and 2, cage i on r3c5 alone and cage j on r3c6 and r4c6.
        // Neither box alone has its cells but one in cages wholly inside
        // it; the two together do: r3c6 (cell 23) is 90 - 83 = 7.
        let layout = "aabbcc...\nddeeff...\ngghhij...\n.....j...\n.........\n\
                      .........\n.........\n.........\n.........\n\
                      a=11 b=17 c=4 d=10 e=9 f=9 g=7 h=8 i=8 j=13";
        let (listed, _) = listed(Shape::CLASSIC, layout, 23);
        assert!(listed.contains(&(vec![23], 7)), "{:?}", listed);
    }

    #[test]
    fn fillings_keep_only_sets_the_blanks_can_take() {
        // What `fillings` leaves each blank, and what is common.
        let left = |blanks: &[u32], sum: u32| {
            let mut keep = vec![0; blanks.len()];
            fillings(blanks, sum, &mut keep, usize::MAX).map(|found| (keep, found.common))
        };
        // Two blanks summing to 5 from 1..4: {1, 4} and {2, 3}.
        assert_eq!(left(&[0b1111, 0b1111], 5), Some((vec![0b1111; 2], 0)));
        // One blank holds only 1 or 2, the other only 1: {1, 4} and
        // {2, 3} both need the second blank to take 4 or 3, which it
        // cannot ({2, 3} would need it to take 3; {1, 4}, 4).
        assert_eq!(left(&[0b0011, 0b0001], 5), None);
        // With the second blank free to take 4: only {1, 4}.
        assert_eq!(
            left(&[0b0001, 0b1000], 5),
            Some((vec![0b0001, 0b1000], 0b1001))
        );
        // Three blanks, 1..9, sum 24: only {7, 8, 9}.
        let top = 0b1_1100_0000;
        assert_eq!(left(&[0x1ff; 3], 24), Some((vec![top; 3], top)));
        // Three blanks summing to 8: {1, 2, 5} and {1, 3, 4}; each holds 1.
        assert_eq!(left(&[0x1ff; 3], 8), Some((vec![0b1_1111; 3], 0b1)));
        // Per blank: two adding up to 10, the first only 1 or 2. Of the
        // sets {1, 9}, {2, 8}, {3, 7}, {4, 6}, the last two give the
        // first blank nothing, so the second keeps only 9 or 8.
        let nine_or_eight = 0b1_1000_0000;
        assert_eq!(
            left(&[0b11, 0x1ff], 10),
            Some((vec![0b11, nine_or_eight], 0))
        );
        // No blank: the empty set when the sum is met.
        assert_eq!(left(&[], 0), Some((vec![], 0)));
        assert_eq!(left(&[0x1ff], 10), None);
    }

    #[test]
    fn fillings_stop_on_a_cage_with_too_many_sets() {
        // Twelve blanks of 25 values adding up to 156 (the middle): about
        // five million sets. The walk stops and every blank keeps all.
        let blanks = [(1u32 << 25) - 1; 12];
        let mut keep = [0; 12];
        let found = fillings(&blanks, 156, &mut keep, usize::MAX).map(|f| (f.common, f.count));
        assert_eq!(found, Some((0, usize::MAX)));
        assert_eq!(keep, blanks);
    }

    #[test]
    fn fillings_list_the_sets_up_to_the_branch_limit() {
        let listed = |blanks: &[u32], sum: u32| {
            let mut keep = vec![0; blanks.len()];
            let found = fillings(blanks, sum, &mut keep, usize::MAX).unwrap();
            let shown = found.count.min(LISTED_SETS);
            (found.sets[..shown].to_vec(), found.count)
        };
        // Three blanks of 1..9 summing to 8: {1, 2, 5}, then {1, 3, 4}.
        assert_eq!(listed(&[0x1ff; 3], 8), (vec![0b1_0011, 0b1101], 2));
        // One blank taking only 1 or 2 beside one that takes anything,
        // summing to 10: {1, 9} and {2, 8} only.
        let two = vec![0b1_0000_0001, 0b1000_0010];
        assert_eq!(listed(&[0b11, 0x1ff], 10), (two, 2));
        // Four blanks summing to 20: twelve sets, all listed.
        let (sets, count) = listed(&[0x1ff; 4], 20);
        assert_eq!((sets.len(), count), (LISTED_SETS, 12));
        assert!(sets.iter().all(|&set| set.count_ones() == 4));
        // Four blanks of 1-16 summing to 34: more sets, the first twelve listed.
        let (sets, count) = listed(&[0xffff; 4], 34);
        assert!(count > LISTED_SETS);
        assert_eq!(sets.len(), LISTED_SETS);
        // Asked for at most twelve, the walk stops at the thirteenth.
        let mut keep = [0; 4];
        let found = fillings(&[0xffff; 4], 34, &mut keep, LISTED_SETS).unwrap();
        assert_eq!(found.count, usize::MAX);
        // With twelve or fewer, all of them, counted.
        let found = fillings(&[0x1ff; 4], 20, &mut keep, LISTED_SETS).unwrap();
        assert_eq!(found.count, 12);
    }
}
