//! Hand analysis (HK §9, §14a; TW §9): the lookup tables, every decomposition of a hand, waits,
//! shanten (one engine, which the agents' evaluator uses too) and discard advice, pure
//! functions of counts and shape rules. What differs between rulesets is given to them as a
//! [`decompose::ShapeRules`]; nothing here knows a ruleset by name. The checked entry points
//! the Python functions and the CLI call, with a ruleset, are `rules::checked`.

pub mod advise;
pub mod decompose;
// A brute-force oracle of this layer for the 16/17-tile shapes (TW §9), beside the tests it serves.
#[cfg(test)]
mod reference_tests;
pub mod shanten;
// The SSE2 helpers: used where `cfg(simd)` (see build.rs), and compiled for the tests on any
// x86_64 build, which compare them with the scalar paths.
#[cfg(any(simd, all(test, target_arch = "x86_64")))]
pub(crate) mod simd;
pub mod tables;
pub mod waits;
