//! The Taiwanese "high" Tai table (TW §12.1 elements, §12.2 replacement rules) as a
//! [`ScoringTable`]. Conditions shared with the low table live in [`super::scoring`]. The
//! seat-bonus and wind extras are options, off by default (TW §19 note 4).

use super::scoring::{is_own_bonus, kongs, timing, worth, Reading, Role, TaiElements, Timing, TwBase};
use crate::rules::scoring::DealProgress;
use crate::rules::scoring::{Element, WinFacts};
use crate::rules::taiwanese::switches::TwSwitches;

const fn el(code: &'static str, name: &'static str, tai: u8) -> Element {
    Element { code, name, value: tai }
}

pub const H01: Element = el("H01", "No bonus tiles", 1);
pub const H02: Element = el("H02", "No honors", 1);
pub const H03: Element = el("H03", "Bonus tile", 1);
pub const H04: Element = el("H04", "Moon from the bottom of the sea", 1);
pub const H05: Element = el("H05", "Open kong", 1);
pub const H06: Element = el("H06", "Honor pung", 1);
pub const H07: Element = el("H07", "Robbing a kong", 1);
pub const H08: Element = el("H08", "Concealed hand, won on a discard", 1);
pub const H09: Element = el("H09", "Two concealed pungs", 2);
pub const H10: Element = el("H10", "Concealed kong", 2);
pub const H11: Element = el("H11", "No honors and no bonus tiles", 3);
pub const H12: Element = el("H12", "Fully concealed, self-drawn", 3);
pub const H13: Element = el("H13", "All chows", 3);
pub const H14: Element = el("H14", "Three small winds", 5);
pub const H15: Element = el("H15", "Three concealed pungs", 5);
pub const H16: Element = el("H16", "Open straight", 5);
pub const H17: Element = el("H17", "Win with 5 to 10 discards", 5);
pub const H18: Element = el("H18", "Three big winds", 10);
pub const H19: Element = el("H19", "Three small dragons", 10);
pub const H20: Element = el("H20", "Four concealed pungs", 10);
pub const H21: Element = el("H21", "Ready from the deal", 10);
pub const H22: Element = el("H22", "One suit and honors (half flush)", 10);
pub const H23: Element = el("H23", "All chows, no honors, no bonus tiles", 10);
pub const H24: Element = el("H24", "All melded", 10);
pub const H25: Element = el("H25", "All pungs", 10);
pub const H26: Element = el("H26", "Win within five discards", 10);
pub const H27: Element = el("H27", "Concealed straight", 10);
pub const H28: Element = el("H28", "Seven bonus tiles rob the eighth", 20);
pub const H29: Element = el("H29", "Three big dragons", 30);
pub const H30: Element = el("H30", "Four small winds", 30);
pub const H31: Element = el("H31", "Seven pairs and a pung", 30);
pub const H32: Element = el("H32", "All eight bonus tiles", 30);
pub const H33: Element = el("H33", "Four big winds", 40);
pub const H34: Element = el("H34", "Five concealed pungs", 40);
pub const H35: Element = el("H35", "Heavenly blessing", 40);
pub const H36: Element = el("H36", "Earthly blessing", 40);
pub const H37: Element = el("H37", "One suit (full flush)", 40);
pub const H40: Element = el("H40", "Win", 2);
pub const H41: Element = el("H41", "Self-drawn", 1);
pub const H42: Element = el("H42", "Single wait", 2);
pub const H43: Element = el("H43", "Closed wait", 2);

/// Every element of the high (TW §12.1) table, by number (the settlement-only dealer elements are
/// not hand elements).
pub const ALL: &[Element] = &[
    H01, H02, H03, H04, H05, H06, H07, H08, H09, H10, H11, H12, H13, H14, H15, H16, H17, H18, H19, H20, H21, H22, H23, H24, H25,
    H26, H27, H28, H29, H30, H31, H32, H33, H34, H35, H36, H37, H40, H41, H42, H43,
];

/// The high table with its switches and the win's Taiwanese situation.
#[derive(Debug)]
pub struct TwHigh<'a> {
    base: TwBase<'a>,
}

impl<'a> TwHigh<'a> {
    pub fn new(switches: &'a TwSwitches, situation: &'a DealProgress) -> Self {
        TwHigh { base: TwBase::new(switches, situation) }
    }
    /// [`TwHigh::new`] with the hand's wait set `W` known ([`super::scoring::TwBase::with_waits`]).
    pub fn with_waits(switches: &'a TwSwitches, situation: &'a DealProgress, waits: u64) -> Self {
        TwHigh { base: TwBase::with_waits(switches, situation, waits) }
    }

    /// TW §12.1 with the replacements of §12.2 for one reading (any order; sorted later).
    fn elements(&self, facts: &WinFacts<'_>, r: &Reading) -> Vec<Element> {
        let sw = self.base.switches;
        let ctx = facts.ctx;
        let bonus = facts.hand.bonus;
        let mut out = Vec::with_capacity(16);
        let colours = self.base.colours(facts);
        let honourless = colours.no_honours;
        // H01, H02, H11 (H11 replaces both).
        match (bonus == 0, honourless) {
            (true, true) => out.push(H11),
            (true, false) => out.push(H01),
            (false, true) => out.push(H02),
            (false, false) => {}
        }
        // H03: each bonus tile, the option's extra for the own flower / own season.
        // all eight held under eight_bonus_mode additive / compound: H32 in place of the H03
        // entries (TW §20.5.8 rule 2)
        let all_eight = super::scoring::all_eight_scored(sw, bonus);
        if all_eight {
            out.push(H32);
        }
        for b in (0..8u8).filter(|b| !all_eight && bonus & (1 << b) != 0) {
            let extra = sw.high_seat_bonus_extra && is_own_bonus(b, ctx.seat_wind);
            out.push(worth(H03, 1 + extra as u8));
        }
        if ctx.last_wall_tile && facts.self_drawn {
            out.push(H04);
        }
        let (open_kongs, concealed_kongs) = kongs(facts);
        out.extend(std::iter::repeat_n(H05, open_kongs));
        // Wind and dragon patterns; the pungs they use score no H06.
        let wind = if r.four_big_winds() {
            Some(H33)
        } else if r.four_small_winds() {
            Some(H30)
        } else if r.three_big_winds() {
            Some(H18)
        } else if r.three_small_winds() {
            Some(H14)
        } else {
            None
        };
        let dragon = if r.big_three_dragons() {
            Some(H29)
        } else if r.small_three_dragons() {
            Some(H19)
        } else {
            None
        };
        if wind.is_none() {
            for t in r.wind_pungs() {
                let wind_no = t.0 - 27;
                let extra = if sw.high_wind_pung_extra {
                    (wind_no == ctx.prevailing_wind) as u8 + (wind_no == ctx.seat_wind) as u8
                } else {
                    0
                };
                out.push(worth(H06, 1 + extra));
            }
        }
        if dragon.is_none() {
            out.extend(r.dragon_pungs().map(|_| H06));
        }
        out.extend(wind);
        out.extend(dragon);
        if ctx.robbing_kong {
            out.push(H07);
        }
        if facts.concealed_hand {
            out.push(if facts.self_drawn { H12 } else { H08 });
        } else if facts.self_drawn {
            out.push(H41);
        }
        match r.concealed_pungs {
            2 => out.push(H09),
            3 => out.push(H15),
            4 => out.push(H20),
            5 => out.push(H34),
            _ => {}
        }
        out.extend(std::iter::repeat_n(H10, concealed_kongs));
        // H13 / H23 (H23 replaces H13).
        if r.all_chows_suited_pair() && bonus == 0 {
            out.push(H23);
        } else if r.all_chows() {
            out.push(H13);
        }
        if r.straight() {
            out.push(if facts.concealed_hand { H27 } else { H16 });
        }
        match timing(facts, self.base.situation) {
            Timing::Heavenly => out.push(H35),
            Timing::Earthly => out.push(H36),
            Timing::ReadyFromDeal => out.push(H21),
            Timing::WithinFive => out.push(H26),
            Timing::FiveToTen => out.push(H17),
            Timing::None => {}
        }
        if colours.half_flush {
            out.push(H22);
        } else if colours.full_flush {
            out.push(H37);
        }
        if r.all_melded() {
            out.push(H24);
        }
        if r.all_pungs() {
            out.push(H25);
        }
        if r.eight_half {
            out.push(H31);
        }
        out.push(H40);
        // H42 / H43: one kind in W, and the named role (an edge wait and the pung of eight
        // and a half pairs score neither, TW §10a).
        if matches!(r.role, Role::Pair | Role::ChowMiddle) && self.base.n_waits(facts) == Some(1) {
            out.push(if r.role == Role::Pair { H42 } else { H43 });
        }
        out
    }
}

impl TaiElements for TwHigh<'_> {
    fn base(&self) -> &TwBase<'_> {
        &self.base
    }
    fn elements(&self, facts: &WinFacts<'_>, r: &Reading) -> Vec<Element> {
        TwHigh::elements(self, facts, r)
    }
}
