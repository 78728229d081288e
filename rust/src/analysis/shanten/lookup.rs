//! The lookup tables (`analysis/tables.rs`) as group tables, and what one more tile does to
//! them: for every group configuration, which table entries one more copy of each kind
//! lowers (`DecTables`), so the ukeire of a discard needs no lookup per draw (HK §14a).

#![allow(clippy::needless_range_loop)] // kinds are indices by nature

use super::programme::Table;
use crate::analysis::decompose::MAX_SETS;
use crate::analysis::tables::{honour_key, suit_index, tables, Entry, POW5, SUIT_STATES};
use crate::tiles::hand::Counts;
use crate::tiles::tile::N_KINDS;
use std::sync::OnceLock;

/// A lookup-table entry (lane `2 s + p`) as a group table.
#[inline(always)]
pub(super) fn entry_table(e: &Entry) -> Table {
    let mut t = [[0u8; 2]; MAX_SETS + 1];
    for s in 0..=MAX_SETS {
        t[s] = [e[2 * s], e[2 * s + 1]];
    }
    t
}

/// The group of kind `k`: its suit 0..2, or 3 for the honours.
#[inline(always)]
pub(crate) fn group_of_kind(k: usize) -> usize {
    if k < 27 {
        k / 9
    } else {
        3
    }
}

/// The kinds of group `g` (see [`group_of_kind`]).
#[inline(always)]
pub(crate) fn group_range(g: usize) -> std::ops::Range<usize> {
    if g < 3 {
        g * 9..g * 9 + 9
    } else {
        27..N_KINDS
    }
}

/// Table of an unrestricted group from the lookup tables (counts `<= 4`).
#[inline(always)]
pub(super) fn lookup(h: &Counts, g: usize) -> Table {
    let t = tables();
    if g < 3 {
        entry_table(t.suit(suit_index(&h[g * 9..g * 9 + 9])))
    } else {
        entry_table(t.honour(honour_key(&h[27..N_KINDS])))
    }
}

/// The table of one group from the lookup tables when no own declared set restricts it (every
/// cap 4, counts `<= 4`), else `None`.
#[inline(always)]
pub(crate) fn fast_group(h: &Counts, cap: &Counts, group: usize) -> Option<Table> {
    if cap[group_range(group)].iter().any(|&c| c != 4) {
        return None;
    }
    Some(lookup(h, group))
}

/// Bits per kind in a suit's word of [`DecTables`]: one per table entry `(s, p)`.
pub(super) const DEC_BITS: u32 = 2 * (MAX_SETS as u32 + 1);
pub(super) const DEC_MASK: u128 = (1 << DEC_BITS) - 1;

/// What one more tile does to an unrestricted group's table, for every group configuration:
/// bit `2 s + p` of the mask of kind `k` is set when the table of `h + e_k` is lower than the
/// table of `h` at `(s, p)` (never by more than one: one tile covers one missing tile). With it
/// the ukeire of a discard needs no lookup per draw: a draw lowers the fewest missing tiles iff
/// its mask meets the entries that attain the minimum (see [`tight_mask`]).
pub(super) struct DecTables {
    /// By suit index: nine masks of [`DEC_BITS`] bits, kind `n` of the suit at bit `DEC_BITS * n`
    /// (empty for a kind held four times).
    pub(super) suit: Box<[u128]>,
    /// By honour key: the mask of one more copy of an honour kind held `n` times, `n` in 0..=3
    /// (the honours' table depends only on how many kinds are held 0..4 times).
    pub(super) honour: Box<[[u16; 4]]>,
}

pub(super) static DEC_TABLES: OnceLock<DecTables> = OnceLock::new();

/// Bits `2 s + p` (all `s`) where entry `b` is below entry `a`.
#[inline(always)]
pub(super) fn entry_dec(a: &Entry, b: &Entry) -> u16 {
    #[cfg(simd)]
    {
        sse::entry_dec(a, b)
    }
    #[cfg(not(simd))]
    {
        entry_dec_scalar(a, b)
    }
}

/// [`entry_dec`] lane by lane (portable form).
#[cfg_attr(simd, allow(dead_code))]
#[inline(always)]
pub(super) fn entry_dec_scalar(a: &Entry, b: &Entry) -> u16 {
    let mut m = 0u16;
    for j in 0..DEC_BITS as usize {
        m |= u16::from(b[j] < a[j]) << j;
    }
    m
}

pub(super) fn build_dec_tables() -> DecTables {
    let t = tables();
    let mut suit = vec![0u128; SUIT_STATES];
    let mut d = [0u8; 9];
    for (idx, slot) in suit.iter_mut().enumerate() {
        if idx > 0 {
            // Odometer increment of the base-5 digits.
            let mut n = 0;
            while d[n] == 4 {
                d[n] = 0;
                n += 1;
            }
            d[n] += 1;
        }
        let e = t.suit(idx);
        let mut w = 0u128;
        for n in 0..9 {
            if d[n] < 4 {
                w |= u128::from(entry_dec(e, t.suit(idx + POW5[n] as usize))) << (DEC_BITS * n as u32);
            }
        }
        *slot = w;
    }
    const WEIGHT: [usize; 5] = [0, 1, 8, 64, 512];
    let mut honour = vec![[0u16; 4]; 4096];
    for n1 in 0..8usize {
        for n2 in 0..8 - n1 {
            for n3 in 0..8 - n1 - n2 {
                for n4 in 0..8 - n1 - n2 - n3 {
                    let held = [7 - n1 - n2 - n3 - n4, n1, n2, n3];
                    let key = n1 + 8 * n2 + 64 * n3 + 512 * n4;
                    for n in 0..4 {
                        if held[n] > 0 {
                            let up = key - WEIGHT[n] + WEIGHT[n + 1];
                            honour[key][n] = entry_dec(t.honour(key), t.honour(up));
                        }
                    }
                }
            }
        }
    }
    DecTables { suit: suit.into_boxed_slice(), honour: honour.into_boxed_slice() }
}

#[inline]
pub(super) fn dec_tables() -> &'static DecTables {
    DEC_TABLES.get_or_init(build_dec_tables)
}

/// Kinds of unrestricted group `g` whose draw lowers the fewest missing tiles of `h`, as a bit
/// mask over the 34 kinds: those whose [`DecTables`] mask meets `tight` (the entries of the
/// group that attain the minimum with the rest of the hand).
#[inline(always)]
pub(super) fn lowering_draws(dt: &DecTables, h: &Counts, g: usize, tight: u16) -> u64 {
    let mut out = 0u64;
    if tight == 0 {
        return 0;
    }
    if g < 3 {
        let w = dt.suit[suit_index(&h[g * 9..g * 9 + 9])];
        for n in 0..9 {
            if (w >> (DEC_BITS * n as u32)) as u16 & (DEC_MASK as u16) & tight != 0 {
                out |= 1 << (g * 9 + n);
            }
        }
    } else {
        let m = &dt.honour[honour_key(&h[27..N_KINDS])];
        let lower = [m[0] & tight != 0, m[1] & tight != 0, m[2] & tight != 0, m[3] & tight != 0];
        for k in 27..N_KINDS {
            if h[k] < 4 && lower[h[k] as usize] {
                out |= 1 << k;
            }
        }
    }
    out
}

/// Entries `(s, p)` (bit `2 s + p`, `s <= need`) where `plus` is below `base`.
#[inline(always)]
pub(super) fn dec_mask(plus: &Table, base: &Table, need: usize) -> u16 {
    let mut m = 0u16;
    for s in 0..=need {
        for p in 0..2 {
            m |= u16::from(plus[s][p] < base[s][p]) << (2 * s + p);
        }
    }
    m
}

/// Entries `(s, p)` of a group's table `t` that reach `missing` with the rest of the hand:
/// `rest[need - s][1 - p] + t[s][p] == missing`.
#[inline(always)]
pub(super) fn tight_mask(rest: &Table, t: &Table, need: usize, missing: u8) -> u16 {
    let mut m = 0u16;
    for s in 0..=need {
        for p in 0..2 {
            m |= u16::from(rest[need - s][1 - p].saturating_add(t[s][p]) == missing) << (2 * s + p);
        }
    }
    m
}

/// The entry compare on SSE2 (baseline on x86_64). Compiled for the tests on any x86_64
/// build (they compare it with the scalar form).
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
pub(crate) mod sse {
    use super::{Entry, DEC_BITS};
    use std::arch::x86_64::*;

    use crate::analysis::simd::ld;

    /// [`super::entry_dec`]: one compare of the two entries.
    #[inline(always)]
    pub(crate) fn entry_dec(a: &Entry, b: &Entry) -> u16 {
        // SAFETY: SSE2 is part of the x86_64 baseline; the loads read two 16-byte arrays.
        unsafe {
            let (va, vb) = (ld(a), ld(b));
            // b < a (unsigned) <=> min(a, b) == b and a != b
            let lt = _mm_andnot_si128(_mm_cmpeq_epi8(va, vb), _mm_cmpeq_epi8(_mm_min_epu8(va, vb), vb));
            (_mm_movemask_epi8(lt) as u32 & ((1 << DEC_BITS) - 1)) as u16
        }
    }
}
