//! mahjong_fast core: tiles, walls, decomposition, waits, shanten and scoring for Hong Kong
//! mahjong (and, next, the Taiwanese 16-tile ruleset). Pure Rust: no I/O, no global state
//! beyond read-only tables. The Python bindings live in `py/` behind the `python` feature.

pub mod advise;
pub mod agents;
pub mod analysis;
pub mod arena;
pub mod decompose;
pub mod error;
pub mod game;
pub mod hand;
pub mod rl;
pub mod rules;
pub mod shanten;
pub mod sim;
// The SSE2 helpers: used where `cfg(simd)` (see build.rs), and compiled for the tests on any
// x86_64 build, which compare them with the scalar paths.
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
mod simd;
pub mod tables;
pub mod tile;
pub mod waits;
pub mod wall;

#[cfg(feature = "python")]
mod py;

pub use error::{MahjongError, Result};
pub use hand::{parse_hand, Counts, Hand, Meld, MeldKind};
pub use rules::Ruleset;
pub use tile::{AnyTile, Bonus, Tile};
