// Problem: LeetCode 37 "Sudoku Solver" (https://leetcode.com/problems/sudoku-solver/).
// Paste this whole file into LeetCode's Rust editor as it is (LeetCode supplies
// `struct Solution;`).
// Input: `board`, 9 rows of 9 chars, '1'-'9' given and '.' blank.
// Output: `board` filled in place; a board whose givens clash or that has no solution is
// left as it was.
// Answer: the one solution the statement promises.
// Method: a blank-list backtracker with used-digit masks; each node places every forced
// digit at once (a blank's only candidate, a digit's only place in a unit), else branches
// on the blank with the fewest candidates or, when that has three or more, on the two
// places left for a digit.
// Improves on: the `fewest-candidates` pattern of `sudoku study`, which has no hidden
// singles.

/// The board: the cells row-major (0 = blank), and per row, column and box a mask of the
/// digits USED there (bit d set: digit d stands somewhere in that row, column or box).
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

/// How many places each digit has left in one unit, counted up to three, for all nine
/// digits at once: bit d of `one` is set when digit d fits at least one blank of the unit,
/// of `two` at least two, of `three` at least three.
#[derive(Clone, Copy)]
struct Places {
    one: u16,
    two: u16,
    three: u16,
}

impl Solution {
    #[allow(clippy::ptr_arg)] // the signature is LeetCode's: `&mut Vec`, not a slice
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let mut state = Board {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (r, row) in board.iter().enumerate().take(9) {
            for (c, ch) in row.iter().enumerate().take(9) {
                let i = r * 9 + c;
                let d = ch.to_digit(10).unwrap_or(0) as u8;
                if d == 0 {
                    continue;
                }
                if Self::candidates(&state, i) & 1 << d == 0 {
                    return; // clashing givens: leave the board as it was
                }
                Self::place(&mut state, i, d);
            }
        }
        let mut blanks: Vec<usize> = (0..81).filter(|&i| state.cells[i] == 0).collect();
        if Self::search(&mut state, &mut blanks) {
            for (r, row) in board.iter_mut().enumerate().take(9) {
                for (c, ch) in row.iter_mut().enumerate().take(9) {
                    *ch = (b'0' + state.cells[r * 9 + c]) as char;
                }
            }
        }
    }

    /// The box of cell `i`, boxes numbered row-major from 0.
    fn box_of(i: usize) -> usize {
        i / 27 * 3 + i % 9 / 3
    }

    /// The three units of cell `i` as unit numbers: rows 0..9, columns 9..18, boxes 18..27.
    fn units(i: usize) -> [usize; 3] {
        [i / 9, 9 + i % 9, 18 + Self::box_of(i)]
    }

    /// Writes digit `d` into blank `i` and marks it used in the cell's row, column and box.
    fn place(board: &mut Board, i: usize, d: u8) {
        board.cells[i] = d;
        board.rows[i / 9] ^= 1 << d;
        board.cols[i % 9] ^= 1 << d;
        board.boxes[Self::box_of(i)] ^= 1 << d;
    }

    /// Takes digit `d` back out of cell `i`: the same XOR lines as `place`, which undo it.
    fn undo(board: &mut Board, i: usize, d: u8) {
        board.cells[i] = 0;
        board.rows[i / 9] ^= 1 << d;
        board.cols[i % 9] ^= 1 << d;
        board.boxes[Self::box_of(i)] ^= 1 << d;
    }

    /// The digits blank `i` can still take: those its row, column and box do not use.
    fn candidates(board: &Board, i: usize) -> u16 {
        0x3fe & !(board.rows[i / 9] | board.cols[i % 9] | board.boxes[Self::box_of(i)])
    }

    /// Fills `blanks` (the cells still 0) and returns true, or returns false with the board
    /// as it was.
    fn search(board: &mut Board, blanks: &mut [usize]) -> bool {
        if blanks.is_empty() {
            return true;
        }
        // Look at every blank once: find the one with the fewest candidates (ties: the
        // first), and count in every row, column and box how many places each digit has.
        let mut fewest = 0; // a position in `blanks`
        let mut fewest_count = 10;
        let mut places = [Places {
            one: 0,
            two: 0,
            three: 0,
        }; 27];
        for (n, &i) in blanks.iter().enumerate() {
            let cand = Self::candidates(board, i);
            if cand.count_ones() < fewest_count {
                fewest = n;
                fewest_count = cand.count_ones();
            }
            for &u in Self::units(i).iter() {
                let p = &mut places[u]; // each digit of `cand` moves up one step
                p.three |= p.two & cand;
                p.two |= p.one & cand;
                p.one |= cand;
            }
        }
        // A digit that a row, column or box still needs but that fits none of its blanks.
        let mut lost = 0;
        for k in 0..9 {
            lost |= !board.rows[k] & !places[k].one;
            lost |= !board.cols[k] & !places[9 + k].one;
            lost |= !board.boxes[k] & !places[18 + k].one;
        }
        if lost & 0x3fe != 0 {
            return false;
        }
        // Place every forced digit at once: a blank's only candidate, or a digit with one
        // place left in one of the blank's units. They move to the front of `blanks`.
        let mut forced = 0;
        let mut dead = false;
        for n in 0..blanks.len() {
            let i = blanks[n];
            let cand = Self::candidates(board, i);
            let mut hidden = 0;
            for &u in Self::units(i).iter() {
                hidden |= places[u].one & !places[u].two;
            }
            // `x & (x - 1)` clears the lowest bit of x: it is 0 when x has one bit at most.
            let single = if cand != 0 && cand & (cand - 1) == 0 {
                cand
            } else {
                cand & hidden
            };
            if cand == 0 {
                dead = true; // a digit forced just before took this blank's last candidate
            }
            if single != 0 {
                Self::place(board, i, single.trailing_zeros() as u8);
                blanks.swap(forced, n);
                forced += 1;
            }
        }
        if forced > 0 {
            let solved = !dead && Self::search(board, &mut blanks[forced..]);
            if !solved {
                for &i in blanks[..forced].iter() {
                    let d = board.cells[i];
                    Self::undo(board, i, d);
                }
            }
            return solved;
        }
        // Nothing forced: branch on the blank with the fewest candidates; but when it has
        // three or more, on a digit with two places left in a unit: two branches only.
        let mut tries: Vec<usize> = vec![blanks[fewest]];
        let mut digits = 0x3fe;
        let two_places = |u: usize| places[u].two & !places[u].three;
        if let Some(u) = (0..27).find(|&u| two_places(u) != 0 && fewest_count > 2) {
            digits = 1 << two_places(u).trailing_zeros();
            let fits = |i: &usize| {
                Self::units(*i).contains(&u) && Self::candidates(board, *i) & digits != 0
            };
            tries = blanks.iter().cloned().filter(fits).collect();
        }
        for i in tries {
            // Move blank `i` to the front, so the deeper search gets the rest as one slice.
            let at = blanks.iter().position(|&b| b == i).unwrap_or(0);
            blanks.swap(0, at);
            let mut left = digits & Self::candidates(board, i);
            while left != 0 {
                let d = left.trailing_zeros() as u8; // the smallest digit left
                left &= left - 1; // and take it off the list
                Self::place(board, i, d);
                if Self::search(board, &mut blanks[1..]) {
                    return true;
                }
                Self::undo(board, i, d);
            }
        }
        false
    }
}
