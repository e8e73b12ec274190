//! Killer puzzles: cages drawn over a random filling, their sums taken
//! from it, then the givens carved away as for every other puzzle (most
//! killer puzzles end with none: the cages alone fix the grid).
//!
//! The cages cover every cell. Each grows from a random cell to a random
//! size within the asked range, one side-by-side cell at a time, never
//! taking a value it holds already (a cage's values differ); a cage left
//! below the range's minimum (boxed in) joins a neighbouring cage that has
//! room and lacks its values, or stays small.

use super::carve::{carve, Counter};
use super::{random_filling, GenError, GenOptions, Generated};
use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::rng::Rng;
use std::ops::RangeInclusive;
use std::sync::Arc;

/// The cage marks, in reading order of the cages (CodinGame's letters,
/// then digits).
const MARKS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// How many cages a board can have: one mark each.
pub const CAGE_MARKS: usize = MARKS.len();

/// The largest board killer puzzles are made on (more cells would need
/// more cage marks than there are).
pub const KILLER_UP_TO: usize = 9;

/// One killer puzzle played by `rules`' shape, diagonals and regions,
/// with cages of `sizes` cells drawn at random (see the module notes), as
/// `options` ask (`--symmetry`; no grade or givens count: those read
/// classic boards). Exactly one solution; minimal in its givens.
pub fn generate_killer(
    rng: &mut Rng,
    rules: &Grid,
    sizes: RangeInclusive<usize>,
    options: &GenOptions,
) -> Result<Generated, GenError> {
    let shape = rules.shape();
    validate_killer(shape, options)?;
    let groups = options.symmetry.groups(shape);
    let mut marked = false;
    for attempt in 1..=options.attempts.max(1) {
        let filling = random_filling(rng, rules).ok_or(GenError::NoGrid(shape))?;
        let Some(layout) = cage_layout(rng, &filling, sizes.clone(), 0) else {
            continue;
        };
        marked = true;
        let caged = rules.variant().clone().with_cages(shape, &layout);
        let Some(solution) = caged
            .ok()
            .and_then(|v| filling.with_variant(Arc::new(v)).ok())
        else {
            continue;
        };
        let counter = Counter::new(&solution);
        let (puzzle, finished) = carve(rng, &counter, &solution, &groups, options);
        if counter.count(&puzzle, 2).is_some_and(|n| n != 1) {
            continue;
        }
        return Ok(Generated {
            puzzle,
            solution,
            attempts: attempt,
            minimal: finished,
        });
    }
    match marked {
        true => Err(GenError::NotReached(*options)),
        false => Err(GenError::TooManyCages(*sizes.end())),
    }
}

/// Checks `options` for killer puzzles of `shape`: [`super::validate`],
/// and no `--difficulty` or `--givens` (the grades read classic boards).
pub fn validate_killer(shape: Shape, options: &GenOptions) -> Result<(), GenError> {
    super::validate(shape, options)?;
    if options.difficulty.is_some() {
        return Err(GenError::ClassicOnly("--difficulty"));
    }
    if options.givens.is_some() {
        return Err(GenError::ClassicOnly("--givens"));
    }
    Ok(())
}

/// Random cages over the full grid `full`, as a cage layout (`--cages`
/// syntax: the marks row by row, then `MARK=SUM` words): cages of `sizes`
/// cells where room allows (see the module notes), each cell left out of
/// every cage with `left_out` percent odds. `None` when more cages were
/// drawn than there are marks.
pub fn cage_layout(
    rng: &mut Rng,
    full: &Grid,
    sizes: RangeInclusive<usize>,
    left_out: usize,
) -> Option<String> {
    let shape = full.shape();
    let (n, cells) = (shape.size(), shape.cell_count());
    let low = (*sizes.start()).max(1);
    let high = (*sizes.end()).min(n).max(low);
    // The side-by-side neighbours of a cell.
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        let mut next = Vec::with_capacity(4);
        if r > 0 {
            next.push(i - n);
        }
        if r + 1 < n {
            next.push(i + n);
        }
        if c > 0 {
            next.push(i - 1);
        }
        if c + 1 < n {
            next.push(i + 1);
        }
        next
    };
    let mut cage_of = vec![usize::MAX; cells];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &start in &order {
        if cage_of[start] != usize::MAX || rng.below(100) < left_out {
            continue;
        }
        let k = cages.len();
        let size = low + rng.below(high - low + 1);
        let mut members = vec![start];
        cage_of[start] = k;
        while members.len() < size {
            let holds = |j: usize| members.iter().any(|&m| full.get(m) == full.get(j));
            let room: Vec<usize> = members
                .iter()
                .flat_map(|&m| neighbours(m))
                .filter(|&j| cage_of[j] == usize::MAX && !holds(j))
                .collect();
            if room.is_empty() {
                break;
            }
            let j = room[rng.below(room.len())];
            cage_of[j] = k;
            members.push(j);
        }
        cages.push(members);
    }
    // A cage left too small joins a neighbour with room for its values.
    for k in 0..cages.len() {
        if cages[k].is_empty() || cages[k].len() >= low {
            continue;
        }
        let fits = |other: &Vec<usize>, mine: &Vec<usize>| {
            other.len() + mine.len() <= high
                && mine
                    .iter()
                    .all(|&i| other.iter().all(|&j| full.get(i) != full.get(j)))
        };
        let host = cages[k]
            .iter()
            .flat_map(|&i| neighbours(i))
            .map(|j| cage_of[j])
            .find(|&h| h != usize::MAX && h != k && fits(&cages[h], &cages[k]));
        if let Some(h) = host {
            let moved = std::mem::take(&mut cages[k]);
            for &i in &moved {
                cage_of[i] = h;
            }
            cages[h].extend(moved);
        }
    }
    cages.retain(|c| !c.is_empty());
    // Marks in reading order of the cages' first cells, as published
    // puzzles letter them.
    cages.sort_by_key(|c| c.iter().min().copied());
    if cages.len() > MARKS.len() {
        return None;
    }
    let marks: Vec<char> = MARKS.chars().collect();
    let mut mark_of = vec!['.'; cells];
    for (k, cage) in cages.iter().enumerate() {
        for &i in cage {
            mark_of[i] = marks[k];
        }
    }
    let mut layout: Vec<String> = mark_of.chunks(n).map(|row| row.iter().collect()).collect();
    let sums: Vec<String> = cages
        .iter()
        .enumerate()
        .map(|(k, cage)| {
            let sum: u32 = cage.iter().map(|&i| u32::from(full.get(i))).sum();
            format!("{}={}", marks[k], sum)
        })
        .collect();
    layout.push(sums.join(" "));
    Some(layout.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::boxes;
    use crate::generate::random_grid;

    #[test]
    fn cages_cover_the_grid_with_distinct_values_and_their_sums() {
        let mut rng = Rng::new(7);
        let full = random_grid(&mut rng, Shape::CLASSIC).unwrap();
        let layout = cage_layout(&mut rng, &full, 2..=5, 0).unwrap();
        let variant = crate::board::variant::Variant::classic()
            .with_cages(Shape::CLASSIC, &layout)
            .unwrap();
        let cages = variant.cages();
        let covered: usize = cages.iter().map(|c| c.cells.len()).sum();
        assert_eq!(covered, 81, "{}", layout);
        for cage in cages {
            assert!(cage.cells.len() <= 5, "{}", layout);
            let values: Vec<u8> = cage
                .cells
                .iter()
                .map(|&i| full.get(usize::from(i)))
                .collect();
            let sum: u32 = values.iter().map(|&v| u32::from(v)).sum();
            assert_eq!(sum, cage.sum);
            let mut distinct = values.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), values.len(), "{}", layout);
        }
        // The full grid keeps its cages.
        let caged = full.with_variant(Arc::new(variant)).unwrap();
        assert!(caged.first_break().is_none());
    }

    #[test]
    fn killer_puzzles_are_unique_and_minimal_at_9x9_and_6x6() {
        for (shape, seed) in [(Shape::CLASSIC, 1), (boxes(2, 3), 2)] {
            let mut rng = Rng::new(seed);
            let rules = Grid::empty(shape);
            let made = generate_killer(&mut rng, &rules, 2..=5, &GenOptions::default()).unwrap();
            assert!(made.minimal);
            assert!(!made.puzzle.variant().cages().is_empty());
            assert!(made.solution.solves(&made.puzzle));
            let counter = Counter::new(&made.puzzle);
            assert_eq!(counter.count(&made.puzzle, 2), Some(1));
            // Minimal: every given, blanked, lets in a second solution.
            for i in 0..shape.cell_count() {
                if made.puzzle.get(i) != 0 {
                    let mut fewer = made.puzzle.clone();
                    fewer.set(i, 0);
                    assert_eq!(counter.count(&fewer, 2), Some(2), "given {}", i);
                }
            }
        }
    }
}
