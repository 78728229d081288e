//! Discard advice for the AI seats: one call rates every discard of a hand (shanten, ukeire).

use crate::analysis::decompose::MAX_SETS;
use crate::analysis::decompose::{check_rules, held_counts, ShapeRules};
use crate::analysis::shanten::{
    caps, check_size, finish_with, group_of, rests, shanten_from_missing, shanten_of_tables, GroupMemo,
};
use crate::error::Result;
use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::{Tile, N_KINDS};

/// One candidate discard: the shanten after it and its ukeire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscardRating {
    pub tile: Tile,
    pub shanten: i8,
    /// Sum of `unseen[t]` over the kinds `t` whose draw would lower `shanten`.
    pub ukeire: u32,
}

/// For a 14-equivalent hand (`3 * n_sets + 2`): for each distinct concealed kind (ascending), the
/// shanten after discarding it (HK §14a) and its ukeire = sum of `unseen[t]` over kinds `t` whose
/// draw would lower that shanten. `unseen` = copies the player cannot see (the caller computes
/// it). A kind the player would then hold four times (counting own melds) cannot be drawn and
/// never counts.
///
/// Errors (`InvalidHand`): wrong size, a fifth copy, a malformed meld.
pub fn rate_discards(concealed: &Counts, melds: &[Meld], unseen: &Counts, rules: &ShapeRules) -> Result<Vec<DiscardRating>> {
    check_rules(rules)?;
    let held = held_counts(concealed, melds)?;
    check_size(concealed, melds, rules, &[2])?;
    let cap = caps(&held, concealed);
    let n_melds = melds.len();
    let need = rules.n_sets - n_melds;
    let mut out = Vec::with_capacity(14);
    let mut memo = GroupMemo::default();
    let mut h = *concealed;
    let group = |k: usize| if k < 27 { k / 9 } else { 3 };
    // Only the groups of the discard and of the draw change: keep the others' tables.
    let mut base = [[[0u8; 2]; MAX_SETS + 1]; 4];
    for (g, slot) in base.iter_mut().enumerate() {
        *slot = group_of(&h, &cap, g, need, &mut memo);
    }
    for d in 0..N_KINDS {
        if h[d] == 0 {
            continue;
        }
        h[d] -= 1;
        let gd = group(d);
        let mut ts = base;
        ts[gd] = group_of(&h, &cap, gd, need, &mut memo);
        let s = shanten_of_tables(&ts, &h, n_melds, rules);
        let rest = rests(&ts, need);
        let mut ukeire = 0u32;
        for t in 0..N_KINDS {
            // After the discard the player holds held[t] - [t == d] copies of t.
            let now = held[t] - u8::from(t == d);
            if now >= 4 || unseen[t] == 0 {
                continue;
            }
            h[t] += 1;
            let gt = group(t);
            let tt = group_of(&h, &cap, gt, need, &mut memo);
            let missing = finish_with(&rest[gt], &tt, need);
            if shanten_from_missing(missing, &h, n_melds, rules) < s {
                ukeire += unseen[t] as u32;
            }
            h[t] -= 1;
        }
        h[d] += 1;
        out.push(DiscardRating { tile: Tile(d as u8), shanten: s, ukeire });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::decompose::HK_SHAPES;
    use crate::analysis::shanten::shanten;
    use crate::analysis::shanten::tests::{random_hand, XorShift};
    use crate::analysis::waits::waits;
    use crate::tiles::hand::hand;
    use crate::tiles::tile::parse_tile;

    fn unseen_for(concealed: &Counts, melds: &[Meld]) -> Counts {
        let held = held_counts(concealed, melds).unwrap();
        let mut u = [0u8; 34];
        for k in 0..34 {
            u[k] = 4 - held[k];
        }
        u
    }

    #[test]
    fn ready_discards_and_ukeire_is_waits() {
        let h = hand("123m456m789p234s55s");
        let u = unseen_for(&h.concealed, &h.melds);
        let r = rate_discards(&h.concealed, &h.melds, &u, &HK_SHAPES).unwrap();
        assert_eq!(r.len(), 13);
        let five_s = r.iter().find(|x| x.tile == parse_tile("5s").unwrap()).unwrap();
        assert_eq!(five_s.shanten, 0);
        // Discarding 5s leaves 123m456m789p234s5s waiting on 2s and 5s.
        assert_eq!(five_s.ukeire, 3 + 2);
        let one_m = r.iter().find(|x| x.tile == parse_tile("1m").unwrap()).unwrap();
        assert_eq!(one_m.shanten, 0);
    }

    #[test]
    fn errors() {
        let h = hand("123m456m789p234s5s");
        assert!(rate_discards(&h.concealed, &h.melds, &[4; 34], &HK_SHAPES).is_err());
    }

    #[test]
    fn random_against_definition() {
        let mut rng = XorShift(0xA11C_E5ED_0000_0042);
        for i in 0..400 {
            let n_melds = [0, 0, 1, 2][i % 4];
            let (c, melds) = random_hand(&mut rng, n_melds, 14 - 3 * n_melds, i % 2 == 0);
            let u = unseen_for(&c, &melds);
            let r = rate_discards(&c, &melds, &u, &HK_SHAPES).unwrap();
            let kinds: Vec<Tile> = (0..34).filter(|&k| c[k] > 0).map(|k| Tile(k as u8)).collect();
            assert_eq!(r.iter().map(|x| x.tile).collect::<Vec<_>>(), kinds);
            for x in &r {
                let mut h = c;
                h[x.tile.index()] -= 1;
                let s = shanten(&h, &melds, &HK_SHAPES).unwrap();
                assert_eq!(x.shanten, s);
                let held = held_counts(&h, &melds).unwrap();
                let mut uk = 0u32;
                for t in 0..34 {
                    if held[t] < 4 {
                        let mut h2 = h;
                        h2[t] += 1;
                        if shanten(&h2, &melds, &HK_SHAPES).unwrap() < s {
                            uk += u[t] as u32;
                        }
                    }
                }
                assert_eq!(x.ukeire, uk);
                if s == 0 {
                    // Ready: the tiles that lower shanten are exactly the waits.
                    let w = waits(&h, &melds, &HK_SHAPES).unwrap();
                    let from_waits: u32 = w.iter().map(|t| u[t.index()] as u32).sum();
                    assert_eq!(x.ukeire, from_waits);
                }
            }
        }
    }
}
