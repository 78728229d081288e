//! The Taiwanese deal hooks: several winners and the bonus-tile wins (TW §5.2, §7), liability
//! records and their settlement (TW §20.7.2); the flow rules of TW §20.5–§20.6 (issue 38):
//! the claims and the ready declaration (§20.5.1–§20.5.3, §20.5.5 rules 1–3, §20.6.1–§20.6.3)
//! in `super::flow`, the wall and kong rules of §20.5.4–§20.5.7 in `super::wall`.

use super::{bonus_flow, flow, liability, settle, wall, TaiwaneseRules};
use crate::error::Result;
use crate::game::{Action, ActionType, Deal, Win};
use crate::rules::hooks::{ExtraAction, HookEvent, Liability, LiabilityRisk, RuleFlags, RuleState};
use crate::rules::{
    BonusTileWins, BonusWin, DealSetup, LiabilityRules, PlayHooks, ScoreOutcome, Settlement, WallRules, WinContext,
};
use crate::tiles::hand::Meld;
use crate::tiles::tile::Bonus;

impl DealSetup for TaiwaneseRules {
    /// TW §20.0 rule 1: the hooks are asked only when a switch the deal reads through them is
    /// off its default (a wall rule, §20.5.4–§20.5.7; a flow switch of `super::flow`; a
    /// non-empty `liability`, §20.7.2).
    fn has_hooks(&self) -> bool {
        wall::has_wall_rules(&self.switches)
            || flow::hooked(&self.switches)
            // TW §20.4.3: a C table's starting wins are derived by the deal (win_situation)
            || self.switches.tai_table.is_common()
            || self.switches.liability.0 != 0
            || bonus_flow::has_offer(&self.switches)
    }
    /// TW §20.5.4–§20.5.7; under any house rule of the deal the draw events carry the reserve
    /// and live counts (§20.6.4: "in every draw event").
    fn wall_rules(&self) -> WallRules {
        WallRules { counts_in_events: true, ..wall::wall_rules(&self.switches) }
    }
    /// TW §5.2: every player claiming a win on the tile wins, each paid by the discarder.
    fn several_winners(&self) -> bool {
        true
    }
    /// TW §20.5.1 `several_winners`.
    fn winning_claims(&self, claimants: usize) -> usize {
        flow::winning_claims(&self.switches, claimants)
    }
    /// TW §20.6.4 the flags of the house rules (none without a flow switch off its default).
    fn rule_flags(&self) -> &'static RuleFlags {
        if flow::hooked(&self.switches) {
            &flow::FLAGS
        } else {
            &RuleFlags::NONE
        }
    }
    /// TW §20.6.1 `DECLARE_READY(tile)` under `ready_declaration`, then TW §20.6.3 `BONUS_WIN`
    /// and `DECLINE` under a bonus switch that offers a choice (in that order: adding the choice
    /// keeps the declaration's index in RL version 2).
    fn extra_actions(&self) -> &'static [ExtraAction] {
        let ready: &'static [ExtraAction] = if self.switches.ready_declaration { flow::DECLARE_READY } else { &[] };
        bonus_flow::extra_actions_after(&self.switches, ready)
    }
}

impl PlayHooks for TaiwaneseRules {
    /// TW §20.5.5 rule 3 `rob_added_kong`.
    fn rob_window(&self, _deal: &Deal) -> bool {
        self.switches.flow.rob_added_kong
    }
    fn extra_candidates(&self, deal: &Deal, player: u8, out: &mut Vec<Action>) {
        flow::candidates(&self.switches, deal, player, out);
    }
    fn check(&self, deal: &Deal, a: &Action, state: &RuleState) -> Result<()> {
        flow::check(&self.switches, deal, a, state)
    }
    /// TW §20.7.2 recording: a chow, pung or exposed-kong claim that makes a listed pattern
    /// threaten records the discarder for it; the flow rules' state (`super::flow`).
    fn on_event(&self, deal: &Deal, e: &HookEvent, state: &mut RuleState) -> Option<&'static str> {
        if let HookEvent::Claimed { player, kind, from, .. } = *e {
            if self.switches.liability.0 != 0 {
                liability::record_claim(&self.switches, deal, player, kind, from, state);
            }
        }
        flow::on_event(&self.switches, deal, e, state);
        None
    }
    /// TW §20.6.3 the automatic added kong of a declared seat.
    fn auto_action(&self, deal: &Deal, state: &RuleState) -> Option<Action> {
        flow::auto_action(&self.switches, deal, state)
    }
    fn win_situation(&self, deal: &Deal, player: usize, state: &RuleState, ctx: &mut WinContext) {
        flow::win_situation(&self.switches, deal, state, player, ctx);
    }
}

impl BonusTileWins for TaiwaneseRules {
    /// TW §7: all eight bonus tiles, or seven robbing the eighth, after each exposure.
    fn bonus_win(&self, exposed: &[u8; 4], exposer: usize, tile: Bonus) -> Result<Option<BonusWin>> {
        // TW §20.5.8: `additive` has no all-eight win, seven-rob `off` no rob
        let win = bonus_flow::keep(&self.switches, settle::check_bonus_win(self.switches.tai_table, exposed, exposer, tile)?);
        // TW §20.2.9: H28/H32, L29/L30 overridden too
        Ok(win.map(|mut w| {
            if let Some(t) = self.switches.tai_overrides.get(w.element.code) {
                w.element.value = t;
            }
            w
        }))
    }
    /// TW §7 as the deal makes it: §20.5.8 rule 4 C27 at starting timing, and with a common
    /// table a forced win below `min_tai` treated as declined (§20.4.2 rule 6: None).
    fn deal_bonus_win(&self, exposed: &[u8; 4], exposer: usize, tile: Bonus, initial: bool) -> Result<Option<BonusWin>> {
        Ok(bonus_flow::forced(&self.switches, self.bonus_win(exposed, exposer, tile)?, initial))
    }
    /// TW §20.5.8 rule 2 `optional_standalone`: the all-eight win, offered (`compound`: made
    /// once the draws are made); rule 4: C27 added
    /// at starting timing (`initial`) with `initial_bonus_win_element` (C tables).
    fn bonus_offer(&self, exposed: &[u8; 4], exposer: usize, tile: Bonus, initial: bool) -> Result<Option<BonusWin>> {
        let found = settle::check_bonus_win(self.switches.tai_table, exposed, exposer, tile)?;
        // TW §20.5.8 rule 3 (B) when no seat robs as §7 says (case A)
        let found = found.or_else(|| bonus_flow::six_plus_one(&self.switches, exposed, exposer, tile.0));
        let found = found.map(|mut w| {
            if let Some(t) = self.switches.tai_overrides.get(w.element.code) {
                w.element.value = t;
            }
            w.starting = bonus_flow::starting_element(&self.switches, initial);
            w
        });
        Ok(bonus_flow::offer(&self.switches, found))
    }
    /// TW §20.5.8 rule 2 `compound`: the automatic all-eight win scored with the hand.
    fn bonus_hand_score(&self, win: &BonusWin, hand: Option<ScoreOutcome>) -> Option<ScoreOutcome> {
        bonus_flow::compound_score(&self.switches, win, hand)
    }
    /// TW §20.4.3: the bonus-tile clause of C42 lets the dealer's `compound` win during the
    /// initial replacement be scored with the heavenly win (common tables; the high and low
    /// tables score their heavenly blessing from `dealer_start` itself).
    fn bonus_start_situation(&self, ctx: &mut WinContext) {
        if self.switches.tai_table.is_common() {
            ctx.house.update_taiwanese(|t| t.starting_win = Some(crate::rules::scoring::StartingWin::Heavenly));
        }
    }
    /// TW §20.5.8 rule 3 (A): no bonus-tile elements in the hand part (rule 2's list).
    fn rob_hand_part(&self, hand: ScoreOutcome) -> ScoreOutcome {
        bonus_flow::without_bonus_tile_elements(hand)
    }
}

impl LiabilityRules for TaiwaneseRules {
    /// TW §20.7.2: the listed pattern a claim would reach, the one guarding the most Tai.
    fn claim_liability(&self, melds: &[Meld], kind: ActionType) -> Option<LiabilityRisk> {
        liability::claim_risk(&self.switches, melds, kind)
    }
    /// TW §20.7.2 applying, each win with its liable seat (the first listed pattern in its
    /// record whose guarded element it scored); each win's own payments and `liable_paid` set.
    fn settle_records(&self, deal: &Deal, wins: &mut [Win], records: &[Liability], s: Settlement) -> Settlement {
        if records.is_empty() {
            return s;
        }
        let pay = settle::PayRules::of(&self.switches);
        let (dealer, streak) = (usize::from(deal.dealer()), deal.dealer_streak());
        let mut total = [0i64; 4];
        for w in wins.iter_mut() {
            let liable = liability::liable_for(&self.switches, w, records);
            w.payments = settle::win_payments_liable(&w.as_payment(), liable.map(usize::from), dealer, streak, &pay);
            w.liable_paid = liable;
            for (t, x) in total.iter_mut().zip(w.payments) {
                *t += x;
            }
        }
        Settlement { payments: total, ..s }
    }
}
