//! What a problem's statement promises about its inputs: the space
//! `sudoku stress` may draw inputs from, so that a failure it finds is one
//! the real judge's hidden tests could hold too.
//!
//! `judge.conf` says it in seven keys ([`crate::judge::problem`]'s table);
//! each one left out is derived from the folder's rule
//! ([`crate::judge::problem::Conf::promise`]):
//!
//! | key | values | the statement promises |
//! |---|---|---|
//! | `input` | `boards`, `moves`, `dominoes`, `none` | what an input is: boards in the folder's format and framing; BOJ 1840's 81 moves `ROW COL DIGIT`; BOJ 4574's domino puzzles; no input at all (output-only) |
//! | `solutions` | words among `none`, `one`, `several` | how many solutions a board may have |
//! | `clashes` | `yes`, `no` | whether givens may repeat a value in a unit |
//! | `boards` | `N` or `MIN..MAX` | how many boards one input holds |
//! | `sizes` | sizes N of N×N boards, e.g. `9` or `4 9 16` | the board sizes |
//! | `blanks` | `N` or `MIN..MAX` | how many blank cells a board has (HDU 2780: `5`; a full grid: `0`) |
//! | `solved_by` | `singles`, `last_digit` | every board is finished by that logic alone (`singles`: naked and hidden singles; `last_digit`: a unit with one blank gets its missing value) |
//!
//! Glossary: a board's *class* is what the promise speaks of
//! ([`Class`]): its givens clash, or it has no, one or several solutions.

use crate::board::grid::Grid;
use crate::board::shape::Shape;
use crate::logic::singles;
use crate::solve::any;
use std::fmt;

/// What one input of a problem is (`input =`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InputKind {
    /// Boards, in the folder's format and framing.
    Boards,
    /// BOJ 1840: 81 lines `ROW COL DIGIT`, one move per cell.
    Moves,
    /// BOJ 4574: domino puzzles, `N`, N laid dominoes, the lone digits'
    /// cells, closed by a line `0`.
    Dominoes,
    /// No input at all: an output-only problem (BOJ 12095).
    Nothing,
}

impl InputKind {
    /// The word in `judge.conf`.
    pub fn name(self) -> &'static str {
        match self {
            InputKind::Boards => "boards",
            InputKind::Moves => "moves",
            InputKind::Dominoes => "dominoes",
            InputKind::Nothing => "none",
        }
    }
}

/// What a board is, as a statement's promise speaks of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Class {
    /// Two givens repeat a value in a row, column, box (or diagonal,
    /// region, cage).
    Clash,
    /// No clash, and no completion.
    NoSolution,
    /// Exactly one completion.
    One,
    /// Two or more completions.
    Several,
}

impl Class {
    /// Every class, in the order generators draw them.
    pub const ALL: [Class; 4] = [Class::One, Class::Several, Class::NoSolution, Class::Clash];

    /// Words for messages: `clashing givens`, `no solution`, ...
    pub fn name(self) -> &'static str {
        match self {
            Class::Clash => "clashing givens",
            Class::NoSolution => "no solution",
            Class::One => "one solution",
            Class::Several => "several solutions",
        }
    }
}

/// How far a board's count of solutions may search before the board is
/// left out as too costly to classify (only boards above 9×9 ever are).
const CLASSIFY_PLACEMENTS: u64 = 300_000;

/// The class of `grid`, or `None` when counting its solutions runs past
/// a budget (large boards only). Cost: a count to 2.
pub fn classify(grid: &Grid) -> Option<Class> {
    if grid.first_break().is_some() {
        return Some(Class::Clash);
    }
    Some(match any::count_within(grid, 2, CLASSIFY_PLACEMENTS)? {
        0 => Class::NoSolution,
        1 => Class::One,
        _ => Class::Several,
    })
}

/// The logic a statement promises finishes every board (`solved_by =`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Logic {
    /// Naked and hidden singles ([`singles::round`]).
    Singles,
    /// Only a unit with one blank left gets its missing value (POJ 2918).
    LastDigit,
}

impl Logic {
    /// The word in `judge.conf`.
    pub fn name(self) -> &'static str {
        match self {
            Logic::Singles => "singles",
            Logic::LastDigit => "last_digit",
        }
    }

    /// True when this logic alone fills every blank of `grid`.
    pub fn finishes(self, grid: &Grid) -> bool {
        let mut grid = grid.clone();
        loop {
            let progressed = match self {
                Logic::Singles => !singles::round(&mut grid, false).is_empty(),
                Logic::LastDigit => last_digits(&mut grid),
            };
            if !progressed {
                return grid.is_full() && grid.first_break().is_none();
            }
        }
    }
}

/// Fills every unit of `grid` that has one blank with its missing value;
/// true when some cell was filled.
fn last_digits(grid: &mut Grid) -> bool {
    let shape = grid.shape();
    let n = shape.size();
    let mut filled = false;
    for u in 0..shape.unit_count() {
        let cells: Vec<usize> = (0..n).map(|k| shape.unit_cell(u, k)).collect();
        let blanks: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&i| grid.get(i) == 0)
            .collect();
        if blanks.len() != 1 {
            continue;
        }
        let used: u64 = cells.iter().fold(0, |m, &i| m | 1u64 << grid.get(i));
        if let Some(v) = (1..=n as u8).find(|&v| used & (1u64 << v) == 0) {
            grid.set(blanks[0], v);
            filled = true;
        }
    }
    filled
}

/// The promise keys as `judge.conf` gives them (`None`: not given).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Keys {
    /// `input =`.
    pub input: Option<InputKind>,
    /// `solutions =`: the classes among none, one, several.
    pub solutions: Option<Vec<Class>>,
    /// `clashes =`.
    pub clashes: Option<bool>,
    /// `boards =`: the least and the most boards of one input.
    pub boards: Option<(usize, usize)>,
    /// `sizes =`.
    pub sizes: Option<Vec<usize>>,
    /// `blanks =`.
    pub blanks: Option<(usize, usize)>,
    /// `solved_by =`.
    pub solved_by: Option<Logic>,
}

/// The most boards a promise may name for one input.
pub const MAX_BOARDS: usize = 10_000;

impl Keys {
    /// Sets promise key `key` from `value`; `Ok(false)` when `key` is not
    /// a promise key. The error is a `judge.conf` message without its line.
    pub fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        match key {
            "input" => {
                self.input = Some(match value {
                    "boards" => InputKind::Boards,
                    "moves" => InputKind::Moves,
                    "dominoes" => InputKind::Dominoes,
                    "none" => InputKind::Nothing,
                    _ => {
                        return Err(format!(
                            "input `{}`: expected boards, moves, dominoes or none",
                            value
                        ))
                    }
                })
            }
            "solutions" => {
                let mut classes = Vec::new();
                for word in value.split(|c: char| c == ',' || c.is_whitespace()) {
                    let class = match word {
                        "" => continue,
                        "none" => Class::NoSolution,
                        "one" => Class::One,
                        "several" => Class::Several,
                        _ => {
                            return Err(format!(
                                "solutions `{}`: expected words among none, one, several",
                                value
                            ))
                        }
                    };
                    if !classes.contains(&class) {
                        classes.push(class);
                    }
                }
                self.solutions = Some(classes);
            }
            "clashes" => {
                self.clashes = Some(match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(format!("clashes `{}`: expected yes or no", value)),
                })
            }
            "boards" => {
                let (lo, hi) = range("boards", value, MAX_BOARDS)?;
                if lo == 0 {
                    return Err(format!(
                        "boards `{}`: an input holds at least 1 board",
                        value
                    ));
                }
                self.boards = Some((lo, hi));
            }
            "blanks" => self.blanks = Some(range("blanks", value, 625)?),
            "sizes" => {
                let mut sizes = Vec::new();
                for word in value.split(|c: char| c == ',' || c.is_whitespace()) {
                    if word.is_empty() {
                        continue;
                    }
                    match word.parse::<usize>().ok().and_then(shape_of) {
                        Some(_) => sizes.push(word.parse::<usize>().unwrap_or(9)),
                        None => {
                            return Err(format!(
                                "sizes `{}`: `{}` is not a board size (4 to 25, boxes R×C \
                                 with R·C = N)",
                                value, word
                            ))
                        }
                    }
                }
                self.sizes = Some(sizes);
            }
            "solved_by" => {
                self.solved_by = Some(match value {
                    "singles" => Logic::Singles,
                    "last_digit" => Logic::LastDigit,
                    _ => {
                        return Err(format!(
                            "solved_by `{}`: expected singles or last_digit",
                            value
                        ))
                    }
                })
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// `N` or `MIN..MAX` with MIN ≤ MAX ≤ `most`.
fn range(key: &str, value: &str, most: usize) -> Result<(usize, usize), String> {
    let parse = |s: &str| s.trim().parse::<usize>().ok().filter(|&n| n <= most);
    let (lo, hi) = match value.split_once("..") {
        Some((a, b)) => (parse(a), parse(b)),
        None => (parse(value), parse(value)),
    };
    match (lo, hi) {
        (Some(lo), Some(hi)) if lo <= hi => Ok((lo, hi)),
        _ => Err(format!(
            "{} `{}`: expected N or MIN..MAX, from 0 to {}",
            key, value, most
        )),
    }
}

/// The box shape stress gives boards of size `n`: the squarest R×C with
/// R·C = N and R ≤ C (3×3 for 9, 2×3 for 6, 4×4 for 16); `None` outside
/// 4..=25 or for a prime.
pub fn shape_of(n: usize) -> Option<Shape> {
    if !(4..=25).contains(&n) {
        return None;
    }
    let r = (2..=n).rev().find(|&r| r * r <= n && n.is_multiple_of(r))?;
    if r < 2 {
        return None;
    }
    Shape::new(r, n / r).ok()
}

/// A statement's promise about its inputs, every key settled.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Promise {
    /// What an input is.
    pub input: InputKind,
    /// The classes a board may have; [`Class::Clash`] is among them when
    /// clashing givens are allowed.
    pub classes: Vec<Class>,
    /// The least and most boards of one input.
    pub boards: (usize, usize),
    /// The board sizes (N of N×N), each with its box shape.
    pub shapes: Vec<Shape>,
    /// The least and most blanks of a board (`None`: any).
    pub blanks: Option<(usize, usize)>,
    /// The logic that finishes every board, if promised.
    pub solved_by: Option<Logic>,
}

impl Promise {
    /// True when the promise lets a board be of `class`.
    pub fn allows_class(&self, class: Class) -> bool {
        self.classes.contains(&class)
    }

    /// Why `grid` breaks the promise, if it does: its size, its blanks, its
    /// class, or the logic that must finish it. Cost: a count to 2 (none
    /// when every class is allowed and no logic asked).
    pub fn refuses(&self, grid: &Grid) -> Option<Refusal> {
        if !self.shapes.contains(&grid.shape()) {
            return Some(Refusal::Size(grid.size()));
        }
        if let Some((lo, hi)) = self.blanks {
            if !(lo..=hi).contains(&grid.blanks()) {
                return Some(Refusal::Blanks(grid.blanks()));
            }
        }
        // Every class allowed and no logic asked: nothing to count.
        if self.classes.len() == Class::ALL.len() && self.solved_by.is_none() {
            return None;
        }
        let class = match classify(grid) {
            Some(c) => c,
            None => return Some(Refusal::Unclassified),
        };
        if !self.allows_class(class) {
            return Some(Refusal::Class(class));
        }
        match self.solved_by {
            Some(logic) if class == Class::One && !logic.finishes(grid) => {
                Some(Refusal::Logic(logic))
            }
            _ => None,
        }
    }
}

/// Why a board is outside a promise.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// Its size N is not promised.
    Size(usize),
    /// Its number of blanks is not promised.
    Blanks(usize),
    /// Its class is not promised.
    Class(Class),
    /// The promised logic does not finish it.
    Logic(Logic),
    /// Counting its solutions took too long to tell.
    Unclassified,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Size(n) => write!(f, "size {}x{} is not promised", n, n),
            Refusal::Blanks(b) => write!(f, "{} blanks are not promised", b),
            Refusal::Class(c) => write!(f, "a board with {} is not promised", c.name()),
            Refusal::Logic(l) => write!(f, "{} does not finish it", l.name()),
            Refusal::Unclassified => f.write_str("its solutions could not be counted in time"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_classified_and_refused_by_the_promise() {
        let line =
            "000000000000003085001020000000507000004000100090000000500000073002010000000040009";
        let puzzle = Grid::from_board(&crate::Board::from_line(line).unwrap());
        assert_eq!(classify(&puzzle), Some(Class::One));
        let empty = Grid::empty(Shape::CLASSIC);
        assert_eq!(classify(&empty), Some(Class::Several));
        let mut clash = empty.clone();
        clash.set(0, 1);
        clash.set(1, 1);
        assert_eq!(classify(&clash), Some(Class::Clash));
        let one = Promise {
            input: InputKind::Boards,
            classes: vec![Class::One],
            boards: (1, 1),
            shapes: vec![Shape::CLASSIC],
            blanks: None,
            solved_by: None,
        };
        assert_eq!(one.refuses(&puzzle), None);
        assert_eq!(one.refuses(&empty), Some(Refusal::Class(Class::Several)));
        let five = Promise {
            blanks: Some((5, 5)),
            ..one.clone()
        };
        assert_eq!(five.refuses(&empty), Some(Refusal::Blanks(81)));
        let easy = Promise {
            solved_by: Some(Logic::LastDigit),
            ..one.clone()
        };
        assert_eq!(
            easy.refuses(&puzzle),
            Some(Refusal::Logic(Logic::LastDigit))
        );
        let mut nearly = crate::solve::any::solve(&puzzle).unwrap();
        nearly.set(0, 0);
        nearly.set(40, 0);
        assert_eq!(easy.refuses(&nearly), None);
        let four = Promise {
            shapes: vec![shape_of(4).unwrap()],
            ..one
        };
        assert_eq!(four.refuses(&puzzle), Some(Refusal::Size(9)));
    }
}
