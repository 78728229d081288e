//! An independent brute-force reference for the 16/17-tile analysis (TW §9, §10a; HK §14a
//! conventions) and its cross-check against the table-driven `is_complete`, `waits`, `shanten`
//! and `decompose` on seeded random hands with declared sets.
//!
//! The reference shares no code with the fast paths: completeness is a plain backtracking
//! search over sets; waits try every kind; shanten is a branch-and-bound search over every
//! target hand (sets in canonical order, the pair, eight and a half pairs), its cost the tiles
//! the target needs that the hand lacks, never a fifth copy counting the player's own declared
//! sets.

use crate::analysis::decompose::{decompose, is_complete, Interpretation, TW_SHAPES};
use crate::analysis::shanten::shanten;
use crate::analysis::shanten::tests::{random_hand, XorShift};
use crate::analysis::waits::waits;
use crate::tiles::hand::{Counts, Meld};

/// Sets only, by backtracking on the lowest held kind: a pung of it or a chow starting at it.
fn bf_sets(c: &mut Counts) -> bool {
    let Some(i) = (0..34).find(|&k| c[k] > 0) else { return true };
    if c[i] >= 3 {
        c[i] -= 3;
        let ok = bf_sets(c);
        c[i] += 3;
        if ok {
            return true;
        }
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        let ok = bf_sets(c);
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
        if ok {
            return true;
        }
    }
    false
}

/// TW §9 from the definition: 17 tiles counting declared sets as 3; five sets and a pair, or
/// (no declared set) seven pairs of seven kinds and a pung of an eighth.
fn bf_complete(c: &Counts, n_melds: usize) -> bool {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    if n + 3 * n_melds != 17 || n_melds > 5 {
        return false;
    }
    let mut w = *c;
    for p in 0..34 {
        if w[p] >= 2 {
            w[p] -= 2;
            let ok = bf_sets(&mut w);
            w[p] += 2;
            if ok {
                return true;
            }
        }
    }
    if n_melds == 0 {
        let mut shape: Vec<u8> = c.iter().copied().filter(|&x| x > 0).collect();
        shape.sort_unstable();
        if shape == [2, 2, 2, 2, 2, 2, 2, 3] {
            return true;
        }
    }
    false
}

fn held_of(c: &Counts, melds: &[Meld]) -> Counts {
    let mut h = *c;
    for m in melds {
        for t in m.tiles() {
            h[t.index()] += 1;
        }
    }
    h
}

/// HK §14a / TW §10a waits: every kind not held four times that completes the hand.
fn bf_waits(c: &Counts, melds: &[Meld]) -> Vec<u8> {
    let held = held_of(c, melds);
    (0..34u8)
        .filter(|&t| {
            if held[t as usize] >= 4 {
                return false;
            }
            let mut w = *c;
            w[t as usize] += 1;
            bf_complete(&w, melds.len())
        })
        .collect()
}

/// A candidate set of a target: kinds and the tiles it uses of each.
#[derive(Clone, Copy)]
struct Cand {
    kinds: [usize; 3],
    n: usize,
    per: u8,
}

fn all_sets() -> Vec<Cand> {
    let mut v = Vec::new();
    for k in 0..34 {
        v.push(Cand { kinds: [k, 0, 0], n: 1, per: 3 });
    }
    for s in 0..3 {
        for i in 0..7 {
            let k = 9 * s + i;
            v.push(Cand { kinds: [k, k + 1, k + 2], n: 3, per: 1 });
        }
    }
    v
}

struct Search<'a> {
    h: &'a Counts,
    cap: Counts,
    sets: &'a [Cand],
    target: Counts,
    best: u8,
}

impl Search<'_> {
    /// Extra tiles `c` needs beyond the target so far, or `None` past a cap.
    fn cost(&self, c: &Cand) -> Option<u8> {
        let mut miss = 0u8;
        for &k in &c.kinds[..c.n] {
            let t = self.target[k] + c.per;
            if t > self.cap[k] {
                return None;
            }
            miss += t.saturating_sub(self.h[k]) - self.target[k].saturating_sub(self.h[k]);
        }
        Some(miss)
    }
    fn apply(&mut self, c: &Cand, sign: bool) {
        for &k in &c.kinds[..c.n] {
            if sign {
                self.target[k] += c.per;
            } else {
                self.target[k] -= c.per;
            }
        }
    }
    /// Sets `from` onward in canonical order (non-decreasing index), `left` still to place,
    /// then the pair; `so_far` tiles missing.
    fn go(&mut self, from: usize, left: usize, so_far: u8) {
        if so_far >= self.best {
            return;
        }
        if left == 0 {
            for p in 0..34 {
                if self.target[p] + 2 <= self.cap[p] {
                    let miss = (self.target[p] + 2).saturating_sub(self.h[p]) - self.target[p].saturating_sub(self.h[p]);
                    self.best = self.best.min(so_far + miss);
                }
            }
            return;
        }
        for i in from..self.sets.len() {
            let c = self.sets[i];
            if let Some(m) = self.cost(&c) {
                if so_far + m < self.best {
                    self.apply(&c, true);
                    self.go(i, left - 1, so_far + m);
                    self.apply(&c, false);
                }
            }
        }
    }
}

/// Shanten from its definition (HK §14a with TW §9): min over complete targets of the tiles
/// missing, minus one.
fn bf_shanten(c: &Counts, melds: &[Meld]) -> i8 {
    let held = held_of(c, melds);
    let mut cap = [0u8; 34];
    for k in 0..34 {
        cap[k] = 4 - (held[k] - c[k]);
    }
    let sets = all_sets();
    // Eight and a half pairs: each kind as the pung, the seven cheapest other kinds as pairs.
    let mut best = u8::MAX;
    if melds.is_empty() {
        for p in 0..34 {
            let mut pair_costs: Vec<u8> = (0..34).filter(|&k| k != p).map(|k| 2u8.saturating_sub(c[k])).collect();
            pair_costs.sort_unstable();
            let cost = 3u8.saturating_sub(c[p]) + pair_costs[..7].iter().sum::<u8>();
            best = best.min(cost);
        }
    }
    let mut s = Search { h: c, cap, sets: &sets, target: [0; 34], best };
    s.go(0, 5 - melds.len(), 0);
    s.best as i8 - 1
}

/// Every distinct standard reading by enumeration: a pair, then sets in canonical order that
/// use exactly the remaining tiles; plus eight and a half pairs.
fn bf_readings(c: &Counts, n_melds: usize) -> usize {
    fn cover(c: &mut Counts, from: usize, sets: &[Cand]) -> usize {
        if c.iter().all(|&x| x == 0) {
            return 1;
        }
        let mut n = 0;
        for i in from..sets.len() {
            let s = sets[i];
            if s.kinds[..s.n].iter().all(|&k| c[k] >= s.per) {
                s.kinds[..s.n].iter().for_each(|&k| c[k] -= s.per);
                n += cover(c, i, sets);
                s.kinds[..s.n].iter().for_each(|&k| c[k] += s.per);
            }
        }
        n
    }
    let sets = all_sets();
    let mut n = 0;
    let mut w = *c;
    for p in 0..34 {
        if w[p] >= 2 {
            w[p] -= 2;
            n += cover(&mut w, 0, &sets);
            w[p] += 2;
        }
    }
    if n_melds == 0 {
        let mut shape: Vec<u8> = c.iter().copied().filter(|&x| x > 0).collect();
        shape.sort_unstable();
        n += (shape == [2, 2, 2, 2, 2, 2, 2, 3]) as usize;
    }
    n
}

/// 16 concealed tiles of seven or eight pairs (and a pung, a single): the special shape.
fn pairs_hand(rng: &mut XorShift) -> Counts {
    loop {
        let mut c = [0u8; 34];
        let n_pairs = 6 + rng.below(3) as usize;
        for _ in 0..n_pairs {
            c[rng.below(34) as usize] += 2;
        }
        let mut n: usize = c.iter().map(|&x| x as usize).sum();
        while n < 16 {
            c[rng.below(34) as usize] += 1;
            n += 1;
        }
        if n == 16 && c.iter().all(|&x| x <= 4) {
            return c;
        }
    }
}

#[test]
fn tw_analysis_matches_brute_force() {
    let mut rng = XorShift(0x7A1_3A2E_5E16_0001);
    let (mut ready, mut with_melds, mut complete, mut special) = (0usize, 0usize, 0usize, 0usize);
    let mut by_shanten = [0usize; 8];
    let mut bf_checked = 0usize;
    for i in 0..15_000usize {
        let n_melds = [1, 2, 3, 4, 5, 1, 2, 0, 0, 3][i % 10];
        let (c, melds) = if i % 10 == 7 {
            (pairs_hand(&mut rng), Vec::new())
        } else {
            random_hand(&mut rng, n_melds, 16 - 3 * n_melds, i % 3 != 0)
        };
        with_melds += !melds.is_empty() as usize;
        // Waits.
        let w: Vec<u8> = waits(&c, &melds, &TW_SHAPES).unwrap().iter().map(|t| t.0).collect();
        assert_eq!(w, bf_waits(&c, &melds), "waits {} {:?}", crate::tiles::tile::format_counts(&c), melds);
        ready += !w.is_empty() as usize;
        // Shanten of the 16-tile hand (exhaustive search for up to three sets to place,
        // and for every fourth hand with more).
        let s = shanten(&c, &melds, &TW_SHAPES).unwrap();
        assert_eq!(s == 0, !w.is_empty());
        if 5 - melds.len() <= 3 || i % 4 == 0 {
            bf_checked += 1;
            assert_eq!(s, bf_shanten(&c, &melds), "shanten {} {:?}", crate::tiles::tile::format_counts(&c), melds);
        }
        by_shanten[(s as usize).min(7)] += 1;
        // 17-tile hands: a random tile (or a wait, to make complete hands common).
        let held = held_of(&c, &melds);
        let t = if !w.is_empty() && i % 2 == 0 { w[rng.below(w.len() as u64) as usize] as usize } else { rng.below(34) as usize };
        if held[t] < 4 {
            let mut c17 = c;
            c17[t] += 1;
            let done = bf_complete(&c17, melds.len());
            assert_eq!(is_complete(&c17, melds.len(), &TW_SHAPES), done, "{}", crate::tiles::tile::format_counts(&c17));
            assert_eq!(shanten(&c17, &melds, &TW_SHAPES).unwrap() == -1, done);
            let readings = decompose(&c17, melds.len(), &TW_SHAPES);
            assert_eq!(readings.len(), bf_readings(&c17, melds.len()), "{}", crate::tiles::tile::format_counts(&c17));
            for r in &readings {
                let mut used = [0u8; 34];
                match r {
                    Interpretation::Standard { sets, pair } => {
                        assert_eq!(sets.len(), 5 - melds.len());
                        used[pair.index()] += 2;
                        for s in sets {
                            match *s {
                                crate::analysis::decompose::ConcealedSet::Pung(t) => used[t.index()] += 3,
                                crate::analysis::decompose::ConcealedSet::Chow(t) => {
                                    (0..3).for_each(|j| used[t.index() + j] += 1)
                                }
                            }
                        }
                    }
                    Interpretation::EightHalfPairs { pairs, pung } => {
                        special += 1;
                        pairs.iter().for_each(|p| used[p.index()] += 2);
                        used[pung.index()] += 3;
                    }
                    other => panic!("not a Taiwanese shape: {other:?}"),
                }
                assert_eq!(used, c17);
            }
            complete += done as usize;
        }
    }
    eprintln!(
        "16-tile hands: 15000 ({with_melds} with declared sets), ready {ready}, shanten by search {bf_checked}, \
         by shanten {by_shanten:?}; 17-tile complete {complete}, eight and a half pairs readings {special}"
    );
    // The generator reaches ready, near and far hands, complete hands and the special shape.
    assert!(with_melds >= 12_000 && ready > 1500 && complete > 1500 && special > 40, "{ready} {complete} {special}");
    assert!(by_shanten[1] > 500 && by_shanten[2] > 500 && by_shanten[3] > 200, "{by_shanten:?}");
}

/// The AI's discard advice on 17-tile Taiwanese hands (eight and a half pairs included) equals
/// the definition: shanten after each discard (by search when at most three sets are left to
/// place), ukeire = unseen copies of the kinds whose draw lowers it.
#[test]
fn tw_discard_advice_matches_definition() {
    let mut rng = XorShift(0x7A1_AD71_CE00_0017);
    for i in 0..400usize {
        let n_melds = [0, 1, 2, 3, 0][i % 5];
        let (mut c, melds) = if i % 5 == 4 {
            (pairs_hand(&mut rng), Vec::new())
        } else {
            random_hand(&mut rng, n_melds, 16 - 3 * n_melds, i % 2 == 0)
        };
        let held = held_of(&c, &melds);
        let Some(extra) = (0..34).map(|_| rng.below(34) as usize).find(|&k| held[k] < 4) else { continue };
        c[extra] += 1;
        let held = held_of(&c, &melds);
        let mut unseen = [4u8; 34];
        for k in 0..34 {
            unseen[k] -= held[k];
        }
        let rated = crate::analysis::advise::rate_discards(&c, &melds, &unseen, &TW_SHAPES).unwrap();
        assert_eq!(rated.len(), c.iter().filter(|&&n| n > 0).count());
        for r in &rated {
            let mut h = c;
            h[r.tile.index()] -= 1;
            let s = shanten(&h, &melds, &TW_SHAPES).unwrap();
            assert_eq!(r.shanten, s, "{} discard {}", crate::tiles::tile::format_counts(&c), r.tile);
            if melds.len() >= 2 {
                assert_eq!(s, bf_shanten(&h, &melds));
            }
            let now = held_of(&h, &melds);
            let mut uk = 0u32;
            for t in 0..34 {
                if now[t] < 4 {
                    let mut h2 = h;
                    h2[t] += 1;
                    if shanten(&h2, &melds, &TW_SHAPES).unwrap() < s {
                        uk += unseen[t] as u32;
                    }
                }
            }
            assert_eq!(r.ukeire, uk, "{} discard {}", crate::tiles::tile::format_counts(&c), r.tile);
        }
    }
}

/// TW §20.4.2 rule 4 (common table, `eight_half_pairs`): eight and a half pairs with a kind
/// held four times counting as two pairs. The closed form in shanten, the incremental
/// evaluator's counts and `shanten` itself equal the definition: the fewest tiles missing to a
/// pung of one kind and seven pairs among the other kinds (each ending with 0, 2 or 4 tiles),
/// by dynamic programming over the kinds; and a hand one tile short of it is ready (`waits`).
#[test]
fn eight_half_pairs_with_quads_match_the_definition() {
    use crate::analysis::decompose::TW_COMMON_SHAPES_EIGHT_HALF as RULES;
    fn bf_missing(c: &Counts) -> u8 {
        let mut best = u8::MAX;
        for p in 0..34 {
            // dp[j] = fewest tiles missing for j pairs among the kinds seen so far
            let mut dp = [u8::MAX; 8];
            dp[0] = 0;
            for k in (0..34).filter(|&k| k != p) {
                let mut next = dp;
                for j in 0..8 {
                    if dp[j] == u8::MAX {
                        continue;
                    }
                    for (pairs, tiles) in [(1usize, 2u8), (2, 4)] {
                        if j + pairs <= 7 {
                            let cost = dp[j] + tiles.saturating_sub(c[k]);
                            next[j + pairs] = next[j + pairs].min(cost);
                        }
                    }
                }
                dp = next;
            }
            best = best.min(dp[7].saturating_add(3u8.saturating_sub(c[p])));
        }
        best
    }
    let mut rng = XorShift(0x8A1F_0004_5A1D_0017);
    let (mut quads_used, mut ready) = (0usize, 0usize);
    for i in 0..6000usize {
        let mut c = pairs_hand(&mut rng);
        if i % 3 == 0 {
            // make a kind of four more common
            if let Some(k) = (0..34).find(|&k| c[k] == 2) {
                if let Some(j) = (0..34).find(|&j| j != k && c[j] >= 2) {
                    c[k] += 2;
                    c[j] -= 2;
                }
            }
        }
        for extra in [None, Some(rng.below(34) as usize)] {
            let mut h = c;
            if let Some(t) = extra {
                if h[t] >= 4 {
                    continue;
                }
                h[t] += 1;
            }
            let want = bf_missing(&h);
            let got = super::shanten::special_shapes_missing_for_tests(&h, &RULES);
            assert_eq!(got, want, "{}", crate::tiles::tile::format_counts(&h));
            let s = shanten(&h, &[], &RULES).unwrap();
            assert!(i32::from(s) < i32::from(want), "{}", crate::tiles::tile::format_counts(&h));
            if want == 1 && extra.is_none() {
                ready += 1;
                assert_eq!(s, 0);
                assert!(!waits(&h, &[], &RULES).unwrap().is_empty());
            }
            quads_used += (h.contains(&4) && bf_missing(&h) < 3) as usize;
        }
    }
    assert!(quads_used > 300 && ready > 50, "{quads_used} {ready}");
}
