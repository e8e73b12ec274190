//! The general engine's search state (cells, candidates, the values
//! placed per unit) and its rules: propagation rules 1 to 3 of the module
//! notes of [`super`] (naked and hidden singles, locked candidates), with
//! killer cages' sums beside them, and the choice of a branch. The tables
//! they read (the board's geometry) are in `tables.rs`.

use super::cages::{fillings, CageSet, CageWeights, LISTED_SETS};
use super::tables::{Tables, Units};
use super::{Branch, Choice};
use crate::board::grid::Grid;
use crate::board::shape::MAX_SIZE;

/// One node of the search. A blank's candidates are the values no rule
/// has ruled out yet; a placed cell keeps only its own value's bit.
#[derive(Clone)]
pub(super) struct Node {
    /// The cells: a value, or 0 for a blank.
    pub(super) cells: Vec<u8>,
    /// The candidates of each cell, bit `v - 1` for value `v`.
    pub(super) cand: Vec<u32>,
    /// The values placed in each unit.
    pub(super) used: Vec<u32>,
    /// Blanks left.
    pub(super) open: usize,
    /// Units with a cell changed since they were last looked at for
    /// hidden singles (`hidden`) and for locked candidates (`locked`).
    pub(super) hidden: Units,
    pub(super) locked: Units,
    /// The cages with a cell changed since their sums were last looked
    /// at.
    pub(super) cages: CageSet,
}

/// Propagation found a contradiction, and where: a blank with no
/// candidate left (or a value with no place left in a unit), a cage that
/// no filling completes, or (in the lookahead) both trials of a choice
/// failing. Where it was met weighs the cages the search branches on (see
/// [`CageWeights`]).
pub(super) enum DeadEnd {
    Blank(usize),
    Unit(usize),
    Cage(usize),
    Trials,
}

/// The most words a set of cells takes (see `Tables::peer_set`).
const PEER_WORDS: usize = (MAX_SIZE * MAX_SIZE).div_ceil(64);

/// The blanks whose candidates fell to one or none, to be placed (or
/// found contradictory) next. Empty between propagations.
pub(super) type Queue = Vec<u16>;

impl Node {
    /// The state of `puzzle`'s givens, or `None` when two givens clash.
    pub(super) fn new(puzzle: &Grid, t: &Tables, queue: &mut Queue) -> Option<Node> {
        let mut st = Node {
            cells: vec![0; t.cells],
            cand: vec![t.full; t.cells],
            used: vec![0; t.units],
            open: t.cells,
            hidden: 0,
            locked: 0,
            cages: t.cages.all(),
        };
        for (i, &v) in puzzle.cells().iter().enumerate() {
            if v != 0 {
                let bit = 1 << (v - 1);
                if st.cand[i] & bit == 0 {
                    queue.clear();
                    return None;
                }
                st.place(t, i, bit, queue);
            }
        }
        // Every unit is looked at once.
        st.hidden = (1 << t.units) - 1;
        st.locked = st.hidden;
        Some(st)
    }

    /// Writes the value of `bit`, a candidate of blank `i`, into `i`; its
    /// peers lose the candidate.
    #[inline(always)]
    pub(super) fn place(&mut self, t: &Tables, i: usize, bit: u32, queue: &mut Queue) {
        self.cells[i] = bit.trailing_zeros() as u8 + 1;
        self.cand[i] = bit;
        for &u in t.units_of[i].as_slice() {
            self.used[usize::from(u)] |= bit;
        }
        let mut touched = t.unit_set[i];
        let caged = t.cages.any();
        let mut cages = t.cages.of_cell(i);
        for &j in t.peers(i) {
            let j = usize::from(j);
            let cand = self.cand[j];
            if cand & bit != 0 {
                let now = cand ^ bit;
                self.cand[j] = now;
                touched |= t.unit_set[j];
                if caged {
                    cages |= t.cages.of_cell(j);
                }
                if now & now.wrapping_sub(1) == 0 && self.cells[j] == 0 {
                    queue.push(j as u16);
                }
            }
        }
        self.hidden |= touched;
        self.locked |= touched;
        self.cages |= cages;
        self.open -= 1;
    }

    /// Removes candidates `bits` from cell `i` if it is a blank.
    #[inline(always)]
    pub(super) fn remove(&mut self, t: &Tables, i: usize, bits: u32, queue: &mut Queue) {
        let cand = self.cand[i];
        if cand & bits != 0 && self.cells[i] == 0 {
            let now = cand & !bits;
            self.cand[i] = now;
            self.hidden |= t.unit_set[i];
            self.locked |= t.unit_set[i];
            self.cages |= t.cages.of_cell(i);
            if now & now.wrapping_sub(1) == 0 {
                queue.push(i as u16);
            }
        }
    }

    /// Applies rules 1 to 3 of the module notes and the cage sums until
    /// none applies (rule 3 only with `locked`), adding each placement to `placed` (also
    /// those made before a contradiction shows). Leaves `queue` empty.
    pub(super) fn propagate(
        &mut self,
        t: &Tables,
        queue: &mut Queue,
        placed: &mut u64,
        locked: bool,
    ) -> Result<(), DeadEnd> {
        let result = self.run_rules(t, queue, placed, locked);
        queue.clear();
        result
    }

    pub(super) fn run_rules(
        &mut self,
        t: &Tables,
        queue: &mut Queue,
        placed: &mut u64,
        locked: bool,
    ) -> Result<(), DeadEnd> {
        loop {
            // 1. Naked singles.
            while let Some(i) = queue.pop() {
                let i = usize::from(i);
                if self.cells[i] != 0 {
                    continue;
                }
                let cand = self.cand[i];
                if cand == 0 {
                    return Err(DeadEnd::Blank(i));
                }
                self.place(t, i, cand, queue);
                *placed += 1;
            }
            // 2. Hidden singles, in the units that changed.
            if self.hidden != 0 {
                let u = self.hidden.trailing_zeros() as usize;
                self.hidden &= self.hidden - 1;
                self.hidden_singles(t, u, queue, placed)?;
                continue;
            }
            // 3. Locked candidates, in the units that changed.
            if locked && self.locked != 0 {
                let u = self.locked.trailing_zeros() as usize;
                self.locked &= self.locked - 1;
                self.locked_candidates(t, u, queue);
                continue;
            }
            // Killer cages: what their sums leave, in the cages that
            // changed (a full cage that misses its sum is a contradiction).
            if self.cages != 0 {
                let changed = std::mem::take(&mut self.cages);
                self.cage_sums(t, changed, queue)?;
                continue;
            }
            return Ok(());
        }
    }

    /// Rule 2 in unit `u`: a value with one place left goes there; one
    /// with none is a contradiction.
    pub(super) fn hidden_singles(
        &mut self,
        t: &Tables,
        u: usize,
        queue: &mut Queue,
        placed: &mut u64,
    ) -> Result<(), DeadEnd> {
        let missing = t.full & !self.used[u];
        if missing == 0 {
            return Ok(());
        }
        let (mut once, mut twice) = (0u32, 0u32);
        for &i in t.unit(u) {
            let i = usize::from(i);
            if self.cells[i] == 0 {
                let cand = self.cand[i];
                twice |= once & cand;
                once |= cand;
            }
        }
        if missing & !once != 0 {
            return Err(DeadEnd::Unit(u));
        }
        let mut hidden = missing & once & !twice;
        while hidden != 0 {
            let bit = hidden & hidden.wrapping_neg();
            hidden ^= bit;
            // An earlier single of this unit may have taken the value's
            // only place: then it has none.
            let i = t
                .unit(u)
                .iter()
                .map(|&i| usize::from(i))
                .find(|&i| self.cells[i] == 0 && self.cand[i] & bit != 0)
                .ok_or(DeadEnd::Unit(u))?;
            self.place(t, i, bit, queue);
            *placed += 1;
        }
        Ok(())
    }

    /// Rule 3 around unit `u`, for each kind of unit that crosses it (see
    /// [`Part`]): a value whose blanks in `u` all lie in the part shared
    /// with one crossing unit leaves that unit's other blanks. A row split
    /// by boxes gives claiming; a box split by rows or columns, pointing;
    /// regions and diagonals split and are split the same way.
    pub(super) fn locked_candidates(&mut self, t: &Tables, u: usize, queue: &mut Queue) {
        let used = self.used[u];
        let mut seg = [0u32; MAX_SIZE + 1];
        for split in t.split_of[u].start..t.split_of[u].end {
            let range = &t.splits[split as usize];
            let parts = &t.parts[range.start as usize..range.end as usize];
            for (s, part) in seg.iter_mut().zip(parts) {
                *s = t
                    .cells_of(&part.inside)
                    .iter()
                    .fold(0, |acc, &i| acc | self.cand[usize::from(i)]);
            }
            let outside = |p: usize| {
                t.cells_of(&parts[p].outside)
                    .iter()
                    .map(|&i| usize::from(i))
            };
            self.clear_locked(t, &seg[..parts.len()], used, outside, queue);
        }
    }

    /// The values in exactly one of the segments `seg` (and not `used`,
    /// the unit's placed values, which show in one segment too) leave the
    /// cells `others(p)` of that segment `p`.
    pub(super) fn clear_locked<I: Iterator<Item = usize>>(
        &mut self,
        t: &Tables,
        seg: &[u32],
        used: u32,
        others: impl Fn(usize) -> I,
        queue: &mut Queue,
    ) {
        let (mut once, mut twice) = (0u32, 0u32);
        for &s in seg {
            twice |= once & s;
            once |= s;
        }
        let only = once & !twice & !used;
        if only == 0 {
            return;
        }
        for (p, &s) in seg.iter().enumerate() {
            let bits = s & only;
            if bits != 0 {
                for i in others(p) {
                    self.remove(t, i, bits, queue);
                }
            }
        }
    }

    /// The branch with the fewest alternatives on a propagated state with
    /// blanks: the first blank from `start` on (then from the first blank)
    /// with the fewest candidates (on a board with cages, the first of
    /// those in the most cages, and never the places below), or, when
    /// fewer, the places of the value
    /// that has the fewest places left in a unit (the first such unit from
    /// unit `start mod 3N` on, and the smallest such value). Branching on a
    /// blank alone is what let sparse boards explode: a blank may keep six
    /// candidates while some value has two places left in its row.
    ///
    /// On a board with cages, first the sets of the cage with the fewest
    /// left for its weight (`weights`: the dead ends met around it), while
    /// some cage has two or more (up to [`LISTED_SETS`]): a big cage with
    /// few sets settles many blanks at once, as in the judge file
    /// `codingame_killer` (see the module notes of [`super`]).
    pub(super) fn narrowest_branch(
        &self,
        t: &Tables,
        start: usize,
        weights: &CageWeights,
    ) -> Branch {
        if t.caged() {
            if let Some(branch) = self.fewest_sets(t, weights) {
                return branch;
            }
        }
        let mut cell = 0;
        let mut fewest = u32::MAX;
        // On a board with cages, of the blanks with the fewest candidates
        // the one in the most cages (its own and hidden ones): a value
        // tried there narrows the most other blanks, as in the judge file
        // `codingame_killer`.
        let caged = t.caged();
        let mut most = 0;
        for i in (start..t.cells).chain(0..start) {
            if self.cells[i] == 0 {
                let count = self.cand[i].count_ones();
                let cages = || t.cages.of_cell(i).count_ones();
                if count < fewest || caged && count == fewest && cages() > most {
                    (cell, fewest) = (i, count);
                    if caged {
                        most = cages();
                    } else if count <= 2 {
                        break;
                    }
                }
            }
        }
        let mut branch = Branch::Values {
            cell,
            rest: self.cand[cell],
        };
        // On a board with cages, blanks only: the cage sums narrow blanks
        // well, and a value's places there led counts of boards with many
        // solutions into long dead subtrees (see the module notes of
        // [`super`]).
        if fewest <= 2 || caged {
            return branch;
        }
        // A restart also moves where the scan of the units starts.
        let first_unit = start % t.units;
        for u in (first_unit..t.units).chain(0..first_unit) {
            let mut missing = t.full & !self.used[u];
            while missing != 0 {
                let bit = missing & missing.wrapping_neg();
                missing ^= bit;
                let mut places = 0u32;
                for (k, &i) in t.unit(u).iter().enumerate() {
                    if self.cand[usize::from(i)] & bit != 0 && self.cells[usize::from(i)] == 0 {
                        places |= 1 << k;
                    }
                }
                let count = places.count_ones();
                if count < fewest {
                    fewest = count;
                    branch = Branch::Places {
                        unit: u,
                        bit,
                        rest: places,
                    };
                    if count <= 2 {
                        return branch;
                    }
                }
            }
        }
        branch
    }

    /// The cells as a grid played by `rules`' rules.
    pub(super) fn grid(&self, rules: &Grid) -> Grid {
        rules
            .with_cells(self.cells.clone())
            .unwrap_or_else(|_| rules.clone())
    }

    /// The cage sums, in the cages of `changed`: each blank of a cage
    /// keeps only its values in the sets of distinct values that add up to
    /// what the cage still lacks and that its blanks can take
    /// ([`fillings`]); a value every such set holds leaves the cells that
    /// see all the cage's blanks that may take it ([`Node::point`]). A
    /// cage with no such set, or full and off its sum, is a
    /// contradiction. (Peers already keep a cage's values distinct.) A
    /// hidden cage whose values may repeat keeps its sum's bounds
    /// ([`Node::bounds`]).
    fn cage_sums(
        &mut self,
        t: &Tables,
        changed: CageSet,
        queue: &mut Queue,
    ) -> Result<(), DeadEnd> {
        // The candidates of a cage's blanks, and the blanks.
        let mut blanks = [0u32; MAX_SIZE];
        let mut blank_cells = [0usize; MAX_SIZE];
        for (k, cells, sum, distinct) in t.cages.in_set(changed) {
            if cells.len() > t.n {
                return Err(DeadEnd::Cage(k));
            }
            let (open, total) = self.cage_blanks(cells, &mut blanks, &mut blank_cells);
            let lacking = sum.checked_sub(total).ok_or(DeadEnd::Cage(k))?;
            if open == 0 {
                if lacking != 0 {
                    return Err(DeadEnd::Cage(k));
                }
                continue;
            }
            if !distinct {
                self.bounds(t, k, cells, lacking, queue)?;
                continue;
            }
            let mut keep = [0u32; MAX_SIZE];
            let mut required = fillings(&blanks[..open], lacking, &mut keep[..open], usize::MAX)
                .ok_or(DeadEnd::Cage(k))?
                .common;
            for (&i, &kept) in blank_cells[..open].iter().zip(&keep) {
                self.remove(t, i, !kept, queue);
            }
            // A value every filling holds goes in one of the cage's blanks
            // that may take it: a cell that must differ from all of them
            // (sees them all) cannot take it.
            while required != 0 {
                let bit = required & required.wrapping_neg();
                required ^= bit;
                self.point(t, cells, bit, queue);
            }
        }
        Ok(())
    }

    /// The blanks of the cage on `cells` (at most N): their candidates
    /// into `blanks`, their cells into `blank_cells`. Returns how many
    /// there are, and the sum of the values placed in the cage.
    fn cage_blanks(
        &self,
        cells: &[u16],
        blanks: &mut [u32; MAX_SIZE],
        blank_cells: &mut [usize; MAX_SIZE],
    ) -> (usize, u32) {
        let (mut open, mut total) = (0, 0u32);
        for &i in cells {
            let i = usize::from(i);
            match self.cells[i] {
                0 => {
                    blanks[open] = self.cand[i];
                    blank_cells[open] = i;
                    open += 1;
                }
                v => total += u32::from(v),
            }
        }
        (open, total)
    }

    /// On a propagated state of a board with cages: of the cages whose
    /// values differ and that two to [`LISTED_SETS`] sets of values can
    /// still fill, the first with the fewest for its weight, as a branch on
    /// those sets. n sets of weight w go before m sets of weight v when
    /// n / w < m / v, compared as n * v < m * w.
    fn fewest_sets(&self, t: &Tables, weights: &CageWeights) -> Option<Branch> {
        let mut blanks = [0u32; MAX_SIZE];
        let mut blank_cells = [0usize; MAX_SIZE];
        let mut best = None;
        // The best so far: its sets and its weight.
        let (mut fewest, mut best_weight) = (LISTED_SETS + 1, 1);
        for cage in 0..t.cages.count() {
            let (cells, sum, distinct) = t.cages.get(cage);
            if !distinct || cells.len() > t.n {
                continue;
            }
            let (open, total) = self.cage_blanks(cells, &mut blanks, &mut blank_cells);
            let lacking = match sum.checked_sub(total) {
                Some(lacking) if open >= 2 => lacking,
                _ => continue, // nothing to split (a sum overrun is propagation's to find)
            };
            let mut keep = [0u32; MAX_SIZE];
            let most = LISTED_SETS; // a cage with more is no branch: no need to count them all
            if let Some(found) = fillings(&blanks[..open], lacking, &mut keep[..open], most) {
                // (A count past LISTED_SETS stands for "more": no branch.)
                let listed = (2..=LISTED_SETS).contains(&found.count);
                let weight = weights.of(cage);
                if listed && (found.count as u64) * best_weight < (fewest as u64) * weight {
                    (fewest, best_weight) = (found.count, weight);
                    let rest = (1 << found.count) - 1;
                    best = Some(Branch::Sets {
                        cage,
                        sets: found.sets,
                        rest,
                    });
                }
            }
        }
        best
    }

    /// Applies one alternative of a branch point: places a value, or keeps
    /// the blanks of a cage to the values of one of the sets that can fill
    /// it (they lose every other value). A placement counts in
    /// `placements`.
    pub(super) fn apply(
        &mut self,
        t: &Tables,
        choice: Choice,
        queue: &mut Queue,
        placements: &mut u64,
    ) {
        match choice {
            Choice::Place { cell, bit } => {
                self.place(t, cell, bit, queue);
                *placements += 1;
            }
            Choice::Keep { cage, set } => {
                let (cells, _, _) = t.cages.get(cage);
                for &i in cells {
                    self.remove(t, usize::from(i), !set, queue);
                }
            }
        }
    }

    /// Hidden cage `k` on `cells`, whose values may repeat, lacking
    /// `lacking`: each blank keeps the values that leave the others a sum
    /// they can make, between the sums of their smallest and of their
    /// largest candidates.
    fn bounds(
        &mut self,
        t: &Tables,
        k: usize,
        cells: &[u16],
        lacking: u32,
        queue: &mut Queue,
    ) -> Result<(), DeadEnd> {
        // The smallest and the largest value of a nonempty candidate mask.
        let smallest = |cand: u32| cand.trailing_zeros() + 1;
        let largest = |cand: u32| 32 - cand.leading_zeros();
        let (mut least, mut most) = (0, 0);
        for &i in cells {
            let cand = self.cand[usize::from(i)];
            if self.cells[usize::from(i)] == 0 {
                if cand == 0 {
                    return Err(DeadEnd::Blank(usize::from(i)));
                }
                least += smallest(cand);
                most += largest(cand);
            }
        }
        if lacking < least || lacking > most {
            return Err(DeadEnd::Cage(k));
        }
        for &i in cells {
            let cand = self.cand[usize::from(i)];
            if self.cells[usize::from(i)] == 0 {
                // The others make at least `least - smallest`, at most
                // `most - largest`.
                let low = (lacking + largest(cand)).saturating_sub(most).max(1);
                let high = lacking + smallest(cand) - least;
                // Values low..=high: bits low - 1 ..= high - 1.
                let up_to_high = u32::MAX >> (32 - high.min(32));
                let below_low = (1u32 << (low - 1)) - 1;
                self.remove(t, usize::from(i), !(up_to_high & !below_low), queue);
            }
        }
        Ok(())
    }

    /// Value `bit` must go in one of the blanks of `cells` that may take
    /// it: it leaves every other cell that is a peer of each of them.
    fn point(&mut self, t: &Tables, cells: &[u16], bit: u32, queue: &mut Queue) {
        // The places, on the stack (a cage has at most N cells: see
        // `cage_sums`): this runs for every changed cage.
        let mut places = [0u16; MAX_SIZE];
        let mut count = 0;
        for &i in cells {
            let at = usize::from(i);
            if self.cells[at] == 0 && self.cand[at] & bit != 0 {
                places[count] = i;
                count += 1;
            }
        }
        let Some((&first, rest)) = places[..count].split_first() else {
            return;
        };
        // The cells that see every place: the peers of the first that the
        // others' peers hold too, as sets (one AND a word; lists walked
        // side by side took a third of the time on hard killer boards).
        let words = t.peer_words;
        let mut seen = [0u64; PEER_WORDS];
        seen[..words].copy_from_slice(t.peer_set(usize::from(first)));
        for &p in rest {
            for (word, &theirs) in seen[..words].iter_mut().zip(t.peer_set(usize::from(p))) {
                *word &= theirs;
            }
        }
        // (A place itself is no peer of itself, so it stays.)
        for (k, &word) in seen[..words].iter().enumerate() {
            let mut left = word;
            while left != 0 {
                let j = 64 * k + left.trailing_zeros() as usize;
                left &= left - 1;
                self.remove(t, j, bit, queue);
            }
        }
    }
}
