//! Taiwanese set-up positions for the paths random play cannot be relied on to reach: several
//! winners on one discard, robbing an added kong, the bonus-tile wins (TW §5.2, §7), and the
//! §17 codes with the state unchanged (TW §17).

use super::*;

/// TW §5.2: two players win on one discard; each is paid by the discarder with their own Tai,
/// the dealer (discarder) paying one more to each (TW §15). Random play reaches this rarely.
#[test]
fn two_winners_on_one_discard_each_paid_by_the_discarder() {
    for table in [TaiTable::High, TaiTable::Low] {
        let rules = tw(table, 5);
        let mut ids = Ids::new();
        let mut s = Setup { dealer: 0, ..Default::default() };
        // the dealer discards 5s; South and West both wait on it (earthly blessing: D = 1)
        s.hands[1] = ids.specs("123m 456m 789m 123p 44p 6s 7s");
        s.hands[2] = ids.specs("111s 222s 333s 888s 666p 5s");
        s.hands[0] = ids.specs("5s 19m 19p 1234z 567z 1z 2z 3z 9s 8m");
        s.hands[3] = ids.specs("22m 33m 55m 66m 77p 88p 99p 44z");
        let opts = DealOptions { dealer_streak: 2, ..DealOptions::default() };
        let start = [0; 4];
        let mut d = Deal::from_setup(&rules, &s, opts).unwrap();
        let five_s = d.hand(0)[0];
        d.apply(&Action::discard(0, five_s)).unwrap();
        assert_eq!(d.to_act(), &[1, 2]);
        for q in [2u8, 1] {
            d.apply(&Action::bare(ActionType::Win, q)).unwrap();
        }
        let r = d.result().unwrap().clone();
        assert_eq!(r.winners().collect::<Vec<_>>(), vec![1, 2]);
        for w in &r.wins {
            assert_eq!((w.kind, w.discarder, w.tile), (WinKind::Discard, Some(0), Some(five_s)));
            assert!(w.score.elements.iter().any(|e| e.code == "H36" || e.code == "L32"), "{:?}", w.score);
            // the payer is the dealer: T + 1 each (the streak is never charged to the dealer)
            let t = i64::from(w.score.value) * i64::from(switches_of(&rules).tai_value);
            assert_eq!(w.payments[w.player as usize], t + 1);
            assert_eq!(w.payments[0], -(t + 1));
        }
        let seen = run_seen(&d, start, false);
        assert_eq!(seen.two_winners, 1);
        let st = r.settlement;
        assert_eq!((st.dealer_after, st.streak_after, st.passed), (1, 0, true));
        // events: one win event per winner, then the payments
        let names: Vec<&str> = d.events().iter().rev().take(3).map(|e| e.name()).collect();
        assert_eq!(names, ["payments", "win", "win"]);
    }
}

/// TW §5.2 / HK §7.3: an added kong is robbed by two players at once; the declarer pays both.
#[test]
fn robbing_an_added_kong_with_two_winners() {
    for table in [TaiTable::High, TaiTable::Low] {
        let rules = tw(table, 5);
        let mut ids = Ids::new();
        let mut s = Setup { dealer: 0, active: Some(0), ..Default::default() };
        // East has a pung of 5s and holds the fourth; South (67s) and West (46s) wait on 5s.
        s.melds[0] = vec![(MeldKind::Pung, ids.specs("5s 5s 5s"))];
        s.hands[0] = ids.specs("5s 19m 19p 13z 57z 2s 8s 9s 3m 7p");
        s.hands[1] = ids.specs("123m 456m 789m 123p 44p 67s");
        s.hands[2] = ids.specs("678m 678p 999s 555z 11p 46s");
        s.hands[3] = ids.specs("22m 33m 55m 66m 77p 88p 99p 4z 3z");
        s.discards[1] = ids.specs("8m");
        s.discards[2] = ids.specs("8p");
        s.discards[3] = ids.specs("7m 6z");
        // East discarded after claiming its pung (TW §6), and once before
        s.discards[0] = ids.specs("9m 2z");
        let mut d = Deal::from_setup(&rules, &s, DealOptions::default()).unwrap();
        assert!(d.interrupted());
        let fourth = d.hand(0)[0];
        d.apply(&Action::new(ActionType::AddedKong, 0, &[fourth])).unwrap();
        assert_eq!(d.phase(), Phase::Rob);
        assert_eq!(d.to_act(), &[1, 2]);
        for q in [1u8, 2] {
            d.apply(&Action::bare(ActionType::Win, q)).unwrap();
        }
        let r = d.result().unwrap().clone();
        assert_eq!(r.winners().collect::<Vec<_>>(), vec![1, 2]);
        let rob = if table == TaiTable::High { "H07" } else { "L11" };
        for w in &r.wins {
            assert_eq!((w.kind, w.discarder, w.tile), (WinKind::RobbingKong, Some(0), Some(fourth)));
            assert!(w.score.elements.iter().any(|e| e.code == rob), "{:?}", w.score);
            assert!(w.payments[0] < 0 && w.payments[3] == 0);
        }
        let seen = run_seen(&d, [0; 4], true);
        assert_eq!((seen.robbed, seen.two_winners), (2, 1));
        // the declarer's pung stays a pung: the kong was robbed
        assert!(d.melds(0).iter().any(|m| m.kind == MeldKind::Pung));
    }
}

/// A wall that deals `hands` (the dealer's 17 first in the list order of TW §4.1: four rounds
/// of four tiles, then the dealer's last tile), with `tail` as the first replacement tiles.
fn tw_wall(hands: [Vec<u8>; 4], dealer: usize, tail: &[u8]) -> Vec<u8> {
    let mut wall: [Option<u8>; 144] = [None; 144];
    for r in 0..4 {
        for k in 0..4 {
            let p = (dealer + k) % 4;
            for i in 0..4 {
                wall[16 * r + 4 * k + i] = Some(hands[p][4 * r + i]);
            }
        }
    }
    wall[64] = Some(hands[dealer][16]);
    for (i, &t) in tail.iter().enumerate() {
        wall[143 - i] = Some(t);
    }
    let mut used = [false; 144];
    wall.iter().flatten().for_each(|&t| used[t as usize] = true);
    let mut rest = (0..144u8).filter(|&t| !used[t as usize]);
    wall.iter().map(|w| w.unwrap_or_else(|| rest.next().unwrap())).collect()
}

/// 16/17 ordinary ids per player that are not in `skip`, the bonus tiles first where given.
fn fill_hands(bonus: [&[u8]; 4], dealer: usize) -> [Vec<u8>; 4] {
    let mut free = (0..136u8).rev();
    std::array::from_fn(|p| {
        let n = if p == dealer { 17 } else { 16 };
        let mut h: Vec<u8> = bonus[p].to_vec();
        while h.len() < n {
            h.push(free.next().unwrap());
        }
        h
    })
}

/// TW §7 during the initial replacement: the dealer dealt all eight bonus tiles wins at the
/// eighth exposure (settled as self-drawn, with the dealer adjustment and streak); dealt seven,
/// the dealer robs the eighth from South, who pays. Random play never reaches these, so the
/// walls are chosen.
#[test]
fn bonus_tile_wins_in_the_initial_replacement() {
    let all: Vec<u8> = (136..144).collect();
    for table in [TaiTable::High, TaiTable::Low] {
        let rules = tw(table, 5);
        let big = if table == TaiTable::High { 30 } else { 14 };
        let rob = if table == TaiTable::High { 20 } else { 14 };
        // all eight to the dealer (East = P2), streak 1
        let hands = fill_hands([&[], &[], &all, &[]], 2);
        let w = tw_wall(hands, 2, &[]);
        let opts = DealOptions { dealer_streak: 1, ..DealOptions::default() };
        let d = Deal::new(&rules, &w, 2, [0; 4], 0, opts).unwrap();
        let r = d.result().expect("the deal ended at once");
        let win = &r.wins[0];
        assert_eq!((win.player, win.kind, win.discarder, win.tile), (2, WinKind::Bonus(BonusWinKind::AllEight), None, Some(143)));
        // each other player pays T + 1 + 2k (TW §15)
        assert_eq!(r.payments, [-(big + 3), -(big + 3), 3 * (big + 3), -(big + 3)]);
        assert_eq!(d.bonus_mask(2), 0xFF);
        // no replacement tile was drawn for the last exposure
        assert!(!d.events().iter().any(|e| matches!(e, Event::ReplacementDraw { .. })));
        let seen = run_seen(&d, [0; 4], false);
        assert_eq!(seen.bonus_wins, 1);
        assert_eq!(d.events().iter().rev().map(|e| e.name()).take(3).collect::<Vec<_>>(), ["payments", "win", "bonus"]);

        // seven to the dealer (P0), the eighth to South: exposed after the seven, robbed
        let hands = fill_hands([&all[..7], &all[7..], &[], &[]], 0);
        let w = tw_wall(hands, 0, &[]);
        let d = Deal::new(&rules, &w, 0, [0; 4], 0, DealOptions::default()).unwrap();
        let r = d.result().expect("the deal ended at once");
        let win = &r.wins[0];
        assert_eq!(
            (win.player, win.kind, win.discarder, win.tile),
            (0, WinKind::Bonus(BonusWinKind::RobEighth), Some(1), Some(143))
        );
        assert_eq!(r.payments, [rob + 1, -(rob + 1), 0, 0]);
        assert!(d.bonus(1).is_empty() && d.bonus_mask(0) == 0xFF);
        assert_eq!(run_seen(&d, [0; 4], false).bonus_wins, 1);
    }
}

/// TW §7 during play: a drawn bonus tile completes all eight (no replacement is drawn even
/// with live tiles left), or is robbed by the player holding the other seven.
#[test]
fn bonus_tile_wins_during_play() {
    let rules = tw(TaiTable::High, 5);
    for robbed in [false, true] {
        let mut ids = Ids::new();
        let mut s = Setup { dealer: 0, ..Default::default() };
        // South has seven bonus tiles exposed (all eight: South draws 8f; robbed: West has them)
        let holder = if robbed { 2 } else { 1 };
        s.hands[holder] = ids.specs("1f 2f 3f 4f 5f 6f 7f");
        s.hands[0] = ids.specs("19m 19p 1234z 567z 1z 2z 3z 9s 8m 5s");
        s.hands[1].extend(ids.specs("123m 456m 789m 123p 44p 6s 7s"));
        s.hands[2].extend(ids.specs("111s 222s 333s 888s 666p 5s"));
        s.hands[3] = ids.specs("22m 33m 55m 66m 77p 88p 99p 44z");
        s.draws = ids.specs("8f");
        let mut d = Deal::from_setup(&rules, &s, DealOptions::default()).unwrap();
        let t = *d.hand(0).iter().find(|&&t| t >> 2 == 8).unwrap(); // 9m: nobody claims it
        let live = d.remaining();
        d.apply(&Action::discard(0, t)).unwrap();
        while d.phase().is_window() {
            let q = d.to_act()[0];
            d.apply(&Action::bare(ActionType::Pass, q)).unwrap();
        }
        let r = d.result().expect("the exposure ended the deal").clone();
        let w = &r.wins[0];
        assert_eq!(d.remaining(), live - 1, "only the bonus tile was drawn");
        if robbed {
            assert_eq!((w.player, w.kind, w.discarder), (2, WinKind::Bonus(BonusWinKind::RobEighth), Some(1)));
            assert_eq!(r.payments, [0, -20, 20, 0]);
        } else {
            assert_eq!((w.player, w.kind, w.discarder), (1, WinKind::Bonus(BonusWinKind::AllEight), None));
            assert_eq!(r.payments, [-31, 91, -30, -30]);
        }
        assert_eq!(run_seen(&d, [0; 4], false).bonus_wins, 1);
    }
}

/// A position with no live tile left (TW §4.2): 65 tiles in hands, the 16 of the dead wall, all
/// the others discarded in seat order from the dealer P3 (an uninterrupted deal, TW §10: 62
/// discards, so P1 is to act). P1 has just drawn the last live tile (9m) and holds four 1z;
/// P2 holds a pair of 9m.
fn live_zero_position(rules: &Ruleset, auto_pass: bool) -> Deal {
    let mut ids = Ids::new();
    let mut s = Setup { dealer: 3, active: Some(1), ..Default::default() };
    s.hands[0] = ids.specs("123m 456m 789p 123s 44s 5z 6z 1f");
    s.hands[1] = ids.specs("1111z 234p 567p 678s 22z 3m 9m");
    s.hands[2] = ids.specs("99m 345p 345s 789s 33z 4z 7z 8m");
    s.hands[3] = ids.specs("456s 567m 222p 777z 11p 6p 8p");
    let placed: Vec<u8> = (0..144u8).filter(|&t| ids.0[t as usize]).collect();
    let rest: Vec<u8> = (0..136u8).filter(|t| !placed.contains(t)).collect();
    // keep 16 tiles (with the remaining bonus tiles) for the dead wall; discard the others
    let keep_bonus = (137..144u8).filter(|t| !placed.contains(t)).count();
    let discard_n = rest.len() - (16 - keep_bonus);
    assert_eq!(discard_n % 4, 2, "P1 is the third seat from the dealer P3");
    for (i, &t) in rest[..discard_n].iter().enumerate() {
        s.discards[(3 + i) % 4].push(TileSpec::Id(t));
    }
    let d = Deal::from_setup(rules, &s, DealOptions::new(auto_pass, true)).unwrap();
    assert_eq!(d.remaining(), 0);
    d
}

fn code_of(d: &mut Deal, a: Action) -> IllegalCode {
    let before = d.snapshot();
    let e = d.apply(&a).expect_err("illegal");
    assert_eq!(d.snapshot(), before, "{a}: the state is unchanged");
    match e {
        MahjongError::IllegalAction { code, .. } => code,
        other => panic!("{other:?}"),
    }
}

/// TW §17 (HK §13 with live in place of remaining): every code, each with the state unchanged.
#[test]
fn every_section_17_code_leaves_the_state_unchanged() {
    use ActionType as A;
    use IllegalCode as C;
    let rules = tw(TaiTable::High, 5);
    let mut seen = std::collections::BTreeSet::new();
    let mut note = |c: C| {
        seen.insert(c.code());
    };
    // the start of a dealt deal, every player asked in windows
    let mut d = Deal::seeded(&rules, 5, 0, 0, [0; 4], DealOptions::new(false, true)).unwrap();
    assert_eq!(d.hand_size(0), 17);
    let t0 = d.hand(0)[0];
    let t1 = d.hand(1)[0];
    assert_eq!(code_of(&mut d, Action::discard(1, t1)), C::NotYourTurn);
    note(C::NotYourTurn);
    assert_eq!(code_of(&mut d, Action::bare(A::Pass, 0)), C::WrongPhase);
    note(C::WrongPhase);
    assert_eq!(code_of(&mut d, Action::discard(0, UNKNOWN_TILE)), C::UnknownTile);
    note(C::UnknownTile);
    assert_eq!(code_of(&mut d, Action::discard(0, t1)), C::TileNotInHand);
    note(C::TileNotInHand);
    assert_eq!(code_of(&mut d, Action::new(A::ConcealedKong, 0, &[t0])), C::InvalidMeld);
    note(C::InvalidMeld);
    if !d.legal_actions(0).contains(&Action::bare(A::SelfDrawnWin, 0)) {
        assert_eq!(code_of(&mut d, Action::bare(A::SelfDrawnWin, 0)), C::NotAWinningHand);
        note(C::NotAWinningHand);
    }
    d.apply(&Action::discard(0, t0)).unwrap();
    assert_eq!(code_of(&mut d, Action::new(A::Chow, 2, &[t1, t1])), C::ChowNotAllowed);
    note(C::ChowNotAllowed);
    d.apply(&Action::bare(A::Pass, 1)).unwrap();
    assert_eq!(code_of(&mut d, Action::bare(A::Pass, 1)), C::AlreadyResponded);
    note(C::AlreadyResponded);

    // live = 0: no kong (no replacement tile), the last discard only for a win
    let mut d = live_zero_position(&rules, false);
    let ones: Vec<u8> = d.hand(1).iter().copied().filter(|&t| t >> 2 == 27).collect();
    assert_eq!(code_of(&mut d, Action::new(A::ConcealedKong, 1, &ones)), C::NoReplacementTile);
    note(C::NoReplacementTile);
    let nine = *d.hand(1).iter().find(|&&t| t >> 2 == 8).unwrap(); // 9m
    d.apply(&Action::discard(1, nine)).unwrap();
    assert!(d.to_act().contains(&2));
    let pair: Vec<u8> = d.hand(2).iter().copied().filter(|&t| t >> 2 == 8).collect();
    assert_eq!(code_of(&mut d, Action::new(A::Pung, 2, &pair)), C::LastDiscardWinOnly);
    note(C::LastDiscardWinOnly);
    for q in [2u8, 3, 0] {
        d.apply(&Action::bare(A::Pass, q)).unwrap();
    }
    assert_eq!(d.result().unwrap().draw_reason, Some(DrawReason::LastDiscard));
    assert_eq!(code_of(&mut d, Action::discard(1, nine)), C::DealOver);
    note(C::DealOver);

    // BELOW_MINIMUM: the dealer's complete dealt hand (heavenly blessing, 14+ Tai in the low
    // table) under a minimum of 200; legal under the default 5
    let mut ids = Ids::new();
    let mut s = Setup { dealer: 0, ..Default::default() };
    s.hands[0] = ids.specs("123m 456m 789m 123p 789s 99s");
    s.hands[1] = ids.specs("19m 19p 1234z 567z 1z 2z 3z 4z 9p");
    s.hands[2] = ids.specs("22m 33m 55m 66m 77p 88p 44z 4p 5p");
    s.hands[3] = ids.specs("111s 222s 333s 444s 55s 6z 7z");
    let mut d = Deal::from_setup(&tw(TaiTable::Low, 200), &s, DealOptions::default()).unwrap();
    assert_eq!(code_of(&mut d, Action::bare(A::SelfDrawnWin, 0)), C::BelowMinimum);
    note(C::BelowMinimum);
    let d = Deal::from_setup(&tw(TaiTable::Low, 5), &s, DealOptions::default()).unwrap();
    assert!(d.legal_actions(0).contains(&Action::bare(A::SelfDrawnWin, 0)), "the heavenly blessing is legal at 5");
    assert_eq!(seen.len(), 12, "{seen:?}");
}
