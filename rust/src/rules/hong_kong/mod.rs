//! The Hong Kong ruleset (rules `hong-kong.md`).

#[cfg(test)]
mod reference;
pub mod scoring;
