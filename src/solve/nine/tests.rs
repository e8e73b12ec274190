//! The engine's tests: known answers, contracts, the counted search, and
//! seeded random puzzles against plain reference searches, on every path
//! the processor runs.

use super::search::{run, LanePath, Order};
use super::*;
use crate::rng::Rng;

fn board(line: &str) -> Board {
    assert_eq!(line.len(), 81, "test board must have 81 cells");
    let mut cells = [0u8; 81];
    for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
        *cell = if ch == b'.' { 0 } else { ch - b'0' };
    }
    Board(cells)
}

pub(super) fn line(b: &Board) -> String {
    b.0.iter().map(|&v| char::from(b'0' + v)).collect()
}

/// The smallest grid: the all-blank board's smallest completion.
const SMALLEST_GRID: &str =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

// ------------------------------------------------------------------
// The reference: a tiny naive backtracker (fewest candidates first,
// candidates recomputed from scratch at every node), and the smallest
// solution taken literally from its definition.

/// `(min(count, limit), first solution found)`.
fn reference(puzzle: &Board, limit: usize) -> (usize, Option<Board>) {
    reference_within(puzzle, limit, usize::MAX).expect("no budget")
}

/// [`reference`], giving up (`Err`) after `budget` nodes: some sparse
/// puzzles without a solution defeat it.
fn reference_within(
    puzzle: &Board,
    limit: usize,
    budget: usize,
) -> Result<(usize, Option<Board>), ()> {
    if puzzle.0.iter().any(|&v| v > 9) || puzzle.first_clash().is_some() {
        return Ok((0, None));
    }
    let mut search = Reference {
        cells: puzzle.0,
        limit,
        budget,
        count: 0,
        first: None,
    };
    search.run()?;
    Ok((search.count, search.first))
}

/// The state of [`reference_within`].
struct Reference {
    cells: [u8; 81],
    limit: usize,
    budget: usize,
    count: usize,
    first: Option<Board>,
}

impl Reference {
    fn run(&mut self) -> Result<(), ()> {
        self.budget = self.budget.checked_sub(1).ok_or(())?;
        let cells = &self.cells;
        let mut used = [0u16; 27]; // rows, columns, boxes: digits present, bit d - 1
        for (i, &v) in cells.iter().enumerate().filter(|&(_, &v)| v != 0) {
            for u in [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3] {
                used[u] |= 1 << (v - 1);
            }
        }
        let mut best: Option<(usize, u16)> = None;
        for i in (0..81).filter(|&i| cells[i] == 0) {
            let free = 0x1ff & !(used[i / 9] | used[9 + i % 9] | used[18 + i / 27 * 3 + i % 9 / 3]);
            if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
                best = Some((i, free));
            }
        }
        match best {
            None => {
                self.count += 1;
                self.first.get_or_insert(Board(self.cells));
            }
            Some((i, free)) => {
                for d in (1..=9).filter(|d| free & (1 << (d - 1)) != 0) {
                    self.cells[i] = d;
                    self.run()?;
                    self.cells[i] = 0;
                    if self.count >= self.limit {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    }
}

/// The smallest solution: a depth-first search over the blanks in
/// row-major order, digits ascending, pruning only when some blank has
/// no candidate left; its first solution is the smallest. Gives up
/// (`Err`) after `budget` nodes: near-empty boards can defeat it.
fn reference_smallest(puzzle: &Board, budget: usize) -> Result<Option<Board>, ()> {
    if reference_within(puzzle, 1, budget)?.0 == 0 {
        return Ok(None);
    }
    let mut dfs = Dfs {
        cells: puzzle.0,
        used: [0; 27],
        budget,
    };
    for i in 0..81 {
        let d = dfs.cells[i];
        if d != 0 {
            dfs.flip(i, d);
        }
    }
    Ok(dfs.run(0)?.then_some(Board(dfs.cells)))
}

struct Dfs {
    cells: [u8; 81],
    used: [u16; 27], // rows, columns, boxes: digits present, bit d - 1
    budget: usize,
}

impl Dfs {
    fn units(i: usize) -> [usize; 3] {
        [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
    }

    fn free(&self, i: usize) -> u16 {
        let [r, c, b] = Dfs::units(i);
        0x1ff & !(self.used[r] | self.used[c] | self.used[b])
    }

    fn flip(&mut self, i: usize, d: u8) {
        for u in Dfs::units(i) {
            self.used[u] ^= 1 << (d - 1);
        }
    }

    /// True when the blanks from `i` on can be filled; `Err` when the
    /// budget ran out.
    fn run(&mut self, i: usize) -> Result<bool, ()> {
        if i == 81 {
            return Ok(true);
        }
        if self.cells[i] != 0 {
            return self.run(i + 1);
        }
        let free = self.free(i);
        for d in (1..=9).filter(|d| free & (1 << (d - 1)) != 0) {
            self.budget = self.budget.checked_sub(1).ok_or(())?;
            self.cells[i] = d;
            self.flip(i, d);
            let alive = (i + 1..81).all(|j| self.cells[j] != 0 || self.free(j) != 0);
            if alive && self.run(i + 1)? {
                return Ok(true);
            }
            self.flip(i, d);
            self.cells[i] = 0;
        }
        Ok(false)
    }
}

/// A seeded random puzzle: a random grid from the kit's generator with
/// `blanks` cells blanked, then, one time in four, one cell set to a
/// random value (0 to 9), which may leave it without a solution.
pub(super) fn random_puzzle(rng: &mut Rng, blanks: usize) -> Board {
    let mut puzzle = crate::generate::random_grid(rng, crate::Shape::CLASSIC)
        .and_then(|grid| grid.to_board())
        .expect("a full 9x9 grid");
    assert_eq!(puzzle.first_clash(), None);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    for &i in &cells[..blanks] {
        puzzle.0[i] = 0;
    }
    if rng.below(4) == 0 {
        let i = rng.below(81);
        puzzle.0[i] = rng.below(10) as u8;
    }
    puzzle
}

/// The lane paths this processor runs: the portable one always, the AVX,
/// AVX2 and AVX-512 ones where the processor has them.
fn paths() -> Vec<LanePath> {
    LanePath::ALL
        .into_iter()
        .filter(|p| p.available())
        .collect()
}

/// On `path`: (count up to `limit`, the first solution, the counted
/// search's stats to the first solution). The search that does not count
/// may run the rules in another order (`ShrinkAt`): it must find the same
/// first solution.
fn on_path(path: LanePath, puzzle: &Board, limit: usize) -> (usize, Option<Board>, SearchStats) {
    let mut first = None;
    let count = search(path, puzzle, limit, Order::Fast, Some(&mut first));
    let mut solution = None;
    let mut stats = SearchStats::default();
    run::<true>(
        path,
        puzzle,
        1,
        Order::Fast,
        Some(&mut solution),
        &mut stats,
    );
    assert_eq!(solution.is_some(), count > 0, "{}", line(puzzle));
    assert_eq!(first, solution, "{:?} on {}", path, line(puzzle));
    (count, solution, stats)
}

// ------------------------------------------------------------------
// Known answers

#[test]
fn boj2580_sample_is_solved() {
    let puzzle =
        board("035469278782105609060278135321046897804913506596820413917652080603701952258394760");
    let answer =
        "135469278782135649469278135321546897874913526596827413917652384643781952258394761";
    assert_eq!(line(&solve(&puzzle).unwrap()), answer);
    assert_eq!(line(&smallest_solution(&puzzle).unwrap()), answer);
    assert_eq!(count_solutions(&puzzle, 10), 1);
    assert!(is_unique(&puzzle));
}

#[test]
fn hard_puzzle_has_its_one_answer() {
    // Built against brute force: its only solution starts 987654321.
    let puzzle =
        board("000000000000003085001020000000507000004000100090000000500000073002010000000040009");
    let solution = solve(&puzzle).unwrap();
    assert!(solution.solves(&puzzle));
    assert!(line(&solution).starts_with("987654321"));
    assert_eq!(count_solutions(&puzzle, 2), 1);
    assert_eq!(smallest_solution(&puzzle), Some(solution));
}

#[test]
fn all_zero_board_gives_smallest_grid() {
    assert_eq!(
        line(&smallest_solution(&Board::EMPTY).unwrap()),
        SMALLEST_GRID
    );
    assert!(solve(&Board::EMPTY).unwrap().solves(&Board::EMPTY));
}

#[test]
fn two_solution_puzzle_counts_two_and_gives_the_smaller() {
    // The smallest grid with a 12/21 rectangle blanked in boxes 1 and 4.
    let puzzle =
        board("003456789456789123789123456004365897365897214897214365531642978642978531978531642");
    assert_eq!(count_solutions(&puzzle, 10), 2);
    assert!(!is_unique(&puzzle));
    assert_eq!(line(&smallest_solution(&puzzle).unwrap()), SMALLEST_GRID);
    assert!(solve(&puzzle).unwrap().solves(&puzzle));
}

// ------------------------------------------------------------------
// Counts and contracts

#[test]
fn empty_board_counts_up_to_the_limit() {
    assert_eq!(count_solutions(&Board::EMPTY, 1000), 1000);
    assert_eq!(count_solutions(&Board::EMPTY, 1), 1);
}

#[test]
fn limit_zero_counts_nothing() {
    assert_eq!(count_solutions(&Board::EMPTY, 0), 0);
}

#[test]
fn complete_grid_has_one_solution_itself() {
    let grid = board(SMALLEST_GRID);
    assert_eq!(count_solutions(&grid, 5), 1);
    assert_eq!(solve(&grid), Some(grid));
    assert_eq!(smallest_solution(&grid), Some(grid));
}

#[test]
fn clashing_givens_have_no_solution() {
    let mut puzzle = Board::EMPTY;
    puzzle.0[0] = 5;
    puzzle.0[20] = 5; // same box
    assert_eq!(count_solutions(&puzzle, 2), 0);
    assert_eq!(solve(&puzzle), None);
    assert_eq!(smallest_solution(&puzzle), None);
    let mut full = board(SMALLEST_GRID);
    full.0.swap(0, 1); // a full grid with clashes in two columns
    assert_eq!(count_solutions(&full, 2), 0);
}

#[test]
fn value_above_nine_has_no_solution() {
    let mut puzzle = Board::EMPTY;
    puzzle.0[40] = 10;
    assert_eq!(count_solutions(&puzzle, 2), 0);
    assert_eq!(solve(&puzzle), None);
}

#[test]
fn cell_without_candidate_has_no_solution() {
    // r1c9 can only be 9, and r2c9 holds 9 already: no clash among givens.
    let puzzle = board(&format!("{}{}", "123456780000000009", "0".repeat(63)));
    assert_eq!(puzzle.first_clash(), None);
    assert_eq!(count_solutions(&puzzle, 2), 0);
    assert_eq!(solve(&puzzle), None);
    assert_eq!(smallest_solution(&puzzle), None);
}

#[test]
fn digit_without_place_in_a_row_has_no_solution() {
    // Every cell has candidates, but 1 has no place in row 1: r1c1..r1c3
    // hold 2, 3, 4, and the 1s in r2c4 and r3c7 shut it out of boxes 2
    // and 3.
    let mut puzzle = Board::EMPTY;
    for (i, v) in [(0, 2), (1, 3), (2, 4), (12, 1), (24, 1)] {
        puzzle.0[i] = v;
    }
    assert_eq!(puzzle.first_clash(), None);
    assert_eq!(count_solutions(&puzzle, 2), 0);
    assert_eq!(solve(&puzzle), None);
    assert_eq!(reference(&puzzle, 2).0, 0);
}

// ------------------------------------------------------------------
// Counted search

fn blanks(puzzle: &Board) -> u64 {
    81 - puzzle.givens() as u64
}

#[test]
fn brute_force_puzzle_falls_to_singles_without_a_guess() {
    let puzzle = board(crate::testdata::BRUTE);
    let Found {
        first: solution,
        stats,
        ..
    } = solve_counted(&puzzle);
    assert_eq!(line(&solution.unwrap()), crate::testdata::BRUTE_SOLUTION);
    assert_eq!(
        stats,
        SearchStats {
            placements: 64,
            backtracks: 0,
            guesses: 0
        }
    );
}

#[test]
fn hard_puzzles_guess_and_backtrack_and_keep_one_digit_per_blank() {
    let mut backtracked = false;
    for text in [crate::testdata::ESCARGOT, crate::testdata::INKALA] {
        let puzzle = board(text);
        let Found {
            first: solution,
            stats,
            ..
        } = solve_counted(&puzzle);
        assert_eq!(solution, solve(&puzzle), "{}", text);
        assert!(stats.guesses > 0, "{:?}", stats);
        assert_eq!(stats.placements - stats.backtracks, blanks(&puzzle));
        backtracked |= stats.backtracks > 0;
    }
    // AI Escargot's first guesses happen to be right; Inkala's are not.
    assert!(backtracked);
}

#[test]
fn complete_grid_needs_no_placement() {
    let grid = board(SMALLEST_GRID);
    let found = solve_counted(&grid);
    assert_eq!(
        (found.first, found.stats),
        (Some(grid), SearchStats::default())
    );
}

#[test]
fn empty_board_is_filled_with_81_placements() {
    let Found {
        first: solution,
        stats,
        ..
    } = solve_counted(&Board::EMPTY);
    assert_eq!(solution, solve(&Board::EMPTY));
    assert_eq!(stats.placements - stats.backtracks, 81);
    assert!(stats.guesses > 0);
}

#[test]
fn unsolvable_search_erases_every_digit_it_placed() {
    // AI Escargot with a wrong 2 in r1c2 that clashes with no given:
    // found out only after guesses.
    let puzzle =
        board("12...7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..");
    assert_eq!(puzzle.first_clash(), None);
    let Found {
        first: solution,
        stats,
        ..
    } = solve_counted(&puzzle);
    assert_eq!(solution, None);
    assert!(stats.guesses > 0 && stats.placements > 0, "{:?}", stats);
    assert_eq!(stats.backtracks, stats.placements);
    // Found by propagation, without a guess.
    let Found {
        first: solution,
        stats,
        ..
    } = solve_counted(&board(crate::testdata::UNSOLVABLE));
    assert_eq!((solution, stats.guesses), (None, 0));
    assert_eq!(stats.backtracks, stats.placements);
}

#[test]
fn clashing_givens_are_refused_without_work() {
    let mut puzzle = Board::EMPTY;
    puzzle.0[0] = 5;
    puzzle.0[20] = 5;
    assert_eq!(solve_counted(&puzzle), Found::nothing());
}

#[test]
fn counted_search_matches_solve_on_random_puzzles() {
    let mut rng = Rng::new(96);
    let (mut guessed, mut failed) = (0, 0);
    for _ in 0..300 {
        let blanks = rng.below(82);
        let puzzle = random_puzzle(&mut rng, blanks);
        let Found {
            first: solution,
            stats,
            ..
        } = solve_counted(&puzzle);
        assert_eq!(solution, solve(&puzzle), "{}", line(&puzzle));
        let kept = if solution.is_some() {
            self::blanks(&puzzle)
        } else {
            0
        };
        assert_eq!(
            stats.placements - stats.backtracks,
            kept,
            "{} {:?}",
            line(&puzzle),
            stats
        );
        assert!(stats.placements <= 81 * (stats.guesses + 1));
        guessed += usize::from(stats.guesses > 0);
        failed += usize::from(solution.is_none() && stats.placements > 0);
    }
    // The sample covers guessing and failing after some placements.
    assert!(guessed > 0 && failed > 0, "{} {}", guessed, failed);
}

// ------------------------------------------------------------------
// Every path, on seeded random puzzles

#[test]
fn every_path_gives_the_same_answers_counts_and_stats() {
    let paths = paths();
    let mut rng = Rng::new(12);
    let mut seen = [0usize; 4]; // puzzles with 0, 1, 2, 3+ solutions
    for _ in 0..200 {
        let blanks = rng.below(82);
        let puzzle = random_puzzle(&mut rng, blanks);
        let expected = on_path(LanePath::Portable, &puzzle, 3);
        seen[expected.0] += 1;
        if let Some(s) = expected.1 {
            assert!(s.solves(&puzzle), "{}", line(&puzzle));
        }
        for &path in &paths {
            assert_eq!(
                on_path(path, &puzzle, 3),
                expected,
                "{:?} on {}",
                path,
                line(&puzzle)
            );
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{:?}", seen);
}

/// Every 9x9 puzzle written as one 81-character line in the repository's
/// problem cases (`problems/*/test/*.in`): the famous and forum-hardest
/// sets among them.
fn shipped_puzzles() -> Vec<Board> {
    let problems = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
    let mut files: Vec<_> = std::fs::read_dir(&problems)
        .expect("problems/ is readable")
        .filter_map(|e| std::fs::read_dir(e.ok()?.path().join("test")).ok())
        .flatten()
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_default();
            text.lines()
                .map(str::trim_end)
                .filter(|l| l.len() == 81 && l.bytes().all(|c| c == b'.' || c.is_ascii_digit()))
                .map(board)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_path_agrees_on_the_shipped_puzzles() {
    let puzzles = shipped_puzzles();
    assert!(puzzles.len() >= 30, "{} puzzles", puzzles.len());
    let mut guessed = 0;
    for puzzle in &puzzles {
        let expected = on_path(LanePath::Portable, puzzle, 2);
        guessed += usize::from(expected.2.guesses > 0);
        let smallest = smallest_on(LanePath::Portable, puzzle);
        for &path in &paths() {
            assert_eq!(
                on_path(path, puzzle, 2),
                expected,
                "{:?} on {}",
                path,
                line(puzzle)
            );
            assert_eq!(
                smallest_on(path, puzzle),
                smallest,
                "{:?} on {}",
                path,
                line(puzzle)
            );
        }
    }
    assert!(guessed >= 10, "{} puzzles needed a guess", guessed);
}

#[test]
fn lane_paths_are_named_and_parsed_back() {
    for path in LanePath::ALL {
        match LanePath::parse(path.name()) {
            Ok(p) => assert!(p == path && path.available()),
            Err(e) => assert!(!path.available() && e.contains("cannot run"), "{}", e),
        }
    }
    assert_eq!(LanePath::parse("portable"), Ok(LanePath::Portable));
    let unknown = LanePath::parse("sse9").unwrap_err();
    assert!(unknown.contains("unknown lane path `sse9`"), "{}", unknown);
    assert!(LanePath::best().available());
}

#[test]
fn random_puzzles_agree_with_the_naive_reference_on_every_path() {
    let paths = paths();
    let mut rng = Rng::new(2239);
    let mut seen = [0usize; 4]; // puzzles with 0, 1, 2, 3+ solutions
    let mut gave_up = 0;
    for _ in 0..100 {
        let blanks = rng.below(82);
        let puzzle = random_puzzle(&mut rng, blanks);
        let (count, first) = match reference_within(&puzzle, 3, 100_000) {
            Ok(found) => found,
            Err(()) => {
                gave_up += 1;
                continue;
            }
        };
        seen[count] += 1;
        let smallest = if count > 1 {
            reference_smallest(&puzzle, 20_000)
        } else {
            Ok(first)
        };
        gave_up += usize::from(smallest.is_err());
        for &path in &paths {
            let (n, solution, _) = on_path(path, &puzzle, 3);
            assert_eq!(n, count, "{:?} on {}", path, line(&puzzle));
            if let Some(s) = solution {
                assert!(s.solves(&puzzle), "{:?} on {}", path, line(&puzzle));
            }
            if let Ok(s) = smallest {
                assert_eq!(
                    smallest_on(path, &puzzle),
                    s,
                    "{:?} on {}",
                    path,
                    line(&puzzle)
                );
            }
        }
        assert_eq!(is_unique(&puzzle), count == 1, "{}", line(&puzzle));
    }
    // The reference gives up on a few near-empty boards only.
    assert!(gave_up <= 10, "{} puzzles unchecked", gave_up);
    // The sample covers every case.
    assert!(seen.iter().all(|&n| n > 0), "{:?}", seen);
}

#[test]
fn smallest_solution_of_multi_solution_puzzles_matches_a_row_major_search_on_every_path() {
    let paths = paths();
    let mut rng = Rng::new(2580);
    let mut checked = 0;
    while checked < 100 {
        // Enough blanks for several solutions, few enough for the
        // reference to finish.
        let blanks = 45 + rng.below(15);
        let puzzle = random_puzzle(&mut rng, blanks);
        if count_solutions(&puzzle, 2) < 2 {
            continue;
        }
        let expected = match reference_smallest(&puzzle, 200_000) {
            Ok(s) => s,
            Err(()) => continue,
        };
        assert!(expected.is_some());
        for &path in &paths {
            assert_eq!(
                smallest_on(path, &puzzle),
                expected,
                "{:?} on {}",
                path,
                line(&puzzle)
            );
        }
        checked += 1;
    }
}

#[test]
fn the_state_is_small_enough_to_copy_inline() {
    // Every guess copies a state; up to eight 16-byte stores (128 bytes)
    // the portable path's compiler copies it with moves, above that it
    // calls `memcpy` (it did for the 204-byte state of sixteen lanes).
    assert!(std::mem::size_of::<state::State>() <= 128);
}
