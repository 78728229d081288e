//! The wall and kong rules of the Taiwanese deal (TW §4 the dead wall as the house rules change
//! it: TW §20.5.4 claim reserve, §20.5.5 rules 4–5,
//! §20.5.6 abortive draws, §20.5.7 dead-wall modes, §20.5.8 rule 1 the initial bonus order), read from the switches into the deal
//! engine's [`WallRules`]. At every switch's default (the seed's rules, TW §20.0 rule 1) they
//! are [`WallRules::NONE`] and the deal asks no hook for them.

use super::switches::{DeadWallMode, InitialBonusOrder, TwSwitches};
use crate::rules::{ReserveMode, WallRules};

/// TW §20.5.4: a chow or pung needs this many live tiles, a kong as many after its cost.
pub const CLAIM_RESERVE: u8 = 4;

/// The reserve of `dead_wall_mode` (TW §20.5.7), which the §10a situation checks read too.
pub fn reserve_mode(sw: &TwSwitches) -> ReserveMode {
    match sw.flow.dead_wall_mode {
        DeadWallMode::Replenished16 => ReserveMode::Fixed,
        DeadWallMode::KongAddsOne => ReserveMode::KongAddsOne,
        DeadWallMode::ReplacementWall16 => ReserveMode::ReplacementWall,
    }
}

/// The deal's wall rules under `sw` (TW §20.5.4–§20.5.7).
pub fn wall_rules(sw: &TwSwitches) -> WallRules {
    let f = &sw.flow;
    WallRules {
        reserve: reserve_mode(sw),
        claim_reserve: if f.claim_wall_reserve { CLAIM_RESERVE } else { 0 },
        last_tile_kong: f.last_tile_kong,
        four_kongs_abort: f.four_kongs_abort,
        four_winds_abort: f.four_winds_abort,
        initial_bonus_rounds: f.initial_bonus_order == InitialBonusOrder::RoundRobin,
        counts_in_events: false,
    }
}

/// Whether a switch of the wall rules is off its default (the deal then asks the hooks).
pub fn has_wall_rules(sw: &TwSwitches) -> bool {
    !wall_rules(sw).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::taiwanese::switches::TaiTable;

    /// The defaults are the seed's rules; each switch alone leaves them.
    #[test]
    fn defaults_are_no_wall_rule_and_each_switch_is_one() {
        let base = TwSwitches::with_table(TaiTable::High);
        assert!(wall_rules(&base).is_none());
        let mut sw = base;
        sw.flow.claim_wall_reserve = true;
        assert_eq!(wall_rules(&sw).claim_reserve, 4);
        let mut sw = base;
        sw.flow.dead_wall_mode = DeadWallMode::KongAddsOne;
        assert_eq!(wall_rules(&sw).reserve, ReserveMode::KongAddsOne);
        let mut sw = base;
        sw.flow.dead_wall_mode = DeadWallMode::ReplacementWall16;
        assert_eq!(wall_rules(&sw).reserve, ReserveMode::ReplacementWall);
        for set in [
            |s: &mut TwSwitches| s.flow.last_tile_kong = true,
            |s: &mut TwSwitches| s.flow.four_kongs_abort = true,
            |s: &mut TwSwitches| s.flow.four_winds_abort = true,
            |s: &mut TwSwitches| s.flow.initial_bonus_order = InitialBonusOrder::RoundRobin,
        ] {
            let mut sw = base;
            set(&mut sw);
            assert!(has_wall_rules(&sw));
        }
    }

    /// Whole seeded deals with random legal choices under each dead-wall mode with every other
    /// wall switch on: every tile stays in one place, the live count is the wall minus the
    /// reserve after every step, and the reserve moves only as the mode says.
    #[test]
    fn seeded_deals_keep_the_wall_arithmetic() {
        use crate::game::{Deal, DealOptions, Phase};
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(38);
        let mut kongs = 0;
        for mode in [DeadWallMode::Replenished16, DeadWallMode::KongAddsOne, DeadWallMode::ReplacementWall16] {
            let mut sw = TwSwitches::with_table(TaiTable::High);
            sw.flow.dead_wall_mode = mode;
            sw.flow.last_tile_kong = true;
            sw.flow.four_kongs_abort = true;
            sw.flow.four_winds_abort = true;
            let rules = crate::rules::taiwanese::ruleset(sw).unwrap();
            for i in 0..150u32 {
                let mut d = Deal::seeded(&rules, 7, i, (i % 4) as u8, [0; 4], DealOptions::new(true, false)).unwrap();
                while d.phase() != Phase::Ended {
                    let mut ids = d.tile_locations();
                    ids.sort_unstable();
                    assert!(ids.iter().enumerate().all(|(j, &t)| j == t as usize), "deal {i}: tiles lost or doubled");
                    let (front, tail) = d.wall_position();
                    let in_wall = (tail + 1) as usize - front;
                    assert_eq!(d.remaining(), in_wall.saturating_sub(d.reserve()));
                    match mode {
                        DeadWallMode::Replenished16 => assert_eq!(d.reserve(), 16),
                        DeadWallMode::KongAddsOne => assert_eq!(d.reserve(), 16 + d.kongs_completed() as usize),
                        DeadWallMode::ReplacementWall16 => assert!(d.reserve() <= 16),
                    }
                    let p = d.to_act()[0];
                    let list = d.legal_actions(p);
                    // prefer kongs, so that the kong rules are reached
                    let pick = list
                        .iter()
                        .find(|a| a.kind.name().contains("kong"))
                        .copied()
                        .unwrap_or(list[(rng.next_u32() as usize) % list.len()]);
                    d.apply(&pick).unwrap();
                }
                kongs += d.kongs_completed() as usize;
            }
        }
        assert!(kongs > 50, "kongs completed: {kongs}");
    }
}
