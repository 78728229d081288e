//! Bindings of the hand analysis: waits, shanten, decomposition, scoring, payments, advice.

use pyo3::prelude::*;

use super::{counts_obj, melds_obj, to_py_err};
use crate::decompose::{interpretation_text, HK_SHAPES};
use crate::error::MahjongError;
use crate::hand::{Hand, Meld};
use crate::scoring::{ScoreOutcome, WinContext};
use crate::tile::Tile;

/// Result of scoring one hand (rules §10, §14a). See `mahjong_fast.ScoreResult` for the
/// public, documented form.
#[pyclass(frozen, get_all, module = "mahjong_fast._core")]
pub struct ScoreResult {
    /// True when the hand is a legal win (winning shape, at least 3 faan).
    pub is_win: bool,
    /// `"NOT_A_WINNING_HAND"` or `"BELOW_MINIMUM"` when not a win, else None.
    pub reason: Option<&'static str>,
    /// Total after the 13-faan cap (0 when not a winning shape).
    pub faan: u8,
    /// Total before the cap.
    pub raw_faan: u8,
    /// Limit hand code (`"L1"`..`"L8"`) or None.
    pub limit: Option<&'static str>,
    /// Breakdown `(code, name, faan)`, ascending element number.
    pub elements: Vec<(&'static str, &'static str, u8)>,
    /// The chosen interpretation, units sorted by tile, e.g. `111m 222m 333m pung[555p] 99s`.
    pub interpretation: String,
}

#[pymethods]
impl ScoreResult {
    fn __repr__(&self) -> String {
        format!(
            "ScoreResult(is_win={}, faan={}, raw_faan={}, limit={:?}, reason={:?}, elements={:?})",
            self.is_win, self.faan, self.raw_faan, self.limit, self.reason, self.elements
        )
    }
}

pub(crate) fn to_result(o: ScoreOutcome, melds: &[Meld]) -> ScoreResult {
    ScoreResult {
        is_win: o.is_win,
        reason: o.reason.map(|r| r.code()),
        faan: o.faan,
        raw_faan: o.raw_faan,
        limit: o.limit,
        elements: o.elements.iter().map(|e| (e.code, e.name, e.faan)).collect(),
        interpretation: o.interpretation.as_ref().map(|i| interpretation_text(i, melds)).unwrap_or_default(),
    }
}

fn kind_arg(py: Python<'_>, k: i64, what: &str) -> PyResult<Tile> {
    u8::try_from(k)
        .ok()
        .and_then(Tile::new)
        .ok_or_else(|| to_py_err(py, MahjongError::hand(format!("{what} {k} is not a tile kind 0..33"))))
}

fn wind_arg(py: Python<'_>, w: i64, what: &str) -> PyResult<u8> {
    u8::try_from(w)
        .ok()
        .filter(|&w| w < 4)
        .ok_or_else(|| to_py_err(py, MahjongError::hand(format!("{what} {w} is not 0..3 (E, S, W, N)"))))
}

/// Shanten of a hand (rules §14a): 13-equivalent → 0 = ready; 14-equivalent → -1 = complete.
#[pyfunction]
#[pyo3(signature = (counts, melds = None))]
fn shanten(py: Python<'_>, counts: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<i8> {
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    crate::shanten::shanten(&c, &m, &HK_SHAPES).map_err(|e| to_py_err(py, e))
}

/// Waits of a 13-equivalent hand (rules §14a): tile kinds, ascending.
#[pyfunction]
#[pyo3(signature = (counts, melds = None))]
fn waits(py: Python<'_>, counts: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u32>> {
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    if m.is_empty() && c.iter().map(|&x| x as usize).sum::<usize>() == 13 {
        // No declared set, counts checked (0..=4), 13 tiles: what `waits` checks, so its mask.
        let mask = crate::waits::wait_mask(&c, &c, 0, &HK_SHAPES);
        return Ok((0..34u32).filter(|&k| mask >> k & 1 != 0).collect());
    }
    let w = crate::waits::waits(&c, &m, &HK_SHAPES).map_err(|e| to_py_err(py, e))?;
    Ok(w.into_iter().map(|t| t.0 as u32).collect())
}

/// True when the concealed tiles (winning tile included) with `n_melds` declared sets form a
/// winning shape (rules §9).
#[pyfunction]
#[pyo3(signature = (counts, n_melds = 0))]
fn is_complete(py: Python<'_>, counts: &Bound<'_, PyAny>, n_melds: usize) -> PyResult<bool> {
    let c = counts_obj(py, counts)?;
    Ok(crate::decompose::is_complete(&c, n_melds, &HK_SHAPES))
}

/// Every interpretation of a complete hand (rules §9, §10.1 step 1), as notation strings,
/// sorted.
#[pyfunction]
#[pyo3(signature = (counts, melds = None))]
fn decompose(py: Python<'_>, counts: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    let h = Hand { concealed: c, melds: m.clone(), bonus: 0 };
    h.validate().map_err(|e| to_py_err(py, e))?;
    h.expect_size(&[14]).map_err(|e| to_py_err(py, e))?;
    let mut out: Vec<String> =
        crate::decompose::decompose(&c, m.len(), &HK_SHAPES).iter().map(|i| interpretation_text(i, &m)).collect();
    out.sort();
    Ok(out)
}

/// Score a win under the Hong Kong table (rules §10, §11, §14a).
#[pyfunction]
#[pyo3(signature = (counts, melds, bonus_mask, win_tile, seat_wind, prevailing_wind = 0, *,
    self_drawn = false, robbing_kong = false, kong_replacement = false, last_wall_tile = false,
    last_discard = false, dealer_start = false))]
#[allow(clippy::too_many_arguments)]
fn score(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    bonus_mask: i64,
    win_tile: Option<i64>,
    seat_wind: i64,
    prevailing_wind: i64,
    self_drawn: bool,
    robbing_kong: bool,
    kong_replacement: bool,
    last_wall_tile: bool,
    last_discard: bool,
    dealer_start: bool,
) -> PyResult<ScoreResult> {
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    let bonus = u8::try_from(bonus_mask)
        .map_err(|_| to_py_err(py, MahjongError::hand(format!("bonus mask {bonus_mask} is not 0..255"))))?;
    let win = win_tile.map(|k| kind_arg(py, k, "win tile")).transpose()?;
    let ctx = WinContext {
        seat_wind: wind_arg(py, seat_wind, "seat wind")?,
        prevailing_wind: wind_arg(py, prevailing_wind, "prevailing wind")?,
        self_drawn,
        robbing_kong,
        kong_replacement,
        last_wall_tile,
        last_discard,
        dealer_start,
    };
    let hand = Hand { concealed: c, melds: m, bonus };
    let o = crate::scoring::score_hk(&hand, win, &ctx).map_err(|e| to_py_err(py, e))?;
    Ok(to_result(o, &hand.melds))
}

/// Payments of rules §11 indexed by player 0..3 (sums to zero). `discarder` is required for a
/// win on a discard (or the kong declarer for robbing a kong).
#[pyfunction]
#[pyo3(signature = (faan, winner, self_drawn, discarder = None))]
fn payments(py: Python<'_>, faan: u8, winner: usize, self_drawn: bool, discarder: Option<usize>) -> PyResult<Vec<i64>> {
    if winner > 3 || discarder.is_some_and(|d| d > 3 || d == winner) || faan > 13 || (!self_drawn && discarder.is_none()) {
        return Err(to_py_err(
            py,
            MahjongError::hand("payments need faan 0..13, players 0..3 and, on a discard, a discarder other than the winner"),
        ));
    }
    Ok(crate::scoring::payments(faan, winner, self_drawn, discarder).to_vec())
}

/// Rate every discard of a 14-equivalent hand for the AI: `(kind, shanten after, ukeire)`.
#[pyfunction]
#[pyo3(signature = (counts, melds, unseen))]
fn rate_discards(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    unseen: &Bound<'_, PyAny>,
) -> PyResult<Vec<(u32, i8, u32)>> {
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    let u = counts_obj(py, unseen)?;
    let r = crate::advise::rate_discards(&c, &m, &u, &HK_SHAPES).map_err(|e| to_py_err(py, e))?;
    Ok(r.into_iter().map(|d| (d.tile.0 as u32, d.shanten, d.ukeire)).collect())
}

/// The value of every wait of a 13-equivalent hand (rules §10, §14a): `(kind, self_drawn,
/// discard)` per wait in ascending kind, each a `ScoreResult` (a wait below the minimum has
/// `reason == "BELOW_MINIMUM"`); empty when the hand is not ready.
#[pyfunction]
#[pyo3(signature = (counts, melds, bonus_mask, seat_wind, prevailing_wind = 0, rules = None))]
fn wait_values(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    bonus_mask: i64,
    seat_wind: i64,
    prevailing_wind: i64,
    rules: Option<PyRef<'_, super::rules::PyRuleset>>,
) -> PyResult<Vec<(u32, ScoreResult, ScoreResult)>> {
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    let bonus = u8::try_from(bonus_mask)
        .map_err(|_| to_py_err(py, MahjongError::hand(format!("bonus mask {bonus_mask} is not 0..255"))))?;
    let situation = crate::value::ValueSituation {
        seat_wind: wind_arg(py, seat_wind, "seat wind")?,
        prevailing_wind: wind_arg(py, prevailing_wind, "prevailing wind")?,
    };
    let ruleset = rules.map(|r| r.inner.clone()).unwrap_or_default();
    let hand = Hand { concealed: c, melds: m, bonus };
    let v = crate::value::wait_values(&hand, &ruleset, &situation).map_err(|e| to_py_err(py, e))?;
    Ok(v.into_iter()
        .map(|w| (w.tile.0 as u32, to_result(w.self_drawn, &hand.melds), to_result(w.discard, &hand.melds)))
        .collect())
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ScoreResult>()?;
    m.add_function(wrap_pyfunction!(wait_values, m)?)?;
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    m.add_function(wrap_pyfunction!(is_complete, m)?)?;
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(payments, m)?)?;
    m.add_function(wrap_pyfunction!(rate_discards, m)?)?;
    Ok(())
}
