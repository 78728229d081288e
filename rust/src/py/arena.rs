//! Binding of the arena (`crate::arena`): duplicate walls with the line-up rotated, played on a
//! rayon pool with the GIL released.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::rules::PyRuleset;
use super::to_py_err;
use crate::arena::{arena as run_arena, PolicyStats};
use crate::sim::SeatKind;

fn stats_dict<'py>(py: Python<'py>, s: &PolicyStats) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", s.seat)?;
    d.set_item("deals", s.deals)?;
    d.set_item("mean_points", s.mean_points)?;
    d.set_item("ci95", [s.ci95.0, s.ci95.1])?;
    d.set_item("mean_points_no_limit", s.mean_points_no_limit)?;
    d.set_item("ci95_no_limit", [s.ci95_no_limit.0, s.ci95_no_limit.1])?;
    d.set_item("win_rate", s.win_rate)?;
    d.set_item("deal_in_rate", s.deal_in_rate)?;
    d.set_item("self_draw_rate", s.self_draw_rate)?;
    d.set_item("dead_ready_share", s.dead_ready_share)?;
    d.set_item("refused_wins_per_deal", s.refused_wins_per_deal)?;
    d.set_item("mean_win_value", s.mean_win_value)?;
    Ok(d)
}

/// `arena(seats, walls, seed, threads=1, rules=None) -> (report, deals)`: play walls
/// `0..walls-1` four times each with the four seat names rotated (player p plays
/// `seats[(p + rotation) % 4]`). `report` is `{"walls", "seed", "seats": [per-policy dict]}`;
/// `deals` one dict per deal (wall, then rotation) with `wall`, `rotation`, `winners`,
/// `discarder`, `win_kind`, `faan`, `limit`, `points` (4 ints) and `counts` (per player
/// `(ready, dead_ready, refused)`). RuleConfigError for an unknown seat; ValueError for
/// `threads == 0` or not four seats.
#[pyfunction]
#[pyo3(signature = (seats, walls, seed, threads = 1, rules = None))]
pub fn arena<'py>(
    py: Python<'py>,
    seats: Vec<String>,
    walls: u64,
    seed: u64,
    threads: usize,
    rules: Option<PyRef<'py, PyRuleset>>,
) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyList>)> {
    if seats.len() != 4 {
        return Err(pyo3::exceptions::PyValueError::new_err(format!("seats: four names expected, got {}", seats.len())));
    }
    if threads == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err("threads must be >= 1"));
    }
    let mut lineup = [SeatKind::Random; 4];
    for (k, name) in lineup.iter_mut().zip(&seats) {
        *k = SeatKind::from_name(name).map_err(|e| to_py_err(py, e))?;
    }
    let ruleset = rules.map(|r| r.inner.clone()).unwrap_or_default();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let (report, deals) =
        py.detach(|| pool.install(|| run_arena(&ruleset, seed, &lineup, walls))).map_err(|e| to_py_err(py, e))?;
    let rep = PyDict::new(py);
    rep.set_item("walls", report.walls)?;
    rep.set_item("seed", report.seed)?;
    let list = PyList::empty(py);
    for s in &report.seats {
        list.append(stats_dict(py, s)?)?;
    }
    rep.set_item("seats", list)?;
    let out = PyList::empty(py);
    for d in &deals {
        let x = PyDict::new(py);
        let r = &d.record;
        x.set_item("wall", d.wall)?;
        x.set_item("rotation", d.rotation)?;
        x.set_item("winners", r.winners.iter().map(|&w| w as u32).collect::<Vec<u32>>())?;
        x.set_item("discarder", r.discarder)?;
        x.set_item("win_kind", r.win_kind)?;
        x.set_item("faan", r.faan)?;
        x.set_item("limit", r.limit)?;
        x.set_item("points", r.points.to_vec())?;
        let c: Vec<(u32, u32, u32)> = d.counts.iter().map(|c| (c.ready, c.dead_ready, c.refused)).collect();
        x.set_item("counts", c)?;
        out.append(x)?;
    }
    Ok((rep, out))
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    Ok(())
}
