//! Built-in agents (design §2 `agents/`): the policies of the built-in seats as decision
//! functions over plain data — the seat's concealed counts, its own declared sets, the counts it
//! cannot see, the discard on offer and the legal options — so the same code decides in a deal
//! played by the core ([`crate::sim`]) and behind the Python seats `RandomSeat` / `GreedySeat`.
//!
//! An agent never sees hidden tiles (HK §14): everything it reads is in [`Situation`].
//!
//! - [`random::RandomAgent`]: uniform over the legal options, with its own ChaCha8 stream keyed
//!   by `(seed, deal index, player)`.
//! - [`greedy::GreedyAgent`]: the documented shanten/ukeire policy of `GreedySeat`, computed
//!   incrementally by [`eval::Evaluator`].
//! - [`value::ValueAgent`]: greedy plus two rules about the minimum.
//! - [`strong::StrongAgent`]: offence by expected value and defence (reads a [`strong::Table`]
//!   of public information besides the [`Situation`]).
//! - [`expert::ExpertAgent`]: every option valued in points with the ruleset's own estimates,
//!   ready hands valued exactly in the deal's real situation; the values are exposed for hints.

mod danger;
pub mod eval;
pub mod expert;
pub mod greedy;
pub mod knowledge;
mod options;
pub mod random;
pub mod strong;
pub mod value;

use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::Tile;

pub use greedy::GreedyAgent;
pub use random::RandomAgent;
pub use strong::{StrongAgent, StrongParams, Table, TableBuf};
pub use value::{SeatValue, ValueAgent};

/// What a legal option does (the action types of HK §5.3, §6.1, §7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// Discard a tile (HK §5.3).
    Discard,
    /// Declare a self-drawn win (HK §5.3).
    SelfDrawnWin,
    /// Declare a concealed kong (HK §7.1).
    ConcealedKong,
    /// Add the fourth tile to an exposed pung (HK §7.3).
    AddedKong,
    /// Let the discard (or the added kong) go (HK §6.1).
    Pass,
    /// Claim the discard for a win, or rob the kong (HK §6.1, §7.3).
    Win,
    /// Claim the discard for a pung (HK §6.1).
    Pung,
    /// Claim the discard for an exposed kong (HK §6.1).
    Kong,
    /// Claim the discard for a chow (HK §6.1).
    Chow,
}

/// One legal option as an agent sees it. `tile` names the kind the option is about:
/// the discarded kind (`Discard`), the kong's kind (`ConcealedKong`, `AddedKong`), the claimed
/// discard's kind (`Pung`, `Kong`), the lowest kind of the chow (`Chow`); unused (any value)
/// for `SelfDrawnWin`, `Pass`, `Win`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LegalOption {
    pub kind: OptionKind,
    pub tile: Tile,
}

impl LegalOption {
    pub const fn new(kind: OptionKind, tile: Tile) -> Self {
        LegalOption { kind, tile }
    }
}

/// Everything an agent decides from: one seat's knowledge at one moment (HK §14) and its legal
/// options, in the engine's order (the agent answers an index into `legal`).
#[derive(Debug, Clone, Copy)]
pub struct Situation<'a> {
    /// The seat's concealed tiles by kind.
    pub concealed: &'a Counts,
    /// The seat's own declared sets.
    pub melds: &'a [Meld],
    /// Copies of each kind the seat cannot see (4 minus own tiles, all discard pools, all
    /// declared sets and the tile of an open robbing window).
    pub unseen: &'a Counts,
    /// The kind of the discard on offer (a claim window), else `None`.
    pub discard: Option<Tile>,
    /// The legal options, non-empty.
    pub legal: &'a [LegalOption],
}
