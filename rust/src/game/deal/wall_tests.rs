//! The deal under the wall rules of TW §20.5.4–§20.5.7 (the `WallRules` hook): every win a
//! seat could make at any step of seeded deals is one the ruleset's §10a situation rules
//! accept (TW §20.10: they extend to the switches that change how many tiles are drawn), and
//! the wall's counts hold after every step.

use super::*;
use crate::rules::taiwanese::switches::{DeadWallMode, TaiTable, TwSwitches};
use rand_chacha::rand_core::{RngCore, SeedableRng};

#[test]
fn reachable_situations_are_accepted_under_every_dead_wall_mode() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(381);
    let mut last_tile_steps = 0;
    for mode in [DeadWallMode::KongAddsOne, DeadWallMode::ReplacementWall16] {
        let mut sw = TwSwitches::with_table(TaiTable::Low);
        sw.min_tai = 0;
        sw.flow.dead_wall_mode = mode;
        sw.flow.last_tile_kong = true;
        let rules = crate::rules::taiwanese::ruleset(sw).unwrap();
        for i in 0..300u32 {
            let mut d = Deal::seeded(&rules, 11, i, (i % 4) as u8, [0; 4], DealOptions::new(true, false)).unwrap();
            while d.phase != Phase::Ended {
                d.check_situations_now().unwrap_or_else(|e| panic!("{mode:?} deal {i}: {e}"));
                last_tile_steps += usize::from(d.remaining() == 0);
                let p = d.to_act.as_slice()[0];
                let list = d.legal_actions(p);
                // kongs first (so that the kong rules are reached), never a win (to play on)
                let pick = list
                    .iter()
                    .find(|a| matches!(a.kind, ActionType::Kong | ActionType::ConcealedKong | ActionType::AddedKong))
                    .copied()
                    .unwrap_or_else(|| {
                        let calm: Vec<Action> = list
                            .iter()
                            .copied()
                            .filter(|a| !matches!(a.kind, ActionType::Win | ActionType::SelfDrawnWin))
                            .collect();
                        calm[(rng.next_u32() as usize) % calm.len()]
                    });
                d.apply(&pick).unwrap();
            }
        }
    }
    assert!(last_tile_steps > 100, "steps at the last live tile: {last_tile_steps}");
}
