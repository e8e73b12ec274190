//! Propagation: the rules of the module header, applied to all 27 band
//! words at once, round after round, until the rules change nothing.
//!
//! Every rule is written on words (band words, or words that pack the
//! three bands) with shifts and masks only, so each compiles to a handful
//! of vector instructions and the same formulas serve every [`AllBands`] and
//! [`Lanes`] implementation. The rules that read one band run on the
//! whole grid at once; those that read across the bands (stack shrink,
//! the triad counts) first pack what they need of the three bands into
//! one value of nine lanes (a band's column set, or its triad flags, in
//! the place of a row), so that they run once, not once per band: the
//! count of vector instructions is what the time follows.

use super::lanes::{andnot, AllBands, Lanes, Words};
use super::state::{State, BAND};

/// Propagation found a digit with no place left in some row, column or
/// box, or a cell with no digit left.
pub(super) struct Contradiction;

/// Where a round of propagation runs band shrink (rule 1). Every order of
/// the rules reaches the same fixpoint (each rule only removes candidates,
/// and removes more from a smaller state), so the paths split and guess
/// alike whatever order they run; only a contradiction may be met at
/// another point on the way, with other cells filled. Which order is
/// fastest was measured per lane path (`search::run`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
// Off x86-64 only the portable path exists, and it runs band shrink first.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) enum ShrinkAt {
    /// Band shrink, stack shrink, then the singles.
    First,
    /// Stack shrink, band shrink, then the singles.
    AfterStacks,
    /// Stack shrink, the singles, then band shrink.
    Last,
}

/// Where propagation stopped, when it found no contradiction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Fixpoint {
    /// Every cell holds one digit: a solution.
    Solved,
    /// Nothing more follows: time to guess.
    Stalled,
}

/// Bit 0 of each row of a band word (bits 0, 9, 18).
pub(super) const ROW_LOW: u32 = 0x40201;
/// Bit 8 of each row.
const ROW_HIGH: u32 = 0x100 * ROW_LOW;
/// Bits 0 to 7 of each row.
const ROW_REST: u32 = 0xff * ROW_LOW;
/// The first cell of each triad (bits 9r + 3x): where a word's *triad
/// flags* live, one per row and box of the band.
pub(super) const TRIADS: u32 = 0o111 * ROW_LOW;
/// The triad flags of box 0, of box 1, of box 2 of the band.
const BOX_0: u32 = ROW_LOW;
const BOX_1: u32 = ROW_LOW << 3;
const BOX_2: u32 = ROW_LOW << 6;

/// Triad flags: bit `9r + 3x` set when row `r` of the word has a bit in
/// box `x`.
#[inline(always)]
pub(super) fn triads<W: Words>(w: W) -> W {
    (w | w.shr::<1>() | w.shr::<2>()) & W::splat(TRIADS)
}

/// The three cells of each triad whose flag `f` has (`f` holds triad
/// flags only): `f | f << 1 | f << 2`, as `f * 7`, as `(f << 3) - f`
/// (three SSE2 instructions where the ors take six).
#[inline(always)]
pub(super) fn triad_cells<W: Words>(f: W) -> W {
    f.shl::<3>() - f
}

/// Triad flags moved so that row `r` reads row `r + 1` (mod 3).
#[inline(always)]
fn next_row<W: Words>(f: W) -> W {
    next_row_packed(f) & W::splat(TRIADS)
}

/// Triad flags moved so that row `r` reads row `r + 2` (mod 3).
#[inline(always)]
fn row_after_next<W: Words>(f: W) -> W {
    row_after_next_packed(f) & W::splat(TRIADS)
}

/// [`next_row`] on a word of three bands' triad flags, band `b`'s at
/// `9r + 3x + b` (see [`triad_counts`]): every row moved, all 27 bits.
#[inline(always)]
fn next_row_packed<W: Words>(f: W) -> W {
    (f.shr::<9>() | f.shl::<18>()) & W::splat(BAND)
}

/// [`row_after_next`] on a word of three bands' triad flags.
#[inline(always)]
fn row_after_next_packed<W: Words>(f: W) -> W {
    (f.shr::<18>() | f.shl::<9>()) & W::splat(BAND)
}

/// [`next_box`] on a word of three bands' triad flags.
#[inline(always)]
fn next_box_packed<W: Words>(f: W) -> W {
    (f.shr::<3>() & W::splat(0o077_077_077)) | (f.shl::<6>() & W::splat(0o700_700_700))
}

/// [`box_after_next`] on a word of three bands' triad flags.
#[inline(always)]
fn box_after_next_packed<W: Words>(f: W) -> W {
    (f.shr::<6>() & W::splat(0o007_007_007)) | (f.shl::<3>() & W::splat(0o770_770_770))
}

/// Triad flags moved so that box `x` reads box `x + 1` (mod 3).
#[inline(always)]
fn next_box<W: Words>(f: W) -> W {
    (f.shr::<3>() & W::splat(BOX_0 | BOX_1)) | (f.shl::<6>() & W::splat(BOX_2))
}

/// Triad flags moved so that box `x` reads box `x + 2` (mod 3).
#[inline(always)]
fn box_after_next<W: Words>(f: W) -> W {
    (f.shr::<6>() & W::splat(BOX_0)) | (f.shl::<3>() & W::splat(BOX_1 | BOX_2))
}

/// The matchings of rows to boxes whose triads are all in `f` (triad
/// flags), as a *code*: a digit takes one triad per row, in three
/// different boxes, so its triads form one of six matchings, three
/// *cyclic* ones (row `r` in box `r + k`), named by bit `3k`, and three
/// *anti* ones (row `r` in box `k - r`), named by bit `3k + 1`.
#[inline(always)]
pub(super) fn row_codes<W: Words>(f: W) -> W {
    // Row 0 of the matchings through each of `f`'s triads (as in
    // `row_shrink`): rows 1 and 2 brought to row 0 need no wrap.
    let (a, b) = (f.shr::<9>(), f.shr::<18>());
    let na = next_box(a);
    let cyclic = f & na & box_after_next(b);
    let anti = f & next_box(na & b);
    (cyclic | anti.shl::<1>()) & W::splat(0o333)
}

/// Rule 1 (band shrink): keeps the triads of `w` that lie in some
/// matching of rows to boxes. A word without one becomes 0.
#[inline(always)]
fn row_shrink<W: Words>(w: W) -> W {
    // A triad lies in a cyclic matching when the next row has the next
    // box and the row after the box after (`na & box_after_next(b)`), in
    // an anti one when the next row has the box after and the row after
    // the next box: `box_after_next(a) & next_box(b)`, which is
    // `next_box(na & b)` (one box move fewer).
    let f = triads(w);
    let (a, b) = (next_row(f), row_after_next(f));
    let na = next_box(a);
    let keep = f & ((na & box_after_next(b)) | next_box(na & b));
    w & triad_cells(keep)
}

/// The columns (9 bits) where a word has a bit.
#[inline(always)]
pub(super) fn columns<W: Words>(w: W) -> W {
    (w | w.shr::<9>() | w.shr::<18>()) & W::splat(0x1ff)
}

/// Column sets moved so that column `j` of each stack reads column `j + 1`
/// of the same stack (mod 3); on a word of three column sets (at bits 0,
/// 9 and 18) as well.
#[inline(always)]
pub(super) fn next_column<W: Words>(c: W) -> W {
    (c.shr::<1>() & W::splat(0o333_333_333)) | (c.shl::<2>() & W::splat(0o444_444_444))
}

/// Column sets moved so that column `j` of each stack reads column `j + 2`.
#[inline(always)]
pub(super) fn column_after_next<W: Words>(c: W) -> W {
    (c.shr::<2>() & W::splat(0o111_111_111)) | (c.shl::<1>() & W::splat(0o666_666_666))
}

/// Rule 2 (stack shrink): keeps the columns of each band that lie in a
/// matching of bands to columns within their stack. The three bands'
/// column sets make the rows of one word (band `b` at bits `9b..9b+8`),
/// whose matchings of rows to columns are found as `row_shrink` finds a
/// band's of rows to boxes.
#[inline(always)]
fn stack_shrink<G: AllBands>(v: G) -> G {
    let s = columns(v).pack::<9, 18>();
    // Rows (bands) `b + 1` and `b + 2` in row `b` (bits 27 and up are
    // cleared by the column moves).
    let (a, b) = (s.shr::<9>() | s.shl::<18>(), s.shr::<18>() | s.shl::<9>());
    let na = next_column(a);
    let keep = s & ((na & column_after_next(b)) | next_column(na & b));
    v & spread_columns(G::unpack::<9, 18>(keep))
}

/// Each band's column set (bits 0 to 8 of its words) on its three rows.
#[inline(always)]
fn spread_columns<G: AllBands>(k: G) -> G {
    let k = k & G::splat(0x1ff);
    k | k.shl::<9>() | k.shl::<18>()
}

/// Bit 8 of each row of `m` that is not empty.
#[inline(always)]
pub(super) fn nonzero_rows<W: Words>(m: W) -> W {
    (((m & W::splat(ROW_REST)) + W::splat(ROW_REST)) | m) & W::splat(ROW_HIGH)
}

/// The whole rows whose bit 8 is set in `h` (as from [`nonzero_rows`]).
#[inline(always)]
pub(super) fn fill_rows<W: Words>(h: W) -> W {
    (h - h.shr::<8>()) | h
}

/// Bit 8 of each row of `w` with two bits or more; `w`'s rows must not
/// be empty (subtracting one per row then borrows within the row only).
#[inline(always)]
fn crowded_rows<W: Words>(w: W) -> W {
    nonzero_rows(w & (w - W::splat(ROW_LOW)))
}

/// Applies the rules to `st` until they change nothing, band shrink
/// where `shrink` says, on the grid `G`. On a contradiction `st` holds the
/// words as they were when it was found.
#[inline(always)]
pub(super) fn propagate<G: AllBands>(
    st: &mut State,
    shrink: ShrinkAt,
) -> Result<Fixpoint, Contradiction> {
    let mut v = G::load(&st.bands);
    let outcome = rounds(&mut v, shrink);
    v.store(&mut st.bands);
    outcome
}

/// The rounds of [`propagate`] on the grid `v`.
///
/// The rounds end as soon as the rules still to run in a round are known
/// to change nothing, without running them. Band shrink and stack shrink
/// are idempotent (what they keep lies in a matching of what they keep),
/// and every rule only removes, so the state is a fixpoint when (a) the
/// rules after a round's first one left its result as it was, or (b) the
/// state after a round's first rule is the one the singles of the round
/// before found: then neither they nor that rule changed anything, and
/// the rules between them (band shrink after stack shrink) had left it
/// so. Every skipped rule would meet a state it already left unchanged,
/// whose checks all passed, so the states, answers and counts are those
/// of running the rounds to the end (`is_fixpoint` checks it in debug
/// builds). On top1465, counting to two on the `avx2` path: 78.5 rounds
/// a puzzle where there were 82.1.
#[inline(always)]
fn rounds<G: AllBands>(v: &mut G, shrink: ShrinkAt) -> Result<Fixpoint, Contradiction> {
    // Some cell has two digits or more (as the last singles found).
    let mut open = true;
    // The state the last round's singles found: before the first, none
    // (no state has words of 32 bits).
    let mut singles_found = G::splat(u32::MAX);
    loop {
        let fixpoint = 'round: {
            // Rule 1: band shrink, here, after rule 2 or after rules 3 and 4.
            if shrink == ShrinkAt::First {
                *v = row_shrink(*v);
                // (b): stack shrink ran after the state's last change.
                if same(*v, singles_found) {
                    break 'round true;
                }
            }
            // The result of the round's first rule.
            let mut after_first = *v;
            // Rule 2: stack shrink.
            *v = stack_shrink(*v);
            if v.some_zero() {
                return Err(Contradiction);
            }
            // (A digit band shrink leaves without a place here changes the
            // band, so the round is not the last: the next one's check above
            // finds it.)
            // (b), with band shrink between this rule and the singles (with
            // band shrink last, (a) finds each such fixpoint a round before).
            if shrink == ShrinkAt::AfterStacks && same(*v, singles_found) {
                break 'round true;
            }
            if shrink != ShrinkAt::First {
                after_first = *v;
            }
            if shrink == ShrinkAt::AfterStacks {
                *v = row_shrink(*v);
            }
            // Rules 3 and 4: row singles and naked singles.
            let before_singles = *v;
            let (kept, some_open, clash) = singles(*v)?;
            *v = kept;
            if !clash.is_zero() {
                return Err(Contradiction);
            }
            open = some_open;
            singles_found = before_singles;
            if shrink == ShrinkAt::Last {
                *v = row_shrink(*v);
            }
            // (a)
            same(*v, after_first)
        };
        if fixpoint {
            debug_assert!(is_fixpoint(*v), "a fixpoint that a round changes");
            if !open {
                return Ok(Fixpoint::Solved);
            }
            if !triad_counts(v)? {
                return Ok(Fixpoint::Stalled);
            }
        }
    }
}

/// Rules 3 and 4 on every band of `w`: the grid as they leave it, whether
/// some cell of `w` holds two digits or more, and the rows (bit 8 of each,
/// per digit) where two cells were left with that digit alone: a
/// contradiction, for the caller to check.
#[inline(always)]
fn singles<G: AllBands>(w: G) -> Result<(G, bool, G), Contradiction> {
    let singles = andnot(w, fill_rows(crowded_rows(w)));
    // Two tallies across the digits side by side: one tally of the cells
    // that `mine` below leaves is fewer instructions, but waits for the
    // first, and measured slower.
    let [once, twice] = w.tally::<2>();
    let [single_somewhere, single_twice] = singles.tally::<2>();
    // A cell with no digit, or the row single of two digits.
    if !((once ^ G::splat(BAND)) | single_twice).is_zero() {
        return Err(Contradiction);
    }
    // A cell that is another digit's row single leaves this digit.
    let mine = andnot(w, andnot(single_somewhere, singles));
    // A cell whose only digit this is: its row-mates leave it.
    let naked = andnot(mine, twice);
    let kept = mine & (!fill_rows(nonzero_rows(naked)) | naked);
    // Two such cells in one row: a contradiction.
    let clash = crowded_rows(kept) & nonzero_rows(naked);
    Ok((kept, !twice.is_zero(), clash))
}

/// True when rules 1 to 4 leave `v` as it is and find no contradiction
/// in it (a check for the debug builds: the rounds end early when they
/// know this).
fn is_fixpoint<G: AllBands>(v: G) -> bool {
    let w = stack_shrink(row_shrink(v));
    if w.some_zero() {
        return false;
    }
    match singles(w) {
        Ok((kept, _, clash)) => clash.is_zero() && same(v, kept),
        Err(Contradiction) => false,
    }
}

/// True when the two grids hold the same words.
#[inline(always)]
fn same<G: AllBands>(v: G, w: G) -> bool {
    (v ^ w).is_zero()
}

/// Rule 5 (triad counts), once the other rules are done: the three cells
/// of a triad hold three different digits, and so do the three cells of a
/// column inside a box (a *column triad*). So a triad where fewer than
/// three digits may go is a contradiction; one where exactly three may go
/// takes them (each leaves the rest of its row and box, or of its column
/// and box); one where three digits are *locked* (each has no other place
/// in its row or box, or column or box) holds nothing else; four locked
/// digits are a contradiction. True when it changed a word.
#[inline(always)]
fn triad_counts<G: AllBands>(v: &mut G) -> Result<bool, Contradiction> {
    // Row triads, the three bands at once: band b's triad flags at
    // 9r + 3x + b of one word.
    let f = triads(*v).pack::<1, 2>();
    let (row_mates, box_mates) = (
        next_box_packed(f) | box_after_next_packed(f),
        next_row_packed(f) | row_after_next_packed(f),
    );
    let locked = andnot(f, row_mates) | andnot(f, box_mates);
    let may = f.tally::<4>();
    let must = locked.tally::<4>();
    if may[2].first() & BAND != BAND || must[3].first() != 0 {
        return Err(Contradiction);
    }
    // A digit that may go in a triad with three digits: the rest of its
    // row and box lose it.
    let held = f & Words::splat(andnot(may[2], may[3]).first());
    let held_box = held | next_row_packed(held) | row_after_next_packed(held);
    // A digit not locked in a triad with three locked: it leaves it.
    let shut = andnot(Words::splat(andnot(must[2], must[3]).first()), locked);
    // Each band's triad flags of a packed word.
    let band = |x| G::unpack::<1, 2>(x) & G::splat(TRIADS);
    let held_here = band(held);
    let held_lines = fill_rows(nonzero_rows(held_here)) | triad_cells(band(held_box));
    let mut clear = andnot(held_lines, triad_cells(held_here)) | triad_cells(band(shut));
    // Column triads, the three bands at once: their column sets as the
    // rows of one word (band b at bits 9b..9b+8), so that the other bands'
    // are the other rows (bits 27 and up are garbage until masked).
    let s = columns(*v).pack::<9, 18>();
    let (next, after) = (s.shr::<9>() | s.shl::<18>(), s.shr::<18>() | s.shl::<9>());
    let alone_in_stack = andnot(andnot(s, next_column(s)), column_after_next(s));
    let alone_in_column = andnot(s, next | after);
    let locked = alone_in_stack | alone_in_column;
    let may = s.tally::<4>();
    let must = locked.tally::<4>();
    if may[2].first() & BAND != BAND || must[3].first() != 0 {
        return Err(Contradiction);
    }
    let three_may = andnot(may[2], may[3]).first();
    let three_locked = andnot(must[2], must[3]).first();
    // The same as for row triads: the rest of the box in this band and
    // the column in the other bands; unlocked digits leave the column.
    let held = s & Words::splat(three_may);
    let held_stack = held | next_column(held) | column_after_next(held);
    let shut = andnot(Words::splat(three_locked), locked);
    let here = andnot(held_stack, held) | shut;
    // Row b: what band b clears in its columns (its own, and the other
    // bands' held ones).
    let gone = here | held.shr::<9>() | held.shl::<18>() | held.shr::<18>() | held.shl::<9>();
    clear = clear | spread_columns(G::unpack::<9, 18>(gone));
    let changed = *v & clear;
    *v = andnot(*v, clear);
    Ok(!changed.is_zero())
}
