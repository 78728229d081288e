//! PyO3 bindings: the only part of the crate that knows Python exists (design §2). Each
//! function converts its arguments, calls plain Rust, and converts the result back.

use pyo3::prelude::*;

use crate::error::MahjongError;
use crate::hand::{Counts, Meld, MeldKind};
use crate::tile::{Tile, N_KINDS};

mod agents;
mod analysis;
mod arena;
mod batch;
mod game;
pub(crate) mod rules;
mod sim;

/// Raise the Python class of `mahjong_fast.errors` that matches a core error.
pub(crate) fn to_py_err(py: Python<'_>, e: MahjongError) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let errors = py.import("mahjong_fast.errors")?;
        let value = match &e {
            MahjongError::InvalidTile { pos, reason } => {
                errors.getattr("InvalidTileError")?.call1((e.to_string(), *pos, reason.clone()))?
            }
            MahjongError::InvalidHand(_) => errors.getattr("InvalidHandError")?.call1((e.to_string(),))?,
            MahjongError::RuleConfig(_) => errors.getattr("RuleConfigError")?.call1((e.to_string(),))?,
            MahjongError::IllegalAction { code, message } => {
                errors.getattr("IllegalActionError")?.call1((code.code(), message.clone()))?
            }
        };
        Ok(PyErr::from_value(value))
    };
    build().unwrap_or_else(|err| err)
}

/// Counts from a Python sequence of 34 ints (each 0..=4).
pub(crate) fn counts_arg(py: Python<'_>, counts: &[i64]) -> PyResult<Counts> {
    if counts.len() != N_KINDS {
        return Err(to_py_err(
            py,
            MahjongError::hand(format!("counts must have 34 entries (one per tile kind), got {}", counts.len())),
        ));
    }
    let mut c = [0u8; N_KINDS];
    for (i, &n) in counts.iter().enumerate() {
        if !(0..=4).contains(&n) {
            return Err(to_py_err(
                py,
                MahjongError::hand(format!("count of {} is {n}; each kind has 0..4 copies", Tile(i as u8))),
            ));
        }
        c[i] = n as u8;
    }
    Ok(c)
}

/// Counts from any Python sequence of 34 ints, without an intermediate `Vec`: `bytes` and
/// `list` are read directly; anything else goes through the generic sequence conversion.
/// Errors are the same `InvalidHandError`s as [`counts_arg`].
pub(crate) fn counts_obj(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    use pyo3::types::{PyBytes, PyList};
    if let Ok(b) = obj.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        if bytes.len() == N_KINDS && bytes.iter().all(|&x| x <= 4) {
            let mut c = [0u8; N_KINDS];
            c.copy_from_slice(bytes);
            return Ok(c);
        }
        let v: Vec<i64> = bytes.iter().map(|&x| x as i64).collect();
        return counts_arg(py, &v);
    }
    if let Ok(l) = obj.cast::<PyList>() {
        if l.len() == N_KINDS {
            let mut c = [0u8; N_KINDS];
            let mut ok = true;
            for (i, item) in l.iter().enumerate() {
                match item.extract::<i64>() {
                    Ok(n) if (0..=4).contains(&n) => c[i] = n as u8,
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                return Ok(c);
            }
        }
    }
    let v: Vec<i64> = obj.extract()?;
    counts_arg(py, &v)
}

/// Melds from an optional sequence of `(meld_kind, kind)` tuples; `None` or an empty list is no
/// meld (no allocation).
pub(crate) fn melds_obj(py: Python<'_>, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Meld>> {
    match obj {
        None => Ok(Vec::new()),
        Some(o) => {
            if let Ok(l) = o.cast::<pyo3::types::PyList>() {
                if l.is_empty() {
                    return Ok(Vec::new());
                }
            }
            let v: Vec<(i64, i64)> = o.extract()?;
            melds_arg(py, &v)
        }
    }
}

/// Melds from `(meld_kind, kind)` tuples (meld_kind 0 chow .. 4 concealed kong).
pub(crate) fn melds_arg(py: Python<'_>, melds: &[(i64, i64)]) -> PyResult<Vec<Meld>> {
    let mut out = Vec::with_capacity(melds.len());
    for &(mk, k) in melds {
        let kind = u8::try_from(mk).ok().and_then(MeldKind::from_u8).ok_or_else(|| {
            to_py_err(
                py,
                MahjongError::hand(format!("meld kind {mk} is not 0..4 (chow, pung, kong, added kong, concealed kong)")),
            )
        })?;
        let tile = u8::try_from(k)
            .ok()
            .and_then(Tile::new)
            .ok_or_else(|| to_py_err(py, MahjongError::hand(format!("tile kind {k} is not 0..33"))))?;
        out.push(Meld::new(kind, tile).map_err(|e| to_py_err(py, e))?);
    }
    Ok(out)
}

/// The wall of deal `deal_index` for `seed` (rules §4.1): the 144 physical tile ids, position 0
/// (the front, normal draws) first. Depends only on `(seed, deal_index)`; both are 0..2**64-1.
#[pyfunction]
#[pyo3(signature = (seed, deal_index = 0))]
fn wall(seed: u64, deal_index: u64) -> Vec<u32> {
    crate::wall::shuffle(seed, deal_index).iter().map(|&t| t as u32).collect()
}

/// Parse hand notation (design §3) into `(counts, melds, bonus)`: 34 concealed counts,
/// `(meld_kind, kind)` tuples, and bonus indices 0..7. Raises InvalidTileError/InvalidHandError.
#[pyfunction]
fn parse_hand(py: Python<'_>, notation: &str) -> PyResult<(Vec<u32>, Vec<(u32, u32)>, Vec<u32>)> {
    let h = crate::hand::parse_hand(notation).map_err(|e| to_py_err(py, e))?;
    let melds = h.melds.iter().map(|m| (m.kind as u32, m.tile.0 as u32)).collect();
    let bonus = (0..8u32).filter(|b| h.bonus & (1 << b) != 0).collect();
    Ok((h.concealed.iter().map(|&c| c as u32).collect(), melds, bonus))
}

/// Canonical notation of `(counts, melds, bonus)`, e.g. `123m456p11z pung[555z] 1f`.
#[pyfunction]
#[pyo3(signature = (counts, melds = Vec::new(), bonus = Vec::new()))]
fn format_hand(py: Python<'_>, counts: Vec<i64>, melds: Vec<(i64, i64)>, bonus: Vec<i64>) -> PyResult<String> {
    let mut h = crate::hand::Hand { concealed: counts_arg(py, &counts)?, melds: melds_arg(py, &melds)?, bonus: 0 };
    for b in bonus {
        let b = u8::try_from(b)
            .ok()
            .filter(|&b| b < 8)
            .ok_or_else(|| to_py_err(py, MahjongError::hand(format!("bonus index {b} is not 0..7"))))?;
        crate::hand::add_bonus(&mut h, crate::tile::Bonus(b)).map_err(|e| to_py_err(py, e))?;
    }
    Ok(h.to_string())
}

/// Parse a list of tiles (rules §2.5) into kinds 0..33, bonus tiles as 34..41.
#[pyfunction]
fn parse_tiles(py: Python<'_>, notation: &str) -> PyResult<Vec<u32>> {
    let v = crate::tile::parse_tile_list(notation).map_err(|e| to_py_err(py, e))?;
    Ok(v.into_iter()
        .map(|t| match t {
            crate::tile::AnyTile::Kind(k) => k.0 as u32,
            crate::tile::AnyTile::Bonus(b) => 34 + b.0 as u32,
        })
        .collect())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("BUILD_PROFILE", if cfg!(debug_assertions) { "debug" } else { "release" })?;
    m.add_function(wrap_pyfunction!(wall, m)?)?;
    m.add_function(wrap_pyfunction!(parse_hand, m)?)?;
    m.add_function(wrap_pyfunction!(format_hand, m)?)?;
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    agents::register(m)?;
    arena::register(m)?;
    analysis::register(m)?;
    batch::register(m)?;
    rules::register(m)?;
    sim::register(m)?;
    game::register(m)?;
    // Build the read-only lookup tables now, so no hot call pays for them (design §2).
    let start = std::time::Instant::now();
    crate::tables::tables();
    m.add("TABLES_BUILD_SECONDS", start.elapsed().as_secs_f64())?;
    Ok(())
}
