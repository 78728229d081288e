//! SSE2 register helpers shared by the knapsack over group tables (`shanten/knapsack.rs`) and
//! the restricted-suit programme (`shanten/programme.rs`): a table of fewest-missing counts by
//! (sets `s`, pair `p`) is one 16-byte register, lane `2 s + p`, and `FILL` marks an
//! unreachable entry. SSE2 is part of the x86_64 baseline, so these need no run-time detection.

use std::arch::x86_64::*;

/// 0 in the even lanes (no pair), 255 in the odd ones (pair).
const ODD: [u8; 16] = [0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255];

/// An unaligned load of 16 bytes.
///
/// # Safety
/// SSE2 must be available (always on x86_64).
#[inline(always)]
pub(crate) unsafe fn ld(a: &[u8; 16]) -> __m128i {
    _mm_loadu_si128(a.as_ptr() as *const __m128i)
}

/// The lane operations for tables whose unreachable entries hold `FILL`.
pub(crate) struct Lanes<const FILL: u8>;

impl<const FILL: u8> Lanes<FILL> {
    const fn low(n: usize) -> [u8; 16] {
        let mut m = [0u8; 16];
        let mut j = 0;
        while j < n {
            m[j] = FILL;
            j += 1;
        }
        m
    }
    /// `LOW[s]`: FILL in the `2 s` lowest lanes (those a shift by `2 s` bytes empties).
    const LOW: [[u8; 16]; 8] =
        [Self::low(0), Self::low(2), Self::low(4), Self::low(6), Self::low(8), Self::low(10), Self::low(12), Self::low(14)];
    /// FILL in the even lanes, 0 in the odd ones.
    const EVEN: [u8; 16] = {
        let mut m = [0u8; 16];
        let mut j = 0;
        while j < 16 {
            m[j] = FILL;
            j += 2;
        }
        m
    };

    /// `v` moved up by `2 s` lanes (`s` more sets, `s <= 7`), the emptied low lanes FILL.
    ///
    /// # Safety
    /// SSE2 must be available (always on x86_64).
    #[inline(always)]
    pub(crate) unsafe fn up(v: __m128i, s: usize) -> __m128i {
        let sh = match s {
            0 => v,
            1 => _mm_slli_si128::<2>(v),
            2 => _mm_slli_si128::<4>(v),
            3 => _mm_slli_si128::<6>(v),
            4 => _mm_slli_si128::<8>(v),
            5 => _mm_slli_si128::<10>(v),
            6 => _mm_slli_si128::<12>(v),
            _ => _mm_slli_si128::<14>(v),
        };
        _mm_or_si128(sh, ld(&Self::LOW[s.min(7)]))
    }

    /// `y` as the table of the group that supplies the pair: lane `2 s + 1` = lane `2 s` of `y`,
    /// the even lanes FILL.
    ///
    /// # Safety
    /// SSE2 must be available (always on x86_64).
    #[inline(always)]
    pub(crate) unsafe fn with_pair(y: __m128i) -> __m128i {
        _mm_or_si128(_mm_and_si128(_mm_slli_si128::<1>(y), ld(&ODD)), ld(&Self::EVEN))
    }
}
