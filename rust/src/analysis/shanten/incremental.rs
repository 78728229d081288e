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
//!   programme of `programme.rs` (on SSE2 registers where available), kept in a small direct-mapped cache
//!   owned by the evaluator and handed on to the next evaluator of the thread. The cache only
//!   saves time: a hit returns exactly what the programme would compute (the key is the whole
//!   input: group, sets needed, counts and caps), and it is never iterated.
//! - **Vector knapsacks.** Combining the groups' tables (`rests`) is a few SSE2 operations per
//!   set count; other targets (and x86_64 with the `scalar` feature) use the scalar code,
//!   which the tests compare with the SSE2 code on every x86_64 build.

#![allow(clippy::needless_range_loop)] // kinds are indices by nature

use super::knapsack::{fast_rests, finish_with, missing_of};
use super::lookup::{dec_mask, dec_tables, group_of_kind, group_range, lookup, lowering_draws, tight_mask};
use super::programme::{group_table, Table};
use super::special::{Special, ORPHAN_BITS};
use super::{caps, check_size};
use crate::analysis::decompose::{held_counts, ShapeRules, MAX_SETS};
use crate::analysis::tables::tables;
use crate::error::Result;
use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::N_KINDS;

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
    /// Those kinds as a mask (bit `t`; unseen and not held four times), when `ukeire` is
    /// computed; 0 otherwise.
    pub draws: u64,
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
            *s = Slot { key, table: group_table(h, &sh.cap, g, sh.need) };
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

    /// Pass 1 of [`Evaluator::rate`]: the shanten after each discard of `h` (restored on
    /// return) into `out`, `after` the table of the discard's group; exact for every discard
    /// when `exact`, else a discard that cannot reach the lowest may keep a lower bound above
    /// it. Returns the lowest shanten.
    #[allow(clippy::too_many_arguments)]
    fn discard_shanten(
        &mut self,
        h: &mut Counts,
        sh: &Shape,
        base: &[Table; 4],
        spec14: Option<Special>,
        rules: &ShapeRules,
        exact: bool,
        out: &mut Vec<Rating>,
        after: &mut [Table; N_KINDS],
    ) -> i8 {
        // Pass 1: shanten after each discard: one lookup and one `finish` against the
        // knapsack of the other three groups each. In a group restricted by own sets the exact
        // table costs a dynamic programme, and the lookup is a lower bound: the exact value is
        // needed only while that bound does not exceed the best shanten found (unless `exact`),
        // so the bounds are resolved lowest first.
        let need = sh.need;
        let rest0 = fast_rests(base, need);
        let mut best = i8::MAX;
        let mut pending: [(i8, u8); N_KINDS] = [(0, 0); N_KINDS];
        let mut n_pending = 0;
        for d in 0..N_KINDS {
            if h[d] == 0 {
                continue;
            }
            h[d] -= 1;
            let gd = group_of_kind(d);
            let s = if sh.restricted[gd] && !exact {
                let bound = finish_with(&rest0[gd], &lookup(h, gd), need) as i8 - 1;
                pending[n_pending] = (bound, out.len() as u8);
                n_pending += 1;
                bound
            } else {
                after[d] = self.table(h, sh, gd);
                let mut missing = finish_with(&rest0[gd], &after[d], need);
                if let Some(sp) = spec14 {
                    missing = missing.min(sp.minus(d, h[d] + 1).missing(rules));
                }
                let s = missing as i8 - 1;
                best = best.min(s);
                s
            };
            h[d] += 1;
            out.push(Rating { kind: d as u8, shanten: s, ukeire: None, draws: 0 });
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
            after[d] = self.table(h, sh, gd);
            h[d] += 1;
            // restricted groups only occur with declared sets: no special shapes here
            r.shanten = finish_with(&rest0[gd], &after[d], need) as i8 - 1;
            best = best.min(r.shanten);
        }
        best
    }

    /// The checks of a 14-equivalent hand and what every rating of it starts from: the held
    /// counts (own sets included), the shape, each group's table.
    fn prepare14(&mut self, concealed: &Counts, melds: &[Meld], rules: &ShapeRules) -> Result<(Counts, Shape, [Table; 4])> {
        crate::analysis::decompose::check_rules(rules)?;
        let held = held_counts(concealed, melds)?;
        check_size(concealed, melds, rules, &[2])?;
        let sh = Shape::new(&held, concealed, melds.len(), rules);
        let mut base = [[[0u8; 2]; MAX_SETS + 1]; 4];
        for g in 0..4 {
            base[g] = self.table(concealed, &sh, g);
        }
        Ok((held, sh, base))
    }

    /// The exact shanten after each discard of a 14-equivalent hand (HK §14a), into `out`
    /// (cleared first; ascending kind; `ukeire` None): the shanten of [`Evaluator::rate`] with
    /// every rating asked for, without the ukeire. Returns the lowest.
    ///
    /// Errors (`InvalidHand`): wrong size, a fifth copy (counting own sets).
    pub fn shanten_after_discards(
        &mut self,
        concealed: &Counts,
        melds: &[Meld],
        rules: &ShapeRules,
        out: &mut Vec<Rating>,
    ) -> Result<i8> {
        Ok(self.after_discards(concealed, melds, rules, out)?.1)
    }

    /// [`Evaluator::shanten_after_discards`] and the shanten of the hand as held, from the same
    /// group tables: returns the hand's shanten (-1: complete), equal to
    /// [`Evaluator::shanten`] of it.
    ///
    /// Errors (`InvalidHand`): wrong size, a fifth copy (counting own sets).
    pub fn shanten_and_after_discards(
        &mut self,
        concealed: &Counts,
        melds: &[Meld],
        rules: &ShapeRules,
        out: &mut Vec<Rating>,
    ) -> Result<i8> {
        Ok(self.after_discards(concealed, melds, rules, out)?.0)
    }

    /// The kinds whose discard leaves a 14-equivalent hand ready (shanten 0), as a mask (bit
    /// `k`): the discards of shanten 0 among [`Evaluator::shanten_after_discards`], found with
    /// the lower bounds of [`Evaluator::rate`] (a restricted group's exact table is computed
    /// only where its bound does not already exceed the lowest shanten).
    ///
    /// Errors (`InvalidHand`): wrong size, a fifth copy (counting own sets).
    pub fn ready_discards(
        &mut self,
        concealed: &Counts,
        melds: &[Meld],
        rules: &ShapeRules,
        out: &mut Vec<Rating>,
    ) -> Result<u64> {
        let (_, sh, base) = self.prepare14(concealed, melds, rules)?;
        let mut h = *concealed;
        let spec14 = if sh.special { Some(Special::of(&h)) } else { None };
        out.clear();
        let mut after = [[[0u8; 2]; MAX_SETS + 1]; N_KINDS];
        // a bound left unresolved exceeds the lowest, which is at least 0: never a ready discard
        self.discard_shanten(&mut h, &sh, &base, spec14, rules, false, out, &mut after);
        Ok(out.iter().filter(|r| r.shanten == 0).fold(0u64, |m, r| m | 1 << r.kind))
    }

    /// [`Evaluator::ready_discards`] of the 13-equivalent hand `concealed` plus each drawn kind
    /// `k` of `draws` (a mask), into `out[k]` (other entries untouched). One set of group
    /// tables serves every draw: a draw changes its own group's table only, and the table of
    /// a discard's group after the discard does not depend on a draw in another group.
    ///
    /// Errors (`InvalidHand`): wrong size, a fifth copy (counting own sets), a draw of a kind
    /// held four times or outside 0..33.
    pub fn ready_discards_after_draws(
        &mut self,
        concealed: &Counts,
        melds: &[Meld],
        rules: &ShapeRules,
        draws: u64,
        out: &mut [u64; N_KINDS],
    ) -> Result<()> {
        crate::analysis::decompose::check_rules(rules)?;
        let held = held_counts(concealed, melds)?;
        check_size(concealed, melds, rules, &[1])?;
        if draws >> N_KINDS != 0 || (0..N_KINDS).any(|k| draws >> k & 1 == 1 && held[k] >= 4) {
            return Err(crate::error::MahjongError::hand("a draw of a fifth copy or of no tile kind"));
        }
        // The caps and sets needed do not depend on the concealed counts: one shape for all.
        let sh = Shape::new(&held, concealed, melds.len(), rules);
        let need = sh.need;
        let mut h = *concealed;
        let mut base = [[[0u8; 2]; MAX_SETS + 1]; 4];
        for g in 0..4 {
            base[g] = self.table(&h, &sh, g);
        }
        let spec13 = if sh.special { Some(Special::of(&h)) } else { None };
        // The table of a discard's group after it leaves the hand without the draw, by kind.
        let mut minus = [[[0u8; 2]; MAX_SETS + 1]; N_KINDS];
        let mut minus_done = 0u64;
        let mut bits = draws;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let gk = group_of_kind(k);
            h[k] += 1;
            let mut ts = base;
            ts[gk] = self.table(&h, &sh, gk);
            let rest = fast_rests(&ts, need);
            let spec14 = spec13.map(|sp| sp.plus(k, h[k] - 1));
            let mut ready = 0u64;
            for j in 0..N_KINDS {
                if h[j] == 0 {
                    continue;
                }
                let gj = group_of_kind(j);
                h[j] -= 1;
                // A restricted group's exact table is at least its lookup: a discard the lookup
                // already leaves two tiles short is not ready (no special shapes with sets).
                let ruled_out = sh.restricted[gj] && finish_with(&rest[gj], &lookup(&h, gj), need) > 1;
                let missing = if ruled_out {
                    u8::MAX
                } else {
                    let t = if gj != gk {
                        if minus_done >> j & 1 == 0 {
                            minus[j] = self.table(&h, &sh, gj);
                            minus_done |= 1 << j;
                        }
                        minus[j]
                    } else {
                        self.table(&h, &sh, gj)
                    };
                    let mut missing = finish_with(&rest[gj], &t, need);
                    if let Some(sp) = spec14 {
                        missing = missing.min(sp.minus(j, h[j] + 1).missing(rules));
                    }
                    missing
                };
                h[j] += 1;
                // a 13-equivalent hand is never complete: one tile short is ready
                ready |= u64::from(missing == 1) << j;
            }
            h[k] -= 1;
            out[k] = ready;
        }
        Ok(())
    }

    /// The ratings of both functions above into `out`; returns (the hand's own shanten, the
    /// lowest after a discard).
    fn after_discards(
        &mut self,
        concealed: &Counts,
        melds: &[Meld],
        rules: &ShapeRules,
        out: &mut Vec<Rating>,
    ) -> Result<(i8, i8)> {
        let (_, sh, base) = self.prepare14(concealed, melds, rules)?;
        let mut missing = missing_of(&base, sh.need);
        let mut h = *concealed;
        let spec14 = if sh.special { Some(Special::of(&h)) } else { None };
        if let Some(sp) = spec14.as_ref() {
            missing = missing.min(sp.missing(rules));
        }
        out.clear();
        let mut after = [[[0u8; 2]; MAX_SETS + 1]; N_KINDS];
        let lowest = self.discard_shanten(&mut h, &sh, &base, spec14, rules, true, out, &mut after);
        Ok((missing as i8 - 1, lowest))
    }

    /// Shanten and ukeire of a 13-equivalent hand (HK §14a): (shanten, the sum of `unseen[t]`
    /// over kinds `t` whose draw lowers it, those kinds as a mask — unseen and not held four
    /// times). Equal to [`Evaluator::shanten`] of the hand and of it plus each draw, from the
    /// hand's own group tables: a draw changes one group, and which table entries one more
    /// tile lowers is tabled (restricted groups: one lookup bound, then the programme only
    /// where the bound cannot rule the draw out), as in pass 2 of [`Evaluator::rate`].
    ///
    /// Errors (`InvalidHand`): wrong size, a fifth copy (counting own sets).
    pub fn shanten_and_ukeire(
        &mut self,
        concealed: &Counts,
        melds: &[Meld],
        unseen: &Counts,
        rules: &ShapeRules,
    ) -> Result<(i8, u32, u64)> {
        crate::analysis::decompose::check_rules(rules)?;
        let held = held_counts(concealed, melds)?;
        check_size(concealed, melds, rules, &[1])?;
        let sh = Shape::new(&held, concealed, melds.len(), rules);
        let need = sh.need;
        let mut h = *concealed;
        let mut ts = [[[0u8; 2]; MAX_SETS + 1]; 4];
        for g in 0..4 {
            ts[g] = self.table(&h, &sh, g);
        }
        let rest = fast_rests(&ts, need);
        let std = finish_with(&rest[0], &ts[0], need);
        let spec = if sh.special { Some(Special::of(&h)) } else { None };
        let all = spec.map_or(std, |sp| std.min(sp.missing(rules)));
        let dt = dec_tables();
        let mut lowering = 0u64;
        if std == all {
            for g in 0..4 {
                let tight = tight_mask(&rest[g], &ts[g], need, std);
                if !sh.restricted[g] {
                    lowering |= lowering_draws(dt, &h, g, tight);
                    continue;
                }
                for t in group_range(g) {
                    if held[t] >= 4 || unseen[t] == 0 {
                        continue;
                    }
                    h[t] += 1;
                    // the exact table of a restricted group is at least the lookup's: the
                    // programme runs only where the lookup shows a gain
                    let lower = finish_with(&rest[g], &lookup(&h, g), need) < std && {
                        let x = self.table(&h, &sh, g);
                        finish_with(&rest[g], &x, need) < std
                    };
                    h[t] -= 1;
                    lowering |= u64::from(lower) << t;
                }
            }
        }
        if let Some(sp) = spec {
            // as in `rate`: a drawn kind enters the closed forms only through its class of
            // copies held (0, 1, 2, 3+) and whether it is an orphan
            let mut class = [0u64; 4];
            for t in 0..N_KINDS {
                class[h[t].min(3) as usize] |= 1 << t;
            }
            for (c, &m) in class.iter().enumerate() {
                for (rep, m) in [(0, m & ORPHAN_BITS), (1, m & !ORPHAN_BITS)] {
                    if m != 0 && sp.plus(rep, c as u8).missing(rules) < all {
                        lowering |= m;
                    }
                }
            }
        }
        let mut avail = 0u64;
        for t in 0..N_KINDS {
            avail |= u64::from(unseen[t] > 0 && held[t] < 4) << t;
        }
        let draws = lowering & avail;
        let (mut ukeire, mut bits) = (0u32, draws);
        while bits != 0 {
            ukeire += unseen[bits.trailing_zeros() as usize] as u32;
            bits &= bits - 1;
        }
        Ok((all as i8 - 1, ukeire, draws))
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
        let (held, sh, base) = self.prepare14(concealed, melds, rules)?;
        let need = sh.need;
        out.clear();
        let mut h = *concealed;
        let spec14 = if sh.special { Some(Special::of(&h)) } else { None };
        let mut after = [[[0u8; 2]; MAX_SETS + 1]; N_KINDS];
        let best = self.discard_shanten(&mut h, &sh, &base, spec14, rules, all_ukeire, out, &mut after);
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
            r.draws = bits;
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
