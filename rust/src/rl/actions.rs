//! The action space of the environment: 75 indices for both rulesets (HK §5.3, §6.1, §7; TW
//! §5–§7), then, under observation/action version 2, [`EXTRA_WIDTH`] indices per action type
//! the ruleset adds ([`ActionSpace`]). Bonus tiles are replaced automatically by the deal, so
//! no index names one.
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
//! | 75 + 35 j | version 2: the ruleset's extra action `j` naming no tile |
//! | 75 + 35 j + 1 + k | version 2: the ruleset's extra action `j` naming a tile of kind `k` |
//!
//! The mask is built from [`crate::game::Deal::legal_actions_into`] alone: an index is set
//! exactly when some legal action of the engine maps to it, so a win below the minimum
//! (HK §10.5, TW §14), which the engine does not offer, is never set.

use crate::error::{MahjongError, Result};
use crate::game::{Action, ActionType};
use crate::rules::{ExtraAction, Ruleset};

/// Size of the engine's own action space (all of version 1's).
pub const N_ACTIONS: usize = 75;
/// Indices per extra action type in version 2: naming no tile, then one per kind.
pub const EXTRA_WIDTH: usize = 35;
/// The most extra action types a ruleset may add (version 2).
pub const MAX_EXTRA: usize = 4;
/// The largest action space (version 2 with [`MAX_EXTRA`] extra action types).
pub const MAX_ACTIONS: usize = N_ACTIONS + EXTRA_WIDTH * MAX_EXTRA;
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

/// The action space of a batch: the 75 engine indices, then (version 2) the ruleset's extra
/// action types in the order it declares them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionSpace {
    extra: &'static [ExtraAction],
}

impl ActionSpace {
    /// Version 1's space: the 75 engine indices.
    pub const V1: ActionSpace = ActionSpace { extra: &[] };

    /// The space of observation/action version `version` (1 or 2) for `rules`.
    ///
    /// Errors: a configuration error naming the switch that adds an action (or the ruleset,
    /// when it always has it) under version 1, which cannot express it; a ruleset adding more
    /// than [`MAX_EXTRA`] action types; a version other than 1 or 2 (`.switch` `obs_version`).
    pub fn new(rules: &Ruleset, version: u32) -> Result<ActionSpace> {
        let extra = rules.extra_actions();
        match version {
            1 => match extra.first() {
                None => Ok(ActionSpace::V1),
                Some(e) => Err(MahjongError::switch(
                    e.switch.unwrap_or(rules.name()),
                    None,
                    format!(
                        "{} adds the action {}, which observation/action version 1 (75 actions) cannot express; use obs_version=2",
                        e.switch.map_or_else(|| rules.name().to_owned(), |s| format!("the switch {s} of {}", rules.name())),
                        e.kind.name()
                    ),
                )),
            },
            2 if extra.len() > MAX_EXTRA => Err(MahjongError::switch(
                rules.name(),
                None,
                format!("{} adds {} action types; the RL action space holds at most {MAX_EXTRA}", rules.name(), extra.len()),
            )),
            2 => Ok(ActionSpace { extra }),
            v => Err(MahjongError::switch("obs_version", None, format!("obs_version {v} is not an observation/action version; choose 1 or 2"))),
        }
    }
    /// Number of indices.
    pub const fn len(&self) -> usize {
        N_ACTIONS + EXTRA_WIDTH * self.extra.len()
    }
    /// Never: the 75 engine indices are always there.
    pub const fn is_empty(&self) -> bool {
        false
    }
    /// The extra action types, in index order.
    pub fn extra(&self) -> &'static [ExtraAction] {
        self.extra
    }
    /// The index of an engine action; `discard_kind` is the kind of the discard on offer
    /// (needed to place a chow). None for an extra action type this space does not hold.
    pub fn index_of(&self, a: &Action, discard_kind: Option<u8>) -> Option<usize> {
        if !a.kind.is_extra() {
            return Some(index_of(a, discard_kind));
        }
        let j = self.extra.iter().position(|e| e.kind == a.kind)?;
        let named = a.tiles.as_slice().first().map_or(0, |&t| 1 + (t >> 2) as usize);
        (named < EXTRA_WIDTH).then_some(N_ACTIONS + EXTRA_WIDTH * j + named)
    }
}

/// The index of an engine action of the 75 (an extra action type, which version 1 never
/// meets, maps to pass; [`ActionSpace::index_of`] places it); `discard_kind` is the kind of
/// the discard on offer (needed to place a chow).
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
        // never asked here: ActionSpace::index_of places the extra action types
        ActionType::DeclareReady | ActionType::BonusWin | ActionType::Decline => PASS,
    }
}

/// The mask of one decision and, per index, which of the engine's legal actions it stands for
/// (the first in the engine's order, i.e. the lowest ids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionMap {
    slot: [u8; MAX_ACTIONS],
    /// Indices of the space (`ActionSpace::len`).
    n: u16,
}

impl Default for ActionMap {
    fn default() -> Self {
        ActionMap { slot: [NONE; MAX_ACTIONS], n: N_ACTIONS as u16 }
    }
}

impl ActionMap {
    /// No index of `space` legal.
    pub fn empty(space: &ActionSpace) -> ActionMap {
        ActionMap { slot: [NONE; MAX_ACTIONS], n: space.len() as u16 }
    }
    /// The map of the legal list `legal` (the engine's order) in version 1's space.
    pub fn build(legal: &[Action], discard_kind: Option<u8>) -> ActionMap {
        ActionMap::build_in(&ActionSpace::V1, legal, discard_kind)
    }
    /// The map of the legal list `legal` (the engine's order) in `space`.
    pub fn build_in(space: &ActionSpace, legal: &[Action], discard_kind: Option<u8>) -> ActionMap {
        let mut m = ActionMap { slot: [NONE; MAX_ACTIONS], n: space.len() as u16 };
        for (i, a) in legal.iter().enumerate() {
            if let Some(j) = space.index_of(a, discard_kind) {
                if m.slot[j] == NONE {
                    m.slot[j] = i as u8;
                }
            }
        }
        m
    }
    /// No index is legal (the deal is over).
    pub fn clear(&mut self) {
        self.slot = [NONE; MAX_ACTIONS];
    }
    /// Number of indices of the space.
    pub fn len(&self) -> usize {
        self.n as usize
    }
    /// Never: a space has at least the 75 engine indices.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
    /// Whether index `a` is legal.
    pub fn is_legal(&self, a: usize) -> bool {
        a < self.len() && self.slot[a] != NONE
    }
    /// The position in the legal list of the action index `a` stands for.
    pub fn legal_slot(&self, a: usize) -> Option<usize> {
        self.is_legal(a).then(|| self.slot[a] as usize)
    }
    /// Write the mask (1 = legal) into `out` ([`ActionMap::len`] long; entries past the space,
    /// if any, get 0).
    pub fn write_mask(&self, out: &mut [u8]) {
        let n = self.len();
        for (i, o) in out.iter_mut().enumerate() {
            *o = (i < n && self.slot[i] != NONE) as u8;
        }
    }
    /// Number of legal indices.
    pub fn count(&self) -> usize {
        self.slot[..self.len()].iter().filter(|&&s| s != NONE).count()
    }
}
