//! The registry: every ruleset by name (the names of the rules files) and its aliases. A new
//! ruleset is one line here beside its folder.

use std::sync::LazyLock;

use super::{Rules, Ruleset};
use crate::error::{MahjongError, Result};

/// One registered ruleset: its names (the first is the name of its rules file, the others
/// aliases) and the constructor of its preset (default switches).
struct Entry {
    names: &'static [&'static str],
    preset: fn() -> Box<dyn Rules>,
}

/// Every ruleset of the product; the first is the default.
const RULESETS: &[Entry] = &[
    Entry { names: &["hong-kong", "hk"], preset: super::hong_kong::preset },
    Entry { names: &["taiwanese-high"], preset: super::taiwanese::preset_high },
    Entry { names: &["taiwanese-low"], preset: super::taiwanese::preset_low },
];

/// Rulesets registered for the crate's own tests only (a third ruleset played through the
/// same engine: `rules/test_ruleset/`).
#[cfg(test)]
const TEST_RULESETS: &[Entry] = &[Entry { names: &["test-hong-kong-one-faan"], preset: super::test_ruleset::preset }];
#[cfg(not(test))]
const TEST_RULESETS: &[Entry] = &[];

fn entries() -> impl Iterator<Item = &'static Entry> {
    RULESETS.iter().chain(TEST_RULESETS)
}

/// Every registered preset, built once: naming a ruleset (`rules="hk"` on every call of
/// `score`) shares it instead of building it again.
static PRESETS: LazyLock<Vec<Ruleset>> = LazyLock::new(|| entries().map(|e| Ruleset::of((e.preset)())).collect());

/// The preset ruleset registered under `name` or one of its aliases (shared, not rebuilt).
pub(super) fn named(name: &str) -> Result<Ruleset> {
    match entries().position(|e| e.names.contains(&name)) {
        Some(i) => Ok(PRESETS[i].clone()),
        None => Err(unknown(name)),
    }
}

/// The default ruleset's preset (the first registered), shared.
pub(super) fn default_ruleset() -> Ruleset {
    PRESETS[0].clone()
}

/// The preset registered under `name` or one of its aliases, to change its switches.
pub(super) fn preset(name: &str) -> Result<Box<dyn Rules>> {
    match entries().find(|e| e.names.contains(&name)) {
        Some(e) => Ok((e.preset)()),
        None => Err(unknown(name)),
    }
}

fn unknown(name: &str) -> MahjongError {
    let known: Vec<String> = RULESETS
        .iter()
        .map(|e| match e.names {
            [main] => format!("{main:?}"),
            [main, aliases @ ..] => {
                let a: Vec<String> = aliases.iter().map(|a| format!("{a:?}")).collect();
                format!("{main:?} (alias {})", a.join(", "))
            }
            [] => String::new(),
        })
        .collect();
    MahjongError::RuleConfig(format!("unknown ruleset {name:?} (known: {})", known.join(", ")))
}

/// The name of every registered ruleset, default first; with `aliases`, each followed by its
/// aliases.
pub fn ruleset_names(aliases: bool) -> Vec<&'static str> {
    if aliases {
        RULESETS.iter().flat_map(|e| e.names.iter().copied()).collect()
    } else {
        RULESETS.iter().map(|e| e.names[0]).collect()
    }
}
