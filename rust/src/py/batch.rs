//! Batch forms over numpy arrays (design §1 "batch forms over numpy arrays that release the
//! GIL"): the arrays are copied into Rust, then the GIL is released and rayon spreads chunks
//! of a few thousand rows over the cores. Every row is a concealed hand without declared sets,
//! under the shapes (and, for scoring, the minimum and cap) of the `rules=` ruleset.
//! Bad input (dtype, shape, a count above 4, the wrong number of tiles, a value out of range)
//! raises `mahjong_fast.errors.InvalidHandError` naming the first bad row; nothing panics.
//! `score_batch`'s per-row situation arguments (one numpy value per row, or one value for all
//! rows) raise `TypeError` naming the argument for a wrong dtype or type and
//! `InvalidHandError` naming it for a wrong length.

use numpy::ndarray::Array2;
use numpy::{Element, PyArray1, PyArray2, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;

use super::rules::rules_arg;
use super::{hand_err, to_py_err};
use crate::error::MahjongError;
use crate::rules::scoring::WinContext;
use crate::tiles::hand::{Counts, Hand};
use crate::tiles::tile::{Tile, N_KINDS};

/// Rows per rayon task: small enough to spread, large enough to keep the overhead invisible.
const CHUNK: usize = 4096;

fn bad(py: Python<'_>, msg: String) -> PyErr {
    to_py_err(py, MahjongError::hand(msg))
}

/// What an argument actually is, for error messages.
fn describe(obj: &Bound<'_, PyAny>) -> String {
    match obj.cast::<PyUntypedArray>() {
        Ok(a) => {
            let dtype = a.dtype().str().map(|s| s.to_string()).unwrap_or_else(|_| "?".into());
            format!("an array of dtype {dtype} and shape {:?}", a.shape())
        }
        Err(_) => {
            let name = obj.get_type().name().map(|s| s.to_string()).unwrap_or_else(|_| "?".into());
            format!("a {name}")
        }
    }
}

/// Copy the rows of a `uint8[N, 34]` array into Rust (any strides or order, read by rows as
/// numpy indexes them; a C-contiguous array is copied in one pass). The copy is taken while the GIL is held, so the work that follows with
/// the GIL released never reads memory that Python code could be changing.
fn rows_arg(py: Python<'_>, obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Counts>> {
    let arr = obj
        .cast::<PyArray2<u8>>()
        .map_err(|_| bad(py, format!("{name} must be a numpy array of dtype uint8 and shape (N, 34), got {}", describe(obj))))?;
    let ro = arr.readonly();
    let view = ro.as_array();
    if view.ncols() != N_KINDS {
        return Err(bad(py, format!("{name} must have shape (N, 34), got {:?}", view.shape())));
    }
    // `as_slice` also succeeds on a Fortran-contiguous array, whose memory is column after
    // column: only a C-contiguous array may be cut into rows straight from memory.
    if let (true, Ok(flat)) = (ro.is_c_contiguous(), ro.as_slice()) {
        return Ok(flat
            .chunks_exact(N_KINDS)
            .map(|r| {
                let mut c = [0u8; N_KINDS];
                c.copy_from_slice(r);
                c
            })
            .collect());
    }
    let mut rows = vec![[0u8; N_KINDS]; view.nrows()];
    for (row, src) in rows.iter_mut().zip(view.rows()) {
        for (d, s) in row.iter_mut().zip(src.iter()) {
            *d = *s;
        }
    }
    Ok(rows)
}

/// The error for the first row that failed its check.
fn row_error(py: Python<'_>, rows: &[Counts], i: usize, sizes: &str) -> PyErr {
    let c = &rows[i];
    if let Some(k) = c.iter().position(|&x| x > 4) {
        return bad(py, format!("row {i}: count of {} is {}; each kind has 0..4 copies", Tile(k as u8), c[k]));
    }
    let n: usize = c.iter().map(|&x| x as usize).sum();
    bad(py, format!("row {i}: wrong number of tiles: {n}, {sizes} expected"))
}

#[inline]
fn row_ok(c: &Counts, sizes: &[usize]) -> bool {
    let mut n = 0usize;
    let mut over = false;
    for &x in c {
        n += x as usize;
        over |= x > 4;
    }
    !over && sizes.contains(&n)
}

const BAD_SHANTEN: i8 = i8::MIN;

/// Shanten of each row (rules §14a), like `shanten` on a hand without declared sets: rows of
/// 13/14 tiles (Hong Kong) or 16/17 (Taiwanese, TW §10a).
#[pyfunction]
#[pyo3(signature = (counts, *, rules = None))]
fn shanten_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let r = rules_arg(py, rules)?;
    let (shapes, size) = (r.shapes(), r.hand_tiles());
    let rows = &rows_arg(py, counts, "counts")?;
    let mut out = vec![0i8; rows.len()];
    py.detach(|| {
        out.par_chunks_mut(CHUNK).zip(rows.par_chunks(CHUNK)).for_each(|(dst, part)| {
            for (d, row) in dst.iter_mut().zip(part) {
                let c: Counts = *row;
                *d = if row_ok(&c, &[size, size + 1]) { crate::analysis::shanten::shanten_free(&c, shapes) } else { BAD_SHANTEN };
            }
        })
    });
    if let Some(i) = out.iter().position(|&v| v == BAD_SHANTEN) {
        return Err(row_error(py, rows, i, &format!("{size} or {}", size + 1)));
    }
    Ok(PyArray1::from_vec(py, out))
}

/// Waits of each 13-tile row (16 under a Taiwanese ruleset; rules §14a, TW §10a) as a mask
/// over the 34 kinds.
#[pyfunction]
#[pyo3(signature = (counts, *, rules = None))]
fn waits_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let r = rules_arg(py, rules)?;
    let (shapes, size) = (r.shapes(), r.hand_tiles());
    let rows = &rows_arg(py, counts, "counts")?;
    let n = rows.len();
    let result: Result<Vec<bool>, usize> = py.detach(|| {
        let mut flat = vec![false; n * N_KINDS];
        let bad_rows: Vec<usize> = flat
            .par_chunks_mut(N_KINDS * CHUNK)
            .zip(rows.par_chunks(CHUNK))
            .enumerate()
            .filter_map(|(j, (dst, part))| {
                for (r, (out, row)) in dst.chunks_exact_mut(N_KINDS).zip(part).enumerate() {
                    let c: Counts = *row;
                    if !row_ok(&c, &[size]) {
                        return Some(j * CHUNK + r);
                    }
                    let m = crate::analysis::waits::wait_mask(&c, &c, 0, shapes);
                    for (k, d) in out.iter_mut().enumerate() {
                        *d = m >> k & 1 != 0;
                    }
                }
                None
            })
            .collect();
        match bad_rows.into_iter().min() {
            Some(i) => Err(i),
            None => Ok(flat),
        }
    });
    match result {
        Err(i) => Err(row_error(py, rows, i, &size.to_string())),
        Ok(flat) => {
            let a = Array2::from_shape_vec((n, N_KINDS), flat).expect("n * 34 elements");
            Ok(PyArray2::from_owned_array(py, a))
        }
    }
}

/// One per-row situation argument of `score_batch`: a numpy array with one value per row, or
/// one value for every row.
enum Column<T: Copy> {
    Each(Vec<T>),
    All(T),
}

impl<T: Copy> Column<T> {
    #[inline]
    fn at(&self, i: usize) -> T {
        match self {
            Column::Each(v) => v[i],
            Column::All(x) => *x,
        }
    }
    /// The first row whose value fails `ok` (the scalar is checked as row 0).
    fn first_bad(&self, ok: impl Fn(T) -> bool) -> Option<(usize, T)> {
        match self {
            Column::Each(v) => v.iter().position(|&x| !ok(x)).map(|i| (i, v[i])),
            Column::All(x) => (!ok(*x)).then_some((0, *x)),
        }
    }
}

/// A per-row argument: `None` (or Python None) gives `default`; a numpy array must be 1-D with
/// `n` elements (`InvalidHandError` naming `name` otherwise) of dtype `T` (`TypeError` naming
/// `name` and the dtype expected otherwise: no silent cast); anything else is one value for
/// every row, converted by `scalar` (which raises `TypeError` naming `name` for a wrong type).
fn column<'py, T: Element + Copy>(
    py: Python<'py>,
    obj: Option<&Bound<'py, PyAny>>,
    name: &str,
    dtype: &str,
    n: usize,
    default: T,
    scalar: impl FnOnce(&Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Column<T>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(Column::All(default)) };
    let Ok(arr) = obj.cast::<PyUntypedArray>() else { return scalar(obj).map(Column::All) };
    if arr.ndim() != 1 || arr.len() != n {
        return Err(bad(py, format!("{name} must have shape ({n},) like counts (one value per row), got {:?}", arr.shape())));
    }
    let typed = obj.cast::<PyArray1<T>>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "{name} must be a numpy array of dtype {dtype} (or one value for every row), got {}",
            describe(obj)
        ))
    })?;
    Ok(Column::Each(typed.readonly().as_array().iter().copied().collect()))
}

/// A bool for every row: a Python or numpy bool (an int is refused: `TypeError`).
fn bool_scalar(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    super::bool_arg(obj, name).map_err(|_| super::type_err(obj, name, "a bool or a numpy array of dtype bool"))
}

/// Score each row under the table of `rules` (HK §10, §14a with the minimum and cap of §18;
/// Taiwanese rows of 16 tiles by TW §11, §14 with `min_tai`), each row in its own situation:
/// every situation argument is a numpy array with one value per row or one value for all rows.
#[pyfunction]
#[pyo3(signature = (counts, win_tile, seat_wind, self_drawn, bonus_mask = None, prevailing_wind = None, *,
    robbing_kong = None, kong_replacement = None, last_tile = None,
    dealer_streak = None, discards = None, winner_discards = None, interrupted = None, rules = None))]
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn score_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    win_tile: &Bound<'py, PyAny>,
    seat_wind: &Bound<'py, PyAny>,
    self_drawn: &Bound<'py, PyAny>,
    bonus_mask: Option<&Bound<'py, PyAny>>,
    prevailing_wind: Option<&Bound<'py, PyAny>>,
    robbing_kong: Option<&Bound<'py, PyAny>>,
    kong_replacement: Option<&Bound<'py, PyAny>>,
    last_tile: Option<&Bound<'py, PyAny>>,
    dealer_streak: Option<&Bound<'py, PyAny>>,
    discards: Option<&Bound<'py, PyAny>>,
    winner_discards: Option<&Bound<'py, PyAny>>,
    interrupted: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyArray1<u8>>, Bound<'py, PyArray1<bool>>)> {
    let rules = &rules_arg(py, rules)?;
    let size = rules.hand_tiles();
    let rows = &rows_arg(py, counts, "counts")?;
    let n = rows.len();
    let win = column(py, Some(win_tile), "win_tile", "uint8", n, 0u8, |o| Ok(super::kind_arg(py, o, "win_tile")?.0))?;
    let wind = |name: &'static str| move |o: &Bound<'py, PyAny>| super::wind_arg(py, o, name);
    let seat = column(py, Some(seat_wind), "seat_wind", "uint8", n, 0u8, wind("seat_wind"))?;
    let prevailing = column(py, prevailing_wind, "prevailing_wind", "uint8", n, 0u8, wind("prevailing_wind"))?;
    let flag = |obj, name: &'static str| column(py, obj, name, "bool", n, false, |o| bool_scalar(o, name));
    let drawn = flag(Some(self_drawn), "self_drawn")?;
    let robbing = flag(robbing_kong, "robbing_kong")?;
    let replacement = flag(kong_replacement, "kong_replacement")?;
    let last = flag(last_tile, "last_tile")?;
    let bonus = column(py, bonus_mask, "bonus_mask", "uint8", n, 0u8, |o| {
        Ok(super::ranged_arg(o, "bonus_mask", "an int 0..255", 0, 255, |m| hand_err(py, m))? as u8)
    })?;
    // The deal's progress (TW §10, §15): refused by rulesets that do not read it, as by `score`.
    let tw_names = [("dealer_streak", dealer_streak), ("discards", discards), ("winner_discards", winner_discards)];
    let given = |o: Option<&Bound<'py, PyAny>>| o.is_some_and(|x| !x.is_none());
    if !rules.reads_progress() {
        let first = tw_names.iter().find(|(_, o)| given(*o)).map(|(nm, _)| *nm).or(given(interrupted).then_some("interrupted"));
        if let Some(nm) = first {
            return Err(hand_err(py, super::analysis::unread_progress(nm, rules)));
        }
    }
    let d = crate::rules::DealProgress::default();
    let count = |(name, obj): (&'static str, Option<&Bound<'py, PyAny>>), default: u32| {
        column(py, obj, name, "uint32", n, default, |o| {
            Ok(super::ranged_arg(o, name, "an int", 0, TW_COUNT_MAX as i64, |m| hand_err(py, m))? as u32)
        })
    };
    let streak = count(tw_names[0], d.dealer_streak)?;
    let n_discards = count(tw_names[1], d.discards)?;
    let own_discards = count(tw_names[2], d.winner_discards)?;
    // The defaults are `score`'s: a mid-deal win (TW §10a, `DealProgress::default()`).
    let inter = column(py, interrupted, "interrupted", "bool", n, d.interrupted, |o| bool_scalar(o, "interrupted"))?;
    if let Some((i, t)) = win.first_bad(|t| (t as usize) < N_KINDS) {
        return Err(bad(py, format!("row {i}: win tile {t} is not a tile kind 0..33")));
    }
    for (name, col) in [("seat wind", &seat), ("prevailing wind", &prevailing)] {
        if let Some((i, w)) = col.first_bad(|w| w < 4) {
            return Err(bad(py, format!("row {i}: {name} {w} is not 0..3 (E, S, W, N)")));
        }
    }
    for (name, col) in [("dealer_streak", &streak), ("discards", &n_discards), ("winner_discards", &own_discards)] {
        if let Some((i, v)) = col.first_bad(|v| v <= TW_COUNT_MAX) {
            return Err(bad(py, format!("row {i}: {name} {v} is not 0..{TW_COUNT_MAX}")));
        }
    }
    const SCORE_CHUNK: usize = 1024;
    let mut faan = vec![0u8; n];
    let mut is_win = vec![false; n];
    // The first failing row of each chunk, then the first of all (rows in order, as a loop).
    let first_err: Option<(usize, MahjongError)> = py.detach(|| {
        faan.par_chunks_mut(SCORE_CHUNK)
            .zip(is_win.par_chunks_mut(SCORE_CHUNK))
            .enumerate()
            .filter_map(|(j, (fs, ws))| {
                let mut hand = Hand { concealed: [0; N_KINDS], melds: Vec::new(), bonus: 0 };
                for (r, (f, w)) in fs.iter_mut().zip(ws.iter_mut()).enumerate() {
                    let i = j * SCORE_CHUNK + r;
                    let c: Counts = rows[i];
                    if !row_ok(&c, &[size]) {
                        return Some((i, MahjongError::hand(String::new())));
                    }
                    hand.concealed = c;
                    hand.bonus = bonus.at(i);
                    let self_drawn = drawn.at(i);
                    let ctx = WinContext {
                        seat_wind: seat.at(i),
                        prevailing_wind: prevailing.at(i),
                        self_drawn,
                        robbing_kong: robbing.at(i),
                        kong_replacement: replacement.at(i),
                        last_wall_tile: last.at(i) && self_drawn,
                        last_discard: last.at(i) && !self_drawn,
                        dealer_start: false,
                        progress: crate::rules::DealProgress {
                            dealer_streak: streak.at(i),
                            discards: n_discards.at(i),
                            winner_discards: own_discards.at(i),
                            interrupted: inter.at(i),
                        },
                        house: Default::default(),
                    };
                    match rules.score(&hand, Some(Tile(win.at(i))), &ctx) {
                        Ok(o) => {
                            *f = o.value;
                            *w = o.is_win;
                        }
                        Err(e) => return Some((i, e)),
                    }
                }
                None
            })
            .min_by_key(|(i, _)| *i)
    });
    if let Some((i, e)) = first_err {
        if !row_ok(&rows[i], &[size]) {
            return Err(row_error(py, rows, i, &size.to_string()));
        }
        let why = match e {
            MahjongError::InvalidHand { message: m, .. } => m,
            other => other.to_string(),
        };
        return Err(bad(py, format!("row {i}: {why}")));
    }
    Ok((PyArray1::from_vec(py, faan), PyArray1::from_vec(py, is_win)))
}

/// The largest dealer streak or discard count a row may give (as `score`'s keywords).
const TW_COUNT_MAX: u32 = 1_000_000;

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten_batch, m)?)?;
    m.add_function(wrap_pyfunction!(waits_batch, m)?)?;
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    Ok(())
}
