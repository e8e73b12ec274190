//! Variants as data of the board: the two main diagonals (Sudoku X),
//! irregular regions in place of the boxes (jigsaw), and killer cages
//! (cells that hold distinct values adding up to a sum). They combine
//! freely, at every size, and a [`crate::board::Grid`] carries its
//! variant, so every search, check and picture reads the same rules.
//!
//! # The units of a variant
//! A *unit* holds each value 1..=N once. The classic numbering of
//! [`crate::board::shape`] stays: rows `0..N`, columns `N..2N`, then the
//! N boxes, or the N regions of a jigsaw, `2N..3N`; with diagonals, the
//! main diagonal (r1c1 to rNcN) is unit `3N` and the anti-diagonal (r1cN
//! to rNc1) unit `3N+1`. A cage is no unit (it holds fewer values than
//! N, and which ones is up to its sum); its cells hold distinct values.
//!
//! # Syntax (`--x`, `--regions`, `--cages`)
//! - **Regions**: one mark per cell, row-major, N² of them; whitespace
//!   and commas between marks are ignored, so the layout can be written
//!   as N rows (or as one word on a command line).
//!   Cells with the same mark form a region; there must be N marks, each
//!   on N cells. Regions are numbered in the order their first cell comes
//!   row-major (region 1 holds r1c1).
//! - **Cages**: one mark per cell as for regions, `.` for a cell in no
//!   cage, then one word `MARK=SUM` per cage (`a=12 b=17 ...`, in any
//!   order, on any line, separated by whitespace or commas:
//!   `--cages aab...,a=12,b=17` is one word). A cage's cells need not touch. Every cage needs
//!   a sum its size can make with distinct values of 1..=N (a cage of k
//!   cells sums to between 1+…+k and (N−k+1)+…+N), and every sum a cage.
//!   This is CodinGame's "Killer Sudoku Solver" layout, givens aside.

use crate::board::shape::{Shape, ShapeError};
use crate::board::symbol::{shown, shown_char};
use std::fmt;

/// A board's variant rules beyond rows, columns and boxes. The default
/// is the classic board (no rule added).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Variant {
    /// The shape the layouts were read for (`None`: no layout, any size).
    shape: Option<Shape>,
    diagonals: bool,
    /// The region (0..N) of each cell, when the boxes are replaced.
    regions: Option<Vec<u8>>,
    cages: Vec<Cage>,
}

/// A killer cage: its cells hold distinct values that add up to `sum`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cage {
    /// The cells, ascending (row-major).
    pub cells: Vec<u16>,
    /// The total of its values.
    pub sum: u32,
    /// The mark it was written with (`a` in `a=12`).
    pub mark: char,
}

/// A unit or a cage, named for people: `row 3`, `region 2`, `the main
/// diagonal`, `cage a (sum 12)` ([`Area::name`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Area {
    /// A row, column or box (units `0..3N`), or a diagonal (`3N`, `3N+1`).
    Unit(usize),
    /// A jigsaw region, 0..N.
    Region(usize),
    /// A killer cage, by its mark and sum.
    Cage { mark: char, sum: u32 },
}

impl Area {
    /// People's name of the area on a board of `shape`.
    pub fn name(self, shape: Shape) -> String {
        let n = shape.size();
        match self {
            Area::Unit(u) if u < 3 * n => shape.unit_name(u),
            Area::Unit(u) if u == 3 * n => "the main diagonal".to_string(),
            Area::Unit(_) => "the anti-diagonal".to_string(),
            Area::Region(k) => format!("region {}", k + 1),
            Area::Cage { mark, sum } => format!("cage {} (sum {})", mark, sum),
        }
    }
}

/// The first rule a board's values break ([`Variant::first_break`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Break {
    /// Two cells of one area hold the same value: the area, the earlier
    /// cell (row-major), the later one.
    Repeat(Area, usize, usize),
    /// A full cage whose values do not add up to its sum: the cage, and
    /// the total of its values.
    Sum(Area, u32),
}

/// A variant text that gives no rules, or rules no board of the shape
/// can follow: what and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VariantError {
    /// The number of cell marks is not N².
    Marks {
        what: &'static str,
        found: usize,
        shape: Shape,
    },
    /// Regions: a count of marks other than N, or a mark on other than N
    /// cells (the mark, its cells).
    RegionSize { mark: char, cells: usize, n: usize },
    /// Regions: more or fewer than N marks.
    RegionCount { found: usize, n: usize },
    /// Cages: a word after the marks that is no `MARK=SUM`.
    SumWord(String),
    /// Regions: a `MARK=SUM` word (regions have no sums).
    RegionSum(String),
    /// The region and cage layouts are for boards of two sizes.
    Sizes(Shape, Shape),
    /// Cages: a mark with no sum, or a sum with no cells.
    Unmatched { mark: char, has_cells: bool },
    /// Cages: a mark given two sums.
    TwoSums(char),
    /// Cages: more cells than values, or a sum its size cannot make.
    CageSum {
        mark: char,
        cells: usize,
        sum: u32,
        low: u32,
        high: u32,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Marks { what, found, shape } => {
                let n = shape.size();
                write!(
                    f,
                    "{} gives {} cell marks; a {}x{} board needs {}",
                    what,
                    found,
                    n,
                    n,
                    n * n
                )
            }
            VariantError::RegionSize { mark, cells, n } => write!(
                f,
                "region '{}' has {} cells; every region needs {}",
                shown_char(*mark),
                cells,
                n
            ),
            VariantError::RegionCount { found, n } => {
                write!(f, "{} regions; the board needs {}", found, n)
            }
            VariantError::SumWord(word) => write!(
                f,
                "'{}' is no cage sum: after the cell marks come words MARK=SUM, e.g. a=12",
                shown(word)
            ),
            VariantError::Sizes(a, b) => write!(
                f,
                "the layouts are for two sizes, {}x{} and {}x{}",
                a.size(),
                a.size(),
                b.size(),
                b.size()
            ),
            VariantError::RegionSum(word) => {
                write!(
                    f,
                    "'{}': a region layout has no sums, only cell marks",
                    shown(word)
                )
            }
            VariantError::Unmatched { mark, has_cells } => {
                if *has_cells {
                    let mark = shown_char(*mark);
                    write!(f, "cage '{}' has cells but no sum (add {}=SUM)", mark, mark)
                } else {
                    write!(f, "cage '{}' has a sum but no cells", shown_char(*mark))
                }
            }
            VariantError::TwoSums(mark) => {
                write!(f, "cage '{}' is given two sums", shown_char(*mark))
            }
            VariantError::CageSum {
                mark,
                cells,
                sum,
                low,
                high,
            } => {
                if low > high {
                    write!(
                        f,
                        "cage '{}' has {} cells, more than the board has values",
                        shown_char(*mark),
                        cells
                    )
                } else {
                    write!(
                        f,
                        "cage '{}': {} cells of distinct values sum to {} to {}, not {}",
                        shown_char(*mark),
                        cells,
                        low,
                        high,
                        sum
                    )
                }
            }
        }
    }
}

impl std::error::Error for VariantError {}

/// The least and the greatest sum of `k` distinct values of 1..=N
/// (`low > high` when k > N).
pub fn cage_range(k: usize, n: usize) -> (u32, u32) {
    let (k, n) = (k as u32, n as u32);
    let low = k * (k + 1) / 2;
    let high = if k > n { 0 } else { k * (2 * n + 1 - k) / 2 };
    (low, high)
}

/// A layout's words: split at whitespace and commas (never a mark).
fn layout_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
}

/// The number of cell marks of a region or cage layout: the characters
/// of its words before the first `MARK=SUM` (for reading its size).
pub fn layout_cells(text: &str) -> usize {
    layout_words(text)
        .take_while(|w| !w.contains('='))
        .map(|w| w.chars().count())
        .sum()
}

/// The shape of a board a region or cage layout is for: `forced` (from
/// `--box` or `box =`) when given, else the one its cell marks' count
/// gives ([`Shape::choose`]).
pub fn layout_shape(text: &str, forced: Option<Shape>) -> Result<Shape, ShapeError> {
    Shape::choose(layout_cells(text), forced)
}

/// A layout's cell marks (the characters of its words before the first
/// `MARK=SUM`) and the words from there on; the error names `what` when
/// there are not N² marks.
fn cell_marks<'a>(
    text: &'a str,
    shape: Shape,
    what: &'static str,
) -> Result<(Vec<char>, Vec<&'a str>), VariantError> {
    let words: Vec<&str> = layout_words(text).collect();
    let first_sum = words
        .iter()
        .position(|w| w.contains('='))
        .unwrap_or(words.len());
    let marks: Vec<char> = words[..first_sum].iter().flat_map(|w| w.chars()).collect();
    if marks.len() != shape.cell_count() {
        return Err(VariantError::Marks {
            what,
            found: marks.len(),
            shape,
        });
    }
    Ok((marks, words[first_sum..].to_vec()))
}

impl Variant {
    /// The classic board: no rule added.
    pub const CLASSIC: Variant = Variant {
        shape: None,
        diagonals: false,
        regions: None,
        cages: Vec::new(),
    };

    /// The classic board: no rule added.
    pub fn classic() -> Variant {
        Variant::CLASSIC
    }

    /// True when no rule is added (the board is the classic one).
    pub fn is_classic(&self) -> bool {
        !self.diagonals && self.regions.is_none() && self.cages.is_empty()
    }

    /// The same rules with the two main diagonals as units (`on`) or not.
    pub fn with_diagonals(mut self, on: bool) -> Variant {
        self.diagonals = on;
        self
    }

    /// The same rules with the regions of `text` (see the module notes) in
    /// place of the boxes of `shape`.
    pub fn with_regions(mut self, shape: Shape, text: &str) -> Result<Variant, VariantError> {
        self.same_size(shape)?;
        let n = shape.size();
        let (marks, sums) = cell_marks(text, shape, "the region layout")?;
        if let Some(word) = sums.first() {
            return Err(VariantError::RegionSum(word.to_string()));
        }
        let mut order: Vec<char> = Vec::new();
        let mut regions = Vec::with_capacity(marks.len());
        for &m in &marks {
            let r = match order.iter().position(|&o| o == m) {
                Some(r) => r,
                None => {
                    order.push(m);
                    order.len() - 1
                }
            };
            regions.push(r.min(255) as u8);
        }
        if order.len() != n {
            return Err(VariantError::RegionCount {
                found: order.len(),
                n,
            });
        }
        for (r, &mark) in order.iter().enumerate() {
            let cells = regions.iter().filter(|&&x| usize::from(x) == r).count();
            if cells != n {
                return Err(VariantError::RegionSize { mark, cells, n });
            }
        }
        self.regions = Some(regions);
        self.shape = Some(shape);
        Ok(self)
    }

    /// The same rules with the cages of `text` (see the module notes).
    pub fn with_cages(mut self, shape: Shape, text: &str) -> Result<Variant, VariantError> {
        self.same_size(shape)?;
        let n = shape.size();
        let (marks, sum_words) = cell_marks(text, shape, "the cage layout")?;
        let mut sums: Vec<(char, u32)> = Vec::new();
        for word in sum_words {
            let bad = || VariantError::SumWord(word.to_string());
            let (mark, sum) = word.split_once('=').ok_or_else(bad)?;
            let mut chars = mark.chars();
            let (Some(mark), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            if mark == '.' || sum.is_empty() || !sum.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            let sum: u32 = sum.parse().map_err(|_| bad())?;
            if sums.iter().any(|&(m, _)| m == mark) {
                return Err(VariantError::TwoSums(mark));
            }
            sums.push((mark, sum));
        }
        let mut cages = Vec::new();
        for (i, &m) in marks.iter().enumerate() {
            if m == '.' {
                continue;
            }
            match cages.iter_mut().find(|c: &&mut Cage| c.mark == m) {
                Some(cage) => cage.cells.push(i as u16),
                None => {
                    let &(_, sum) =
                        sums.iter()
                            .find(|&&(s, _)| s == m)
                            .ok_or(VariantError::Unmatched {
                                mark: m,
                                has_cells: true,
                            })?;
                    cages.push(Cage {
                        cells: vec![i as u16],
                        sum,
                        mark: m,
                    });
                }
            }
        }
        if let Some(&(mark, _)) = sums
            .iter()
            .find(|&&(s, _)| !cages.iter().any(|c| c.mark == s))
        {
            return Err(VariantError::Unmatched {
                mark,
                has_cells: false,
            });
        }
        for cage in &cages {
            let (low, high) = cage_range(cage.cells.len(), n);
            if cage.sum < low || cage.sum > high {
                return Err(VariantError::CageSum {
                    mark: cage.mark,
                    cells: cage.cells.len(),
                    sum: cage.sum,
                    low,
                    high,
                });
            }
        }
        self.cages = cages;
        self.shape = Some(shape);
        Ok(self)
    }

    /// Ok unless a layout was read for another size than `shape`'s.
    fn same_size(&self, shape: Shape) -> Result<(), VariantError> {
        match self.shape {
            Some(s) if s.size() != shape.size() => Err(VariantError::Sizes(s, shape)),
            _ => Ok(()),
        }
    }

    /// True when the two main diagonals are units.
    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// The region (0..N) of each cell, when regions replace the boxes.
    pub fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// The killer cages, in the order of their first cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// True when these rules fit a board of `shape`: their layouts, if
    /// any, were read for its size.
    pub fn fits(&self, shape: Shape) -> bool {
        self.shape.is_none_or(|s| s.size() == shape.size())
    }

    /// The shape the layouts were read for (`None` without a layout).
    pub fn shape(&self) -> Option<Shape> {
        self.shape
    }

    /// The number of units: 3N, and 2 more with diagonals.
    pub fn unit_count(&self, shape: Shape) -> usize {
        shape.unit_count() + if self.diagonals { 2 } else { 0 }
    }

    /// The N cells of unit `u` (numbered as in the module notes),
    /// ascending.
    pub fn unit_cells(&self, shape: Shape, u: usize) -> Vec<usize> {
        let n = shape.size();
        match (u / n, &self.regions) {
            (2, Some(regions)) => (0..n * n)
                .filter(|&i| usize::from(regions[i]) == u - 2 * n)
                .collect(),
            (0..=2, _) => shape.unit(u).collect(),
            _ if u == 3 * n => (0..n).map(|k| k * n + k).collect(),
            _ => (0..n).map(|k| k * n + (n - 1 - k)).collect(),
        }
    }

    /// The units of cell `i`, ascending: its row, column, box or region,
    /// and the diagonals it lies on.
    pub fn units_of(&self, shape: Shape, i: usize) -> impl Iterator<Item = usize> {
        let n = shape.size();
        let (r, c) = (shape.row_of(i), shape.col_of(i));
        let third = match &self.regions {
            Some(regions) => usize::from(regions[i]),
            None => shape.box_of(i),
        };
        let mut units = [r, n + c, 2 * n + third, 0, 0];
        let mut len = 3;
        if self.diagonals && r == c {
            units[len] = 3 * n;
            len += 1;
        }
        if self.diagonals && r + c == n - 1 {
            units[len] = 3 * n + 1;
            len += 1;
        }
        units.into_iter().take(len)
    }

    /// The cage of each cell, if any (none at all on a board without
    /// cages).
    pub fn cage_of(&self, shape: Shape) -> Vec<Option<usize>> {
        if self.cages.is_empty() {
            return Vec::new();
        }
        let mut of = vec![None; shape.cell_count()];
        for (k, cage) in self.cages.iter().enumerate() {
            for &i in &cage.cells {
                of[usize::from(i)] = Some(k);
            }
        }
        of
    }

    /// The cells that must differ from cell `i`: those of its units and of
    /// its cages, ascending, without `i`.
    pub fn peers(&self, shape: Shape, i: usize) -> Vec<usize> {
        let mut peers: Vec<usize> = self
            .units_of(shape, i)
            .flat_map(|u| self.unit_cells(shape, u))
            .chain(
                self.cages
                    .iter()
                    .filter(|c| c.cells.contains(&(i as u16)))
                    .flat_map(|c| c.cells.iter().map(|&j| usize::from(j))),
            )
            .filter(|&j| j != i)
            .collect();
        peers.sort_unstable();
        peers.dedup();
        peers
    }

    /// The [`Area`] of unit `u` (numbered as in the module notes).
    pub fn area(&self, shape: Shape, u: usize) -> Area {
        let n = shape.size();
        match self.regions {
            Some(_) if (2 * n..3 * n).contains(&u) => Area::Region(u - 2 * n),
            _ => Area::Unit(u),
        }
    }

    /// The first rule that the values `cells` (row-major, 0 = blank) of a
    /// board of `shape` break: a value repeated in a unit or cage, the
    /// earliest second cell row-major first (at one cell, row, column,
    /// box or region, diagonals, then the cage); else a full cage whose
    /// values miss its sum, the first cage first. `None` when no rule is
    /// broken by the values written. O(N²).
    pub fn first_break(&self, shape: Shape, cells: &[u8]) -> Option<Break> {
        let n = shape.size();
        let units = self.unit_count(shape);
        let cage_of = self.cage_of(shape);
        // seen[slot * (n + 1) + value] = 1 + the cell holding it, 0 if
        // none; a slot per unit, then one per cage.
        let mut seen = vec![0u16; (units + self.cages.len()) * (n + 1)];
        for (i, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let slots = self
                .units_of(shape, i)
                .chain(cage_of.get(i).copied().flatten().map(|k| units + k));
            for slot in slots {
                let seen = &mut seen[slot * (n + 1) + usize::from(v)];
                if *seen != 0 {
                    let area = match slot.checked_sub(units) {
                        Some(k) => self.cage_area(k),
                        None => self.area(shape, slot),
                    };
                    return Some(Break::Repeat(area, usize::from(*seen) - 1, i));
                }
                *seen = i as u16 + 1;
            }
        }
        self.cages.iter().enumerate().find_map(|(k, cage)| {
            let values = cage.cells.iter().map(|&i| u32::from(cells[usize::from(i)]));
            let full = values.clone().all(|v| v != 0);
            let total: u32 = values.sum();
            (full && total != cage.sum).then(|| Break::Sum(self.cage_area(k), total))
        })
    }

    fn cage_area(&self, k: usize) -> Area {
        Area::Cage {
            mark: self.cages[k].mark,
            sum: self.cages[k].sum,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::boxes;

    const JIGSAW_4: &str = "AABB AABB CCDD CCDD";

    #[test]
    fn regions_are_numbered_by_their_first_cell_and_replace_the_boxes() {
        let s = boxes(2, 2);
        let v = Variant::classic()
            .with_regions(s, "AAAB\nCABB\nCCDB\nCDDD")
            .unwrap();
        assert_eq!(
            v.regions().unwrap(),
            &[0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]
        );
        assert_eq!(v.unit_cells(s, 8), vec![0, 1, 2, 5]);
        assert_eq!(v.units_of(s, 5).collect::<Vec<_>>(), vec![1, 5, 8]);
        assert_eq!(v.area(s, 9).name(s), "region 2");
        let same = Variant::classic().with_regions(s, JIGSAW_4).unwrap();
        assert_eq!(
            same.unit_cells(s, 8),
            boxes(2, 2).unit(8).collect::<Vec<_>>()
        );
    }

    #[test]
    fn bad_region_layouts_say_what_is_wrong() {
        let s = boxes(2, 2);
        let err = |t: &str| {
            Variant::classic()
                .with_regions(s, t)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("AABB AABB CCDD CCD"),
            "the region layout gives 15 cell marks; a 4x4 board needs 16"
        );
        assert_eq!(
            err("AABB AABB CCDD CCDA"),
            "region 'A' has 5 cells; every region needs 4"
        );
        assert_eq!(err("AABB AABB CCDD CCDE"), "5 regions; the board needs 4");
        assert_eq!(
            err("AABB,AABB,CCDD,CCDD A=3"),
            "'A=3': a region layout has no sums, only cell marks"
        );
    }

    #[test]
    fn diagonals_are_units_3n_and_3n_plus_1() {
        let s = boxes(2, 2);
        let v = Variant::classic().with_diagonals(true);
        assert_eq!(v.unit_count(s), 14);
        assert_eq!(v.unit_cells(s, 12), vec![0, 5, 10, 15]);
        assert_eq!(v.unit_cells(s, 13), vec![3, 6, 9, 12]);
        assert_eq!(v.units_of(s, 5).collect::<Vec<_>>(), vec![1, 5, 8, 12]);
        assert_eq!(v.units_of(s, 6).collect::<Vec<_>>(), vec![1, 6, 9, 13]);
        assert_eq!(v.area(s, 13).name(s), "the anti-diagonal");
        assert!(v.peers(s, 0).contains(&15));
    }

    #[test]
    fn cages_read_marks_then_sums_in_any_order() {
        let s = boxes(2, 2);
        let v = Variant::classic()
            .with_cages(s, "ab..\nab..\n....\n...c\n b=5  a=3\tc=4")
            .unwrap();
        let one_word = Variant::classic().with_cages(s, "ab..ab..,.......c,b=5,a=3,c=4");
        assert_eq!(one_word, Ok(v.clone()));
        assert_eq!(layout_cells("ab..ab..,.......c,b=5,a=3,c=4"), 16);
        let cages = v.cages();
        assert_eq!(cages.len(), 3);
        assert_eq!(
            (cages[0].mark, cages[0].sum, &cages[0].cells),
            ('a', 3, &vec![0, 4])
        );
        assert_eq!(
            (cages[1].mark, cages[1].sum, &cages[1].cells),
            ('b', 5, &vec![1, 5])
        );
        assert_eq!(v.cage_area(2).name(s), "cage c (sum 4)");
        assert!(v.peers(s, 1).contains(&5));
        // A cage's cells must differ, and a full cage must make its sum.
        let mut cells = vec![0u8; 16];
        cells[0] = 1;
        cells[4] = 1;
        assert_eq!(
            v.first_break(s, &cells),
            Some(Break::Repeat(Area::Unit(4), 0, 4))
        );
        cells[1] = 3;
        cells[5] = 3;
        cells[4] = 0;
        cells[0] = 0;
        assert_eq!(
            v.first_break(s, &cells),
            Some(Break::Repeat(Area::Unit(5), 1, 5))
        );
        cells[5] = 2;
        assert_eq!(v.first_break(s, &cells), None);
        cells[5] = 4;
        let b = Area::Cage { mark: 'b', sum: 5 };
        assert_eq!(v.first_break(s, &cells), Some(Break::Sum(b, 7)));
        // A cage repeats a value its cells share no unit for.
        let far = Variant::classic()
            .with_cages(s, "a... .... .... ...a a=3")
            .unwrap();
        let mut cells = vec![0u8; 16];
        cells[0] = 2;
        cells[15] = 2;
        let a = Area::Cage { mark: 'a', sum: 3 };
        assert_eq!(far.first_break(s, &cells), Some(Break::Repeat(a, 0, 15)));
    }

    #[test]
    fn bad_cage_layouts_say_what_is_wrong() {
        let s = boxes(2, 2);
        let err = |t: &str| Variant::classic().with_cages(s, t).unwrap_err().to_string();
        assert_eq!(
            err("aa.. .... .... .... a=3 b=4"),
            "cage 'b' has a sum but no cells"
        );
        assert_eq!(
            err("aab. .... .... .... a=3"),
            "cage 'b' has cells but no sum (add b=SUM)"
        );
        assert_eq!(
            err("aa.. .... .... .... a=8"),
            "cage 'a': 2 cells of distinct values sum to 3 to 7, not 8"
        );
        assert_eq!(
            err("aaaa a... .... .... a=10"),
            "cage 'a' has 5 cells, more than the board has values"
        );
        assert_eq!(
            err("aa.. .... .... .... a=3 a=4"),
            "cage 'a' is given two sums"
        );
        assert_eq!(
            err("aa.. .... .... .... a=x"),
            "'a=x' is no cage sum: after the cell marks come words MARK=SUM, e.g. a=12"
        );
        assert_eq!(
            err("aa.. .... .... ... a=3"),
            "the cage layout gives 15 cell marks; a 4x4 board needs 16"
        );
    }
}
