//! The Taiwanese common table C01–C46 (TW §20.4) with its three Tai columns `sml`, `star31`
//! and `shenlaiye`, as a [`super::scoring::TaiElements`] table beside the high (§12) and low
//! (§13) tables: its elements (§20.4.1), replacements and reading rules (§20.4.2), the starting
//! wins (§20.4.3) and the options of §20.2.10. Conditions the three tables share live in
//! [`super::scoring`].

use std::cell::OnceCell;

use super::scoring::{for_each_reading_of, is_own_bonus, kongs, Reading, Role, TaiElements, TwBase};
use crate::rules::scoring::{DealProgress, Element, Qualification, StartingWin, WinFacts};
use crate::rules::taiwanese::switches::{AllChowsWait, HumanWin, TaiTable, TwSwitches};

/// One row of TW §20.4.1: code, English name, Tai in the `sml`, `star31` and `shenlaiye`
/// columns (0 for the settlement-only C45, C46). The Chinese names are in the names data
/// (`super::names::COMMON`), one source each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommonRow {
    pub code: &'static str,
    pub name: &'static str,
    pub tai: [u8; 3],
}

const fn row(code: &'static str, name: &'static str, sml: u8, star31: u8, shenlaiye: u8) -> CommonRow {
    CommonRow { code, name, tai: [sml, star31, shenlaiye] }
}

/// The common table of TW §20.4.1, one row per code, C01 first: the English names and the
/// three columns.
pub const ROWS: [CommonRow; 46] = [
    row("C01", "Concealed hand", 1, 1, 1),
    row("C02", "Fully concealed", 1, 1, 1),
    row("C03", "Self-drawn", 1, 1, 1),
    row("C04", "Seat wind pung", 1, 1, 1),
    row("C05", "Round wind pung", 1, 1, 1),
    row("C06", "Wind pung", 1, 1, 1),
    row("C07", "Bonus tile", 1, 1, 1),
    row("C08", "Dragon pung", 1, 1, 1),
    row("C09", "Single wait", 1, 1, 1),
    row("C10", "Robbing a kong", 1, 1, 1),
    row("C11", "Win on a loose tile", 1, 1, 1),
    row("C12", "Last tile", 1, 1, 1),
    row("C13", "Bouquet", 1, 2, 2),
    row("C14", "No bonus tiles", 1, 1, 1),
    row("C15", "Ready declared", 1, 1, 1),
    row("C16", "Half begging", 1, 1, 1),
    row("C17", "Last discard", 1, 1, 1),
    row("C18", "Exposed kong", 1, 1, 1),
    row("C19", "All chows", 2, 2, 2),
    row("C20", "Three concealed pungs", 2, 2, 2),
    row("C21", "All begging", 2, 2, 2),
    row("C22", "No honors, no bonus", 2, 2, 2),
    row("C23", "Concealed kong", 2, 2, 2),
    row("C24", "All pungs", 4, 4, 4),
    row("C25", "Small three dragons", 4, 4, 4),
    row("C26", "Half flush", 4, 4, 4),
    row("C27", "Starting bonus win", 4, 4, 4),
    row("C28", "Four concealed pungs", 5, 5, 5),
    row("C29", "Earthly ready", 8, 4, 4),
    row("C30", "Five concealed pungs", 8, 8, 8),
    row("C31", "Big three dragons", 8, 8, 8),
    row("C32", "Small four winds", 8, 8, 8),
    row("C33", "Full flush", 8, 8, 8),
    row("C34", "All eight bonus tiles", 8, 8, 8),
    row("C35", "Seven rob the eighth", 8, 8, 8),
    row("C36", "Eight and a half pairs", 8, 8, 8),
    row("C37", "Heavenly ready", 16, 8, 16),
    row("C38", "Earthly win", 16, 16, 16),
    row("C39", "Human win", 16, 16, 8),
    row("C40", "All honors", 16, 8, 8),
    row("C41", "Big four winds", 16, 16, 16),
    row("C42", "Heavenly win", 24, 24, 24),
    row("C43", "Four kongs", 8, 8, 8),
    row("C44", "Five kongs", 16, 16, 16),
    row("C45", "Dealer", 0, 0, 0),
    row("C46", "Dealer's streak", 0, 0, 0),
];

/// The Chinese name of a common-table element (`"C09"` → `"獨聽"`), `None` for another code.
pub fn chinese_name(code: &str) -> Option<&'static str> {
    super::names::COMMON.iter().find(|n| n.code == code).map(|n| n.names.zh_tw)
}

const fn hand_element(n: usize) -> Element {
    Element { code: ROWS[n].code, name: ROWS[n].name, value: ROWS[n].tai[0] }
}

/// The hand elements C01–C44 (`sml` values): the codes `tai_overrides` takes with a common
/// table (C45, C46 are settlement-only, TW §20.2.9).
pub static ALL_CODES_AS_ELEMENTS: &[Element] = &{
    let mut out = [hand_element(0); 44];
    let mut i = 0;
    while i < 44 {
        out[i] = hand_element(i);
        i += 1;
    }
    out
};

/// Element `n` (1..=46) of the common table with the Tai of `t`'s column.
pub const fn element_of(n: usize, t: TaiTable) -> Element {
    let r = &ROWS[n - 1];
    Element { code: r.code, name: r.name, value: r.tai[column(t)] }
}

/// The column of a common table (`sml` 0, `star31` 1, `shenlaiye` 2).
pub(crate) const fn column(t: TaiTable) -> usize {
    match t {
        TaiTable::Star31 => 1,
        TaiTable::Shenlaiye => 2,
        _ => 0,
    }
}

/// The Tai of element `code` in the column of `t` (a common table).
pub(crate) fn table_tai(t: TaiTable, code: &str) -> Option<u8> {
    ROWS.iter().find(|r| r.code == code).map(|r| r.tai[column(t)])
}

/// The common table with its switches and the win's situation.
#[derive(Debug)]
pub struct TwCommon<'a> {
    base: TwBase<'a>,
    col: usize,
    /// `only_two_sided`: whether every reading in which C19's other conditions hold is
    /// two-sided (TW §20.4.2 rule 3), computed once per hand.
    all_two_sided: OnceCell<bool>,
}

/// Whether the winning tile completes a chow at one end and not as an edge (`12`+`3`,
/// `89`+`7`): TW §20.4.2 rule 3 "two-sided".
fn two_sided(r: &Reading, facts: &WinFacts<'_>) -> bool {
    let Some(w) = facts.win_tile else { return false };
    let rank = w.0 % 9;
    match r.role {
        Role::ChowLow => rank != 6,
        Role::ChowHigh => rank != 2,
        _ => false,
    }
}

/// An edge or closed completion, or the pair: the roles of C09 (TW §20.4.1).
fn single_wait_role(r: &Reading, facts: &WinFacts<'_>) -> bool {
    let Some(w) = facts.win_tile else { return false };
    let rank = w.0 % 9;
    match r.role {
        Role::Pair | Role::ChowMiddle => true,
        Role::ChowLow => rank == 6,
        Role::ChowHigh => rank == 2,
        _ => false,
    }
}

impl<'a> TwCommon<'a> {
    pub fn new(switches: &'a TwSwitches, situation: &'a DealProgress) -> Self {
        TwCommon { base: TwBase::new(switches, situation), col: column(switches.tai_table), all_two_sided: OnceCell::new() }
    }
    /// [`TwCommon::new`] with the hand's wait set `W` known.
    pub fn with_waits(switches: &'a TwSwitches, situation: &'a DealProgress, waits: u64) -> Self {
        TwCommon {
            base: TwBase::with_waits(switches, situation, waits),
            col: column(switches.tai_table),
            all_two_sided: OnceCell::new(),
        }
    }

    fn el(&self, n: usize) -> Element {
        let r = &ROWS[n - 1];
        Element { code: r.code, name: r.name, value: r.tai[self.col] }
    }

    /// C19's conditions other than the wait (TW §20.4.1).
    fn all_chows_but_wait(&self, facts: &WinFacts<'_>, r: &Reading) -> bool {
        let o = &self.base.switches.common;
        r.all_chows()
            && (o.all_chows_concealed || !facts.concealed_hand)
            && (o.all_chows_self_draw || !facts.self_drawn)
            && (o.all_chows_honors_bonus || (self.base.colours(facts).no_honours && facts.hand.bonus == 0))
    }

    /// TW §20.4.1 with the replacements of §20.4.2 for one reading (any order; sorted later).
    fn elements(&self, facts: &WinFacts<'_>, r: &Reading) -> Vec<Element> {
        let sw = self.base.switches;
        let o = &sw.common;
        let ctx = facts.ctx;
        let h = ctx.house.taiwanese();
        let bonus = facts.hand.bonus;
        let mut out = Vec::with_capacity(12);
        let colours = self.base.colours(facts);
        let all_honours = facts.all[..27].iter().all(|&n| n == 0);
        // starting wins (§20.4.3): at most one, C42 before C38 before C39
        let start = match h.starting_win {
            Some(StartingWin::Human) if o.human_win == HumanWin::Off => None,
            s => s,
        };
        let heavenly_win = start == Some(StartingWin::Heavenly);
        let earthly_win = start == Some(StartingWin::Earthly);
        // qualification (§20.4.2 rule 1): C37 before C29 before C15; none with a starting win
        let qual = if start.is_some() {
            None
        } else {
            match h.qualification {
                Some(Qualification::Heavenly) => Some(37),
                Some(Qualification::Earthly) => Some(29),
                None if sw.ready_declaration && h.declared_ready => Some(15),
                None => None,
            }
        };
        if facts.concealed_hand && start.is_none() && !(qual == Some(29) && o.earthly_ready_replaces_concealed) {
            out.push(self.el(1));
        }
        if facts.concealed_hand && facts.self_drawn && !heavenly_win && !earthly_win {
            out.push(self.el(2));
        }
        if facts.self_drawn {
            out.push(self.el(3));
        }
        // winds
        let big_four = r.four_big_winds();
        let small_four = r.four_small_winds();
        if o.any_wind_pung {
            out.extend(r.wind_pungs().map(|_| self.el(6)));
        } else if !big_four && (!small_four || o.small_four_winds_keeps_wind_pungs) {
            for t in r.wind_pungs() {
                let wind = t.0 - 27;
                if wind == ctx.seat_wind {
                    out.push(self.el(4));
                }
                if wind == ctx.prevailing_wind {
                    out.push(self.el(5));
                }
            }
        }
        if big_four {
            out.push(self.el(41));
        } else if small_four {
            out.push(self.el(32));
        }
        // bonus tiles: all eight replace C07, C13, C14, C22 in additive / compound mode
        let all_eight = super::scoring::all_eight_scored(sw, bonus);
        if all_eight {
            out.push(self.el(34));
        } else {
            let groups = [bonus & 0x0F == 0x0F, bonus & 0xF0 == 0xF0];
            for b in (0..8u8).filter(|b| bonus & (1 << b) != 0) {
                let counted = if o.any_bonus_tile {
                    true
                } else {
                    is_own_bonus(b, ctx.seat_wind) && !(o.bouquet_replaces_own_bonus && groups[usize::from(b / 4)])
                };
                if counted {
                    out.push(self.el(7));
                }
            }
            if !o.any_bonus_tile {
                out.extend(groups.iter().filter(|&&g| g).map(|_| self.el(13)));
            }
            if o.no_honors_no_bonus_element && bonus == 0 && colours.no_honours {
                out.push(self.el(22));
            } else if o.no_bonus_element && bonus == 0 {
                out.push(self.el(14));
            }
        }
        // dragons
        if r.big_three_dragons() {
            out.push(self.el(31));
        } else if r.small_three_dragons() {
            out.push(self.el(25));
        } else {
            out.extend(r.dragon_pungs().map(|_| self.el(8)));
        }
        // C09: one kind in W, the named roles, not all five sets claimed, not C42, not 8½
        let all_claimed = r.sets().len() == 5 && r.sets().iter().all(|s| s.claimed);
        if !r.eight_half && !all_claimed && !heavenly_win && single_wait_role(r, facts) && self.base.n_waits(facts) == Some(1) {
            out.push(self.el(9));
        }
        if ctx.robbing_kong {
            out.push(self.el(10));
        }
        if facts.self_drawn && ctx.kong_replacement && !heavenly_win {
            out.push(self.el(11));
        }
        if facts.self_drawn && ctx.last_wall_tile {
            out.push(self.el(12));
        }
        if let Some(q) = qual {
            out.push(self.el(q));
        }
        if o.half_begging_element && all_claimed && facts.self_drawn {
            out.push(self.el(16));
        }
        if o.last_discard_element && ctx.last_discard && !facts.self_drawn && !ctx.robbing_kong {
            out.push(self.el(17));
        }
        let (open_kongs, concealed_kongs) = kongs(facts);
        if o.exposed_kong_element {
            out.extend(std::iter::repeat_n(self.el(18), open_kongs));
        }
        if o.concealed_kong_element {
            out.extend(std::iter::repeat_n(self.el(23), concealed_kongs));
        }
        // C19 with its wait condition (§20.4.2 rule 3)
        if self.all_chows_but_wait(facts, r) {
            let ok = match o.all_chows_wait {
                AllChowsWait::Unrestricted => true,
                AllChowsWait::AnyTwoSided => two_sided(r, facts),
                AllChowsWait::OnlyTwoSided => two_sided(r, facts) && self.every_all_chows_reading_two_sided(facts),
            };
            if ok {
                out.push(self.el(19));
            }
        }
        if !r.eight_half {
            match r.concealed_pungs {
                3 => out.push(self.el(20)),
                4 => out.push(self.el(28)),
                5 => out.push(self.el(30)),
                _ => {}
            }
            if all_claimed && !facts.self_drawn {
                out.push(self.el(21));
            }
            if r.all_pungs() && (o.all_honors_with_all_pungs || !all_honours) {
                out.push(self.el(24));
            }
        }
        if colours.half_flush {
            out.push(self.el(26));
        } else if colours.full_flush {
            out.push(self.el(33));
        }
        if all_honours {
            out.push(self.el(40));
        }
        if r.eight_half {
            out.push(self.el(36));
        }
        match start {
            Some(StartingWin::Heavenly) => out.push(self.el(42)),
            Some(StartingWin::Earthly) => out.push(self.el(38)),
            Some(StartingWin::Human) => out.push(self.el(39)),
            None => {}
        }
        let n_kongs = open_kongs + concealed_kongs;
        if o.five_kongs_element && n_kongs >= 5 {
            out.push(self.el(44));
        } else if o.four_kongs_element && n_kongs >= 4 {
            out.push(self.el(43));
        }
        out
    }

    /// `only_two_sided` (TW §20.4.2 rule 3): every reading of the hand in which C19's other
    /// conditions hold is two-sided.
    fn every_all_chows_reading_two_sided(&self, facts: &WinFacts<'_>) -> bool {
        *self.all_two_sided.get_or_init(|| {
            let mut all = true;
            for_each_reading_of(facts, self.base.shapes(), |r| {
                if self.all_chows_but_wait(facts, r) && !two_sided(r, facts) {
                    all = false;
                }
            });
            all
        })
    }
}

impl TaiElements for TwCommon<'_> {
    fn base(&self) -> &TwBase<'_> {
        &self.base
    }
    fn elements(&self, facts: &WinFacts<'_>, r: &Reading) -> Vec<Element> {
        TwCommon::elements(self, facts, r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::scoring::WinContext;
    use crate::rules::taiwanese::scoring::score_tw;
    use crate::tiles::tile::parse_tile;

    #[test]
    fn one_row_per_code_in_order() {
        for (i, r) in ROWS.iter().enumerate() {
            assert_eq!(r.code, format!("C{:02}", i + 1));
            assert!(!r.name.is_empty() && chinese_name(r.code).is_some_and(|z| !z.is_empty()));
        }
        assert_eq!(chinese_name("C36"), Some("八對半"));
        assert_eq!(chinese_name("H36"), None);
        assert_eq!(ALL_CODES_AS_ELEMENTS.len(), 44);
        assert_eq!(element_of(13, TaiTable::Star31).value, 2);
    }

    #[test]
    fn the_three_columns_score_the_same_hand_differently() {
        // TW §20.9 X20 / X21: all honours, big four winds, five concealed pungs on a discard
        let h = crate::parse_hand("111222333444z5557z").unwrap();
        let ctx = WinContext { seat_wind: 1, ..Default::default() };
        let at = |t: TaiTable| {
            let sw = TwSwitches { tai_table: t, min_tai: 0, ..TwSwitches::default() };
            score_tw(&h, Some(parse_tile("7z").unwrap()), &ctx, &DealProgress::default(), &sw).unwrap().value
        };
        // C01 C08 C09 C24 C30 C40 C41: 1+1+1+4+8+16+16 (sml), C40 8 (star31, shenlaiye)
        assert_eq!((at(TaiTable::Sml), at(TaiTable::Star31), at(TaiTable::Shenlaiye)), (47, 39, 39));
    }
}
