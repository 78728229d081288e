//! Switches declared once (issue 33): each ruleset folder declares its switches as one table
//! of rows (name, kind, default, allowed values or range, one-line doc, rules section,
//! dependencies) plus the forbidden combinations, and everything else is derived from it here:
//! parsing and checking a value, the list of names, the checks between switches, the full set
//! of values recorded in logs and records, and the rows the bindings, the CLI's `--rule` help
//! and the docs' switch tables show: the configuration of HK §18 and TW §2.
//!
//! Adding a switch is one [`SwitchRow`] in its ruleset's table, one field in that ruleset's
//! typed switches (listed in its `switch_fields!`) and its effect where the rule is applied.
//!
//! ```
//! use mahjong_fast::rules::{Ruleset, SwitchValue};
//! let t = Ruleset::hong_kong().switch_table();
//! assert_eq!(t.rows[0].name, "min_faan");
//! let e = Ruleset::hong_kong().with_switch("min_faan", SwitchValue::Int(14)).unwrap_err();
//! assert_eq!(e.switch_name(), Some("min_faan"));
//! ```

use std::fmt;

use super::{Rules, SwitchKind, SwitchValue};
use crate::error::{MahjongError, Result};

/// A switch value written in a table (a row's default, a preset's value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwitchLit {
    Bool(bool),
    Int(i64),
    Str(&'static str),
    /// `null`.
    Null,
    /// A list of values.
    List(&'static [SwitchLit]),
    /// An object: its members by name (each name once).
    Map(&'static [(&'static str, SwitchLit)]),
}

impl SwitchLit {
    /// The value as a caller gives it.
    pub fn value(self) -> SwitchValue {
        match self {
            SwitchLit::Bool(b) => SwitchValue::Bool(b),
            SwitchLit::Int(n) => SwitchValue::Int(n),
            SwitchLit::Str(s) => SwitchValue::Str(s.to_string()),
            SwitchLit::Null => SwitchValue::Null,
            SwitchLit::List(items) => SwitchValue::List(items.iter().map(|v| v.value()).collect()),
            SwitchLit::Map(members) => SwitchValue::Map(members.iter().map(|(k, v)| (k.to_string(), v.value())).collect()),
        }
    }
    fn is(self, v: &SwitchValue) -> bool {
        match (self, v) {
            (SwitchLit::Bool(a), SwitchValue::Bool(b)) => a == *b,
            (SwitchLit::Int(a), SwitchValue::Int(b)) => a == *b,
            (SwitchLit::Str(a), SwitchValue::Str(b)) => a == b,
            (SwitchLit::Null, SwitchValue::Null) => true,
            (SwitchLit::List(_) | SwitchLit::Map(_), _) => self.value() == *v,
            _ => false,
        }
    }
}

impl fmt::Display for SwitchLit {
    /// As typed on the command line (`true`, `3`, `half`; structured values as JSON).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwitchLit::Bool(b) => write!(f, "{b}"),
            SwitchLit::Int(n) => write!(f, "{n}"),
            SwitchLit::Str(s) => f.write_str(s),
            SwitchLit::Null | SwitchLit::List(_) | SwitchLit::Map(_) => write!(f, "{}", self.value()),
        }
    }
}

/// The values a switch takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowed {
    /// `true` or `false`.
    Bool,
    /// An integer `lo..=hi`.
    Int { lo: i64, hi: i64 },
    /// One of these strings.
    Choice(&'static [&'static str]),
    /// `null` or a value the inner rule allows (`tai_cap`: no cap, or an integer).
    Nullable(&'static Allowed),
    /// Any value one of these rules allows (an element's value: `"off"`, an integer or
    /// `"limit"`).
    OneOf(&'static [Allowed]),
    /// A list of distinct strings, each one of these (`liability`: a subset of patterns).
    Subset(&'static [&'static str]),
    /// A list of strings, each one of these, repeats allowed (a [`Forbidden`] check of the
    /// ruleset names a repeat with the rules' own code: TW §20.3 CE-LIAB).
    List(&'static [&'static str]),
    /// An object whose keys are among `keys` (`None`: any string; a key the ruleset's other
    /// switches rule out is a [`Forbidden`] check) and whose values `value` allows.
    Map { keys: Option<&'static [&'static str]>, value: &'static Allowed },
    /// An object with exactly these members, each allowing its values (`payment_split`).
    Record(&'static [(&'static str, Allowed)]),
}

impl Allowed {
    /// The type of the values.
    pub fn kind(self) -> SwitchKind {
        match self {
            Allowed::Bool => SwitchKind::Bool,
            Allowed::Int { .. } => SwitchKind::Int,
            Allowed::Choice(_) => SwitchKind::Str,
            Allowed::Nullable(_)
            | Allowed::OneOf(_)
            | Allowed::Subset(_)
            | Allowed::List(_)
            | Allowed::Map { .. }
            | Allowed::Record(_) => SwitchKind::Data,
        }
    }
    /// The type in one word or two, as the bindings' `SwitchRow.kind` says it (`"bool"`,
    /// `"int"`, `"str"`, `"int or null"`, `"list"`, `"object"`, `"object or null"`, ...).
    pub fn kind_name(self) -> String {
        match self {
            Allowed::Bool => "bool".into(),
            Allowed::Int { .. } => "int".into(),
            Allowed::Choice(_) => "str".into(),
            Allowed::Nullable(inner) => format!("{} or null", inner.kind_name()),
            Allowed::OneOf(rules) => {
                let mut names: Vec<String> = Vec::new();
                for r in rules {
                    let n = r.kind_name();
                    if !names.contains(&n) {
                        names.push(n);
                    }
                }
                names.join(" or ")
            }
            Allowed::Subset(_) | Allowed::List(_) => "list".into(),
            Allowed::Map { .. } | Allowed::Record(_) => "object".into(),
        }
    }
    /// The values in words, as an error message and the docs say them (`an integer 0..13`,
    /// `"spicy" or "half"`).
    pub fn describe(self) -> String {
        let quoted = |c: &[&str]| -> String {
            let q: Vec<String> = c.iter().map(|s| format!("{s:?}")).collect();
            match q.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => q.join(""),
            }
        };
        match self {
            Allowed::Bool => "true or false".into(),
            Allowed::Int { lo: i64::MIN, hi: i64::MAX } => "an integer".into(),
            Allowed::Int { lo, hi } => format!("an integer {lo}..{hi}"),
            Allowed::Choice(c) => quoted(c),
            Allowed::Nullable(inner) => format!("null or {}", inner.describe()),
            Allowed::OneOf(rules) => {
                let d: Vec<String> = rules.iter().map(|r| r.describe()).collect();
                d.join(" or ")
            }
            Allowed::Subset(c) => format!("a list of distinct values among {}", quoted(c)),
            Allowed::List(c) => format!("a list of values among {}", quoted(c)),
            Allowed::Map { keys, value } => match keys {
                Some(k) => format!("an object whose keys are among {} and whose values are {}", quoted(k), value.describe()),
                None => format!("an object whose values are {}", value.describe()),
            },
            Allowed::Record(members) => {
                let m: Vec<String> = members.iter().map(|(k, a)| format!("{k:?}: {}", a.describe())).collect();
                format!("an object with exactly the members {}", m.join(", "))
            }
        }
    }
    /// Whether a value is one the switch takes on its own (the checks between switches aside).
    pub fn admits(self, v: &SwitchValue) -> bool {
        match (self, v) {
            (Allowed::Bool, SwitchValue::Bool(_)) => true,
            (Allowed::Int { lo, hi }, SwitchValue::Int(n)) => (lo..=hi).contains(n),
            (Allowed::Choice(c), SwitchValue::Str(s)) => c.contains(&s.as_str()),
            (Allowed::Nullable(_), SwitchValue::Null) => true,
            (Allowed::Nullable(inner), v) => inner.admits(v),
            (Allowed::OneOf(rules), v) => rules.iter().any(|r| r.admits(v)),
            (Allowed::Subset(c), SwitchValue::List(items)) => items
                .iter()
                .enumerate()
                .all(|(i, x)| matches!(x, SwitchValue::Str(s) if c.contains(&s.as_str())) && !items[..i].contains(x)),
            (Allowed::List(c), SwitchValue::List(items)) => {
                items.iter().all(|x| matches!(x, SwitchValue::Str(s) if c.contains(&s.as_str())))
            }
            (Allowed::Map { keys, value }, SwitchValue::Map(members)) => {
                members.iter().all(|(k, x)| keys.is_none_or(|ks| ks.contains(&k.as_str())) && value.admits(x))
            }
            (Allowed::Record(fields), SwitchValue::Map(members)) => {
                members.len() == fields.len() && fields.iter().all(|(k, a)| members.get(*k).is_some_and(|x| a.admits(x)))
            }
            _ => false,
        }
    }
}

/// A dependency: the row's switch may leave its default only while `switch` has one of
/// `values` (TW §20.0 rule 3: a dependent switch at its default is never an error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Needs {
    pub switch: &'static str,
    pub values: &'static [SwitchLit],
    /// The rules' code of the refusal, where they give one (`"CE-TABLE"`, TW §20.3).
    pub code: Option<&'static str>,
}

impl fmt::Display for Needs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v: Vec<String> = self.values.iter().map(|v| v.to_string()).collect();
        write!(f, "{}={}", self.switch, v.join("|"))
    }
}

/// One switch of a ruleset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwitchRow {
    pub name: &'static str,
    pub allowed: Allowed,
    pub default: SwitchLit,
    /// What the switch does, in one line.
    pub doc: &'static str,
    /// The rules section it implements (`"HK §18"`).
    pub section: &'static str,
    /// The switches it needs to leave its default.
    pub depends: &'static [Needs],
}

/// A combination of switches the rules forbid that a [`Needs`] cannot say (`max_faan <
/// min_faan`): `refuses` gives the reason when the set is one of them; the error names
/// `switch`.
#[derive(Debug, Clone, Copy)]
pub struct Forbidden {
    pub switch: &'static str,
    pub code: Option<&'static str>,
    /// The rule, in one line (shown with the switch's row).
    pub doc: &'static str,
    pub refuses: fn(&SwitchSet) -> Option<String>,
}

/// A ruleset's switches: the rows in the order of its rules, the forbidden combinations, and
/// how a ruleset is built of a checked set of values.
#[derive(Debug)]
pub struct SwitchTable {
    /// The ruleset the table belongs to (`"hong-kong"`, `"taiwanese"`): the start of its
    /// presets' names.
    pub ruleset: &'static str,
    pub rows: &'static [SwitchRow],
    pub forbidden: &'static [Forbidden],
    /// The rules' code of an unknown switch or a value it does not take (`"CE-UNKNOWN"`).
    pub unknown_code: Option<&'static str>,
    /// The order in which the rules rank the codes of faulty combinations (TW §20.11 A:
    /// CE-TABLE, CE-DEP, CE-CAP, ...): of several faults the one whose code comes first is
    /// named, then the one whose switch comes first in the table. Empty: the first fault
    /// found (every row's [`Needs`] in the table's order, then the [`Forbidden`] checks).
    pub fault_order: &'static [&'static str],
    /// The ruleset of a set of values [`SwitchSet::validate`] accepted.
    pub build: fn(&SwitchSet) -> Box<dyn Rules>,
}

impl SwitchTable {
    /// The row of switch `key`.
    pub fn row(&self, key: &str) -> Option<&'static SwitchRow> {
        self.rows.iter().find(|r| r.name == key)
    }
    /// The switch names in the order of the rules.
    pub fn names(&self) -> Vec<&'static str> {
        self.rows.iter().map(|r| r.name).collect()
    }
    /// Every switch at its default.
    pub fn defaults(&'static self) -> SwitchSet {
        SwitchSet { table: self, values: self.rows.iter().map(|r| r.default.value()).collect() }
    }
    /// What the row of `key` depends on, in words: its [`Needs`] and the forbidden
    /// combinations that name it.
    pub fn depends(&self, key: &str) -> Vec<String> {
        let mut out: Vec<String> = self.row(key).map(|r| r.depends.iter().map(|n| n.to_string()).collect()).unwrap_or_default();
        out.extend(self.forbidden.iter().filter(|f| f.switch == key).map(|f| f.doc.to_string()));
        out
    }
    /// Whether the table has switch `key` and it takes `value`: the row's index, or the
    /// error naming the switch.
    pub fn check(&self, key: &str, value: &SwitchValue) -> Result<usize> {
        let Some(i) = self.rows.iter().position(|r| r.name == key) else {
            return Err(self.unknown(key));
        };
        let row = &self.rows[i];
        if !row.allowed.admits(value) {
            return Err(MahjongError::switch(
                row.name,
                self.unknown_code,
                format!("switch {key} takes {}, got {value}", row.allowed.describe()),
            ));
        }
        Ok(i)
    }
    fn unknown(&self, key: &str) -> MahjongError {
        MahjongError::switch(
            key,
            self.unknown_code,
            format!("unknown switch {key:?} for ruleset {} (its switches: {})", self.ruleset, self.names().join(", ")),
        )
    }
}

/// Every switch of one table with its value, in the table's order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SwitchSet {
    table: &'static SwitchTable,
    values: Vec<SwitchValue>,
}

impl PartialEq for SwitchTable {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
impl Eq for SwitchTable {}
impl std::hash::Hash for SwitchTable {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.ruleset.hash(state);
    }
}

impl SwitchSet {
    /// The table of these values.
    pub fn table(&self) -> &'static SwitchTable {
        self.table
    }
    /// Set one switch, checking that the table has it and that it takes the value (not the
    /// other switches: see [`SwitchSet::validate`]).
    pub fn set(&mut self, key: &str, value: &SwitchValue) -> Result<()> {
        let i = self.table.check(key, value)?;
        self.values[i] = value.clone();
        Ok(())
    }
    /// Apply an override to the set (HK §19.14): as [`SwitchSet::set`], except that an object
    /// given to a switch keyed by name ([`Allowed::Map`]) is merged into its value key by key,
    /// the override's keys winning.
    pub fn merge(&mut self, key: &str, value: &SwitchValue) -> Result<()> {
        let i = self.table.check(key, value)?;
        match (&mut self.values[i], value, self.table.rows[i].allowed) {
            (SwitchValue::Map(old), SwitchValue::Map(new), Allowed::Map { .. }) => {
                old.extend(new.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
            (slot, _, _) => *slot = value.clone(),
        }
        Ok(())
    }
    /// The checks between switches: every row's [`Needs`], then every [`Forbidden`]
    /// combination, in the table's order; the error names the switch at fault.
    pub fn validate(&self) -> Result<()> {
        let mut faults: Vec<MahjongError> = Vec::new();
        let ordered = !self.table.fault_order.is_empty();
        for (row, v) in self.table.rows.iter().zip(&self.values) {
            if row.default.is(v) {
                continue;
            }
            for n in row.depends {
                let other = self.get(n.switch);
                if !n.values.iter().any(|lit| lit.is(other)) {
                    faults.push(MahjongError::switch(
                        row.name,
                        n.code,
                        format!("switch {} = {v} needs {n} (here {} = {other})", row.name, n.switch),
                    ));
                    if !ordered {
                        return Err(faults.swap_remove(0));
                    }
                }
            }
        }
        for f in self.table.forbidden {
            if let Some(why) = (f.refuses)(self) {
                faults.push(MahjongError::switch(f.switch, f.code, format!("switch {}: {why}", f.switch)));
                if !ordered {
                    return Err(faults.swap_remove(0));
                }
            }
        }
        // TW §20.11 A: the first code of the rules' order, then the switch first in the table
        let order = self.table.fault_order;
        let rank = |e: &MahjongError| {
            let code = e.switch_code().and_then(|c| order.iter().position(|o| *o == c)).unwrap_or(order.len());
            let row = e.switch_name().and_then(|n| self.table.rows.iter().position(|r| r.name == n)).unwrap_or(usize::MAX);
            (code, row)
        };
        let best = (0..faults.len()).min_by_key(|&i| (rank(&faults[i]), i));
        match best {
            Some(i) => Err(faults.swap_remove(i)),
            None => Ok(()),
        }
    }
    /// Every switch with its value, in the table's order (what logs and records write).
    pub fn values(&self) -> Vec<(&'static str, SwitchValue)> {
        self.table.rows.iter().map(|r| r.name).zip(self.values.iter().cloned()).collect()
    }
    /// The value of switch `key`, one of the table's names (a name the table lacks is a bug
    /// of the ruleset's code, caught by its tests; it reads as `false`).
    pub fn get(&self, key: &str) -> &SwitchValue {
        const NONE: SwitchValue = SwitchValue::Bool(false);
        match self.table.rows.iter().position(|r| r.name == key) {
            Some(i) => &self.values[i],
            None => {
                debug_assert!(false, "no switch {key} in the {} table", self.table.ruleset);
                &NONE
            }
        }
    }
    /// The value of a bool switch.
    pub fn bool(&self, key: &str) -> bool {
        matches!(self.get(key), SwitchValue::Bool(true))
    }
    /// The value of an integer switch.
    pub fn int(&self, key: &str) -> i64 {
        match self.get(key) {
            SwitchValue::Int(n) => *n,
            _ => 0,
        }
    }
    /// The value of a string switch.
    pub fn str(&self, key: &str) -> &str {
        match self.get(key) {
            SwitchValue::Str(s) => s,
            _ => "",
        }
    }
}

/// A typed field of a ruleset's switches, read from and written to a [`SwitchSet`] (the
/// field's name is the switch's).
pub trait SwitchField: Sized {
    fn from_set(set: &SwitchSet, key: &str) -> Self;
    fn to_value(&self) -> SwitchValue;
}

impl SwitchField for bool {
    fn from_set(set: &SwitchSet, key: &str) -> Self {
        set.bool(key)
    }
    fn to_value(&self) -> SwitchValue {
        SwitchValue::Bool(*self)
    }
}

macro_rules! int_field {
    ($($t:ty),*) => {$(
        impl SwitchField for $t {
            /// In range: the table's range is within the type's.
            fn from_set(set: &SwitchSet, key: &str) -> Self {
                <$t>::try_from(set.int(key)).unwrap_or_default()
            }
            fn to_value(&self) -> SwitchValue {
                SwitchValue::Int(i64::from(*self))
            }
        }
    )*};
}
int_field!(u8, u32, i64);

/// A nullable integer switch (`null`: none).
impl SwitchField for Option<u32> {
    fn from_set(set: &SwitchSet, key: &str) -> Self {
        match set.get(key) {
            SwitchValue::Int(n) => u32::try_from(*n).ok(),
            _ => None,
        }
    }
    fn to_value(&self) -> SwitchValue {
        self.map_or(SwitchValue::Null, |n| SwitchValue::Int(i64::from(n)))
    }
}

/// A list-of-strings switch (a [`Allowed::Subset`]), in the order given.
impl SwitchField for Vec<String> {
    fn from_set(set: &SwitchSet, key: &str) -> Self {
        match set.get(key) {
            SwitchValue::List(items) => {
                items.iter().filter_map(|v| if let SwitchValue::Str(s) = v { Some(s.clone()) } else { None }).collect()
            }
            _ => Vec::new(),
        }
    }
    fn to_value(&self) -> SwitchValue {
        SwitchValue::List(self.iter().map(|s| SwitchValue::Str(s.clone())).collect())
    }
}

/// A structured switch kept as its value (an object the ruleset reads member by member).
impl SwitchField for SwitchValue {
    fn from_set(set: &SwitchSet, key: &str) -> Self {
        set.get(key).clone()
    }
    fn to_value(&self) -> SwitchValue {
        self.clone()
    }
}

/// A switch whose values are the names of an enum's variants.
pub trait ChoiceField: Sized + Default + 'static {
    const NAMES: &'static [(&'static str, Self)];
}

impl<T: ChoiceField + Copy + PartialEq> SwitchField for T {
    fn from_set(set: &SwitchSet, key: &str) -> Self {
        let s = set.str(key);
        T::NAMES.iter().find(|(n, _)| *n == s).map(|(_, v)| *v).unwrap_or_default()
    }
    fn to_value(&self) -> SwitchValue {
        let name = T::NAMES.iter().find(|(_, v)| v == self).map_or("", |(n, _)| n);
        SwitchValue::Str(name.to_string())
    }
}

/// `switch_fields!(Type, TABLE, [field, ...])`: `Type::from_set` and `Type::to_set` between a
/// ruleset's typed switches and its table's values; each field is named as its switch.
macro_rules! switch_fields {
    ($ty:ty, $table:expr, [$($field:ident),* $(,)?] $(, nested [$($nested:ident),* $(,)?])?) => {
        impl $ty {
            /// The typed switches of a set of values of the table.
            pub fn from_set(set: &$crate::rules::switch_table::SwitchSet) -> Self {
                use $crate::rules::switch_table::SwitchField;
                Self { $($field: SwitchField::from_set(set, stringify!($field)),)* $($($nested: SwitchField::from_set(set, ""),)*)? }
            }
            /// The values of these switches, each checked against its row (the checks between
            /// switches are `SwitchSet::validate`'s).
            pub fn to_set(&self) -> $crate::error::Result<$crate::rules::switch_table::SwitchSet> {
                #[allow(unused_mut)]
                let mut set = self.write_fields($table.defaults())?;
                $($( set = self.$nested.write_fields(set)?; )*)?
                Ok(set)
            }
            /// These fields written into `set` (the other switches kept).
            pub fn write_fields(
                &self,
                mut set: $crate::rules::switch_table::SwitchSet,
            ) -> $crate::error::Result<$crate::rules::switch_table::SwitchSet> {
                use $crate::rules::switch_table::SwitchField;
                $( set.set(stringify!($field), &self.$field.to_value())?; )*
                Ok(set)
            }
        }
    };
}
pub(crate) use switch_fields;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hong_kong::{HongKongSwitches, SWITCH_TABLE as HK};
    use crate::rules::taiwanese::switches::TwSwitches;
    use crate::rules::taiwanese::SWITCH_TABLE as TW;
    use crate::rules::{preset_names, registry_presets, ruleset_names, Ruleset};

    /// A value of the row other than its default (its other end of the range, its next string).
    fn other(row: &SwitchRow) -> SwitchValue {
        match (row.allowed, row.default) {
            (Allowed::Bool, SwitchLit::Bool(b)) => SwitchValue::Bool(!b),
            (Allowed::Int { lo, hi }, SwitchLit::Int(d)) => SwitchValue::Int(if d == hi { lo } else { hi }),
            (Allowed::Choice(c), SwitchLit::Str(d)) => SwitchValue::Str(c.iter().find(|s| **s != d).unwrap().to_string()),
            (Allowed::Nullable(Allowed::Int { hi, .. }), SwitchLit::Null) => SwitchValue::Int(*hi),
            (Allowed::OneOf([Allowed::Int { lo, .. }, Allowed::Int { lo: other, .. }]), SwitchLit::Int(d)) => {
                SwitchValue::Int(if d == *lo { *other } else { *lo })
            }
            // an object of one member the row takes: an element of its table and a value
            (Allowed::Map { .. }, SwitchLit::Map(_)) => {
                let (key, v) = if row.name == "tai_overrides" { ("H05", 3) } else { ("X1", 6) };
                SwitchValue::Map([(key.to_string(), SwitchValue::Int(v))].into_iter().collect())
            }
            (Allowed::List(c), SwitchLit::List(_)) => SwitchValue::List(vec![SwitchValue::Str(c[2].to_string())]),
            (Allowed::Nullable(Allowed::Record(fields)), SwitchLit::Null) => {
                SwitchValue::Map(fields.iter().map(|(k, _)| (k.to_string(), SwitchValue::Int(1))).collect())
            }
            _ => panic!("{}: the default is not of the row's kind", row.name),
        }
    }

    #[test]
    fn every_row_default_is_allowed_and_the_names_are_unique() {
        for t in [&HK, &TW] {
            let mut names = t.names();
            for row in t.rows {
                t.check(row.name, &row.default.value()).unwrap();
                for n in row.depends {
                    assert!(t.row(n.switch).is_some(), "{} depends on an unknown {}", row.name, n.switch);
                }
            }
            t.defaults().validate().unwrap();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), t.rows.len());
            assert!(t.forbidden.iter().all(|f| t.row(f.switch).is_some()));
        }
    }

    /// The typed switches read and write every row (a row missing from `switch_fields!` would
    /// come back at its default).
    #[test]
    fn the_typed_switches_carry_every_row() {
        for row in HK.rows {
            let mut set = HK.defaults();
            set.set(row.name, &other(row)).unwrap();
            assert_eq!(HongKongSwitches::from_set(&set).to_set().unwrap(), set, "{}", row.name);
        }
        for row in TW.rows {
            let mut set = TW.defaults();
            set.set(row.name, &other(row)).unwrap();
            assert_eq!(TwSwitches::from_set(&set).to_set().unwrap(), set, "{}", row.name);
        }
        assert_eq!(HongKongSwitches::default().to_set().unwrap(), HK.defaults());
        assert_eq!(TwSwitches::default().to_set().unwrap(), TW.defaults());
    }

    #[test]
    fn a_dependent_switch_needs_its_switch_only_off_its_default() {
        let mut set = TW.defaults();
        set.set("tai_table", &SwitchValue::Str("low".into())).unwrap();
        set.validate().unwrap(); // the high-table options at their default: never an error
        set.set("high_wind_pung_extra", &SwitchValue::Bool(true)).unwrap();
        let e = set.validate().unwrap_err();
        assert_eq!((e.switch_name(), e.is_rule_config()), (Some("high_wind_pung_extra"), true));
        assert!(matches!(e, MahjongError::Switch { code: Some("CE-TABLE"), .. }), "{e}");
        let e = TW.defaults().set("tai_value", &SwitchValue::Bool(true)).unwrap_err();
        assert!(matches!(e, MahjongError::Switch { code: Some("CE-UNKNOWN"), .. }), "{e}");
        assert_eq!(HK.depends("max_faan"), ["max_faan >= min_faan"]);
        assert_eq!(TW.depends("high_seat_bonus_extra"), ["tai_table=high"]);
    }

    #[test]
    fn presets_are_data_and_the_rulesets_come_first() {
        assert_eq!(ruleset_names(false), ["hong-kong", "taiwanese-high", "taiwanese-low"]);
        // TW §20.11 C: `taiwanese` is a name of the high table's preset
        assert_eq!(ruleset_names(true), ["hong-kong", "hk", "taiwanese-high", "taiwanese", "taiwanese-low"]);
        let names = preset_names();
        assert_eq!(names[..3], ["hong-kong", "taiwanese-high", "taiwanese-low"]);
        assert!(!names.contains(&"test-hong-kong-one-faan"));
        for p in registry_presets() {
            let r = Ruleset::named(p.name).unwrap();
            assert_eq!(r.switch_table(), p.table);
            assert!(p.name.starts_with(p.table.ruleset), "{}", p.name);
            if let Some(id) = p.id {
                assert_eq!(Ruleset::preset(p.table.ruleset, Some(id)).unwrap(), r);
                assert!(p.name.ends_with(&id.replace('_', "-")), "{}", p.name);
            }
            for (k, v) in p.values {
                assert!(p.table.row(k).is_some_and(|row| row.default != *v), "{}: {k} is a default", p.name);
            }
        }
        assert_eq!(Ruleset::preset("hong-kong", None).unwrap(), Ruleset::hong_kong());
        assert_eq!(Ruleset::preset("taiwanese", None).unwrap(), Ruleset::named("taiwanese-high").unwrap());
        let e = Ruleset::preset("hong-kong", Some("hkos_club")).unwrap_err();
        assert_eq!(e.switch_name(), Some("preset"));
        assert_eq!(Ruleset::named("riichi").unwrap_err().switch_name(), Some("preset"));
    }

    /// The structured kinds of the house rules: what each admits, says and records.
    #[test]
    fn structured_switches_check_their_values() {
        use std::collections::BTreeMap;
        static INT_1_64: Allowed = Allowed::Int { lo: 1, hi: 64 };
        static ELEMENT: Allowed = Allowed::OneOf(&[Allowed::Choice(&["off", "limit"]), Allowed::Int { lo: 1, hi: 13 }]);
        let cap = Allowed::Nullable(&INT_1_64);
        let subset = Allowed::Subset(&["all_pungs", "full_flush"]);
        let map = Allowed::Map { keys: Some(&["H05", "H06"]), value: &INT_1_64 };
        let any_map = Allowed::Map { keys: None, value: &ELEMENT };
        let record =
            Allowed::Record(&[("discarder", Allowed::Int { lo: 0, hi: 10 }), ("others", Allowed::Int { lo: 0, hi: 10 })]);
        let s = |x: &str| SwitchValue::Str(x.into());
        let obj = |m: &[(&str, SwitchValue)]| SwitchValue::Map(m.iter().map(|(k, v)| (k.to_string(), v.clone())).collect());
        assert!(cap.admits(&SwitchValue::Null) && cap.admits(&SwitchValue::Int(16)));
        assert!(!cap.admits(&SwitchValue::Int(0)) && !cap.admits(&s("16")));
        assert!(
            subset.admits(&SwitchValue::List(vec![])) && subset.admits(&SwitchValue::List(vec![s("full_flush"), s("all_pungs")]))
        );
        assert!(!subset.admits(&SwitchValue::List(vec![s("all_pungs"), s("all_pungs")])), "listed twice");
        assert!(!subset.admits(&SwitchValue::List(vec![s("half_flush")])) && !subset.admits(&s("all_pungs")));
        assert!(map.admits(&obj(&[("H05", SwitchValue::Int(3))])) && map.admits(&obj(&[])));
        assert!(!map.admits(&obj(&[("H07", SwitchValue::Int(3))])) && !map.admits(&obj(&[("H05", SwitchValue::Int(65))])));
        assert!(any_map.admits(&obj(&[("X1", s("off")), ("L1", s("limit")), ("F1", SwitchValue::Int(2))])));
        assert!(!any_map.admits(&obj(&[("X1", s("on"))])) && !any_map.admits(&SwitchValue::List(vec![])));
        assert!(record.admits(&obj(&[("discarder", SwitchValue::Int(2)), ("others", SwitchValue::Int(1))])));
        assert!(!record.admits(&obj(&[("discarder", SwitchValue::Int(2))])), "a member missing");
        assert!(!record.admits(&obj(&[
            ("discarder", SwitchValue::Int(2)),
            ("others", SwitchValue::Int(1)),
            ("x", SwitchValue::Int(1))
        ])));
        assert_eq!(
            [cap.kind_name(), subset.kind_name(), map.kind_name(), ELEMENT.kind_name()],
            ["int or null", "list", "object", "str or int"]
        );
        assert_eq!(cap.describe(), "null or an integer 1..64");
        assert_eq!(subset.describe(), r#"a list of distinct values among "all_pungs" or "full_flush""#);
        assert!([cap, subset, map, record].iter().all(|a| a.kind() == SwitchKind::Data));
        // Literals: a table's defaults and presets, equal to the values they stand for.
        static MEMBERS: [(&str, SwitchLit); 2] = [("H05", SwitchLit::Int(3)), ("H06", SwitchLit::Int(1))];
        let lit = SwitchLit::Map(&MEMBERS);
        let want: BTreeMap<String, SwitchValue> =
            [("H05".to_string(), SwitchValue::Int(3)), ("H06".to_string(), SwitchValue::Int(1))].into();
        assert_eq!(lit.value(), SwitchValue::Map(want));
        assert!(lit.is(&lit.value()) && !lit.is(&obj(&[("H05", SwitchValue::Int(3))])));
        assert!(SwitchLit::Null.is(&SwitchValue::Null) && !SwitchLit::Null.is(&SwitchValue::Int(0)));
        assert_eq!(lit.to_string(), r#"{"H05": 3, "H06": 1}"#);
        assert_eq!(SwitchLit::List(&[SwitchLit::Str("a"), SwitchLit::Str("b")]).to_string(), r#"["a", "b"]"#);
        assert_eq!(SwitchValue::Null.to_string(), "null");
    }
}
