//! Solving the way people do: deductions that can be explained in words.
//!
//! One mask convention throughout, as in the rest of the kit: a set of
//! values is a mask with bit `v - 1` for value `v`.
//!
//! | module | what it holds |
//! |---|---|
//! | [`singles`] | naked and hidden singles at any size, round by round (`sudoku propagate`) |
//! | [`candidates`] | the 9×9 pencil-mark grid the techniques work on: [`candidates::Candidates`], the peers, the digit masks |
//! | [`step`] | what a technique is ([`step::Technique`]) and one application of it ([`step::Step`]), with its sentence for a learner |
//! | [`techniques`] | the 9×9 techniques, one file per family, simplest first: singles, locked candidates, pairs, x-wing; the next step and the guess |
//! | [`grade`] | difficulty levels from the techniques a 9×9 puzzle needs (`sudoku grade`, `sudoku gen --difficulty`) |
//!
//! Each row imports only from the rows above it (`singles` stands alone).

pub mod candidates;
pub mod grade;
pub mod singles;
pub mod step;
pub mod techniques;
