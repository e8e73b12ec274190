//! The search: propagate, and when propagation stalls, guess; a stack of
//! saved alternatives replaces recursion.

use super::givens;
use super::guess::{band_split, row_major, Split};
use super::lanes::{AllBands, Bands, Portable};
use super::propagate::{propagate, Fixpoint, ShrinkAt};
use super::state::{cells, State};
use crate::board::Board;
use crate::solve::found::SearchStats;
use std::sync::atomic::{AtomicU8, Ordering};

/// How the search picks its guesses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Order {
    /// A band configuration (see [`super::guess`]): few guesses.
    Fast,
    /// The first open cell row-major, smallest digit first: the first
    /// solution found is the lexicographically smallest.
    RowMajor,
}

/// A lane implementation of the engine (see the module header of
/// [`super`]): every one gives the same answers, guesses and node counts,
/// at its own speed. The engine runs on [`lanes`]: the fastest this
/// processor has, unless `SUDOKU_LANES` or [`force_lanes`] chose another.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LanePath {
    /// The AVX2 layout with the three bands' ninth digits in one 128-bit
    /// register, compiled with AVX-512F and VL (three-input logic, mask
    /// compares, 32 vector registers) for x86-64 processors that have
    /// them.
    Avx512,
    /// One AVX2 register and a plain one per band (x86-64 processors that
    /// have AVX2).
    Avx2,
    /// The portable layout compiled with AVX, for x86-64 processors that
    /// have AVX but not AVX2 (Sandy Bridge, Ivy Bridge, AMD's Bulldozer
    /// family): the same 128-bit operations in the VEX encoding, whose
    /// three operands spare the register copies that SSE2's two-operand
    /// forms need (1.07 times the portable path's speed on
    /// forum_hardest_1106, first solution, on an AMD EPYC; 1.1 on
    /// top1465 and 17_clue).
    Avx,
    /// Plain arrays, compiled for the build's target: every machine.
    Portable,
}

impl LanePath {
    /// Every path, fastest first.
    pub const ALL: [LanePath; 4] = [
        LanePath::Avx512,
        LanePath::Avx2,
        LanePath::Avx,
        LanePath::Portable,
    ];

    /// The name `SUDOKU_LANES` and `--lanes` take: `avx512`, `avx2`, `avx`
    /// or `portable`.
    pub fn name(self) -> &'static str {
        match self {
            LanePath::Avx512 => "avx512",
            LanePath::Avx2 => "avx2",
            LanePath::Avx => "avx",
            LanePath::Portable => "portable",
        }
    }

    /// The path called `name` (see [`LanePath::name`]), or an error line
    /// saying what went wrong: an unknown name, or a path this processor
    /// does not run.
    pub fn parse(name: &str) -> Result<LanePath, String> {
        let path = LanePath::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| {
                format!(
                    "unknown lane path `{}` (avx512, avx2, avx or portable)",
                    name
                )
            })?;
        if !path.available() {
            return Err(format!(
                "this processor cannot run the {} lanes (it runs: {})",
                name,
                LanePath::ALL
                    .into_iter()
                    .filter(|p| p.available())
                    .map(LanePath::name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        Ok(path)
    }

    /// The fastest path this processor runs.
    pub fn best() -> LanePath {
        #[cfg(target_arch = "x86_64")]
        {
            // Every processor with AVX2 so far has BMI1 and BMI2 too (the
            // AVX2 paths use their three-operand `andn` in plain registers).
            let avx2 = std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("popcnt");
            if std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vl")
                && avx2
            {
                return LanePath::Avx512;
            }
            if avx2 {
                return LanePath::Avx2;
            }
            if std::is_x86_feature_detected!("avx") && std::is_x86_feature_detected!("popcnt") {
                return LanePath::Avx;
            }
        }
        LanePath::Portable
    }

    /// True when this processor runs `self`: each path runs where a
    /// faster one does (the features of each include the next one's).
    pub fn available(self) -> bool {
        let rank = |p: LanePath| LanePath::ALL.iter().position(|&q| q == p);
        rank(LanePath::best()) <= rank(self)
    }

    /// The path named by the environment variable `SUDOKU_LANES`: `None`
    /// when it is unset or empty, an error line when it names no path
    /// this processor runs (see [`LanePath::parse`]).
    pub fn from_env() -> Result<Option<LanePath>, String> {
        match std::env::var("SUDOKU_LANES") {
            Ok(name) if name.is_empty() => Ok(None),
            Ok(name) => LanePath::parse(&name)
                .map(Some)
                .map_err(|e| format!("SUDOKU_LANES={}: {}", name, e)),
            Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => {
                Err("SUDOKU_LANES is not valid UTF-8".to_string())
            }
        }
    }
}

/// The path the engine runs on: 0 while not chosen yet, else 1 + its
/// index in [`LanePath::ALL`].
static CHOSEN: AtomicU8 = AtomicU8::new(0);

/// The path [`super::solve`] and the other engine functions run on: the
/// one [`force_lanes`] set, else the one `SUDOKU_LANES` names, else
/// [`LanePath::best`]; chosen at the first call. A `SUDOKU_LANES` that
/// names no path this processor runs is ignored here (the `sudoku`
/// command refuses it with an error line before any work).
pub fn lanes() -> LanePath {
    match CHOSEN.load(Ordering::Relaxed) {
        0 => {
            let path = LanePath::from_env()
                .ok()
                .flatten()
                .unwrap_or_else(LanePath::best);
            remember(path);
            path
        }
        k => LanePath::ALL[usize::from(k) - 1],
    }
}

/// Makes the engine run on `path` from now on, in every thread (for
/// measuring and testing the paths one against another). `path` must be
/// one this processor runs: otherwise nothing changes and the error line
/// says why.
pub fn force_lanes(path: LanePath) -> Result<(), String> {
    LanePath::parse(path.name())?;
    remember(path);
    Ok(())
}

fn remember(path: LanePath) {
    let k = LanePath::ALL
        .iter()
        .position(|&p| p == path)
        .unwrap_or(LanePath::ALL.len() - 1);
    CHOSEN.store(k as u8 + 1, Ordering::Relaxed);
}

/// The search on `path`: counts the solutions of `puzzle` up to `limit`
/// and stores the first one found in `first` (when given); with `COUNT`, adds its work
/// to `stats`. The path must be [`LanePath::available`] (the callers pass
/// [`lanes`]); every path gives the same answers and the same counts.
pub(super) fn run<const COUNT: bool>(
    path: LanePath,
    puzzle: &Board,
    limit: usize,
    order: Order,
    first: Option<&mut Option<Board>>,
    stats: &mut SearchStats,
) -> usize {
    match path {
        // SAFETY: `LanePath::best` (through `lanes` or `force_lanes`) found the features these functions enable.
        #[cfg(target_arch = "x86_64")]
        LanePath::Avx512 => unsafe { with_avx512::<COUNT>(puzzle, limit, order, first, stats) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        LanePath::Avx2 => unsafe { with_avx2::<COUNT>(puzzle, limit, order, first, stats) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        LanePath::Avx => unsafe { with_avx::<COUNT>(puzzle, limit, order, first, stats) },
        _ => search::<Bands<Portable>, COUNT>(puzzle, limit, order, first, stats, ShrinkAt::First),
    }
}

/// Defines `$name`: [`search`] on the grid `$grid`, compiled with the
/// target features `$features` (its callers check that the processor has
/// them: see [`run`]), band shrink where `$shrink` says.
macro_rules! search_with {
    ($(#[$doc:meta])* $name:ident, $features:literal, $grid:ty, $shrink:expr) => {
        $(#[$doc])*
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        unsafe fn $name<const COUNT: bool>(
            puzzle: &Board,
            limit: usize,
            order: Order,
            first: Option<&mut Option<Board>>,
            stats: &mut SearchStats,
        ) -> usize {
            search::<$grid, COUNT>(puzzle, limit, order, first, stats, $shrink)
        }
    };
}

// Where each path runs band shrink ([`ShrinkAt`]), as measured with
// `sudoku bench --lanes NAME` on forum_hardest_1106 and top1465 (puzzles a
// second beside band shrink first): `avx512` and `avx` fastest last (3-5 %
// and 1-2 % faster), `avx2` after stack shrink (4-5 %; last, 1.5-3 %), the
// portable path first (last 3.5 % slower, after stack shrink 2-3 %).
search_with!(
    /// [`search`] on the grid of the AVX-512 path, with AVX-512F and VL
    /// instructions (see the module note of `lanes.rs`).
    with_avx512,
    "avx2,bmi1,bmi2,avx512f,avx512vl,popcnt",
    super::avx2::AvxBands,
    ShrinkAt::Last
);
search_with!(
    /// [`search`] on AVX2 registers.
    with_avx2,
    "avx2,bmi1,bmi2,popcnt",
    Bands<super::avx2::Avx2>,
    ShrinkAt::AfterStacks
);
search_with!(
    /// [`search`] on the portable layout, compiled with AVX (see
    /// [`LanePath::Avx`]).
    with_avx,
    "avx,popcnt",
    Bands<Portable>,
    ShrinkAt::Last
);

/// The search itself. The stack holds the alternatives still to explore,
/// one per guess on the current path.
///
/// Counting (with `COUNT`): a cell is *open* while it has more than one
/// candidate; `State::open` holds the open cells as last counted, and a
/// saved alternative keeps the ones of the state it was split from. The
/// placements made in a state are its open cells when it was taken up
/// minus those when it is left; going back to an alternative erases the
/// cells open there and no longer open here. The givens start closed, the
/// blanks open. A contradiction is left with the cells its rounds filled
/// before they found it, which depends on the order of the rules; so a
/// counting search runs them in one order on every path (band shrink
/// first), and its counts are the same on every path. Without counting,
/// band shrink runs where `shrink` says: each path's fastest order.
#[inline(always)]
fn search<G: AllBands, const COUNT: bool>(
    puzzle: &Board,
    limit: usize,
    order: Order,
    mut first: Option<&mut Option<Board>>,
    stats: &mut SearchStats,
    shrink: ShrinkAt,
) -> usize {
    if limit == 0 {
        return 0;
    }
    let mut st = match givens::state::<G::Digits>(puzzle) {
        Some(st) => st,
        None => return 0,
    };
    let blanks = st.open;
    // With COUNT: the open cells of `st` when it was taken up.
    let mut taken_up = if COUNT { cells(&st.open) } else { 0 };
    let mut alternatives: Vec<State> = Vec::new();
    let mut count = 0;
    let shrink = if COUNT { ShrinkAt::First } else { shrink };
    loop {
        match propagate::<G>(&mut st, shrink) {
            Ok(Fixpoint::Solved) => {
                // The grid only where it is asked for: reading it back
                // is about 1 % of a count to two on top1465.
                if count == 0 && (first.is_some() || cfg!(debug_assertions)) {
                    let solution = st.board();
                    debug_assert!(solution.solves(puzzle), "engine bug on {:?}", puzzle);
                    if let Some(first) = first.as_deref_mut() {
                        *first = Some(solution);
                    }
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
                    Order::Fast => band_split::<G::Digits>(&st),
                    Order::RowMajor => None,
                };
                let mut alt = st;
                match split {
                    Some(Split { d, first, second }) => {
                        for b in 0..3 {
                            st.restrict(d, b, first[b]);
                            alt.restrict(d, b, second[b]);
                        }
                    }
                    None => {
                        let (d, band, bit) = row_major(&st);
                        st.place(d, band, bit);
                        alt.restrict(d, band, !bit);
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
