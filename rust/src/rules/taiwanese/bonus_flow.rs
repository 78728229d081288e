//! The bonus-tile wins of the deal under the bonus-tile switches (TW §7 as §20.5.8 rules 2–3
//! change it): `eight_bonus_mode = "additive"` has no special win (the all-eight element is
//! scored in an ordinary win instead, by the scorer) and `seven_bonus_rob = "off"` has no
//! seven-rob win. The modes with a choice or a replacement first (`optional_standalone`,
//! `compound`, seven-rob `optional`, the `BONUS_CHOICE` phase of §20.6.3) are not read by the
//! deal yet: it plays them as the automatic wins of §7.

use super::switches::{EightBonusMode, SevenBonusRob, TwSwitches};
use crate::rules::BonusWin;

/// The automatic bonus-tile win `win` of §7 as the switches `sw` keep it (None: no such win).
pub fn keep(sw: &TwSwitches, win: Option<BonusWin>) -> Option<BonusWin> {
    let w = win?;
    // (the Hong Kong kinds never arise here: read as the all-eight or the robbing win)
    let kept =
        if w.kind.robs() { sw.seven_bonus_rob != SevenBonusRob::Off } else { sw.eight_bonus_mode != EightBonusMode::Additive };
    kept.then_some(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::taiwanese::settle::check_bonus_win;
    use crate::rules::taiwanese::switches::TaiTable;
    use crate::tiles::tile::Bonus;

    /// All eight for the exposer, or the eighth robbed by a seat with seven: kept by default,
    /// dropped by `additive` and `off` respectively, and only those.
    #[test]
    fn additive_and_off_drop_their_win_only() {
        let base = TwSwitches::with_table(TaiTable::High);
        let eight = check_bonus_win(TaiTable::High, &[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap();
        let rob = check_bonus_win(TaiTable::High, &[0, 0x7F, 0, 0], 0, Bonus(7)).unwrap();
        assert!(keep(&base, eight).is_some() && keep(&base, rob).is_some());
        let additive = TwSwitches { eight_bonus_mode: EightBonusMode::Additive, ..base };
        assert!(keep(&additive, eight).is_none() && keep(&additive, rob).is_some());
        let off = TwSwitches { seven_bonus_rob: SevenBonusRob::Off, ..base };
        assert!(keep(&off, eight).is_some() && keep(&off, rob).is_none());
    }
}
