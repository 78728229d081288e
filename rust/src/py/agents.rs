//! Bindings of the built-in agents (`crate::agents`): the Python seats `GreedySeat` and
//! `RandomSeat` are shells over these classes, so a decision made through the Python game loop
//! is the decision the core makes in a simulated deal.

use pyo3::prelude::*;

use super::rules::{rules_arg, PyRuleset};
use super::{counts_obj, melds_obj, to_py_err};
use crate::agents::{GreedyAgent, LegalOption, OptionKind, RandomAgent, SeatValue, Situation, StrongAgent, Table, ValueAgent};
use crate::error::MahjongError;
use crate::game::Discard;
use crate::hand::Meld;
use crate::tile::Tile;

/// Option codes in the order of `mahjong_fast.game.actions.ActionType`.
const CODES: [OptionKind; 9] = [
    OptionKind::Discard,
    OptionKind::SelfDrawnWin,
    OptionKind::ConcealedKong,
    OptionKind::AddedKong,
    OptionKind::Pass,
    OptionKind::Win,
    OptionKind::Pung,
    OptionKind::Kong,
    OptionKind::Chow,
];

fn legal_arg(py: Python<'_>, legal: &[(i64, i64)]) -> PyResult<Vec<LegalOption>> {
    let bad = |msg: String| to_py_err(py, MahjongError::hand(msg));
    if legal.is_empty() {
        return Err(bad("legal is empty: there must be at least one option".into()));
    }
    legal
        .iter()
        .map(|&(code, kind)| {
            let k = usize::try_from(code)
                .ok()
                .and_then(|c| CODES.get(c))
                .ok_or_else(|| bad(format!("option code {code} is not 0..8")))?;
            let t = u8::try_from(kind).ok().and_then(Tile::new).ok_or_else(|| bad(format!("tile kind {kind} is not 0..33")))?;
            Ok(LegalOption::new(*k, t))
        })
        .collect()
}

/// The greedy policy of `GreedySeat`, decided in the core, for the winning shapes of `rules`
/// (a Ruleset or its name; default Hong Kong: four sets and a pair; Taiwanese: five sets and a
/// pair, eight and a half pairs, TW §9). `GreedyAgent(rules=None)`.
///
/// `choose(counts, melds, unseen, discard, legal) -> int`:
/// - `counts`: 34 concealed counts; `melds`: `(meld_kind, kind)` tuples of the seat's own sets;
/// - `unseen`: 34 counts of copies the seat cannot see;
/// - `discard`: the kind 0..33 of the discard on offer, or None;
/// - `legal`: `(code, kind)` per legal option in the engine's order, code = index of the
///   action type in `ActionType` (0 discard .. 8 chow), kind as in `LegalOption`.
///
/// Returns the index of the chosen option. Raises InvalidHandError for a bad hand or option.
#[pyclass(module = "mahjong_fast._core", name = "GreedyAgent")]
pub struct PyGreedyAgent {
    inner: GreedyAgent,
    rules: crate::rules::Ruleset,
}

#[pymethods]
impl PyGreedyAgent {
    #[new]
    #[pyo3(signature = (rules = None))]
    fn new(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let r = rules_arg(py, rules)?;
        Ok(PyGreedyAgent { inner: GreedyAgent::new(*r.shapes()), rules: r })
    }

    #[pyo3(signature = (counts, melds, unseen, discard, legal))]
    fn choose(
        &mut self,
        py: Python<'_>,
        counts: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        unseen: &Bound<'_, PyAny>,
        discard: Option<i64>,
        legal: Vec<(i64, i64)>,
    ) -> PyResult<usize> {
        let c = counts_obj(py, counts)?;
        let m = melds_obj(py, melds)?;
        let u = counts_obj(py, unseen)?;
        let d = match discard {
            None => None,
            Some(k) => Some(
                u8::try_from(k)
                    .ok()
                    .and_then(Tile::new)
                    .ok_or_else(|| to_py_err(py, MahjongError::hand(format!("discard kind {k} is not 0..33"))))?,
            ),
        };
        let l = legal_arg(py, &legal)?;
        let s = Situation { concealed: &c, melds: &m, unseen: &u, discard: d, legal: &l };
        self.inner.choose(&s).map_err(|e| to_py_err(py, e))
    }

    /// Stateless between decisions: pickles as a fresh agent of the same ruleset.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (PyRuleset,))> {
        let rules = PyRuleset { inner: slf.borrow().rules.clone() };
        Ok((slf.get_type().into_any(), (rules,)))
    }
}

fn discard_arg(py: Python<'_>, discard: Option<i64>) -> PyResult<Option<Tile>> {
    discard
        .map(|k| {
            u8::try_from(k)
                .ok()
                .and_then(Tile::new)
                .ok_or_else(|| to_py_err(py, MahjongError::hand(format!("discard kind {k} is not 0..33"))))
        })
        .transpose()
}

/// A seat, wind or player number 0..3 (E, S, W, N / P0..P3) for the agents' arguments.
fn seat_arg(py: Python<'_>, v: i64, what: &str) -> PyResult<u8> {
    u8::try_from(v).ok().filter(|&w| w < 4).ok_or_else(|| to_py_err(py, MahjongError::hand(format!("{what} {v} is not 0..3"))))
}

/// A bonus-tile mask 0..255 (bit i = tile `(i+1)f`).
fn bonus_mask_arg(py: Python<'_>, v: i64) -> PyResult<u8> {
    u8::try_from(v).map_err(|_| to_py_err(py, MahjongError::hand(format!("bonus mask {v} is not 0..255"))))
}

/// The `value` policy: greedy plus the two value rules of `crate::agents::value`, under
/// `rules` (a Ruleset or its name; default Hong Kong). `ValueAgent(rules=None)`.
///
/// `choose(counts, melds, unseen, discard, legal, seat_wind, prevailing_wind=0, bonus_mask=0)
/// -> int`: the arguments of `GreedyAgent.choose`, then the seat's wind and the prevailing
/// wind (0..3 = E..N) and its exposed bonus tiles (bit i = tile `(i+1)f`), which value its
/// waits (rules §10). Raises InvalidHandError for a bad hand, option or wind.
#[pyclass(module = "mahjong_fast._core", name = "ValueAgent")]
pub struct PyValueAgent {
    inner: ValueAgent,
    rules: crate::rules::Ruleset,
}

#[pymethods]
impl PyValueAgent {
    #[new]
    #[pyo3(signature = (rules = None))]
    fn new(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let r = rules_arg(py, rules)?;
        Ok(PyValueAgent { inner: ValueAgent::new(r.clone()), rules: r })
    }

    #[pyo3(signature = (counts, melds, unseen, discard, legal, seat_wind, prevailing_wind = 0, bonus_mask = 0))]
    #[allow(clippy::too_many_arguments)]
    fn choose(
        &mut self,
        py: Python<'_>,
        counts: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        unseen: &Bound<'_, PyAny>,
        discard: Option<i64>,
        legal: Vec<(i64, i64)>,
        seat_wind: i64,
        prevailing_wind: i64,
        bonus_mask: i64,
    ) -> PyResult<usize> {
        let c = counts_obj(py, counts)?;
        let m = melds_obj(py, melds)?;
        let u = counts_obj(py, unseen)?;
        let d = discard_arg(py, discard)?;
        let l = legal_arg(py, &legal)?;
        let seat = SeatValue {
            winds: crate::rules::wait_values::ValueSituation {
                seat_wind: seat_arg(py, seat_wind, "seat wind")?,
                prevailing_wind: seat_arg(py, prevailing_wind, "prevailing wind")?,
            },
            bonus: bonus_mask_arg(py, bonus_mask)?,
        };
        let s = Situation { concealed: &c, melds: &m, unseen: &u, discard: d, legal: &l };
        self.inner.choose(&s, &seat).map_err(|e| to_py_err(py, e))
    }

    /// Stateless between decisions: pickles as a fresh agent of the same ruleset.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (PyRuleset,))> {
        let rules = PyRuleset { inner: slf.borrow().rules.clone() };
        Ok((slf.get_type().into_any(), (rules,)))
    }
}

/// The `strong` policy under `rules` (default Hong Kong): offence by expected value and
/// defence, `crate::agents::strong`.
///
/// `choose(counts, melds, unseen, discard, legal, *, player, dealer, seat_winds,
/// prevailing_wind=0, bonus_mask=0, discards, table_melds, remaining) -> int`: the arguments of
/// `GreedyAgent.choose`, then the public table of rules §14: whose view it is, the dealer, the
/// four seat winds and the prevailing wind (0..3 = E..N), the seat's exposed bonus tiles (bit i
/// = tile `(i+1)f`), per player its discards in order as `(tile_id, claimed_by)` (id 0..135,
/// claimer 0..3 or None), per player its declared sets as `(meld_kind, kind)`, and the tiles
/// left in the wall. Raises InvalidHandError for a bad hand, option, seat, wind or discard.
#[pyclass(module = "mahjong_fast._core", name = "StrongAgent")]
pub struct PyStrongAgent {
    inner: StrongAgent,
    rules: crate::rules::Ruleset,
}

#[pymethods]
impl PyStrongAgent {
    #[new]
    #[pyo3(signature = (rules = None))]
    fn new(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let r = rules_arg(py, rules)?;
        Ok(PyStrongAgent { inner: StrongAgent::new(r.clone()), rules: r })
    }

    #[pyo3(signature = (counts, melds, unseen, discard, legal, *, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining))]
    #[allow(clippy::too_many_arguments)]
    fn choose(
        &mut self,
        py: Python<'_>,
        counts: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        unseen: &Bound<'_, PyAny>,
        discard: Option<i64>,
        legal: Vec<(i64, i64)>,
        player: i64,
        dealer: i64,
        seat_winds: Vec<i64>,
        prevailing_wind: i64,
        bonus_mask: i64,
        discards: Vec<Vec<(i64, Option<i64>)>>,
        table_melds: Vec<Bound<'_, PyAny>>,
        remaining: i64,
    ) -> PyResult<usize> {
        let c = counts_obj(py, counts)?;
        let m = melds_obj(py, melds)?;
        let u = counts_obj(py, unseen)?;
        let d = discard_arg(py, discard)?;
        let l = legal_arg(py, &legal)?;
        let bad = |msg: String| to_py_err(py, MahjongError::hand(msg));
        if seat_winds.len() != 4 || discards.len() != 4 || table_melds.len() != 4 {
            return Err(bad("seat_winds, discards and table_melds need one entry per player (4)".into()));
        }
        let mut winds = [0u8; 4];
        for (w, &v) in winds.iter_mut().zip(&seat_winds) {
            *w = seat_arg(py, v, "seat wind")?;
        }
        let player = seat_arg(py, player, "player")?;
        let mut pools: [Vec<Discard>; 4] = Default::default();
        for (pool, list) in pools.iter_mut().zip(&discards) {
            for &(id, by) in list {
                let tile =
                    u8::try_from(id).ok().filter(|&t| t < 136).ok_or_else(|| bad(format!("discard id {id} is not 0..135")))?;
                let claimed_by = by.map(|q| seat_arg(py, q, "claimed_by")).transpose()?;
                pool.push(Discard { tile, claimed_by });
            }
        }
        let mut sets: [Vec<Meld>; 4] = Default::default();
        for (out, obj) in sets.iter_mut().zip(&table_melds) {
            *out = melds_obj(py, Some(obj))?;
        }
        let t = Table {
            player,
            dealer: seat_arg(py, dealer, "dealer")?,
            seat_winds: winds,
            winds: crate::rules::wait_values::ValueSituation {
                seat_wind: winds[player as usize],
                prevailing_wind: seat_arg(py, prevailing_wind, "prevailing wind")?,
            },
            bonus: bonus_mask_arg(py, bonus_mask)?,
            discards: std::array::from_fn(|q| pools[q].as_slice()),
            melds: std::array::from_fn(|q| sets[q].as_slice()),
            remaining: u32::try_from(remaining).map_err(|_| bad(format!("remaining {remaining} is negative")))?,
        };
        let s = Situation { concealed: &c, melds: &m, unseen: &u, discard: d, legal: &l };
        self.inner.choose(&s, &t).map_err(|e| to_py_err(py, e))
    }

    /// Stateless between decisions: pickles as a fresh agent of the same ruleset.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (PyRuleset,))> {
        let rules = PyRuleset { inner: slf.borrow().rules.clone() };
        Ok((slf.get_type().into_any(), (rules,)))
    }
}

/// Uniform choice with the stream of `(seed, deal_index, player)` (see `crate::agents::random`).
/// `below(n)` returns an index uniformly below `n` (0 for `n <= 1`).
#[pyclass(module = "mahjong_fast._core", name = "RandomAgent")]
pub struct PyRandomAgent {
    inner: RandomAgent,
}

#[pymethods]
impl PyRandomAgent {
    #[new]
    fn new(seed: u64, deal_index: u64, player: u8) -> PyResult<Self> {
        if player > 3 {
            return Err(pyo3::exceptions::PyValueError::new_err(format!("player must be 0..3 (got {player})")));
        }
        Ok(PyRandomAgent { inner: RandomAgent::new(seed, deal_index, player) })
    }

    fn below(&mut self, n: usize) -> usize {
        self.inner.below(n)
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGreedyAgent>()?;
    m.add_class::<PyRandomAgent>()?;
    m.add_class::<PyValueAgent>()?;
    m.add_class::<PyStrongAgent>()?;
    Ok(())
}
