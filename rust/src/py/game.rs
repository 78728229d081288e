//! Binding of the deal state machine (`mahjong_fast._core.Deal`, wrapped by
//! `mahjong_fast.game.Deal`). Converts arguments, calls `crate::game`, converts back.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use super::deal_args::{
    action_dict, code_arg, deal_index_arg, ids_arg, opt, options_arg, per_player, rules_arg, scores_arg, small, specs_arg,
};
use super::results::{to_result, ScoreResult};
use super::rules::PyRuleset;
use super::{hand_err, int_arg, player_arg, to_py_err, type_err, wide_ranged_arg};
use crate::error::MahjongError;
use crate::game::{Action, ActionType, Deal, Event, IllegalCode, Phase, UNKNOWN_PLAYER, UNKNOWN_TILE};
use crate::tiles::tile::N_TILES;

/// A set as Python sees it: `(meld_kind, tiles, claimed_from, claimed_tile)`.
type MeldTuple = (u8, Vec<u32>, Option<u8>, Option<u8>);

/// The deal state machine of the core (rules §4–§14). Use `mahjong_fast.game.Deal`.
#[pyclass(module = "mahjong_fast._core", name = "Deal")]
pub struct PyDeal {
    deal: Deal,
    buf: Vec<Action>,
}

impl PyDeal {
    fn event_data<'py>(&self, py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        match e {
            Event::Deal { dealer, seat_winds, hands, deal_index, scores, prevailing_wind, dealer_streak } => {
                d.set_item(intern!(py, "dealer"), dealer)?;
                d.set_item(intern!(py, "seat_winds"), PyList::new(py, seat_winds)?)?;
                let hs = PyList::empty(py);
                for h in hands {
                    hs.append(PyList::new(py, h)?)?;
                }
                d.set_item(intern!(py, "hands"), hs)?;
                d.set_item(intern!(py, "deal_index"), deal_index)?;
                d.set_item(intern!(py, "scores"), PyList::new(py, scores)?)?;
                d.set_item(intern!(py, "prevailing_wind"), prevailing_wind)?;
                d.set_item(intern!(py, "dealer_streak"), dealer_streak)?;
            }
            Event::Bonus { tile, .. } | Event::AddedKong { tile, .. } => {
                d.set_item(intern!(py, "tile"), tile)?;
            }
            Event::Draw { tile, wall, .. } => {
                d.set_item(intern!(py, "tile"), tile)?;
                // TW §20.6.4: the reserve and live counts under wall rules (absent otherwise: logs unchanged)
                if let Some(w) = wall {
                    d.set_item(intern!(py, "reserve"), w.reserve)?;
                    d.set_item(intern!(py, "live"), w.live)?;
                }
            }
            Event::ReplacementDraw { tile, reason, wall, .. } => {
                d.set_item(intern!(py, "tile"), tile)?;
                d.set_item(intern!(py, "reason"), reason.name())?;
                if let Some(w) = wall {
                    d.set_item(intern!(py, "reserve"), w.reserve)?;
                    d.set_item(intern!(py, "live"), w.live)?;
                }
            }
            Event::Action { action, auto } => {
                d.set_item(intern!(py, "action"), action_dict(py, action)?)?;
                d.set_item(intern!(py, "auto"), auto)?;
            }
            Event::Discard { tile, last, .. } => {
                d.set_item(intern!(py, "tile"), tile)?;
                d.set_item(intern!(py, "last"), last)?;
            }
            Event::Claim { kind, tile, from, tiles, .. } => {
                d.set_item(intern!(py, "type"), kind.name())?;
                d.set_item(intern!(py, "tile"), tile)?;
                d.set_item(intern!(py, "from"), from)?;
                d.set_item(intern!(py, "tiles"), PyList::new(py, tiles.as_slice())?)?;
            }
            Event::ConcealedKong { tiles, .. } | Event::KongCompleted { tiles, .. } => {
                d.set_item(intern!(py, "tiles"), PyList::new(py, tiles.as_slice())?)?;
            }
            Event::Win { win, hand, .. } => {
                let w = self.deal.result().and_then(|r| r.wins.get(*win));
                if let Some(w) = w {
                    d.set_item(intern!(py, "kind"), w.kind.name())?;
                    d.set_item(intern!(py, "tile"), opt(py, w.tile))?;
                    d.set_item(intern!(py, "from"), opt(py, w.discarder))?;
                    d.set_item(intern!(py, "faan"), w.score.value)?;
                    d.set_item(intern!(py, "raw_faan"), w.score.raw_value)?;
                    d.set_item(intern!(py, "limit"), w.score.limit)?;
                    let els = PyList::empty(py);
                    for e in &w.score.elements {
                        els.append(PyList::new(
                            py,
                            [
                                e.code.into_pyobject(py)?.into_any(),
                                e.name.into_pyobject(py)?.into_any(),
                                e.value.into_pyobject(py)?.into_any(),
                            ],
                        )?)?;
                    }
                    d.set_item(intern!(py, "elements"), els)?;
                    // HK §19.8: who paid under liability (absent otherwise: logs unchanged)
                    if let Some(l) = w.liable_paid {
                        d.set_item(intern!(py, "liable_paid"), l)?;
                    }
                }
                d.set_item(intern!(py, "hand"), PyList::new(py, hand)?)?;
            }
            Event::Payments { payments, scores } => {
                d.set_item(intern!(py, "payments"), PyList::new(py, payments)?)?;
                d.set_item(intern!(py, "scores"), PyList::new(py, scores)?)?;
            }
            Event::ExhaustiveDraw { reason } => {
                d.set_item(intern!(py, "reason"), reason.name())?;
            }
            Event::RuleFlag { flag, value, public, kinds, .. } => {
                d.set_item(intern!(py, "flag"), flag)?;
                d.set_item(intern!(py, "value"), value)?;
                d.set_item(intern!(py, "public"), public)?;
                // a flag set with a private set of kinds (HK §19.13 `pass_over_lock`) lists them
                if *kinds != 0 && *value {
                    if *kinds == (1u64 << 34) - 1 {
                        d.set_item(intern!(py, "kinds"), "all")?;
                    } else {
                        let codes: Vec<String> =
                            (0..34u8).filter(|k| kinds >> k & 1 == 1).map(|k| crate::tiles::tile::Tile(k).code()).collect();
                        d.set_item(intern!(py, "kinds"), codes)?;
                    }
                }
            }
            Event::Liability { liable, pattern, tile, .. } => {
                d.set_item(intern!(py, "liable"), liable)?;
                d.set_item(intern!(py, "pattern"), pattern)?;
                // HK §19.13: the tile whose claim made the record
                if let Some(t) = tile {
                    d.set_item(intern!(py, "tile"), t)?;
                }
            }
            Event::FlowerWin { kind, tile, exposer, .. } => {
                d.set_item(intern!(py, "kind"), kind)?;
                d.set_item(intern!(py, "tile"), tile)?;
                d.set_item(intern!(py, "exposer"), exposer)?;
            }
            Event::FalseWin { declared, reason, hand, .. } => {
                d.set_item(intern!(py, "declared"), declared)?;
                d.set_item(intern!(py, "reason"), reason)?;
                d.set_item(intern!(py, "hand"), PyList::new(py, hand)?)?;
            }
            Event::BonusChoice { kind, .. } => {
                d.set_item(intern!(py, "kind"), kind)?;
            }
            Event::BonusAnswer { tile, from, .. } => {
                // TW §20.6.4: a seven-rob win names the tile that moves and its seat
                if let (Some(t), Some(f)) = (tile, from) {
                    d.set_item(intern!(py, "tile"), t)?;
                    d.set_item(intern!(py, "from"), f)?;
                }
            }
        }
        Ok(d)
    }

    fn apply_action(&mut self, py: Python<'_>, a: &Action) -> PyResult<()> {
        self.deal.apply(a).map_err(|e| to_py_err(py, e))
    }

    fn parts(type_index: &Bound<'_, PyAny>, player: &Bound<'_, PyAny>, tiles: &Bound<'_, PyAny>) -> PyResult<Option<Action>> {
        let index = int_arg(type_index, "action type", "an int (an ActionType)")?;
        let Some(kind) = index.and_then(|t| u8::try_from(t).ok()).and_then(ActionType::from_u8) else { return Ok(None) };
        let p = small(player, "action player", "an int 0..3", UNKNOWN_PLAYER, 4)?;
        if tiles.is_instance_of::<pyo3::types::PyString>() {
            return Err(type_err(tiles, "action tiles", "a sequence of tile ids (int 0..143)"));
        }
        let items: Vec<Bound<'_, PyAny>> = tiles
            .try_iter()
            .map_err(|_| type_err(tiles, "action tiles", "a sequence of tile ids (int 0..143)"))?
            .collect::<PyResult<_>>()?;
        let ids: Vec<u8> = items
            .iter()
            .map(|t| small(t, "action tile", "a tile id (int 0..143)", UNKNOWN_TILE, N_TILES))
            .collect::<PyResult<_>>()?;
        Ok(Some(Action::new(kind, p, &ids)))
    }

    fn unknown_type(&self, py: Python<'_>) -> PyErr {
        let e = if self.deal.phase() == Phase::Ended {
            MahjongError::IllegalAction { code: IllegalCode::DealOver, message: "the deal has ended".into() }
        } else {
            MahjongError::IllegalAction { code: IllegalCode::WrongPhase, message: "unknown action type".into() }
        };
        to_py_err(py, e)
    }
}

#[pymethods]
impl PyDeal {
    /// Deal from an explicit wall (144 ids, front first); `None` is dealer 0, scores 0 and deal
    /// index 0. `rules`: Hong Kong (default) or Taiwanese (TW §4–§8: 16/17 tiles, 16-tile dead
    /// wall, several winners, bonus-tile wins). `prevailing_wind` 0..3 (default East, HK §1.2,
    /// TW §16), `dealer_streak` >= 0 (TW §15; Hong Kong ignores it). Raises InvalidTileError (a
    /// tile id outside 0..143 or not an integer), InvalidHandError (not 144 distinct ids, a
    /// dealer outside 0..3, not four scores, a score outside ±MAX_SCORE: HK §1.1, §11.5, a
    /// prevailing wind outside 0..3, a negative streak), MahjongError (deal index outside
    /// 0..2**32-1), TypeError naming the argument (a bool, float or other non-int).
    #[new]
    #[pyo3(signature = (wall, dealer = None, scores = None, deal_index = None, *, auto_pass = true, record = true, rules = None, prevailing_wind = None, dealer_streak = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        wall: &Bound<'_, PyAny>,
        dealer: Option<&Bound<'_, PyAny>>,
        scores: Option<&Bound<'_, PyAny>>,
        deal_index: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = super::params::auto_pass)] auto_pass: bool,
        #[pyo3(from_py_with = super::params::record)] record: bool,
        rules: Option<PyRef<'_, PyRuleset>>,
        prevailing_wind: Option<&Bound<'_, PyAny>>,
        dealer_streak: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let w = ids_arg(py, "wall", wall)?;
        let dealer = dealer.map_or(Ok(0), |d| player_arg(py, d, "dealer"))? as u8;
        let scores = scores.map_or(Ok([0; 4]), |s| scores_arg(py, s))?;
        let deal_index = deal_index.map_or(Ok(0), |d| deal_index_arg(py, d))?;
        let opts = options_arg(py, auto_pass, record, prevailing_wind, dealer_streak)?;
        let deal = Deal::new(&rules_arg(rules), &w, dealer, scores, deal_index, opts).map_err(|e| to_py_err(py, e))?;
        Ok(PyDeal { deal, buf: Vec::new() })
    }

    /// A deal from a chosen position (see `mahjong_fast.game.Deal.from_hands`). Tiles are
    /// given as ints: 0..143 a physical id, 1000 + k the lowest free copy of kind k. `melds` per
    /// player: `(meld_kind, tiles)`; hand sizes per the ruleset (13/14 or 16/17 counting each
    /// set as 3). `prevailing_wind`, `dealer_streak` as for `Deal(...)`. Raises
    /// InvalidHandError for a position that cannot exist.
    #[staticmethod]
    #[pyo3(signature = (dealer, active, hands, melds, discards, draws, tail, seed, scores, deal_index, *, auto_pass = true, record = true, rules = None, prevailing_wind = None, dealer_streak = None))]
    #[allow(clippy::too_many_arguments)]
    fn from_setup(
        py: Python<'_>,
        dealer: &Bound<'_, PyAny>,
        active: Option<&Bound<'_, PyAny>>,
        hands: &Bound<'_, PyAny>,
        melds: &Bound<'_, PyAny>,
        discards: &Bound<'_, PyAny>,
        draws: &Bound<'_, PyAny>,
        tail: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        scores: &Bound<'_, PyAny>,
        deal_index: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = super::params::auto_pass)] auto_pass: bool,
        #[pyo3(from_py_with = super::params::record)] record: bool,
        rules: Option<PyRef<'_, PyRuleset>>,
        prevailing_wind: Option<&Bound<'_, PyAny>>,
        dealer_streak: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        use crate::game::Setup;
        let opts = options_arg(py, auto_pass, record, prevailing_wind, dealer_streak)?;
        let mut s = Setup {
            dealer: player_arg(py, dealer, "dealer")? as u8,
            active: active.filter(|a| !a.is_none()).map(|a| player_arg(py, a, "active")).transpose()?.map(|a| a as u8),
            seed: wide_ranged_arg(py, seed, "seed", 0, u64::MAX.into())? as u64,
            scores: scores_arg(py, scores)?,
            deal_index: deal_index_arg(py, deal_index)?,
            draws: specs_arg(py, "wall", draws)?,
            tail: specs_arg(py, "tail", tail)?,
            ..Default::default()
        };
        let (hands, melds, discards) =
            (per_player(py, "hands", hands)?, per_player(py, "melds", melds)?, per_player(py, "discards", discards)?);
        const MELD: &str = "a (meld_kind, tiles) pair";
        for p in 0..4 {
            s.hands[p] = specs_arg(py, "hands", &hands[p])?;
            s.discards[p] = specs_arg(py, "discards", &discards[p])?;
            for m in super::seq_arg(&melds[p], "melds", "a sequence of (meld_kind, tiles) pairs")? {
                let [mk, tiles] = <[Bound<'_, PyAny>; 2]>::try_from(super::seq_arg(&m, "each meld", MELD)?)
                    .map_err(|_| hand_err(py, format!("each meld must be {MELD}")))?;
                let mk = super::hand_int(&mk, "meld kind", 0, 4)?;
                let kind = crate::tiles::hand::MeldKind::from_u8(mk as u8).expect("checked 0..=4");
                s.melds[p].push((kind, specs_arg(py, "melds", &tiles)?));
            }
        }
        let deal = Deal::from_setup(&rules_arg(rules), &s, opts).map_err(|e| to_py_err(py, e))?;
        Ok(PyDeal { deal, buf: Vec::new() })
    }

    #[getter]
    fn phase(&self) -> u8 {
        self.deal.phase() as u8
    }
    #[getter]
    fn to_act<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.deal.to_act())
    }
    #[getter]
    fn active(&self) -> i64 {
        self.deal.active().map_or(-1, i64::from)
    }
    #[getter]
    fn dealer(&self) -> u8 {
        self.deal.dealer()
    }
    #[getter]
    fn deal_index(&self) -> u32 {
        self.deal.deal_index()
    }
    #[getter]
    fn seat_winds(&self) -> (u8, u8, u8, u8) {
        let w = self.deal.seat_winds();
        (w[0], w[1], w[2], w[3])
    }
    #[getter]
    fn auto_pass(&self) -> bool {
        self.deal.options().auto_pass
    }
    #[getter]
    fn record(&self) -> bool {
        self.deal.options().record
    }
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset { inner: self.deal.rules().clone() }
    }
    #[getter]
    fn wall<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.deal.wall_ids().iter())
    }
    /// The ruleset's per-seat rule state: `(public_names, private_names, public, private,
    /// records)`, the flags as bit masks per seat (bit i: the i-th name), each record
    /// `(seat, liable, pattern)` (empty for a ruleset without house rules).
    #[getter]
    #[allow(clippy::type_complexity)]
    fn rule_state(&self) -> (Vec<&'static str>, Vec<&'static str>, [u16; 4], [u16; 4], Vec<(u8, u8, &'static str)>) {
        let names = self.deal.rules().rule_flags();
        let st = self.deal.rule_state();
        (
            names.public.to_vec(),
            names.private.to_vec(),
            st.public,
            st.private,
            st.records.iter().map(|r| (r.seat, r.liable, r.pattern)).collect(),
        )
    }
    /// The bonus-tile win on offer while `BONUS_CHOICE` is open (TW §20.6.3), as `(seat,
    /// value, self_drawn)`: its value in the ruleset's unit (its element, with C27 at starting
    /// timing), settled as self-drawn or paid by the exposer; None otherwise. Public.
    #[getter]
    fn bonus_offer(&self) -> Option<(usize, u8, bool)> {
        self.deal.bonus_offer().map(|w| (w.winner, w.value(), w.discarder.is_none()))
    }
    /// Per seat, the private tile kinds the ruleset holds, a bit mask over kinds 0..33 (HK
    /// §19.12: the kinds of a pass-over lock; zeros without house rules).
    #[getter]
    fn rule_kinds(&self) -> [u64; 4] {
        self.deal.rule_state().kinds
    }
    #[getter]
    fn remaining(&self) -> usize {
        self.deal.remaining()
    }
    /// TW §20.1 the reserve (`R` under `replacement_wall_16`) and the kongs completed so far.
    #[getter]
    fn reserve(&self) -> (usize, u8) {
        (self.deal.reserve(), self.deal.kongs_completed())
    }
    #[getter]
    fn wall_position(&self) -> (usize, isize) {
        self.deal.wall_position()
    }
    #[getter]
    fn turn(&self) -> u32 {
        self.deal.turn()
    }
    #[getter]
    fn drawn_tile(&self) -> Option<u8> {
        self.deal.drawn_tile()
    }
    #[getter]
    fn entered_by_draw(&self) -> bool {
        self.deal.entered_by_draw()
    }
    #[getter]
    fn dealer_start(&self) -> bool {
        self.deal.dealer_start()
    }
    #[getter]
    fn kong_chain(&self) -> bool {
        self.deal.kong_chain()
    }
    /// The prevailing (round) wind 0..3 (HK §1.2, TW §16).
    #[getter]
    fn prevailing_wind(&self) -> u8 {
        self.deal.prevailing_wind()
    }
    /// The dealer's streak k during this deal (TW §15, §16).
    #[getter]
    fn dealer_streak(&self) -> u32 {
        self.deal.dealer_streak()
    }
    /// TW §10: a chow, pung or kong was made earlier in this deal.
    #[getter]
    fn interrupted(&self) -> bool {
        self.deal.interrupted()
    }
    /// TW §10: the tile just drawn is a loose tile (a kong's or a bonus tile's replacement).
    #[getter]
    fn loose_tile(&self) -> bool {
        self.deal.loose_tile()
    }
    #[getter]
    fn kong_tile(&self) -> Option<u8> {
        self.deal.kong_tile()
    }
    #[getter]
    fn window_from(&self) -> Option<u8> {
        self.deal.window_from()
    }
    #[getter]
    fn window_tile(&self) -> Option<u8> {
        self.deal.window_tile()
    }
    #[getter]
    fn scores(&self) -> (i64, i64, i64, i64) {
        let s = self.deal.scores();
        (s[0], s[1], s[2], s[3])
    }
    #[getter]
    fn n_events(&self) -> usize {
        self.deal.events().len()
    }
    #[getter]
    fn ended(&self) -> bool {
        self.deal.is_over()
    }

    /// Per player, the concealed ids in the order received (new lists).
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for p in 0..4 {
            out.append(PyList::new(py, self.deal.hand(p))?)?;
        }
        Ok(out)
    }
    /// One player's concealed ids, ascending.
    fn sorted_hand<'py>(&self, py: Python<'py>, p: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let p = player_arg(py, p, "player")?;
        let mut h = self.deal.hand(p).to_vec();
        h.sort_unstable();
        PyTuple::new(py, h)
    }
    /// Per player, the exposed bonus ids in order (new lists).
    fn bonus<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for p in 0..4 {
            out.append(PyList::new(py, self.deal.bonus(p))?)?;
        }
        Ok(out)
    }
    fn bonus_mask(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.deal.bonus_mask(player_arg(py, p, "player")?))
    }
    /// Length-34 counts of a player's concealed tiles.
    fn counts(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        Ok(self.deal.counts(player_arg(py, p, "player")?).iter().map(|&x| x as u32).collect())
    }
    /// Length-34 counts of what `p` can see: own hand plus the public tiles (rules §14).
    fn visible_counts(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let p = player_arg(py, p, "player")? as u8;
        Ok(self.deal.view(p).visible_counts().iter().map(|&x| x as u32).collect())
    }
    /// Length-34 counts of the copies `p` cannot see (`4 - visible`).
    fn unseen_counts(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let p = player_arg(py, p, "player")? as u8;
        Ok(self.deal.view(p).unseen_counts().iter().map(|&x| x as u32).collect())
    }
    /// Length-34 counts of the public tiles (rules §14).
    fn public_counts(&self) -> Vec<u32> {
        self.deal.public_counts().iter().map(|&x| x as u32).collect()
    }
    /// A player's sets as `(meld_kind, tiles, claimed_from, claimed_tile)`.
    fn melds(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Vec<MeldTuple>> {
        let p = player_arg(py, p, "player")?;
        Ok(self
            .deal
            .melds(p)
            .iter()
            .map(|m| (m.kind as u8, m.tiles.as_slice().iter().map(|&t| t as u32).collect(), m.claimed_from, m.claimed_tile))
            .collect())
    }
    /// A player's sets as `(meld_kind, kind)` tuples.
    fn meld_tuples(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Vec<(u8, u8)>> {
        Ok(self.deal.melds(player_arg(py, p, "player")?).iter().map(|m| (m.kind as u8, m.tile_kind())).collect())
    }
    /// Per player, `[tile, claimed_by]` per discard in order (new lists).
    fn discard_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for p in 0..4 {
            let l = PyList::empty(py);
            for d in self.deal.discards(p) {
                l.append(PyList::new(py, [d.tile.into_pyobject(py)?.into_any(), opt(py, d.claimed_by)])?)?;
            }
            out.append(l)?;
        }
        Ok(out)
    }
    /// The responses of the open window as `(player, action code)`, by player.
    fn responses(&self) -> Vec<(u8, u64)> {
        self.deal.responses().iter().enumerate().filter_map(|(p, r)| r.map(|a| (p as u8, a.code()))).collect()
    }
    fn hand_size(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(self.deal.hand_size(player_arg(py, p, "player")?))
    }
    fn tile_locations(&self) -> Vec<u32> {
        self.deal.tile_locations().into_iter().map(u32::from).collect()
    }

    /// The legal actions of `player` as action codes (rules §5–§7; see `Deal.legal_actions`).
    /// Raises `TypeError` naming `player` (not an int), `InvalidHandError` (not 0..3).
    fn legal(&mut self, py: Python<'_>, player: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
        let p = player_arg(py, player, "player")? as u8;
        let mut buf = std::mem::take(&mut self.buf);
        self.deal.legal_actions_into(p, &mut buf);
        let out = buf.iter().map(Action::code).collect();
        self.buf = buf;
        Ok(out)
    }
    /// Apply the action of a code from `legal` (raises IllegalActionError, state unchanged).
    fn apply_code(&mut self, py: Python<'_>, code: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = code_arg(code)?;
        self.apply_action(py, &a)
    }
    /// Apply `(type index, player, tiles)`: any player or tile value is accepted and judged by
    /// the rules (§13); raises IllegalActionError and then changes nothing.
    fn apply(
        &mut self,
        py: Python<'_>,
        type_index: &Bound<'_, PyAny>,
        player: &Bound<'_, PyAny>,
        tiles: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        match Self::parts(type_index, player, tiles)? {
            Some(a) => self.apply_action(py, &a),
            None => Err(self.unknown_type(py)),
        }
    }
    /// Whether `apply` would accept the action (no state change).
    fn is_legal(&self, type_index: &Bound<'_, PyAny>, player: &Bound<'_, PyAny>, tiles: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(match Self::parts(type_index, player, tiles)? {
            Some(a) => self.deal.is_legal(&a),
            None => false,
        })
    }
    /// The code of an action (type index, player, tiles), or None if it has no code.
    #[staticmethod]
    fn action_code(type_index: &Bound<'_, PyAny>, player: &Bound<'_, PyAny>, tiles: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
        let byte = |v: &Bound<'_, PyAny>, name: &str| -> PyResult<Option<u8>> {
            Ok(int_arg(v, name, "an int")?.and_then(|x| u8::try_from(x).ok()))
        };
        let (Some(t), Some(p)) = (byte(type_index, "type_index")?, byte(player, "player")?) else { return Ok(None) };
        let mut ids = Vec::new();
        for x in super::seq_arg(tiles, "tiles", "a sequence of tile ids (int)")? {
            let Some(id) = byte(&x, "each tile")? else { return Ok(None) };
            ids.push(id);
        }
        Ok(ActionType::from_u8(t).filter(|_| ids.len() <= 4).map(|kind| Action::new(kind, p, &ids).code()))
    }
    /// `(type index, player, tiles)` of an action code.
    #[staticmethod]
    fn decode(code: &Bound<'_, PyAny>) -> PyResult<(u8, u8, Vec<u32>)> {
        let a = code_arg(code)?;
        Ok((a.kind as u8, a.player, a.tiles.as_slice().iter().map(|&t| t as u32).collect()))
    }

    /// Events from index `start` as `(type, player, data)` tuples.
    fn events<'py>(&self, py: Python<'py>, start: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let start = super::hand_int(start, "start", 0, i64::MAX)? as usize;
        let out = PyList::empty(py);
        for e in self.deal.events().iter().skip(start) {
            let data = self.event_data(py, e)?;
            out.append((e.name(), e.player(), data))?;
        }
        Ok(out)
    }
    /// Forget the recorded events (a listener that streams them keeps memory flat).
    fn clear_events(&mut self) {
        self.deal.clear_events();
    }

    /// The result as a dict (None while the deal runs): `draw_reason`, `winners` (every winner,
    /// in turn order from the discarder), `payments`, `scores`, `turns`, `tiles_left`,
    /// `prevailing_wind`, `dealer_streak`, `settlement` (None for Hong Kong; TW §15–§16
    /// `{"dealer_after", "streak_after", "passed"}`) and `wins` (per winner: `player`, `kind`
    /// (`"self_drawn"`, `"discard"`, `"robbing_kong"`, `"bonus_all_eight"`,
    /// `"bonus_rob_eighth"`), `tile`, `discarder`, `score` (ScoreResult), `value`, `unit`,
    /// `flags`, `payments`).
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = self.deal.result() else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("draw_reason", r.draw_reason.map(|x| x.name()))?;
        d.set_item("false_win", r.false_win)?;
        d.set_item("winners", r.winners().map(u32::from).collect::<Vec<u32>>())?;
        d.set_item("payments", r.payments.to_vec())?;
        d.set_item("scores", r.scores.to_vec())?;
        d.set_item("turns", r.turns)?;
        d.set_item("tiles_left", r.tiles_left)?;
        d.set_item("prevailing_wind", r.prevailing_wind)?;
        d.set_item("dealer_streak", r.dealer_streak)?;
        let s = &r.settlement;
        let sd = PyDict::new(py);
        sd.set_item("dealer_after", s.dealer_after)?;
        sd.set_item("streak_after", s.streak_after)?;
        sd.set_item("passed", s.passed)?;
        d.set_item("settlement", sd)?;
        let wins = PyList::empty(py);
        for w in &r.wins {
            let wd = PyDict::new(py);
            wd.set_item("player", w.player)?;
            wd.set_item("kind", w.kind.name())?;
            wd.set_item("tile", w.tile)?;
            wd.set_item("discarder", w.discarder)?;
            let melds: Vec<crate::tiles::hand::Meld> = self.deal.melds(w.player as usize).iter().map(|m| m.core()).collect();
            wd.set_item("score", Py::new(py, to_result(w.score.clone(), &melds, self.deal.rules()))?)?;
            wd.set_item("value", w.score.value)?;
            wd.set_item("unit", self.deal.rules().unit())?;
            let f = PyDict::new(py);
            f.set_item("kong_replacement", w.flags.kong_replacement)?;
            f.set_item("last_wall_tile", w.flags.last_wall_tile)?;
            f.set_item("last_discard", w.flags.last_discard)?;
            f.set_item("robbing_kong", w.flags.robbing_kong)?;
            f.set_item("dealer_start", w.flags.dealer_start)?;
            wd.set_item("flags", f)?;
            wd.set_item("payments", w.payments.to_vec())?;
            wd.set_item("liable_paid", w.liable_paid)?;
            wins.append(wd)?;
        }
        d.set_item("wins", wins)?;
        Ok(Some(d))
    }

    /// The score of a self-drawn win by `p` now (rules §5.3; no state change).
    fn score_self_drawn(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<ScoreResult> {
        let p = player_arg(py, p, "p")?;
        let melds: Vec<crate::tiles::hand::Meld> = self.deal.melds(p).iter().map(|m| m.core()).collect();
        let o = self.deal.score_self_drawn(p).map_err(|e| to_py_err(py, e))?;
        Ok(to_result(o, &melds, self.deal.rules()))
    }
    /// The score of a win by `q` on the open discard or robbed tile (rules §6.1, §7.3).
    fn score_claim(&self, py: Python<'_>, q: &Bound<'_, PyAny>) -> PyResult<ScoreResult> {
        let q = player_arg(py, q, "q")?;
        let melds: Vec<crate::tiles::hand::Meld> = self.deal.melds(q).iter().map(|m| m.core()).collect();
        let o = self.deal.score_claim(q).map_err(|e| to_py_err(py, e))?;
        Ok(to_result(o, &melds, self.deal.rules()))
    }
    /// Whether kind `k` completes `q`'s 13-equivalent hand (16 in Taiwanese; the kept waits,
    /// rules §14a, TW §10a).
    fn wins_on(&self, py: Python<'_>, q: &Bound<'_, PyAny>, k: &Bound<'_, PyAny>) -> PyResult<bool> {
        let k = super::hand_int(k, "k", 0, 33)? as usize;
        Ok(self.deal.wins_on(player_arg(py, q, "q")?, k))
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDeal>()?;
    Ok(())
}

impl PyDeal {
    /// The core's deal.
    pub(super) fn core(&self) -> &Deal {
        &self.deal
    }
    /// Wrap a deal the core played itself (the arena's logged deals).
    pub(super) fn from_core(deal: Deal) -> Self {
        PyDeal { deal, buf: Vec::new() }
    }
}
