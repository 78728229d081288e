//! Waits of a ready hand (HK §14a "Waits").

use crate::analysis::decompose::{check_rules, held_counts, is_complete, ShapeRules};
use crate::error::{MahjongError, Result};
use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::{Tile, N_KINDS};

/// HK §14a: the kinds `t` (ascending) such that the hand plus one `t` has a winning shape,
/// ignoring the minimum. A kind whose four copies the player already holds (concealed tiles plus
/// own declared sets, kongs counting 4) is never a wait.
///
/// Errors (`InvalidHand`): the size is not `3 * n_sets + 1` (concealed tiles plus 3 per declared
/// set), a fifth copy, a malformed meld.
///
/// ```
/// use mahjong_fast::{parse_hand, analysis::decompose::HK_SHAPES, analysis::waits::waits, Tile};
/// let h = parse_hand("1112345678999s").unwrap();
/// let w = waits(&h.concealed, &h.melds, &HK_SHAPES).unwrap();
/// assert_eq!(w.len(), 9); // nine gates
/// ```
pub fn waits(concealed: &Counts, melds: &[Meld], rules: &ShapeRules) -> Result<Vec<Tile>> {
    check_rules(rules)?;
    let held = held_counts(concealed, melds)?;
    let n: usize = concealed.iter().map(|&c| c as usize).sum::<usize>() + 3 * melds.len();
    let want = 3 * rules.n_sets + 1;
    if n != want {
        return Err(MahjongError::wrong_size(
            n,
            &[want],
            format!("wrong number of tiles: the hand has {n} (counting each declared set as 3), {want} expected"),
        ));
    }
    let mask = wait_mask(concealed, &held, melds.len(), rules);
    Ok((0..N_KINDS).filter(|&t| mask >> t & 1 != 0).map(|t| Tile(t as u8)).collect())
}

/// Waits as a bit mask over kinds (bit `t` = kind `t`), for a hand already checked (size,
/// counts `<= 4`, `held` = concealed plus own declared sets). Table-driven: each suit's
/// completeness is read once, then each candidate re-reads only its own group.
pub(crate) fn wait_mask(c: &Counts, held: &Counts, n_melds: usize, rules: &ShapeRules) -> u64 {
    if c.iter().any(|&x| x > 4) || rules.n_sets > crate::analysis::decompose::MAX_SETS {
        return wait_mask_ref(c, held, n_melds, rules);
    }
    let t = crate::analysis::tables::tables();
    // Per group: index, tile count; complete-as-is and whether it holds the pair.
    let mut idx = [0usize; 3];
    let mut sum = [0usize; 4];
    for g in 0..3 {
        let r = &c[g * 9..g * 9 + 9];
        idx[g] = crate::analysis::tables::suit_index(r);
        sum[g] = r.iter().map(|&x| x as usize).sum();
    }
    let suit_ok = |index: usize, n: usize| -> Option<usize> {
        let p = match n % 3 {
            0 => 0,
            2 => 1,
            _ => return None,
        };
        let s = (n - 2 * p) / 3;
        (s <= crate::analysis::decompose::MAX_SETS && t.suit(index)[2 * s + p] == 0).then_some(p)
    };
    let honour_ok = |h: &[u8]| -> Option<usize> {
        let mut pairs = 0;
        for &n in h {
            match n {
                0 | 3 => {}
                2 => pairs += 1,
                _ => return None,
            }
        }
        Some(pairs)
    };
    // Pairs of each group as it stands (None = not complete as it stands).
    let mut base: [Option<usize>; 4] = [None; 4];
    for g in 0..3 {
        base[g] = suit_ok(idx[g], sum[g]);
    }
    base[3] = honour_ok(&c[27..]);
    let mut mask = 0u64;
    // A candidate of group g completes the hand iff every other group is complete as it stands
    // and group g with the tile is, with exactly one pair in all.
    for g in 0..4 {
        let mut other_pairs = 0;
        let mut others_ok = true;
        for (o, b) in base.iter().enumerate() {
            if o != g {
                match *b {
                    Some(p) => other_pairs += p,
                    None => others_ok = false,
                }
            }
        }
        if !others_ok || other_pairs > 1 {
            continue;
        }
        let want = 1 - other_pairs;
        if g < 3 {
            for n in 0..9 {
                let k = g * 9 + n;
                if held[k] >= 4 {
                    continue;
                }
                if suit_ok(idx[g] + crate::analysis::tables::POW5[n] as usize, sum[g] + 1) == Some(want) {
                    mask |= 1 << k;
                }
            }
        } else {
            let mut h = [0u8; 7];
            h.copy_from_slice(&c[27..]);
            for n in 0..7 {
                let k = 27 + n;
                if held[k] >= 4 {
                    continue;
                }
                h[n] += 1;
                if honour_ok(&h) == Some(want) {
                    mask |= 1 << k;
                }
                h[n] -= 1;
            }
        }
    }
    // Seven pairs / thirteen orphans (no declared set, 14 tiles).
    let total: usize = c.iter().map(|&x| x as usize).sum();
    if n_melds == 0 && total == 13 {
        if rules.seven_pairs && c.iter().all(|&x| x <= 2) {
            let singles: Vec<usize> = (0..N_KINDS).filter(|&k| c[k] == 1).collect();
            if singles.len() == 1 && held[singles[0]] < 4 {
                mask |= 1 << singles[0];
            }
        }
        if rules.thirteen_orphans {
            let mut w = *c;
            for &k in crate::analysis::decompose::ORPHANS.iter() {
                let k = k as usize;
                if held[k] < 4 {
                    w[k] += 1;
                    if crate::analysis::decompose::is_thirteen_orphans(&w) {
                        mask |= 1 << k;
                    }
                    w[k] -= 1;
                }
            }
        }
    }
    // Eight and a half pairs (TW §9.2; no declared set, 17 tiles): six pairs, a pung and a
    // single wait on the single; eight pairs wait on each of their kinds (one becomes the pung).
    if n_melds == 0 && total == 16 && rules.eight_half_pairs && rules.eight_half_quads && 3 * rules.n_sets + 2 == 17 {
        // TW §20.4.2 rule 4: each kind tried (four of a kind are two pairs)
        let mut w = *c;
        for k in 0..N_KINDS {
            if held[k] < 4 && w[k] < 4 {
                w[k] += 1;
                if crate::analysis::decompose::is_eight_half(&w, true) {
                    mask |= 1 << k;
                }
                w[k] -= 1;
            }
        }
    } else if n_melds == 0 && total == 16 && rules.eight_half_pairs && 3 * rules.n_sets + 2 == 17 {
        let mut n = [0usize; 5];
        for &x in c.iter() {
            n[x as usize] += 1;
        }
        if n[4] == 0 {
            if n[2] == 6 && n[3] == 1 && n[1] == 1 {
                let k = (0..N_KINDS).position(|k| c[k] == 1).unwrap_or(0);
                if held[k] < 4 {
                    mask |= 1 << k;
                }
            } else if n[2] == 8 && n[1] == 0 && n[3] == 0 {
                for k in 0..N_KINDS {
                    if c[k] == 2 && held[k] < 4 {
                        mask |= 1 << k;
                    }
                }
            }
        }
    }
    mask
}

/// Reference: try every kind with [`is_complete`].
pub(crate) fn wait_mask_ref(c: &Counts, held: &Counts, n_melds: usize, rules: &ShapeRules) -> u64 {
    let mut mask = 0u64;
    let mut c = *c;
    for t in 0..N_KINDS {
        if held[t] >= 4 {
            continue;
        }
        c[t] += 1;
        if is_complete(&c, n_melds, rules) {
            mask |= 1 << t;
        }
        c[t] -= 1;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::decompose::HK_SHAPES;
    use crate::tiles::hand::hand;
    use crate::tiles::tile::parse_tile_list;

    fn w(s: &str) -> Vec<Tile> {
        let h = hand(s);
        waits(&h.concealed, &h.melds, &HK_SHAPES).unwrap()
    }
    fn tiles(s: &str) -> Vec<Tile> {
        parse_tile_list(s)
            .unwrap()
            .into_iter()
            .map(|t| match t {
                crate::tiles::tile::AnyTile::Kind(k) => k,
                _ => unreachable!(),
            })
            .collect()
    }

    #[test]
    fn simple_waits() {
        assert_eq!(w("123m456m789p234s5s"), tiles("25s"));
        assert_eq!(w("123m456m789p23s55s"), tiles("14s"));
        assert_eq!(w("1112345678999s"), tiles("123456789s"));
        assert_eq!(w("19m19p19s1234567z"), tiles("19m19p19s1234567z"));
        assert_eq!(w("112233m445566p7s"), tiles("7s"));
        assert_eq!(w("5s [123m] [456m] [789p] [234s]"), tiles("5s"));
        assert!(w("5s [123m] [456m] [789p] [555s]").is_empty());
    }

    #[test]
    fn four_held_copies_are_no_wait() {
        // 123456789m1111p: 1p would need a fifth copy; not ready.
        assert!(w("123456789m1111p").is_empty());
        // Fourth copy in own kong: 5p single wait blocked.
        assert!(w("123m456m46p11z (5555p)").is_empty());
        assert!(w("46p11z [123m] [456m] [5555p]").is_empty());
        assert_eq!(w("46p11z [123m] [456m] [555p]"), tiles("5p"));
        // The fourth copy in a declared pung plus three concealed.
        assert_eq!(w("4445p [555p] 123m 456m"), tiles("36p"));
        // Four equal concealed tiles are not two pairs: no seven-pairs wait on 5s.
        assert!(w("1122m3344p5s6666z").is_empty());
    }

    #[test]
    fn errors_not_panics() {
        let h = hand("123m");
        assert!(matches!(waits(&h.concealed, &h.melds, &HK_SHAPES), Err(MahjongError::InvalidHand { .. })));
        let h = hand("123m456m789p234s55s");
        assert!(waits(&h.concealed, &h.melds, &HK_SHAPES).is_err());
        let mut c = [0u8; 34];
        c[0] = 13;
        assert!(waits(&c, &[], &HK_SHAPES).is_err());
        let bad = [Meld { kind: crate::tiles::hand::MeldKind::Chow, tile: Tile(33) }];
        assert!(waits(&[0u8; 34], &bad, &HK_SHAPES).is_err());
        let bad = [Meld { kind: crate::tiles::hand::MeldKind::Pung, tile: Tile(200) }];
        assert!(waits(&[0u8; 34], &bad, &HK_SHAPES).is_err());
    }
}
