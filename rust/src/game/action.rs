//! Phases, actions and the error codes of a deal (HK §5.1, §5.3, §6, §7; the codes of HK §13,
//! which TW §17 keeps).

use std::fmt;

/// Physical tile ids (HK §2.3): 0..=135 ordinary tiles (`id >> 2` is the kind), 136..=143 the
/// bonus tiles. A tile id given by a caller that is outside 0..=143 is stored as this value, so
/// the check reports `UNKNOWN_TILE` in its §13 place.
pub const UNKNOWN_TILE: u8 = u8::MAX;
/// A player number given by a caller that is outside 0..=3 (reported as `NOT_YOUR_TURN`).
pub const UNKNOWN_PLAYER: u8 = u8::MAX;

/// The phases of a deal (HK §5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The active player holds a full hand: self-drawn win, concealed/added kong or discard.
    Action = 0,
    /// The player just claimed a chow or pung: discard only (HK §5.5).
    AfterClaim = 1,
    /// The three other players respond to a discard (HK §5.4).
    Response = 2,
    /// The three other players respond to an added kong: pass or rob (HK §7.3).
    Rob = 3,
    /// The deal is over.
    Ended = 4,
    /// A declaration window a ruleset's hooks open (`rules/hooks.rs`): the seats it names
    /// answer once each, with one of the ruleset's extra actions or a pass.
    Declare = 5,
    /// TW §20.6.3: one seat is asked whether to take a bonus-tile win offered by the ruleset
    /// (`BONUS_WIN`) or to decline it (`DECLINE`); every other seat waits.
    BonusChoice = 6,
}

impl Phase {
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Action => "action",
            Phase::AfterClaim => "after_claim",
            Phase::Response => "response",
            Phase::Rob => "rob",
            Phase::Ended => "ended",
            Phase::Declare => "declare",
            Phase::BonusChoice => "bonus_choice",
        }
    }
    /// RESPONSE or ROB: a window in which several players answer.
    pub const fn is_window(self) -> bool {
        matches!(self, Phase::Response | Phase::Rob)
    }
}

/// What a player does (the names are those of the event log).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionType {
    Discard = 0,
    SelfDrawnWin = 1,
    ConcealedKong = 2,
    AddedKong = 3,
    Pass = 4,
    /// Claim the open discard for a win, or rob an added kong.
    Win = 5,
    Pung = 6,
    /// Exposed kong claimed from a discard.
    Kong = 7,
    Chow = 8,
    /// A ready declaration (TW §20.6.1), an action only a ruleset's hooks add
    /// ([`crate::rules::DealSetup::extra_actions`]); the tiles it names are the ruleset's.
    DeclareReady = 9,
    /// Take the bonus-tile win offered in `BONUS_CHOICE` (TW §20.6.3); no tiles.
    BonusWin = 10,
    /// Decline the bonus-tile win offered in `BONUS_CHOICE` (TW §20.6.3); no tiles.
    Decline = 11,
}

impl ActionType {
    /// The engine's own action types (HK §5.3, §6, §7): every ruleset's.
    pub const BASE: usize = 9;
    pub const ALL: [ActionType; 12] = [
        ActionType::Discard,
        ActionType::SelfDrawnWin,
        ActionType::ConcealedKong,
        ActionType::AddedKong,
        ActionType::Pass,
        ActionType::Win,
        ActionType::Pung,
        ActionType::Kong,
        ActionType::Chow,
        ActionType::DeclareReady,
        ActionType::BonusWin,
        ActionType::Decline,
    ];
    pub const fn from_u8(v: u8) -> Option<ActionType> {
        if (v as usize) < Self::ALL.len() {
            Some(Self::ALL[v as usize])
        } else {
            None
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            ActionType::Discard => "discard",
            ActionType::SelfDrawnWin => "self_drawn_win",
            ActionType::ConcealedKong => "concealed_kong",
            ActionType::AddedKong => "added_kong",
            ActionType::Pass => "pass",
            ActionType::Win => "win",
            ActionType::Pung => "pung",
            ActionType::Kong => "kong",
            ActionType::Chow => "chow",
            ActionType::DeclareReady => "declare_ready",
            ActionType::BonusWin => "bonus_win",
            ActionType::Decline => "decline",
        }
    }
    /// An action a ruleset adds (not one of the engine's own [`ActionType::BASE`] types).
    pub const fn is_extra(self) -> bool {
        self as usize >= Self::BASE
    }
    /// A response of a RESPONSE/ROB window (HK §5.4): pass, win, pung, kong, chow.
    pub const fn is_response(self) -> bool {
        matches!(self, ActionType::Pass | ActionType::Win | ActionType::Pung | ActionType::Kong | ActionType::Chow)
    }
    /// HK §6.2 rank: win > pung = exposed kong > chow > pass.
    pub const fn rank(self) -> u8 {
        match self {
            ActionType::Win => 3,
            ActionType::Pung | ActionType::Kong => 2,
            ActionType::Chow => 1,
            _ => 0,
        }
    }
}

/// Up to four physical tile ids in the order given (an action's tiles, a set's tiles).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tiles {
    ids: [u8; 4],
    /// Number of ids; 5 marks "more than four were given" (then `ids` holds the first four).
    len: u8,
}

impl Tiles {
    pub const EMPTY: Tiles = Tiles { ids: [0; 4], len: 0 };
    /// Tiles from a slice; more than four ids are remembered only as "too many".
    pub fn new(ids: &[u8]) -> Tiles {
        let mut t = Tiles { ids: [0; 4], len: ids.len().min(5) as u8 };
        for (d, &s) in t.ids.iter_mut().zip(ids) {
            *d = s;
        }
        t
    }
    pub const fn one(id: u8) -> Tiles {
        Tiles { ids: [id, 0, 0, 0], len: 1 }
    }
    /// The number of ids named (5 = more than four).
    pub const fn count(&self) -> usize {
        self.len as usize
    }
    pub fn as_slice(&self) -> &[u8] {
        &self.ids[..(self.len as usize).min(4)]
    }
    /// The same ids in ascending order.
    pub fn sorted(mut self) -> Tiles {
        let n = (self.len as usize).min(4);
        self.ids[..n].sort_unstable();
        self
    }
    pub fn push(&mut self, id: u8) {
        if (self.len as usize) < 4 {
            self.ids[self.len as usize] = id;
        }
        self.len = (self.len + 1).min(5);
    }
}

impl fmt::Debug for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// One action of one player (HK §5.3, §5.4, §6, §7). `tiles` per type: the discarded tile;
/// nothing (self-drawn win, pass, win); the four tiles (concealed kong); the added tile (added
/// kong); the two (pung, chow) or three (exposed kong) hand tiles used with the discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Action {
    pub kind: ActionType,
    pub player: u8,
    pub tiles: Tiles,
}

impl Action {
    pub fn new(kind: ActionType, player: u8, tiles: &[u8]) -> Action {
        Action { kind, player, tiles: Tiles::new(tiles) }
    }
    pub const fn bare(kind: ActionType, player: u8) -> Action {
        Action { kind, player, tiles: Tiles::EMPTY }
    }
    pub const fn discard(player: u8, tile: u8) -> Action {
        Action { kind: ActionType::Discard, player, tiles: Tiles::one(tile) }
    }
    /// A compact lossless code of an action with at most four tiles (for bindings and logs):
    /// bits 0..32 the tiles, 32..35 their number, 36..40 the type, 40..48 the player.
    pub fn code(&self) -> u64 {
        let mut c = 0u64;
        for (i, &t) in self.tiles.as_slice().iter().enumerate() {
            c |= (t as u64) << (8 * i);
        }
        c | (self.tiles.count().min(4) as u64) << 32 | (self.kind as u64) << 36 | (self.player as u64) << 40
    }
    /// Inverse of [`Action::code`] (`None` for a code no action has).
    pub fn from_code(c: u64) -> Option<Action> {
        let n = ((c >> 32) & 0xf) as usize;
        let kind = ActionType::from_u8(((c >> 36) & 0xf) as u8)?;
        if n > 4 || c >> 48 != 0 {
            return None;
        }
        let ids: [u8; 4] = [c as u8, (c >> 8) as u8, (c >> 16) as u8, (c >> 24) as u8];
        Some(Action { kind, player: (c >> 40) as u8, tiles: Tiles::new(&ids[..n]) })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{} {}", self.player, self.kind.name())?;
        for t in self.tiles.as_slice() {
            write!(f, " {t}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for kind in ActionType::ALL {
            for tiles in [&[][..], &[7], &[0, 135], &[1, 2, 3], &[140, 141, 142, 143]] {
                let a = Action::new(kind, 3, tiles);
                assert_eq!(Action::from_code(a.code()), Some(a));
            }
        }
        assert_eq!(Action::from_code(15 << 36), None);
    }

    #[test]
    fn too_many_tiles_are_remembered() {
        let t = Tiles::new(&[1, 2, 3, 4, 5, 6]);
        assert_eq!(t.count(), 5);
        assert_eq!(t.as_slice(), &[1, 2, 3, 4]);
    }
}
