//! The Hong Kong ruleset (rules `hong-kong.md`): 13 tiles, four sets and a pair, seven pairs and
//! thirteen orphans (HK §9), no dead wall (§4.2), the faan table (§10) with its minimum and cap,
//! the payments of §11 with the switches of §18, head bump (§11.3), dealer rotation (§12).

mod hooks;
pub mod scoring;
pub mod switches;
#[cfg(test)]
mod tests;

use crate::analysis::decompose::{ShapeRules, HK_SHAPES};
use crate::error::{MahjongError, Result};
use crate::rules::scoring::{DealProgress, Element, RejectReason, ScoreOutcome, WinContext};
use crate::rules::switch_table::SwitchSet;
use crate::rules::{Identity, MatchFlow, MatchOptions, MatchPosition, Payments, Ruleset, Settlement, Table, WinPayment, Wording};

/// How the Hong Kong rules word themselves (HK §9, §10.4, §10.5, §11, §12, §18).
static HK_WORDING: Wording = Wording {
    family: "Hong Kong",
    unit: "faan",
    unit_name: "faan",
    shapes: "four sets and a pair, seven pairs, or the thirteen orphans",
    cap_switch: Some("max_faan"),
    sections: ["HK §9", "HK §10.5", "HK §10.4, §18", "HK §11", "HK §12"],
};
use crate::tiles::hand::Hand;
use crate::tiles::tile::{Tile, N_KINDS};
pub use switches::{HongKongSwitches, Responsibility, Spiciness, MAX_UNIT, SWITCH_TABLE};

/// The Hong Kong ruleset with its switches (HK §18): the values as recorded and their typed
/// form the rules read.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HongKongRules {
    pub switches: HongKongSwitches,
    set: SwitchSet,
}

impl HongKongRules {
    /// The ruleset of a checked set of values of [`SWITCH_TABLE`].
    fn of(set: &SwitchSet) -> HongKongRules {
        HongKongRules { switches: HongKongSwitches::from_set(set), set: set.clone() }
    }
}

/// A Hong Kong ruleset with these switches, checked (HK §18).
pub fn ruleset(switches: HongKongSwitches) -> Result<Ruleset> {
    Ruleset::from_set(&switches.to_set()?)
}

/// HK §18 `min_faan` / `max_faan` applied to an outcome scored with the defaults (3 and 13).
/// The best interpretation does not change with a lower cap: §10.1 step 3 compares the capped
/// total, then limit over non-limit, then the raw total, and the capped total is monotone in
/// the raw one, so the order of the readings is the same.
fn apply_min_and_cap(mut o: ScoreOutcome, min: u8, max: u8) -> ScoreOutcome {
    if o.interpretation.is_none() {
        return o; // no winning shape: nothing to cap, the reason stays
    }
    if o.limit.is_some() {
        o.value = max;
        o.raw_value = max;
        for e in &mut o.elements {
            *e = Element { value: max, ..*e };
        }
    } else {
        o.value = o.raw_value.min(max);
    }
    o.is_win = o.value >= min;
    o.reason = if o.is_win { None } else { Some(RejectReason::BelowMinimum) };
    o
}

fn bad(msg: impl Into<String>) -> MahjongError {
    MahjongError::hand(msg)
}

impl Identity for HongKongRules {
    fn name(&self) -> &'static str {
        "hong-kong"
    }
    fn title(&self) -> &'static str {
        "Hong Kong mahjong"
    }
    /// HK §9 shapes, §10.5 minimum, §10.4 / §18 cap, §11 payments, §12 match.
    fn wording(&self) -> &'static Wording {
        &HK_WORDING
    }
    fn switches(&self) -> &SwitchSet {
        &self.set
    }
}

impl Table for HongKongRules {
    /// HK §9: four sets and a pair, seven pairs, thirteen orphans.
    fn shapes(&self) -> &'static ShapeRules {
        &HK_SHAPES
    }
    /// HK §4.2: every tile of the wall can be drawn.
    fn dead_wall(&self) -> usize {
        0
    }
    /// HK §10.2 F12: only a kong's replacement chain is a win on a replacement.
    fn bonus_replacement_scores(&self) -> bool {
        false
    }
    /// Hong Kong scores no timing and keeps no streak (HK §10, §11).
    fn reads_progress(&self) -> bool {
        false
    }
    /// Every progress scores alike (HK §10 has no timing element).
    fn value_progress_class(&self, _p: &DealProgress) -> DealProgress {
        DealProgress::START_OF_PLAY
    }
    /// HK §10.5 / §18 `min_faan`.
    fn min_value(&self) -> u8 {
        self.switches.min_faan
    }
    /// HK §10.4 / §18 `max_faan`.
    fn max_value(&self) -> u8 {
        self.switches.max_faan
    }
    /// HK §10, §14a with the minimum and cap of §18: totals above `max_faan` are reduced to it,
    /// a limit hand is worth exactly `max_faan` (its one element carries that value) and a total
    /// below `min_faan` is not a legal win (`BelowMinimum`). The deal's progress is not read.
    fn score(&self, hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext) -> Result<ScoreOutcome> {
        let o = scoring::score_hk(hand, win_tile, ctx)?;
        Ok(apply_min_and_cap(o, self.switches.min_faan, self.switches.max_faan))
    }
    /// Each wait scored once, on a discard, when the two situations differ only in how the tile
    /// comes (no kong replacement, robbing, last tile or dealer's start in either): self-drawn,
    /// every interpretation gains F11 alone (HK §10.2: the winning tile may come from a discard
    /// in a concealed hand, F10, so nothing else reads it), except that four concealed pungs
    /// are then the limit L8 (§10.4). Any other pair of situations scores both.
    fn wait_values_into(&self, hand: &Hand, waits: u64, ts: &WinContext, ron: &WinContext, values: &mut [[i16; N_KINDS]; 2]) {
        let quiet =
            |c: &WinContext| !(c.robbing_kong || c.kong_replacement || c.last_wall_tile || c.last_discard || c.dealer_start);
        let paired = ts.self_drawn
            && !ron.self_drawn
            && quiet(ts)
            && quiet(ron)
            && (ts.seat_wind, ts.prevailing_wind) == (ron.seat_wind, ron.prevailing_wind);
        if !paired {
            crate::rules::score_each_wait(self, hand, waits, ts, ron, values);
            return;
        }
        let (min, max) = (self.switches.min_faan, self.switches.max_faan);
        let mut m = waits;
        while m != 0 {
            let w = m.trailing_zeros() as usize;
            m &= m - 1;
            let (self_drawn, on_discard) = match self.score(hand, Some(Tile(w as u8)), ron) {
                Ok(o) if o.interpretation.is_some() => {
                    let ts_value = if o.limit.is_some() || four_concealed_pungs(hand, w) {
                        max
                    } else {
                        o.raw_value.saturating_add(1).min(max)
                    };
                    (ts_value, o.is_win.then_some(o.value))
                }
                _ => (0, None),
            };
            values[0][w] = if self_drawn >= min && self_drawn > 0 { i16::from(self_drawn) } else { -1 };
            values[1][w] = on_discard.map_or(-1, i16::from);
        }
    }
}

impl Payments for HongKongRules {
    /// HK §18 the amount of one M(F) in points: M(`value`) × `unit` (what each opponent pays on
    /// a self-drawn win). `value` above the cap is read as the cap.
    fn base(&self, value: u8) -> i64 {
        let s = &self.switches;
        s.multiplier(value.min(s.max_faan)) * i64::from(s.unit)
    }
    /// HK §11, §18: self-drawn, each other player pays one base ([`Rules::base`]). On a discard
    /// (robbing a kong included, the kong declarer paying) by `responsibility`: seed, the
    /// discarder pays 3 bases; full, 2; half, the discarder 1 and each other player ½. The dealer
    /// and streak do not change Hong Kong payments. Errors (`InvalidHand`): positions out of
    /// range, a missing discarder on a discard, a discarder equal to the winner, or a payment
    /// the switches make fractional (half of an odd base, only M(0) with an odd unit, which no
    /// valid configuration lets win).
    fn win_payments(&self, win: &WinPayment, _dealer: usize, _streak: u32) -> Result<[i64; 4]> {
        let mut p = [0i64; 4];
        let winner = win.winner;
        if winner >= 4 {
            return Err(bad(format!("winner {winner} is not a player 0..3")));
        }
        let base = self.base(win.value.min(u32::from(u8::MAX)) as u8);
        if win.self_drawn {
            for (seat, v) in p.iter_mut().enumerate() {
                *v = if seat == winner { 3 * base } else { -base };
            }
            return Ok(p);
        }
        let d = match win.discarder {
            Some(d) if d < 4 && d != winner => d,
            Some(d) => return Err(bad(format!("discarder {d} must be another player 0..3 than the winner {winner}"))),
            None => return Err(bad("a win on a discard needs the discarder")),
        };
        match self.switches.responsibility {
            Responsibility::Seed => {
                p[d] = -3 * base;
                p[winner] = 3 * base;
            }
            Responsibility::Full => {
                p[d] = -2 * base;
                p[winner] = 2 * base;
            }
            Responsibility::Half => {
                if base % 2 != 0 {
                    return Err(bad(format!(
                        "a {}-faan win on a discard would pay a fractional amount under these switches",
                        win.value
                    )));
                }
                for (seat, v) in p.iter_mut().enumerate() {
                    *v = if seat == winner {
                        2 * base
                    } else if seat == d {
                        -base
                    } else {
                        -base / 2
                    };
                }
            }
        }
        Ok(p)
    }
    /// HK §11 for the one winner (§11.3 head bump: a deal has at most one), and §12: with
    /// `rotate_dealer` the dealer passes after every deal, win or draw; without it the dealer
    /// keeps the seat. Hong Kong keeps no streak.
    fn settle(&self, wins: &[WinPayment], dealer: usize, streak: u32) -> Result<Settlement> {
        if dealer > 3 {
            return Err(bad(format!("dealer {dealer} is not a player 0..3")));
        }
        if wins.len() > 1 {
            return Err(bad("a Hong Kong deal has one winner (HK §11.3: the first claimant in turn order wins)"));
        }
        let mut payments = [0i64; 4];
        for w in wins {
            payments = self.win_payments(w, dealer, streak)?;
        }
        let passed = self.switches.rotate_dealer;
        let dealer_after = if passed { (dealer + 1) % 4 } else { dealer };
        Ok(Settlement { payments, dealer_after, streak_after: 0, passed })
    }
}

impl MatchFlow for HongKongRules {
    /// HK §12: the deals of a match are independent, nothing carries over but the scores.
    fn independent_deals(&self) -> bool {
        true
    }
    /// HK §12: a match is the N ≥ 1 deals asked for (one by default), from deal index
    /// `start_deal`, dealt by P0 or, with `rotate_dealer`, by P(d mod 4) for deal d; the scores
    /// start from `scores` (zeros by default). The first dealer follows from the deal index, so
    /// `first_dealer` is refused.
    fn match_start(&self, opts: &MatchOptions) -> Result<MatchPosition> {
        if opts.start_streak.is_some() {
            return Err(MahjongError::RuleConfig(
                "start_streak: a Hong Kong dealer keeps no streak (HK §12: nothing carries over but the scores)".into(),
            ));
        }
        if opts.first_dealer.is_some() {
            return Err(MahjongError::RuleConfig(
                "first_dealer: the Hong Kong dealer follows from the deal index (HK §12: P0, or P(d mod 4) with rotate_dealer)"
                    .into(),
            ));
        }
        let deals = opts.deals.unwrap_or(1);
        if deals == 0 || opts.start_deal.checked_add(deals - 1).is_none() {
            return Err(MahjongError::RuleConfig(format!(
                "deals: a Hong Kong match is N >= 1 deals whose indices start_deal.. fit 0..2**32-1 (got deals={deals}, start_deal={})",
                opts.start_deal
            )));
        }
        let dealer = if self.switches.rotate_dealer { (opts.start_deal % 4) as u8 } else { 0 };
        Ok(MatchPosition { dealer, streak: 0, passes: 0, deals: 0, scores: opts.scores.unwrap_or([0; 4]) })
    }
    fn match_is_over(&self, opts: &MatchOptions, pos: &MatchPosition) -> bool {
        pos.deals >= opts.deals.unwrap_or(1)
    }
    /// HK §1.2: the prevailing wind is always East.
    fn round_wind(&self, _pos: &MatchPosition) -> u8 {
        0
    }
    fn describe_match(&self, opts: &MatchOptions) -> String {
        match opts.deals.unwrap_or(1) {
            1 => "one deal".into(),
            n if self.switches.rotate_dealer => format!("a match of {n} deals, the deal passing after every deal"),
            n => format!("a match of {n} deals"),
        }
    }
}

/// Whether `hand` won with kind `w` is four pungs (concealed kongs among them) and a pair, with
/// no claimed set: self-drawn, HK §10.4 L8.
fn four_concealed_pungs(hand: &Hand, w: usize) -> bool {
    use crate::tiles::hand::MeldKind;
    if hand.melds.iter().any(|m| m.kind != MeldKind::ConcealedKong) {
        return false;
    }
    let mut c = hand.concealed;
    c[w] += 1;
    let (mut pairs, mut pungs) = (0, 0);
    for &n in &c {
        match n {
            0 => {}
            2 => pairs += 1,
            3 => pungs += 1,
            _ => return false,
        }
    }
    pairs == 1 && pungs + hand.melds.len() == 4
}
