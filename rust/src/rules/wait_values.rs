//! What a ready hand is worth in its full situation (HK §10, §11, §14a; TW §10, §11, §15): for
//! every wait, the score if the winning tile is self-drawn and if it is claimed from a discard,
//! and what each would pay the seat. The hint of `play`, `mf.wait_values`, the `value` seat and
//! the arena read the same numbers, so what the player is told is what the engine enforces (a
//! wait below the minimum is not a win, HK §10.5, TW §14).

use crate::error::Result;
use crate::rules::scoring::{DealProgress, ScoreOutcome, WinContext};
use crate::rules::{Ruleset, WinPayment};
use crate::tiles::hand::Hand;
use crate::tiles::tile::Tile;

/// The value of one wait of a ready hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitValue {
    /// The waited kind.
    pub tile: Tile,
    /// The score if the hand wins by drawing `tile` itself (HK §9.4 self-drawn).
    pub self_drawn: ScoreOutcome,
    /// The score if the hand wins by claiming `tile` from a discard (HK §6.1).
    pub discard: ScoreOutcome,
    /// What the seat gains by the self-drawn win (0 when it is not a win), with the dealer East
    /// (HK §3, TW §3) on the situation's streak.
    pub self_drawn_gain: i64,
    /// What the seat gains by the win on a discard, by the discarder's seat wind (0 at the
    /// seat's own wind and when it is not a win).
    pub discard_gain: [i64; 4],
}

impl WaitValue {
    /// Whether some way of winning on this wait is a legal win (at least the minimum).
    pub fn can_win(&self) -> bool {
        self.self_drawn.is_win || self.discard.is_win
    }
}

/// The situation a ready hand is valued in by the agents that see only their winds: the seat and
/// prevailing winds, with the mid-deal progress of [`crate::rules::DealProgress::default`]
/// (bonus tiles are in the [`Hand`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ValueSituation {
    /// 0 = East .. 3 = North.
    pub seat_wind: u8,
    /// 0 = East .. 3 = North (HK: East).
    pub prevailing_wind: u8,
}

/// The deal's progress the agents that see only their winds value waits in: mid-deal (`D` =
/// 20, interrupted: no timing element, no streak, the values of
/// [`crate::rules::DealProgress::default`]), with enough own discards (9) that every hand's
/// declared sets have a history the ruleset accepts (TW §10a: each claim is followed by a
/// discard).
pub const AGENT_PROGRESS: DealProgress = DealProgress { dealer_streak: 0, discards: 20, winner_discards: 9, interrupted: true };

impl ValueSituation {
    /// The win context of this situation (self-drawn or not is set per wait), with
    /// [`AGENT_PROGRESS`].
    pub fn context(&self) -> WinContext {
        WinContext {
            seat_wind: self.seat_wind,
            prevailing_wind: self.prevailing_wind,
            progress: AGENT_PROGRESS,
            ..WinContext::default()
        }
    }
}

/// The self-drawn and the discard form of a situation: everything of `ctx` but how the tile
/// comes (a self-drawn win is not on the last discard or a robbed kong; a win on a discard is
/// not on a kong's replacement or the last wall tile).
fn forms(ctx: &WinContext) -> (WinContext, WinContext) {
    let base = WinContext { dealer_start: false, ..*ctx };
    let tsumo = WinContext { self_drawn: true, robbing_kong: false, last_discard: false, ..base };
    let ron = WinContext { self_drawn: false, kong_replacement: false, last_wall_tile: false, ..base };
    (tsumo, ron)
}

/// HK §14a, §10 (TW §10, §11): every wait of the ready hand (ascending kind; empty when the
/// hand is not ready) with its score self-drawn and on a discard under `rules` in the full
/// situation `ctx` (winds, the deal's progress, the last-tile flags; `self_drawn` is set per
/// form), and what each pays the seat (HK §11, TW §15 with the seat's dealer status: the
/// dealer is East). A wait whose score has `reason == Some(BelowMinimum)` is a winning shape
/// the engine refuses.
///
/// Errors (`InvalidHand`): what [`crate::analysis::waits::waits`] and [`Ruleset::score`] reject (wrong
/// size, a fifth copy, a malformed meld, a wind outside 0..=3, an impossible situation).
pub fn wait_values(hand: &Hand, rules: &Ruleset, ctx: &WinContext) -> Result<Vec<WaitValue>> {
    hand.validate()?;
    let waits = crate::analysis::waits::waits(&hand.concealed, &hand.melds, rules.shapes())?;
    let (tsumo, ron) = forms(ctx);
    let seat = ctx.seat_wind as usize;
    let streak = ctx.progress.dealer_streak;
    let gain = |o: &ScoreOutcome, discarder: Option<usize>| -> i64 {
        if !o.is_win {
            return 0;
        }
        let win = WinPayment { winner: seat, value: o.value.into(), self_drawn: discarder.is_none(), discarder };
        rules.win_payments(&win, 0, streak).map_or(0, |p| p[seat])
    };
    waits
        .into_iter()
        .map(|t| {
            let self_drawn = rules.score(hand, Some(t), &tsumo)?;
            let discard = rules.score(hand, Some(t), &ron)?;
            let self_drawn_gain = gain(&self_drawn, None);
            let discard_gain = std::array::from_fn(|d| if d == seat { 0 } else { gain(&discard, Some(d)) });
            Ok(WaitValue { tile: t, self_drawn, discard, self_drawn_gain, discard_gain })
        })
        .collect()
}

/// Whether some wait of the ready hand is a legal win, self-drawn or on a discard, in the
/// situation `ctx` (false when the hand is not ready). This is the test behind "dead ready"
/// (the hand is ready and no wait can win).
///
/// Errors: as [`wait_values`].
pub fn any_legal_wait(hand: &Hand, rules: &Ruleset, ctx: &WinContext) -> Result<bool> {
    hand.validate()?;
    let waits = crate::analysis::waits::waits(&hand.concealed, &hand.melds, rules.shapes())?;
    let (tsumo, _) = forms(ctx);
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
    use crate::rules::scoring::RejectReason;
    use crate::tiles::hand::hand;

    #[test]
    fn a_ready_hand_has_its_waits_valued() {
        // 123m456m789p234s5s waits on 2s / 5s (the README's example), scored as `score` does.
        let h = hand("123m456m789p234s5s");
        let rules = Ruleset::hong_kong();
        let s = ValueSituation { seat_wind: 1, prevailing_wind: 0 };
        let v = wait_values(&h, &rules, &s.context()).unwrap();
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
        let v = wait_values(&h, &rules, &south.context()).unwrap();
        assert!(!v.is_empty());
        for w in &v {
            assert_eq!((w.discard.reason, w.discard.value), (Some(RejectReason::BelowMinimum), 1));
            assert_eq!((w.self_drawn.reason, w.self_drawn.value), (Some(RejectReason::BelowMinimum), 2));
            assert!(!w.can_win());
        }
        // a dead-ready hand: no wait can win
        assert!(!any_legal_wait(&h, &rules, &south.context()).unwrap());
        // without the flower, F16 lifts the self-drawn win to 3 value: legal
        h.bonus = 0;
        assert!(any_legal_wait(&h, &rules, &south.context()).unwrap());
    }

    #[test]
    fn not_ready_is_empty_and_bad_hands_are_errors() {
        let rules = Ruleset::hong_kong();
        let h = hand("19m19p19s1234567z");
        assert!(!wait_values(&h, &rules, &ValueSituation::default().context()).unwrap().is_empty());
        let h = hand("1357m2468p13579s");
        assert!(wait_values(&h, &rules, &ValueSituation::default().context()).unwrap().is_empty());
        let h = hand("123m456m789p234s55s");
        assert!(wait_values(&h, &rules, &ValueSituation::default().context()).is_err());
        let h = hand("123m456m789p234s5s");
        assert!(wait_values(&h, &rules, &ValueSituation { seat_wind: 4, prevailing_wind: 0 }.context()).is_err());
    }

    #[test]
    fn agree_with_score_on_random_ready_hands() {
        use crate::analysis::shanten::tests::{random_hand, XorShift};
        let rules = Ruleset::hong_kong();
        let mut rng = XorShift(0x5EED_7A10_0000_0001);
        let (mut ready, mut legal, mut below) = (0, 0, 0);
        for i in 0..20000 {
            let n_melds = [0, 0, 1, 2, 3][i % 5];
            let (c, melds) = random_hand(&mut rng, n_melds, 13 - 3 * n_melds, i % 3 != 2);
            let h = Hand { concealed: c, melds, bonus: 0 };
            let s = ValueSituation { seat_wind: (i % 4) as u8, prevailing_wind: 0 };
            let v = wait_values(&h, &rules, &s.context()).unwrap();
            let w = crate::analysis::waits::waits(&h.concealed, &h.melds, rules.shapes()).unwrap();
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
            assert_eq!(any_legal_wait(&h, &rules, &s.context()).unwrap(), v.iter().any(WaitValue::can_win));
        }
        assert!(ready > 200 && legal > 20 && below > 20, "{ready} {legal} {below}");
    }

    /// `Rules::wait_values_into` (the Taiwanese form shares one decomposition and one wait set
    /// between the two situations) gives what `score` gives each wait, impossible situations
    /// (-1) and waits under the minimum included.
    #[test]
    #[allow(clippy::needless_range_loop)] // a kind indexes the mask and both value arrays
    fn wait_values_into_equals_score_under_every_ruleset() {
        use crate::analysis::shanten::tests::{random_hand, XorShift};
        use crate::rules::{DealProgress, SwitchValue};
        use crate::tiles::tile::N_KINDS;
        // Hong Kong also with a minimum of 0 and a cap of 8 (HK §18): its form scores each wait
        // once and derives the self-drawn value (F11, L8)
        for (name, min) in [
            ("hong-kong", None),
            ("hong-kong", Some(0)),
            ("taiwanese-high", Some(9)),
            ("taiwanese-low", Some(5)),
            ("taiwanese-high", None),
            ("taiwanese-low", Some(0)),
            // the house table (HK §19.5): its own form, one decomposition per wait and one
            // search of the waits for X10-X12
            ("hong-kong-riichi-advanced-hk", None),
            ("hong-kong-mahjax-hkos-v1", None),
            ("hong-kong-benwassa-v1", None),
            ("hong-kong-half-spicy-3faan", None),
        ] {
            let mut rules = Ruleset::named(name).unwrap();
            if name == "taiwanese-low" && min == Some(0) {
                // TW §20.2.3: only pung readings on a discard, where there is one
                rules = rules.with_switch("prefer_pung_reading", SwitchValue::Bool(true)).unwrap();
            }
            if let Some(m) = min {
                rules = if name == "hong-kong" {
                    let r = rules.with_switch("min_faan", SwitchValue::Int(m)).unwrap();
                    r.with_switch("max_faan", SwitchValue::Int(8)).unwrap()
                } else {
                    rules.with_switch("min_tai", SwitchValue::Int(m)).unwrap()
                };
            }
            let n_sets = rules.shapes().n_sets;
            let mut rng = XorShift(0x5EED_7A10_0000_0003 ^ n_sets as u64 ^ min.unwrap_or(0) as u64);
            let (mut waits_seen, mut wins, mut refused) = (0, 0, 0);
            for i in 0..4000 {
                let n_melds = [0, 0, 1, 2, 3][i % 5];
                let (c, melds) = random_hand(&mut rng, n_melds, 3 * n_sets + 1 - 3 * n_melds, i % 3 != 2);
                let h = Hand { concealed: c, melds, bonus: (rng.below(4) == 0) as u8 * (1 << rng.below(8)) };
                let discards = if rng.below(5) == 0 { rng.below(11) } else { 11 + rng.below(40) } as u32;
                let progress = DealProgress {
                    dealer_streak: rng.below(4) as u32,
                    discards,
                    winner_discards: rng.below(1 + discards as u64 / 3) as u32,
                    interrupted: rng.below(2) == 0,
                };
                let base = WinContext {
                    seat_wind: rng.below(4) as u8,
                    prevailing_wind: rng.below(4) as u8,
                    progress,
                    ..WinContext::default()
                };
                // half the time the quiet situations of the expert's next win (Hong Kong's one
                // scoring per wait), else any flags
                let flags = rng.below(2) == 0;
                let ts = WinContext {
                    self_drawn: true,
                    kong_replacement: flags && rng.below(6) == 0,
                    last_wall_tile: flags && rng.below(8) == 0,
                    ..base
                };
                // the two situations of the expert's next win differ in the deal's progress too
                let later = DealProgress { discards: discards + rng.below(4) as u32, ..progress };
                let ron = WinContext {
                    last_discard: flags && rng.below(8) == 0,
                    robbing_kong: flags && rng.below(8) == 0,
                    progress: later,
                    ..base
                };
                let Ok(ws) = crate::analysis::waits::waits(&h.concealed, &h.melds, rules.shapes()) else { continue };
                let mask = ws.iter().fold(0u64, |m, t| m | 1 << t.index());
                let mut got = [[7i16; N_KINDS]; 2];
                rules.wait_values_into(&h, mask, &ts, &ron, &mut got);
                for k in 0..N_KINDS {
                    if mask >> k & 1 == 0 {
                        assert_eq!((got[0][k], got[1][k]), (7, 7), "{name}: kind {k} is no wait");
                        continue;
                    }
                    for (j, ctx) in [ts, ron].iter().enumerate() {
                        let want = match rules.score(&h, Some(Tile(k as u8)), ctx) {
                            Ok(o) if o.is_win => i16::from(o.value),
                            _ => -1,
                        };
                        assert_eq!(got[j][k], want, "{name}: {h:?} on {k} in {ctx:?}");
                        wins += usize::from(want >= 0);
                        refused += usize::from(want < 0);
                    }
                    waits_seen += 1;
                }
            }
            assert!(waits_seen > 1000 && wins > 200 && refused > 200, "{name}: {waits_seen} {wins} {refused}");
        }
    }

    /// Every ruleset: random ready hands in random full situations (winds, the deal's
    /// progress, the last tile), each wait equal to `Ruleset::score` of that tile self-drawn
    /// and on a discard, and its gains equal to the ruleset's payments of those scores.
    #[test]
    fn agree_with_score_in_full_situations_under_every_ruleset() {
        use crate::analysis::shanten::tests::{random_hand, XorShift};
        use crate::rules::DealProgress;
        use crate::rules::SwitchValue;
        // a higher Taiwanese minimum, so that refused waits occur too (nearly every random
        // ready hand reaches 5 Tai under the high table)
        for (name, min) in [("hong-kong", None), ("taiwanese-high", Some(9)), ("taiwanese-low", Some(5))] {
            let mut rules = Ruleset::named(name).unwrap();
            if let Some(m) = min {
                rules = rules.with_switch("min_tai", SwitchValue::Int(m)).unwrap();
            }
            let n_sets = rules.shapes().n_sets;
            let mut rng = XorShift(0x5EED_7A10_0000_0002 ^ n_sets as u64);
            let (mut ready, mut wins, mut refused) = (0, 0, 0);
            for i in 0..6000 {
                let n_melds = [0, 0, 1, 2, 3][i % 5];
                let (c, melds) = random_hand(&mut rng, n_melds, 3 * n_sets + 1 - 3 * n_melds, i % 3 != 2);
                let h = Hand { concealed: c, melds, bonus: (rng.below(4) == 0) as u8 * (1 << rng.below(8)) };
                // mostly past the timing elements of TW §10 (D > 10), some early
                let discards = if rng.below(5) == 0 { 4 + rng.below(7) } else { 11 + rng.below(40) } as u32;
                let progress = DealProgress {
                    dealer_streak: rng.below(4) as u32,
                    discards,
                    winner_discards: 1 + discards / 4,
                    interrupted: !h.melds.is_empty() || rng.below(2) == 0,
                };
                let last = rng.below(8) == 0;
                let ctx = WinContext {
                    seat_wind: rng.below(4) as u8,
                    prevailing_wind: rng.below(4) as u8,
                    last_wall_tile: last,
                    last_discard: last,
                    progress,
                    ..WinContext::default()
                };
                let got = wait_values(&h, &rules, &ctx);
                let waits = crate::analysis::waits::waits(&h.concealed, &h.melds, rules.shapes()).unwrap();
                let seat = ctx.seat_wind as usize;
                let mut want = Vec::new();
                let mut err = None;
                for &t in &waits {
                    let tsumo = WinContext { self_drawn: true, last_discard: false, ..ctx };
                    let ron = WinContext { last_wall_tile: false, ..ctx };
                    match (rules.score(&h, Some(t), &tsumo), rules.score(&h, Some(t), &ron)) {
                        (Ok(a), Ok(b)) => want.push((t, a, b)),
                        (Err(e), _) | (_, Err(e)) => {
                            err = Some(e);
                            break;
                        }
                    }
                }
                match (got, err) {
                    (Err(a), Some(b)) => assert_eq!(a, b, "{name}"),
                    (Ok(v), None) => {
                        assert_eq!(v.len(), want.len());
                        for (x, (t, a, b)) in v.iter().zip(&want) {
                            ready += 1;
                            assert_eq!((x.tile, &x.self_drawn, &x.discard), (*t, a, b), "{name}");
                            let pay = |o: &ScoreOutcome, d: Option<usize>| {
                                let w = WinPayment { winner: seat, value: o.value.into(), self_drawn: d.is_none(), discarder: d };
                                if o.is_win {
                                    rules.win_payments(&w, 0, progress.dealer_streak).unwrap()[seat]
                                } else {
                                    0
                                }
                            };
                            assert_eq!(x.self_drawn_gain, pay(a, None), "{name}");
                            for d in 0..4 {
                                assert_eq!(x.discard_gain[d], if d == seat { 0 } else { pay(b, Some(d)) }, "{name}");
                            }
                            wins += usize::from(x.can_win());
                            refused += usize::from(!x.can_win());
                        }
                    }
                    (a, b) => panic!("{name}: wait_values {a:?}, score {b:?}"),
                }
            }
            assert!(ready > 500 && wins > 50 && refused > 10, "{name}: {ready} {wins} {refused}");
        }
    }
}
