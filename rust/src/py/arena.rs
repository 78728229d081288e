//! Binding of the arena (`crate::sim::arena`): duplicate walls with the line-up rotated, played on a
//! rayon pool with the GIL released.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::game::PyDeal;
use super::rules::PyRuleset;
use super::to_py_err;
use crate::agents::knowledge::{ExpertStyle, Knowledge};
use crate::rules::Ruleset;
use crate::sim::arena::{play_wall_range_styled, summarize, ArenaDeal, PolicyStats};
use crate::sim::SeatKind;

/// Walls per chunk when the deals are logged (each chunk's deals are handed to the log, then
/// dropped).
const LOG_CHUNK_WALLS: u64 = 64;

/// The `expert_styles` argument: None, or a sequence of four entries (one per name of
/// `seats`), each None or a dict of some of the weights (the others the ruleset's). A dict
/// for a seat that is not `expert`, an unknown key, or a value not finite or out of range is a
/// `RuleConfig` error; a value that is not a number, or not four entries, a TypeError/ValueError.
fn styles_arg(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
    lineup: &[SeatKind; 4],
    ruleset: &Ruleset,
) -> PyResult<[Option<ExpertStyle>; 4]> {
    let mut out = [None; 4];
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(out) };
    const SHAPE: &str = "None or a sequence of four entries, each None or a dict of floats";
    if obj.is_instance_of::<pyo3::types::PyString>() || obj.is_instance_of::<PyDict>() {
        return Err(super::type_err(obj, "expert_styles", SHAPE));
    }
    let items: Vec<Bound<'_, PyAny>> =
        obj.try_iter().map_err(|_| super::type_err(obj, "expert_styles", SHAPE))?.collect::<PyResult<_>>()?;
    if items.len() != 4 {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "expert_styles: four entries expected (one per seat), got {}",
            items.len()
        )));
    }
    let base = Knowledge::of(ruleset).expert_style().values();
    for (i, item) in items.iter().enumerate() {
        if item.is_none() {
            continue;
        }
        let d = item.cast::<PyDict>().map_err(|_| super::type_err(item, &format!("expert_styles[{i}]"), "None or a dict"))?;
        if lineup[i] != SeatKind::Expert {
            return Err(to_py_err(
                py,
                crate::error::MahjongError::RuleConfig(format!(
                    "expert_styles[{i}]: a style for seat {:?}, which is not expert",
                    lineup[i].name()
                )),
            ));
        }
        let mut v = base;
        for (k, x) in d.iter() {
            let key: String = k.extract().map_err(|_| super::type_err(&k, &format!("expert_styles[{i}] keys"), "str"))?;
            let Some(j) = ExpertStyle::FIELDS.iter().position(|f| *f == key) else {
                return Err(to_py_err(
                    py,
                    crate::error::MahjongError::RuleConfig(format!(
                        "expert_styles[{i}]: unknown weight {key:?}; choose from {}",
                        ExpertStyle::FIELDS.join(", ")
                    )),
                ));
            };
            if x.is_instance_of::<pyo3::types::PyBool>() {
                return Err(super::type_err(&x, &format!("expert_styles[{i}][{key:?}]"), "a float"));
            }
            v[j] = x.extract::<f64>().map_err(|_| super::type_err(&x, &format!("expert_styles[{i}][{key:?}]"), "a float"))?;
        }
        out[i] = Some(ExpertStyle::from_values(v).map_err(|e| to_py_err(py, e))?);
    }
    Ok(out)
}

fn stats_dict<'py>(py: Python<'py>, s: &PolicyStats) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", s.seat)?;
    d.set_item("deals", s.deals)?;
    d.set_item("mean_points", s.mean_points)?;
    let (pts, n): (Vec<i64>, Vec<u64>) = s.per_wall.iter().copied().unzip();
    d.set_item("per_wall_points", pts)?;
    d.set_item("per_wall_deals", n)?;
    d.set_item("mean_points_no_limit", s.mean_points_no_limit)?;
    let (pts, n): (Vec<i64>, Vec<u64>) = s.per_wall_no_limit.iter().copied().unzip();
    d.set_item("per_wall_points_no_limit", pts)?;
    d.set_item("per_wall_deals_no_limit", n)?;
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
/// `seats[(p + rotation) % 4]`). `report` is `{"walls", "seed", "seats": [per-policy dict]}`,
/// each policy's dict holding its metrics and, for the interval over walls, its points and
/// seat-deals per wall (`per_wall_points`, `per_wall_deals`: lists of `walls` ints; the same
/// `*_no_limit` over deals without a limit hand);
/// `deals` one dict per deal (wall, then rotation) with `wall`, `rotation`, `winners`,
/// `discarder`, `win_kind`, `value` (faan or Tai), `limit`, `points` (4 ints) and `counts` (per player
/// `(ready, dead_ready, refused)`). RuleConfigError for an unknown seat; ValueError for not
/// four seats; MahjongError for `walls` outside 1..`MAX_ARENA_WALLS` (every deal is held),
/// `threads` outside 1..`MAX_THREADS` or a seed outside 0..2**64-1, before any work;
/// TypeError naming the argument for a value of the wrong type.
///
/// `expert_styles` (for measuring weights, `scripts/fit_expert.py`): None (every `expert` seat
/// plays the ruleset's `Ruleset.expert_style`), or four entries, one per name of `seats`, each
/// None or a dict of some of the weights of `Ruleset.expert_style` (the others the
/// ruleset's), played by that `expert` seat wherever the rotation puts it. RuleConfigError,
/// before any work, for a dict given to a seat that is not `expert`, an unknown key, or a value
/// not finite or outside its range; ValueError for not four entries; TypeError for a value
/// that is not a number.
///
/// `log`, when given, is called as `log(wall, rotation, deal)` for every deal in deal order,
/// `deal` being the ended `_core.Deal` with its event log; the walls are then played in chunks
/// of `LOG_CHUNK_WALLS` so that only one chunk's logs are held at a time. An exception raised
/// by `log` stops the arena and propagates.
#[pyfunction]
#[pyo3(signature = (seats, walls, seed, threads = None, rules = None, log = None, expert_styles = None))]
#[allow(clippy::too_many_arguments)]
pub fn arena<'py>(
    py: Python<'py>,
    seats: &Bound<'py, PyAny>,
    walls: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    rules: Option<PyRef<'py, PyRuleset>>,
    log: Option<Bound<'py, PyAny>>,
    expert_styles: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyDict>, Bound<'py, PyList>)> {
    let seats = super::names_arg(seats, "seats")?;
    let walls = super::wide_ranged_arg(py, walls, "walls", 1, crate::sim::arena::MAX_WALLS.into())? as u64;
    let seed = super::wide_ranged_arg(py, seed, "seed", 0, u64::MAX.into())? as u64;
    let threads = match threads {
        Some(t) => super::wide_ranged_arg(py, t, "threads", 1, super::sim::MAX_THREADS)? as usize,
        None => 1,
    };
    if seats.len() != 4 {
        return Err(pyo3::exceptions::PyValueError::new_err(format!("seats: four names expected, got {}", seats.len())));
    }
    let mut lineup = [SeatKind::Random; 4];
    for (k, name) in lineup.iter_mut().zip(&seats) {
        *k = SeatKind::from_name(name).map_err(|e| to_py_err(py, e))?;
    }
    let ruleset = rules.map(|r| r.inner.clone()).unwrap_or_default();
    let styles = styles_arg(py, expert_styles, &lineup, &ruleset)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}")))?;
    let log = log.filter(|l| !l.is_none());
    let chunk = if log.is_some() { LOG_CHUNK_WALLS } else { walls.max(1) };
    let mut deals: Vec<ArenaDeal> = Vec::with_capacity(walls as usize * 4); // walls <= MAX_WALLS
    let mut first = 0u64;
    while first < walls {
        let stop = walls.min(first + chunk);
        let record = log.is_some();
        let part = py
            .detach(|| pool.install(|| play_wall_range_styled(&ruleset, seed, &lineup, &styles, first, stop, record)))
            .map_err(|e| to_py_err(py, e))?;
        for mut d in part {
            if let (Some(f), Some(deal)) = (&log, d.deal.take()) {
                let obj = Py::new(py, PyDeal::from_core(*deal))?;
                f.call1((d.wall, d.rotation, obj))?;
            }
            deals.push(d);
        }
        first = stop;
    }
    let report = summarize(&lineup, seed, walls, &deals);
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
        x.set_item("value", r.value)?;
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
    m.add("MAX_ARENA_WALLS", crate::sim::arena::MAX_WALLS)?;
    Ok(())
}
