//! What the strong and the expert seats read about each opponent from the public table only
//! (HK §14): the kinds it discarded, the kinds others discarded after its last discard that it
//! let pass, how near it is to ready, and from these each kind's danger as a discard and the
//! expected loss of discarding it. The seats differ only in how they value an opponent's hand
//! (its chance of a legal win and what it would be paid), which they fill in themselves.

#![allow(clippy::needless_range_loop)] // kinds and seats are indices by nature

use super::strong::Table;
use super::Situation;
use crate::tiles::hand::Counts;

/// What a seat infers about one opponent.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Threat {
    /// Chance it is ready with a wait that is a legal win on a discard.
    pub p: f64,
    /// Points the seat pays if it deals in (as the seat values points).
    pub pay: f64,
    /// Kinds it discarded (bit per kind).
    pub own: u64,
    /// Kinds discarded by others since its last discard and not won on.
    pub passed: u64,
    /// The suit it seems to collect (0..3), if any.
    pub flush: Option<u8>,
    /// Kinds whose pung or kong claim from the seat's discard would make the seat liable for
    /// its win (HK §19.8, TW §20.7.2; bit per kind).
    pub feed: u64,
    /// Kinds whose chow claim would (only the opponent next in turn may chow).
    pub feed_chow: u64,
    /// Its concealed tiles (what a claim needs must be among them).
    pub hidden: u8,
    /// Points the seat expects to lose when a claim of a `feed` kind is made: the chance the
    /// opponent wins after it times the liable payment beyond the seat's usual share. Zero
    /// without liability.
    pub feed_cost: f64,
}

/// The threats of the table with the kinds each opponent discarded (`own`) and let pass
/// (`passed`) filled in, the rest zero; the seat's own entry stays empty.
pub(crate) fn discard_reads(s: &Situation<'_>, t: &Table<'_>) -> [Threat; 4] {
    let mut out = [Threat::default(); 4];
    // The discards in the order they were made: after an unclaimed discard the next seat
    // discards, after a claimed one the claimer (HK §5.4, §5.5).
    let mut seq: [(u8, u8); 160] = [(0, 0); 160];
    let mut n = 0;
    let mut idx = [0usize; 4];
    let mut cur = t.dealer as usize % 4;
    while n < seq.len() {
        let Some(d) = t.discards[cur].get(idx[cur]) else { break };
        idx[cur] += 1;
        seq[n] = (cur as u8, d.tile >> 2);
        n += 1;
        cur = d.claimed_by.map_or((cur + 1) % 4, |q| q as usize % 4);
    }
    // The discard on offer now is not yet passed by anybody.
    let settled = if s.discard.is_some() { n.saturating_sub(1) } else { n };
    let me = t.player as usize % 4;
    for o in 0..4 {
        if o == me {
            continue;
        }
        let th = &mut out[o];
        let mut last = None;
        for (i, &(p, k)) in seq[..n].iter().enumerate() {
            if p as usize == o {
                th.own |= 1 << k;
                last = Some(i);
            }
        }
        if let Some(l) = last {
            for &(p, k) in seq.get(l + 1..settled).unwrap_or(&[]) {
                if p as usize != o {
                    th.passed |= 1 << k;
                }
            }
        }
    }
    out
}

/// How likely opponent `o` is to be ready (0.02..0.85), from its declared sets and discards
/// (each discard is a step of its hand) and the wall left.
pub(crate) fn readiness(t: &Table<'_>, o: usize) -> f64 {
    let n_sets = t.melds[o].len() as f64;
    let n_disc = t.discards[o].len() as f64;
    let x = n_disc + 4.0 * n_sets + if t.remaining < 20 { 3.0 } else { 0.0 };
    ((x - 4.0) / 16.0).clamp(0.02, 0.85)
}

/// How many runs (chows) through kind `k` are still possible: those whose every other tile
/// has a copy unseen (0..=3; 0 for an honour).
pub(crate) fn runs_through(k: usize, unseen: &Counts) -> u32 {
    if k >= 27 {
        return 0;
    }
    let n = k % 9;
    let mut runs = 0;
    for lo in n.saturating_sub(2)..=n.min(6) {
        let base = k - n + lo;
        if (base..base + 3).all(|j| j == k || unseen[j] > 0) {
            runs += 1;
        }
    }
    runs
}

/// The chance (0..1) that kind `k` is a legal winning tile on a discard for a ready `th`.
pub(crate) fn danger(k: usize, th: &Threat, unseen: &Counts) -> f64 {
    if th.passed >> k & 1 == 1 {
        return 0.01;
    }
    let u = unseen[k] as f64;
    let pair = [0.0, 0.25, 0.55, 0.45, 0.4][unseen[k].min(4) as usize];
    let mut d = if k >= 27 {
        0.35 * pair
    } else {
        let runs = f64::from(runs_through(k, unseen));
        0.12 * runs / 3.0 + 0.2 * pair * (u / 4.0).max(0.25)
    };
    if th.own >> k & 1 == 1 {
        d *= 0.3;
    }
    if let Some(s) = th.flush {
        if k < 27 && (k / 9) as u8 != s {
            d *= 0.1;
        } else {
            d *= 1.5;
        }
    }
    d.min(1.0)
}

/// The chance (0..1) that `th` may claim kind `k` from the seat for a pung (holding two of
/// the unseen copies) or, for a `feed_chow` kind, for a chow (holding one each of two kinds
/// that make a run with it), with its concealed tiles drawn from the unseen ones.
pub(crate) fn claim_chance(k: usize, th: &Threat, unseen: &Counts) -> f64 {
    let n: f64 = unseen.iter().map(|&u| f64::from(u)).sum();
    let h = f64::from(th.hidden);
    if n < 1.0 || h < 2.0 {
        return 0.0;
    }
    // chance that none of `u` copies is among its `h` tiles (hypergeometric, as a product)
    let none = |u: u8| (0..u).fold(1.0, |p, i| p * ((n - h - f64::from(i)) / (n - f64::from(i))).max(0.0));
    let mut c = 0.0;
    if th.feed >> k & 1 == 1 {
        let u = unseen[k];
        // P(X >= 2) = 1 - P(0) - P(1); P(1): one copy among its tiles, the other u - 1 not
        let p0 = none(u);
        let p1 = if u >= 1 {
            let rest = (0..u - 1).fold(1.0, |p, i| p * ((n - h - f64::from(i)) / (n - 1.0 - f64::from(i))).max(0.0));
            f64::from(u) * h / n * rest
        } else {
            0.0
        };
        c = (1.0 - p0 - p1).clamp(0.0, 1.0);
    }
    if th.feed_chow >> k & 1 == 1 && k < 27 {
        let base = k - k % 9;
        let n9 = k % 9;
        let mut miss = 1.0;
        for lo in n9.saturating_sub(2)..=n9.min(6) {
            let others = (lo..lo + 3).filter(|&j| j != n9).map(|j| 1.0 - none(unseen[base + j]));
            miss *= 1.0 - others.product::<f64>();
        }
        c = c.max(1.0 - miss);
    }
    // a kind it discarded itself it is unlikely to hold a pair of
    if th.own >> k & 1 == 1 {
        c *= 0.1;
    }
    c
}

/// Expected points lost by discarding kind `k` (the payment and the own chance given up),
/// times `caution`; plus, where a claim of `k` would make the seat liable (HK §19.8, TW
/// §20.7.2), the chance of that claim times its cost (not scaled: it is a payment, not a read).
pub(crate) fn loss(k: usize, threats: &[Threat; 4], unseen: &Counts, own_ev: f64, caution: f64) -> f64 {
    let mut l = 0.0;
    let mut fed = 0.0;
    for th in threats {
        if th.p > 0.0 {
            l += th.p * danger(k, th, unseen) * (th.pay + own_ev);
        }
        if th.feed_cost > 0.0 && (th.feed | th.feed_chow) >> k & 1 == 1 {
            fed += claim_chance(k, th, unseen) * th.feed_cost;
        }
    }
    l * caution + fed
}
