//! The Hong Kong faan table (rules §10.2–§10.4) as a [`ScoringTable`].

use crate::analysis::decompose::{ConcealedSet, Interpretation, ShapeRules, HK_SHAPES, MAX_SETS};
use crate::error::Result;
use crate::rules::scoring::{score, Element, Evaluation, ScoreOutcome, ScoringTable, WinContext, WinFacts};
use crate::tiles::hand::Hand;
use crate::tiles::tile::Tile;

/// The Hong Kong scoring table: 4 sets, seven pairs, thirteen orphans (§1.2, §9, §10), with
/// the minimum and cap of §18 (`min_faan`, `max_faan`; 3 and 13 by default, [`HongKong::DEFAULT`]).
/// The generic [`score`] applies both, once: totals above the cap become it and a limit hand
/// is worth exactly the cap (its one element carries that value); a total below the minimum
/// is not a legal win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HongKong {
    pub min_faan: u8,
    pub max_faan: u8,
}

impl HongKong {
    /// The table of the rules files: minimum 3, cap 13 (HK §10.4, §10.5).
    pub const DEFAULT: HongKong = HongKong { min_faan: 3, max_faan: LIMIT_FAAN };
}

impl Default for HongKong {
    fn default() -> Self {
        HongKong::DEFAULT
    }
}

pub const LIMIT_FAAN: u8 = 13;

const fn el(code: &'static str, name: &'static str, value: u8) -> Element {
    Element { code, name, value }
}

pub const F1: Element = el("F1", "All chows", 1);
pub const F2: Element = el("F2", "All pungs", 3);
pub const F3: Element = el("F3", "Half flush", 3);
pub const F4: Element = el("F4", "Full flush", 7);
pub const F5: Element = el("F5", "Seven pairs", 4);
pub const F6: Element = el("F6", "Dragon pung", 1);
pub const F7: Element = el("F7", "Small three dragons", 5);
pub const F8: Element = el("F8", "Seat wind pung", 1);
pub const F9: Element = el("F9", "Prevailing wind pung", 1);
pub const F10: Element = el("F10", "Concealed hand", 1);
pub const F11: Element = el("F11", "Self-draw", 1);
pub const F12: Element = el("F12", "Win on kong replacement", 1);
pub const F13: Element = el("F13", "Robbing a kong", 1);
pub const F14: Element = el("F14", "Win on the last wall tile", 1);
pub const F15: Element = el("F15", "Win on the last discard", 1);
pub const F16: Element = el("F16", "No bonus tiles", 1);
pub const F17: Element = el("F17", "Own flower", 1);
pub const F18: Element = el("F18", "Own season", 1);
pub const F19: Element = el("F19", "All four flowers", 2);
pub const F20: Element = el("F20", "All four seasons", 2);

pub const L1: Element = el("L1", "Thirteen orphans", LIMIT_FAAN);
pub const L2: Element = el("L2", "All honors", LIMIT_FAAN);
pub const L3: Element = el("L3", "All terminals", LIMIT_FAAN);
pub const L4: Element = el("L4", "Great three dragons", LIMIT_FAAN);
pub const L5: Element = el("L5", "Great four winds", LIMIT_FAAN);
pub const L6: Element = el("L6", "Four kongs", LIMIT_FAAN);
pub const L7: Element = el("L7", "Nine gates", LIMIT_FAAN);
pub const L8: Element = el("L8", "Self-drawn four concealed pungs", LIMIT_FAAN);

/// A set of the standard shape as scoring sees it: declared melds (kongs as pungs) and the
/// concealed sets of the interpretation (never claimed, §14a).
#[derive(Debug, Clone, Copy)]
struct Set {
    pung: bool,
    tile: Tile,
    claimed: bool,
}

/// The sets of one reading without allocating: declared melds first, then concealed sets.
struct Sets {
    buf: [Set; 2 * MAX_SETS],
    len: usize,
}

impl std::ops::Deref for Sets {
    type Target = [Set];
    fn deref(&self) -> &[Set] {
        &self.buf[..self.len]
    }
}

fn sets_of(facts: &WinFacts<'_>, concealed_sets: &[ConcealedSet]) -> Sets {
    let mut v = Sets { buf: [Set { pung: false, tile: Tile(0), claimed: false }; 2 * MAX_SETS], len: 0 };
    let melds = facts.hand.melds.iter().map(|m| Set { pung: m.kind.is_pung_like(), tile: m.tile, claimed: m.kind.is_claimed() });
    let conc = concealed_sets.iter().map(|s| match *s {
        ConcealedSet::Chow(t) => Set { pung: false, tile: t, claimed: false },
        ConcealedSet::Pung(t) => Set { pung: true, tile: t, claimed: false },
    });
    // At most MAX_SETS declared (checked by win_facts) and MAX_SETS concealed sets.
    for s in melds.chain(conc) {
        v.buf[v.len] = s;
        v.len += 1;
    }
    v
}

/// `1112345678999` of suit `s` (kinds counts), §10.4 L7.
fn nine_gates_base(s: usize) -> [u8; 34] {
    let mut c = [0u8; 34];
    for n in 0..9 {
        c[9 * s + n] = if n == 0 || n == 8 { 3 } else { 1 };
    }
    c
}

/// L7 (strict reading, HK §17.11): no declared sets; the 13 tiles before the winning tile are
/// exactly `1112345678999` of one suit (dealer's start: the 14 tiles are that plus one more
/// tile of the suit).
#[allow(clippy::needless_range_loop)]
fn is_nine_gates(facts: &WinFacts<'_>) -> bool {
    if !facts.hand.melds.is_empty() {
        return false;
    }
    (0..3).any(|s| {
        let base = nine_gates_base(s);
        if facts.ctx.dealer_start {
            let mut extra = 0usize;
            for k in 0..34 {
                match facts.concealed[k].checked_sub(base[k]) {
                    None => return false,
                    Some(d) => {
                        if d > 0 && k / 9 != s {
                            return false;
                        }
                        extra += d as usize;
                    }
                }
            }
            extra == 1
        } else {
            // The two 3s first: a cheap rejection before comparing all 34 counts.
            facts.hand.concealed[9 * s] == 3
                && facts.hand.concealed[9 * s + 8] == 3
                && facts.hand.concealed == base
                && facts.win_tile.is_some_and(|t| t.is_suited() && t.suit() as usize == s)
        }
    })
}

impl HongKong {
    fn limit(&self, facts: &WinFacts<'_>, interp: &Interpretation, sets: &[Set]) -> Option<Element> {
        let standard = matches!(interp, Interpretation::Standard { .. });
        let present = |k: usize| facts.all[k] > 0;
        let pung_of = |k: u8| sets.iter().any(|s| s.pung && s.tile == Tile(k));
        if matches!(interp, Interpretation::ThirteenOrphans { .. }) {
            return Some(L1);
        }
        if (0..27).all(|k| !present(k)) && (standard || matches!(interp, Interpretation::SevenPairs { .. })) {
            return Some(L2);
        }
        if standard && (0..34).all(|k| !present(k) || Tile(k as u8).is_terminal()) {
            return Some(L3);
        }
        if standard && (31..=33).all(pung_of) {
            return Some(L4);
        }
        if standard && (27..=30).all(pung_of) {
            return Some(L5);
        }
        if facts.hand.melds.iter().filter(|m| m.kind.is_kong()).count() >= 4 {
            return Some(L6);
        }
        if is_nine_gates(facts) {
            return Some(L7);
        }
        if standard && facts.self_drawn && sets.iter().all(|s| s.pung && !s.claimed) {
            return Some(L8);
        }
        None
    }
}

impl ScoringTable for HongKong {
    fn shapes(&self) -> &ShapeRules {
        &HK_SHAPES
    }
    /// HK §10.5 / §18 `min_faan`.
    fn min_total(&self) -> u8 {
        self.min_faan
    }
    /// HK §10.4 / §18 `max_faan`.
    fn cap(&self) -> Option<u8> {
        Some(self.max_faan)
    }

    /// §10.1 step 2 with the table of §10.2, the replacements of §10.3 and the limits of §10.4.
    fn evaluate(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Evaluation {
        let (sets, pair) = match interp {
            Interpretation::Standard { sets, pair } => (sets_of(facts, sets), Some(*pair)),
            _ => (Sets { buf: [Set { pung: false, tile: Tile(0), claimed: false }; 2 * MAX_SETS], len: 0 }, None),
        };
        if let Some(l) = self.limit(facts, interp, &sets) {
            // a limit hand is worth the cap (HK §10.4, §18 `max_faan`)
            return Evaluation::Limit(Element { value: self.max_faan, ..l });
        }
        let standard = pair.is_some();
        let ctx = facts.ctx;
        let mut out = Vec::with_capacity(12);
        // F1 / F2 (standard shape).
        if let Some(p) = pair {
            if sets.iter().all(|s| !s.pung) && p.is_suited() {
                out.push(F1);
            }
            if sets.iter().all(|s| s.pung) {
                out.push(F2);
            }
        }
        // F3 / F4: one suit.
        let suits_used = (0..3).filter(|&s| facts.all[9 * s..9 * s + 9].iter().any(|&n| n > 0)).count();
        let honours = facts.all[27..].iter().any(|&n| n > 0);
        if suits_used == 1 {
            out.push(if honours { F3 } else { F4 });
        }
        if matches!(interp, Interpretation::SevenPairs { .. }) {
            out.push(F5);
        }
        // F6 / F7: dragons (F7 replaces F6).
        let dragon_pungs = || sets.iter().filter(|s| s.pung && s.tile.is_dragon()).map(|s| s.tile);
        let n_dragon_pungs = dragon_pungs().count();
        let small_three =
            standard && n_dragon_pungs == 2 && pair.is_some_and(|p| p.is_dragon() && !dragon_pungs().any(|t| t == p));
        if small_three {
            out.push(F7);
        } else {
            out.extend(std::iter::repeat_n(F6, n_dragon_pungs));
        }
        // F8 / F9: wind pungs (both for East by East in an East round).
        if sets.iter().any(|s| s.pung && s.tile == Tile(27 + ctx.seat_wind)) {
            out.push(F8);
        }
        if sets.iter().any(|s| s.pung && s.tile == Tile(27 + ctx.prevailing_wind)) {
            out.push(F9);
        }
        if facts.concealed_hand {
            out.push(F10);
        }
        if facts.self_drawn {
            out.push(F11);
        }
        if ctx.kong_replacement {
            out.push(F12);
        }
        if ctx.robbing_kong {
            out.push(F13);
        }
        if ctx.last_wall_tile {
            out.push(F14);
        }
        if ctx.last_discard {
            out.push(F15);
        }
        // F16–F20: bonus tiles (F19 replaces F17, F20 replaces F18).
        let b = facts.hand.bonus;
        let all_flowers = b & 0x0F == 0x0F;
        let all_seasons = b & 0xF0 == 0xF0;
        if b == 0 {
            out.push(F16);
        }
        if !all_flowers && b & (1 << ctx.seat_wind) != 0 {
            out.push(F17);
        }
        if !all_seasons && b & (1 << (4 + ctx.seat_wind)) != 0 {
            out.push(F18);
        }
        if all_flowers {
            out.push(F19);
        }
        if all_seasons {
            out.push(F20);
        }
        Evaluation::Elements(out)
    }
}

/// Score a Hong Kong win (rules §10, §14a) with the default minimum and cap (3, 13; for the §18
/// switches use [`crate::rules::Ruleset::score`]). `hand` = the tiles BEFORE the winning tile
/// (concealed + declared melds + bonus bitmask); `win_tile` completes it (None only with
/// `ctx.dealer_start`, when `hand` already holds 14).
///
/// Impossible situations are `Err(InvalidHand)`; a hand that is not a win is
/// `Ok(is_win = false)` with its reason.
///
/// ```
/// use mahjong_fast::{parse_hand, rules::scoring::WinContext, rules::hong_kong::scoring::score_hk, tiles::tile::parse_tile};
/// let h = parse_hand("123m456m789p234s5s").unwrap();
/// let ctx = WinContext { seat_wind: 1, self_drawn: true, ..Default::default() };
/// let s = score_hk(&h, Some(parse_tile("5s").unwrap()), &ctx).unwrap();
/// assert_eq!(s.value, 4); // F1 F10 F11 F16
/// ```
pub fn score_hk(hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
    score(&HongKong::DEFAULT, hand, win_tile, ctx)
}

/// HK §19.5.6 the qualifying faan of a scored hand: its value for a limit hand, else
/// min(raw − B, value) where B is the sum of its F16–F20 entries (the value is the raw total
/// capped at `max_faan`, so this is min(raw − B, `max_faan`)).
pub fn qualifying(o: &ScoreOutcome) -> u8 {
    if o.limit.is_some() {
        return o.value;
    }
    let b: u8 = o.elements.iter().filter(|e| (16..=20).contains(&e.number()) && e.code.starts_with('F')).map(|e| e.value).sum();
    o.raw_value.saturating_sub(b).min(o.value)
}

pub mod house;
#[cfg(test)]
mod tests;
