//! Boards for stress testing, every one inside the statement's promise:
//! drawn at random across the promised space ([`random_board`]), taken
//! from the hard families ([`hard_board`]), changed one step at a time
//! ([`mutate`]), and moved into their isomorphic forms ([`Transform`]).
//!
//! Glossary: the *rules* are an empty board of the problem's shape and
//! variant (diagonals, regions); a board's *class* is
//! [`crate::judge::promise::Class`].

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::board::variant::Variant;
use crate::generate::{self, GenOptions};
use crate::judge::promise::{Class, Promise};
use crate::rng::Rng;
use crate::solve::any;
use std::sync::Arc;

/// Published hard 9×9 puzzles: the puzzle built against a plain
/// row-major backtracker (about 69 million nodes), AI Escargot, Easter
/// Monster and Arto Inkala's 2012 puzzle (one solution each), and
/// Norvig's `hard1` (many solutions: for the rules that allow several).
pub const HARD_NINE: [&str; 5] = [
    "000000000000003085001020000000507000004000100090000000500000073002010000000040009",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ".....6....59.....82....8....45........3........6..3.54...325..6..................",
];

/// An isomorphic change of a board: rows and columns permuted (bands and
/// rows within bands, stacks and columns within stacks), the board
/// transposed, values relabelled. Every rule sees the same board: as many
/// solutions, each the image of one before.
#[derive(Clone, Debug)]
pub struct Transform {
    /// The old row of each new row.
    pub rows: Vec<usize>,
    /// The old column of each new column.
    pub cols: Vec<usize>,
    /// Transposed after the permutations.
    pub transpose: bool,
    /// The new value of each old value (index 0 is the blank, kept).
    pub values: Vec<u8>,
}

impl Transform {
    /// The transform that changes nothing on a board of `shape`.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.size();
        Transform {
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            transpose: false,
            values: (0..=n as u8).collect(),
        }
    }

    /// A random transform that keeps `rules`' variant: on a classic board
    /// any band, stack, row and column permutation, a transpose when the
    /// boxes are square, any relabelling; with diagonals, regions or cages
    /// only the symmetries of the square (reversed rows, reversed columns,
    /// a transpose) and, without cages, a relabelling.
    pub fn random(rng: &mut Rng, rules: &Grid) -> Transform {
        let shape = rules.shape();
        let n = shape.size();
        let variant = rules.variant();
        let mut t = Transform::identity(shape);
        if rules.is_classic() {
            t.rows = block_permutation(rng, n, shape.box_rows());
            t.cols = block_permutation(rng, n, shape.box_cols());
        } else {
            if rng.below(2) == 1 {
                t.rows.reverse();
            }
            if rng.below(2) == 1 {
                t.cols.reverse();
            }
        }
        t.transpose = shape.box_rows() == shape.box_cols() && rng.below(2) == 1;
        if variant.cages().is_empty() {
            rng.shuffle(&mut t.values[1..]);
        }
        t
    }

    /// `grid` moved by this transform, with its regions and cages; `None`
    /// when the variant cannot be rebuilt (never for a transform from
    /// [`Transform::random`]).
    pub fn apply(&self, grid: &Grid) -> Option<Grid> {
        let shape = grid.shape();
        let n = shape.size();
        // The old cell of each new cell.
        let source = |i: usize| {
            let (r, c) = (i / n, i % n);
            let (r, c) = if self.transpose { (c, r) } else { (r, c) };
            self.rows[r] * n + self.cols[c]
        };
        let cells: Vec<u8> = (0..n * n)
            .map(|i| self.values[usize::from(grid.get(source(i)))])
            .collect();
        let variant = grid.variant();
        if variant.is_classic() {
            return Grid::new(shape, cells).ok();
        }
        let moved = moved_variant(variant, shape, &source)?;
        Grid::new(shape, cells).ok()?.with_variant(moved).ok()
    }
}

/// `variant` with its regions and cages carried along: new cell `i` takes
/// what old cell `source(i)` had.
fn moved_variant(
    variant: &Variant,
    shape: Shape,
    source: &dyn Fn(usize) -> usize,
) -> Option<Arc<Variant>> {
    let cells = shape.cell_count();
    let mut moved = Variant::classic().with_diagonals(variant.has_diagonals());
    if let Some(regions) = variant.regions() {
        let text: String = (0..cells)
            .map(|i| (b'a' + regions[source(i)]) as char)
            .collect();
        moved = moved.with_regions(shape, &text).ok()?;
    }
    if !variant.cages().is_empty() {
        let cage_of = variant.cage_of(shape);
        let mut text: String = (0..cells)
            .map(|i| cage_of[source(i)].map_or('.', |k| variant.cages()[k].mark))
            .collect();
        for cage in variant.cages() {
            text.push_str(&format!(" {}={}", cage.mark, cage.sum));
        }
        moved = moved.with_cages(shape, &text).ok()?;
    }
    Some(Arc::new(moved))
}

/// A permutation of `0..n` that keeps blocks of `height`: the blocks
/// permuted, and the lines within each block.
fn block_permutation(rng: &mut Rng, n: usize, height: usize) -> Vec<usize> {
    let mut blocks: Vec<usize> = (0..n / height).collect();
    rng.shuffle(&mut blocks);
    let mut out = Vec::with_capacity(n);
    for b in blocks {
        let mut lines: Vec<usize> = (0..height).map(|k| b * height + k).collect();
        rng.shuffle(&mut lines);
        out.extend(lines);
    }
    out
}

/// `puzzle` relabelled so that the first `n` blanks a search meets in
/// `order` get, in its solution `solution`, values in descending order as
/// far as they go: a search that tries values ascending then meets the
/// most dead ends first (the classic hard case of a row-major
/// backtracker, here for any fixed order). Cages forbid relabelling:
/// the puzzle as it is.
pub fn descending(puzzle: &Grid, solution: &Grid, order: &[usize]) -> Grid {
    if !puzzle.variant().cages().is_empty() {
        return puzzle.clone();
    }
    let n = puzzle.size();
    let mut values = vec![0u8; n + 1];
    let mut next = n as u8;
    for &i in order {
        let v = usize::from(solution.get(i));
        if puzzle.get(i) == 0 && v != 0 && values[v] == 0 {
            values[v] = next;
            next -= 1;
        }
    }
    for value in values.iter_mut().skip(1) {
        if *value == 0 {
            *value = next;
            next = next.saturating_sub(1);
        }
    }
    let cells = puzzle
        .cells()
        .iter()
        .map(|&v| values[usize::from(v)])
        .collect();
    puzzle.with_cells(cells).unwrap_or_else(|_| puzzle.clone())
}

/// The orders fixed-order searches walk a board of `n`×`n` in: rows
/// first, columns first, and both reversed.
pub fn scan_orders(n: usize) -> [Vec<usize>; 4] {
    let rows: Vec<usize> = (0..n * n).collect();
    let cols: Vec<usize> = (0..n * n).map(|k| (k % n) * n + k / n).collect();
    let back_rows = rows.iter().rev().copied().collect();
    let back_cols = cols.iter().rev().copied().collect();
    [rows, cols, back_rows, back_cols]
}

/// A complete grid of `rules`' shape and variant (for killer rules, with
/// freshly drawn cages), or `None` when none was found.
fn filled(rng: &mut Rng, rules: &Grid) -> Option<Grid> {
    if let Some(regions) = rules.variant().regions() {
        // The filler is slow on jigsaws; the solver is not: one region
        // gets the values in random order, the solver does the rest.
        let n = rules.size();
        let region = regions[rng.below(regions.len())];
        let mut values: Vec<u8> = (1..=n as u8).collect();
        rng.shuffle(&mut values);
        let mut start = rules.clone();
        let cells = (0..regions.len()).filter(|&i| regions[i] == region);
        for (i, v) in cells.zip(values) {
            start.set(i, v);
        }
        return any::solve(&start);
    }
    if rules.variant().cages().is_empty() {
        return generate::random_filling(rng, rules);
    }
    let shape = rules.shape();
    let made = generate::generate_killer(rng, &classic_like(rules), 2..=5, &one_try()).ok()?;
    Some(made.solution).filter(|s| s.shape() == shape)
}

/// `rules` without its cages (their layout is drawn anew each time).
fn classic_like(rules: &Grid) -> Grid {
    let v = rules.variant();
    let plain = Variant::classic().with_diagonals(v.has_diagonals());
    let grid = Grid::empty(rules.shape());
    if plain.is_classic() {
        return grid;
    }
    grid.clone().with_variant(Arc::new(plain)).unwrap_or(grid)
}

/// Generator options for one attempt, no target.
fn one_try() -> GenOptions {
    GenOptions {
        attempts: 20,
        ..GenOptions::default()
    }
}

/// A board of one of the promised classes (drawn among them), `blanks`
/// blanks or as near as the class allows, on `rules`' shape and variant;
/// `None` when this draw missed (the caller draws again). The board is
/// checked against the whole promise.
pub fn random_board(rng: &mut Rng, rules: &Grid, promise: &Promise, blanks: usize) -> Option<Grid> {
    let class = promise.classes[rng.below(promise.classes.len())];
    let solution = filled(rng, rules)?;
    let cells = solution.cells().len();
    let blanks = blanks.min(cells);
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let board = match class {
        Class::One => one_solution(rng, &solution, blanks, promise)?,
        Class::Several => {
            // Blanks, then a twentieth more at a time until two solutions.
            let mut board = solution.clone();
            let step = (cells / 20).max(1);
            let mut next = blanks.max(1);
            for (k, &i) in order.iter().enumerate() {
                board.set(i, 0);
                if k + 1 == next || k + 1 == cells {
                    if any::count_within(&board, 2, count_budget(&board)) == Some(2) {
                        break;
                    }
                    next += step;
                }
            }
            board
        }
        Class::NoSolution | Class::Clash => {
            let mut board = solution.clone();
            for &i in &order[..blanks.min(cells - 1)] {
                board.set(i, 0);
            }
            spoil(rng, &mut board, class == Class::Clash)?;
            board
        }
    };
    promise.refuses(&board).is_none().then_some(board)
}

/// A board with exactly one solution, `solution`, and about `blanks`
/// blanks: when that many blanks drawn at random keep it unique, those;
/// else a minimal puzzle carved from `solution` with givens added back
/// until `blanks` are left. Under a `solved_by` promise, fewer blanks
/// until the logic finishes it.
fn one_solution(rng: &mut Rng, solution: &Grid, blanks: usize, promise: &Promise) -> Option<Grid> {
    let cells = solution.cells().len();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    let mut board = solution.clone();
    for &i in &order[..blanks] {
        board.set(i, 0);
    }
    // Above 9×9 a count on random blanks is costly: carve at once.
    let small = solution.size() <= 9 || blanks * 3 < cells;
    if !small || any::count_within(&board, 2, count_budget(&board)) != Some(1) {
        let counter_rules = solution.with_cells(vec![0; cells]).ok()?;
        let carved = generate::generate_for(rng, &counter_rules, &one_try()).ok()?;
        board = carved.puzzle;
        let solved = carved.solution;
        let mut blank_cells: Vec<usize> = (0..cells).filter(|&i| board.get(i) == 0).collect();
        rng.shuffle(&mut blank_cells);
        while board.blanks() > blanks {
            let i = blank_cells.pop()?;
            board.set(i, solved.get(i));
        }
    }
    if let Some(logic) = promise.solved_by {
        let solved = any::solve(&board)?;
        let mut refill: Vec<usize> = (0..cells).filter(|&i| board.get(i) == 0).collect();
        rng.shuffle(&mut refill);
        while !logic.finishes(&board) {
            let i = refill.pop()?;
            board.set(i, solved.get(i));
        }
    }
    Some(board)
}

/// The placements a count on `board` may make while drawing: a search
/// past it leaves the draw (a 9×9 board is always counted in full by the
/// 9×9 engine; a placement on a larger board costs far more).
fn count_budget(board: &Grid) -> u64 {
    if board.size() <= 9 {
        200_000
    } else {
        20_000
    }
}

/// Makes `board` unsolvable: with `clash`, a given repeated in a unit; else
/// a value changed so that no completion is left and nothing clashes.
/// `None` when no such change was found in a few tries.
fn spoil(rng: &mut Rng, board: &mut Grid, clash: bool) -> Option<()> {
    let shape = board.shape();
    let n = shape.size();
    let cells = board.cells().len();
    let tries = if n <= 9 { 200 } else { 20 };
    for _ in 0..tries {
        let i = rng.below(cells);
        let peers = board.variant().peers(shape, i);
        if clash {
            let given: Vec<usize> = peers
                .iter()
                .copied()
                .filter(|&p| board.get(p) != 0)
                .collect();
            if given.is_empty() {
                continue;
            }
            board.set(i, board.get(given[rng.below(given.len())]));
            return Some(());
        }
        let old = board.get(i);
        let v = 1 + rng.below(n) as u8;
        if v == old || peers.iter().any(|&p| board.get(p) == v) {
            continue;
        }
        board.set(i, v);
        let budget = count_budget(board);
        if board.first_break().is_none() && any::count_within(board, 1, budget) == Some(0) {
            return Some(());
        }
        board.set(i, old);
    }
    None
}

/// A hard board of family `k` (cycling) on `rules`, inside the promise,
/// or `None` when family `k` has no board for it. The families: the
/// published hard puzzles ([`HARD_NINE`], 9×9 classic only), the
/// folder's own boards (`seeds`), and fresh minimal puzzles; each moved
/// to a random isomorphic form half the time, then relabelled so that one
/// fixed scan order (rows, columns, either reversed, in turn) meets
/// descending values.
pub fn hard_board(
    rng: &mut Rng,
    rules: &Grid,
    promise: &Promise,
    seeds: &[Grid],
    k: usize,
) -> Option<Grid> {
    let shape = rules.shape();
    let base = match k % 3 {
        0 if rules.is_classic() && shape == Shape::CLASSIC => {
            let line = HARD_NINE[(k / 3) % HARD_NINE.len()];
            Grid::from_board(&crate::Board::from_line(line).ok()?)
        }
        1 => {
            let fit: Vec<&Grid> = seeds.iter().filter(|s| s.shape() == shape).collect();
            let seed = *fit.get((k / 3) % fit.len().max(1))?;
            // A seed read without the folder's variant (`x = yes`) gets it;
            // one whose format carries its own (walls, killer) keeps it.
            match seed.is_classic() {
                true => rules.with_cells(seed.cells().to_vec()).ok()?,
                false => seed.clone(),
            }
        }
        _ => {
            let solution = filled(rng, rules)?;
            let empty = solution.with_cells(vec![0; solution.cells().len()]).ok()?;
            generate::generate_for(rng, &empty, &one_try()).ok()?.puzzle
        }
    };
    // Moved first (rows, columns, bands, a transpose; values kept), then
    // relabelled for one scan order: rows, columns, or either reversed.
    let base = if rng.below(2) == 0 {
        base
    } else {
        let mut t = Transform::random(rng, &base);
        t.values = Transform::identity(shape).values;
        t.apply(&base)?
    };
    let solution = any::solve(&base)?;
    let orders = scan_orders(shape.size());
    let board = descending(&base, &solution, &orders[(k / 3) % 4]);
    promise.refuses(&board).is_none().then_some(board)
}

/// One random step from `board` inside the promise: an isomorphic
/// transform (rows, columns, bands moved and values relabelled at random,
/// or values relabelled descending along one scan order), two values
/// swapped, a given taken away, or a blank given its value in a solution;
/// `None` when the step drawn leaves the promise.
pub fn mutate(rng: &mut Rng, board: &Grid, promise: &Promise) -> Option<Grid> {
    let cells = board.cells().len();
    let next = match rng.below(5) {
        0 => Transform::random(rng, board).apply(board)?,
        4 => {
            // The relabelling a fixed scan order likes least, for one of
            // the four orders (an isomorphic transform too).
            let solution = any::solve(board)?;
            let orders = scan_orders(board.size());
            descending(board, &solution, &orders[rng.below(4)])
        }
        1 => {
            let mut t = Transform::identity(board.shape());
            if !board.variant().cages().is_empty() {
                return None;
            }
            let n = board.size();
            let a = 1 + rng.below(n);
            let b = 1 + (a + rng.below(n - 1)) % n;
            t.values.swap(a, b);
            t.apply(board)?
        }
        2 => {
            let givens: Vec<usize> = (0..cells).filter(|&i| board.get(i) != 0).collect();
            let mut next = board.clone();
            next.set(*givens.get(rng.below(givens.len().max(1)))?, 0);
            next
        }
        _ => {
            let solution = any::solve(board)?;
            let blanks: Vec<usize> = (0..cells).filter(|&i| board.get(i) == 0).collect();
            let i = *blanks.get(rng.below(blanks.len().max(1)))?;
            let mut next = board.clone();
            next.set(i, solution.get(i));
            next
        }
    };
    promise.refuses(&next).is_none().then_some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::problem::parse_conf;
    use crate::judge::promise::classify;

    fn rules(shape: Shape) -> Grid {
        Grid::empty(shape)
    }

    #[test]
    fn the_published_hard_puzzles_read_and_solve() {
        for line in HARD_NINE {
            let grid = Grid::from_board(&crate::Board::from_line(line).unwrap());
            assert_eq!(any::count_solutions(&grid, 1), 1, "{}", line);
        }
    }

    #[test]
    fn random_boards_keep_every_promise() {
        let confs = [
            "answers = unique\n",
            "answers = any\n",
            "answers = unique\nno_solution = x\nsolutions = one none\nblanks = 5\n",
            "answers = classify\nillegal = x\nno_solution = y\nmany_solutions = z\n\
             one_solution = w\n",
            "answers = unique\nsolved_by = last_digit\n",
            "answers = unique\nsizes = 4 6\ncases = count\n",
            "answers = any\nx = yes\n",
        ];
        for text in confs {
            let promise = parse_conf(text).unwrap().promise();
            let conf = parse_conf(text).unwrap();
            let mut rng = Rng::new(5);
            let mut seen = Vec::new();
            for k in 0..40 {
                let shape = promise.shapes[k % promise.shapes.len()];
                let mut r = rules(shape);
                if let Some(v) = &conf.variant {
                    r = r.with_variant(v.clone()).unwrap();
                }
                let (lo, hi) = promise.blanks.unwrap_or((0, shape.cell_count()));
                let blanks = lo + rng.below(hi - lo + 1);
                if let Some(board) = random_board(&mut rng, &r, &promise, blanks) {
                    assert_eq!(promise.refuses(&board), None, "{}", text);
                    seen.push(classify(&board).unwrap());
                }
            }
            assert!(seen.len() >= 10, "{}: only {} boards", text, seen.len());
            for class in &promise.classes {
                assert!(seen.contains(class), "{}: no {:?}", text, class);
            }
        }
    }

    #[test]
    fn transforms_keep_the_class_and_carry_regions_and_cages() {
        let mut rng = Rng::new(9);
        let line = HARD_NINE[0];
        let puzzle = Grid::from_board(&crate::Board::from_line(line).unwrap());
        for _ in 0..20 {
            let t = Transform::random(&mut rng, &puzzle);
            let moved = t.apply(&puzzle).unwrap();
            assert_eq!(moved.givens(), puzzle.givens());
            assert_eq!(classify(&moved), Some(Class::One));
        }
        let killer =
            generate::generate_killer(&mut rng, &Grid::empty(Shape::CLASSIC), 2..=4, &one_try())
                .unwrap();
        let t = Transform::random(&mut rng, &killer.puzzle);
        let moved = t.apply(&killer.puzzle).unwrap();
        assert_eq!(
            moved.variant().cages().len(),
            killer.puzzle.variant().cages().len()
        );
        assert_eq!(classify(&moved), Some(Class::One));
        assert!(t.apply(&killer.solution).unwrap().solves(&moved));
    }

    #[test]
    fn descending_relabelling_makes_a_row_major_search_work_harder() {
        use crate::study::patterns::{run, Pattern};
        let mut rng = Rng::new(2);
        let made = generate::generate(&mut rng, Shape::CLASSIC, &GenOptions::default()).unwrap();
        let orders = scan_orders(9);
        let hard = descending(&made.puzzle, &made.solution, &orders[0]);
        let nodes = |g: &Grid| run(Pattern::Bitmask, g, None).stats.placements;
        assert!(
            nodes(&hard) >= nodes(&made.puzzle),
            "descending is no easier"
        );
        assert_eq!(classify(&hard), Some(Class::One));
        // Columns first: the transpose of a rows-first hard board.
        let t = Transform {
            transpose: true,
            ..Transform::identity(Shape::CLASSIC)
        };
        let by_cols = descending(&made.puzzle, &made.solution, &orders[1]);
        assert_eq!(
            nodes(&t.apply(&by_cols).unwrap()),
            nodes(&descending(
                &t.apply(&made.puzzle).unwrap(),
                &t.apply(&made.solution).unwrap(),
                &orders[0]
            ))
        );
    }

    #[test]
    fn mutations_stay_inside_the_promise() {
        let promise = parse_conf("answers = unique\n").unwrap().promise();
        let mut rng = Rng::new(4);
        let mut board = Grid::from_board(&crate::Board::from_line(HARD_NINE[0]).unwrap());
        let mut kept = 0;
        for _ in 0..100 {
            if let Some(next) = mutate(&mut rng, &board, &promise) {
                assert_eq!(classify(&next), Some(Class::One));
                board = next;
                kept += 1;
            }
        }
        assert!(kept > 20);
    }
}
