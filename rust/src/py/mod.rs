//! PyO3 bindings: the only part of the crate that knows Python exists (design §2). Each
//! function converts its arguments, calls plain Rust, and converts the result back.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::error::MahjongError;
use crate::tiles::hand::{Counts, Meld, MeldKind};
use crate::tiles::tile::{AnyTile, Tile, N_KINDS};

mod agents;
mod analysis;
mod arena;
mod batch;
mod deal_args;
mod errors;
mod expert;
mod game;
mod names;
mod results;
mod rl;
pub(crate) mod rules;
mod settle;
mod sim;

pub(crate) use errors::{tile_value_err, to_py_err, value_err};

// --- argument conversion: the one place where Python values become core values ----------------
//
// The convention (README "Errors"): a wrong *type* — a float, a bool, None or anything else
// where a tile, kind, count or player is expected — is a `TypeError` naming the argument; a
// wrong *value* of the right type is the matching `MahjongError` subclass. Integers are Python
// ints or integer scalars (anything with `__index__`, e.g. numpy's), never bools; an integer too
// large for any range is an out-of-range value like any other, not an `OverflowError`.

/// Python type name of `obj`, for error messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into())
}

/// `TypeError: {name} must be {expected}, not {type}`.
pub(crate) fn type_err(obj: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyErr {
    PyTypeError::new_err(format!("{name} must be {expected}, not {}", type_name(obj)))
}

/// The Python int behind an integer argument (a Python int or anything with `__index__`, such
/// as numpy's integer scalars). bool (Python's or numpy's), float, None, str and others are a
/// `TypeError` naming the argument.
fn index_obj<'py>(obj: &Bound<'py, PyAny>, name: &str, expected: &str) -> PyResult<Bound<'py, PyAny>> {
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        return Ok(obj.clone());
    }
    let is_bool_like = obj.is_instance_of::<PyBool>() || matches!(type_name(obj).as_str(), "bool" | "bool_");
    if is_bool_like || obj.is_instance_of::<PyString>() || !obj.hasattr("__index__")? {
        return Err(type_err(obj, name, expected));
    }
    // an object whose __index__ refuses (a numpy array of more than one value) is no int either:
    // the error names the argument
    obj.call_method0("__index__").map_err(|_| type_err(obj, name, expected))
}

/// An integer argument. `Ok(None)` is an integer outside the `i64` range (an out-of-range
/// value for every caller). bool, float, None, str and others are a `TypeError`.
pub(crate) fn int_arg(obj: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyResult<Option<i64>> {
    Ok(index_obj(obj, name, expected)?.extract::<i64>().ok())
}

/// An integer argument of up to 128 bits (seeds and deal indices reach `2**64 - 1`);
/// `Ok(None)` beyond that. Types as [`int_arg`].
pub(crate) fn wide_int_arg(obj: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyResult<Option<i128>> {
    Ok(index_obj(obj, name, expected)?.extract::<i128>().ok())
}

/// A bound of a range as a person reads it: `2**32`, `2**64-1`, or the number.
fn bound_text(v: i128) -> String {
    let pow = |x: i128| x > 0 && x & (x - 1) == 0 && x >= 1 << 31;
    if pow(v) {
        format!("2**{}", v.trailing_zeros())
    } else if v < i128::MAX && pow(v + 1) {
        format!("2**{}-1", (v + 1).trailing_zeros())
    } else {
        v.to_string()
    }
}

/// An integer in `lo..=hi` of up to 128 bits; out of range gives `MahjongError` ([`value_err`]).
pub(crate) fn wide_ranged_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, name: &str, lo: i128, hi: i128) -> PyResult<i128> {
    match wide_int_arg(obj, name, "an int")? {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => {
            let r = obj.repr().map(|r| r.to_string()).unwrap_or_default();
            Err(value_err(py, format!("{name} {r} is not {}..{}", bound_text(lo), bound_text(hi))))
        }
    }
}

/// A player (seat) 0..=3 as an int (HK §1.1 P0..P3). Errors: `TypeError` naming `name` (bool,
/// float, str...), `InvalidHandError` out of range however large.
pub(crate) fn player_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    let p = ranged_arg(obj, name, "a player 0..3 (int)", 0, 3, |m| hand_err(py, format!("{m} (players are P0..P3)")))?;
    Ok(p as usize)
}

/// `value` checked by the core's argument conversion, for the Python wrappers (one validation
/// path): an int in `lo..=hi` (bounds up to 128 bits). Raises `TypeError` naming `name` for a
/// value that is not an int (bool and float included), `MahjongError` out of range.
#[pyfunction]
fn checked_int(py: Python<'_>, value: &Bound<'_, PyAny>, name: &str, lo: i128, hi: i128) -> PyResult<i128> {
    wide_ranged_arg(py, value, name, lo, hi)
}

/// `value` checked as a player 0..3 (the core's conversion, for the Python wrappers). Raises
/// `TypeError` naming `name` for a value that is not an int, `InvalidHandError` out of range.
#[pyfunction]
#[pyo3(signature = (value, name = "player"))]
fn checked_player(py: Python<'_>, value: &Bound<'_, PyAny>, name: &str) -> PyResult<usize> {
    player_arg(py, value, name)
}

/// Whether `obj` is numpy's bool scalar (`numpy.bool_`, named `bool` in numpy 2).
fn is_numpy_bool(obj: &Bound<'_, PyAny>) -> bool {
    let t = obj.get_type();
    let module = t.module().map(|m| m.to_string()).unwrap_or_default();
    module == "numpy" && matches!(type_name(obj).as_str(), "bool" | "bool_")
}

/// A flag: Python's `bool` or numpy's `bool_`, alike. Anything else (the ints 0 and 1, None,
/// a str...) is a `TypeError` naming the argument: a count is never read as a flag.
pub(crate) fn bool_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(b.is_true());
    }
    if is_numpy_bool(obj) {
        return obj.is_truthy();
    }
    Err(type_err(obj, name, "a bool"))
}

/// Conversions of parameters that have a default (`#[pyo3(from_py_with = params::NAME)]`),
/// one per parameter name so that the error names it and the signature keeps its default:
/// flags through [`bool_arg`], ints through the ranged conversions.
pub(crate) mod params {
    use pyo3::prelude::*;
    macro_rules! flags {
        ($($n:ident),*) => { $(
            pub(crate) fn $n(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
                super::bool_arg(obj, stringify!($n))
            }
        )* };
    }
    flags!(self_drawn, robbing_kong, kong_replacement, last_tile, dealer_start, auto_pass, record);

    /// A wind 0..3 (`InvalidHandError` outside).
    pub(crate) fn prevailing_wind(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
        super::wind_arg(obj.py(), obj, "prevailing_wind")
    }
    /// A bonus-tile mask 0..255 (`InvalidHandError` outside).
    pub(crate) fn bonus_mask(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(super::hand_int(obj, "bonus_mask", 0, 255)? as u8)
    }
    /// The dealer's streak k, 0..10^6 (TW §15; `InvalidHandError` outside).
    pub(crate) fn dealer_streak(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(super::hand_int(obj, "dealer_streak", 0, 1_000_000)? as u32)
    }
    /// A player 0..3 (`InvalidHandError` outside).
    pub(crate) fn first_dealer(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
        super::player_arg(obj.py(), obj, "first_dealer")
    }
}

/// An int in `lo..=hi`: `TypeError` naming `name` for a value that is not an int (bool and
/// float included), `InvalidHandError` outside the range however large.
pub(crate) fn hand_int(obj: &Bound<'_, PyAny>, name: &str, lo: i64, hi: i64) -> PyResult<i64> {
    ranged_arg(obj, name, "an int", lo, hi, |m| hand_err(obj.py(), m))
}

/// The items of a sequence argument (any iterable but a str or bytes): `TypeError` naming
/// `name` otherwise.
pub(crate) fn seq_arg<'py>(obj: &Bound<'py, PyAny>, name: &str, expected: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<pyo3::types::PyBytes>() {
        return Err(type_err(obj, name, expected));
    }
    obj.try_iter().map_err(|_| type_err(obj, name, expected))?.collect()
}

/// A str argument (`TypeError` naming it otherwise).
pub(crate) fn str_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    Ok(obj.cast::<PyString>().map_err(|_| type_err(obj, name, "a str"))?.to_str()?.to_owned())
}

/// An optional flag ([`bool_arg`]): not given or `None` is `default`.
pub(crate) fn opt_bool_arg(obj: Option<&Bound<'_, PyAny>>, name: &str, default: bool) -> PyResult<bool> {
    match obj {
        Some(o) if !o.is_none() => bool_arg(o, name),
        _ => Ok(default),
    }
}

/// A sequence of names (a list or tuple of str, or any iterable of them; a str alone is not
/// one). `TypeError` naming the argument otherwise.
pub(crate) fn names_arg(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<String>> {
    const NAMES: &str = "a sequence of names (str)";
    if obj.is_instance_of::<PyString>() {
        return Err(type_err(obj, name, NAMES));
    }
    let mut out = Vec::new();
    for item in obj.try_iter().map_err(|_| type_err(obj, name, NAMES))? {
        let item = item?;
        let s = item.cast::<PyString>().map_err(|_| type_err(&item, &format!("each of {name}"), "a str"))?;
        out.push(s.to_str()?.to_owned());
        if out.len() > 64 {
            break; // far more than any caller takes: refused by its length check
        }
    }
    Ok(out)
}

/// `value` as a Python int through the core's conversion, with no range (the caller checks
/// it): an int or an integer scalar (numpy's); `TypeError` "`name` must be `expected`, not
/// ..." for a bool (numpy's too), float, str, None or anything else.
#[pyfunction]
fn checked_index<'py>(value: &Bound<'py, PyAny>, name: &str, expected: &str) -> PyResult<Bound<'py, PyAny>> {
    index_obj(value, name, expected)
}

/// `value` checked as a flag (the core's conversion, for the Python wrappers): `bool` or
/// numpy's `bool_`; `TypeError` naming `name` otherwise (an int included).
#[pyfunction]
fn checked_bool(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    bool_arg(value, name)
}

/// `value` checked as a sequence of names (the core's conversion): a list of str.
#[pyfunction]
fn checked_names(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<String>> {
    names_arg(value, name)
}

/// An integer in `lo..=hi`; out of range (or outside `i64`) gives `err(message)`.
pub(crate) fn ranged_arg(
    obj: &Bound<'_, PyAny>,
    name: &str,
    expected: &str,
    lo: i64,
    hi: i64,
    err: impl FnOnce(String) -> PyErr,
) -> PyResult<i64> {
    match int_arg(obj, name, expected)? {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(err(format!("{name} {} is not {lo}..{hi}", obj.repr().map(|r| r.to_string()).unwrap_or_default()))),
    }
}

/// `InvalidHandError(msg)`.
pub(crate) fn hand_err(py: Python<'_>, msg: String) -> PyErr {
    to_py_err(py, MahjongError::hand(msg))
}

/// A helper function of `mahjong_fast.tiles` (the slow paths: `Hand`, `Tile` and iterables of
/// tiles, which are Python classes).
pub(crate) fn tiles_helper<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("mahjong_fast.tiles")?.getattr(name)
}

const KIND_TYPES: &str = "a tile code (str), a Tile or a tile kind (int 0..33)";

/// An ordinary tile given as a code (`"5s"`, parsed by the core) or a kind 0..=33.
/// Errors: `TypeError` (wrong type), `InvalidTileError` (bad code, bonus tile, kind out of range).
pub(crate) fn kind_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Tile> {
    if let Ok(s) = obj.cast::<PyString>() {
        let code = s.to_str()?;
        if let Ok(t) = crate::tiles::tile::parse_tile(code) {
            return Ok(t);
        }
        return match crate::tiles::tile::parse_tile_list(code) {
            Ok(v) => match v.as_slice() {
                [AnyTile::Kind(t)] => Ok(*t),
                [AnyTile::Bonus(b)] => {
                    Err(tile_value_err(py, format!("{name} {b} is a bonus tile; bonus tiles are never part of a hand")))
                }
                _ => Err(tile_value_err(py, format!("{name} must be exactly one tile, got {} in {code:?}", v.len()))),
            },
            Err(e) => Err(to_py_err(py, e)),
        };
    }
    let obj = if obj.is_instance_of::<PyInt>() { obj.clone() } else { tiles_helper(py, "_tile_kind")?.call1((obj,))? };
    let k = ranged_arg(&obj, name, KIND_TYPES, 0, N_KINDS as i64 - 1, |m| tile_value_err(py, m))?;
    Ok(Tile(k as u8))
}

/// A wind or player 0..=3 (East..North): `"E"`/`"S"`/`"W"`/`"N"`, the name, `"1z"`..`"4z"`, or
/// an int. Errors: `TypeError` (wrong type), `InvalidHandError` (not a wind).
pub(crate) fn wind_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, name: &str) -> PyResult<u8> {
    if let Ok(s) = obj.cast::<PyString>() {
        let w = s.to_str()?;
        return crate::tiles::tile::parse_wind(w).ok_or_else(|| hand_err(py, format!("{name} must be E, S, W or N, got {w:?}")));
    }
    let v =
        ranged_arg(obj, name, "a wind (E, S, W, N) or a seat 0..3 (int)", 0, 3, |m| hand_err(py, format!("{m} (E, S, W, N)")))?;
    Ok(v as u8)
}

/// An optional wind ([`wind_arg`]); `None` stays `None`.
pub(crate) fn opt_wind_arg(py: Python<'_>, obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<u8>> {
    match obj {
        Some(o) if !o.is_none() => wind_arg(py, o, name).map(Some),
        _ => Ok(None),
    }
}

/// Counts from a Python sequence of 34 ints (each 0..=4).
pub(crate) fn counts_arg(py: Python<'_>, counts: &[i64]) -> PyResult<Counts> {
    if counts.len() != N_KINDS {
        return Err(hand_err(py, format!("counts must have 34 entries (one per tile kind), got {}", counts.len())));
    }
    let mut c = [0u8; N_KINDS];
    for (i, &n) in counts.iter().enumerate() {
        if !(0..=4).contains(&n) {
            return Err(hand_err(py, format!("count of {} is {n}; each kind has 0..4 copies", Tile(i as u8))));
        }
        c[i] = n as u8;
    }
    Ok(c)
}

/// The 34 counts of a 1-D numpy array of integers, any dtype and stride, when each is 0..=4
/// (None otherwise: the caller's general path gives the errors).
fn numpy_counts<T>(arr: &Bound<'_, numpy::PyArray1<T>>) -> Option<Counts>
where
    T: numpy::Element + Copy + TryInto<u8>,
{
    // SAFETY: read only, while the GIL is held, within this call: nothing else borrows the
    // array meanwhile (the registry of `readonly()` costs more than the read itself).
    let a = unsafe { numpy::PyArrayMethods::as_array(arr) };
    if a.len() != N_KINDS {
        return None;
    }
    let mut c = [0u8; N_KINDS];
    for (o, &x) in c.iter_mut().zip(a.iter()) {
        match x.try_into() {
            Ok(n) if n <= 4 => *o = n,
            _ => return None,
        }
    }
    Some(c)
}

/// Valid counts read straight from `bytes`, a list or tuple of 34 Python ints, or a 1-D numpy
/// integer array (any integer dtype, contiguous or not): no notation round trip (issue 42).
/// None for anything else, or counts with a fault, which the general path reads (and refuses
/// with its errors).
pub(crate) fn fast_counts(py: Python<'_>, obj: &Bound<'_, PyAny>) -> Option<Counts> {
    use numpy::PyArray1;
    use pyo3::types::{PyBytes, PyList, PyTuple};
    if let Ok(b) = obj.cast::<PyBytes>() {
        let bytes = b.as_bytes();
        let mut c = [0u8; N_KINDS];
        if bytes.len() != N_KINDS || bytes.iter().any(|&x| x > 4) {
            return None;
        }
        c.copy_from_slice(bytes);
        return Some(c);
    }
    // the ints 0..4 are the interpreter's cached small ints: a count is one of those five
    // objects (a bool, a numpy int, a larger int is not: the general path reads those)
    let small_ints = || {
        SMALL_INTS
            .get_or_init(py, || std::array::from_fn(|n| pyo3::types::PyInt::new(py, n as i64).unbind()))
            .each_ref()
            .map(|o| o.as_ptr())
    };
    let read = |items: &mut dyn Iterator<Item = Bound<'_, PyAny>>| -> Option<Counts> {
        let small = small_ints();
        let mut c = [0u8; N_KINDS];
        for (o, item) in c.iter_mut().zip(items) {
            *o = small.iter().position(|&p| p == item.as_ptr())? as u8;
        }
        Some(c)
    };
    if let Ok(l) = obj.cast::<PyList>() {
        return if l.len() == N_KINDS { read(&mut l.iter()) } else { None };
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return if t.len() == N_KINDS { read(&mut t.iter()) } else { None };
    }
    let arr = obj.cast::<numpy::PyUntypedArray>().ok()?;
    if numpy::PyUntypedArrayMethods::ndim(arr) != 1 {
        return None;
    }
    macro_rules! try_dtype {
        ($($t:ty),*) => {$(
            if let Ok(a) = obj.cast::<PyArray1<$t>>() {
                return numpy_counts(a);
            }
        )*};
    }
    // the common dtypes first (each miss costs a dtype comparison)
    try_dtype!(u8, i64, i32, i8, i16, u16, u32, u64);
    None
}

/// The Python ints 0..=4, held once.
static SMALL_INTS: pyo3::sync::PyOnceLock<[Py<pyo3::types::PyInt>; 5]> = pyo3::sync::PyOnceLock::new();

const COUNTS_TYPES: &str = "a sequence of 34 ints (list, tuple or bytes)";

/// Counts from any Python sequence of 34 ints (valid ones read by [`fast_counts`], without an
/// intermediate `Vec`). Errors: `TypeError` naming `counts` (not a sequence of ints), `InvalidHandError`
/// (wrong length, a count outside 0..4 however large).
pub(crate) fn counts_obj(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    use pyo3::types::PyBytes;
    if let Some(c) = fast_counts(py, obj) {
        return Ok(c);
    }
    // what is left has a fault (or is a sequence of other ints): read it for its error
    if let Ok(b) = obj.cast::<PyBytes>() {
        let v: Vec<i64> = b.as_bytes().iter().map(|&x| x as i64).collect();
        return counts_arg(py, &v);
    }
    if obj.is_instance_of::<PyString>() {
        return Err(type_err(obj, "counts", COUNTS_TYPES));
    }
    let items = obj.try_iter().map_err(|_| type_err(obj, "counts", COUNTS_TYPES))?;
    let mut v = Vec::with_capacity(N_KINDS);
    let mut beyond = None; // the first count outside i64, shown as the caller wrote it
    for item in items {
        let item = item?;
        let n = int_arg(&item, "each count", "an int 0..4")?;
        if n.is_none() && beyond.is_none() {
            beyond = Some((v.len(), item.repr().map(|r| r.to_string()).unwrap_or_default()));
        }
        v.push(n.unwrap_or(i64::MAX));
        if v.len() > N_KINDS {
            break;
        }
    }
    match beyond {
        // the length is checked first, then the counts in order: a count beyond i64 is the
        // first one out of range only when no count before it is
        Some((i, r)) if v.len() == N_KINDS && v[..i].iter().all(|n| (0..=4).contains(n)) => {
            Err(hand_err(py, format!("count of {} is {r}; each kind has 0..4 copies", Tile(i as u8))))
        }
        _ => counts_arg(py, &v),
    }
}

/// Melds from an optional sequence of `(meld_kind, kind)` pairs; `None` or an empty list is no
/// meld (no allocation). Errors: `TypeError` naming `melds`, `InvalidHandError` for a pair of
/// the wrong length or values out of range.
pub(crate) fn melds_obj(py: Python<'_>, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Meld>> {
    const MELDS_TYPES: &str = "a sequence of (meld_kind, kind) pairs of ints";
    let Some(o) = obj else { return Ok(Vec::new()) };
    if o.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(l) = o.cast::<pyo3::types::PyList>() {
        if l.is_empty() {
            return Ok(Vec::new());
        }
    }
    if o.is_instance_of::<PyString>() {
        return Err(type_err(o, "melds", MELDS_TYPES));
    }
    let mut out = Vec::new();
    for (i, item) in o.try_iter().map_err(|_| type_err(o, "melds", MELDS_TYPES))?.enumerate() {
        let item = item?;
        if item.is_instance_of::<PyString>() {
            return Err(type_err(&item, "melds", MELDS_TYPES));
        }
        let pair: Vec<Bound<'_, PyAny>> =
            item.try_iter().map_err(|_| type_err(&item, "melds", MELDS_TYPES))?.take(3).collect::<PyResult<_>>()?;
        let [mk, k] = pair.as_slice() else {
            return Err(hand_err(py, format!("meld {i} must be a (meld_kind, kind) pair, got {} values", pair.len())));
        };
        let mk = ranged_arg(mk, "meld kind", "an int 0..4", 0, 4, |m| {
            hand_err(py, format!("{m} (chow, pung, kong, added kong, concealed kong)"))
        })?;
        let k = ranged_arg(k, "meld tile kind", "an int 0..33", 0, N_KINDS as i64 - 1, |m| hand_err(py, m))?;
        let kind = MeldKind::from_u8(mk as u8).expect("checked 0..=4");
        out.push(Meld::new(kind, Tile(k as u8)).map_err(|e| to_py_err(py, e))?);
    }
    Ok(out)
}

/// The wall of deal `deal_index` for `seed` (rules §4.1): the 144 physical tile ids, position 0
/// (the front, normal draws) first. Depends only on `(seed, deal_index)`; both are 0..2**64-1
/// (`MahjongError` outside, `TypeError` for a value that is not an int).
#[pyfunction]
#[pyo3(signature = (seed, deal_index = None))]
fn wall(py: Python<'_>, seed: &Bound<'_, PyAny>, deal_index: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<u32>> {
    let seed = wide_ranged_arg(py, seed, "seed", 0, u64::MAX.into())? as u64;
    let deal_index = match deal_index {
        Some(d) => wide_ranged_arg(py, d, "deal_index", 0, u64::MAX.into())? as u64,
        None => 0,
    };
    Ok(crate::tiles::wall::shuffle(seed, deal_index).iter().map(|&t| t as u32).collect())
}

/// `(counts, melds, bonus indices)` as `parse_hand` returns them.
type ParsedHand = (Vec<u32>, Vec<(u32, u32)>, Vec<u32>);

/// Parse hand notation (design §3) into `(counts, melds, bonus)`: 34 concealed counts,
/// `(meld_kind, kind)` tuples, and bonus indices 0..7. Raises InvalidTileError/InvalidHandError.
#[pyfunction]
fn parse_hand(py: Python<'_>, notation: &Bound<'_, PyAny>) -> PyResult<ParsedHand> {
    let h = crate::tiles::hand::parse_hand(&str_arg(notation, "notation")?).map_err(|e| to_py_err(py, e))?;
    let melds = h.melds.iter().map(|m| (m.kind as u32, m.tile.0 as u32)).collect();
    let bonus = (0..8u32).filter(|b| h.bonus & (1 << b) != 0).collect();
    Ok((h.concealed.iter().map(|&c| c as u32).collect(), melds, bonus))
}

/// Canonical notation of `(counts, melds, bonus)`, e.g. `123m456p11z pung[555z] 1f`.
#[pyfunction]
#[pyo3(signature = (counts, melds = None, bonus = None))]
fn format_hand(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    bonus: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let mut h = crate::tiles::hand::Hand { concealed: counts_obj(py, counts)?, melds: melds_obj(py, melds)?, bonus: 0 };
    if let Some(bonus) = bonus.filter(|b| !b.is_none()) {
        const BONUS_TYPES: &str = "a sequence of bonus indices (int 0..7)";
        if bonus.is_instance_of::<PyString>() {
            return Err(type_err(bonus, "bonus", BONUS_TYPES));
        }
        for b in bonus.try_iter().map_err(|_| type_err(bonus, "bonus", BONUS_TYPES))? {
            let b = ranged_arg(&b?, "bonus index", BONUS_TYPES, 0, 7, |m| hand_err(py, m))?;
            crate::tiles::hand::add_bonus(&mut h, crate::tiles::tile::Bonus(b as u8)).map_err(|e| to_py_err(py, e))?;
        }
    }
    h.validate().map_err(|e| to_py_err(py, e))?;
    Ok(h.to_string())
}

/// Parse a list of tiles (rules §2.5) into kinds 0..33, bonus tiles as 34..41.
#[pyfunction]
fn parse_tiles(py: Python<'_>, notation: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    let v = crate::tiles::tile::parse_tile_list(&str_arg(notation, "notation")?).map_err(|e| to_py_err(py, e))?;
    Ok(v.into_iter()
        .map(|t| match t {
            crate::tiles::tile::AnyTile::Kind(k) => k.0 as u32,
            crate::tiles::tile::AnyTile::Bonus(b) => 34 + b.0 as u32,
        })
        .collect())
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("BUILD_PROFILE", if cfg!(debug_assertions) { "debug" } else { "release" })?;
    m.add("MAX_NOTATION_CHARS", crate::tiles::tile::MAX_NOTATION_CHARS)?;
    m.add("MAX_SCORE", crate::game::MAX_SCORE)?;
    m.add_function(wrap_pyfunction!(wall, m)?)?;
    m.add_function(wrap_pyfunction!(parse_hand, m)?)?;
    m.add_function(wrap_pyfunction!(format_hand, m)?)?;
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(checked_int, m)?)?;
    m.add_function(wrap_pyfunction!(checked_player, m)?)?;
    m.add_function(wrap_pyfunction!(checked_bool, m)?)?;
    m.add_function(wrap_pyfunction!(checked_index, m)?)?;
    m.add_function(wrap_pyfunction!(checked_names, m)?)?;
    agents::register(m)?;
    expert::register(m)?;
    arena::register(m)?;
    analysis::register(m)?;
    batch::register(m)?;
    rules::register(m)?;
    names::register(m)?;
    sim::register(m)?;
    game::register(m)?;
    settle::register(m)?;
    rl::register(m)?;
    // Build the read-only lookup tables now, so no hot call pays for them (design §2).
    let start = std::time::Instant::now();
    crate::analysis::tables::tables();
    m.add("TABLES_BUILD_SECONDS", start.elapsed().as_secs_f64())?;
    Ok(())
}
