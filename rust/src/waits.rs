//! Waits of a ready hand (HK §14a "Waits").

use crate::decompose::{check_rules, held_counts, is_complete, ShapeRules};
use crate::error::{MahjongError, Result};
use crate::hand::{Counts, Meld};
use crate::tile::{Tile, N_KINDS};

/// HK §14a: the kinds `t` (ascending) such that the hand plus one `t` has a winning shape,
/// ignoring the minimum. A kind whose four copies the player already holds (concealed tiles plus
/// own declared sets, kongs counting 4) is never a wait.
///
/// Errors (`InvalidHand`): the size is not `3 * n_sets + 1` (concealed tiles plus 3 per declared
/// set), a fifth copy, a malformed meld.
///
/// ```
/// use mahjong_fast::{parse_hand, decompose::HK_SHAPES, waits::waits, Tile};
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
        return Err(MahjongError::hand(format!(
            "wrong number of tiles: the hand has {n} (counting each declared set as 3), {want} expected"
        )));
    }
    let mut out = Vec::new();
    let mut c = *concealed;
    for t in 0..N_KINDS {
        if held[t] >= 4 {
            continue;
        }
        c[t] += 1;
        if is_complete(&c, melds.len(), rules) {
            out.push(Tile(t as u8));
        }
        c[t] -= 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::HK_SHAPES;
    use crate::hand::hand;
    use crate::tile::parse_tile_list;

    fn w(s: &str) -> Vec<Tile> {
        let h = hand(s);
        waits(&h.concealed, &h.melds, &HK_SHAPES).unwrap()
    }
    fn tiles(s: &str) -> Vec<Tile> {
        parse_tile_list(s)
            .unwrap()
            .into_iter()
            .map(|t| match t {
                crate::tile::AnyTile::Kind(k) => k,
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
        assert!(matches!(waits(&h.concealed, &h.melds, &HK_SHAPES), Err(MahjongError::InvalidHand(_))));
        let h = hand("123m456m789p234s55s");
        assert!(waits(&h.concealed, &h.melds, &HK_SHAPES).is_err());
        let mut c = [0u8; 34];
        c[0] = 13;
        assert!(waits(&c, &[], &HK_SHAPES).is_err());
        let bad = [Meld { kind: crate::hand::MeldKind::Chow, tile: Tile(33) }];
        assert!(waits(&[0u8; 34], &bad, &HK_SHAPES).is_err());
        let bad = [Meld { kind: crate::hand::MeldKind::Pung, tile: Tile(200) }];
        assert!(waits(&[0u8; 34], &bad, &HK_SHAPES).is_err());
    }
}
