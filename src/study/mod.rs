//! Studying backtracking: the same search written several ways and
//! compared by the nodes they visit, a search replayed step by step, and
//! pictures of it for browsers and posts. Every writer returns the file's
//! text; the same input gives the same bytes.
//!
//! | module | what it holds |
//! |---|---|
//! | [`patterns`] | seven backtracking patterns at any size, from a board rescan to dancing links ([`patterns::dlx`]) and the kit's engine, with the same node and backtrack counts |
//! | [`trace`] | a pattern's search as event lines or terminal frames (`sudoku trace`) |
//! | [`explain`] | why each undo happens (the cell or unit left without a candidate) and which values were rejected |
//! | [`recording`] | a search recorded up to a node limit, with the full search's size from a counting run |
//! | [`page`] | the replay page: one or several patterns side by side (`sudoku trace --html`) |
//! | [`chart`] | the study table as a bar chart (`sudoku study --svg`) |
//! | [`animation`] | the first steps of a search as an animated SVG (`sudoku trace --svg`) |
//! | [`svg_board`] | the still board in SVG: grid lines, jigsaw walls, X diagonals, killer cages |
//! | [`against`] | puzzles made against a pattern: one solution, as many of its nodes as a hill climb finds (`sudoku gen --against`) |

pub mod against;
pub mod animation;
pub mod chart;
pub mod explain;
pub mod page;
pub mod patterns;
pub mod recording;
pub mod svg_board;
pub mod trace;
