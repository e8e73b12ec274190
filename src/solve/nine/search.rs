//! The search: propagate, and when propagation stalls, guess; a stack of
//! saved alternatives replaces recursion.

use super::guess::{band_split, row_major, Split};
use super::lanes::{Lanes, Portable};
use super::propagate::{propagate, Fixpoint};
use super::state::{cells, State};
use super::SearchStats;
use crate::board::Board;

/// How the search picks its guesses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Order {
    /// A band configuration (see [`super::guess`]): few guesses.
    Fast,
    /// The first open cell row-major, smallest digit first: the first
    /// solution found is the lexicographically smallest.
    RowMajor,
}

/// The lane implementation a search runs on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Path {
    /// AVX-512 registers (x86-64 processors that have them).
    Avx512,
    /// Pairs of AVX2 registers (x86-64 processors that have them).
    Avx2,
    /// Arrays, compiled for the build's target.
    Portable,
}

impl Path {
    /// The fastest path this processor runs.
    pub(super) fn best() -> Path {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("popcnt") {
                return Path::Avx512;
            }
            if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt") {
                return Path::Avx2;
            }
        }
        Path::Portable
    }

    /// True when this processor runs `self`.
    #[cfg(test)]
    pub(super) fn available(self) -> bool {
        match self {
            Path::Portable => true,
            Path::Avx2 => matches!(Path::best(), Path::Avx2 | Path::Avx512),
            Path::Avx512 => Path::best() == Path::Avx512,
        }
    }
}

/// The search on `path`: counts the solutions of `puzzle` up to `limit`
/// and stores the first one found in `first`; with `COUNT`, adds its work
/// to `stats`. The path must be [`Path::available`] (the callers pass
/// [`Path::best`]); every path gives the same answers and the same counts.
pub(super) fn run<const COUNT: bool>(
    path: Path,
    puzzle: &Board,
    limit: usize,
    order: Order,
    first: &mut Option<Board>,
    stats: &mut SearchStats,
) -> usize {
    match path {
        // SAFETY: `Path::best` found the features these functions enable.
        #[cfg(target_arch = "x86_64")]
        Path::Avx512 => unsafe { with_avx512::<COUNT>(puzzle, limit, order, first, stats) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Path::Avx2 => unsafe { with_avx2::<COUNT>(puzzle, limit, order, first, stats) },
        _ => search::<Portable, COUNT>(puzzle, limit, order, first, stats),
    }
}

/// [`search`] on AVX-512 registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn with_avx512<const COUNT: bool>(
    puzzle: &Board,
    limit: usize,
    order: Order,
    first: &mut Option<Board>,
    stats: &mut SearchStats,
) -> usize {
    search::<super::lanes::Avx512, COUNT>(puzzle, limit, order, first, stats)
}

/// [`search`] on pairs of AVX2 registers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn with_avx2<const COUNT: bool>(
    puzzle: &Board,
    limit: usize,
    order: Order,
    first: &mut Option<Board>,
    stats: &mut SearchStats,
) -> usize {
    search::<super::lanes::Avx2, COUNT>(puzzle, limit, order, first, stats)
}

/// The search itself. The stack holds the alternatives still to explore,
/// one per guess on the current path.
///
/// Counting (with `COUNT`): a cell is *open* while it has more than one
/// candidate; `State::open` holds the open cells as last counted, and a
/// saved alternative keeps the ones of the state it was split from. The
/// placements made in a state are its open cells when it was taken up
/// minus those when it is left; going back to an alternative erases the
/// cells open there and no longer open here. The givens start closed, the
/// blanks open.
#[inline(always)]
fn search<L: Lanes, const COUNT: bool>(
    puzzle: &Board,
    limit: usize,
    order: Order,
    first: &mut Option<Board>,
    stats: &mut SearchStats,
) -> usize {
    if limit == 0 {
        return 0;
    }
    let mut st = match State::new(puzzle) {
        Some(st) => st,
        None => return 0,
    };
    let blanks = st.open;
    // With COUNT: the open cells of `st` when it was taken up.
    let mut taken_up = if COUNT { cells(&st.open) } else { 0 };
    let mut alternatives: Vec<State> = Vec::new();
    let mut count = 0;
    loop {
        match propagate::<L>(&mut st) {
            Ok(Fixpoint::Solved) => {
                if count == 0 {
                    let solution = st.board();
                    debug_assert!(solution.solves(puzzle), "engine bug on {:?}", puzzle);
                    *first = Some(solution);
                }
                count += 1;
                if count >= limit {
                    if COUNT {
                        stats.placements += taken_up - cells(&still_open(&st));
                    }
                    return count;
                }
            }
            Ok(Fixpoint::Stalled) => {
                if COUNT {
                    stats.guesses += 1;
                    st.open = still_open(&st);
                }
                let split = match order {
                    Order::Fast => band_split::<L>(&st),
                    Order::RowMajor => None,
                };
                let mut alt = st;
                match split {
                    Some(Split { d, first, second }) => {
                        for b in 0..3 {
                            st.bands[b][d] &= first[b];
                            alt.bands[b][d] &= second[b];
                        }
                    }
                    None => {
                        let (d, band, bit) = row_major(&st);
                        st.place(d, band, bit);
                        alt.bands[band][d] &= !bit;
                    }
                }
                alternatives.push(alt);
                continue;
            }
            Err(_) => {}
        }
        // Leave `st`: a contradiction, or a solution when more are wanted.
        let now_open = if COUNT { still_open(&st) } else { [0; 3] };
        if COUNT {
            stats.placements += taken_up - cells(&now_open);
        }
        match alternatives.pop() {
            Some(alt) => {
                if COUNT {
                    stats.backtracks += erased(&alt.open, &now_open);
                    taken_up = cells(&alt.open);
                }
                st = alt;
            }
            None => {
                if COUNT {
                    stats.backtracks += erased(&blanks, &now_open);
                }
                return count;
            }
        }
    }
}

/// The cells of `st` open when last counted that still are.
fn still_open(st: &State) -> [u32; 3] {
    let multi = st.multi();
    [
        st.open[0] & multi[0],
        st.open[1] & multi[1],
        st.open[2] & multi[2],
    ]
}

/// The cells open in `saved` and no longer in `now`: the digits erased by
/// going back to `saved`.
fn erased(saved: &[u32; 3], now: &[u32; 3]) -> u64 {
    cells(&[saved[0] & !now[0], saved[1] & !now[1], saved[2] & !now[2]])
}
