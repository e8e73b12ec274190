//! Drawing the inputs of a search: one seeded generator for the three
//! strategies (random, hard, adversarial steps) over every input kind.

use super::input::{self, StressInput};
use super::{boards, Problem};
use crate::board::grid::Grid;
use crate::judge::promise::InputKind;
use crate::rng::Rng;
use std::time::Instant;

/// The inputs a search draws, from one seeded generator.
pub(super) struct Drawer<'a> {
    pub(super) problem: &'a Problem,
    pub(super) rng: Rng,
    pub(super) random_k: usize,
    pub(super) hard_k: usize,
    /// When drawing stops: a draw past it gives up (`None`).
    pub(super) deadline: Instant,
}

impl Drawer<'_> {
    /// How many boards the next input holds: the least, the most (at most
    /// 50 in one input), or between.
    fn count(&mut self, k: usize) -> usize {
        let (lo, hi) = self.problem.promise.boards;
        let hi = hi.min(lo.max(50));
        // The first input holds the least boards, the second the most.
        match k % 4 {
            1 => lo,
            2 => hi,
            _ => lo + self.rng.below(hi - lo + 1),
        }
    }

    /// A random input.
    pub(super) fn random(&mut self) -> Option<StressInput> {
        self.random_k += 1;
        let k = self.random_k;
        match self.problem.promise.input {
            InputKind::Moves => input::random_moves(&mut self.rng),
            InputKind::Dominoes => {
                let seeds = &self.problem.dominoes;
                let n = self.count(k);
                let puzzles = (0..n)
                    .map(|_| {
                        let p = &seeds[self.rng.below(seeds.len())];
                        input::moved_domino(&mut self.rng, p)
                    })
                    .collect();
                Some(StressInput::Dominoes(puzzles))
            }
            _ => {
                let n = self.count(k);
                let mut boards = Vec::with_capacity(n);
                for j in 0..n {
                    if Instant::now() >= self.deadline {
                        return None;
                    }
                    if let Some(board) = self.random_board(k + j) {
                        boards.push(board);
                    }
                }
                (boards.len() == n).then_some(StressInput::Boards(boards))
            }
        }
    }

    /// A random board: its rules drawn among the folder's, its blanks at
    /// an edge (none, one, all but one, all) one time in three.
    fn random_board(&mut self, k: usize) -> Option<Grid> {
        let problem = self.problem;
        for _ in 0..30 {
            if Instant::now() >= self.deadline {
                return None;
            }
            let rules = &problem.rules[self.rng.below(problem.rules.len())];
            let cells = rules.cells().len();
            let (lo, hi) = problem.promise.blanks.unwrap_or((0, cells));
            let (lo, hi) = (lo.min(cells), hi.min(cells));
            let blanks = match (k % 3, self.rng.below(4)) {
                (0, 0) => lo,
                (0, 1) => (lo + 1).min(hi),
                (0, 2) => hi.saturating_sub(1).max(lo),
                (0, _) => hi,
                _ => lo + self.rng.below(hi - lo + 1),
            };
            if let Some(b) = boards::random_board(&mut self.rng, rules, &problem.promise, blanks) {
                return Some(b);
            }
        }
        None
    }

    /// A hard input: as many hard boards as the promise allows (at most
    /// 20), or a game whose first mistake leaves a sparse board without a
    /// completion, or the folder's domino puzzles with the fewest dominoes
    /// laid, moved into other forms.
    pub(super) fn hard(&mut self) -> Option<StressInput> {
        let problem = self.problem;
        match problem.promise.input {
            InputKind::Moves => hard_moves(&mut self.rng),
            InputKind::Dominoes => {
                // The puzzles with the fewest dominoes laid, as many as allowed.
                let fewest = problem.dominoes.iter().map(|p| p.laid.len()).min()?;
                let hard: Vec<&input::Domino> = problem
                    .dominoes
                    .iter()
                    .filter(|p| p.laid.len() == fewest)
                    .collect();
                let n = problem.promise.boards.1.min(20);
                let puzzles = (0..n)
                    .map(|j| input::moved_domino(&mut self.rng, hard[j % hard.len()]))
                    .collect();
                Some(StressInput::Dominoes(puzzles))
            }
            _ => {
                let (lo, hi) = problem.promise.boards;
                let n = hi.min(lo.max(20));
                let mut boards = Vec::with_capacity(n);
                let mut misses = 0;
                while boards.len() < n && misses < 10 && Instant::now() < self.deadline {
                    self.hard_k += 1;
                    let rules = &problem.rules[self.hard_k % problem.rules.len()];
                    let made = boards::hard_board(
                        &mut self.rng,
                        rules,
                        &problem.promise,
                        &problem.seeds,
                        self.hard_k,
                    );
                    match made {
                        Some(b) => boards.push(b),
                        None => misses += 1,
                    }
                }
                (boards.len() >= lo).then_some(StressInput::Boards(boards))
            }
        }
    }

    /// One step from `input` inside the promise: a board changed, or a
    /// board added (an isomorph of one of its boards) where more are
    /// allowed; for a game, a wrong digit moved earlier or changed; for
    /// dominoes, a puzzle drawn anew with fewer laid.
    pub(super) fn mutate(&mut self, input: &StressInput) -> Option<StressInput> {
        let problem = self.problem;
        match input {
            StressInput::Boards(list) => {
                let mut list = list.clone();
                let k = self.rng.below(list.len());
                if list.len() < problem.promise.boards.1.min(50) && self.rng.below(4) == 0 {
                    let t = boards::Transform::random(&mut self.rng, &list[k]);
                    list.push(t.apply(&list[k])?);
                } else {
                    list[k] = boards::mutate(&mut self.rng, &list[k], &problem.promise)?;
                }
                Some(StressInput::Boards(list))
            }
            StressInput::Moves {
                written,
                solution,
                order,
            } => {
                let mut order = order.clone();
                let a = self.rng.below(81);
                let b = self.rng.below(81);
                order.swap(a, b);
                Some(StressInput::Moves {
                    written: written.clone(),
                    solution: solution.clone(),
                    order,
                })
            }
            StressInput::Dominoes(list) => {
                let mut list = list.clone();
                let k = self.rng.below(list.len());
                if list.len() < problem.promise.boards.1.min(50) && self.rng.below(2) == 0 {
                    list.push(input::moved_domino(&mut self.rng, &list[k]));
                } else {
                    list[k] = input::moved_domino(&mut self.rng, &list[k]);
                }
                Some(StressInput::Dominoes(list))
            }
            StressInput::Nothing => None,
        }
    }
}

/// A BOJ 1840 game whose first mistake comes early: a digit that breaks
/// no rule yet leaves the sparse board without a completion (the slow
/// case of a solver that proves it by exhausting the board).
fn hard_moves(rng: &mut Rng) -> Option<StressInput> {
    let StressInput::Moves {
        solution, order, ..
    } = input::random_moves(rng)?
    else {
        return None;
    };
    let mut written = solution.clone();
    for _ in 0..200 {
        let at = 8 + rng.below(20);
        let i = order[at];
        let v = 1 + rng.below(9) as u8;
        if v == solution.get(i) {
            continue;
        }
        let mut board = Grid::empty(solution.shape());
        for &j in &order[..at] {
            board.set(j, solution.get(j));
        }
        board.set(i, v);
        if board.first_break().is_none() && crate::solve::any::count_solutions(&board, 1) == 0 {
            written.set(i, v);
            return Some(StressInput::Moves {
                written,
                solution,
                order,
            });
        }
    }
    None
}
