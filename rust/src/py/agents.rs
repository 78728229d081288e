//! Bindings of the built-in agents (`crate::agents`): the Python seats `GreedySeat` and
//! `RandomSeat` are shells over these classes, so a decision made through the Python game loop
//! is the decision the core makes in a simulated deal.

use pyo3::prelude::*;

use super::rules::{rules_arg, PyRuleset};
use super::{counts_obj, hand_err, hand_int, melds_obj, seq_arg, to_py_err, type_err};
use crate::agents::{GreedyAgent, LegalOption, OptionKind, RandomAgent, SeatValue, Situation, StrongAgent, Table, ValueAgent};
use crate::game::Discard;
use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::Tile;

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

/// The seat's own arguments of one decision (`counts, melds, unseen, discard, legal`), converted
/// and checked; every agent's `choose` takes them first.
pub(super) struct SeatArgs {
    counts: Counts,
    melds: Vec<Meld>,
    unseen: Counts,
    discard: Option<Tile>,
    legal: Vec<LegalOption>,
}

impl SeatArgs {
    pub(super) fn convert(
        py: Python<'_>,
        counts: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        unseen: &Bound<'_, PyAny>,
        discard: Option<&Bound<'_, PyAny>>,
        legal: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        Ok(SeatArgs {
            counts: counts_obj(py, counts)?,
            melds: melds_obj(py, melds)?,
            unseen: counts_obj(py, unseen)?,
            discard: discard_arg(discard)?,
            legal: legal_arg(py, legal)?,
        })
    }

    /// The seat's hand alone, with no options (a decision outside the legal list: the
    /// expert's answers to a ruleset's own choices, TW §20.6).
    pub(super) fn hand_only(
        py: Python<'_>,
        counts: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        unseen: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        Ok(SeatArgs {
            counts: counts_obj(py, counts)?,
            melds: melds_obj(py, melds)?,
            unseen: counts_obj(py, unseen)?,
            discard: None,
            legal: Vec::new(),
        })
    }

    pub(super) fn situation(&self) -> Situation<'_> {
        Situation { concealed: &self.counts, melds: &self.melds, unseen: &self.unseen, discard: self.discard, legal: &self.legal }
    }
}

/// The public table of one decision (`player, dealer, seat_winds, prevailing_wind, bonus_mask,
/// discards, table_melds, remaining`), converted and checked, for the strong and expert seats.
pub(super) struct TableArgs {
    player: u8,
    dealer: u8,
    winds: [u8; 4],
    prevailing_wind: u8,
    bonus_mask: u8,
    pub(super) pools: [Vec<Discard>; 4],
    pub(super) sets: [Vec<Meld>; 4],
    remaining: u32,
}

impl TableArgs {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn convert(
        py: Python<'_>,
        player: &Bound<'_, PyAny>,
        dealer: &Bound<'_, PyAny>,
        seat_winds: &Bound<'_, PyAny>,
        prevailing_wind: u8,
        bonus_mask: u8,
        discards: &Bound<'_, PyAny>,
        table_melds: &Bound<'_, PyAny>,
        remaining: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let four = "a sequence of four (one per player)";
        let (seat_winds, discards, table_melds) = (
            seq_arg(seat_winds, "seat_winds", four)?,
            seq_arg(discards, "discards", four)?,
            seq_arg(table_melds, "table_melds", four)?,
        );
        if seat_winds.len() != 4 || discards.len() != 4 || table_melds.len() != 4 {
            return Err(hand_err(py, "seat_winds, discards and table_melds need one entry per player (4)".into()));
        }
        let mut winds = [0u8; 4];
        for (w, v) in winds.iter_mut().zip(&seat_winds) {
            *w = seat_arg(v, "seat wind")?;
        }
        let player = seat_arg(player, "player")?;
        let mut pools: [Vec<Discard>; 4] = Default::default();
        for (pool, list) in pools.iter_mut().zip(&discards) {
            for item in seq_arg(list, "discards", "a sequence of (id, claimed_by) pairs")? {
                let (id, by) = int_pair(&item, "each discard")?;
                let tile = hand_int(&id, "discard id", 0, 135)? as u8;
                let claimed_by = if by.is_none() { None } else { Some(seat_arg(&by, "claimed_by")?) };
                pool.push(Discard { tile, claimed_by });
            }
        }
        let mut sets: [Vec<Meld>; 4] = Default::default();
        for (out, obj) in sets.iter_mut().zip(&table_melds) {
            *out = melds_obj(py, Some(obj))?;
        }
        Ok(TableArgs {
            player,
            dealer: seat_arg(dealer, "dealer")?,
            winds,
            prevailing_wind,
            bonus_mask,
            pools,
            sets,
            remaining: hand_int(remaining, "remaining", 0, u32::MAX.into())? as u32,
        })
    }

    pub(super) fn table(&self) -> Table<'_> {
        Table {
            player: self.player,
            dealer: self.dealer,
            seat_winds: self.winds,
            winds: crate::rules::wait_values::ValueSituation {
                seat_wind: self.winds[self.player as usize],
                prevailing_wind: self.prevailing_wind,
            },
            bonus: self.bonus_mask,
            discards: std::array::from_fn(|q| self.pools[q].as_slice()),
            melds: std::array::from_fn(|q| self.sets[q].as_slice()),
            remaining: self.remaining,
        }
    }
}

/// A pair of ints of a sequence argument (`TypeError` naming `name` otherwise).
pub(super) fn int_pair<'py>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let v = seq_arg(obj, name, "a pair of ints")?;
    <[Bound<'_, PyAny>; 2]>::try_from(v).map(|[a, b]| (a, b)).map_err(|_| type_err(obj, name, "a pair of ints"))
}

/// The legal options: `(code, kind)` pairs of ints (`TypeError` naming `legal` otherwise,
/// `InvalidHandError` out of range).
pub(super) fn legal_arg(py: Python<'_>, legal: &Bound<'_, PyAny>) -> PyResult<Vec<LegalOption>> {
    let items = seq_arg(legal, "legal", "a sequence of (code, kind) pairs")?;
    if items.is_empty() {
        return Err(hand_err(py, "legal is empty: there must be at least one option".into()));
    }
    items
        .iter()
        .map(|item| {
            let (code, kind) = int_pair(item, "each legal option")?;
            let k = hand_int(&code, "option code", 0, CODES.len() as i64 - 1)? as usize;
            let t = hand_int(&kind, "option tile kind", 0, 33)? as u8;
            Ok(LegalOption::new(CODES[k], Tile(t)))
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
        discard: Option<&Bound<'_, PyAny>>,
        legal: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let a = SeatArgs::convert(py, counts, melds, unseen, discard, legal)?;
        let s = a.situation();
        self.inner.choose(&s).map_err(|e| to_py_err(py, e))
    }

    /// Stateless between decisions: pickles as a fresh agent of the same ruleset.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (PyRuleset,))> {
        let rules = PyRuleset { inner: slf.borrow().rules.clone() };
        Ok((slf.get_type().into_any(), (rules,)))
    }
}

/// The kind 0..33 of the discard on offer, or None.
pub(super) fn discard_arg(discard: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Tile>> {
    match discard {
        Some(d) if !d.is_none() => Ok(Some(Tile(hand_int(d, "discard", 0, 33)? as u8))),
        _ => Ok(None),
    }
}

/// A seat, wind or player number 0..3 (E, S, W, N / P0..P3) for the agents' arguments.
pub(super) fn seat_arg(v: &Bound<'_, PyAny>, what: &str) -> PyResult<u8> {
    Ok(hand_int(v, what, 0, 3)? as u8)
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
        discard: Option<&Bound<'_, PyAny>>,
        legal: &Bound<'_, PyAny>,
        seat_wind: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = super::params::prevailing_wind)] prevailing_wind: u8,
        #[pyo3(from_py_with = super::params::bonus_mask)] bonus_mask: u8,
    ) -> PyResult<usize> {
        let a = SeatArgs::convert(py, counts, melds, unseen, discard, legal)?;
        let seat = SeatValue {
            winds: crate::rules::wait_values::ValueSituation { seat_wind: seat_arg(seat_wind, "seat_wind")?, prevailing_wind },
            bonus: bonus_mask,
        };
        let s = a.situation();
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
        discard: Option<&Bound<'_, PyAny>>,
        legal: &Bound<'_, PyAny>,
        player: &Bound<'_, PyAny>,
        dealer: &Bound<'_, PyAny>,
        seat_winds: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = super::params::prevailing_wind)] prevailing_wind: u8,
        #[pyo3(from_py_with = super::params::bonus_mask)] bonus_mask: u8,
        discards: &Bound<'_, PyAny>,
        table_melds: &Bound<'_, PyAny>,
        remaining: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let a = SeatArgs::convert(py, counts, melds, unseen, discard, legal)?;
        let t =
            TableArgs::convert(py, player, dealer, seat_winds, prevailing_wind, bonus_mask, discards, table_melds, remaining)?;
        let s = a.situation();
        self.inner.choose(&s, &t.table()).map_err(|e| to_py_err(py, e))
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
    fn new(py: Python<'_>, seed: &Bound<'_, PyAny>, deal_index: &Bound<'_, PyAny>, player: &Bound<'_, PyAny>) -> PyResult<Self> {
        let seed = super::wide_ranged_arg(py, seed, "seed", 0, u64::MAX.into())? as u64;
        let deal_index = super::wide_ranged_arg(py, deal_index, "deal_index", 0, u64::MAX.into())? as u64;
        let player = super::player_arg(py, player, "player")? as u8;
        Ok(PyRandomAgent { inner: RandomAgent::new(seed, deal_index, player) })
    }

    fn below(&mut self, n: &Bound<'_, PyAny>) -> PyResult<usize> {
        // any count: 0 and 1 give 0; beyond the machine's range it is refused
        let n = super::wide_ranged_arg(n.py(), n, "n", 0, usize::MAX as i128)? as usize;
        Ok(self.inner.below(n))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGreedyAgent>()?;
    m.add_class::<PyRandomAgent>()?;
    m.add_class::<PyValueAgent>()?;
    m.add_class::<PyStrongAgent>()?;
    Ok(())
}
