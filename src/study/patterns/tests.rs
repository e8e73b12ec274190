use super::*;
use crate::board::grid::{grid, line};
use crate::board::shape::boxes;
use crate::rng::Rng;
use crate::solve::any;
use crate::solve::found::Ending;
use crate::testdata::{cells, BOJ2580_IN, BRUTE, ESCARGOT, EULER_01, EULER_02, EULER_03, INKALA};
use crate::Board;

/// A 9×9 test puzzle as a grid.
fn nine(text: &str) -> Grid {
    Grid::from_board(&Board(cells(text)))
}

/// (puzzle, row-major nodes, row-major backtracks, fewest-candidates
/// nodes, fewest-candidates backtracks), measured once and pinned.
const PINNED: [(&str, u64, u64, u64, u64); 4] = [
    (BOJ2580_IN, 14, 0, 14, 0),
    (EULER_01, 200, 151, 49, 0),
    (EULER_02, 294, 243, 61, 10),
    (EULER_03, 19022, 18969, 187, 134),
];

/// (puzzle, engine nodes, engine backtracks), measured once and pinned.
/// Singles solve the Euler grids (one node per blank); AI Escargot
/// needs guesses (its first branches all hold), Inkala backtracks too.
const ENGINE_PINNED: [(&str, u64, u64); 6] = [
    (BOJ2580_IN, 14, 0),
    (EULER_01, 49, 0),
    (EULER_02, 51, 0),
    (EULER_03, 53, 0),
    (ESCARGOT, 58, 0),
    (INKALA, 303, 243),
];

const ROW_MAJOR: [Pattern; 4] = [
    Pattern::Scan,
    Pattern::BlankList,
    Pattern::UsedTables,
    Pattern::Bitmask,
];

fn counts(run: &Found<Grid>) -> (u64, u64) {
    (run.stats.placements, run.stats.backtracks)
}

/// Every step of `pattern` on `puzzle`.
fn steps(pattern: Pattern, puzzle: &Grid) -> Vec<Move> {
    let mut steps = Vec::new();
    run_watched(pattern, puzzle, None, |s| {
        steps.push(s);
        true
    });
    steps
}

#[test]
fn row_major_patterns_visit_the_same_pinned_nodes() {
    for &(line, nodes, backtracks, _, _) in PINNED.iter() {
        for pattern in ROW_MAJOR {
            let r = run(pattern, &nine(line), None);
            assert_eq!(counts(&r), (nodes, backtracks), "{} on {}", pattern, line);
        }
    }
}

#[test]
fn fewest_candidates_visits_its_pinned_nodes() {
    for &(line, _, _, nodes, backtracks) in PINNED.iter() {
        let r = run(Pattern::FewestCandidates, &nine(line), None);
        assert_eq!(counts(&r), (nodes, backtracks), "{}", line);
    }
}

#[test]
fn row_major_patterns_take_the_same_steps_in_the_same_order() {
    let puzzle = nine(EULER_02);
    let first = steps(Pattern::Scan, &puzzle);
    assert_eq!(first.len(), 294 + 243);
    for pattern in ROW_MAJOR {
        assert_eq!(steps(pattern, &puzzle), first, "{}", pattern);
    }
}

#[test]
fn every_pattern_solves_and_counts_fit_the_blanks() {
    for &(line, ..) in PINNED.iter() {
        let puzzle = nine(line);
        let blanks = 81 - puzzle.givens() as u64;
        for pattern in Pattern::ALL {
            let r = run(pattern, &puzzle, None);
            match &r.first {
                Some(s) if !r.stopped => assert!(s.solves(&puzzle), "{}", pattern),
                _ => panic!("{}: {:?}", pattern, r.ending()),
            }
            assert_eq!(
                r.stats.placements - r.stats.backtracks,
                blanks,
                "{}: a solved search keeps one value per blank",
                pattern
            );
        }
    }
}

#[test]
fn engine_visits_its_pinned_nodes() {
    for &(line, nodes, backtracks) in ENGINE_PINNED.iter() {
        let r = run(Pattern::Engine, &nine(line), None);
        assert_eq!(counts(&r), (nodes, backtracks), "{}", line);
        let Found {
            first: solution,
            stats,
            ..
        } = crate::solve::nine::solve_counted(&Board(cells(line)));
        let solution = Grid::from_board(&solution.unwrap());
        assert_eq!(r.first, Some(solution));
        assert_eq!((stats.placements, stats.backtracks), (nodes, backtracks));
    }
}

#[test]
fn engine_ignores_the_limit() {
    let r = run(Pattern::Engine, &nine(EULER_01), Some(1));
    assert_eq!(counts(&r), (49, 0));
    assert_eq!(r.ending(), Ending::Solved);
}

#[test]
fn limit_stops_at_exactly_the_limit() {
    for pattern in ROW_MAJOR.iter().copied().chain([Pattern::FewestCandidates]) {
        let r = run(pattern, &nine(EULER_03), Some(100));
        assert_eq!(r.ending(), Ending::Stopped, "{}", pattern);
        assert_eq!(r.stats.placements, 100, "{}", pattern);
    }
}

#[test]
fn limit_equal_to_the_nodes_needed_still_finishes() {
    let r = run(Pattern::Bitmask, &nine(EULER_01), Some(200));
    assert_eq!(r.ending(), Ending::Solved);
    let r = run(Pattern::Bitmask, &nine(EULER_01), Some(199));
    assert_eq!(r.ending(), Ending::Stopped);
    assert_eq!(r.stats.placements, 199);
}

#[test]
fn watcher_can_stop_the_search() {
    let mut seen = 0;
    let r = run_watched(Pattern::Scan, &nine(EULER_03), None, |_| {
        seen += 1;
        seen < 10
    });
    assert_eq!(r.ending(), Ending::Stopped);
    assert_eq!(seen, 10);
}

#[test]
fn dead_end_after_one_placement_is_no_solution() {
    // r1c1 and r1c2 both need 1 or 2; columns 1 and 2 hold a 1 below,
    // so r1c1 takes 2 and r1c2 is left with nothing.
    let mut puzzle = nine(&format!("003456789{}", "0".repeat(72)));
    puzzle.set(27, 1); // r4c1
    puzzle.set(55, 1); // r7c2
    for pattern in Pattern::ALL {
        let r = run(pattern, &puzzle, None);
        assert_eq!(r.ending(), Ending::NoSolution, "{}", pattern);
        // The engine's propagation writes both 2s in one round, then
        // sees them clash.
        let expected = if pattern == Pattern::Engine { 2 } else { 1 };
        assert_eq!(counts(&r), (expected, expected), "{}", pattern);
    }
}

#[test]
fn clashing_givens_are_no_solution_without_search() {
    let mut puzzle = nine(EULER_01);
    puzzle.set(0, 3); // r1c3 holds 3 already
    for pattern in Pattern::ALL {
        let r = run(pattern, &puzzle, None);
        assert_eq!(r.ending(), Ending::NoSolution, "{}", pattern);
        assert_eq!(r.stats.placements, 0);
    }
}

#[test]
fn names_round_trip_and_unknown_names_list_the_known() {
    for pattern in Pattern::ALL {
        assert_eq!(pattern.name().parse::<Pattern>(), Ok(pattern));
    }
    let err = "dancing-links".parse::<Pattern>().unwrap_err().to_string();
    assert_eq!(
        err,
        "unknown pattern `dancing-links` (known: scan, blank-list, used-tables, bitmask, \
         fewest-candidates, dlx, engine)"
    );
}

/// The puzzle built against brute force. Takes about 37 s in a release
/// build (measured on a busy shared 2-core machine; scan and blank-list
/// take most of it): `cargo test --release --lib brute_force -- --ignored`.
#[test]
#[ignore]
fn brute_force_puzzle_costs_69_million_row_major_nodes() {
    let puzzle = nine(BRUTE);
    for pattern in ROW_MAJOR {
        let r = run(pattern, &puzzle, None);
        assert_eq!(counts(&r), (69_175_316, 69_175_252), "{}", pattern);
    }
    let r = run(Pattern::FewestCandidates, &puzzle, None);
    assert_eq!(counts(&r), (36_602, 36_538));
    let r = run(Pattern::Engine, &puzzle, None);
    assert_eq!(counts(&r), (64, 0), "singles alone solve it");
}

/// (puzzle, dancing-links nodes, backtracks), measured once and pinned.
/// Singles are forced columns, so the puzzles singles solve cost one node
/// per blank, the puzzle built against brute force included.
const DLX_PINNED: [(&str, u64, u64); 7] = [
    (BOJ2580_IN, 14, 0),
    (EULER_01, 49, 0),
    (EULER_02, 51, 0),
    (EULER_03, 53, 0),
    (ESCARGOT, 173, 115),
    (INKALA, 2080, 2020),
    (BRUTE, 64, 0),
];

#[test]
fn dlx_visits_its_pinned_nodes_and_stops_at_the_limit() {
    for &(line, nodes, backtracks) in DLX_PINNED.iter() {
        let r = run(Pattern::Dlx, &nine(line), None);
        assert_eq!(counts(&r), (nodes, backtracks), "{}", line);
    }
    let r = run(Pattern::Dlx, &nine(INKALA), Some(100));
    assert_eq!((r.ending(), r.stats.placements), (Ending::Stopped, 100));
}

// ------------------------------------------------------------ Every size

/// A puzzle of `shape` with one solution: the generator's (minimal, so
/// as hard as it gets) up to 9×9; above, a random complete grid whose
/// cells are blanked in random order, each only when the puzzle keeps one
/// solution, until `blanks` are blank (row-major search stays short on
/// those; minimal 16×16 puzzles take it billions of nodes).
fn puzzle(shape: crate::Shape, seed: u64, blanks: usize) -> Grid {
    let mut rng = Rng::new(seed);
    if shape.size() <= 9 {
        let options = crate::generate::GenOptions::default();
        return crate::generate::generate(&mut rng, shape, &options)
            .unwrap()
            .puzzle;
    }
    let mut g = crate::generate::random_grid(&mut rng, shape).unwrap();
    let mut order: Vec<usize> = (0..shape.cell_count()).collect();
    rng.shuffle(&mut order);
    let mut blanked = 0;
    for i in order {
        if blanked == blanks {
            break;
        }
        let v = g.get(i);
        g.set(i, 0);
        if any::count_solutions(&g, 2) == 1 {
            blanked += 1;
        } else {
            g.set(i, v);
        }
    }
    assert_eq!(blanked, blanks);
    g
}

/// Every pattern on `puzzle` (one solution): the engine's solution, one
/// value kept per blank, patterns 1 to 4 with the same steps, dancing
/// links at least one node per blank.
fn assert_every_pattern_agrees(puzzle: &Grid) {
    let shown = format!("{} {}", puzzle.shape(), line(puzzle));
    assert_eq!(any::count_solutions(puzzle, 2), 1, "{}", shown);
    let solution = any::solve(puzzle).unwrap();
    let blanks = puzzle.blanks() as u64;
    for pattern in Pattern::ALL {
        let r = run(pattern, puzzle, None);
        assert_eq!(
            (r.ending(), &r.first),
            (Ending::Solved, &Some(solution.clone())),
            "{} {}",
            pattern,
            shown
        );
        assert_eq!(
            r.stats.placements - r.stats.backtracks,
            blanks,
            "{} {}",
            pattern,
            shown
        );
        if pattern.reports_steps() {
            let steps = steps(pattern, puzzle);
            let places = steps
                .iter()
                .filter(|s| matches!(s, Move::Place { .. }))
                .count() as u64;
            assert_eq!(places, r.stats.placements, "{} {}", pattern, shown);
            assert_eq!(
                steps.len() as u64,
                r.stats.placements + r.stats.backtracks,
                "{}",
                pattern
            );
        }
    }
    let first = steps(Pattern::Scan, puzzle);
    for pattern in ROW_MAJOR {
        assert_eq!(steps(pattern, puzzle), first, "{} {}", pattern, shown);
    }
    assert!(
        run(Pattern::Dlx, puzzle, None).stats.placements >= blanks,
        "{}",
        shown
    );
}

#[test]
fn every_pattern_solves_4x4_and_6x6_both_ways() {
    for (r, c) in [(2, 2), (2, 3), (3, 2)] {
        for seed in 0..8 {
            assert_every_pattern_agrees(&puzzle(boxes(r, c), seed, 0));
        }
    }
}

#[test]
fn every_pattern_solves_8x8_12x12_and_16x16() {
    for (r, c, blanks) in [(2, 4, 40), (3, 4, 70), (4, 4, 100)] {
        for seed in 0..2 {
            assert_every_pattern_agrees(&puzzle(boxes(r, c), seed, blanks));
        }
    }
}

#[test]
fn the_same_cells_in_2x3_and_3x2_boxes_search_differently() {
    // The 6x6 grid of `grid`'s tests with the first row blanked: in 2x3
    // boxes it has one solution; in 3x2 boxes its givens clash.
    let text = "......456123231564564231312645645312";
    let wide = grid(boxes(2, 3), text);
    let tall = grid(boxes(3, 2), text);
    assert!(tall.first_clash().is_some());
    for pattern in Pattern::ALL {
        let r = run(pattern, &wide, None);
        assert!(
            matches!(&r.first, Some(s) if s.solves(&wide)),
            "{}",
            pattern
        );
        let r = run(pattern, &tall, None);
        assert_eq!(
            (r.ending(), r.stats.placements),
            (Ending::NoSolution, 0),
            "{}",
            pattern
        );
    }
}

#[test]
fn a_6x6_dead_end_erases_every_value_it_placed() {
    // Row 1 needs 1 and 2 in r1c1 and r1c2, but columns 1 and 2 both hold
    // a 1 lower down: no solution, found after a search.
    let rows = ["..3456", "......", "1.....", "......", ".1....", "......"];
    let puzzle = grid(boxes(2, 3), &rows.concat());
    for pattern in Pattern::ALL {
        let r = run(pattern, &puzzle, None);
        assert_eq!(r.ending(), Ending::NoSolution, "{}", pattern);
        assert_eq!(r.stats.placements, r.stats.backtracks, "{}", pattern);
    }
}

#[test]
fn limit_stops_every_watchable_pattern_on_16x16() {
    let empty = Grid::empty(boxes(4, 4));
    for pattern in Pattern::ALL.into_iter().filter(|p| p.reports_steps()) {
        let r = run(pattern, &empty, Some(50));
        assert_eq!(
            (r.ending(), r.stats.placements),
            (Ending::Stopped, 50),
            "{}",
            pattern
        );
    }
}

/// The steps of `pattern` on `puzzle` and its run, or `None` past `limit`
/// nodes.
fn steps_within(pattern: Pattern, puzzle: &Grid, limit: u64) -> Option<(Vec<Move>, Found<Grid>)> {
    let mut steps = Vec::new();
    let run = run_watched(pattern, puzzle, Some(limit), |s| {
        steps.push(s);
        true
    });
    (!run.stopped).then_some((steps, run))
}

/// Seeded random X, jigsaw, killer and X-with-regions boards from 4×4 to
/// 9×9 (those the engine's own variant test draws), at every density:
/// the four row-major patterns take the same steps and find the smallest
/// solution by the board's rules (row-major, values ascending, is the
/// order of the smallest), and every pattern that plays the board finds a
/// solution of its rules exactly when the engine finds one (each board
/// has one: it is carved from a full grid). Dancing links
/// sits out the killer boards ([`dlx::plays`]).
#[test]
fn every_pattern_plays_the_rules_of_variant_boards() {
    use crate::solve::any::variants::{random_board, Kind};
    let mut rng = Rng::new(23);
    let mut boards = 0;
    for _ in 0..5 {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3)] {
            for kind in [Kind::X, Kind::Jigsaw, Kind::Killer, Kind::XJigsaw] {
                let Some((board, _)) = random_board(&mut rng, boxes(r, c), kind) else {
                    continue;
                };
                let shown = format!("{:?} {} {}", kind, board.shape(), line(&board));
                // (Row-major search on a sparse board can take millions.)
                let Some((first, scan)) = steps_within(Pattern::Scan, &board, 20_000) else {
                    continue;
                };
                boards += 1;
                let smallest = any::smallest_solution(&board);
                assert_eq!(scan.first, smallest, "{}", shown);
                for pattern in ROW_MAJOR {
                    let (steps, _) = steps_within(pattern, &board, 20_000).unwrap();
                    assert_eq!(steps, first, "{} {}", pattern, shown);
                }
                for pattern in [Pattern::FewestCandidates, Pattern::Dlx, Pattern::Engine] {
                    if pattern == Pattern::Dlx && !dlx::plays(&board) {
                        continue;
                    }
                    let r = run(pattern, &board, None);
                    match &r.first {
                        Some(s) => assert!(s.solves(&board), "{} {}", pattern, shown),
                        None => assert!(smallest.is_none(), "{} {}", pattern, shown),
                    }
                    assert_eq!(
                        r.first.is_some(),
                        smallest.is_some(),
                        "{} {}",
                        pattern,
                        shown
                    );
                }
            }
        }
    }
    assert!(boards >= 40, "{} boards in the node limit", boards);
}

#[test]
fn a_killer_board_is_no_exact_cover_for_dancing_links() {
    let layout = format!("aa{},a=3", ".".repeat(79));
    let rules = crate::board::variant::Variant::classic()
        .with_cages(Shape::CLASSIC, &layout)
        .unwrap();
    let killer = Grid::empty(Shape::CLASSIC)
        .with_variant(std::sync::Arc::new(rules))
        .unwrap();
    assert!(!dlx::plays(&killer));
    assert!(dlx::plays(&Grid::empty(Shape::CLASSIC)));
    let r = run(Pattern::Dlx, &killer, None);
    assert_eq!((r.first, r.stats.placements), (None, 0));
    // The others play it: r1c1 and r1c2 hold 1 and 2.
    let r = run(Pattern::FewestCandidates, &killer, None);
    let s = r.first.unwrap();
    assert_eq!((s.get(0), s.get(1)), (1, 2));
}
