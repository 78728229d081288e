//! The expert seat's estimates under the Taiwanese tables (TW §12 high, §13 low, §14 the
//! minimum; see [`super`]): the Tai an unfinished hand is likely to carry from
//! the elements most wins hold — the win itself (H40), bonus tiles or none (H01/H03/H11, L05,
//! L16), no honours (H02, L04), the concealed hand and self-draw (H08/H12/H41, L06/L07/L08),
//! all chows and the peaceful win (H13/H23, L19), honour pungs (H06, L13–L15), concealed pungs
//! (H09/H15, L21), a one-kind wait (H42/H43, L01) — and the big ones in part (flushes, all
//! pungs). An opponent's from its declared sets. Ready hands are scored exactly elsewhere.

use super::{ExpertStyle, HandFeatures, OpponentFeatures, OpponentOutlook, Outlook};
use crate::rules::Ruleset;

/// What the estimates read of a Taiwanese ruleset, taken from what it says (its switch values
/// and its minimum) once per seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TwFacts {
    /// The high table (TW §12), else the low (TW §13): switch `tai_table`.
    high: bool,
    /// The minimum (TW §14).
    min_tai: f64,
    /// Switch `high_seat_bonus_extra` (H03 extra).
    seat_bonus_extra: bool,
    /// Switch `high_wind_pung_extra` (H06 extra).
    wind_pung_extra: bool,
}

impl TwFacts {
    /// The facts of `r`, a ruleset of the Taiwanese switch family.
    pub(crate) fn of(r: &Ruleset) -> TwFacts {
        let s = r.switch_set();
        let flag = |k: &str| s.table().row(k).is_some() && s.bool(k);
        TwFacts {
            high: s.table().row("tai_table").is_none() || s.str("tai_table") != "low",
            min_tai: f64::from(r.min_value()),
            seat_bonus_extra: flag("high_seat_bonus_extra"),
            wind_pung_extra: flag("high_wind_pung_extra"),
        }
    }
}

/// Whether the hand is near all chows: no declared pung, no concealed triplet, one pair or
/// none (the weight of the chance it ends so).
fn chow_weight(f: &HandFeatures<'_>) -> f64 {
    if f.pung_melds > 0 || f.concealed_pungs > 0 {
        return 0.0;
    }
    match f.pairs {
        0 | 1 => 0.6,
        2 => 0.4,
        _ => 0.15,
    }
}

/// The weight of "no honours": 1 with none, less with a loose honour or two to let go.
fn no_honour_weight(f: &HandFeatures<'_>) -> f64 {
    let melded = f.melds.iter().any(|m| m.tile.index() >= 27);
    if melded {
        return 0.0;
    }
    [1.0, 0.7, 0.4, 0.15].get(f.honours as usize).copied().unwrap_or(0.0)
}

/// TW §12: the high table.
fn high(f: &HandFeatures<'_>, s: &TwFacts) -> Outlook {
    let mut v = 2.0; // H40
    let nb = f.bonus_count() as f64;
    let nh = no_honour_weight(f);
    if nb == 0.0 {
        v += 1.0 + nh * 2.0; // H01, or H11 (3) replacing H01 and H02
    } else {
        v += nb + nh; // H03 each, H02
        if s.seat_bonus_extra {
            v += ((f.bonus >> f.seat_wind & 1) + (f.bonus >> (f.seat_wind + 4) & 1)) as f64;
        }
    }
    let cw = chow_weight(f);
    v += cw * 3.0; // H13
    if nb == 0.0 {
        v += cw * nh * 7.0; // H23 replaces H13 (10)
    }
    for h in 27..34 {
        let mut n = 1.0;
        if s.wind_pung_extra && h < 31 {
            let w = (h - 27) as u8;
            n += (w == f.prevailing_wind) as u8 as f64 + (w == f.seat_wind) as u8 as f64;
        }
        v += n * f.honour_pung(h); // H06
    }
    v += match f.concealed_pungs {
        0 => 0.0,
        1 => 0.5,
        2 => 2.0,
        _ => 5.0,
    }; // H09, H15
       // H37, H22 at the share of such hands that end as a flush (measured: the full weight
       // chases flushes at the cost of speed, which the high table pays for most)
    v += 0.3 * f.flush_keep() * if f.honours == 0 { 40.0 } else { 10.0 };
    if let Some(d) = f.pung_deficit() {
        v += [10.0, 4.0, 1.0].get(d).copied().unwrap_or(0.0); // H25
    }
    v += 0.5; // H42/H43: a share of the wins end on a one-kind wait
    let concealed = !f.claimed;
    let discard = v + if concealed { 1.0 } else { 0.0 }; // H08
    let self_drawn = v + if concealed { 3.0 } else { 1.0 }; // H12 replaces H41
    Outlook { discard, self_drawn }
}

/// TW §13: the low table.
fn low(f: &HandFeatures<'_>) -> Outlook {
    let mut v = 0.35; // L01: a share of the wins end on a one-kind wait
    let nh = no_honour_weight(f);
    v += nh; // L04
    if f.bonus == 0 {
        v += 1.0; // L05
    }
    v += ((f.bonus >> f.seat_wind & 1) + (f.bonus >> (f.seat_wind + 4) & 1)) as f64; // L16
    for h in 27..34 {
        let w = (h - 27) as u8;
        let n = if h >= 31 { 1.0 } else { (w == f.seat_wind) as u8 as f64 + (w == f.prevailing_wind) as u8 as f64 };
        if n > 0.0 {
            v += n * f.honour_pung(h); // L13, L14, L15
        }
    }
    if f.concealed_pungs >= 3 {
        v += 2.0; // L21
    }
    v += f.flush_keep() * if f.honours == 0 { 15.0 } else { 7.0 }; // L36 (+L04), L24
    if let Some(d) = f.pung_deficit() {
        v += [7.0, 3.0, 0.7].get(d).copied().unwrap_or(0.0); // L20
    }
    let concealed = !f.claimed;
    // L19 peaceful win (on a discard): five chows, a suited pair, a wait of two kinds.
    let discard = v + chow_weight(f) * nh.max(0.3) * 2.0 + if concealed { 1.0 } else { 0.0 };
    let self_drawn = v + if concealed { 3.0 } else { 1.0 }; // L08 / L07
    Outlook { discard, self_drawn }
}

pub(crate) fn hand(f: &HandFeatures<'_>, s: &TwFacts) -> Outlook {
    if s.high {
        high(f, s)
    } else {
        low(f)
    }
}

/// An opponent's win: under the high table nearly every ready hand reaches the minimum (H40
/// alone is 2 Tai); under the low table a hand without visible value often does not.
pub(crate) fn opponent(f: &OpponentFeatures<'_>, s: &TwFacts) -> OpponentOutlook {
    let mut value = 0.0;
    for m in f.melds {
        if m.tile.index() >= 27 {
            value += 1.0;
        }
    }
    let min = s.min_tai;
    if s.high {
        if f.flush.is_some() {
            value += if f.honour_sets { 10.0 } else { 30.0 };
        }
        let typical = 7.0 + if f.concealed() { 1.0 } else { 0.0 };
        let legal = if typical + value >= min + 2.0 { 0.95 } else { 0.6 };
        OpponentOutlook { legal, value: (typical + value).max(min) }
    } else {
        if f.flush.is_some() {
            value += if f.honour_sets { 7.0 } else { 12.0 };
        }
        let base = if f.concealed() { 3.5 } else { 2.0 };
        let legal = if base + value >= min { 0.8 } else { 0.35 };
        OpponentOutlook { legal, value: (base + value).max(min) }
    }
}

/// The weights measured under each table (docs/ai.md).
pub(crate) fn style(s: &TwFacts) -> ExpertStyle {
    if s.high {
        super::expert_styles::TAIWANESE_HIGH
    } else {
        super::expert_styles::TAIWANESE_LOW
    }
}
