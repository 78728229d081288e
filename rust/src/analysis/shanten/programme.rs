//! The dynamic programme of HK §14a shanten for one group of kinds (a suit or the honours):
//! the fewest missing tiles for every count of sets and pair, under the copies the player's
//! own declared sets leave. `suit_table` is the definition, kept for the tests that check the
//! lookup tables and the faster restricted-suit programme (`capped_suit`, which every caller
//! uses) against it; `GroupMemo` memoizes restricted groups' tables.

#![allow(clippy::needless_range_loop)] // kinds and DP states are indices by nature

use super::knapsack::combine;
use super::lookup::group_range;
use crate::analysis::decompose::MAX_SETS;
use crate::tiles::hand::Counts;
use crate::tiles::tile::N_KINDS;

pub(crate) const INF: u8 = 99;

/// `t[s][p]`: fewest missing tiles to make `s` sets and `p` pairs from one group of kinds.
pub(crate) type Table = [[u8; 2]; MAX_SETS + 1];

pub(crate) const EMPTY_TABLE: Table = {
    let mut t = [[INF; 2]; MAX_SETS + 1];
    t[0][0] = 0;
    t
};

/// One suit (9 kinds) by the definition: `h` held concealed, `cap` copies the target may use
/// (4 minus own melds), up to four chows started at a kind. The tests' reference.
#[cfg(test)]
pub(super) fn suit_table(h: &[u8], cap: &[u8], need: usize) -> Table {
    // dp[a][b][s][p]: a = chows started two kinds back, b = one kind back.
    let mut cur = [[[[INF; 2]; MAX_SETS + 1]; 5]; 5];
    cur[0][0][0][0] = 0;
    for n in 0..9 {
        let mut next = [[[[INF; 2]; MAX_SETS + 1]; 5]; 5];
        let hn = h[n];
        let capn = cap[n];
        let max_chow = if n <= 6 { 4 } else { 0 };
        for a in 0..5usize {
            for b in 0..5usize {
                if a + b > capn as usize {
                    continue;
                }
                for s in 0..=need {
                    for p in 0..2usize {
                        let v = cur[a][b][s][p];
                        if v >= INF {
                            continue;
                        }
                        for pung in 0..2usize {
                            for pair in 0..(2 - p) {
                                for c in 0..=max_chow {
                                    let t = a + b + c + 3 * pung + 2 * pair;
                                    if t > capn as usize {
                                        break;
                                    }
                                    let ns = s + c + pung;
                                    if ns > need {
                                        break;
                                    }
                                    let miss = v + (t as u8).saturating_sub(hn);
                                    let slot = &mut next[b][c][ns][p + pair];
                                    if miss < *slot {
                                        *slot = miss;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        cur = next;
    }
    let mut out = [[INF; 2]; MAX_SETS + 1];
    out[..=need].copy_from_slice(&cur[0][0][..=need]);
    out
}

pub(super) fn honour_table(h: u8, cap: u8) -> Table {
    let mut t = EMPTY_TABLE;
    if cap >= 3 {
        t[1][0] = 3u8.saturating_sub(h);
    }
    if cap >= 2 {
        t[0][1] = 2u8.saturating_sub(h);
    }
    t
}

/// Table of one group of kinds (suit 0..2, or 3 = the honours) for `need` sets.
pub(crate) fn group_table(h: &Counts, cap: &Counts, group: usize, need: usize) -> Table {
    if group < 3 {
        let r = group * 9..group * 9 + 9;
        capped_suit(&h[r.clone()], &cap[r], need)
    } else {
        let mut acc = EMPTY_TABLE;
        for k in 27..N_KINDS {
            acc = combine(&acc, &honour_table(h[k], cap[k]), need);
        }
        acc
    }
}

/// Memo of group tables, for callers that evaluate many related hands (the discard advice
/// rates ~500 hands that differ in one or two groups). Keyed by the group's held counts, caps
/// and the sets needed; only looked up, never iterated, so results do not depend on its order.
#[derive(Default)]
pub(crate) struct GroupMemo {
    map: std::collections::HashMap<u64, Table>,
}

impl GroupMemo {
    pub(crate) fn table(&mut self, h: &Counts, cap: &Counts, group: usize, need: usize) -> Table {
        let r = group_range(group);
        let mut key = (group as u64) << 4 | need as u64;
        for k in r {
            key = key * 25 + (h[k] as u64) * 5 + cap[k] as u64;
        }
        *self.map.entry(key).or_insert_with(|| group_table(h, cap, group, need))
    }
}

/// Fewest missing tiles for the standard shape with `need` concealed sets and a pair: the
/// definition for every group (the slow reference the tables are checked against).
#[cfg(test)]
pub(crate) fn standard_missing_dp(h: &Counts, cap: &Counts, need: usize) -> u8 {
    let mut acc = EMPTY_TABLE;
    for group in 0..4 {
        let t = if group < 3 {
            let r = group_range(group);
            suit_table(&h[r.clone()], &cap[r], need)
        } else {
            group_table(h, cap, group, need)
        };
        acc = combine(&acc, &t, need);
    }
    acc[need][1]
}

/// Sixteen lanes `2 s + p` (sets `s` 0..=7, pair `p`): fewest missing tiles, `INF` if none.
pub(crate) type Lanes = [u8; 16];
pub(crate) const NO_LANES: Lanes = [INF; 16];

/// `v` with `k` more sets: lane `2 (s + k) + p` takes lane `2 s + p`.
#[inline(always)]
pub(crate) fn more_sets(v: &Lanes, k: usize) -> Lanes {
    // One 16-byte window of INF ‖ v: a fixed-size copy at a variable offset (no memmove call).
    let mut buf = [INF; 32];
    buf[16..].copy_from_slice(v);
    let mut out = NO_LANES;
    out.copy_from_slice(&buf[16 - 2 * k..32 - 2 * k]);
    out
}

/// `v` with the pair made: lane `2 s + 1` takes lane `2 s`; lanes without a pair are empty.
#[inline(always)]
pub(crate) fn with_pair(v: &Lanes) -> Lanes {
    let mut out = NO_LANES;
    for s in 0..8 {
        out[2 * s + 1] = v[2 * s];
    }
    out
}

#[inline(always)]
pub(crate) fn add_min(out: &mut Lanes, v: &Lanes, cost: u8) {
    for j in 0..16 {
        out[j] = out[j].min(v[j].saturating_add(cost));
    }
}

/// The table of one suit whose caps are restricted by own declared sets: the dynamic
/// programme of [`suit_table`] (kind by kind; state = chows started one and two kinds back; the
/// table over sets and pair carried as one 16-lane vector, so each transition is one shifted
/// add-and-min the compiler vectorises) with at most **two** chows started at any kind. That
/// loses nothing: the fewest missing tiles depends only on the target's multiset of tiles,
/// and three equal chows `k, k+1, k+2` are the same tiles as the pungs of `k`, `k+1`, `k+2`
/// (a pung of one of those kinds besides them would need six copies). Equal to
/// [`suit_table`] (tested on random suits and caps).
#[cfg_attr(simd, allow(dead_code))]
pub(crate) fn capped_suit_scalar(h: &[u8], cap: &[u8], need: usize) -> Table {
    let mut cur = [[NO_LANES; 3]; 3];
    cur[0][0][0] = 0;
    for n in 0..9 {
        let mut next = [[NO_LANES; 3]; 3];
        let hn = h[n] as usize;
        let capn = cap[n] as usize;
        let max_chow = if n <= 6 { 2 } else { 0 };
        for a in 0..3usize {
            for b in 0..3usize {
                if a + b > capn {
                    continue;
                }
                let v = cur[a][b];
                if v.iter().all(|&x| x >= INF) {
                    continue;
                }
                let vp = with_pair(&v);
                for pung in 0..2usize {
                    for pair in 0..2usize {
                        let src = if pair == 1 { &vp } else { &v };
                        for c in 0..=max_chow {
                            let t = a + b + c + 3 * pung + 2 * pair;
                            if t > capn {
                                break;
                            }
                            let cost = t.saturating_sub(hn) as u8;
                            add_min(&mut next[b][c], &more_sets(src, c + pung), cost);
                        }
                    }
                }
            }
        }
        cur = next;
    }
    let v = cur[0][0];
    let mut out = [[INF; 2]; MAX_SETS + 1];
    for s in 0..=need.min(MAX_SETS) {
        out[s] = [v[2 * s].min(INF), v[2 * s + 1].min(INF)];
    }
    out
}

/// [`capped_suit_scalar`], on SSE2 where available (the same table; tested).
#[inline]
pub(crate) fn capped_suit(h: &[u8], cap: &[u8], need: usize) -> Table {
    #[cfg(simd)]
    {
        sse::capped_suit(h, cap, need)
    }
    #[cfg(not(simd))]
    {
        capped_suit_scalar(h, cap, need)
    }
}

/// The restricted-suit programme on SSE2 (baseline on x86_64). Compiled for the tests on any
/// x86_64 build (they compare it with the scalar form).
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
pub(crate) mod sse {
    use super::{Table, INF, MAX_SETS};
    use std::arch::x86_64::*;

    use crate::analysis::simd::ld;
    type L = crate::analysis::simd::Lanes<INF>;

    /// [`super::capped_suit_scalar`] with each 16-lane vector in one register: the same
    /// transitions, saturating sums and minima, so the same table. Per kind, the costs of
    /// using `t` copies are made once; per state and chow count, the three transitions (no
    /// more, the pair, a pung) are taken together, in another order than the scalar form's
    /// (a minimum does not depend on it). A pung with the pair from one kind needs five
    /// copies: never legal, never computed.
    pub(crate) fn capped_suit(h: &[u8], cap: &[u8], need: usize) -> Table {
        // SAFETY: SSE2 is part of the x86_64 baseline; loads and stores are unaligned and
        // within 16-byte arrays.
        unsafe {
            let inf = _mm_set1_epi8(INF as i8);
            let mut start = [INF; 16];
            start[0] = 0;
            let mut cur = [[inf; 3]; 3];
            cur[0][0] = ld(&start);
            for n in 0..9 {
                let mut next = [[inf; 3]; 3];
                let hn = h[n] as usize;
                let capn = (cap[n] as usize).min(4);
                let max_chow = if n <= 6 { 2 } else { 0 };
                // cost[t]: missing tiles when the target uses t copies of this kind
                let cost: [__m128i; 5] = std::array::from_fn(|t| _mm_set1_epi8(t.saturating_sub(hn) as i8));
                for a in 0..3usize {
                    for b in 0..3usize {
                        let base = a + b;
                        if base > capn {
                            continue;
                        }
                        let v = cur[a][b];
                        if _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, inf), inf)) == 0xFFFF {
                            continue; // every lane unreachable
                        }
                        let vp = L::with_pair(v);
                        let top = (capn - base).min(max_chow);
                        for c in 0..=top {
                            let t = base + c;
                            let mut x = _mm_adds_epu8(L::up(v, c), cost[t]);
                            if t + 2 <= capn {
                                x = _mm_min_epu8(x, _mm_adds_epu8(L::up(vp, c), cost[t + 2]));
                            }
                            if t + 3 <= capn {
                                x = _mm_min_epu8(x, _mm_adds_epu8(L::up(v, c + 1), cost[t + 3]));
                            }
                            next[b][c] = _mm_min_epu8(next[b][c], x);
                        }
                    }
                }
                cur = next;
            }
            let v = _mm_min_epu8(cur[0][0], inf);
            let mut a = [INF; 16];
            _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, v);
            let mut out = [[INF; 2]; MAX_SETS + 1];
            for s in 0..=need.min(MAX_SETS) {
                out[s] = [a[2 * s], a[2 * s + 1]];
            }
            out
        }
    }
}
