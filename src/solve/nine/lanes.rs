//! The units the engine computes in. A [`Lanes`] value is nine 32-bit
//! lanes, lane `d` for digit `d + 1`: one band's words, so one operation
//! treats the nine digits of a band at once, or one word per digit that
//! packs something of each band. An [`AllBands`] value is the whole
//! state, the three bands' 27 words: the rules that read one band run on
//! it whole, and those that read across bands pack it into one [`Lanes`]
//! value ([`AllBands::pack`]) and back ([`AllBands::unpack`]). Values load
//! from and store to the state's layout, nine 32-bit words per band.
//!
//! Implementations of the same operations, bit for bit; the search picks
//! a lane path at run time (`search::LanePath`), and each path keeps the
//! layout that measured fastest on its registers:
//! - [`Portable`] (here): digits 1 to 8 in two [`Quad`]s (two SSE2
//!   registers on any x86-64, written with `std::arch`; elsewhere arrays
//!   of four the compiler vectorizes, NEON on AArch64), digit 9 in a plain
//!   register; the whole state is [`Bands`] of three. The `avx` path runs
//!   this type compiled with AVX: the same 128-bit operations in the VEX
//!   encoding, whose three operands spare the register copies of SSE2's
//!   two-operand forms (about a sixth of the time on an AMD EPYC; SSE4.2
//!   alone changed nothing).
//! - `Avx2` (x86-64, `avx2.rs`): digits 1 to 8 in one AVX2 register
//!   through `std::arch` intrinsics, digit 9 in a plain register: a fifth
//!   faster than sixteen lanes in two AVX2 registers, twice the array
//!   compiled for AVX2. The `avx2` path's state is [`Bands`] of three: the
//!   plain registers add sixteen places to hold values beside the sixteen
//!   vector registers, which the rules fill.
//! - `AvxBands` (x86-64, `avx2.rs`): the state on the `avx512` path,
//!   compiled with AVX-512F and VL (three-input logic instructions,
//!   compares into mask registers, 32 vector registers, still 256 bits
//!   wide): digits 1 to 8 of each band as in `Avx2`, the three bands'
//!   ninth digits in one 128-bit register. On an Intel Xeon (Sapphire
//!   Rapids) it searched level to 5 % faster than the layout of `Avx2` on
//!   that path; on the `avx2` path it was no faster (its values need more
//!   registers than AVX2 has). On an AMD EPYC (Zen 4), `Avx2` with AVX-512 measured
//!   1.24 times as fast as all sixteen lanes in one AVX-512 register
//!   (35,400 against 28,600 of forum_hardest_1106's puzzles a second,
//!   first solution), which the kit used before.
//!
//! Values of `Avx2` and `AvxBands` only exist inside the searches that
//! `search::run` starts once `is_x86_feature_detected!` said the processor
//! has the instructions: no other code makes one.

use super::quad::Quad;
use super::state::DIGITS;
use std::ops::{Add, BitAnd, BitOr, BitXor, Not, Sub};

/// The operations the rules need, word by word unless said otherwise: on
/// one value of nine digit lanes ([`Lanes`]) or on the whole state's 27
/// words ([`AllBands`]).
pub(super) trait Words:
    Copy
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
{
    /// Every word `x`.
    fn splat(x: u32) -> Self;
    fn shl<const N: u32>(self) -> Self;
    fn shr<const N: u32>(self) -> Self;
}

/// Nine digit lanes: one band's words, or one word per digit that packs
/// something of each band.
pub(super) trait Lanes: Words {
    /// Per cell, across the nine digit lanes, in every lane: `n[k]` holds
    /// the cells that are in at least `k + 1` of the nine.
    fn tally<const N: usize>(self) -> [Self; N];
    fn load(from: &[u32; 9]) -> Self;
    fn store(self, to: &mut [u32; 9]);
    /// Lane 0.
    fn first(self) -> u32;
    /// Bit `i` set when lane `i` is zero.
    fn zeros(self) -> u32;
    /// The sum of the lanes (wrapping).
    fn sum(self) -> u32;
}

/// The whole state: three bands of nine digit lanes, each word a band
/// word (see the module header of [`super`]). The rules that read one
/// band run on all three at once; those that read across bands pack them
/// into one value of [`AllBands::Digits`] and back.
pub(super) trait AllBands: Words {
    /// One word per digit.
    type Digits: Lanes;
    /// [`Lanes::tally`] of each band.
    fn tally<const N: usize>(self) -> [Self; N];
    fn load(from: &[[u32; 9]; 3]) -> Self;
    fn store(self, to: &mut [[u32; 9]; 3]);
    /// True when all 27 words are zero.
    fn is_zero(self) -> bool;
    /// True when one of the 27 words is zero.
    fn some_zero(self) -> bool;
    /// Per digit: band 0's word, or'd with band 1's shifted left by `B`
    /// and band 2's by `C`.
    fn pack<const B: u32, const C: u32>(self) -> Self::Digits;
    /// Band 0 takes `d`, band 1 `d` shifted right by `B`, band 2 by `C`.
    fn unpack<const B: u32, const C: u32>(d: Self::Digits) -> Self;
}

/// `&!`: the bits of `a` that are not in `b` (one instruction on x86).
#[inline(always)]
pub(super) fn andnot<W: Words>(a: W, b: W) -> W {
    a & !b
}

/// Two tallies of disjoint sets of lanes (as [`Lanes::tally`] gives) made
/// one: at least `k + 1` in both together when at least `i + 1` in one and
/// `j + 1` in the other with `i + j + 1 = k`, or `k + 1` in either.
#[inline(always)]
pub(super) fn merge<T, const N: usize>(n: [T; N], m: [T; N]) -> [T; N]
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
/// which costs less than a third quad with three empty lanes. The `avx`
/// path runs the same type compiled with AVX.
#[derive(Clone, Copy)]
pub(super) struct Portable(Quad, Quad, u32);

macro_rules! portable_op {
    ($trait:ident, $method:ident, $scalar:expr) => {
        impl $trait for Portable {
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

impl Not for Portable {
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

impl Words for Portable {
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
}

impl Lanes for Portable {
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
// Bands: a grid of three values of nine lanes

/// The whole state as three band values of [`Lanes`] `L`, every operation
/// on each: the grid of the portable, `avx` and `avx2` paths.
#[derive(Clone, Copy)]
pub(super) struct Bands<L>([L; 3]);

macro_rules! bands_op {
    ($trait:ident, $method:ident) => {
        impl<L: Lanes> $trait for Bands<L> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                let ([a, b, c], [x, y, z]) = (self.0, other.0);
                Bands([a.$method(x), b.$method(y), c.$method(z)])
            }
        }
    };
}

bands_op!(BitAnd, bitand);
bands_op!(BitOr, bitor);
bands_op!(BitXor, bitxor);
bands_op!(Add, add);
bands_op!(Sub, sub);

impl<L: Lanes> Not for Bands<L> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        let [a, b, c] = self.0;
        Bands([!a, !b, !c])
    }
}

impl<L: Lanes> Words for Bands<L> {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Bands([L::splat(x); 3])
    }
    #[inline(always)]
    fn shl<const N: u32>(self) -> Self {
        let [a, b, c] = self.0;
        Bands([a.shl::<N>(), b.shl::<N>(), c.shl::<N>()])
    }
    #[inline(always)]
    fn shr<const N: u32>(self) -> Self {
        let [a, b, c] = self.0;
        Bands([a.shr::<N>(), b.shr::<N>(), c.shr::<N>()])
    }
}

impl<L: Lanes> AllBands for Bands<L> {
    type Digits = L;
    #[inline(always)]
    fn tally<const N: usize>(self) -> [Self; N] {
        let [a, b, c] = self.0;
        let (a, b, c) = (a.tally::<N>(), b.tally::<N>(), c.tally::<N>());
        let mut n = [self; N];
        for k in 0..N {
            n[k] = Bands([a[k], b[k], c[k]]);
        }
        n
    }
    #[inline(always)]
    fn load(from: &[[u32; 9]; 3]) -> Self {
        Bands([L::load(&from[0]), L::load(&from[1]), L::load(&from[2])])
    }
    #[inline(always)]
    fn store(self, to: &mut [[u32; 9]; 3]) {
        let [a, b, c] = self.0;
        a.store(&mut to[0]);
        b.store(&mut to[1]);
        c.store(&mut to[2]);
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        let [a, b, c] = self.0;
        (a | b | c).zeros() & DIGITS == DIGITS
    }
    #[inline(always)]
    fn some_zero(self) -> bool {
        let [a, b, c] = self.0;
        (a.zeros() | b.zeros() | c.zeros()) & DIGITS != 0
    }
    #[inline(always)]
    fn pack<const B: u32, const C: u32>(self) -> L {
        let [a, b, c] = self.0;
        a | b.shl::<B>() | c.shl::<C>()
    }
    #[inline(always)]
    fn unpack<const B: u32, const C: u32>(d: L) -> Self {
        Bands([d, d.shr::<B>(), d.shr::<C>()])
    }
}
