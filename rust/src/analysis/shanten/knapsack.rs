//! The knapsack that combines group tables (HK §14a shanten): fewest missing tiles for `s`
//! sets and `p` pairs of two groups from theirs (min-plus over the split of the sets), the
//! last step to a missing count, and the knapsack of the other three groups for each group
//! (with it, a change in one group costs one step). Scalar, and on SSE2 where available.

#![allow(clippy::needless_range_loop)] // set counts are indices by nature

use super::lookup::entry_table;
use super::programme::{Table, INF};
use crate::analysis::decompose::MAX_SETS;
use crate::analysis::tables::Entry;

/// Min-plus knapsack of two tables up to `need` sets (`s1 + s2 = s`, at most one pair).
#[inline(always)]
pub(super) fn combine(x: &Table, y: &Table, need: usize) -> Table {
    let mut out = [[INF; 2]; MAX_SETS + 1];
    for s in 0..=need.min(MAX_SETS) {
        let mut p0 = INF;
        let mut p1 = INF;
        for s1 in 0..=s {
            let a = x[s1];
            let b = y[s - s1];
            p0 = p0.min(a[0].saturating_add(b[0]));
            p1 = p1.min(a[0].saturating_add(b[1])).min(a[1].saturating_add(b[0]));
        }
        out[s] = [p0, p1];
    }
    out
}

/// Last step of the knapsack: fewest missing for `need` sets and one pair from two tables.
#[inline(always)]
pub(super) fn finish(x: &Table, y: &Table, need: usize) -> u8 {
    let mut best = INF;
    for s in 0..=need {
        best = best.min(x[s][0].saturating_add(y[need - s][1])).min(x[s][1].saturating_add(y[need - s][0]));
    }
    best
}

/// For each group `g`, the knapsack of the other three groups' tables: with it, a change in
/// group `g` alone costs one [`finish_with`].
#[inline]
pub(crate) fn rests(ts: &[Table; 4], need: usize) -> [Table; 4] {
    let ab = combine(&ts[0], &ts[1], need);
    let cd = combine(&ts[2], &ts[3], need);
    [combine(&ts[1], &cd, need), combine(&ts[0], &cd, need), combine(&ab, &ts[3], need), combine(&ab, &ts[2], need)]
}

/// Fewest missing tiles from a rest table (see [`rests`]) and the changed group's table.
#[inline(always)]
pub(crate) fn finish_with(rest: &Table, t: &Table, need: usize) -> u8 {
    finish(rest, t, need)
}

/// Fewest missing tiles for the standard shape with `need` sets and a pair from the four group
/// tables.
#[inline(always)]
pub(crate) fn missing_of(ts: &[Table; 4], need: usize) -> u8 {
    let a = combine(&ts[0], &ts[1], need);
    let b = combine(&ts[2], &ts[3], need);
    finish(&a, &b, need)
}

/// Fewest missing tiles for `N` sets and a pair from the four group entries (portable form):
/// [`missing_of`] of their tables.
#[cfg_attr(simd, allow(dead_code))]
#[inline(always)]
pub(super) fn missing_entries_scalar<const N: usize>(e: [&Entry; 4]) -> u8 {
    missing_of(&e.map(entry_table), N)
}

/// Fewest missing tiles for `N` sets and a pair from the four group entries.
#[inline(always)]
pub(super) fn missing_entries<const N: usize>(e: [&Entry; 4]) -> u8 {
    #[cfg(simd)]
    {
        sse::missing::<N>(e)
    }
    #[cfg(not(simd))]
    {
        missing_entries_scalar::<N>(e)
    }
}

/// For each group, the knapsack of the other three groups' tables for `need` sets: the values
/// of [`crate::analysis::shanten::rests`] at every `s <= need` (tested), on SSE2 where available.
#[inline]
pub(super) fn fast_rests(ts: &[Table; 4], need: usize) -> [Table; 4] {
    #[cfg(simd)]
    {
        match need {
            0 => sse::rests::<0>(ts),
            1 => sse::rests::<1>(ts),
            2 => sse::rests::<2>(ts),
            3 => sse::rests::<3>(ts),
            4 => sse::rests::<4>(ts),
            5 => sse::rests::<5>(ts),
            _ => sse::rests::<MAX_SETS>(ts),
        }
    }
    #[cfg(not(simd))]
    {
        crate::analysis::shanten::rests(ts, need)
    }
}

/// The knapsack of group tables on SSE2 (baseline on x86_64): a table (or a lookup-table
/// entry, the same layout) is one 16-byte register, lane `2 s + p`. Sums saturate and are
/// minimised from INF exactly as [`combine`] does, so every lane `s <= N` below INF holds the
/// same value, and so does every final count (a true count is at most `3 * 7 + 2`, below INF).
/// Compiled for the tests on any x86_64 build (they compare it with the scalar forms).
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
pub(crate) mod sse {
    use super::{Entry, Table, INF, MAX_SETS};
    use std::arch::x86_64::*;

    use crate::analysis::simd::ld;
    type L = crate::analysis::simd::Lanes<INF>;

    #[inline(always)]
    pub(crate) unsafe fn load(t: &Table) -> __m128i {
        let mut a = [INF; 16];
        a[..2 * (MAX_SETS + 1)].copy_from_slice(t.as_flattened());
        ld(&a)
    }

    #[inline(always)]
    pub(crate) unsafe fn store(v: __m128i) -> Table {
        let mut a = [0u8; 16];
        _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, v);
        let mut t = [[0u8; 2]; MAX_SETS + 1];
        t.as_flattened_mut().copy_from_slice(&a[..2 * (MAX_SETS + 1)]);
        t
    }

    /// Lane `2 s + p` (`s <= N`): fewest missing for `s` sets, `p` pairs from both groups.
    #[inline(always)]
    pub(crate) unsafe fn combine<const N: usize>(x: __m128i, y: __m128i) -> __m128i {
        let mut xa = [0u8; 16];
        _mm_storeu_si128(xa.as_mut_ptr() as *mut __m128i, x);
        // yw: lane 2t+1 = y[2t] (this group gives the pair), even lanes INF.
        let yw = L::with_pair(y);
        let mut r = _mm_set1_epi8(INF as i8);
        for s1 in 0..=N {
            let x0 = _mm_set1_epi8(xa[2 * s1] as i8);
            let x1 = _mm_set1_epi8(xa[2 * s1 + 1] as i8);
            r = _mm_min_epu8(r, _mm_adds_epu8(x0, L::up(y, s1)));
            r = _mm_min_epu8(r, _mm_adds_epu8(x1, L::up(yw, s1)));
        }
        r
    }

    #[inline(always)]
    pub(crate) fn rests<const N: usize>(ts: &[Table; 4]) -> [Table; 4] {
        // SAFETY: SSE2 is part of the x86_64 baseline; loads and stores are unaligned and
        // within 16-byte arrays.
        unsafe {
            let l = [load(&ts[0]), load(&ts[1]), load(&ts[2]), load(&ts[3])];
            let ab = combine::<N>(l[0], l[1]);
            let cd = combine::<N>(l[2], l[3]);
            [
                store(combine::<N>(l[1], cd)),
                store(combine::<N>(l[0], cd)),
                store(combine::<N>(ab, l[3])),
                store(combine::<N>(ab, l[2])),
            ]
        }
    }

    /// [`super::missing_entries_scalar`]: the two halves combined in registers, then the last
    /// step lane by lane.
    #[inline(always)]
    pub(crate) fn missing<const N: usize>(e: [&Entry; 4]) -> u8 {
        // SAFETY: SSE2 is part of the x86_64 baseline; loads and stores are unaligned and
        // within 16-byte arrays.
        unsafe {
            let mut a = [0u8; 16];
            let mut b = [0u8; 16];
            _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, combine::<N>(ld(e[0]), ld(e[1])));
            _mm_storeu_si128(b.as_mut_ptr() as *mut __m128i, combine::<N>(ld(e[2]), ld(e[3])));
            let mut best = u8::MAX;
            for s in 0..=N {
                best = best.min(a[2 * s].saturating_add(b[2 * (N - s) + 1])).min(a[2 * s + 1].saturating_add(b[2 * (N - s)]));
            }
            best
        }
    }
}
