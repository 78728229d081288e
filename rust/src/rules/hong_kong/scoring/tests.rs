use super::score_hk;
use super::*;
use crate::analysis::decompose::Interpretation;
use crate::error::MahjongError;
use crate::rules::scoring::{RejectReason, WinContext};
use crate::rules::{Ruleset, WinPayment};
use crate::tiles::hand::{hand, parse_hand};
use crate::tiles::tile::parse_tile;

/// HK §15: every worked example of `tests/data/hong-kong-examples.json` (the `E…` entries;
/// the §18 switch examples `V…` are `tests.rs`'s), read from the file the Python tests read,
/// so that one copy of the examples is the specification for both.
#[test]
fn worked_examples_of_section_15() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hong-kong-examples.json");
    let text = std::fs::read_to_string(path).expect("tests/data/hong-kong-examples.json");
    let all: serde_json::Value = serde_json::from_str(&text).expect("the examples are JSON");
    let wind = |v: &serde_json::Value| "ESWN".find(v.as_str().expect("a wind letter")).expect("E, S, W or N");
    let mut seen = 0;
    for ex in all.as_array().expect("a list of examples") {
        let id = ex["id"].as_str().expect("an id");
        if !id.starts_with('E') {
            continue;
        }
        let a = &ex["args"];
        let flag = |k: &str| a.get(k).and_then(serde_json::Value::as_bool).unwrap_or(false);
        let mut text = a["before"].as_str().expect("before").to_string();
        for d in a["declared"].as_array().expect("declared") {
            text = format!("{text} {}", d.as_str().expect("a declared set"));
        }
        if let Some(b) = a.get("bonus") {
            text = format!("{text} {}", b.as_str().expect("bonus tiles"));
        }
        let seat = wind(&a["seat"]);
        let self_drawn = flag("self_drawn");
        let ctx = WinContext {
            seat_wind: seat as u8,
            prevailing_wind: 0,
            self_drawn,
            robbing_kong: flag("robbing_kong"),
            kong_replacement: flag("kong_replacement"),
            last_wall_tile: flag("last_wall_tile"),
            last_discard: flag("last_discard"),
            dealer_start: flag("dealer_start"),
            ..Default::default()
        };
        let win = a["win_tile"].as_str().map(|w| parse_tile(w).unwrap()); // null: E28, a blessing
        let s = score_hk(&hand(&text), win, &ctx).unwrap_or_else(|err| panic!("{id}: {err}"));

        let want: Vec<(String, u8)> = ex["elements"]
            .as_array()
            .expect("elements")
            .iter()
            .map(|e| (e[0].as_str().unwrap().to_string(), e[1].as_u64().unwrap() as u8))
            .collect();
        let got: Vec<(String, u8)> = s.elements.iter().map(|x| (x.code.to_string(), x.value)).collect();
        assert_eq!(got, want, "{id} elements");
        let value = ex["faan"].as_u64().expect("faan") as u8;
        assert_eq!(s.value, value, "{id} faan");
        let sum: u8 = want.iter().map(|e| e.1).sum();
        let raw = ex.get("raw").map_or(value.max(sum), |r| r.as_u64().unwrap() as u8);
        assert_eq!(s.raw_value, raw, "{id} raw");
        let legal = ex.get("legal").and_then(serde_json::Value::as_bool).unwrap_or(true);
        assert_eq!(s.is_win, legal, "{id} legal");
        assert_eq!(s.reason.map(RejectReason::code), ex.get("reason").and_then(serde_json::Value::as_str), "{id}");
        let is_limit = want.len() == 1 && want[0].0.starts_with('L');
        assert_eq!(s.limit, is_limit.then(|| want[0].0.as_str()), "{id} limit");
        assert!(s.interpretation.is_some(), "{id} reading");

        let discarder = a.get("discarder").map(wind);
        // through the product path: the ruleset's payments at the default switches (HK §11)
        let win = WinPayment { winner: seat, value: s.value.into(), self_drawn, discarder };
        let pay = if s.is_win { Ruleset::hong_kong().win_payments(&win, 0, 0).unwrap() } else { [0; 4] };
        let want_pay: Vec<i64> = "ESWN".chars().map(|w| ex["payments"][w.to_string()].as_i64().unwrap()).collect();
        assert_eq!(pay.to_vec(), want_pay, "{id} payments");
        seen += 1;
    }
    assert_eq!(seen, 34, "every E example of §15 is checked (E1-E31, E22a/b, E27 twice, E29-earlier)");
}

fn ctx(seat: u8, self_drawn: bool) -> WinContext {
    WinContext { seat_wind: seat, self_drawn, ..Default::default() }
}
fn sc(h: &str, w: &str, c: &WinContext) -> crate::rules::scoring::ScoreOutcome {
    score_hk(&hand(h), Some(parse_tile(w).unwrap()), c).unwrap()
}
fn codes(s: &crate::rules::scoring::ScoreOutcome) -> Vec<&'static str> {
    s.elements.iter().map(|e| e.code).collect()
}

#[test]
fn e3_chooses_chow_reading_and_reports_it() {
    let s = sc("111222333m789p5s", "5s", &ctx(2, false));
    match s.interpretation.unwrap() {
        Interpretation::Standard { sets, .. } => assert!(sets.iter().all(|x| !x.is_pung())),
        other => panic!("{other:?}"),
    }
}

#[test]
fn not_a_winning_hand() {
    let s = sc("123m456m789p234s5s", "6s", &ctx(1, true));
    assert!(!s.is_win);
    assert_eq!(s.reason, Some(RejectReason::NotAWinningHand));
    assert_eq!((s.value, s.raw_value), (0, 0));
    assert!(s.elements.is_empty() && s.interpretation.is_none() && s.limit.is_none());
    assert_eq!(RejectReason::NotAWinningHand.code(), "NOT_A_WINNING_HAND");
    assert_eq!(RejectReason::BelowMinimum.code(), "BELOW_MINIMUM");
    // Honour quad is not pung + pair: 1111z + 123m456m789m is no winning hand.
    let s = sc("1111z123456789m", "9m", &ctx(1, true));
    assert_eq!(s.reason, Some(RejectReason::NotAWinningHand));
    // Four equal tiles are never two pairs of seven pairs.
    let s = sc("1122m3344p55s666z", "6z", &ctx(1, true));
    assert_eq!(s.reason, Some(RejectReason::NotAWinningHand));
}

#[test]
fn four_concealed_tiles_split_in_standard() {
    // 1111m used as 11m + 123m? no: 111m + 123m here, concealed, self-drawn.
    let s = sc("111123m456p789s5z", "5z", &ctx(1, true));
    assert!(s.reason.is_none(), "{s:?}");
    assert_eq!(codes(&s), vec!["F10", "F11", "F16"]);
    // A pair out of four equal tiles with two runs: 11m 123m 123m.
    let s = sc("11112233m456p78s", "9s", &ctx(1, true));
    assert_eq!(codes(&s), vec!["F1", "F10", "F11", "F16"]);
}

#[test]
fn thirteen_orphans_every_wait_and_self_drawn() {
    for w in ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"] {
        let s = sc("19m19p19s1234567z", w, &ctx(0, true));
        assert_eq!(codes(&s), vec!["L1"]);
        assert_eq!((s.value, s.raw_value, s.limit), (13, 13, Some("L1")));
        assert_eq!(s.interpretation, Some(Interpretation::ThirteenOrphans { pair: parse_tile(w).unwrap() }));
    }
    let s = sc("19m19p19s1234566z", "6z", &ctx(0, true));
    assert_eq!(s.reason, Some(RejectReason::NotAWinningHand));
}

#[test]
fn nine_gates_strict() {
    for w in ["1s", "2s", "5s", "9s"] {
        assert_eq!(codes(&sc("1112345678999s", w, &ctx(1, false))), vec!["L7"]);
    }
    // E9 look-alike on a discard and self-drawn: not L7.
    let s = sc("1123455678999s", "1s", &ctx(1, true));
    assert_eq!(codes(&s), vec!["F4", "F10", "F11", "F16"]);
    // Dealer's start: 14 tiles = 1112345678999 + one more of the suit.
    let dctx = WinContext { dealer_start: true, self_drawn: true, ..Default::default() };
    let s = score_hk(&hand("11123455678999s"), None, &dctx).unwrap();
    assert_eq!(codes(&s), vec!["L7"]);
    let s = score_hk(&hand("11112345678999m"), None, &dctx).unwrap();
    assert_eq!(codes(&s), vec!["L7"]);
    // Nine gates shape but with a declared set: not L7.
    let s = sc("1112345678s [999s]", "9s", &ctx(1, true));
    assert!(!codes(&s).contains(&"L7"));
}

#[test]
fn dragons_winds_bonus() {
    // Three dragon pungs with a claimed one -> L4 even with other stuff.
    let s = sc("555z666z777z1m [999p]", "1m", &ctx(1, false));
    assert_eq!(codes(&s), vec!["L4"]);
    // Great four winds beats four pungs; L5 on discard.
    let s = sc("111z222z333z5p [444z]", "5p", &ctx(1, false));
    assert_eq!(codes(&s), vec!["L5"]);
    // With an honour pair L2 (all honours) comes first in L1..L8 order.
    let s = sc("111z222z333z5z [444z]", "5z", &ctx(1, false));
    assert_eq!(codes(&s), vec!["L2"]);
    // South seat, South pung: F8 only; prevailing North pung for seat North: F8 + F9.
    let s = sc("222z123m456m789m5p", "5p", &ctx(1, true));
    assert_eq!(codes(&s), vec!["F8", "F10", "F11", "F16"]);
    let c = WinContext { seat_wind: 3, prevailing_wind: 3, self_drawn: true, ..Default::default() };
    let s = sc("444z123m456m789m5p", "5p", &c);
    assert_eq!(codes(&s), vec!["F8", "F9", "F10", "F11", "F16"]);
    // Two seasons, own season only: F18; all four seasons + own flower: F17 + F20.
    let s = sc("123m456m789m123p5p 6f 7f", "5p", &ctx(1, true));
    assert_eq!(codes(&s), vec!["F1", "F10", "F11", "F18"]);
    let s = sc("123m456m789m123p5p 2f 5f 6f 7f 8f", "5p", &ctx(1, true));
    assert_eq!(codes(&s), vec!["F1", "F10", "F11", "F17", "F20"]);
}

#[test]
fn four_concealed_pungs_with_ckong_and_claimed() {
    // Self-drawn with a concealed kong: L8.
    let s = sc("222m444p666s3z (8888s)", "3z", &ctx(1, true));
    assert_eq!(codes(&s), vec!["L8"]);
    // With an exposed pung: not L8.
    let s = sc("222m444p666s3z [888s]", "3z", &ctx(1, true));
    assert_eq!(codes(&s), vec!["F2", "F11", "F16"]);
    // Kong replacement win.
    let c = WinContext { seat_wind: 1, self_drawn: true, kong_replacement: true, ..Default::default() };
    let s = sc("222m444p666s3z (8888s)", "3z", &c);
    assert_eq!(codes(&s), vec!["L8"]);
}

#[test]
fn impossible_situations_are_errors() {
    let h = hand("123m456m789p234s5s");
    let w = Some(parse_tile("5s").unwrap());
    let err = |h: &crate::tiles::hand::Hand, w, c: WinContext| {
        assert!(matches!(score_hk(h, w, &c), Err(MahjongError::InvalidHand { .. })), "{c:?}");
    };
    // Wrong sizes.
    err(&hand("123m456m789p234s"), w, ctx(1, true));
    err(&hand("123m456m789p234s55s"), w, ctx(1, true));
    // Fifth copy with the winning tile.
    err(&hand("123m456m789p2345s [555s]"), w, ctx(1, true));
    err(&hand("123m456m789p5555s"), w, ctx(1, true));
    // Robbed tile the winner holds.
    err(
        &hand("234m567m789s678p99s"),
        Some(parse_tile("8p").unwrap()),
        WinContext { seat_wind: 2, robbing_kong: true, ..Default::default() },
    );
    // Robbing while self-drawn; last discard while self-drawn.
    err(&h, w, WinContext { self_drawn: true, robbing_kong: true, ..Default::default() });
    err(&h, w, WinContext { self_drawn: true, last_discard: true, ..Default::default() });
    // Kong replacement without a kong, or not self-drawn.
    err(&h, w, WinContext { self_drawn: true, kong_replacement: true, ..Default::default() });
    err(
        &hand("123s456s78s99s (4444z)"),
        Some(parse_tile("9s").unwrap()),
        WinContext { kong_replacement: true, ..Default::default() },
    );
    // Last wall tile on a discard.
    err(&h, w, WinContext { last_wall_tile: true, ..Default::default() });
    // Dealer start: with a winning tile, with declared sets, and a winning tile missing.
    err(&hand("123m456m789m22m666z"), w, WinContext { dealer_start: true, self_drawn: true, ..Default::default() });
    err(&hand("123m456m789m22m [666z]"), None, WinContext { dealer_start: true, self_drawn: true, ..Default::default() });
    err(&h, None, ctx(1, true));
    // Bad winds.
    err(&h, w, ctx(4, true));
    err(&h, w, WinContext { prevailing_wind: 9, ..Default::default() });
    // Malformed meld built by hand.
    let mut bad = hand("123m456m789p5s");
    bad.melds.push(crate::tiles::hand::Meld { kind: crate::tiles::hand::MeldKind::Chow, tile: Tile(8) });
    err(&bad, w, ctx(1, true));
    let mut bad = hand("123m456m789p5s");
    bad.melds.push(crate::tiles::hand::Meld { kind: crate::tiles::hand::MeldKind::Pung, tile: Tile(99) });
    err(&bad, w, ctx(1, true));
    err(&h, Some(Tile(34)), ctx(1, true));
}

#[test]
fn random_hands_never_panic_and_agree_with_shape() {
    use crate::analysis::decompose::{is_complete, HK_SHAPES};
    use crate::analysis::shanten::tests::{random_hand, XorShift};
    let mut rng = XorShift(0x5EED_0F5C_0B1E_0001);
    for i in 0..4000 {
        let n_melds = [0, 0, 1, 2, 3][i % 5];
        let (c, melds) = random_hand(&mut rng, n_melds, 13 - 3 * n_melds, true);
        let mut h = crate::tiles::hand::Hand { concealed: c, melds, bonus: (rng.next() & 0xFF) as u8 };
        if i % 3 == 0 {
            h.bonus = 0;
        }
        let w = Tile(rng.below(34) as u8);
        let c = WinContext { seat_wind: (rng.below(4)) as u8, self_drawn: rng.below(2) == 0, ..Default::default() };
        match score_hk(&h, Some(w), &c) {
            Ok(s) => {
                let mut cc = h.concealed;
                cc[w.index()] += 1;
                let complete = is_complete(&cc, h.melds.len(), &HK_SHAPES);
                assert_eq!(s.reason != Some(RejectReason::NotAWinningHand), complete);
                if complete {
                    assert!(s.value <= 13);
                    assert_eq!(s.is_win, s.value >= 3);
                    let nums: Vec<u8> = s.elements.iter().map(|e| e.number()).collect();
                    let mut sorted = nums.clone();
                    sorted.sort();
                    assert_eq!(nums, sorted);
                    if s.limit.is_some() {
                        assert_eq!(s.elements.len(), 1);
                        assert_eq!((s.value, s.raw_value), (13, 13));
                    } else {
                        let sum: u8 = s.elements.iter().map(|e| e.value).sum();
                        assert_eq!((sum, s.value), (s.raw_value, sum.min(13)));
                    }
                }
            }
            Err(_) => {
                // Only a fifth copy can be wrong here.
                let held = h.all_counts();
                assert!(held[w.index()] >= 4);
            }
        }
    }
    let _ = parse_hand("1m");
}
