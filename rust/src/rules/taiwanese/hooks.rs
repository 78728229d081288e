//! The Taiwanese deal hooks: several winners and the bonus-tile wins (TW §5.2, §7); the flow
//! rules of TW §20.5–§20.6 come here (issue 38): the wall and kong rules of §20.5.4–§20.5.7
//! in `wall.rs`.

use super::{bonus_flow, settle, wall, TaiwaneseRules};
use crate::error::Result;
use crate::rules::{BonusWin, DealHooks, WallRules};
use crate::tiles::tile::Bonus;

impl DealHooks for TaiwaneseRules {
    /// TW §20.0 rule 1: the hooks are asked only when a flow switch the deal reads is off its
    /// default.
    fn has_hooks(&self) -> bool {
        wall::has_wall_rules(&self.switches)
    }
    /// TW §20.5.4–§20.5.7.
    fn wall_rules(&self) -> WallRules {
        wall::wall_rules(&self.switches)
    }
    /// TW §5.2: every player claiming a win on the tile wins, each paid by the discarder.
    fn several_winners(&self) -> bool {
        true
    }
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
}
