//! The general engine's state and rules: the tables of one shape, a
//! search state (cells, candidates, the values placed per unit), and the
//! propagation rules 1 to 3 of the module notes of [`super`] (naked and
//! hidden singles, locked candidates).

use super::Branch;
use crate::board::grid::Grid;
use crate::board::shape::{Shape, MAX_SIZE};

/// A set of units (3N ≤ 75 of them), one bit each.
pub(super) type Units = u128;

/// The geometry of one shape, as the engine reads it.
pub(super) struct Tables {
    /// N.
    pub(super) n: usize,
    /// R and C: the rows and columns of a box. The board has C bands of
    /// boxes and R stacks.
    pub(super) box_rows: usize,
    pub(super) box_cols: usize,
    /// N².
    pub(super) cells: usize,
    /// The candidate bits of every value: `(1 << N) - 1`.
    pub(super) full: u32,
    /// The row, column and box (units 0..3N) of each cell.
    pub(super) units_of: Vec<[u16; 3]>,
    /// The same as a set.
    pub(super) unit_set: Vec<Units>,
    /// The cells of unit `u` are `unit_cells[u * N..(u + 1) * N]`.
    pub(super) unit_cells: Vec<u16>,
    /// The peers of cell `i` are `peers[i * per..(i + 1) * per]`.
    pub(super) peers: Vec<u16>,
    pub(super) per: usize,
}

impl Tables {
    pub(super) fn new(shape: Shape) -> Tables {
        let n = shape.size();
        let cells = shape.cell_count();
        let peers: Vec<Vec<usize>> = (0..cells).map(|i| shape.peers(i)).collect();
        let units_of: Vec<[u16; 3]> = (0..cells)
            .map(|i| shape.units_of(i).map(|u| u as u16))
            .collect();
        Tables {
            n,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            cells,
            full: (1u32 << n) - 1,
            unit_set: units_of
                .iter()
                .map(|us| us.iter().fold(0, |set, &u| set | 1 << u))
                .collect(),
            units_of,
            unit_cells: (0..shape.unit_count())
                .flat_map(|u| shape.unit(u))
                .map(|i| i as u16)
                .collect(),
            per: peers.first().map_or(0, |p| p.len()),
            peers: peers.iter().flatten().map(|&j| j as u16).collect(),
        }
    }

    #[inline(always)]
    pub(super) fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    #[inline(always)]
    pub(super) fn peers(&self, i: usize) -> &[u16] {
        &self.peers[i * self.per..(i + 1) * self.per]
    }
}

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
}

/// Propagation found a blank or a unit with no place left.
pub(super) struct DeadEnd;

/// The blanks whose candidates fell to one or none, to be placed (or
/// found contradictory) next. Empty between propagations.
pub(super) type Queue = Vec<u16>;

impl Node {
    /// The state of `puzzle`'s givens, or `None` when two givens clash.
    pub(super) fn new(puzzle: &Grid, t: &Tables, queue: &mut Queue) -> Option<Node> {
        let mut st = Node {
            cells: vec![0; t.cells],
            cand: vec![t.full; t.cells],
            used: vec![0; 3 * t.n],
            open: t.cells,
            hidden: 0,
            locked: 0,
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
        st.hidden = (1 << (3 * t.n)) - 1;
        st.locked = st.hidden;
        Some(st)
    }

    /// Writes the value of `bit`, a candidate of blank `i`, into `i`; its
    /// peers lose the candidate.
    #[inline(always)]
    pub(super) fn place(&mut self, t: &Tables, i: usize, bit: u32, queue: &mut Queue) {
        self.cells[i] = bit.trailing_zeros() as u8 + 1;
        self.cand[i] = bit;
        for u in t.units_of[i] {
            self.used[usize::from(u)] |= bit;
        }
        let mut touched = t.unit_set[i];
        for &j in t.peers(i) {
            let j = usize::from(j);
            let cand = self.cand[j];
            if cand & bit != 0 {
                let now = cand ^ bit;
                self.cand[j] = now;
                touched |= t.unit_set[j];
                if now & now.wrapping_sub(1) == 0 && self.cells[j] == 0 {
                    queue.push(j as u16);
                }
            }
        }
        self.hidden |= touched;
        self.locked |= touched;
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
            if now & now.wrapping_sub(1) == 0 {
                queue.push(i as u16);
            }
        }
    }

    /// Applies rules 1 to 3 of the module notes until none applies (rule
    /// 3 only with `locked`), adding each placement to `placed` (also
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
                    return Err(DeadEnd);
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
            return Err(DeadEnd);
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
                .ok_or(DeadEnd)?;
            self.place(t, i, bit, queue);
            *placed += 1;
        }
        Ok(())
    }

    /// Rule 3 around unit `u`. For a row (column): a value whose blanks in
    /// it all lie in one box leaves that box's other blanks (claiming).
    /// For a box: a value whose blanks in it all lie in one row (column)
    /// leaves that row's (column's) other blanks (pointing).
    pub(super) fn locked_candidates(&mut self, t: &Tables, u: usize, queue: &mut Queue) {
        let (n, rows, cols) = (t.n, t.box_rows, t.box_cols);
        // The candidates of each segment: the cells the unit shares with
        // one box (a line) or with one line (a box).
        let mut seg = [0u32; MAX_SIZE];
        let used = self.used[u];
        if u < 2 * n {
            // A row meets R boxes in C cells each; a column meets C boxes
            // in R cells each. Part p of the line is its cell(p, 0..len).
            let (is_row, line) = (u < n, u % n);
            let (parts, len) = if is_row { (rows, cols) } else { (cols, rows) };
            let cell = |p: usize, k: usize| {
                if is_row {
                    line * n + p * len + k
                } else {
                    (p * len + k) * n + line
                }
            };
            for (p, s) in seg[..parts].iter_mut().enumerate() {
                *s = (0..len).fold(0, |acc, k| acc | self.cand[cell(p, k)]);
            }
            // The box where the line meets part p, but for the line.
            let box_of_part = |p: usize| {
                let b = if is_row {
                    line / rows * rows + p
                } else {
                    p * rows + line / cols
                };
                t.unit(2 * n + b)
                    .iter()
                    .map(|&i| usize::from(i))
                    .filter(move |&i| if is_row { i / n != line } else { i % n != line })
            };
            self.clear_locked(t, &seg[..parts], used, box_of_part, queue);
        } else {
            let b = u - 2 * n;
            let (top, left) = (b / rows * rows, b % rows * cols);
            // Its R rows (C cells each): each row outside the box.
            for (r, s) in seg[..rows].iter_mut().enumerate() {
                *s = (0..cols).fold(0, |acc, k| acc | self.cand[(top + r) * n + left + k]);
            }
            let row_outside = |r: usize| {
                (0..n)
                    .filter(move |&c| c < left || c >= left + cols)
                    .map(move |c| (top + r) * n + c)
            };
            self.clear_locked(t, &seg[..rows], used, row_outside, queue);
            // Its C columns (R cells each): each column outside the box.
            for (c, s) in seg[..cols].iter_mut().enumerate() {
                *s = (0..rows).fold(0, |acc, k| acc | self.cand[(top + k) * n + left + c]);
            }
            let column_outside = |c: usize| {
                (0..n)
                    .filter(move |&r| r < top || r >= top + rows)
                    .map(move |r| r * n + left + c)
            };
            self.clear_locked(t, &seg[..cols], used, column_outside, queue);
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
    /// with the fewest candidates, or, when fewer, the places of the value
    /// that has the fewest places left in a unit (the first such unit and
    /// smallest such value). Branching on a
    /// blank alone is what let sparse boards explode: a blank may keep six
    /// candidates while some value has two places left in its row.
    pub(super) fn narrowest_branch(&self, t: &Tables, start: usize) -> Branch {
        let mut cell = 0;
        let mut fewest = u32::MAX;
        for i in (start..t.cells).chain(0..start) {
            if self.cells[i] == 0 {
                let count = self.cand[i].count_ones();
                if count < fewest {
                    (cell, fewest) = (i, count);
                    if count <= 2 {
                        break;
                    }
                }
            }
        }
        let mut branch = Branch::Values {
            cell,
            rest: self.cand[cell],
        };
        if fewest <= 2 {
            return branch;
        }
        for u in 0..3 * t.n {
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

    pub(super) fn grid(&self, shape: Shape) -> Grid {
        Grid::new(shape, self.cells.clone()).unwrap_or_else(|_| Grid::empty(shape))
    }
}
