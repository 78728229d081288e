//! Winning shapes and every decomposition of a hand (HK §9, §10.1; Taiwanese §9).
//!
//! The shapes are generic over the number of sets (`ShapeRules::n_sets`: 4 for Hong Kong, 5 for
//! the Taiwanese 16-tile game). Declared melds are not part of the counts given here: a hand with
//! `n_melds` declared sets needs `n_sets - n_melds` sets plus a pair from its concealed tiles.

use crate::error::{MahjongError, Result};
use crate::hand::{Counts, Meld, MeldKind};
use crate::tile::{Tile, N_KINDS};

/// Which winning shapes a ruleset has (HK §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeRules {
    /// Sets of the standard shape (4 HK, 5 Taiwanese).
    pub n_sets: usize,
    /// Seven pairs (HK §9.2): only with no declared set and a 14-tile hand.
    pub seven_pairs: bool,
    /// Thirteen orphans (HK §9.3): only with no declared set and a 14-tile hand.
    pub thirteen_orphans: bool,
}

/// The shapes of the Hong Kong rules (§9).
pub const HK_SHAPES: ShapeRules = ShapeRules { n_sets: 4, seven_pairs: true, thirteen_orphans: true };

/// Largest `n_sets` the analysis functions accept.
pub const MAX_SETS: usize = 6;

/// The 13 kinds of thirteen orphans (terminals and honours), ascending.
pub const ORPHANS: [u8; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// A set formed from concealed tiles (a chow is named by its lowest tile).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ConcealedSet {
    Chow(Tile),
    Pung(Tile),
}

impl ConcealedSet {
    pub fn tile(self) -> Tile {
        match self {
            ConcealedSet::Chow(t) | ConcealedSet::Pung(t) => t,
        }
    }
    pub fn is_pung(self) -> bool {
        matches!(self, ConcealedSet::Pung(_))
    }
}

/// One way to read a complete hand (HK §10.1 step 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interpretation {
    /// Standard shape: the concealed sets (declared melds are separate), sorted, and the pair.
    Standard { sets: Vec<ConcealedSet>, pair: Tile },
    /// Seven pairs of seven different kinds, ascending.
    SevenPairs { pairs: [Tile; 7] },
    /// Thirteen orphans; `pair` is the doubled kind.
    ThirteenOrphans { pair: Tile },
}

#[inline]
fn total(c: &Counts) -> usize {
    c.iter().map(|&n| n as usize).sum()
}

/// Number of concealed tiles a complete hand with `n_melds` declared sets has, or `None` when
/// there are more melds than sets.
#[inline]
pub fn complete_size(n_melds: usize, rules: &ShapeRules) -> Option<usize> {
    rules.n_sets.checked_sub(n_melds).map(|need| 3 * need + 2)
}

/// True when `c` splits into sets only (no pair). Per suit, the lowest remaining kind's count
/// modulo 3 must start chows there; the rest are pungs (three pungs i,i+1,i+2 and three chows
/// i..i+2 use the same tiles, so this greedy choice loses nothing).
fn sets_only(c: &mut Counts) -> bool {
    for suit in 0..3 {
        let base = suit * 9;
        for n in 0..9 {
            let i = base + n;
            let r = c[i] % 3;
            if r > 0 {
                if n > 6 || c[i + 1] < r || c[i + 2] < r {
                    return false;
                }
                c[i + 1] -= r;
                c[i + 2] -= r;
            }
            c[i] = 0;
        }
    }
    c[27..].iter().all(|&n| n == 0 || n == 3)
}

/// Table-driven standard-shape test: each suit must be exactly its sets (and the pair), read
/// from the suit table; honours are 0, 2 or 3 of a kind; exactly one pair in all. `None` when
/// the counts fall outside the tables (a count above 4, more than `MAX_SETS` sets in a suit).
#[inline]
fn is_standard_table(c: &Counts) -> Option<bool> {
    let t = crate::tables::tables();
    let mut pairs = 0usize;
    for suit in 0..3 {
        let r = &c[suit * 9..suit * 9 + 9];
        let mut sum = 0usize;
        for &x in r {
            if x > 4 {
                return None;
            }
            sum += x as usize;
        }
        let p = match sum % 3 {
            0 => 0,
            2 => 1,
            _ => return Some(false),
        };
        let s = (sum - 2 * p) / 3;
        if s > MAX_SETS {
            return None;
        }
        if t.suit(crate::tables::suit_index(r))[2 * s + p] != 0 {
            return Some(false);
        }
        pairs += p;
    }
    for &n in &c[27..] {
        match n {
            0 | 3 => {}
            2 => pairs += 1,
            _ => return Some(false),
        }
    }
    Some(pairs == 1)
}

#[inline]
fn is_standard(c: &Counts) -> bool {
    match is_standard_table(c) {
        Some(v) => v,
        None => is_standard_ref(c),
    }
}

/// Greedy reference of [`is_standard`] (any counts).
pub(crate) fn is_standard_ref(c: &Counts) -> bool {
    // Quick rejection for honours: every honour count must be 0, 2 (the pair) or 3.
    let mut honour_pairs = 0;
    for &n in &c[27..] {
        match n {
            0 | 3 => {}
            2 => honour_pairs += 1,
            _ => return false,
        }
    }
    if honour_pairs > 1 {
        return false;
    }
    for p in 0..N_KINDS {
        if c[p] >= 2 && (honour_pairs == 0 || p >= 27) {
            let mut w = *c;
            w[p] -= 2;
            if sets_only(&mut w) {
                return true;
            }
        }
    }
    false
}

pub(crate) fn is_seven_pairs(c: &Counts) -> bool {
    c.iter().all(|&n| n == 0 || n == 2) && c.iter().filter(|&&n| n == 2).count() == 7
}

pub(crate) fn is_thirteen_orphans(c: &Counts) -> bool {
    let mut orphan = [false; N_KINDS];
    for &k in &ORPHANS {
        orphan[k as usize] = true;
    }
    let mut doubles = 0;
    for (k, &n) in c.iter().enumerate() {
        if orphan[k] {
            match n {
                1 => {}
                2 => doubles += 1,
                _ => return false,
            }
        } else if n != 0 {
            return false;
        }
    }
    doubles == 1
}

/// True when the concealed tiles (winning tile included) with `n_melds` declared sets form a
/// winning shape (HK §9). No allocation.
pub fn is_complete(concealed: &Counts, n_melds: usize, rules: &ShapeRules) -> bool {
    let Some(size) = complete_size(n_melds, rules) else { return false };
    if total(concealed) != size {
        return false;
    }
    if is_standard(concealed) {
        return true;
    }
    if n_melds == 0 && size == 14 {
        if rules.seven_pairs && is_seven_pairs(concealed) {
            return true;
        }
        if rules.thirteen_orphans && is_thirteen_orphans(concealed) {
            return true;
        }
    }
    false
}

/// Every interpretation of a complete hand (HK §10.1 step 1): every distinct split into sets and
/// a pair (including the reading of runs as pungs, and pairs taken out of four equal tiles), then
/// seven pairs, then thirteen orphans. Empty when the hand is not complete.
///
/// ```
/// use mahjong_fast::decompose::{decompose, HK_SHAPES};
/// use mahjong_fast::parse_hand;
/// let h = parse_hand("111222333m789p55s").unwrap();
/// assert_eq!(decompose(&h.concealed, 0, &HK_SHAPES).len(), 2); // pungs or three 123m chows
/// ```
pub fn decompose(concealed: &Counts, n_melds: usize, rules: &ShapeRules) -> Vec<Interpretation> {
    let mut out = Vec::new();
    let Some(size) = complete_size(n_melds, rules) else { return out };
    if total(concealed) != size || concealed.iter().any(|&n| n > 4) {
        return out;
    }
    let mut work = *concealed;
    let mut sets = Vec::with_capacity(rules.n_sets);
    split(&mut work, 0, None, &mut sets, &mut out);
    if n_melds == 0 && size == 14 {
        if rules.seven_pairs && is_seven_pairs(concealed) {
            let mut pairs = [Tile(0); 7];
            for (slot, k) in pairs.iter_mut().zip((0..N_KINDS).filter(|&k| concealed[k] == 2)) {
                *slot = Tile(k as u8);
            }
            out.push(Interpretation::SevenPairs { pairs });
        }
        if rules.thirteen_orphans && is_thirteen_orphans(concealed) {
            if let Some(k) = ORPHANS.iter().find(|&&k| concealed[k as usize] == 2) {
                out.push(Interpretation::ThirteenOrphans { pair: Tile(*k) });
            }
        }
    }
    out
}

/// Canonical enumeration: at kind `i`, decide at once how many of its tiles go to the pair (0/1),
/// a pung (0/1) and chows starting at `i`; every other use of `i` was decided at `i-1`, `i-2`.
/// So each distinct multiset of sets is produced exactly once.
fn split(c: &mut Counts, i: usize, pair: Option<Tile>, sets: &mut Vec<ConcealedSet>, out: &mut Vec<Interpretation>) {
    if i == N_KINDS {
        if let Some(p) = pair {
            let mut s = sets.clone();
            s.sort();
            out.push(Interpretation::Standard { sets: s, pair: p });
        }
        return;
    }
    let n = c[i];
    if n == 0 {
        split(c, i + 1, pair, sets, out);
        return;
    }
    let t = Tile(i as u8);
    let chow_ok = t.is_suited() && t.number() <= 7;
    for take_pair in [false, true] {
        if take_pair && pair.is_some() {
            continue;
        }
        for take_pung in [false, true] {
            let used = 2 * take_pair as u8 + 3 * take_pung as u8;
            if used > n {
                continue;
            }
            let chows = n - used;
            if chows > 0 && !(chow_ok && c[i + 1] >= chows && c[i + 2] >= chows) {
                continue;
            }
            let mark = sets.len();
            if take_pung {
                sets.push(ConcealedSet::Pung(t));
            }
            for _ in 0..chows {
                sets.push(ConcealedSet::Chow(t));
            }
            if chows > 0 {
                c[i + 1] -= chows;
                c[i + 2] -= chows;
            }
            let saved = c[i];
            c[i] = 0;
            split(c, i + 1, if take_pair { Some(t) } else { pair }, sets, out);
            c[i] = saved;
            if chows > 0 {
                c[i + 1] += chows;
                c[i + 2] += chows;
            }
            sets.truncate(mark);
        }
    }
}

/// Check declared melds built outside the parser (public fields): a chow must start at a suited
/// tile numbered 1..=7 and every tile must be a kind 0..=33. Returns the tiles the melds hold
/// (kongs count 4) as wide counts.
pub(crate) fn meld_counts(melds: &[Meld]) -> Result<[u16; N_KINDS]> {
    let mut c = [0u16; N_KINDS];
    for m in melds {
        let i = m.tile.index();
        if i >= N_KINDS {
            return Err(MahjongError::hand(format!("meld tile index {i} is not a tile kind (0..=33)")));
        }
        match m.kind {
            MeldKind::Chow => {
                if !(m.tile.is_suited() && m.tile.number() <= 7) {
                    return Err(MahjongError::hand(format!("a chow cannot start at {}", m.tile)));
                }
                c[i] += 1;
                c[i + 1] += 1;
                c[i + 2] += 1;
            }
            k => c[i] += k.n_tiles() as u16,
        }
    }
    Ok(c)
}

/// Tiles held over concealed counts and melds, checked for a fifth copy (HK §2, §14a).
pub(crate) fn held_counts(concealed: &Counts, melds: &[Meld]) -> Result<Counts> {
    let mut c = meld_counts(melds)?;
    let mut out = [0u8; N_KINDS];
    for k in 0..N_KINDS {
        c[k] += concealed[k] as u16;
        if c[k] > 4 {
            return Err(MahjongError::hand(format!(
                "{} copies of {} (there are only 4 of each kind)",
                c[k],
                Tile(k as u8)
            )));
        }
        out[k] = c[k] as u8;
    }
    Ok(out)
}

/// Check `rules.n_sets` is usable by the analysis functions.
pub(crate) fn check_rules(rules: &ShapeRules) -> Result<()> {
    if rules.n_sets == 0 || rules.n_sets > MAX_SETS {
        return Err(MahjongError::RuleConfig(format!("n_sets = {} (1..={MAX_SETS} supported)", rules.n_sets)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::hand;

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
                sets: vec![ConcealedSet::Chow(Tile(0)), ConcealedSet::Chow(Tile(12)), ConcealedSet::Chow(Tile(24)), ConcealedSet::Pung(Tile(0))],
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
        let tw = ShapeRules { n_sets: 5, seven_pairs: false, thirteen_orphans: false };
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
}
