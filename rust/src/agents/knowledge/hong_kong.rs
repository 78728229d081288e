//! The expert seat's estimates under Hong Kong (HK §10 faan table, §11 payments; see
//! [`super`]): an unfinished hand's faan from the features one or two steps
//! out — bonus tiles (F16/F17), the concealed hand, pungs of dragons and of the seat and
//! prevailing winds, flushes, all pungs, seven pairs — and an opponent's from its declared
//! sets. Ready hands are scored exactly elsewhere. Every element's faan is the ruleset's
//! ([`HkValues`]: HK §10.2, §10.4 as `element_values` of §19.5 sets them), so a revalued or
//! switched-off element is estimated as the table scores it.

use super::{thirteen_orphans_chance, ExpertStyle, HandFeatures, LongShot, OpponentFeatures, OpponentOutlook, Outlook};
use crate::rules::Ruleset;
use crate::tiles::hand::{Counts, Meld};

/// The faan of the elements the estimates count, read once per seat from the ruleset
/// ([`Ruleset::element_value`]; 0 for an element switched off). At the seed's table: F2 3, F3
/// 3, F4 7, F5 4, F6/F8/F9/F10/F11/F16/F17/F18 1, F19/F20 2, L1 the limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct HkValues {
    all_pungs: f64,
    half_flush: f64,
    full_flush: f64,
    seven_pairs: f64,
    dragon: f64,
    seat_wind: f64,
    prevailing_wind: f64,
    concealed: f64,
    self_draw: f64,
    no_bonus: f64,
    own_flower: f64,
    own_season: f64,
    four_flowers: f64,
    four_seasons: f64,
    /// L1 thirteen orphans, `None` when switched off.
    thirteen_orphans: Option<f64>,
}

impl HkValues {
    /// The values of `r` (a ruleset of the Hong Kong family).
    pub(crate) fn of(r: &Ruleset) -> HkValues {
        let v = |code: &str| r.element_value(code).map_or(0.0, f64::from);
        HkValues {
            all_pungs: v("F2"),
            half_flush: v("F3"),
            full_flush: v("F4"),
            seven_pairs: v("F5"),
            dragon: v("F6"),
            seat_wind: v("F8"),
            prevailing_wind: v("F9"),
            concealed: v("F10"),
            self_draw: v("F11"),
            no_bonus: v("F16"),
            own_flower: v("F17"),
            own_season: v("F18"),
            four_flowers: v("F19"),
            four_seasons: v("F20"),
            thirteen_orphans: r.element_value("L1").map(f64::from),
        }
    }
    /// L1's value, `None` when switched off.
    pub(crate) fn thirteen_orphans(&self) -> Option<f64> {
        self.thirteen_orphans
    }
}

/// HK §10: the faan an unfinished hand is estimated to reach won on a discard, and self-drawn
/// (F11 adds its value), with the element values `x`.
pub(crate) fn hand(f: &HandFeatures<'_>, x: &HkValues) -> Outlook {
    let mut v = 0.0;
    // F16 no bonus tiles, F17/F18 own flower / season, or F19/F20 a whole group.
    let (b, w) = (f.bonus, f.seat_wind);
    if b == 0 {
        v += x.no_bonus;
    }
    v += if b & 0x0f == 0x0f { x.four_flowers } else { (b >> w & 1) as f64 * x.own_flower };
    v += if b & 0xf0 == 0xf0 { x.four_seasons } else { (b >> (w + 4) & 1) as f64 * x.own_season };
    if !f.claimed {
        v += x.concealed; // F10 concealed hand
    }
    // F6, F8, F9: dragons, seat wind, prevailing wind.
    for h in 27..34 {
        let wind = (h - 27) as u8;
        let n = if h >= 31 { x.dragon } else { 0.0 }
            + if wind == f.seat_wind { x.seat_wind } else { 0.0 }
            + if wind == f.prevailing_wind { x.prevailing_wind } else { 0.0 };
        if n > 0.0 {
            v += n * f.honour_pung(h);
        }
    }
    // F3 half flush, F4 full flush.
    v += f.flush_keep() * if f.honours == 0 { x.full_flush } else { x.half_flush };
    // F2 all pungs: its value nearer as fewer sets are missing.
    if let Some(d) = f.pung_deficit() {
        v += [3.0, 1.5, 0.5].get(d).copied().unwrap_or(0.0) * x.all_pungs / 3.0;
    }
    // F5 seven pairs.
    if f.melds.is_empty() && f.seven_pairs {
        v += match f.pairs {
            6.. => 3.5,
            5 => 2.0,
            4 => 0.6,
            _ => 0.0,
        } * x.seven_pairs
            / 4.0;
    }
    Outlook { discard: v, self_drawn: v + x.self_draw }
}

/// HK §10.4: the limit hand an unfinished hand may still become: thirteen orphans (L1) while
/// the hand is concealed, at its value `value` (none when L1 is switched off). None when there
/// is no chance left.
pub(crate) fn long_shot(
    concealed: &Counts,
    melds: &[Meld],
    unseen: &Counts,
    turns: f64,
    hazard: f64,
    value: Option<f64>,
) -> Option<LongShot> {
    let value = value?;
    let chance = thirteen_orphans_chance(concealed, melds, unseen, turns, hazard);
    (chance > 0.0).then_some(LongShot { chance, value })
}

/// An opponent's win: legal when its declared sets show value, less often with claimed sets
/// and none (HK §10.5: a hand of chows and no honours rarely reaches 3 faan).
pub(crate) fn opponent(f: &OpponentFeatures<'_>, min: u8, x: &HkValues) -> OpponentOutlook {
    let mut value: f64 = 0.0;
    for m in f.melds {
        let k = m.tile.index();
        if k >= 27 {
            let w = (k - 27) as u8;
            value += if k >= 31 { x.dragon } else { 0.0 }
                + if w == f.seat_wind { x.seat_wind } else { 0.0 }
                + if w == f.prevailing_wind { x.prevailing_wind } else { 0.0 };
        }
    }
    if f.flush.is_some() {
        // a full flush is not sure yet: 5 of its 7 at the seed's values
        value += if f.honour_sets { x.half_flush } else { 5.0 * x.full_flush / 7.0 };
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
