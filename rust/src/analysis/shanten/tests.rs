use super::knapsack::missing_entries_scalar;
use super::programme::standard_missing_dp;
#[cfg(target_arch = "x86_64")]
use super::special::special_missing_sse;
use super::special::{class_counts_scalar, special_missing_scalar};
use super::*;
use crate::analysis::decompose::{is_complete, HK_SHAPES};
use crate::analysis::waits::waits;
use crate::tiles::hand::{hand, MeldKind};
use crate::tiles::tile::Tile;

fn sh(s: &str) -> i8 {
    let h = hand(s);
    shanten(&h.concealed, &h.melds, &HK_SHAPES).unwrap()
}

#[test]
fn known_values() {
    assert_eq!(sh("123456789m1111p"), 1);
    assert_eq!(sh("123m456m789p234s5s"), 0);
    assert_eq!(sh("123m456m789p234s55s"), -1);
    assert_eq!(sh("19m19p19s1234567z"), 0);
    assert_eq!(sh("19m19p19s1234567z7z"), -1);
    assert_eq!(sh("19m19p19s123456z1s"), 0);
    assert_eq!(sh("19m19p1s123456z11s"), 1);
    assert_eq!(sh("112233m445566p7s"), 0);
    assert_eq!(sh("1122m3344p5s6666z"), 2);
    assert_eq!(sh("147m147p147s1234z"), 6);
    assert_eq!(sh("123m456m46p11z (5555p)"), 1);
    assert_eq!(sh("123m456m46p11z [5555p]"), 1);
    assert_eq!(sh("123m456m46p11z [555p]"), 0);
    assert_eq!(sh("55s [123m] [456m] [789p] [234s]"), -1);
    assert_eq!(sh("1111234z555666z7z"), 2);
}

#[test]
fn five_sets_generic() {
    let tw =
        ShapeRules { n_sets: 5, seven_pairs: false, thirteen_orphans: false, eight_half_pairs: false, eight_half_quads: false };
    let h = hand("123m456m789m123p456p5s");
    assert_eq!(shanten(&h.concealed, &h.melds, &tw).unwrap(), 0);
    assert_eq!(waits(&h.concealed, &h.melds, &tw).unwrap(), vec![Tile(22)]);
    let h = hand("123m456m789m123p456p55s");
    assert_eq!(shanten(&h.concealed, &h.melds, &tw).unwrap(), -1);
    let h = hand("1m [123p] [456p] [789p] [111s] [999s]");
    assert_eq!(shanten(&h.concealed, &h.melds, &tw).unwrap(), 0);
    // Seven pairs does not exist with these shapes.
    let h = hand("1122m3344p5566s7z");
    assert!(shanten(&h.concealed, &h.melds, &HK_SHAPES).unwrap() == 0);
    let bad = ShapeRules { n_sets: 0, ..tw };
    assert!(matches!(shanten(&h.concealed, &h.melds, &bad), Err(MahjongError::RuleConfig(_))));
}

#[test]
fn wrong_sizes_are_errors() {
    assert!(shanten(&hand("123m").concealed, &[], &HK_SHAPES).is_err());
    let mut c = [0u8; 34];
    c[0] = 5;
    c[1] = 8;
    assert!(shanten(&c, &[], &HK_SHAPES).is_err());
    let m = [Meld { kind: MeldKind::Pung, tile: Tile(0) }; 5];
    assert!(shanten(&[0u8; 34], &m, &HK_SHAPES).is_err());
}

/// Tiny xorshift64* for test hands only (never for walls).
pub(crate) struct XorShift(pub u64);
impl XorShift {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random hand: `n_melds` declared sets (chows/pungs/kongs) and `n_conc` concealed tiles,
/// drawn from one shuffled set of 136 tiles. With `near`, the concealed tiles are a complete
/// hand with a few tiles replaced, so small shanten values are common.
pub(crate) fn random_hand(rng: &mut XorShift, n_melds: usize, n_conc: usize, near: bool) -> (Counts, Vec<Meld>) {
    loop {
        let mut left = [4u8; 34];
        let mut melds = Vec::new();
        let mut ok = true;
        for _ in 0..n_melds {
            let k = rng.below(34) as usize;
            let kind = match rng.below(4) {
                0 => MeldKind::Pung,
                1 => MeldKind::ConcealedKong,
                _ => MeldKind::Chow,
            };
            let m = Meld { kind, tile: Tile(k as u8) };
            if kind == MeldKind::Chow && !(m.tile.is_suited() && m.tile.number() <= 7) {
                ok = false;
                break;
            }
            for t in m.tiles() {
                if left[t.index()] == 0 {
                    ok = false;
                } else {
                    left[t.index()] -= 1;
                }
            }
            melds.push(m);
        }
        if !ok {
            continue;
        }
        let mut c = [0u8; 34];
        let mut got = 0;
        if near {
            // Sets and a pair, then replace up to three tiles.
            let mut tries = 0;
            while got + 3 <= n_conc && tries < 100 {
                tries += 1;
                let k = rng.below(34) as usize;
                if rng.below(2) == 0 && k < 27 && k % 9 <= 6 {
                    if left[k] > 0 && left[k + 1] > 0 && left[k + 2] > 0 {
                        for j in k..k + 3 {
                            left[j] -= 1;
                            c[j] += 1;
                        }
                        got += 3;
                    }
                } else if left[k] >= 3 {
                    left[k] -= 3;
                    c[k] += 3;
                    got += 3;
                }
            }
            let k = rng.below(34) as usize;
            if got + 2 <= n_conc && left[k] >= 2 {
                left[k] -= 2;
                c[k] += 2;
                got += 2;
            }
            let drop = rng.below(4) as usize;
            for _ in 0..drop.min(got) {
                let k = rng.below(34) as usize;
                if c[k] > 0 {
                    c[k] -= 1;
                    left[k] += 1;
                    got -= 1;
                }
            }
        }
        while got < n_conc {
            let k = rng.below(34) as usize;
            if left[k] > 0 {
                left[k] -= 1;
                c[k] += 1;
                got += 1;
            }
        }
        return (c, melds);
    }
}

fn held(c: &Counts, melds: &[Meld]) -> Counts {
    held_counts(c, melds).unwrap()
}

#[test]
fn random_waits_shanten_agree() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut seen = [0usize; 8];
    for i in 0..12_000 {
        let n_melds = [0, 0, 0, 1, 2][i % 5];
        let n13 = 13 - 3 * n_melds;
        let (c, melds) = random_hand(&mut rng, n_melds, n13, i % 2 == 0);
        let hd = held(&c, &melds);
        // waits == every kind not held 4x that completes the hand.
        let w = waits(&c, &melds, &HK_SHAPES).unwrap();
        let mut expect = Vec::new();
        for t in 0..34 {
            if hd[t] < 4 {
                let mut c2 = c;
                c2[t] += 1;
                if is_complete(&c2, melds.len(), &HK_SHAPES) {
                    expect.push(Tile(t as u8));
                }
            }
        }
        assert_eq!(w, expect);
        let s13 = shanten(&c, &melds, &HK_SHAPES).unwrap();
        assert_eq!(s13 == 0, !w.is_empty(), "hand {:?} {:?}", crate::tiles::tile::format_counts(&c), melds);
        assert!(s13 >= 0);
        seen[(s13 as usize).min(7)] += 1;
        // 14-tile hands: -1 iff complete, and min over discards.
        let t = rng.below(34) as usize;
        if hd[t] < 4 {
            let mut c14 = c;
            c14[t] += 1;
            let s14 = shanten(&c14, &melds, &HK_SHAPES).unwrap();
            assert_eq!(s14 == -1, is_complete(&c14, melds.len(), &HK_SHAPES));
            // decompose agrees with is_complete, and every reading uses exactly the tiles.
            let ds = crate::analysis::decompose::decompose(&c14, melds.len(), &HK_SHAPES);
            assert_eq!(!ds.is_empty(), s14 == -1);
            for d in &ds {
                if let crate::analysis::decompose::Interpretation::Standard { sets, pair } = d {
                    let mut r = [0u8; 34];
                    r[pair.index()] += 2;
                    for x in sets {
                        match *x {
                            crate::analysis::decompose::ConcealedSet::Pung(t) => r[t.index()] += 3,
                            crate::analysis::decompose::ConcealedSet::Chow(t) => (0..3).for_each(|j| r[t.index() + j] += 1),
                        }
                    }
                    assert_eq!(r, c14);
                    assert_eq!(sets.len(), 4 - melds.len());
                }
            }
            let mut min = i8::MAX;
            for d in 0..34 {
                if c14[d] > 0 {
                    let mut c13 = c14;
                    c13[d] -= 1;
                    min = min.min(shanten(&c13, &melds, &HK_SHAPES).unwrap());
                }
            }
            let expect14 = if s14 == -1 { -1 } else { min };
            assert_eq!(s14, expect14, "{}", crate::tiles::tile::format_counts(&c14));
            assert!(s14 <= s13 && s13 <= s14 + 1);
        }
    }
    // The generator covers ready, near and far hands.
    assert!(seen[0] > 500 && seen[1] > 500 && seen[2] > 500 && seen[3] > 200, "{seen:?}");
}

/// Brute force from the definition, one level deep: 0 iff ready; 1 iff some exchange makes
/// it ready; otherwise at least 2. Plus the Bellman equation
/// shanten(H) = 1 + min over exchanges shanten(H') for H not ready, which with the base case
/// pins every level.
#[test]
fn brute_force_exchanges() {
    let mut rng = XorShift(0xDEAD_BEEF_1234_5678);
    let ready = |c: &Counts, melds: &[Meld]| !waits(c, melds, &HK_SHAPES).unwrap().is_empty();
    let mut seen = [0usize; 3];
    for i in 0..2500 {
        let n_melds = [0, 0, 1, 2, 0][i % 5];
        let (c, melds) = random_hand(&mut rng, n_melds, 13 - 3 * n_melds, i % 3 != 0);
        let hd = held(&c, &melds);
        let s = shanten(&c, &melds, &HK_SHAPES).unwrap();
        let mut bf = if ready(&c, &melds) { 0 } else { 2 };
        let mut min_next = i8::MAX;
        for d in 0..34 {
            if c[d] == 0 {
                continue;
            }
            for x in 0..34 {
                if x == d || hd[x] >= 4 {
                    continue;
                }
                let mut c2 = c;
                c2[d] -= 1;
                c2[x] += 1;
                if bf == 2 && ready(&c2, &melds) {
                    bf = 1;
                }
                if i % 5 == 0 {
                    min_next = min_next.min(shanten(&c2, &melds, &HK_SHAPES).unwrap());
                }
            }
        }
        assert_eq!(s.min(2), bf, "{} {:?}", crate::tiles::tile::format_counts(&c), melds);
        seen[bf as usize] += 1;
        if i % 5 == 0 && s > 0 {
            assert_eq!(s, 1 + min_next, "{}", crate::tiles::tile::format_counts(&c));
        }
    }
    assert!(seen.iter().all(|&n| n > 300), "{seen:?}");
}

/// A hand drawn from few kinds, so three and four copies are common.
fn heavy_hand(rng: &mut XorShift, n_melds: usize, n_conc: usize) -> (Counts, Vec<Meld>) {
    loop {
        let (_, melds) = random_hand(rng, n_melds, 0, false);
        let hd = held(&[0u8; 34], &melds);
        let base = rng.below(34) as usize;
        let span = 3 + rng.below(8) as usize;
        let mut c = [0u8; 34];
        let mut got = 0;
        let mut tries = 0;
        while got < n_conc && tries < 1000 {
            tries += 1;
            let k = (base + rng.below(span as u64) as usize) % 34;
            if hd[k] + c[k] < 4 {
                c[k] += 1;
                got += 1;
            }
        }
        if got == n_conc {
            return (c, melds);
        }
    }
}

/// The direct entry-combining shanten of concealed hands equals the reference path (group
/// tables, combine, closed forms) on 150,000 seeded hands: random, near-complete and heavy,
/// 13- and 14-equivalent, every set count 1..=6 and every combination of special shapes.
#[test]
fn shanten_free_matches_reference() {
    let mut rng = XorShift(0x5EED_F4EE_0000_0042);
    let free = [4u8; 34];
    for i in 0..150_000usize {
        let n_sets = if i % 5 == 4 { 1 + (i / 5) % 6 } else { 4 };
        let rules = ShapeRules {
            n_sets,
            seven_pairs: i % 3 != 1,
            thirteen_orphans: i % 4 != 2,
            eight_half_pairs: i % 5 != 3,
            eight_half_quads: false,
        };
        let extra = 1 + (i / 2) % 2;
        let n_conc = 3 * n_sets + extra;
        let (c, _) = match i % 3 {
            0 => random_hand(&mut rng, 0, n_conc, true),
            1 => random_hand(&mut rng, 0, n_conc, false),
            _ => heavy_hand(&mut rng, 0, n_conc),
        };
        let slow = shanten_memo(&c, &free, 0, &rules, None);
        assert_eq!(shanten_free(&c, &rules), slow, "{} {:?}", crate::tiles::tile::format_counts(&c), rules);
        assert_eq!(shanten(&c, &[], &rules).unwrap(), slow);
        let t = crate::analysis::tables::tables();
        let e = [
            t.suit(crate::analysis::tables::suit_index(&c[0..9])),
            t.suit(crate::analysis::tables::suit_index(&c[9..18])),
            t.suit(crate::analysis::tables::suit_index(&c[18..27])),
            t.honour(crate::analysis::tables::honour_key(&c[27..34])),
        ];
        if n_sets == 4 {
            assert_eq!(missing_entries::<4>(e), missing_entries_scalar::<4>(e));
        }
    }
}

/// The SSE2 forms equal the portable forms that other targets (and the `scalar` feature)
/// use, on 30,000 seeded concealed hands (random, near-complete and heavy; every set count
/// 1..=6, 13- and 14-equivalent): the class counts, the seven pairs / thirteen orphans
/// closed forms under every switch, and the knapsack of the four group entries.
#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_paths_equal_the_scalar_paths() {
    let mut rng = XorShift(0x5EED_51AD_0000_0001);
    let t = crate::analysis::tables::tables();
    let mut specials = 0;
    for i in 0..30_000usize {
        let n_sets = 1 + i % 6;
        let n_conc = 3 * n_sets + 1 + (i / 6) % 2;
        let (c, _) = match i % 3 {
            0 => random_hand(&mut rng, 0, n_conc, true),
            1 => random_hand(&mut rng, 0, n_conc, false),
            _ => heavy_hand(&mut rng, 0, n_conc),
        };
        let why = crate::tiles::tile::format_counts(&c);
        assert_eq!(super::special::sse::class_counts(&c), class_counts_scalar(&c), "{why}");
        for (seven_pairs, thirteen_orphans) in [(true, true), (true, false), (false, true)] {
            let rules = ShapeRules { n_sets: 4, seven_pairs, thirteen_orphans, eight_half_pairs: false, eight_half_quads: false };
            let m = special_missing_scalar(&c, &rules);
            assert_eq!(special_missing_sse(&c, &rules), m, "{why} {rules:?}");
            specials += usize::from(m <= 2);
        }
        let e = [
            t.suit(crate::analysis::tables::suit_index(&c[0..9])),
            t.suit(crate::analysis::tables::suit_index(&c[9..18])),
            t.suit(crate::analysis::tables::suit_index(&c[18..27])),
            t.honour(crate::analysis::tables::honour_key(&c[27..34])),
        ];
        let (simd, scalar) = match n_sets {
            1 => (super::knapsack::sse::missing::<1>(e), missing_entries_scalar::<1>(e)),
            2 => (super::knapsack::sse::missing::<2>(e), missing_entries_scalar::<2>(e)),
            3 => (super::knapsack::sse::missing::<3>(e), missing_entries_scalar::<3>(e)),
            4 => (super::knapsack::sse::missing::<4>(e), missing_entries_scalar::<4>(e)),
            5 => (super::knapsack::sse::missing::<5>(e), missing_entries_scalar::<5>(e)),
            _ => (super::knapsack::sse::missing::<6>(e), missing_entries_scalar::<6>(e)),
        };
        assert_eq!(simd, scalar, "{why} {n_sets} sets");
    }
    // the closed forms were compared near their small values too, not only far from them
    assert!(specials > 100, "{specials}");
}

/// The table-driven shanten and agari equal the dynamic programme and the greedy test on
/// 120,000 seeded hands: with and without declared melds, near-complete, random and heavy
/// (three or four copies of kinds), 13- and 14-equivalent, 4 and 5 sets.
#[test]
fn tables_match_reference() {
    let mut rng = XorShift(0x7AB1_E5EE_D000_0001);
    let tw =
        ShapeRules { n_sets: 5, seven_pairs: false, thirteen_orphans: false, eight_half_pairs: false, eight_half_quads: false };
    let mut complete = 0;
    for i in 0..120_000usize {
        let rules = if i % 7 == 6 { tw } else { HK_SHAPES };
        let n_melds = [0, 0, 0, 1, 2, 3, 4][i % 7].min(rules.n_sets);
        let extra = 1 + (i / 7) % 2; // 13- or 14-equivalent
        let n_conc = 3 * (rules.n_sets - n_melds) + extra;
        let (c, melds) = match i % 3 {
            0 => random_hand(&mut rng, n_melds, n_conc, true),
            1 => random_hand(&mut rng, n_melds, n_conc, false),
            _ => heavy_hand(&mut rng, n_melds, n_conc),
        };
        let hd = held(&c, &melds);
        let cap = caps(&hd, &c);
        let need = rules.n_sets - n_melds;
        let fast = standard_missing(&c, &cap, need, None);
        let slow = standard_missing_dp(&c, &cap, need);
        assert_eq!(fast, slow, "{} {:?}", crate::tiles::tile::format_counts(&c), melds);
        // Unrestricted caps exercise every group's table even with melds present.
        let free = [4u8; 34];
        assert_eq!(standard_missing(&c, &free, need, None), standard_missing_dp(&c, &free, need));
        if extra == 1 {
            let w = crate::analysis::waits::wait_mask(&c, &hd, n_melds, &rules);
            assert_eq!(
                w,
                crate::analysis::waits::wait_mask_ref(&c, &hd, n_melds, &rules),
                "{}",
                crate::tiles::tile::format_counts(&c)
            );
            complete += (w != 0) as usize;
        }
        if extra == 2 {
            let a = crate::analysis::decompose::is_standard_ref(&c);
            let b = is_complete(&c, n_melds, &rules);
            let mut expect = a;
            if n_melds == 0 && 3 * need + 2 == 14 {
                expect |= rules.seven_pairs && crate::analysis::decompose::is_seven_pairs(&c);
                expect |= rules.thirteen_orphans && crate::analysis::decompose::is_thirteen_orphans(&c);
            }
            assert_eq!(b, expect, "{}", crate::tiles::tile::format_counts(&c));
            complete += b as usize;
        }
    }
    assert!(complete > 6000, "{complete}");
}
