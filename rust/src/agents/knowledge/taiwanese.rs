//! The expert seat's estimates under the Taiwanese tables (TW §12 high, §13 low, §14 the
//! minimum; see [`super`]): the Tai an unfinished hand is likely to carry from
//! the elements most wins hold — the win itself (H40), bonus tiles or none (H01/H03/H11, L05,
//! L16), no honours (H02, L04), the concealed hand and self-draw (H08/H12/H41, L06/L07/L08),
//! all chows and the peaceful win (H13/H23, L19), honour pungs (H06, L13–L15), concealed pungs
//! (H09/H15, L21), a one-kind wait (H42/H43, L01) — and the big ones in part (flushes, all
//! pungs). An opponent's from its declared sets. Ready hands are scored exactly elsewhere.
//! Every element is counted at the Tai the ruleset scores it ([`TwValues`], read by code:
//! `tai_overrides` of TW §20.2.9 apply), and a common table (TW §20.4: `sml`, `star31`,
//! `shenlaiye`) has its own estimate from its own elements ([`common`]).

use super::{ExpertStyle, HandFeatures, OpponentFeatures, OpponentOutlook, Outlook};
use crate::rules::scoring::Qualification;
use crate::rules::Ruleset;

/// Which table a Taiwanese ruleset scores by (switch `tai_table`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// TW §12.
    High,
    /// TW §13.
    Low,
    /// TW §20.4, one of its three columns.
    Common,
}

/// The Tai of the elements the estimates count, read once per seat by code from the ruleset
/// ([`Ruleset::element_value`]; 0 for a code its table does not have). Field `hNN` is element
/// `HNN` of the high table, `lNN` of the low, `cNN` of the common one.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct TwValues {
    h01: f64,
    h02: f64,
    h03: f64,
    h06: f64,
    h08: f64,
    h09: f64,
    h11: f64,
    h12: f64,
    h13: f64,
    h15: f64,
    h22: f64,
    h23: f64,
    h25: f64,
    h37: f64,
    h40: f64,
    h41: f64,
    h42: f64,
    l01: f64,
    l04: f64,
    l05: f64,
    l06: f64,
    l07: f64,
    l08: f64,
    l13: f64,
    l14: f64,
    l15: f64,
    l16: f64,
    l19: f64,
    l20: f64,
    l21: f64,
    l24: f64,
    l36: f64,
    c01: f64,
    c02: f64,
    c03: f64,
    c04: f64,
    c05: f64,
    c06: f64,
    c07: f64,
    c08: f64,
    c09: f64,
    c14: f64,
    c15: f64,
    c19: f64,
    c20: f64,
    c22: f64,
    c24: f64,
    c26: f64,
    c28: f64,
    c29: f64,
    c33: f64,
    c37: f64,
}

impl TwValues {
    fn of(r: &Ruleset) -> TwValues {
        let v = |code: &str| r.element_value(code).map_or(0.0, f64::from);
        TwValues {
            h01: v("H01"),
            h02: v("H02"),
            h03: v("H03"),
            h06: v("H06"),
            h08: v("H08"),
            h09: v("H09"),
            h11: v("H11"),
            h12: v("H12"),
            h13: v("H13"),
            h15: v("H15"),
            h22: v("H22"),
            h23: v("H23"),
            h25: v("H25"),
            h37: v("H37"),
            h40: v("H40"),
            h41: v("H41"),
            h42: v("H42"),
            l01: v("L01"),
            l04: v("L04"),
            l05: v("L05"),
            l06: v("L06"),
            l07: v("L07"),
            l08: v("L08"),
            l13: v("L13"),
            l14: v("L14"),
            l15: v("L15"),
            l16: v("L16"),
            l19: v("L19"),
            l20: v("L20"),
            l21: v("L21"),
            l24: v("L24"),
            l36: v("L36"),
            c01: v("C01"),
            c02: v("C02"),
            c03: v("C03"),
            c04: v("C04"),
            c05: v("C05"),
            c06: v("C06"),
            c07: v("C07"),
            c08: v("C08"),
            c09: v("C09"),
            c14: v("C14"),
            c15: v("C15"),
            c19: v("C19"),
            c20: v("C20"),
            c22: v("C22"),
            c24: v("C24"),
            c26: v("C26"),
            c28: v("C28"),
            c29: v("C29"),
            c33: v("C33"),
            c37: v("C37"),
        }
    }
}

/// What the estimates read of a Taiwanese ruleset, taken from what it says (its switch values,
/// its minimum and its elements' Tai) once per seat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TwFacts {
    /// Switch `tai_table`: the high (TW §12), the low (TW §13) or a common table (TW §20.4).
    kind: Kind,
    /// The minimum (TW §14).
    min_tai: f64,
    /// Switch `high_seat_bonus_extra` (H03 extra).
    seat_bonus_extra: bool,
    /// Switch `high_wind_pung_extra` (H06 extra).
    wind_pung_extra: bool,
    /// Common table switches (TW §20.2): `any_wind_pung` (C06 for every wind pung instead of
    /// C04/C05), `any_bonus_tile` (C07 for every bonus tile), `no_bonus_element` (C14),
    /// `no_honors_no_bonus_element` (C22).
    any_wind_pung: bool,
    any_bonus_tile: bool,
    no_bonus_element: bool,
    no_honors_no_bonus: bool,
    /// The elements' Tai.
    v: TwValues,
}

impl TwFacts {
    /// The facts of `r`, a ruleset of the Taiwanese switch family.
    pub(crate) fn of(r: &Ruleset) -> TwFacts {
        let s = r.switch_set();
        let flag = |k: &str| s.table().row(k).is_some() && s.bool(k);
        let kind = match s.table().row("tai_table").map(|_| s.str("tai_table")) {
            Some("low") => Kind::Low,
            None | Some("high") => Kind::High,
            Some(_) => Kind::Common,
        };
        TwFacts {
            kind,
            min_tai: f64::from(r.min_value()),
            seat_bonus_extra: flag("high_seat_bonus_extra"),
            wind_pung_extra: flag("high_wind_pung_extra"),
            any_wind_pung: flag("any_wind_pung"),
            any_bonus_tile: flag("any_bonus_tile"),
            no_bonus_element: flag("no_bonus_element"),
            no_honors_no_bonus: flag("no_honors_no_bonus_element"),
            v: TwValues::of(r),
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

/// [`chow_weight`] for the tests of the estimates.
#[cfg(test)]
pub(crate) fn chow_weight_of(f: &HandFeatures<'_>) -> f64 {
    chow_weight(f)
}

/// The weight of "no honours": 1 with none, less with a loose honour or two to let go.
fn no_honour_weight(f: &HandFeatures<'_>) -> f64 {
    let melded = f.melds.iter().any(|m| m.tile.index() >= 27);
    if melded {
        return 0.0;
    }
    [1.0, 0.7, 0.4, 0.15].get(f.honours as usize).copied().unwrap_or(0.0)
}

/// TW §12: the high table (each constant the seed's Tai times the ruleset's over it, so the
/// seed's table gives the numbers measured).
fn high(f: &HandFeatures<'_>, s: &TwFacts) -> Outlook {
    let x = &s.v;
    let mut v = 2.0 * (x.h40 / 2.0); // H40
    let nb = f.bonus_count() as f64;
    let nh = no_honour_weight(f);
    if nb == 0.0 {
        v += x.h01 + nh * (x.h11 - x.h01); // H01, or H11 replacing H01 and H02
    } else {
        v += nb * x.h03 + nh * x.h02; // H03 each, H02
        if s.seat_bonus_extra {
            v += ((f.bonus >> f.seat_wind & 1) + (f.bonus >> (f.seat_wind + 4) & 1)) as f64 * x.h03;
        }
    }
    let cw = chow_weight(f);
    v += cw * x.h13; // H13
    if nb == 0.0 {
        v += cw * nh * (x.h23 - x.h13); // H23 replaces H13
    }
    for h in 27..34 {
        let mut n = 1.0;
        if s.wind_pung_extra && h < 31 {
            let w = (h - 27) as u8;
            n += (w == f.prevailing_wind) as u8 as f64 + (w == f.seat_wind) as u8 as f64;
        }
        v += n * x.h06 * f.honour_pung(h); // H06
    }
    v += match f.concealed_pungs {
        0 => 0.0,
        1 => 0.5 * (x.h09 / 2.0),
        2 => x.h09,
        _ => x.h15,
    }; // H09, H15
       // H37, H22 at the share of such hands that end as a flush (measured: the full weight
       // chases flushes at the cost of speed, which the high table pays for most)
    v += 0.3 * f.flush_keep() * if f.honours == 0 { x.h37 } else { x.h22 };
    if let Some(d) = f.pung_deficit() {
        v += [10.0, 4.0, 1.0].get(d).copied().unwrap_or(0.0) * (x.h25 / 10.0); // H25
    }
    v += 0.5 * (x.h42 / 2.0); // H42/H43: a share of the wins end on a one-kind wait
    let concealed = !f.claimed;
    let discard = v + if concealed { x.h08 } else { 0.0 }; // H08
    let self_drawn = v + if concealed { x.h12 } else { x.h41 }; // H12 replaces H41
    Outlook { discard, self_drawn }
}

/// TW §13: the low table (as [`high`], scaled by the ruleset's Tai).
fn low(f: &HandFeatures<'_>, s: &TwFacts) -> Outlook {
    let x = &s.v;
    let mut v = 0.35 * x.l01; // L01: a share of the wins end on a one-kind wait
    let nh = no_honour_weight(f);
    v += nh * x.l04; // L04
    if f.bonus == 0 {
        v += x.l05; // L05
    }
    v += ((f.bonus >> f.seat_wind & 1) + (f.bonus >> (f.seat_wind + 4) & 1)) as f64 * x.l16; // L16
    for h in 27..34 {
        let w = (h - 27) as u8;
        let n =
            if h >= 31 { x.l13 } else { (w == f.seat_wind) as u8 as f64 * x.l14 + (w == f.prevailing_wind) as u8 as f64 * x.l15 };
        if n > 0.0 {
            v += n * f.honour_pung(h); // L13, L14, L15
        }
    }
    if f.concealed_pungs >= 3 {
        v += x.l21; // L21
    }
    v += f.flush_keep() * if f.honours == 0 { x.l36 + x.l04 } else { x.l24 }; // L36 (+L04), L24
    if let Some(d) = f.pung_deficit() {
        v += [7.0, 3.0, 0.7].get(d).copied().unwrap_or(0.0) * (x.l20 / 7.0); // L20
    }
    let concealed = !f.claimed;
    // L19 peaceful win (on a discard): five chows, a suited pair, a wait of two kinds.
    let discard = v + chow_weight(f) * nh.max(0.3) * x.l19 + if concealed { x.l06 } else { 0.0 };
    let self_drawn = v + if concealed { x.l08 } else { x.l07 }; // L08 / L07
    Outlook { discard, self_drawn }
}

/// TW §20.4: a common table, from its own elements at the ruleset's Tai: concealed hand and
/// self-draw (C01, C02, C03), own (or, with `any_bonus_tile`, every) bonus tiles (C07) or none
/// (C14 with `no_bonus_element`; C22 with no honours too), honour pungs (C04/C05 or C06, C08),
/// all chows (C19), concealed pungs (C20, C28), flushes (C26, C33) and all pungs (C24) in part,
/// a share of one-kind waits (C09).
fn common(f: &HandFeatures<'_>, s: &TwFacts) -> Outlook {
    let x = &s.v;
    let nb = f.bonus_count() as f64;
    let nh = no_honour_weight(f);
    let mut v = 0.25 * x.c09; // C09: a share of the wins end on a one-kind wait
    if nb == 0.0 {
        if s.no_bonus_element {
            v += x.c14;
        }
        if s.no_honors_no_bonus {
            v += nh * x.c22;
        }
    } else if s.any_bonus_tile {
        v += nb * x.c07;
    } else {
        v += ((f.bonus >> f.seat_wind & 1) + (f.bonus >> (f.seat_wind + 4) & 1)) as f64 * x.c07;
    }
    for h in 27..34 {
        let w = (h - 27) as u8;
        let n = if h >= 31 {
            x.c08
        } else if s.any_wind_pung {
            x.c06
        } else {
            (w == f.seat_wind) as u8 as f64 * x.c04 + (w == f.prevailing_wind) as u8 as f64 * x.c05
        };
        if n > 0.0 {
            v += n * f.honour_pung(h);
        }
    }
    v += chow_weight(f) * x.c19;
    v += match f.concealed_pungs {
        0..=1 => 0.0,
        2 => 0.3 * x.c20,
        3 => x.c20,
        _ => x.c28,
    };
    v += f.flush_keep() * if f.honours == 0 { x.c33 } else { x.c26 };
    if let Some(d) = f.pung_deficit() {
        v += [1.0, 0.4, 0.1].get(d).copied().unwrap_or(0.0) * x.c24;
    }
    let concealed = !f.claimed;
    let discard = v + if concealed { x.c01 } else { 0.0 };
    let self_drawn = v + x.c03 + if concealed { x.c01 + x.c02 } else { 0.0 };
    Outlook { discard, self_drawn }
}

pub(crate) fn hand(f: &HandFeatures<'_>, s: &TwFacts) -> Outlook {
    match s.kind {
        Kind::High => high(f, s),
        Kind::Low => low(f, s),
        Kind::Common => common(f, s),
    }
}

/// An opponent's win: under the high table nearly every ready hand reaches the minimum (H40
/// alone is 2 Tai); under the low table a hand without visible value often does not; a common
/// table is like the low one at its own values.
pub(crate) fn opponent(f: &OpponentFeatures<'_>, s: &TwFacts) -> OpponentOutlook {
    let x = &s.v;
    let mut value = 0.0;
    for m in f.melds {
        if m.tile.index() >= 27 {
            value += 1.0;
        }
    }
    let min = s.min_tai;
    match s.kind {
        Kind::High => {
            if f.flush.is_some() {
                value += if f.honour_sets { x.h22 } else { 30.0 * (x.h37 / 40.0) };
            }
            let typical = 7.0 + if f.concealed() { 1.0 } else { 0.0 };
            let legal = if typical + value >= min + 2.0 { 0.95 } else { 0.6 };
            OpponentOutlook { legal, value: (typical + value).max(min) }
        }
        Kind::Low => {
            if f.flush.is_some() {
                value += if f.honour_sets { x.l24 } else { 12.0 * (x.l36 / 14.0) };
            }
            let base = if f.concealed() { 3.5 } else { 2.0 };
            let legal = if base + value >= min { 0.8 } else { 0.35 };
            OpponentOutlook { legal, value: (base + value).max(min) }
        }
        Kind::Common => {
            if f.flush.is_some() {
                value += if f.honour_sets { x.c26 } else { 0.75 * x.c33 };
            }
            // a self-draw share and a bonus tile or none
            let base = 0.5 * x.c03 + 0.5 + if f.concealed() { x.c01 } else { 0.0 };
            let legal = if base + value >= min { 0.8 } else { 0.35 };
            OpponentOutlook { legal, value: (base + value).max(min) }
        }
    }
}

/// The weights measured under each table (docs/ai.md).
/// TW §20.6.1, §20.6.2: the Tai a ready declaration adds to the seat's later win. With a
/// common table: the live qualification it keeps (C37 heavenly, C29 earthly: without the
/// declaration it is lost with this discard), else C15; the high and low tables score nothing
/// for it (TW §20 `ready_declaration`: "with H/L tables it scores nothing").
pub(crate) fn declaration_gain(s: &TwFacts, qualification: Option<Qualification>) -> f64 {
    if s.kind != Kind::Common {
        return 0.0;
    }
    match qualification {
        Some(Qualification::Heavenly) => s.v.c37,
        Some(Qualification::Earthly) => s.v.c29,
        None => s.v.c15,
    }
}

pub(crate) fn style(s: &TwFacts) -> ExpertStyle {
    match s.kind {
        Kind::High | Kind::Common => super::expert_styles::TAIWANESE_HIGH,
        Kind::Low => super::expert_styles::TAIWANESE_LOW,
    }
}
