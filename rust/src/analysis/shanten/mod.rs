//! Shanten (HK §14a "Shanten"): exchanges needed to become ready.
//!
//! Computed from its definition: for a hand H, shanten = min over reachable complete hands T of
//! |T \ H| - 1, where T has the winning size and never needs a fifth copy of a kind counting the
//! player's own declared sets. For 13 tiles this is the number of exchanges to a ready hand (T
//! minus its last missing tile waits on a kind not held four times); for 14 tiles it equals the
//! minimum over discards, and is -1 exactly when the hand is complete.
//!
//! The standard shape is a small dynamic programme over each suit (state: chows started at the
//! two previous kinds, sets made, pair made), combined over suits and honours by a knapsack on
//! (sets, pair). Seven pairs and thirteen orphans have closed forms. A table-driven version can
//! replace `suit_table` without changing anything else.

#![allow(clippy::needless_range_loop)] // kinds and DP states are indices by nature

use crate::analysis::decompose::{check_rules, held_counts, ShapeRules, MAX_SETS, ORPHANS};
use crate::error::{MahjongError, Result};
use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::N_KINDS;

const INF: u8 = 99;

/// `t[s][p]`: fewest missing tiles to make `s` sets and `p` pairs from one group of kinds.
pub(crate) type Table = [[u8; 2]; MAX_SETS + 1];

const EMPTY_TABLE: Table = {
    let mut t = [[INF; 2]; MAX_SETS + 1];
    t[0][0] = 0;
    t
};

/// One suit (9 kinds): `h` held concealed, `cap` copies the target may use (4 minus own melds).
fn suit_table(h: &[u8], cap: &[u8], need: usize) -> Table {
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

fn honour_table(h: u8, cap: u8) -> Table {
    let mut t = EMPTY_TABLE;
    if cap >= 3 {
        t[1][0] = 3u8.saturating_sub(h);
    }
    if cap >= 2 {
        t[0][1] = 2u8.saturating_sub(h);
    }
    t
}

/// Min-plus knapsack of two tables up to `need` sets (`s1 + s2 = s`, at most one pair).
#[inline(always)]
fn combine(x: &Table, y: &Table, need: usize) -> Table {
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

/// Table of one group of kinds (suit 0..2, or 3 = the honours) for `need` sets.
pub(crate) fn group_table(h: &Counts, cap: &Counts, group: usize, need: usize) -> Table {
    if group < 3 {
        let r = group * 9..group * 9 + 9;
        suit_table(&h[r.clone()], &cap[r], need)
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
    fn table(&mut self, h: &Counts, cap: &Counts, group: usize, need: usize) -> Table {
        let r = if group < 3 { group * 9..group * 9 + 9 } else { 27..N_KINDS };
        let mut key = (group as u64) << 4 | need as u64;
        for k in r {
            key = key * 25 + (h[k] as u64) * 5 + cap[k] as u64;
        }
        *self.map.entry(key).or_insert_with(|| group_table(h, cap, group, need))
    }
}

/// Fewest missing tiles for the standard shape with `need` concealed sets and a pair: the
/// dynamic programme for every group (the slow reference the tables are checked against).
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn standard_missing_dp(h: &Counts, cap: &Counts, need: usize) -> u8 {
    let mut acc = EMPTY_TABLE;
    for group in 0..4 {
        acc = combine(&acc, &group_table(h, cap, group, need), need);
    }
    acc[need][1]
}

#[inline(always)]
fn entry_table(e: &crate::analysis::tables::Entry) -> Table {
    let mut t = [[0u8; 2]; MAX_SETS + 1];
    for s in 0..=MAX_SETS {
        t[s] = [e[2 * s], e[2 * s + 1]];
    }
    t
}

/// The table of one group from the lookup tables when no own declared set restricts it (every
/// cap 4, counts `<= 4`), else `None`.
#[inline(always)]
pub(crate) fn fast_group(h: &Counts, cap: &Counts, group: usize) -> Option<Table> {
    let r = if group < 3 { group * 9..group * 9 + 9 } else { 27..N_KINDS };
    if cap[r.clone()].iter().any(|&c| c != 4) {
        return None;
    }
    let t = crate::analysis::tables::tables();
    if group < 3 {
        Some(entry_table(t.suit(crate::analysis::tables::suit_index(&h[r]))))
    } else {
        Some(entry_table(t.honour(crate::analysis::tables::honour_key(&h[r]))))
    }
}

/// Last step of the knapsack: fewest missing for `need` sets and one pair from two tables.
#[inline(always)]
fn finish(x: &Table, y: &Table, need: usize) -> u8 {
    let mut best = INF;
    for s in 0..=need {
        best = best.min(x[s][0].saturating_add(y[need - s][1])).min(x[s][1].saturating_add(y[need - s][0]));
    }
    best
}

/// Fewest missing tiles for the standard shape with `need` concealed sets and a pair: lookup
/// tables for unrestricted groups, the dynamic programme (memoized when a memo is given) for
/// groups whose caps are restricted by own declared sets.
fn standard_missing(h: &Counts, cap: &Counts, need: usize, mut memo: Option<&mut GroupMemo>) -> u8 {
    let mut ts = [EMPTY_TABLE; 4];
    for group in 0..4 {
        ts[group] = match fast_group(h, cap, group) {
            Some(t) => t,
            None => match memo.as_deref_mut() {
                Some(m) => m.table(h, cap, group, need),
                None => group_table(h, cap, group, need),
            },
        };
    }
    let a = combine(&ts[0], &ts[1], need);
    let b = combine(&ts[2], &ts[3], need);
    finish(&a, &b, need)
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

/// Shanten from the standard-shape missing count plus the special shapes of `h`.
#[inline]
pub(crate) fn shanten_from_missing(missing: u8, h: &Counts, n_melds: usize, rules: &ShapeRules) -> i8 {
    missing.min(special_shapes_missing(h, n_melds, rules)) as i8 - 1
}

/// Fewest missing tiles over the special shapes the rules have for this hand: seven pairs and
/// thirteen orphans (14 tiles, HK §9.2–§9.3), eight and a half pairs (17 tiles, TW §9.2), only
/// with no declared set; `INF` when none applies.
#[inline]
fn special_shapes_missing(h: &Counts, n_melds: usize, rules: &ShapeRules) -> u8 {
    let mut best = INF;
    if n_melds != 0 {
        return best;
    }
    let size = 3 * rules.n_sets + 2;
    if size == 14 {
        if rules.seven_pairs {
            best = best.min(seven_pairs_missing(h));
        }
        if rules.thirteen_orphans {
            best = best.min(thirteen_orphans_missing(h));
        }
    }
    if size == 17 && rules.eight_half_pairs {
        best = best.min(eight_half_pairs_missing(h));
    }
    best
}

/// TW §9.2 closed form: a pung of one kind (3 − held, at least 0) and pairs of the seven
/// cheapest other kinds (2 − held, at least 0). Kinds matter only by their count class
/// (0, 1, 2, 3 or more held), so each class is tried once as the pung's kind.
#[inline]
fn eight_half_pairs_missing(h: &Counts) -> u8 {
    // by_count[c] = kinds held c times (c = 3 stands for 3 or 4).
    #[cfg(simd)]
    let by_count = sse::class_counts(h);
    #[cfg(not(simd))]
    let by_count = class_counts_scalar(h);
    eight_half_pairs_from_classes(by_count)
}

/// Kinds held 0, 1, 2 and 3-or-more times (portable form of `sse::class_counts`).
#[cfg_attr(simd, allow(dead_code))]
fn class_counts_scalar(h: &Counts) -> [u8; 4] {
    let mut by_count = [0u8; 4];
    for &n in h.iter() {
        by_count[n.min(3) as usize] += 1;
    }
    by_count
}

/// [`eight_half_pairs_missing`] from `by_count[c]` = the kinds held c times (c = 3 stands for
/// 3 or 4); the agents' evaluator keeps these counts incrementally.
#[inline]
pub(crate) fn eight_half_pairs_from_classes(by_count: [u8; 4]) -> u8 {
    let mut best = INF;
    for pung_class in 0..4usize {
        if by_count[pung_class] == 0 {
            continue;
        }
        let mut rest = by_count;
        rest[pung_class] -= 1;
        // Pair costs: classes 2 and 3 cost 0, class 1 costs 1, class 0 costs 2.
        let by_cost = [rest[2] + rest[3], rest[1], rest[0]];
        let mut left = 7u8;
        let mut miss = 3 - pung_class as u8;
        for (cost, &k) in by_cost.iter().enumerate() {
            let take = left.min(k);
            miss += take * cost as u8;
            left -= take;
        }
        best = best.min(miss);
    }
    best
}

/// [`standard_missing`] over four given group tables.
#[inline(always)]
pub(crate) fn missing_of(ts: &[Table; 4], need: usize) -> u8 {
    let a = combine(&ts[0], &ts[1], need);
    let b = combine(&ts[2], &ts[3], need);
    finish(&a, &b, need)
}

fn seven_pairs_missing(h: &Counts) -> u8 {
    // Cost per kind: 0 if held twice or more, 1 if once, 2 if not held; take the 7 cheapest.
    let mut by_cost = [0u8; 3];
    for &n in h.iter() {
        by_cost[2 - n.min(2) as usize] += 1;
    }
    let mut left = 7u8;
    let mut miss = 0u8;
    for (cost, &k) in by_cost.iter().enumerate() {
        let take = left.min(k);
        miss += take * cost as u8;
        left -= take;
    }
    miss
}

fn thirteen_orphans_missing(h: &Counts) -> u8 {
    let absent = ORPHANS.iter().filter(|&&k| h[k as usize] == 0).count() as u8;
    let has_pair = ORPHANS.iter().any(|&k| h[k as usize] >= 2);
    absent + if has_pair { 0 } else { 1 }
}

/// Table of group `group` of `h`: lookup tables when unrestricted, else the memoized DP.
#[inline]
pub(crate) fn group_of(h: &Counts, cap: &Counts, group: usize, need: usize, memo: &mut GroupMemo) -> Table {
    match fast_group(h, cap, group) {
        Some(t) => t,
        None => memo.table(h, cap, group, need),
    }
}

/// Shanten from the four group tables of `h` (as [`shanten_memo`] would compute them).
#[inline]
pub(crate) fn shanten_of_tables(ts: &[Table; 4], h: &Counts, n_melds: usize, rules: &ShapeRules) -> i8 {
    let need = rules.n_sets - n_melds;
    missing_of(ts, need).min(special_shapes_missing(h, n_melds, rules)) as i8 - 1
}

/// Shanten of a hand whose size has been checked: `cap[k]` = copies of `k` not in own melds.
pub(crate) fn shanten_checked(h: &Counts, cap: &Counts, n_melds: usize, rules: &ShapeRules) -> i8 {
    shanten_memo(h, cap, n_melds, rules, None)
}

/// [`shanten_checked`] with an optional memo of group tables.
pub(crate) fn shanten_memo(h: &Counts, cap: &Counts, n_melds: usize, rules: &ShapeRules, memo: Option<&mut GroupMemo>) -> i8 {
    let need = rules.n_sets - n_melds;
    shanten_from_missing(standard_missing(h, cap, need, memo), h, n_melds, rules)
}

/// Combine two table entries (layout `[2*s + p]`) up to `N` sets: the knapsack of
/// [`combine`] without converting entries to [`Table`]s.
#[inline(always)]
fn combine_entries<const N: usize>(x: &crate::analysis::tables::Entry, y: &crate::analysis::tables::Entry) -> [u8; 16] {
    let mut out = [INF; 16];
    for s in 0..=N {
        let mut p0 = u8::MAX;
        let mut p1 = u8::MAX;
        for s1 in 0..=s {
            let (a0, a1) = (x[2 * s1], x[2 * s1 + 1]);
            let (b0, b1) = (y[2 * (s - s1)], y[2 * (s - s1) + 1]);
            p0 = p0.min(a0.saturating_add(b0));
            p1 = p1.min(a0.saturating_add(b1)).min(a1.saturating_add(b0));
        }
        out[2 * s] = p0;
        out[2 * s + 1] = p1;
    }
    out
}

/// Fewest missing tiles for `N` sets and a pair from the four group entries (portable form).
#[cfg_attr(simd, allow(dead_code))]
#[inline(always)]
fn missing_entries_scalar<const N: usize>(e: [&crate::analysis::tables::Entry; 4]) -> u8 {
    let a = combine_entries::<N>(e[0], e[1]);
    let b = combine_entries::<N>(e[2], e[3]);
    let mut best = u8::MAX;
    for s in 0..=N {
        best = best.min(a[2 * s].saturating_add(b[2 * (N - s) + 1])).min(a[2 * s + 1].saturating_add(b[2 * (N - s)]));
    }
    best
}

/// The same knapsack on SSE2 (baseline on x86_64), one entry per 16-byte register. Entries are
/// first clamped to 63: a true answer is at most `3 * 6 + 2`, so a combination using a larger
/// (unreachable) entry can never be the minimum, and with every lane `<= 63` the sums of two
/// (`<= 126`) and of four (`<= 252`) never overflow a byte: plain adds, no saturation.
/// Compiled for the tests on any x86_64 build (they compare it with the scalar forms).
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
mod sse {
    use std::arch::x86_64::*;

    const CLAMP: i8 = 63;
    const FILL: u8 = 126;

    use crate::analysis::simd::ld;
    type L = crate::analysis::simd::Lanes<FILL>;

    /// Lane `2 s + p` = fewest missing for `s` sets, `p` pairs from the two groups (`s <= N`).
    #[inline(always)]
    unsafe fn combine<const N: usize>(x: __m128i, y: __m128i) -> __m128i {
        let mut xa = [0u8; 16];
        _mm_storeu_si128(xa.as_mut_ptr() as *mut __m128i, x);
        // yw: lane 2t+1 = y[2t] (this group gives the pair), even lanes FILL.
        let yw = L::with_pair(y);
        let mut r = _mm_set1_epi8(FILL as i8);
        for s1 in 0..=N {
            let x0 = _mm_set1_epi8(xa[2 * s1] as i8);
            let x1 = _mm_set1_epi8(xa[2 * s1 + 1] as i8);
            r = _mm_min_epu8(r, _mm_add_epi8(x0, L::up(y, s1)));
            r = _mm_min_epu8(r, _mm_add_epi8(x1, L::up(yw, s1)));
        }
        r
    }

    /// Bit masks over the 34 kinds of `h[k] == 0`, `h[k] == 1`, `h[k] >= 2` (counts `<= 4`).
    #[inline(always)]
    pub(super) fn count_masks(h: &crate::tiles::hand::Counts) -> (u64, u64, u64) {
        // SAFETY: SSE2 is part of the x86_64 baseline; the loads read h[0..16] and h[16..32].
        unsafe {
            let lo = _mm_loadu_si128(h.as_ptr() as *const __m128i);
            let hi = _mm_loadu_si128(h.as_ptr().add(16) as *const __m128i);
            let zero = _mm_setzero_si128();
            let one = _mm_set1_epi8(1);
            let mask = |v: __m128i, f: &dyn Fn(__m128i) -> __m128i| _mm_movemask_epi8(f(v)) as u32 as u64 & 0xFFFF;
            let eq0 = |v| _mm_cmpeq_epi8(v, zero);
            let eq1 = |v| _mm_cmpeq_epi8(v, one);
            let ge2 = |v| _mm_cmpgt_epi8(v, one);
            let tail = |p: fn(u8) -> bool| (p(h[32]) as u64) << 32 | (p(h[33]) as u64) << 33;
            (
                mask(lo, &eq0) | mask(hi, &eq0) << 16 | tail(|n| n == 0),
                mask(lo, &eq1) | mask(hi, &eq1) << 16 | tail(|n| n == 1),
                mask(lo, &ge2) | mask(hi, &ge2) << 16 | tail(|n| n >= 2),
            )
        }
    }

    /// Kinds held 0, 1, 2 and 3-or-more times (counts `<= 4`), from the same compares.
    #[inline(always)]
    pub(super) fn class_counts(h: &crate::tiles::hand::Counts) -> [u8; 4] {
        // SAFETY: SSE2 is part of the x86_64 baseline; the loads read h[0..16] and h[16..32].
        unsafe {
            let lo = _mm_loadu_si128(h.as_ptr() as *const __m128i);
            let hi = _mm_loadu_si128(h.as_ptr().add(16) as *const __m128i);
            let count = |f: &dyn Fn(__m128i) -> __m128i, tail: fn(u8) -> bool| {
                ((_mm_movemask_epi8(f(lo)) as u32).count_ones()
                    + (_mm_movemask_epi8(f(hi)) as u32).count_ones()
                    + tail(h[32]) as u32
                    + tail(h[33]) as u32) as u8
            };
            let n0 = count(&|v| _mm_cmpeq_epi8(v, _mm_setzero_si128()), |n| n == 0);
            let n1 = count(&|v| _mm_cmpeq_epi8(v, _mm_set1_epi8(1)), |n| n == 1);
            let n3 = count(&|v| _mm_cmpgt_epi8(v, _mm_set1_epi8(2)), |n| n >= 3);
            [n0, n1, 34 - n0 - n1 - n3, n3]
        }
    }

    #[inline(always)]
    pub(super) fn missing<const N: usize>(e: [&crate::analysis::tables::Entry; 4]) -> u8 {
        // SAFETY: SSE2 is part of the x86_64 baseline; loads and stores are unaligned and
        // within 16-byte arrays.
        unsafe {
            let c = _mm_set1_epi8(CLAMP);
            let v = |i: usize| _mm_min_epu8(ld(e[i]), c);
            let mut a = [0u8; 16];
            let mut b = [0u8; 16];
            _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, combine::<N>(v(0), v(1)));
            _mm_storeu_si128(b.as_mut_ptr() as *mut __m128i, combine::<N>(v(2), v(3)));
            let mut best = u8::MAX;
            for s in 0..=N {
                best = best.min(a[2 * s] + b[2 * (N - s) + 1]).min(a[2 * s + 1] + b[2 * (N - s)]);
            }
            best
        }
    }
}

/// Fewest missing tiles for `N` sets and a pair from the four group entries.
#[inline(always)]
fn missing_entries<const N: usize>(e: [&crate::analysis::tables::Entry; 4]) -> u8 {
    #[cfg(simd)]
    {
        sse::missing::<N>(e)
    }
    #[cfg(not(simd))]
    {
        missing_entries_scalar::<N>(e)
    }
}

/// Seven pairs and thirteen orphans missing counts in one pass (each as the closed forms
/// [`seven_pairs_missing`], [`thirteen_orphans_missing`]).
#[inline(always)]
fn special_missing(h: &Counts, rules: &ShapeRules) -> u8 {
    #[cfg(simd)]
    {
        special_missing_sse(h, rules)
    }
    #[cfg(not(simd))]
    {
        special_missing_scalar(h, rules)
    }
}

/// [`special_missing`] from bit masks of the counts (SSE2 compares).
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
#[inline(always)]
fn special_missing_sse(h: &Counts, rules: &ShapeRules) -> u8 {
    const ORPHAN_BITS: u64 = {
        let mut m = 0u64;
        let mut j = 0;
        while j < ORPHANS.len() {
            m |= 1 << ORPHANS[j];
            j += 1;
        }
        m
    };
    let (eq0, eq1, ge2) = sse::count_masks(h);
    let mut best = u8::MAX;
    if rules.seven_pairs {
        let c0 = ge2.count_ones() as u8;
        let c1 = eq1.count_ones() as u8;
        let t0 = c0.min(7);
        let t1 = (7 - t0).min(c1);
        best = t1 + 2 * (7 - t0 - t1);
    }
    if rules.thirteen_orphans {
        let absent = (eq0 & ORPHAN_BITS).count_ones() as u8;
        let pair = ge2 & ORPHAN_BITS != 0;
        best = best.min(absent + (!pair) as u8);
    }
    best
}

/// [`special_missing`] kind by kind (portable form).
#[cfg_attr(simd, allow(dead_code))]
#[inline(always)]
fn special_missing_scalar(h: &Counts, rules: &ShapeRules) -> u8 {
    let mut best = u8::MAX;
    if rules.seven_pairs {
        let mut c0 = 0u8;
        let mut c1 = 0u8;
        for &n in h.iter() {
            c0 += (n >= 2) as u8;
            c1 += (n == 1) as u8;
        }
        let t0 = c0.min(7);
        let t1 = (7 - t0).min(c1);
        best = t1 + 2 * (7 - t0 - t1);
    }
    if rules.thirteen_orphans {
        let mut absent = 0u8;
        let mut pair = false;
        for &k in ORPHANS.iter() {
            let n = h[k as usize];
            absent += (n == 0) as u8;
            pair |= n >= 2;
        }
        best = best.min(absent + (!pair) as u8);
    }
    best
}

/// Shanten of a hand without declared sets, every count `<= 4`, size `3 n_sets + 1` or
/// `3 n_sets + 2` (`rules` checked): the four table entries combined directly. Equal to
/// `shanten_checked(h, &[4; 34], 0, rules)` (cross-checked in the tests).
#[inline]
pub fn shanten_free(h: &Counts, rules: &ShapeRules) -> i8 {
    let t = crate::analysis::tables::tables();
    let e = [
        t.suit(crate::analysis::tables::suit_index(&h[0..9])),
        t.suit(crate::analysis::tables::suit_index(&h[9..18])),
        t.suit(crate::analysis::tables::suit_index(&h[18..27])),
        t.honour(crate::analysis::tables::honour_key(&h[27..34])),
    ];
    let mut best = match rules.n_sets {
        4 => missing_entries::<4>(e),
        1 => missing_entries::<1>(e),
        2 => missing_entries::<2>(e),
        3 => missing_entries::<3>(e),
        5 => missing_entries::<5>(e),
        _ => missing_entries::<6>(e),
    };
    if rules.n_sets == 4 && (rules.seven_pairs || rules.thirteen_orphans) {
        best = best.min(special_missing(h, rules));
    }
    if rules.n_sets == 5 && rules.eight_half_pairs {
        best = best.min(eight_half_pairs_missing(h));
    }
    best as i8 - 1
}

/// Copies of each kind a target may use from the concealed side (4 minus own melds' tiles).
pub(crate) fn caps(held: &Counts, concealed: &Counts) -> Counts {
    let mut cap = [0u8; N_KINDS];
    for k in 0..N_KINDS {
        cap[k] = 4 - (held[k] - concealed[k]);
    }
    cap
}

/// Check the size of a hand for shanten: 13- or 14-equivalent (`3n+1` / `3n+2`). Returns the
/// tile count.
pub(crate) fn check_size(concealed: &Counts, melds: &[Meld], rules: &ShapeRules, allowed: &[usize]) -> Result<usize> {
    let n: usize = concealed.iter().map(|&c| c as usize).sum::<usize>() + 3 * melds.len();
    if allowed.iter().any(|&d| 3 * rules.n_sets + d == n) && melds.len() <= rules.n_sets {
        return Ok(n);
    }
    let want: Vec<String> = allowed.iter().map(|&d| (3 * rules.n_sets + d).to_string()).collect();
    Err(MahjongError::hand(format!(
        "wrong number of tiles: the hand has {n} (counting each declared set as 3), {} expected",
        want.join(" or ")
    )))
}

/// HK §14a shanten: 13-equivalent hand → exchanges to ready (0 = ready); 14-equivalent hand →
/// -1 when complete, else the minimum over discards. Minimum over the standard shape, seven
/// pairs and thirteen orphans (the last two only with no declared set). A target needing a fifth
/// copy of a kind (counting own declared sets) does not count.
///
/// ```
/// use mahjong_fast::{parse_hand, analysis::decompose::HK_SHAPES, analysis::shanten::shanten};
/// let h = parse_hand("123456789m1111p").unwrap();
/// assert_eq!(shanten(&h.concealed, &h.melds, &HK_SHAPES).unwrap(), 1);
/// ```
pub fn shanten(concealed: &Counts, melds: &[Meld], rules: &ShapeRules) -> Result<i8> {
    check_rules(rules)?;
    if melds.is_empty() {
        // No declared set: the checks of held_counts / check_size reduce to these.
        let mut n = 0usize;
        let mut over = false;
        for &x in concealed.iter() {
            n += x as usize;
            over |= x > 4;
        }
        if !over && (n == 3 * rules.n_sets + 1 || n == 3 * rules.n_sets + 2) {
            return Ok(shanten_free(concealed, rules));
        }
    }
    let held = held_counts(concealed, melds)?;
    check_size(concealed, melds, rules, &[1, 2])?;
    let cap = caps(&held, concealed);
    Ok(shanten_checked(concealed, &cap, melds.len(), rules))
}

#[cfg(test)]
pub(crate) mod tests;
