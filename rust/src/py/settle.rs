//! Bindings of what a ruleset says without a hand: bonus-tile wins (TW §7), the settlement of
//! one deal's wins (HK §11–§12, TW §15–§16), and a match (HK §12, TW §16). Each is a thin
//! wrapper of the ruleset's interface (`crate::rules::Rules`) and `crate::game::Match`.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping, PyTuple};

use super::results::Element;
use super::rules::rules_arg;
use super::{hand_err, opt_wind_arg, ranged_arg, to_py_err, wind_arg};
use crate::game::Match;
use crate::rules::{BonusWinKind, MatchOptions, Ruleset, WinPayment};
use crate::tiles::tile::AnyTile;

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

fn by_wind<'py>(py: Python<'py>, p: &[i64; 4]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (w, v) in WINDS.iter().zip(p) {
        d.set_item(w, v)?;
    }
    Ok(d)
}

/// One win of a settlement: a mapping with `winner` (a wind or position 0..3), `value` (int
/// 0..10^6, the hand's value in the ruleset's unit; `tai` is the same key under its Taiwanese
/// name), `self_drawn` (bool, default False) and `discarder` (a wind or position, None when
/// self-drawn).
fn win_arg(py: Python<'_>, w: &Bound<'_, PyAny>) -> PyResult<(WinPayment, Option<usize>)> {
    let m = w.cast::<PyMapping>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("each win must be a mapping with winner, value, self_drawn, discarder")
    })?;
    for k in m.keys()?.iter() {
        let k: String = k.extract()?;
        if !["winner", "value", "tai", "self_drawn", "discarder", "liable"].contains(&k.as_str()) {
            return Err(hand_err(py, format!("unknown key {k:?} in a win (keys: winner, value, self_drawn, discarder, liable)")));
        }
    }
    if m.contains("value")? && m.contains("tai")? {
        return Err(hand_err(py, "a win gives its value once: value or tai, not both".into()));
    }
    let get = |k: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        Ok(if m.contains(k)? { Some(m.get_item(k)?).filter(|v| !v.is_none()) } else { None })
    };
    let winner = get("winner")?.ok_or_else(|| hand_err(py, "a win needs its winner".into()))?;
    let (key, value) = match get("value")? {
        Some(v) => ("value", v),
        None => ("tai", get("tai")?.ok_or_else(|| hand_err(py, "a win needs its value".into()))?),
    };
    let self_drawn = match get("self_drawn")? {
        None => false,
        Some(b) => super::bool_arg(&b, "self_drawn")?,
    };
    let win = WinPayment {
        winner: wind_arg(py, &winner, "winner")? as usize,
        value: ranged_arg(&value, key, "an int", 0, 1_000_000, |m| hand_err(py, m))? as u32,
        self_drawn,
        discarder: opt_wind_arg(py, get("discarder")?.as_ref(), "discarder")?.map(usize::from),
    };
    Ok((win, opt_wind_arg(py, get("liable")?.as_ref(), "liable")?.map(usize::from)))
}

fn wins_arg(py: Python<'_>, wins: &Bound<'_, PyAny>) -> PyResult<Vec<(WinPayment, Option<usize>)>> {
    if wins.is_instance_of::<pyo3::types::PyString>() || wins.is_instance_of::<PyMapping>() {
        return Err(pyo3::exceptions::PyTypeError::new_err("wins must be a sequence of wins (mappings)"));
    }
    wins.try_iter()
        .map_err(|_| pyo3::exceptions::PyTypeError::new_err("wins must be a sequence of wins (mappings)"))?
        .map(|w| win_arg(py, &w?))
        .collect()
}

/// `Ruleset.bonus_win` (documented there): the bonus-tile win of TW §7 as a dict, or None.
pub(super) fn bonus_win<'py>(
    py: Python<'py>,
    r: &Ruleset,
    bonus: &Bound<'py, PyAny>,
    win_tile: &Bound<'py, PyAny>,
    seat: &Bound<'py, PyAny>,
    discarder: Option<&Bound<'py, PyAny>>,
    dealer_streak: u32,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let (bonus, win_tile) = (super::str_arg(bonus, "bonus")?, super::str_arg(win_tile, "win_tile")?);
    let winner = wind_arg(py, seat, "seat")? as usize;
    let exposer = opt_wind_arg(py, discarder, "discarder")?.map_or(winner, usize::from);
    if discarder.is_some_and(|d| !d.is_none()) && exposer == winner {
        return Err(hand_err(py, "the discarder cannot be the winner".into()));
    }
    let mut exposed = [0u8; 4];
    for t in crate::tiles::tile::parse_tile_list(&bonus.replace(',', " ")).map_err(|e| to_py_err(py, e))? {
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
    let tile = crate::tiles::tile::parse_bonus(&win_tile).map_err(|e| to_py_err(py, e))?;
    let Some(w) = r.bonus_win(&exposed, exposer, tile).map_err(|e| to_py_err(py, e))? else {
        return Ok(None);
    };
    let pay = r.win_payments(&w.as_payment(), 0, dealer_streak).map_err(|e| to_py_err(py, e))?;
    let d = PyDict::new(py);
    d.set_item(
        "kind",
        match w.kind {
            BonusWinKind::AllEight => "all_eight",
            BonusWinKind::RobEighth => "rob_eighth",
            BonusWinKind::Flower => "flower_win",
            BonusWinKind::FlowerRob => "flower_win_rob",
        },
    )?;
    d.set_item("winner", WINDS[w.winner])?;
    d.set_item("discarder", w.discarder.map(|x| WINDS[x]))?;
    d.set_item("value", w.element.value)?;
    d.set_item(r.unit(), w.element.value)?;
    d.set_item("unit", r.unit())?;
    let el = Element::of(&w.element, r.unit());
    d.set_item("elements", PyTuple::new(py, [el])?)?;
    d.set_item("payments", by_wind(py, &pay)?)?;
    Ok(Some(d))
}

/// `Ruleset.settle` (documented there): one deal's wins settled, as a dict.
pub(super) fn settle<'py>(
    py: Python<'py>,
    r: &Ruleset,
    wins: &Bound<'py, PyAny>,
    dealer: Option<&Bound<'py, PyAny>>,
    dealer_streak: u32,
    false_win: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let wins = wins_arg(py, wins)?;
    let dealer = opt_wind_arg(py, dealer, "dealer")?.unwrap_or(0) as usize;
    let offender = opt_wind_arg(py, false_win, "false_win")?.map(usize::from);
    let house = offender.is_some() || wins.iter().any(|(_, l)| l.is_some());
    let tw = crate::rules::taiwanese::switches_of(r);
    let plain: Vec<WinPayment> = wins.iter().map(|(w, _)| *w).collect();
    let two_parts = tw.as_ref().is_some_and(|sw| {
        sw.seven_bonus_rob == crate::rules::taiwanese::switches::SevenBonusRob::Optional
            && !house
            && crate::rules::taiwanese::settle::is_two_part_rob(&plain)
    });
    let s = if let (Some(sw), true) = (tw.as_ref(), two_parts) {
        // TW §20.5.8 rule 3 (B): the seven-rob win's two parts, each settled separately
        crate::rules::taiwanese::settle::settle_two_part_rob(
            &plain,
            dealer,
            dealer_streak,
            &crate::rules::taiwanese::settle::PayRules::of(sw),
            &crate::rules::taiwanese::settle::DealerRules::of(sw),
        )
    } else if let (Some(sw), true, None) = (tw.as_ref(), house, offender) {
        // TW §20.7.2: the liable seat of each win, under the switch liability
        let plain: Vec<WinPayment> = wins.iter().map(|(w, _)| *w).collect();
        let liable: Vec<Option<usize>> = wins.iter().map(|(_, l)| *l).collect();
        crate::rules::taiwanese::settle::settle_deal_liable(
            &plain,
            &liable,
            dealer,
            dealer_streak,
            &crate::rules::taiwanese::settle::PayRules::of(sw),
            &crate::rules::taiwanese::settle::DealerRules::of(sw),
        )
    } else if house {
        // HK §19.8, §19.11: liability and the false win are Hong Kong house rules
        let Some(sw) = crate::rules::hong_kong::house_rules_of(r) else {
            return Err(hand_err(
                py,
                format!("liable and false_win are Hong Kong house rules, which the {} rules do not have", r.name()),
            ));
        };
        let hw: Vec<_> =
            wins.iter().map(|(w, l)| crate::rules::hong_kong::settlement::HouseWin { win: *w, liable: *l }).collect();
        crate::rules::hong_kong::settle_deal(&sw, &hw, offender, dealer, dealer_streak)
    } else {
        r.settle(&plain, dealer, dealer_streak)
    }
    .map_err(|e| to_py_err(py, e))?;
    let d = PyDict::new(py);
    d.set_item("payments", by_wind(py, &s.payments)?)?;
    d.set_item("dealer_after", WINDS[s.dealer_after])?;
    d.set_item("streak_after", s.streak_after)?;
    d.set_item("passed", s.passed)?;
    Ok(d)
}

/// A match under any ruleset (HK §12, TW §16): the dealer, streak, passes, round wind and
/// scores carried from deal to deal, as the ruleset says. Players 0..3 sit in turn order.
///
/// ``Match(rules=None, *, first_dealer=None, deals=None, start_deal=0, scores=None,
/// start_streak=None)``: a Hong Kong match is the ``deals`` asked for (default 1) from deal
/// index ``start_deal``, starting from ``scores``; a Taiwanese match is set by its switches
/// (``match_length``, ``max_deals``, ``starting_score``) and may name ``first_dealer`` and the
/// first dealer's streak ``start_streak`` (default 0: a match taken up mid-way, TW §16). ``next_deal`` says what the next deal
/// starts from; ``play_deal(wins)`` settles it (wins as for ``Ruleset.settle``, with players 0..3
/// as ``winner`` and ``discarder``) and returns its record. Raises ``RuleConfigError`` for an
/// option the ruleset does not take, ``InvalidHandError`` for impossible wins or a deal after
/// the end (the match is unchanged).
#[pyclass(module = "mahjong_fast._core", name = "Match", subclass)]
pub struct PyMatch {
    state: Match,
}

impl PyMatch {
    /// The dict of one deal of the match (:meth:`PyMatch::play_deal`).
    fn deal_dict<'py>(py: Python<'py>, rec: &crate::game::MatchDeal) -> PyResult<Bound<'py, PyDict>> {
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
}

#[pymethods]
impl PyMatch {
    #[new]
    #[pyo3(signature = (rules = None, first_dealer = None, *, deals = None, start_deal = None, scores = None, start_streak = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        first_dealer: Option<&Bound<'_, PyAny>>,
        deals: Option<&Bound<'_, PyAny>>,
        start_deal: Option<&Bound<'_, PyAny>>,
        scores: Option<&Bound<'_, PyAny>>,
        start_streak: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let r = rules_arg(py, rules)?;
        let first_dealer = match first_dealer.filter(|o| !o.is_none()) {
            Some(o) => Some(super::params::first_dealer(o)? as u8),
            None => None,
        };
        let deals = match deals.filter(|o| !o.is_none()) {
            Some(o) => Some(ranged_arg(o, "deals", "an int", 1, i64::from(u32::MAX), |m| hand_err(py, m))? as u32),
            None => None,
        };
        let start_deal = match start_deal.filter(|o| !o.is_none()) {
            Some(o) => ranged_arg(o, "start_deal", "an int", 0, i64::from(u32::MAX), |m| hand_err(py, m))? as u32,
            None => 0,
        };
        let scores = match scores.filter(|o| !o.is_none()) {
            None => None,
            Some(o) => {
                let items = super::seq_arg(o, "scores", "a sequence of four ints")?;
                let max = crate::game::MAX_SCORE;
                let v = items.iter().map(|x| super::hand_int(x, "scores", -max, max)).collect::<PyResult<Vec<i64>>>()?;
                let s: [i64; 4] = v.try_into().map_err(|_| hand_err(py, "scores: four scores, one per player".into()))?;
                Some(s)
            }
        };
        let start_streak = match start_streak.filter(|o| !o.is_none()) {
            Some(o) => Some(ranged_arg(o, "start_streak", "an int", 0, i64::from(u32::MAX), |m| hand_err(py, m))? as u32),
            None => None,
        };
        let opts = MatchOptions { deals, start_deal, scores, first_dealer, start_streak };
        let state = Match::new(&r, opts).map_err(|e| to_py_err(py, e))?;
        Ok(PyMatch { state })
    }

    /// What the next deal starts from: a dict with ``deal_in_match``, ``deal_index``,
    /// ``dealer``, ``dealer_streak``, ``prevailing_wind`` (0..3) and ``scores``; None once the
    /// match is over.
    fn next_deal<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(n) = self.state.next_deal() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("deal_in_match", n.deal_in_match)?;
        d.set_item("deal_index", n.deal_index)?;
        d.set_item("dealer", n.dealer)?;
        d.set_item("dealer_streak", n.dealer_streak)?;
        d.set_item("prevailing_wind", n.prevailing_wind)?;
        d.set_item("scores", n.scores.to_vec())?;
        Ok(Some(d))
    }

    /// Settle the next deal and move the match on (HK §11–§12, TW §15–§16). Returns a dict:
    /// ``seat_winds`` (each player's seat wind, a tuple of 4), ``round_wind``, ``streak`` (the
    /// dealer's streak during the deal), ``payments`` (a list by player, sums to zero),
    /// ``dealer_after`` (player), ``streak_after``, ``passes_after``. Hong Kong: a win may name
    /// its ``liable`` player (HK §19.8), and ``false_win`` (a player, with no wins) settles a
    /// false win (HK §19.11): its penalty, the dealer moving as after a draw.
    #[pyo3(signature = (wins, *, false_win = None))]
    fn play_deal<'py>(
        &mut self,
        py: Python<'py>,
        wins: &Bound<'py, PyAny>,
        false_win: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let wins = wins_arg(py, wins)?;
        let offender = opt_wind_arg(py, false_win, "false_win")?.map(usize::from);
        let rec = if offender.is_some() || wins.iter().any(|(_, l)| l.is_some()) {
            // HK §19.8, §19.11: settled by the Hong Kong house rules, then the match moves on
            let Some(sw) = crate::rules::hong_kong::house_rules_of(self.state.rules()) else {
                return Err(hand_err(
                    py,
                    format!(
                        "liable and false_win are Hong Kong house rules, which the {} rules do not have",
                        self.state.rules().name()
                    ),
                ));
            };
            if self.state.is_over() {
                return Err(hand_err(py, "the match is over: no further deal".into()));
            }
            let hw: Vec<_> =
                wins.iter().map(|(w, l)| crate::rules::hong_kong::settlement::HouseWin { win: *w, liable: *l }).collect();
            let dealer = usize::from(self.state.dealer());
            crate::rules::hong_kong::settle_deal(&sw, &hw, offender, dealer, self.state.streak())
                .and_then(|s| self.state.play_settled(s))
        } else {
            let wins: Vec<WinPayment> = wins.into_iter().map(|(w, _)| w).collect();
            self.state.play_deal(&wins)
        }
        .map_err(|e| to_py_err(py, e))?;
        Self::deal_dict(py, &rec)
    }

    /// Record the ended `deal` as the match's next deal and move the match on (the deal's own
    /// settlement, house rules included: HK §19.8 liability, §19.11 a false win); returns the
    /// dict of :meth:`play_deal`. InvalidHandError (the match unchanged): the deal has not
    /// ended, the match is over, or the deal is not the match's next one.
    fn record_deal<'py>(&mut self, py: Python<'py>, deal: PyRef<'py, super::game::PyDeal>) -> PyResult<Bound<'py, PyDict>> {
        let Some(r) = deal.core().result() else {
            return Err(hand_err(py, "the deal has not ended: nothing to record".into()));
        };
        let rec = self.state.record(r).map_err(|e| to_py_err(py, e))?;
        Self::deal_dict(py, &rec)
    }

    /// How long the match lasts, in words for a person (``"one deal"``, ``"a match of the East
    /// round (the deal passes four times), at most 32 deals"``).
    fn describe(&self) -> String {
        self.state.describe()
    }
    /// The ruleset of every deal.
    #[getter]
    fn rules(&self) -> super::rules::PyRuleset {
        super::rules::PyRuleset { inner: self.state.rules().clone() }
    }
    /// The match has ended (its length reached: HK the deals asked for; TW §16 `match_length`
    /// or `max_deals`).
    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }
    /// The player who deals next.
    #[getter]
    fn dealer(&self) -> u8 {
        self.state.dealer()
    }
    /// The dealer's current streak k.
    #[getter]
    fn streak(&self) -> u32 {
        self.state.streak()
    }
    /// Why a Hong Kong match ended (HK §19.10): `"deals"` (the deals asked for),
    /// `"east_round"`, `"full_game"` or `"max_deals"` (the safety stop); `None` while it goes
    /// on, and under another ruleset.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        use crate::rules::hong_kong::switches::MatchLength;
        let sw = crate::rules::hong_kong::house_rules_of(self.state.rules())?;
        if !self.state.is_over() {
            return None;
        }
        Some(match sw.match_length {
            MatchLength::Independent => "deals",
            MatchLength::EastRound if self.state.passes() >= 4 => "east_round",
            MatchLength::FullGame if self.state.passes() >= 16 => "full_game",
            _ => "max_deals",
        })
    }
    /// How many times the dealership has passed.
    #[getter]
    fn passes(&self) -> u32 {
        self.state.passes()
    }
    /// Deals played.
    #[getter]
    fn deals(&self) -> u32 {
        self.state.deals()
    }
    /// The round wind of the next deal (``"E"``..``"N"``).
    #[getter]
    fn round_wind(&self) -> &'static str {
        WINDS[self.state.round_wind() as usize]
    }
    /// Each player's score (the start plus every payment).
    #[getter]
    fn scores(&self) -> Vec<i64> {
        self.state.scores().to_vec()
    }
}

/// Deal ``deal_index`` played alone, outside a match (HK §12: deal d of a match starting there,
/// dealt by P0 or P(d mod 4) with ``rotate_dealer``; TW §16: the first deal of a match): a dict
/// with ``dealer``, ``dealer_streak`` and ``prevailing_wind`` (0..3). Raises ``MahjongError``
/// for a deal index outside 0..2**32-1, ``TypeError`` for one that is not an int.
#[pyfunction]
#[pyo3(signature = (rules, deal_index))]
fn lone_deal<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'py, PyAny>>,
    deal_index: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let r = rules_arg(py, rules)?;
    let i = ranged_arg(deal_index, "deal_index", "an int", 0, i64::from(u32::MAX), |m| hand_err(py, m))? as u32;
    let n = crate::game::lone_deal(&r, i).map_err(|e| to_py_err(py, e))?;
    let d = PyDict::new(py);
    d.set_item("dealer", n.dealer)?;
    d.set_item("dealer_streak", n.dealer_streak)?;
    d.set_item("prevailing_wind", n.prevailing_wind)?;
    Ok(d)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMatch>()?;
    m.add_function(wrap_pyfunction!(lone_deal, m)?)?;
    Ok(())
}
