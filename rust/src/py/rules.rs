//! Binding of the ruleset value (`mahjong_fast.Ruleset`, design §2, HK §18).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyType};

use super::{hand_err, ranged_arg, to_py_err};
use crate::error::MahjongError;
use crate::rules::{Ruleset as CoreRuleset, SwitchKind, SwitchValue, WinPayment};

/// Which game is played: a frozen, hashable, picklable value (rules `hong-kong.md` §18).
///
/// Build it with `Ruleset.hong_kong(**switches)` or by name with `Ruleset.from_name("hk")`;
/// every entry point that takes `rules=` also accepts the name.
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
    match kind {
        // The core's conversions: a flag is a bool or numpy's bool_, an int any int (numpy's
        // too) but a bool; a wrong type is this function's RuleConfigError naming the switch.
        SwitchKind::Bool => match super::bool_arg(v, key) {
            Ok(b) => Ok(SwitchValue::Bool(b)),
            Err(_) => Err(config_err(py, format!("switch {key} takes true or false, got {}", got()))),
        },
        SwitchKind::Int => match super::int_arg(v, key, "an int") {
            Ok(Some(n)) => Ok(SwitchValue::Int(n)),
            // Beyond i64 is out of every range.
            Ok(None) => Err(config_err(py, format!("switch {key}: {} is out of range", got()))),
            Err(_) => Err(config_err(py, format!("switch {key} takes an integer, got {}", got()))),
        },
        SwitchKind::Str => match v.cast::<PyString>() {
            Ok(s) => Ok(SwitchValue::Str(s.to_str()?.to_owned())),
            Err(_) => Err(config_err(py, format!("switch {key} takes a string, got {}", got()))),
        },
    }
}

impl PyRuleset {
    /// `base` with `switches` applied in order, then checked as a whole.
    fn build(py: Python<'_>, base: CoreRuleset, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut values: Vec<(String, SwitchValue)> = Vec::new();
        if let Some(sw) = switches {
            for (k, v) in sw.iter() {
                let key: String = k.extract().map_err(|_| {
                    config_err(
                        py,
                        format!("switch names are strings, got {}", k.repr().map(|s| s.to_string()).unwrap_or_default()),
                    )
                })?;
                let value = switch_value(py, &base, &key, &v)?;
                values.push((key, value));
            }
        }
        let name = base.name();
        if values.is_empty() {
            return Ok(PyRuleset { inner: base });
        }
        let mut all = base.switch_values();
        for (k, v) in values {
            match all.iter_mut().find(|(n, _)| *n == k) {
                Some(slot) => slot.1 = v,
                None => {
                    // Unknown switch: the core's message names it.
                    return Err(to_py_err(py, CoreRuleset::from_switches(name, [(k.as_str(), v)]).unwrap_err()));
                }
            }
        }
        CoreRuleset::from_switches(name, all).map(|inner| PyRuleset { inner }).map_err(|e| to_py_err(py, e))
    }

    fn switches_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.inner.switch_values() {
            match v {
                SwitchValue::Bool(b) => d.set_item(k, b)?,
                SwitchValue::Int(n) => d.set_item(k, n)?,
                SwitchValue::Str(s) => d.set_item(k, s)?,
            }
        }
        Ok(d)
    }
}

#[pymethods]
impl PyRuleset {
    /// The Hong Kong preset (`hong-kong.md`) with the given §18 switches; an unknown switch or
    /// a value of the wrong type, out of range or in an impossible combination raises
    /// `RuleConfigError` naming it.
    #[classmethod]
    #[pyo3(signature = (**switches))]
    fn hong_kong(_cls: &Bound<'_, PyType>, py: Python<'_>, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Self::build(py, CoreRuleset::named("hong-kong").map_err(|e| to_py_err(py, e))?, switches)
    }

    /// A Taiwanese preset (`taiwanese.md`) with the given TW §2 switches: `tai_table` (`"high"`
    /// default, or `"low"`), `min_tai` (0..255, default 5), `tai_value` (1..10^6, default 1),
    /// `high_seat_bonus_extra` and `high_wind_pung_extra` (bool, high table only),
    /// `match_length` (`"one_deal"`, `"east_round"` default, `"full_game"`), `max_deals` (≥ 1,
    /// default 32), `starting_score` (default 0). A Hong Kong switch (e.g. `min_faan`), an
    /// unknown one, or a value of the wrong type or out of range raises `RuleConfigError`
    /// naming it.
    #[classmethod]
    #[pyo3(signature = (**switches))]
    fn taiwanese(_cls: &Bound<'_, PyType>, py: Python<'_>, switches: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Self::build(py, CoreRuleset::named("taiwanese-high").map_err(|e| to_py_err(py, e))?, switches)
    }

    /// The preset of a ruleset name (`"hong-kong"` (alias `"hk"`), `"taiwanese-high"`,
    /// `"taiwanese-low"`) with the given switches.
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
        let st = self.inner.rules().expert_style();
        let d = PyDict::new(py);
        for (k, v) in crate::rules::estimate::ExpertStyle::FIELDS.iter().zip(st.values()) {
            d.set_item(*k, v)?;
        }
        Ok(d)
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

    fn __repr__(&self) -> String {
        let parts: Vec<String> = self
            .inner
            .switch_values()
            .into_iter()
            .map(|(k, v)| match v {
                SwitchValue::Bool(b) => format!("{k}={}", if b { "True" } else { "False" }),
                SwitchValue::Int(n) => format!("{k}={n}"),
                SwitchValue::Str(s) => format!("{k}='{s}'"),
            })
            .collect();
        format!("Ruleset('{}', {})", self.inner.name(), parts.join(", "))
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

/// The names of the registered rulesets, the default first (with ``aliases``, each followed by
/// its aliases: ``["hong-kong", "hk", "taiwanese-high", "taiwanese-low"]``).
#[pyfunction]
#[pyo3(signature = (aliases = false))]
fn ruleset_names(aliases: bool) -> Vec<&'static str> {
    crate::rules::ruleset_names(aliases)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRuleset>()?;
    m.add_function(wrap_pyfunction!(ruleset_names, m)?)?;
    Ok(())
}
