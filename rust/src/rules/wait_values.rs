//! What a ready hand is worth (HK §10, §14a): for every wait, the score if the winning tile is
//! self-drawn and if it is claimed from a discard. The hint of `play`, `mf.wait_values` and the
//! `value` seat read the same numbers, so what the player is told is what the engine enforces
//! (a wait below the minimum is not a win, HK §10.5).

use crate::error::Result;
use crate::hand::Hand;
use crate::rules::scoring::{ScoreOutcome, WinContext};
use crate::rules::Ruleset;
use crate::tile::Tile;

/// The value of one wait of a ready hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitValue {
    /// The waited kind.
    pub tile: Tile,
    /// The score if the hand wins by drawing `tile` itself (HK §9.4 self-drawn).
    pub self_drawn: ScoreOutcome,
    /// The score if the hand wins by claiming `tile` from a discard (HK §6.1).
    pub discard: ScoreOutcome,
}

impl WaitValue {
    /// Whether some way of winning on this wait is a legal win (at least the minimum).
    pub fn can_win(&self) -> bool {
        self.self_drawn.is_win || self.discard.is_win
    }
}

/// The situation a ready hand is valued in: everything of [`WinContext`] that is known before
/// the winning tile comes (the seat and prevailing winds; bonus tiles are in the [`Hand`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ValueSituation {
    /// 0 = East .. 3 = North.
    pub seat_wind: u8,
    /// 0 = East .. 3 = North (HK: East).
    pub prevailing_wind: u8,
}

impl ValueSituation {
    fn context(&self, self_drawn: bool) -> WinContext {
        WinContext { seat_wind: self.seat_wind, prevailing_wind: self.prevailing_wind, self_drawn, ..WinContext::default() }
    }
}

/// HK §14a, §10: every wait of the 13-equivalent `hand` (ascending kind; empty when the hand is
/// not ready) with its score self-drawn and on a discard under `rules`. A wait whose score has
/// `reason == Some(BelowMinimum)` is a winning shape the engine refuses (HK §10.5).
///
/// Errors (`InvalidHand`): what [`crate::waits::waits`] and [`Ruleset::score`] reject (wrong
/// size, a fifth copy, a malformed meld, a wind outside 0..=3).
pub fn wait_values(hand: &Hand, rules: &Ruleset, situation: &ValueSituation) -> Result<Vec<WaitValue>> {
    hand.validate()?;
    let waits = crate::waits::waits(&hand.concealed, &hand.melds, rules.shapes())?;
    let (tsumo, ron) = (situation.context(true), situation.context(false));
    waits
        .into_iter()
        .map(|t| {
            Ok(WaitValue { tile: t, self_drawn: rules.score(hand, Some(t), &tsumo)?, discard: rules.score(hand, Some(t), &ron)? })
        })
        .collect()
}

/// Whether some wait of the ready 13-equivalent hand is a legal win, self-drawn or on a discard
/// (false when the hand is not ready). This is the test behind "dead ready" (the hand is ready
/// and no wait can win).
///
/// Errors: as [`wait_values`].
pub fn any_legal_wait(hand: &Hand, rules: &Ruleset, situation: &ValueSituation) -> Result<bool> {
    hand.validate()?;
    let waits = crate::waits::waits(&hand.concealed, &hand.melds, rules.shapes())?;
    let tsumo = situation.context(true);
    for t in waits {
        // Self-drawn is never worth less than the same win on a discard in HK (F11 adds,
        // nothing is lost), so the self-drawn score decides.
        if rules.score(hand, Some(t), &tsumo)?.is_win {
            return Ok(true);
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::hand;
    use crate::rules::scoring::RejectReason;

    #[test]
    fn a_ready_hand_has_its_waits_valued() {
        // 123m456m789p234s5s waits on 2s / 5s (the README's example), scored as `score` does.
        let h = hand("123m456m789p234s5s");
        let rules = Ruleset::hong_kong();
        let s = ValueSituation { seat_wind: 1, prevailing_wind: 0 };
        let v = wait_values(&h, &rules, &s).unwrap();
        assert_eq!(v.iter().map(|w| w.tile.0).collect::<Vec<_>>(), vec![19, 22]);
        for w in &v {
            let ctx = WinContext { seat_wind: 1, self_drawn: true, ..WinContext::default() };
            assert_eq!(w.self_drawn, rules.score(&h, Some(w.tile), &ctx).unwrap());
            let ctx = WinContext { seat_wind: 1, ..WinContext::default() };
            assert_eq!(w.discard, rules.score(&h, Some(w.tile), &ctx).unwrap());
            assert!(w.self_drawn.value > w.discard.value, "self-draw adds F11");
        }
    }

    #[test]
    fn waits_below_the_minimum_are_marked() {
        // Exposed chows and West's flower for South (HK E-example of §10.5): all chows 1, self-draw
        // 1, no F16 / F17: below the 3-faan minimum either way.
        let mut h = hand("456p234s5s [123m] [789m]");
        h.bonus = 1 << 2; // 3f
        let rules = Ruleset::hong_kong();
        let south = ValueSituation { seat_wind: 1, prevailing_wind: 0 };
        let v = wait_values(&h, &rules, &south).unwrap();
        assert!(!v.is_empty());
        for w in &v {
            assert_eq!((w.discard.reason, w.discard.value), (Some(RejectReason::BelowMinimum), 1));
            assert_eq!((w.self_drawn.reason, w.self_drawn.value), (Some(RejectReason::BelowMinimum), 2));
            assert!(!w.can_win());
        }
        // a dead-ready hand: no wait can win
        assert!(!any_legal_wait(&h, &rules, &south).unwrap());
        // without the flower, F16 lifts the self-drawn win to 3 value: legal
        h.bonus = 0;
        assert!(any_legal_wait(&h, &rules, &south).unwrap());
    }

    #[test]
    fn not_ready_is_empty_and_bad_hands_are_errors() {
        let rules = Ruleset::hong_kong();
        let h = hand("19m19p19s1234567z");
        assert!(!wait_values(&h, &rules, &ValueSituation::default()).unwrap().is_empty());
        let h = hand("1357m2468p13579s");
        assert!(wait_values(&h, &rules, &ValueSituation::default()).unwrap().is_empty());
        let h = hand("123m456m789p234s55s");
        assert!(wait_values(&h, &rules, &ValueSituation::default()).is_err());
        let h = hand("123m456m789p234s5s");
        assert!(wait_values(&h, &rules, &ValueSituation { seat_wind: 4, prevailing_wind: 0 }).is_err());
    }

    #[test]
    fn agree_with_score_on_random_ready_hands() {
        use crate::shanten::tests::{random_hand, XorShift};
        let rules = Ruleset::hong_kong();
        let mut rng = XorShift(0x5EED_7A10_0000_0001);
        let (mut ready, mut legal, mut below) = (0, 0, 0);
        for i in 0..20000 {
            let n_melds = [0, 0, 1, 2, 3][i % 5];
            let (c, melds) = random_hand(&mut rng, n_melds, 13 - 3 * n_melds, i % 3 != 2);
            let h = Hand { concealed: c, melds, bonus: 0 };
            let s = ValueSituation { seat_wind: (i % 4) as u8, prevailing_wind: 0 };
            let v = wait_values(&h, &rules, &s).unwrap();
            let w = crate::waits::waits(&h.concealed, &h.melds, rules.shapes()).unwrap();
            assert_eq!(v.iter().map(|x| x.tile).collect::<Vec<_>>(), w);
            for x in &v {
                ready += 1;
                for sd in [true, false] {
                    let ctx = WinContext { seat_wind: s.seat_wind, self_drawn: sd, ..WinContext::default() };
                    let want = rules.score(&h, Some(x.tile), &ctx).unwrap();
                    assert_eq!(if sd { &x.self_drawn } else { &x.discard }, &want);
                }
                assert!(x.self_drawn.is_win || !x.discard.is_win, "self-drawn never worth less");
                legal += x.can_win() as u32;
                below += (x.discard.reason == Some(RejectReason::BelowMinimum)) as u32;
            }
            assert_eq!(any_legal_wait(&h, &rules, &s).unwrap(), v.iter().any(WaitValue::can_win));
        }
        assert!(ready > 200 && legal > 20 && below > 20, "{ready} {legal} {below}");
    }
}
