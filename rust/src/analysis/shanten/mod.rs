//! Shanten (HK §14a "Shanten"): exchanges needed to become ready. The one shanten engine of
//! the crate: the checked functions here, and the incremental evaluator the built-in agents
//! use ([`incremental::Evaluator`]), share the same tables, programme and closed forms.
//!
//! Computed from its definition: for a hand H, shanten = min over reachable complete hands T of
//! |T \ H| - 1, where T has the winning size and never needs a fifth copy of a kind counting the
//! player's own declared sets. For 13 tiles this is the number of exchanges to a ready hand (T
//! minus its last missing tile waits on a kind not held four times); for 14 tiles it equals the
//! minimum over discards, and is -1 exactly when the hand is complete.
//!
//! The standard shape is a small dynamic programme over each group of kinds (`programme.rs`;
//! for a suit the state is the chows started at the two previous kinds, sets made, pair made),
//! read from the lookup tables where no own declared set restricts the group (`lookup.rs`), and
//! combined over suits and honours by a knapsack on (sets, pair) (`knapsack.rs`). Seven pairs,
//! thirteen orphans and eight and a half pairs have closed forms (`special.rs`).

#![allow(clippy::needless_range_loop)] // kinds and DP states are indices by nature

pub mod incremental;
mod knapsack;
mod lookup;
mod programme;
mod special;

pub(crate) use knapsack::{finish_with, missing_of, rests};
pub(crate) use programme::{group_table, GroupMemo, Table};

use crate::analysis::decompose::{check_rules, held_counts, ShapeRules};
use crate::error::{MahjongError, Result};
use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::N_KINDS;
use knapsack::missing_entries;
use lookup::fast_group;
use programme::EMPTY_TABLE;
use special::special_shapes_missing;

/// Fewest missing tiles for the standard shape with `need` concealed sets and a pair: lookup
/// tables for unrestricted groups, the dynamic programme (memoized when a memo is given) for
/// groups whose caps are restricted by own declared sets.
fn standard_missing(h: &Counts, cap: &Counts, need: usize, mut memo: Option<&mut GroupMemo>) -> u8 {
    let mut ts = [EMPTY_TABLE; 4];
    for group in 0..4 {
        ts[group] = match fast_group(h, cap, group) {
            Some(t) => t,
            None => match memo.as_deref_mut() {
                Some(m) => m.table(h, cap, group, need),
                None => group_table(h, cap, group, need),
            },
        };
    }
    missing_of(&ts, need)
}

/// Shanten from the standard-shape missing count plus the special shapes of `h`.
#[inline]
pub(crate) fn shanten_from_missing(missing: u8, h: &Counts, n_melds: usize, rules: &ShapeRules) -> i8 {
    missing.min(special_shapes_missing(h, n_melds, rules)) as i8 - 1
}

/// Table of group `group` of `h`: lookup tables when unrestricted, else the memoized DP.
#[inline]
pub(crate) fn group_of(h: &Counts, cap: &Counts, group: usize, need: usize, memo: &mut GroupMemo) -> Table {
    match fast_group(h, cap, group) {
        Some(t) => t,
        None => memo.table(h, cap, group, need),
    }
}

/// Shanten from the four group tables of `h` (as [`shanten_memo`] would compute them).
#[inline]
pub(crate) fn shanten_of_tables(ts: &[Table; 4], h: &Counts, n_melds: usize, rules: &ShapeRules) -> i8 {
    let need = rules.n_sets - n_melds;
    missing_of(ts, need).min(special_shapes_missing(h, n_melds, rules)) as i8 - 1
}

/// Shanten of a hand whose size has been checked: `cap[k]` = copies of `k` not in own melds.
pub(crate) fn shanten_checked(h: &Counts, cap: &Counts, n_melds: usize, rules: &ShapeRules) -> i8 {
    shanten_memo(h, cap, n_melds, rules, None)
}

/// [`shanten_checked`] with an optional memo of group tables.
pub(crate) fn shanten_memo(h: &Counts, cap: &Counts, n_melds: usize, rules: &ShapeRules, memo: Option<&mut GroupMemo>) -> i8 {
    let need = rules.n_sets - n_melds;
    shanten_from_missing(standard_missing(h, cap, need, memo), h, n_melds, rules)
}

/// Shanten of a hand without declared sets, every count `<= 4`, size `3 n_sets + 1` or
/// `3 n_sets + 2` (`rules` checked): the four table entries combined directly. Equal to
/// `shanten_checked(h, &[4; 34], 0, rules)` (cross-checked in the tests).
#[inline]
pub fn shanten_free(h: &Counts, rules: &ShapeRules) -> i8 {
    let t = crate::analysis::tables::tables();
    let e = [
        t.suit(crate::analysis::tables::suit_index(&h[0..9])),
        t.suit(crate::analysis::tables::suit_index(&h[9..18])),
        t.suit(crate::analysis::tables::suit_index(&h[18..27])),
        t.honour(crate::analysis::tables::honour_key(&h[27..34])),
    ];
    let best = match rules.n_sets {
        4 => missing_entries::<4>(e),
        1 => missing_entries::<1>(e),
        2 => missing_entries::<2>(e),
        3 => missing_entries::<3>(e),
        5 => missing_entries::<5>(e),
        _ => missing_entries::<6>(e),
    };
    best.min(special_shapes_missing(h, 0, rules)) as i8 - 1
}

/// Copies of each kind a target may use from the concealed side (4 minus own melds' tiles).
pub(crate) fn caps(held: &Counts, concealed: &Counts) -> Counts {
    let mut cap = [0u8; N_KINDS];
    for k in 0..N_KINDS {
        cap[k] = 4 - (held[k] - concealed[k]);
    }
    cap
}

/// Check the size of a hand for shanten: 13- or 14-equivalent (`3n+1` / `3n+2`). Returns the
/// tile count.
pub(crate) fn check_size(concealed: &Counts, melds: &[Meld], rules: &ShapeRules, allowed: &[usize]) -> Result<usize> {
    let n: usize = concealed.iter().map(|&c| c as usize).sum::<usize>() + 3 * melds.len();
    if allowed.iter().any(|&d| 3 * rules.n_sets + d == n) && melds.len() <= rules.n_sets {
        return Ok(n);
    }
    let want: Vec<String> = allowed.iter().map(|&d| (3 * rules.n_sets + d).to_string()).collect();
    Err(MahjongError::hand(format!(
        "wrong number of tiles: the hand has {n} (counting each declared set as 3), {} expected",
        want.join(" or ")
    )))
}

/// HK §14a shanten: 13-equivalent hand → exchanges to ready (0 = ready); 14-equivalent hand →
/// -1 when complete, else the minimum over discards. Minimum over the standard shape, seven
/// pairs and thirteen orphans (the last two only with no declared set). A target needing a fifth
/// copy of a kind (counting own declared sets) does not count.
///
/// ```
/// use mahjong_fast::{parse_hand, analysis::decompose::HK_SHAPES, analysis::shanten::shanten};
/// let h = parse_hand("123456789m1111p").unwrap();
/// assert_eq!(shanten(&h.concealed, &h.melds, &HK_SHAPES).unwrap(), 1);
/// ```
pub fn shanten(concealed: &Counts, melds: &[Meld], rules: &ShapeRules) -> Result<i8> {
    check_rules(rules)?;
    if melds.is_empty() {
        // No declared set: the checks of held_counts / check_size reduce to these.
        let mut n = 0usize;
        let mut over = false;
        for &x in concealed.iter() {
            n += x as usize;
            over |= x > 4;
        }
        if !over && (n == 3 * rules.n_sets + 1 || n == 3 * rules.n_sets + 2) {
            return Ok(shanten_free(concealed, rules));
        }
    }
    let held = held_counts(concealed, melds)?;
    check_size(concealed, melds, rules, &[1, 2])?;
    let cap = caps(&held, concealed);
    Ok(shanten_checked(concealed, &cap, melds.len(), rules))
}

#[cfg(test)]
pub(crate) mod tests;

/// The special shapes' fewest missing tiles of `h` (no declared set), checked to be the same by
/// the closed form and by the evaluator's incremental counts, after each one-tile change too.
#[cfg(test)]
pub(crate) fn special_shapes_missing_for_tests(
    h: &crate::tiles::hand::Counts,
    rules: &crate::analysis::decompose::ShapeRules,
) -> u8 {
    let closed = special::special_shapes_missing(h, 0, rules);
    let counts = special::Special::of(h);
    assert_eq!(closed, counts.missing(rules));
    for k in 0..crate::tiles::tile::N_KINDS {
        let mut g = *h;
        if h[k] < 4 {
            g[k] += 1;
            assert_eq!(counts.plus(k, h[k]).missing(rules), special::Special::of(&g).missing(rules));
        }
        if h[k] >= 1 {
            g = *h;
            g[k] -= 1;
            assert_eq!(counts.minus(k, h[k]).missing(rules), special::Special::of(&g).missing(rules));
        }
    }
    closed
}
