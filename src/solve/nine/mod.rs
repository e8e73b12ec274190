//! The engine: the kit's fast path for solving and counting.
//!
//! Cells are numbered row-major as everywhere in the kit (see
//! [`crate::board`]). The engine reads the grid as three *bands* of three
//! rows, and each band row as three *triads* of three cells (one per box):
//!
//! ```text
//!               c0 c1 c2   c3 c4 c5   c6 c7 c8
//! band 0   r0    0  1  2 |  3  4  5 |  6  7  8      bits  0.. 8 of a band 0 word
//!          r1    9 10 11 | 12 13 14 | 15 16 17      bits  9..17
//!          r2   18 19 20 | 21 22 23 | 24 25 26      bits 18..26
//!               ---------+----------+---------
//! band 1   r3   27 28 29 | 30 31 32 | 33 34 35      bits  0.. 8 of a band 1 word
//!          ..
//! band 2   r8   72 73 74 | 75 76 77 | 78 79 80      bits 18..26 of a band 2 word
//!               stack 0    stack 1    stack 2
//! ```
//!
//! # Representation
//! Cell `i` lives in band `i / 27` at bit `i % 27` of a 27-bit *band
//! word*. The state holds one word per band and digit: the cells of the
//! band where the digit may still go (27 words), stored as nine 32-bit
//! lanes per band, lane `d` for digit `d + 1`. The
//! rules work on the whole state at once, the 27 words in a few registers
//! (the rules that look across bands on one value that packs the three),
//! through one of four lane paths (`lanes.rs`, chosen at run time: see
//! [`LanePath`]): per band, one AVX2 register for digits 1 to 8 and a
//! plain register for digit 9 (`avx2`); the same with the three bands'
//! ninth digits in one 128-bit register instead, compiled with AVX-512F
//! and VL where the processor has them (three-input logic, mask compares:
//! `avx512`); or, on every machine, two 128-bit quads per band for digits
//! 1 to 8 (SSE2 on x86-64, an array the compiler vectorizes elsewhere:
//! `quad.rs`) and digit 9 apart, compiled with AVX where the processor
//! has it but not AVX2 (`avx`). A
//! cell is *solved* when one digit is left in it; the search keeps no
//! other record of placements.
//!
//! # Propagation (`propagate.rs`)
//! Rounds of four rules over all 27 words, until they change nothing (a
//! round stops early once the rules left to run are known to change
//! nothing):
//! 1. *Band shrink*: in a band a digit takes one triad per row, in three
//!    different boxes; the triads that lie in no such matching of rows to
//!    boxes are cleared. This is pointing and claiming along the band's
//!    rows, and turns a box's hidden single into a row's.
//! 2. *Stack shrink*: the same across a stack: a digit takes one column of
//!    each box of a stack, three different columns. This is pointing and
//!    claiming along columns (and a column's hidden single).
//! 3. *Row singles*: a cell that is the only place of a digit in its row
//!    loses every other digit.
//! 4. *Naked singles*: a cell with one digit left takes it; its row-mates
//!    lose that digit (rules 1 and 2 then clear its box and column).
//!
//! Then, when the rules changed nothing, one more rule before giving up:
//! 5. *Triad counts*: the three cells of a triad (or of a column inside a
//!    box) hold three different digits. Fewer than three digits that may
//!    go there, or four that must, is a contradiction; exactly three that
//!    may go there must (each leaves the rest of its row or column and
//!    box); exactly three that must leave no room for any other. Besides
//!    saving guesses, this keeps configuration guesses on sparse boards
//!    from running into contradictions that no cell shows yet.
//!
//! A digit with no place in a row, column or box, or a cell with no digit,
//! is a contradiction. Every rule removes only digits that no solution
//! extending the state uses, and every lane implementation applies them in
//! the same order, so all give the same states, guesses and answers.
//!
//! # Search (`search.rs`, `guess.rs`; the first state: `givens.rs`)
//! When propagation stalls, the engine splits the search in two disjoint
//! branches, saves one as an alternative (a copy: the state is 120 bytes)
//! and goes on with the other; a contradiction, or a solution when more
//! are wanted, takes up the latest alternative. The fast order splits on a
//! *band configuration* (which matching a digit takes in a band or stack:
//! the band or stack with the fewest left, the digit with the fewest).
//! The smallest-solution search instead guesses the first open cell in
//! row-major order with its smallest digit: every cell before it is
//! solved, so the branches come in lexicographic order and the first
//! solution found is the smallest.
//!
//! The ideas are others': bitboards per digit by band and band-wise locked
//! candidates from JCZSolve and the `fsss2` solvers; guessing on band
//! configurations and counting digits per triad from tdoku's write-up,
//! which measured them to halve the guesses on the hardest puzzles. This
//! is an independent implementation.

#[cfg(target_arch = "x86_64")]
mod avx2;
mod givens;
mod guess;
mod lanes;
mod propagate;
mod quad;
mod search;
mod state;
#[cfg(test)]
mod tests;

use crate::board::Board;
use crate::solve::found::{Found, SearchStats};
pub use search::{force_lanes, lanes, LanePath};
use search::{run, Order};

/// Returns some solution of `puzzle`, or `None` when it has none (including
/// when its givens clash or a cell holds a value above 9).
///
/// Cost, on one core (AMD EPYC, AVX2 lanes): about 2 µs for a 17-clue
/// puzzle, 6 µs for a hard one (top1465) and 40 µs for the hardest
/// (forum_hardest_1106, about 50 guesses); about 1.6 times that on the
/// portable lanes (problems/SPEED.md).
pub fn solve(puzzle: &Board) -> Option<Board> {
    let mut solution = None;
    search(lanes(), puzzle, 1, Order::Fast, Some(&mut solution));
    solution
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so the answer is
/// `min(count, limit)`). Clashing givens, values above 9 and `limit == 0`
/// give 0.
///
/// Cost: grows with `limit`; counting to 2 (a uniqueness test) costs about
/// 1.1 times a solve for 17-clue puzzles, 1.5 times for hard ones and
/// twice for the hardest, and a near-complete puzzle is counted in well
/// under a microsecond.
pub fn count_solutions(puzzle: &Board, limit: usize) -> usize {
    search(lanes(), puzzle, limit, Order::Fast, None)
}

/// True when `puzzle` has exactly one solution (counts to 2).
pub fn is_unique(puzzle: &Board) -> bool {
    count_solutions(puzzle, 2) == 1
}

/// [`solve`], counting its work ([`SearchStats`]): the same solution (or
/// none) as [`Found::first`].
///
/// In this engine a blank counts as placed once it has one digit left,
/// whether a rule or a guess left it so; going back to the latest saved
/// state erases the blanks that are open again there, and with no saved
/// state left (no solution) the search falls back to the givens and erases
/// every digit still placed. A guess is a split of the search in two, one
/// branch saved as the alternative.
///
/// Cost: that of [`solve`] plus a few popcounts per guess. The counting is
/// compiled into the counted functions only; [`solve`], [`count_solutions`]
/// and [`smallest_solution`] carry none of it.
pub fn solve_counted(puzzle: &Board) -> Found<Board> {
    count_solutions_counted(puzzle, 1)
}

/// [`count_solutions`], counting its work: the same count, the first
/// solution found, and the [`SearchStats`] of the search.
pub fn count_solutions_counted(puzzle: &Board, limit: usize) -> Found<Board> {
    let mut found = Found::nothing();
    found.count = run::<true>(
        lanes(),
        puzzle,
        limit,
        Order::Fast,
        Some(&mut found.first),
        &mut found.stats,
    );
    found
}

/// Returns the lexicographically smallest solution of `puzzle` (compare the
/// 81 cells row-major), or `None` when it has none.
///
/// Same contract as the `boj2239` binary: a puzzle with one solution gives
/// it; otherwise each blank, row-major, holds the smallest digit that still
/// leaves a completion. Cost: a count to 2, then (only when there are
/// several solutions) a search that guesses row-major in ascending digits
/// and stops at its first solution, which is the smallest because
/// propagation only removes digits that no completion of the current
/// branch uses.
pub fn smallest_solution(puzzle: &Board) -> Option<Board> {
    smallest_on(lanes(), puzzle)
}

/// [`smallest_solution`] on `path`.
fn smallest_on(path: LanePath, puzzle: &Board) -> Option<Board> {
    let mut first = None;
    match search(path, puzzle, 2, Order::Fast, Some(&mut first)) {
        0 => None,
        1 => first,
        _ => {
            let mut smallest = None;
            search(path, puzzle, 1, Order::RowMajor, Some(&mut smallest));
            smallest
        }
    }
}

/// The uncounted search on `path`: solutions up to `limit`, the first one
/// found in `first` (when given).
fn search(
    path: LanePath,
    puzzle: &Board,
    limit: usize,
    order: Order,
    first: Option<&mut Option<Board>>,
) -> usize {
    run::<false>(
        path,
        puzzle,
        limit,
        order,
        first,
        &mut SearchStats::default(),
    )
}
