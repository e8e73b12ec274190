// Problem: LeetCode 36 "Valid Sudoku" (https://leetcode.com/problems/valid-sudoku/).
// Paste this whole file into LeetCode's Rust editor as it is (LeetCode supplies
// `struct Solution;`).
// Input: `board`, 9 rows of 9 chars, '1'-'9' or '.' for an empty cell.
// Output: true or false.
// Answer: whether the filled cells repeat no digit in a row, a column or a 3x3 box. Only
// the givens are checked: a valid board need not have a solution. A board of another
// shape, or another char, is not valid.
// Method: one pass with a used-digit mask (a `u16`, bit d for digit d) per row, column and
// box.
// Improves on: rescanning the row, column and box of every cell (27 cells each).
impl Solution {
    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {
        if board.len() != 9 || board.iter().any(|row| row.len() != 9) {
            return false;
        }
        let mut seen = [0u16; 27]; // digits met in rows 0..9, columns 9..18, boxes 18..27
        for (r, row) in board.iter().enumerate() {
            for (c, &ch) in row.iter().enumerate() {
                let d = match ch {
                    '1'..='9' => ch as u32 - '0' as u32,
                    '.' => continue,
                    _ => return false,
                };
                for u in [r, 9 + c, 18 + r / 3 * 3 + c / 3] {
                    if seen[u] & 1 << d != 0 {
                        return false; // the second `d` in this row, column or box
                    }
                    seen[u] |= 1 << d;
                }
            }
        }
        true
    }
}
