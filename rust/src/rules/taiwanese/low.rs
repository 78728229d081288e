//! The Taiwanese "low" Tai table (TW §13.1 elements, §13.2 replacement rules) as a
//! [`ScoringTable`]. Conditions shared with the high table live in [`super::scoring`]. "Suit
//! and honors" is the half flush, and the full flush is added at 14 Tai (TW §19 notes 9, 10).

use super::scoring::{all_eight_scored, is_own_bonus, kongs, timing, Reading, TaiElements, Timing, TwBase};
use crate::rules::scoring::DealProgress;
use crate::rules::scoring::{Element, WinFacts};
use crate::rules::taiwanese::switches::TwSwitches;
use crate::tiles::tile::Tile;

const fn el(code: &'static str, name: &'static str, tai: u8) -> Element {
    Element { code, name, value: tai }
}

pub const L01: Element = el("L01", "One-tile wait", 1);
pub const L02: Element = el("L02", "Open kong", 1);
pub const L03: Element = el("L03", "Concealed kong", 2);
pub const L04: Element = el("L04", "No honors", 1);
pub const L05: Element = el("L05", "No bonus tiles", 1);
pub const L06: Element = el("L06", "Concealed hand", 1);
pub const L07: Element = el("L07", "Self-drawn", 1);
pub const L08: Element = el("L08", "Concealed and self-drawn", 3);
pub const L09: Element = el("L09", "Loose tile", 1);
pub const L10: Element = el("L10", "Moon from the bottom of the sea", 1);
pub const L11: Element = el("L11", "Robbing a kong", 1);
pub const L12: Element = el("L12", "Beggar's hand", 2);
pub const L13: Element = el("L13", "Dragon pung", 1);
pub const L14: Element = el("L14", "Seat wind pung", 1);
pub const L15: Element = el("L15", "Round wind pung", 1);
pub const L16: Element = el("L16", "Seat bonus tile", 1);
pub const L17: Element = el("L17", "Flower bouquet", 2);
pub const L18: Element = el("L18", "Season bouquet", 2);
pub const L19: Element = el("L19", "Peaceful win", 2);
pub const L20: Element = el("L20", "All pungs", 7);
pub const L21: Element = el("L21", "Three concealed pungs", 2);
pub const L22: Element = el("L22", "Four concealed pungs", 7);
pub const L23: Element = el("L23", "Five concealed pungs", 14);
pub const L24: Element = el("L24", "Suit and honors (half flush)", 7);
pub const L25: Element = el("L25", "Three small dragons", 7);
pub const L26: Element = el("L26", "Four small winds", 7);
pub const L27: Element = el("L27", "Three big dragons", 14);
pub const L28: Element = el("L28", "Four big winds", 14);
pub const L29: Element = el("L29", "Seven bonus tiles rob the eighth", 14);
pub const L30: Element = el("L30", "All eight bonus tiles", 14);
pub const L31: Element = el("L31", "Heavenly blessing", 14);
pub const L32: Element = el("L32", "Earthly blessing", 14);
pub const L35: Element = el("L35", "Eight and a half pairs", 14);
pub const L36: Element = el("L36", "One suit (full flush)", 14);

/// Every element of the low (TW §13.1) table, by number (the settlement-only dealer elements are
/// not hand elements).
pub const ALL: &[Element] = &[
    L01, L02, L03, L04, L05, L06, L07, L08, L09, L10, L11, L12, L13, L14, L15, L16, L17, L18, L19, L20, L21, L22, L23, L24, L25,
    L26, L27, L28, L29, L30, L31, L32, L35, L36,
];

/// The low table with its switches and the win's Taiwanese situation.
#[derive(Debug)]
pub struct TwLow<'a> {
    base: TwBase<'a>,
}

impl<'a> TwLow<'a> {
    pub fn new(switches: &'a TwSwitches, situation: &'a DealProgress) -> Self {
        TwLow { base: TwBase::new(switches, situation) }
    }
    /// [`TwLow::new`] with the hand's wait set `W` known ([`super::scoring::TwBase::with_waits`]).
    pub fn with_waits(switches: &'a TwSwitches, situation: &'a DealProgress, waits: u64) -> Self {
        TwLow { base: TwBase::with_waits(switches, situation, waits) }
    }

    /// TW §13.1 with the replacements of §13.2 for one reading (any order; sorted later).
    fn elements(&self, facts: &WinFacts<'_>, r: &Reading) -> Vec<Element> {
        let ctx = facts.ctx;
        let bonus = facts.hand.bonus;
        let mut out = Vec::with_capacity(12);
        let n_waits = self.base.n_waits(facts);
        if n_waits == Some(1) {
            out.push(L01);
        }
        let (open_kongs, concealed_kongs) = kongs(facts);
        out.extend(std::iter::repeat_n(L02, open_kongs));
        out.extend(std::iter::repeat_n(L03, concealed_kongs));
        let colours = self.base.colours(facts);
        if colours.no_honours {
            out.push(L04);
        }
        if bonus == 0 {
            out.push(L05);
        }
        match (facts.concealed_hand, facts.self_drawn) {
            (true, true) => out.push(L08),
            (true, false) => out.push(L06),
            (false, true) => out.push(L07),
            (false, false) => {}
        }
        if ctx.kong_replacement && facts.self_drawn {
            out.push(L09);
        }
        if ctx.last_wall_tile && facts.self_drawn {
            out.push(L10);
        }
        if ctx.robbing_kong {
            out.push(L11);
        }
        if r.all_melded() {
            out.push(L12);
        }
        // Dragons: L25 / L27 replace L13 for the pungs they use (all dragon pungs).
        if r.big_three_dragons() {
            out.push(L27);
        } else if r.small_three_dragons() {
            out.push(L25);
        } else {
            out.extend(r.dragon_pungs().map(|_| L13));
        }
        // Winds: L26 / L28 replace L14 and L15 for the pungs they use (all wind pungs).
        if r.four_big_winds() {
            out.push(L28);
        } else if r.four_small_winds() {
            out.push(L26);
        } else {
            if r.wind_pungs().any(|t| t == Tile(27 + ctx.seat_wind)) {
                out.push(L14);
            }
            if r.wind_pungs().any(|t| t == Tile(27 + ctx.prevailing_wind)) {
                out.push(L15);
            }
        }
        // L16–L18: a bouquet replaces the seat bonus tile of its group; all eight held under
        // eight_bonus_mode additive / compound score L30 instead (TW §20.5.8 rule 2)
        let all_eight = all_eight_scored(self.base.switches, bonus);
        if all_eight {
            out.push(L30);
        }
        let flowers = bonus & 0x0F == 0x0F && !all_eight;
        let seasons = bonus & 0xF0 == 0xF0 && !all_eight;
        for b in (0..8u8).filter(|b| !all_eight && bonus & (1 << b) != 0 && is_own_bonus(*b, ctx.seat_wind)) {
            if !(if b < 4 { flowers } else { seasons }) {
                out.push(L16);
            }
        }
        if flowers {
            out.push(L17);
        }
        if seasons {
            out.push(L18);
        }
        // L19: five chows, suited pair, at least two kinds in W, not self-drawn (bonus allowed).
        if r.all_chows_suited_pair() && n_waits.is_some_and(|n| n >= 2) && !facts.self_drawn {
            out.push(L19);
        }
        if r.all_pungs() {
            out.push(L20);
        }
        match r.concealed_pungs {
            3 => out.push(L21),
            4 => out.push(L22),
            5 => out.push(L23),
            _ => {}
        }
        if colours.half_flush {
            out.push(L24);
        } else if colours.full_flush {
            out.push(L36);
        }
        match timing(facts, self.base.situation) {
            Timing::Heavenly => out.push(L31),
            Timing::Earthly => out.push(L32),
            _ => {}
        }
        if r.eight_half {
            out.push(L35);
        }
        out
    }
}

impl TaiElements for TwLow<'_> {
    fn base(&self) -> &TwBase<'_> {
        &self.base
    }
    fn elements(&self, facts: &WinFacts<'_>, r: &Reading) -> Vec<Element> {
        TwLow::elements(self, facts, r)
    }
}
