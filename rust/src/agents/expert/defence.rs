//! The expert's defence, from its own view only (HK §14): for each opponent the chance it is
//! ready with a wait that is a legal win on a discard (its declared sets, its discards, the wall
//! left, and the ruleset's estimate of how often such a hand reaches the minimum), what the seat
//! would pay it (the ruleset's payments with both players' dealer status and the streak), and
//! each tile's danger against it from the visible tiles (`agents/danger.rs`, shared with the
//! strong seat). The expected loss of a discard is readiness × danger × (the payment plus the
//! own chance given up), in points.

#![allow(clippy::needless_range_loop)] // kinds and seats are indices by nature

use super::view::{at, ExpertView, Payoffs};
use crate::agents::danger::{discard_reads, readiness};
pub(crate) use crate::agents::danger::{loss, Threat};
use crate::agents::knowledge::{Knowledge, OpponentFeatures};
use crate::agents::Situation;

/// Readiness, payment and safe tiles of each opponent, from the public table only.
pub(crate) fn threats(know: &Knowledge, pay: &Payoffs, s: &Situation<'_>, v: &ExpertView<'_>) -> [Threat; 4] {
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
        let est = know.estimate_opponent(&f);
        th.p = ready * est.legal;
        th.pay = at(&pay.pay[t.seat_winds[o] as usize % 4], est.value);
    }
    out
}
