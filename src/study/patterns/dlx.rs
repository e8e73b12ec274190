//! Dancing links: Knuth's Algorithm X on Sudoku's exact-cover matrix, for
//! boards of any shape.
//!
//! # The matrix
//! A *row* of the matrix is one way to fill a blank: value `v` in cell
//! `i`. A *column* is one constraint that exactly one chosen row must
//! meet, four kinds for an N×N board (4N² columns in all):
//! - cell `i` holds a value;
//! - row `r` holds value `v`;
//! - column `c` holds value `v`;
//! - box `b` holds value `v`.
//!
//! A variant board changes the units, not the method: a jigsaw's regions
//! take the place of the boxes, and an X board adds the two diagonals
//! (2N columns more, one per diagonal and value). Killer cages are not an
//! exact cover (a cage's sum is no constraint of the matrix), so dancing
//! links does not play them ([`plays`]).
//!
//! Row (i, v) has a 1 in the four columns it meets (five or six on a
//! diagonal). The givens are applied
//! before the search: the constraints they meet are left out, and so are
//! the rows that would clash with them. Solving is choosing rows that
//! cover every remaining column exactly once.
//!
//! # The links
//! Every 1 of the matrix is a node, linked left–right to the other nodes
//! of its row (in a ring) and up–down to the other nodes of its column (a
//! ring through the column's header); the headers form a ring through a
//! root. *Covering* a column unlinks its header, and every row with a 1 in
//! it from the other columns; *uncovering* relinks them in exactly the
//! reverse order, so the links dance back into place.
//!
//! # Algorithm X
//! Take the column with the fewest rows (Knuth's heuristic: a cell with
//! few candidates or a value with few places in a unit, whichever is
//! fewer; a column with none is a dead end). Cover it. For each of its rows
//! in turn: choose the row, cover the row's other columns, search the
//! rest, then uncover them again. A search that finds no column left has a
//! solution.
//!
//! # Counting like the study's other patterns
//! Choosing a row writes a value into a blank: one *node* (a placement).
//! Unchoosing it after the search below failed (or to look for another
//! solution) erases the value: one *backtrack*. A search stops at its last
//! wanted solution without erasing it, so a solved puzzle has
//! `placements − backtracks = blanks`, as in [`crate::study::patterns`]. A row
//! chosen while its column still has other rows to try is a *guess*; a
//! column with one row is a forced move, the exact-cover form of a naked
//! single (cell column) or a hidden single (unit column).

use super::Move;
use crate::board::grid::Grid;
use crate::solve::found::Found;

/// True when dancing links plays the rules of `puzzle`: every board but
/// one with killer cages (see the module header).
pub fn plays(puzzle: &Grid) -> bool {
    puzzle.variant().cages().is_empty()
}

/// Some solution of `puzzle`, or `None` when it has none (including when
/// its givens clash).
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    run(puzzle, 1, None).first
}

/// The solutions of `puzzle`, counted up to `limit`.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    run(puzzle, limit, None).count
}

/// Searches `puzzle` until `limit` solutions are found, the search is
/// over, or `node_limit` placements were made (`None`: no limit; with
/// `Some(n)` the placements never exceed `n`).
///
/// Cost: building the matrix is O(N³); each node picks its column by
/// scanning the remaining headers, O(N²).
pub fn run(puzzle: &Grid, limit: usize, node_limit: Option<u64>) -> Found<Grid> {
    run_watched(puzzle, limit, node_limit, |_| true)
}

/// [`run`], calling `watch` after every placement and every undo, with
/// the study's steps ([`Move`]: the cell, the value, the depth); when
/// `watch` returns `false` the search stops at once. A board it does not
/// play ([`plays`]) gets no search and no answer.
pub fn run_watched<W: FnMut(Move) -> bool>(
    puzzle: &Grid,
    limit: usize,
    node_limit: Option<u64>,
    watch: W,
) -> Found<Grid> {
    let mut run = Found::nothing();
    if limit == 0 || puzzle.first_clash().is_some() || !plays(puzzle) {
        return run;
    }
    let mut links = Links::new(puzzle);
    let mut x = Search {
        links: &mut links,
        puzzle,
        cells: puzzle.cells().to_vec(),
        limit,
        node_limit: node_limit.unwrap_or(u64::MAX),
        watch,
        run: &mut run,
    };
    x.search(0);
    run
}

// ---------------------------------------------------------------------------
// The links
// ---------------------------------------------------------------------------

/// The matrix as arrays of links. Index 0 is the root; `1..=columns` are
/// the column headers; the row nodes follow, one per column the row meets (four, or more on a diagonal).
struct Links {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The column header of each node.
    column: Vec<u32>,
    /// The rows of each column still linked (headers only).
    size: Vec<u32>,
    /// The (cell, value) of each row node.
    choice: Vec<(u16, u8)>,
}

impl Links {
    /// The matrix of `puzzle`'s blanks, without the constraints its givens
    /// meet and without the rows that clash with them.
    fn new(puzzle: &Grid) -> Links {
        let shape = puzzle.shape();
        let rules = puzzle.variant();
        let n = shape.size();
        let cells = shape.cell_count();
        // used[unit * (n + 1) + v]: value v is given in unit (0..3N, or
        // 3N + 2 with the diagonals).
        let unit_count = rules.unit_count(shape);
        let mut used = vec![false; unit_count * (n + 1)];
        for i in 0..cells {
            let v = usize::from(puzzle.get(i));
            if v != 0 {
                for u in rules.units_of(shape, i) {
                    used[u * (n + 1) + v] = true;
                }
            }
        }
        // Constraint k: cell i (k = i), or unit u holds v (k = N² + u·N + v − 1).
        let constraint_of_unit = |u: usize, v: usize| cells + u * n + v - 1;
        let total = cells + unit_count * n;
        let mut header = vec![0u32; total]; // 1-based header index, 0 = left out
        let mut links = Links {
            left: vec![0],
            right: vec![0],
            up: vec![0],
            down: vec![0],
            column: vec![0],
            size: vec![0],
            choice: vec![(0, 0)],
        };
        let open = |k: usize| {
            if k < cells {
                puzzle.get(k) == 0
            } else {
                let (u, v) = ((k - cells) / n, (k - cells) % n + 1);
                !used[u * (n + 1) + v]
            }
        };
        for (k, slot) in header.iter_mut().enumerate() {
            if open(k) {
                let h = links.add_node(0, (0, 0));
                *slot = h;
                links.insert_header(h);
            }
        }
        for i in (0..cells).filter(|&i| puzzle.get(i) == 0) {
            let units: Vec<usize> = rules.units_of(shape, i).collect();
            for v in 1..=n {
                if units.iter().any(|&u| used[u * (n + 1) + v]) {
                    continue;
                }
                let cols: Vec<u32> = std::iter::once(header[i])
                    .chain(units.iter().map(|&u| header[constraint_of_unit(u, v)]))
                    .collect();
                let first = links.left.len() as u32;
                for (k, &h) in cols.iter().enumerate() {
                    let node = links.add_node(h, (i as u16, v as u8));
                    // Into the row's ring (after the previous node) ...
                    let prev = if k == 0 { node } else { node - 1 };
                    links.left[node as usize] = prev;
                    links.right[node as usize] = first;
                    links.right[prev as usize] = node;
                    links.left[first as usize] = node;
                    // ... and at the bottom of its column.
                    let hu = h as usize;
                    let last = links.up[hu];
                    links.up[node as usize] = last;
                    links.down[node as usize] = h;
                    links.down[last as usize] = node;
                    links.up[hu] = node;
                    links.size[hu] += 1;
                }
            }
        }
        links
    }

    /// A new node in column `h` (0 for a header), linked to itself.
    fn add_node(&mut self, h: u32, choice: (u16, u8)) -> u32 {
        let x = self.left.len() as u32;
        self.left.push(x);
        self.right.push(x);
        self.up.push(x);
        self.down.push(x);
        self.column.push(if h == 0 { x } else { h });
        self.size.push(0);
        self.choice.push(choice);
        x
    }

    /// Links header `h` at the end of the root's ring.
    fn insert_header(&mut self, h: u32) {
        let last = self.left[0];
        self.left[h as usize] = last;
        self.right[h as usize] = 0;
        self.right[last as usize] = h;
        self.left[0] = h;
    }

    /// Unlinks column `c` and every row through it from the other columns.
    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c];
        while i as usize != c {
            let mut j = self.right[i as usize];
            while j != i {
                let ju = j as usize;
                let (u, d) = (self.up[ju], self.down[ju]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.column[ju] as usize] -= 1;
                j = self.right[ju];
            }
            i = self.down[i as usize];
        }
    }

    /// Undoes [`Links::cover`] of column `c`, in reverse order.
    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c];
        while i as usize != c {
            let mut j = self.left[i as usize];
            while j != i {
                let ju = j as usize;
                self.size[self.column[ju] as usize] += 1;
                let (u, d) = (self.up[ju], self.down[ju]);
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                j = self.left[ju];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    /// The linked column with the fewest rows (the first of those), or
    /// `None` when every column is covered.
    fn smallest_column(&self) -> Option<u32> {
        let mut best = None;
        let mut fewest = u32::MAX;
        let mut c = self.right[0];
        while c != 0 {
            let s = self.size[c as usize];
            if s < fewest {
                best = Some(c);
                fewest = s;
                if s <= 1 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }
}

// ---------------------------------------------------------------------------
// The search
// ---------------------------------------------------------------------------

struct Search<'a, W> {
    links: &'a mut Links,
    puzzle: &'a Grid,
    /// The puzzle with the chosen rows written in.
    cells: Vec<u8>,
    limit: usize,
    node_limit: u64,
    watch: W,
    run: &'a mut Found<Grid>,
}

impl<W: FnMut(Move) -> bool> Search<'_, W> {
    /// Algorithm X below `depth` chosen rows. True when the search is over
    /// (enough solutions, or stopped); the links are then left as they are.
    fn search(&mut self, depth: usize) -> bool {
        let c = match self.links.smallest_column() {
            None => return self.found(),
            Some(c) => c,
        };
        let mut rows = self.links.size[c as usize];
        if rows == 0 {
            return false;
        }
        self.links.cover(c);
        let mut r = self.links.down[c as usize];
        while r != c {
            let (cell, value) = self.links.choice[r as usize];
            let cell = usize::from(cell);
            if self.run.stats.placements == self.node_limit {
                self.run.stopped = true;
                return true;
            }
            rows -= 1;
            self.run.stats.placements += 1;
            if rows > 0 {
                self.run.stats.guesses += 1;
            }
            self.cells[cell] = value;
            if !(self.watch)(Move::Place {
                cell,
                value,
                depth: depth + 1,
            }) {
                self.run.stopped = true;
                return true;
            }
            let mut j = self.links.right[r as usize];
            while j != r {
                self.links.cover(self.links.column[j as usize]);
                j = self.links.right[j as usize];
            }
            if self.search(depth + 1) {
                return true;
            }
            let mut j = self.links.left[r as usize];
            while j != r {
                self.links.uncover(self.links.column[j as usize]);
                j = self.links.left[j as usize];
            }
            self.cells[cell] = 0;
            self.run.stats.backtracks += 1;
            if !(self.watch)(Move::Undo { cell, depth }) {
                self.run.stopped = true;
                return true;
            }
            r = self.links.down[r as usize];
        }
        self.links.uncover(c);
        false
    }

    /// Every column is covered: a solution. True when it is the last
    /// wanted.
    fn found(&mut self) -> bool {
        if self.run.count == 0 {
            let solution = self
                .puzzle
                .with_cells(self.cells.clone())
                .unwrap_or_else(|_| self.puzzle.clone());
            debug_assert!(solution.solves(self.puzzle), "dlx bug");
            self.run.first = Some(solution);
        }
        self.run.count += 1;
        self.run.count >= self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::grid::{line, random_puzzle};
    use crate::board::shape::boxes;
    use crate::rng::Rng;
    use crate::solve::any;

    #[test]
    fn counts_agree_with_the_engine_on_seeded_puzzles() {
        let mut rng = Rng::new(3076);
        for (r, c, puzzles) in [
            (2, 2, 200),
            (2, 3, 200),
            (3, 2, 200),
            (2, 4, 150),
            (3, 3, 100),
            (3, 4, 60),
            (4, 4, 30),
        ] {
            let s = boxes(r, c);
            let mut seen = [0usize; 4];
            for _ in 0..puzzles {
                let puzzle = random_puzzle(&mut rng, s);
                let count = any::count_solutions(&puzzle, 3);
                seen[count] += 1;
                let shown = || format!("{} {}", s, line(&puzzle));
                assert_eq!(count_solutions(&puzzle, 3), count, "{}", shown());
                let found = run(&puzzle, 1, None);
                let stats = found.stats;
                match found.first {
                    Some(g) => {
                        assert!(g.solves(&puzzle) && count > 0, "{}", shown());
                        let blanks = puzzle.blanks() as u64;
                        assert_eq!(stats.placements - stats.backtracks, blanks, "{}", shown());
                    }
                    None => {
                        assert_eq!(count, 0, "{}", shown());
                        assert_eq!(stats.placements, stats.backtracks, "{}", shown());
                    }
                }
            }
            assert!(
                seen[0] > 0 && seen[1] > 0 && seen[2] + seen[3] > 0,
                "{}: {:?}",
                s,
                seen
            );
        }
    }

    #[test]
    fn empty_4x4_has_288_solutions_and_latin_squares_count_right() {
        assert_eq!(count_solutions(&Grid::empty(boxes(2, 2)), 1000), 288);
        // Latin squares of order 3 and 4 (boxes that are rows).
        assert_eq!(count_solutions(&Grid::empty(boxes(1, 3)), 1000), 12);
        assert_eq!(count_solutions(&Grid::empty(boxes(1, 4)), 1000), 576);
        assert_eq!(count_solutions(&Grid::empty(boxes(1, 1)), 5), 1);
    }

    #[test]
    fn node_limit_and_watcher_stop_the_search() {
        let empty = Grid::empty(boxes(3, 3));
        let r = run(&empty, 1, Some(10));
        assert!(r.stopped && r.first.is_none());
        assert_eq!(r.stats.placements, 10);
        let mut steps = Vec::new();
        let r = run_watched(&empty, 1, None, |s| {
            steps.push(s);
            steps.len() < 5
        });
        assert!(r.stopped);
        assert_eq!(steps.len(), 5);
        assert_eq!(
            steps[0],
            Move::Place {
                cell: 0,
                value: 1,
                depth: 1
            }
        );
    }

    #[test]
    fn clashing_givens_have_no_solution_without_search() {
        let s = boxes(2, 2);
        let mut g = Grid::empty(s);
        g.set(0, 1);
        g.set(5, 1); // same box
        let r = run(&g, 2, None);
        assert_eq!(r, Found::nothing());
    }

    #[test]
    fn a_solved_search_keeps_one_value_per_blank_and_a_full_grid_needs_none() {
        let mut rng = Rng::new(5);
        let full = crate::board::grid::shuffled_grid(&mut rng, boxes(4, 4));
        let found = run(&full, 1, None);
        assert_eq!((found.count, found.first), (1, Some(full.clone())));
        assert_eq!(found.stats, Default::default());
        let empty = Grid::empty(boxes(2, 3));
        let found = run(&empty, 1, None);
        assert!(found.first.unwrap().solves(&empty));
        assert_eq!(found.stats.placements - found.stats.backtracks, 36);
    }
}

/// Benchmarks (ignored tests: `cargo test --release --lib bench_ --
/// --ignored --nocapture --test-threads 1`).
#[cfg(test)]
mod bench {
    use super::*;
    use crate::solve::any;
    use crate::solve::any::bench::{hard_boards, measure};

    /// Dancing links beside the general engine on the benchmark boards:
    /// the study's units (placements, backtracks) and time. Above 16×16 it
    /// runs under a limit of 20 million placements: on an earlier 25×25
    /// benchmark board it needed 254 million (minutes), against 49,000 for
    /// the engine.
    #[test]
    #[ignore]
    fn bench_dlx_against_the_engine() {
        for (name, puzzle) in hard_boards() {
            let limit = if puzzle.size() > 16 {
                Some(20_000_000)
            } else {
                None
            };
            let r = run(&puzzle, 1, limit);
            let engine = any::solve_counted(&puzzle).stats;
            println!("{}: engine {:?}", name, engine);
            if r.stopped {
                println!("  dlx stopped at {:?}", r.stats);
                continue;
            }
            assert!(r.first.unwrap().solves(&puzzle));
            println!("  dlx {:?}", r.stats);
            println!("  dlx solve:    {}", measure(3, |_| solve(&puzzle)));
            println!("  engine solve: {}", measure(3, |_| any::solve(&puzzle)));
        }
    }
}
