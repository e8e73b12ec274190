// Problem: Codewars "Hard Sudoku Solver" (2 kyu,
// https://www.codewars.com/kata/5588bd9f28dbb06f43000085). No Rust signature of this kata
// could be read: this one is the closest to what is documented (the Python kata's
// `sudoku_solver(puzzle)`, which returns a 9x9 grid or raises; the `u8` cells and the 9x9
// array of the Rust "Sudoku Solver" kata), with the three errors as a `Result`.
// Paste this whole file into the kata's Rust solution box as it is.
// Input: `puzzle`, rows of numbers, 1-9 given and 0 blank; any number of rows of any length
// reaches the function, which must refuse every shape but 9 rows of 9.
// Output: `Ok` with the solved 9x9 grid, or `Err` with one of the kata's three errors.
// Answer: the unique solution; `InvalidGrid` for a grid that is not 9 rows of 9 cells, that
// holds a number above 9 or whose givens repeat a digit in a row, column or box;
// `NoSolution` when nothing completes valid givens; `MultipleSolutions` for two or more.
// Method: the search of the kit's `sudokunique.rs`, word for word, counting completions up
// to two: every node places every single (a blank's only candidate, a digit's only place in
// a unit), then branches on the blank with the fewest candidates, trying first the digit
// its peers need least; it stops at the second completion.
// Improves on: the `fewest-candidates` pattern of `sudoku study`, which has no hidden
// singles; and a search for one solution followed by a second full search for another,
// which costs a whole extra pass on every puzzle.
// Errors: the three above, as values of `SudokuError`; the function never panics.

const ALL: u16 = 0x3fe; // the digits 1..=9 as a mask: bit d stands for digit d, bit 0 unused

/// Why `sudoku_solver` returns no grid: the three errors the kata asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SudokuError {
    /// Not 9 rows of 9 cells, a number above 9, or givens that repeat a digit in a row,
    /// a column or a box.
    InvalidGrid,
    /// Valid givens that no grid completes.
    NoSolution,
    /// Two completions or more.
    MultipleSolutions,
}

/// The board: the cells row-major (0 = blank), and per row, column and box a mask of the
/// digits USED there (bit d set: digit d stands somewhere in that row, column or box).
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

/// The box of cell `i`, boxes numbered row-major from 0.
fn box_of(i: usize) -> usize {
    i / 27 * 3 + i % 9 / 3
}

/// The three units of cell `i` as unit numbers: rows are 0..9, columns 9..18, boxes 18..27.
fn units(i: usize) -> [usize; 3] {
    [i / 9, 9 + i % 9, 18 + box_of(i)]
}

/// Writes digit `d` into blank `i` and marks it used in the cell's row, column and box.
fn place(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = d;
    board.rows[i / 9] ^= 1 << d;
    board.cols[i % 9] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// Takes digit `d` back out of cell `i`: the same XOR lines as `place`, which undo it.
fn undo(board: &mut Board, i: usize, d: u8) {
    board.cells[i] = 0;
    board.rows[i / 9] ^= 1 << d;
    board.cols[i % 9] ^= 1 << d;
    board.boxes[box_of(i)] ^= 1 << d;
}

/// The digits blank `i` can still take: those its row, column and box do not use.
fn candidates(board: &Board, i: usize) -> u16 {
    ALL & !(board.rows[i / 9] | board.cols[i % 9] | board.boxes[box_of(i)])
}

/// How many places each digit has left in one unit, counted up to two, for all nine digits
/// at once: bit d of `one` is set when digit d fits at least one blank of the unit, of `two`
/// at least two. So `one & !two` are the digits with exactly one place: hidden singles.
#[derive(Clone, Copy)]
struct Places {
    one: u16,
    two: u16,
}

/// Counts one more blank of the unit, which takes the digits `cand`: each of them moves up
/// one step (from "at least one" to "at least two" first, so no digit moves twice).
fn add_place(places: &mut Places, cand: u16) {
    places.two |= places.one & cand;
    places.one |= cand;
}

/// What a search found: the number of completions, counted up to its limit, and the first.
struct Found {
    count: u64,
    first: [u8; 81],
}

/// Whether cells `i` and `j` share a row, a column or a box.
fn sees(i: usize, j: usize) -> bool {
    i / 9 == j / 9 || i % 9 == j % 9 || box_of(i) == box_of(j)
}

/// Counts into `found` the completions that fill `blanks` (the cells still 0), stopping at
/// `limit`, and keeps the first one.
fn search(board: &mut Board, blanks: &mut [usize], limit: u64, found: &mut Found) {
    // `blanks[..filled]`: the singles this node placed, undone before it returns.
    let mut filled = 0;
    'look: while filled < blanks.len() {
        // Look at every open blank once: find the one with the fewest candidates (ties: the
        // first), and count in every row, column and box how many places each digit has left.
        let mut fewest = filled; // a position in `blanks`
        let mut fewest_count = 10;
        let mut places = [Places { one: 0, two: 0 }; 27];
        for (n, &i) in blanks.iter().enumerate().skip(filled) {
            let cand = candidates(board, i);
            if cand.count_ones() < fewest_count {
                fewest = n;
                fewest_count = cand.count_ones();
            }
            for &u in units(i).iter() {
                add_place(&mut places[u], cand);
            }
        }
        // A digit that a row, column or box still needs but that fits none of its blanks.
        let mut lost = 0;
        for k in 0..9 {
            lost |= !board.rows[k] & !places[k].one;
            lost |= !board.cols[k] & !places[9 + k].one;
            lost |= !board.boxes[k] & !places[18 + k].one;
        }
        // Or a blank without candidates: either way a dead end.
        if fewest_count == 0 || lost & ALL != 0 {
            break;
        }
        // No single anywhere: branch on the blank with the fewest candidates. Its digits go
        // in the order of how many of its open peers could also take them, fewest first: the
        // digit the others need least is the likeliest to be right.
        if fewest_count > 1 && (0..27).all(|u| places[u].one & !places[u].two == 0) {
            blanks.swap(filled, fewest);
            let i = blanks[filled];
            let rest = &blanks[filled + 1..];
            let cand = candidates(board, i);
            let mut digits: Vec<u8> = (1..10).filter(|&d| cand & 1 << d != 0).collect();
            let takers = |d: &u8| {
                let peers = rest.iter().filter(|&&j| sees(i, j));
                peers
                    .filter(|&&j| candidates(board, j) & 1 << d != 0)
                    .count()
            };
            digits.sort_by_key(takers); // a stable sort: ties stay in ascending order
            for d in digits {
                if found.count >= limit {
                    break;
                }
                place(board, i, d);
                search(board, &mut blanks[filled + 1..], limit, found);
                undo(board, i, d);
            }
            break;
        }
        // Else place every single this look found: a blank's only candidate, or a digit
        // with one place left in one of the blank's units (a hidden single).
        let first = filled; // `filled` grows in the loop; the loop's range does not
        for n in first..blanks.len() {
            let i = blanks[n];
            let cand = candidates(board, i);
            let mut hidden = 0;
            for &u in units(i).iter() {
                // A digit of this blank with under two places in a unit has only this one.
                hidden |= cand & !places[u].two;
            }
            let digit = if hidden != 0 { hidden } else { cand };
            // `x & (x - 1)` clears the lowest bit of x: it is 0 when x has one bit at most.
            // (Cheaper than `count_ones`, which judges compile without a popcount instruction.)
            if digit == 0 || hidden & hidden.wrapping_sub(1) != 0 {
                break 'look; // no digit left here, or two that must both go here
            } else if digit & (digit - 1) == 0 {
                place(board, i, digit.trailing_zeros() as u8);
                blanks.swap(n, filled);
                filled += 1;
            }
        }
    }
    if filled == blanks.len() {
        if found.count == 0 {
            found.first = board.cells;
        }
        found.count += 1;
    }
    for &i in blanks[..filled].iter() {
        let d = board.cells[i];
        undo(board, i, d);
    }
}

/// The one completion of `puzzle` (81 cells 0-9, row-major, 0 = blank), or the error: the
/// givens placed (a clash is an invalid grid), then completions counted up to two.
fn solve(puzzle: [u8; 81]) -> Result<[u8; 81], SudokuError> {
    let mut board = Board {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    for (i, &d) in puzzle.iter().enumerate() {
        if d == 0 {
            continue;
        }
        if candidates(&board, i) & 1 << d == 0 {
            return Err(SudokuError::InvalidGrid); // a digit twice in a row, column or box
        }
        place(&mut board, i, d);
    }
    let mut found = Found {
        count: 0,
        first: [0; 81],
    };
    let mut blanks: Vec<usize> = (0..81).filter(|&i| puzzle[i] == 0).collect();
    search(&mut board, &mut blanks, 2, &mut found);
    match found.count {
        0 => Err(SudokuError::NoSolution),
        1 => Ok(found.first),
        _ => Err(SudokuError::MultipleSolutions),
    }
}

/// The kata's entry point: the unique solution of `puzzle` as a 9x9 grid, or why there is
/// none. The shape and the values are checked first, so that no input can panic.
pub fn sudoku_solver(puzzle: &[Vec<u8>]) -> Result<[[u8; 9]; 9], SudokuError> {
    if puzzle.len() != 9 || puzzle.iter().any(|row| row.len() != 9) {
        return Err(SudokuError::InvalidGrid);
    }
    let mut cells = [0u8; 81];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = puzzle[i / 9][i % 9];
    }
    if cells.iter().any(|&d| d > 9) {
        return Err(SudokuError::InvalidGrid); // only 0 (blank) and the digits 1-9
    }
    let solution = solve(cells)?;
    let mut grid = [[0u8; 9]; 9];
    for (i, &d) in solution.iter().enumerate() {
        grid[i / 9][i % 9] = d;
    }
    Ok(grid)
}
