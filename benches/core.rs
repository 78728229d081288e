//! Criterion benches of the pure Rust core on seeded hands generated here (no Python).
//! Run: `cargo bench --bench core` (add `-- --measurement-time 2` for a quick run).

use criterion::{criterion_group, criterion_main, Criterion};
use mahjong_fast::agents::{GreedyAgent, LegalOption, OptionKind, Situation};
use mahjong_fast::analysis::decompose::{decompose, is_complete, HK_SHAPES, TW_SHAPES};
use mahjong_fast::game::{Action, Deal, DealOptions};
use mahjong_fast::rules::hong_kong::scoring::score_hk;
use mahjong_fast::rules::scoring::DealProgress;
use mahjong_fast::rules::scoring::WinContext;
use mahjong_fast::rules::taiwanese::scoring::score_tw;
use mahjong_fast::rules::taiwanese::switches::{TaiTable, TwSwitches};
use mahjong_fast::{Counts, Hand, Meld, MeldKind, Ruleset, Tile};
use std::hint::black_box;

/// xorshift64* for bench hands only.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `n` random hands of `size` tiles from the 136.
fn random_hands(seed: u64, size: usize, n: usize) -> Vec<Counts> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
            let mut c = [0u8; 34];
            for i in 0..size {
                let j = i + rng.below(136 - i);
                wall.swap(i, j);
                c[wall[i]] += 1;
            }
            c
        })
        .collect()
}

/// `n` complete hands of sets and a pair: (13 tiles before the win, winning tile).
fn complete_hands(seed: u64, n: usize) -> Vec<(Counts, u8)> {
    complete_hands_of(seed, n, 4)
}

/// `n` complete hands of `n_sets` sets and a pair: (tiles before the win, winning tile).
fn complete_hands_of(seed: u64, n: usize, n_sets: usize) -> Vec<(Counts, u8)> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut c = [0u8; 34];
        for _ in 0..n_sets {
            if rng.below(10) < 6 {
                let k = 9 * rng.below(3) + rng.below(7);
                (k..k + 3).for_each(|j| c[j] += 1);
            } else {
                c[rng.below(34)] += 3;
            }
        }
        c[rng.below(34)] += 2;
        if c.iter().any(|&x| x > 4) {
            continue;
        }
        let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
        let w = held[rng.below(held.len())];
        c[w] -= 1;
        out.push((c, w as u8));
    }
    out
}

/// `n` hands with `n_melds` declared sets (pungs and chows) and random concealed tiles making
/// 14 in all, drawn from the 136 without a fifth copy.
fn melded_hands(seed: u64, n_melds: usize, n: usize) -> Vec<(Counts, Vec<Meld>)> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut left = [4u8; 34];
        let mut melds = Vec::new();
        for _ in 0..n_melds {
            let m = if rng.below(2) == 0 {
                Meld { kind: MeldKind::Pung, tile: Tile(rng.below(34) as u8) }
            } else {
                Meld { kind: MeldKind::Chow, tile: Tile((9 * rng.below(3) + rng.below(7)) as u8) }
            };
            for t in m.tiles() {
                left[t.index()] = left[t.index()].saturating_sub(1);
            }
            melds.push(m);
        }
        let mut wall: Vec<usize> = (0..34).flat_map(|k| std::iter::repeat_n(k, left[k] as usize)).collect();
        let mut c = [0u8; 34];
        let size = 14 - 3 * n_melds;
        for i in 0..size {
            let j = i + rng.below(wall.len() - i);
            wall.swap(i, j);
            c[wall[i]] += 1;
        }
        if mahjong_fast::analysis::shanten::shanten(&c, &melds, &HK_SHAPES).is_ok() {
            out.push((c, melds));
        }
    }
    out
}

/// Unseen counts of a seat that sees only its own tiles.
fn unseen_of(c: &Counts, melds: &[Meld]) -> Counts {
    let mut u = [4u8; 34];
    (0..34).for_each(|k| u[k] -= c[k]);
    for m in melds {
        for t in m.tiles() {
            u[t.index()] -= 1;
        }
    }
    u
}

/// The discard options of a turn as the engine lists them (one per tile).
fn discard_options(c: &Counts) -> Vec<LegalOption> {
    (0..34).flat_map(|k| std::iter::repeat_n(LegalOption::new(OptionKind::Discard, Tile(k as u8)), c[k] as usize)).collect()
}

fn cycle<'a, T>(items: &'a [T]) -> impl FnMut() -> &'a T + 'a {
    let mut i = 0;
    move || {
        i = (i + 1) % items.len();
        &items[i]
    }
}

fn benches(c: &mut Criterion) {
    mahjong_fast::analysis::tables::tables(); // build the tables before timing
    let h13 = random_hands(1, 13, 1000);
    let done = complete_hands(2, 1000);
    let full: Vec<Counts> = done
        .iter()
        .map(|(c, w)| {
            let mut f = *c;
            f[*w as usize] += 1;
            f
        })
        .collect();
    let h14 = random_hands(3, 14, 1000);

    let mut next = cycle(&full);
    c.bench_function("is_complete (agari, complete hands)", |b| b.iter(|| is_complete(black_box(next()), 0, &HK_SHAPES)));
    let mut next = cycle(&h14);
    c.bench_function("is_complete (agari, random 14)", |b| b.iter(|| is_complete(black_box(next()), 0, &HK_SHAPES)));
    let mut next = cycle(&h13);
    c.bench_function("shanten (random 13)", |b| {
        b.iter(|| mahjong_fast::analysis::shanten::shanten(black_box(next()), &[], &HK_SHAPES).unwrap())
    });
    // The same 13 hands over and over: table entries stay in cache (the cost without misses).
    let mut next = cycle(&h13[..13]);
    c.bench_function("shanten (13 hands, cached)", |b| {
        b.iter(|| mahjong_fast::analysis::shanten::shanten(black_box(next()), &[], &HK_SHAPES).unwrap())
    });
    let mut next = cycle(&h13);
    c.bench_function("shanten_free (random 13, no checks)", |b| {
        b.iter(|| mahjong_fast::analysis::shanten::shanten_free(black_box(next()), &HK_SHAPES))
    });
    let plain = mahjong_fast::analysis::decompose::ShapeRules { seven_pairs: false, thirteen_orphans: false, ..HK_SHAPES };
    let mut next = cycle(&h13);
    c.bench_function("shanten_free (random 13, standard shape only)", |b| {
        b.iter(|| mahjong_fast::analysis::shanten::shanten_free(black_box(next()), &plain))
    });
    let ready: Vec<Counts> = done.iter().map(|x| x.0).collect();
    let mut next = cycle(&ready);
    c.bench_function("waits (ready 13)", |b| {
        b.iter(|| mahjong_fast::analysis::waits::waits(black_box(next()), &[], &HK_SHAPES).unwrap())
    });
    let mut next = cycle(&full);
    c.bench_function("decompose (complete 14)", |b| b.iter(|| decompose(black_box(next()), 0, &HK_SHAPES)));
    let hands: Vec<(Hand, Tile)> =
        done.iter().map(|(c, w)| (Hand { concealed: *c, melds: Vec::new(), bonus: 0 }, Tile(*w))).collect();
    let ctx = WinContext { seat_wind: 1, self_drawn: true, ..Default::default() };
    let mut next = cycle(&hands);
    c.bench_function("score_hk (complete hands)", |b| {
        b.iter(|| {
            let (h, w) = next();
            score_hk(black_box(h), Some(*w), &ctx).unwrap()
        })
    });
    let unseen = [4u8; 34];
    let mut next = cycle(&h14);
    c.bench_function("rate_discards (random 14)", |b| {
        b.iter(|| {
            let h = next();
            let mut u = unseen;
            (0..34).for_each(|k| u[k] -= h[k]);
            mahjong_fast::analysis::advise::rate_discards(black_box(h), &[], &u, &HK_SHAPES).unwrap()
        })
    });

    // Taiwanese 16-tile hands (TW §9; goals: shanten <= 0.2 us, a complete hand's score <= 2 us).
    let h16 = random_hands(4, 16, 1000);
    let mut next = cycle(&h16);
    c.bench_function("tw shanten (random 16)", |b| {
        b.iter(|| mahjong_fast::analysis::shanten::shanten(black_box(next()), &[], &TW_SHAPES).unwrap())
    });
    let tw_done = complete_hands_of(5, 1000, 5);
    let tw_ready: Vec<Counts> = tw_done.iter().map(|x| x.0).collect();
    let mut next = cycle(&tw_ready);
    c.bench_function("tw waits (ready 16)", |b| {
        b.iter(|| mahjong_fast::analysis::waits::waits(black_box(next()), &[], &TW_SHAPES).unwrap())
    });
    let tw_hands: Vec<(Hand, Tile)> =
        tw_done.iter().map(|(c, w)| (Hand { concealed: *c, melds: Vec::new(), bonus: 0 }, Tile(*w))).collect();
    let situation = DealProgress::default();
    for table in [TaiTable::High, TaiTable::Low] {
        let sw = TwSwitches::with_table(table);
        let mut next = cycle(&tw_hands);
        c.bench_function(&format!("score_tw {} (complete hands)", table.name()), |b| {
            b.iter(|| {
                let (h, w) = next();
                score_tw(black_box(h), Some(*w), &ctx, &situation, &sw).unwrap()
            })
        });
    }
    // The greedy agent's turn decision on the same hands and on hands with declared sets,
    // against the one rate_discards call the Python GreedySeat made per decision.
    let mut agent = GreedyAgent::new(HK_SHAPES);
    let turns: Vec<(Counts, Vec<Meld>, Counts, Vec<LegalOption>)> = h14
        .iter()
        .map(|h| (*h, Vec::new(), unseen_of(h, &[]), discard_options(h)))
        .chain(melded_hands(5, 1, 1000).into_iter().chain(melded_hands(6, 2, 1000)).map(|(c, m)| {
            let u = unseen_of(&c, &m);
            let o = discard_options(&c);
            (c, m, u, o)
        }))
        .collect();
    let (free, melded) = turns.split_at(h14.len());
    let mut next = cycle(free);
    c.bench_function("greedy turn decision (random 14)", |b| {
        b.iter(|| {
            let (c, m, u, o) = next();
            let s = Situation { concealed: c, melds: m, unseen: u, discard: None, legal: o };
            agent.choose(black_box(&s)).unwrap()
        })
    });
    let mut next = cycle(melded);
    c.bench_function("rate_discards (14, 1-2 declared sets)", |b| {
        b.iter(|| {
            let (c, m, u, _) = next();
            mahjong_fast::analysis::advise::rate_discards(black_box(c), m, u, &HK_SHAPES).unwrap()
        })
    });
    let mut next = cycle(melded);
    c.bench_function("greedy turn decision (14, 1-2 declared sets)", |b| {
        b.iter(|| {
            let (c, m, u, o) = next();
            let s = Situation { concealed: c, melds: m, unseen: u, discard: None, legal: o };
            agent.choose(black_box(&s)).unwrap()
        })
    });
}

/// Whole deals with records kept (design §5), no Python: deals per second = deals / time.
fn sim_benches(c: &mut Criterion) {
    use mahjong_fast::sim::{play_range, play_range_parallel, SeatKind, SimConfig};
    mahjong_fast::analysis::tables::tables();
    let cfg = |seats| SimConfig::new(mahjong_fast::Ruleset::hong_kong(), 1, seats);
    let random = cfg([SeatKind::Random; 4]);
    let greedy = cfg([SeatKind::Greedy; 4]);
    let mut g = c.benchmark_group("sim");
    g.sample_size(10);
    let mut first = 0u64;
    g.bench_function("random seats, 1 thread, 512 deals", |b| {
        b.iter(|| {
            first += 512;
            play_range(&random, first, first + 512).unwrap()
        })
    });
    g.bench_function("greedy seats, 1 thread, 64 deals", |b| {
        b.iter(|| {
            first += 64;
            play_range(&greedy, first, first + 64).unwrap()
        })
    });
    // the same deals under the Taiwanese high table (16/17 tiles), for the ratio to Hong Kong
    let tw = |seats| SimConfig::new(mahjong_fast::Ruleset::named("taiwanese-high").unwrap(), 1, seats);
    let tw_random = tw([SeatKind::Random; 4]);
    let tw_greedy = tw([SeatKind::Greedy; 4]);
    g.bench_function("taiwanese-high random seats, 1 thread, 512 deals", |b| {
        b.iter(|| {
            first += 512;
            play_range(&tw_random, first, first + 512).unwrap()
        })
    });
    g.bench_function("taiwanese-high greedy seats, 1 thread, 64 deals", |b| {
        b.iter(|| {
            first += 64;
            play_range(&tw_greedy, first, first + 64).unwrap()
        })
    });
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        g.bench_function(format!("random seats, {threads} threads (rayon), 1024 deals"), |b| {
            b.iter(|| {
                first += 1024;
                pool.install(|| play_range_parallel(&random, first, first + 1024)).unwrap()
            })
        });
        g.bench_function(format!("greedy seats, {threads} threads (rayon), 128 deals"), |b| {
            b.iter(|| {
                first += 128;
                pool.install(|| play_range_parallel(&greedy, first, first + 128)).unwrap()
            })
        });
    }
    g.finish();
}

/// One whole deal (rules §4–§11) with every seat choosing uniformly among its legal actions:
/// the engine's cost per deal for bulk simulation with random seats.
fn play_random_deal(rules: &Ruleset, i: u32, rng: &mut Rng, legal: &mut Vec<Action>, record: bool) -> u32 {
    let opts = DealOptions::new(true, record);
    let mut d = Deal::seeded(rules, 1, i, (i % 4) as u8, [0; 4], opts).expect("a seeded deal");
    while !d.is_over() {
        let p = d.to_act()[0];
        d.legal_actions_into(p, legal);
        let a = legal[rng.below(legal.len())];
        d.apply(&a).expect("a listed action is legal");
    }
    d.result().map_or(0, |r| r.turns)
}

fn deal_benches(c: &mut Criterion) {
    let rules = Ruleset::hong_kong();
    let mut legal = Vec::new();
    for (name, record) in [("deal_random_choice", false), ("deal_random_choice_recorded", true)] {
        let mut rng = Rng(7);
        let mut i = 0u32;
        c.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % 1000;
                black_box(play_random_deal(&rules, i, &mut rng, &mut legal, record))
            })
        });
    }
}

/// The RL environment's core (docs/rl.md "Speed"): four learning seats choosing uniformly among
/// the set bits of the mask (this file's xorshift), tables stepped one call at a time into flat
/// buffers, no Python. Throughput is in table-steps (a step is one learner decision).
fn rl_benches(c: &mut Criterion) {
    use criterion::Throughput;
    use mahjong_fast::rl::tables::BatchOut;
    use mahjong_fast::rl::{BatchConfig, BatchPool, ObsOptions, Seat, TableBatch, N_ACTIONS};
    mahjong_fast::analysis::tables::tables();
    let mut g = c.benchmark_group("rl");
    let cases = [
        ("one table, observation + mask", 1usize, "hong-kong", Some(ObsOptions::default())),
        ("one table, mask only", 1, "hong-kong", None),
        ("256 tables, observation + mask", 256, "hong-kong", Some(ObsOptions::default())),
        ("256 tables, observation + mask (taiwanese-high)", 256, "taiwanese-high", Some(ObsOptions::default())),
        (
            "256 tables, observation without value features",
            256,
            "hong-kong",
            Some(ObsOptions { value_features: false, privileged: false, ..ObsOptions::default() }),
        ),
        ("256 tables, mask only", 256, "hong-kong", None),
    ];
    // the same with two threads (the caller and one helper: rl/pool.rs)
    let two = [
        ("256 tables, observation + mask, two threads", 256usize, "hong-kong", Some(ObsOptions::default())),
        ("256 tables, mask only, two threads", 256, "hong-kong", None),
    ];
    let cases = cases.into_iter().map(|c| (c, 1usize)).chain(two.into_iter().map(|c| (c, 2)));
    for ((name, n, rules, obs), threads) in cases {
        let pool = (threads > 1).then(|| BatchPool::new(threads).unwrap());
        let mut cfg = BatchConfig::new(Ruleset::named(rules).unwrap(), [Seat::Learner; 4]).unwrap();
        cfg.obs = obs.unwrap_or_default();
        let obs_len = cfg.obs.len();
        let mut batch = TableBatch::new(n, cfg, 0);
        let mut o = vec![0f32; n * obs_len];
        let (mut mask, mut reward) = (vec![0u8; n * N_ACTIONS], vec![0f32; n * 4]);
        let (mut seat, mut done) = (vec![0i8; n], vec![false; n]);
        let mut out = BatchOut {
            obs: obs.map(|_| o.as_mut_slice()),
            mask: &mut mask,
            reward: &mut reward,
            seat: &mut seat,
            done: &mut done,
        };
        batch.reset(None, &mut out, pool.as_ref()).unwrap();
        let mut rng = Rng(11);
        let mut actions = vec![0i64; n];
        // calls per iteration: about 1,000 table-steps
        let calls = (1024 / n).max(4);
        g.throughput(Throughput::Elements((calls * n) as u64));
        g.bench_function(name, |b| {
            b.iter(|| {
                for _ in 0..calls {
                    for (i, a) in actions.iter_mut().enumerate() {
                        let m = &out.mask[i * N_ACTIONS..(i + 1) * N_ACTIONS];
                        let k = m.iter().filter(|&&x| x != 0).count();
                        *a = if k == 0 {
                            0
                        } else {
                            m.iter().enumerate().filter(|(_, &x)| x != 0).nth(rng.below(k)).unwrap().0 as i64
                        };
                    }
                    batch.step(&actions, &mut out, pool.as_ref()).unwrap();
                }
            })
        });
    }
    g.finish();
}

criterion_group!(core, benches, sim_benches, deal_benches, rl_benches);
criterion_main!(core);
