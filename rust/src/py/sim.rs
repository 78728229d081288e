//! Bindings of bulk simulation (`crate::sim`): whole deals with built-in agents, played on a
//! rayon pool with the GIL released; records come back as dicts of the record schema.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::to_py_err;
use crate::rules::Ruleset;
use crate::sim::{play_matches_parallel, play_range_parallel, DealRecord, SeatKind, SimConfig, WinRecord};

/// Plays deals of one run with built-in seats in the core.
///
/// `Simulator(seed, seats, rules=None, threads=1)`: `seed` 0..2**64-1, `seats` four names
/// (`"greedy"`, `"random"`, `"strong"`, `"value"`; RuleConfigError otherwise), `rules` a `Ruleset` or its name (default
/// Hong Kong; its `rotate_dealer` switch picks the dealers), `threads` 1..`MAX_THREADS` rayon
/// threads (MahjongError otherwise; TypeError for a value that is not an int). `run(first, stop)` plays deals `first..stop-1` with the GIL
/// released and returns their records (dicts, deal order). Deal `i` depends only on
/// `(seed, i)`: the records do not depend on `threads` or on how a run is cut into calls.
/// `run_matches(first, stop)` plays matches `first..stop-1` (TW §16; Hong Kong: four deals)
/// and returns one record per deal in (match, deal) order with the keys of `run` plus
/// `match_index`, `deal_in_match`, `dealer_streak`, `prevailing_wind` and
/// `scores_p0..scores_p3` (scores after the deal); `deal_index` is `match_index << 32 | deal_in_match`, the wall's index. Match `j`
/// depends only on `(seed, j)`.
#[pyclass(module = "mahjong_fast._core", name = "Simulator")]
pub struct PySimulator {
    cfg: SimConfig,
    pool: rayon::ThreadPool,
}

/// The code of a physical tile id (`"5s"`, `"1f"`).
fn id_code(id: u8) -> String {
    match crate::tiles::tile::tile_of_id(id as u32) {
        Ok(crate::tiles::tile::AnyTile::Kind(t)) => t.to_string(),
        Ok(crate::tiles::tile::AnyTile::Bonus(b)) => b.to_string(),
        Err(_) => String::new(), // never: the ids come from the deal
    }
}

/// One winner of a record: `{seat, win_kind, discarder, value, elements, hand, win_tile}`,
/// each element `{code, name, value}` (docs/records.md).
fn win_dict<'py>(py: Python<'py>, w: &WinRecord) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let value = pyo3::intern!(py, "value");
    d.set_item(pyo3::intern!(py, "seat"), w.seat)?;
    d.set_item(pyo3::intern!(py, "win_kind"), w.kind)?;
    d.set_item(pyo3::intern!(py, "discarder"), w.discarder)?;
    d.set_item(value, w.value)?;
    let els = PyList::empty(py);
    for e in &w.elements {
        let x = PyDict::new(py);
        x.set_item(pyo3::intern!(py, "code"), e.code)?;
        x.set_item(pyo3::intern!(py, "name"), e.name)?;
        x.set_item(value, e.value)?;
        els.append(x)?;
    }
    d.set_item(pyo3::intern!(py, "elements"), els)?;
    d.set_item(pyo3::intern!(py, "hand"), &w.hand)?;
    d.set_item(pyo3::intern!(py, "win_tile"), w.win_tile.map(id_code))?;
    Ok(d)
}

fn record_dict<'py>(py: Python<'py>, r: &DealRecord, seed: u64) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(pyo3::intern!(py, "deal_index"), r.deal_index)?;
    d.set_item(pyo3::intern!(py, "seed"), seed)?;
    d.set_item(pyo3::intern!(py, "dealer"), r.dealer)?;
    d.set_item(pyo3::intern!(py, "winners"), PyList::new(py, &r.winners)?)?;
    d.set_item(pyo3::intern!(py, "value"), r.value)?;
    let wins = PyList::empty(py);
    for w in &r.wins {
        wins.append(win_dict(py, w)?)?;
    }
    d.set_item(pyo3::intern!(py, "wins"), wins)?;
    let keys = [
        pyo3::intern!(py, "points_p0"),
        pyo3::intern!(py, "points_p1"),
        pyo3::intern!(py, "points_p2"),
        pyo3::intern!(py, "points_p3"),
    ];
    for (k, v) in keys.iter().zip(r.points) {
        d.set_item(k, v)?;
    }
    d.set_item(pyo3::intern!(py, "discards"), r.discards)?;
    d.set_item(pyo3::intern!(py, "tiles_left"), r.tiles_left)?;
    d.set_item(pyo3::intern!(py, "exhaustive_draw"), r.exhaustive_draw)?;
    Ok(d)
}

/// [`record_dict`] with the match columns.
fn match_record_dict<'py>(py: Python<'py>, r: &DealRecord, seed: u64) -> PyResult<Bound<'py, PyDict>> {
    let d = record_dict(py, r, seed)?;
    d.set_item(pyo3::intern!(py, "match_index"), r.match_index)?;
    d.set_item(pyo3::intern!(py, "deal_in_match"), r.deal_in_match)?;
    d.set_item(pyo3::intern!(py, "dealer_streak"), r.dealer_streak)?;
    d.set_item(pyo3::intern!(py, "prevailing_wind"), r.prevailing_wind)?;
    let keys = [
        pyo3::intern!(py, "scores_p0"),
        pyo3::intern!(py, "scores_p1"),
        pyo3::intern!(py, "scores_p2"),
        pyo3::intern!(py, "scores_p3"),
    ];
    for (k, v) in keys.iter().zip(r.scores) {
        d.set_item(k, v)?;
    }
    Ok(d)
}

/// The most threads a `Simulator` starts (more is refused: each is an OS thread).
pub(crate) const MAX_THREADS: i128 = 1024;

/// `first..stop` of a `run` / `run_matches` call: ints (TypeError naming them otherwise),
/// `0 <= first <= stop <= 2**32` and at most `max` of them (MahjongError otherwise, before
/// any work: the records of one call are held in memory at once).
fn run_range(py: Python<'_>, first: &Bound<'_, PyAny>, stop: &Bound<'_, PyAny>, what: &str, max: u64) -> PyResult<(u64, u64)> {
    let top = crate::sim::DEAL_INDICES as i128;
    let first = super::wide_ranged_arg(py, first, "first", 0, top)? as u64;
    let stop = super::wide_ranged_arg(py, stop, "stop", first.into(), top)? as u64;
    if stop - first > max {
        return Err(super::value_err(
            py,
            format!("{} {what} in one call is more than {max}: cut the run into calls (simulate() does)", stop - first),
        ));
    }
    Ok((first, stop))
}

#[pymethods]
impl PySimulator {
    #[new]
    #[pyo3(signature = (seed, seats, rules = None, threads = None, *, match_deals = None))]
    fn new(
        py: Python<'_>,
        seed: &Bound<'_, PyAny>,
        seats: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        match_deals: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let seed = super::wide_ranged_arg(py, seed, "seed", 0, u64::MAX.into())? as u64;
        let threads = match threads {
            Some(t) => super::wide_ranged_arg(py, t, "threads", 1, MAX_THREADS)? as usize,
            None => 1,
        };
        let seats = super::names_arg(seats, "seats")?;
        if seats.len() != 4 {
            return Err(pyo3::exceptions::PyValueError::new_err(format!("seats: four names expected, got {}", seats.len())));
        }
        let mut kinds = [SeatKind::Random; 4];
        for (k, name) in kinds.iter_mut().zip(&seats) {
            *k = SeatKind::from_name(name).map_err(|e| to_py_err(py, e))?;
        }
        let rules: Ruleset = super::rules::rules_arg(py, rules)?;
        let deals = match match_deals.filter(|o| !o.is_none()) {
            Some(o) => {
                Some(super::ranged_arg(o, "match_deals", "an int", 1, i64::from(u32::MAX), |m| super::hand_err(py, m))? as u32)
            }
            None => None,
        };
        let match_options = crate::rules::MatchOptions { deals, ..Default::default() };
        // the ruleset refuses at once what it does not take (a Taiwanese match has no deal count)
        crate::game::Match::new(&rules, match_options).map_err(|e| to_py_err(py, e))?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("mahjong-sim-{i}"))
            .build()
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}")))?;
        Ok(PySimulator { cfg: SimConfig { match_options, ..SimConfig::new(rules, seed, kinds) }, pool })
    }

    /// Number of rayon threads.
    #[getter]
    fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Play deals `first..stop-1` (see the class docstring) with the GIL released; their
    /// records in deal order. `0 <= first <= stop <= 2**32` and at most `MAX_RUN_DEALS` deals
    /// per call (MahjongError otherwise, before any work); TypeError for a value that is not
    /// an int.
    fn run<'py>(&self, py: Python<'py>, first: &Bound<'py, PyAny>, stop: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let (first, stop) = run_range(py, first, stop, "deals", crate::sim::MAX_RUN_DEALS)?;
        let cfg = &self.cfg;
        let pool = &self.pool;
        let recs = py.detach(|| pool.install(|| play_range_parallel(cfg, first, stop))).map_err(|e| to_py_err(py, e))?;
        let out = PyList::empty(py);
        for r in &recs {
            out.append(record_dict(py, r, cfg.seed)?)?;
        }
        Ok(out)
    }

    /// Play matches `first..stop-1` (see the class docstring) with the GIL released.
    /// `0 <= first <= stop <= 2**32` and at most `MAX_RUN_MATCHES` matches per call
    /// (MahjongError otherwise, before any work).
    fn run_matches<'py>(
        &self,
        py: Python<'py>,
        first: &Bound<'py, PyAny>,
        stop: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let (first, stop) = run_range(py, first, stop, "matches", crate::sim::MAX_RUN_MATCHES)?;
        let cfg = &self.cfg;
        let pool = &self.pool;
        let recs = py.detach(|| pool.install(|| play_matches_parallel(cfg, first, stop))).map_err(|e| to_py_err(py, e))?;
        let out = PyList::empty(py);
        for r in &recs {
            out.append(match_record_dict(py, r, cfg.seed)?)?;
        }
        Ok(out)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySimulator>()?;
    m.add("MAX_RUN_DEALS", crate::sim::MAX_RUN_DEALS)?;
    m.add("MAX_RUN_MATCHES", crate::sim::MAX_RUN_MATCHES)?;
    m.add("DEAL_INDICES", crate::sim::DEAL_INDICES)?;
    m.add("MAX_THREADS", MAX_THREADS as u64)?;
    Ok(())
}
