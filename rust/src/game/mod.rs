//! The deal state machine (HK §4–§14), generic over the [`crate::rules::Ruleset`]: phases,
//! actions and their one legality check, the §13 error codes, events, results with several
//! winners, per-seat views and snapshots. Pure Rust; the bindings are in `py/game.rs`.
//!
//! ```
//! use mahjong_fast::game::{Deal, DealOptions, Phase};
//! use mahjong_fast::Ruleset;
//! let mut deal = Deal::seeded(&Ruleset::hong_kong(), 7, 0, 0, [0; 4], DealOptions::default()).unwrap();
//! let mut legal = Vec::new();
//! while deal.phase() != Phase::Ended {
//!     let p = deal.to_act()[0];
//!     deal.legal_actions_into(p, &mut legal);
//!     deal.apply(&legal[0]).unwrap();
//! }
//! assert_eq!(deal.result().unwrap().scores.iter().sum::<i64>(), 0);
//! ```

pub mod action;
pub mod deal;
pub mod event;
pub mod matches;
pub mod setup;
pub mod view;

#[cfg(test)]
mod situation_tests;

pub use crate::error::IllegalCode;
pub use action::{Action, ActionType, Phase, Tiles, UNKNOWN_PLAYER, UNKNOWN_TILE};
pub use deal::{Deal, DealMeld, DealOptions, Discard, Snapshot, ToAct, MAX_SCORE, PREVAILING_WIND};
pub use event::{DealResult, DrawReason, Event, ReplacementReason, WallCount, Win, WinFlags, WinKind};
pub use matches::{lone_deal, Match, MatchDeal, NextDeal};
pub use setup::{Setup, TileSpec};
pub use view::SeatView;
