//! Every Tai element of both Taiwanese tables (TW §12.1, §13.1) exercised by at least one
//! positive and one negative case through the public scorer, each negative a near miss of a
//! positive (one condition changed), plus the bonus-tile wins (TW §7). The test fails if an
//! element of either table lacks a positive or a negative case.

use std::collections::BTreeSet;

use mahjong_fast::parse_hand;
use mahjong_fast::rules::scoring::DealProgress;
use mahjong_fast::rules::scoring::{Element, WinContext};
use mahjong_fast::rules::taiwanese::scoring::score_tw;
use mahjong_fast::rules::taiwanese::settle::check_bonus_win;
use mahjong_fast::rules::taiwanese::switches::{TaiTable, TwSwitches};
use mahjong_fast::rules::taiwanese::{high as tw_high, low as tw_low};
use mahjong_fast::tiles::tile::{parse_tile, Bonus};

/// One hand scored under both tables. `opts`: `self`, `rob`, `loose`, `last`, `start`,
/// `clean` (not interrupted), `seat=N`, `round=N`, `D=n`, `wd=n`, `seatx`, `windx` (the high
/// options). Defaults: South (1) wins on a discard, round East, `D` = 20, five own
/// discards, interrupted. `has`/`not` list element codes (`CODE=v` also checks the value).
struct Case {
    hand: &'static str,
    win: &'static str,
    opts: &'static str,
    high_has: &'static str,
    high_not: &'static str,
    low_has: &'static str,
    low_not: &'static str,
}

const CASES: &[Case] = &[
    // Plain concealed hand on a discard, honour pair, five chows, two-kind wait.
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "",
        high_has: "H01 H08 H13 H40",
        high_not: "H02 H03 H06 H07 H11 H12 H23 H31 H41 H42 H43 H35 H36 H21 H26 H17",
        low_has: "L05 L06",
        low_not: "L01 L04 L07 L08 L11 L19 L35 L31 L32",
    },
    // No honours, a bonus tile that is not South's.
    Case {
        hand: "123m456m234p678p55s67s 3f",
        win: "8s",
        opts: "",
        high_has: "H02 H03=1 H13",
        high_not: "H01 H11 H23",
        low_has: "L04 L19",
        low_not: "L05 L16",
    },
    // No honours, no bonus: H11 and H23; L19 peaceful win.
    Case {
        hand: "123m456m234p678p55s67s",
        win: "8s",
        opts: "",
        high_has: "H11 H23",
        high_not: "H01 H02 H13",
        low_has: "L04 L05 L19",
        low_not: "",
    },
    // The same self-drawn: no peaceful win.
    Case {
        hand: "123m456m234p678p55s67s",
        win: "8s",
        opts: "self",
        high_has: "H12",
        high_not: "H08",
        low_has: "L08",
        low_not: "L19",
    },
    // Own flower of South with the high option.
    Case {
        hand: "123m456m234p678p55s67s 2f",
        win: "8s",
        opts: "seatx",
        high_has: "H03=2",
        high_not: "",
        low_has: "L16",
        low_not: "L17",
    },
    // Bouquets.
    Case {
        hand: "123m456m234p678p55s67s 1f 2f 3f 4f",
        win: "8s",
        opts: "",
        high_has: "H03",
        high_not: "",
        low_has: "L17",
        low_not: "L16 L18",
    },
    Case {
        hand: "123m456m234p678p55s67s 1f 2f 3f 6f 7f 8f",
        win: "8s",
        opts: "",
        high_has: "",
        high_not: "",
        low_has: "L16",
        low_not: "L17 L18",
    },
    Case {
        hand: "123m456m234p678p55s67s 5f 6f 7f 8f",
        win: "8s",
        opts: "",
        high_has: "",
        high_not: "",
        low_has: "L18",
        low_not: "L16 L17",
    },
    // Moon from the bottom of the sea (self-drawn last live tile, once the wall can be empty:
    // TW §10a rule 2), and its near miss.
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "self last D=60 wd=15",
        high_has: "H04 H12",
        high_not: "H41 H08",
        low_has: "L08 L10",
        low_not: "L06 L07",
    },
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "self",
        high_has: "",
        high_not: "H04",
        low_has: "",
        low_not: "L10 L09",
    },
    // Exposed kong / concealed kong.
    Case {
        hand: "123m456m234p11z67s kong[5555p]",
        win: "8s",
        opts: "",
        high_has: "H05",
        high_not: "H10 H08",
        low_has: "L02",
        low_not: "L03 L06",
    },
    Case {
        hand: "123m456m234p11z67s ckong[5555p]",
        win: "8s",
        opts: "",
        high_has: "H10 H08",
        high_not: "H05",
        low_has: "L03 L06",
        low_not: "L02",
    },
    // Loose tile (a kong's replacement), self-drawn.
    Case {
        hand: "123m456m234p11z67s ckong[5555p]",
        win: "8s",
        opts: "self loose",
        high_has: "H12",
        high_not: "",
        low_has: "L09 L08",
        low_not: "",
    },
    // A loose tile replacing a bonus tile (no kong).
    Case {
        hand: "123m456m234p678p11z67s 4f",
        win: "8s",
        opts: "self loose",
        high_has: "H12",
        high_not: "",
        low_has: "L09",
        low_not: "",
    },
    // Honour pung; robbing a kong.
    Case { hand: "123m456m234p555z11s67s", win: "8s", opts: "", high_has: "H06", high_not: "", low_has: "L13", low_not: "" },
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "rob",
        high_has: "H07 H08",
        high_not: "",
        low_has: "L11",
        low_not: "",
    },
    // Concealed pungs C = 2, 3, 4, 5 (a pung won on a discard is not concealed).
    Case { hand: "111m222m345p678p11z67s", win: "8s", opts: "", high_has: "H09", high_not: "H15", low_has: "", low_not: "L21" },
    Case {
        hand: "111m222m333p678p11z67s",
        win: "8s",
        opts: "",
        high_has: "H15",
        high_not: "H09 H20 H13 H25",
        low_has: "L21",
        low_not: "L22 L20",
    },
    Case {
        hand: "111m222m333p444p11z67s",
        win: "8s",
        opts: "",
        high_has: "H20",
        high_not: "H15 H34",
        low_has: "L22",
        low_not: "L21",
    },
    Case {
        hand: "111m222m333p444p55s66s",
        win: "5s",
        opts: "self",
        high_has: "H34 H25",
        high_not: "H20",
        low_has: "L23 L20",
        low_not: "L22",
    },
    Case {
        hand: "111m222m333p444p55s66s",
        win: "5s",
        opts: "",
        high_has: "H20 H25",
        high_not: "H34",
        low_has: "L22",
        low_not: "L23",
    },
    // Wind patterns.
    Case {
        hand: "111z222z123m456m789p3z",
        win: "3z",
        opts: "",
        high_has: "H14 H42",
        high_not: "H06 H18",
        low_has: "L14 L15",
        low_not: "L26",
    },
    Case {
        hand: "111z222z333z456m789p5s",
        win: "5s",
        opts: "",
        high_has: "H18",
        high_not: "H14 H30 H06",
        low_has: "L14 L15",
        low_not: "L26 L28",
    },
    Case {
        hand: "111z222z333z456m789p4z",
        win: "4z",
        opts: "",
        high_has: "H30",
        high_not: "H18 H33 H06",
        low_has: "L26",
        low_not: "L14 L15 L28",
    },
    Case {
        hand: "111z222z333z444z789p5s",
        win: "5s",
        opts: "",
        high_has: "H33",
        high_not: "H30 H06",
        low_has: "L28",
        low_not: "L26 L14 L15",
    },
    // Seat wind (South 2z) and round wind (East 1z) pungs, each without the other; the high
    // option adds to the item.
    Case {
        hand: "123m456m234p222z11s67s",
        win: "8s",
        opts: "windx",
        high_has: "H06=2",
        high_not: "",
        low_has: "L14",
        low_not: "L15",
    },
    Case { hand: "123m456m234p111z55s67s", win: "8s", opts: "", high_has: "H06=1", high_not: "", low_has: "L15", low_not: "L14" },
    // Dragon patterns.
    Case {
        hand: "555z666z123m456m789p7z",
        win: "7z",
        opts: "",
        high_has: "H19",
        high_not: "H06 H29",
        low_has: "L25",
        low_not: "L13 L27",
    },
    Case {
        hand: "555z666z777z456m789p5s",
        win: "5s",
        opts: "",
        high_has: "H29",
        high_not: "H19 H06",
        low_has: "L27",
        low_not: "L25 L13",
    },
    // Straights, open and concealed; a single wait.
    Case {
        hand: "123m456m789m234p5s chow[678s]",
        win: "5s",
        opts: "",
        high_has: "H16 H42",
        high_not: "H27 H08",
        low_has: "L01",
        low_not: "L06",
    },
    Case { hand: "123m456m789m234p67s55s", win: "8s", opts: "", high_has: "H27", high_not: "H16", low_has: "", low_not: "" },
    // Timing: 5 to 10 discards, within five, ready from the deal, earthly, heavenly.
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "D=7 wd=2",
        high_has: "H17",
        high_not: "H26",
        low_has: "",
        low_not: "",
    },
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "D=3 wd=1",
        high_has: "H26",
        high_not: "H17 H21",
        low_has: "",
        low_not: "L32",
    },
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "D=3 wd=1 clean",
        high_has: "H21",
        high_not: "H26 H36",
        low_has: "",
        low_not: "L32",
    },
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "seat=3 D=1 wd=0 clean",
        high_has: "H36",
        high_not: "H21 H26",
        low_has: "L32",
        low_not: "L31",
    },
    Case {
        hand: "123m456m234p678p11z678s",
        win: "-",
        opts: "start seat=0 D=0 wd=0 clean",
        high_has: "H35 H12",
        high_not: "H36 H42 H43 H04",
        low_has: "L31 L08",
        low_not: "L32 L01",
    },
    Case {
        hand: "123m456m234p678p11z67s",
        win: "8s",
        opts: "self seat=0 D=6 wd=2",
        high_has: "H17",
        high_not: "H35",
        low_has: "",
        low_not: "L31",
    },
    // Half flush and full flush.
    Case {
        hand: "123m456m789m111z22z33m",
        win: "3m",
        opts: "",
        high_has: "H22",
        high_not: "H37",
        low_has: "L24",
        low_not: "L36 L04",
    },
    Case {
        hand: "123m456m789m111m55m67m",
        win: "8m",
        opts: "",
        high_has: "H37 H11",
        high_not: "H22",
        low_has: "L36 L04",
        low_not: "L24",
    },
    // All melded / beggar's hand, and with one set concealed.
    Case {
        hand: "5s chow[234m] pung[999p] chow[678s] pung[333z] kong[8888m]",
        win: "5s",
        opts: "",
        high_has: "H24 H42 H05",
        high_not: "H08",
        low_has: "L12 L01",
        low_not: "",
    },
    Case {
        hand: "234m5s pung[999p] chow[678s] pung[333z] kong[8888m]",
        win: "5s",
        opts: "",
        high_has: "H42",
        high_not: "H24",
        low_has: "",
        low_not: "L12",
    },
    // Eight and a half pairs.
    Case {
        hand: "11m33m888m55p77p22s44s9s 1f",
        win: "9s",
        opts: "",
        high_has: "H31 H42 H08",
        high_not: "H13 H25",
        low_has: "L35 L01",
        low_not: "",
    },
    // Open hand self-drawn.
    Case {
        hand: "123m456m234p11z67s chow[678p]",
        win: "8s",
        opts: "self",
        high_has: "H41",
        high_not: "H12 H08",
        low_has: "L07",
        low_not: "L08 L06",
    },
    // A pair completed with two kinds in W; a closed wait; an edge wait.
    Case { hand: "123m456m234p678p4567s", win: "4s", opts: "", high_has: "", high_not: "H42", low_has: "", low_not: "L01" },
    Case { hand: "123m456m234p678p11z57s", win: "6s", opts: "", high_has: "H43", high_not: "H42", low_has: "L01", low_not: "" },
    Case { hand: "123m456m234p678p11z12s", win: "3s", opts: "", high_has: "", high_not: "H43 H42", low_has: "L01", low_not: "" },
];

fn run(case: &Case, table: TaiTable) -> Vec<Element> {
    let hand = parse_hand(case.hand).unwrap_or_else(|e| panic!("{}: {e}", case.hand));
    let mut ctx = WinContext { seat_wind: 1, ..Default::default() };
    let mut sit = DealProgress { dealer_streak: 0, discards: 20, winner_discards: 5, interrupted: true };
    let mut sw = TwSwitches::with_table(table);
    for o in case.opts.split_whitespace() {
        let num = || o.split('=').nth(1).unwrap().parse::<u32>().unwrap();
        match o.split('=').next().unwrap() {
            "self" => ctx.self_drawn = true,
            "rob" => ctx.robbing_kong = true,
            "loose" => ctx.kong_replacement = true,
            "last" => ctx.last_wall_tile = true,
            "start" => {
                ctx.dealer_start = true;
                ctx.self_drawn = true;
            }
            "clean" => sit.interrupted = false,
            "seat" => ctx.seat_wind = num() as u8,
            "round" => ctx.prevailing_wind = num() as u8,
            "D" => sit.discards = num(),
            "wd" => sit.winner_discards = num(),
            "seatx" => sw.high_seat_bonus_extra = table == TaiTable::High,
            "windx" => sw.high_wind_pung_extra = table == TaiTable::High,
            x => panic!("option {x}"),
        }
    }
    let win = if case.win == "-" { None } else { Some(parse_tile(case.win).unwrap()) };
    let out = score_tw(&hand, win, &ctx, &sit, &sw).unwrap_or_else(|e| panic!("{} {}: {e}", case.hand, case.opts));
    assert!(out.interpretation.is_some(), "{}: not a winning hand", case.hand);
    assert_eq!(out.value as u32, out.elements.iter().map(|e| e.value as u32).sum::<u32>());
    out.elements
}

/// Check one table's expectations of a case; record the codes covered.
fn check(case: &Case, table: TaiTable, has: &str, not: &str, pos: &mut BTreeSet<String>, neg: &mut BTreeSet<String>) {
    let els = run(case, table);
    let codes: Vec<&str> = els.iter().map(|e| e.code).collect();
    for h in has.split_whitespace() {
        let (code, value) = match h.split_once('=') {
            Some((c, v)) => (c, Some(v.parse::<u8>().unwrap())),
            None => (h, None),
        };
        let found: Vec<&Element> = els.iter().filter(|e| e.code == code).collect();
        assert!(!found.is_empty(), "{} [{}] {:?}: {code} missing in {codes:?}", case.hand, case.opts, table);
        if let Some(v) = value {
            assert!(found.iter().all(|e| e.value == v), "{} {:?}: {code} value {found:?}", case.hand, table);
        }
        pos.insert(code.to_string());
    }
    for n in not.split_whitespace() {
        assert!(!codes.contains(&n), "{} [{}] {:?}: {n} unexpected in {codes:?}", case.hand, case.opts, table);
        neg.insert(n.to_string());
    }
}

#[test]
fn every_element_has_a_positive_and_a_negative_case() {
    let (mut pos, mut neg) = (BTreeSet::new(), BTreeSet::new());
    for case in CASES {
        check(case, TaiTable::High, case.high_has, case.high_not, &mut pos, &mut neg);
        check(case, TaiTable::Low, case.low_has, case.low_not, &mut pos, &mut neg);
        // Every hand win scores H40; never a bonus-tile element.
        let high = run(case, TaiTable::High);
        assert!(high.iter().any(|e| e.code == "H40"));
        let low = run(case, TaiTable::Low);
        assert!(![&high[..], &low[..]].concat().iter().any(|e| ["H28", "H32", "L29", "L30"].contains(&e.code)));
    }
    pos.insert("H40".into());
    // Bonus-tile wins (TW §7): all eight, seven robbing the eighth, and the near misses.
    for table in [TaiTable::High, TaiTable::Low] {
        let (all8, rob) = if table == TaiTable::High { ("H32", "H28") } else { ("L30", "L29") };
        let w = check_bonus_win(table, &[0x7F, 0, 0, 0], 0, Bonus(7)).unwrap().unwrap();
        assert_eq!((w.element.code, w.winner, w.discarder), (all8, 0, None));
        let w = check_bonus_win(table, &[0x7F, 0, 0, 0], 2, Bonus(7)).unwrap().unwrap();
        assert_eq!((w.element.code, w.winner, w.discarder), (rob, 0, Some(2)));
        // Six bonus tiles and the seventh: no win; the win scores only its element (no H40).
        assert_eq!(check_bonus_win(table, &[0x3F, 0, 0, 0], 0, Bonus(6)).unwrap(), None);
        assert_eq!(check_bonus_win(table, &[0x3F, 0x80, 0, 0], 1, Bonus(6)).unwrap(), None);
        // A tile already exposed is an input error.
        assert!(check_bonus_win(table, &[0x7F, 0, 0, 0], 1, Bonus(3)).is_err());
        for c in [all8, rob] {
            pos.insert(c.to_string());
            neg.insert(c.to_string());
        }
    }
    neg.insert("H40".into());
    let all: Vec<Element> = vec![
        tw_high::H01,
        tw_high::H02,
        tw_high::H03,
        tw_high::H04,
        tw_high::H05,
        tw_high::H06,
        tw_high::H07,
        tw_high::H08,
        tw_high::H09,
        tw_high::H10,
        tw_high::H11,
        tw_high::H12,
        tw_high::H13,
        tw_high::H14,
        tw_high::H15,
        tw_high::H16,
        tw_high::H17,
        tw_high::H18,
        tw_high::H19,
        tw_high::H20,
        tw_high::H21,
        tw_high::H22,
        tw_high::H23,
        tw_high::H24,
        tw_high::H25,
        tw_high::H26,
        tw_high::H27,
        tw_high::H28,
        tw_high::H29,
        tw_high::H30,
        tw_high::H31,
        tw_high::H32,
        tw_high::H33,
        tw_high::H34,
        tw_high::H35,
        tw_high::H36,
        tw_high::H37,
        tw_high::H40,
        tw_high::H41,
        tw_high::H42,
        tw_high::H43,
        tw_low::L01,
        tw_low::L02,
        tw_low::L03,
        tw_low::L04,
        tw_low::L05,
        tw_low::L06,
        tw_low::L07,
        tw_low::L08,
        tw_low::L09,
        tw_low::L10,
        tw_low::L11,
        tw_low::L12,
        tw_low::L13,
        tw_low::L14,
        tw_low::L15,
        tw_low::L16,
        tw_low::L17,
        tw_low::L18,
        tw_low::L19,
        tw_low::L20,
        tw_low::L21,
        tw_low::L22,
        tw_low::L23,
        tw_low::L24,
        tw_low::L25,
        tw_low::L26,
        tw_low::L27,
        tw_low::L28,
        tw_low::L29,
        tw_low::L30,
        tw_low::L31,
        tw_low::L32,
        tw_low::L35,
        tw_low::L36,
    ];
    // Every Tai element of the tables (H38/H39, L33/L34 are settlement only: see settle.rs).
    assert_eq!(all.len(), 41 + 34);
    let missing_pos: Vec<&str> = all.iter().map(|e| e.code).filter(|c| !pos.contains(*c)).collect();
    let missing_neg: Vec<&str> = all.iter().map(|e| e.code).filter(|c| !neg.contains(*c)).collect();
    assert!(missing_pos.is_empty(), "no positive case: {missing_pos:?}");
    assert!(missing_neg.is_empty(), "no negative case: {missing_neg:?}");
}
