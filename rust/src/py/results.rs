//! The result objects of scoring: `Element` (one line of a breakdown) and `ScoreResult` (a
//! scored hand with its breakdown, payments and reasons), read-only and built from a
//! [`ScoreOutcome`]; `.faan` / `.tai` are the aliases of `.value` in the ruleset's own unit.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::hand_err;
use crate::analysis::decompose::interpretation_text;
use crate::rules::checked::Scored;
use crate::rules::scoring::ScoreOutcome;
use crate::tiles::hand::Meld;

/// The `.faan` / `.tai` alias of a value in `unit`: the alias of its own unit only, else an
/// `AttributeError` that names `.value`.
pub(crate) fn unit_alias<T>(unit: &str, alias: &str, what: &str, v: T) -> PyResult<T> {
    let own = if unit == "tai" { "tai" } else { "faan" };
    if alias == own {
        return Ok(v);
    }
    Err(pyo3::exceptions::PyAttributeError::new_err(format!(
        "{what} is in {unit}, so it has no .{alias}: read .value (its unit is .unit)"
    )))
}

/// One line of a breakdown (HK §10.2, §10.4; TW §12, §13): `Element("F6", "Dragon pung", 1,
/// "faan")`. It also unpacks as `(code, name, value)`. `.faan` is its value under Hong Kong,
/// `.tai` under a Taiwanese table (the other alias is an `AttributeError` naming `.value`).
#[pyclass(frozen, eq, hash, module = "mahjong_fast._core")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Element {
    pub code: String,
    pub name: String,
    pub value: u32,
    pub unit: &'static str,
}

impl Element {
    /// The Python element of a core element in `unit`.
    pub(crate) fn of(e: &crate::rules::scoring::Element, unit: &'static str) -> Element {
        Element { code: e.code.to_string(), name: e.name.to_string(), value: e.value.into(), unit }
    }
}

#[pymethods]
impl Element {
    #[new]
    #[pyo3(signature = (code, name, value, unit = None))]
    fn new(
        py: Python<'_>,
        code: &Bound<'_, PyAny>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
        unit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let value = super::hand_int(value, "value", 0, u32::MAX.into())? as u32;
        let unit = match unit.map(|u| super::str_arg(u, "unit")).transpose()?.as_deref().unwrap_or("faan") {
            "faan" => "faan",
            "tai" => "tai",
            u => return Err(hand_err(py, format!("unit must be \"faan\" or \"tai\", not {u:?}"))),
        };
        Ok(Element { code: super::str_arg(code, "code")?, name: super::str_arg(name, "name")?, value, unit })
    }
    /// The stable element code (`"F6"`, `"L1"`, `"H40"`, `"L01"`).
    #[getter]
    fn code(&self) -> &str {
        &self.code
    }
    /// Its name in the rules, e.g. `"Dragon pung"`.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }
    /// Its name in each language: `{"en": "Dragon pung", "zh-HK": "三元牌", "zh-TW": "三元牌"}`
    /// (the names of its code in its unit's tables, `Ruleset.element_names()`); an element
    /// made by hand whose code or English name is not its table's has `name` in every
    /// language.
    #[getter]
    fn names<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        match crate::rules::element_names_by_unit(self.unit, &self.code).filter(|n| n.en == self.name) {
            Some(n) => super::names::names_dict(py, n),
            None => super::names::same_in_all(py, &self.name),
        }
    }
    /// Its Chinese name where the rules give one (the extra elements of HK §19.5.2:
    /// `"X1"` → `"小四喜"`), else `None`.
    #[getter]
    fn chinese_name(&self) -> Option<&'static str> {
        if self.unit != "faan" {
            return None;
        }
        crate::rules::hong_kong::scoring::house::chinese_name(&self.code)
    }
    /// What it is worth, in `unit`.
    #[getter]
    fn value(&self) -> u32 {
        self.value
    }
    /// `"faan"` (Hong Kong) or `"tai"` (Taiwanese).
    #[getter]
    fn unit(&self) -> &'static str {
        self.unit
    }
    /// `value` of a Hong Kong element (`AttributeError` for a Taiwanese one).
    #[getter]
    fn faan(&self) -> PyResult<u32> {
        unit_alias(self.unit, "faan", "this element", self.value)
    }
    /// `value` of a Taiwanese element (`AttributeError` for a Hong Kong one).
    #[getter]
    fn tai(&self) -> PyResult<u32> {
        unit_alias(self.unit, "tai", "this element", self.value)
    }
    /// The element as plain values for `json.dumps`: `{"code", "name", "value", "unit"}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("code", &self.code)?;
        d.set_item("name", &self.name)?;
        d.set_item("value", self.value)?;
        d.set_item("unit", self.unit)?;
        Ok(d)
    }
    fn __str__(&self) -> String {
        format!("{} {} {}", self.code, self.name, self.value)
    }
    fn __repr__(&self) -> String {
        format!("Element(code='{}', name='{}', value={}, unit='{}')", self.code, self.name, self.value, self.unit)
    }
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyTuple::new(py, [self.code.as_str(), self.name.as_str()])?
            .add(PyTuple::new(py, [self.value])?)?
            .try_iter()?
            .into_any())
    }
}

/// The score of one hand, explained (rules §10, §11, §14a); the Python objects of the breakdown,
/// the interpretation text and the payments are built when they are read.
#[pyclass(frozen, eq, module = "mahjong_fast._core")]
#[derive(Clone, PartialEq, Eq)]
pub struct ScoreResult {
    pub(super) scored: Scored,
    pub(super) melds: Vec<Meld>,
    /// `"faan"` (Hong Kong) or `"tai"` (Taiwanese).
    pub(super) unit: &'static str,
    /// The value the win is paid for (`Ruleset::paid_value`).
    pub(super) paid: u8,
}

impl ScoreResult {
    /// The result of `scored` under `rules`, with its unit and the value it is paid for.
    pub(crate) fn new(scored: Scored, melds: Vec<Meld>, rules: &crate::rules::Ruleset) -> ScoreResult {
        let paid = rules.paid_value(scored.outcome.value);
        ScoreResult { scored, melds, unit: rules.unit(), paid }
    }
}

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

#[pymethods]
impl ScoreResult {
    /// The hand is a legal win (a winning shape worth at least the minimum).
    #[getter]
    fn is_win(&self) -> bool {
        self.scored.outcome.is_win
    }
    /// `None` for a win, else `"NOT_A_WINNING_HAND"` or `"BELOW_MINIMUM"`.
    #[getter]
    fn reason(&self) -> Option<&'static str> {
        self.scored.outcome.reason.map(|r| r.code())
    }
    /// The hand's value in `unit`: faan after the cap (Hong Kong, HK §10) or hand Tai
    /// (Taiwanese, TW §11, without the dealer's settlement Tai of §15); for `BELOW_MINIMUM` the
    /// (too small) value; 0 without a winning shape.
    #[getter]
    fn value(&self) -> u8 {
        self.scored.outcome.value
    }
    /// `value` of a Hong Kong result (`AttributeError` naming `.value` under Taiwanese rules).
    #[getter]
    fn faan(&self) -> PyResult<u8> {
        unit_alias(self.unit, "faan", "this result", self.scored.outcome.value)
    }
    /// `value` of a Taiwanese result (`AttributeError` naming `.value` under Hong Kong rules).
    #[getter]
    fn tai(&self) -> PyResult<u8> {
        unit_alias(self.unit, "tai", "this result", self.scored.outcome.value)
    }
    /// The unit of `value`: `"faan"` (Hong Kong) or `"tai"` (Taiwanese).
    #[getter]
    fn unit(&self) -> &'static str {
        self.unit
    }
    /// The reading chosen (the same text as `interpretation`).
    #[getter]
    fn reading(&self) -> String {
        self.interpretation()
    }
    /// The value before the cap (the cap for a limit hand; the same as `value` without a cap).
    #[getter]
    fn raw_value(&self) -> u8 {
        self.scored.outcome.raw_value
    }
    /// `raw_value` of a Hong Kong result (`AttributeError` naming `.raw_value` otherwise).
    #[getter]
    fn raw_faan(&self) -> PyResult<u8> {
        unit_alias(self.unit, "faan", "this result", self.scored.outcome.raw_value)
    }
    /// The value the win is paid for: `value`, or under a Taiwanese `tai_cap` (TW §20.2.1)
    /// the hand Tai capped (the breakdown and `value` keep the uncapped Tai).
    #[getter]
    fn paid_value(&self) -> u8 {
        self.paid
    }
    /// `paid_value` of a Taiwanese result (`AttributeError` naming `.paid_value` otherwise).
    #[getter]
    fn capped_tai(&self) -> PyResult<u8> {
        unit_alias(self.unit, "tai", "this result", self.paid)
            .map_err(|_| pyo3::exceptions::PyAttributeError::new_err("capped_tai is a Taiwanese result's name: use .paid_value"))
    }
    /// HK §19.5.6 the qualifying value, compared with the minimum: under
    /// `bonus_faan_in_minimum = False` the value less the bonus-tile elements F16-F20 (the
    /// value for a limit hand); otherwise, and under other rulesets, the value.
    #[getter]
    fn qualifying(&self) -> u8 {
        self.scored.qualifying
    }
    /// HK §19.8: whether the liability given (`liable=`) applies to this win; `None` when no
    /// liable player was given.
    #[getter]
    fn liability_applies(&self) -> Option<bool> {
        self.scored.liability_applies
    }
    /// `"L1"`..`"L8"` for a limit hand (under HK §19.5.3 also an X code valued `"limit"`),
    /// else `None`.
    #[getter]
    fn limit(&self) -> Option<&'static str> {
        self.scored.outcome.limit
    }
    /// The breakdown as `Element`s, ascending element number.
    #[getter]
    fn elements<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let els: Vec<Element> = self.scored.outcome.elements.iter().map(|e| Element::of(e, self.unit)).collect();
        PyTuple::new(py, els)
    }
    /// The chosen interpretation in notation, units sorted by tile, declared sets with their
    /// tags (`"111m 222m 333m pung[555p] 99s"`); `""` when not a win.
    #[getter]
    fn interpretation(&self) -> String {
        self.scored.outcome.interpretation.as_ref().map(|i| interpretation_text(i, &self.melds)).unwrap_or_default()
    }
    /// The base of a win in points, M(faan) × unit (rules §11.1, §18): `2 ** faan` under the
    /// default switches; 0 when not a win.
    #[getter]
    fn base(&self) -> i64 {
        self.scored.base
    }
    /// Score change per seat wind (`{"E": 96, "S": -32, ...}`, sums to zero) for a win that is
    /// self-drawn or whose discarder was given; empty otherwise.
    #[getter]
    fn payments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        if let Some(p) = self.scored.payments {
            for (w, v) in WINDS.iter().zip(p) {
                d.set_item(w, v)?;
            }
        }
        Ok(d)
    }
    /// The result as plain values (codes, numbers, strings, `None`) for `json.dumps`:
    /// `is_win`, `reason`, `value`, `raw_value`, `paid_value`, `unit`, `limit`, `base`, `interpretation`,
    /// `elements` (each `Element.to_dict()`) and `payments` (by seat wind).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("is_win", self.is_win())?;
        d.set_item("reason", self.reason())?;
        d.set_item("value", self.value())?;
        d.set_item("raw_value", self.raw_value())?;
        d.set_item("paid_value", self.paid)?;
        d.set_item("unit", self.unit)?;
        d.set_item("limit", self.limit())?;
        d.set_item("base", self.base())?;
        d.set_item("interpretation", self.interpretation())?;
        let els =
            self.scored.outcome.elements.iter().map(|e| Element::of(e, self.unit).to_dict(py)).collect::<PyResult<Vec<_>>>()?;
        d.set_item("elements", els)?;
        d.set_item("payments", self.payments(py)?)?;
        Ok(d)
    }
    fn __str__(&self) -> String {
        let o = &self.scored.outcome;
        let mut lines: Vec<String> = o.elements.iter().map(|e| format!("{:<4} {:<28} {:>2}", e.code, e.name, e.value)).collect();
        if o.is_win {
            let raw = if o.raw_value != o.value { format!(" (raw {})", o.raw_value) } else { String::new() };
            lines.push(format!("total {} {}{raw}", o.value, self.unit));
        } else {
            lines.push(format!("not a win: {} ({} {})", o.reason.map(|r| r.code()).unwrap_or(""), o.value, self.unit));
        }
        lines.join("\n")
    }
    fn __repr__(&self) -> String {
        let o = &self.scored.outcome;
        let py_str = |s: Option<&str>| s.map_or_else(|| "None".to_string(), |s| format!("'{s}'"));
        let codes: Vec<String> = o.elements.iter().map(|e| py_str(Some(e.code))).collect();
        format!(
            "ScoreResult(is_win={}, value={}, unit='{}', raw_value={}, limit={}, reason={}, elements=[{}])",
            if o.is_win { "True" } else { "False" },
            o.value,
            self.unit,
            o.raw_value,
            py_str(o.limit),
            py_str(o.reason.map(|r| r.code())),
            codes.join(", ")
        )
    }
}

/// The score of a win in the game (rules §10; the deal pays by its own rules): the outcome with
/// its base under `rules`, no payments by wind (the deal's result holds them by player).
pub(crate) fn to_result(outcome: ScoreOutcome, melds: &[Meld], rules: &crate::rules::Ruleset) -> ScoreResult {
    let base = if outcome.is_win { rules.base(outcome.value) } else { 0 };
    ScoreResult::new(
        Scored { qualifying: outcome.value, outcome, base, payments: None, liability_applies: None },
        melds.to_vec(),
        rules,
    )
}
