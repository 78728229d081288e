//! The expert's defence, from its own view only (HK §14): for each opponent the chance it is
//! ready with a wait that is a legal win on a discard (its declared sets, its discards, the wall
//! left, and the ruleset's estimate of how often such a hand reaches the minimum), what the seat
//! would pay it (the ruleset's payments with both players' dealer status and the streak), and
//! each tile's danger against it from the visible tiles (`agents/danger.rs`, shared with the
//! strong seat). A seat that declared ready (TW §20.6.1, public) is ready for certain. The expected loss of a discard is readiness × danger × (the payment plus the
//! own chance given up), in points. Under liability (HK §19.8, TW §20.7.2) a discard that an
//! opponent's claim would turn into a liability pattern costs besides the chance of that claim
//! times its chance to win after it times the liable payment beyond the seat's usual share,
//! the pattern's guarded value read from the ruleset ([`Ruleset::claim_liability`]).

#![allow(clippy::needless_range_loop)] // kinds and seats are indices by nature

use super::view::{at, ExpertView, Payoffs};
use crate::agents::danger::{discard_reads, readiness};
pub(crate) use crate::agents::danger::{loss, Threat};
use crate::agents::knowledge::{Knowledge, OpponentFeatures};
use crate::agents::Situation;
use crate::game::ActionType;
use crate::rules::{Ruleset, WinPayment};
use crate::tiles::hand::{Meld, MeldKind};
use crate::tiles::tile::Tile;

/// Readiness, payment and safe tiles of each opponent, from the public table only.
pub(crate) fn threats(know: &Knowledge, rules: &Ruleset, pay: &Payoffs, s: &Situation<'_>, v: &ExpertView<'_>) -> [Threat; 4] {
    let t = &v.table;
    let mut out = discard_reads(s, t);
    let me = t.player as usize % 4;
    for o in 0..4 {
        if o == me {
            continue;
        }
        let th = &mut out[o];
        let melds = t.melds[o];
        let ready = readiness(t, o);
        let mut suits = [0u8; 3];
        let mut honour_sets = false;
        for m in melds {
            let k = m.tile.index();
            if k >= 27 {
                honour_sets = true;
            } else {
                suits[k / 9] += 1;
            }
        }
        let n_suits = suits.iter().filter(|&&c| c > 0).count();
        if n_suits == 1 && melds.len() >= 2 {
            th.flush = suits.iter().position(|&c| c > 0).map(|s| s as u8);
        }
        let f = OpponentFeatures {
            melds,
            bonus: 0,
            seat_wind: t.seat_winds[o],
            prevailing_wind: t.winds.prevailing_wind,
            flush: th.flush,
            honour_sets,
        };
        let mut est = know.estimate_opponent(&f);
        let mut ready = ready;
        if v.declared >> o & 1 == 1 {
            // TW §20.6.1: a seat that declared ready is ready, and its win scores the
            // declaration's value too
            ready = 1.0;
            est.value += know.declaration_gain(None);
        }
        th.p = ready * est.legal;
        th.pay = at(&pay.pay[t.seat_winds[o] as usize % 4], est.value);
        if rules.has_hooks() {
            liability(rules, pay, s, v, o, est.value, th);
        }
    }
    out
}

/// The most declared sets a seat can have (a 17-tile hand: five).
const MAX_MELDS: usize = 5;

/// The chance an opponent wins after a claim that made the seat liable (its sets then near
/// complete), by the wall left.
fn win_after_claim(remaining: u32) -> f64 {
    0.4 * (f64::from(remaining) / 30.0).min(1.0)
}

/// Fill `th`'s liability reads for opponent `o` (HK §19.8, TW §20.7.2): the kinds of the seat's
/// concealed tiles whose claim by `o` (a pung or kong; a chow if `o` is next in turn) would
/// record the seat as liable, and what that costs: `o`'s win after it at the larger of the
/// guarded value and `value` (its estimate), paid in full by the seat instead of its usual
/// share (about a third of a self-drawn win), in the seat's points (the deal-in table
/// `pay.pay` scaled by the plain ratio of the two payments).
fn liability(rules: &Ruleset, pay: &Payoffs, s: &Situation<'_>, v: &ExpertView<'_>, o: usize, value: f64, th: &mut Threat) {
    let t = &v.table;
    let me = t.player as usize % 4;
    let next = (me + 1) % 4 == o;
    // its declared sets and room for the claimed one, on the stack (asked at every decision)
    let n = t.melds[o].len().min(MAX_MELDS);
    let mut buf = [Meld { kind: MeldKind::Pung, tile: Tile(0) }; MAX_MELDS + 1];
    buf[..n].copy_from_slice(&t.melds[o][..n]);
    let mut guarded = 0u8;
    for k in 0..s.concealed.len() {
        if s.concealed[k] == 0 {
            continue;
        }
        buf[n] = Meld { kind: MeldKind::Pung, tile: Tile(k as u8) };
        if let Some(r) = rules.claim_liability(&buf[..=n], ActionType::Pung) {
            th.feed |= 1 << k;
            guarded = guarded.max(r.guarded);
        }
        if next && k < 27 {
            let i = k % 9;
            for lo in i.saturating_sub(2)..=i.min(6) {
                buf[n] = Meld { kind: MeldKind::Chow, tile: Tile((k - i + lo) as u8) };
                if let Some(r) = rules.claim_liability(&buf[..=n], ActionType::Chow) {
                    th.feed_chow |= 1 << k;
                    guarded = guarded.max(r.guarded);
                    break;
                }
            }
        }
    }
    if th.feed | th.feed_chow == 0 {
        return;
    }
    th.hidden = (rules.hand_tiles() as u8).saturating_sub(3 * t.melds[o].len() as u8);
    let value = value.max(f64::from(guarded)).min(f64::from(rules.max_value()));
    let (winner, mine) = (t.seat_winds[o] as usize % 4, t.winds.seat_wind as usize % 4);
    let v8 = value.round() as u32;
    let paid = |discarder: Option<usize>| {
        let win = WinPayment { winner, value: v8, self_drawn: discarder.is_none(), discarder };
        rules.win_payments(&win, 0, v.dealer_streak).unwrap_or([0; 4])
    };
    let total: i64 = paid(None).iter().enumerate().filter(|&(i, _)| i != winner).map(|(_, &x)| (-x).max(0)).sum();
    let dealt_in = (-paid(Some(mine))[mine]).max(0);
    if total <= 0 || dealt_in <= 0 {
        return;
    }
    let extra = total as f64 * 2.0 / 3.0;
    th.feed_cost = win_after_claim(t.remaining) * th.pay.max(at(&pay.pay[winner], value)) * extra / dealt_in as f64;
}
