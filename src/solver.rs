//! The engine: the kit's fast path for solving and counting.
//!
//! Cells are numbered row-major as everywhere in the kit (see
//! [`crate::board`]). The engine reads the grid as three *bands* of three
//! rows, and each band row as three *triads* of three cells (one per box):
//!
//! ```text
//!               c0 c1 c2   c3 c4 c5   c6 c7 c8
//! band 0   r0    0  1  2 |  3  4  5 |  6  7  8      bits  0.. 8 of word 0
//!          r1    9 10 11 | 12 13 14 | 15 16 17      bits  9..17 of word 0
//!          r2   18 19 20 | 21 22 23 | 24 25 26      bits 18..26 of word 0
//!               ---------+----------+---------
//! band 1   r3   27 28 29 | 30 31 32 | 33 34 35      bits  0.. 8 of word 1
//!          ..
//! band 2   r8   72 73 74 | 75 76 77 | 78 79 80      bits 18..26 of word 2
//! ```
//!
//! # Bit layout
//! Cell `i` lives in band `i / 27` at bit `i % 27` of that band's 27-bit
//! word. The state is a bitboard per digit, `cand[band * 9 + d]`: the cells
//! where digit `d + 1` may still go, plus `unsolved`, the cells not yet
//! placed (three band words too). A placed digit keeps the bit of its own
//! cell and the cell leaves every other digit, so in a consistent state
//! every row and every box holds at least one bit of every digit; an empty
//! one is a contradiction.
//!
//! # Propagation (repeated until nothing changes)
//! 1. *Band shrink* (locked candidates inside a band). In a band, a digit
//!    goes once in each of the three rows and once in each of the three
//!    boxes, so its places pick one triad per row, in three different boxes:
//!    a perfect matching of rows to boxes. A table indexed by the 9-bit
//!    pattern of non-empty triads keeps exactly the triads that lie in some
//!    matching (none if there is no matching: a contradiction). This is
//!    pointing and claiming along rows, and turns a box hidden single into
//!    a row single, in one lookup. Only words that changed since they were
//!    last shrunk are visited (a bit per word in `dirty`).
//! 2. *Pointing across bands*: after a shrink, each box of the band where
//!    the digit is left in one column clears that column from the digit's
//!    other two bands (one more lookup). A placed digit's box holds only
//!    its cell, so this is also how a placement reaches its column.
//! 3. *Row singles*: a row of a shrunk word with one bit left places the
//!    digit there: the cell leaves the other eight digits.
//! 4. *Naked singles*: per band, bit-sliced counting over the nine digit
//!    words finds the unsolved cells with no candidate (a contradiction) and
//!    those with exactly one, which are placed (their peers leave the
//!    digit, with a precomputed peer mask per cell).
//! 5. *Column singles*: the same counting over the rows of a digit finds a
//!    column with one place left (hidden single in the column).
//!
//! Every rule only removes digits that no solution extending the current
//! state uses, so propagation never loses a solution.
//!
//! # Search
//! When propagation stalls, the engine guesses a digit for one cell: it
//! pushes a copy of the state with that digit removed from the cell (the
//! alternative), then places the digit. A contradiction, or a solution
//! when more are wanted, pops the latest alternative; the branches are
//! disjoint, so each solution is found once. The state is 31 words, so
//! copying beats undoing. The cell is the last bi-value cell in row-major
//! order (else the first with the fewest candidates), and the digit the one
//! that clears the most candidates from the cell's peers. The
//! smallest-solution search guesses instead on the first unsolved cell in
//! row-major order with its smallest digit: every cell before it is
//! placed, so the branches are visited in lexicographic order and the
//! first solution found is the smallest.
//!
//! The idea (bitboards per digit by band, band-wise locked candidates,
//! guessing on a bi-value cell, a stack of copied states) is that of
//! JCZSolve and the `fsss2` solvers; this is an independent implementation.

use crate::board::Board;

/// All 27 cells of a band word.
const BAND: u32 = (1 << 27) - 1;

/// Returns some solution of `puzzle`, or `None` when it has none (including
/// when its givens clash or a cell holds a value above 9).
///
/// Cost: about 4 µs for a 17-clue puzzle and 12 µs for a hard one
/// (top1465) on a 2.5 GHz core: propagation plus about ten guesses.
pub fn solve(puzzle: &Board) -> Option<Board> {
    let mut solution = None;
    search(puzzle, 1, Order::Fast, &mut solution);
    solution
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so the answer is
/// `min(count, limit)`). Clashing givens, values above 9 and `limit == 0`
/// give 0.
///
/// Cost: grows with `limit`; counting to 2 (a uniqueness test) costs about
/// 1.1 times a solve for 17-clue puzzles and 1.6 times for hard ones, and
/// a near-complete puzzle is counted in about a microsecond.
pub fn count_solutions(puzzle: &Board, limit: usize) -> usize {
    search(puzzle, limit, Order::Fast, &mut None)
}

/// True when `puzzle` has exactly one solution (counts to 2).
pub fn is_unique(puzzle: &Board) -> bool {
    count_solutions(puzzle, 2) == 1
}

/// What one counted search did (see [`solve_counted`]), in the units of
/// `sudoku study`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchStats {
    /// Digits written into a blank, by a single (propagation) or by a
    /// guess. Givens are not placements. A digit written into a state that
    /// then turns out contradictory still counts.
    pub placements: u64,
    /// Digits erased again: when a contradiction sends the search back to
    /// the latest saved state, the digits on the board that were not on it
    /// when that state was saved (the guess itself and everything placed
    /// after it). When no saved state is left (the puzzle has no solution),
    /// the search falls back to the givens and erases every digit still
    /// placed. So `backtracks = placements - blanks` after a solution and
    /// `backtracks = placements` when there is none.
    pub backtracks: u64,
    /// Guesses: times propagation stalled and a digit was tried in a cell
    /// with its removal saved as the alternative.
    pub guesses: u64,
}

/// [`solve`], counting its work: returns the same solution (or `None`) with
/// the [`SearchStats`] of the search.
///
/// Cost: that of [`solve`] plus a few popcounts per guess. The counting is
/// compiled into this function only; [`solve`], [`count_solutions`] and
/// [`smallest_solution`] carry none of it.
pub fn solve_counted(puzzle: &Board) -> (Option<Board>, SearchStats) {
    let mut solution = None;
    let mut stats = SearchStats::default();
    search_counted::<true>(puzzle, 1, Order::Fast, &mut solution, &mut stats);
    (solution, stats)
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
    let mut first = None;
    match search(puzzle, 2, Order::Fast, &mut first) {
        0 => None,
        1 => first,
        _ => {
            let mut smallest = None;
            search(puzzle, 1, Order::RowMajor, &mut smallest);
            smallest
        }
    }
}

// ---------------------------------------------------------------------------
// Tables (built at compile time)
// ---------------------------------------------------------------------------

/// `PEERS[i][band]`: the cells of `band` that share a row, column or box
/// with cell `i` (not `i` itself).
const PEERS: [[u32; 3]; 81] = build_peers();

const fn build_peers() -> [[u32; 3]; 81] {
    let mut peers = [[0u32; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            let same_row = i / 9 == j / 9;
            let same_col = i % 9 == j % 9;
            let same_box = i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3;
            if i != j && (same_row || same_col || same_box) {
                peers[i][j / 27] |= 1 << (j % 27);
            }
            j += 1;
        }
        i += 1;
    }
    peers
}

/// `ROW_BOXES[row]`: for the 9 bits of one band row, bit `k` set when the
/// triad of box `k` (columns `3k..3k+3`) is not empty.
const ROW_BOXES: [u8; 512] = build_row_boxes();

const fn build_row_boxes() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if x & (7 << (3 * k)) != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

/// `KEEP[pattern]`: the band word mask of the triads that lie in some
/// perfect matching of rows to boxes, where bit `3 * row + box` of
/// `pattern` says that triad is not empty. 0 when no matching exists.
const KEEP: [u32; 512] = build_keep();

const fn build_keep() -> [u32; 512] {
    // The six ways to give each row its own box: row r takes box PERM[p][r].
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            let mut fits = true;
            let mut r = 0;
            while r < 3 {
                if pattern & (1 << (3 * r + PERMS[p][r])) == 0 {
                    fits = false;
                }
                r += 1;
            }
            if fits {
                let mut r = 0;
                while r < 3 {
                    t[pattern] |= 7 << (9 * r + 3 * PERMS[p][r]);
                    r += 1;
                }
            }
            p += 1;
        }
        pattern += 1;
    }
    t
}

/// Band shrink: keeps the bits of `w` that lie in triads of some row-to-box
/// matching; 0 when there is none (a row or box lost the digit).
#[inline(always)]
fn shrink(w: u32) -> u32 {
    let pattern = ROW_BOXES[(w & 0x1ff) as usize] as usize
        | (ROW_BOXES[((w >> 9) & 0x1ff) as usize] as usize) << 3
        | (ROW_BOXES[(w >> 18) as usize] as usize) << 6;
    w & KEEP[pattern]
}

/// `POINTING[cols]`: for the 9-bit set of columns where a digit may go in
/// one band, the columns (as a band word mask) of the boxes where it may go
/// in one column only; that column leaves the digit in the other bands.
const POINTING: [u32; 512] = build_pointing();

const fn build_pointing() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let part = (cols >> (3 * k)) & 7;
            if part == 1 || part == 2 || part == 4 {
                t[cols] |= (part << (3 * k)) as u32 * 0x40201;
            }
            k += 1;
        }
        cols += 1;
    }
    t
}

/// The rows of band word `w` with exactly one bit, as a mask of those bits.
#[inline(always)]
fn row_singles(w: u32) -> u32 {
    let mut singles = 0;
    let mut r = 0;
    while r < 27 {
        let x = (w >> r) & 0x1ff;
        if x & x.wrapping_sub(1) == 0 {
            singles |= x << r;
        }
        r += 9;
    }
    singles
}

// ---------------------------------------------------------------------------
// State and propagation
// ---------------------------------------------------------------------------

/// How the search picks its guesses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// A bi-value cell if any (few branches), the most constraining digit.
    Fast,
    /// The first unsolved cell row-major, smallest digit first: the first
    /// solution found is the lexicographically smallest.
    RowMajor,
}

/// One node of the search; see the module header for the layout.
#[derive(Clone, Copy)]
struct State {
    /// `cand[band * 9 + d]`: where digit `d + 1` may go in `band`.
    cand: [u32; 27],
    /// The cells not yet placed, per band.
    unsolved: [u32; 3],
    /// Bit `k` set when `cand[k]` changed since it was last shrunk.
    dirty: u32,
}

/// Propagation found a cell or a unit with no place left.
struct Contradiction;

impl State {
    /// The state of `puzzle`'s givens, or `None` when two givens clash or a
    /// value is above 9. Every word starts dirty, so the first propagation
    /// shrinks them all.
    ///
    /// This and the other functions the search calls are inlined by force:
    /// the plain and the counted search both call them, and an outlined
    /// call costs the plain search about 2% (measured with `sudoku bench`).
    #[inline(always)]
    fn new(puzzle: &Board) -> Option<State> {
        let mut cand = [BAND; 27];
        let mut unsolved = [BAND; 3];
        // given[band * 9 + d]: the cells of `band` given as digit `d + 1`.
        let mut given = [0u32; 27];
        for (i, &v) in puzzle.0.iter().enumerate() {
            if v == 0 {
                continue;
            }
            if v > 9 {
                return None;
            }
            let (band, bit, d) = (i / 27, 1 << (i % 27), usize::from(v - 1));
            unsolved[band] &= !bit;
            given[band * 9 + d] |= bit;
            for (other, &peers) in PEERS[i].iter().enumerate() {
                cand[other * 9 + d] &= !peers;
            }
        }
        for k in 0..27 {
            // A given that a peer given of the same digit cleared: a clash.
            if cand[k] & given[k] != given[k] {
                return None;
            }
            // Filled cells keep only their own digit.
            cand[k] &= unsolved[k / 9] | given[k];
        }
        Some(State {
            cand,
            unsolved,
            dirty: (1 << 27) - 1,
        })
    }

    /// Places digit `d` (0-based) on the one cell at `bit` of `band`: its
    /// peers in the band leave `d` (the next shrink of that word clears its
    /// column in the other bands) and the cell leaves the other digits.
    #[inline(always)]
    fn place(&mut self, d: usize, band: usize, bit: u32) -> Result<(), Contradiction> {
        let home = band * 9 + d;
        if self.cand[home] & bit == 0 {
            return Err(Contradiction);
        }
        self.cand[home] &= !PEERS[band * 27 + bit.trailing_zeros() as usize][band];
        self.dirty |= 1 << home;
        self.settle(d, band, bit);
        Ok(())
    }

    /// Places digit `d` on the cell at `bit` of `band`, a cell whose only
    /// candidate is `d` (a naked single): only `d`'s peers need clearing.
    #[inline(always)]
    fn place_alone(&mut self, d: usize, band: usize, bit: u32) -> Result<(), Contradiction> {
        if self.cand[band * 9 + d] & bit == 0 {
            return Err(Contradiction);
        }
        self.unsolved[band] &= !bit;
        let peers = &PEERS[band * 27 + bit.trailing_zeros() as usize];
        let mut dirty = 0;
        for (other, &peer) in peers.iter().enumerate() {
            let k = other * 9 + d;
            let old = self.cand[k];
            let now = old & !peer;
            self.cand[k] = now;
            dirty |= u32::from(old != now) << k;
        }
        self.dirty |= dirty;
        Ok(())
    }

    /// Records digit `d` on the cells `new` of `band`, whose peers in the
    /// band are already clear of `d`: the cells leave the other digits.
    #[inline(always)]
    fn settle(&mut self, d: usize, band: usize, new: u32) {
        self.unsolved[band] &= !new;
        let base = band * 9;
        let mut dirty = 0;
        for e in 0..9 {
            let old = self.cand[base + e];
            let now = if e == d { old } else { old & !new };
            self.cand[base + e] = now;
            dirty |= u32::from(old != now) << (base + e);
        }
        self.dirty |= dirty;
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cells not yet placed.
    fn open_cells(&self) -> u64 {
        self.unsolved
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum()
    }

    /// The cells placed in `self` that are open in `saved`, an ancestor of
    /// `self` in the search: the digits erased by going back to `saved`.
    fn placed_since(&self, saved: &[u32; 3]) -> u64 {
        (0..3)
            .map(|b| u64::from((saved[b] & !self.unsolved[b]).count_ones()))
            .sum()
    }

    /// Applies the rules of the module header until none applies.
    #[inline(always)]
    fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            self.shrink_bands()?;
            if self.naked_singles()? {
                continue;
            }
            if self.column_singles()? {
                continue;
            }
            return Ok(());
        }
    }

    /// Steps 1 to 3: shrinks every changed word, points across bands and
    /// records its row singles, until no word changes.
    #[inline(always)]
    fn shrink_bands(&mut self) -> Result<(), Contradiction> {
        while self.dirty != 0 {
            let k = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            let s = shrink(self.cand[k]);
            if s == 0 {
                return Err(Contradiction);
            }
            self.cand[k] = s;
            let band = k / 9;
            let d = k % 9;
            let pointing = POINTING[((s | s >> 9 | s >> 18) & 0x1ff) as usize];
            let mut dirty = 0;
            for other in 0..3 {
                if other != band {
                    let j = other * 9 + d;
                    let old = self.cand[j];
                    let now = old & !pointing;
                    self.cand[j] = now;
                    dirty |= u32::from(old != now) << j;
                }
            }
            self.dirty |= dirty;
            let new = row_singles(s) & self.unsolved[band];
            if new != 0 {
                self.settle(d, band, new);
            }
        }
        Ok(())
    }

    /// Step 4: places every naked single; true when it placed one.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let (mut once, mut twice) = (0, 0);
            for d in 0..9 {
                let w = self.cand[band * 9 + d];
                twice |= once & w;
                once |= w;
            }
            if unsolved & !once != 0 {
                return Err(Contradiction);
            }
            let mut singles = unsolved & !twice;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                let d = (0..9)
                    .find(|&d| self.cand[band * 9 + d] & bit != 0)
                    .ok_or(Contradiction)?;
                self.place_alone(d, band, bit)?;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Step 5: places every hidden single of a column; true when it placed
    /// one.
    #[inline(always)]
    fn column_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for d in 0..9 {
            // Per band: the columns where `d` may go (`any`), may go twice
            // or more (`many`), and still has an unsolved cell (`open`).
            let (mut once, mut twice, mut open) = (0u32, 0u32, 0u32);
            for band in 0..3 {
                let w = self.cand[band * 9 + d];
                let any = w | w >> 9 | w >> 18;
                let many = (w & w >> 9) | (w & w >> 18) | (w >> 9 & w >> 18);
                let u = w & self.unsolved[band];
                open |= u | u >> 9 | u >> 18;
                twice |= many | (once & any);
                once |= any;
            }
            let mut cols = once & !twice & open & 0x1ff;
            while cols != 0 {
                let col = cols & cols.wrapping_neg();
                cols ^= col;
                for band in 0..3 {
                    let w = self.cand[band * 9 + d] & (col * 0x40201);
                    if w != 0 {
                        self.place(d, band, w)?;
                        placed = true;
                    }
                }
            }
        }
        Ok(placed)
    }

    /// Picks a guess `(digit, band, bit)`; the state is not solved.
    ///
    /// Fast order: the cell from [`State::guess_cell`], and of its digits
    /// the one whose placement clears the most candidates from the cell's
    /// peers, so that a wrong guess fails sooner and a right one propagates
    /// further. Row-major order: the first unsolved cell and its smallest
    /// digit.
    #[inline(always)]
    fn guess(&self, order: Order) -> (usize, usize, u32) {
        let digits =
            |band: usize, bit: u32| (0..9).filter(move |&d| self.cand[band * 9 + d] & bit != 0);
        match order {
            Order::RowMajor => {
                let band = (0..3).find(|&b| self.unsolved[b] != 0).unwrap_or(0);
                let bit = self.unsolved[band] & self.unsolved[band].wrapping_neg();
                (digits(band, bit).next().unwrap_or(0), band, bit)
            }
            Order::Fast => {
                let (band, bit) = self.guess_cell();
                let peers = &PEERS[band * 27 + bit.trailing_zeros() as usize];
                let cleared = |d: usize| -> u32 {
                    (0..3)
                        .map(|b| (self.cand[b * 9 + d] & peers[b]).count_ones())
                        .sum()
                };
                // The first digit among those clearing the most (a plain
                // loop: `max_by_key` was left outlined, a call per guess).
                let mut best: Option<(usize, u32)> = None;
                for d in digits(band, bit) {
                    let n = cleared(d);
                    if best.is_none_or(|(_, most)| n > most) {
                        best = Some((d, n));
                    }
                }
                (best.map_or(0, |(d, _)| d), band, bit)
            }
        }
    }

    /// The last bi-value cell in row-major order, else the first cell with
    /// the fewest candidates: `(band, bit)`.
    #[inline(always)]
    fn guess_cell(&self) -> (usize, u32) {
        for band in (0..3).rev() {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for d in 0..9 {
                let w = self.cand[band * 9 + d];
                thrice |= twice & w;
                twice |= once & w;
                once |= w;
            }
            let pairs = twice & !thrice & self.unsolved[band];
            if pairs != 0 {
                return (band, 1 << (31 - pairs.leading_zeros()));
            }
        }
        // Rare: no bi-value cell. Count the candidates of every cell.
        let mut best = (0, 0, 10);
        for band in 0..3 {
            let mut u = self.unsolved[band];
            while u != 0 {
                let bit = u & u.wrapping_neg();
                u ^= bit;
                let n = (0..9)
                    .filter(|&d| self.cand[band * 9 + d] & bit != 0)
                    .count();
                if n < best.2 {
                    best = (band, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// The solved grid (every cell placed).
    fn board(&self) -> Board {
        let mut cells = [0u8; 81];
        for (k, &word) in self.cand.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                cells[k / 9 * 27 + w.trailing_zeros() as usize] = (k % 9) as u8 + 1;
                w &= w - 1;
            }
        }
        Board(cells)
    }
}

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

/// Depth-first search from `puzzle`'s givens: counts solutions up to
/// `limit`, stores the first one found in `first`. The fast paths call it;
/// it counts no work.
fn search(puzzle: &Board, limit: usize, order: Order, first: &mut Option<Board>) -> usize {
    search_counted::<false>(puzzle, limit, order, first, &mut SearchStats::default())
}

/// The search itself. The stack holds the alternatives still to explore
/// (at most one per guess on the current path, so fewer than 81). With
/// `COUNT`, adds its work to `stats` (see [`SearchStats`]); without it the
/// counting is compiled away.
///
/// Counting: a state's open cells only ever shrink, and each cell that
/// leaves them is one placement, so the placements made in a state are its
/// open cells when it was taken up minus its open cells when it is left.
/// Going back to a saved state erases the cells placed now and open there.
fn search_counted<const COUNT: bool>(
    puzzle: &Board,
    limit: usize,
    order: Order,
    first: &mut Option<Board>,
    stats: &mut SearchStats,
) -> usize {
    if limit == 0 {
        return 0;
    }
    let mut st = match State::new(puzzle) {
        Some(st) => st,
        None => return 0,
    };
    let givens = st.unsolved;
    // With COUNT: the open cells of `st` when it was taken up.
    let mut open = if COUNT { st.open_cells() } else { 0 };
    let mut alternatives: Vec<State> = Vec::new();
    let mut count = 0;
    loop {
        if st.propagate().is_ok() {
            if st.is_solved() {
                if count == 0 {
                    let solution = st.board();
                    debug_assert!(solution.solves(puzzle), "engine bug on {:?}", puzzle);
                    *first = Some(solution);
                }
                count += 1;
                if count >= limit {
                    if COUNT {
                        stats.placements += open - st.open_cells();
                    }
                    return count;
                }
            } else {
                let (d, band, bit) = st.guess(order);
                let mut alt = st;
                alt.cand[band * 9 + d] &= !bit;
                alt.dirty |= 1 << (band * 9 + d);
                alternatives.push(alt);
                if COUNT {
                    stats.guesses += 1;
                }
                if st.place(d, band, bit).is_ok() {
                    continue;
                }
            }
        }
        if COUNT {
            stats.placements += open - st.open_cells();
        }
        match alternatives.pop() {
            Some(alt) => {
                if COUNT {
                    stats.backtracks += st.placed_since(&alt.unsolved);
                    open = alt.open_cells();
                }
                st = alt;
            }
            None => {
                if COUNT {
                    stats.backtracks += st.placed_since(&givens);
                }
                return count;
            }
        }
    }
}

#[cfg(test)]
mod tests {
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

    fn line(b: &Board) -> String {
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
        if puzzle.0.iter().any(|&v| v > 9) || puzzle.first_clash().is_some() {
            return (0, None);
        }
        let mut cells = puzzle.0;
        let mut found = (0, None);
        reference_from(&mut cells, limit, &mut found);
        found
    }

    fn reference_from(cells: &mut [u8; 81], limit: usize, found: &mut (usize, Option<Board>)) {
        let mut used = [0u16; 27]; // rows, columns, boxes: digits present
        for (i, &v) in cells.iter().enumerate() {
            for u in [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3] {
                used[u] |= (1 << v) & !1;
            }
        }
        let mut best: Option<(usize, u16)> = None;
        for i in (0..81).filter(|&i| cells[i] == 0) {
            let free = 0x3fe & !(used[i / 9] | used[9 + i % 9] | used[18 + i / 27 * 3 + i % 9 / 3]);
            if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
                best = Some((i, free));
            }
        }
        match best {
            None => {
                found.0 += 1;
                found.1.get_or_insert(Board(*cells));
            }
            Some((i, free)) => {
                for d in (1..=9).filter(|d| free & (1 << d) != 0) {
                    cells[i] = d;
                    reference_from(cells, limit, found);
                    cells[i] = 0;
                    if found.0 >= limit {
                        return;
                    }
                }
            }
        }
    }

    /// The smallest solution: a depth-first search over the blanks in
    /// row-major order, digits ascending, pruning only when some blank has
    /// no candidate left; its first solution is the smallest. Gives up
    /// (`Err`) after `budget` nodes: near-empty boards can defeat it.
    fn reference_smallest(puzzle: &Board, budget: usize) -> Result<Option<Board>, ()> {
        if reference(puzzle, 1).0 == 0 {
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
        used: [u16; 27], // rows, columns, boxes: digits present
        budget: usize,
    }

    impl Dfs {
        fn units(i: usize) -> [usize; 3] {
            [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
        }

        fn free(&self, i: usize) -> u16 {
            let [r, c, b] = Dfs::units(i);
            0x3fe & !(self.used[r] | self.used[c] | self.used[b])
        }

        fn flip(&mut self, i: usize, d: u8) {
            for u in Dfs::units(i) {
                self.used[u] ^= 1 << d;
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
            for d in (1..=9).filter(|d| free & (1 << d) != 0) {
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

    /// A random complete grid: the smallest grid with its digits, bands,
    /// stacks, and rows and columns inside them shuffled, maybe transposed.
    fn random_grid(rng: &mut Rng) -> Board {
        let base = board(SMALLEST_GRID);
        let mut digits: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut digits);
        let mut order = || {
            let mut groups = [0, 1, 2];
            rng.shuffle(&mut groups);
            let mut lines = Vec::new();
            for g in groups {
                let mut inner = [0, 1, 2];
                rng.shuffle(&mut inner);
                lines.extend(inner.iter().map(|k| g * 3 + k));
            }
            lines
        };
        let rows = order();
        let cols = order();
        let transpose = rng.below(2) == 1;
        let mut cells = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = if transpose {
                    (cols[c], rows[r])
                } else {
                    (rows[r], cols[c])
                };
                cells[r * 9 + c] = digits[usize::from(base.0[sr * 9 + sc] - 1)];
            }
        }
        Board(cells)
    }

    // ------------------------------------------------------------------
    // Known answers

    #[test]
    fn boj2580_sample_is_solved() {
        let puzzle = board(
            "035469278782105609060278135321046897804913506596820413917652080603701952258394760",
        );
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
        let puzzle = board(
            "000000000000003085001020000000507000004000100090000000500000073002010000000040009",
        );
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
        let puzzle = board(
            "003456789456789123789123456004365897365897214897214365531642978642978531978531642",
        );
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
        let (solution, stats) = solve_counted(&puzzle);
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
        for text in [crate::testdata::ESCARGOT, crate::testdata::INKALA] {
            let puzzle = board(text);
            let (solution, stats) = solve_counted(&puzzle);
            assert_eq!(solution, solve(&puzzle), "{}", text);
            assert!(stats.guesses > 0 && stats.backtracks > 0, "{:?}", stats);
            assert_eq!(stats.placements - stats.backtracks, blanks(&puzzle));
        }
    }

    #[test]
    fn complete_grid_needs_no_placement() {
        let grid = board(SMALLEST_GRID);
        assert_eq!(solve_counted(&grid), (Some(grid), SearchStats::default()));
    }

    #[test]
    fn empty_board_is_filled_with_81_placements() {
        let (solution, stats) = solve_counted(&Board::EMPTY);
        assert_eq!(solution, solve(&Board::EMPTY));
        assert_eq!(stats.placements - stats.backtracks, 81);
        assert!(stats.guesses > 0);
    }

    #[test]
    fn unsolvable_search_erases_every_digit_it_placed() {
        // AI Escargot with a wrong 2 in r1c2 that clashes with no given:
        // found out only after guesses.
        let puzzle = board(
            "12...7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        assert_eq!(puzzle.first_clash(), None);
        let (solution, stats) = solve_counted(&puzzle);
        assert_eq!(solution, None);
        assert!(stats.guesses > 0 && stats.placements > 0, "{:?}", stats);
        assert_eq!(stats.backtracks, stats.placements);
        // Found by propagation before any digit is written.
        let (solution, stats) = solve_counted(&board(crate::testdata::UNSOLVABLE));
        assert_eq!((solution, stats), (None, SearchStats::default()));
    }

    #[test]
    fn clashing_givens_are_refused_without_work() {
        let mut puzzle = Board::EMPTY;
        puzzle.0[0] = 5;
        puzzle.0[20] = 5;
        assert_eq!(solve_counted(&puzzle), (None, SearchStats::default()));
    }

    #[test]
    fn counted_search_matches_solve_on_random_puzzles() {
        let mut rng = Rng::new(96);
        let (mut guessed, mut failed) = (0, 0);
        for _ in 0..300 {
            let mut puzzle = random_grid(&mut rng);
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            for &i in &cells[..rng.below(82)] {
                puzzle.0[i] = 0;
            }
            if rng.below(4) == 0 {
                let i = rng.below(81);
                puzzle.0[i] = rng.below(10) as u8;
            }
            let (solution, stats) = solve_counted(&puzzle);
            assert_eq!(solution, solve(&puzzle), "{}", line(&puzzle));
            let kept = if solution.is_some() {
                blanks(&puzzle)
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
    // Against the reference, on seeded random puzzles

    #[test]
    fn random_puzzles_agree_with_the_naive_reference() {
        let mut rng = Rng::new(2239);
        let mut seen = [0usize; 4]; // puzzles with 0, 1, 2, 3+ solutions
        let mut gave_up = 0;
        for _ in 0..300 {
            let grid = random_grid(&mut rng);
            assert_eq!(grid.first_clash(), None);
            let mut puzzle = grid;
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let blanks = rng.below(82);
            for &i in &cells[..blanks] {
                puzzle.0[i] = 0;
            }
            if rng.below(4) == 0 {
                // Break it: one given (or blank) changed at random.
                let i = rng.below(81);
                puzzle.0[i] = rng.below(10) as u8;
            }
            let (count, first) = reference(&puzzle, 3);
            seen[count] += 1;
            assert_eq!(count_solutions(&puzzle, 3), count, "{}", line(&puzzle));
            assert_eq!(is_unique(&puzzle), count == 1, "{}", line(&puzzle));
            match solve(&puzzle) {
                Some(s) => assert!(s.solves(&puzzle) && count > 0, "{}", line(&puzzle)),
                None => assert_eq!(count, 0, "{}", line(&puzzle)),
            }
            let smallest = if count > 1 {
                reference_smallest(&puzzle, 20_000)
            } else {
                Ok(first)
            };
            match smallest {
                Ok(s) => assert_eq!(smallest_solution(&puzzle), s, "{}", line(&puzzle)),
                Err(()) => gave_up += 1,
            }
        }
        // The reference gives up on a few near-empty boards only.
        assert!(gave_up <= 30, "{} puzzles unchecked", gave_up);
        // The sample covers every case.
        assert!(seen.iter().all(|&n| n > 0), "{:?}", seen);
    }
}
