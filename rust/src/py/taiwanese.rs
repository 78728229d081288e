//! Bindings of the Taiwanese functions that need no hand (TW §7, §15, §16): bonus-tile wins,
//! the settlement of one deal's wins, and a match of rotating deals. Each is a thin wrapper of
//! `crate::settle`; the rules live there.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping, PyTuple};

use super::analysis::Element;
use super::rules::rules_arg;
use super::{hand_err, opt_wind_arg, ranged_arg, to_py_err, wind_arg};
use crate::error::MahjongError;
use crate::rules::Ruleset;
use crate::settle::{check_bonus_win, settle_deal as core_settle, BonusWinKind, MatchState, TwWin};
use crate::taiwanese::TwSwitches;
use crate::tile::AnyTile;

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// The Taiwanese switches of a `rules=` argument (default `"taiwanese-high"`); a Hong Kong
/// ruleset is a `RuleConfigError`.
fn tw_rules(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<TwSwitches> {
    let r = match rules {
        Some(o) if !o.is_none() => rules_arg(py, Some(o))?,
        _ => Ruleset::preset(crate::rules::Variant::TaiwaneseHigh),
    };
    r.taiwanese_switches().copied().ok_or_else(|| {
        to_py_err(py, MahjongError::RuleConfig(format!("this function follows the Taiwanese rules; got ruleset {}", r.name())))
    })
}

fn by_wind<'py>(py: Python<'py>, p: &[i64; 4]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (w, v) in WINDS.iter().zip(p) {
        d.set_item(w, v)?;
    }
    Ok(d)
}

/// One win of a settlement: a mapping with `winner` (a wind or position 0..3), `tai` (int
/// 0..10^6), `self_drawn` (bool, default False) and `discarder` (a wind or position, None
/// when self-drawn).
fn win_arg(py: Python<'_>, w: &Bound<'_, PyAny>) -> PyResult<TwWin> {
    let m = w.cast::<PyMapping>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("each win must be a mapping with winner, tai, self_drawn, discarder")
    })?;
    for k in m.keys()?.iter() {
        let k: String = k.extract()?;
        if !["winner", "tai", "self_drawn", "discarder"].contains(&k.as_str()) {
            return Err(hand_err(py, format!("unknown key {k:?} in a win (keys: winner, tai, self_drawn, discarder)")));
        }
    }
    let get = |k: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        Ok(if m.contains(k)? { Some(m.get_item(k)?).filter(|v| !v.is_none()) } else { None })
    };
    let winner = get("winner")?.ok_or_else(|| hand_err(py, "a win needs its winner".into()))?;
    let tai = get("tai")?.ok_or_else(|| hand_err(py, "a win needs its tai".into()))?;
    let self_drawn = match get("self_drawn")? {
        None => false,
        Some(b) => super::bool_arg(&b, "self_drawn")?,
    };
    Ok(TwWin {
        winner: wind_arg(py, &winner, "winner")? as usize,
        tai: ranged_arg(&tai, "tai", "an int", 0, 1_000_000, |m| hand_err(py, m))? as u32,
        self_drawn,
        discarder: opt_wind_arg(py, get("discarder")?.as_ref(), "discarder")?.map(usize::from),
    })
}

fn wins_arg(py: Python<'_>, wins: &Bound<'_, PyAny>) -> PyResult<Vec<TwWin>> {
    if wins.is_instance_of::<pyo3::types::PyString>() || wins.is_instance_of::<PyMapping>() {
        return Err(pyo3::exceptions::PyTypeError::new_err("wins must be a sequence of wins (mappings)"));
    }
    wins.try_iter()
        .map_err(|_| pyo3::exceptions::PyTypeError::new_err("wins must be a sequence of wins (mappings)"))?
        .map(|w| win_arg(py, &w?))
        .collect()
}

/// TW §7: the bonus-tile win after a player exposes a bonus tile, if any; no hand is needed.
///
/// Args:
///     bonus: the bonus tiles the player at ``seat`` had exposed before (notation, e.g.
///         ``"1f 2f 3f 5f 6f 7f 8f"``).
///     win_tile: the bonus tile just exposed (``"4f"``).
///     seat: the winner's seat wind (``"E"``..``"N"`` or 0..3); the dealer is East (TW §3).
///     discarder: None when the winner exposed ``win_tile`` (all eight, self-drawn); else the
///         seat that exposed it (seven robbing the eighth: that seat pays as the discarder).
///     dealer_streak: the dealer's streak k (TW §15).
///     rules: ``"taiwanese-high"`` (default), ``"taiwanese-low"`` or a Taiwanese ``Ruleset``.
///
/// Returns:
///     None when the exposure wins nothing, else a dict: ``kind`` (``"all_eight"`` or
///     ``"rob_eighth"``), ``winner`` and ``discarder`` (winds), ``value``/``tai`` (int),
///     ``unit`` (``"tai"``), ``elements`` (a tuple of one ``Element``: H32/L30 or H28/L29) and
///     ``payments`` (by wind, sums to zero; TW §15).
///
/// Raises:
///     TypeError: an argument of the wrong type. InvalidTileError: unreadable or non-bonus
///     tiles. InvalidHandError: a bonus tile exposed twice, a bad wind, the discarder being
///     the winner. RuleConfigError: a Hong Kong ruleset.
#[pyfunction]
#[pyo3(signature = (bonus, win_tile, *, seat, discarder = None, dealer_streak = 0, rules = None))]
fn bonus_win<'py>(
    py: Python<'py>,
    bonus: &Bound<'py, PyAny>,
    win_tile: &Bound<'py, PyAny>,
    seat: &Bound<'py, PyAny>,
    discarder: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = super::params::dealer_streak)] dealer_streak: u32,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let (bonus, win_tile) = (super::str_arg(bonus, "bonus")?, super::str_arg(win_tile, "win_tile")?);
    let sw = tw_rules(py, rules)?;
    let winner = wind_arg(py, seat, "seat")? as usize;
    let exposer = opt_wind_arg(py, discarder, "discarder")?.map_or(winner, usize::from);
    if discarder.is_some_and(|d| !d.is_none()) && exposer == winner {
        return Err(hand_err(py, "the discarder cannot be the winner".into()));
    }
    let mut exposed = [0u8; 4];
    for t in crate::tile::parse_tile_list(&bonus.replace(',', " ")).map_err(|e| to_py_err(py, e))? {
        match t {
            AnyTile::Bonus(b) => {
                if exposed[winner] >> b.0 & 1 != 0 {
                    return Err(hand_err(py, format!("bonus: {b} is given twice")));
                }
                exposed[winner] |= 1 << b.0;
            }
            AnyTile::Kind(k) => return Err(super::tile_value_err(py, format!("bonus: {k} is not a bonus tile (1f..8f)"))),
        }
    }
    let tile = crate::tile::parse_bonus(&win_tile).map_err(|e| to_py_err(py, e))?;
    let Some(w) = check_bonus_win(sw.tai_table, &exposed, exposer, tile).map_err(|e| to_py_err(py, e))? else {
        return Ok(None);
    };
    let pay = crate::settle::win_payments(&w.as_win(), 0, dealer_streak, sw.tai_value).map_err(|e| to_py_err(py, e))?;
    let d = PyDict::new(py);
    d.set_item(
        "kind",
        match w.kind {
            BonusWinKind::AllEight => "all_eight",
            BonusWinKind::RobEighth => "rob_eighth",
        },
    )?;
    d.set_item("winner", WINDS[w.winner])?;
    d.set_item("discarder", w.discarder.map(|x| WINDS[x]))?;
    d.set_item("value", w.element.faan)?;
    d.set_item("tai", w.element.faan)?;
    d.set_item("unit", "tai")?;
    let el = Element { code: w.element.code.into(), name: w.element.name.into(), faan: w.element.faan.into() };
    d.set_item("elements", PyTuple::new(py, [el])?)?;
    d.set_item("payments", by_wind(py, &pay)?)?;
    Ok(Some(d))
}

/// TW §15, §16: settle one deal's wins (several winners on one discard each paid by the
/// discarder; none for an exhaustive draw) and say who deals next.
///
/// Args:
///     wins: a sequence of mappings ``{"winner": "S", "tai": 16, "self_drawn": False,
///         "discarder": "E"}`` (winds or positions 0..3 in turn order; ``tai`` is hand Tai).
///     dealer: the dealer's position (default East, 0).
///     dealer_streak: the dealer's streak k before the deal.
///     rules: a Taiwanese ruleset or name (its ``tai_value``); default ``"taiwanese-high"``.
///
/// Returns:
///     A dict: ``payments`` by wind (sums to zero), ``dealer_after`` (the wind, in this deal,
///     of the next dealer), ``streak_after`` (int) and ``passed`` (the dealership moved).
///
/// Raises:
///     TypeError: wins not a sequence of mappings. InvalidHandError: impossible wins (a
///     winner twice, a self-drawn win with another win, winners on different discards, the
///     discarder among the winners, a missing discarder). RuleConfigError: a Hong Kong ruleset.
#[pyfunction]
#[pyo3(signature = (wins, *, dealer = None, dealer_streak = 0, rules = None))]
fn settle_deal<'py>(
    py: Python<'py>,
    wins: &Bound<'py, PyAny>,
    dealer: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = super::params::dealer_streak)] dealer_streak: u32,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let sw = tw_rules(py, rules)?;
    let wins = wins_arg(py, wins)?;
    let dealer = opt_wind_arg(py, dealer, "dealer")?.unwrap_or(0) as usize;
    let s = core_settle(&wins, dealer, dealer_streak, sw.tai_value).map_err(|e| to_py_err(py, e))?;
    let d = PyDict::new(py);
    d.set_item("payments", by_wind(py, &s.payments)?)?;
    d.set_item("dealer_after", WINDS[s.dealer_after])?;
    d.set_item("streak_after", s.streak_after)?;
    d.set_item("passed", s.passed)?;
    Ok(d)
}

/// A Taiwanese match (TW §16): the dealer, streak, passes, round wind and scores carried
/// from deal to deal. Players 0..3 sit in turn order; `first_dealer` deals first.
///
/// ``TaiwaneseMatch(rules="taiwanese-high", first_dealer=0)``; ``play_deal(wins)`` settles
/// the next deal (wins as for ``settle_deal``, with players 0..3 as ``winner`` and
/// ``discarder``) and returns its record. Raises ``InvalidHandError`` for impossible wins or
/// a deal after the end (the match is unchanged), ``RuleConfigError`` for a Hong Kong ruleset.
#[pyclass(module = "mahjong_fast._core", name = "TaiwaneseMatch")]
pub struct PyTaiwaneseMatch {
    state: MatchState,
}

#[pymethods]
impl PyTaiwaneseMatch {
    #[new]
    #[pyo3(signature = (rules = None, first_dealer = 0))]
    fn new(
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = super::params::first_dealer)] first_dealer: usize,
    ) -> PyResult<Self> {
        let sw = tw_rules(py, rules)?;
        let state = MatchState::new(&sw, first_dealer).map_err(|e| to_py_err(py, e))?;
        Ok(PyTaiwaneseMatch { state })
    }

    /// Settle the next deal and move the match on (TW §15, §16). Returns a dict:
    /// ``seat_winds`` (each player's seat wind, a tuple of 4), ``round_wind``, ``streak`` (the
    /// dealer's streak during the deal), ``payments`` (a list by player, sums to zero),
    /// ``dealer_after`` (player), ``streak_after``, ``passes_after``.
    fn play_deal<'py>(&mut self, py: Python<'py>, wins: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let wins = wins_arg(py, wins)?;
        let rec = self.state.play_deal(&wins).map_err(|e| to_py_err(py, e))?;
        let d = PyDict::new(py);
        d.set_item("seat_winds", PyTuple::new(py, rec.seat_winds.map(|w| WINDS[w as usize]))?)?;
        d.set_item("round_wind", WINDS[rec.round_wind as usize])?;
        d.set_item("streak", rec.streak)?;
        d.set_item("payments", rec.settlement.payments.to_vec())?;
        d.set_item("dealer_after", rec.settlement.dealer_after)?;
        d.set_item("streak_after", rec.settlement.streak_after)?;
        d.set_item("passes_after", rec.passes_after)?;
        Ok(d)
    }

    /// The match has ended (TW §16: `match_length` reached or `max_deals` played).
    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }
    /// The player who deals next.
    #[getter]
    fn dealer(&self) -> usize {
        self.state.dealer
    }
    /// The dealer's current streak k.
    #[getter]
    fn streak(&self) -> u32 {
        self.state.streak
    }
    /// How many times the dealership has passed.
    #[getter]
    fn passes(&self) -> u32 {
        self.state.passes
    }
    /// Deals played.
    #[getter]
    fn deals(&self) -> u32 {
        self.state.deals
    }
    /// The round wind of the next deal (``"E"``..``"N"``).
    #[getter]
    fn round_wind(&self) -> &'static str {
        WINDS[self.state.round_wind() as usize]
    }
    /// Each player's score (``starting_score`` plus every payment).
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.state.scores.to_vec()
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTaiwaneseMatch>()?;
    m.add_function(wrap_pyfunction!(bonus_win, m)?)?;
    m.add_function(wrap_pyfunction!(settle_deal, m)?)?;
    Ok(())
}
