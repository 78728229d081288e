//! The registry: every preset by name. A preset is a named full switch set of one ruleset's
//! table (HK §19.14, TW §20.8), declared as data in its ruleset's folder; the default rulesets
//! (`hong-kong`, `taiwanese-high`, `taiwanese-low`) are presets too. A new ruleset is one line
//! here beside its folder; a new preset is one entry in its folder's list. Choosing a ruleset
//! and its switches by name is the configuration of HK §1 and TW §2.

use std::sync::LazyLock;

use super::switch_table::{SwitchLit, SwitchSet, SwitchTable};
use super::Ruleset;
use crate::error::{MahjongError, Result};

/// One named switch set: the table's defaults overwritten by `values`, recorded (logs,
/// records) as its ruleset's name and every switch, never as the preset's name.
#[derive(Debug)]
pub struct Preset {
    /// The ruleset's name, a dash and the rules' id of the preset in kebab case
    /// (`"hong-kong-half-spicy-3faan"`); the default presets are the rulesets' own names.
    pub name: &'static str,
    /// Other names it is known by (`"hk"`).
    pub aliases: &'static [&'static str],
    /// The rules' id (`"half_spicy_3faan"`, `"low"`): what `Ruleset.hong_kong(preset=...)`
    /// and `Ruleset.taiwanese(preset=...)` take; `None` for a ruleset's plain default.
    pub id: Option<&'static str>,
    pub table: &'static SwitchTable,
    /// Whether it is a ruleset of the rules files (`hong-kong`, `taiwanese-high`,
    /// `taiwanese-low`: `mf.ruleset_names()`) rather than a house style.
    pub ruleset: bool,
    /// The switches that differ from the table's defaults.
    pub values: &'static [(&'static str, SwitchLit)],
    /// What table style it is, in one line, with its rules section.
    pub doc: &'static str,
}

impl Preset {
    /// Every switch of the preset (checked by [`Ruleset::from_set`] when it is built).
    pub fn switch_set(&self) -> Result<SwitchSet> {
        let mut set = self.table.defaults();
        for (k, v) in self.values {
            set.set(k, &v.value())?;
        }
        Ok(set)
    }
}

/// Every listed preset of the product; the first is the default ruleset.
fn listed() -> impl Iterator<Item = &'static Preset> {
    let hk = super::hong_kong::switches::PRESETS;
    let tw = super::taiwanese::switches::PRESETS;
    // the rulesets first (HK's default, then Taiwanese's high and low), then the house
    // presets, Hong Kong's then Taiwanese's
    let rulesets = |p: &&Preset| p.ruleset;
    let houses = |p: &&Preset| !p.ruleset;
    hk.iter().filter(rulesets).chain(tw.iter().filter(rulesets)).chain(hk.iter().filter(houses)).chain(tw.iter().filter(houses))
}

/// Presets for tests, not listed: `test-house-hooks` (every deal hook, `rules/test_house_hooks/`)
/// in every build, so that the Python tests drive it against the release wheel; in the crate's
/// own tests also a third ruleset played through the same engine (`rules/test_ruleset/`).
#[cfg(test)]
fn unlisted() -> impl Iterator<Item = &'static Preset> {
    super::test_house_hooks::PRESETS.iter().chain(super::test_ruleset::PRESETS)
}
#[cfg(not(test))]
fn unlisted() -> impl Iterator<Item = &'static Preset> {
    super::test_house_hooks::PRESETS.iter()
}

fn entries() -> impl Iterator<Item = &'static Preset> {
    listed().chain(unlisted())
}

/// Every registered preset, built once: naming a ruleset (`rules="hk"` on every call of
/// `score`) shares it instead of building it again. A preset its table refuses is a bug
/// caught by the tests; it stays an error here, never a panic.
static BUILT: LazyLock<Vec<Result<Ruleset>>> =
    LazyLock::new(|| entries().map(|p| p.switch_set().and_then(|s| Ruleset::from_set(&s))).collect());

/// The preset registered under `name` or one of its aliases (shared, not rebuilt); an unknown
/// name is a configuration error naming `preset` and listing the known names.
pub(super) fn named(name: &str) -> Result<Ruleset> {
    match entries().position(|p| p.name == name || p.aliases.contains(&name)) {
        Some(i) => BUILT[i].clone(),
        None => Err(unknown(name)),
    }
}

/// The preset of a ruleset by the rules' id (`Ruleset.taiwanese(preset="low")`): the listed
/// preset of the table named `ruleset` whose id is `id` (dashes read as underscores), or the
/// ruleset's default preset for `None`.
pub fn by_id(ruleset: &str, id: Option<&str>) -> Result<Ruleset> {
    let want = id.map(|i| i.replace('-', "_"));
    let found = entries().position(|p| {
        p.table.ruleset == ruleset
            && match &want {
                None => p.ruleset,
                Some(w) => p.id == Some(w.as_str()),
            }
    });
    match found {
        Some(i) => BUILT[i].clone(),
        None => {
            let ids: Vec<String> =
                entries().filter(|p| p.table.ruleset == ruleset).filter_map(|p| p.id).map(|i| format!("{i:?}")).collect();
            Err(MahjongError::switch(
                "preset",
                None,
                format!("unknown preset {:?} for {ruleset} (its presets: {})", id.unwrap_or(""), ids.join(", ")),
            ))
        }
    }
}

/// The default ruleset's preset (the first registered), shared.
pub(super) fn default_ruleset() -> Ruleset {
    match BUILT.first() {
        Some(Ok(r)) => r.clone(),
        // the default preset is its table's defaults, which the tests check valid
        _ => {
            let t = &super::hong_kong::SWITCH_TABLE;
            Ruleset::of((t.build)(&t.defaults()))
        }
    }
}

fn unknown(name: &str) -> MahjongError {
    let known: Vec<String> = listed()
        .map(|p| match p.aliases {
            [] => format!("{:?}", p.name),
            aliases => {
                let a: Vec<String> = aliases.iter().map(|a| format!("{a:?}")).collect();
                format!("{:?} (alias {})", p.name, a.join(", "))
            }
        })
        .collect();
    MahjongError::switch("preset", None, format!("unknown ruleset {name:?} (known: {})", known.join(", ")))
}

/// The name of every ruleset, default first (`hong-kong`, `taiwanese-high`,
/// `taiwanese-low`); with `aliases`, each followed by its aliases.
pub fn ruleset_names(aliases: bool) -> Vec<&'static str> {
    listed()
        .filter(|p| p.ruleset)
        .flat_map(|p| std::iter::once(p.name).chain(if aliases { p.aliases } else { &[] }.iter().copied()))
        .collect()
}

/// Every listed preset's name, the three rulesets first; test presets are not listed.
pub fn preset_names() -> Vec<&'static str> {
    listed().map(|p| p.name).collect()
}

/// Every listed preset (for the bindings and the docs).
pub fn presets() -> Vec<&'static Preset> {
    listed().collect()
}

/// The listed preset nearest to `set`: of those on the same switch table, the one with the
/// fewest switches whose values differ, the first listed on a tie (a ruleset's own preset
/// before the house ones). The agents take their fitted weights from it (a switch set without
/// its own weights plays with the nearest preset's, docs/ai.md). `None` for a table no listed
/// preset uses (the test rulesets).
pub fn nearest_preset(set: &SwitchSet) -> Option<&'static Preset> {
    let mine = set.values();
    listed()
        .filter(|p| std::ptr::eq(p.table, set.table()))
        .filter_map(|p| {
            let theirs = p.switch_set().ok()?.values();
            Some((mine.iter().zip(&theirs).filter(|(a, b)| a != b).count(), p))
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, p)| p)
}

/// The names of element `code` in the family whose unit is `unit` (`"faan"`, `"tai"`): the
/// first listed preset of that unit whose table names it (an element's code is the same in
/// every preset of its family). `None` for a code no table of that unit has.
pub fn element_names_by_unit(unit: &str, code: &str) -> Option<&'static super::names::Names> {
    listed()
        .zip(BUILT.iter())
        .filter_map(|(_, r)| r.as_ref().ok())
        .filter(|r| r.unit() == unit)
        .find_map(|r| super::names::element_in(r.element_names(), code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::SwitchValue;

    /// Each listed preset's nearest is itself, or the first listed preset with the very same
    /// switches (`hong-kong-hkos-classic` is `hong-kong`'s table); one switch changed keeps a
    /// ruleset's own preset the nearest; a table no listed preset uses has none.
    #[test]
    fn each_preset_is_nearest_to_itself() {
        for p in listed() {
            let set = p.switch_set().unwrap();
            let q = nearest_preset(&set).unwrap();
            assert_eq!(q.switch_set().unwrap().values(), set.values(), "{} -> {}", p.name, q.name);
            assert!(q.name == p.name || listed().position(|x| x.name == q.name) < listed().position(|x| x.name == p.name));
        }
        let hk = Ruleset::hong_kong().with_switch("liability", SwitchValue::Str("all".into())).unwrap();
        assert_eq!(nearest_preset(hk.switch_set()).map(|p| p.name), Some("hong-kong"));
        let tw = Ruleset::named("taiwanese-omu-standard").unwrap().with_switch("base_points", SwitchValue::Int(7)).unwrap();
        assert_eq!(nearest_preset(tw.switch_set()).map(|p| p.name), Some("taiwanese-omu-standard"));
        let t = Ruleset::named("test-house-hooks").unwrap();
        assert!(nearest_preset(t.switch_set()).is_none());
    }
}
