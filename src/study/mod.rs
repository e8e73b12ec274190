//! Studying backtracking: the same search written several ways and
//! compared by the nodes they visit, and a search replayed step by step.
//!
//! | module | what it holds |
//! |---|---|
//! | [`patterns`] | seven backtracking patterns at any size, from a board rescan to dancing links ([`patterns::dlx`]) and the kit's engine, with the same node and backtrack counts |
//! | [`trace`] | a pattern's search as event lines or terminal frames (`sudoku trace`) |

pub mod patterns;
pub mod trace;
