use super::*;
use crate::agents::{GreedyAgent, LegalOption};
use crate::game::Discard;
use crate::game::{ActionType, Deal, DealOptions, Phase};
use crate::rules::wait_values::ValueSituation;
use crate::sim::{play_range, play_range_parallel, SeatKind, SimConfig};
use crate::tiles::hand::hand;

const NO_DISCARDS: &[Discard] = &[];

/// A table with nothing declared or discarded, South's view, `remaining` tiles left.
fn quiet(remaining: u32) -> Table<'static> {
    Table {
        player: 1,
        dealer: 0,
        seat_winds: [0, 1, 2, 3],
        winds: ValueSituation { seat_wind: 1, prevailing_wind: 0 },
        bonus: 0,
        discards: [NO_DISCARDS; 4],
        melds: [&[], &[], &[], &[]],
        remaining,
    }
}

fn discards_of(c: &Counts) -> Vec<LegalOption> {
    (0..34u8).filter(|&k| c[k as usize] > 0).map(|k| LegalOption::new(OptionKind::Discard, Tile(k))).collect()
}

/// Unseen counts of a seat that sees only its own tiles and `public`.
fn unseen(own: &Hand, public: &[&str]) -> Counts {
    let mut u = [4u8; 34];
    let all = own.all_counts();
    for k in 0..34 {
        u[k] -= all[k];
    }
    for p in public {
        let h = hand(p);
        let c = h.all_counts();
        for k in 0..34 {
            u[k] -= c[k];
        }
    }
    u
}

/// The strong agent's decision for `p` in `deal`, read from `p`'s view only.
fn decide(agent: &mut StrongAgent, deal: &Deal, p: u8) -> usize {
    let view = deal.view(p);
    let legal = deal.legal_actions(p);
    let disc = view.last_discard().map(|(_, t)| t >> 2);
    let options: Vec<LegalOption> = legal.iter().map(|a| crate::sim::option_of(a, disc)).collect();
    let melds: Vec<Meld> = view.melds(p as usize).iter().map(|m| m.core()).collect();
    let u = view.unseen_counts();
    let s = Situation { concealed: view.hand_counts(), melds: &melds, unseen: &u, discard: disc.map(Tile), legal: &options };
    let mut buf = TableBuf::default();
    let t = buf.read(&view);
    agent.choose(&s, &t).unwrap()
}

#[test]
fn thousands_of_deals_with_strong_seats_are_legal_and_deterministic() {
    // Every action the agent picks is one of the engine's legal actions, and the engine
    // re-checks it on apply: a refusal would end the run with an error.
    let rules = Ruleset::hong_kong().with_switch("rotate_dealer", crate::rules::SwitchValue::Bool(true)).unwrap();
    let cfg = SimConfig::new(rules, 31, [SeatKind::Strong; 4]);
    let recs = play_range(&cfg, 0, 1500).unwrap();
    assert_eq!(recs.len(), 1500);
    let wins = recs.iter().filter(|r| r.winner().is_some()).count();
    assert!(wins > 500, "{wins}");
    assert!(recs.iter().all(|r| r.winner().is_none() || r.value >= 3));
    // mixed line-up, any number of threads: the same records
    let cfg = SimConfig { seats: [SeatKind::Strong, SeatKind::Greedy, SeatKind::Value, SeatKind::Random], ..cfg };
    let one = play_range(&cfg, 100, 400).unwrap();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    assert_eq!(pool.install(|| play_range_parallel(&cfg, 100, 400)).unwrap(), one);
    assert_eq!(play_range(&cfg, 100, 400).unwrap(), one);
}

#[test]
fn the_decision_does_not_depend_on_hidden_tiles() {
    // Two deals that differ only in tiles the deciding seat cannot see: a tile of P1's hand
    // swapped with one of P2's (and one of P2's with the next wall tile). P0 (dealer, at
    // the start) and P3 (in the claim window on P0's discard) see the same view in both
    // and decide the same; the view holds no hidden tile by construction (HK §14).
    let rules = Ruleset::hong_kong();
    let opts = DealOptions::new(false, false);
    let mut agent = StrongAgent::new(rules.clone());
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
        assert_eq!(da, decide(&mut agent, &b, 0));
        let act = a.legal_actions(0)[da];
        if act.kind != ActionType::Discard {
            continue;
        }
        let (mut a, mut b) = (a, b);
        a.apply(&act).unwrap();
        b.apply(&act).unwrap();
        if a.phase() == Phase::Response && a.to_act().contains(&3) && b.to_act().contains(&3) {
            assert_eq!(decide(&mut agent, &a, 3), decide(&mut agent, &b, 3));
        }
        compared += 1;
    }
    assert!(compared > 30, "{compared}");
}

#[test]
fn folds_a_far_hand_against_a_ready_looking_opponent() {
    // South is far from ready late in the deal, its loose tiles honours and circles. West
    // has three exposed pungs of circles (a suspected flush, ready-looking) and let 5s go
    // since its last discard. South lets a character or bamboo go (safe against a circles
    // hand) instead of a loose honour or circle; without the threat it does not.
    let h = hand("789m456s2468p1357z");
    let legal = discards_of(&h.concealed);
    let west_melds = [
        Meld { kind: MeldKind::Pung, tile: Tile(10) },
        Meld { kind: MeldKind::Pung, tile: Tile(12) },
        Meld { kind: MeldKind::Pung, tile: Tile(15) },
    ];
    let d = |t: u8| Discard { tile: t * 4 + 1, claimed_by: None };
    // In turn order E, S, W, N: West's last discard is 8m, then North lets 5s go.
    let east = [d(31), d(4), d(1)];
    let south = [d(29), d(30)];
    let west = [d(18), d(26), d(7)];
    let north = [d(33), d(32), d(22)];
    let mut t = quiet(12);
    t.discards = [&east, &south, &west, &north];
    t.melds = [&[], &[], &west_melds, &[]];
    let u = unseen(&h, &["222p444p777p", "5z5m2m3z4z1s9s8m7z6z5s"]);
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: None, legal: &legal };
    let mut strong = StrongAgent::new(Ruleset::hong_kong());
    let got = legal[strong.choose(&s, &t).unwrap()].tile;
    assert!(got.0 < 9 || (18..27).contains(&got.0), "a tile safe against West, got {got}");
    let calm = legal[strong.choose(&s, &quiet(12)).unwrap()].tile;
    assert!(calm.0 >= 27 || (9..18).contains(&calm.0), "without the threat a loose tile goes: {calm}");
}

#[test]
fn keeps_a_value_target() {
    // A bamboo hand with two dragon pairs: greedy lets a dragon go (more ukeire with 34m);
    // strong keeps the half flush and the dragons and lets a character go.
    let h = hand("12345678s34m55z77z");
    let legal = discards_of(&h.concealed);
    let u = unseen(&h, &[]);
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: None, legal: &legal };
    let mut greedy = GreedyAgent::new(crate::analysis::decompose::HK_SHAPES);
    let g = legal[greedy.choose(&s).unwrap()].tile;
    assert!(g.0 >= 27, "greedy lets an honour go: {g}");
    let mut strong = StrongAgent::new(Ruleset::hong_kong());
    let got = legal[strong.choose(&s, &quiet(60)).unwrap()].tile;
    assert!(got == Tile(2) || got == Tile(3), "strong lets 3m or 4m go: {got}");
}

#[test]
fn refuses_a_claim_that_kills_the_minimum_and_takes_one_that_keeps_value() {
    // Chowing 9m leaves two exposed chows with no value for South holding West's flower:
    // every wait under the 3-faan minimum. Greedy takes it; strong passes.
    let h = hand("78m456p234s5s1z [123m]");
    let u = [3u8; 34];
    let legal = [LegalOption::new(OptionKind::Pass, Tile(0)), LegalOption::new(OptionKind::Chow, Tile(6))];
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: Some(Tile(8)), legal: &legal };
    let mut greedy = GreedyAgent::new(crate::analysis::decompose::HK_SHAPES);
    assert_eq!(greedy.choose(&s).unwrap(), 1);
    let mut strong = StrongAgent::new(Ruleset::hong_kong());
    let mut t = quiet(50);
    t.bonus = 1 << 2;
    assert_eq!(strong.choose(&s, &t).unwrap(), 0);
    // Chowing 9s makes an all-bamboo hand ready on 3s (a full flush): taken.
    let h = hand("78s1245699s3p [123s]");
    let legal = [LegalOption::new(OptionKind::Pass, Tile(0)), LegalOption::new(OptionKind::Chow, Tile(24))];
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: Some(Tile(26)), legal: &legal };
    assert_eq!(strong.choose(&s, &t).unwrap(), 1);
}

#[test]
fn wins_are_taken_and_bad_input_is_an_error() {
    let h = hand("123m456m789p234s5s");
    let u = [2u8; 34];
    let legal = [LegalOption::new(OptionKind::Pass, Tile(0)), LegalOption::new(OptionKind::Win, Tile(0))];
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: Some(Tile(19)), legal: &legal };
    let mut strong = StrongAgent::new(Ruleset::hong_kong());
    assert_eq!(strong.choose(&s, &quiet(40)).unwrap(), 1);
    let none = Situation { legal: &[], ..s };
    assert!(strong.choose(&none, &quiet(40)).is_err());
    let legal = [LegalOption::new(OptionKind::Pass, Tile(0)), LegalOption::new(OptionKind::Pung, Tile(27))];
    let s = Situation { discard: Some(Tile(27)), legal: &legal, ..s };
    assert!(strong.choose(&s, &quiet(40)).is_err());
}

#[test]
fn plays_taiwanese_sized_hands() {
    // Nothing assumes 14 tiles: a 17-tile Taiwanese hand is rated with the ruleset's shapes.
    let rules = Ruleset::named("taiwanese-high").unwrap();
    let h = hand("123456789m123p45s11z9s");
    assert_eq!(h.concealed.iter().map(|&c| c as usize).sum::<usize>(), 17);
    let legal = discards_of(&h.concealed);
    let u = unseen(&h, &[]);
    let s = Situation { concealed: &h.concealed, melds: &h.melds, unseen: &u, discard: None, legal: &legal };
    let mut strong = StrongAgent::new(rules);
    let got = legal[strong.choose(&s, &quiet(60)).unwrap()].tile;
    assert_eq!(got, Tile(26), "the isolated 9s goes");
}
