//! mahjong_fast core: tiles, walls, decomposition, waits, shanten and scoring for Hong Kong
//! mahjong and the Taiwanese 16-tile game, the deal state machine, the built-in agents, bulk
//! simulation and batched tables for learners. Pure Rust: no I/O, no global state beyond
//! read-only tables. The Python bindings live in `py/` behind the `python` feature.
//!
//! The layers, bottom up (each uses only the ones before it): [`tiles`] (notation, hands, the
//! wall); [`analysis`] (decomposition, waits, shanten); [`rules`] (one folder per ruleset behind
//! one trait); [`game`] (the deal and the match); [`agents`]; [`sim`] (simulation, the arena) and
//! [`rl`] (tables stepped for learners); `py` (the bindings). `docs/architecture.md` maps every
//! rules section to its file.
pub mod agents;
pub mod analysis;
pub mod error;
pub mod game;
mod prefetch;
pub mod rl;
pub mod rules;
pub mod sim;
pub mod tiles;

#[cfg(feature = "python")]
mod py;

pub use error::{MahjongError, Result};
pub use rules::Ruleset;
pub use tiles::hand::{parse_hand, Counts, Hand, Meld, MeldKind};
pub use tiles::tile::{AnyTile, Bonus, Tile};
