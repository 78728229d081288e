//! Tests of the environment's core: the mask against the engine's legal list at every step,
//! the encoding's planes against the deal, rewards against the payments, determinism.

#![allow(clippy::needless_range_loop)] // the tests index several arrays by kind

use super::actions::{index_of, ActionMap, CHOW, KONG, N_ACTIONS, PASS, PUNG, WIN};
use super::obs::{encode, ObsBuf, ObsOptions, BASE_PLANES, N_COLS};
use super::tables::{BatchOut, IllegalMode, Table};
use super::*;
use crate::game::{Action, ActionType};
use crate::rules::Ruleset;
use crate::sim::SeatKind;
use std::hash::{Hash, Hasher};

/// Tiny xorshift for the tests' learner choices (never for walls).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn learners() -> [Seat; 4] {
    [Seat::Learner; 4]
}

struct Bufs {
    obs: Vec<f32>,
    mask: Vec<u8>,
    reward: Vec<f32>,
    seat: Vec<i8>,
    done: Vec<bool>,
}

impl Bufs {
    fn new(n: usize, opts: &ObsOptions) -> Bufs {
        Bufs {
            obs: vec![0.0; n * opts.len()],
            mask: vec![0; n * N_ACTIONS],
            reward: vec![0.0; n * 4],
            seat: vec![0; n],
            done: vec![false; n],
        }
    }
    fn out(&mut self) -> BatchOut<'_> {
        BatchOut {
            obs: Some(&mut self.obs),
            mask: &mut self.mask,
            reward: &mut self.reward,
            seat: &mut self.seat,
            done: &mut self.done,
        }
    }
}

/// A random legal index of table `i`'s mask.
fn pick(rng: &mut Rng, mask: &[u8]) -> i64 {
    let legal: Vec<usize> = (0..N_ACTIONS).filter(|&a| mask[a] == 1).collect();
    if legal.is_empty() {
        return 0;
    }
    legal[rng.below(legal.len())] as i64
}

#[test]
fn action_indices() {
    let d = Action::discard(0, 4 * 9 + 2);
    assert_eq!(index_of(&d, None), 9);
    assert_eq!(index_of(&Action::new(ActionType::AddedKong, 0, &[4 * 30]), None), KONG + 30);
    // discard 5m (kind 4): chow 3m4m (low kind 2) -> discard highest; 4m6m -> middle; 6m7m -> low
    assert_eq!(index_of(&Action::new(ActionType::Chow, 1, &[8, 12]), Some(4)), CHOW + 2);
    assert_eq!(index_of(&Action::new(ActionType::Chow, 1, &[12, 20]), Some(4)), CHOW + 1);
    assert_eq!(index_of(&Action::new(ActionType::Chow, 1, &[20, 24]), Some(4)), CHOW);
    assert_eq!(index_of(&Action::bare(ActionType::Pung, 1), Some(4)), PUNG);
    assert_eq!(index_of(&Action::bare(ActionType::SelfDrawnWin, 1), None), WIN);
    assert_eq!(index_of(&Action::bare(ActionType::Pass, 1), None), PASS);
}

/// Every step of many seeded deals: the mask is exactly the image of the engine's legal list,
/// and each index plays the first legal action of its image.
#[test]
fn mask_is_the_engines_legal_list() {
    for rules in [Ruleset::hong_kong(), Ruleset::named("taiwanese-high").unwrap()] {
        let cfg = BatchConfig::new(rules, learners()).unwrap();
        let mut b = TableBatch::new(4, cfg, 11);
        let mut bufs = Bufs::new(4, &b.config().obs);
        b.reset(None, &mut bufs.out(), None).unwrap();
        let mut rng = Rng(99);
        let mut ended = 0;
        while ended < 60 {
            for (i, t) in b.tables().iter().enumerate() {
                let mask = &bufs.mask[i * N_ACTIONS..(i + 1) * N_ACTIONS];
                if bufs.done[i] {
                    assert!(mask.iter().all(|&m| m == 0));
                    continue;
                }
                let d = t.deal().unwrap();
                let p = t.actor().unwrap();
                assert_eq!(bufs.seat[i], p as i8);
                let legal = d.legal_actions(p);
                assert_eq!(t.legal(), &legal[..]);
                let disc = (d.phase() == crate::game::Phase::Response).then(|| d.window_tile().unwrap() >> 2);
                let mut want = [0u8; N_ACTIONS];
                for a in &legal {
                    want[index_of(a, disc)] = 1;
                }
                assert_eq!(mask, &want[..]);
                // a pass-only decision is never asked
                assert!(legal.len() > 1 || legal[0].kind != ActionType::Pass);
            }
            let actions: Vec<i64> = (0..4).map(|i| pick(&mut rng, &bufs.mask[i * N_ACTIONS..(i + 1) * N_ACTIONS])).collect();
            b.step(&actions, &mut bufs.out(), None).unwrap();
            for i in 0..4 {
                if bufs.done[i] {
                    ended += 1;
                    let r = b.tables()[i].last_result().unwrap();
                    let rw = &bufs.reward[i * 4..i * 4 + 4];
                    for (x, &pts) in rw.iter().zip(r.payments.iter()) {
                        assert_eq!(*x, pts as f32);
                    }
                    assert_eq!(r.payments.iter().sum::<i64>(), 0);
                } else {
                    assert!(bufs.reward[i * 4..i * 4 + 4].iter().all(|&x| x == 0.0));
                }
            }
        }
    }
}

#[test]
fn illegal_action_is_refused_and_changes_nothing() {
    let cfg = BatchConfig::new(Ruleset::hong_kong(), learners()).unwrap();
    let mut b = TableBatch::new(2, cfg, 3);
    let mut bufs = Bufs::new(2, &b.config().obs);
    b.reset(None, &mut bufs.out(), None).unwrap();
    let before = b.tables()[0].deal().unwrap().snapshot();
    let bad = (0..N_ACTIONS).find(|&a| bufs.mask[N_ACTIONS + a] == 0).unwrap() as i64;
    let good = pick(&mut Rng(5), &bufs.mask[..N_ACTIONS]);
    let err = b.step(&[good, bad], &mut bufs.out(), None).unwrap_err();
    assert!(matches!(err, crate::MahjongError::IllegalAction { .. }), "{err}");
    assert!(err.to_string().contains("table 1"), "{err}");
    assert_eq!(b.tables()[0].deal().unwrap().snapshot(), before);
    assert!(b.step(&[good, 75], &mut bufs.out(), None).is_err());
}

#[test]
fn penalty_mode_ends_the_deal() {
    let mut cfg = BatchConfig::new(Ruleset::hong_kong(), learners()).unwrap();
    cfg.illegal = IllegalMode::Penalty(10.0);
    let mut b = TableBatch::new(1, cfg, 3);
    let mut bufs = Bufs::new(1, &b.config().obs);
    b.reset(None, &mut bufs.out(), None).unwrap();
    let p = bufs.seat[0] as usize;
    let bad = (0..N_ACTIONS).find(|&a| bufs.mask[a] == 0).unwrap() as i64;
    b.step(&[bad], &mut bufs.out(), None).unwrap();
    assert!(bufs.done[0]);
    assert_eq!(bufs.reward[p], -10.0);
    b.step(&[0], &mut bufs.out(), None).unwrap();
    assert!(!bufs.done[0]);
    assert_eq!(b.tables()[0].episode(), 1);
}

/// Run `steps` steps of a batch of `n` tables from `seed` with learners choosing by a stream
/// per table, and return table 0's outputs per step and its episode count.
type Trace = Vec<(Vec<f32>, Vec<u8>, Vec<f32>, i8, bool)>;

fn trace(n: usize, seed: u64, threads: usize, seats: [Seat; 4], duplicate: bool) -> Trace {
    let mut cfg = BatchConfig::new(Ruleset::hong_kong(), seats).unwrap();
    cfg.duplicate = duplicate;
    trace_of(cfg, n, seed, threads).0
}

/// Also returns a digest of every table's outputs at every step.
fn trace_of(cfg: BatchConfig, n: usize, seed: u64, threads: usize) -> (Trace, u64) {
    let pool = (threads > 1).then(|| BatchPool::new(threads).unwrap());
    let mut b = TableBatch::new(n, cfg, seed);
    let len = b.config().obs.len();
    let mut bufs = Bufs::new(n, &b.config().obs);
    b.reset(None, &mut bufs.out(), pool.as_ref()).unwrap();
    let mut digest = std::collections::hash_map::DefaultHasher::new();
    let mut rngs: Vec<Rng> = (0..n).map(|i| Rng(1 + (seed + i as u64) * 7919)).collect();
    let mut out = Vec::new();
    for _ in 0..300 {
        let actions: Vec<i64> = (0..n).map(|i| pick(&mut rngs[i], &bufs.mask[i * N_ACTIONS..(i + 1) * N_ACTIONS])).collect();
        b.step(&actions, &mut bufs.out(), pool.as_ref()).unwrap();
        for x in &bufs.obs {
            x.to_bits().hash(&mut digest);
        }
        for x in &bufs.reward {
            x.to_bits().hash(&mut digest);
        }
        (&bufs.mask, &bufs.seat, &bufs.done).hash(&mut digest);
        out.push((
            bufs.obs[..len].to_vec(),
            bufs.mask[..N_ACTIONS].to_vec(),
            bufs.reward[..4].to_vec(),
            bufs.seat[0],
            bufs.done[0],
        ));
    }
    (out, digest.finish())
}

/// The expert and strong seats share one agent per thread too: their outputs do not depend on
/// which thread played which table.
#[test]
fn expert_and_strong_seats_same_outputs_for_any_batch_and_threads() {
    let seats =
        [Seat::Learner, Seat::Builtin(SeatKind::Expert), Seat::Builtin(SeatKind::Strong), Seat::Builtin(SeatKind::Expert)];
    let one = trace(1, 41, 1, seats, false);
    let many = trace(5, 41, 2, seats, false);
    assert!(one == many);
    assert!(one.iter().any(|s| s.4), "a deal ended");
}

/// Every table's outputs at every step are the same with one, two or three threads, for a
/// batch that does not divide into equal chunks (37 tables).
#[test]
fn every_table_same_outputs_for_any_thread_count() {
    let seats = [Seat::Learner, Seat::Builtin(SeatKind::Greedy), Seat::Learner, Seat::Builtin(SeatKind::Random)];
    let cfg = BatchConfig::new(Ruleset::hong_kong(), seats).unwrap();
    let (_, one) = trace_of(cfg.clone(), 37, 9, 1);
    for threads in [2, 3] {
        let (_, many) = trace_of(cfg.clone(), 37, 9, threads);
        assert_eq!(one, many, "{threads} threads");
    }
}

#[test]
fn same_seed_same_outputs_for_any_batch_and_threads() {
    let seats = [Seat::Learner, Seat::Builtin(SeatKind::Greedy), Seat::Builtin(SeatKind::Random), Seat::Builtin(SeatKind::Value)];
    let one = trace(1, 40, 1, seats, false);
    let many = trace(6, 40, 2, seats, false);
    assert!(one == many);
    assert!(one.iter().any(|s| s.4), "a deal ended");
    let dup = trace(1, 40, 1, seats, true);
    assert!(dup != one || dup.iter().filter(|s| s.4).count() < 2);
}

#[test]
fn duplicate_mode_rotates_the_lineup_over_one_wall() {
    let seats =
        [Seat::Learner, Seat::Builtin(SeatKind::Greedy), Seat::Builtin(SeatKind::Greedy), Seat::Builtin(SeatKind::Greedy)];
    let mut cfg = BatchConfig::new(Ruleset::hong_kong(), seats).unwrap();
    cfg.duplicate = true;
    let mut t = Table::new(&cfg, 5);
    let opts = cfg.obs;
    let (mut obs, mut mask, mut reward, mut seat, mut done) =
        (vec![0.0; opts.len()], vec![0u8; N_ACTIONS], vec![0.0f32; 4], 0i8, false);
    let out = |obs: &mut Vec<f32>,
               mask: &mut Vec<u8>,
               reward: &mut Vec<f32>,
               seat: &mut i8,
               done: &mut bool,
               t: &mut Table,
               a: Option<i64>| {
        let o = StepOut { obs: Some(obs), mask, reward, seat, done };
        match a {
            None => t.reset(&cfg, None, o).unwrap(),
            Some(a) => t.step(&cfg, a, o).unwrap(),
        }
    };
    out(&mut obs, &mut mask, &mut reward, &mut seat, &mut done, &mut t, None);
    let wall0 = *t.deal().unwrap().wall();
    let mut learner_seats = vec![t.seats().iter().position(|s| s.is_learner()).unwrap()];
    let mut rng = Rng(3);
    while t.episode() < 4 {
        let a = pick(&mut rng, &mask);
        out(&mut obs, &mut mask, &mut reward, &mut seat, &mut done, &mut t, Some(a));
        if !done && t.episode() as usize == learner_seats.len() {
            learner_seats.push(t.seats().iter().position(|s| s.is_learner()).unwrap());
            if t.episode() < 4 {
                assert_eq!(*t.deal().unwrap().wall(), wall0);
            }
        }
    }
    assert_eq!(learner_seats, vec![0, 3, 2, 1, 0]);
    assert_ne!(*t.deal().unwrap().wall(), wall0);
}

/// The planes read back what the deal holds.
#[test]
fn encoding_planes_match_the_deal() {
    let rules = Ruleset::hong_kong();
    let mut deal = crate::game::Deal::seeded(&rules, 21, 0, 0, [0; 4], crate::game::DealOptions::default()).unwrap();
    let opts = ObsOptions { value_features: true, privileged: true, ..ObsOptions::default() };
    let mut buf = ObsBuf::default();
    let mut out = vec![0.0f32; opts.len()];
    let mut rng = Rng(8);
    while deal.phase() != crate::game::Phase::Ended {
        let p = deal.to_act()[0];
        encode(&deal, p, &opts, &mut buf, &mut out);
        let pl = |c: usize| &out[c * N_COLS..(c + 1) * N_COLS];
        let counts = deal.counts(p as usize);
        let unseen = deal.view(p).unseen_counts();
        for k in 0..34 {
            assert_eq!(pl(0)[k], counts[k] as f32 / 4.0);
            assert_eq!(pl(22)[k], unseen[k] as f32 / 4.0);
        }
        for q in 0..4usize {
            let r = (q + 4 - p as usize) % 4;
            let n: f32 = pl(6 + r)[..34].iter().sum();
            assert_eq!(n * 4.0, deal.discards(q).len() as f32);
            let m: f32 = pl(2 + r)[..34].iter().sum();
            assert_eq!(m * 4.0, deal.melds(q).iter().map(|m| m.tiles.as_slice().len()).sum::<usize>() as f32);
            assert_eq!(pl(2 + r)[34..].iter().sum::<f32>(), deal.bonus(q).len() as f32);
            if r > 0 {
                let c = deal.counts(q);
                for k in 0..34 {
                    assert_eq!(pl(BASE_PLANES + 4 + r - 1)[k], c[k] as f32 / 4.0);
                }
            }
        }
        // seat wind one-hot
        assert_eq!(pl(24)[deal.seat_winds()[p as usize] as usize], 1.0);
        assert_eq!(pl(24)[..4].iter().sum::<f32>(), 1.0);
        // shanten after discarding: set exactly for held kinds in the seat's turn
        let own = matches!(deal.phase(), crate::game::Phase::Action | crate::game::Phase::AfterClaim);
        for k in 0..34 {
            assert_eq!(pl(BASE_PLANES)[k] > 0.0, own && counts[k] > 0);
        }
        let legal = deal.legal_actions(p);
        let a = legal[rng.below(legal.len())];
        deal.apply(&a).unwrap();
    }
    let _ = ActionMap::default();
}

/// The value planes of every seat to act, at every decision of seeded deals of both rulesets
/// (played by greedy seats, so that hands get ready, and at random), equal the reference
/// encoding's (one shanten per discard), and the recency plane equals `0.5^age`.
#[test]
fn fast_value_planes_equal_the_reference_encoding() {
    use super::obs::reference_value_planes;
    use super::seats::with_builtins;
    let opts = ObsOptions::default();
    let mut buf = ObsBuf::default();
    let mut out = vec![0.0f32; opts.len()];
    let mut fresh = vec![0.0f32; opts.len()];
    let mut reference = vec![0.0f32; 4 * N_COLS];
    let (mut steps, mut ready) = (0usize, 0usize);
    let mut ev = crate::agents::eval::Evaluator::new();
    for rules in [Ruleset::hong_kong(), Ruleset::named("taiwanese-high").unwrap()] {
        for seed in 0..100u64 {
            let mut deal = crate::game::Deal::seeded(&rules, seed, 0, 0, [0; 4], crate::game::DealOptions::default()).unwrap();
            let mut rng = Rng(seed + 1);
            let greedy = seed % 3 != 0;
            while deal.phase() != crate::game::Phase::Ended {
                let p = deal.to_act()[0];
                // every value is written (none left from before), and the buffer kept since
                // earlier deals gives what a fresh one gives
                out.fill(7.0);
                encode(&deal, p, &opts, &mut buf, &mut out);
                encode(&deal, p, &opts, &mut ObsBuf::default(), &mut fresh);
                assert_eq!(out, fresh, "rules {} seed {seed} step {steps}: kept buffer", rules.name());
                reference_value_planes(&deal, p, &buf, &mut reference);
                let fast = &out[BASE_PLANES * N_COLS..];
                assert_eq!(fast, &reference[..], "rules {} seed {seed} step {steps}", rules.name());
                ready += fast[N_COLS..3 * N_COLS].iter().any(|&x| x > 0.0) as usize;
                // the hand's own shanten (plane 24, column 29), by the plain evaluator
                let melds: Vec<_> = deal.melds(p as usize).iter().map(|m| m.core()).collect();
                let own = ev.shanten(deal.counts(p as usize), &melds, rules.shapes()).ok();
                let want = own.map_or(0.0, |s| 1.0 / (2.0 + s as f32).max(1.0));
                assert_eq!(out[24 * N_COLS + 29], want, "rules {} seed {seed} step {steps}: shanten now", rules.name());
                for q in 0..4usize {
                    let r = (q + 4 - p as usize) % 4;
                    let ds = deal.discards(q);
                    for (j, d) in ds.iter().enumerate() {
                        let k = (d.tile >> 2) as usize;
                        if k < 34 && ds[j + 1..].iter().all(|e| e.tile >> 2 != d.tile >> 2) {
                            let age = (ds.len() - 1 - j) as i32;
                            assert_eq!(out[(18 + r) * N_COLS + k], 0.5f32.powi(age));
                            assert_eq!(out[(14 + r) * N_COLS + k], (j + 1) as f32 / 32.0, "order plane");
                        }
                    }
                    for k in 0..34 {
                        let of_kind = ds.iter().filter(|d| (d.tile >> 2) as usize == k);
                        let n = of_kind.clone().count() as f32;
                        let claimed = of_kind.filter(|d| d.claimed_by.is_some()).count() as f32;
                        assert_eq!(out[(6 + r) * N_COLS + k], n / 4.0, "discard plane");
                        assert_eq!(out[(10 + r) * N_COLS + k], claimed / 4.0, "claimed plane");
                        if n == 0.0 {
                            assert_eq!((out[(14 + r) * N_COLS + k], out[(18 + r) * N_COLS + k]), (0.0, 0.0));
                        }
                    }
                }
                let legal = deal.legal_actions(p);
                let i = if greedy {
                    with_builtins(&rules, |b| b.choose(crate::sim::SeatKind::Greedy, &deal, p, &legal, &mut None)).unwrap()
                } else {
                    rng.below(legal.len())
                };
                deal.apply(&legal[i]).unwrap();
                steps += 1;
            }
        }
    }
    assert!(steps > 10_000, "{steps} steps, {ready} ready");
    assert!(ready > 500, "{ready} steps with a ready hand's values");
}

/// A deal that built-in seats finish before any learner has a decision is skipped: the table
/// deals the next episode, so a reset or a step always leaves it waiting for a learner and the
/// batch never stalls on an empty mask. Found by the training example under `taiwanese-high`
/// (one learner against three greedy seats): seed 35, episode 1623, where the batch stalled.
#[test]
fn deals_without_a_learner_decision_are_skipped() {
    let greedy = Seat::Builtin(SeatKind::Greedy);
    let cfg = BatchConfig::new(Ruleset::named("taiwanese-high").unwrap(), [Seat::Learner, greedy, greedy, greedy]).unwrap();
    let mut t = Table::new(&cfg, 35);
    t.start_at(&cfg, 1623).unwrap();
    assert_eq!((t.skipped(), t.episode()), (1, 1624));
    assert!(t.actor().is_some() && !t.legal().is_empty());
    // every start, skipped or not, leaves a learner to act
    for e in 1600..1700u64 {
        t.start_at(&cfg, e).unwrap();
        assert!(t.actor().is_some() && !t.legal().is_empty(), "episode {e}: no decision");
        assert_eq!(t.episode(), e + t.skipped(), "episode {e}");
    }
}

/// Match mode (TW §16): an episode is a whole match; each deal is dealt from the match's
/// position (dealer, streak, round wind, scores) and keyed as `simulate --matches` keys it; the
/// rewards of an episode add up to the match's final scores, and `done` comes only at its end.
#[test]
fn match_mode_plays_whole_matches() {
    let (g, r) = (Seat::Builtin(SeatKind::Greedy), Seat::Builtin(SeatKind::Random));
    let mut cfg = BatchConfig::new(Ruleset::named("taiwanese-high").unwrap(), [Seat::Learner, g, r, g]).unwrap();
    cfg.matches = true;
    let start = crate::game::Match::new(&cfg.rules, crate::rules::MatchOptions::default()).unwrap().scores();
    let mut b = TableBatch::new(1, cfg, 9);
    let mut bufs = Bufs::new(1, &b.config().obs.clone());
    b.reset(None, &mut bufs.out(), None).unwrap();
    let mut rng = Rng(11);
    let (mut sums, mut matches, mut deals_seen, mut steps_in_match) = ([0.0f64; 4], 0, 0u32, 0);
    let mut last_deal = (u32::MAX, 0u64);
    while matches < 2 {
        let t = &b.tables()[0];
        let game = t.game().unwrap();
        let next = game.next_deal().unwrap();
        let deal = t.deal().unwrap();
        // the deal in play is the match's next deal, on its own wall
        assert_eq!((deal.dealer(), deal.dealer_streak()), (next.dealer, next.dealer_streak));
        let key = crate::sim::match_deal_key(t.episode(), next.deal_in_match);
        assert_eq!(*deal.wall(), crate::tiles::wall::shuffle(9, key));
        if (next.deal_in_match, t.episode()) != last_deal {
            last_deal = (next.deal_in_match, t.episode());
            deals_seen += 1;
        }
        let a = pick(&mut rng, &bufs.mask[..N_ACTIONS]);
        b.step(&[a], &mut bufs.out(), None).unwrap();
        steps_in_match += 1;
        for p in 0..4 {
            sums[p] += f64::from(bufs.reward[p]);
        }
        if bufs.done[0] {
            let game = b.tables()[0].game().unwrap();
            assert!(game.is_over() && game.deals() >= 4, "a whole East round: {} deals", game.deals());
            for p in 0..4 {
                assert_eq!(sums[p], (game.scores()[p] - start[p]) as f64, "player {p}");
            }
            assert!(steps_in_match > game.deals());
            matches += 1;
            sums = [0.0; 4];
            steps_in_match = 0;
            b.step(&[0], &mut bufs.out(), None).unwrap(); // the next match starts
            assert!(!bufs.done[0] && bufs.reward[..4] == [0.0; 4]);
            assert_eq!(b.tables()[0].episode(), matches);
        }
    }
    assert!(deals_seen >= 8);
    // the same outputs for any batch and thread count
    let mut cfg = BatchConfig::new(Ruleset::named("taiwanese-high").unwrap(), [Seat::Learner, g, r, g]).unwrap();
    cfg.matches = true;
    cfg.duplicate = true;
    let one = trace_of(cfg.clone(), 1, 3, 1).0;
    let many = trace_of(cfg, 4, 3, 2).0;
    assert!(one == many);
    assert!(one.iter().any(|s| s.2 != [0.0; 4]), "a deal paid");
}

/// `next_episode` abandons the episode in play (unreported) and deals the next one, as the step
/// after an ended episode does; refused before the first reset.
#[test]
fn next_episode_deals_the_next_wall() {
    let cfg = BatchConfig::new(Ruleset::hong_kong(), learners()).unwrap();
    let mut b = TableBatch::new(2, cfg.clone(), 7);
    let mut bufs = Bufs::new(2, &b.config().obs);
    assert!(b.next_episode(&mut bufs.out(), None).is_err());
    b.reset(None, &mut bufs.out(), None).unwrap();
    let a = pick(&mut Rng(1), &bufs.mask[..N_ACTIONS]);
    let c = pick(&mut Rng(2), &bufs.mask[N_ACTIONS..]);
    b.step(&[a, c], &mut bufs.out(), None).unwrap(); // mid-deal
    b.next_episode(&mut bufs.out(), None).unwrap();
    for i in 0..2 {
        let t = &b.tables()[i];
        assert_eq!(t.episode(), 1 + t.skipped());
        assert_eq!(*t.deal().unwrap().wall(), crate::tiles::wall::shuffle(7 + i as u64, t.episode()));
        let mut fresh = Table::new(&cfg, 7 + i as u64);
        fresh.start_at(&cfg, 1).unwrap();
        assert_eq!(fresh.deal().unwrap().snapshot(), t.deal().unwrap().snapshot());
    }
    assert!(!bufs.done.iter().any(|&d| d) && bufs.reward.iter().all(|&r| r == 0.0));
}

/// Observation/action version 2 under the test ruleset, which adds `declare_ready` and keeps
/// per-seat flags and liability records: at every decision the mask is exactly the image of
/// the engine's legal list in the larger space, and the rule-state planes show exactly the
/// deal's public flags of every seat, the seat's own private flags (never another's) and the
/// liability records.
#[test]
fn version_2_masks_and_rule_planes_follow_the_deal() {
    use super::actions::{ActionSpace, EXTRA_WIDTH};
    use super::obs::{RULE_PLANES, VALUE_PLANES};
    let rules = Ruleset::named("test-house-hooks").unwrap();
    let v1 = BatchConfig::new(rules.clone(), learners()).unwrap_err();
    assert!(matches!(v1, crate::error::MahjongError::Switch { ref switch, .. } if switch == "test-house-hooks"), "{v1:?}");
    let cfg = BatchConfig::with_version(rules, learners(), 2).unwrap();
    let space: ActionSpace = *cfg.space();
    let n_act = cfg.n_actions();
    assert_eq!(n_act, N_ACTIONS + EXTRA_WIDTH);
    assert_eq!(cfg.obs.planes(), BASE_PLANES + VALUE_PLANES + RULE_PLANES);
    let r0 = BASE_PLANES + VALUE_PLANES;
    let mut b = TableBatch::new(3, cfg, 5);
    let opts = b.config().obs;
    let mut bufs = Bufs::new(3, &opts);
    bufs.mask = vec![0; 3 * n_act];
    b.reset(None, &mut bufs.out(), None).unwrap();
    let mut rng = Rng(7);
    let (mut ended, mut declared, mut private_seen, mut records_seen) = (0, 0, 0, 0);
    while ended < 40 {
        for (i, t) in b.tables().iter().enumerate() {
            let mask = &bufs.mask[i * n_act..(i + 1) * n_act];
            if bufs.done[i] {
                assert!(mask.iter().all(|&m| m == 0));
                continue;
            }
            let d = t.deal().unwrap();
            let p = t.actor().unwrap() as usize;
            let legal = d.legal_actions(p as u8);
            let disc = (d.phase() == crate::game::Phase::Response).then(|| d.window_tile().unwrap() >> 2);
            let mut want = vec![0u8; n_act];
            for a in &legal {
                want[space.index_of(a, disc).unwrap()] = 1;
            }
            assert_eq!(mask, &want[..]);
            let obs = &bufs.obs[i * opts.len()..(i + 1) * opts.len()];
            let mut mine = vec![0.0f32; opts.len()];
            encode(d, p as u8, &opts, &mut ObsBuf::default(), &mut mine);
            assert_eq!(obs, &mine[..]);
            // every seat's view of the rule state, the actor's and the others'
            for v in 0..4usize {
                encode(d, v as u8, &opts, &mut ObsBuf::default(), &mut mine);
                let pl = |c: usize| &mine[c * N_COLS..(c + 1) * N_COLS];
                let state = d.rule_state();
                for q in 0..4 {
                    let r = (q + 4 - v) % 4;
                    assert_eq!(pl(r0 + r)[..2], [state.public_flag(q, 0) as u8 as f32, 0.0]);
                }
                assert_eq!(pl(r0 + 4)[..2], [state.private_flag(v, 0) as u8 as f32, 0.0]);
                private_seen += state.private_flag(v, 0) as usize;
                let mut want_liab = [0.0f32; 16];
                for rec in &state.records {
                    want_liab[4 * ((rec.seat as usize + 4 - v) % 4) + (rec.liable as usize + 4 - v) % 4] = 1.0;
                }
                records_seen += state.records.len();
                assert_eq!(&pl(r0 + 5)[..16], &want_liab[..]);
                assert_eq!(pl(r0 + 5)[16], (d.phase() == crate::game::Phase::Declare) as u8 as f32);
                for k in 0..34 {
                    assert_eq!(pl(r0 + 6)[k], (state.kinds[v] >> k & 1) as f32);
                }
            }
            let pl = |c: usize| &obs[c * N_COLS..(c + 1) * N_COLS];
            // the 136-tile set: no bonus tile is unseen
            assert!(pl(22)[34..].iter().all(|&x| x == 0.0));
        }
        // declare half the time it is offered, pass a win offered in a window (the pass-over
        // flag), claim a chow or pung whenever offered, else a random legal index
        let actions: Vec<i64> = (0..3)
            .map(|i| {
                let m = &bufs.mask[i * n_act..(i + 1) * n_act];
                if m[N_ACTIONS] == 1 && rng.below(2) == 0 {
                    declared += 1;
                    N_ACTIONS as i64
                } else if m[WIN] == 1 && m[PASS] == 1 {
                    PASS as i64
                } else if let Some(c) = (CHOW..=PUNG).find(|&a| m[a] == 1) {
                    // claims make a fourth claimed set (the liability record) likely
                    c as i64
                } else {
                    let legal: Vec<usize> = (0..n_act).filter(|&a| m[a] == 1).collect();
                    if legal.is_empty() {
                        0
                    } else {
                        legal[rng.below(legal.len())] as i64
                    }
                }
            })
            .collect();
        b.step(&actions, &mut bufs.out(), None).unwrap();
        ended += bufs.done.iter().filter(|&&x| x).count();
    }
    assert!(
        declared > 10 && private_seen > 0 && records_seen > 0,
        "declared {declared}, pass-over flags seen {private_seen}, liability records seen {records_seen}"
    );
}
