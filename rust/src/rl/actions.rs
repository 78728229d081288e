//! The action space of the environment: 75 indices for both rulesets (HK §5.3, §6.1, §7; TW
//! §5–§7). Bonus tiles are replaced automatically by the deal, so no index names one.
//!
//! | index | action |
//! |---|---|
//! | 0..=33 | discard a tile of kind `i` (the lowest id held of that kind) |
//! | 34..=67 | kong of kind `i - 34`: concealed (four held) or added (to an exposed pung) |
//! | 68 | chow with the discard as its lowest tile |
//! | 69 | chow with the discard as its middle tile |
//! | 70 | chow with the discard as its highest tile |
//! | 71 | pung of the discard |
//! | 72 | exposed kong of the discard |
//! | 73 | win: self-drawn in the seat's turn, or on the discard / by robbing the kong |
//! | 74 | pass |
//!
//! The mask is built from [`crate::game::Deal::legal_actions_into`] alone: an index is set
//! exactly when some legal action of the engine maps to it, so a win below the minimum
//! (HK §10.5, TW §14), which the engine does not offer, is never set.

use crate::game::{Action, ActionType};

/// Size of the action space.
pub const N_ACTIONS: usize = 75;
/// First kong index (`KONG + kind`).
pub const KONG: usize = 34;
/// Chow with the discard as lowest, middle, highest tile: `CHOW + position`.
pub const CHOW: usize = 68;
pub const PUNG: usize = 71;
pub const EXPOSED_KONG: usize = 72;
pub const WIN: usize = 73;
pub const PASS: usize = 74;

/// No legal action at this index.
const NONE: u8 = u8::MAX;

/// The index of an engine action; `discard_kind` is the kind of the discard on offer (needed
/// to place a chow).
pub fn index_of(a: &Action, discard_kind: Option<u8>) -> usize {
    let t = a.tiles.as_slice();
    let first = t.first().map_or(0, |&x| (x >> 2) as usize);
    match a.kind {
        ActionType::Discard => first,
        ActionType::ConcealedKong | ActionType::AddedKong => KONG + first,
        ActionType::Chow => {
            let d = discard_kind.unwrap_or(0);
            let low = t.iter().fold(d, |m, &x| m.min(x >> 2));
            CHOW + (d - low).min(2) as usize
        }
        ActionType::Pung => PUNG,
        ActionType::Kong => EXPOSED_KONG,
        ActionType::SelfDrawnWin | ActionType::Win => WIN,
        ActionType::Pass => PASS,
        // never asked: version 1 refuses a ruleset that adds actions (`BatchConfig::new`)
        ActionType::DeclareReady => PASS,
    }
}

/// The mask of one decision and, per index, which of the engine's legal actions it stands for
/// (the first in the engine's order, i.e. the lowest ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionMap {
    slot: [u8; N_ACTIONS],
}

impl Default for ActionMap {
    fn default() -> Self {
        ActionMap { slot: [NONE; N_ACTIONS] }
    }
}

impl ActionMap {
    /// The map of the legal list `legal` (the engine's order).
    pub fn build(legal: &[Action], discard_kind: Option<u8>) -> ActionMap {
        let mut m = ActionMap::default();
        for (i, a) in legal.iter().enumerate() {
            let j = index_of(a, discard_kind);
            if m.slot[j] == NONE {
                m.slot[j] = i as u8;
            }
        }
        m
    }
    /// No index is legal (the deal is over).
    pub fn clear(&mut self) {
        self.slot = [NONE; N_ACTIONS];
    }
    /// Whether index `a` is legal.
    pub fn is_legal(&self, a: usize) -> bool {
        a < N_ACTIONS && self.slot[a] != NONE
    }
    /// The position in the legal list of the action index `a` stands for.
    pub fn legal_slot(&self, a: usize) -> Option<usize> {
        (a < N_ACTIONS && self.slot[a] != NONE).then(|| self.slot[a] as usize)
    }
    /// Write the mask (1 = legal) into `out` (`N_ACTIONS` long).
    pub fn write_mask(&self, out: &mut [u8]) {
        for (o, &s) in out.iter_mut().zip(self.slot.iter()) {
            *o = (s != NONE) as u8;
        }
    }
    /// Number of legal indices.
    pub fn count(&self) -> usize {
        self.slot.iter().filter(|&&s| s != NONE).count()
    }
}
