//! The Taiwanese deal hooks: several winners and the bonus-tile wins (TW §5.2, §7); the flow
//! rules of TW §20.5–§20.6 (issue 38): the claims, pass-over and ready declaration in
//! `super::flow`.

use super::{flow, settle, TaiwaneseRules};
use crate::error::Result;
use crate::game::{Action, Deal};
use crate::rules::hooks::{ExtraAction, HookEvent, RuleFlags, RuleState};
use crate::rules::{BonusWin, DealHooks, WinContext};
use crate::tiles::tile::Bonus;

impl DealHooks for TaiwaneseRules {
    /// Whether a flow switch is off the value that plays §1–§19 (TW §20.0 rule 1).
    fn has_hooks(&self) -> bool {
        flow::hooked(&self.switches)
    }
    /// TW §5.2: every player claiming a win on the tile wins, each paid by the discarder.
    fn several_winners(&self) -> bool {
        true
    }
    /// TW §20.5.1 `several_winners`.
    fn winning_claims(&self, claimants: usize) -> usize {
        flow::winning_claims(&self.switches, claimants)
    }
    /// TW §20.5.5 rule 3 `rob_added_kong`.
    fn rob_window(&self, _deal: &Deal) -> bool {
        self.switches.flow.rob_added_kong
    }
    /// TW §7: all eight bonus tiles, or seven robbing the eighth, after each exposure.
    fn bonus_win(&self, exposed: &[u8; 4], exposer: usize, tile: Bonus) -> Result<Option<BonusWin>> {
        let win = settle::check_bonus_win(self.switches.tai_table, exposed, exposer, tile)?;
        // TW §20.2.9: H28/H32, L29/L30 overridden too
        Ok(win.map(|mut w| {
            if let Some(t) = self.switches.tai_overrides.get(w.element.code) {
                w.element.value = t;
            }
            w
        }))
    }
    /// TW §20.6.4 the flags of the house rules (none at the defaults).
    fn rule_flags(&self) -> &'static RuleFlags {
        if flow::hooked(&self.switches) {
            &flow::FLAGS
        } else {
            &RuleFlags::NONE
        }
    }
    /// TW §20.6.1 `DECLARE_READY(tile)` under `ready_declaration`.
    fn extra_actions(&self) -> &'static [ExtraAction] {
        if self.switches.ready_declaration {
            flow::DECLARE_READY
        } else {
            &[]
        }
    }
    fn extra_candidates(&self, deal: &Deal, player: u8, out: &mut Vec<Action>) {
        flow::candidates(&self.switches, deal, player, out);
    }
    fn check(&self, deal: &Deal, a: &Action, state: &RuleState) -> Result<()> {
        flow::check(&self.switches, deal, a, state)
    }
    fn on_event(&self, deal: &Deal, e: &HookEvent, state: &mut RuleState) -> Option<&'static str> {
        flow::on_event(&self.switches, deal, e, state);
        None
    }
    /// TW §20.6.3 the automatic added kong of a declared seat.
    fn auto_action(&self, deal: &Deal, state: &RuleState) -> Option<Action> {
        flow::auto_action(&self.switches, deal, state)
    }
    fn win_situation(&self, _deal: &Deal, player: usize, state: &RuleState, ctx: &mut WinContext) {
        flow::win_situation(&self.switches, state, player, ctx);
    }
}
