//! The expert seat's estimates under Hong Kong (HK §10 faan table, §11 payments; see
//! [`super`]): an unfinished hand's faan from the features one or two steps
//! out — bonus tiles (F16/F17), the concealed hand, pungs of dragons and of the seat and
//! prevailing winds, flushes, all pungs, seven pairs — and an opponent's from its declared
//! sets. Ready hands are scored exactly elsewhere.

use super::{thirteen_orphans_chance, ExpertStyle, HandFeatures, LongShot, OpponentFeatures, OpponentOutlook, Outlook};
use crate::tiles::hand::{Counts, Meld};

/// HK §10: the faan an unfinished hand is estimated to reach won on a discard, and self-drawn
/// (F11 adds one).
pub(crate) fn hand(f: &HandFeatures<'_>) -> Outlook {
    let mut v = 0.0;
    // F16 no bonus tiles (1), F17 own flower / season (1 each) or a whole group (2).
    let (b, w) = (f.bonus, f.seat_wind);
    if b == 0 {
        v += 1.0;
    }
    v += if b & 0x0f == 0x0f { 2.0 } else { (b >> w & 1) as f64 };
    v += if b & 0xf0 == 0xf0 { 2.0 } else { (b >> (w + 4) & 1) as f64 };
    if !f.claimed {
        v += 1.0; // F10 concealed hand
    }
    // F4–F6: dragons, seat wind, prevailing wind.
    for h in 27..34 {
        let wind = (h - 27) as u8;
        let n = (h >= 31) as u8 + (wind == f.seat_wind) as u8 + (wind == f.prevailing_wind) as u8;
        if n > 0 {
            v += n as f64 * f.honour_pung(h);
        }
    }
    // F13 half flush 3, F14 full flush 7.
    v += f.flush_keep() * if f.honours == 0 { 7.0 } else { 3.0 };
    // F8 all pungs 3.
    if let Some(d) = f.pung_deficit() {
        v += [3.0, 1.5, 0.5].get(d).copied().unwrap_or(0.0);
    }
    // F9 seven pairs 4.
    if f.melds.is_empty() && f.seven_pairs {
        v += match f.pairs {
            6.. => 3.5,
            5 => 2.0,
            4 => 0.6,
            _ => 0.0,
        };
    }
    Outlook { discard: v, self_drawn: v + 1.0 }
}

/// HK §10.4: the limit hand an unfinished hand may still become: thirteen orphans (L1) while
/// the hand is concealed. None when there is no chance left.
pub(crate) fn long_shot(concealed: &Counts, melds: &[Meld], unseen: &Counts, turns: f64, hazard: f64) -> Option<LongShot> {
    let chance = thirteen_orphans_chance(concealed, melds, unseen, turns, hazard);
    (chance > 0.0).then_some(LongShot { chance, value: 13.0 })
}

/// An opponent's win: legal when its declared sets show value, less often with claimed sets
/// and none (HK §10.5: a hand of chows and no honours rarely reaches 3 faan).
pub(crate) fn opponent(f: &OpponentFeatures<'_>, min: u8) -> OpponentOutlook {
    let mut value: f64 = 0.0;
    for m in f.melds {
        let k = m.tile.index();
        if k >= 27 {
            let w = (k - 27) as u8;
            value += (k >= 31) as u8 as f64 + (w == f.seat_wind) as u8 as f64 + (w == f.prevailing_wind) as u8 as f64;
        }
    }
    if f.flush.is_some() {
        value += if f.honour_sets { 3.0 } else { 5.0 };
    }
    let legal = if value > 0.0 {
        0.9
    } else if f.concealed() {
        0.55
    } else {
        0.3
    };
    OpponentOutlook { legal, value: min as f64 + (value - 1.0).max(0.0) }
}

/// The weights measured under Hong Kong (docs/ai.md).
pub(crate) fn style() -> ExpertStyle {
    super::expert_styles::HONG_KONG
}

/// F16–F20 (HK §10.2, §10.3) as the `strong` baseline counts them before the win: no bonus
/// tiles 1; own flower and own season 1 each, or 2 for all four flowers / all four seasons.
pub(crate) fn bonus_estimate(bonus: u8, seat_wind: u8) -> f64 {
    let (b, w) = (bonus, seat_wind);
    let mut f = 0.0;
    if b == 0 {
        f += 1.0;
    }
    f += if b & 0x0f == 0x0f { 2.0 } else { (b >> w & 1) as f64 };
    f += if b & 0xf0 == 0xf0 { 2.0 } else { (b >> (w + 4) & 1) as f64 };
    f
}
