//! The bonus-tile wins of the deal under the bonus-tile switches (TW §7 as §20.5.8 rules 2–3
//! change it): `eight_bonus_mode = "additive"` has no special win (the all-eight element is
//! scored in an ordinary win instead, by the scorer) and `seven_bonus_rob = "off"` has no
//! seven-rob win. `optional_standalone` offers the all-eight win in the `BONUS_CHOICE` phase
//! of §20.6.3 once the seat's replacement draws are made ([`offer`]); `compound` makes the same
//! win automatically at that moment, scored with the seat's hand ([`compound_score`]).
//! Seven-rob `optional` offers the rob in `BONUS_CHOICE` right after the exposure, before the
//! exposing seat's replacement draw, in its two cases (A) and (B) ([`offer`], [`six_plus_one`]).

use super::switches::{EightBonusMode, SevenBonusRob, TwSwitches};
use crate::game::ActionType;
use crate::rules::hooks::ExtraAction;
use crate::rules::{BonusWin, BonusWinKind, Element, ScoreOutcome};

/// The actions of `BONUS_CHOICE` under `eight_bonus_mode = optional_standalone` (TW §20.6.3):
/// the switch that adds them is named where a face cannot express them (RL version 1).
pub static EIGHT_CHOICE: [ExtraAction; 2] = [
    ExtraAction { kind: ActionType::BonusWin, switch: Some("eight_bonus_mode") },
    ExtraAction { kind: ActionType::Decline, switch: Some("eight_bonus_mode") },
];

/// `DECLARE_READY` (TW §20.6.1, `ready_declaration`) and then the actions of `BONUS_CHOICE`:
/// the extra actions when both switches add theirs, in that order.
pub static READY_AND_EIGHT_CHOICE: [ExtraAction; 3] =
    [ExtraAction { kind: ActionType::DeclareReady, switch: Some("ready_declaration") }, EIGHT_CHOICE[0], EIGHT_CHOICE[1]];

/// The actions of `BONUS_CHOICE` under `seven_bonus_rob = optional` alone (TW §20.6.3).
pub static SEVEN_CHOICE: [ExtraAction; 2] = [
    ExtraAction { kind: ActionType::BonusWin, switch: Some("seven_bonus_rob") },
    ExtraAction { kind: ActionType::Decline, switch: Some("seven_bonus_rob") },
];

/// `DECLARE_READY` and then the actions of `BONUS_CHOICE` under the seven-rob alone.
pub static READY_AND_SEVEN_CHOICE: [ExtraAction; 3] =
    [ExtraAction { kind: ActionType::DeclareReady, switch: Some("ready_declaration") }, SEVEN_CHOICE[0], SEVEN_CHOICE[1]];

/// Whether the switches offer a bonus-tile win as a choice (the deal asks the hooks for it).
pub fn has_choice(sw: &TwSwitches) -> bool {
    sw.eight_bonus_mode == EightBonusMode::OptionalStandalone || sw.seven_bonus_rob == SevenBonusRob::Optional
}

/// Whether the deal asks the hooks for a bonus-tile win after the replacement draws: a choice,
/// or the automatic `compound` win (TW §20.5.8 rule 2).
pub fn has_offer(sw: &TwSwitches) -> bool {
    has_choice(sw) || sw.eight_bonus_mode == EightBonusMode::Compound
}

/// The extra actions the bonus switches add (none at their defaults).
pub fn extra_actions(sw: &TwSwitches) -> &'static [ExtraAction] {
    extra_actions_after(sw, &[])
}

/// The extra actions of the ruleset: `others` (none, or `DECLARE_READY` alone) followed by
/// those of the bonus switches, so that adding the bonus choice keeps the indices of the
/// others (RL version 2 numbers the extra actions in this order).
pub fn extra_actions_after(sw: &TwSwitches, others: &'static [ExtraAction]) -> &'static [ExtraAction] {
    // the switch named is the eight-bonus one when both offer a choice (the same two actions)
    let eight = sw.eight_bonus_mode == EightBonusMode::OptionalStandalone;
    let (alone, with_ready): (&'static [ExtraAction], &'static [ExtraAction]) =
        if eight { (&EIGHT_CHOICE, &READY_AND_EIGHT_CHOICE) } else { (&SEVEN_CHOICE, &READY_AND_SEVEN_CHOICE) };
    match (has_choice(sw), others) {
        (false, o) => o,
        (true, []) => alone,
        (true, [r]) if r.kind == ActionType::DeclareReady => with_ready,
        (true, o) => o,
    }
}

/// TW §20.5.8 rule 4: C27 (its Tai overridden as §20.2.9 says) for a bonus-tile win at
/// starting timing (`initial`: during the initial bonus replacement), with C tables and
/// `initial_bonus_win_element`.
pub fn starting_element(sw: &TwSwitches, initial: bool) -> Option<Element> {
    if !(initial && sw.tai_table.is_common() && sw.initial_bonus_win_element) {
        return None;
    }
    let mut e = super::common::element_of(27, sw.tai_table);
    if let Some(t) = sw.tai_overrides.get(e.code) {
        e.value = t;
    }
    Some(e)
}

/// The forced win `win` that §7 finds (`forced_standalone`'s all eight, `automatic`'s
/// seven-rob) as the deal makes it: C27 added at starting timing (`initial`, §20.5.8 rule 4),
/// and with a common table a total below `min_tai` treated as declined (§20.4.2 rule 6,
/// §20.5.8 rule 2: None, play goes on as if no such win existed).
pub fn forced(sw: &TwSwitches, win: Option<BonusWin>, initial: bool) -> Option<BonusWin> {
    let mut w = win?;
    if w.starting.is_none() {
        w.starting = starting_element(sw, initial);
    }
    let enough = !sw.tai_table.is_common() || u32::from(w.value()) >= sw.min_tai;
    enough.then_some(w)
}

/// TW §20.5.8 rule 2 `optional_standalone`: the all-eight win `win` (as §7 finds it, its
/// value already overridden), offered to its seat; with C tables a win below `min_tai` is not
/// offered. `compound`: the same win, made by the engine once the replacement draws are made
/// and scored with the hand ([`compound_score`], which applies `min_tai` to the total). None
/// for any other win or mode.
pub fn offer(sw: &TwSwitches, win: Option<BonusWin>) -> Option<BonusWin> {
    let w = win?;
    let enough = !sw.tai_table.is_common() || u32::from(w.value()) >= sw.min_tai;
    if w.kind.robs() {
        // TW §20.5.8 rule 3 `optional` (the deal offers it only when the replacement draw can
        // be made); §20.11 D: the bonus part alone reaches `min_tai`
        return (sw.seven_bonus_rob == SevenBonusRob::Optional && enough).then_some(BonusWin { with_hand: true, ..w });
    }
    if w.kind != BonusWinKind::AllEight {
        return None;
    }
    match sw.eight_bonus_mode {
        EightBonusMode::OptionalStandalone => enough.then_some(w),
        EightBonusMode::Compound => Some(BonusWin { with_hand: true, ..w }),
        _ => None,
    }
}

/// TW §20.5.8 rule 2 `compound`: the automatic all-eight win scored as a self-drawn win. When
/// the seat's tiles have a winning shape (`hand`, its self-drawn score with the all-eight
/// element already in place of the bonus-tile elements, §20.5.8 rule 2 `additive`), that
/// score, whatever its minimum (rule 5: the win keeps §7's exemption); otherwise the all-eight
/// element alone; plus C27 at starting timing (rule 4). With C tables a total below `min_tai`
/// is treated as declined (rule 2: None, play goes on).
pub fn compound_score(sw: &TwSwitches, w: &BonusWin, hand: Option<ScoreOutcome>) -> Option<ScoreOutcome> {
    let mut s = match hand.filter(|h| h.interpretation.is_some()) {
        Some(h) => ScoreOutcome { is_win: true, reason: None, ..h },
        None => ScoreOutcome {
            is_win: true,
            reason: None,
            value: w.element.value,
            raw_value: w.element.value,
            limit: None,
            elements: vec![w.element],
            interpretation: None,
        },
    };
    if let Some(e) = w.starting {
        s.elements.push(e);
        s.value = s.value.saturating_add(e.value);
        s.raw_value = s.raw_value.saturating_add(e.value);
    }
    // TW §11 / §20.4.2 rule 7: breakdowns in ascending element number
    s.elements.sort_by_key(Element::number);
    let enough = !sw.tai_table.is_common() || u32::from(s.value) >= sw.min_tai;
    enough.then_some(s)
}

/// The bonus-tile elements of TW §20.5.8 rule 2 (`additive`): those the all-eight element
/// replaces, and the "no bonus tiles" elements (H11/H23, no honours and no bonus tiles, are
/// not among them).
pub const BONUS_TILE_ELEMENTS: [&str; 10] = ["H01", "H03", "L05", "L16", "L17", "L18", "C07", "C13", "C14", "C22"];

/// TW §20.5.8 rule 3 (A): the hand part of a seven-rob win "with Y's bonus tiles ignored (no
/// bonus-tile elements)": `hand` (scored as holding no bonus tiles) without the elements of
/// [`BONUS_TILE_ELEMENTS`], its value lowered by theirs.
pub fn without_bonus_tile_elements(mut hand: ScoreOutcome) -> ScoreOutcome {
    let removed =
        hand.elements.iter().filter(|e| BONUS_TILE_ELEMENTS.contains(&e.code)).fold(0u8, |v, e| v.saturating_add(e.value));
    if removed == 0 {
        return hand;
    }
    hand.elements.retain(|e| !BONUS_TILE_ELEMENTS.contains(&e.code));
    hand.raw_value = hand.raw_value.saturating_sub(removed);
    hand.value = hand.value.min(hand.raw_value);
    hand
}

/// TW §20.5.8 rule 3 (B): after `exposer` exposes `tile` (masks `exposed` before it), when it
/// had exactly six, the tile is the eighth to appear and exactly one other seat Z holds exactly
/// one: the rob of Z's tile by the exposing seat, paid by Z (None otherwise, or under another
/// `seven_bonus_rob` value). Case (A) is §7's rob found by `check_bonus_win`.
pub fn six_plus_one(sw: &TwSwitches, exposed: &[u8; 4], exposer: usize, tile: u8) -> Option<BonusWin> {
    if sw.seven_bonus_rob != SevenBonusRob::Optional || exposer > 3 || tile > 7 {
        return None;
    }
    let all = exposed.iter().fold(1u8 << tile, |m, &e| m | e);
    if exposed[exposer].count_ones() != 6 || all != 0xFF {
        return None;
    }
    let mut ones = (0..4).filter(|&q| q != exposer && exposed[q].count_ones() == 1);
    let z = ones.next()?;
    if ones.next().is_some() {
        return None;
    }
    let kind = BonusWinKind::RobEighth;
    Some(BonusWin {
        kind,
        winner: exposer,
        discarder: Some(z),
        element: super::settle::bonus_element(kind, sw.tai_table),
        starting: None,
        with_hand: true,
    })
}

/// The automatic bonus-tile win `win` of §7 as the switches `sw` keep it (None: no such win).
pub fn keep(sw: &TwSwitches, win: Option<BonusWin>) -> Option<BonusWin> {
    let w = win?;
    // (the Hong Kong kinds never arise here: read as the all-eight or the robbing win)
    let kept = if w.kind.robs() {
        // `optional`: offered instead ([`offer`]), before the replacement draw
        sw.seven_bonus_rob == SevenBonusRob::Automatic
    } else {
        // `optional_standalone` and `compound`: offered instead ([`offer`]), after the draws
        sw.eight_bonus_mode == EightBonusMode::ForcedStandalone
    };
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

    /// `optional_standalone` offers the all-eight win instead of making it, never the rob;
    /// with a C table the offer needs `min_tai` (C27 counted at starting timing).
    #[test]
    fn optional_standalone_offers_the_all_eight_win_only() {
        let opt = TwSwitches { eight_bonus_mode: EightBonusMode::OptionalStandalone, ..TwSwitches::with_table(TaiTable::High) };
        let eight = check_bonus_win(TaiTable::High, &[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap();
        let rob = check_bonus_win(TaiTable::High, &[0, 0x7F, 0, 0], 0, Bonus(7)).unwrap();
        assert!(keep(&opt, eight).is_none() && offer(&opt, eight).is_some());
        assert!(keep(&opt, rob).is_some() && offer(&opt, rob).is_none());
        assert_eq!(extra_actions(&opt).len(), 2);
        assert!(extra_actions(&TwSwitches::with_table(TaiTable::High)).is_empty());
        let ready = &READY_AND_EIGHT_CHOICE[..1];
        let both = extra_actions_after(&opt, &READY_AND_EIGHT_CHOICE[..1]);
        assert_eq!(
            both.iter().map(|e| e.kind).collect::<Vec<_>>(),
            [ActionType::DeclareReady, ActionType::BonusWin, ActionType::Decline]
        );
        assert_eq!(extra_actions_after(&TwSwitches::with_table(TaiTable::High), ready), ready);
        let sml = TwSwitches { min_tai: 9, initial_bonus_win_element: true, ..TwSwitches::with_table(TaiTable::Sml) };
        let sml = TwSwitches { eight_bonus_mode: EightBonusMode::OptionalStandalone, ..sml };
        let c34 = check_bonus_win(TaiTable::Sml, &[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap();
        assert!(offer(&sml, c34).is_none(), "C34 8 is below min_tai 9");
        let with_c27 = c34.map(|mut w| {
            w.starting = starting_element(&sml, true);
            w
        });
        assert_eq!(with_c27.map(|w| w.value()), Some(12));
        assert!(offer(&sml, with_c27).is_some());
        assert!(starting_element(&sml, false).is_none());
    }

    /// `compound` makes the all-eight win itself (offered as automatic, never kept as §7's):
    /// the element alone without a hand, C27 added, `min_tai` applied to the total (C tables).
    #[test]
    fn compound_is_automatic_and_scored_on_its_total() {
        let sml = TwSwitches { eight_bonus_mode: EightBonusMode::Compound, ..TwSwitches::with_table(TaiTable::Sml) };
        let eight = check_bonus_win(TaiTable::Sml, &[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap();
        assert!(keep(&sml, eight).is_none());
        let w = offer(&sml, eight).unwrap();
        assert!(w.automatic() && !has_choice(&sml) && has_offer(&sml));
        assert!(extra_actions(&sml).is_empty());
        let alone = compound_score(&sml, &w, None).unwrap();
        assert_eq!((alone.value, alone.elements.len(), alone.is_win), (8, 1, true));
        let strict = TwSwitches { min_tai: 9, ..sml };
        assert!(compound_score(&strict, &w, None).is_none());
        let w27 = BonusWin { starting: starting_element(&TwSwitches { initial_bonus_win_element: true, ..strict }, true), ..w };
        assert_eq!(compound_score(&strict, &w27, None).map(|s| s.value), Some(12));
        let high =
            TwSwitches { eight_bonus_mode: EightBonusMode::Compound, min_tai: 50, ..TwSwitches::with_table(TaiTable::High) };
        let h = offer(&high, check_bonus_win(TaiTable::High, &[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap()).unwrap();
        assert!(compound_score(&high, &h, None).is_some(), "H/L tables keep §7's exemption");
    }

    /// TW §20.4.2 rule 6 / §20.5.8 rules 2 and 4: the forced wins with a common table get C27
    /// at starting timing and are treated as declined below `min_tai`; H/L tables keep §7's
    /// exemption.
    #[test]
    fn forced_wins_with_a_common_table() {
        let sml = TwSwitches { min_tai: 9, ..TwSwitches::with_table(TaiTable::Sml) };
        let eight = check_bonus_win(TaiTable::Sml, &[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap();
        let rob = check_bonus_win(TaiTable::Sml, &[0, 0x7F, 0, 0], 0, Bonus(7)).unwrap();
        assert!(forced(&sml, eight, false).is_none() && forced(&sml, rob, false).is_none(), "8 < 9");
        let c27 = TwSwitches { initial_bonus_win_element: true, ..sml };
        assert!(forced(&c27, eight, false).is_none(), "C27 only at starting timing");
        let w = forced(&c27, eight, true).unwrap();
        assert_eq!((w.value(), w.starting.map(|e| e.code)), (12, Some("C27")));
        assert_eq!(forced(&c27, rob, true).map(|w| w.value()), Some(12));
        let low = TwSwitches { min_tai: 0, ..c27 };
        assert_eq!(forced(&low, eight, false).map(|w| w.value()), Some(8));
        let high = TwSwitches { min_tai: 200, initial_bonus_win_element: true, ..TwSwitches::with_table(TaiTable::High) };
        let h = check_bonus_win(TaiTable::High, &[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap();
        let h = forced(&high, h, true).unwrap();
        assert!(h.starting.is_none() && h.value() == 30, "no C27, no minimum with the high table");
    }

    /// TW §20.5.8 rule 3 (A): the listed bonus-tile elements leave the hand part, its value
    /// with them; others (H11 here) stay.
    #[test]
    fn the_rob_hand_part_loses_its_bonus_tile_elements() {
        let e = |code: &'static str, value: u8| Element { code, name: "", value };
        let els = vec![e("H01", 1), e("H11", 2), e("H40", 1)];
        let hand =
            ScoreOutcome { is_win: true, reason: None, value: 4, raw_value: 4, limit: None, elements: els, interpretation: None };
        let h = without_bonus_tile_elements(hand);
        assert_eq!((h.value, h.raw_value), (3, 3));
        assert_eq!(h.elements.iter().map(|e| e.code).collect::<Vec<_>>(), ["H11", "H40"]);
    }

    /// TW §20.5.8 rule 3 (B): six for the exposer, the eighth distinct tile, exactly one other
    /// seat with exactly one; only under `optional`. Case (A) is offered, not kept.
    #[test]
    fn six_plus_one_and_the_optional_rob() {
        let opt = TwSwitches { seven_bonus_rob: SevenBonusRob::Optional, ..TwSwitches::with_table(TaiTable::Sml) };
        let w = six_plus_one(&opt, &[0x3F, 0x40, 0, 0], 0, 7).unwrap();
        assert_eq!((w.winner, w.discarder, w.element.code), (0, Some(1), "C35"));
        assert!(w.with_hand && !w.automatic());
        assert!(six_plus_one(&opt, &[0x1F, 0x40, 0x20, 0], 0, 7).is_none(), "two seats with one");
        assert!(six_plus_one(&opt, &[0x3F, 0, 0, 0], 0, 7).is_none(), "not the eighth to appear");
        let auto = TwSwitches { seven_bonus_rob: SevenBonusRob::Automatic, ..opt };
        assert!(six_plus_one(&auto, &[0x3F, 0x40, 0, 0], 0, 7).is_none());
        let rob = check_bonus_win(TaiTable::Sml, &[0, 0x7F, 0, 0], 0, Bonus(7)).unwrap();
        assert!(keep(&opt, rob).is_none() && offer(&opt, rob).is_some_and(|w| w.with_hand));
        assert!(offer(&TwSwitches { min_tai: 9, ..opt }, rob).is_none(), "§20.11 D: C35 alone below min_tai");
        assert_eq!(extra_actions(&opt)[0].switch, Some("seven_bonus_rob"));
    }
}
