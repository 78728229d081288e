//! The shanten and ukeire evaluator the built-in agents decide with. It is the analysis
//! layer's incremental engine ([`crate::analysis::shanten::incremental`], HK §14a), named
//! here because every agent holds one; what the agents do with its ratings (the choice of a
//! discard, a claim) is their own policy.

pub use crate::analysis::shanten::incremental::{Evaluator, Rating};
