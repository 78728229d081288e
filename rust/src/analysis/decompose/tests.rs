use super::*;
use crate::tiles::hand::hand;

/// The in-place notation equals the reference on every interpretation of 60,000 seeded
/// complete hands (melds of every kind, seven pairs, thirteen orphans).
#[test]
fn interpretation_text_matches_reference() {
    let mut readings = 0usize;
    let mut with_melds = 0usize;
    for (c, melds) in seeded_complete_hands(0x7E47_0000_0000_0001, 60_000) {
        let interps = decompose(&c, melds.len(), &HK_SHAPES);
        assert!(!interps.is_empty(), "{}", crate::tiles::tile::format_counts(&c));
        with_melds += !melds.is_empty() as usize;
        for i in &interps {
            assert_eq!(interpretation_text(i, &melds), interpretation_text_ref(i, &melds));
            readings += 1;
        }
    }
    assert!(readings > 60_000 && with_melds > 30_000, "{readings} {with_melds}");
}

fn c(s: &str) -> Counts {
    hand(s).concealed
}
fn std_sets(i: &Interpretation) -> Option<(Vec<ConcealedSet>, Tile)> {
    match i {
        Interpretation::Standard { sets, pair } => Some((sets.clone(), *pair)),
        _ => None,
    }
}

#[test]
fn runs_as_pungs_both_listed() {
    let v = decompose(&c("111222333m789p55s"), 0, &HK_SHAPES);
    assert_eq!(v.len(), 2);
    let (a, pa) = std_sets(&v[0]).unwrap();
    let (b, pb) = std_sets(&v[1]).unwrap();
    assert_eq!((pa, pb), (Tile(22), Tile(22)));
    assert!(a != b);
    let all_pungs = |s: &[ConcealedSet]| s.iter().filter(|x| x.is_pung()).count();
    let mut n: Vec<usize> = vec![all_pungs(&a), all_pungs(&b)];
    n.sort();
    assert_eq!(n, vec![0, 3]);
}

#[test]
fn four_equal_tiles_split_in_standard_never_two_pairs() {
    // 1111m: pung + chow 123m.
    let v = decompose(&c("111123m456p789s55z"), 0, &HK_SHAPES);
    assert_eq!(v.len(), 1);
    assert_eq!(
        v[0],
        Interpretation::Standard {
            sets: vec![
                ConcealedSet::Chow(Tile(0)),
                ConcealedSet::Chow(Tile(12)),
                ConcealedSet::Chow(Tile(24)),
                ConcealedSet::Pung(Tile(0))
            ],
            pair: Tile(31)
        }
    );
    // A pair and two runs out of 1111m: 11m 123m 123m.
    let v = decompose(&c("11112233m456p789s"), 0, &HK_SHAPES);
    assert!(v.iter().any(|i| matches!(i, Interpretation::Standard { pair, .. } if *pair == Tile(0))));
    // 1111m as two pairs of seven pairs: not complete.
    assert!(!is_complete(&c("1111m2233p4455s6z6z"), 0, &HK_SHAPES));
    assert!(decompose(&c("1111m2233p4455s66z"), 0, &HK_SHAPES).is_empty());
}

#[test]
fn honour_quad_is_not_pung_plus_pair() {
    assert!(!is_complete(&c("1111z123m456m789m"), 0, &HK_SHAPES));
    assert!(decompose(&c("1111z123m456m789m"), 0, &HK_SHAPES).is_empty());
    assert!(is_complete(&c("111z22z123m456m789m"), 0, &HK_SHAPES));
}

#[test]
fn seven_pairs_and_orphans() {
    let v = decompose(&c("112233m445566p77s"), 0, &HK_SHAPES);
    assert_eq!(v.len(), 2); // 123m 123m 456p 456p 77s and seven pairs
    assert!(matches!(v[1], Interpretation::SevenPairs { .. }));
    let v = decompose(&c("19m19p19s12345677z"), 0, &HK_SHAPES);
    assert_eq!(v, vec![Interpretation::ThirteenOrphans { pair: Tile(33) }]);
    // Not with a declared set.
    assert!(!is_complete(&c("1122m3344p55s66z"), 1, &HK_SHAPES));
    assert!(!is_complete(&c("19m19p19s12345677z"), 1, &HK_SHAPES));
}

#[test]
fn melds_and_generic_sets() {
    assert!(is_complete(&c("55s"), 4, &HK_SHAPES));
    assert!(!is_complete(&c("55s"), 5, &HK_SHAPES));
    assert!(!is_complete(&c("55s"), 3, &HK_SHAPES));
    let tw =
        ShapeRules { n_sets: 5, seven_pairs: false, thirteen_orphans: false, eight_half_pairs: false, eight_half_quads: false };
    assert!(is_complete(&c("123m456m789m123p456p55s"), 0, &tw));
    assert!(!is_complete(&c("123m456m789m123p55s"), 0, &tw));
    // all pungs; 123m x3 + 444m; 111m + 234m x3
    assert_eq!(decompose(&c("111222333444m55s"), 1, &tw).len(), 3);
}

#[test]
fn each_split_listed_once() {
    // 111123m: pung 111 + chow 123 only once.
    let v = decompose(&c("111123m456p789s11z"), 0, &HK_SHAPES);
    assert_eq!(v.len(), 1);
    let v = decompose(&c("22223333444455m"), 0, &HK_SHAPES);
    let mut seen = v.clone();
    seen.dedup();
    assert_eq!(seen.len(), v.len());
    assert!(!v.is_empty());
}

#[test]
fn odd_inputs_do_not_panic() {
    let mut c = [0u8; 34];
    c[0] = 200;
    assert!(!is_complete(&c, 0, &HK_SHAPES));
    assert!(decompose(&c, 0, &HK_SHAPES).is_empty());
    c[0] = 14;
    assert!(decompose(&c, 0, &HK_SHAPES).is_empty());
    let mut c = [0u8; 34];
    c[8] = 2;
    c[26] = 3;
    assert!(!is_complete(&c, 4, &HK_SHAPES));
    assert!(!is_complete(&[0u8; 34], 9, &HK_SHAPES));
}
