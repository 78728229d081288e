//! Taiwanese matches (TW §15–§16), the deal options, and the deal's end on a bonus tile as the
//! last live tile (TW §4.2, §8).

use super::*;

/// Matches of greedy seats: dealer, streak, passes, round wind and scores follow TW §15–§16
/// deal by deal, and a dealer streak of 2 or more is reached.
#[test]
fn matches_follow_section_16() {
    use mahjong_fast::sim::play_match;
    let mut streak2 = 0;
    let mut deals = 0;
    for (table, seed) in [(TaiTable::High, 1u64), (TaiTable::Low, 2)] {
        let rules = tw(table, 5);
        let cfg = SimConfig::new(rules.clone(), seed, [SeatKind::Greedy; 4]);
        let mut agents = Agents::new(&cfg);
        for j in 0..12u64 {
            let recs = play_match(&cfg, j, &mut agents).unwrap();
            let mut m = Match::new(&rules, MatchOptions::default()).unwrap();
            let (mut dealer, mut streak, mut passes, mut scores) = (0u8, 0u32, 0u32, [0i64; 4]);
            for (i, r) in recs.iter().enumerate() {
                deals += 1;
                assert_eq!((r.match_index, r.deal_in_match as usize), (Some(j), i));
                assert_eq!(r.deal_index, mahjong_fast::sim::match_deal_key(j, i as u32));
                assert_eq!((r.dealer, r.dealer_streak, r.prevailing_wind), (dealer, streak, (passes / 4) as u8));
                assert!(!m.is_over());
                for (s, x) in scores.iter_mut().zip(r.points) {
                    *s += x;
                }
                assert_eq!(r.scores, scores);
                if r.dealer_streak >= 2 {
                    streak2 += 1;
                }
                // TW §16 table
                if r.winners.is_empty() {
                } else if r.winners.contains(&dealer) {
                    streak += 1;
                } else {
                    dealer = (dealer + 1) % 4;
                    streak = 0;
                    passes += 1;
                }
                m = {
                    let mut next = m.clone();
                    let nd = next.next_deal().unwrap();
                    assert_eq!((nd.dealer, nd.dealer_streak), (r.dealer, r.dealer_streak));
                    // replay the deal to feed the match its result
                    let wall = mahjong_fast::tiles::wall::shuffle(seed, r.deal_index);
                    let mut d =
                        Deal::new(&rules, &wall, nd.dealer, nd.scores, i as u32, nd.options(DealOptions::new(true, false)))
                            .unwrap();
                    play_to_end(&cfg, &mut d, r.deal_index, &mut agents, &mut |_, _, _| Ok(())).unwrap();
                    assert_eq!(d.result().unwrap().payments, r.points);
                    next.record(d.result().unwrap()).unwrap();
                    // a result recorded twice is not the next deal's
                    assert!(next.clone().record(d.result().unwrap()).is_err() || r.exhaustive_draw || next.is_over());
                    next
                };
            }
            assert!(m.is_over());
            assert!(passes >= 4 || recs.len() == 32, "east round: four passes or max_deals");
            assert_eq!(m.scores(), scores);
        }
    }
    eprintln!("{deals} deals in 24 matches, {streak2} with a dealer streak >= 2");
    assert!(streak2 >= 2, "{streak2}");
}

#[test]
fn matches_are_the_same_for_any_thread_count() {
    use mahjong_fast::sim::{play_matches, play_matches_parallel};
    for rules in [tw(TaiTable::High, 5), Ruleset::hong_kong()] {
        let cfg = SimConfig::new(rules, 9, [SeatKind::Random, SeatKind::Greedy, SeatKind::Random, SeatKind::Greedy]);
        let one = play_matches(&cfg, 3, 9).unwrap();
        for threads in [1, 2, 3] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            assert_eq!(pool.install(|| play_matches_parallel(&cfg, 3, 9)).unwrap(), one, "{threads} threads");
        }
        let alone = play_matches(&cfg, 5, 6).unwrap();
        let from: Vec<_> = one.iter().filter(|r| r.match_index == Some(5)).cloned().collect();
        assert_eq!(alone, from);
        assert!(one.iter().all(|r| r.wins.len() == r.winners.len()));
    }
    // Hong Kong: the four deals asked for, dealers by rotate_dealer, scores carried
    let rules = Ruleset::hong_kong().with_switch("rotate_dealer", SwitchValue::Bool(true)).unwrap();
    let cfg = SimConfig {
        match_options: MatchOptions { deals: Some(4), ..MatchOptions::default() },
        ..SimConfig::new(rules, 4, [SeatKind::Greedy; 4])
    };
    let recs = play_matches(&cfg, 0, 2).unwrap();
    assert_eq!(recs.len(), 2 * 4);
    for (i, r) in recs.iter().enumerate() {
        assert_eq!((r.dealer as usize, r.prevailing_wind, r.dealer_streak), (i % 4, 0, 0));
    }
    assert_eq!(recs[3].scores, std::array::from_fn(|p| recs[..4].iter().map(|r| r.points[p]).sum::<i64>()));
}

#[test]
fn deal_options_are_checked() {
    let rules = tw(TaiTable::High, 5);
    let opts = DealOptions { prevailing_wind: 4, ..DealOptions::default() };
    assert!(matches!(Deal::seeded(&rules, 1, 0, 0, [0; 4], opts), Err(MahjongError::InvalidHand { .. })));
    let opts = DealOptions { prevailing_wind: 3, dealer_streak: 7, ..DealOptions::default() };
    let d = Deal::seeded(&rules, 1, 0, 0, [0; 4], opts).unwrap();
    assert_eq!(
        (d.prevailing_wind(), d.dealer_streak(), d.remaining()),
        (3, 7, 63 - (0..4).map(|p| d.bonus(p).len()).sum::<usize>())
    );
}

/// TW §4.2 / §8: the last live tile drawn is a bonus tile and no replacement can be drawn: an
/// exhaustive draw (and before that, the drawing player's win check does not happen).
#[test]
fn a_bonus_tile_as_the_last_live_tile_ends_in_an_exhaustive_draw() {
    let rules = tw(TaiTable::High, 5);
    let mut ids = Ids::new();
    // the discards in seat order from the dealer P2 (uninterrupted, TW §10): P0 is to act
    let mut s = Setup { dealer: 2, active: Some(0), ..Default::default() };
    s.hands[0] = ids.specs("123m 456m 789p 123s 44s 5z 6z 9s");
    s.hands[1] = ids.specs("1111z 234p 567p 678s 22z 3m");
    s.hands[2] = ids.specs("99m 345p 345s 789s 33z 4z 7z 8m");
    s.hands[3] = ids.specs("456s 567m 222p 777z 11p 6p 8p");
    s.draws = ids.specs("2f");
    let placed: Vec<u8> = (0..144u8).filter(|&t| ids.0[t as usize]).collect();
    let rest: Vec<u8> = (0..136u8).filter(|t| !placed.contains(t)).collect();
    // 2f is the one live tile: the dead wall holds the other 16 untaken tiles
    let bonus_left = (136..144u8).filter(|t| !placed.contains(t)).count();
    let n = rest.len() - (16 - bonus_left);
    assert_eq!(n % 4, 2, "P0 is the third seat from the dealer P2");
    for (i, &t) in rest[..n].iter().enumerate() {
        s.discards[(2 + i) % 4].push(TileSpec::Id(t));
    }
    let mut d = Deal::from_setup(&rules, &s, DealOptions::default()).unwrap();
    assert_eq!(d.remaining(), 1);
    let t = *d.hand(0).iter().find(|&&t| t >> 2 == 26).unwrap(); // 9s
    d.apply(&Action::discard(0, t)).unwrap();
    while d.phase().is_window() {
        let q = d.to_act()[0];
        d.apply(&Action::bare(ActionType::Pass, q)).unwrap();
    }
    let r = d.result().expect("ended");
    assert_eq!((r.draw_reason, r.tiles_left), (Some(DrawReason::NoReplacement), 0));
    assert_eq!(d.bonus(1), &[137]);
    assert_eq!(d.hand_size(1), 16);
    check_state_setup(&d);
    let st = r.settlement;
    assert_eq!((st.dealer_after, st.streak_after, st.passed, r.payments), (2, 0, false, [0; 4]));
}

/// The prevailing wind is a deal option for Hong Kong too: a pung of South scores F9 only
/// when South is the prevailing wind (HK §10.2); East (the default) leaves the deal unchanged.
#[test]
fn the_prevailing_wind_option_reaches_the_hong_kong_scorer() {
    let mut faan = Vec::new();
    for wind in [0u8, 1] {
        let mut ids = Ids::new();
        let mut s = Setup { dealer: 0, active: Some(1), ..Default::default() };
        s.hands[0] = ids.specs("19m 19p 19s 1234z 567z");
        s.hands[1] = ids.specs("222z 789m 99s 234p 456s");
        s.hands[2] = ids.specs("12m 56m 34s 67s 89p 34z 4p");
        s.hands[3] = ids.specs("23p 345m 678s 1p 7p 9p 5p 6p");
        s.discards[0] = ids.specs("7z");
        let opts = DealOptions { prevailing_wind: wind, ..DealOptions::default() };
        let d = Deal::from_setup(&Ruleset::hong_kong(), &s, opts).unwrap();
        let sc = d.score_self_drawn(1).unwrap();
        faan.push((sc.value, sc.elements.iter().any(|e| e.code == "F9")));
    }
    assert!(!faan[0].1 && faan[1].1, "{faan:?}");
    assert!(faan[1].0 > faan[0].0);
}

/// `Match::record` refuses a result that is not its next deal's, and changes nothing then.
#[test]
fn a_match_refuses_a_foreign_result() {
    let rules = tw(TaiTable::High, 5);
    let mut m = Match::new(&rules, MatchOptions::default()).unwrap();
    let next = m.next_deal().unwrap();
    assert_eq!((next.dealer, next.dealer_streak, next.prevailing_wind, next.deal_in_match), (0, 0, 0, 0));
    // a deal dealt by P1 is not the match's first deal
    let d = Deal::seeded(&rules, 3, 0, 1, [0; 4], next.options(DealOptions::new(true, false))).unwrap();
    let mut d = d;
    let mut rng = Rng(5);
    let mut legal = Vec::new();
    while !d.is_over() {
        let p = d.to_act()[0];
        d.legal_actions_into(p, &mut legal);
        d.apply(&legal[rng.below(legal.len())]).unwrap();
    }
    let before = m.clone();
    assert!(matches!(m.record(d.result().unwrap()), Err(MahjongError::InvalidHand { .. })));
    assert_eq!(m, before);
    // a match of one deal is over after it
    let one = mahjong_fast::rules::taiwanese::ruleset(TwSwitches {
        match_length: mahjong_fast::rules::taiwanese::switches::MatchLength::OneDeal,
        ..TwSwitches::default()
    })
    .unwrap();
    let mut m = Match::new(&one, MatchOptions::default()).unwrap();
    let next = m.next_deal().unwrap();
    let mut d = Deal::seeded(&one, 3, 0, next.dealer, next.scores, next.options(DealOptions::new(true, false))).unwrap();
    while !d.is_over() {
        let p = d.to_act()[0];
        d.legal_actions_into(p, &mut legal);
        d.apply(&legal[rng.below(legal.len())]).unwrap();
    }
    m.record(d.result().unwrap()).unwrap();
    assert!(m.is_over() && m.next_deal().is_none());
    assert!(m.record(d.result().unwrap()).is_err());
}

/// A set-up position in which a player already shows all eight bonus tiles cannot exist in a
/// Taiwanese deal (TW §7 would have ended it).
#[test]
fn a_set_up_with_all_eight_bonus_tiles_is_refused() {
    let mut ids = Ids::new();
    let mut s = Setup { dealer: 0, ..Default::default() };
    s.hands[0] = ids.specs("19m 19p 1234z 567z 1z 2z 3z 9s 8m 5s");
    s.hands[1] = ids.specs("1f 2f 3f 4f 5f 6f 7f 8f 123m 456m 789m 123p 44p 6s 7s");
    s.hands[2] = ids.specs("111s 222s 333s 888s 666p 5s");
    s.hands[3] = ids.specs("22m 33m 55m 66m 77p 88p 99p 44z");
    let e = Deal::from_setup(&tw(TaiTable::High, 5), &s, DealOptions::default()).err();
    assert!(matches!(e, Some(MahjongError::InvalidHand { .. })), "{e:?}");
    // the refusal is the TW §7 one, not a hand-size error: one bonus tile fewer is accepted
    s.hands[1].retain(|&t| t != TileSpec::Id(143));
    s.hands[3].push(TileSpec::Id(143));
    assert!(Deal::from_setup(&tw(TaiTable::High, 5), &s, DealOptions::default()).is_ok());
}
