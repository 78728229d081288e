//! The expert's tests: legal and deterministic whole deals under every ruleset, decisions that
//! do not depend on hidden tiles, values that agree with the decision.

use super::offence::RACE_LONE;
use super::DeclarationValue;
use super::*;
use crate::agents::knowledge::{ExpertStyle, Knowledge};
use crate::agents::LegalOption;
use crate::game::{ActionType, Deal, DealOptions, Phase};
use crate::rules::SwitchValue;
use crate::sim::{play_range, play_range_parallel, SeatKind, SimConfig};
use crate::tiles::tile::Tile;

/// The expert's decision and its option values for `p` in `deal`, read from `p`'s view only.
fn decide(agent: &mut ExpertAgent, deal: &Deal, p: u8) -> (usize, Vec<f64>) {
    let view = deal.view(p);
    let legal = deal.legal_actions(p);
    let disc = view.last_discard().map(|(_, t)| t >> 2);
    let options: Vec<LegalOption> = legal.iter().map(|a| crate::sim::option_of(a, disc)).collect();
    let melds: Vec<Meld> = view.melds(p as usize).iter().map(|m| m.core()).collect();
    let u = view.unseen_counts();
    let s = Situation { concealed: view.hand_counts(), melds: &melds, unseen: &u, discard: disc.map(Tile), legal: &options };
    let mut buf = ExpertViewBuf::default();
    let v = buf.read(&view);
    let i = agent.choose(&s, &v).unwrap();
    let values = agent.option_values(&s, &v).unwrap();
    (i, values)
}

fn rulesets() -> Vec<Ruleset> {
    vec![
        Ruleset::hong_kong(),
        Ruleset::named("taiwanese-high").unwrap(),
        Ruleset::named("taiwanese-low").unwrap(),
        Ruleset::hong_kong().with_switch("min_faan", SwitchValue::Int(0)).unwrap(),
    ]
}

#[test]
fn whole_deals_with_expert_seats_are_legal_and_deterministic_under_every_ruleset() {
    // Every action the agent picks is one of the engine's legal actions, and the engine
    // re-checks it on apply: a refusal would end the run with an error.
    for rules in rulesets() {
        let name = rules.name();
        let cfg = SimConfig::new(rules.clone(), 31, [SeatKind::Expert; 4]);
        let recs = play_range(&cfg, 0, 300).unwrap();
        let wins = recs.iter().filter(|r| r.winner().is_some()).count();
        assert!(wins > 20, "{name}: {wins}");
        assert!(recs.iter().all(|r| r.winner().is_none() || r.value >= rules.min_value()), "{name}");
        let cfg = SimConfig { seats: [SeatKind::Expert, SeatKind::Greedy, SeatKind::Strong, SeatKind::Random], ..cfg };
        let one = play_range(&cfg, 100, 200).unwrap();
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        assert_eq!(pool.install(|| play_range_parallel(&cfg, 100, 200)).unwrap(), one, "{name}");
        assert_eq!(play_range(&cfg, 100, 200).unwrap(), one, "{name}");
    }
}

/// Walk a deal played by greedy seats and, at every decision of P0 and P3, compare the
/// expert's decision with [`best_option`] of its values.
#[test]
fn the_decision_is_the_best_of_the_option_values() {
    for rules in rulesets() {
        let mut agent = ExpertAgent::new(rules.clone());
        let mut greedy = crate::agents::GreedyAgent::new(*rules.shapes());
        let mut compared = 0;
        for seed in 0..12u64 {
            let wall = crate::tiles::wall::shuffle(seed, 0);
            let mut deal = Deal::new(&rules, &wall, 0, [0; 4], 0, DealOptions::new(false, false)).unwrap();
            while deal.phase() != Phase::Ended {
                let p = deal.to_act()[0];
                let legal = deal.legal_actions(p);
                let (i, values) = decide(&mut agent, &deal, p);
                assert_eq!(values.len(), legal.len());
                let view = deal.view(p);
                let disc = view.last_discard().map(|(_, t)| t >> 2);
                let options: Vec<LegalOption> = legal.iter().map(|a| crate::sim::option_of(a, disc)).collect();
                assert_eq!(i, best_option(&options, &values), "{}", rules.name());
                compared += 1;
                // the deal goes on with greedy's choice (a variety of positions)
                let melds: Vec<Meld> = view.melds(p as usize).iter().map(|m| m.core()).collect();
                let u = view.unseen_counts();
                let s = Situation {
                    concealed: view.hand_counts(),
                    melds: &melds,
                    unseen: &u,
                    discard: disc.map(Tile),
                    legal: &options,
                };
                let g = greedy.choose(&s).unwrap();
                deal.apply(&legal[g]).unwrap();
            }
        }
        assert!(compared > 300, "{compared}");
    }
}

/// The kept wait values change no value: at every decision of deals played by expert seats
/// (the look-ahead on, so that many ready hands are valued), an agent that has kept the wait
/// values of every decision before gives the values of one whose cache was emptied.
#[test]
fn kept_wait_values_change_no_value() {
    for rules in rulesets() {
        let mut style = Knowledge::of(&rules).expert_style();
        style.lookahead = 0.5;
        let mut warm = ExpertAgent::with_style(rules.clone(), style);
        let mut cold = ExpertAgent::with_style(rules.clone(), style);
        let mut compared = 0;
        for seed in 0..25u64 {
            let wall = crate::tiles::wall::shuffle(seed, 0);
            let streak = (seed % 3) as u32;
            let mut deal = Deal::new(&rules, &wall, 0, [0; 4], streak, DealOptions::new(false, false)).unwrap();
            while deal.phase() != Phase::Ended {
                let p = deal.to_act()[0];
                let legal = deal.legal_actions(p);
                let (i, values) = decide(&mut warm, &deal, p);
                cold.wait_cache.clear();
                cold.ready_discards.clear();
                let (j, fresh) = decide(&mut cold, &deal, p);
                assert_eq!((i, &values), (j, &fresh), "{} seed {seed}", rules.name());
                compared += 1;
                deal.apply(&legal[i]).unwrap();
            }
        }
        assert!(compared > 500, "{compared}");
        let (w, r) = (warm.wait_cache.hits, warm.ready_discards.hits);
        assert!(w > 1000 && r > 100, "{}: {w} and {r} hits", rules.name());
    }
}

#[test]
fn the_decision_does_not_depend_on_hidden_tiles() {
    // Two deals that differ only in tiles the deciding seat cannot see: a tile of P1's hand
    // swapped with one of P2's. P0 (dealer, at the start) and P3 (in the claim window on P0's
    // discard) see the same view in both and decide the same, with the same values; with the
    // ruleset's weights and with the look-ahead over the next draw on.
    for (rules, lookahead) in rulesets().into_iter().flat_map(|r| [(r.clone(), None), (r, Some(1.0))]) {
        let opts = DealOptions::new(false, false);
        let mut style = Knowledge::of(&rules).expert_style();
        style.lookahead = lookahead.unwrap_or(style.lookahead);
        let mut agent = ExpertAgent::with_style(rules.clone(), style);
        let mut compared = 0;
        for seed in 0..60u64 {
            let wall = crate::tiles::wall::shuffle(seed, 0);
            let a = Deal::new(&rules, &wall, 0, [0; 4], 0, opts).unwrap();
            let pick = |p: usize, other: usize| {
                a.hand(p).iter().copied().find(|&x| x < 136 && !a.hand(other).iter().any(|&y| y >> 2 == x >> 2))
            };
            let (Some(x), Some(y)) = (pick(1, 2), pick(2, 1)) else { continue };
            let mut w2 = wall;
            let i = w2.iter().position(|&t| t == x).unwrap();
            let j = w2.iter().position(|&t| t == y).unwrap();
            w2.swap(i, j);
            let b = Deal::new(&rules, &w2, 0, [0; 4], 0, opts).unwrap();
            if a.bonus(1) != b.bonus(1) || a.bonus(2) != b.bonus(2) || a.hand(0) != b.hand(0) || a.hand(3) != b.hand(3) {
                continue; // the swap moved a bonus replacement: not the same view
            }
            assert_ne!(a.counts(1), b.counts(1));
            let da = decide(&mut agent, &a, 0);
            assert_eq!(da, decide(&mut agent, &b, 0), "{}", rules.name());
            let act = a.legal_actions(0)[da.0];
            if act.kind != ActionType::Discard {
                continue;
            }
            let (mut a, mut b) = (a, b);
            a.apply(&act).unwrap();
            b.apply(&act).unwrap();
            if a.phase() == Phase::Response && a.to_act().contains(&3) && b.to_act().contains(&3) {
                assert_eq!(decide(&mut agent, &a, 3), decide(&mut agent, &b, 3), "{}", rules.name());
            }
            compared += 1;
        }
        assert!(compared > 25, "{}: {compared}", rules.name());
    }
}

#[test]
fn the_future_situation_is_one_the_ruleset_accepts() {
    // Every progress the expert values a later win in passes the TW §10a history check for a
    // hand with as many claimed sets as the seat's discards allow.
    let rules = Ruleset::named("taiwanese-high").unwrap();
    for seat in 0..4u32 {
        for made in 0..40u32 {
            for interrupted in [false, true] {
                for self_drawn in [false, true] {
                    let own = (made + 3 - seat.min(made + 3)) / 4;
                    let p = future_progress(made, own, seat, 0, interrupted, self_drawn);
                    assert!(p.winner_discards <= p.discards);
                    let ctx = crate::rules::WinContext { seat_wind: seat as u8, self_drawn, progress: p, ..Default::default() };
                    let h = crate::tiles::hand::hand("123456789m123p45s11z9s");
                    let mut h13 = h.clone();
                    h13.concealed[26] -= 1;
                    if !interrupted {
                        assert!(rules.check_history(&h13, &ctx, None).is_ok(), "{seat} {made} {self_drawn} {p:?}");
                    }
                }
            }
        }
    }
}

/// The look-ahead value (weight 1) of a 13-equivalent hand one step from ready, from South's
/// view of a quiet table: only the hand and the unseen counts are read.
fn look_value(agent: &mut ExpertAgent, h: &Hand, unseen: &Counts) -> f64 {
    let v = ExpertView::of_table(quiet_table(60));
    agent.pay.update(&agent.rules, agent.style.alpha, agent.style.exact_alpha, 1, 0);
    let shapes = *agent.rules.shapes();
    let sh = agent.ev.shanten(&h.concealed, &h.melds, &shapes).unwrap();
    assert_eq!(sh, 1);
    let (acc, draws) = agent.ukeire13(&h.concealed, &h.melds, sh, unseen).unwrap();
    assert!(acc > 0);
    agent.offence(&h.concealed, &h.melds, sh, acc, Some(draws), &v, unseen).unwrap()
}

fn unseen_of(h: &Hand) -> Counts {
    let all = h.all_counts();
    std::array::from_fn(|k| 4 - all[k])
}

#[test]
fn the_lookahead_values_a_hand_by_the_ready_hands_its_draws_reach() {
    let rules = Ruleset::hong_kong();
    let mut style = Knowledge::of(&rules).expert_style();
    style.lookahead = 1.0;
    let mut agent = ExpertAgent::with_style(rules.clone(), style);
    // Two dragon pungs out, the third dragon single: its draws reach ready hands of three
    // faan or more (the dragons, the pair of the third dragon).
    let high = crate::tiles::hand::hand("7z789s24m5p [555z] [666z]");
    // The same shape with a chow and a pung of simples out, in three suits: every ready hand
    // it can reach is under the minimum of three faan (no bonus tile and self-drawn at most),
    // so no draw is a step toward a legal win.
    let low = crate::tiles::hand::hand("7z789s24m5p [222p] [456p]");
    let (uh, ul) = (unseen_of(&high), unseen_of(&low));
    let vh = look_value(&mut agent, &high, &uh);
    let vl = look_value(&mut agent, &low, &ul);
    assert!(vh > 0.0 && vl == 0.0, "{vh} {vl}");
    // the same view gives the same value, whatever was valued before
    assert_eq!(look_value(&mut agent, &high, &uh), vh);
    // fewer live copies of the good draws: a smaller value
    let mut fewer = uh;
    fewer[crate::tiles::tile::parse_tile("3m").unwrap().index()] = 1;
    fewer[crate::tiles::tile::parse_tile("7z").unwrap().index()] = 1;
    let vf = look_value(&mut agent, &high, &fewer);
    assert!(vf < vh && vf > 0.0, "{vf} {vh}");
    // off (weight 0): the ruleset's estimate alone, as before the look-ahead (which keeps
    // some chance for a hand under the minimum when `below_min_keep` is above 0)
    let style = ExpertStyle { lookahead: 0.0, below_min_keep: 0.1, ..Knowledge::of(&rules).expert_style() };
    let mut off = ExpertAgent::with_style(rules.clone(), style);
    assert!(look_value(&mut off, &low, &ul) > 0.0);
}

/// Progresses the ruleset puts in one class score every hand alike: ready hands of each
/// ruleset's size (concealed, and with a declared set, so that both interruption states
/// occur), every wait, self-drawn and on a discard, in every progress [`future_progress`]
/// gives (each seat, each count of discards made, interrupted or not, every streak class),
/// grouped by class.
#[test]
fn progresses_of_one_class_score_alike() {
    use crate::rules::WinContext;
    let hands = [
        crate::tiles::hand::hand("123456789m123p45s11z"),
        crate::tiles::hand::hand("234m567m222p678p34s99s"),
        crate::tiles::hand::hand("234m567m678p34s99s [222p]"),
        crate::tiles::hand::hand("123456789m45s11z"),
        crate::tiles::hand::hand("234m678p34s99s [222p]"),
        crate::tiles::hand::hand("1112345678999m"),
    ];
    for rules in rulesets() {
        let mut classes = 0;
        for h in &hands {
            let mut h = h.clone();
            if h.concealed.iter().map(|&x| x as usize).sum::<usize>() + 3 * h.melds.len() != rules.shapes().n_sets * 3 + 1 {
                continue; // a hand of the other ruleset's size
            }
            h.bonus = 0;
            let held = crate::analysis::decompose::held_counts(&h.concealed, &h.melds).unwrap();
            let mask = crate::analysis::waits::wait_mask(&h.concealed, &held, h.melds.len(), rules.shapes());
            assert_ne!(mask, 0);
            for self_drawn in [false, true] {
                for seat in 0..4u32 {
                    // (class, the scores of every wait) of the first progress of each class
                    let mut seen: Vec<(crate::rules::DealProgress, Vec<Option<u8>>)> = Vec::new();
                    for made in 0..64u32 {
                        for interrupted in [false, true] {
                            if !interrupted && !h.melds.is_empty() {
                                continue; // a declared set means an interrupted deal
                            }
                            let p = future_progress(made, made.div_ceil(4), seat, made % 3, interrupted, self_drawn);
                            let ctx = WinContext { seat_wind: seat as u8, self_drawn, progress: p, ..Default::default() };
                            let scores: Vec<Option<u8>> = (0..N_KINDS)
                                .filter(|w| mask >> w & 1 == 1)
                                .map(|w| rules.score(&h, Some(Tile(w as u8)), &ctx).ok().filter(|o| o.is_win).map(|o| o.value))
                                .collect();
                            let class = rules.value_progress_class(&p);
                            match seen.iter().find(|(c, _)| *c == class) {
                                Some((_, first)) => assert_eq!(first, &scores, "{} {p:?}", rules.name()),
                                None => seen.push((class, scores)),
                            }
                        }
                    }
                    classes += seen.len();
                }
            }
        }
        assert!(classes > 0, "{}", rules.name());
    }
}

/// South's view of a quiet Hong Kong table (no discards, no sets) with `remaining` tiles in the
/// wall, for decisions on a hand given directly.
fn quiet_table(remaining: u32) -> crate::agents::strong::Table<'static> {
    use crate::rules::wait_values::ValueSituation;
    crate::agents::strong::Table {
        player: 1,
        dealer: 0,
        seat_winds: [0, 1, 2, 3],
        winds: ValueSituation { seat_wind: 1, prevailing_wind: 0 },
        bonus: 0,
        discards: [&[]; 4],
        melds: [&[], &[], &[], &[]],
        remaining,
    }
}

fn kind(code: &str) -> usize {
    crate::tiles::tile::parse_tile(code).unwrap().index()
}

/// The expert's answer to a discard of `offered` that the concealed hand `h` (13 tiles) can
/// win on, with `unseen` copies unseen: true when it lets the win pass.
fn lets_the_win_pass(agent: &mut ExpertAgent, h: &Hand, offered: &str, unseen: &Counts, remaining: u32) -> bool {
    let legal = [LegalOption::new(OptionKind::Win, Tile(kind(offered) as u8)), LegalOption::new(OptionKind::Pass, Tile(0))];
    let s =
        Situation { concealed: &h.concealed, melds: &h.melds, unseen, discard: Some(Tile(kind(offered) as u8)), legal: &legal };
    let v = ExpertView::of_table(quiet_table(remaining));
    let i = agent.choose(&s, &v).unwrap();
    let values = agent.option_values(&s, &v).unwrap();
    assert_eq!(i, best_option(&legal, &values), "the decision is the best of the values");
    i == 1
}

/// HK §10.4 L8: four concealed pungs are a limit hand only self-drawn; won on a discard they
/// score the ordinary elements (here 5 faan: 96 points against 24,576). The expert lets such a
/// discard pass while its waits are live and turns are left, and wins on it otherwise; an
/// ordinary hand wins at once.
#[test]
fn a_concealed_all_pungs_hand_waits_for_its_self_drawn_limit() {
    let rules = Ruleset::hong_kong();
    let mut agent = ExpertAgent::new(rules);
    // 111m 555p 999s and the pairs 22m 88p: waits 2m and 8p
    let h = crate::tiles::hand::hand("111m555p999s22m88p");
    let mut unseen = unseen_of(&h);
    unseen[kind("2m")] -= 1; // the discard on offer is seen
    assert!(lets_the_win_pass(&mut agent, &h, "2m", &unseen, 40));
    assert!(lets_the_win_pass(&mut agent, &h, "2m", &unseen, 8), "even two turns from the end");
    // no copy of either wait left to draw: nothing to wait for
    let mut dead = unseen;
    dead[kind("2m")] = 0;
    dead[kind("8p")] = 0;
    assert!(!lets_the_win_pass(&mut agent, &h, "2m", &dead, 40));
    // the wall is empty: the last discard is the last chance
    assert!(!lets_the_win_pass(&mut agent, &h, "2m", &unseen, 0));
    // a hand whose self-drawn win is worth about what the discard pays: it wins now
    let plain = crate::tiles::hand::hand("123m456p789s234s5s");
    let mut u = unseen_of(&plain);
    u[kind("5s")] -= 1;
    let mut agent = ExpertAgent::new(Ruleset::hong_kong().with_switch("min_faan", SwitchValue::Int(0)).unwrap());
    assert!(!lets_the_win_pass(&mut agent, &plain, "5s", &u, 40));
}

/// HK §9.3, §10.4 L1: a hand whose standard shape is nearer than thirteen orphans, but whose
/// chance of completing thirteen orphans with a whole deal ahead is worth more than its usual
/// value, keeps its orphans (discards a simple); with the long shot off (`long_shot_min` 1) the
/// same hand lets an orphan go.
#[test]
fn a_hand_with_many_orphans_plays_toward_thirteen_orphans() {
    // eight orphan kinds and two runs: standard shanten 4, thirteen orphans 5
    let h = crate::tiles::hand::hand("19m19p1s123z234567s");
    let unseen = unseen_of(&h);
    let legal: Vec<LegalOption> =
        (0..N_KINDS).filter(|&k| h.concealed[k] > 0).map(|k| LegalOption::new(OptionKind::Discard, Tile(k as u8))).collect();
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &unseen, discard: None, legal: &legal };
    let v = ExpertView::of_table(quiet_table(80));
    let rules = Ruleset::hong_kong();
    let orphan = |i: usize| crate::agents::knowledge::ORPHANS.contains(&(legal[i].tile.index()));
    let base = Knowledge::of(&rules).expert_style();
    let mut on = ExpertAgent::with_style(rules.clone(), ExpertStyle { long_shot_min: 0.001, ..base });
    let mut off = ExpertAgent::with_style(rules.clone(), ExpertStyle { long_shot_min: 1.0, ..base });
    let i_on = on.choose(&s, &v).unwrap();
    let i_off = off.choose(&s, &v).unwrap();
    assert!(!orphan(i_on), "keeps the orphans: {:?}", legal[i_on]);
    assert!(orphan(i_off), "plays the standard shape: {:?}", legal[i_off]);
    // the value of keeping them is the long shot's: far above the usual value of the hand
    let values = on.option_values(&s, &v).unwrap();
    assert!(values[i_on] > 10.0 * off.option_values(&s, &v).unwrap()[i_off], "{values:?}");
}

/// HK §19.8 under `liability = big_hands`: West (next in turn after South) shows pungs of two
/// dragons (5z, 6z); South's single 7z is the tile whose pung would make it liable for big
/// three dragons, its single 1z (the prevailing wind: worth the same to South) is safe. Without
/// liability the two discards are valued alike; with it the 7z is valued lower, by the feeding
/// cost alone (every other discard keeps its value), and the expert discards the 1z. Another
/// house rule changes no value (the hook answers nothing).
#[test]
fn a_discard_that_feeds_a_liability_pattern_is_valued_lower() {
    use crate::game::Discard;
    let melds = [
        Meld { kind: MeldKind::Pung, tile: Tile(kind("5z") as u8) },
        Meld { kind: MeldKind::Pung, tile: Tile(kind("6z") as u8) },
    ];
    let discards: [Discard; 3] = [
        Discard { tile: 4 * kind("9m") as u8, claimed_by: None },
        Discard { tile: 4 * kind("1p") as u8, claimed_by: None },
        Discard { tile: 4 * kind("4z") as u8, claimed_by: None },
    ];
    let table =
        crate::agents::strong::Table { melds: [&[], &[], &melds, &[]], discards: [&[], &[], &discards, &[]], ..quiet_table(50) };
    let h = crate::tiles::hand::hand("234m567m2345p88s7z1z");
    let all = h.all_counts();
    let mut unseen: Counts = std::array::from_fn(|k| 4 - all[k]);
    for m in &melds {
        unseen[m.tile.index()] -= 3;
    }
    for d in &discards {
        unseen[(d.tile >> 2) as usize] -= 1;
    }
    let legal: Vec<LegalOption> =
        (0..34).filter(|&k| h.concealed[k] > 0).map(|k| LegalOption::new(OptionKind::Discard, Tile(k as u8))).collect();
    let values = |rules: Ruleset| {
        let mut agent = ExpertAgent::new(rules);
        let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &unseen, discard: None, legal: &legal };
        let v = ExpertView::of_table(table);
        agent.option_values(&s, &v).unwrap()
    };
    let plain = values(Ruleset::hong_kong());
    let off = values(Ruleset::hong_kong().with_switch("pass_over", SwitchValue::Str("same_kind".into())).unwrap());
    let on = values(Ruleset::hong_kong().with_switch("liability", SwitchValue::Str("big_hands".into())).unwrap());
    assert_eq!(plain, off, "a house rule other than liability changes no value");
    let white = legal.iter().position(|o| o.tile.index() == kind("7z")).unwrap();
    let east = legal.iter().position(|o| o.tile.index() == kind("1z")).unwrap();
    assert_eq!(plain[white], plain[east], "the two single honours are worth the same to South");
    assert!(on[white] < on[east]);
    let rules = Ruleset::hong_kong().with_switch("liability", SwitchValue::Str("big_hands".into())).unwrap();
    let mut agent = ExpertAgent::new(rules);
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &unseen, discard: None, legal: &legal };
    assert_eq!(agent.choose(&s, &ExpertView::of_table(table)).unwrap(), east);
    for (i, o) in legal.iter().enumerate() {
        if i == white {
            assert!(on[i] < plain[i], "{}: {} !< {}", o.tile, on[i], plain[i]);
        } else {
            assert_eq!(on[i], plain[i], "{}", o.tile);
        }
    }
    // West's three dragons need the white dragon pung: no other kind feeds it, and no
    // pattern is fed once West has it (a chow of South's tiles makes no fourth set here)
    let rules = Ruleset::hong_kong().with_switch("liability", SwitchValue::Str("big_hands".into())).unwrap();
    let mut m = melds.to_vec();
    m.push(Meld { kind: MeldKind::Pung, tile: Tile(kind("7z") as u8) });
    assert_eq!(rules.claim_liability(&m, ActionType::Pung).map(|r| (r.pattern, r.guarded)), Some(("three_dragons", 13)));
    m.pop();
    m.push(Meld { kind: MeldKind::Pung, tile: Tile(kind("3z") as u8) });
    assert_eq!(rules.claim_liability(&m, ActionType::Pung), None);
}

/// South's 17 tiles `h` under `rules` on the view `v`, its expert with `style` (the ruleset's
/// own weights when None): (declares with the discard of `tile`, the declaration's values).
fn declaration(
    rules: &Ruleset,
    style: Option<ExpertStyle>,
    h: &Hand,
    unseen: &Counts,
    tile: &str,
    v: &ExpertView<'_>,
    flags: &[&str],
) -> (bool, Option<DeclarationValue>) {
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen, discard: None, legal: &[] };
    let t = Tile(kind(tile) as u8);
    let mut agent = match style {
        Some(st) => ExpertAgent::with_style(rules.clone(), st),
        None => ExpertAgent::new(rules.clone()),
    };
    let d = agent.declaration_values(&s, v, t, flags).unwrap();
    (agent.declares(&s, v, t, flags).unwrap(), d)
}

/// TW §20.6.1 with a common table (`taiwanese-omu-star31`): on a quiet table a ready hand
/// declares (C15 adds a Tai to every wait; nothing threatens the locked hand). Facing a seat
/// that declared ready itself (public: that seat is ready for certain), with a wait of one
/// copy left and a cautious style (`caution` 5, plain points), the lock costs
/// more than the Tai brings and the seat keeps its hand free; the same table with that seat
/// not declared makes the lock cheaper. A live qualification the declaration keeps (C29, TW
/// §20.6.2) is worth more than C15. With the high table (no element for it) a declaration is
/// never made.
#[test]
fn a_ready_declaration_is_made_by_value() {
    use crate::game::Discard;
    let star = Ruleset::named("taiwanese-omu-star31").unwrap();
    // 123m 456m 789m 123p 456p, a single 7s: ready on 7s once the 1z goes
    let h = crate::tiles::hand::hand("123m456m789m123p456p7s1z");
    let all = unseen_of(&h);
    let quiet = ExpertView::of_table(quiet_table(40));
    let (yes, d) = declaration(&star, None, &h, &all, "1z", &quiet, &[]);
    let d = d.expect("a declaration adds C15 here");
    assert_eq!(d.added, f64::from(star.element_value("C15").unwrap()));
    assert!(d.gain > 0.0 && d.gain > d.lock_cost && yes, "{d:?}");
    // West declared ready and has discarded a round of tiles; three copies of 7s are gone
    let discards: Vec<Discard> = ["9m", "1p", "4z", "5z", "2s", "8p", "3z", "9p"]
        .iter()
        .map(|t| Discard { tile: 4 * kind(t) as u8, claimed_by: None })
        .collect();
    let table = crate::agents::strong::Table { discards: [&[], &[], &discards, &[]], ..quiet_table(44) };
    let threatened = ExpertView { declared: 1 << 2, ..ExpertView::of_table(table) };
    let mut unseen = all;
    unseen[kind("7s")] = 1;
    for t in &discards {
        unseen[(t.tile >> 2) as usize] -= 1;
    }
    let cautious = ExpertStyle { caution: 5.0, exact_alpha: 1.0, alpha: 1.0, ..Knowledge::of(&star).expert_style() };
    let (yes, d) = declaration(&star, Some(cautious), &h, &unseen, "1z", &threatened, &[]);
    let d = d.unwrap();
    assert!(d.lock_cost > d.gain && !yes, "{d:?}");
    let calm = ExpertView { declared: 0, ..threatened };
    let (_, e) = declaration(&star, Some(cautious), &h, &unseen, "1z", &calm, &[]);
    let e = e.unwrap();
    assert!(e.lock_cost < d.lock_cost, "{e:?} {d:?}");
    // a live qualification kept by the declaration is worth its element
    let (yes, q) = declaration(&star, None, &h, &all, "1z", &quiet, &["earthly_ready"]);
    let q = q.unwrap();
    assert_eq!(q.added, f64::from(star.element_value("C29").unwrap()));
    let (_, c15) = declaration(&star, None, &h, &all, "1z", &quiet, &[]);
    assert!(yes && q.gain > c15.unwrap().gain);
    let high = Ruleset::named("taiwanese-high").unwrap().with_switch("ready_declaration", SwitchValue::Bool(true)).unwrap();
    assert_eq!(declaration(&high, None, &h, &all, "1z", &quiet, &[]), (false, None));
}

/// TW §20.6.3 (`taiwanese-omu-cml`, `eight_bonus_mode = optional_standalone`): an offered
/// bonus-tile win is taken against a far hand; with plain points (`exact_alpha` 1) a ready full
/// flush kept is worth more than a win made worth 0 Tai, and the win is declined; the decision
/// is always the comparison of the two values. A hand short of tiles (mid initial
/// replacement) is never kept.
#[test]
fn a_bonus_win_on_offer_is_taken_by_value() {
    let cml = Ruleset::named("taiwanese-omu-cml").unwrap();
    let quiet = ExpertView::of_table(quiet_table(60));
    let plain = ExpertStyle { exact_alpha: 1.0, alpha: 1.0, ..Knowledge::of(&cml).expert_style() };
    let ask = |h: &Hand, value: f64, style: Option<ExpertStyle>| {
        let unseen = unseen_of(h);
        let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &unseen, discard: None, legal: &[] };
        let mut agent = match style {
            Some(st) => ExpertAgent::with_style(cml.clone(), st),
            None => ExpertAgent::new(cml.clone()),
        };
        let (take, keep) = agent.bonus_values(&s, &quiet, value, true).unwrap();
        let takes = agent.takes_bonus_win(&s, &quiet, value, true).unwrap();
        assert_eq!(takes, take >= keep);
        (takes, take, keep)
    };
    // 16 scattered tiles, far from ready
    let far = crate::tiles::hand::hand("159m26p37s1234567z1m");
    let c34 = f64::from(cml.element_value("C34").unwrap());
    assert!(ask(&far, c34, None).0);
    assert!(ask(&far, c34, Some(plain)).0);
    // a ready full flush of characters (16 tiles)
    let flush = crate::tiles::hand::hand("111m234m456m678m999m5m");
    let (takes, take, keep) = ask(&flush, 0.0, Some(plain));
    assert!(!takes && keep > take, "{take} {keep}");
    // worth the 8 Tai of C34 the same win is taken
    let (takes, take, keep) = ask(&flush, c34, Some(plain));
    assert!(takes && take > keep, "{take} {keep}");
    let short = crate::tiles::hand::hand("111m234m456m");
    let (takes, _, keep) = ask(&short, 0.0, None);
    assert!(takes && keep == NOT_RATED);
}

/// TW §20.4 with `min_tai` 0 (`taiwanese-omu-standard`): every complete hand wins, so a deal is
/// a race. South holds five sets and two singles, a terminal (1s) and a middle tile (5s), three
/// copies of each unseen; either discard leaves a single wait worth the same. Off a race (the
/// same table with `min_tai` 1, the same weights) the two discards are valued alike (within a
/// thousandth: the 1s goes). In the race the terminal, which one run goes through
/// where three go through the 5s, counts for more as a wait on a discard (the others let it go
/// sooner: `RACE_LONE`): the 5s goes and the wait on the 1s is kept.
#[test]
fn in_a_race_a_wait_the_others_let_go_first_is_kept() {
    let h = crate::tiles::hand::hand("123m456m789m123p789p1s5s");
    let unseen = unseen_of(&h);
    let legal: Vec<LegalOption> =
        (0..N_KINDS).filter(|&k| h.concealed[k] > 0).map(|k| LegalOption::new(OptionKind::Discard, Tile(k as u8))).collect();
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &unseen, discard: None, legal: &legal };
    let v = ExpertView::of_table(quiet_table(60));
    let race = Ruleset::named("taiwanese-omu-standard").unwrap();
    assert_eq!(race.min_value(), 0);
    let style = Knowledge::of(&race).expert_style();
    let floor = race.with_switch("min_tai", SwitchValue::Int(1)).unwrap();
    let mut in_race = ExpertAgent::with_style(race, style);
    let mut off_race = ExpertAgent::with_style(floor, style);
    let option = |code: &str| legal.iter().position(|o| o.tile.index() == kind(code)).unwrap();
    let (one, five) = (option("1s"), option("5s"));
    let off = off_race.option_values(&s, &v).unwrap();
    assert!((off[one] - off[five]).abs() < 0.01, "off a race the two waits are worth about the same: {off:?}");
    assert_eq!(off_race.choose(&s, &v).unwrap(), one);
    let on = in_race.option_values(&s, &v).unwrap();
    assert!(on[five] > on[one] + 0.01, "{on:?}");
    assert_eq!(in_race.choose(&s, &v).unwrap(), five);
    // the reach of a discard: an honour 2.5 times a kind three runs go through, a terminal
    // (one run) twice, a kind whose runs are all blocked by visible copies as an honour; 1 off
    // a race
    assert_eq!(in_race.ron_reach(kind("1z"), &unseen), 1.0 + RACE_LONE);
    assert_eq!(in_race.ron_reach(kind("5s"), &unseen), 1.0);
    assert_eq!(in_race.ron_reach(kind("1s"), &unseen), 1.0 + RACE_LONE * 2.0 / 3.0);
    let mut blocked = unseen;
    blocked[kind("4s")] = 0;
    blocked[kind("6s")] = 0;
    assert_eq!(in_race.ron_reach(kind("5s"), &blocked), 1.0 + RACE_LONE);
    assert_eq!(off_race.ron_reach(kind("1z"), &unseen), 1.0);
}

/// A race is read from the ruleset: a minimum of 0 and a win that pays mostly for being one
/// (the four OMU common-table presets: 5 base points and a Tai each); not under a minimum
/// above 0, nor under Hong Kong's doubling payments with `min_faan` 0.
#[test]
fn a_race_is_a_minimum_of_0_with_flat_payments() {
    for name in ["taiwanese-omu-standard", "taiwanese-omu-cml", "taiwanese-omu-star31", "taiwanese-omu-shenlaiye"] {
        assert!(is_race(&Ruleset::named(name).unwrap()), "{name}");
    }
    for name in ["hong-kong", "taiwanese-high", "taiwanese-low", "hong-kong-benwassa-v1"] {
        assert!(!is_race(&Ruleset::named(name).unwrap()), "{name}");
    }
    assert!(!is_race(&Ruleset::hong_kong().with_switch("min_faan", SwitchValue::Int(0)).unwrap()));
    let omu = Ruleset::named("taiwanese-omu-standard").unwrap();
    assert!(!is_race(&omu.with_switch("min_tai", SwitchValue::Int(1)).unwrap()));
}

/// TW §20.4 with `min_tai` 0: before ready, a kind the hand holds a pair of may come by a pung of
/// any seat's discard, so in a race its copies weigh in the ukeire by how soon the others let the
/// kind go; a single's, and every kind off a race, count as drawn. Here the improving draws are
/// the East wind (a pair: two copies unseen, weighed 2.5), the 5s (a pair: two unseen, three
/// runs through it: weighed 1) and the 4m (a single: three unseen).
#[test]
fn in_a_race_a_pair_the_others_let_go_weighs_more_in_the_ukeire() {
    let h = crate::tiles::hand::hand("1z1z5s5s4m");
    let unseen = unseen_of(&h);
    let draws = 1u64 << kind("1z") | 1 << kind("5s") | 1 << kind("4m");
    let plain = f64::from(unseen[kind("1z")] + unseen[kind("5s")] + unseen[kind("4m")]);
    assert_eq!(plain, 7.0);
    let race = Ruleset::named("taiwanese-omu-standard").unwrap();
    let agent = ExpertAgent::new(race.clone());
    let weighted = 2.0 * (1.0 + RACE_LONE) + 2.0 + 3.0;
    assert_eq!(agent.race_ukeire(&h.concealed, 14, Some(draws), &unseen), 14.0 * weighted / plain);
    // without the mask the ukeire (a proxy) is kept
    assert_eq!(agent.race_ukeire(&h.concealed, 16, None, &unseen), 16.0);
}
