// Problem: Codewars "Sudoku Solution Validator" (4 kyu,
// https://www.codewars.com/kata/529bf0e9bdf7657179000008).
// Paste this whole file into the kata's Rust solution box as it is: the kata's tests call
// `valid_solution`.
// Input: `sudoku`, a 9x9 board of numbers; a 0 is an empty cell.
// Output: true or false.
// Answer: whether the board is a finished sudoku: each row, column and 3x3 box holds each
// of 1-9 once. An empty cell (0) anywhere makes it false, and so does a number above 9,
// which the kata never sends.
// Method: one pass with a used-digit mask per row, column and box (a `u16`, bit d for digit
// d): a non-digit, or a digit a unit has already met, fails. 81 digits with no repeat in a
// unit leave nine different digits in each of the 27 units: all of 1-9.
// Improves on: sorting each of the 27 units to compare it with 1-9, or summing each to 45,
// which a row of nine 5s passes.

/// The kata's entry point: true when `sudoku` is a complete grid with no digit repeated in
/// a row, a column or a box.
pub fn valid_solution(sudoku: &[[u8; 9]; 9]) -> bool {
    let mut seen = [0u16; 27]; // digits met in rows 0..9, columns 9..18, boxes 18..27
    for (r, row) in sudoku.iter().enumerate() {
        for (c, &d) in row.iter().enumerate() {
            if d == 0 || d > 9 {
                return false; // an empty cell, or a number that is no digit
            }
            for &u in [r, 9 + c, 18 + r / 3 * 3 + c / 3].iter() {
                if seen[u] & 1 << d != 0 {
                    return false; // the second `d` in this row, column or box
                }
                seen[u] |= 1 << d;
            }
        }
    }
    true
}
