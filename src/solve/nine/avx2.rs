//! The lane types of the x86-64 AVX2 and AVX-512 paths (see the module
//! note of `lanes.rs`): [`Avx2`], one band's nine digit lanes, and
//! [`AvxBands`], the whole state with the three bands' ninth digits in
//! one register.

use super::lanes::{merge, AllBands, Lanes, Words};
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
pub(super) struct Avx2(__m256i, u32);

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

impl Words for Avx2 {
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
}

/// Per cell, across the eight lanes of `x` and a ninth word (`last`,
/// in every lane): `n[k]` holds the cells in at least `k + 1` of the
/// nine, in every lane. The lanes by swapping halves, pairs and
/// neighbours, then the ninth.
///
/// Safety: the caller runs with AVX2 (see the documentation of `Avx2`).
#[inline(always)]
unsafe fn tally_eight<const N: usize>(x: __m256i, last: __m256i) -> [__m256i; N] {
    let mut n = [Eight(_mm256_setzero_si256()); N];
    n[0] = Eight(x);
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
    let mut ninth = [Eight(_mm256_setzero_si256()); N];
    ninth[0] = Eight(last);
    merge(n, ninth).map(|x| x.0)
}

impl Lanes for Avx2 {
    #[inline(always)]
    fn tally<const N: usize>(self) -> [Avx2; N] {
        // SAFETY: see the type's documentation.
        unsafe {
            let last = _mm256_set1_epi32(self.1 as i32);
            tally_eight::<N>(self.0, last).map(|x| Avx2(x, _mm256_cvtsi256_si32(x) as u32))
        }
    }
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

/// The whole state on the `avx512` path: digits 1 to 8 of each band in
/// an AVX2 register, as in [`Avx2`], and digit 9 of the three bands
/// together in lanes 0 to 2 of a 128-bit register (lane 3 is a
/// don't-care that every test leaves out).
///
/// Why (measured on an Intel Xeon, Sapphire Rapids, one round of rules
/// in a loop on AVX2): with the ninth digit in a plain register per
/// band a round cost 77-89 ns, against 39 ns with no ninth digit at
/// all, and 50 ns when the tallies across the digits did not take it
/// to the vector registers and back; a ninth digit in a 128-bit
/// register per band cost 94-100 ns (twice the vector instructions).
/// One register for the three bands' ninth digits adds a third to the
/// vector instructions and keeps the tallies in the vector registers.
///
/// Safety: as for [`Avx2`]; made only inside `search::with_avx512`.
#[derive(Clone, Copy)]
pub(super) struct AvxBands([__m256i; 3], __m128i);

macro_rules! grid_op {
    ($trait:ident, $method:ident, $wide:ident, $narrow:ident) => {
        impl $trait for AvxBands {
            type Output = AvxBands;
            #[inline(always)]
            fn $method(self, other: AvxBands) -> AvxBands {
                let ([a, b, c], [x, y, z]) = (self.0, other.0);
                // SAFETY: see the type's documentation.
                unsafe {
                    AvxBands(
                        [$wide(a, x), $wide(b, y), $wide(c, z)],
                        $narrow(self.1, other.1),
                    )
                }
            }
        }
    };
}

grid_op!(BitAnd, bitand, _mm256_and_si256, _mm_and_si128);
grid_op!(BitOr, bitor, _mm256_or_si256, _mm_or_si128);
grid_op!(BitXor, bitxor, _mm256_xor_si256, _mm_xor_si128);
grid_op!(Add, add, _mm256_add_epi32, _mm_add_epi32);
grid_op!(Sub, sub, _mm256_sub_epi32, _mm_sub_epi32);

/// `Words::shl` or `shr` on every register of an [`AvxBands`] (the
/// compiler folds the constant count into the instruction).
macro_rules! grid_shift {
    ($method:ident, $wide:ident, $narrow:ident) => {
        #[inline(always)]
        fn $method<const N: u32>(self) -> AvxBands {
            // SAFETY: see the type's documentation.
            unsafe {
                let n = _mm_cvtsi32_si128(N as i32);
                let [a, b, c] = self.0;
                AvxBands([$wide(a, n), $wide(b, n), $wide(c, n)], $narrow(self.1, n))
            }
        }
    };
}

impl Not for AvxBands {
    type Output = AvxBands;
    #[inline(always)]
    fn not(self) -> AvxBands {
        self ^ AvxBands::splat(u32::MAX)
    }
}

impl Words for AvxBands {
    #[inline(always)]
    fn splat(x: u32) -> AvxBands {
        // SAFETY: see the type's documentation.
        unsafe {
            let wide = _mm256_set1_epi32(x as i32);
            AvxBands([wide; 3], _mm_set1_epi32(x as i32))
        }
    }
    grid_shift!(shl, _mm256_sll_epi32, _mm_sll_epi32);
    grid_shift!(shr, _mm256_srl_epi32, _mm_srl_epi32);
}

impl AllBands for AvxBands {
    type Digits = Avx2;
    #[inline(always)]
    fn tally<const N: usize>(self) -> [AvxBands; N] {
        // SAFETY: see the type's documentation.
        unsafe {
            // Band b's ninth digit in every lane, the register never
            // left.
            let ninth = _mm256_castsi128_si256(self.1);
            let last = |b: i32| _mm256_permutevar8x32_epi32(ninth, _mm256_set1_epi32(b));
            let [a, b, c] = self.0;
            let (a, b, c) = (
                tally_eight::<N>(a, last(0)),
                tally_eight::<N>(b, last(1)),
                tally_eight::<N>(c, last(2)),
            );
            let mut n = [self; N];
            for k in 0..N {
                // The ninth digits' lanes: band b's count in lane b.
                let low = |x: __m256i| _mm256_castsi256_si128(x);
                let ninth = _mm_blend_epi32::<0b0100>(
                    _mm_blend_epi32::<0b0010>(low(a[k]), low(b[k])),
                    low(c[k]),
                );
                n[k] = AvxBands([a[k], b[k], c[k]], ninth);
            }
            n
        }
    }
    #[inline(always)]
    fn load(from: &[[u32; 9]; 3]) -> AvxBands {
        // SAFETY: 32 readable bytes of each band; see the type's
        // documentation.
        unsafe {
            let wide = |b: usize| _mm256_loadu_si256(from[b].as_ptr().cast());
            AvxBands(
                [wide(0), wide(1), wide(2)],
                _mm_setr_epi32(from[0][8] as i32, from[1][8] as i32, from[2][8] as i32, 0),
            )
        }
    }
    #[inline(always)]
    fn store(self, to: &mut [[u32; 9]; 3]) {
        // SAFETY: 32 writable bytes of each band; see the type's
        // documentation.
        unsafe {
            for (band, &wide) in to.iter_mut().zip(&self.0) {
                _mm256_storeu_si256(band.as_mut_ptr().cast(), wide);
            }
            to[0][8] = _mm_cvtsi128_si32(self.1) as u32;
            to[1][8] = _mm_extract_epi32::<1>(self.1) as u32;
            to[2][8] = _mm_extract_epi32::<2>(self.1) as u32;
        }
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        // SAFETY: see the type's documentation.
        unsafe {
            let [a, b, c] = self.0;
            let wide = _mm256_or_si256(_mm256_or_si256(a, b), c);
            let lanes = _mm_setr_epi32(-1, -1, -1, 0);
            _mm256_testz_si256(wide, wide) & _mm_testz_si128(self.1, lanes) != 0
        }
    }
    #[inline(always)]
    fn some_zero(self) -> bool {
        // SAFETY: see the type's documentation.
        unsafe {
            let [a, b, c] = self.0;
            let zero = _mm256_setzero_si256();
            let eq = |x| _mm256_cmpeq_epi32(x, zero);
            let wide = _mm256_or_si256(_mm256_or_si256(eq(a), eq(b)), eq(c));
            let ninth = _mm_cmpeq_epi32(self.1, _mm_setzero_si128());
            let masks = _mm256_movemask_ps(_mm256_castsi256_ps(wide))
                | (_mm_movemask_ps(_mm_castsi128_ps(ninth)) & 7);
            masks != 0
        }
    }
    #[inline(always)]
    fn pack<const B: u32, const C: u32>(self) -> Avx2 {
        // SAFETY: see the type's documentation.
        unsafe {
            let [a, b, c] = self.0;
            let wide = _mm256_or_si256(
                a,
                _mm256_or_si256(
                    _mm256_sll_epi32(b, _mm_cvtsi32_si128(B as i32)),
                    _mm256_sll_epi32(c, _mm_cvtsi32_si128(C as i32)),
                ),
            );
            // Lane 3 shifted out by 32.
            let shifts = _mm_setr_epi32(0, B as i32, C as i32, 32);
            let n = _mm_sllv_epi32(self.1, shifts);
            let n = _mm_or_si128(n, _mm_shuffle_epi32::<0b01_00_11_10>(n));
            let n = _mm_or_si128(n, _mm_shuffle_epi32::<0b10_11_00_01>(n));
            Avx2(wide, _mm_cvtsi128_si32(n) as u32)
        }
    }
    #[inline(always)]
    fn unpack<const B: u32, const C: u32>(d: Avx2) -> AvxBands {
        // SAFETY: see the type's documentation.
        unsafe {
            let Avx2(wide, ninth) = d;
            let shifts = _mm_setr_epi32(0, B as i32, C as i32, 0);
            AvxBands(
                [
                    wide,
                    _mm256_srl_epi32(wide, _mm_cvtsi32_si128(B as i32)),
                    _mm256_srl_epi32(wide, _mm_cvtsi32_si128(C as i32)),
                ],
                _mm_srlv_epi32(_mm_set1_epi32(ninth as i32), shifts),
            )
        }
    }
}
