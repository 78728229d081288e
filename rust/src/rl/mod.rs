//! The reinforcement-learning environment's core (design §2 `sim/`: the batched tables of the
//! RL environment): many tables of one ruleset stepped by one call, with the built-in seats
//! played inside the call, so a step returns only when a learning seat must decide.
//!
//! - [`actions`]: the action space of [`N_ACTIONS`] = 75 indices shared by both rulesets (then,
//!   under version 2, the ruleset's extra actions: [`ActionSpace`]), and the mask built from
//!   the engine's own legal actions.
//! - [`obs`]: the observation planes over the 42-tile axis (version [`OBS_VERSION`], or 2 with
//!   the rule-state planes).
//! - [`seats`]: the built-in seats (by name), deciding exactly as in bulk simulation.
//! - [`pool`]: the threads of a batch with more than one ([`BatchPool`]): the caller works
//!   too, and helpers stay awake between calls.
//! - [`tables`]: one table ([`Table`]) and the batch ([`TableBatch`]): autoreset, duplicate
//!   mode, rewards.
//!
//! Pure Rust: the numpy binding is `py/rl.rs`. A table depends only on its own seed and the
//! actions it is given, so a batch's output is the same for any number of tables, any thread
//! count and any order of tables.

pub mod actions;
pub mod obs;
pub mod pool;
pub mod seats;
pub mod tables;

#[cfg(test)]
mod tests;

pub use actions::{ActionMap, ActionSpace, MAX_ACTIONS, N_ACTIONS};
pub use obs::{ObsOptions, LATEST_OBS_VERSION, N_COLS, OBS_VERSION};
pub use pool::BatchPool;
pub use seats::{with_builtins, Builtins, Seat};
pub use tables::{BatchConfig, IllegalMode, RewardKind, StepOut, Table, TableBatch};
