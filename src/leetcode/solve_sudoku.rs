// LeetCode 37 "Sudoku Solver": paste this whole file into LeetCode's Rust
// editor as it is (LeetCode supplies `struct Solution;`).
//
// `solve_sudoku` fills `board` (9 rows of 9 chars, '1'-'9' given, '.' blank)
// in place with its solution; the statement promises exactly one. A board
// whose givens clash or that has no solution is left as it was.
// Method: a recursive blank-list backtracker with used-digit masks (a `u16`
// per row, column and box; bit d stands for digit d). Each call places every
// forced digit at once (a blank's only candidate, or a hidden single: a
// digit's only place in a row, column or box), else branches on the blank
// with the fewest candidates or, when that has 3+, on the two places left
// for a digit. Hard puzzles take well under a millisecond.
impl Solution {
    #[allow(clippy::ptr_arg)] // the signature is LeetCode's: `&mut Vec`, not a slice
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        let (mut cells, mut masks) = ([0u8; 81], [0u16; 27]);
        for (r, row) in board.iter().enumerate().take(9) {
            for (c, ch) in row.iter().enumerate().take(9) {
                let (i, d) = (r * 9 + c, ch.to_digit(10).unwrap_or(0) as u8);
                if d > 0 && Self::cand(&masks, i) & 1 << d == 0 {
                    return; // clashing givens
                } else if d > 0 {
                    Self::flip(&mut cells, &mut masks, i, d);
                }
            }
        }
        let mut blanks: Vec<usize> = (0..81).filter(|&i| cells[i] == 0).collect();
        if Self::search(&mut cells, &mut masks, &mut blanks) {
            for (r, row) in board.iter_mut().enumerate().take(9) {
                for (c, ch) in row.iter_mut().enumerate().take(9) {
                    *ch = (b'0' + cells[r * 9 + c]) as char;
                }
            }
        }
    }

    /// The row, column and box of cell `i`, as indices into `masks`.
    fn units(i: usize) -> [usize; 3] {
        [i / 9, 9 + i % 9, 18 + i / 27 * 3 + i % 9 / 3]
    }

    /// The digits cell `i` can still take.
    fn cand(masks: &[u16; 27], i: usize) -> u16 {
        Self::units(i)
            .iter()
            .fold(0x3fe, |free, &u| free & !masks[u])
    }

    /// Places digit `d` in cell `i`, or takes it back: the same XOR both ways.
    fn flip(cells: &mut [u8; 81], masks: &mut [u16; 27], i: usize, d: u8) {
        for u in Self::units(i) {
            masks[u] ^= 1 << d;
        }
        cells[i] ^= d;
    }

    /// Fills `blanks` (cells still 0) and returns true, or returns false, all as it was.
    fn search(cells: &mut [u8; 81], masks: &mut [u16; 27], blanks: &mut [usize]) -> bool {
        if blanks.is_empty() {
            return true;
        }
        let (mut j, mut least) = (0, 10); // the blank with the fewest candidates
        let (mut once, mut twice, mut more) = ([0u16; 27], [0u16; 27], [0u16; 27]); // 1+, 2+, 3+ places
        for (n, &i) in blanks.iter().enumerate() {
            let free = Self::cand(masks, i);
            if free.count_ones() < least {
                (j, least) = (n, free.count_ones());
            }
            for u in Self::units(i) {
                more[u] |= twice[u] & free;
                twice[u] |= once[u] & free;
                once[u] |= free;
            }
        }
        if (0..27).any(|u| 0x3fe & !masks[u] & !once[u] != 0) {
            return false; // a row, column or box needs a digit that fits nowhere in it
        }
        // Every forced digit at once: a blank's only candidate, or the only place left for
        // a digit in a row, column or box. They move to the front of `blanks`.
        let (mut forced, mut dead) = (0, false);
        for n in 0..blanks.len() {
            let (i, free) = (blanks[n], Self::cand(masks, blanks[n]));
            let hidden = free
                & Self::units(i)
                    .iter()
                    .fold(0, |h, &u| h | once[u] & !twice[u]);
            let single = if free.is_power_of_two() { free } else { hidden };
            dead |= free == 0; // a digit forced before took this blank's last candidate
            if single != 0 {
                Self::flip(cells, masks, i, single.trailing_zeros() as u8);
                blanks.swap(forced, n);
                forced += 1;
            }
        }
        if forced > 0 {
            let done = !dead && Self::search(cells, masks, &mut blanks[forced..]);
            for &i in blanks[..forced].iter().filter(|_| !done) {
                Self::flip(cells, masks, i, cells[i]); // a cell XOR itself is 0
            }
            return done;
        }
        let mut branches = vec![(blanks[j], Self::cand(masks, blanks[j]))]; // (blank, digits)
        if let Some(u) = (0..27).find(|&u| twice[u] & !more[u] != 0 && least > 2) {
            let d = 1 << (twice[u] & !more[u]).trailing_zeros(); // 2 places left in unit u
            let fits =
                |i: &&usize| Self::units(**i).contains(&u) && Self::cand(masks, **i) & d != 0;
            branches = blanks.iter().filter(fits).map(|&i| (i, d)).collect();
        }
        for (i, mut bits) in branches {
            let j = blanks.iter().position(|&b| b == i).unwrap_or(0); // deeper calls reorder them
            blanks.swap(0, j);
            while bits != 0 {
                let d = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Self::flip(cells, masks, i, d);
                if Self::search(cells, masks, &mut blanks[1..]) {
                    return true;
                }
                Self::flip(cells, masks, i, d);
            }
        }
        false
    }
}
