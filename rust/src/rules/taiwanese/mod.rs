//! The Taiwanese 16-tile rulesets (rules `taiwanese.md`, high and low Tai tables).

pub mod high;
pub mod low;
#[cfg(test)]
mod reference;
pub mod scoring;
pub mod settle;
pub mod switches;
