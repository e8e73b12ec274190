//! The general engine on variant boards (X, jigsaw, killer and X with
//! regions), held to the reference search of [`crate::solve::reference`]
//! on seeded random boards, and to published puzzles.

use super::tables::Tables;
use super::{count_solutions, count_within, smallest_solution, solve};
use crate::board::grid::{grid, line, Grid};
use crate::board::shape::{boxes, Shape};
use crate::board::variant::Variant;
use crate::rng::Rng;
use crate::solve::reference::{self, Budget};
use std::sync::Arc;

/// The reference gives up past this many nodes (a board it gives up on
/// is skipped).
const NODES: u64 = 200_000;

/// Which rules a random board gets.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Kind {
    X,
    Jigsaw,
    Killer,
    XJigsaw,
}

/// A random jigsaw layout that `full` fills: the boxes, then many swaps
/// of two cells of equal value in different regions (each region keeps
/// one cell of each value), as region marks.
fn random_regions(rng: &mut Rng, full: &Grid) -> String {
    let shape = full.shape();
    let cells = shape.cell_count();
    let mut region: Vec<usize> = (0..cells).map(|i| shape.box_of(i)).collect();
    for _ in 0..4 * cells {
        let (a, b) = (rng.below(cells), rng.below(cells));
        if full.get(a) == full.get(b) {
            region.swap(a, b);
        }
    }
    region
        .iter()
        .map(|&r| char::from_digit(r as u32, 36).unwrap_or('?'))
        .collect()
}

/// A seeded random board of `kind` on `shape` with its rules, and a full
/// grid that solves it.
pub(crate) fn random_board(rng: &mut Rng, shape: Shape, kind: Kind) -> Option<(Grid, Grid)> {
    let classic = crate::generate::random_grid(rng, shape)?;
    let variant = Variant::classic();
    let full = match kind {
        Kind::Killer => {
            // Cages of 1 to 5 cells; on half the boards some cells are
            // left out of every cage, on the others none (as in published
            // killer puzzles, where the rule of 45's hidden cages carry
            // the solving: `cages.rs`).
            let left_out = [0, 20][rng.below(2)];
            let layout = crate::generate::cage_layout(rng, &classic, 1..=5, left_out)?;
            let cages = variant.with_cages(shape, &layout).ok()?;
            classic.with_variant(Arc::new(cages)).ok()?
        }
        Kind::Jigsaw => {
            let regions = random_regions(rng, &classic);
            let jigsaw = variant.with_regions(shape, &regions).ok()?;
            classic.with_variant(Arc::new(jigsaw)).ok()?
        }
        Kind::X | Kind::XJigsaw => {
            // A few random givens, filled by the engine (the reference
            // then checks every board carved from it), and for X with
            // regions, regions that filling fills.
            let x = Arc::new(variant.with_diagonals(true));
            let mut seed = Grid::empty(shape).with_variant(x.clone()).ok()?;
            for _ in 0..shape.size() {
                let i = rng.below(shape.cell_count());
                let old = seed.get(i);
                seed.set(i, rng.below(shape.size()) as u8 + 1);
                if seed.first_clash().is_some() {
                    seed.set(i, old);
                }
            }
            let full = solve(&seed)?;
            match kind {
                Kind::XJigsaw => {
                    let regions = random_regions(rng, &full);
                    let both = Variant::clone(&x).with_regions(shape, &regions).ok()?;
                    full.with_variant(Arc::new(both)).ok()?
                }
                _ => full,
            }
        }
    };
    debug_assert!(full.is_full() && full.first_break().is_none());
    let mut board = full.clone();
    let cells = shape.cell_count();
    let percent = [40, 60, 70, 80, 90, 100][rng.below(6)];
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &i in &order[..cells * percent / 100] {
        board.set(i, 0);
    }
    Some((board, full))
}

#[test]
fn random_variant_boards_agree_with_the_reference() {
    let mut rng = Rng::new(20_261_127);
    // Fewer boards in a debug build (`make test`), more in release.
    let (rounds, shapes): (usize, &[(usize, usize)]) = if cfg!(debug_assertions) {
        (4, &[(2, 2), (2, 3), (3, 2), (3, 3)])
    } else {
        (30, &[(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)])
    };
    let kinds = [Kind::X, Kind::Jigsaw, Kind::Killer, Kind::XJigsaw];
    let mut checked = [0usize; 4];
    for round in 0..rounds {
        for &(r, c) in shapes {
            let shape = boxes(r, c);
            for (k, &kind) in kinds.iter().enumerate() {
                // A few tries: some random X givens have no filling.
                let made = (0..10).find_map(|_| random_board(&mut rng, shape, kind));
                let Some((board, full)) = made else {
                    continue;
                };
                let shown = || {
                    format!(
                        "{:?} {} {} {:?}",
                        kind,
                        shape,
                        line(&board),
                        board.variant()
                    )
                };
                let Some(plain) = reference::count(&board, 2, Budget::Nodes(NODES)) else {
                    continue;
                };
                checked[k] += 1;
                assert!(
                    plain.count >= 1,
                    "the reference lost {}: {}",
                    line(&full),
                    shown()
                );
                assert_eq!(
                    count_solutions(&board, 2),
                    plain.count,
                    "count of {}",
                    shown()
                );
                let first = solve(&board).unwrap_or_else(|| panic!("no solution for {}", shown()));
                assert!(
                    first.solves(&board),
                    "{} does not solve {}",
                    line(&first),
                    shown()
                );
                if round % 3 == 0 {
                    if let Some(small) = reference::smallest(&board, Budget::Nodes(NODES)) {
                        assert_eq!(
                            smallest_solution(&board),
                            small.first,
                            "smallest of {}",
                            shown()
                        );
                    }
                }
            }
        }
    }
    // Most boards are checked: at least half of each kind (the reference
    // gives up on few).
    let half = rounds * shapes.len() / 2;
    assert!(checked.iter().all(|&n| n >= half), "checked {:?}", checked);
}

#[test]
fn a_published_x_puzzle_has_its_one_solution() {
    // SPOJ HS12DISU's sample (problems/hs12disu/test/sample-1).
    let x = Arc::new(Variant::classic().with_diagonals(true));
    let puzzle = grid(
        Shape::CLASSIC,
        ".45...63.2...1...59..8.5..7..9...3...3.....7...8...5..8..5.3..15...2...3.26...95.",
    )
    .with_variant(x)
    .unwrap();
    let answer =
        "145792638287316495963845217459271386632458179718639542894563721571924863326187954";
    assert_eq!(count_solutions(&puzzle, 2), 1);
    assert_eq!(line(&solve(&puzzle).unwrap()), answer);
    // Without the diagonals the same givens have several solutions.
    assert_eq!(count_solutions(&grid(Shape::CLASSIC, &line(&puzzle)), 2), 2);
}

#[test]
fn a_published_killer_puzzle_has_its_one_solution() {
    // CodinGame's first test (problems/codingame_killer/test/sample-1).
    let rows = [
        "56..1..2. aabbccdde",
        "..72..68. afghhiide",
        "..2.87.15 jfggklmme",
        "......3.9 jjgnklopp",
        ".7....2.. qqgnooorr",
        "9.634.8.. stuuvwwxx",
        "2.9..8... stuuvvwyz",
        "..41.2... sAuuByyyz",
        ".8.4...3. CADDBEEFF",
    ];
    let sums = "a=12 b=17 c=4 d=14 e=15 f=13 g=19 h=7 i=10 j=16 k=10 l=13 m=10 n=15 o=15 \
                p=13 q=11 r=11 s=18 t=3 u=28 v=15 w=20 x=8 y=22 z=12 A=11 B=13 C=6 D=9 E=10 F=5";
    let givens: String = rows.iter().map(|r| &r[..9]).collect();
    let layout: String = rows.iter().map(|r| &r[10..]).collect::<Vec<_>>().join("\n") + "\n" + sums;
    let cages = Variant::classic()
        .with_cages(Shape::CLASSIC, &layout)
        .unwrap();
    let puzzle = grid(Shape::CLASSIC, &givens)
        .with_variant(Arc::new(cages))
        .unwrap();
    let answer =
        "568913427197254683342687915851726349473891256926345871219538764734162598685479132";
    assert_eq!(count_solutions(&puzzle, 2), 1);
    assert_eq!(line(&solve(&puzzle).unwrap()), answer);
    // The same cages with no givens at all (CodinGame's third test is
    // another such grid): still one solution.
    let empty = Grid::empty(Shape::CLASSIC)
        .with_variant(puzzle.variant().clone().into())
        .unwrap();
    assert_eq!(line(&solve(&empty).unwrap()), answer);
}

/// problems/codingame_killer/test/no-givens-cages-of-3-to-9: unique, no
/// givens, 14 cages of 3 to 9 cells.
fn big_cages() -> Grid {
    killer_without_givens(
        &[
            "aaabbbccd",
            "abbbccccd",
            "aeefghhcd",
            "aeffgghdd",
            "ieefgjjdd",
            "ikffgjlll",
            "ikfmgjnll",
            "ikmmjjnnl",
            "iimmmmmnn",
        ],
        "a=32 b=27 c=40 d=30 e=23 f=39 g=22 h=16 i=25 j=34 k=16 l=38 m=39 n=24",
    )
}

/// A killer board without givens from its cage rows and sums.
fn killer_without_givens(rows: &[&str], sums: &str) -> Grid {
    let layout = rows.join("\n") + "\n" + sums;
    let cages = Variant::classic()
        .with_cages(Shape::CLASSIC, &layout)
        .unwrap();
    Grid::empty(Shape::CLASSIC)
        .with_variant(Arc::new(cages))
        .unwrap()
}

#[test]
fn killer_boards_without_givens_count_within_a_few_thousand_placements() {
    // Generated boards (`sudoku gen --killer`, the givens taken away).
    // With several solutions: branching on a value's places in a unit
    // once took 770,000 placements over four rounds to find two; blanks
    // alone take about 300.
    let several = killer_without_givens(
        &[
            "abbbbcdde",
            "abfffcdee",
            "abgfcceee",
            "aggfhhiij",
            "kgghhiijj",
            "kkghhijjl",
            "kmnooojll",
            "mmnnooppl",
            "mmnnopppl",
        ],
        "a=24 b=23 c=17 d=22 e=23 f=28 g=34 h=28 i=27 j=25 k=20 l=33 m=29 n=27 o=23 p=22",
    );
    assert_eq!(count_within(&several, 2, 5_000), Some(2));
    // Unique: 162,000 placements in two rounds before the per-blank
    // sets, the bounds of hidden cages whose values may repeat and the
    // box pairs; about 10,000 after them, and 1,000 with the cage weights.
    let unique = killer_without_givens(
        &[
            "abbcccdde",
            "aabfcccee",
            "aabfggghh",
            "iijjgkghh",
            "iiijkklll",
            "mnooppqqq",
            "mnnoprrqs",
            "mnttrrrss",
            "mmuurvvvs",
        ],
        "a=18 b=27 c=31 d=4 e=14 f=10 g=27 h=22 i=27 j=15 k=18 l=12 m=24 n=20 o=15 p=15 \
         q=20 r=27 s=25 t=7 u=15 v=12",
    );
    assert_eq!(count_within(&unique, 2, 40_000), Some(1));
    // Unique, cages of 3-9 cells (problems/codingame_killer/test/
    // no-givens-cages-of-3-to-9): 84,000 placements when blanks alone
    // were branched on, about 18,000 with the branches on cage sets.
    let big_cages = big_cages();
    assert_eq!(count_within(&big_cages, 2, 30_000), Some(1));
    // Unique, cages of 3-9 cells, one of the hard ones of
    // problems/codingame_killer/README.md: three rounds and 0.4 s before
    // the branch weighed the cages by their dead ends and took up to
    // twelve sets (its first round gave up at 83,000 placements); one
    // round of 57,000 now.
    let weighed = killer_without_givens(
        &[
            "bbbbccedd",
            "aaccceeef",
            "haaacggkf",
            "haiacgkkf",
            "hiiikkkkf",
            "hhlljkmff",
            "llljjmmnf",
            "looojmmnf",
            "ooppjjjnn",
        ],
        "b=20 c=29 e=21 d=11 a=34 f=41 h=21 g=20 k=36 i=28 l=31 j=37 m=20 n=19 o=28 p=9",
    );
    assert_eq!(count_within(&weighed, 2, 100_000), Some(1));
}

#[test]
fn a_killer_boards_peer_sets_hold_its_peer_lists() {
    // The cage propagation reads the sets; the lists are what the rules give.
    let board = big_cages();
    let t = Tables::new(&board);
    for i in 0..81 {
        let set = t.peer_set(i);
        let from_set: Vec<u16> = (0..81u16)
            .filter(|&j| set[usize::from(j) / 64] >> (j % 64) & 1 == 1)
            .collect();
        assert_eq!(from_set, t.peers(i), "cell {}", i);
    }
    // A cage-mate off the cell's row, column and box is a peer: cells 3
    // (r1c4) and 10 (r2c2) share cage b and nothing else.
    assert!(t.peers(3).contains(&10));
}

#[test]
fn jigsaw_regions_replace_the_boxes_at_every_size() {
    // A 6x6 grid on random regions it fills (see `random_regions`).
    let shape = boxes(2, 3);
    let full = grid(shape, "123456456123231564564231312645645312");
    let regions = random_regions(&mut Rng::new(5), &full);
    let jigsaw = Variant::classic().with_regions(shape, &regions).unwrap();
    let full = full.with_variant(Arc::new(jigsaw)).unwrap();
    assert!(full.first_break().is_none());
    let mut puzzle = full.clone();
    for i in 0..36 {
        if i % 3 != 0 {
            puzzle.set(i, 0);
        }
    }
    let found = solve(&puzzle).unwrap();
    assert!(found.solves(&puzzle));
    assert_eq!(found.variant(), puzzle.variant());
}
