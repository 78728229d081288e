//! The test ruleset plays whole deals and matches through the engine, the agents and the
//! simulation, with its own minimum, table, dead wall, several winners, payments and dealer
//! rotation.

use crate::game::{ActionType, Deal, DealOptions, Phase};
use crate::rules::{ruleset_names, Ruleset, SwitchValue};
use crate::sim::{play_matches, SeatKind, SimConfig};

const NAME: &str = "test-hong-kong-one-faan";

fn rules() -> Ruleset {
    Ruleset::named(NAME).unwrap()
}

#[test]
fn registered_by_name_with_its_own_switch() {
    let r = rules();
    assert_eq!((r.name(), r.unit(), r.min_value(), r.dead_wall(), r.hand_tiles()), (NAME, "faan", 1, 14, 13));
    assert!(r.several_winners());
    let r3 = r.with_switch("min_faan", SwitchValue::Int(3)).unwrap();
    assert_eq!(r3.min_value(), 3);
    assert_ne!(r3, r);
    assert_eq!(Ruleset::from_switches(NAME, r3.switch_values()).unwrap(), r3);
    // a Hong Kong switch it does not have is named
    let e = r.with_switch("max_faan", SwitchValue::Int(13)).unwrap_err();
    assert!(e.to_string().contains("max_faan"), "{e}");
    // the product's names do not list it
    assert!(!ruleset_names(true).contains(&NAME));
}

#[test]
fn a_drawn_deal_stops_at_its_dead_wall() {
    let r = rules();
    let mut legal = Vec::new();
    let mut draws = 0;
    for seed in 0..40u64 {
        let mut deal = Deal::seeded(&r, seed, 0, 0, [0; 4], DealOptions::default()).unwrap();
        while deal.phase() != Phase::Ended {
            let p = deal.to_act()[0];
            deal.legal_actions_into(p, &mut legal);
            // pass or discard the first tile: nobody claims, few win
            let a =
                legal.iter().find(|a| !matches!(a.kind, ActionType::Win | ActionType::SelfDrawnWin)).copied().unwrap_or(legal[0]);
            deal.apply(&a).unwrap();
        }
        let res = deal.result().unwrap();
        assert_eq!(res.payments.iter().sum::<i64>(), 0);
        if res.exhaustive_draw() {
            draws += 1;
            // (next front position, next tail position): the tiles between them stay
            let (front, tail) = deal.snapshot().wall;
            assert_eq!(tail + 1 - front as isize, 14, "seed {seed}: 14 tiles are never drawn");
            assert_eq!(res.tiles_left, 0);
        }
    }
    assert!(draws > 10, "{draws} drawn deals");
}

#[test]
fn whole_matches_play_through_the_engine_and_the_agents() {
    let r = rules();
    let mut several = 0;
    for seats in
        [[SeatKind::Random; 4], [SeatKind::Greedy; 4], [SeatKind::Strong, SeatKind::Value, SeatKind::Greedy, SeatKind::Random]]
    {
        let cfg = SimConfig::new(r.clone(), 11, seats);
        let records = play_matches(&cfg, 0, 40).unwrap();
        assert_eq!(records.len(), 40 * 4, "a match is four deals");
        let mut wins = 0;
        for (i, rec) in records.iter().enumerate() {
            assert_eq!(rec.points.iter().sum::<i64>(), 0);
            for w in &rec.wins {
                assert!(w.value >= 1, "every win reaches the minimum of 1");
                wins += 1;
                // T1 is in every breakdown that is not a limit hand
                if w.limit.is_none() {
                    assert!(w.elements.iter().any(|e| e.code == "T1"), "{rec:?}");
                }
            }
            several += usize::from(rec.winners.len() > 1);
            // the dealer keeps the seat on a draw or a win of the dealer's, else it passes
            if rec.deal_in_match < 3 {
                let next = &records[i + 1];
                let keeps = rec.winners.is_empty() || rec.winners.contains(&rec.dealer);
                assert_eq!(next.dealer, if keeps { rec.dealer } else { (rec.dealer + 1) % 4 }, "{rec:?}");
                assert_eq!(next.scores.iter().zip(&rec.scores).map(|(a, b)| a - b).collect::<Vec<_>>(), next.points);
            }
        }
        if seats[0] != SeatKind::Random {
            assert!(wins > 60, "{seats:?}: {wins} wins");
        }
    }
    assert!(several > 0, "several winners on one tile were paid");
}
