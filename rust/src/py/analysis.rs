//! Bindings of the hand analysis: waits, shanten, decomposition, scoring, payments, advice.
//!
//! Two forms of each: the notation form (`shanten_notation(hand, rules)`, ...) that the public
//! functions of `mahjong_fast` call — the string is parsed here, in one crossing of the boundary
//! — and the counts form (`shanten(counts, melds)`, ...) for callers that already hold counts.
//! Both go through the same core functions (`crate::analysis`), so they check the same things.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString, PyTuple};

use super::results::{to_result, Element, ScoreResult};
use super::rules::rules_arg;
use super::{counts_obj, hand_err, kind_arg, melds_obj, opt_wind_arg, ranged_arg, to_py_err, wind_arg};
use crate::analysis::decompose::{interpretation_text, ShapeRules, HK_SHAPES};
use crate::rules::checked::Scored;
use crate::rules::scoring::{DealProgress, WinContext};
use crate::tiles::hand::Hand;
use crate::tiles::tile::AnyTile;

/// Parse hand notation in the core (linear, length-limited, every copy counted).
fn notation_arg(py: Python<'_>, hand: &Bound<'_, PyAny>) -> PyResult<Hand> {
    if let Ok(s) = hand.cast::<PyString>() {
        return crate::tiles::hand::parse_hand(s.to_str()?).map_err(|e| to_py_err(py, e));
    }
    // A `mahjong_fast.Hand` is read through its notation; anything else is a TypeError there.
    let text = super::tiles_helper(py, "_hand_notation")?.call1((hand,))?;
    crate::tiles::hand::parse_hand(text.cast::<PyString>()?.to_str()?).map_err(|e| to_py_err(py, e))
}

/// `mahjong_fast._analysis_hand`, looked up once.
static ANALYSIS_HAND: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The hand of an analysis function (`shanten`, `waits`, `decompose`): notation, a `Hand`, tile
/// codes or 34 counts. Counts in a list of ints or a numpy integer array are read directly;
/// everything else goes through the package's reading (`mahjong_fast._analysis_hand`) to
/// notation, with its errors (TypeError naming `hand`, InvalidHandError).
fn analysis_hand_arg(py: Python<'_>, hand: &Bound<'_, PyAny>) -> PyResult<Hand> {
    if hand.is_instance_of::<PyString>() {
        return notation_arg(py, hand);
    }
    if let Some(c) = super::fast_counts(py, hand) {
        let h = Hand { concealed: c, melds: Vec::new(), bonus: 0 };
        h.validate().map_err(|e| to_py_err(py, e))?;
        return Ok(h);
    }
    let reader = ANALYSIS_HAND
        .get_or_try_init(py, || -> PyResult<Py<PyAny>> { Ok(py.import("mahjong_fast")?.getattr("_analysis_hand")?.unbind()) })?;
    let read = reader.bind(py).call1((hand,))?;
    notation_arg(py, &read)
}

/// Shanten of a hand (rules §14a); see `mahjong_fast.shanten`.
#[pyfunction]
#[pyo3(signature = (hand, rules = None))]
fn shanten_notation(py: Python<'_>, hand: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<i8> {
    let h = analysis_hand_arg(py, hand)?;
    crate::rules::checked::shanten(&h, &rules_arg(py, rules)?).map_err(|e| to_py_err(py, e))
}

/// The interned `mahjong_fast.tiles.Tile` objects by kind (`tiles._TILES`), read once.
static TILE_OBJECTS: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();

/// Waits of hand notation as `mahjong_fast.Tile` objects, ascending kind (rules §14a); see
/// `mahjong_fast.waits`. The list is built here from the interned tiles: no Python loop.
#[pyfunction]
#[pyo3(signature = (hand, rules = None))]
fn waits_notation<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let h = analysis_hand_arg(py, hand)?;
    let mask = crate::rules::checked::waits_mask(&h, &rules_arg(py, rules)?).map_err(|e| to_py_err(py, e))?;
    let tiles = TILE_OBJECTS
        .get_or_try_init(py, || -> PyResult<Py<PyTuple>> {
            Ok(py.import("mahjong_fast.tiles")?.getattr("_TILES")?.cast_into::<PyTuple>()?.unbind())
        })?
        .bind(py);
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    for k in (0..34usize).filter(|&k| mask >> k & 1 != 0) {
        out.push(tiles.get_item(k)?);
    }
    PyList::new(py, out)
}

/// Interpretations of hand notation (rules §9, §10.1); see `mahjong_fast.decompose`.
#[pyfunction]
#[pyo3(signature = (hand, rules = None))]
fn decompose_notation(py: Python<'_>, hand: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let h = analysis_hand_arg(py, hand)?;
    crate::rules::checked::decompose(&h, &rules_arg(py, rules)?).map_err(|e| to_py_err(py, e))
}

/// Bonus tiles given as notation (`"1f 5f"`, `"1f,5f"`, `"15f"`) added to `mask`.
fn add_bonus_notation(py: Python<'_>, hand: &mut Hand, bonus: &Bound<'_, PyAny>) -> PyResult<()> {
    // Tiles given as an iterable are turned into notation by `tiles._bonus_notation` (which
    // raises the TypeError for anything else).
    let converted;
    let s = match bonus.cast::<PyString>() {
        Ok(s) => s,
        Err(_) => {
            converted = super::tiles_helper(py, "_bonus_notation")?.call1((bonus,))?;
            converted.cast::<PyString>()?
        }
    };
    let text = s.to_str()?;
    if text.is_empty() {
        return Ok(());
    }
    let text = text.replace(',', " ");
    for t in crate::tiles::tile::parse_tile_list(&text).map_err(|e| to_py_err(py, e))? {
        match t {
            AnyTile::Bonus(b) => crate::tiles::hand::add_bonus(hand, b).map_err(|e| to_py_err(py, e))?,
            AnyTile::Kind(k) => {
                return Err(super::tile_value_err(py, format!("bonus: {k} is not a bonus tile (bonus tiles are 1f..8f)")))
            }
        }
    }
    Ok(())
}

/// Score a winning hand (rules §10, §11, §14a; the Hong Kong table unless ``rules`` says
/// otherwise). This is ``mahjong_fast.score``: the notation is parsed and the whole situation
/// checked in the core, in one call.
///
/// Args:
///     hand: the winner's tiles *before* the winning tile: 13 tiles counting each declared set
///         as 3 (e.g. ``"111222333m9s [555p]"``), plus any bonus tiles; notation (str, at most
///         1024 characters) or a ``Hand``. With ``dealer_start=True`` the 14 dealt tiles and
///         ``win_tile=None``.
///     win_tile: the tile that completed the hand: a code (``"9s"``), a ``Tile`` or a kind
///         (int 0..33, numpy integers too).
///     self_drawn: the winner drew the winning tile (F11); otherwise it was a discard.
///     seat_wind: the winner's seat wind, ``"E"``, ``"S"``, ``"W"`` or ``"N"`` (or 0..3);
///         None is East.
///     prevailing_wind: the prevailing wind (East in the product, rules §1.2); None is East.
///     bonus: the winner's exposed bonus tiles (``"1f,5f"`` or tiles), added to any in ``hand``.
///     robbing_kong: won on the tile added to another player's kong (F13).
///     kong_replacement: won on a kong's replacement chain (F12); needs ``self_drawn``.
///     last_tile: F14 (win on the last wall tile) when ``self_drawn``, otherwise F15 (win on
///         the last discard).
///     dealer_start: the dealer (East) wins on the 14 dealt tiles (rules §5.2, E28); counts as
///         self-drawn (rules §9.4) whether or not ``self_drawn`` is given.
///     discarder: seat wind of the player who discarded (or declared the robbed kong), as
///         ``seat_wind``; gives the ``payments`` of a win on a discard.
///     dealer_streak: Taiwanese only (TW §15, §16): the dealer's streak k, the wins the dealer
///         (East) has already made in a row; it changes the payments, not the hand Tai.
///     discards: Taiwanese only (TW §10 ``D``): discards made in the deal up to the win, a
///         discard claimed for the win included. Default 20.
///     winner_discards: Taiwanese only: discards the winner has made in the deal. Default 5.
///     interrupted: Taiwanese only (TW §10): a chow, pung or kong was made earlier in the deal.
///         Default True. (The defaults are a mid-deal win in which no timing element applies;
///         with ``dealer_start`` they are 0, 0 and False, which the heavenly blessing implies.)
///         The situation must be one a deal can reach (TW §10a rules 1-9: whose turn follows
///         a discard, each claim is followed by a discard, a kong takes a turn of its own, at
///         most 84 discards, a ``last_tile`` win only once the wall can be empty, so give
///         ``discards`` with it); otherwise ``InvalidHandError`` naming the rule.
///     earthly: Hong Kong house rules (HK §19.13): X4's situation, a win on the dealer's first
///         discard with nothing claimed or declared before it.
///     bonus_replacement: X5's situation: the winning tile replaced a bonus tile outside a
///         kong's replacement chain.
///     double_kong: X6's situation: two or more kongs declared in the turn in a chain, the
///         winning tile from the last one's replacement.
///     liable: for payments (HK §19.8): the seat liable for the winner, given with
///         ``liable_trigger`` (``"fourth_meld"``, ``"three_dragons"`` or ``"four_winds"``);
///         the result's ``liability_applies`` says whether it covers this win.
///     co_winners: for payments (HK §19.7): the other winners on the same discard (winds),
///         who pay nothing for this win.
///     flower_win: a bonus-tile win (HK §19.6): ``"seven"``, ``"eight"`` or ``"rob"`` (with
///         ``discarder``, who exposed the eighth), with ``hand`` and ``win_tile`` None; scored
///         as X20 or X21 alone.
///     starting_win: Taiwanese common table (TW §20.4.3): ``"heavenly"`` (the dealer's win
///         at the start of play, with ``dealer_start``), ``"earthly"`` (a non-dealer's
///         self-draw on its first draw) or ``"human"`` (a win on a discard, as the switch
///         ``human_win`` defines it); None by default.
///     qualification: Taiwanese common table (TW §20.6.2): the winner's live ready
///         qualification, ``"heavenly"`` or ``"earthly"``; None by default.
///     declared_ready: Taiwanese (TW §20.6.1): the winner declared ready; needs the switch
///         ``ready_declaration`` (scores C15 with a common table). Default False. An
///         impossible combination of these (a heavenly win that is not the dealer's
///         self-draw, a qualification the switches cannot grant, ...) is an
///         ``InvalidHandError``; Hong Kong refuses all three.
///     rules: a ``Ruleset``, a ruleset name (``"hk"``, ``"taiwanese-high"``,
///         ``"taiwanese-low"``, ``"taiwanese-omu-standard"``, ...) or None for Hong Kong.
///
/// Returns:
///     A ``ScoreResult``. A hand that is no win is a result (``is_win=False`` with a
///     ``reason``), not an exception.
///
/// Raises:
///     TypeError: an argument of the wrong type (a float, bool or None where a tile or a wind
///         is expected), naming the argument.
///     InvalidTileError: unreadable notation (with the position), a kind outside 0..33, a bonus
///         tile as the winning tile.
///     InvalidHandError: a fifth copy, the wrong number of tiles, a repeated bonus tile, a bad
///         wind, notation over 1024 characters, or an impossible situation (rules §14a: e.g.
///         ``kong_replacement`` without a kong, a self-drawn win with a ``discarder``, a
///         discarder who is the winner), checked before the hand is valued.
///     RuleConfigError: an unknown ruleset name.
///
/// The Taiwanese situation keywords given with a Hong Kong ruleset raise ``InvalidHandError``
/// (Hong Kong has no such situation). For a Taiwanese ruleset, ``last_tile`` is the last live
/// tile (self-drawn) or the last discard, ``kong_replacement`` a loose tile (after a kong or a
/// bonus tile), and the value is the hand Tai (TW §11) with ``unit == "tai"``.
///
/// Example: ``score("123m456m789p234s5s", "5s", self_drawn=True, seat_wind="S").faan`` is 4.
///
/// Its Python name is ``score`` (``mahjong_fast.score`` is this function), so a wrong
/// argument is reported against ``score()``; the module holds it as ``score_notation``.
#[pyfunction(name = "score")]
#[pyo3(signature = (hand, win_tile, *, self_drawn = false, seat_wind = None, prevailing_wind = None,
    bonus = None, robbing_kong = false, kong_replacement = false, last_tile = false,
    dealer_start = false, discarder = None, dealer_streak = None, discards = None,
    winner_discards = None, interrupted = None, earthly = None, bonus_replacement = None,
    double_kong = None, liable = None, liable_trigger = None, co_winners = None, flower_win = None,
    starting_win = None, qualification = None, declared_ready = None, rules = None))]
#[allow(clippy::too_many_arguments)]
fn score_notation(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    win_tile: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = super::params::self_drawn)] self_drawn: bool,
    seat_wind: Option<&Bound<'_, PyAny>>,
    prevailing_wind: Option<&Bound<'_, PyAny>>,
    bonus: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = super::params::robbing_kong)] robbing_kong: bool,
    #[pyo3(from_py_with = super::params::kong_replacement)] kong_replacement: bool,
    #[pyo3(from_py_with = super::params::last_tile)] last_tile: bool,
    #[pyo3(from_py_with = super::params::dealer_start)] dealer_start: bool,
    discarder: Option<&Bound<'_, PyAny>>,
    dealer_streak: Option<&Bound<'_, PyAny>>,
    discards: Option<&Bound<'_, PyAny>>,
    winner_discards: Option<&Bound<'_, PyAny>>,
    interrupted: Option<&Bound<'_, PyAny>>,
    earthly: Option<&Bound<'_, PyAny>>,
    bonus_replacement: Option<&Bound<'_, PyAny>>,
    double_kong: Option<&Bound<'_, PyAny>>,
    liable: Option<&Bound<'_, PyAny>>,
    liable_trigger: Option<&Bound<'_, PyAny>>,
    co_winners: Option<&Bound<'_, PyAny>>,
    flower_win: Option<&Bound<'_, PyAny>>,
    starting_win: Option<&Bound<'_, PyAny>>,
    qualification: Option<&Bound<'_, PyAny>>,
    declared_ready: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<ScoreResult> {
    let rules = rules_arg(py, rules)?;
    let progress = progress_arg(py, &rules, dealer_start, dealer_streak, discards, winner_discards, interrupted)?;
    let (starting_win, qualification, declared_ready) = tw_start_args(py, &rules, starting_win, qualification, declared_ready)?;
    let pay = pay_inputs_arg(py, liable, liable_trigger, co_winners)?;
    if let Some(kind) = flower_win.filter(|f| !f.is_none()) {
        let kind = super::str_arg(kind, "flower_win")?;
        if !hand.is_none() || win_tile.is_some_and(|w| !w.is_none()) {
            return Err(hand_err(py, "a bonus-tile win (flower_win) scores no hand: give hand=None and win_tile=None".into()));
        }
        let seat = opt_wind_arg(py, seat_wind, "seat_wind")?.unwrap_or(0);
        let discarder = opt_wind_arg(py, discarder, "discarder")?;
        let scored =
            crate::rules::checked::score_flower_win(&kind, seat, discarder, &rules, &pay).map_err(|e| to_py_err(py, e))?;
        return Ok(ScoreResult::new(scored, Vec::new(), &rules));
    }
    // a context holds one ruleset's part: Hong Kong's flags when any is given (the Taiwanese
    // inputs are then refused: here for a ruleset that does not read them, by the scorer's
    // checks for one that does not read Hong Kong's)
    let hong_kong = crate::rules::scoring::HongKongSituation {
        earthly: super::opt_bool_arg(earthly, "earthly", false)?,
        bonus_replacement: super::opt_bool_arg(bonus_replacement, "bonus_replacement", false)?,
        double_kong: super::opt_bool_arg(double_kong, "double_kong", false)?,
    };
    let house = match crate::rules::scoring::HouseSituation::of_hong_kong(hong_kong) {
        crate::rules::scoring::HouseSituation::None => {
            let taiwanese = crate::rules::scoring::TaiwaneseSituation { starting_win, qualification, declared_ready };
            crate::rules::scoring::HouseSituation::of_taiwanese(taiwanese)
        }
        h => h,
    };
    let mut h = notation_arg(py, hand)?;
    let win = match win_tile {
        Some(w) if !w.is_none() => Some(kind_arg(py, w, "win_tile")?),
        _ => None,
    };
    let seat = opt_wind_arg(py, seat_wind, "seat_wind")?.unwrap_or(0);
    let prevailing = opt_wind_arg(py, prevailing_wind, "prevailing_wind")?.unwrap_or(0);
    let discarder = opt_wind_arg(py, discarder, "discarder")?;
    if let Some(b) = bonus.filter(|b| !b.is_none()) {
        add_bonus_notation(py, &mut h, b)?;
    }
    // The dealer's win on the dealt hand is a self-drawn win (rules §9.4).
    let self_drawn = self_drawn || dealer_start;
    let ctx = WinContext {
        seat_wind: seat,
        prevailing_wind: prevailing,
        self_drawn,
        robbing_kong,
        kong_replacement,
        last_wall_tile: last_tile && self_drawn,
        last_discard: last_tile && !self_drawn,
        dealer_start,
        progress,
        house,
    };
    let scored = crate::rules::checked::score_with(&h, win, &ctx, discarder, &rules, &pay).map_err(|e| to_py_err(py, e))?;
    Ok(ScoreResult::new(scored, h.melds, &rules))
}

/// The payment inputs of HK §19.13: `liable` (a wind) with `liable_trigger` (one of
/// `"fourth_meld"`, `"three_dragons"`, `"four_winds"`), both or neither, and `co_winners` (a
/// sequence of winds).
fn pay_inputs_arg(
    py: Python<'_>,
    liable: Option<&Bound<'_, PyAny>>,
    liable_trigger: Option<&Bound<'_, PyAny>>,
    co_winners: Option<&Bound<'_, PyAny>>,
) -> PyResult<crate::rules::checked::PayInputs> {
    let liable = opt_wind_arg(py, liable, "liable")?;
    let trigger = match liable_trigger.filter(|t| !t.is_none()) {
        None => None,
        Some(t) => {
            let t = super::str_arg(t, "liable_trigger")?;
            match crate::rules::hong_kong::LIABLE_TRIGGERS.iter().find(|n| **n == t) {
                Some(n) => Some(*n),
                None => {
                    return Err(hand_err(
                        py,
                        format!("liable_trigger must be fourth_meld, three_dragons or four_winds, got {t:?}"),
                    ))
                }
            }
        }
    };
    let liable = match (liable, trigger) {
        (Some(l), Some(t)) => Some((l, t)),
        (None, None) => None,
        _ => return Err(hand_err(py, "liable and liable_trigger are given together (HK §19.13)".into())),
    };
    let mut mask = 0u8;
    if let Some(c) = co_winners.filter(|c| !c.is_none()) {
        if c.is_instance_of::<pyo3::types::PyString>() {
            return Err(pyo3::exceptions::PyTypeError::new_err("co_winners must be a sequence of winds"));
        }
        let it = c.try_iter().map_err(|_| pyo3::exceptions::PyTypeError::new_err("co_winners must be a sequence of winds"))?;
        for w in it {
            let w = super::wind_arg(py, &w?, "co_winners")?;
            if mask & (1 << w) != 0 {
                return Err(hand_err(py, "co_winners: a seat is given twice".into()));
            }
            mask |= 1 << w;
        }
    }
    Ok(crate::rules::checked::PayInputs { liable, co_winners: mask })
}

/// The common table's scorer inputs (TW §20.4.3): `starting_win` (`"heavenly"`, `"earthly"`,
/// `"human"` or None), `qualification` (`"heavenly"`, `"earthly"` or None) and
/// `declared_ready` (a bool, default False). Any of them given (not None) under a ruleset that
/// does not read the deal's progress (Hong Kong) is an `InvalidHandError`; their consistency
/// with the win and the switches is the scorer's check (TW §20.4.3, §10a).
#[allow(clippy::type_complexity)]
pub(crate) fn tw_start_args(
    py: Python<'_>,
    rules: &crate::rules::Ruleset,
    starting_win: Option<&Bound<'_, PyAny>>,
    qualification: Option<&Bound<'_, PyAny>>,
    declared_ready: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Option<crate::rules::scoring::StartingWin>, Option<crate::rules::scoring::Qualification>, bool)> {
    use crate::rules::scoring::{Qualification, StartingWin};
    let given = |a: Option<&Bound<'_, PyAny>>| a.is_some_and(|v| !v.is_none());
    for (name, a) in [("starting_win", starting_win), ("qualification", qualification), ("declared_ready", declared_ready)] {
        if given(a) && !rules.reads_progress() {
            return Err(hand_err(
                py,
                format!("{name} is a Taiwanese scorer input (TW §20.4.3), which the {} rules do not read", rules.name()),
            ));
        }
    }
    let start = match starting_win.filter(|v| !v.is_none()) {
        None => None,
        Some(v) => {
            let s = super::str_arg(v, "starting_win")?;
            match StartingWin::NAMES.iter().find(|(n, _)| *n == s) {
                Some((_, w)) => Some(*w),
                None => {
                    return Err(hand_err(
                        py,
                        format!("starting_win must be \"heavenly\", \"earthly\", \"human\" or None, got {s:?}"),
                    ))
                }
            }
        }
    };
    let qual = match qualification.filter(|v| !v.is_none()) {
        None => None,
        Some(v) => {
            let s = super::str_arg(v, "qualification")?;
            match Qualification::NAMES.iter().find(|(n, _)| *n == s) {
                Some((_, q)) => Some(*q),
                None => return Err(hand_err(py, format!("qualification must be \"heavenly\", \"earthly\" or None, got {s:?}"))),
            }
        }
    };
    let declared = super::opt_bool_arg(declared_ready, "declared_ready", false)?;
    Ok((start, qual, declared))
}

/// The message for a deal-progress keyword given to a ruleset that does not read it.
pub(crate) fn unread_progress(name: &str, rules: &crate::rules::Ruleset) -> String {
    format!(
        "{name} is part of the deal's progress (discards, winner_discards, interrupted, dealer_streak: TW §10, §15), \
         which the {} rules do not read",
        rules.name()
    )
}

/// The deal-progress keywords (TW §10, §15) as a `DealProgress`: each given one is an int
/// 0..=10^6 (`interrupted` a bool); under a ruleset that does not read the deal's progress
/// (Hong Kong) any given one is an `InvalidHandError`. Missing ones take the mid-deal defaults
/// of `DealProgress::default()` (D = 20, five own discards, interrupted, streak 0), or for the
/// dealer's start win (`dealer_start`) those of `DealProgress::START_OF_PLAY` (before any
/// discard, not interrupted), which the flag implies.
pub(crate) fn progress_arg<'py>(
    py: Python<'py>,
    rules: &crate::rules::Ruleset,
    dealer_start: bool,
    dealer_streak: Option<&Bound<'py, PyAny>>,
    discards: Option<&Bound<'py, PyAny>>,
    winner_discards: Option<&Bound<'py, PyAny>>,
    interrupted: Option<&Bound<'py, PyAny>>,
) -> PyResult<DealProgress> {
    fn given<'a, 'py>(o: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
        o.filter(|x| !x.is_none())
    }
    let mut tw = if dealer_start { DealProgress::START_OF_PLAY } else { DealProgress::default() };
    let named =
        [("dealer_streak", given(dealer_streak)), ("discards", given(discards)), ("winner_discards", given(winner_discards))];
    let inter = given(interrupted);
    if !rules.reads_progress() {
        let first = named.iter().find(|(_, v)| v.is_some()).map(|(n, _)| *n).or(inter.as_ref().map(|_| "interrupted"));
        if let Some(n) = first {
            return Err(hand_err(py, unread_progress(n, rules)));
        }
        return Ok(tw);
    }
    for (name, v) in &named {
        if let Some(v) = v {
            let n = ranged_arg(v, name, "an int", 0, 1_000_000, |m| hand_err(py, m))? as u32;
            match *name {
                "dealer_streak" => tw.dealer_streak = n,
                "discards" => tw.discards = n,
                _ => tw.winner_discards = n,
            }
        }
    }
    tw.interrupted = super::opt_bool_arg(inter, "interrupted", tw.interrupted)?;
    Ok(tw)
}

/// The winning shapes of a counts-form `rules=` (None: Hong Kong, without building a ruleset).
fn shapes_arg(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<&'static ShapeRules> {
    match rules {
        Some(r) if !r.is_none() => Ok(rules_arg(py, Some(r))?.shapes()),
        _ => Ok(&HK_SHAPES),
    }
}

/// Shanten of a hand (rules §14a): 13-equivalent → 0 = ready; 14-equivalent → -1 = complete
/// (16/17-equivalent under a Taiwanese ruleset, TW §10a).
#[pyfunction]
#[pyo3(signature = (counts, melds = None, *, rules = None))]
fn shanten(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<i8> {
    let shapes = shapes_arg(py, rules)?;
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    crate::analysis::shanten::shanten(&c, &m, shapes).map_err(|e| to_py_err(py, e))
}

/// Waits of a 13-equivalent hand (16-equivalent under a Taiwanese ruleset; rules §14a, TW
/// §10a): tile kinds, ascending.
#[pyfunction]
#[pyo3(signature = (counts, melds = None, *, rules = None))]
fn waits(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<u32>> {
    let shapes = shapes_arg(py, rules)?;
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    if m.is_empty() && c.iter().map(|&x| x as usize).sum::<usize>() == 3 * shapes.n_sets + 1 {
        // No declared set, counts checked (0..=4), a full waiting hand: what `waits` checks, so
        // its mask.
        let mask = crate::analysis::waits::wait_mask(&c, &c, 0, shapes);
        return Ok((0..34u32).filter(|&k| mask >> k & 1 != 0).collect());
    }
    let w = crate::analysis::waits::waits(&c, &m, shapes).map_err(|e| to_py_err(py, e))?;
    Ok(w.into_iter().map(|t| t.0 as u32).collect())
}

/// True when the concealed tiles (winning tile included) with `n_melds` declared sets form a
/// winning shape of the ruleset (HK §9, TW §9).
#[pyfunction]
#[pyo3(signature = (counts, n_melds = None, *, rules = None))]
fn is_complete(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    n_melds: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let shapes = shapes_arg(py, rules)?;
    let c = counts_obj(py, counts)?;
    let n = match n_melds {
        None => 0,
        Some(n) => ranged_arg(n, "n_melds", "an int", 0, shapes.n_sets as i64, |m| hand_err(py, m))? as usize,
    };
    Ok(crate::analysis::decompose::is_complete(&c, n, shapes))
}

/// Every interpretation of a complete hand (rules §9, §10.1 step 1), as notation strings,
/// sorted.
#[pyfunction]
#[pyo3(signature = (counts, melds = None, *, rules = None))]
fn decompose(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<String>> {
    let shapes = shapes_arg(py, rules)?;
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    let h = Hand { concealed: c, melds: m.clone(), bonus: 0 };
    h.validate().map_err(|e| to_py_err(py, e))?;
    h.expect_size(&[3 * shapes.n_sets + 2]).map_err(|e| to_py_err(py, e))?;
    let mut out: Vec<String> =
        crate::analysis::decompose::decompose(&c, m.len(), shapes).iter().map(|i| interpretation_text(i, &m)).collect();
    out.sort();
    Ok(out)
}

/// Score a win (rules §10, §11, §14a) from counts; the same checks and result as the notation
/// form.
#[pyfunction]
#[pyo3(signature = (counts, melds, bonus_mask, win_tile, seat_wind, prevailing_wind = None, *,
    self_drawn = false, robbing_kong = false, kong_replacement = false, last_tile = false,
    dealer_start = false, discarder = None, dealer_streak = None, discards = None,
    winner_discards = None, interrupted = None, rules = None))]
#[allow(clippy::too_many_arguments)]
fn score(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    bonus_mask: &Bound<'_, PyAny>,
    win_tile: Option<&Bound<'_, PyAny>>,
    seat_wind: &Bound<'_, PyAny>,
    prevailing_wind: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = super::params::self_drawn)] self_drawn: bool,
    #[pyo3(from_py_with = super::params::robbing_kong)] robbing_kong: bool,
    #[pyo3(from_py_with = super::params::kong_replacement)] kong_replacement: bool,
    #[pyo3(from_py_with = super::params::last_tile)] last_tile: bool,
    #[pyo3(from_py_with = super::params::dealer_start)] dealer_start: bool,
    discarder: Option<&Bound<'_, PyAny>>,
    dealer_streak: Option<&Bound<'_, PyAny>>,
    discards: Option<&Bound<'_, PyAny>>,
    winner_discards: Option<&Bound<'_, PyAny>>,
    interrupted: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<ScoreResult> {
    let rules = rules_arg(py, rules)?;
    let progress = progress_arg(py, &rules, dealer_start, dealer_streak, discards, winner_discards, interrupted)?;
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    let bonus = ranged_arg(bonus_mask, "bonus_mask", "an int 0..255", 0, 255, |msg| hand_err(py, msg))? as u8;
    let win = match win_tile {
        Some(w) if !w.is_none() => Some(kind_arg(py, w, "win_tile")?),
        _ => None,
    };
    // The dealer's win on the dealt hand is a self-drawn win (rules §9.4).
    let self_drawn = self_drawn || dealer_start;
    let ctx = WinContext {
        seat_wind: wind_arg(py, seat_wind, "seat_wind")?,
        prevailing_wind: opt_wind_arg(py, prevailing_wind, "prevailing_wind")?.unwrap_or(0),
        self_drawn,
        robbing_kong,
        kong_replacement,
        last_wall_tile: last_tile && self_drawn,
        last_discard: last_tile && !self_drawn,
        dealer_start,
        progress,
        house: Default::default(),
    };
    let discarder = opt_wind_arg(py, discarder, "discarder")?;
    let hand = Hand { concealed: c, melds: m, bonus };
    let scored = crate::rules::checked::score(&hand, win, &ctx, discarder, &rules).map_err(|e| to_py_err(py, e))?;
    Ok(ScoreResult::new(scored, hand.melds, &rules))
}

/// Payments of rules §11 indexed by player 0..3 (sums to zero). `discarder` is required for a
/// win on a discard (or the kong declarer for robbing a kong).
#[pyfunction]
#[pyo3(signature = (faan, winner, self_drawn, discarder = None, *, rules = None))]
fn payments(
    py: Python<'_>,
    faan: &Bound<'_, PyAny>,
    winner: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = super::params::self_drawn)] self_drawn: bool,
    discarder: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<i64>> {
    let rules = rules_arg(py, rules)?;
    if self_drawn && discarder.is_some_and(|d| !d.is_none()) {
        return Err(hand_err(py, "a self-drawn win has no discarder".into()));
    }
    super::rules::converted_payments(py, &rules, ("faan", faan), winner, self_drawn, discarder)
}

/// Rate every discard of a hand one tile over ready size (14 in Hong Kong, 17 in Taiwanese,
/// counting each declared set as 3) for the AI: `(kind, shanten after, ukeire)` per distinct
/// concealed kind, ascending; the shapes are the ruleset's (HK §9, TW §9).
#[pyfunction]
#[pyo3(signature = (counts, melds, unseen, *, rules = None))]
fn rate_discards(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    unseen: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u32, i8, u32)>> {
    let shapes = shapes_arg(py, rules)?;
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    let u = counts_obj(py, unseen)?;
    let r = crate::analysis::advise::rate_discards(&c, &m, &u, shapes).map_err(|e| to_py_err(py, e))?;
    Ok(r.into_iter().map(|d| (d.tile.0 as u32, d.shanten, d.ukeire)).collect())
}

/// The value of every wait of a ready hand (HK §10, §14a; TW §10, §11) in its full
/// situation: `(kind, self_drawn, discard)` per wait in ascending kind, each a `ScoreResult`
/// (a wait below the minimum has `reason == "BELOW_MINIMUM"`); empty when the hand is not
/// ready. The self-drawn result pays as `score(..., self_drawn=True)` does (the dealer East, on
/// `dealer_streak`); the payer of a win on a discard is unknown, so it has no payments (as
/// `score` without `discarder`). `last_tile`: the next tile is the last one (F14 self-drawn,
/// F15 on a discard; TW H04 / the last discard). The deal-progress keywords are those of
/// `score`, refused by rulesets that do not read them. The form of counts, melds and a bonus
/// mask (the seats' own); `wait_values_notation` is the same from notation.
#[pyfunction]
#[pyo3(signature = (counts, melds, bonus_mask, seat_wind, prevailing_wind = None, rules = None, *,
    last_tile = false, dealer_streak = None, discards = None, winner_discards = None, interrupted = None,
    qualification = None, declared_ready = None))]
#[allow(clippy::too_many_arguments)]
fn wait_values(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    bonus_mask: &Bound<'_, PyAny>,
    seat_wind: &Bound<'_, PyAny>,
    prevailing_wind: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    last_tile: bool,
    dealer_streak: Option<&Bound<'_, PyAny>>,
    discards: Option<&Bound<'_, PyAny>>,
    winner_discards: Option<&Bound<'_, PyAny>>,
    interrupted: Option<&Bound<'_, PyAny>>,
    qualification: Option<&Bound<'_, PyAny>>,
    declared_ready: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u32, ScoreResult, ScoreResult)>> {
    let c = counts_obj(py, counts)?;
    let m = melds_obj(py, melds)?;
    let bonus = ranged_arg(bonus_mask, "bonus_mask", "an int 0..255", 0, 255, |msg| hand_err(py, msg))? as u8;
    let seat = wind_arg(py, seat_wind, "seat_wind")?;
    let ruleset = rules_arg(py, rules)?;
    let progress = progress_arg(py, &ruleset, false, dealer_streak, discards, winner_discards, interrupted)?;
    let prevailing = opt_wind_arg(py, prevailing_wind, "prevailing_wind")?.unwrap_or(0);
    let hand = Hand { concealed: c, melds: m, bonus };
    let house = ready_house(py, &ruleset, qualification, declared_ready)?;
    values_of_waits(py, &hand, &ruleset, &waits_situation(seat, prevailing, last_tile, progress, house))
}

/// `wait_values` of hand notation (or a `mahjong_fast.Hand`), the situation given as to
/// `score_notation`: this is `mahjong_fast.wait_values` (the hand, its bonus tiles and the
/// winds read here, as `score` reads them). `bonus`: more exposed bonus tiles (notation or
/// tiles), added to any in the hand; one given twice is an `InvalidHandError`.
/// `qualification` and `declared_ready` (Taiwanese, TW §20.4.3) are those of `score`, the same
/// for every wait.
#[pyfunction]
#[pyo3(signature = (hand, rules = None, *, seat_wind = None, prevailing_wind = None, bonus = None,
    last_tile = false, dealer_streak = None, discards = None, winner_discards = None, interrupted = None,
    qualification = None, declared_ready = None))]
#[allow(clippy::too_many_arguments)]
fn wait_values_notation(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    seat_wind: Option<&Bound<'_, PyAny>>,
    prevailing_wind: Option<&Bound<'_, PyAny>>,
    bonus: Option<&Bound<'_, PyAny>>,
    #[pyo3(from_py_with = super::params::last_tile)] last_tile: bool,
    dealer_streak: Option<&Bound<'_, PyAny>>,
    discards: Option<&Bound<'_, PyAny>>,
    winner_discards: Option<&Bound<'_, PyAny>>,
    interrupted: Option<&Bound<'_, PyAny>>,
    qualification: Option<&Bound<'_, PyAny>>,
    declared_ready: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u32, ScoreResult, ScoreResult)>> {
    let ruleset = rules_arg(py, rules)?;
    let mut h = notation_arg(py, hand)?;
    if let Some(b) = bonus.filter(|b| !b.is_none()) {
        add_bonus_notation(py, &mut h, b)?;
    }
    let seat = opt_wind_arg(py, seat_wind, "seat_wind")?.unwrap_or(0);
    let prevailing = opt_wind_arg(py, prevailing_wind, "prevailing_wind")?.unwrap_or(0);
    let progress = progress_arg(py, &ruleset, false, dealer_streak, discards, winner_discards, interrupted)?;
    let house = ready_house(py, &ruleset, qualification, declared_ready)?;
    values_of_waits(py, &h, &ruleset, &waits_situation(seat, prevailing, last_tile, progress, house))
}

/// The ready inputs of `wait_values` (TW §20.4.3: a live qualification, a declared ready
/// seat), which hold whatever the winning tile; a starting win is `score`'s only.
fn ready_house(
    py: Python<'_>,
    ruleset: &crate::rules::Ruleset,
    qualification: Option<&Bound<'_, PyAny>>,
    declared_ready: Option<&Bound<'_, PyAny>>,
) -> PyResult<crate::rules::scoring::HouseSituation> {
    let (_, qualification, declared_ready) = tw_start_args(py, ruleset, None, qualification, declared_ready)?;
    let taiwanese = crate::rules::scoring::TaiwaneseSituation { qualification, declared_ready, ..Default::default() };
    Ok(crate::rules::scoring::HouseSituation::of_taiwanese(taiwanese))
}

/// The situation both forms of `wait_values` score the waits in.
fn waits_situation(
    seat: u8,
    prevailing: u8,
    last_tile: bool,
    progress: DealProgress,
    house: crate::rules::scoring::HouseSituation,
) -> WinContext {
    WinContext {
        seat_wind: seat,
        prevailing_wind: prevailing,
        last_wall_tile: last_tile,
        last_discard: last_tile,
        progress,
        house,
        ..WinContext::default()
    }
}

/// The body of both forms of `wait_values`: each wait scored self-drawn (with its payments)
/// and on a discard, in the situation `ctx` ([`waits_situation`]).
fn values_of_waits(
    py: Python<'_>,
    hand: &Hand,
    ruleset: &crate::rules::Ruleset,
    ctx: &WinContext,
) -> PyResult<Vec<(u32, ScoreResult, ScoreResult)>> {
    let seat = ctx.seat_wind;
    let progress = ctx.progress;
    let v = crate::rules::wait_values::wait_values(hand, ruleset, ctx).map_err(|e| to_py_err(py, e))?;
    Ok(v.into_iter()
        .map(|w| {
            let outcome = w.self_drawn;
            let base = if outcome.is_win { ruleset.base(outcome.value) } else { 0 };
            let mut gain = [0i64; 4];
            let payments = outcome.is_win.then(|| {
                // the seat's gain is what the other three pay (HK §11, TW §15 with the dealer East)
                let win = crate::rules::WinPayment {
                    winner: seat as usize,
                    value: outcome.value.into(),
                    self_drawn: true,
                    discarder: None,
                };
                gain = ruleset.win_payments(&win, 0, progress.dealer_streak).unwrap_or([0; 4]);
                gain
            });
            debug_assert!(gain[seat as usize] == w.self_drawn_gain);
            let self_drawn = ScoreResult::new(
                Scored { qualifying: outcome.value, outcome, base, payments, liability_applies: None },
                hand.melds.clone(),
                ruleset,
            );
            (w.tile.0 as u32, self_drawn, to_result(w.discard, &hand.melds, ruleset))
        })
        .collect())
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Element>()?;
    m.add_class::<ScoreResult>()?;
    m.add_function(wrap_pyfunction!(shanten_notation, m)?)?;
    m.add_function(wrap_pyfunction!(waits_notation, m)?)?;
    m.add_function(wrap_pyfunction!(decompose_notation, m)?)?;
    m.add("score_notation", wrap_pyfunction!(score_notation, m)?)?;
    m.add_function(wrap_pyfunction!(wait_values, m)?)?;
    m.add_function(wrap_pyfunction!(wait_values_notation, m)?)?;
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    m.add_function(wrap_pyfunction!(is_complete, m)?)?;
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(payments, m)?)?;
    m.add_function(wrap_pyfunction!(rate_discards, m)?)?;
    Ok(())
}
