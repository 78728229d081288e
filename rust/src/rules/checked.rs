//! The analysis of one hand as the public API asks for it (HK §14a): a parsed [`Hand`] and a
//! [`Ruleset`] in, the answer out. Every caller — the Python functions, the CLI through them,
//! the game — goes through these, so each check is written once:
//!
//! * the size of the hand, including a *partial* hand: a concealed part of `3n+1` or `3n+2`
//!   tiles, fewer than a full hand, means the missing sets are declared elsewhere (as the
//!   `mahjong` package and riichienv read it), so `222567p44468s` has shanten 0;
//! * the situation of a win, the discarder included, before the hand is valued (HK §14a
//!   "Impossible situations").

use crate::analysis::decompose::{held_counts, interpretation_text};
use crate::error::{MahjongError, Result};
use crate::rules::scoring::{ScoreOutcome, WinContext};
use crate::rules::Ruleset;
use crate::rules::WinPayment;
use crate::tiles::hand::Hand;
use crate::tiles::tile::{Tile, N_KINDS};

/// Sets of the standard shape that are declared elsewhere (not given) for a hand of `hand.size()`
/// tiles, where a full hand has `3 * n_sets + extra` tiles for one of `extras` (1: waiting,
/// 2: complete or about to discard). 0 for a full hand; `k` for a hand `3k` tiles short.
///
/// Errors (`InvalidHand`): a size that is not `3n + extra` for any allowed extra, or more
/// than a full hand.
pub fn sets_elsewhere(hand: &Hand, rules: &Ruleset, extras: &[usize]) -> Result<usize> {
    let n_sets = rules.shapes().n_sets;
    let size = hand.size();
    if hand.melds.len() <= n_sets {
        for &extra in extras {
            let full = 3 * n_sets + extra;
            if size >= extra && size <= full && (full - size) % 3 == 0 {
                return Ok((full - size) / 3);
            }
        }
    }
    let full: Vec<String> = extras.iter().map(|e| (3 * n_sets + e).to_string()).collect();
    let short: Vec<String> = extras.iter().map(|e| format!("3n+{e}")).collect();
    let expected: Vec<usize> = extras.iter().map(|e| 3 * n_sets + e).collect();
    Err(MahjongError::wrong_size(
        size,
        &expected,
        format!(
            "wrong number of tiles: the hand has {size} (counting each declared set as 3), {} expected \
             (or fewer, {}, when the missing sets are declared elsewhere)",
            full.join(" or "),
            short.join(" or ")
        ),
    ))
}

/// HK §14a shanten of a hand of `3n+1` or `3n+2` tiles (each declared set counting 3): 0 =
/// ready, -1 = complete. A partial hand counts its missing sets as declared (so seven pairs
/// and thirteen orphans, which need a full concealed hand, do not apply to it).
pub fn shanten(hand: &Hand, rules: &Ruleset) -> Result<i8> {
    let shapes = rules.shapes();
    let elsewhere = sets_elsewhere(hand, rules, &[1, 2])?;
    if elsewhere == 0 {
        return crate::analysis::shanten::shanten(&hand.concealed, &hand.melds, shapes);
    }
    let held = held_counts(&hand.concealed, &hand.melds)?;
    let cap = crate::analysis::shanten::caps(&held, &hand.concealed);
    Ok(crate::analysis::shanten::shanten_checked(&hand.concealed, &cap, hand.melds.len() + elsewhere, shapes))
}

/// HK §14a waits of a hand of `3n+1` tiles as a bit mask over kinds (bit `k` = kind `k`): the
/// kinds that give a winning shape, except kinds whose four copies the hand already holds.
pub fn waits_mask(hand: &Hand, rules: &Ruleset) -> Result<u64> {
    let shapes = rules.shapes();
    let elsewhere = sets_elsewhere(hand, rules, &[1])?;
    let held = held_counts(&hand.concealed, &hand.melds)?;
    Ok(crate::analysis::waits::wait_mask(&hand.concealed, &held, hand.melds.len() + elsewhere, shapes))
}

/// [`waits_mask`] as kinds, ascending.
pub fn waits(hand: &Hand, rules: &Ruleset) -> Result<Vec<Tile>> {
    let mask = waits_mask(hand, rules)?;
    Ok((0..N_KINDS as u8).filter(|&k| mask >> k & 1 != 0).map(Tile).collect())
}

/// HK §9, §10.1 step 1: every interpretation of a complete hand of `3n+2` tiles, in notation
/// (declared sets with their tags; sets declared elsewhere are not shown), sorted.
pub fn decompose(hand: &Hand, rules: &Ruleset) -> Result<Vec<String>> {
    let elsewhere = sets_elsewhere(hand, rules, &[2])?;
    held_counts(&hand.concealed, &hand.melds)?;
    let interps = crate::analysis::decompose::decompose(&hand.concealed, hand.melds.len() + elsewhere, rules.shapes());
    let mut out: Vec<String> = interps.iter().map(|i| interpretation_text(i, &hand.melds)).collect();
    out.sort();
    Ok(out)
}

/// HK §14a "Impossible situations" about who pays: the winner's seat and the discarder are
/// winds 0..=3; a self-drawn win (the dealer's start-of-play win included) has no discarder;
/// the discarder is not the winner. `None` (a win on a discard whose discarder is not given)
/// is allowed: it is scored without payments.
pub fn check_history(ctx: &WinContext, discarder: Option<u8>) -> Result<()> {
    if ctx.seat_wind > 3 {
        return Err(MahjongError::hand(format!("seat wind {} is not a wind 0..=3 (East..North)", ctx.seat_wind)));
    }
    let Some(d) = discarder else { return Ok(()) };
    if d > 3 {
        return Err(MahjongError::hand(format!("discarder {d} is not a wind 0..=3 (East..North)")));
    }
    if ctx.dealer_start {
        return Err(MahjongError::situation(&[], "a win at the start of play is self-drawn: there is no discarder"));
    }
    if ctx.self_drawn {
        return Err(MahjongError::situation(&[], "a self-drawn win has no discarder"));
    }
    if d == ctx.seat_wind {
        return Err(MahjongError::situation(&[], "the discarder cannot be the winner"));
    }
    Ok(())
}

/// A scored win with its payments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    pub outcome: ScoreOutcome,
    /// HK §11.1 / §18 the base of the win, M(faan) × unit (`2 ** faan` under the default
    /// switches); 0 when not a win.
    pub base: i64,
    /// HK §11 payments by seat 0..=3 (with the ruleset's §18 switches) for a win that is
    /// self-drawn or whose discarder is known; `None` otherwise (not a win, the payer unknown,
    /// or an amount the switches make fractional).
    pub payments: Option<[i64; 4]>,
    /// HK §19.8, §19.13: whether the liability given to the scorer (`liable`) covers this win;
    /// `None` when no liable player was given.
    pub liability_applies: Option<bool>,
    /// HK §19.5.6 the qualifying value compared with the minimum: the value less the F16–F20
    /// entries under `bonus_faan_in_minimum = false`, else the value.
    pub qualifying: u8,
}

/// The scorer's payment inputs of HK §19.13 (`liable`, `liable_trigger`, `co_winners`): who is
/// liable for the winner and by which trigger (§19.8), and the other winners on the same
/// tile (§19.7), by seat wind. Default: none.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PayInputs {
    /// The seat liable for the winner and the trigger recorded (`"fourth_meld"`,
    /// `"three_dragons"`, `"four_winds"`).
    pub liable: Option<(u8, &'static str)>,
    /// The other winners on the same tile, a bit mask of seats.
    pub co_winners: u8,
}

/// Score a win (HK §10, §11, §14a): the whole situation is checked first (the discarder with
/// [`check_history`], the rest by the ruleset's scorer) so an impossible situation is an
/// error whatever the hand is worth; then the hand is valued by [`Ruleset::score`] in the full
/// situation of `ctx` (its deal progress read by the rulesets that score timing, TW §10) and
/// paid by [`Ruleset::win_payments`] with the dealer East (seat 0, HK §3, TW §3) on the
/// progress's streak.
pub fn score(hand: &Hand, win_tile: Option<Tile>, ctx: &WinContext, discarder: Option<u8>, rules: &Ruleset) -> Result<Scored> {
    score_with(hand, win_tile, ctx, discarder, rules, &PayInputs::default())
}

/// [`score`] with the payment inputs of HK §19.13 (`liable`, `liable_trigger`, `co_winners`),
/// read only by the Hong Kong rules: they are checked against the hand and the switches before
/// the hand is valued (`InvalidHand` for an impossible one, or any given to another ruleset),
/// and the payments follow §19.9 with them.
pub fn score_with(
    hand: &Hand,
    win_tile: Option<Tile>,
    ctx: &WinContext,
    discarder: Option<u8>,
    rules: &Ruleset,
    pay: &PayInputs,
) -> Result<Scored> {
    if ctx.seat_wind <= 3 && discarder.is_some_and(|d| d <= 3) {
        // with what only this caller knows: who discarded (the scorer checks the rest); first,
        // so that the ruleset names its own rule for a discarder that cannot be (TW §10a)
        rules.check_history(hand, ctx, discarder)?;
    }
    check_history(ctx, discarder)?;
    let house = crate::rules::hong_kong::house_rules_of(rules);
    // the Taiwanese common table's inputs (TW §20.4.3) are the Taiwanese scorer's to check
    let hk_house = ctx.house.hong_kong();
    if *pay != PayInputs::default() || hk_house != Default::default() {
        let Some(sw) = house.as_ref() else {
            return Err(MahjongError::hand(format!(
                "liable, liable_trigger, co_winners, earthly, bonus_replacement and double_kong are Hong Kong \
                 house-rule inputs (HK §19.13), which the {} rules do not read",
                rules.name()
            )));
        };
        crate::rules::hong_kong::check_pay_inputs(sw, hand, ctx, discarder, pay)?;
    }
    if house.as_ref().is_some_and(|sw| sw.tile_set == crate::rules::hong_kong::switches::TileSet::T136) && hand.bonus != 0 {
        return Err(MahjongError::hand("tile_set is 136: there are no bonus tiles (HK §19.4)"));
    }
    if hk_house.earthly && discarder.is_some_and(|d| d != 0) {
        return Err(MahjongError::situation(&[], "earthly: the dealer's first discard is East's (the discarder is not East)"));
    }
    let outcome = rules.score(hand, win_tile, ctx)?;
    let self_drawn = ctx.self_drawn || ctx.dealer_start;
    let liability_applies = match (&house, pay.liable) {
        (Some(sw), Some((_, trigger))) => {
            Some(crate::rules::hong_kong::liability_applies(sw, trigger, outcome.interpretation.is_some()))
        }
        _ => None,
    };
    let payments = (outcome.is_win && (self_drawn || discarder.is_some()))
        .then(|| {
            let payer = if self_drawn { None } else { discarder.map(usize::from) };
            let win = WinPayment { winner: ctx.seat_wind as usize, value: outcome.value.into(), self_drawn, discarder: payer };
            // An error: the switches make the amount fractional, so nothing is paid.
            match &house {
                Some(sw) if *pay != PayInputs::default() => {
                    let liable = pay.liable.filter(|_| liability_applies == Some(true)).map(|(l, _)| usize::from(l));
                    let w = crate::rules::hong_kong::settlement::HouseWin { win, liable };
                    crate::rules::hong_kong::settlement::pay_win(sw, &w, pay.co_winners, 0).ok()
                }
                _ => rules.win_payments(&win, 0, ctx.progress.dealer_streak).ok(),
            }
        })
        .flatten();
    let base = if outcome.is_win { rules.base(outcome.value) } else { 0 };
    let qualifying = match &house {
        Some(sw) if !sw.bonus_faan_in_minimum => crate::rules::hong_kong::scoring::qualifying(&outcome),
        _ => outcome.value,
    };
    Ok(Scored { outcome, base, payments, liability_applies, qualifying })
}

/// HK §19.6, §19.13 a bonus-tile win given to the scorer (`flower_win`): `"seven"` (the
/// winner's seventh exposed bonus tile, X20, self-drawn), `"eight"` (the eighth, X21,
/// self-drawn) or `"rob"` (seven robbing the eighth exposed by `discarder`, X20, paid as a
/// discard). The hand is not scored: the breakdown is the one element, its value capped at
/// `max_faan` (`"limit"`: `max_faan`); the minimum does not apply. Errors (`InvalidHand`):
/// another ruleset than Hong Kong, a kind the switch `flower_win` does not allow (`seven` needs
/// `seven`, `eight` needs `eight` or `eight_or_rob`, `rob` `eight_or_rob`), a discarder missing for `rob`
/// or given otherwise, co-winners, a bad liable player or trigger.
pub fn score_flower_win(kind: &str, seat: u8, discarder: Option<u8>, rules: &Ruleset, pay: &PayInputs) -> Result<Scored> {
    use crate::rules::hong_kong::switches::{ElementValue, FlowerWin};
    let bad = |m: String| Err(MahjongError::hand(m));
    let Some(sw) = crate::rules::hong_kong::house_rules_of(rules) else {
        return bad(format!("flower_win is a Hong Kong house rule (HK §19.6), which the {} rules do not have", rules.name()));
    };
    if seat > 3 || discarder.is_some_and(|d| d > 3 || d == seat) {
        return bad("flower_win: the winner and the discarder are two seats 0..3".into());
    }
    let allowed = match kind {
        "seven" => sw.flower_win == FlowerWin::Seven,
        // under `seven` the seventh tile already wins: eight are never exposed (HK §19.6, §19.3)
        "eight" => matches!(sw.flower_win, FlowerWin::Eight | FlowerWin::EightOrRob),
        "rob" => sw.flower_win == FlowerWin::EightOrRob,
        _ => return bad(format!("flower_win is \"seven\", \"eight\" or \"rob\", got {kind:?}")),
    };
    if !allowed {
        return bad(format!("flower_win {kind:?} cannot happen under the switch flower_win of this ruleset (HK §19.6)"));
    }
    if (kind == "rob") != discarder.is_some() {
        return bad("flower_win: \"rob\" is paid by the discarder (the player who exposed the eighth tile); \"seven\" and \"eight\" are self-drawn".into());
    }
    if pay.co_winners != 0 {
        return bad("co_winners: a bonus-tile win has no co-winners".into());
    }
    if let Some((l, trigger)) = pay.liable {
        if l > 3 || l == seat || !crate::rules::hong_kong::trigger_enabled(&sw, trigger) {
            return bad(format!("liable {l} with trigger {trigger:?} is not possible under these switches (HK §19.8)"));
        }
    }
    let code = if kind == "eight" { "X21" } else { "X20" };
    let (value, limit) = match sw.element_values.get(code) {
        ElementValue::Faan(v) => (v.min(sw.max_faan), None),
        _ => (sw.max_faan, Some(code)),
    };
    let i = crate::rules::hong_kong::switches::element_index(code).unwrap_or(0);
    let el = crate::rules::hong_kong::scoring::house::element(i, value);
    let outcome =
        ScoreOutcome { is_win: true, reason: None, value, raw_value: value, limit, elements: vec![el], interpretation: None };
    let liability_applies = pay.liable.map(|(_, t)| crate::rules::hong_kong::liability_applies(&sw, t, false));
    let liable = pay.liable.filter(|_| liability_applies == Some(true)).map(|(l, _)| usize::from(l));
    let win = WinPayment {
        winner: usize::from(seat),
        value: value.into(),
        self_drawn: discarder.is_none(),
        discarder: discarder.map(usize::from),
    };
    let w = crate::rules::hong_kong::settlement::HouseWin { win, liable };
    let payments = crate::rules::hong_kong::settlement::pay_win(&sw, &w, 0, 0).ok();
    Ok(Scored { outcome, base: rules.base(value), payments, liability_applies, qualifying: value })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::hand::parse_hand;
    use crate::tiles::tile::parse_tile;

    fn hk() -> Ruleset {
        Ruleset::hong_kong()
    }

    #[test]
    fn partial_hands_count_the_missing_sets_as_declared() {
        assert_eq!(shanten(&parse_hand("222567p44468s").unwrap(), &hk()).unwrap(), 0);
        assert_eq!(shanten(&parse_hand("22256p").unwrap(), &hk()).unwrap(), 0);
        assert!(shanten(&parse_hand("222567p").unwrap(), &hk()).is_err());
        assert_eq!(waits(&parse_hand("1m").unwrap(), &hk()).unwrap(), vec![Tile(0)]);
        assert!(waits(&parse_hand("23m [555z]").unwrap(), &hk()).unwrap_err().to_string().contains("wrong number"));
        assert_eq!(waits(&parse_hand("2344m").unwrap(), &hk()).unwrap(), vec![Tile(0), Tile(3)]);
        assert_eq!(decompose(&parse_hand("11122m").unwrap(), &hk()).unwrap(), vec!["111m 22m"]);
        // A full hand is read as before: seven pairs only there.
        assert_eq!(shanten(&parse_hand("1122m3344p5566s7z").unwrap(), &hk()).unwrap(), 0);
    }

    #[test]
    fn discarder_is_checked_before_the_hand_is_valued() {
        let h = parse_hand("12m456m789m11z [555z]").unwrap();
        let w = Some(parse_tile("3m").unwrap());
        let drawn = WinContext { seat_wind: 1, self_drawn: true, ..Default::default() };
        assert!(score(&h, w, &drawn, Some(0), &hk()).is_err());
        assert!(score(&h, w, &drawn, None, &hk()).is_ok());
        // Below the minimum on a discard: still an error for a bad discarder.
        let low = parse_hand("123m456p789s234s1z").unwrap();
        let on_discard = WinContext { seat_wind: 2, ..Default::default() };
        let one_z = Some(parse_tile("1z").unwrap());
        assert!(!score(&low, one_z, &on_discard, Some(1), &hk()).unwrap().outcome.is_win);
        assert!(score(&low, one_z, &on_discard, Some(2), &hk()).is_err());
        assert!(score(&low, one_z, &on_discard, Some(4), &hk()).is_err());
        assert!(score(&low, one_z, &WinContext { seat_wind: 7, ..Default::default() }, None, &hk()).is_err());
    }

    #[test]
    fn payments_follow_the_ruleset() {
        let h = parse_hand("123m456m789p234s5s").unwrap();
        let w = Some(parse_tile("5s").unwrap());
        let s = score(&h, w, &WinContext { seat_wind: 1, self_drawn: true, ..Default::default() }, None, &hk()).unwrap();
        assert_eq!(s.payments, Some([-16, 48, -16, -16]));
        let d = score(&h, w, &WinContext { seat_wind: 1, ..Default::default() }, None, &hk()).unwrap();
        assert_eq!(d.payments, None);
    }
}
