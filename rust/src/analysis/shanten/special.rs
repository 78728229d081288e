//! The special shapes of HK §9.2–§9.3 and TW §9.2 in shanten (HK §14a): closed forms of the
//! fewest missing tiles for seven pairs, thirteen orphans and eight and a half pairs, and the
//! counts behind them kept incrementally for the agents' evaluator.

use super::programme::INF;
use crate::analysis::decompose::{ShapeRules, ORPHANS};
use crate::tiles::hand::Counts;
use crate::tiles::tile::N_KINDS;

/// Fewest missing tiles over the special shapes the rules have for this hand: seven pairs and
/// thirteen orphans (14 tiles, HK §9.2–§9.3), eight and a half pairs (17 tiles, TW §9.2), only
/// with no declared set; `INF` when none applies.
#[inline(always)]
pub(super) fn special_shapes_missing(h: &Counts, n_melds: usize, rules: &ShapeRules) -> u8 {
    let mut best = INF;
    if n_melds != 0 {
        return best;
    }
    let size = 3 * rules.n_sets + 2;
    if size == 14 && (rules.seven_pairs || rules.thirteen_orphans) {
        best = best.min(special_missing(h, rules));
    }
    if size == 17 && rules.eight_half_pairs {
        best = best.min(if rules.eight_half_quads { eight_half_quads_missing(h) } else { eight_half_pairs_missing(h) });
    }
    best
}

/// TW §20.4.2 rule 4 (common table, `eight_half_pairs`): as [`eight_half_pairs_missing`], but a
/// kind held four times counts as two of the seven pairs (a scalar pass: the rule is a house
/// rule's, off the agents' hot path).
#[inline]
pub(super) fn eight_half_quads_missing(h: &Counts) -> u8 {
    let by_count = class_counts_scalar(h);
    let quads = h.iter().filter(|&&n| n >= 4).count() as u8;
    eight_half_quads_from_classes(by_count, quads)
}

/// [`eight_half_quads_missing`] from the classes of [`eight_half_pairs_from_classes`] and the
/// number of kinds held four times (`quads`, counted in class 3 too). The pung is of one kind
/// (3 − held, at least 0); the seven pairs are of the other kinds, a kind giving two pairs when
/// it ends with four tiles: a kind held four times gives two pairs at no cost, one held three
/// times a pair at no cost and a second for one tile, one held twice a pair at no cost, one held
/// once a pair for one tile, and any further pair costs two tiles.
#[inline]
pub(crate) fn eight_half_quads_from_classes(by_count: [u8; 4], quads: u8) -> u8 {
    let classes = [by_count[0], by_count[1], by_count[2], by_count[3] - quads.min(by_count[3]), quads.min(by_count[3])];
    let mut best = INF;
    for pung_class in 0..5usize {
        if classes[pung_class] == 0 {
            continue;
        }
        let mut rest = classes;
        rest[pung_class] -= 1;
        let free = rest[2] + rest[3] + 2 * rest[4];
        let one = rest[1] + rest[3];
        let mut left = 7u8;
        let mut miss = 3u8.saturating_sub(pung_class as u8);
        for (cost, k) in [(0u8, free), (1, one)] {
            let take = left.min(k);
            miss += take * cost;
            left -= take;
        }
        miss += 2 * left;
        best = best.min(miss);
    }
    best
}

/// HK §9.2 closed form of seven pairs from the kinds held twice or more (`pairs`) and once
/// (`singles`): each of the seven pairs costs 0, 1 or 2 missing tiles, the cheapest first.
#[inline(always)]
pub(super) fn seven_pairs_from(pairs: u8, singles: u8) -> u8 {
    let t0 = pairs.min(7);
    let t1 = (7 - t0).min(singles);
    t1 + 2 * (7 - t0 - t1)
}

/// HK §9.3 closed form of thirteen orphans: the orphan kinds not held, plus one when none of
/// them is held twice (the pair).
#[inline(always)]
pub(super) fn thirteen_orphans_from(absent: u8, has_pair: bool) -> u8 {
    absent + u8::from(!has_pair)
}

/// TW §9.2 closed form: a pung of one kind (3 − held, at least 0) and pairs of the seven
/// cheapest other kinds (2 − held, at least 0). Kinds matter only by their count class
/// (0, 1, 2, 3 or more held), so each class is tried once as the pung's kind.
#[inline]
pub(super) fn eight_half_pairs_missing(h: &Counts) -> u8 {
    // by_count[c] = kinds held c times (c = 3 stands for 3 or 4).
    #[cfg(simd)]
    let by_count = sse::class_counts(h);
    #[cfg(not(simd))]
    let by_count = class_counts_scalar(h);
    eight_half_pairs_from_classes(by_count)
}

/// Kinds held 0, 1, 2 and 3-or-more times (portable form of `sse::class_counts`).
#[cfg_attr(simd, allow(dead_code))]
pub(super) fn class_counts_scalar(h: &Counts) -> [u8; 4] {
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

/// Seven pairs and thirteen orphans missing counts in one pass (the closed forms
/// [`seven_pairs_from`], [`thirteen_orphans_from`]; `u8::MAX` when the rules have neither).
#[inline(always)]
pub(super) fn special_missing(h: &Counts, rules: &ShapeRules) -> u8 {
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
pub(super) fn special_missing_sse(h: &Counts, rules: &ShapeRules) -> u8 {
    let (eq0, eq1, ge2) = sse::count_masks(h);
    let mut best = u8::MAX;
    if rules.seven_pairs {
        best = seven_pairs_from(ge2.count_ones() as u8, eq1.count_ones() as u8);
    }
    if rules.thirteen_orphans {
        best = best.min(thirteen_orphans_from((eq0 & ORPHAN_BITS).count_ones() as u8, ge2 & ORPHAN_BITS != 0));
    }
    best
}

/// [`special_missing`] kind by kind (portable form).
#[cfg_attr(simd, allow(dead_code))]
#[inline(always)]
pub(super) fn special_missing_scalar(h: &Counts, rules: &ShapeRules) -> u8 {
    let mut best = u8::MAX;
    if rules.seven_pairs {
        let mut c0 = 0u8;
        let mut c1 = 0u8;
        for &n in h.iter() {
            c0 += (n >= 2) as u8;
            c1 += (n == 1) as u8;
        }
        best = seven_pairs_from(c0, c1);
    }
    if rules.thirteen_orphans {
        let mut absent = 0u8;
        let mut pair = false;
        for &k in ORPHANS.iter() {
            let n = h[k as usize];
            absent += (n == 0) as u8;
            pair |= n >= 2;
        }
        best = best.min(thirteen_orphans_from(absent, pair));
    }
    best
}

/// The count compares of the closed forms on SSE2 (baseline on x86_64). Compiled for the
/// tests on any x86_64 build (they compare them with the scalar forms).
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
pub(crate) mod sse {
    use std::arch::x86_64::*;

    /// Bit masks over the 34 kinds of `h[k] == 0`, `h[k] == 1`, `h[k] >= 2` (counts `<= 4`).
    #[inline(always)]
    pub(crate) fn count_masks(h: &crate::tiles::hand::Counts) -> (u64, u64, u64) {
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
    pub(crate) fn class_counts(h: &crate::tiles::hand::Counts) -> [u8; 4] {
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
}

/// Counts behind the closed forms of seven pairs, thirteen orphans and eight and a half pairs
/// (TW §9.2).
#[derive(Clone, Copy)]
pub(super) struct Special {
    singles: u8,
    pairs: u8,
    orphans_absent: u8,
    orphan_pairs: u8,
    /// Kinds held 0, 1, 2, 3 or more times.
    by_class: [u8; 4],
    /// Kinds held four times (TW §20.4.2 rule 4 counts them as two pairs).
    quads: u8,
}

pub(super) const ORPHAN_BITS: u64 = {
    let mut m = 0u64;
    let mut j = 0;
    while j < ORPHANS.len() {
        m |= 1 << ORPHANS[j];
        j += 1;
    }
    m
};

impl Special {
    pub(crate) fn of(h: &Counts) -> Special {
        let mut s = Special { singles: 0, pairs: 0, orphans_absent: 0, orphan_pairs: 0, by_class: [0; 4], quads: 0 };
        for k in 0..N_KINDS {
            let n = h[k];
            s.by_class[n.min(3) as usize] += 1;
            s.quads += (n >= 4) as u8;
            s.singles += (n == 1) as u8;
            s.pairs += (n >= 2) as u8;
            if ORPHAN_BITS >> k & 1 == 1 {
                s.orphans_absent += (n == 0) as u8;
                s.orphan_pairs += (n >= 2) as u8;
            }
        }
        s
    }
    /// The counts after one more copy of `k`, held `n` times before.
    #[inline(always)]
    pub(crate) fn plus(mut self, k: usize, n: u8) -> Special {
        self.by_class[n.min(3) as usize] -= 1;
        self.by_class[(n + 1).min(3) as usize] += 1;
        self.quads += (n == 3) as u8;
        match n {
            0 => {
                self.singles += 1;
                if ORPHAN_BITS >> k & 1 == 1 {
                    self.orphans_absent -= 1;
                }
            }
            1 => {
                self.singles -= 1;
                self.pairs += 1;
                if ORPHAN_BITS >> k & 1 == 1 {
                    self.orphan_pairs += 1;
                }
            }
            _ => {}
        }
        self
    }
    /// The counts after one copy of `k` less, held `n >= 1` times before.
    #[inline(always)]
    pub(crate) fn minus(mut self, k: usize, n: u8) -> Special {
        self.by_class[n.min(3) as usize] -= 1;
        self.by_class[(n - 1).min(3) as usize] += 1;
        self.quads -= (n == 4) as u8;
        match n {
            1 => {
                self.singles -= 1;
                if ORPHAN_BITS >> k & 1 == 1 {
                    self.orphans_absent += 1;
                }
            }
            2 => {
                self.singles += 1;
                self.pairs -= 1;
                if ORPHAN_BITS >> k & 1 == 1 {
                    self.orphan_pairs -= 1;
                }
            }
            _ => {}
        }
        self
    }
    /// Fewest missing tiles over the special shapes `rules` allows (`u8::MAX` if none).
    #[inline(always)]
    pub(crate) fn missing(&self, rules: &ShapeRules) -> u8 {
        let mut best = u8::MAX;
        if rules.seven_pairs {
            best = seven_pairs_from(self.pairs, self.singles);
        }
        if rules.thirteen_orphans {
            best = best.min(thirteen_orphans_from(self.orphans_absent, self.orphan_pairs != 0));
        }
        if rules.eight_half_pairs {
            best = best.min(if rules.eight_half_quads {
                eight_half_quads_from_classes(self.by_class, self.quads)
            } else {
                eight_half_pairs_from_classes(self.by_class)
            });
        }
        best
    }
}
