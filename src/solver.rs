//! The engine: the kit's fast path for solving and counting.
//!
//! (Baseline implementation: a bitmask backtracker choosing the blank with
//! the fewest candidates. The public functions and their contracts are fixed;
//! the internals are being replaced by the fast engine.)

use crate::board::{box_of, col_of, row_of, Board};

const ALL: u16 = 0x3fe; // bits 1..=9

/// Returns some solution of `puzzle`, or `None` when it has none (including
/// when its givens clash).
pub fn solve(puzzle: &Board) -> Option<Board> {
    let mut found = None;
    search(puzzle, 1, &mut |b| found = Some(*b));
    found
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so the answer is
/// `min(count, limit)`). Clashing givens have 0 solutions.
pub fn count_solutions(puzzle: &Board, limit: usize) -> usize {
    search(puzzle, limit, &mut |_| {})
}

/// True when `puzzle` has exactly one solution.
pub fn is_unique(puzzle: &Board) -> bool {
    count_solutions(puzzle, 2) == 1
}

/// Returns the lexicographically smallest solution of `puzzle` (compare the
/// 81 cells row-major), or `None` when it has none.
///
/// Same contract as the `boj2239` binary.
pub fn smallest_solution(puzzle: &Board) -> Option<Board> {
    let mut board = *puzzle;
    let first = solve(&board)?;
    if count_solutions(&board, 2) == 1 {
        return Some(first);
    }
    // Fix the blanks row-major, each to the smallest digit that still
    // leaves a completion.
    for i in 0..81 {
        if board.0[i] != 0 {
            continue;
        }
        for d in 1..=9 {
            board.0[i] = d;
            if count_solutions(&board, 1) == 1 {
                break;
            }
        }
    }
    Some(board)
}

struct State {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

fn search(puzzle: &Board, limit: usize, on_solution: &mut dyn FnMut(&Board)) -> usize {
    if limit == 0 || puzzle.first_clash().is_some() || puzzle.0.iter().any(|&v| v > 9) {
        return 0;
    }
    let mut st = State {
        cells: puzzle.0,
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    let mut blanks = Vec::new();
    for i in 0..81 {
        let d = st.cells[i];
        if d == 0 {
            blanks.push(i);
        } else {
            st.rows[row_of(i)] |= 1 << d;
            st.cols[col_of(i)] |= 1 << d;
            st.boxes[box_of(i)] |= 1 << d;
        }
    }
    let mut count = 0;
    recurse(&mut st, &mut blanks, 0, limit, &mut count, on_solution);
    count
}

fn recurse(
    st: &mut State,
    blanks: &mut [usize],
    k: usize,
    limit: usize,
    count: &mut usize,
    on_solution: &mut dyn FnMut(&Board),
) {
    if k == blanks.len() {
        *count += 1;
        on_solution(&Board(st.cells));
        return;
    }
    let free = |st: &State, i: usize| {
        ALL & !(st.rows[row_of(i)] | st.cols[col_of(i)] | st.boxes[box_of(i)])
    };
    let mut best = k;
    let mut best_n = 10;
    for j in k..blanks.len() {
        let n = free(st, blanks[j]).count_ones();
        if n < best_n {
            best = j;
            best_n = n;
            if n <= 1 {
                break;
            }
        }
    }
    blanks.swap(k, best);
    let i = blanks[k];
    let (r, c, b) = (row_of(i), col_of(i), box_of(i));
    let mut cand = free(st, i);
    while cand != 0 && *count < limit {
        let bit = cand & cand.wrapping_neg();
        cand &= cand - 1;
        st.rows[r] ^= bit;
        st.cols[c] ^= bit;
        st.boxes[b] ^= bit;
        st.cells[i] = bit.trailing_zeros() as u8;
        recurse(st, blanks, k + 1, limit, count, on_solution);
        st.cells[i] = 0;
        st.rows[r] ^= bit;
        st.cols[c] ^= bit;
        st.boxes[b] ^= bit;
    }
    blanks.swap(k, best);
}
