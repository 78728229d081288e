use super::*;
use crate::rules::scoring::RejectReason;
use crate::tiles::hand::hand;
use crate::tiles::tile::parse_tile;

fn t(s: &str) -> Option<Tile> {
    Some(parse_tile(s).unwrap())
}

fn run(h: &str, w: Option<Tile>, ctx: WinContext, sit: DealProgress, sw: &TwSwitches) -> Result<ScoreOutcome> {
    score_tw(&hand(h), w, &ctx, &sit, sw)
}

fn south() -> WinContext {
    WinContext { seat_wind: 1, ..Default::default() }
}

#[test]
fn impossible_situations_are_invalid_hand() {
    let sw = TwSwitches::default();
    let plain = "123m456m234p678p11z67s";
    let mid = DealProgress::default();
    let cases: Vec<(&str, Option<Tile>, WinContext, DealProgress)> = vec![
        (plain, t("8s"), south(), DealProgress { winner_discards: 21, ..mid }),
        (plain, t("8s"), south(), DealProgress { discards: 0, winner_discards: 0, ..mid }),
        (plain, t("8s"), south(), DealProgress { discards: 5, winner_discards: 5, ..mid }),
        (plain, t("8s"), WinContext { seat_wind: 0, ..Default::default() }, DealProgress { winner_discards: 0, ..mid }),
        (
            plain,
            t("8s"),
            WinContext { seat_wind: 0, self_drawn: true, ..Default::default() },
            DealProgress { discards: 0, winner_discards: 0, ..mid },
        ),
        (plain, t("8s"), WinContext { robbing_kong: true, ..south() }, DealProgress { interrupted: false, ..mid }),
        ("123m456m234p11z67s chow[678p]", t("8s"), south(), DealProgress { interrupted: false, ..mid }),
        (plain, t("8s"), WinContext { self_drawn: true, kong_replacement: true, ..south() }, mid),
        ("123m456m234p678p11z67s 1f 2f 3f 4f 5f 6f 7f 8f", t("8s"), south(), mid),
        (
            "123m456m234p678p11z678s",
            None,
            WinContext { seat_wind: 0, dealer_start: true, self_drawn: true, ..Default::default() },
            DealProgress { discards: 1, winner_discards: 1, interrupted: false, ..mid },
        ),
        ("123m456m234p678p11z6s", t("8s"), south(), mid),
    ];
    for (h, w, ctx, sit) in cases {
        let r = run(h, w, ctx, sit, &sw);
        assert!(matches!(r, Err(MahjongError::InvalidHand { .. })), "{h} {ctx:?} {sit:?}: {r:?}");
    }
    // Switches are checked first.
    let bad = TwSwitches { tai_value: 0, ..TwSwitches::default() };
    assert!(run(plain, t("8s"), south(), mid, &bad).is_err_and(|e| e.is_rule_config()));
}

/// TW §10a, the order of a deal ([`check_tw_situation`]): impossible orders refused, the
/// possible ones beside them scored.
#[test]
fn the_order_of_a_deal() {
    let sw = TwSwitches::default();
    let plain = "123m456m234p678p11z67s";
    let at = |d, w, i| DealProgress { dealer_streak: 0, discards: d, winner_discards: w, interrupted: i };
    let north_drawn = WinContext { seat_wind: 3, self_drawn: true, ..Default::default() };
    // uninterrupted: North's turns come after discards 3, 7, 11, ...
    for (d, w, ok) in [(1, 0, false), (9, 0, false), (9, 2, false), (3, 0, true), (11, 2, true), (11, 0, false)] {
        assert_eq!(run(plain, t("8s"), north_drawn, at(d, w, false), &sw).is_ok(), ok, "D={d} w={w}");
    }
    assert_eq!(uninterrupted_own_discards(9, 3), 2);
    assert_eq!(uninterrupted_own_discards(3, 3), 0);
    assert_eq!(uninterrupted_own_discards(4, 0), 1);
    // TW §18 T8: two claims, two own discards and the winning discard need D >= 5
    let t8 = "678p234s45s11p pung[777z] chow[345m]";
    let west = WinContext { seat_wind: 2, ..Default::default() };
    assert!(run(t8, t("6s"), west, at(3, 2, true), &sw).is_err());
    assert!(run(t8, t("6s"), west, at(5, 2, true), &sw).is_ok());
    assert!(run(t8, t("6s"), west, at(14, 1, true), &sw).is_err());
    // the discarder of an uninterrupted deal is the seat of the last discard
    let h = hand("123m456m789s234p67p55z");
    let south = WinContext { seat_wind: 1, ..Default::default() };
    assert!(check_tw_situation(&south, &h, &at(3, 1, false), Some(2)).is_ok());
    assert!(check_tw_situation(&south, &h, &at(3, 1, false), Some(3)).is_err());
    assert!(check_tw_situation(&south, &h, &at(3, 1, true), Some(3)).is_ok());
    // the dealer before any discard: a concealed kong's loose tile only
    let loose = WinContext { self_drawn: true, kong_replacement: true, ..Default::default() };
    assert!(run("123m456m789m123p7s ckong[5555z]", t("7s"), loose, at(0, 0, true), &sw).is_ok());
    assert!(run("123m456m789m123p7s kong[5555z]", t("7s"), loose, at(0, 0, true), &sw).is_err());
    // robbing a kong: the declarer's pung claim, its discard after it and its turn after the
    // last discard (rule 8)
    let rob = WinContext { seat_wind: 1, robbing_kong: true, ..Default::default() };
    for d in [1, 2] {
        assert!(run("123m456m789m123p12s99s", t("3s"), rob, at(d, 0, true), &sw).is_err());
    }
    assert!(run("123m456m789m123p12s99s", t("3s"), rob, at(3, 0, true), &sw).is_ok());
    assert!(run("123m456m789m123p12s99s", t("3s"), rob, at(3, 2, true), &sw).is_err());
    // the dealer as the declarer: its pung discard comes third at the earliest
    let h = hand("123m456m789m123p12s99s");
    assert!(check_tw_situation(&rob, &h, &at(3, 0, true), Some(0)).is_err());
    assert!(check_tw_situation(&rob, &h, &at(4, 0, true), Some(0)).is_ok());
    // whose turn follows a discard: South's draw cannot follow discard 2 (East made the first)
    let south_drawn = WinContext { seat_wind: 1, self_drawn: true, ..Default::default() };
    assert!(run(plain, t("8s"), south_drawn, at(2, 0, true), &sw).is_err());
    assert!(run(plain, t("8s"), south_drawn, at(3, 0, true), &sw).is_ok());
    // an added kong needs a turn of its own after its pung's: not with one own discard
    let added = "123m456m789m123p7s addkong[5555z]";
    assert!(run(added, t("7s"), south, at(9, 1, true), &sw).is_err());
    assert!(run(added, t("7s"), south, at(9, 2, true), &sw).is_ok());
    // the wall: the last live tile after 30 discards is too early, and 1000 discards too many
    let last = WinContext { last_wall_tile: true, ..south_drawn };
    assert!(run(plain, t("8s"), last, at(30, 7, true), &sw).is_err());
    assert!(run(plain, t("8s"), last, at(60, 15, true), &sw).is_ok());
    assert!(run(plain, t("8s"), south_drawn, at(1000, 5, true), &sw).is_err());
    // the heavenly blessing
    let start = WinContext { self_drawn: true, dealer_start: true, ..Default::default() };
    assert!(run("123m456m234p678p11z678s", None, start, DealProgress::START_OF_PLAY, &sw).is_ok());
}

#[test]
fn results_not_errors() {
    let sw = TwSwitches::default();
    let mid = DealProgress::default();
    let r = run("123m456m234p678p11z67s", t("1m"), south(), mid, &sw).unwrap();
    assert_eq!((r.is_win, r.reason, r.value), (false, Some(RejectReason::NotAWinningHand), 0));
    // The minimum decides legality only: 0 admits every shape.
    let low = |m| TwSwitches { min_tai: m, ..TwSwitches::with_table(TaiTable::Low) };
    let r = run("123m456m234p678p11z67s", t("8s"), south(), mid, &low(0)).unwrap();
    assert!(r.is_win && r.value == 2, "{r:?}");
    let r = run("123m456m234p678p11z67s", t("8s"), south(), mid, &low(3)).unwrap();
    assert_eq!((r.is_win, r.reason), (false, Some(RejectReason::BelowMinimum)));
    let r = run("123m456m234p678p11z67s", t("8s"), south(), mid, &TwSwitches { min_tai: 255, ..sw }).unwrap();
    assert!(!r.is_win);
    // Above the largest minimum the switch table takes (MAX_MIN_TAI) is a configuration error
    // naming the switch, as for a ruleset built with it.
    let e = run("123m456m234p678p11z67s", t("8s"), south(), mid, &TwSwitches { min_tai: 1000, ..sw }).unwrap_err();
    assert_eq!(e.switch_name(), Some("min_tai"));
}

/// TW §11 step 3: with equal Tai the reading whose sorted element numbers are smaller is
/// reported: the 5s completing the pair (H42) rather than the middle of 456s (H43).
#[test]
fn tie_goes_to_the_smaller_element_numbers() {
    let r = run("123m456m234p789p4556s", t("5s"), south(), DealProgress::default(), &TwSwitches::default()).unwrap();
    let codes: Vec<&str> = r.elements.iter().map(|e| e.code).collect();
    assert!(codes.contains(&"H42") && !codes.contains(&"H43"), "{codes:?}");
    assert!(matches!(r.interpretation, Some(Interpretation::Standard { pair, .. }) if pair == Tile(22)));
    let h = hand("123m456m234p789p4556s");
    let (sit, sw) = (DealProgress::default(), TwSwitches::default());
    let info = tw_reading(&h, t("5s"), &south(), &sit, &sw, r.interpretation.as_ref().unwrap()).unwrap().unwrap();
    assert_eq!(info, TwReading { concealed_pungs: 0, role: Role::Pair, waits: Some(vec![Tile(22)]) });
    // An interpretation of another hand has no reading here.
    let other = Interpretation::Standard { sets: vec![], pair: Tile(0) };
    assert_eq!(tw_reading(&h, t("5s"), &south(), &sit, &sw, &other).unwrap(), None);
}

/// Four equal concealed tiles are never two pairs of eight and a half pairs, and may be
/// split in the standard shape (TW §10a).
#[test]
fn four_equal_tiles() {
    let sw = TwSwitches::default();
    let selfd = WinContext { self_drawn: true, ..south() };
    let r = run("1111m22m44m55m77m1z555z", t("1z"), selfd, DealProgress::default(), &sw).unwrap();
    assert_eq!(r.reason, Some(RejectReason::NotAWinningHand));
    // 1111m as a pung and a chow.
    let r = run("1111m23m456p789p11z67s", t("8s"), south(), DealProgress::default(), &sw).unwrap();
    assert!(r.interpretation.is_some());
}

/// TW §20.5.8 rule 2: a hand holding all eight bonus tiles is scored where a deal can reach it
/// (after a declined or below-minimum all-eight win) with its ordinary bonus-tile elements;
/// only `forced_standalone` with the high and low tables refuses it (§7's win came first).
#[test]
fn a_hand_holding_all_eight_is_scored_where_a_deal_reaches_it() {
    use crate::rules::taiwanese::switches::{EightBonusMode, TaiTable};
    let h = "123m456m234p678p11z67s 1f 2f 3f 4f 5f 6f 7f 8f";
    let mid = DealProgress { discards: 9, winner_discards: 2, interrupted: true, ..DealProgress::default() };
    let forced_high = TwSwitches { min_tai: 0, ..TwSwitches::default() };
    assert!(matches!(run(h, t("8s"), south(), mid, &forced_high), Err(MahjongError::InvalidHand { .. })));
    let optional = TwSwitches { eight_bonus_mode: EightBonusMode::OptionalStandalone, ..forced_high };
    let r = run(h, t("8s"), south(), mid, &optional).unwrap();
    let codes: Vec<&str> = r.elements.iter().map(|e| e.code).collect();
    assert!(r.is_win && codes.contains(&"H03") && !codes.contains(&"H32"), "{codes:?}");
    let forced_sml = TwSwitches { min_tai: 0, ..TwSwitches::with_table(TaiTable::Sml) };
    let r = run(h, t("8s"), south(), mid, &forced_sml).unwrap();
    let codes: Vec<&str> = r.elements.iter().map(|e| e.code).collect();
    assert!(r.is_win && codes.contains(&"C13") && !codes.contains(&"C34"), "{codes:?}");
}
