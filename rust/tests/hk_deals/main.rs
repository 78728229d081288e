//! Tests of the deal state machine: the procedure examples P1–P6 of HK §16, every §13 code
//! with the state unchanged, kongs and robbing, and invariants over many seeded deals.

use mahjong_fast::error::MahjongError;
use mahjong_fast::game::*;
use mahjong_fast::rules::Ruleset;
use mahjong_fast::tiles::tile::{parse_tile_list, AnyTile};

/// Tokens of a tile list: kinds 0..=33, bonus tiles as their ids 136..=143.
fn tokens(s: &str) -> Vec<u16> {
    if s.trim().is_empty() {
        return Vec::new();
    }
    parse_tile_list(&s.replace(' ', ""))
        .unwrap()
        .into_iter()
        .map(|t| match t {
            AnyTile::Kind(k) => k.0 as u16,
            AnyTile::Bonus(b) => 136 + b.0 as u16,
        })
        .collect()
}

struct Alloc([bool; 144]);

impl Alloc {
    fn take(&mut self, tok: u16) -> u8 {
        if tok >= 136 {
            assert!(!self.0[tok as usize], "bonus {tok} twice");
            self.0[tok as usize] = true;
            return tok as u8;
        }
        for c in 0..4 {
            let t = 4 * tok as usize + c;
            if !self.0[t] {
                self.0[t] = true;
                return t as u8;
            }
        }
        panic!("fifth copy of kind {tok}");
    }
}

/// The wall that deals `hands` (dealer 14 tiles, others 13), then the normal draws `draws`
/// (positions 53, 54, ...) and the replacement draws `tail` (positions 143, 142, ...); the rest
/// fills the middle (the same layout as tests/_game_helpers.py).
fn make_wall(hands: [&str; 4], dealer: usize, draws: &str, tail: &str) -> Vec<u8> {
    let mut al = Alloc([false; 144]);
    let dealt: Vec<Vec<u8>> = hands.iter().map(|h| tokens(h).into_iter().map(|t| al.take(t)).collect()).collect();
    let mut wall: [Option<u8>; 144] = [None; 144];
    for r in 0..3 {
        for k in 0..4 {
            let p = (dealer + k) % 4;
            for i in 0..4 {
                wall[16 * r + 4 * k + i] = Some(dealt[p][4 * r + i]);
            }
        }
    }
    for k in 0..4 {
        wall[48 + k] = Some(dealt[(dealer + k) % 4][12]);
    }
    wall[52] = Some(dealt[dealer][13]);
    for (i, t) in tokens(draws).into_iter().enumerate() {
        wall[53 + i] = Some(al.take(t));
    }
    for (i, t) in tokens(tail).into_iter().enumerate() {
        wall[143 - i] = Some(al.take(t));
    }
    let rest: Vec<u8> = (0..136u8).filter(|&t| !al.0[t as usize]).collect();
    let bonus: Vec<u8> = (136..144u8).filter(|&t| !al.0[t as usize]).collect();
    let mid = rest.len() / 2;
    let mut fill = rest[..mid].iter().chain(bonus.iter()).chain(rest[mid..].iter());
    wall.iter().map(|w| w.unwrap_or_else(|| *fill.next().unwrap())).collect()
}

fn deal_of(hands: [&str; 4], draws: &str, tail: &str, auto_pass: bool) -> Deal {
    let w = make_wall(hands, 0, draws, tail);
    Deal::new(&Ruleset::hong_kong(), &w, 0, [0; 4], 0, DealOptions::new(auto_pass, true)).unwrap()
}

/// Ids in `p`'s hand for the tiles of `s` (lowest copies first).
fn ids(d: &Deal, p: usize, s: &str) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    let mut hand = d.hand(p).to_vec();
    hand.sort_unstable();
    for k in tokens(s) {
        let t = *hand.iter().find(|&&t| t as u16 >> 2 == k && !out.contains(&t)).expect("tile in hand");
        out.push(t);
    }
    out
}

fn discard(d: &mut Deal, p: u8, s: &str) {
    let t = ids(d, p as usize, s)[0];
    d.apply(&Action::discard(p, t)).unwrap();
}

fn act(kind: ActionType, p: u8, tiles: &[u8]) -> Action {
    Action::new(kind, p, tiles)
}

/// The §13 code of an action that must be rejected, checking the state did not change.
fn rejected(d: &mut Deal, a: Action) -> IllegalCode {
    let before = d.snapshot();
    let code = match d.apply(&a) {
        Err(mahjong_fast::MahjongError::IllegalAction { code, .. }) => code,
        other => panic!("{a} was not rejected: {other:?}"),
    };
    assert_eq!(d.snapshot(), before, "{a} changed the state");
    assert!(!d.is_legal(&a));
    code
}

const P1_HANDS: [&str; 4] =
    ["44p 19m 19s 1234z 67z 5s 8m", "222z 555z 789m 99s 23p", "4p 12m 56m 34s 67s 89p 34z", "23p 345m 678s 1p 7p 9p 5z 6z"];

fn to_west_4p(d: &mut Deal) {
    discard(d, 0, "1m");
    assert_eq!((d.phase(), d.active()), (Phase::Action, Some(1)));
    discard(d, 1, "7z");
    discard(d, 2, "4p");
    assert_eq!(d.phase(), Phase::Response);
}

#[test]
fn p1_claim_priority_win_beats_pung_and_chow() {
    let mut d = deal_of(P1_HANDS, "7z 1z 2s", "", true);
    to_west_4p(&mut d);
    assert_eq!(d.to_act(), &[0, 1, 3]);
    let chow = act(ActionType::Chow, 3, &ids(&d, 3, "23p"));
    assert!(d.legal_actions(3).contains(&chow));
    d.apply(&chow).unwrap();
    d.apply(&act(ActionType::Pung, 0, &ids(&d, 0, "44p"))).unwrap();
    assert_eq!((d.phase(), d.to_act()), (Phase::Response, &[1u8][..]));
    assert!(d.melds(0).is_empty() && d.melds(3).is_empty(), "nothing is awarded before all responded");
    d.apply(&Action::bare(ActionType::Win, 1)).unwrap();
    let r = d.result().unwrap();
    assert_eq!((r.winner(), r.wins[0].discarder, r.wins[0].kind), (Some(1), Some(2), WinKind::Discard));
    assert_eq!(r.wins[0].score.value, 4);
    let codes: Vec<&str> = r.wins[0].score.elements.iter().map(|e| e.code).collect();
    assert_eq!(codes, ["F6", "F8", "F10", "F16"]);
    assert_eq!(r.payments, [0, 48, -48, 0]);
    assert_eq!(r.scores, [0, 48, -48, 0]);
}

#[test]
fn p2_pung_beats_chow_and_turns_are_skipped() {
    let mut hands = P1_HANDS;
    hands[0] = "88p 19m 19s 1234z 67z 5s 8m";
    hands[1] = "222z 555z 789m 99s 44p";
    let mut d = deal_of(hands, "7z 1z 2s", "", true);
    to_west_4p(&mut d);
    assert_eq!(d.to_act(), &[1, 3]);
    d.apply(&act(ActionType::Pung, 1, &ids(&d, 1, "44p"))).unwrap();
    d.apply(&act(ActionType::Chow, 3, &ids(&d, 3, "23p"))).unwrap();
    assert_eq!((d.phase(), d.to_act()), (Phase::AfterClaim, &[1u8][..]));
    assert_eq!(d.melds(1).len(), 1);
    assert_eq!(d.melds(1)[0].kind, mahjong_fast::MeldKind::Pung);
    assert_eq!(d.melds(1)[0].claimed_from, Some(2));
    assert!(d.melds(3).is_empty());
    assert_eq!(d.discards(2)[0].claimed_by, Some(1));
    assert_eq!(d.hand_size(1), 14);
    discard(&mut d, 1, "5z");
    // the next turn is West's (after South): North and East lost theirs
    assert_eq!((d.phase(), d.active()), (Phase::Action, Some(2)));
}

const LONG_HANDS: [&str; 4] = [
    "12f 19m 19p 19s 1234z 5z 7s",
    "34f 2m 2p 2s 3m 3p 4s 6s 7s 8s 5z 4m",
    "56f 1m 1p 4m 4p 5m 5p 6m 6p 7m 8m 6z",
    "78f 333s 7p 8p 9p 8m 9m 7z 7z 6z",
];

/// Everybody discards the tile just drawn and every response passes, until `stop`.
fn tsumogiri_until(d: &mut Deal, stop: impl Fn(&Deal) -> bool) {
    while !stop(d) {
        if d.phase().is_window() {
            for q in d.to_act().to_vec() {
                d.apply(&Action::bare(ActionType::Pass, q)).unwrap();
            }
        } else {
            let p = d.active().unwrap();
            let t = d.drawn_tile().unwrap_or_else(|| *d.hand(p as usize).iter().max().unwrap());
            d.apply(&Action::discard(p, t)).unwrap();
        }
    }
}

#[test]
fn p3_kong_with_an_empty_wall() {
    let mut d = deal_of(LONG_HANDS, "", "1m 2m 3m 4m 5m 6m 7m 8m 3s", true);
    assert_eq!(d.remaining(), 83);
    tsumogiri_until(&mut d, |d| d.remaining() == 0 && d.phase() == Phase::Action);
    assert_eq!(d.active(), Some(3));
    let kong = act(ActionType::ConcealedKong, 3, &ids(&d, 3, "3333s"));
    assert_eq!(rejected(&mut d, kong), IllegalCode::NoReplacementTile);
    assert!(d.legal_actions(3).iter().all(|a| matches!(a.kind, ActionType::SelfDrawnWin | ActionType::Discard)));
    discard(&mut d, 3, "3s");
    assert!(matches!(d.events().iter().rev().find(|e| e.name() == "discard"), Some(Event::Discard { last: true, .. })));
    let r = d.result().unwrap();
    assert_eq!((r.draw_reason, r.payments, r.tiles_left, r.winner()), (Some(DrawReason::LastDiscard), [0; 4], 0, None));
}

#[test]
fn last_discard_is_for_a_win_only() {
    let mut hands = LONG_HANDS;
    hands[1] = "34f 2m 2p 2s 3m 3p 4s 6s 7s 8s 99m";
    hands[3] = "78f 333s 7p 8p 9p 9p 8m 7z 7z 6z";
    let mut d = deal_of(hands, "", "1m 2m 3m 4m 5m 6m 7m 8m 9m", false);
    tsumogiri_until(&mut d, |d| d.remaining() == 0 && d.phase() == Phase::Action);
    discard(&mut d, 3, "9m");
    assert!(d.view(1).is_last_discard());
    for q in 0..3 {
        assert!(d.legal_actions(q).iter().all(|a| matches!(a.kind, ActionType::Pass | ActionType::Win)));
    }
    let pung = act(ActionType::Pung, 1, &ids(&d, 1, "99m"));
    assert_eq!(rejected(&mut d, pung), IllegalCode::LastDiscardWinOnly);
}

#[test]
fn p4_bonus_tile_as_the_last_wall_tile() {
    let mut hands = LONG_HANDS;
    hands[3] = "7f 333s 7p 8p 9p 8m 9m 7z 7z 6z 5z";
    let mut d = deal_of(hands, "", "1m 2m 3m 4m 5m 6m 7m 8f", true);
    assert_eq!(d.remaining(), 84);
    tsumogiri_until(&mut d, |d| d.is_over());
    let r = d.result().unwrap();
    assert_eq!((r.draw_reason, r.payments, r.tiles_left), (Some(DrawReason::NoReplacement), [0; 4], 0));
    let n = d.events().len();
    assert_eq!(
        &d.events()[n - 3..],
        &[
            Event::Draw { player: 0, tile: 143, wall: None },
            Event::Bonus { player: 0, tile: 143 },
            Event::ExhaustiveDraw { reason: DrawReason::NoReplacement }
        ]
    );
    let t = d.hand(0)[0];
    assert_eq!(rejected(&mut d, Action::discard(0, t)), IllegalCode::DealOver);
}

const P5_HANDS: [&str; 4] =
    ["5z 19m 19p 19s 1234z 67z 2m", "555z 234m 567m 88p 34s", "11p 22p 33p 4p 789s 6z 7z 9s", "66m 77m 8m 44p 55p 6p 1s 2s 3s"];

#[test]
fn p5_no_kong_straight_after_a_pung_then_added_kong() {
    let mut d = deal_of(P5_HANDS, "1z 2z 3z 5s", "4z", true);
    discard(&mut d, 0, "5z");
    let kinds: Vec<ActionType> = d.legal_actions(1).iter().map(|a| a.kind).collect();
    assert_eq!(kinds, [ActionType::Pass, ActionType::Kong, ActionType::Pung]);
    d.apply(&act(ActionType::Pung, 1, &ids(&d, 1, "55z"))).unwrap();
    let added = act(ActionType::AddedKong, 1, &ids(&d, 1, "5z"));
    assert_eq!(rejected(&mut d, added), IllegalCode::WrongPhase);
    assert_eq!(rejected(&mut d, Action::bare(ActionType::SelfDrawnWin, 1)), IllegalCode::WrongPhase);
    discard(&mut d, 1, "3s");
    for p in [2u8, 3, 0] {
        let t = d.drawn_tile().unwrap();
        d.apply(&Action::discard(p, t)).unwrap();
    }
    let added = act(ActionType::AddedKong, 1, &ids(&d, 1, "5z"));
    assert!(d.legal_actions(1).contains(&added));
    d.apply(&added).unwrap();
    // nobody can rob 5z: the kong completes and South draws a replacement
    assert_eq!((d.phase(), d.active(), d.kong_chain()), (Phase::Action, Some(1), true));
    assert_eq!(d.melds(1)[0].kind, mahjong_fast::MeldKind::AddedKong);
    assert_eq!(d.drawn_tile().map(|t| t >> 2), Some(tokens("4z")[0] as u8));
    assert_eq!((d.hand_size(1), d.hand(1).len()), (14, 11));
}

#[test]
fn exposed_kong_then_replacement_draw() {
    let mut d = deal_of(P5_HANDS, "1z", "4z 6z", true);
    discard(&mut d, 0, "5z");
    d.apply(&act(ActionType::Kong, 1, &ids(&d, 1, "555z"))).unwrap();
    assert_eq!((d.phase(), d.active(), d.kong_chain()), (Phase::Action, Some(1), true));
    assert_eq!(d.melds(1)[0].kind, mahjong_fast::MeldKind::ExposedKong);
    assert_eq!(d.drawn_tile(), Some(d.wall()[143]));
    assert!(matches!(d.events().last(), Some(Event::ReplacementDraw { reason: ReplacementReason::Kong, .. })));
}

#[test]
fn p6_initial_bonus_replacement_order() {
    let hands = [
        "2f 19m 19p 19s 1234z 5z 6z 7z",
        "1f 5f 2m 3m 4m 2p 3p 4p 2s 3s 4s 7z 7z",
        "3f 5m 6m 7m 5p 6p 7p 5s 6s 7s 8m 8p 8s",
        "6z 6z 1s 8s 9s 2z 3z 4z 1p 9m 9p 7p 7p",
    ];
    let d = deal_of(hands, "", "9m 9p 6f 9s 5z", true);
    let seq: Vec<(&str, u8, u8)> = d
        .events()
        .iter()
        .filter_map(|e| match *e {
            Event::Bonus { player, tile } => Some(("bonus", player, tile)),
            Event::ReplacementDraw { player, tile, .. } => Some(("replacement", player, tile)),
            _ => None,
        })
        .collect();
    let w = d.wall();
    // East exposes 2f and takes position 143; South exposes 1f and 5f, takes 142 and 141
    // (6f), exposes it and takes 140; West exposes 3f and takes 139.
    assert_eq!(
        seq,
        [
            ("bonus", 0, 137),
            ("replacement", 0, w[143]),
            ("bonus", 1, 136),
            ("bonus", 1, 140),
            ("replacement", 1, w[142]),
            ("replacement", 1, w[141]),
            ("bonus", 1, 141),
            ("replacement", 1, w[140]),
            ("bonus", 2, 138),
            ("replacement", 2, w[139]),
        ]
    );
    assert_eq!(d.bonus(1), &[136, 140, 141]);
    assert_eq!((d.phase(), d.to_act(), d.dealer_start()), (Phase::Action, &[0u8][..], true));
}

const E16_HANDS: [&str; 4] = [
    "8p 19m 19s 1234z 567z 1p 2p",
    "88p 1m 1m 2z 2z 3z 3z 4z 4z 7z 7z 9p",
    "234m 567m 789s 67p 99s",
    "1s 2s 3s 4s 5s 6s 8m 8m 6z 6z 5z 2p 3p",
];

fn e16_to_added_kong(d: &mut Deal) {
    discard(d, 0, "8p");
    assert_eq!(d.to_act(), &[1, 2]);
    d.apply(&act(ActionType::Pung, 1, &ids(d, 1, "88p"))).unwrap();
    d.apply(&Action::bare(ActionType::Pass, 2)).unwrap();
    discard(d, 1, "9p");
    for p in [2u8, 3, 0] {
        let t = d.drawn_tile().unwrap();
        d.apply(&Action::discard(p, t)).unwrap();
        if d.phase().is_window() {
            for q in d.to_act().to_vec() {
                d.apply(&Action::bare(ActionType::Pass, q)).unwrap();
            }
        }
    }
    let added = act(ActionType::AddedKong, 1, &[d.drawn_tile().unwrap()]);
    assert!(d.legal_actions(1).contains(&added));
    d.apply(&added).unwrap();
    assert_eq!((d.phase(), d.to_act()), (Phase::Rob, &[2u8][..]));
    assert_eq!(d.view(3).kong_tile(), Some((1, added.tiles.as_slice()[0])));
}

#[test]
fn e16_robbing_a_kong_the_declarer_pays() {
    let mut d = deal_of(E16_HANDS, "1s 5m 2z 8p", "", true);
    e16_to_added_kong(&mut d);
    let kinds: Vec<ActionType> = d.legal_actions(2).iter().map(|a| a.kind).collect();
    assert_eq!(kinds, [ActionType::Pass, ActionType::Win]);
    // only a pass or a win in ROB
    assert_eq!(rejected(&mut d, act(ActionType::Pung, 2, &[])), IllegalCode::WrongPhase);
    d.apply(&Action::bare(ActionType::Win, 2)).unwrap();
    let r = d.result().unwrap();
    let w = &r.wins[0];
    assert_eq!((w.player, w.discarder, w.kind, w.score.value), (2, Some(1), WinKind::RobbingKong, 4));
    assert!(w.flags.robbing_kong);
    assert_eq!(r.payments, [0, -48, 48, 0]);
    assert_eq!(d.melds(1)[0].kind, mahjong_fast::MeldKind::Pung, "the kong is never completed");
    let mut all = d.tile_locations();
    all.sort_unstable();
    assert_eq!(all, (0..144).collect::<Vec<u8>>());
}

#[test]
fn added_kong_completes_when_nobody_robs() {
    let mut d = deal_of(E16_HANDS, "1s 5m 2z 8p", "5m", true);
    e16_to_added_kong(&mut d);
    d.apply(&Action::bare(ActionType::Pass, 2)).unwrap();
    assert_eq!((d.phase(), d.active(), d.kong_chain()), (Phase::Action, Some(1), true));
    assert_eq!(d.melds(1)[0].kind, mahjong_fast::MeldKind::AddedKong);
    assert_eq!(d.drawn_tile(), Some(d.wall()[143]));
}

const E27_HANDS: [&str; 4] = [
    "2s 4s 6s 8s 7z 7z 8m 8m 1p 1p 2z 6z 3z 4z",
    "8p 6p 1s 3s 5s 7s 9s 2z 3z 4z 6z 7m 1p",
    "79p 234p 567p 45p 99p 1z",
    "555z 123m 456m 66p 99m",
];

#[test]
fn e27_head_bump_in_either_order() {
    for order in [[2u8, 3], [3, 2]] {
        let mut d = deal_of(E27_HANDS, "8s 9s 5s 7m", "", true);
        discard(&mut d, 0, "7z");
        discard(&mut d, 1, "8p");
        d.apply(&act(ActionType::Chow, 2, &ids(&d, 2, "79p"))).unwrap();
        discard(&mut d, 2, "1z");
        for p in [3u8, 0] {
            let t = d.drawn_tile().unwrap();
            d.apply(&Action::discard(p, t)).unwrap();
        }
        discard(&mut d, 1, "6p");
        assert_eq!(d.to_act(), &[2, 3]);
        for q in order {
            d.apply(&Action::bare(ActionType::Win, q)).unwrap();
        }
        let r = d.result().unwrap();
        assert_eq!(r.winners().collect::<Vec<_>>(), [2], "HK §11.3: only the first in turn order wins");
        assert_eq!((r.wins[0].discarder, r.wins[0].score.value), (Some(1), 9));
        assert_eq!(r.payments, [0, -1536, 1536, 0]);
    }
}

mod checks;
