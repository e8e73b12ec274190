//! The geometry of one board's rules as the general engine reads it:
//! the units of each cell, the cells of each unit, each cell's peers, the
//! parts that crossing units split a unit into (for locked candidates),
//! and the killer cages. Built once per shape and variant (see
//! `tables_for` in [`super`]); the search state and its rules are in
//! `propagate.rs`.

use super::cages::Cages;
use crate::board::grid::Grid;
use std::ops::Range;

/// A set of units (3N + 2 ≤ 77 of them), one bit each.
pub(super) type Units = u128;

/// The geometry of one board's rules, as the engine reads it.
pub(super) struct Tables {
    /// N.
    pub(super) n: usize,
    /// N².
    pub(super) cells: usize,
    /// The units: 3N, and 2 more with diagonals.
    pub(super) units: usize,
    /// The candidate bits of every value: `(1 << N) - 1`.
    pub(super) full: u32,
    /// The units of each cell (3 to 5: row, column, box or region,
    /// diagonals).
    pub(super) units_of: Vec<CellUnits>,
    /// The same as a set.
    pub(super) unit_set: Vec<Units>,
    /// The cells of unit `u` are `unit_cells[u * N..(u + 1) * N]`.
    pub(super) unit_cells: Vec<u16>,
    /// The peers of cell `i` are `peers[peer_start[i]..peer_start[i + 1]]`.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// On a board with cages, the same as sets: cell `i`'s peers are the
    /// bits of `peer_sets[i * peer_words..(i + 1) * peer_words]` (bit `j %
    /// 64` of word `j / 64` for cell `j`). Empty on a board without cages.
    peer_sets: Vec<u64>,
    pub(super) peer_words: usize,
    /// Locked candidates: unit `u`'s splits are `splits[split_of[u]]`,
    /// each split its parts, each part its cells inside `u` and the cells
    /// outside `u` of the unit that crosses it (see [`Split`]).
    pub(super) split_of: Vec<Range<u32>>,
    pub(super) splits: Vec<Range<u32>>,
    pub(super) parts: Vec<Part>,
    part_cells: Vec<u16>,
    /// The killer cages, the board's own and the hidden ones.
    pub(super) cages: Cages,
}

/// The units of one cell: `units[..len]`.
#[derive(Clone, Copy)]
pub(super) struct CellUnits {
    units: [u16; 5],
    len: u8,
}

impl CellUnits {
    #[inline(always)]
    pub(super) fn as_slice(&self) -> &[u16] {
        &self.units[..usize::from(self.len)]
    }
}

/// One part of a unit split by the units of one kind crossing it (rows,
/// columns, boxes or regions, a diagonal): the cells the unit shares with
/// one crossing unit, and the cells of that unit outside it, which a
/// value locked into the part leaves. The cells that share no two or more
/// with a crossing unit form one last part with nothing outside.
pub(super) struct Part {
    pub(super) inside: Range<u32>,
    pub(super) outside: Range<u32>,
}

impl Tables {
    /// The tables of `rules`' shape and variant (its cells are not read).
    pub(super) fn new(rules: &Grid) -> Tables {
        let shape = rules.shape();
        let variant = rules.variant();
        let n = shape.size();
        let cells = shape.cell_count();
        let units = variant.unit_count(shape);
        let members: Vec<Vec<usize>> = (0..units).map(|u| variant.unit_cells(shape, u)).collect();
        let units_of: Vec<CellUnits> = (0..cells)
            .map(|i| {
                let mut of = CellUnits {
                    units: [0; 5],
                    len: 0,
                };
                for u in variant.units_of(shape, i) {
                    of.units[usize::from(of.len)] = u as u16;
                    of.len += 1;
                }
                of
            })
            .collect();
        let mut t = Tables {
            n,
            cells,
            units,
            full: (1u32 << n) - 1,
            unit_set: units_of
                .iter()
                .map(|us| us.as_slice().iter().fold(0, |set, &u| set | 1 << u))
                .collect(),
            units_of,
            unit_cells: members.iter().flatten().map(|&i| i as u16).collect(),
            peers: Vec::new(),
            peer_start: vec![0],
            peer_sets: Vec::new(),
            peer_words: cells.div_ceil(64),
            split_of: Vec::new(),
            splits: Vec::new(),
            parts: Vec::new(),
            part_cells: Vec::new(),
            cages: Cages::default(),
        };
        for i in 0..cells {
            let peers = variant.peers(shape, i);
            t.peers.extend(peers.into_iter().map(|j| j as u16));
            t.peer_start.push(t.peers.len() as u32);
        }
        let mut in_unit = vec![false; cells];
        for u in 0..units {
            let first = t.splits.len() as u32;
            for &i in &members[u] {
                in_unit[i] = true;
            }
            for kind in unit_kinds(n, units) {
                if !kind.contains(&u) {
                    t.add_split(&members, &in_unit, u, kind);
                }
            }
            for &i in &members[u] {
                in_unit[i] = false;
            }
            t.split_of.push(first..t.splits.len() as u32);
        }
        t.cages = Cages::new(rules, &members, |i| t.peers(i));
        if t.caged() {
            let mut sets = vec![0; cells * t.peer_words];
            for i in 0..cells {
                for j in t.peers(i).iter().map(|&j| usize::from(j)) {
                    sets[i * t.peer_words + j / 64] |= 1 << (j % 64);
                }
            }
            t.peer_sets = sets;
        }
        t
    }

    /// Splits unit `u` (its cells marked in `in_unit`) by the units `kind`
    /// (the rows, the columns, the boxes or regions, or one diagonal) when
    /// one of them shares two cells or more with it and has cells outside
    /// it; else adds nothing.
    fn add_split(
        &mut self,
        members: &[Vec<usize>],
        in_unit: &[bool],
        u: usize,
        kind: Range<usize>,
    ) {
        // The cells of `u` in each unit of the kind.
        let mut shared: Vec<Vec<usize>> = vec![Vec::new(); kind.len()];
        for &i in &members[u] {
            let crossing = self.units_of[i]
                .as_slice()
                .iter()
                .map(|&b| usize::from(b))
                .find(|b| kind.contains(b));
            if let Some(b) = crossing {
                shared[b - kind.start].push(i);
            }
        }
        let mut in_parts: Vec<usize> = Vec::new();
        let mut parts: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for (b, cells) in kind.clone().zip(shared) {
            let outside: Vec<usize> = members[b]
                .iter()
                .copied()
                .filter(|&i| !in_unit[i])
                .collect();
            if cells.len() >= 2 && !outside.is_empty() {
                in_parts.extend(cells.iter().copied());
                parts.push((cells, outside));
            }
        }
        let rest: Vec<usize> = members[u]
            .iter()
            .copied()
            .filter(|i| !in_parts.contains(i))
            .collect();
        if parts.is_empty() {
            return;
        }
        let first = self.parts.len() as u32;
        let push = |cells: &[usize], t: &mut Vec<u16>| {
            let start = t.len() as u32;
            t.extend(cells.iter().map(|&i| i as u16));
            start..t.len() as u32
        };
        for (shared, outside) in &parts {
            let inside = push(shared, &mut self.part_cells);
            let outside = push(outside, &mut self.part_cells);
            self.parts.push(Part { inside, outside });
        }
        if !rest.is_empty() {
            let inside = push(&rest, &mut self.part_cells);
            let end = inside.end;
            self.parts.push(Part {
                inside,
                outside: end..end,
            });
        }
        self.splits.push(first..self.parts.len() as u32);
    }

    #[inline(always)]
    pub(super) fn unit(&self, u: usize) -> &[u16] {
        &self.unit_cells[u * self.n..(u + 1) * self.n]
    }

    /// True when the board has killer cages.
    pub(super) fn caged(&self) -> bool {
        self.cages.any()
    }

    #[inline(always)]
    pub(super) fn peers(&self, i: usize) -> &[u16] {
        &self.peers[self.peer_start[i] as usize..self.peer_start[i + 1] as usize]
    }

    /// Cell `i`'s peers as a set (on a board with cages: see `peer_sets`).
    #[inline(always)]
    pub(super) fn peer_set(&self, i: usize) -> &[u64] {
        &self.peer_sets[i * self.peer_words..(i + 1) * self.peer_words]
    }

    #[inline(always)]
    pub(super) fn cells_of(&self, range: &Range<u32>) -> &[u16] {
        &self.part_cells[range.start as usize..range.end as usize]
    }
}

/// The kinds of unit, each a range of unit numbers: rows, columns, boxes
/// or regions, and each diagonal on its own (the two do not split a unit
/// into parts together: a cell may lie on neither).
fn unit_kinds(n: usize, units: usize) -> impl Iterator<Item = Range<usize>> {
    (0..3)
        .map(move |k| k * n..(k + 1) * n)
        .chain((3 * n..units).map(|u| u..u + 1))
}
