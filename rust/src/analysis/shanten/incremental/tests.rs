use super::*;
use crate::analysis::advise::rate_discards;
use crate::analysis::decompose::HK_SHAPES;
use crate::analysis::shanten::knapsack::{self, fast_rests};
use crate::analysis::shanten::lookup::{self, entry_dec_scalar, DEC_BITS, DEC_MASK};
use crate::analysis::shanten::programme::{self, capped_suit, capped_suit_scalar, suit_table, INF};
use crate::analysis::shanten::tests::{random_hand, XorShift};
use crate::analysis::shanten::{rests, shanten};
use crate::analysis::tables::{honour_key, suit_index, POW5, SUIT_STATES};
use crate::tiles::tile::N_KINDS;

/// Unseen counts as a player at the table might have them: 4 minus own tiles, minus a random
/// share of the rest seen in discards and other players' sets.
pub(crate) fn random_unseen(rng: &mut XorShift, c: &Counts, melds: &[Meld]) -> Counts {
    let held = held_counts(c, melds).unwrap();
    let mut u = [0u8; 34];
    for k in 0..34 {
        let free = 4 - held[k];
        let seen = (rng.next() % (free as u64 + 1)) as u8;
        u[k] = free - if rng.next() % 2 == 0 { seen } else { 0 };
    }
    u
}

#[test]
fn rate_equals_rate_discards_on_random_hands() {
    let mut ev = Evaluator::new();
    let mut rng = XorShift(0x5EED_A6E7_0000_0001);
    let mut out = Vec::new();
    for i in 0..6000 {
        let n_melds = [0, 0, 1, 2, 3, 4][i % 6];
        let (c, melds) = random_hand(&mut rng, n_melds, 14 - 3 * n_melds, i % 3 != 0);
        let u = random_unseen(&mut rng, &c, &melds);
        let reference = rate_discards(&c, &melds, &u, &HK_SHAPES).unwrap();
        let all = i % 2 == 0;
        let best = ev.rate(&c, &melds, &u, &HK_SHAPES, all, &mut out).unwrap();
        assert_eq!(out.len(), reference.len());
        assert_eq!(best, reference.iter().map(|r| r.shanten).min().unwrap());
        for (a, b) in out.iter().zip(&reference) {
            assert_eq!(a.kind as usize, b.tile.index());
            if all || b.shanten == best {
                assert_eq!(a.shanten, b.shanten, "hand {c:?} {melds:?}");
            } else {
                assert!(best < a.shanten && a.shanten <= b.shanten, "hand {c:?} {melds:?}");
            }
            let tied = reference.iter().filter(|r| r.shanten == best).count();
            if all || (a.shanten == best && tied > 1) {
                assert_eq!(a.ukeire, Some(b.ukeire), "hand {c:?} {melds:?} discard {}", a.kind);
            } else {
                assert_eq!(a.ukeire, None);
            }
        }
    }
}

/// The exact shanten after every discard equals the shanten of the reference (the discard
/// advice) for every discard, with and without declared sets (restricted groups included),
/// under both rulesets' shapes.
#[test]
fn shanten_after_discards_equals_the_reference() {
    let mut ev = Evaluator::new();
    let mut rng = XorShift(0x5EED_A6E7_0000_0002);
    let mut out = Vec::new();
    let (mut restricted, mut n_ready) = (0, 0);
    for i in 0..4000 {
        let (shapes, size) = if i % 2 == 0 { (&HK_SHAPES, 14) } else { (&crate::analysis::decompose::TW_SHAPES, 17) };
        let n_melds = [0, 0, 1, 2, 3, 4][i % 6];
        let (c, melds) = random_hand(&mut rng, n_melds, size - 3 * n_melds, i % 3 != 0);
        let u = random_unseen(&mut rng, &c, &melds);
        let reference = rate_discards(&c, &melds, &u, shapes).unwrap();
        let best = ev.shanten_after_discards(&c, &melds, shapes, &mut out).unwrap();
        assert_eq!(out.len(), reference.len());
        assert_eq!(best, reference.iter().map(|r| r.shanten).min().unwrap());
        for (a, b) in out.iter().zip(&reference) {
            assert_eq!((a.kind as usize, a.shanten, a.ukeire), (b.tile.index(), b.shanten, None), "hand {c:?} {melds:?}");
        }
        // the same ratings with the hand's own shanten from the same tables
        let mut both = Vec::new();
        let own = ev.shanten_and_after_discards(&c, &melds, shapes, &mut both).unwrap();
        assert_eq!(both, out, "hand {c:?} {melds:?}");
        assert_eq!(own, crate::analysis::shanten::shanten(&c, &melds, shapes).unwrap(), "hand {c:?} {melds:?}");
        // the ready discards from the lower bounds are those of shanten 0
        let ready = reference.iter().filter(|r| r.shanten == 0).fold(0u64, |m, r| m | 1 << r.tile.index());
        assert_eq!(ev.ready_discards(&c, &melds, shapes, &mut both).unwrap(), ready, "hand {c:?} {melds:?}");
        n_ready += usize::from(ready != 0);
        restricted += usize::from(!melds.is_empty());
    }
    assert!(restricted > 2000 && n_ready > 100, "{restricted} hands with declared sets, {n_ready} with a ready discard");
    assert!(ev.shanten_after_discards(&[0; 34], &[], &HK_SHAPES, &mut out).is_err(), "a wrong size is an error");
}

#[test]
fn shanten_equals_reference_on_random_hands() {
    let mut ev = Evaluator::new();
    let mut rng = XorShift(0x5EED_A6E7_0000_0002);
    for i in 0..6000 {
        let n_melds = [0, 0, 1, 2, 3, 4][i % 6];
        let size = 13 + (i % 2) - 3 * n_melds;
        let (c, melds) = random_hand(&mut rng, n_melds, size, i % 3 != 0);
        assert_eq!(ev.shanten(&c, &melds, &HK_SHAPES).unwrap(), shanten(&c, &melds, &HK_SHAPES).unwrap());
    }
}

/// A concealed hand of `n` tiles made mostly of pairs (near eight and a half pairs).
fn pairs_hand(rng: &mut XorShift, n: usize) -> Counts {
    let mut c = [0u8; 34];
    let mut total = 0;
    while total < n {
        let k = rng.below(34) as usize;
        let add = if n - total >= 2 && rng.below(4) != 0 { 2 } else { 1 };
        if c[k] + add <= 4 {
            c[k] += add;
            total += add as usize;
        }
    }
    c
}

/// TW §9 / §10a: with 16/17-tile hands (five sets and a pair, eight and a half pairs with no
/// declared set) the evaluator equals the reference shanten and discard ratings.
#[test]
fn taiwanese_shapes_equal_the_reference() {
    use crate::analysis::decompose::TW_SHAPES;
    let mut ev = Evaluator::new();
    let mut rng = XorShift(0x5EED_A6E7_0000_0016);
    let mut out = Vec::new();
    let mut eight_half = 0;
    for i in 0..4000 {
        let n_melds = [0, 0, 0, 1, 2, 5][i % 6];
        let (c, melds) = if n_melds == 0 && i % 2 == 0 {
            (pairs_hand(&mut rng, 17), Vec::new())
        } else {
            random_hand(&mut rng, n_melds, 17 - 3 * n_melds, i % 3 != 0)
        };
        let sh = ev.shanten(&c, &melds, &TW_SHAPES).unwrap();
        assert_eq!(sh, shanten(&c, &melds, &TW_SHAPES).unwrap(), "hand {c:?} {melds:?}");
        let u = random_unseen(&mut rng, &c, &melds);
        let reference = rate_discards(&c, &melds, &u, &TW_SHAPES).unwrap();
        let best = ev.rate(&c, &melds, &u, &TW_SHAPES, true, &mut out).unwrap();
        assert_eq!(best, reference.iter().map(|r| r.shanten).min().unwrap());
        for (a, b) in out.iter().zip(&reference) {
            assert_eq!((a.shanten, a.ukeire), (b.shanten, Some(b.ukeire)), "hand {c:?} {melds:?} discard {}", a.kind);
        }
        // the 16-tile hand after a discard
        let mut c16 = c;
        let k = (0..34).find(|&k| c16[k] > 0).unwrap();
        c16[k] -= 1;
        assert_eq!(ev.shanten(&c16, &melds, &TW_SHAPES).unwrap(), shanten(&c16, &melds, &TW_SHAPES).unwrap());
        if melds.is_empty() {
            let standard = crate::analysis::decompose::ShapeRules { eight_half_pairs: false, ..TW_SHAPES };
            eight_half += usize::from(shanten(&c, &melds, &standard).unwrap() > sh);
        }
    }
    assert!(eight_half > 100, "hands where eight and a half pairs is the nearest shape: {eight_half}");
}

#[test]
fn capped_suit_equals_the_full_programme() {
    let mut rng = XorShift(0x5EED_A6E7_0000_0003);
    for i in 0..20_000 {
        let mut h = [0u8; 34];
        let mut cap = [4u8; 34];
        for k in 0..9 {
            cap[k] = [4, 4, 4, 3, 1, 0][(rng.next() % 6) as usize];
            h[k] = (rng.next() % (cap[k] as u64 + 1)) as u8;
        }
        let need = 1 + i % 4;
        let want = suit_table(&h[..9], &cap[..9], need);
        assert_eq!(capped_suit_scalar(&h[..9], &cap[..9], need), want, "{h:?} {cap:?}");
        assert_eq!(capped_suit(&h[..9], &cap[..9], need), want, "{h:?} {cap:?}");
        assert_eq!(group_table(&h, &cap, 0, need), want, "{h:?} {cap:?}");
    }
}

#[test]
fn dec_tables_mark_the_entries_one_more_tile_lowers() {
    let dt = dec_tables();
    let mut rng = XorShift(0x5EED_A6E7_0000_0004);
    for _ in 0..20_000 {
        let mut h = [0u8; 34];
        for k in 0..34 {
            h[k] = (rng.next() % 5) as u8;
        }
        for g in 0..4 {
            let base = lookup(&h, g);
            for k in group_range(g) {
                if h[k] == 4 {
                    continue;
                }
                let mut up = h;
                up[k] += 1;
                let plus = lookup(&up, g);
                let want = dec_mask(&plus, &base, MAX_SETS);
                let got = if g < 3 {
                    (dt.suit[suit_index(&h[g * 9..g * 9 + 9])] >> (DEC_BITS * (k - 9 * g) as u32)) as u16 & DEC_MASK as u16
                } else {
                    dt.honour[honour_key(&h[27..N_KINDS])][h[k] as usize]
                };
                assert_eq!(got, want, "{h:?} kind {k}");
                // one more tile lowers an entry by one at most (what the masks rely on)
                for s in 0..=MAX_SETS {
                    for p in 0..2 {
                        assert_eq!(plus[s][p] + u8::from(got >> (2 * s + p) & 1 == 1), base[s][p], "{h:?} kind {k}");
                    }
                }
                // every tight entry set: the mask decides exactly when the minimum drops
                let all = (1u16 << DEC_BITS) - 1;
                assert_eq!(lowering_draws(dt, &h, g, all) >> k & 1 == 1, want != 0);
            }
        }
    }
}

#[test]
fn fast_rests_equal_rests() {
    let mut rng = XorShift(0x5EED_A6E7_0000_0005);
    for i in 0..20_000 {
        let need = i % (MAX_SETS + 1);
        let mut ts = [[[0u8; 2]; MAX_SETS + 1]; 4];
        for t in ts.iter_mut() {
            for e in t.iter_mut().flatten() {
                // small values, and now and then an impossible entry
                *e = if rng.below(12) == 0 { INF } else { rng.below(15) as u8 };
            }
        }
        let want = rests(&ts, need);
        let got = fast_rests(&ts, need);
        for g in 0..4 {
            assert_eq!(got[g][..=need], want[g][..=need], "{ts:?} need {need}");
        }
    }
}

/// The SSE2 forms equal the portable forms that other targets (and the `scalar` feature)
/// use: the restricted-suit programme on 20,000 seeded suits and caps, the entry compare
/// on 20,000 pairs of entries (table entries one tile apart, and arbitrary bytes), and the
/// knapsack of the other groups on 20,000 sets of tables, every set count.
#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_paths_equal_the_scalar_paths() {
    let mut rng = XorShift(0x5EED_51AD_0000_0002);
    let t = tables();
    for i in 0..20_000usize {
        let mut h = [0u8; 9];
        let mut cap = [4u8; 9];
        for k in 0..9 {
            cap[k] = [4, 4, 4, 3, 2, 1, 0][rng.below(7) as usize];
            h[k] = rng.below(cap[k] as u64 + 1) as u8;
        }
        let need = i % (MAX_SETS + 1);
        assert_eq!(programme::sse::capped_suit(&h, &cap, need), capped_suit_scalar(&h, &cap, need), "{h:?} {cap:?} {need}");

        let (a, b) = if i % 2 == 0 {
            let idx = rng.below(SUIT_STATES as u64) as usize;
            let n = rng.below(9) as usize;
            let up = idx + POW5[n] as usize;
            (*t.suit(idx), *t.suit(if up < SUIT_STATES { up } else { idx }))
        } else {
            let mut a = [0u8; 16];
            let mut b = [0u8; 16];
            for j in 0..16 {
                a[j] = rng.next() as u8;
                b[j] = if rng.below(3) == 0 { a[j] } else { rng.next() as u8 };
            }
            (a, b)
        };
        assert_eq!(lookup::sse::entry_dec(&a, &b), entry_dec_scalar(&a, &b), "{a:?} {b:?}");

        let mut ts = [[[0u8; 2]; MAX_SETS + 1]; 4];
        for e in ts.iter_mut().flatten().flatten() {
            *e = if rng.below(12) == 0 { INF } else { rng.below(15) as u8 };
        }
        let want = rests(&ts, need);
        let got = match need {
            0 => knapsack::sse::rests::<0>(&ts),
            1 => knapsack::sse::rests::<1>(&ts),
            2 => knapsack::sse::rests::<2>(&ts),
            3 => knapsack::sse::rests::<3>(&ts),
            4 => knapsack::sse::rests::<4>(&ts),
            5 => knapsack::sse::rests::<5>(&ts),
            _ => knapsack::sse::rests::<MAX_SETS>(&ts),
        };
        for g in 0..4 {
            assert_eq!(got[g][..=need], want[g][..=need], "{ts:?} need {need}");
        }
    }
}

#[test]
fn bad_hands_are_errors() {
    let mut ev = Evaluator::new();
    let mut out = Vec::new();
    let thirteen = crate::tiles::hand::hand("123m456m789p234s5s");
    assert!(ev.rate(&thirteen.concealed, &thirteen.melds, &[4; 34], &HK_SHAPES, false, &mut out).is_err());
    let mut five = [0u8; 34];
    five[0] = 5;
    five[1] = 9;
    assert!(ev.shanten(&five, &[], &HK_SHAPES).is_err());
}

/// The shanten and ukeire of a 13-equivalent hand equal the reference shanten of the hand and
/// of the hand plus each possible draw, with and without declared sets (restricted groups
/// included), under both rulesets' shapes (eight and a half pairs near hands included).
#[test]
fn shanten_and_ukeire_equal_shanten_of_every_draw() {
    use crate::analysis::decompose::TW_SHAPES;
    let mut ev = Evaluator::new();
    let mut rng = XorShift(0x5EED_A6E7_0000_0013);
    let (mut restricted, mut lowered) = (0, 0);
    for i in 0..6000 {
        let (shapes, size) = if i % 2 == 0 { (&HK_SHAPES, 13) } else { (&TW_SHAPES, 16) };
        let n_melds = [0, 0, 1, 2, 3, 4][(i / 2) % 6];
        let (c, melds) = if n_melds == 0 && i % 4 == 1 {
            (pairs_hand(&mut rng, 16), Vec::new())
        } else {
            random_hand(&mut rng, n_melds, size - 3 * n_melds, i % 3 != 0)
        };
        let u = random_unseen(&mut rng, &c, &melds);
        let held = held_counts(&c, &melds).unwrap();
        let sh = shanten(&c, &melds, shapes).unwrap();
        let (mut ukeire, mut draws) = (0u32, 0u64);
        let mut d = c;
        for t in 0..N_KINDS {
            if u[t] == 0 || held[t] >= 4 {
                continue;
            }
            d[t] += 1;
            if shanten(&d, &melds, shapes).unwrap() < sh {
                ukeire += u[t] as u32;
                draws |= 1 << t;
            }
            d[t] -= 1;
        }
        assert_eq!(ev.shanten_and_ukeire(&c, &melds, &u, shapes).unwrap(), (sh, ukeire, draws), "hand {c:?} {melds:?}");
        restricted += usize::from(!melds.is_empty());
        lowered += usize::from(draws != 0);
    }
    assert!(restricted > 3000 && lowered > 5000, "{restricted} with declared sets, {lowered} with ukeire");
    assert!(ev.shanten_and_ukeire(&[0; 34], &[], &[4; 34], &HK_SHAPES).is_err(), "a wrong size is an error");
}

/// The ready discards after each draw of a 13-equivalent hand equal those of the hand with the
/// draw (both rulesets' shapes, declared sets, near eight-and-a-half-pairs hands); draws of a
/// fifth copy are errors.
#[test]
fn ready_discards_after_draws_equal_those_of_each_hand() {
    use crate::analysis::decompose::TW_SHAPES;
    let mut ev = Evaluator::new();
    let mut rng = XorShift(0x5EED_A6E7_0000_0014);
    let mut rates = Vec::new();
    let (mut n_ready, mut restricted) = (0, 0);
    for i in 0..3000 {
        let (shapes, size) = if i % 2 == 0 { (&HK_SHAPES, 13) } else { (&TW_SHAPES, 16) };
        let n_melds = [0, 0, 1, 2, 3, 4][(i / 2) % 6];
        let (c, melds) = if n_melds == 0 && i % 4 == 1 {
            (pairs_hand(&mut rng, 16), Vec::new())
        } else {
            random_hand(&mut rng, n_melds, size - 3 * n_melds, i % 3 != 0)
        };
        let held = held_counts(&c, &melds).unwrap();
        let draws = (0..N_KINDS).filter(|&k| held[k] < 4).fold(0u64, |m, k| m | 1 << k);
        let mut got = [u64::MAX; N_KINDS];
        ev.ready_discards_after_draws(&c, &melds, shapes, draws, &mut got).unwrap();
        let mut d = c;
        for k in 0..N_KINDS {
            if draws >> k & 1 == 0 {
                assert_eq!(got[k], u64::MAX, "kind {k} was not asked for");
                continue;
            }
            d[k] += 1;
            let want = ev.ready_discards(&d, &melds, shapes, &mut rates).unwrap();
            d[k] -= 1;
            assert_eq!(got[k], want, "hand {c:?} {melds:?} drawing {k}");
            n_ready += usize::from(want != 0);
        }
        restricted += usize::from(!melds.is_empty());
        if let Some(k) = (0..N_KINDS).find(|&k| held[k] == 4) {
            assert!(ev.ready_discards_after_draws(&c, &melds, shapes, 1 << k, &mut got).is_err(), "a fifth copy");
        }
    }
    assert!(n_ready > 3000 && restricted > 1500, "{n_ready} draws leave a ready discard, {restricted} hands with sets");
}
