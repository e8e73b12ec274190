//! Solving the way people do: deductions that can be explained in words.
//!
//! | module | what it holds |
//! |---|---|
//! | [`singles`] | naked and hidden singles at any size, round by round (`sudoku propagate`) |
//! | [`techniques`] | the 9×9 techniques on a candidates grid, simplest first: singles, locked candidates, pairs, x-wing |
//! | [`grade`] | difficulty levels from the techniques a 9×9 puzzle needs (`sudoku grade`, `sudoku gen --difficulty`) |

pub mod grade;
pub mod singles;
pub mod techniques;
