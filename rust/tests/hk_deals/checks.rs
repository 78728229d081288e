//! The §13 codes with the state unchanged (HK §13), the minimum, invariants over many seeded
//! deals, bad walls and set-up positions.

use super::*;

#[test]
fn every_section_13_code_leaves_the_state_unchanged() {
    use ActionType as A;
    use IllegalCode as C;
    let mut d = deal_of(E27_HANDS, "8s 9s 5s 7m", "", false);
    let h0 = d.hand(0).to_vec();
    let (t1, t2) = (d.hand(1)[0], d.hand(2)[0]);
    assert_eq!(rejected(&mut d, Action::discard(1, t1)), C::NotYourTurn);
    assert_eq!(rejected(&mut d, Action::bare(A::Pass, 0)), C::WrongPhase);
    assert_eq!(rejected(&mut d, act(A::Discard, 0, &[UNKNOWN_TILE])), C::UnknownTile);
    assert_eq!(rejected(&mut d, Action::discard(0, t1)), C::TileNotInHand);
    assert_eq!(rejected(&mut d, act(A::Discard, 0, &[h0[0], h0[1]])), C::InvalidMeld);
    assert_eq!(rejected(&mut d, act(A::ConcealedKong, 0, &[h0[0], h0[1], h0[2], h0[3]])), C::InvalidMeld);
    assert_eq!(rejected(&mut d, act(A::AddedKong, 0, &[h0[0]])), C::InvalidMeld);
    assert_eq!(rejected(&mut d, Action::bare(A::SelfDrawnWin, 0)), C::NotAWinningHand);
    discard(&mut d, 0, "7z");
    for q in 1..4 {
        d.apply(&Action::bare(A::Pass, q)).unwrap();
    }
    discard(&mut d, 1, "8p");
    let (c45, p99) = (ids(&d, 2, "45p"), ids(&d, 2, "99p"));
    assert_eq!(rejected(&mut d, Action::bare(A::Pass, 1)), C::NotYourTurn);
    assert_eq!(rejected(&mut d, Action::discard(2, t2)), C::WrongPhase);
    assert_eq!(rejected(&mut d, act(A::Chow, 3, &[])), C::ChowNotAllowed);
    assert_eq!(rejected(&mut d, act(A::Chow, 2, &c45)), C::InvalidMeld);
    assert_eq!(rejected(&mut d, act(A::Pung, 2, &p99)), C::InvalidMeld);
    assert_eq!(rejected(&mut d, act(A::Pung, 2, &[p99[0], p99[0]])), C::InvalidMeld);
    assert_eq!(rejected(&mut d, Action::bare(A::Win, 0)), C::NotAWinningHand);
    d.apply(&Action::bare(A::Pass, 3)).unwrap();
    assert_eq!(rejected(&mut d, Action::bare(A::Pass, 3)), C::AlreadyResponded);
    assert_eq!(rejected(&mut d, Action::bare(A::Pass, UNKNOWN_PLAYER)), C::NotYourTurn);
    assert_eq!(rejected(&mut d, act(A::Pass, 2, &[t2])), C::InvalidMeld);
}

#[test]
fn a_win_below_the_minimum_is_rejected() {
    let hands =
        ["5s 19m 19p 1234z 567z 1s 9s", "111m 456m 789p 234s 5s", "11p 22p 33p 44p 55p 66p 7p", "11s 22s 33s 66s 77s 88s 9s"];
    let mut d = deal_of(hands, "", "", false);
    discard(&mut d, 0, "5s");
    let sc = d.score_claim(1).unwrap();
    assert!(sc.value > 0 && sc.value < 3, "{sc:?}");
    assert_eq!(rejected(&mut d, Action::bare(ActionType::Win, 1)), IllegalCode::BelowMinimum);
    assert!(d.legal_actions(1).iter().all(|a| a.kind != ActionType::Win));
}

/// xorshift64* for choosing actions in tests.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Play a seeded deal choosing uniformly among the legal actions; returns the deal.
fn random_deal(seed: u64, i: u32, record: bool, auto_pass: bool) -> Deal {
    let opts = DealOptions::new(auto_pass, record);
    let mut d = Deal::seeded(&Ruleset::hong_kong(), seed, i, (i % 4) as u8, [0; 4], opts).unwrap();
    let mut rng = Rng(seed ^ (i as u64) << 20 | 1);
    let mut legal = Vec::new();
    while !d.is_over() {
        let p = d.to_act()[0];
        d.legal_actions_into(p, &mut legal);
        let a = legal[rng.below(legal.len())];
        d.apply(&a).unwrap();
    }
    d
}

#[test]
fn random_deals_keep_the_invariants() {
    let mut rng = Rng(99);
    let mut legal = Vec::new();
    let (mut wins, mut probes) = (0, 0);
    for i in 0..200u32 {
        let opts = DealOptions::new(i % 3 != 0, true);
        let mut d = Deal::seeded(&Ruleset::hong_kong(), 5, i, (i % 4) as u8, [0; 4], opts).unwrap();
        while !d.is_over() {
            // every tile is in exactly one place; hand sizes follow §5.6
            let mut all = d.tile_locations();
            all.sort_unstable();
            assert_eq!(all, (0..144).collect::<Vec<u8>>());
            for p in 0..4usize {
                let want = if d.phase() == Phase::Action && d.active() == Some(p as u8)
                    || d.phase() == Phase::AfterClaim && d.active() == Some(p as u8)
                {
                    14
                } else {
                    13
                };
                assert_eq!(d.hand_size(p), want, "P{p} in {:?}", d.phase());
            }
            let p = d.to_act()[0];
            d.legal_actions_into(p, &mut legal);
            assert!(!legal.is_empty());
            for a in &legal {
                assert!(d.is_legal(a), "{a} listed but not legal");
            }
            // a random action that is not listed is either rejected without effect or the
            // same claim with other copies
            let t = ActionType::ALL[rng.below(9)];
            let hand = d.hand(p as usize).to_vec();
            let tiles: Vec<u8> = (0..rng.below(4)).map(|_| hand[rng.below(hand.len())]).collect();
            let probe = Action::new(t, p, &tiles);
            if !d.is_legal(&probe) {
                probes += 1;
                let before = d.snapshot();
                assert!(d.apply(&probe).is_err());
                assert_eq!(d.snapshot(), before);
            }
            let a = legal[rng.below(legal.len())];
            d.apply(&a).unwrap();
        }
        let r = d.result().unwrap();
        assert_eq!(r.scores.iter().sum::<i64>(), 0);
        assert_eq!(r.payments.iter().sum::<i64>(), 0);
        wins += r.wins.len();
        assert!(r.wins.len() <= 1, "HK head bump");
    }
    assert!(probes > 1000);
    let _ = wins;
}

#[test]
fn a_deal_is_reproducible_and_recording_changes_nothing() {
    for i in 0..20 {
        let a = random_deal(11, i, true, true);
        let b = random_deal(11, i, false, true);
        assert_eq!(a.result(), b.result());
        assert!(b.events().is_empty());
        assert_eq!(a.snapshot().hands, b.snapshot().hands);
        assert_eq!(random_deal(11, i, true, true).events(), a.events());
    }
}

#[test]
fn bad_walls_are_errors() {
    let r = Ruleset::hong_kong();
    let o = DealOptions::default();
    assert!(Deal::new(&r, &[0; 10], 0, [0; 4], 0, o).is_err());
    let mut w: Vec<u8> = (0..144).collect();
    w[5] = 6;
    assert!(Deal::new(&r, &w, 0, [0; 4], 0, o).is_err());
    w[5] = 5;
    assert!(Deal::new(&r, &w, 4, [0; 4], 0, o).is_err());
    assert!(Deal::new(&r, &w, 3, [0; 4], 0, o).is_ok());
}

#[test]
fn scores_beyond_the_bound_are_refused_so_no_payment_wraps() {
    // HK §1.1 / §11.5: a start from which a payment could leave i64 is an InvalidHand error.
    let r = Ruleset::hong_kong();
    let o = DealOptions::default();
    let w: Vec<u8> = (0..144).collect();
    for bad in [MAX_SCORE + 1, -MAX_SCORE - 1, i64::MAX, i64::MIN] {
        let e = Deal::new(&r, &w, 0, [0, bad, 0, 0], 0, o).err();
        assert!(matches!(e, Some(MahjongError::InvalidHand { .. })), "{bad}: {e:?}");
    }
    assert!(Deal::new(&r, &w, 0, [MAX_SCORE, -MAX_SCORE, 0, 0], 0, o).is_ok());
}

fn specs(s: &str) -> Vec<TileSpec> {
    tokens(s).into_iter().map(|t| if t >= 136 { TileSpec::Id(t as u8) } else { TileSpec::Kind(t as u8) }).collect()
}

#[test]
fn a_set_up_position_plays_on() {
    // South to act after drawing 5s: it holds a pung of 2z and wins by self-draw
    let mut s = Setup { dealer: 0, active: Some(1), seed: 3, ..Default::default() };
    s.hands = [
        specs("19m 19p 19s 1234z 567z"),
        specs("555z 789m 99s 23p 4p 1f"),
        specs("12m 56m 34s 67s 89p 34z 4p"),
        specs("23p 345m 678s 1p 7p 9p 5p 6p"),
    ];
    s.melds[1] = vec![(mahjong_fast::MeldKind::Pung, specs("222z"))];
    s.discards[0] = specs("7z");
    s.draws = specs("2s 3s");
    let mut d = Deal::from_setup(&Ruleset::hong_kong(), &s, DealOptions::default()).unwrap();
    assert_eq!((d.phase(), d.active(), d.turn(), d.dealer_start()), (Phase::Action, Some(1), 1, false));
    assert_eq!(d.drawn_tile().map(|t| t >> 2), Some(tokens("4p")[0] as u8));
    assert_eq!(d.bonus(1), &[136]);
    assert_eq!(d.remaining(), 144 - 14 - 13 - 13 - 13 - 1 - 1);
    let mut all = d.tile_locations();
    all.sort_unstable();
    assert_eq!(all, (0..144).collect::<Vec<u8>>());
    assert_eq!(d.legal_actions(1)[0], Action::bare(ActionType::SelfDrawnWin, 1));
    let t = d.hand(1)[0];
    d.apply(&Action::discard(1, t)).unwrap();
    // West and the rest then draw the chosen tiles in order
    assert!(d.phase() != Phase::Ended);
    while d.phase().is_window() {
        let q = d.to_act()[0];
        d.apply(&Action::bare(ActionType::Pass, q)).unwrap();
    }
    assert_eq!(d.drawn_tile().map(|t| t >> 2), Some(tokens("2s")[0] as u8));
}

#[test]
fn impossible_positions_are_errors() {
    let r = Ruleset::hong_kong();
    let o = DealOptions::default();
    let base = || Setup {
        hands: [
            specs("19m 19p 19s 1234z 567z 5s"),
            specs("123m 456m 789p 234s 5s"),
            specs("11p 22p 33p 44p 55p 66p 7p"),
            specs("11s 22s 33s 66s 77s 88s 9s"),
        ],
        ..Default::default()
    };
    assert!(Deal::from_setup(&r, &base(), o).is_ok());
    let mut s = base();
    // 5s: one each in East's, South's and North's hands, two discarded: a fifth copy
    s.hands[3] = specs("11s 22s 33s 66s 77s 88s 5s");
    s.discards[2] = specs("5s 5s");
    assert!(matches!(Deal::from_setup(&r, &s, o), Err(MahjongError::InvalidHand { .. })));
    let mut s = base();
    s.hands[1].pop(); // 12 tiles
    assert!(matches!(Deal::from_setup(&r, &s, o), Err(MahjongError::InvalidHand { .. })));
    let mut s = base();
    s.hands[0][0] = TileSpec::Id(5);
    s.hands[1][0] = TileSpec::Id(5); // one tile in two places
    assert!(matches!(Deal::from_setup(&r, &s, o), Err(MahjongError::InvalidHand { .. })));
    let mut s = base();
    s.hands[2] = specs("11p 22p 33p 44p 7p 9p 9p");
    s.hands[2].truncate(4);
    s.melds[2] = vec![(mahjong_fast::MeldKind::Chow, specs("7p 9p 9p"))]; // not a run
    assert!(matches!(Deal::from_setup(&r, &s, o), Err(MahjongError::InvalidHand { .. })));
}
