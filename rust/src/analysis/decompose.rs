//! Winning shapes and every decomposition of a hand (HK §9, §10.1; Taiwanese §9).
//!
//! The shapes are generic over the number of sets (`ShapeRules::n_sets`: 4 for Hong Kong, 5 for
//! the Taiwanese 16-tile game). Declared melds are not part of the counts given here: a hand with
//! `n_melds` declared sets needs `n_sets - n_melds` sets plus a pair from its concealed tiles.

use crate::error::{MahjongError, Result};
use crate::tiles::hand::{Counts, Meld, MeldKind};
use crate::tiles::tile::{Tile, N_KINDS};

mod notation;
pub use notation::interpretation_text;
#[cfg(test)]
pub(crate) use notation::interpretation_text_ref;

/// Which winning shapes a ruleset has (HK §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeRules {
    /// Sets of the standard shape (4 HK, 5 Taiwanese).
    pub n_sets: usize,
    /// Seven pairs (HK §9.2): only with no declared set and a 14-tile hand.
    pub seven_pairs: bool,
    /// Thirteen orphans (HK §9.3): only with no declared set and a 14-tile hand.
    pub thirteen_orphans: bool,
    /// Eight and a half pairs (Taiwanese §9.2): seven pairs of seven kinds and a pung of an
    /// eighth, only with no declared set and a 17-tile hand.
    pub eight_half_pairs: bool,
    /// With `eight_half_pairs`: four tiles of a kind count as two of the seven pairs (TW
    /// §20.4.2 rule 4, the common table's form; TW §9.2 refuses them).
    pub eight_half_quads: bool,
}

/// The shapes of the Hong Kong rules (§9).
pub const HK_SHAPES: ShapeRules =
    ShapeRules { n_sets: 4, seven_pairs: true, thirteen_orphans: true, eight_half_pairs: false, eight_half_quads: false };

/// The shapes of the Taiwanese rules (TW §9): five sets and a pair, eight and a half pairs; no
/// seven pairs, no thirteen orphans (TW §9.3).
pub const TW_SHAPES: ShapeRules =
    ShapeRules { n_sets: 5, seven_pairs: false, thirteen_orphans: false, eight_half_pairs: true, eight_half_quads: false };

/// The shapes of the Taiwanese common table without eight and a half pairs (TW §20.4: §9.2
/// does not apply; the shape exists only with the switch `eight_half_pairs`).
pub const TW_COMMON_SHAPES: ShapeRules = ShapeRules { eight_half_pairs: false, ..TW_SHAPES };

/// The shapes of the Taiwanese common table with `eight_half_pairs` (TW §20.4.2 rule 4: four
/// tiles of a kind count as two pairs).
pub const TW_COMMON_SHAPES_EIGHT_HALF: ShapeRules = ShapeRules { eight_half_quads: true, ..TW_SHAPES };

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
    /// Eight and a half pairs (TW §9.2): seven pairs of seven kinds (ascending) and the pung of
    /// an eighth kind.
    EightHalfPairs { pairs: [Tile; 7], pung: Tile },
}

#[inline]
fn total_range(c: &Counts, lo: usize, hi: usize) -> usize {
    c[lo..hi].iter().map(|&n| n as usize).sum()
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
    let t = crate::analysis::tables::tables();
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
        if t.suit(crate::analysis::tables::suit_index(r))[2 * s + p] != 0 {
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

/// TW §9.2: exactly seven kinds held twice and one held three times (four equal tiles are
/// never two pairs, and never a pung plus a pair's tile).
/// With `quads` (TW §20.4.2 rule 4, the common table) a kind held four times counts as two
/// pairs instead.
pub(crate) fn is_eight_half(c: &Counts, quads: bool) -> bool {
    if quads {
        let pairs: u32 = c
            .iter()
            .map(|&n| {
                if n == 2 {
                    1
                } else if n == 4 {
                    2
                } else {
                    0
                }
            })
            .sum();
        let pungs = c.iter().filter(|&&n| n == 3).count();
        let others = c.iter().all(|&n| matches!(n, 0 | 2 | 3 | 4));
        return others && pairs == 7 && pungs == 1;
    }
    let mut pairs = 0;
    let mut pungs = 0;
    for &n in c.iter() {
        match n {
            0 => {}
            2 => pairs += 1,
            3 => pungs += 1,
            _ => return false,
        }
    }
    pairs == 7 && pungs == 1
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
    n_melds == 0 && size == 17 && rules.eight_half_pairs && is_eight_half(concealed, rules.eight_half_quads)
}

/// Every interpretation of a complete hand (HK §10.1 step 1): every distinct split into sets and
/// a pair (including the reading of runs as pungs, and pairs taken out of four equal tiles), then
/// seven pairs, then thirteen orphans. Empty when the hand is not complete.
///
/// ```
/// use mahjong_fast::analysis::decompose::{decompose, HK_SHAPES};
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
    // The pair lies in the one group (suit or honours) whose tile count is 2 modulo 3: every
    // other group is sets only. No such single group, no standard reading.
    let mut pair_group = None;
    let mut shape_ok = true;
    for g in 0..4 {
        let hi = if g == 3 { N_KINDS } else { 9 * g + 9 };
        match total_range(concealed, 9 * g, hi) % 3 {
            0 => {}
            2 if pair_group.is_none() => pair_group = Some((9 * g, hi)),
            _ => shape_ok = false,
        }
    }
    if let (true, Some(pair_range)) = (shape_ok, pair_group) {
        let mut work = *concealed;
        let mut sets = SetStack { buf: [ConcealedSet::Pung(Tile(0)); MAX_SETS], len: 0 };
        split(&mut work, 0, None, pair_range, &mut sets, &mut out);
    }
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
    if n_melds == 0 && size == 17 && rules.eight_half_pairs && is_eight_half(concealed, rules.eight_half_quads) {
        out.push(eight_half_pairs_of(concealed));
    }
    out
}

/// The eight-and-a-half-pairs reading of counts that pass [`is_eight_half`].
pub(crate) fn eight_half_pairs_of(c: &Counts) -> Interpretation {
    let mut pairs = [Tile(0); 7];
    // a kind held four times is two of the pairs (TW §20.4.2 rule 4)
    let kinds = (0..N_KINDS).flat_map(|k| std::iter::repeat_n(k, usize::from(c[k] / 2) * usize::from(c[k] != 3)));
    for (slot, k) in pairs.iter_mut().zip(kinds) {
        *slot = Tile(k as u8);
    }
    let pung = Tile((0..N_KINDS).find(|&k| c[k] == 3).unwrap_or(0) as u8);
    Interpretation::EightHalfPairs { pairs, pung }
}

/// The concealed sets chosen so far (a complete hand of `3 need + 2` tiles has at most
/// `need <= MAX_SETS` sets, each using 3 of its tiles).
struct SetStack {
    buf: [ConcealedSet; MAX_SETS],
    len: usize,
}

impl SetStack {
    #[inline]
    fn push(&mut self, s: ConcealedSet) {
        self.buf[self.len] = s;
        self.len += 1;
    }
}

/// Canonical enumeration: at kind `i`, decide at once how many of its tiles go to the pair (0/1),
/// a pung (0/1) and chows starting at `i`; every other use of `i` was decided at `i-1`, `i-2`.
/// So each distinct multiset of sets is produced exactly once.
/// The pair is only taken at kinds in `pair_range` (the group that must hold it).
fn split(
    c: &mut Counts,
    i: usize,
    pair: Option<Tile>,
    pair_range: (usize, usize),
    sets: &mut SetStack,
    out: &mut Vec<Interpretation>,
) {
    // Kinds with no tile left decide nothing: skip to the next held kind.
    let mut i = i;
    while i < N_KINDS && c[i] == 0 {
        i += 1;
    }
    if i == N_KINDS {
        if let Some(p) = pair {
            let mut s = sets.buf[..sets.len].to_vec();
            // Insertion sort: at most MAX_SETS sets, a total order (same result as sort()).
            for j in 1..s.len() {
                let mut k = j;
                while k > 0 && s[k - 1] > s[k] {
                    s.swap(k - 1, k);
                    k -= 1;
                }
            }
            out.push(Interpretation::Standard { sets: s, pair: p });
        }
        return;
    }
    let n = c[i];
    let t = Tile(i as u8);
    let chow_ok = t.is_suited() && t.number() <= 7;
    for take_pair in [false, true] {
        if take_pair && (pair.is_some() || i < pair_range.0 || i >= pair_range.1) {
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
            let mark = sets.len;
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
            split(c, i + 1, if take_pair { Some(t) } else { pair }, pair_range, sets, out);
            c[i] = saved;
            if chows > 0 {
                c[i + 1] += chows;
                c[i + 2] += chows;
            }
            sets.len = mark;
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
                    return Err(MahjongError::hand_fault(
                        crate::error::HandFault::BadMeld { tiles: m.tile.to_string() },
                        format!("a chow cannot start at {}", m.tile),
                    ));
                }
                for x in &mut c[i..i + 3] {
                    *x = x.saturating_add(1);
                }
            }
            // Saturating: thousands of melds must still count as "more than 4", never wrap.
            k => c[i] = c[i].saturating_add(k.n_tiles() as u16),
        }
    }
    Ok(c)
}

/// Tiles held over concealed counts and melds, checked for a fifth copy (HK §2, §14a).
pub(crate) fn held_counts(concealed: &Counts, melds: &[Meld]) -> Result<Counts> {
    let mut c = meld_counts(melds)?;
    let mut out = [0u8; N_KINDS];
    // Sum and check every kind without an early exit (a loop the compiler vectorises), then
    // name the first kind over four.
    let mut over = false;
    for k in 0..N_KINDS {
        c[k] = c[k].saturating_add(concealed[k] as u16);
        over |= c[k] > 4;
        out[k] = c[k] as u8;
    }
    if over {
        if let Some(k) = (0..N_KINDS).find(|&k| c[k] > 4) {
            return Err(crate::tiles::hand::too_many_copies(c[k] as usize, Tile(k as u8)));
        }
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

/// Seeded complete hands for cross-checks: `(concealed counts with the winning tile, declared
/// melds)`, standard shapes with 0..=4 melds of every kind (chows, pungs, the three kongs),
/// runs that also read as pungs, and seven pairs / thirteen orphans.
#[cfg(test)]
pub(crate) fn seeded_complete_hands(seed: u64, n: usize) -> Vec<(Counts, Vec<Meld>)> {
    let mut x = seed | 1;
    let mut rnd = move |m: usize| -> usize {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % m as u64) as usize
    };
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut all = [0u8; N_KINDS];
        let mut c = [0u8; N_KINDS];
        let mut melds = Vec::new();
        let kind = rnd(20);
        if kind == 0 {
            // Seven pairs (distinct kinds, often adjacent so standard readings may also exist).
            let start = rnd(N_KINDS - 7);
            let step = 1 + rnd(2);
            let mut ok = true;
            for j in 0..7 {
                let k = (start + j * step) % N_KINDS;
                if c[k] > 0 {
                    ok = false;
                }
                c[k] = 2;
            }
            if ok {
                out.push((c, melds));
            }
            continue;
        }
        if kind == 1 {
            for &k in ORPHANS.iter() {
                c[k as usize] = 1;
            }
            c[ORPHANS[rnd(13)] as usize] += 1;
            out.push((c, melds));
            continue;
        }
        let n_melds = rnd(5);
        let mut ok = true;
        for j in 0..4 {
            let declared = j < n_melds;
            let r = rnd(10);
            let (mk, k) = if r < 5 {
                let s = rnd(3);
                (MeldKind::Chow, 9 * s + rnd(7))
            } else {
                let mk = if declared {
                    [MeldKind::Pung, MeldKind::ExposedKong, MeldKind::AddedKong, MeldKind::ConcealedKong, MeldKind::Pung][rnd(5)]
                } else {
                    MeldKind::Pung
                };
                (mk, rnd(N_KINDS))
            };
            let kinds: Vec<usize> = if mk == MeldKind::Chow { vec![k, k + 1, k + 2] } else { vec![k; mk.n_tiles() as usize] };
            for &t in &kinds {
                all[t] += 1;
                ok &= all[t] <= 4;
            }
            if declared {
                melds.push(Meld::new(mk, Tile(k as u8)).expect("valid meld"));
            } else {
                for &t in &kinds {
                    c[t] += 1;
                }
            }
        }
        let p = rnd(N_KINDS);
        all[p] += 2;
        c[p] += 2;
        ok &= all[p] <= 4;
        if ok {
            out.push((c, melds));
        }
    }
    out
}

#[cfg(test)]
mod tests;
