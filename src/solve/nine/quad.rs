//! Four 32-bit lanes, the width of the 128-bit vector registers every
//! processor the kit targets has: the building block of the portable lane
//! path ([`super::lanes::Portable`], two quads and a plain register).
//!
//! On x86-64 a quad is an SSE2 register through `std::arch` (SSE2 is part
//! of x86-64, so no run-time test is needed): written as an array, the
//! compiler moved about half the shifts to scalar registers and back, and
//! the portable path ran at 0.47 to 0.71 times the `sudoku` crate. On
//! every other target it is an array of four, which the compiler turns
//! into one vector register where there is one (NEON on AArch64).

use std::ops::{Add, BitAnd, BitOr, BitXor, Sub};

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// What holds a quad: an SSE2 register on x86-64, an array elsewhere.
#[cfg(target_arch = "x86_64")]
type Register = __m128i;
#[cfg(not(target_arch = "x86_64"))]
type Register = [u32; 4];

/// Four lanes (see the module note).
#[derive(Clone, Copy)]
pub(super) struct Quad(Register);

/// A binary lane operation: the SSE2 instruction on x86-64, the scalar
/// one on each lane elsewhere.
macro_rules! quad_op {
    ($trait:ident, $method:ident, $sse2:ident, $scalar:expr) => {
        impl $trait for Quad {
            type Output = Quad;
            #[inline(always)]
            fn $method(self, other: Quad) -> Quad {
                #[cfg(target_arch = "x86_64")]
                {
                    let _ = $scalar;
                    // SAFETY: SSE2 is part of x86-64.
                    Quad(unsafe { $sse2(self.0, other.0) })
                }
                #[cfg(not(target_arch = "x86_64"))]
                {
                    let f = $scalar;
                    Quad(std::array::from_fn(|i| f(self.0[i], other.0[i])))
                }
            }
        }
    };
}

quad_op!(BitAnd, bitand, _mm_and_si128, |a: u32, b: u32| a & b);
quad_op!(BitOr, bitor, _mm_or_si128, |a: u32, b: u32| a | b);
quad_op!(BitXor, bitxor, _mm_xor_si128, |a: u32, b: u32| a ^ b);
quad_op!(Add, add, _mm_add_epi32, u32::wrapping_add);
quad_op!(Sub, sub, _mm_sub_epi32, u32::wrapping_sub);

// SAFETY (every `unsafe` block below): SSE2 is part of x86-64, and the
// loads and stores touch 16 bytes of a 16-byte array.
#[cfg(target_arch = "x86_64")]
impl Quad {
    #[inline(always)]
    pub(super) fn load(from: &[u32; 4]) -> Quad {
        Quad(unsafe { _mm_loadu_si128(from.as_ptr().cast()) })
    }
    #[inline(always)]
    pub(super) fn store(self, to: &mut [u32; 4]) {
        unsafe { _mm_storeu_si128(to.as_mut_ptr().cast(), self.0) }
    }
    #[inline(always)]
    pub(super) fn splat(x: u32) -> Quad {
        Quad(unsafe { _mm_set1_epi32(x as i32) })
    }
    #[inline(always)]
    pub(super) fn shl<const N: u32>(self) -> Quad {
        Quad(unsafe { _mm_sll_epi32(self.0, _mm_cvtsi32_si128(N as i32)) })
    }
    #[inline(always)]
    pub(super) fn shr<const N: u32>(self) -> Quad {
        Quad(unsafe { _mm_srl_epi32(self.0, _mm_cvtsi32_si128(N as i32)) })
    }
    /// Lane `i` takes lane `i ^ K` (`K` is 1 or 2).
    #[inline(always)]
    pub(super) fn swap<const K: usize>(self) -> Quad {
        Quad(unsafe {
            match K {
                2 => _mm_shuffle_epi32::<0b01_00_11_10>(self.0),
                _ => _mm_shuffle_epi32::<0b10_11_00_01>(self.0),
            }
        })
    }
    /// Lane 0.
    #[inline(always)]
    pub(super) fn first(self) -> u32 {
        unsafe { _mm_cvtsi128_si32(self.0) as u32 }
    }
    /// Bit `i` set when lane `i` is zero.
    #[inline(always)]
    pub(super) fn zeros(self) -> u32 {
        let zero = unsafe { _mm_cmpeq_epi32(self.0, _mm_setzero_si128()) };
        unsafe { _mm_movemask_ps(_mm_castsi128_ps(zero)) as u32 }
    }
}

#[cfg(not(target_arch = "x86_64"))]
impl Quad {
    #[inline(always)]
    pub(super) fn load(from: &[u32; 4]) -> Quad {
        Quad(*from)
    }
    #[inline(always)]
    pub(super) fn store(self, to: &mut [u32; 4]) {
        *to = self.0;
    }
    #[inline(always)]
    pub(super) fn splat(x: u32) -> Quad {
        Quad([x; 4])
    }
    #[inline(always)]
    pub(super) fn shl<const N: u32>(self) -> Quad {
        Quad(self.0.map(|x| x << N))
    }
    #[inline(always)]
    pub(super) fn shr<const N: u32>(self) -> Quad {
        Quad(self.0.map(|x| x >> N))
    }
    /// Lane `i` takes lane `i ^ K` (`K` is 1 or 2).
    #[inline(always)]
    pub(super) fn swap<const K: usize>(self) -> Quad {
        Quad(std::array::from_fn(|i| self.0[i ^ K]))
    }
    /// Lane 0.
    #[inline(always)]
    pub(super) fn first(self) -> u32 {
        self.0[0]
    }
    /// Bit `i` set when lane `i` is zero.
    #[inline(always)]
    pub(super) fn zeros(self) -> u32 {
        (0..4).map(|i| u32::from(self.0[i] == 0) << i).sum()
    }
}
