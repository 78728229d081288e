//! TW §10a: every win a player could make at any moment of a Taiwanese deal has a situation the
//! ruleset accepts (a deal only reaches possible situations, so a refusal is a rule that refuses
//! too much). The check asks the crate-private [`Deal::check_situations_now`], so it stays a
//! unit test here, on the same deals as the scenarios of `rust/tests/tw_deals/main.rs` (random
//! and claim-everything seats, seeds 31 and 32; greedy seats, seed 77), which check everything
//! else after every action.

use super::*;
use crate::rules::taiwanese::switches::{TaiTable, TwSwitches};
use crate::rules::Ruleset;
use crate::sim::{play_to_end, Agents, SeatKind, SimConfig};

fn tw(table: TaiTable, min_tai: u32) -> Ruleset {
    crate::rules::taiwanese::ruleset(TwSwitches { tai_table: table, min_tai, ..TwSwitches::default() }).unwrap()
}

/// The scenarios' xorshift, so that the random seats play the same deals.
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

/// Random seats, or seats that take every win, kong, pung and chow they may (the scenarios'
/// `Policy::Claims`).
fn play(rules: &Ruleset, seed: u64, i: u32, claims: bool, auto_pass: bool) {
    let opts = DealOptions { prevailing_wind: (i % 4) as u8, dealer_streak: i % 3, ..DealOptions::new(auto_pass, true) };
    let mut d = Deal::seeded(rules, seed, i, (i % 4) as u8, [100, -50, 0, -50], opts).unwrap();
    let mut rng = Rng(seed ^ (u64::from(i) << 20) | 1);
    let mut legal = Vec::new();
    d.check_situations_now().unwrap();
    while !d.is_over() {
        let p = d.to_act()[0];
        d.legal_actions_into(p, &mut legal);
        let claim = [
            ActionType::Win,
            ActionType::SelfDrawnWin,
            ActionType::Kong,
            ActionType::ConcealedKong,
            ActionType::AddedKong,
            ActionType::Pung,
            ActionType::Chow,
        ]
        .iter()
        .find_map(|&kind| legal.iter().find(|a| a.kind == kind).filter(|_| claims));
        let a = match claim {
            Some(a) => *a,
            None => legal[rng.below(legal.len())],
        };
        d.apply(&a).unwrap();
        d.check_situations_now().unwrap();
    }
}

#[test]
fn every_reachable_win_situation_is_accepted() {
    for i in 0..1000u32 {
        let table = if i % 2 == 0 { TaiTable::High } else { TaiTable::Low };
        play(&tw(table, 5), 31, i, false, i % 5 != 0);
    }
    for i in 0..400u32 {
        let table = if i % 2 == 0 { TaiTable::High } else { TaiTable::Low };
        play(&tw(table, 5), 32, i, true, true);
    }
    for i in 0..240u32 {
        let table = if i % 2 == 0 { TaiTable::High } else { TaiTable::Low };
        let rules = tw(table, if i % 3 == 0 { 0 } else { 5 });
        let cfg = SimConfig::new(rules.clone(), 77, [SeatKind::Greedy; 4]);
        let mut agents = Agents::new(&cfg);
        let opts = DealOptions { dealer_streak: i % 4, ..DealOptions::new(true, true) };
        let mut d = Deal::seeded(&rules, 77, i, (i % 4) as u8, [0, 10, 20, -30], opts).unwrap();
        play_to_end(&cfg, &mut d, u64::from(i), &mut agents, &mut |d, _, _| d.check_situations_now()).unwrap();
        d.check_situations_now().unwrap();
    }
}
