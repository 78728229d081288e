//! Every worked example of the Taiwanese rules (TW §15, §18; `tests/data/taiwanese-examples.json`,
//! 53 entries) checked through the crate's public functions: hands under both Tai tables
//! (`score_tw`, `waits`), bonus-tile wins (`check_bonus_win`), settlements (`settle_deal`,
//! `win_payments`) and matches (`game::Match`); `C` and `W` where an entry states them
//! (`tw_reading`). Elements of one code compare as an unordered set
//! (TW §10a); the breakdown itself must be in ascending element number (TW §11).

use mahjong_fast::analysis::decompose::TW_SHAPES;
use mahjong_fast::game::Match;
use mahjong_fast::rules::scoring::DealProgress;
use mahjong_fast::rules::scoring::{RejectReason, WinContext};
use mahjong_fast::rules::taiwanese::scoring::{score_tw, tw_reading};
use mahjong_fast::rules::taiwanese::settle::{check_bonus_win, settle_deal, win_payments, DealerRules, PayRules};
use mahjong_fast::rules::taiwanese::switches::{MatchLength, TaiTable, TwSwitches};
use mahjong_fast::rules::{BonusWinKind, MatchOptions, WinPayment};
use mahjong_fast::tiles::tile::{parse_bonus, parse_tile};
use mahjong_fast::{analysis::waits::waits, parse_hand};
use serde_json::Value;

fn examples() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/taiwanese-examples.json");
    let text = std::fs::read_to_string(path).expect("tests/data/taiwanese-examples.json");
    serde_json::from_str::<Value>(&text).expect("JSON").as_array().expect("a list").clone()
}

fn wind(s: &str) -> usize {
    ["E", "S", "W", "N"].iter().position(|w| *w == s).unwrap_or_else(|| panic!("wind {s}"))
}

fn player(s: &str) -> usize {
    ["P0", "P1", "P2", "P3"].iter().position(|w| *w == s).unwrap_or_else(|| panic!("player {s}"))
}

fn b(v: &Value, k: &str) -> bool {
    v[k].as_bool().unwrap_or_else(|| panic!("bool {k}: {v}"))
}

fn u(v: &Value, k: &str) -> u32 {
    v[k].as_u64().unwrap_or_else(|| panic!("int {k}: {v}")) as u32
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v[k].as_str().unwrap_or_else(|| panic!("str {k}: {v}"))
}

fn switches(e: &Value) -> TwSwitches {
    let c = &e["config"];
    let mut sw = TwSwitches::default();
    if let Some(t) = e["table"].as_str() {
        sw.tai_table = TaiTable::from_name(t).unwrap();
    }
    if let Some(x) = c["min_tai"].as_u64() {
        sw.min_tai = x as u32;
    }
    if let Some(x) = c["tai_value"].as_u64() {
        sw.tai_value = x as u32;
    }
    if let Some(x) = c["high_seat_bonus_extra"].as_bool() {
        sw.high_seat_bonus_extra = x;
    }
    if let Some(x) = c["high_wind_pung_extra"].as_bool() {
        sw.high_wind_pung_extra = x;
    }
    if let Some(x) = c["match_length"].as_str() {
        sw.match_length = MatchLength::from_name(x).unwrap();
    }
    if let Some(x) = c["max_deals"].as_u64() {
        sw.max_deals = x as u32;
    }
    if let Some(x) = c["starting_score"].as_i64() {
        sw.starting_score = x;
    }
    sw.validate().unwrap();
    sw
}

/// Payments keyed by wind (or player) names, as a position-indexed array.
fn keyed(v: &Value, names: [&str; 4]) -> [i64; 4] {
    names.map(|n| v[n].as_i64().unwrap_or_else(|| panic!("payment {n}: {v}")))
}

const WINDS: [&str; 4] = ["E", "S", "W", "N"];
const PLAYERS: [&str; 4] = ["P0", "P1", "P2", "P3"];

/// `(code, name, value)` sorted: the items of one code as an unordered set.
fn element_set(v: &Value) -> Vec<(String, String, u64)> {
    let mut out: Vec<_> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| (x[0].as_str().unwrap().to_string(), x[1].as_str().unwrap().to_string(), x[2].as_u64().unwrap()))
        .collect();
    out.sort();
    out
}

fn check_hand(e: &Value) {
    let id = s(e, "id");
    let a = &e["args"];
    let sw = switches(e);
    let mut text = s(a, "before").to_string();
    for d in a["declared"].as_array().unwrap() {
        text.push(' ');
        text.push_str(d.as_str().unwrap());
    }
    text.push(' ');
    text.push_str(s(a, "bonus"));
    let hand = parse_hand(&text).unwrap_or_else(|err| panic!("{id}: {err}"));
    let seat = wind(s(a, "seat"));
    let dealer = wind(s(a, "dealer"));
    assert_eq!(dealer, 0, "{id}: the dealer is East (TW §3)");
    let ctx = WinContext {
        seat_wind: seat as u8,
        prevailing_wind: wind(s(a, "round_wind")) as u8,
        self_drawn: b(a, "self_drawn"),
        robbing_kong: b(a, "robbing_kong"),
        kong_replacement: b(a, "loose_tile"),
        last_wall_tile: b(a, "last_live_tile"),
        last_discard: b(a, "last_discard"),
        dealer_start: b(a, "dealer_start"),
        ..Default::default()
    };
    let situation = DealProgress {
        dealer_streak: u(a, "streak"),
        discards: u(a, "discards"),
        winner_discards: u(a, "winner_discards"),
        interrupted: b(a, "interrupted"),
    };
    let win_tile = a["win_tile"].as_str().map(|t| parse_tile(t).unwrap());
    let out = score_tw(&hand, win_tile, &ctx, &situation, &sw).unwrap_or_else(|err| panic!("{id}: {err}"));
    assert_eq!(out.value as u64, e["tai"].as_u64().unwrap(), "{id}: tai {:?}", out.elements);
    let got: Vec<(String, String, u64)> = {
        let mut g: Vec<_> = out.elements.iter().map(|x| (x.code.to_string(), x.name.to_string(), x.value as u64)).collect();
        g.sort();
        g
    };
    assert_eq!(got, element_set(&e["elements"]), "{id}: elements");
    let numbers: Vec<u8> = out.elements.iter().map(|x| x.number()).collect();
    assert!(numbers.windows(2).all(|w| w[0] <= w[1]), "{id}: breakdown not ascending {numbers:?}");
    let legal = b(e, "legal");
    assert_eq!(out.is_win, legal, "{id}: legal");
    match e["reason"].as_str() {
        Some(r) => assert_eq!(out.reason.map(RejectReason::code), Some(r), "{id}"),
        None => assert_eq!(out.reason, None, "{id}"),
    }
    if let Some(w) = e["waits"].as_array() {
        let got: Vec<String> = waits(&hand.concealed, &hand.melds, &TW_SHAPES).unwrap().iter().map(|t| t.to_string()).collect();
        let want: Vec<String> = w.iter().map(|x| x.as_str().unwrap().to_string()).collect();
        assert_eq!(got, want, "{id}: waits");
    }
    // `C` and `W` of the reported reading (TW §10).
    let interp = out.interpretation.as_ref().unwrap_or_else(|| panic!("{id}: no reading"));
    let reading = tw_reading(&hand, win_tile, &ctx, &situation, &sw, interp).unwrap().unwrap_or_else(|| panic!("{id}"));
    if let Some(c) = e["C"].as_u64() {
        assert_eq!(reading.concealed_pungs as u64, c, "{id}: C");
    }
    if let Some(w) = e["waits"].as_array() {
        let got: Vec<String> = reading.waits.unwrap().iter().map(|t| t.to_string()).collect();
        let want: Vec<String> = w.iter().map(|x| x.as_str().unwrap().to_string()).collect();
        assert_eq!(got, want, "{id}: W of the reading");
    }
    // T3's self-drawn variants state no payments.
    if !e["payments"].is_object() {
        return;
    }
    let expect = keyed(&e["payments"], WINDS);
    let paid = if out.is_win {
        let win = WinPayment {
            winner: seat,
            value: out.value as u32,
            self_drawn: ctx.self_drawn || ctx.dealer_start,
            discarder: a["discarder"].as_str().map(wind),
        };
        win_payments(&win, dealer, situation.dealer_streak, &PayRules::plain(sw.tai_value)).unwrap()
    } else {
        [0; 4]
    };
    assert_eq!(paid, expect, "{id}: payments");
}

fn check_bonus(e: &Value) {
    let id = s(e, "id");
    let a = &e["args"];
    let sw = switches(e);
    let winner = wind(s(a, "seat"));
    let mut exposed = [0u8; 4];
    for t in s(a, "bonus").split_whitespace() {
        exposed[winner] |= 1 << parse_bonus(t).unwrap().0;
    }
    let kind = match s(a, "bonus_win") {
        "all_eight" => BonusWinKind::AllEight,
        "rob_eighth" => BonusWinKind::RobEighth,
        k => panic!("{id}: {k}"),
    };
    let exposer = a["discarder"].as_str().map(wind).unwrap_or(winner);
    let tile = parse_bonus(s(a, "win_tile")).unwrap();
    let w = check_bonus_win(sw.tai_table, &exposed, exposer, tile).unwrap().unwrap_or_else(|| panic!("{id}: no win"));
    assert_eq!((w.kind, w.winner), (kind, winner), "{id}");
    assert_eq!(w.as_payment().self_drawn, b(a, "self_drawn"), "{id}");
    let els = e["elements"].as_array().unwrap();
    assert_eq!(els.len(), 1, "{id}");
    assert_eq!(
        (w.element.code, w.element.name, w.element.value as u64),
        (els[0][0].as_str().unwrap(), els[0][1].as_str().unwrap(), els[0][2].as_u64().unwrap()),
        "{id}"
    );
    assert_eq!(w.element.value as u64, e["tai"].as_u64().unwrap(), "{id}");
    assert!(b(e, "legal"));
    let paid = win_payments(&w.as_payment(), wind(s(a, "dealer")), u(a, "streak"), &PayRules::plain(sw.tai_value)).unwrap();
    assert_eq!(paid, keyed(&e["payments"], WINDS), "{id}: payments");
}

fn check_settlement(e: &Value) {
    let id = s(e, "id");
    let a = &e["args"];
    let wins: Vec<WinPayment> = a["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| WinPayment {
            winner: wind(s(w, "seat")),
            value: u(w, "tai"),
            self_drawn: b(w, "self_drawn"),
            discarder: w["discarder"].as_str().map(wind),
        })
        .collect();
    let tai_value = u(&e["config"], "tai_value");
    let r = settle_deal(&wins, wind(s(a, "dealer")), u(a, "streak"), &PayRules::plain(tai_value), &DealerRules::PLAIN).unwrap();
    assert_eq!(r.payments, keyed(&e["payments"], WINDS), "{id}");
    if let Some(d) = e["dealer_after"].as_str() {
        assert_eq!(r.dealer_after, wind(d), "{id}");
    }
    if e["streak_after"].is_u64() {
        assert_eq!(r.streak_after, u(e, "streak_after"), "{id}");
    }
}

fn check_match(e: &Value) {
    let id = s(e, "id");
    let a = &e["args"];
    let sw = switches(e);
    let first = MatchOptions { first_dealer: Some(player(s(a, "first_dealer")) as u8), ..MatchOptions::default() };
    let mut m = Match::new(&mahjong_fast::rules::taiwanese::ruleset(sw).unwrap(), first).unwrap();
    let deals = a["deals"].as_array().unwrap();
    let expect = e["deals"].as_array().unwrap();
    assert_eq!(deals.len(), expect.len());
    for (j, (d, x)) in deals.iter().zip(expect).enumerate() {
        assert!(!m.is_over(), "{id}: over before deal {j}");
        let wins: Vec<WinPayment> = d["wins"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| WinPayment {
                winner: player(s(w, "player")),
                value: u(w, "tai"),
                self_drawn: b(w, "self_drawn"),
                discarder: w["discarder"].as_str().map(player),
            })
            .collect();
        let rec = m.play_deal(&wins).unwrap();
        let seats = PLAYERS.map(|p| wind(s(&x["seats"], p)) as u8);
        assert_eq!(rec.seat_winds, seats, "{id} deal {j}: seats");
        assert_eq!(rec.round_wind as usize, wind(s(x, "round_wind")), "{id} deal {j}: round wind");
        assert_eq!(rec.streak, u(x, "streak"), "{id} deal {j}: streak");
        if x["payments"].is_object() {
            assert_eq!(rec.settlement.payments, keyed(&x["payments"], PLAYERS), "{id} deal {j}: payments");
        }
        assert_eq!(rec.settlement.dealer_after, player(s(x, "dealer_after")), "{id} deal {j}");
        assert_eq!(rec.settlement.streak_after, u(x, "streak_after"), "{id} deal {j}");
        assert_eq!(rec.passes_after, u(x, "passes_after"), "{id} deal {j}");
    }
    let end = &e["match_end"];
    assert_eq!(m.is_over(), b(end, "over"), "{id}: over");
    assert_eq!(m.dealer() as usize, player(s(end, "dealer")), "{id}");
    assert_eq!(m.streak(), u(end, "streak"), "{id}");
    assert_eq!(m.passes(), u(end, "passes"), "{id}");
    if let Some(r) = end["round_wind"].as_str() {
        assert_eq!(m.round_wind() as usize, wind(r), "{id}: round wind");
    }
    assert_eq!(m.scores().iter().sum::<i64>(), 4 * sw.starting_score, "{id}: zero-sum");
    if m.is_over() {
        assert!(m.play_deal(&[]).is_err(), "{id}: a deal after the end");
    }
}

#[test]
fn all_53_worked_examples() {
    let all = examples();
    assert_eq!(all.len(), 53);
    let mut seen = std::collections::BTreeMap::new();
    for e in &all {
        let kind = s(e, "kind");
        match kind {
            "hand" => check_hand(e),
            "bonus_win" => check_bonus(e),
            "settlement" => check_settlement(e),
            "match" => check_match(e),
            k => panic!("unknown kind {k}"),
        }
        *seen.entry(kind.to_string()).or_insert(0) += 1;
    }
    let counts: Vec<(String, i32)> = seen.into_iter().collect();
    assert_eq!(counts, vec![("bonus_win".into(), 6), ("hand".into(), 42), ("match".into(), 2), ("settlement".into(), 3)]);
}
