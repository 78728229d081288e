//! Hong Kong's deal hooks: the house rules of HK §19 that act on play (§19.4 the 136-tile set,
//! §19.6 bonus-tile wins, §19.7 several winners, §19.8 liability, §19.11 the false win, §19.12
//! pass-over). At the default switches only the three table hooks answer (the full set, head
//! bump, no bonus-tile win: HK §4.4, §11.3) and `has_hooks` is false, so the engine asks
//! nothing else.

use super::settlement::{self, HouseWin};
use super::switches::{
    ElementValue, FalseWin, FlowerWin, Liability as LiabilitySwitch, LiabilityDiscard, MultipleWinners, PassOver, TileSet as Set,
};
use super::HongKongRules;
use crate::error::{IllegalCode, MahjongError, Result};
use crate::game::{Action, ActionType, Deal, Phase, Win};
use crate::rules::hooks::LiabilityRisk;
use crate::rules::hooks::{HookEvent, Liability, RuleFlags, RuleState, TileSet};
use crate::rules::{BonusTileWins, BonusWin, BonusWinKind, DealSetup, LiabilityRules, PlayHooks, Settlement};
use crate::tiles::hand::{Meld, MeldKind};
use crate::tiles::tile::Bonus;

/// HK §19.12: the private flag `pass_over` (bit 0) of a seat holding a pass-over lock; the
/// kinds it holds are the seat's [`RuleState::kinds`]; HK §19.13 logs it as `pass_over_lock`
/// (with the kinds) and `pass_over_clear`.
static FLAGS: RuleFlags = RuleFlags {
    public: &[],
    private: &["pass_over"],
    events: &[("pass_over", "pass_over_lock", "pass_over_clear")],
    revealed: &[],
};
const LOCKED: u8 = 0;
/// Every kind 0..=33 (a lock under `pass_over = all_kinds`).
pub const ALL_KINDS: u64 = (1 << 34) - 1;

impl HongKongRules {
    /// HK §19.6 the bonus-tile win element `code` (X20, X21) as a one-element breakdown: its
    /// value capped at `max_faan`, `max_faan` for `"limit"`.
    fn flower_element(&self, code: &str) -> crate::rules::scoring::Element {
        let value = match self.switches.element_values.get(code) {
            ElementValue::Faan(v) => v.min(self.switches.max_faan),
            _ => self.switches.max_faan,
        };
        let i = super::switches::element_index(code).unwrap_or(0);
        super::scoring::house::element(i, value)
    }
}

/// HK §19.8 the trigger, if any, that a claim (`kind`) makes its feeder liable by, `melds` the
/// claimer's declared sets after it (the claimed set last): `fourth_meld` (four exposed sets;
/// concealed kongs do not count), then `three_dragons`, then `four_winds` (the claim a pung or
/// kong of that honour, and pungs/kongs of all of them declared, concealed kongs included).
fn liability_trigger(rules: &HongKongRules, melds: &[Meld], kind: ActionType) -> Option<&'static str> {
    // every pattern needs at least three sets with the claimed one (three dragon pungs; four
    // wind pungs or four exposed sets): the expert asks this for each tile of each opponent
    if melds.len() < 3 {
        return None;
    }
    let sw = &rules.switches;
    let exposed = melds.iter().filter(|m| m.kind != MeldKind::ConcealedKong).count();
    if exposed == 4 && super::trigger_enabled(sw, "fourth_meld") {
        return Some("fourth_meld");
    }
    if kind == ActionType::Chow {
        return None;
    }
    let claimed = melds.last()?.tile.0;
    let declared = |k: u8| melds.iter().any(|m| m.kind.is_pung_like() && m.tile.0 == k);
    if (31..=33).contains(&claimed) && (31..=33).all(declared) && super::trigger_enabled(sw, "three_dragons") {
        return Some("three_dragons");
    }
    if (27..=30).contains(&claimed) && (27..=30).all(declared) && super::trigger_enabled(sw, "four_winds") {
        return Some("four_winds");
    }
    None
}

impl DealSetup for HongKongRules {
    /// Whether a switch of HK §19.7, §19.8, §19.11 or §19.12 is off its default (the
    /// house-rule hooks of play and liability are then asked).
    fn has_hooks(&self) -> bool {
        let sw = &self.switches;
        sw.multiple_winners == MultipleWinners::All
            || sw.liability != LiabilitySwitch::None
            || sw.false_win != FalseWin::Reject
            || sw.pass_over != PassOver::None
    }
    /// HK §2.3; §19.4 `tile_set = 136`: the bonus tiles are not in the set.
    fn tile_set(&self) -> TileSet {
        if self.switches.tile_set == Set::T136 {
            TileSet::NO_BONUS
        } else {
            TileSet::FULL
        }
    }
    /// HK §11.3 head bump; §19.7 `multiple_winners = all`: every claimant wins.
    fn several_winners(&self) -> bool {
        self.switches.multiple_winners == MultipleWinners::All
    }
    fn rule_flags(&self) -> &'static RuleFlags {
        &FLAGS
    }
}

impl PlayHooks for HongKongRules {
    /// HK §19.12: a win claim on a discard or a robbed tile of a kind the seat is locked on is
    /// refused (`PASS_OVER`); self-drawn wins are never locked.
    fn check(&self, deal: &Deal, a: &Action, state: &RuleState) -> Result<()> {
        if a.kind != ActionType::Win || !matches!(deal.phase(), Phase::Response | Phase::Rob) {
            return Ok(());
        }
        let (Some(tile), Some(&locks)) = (deal.window_tile(), state.kinds.get(a.player as usize)) else { return Ok(()) };
        if locks >> (tile >> 2) & 1 == 1 {
            return Err(MahjongError::IllegalAction {
                code: IllegalCode::PassOver,
                message: format!(
                    "P{} let a win go by and may not claim a win on this tile before its next draw (HK §19.12 pass-over)",
                    a.player
                ),
            });
        }
        Ok(())
    }
    /// HK §19.12 the lock (set when a seat passes a legal win, by a pass or by a claim made
    /// instead; cleared by its next normal draw, not by a replacement draw) and HK §19.8 the
    /// liability records made by claims.
    fn on_event(&self, deal: &Deal, e: &HookEvent, state: &mut RuleState) -> Option<&'static str> {
        match *e {
            HookEvent::Passed { player, could_win: true } | HookEvent::WinDeclined { player } => {
                let p = player as usize;
                let kinds = match self.switches.pass_over {
                    PassOver::None => return None,
                    PassOver::SameKind => deal.window_tile().map_or(0, |t| 1u64 << (t >> 2)),
                    PassOver::AllKinds => ALL_KINDS,
                };
                if let Some(k) = state.kinds.get_mut(p) {
                    *k |= kinds;
                }
                state.set_private(p, LOCKED, true);
            }
            HookEvent::Drew { player } if !deal.kong_chain() => {
                let p = player as usize;
                if state.kinds.get(p).is_some_and(|&k| k != 0) {
                    state.kinds[p] = 0;
                    state.set_private(p, LOCKED, false);
                }
            }
            HookEvent::Claimed { player, kind, from, .. } => {
                let p = player as usize;
                if self.switches.liability != LiabilitySwitch::None && !state.records.iter().any(|r| r.seat == player) {
                    let melds: Vec<Meld> = deal.melds(p).iter().map(|m| m.core()).collect();
                    if let Some(pattern) = liability_trigger(self, &melds, kind) {
                        state.records.push(Liability { seat: player, liable: from, pattern });
                    }
                }
            }
            _ => {}
        }
        None
    }
    /// HK §19.11: under `pay_limit_self_draw` or `pay_four_faan` a win declaration refused as
    /// `NOT_A_WINNING_HAND`, `BELOW_MINIMUM` or `PASS_OVER` is a false win: the offender pays
    /// each other player the penalty.
    fn false_win(&self, _deal: &Deal, a: &Action, refusal: &MahjongError) -> Option<[i64; 4]> {
        let MahjongError::IllegalAction { code, .. } = refusal else { return None };
        if !matches!(code, IllegalCode::NotAWinningHand | IllegalCode::BelowMinimum | IllegalCode::PassOver) {
            return None;
        }
        settlement::false_win_payments(&self.switches, usize::from(a.player)).ok()
    }
}

impl BonusTileWins for HongKongRules {
    /// HK §19.6, checked after each exposure (before the replacement draw): eight exposed
    /// bonus tiles win (X21) under any `flower_win` but `off`; seven win (X20) under `seven`;
    /// under `eight_or_rob` a player holding the other seven robs the eighth (X20, paid by the
    /// exposer as a discarder). The self-drawn bonus-tile wins are [`BonusWinKind::Flower`],
    /// the robbing one [`BonusWinKind::FlowerRob`] (HK §19.13 `flower_win`, `flower_win_rob`).
    fn bonus_win(&self, exposed: &[u8; 4], exposer: usize, tile: Bonus) -> Result<Option<BonusWin>> {
        let fw = self.switches.flower_win;
        if fw == FlowerWin::Off || exposer > 3 || tile.0 > 7 {
            return Ok(None);
        }
        let bit = 1u8 << tile.0;
        let n = (exposed[exposer] | bit).count_ones();
        let own = |code| BonusWin {
            kind: BonusWinKind::Flower,
            winner: exposer,
            discarder: None,
            element: self.flower_element(code),
            starting: None,
            with_hand: false,
        };
        if n == 8 {
            return Ok(Some(own("X21")));
        }
        if n == 7 && fw == FlowerWin::Seven {
            return Ok(Some(own("X20")));
        }
        if fw == FlowerWin::EightOrRob {
            for k in 1..4 {
                let q = (exposer + k) % 4;
                if exposed[q] == !bit {
                    let element = self.flower_element("X20");
                    return Ok(Some(BonusWin {
                        kind: BonusWinKind::FlowerRob,
                        winner: q,
                        discarder: Some(exposer),
                        element,
                        starting: None,
                        with_hand: false,
                    }));
                }
            }
        }
        Ok(None)
    }
}

impl LiabilityRules for HongKongRules {
    /// HK §19.8: the trigger a claim would record (none without `liability`), with the value
    /// of the big hand it guards (L4 for `three_dragons`, L5 for `four_winds`; 0 for `fourth_meld`).
    fn claim_liability(&self, melds: &[Meld], kind: ActionType) -> Option<LiabilityRisk> {
        if self.switches.liability == LiabilitySwitch::None {
            return None;
        }
        let pattern = liability_trigger(self, melds, kind)?;
        let guarded = match pattern {
            "three_dragons" => crate::rules::Table::element_value(self, "L4").unwrap_or(0),
            "four_winds" => crate::rules::Table::element_value(self, "L5").unwrap_or(0),
            _ => 0,
        };
        Some(LiabilityRisk { pattern, guarded })
    }
    /// HK §19.7–§19.9: each win settled with the liable player whose liability applies to it
    /// (a `fourth_meld` record to every win, a big-hand record to a scored hand, not to a
    /// bonus-tile win) and the other winners as co-winners; each win's own payments and the
    /// liable player who paid it (`liable_paid`) are set; the next dealer as settled.
    fn settle_records(&self, deal: &Deal, wins: &mut [Win], records: &[Liability], s: Settlement) -> Settlement {
        if wins.is_empty() {
            return s;
        }
        let sw = &self.switches;
        let dealer = usize::from(deal.dealer());
        let mask = wins.iter().fold(0u8, |m, w| m | 1 << (w.player & 3));
        let mut total = [0i64; 4];
        for w in wins.iter_mut() {
            let liable = records
                .iter()
                .find(|r| r.seat == w.player)
                .filter(|r| super::liability_applies(sw, r.pattern, !w.kind.is_bonus_win()))
                .map(|r| r.liable);
            let co = mask & !(1 << (w.player & 3));
            let house = HouseWin { win: w.as_payment(), liable: liable.map(usize::from) };
            // the deal's own wins are consistent: the settlement cannot refuse them
            let Ok(p) = settlement::pay_win(sw, &house, co, dealer) else { return s };
            w.payments = p;
            // HK §19.9 step 4: the liable player pays when not a co-winner, on a self-draw,
            // on its own discard, or under `liability_discard = liable`
            w.liable_paid = liable.filter(|&l| {
                co >> l & 1 == 0
                    && (w.discarder.is_none() || w.discarder == Some(l) || sw.liability_discard == LiabilityDiscard::Liable)
            });
            for (t, x) in total.iter_mut().zip(p) {
                *t += x;
            }
        }
        Settlement { payments: total, ..s }
    }
}
