//! The arguments of `_core.Deal` as the core takes them: action codes and parts, tile ids and
//! tile specs, scores, the deal index, the ruleset and the options, each checked with a typed
//! error naming the argument (HK §13 for what the rules refuse).

use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::rules::PyRuleset;
use super::{hand_err, int_arg, ranged_arg, to_py_err, type_err, wide_ranged_arg};
use crate::error::MahjongError;
use crate::game::{Action, DealOptions, MAX_SCORE};
use crate::rules::Ruleset;
use crate::tiles::tile::N_TILES;

/// An action code (an int; `TypeError` naming `code` otherwise, `ValueError` for an int that
/// is no action's code).
pub(super) fn code_arg(code: &Bound<'_, PyAny>) -> PyResult<Action> {
    let v = super::wide_int_arg(code, "code", "an action code (int)")?;
    v.and_then(|c| u64::try_from(c).ok()).and_then(Action::from_code).ok_or_else(|| {
        PyValueError::new_err(format!("{} is not an action code", code.repr().map(|r| r.to_string()).unwrap_or_default()))
    })
}

/// A player or tile id of an action: an int (else `TypeError` naming `name`); a value outside
/// `0..limit` becomes `unknown`, which the rules then refuse (HK §13).
pub(super) fn small(v: &Bound<'_, PyAny>, name: &str, expected: &str, unknown: u8, limit: usize) -> PyResult<u8> {
    Ok(match int_arg(v, name, expected)? {
        Some(x) if (0..limit as i64).contains(&x) => x as u8,
        _ => unknown,
    })
}

/// Physical tile ids 0..143 (`TypeError` naming `what` for a value that is not a sequence of
/// ints, bool included; `InvalidTileError` for an id outside 0..143 however large).
pub(super) fn ids_arg(py: Python<'_>, what: &str, seq: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let items = super::seq_arg(seq, what, "a sequence of tile ids (int 0..143)")?;
    let mut out = Vec::with_capacity(items.len());
    for it in items {
        match int_arg(&it, &format!("each {what} tile id"), "an int 0..143")? {
            Some(x) if (0..N_TILES as i64).contains(&x) => out.push(x as u8),
            _ => {
                let r = it.repr().map(|r| r.to_string()).unwrap_or_default();
                return Err(to_py_err(py, MahjongError::tile(0, format!("{what} tile id {r} is outside 0..143"))));
            }
        }
    }
    Ok(out)
}

/// Tile specs of `from_setup` (0..143 a physical id, 1000 + k the lowest free copy of kind
/// k): `TypeError` naming `what` for a value that is not a sequence of ints (bool included),
/// `InvalidTileError` for anything else however large.
pub(super) fn specs_arg(py: Python<'_>, what: &str, seq: &Bound<'_, PyAny>) -> PyResult<Vec<crate::game::TileSpec>> {
    use crate::game::TileSpec;
    let items = super::seq_arg(seq, what, "a sequence of tile ids (int)")?;
    let mut out = Vec::with_capacity(items.len());
    for it in items {
        out.push(match int_arg(&it, &format!("each {what} tile"), "an int (a tile id 0..143)")? {
            Some(x) if (0..N_TILES as i64).contains(&x) => TileSpec::Id(x as u8),
            Some(x) if (1000..1034).contains(&x) => TileSpec::Kind((x - 1000) as u8),
            _ => {
                let r = it.repr().map(|r| r.to_string()).unwrap_or_default();
                return Err(to_py_err(py, MahjongError::tile(0, format!("{what}: tile {r} is neither an id 0..143 nor a kind"))));
            }
        });
    }
    Ok(out)
}

/// One entry per player (a sequence of four; `InvalidHandError` for another length).
pub(super) fn per_player<'py>(py: Python<'_>, what: &str, obj: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let items = super::seq_arg(obj, what, "a sequence of four (one per player)")?;
    if items.len() != 4 {
        return Err(hand_err(py, format!("{what} must have one entry per player (4), got {}", items.len())));
    }
    Ok(items)
}

/// The four starting scores (HK §11.5): ints within ±`MAX_SCORE` (HK §1.1: no payment may
/// leave the integer range). Errors: `TypeError` naming `scores`, `InvalidHandError` for the
/// wrong number of entries or a score out of range however large.
pub(super) fn scores_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<[i64; 4]> {
    const SCORES_TYPES: &str = "a sequence of four ints";
    if obj.is_instance_of::<pyo3::types::PyString>() {
        return Err(type_err(obj, "scores", SCORES_TYPES));
    }
    let mut out = Vec::with_capacity(4);
    for item in obj.try_iter().map_err(|_| type_err(obj, "scores", SCORES_TYPES))? {
        let item = item?;
        let v = int_arg(&item, "scores", SCORES_TYPES)?.filter(|v| (-MAX_SCORE..=MAX_SCORE).contains(v));
        let Some(v) = v else {
            let r = item.repr().map(|r| r.to_string()).unwrap_or_default();
            return Err(hand_err(
                py,
                format!("score of P{} is {r}; a deal starts from scores within -{MAX_SCORE}..{MAX_SCORE}", out.len()),
            ));
        };
        out.push(v);
        if out.len() > 4 {
            break;
        }
    }
    <[i64; 4]>::try_from(out).map_err(|_| hand_err(py, "scores must have four entries (one per player)".into()))
}

/// A deal index 0..2**32-1 (`MahjongError` outside, `TypeError` for a value that is not an int).
pub(super) fn deal_index_arg(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    Ok(wide_ranged_arg(py, obj, "deal_index", 0, u32::MAX.into())? as u32)
}

/// The ruleset of a deal (default Hong Kong; Hong Kong and Taiwanese both play).
pub(super) fn rules_arg(rules: Option<PyRef<'_, PyRuleset>>) -> Ruleset {
    rules.map(|r| r.inner.clone()).unwrap_or_default()
}

/// The deal options: `auto_pass`, `record`, the prevailing wind (int 0..3, else
/// `InvalidHandError`; `TypeError` for a non-int) and the dealer's streak (int >= 0).
pub(super) fn options_arg(
    py: Python<'_>,
    auto_pass: bool,
    record: bool,
    prevailing_wind: Option<&Bound<'_, PyAny>>,
    dealer_streak: Option<&Bound<'_, PyAny>>,
) -> PyResult<DealOptions> {
    let wind = match prevailing_wind {
        Some(w) => ranged_arg(w, "prevailing_wind", "a wind 0..3 (int)", 0, 3, |m| hand_err(py, format!("{m} (East..North)")))?,
        None => 0,
    };
    let streak = match dealer_streak {
        Some(k) => ranged_arg(k, "dealer_streak", "an int >= 0", 0, u32::MAX.into(), |m| hand_err(py, m))?,
        None => 0,
    };
    Ok(DealOptions { prevailing_wind: wind as u8, dealer_streak: streak as u32, ..DealOptions::new(auto_pass, record) })
}

pub(super) fn opt<'py>(py: Python<'py>, v: Option<u8>) -> Bound<'py, PyAny> {
    match v {
        Some(x) => x.into_pyobject(py).expect("int").into_any(),
        None => py.None().into_bound(py),
    }
}

pub(super) fn action_dict<'py>(py: Python<'py>, a: &Action) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(intern!(py, "type"), a.kind.name())?;
    d.set_item(intern!(py, "player"), a.player)?;
    d.set_item(intern!(py, "tiles"), PyList::new(py, a.tiles.as_slice())?)?;
    Ok(d)
}
