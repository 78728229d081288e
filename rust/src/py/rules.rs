//! Binding of the ruleset value (`mahjong_fast.Ruleset`, design §2, HK §18).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyType};

use super::{hand_err, ranged_arg, to_py_err};
use crate::error::MahjongError;
use crate::rules::{
    Allowed, Fact, Ruleset as CoreRuleset, SwitchKind, SwitchLit, SwitchRow, SwitchTable, SwitchValue, WinPayment,
};

/// Which game is played: a frozen, hashable, picklable value (rules `hong-kong.md` §18).
///
/// Build it with `Ruleset.hong_kong(**switches)`, by preset with
/// `Ruleset.hong_kong(preset="half_spicy_3faan", **overrides)` or by name with
/// `Ruleset.from_name("hk")`; every entry point that takes `rules=` also accepts the name.
#[pyclass(frozen, eq, hash, module = "mahjong_fast._core", name = "Ruleset")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRuleset {
    pub inner: CoreRuleset,
}

/// What `__reduce__` returns: `mahjong_fast.rules._from_state` and its `(name, switches)`.
type Reduced<'py> = (Bound<'py, PyAny>, (String, Bound<'py, PyDict>));

fn config_err(py: Python<'_>, msg: String) -> PyErr {
    to_py_err(py, MahjongError::RuleConfig(msg))
}

/// A Python value as the switch value `key` takes. A value of another type (`"3"` or `True`
/// for an integer switch, `1` for a bool switch) is a `RuleConfigError` naming the switch; the
/// core checks the range.
fn switch_value(py: Python<'_>, r: &CoreRuleset, key: &str, v: &Bound<'_, PyAny>) -> PyResult<SwitchValue> {
    let Some(kind) = r.switch_kind(key) else {
        // Unknown: the core names the switch and the ruleset's switches.
        return Ok(SwitchValue::Bool(false));
    };
    let got = || {
        let t = v.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
        let shown = v.repr().map(|s| s.to_string()).unwrap_or_else(|_| "?".into());
        format!("{shown} ({t})")
    };
    let code = r.switch_table().unknown_code;
    let bad = |msg: String| to_py_err(py, MahjongError::switch(key, code, msg));
    match kind {
        // The core's conversions: a flag is a bool or numpy's bool_, an int any int (numpy's
        // too) but a bool; a wrong type is this function's RuleConfigError naming the switch.
        SwitchKind::Bool => match super::bool_arg(v, key) {
            Ok(b) => Ok(SwitchValue::Bool(b)),
            Err(_) => Err(bad(format!("switch {key} takes true or false, got {}", got()))),
        },
        SwitchKind::Int => match super::int_arg(v, key, "an int") {
            Ok(Some(n)) => Ok(SwitchValue::Int(n)),
            // Beyond i64 is out of every range.
            Ok(None) => Err(bad(format!("switch {key}: {} is out of range", got()))),
            Err(_) => Err(bad(format!("switch {key} takes an integer, got {}", got()))),
        },
        SwitchKind::Str => match v.cast::<PyString>() {
            Ok(s) => Ok(SwitchValue::Str(s.to_str()?.to_owned())),
            Err(_) => Err(bad(format!("switch {key} takes a string, got {}", got()))),
        },
        // Structured: converted by type; the row's rule is checked by the core.
        SwitchKind::Data => data_value(v).ok_or_else(|| {
            let allowed = r.switch_table().row(key).map(|row| row.allowed.describe()).unwrap_or_default();
            bad(format!("switch {key} takes {allowed}, got {}", got()))
        }),
    }
}

/// A Python value as structured switch data: `None`, a bool, an int (numpy's too), a str, a
/// list or tuple of such values, or a dict with str keys; `None` for anything else.
fn data_value(v: &Bound<'_, PyAny>) -> Option<SwitchValue> {
    if v.is_none() {
        return Some(SwitchValue::Null);
    }
    if let Ok(b) = super::bool_arg(v, "value") {
        return Some(SwitchValue::Bool(b));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return s.to_str().ok().map(|s| SwitchValue::Str(s.to_owned()));
    }
    match super::wide_int_arg(v, "value", "an int") {
        Ok(Some(n)) => return Some(SwitchValue::Int(n.clamp(i64::MIN.into(), i64::MAX.into()) as i64)),
        // beyond 128 bits: as far out of every range as the widest integer
        Ok(None) => {
            let negative = v.lt(0i64).unwrap_or(false);
            return Some(SwitchValue::Int(if negative { i64::MIN } else { i64::MAX }));
        }
        Err(_) => {}
    }
    if let Ok(d) = v.cast::<PyDict>() {
        let mut out = std::collections::BTreeMap::new();
        for (k, x) in d.iter() {
            let k = k.cast::<PyString>().ok()?.to_str().ok()?.to_owned();
            out.insert(k, data_value(&x)?);
        }
        return Some(SwitchValue::Map(out));
    }
    if v.is_instance_of::<PyList>() || v.is_instance_of::<pyo3::types::PyTuple>() {
        let items: Option<Vec<SwitchValue>> = v.try_iter().ok()?.map(|x| x.ok().and_then(|x| data_value(&x))).collect();
        return items.map(SwitchValue::List);
    }
    None
}

/// A switch value as Python data: bool, int, str, `None`, list or dict (what JSON writes).
pub(crate) fn switch_py<'py>(py: Python<'py>, v: &SwitchValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        SwitchValue::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
        SwitchValue::Int(n) => n.into_pyobject(py)?.into_any(),
        SwitchValue::Str(s) => PyString::new(py, s).into_any(),
        SwitchValue::Null => py.None().into_bound(py),
        SwitchValue::List(items) => {
            let l = PyList::empty(py);
            for x in items {
                l.append(switch_py(py, x)?)?;
            }
            l.into_any()
        }
        SwitchValue::Map(members) => {
            let d = PyDict::new(py);
            for (k, x) in members {
                d.set_item(k, switch_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

impl PyRuleset {
    /// `base` with `switches` applied in order (an object keyed by name, `element_values`,
    /// merged key by key into the base's: HK §19.14), then checked as a whole.
    fn build(py: Python<'_>, base: CoreRuleset, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let Some(sw) = switches.filter(|d| !d.is_empty()) else {
            return Ok(PyRuleset { inner: base });
        };
        let mut given: Vec<(String, Bound<'_, PyAny>)> = Vec::with_capacity(sw.len());
        for (k, v) in sw.iter() {
            let key: String = k.extract().map_err(|_| {
                config_err(py, format!("switch names are strings, got {}", k.repr().map(|s| s.to_string()).unwrap_or_default()))
            })?;
            given.push((key, v));
        }
        // TW §20.11 A: of several faults, the switch first in the table's order is named
        // (unknown names first), whatever the order they were given in
        let table = base.switch_table();
        given.sort_by_key(|(k, _)| table.rows.iter().position(|r| r.name == k).map_or(0, |i| i + 1));
        let mut set = base.switch_set().clone();
        for (key, v) in &given {
            let value = switch_value(py, &base, key, v)?;
            set.merge(key, &value).map_err(|e| to_py_err(py, e))?;
        }
        CoreRuleset::from_set(&set).map(|inner| PyRuleset { inner }).map_err(|e| to_py_err(py, e))
    }

    /// The preset of `ruleset` by the rules' id (`preset=`; `None`: the default preset).
    fn preset(py: Python<'_>, ruleset: &str, preset: Option<&Bound<'_, PyAny>>) -> PyResult<CoreRuleset> {
        let id = match preset {
            Some(p) if !p.is_none() => Some(super::str_arg(p, "preset")?),
            _ => None,
        };
        CoreRuleset::preset(ruleset, id.as_deref()).map_err(|e| to_py_err(py, e))
    }

    fn switches_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.inner.switch_values() {
            d.set_item(k, switch_py(py, &v)?)?;
        }
        Ok(d)
    }
}

#[pymethods]
impl PyRuleset {
    /// The Hong Kong preset (`hong-kong.md`) with the given §18 and §19 switches; `preset` is
    /// the id of a preset of HK §19.14 (`"hkos_classic"`, `"half_spicy_3faan"`,
    /// `"mahjax_hkos_v1"`, `"riichi_advanced_hk"`, `"benwassa_v1"`, `"benwassa_v1_136"`,
    /// `"coach_nyc_social_v1"`; `None`: the defaults), the switches override it
    /// (`element_values` merged key by key). An unknown preset, an unknown switch or a value of
    /// the wrong type, out of range or in an impossible combination raises `RuleConfigError`
    /// whose `.switch` names it (`"preset"` for the preset).
    #[classmethod]
    #[pyo3(signature = (preset = None, **switches))]
    fn hong_kong(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        preset: Option<&Bound<'_, PyAny>>,
        switches: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        Self::build(py, Self::preset(py, "hong-kong", preset)?, switches)
    }

    /// A Taiwanese preset (`taiwanese.md`) with the given TW §2 switches: `tai_table` (`"high"`
    /// default, or `"low"`), `min_tai` (0..255, default 5), `tai_value` (1..10^6, default 1),
    /// `high_seat_bonus_extra` and `high_wind_pung_extra` (bool, high table only),
    /// `match_length` (`"one_deal"`, `"east_round"` default, `"full_game"`), `max_deals` (≥ 1,
    /// default 32), `starting_score` (default 0). A Hong Kong switch (e.g. `min_faan`), an
    /// unknown one, or a value of the wrong type or out of range raises `RuleConfigError`
    /// naming it. `preset` is the id of a Taiwanese preset (`"high"`, `"low"`; `None`: the
    /// high table), the switches override it; an unknown id raises `RuleConfigError` naming
    /// `preset`.
    #[classmethod]
    #[pyo3(signature = (preset = None, **switches))]
    fn taiwanese(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        preset: Option<&Bound<'_, PyAny>>,
        switches: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        Self::build(py, Self::preset(py, "taiwanese", preset)?, switches)
    }

    /// The preset of a name (`mahjong_fast.presets()`: `"hong-kong"` (alias `"hk"`),
    /// `"taiwanese-high"`, `"taiwanese-low"`, `"hong-kong-half-spicy-3faan"`, ...) with the
    /// given switches on top.
    #[classmethod]
    #[pyo3(signature = (name, **switches))]
    fn from_name(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        name: &Bound<'_, PyAny>,
        switches: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let base = CoreRuleset::named(&super::str_arg(name, "name")?).map_err(|e| to_py_err(py, e))?;
        Self::build(py, base, switches)
    }

    /// The ruleset of its JSON form (`to_json`): a `str`, or the `dict` it decodes to.
    #[classmethod]
    fn from_json(_cls: &Bound<'_, PyType>, py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<Self> {
        let obj = if let Ok(s) = data.cast::<PyString>() {
            py.import("json")?
                .call_method1("loads", (s,))
                .map_err(|e| config_err(py, format!("ruleset JSON cannot be read: {e}")))?
        } else {
            data.clone()
        };
        let d = obj
            .cast::<PyDict>()
            .map_err(|_| config_err(py, "a ruleset's JSON form is an object {\"name\": ..., \"switches\": {...}}".to_string()))?;
        for k in d.keys() {
            let k: String = k.extract().unwrap_or_default();
            if k != "name" && k != "switches" {
                return Err(config_err(py, format!("unknown key {k:?} in a ruleset's JSON form (keys: name, switches)")));
            }
        }
        let name = d.get_item("name")?.ok_or_else(|| config_err(py, "a ruleset's JSON form needs \"name\"".to_string()))?;
        let name: String = name.extract().map_err(|_| config_err(py, "a ruleset's \"name\" is a string".to_string()))?;
        let switches = match d.get_item("switches")? {
            None => None,
            Some(s) => {
                Some(s.cast::<PyDict>().map_err(|_| config_err(py, "a ruleset's \"switches\" is an object".to_string()))?.clone())
            }
        };
        Self::build(py, CoreRuleset::named(&name).map_err(|e| to_py_err(py, e))?, switches.as_ref())
    }

    /// The ruleset's name as in its rules file (`"hong-kong"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// Every switch with its value, in the order of the rules, as a new dict (written in log
    /// headers and record files).
    #[getter]
    fn switches<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.switches_dict(py)
    }

    /// The unit of a hand's value under this ruleset: `"faan"` (Hong Kong) or `"tai"`
    /// (Taiwanese).
    #[getter]
    fn unit(&self) -> &'static str {
        self.inner.unit()
    }

    /// The game's name for a person (`"Hong Kong mahjong"`).
    #[getter]
    fn title(&self) -> &'static str {
        self.inner.title()
    }

    /// Whether a deal can be played alone from its index (HK §12: nothing but the scores
    /// carries over) rather than only inside a match (TW §16: the dealer's streak carries).
    #[getter]
    fn independent_deals(&self) -> bool {
        self.inner.independent_deals()
    }

    /// Why a deal depends on the one before, naming the switch (HK §19.10: `"dealer_repeat =
    /// on_win, HK §19.10"`), or None (independent deals, or no reason beyond the ruleset's
    /// match, TW §16).
    #[getter]
    fn deal_dependency(&self) -> Option<String> {
        self.inner.deal_dependency()
    }

    /// Whether the deal's progress (`discards`, `winner_discards`, `interrupted`,
    /// `dealer_streak`) can change a score or a payment (TW §10, §15; not in Hong Kong).
    #[getter]
    fn reads_progress(&self) -> bool {
        self.inner.reads_progress()
    }

    /// The smallest total that is a legal win (HK §10.5, switch `min_faan`; TW §14 `min_tai`).
    #[getter]
    fn min_value(&self) -> u8 {
        self.inner.min_value()
    }

    /// The cap, also the value of a limit hand (HK §10.4, switch `max_faan`); Taiwanese hands
    /// have no cap (TW §11): 255, the largest value a result carries.
    #[getter]
    fn max_value(&self) -> u8 {
        self.inner.max_value()
    }

    /// Tiles dealt to a non-dealer (13 in Hong Kong, 16 in Taiwanese).
    #[getter]
    fn hand_tiles(&self) -> usize {
        self.inner.hand_tiles()
    }

    /// Sets of the standard winning shape (4 in Hong Kong, 5 in Taiwanese).
    #[getter]
    fn n_sets(&self) -> usize {
        self.inner.shapes().n_sets
    }

    /// The points of one multiplier for a win worth `value` faan: M(value) × unit (HK §11.1,
    /// §18), what each opponent pays on a self-drawn win. Raises `TypeError` for a value that is
    /// not an int (bool included), `InvalidHandError` for a value outside 0..max_faan (no total
    /// exceeds the cap, HK §18; the same range as `payments`). Taiwanese (TW §15): `value` ×
    /// `tai_value`, before the dealer's extra Tai.
    fn base(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<i64> {
        let max = i64::from(self.inner.max_value());
        let v = ranged_arg(value, "value", "an int", 0, max, |m| hand_err(py, format!("{m} (the faan of a win)")))?;
        Ok(self.inner.base(v as u8))
    }

    /// HK §11 / §18 payments of a win worth `value` faan, indexed by player 0..3 (sums to zero);
    /// Taiwanese: TW §15 with the dealer East (player 0) on streak 0.
    /// `discarder` (the kong declarer when robbing) is required for a win on a discard.
    /// Raises `InvalidHandError` for a value outside 0..max_value, a player outside 0..3, a
    /// missing discarder on a discard, a discarder equal to the winner, or a payment that would
    /// be fractional; `TypeError` for a value or player that is not an int (bool included).
    #[pyo3(signature = (value, winner, self_drawn, discarder = None))]
    fn payments(
        &self,
        py: Python<'_>,
        value: &Bound<'_, PyAny>,
        winner: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = super::params::self_drawn)] self_drawn: bool,
        discarder: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<i64>> {
        converted_payments(py, &self.inner, ("value", value), winner, self_drawn, discarder)
    }

    /// The family of rulesets that share this one's switches, for a person (`"Hong Kong"`;
    /// `"Taiwanese"` for both Tai tables).
    #[getter]
    fn family(&self) -> &'static str {
        self.inner.wording().family
    }

    /// The Chinese this ruleset's terms are written in: `"zh-HK"` for the Hong Kong family
    /// (番, 食糊, 出銃), `"zh-TW"` for the Taiwanese (台, 胡, 放槍).
    #[getter]
    fn locale(&self) -> &'static str {
        self.inner.wording().locale.tag()
    }

    /// The names of every element its table scores or settles, by code in code order:
    /// `{"F1": {"en": "All chows", "zh-HK": "平糊", "zh-TW": "平胡"}, ...}` (Hong Kong: F1–F20,
    /// L1–L8 and the extra elements X1–X22; Taiwanese: the selected table's).
    fn element_names<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for e in self.inner.element_names() {
            d.set_item(e.code, super::names::names_dict(py, &e.names)?)?;
        }
        Ok(d)
    }

    /// The elements of `element_names()` whose name in a language is descriptive (no source
    /// names the hand so), each with those languages' tags (`{"H40": ["zh-HK", "zh-TW"]}`).
    fn descriptive_names<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for e in self.inner.element_names().iter().filter(|e| !e.names.descriptive.is_empty()) {
            d.set_item(e.code, super::names::descriptive_tags(&e.names))?;
        }
        Ok(d)
    }

    /// The unit's name in text and headings (`"faan"`; Taiwanese `"Tai"`), where `unit` is the
    /// key written in results and records.
    #[getter]
    fn unit_name(&self) -> &'static str {
        self.inner.wording().unit_name
    }

    /// Whether a hand's value is capped (HK §10.4, switch `max_faan`: totals above become the
    /// cap, a limit hand is worth it, `raw_value` may exceed `value`); Taiwanese values are not
    /// (TW §11).
    #[getter]
    fn capped(&self) -> bool {
        self.inner.wording().capped()
    }

    /// The switch that sets the cap (`"max_faan"`), None without a cap.
    #[getter]
    fn cap_switch(&self) -> Option<&'static str> {
        self.inner.wording().cap_switch
    }

    /// The winning shapes in words (HK §9: `"four sets and a pair, seven pairs, or the
    /// thirteen orphans"`; TW §9: `"five sets and a pair, or eight and a half pairs"`).
    fn describe_shapes(&self) -> &'static str {
        self.inner.wording().shapes
    }

    /// The rules section of a fact, for a person: `fact` is one of `"shapes"`, `"minimum"`,
    /// `"cap"`, `"payments"`, `"match"` (`Ruleset.hong_kong().section("minimum")` is
    /// `"HK §10.5"`). None where the ruleset has no such rule (the Taiwanese cap). Raises
    /// `ValueError` for another fact.
    fn section(&self, fact: &str) -> PyResult<Option<&'static str>> {
        let f = Fact::named(fact).ok_or_else(|| {
            let names: Vec<&str> = Fact::ALL.iter().map(|f| f.name()).collect();
            pyo3::exceptions::PyValueError::new_err(format!("unknown fact {fact:?} (facts: {})", names.join(", ")))
        })?;
        Ok(self.inner.wording().section(f))
    }

    /// Settle one deal's wins (HK §11–§12; TW §15–§16: several winners on one discard each
    /// paid by the discarder) and say who deals next; no wins for an exhaustive draw. The one
    /// entry point of payments (a `Match` settles its deals with it; `payments` is one win
    /// with the dealer East on streak 0).
    ///
    /// Args:
    ///     wins: a sequence of mappings ``{"winner": "S", "value": 16, "self_drawn": False,
    ///         "discarder": "E"}`` (winds or positions 0..3 in turn order; ``value`` is the
    ///         hand's value in this ruleset's unit, ``tai`` accepted as its Taiwanese name).
    ///         Hong Kong: several winners on one discard under ``multiple_winners="all"``
    ///         (HK §19.7, each paid with the others excluded), and ``"liable"``: the player
    ///         whose liability (HK §19.8) applies to that win, who then pays by §19.9 step 4.
    ///     dealer: the dealer's position (default East, 0); Hong Kong's ``dealer_double``
    ///         doubles every payment from or to it (HK §19.9).
    ///     dealer_streak: the dealer's streak k before the deal (TW §15; Hong Kong reads none).
    ///     false_win: Hong Kong (HK §19.11): the player whose false win ended the deal (with no
    ///         wins; refused under ``false_win="reject"``): it pays the penalty to each other
    ///         player, and the dealer moves as after a draw.
    ///
    /// Returns:
    ///     A dict: ``payments`` by wind (sums to zero), ``dealer_after`` (the wind, in this
    ///     deal, of the next dealer), ``streak_after`` (int) and ``passed`` (the dealership
    ///     moved).
    ///
    /// Raises:
    ///     TypeError: wins not a sequence of mappings. InvalidHandError: impossible wins (a
    ///     winner twice, a self-drawn win with another win, winners on different discards, the
    ///     discarder among the winners, a missing discarder, several winners where only one
    ///     wins, a value above the cap).
    #[pyo3(signature = (wins, *, dealer = None, dealer_streak = 0, false_win = None))]
    fn settle<'py>(
        &self,
        py: Python<'py>,
        wins: &Bound<'py, PyAny>,
        dealer: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = super::params::dealer_streak)] dealer_streak: u32,
        false_win: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        super::settle::settle(py, &self.inner, wins, dealer, dealer_streak, false_win)
    }

    /// The bonus-tile win after a player exposes a bonus tile, if any (TW §7; a ruleset without
    /// bonus-tile wins, such as Hong Kong, answers None); no hand is needed.
    ///
    /// Args:
    ///     bonus: the bonus tiles the player at ``seat`` had exposed before (notation, e.g.
    ///         ``"1f 2f 3f 5f 6f 7f 8f"``).
    ///     win_tile: the bonus tile just exposed (``"4f"``).
    ///     seat: the winner's seat wind (``"E"``..``"N"`` or 0..3); the dealer is East (TW §3).
    ///     discarder: None when the winner exposed ``win_tile`` (all eight, self-drawn); else
    ///         the seat that exposed it (seven robbing the eighth: that seat pays as the
    ///         discarder).
    ///     dealer_streak: the dealer's streak k (TW §15).
    ///
    /// Returns:
    ///     None when the exposure wins nothing, else a dict: ``kind`` (``"all_eight"`` or
    ///     ``"rob_eighth"``), ``winner`` and ``discarder`` (winds), ``value`` (int) with its
    ///     ``unit`` and the unit's own name (``tai``), ``elements`` (a tuple of one
    ///     ``Element``: H32/L30 or H28/L29) and ``payments`` (by wind, sums to zero; TW §15,
    ///     as ``settle`` makes them).
    ///
    /// Raises:
    ///     TypeError: an argument of the wrong type. InvalidTileError: unreadable or non-bonus
    ///     tiles. InvalidHandError: a bonus tile exposed twice, a bad wind, the discarder being
    ///     the winner.
    #[pyo3(signature = (bonus, win_tile, *, seat, discarder = None, dealer_streak = 0))]
    fn bonus_win<'py>(
        &self,
        py: Python<'py>,
        bonus: &Bound<'py, PyAny>,
        win_tile: &Bound<'py, PyAny>,
        seat: &Bound<'py, PyAny>,
        discarder: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = super::params::dealer_streak)] dealer_streak: u32,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        super::settle::bonus_win(py, &self.inner, bonus, win_tile, seat, discarder, dealer_streak)
    }

    /// A copy with some switches changed (checked as a whole).
    #[pyo3(signature = (**switches))]
    fn replace(&self, py: Python<'_>, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Self::build(py, self.inner.clone(), switches)
    }

    /// The JSON-ready form: `{"name": "hong-kong", "switches": {...every switch...}}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("name", self.inner.name())?;
        d.set_item("switches", self.switches_dict(py)?)?;
        Ok(d)
    }

    /// The `expert` seat's weights under this ruleset (read-only; `docs/ai.md`): a new dict of
    /// the nine floats `self_draw_share`, `hazard`, `caution`, `below_min_keep`, `step_keep`,
    /// `alpha`, `lookahead`, `long_shot_min`, `exact_alpha`, the starting point of `scripts/fit_expert.py` and the shape `arena`'s
    /// `expert_styles` takes.
    #[getter]
    fn expert_style<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let st = crate::agents::knowledge::Knowledge::of(&self.inner).expert_style();
        let d = PyDict::new(py);
        for (k, v) in crate::agents::knowledge::ExpertStyle::FIELDS.iter().zip(st.values()) {
            d.set_item(*k, v)?;
        }
        Ok(d)
    }

    /// The ruleset's switches as declared: a list of `SwitchRow`, one per switch in the order
    /// of the rules. Also on the class: `Ruleset.switch_table()` is Hong Kong's,
    /// `Ruleset.switch_table("taiwanese-high")` a named ruleset's.
    #[classattr]
    fn switch_table() -> SwitchTableMethod {
        SwitchTableMethod { bound: None }
    }

    /// `to_dict()` as compact JSON (key order fixed), read back by `Ruleset.from_json`.
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        let kw = PyDict::new(py);
        kw.set_item("separators", (",", ":"))?;
        py.import("json")?.call_method("dumps", (self.to_dict(py)?,), Some(&kw))?.extract()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let ctor = py.import("mahjong_fast.rules")?.getattr("_from_state")?;
        let me = slf.get();
        Ok((ctor, (me.inner.name().to_string(), me.switches_dict(py)?)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut parts: Vec<String> = Vec::new();
        for (k, v) in self.inner.switch_values() {
            parts.push(format!("{k}={}", switch_py(py, &v)?.repr()?));
        }
        Ok(format!("Ruleset('{}', {})", self.inner.name(), parts.join(", ")))
    }
}

/// Payments with their arguments checked (shared by `Ruleset.payments` and `_core.payments`).
/// The arguments of a payments call through the core's conversion (`TypeError` for a value or
/// player that is not an int, bool included; `InvalidHandError` out of range), then
/// [`checked_payments`]. Shared by `_core.payments` and `Ruleset.payments`.
pub(crate) fn converted_payments(
    py: Python<'_>,
    r: &CoreRuleset,
    (faan_name, faan): (&str, &Bound<'_, PyAny>),
    winner: &Bound<'_, PyAny>,
    self_drawn: bool,
    discarder: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<i64>> {
    // Any int converts (an out-of-range one is refused by the ruleset's own limits).
    let faan = ranged_arg(faan, faan_name, "an int", 0, i64::from(u8::MAX), |m| hand_err(py, m))?;
    let winner = ranged_arg(winner, "winner", "a player 0..3 (int)", 0, 3, |m| hand_err(py, m))?;
    let discarder = match discarder {
        Some(d) if !d.is_none() => Some(ranged_arg(d, "discarder", "a player 0..3 (int)", 0, 3, |m| hand_err(py, m))?),
        _ => None,
    };
    checked_payments(py, r, faan, winner, self_drawn, discarder)
}

pub(crate) fn checked_payments(
    py: Python<'_>,
    r: &CoreRuleset,
    value: i64,
    winner: i64,
    self_drawn: bool,
    discarder: Option<i64>,
) -> PyResult<Vec<i64>> {
    let max = i64::from(r.max_value());
    let ok = (0..=max).contains(&value)
        && (0..4).contains(&winner)
        && discarder.is_none_or(|d| (0..4).contains(&d) && d != winner)
        && (self_drawn || discarder.is_some());
    if !ok {
        return Err(to_py_err(
            py,
            MahjongError::hand(format!(
                "payments need a value 0..{max}, players 0..3 and, on a discard, a discarder other than the winner"
            )),
        ));
    }
    let win = WinPayment {
        winner: winner as usize,
        value: value as u32,
        self_drawn,
        discarder: if self_drawn { None } else { discarder.map(|d| d as usize) },
    };
    // the dealer is East (player 0) on streak 0
    r.win_payments(&win, 0, 0).map(|p| p.to_vec()).map_err(|e| to_py_err(py, e))
}

/// The ruleset of a `rules=` argument: a `Ruleset`, a name, or None (the default preset).
pub(crate) fn rules_arg(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<CoreRuleset> {
    match rules {
        None => Ok(CoreRuleset::default()),
        Some(o) if o.is_none() => Ok(CoreRuleset::default()),
        Some(o) => {
            if let Ok(r) = o.cast::<PyRuleset>() {
                return Ok(r.get().inner.clone());
            }
            if let Ok(s) = o.cast::<PyString>() {
                return CoreRuleset::named(s.to_str()?).map_err(|e| to_py_err(py, e));
            }
            let t = o.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
            Err(pyo3::exceptions::PyTypeError::new_err(format!("rules must be a Ruleset or a ruleset name, not {t}")))
        }
    }
}

/// `Ruleset.switch_table`: bound to a ruleset when read from one, to the class otherwise.
#[pyclass(frozen, module = "mahjong_fast._core", name = "SwitchTableMethod")]
pub struct SwitchTableMethod {
    bound: Option<CoreRuleset>,
}

#[pymethods]
impl SwitchTableMethod {
    fn __get__(&self, obj: Option<&Bound<'_, PyAny>>, _owner: Option<&Bound<'_, PyAny>>) -> Self {
        let bound = obj.and_then(|o| o.cast::<PyRuleset>().ok()).map(|r| r.get().inner.clone());
        SwitchTableMethod { bound }
    }

    /// The rows of the switch table of `rules` (a `Ruleset` or a name; by default the ruleset
    /// it was read from, or Hong Kong's on the class).
    #[pyo3(signature = (rules = None))]
    fn __call__<'py>(&self, py: Python<'py>, rules: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyList>> {
        let r = match (rules, &self.bound) {
            (Some(o), _) if !o.is_none() => rules_arg(py, Some(o))?,
            (_, Some(b)) => b.clone(),
            _ => CoreRuleset::default(),
        };
        let t = r.switch_table();
        let rows: Vec<PySwitchRow> = t.rows.iter().map(|row| PySwitchRow { row, table: t }).collect();
        PyList::new(py, rows)
    }
}

/// One switch of a ruleset's table (`Ruleset.switch_table()`): read its fields as attributes
/// or as keys (`row.name`, `row["name"]`).
#[pyclass(frozen, module = "mahjong_fast._core", name = "SwitchRow")]
pub struct PySwitchRow {
    row: &'static SwitchRow,
    table: &'static SwitchTable,
}

const ROW_KEYS: [&str; 7] = ["name", "kind", "default", "allowed", "doc", "section", "depends"];

fn lit_py<'py>(py: Python<'py>, v: SwitchLit) -> PyResult<Bound<'py, PyAny>> {
    switch_py(py, &v.value())
}

/// The values of a structured switch (`SwitchRow.allowed` of a switch of kind `"list"`,
/// `"object"`, `"int or null"`, ...): `value in allowed` checks one, `str(allowed)` says them
/// in words.
#[pyclass(frozen, eq, module = "mahjong_fast._core", name = "SwitchValues")]
#[derive(PartialEq)]
pub struct PySwitchValues {
    allowed: Allowed,
}

#[pymethods]
impl PySwitchValues {
    /// Whether the switch takes `value` on its own (the checks between switches aside).
    fn __contains__(&self, value: &Bound<'_, PyAny>) -> bool {
        data_value(value).is_some_and(|v| self.allowed.admits(&v))
    }
    fn __str__(&self) -> String {
        self.allowed.describe()
    }
    fn __repr__(&self) -> String {
        format!("SwitchValues({:?})", self.allowed.describe())
    }
}

#[pymethods]
impl PySwitchRow {
    /// The switch's name (`"min_faan"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.row.name
    }
    /// The type of its values: `"bool"`, `"int"` or `"str"`; for a structured switch
    /// `"list"`, `"object"`, `"int or null"`, `"object or null"`, ...
    #[getter]
    fn kind(&self) -> String {
        self.row.allowed.kind_name()
    }
    /// Its default, the value of the rules without house rules.
    #[getter]
    fn default<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        lit_py(py, self.row.default)
    }
    /// The values it takes: `[False, True]`, a `range` of integers, a list of strings, or for
    /// a structured switch a `SwitchValues` (`value in row.allowed` checks one).
    #[getter]
    fn allowed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self.row.allowed {
            Allowed::Bool => PyList::new(py, [false, true])?.into_any(),
            Allowed::Int { lo, hi } => py.import("builtins")?.getattr("range")?.call1((lo, i128::from(hi) + 1))?,
            Allowed::Choice(c) => PyList::new(py, c)?.into_any(),
            other => Bound::new(py, PySwitchValues { allowed: other })?.into_any(),
        })
    }
    /// What it does, in one line.
    #[getter]
    fn doc(&self) -> &'static str {
        self.row.doc
    }
    /// The rules section it implements (`"HK §18, §10.5"`).
    #[getter]
    fn section(&self) -> &'static str {
        self.row.section
    }
    /// What it needs and the combinations it may not be in, in words
    /// (`["tai_table=high"]`, `["max_faan >= min_faan"]`); empty when it is free.
    #[getter]
    fn depends(&self) -> Vec<String> {
        self.table.depends(self.row.name)
    }
    /// The field `key`, one of `name`, `kind`, `default`, `allowed`, `doc`, `section`,
    /// `depends` (`KeyError` otherwise).
    fn __getitem__<'py>(slf: &Bound<'py, Self>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        if !ROW_KEYS.contains(&key) {
            return Err(pyo3::exceptions::PyKeyError::new_err(key.to_string()));
        }
        slf.getattr(key)
    }
    /// The field names, for `dict(row)`.
    fn keys(&self) -> Vec<&'static str> {
        ROW_KEYS.to_vec()
    }
    /// The row as a new dict.
    fn to_dict<'py>(slf: &Bound<'py, Self>, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for k in ROW_KEYS {
            d.set_item(k, slf.getattr(k)?)?;
        }
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!("SwitchRow({:?}, default={}, allowed={})", self.row.name, self.row.default, self.row.allowed.describe())
    }
}

/// The names of every listed preset: the rulesets `"hong-kong"`, `"taiwanese-high"` and
/// `"taiwanese-low"` first, then the house styles of HK §19.14 / TW §20.8 the switches express
/// (`"hong-kong-half-spicy-3faan"`, ...). Each is a name `Ruleset.from_name` takes.
/// The name in text of a unit written in results and records (`"tai"` -> `"Tai"`), as the
/// ruleset of that unit words it; an unknown unit is returned as it is.
#[pyfunction]
fn unit_name(unit: &str) -> String {
    crate::rules::ruleset_names(false)
        .into_iter()
        .filter_map(|n| CoreRuleset::named(n).ok())
        .find(|r| r.unit() == unit)
        .map_or_else(|| unit.to_string(), |r| r.wording().unit_name.to_string())
}

#[pyfunction]
fn presets() -> Vec<&'static str> {
    crate::rules::preset_names()
}

/// One line about each listed preset, in the order of `presets()`, as `(name, doc)` pairs.
#[pyfunction]
fn preset_docs() -> Vec<(&'static str, &'static str)> {
    crate::rules::registry_presets().into_iter().map(|p| (p.name, p.doc)).collect()
}

/// The names of the registered rulesets, the default first (with ``aliases``, each followed by
/// its aliases: ``["hong-kong", "hk", "taiwanese-high", "taiwanese-low"]``).
#[pyfunction]
#[pyo3(signature = (aliases = false))]
fn ruleset_names(aliases: bool) -> Vec<&'static str> {
    crate::rules::ruleset_names(aliases)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRuleset>()?;
    m.add_class::<PySwitchRow>()?;
    m.add_class::<PySwitchValues>()?;
    m.add_class::<SwitchTableMethod>()?;
    m.add_function(wrap_pyfunction!(ruleset_names, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(unit_name, m)?)?;
    m.add_function(wrap_pyfunction!(preset_docs, m)?)?;
    Ok(())
}
