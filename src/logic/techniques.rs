//! Human techniques on a candidates grid: the deductions a person makes
//! with a pencil, one implementation of each.
//!
//! Glossary:
//! - *candidates* of a blank cell: the digits its row, column and box
//!   still allow (minus what techniques have eliminated), as a mask with
//!   bit `d` set for digit `d` (bits 1 to 9);
//! - *unit*: a row, column or box ([`UNITS`]: rows 0–8, columns 9–17,
//!   boxes 18–26);
//! - *step*: one application of a technique, a placement or a set of
//!   eliminations, that can be explained in words ([`Step`]'s `Display`).
//!
//! Techniques, simplest first ([`Technique::ALL`] is this order):
//!
//! | technique | what it sees | what it does |
//! |---|---|---|
//! | naked single | a cell with one candidate | places it |
//! | hidden single | a digit with one place left in a unit | places it |
//! | pointing pair/triple | a digit of a box confined to one row or column | removes it from the rest of that line |
//! | box/line reduction | a digit of a row or column confined to one box | removes it from the rest of that box |
//! | naked pair | two cells of a unit with the same two candidates | removes those digits from the unit's other cells |
//! | hidden pair | two digits of a unit with the same two places | removes every other candidate from those cells |
//! | x-wing | a digit with the same two places in two rows (columns) | removes it from the rest of those columns (rows) |
//! | guess | nothing above applies | places the solution's digit in a cell with fewest candidates |
//!
//! A guess is not a deduction: it is how the grader goes on once logic is
//! stuck, and it marks the puzzle as needing search.
//!
//! Every finder is O(81·9) or so per call and allocates only its result.

use crate::board::nine::{Board, UNITS};
use crate::board::shape::Shape;
use crate::board::Clash;
use std::fmt;

const ALL: u16 = 0x3fe; // bits 1..=9

/// The 20 peers of each cell (same row, column or box, itself excluded).
pub const PEERS: [[u8; 20]; 81] = build_peers();

const fn build_peers() -> [[u8; 20]; 81] {
    let mut peers = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            if j != i
                && (Shape::CLASSIC.row_of(j) == Shape::CLASSIC.row_of(i)
                    || Shape::CLASSIC.col_of(j) == Shape::CLASSIC.col_of(i)
                    || Shape::CLASSIC.box_of(j) == Shape::CLASSIC.box_of(i))
            {
                peers[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    peers
}

/// The digits of a candidate mask, ascending.
pub fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |&d| mask & (1 << d) != 0)
}

/// A board with pencil marks: the filled cells and, for every blank, the
/// candidates still open.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Candidates {
    cells: [u8; 81],
    cands: [u16; 81],
}

impl Candidates {
    /// The grid of `board` with every blank's candidates computed from its
    /// peers. Clashing givens are an error (the first clash, row-major).
    /// O(81·20).
    pub fn new(board: &Board) -> Result<Candidates, Clash> {
        if let Some(clash) = board.first_clash() {
            return Err(clash);
        }
        let mut grid = Candidates {
            cells: [0; 81],
            cands: [ALL; 81],
        };
        for i in 0..81 {
            let d = board.0[i];
            if (1..=9).contains(&d) {
                grid.place(i, d);
            }
        }
        Ok(grid)
    }

    /// The filled cells as a board.
    pub fn board(&self) -> Board {
        Board(self.cells)
    }

    /// The digit in cell `i`, 0 when blank.
    pub fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The candidates of cell `i` (bit `d` = digit `d`); 0 for a filled cell.
    pub fn candidates(&self, i: usize) -> u16 {
        self.cands[i]
    }

    /// How many cells are still blank.
    pub fn blanks(&self) -> usize {
        self.cells.iter().filter(|&&v| v == 0).count()
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Puts `digit` (1..=9) in cell `i` and removes it from the candidates
    /// of the cell's 20 peers. O(20).
    pub fn place(&mut self, i: usize, digit: u8) {
        self.cells[i] = digit;
        self.cands[i] = 0;
        let bit = !(1u16 << digit);
        for &p in PEERS[i].iter() {
            self.cands[p as usize] &= bit;
        }
    }

    /// Removes `digit` (1..=9) from the candidates of cell `i`.
    pub fn eliminate(&mut self, i: usize, digit: u8) {
        self.cands[i] &= !(1u16 << digit);
    }

    /// Applies a step: its placement, then its eliminations.
    pub fn apply(&mut self, step: &Step) {
        if let Some((i, d)) = step.place {
            self.place(i, d);
        }
        for &(i, d) in step.remove.iter() {
            self.eliminate(i, d);
        }
    }

    /// Why this grid cannot be completed, if it visibly cannot: a blank
    /// without candidates, or a digit missing from a unit with no place left
    /// in it. `None` does not prove a solution exists. O(27·9).
    pub fn contradiction(&self) -> Option<String> {
        for i in 0..81 {
            if self.cells[i] == 0 && self.cands[i] == 0 {
                return Some(format!(
                    "{} has no candidate left",
                    Shape::CLASSIC.cell_name(i)
                ));
            }
        }
        for (u, unit) in UNITS.iter().enumerate() {
            let mut placed = 0u16;
            let mut open = 0u16;
            for &c in unit.iter() {
                placed |= 1 << self.cells[c as usize];
                open |= self.cands[c as usize];
            }
            let missing = ALL & !placed & !open;
            if let Some(d) = digits_of(missing).next() {
                return Some(format!(
                    "digit {} has no place left in {}",
                    d,
                    Shape::CLASSIC.unit_name(u)
                ));
            }
        }
        None
    }

    /// The cells of unit `u` where `digit` is still a candidate, as a bit
    /// mask over the unit's 9 positions.
    fn places(&self, u: usize, digit: u8) -> u16 {
        let mut mask = 0;
        for (k, &c) in UNITS[u].iter().enumerate() {
            if self.cands[c as usize] & (1 << digit) != 0 {
                mask |= 1 << k;
            }
        }
        mask
    }
}

/// A technique, simplest first (the derived order is the grading order).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Technique {
    /// A cell with one candidate.
    NakedSingle,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// A box's candidates for a digit all in one row or column.
    Pointing,
    /// A row's or column's candidates for a digit all in one box.
    BoxLine,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// A digit with the same two places in two rows (or columns).
    XWing,
    /// No technique applies: the solution's digit is placed.
    Guess,
}

impl Technique {
    /// Every technique, simplest first.
    pub const ALL: [Technique; 8] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::BoxLine,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::XWing,
        Technique::Guess,
    ];

    /// The name used in counts: `naked_single`, `hidden_single`,
    /// `pointing`, `box_line`, `naked_pair`, `hidden_pair`, `x_wing`, `guess`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::Pointing => "pointing",
            Technique::BoxLine => "box_line",
            Technique::NakedPair => "naked_pair",
            Technique::HiddenPair => "hidden_pair",
            Technique::XWing => "x_wing",
            Technique::Guess => "guess",
        }
    }

    /// Position in [`Technique::ALL`] (for count arrays).
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One application of a technique.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// What was applied.
    pub technique: Technique,
    /// The cell filled and its digit (singles and guesses).
    pub place: Option<(usize, u8)>,
    /// The candidates removed, `(cell, digit)`, by digit then cell.
    pub remove: Vec<(usize, u8)>,
    /// The digits of the pattern (the placed digit, the pair, ...), as a mask.
    pub digits: u16,
    /// The cells of the pattern, ascending.
    pub cells: Vec<usize>,
    /// The units involved, in the order the explanation names them
    /// (hidden single: the unit; pointing: box then line; box/line: line
    /// then box; pairs: the unit; x-wing: the two base lines, then the two
    /// cover lines). Empty for naked singles and guesses.
    pub units: Vec<usize>,
}

fn cells_text(cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| Shape::CLASSIC.cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

fn digits_text(mask: u16) -> String {
    digits_of(mask)
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("/")
}

/// Eliminations grouped by digit: `remove 7 from r3c1 r3c8, 9 from r3c1`.
fn removals_text(remove: &[(usize, u8)]) -> String {
    let mut parts = Vec::new();
    for d in 1..=9u8 {
        let cells: Vec<usize> = remove.iter().filter(|r| r.1 == d).map(|r| r.0).collect();
        if !cells.is_empty() {
            parts.push(format!("{} from {}", d, cells_text(&cells)));
        }
    }
    format!("remove {}", parts.join(", "))
}

impl Step {
    /// The name of the `k`-th unit of the pattern (`?` when the step was
    /// built without it).
    fn unit(&self, k: usize) -> String {
        self.units
            .get(k)
            .filter(|&&u| u < 27)
            .map_or_else(|| "?".to_string(), |&u| Shape::CLASSIC.unit_name(u))
    }
}

impl fmt::Display for Step {
    /// One line for a learner, e.g. `r3c5 = 7 (hidden single in box 2)` or
    /// `remove 7 from r3c1 r3c8 (pointing pair: in box 2, 7 lies only in row 3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = digits_text(self.digits);
        match self.technique {
            Technique::NakedSingle => {
                let (i, d) = self.place.unwrap_or((0, 0));
                write!(f, "{} = {} (naked single)", Shape::CLASSIC.cell_name(i), d)
            }
            Technique::HiddenSingle => {
                let (i, d) = self.place.unwrap_or((0, 0));
                write!(
                    f,
                    "{} = {} (hidden single in {})",
                    Shape::CLASSIC.cell_name(i),
                    d,
                    self.unit(0)
                )
            }
            Technique::Guess => {
                let (i, d) = self.place.unwrap_or((0, 0));
                write!(
                    f,
                    "{} = {} (guess among {}: no technique applies; the digit is the solution's)",
                    Shape::CLASSIC.cell_name(i),
                    d,
                    digits
                )
            }
            Technique::Pointing => {
                let kind = if self.cells.len() == 2 {
                    "pair"
                } else {
                    "triple"
                };
                write!(
                    f,
                    "{} (pointing {}: in {}, {} lies only in {})",
                    removals_text(&self.remove),
                    kind,
                    self.unit(0),
                    digits,
                    self.unit(1)
                )
            }
            Technique::BoxLine => write!(
                f,
                "{} (box/line reduction: in {}, {} lies only in {})",
                removals_text(&self.remove),
                self.unit(0),
                digits,
                self.unit(1)
            ),
            Technique::NakedPair => write!(
                f,
                "{} (naked pair {} at {} in {})",
                removals_text(&self.remove),
                digits,
                cells_text(&self.cells),
                self.unit(0)
            ),
            Technique::HiddenPair => write!(
                f,
                "{} (hidden pair {} at {} in {})",
                removals_text(&self.remove),
                digits,
                cells_text(&self.cells),
                self.unit(0)
            ),
            Technique::XWing => write!(
                f,
                "{} (x-wing on {}: {} and {}, {} and {})",
                removals_text(&self.remove),
                digits,
                self.unit(0),
                self.unit(1),
                self.unit(2),
                self.unit(3)
            ),
        }
    }
}

/// Finds up to `limit` applications of `technique` in `grid` as it stands
/// (each found independently of the others; a cell is placed at most once).
/// Every returned step makes progress. [`Technique::Guess`] is never found
/// here: see [`guess`]. Scan order, which fixes which step comes first:
/// naked singles row-major; hidden singles boxes, then rows, then columns,
/// digits ascending; the other techniques unit by unit in [`UNITS`] order.
pub fn find(grid: &Candidates, technique: Technique, limit: usize) -> Vec<Step> {
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    match technique {
        Technique::NakedSingle => naked_singles(grid, limit, &mut out),
        Technique::HiddenSingle => hidden_singles(grid, limit, &mut out),
        Technique::Pointing => pointing(grid, limit, &mut out),
        Technique::BoxLine => box_line(grid, limit, &mut out),
        Technique::NakedPair => naked_pairs(grid, limit, &mut out),
        Technique::HiddenPair => hidden_pairs(grid, limit, &mut out),
        Technique::XWing => x_wings(grid, limit, &mut out),
        Technique::Guess => {}
    }
    out
}

/// The first step of the simplest technique among `techniques` that makes
/// progress, or `None` when none applies.
pub fn next_step(grid: &Candidates, techniques: &[Technique]) -> Option<Step> {
    techniques
        .iter()
        .find_map(|&t| find(grid, t, 1).into_iter().next())
}

/// A guess: the first blank (row-major) with the fewest candidates gets
/// `solution`'s digit. `None` when the grid is full.
pub fn guess(grid: &Candidates, solution: &Board) -> Option<Step> {
    let i = (0..81)
        .filter(|&i| grid.cells[i] == 0)
        .min_by_key(|&i| grid.cands[i].count_ones())?;
    Some(Step {
        technique: Technique::Guess,
        place: Some((i, solution.0[i])),
        remove: Vec::new(),
        digits: grid.cands[i],
        cells: vec![i],
        units: Vec::new(),
    })
}

fn placement(technique: Technique, i: usize, d: u8, units: Vec<usize>) -> Step {
    Step {
        technique,
        place: Some((i, d)),
        remove: Vec::new(),
        digits: 1 << d,
        cells: vec![i],
        units,
    }
}

fn naked_singles(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for i in 0..81 {
        let m = grid.cands[i];
        if grid.cells[i] == 0 && m.count_ones() == 1 {
            let d = m.trailing_zeros() as u8;
            out.push(placement(Technique::NakedSingle, i, d, Vec::new()));
            if out.len() == limit {
                return;
            }
        }
    }
}

fn hidden_singles(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    let mut taken = [false; 81];
    for u in (18..27).chain(0..18) {
        for d in 1..=9u8 {
            let places = grid.places(u, d);
            if places.count_ones() != 1 {
                continue;
            }
            let i = UNITS[u][places.trailing_zeros() as usize] as usize;
            if taken[i] {
                continue;
            }
            taken[i] = true;
            out.push(placement(Technique::HiddenSingle, i, d, vec![u]));
            if out.len() == limit {
                return;
            }
        }
    }
}

/// The cells of unit `u` at the positions of `mask`.
fn unit_cells(u: usize, mask: u16) -> Vec<usize> {
    (0..9)
        .filter(|k| mask & (1 << k) != 0)
        .map(|k| UNITS[u][k] as usize)
        .collect()
}

/// The cells of unit `target` outside unit `except` that still have `d`.
fn removals_in(grid: &Candidates, target: usize, except: usize, d: u8) -> Vec<(usize, u8)> {
    UNITS[target]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| !UNITS[except].contains(&(c as u8)) && grid.cands[c] & (1 << d) != 0)
        .map(|c| (c, d))
        .collect()
}

fn pointing(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for b in 18..27 {
        for d in 1..=9u8 {
            let places = grid.places(b, d);
            if places.count_ones() < 2 {
                continue;
            }
            let cells = unit_cells(b, places);
            let r = Shape::CLASSIC.row_of(cells[0]);
            let c = Shape::CLASSIC.col_of(cells[0]);
            let line = if cells.iter().all(|&x| Shape::CLASSIC.row_of(x) == r) {
                r
            } else if cells.iter().all(|&x| Shape::CLASSIC.col_of(x) == c) {
                9 + c
            } else {
                continue;
            };
            let remove = removals_in(grid, line, b, d);
            if remove.is_empty() {
                continue;
            }
            out.push(Step {
                technique: Technique::Pointing,
                place: None,
                remove,
                digits: 1 << d,
                cells,
                units: vec![b, line],
            });
            if out.len() == limit {
                return;
            }
        }
    }
}

fn box_line(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for line in 0..18 {
        for d in 1..=9u8 {
            let places = grid.places(line, d);
            if places.count_ones() < 2 {
                continue;
            }
            let cells = unit_cells(line, places);
            let b = Shape::CLASSIC.box_of(cells[0]);
            if !cells.iter().all(|&x| Shape::CLASSIC.box_of(x) == b) {
                continue;
            }
            let remove = removals_in(grid, 18 + b, line, d);
            if remove.is_empty() {
                continue;
            }
            out.push(Step {
                technique: Technique::BoxLine,
                place: None,
                remove,
                digits: 1 << d,
                cells,
                units: vec![line, 18 + b],
            });
            if out.len() == limit {
                return;
            }
        }
    }
}

fn naked_pairs(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for (u, unit) in UNITS.iter().enumerate() {
        for a in 0..9 {
            let ca = unit[a] as usize;
            let pair = grid.cands[ca];
            if grid.cells[ca] != 0 || pair.count_ones() != 2 {
                continue;
            }
            for &cb in unit[a + 1..].iter() {
                let cb = cb as usize;
                if grid.cands[cb] != pair {
                    continue;
                }
                let mut remove = Vec::new();
                for d in digits_of(pair) {
                    for &c in unit.iter() {
                        let c = c as usize;
                        if c != ca && c != cb && grid.cands[c] & (1 << d) != 0 {
                            remove.push((c, d));
                        }
                    }
                }
                if remove.is_empty() {
                    continue;
                }
                out.push(Step {
                    technique: Technique::NakedPair,
                    place: None,
                    remove,
                    digits: pair,
                    cells: vec![ca, cb],
                    units: vec![u],
                });
                if out.len() == limit {
                    return;
                }
            }
        }
    }
}

fn hidden_pairs(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    for u in 0..27 {
        let places: Vec<u16> = (0..=9u8).map(|d| grid.places(u, d)).collect();
        for d1 in 1..=9u8 {
            let p = places[d1 as usize];
            if p.count_ones() != 2 {
                continue;
            }
            for d2 in d1 + 1..=9 {
                if places[d2 as usize] != p {
                    continue;
                }
                let pair = (1u16 << d1) | (1 << d2);
                let cells = unit_cells(u, p);
                let mut remove = Vec::new();
                for d in digits_of(ALL & !pair) {
                    for &c in cells.iter() {
                        if grid.cands[c] & (1 << d) != 0 {
                            remove.push((c, d));
                        }
                    }
                }
                if remove.is_empty() {
                    continue;
                }
                out.push(Step {
                    technique: Technique::HiddenPair,
                    place: None,
                    remove,
                    digits: pair,
                    cells,
                    units: vec![u],
                });
                if out.len() == limit {
                    return;
                }
            }
        }
    }
}

fn x_wings(grid: &Candidates, limit: usize, out: &mut Vec<Step>) {
    // base = 0: rows are the base lines, columns the cover; base = 9: the
    // other way round. Positions within a row are columns and vice versa.
    for base in [0, 9] {
        let cover = 9 - base;
        for d in 1..=9u8 {
            for l1 in 0..9 {
                let p = grid.places(base + l1, d);
                if p.count_ones() != 2 {
                    continue;
                }
                for l2 in l1 + 1..9 {
                    if grid.places(base + l2, d) != p {
                        continue;
                    }
                    let covers: Vec<usize> = (0..9).filter(|k| p & (1 << k) != 0).collect();
                    let mut remove = Vec::new();
                    for &k in covers.iter() {
                        for (m, &c) in UNITS[cover + k].iter().enumerate() {
                            let c = c as usize;
                            if m != l1 && m != l2 && grid.cands[c] & (1 << d) != 0 {
                                remove.push((c, d));
                            }
                        }
                    }
                    if remove.is_empty() {
                        continue;
                    }
                    remove.sort_unstable();
                    let mut cells = unit_cells(base + l1, p);
                    cells.extend(unit_cells(base + l2, p));
                    cells.sort_unstable();
                    out.push(Step {
                        technique: Technique::XWing,
                        place: None,
                        remove,
                        digits: 1 << d,
                        cells,
                        units: vec![base + l1, base + l2, cover + covers[0], cover + covers[1]],
                    });
                    if out.len() == limit {
                        return;
                    }
                }
            }
        }
    }
}

/// One round of singles on the 9×9 grid: every naked single of the grid
/// as it stands (row-major), then, unless `naked_only`, every hidden single
/// of the grid that results. Steps are applied as they are made; a step
/// whose cell was filled, or whose digit was removed, by an earlier step of
/// the round is dropped. Returns the steps applied (empty at the fixed
/// point). `sudoku propagate` uses [`crate::logic::singles`] (every size); this
/// is the 9×9 reference its tests compare against.
#[cfg(test)]
pub(crate) fn singles_round(grid: &mut Candidates, naked_only: bool) -> Vec<Step> {
    let mut done = Vec::new();
    let kinds: &[Technique] = if naked_only {
        &[Technique::NakedSingle]
    } else {
        &[Technique::NakedSingle, Technique::HiddenSingle]
    };
    for &t in kinds {
        for step in find(grid, t, 81) {
            if let Some((i, d)) = step.place {
                if grid.cells[i] != 0 || grid.cands[i] & (1 << d) == 0 {
                    continue;
                }
            }
            grid.apply(&step);
            done.push(step);
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{cells, BRUTE};

    #[test]
    fn peers_are_twenty_distinct_cells_sharing_a_unit() {
        for (i, peers) in PEERS.iter().enumerate() {
            let mut seen = [false; 81];
            for &p in peers.iter() {
                let p = p as usize;
                assert!(p != i && !seen[p]);
                seen[p] = true;
                assert!(
                    Shape::CLASSIC.row_of(p) == Shape::CLASSIC.row_of(i)
                        || Shape::CLASSIC.col_of(p) == Shape::CLASSIC.col_of(i)
                        || Shape::CLASSIC.box_of(p) == Shape::CLASSIC.box_of(i)
                );
            }
        }
    }

    #[test]
    fn new_computes_candidates_and_rejects_clashes() {
        let g = Candidates::new(&Board(cells(BRUTE))).unwrap();
        // r1c1: row 1 empty, column 1 has 5, box 1 has 1.
        assert_eq!(g.candidates(0), ALL & !(1 << 5) & !(1 << 1));
        assert_eq!(g.blanks(), 64);
        let mut b = Board::EMPTY;
        b.0[0] = 3;
        b.0[80] = 3;
        b.0[8] = 3;
        assert!(Candidates::new(&b).is_err());
    }

    #[test]
    fn brute_force_puzzle_has_no_naked_single_but_a_hidden_one() {
        let g = Candidates::new(&Board(cells(BRUTE))).unwrap();
        assert!(find(&g, Technique::NakedSingle, 81).is_empty());
        let hidden = find(&g, Technique::HiddenSingle, 81);
        assert!(!hidden.is_empty());
        let solution = crate::solve::nine::solve(&Board(cells(BRUTE))).unwrap();
        for s in hidden {
            let (i, d) = s.place.unwrap();
            assert_eq!(solution.0[i], d, "{}", s);
        }
    }

    #[test]
    fn singles_rounds_solve_the_brute_force_puzzle() {
        let mut g = Candidates::new(&Board(cells(BRUTE))).unwrap();
        let mut rounds = 0;
        while !singles_round(&mut g, false).is_empty() {
            rounds += 1;
        }
        assert!(g.is_solved());
        assert!(rounds > 1);
        assert!(g.board().solves(&Board(cells(BRUTE))));
        let mut naked = Candidates::new(&Board(cells(BRUTE))).unwrap();
        assert!(singles_round(&mut naked, true).is_empty());
    }

    #[test]
    fn hidden_single_text_names_the_unit() {
        // Digit 7 fits only r1c1 in box 1: the 7s of rows 2 and 3 and of
        // columns 2 and 3 close the other cells.
        let mut b = Board::EMPTY;
        b.0[9 + 4] = 7; // r2c5
        b.0[18 + 7] = 7; // r3c8
        b.0[27 + 1] = 7; // r4c2
        b.0[63 + 2] = 7; // r8c3
        let g = Candidates::new(&b).unwrap();
        let s = find(&g, Technique::HiddenSingle, 1).remove(0);
        assert_eq!(s.to_string(), "r1c1 = 7 (hidden single in box 1)");
    }

    #[test]
    fn pointing_pair_removes_from_the_rest_of_the_row() {
        // In box 1, 5 is kept off rows 2 and 3 and off column 3: it can
        // only be at r1c1 or r1c2, so the rest of row 1 loses 5.
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for i in [2, 9, 10, 11, 18, 19, 20] {
            g.eliminate(i, 5);
        }
        let s = find(&g, Technique::Pointing, 1).remove(0);
        assert_eq!(s.cells, vec![0, 1]);
        assert_eq!(
            s.to_string(),
            "remove 5 from r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 (pointing pair: in box 1, 5 lies only in row 1)"
        );
        g.apply(&s);
        assert!((3..9).all(|i| g.candidates(i) & (1 << 5) == 0));
    }

    #[test]
    fn box_line_reduction_removes_from_the_rest_of_the_box() {
        // In row 1, 4 is kept out of columns 4 to 9: it lies in box 1, so
        // rows 2 and 3 of box 1 lose 4.
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for i in 3..9 {
            g.eliminate(i, 4);
        }
        let s = find(&g, Technique::BoxLine, 1).remove(0);
        assert_eq!(s.cells, vec![0, 1, 2]);
        assert_eq!(
            s.to_string(),
            "remove 4 from r2c1 r2c2 r2c3 r3c1 r3c2 r3c3 (box/line reduction: in row 1, 4 lies only in box 1)"
        );
    }

    #[test]
    fn naked_pair_and_hidden_pair_are_found() {
        // Row 1: r1c1 and r1c2 may hold only 1 or 2.
        let mut b = Board::EMPTY;
        for c in 2..9 {
            b.0[c] = c as u8 + 1;
        }
        let g = Candidates::new(&b).unwrap();
        assert_eq!(g.candidates(0), 0b110);
        // Same pair in box 1: r2c1.. lose 1 and 2.
        let s = find(&g, Technique::NakedPair, 81)
            .into_iter()
            .find(|s| s.units[0] == 18)
            .unwrap();
        assert_eq!(s.cells, vec![0, 1]);
        assert!(s
            .to_string()
            .starts_with("remove 1 from r2c1 r2c2 r2c3 r3c1 r3c2 r3c3, 2 from"));
        // Hidden pair: digits 1 and 2 of column 1 are limited to r1c1 and
        // r2c1 when the rest of column 1 sees 1 and 2 in their rows.
        let mut h = Board::EMPTY;
        // (row, column of the 1, column of the 2), 0-based, rows 3 to 9.
        let ones_and_twos = [
            (2, 3, 6),
            (3, 1, 5),
            (4, 4, 8),
            (5, 7, 2),
            (6, 2, 4),
            (7, 5, 7),
            (8, 8, 1),
        ];
        for (r, c1, c2) in ones_and_twos {
            h.0[r * 9 + c1] = 1;
            h.0[r * 9 + c2] = 2;
        }
        let g = Candidates::new(&h).unwrap();
        let col1 = find(&g, Technique::HiddenPair, 81)
            .into_iter()
            .find(|s| s.units[0] == 9)
            .unwrap();
        assert_eq!(col1.cells, vec![0, 9]);
        assert_eq!(col1.digits, 0b110);
        assert!(col1
            .remove
            .iter()
            .all(|&(c, d)| (c == 0 || c == 9) && d > 2));
    }

    #[test]
    fn x_wing_removes_from_the_cover_columns() {
        // Digit 9 in rows 1 and 5 only in columns 1 and 5: columns 1 and 5
        // lose 9 elsewhere.
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for r in [0, 4] {
            for c in 0..9 {
                if c != 0 && c != 4 {
                    g.eliminate(r * 9 + c, 9);
                }
            }
        }
        let s = find(&g, Technique::XWing, 1).remove(0);
        assert_eq!(s.cells, vec![0, 4, 36, 40]);
        assert_eq!(s.remove.len(), 14);
        assert!(s
            .to_string()
            .ends_with("(x-wing on 9: row 1 and row 5, column 1 and column 5)"));
    }

    #[test]
    fn contradiction_names_the_cell() {
        let mut g = Candidates::new(&Board::EMPTY).unwrap();
        for d in 1..=9 {
            g.eliminate(10, d);
        }
        assert_eq!(g.contradiction().unwrap(), "r2c2 has no candidate left");
        assert_eq!(
            Candidates::new(&Board(cells(BRUTE)))
                .unwrap()
                .contradiction(),
            None
        );
    }
}
