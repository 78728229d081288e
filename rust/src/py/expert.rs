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
    /// The seats that declared ready (bit p: seat p; TW §20.6.1).
    declared: u8,
}

impl Args {
    fn declared(self, declared: u8) -> Self {
        Args { declared: declared & 0xF, ..self }
    }

    fn decide<T>(&self, f: impl FnOnce(&Situation<'_>, &ExpertView<'_>) -> T) -> T {
        // every declared set interrupts the deal (TW §10); the discards on the table, claimed
        // ones included, are the discards made
        let v = ExpertView {
            table: self.table.table(),
            dealer_streak: self.dealer_streak,
            discards_made: self.table.pools.iter().map(|p| p.len() as u32).sum(),
            interrupted: self.table.sets.iter().any(|s| !s.is_empty()),
            robbing: self.robbing,
            declared: self.declared,
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
    let seat = SeatArgs::convert(py, counts, melds, unseen, discard, legal)?;
    let (table, dealer_streak) =
        public(py, player, dealer, seat_winds, prevailing_wind, bonus_mask, discards, table_melds, remaining, dealer_streak)?;
    Ok(Args { seat, table, dealer_streak, robbing, declared: 0 })
}

/// The public table and the dealer's streak of one decision, converted and checked.
#[allow(clippy::too_many_arguments)]
fn public(
    py: Python<'_>,
    player: &Bound<'_, PyAny>,
    dealer: &Bound<'_, PyAny>,
    seat_winds: &Bound<'_, PyAny>,
    prevailing_wind: u8,
    bonus_mask: u8,
    discards: &Bound<'_, PyAny>,
    table_melds: &Bound<'_, PyAny>,
    remaining: &Bound<'_, PyAny>,
    dealer_streak: Option<&Bound<'_, PyAny>>,
) -> PyResult<(TableArgs, u32)> {
    let table =
        TableArgs::convert(py, player, dealer, seat_winds, prevailing_wind, bonus_mask, discards, table_melds, remaining)?;
    let streak = match dealer_streak {
        Some(d) => hand_int(d, "dealer_streak", 0, u32::MAX.into())? as u32,
        None => 0,
    };
    Ok((table, streak))
}

/// [`args`] of a decision outside the legal list (the hand alone, no tile on offer).
#[allow(clippy::too_many_arguments)]
fn hand_args(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    unseen: &Bound<'_, PyAny>,
    player: &Bound<'_, PyAny>,
    dealer: &Bound<'_, PyAny>,
    seat_winds: &Bound<'_, PyAny>,
    prevailing_wind: u8,
    bonus_mask: u8,
    discards: &Bound<'_, PyAny>,
    table_melds: &Bound<'_, PyAny>,
    remaining: &Bound<'_, PyAny>,
    dealer_streak: Option<&Bound<'_, PyAny>>,
) -> PyResult<Args> {
    let seat = SeatArgs::hand_only(py, counts, melds, unseen)?;
    let (table, dealer_streak) =
        public(py, player, dealer, seat_winds, prevailing_wind, bonus_mask, discards, table_melds, remaining, dealer_streak)?;
    Ok(Args { seat, table, dealer_streak, robbing: false, declared: 0 })
}

/// The `expert` policy under `rules` (default Hong Kong): every legal option valued in points
/// from the seat's view, `crate::agents::expert`.
///
/// `choose(...) -> int` and `option_values(...) -> list[float]` take the arguments of
/// `StrongAgent.choose`, the dealer's streak (`dealer_streak=0`, TW §15) and whether the tile on
/// offer (`discard`) is one being added to a kong (`robbing=False`, HK §7.3) and the seats that
/// declared ready (`declared=0`, bit p for seat p, TW §20.6.1). `option_values`
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

    #[pyo3(signature = (counts, melds, unseen, discard, legal, *, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining, dealer_streak = None, robbing = false, declared = 0))]
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
        declared: u8,
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
        )?
        .declared(declared);
        let agent = &mut self.inner;
        a.decide(|s, v| agent.choose(s, v)).map_err(|e| to_py_err(py, e))
    }

    #[pyo3(signature = (counts, melds, unseen, discard, legal, *, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining, dealer_streak = None, robbing = false, declared = 0))]
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
        declared: u8,
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
        )?
        .declared(declared);
        let agent = &mut self.inner;
        a.decide(|s, v| agent.option_values(s, v)).map_err(|e| to_py_err(py, e))
    }

    /// TW §20.6.1: whether the seat makes its discard of a tile of kind `tile` a ready
    /// declaration (`DECLARE_READY`), by value (`crate::agents::expert::choices`): the points
    /// the declaration adds to its later win (C15, or the live qualification it keeps, read
    /// from `own_flags`, the seat's own private flags by the ruleset's names) against the
    /// expected cost of the lock. `counts` is the seat's hand before the discard; the other
    /// arguments as in `choose`. Raises InvalidHandError for a bad hand, seat, wind or tile.
    #[pyo3(signature = (counts, melds, unseen, *, tile, own_flags = None, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining, dealer_streak = None, declared = 0))]
    #[allow(clippy::too_many_arguments)]
    fn declares(
        &mut self,
        py: Python<'_>,
        counts: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        unseen: &Bound<'_, PyAny>,
        tile: &Bound<'_, PyAny>,
        own_flags: Option<Vec<String>>,
        player: &Bound<'_, PyAny>,
        dealer: &Bound<'_, PyAny>,
        seat_winds: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = super::params::prevailing_wind)] prevailing_wind: u8,
        #[pyo3(from_py_with = super::params::bonus_mask)] bonus_mask: u8,
        discards: &Bound<'_, PyAny>,
        table_melds: &Bound<'_, PyAny>,
        remaining: &Bound<'_, PyAny>,
        dealer_streak: Option<&Bound<'_, PyAny>>,
        declared: u8,
    ) -> PyResult<bool> {
        let kind = hand_int(tile, "tile", 0, (crate::tiles::tile::N_KINDS - 1) as i64)? as u8;
        let a = hand_args(
            py,
            counts,
            melds,
            unseen,
            player,
            dealer,
            seat_winds,
            prevailing_wind,
            bonus_mask,
            discards,
            table_melds,
            remaining,
            dealer_streak,
        )?
        .declared(declared);
        let flags: Vec<&str> = own_flags.iter().flatten().map(String::as_str).collect();
        let agent = &mut self.inner;
        a.decide(|s, v| agent.declares(s, v, crate::tiles::tile::Tile(kind), &flags)).map_err(|e| to_py_err(py, e))
    }

    /// TW §20.6.3: whether the seat takes the bonus-tile win on offer in `BONUS_CHOICE`
    /// (`BONUS_WIN`) rather than declining it, by value: the win's payment (`value` in the
    /// ruleset's unit, self-drawn or paid by the exposer as `self_drawn` says) against the
    /// hand kept. Other arguments as in `choose`. Raises InvalidHandError for a bad hand,
    /// seat or wind.
    #[pyo3(signature = (counts, melds, unseen, *, value, self_drawn, player, dealer, seat_winds, prevailing_wind = 0, bonus_mask = 0, discards, table_melds, remaining, dealer_streak = None, declared = 0))]
    #[allow(clippy::too_many_arguments)]
    fn takes_bonus_win(
        &mut self,
        py: Python<'_>,
        counts: &Bound<'_, PyAny>,
        melds: Option<&Bound<'_, PyAny>>,
        unseen: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
        self_drawn: bool,
        player: &Bound<'_, PyAny>,
        dealer: &Bound<'_, PyAny>,
        seat_winds: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = super::params::prevailing_wind)] prevailing_wind: u8,
        #[pyo3(from_py_with = super::params::bonus_mask)] bonus_mask: u8,
        discards: &Bound<'_, PyAny>,
        table_melds: &Bound<'_, PyAny>,
        remaining: &Bound<'_, PyAny>,
        dealer_streak: Option<&Bound<'_, PyAny>>,
        declared: u8,
    ) -> PyResult<bool> {
        let value = hand_int(value, "value", 0, 255)? as f64;
        let a = hand_args(
            py,
            counts,
            melds,
            unseen,
            player,
            dealer,
            seat_winds,
            prevailing_wind,
            bonus_mask,
            discards,
            table_melds,
            remaining,
            dealer_streak,
        )?
        .declared(declared);
        let agent = &mut self.inner;
        a.decide(|s, v| agent.takes_bonus_win(s, v, value, self_drawn)).map_err(|e| to_py_err(py, e))
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
