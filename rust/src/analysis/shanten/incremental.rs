//! Incremental shanten and ukeire for the built-in agents (HK §14a), equal to
//! [`crate::analysis::advise::rate_discards`] and [`crate::analysis::shanten::shanten`] but cheaper per decision.
//!
//! What makes it cheap (every value is the same as the reference; the tests cross-check them on
//! thousands of random hands with declared sets):
//! - **Only the changed groups are looked up.** A hand is four groups (three suits, honours),
//!   each summarised by a table "fewest missing tiles for `s` sets and `p` pairs". Discarding `d`
//!   changes the group of `d` only; drawing `t` after it changes the group of `t` only. The table
//!   of "this hand plus one `t`" does not depend on the discard when `t` lies in another group, so
//!   it is looked up once per decision (34 lookups), not once per discard (~14 × 34).
//! - **No lookup per draw.** Which table entries one more tile of each kind lowers is itself
//!   tabled for every group configuration (`DecTables`, built once per process beside the
//!   lookup tables: 31 MB), so the ukeire of a discard costs one table read per group and a
//!   few bit operations per draw, not a lookup and a knapsack per draw.
//! - **Ukeire only where it can decide.** The greedy policy takes the lowest shanten first, so
//!   the ukeire of a discard with a higher shanten is never read: [`Evaluator::rate`] computes it
//!   only for the discards of the lowest shanten (unless asked for all, as the tests do).
//! - **Seven pairs and thirteen orphans incrementally.** Their closed forms depend on how many
//!   kinds are held 0, 1 or 2+ times; a draw changes one kind, so each candidate costs O(1), and
//!   the draws that lower them are one bit mask per class of kinds.
//! - **Groups restricted by own declared sets** (a kind with copies in an own set may be used
//!   fewer than four times) cannot use the lookup tables; their tables come from the dynamic
//!   programme of `analysis/shanten.rs` (here on SSE2 registers), kept in a small direct-mapped cache
//!   owned by the evaluator and handed on to the next evaluator of the thread. The cache only
//!   saves time: a hit returns exactly what the programme would compute (the key is the whole
//!   input: group, sets needed, counts and caps), and it is never iterated.
//! - **Vector knapsacks.** Combining the groups' tables (`rests`) is a few SSE2 operations per
//!   set count; other targets (and x86_64 with the `scalar` feature) use the scalar code,
//!   which the tests compare with the SSE2 code on every x86_64 build.

#![allow(clippy::needless_range_loop)] // kinds are indices by nature

use crate::analysis::decompose::{held_counts, ShapeRules, MAX_SETS, ORPHANS};
use crate::analysis::shanten::{caps, check_size, finish_with, group_table, missing_of, Table};
use crate::analysis::tables::{honour_key, suit_index, tables, Entry, POW5, SUIT_STATES};
use crate::error::Result;
use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::N_KINDS;
use std::sync::OnceLock;

/// log2 of the number of cache slots (65,536 slots of 24 bytes, 1.5 MB).
const CACHE_BITS: u32 = 16;
const EMPTY_KEY: u64 = u64::MAX;

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    table: Table,
}

/// One discard rated: the shanten after it and, when computed, its ukeire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating {
    /// The discarded kind, 0..33.
    pub kind: u8,
    /// Shanten of the 13-equivalent hand after the discard.
    pub shanten: i8,
    /// Sum of `unseen[t]` over kinds `t` whose draw lowers `shanten` (`None` when not computed).
    pub ukeire: Option<u32>,
}

/// Shanten and ukeire evaluator with its cache of restricted group tables. One per thread (it
/// is cheap to create: a 1.5 MB buffer, reused from the last evaluator dropped on the thread).
pub struct Evaluator {
    cache: Vec<Slot>,
}

std::thread_local! {
    /// The cache of the last evaluator dropped on this thread: the simulation creates agents
    /// per task of a few deals, and a warm cache saves recomputing the same restricted tables.
    /// Reusing it changes no value (a hit equals what the programme computes).
    static SPARE_CACHE: std::cell::RefCell<Option<Vec<Slot>>> = const { std::cell::RefCell::new(None) };
}

impl Drop for Evaluator {
    fn drop(&mut self) {
        let cache = std::mem::take(&mut self.cache);
        // During thread teardown the slot may be gone: then the buffer is simply freed.
        let _ = SPARE_CACHE.try_with(|c| *c.borrow_mut() = Some(cache));
    }
}

impl Default for Evaluator {
    fn default() -> Self {
        Self::new()
    }
}

#[inline(always)]
fn group_of_kind(k: usize) -> usize {
    if k < 27 {
        k / 9
    } else {
        3
    }
}

#[inline(always)]
fn group_range(g: usize) -> std::ops::Range<usize> {
    if g < 3 {
        g * 9..g * 9 + 9
    } else {
        27..N_KINDS
    }
}

#[inline(always)]
fn entry_table(e: &Entry) -> Table {
    let mut t = [[0u8; 2]; MAX_SETS + 1];
    for s in 0..=MAX_SETS {
        t[s] = [e[2 * s], e[2 * s + 1]];
    }
    t
}

/// Table of an unrestricted group from the lookup tables (counts `<= 4`).
#[inline(always)]
fn lookup(h: &Counts, g: usize) -> Table {
    let t = tables();
    if g < 3 {
        entry_table(t.suit(suit_index(&h[g * 9..g * 9 + 9])))
    } else {
        entry_table(t.honour(honour_key(&h[27..N_KINDS])))
    }
}

/// Bits per kind in a suit's word of [`DecTables`]: one per table entry `(s, p)`.
const DEC_BITS: u32 = 2 * (MAX_SETS as u32 + 1);
const DEC_MASK: u128 = (1 << DEC_BITS) - 1;

/// What one more tile does to an unrestricted group's table, for every group configuration:
/// bit `2 s + p` of the mask of kind `k` is set when the table of `h + e_k` is lower than the
/// table of `h` at `(s, p)` (never by more than one: one tile covers one missing tile). With it
/// the ukeire of a discard needs no lookup per draw: a draw lowers the fewest missing tiles iff
/// its mask meets the entries that attain the minimum (see [`tight_mask`]).
struct DecTables {
    /// By suit index: nine masks of [`DEC_BITS`] bits, kind `n` of the suit at bit `DEC_BITS * n`
    /// (empty for a kind held four times).
    suit: Box<[u128]>,
    /// By honour key: the mask of one more copy of an honour kind held `n` times, `n` in 0..=3
    /// (the honours' table depends only on how many kinds are held 0..4 times).
    honour: Box<[[u16; 4]]>,
}

static DEC_TABLES: OnceLock<DecTables> = OnceLock::new();

/// Bits `2 s + p` (all `s`) where entry `b` is below entry `a`.
#[inline(always)]
fn entry_dec(a: &Entry, b: &Entry) -> u16 {
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
fn entry_dec_scalar(a: &Entry, b: &Entry) -> u16 {
    let mut m = 0u16;
    for j in 0..DEC_BITS as usize {
        m |= u16::from(b[j] < a[j]) << j;
    }
    m
}

fn build_dec_tables() -> DecTables {
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
fn dec_tables() -> &'static DecTables {
    DEC_TABLES.get_or_init(build_dec_tables)
}

/// Kinds of unrestricted group `g` whose draw lowers the fewest missing tiles of `h`, as a bit
/// mask over the 34 kinds: those whose [`DecTables`] mask meets `tight` (the entries of the
/// group that attain the minimum with the rest of the hand).
#[inline(always)]
fn lowering_draws(dt: &DecTables, h: &Counts, g: usize, tight: u16) -> u64 {
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

const INF: u8 = 99;

/// Sixteen lanes `2 s + p` (sets `s` 0..=7, pair `p`): fewest missing tiles, `INF` if none.
type Lanes = [u8; 16];
const NO_LANES: Lanes = [INF; 16];

/// `v` with `k` more sets: lane `2 (s + k) + p` takes lane `2 s + p`.
#[inline(always)]
fn more_sets(v: &Lanes, k: usize) -> Lanes {
    // One 16-byte window of INF ‖ v: a fixed-size copy at a variable offset (no memmove call).
    let mut buf = [INF; 32];
    buf[16..].copy_from_slice(v);
    let mut out = NO_LANES;
    out.copy_from_slice(&buf[16 - 2 * k..32 - 2 * k]);
    out
}

/// `v` with the pair made: lane `2 s + 1` takes lane `2 s`; lanes without a pair are empty.
#[inline(always)]
fn with_pair(v: &Lanes) -> Lanes {
    let mut out = NO_LANES;
    for s in 0..8 {
        out[2 * s + 1] = v[2 * s];
    }
    out
}

#[inline(always)]
fn add_min(out: &mut Lanes, v: &Lanes, cost: u8) {
    for j in 0..16 {
        out[j] = out[j].min(v[j].saturating_add(cost));
    }
}

/// For each group, the knapsack of the other three groups' tables for `need` sets: the values
/// of [`crate::analysis::shanten::rests`] at every `s <= need` (tested), on SSE2 where available.
#[inline]
fn fast_rests(ts: &[Table; 4], need: usize) -> [Table; 4] {
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

/// The knapsack of group tables on SSE2 (baseline on x86_64): a table is one 16-byte register,
/// lane `2 s + p`. Sums saturate and are minimised from INF exactly as `shanten::combine` does,
/// so every lane `s <= N` holds the same value. Compiled for the tests on any x86_64 build (they
/// compare it with the scalar forms).
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
mod sse {
    use super::{Entry, Table, DEC_BITS, INF, MAX_SETS};
    use std::arch::x86_64::*;

    use crate::analysis::simd::ld;
    type L = crate::analysis::simd::Lanes<INF>;

    /// [`super::entry_dec`]: one compare of the two entries.
    #[inline(always)]
    pub(super) fn entry_dec(a: &Entry, b: &Entry) -> u16 {
        // SAFETY: SSE2 is part of the x86_64 baseline; the loads read two 16-byte arrays.
        unsafe {
            let (va, vb) = (ld(a), ld(b));
            // b < a (unsigned) <=> min(a, b) == b and a != b
            let lt = _mm_andnot_si128(_mm_cmpeq_epi8(va, vb), _mm_cmpeq_epi8(_mm_min_epu8(va, vb), vb));
            (_mm_movemask_epi8(lt) as u32 & ((1 << DEC_BITS) - 1)) as u16
        }
    }

    #[inline(always)]
    unsafe fn load(t: &Table) -> __m128i {
        let mut a = [INF; 16];
        a[..2 * (MAX_SETS + 1)].copy_from_slice(t.as_flattened());
        ld(&a)
    }

    #[inline(always)]
    unsafe fn store(v: __m128i) -> Table {
        let mut a = [0u8; 16];
        _mm_storeu_si128(a.as_mut_ptr() as *mut __m128i, v);
        let mut t = [[0u8; 2]; MAX_SETS + 1];
        t.as_flattened_mut().copy_from_slice(&a[..2 * (MAX_SETS + 1)]);
        t
    }

    /// Lane `2 s + p` (`s <= N`): fewest missing for `s` sets, `p` pairs from both groups.
    #[inline(always)]
    unsafe fn combine<const N: usize>(x: __m128i, y: __m128i) -> __m128i {
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

    /// [`super::capped_suit_scalar`] with each 16-lane vector in one register: the same
    /// transitions, saturating sums and minima, so the same table.
    pub(super) fn capped_suit(h: &[u8], cap: &[u8], need: usize) -> Table {
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
                let capn = cap[n] as usize;
                let max_chow = if n <= 6 { 2 } else { 0 };
                for a in 0..3usize {
                    for b in 0..3usize {
                        if a + b > capn {
                            continue;
                        }
                        let v = cur[a][b];
                        if _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, inf), inf)) == 0xFFFF {
                            continue; // every lane unreachable
                        }
                        let vp = L::with_pair(v);
                        for pung in 0..2usize {
                            for pair in 0..2usize {
                                let src = if pair == 1 { vp } else { v };
                                for c in 0..=max_chow {
                                    let t = a + b + c + 3 * pung + 2 * pair;
                                    if t > capn {
                                        break;
                                    }
                                    let cost = _mm_set1_epi8(t.saturating_sub(hn) as i8);
                                    next[b][c] = _mm_min_epu8(next[b][c], _mm_adds_epu8(L::up(src, c + pung), cost));
                                }
                            }
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

    #[inline(always)]
    pub(super) fn rests<const N: usize>(ts: &[Table; 4]) -> [Table; 4] {
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
}

/// The table of one suit whose caps are restricted by own declared sets: the dynamic
/// programme of `analysis/shanten.rs` (kind by kind; state = chows started one and two kinds back; the
/// table over sets and pair carried as one 16-lane vector, so each transition is one shifted
/// add-and-min the compiler vectorises) with at most **two** chows started at any kind. That
/// loses nothing: the fewest missing tiles depends only on the target's multiset of tiles,
/// and three equal chows `k, k+1, k+2` are the same tiles as the pungs of `k`, `k+1`, `k+2`
/// (a pung of one of those kinds besides them would need six copies). Equal to
/// `shanten::group_table` (tested on random suits and caps).
#[cfg_attr(simd, allow(dead_code))]
fn capped_suit_scalar(h: &[u8], cap: &[u8], need: usize) -> Table {
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
fn capped_suit(h: &[u8], cap: &[u8], need: usize) -> Table {
    #[cfg(simd)]
    {
        sse::capped_suit(h, cap, need)
    }
    #[cfg(not(simd))]
    {
        capped_suit_scalar(h, cap, need)
    }
}

/// Counts behind the closed forms of seven pairs, thirteen orphans and eight and a half pairs
/// (TW §9.2).
#[derive(Clone, Copy)]
struct Special {
    singles: u8,
    pairs: u8,
    orphans_absent: u8,
    orphan_pairs: u8,
    /// Kinds held 0, 1, 2, 3 or more times.
    by_class: [u8; 4],
}

const ORPHAN_BITS: u64 = {
    let mut m = 0u64;
    let mut j = 0;
    while j < ORPHANS.len() {
        m |= 1 << ORPHANS[j];
        j += 1;
    }
    m
};

impl Special {
    fn of(h: &Counts) -> Special {
        let mut s = Special { singles: 0, pairs: 0, orphans_absent: 0, orphan_pairs: 0, by_class: [0; 4] };
        for k in 0..N_KINDS {
            let n = h[k];
            s.by_class[n.min(3) as usize] += 1;
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
    fn plus(mut self, k: usize, n: u8) -> Special {
        self.by_class[n.min(3) as usize] -= 1;
        self.by_class[(n + 1).min(3) as usize] += 1;
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
    fn minus(mut self, k: usize, n: u8) -> Special {
        self.by_class[n.min(3) as usize] -= 1;
        self.by_class[(n - 1).min(3) as usize] += 1;
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
    fn missing(&self, rules: &ShapeRules) -> u8 {
        let mut best = u8::MAX;
        if rules.seven_pairs {
            let t0 = self.pairs.min(7);
            let t1 = (7 - t0).min(self.singles);
            best = t1 + 2 * (7 - t0 - t1);
        }
        if rules.thirteen_orphans {
            best = best.min(self.orphans_absent + (self.orphan_pairs == 0) as u8);
        }
        if rules.eight_half_pairs {
            best = best.min(crate::analysis::shanten::eight_half_pairs_from_classes(self.by_class));
        }
        best
    }
}

/// The per-hand facts every evaluation needs: caps, which groups are restricted, sets needed.
struct Shape {
    cap: Counts,
    restricted: [bool; 4],
    need: usize,
    /// Seven pairs / thirteen orphans (no declared set, 14-tile shape) or eight and a half
    /// pairs (no declared set, 17-tile shape) apply.
    special: bool,
}

impl Shape {
    fn new(held: &Counts, concealed: &Counts, n_melds: usize, rules: &ShapeRules) -> Shape {
        let cap = caps(held, concealed);
        let mut restricted = [false; 4];
        for g in 0..4 {
            restricted[g] = cap[group_range(g)].iter().any(|&c| c != 4);
        }
        let need = rules.n_sets - n_melds;
        let size = 3 * need + 2;
        let special =
            n_melds == 0 && (size == 14 && (rules.seven_pairs || rules.thirteen_orphans) || size == 17 && rules.eight_half_pairs);
        Shape { cap, restricted, need, special }
    }
}

/// Entries `(s, p)` (bit `2 s + p`, `s <= need`) where `plus` is below `base`.
#[inline(always)]
fn dec_mask(plus: &Table, base: &Table, need: usize) -> u16 {
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
fn tight_mask(rest: &Table, t: &Table, need: usize, missing: u8) -> u16 {
    let mut m = 0u16;
    for s in 0..=need {
        for p in 0..2 {
            m |= u16::from(rest[need - s][1 - p].saturating_add(t[s][p]) == missing) << (2 * s + p);
        }
    }
    m
}

impl Evaluator {
    /// A new evaluator (builds the lookup tables if nothing has yet).
    pub fn new() -> Self {
        tables();
        dec_tables();
        let spare = SPARE_CACHE.try_with(|c| c.borrow_mut().take()).ok().flatten();
        let cache = spare.unwrap_or_else(|| vec![Slot { key: EMPTY_KEY, table: [[0; 2]; MAX_SETS + 1] }; 1 << CACHE_BITS]);
        Evaluator { cache }
    }

    /// Table of group `g` of `h` given the caps: lookup tables when unrestricted, else the
    /// dynamic programme through the cache.
    #[inline(always)]
    fn table(&mut self, h: &Counts, sh: &Shape, g: usize) -> Table {
        if !sh.restricted[g] {
            return lookup(h, g);
        }
        // Key: counts and caps in base 5 (7 or 9 digits each, < 2^21), sets needed, group.
        let r = group_range(g);
        let (mut hc, mut cc) = (0u64, 0u64);
        for k in r {
            hc = hc * 5 + h[k] as u64;
            cc = cc * 5 + sh.cap[k] as u64;
        }
        let key = hc | cc << 21 | (sh.need as u64) << 42 | (g as u64) << 45;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS)) as usize;
        let s = &mut self.cache[slot];
        if s.key != key {
            let table = if g < 3 {
                capped_suit(&h[g * 9..g * 9 + 9], &sh.cap[g * 9..g * 9 + 9], sh.need)
            } else {
                group_table(h, &sh.cap, g, sh.need)
            };
            *s = Slot { key, table };
        }
        s.table
    }

    fn shanten_with(&mut self, h: &Counts, sh: &Shape, rules: &ShapeRules) -> i8 {
        let mut ts = [[[0u8; 2]; MAX_SETS + 1]; 4];
        for g in 0..4 {
            ts[g] = self.table(h, sh, g);
        }
        let mut missing = missing_of(&ts, sh.need);
        if sh.special {
            missing = missing.min(Special::of(h).missing(rules));
        }
        missing as i8 - 1
    }

    /// Shanten of a 13- or 14-equivalent hand (HK §14a), equal to
    /// [`crate::analysis::shanten::shanten`]. Errors (`InvalidHand`): a fifth copy, a wrong size.
    pub fn shanten(&mut self, concealed: &Counts, melds: &[Meld], rules: &ShapeRules) -> Result<i8> {
        crate::analysis::decompose::check_rules(rules)?;
        let held = held_counts(concealed, melds)?;
        check_size(concealed, melds, rules, &[1, 2])?;
        let sh = Shape::new(&held, concealed, melds.len(), rules);
        Ok(self.shanten_with(concealed, &sh, rules))
    }

    /// Rate every discard of a 14-equivalent hand into `out` (cleared first; ascending kind):
    /// the shanten after it and, for the discards of the lowest shanten when there are two or
    /// more of them (all discards when `all_ukeire`), the ukeire over `unseen`. Unless
    /// `all_ukeire`, a discard that cannot reach the lowest shanten may carry a lower bound of
    /// its shanten (still above the lowest) instead of the exact value. Same values as
    /// [`crate::analysis::advise::rate_discards`]. Returns the lowest shanten.
    ///
    /// Errors (`InvalidHand`): wrong size, a fifth copy (counting own sets).
    pub fn rate(
        &mut self,
        concealed: &Counts,
        melds: &[Meld],
        unseen: &Counts,
        rules: &ShapeRules,
        all_ukeire: bool,
        out: &mut Vec<Rating>,
    ) -> Result<i8> {
        crate::analysis::decompose::check_rules(rules)?;
        let held = held_counts(concealed, melds)?;
        check_size(concealed, melds, rules, &[2])?;
        let sh = Shape::new(&held, concealed, melds.len(), rules);
        let need = sh.need;
        out.clear();
        let mut h = *concealed;
        let mut base = [[[0u8; 2]; MAX_SETS + 1]; 4];
        for g in 0..4 {
            base[g] = self.table(&h, &sh, g);
        }
        // Pass 1: shanten after each discard: one lookup and one `finish` against the
        // knapsack of the other three groups each. In a group restricted by own sets the exact
        // table costs a dynamic programme, and the lookup is a lower bound: the exact value is
        // needed only while that bound does not exceed the best shanten found (unless every
        // rating is asked for), so the bounds are resolved lowest first.
        let rest0 = fast_rests(&base, need);
        let spec14 = if sh.special { Some(Special::of(&h)) } else { None };
        let mut after = [[[0u8; 2]; MAX_SETS + 1]; N_KINDS];
        let mut best = i8::MAX;
        let mut pending: [(i8, u8); N_KINDS] = [(0, 0); N_KINDS];
        let mut n_pending = 0;
        for d in 0..N_KINDS {
            if h[d] == 0 {
                continue;
            }
            h[d] -= 1;
            let gd = group_of_kind(d);
            let s = if sh.restricted[gd] && !all_ukeire {
                let bound = finish_with(&rest0[gd], &lookup(&h, gd), need) as i8 - 1;
                pending[n_pending] = (bound, out.len() as u8);
                n_pending += 1;
                bound
            } else {
                after[d] = self.table(&h, &sh, gd);
                let mut missing = finish_with(&rest0[gd], &after[d], need);
                if let Some(sp) = spec14 {
                    missing = missing.min(sp.minus(d, h[d] + 1).missing(rules));
                }
                let s = missing as i8 - 1;
                best = best.min(s);
                s
            };
            h[d] += 1;
            out.push(Rating { kind: d as u8, shanten: s, ukeire: None });
        }
        let pending = &mut pending[..n_pending];
        pending.sort_unstable();
        for &(bound, i) in pending.iter() {
            if bound > best {
                break; // this one and the rest stay lower bounds above the best
            }
            let r = &mut out[i as usize];
            let d = r.kind as usize;
            let gd = group_of_kind(d);
            h[d] -= 1;
            after[d] = self.table(&h, &sh, gd);
            h[d] += 1;
            // restricted groups only occur with declared sets: no special shapes here
            r.shanten = finish_with(&rest0[gd], &after[d], need) as i8 - 1;
            best = best.min(r.shanten);
        }
        // Pass 2: ukeire where it is read. A draw changes the standard missing count by 0 or
        // -1 (one more tile never costs, and helps at most one target tile), and the special
        // shapes by their closed forms. A draw lowers the standard count iff its group's table
        // gets lower at an entry (sets, pair) that is *tight*: that attains the minimum together
        // with the other groups (`rest`). For an unrestricted group the entries one more tile
        // lowers come from [`DecTables`] (no lookup per draw). For a restricted group, a draw
        // `t` outside the discard's group lowers entries that do not depend on the discard:
        // `dec[t]`, computed once per decision.
        let dt = dec_tables();
        let mut avail = 0u64;
        // Kinds held 0, 1 and 2+ times before the discard (for the special shapes).
        let mut class14 = [0u64; 4];
        for t in 0..N_KINDS {
            avail |= u64::from(unseen[t] > 0 && held[t] < 4) << t;
            class14[h[t].min(3) as usize] |= 1 << t;
        }
        let mut dec = [0u16; N_KINDS];
        let mut dec_done = 0u64;
        // With one discard of the lowest shanten its ukeire decides nothing: the greedy
        // choice is that discard whatever the counts (left `None` unless all are asked for).
        let tied = out.iter().filter(|r| r.shanten == best).count();
        for r in out.iter_mut() {
            if !(all_ukeire || (r.shanten == best && tied > 1)) {
                continue;
            }
            let d = r.kind as usize;
            let gd = group_of_kind(d);
            h[d] -= 1;
            let mut ts = base;
            ts[gd] = after[d];
            let rest = fast_rests(&ts, need);
            let std_d = finish_with(&rest[gd], &ts[gd], need);
            let spec = spec14.map(|sp| sp.minus(d, h[d] + 1));
            let all_d = (r.shanten + 1) as u8; // fewest missing over every shape
                                               // Kinds whose draw lowers the standard count (only read when it is the minimum).
            let mut lowering = 0u64;
            if std_d == all_d {
                for g in 0..4 {
                    let tight = tight_mask(&rest[g], &ts[g], need, std_d);
                    if !sh.restricted[g] {
                        lowering |= lowering_draws(dt, &h, g, tight);
                        continue;
                    }
                    for t in group_range(g) {
                        // After the discard the player holds held[t] - [t == d] copies of t.
                        if held[t] - u8::from(t == d) >= 4 || unseen[t] == 0 {
                            continue;
                        }
                        // A restricted group's exact table is at least the unrestricted one
                        // (fewer targets), so when the lookup already shows no gain the
                        // programme is skipped: only candidates the bound cannot rule out pay.
                        let bound_rules_out = |h: &Counts| finish_with(&rest[g], &lookup(h, g), need) >= std_d;
                        let lower = if g != gd {
                            if dec_done >> t & 1 == 0 {
                                h[t] += 1;
                                let x = if bound_rules_out(&h) { None } else { Some(self.table(&h, &sh, g)) };
                                h[t] -= 1;
                                match x {
                                    Some(x) => {
                                        dec[t] = dec_mask(&x, &base[g], need);
                                        dec_done |= 1 << t;
                                        dec[t] & tight != 0
                                    }
                                    None => false,
                                }
                            } else {
                                dec[t] & tight != 0
                            }
                        } else if t == d {
                            finish_with(&rest[g], &base[gd], need) < std_d
                        } else {
                            h[t] += 1;
                            let lower = !bound_rules_out(&h) && {
                                let x = self.table(&h, &sh, g);
                                finish_with(&rest[g], &x, need) < std_d
                            };
                            h[t] -= 1;
                            lower
                        };
                        lowering |= u64::from(lower) << t;
                    }
                }
            }
            if let Some(sp) = spec {
                // The special shapes' closed forms depend on a drawn kind only through how many
                // copies are held (0, 1, 2, 3+: eight and a half pairs, TW §9.2, tells a pair
                // from a pung) and whether it is an orphan.
                let mut class = class14;
                let n = h[d] as usize + 1; // copies before the discard
                if n <= 3 {
                    class[n] &= !(1 << d);
                    class[n - 1] |= 1 << d;
                }
                for (c, &m) in class.iter().enumerate() {
                    // Kind 0 (1m) stands for the orphans, kind 1 (2m) for the others; a class
                    // without such kinds is skipped (its counts could not be updated).
                    for (rep, m) in [(0, m & ORPHAN_BITS), (1, m & !ORPHAN_BITS)] {
                        if m != 0 && sp.plus(rep, c as u8).missing(rules) < all_d {
                            lowering |= m;
                        }
                    }
                }
            }
            // Draws possible after the discard: unseen, and not held four times (the discard
            // itself is held at most three times now).
            let mut bits = lowering & (avail | u64::from(unseen[d] > 0) << d);
            let mut ukeire = 0u32;
            while bits != 0 {
                ukeire += unseen[bits.trailing_zeros() as usize] as u32;
                bits &= bits - 1;
            }
            h[d] += 1;
            r.ukeire = Some(ukeire);
        }
        Ok(best)
    }
}

#[cfg(test)]
pub(crate) mod tests;
