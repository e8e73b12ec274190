//! The unit the engine computes in: one band of the grid, lane `d`
//! holding digit `d + 1`'s band word, so one operation treats the nine
//! digits of a band at once. Values load from and store to nine 32-bit
//! lanes, the state's layout.
//!
//! Two implementations of the same operations on the nine digit lanes,
//! bit for bit; the search picks a lane path at run time
//! (`search::LanePath`), and each keeps the layout that measured fastest
//! on its registers:
//! - [`Portable`]: digits 1 to 8 in two [`Quad`]s (two SSE2 registers
//!   on any x86-64, written with `std::arch`; elsewhere arrays of four the
//!   compiler vectorizes, NEON on AArch64), digit 9 in a plain register.
//!   The `avx` path runs this type compiled with AVX: the same 128-bit
//!   operations in the VEX encoding, whose three operands spare the
//!   register copies of SSE2's two-operand forms (about a sixth of the
//!   time on an AMD EPYC; SSE4.2 alone changed nothing).
//! - [`Avx2`] (x86-64): digits 1 to 8 in one AVX2 register through
//!   `std::arch` intrinsics, digit 9 in a plain register: a fifth faster
//!   than sixteen lanes in two AVX2 registers, twice the array compiled
//!   for AVX2. The AVX-512 path runs this same type, compiled with
//!   AVX-512F and VL: the compiler then folds chains of `&`, `|` and `!`
//!   into three-input logic instructions and compares into mask
//!   registers, still on 256-bit registers. On an AMD EPYC (Zen 4) that
//!   measured 1.24 times as fast as all sixteen lanes in one AVX-512
//!   register (35,400 against 28,600 of forum_hardest_1106's puzzles a
//!   second, first solution), which the kit used before.
//!
//! Values of `Avx2` only exist inside the searches that `search::run`
//! starts once `is_x86_feature_detected!` said the processor has the
//! instructions: no other code makes one.

use super::quad::Quad;
use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Sub};

/// The operations the rules need, lane by lane unless said otherwise.
pub(super) trait Lanes:
    Copy
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
{
    /// Whether propagation skips the band rules on bands the last round
    /// left unchanged (`propagate::rounds`): a branch per band that pays
    /// where the rules cost many instructions (narrow registers) and not
    /// where they cost few. Measured per implementation.
    const SKIP_SETTLED: bool;
    fn load(from: &[u32; 9]) -> Self;
    fn store(self, to: &mut [u32; 9]);
    /// Every lane `x`.
    fn splat(x: u32) -> Self;
    fn shl<const N: u32>(self) -> Self;
    fn shr<const N: u32>(self) -> Self;
    /// Per cell, across the lanes, in every lane: `n[k]` holds the cells
    /// that are in at least `k + 1` of the nine.
    fn tally<const N: usize>(self) -> [Self; N];
    /// Lane 0.
    fn first(self) -> u32;
    /// Bit `i` set when lane `i` is zero.
    fn zeros(self) -> u32;
    /// The sum of the lanes (wrapping).
    fn sum(self) -> u32;
}

/// `&!`: the bits of `a` that are not in `b` (one instruction on x86).
#[inline(always)]
pub(super) fn andnot<L: Lanes>(a: L, b: L) -> L {
    a & !b
}

/// Two tallies of disjoint sets of lanes (as [`Lanes::tally`] gives) made
/// one: at least `k + 1` in both together when at least `i + 1` in one and
/// `j + 1` in the other with `i + j + 1 = k`, or `k + 1` in either.
#[inline(always)]
fn merge<T, const N: usize>(n: [T; N], m: [T; N]) -> [T; N]
where
    T: Copy + BitAnd<Output = T> + BitOr<Output = T>,
{
    let mut r = n;
    for k in 0..N {
        r[k] = r[k] | m[k];
        for i in 0..k {
            r[k] = r[k] | (n[i] & m[k - 1 - i]);
        }
    }
    r
}

// ---------------------------------------------------------------------------
// Portable: nine lanes, two quads and one apart

/// The nine digit lanes as two [`Quad`]s (lanes 0 to 3 and 4 to 7: two
/// 128-bit registers, SSE2 on x86-64) and lane 8 in a plain register,
/// which costs less than a third quad with three empty lanes.
///
/// `SKIP` is [`Lanes::SKIP_SETTLED`], measured per path: skipping settled
/// bands pays with SSE2's two-operand instructions (22,950 against 22,200
/// of forum_hardest_1106's puzzles a second, first solution, on an AMD
/// EPYC) and not with AVX's three-operand forms (25,600 against 26,650),
/// so the `avx` path runs [`Vex`].
#[derive(Clone, Copy)]
pub(super) struct Portable<const SKIP: bool = true>(Quad, Quad, u32);

/// The portable layout as the `avx` path runs it: every band through
/// every rule, every round.
pub(super) type Vex = Portable<false>;

macro_rules! portable_op {
    ($trait:ident, $method:ident, $scalar:expr) => {
        impl<const SKIP: bool> $trait for Portable<SKIP> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                let f = $scalar;
                Portable(
                    self.0.$method(other.0),
                    self.1.$method(other.1),
                    f(self.2, other.2),
                )
            }
        }
    };
}

portable_op!(BitAnd, bitand, |a: u32, b: u32| a & b);
portable_op!(BitOr, bitor, |a: u32, b: u32| a | b);
portable_op!(BitXor, bitxor, |a: u32, b: u32| a ^ b);
portable_op!(Add, add, u32::wrapping_add);
portable_op!(Sub, sub, u32::wrapping_sub);

impl<const SKIP: bool> Not for Portable<SKIP> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        self ^ Self::splat(u32::MAX)
    }
}

/// Lanes 0 to 7 of [`Portable`] while they are tallied.
#[derive(Clone, Copy)]
struct Eight(Quad, Quad);

impl BitAnd for Eight {
    type Output = Eight;
    #[inline(always)]
    fn bitand(self, other: Eight) -> Eight {
        Eight(self.0 & other.0, self.1 & other.1)
    }
}

impl BitOr for Eight {
    type Output = Eight;
    #[inline(always)]
    fn bitor(self, other: Eight) -> Eight {
        Eight(self.0 | other.0, self.1 | other.1)
    }
}

impl<const SKIP: bool> Lanes for Portable<SKIP> {
    const SKIP_SETTLED: bool = SKIP;
    #[inline(always)]
    fn load(from: &[u32; 9]) -> Self {
        let quad = |i: usize| Quad::load(from[i..i + 4].try_into().expect("four lanes"));
        Portable(quad(0), quad(4), from[8])
    }
    #[inline(always)]
    fn store(self, to: &mut [u32; 9]) {
        let (low, high) = to.split_at_mut(4);
        self.0.store(low.try_into().expect("four lanes"));
        self.1
            .store((&mut high[..4]).try_into().expect("four lanes"));
        to[8] = self.2;
    }
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Portable(Quad::splat(x), Quad::splat(x), x)
    }
    #[inline(always)]
    fn shl<const N: u32>(self) -> Self {
        Portable(self.0.shl::<N>(), self.1.shl::<N>(), self.2 << N)
    }
    #[inline(always)]
    fn shr<const N: u32>(self) -> Self {
        Portable(self.0.shr::<N>(), self.1.shr::<N>(), self.2 >> N)
    }
    #[inline(always)]
    fn tally<const N: usize>(self) -> [Self; N] {
        // The eight lanes of the quads by swapping the quads, pairs and
        // neighbours, then lane 8.
        let zero = Eight(Quad::splat(0), Quad::splat(0));
        let mut n = [zero; N];
        n[0] = Eight(self.0, self.1);
        n = merge(n, n.map(|x| Eight(x.1, x.0)));
        n = merge(n, n.map(|x| Eight(x.0.swap::<2>(), x.1.swap::<2>())));
        n = merge(n, n.map(|x| Eight(x.0.swap::<1>(), x.1.swap::<1>())));
        let mut last = [zero; N];
        last[0] = Eight(Quad::splat(self.2), Quad::splat(self.2));
        merge(n, last).map(|x| Portable(x.0, x.1, x.0.first()))
    }
    #[inline(always)]
    fn first(self) -> u32 {
        self.0.first()
    }
    #[inline(always)]
    fn zeros(self) -> u32 {
        0xfe00 | u32::from(self.2 == 0) << 8 | self.1.zeros() << 4 | self.0.zeros()
    }
    #[inline(always)]
    fn sum(self) -> u32 {
        let s = self.0 + self.1;
        let s = s + s.swap::<2>();
        let s = s + s.swap::<1>();
        s.first().wrapping_add(self.2)
    }
}

// ---------------------------------------------------------------------------
// Avx2: one register and a plain one

#[cfg(target_arch = "x86_64")]
pub(super) use avx2::Avx2;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{merge, Lanes};
    use std::arch::x86_64::*;
    use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Sub};

    /// The nine digit lanes: lanes 0 to 7 in an AVX2 register, lane 8 in a
    /// plain one. Half the vector work of sixteen lanes (seven of them
    /// empty) in two registers; the ninth lane runs
    /// on the scalar units beside them.
    ///
    /// Safety: every method runs an AVX2 instruction. Values of this type
    /// are only made inside `search::with_avx2` and `search::with_avx512`,
    /// which are compiled with AVX2 enabled (and the second with AVX-512F
    /// and VL) and only called once the processor said it has those; the
    /// methods are inlined into them.
    #[derive(Clone, Copy)]
    pub(in super::super) struct Avx2(__m256i, u32);

    macro_rules! avx2_op {
        ($trait:ident, $method:ident, $intrinsic:ident, $scalar:expr) => {
            impl $trait for Avx2 {
                type Output = Avx2;
                #[inline(always)]
                fn $method(self, other: Avx2) -> Avx2 {
                    let f = $scalar;
                    // SAFETY: see the type's documentation.
                    Avx2(unsafe { $intrinsic(self.0, other.0) }, f(self.1, other.1))
                }
            }
        };
    }

    avx2_op!(BitAnd, bitand, _mm256_and_si256, |a: u32, b: u32| a & b);
    avx2_op!(BitOr, bitor, _mm256_or_si256, |a: u32, b: u32| a | b);
    avx2_op!(BitXor, bitxor, _mm256_xor_si256, |a: u32, b: u32| a ^ b);
    avx2_op!(Add, add, _mm256_add_epi32, u32::wrapping_add);
    avx2_op!(Sub, sub, _mm256_sub_epi32, u32::wrapping_sub);

    impl Not for Avx2 {
        type Output = Avx2;
        #[inline(always)]
        fn not(self) -> Avx2 {
            self ^ Avx2::splat(u32::MAX)
        }
    }

    /// Eight lanes of [`Avx2`] while they are tallied.
    #[derive(Clone, Copy)]
    struct Eight(__m256i);

    impl BitAnd for Eight {
        type Output = Eight;
        #[inline(always)]
        fn bitand(self, other: Eight) -> Eight {
            // SAFETY: see the documentation of `Avx2`.
            Eight(unsafe { _mm256_and_si256(self.0, other.0) })
        }
    }

    impl BitOr for Eight {
        type Output = Eight;
        #[inline(always)]
        fn bitor(self, other: Eight) -> Eight {
            // SAFETY: see the documentation of `Avx2`.
            Eight(unsafe { _mm256_or_si256(self.0, other.0) })
        }
    }

    impl Lanes for Avx2 {
        const SKIP_SETTLED: bool = false;
        #[inline(always)]
        fn load(from: &[u32; 9]) -> Avx2 {
            // SAFETY: 32 readable bytes; see the type's documentation.
            Avx2(unsafe { _mm256_loadu_si256(from.as_ptr().cast()) }, from[8])
        }
        #[inline(always)]
        fn store(self, to: &mut [u32; 9]) {
            // SAFETY: 32 writable bytes; see the type's documentation.
            unsafe { _mm256_storeu_si256(to.as_mut_ptr().cast(), self.0) };
            to[8] = self.1;
        }
        #[inline(always)]
        fn splat(x: u32) -> Avx2 {
            // SAFETY: see the type's documentation.
            Avx2(unsafe { _mm256_set1_epi32(x as i32) }, x)
        }
        #[inline(always)]
        fn shl<const N: u32>(self) -> Avx2 {
            // SAFETY: see the type's documentation.
            unsafe {
                let n = _mm_cvtsi32_si128(N as i32);
                Avx2(_mm256_sll_epi32(self.0, n), self.1 << N)
            }
        }
        #[inline(always)]
        fn shr<const N: u32>(self) -> Avx2 {
            // SAFETY: see the type's documentation.
            unsafe {
                let n = _mm_cvtsi32_si128(N as i32);
                Avx2(_mm256_srl_epi32(self.0, n), self.1 >> N)
            }
        }
        #[inline(always)]
        fn tally<const N: usize>(self) -> [Avx2; N] {
            // The eight lanes of the register by swapping halves, pairs and
            // neighbours, then lane 8.
            // SAFETY: see the type's documentation.
            unsafe {
                let mut n = [Eight(_mm256_setzero_si256()); N];
                n[0] = Eight(self.0);
                n = merge(
                    n,
                    n.map(|x| Eight(_mm256_permute2x128_si256::<1>(x.0, x.0))),
                );
                n = merge(
                    n,
                    n.map(|x| Eight(_mm256_shuffle_epi32::<0b01_00_11_10>(x.0))),
                );
                n = merge(
                    n,
                    n.map(|x| Eight(_mm256_shuffle_epi32::<0b10_11_00_01>(x.0))),
                );
                let mut last = [Eight(_mm256_setzero_si256()); N];
                last[0] = Eight(_mm256_set1_epi32(self.1 as i32));
                merge(n, last).map(|x| Avx2(x.0, _mm256_cvtsi256_si32(x.0) as u32))
            }
        }
        #[inline(always)]
        fn first(self) -> u32 {
            // SAFETY: see the type's documentation.
            unsafe { _mm256_cvtsi256_si32(self.0) as u32 }
        }
        #[inline(always)]
        fn zeros(self) -> u32 {
            // SAFETY: see the type's documentation.
            let low = unsafe {
                let zero = _mm256_setzero_si256();
                _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(self.0, zero)))
            };
            0xfe00 | u32::from(self.1 == 0) << 8 | low as u32
        }
        #[inline(always)]
        fn sum(self) -> u32 {
            // SAFETY: see the type's documentation.
            unsafe {
                let v = self.0;
                let v = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
                let v = _mm_add_epi32(v, _mm_shuffle_epi32::<0b01_00_11_10>(v));
                let v = _mm_add_epi32(v, _mm_shuffle_epi32::<0b10_11_00_01>(v));
                (_mm_cvtsi128_si32(v) as u32).wrapping_add(self.1)
            }
        }
    }
}
