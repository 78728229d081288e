//! Binding of the environment's core (`crate::rl`): `TableBatch` steps many tables per call
//! with the GIL released (the calling thread and the batch's own helper threads sharing the
//! tables: `crate::rl::pool`), writing into numpy
//! buffers the caller owns. Buffers: `obs` float32 `(N, C, 42)` (or None: mask only), `mask`
//! uint8 `(N, A)` (`A` = `n_actions`: 75 under observation/action version 1), `reward` float32 `(N, 4)`, `seat` int8 `(N,)`, `done` bool `(N,)`, all
//! C-contiguous; anything else is a TypeError naming the buffer.

use numpy::{Element, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::rules::rules_arg;
use super::to_py_err;
use crate::error::MahjongError;
use crate::rl::tables::BatchOut;
use crate::rl::{BatchConfig, BatchPool, IllegalMode, ObsOptions, RewardKind, Seat, TableBatch, N_COLS, OBS_VERSION};

/// Many tables of one ruleset stepped by one call (docs/rl.md).
///
/// `TableBatch(n, seats, rules=None, seed=0, *, threads=1, duplicate=False,
/// value_features=True, privileged=False, reward="points", illegal_penalty=None,
/// episode="deal", obs_version=1)`: `n` tables (1..=65536), `seats` four names (`"learner"` or a built-in
/// seat: `"expert"`, `"greedy"`, `"random"`, `"strong"`, `"value"`), at least one learner;
/// table `i` has the seed `(seed + i) mod 2**64`; `threads` at most the usable cores (capped
/// with simulate's RuntimeWarning). `episode="match"` makes an episode a whole match (TW
/// §16, HK §12): each step's reward the payments of the deals that ended since the previous
/// step, `done` at the match's end; anything but `"deal"` or `"match"` is a `RuleConfigError`.
/// `obs_version` 1 (the default: 75 actions, a ruleset adding an action is a `RuleConfigError`
/// naming its switch) or 2 (the ruleset's extra actions after the 75, the rule-state planes);
/// another value is a `RuleConfigError` naming `obs_version`.
/// `reset(obs, mask, reward, seat, done, seeds=None)` starts every table's first deal;
/// `step(actions, obs, mask, reward, seat, done)` plays one decision per table (int64
/// `actions` of shape `(N,)`; ignored for a table whose last step ended a deal: it starts the
/// next one). An action outside the mask raises `IllegalActionError` naming the table and
/// changes nothing (with `illegal_penalty=x`, a finite float32, it ends that deal with reward
/// `-x` for the seat); an index outside 0..n_actions-1 is a `MahjongError` naming it, whatever the
/// penalty. `next_episode(obs, mask, reward, seat, done)` makes every table deal its next
/// episode (Gymnasium's unseeded reset).
#[pyclass(module = "mahjong_fast._core", name = "TableBatch")]
pub struct PyTableBatch {
    inner: TableBatch,
    /// None with one thread: the caller steps every table.
    pool: Option<BatchPool>,
}

/// The writable C-contiguous numpy array `obj` checked for its dtype, shape and flags (a
/// TypeError naming the buffer otherwise): its data pointer and length, not yet a slice.
///
/// Not through rust-numpy's borrow registry (its bookkeeping cost more than a one-table step):
/// the slices are made only after [`disjoint`] has refused buffers that share memory, and live
/// only during one call of this class, whose `&mut self` keeps two calls on one batch apart.
fn buffer<T: Element>(obj: &Bound<'_, PyAny>, name: &str, dtype: &str, shape: &[usize]) -> PyResult<(*mut T, usize)> {
    let arr = obj
        .cast::<PyArrayDyn<T>>()
        .map_err(|_| PyTypeError::new_err(format!("{name} must be a numpy array of dtype {dtype} and shape {shape:?}")))?;
    if arr.shape() != shape {
        return Err(PyTypeError::new_err(format!("{name} must have shape {shape:?}, got {:?}", arr.shape())));
    }
    if !arr.is_c_contiguous() {
        return Err(PyTypeError::new_err(format!("{name} must be C-contiguous")));
    }
    // SAFETY: `arr` is a live ndarray (checked above); reading its flags does not change it.
    let writeable =
        unsafe { (*numpy::npyffi::_PyArray_GET_ITEM_DATA(arr.as_array_ptr())).flags } & numpy::npyffi::NPY_ARRAY_WRITEABLE != 0;
    if !writeable {
        return Err(PyTypeError::new_err(format!("{name} must be writeable")));
    }
    Ok((arr.data(), arr.len()))
}

/// A TypeError when two of the buffers share memory (views of one array, say); `spans` are
/// byte ranges.
fn disjoint(spans: &[(&str, (usize, usize))]) -> PyResult<()> {
    for (i, (na, (a0, a1))) in spans.iter().enumerate() {
        for (nb, (b0, b1)) in &spans[i + 1..] {
            if a0 < b1 && b0 < a1 {
                return Err(PyTypeError::new_err(format!("{na} and {nb} must not share memory")));
            }
        }
    }
    Ok(())
}

/// Byte range of `len` values of `T` from `p`, for [`disjoint`].
fn span<T>((p, len): (*mut T, usize)) -> (usize, usize) {
    (p as usize, p as usize + len * std::mem::size_of::<T>())
}

/// The data of a checked buffer as a slice.
///
/// # Safety
/// `(p, len)` comes from [`buffer`] on an array that outlives `'a`, and no other live slice
/// overlaps it (checked by [`disjoint`]).
unsafe fn slice<'a, T>((p, len): (*mut T, usize)) -> &'a mut [T] {
    // SAFETY: by the contract above: `len` values of `T`, C-contiguous, exclusive for `'a`.
    unsafe { std::slice::from_raw_parts_mut(p, len) }
}

struct Buffers<'a> {
    obs: Option<&'a mut [f32]>,
    mask: &'a mut [u8],
    reward: &'a mut [f32],
    seat: &'a mut [i8],
    done: &'a mut [bool],
}

impl PyTableBatch {
    #[allow(clippy::too_many_arguments)]
    fn buffers<'a>(
        &self,
        obs: &'a Bound<'_, PyAny>,
        mask: &'a Bound<'_, PyAny>,
        reward: &'a Bound<'_, PyAny>,
        seat: &'a Bound<'_, PyAny>,
        done: &'a Bound<'_, PyAny>,
    ) -> PyResult<Buffers<'a>> {
        let n = self.inner.len();
        let c = self.inner.config().obs.planes();
        let o = if obs.is_none() { None } else { Some(buffer::<f32>(obs, "obs", "float32", &[n, c, N_COLS])?) };
        let m = buffer::<u8>(mask, "mask", "uint8", &[n, self.inner.config().n_actions()])?;
        let r = buffer::<f32>(reward, "reward", "float32", &[n, 4])?;
        let s = buffer::<i8>(seat, "seat", "int8", &[n])?;
        let d = buffer::<bool>(done, "done", "bool", &[n])?;
        let mut spans = vec![("mask", span(m)), ("reward", span(r)), ("seat", span(s)), ("done", span(d))];
        if let Some(o) = o {
            spans.push(("obs", span(o)));
        }
        disjoint(&spans)?;
        // SAFETY: each comes from `buffer` on an argument of this call (alive for `'a`), and
        // none overlaps another (checked just above).
        Ok(unsafe { Buffers { obs: o.map(|o| slice(o)), mask: slice(m), reward: slice(r), seat: slice(s), done: slice(d) } })
    }

    fn run(
        &mut self,
        py: Python<'_>,
        b: Buffers<'_>,
        f: impl FnOnce(&mut TableBatch, &mut BatchOut<'_>, Option<&BatchPool>) -> crate::error::Result<()> + Send,
    ) -> PyResult<()> {
        let mut out = BatchOut { obs: b.obs, mask: b.mask, reward: b.reward, seat: b.seat, done: b.done };
        let inner = &mut self.inner;
        let pool = self.pool.as_ref();
        let r = py.detach(|| f(inner, &mut out, pool));
        r.map_err(|e| to_py_err(py, e))
    }
}

#[pymethods]
impl PyTableBatch {
    #[new]
    #[pyo3(signature = (n, seats, rules = None, seed = None, *, threads = None, duplicate = None, value_features = None, privileged = None, reward = None, illegal_penalty = None, episode = None, obs_version = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        seats: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        duplicate: Option<&Bound<'_, PyAny>>,
        value_features: Option<&Bound<'_, PyAny>>,
        privileged: Option<&Bound<'_, PyAny>>,
        reward: Option<&Bound<'_, PyAny>>,
        illegal_penalty: Option<f64>,
        episode: Option<&Bound<'_, PyAny>>,
        obs_version: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let n = super::wide_ranged_arg(py, n, "n", 1, 1 << 16)? as usize;
        let seed = match seed.filter(|o| !o.is_none()) {
            Some(s) => super::wide_ranged_arg(py, s, "seed", 0, u64::MAX as i128)? as u64,
            None => 0,
        };
        let threads = match threads.filter(|o| !o.is_none()) {
            Some(t) => super::wide_ranged_arg(py, t, "threads", 1, super::sim::MAX_THREADS)? as usize,
            None => 1,
        };
        let names = super::names_arg(seats, "seats")?;
        if names.len() != 4 {
            return Err(to_py_err(py, MahjongError::RuleConfig(format!("seats must name 4 seats, got {}", names.len()))));
        }
        let mut s = [Seat::Learner; 4];
        for (d, name) in s.iter_mut().zip(&names) {
            *d = Seat::from_name(name).map_err(|e| to_py_err(py, e))?;
        }
        let rules = rules_arg(py, rules)?;
        let version = match obs_version.filter(|o| !o.is_none()) {
            Some(v) => super::wide_ranged_arg(py, v, "obs_version", 0, u32::MAX as i128)? as u32,
            None => OBS_VERSION,
        };
        let mut cfg = BatchConfig::with_version(rules, s, version).map_err(|e| to_py_err(py, e))?;
        cfg.duplicate = super::opt_bool_arg(duplicate, "duplicate", false)?;
        cfg.obs = ObsOptions {
            value_features: super::opt_bool_arg(value_features, "value_features", true)?,
            privileged: super::opt_bool_arg(privileged, "privileged", false)?,
            version,
        };
        let reward = match reward.filter(|o| !o.is_none()) {
            Some(r) => super::str_arg(r, "reward")?,
            None => "points".to_owned(),
        };
        cfg.reward = RewardKind::from_name(&reward).map_err(|e| to_py_err(py, e))?;
        cfg.matches = match episode.filter(|o| !o.is_none()).map(|e| super::str_arg(e, "episode")).transpose()?.as_deref() {
            None | Some("deal") => false,
            Some("match") => true,
            Some(other) => {
                return Err(to_py_err(py, MahjongError::RuleConfig(format!("unknown episode {other:?}; choose deal or match"))))
            }
        };
        cfg.illegal = match illegal_penalty {
            None => IllegalMode::Raise,
            // the reward buffer is float32: a penalty it cannot hold would be -inf
            Some(x) if (x as f32).is_finite() => IllegalMode::Penalty(x as f32),
            Some(x) => {
                return Err(to_py_err(
                    py,
                    MahjongError::RuleConfig(format!("illegal_penalty {x} is not a finite float32 (|x| < 3.4e38)")),
                ))
            }
        };
        let threads = capped_threads(py, threads)?;
        let pool = if threads > 1 {
            let pool = BatchPool::new(threads)
                .map_err(|e| to_py_err(py, MahjongError::RuleConfig(format!("cannot start {threads} threads: {e}"))))?;
            Some(pool)
        } else {
            None
        };
        Ok(PyTableBatch { inner: TableBatch::new(n, cfg, seed), pool })
    }

    /// Number of tables N.
    #[getter]
    fn n_tables(&self) -> usize {
        self.inner.len()
    }
    /// Size of the action space: 75, plus 35 per extra action type of the ruleset under
    /// version 2.
    #[getter]
    fn n_actions(&self) -> usize {
        self.inner.config().n_actions()
    }
    /// The ruleset's extra action types in index order (version 2; empty under version 1):
    /// names as in the logs (`"declare_ready"`); type `j` holds the indices `75 + 35 j` (naming
    /// no tile) and `75 + 35 j + 1 + k` (naming a tile of kind `k`).
    #[getter]
    fn extra_actions(&self) -> Vec<&'static str> {
        self.inner.config().space().extra().iter().map(|e| e.kind.name()).collect()
    }
    /// The ruleset's per-seat rule flags `(public, private)` as the version 2 planes order
    /// them (empty without house rules).
    #[getter]
    fn rule_flags(&self) -> (Vec<&'static str>, Vec<&'static str>) {
        let f = self.inner.config().rules.rule_flags();
        (f.public.to_vec(), f.private.to_vec())
    }
    /// Shape of one observation, `(C, 42)`.
    #[getter]
    fn obs_shape(&self) -> (usize, usize) {
        (self.inner.config().obs.planes(), N_COLS)
    }
    /// The observation/action version (1 or 2).
    #[getter]
    fn obs_version(&self) -> u32 {
        self.inner.config().obs.version
    }
    #[getter]
    fn threads(&self) -> usize {
        self.pool.as_ref().map_or(1, BatchPool::threads)
    }
    /// The configured line-up (names).
    #[getter]
    fn seats(&self) -> Vec<&'static str> {
        self.inner.config().seats.iter().map(|s| s.name()).collect()
    }
    #[getter]
    fn duplicate(&self) -> bool {
        self.inner.config().duplicate
    }
    /// What an episode is: `"deal"` or `"match"`.
    #[getter]
    fn episode(&self) -> &'static str {
        if self.inner.config().matches {
            "match"
        } else {
            "deal"
        }
    }

    /// Start episode 0 of every table (`seeds`: one int per table replaces the seeds) and write
    /// the first decisions into the buffers.
    #[pyo3(signature = (obs, mask, reward, seat, done, seeds = None))]
    #[allow(clippy::too_many_arguments)]
    fn reset(
        &mut self,
        py: Python<'_>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        reward: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        done: &Bound<'_, PyAny>,
        seeds: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let seeds = match seeds.filter(|s| !s.is_none()) {
            Some(s) => Some(seeds_arg(py, s, self.inner.len())?),
            None => None,
        };
        let b = self.buffers(obs, mask, reward, seat, done)?;
        self.run(py, b, move |t, o, par| t.reset(seeds.as_deref(), o, par))
    }

    /// Every table abandons the episode in play (not reported) and starts its next one, as the
    /// step after an ended episode would; the buffers receive the first decisions (rewards 0).
    /// Gymnasium's unseeded `reset()` continues a table's stream so. Errors: `InvalidHandError`
    /// before the first `reset`.
    #[allow(clippy::too_many_arguments)]
    fn next_episode(
        &mut self,
        py: Python<'_>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        reward: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        done: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let b = self.buffers(obs, mask, reward, seat, done)?;
        self.run(py, b, move |t, o, par| t.next_episode(o, par))
    }

    /// One decision per table (`actions` int64 `(N,)`), then the built-in seats play until a
    /// learner must decide or the deal ends; the buffers receive the next decisions.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyAny>,
        obs: &Bound<'_, PyAny>,
        mask: &Bound<'_, PyAny>,
        reward: &Bound<'_, PyAny>,
        seat: &Bound<'_, PyAny>,
        done: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let n = self.inner.len();
        let arr = actions
            .cast::<PyArrayDyn<i64>>()
            .map_err(|_| PyTypeError::new_err(format!("actions must be a numpy array of dtype int64 and shape ({n},)")))?;
        if arr.shape() != [n] {
            return Err(PyTypeError::new_err(format!("actions must have shape ({n},), got {:?}", arr.shape())));
        }
        // copied before any output buffer is taken (so they may even share memory)
        // SAFETY: a live int64 array of the checked shape, read while the GIL is held.
        let acts: Vec<i64> = match unsafe { arr.as_slice() } {
            Ok(a) => a.to_vec(),
            Err(_) => arr.readonly().as_array().iter().copied().collect(),
        };
        // an index outside the action space is no action at all (not an illegal one): refused
        // for every table, whatever illegal_penalty says, before anything changes
        let n_actions = self.inner.config().n_actions() as i64;
        if let Some((i, a)) = acts.iter().enumerate().find(|(_, a)| !(0..n_actions).contains(a)) {
            return Err(super::value_err(py, format!("actions[{i}] {a} is not an action 0..{}", n_actions - 1)));
        }
        let b = self.buffers(obs, mask, reward, seat, done)?;
        self.run(py, b, move |t, o, par| t.step(&acts, o, par))
    }

    /// Table `i`'s observation for `player` (any seat, 0..3), a new float32 array `(C, 42)`.
    fn observe<'py>(
        &self,
        py: Python<'py>,
        i: &Bound<'_, PyAny>,
        player: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, numpy::PyArray2<f32>>> {
        let t = self.table(py, i)?;
        let p = super::player_arg(py, player, "player")? as u8;
        let v = self.table_obs(t, p);
        let c = self.inner.config().obs.planes();
        numpy::PyArray1::from_vec(py, v).reshape([c, N_COLS])
    }

    /// The engine's legal actions behind table `i`'s mask (codes of `Deal.legal`).
    fn legal_codes(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
        let t = self.table(py, i)?;
        Ok(self.inner.tables()[t].legal().iter().map(|a| a.code()).collect())
    }

    /// Table `i`'s current deal: `{wall, dealer, deal_index, prevailing_wind, dealer_streak,
    /// seats, episode, seed, skipped}` (the line-up as rotated for this deal; `skipped` counts
    /// the deals since the reset that ended before any learner had a decision, never reported;
    /// in match mode it counts such matches), and in match mode `deal_in_match` (deals the
    /// match has played) and `match_scores` (its scores before the deal in play).
    fn table_info<'py>(&self, py: Python<'py>, i: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let t = &self.inner.tables()[self.table(py, i)?];
        let d = PyDict::new(py);
        if let Some(deal) = t.deal() {
            d.set_item("wall", PyList::new(py, deal.wall().iter())?)?;
            d.set_item("dealer", deal.dealer())?;
            d.set_item("deal_index", deal.deal_index())?;
            d.set_item("prevailing_wind", deal.prevailing_wind())?;
            d.set_item("dealer_streak", deal.dealer_streak())?;
        }
        d.set_item("seats", t.seats().iter().map(|s| s.name()).collect::<Vec<_>>())?;
        d.set_item("episode", t.episode())?;
        d.set_item("seed", t.seed())?;
        d.set_item("skipped", t.skipped())?;
        if let Some(game) = t.game() {
            d.set_item("deal_in_match", game.deals())?;
            d.set_item("match_scores", game.scores().to_vec())?;
        }
        Ok(d)
    }

    /// The result of the deal table `i`'s last step ended (None otherwise, or after a
    /// penalty): `{points, winners, values, win_kinds, discarder, dealer, exhaustive_draw,
    /// tiles_left, seats}`.
    fn result<'py>(&self, py: Python<'py>, i: &Bound<'_, PyAny>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let t = &self.inner.tables()[self.table(py, i)?];
        let Some(r) = t.last_result() else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("points", r.payments.to_vec())?;
        // u32, not u8: a Vec<u8> would reach Python as bytes
        d.set_item("winners", r.wins.iter().map(|w| u32::from(w.player)).collect::<Vec<_>>())?;
        d.set_item("values", r.wins.iter().map(|w| u32::from(w.score.value)).collect::<Vec<_>>())?;
        d.set_item("win_kinds", r.wins.iter().map(|w| w.kind.name()).collect::<Vec<_>>())?;
        d.set_item("discarder", r.wins.first().and_then(|w| w.discarder))?;
        d.set_item("dealer", r.dealer)?;
        d.set_item("exhaustive_draw", r.exhaustive_draw())?;
        d.set_item("tiles_left", r.tiles_left)?;
        d.set_item("seats", t.seats().iter().map(|s| s.name()).collect::<Vec<_>>())?;
        Ok(Some(d))
    }
}

impl PyTableBatch {
    fn table_obs(&self, t: usize, player: u8) -> Vec<f32> {
        let cfg = self.inner.config();
        let mut out = vec![0.0f32; cfg.obs.len()];
        if let Some(deal) = self.inner.tables()[t].deal() {
            crate::rl::obs::encode(deal, player, &cfg.obs, &mut crate::rl::obs::ObsBuf::default(), &mut out);
        }
        out
    }
    fn table(&self, py: Python<'_>, i: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(super::wide_ranged_arg(py, i, "i", 0, self.inner.len() as i128 - 1)? as usize)
    }
}

/// One seed per table (`n`), each an int 0..2**64-1: `TypeError` naming `seeds[i]` for a value
/// that is not an int (bool and float included) or a `seeds` that is not a sequence,
/// `MahjongError` out of range or for a wrong count.
fn seeds_arg(py: Python<'_>, seeds: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<u64>> {
    if seeds.is_instance_of::<pyo3::types::PyString>() || seeds.is_instance_of::<pyo3::types::PyBytes>() {
        return Err(PyTypeError::new_err("seeds must be a sequence of ints"));
    }
    let items = seeds.try_iter().map_err(|_| PyTypeError::new_err("seeds must be a sequence of ints"))?;
    let mut out = Vec::with_capacity(n);
    for (i, s) in items.enumerate() {
        out.push(super::wide_ranged_arg(py, &s?, &format!("seeds[{i}]"), 0, u64::MAX as i128)? as u64);
    }
    if out.len() != n {
        return Err(super::value_err(py, format!("{} seeds for {n} tables", out.len())));
    }
    Ok(out)
}

/// `threads` at most the cores this process may use, as `simulate` caps its workers (the same
/// helper and RuntimeWarning: more threads only wait, and each call would pay for waking them).
fn capped_threads(py: Python<'_>, threads: usize) -> PyResult<usize> {
    if threads <= 1 {
        return Ok(threads);
    }
    let capped = py.import("mahjong_fast.sim.backends")?.getattr("capped_threads")?.call1(("threads", threads, "threads", 1))?;
    capped.extract()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTableBatch>()
}
