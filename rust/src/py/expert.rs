//! Binding of the expert agent (`crate::agents::expert`): the Python `ExpertSeat` and the hints
//! of `play` are shells over this class, so what a hint ranks first is what the seat plays.

use pyo3::prelude::*;

use super::agents::{SeatArgs, TableArgs};
use super::rules::{rules_arg, PyRuleset};
use super::{hand_int, to_py_err};
use crate::agents::expert::{ExpertAgent, ExpertView};
use crate::agents::Situation;

/// The arguments of one decision, converted and checked: the seat's own, the public table (as
/// for the strong seat) and the dealer's streak (TW §15).
struct Args {
    seat: SeatArgs,
    table: TableArgs,
    dealer_streak: u32,
    robbing: bool,
}

impl Args {
    fn decide<T>(&self, f: impl FnOnce(&Situation<'_>, &ExpertView<'_>) -> T) -> T {
        // every declared set interrupts the deal (TW §10); the discards on the table, claimed
        // ones included, are the discards made
        let v = ExpertView {
            table: self.table.table(),
            dealer_streak: self.dealer_streak,
            discards_made: self.table.pools.iter().map(|p| p.len() as u32).sum(),
            interrupted: self.table.sets.iter().any(|s| !s.is_empty()),
            robbing: self.robbing,
        };
        f(&self.seat.situation(), &v)
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
    dealer_streak: Option<&Bound<'_, PyAny>>,
    robbing: bool,
) -> PyResult<Args> {
    Ok(Args {
        seat: SeatArgs::convert(py, counts, melds, unseen, discard, legal)?,
        table: TableArgs::convert(py, player, dealer, seat_winds, prevailing_wind, bonus_mask, discards, table_melds, remaining)?,
        dealer_streak: match dealer_streak {
            Some(d) => hand_int(d, "dealer_streak", 0, u32::MAX.into())? as u32,
            None => 0,
        },
        robbing,
    })
}

/// The `expert` policy under `rules` (default Hong Kong): every legal option valued in points
/// from the seat's view, `crate::agents::expert`.
///
/// `choose(...) -> int` and `option_values(...) -> list[float]` take the arguments of
/// `StrongAgent.choose`, the dealer's streak (`dealer_streak=0`, TW §15) and whether the tile on
/// offer (`discard`) is one being added to a kong (`robbing=False`, HK §7.3). `option_values`
/// gives one value per legal option (points: estimates of unfinished hands and losses bent
/// toward winning at all by the style's `alpha`, exact values — wins, ready hands — by its
/// `exact_alpha`, a limit hand's chance plain; `-inf` for a pung or chow that does not advance
/// the hand, which is never rated); `choose` is the legal win if any (passing instead when its value is above the
/// win's: waiting for a far bigger self-drawn win), else the first option of the highest
/// value. Raises InvalidHandError for a bad hand, option, seat, wind or discard.
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

    #[pyo3(signature = (counts, melds, unseen, discard, legal, *, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining, dealer_streak = None, robbing = false))]
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
        robbing: bool,
    ) -> PyResult<usize> {
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
            dealer_streak,
            robbing,
        )?;
        let agent = &mut self.inner;
        a.decide(|s, v| agent.choose(s, v)).map_err(|e| to_py_err(py, e))
    }

    #[pyo3(signature = (counts, melds, unseen, discard, legal, *, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining, dealer_streak = None, robbing = false))]
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
        robbing: bool,
    ) -> PyResult<Vec<f64>> {
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
            dealer_streak,
            robbing,
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
