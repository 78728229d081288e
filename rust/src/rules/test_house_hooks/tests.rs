//! Every deal hook through `test-house-hooks`: the tile set, the declaration window and its
//! action, the rule flags (public and private), the claim and discard restrictions, the
//! abortive draw and the liability record settled; and whole deals and matches with every
//! built-in seat kind.

use super::NAME;
use crate::error::{IllegalCode, MahjongError};
use crate::game::{Action, ActionType, Deal, DealOptions, DrawReason, Event, Phase, Setup, TileSpec};
use crate::rules::{preset_names, ruleset_names, Ruleset};
use crate::sim::{play_matches, play_range, SeatKind, SimConfig};

fn rules() -> Ruleset {
    Ruleset::named(NAME).unwrap()
}

fn code(r: crate::error::Result<Option<crate::rules::ScoreOutcome>>) -> Option<IllegalCode> {
    match r {
        Err(MahjongError::IllegalAction { code, .. }) => Some(code),
        _ => None,
    }
}

/// A deal of `seed` with every seat passing the declaration window.
fn passed(seed: u64) -> Deal {
    let mut d = Deal::seeded(&rules(), seed, 0, 0, [0; 4], DealOptions::default()).unwrap();
    for p in 0..4 {
        d.apply(&Action::bare(ActionType::Pass, p)).unwrap();
    }
    d
}

/// A claim-happy policy: a win, else a claim, else pass in the window, else a discard chosen
/// by `r`.
fn pick(legal: &[Action], r: u64) -> Action {
    use ActionType as A;
    let by = |k: &[A]| legal.iter().find(|a| k.contains(&a.kind)).copied();
    by(&[A::Win, A::SelfDrawnWin])
        .or_else(|| by(&[A::Pung, A::Kong, A::Chow]))
        .unwrap_or_else(|| legal[(r as usize) % legal.len()])
}

#[test]
fn registered_in_every_build_and_listed_nowhere() {
    let r = rules();
    assert_eq!((r.name(), r.min_value(), r.hand_tiles()), (NAME, 1, 13));
    assert!(r.has_hooks() && r.several_winners());
    assert_eq!(r.extra_actions(), &[crate::rules::ExtraAction { kind: ActionType::DeclareReady, switch: None }]);
    assert!(r.adds_action(ActionType::DeclareReady) && !r.adds_action(ActionType::Chow));
    assert!(!preset_names().contains(&NAME) && !ruleset_names(true).contains(&NAME));
    // the product's rulesets have no house rule
    for name in ["hong-kong", "taiwanese-high", "taiwanese-low"] {
        let r = Ruleset::named(name).unwrap();
        assert!(!r.has_hooks() && r.tile_set().is_full() && r.extra_actions().is_empty(), "{name}");
    }
}

#[test]
fn the_wall_is_the_136_tile_set() {
    let r = rules();
    assert_eq!(r.tile_set().len(), 136);
    let d = passed(3);
    assert_eq!(d.wall_ids().len(), 136);
    let mut ids = d.tile_locations();
    ids.sort_unstable();
    assert_eq!(ids, (0..136).collect::<Vec<u8>>());
    // a wall of the 136 ids, or of all 144 (filtered), is taken; a bonus id is refused
    let w: Vec<u8> = (0..136).collect();
    assert!(Deal::new(&r, &w, 0, [0; 4], 0, DealOptions::default()).is_ok());
    let full: Vec<u8> = (0..144).rev().collect();
    let d = Deal::new(&r, &full, 0, [0; 4], 0, DealOptions::default()).unwrap();
    assert_eq!(d.wall_ids()[0], 135);
    let mut bad = w.clone();
    bad[5] = 140;
    let e = Deal::new(&r, &bad, 0, [0; 4], 0, DealOptions::default()).unwrap_err();
    assert!(e.to_string().contains("136-tile set"), "{e}");
    // a set-up position cannot place a bonus tile
    let mut s = Setup {
        dealer: 0,
        active: None,
        hands: Default::default(),
        melds: Default::default(),
        discards: Default::default(),
        draws: vec![],
        tail: vec![],
        seed: 1,
        scores: [0; 4],
        deal_index: 0,
    };
    for p in 0..4 {
        s.hands[p] = (0..13 + usize::from(p == 0)).map(|i| TileSpec::Kind((i % 9 + 9 * (p % 3)) as u8)).collect();
    }
    s.hands[1][0] = TileSpec::Id(137);
    let e = Deal::from_setup(&r, &s, DealOptions::default()).unwrap_err();
    assert!(e.to_string().contains("not in the ruleset's 136-tile set"), "{e}");
}

#[test]
fn the_declaration_window_and_its_action() {
    let mut d = Deal::seeded(&rules(), 5, 0, 2, [0; 4], DealOptions::default()).unwrap();
    assert_eq!(d.phase(), Phase::Declare);
    assert_eq!(d.to_act(), &[0, 1, 2, 3]);
    assert_eq!(d.legal_actions(1), vec![Action::bare(ActionType::Pass, 1), Action::bare(ActionType::DeclareReady, 1)]);
    let before = d.snapshot();
    let disc = Action::discard(2, d.hand(2)[0]);
    assert_eq!(code(d.check(&disc)), Some(IllegalCode::WrongPhase));
    assert_eq!(code(d.check(&Action::new(ActionType::DeclareReady, 1, &[3]))), Some(IllegalCode::InvalidMeld));
    assert_eq!(d.snapshot(), before, "a refused action changes nothing");
    d.apply(&Action::bare(ActionType::DeclareReady, 1)).unwrap();
    assert!(d.rule_state().public_flag(1, 0));
    assert_eq!(code(d.check(&Action::bare(ActionType::Pass, 1))), Some(IllegalCode::AlreadyResponded));
    assert!(d.events().iter().any(|e| matches!(e, Event::RuleFlag { player: 1, flag: "ready", value: true, public: true, .. })));
    for p in [0, 2, 3] {
        d.apply(&Action::bare(ActionType::Pass, p)).unwrap();
    }
    // then the dealer acts with the dealt tiles (HK §5.2)
    assert_eq!((d.phase(), d.to_act(), d.dealer_start()), (Phase::Action, &[2u8][..], true));
    // the action is refused outside the window, and by a ruleset that does not add it
    assert_eq!(code(d.check(&Action::bare(ActionType::DeclareReady, 2))), Some(IllegalCode::WrongPhase));
    let mut hk = Deal::seeded(&Ruleset::hong_kong(), 5, 0, 2, [0; 4], DealOptions::default()).unwrap();
    assert_eq!(hk.phase(), Phase::Action);
    let e = hk.apply(&Action::bare(ActionType::DeclareReady, 2)).unwrap_err();
    assert!(matches!(e, MahjongError::IllegalAction { code: IllegalCode::WrongPhase, .. }), "{e}");
}

#[test]
fn four_declarations_are_an_abortive_draw() {
    let mut d = Deal::seeded(&rules(), 8, 0, 0, [5, 0, 0, -5], DealOptions::default()).unwrap();
    for p in [3, 0, 2, 1] {
        d.apply(&Action::bare(ActionType::DeclareReady, p)).unwrap();
    }
    assert_eq!(d.phase(), Phase::Ended);
    let r = d.result().unwrap();
    assert_eq!(r.draw_reason, Some(DrawReason::Abortive("four_ready")));
    assert!(r.wins.is_empty() && r.payments == [0; 4] && r.scores == [5, 0, 0, -5]);
    assert_eq!(r.settlement.dealer_after, 0, "a draw: the dealer keeps the seat");
    assert!(matches!(d.events().last(), Some(Event::ExhaustiveDraw { reason }) if reason.name() == "four_ready"));
    // three declarations are not
    let mut d = Deal::seeded(&rules(), 8, 0, 0, [0; 4], DealOptions::default()).unwrap();
    for p in 0..3 {
        d.apply(&Action::bare(ActionType::DeclareReady, p)).unwrap();
    }
    d.apply(&Action::bare(ActionType::Pass, 3)).unwrap();
    assert_eq!(d.phase(), Phase::Action);
}

/// Plays seeded deals with the claim-happy policy, calling `at(deal, player, legal)` before each
/// decision; `declare(p)` says which seats declare ready.
fn play(
    seeds: std::ops::Range<u64>,
    declare: impl Fn(u8) -> bool,
    mut at: impl FnMut(&mut Deal, u8, &[Action]) -> Option<Action>,
) {
    for seed in seeds {
        // no auto-pass: every seat answers every window (a flagged seat is asked too)
        let mut d = Deal::seeded(&rules(), seed, 0, (seed % 4) as u8, [0; 4], DealOptions::new(false, true)).unwrap();
        for p in 0..4 {
            let k = if declare(p) { ActionType::DeclareReady } else { ActionType::Pass };
            d.apply(&Action::bare(k, p)).unwrap();
        }
        let mut n = seed;
        while d.phase() != Phase::Ended {
            let p = d.to_act()[0];
            let legal = d.legal_actions(p);
            assert!(legal.iter().all(|a| d.is_legal(a)));
            n = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = at(&mut d, p, &legal).unwrap_or_else(|| pick(&legal, n >> 33));
            d.apply(&a).unwrap();
        }
        assert_eq!(d.result().unwrap().payments.iter().sum::<i64>(), 0);
        let mut ids = d.tile_locations();
        ids.sort_unstable();
        assert_eq!(ids, (0..136).collect::<Vec<u8>>(), "every id once");
    }
}

#[test]
fn a_declared_seat_may_not_chow_or_pung() {
    let mut refused = 0;
    play(
        0..300,
        |p| p == 1,
        |d, p, legal| {
            if p == 1 && d.phase() == Phase::Response {
                assert!(legal.iter().all(|a| !matches!(a.kind, ActionType::Chow | ActionType::Pung)));
                let k = d.window_tile().unwrap() >> 2;
                let mine: Vec<u8> = d.hand(1).iter().copied().filter(|t| t >> 2 == k).collect();
                if mine.len() >= 2 && d.remaining() > 0 {
                    let before = d.snapshot();
                    assert_eq!(code(d.check(&Action::new(ActionType::Pung, 1, &mine[..2]))), Some(IllegalCode::ReadyLocked));
                    assert_eq!(d.snapshot(), before);
                    refused += 1;
                }
            }
            None
        },
    );
    assert!(refused > 10, "{refused} pungs refused");
}

#[test]
fn pass_over_blocks_win_claims_until_the_next_draw() {
    let (mut set, mut refused) = (0, 0);
    play(
        0..4000,
        |_| false,
        |d, p, legal| {
            let flagged = d.rule_state().private_flag(p as usize, 0);
            if flagged && d.phase() == Phase::Response && d.score_claim(p as usize).is_ok_and(|s| s.is_win) {
                assert!(legal.iter().all(|a| a.kind != ActionType::Win));
                assert_eq!(code(d.check(&Action::bare(ActionType::Win, p))), Some(IllegalCode::PassOver));
                refused += 1;
            }
            if flagged && d.phase() == Phase::Action && d.active() == Some(p) {
                panic!("the flag is cleared by the seat's draw");
            }
            // pass every win on a discard, to earn the flag (a private event)
            if d.phase() == Phase::Response && legal.iter().any(|a| a.kind == ActionType::Win) {
                let pass = Action::bare(ActionType::Pass, p);
                let mut after = d.clone();
                after.apply(&pass).unwrap();
                let private = after.events()[d.events().len()..].iter().find_map(|e| match e {
                    Event::RuleFlag { player, flag, value, public, .. } if *player == p => Some((*flag, *value, *public)),
                    _ => None,
                });
                assert_eq!(private, Some(("pass_over", true, false)));
                set += 1;
                return Some(pass);
            }
            None
        },
    );
    assert!(set > 300 && refused >= 3, "set {set}, refused {refused}");
}

#[test]
fn the_claimed_kind_may_not_be_discarded_after_a_claim() {
    let mut refused = 0;
    play(
        0..300,
        |_| false,
        |d, p, legal| {
            if d.phase() == Phase::AfterClaim {
                let k = d.melds(p as usize).last().unwrap().claimed_tile.unwrap() >> 2;
                assert!(legal.iter().all(|a| a.tiles.as_slice()[0] >> 2 != k), "{legal:?}");
                if let Some(&t) = d.hand(p as usize).iter().find(|&&t| t >> 2 == k) {
                    let before = d.snapshot();
                    assert_eq!(code(d.check(&Action::discard(p, t))), Some(IllegalCode::ForbiddenDiscard));
                    assert_eq!(d.snapshot(), before);
                    refused += 1;
                }
            }
            None
        },
    );
    assert!(refused > 10, "{refused} discards refused");
}

#[test]
fn liability_records_are_made_and_settled() {
    let (mut records, mut paid, mut unmoved) = (0, 0, 0);
    for seed in 0..1500u64 {
        let mut d = passed(seed);
        let mut n = seed;
        while d.phase() != Phase::Ended {
            let p = d.to_act()[0];
            let legal = d.legal_actions(p);
            n = n.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            d.apply(&pick(&legal, n >> 33)).unwrap();
        }
        let st = d.rule_state().clone();
        records += st.records.len();
        for r in &st.records {
            assert_eq!(r.pattern, "fourth_set");
            assert!(d
                .events()
                .iter()
                .any(|e| matches!(e, Event::Liability { player, liable, .. } if *player == r.seat && *liable == r.liable)));
        }
        let res = d.result().unwrap();
        if let [w] = &res.wins[..] {
            if let Some(r) = st.records.iter().find(|r| r.seat == w.player).filter(|_| w.discarder.is_none()) {
                // the liable seat pays the whole self-drawn win; the others pay nothing
                let whole = -w.payments.iter().enumerate().filter(|(q, _)| *q != w.player as usize).map(|(_, x)| x).sum::<i64>();
                for q in 0..4u8 {
                    let want = if q == w.player {
                        whole
                    } else if q == r.liable {
                        -whole
                    } else {
                        0
                    };
                    assert_eq!(res.payments[q as usize], want, "seed {seed}");
                }
                paid += 1;
            } else if st.records.iter().any(|r| r.seat == w.player) {
                // a win on a discard is paid as the ruleset pays it
                assert_eq!(res.payments, w.payments, "seed {seed}");
                unmoved += 1;
            }
        }
    }
    assert!(records > 20 && paid > 0 && unmoved > 0, "{records} records, {paid} settled, {unmoved} on a discard");
}

#[test]
fn every_seat_kind_plays_deals_and_matches() {
    let r = rules();
    let kinds = [SeatKind::Random, SeatKind::Greedy, SeatKind::Value, SeatKind::Strong, SeatKind::Expert];
    let mut aborted = 0;
    for k in kinds {
        let cfg = SimConfig::new(r.clone(), 4, [k, SeatKind::Random, k, SeatKind::Greedy]);
        let recs = play_range(&cfg, 0, 60).unwrap();
        let matches = play_matches(&cfg, 0, 5).unwrap();
        assert_eq!(matches.len(), 20);
        for rec in recs.iter().chain(&matches) {
            assert_eq!(rec.points.iter().sum::<i64>(), 0);
            aborted += usize::from(rec.exhaustive_draw && rec.discards == 0);
        }
        assert!(recs.iter().any(|r| !r.wins.is_empty()), "{k:?} wins");
    }
    let random = SimConfig::new(r.clone(), 4, [SeatKind::Random; 4]);
    aborted += play_range(&random, 0, 200).unwrap().iter().filter(|r| r.exhaustive_draw && r.discards == 0).count();
    assert!(aborted > 0, "random seats declare all four sometimes");
}
