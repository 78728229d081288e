//! HK §18 V1–V7 (hong-kong-examples.json), the switch checks, and the ruleset's registry.

use super::*;
use crate::error::MahjongError;
use crate::game::Match;
use crate::rules::{scoring, SwitchValue};
use crate::tiles::hand::{hand, parse_hand};
use crate::tiles::tile::parse_tile;

/// HK §11 payments of a win worth `value` (the dealer and streak play no part in Hong Kong).
fn pay(r: &Ruleset, value: u8, winner: usize, self_drawn: bool, discarder: Option<usize>) -> Result<[i64; 4]> {
    r.win_payments(&WinPayment { winner, value: value.into(), self_drawn, discarder }, 0, 0)
}

fn hk(switches: &[(&str, SwitchValue)]) -> Result<Ruleset> {
    Ruleset::from_switches("hong-kong", switches.iter().map(|(k, v)| (*k, v.clone())))
}
fn int(n: i64) -> SwitchValue {
    SwitchValue::Int(n)
}
fn s(v: &str) -> SwitchValue {
    SwitchValue::Str(v.into())
}

/// One V entry: the hand before the winning tile, the winning tile, seat wind (0 = E), how,
/// the expected total, breakdown and payments (E, S, W, N).
#[allow(clippy::too_many_arguments)]
fn check(
    r: &Ruleset,
    id: &str,
    h: &str,
    win: &str,
    seat: u8,
    ctx: WinContext,
    discarder: Option<usize>,
    faan: u8,
    raw: u8,
    elements: &[(&str, u8)],
    payments: [i64; 4],
) {
    let ctx = WinContext { seat_wind: seat, ..ctx };
    let o = r.score(&hand(h), Some(parse_tile(win).unwrap()), &ctx).unwrap();
    let got: Vec<(&str, u8)> = o.elements.iter().map(|e| (e.code, e.value)).collect();
    assert_eq!(got, elements, "{id} elements");
    assert_eq!((o.value, o.raw_value), (faan, raw), "{id} faan, raw");
    assert!(o.is_win, "{id} legal");
    assert_eq!(o.reason, None);
    let pay = pay(r, o.value, seat as usize, ctx.self_drawn, discarder).unwrap();
    assert_eq!(pay, payments, "{id} payments");
    assert_eq!(pay.iter().sum::<i64>(), 0);
}

fn drawn() -> WinContext {
    WinContext { self_drawn: true, ..Default::default() }
}

#[test]
fn v1_default_switches_are_the_rules_above() {
    let r = Ruleset::hong_kong();
    assert_eq!(hk(&[]).unwrap(), r);
    check(
        &r,
        "V1",
        "111222333m9s pung[555p] 1f",
        "9s",
        0,
        drawn(),
        None,
        5,
        5,
        &[("F2", 3), ("F11", 1), ("F17", 1)],
        [96, -32, -32, -32],
    );
    // §11.2: the whole payment table.
    for f in 3..=13u8 {
        let b = 1i64 << f;
        assert_eq!(pay(&r, f, 2, true, None).unwrap(), [-b, -b, 3 * b, -b]);
        assert_eq!(pay(&r, f, 2, false, Some(0)).unwrap(), [-3 * b, 0, 3 * b, 0]);
    }
}

#[test]
fn v2_half_spicy_full_responsibility() {
    let r = hk(&[("spiciness", s("half")), ("responsibility", s("full"))]).unwrap();
    check(
        &r,
        "V2",
        "111m333m999m5m pung[777z] 1f",
        "5m",
        1,
        WinContext::default(),
        Some(0),
        7,
        7,
        &[("F2", 3), ("F3", 3), ("F6", 1)],
        [-96, 96, 0, 0],
    );
}

#[test]
fn v3_half_spicy_half_responsibility() {
    let r = hk(&[("spiciness", s("half")), ("responsibility", s("half"))]).unwrap();
    check(
        &r,
        "V3",
        "123m456m789m5m pung[777z]",
        "5m",
        1,
        WinContext::default(),
        Some(0),
        5,
        5,
        &[("F3", 3), ("F6", 1), ("F16", 1)],
        [-24, 48, -12, -12],
    );
}

#[test]
fn v4_half_spicy_limit_self_drawn() {
    let r = hk(&[("spiciness", s("half"))]).unwrap();
    // The examples file gives V4's hand as "19m19p19s123456z": 12 tiles, one short of any
    // hand; the thirteen orphans of E7 (the same wind, self-drawn here) is what V4 means.
    assert!(Ruleset::hong_kong().score(&hand("19m19p19s123456z"), Some(parse_tile("7z").unwrap()), &drawn()).is_err());
    check(&r, "V4", "19m19p19s1234567z", "7z", 2, drawn(), None, 13, 13, &[("L1", 13)], [-384, -384, 1152, -384]);
    assert_eq!((0..=13).map(|f| r.base(f)).collect::<Vec<_>>(), switches::HALF_SPICY.to_vec());
}

#[test]
fn v5_min_faan_1_makes_e31_legal() {
    let h = hand("123m456p789s234s1z");
    let ctx = WinContext { seat_wind: 2, ..Default::default() };
    let w = Some(parse_tile("1z").unwrap());
    let default = Ruleset::hong_kong().score(&h, w, &ctx).unwrap();
    assert!(!default.is_win);
    assert_eq!(default.reason, Some(RejectReason::BelowMinimum));
    let r = hk(&[("min_faan", int(1))]).unwrap();
    check(
        &r,
        "V5",
        "123m456p789s234s1z",
        "1z",
        2,
        WinContext::default(),
        Some(1),
        2,
        2,
        &[("F10", 1), ("F16", 1)],
        [0, -12, 12, 0],
    );
}

#[test]
fn v6_max_faan_10() {
    let r = hk(&[("max_faan", int(10))]).unwrap();
    // V6a (E12): a limit hand is worth max_faan; its one entry carries that value.
    check(
        &r,
        "V6a",
        "234m99m666z77z pung[555z]",
        "7z",
        1,
        WinContext::default(),
        Some(0),
        10,
        10,
        &[("L4", 10)],
        [-3072, 3072, 0, 0],
    );
    // V6b (E20): raw 14 reduced to 10.
    check(
        &r,
        "V6b",
        "111m999m7z pung[555z] pung[666z] 1f 5f",
        "7z",
        0,
        drawn(),
        None,
        10,
        14,
        &[("F2", 3), ("F3", 3), ("F7", 5), ("F11", 1), ("F17", 1), ("F18", 1)],
        [3072, -1024, -1024, -1024],
    );
    // V6c (E19): 10 faan unchanged.
    let last = WinContext { last_discard: true, ..Default::default() };
    check(
        &r,
        "V6c",
        "1123p456p678p999p",
        "4p",
        2,
        last,
        Some(1),
        10,
        10,
        &[("F4", 7), ("F10", 1), ("F15", 1), ("F16", 1)],
        [0, -3072, 3072, 0],
    );
    // E17 (8 faan) is unchanged.
    let d = Ruleset::hong_kong();
    let e17 = hand("123s456s78s99s ckong[4444z]");
    let c = WinContext { seat_wind: 3, self_drawn: true, kong_replacement: true, ..Default::default() };
    let w = Some(parse_tile("9s").unwrap());
    let o = r.score(&e17, w, &c).unwrap();
    assert_eq!((o.value, o.is_win), (8, true));
    assert_eq!(o, d.score(&e17, w, &c).unwrap());
}

#[test]
fn v7_fractional_payment_is_rejected() {
    let e = hk(&[("min_faan", int(0)), ("responsibility", s("half")), ("unit", int(1))]).unwrap_err();
    assert_eq!(e.switch_name(), Some("responsibility"), "{e}");
    // An even unit pays whole points; a minimum of 1 never pays M(0).
    assert!(hk(&[("min_faan", int(0)), ("responsibility", s("half")), ("unit", int(2))]).is_ok());
    assert!(hk(&[("min_faan", int(1)), ("responsibility", s("half"))]).is_ok());
}

#[test]
fn bad_switches_name_the_switch() {
    let cases: Vec<(Vec<(&str, SwitchValue)>, &str)> = vec![
        (vec![("min_fan", int(3))], "min_fan"),
        (vec![("min_faan", int(14))], "min_faan"),
        (vec![("min_faan", int(-1))], "min_faan"),
        (vec![("min_faan", s("3"))], "min_faan"),
        (vec![("max_faan", int(2))], "max_faan"),
        (vec![("min_faan", int(8)), ("max_faan", int(6))], "max_faan"),
        (vec![("spiciness", s("mild"))], "spiciness"),
        (vec![("responsibility", SwitchValue::Bool(true))], "responsibility"),
        (vec![("unit", int(0))], "unit"),
        (vec![("unit", int(1_000_001))], "unit"),
        (vec![("rotate_dealer", int(1))], "rotate_dealer"),
    ];
    for (sw, name) in cases {
        let e = hk(&sw).unwrap_err();
        assert_eq!(e.switch_name(), Some(name), "{sw:?}: {e}");
        assert!(e.to_string().contains(name), "{e}");
    }
    assert_eq!(Ruleset::from_switches("riichi", []).unwrap_err().switch_name(), Some("preset"));
}

#[test]
fn switch_values_round_trip() {
    let r = hk(&[
        ("min_faan", int(1)),
        ("max_faan", int(8)),
        ("spiciness", s("half")),
        ("responsibility", s("half")),
        ("unit", int(100)),
        ("rotate_dealer", SwitchValue::Bool(true)),
    ])
    .unwrap();
    let names: Vec<&str> = r.switch_values().iter().map(|(k, _)| *k).collect();
    assert_eq!(names, r.switch_names());
    assert_eq!(r.switch_names()[..6], ["min_faan", "max_faan", "spiciness", "responsibility", "unit", "rotate_dealer"]);
    assert_eq!(r.switch_names().len(), 23); // with the 17 switches of HK §19.2
    assert_eq!(Ruleset::from_switches("hk", r.switch_values()).unwrap(), r);
    assert_eq!(r.base(13), 64 * 100); // read as max_faan 8: M(8) = 64
    assert_eq!(pay(&r, 5, 0, false, Some(3)).unwrap(), [4800, -1200, -1200, -2400]);
}

#[test]
fn taiwanese_presets_and_their_switches() {
    let high = Ruleset::from_switches("taiwanese-high", []).unwrap();
    assert_eq!((high.name(), high.hand_tiles(), high.dead_wall(), high.several_winners()), ("taiwanese-high", 16, 16, true));
    assert_eq!(high.unit(), "tai");
    let low = high.with_switch("tai_table", s("low")).unwrap();
    assert_eq!(low, Ruleset::named("taiwanese-low").unwrap());
    let names: Vec<&str> = low.switch_values().iter().map(|(k, _)| *k).collect();
    assert_eq!(names, low.switch_names());
    assert_eq!(Ruleset::from_switches("taiwanese-low", low.switch_values()).unwrap(), low);
    // A Hong Kong switch given to a Taiwanese ruleset, or the reverse, is named.
    for (name, key, v) in [
        ("taiwanese-high", "min_faan", int(3)),
        ("taiwanese-low", "rotate_dealer", SwitchValue::Bool(true)),
        ("hong-kong", "min_tai", int(3)),
        ("hong-kong", "tai_table", s("low")),
        ("taiwanese-high", "min_tai", int(256)),
        ("taiwanese-high", "tai_value", int(0)),
        ("taiwanese-high", "match_length", s("forever")),
        ("taiwanese-low", "high_wind_pung_extra", SwitchValue::Bool(true)),
    ] {
        let e = Ruleset::from_switches(name, [(key, v)]).unwrap_err();
        assert_eq!(e.switch_name(), Some(key), "{name} {key}: {e}");
    }
    // TW §15 through the ruleset: T1 (S wins 6 Tai on W's discard) and the dealer's streak.
    let r = Ruleset::from_switches("taiwanese-high", [("tai_value", int(10))]).unwrap();
    assert_eq!(pay(&r, 6, 1, false, Some(2)).unwrap(), [0, 60, -60, 0]);
    let dealer_wins = WinPayment { winner: 0, value: 6, self_drawn: true, discarder: None };
    assert_eq!(r.win_payments(&dealer_wins, 0, 2).unwrap(), [3 * 110, -110, -110, -110]);
}

#[test]
fn unit_multiplies_every_payment() {
    let r = hk(&[("unit", int(1_000_000))]).unwrap();
    assert_eq!(
        pay(&r, 13, 0, true, None).unwrap(),
        [3 * 8192 * 1_000_000, -8192 * 1_000_000, -8192 * 1_000_000, -8192 * 1_000_000]
    );
    assert!(pay(&r, 3, 0, false, None).is_err()); // no discarder: no payment can be made
    assert!(pay(&r, 3, 4, true, None).is_err());
    assert!(pay(&r, 3, 1, false, Some(1)).is_err());
}

#[test]
fn min_faan_0_scores_a_zero_faan_win() {
    let r = hk(&[("min_faan", int(0)), ("unit", int(2)), ("responsibility", s("half"))]).unwrap();
    // 123m 456p 789s 234s + 11z pair won on a discard, with a bonus tile and a claimed chow:
    // no element applies.
    let h = hand("456p789s234s1z chow[123m] 3f");
    let o = r.score(&h, Some(parse_tile("1z").unwrap()), &WinContext::default()).unwrap();
    assert_eq!((o.value, o.is_win), (0, true));
    assert_eq!(pay(&r, 0, 0, false, Some(1)).unwrap(), [4, -2, -1, -1]);
}

/// HK §18 through the other door: a scoring table whose minimum and cap are the switches
/// (limit hands valued at the cap) run through the generic §10.1 selection, against
/// [`Ruleset::score`]'s post-processing of the default score, on 20,000 seeded complete
/// hands per (min_faan, max_faan) pair, each with a random winning tile, winds, flags and
/// bonus tiles.
#[test]
fn minimum_and_cap_equal_a_capped_table() {
    use crate::analysis::decompose::{seeded_complete_hands, Interpretation};
    use crate::rules::hong_kong::scoring::HongKong;
    use crate::rules::scoring::{Element, Evaluation, ScoringTable, WinFacts};

    struct Capped {
        min: u8,
        cap: u8,
    }
    impl ScoringTable for Capped {
        fn shapes(&self) -> &ShapeRules {
            &HK_SHAPES
        }
        fn min_total(&self) -> u8 {
            self.min
        }
        fn cap(&self) -> Option<u8> {
            Some(self.cap)
        }
        fn evaluate(&self, facts: &WinFacts<'_>, interp: &Interpretation) -> Evaluation {
            match HongKong::DEFAULT.evaluate(facts, interp) {
                Evaluation::Limit(e) => Evaluation::Limit(Element { value: self.cap, ..e }),
                other => other,
            }
        }
    }

    let mut x = 0x00C0_FFEE_0000_0018u64;
    let mut rnd = move |m: u64| -> u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let hands = seeded_complete_hands(0x00C0_FFEE_0000_0001, 20_000);
    for (lo, hi) in [(0u8, 3u8), (1, 5), (3, 8), (4, 10), (6, 12), (13, 13)] {
        let r = hk(&[("min_faan", int(lo.into())), ("max_faan", int(hi.into()))]).unwrap();
        let table = Capped { min: lo, cap: hi };
        let (mut capped, mut wins) = (0, 0);
        for (c, melds) in &hands {
            let flags = rnd(64);
            let ctx = WinContext {
                seat_wind: rnd(4) as u8,
                prevailing_wind: 0,
                self_drawn: flags & 1 != 0,
                kong_replacement: flags & 2 != 0 && rnd(4) == 0,
                last_wall_tile: flags & 4 != 0 && rnd(4) == 0,
                ..Default::default()
            };
            let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
            let w = held[rnd(held.len() as u64) as usize];
            let mut h = Hand { concealed: *c, melds: melds.clone(), bonus: rnd(256) as u8 };
            h.concealed[w] -= 1;
            let a = r.score(&h, Some(Tile(w as u8)), &ctx);
            let b = scoring::score(&table, &h, Some(Tile(w as u8)), &ctx);
            match (a, b) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "{lo}..{hi}: {} {:?} {:?}", crate::tiles::tile::format_counts(c), melds, ctx);
                    capped += usize::from(a.raw_value > a.value || a.limit.is_some());
                    wins += usize::from(a.is_win);
                }
                (Err(a), Err(b)) => assert_eq!(a, b),
                (a, b) => panic!("{a:?} vs {b:?}"),
            }
        }
        assert!(wins > 1000, "{lo}..{hi}: {wins} wins");
        if hi < 13 {
            assert!(capped > 100, "{lo}..{hi}: {capped} capped");
        }
    }
}

#[test]
fn a_match_is_the_deals_asked_for() {
    let rotate = Ruleset::hong_kong().with_switch("rotate_dealer", SwitchValue::Bool(true)).unwrap();
    // HK §12: deal d is dealt by P(d mod 4); a match of 6 deals from deal 2.
    let opts =
        MatchOptions { deals: Some(6), start_deal: 2, scores: Some([5, -5, 0, 0]), first_dealer: None, start_streak: None };
    let mut m = Match::new(&rotate, opts).unwrap();
    let mut seen = Vec::new();
    while let Some(n) = m.next_deal() {
        seen.push((n.deal_index, n.dealer, n.prevailing_wind, n.dealer_streak));
        m.play_deal(&[WinPayment { winner: 1, value: 3, self_drawn: true, discarder: None }]).unwrap();
    }
    assert_eq!(seen, (2..8).map(|d| (d, (d % 4) as u8, 0, 0)).collect::<Vec<_>>());
    assert_eq!(m.scores(), [5 - 6 * 8, -5 + 6 * 24, -6 * 8, -6 * 8]);
    // Without rotation P0 deals every deal; by default a match is one deal.
    let mut m = Match::new(&Ruleset::hong_kong(), MatchOptions::default()).unwrap();
    assert_eq!(m.next_deal().map(|n| n.dealer), Some(0));
    m.play_deal(&[]).unwrap();
    assert!(m.is_over());
    // No deals, indices past 2**32-1 and a chosen first dealer are refused.
    for opts in [
        MatchOptions { deals: Some(0), ..Default::default() },
        MatchOptions { deals: Some(2), start_deal: u32::MAX, ..Default::default() },
        MatchOptions { first_dealer: Some(1), ..Default::default() },
        MatchOptions { start_streak: Some(1), ..Default::default() },
    ] {
        assert!(matches!(Match::new(&rotate, opts), Err(MahjongError::RuleConfig(_))), "{opts:?}");
    }
}

/// The one-scoring form of `wait_values_into` on the hands where self-drawn and on a discard
/// differ by more than F11: four concealed pungs (L8 only self-drawn, a concealed kong among
/// them too) and the same tiles with a claimed pung (no L8); each equals `score`.
#[test]
fn wait_values_of_four_concealed_pungs() {
    let r = Ruleset::hong_kong();
    let ts = WinContext { seat_wind: 1, self_drawn: true, ..WinContext::default() };
    let ron = WinContext { seat_wind: 1, ..WinContext::default() };
    for (text, l8) in [("111m555p999s22m88p", true), ("555p999s22m88p ckong[1111m]", true), ("555p999s22m88p [111m]", false)] {
        let h = hand(text);
        let waits = (1u64 << parse_tile("2m").unwrap().index()) | (1 << parse_tile("8p").unwrap().index());
        let mut got = [[0i16; N_KINDS]; 2];
        r.wait_values_into(&h, waits, &ts, &ron, &mut got);
        for w in ["2m", "8p"] {
            let k = parse_tile(w).unwrap().index();
            let want =
                |ctx: &WinContext| r.score(&h, Some(Tile(k as u8)), ctx).map(|o| if o.is_win { o.value as i16 } else { -1 });
            assert_eq!((got[0][k], got[1][k]), (want(&ts).unwrap(), want(&ron).unwrap()), "{text} on {w}");
            assert_eq!(got[0][k] == 13, l8, "{text} on {w}: {:?}", (got[0][k], got[1][k]));
        }
    }
}

/// HK §19.5.1: the default of every element code, by its code (X20 3, X21 the limit, the
/// other extra elements off).
#[test]
fn element_value_defaults_by_code() {
    use crate::rules::hong_kong::switches::{ElementValue, ElementValues, ELEMENT_CODES};
    let d = ElementValues::default();
    assert_eq!(ELEMENT_CODES.len(), 50);
    assert_eq!((d.get("F1"), d.get("F4"), d.get("F19")), (ElementValue::Faan(1), ElementValue::Faan(7), ElementValue::Faan(2)));
    assert_eq!((d.get("L1"), d.get("L8")), (ElementValue::Limit, ElementValue::Limit));
    assert_eq!((d.get("X20"), d.get("X21")), (ElementValue::Faan(3), ElementValue::Limit));
    for n in (1..=19).chain([22]) {
        assert_eq!(d.get(&format!("X{n}")), ElementValue::Off, "X{n}");
    }
}

/// The extra elements of HK §19.5.2, each valued alone, on hands where its condition holds
/// and where it does not.
#[test]
fn extra_elements_score_their_conditions() {
    fn value_of(code: &str, v: SwitchValue, h: &str, w: &str, ctx: WinContext) -> Vec<&'static str> {
        let r = hk(&[("element_values", SwitchValue::Map([(code.to_string(), v)].into_iter().collect()))]).unwrap();
        let s = r.score(&parse_hand(h).unwrap(), Some(parse_tile(w).unwrap()), &ctx).unwrap();
        s.elements.iter().map(|e| e.code).collect()
    }
    let drawn = |seat| WinContext { seat_wind: seat, self_drawn: true, ..Default::default() };
    let on_discard = |seat| WinContext { seat_wind: seat, ..Default::default() };
    // X13 all simples: any shape; not with a terminal.
    assert!(value_of("X13", int(1), "234m456m678p345s5s", "5s", drawn(1)).contains(&"X13"));
    assert!(!value_of("X13", int(1), "123m456m789p234s5s", "5s", drawn(1)).contains(&"X13"));
    // X22 pure straight: 123 456 789 of one suit among the sets.
    assert!(value_of("X22", int(8), "123p456p789p345s9s", "9s", on_discard(1)).contains(&"X22"));
    assert!(!value_of("X22", int(8), "123p456p678p345s9s", "9s", on_discard(1)).contains(&"X22"));
    // X18 three concealed pungs: the pung completed by a discard is not concealed.
    assert!(value_of("X18", int(3), "222m444p666s345s8s", "8s", drawn(2)).contains(&"X18"));
    assert!(!value_of("X18", int(3), "222m444p66s345s88s", "6s", on_discard(2)).contains(&"X18"));
    // ...unless the tile also completes the pair or a chow (a placement, HK §19.5.8).
    assert!(value_of("X18", int(3), "222m444p666s345s8s", "8s", on_discard(2)).contains(&"X18"));
    // X19 three kongs: exactly three declared.
    assert!(value_of("X19", int(3), "888s1z [3333m] [5555p] [7777s]", "1z", on_discard(3)).contains(&"X19"));
    // X1 small four winds: a value of 6 adds to the wind pungs (HH8b).
    assert!(value_of("X1", int(6), "333z4z678p [111z] [222z]", "4z", on_discard(1)).contains(&"X1"));
    // X2 mixed terminals and honours: needs an honour.
    assert!(!value_of("X2", int(4), "111m999p111s999s9m", "9m", on_discard(0)).contains(&"X2"));
    // X15 jade dragon (limit): green dragon pung and bamboo only.
    assert_eq!(value_of("X15", s("limit"), "222s444s777s9s [666z]", "9s", drawn(2)), ["X15"]);
}

/// HK §19.5.3: a valued limit hand is an ordinary element that replaces its list; the
/// defaults give §10's results on the house table too.
#[test]
fn valued_limit_hands_replace_their_lists() {
    let r = hk(&[("element_values", SwitchValue::Map([("L4".to_string(), int(8))].into_iter().collect()))]).unwrap();
    let ctx = WinContext { seat_wind: 1, ..Default::default() };
    let o = r.score(&parse_hand("234m99m666z77z [555z]").unwrap(), Some(parse_tile("7z").unwrap()), &ctx).unwrap();
    let codes: Vec<(&str, u8)> = o.elements.iter().map(|e| (e.code, e.value)).collect();
    assert_eq!(codes, [("F3", 3), ("F16", 1), ("L4", 8)]);
    assert_eq!(o.value, 12);
}

/// HK §19.1 principle 1 on the house table itself: with every switch at its default it gives
/// the default table's result (score, breakdown, reading, error) on 20,000 random hands.
#[test]
fn the_house_table_at_the_defaults_is_the_default_table() {
    use crate::analysis::decompose::seeded_complete_hands;
    use crate::rules::hong_kong::scoring::house::HouseTable;
    let sw = HongKongSwitches::default();
    let mut x = 0x0BAD_5EED_0000_0039u64;
    let mut rnd = move |m: u64| -> u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let mut wins = 0;
    for (c, melds) in &seeded_complete_hands(0x0BAD_5EED_0000_0001, 20_000) {
        let flags = rnd(64);
        let ctx = WinContext {
            seat_wind: rnd(4) as u8,
            prevailing_wind: rnd(4) as u8,
            self_drawn: flags & 1 != 0,
            kong_replacement: flags & 2 != 0 && rnd(4) == 0,
            last_wall_tile: flags & 4 != 0 && rnd(4) == 0,
            robbing_kong: flags & 8 != 0 && rnd(4) == 0,
            ..Default::default()
        };
        let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
        let w = held[rnd(held.len() as u64) as usize];
        let mut h = Hand { concealed: *c, melds: melds.clone(), bonus: if rnd(2) == 0 { 0 } else { rnd(256) as u8 } };
        h.concealed[w] -= 1;
        let a = scoring::score(&HouseTable::new(&sw), &h, Some(Tile(w as u8)), &ctx); // one per hand
        let b = super::scoring::score_hk(&h, Some(Tile(w as u8)), &ctx);
        match (a, b) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{} {:?} {:?}", crate::tiles::tile::format_counts(c), melds, ctx);
                wins += usize::from(a.is_win);
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            (a, b) => panic!("{a:?} vs {b:?}"),
        }
    }
    assert!(wins > 1000, "{wins} wins");
}

/// HK §19.5.8: valuing a reading once where no placement can change an element gives what
/// valuing every placement gives (score, breakdown, reading), under the house presets and a
/// table valuing X7 and X18 too, on random complete hands taken self-drawn and on a discard;
/// the single, edge and closed waits and X18 occur, so the placements are exercised.
#[test]
fn the_placement_shortcut_scores_as_every_placement() {
    use crate::analysis::decompose::seeded_complete_hands;
    use crate::rules::hong_kong::scoring::house::HouseTable;
    use crate::rules::SwitchValue;
    let mut tables: Vec<HongKongSwitches> =
        ["hong-kong-riichi-advanced-hk", "hong-kong-mahjax-hkos-v1", "hong-kong-coach-nyc-social-v1"]
            .iter()
            .map(|n| super::house_rules_of(&Ruleset::named(n).unwrap()).unwrap())
            .collect();
    let mut every = std::collections::BTreeMap::new();
    for code in ["X7", "X10", "X11", "X12", "X18"] {
        every.insert(code.to_string(), SwitchValue::Int(1));
    }
    let r = Ruleset::hong_kong().with_switch("element_values", SwitchValue::Map(every)).unwrap();
    tables.push(super::house_rules_of(&r).unwrap());
    let mut x = 0x0BAD_5EED_0000_0058u64;
    let mut rnd = move |m: u64| -> u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let mut seen = std::collections::BTreeSet::new();
    for sw in &tables {
        for (c, melds) in &seeded_complete_hands(0x0BAD_5EED_0000_0058, 6_000) {
            let ctx = WinContext {
                seat_wind: rnd(4) as u8,
                prevailing_wind: rnd(4) as u8,
                self_drawn: rnd(2) == 0,
                ..Default::default()
            };
            let ctx = WinContext { kong_replacement: ctx.self_drawn && rnd(4) == 0, ..ctx };
            let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
            let w = held[rnd(held.len() as u64) as usize];
            let mut h = Hand { concealed: *c, melds: melds.clone(), bonus: 0 };
            h.concealed[w] -= 1;
            let a = scoring::score(&HouseTable::new(sw), &h, Some(Tile(w as u8)), &ctx);
            let b = scoring::score(&HouseTable::valuing_every_placement(sw), &h, Some(Tile(w as u8)), &ctx);
            match (a, b) {
                (Ok(a), Ok(b)) => {
                    for e in &b.elements {
                        seen.insert(e.code);
                    }
                    assert_eq!(a, b, "{} {:?} on {w} {:?}", crate::tiles::tile::format_counts(c), melds, ctx);
                }
                (Err(a), Err(b)) => assert_eq!(a, b),
                (a, b) => panic!("{a:?} vs {b:?}"),
            }
        }
    }
    for code in ["X10", "X11", "X12", "X18"] {
        assert!(seen.contains(code), "{code} never awarded: {seen:?}");
    }
}

/// HK §19.4, §19.6–§19.7, §19.11–§19.12: the deal hooks answer at the defaults exactly as
/// no house rule (nothing else is asked), and each deal switch turns its hook on.
#[test]
fn deal_hooks_follow_the_deal_switches() {
    use crate::rules::hooks::TileSet;
    use crate::rules::BonusWinKind;
    use crate::tiles::tile::Bonus;
    let d = Ruleset::hong_kong();
    let h = d.deal_setup();
    assert!(!h.has_hooks() && !h.several_winners() && h.tile_set() == TileSet::FULL);
    assert_eq!(d.bonus_tile_wins().bonus_win(&[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap(), None);
    for (k, v) in
        [("multiple_winners", "all"), ("liability", "fourth_meld"), ("false_win", "pay_four_faan"), ("pass_over", "same_kind")]
    {
        assert!(hk(&[(k, s(v))]).unwrap().deal_setup().has_hooks(), "{k}");
    }
    assert_eq!(hk(&[("tile_set", int(136))]).unwrap().deal_setup().tile_set(), TileSet::NO_BONUS);
    // HK §19.6: seven (X20) under `seven`; eight (X21, the limit) under any value but off;
    // robbing the eighth under `eight_or_rob` only
    let seven = hk(&[("flower_win", s("seven"))]).unwrap();
    let w = seven.bonus_tile_wins().bonus_win(&[0x3F, 0, 0, 0], 0, Bonus(6)).unwrap().unwrap();
    assert_eq!((w.kind, w.winner, w.discarder, w.element.code, w.element.value), (BonusWinKind::Flower, 0, None, "X20", 3));
    let eight = hk(&[("flower_win", s("eight"))]).unwrap();
    assert_eq!(eight.bonus_tile_wins().bonus_win(&[0x3F, 0, 0, 0], 0, Bonus(6)).unwrap(), None);
    let w = eight.bonus_tile_wins().bonus_win(&[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap().unwrap();
    assert_eq!((w.element.code, w.element.value), ("X21", 13));
    assert_eq!(eight.bonus_tile_wins().bonus_win(&[0, 0, 0, 0x7F], 1, Bonus(7)).unwrap(), None);
    let rob = hk(&[("flower_win", s("eight_or_rob"))]).unwrap();
    let w = rob.bonus_tile_wins().bonus_win(&[0, 0, 0, 0x7F], 1, Bonus(7)).unwrap().unwrap();
    assert_eq!((w.kind, w.winner, w.discarder, w.element.code), (BonusWinKind::FlowerRob, 3, Some(1), "X20"));
}
