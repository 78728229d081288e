//! mahjong_fast core: tiles, walls, decomposition, waits, shanten and scoring for Hong Kong
//! mahjong (and, next, the Taiwanese 16-tile ruleset). Pure Rust: no I/O, no global state
//! beyond read-only tables. The Python bindings live in `py/` behind the `python` feature.

// The layers, bottom up: tiles and notation; hand analysis; rules (one folder per ruleset behind
// one trait); the deal state machine; the agents; simulation and the arena; the bindings.
pub mod agents;
pub mod analysis;
pub mod error;
pub mod game;
pub mod rl;
pub mod rules;
pub mod sim;
pub mod tiles;

// The paths of the flat layout, while other branches still use them.
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
pub(crate) use analysis::simd;
pub use analysis::{advise, decompose, shanten, tables, waits};
pub use sim::arena;
pub use tiles::{hand, tile, wall};

#[cfg(feature = "python")]
mod py;

pub use error::{MahjongError, Result};
pub use hand::{parse_hand, Counts, Hand, Meld, MeldKind};
pub use rules::Ruleset;
pub use tile::{AnyTile, Bonus, Tile};
