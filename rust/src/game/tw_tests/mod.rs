//! Taiwanese deals and matches (TW §4–§8, §15–§17): invariants after every action over random,
//! greedy and claim-everything seats, each rare path counted and asserted, set-up positions for
//! the paths random play cannot be relied on to reach, the §17 codes with the state unchanged,
//! and matches (TW §16).

use super::*;
use crate::error::MahjongError;
use crate::rules::scoring::{DealProgress, WinContext};
use crate::rules::taiwanese::switches::{TaiTable, TwSwitches};
use crate::rules::taiwanese::switches_of;
use crate::rules::Ruleset;
use crate::rules::{MatchOptions, SwitchValue};
use crate::sim::{play_to_end, Agents, SeatKind, SimConfig};
use crate::tiles::hand::{Hand, MeldKind};
use crate::tiles::tile::{parse_tile_list, AnyTile, Tile};

fn tw(table: TaiTable, min_tai: u32) -> Ruleset {
    crate::rules::taiwanese::ruleset(TwSwitches { tai_table: table, min_tai, ..TwSwitches::default() }).unwrap()
}

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

/// How often each path was reached.
#[derive(Debug, Default)]
struct Seen {
    deals: usize,
    wins: usize,
    self_drawn: usize,
    on_discard: usize,
    two_winners: usize,
    robbed: usize,
    bonus_wins: usize,
    below_minimum: usize,
    loose_tile_wins: usize,
    exhaustive: usize,
    kongs: usize,
    heavenly_or_earthly: usize,
}

/// Tiles taken from the wall so far, counted from the events: 65 dealt, then every draw and
/// replacement draw (TW §4.1, §4.2).
fn taken_by_events(d: &Deal) -> usize {
    65 + d.events().iter().filter(|e| matches!(e, Event::Draw { .. } | Event::ReplacementDraw { .. })).count()
}

/// The invariants of a running deal (TW §4.2, §4.3; tiles conserved).
fn check_state(d: &Deal, start_sum: i64) {
    let mut all = d.tile_locations();
    all.sort_unstable();
    assert_eq!(all, (0..144).collect::<Vec<u8>>(), "every tile in exactly one place");
    let (front, tail) = d.wall_position();
    let untaken = (tail + 1) as usize - front;
    assert_eq!(untaken, 144 - taken_by_events(d), "wall positions agree with the draws");
    assert_eq!(d.remaining(), untaken - 16, "live = remaining - 16 (TW §4.2)");
    assert!(untaken >= 16, "the dead wall is never drawn");
    assert_eq!(d.scores().iter().sum::<i64>(), start_sum);
    if !d.is_over() {
        for p in 0..4usize {
            let holder = matches!(d.phase(), Phase::Action | Phase::AfterClaim) && d.active() == Some(p as u8);
            assert_eq!(d.hand_size(p), if holder { 17 } else { 16 }, "P{p} in {:?} (TW §4.3)", d.phase());
        }
    }
}

/// The invariants after EVERY event of a dealt deal, by replaying its event log on a tracker of
/// its own: every tile in exactly one place (wall, hands, sets, discard pools, bonus areas, a
/// tile being added to a kong), live tiles never below 0 (TW §4.2), and at each recorded
/// action the hand sizes of TW §4.3 (17 for the player acting in its turn, 16 for everybody
/// else). At the end the tracker's hands and sets equal the deal's.
fn check_event_log(d: &Deal) {
    let ev = d.events();
    let Some(Event::Deal { hands, dealer, .. }) = ev.first() else { panic!("no deal event") };
    assert_eq!(hands[*dealer as usize].len(), 17);
    let mut hand: [Vec<u8>; 4] = hands.clone();
    let mut sets: [Vec<Vec<u8>>; 4] = Default::default();
    let mut pool: Vec<u8> = Vec::new();
    let mut bonus: Vec<u8> = Vec::new();
    let mut kong: Option<u8> = None;
    let mut taken = 65usize;
    let r = d.result().unwrap();
    let take = |v: &mut Vec<u8>, t: u8| {
        let i = v.iter().position(|&x| x == t).unwrap_or_else(|| panic!("tile {t} not where the log says"));
        v.remove(i);
    };
    for (n, e) in ev.iter().enumerate() {
        match e {
            Event::Deal { .. } => assert_eq!(n, 0),
            Event::Draw { player, tile } | Event::ReplacementDraw { player, tile, .. } => {
                taken += 1;
                hand[*player as usize].push(*tile);
            }
            Event::Bonus { player, tile } => {
                take(&mut hand[*player as usize], *tile);
                bonus.push(*tile);
            }
            Event::Action { action, .. } => {
                let turn = matches!(
                    action.kind,
                    ActionType::Discard | ActionType::SelfDrawnWin | ActionType::ConcealedKong | ActionType::AddedKong
                );
                for p in 0..4 {
                    let size = hand[p].len() + 3 * sets[p].len();
                    let want = if turn && p == action.player as usize { 17 } else { 16 };
                    assert_eq!(size, want, "P{p} at event {n} ({action})");
                }
            }
            Event::Discard { player, tile, last } => {
                take(&mut hand[*player as usize], *tile);
                pool.push(*tile);
                assert_eq!(*last, taken == 144 - 16);
            }
            Event::Claim { player, tile, tiles, .. } => {
                take(&mut pool, *tile);
                for &t in tiles.as_slice().iter().filter(|&&t| t != *tile) {
                    take(&mut hand[*player as usize], t);
                }
                sets[*player as usize].push(tiles.as_slice().to_vec());
            }
            Event::ConcealedKong { player, tiles } => {
                for &t in tiles.as_slice() {
                    take(&mut hand[*player as usize], t);
                }
                sets[*player as usize].push(tiles.as_slice().to_vec());
            }
            Event::AddedKong { player, tile } => {
                take(&mut hand[*player as usize], *tile);
                kong = Some(*tile);
            }
            Event::KongCompleted { player, tiles } => {
                let t = kong.take().unwrap();
                let set = sets[*player as usize].iter_mut().find(|s| s.len() == 3 && s[0] >> 2 == t >> 2).unwrap();
                set.push(t);
                set.sort_unstable();
                assert_eq!(set.as_slice(), tiles.as_slice());
            }
            Event::Win { player, win, hand: shown } => {
                let w = &r.wins[*win];
                assert_eq!(w.player, *player);
                if *win == 0 && matches!(w.kind, WinKind::Discard | WinKind::RobbingKong) {
                    let t = w.tile.unwrap();
                    if kong == Some(t) {
                        kong = None;
                    } else {
                        take(&mut pool, t);
                    }
                    hand[*player as usize].push(t);
                }
                let mut mine = hand[*player as usize].clone();
                if *win > 0 {
                    mine.extend(w.tile);
                }
                mine.sort_unstable();
                assert_eq!(&mine, shown);
            }
            Event::Payments { .. } | Event::ExhaustiveDraw { .. } => {}
        }
        // conservation after this event
        let mut seen = [0u8; 144];
        let placed = hand.iter().flatten().chain(sets.iter().flatten().flatten()).chain(&pool).chain(&bonus).chain(kong.iter());
        let mut n_placed = 0;
        for &t in placed {
            seen[t as usize] += 1;
            n_placed += 1;
        }
        assert!(seen.iter().all(|&c| c <= 1), "a tile in two places after event {n}");
        assert_eq!(n_placed + (144 - taken), 144, "tiles conserved after event {n}");
        assert!(taken <= 144 - 16, "the dead wall is never drawn (event {n})");
    }
    assert_eq!(144 - taken, d.remaining() + 16);
    for p in 0..4 {
        let mut a = hand[p].clone();
        a.sort_unstable();
        let mut b = d.hand(p).to_vec();
        b.sort_unstable();
        assert_eq!(a, b, "P{p}'s hand");
        let mine: Vec<Vec<u8>> = sets[p]
            .iter()
            .map(|s| {
                let mut s = s.clone();
                s.sort_unstable();
                s
            })
            .collect();
        let theirs: Vec<Vec<u8>> = d.melds(p).iter().map(|m| m.tiles.as_slice().to_vec()).collect();
        assert_eq!(mine, theirs, "P{p}'s sets");
    }
}

/// Every listed win is legal, and worth at least `min_tai` (TW §14).
fn check_listed_wins(d: &Deal, legal: &[Action], min_tai: u32) {
    for a in legal {
        if matches!(a.kind, ActionType::Win | ActionType::SelfDrawnWin) {
            let sc = d.check(a).unwrap().unwrap();
            assert!(sc.is_win && u32::from(sc.value) >= min_tai, "{a}: {sc:?}");
        }
    }
}

/// Try a win the engine did not list for `p`; a BELOW_MINIMUM rejection leaves the state
/// unchanged (counted).
fn probe_unlisted_win(d: &mut Deal, p: u8, legal: &[Action], seen: &mut Seen) {
    let kind = if d.phase().is_window() { ActionType::Win } else { ActionType::SelfDrawnWin };
    let a = Action::bare(kind, p);
    if legal.contains(&a) {
        return;
    }
    let before = d.snapshot();
    match d.apply(&a) {
        Err(MahjongError::IllegalAction { code, .. }) => {
            if code == IllegalCode::BelowMinimum {
                seen.below_minimum += 1;
            }
        }
        other => panic!("an unlisted win was accepted: {other:?}"),
    }
    assert_eq!(d.snapshot(), before);
}

/// Situation of a win rebuilt from the event log alone, and the score `Ruleset::score`
/// gives it: what the engine paid must be exactly that (TW §10, §10a, §11).
/// `set_up`: the position had declared sets before play (set-up discards are in the pools).
fn rescore(d: &Deal, w: &Win, win_no: usize, set_up: bool) -> crate::rules::scoring::ScoreOutcome {
    let ev = d.events();
    let end = ev.iter().position(|e| matches!(e, Event::Win { .. })).unwrap();
    let before = &ev[..end];
    // D and the winner's discards from the pools (a claimed discard stays in its pool)
    let discards = (0..4).map(|p| d.discards(p).len() as u32).sum();
    let own = d.discards(w.player as usize).len() as u32;
    let interrupted =
        set_up || before.iter().any(|e| matches!(e, Event::Claim { .. } | Event::ConcealedKong { .. } | Event::AddedKong { .. }));
    let last_draw = before.iter().rev().find(|e| matches!(e, Event::Draw { .. } | Event::ReplacementDraw { .. }));
    let Event::Win { hand, .. } = ev.iter().filter(|e| matches!(e, Event::Win { .. })).nth(win_no).unwrap() else {
        unreachable!()
    };
    let mut concealed = [0u8; 34];
    for &t in hand {
        concealed[(t >> 2) as usize] += 1;
    }
    let self_drawn = w.kind == WinKind::SelfDrawn;
    let dealer_start = self_drawn && w.tile.is_none();
    if let Some(t) = w.tile {
        concealed[(t >> 2) as usize] -= 1;
    }
    let loose = self_drawn && !dealer_start && matches!(last_draw, Some(Event::ReplacementDraw { .. }));
    let live_zero = d.result().unwrap().tiles_left == 0;
    let ctx = WinContext {
        seat_wind: d.seat_winds()[w.player as usize],
        prevailing_wind: d.prevailing_wind(),
        self_drawn,
        robbing_kong: w.kind == WinKind::RobbingKong,
        kong_replacement: loose,
        last_wall_tile: self_drawn && !dealer_start && live_zero,
        last_discard: w.kind == WinKind::Discard && live_zero,
        dealer_start,
        progress: DealProgress { dealer_streak: d.dealer_streak(), discards, winner_discards: own, interrupted },
    };
    let melds = d.melds(w.player as usize).iter().map(|m| m.core()).collect();
    let h = Hand { concealed, melds, bonus: d.bonus_mask(w.player as usize) };
    // TW §10a: the situation is one the rule accepts, with the discarder too (which the
    // engine's own scoring does not pass)
    let discarder = w.discarder.map(|p| d.seat_winds()[p as usize]);
    d.rules().rules().check_history(&h, &ctx, discarder).unwrap();
    d.rules().score(&h, w.tile.map(|t| Tile(t >> 2)), &ctx).unwrap()
}

/// The invariants of a finished deal: zero-sum payments, settlement, scores, each win legal and
/// scored as the scorer scores its situation, bonus-tile wins per TW §7, final hand sizes.
fn check_result(d: &Deal, start: [i64; 4], set_up: bool, seen: &mut Seen) {
    let r = d.result().unwrap();
    let sw = switches_of(d.rules());
    seen.deals += 1;
    assert_eq!(r.payments.iter().sum::<i64>(), 0);
    assert_eq!(r.scores, std::array::from_fn(|p| start[p] + r.payments[p]));
    let s = r.settlement;
    assert_eq!(s.payments, r.payments);
    let sum: [i64; 4] = std::array::from_fn(|p| r.wins.iter().map(|w| w.payments[p]).sum());
    assert_eq!(sum, r.payments);
    if r.wins.is_empty() {
        seen.exhaustive += 1;
        assert_eq!((s.dealer_after, s.streak_after, s.passed), (r.dealer as usize, r.dealer_streak, false));
        for p in 0..4 {
            assert_eq!(d.hand_size(p), 16, "exhaustive draw");
        }
        return;
    }
    seen.wins += 1;
    let dealer_won = r.wins.iter().any(|w| w.player == r.dealer);
    assert_eq!(s.passed, !dealer_won);
    assert_eq!(s.streak_after, if dealer_won { r.dealer_streak + 1 } else { 0 });
    if r.wins.len() >= 2 {
        seen.two_winners += 1;
        assert!(matches!(r.wins[0].kind, WinKind::Discard | WinKind::RobbingKong));
        assert!(r.wins.iter().all(|w| w.discarder == r.wins[0].discarder && w.kind == r.wins[0].kind));
    }
    for (i, w) in r.wins.iter().enumerate() {
        assert!(w.payments[w.player as usize] > 0 || w.score.value == 0 && w.player != r.dealer && w.discarder != Some(r.dealer));
        if w.kind.is_bonus_win() {
            seen.bonus_wins += 1;
            assert_eq!(r.wins.len(), 1);
            assert_eq!(d.bonus_mask(w.player as usize), 0xFF, "TW §7: the winner has all eight");
            assert_eq!(w.score.elements.len(), 1);
            let want = match (w.kind, sw.tai_table) {
                (WinKind::BonusAllEight, TaiTable::High) => ("H32", 30),
                (WinKind::BonusAllEight, TaiTable::Low) => ("L30", 14),
                (_, TaiTable::High) => ("H28", 20),
                (_, TaiTable::Low) => ("L29", 14),
            };
            assert_eq!((w.score.elements[0].code, w.score.value), want);
            assert_eq!(w.discarder.is_none(), w.kind == WinKind::BonusAllEight);
            continue;
        }
        assert!(w.score.is_win && u32::from(w.score.value) >= sw.min_tai, "{w:?}");
        assert_eq!(rescore(d, w, i, set_up), w.score, "the win scores as score() of its situation");
        match w.kind {
            WinKind::SelfDrawn => seen.self_drawn += 1,
            WinKind::RobbingKong => seen.robbed += 1,
            _ => seen.on_discard += 1,
        }
        if w.flags.kong_replacement {
            seen.loose_tile_wins += 1;
        }
        if w.score.elements.iter().any(|e| matches!(e.code, "H35" | "H36" | "L31" | "L32")) {
            seen.heavenly_or_earthly += 1;
        }
        // who pays (TW §15): everybody else on a self-draw, else the discarder alone
        for p in 0..4u8 {
            let pays = p != w.player && (w.discarder.is_none() || w.discarder == Some(p));
            let x = w.payments[p as usize];
            if pays {
                assert!(x < 0 || x == 0 && w.score.value == 0, "{w:?}");
            } else if p != w.player {
                assert_eq!(x, 0, "{w:?}");
            }
        }
        let want = if i == 0 { 17 } else { 16 };
        assert_eq!(d.hand_size(w.player as usize), want);
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Policy {
    Random,
    /// Takes every win, kong, pung and chow it may (then a random action).
    Claims,
}

fn choose(policy: Policy, legal: &[Action], rng: &mut Rng) -> Action {
    if policy == Policy::Claims {
        for kind in [
            ActionType::Win,
            ActionType::SelfDrawnWin,
            ActionType::Kong,
            ActionType::ConcealedKong,
            ActionType::AddedKong,
            ActionType::Pung,
            ActionType::Chow,
        ] {
            if let Some(a) = legal.iter().find(|a| a.kind == kind) {
                return *a;
            }
        }
    }
    legal[rng.below(legal.len())]
}

/// Play a seeded Taiwanese deal with `policy` seats, checking after every action.
fn play_checked(rules: &Ruleset, seed: u64, i: u32, policy: Policy, auto_pass: bool, seen: &mut Seen) {
    let start = [100, -50, 0, -50];
    let opts = DealOptions { prevailing_wind: (i % 4) as u8, dealer_streak: i % 3, ..DealOptions::new(auto_pass, true) };
    let mut d = Deal::seeded(rules, seed, i, (i % 4) as u8, start, opts).unwrap();
    let min_tai = switches_of(rules).min_tai;
    let mut rng = Rng(seed ^ (u64::from(i) << 20) | 1);
    let mut legal = Vec::new();
    check_state(&d, 0);
    while !d.is_over() {
        let p = d.to_act()[0];
        d.legal_actions_into(p, &mut legal);
        assert!(!legal.is_empty());
        check_listed_wins(&d, &legal, min_tai);
        if d.phase() != Phase::AfterClaim && (d.phase().is_window() || d.entered_by_draw()) {
            probe_unlisted_win(&mut d, p, &legal, seen);
        }
        let a = choose(policy, &legal, &mut rng);
        if matches!(a.kind, ActionType::Kong | ActionType::ConcealedKong | ActionType::AddedKong) {
            seen.kongs += 1;
        }
        d.apply(&a).unwrap();
        check_state(&d, 0);
    }
    check_event_log(&d);
    check_result(&d, start, false, seen);
}

#[test]
fn random_and_claiming_seats_keep_the_invariants() {
    let mut seen = Seen::default();
    for i in 0..1000u32 {
        let table = if i % 2 == 0 { TaiTable::High } else { TaiTable::Low };
        play_checked(&tw(table, 5), 31, i, Policy::Random, i % 5 != 0, &mut seen);
    }
    let random = std::mem::take(&mut seen);
    for i in 0..400u32 {
        let table = if i % 2 == 0 { TaiTable::High } else { TaiTable::Low };
        play_checked(&tw(table, 5), 32, i, Policy::Claims, true, &mut seen);
    }
    eprintln!("random seats: {random:?}\nclaiming seats: {seen:?}");
    assert_eq!(random.deals, 1000);
    // random seats rarely complete a 17-tile hand: these runs are for the invariants
    assert!(random.kongs > 50 && random.exhaustive > 900, "{random:?}");
    assert!(seen.deals == 400 && seen.wins >= 4 && seen.kongs > 100 && seen.self_drawn >= 1 && seen.on_discard >= 1, "{seen:?}");
}

#[test]
fn greedy_seats_keep_the_invariants() {
    let mut seen = Seen::default();
    for i in 0..240u32 {
        let table = if i % 2 == 0 { TaiTable::High } else { TaiTable::Low };
        let min_tai = if i % 3 == 0 { 0 } else { 5 };
        let rules = tw(table, min_tai);
        let cfg = SimConfig::new(rules.clone(), 77, [SeatKind::Greedy; 4]);
        let mut agents = Agents::new(&cfg);
        let start = [0, 10, 20, -30];
        let opts = DealOptions { dealer_streak: i % 4, ..DealOptions::new(true, true) };
        let mut d = Deal::seeded(&rules, 77, i, (i % 4) as u8, start, opts).unwrap();
        let mut legal = Vec::new();
        let mut below = 0;
        play_to_end(&cfg, &mut d, u64::from(i), &mut agents, &mut |d, p, _| {
            check_state(d, 0);
            d.legal_actions_into(p, &mut legal);
            check_listed_wins(d, &legal, min_tai);
            // a complete hand under min_tai is refused with BELOW_MINIMUM and not listed
            let kind = if d.phase().is_window() { ActionType::Win } else { ActionType::SelfDrawnWin };
            let win = Action::bare(kind, p);
            if let Err(MahjongError::IllegalAction { code: IllegalCode::BelowMinimum, .. }) = d.check(&win) {
                assert!(!legal.contains(&win));
                below += 1;
            }
            Ok(())
        })
        .unwrap();
        seen.below_minimum += below;
        check_state(&d, 0);
        check_event_log(&d);
        check_result(&d, start, false, &mut seen);
    }
    eprintln!("greedy seats: {seen:?}");
    assert_eq!(seen.deals, 240);
    assert!(seen.wins > 60 && seen.self_drawn > 5 && seen.on_discard > 5, "{seen:?}");
    assert!(seen.below_minimum >= 5, "{seen:?}");
    // rare paths reached by play itself (set-up positions below reach each of them as well)
    assert!(seen.two_winners >= 2 && seen.robbed >= 1 && seen.loose_tile_wins >= 1, "{seen:?}");
}

// ------------------------------------------------------------------ set-up positions

fn kinds(s: &str) -> Vec<AnyTile> {
    if s.trim().is_empty() {
        return Vec::new();
    }
    parse_tile_list(&s.replace(' ', "")).unwrap()
}

/// Physical ids for hand notation, lowest free copies first.
struct Ids([bool; 144]);

impl Ids {
    fn new() -> Ids {
        Ids([false; 144])
    }
    fn take(&mut self, s: &str) -> Vec<u8> {
        kinds(s)
            .into_iter()
            .map(|t| {
                let id = match t {
                    AnyTile::Bonus(b) => 136 + b.0,
                    AnyTile::Kind(k) => (0..4).map(|c| 4 * k.0 + c).find(|&x| !self.0[x as usize]).expect("a fifth copy"),
                };
                assert!(!self.0[id as usize], "tile {id} twice");
                self.0[id as usize] = true;
                id
            })
            .collect()
    }
    fn specs(&mut self, s: &str) -> Vec<TileSpec> {
        self.take(s).into_iter().map(TileSpec::Id).collect()
    }
}

fn run_seen(d: &Deal, start: [i64; 4], set_up: bool) -> Seen {
    let mut seen = Seen::default();
    check_state_setup(d);
    check_result(d, start, set_up, &mut seen);
    seen
}

/// Tiles conserved in a set-up position (the event count of [`check_state`] assumes a dealt wall).
fn check_state_setup(d: &Deal) {
    let mut all = d.tile_locations();
    all.sort_unstable();
    assert_eq!(all, (0..144).collect::<Vec<u8>>());
}

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
        assert_eq!((win.player, win.kind, win.discarder, win.tile), (2, WinKind::BonusAllEight, None, Some(143)));
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
        assert_eq!((win.player, win.kind, win.discarder, win.tile), (0, WinKind::BonusRobEighth, Some(1), Some(143)));
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
            assert_eq!((w.player, w.kind, w.discarder), (2, WinKind::BonusRobEighth, Some(1)));
            assert_eq!(r.payments, [0, -20, 20, 0]);
        } else {
            assert_eq!((w.player, w.kind, w.discarder), (1, WinKind::BonusAllEight, None));
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

// ------------------------------------------------------------------ matches (TW §16)

/// Matches of greedy seats: dealer, streak, passes, round wind and scores follow TW §15–§16
/// deal by deal, and a dealer streak of 2 or more is reached.
#[test]
fn matches_follow_section_16() {
    use crate::sim::play_match;
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
                assert_eq!(r.deal_index, crate::sim::match_deal_key(j, i as u32));
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
                    let wall = crate::tiles::wall::shuffle(seed, r.deal_index);
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
    use crate::sim::{play_matches, play_matches_parallel};
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
    assert!(matches!(Deal::seeded(&rules, 1, 0, 0, [0; 4], opts), Err(MahjongError::InvalidHand(_))));
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
    assert!(matches!(m.record(d.result().unwrap()), Err(MahjongError::InvalidHand(_))));
    assert_eq!(m, before);
    // a match of one deal is over after it
    let one = crate::rules::taiwanese::ruleset(TwSwitches {
        match_length: crate::rules::taiwanese::switches::MatchLength::OneDeal,
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
    assert!(matches!(e, Some(MahjongError::InvalidHand(_))), "{e:?}");
    // the refusal is the TW §7 one, not a hand-size error: one bonus tile fewer is accepted
    s.hands[1].retain(|&t| t != TileSpec::Id(143));
    s.hands[3].push(TileSpec::Id(143));
    assert!(Deal::from_setup(&tw(TaiTable::High, 5), &s, DealOptions::default()).is_ok());
}
