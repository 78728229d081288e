//! Binding of the expert agent (`crate::agents::expert`): the Python `ExpertSeat` and the hints
//! of `play` are shells over this class, so what a hint ranks first is what the seat plays.

use pyo3::prelude::*;

use super::agents::{discard_arg, int_pair, legal_arg, seat_arg};
use super::rules::{rules_arg, PyRuleset};
use super::{counts_obj, hand_err, hand_int, melds_obj, seq_arg, to_py_err};
use crate::agents::expert::{ExpertAgent, ExpertView};
use crate::agents::{Situation, Table};
use crate::game::Discard;
use crate::tiles::hand::{Counts, Meld};
use crate::tiles::tile::Tile;

/// The arguments of one decision, converted and checked.
struct Args {
    counts: Counts,
    melds: Vec<Meld>,
    unseen: Counts,
    discard: Option<Tile>,
    legal: Vec<crate::agents::LegalOption>,
    player: u8,
    dealer: u8,
    winds: [u8; 4],
    prevailing_wind: u8,
    bonus_mask: u8,
    pools: [Vec<Discard>; 4],
    sets: [Vec<Meld>; 4],
    remaining: u32,
    dealer_streak: u32,
}

impl Args {
    fn decide<T>(&self, f: impl FnOnce(&Situation<'_>, &ExpertView<'_>) -> T) -> T {
        let t = Table {
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
        };
        // every declared set interrupts the deal (TW §10); the discards on the table, claimed
        // ones included, are the discards made
        let v = ExpertView {
            table: t,
            dealer_streak: self.dealer_streak,
            discards_made: self.pools.iter().map(|p| p.len() as u32).sum(),
            interrupted: self.sets.iter().any(|s| !s.is_empty()),
        };
        let s = Situation {
            concealed: &self.counts,
            melds: &self.melds,
            unseen: &self.unseen,
            discard: self.discard,
            legal: &self.legal,
        };
        f(&s, &v)
    }
}

#[allow(clippy::too_many_arguments)]
fn args(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    unseen: &Bound<'_, PyAny>,
    discard: Option<&Bound<'_, PyAny>>,
    legal: &Bound<'_, PyAny>,
    player: &Bound<'_, PyAny>,
    dealer: &Bound<'_, PyAny>,
    seat_winds: &Bound<'_, PyAny>,
    prevailing_wind: u8,
    bonus_mask: u8,
    discards: &Bound<'_, PyAny>,
    table_melds: &Bound<'_, PyAny>,
    remaining: &Bound<'_, PyAny>,
    dealer_streak: &Bound<'_, PyAny>,
) -> PyResult<Args> {
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
    Ok(Args {
        counts: counts_obj(py, counts)?,
        melds: melds_obj(py, melds)?,
        unseen: counts_obj(py, unseen)?,
        discard: discard_arg(discard)?,
        legal: legal_arg(py, legal)?,
        player: seat_arg(player, "player")?,
        dealer: seat_arg(dealer, "dealer")?,
        winds,
        prevailing_wind,
        bonus_mask,
        pools,
        sets,
        remaining: hand_int(remaining, "remaining", 0, u32::MAX.into())? as u32,
        dealer_streak: hand_int(dealer_streak, "dealer_streak", 0, u32::MAX.into())? as u32,
    })
}

/// The `expert` policy under `rules` (default Hong Kong): every legal option valued in points
/// from the seat's view, `crate::agents::expert`.
///
/// `choose(...) -> int` and `option_values(...) -> list[float]` take the arguments of
/// `StrongAgent.choose` and the dealer's streak (`dealer_streak=0`, TW §15). `option_values`
/// gives one value per legal option (points, bent toward winning at all as the ruleset's style
/// says; `-inf` for a pung or chow that does not advance the hand, which is never rated);
/// `choose` is the legal win if any, else the first option of the highest value. Raises
/// InvalidHandError for a bad hand, option, seat, wind or discard.
#[pyclass(module = "mahjong_fast._core", name = "ExpertAgent")]
pub struct PyExpertAgent {
    inner: ExpertAgent,
    rules: crate::rules::Ruleset,
}

#[pymethods]
impl PyExpertAgent {
    #[new]
    #[pyo3(signature = (rules = None))]
    fn new(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let r = rules_arg(py, rules)?;
        Ok(PyExpertAgent { inner: ExpertAgent::new(r.clone()), rules: r })
    }

    #[pyo3(signature = (counts, melds, unseen, discard, legal, *, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining, dealer_streak = None))]
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
        dealer_streak: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let zero = 0u32.into_pyobject(py)?.into_any();
        let a = args(
            py,
            counts,
            melds,
            unseen,
            discard,
            legal,
            player,
            dealer,
            seat_winds,
            prevailing_wind,
            bonus_mask,
            discards,
            table_melds,
            remaining,
            dealer_streak.unwrap_or(&zero),
        )?;
        let agent = &mut self.inner;
        a.decide(|s, v| agent.choose(s, v)).map_err(|e| to_py_err(py, e))
    }

    #[pyo3(signature = (counts, melds, unseen, discard, legal, *, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining, dealer_streak = None))]
    #[allow(clippy::too_many_arguments)]
    fn option_values(
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
        dealer_streak: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<f64>> {
        let zero = 0u32.into_pyobject(py)?.into_any();
        let a = args(
            py,
            counts,
            melds,
            unseen,
            discard,
            legal,
            player,
            dealer,
            seat_winds,
            prevailing_wind,
            bonus_mask,
            discards,
            table_melds,
            remaining,
            dealer_streak.unwrap_or(&zero),
        )?;
        let agent = &mut self.inner;
        a.decide(|s, v| agent.option_values(s, v)).map_err(|e| to_py_err(py, e))
    }

    /// Stateless between decisions: pickles as a fresh agent of the same ruleset.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (PyRuleset,))> {
        let rules = PyRuleset { inner: slf.borrow().rules.clone() };
        Ok((slf.get_type().into_any(), (rules,)))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyExpertAgent>()
}
