//! The deal state machine (HK §4–§8, §13), generic over the ruleset.
//!
//! A [`Deal`] is built from a wall (144 physical ids, position 0 = front) and a dealer; the
//! constructor deals (§4.3) and performs the initial bonus replacement (§4.4), and the dealer is
//! then in `ACTION` (§5.2). From there the deal changes only through [`Deal::apply`]; draws and
//! bonus replacements happen between phases. Response windows (`RESPONSE` after a discard, `ROB`
//! after an added kong) collect every answer before anything is awarded (§5.4, §6.2); with
//! `auto_pass` the deal passes at once for a player whose only legal response is a pass.
//!
//! Legality is decided by one function, [`Deal::check`]: [`Deal::legal_actions`] enumerates a
//! cheap superset of candidates (one per distinct choice, lowest ids) and keeps the ones `check`
//! accepts, and [`Deal::apply`] carries out an action only after `check` accepted it, so the list
//! and the check cannot disagree.
//!
//! Everything that differs between rulesets is asked of the [`Ruleset`]: the hand size and
//! shapes, the dead wall ([`Deal::remaining`] is the live-tile count), whether every win claim
//! of a window wins (TW §5.2) or only the first (HK §11.3), the bonus-tile wins after each
//! exposure (TW §7), the score of a win in the deal's full situation (round wind and dealer's
//! streak from [`DealOptions`]) and the settlement of the deal's wins (HK §11, TW §15).

use super::action::{Action, ActionType, IllegalCode, Phase, Tiles, UNKNOWN_PLAYER};
use super::event::{DealResult, DrawReason, Event, ReplacementReason, Win, WinFlags, WinKind};
use crate::decompose::is_complete;
use crate::error::{MahjongError, Result};
use crate::hand::{Counts, Hand, Meld, MeldKind};
use crate::rules::scoring::{DealProgress, ScoreOutcome, WinContext};
use crate::rules::{BonusWin, BonusWinKind, Ruleset, Settlement, WinPayment};
use crate::tile::{Bonus, Tile, N_KINDS, N_TILES};

/// Ordinary tile ids are below this; 136..=143 are bonus tiles (HK §2.3).
pub const N_ORDINARY: u8 = 136;
/// The default prevailing wind (HK §1.2: always East; TW §16: East in the first round). A deal
/// takes its own from [`DealOptions::prevailing_wind`].
pub const PREVAILING_WIND: u8 = 0;

/// A declared set as everybody sees it (HK §2.5, §14).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealMeld {
    pub kind: MeldKind,
    /// The physical ids, ascending (four for every kong).
    pub tiles: Tiles,
    /// Whose discard was claimed for it (for an added kong: the original pung's); None for a
    /// concealed kong.
    pub claimed_from: Option<u8>,
    /// The claimed discard's id (None for a concealed kong).
    pub claimed_tile: Option<u8>,
}

impl DealMeld {
    /// Kind of the set: the lowest tile's (a chow's first tile).
    pub fn tile_kind(&self) -> u8 {
        self.tiles.as_slice()[0] >> 2
    }
    /// The `(kind, tile)` meld the analysis functions take.
    pub fn core(&self) -> Meld {
        Meld { kind: self.kind, tile: Tile(self.tile_kind()) }
    }
}

/// One discard: the tile and who claimed it (None while it lies in the pool).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Discard {
    pub tile: u8,
    pub claimed_by: Option<u8>,
}

/// Options of a deal that are not rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealOptions {
    /// Pass at once for players whose only legal response is a pass (HK §5.4 allows it).
    pub auto_pass: bool,
    /// Keep every [`Event`] (needed for logs and replay). Off, a deal allocates no events.
    pub record: bool,
    /// The prevailing (round) wind 0..=3, East..North (HK §1.2: East; TW §16 the round wind).
    pub prevailing_wind: u8,
    /// The dealer's streak k (TW §15, §16); Hong Kong ignores it.
    pub dealer_streak: u32,
}

impl Default for DealOptions {
    fn default() -> Self {
        DealOptions { auto_pass: true, record: true, prevailing_wind: PREVAILING_WIND, dealer_streak: 0 }
    }
}

impl DealOptions {
    /// The options with `auto_pass` and `record` set, East as prevailing wind, streak 0.
    pub fn new(auto_pass: bool, record: bool) -> DealOptions {
        DealOptions { auto_pass, record, ..DealOptions::default() }
    }
}

/// The players who must act now: the active player, or the responders of a window ascending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ToAct {
    players: [u8; 3],
    len: u8,
}

impl ToAct {
    fn one(p: u8) -> ToAct {
        ToAct { players: [p, 0, 0], len: 1 }
    }
    pub fn as_slice(&self) -> &[u8] {
        &self.players[..self.len as usize]
    }
    pub fn contains(&self, p: u8) -> bool {
        self.as_slice().contains(&p)
    }
    fn push(&mut self, p: u8) {
        self.players[self.len as usize] = p;
        self.len += 1;
    }
    fn remove(&mut self, p: u8) {
        let mut out = ToAct::default();
        for &q in self.as_slice() {
            if q != p {
                out.push(q);
            }
        }
        *self = out;
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The complete state of a deal as plain values (tests compare snapshots before and after an
/// illegal action; the equivalence tests compare them step by step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub phase: Phase,
    pub to_act: ToAct,
    pub active: Option<u8>,
    pub hands: [Vec<u8>; 4],
    pub melds: [Vec<DealMeld>; 4],
    pub discards: [Vec<Discard>; 4],
    pub bonus: [Vec<u8>; 4],
    /// (next front position, next tail position).
    pub wall: (usize, isize),
    pub scores: [i64; 4],
    pub turn: u32,
    pub drawn_tile: Option<u8>,
    /// (entered by draw, dealer start, kong chain, tile being added to a kong).
    pub flags: (bool, bool, bool, Option<u8>),
    /// (discarder or declarer, tile, responses per player).
    pub window: (Option<u8>, Option<u8>, [Option<Action>; 4]),
    pub events: usize,
    pub result: Option<DealResult>,
    /// (TW §10 interrupted, the tile in hand is a loose tile).
    pub situation: (bool, bool),
}

/// One deal (HK §4–§11, TW §4–§8) under a [`Ruleset`].
#[derive(Debug, Clone)]
pub struct Deal {
    rules: Ruleset,
    wall: [u8; N_TILES],
    /// Next front position (normal draws).
    front: usize,
    /// One past the next tail position (replacement draws): the wall is `wall[front..back]`.
    back: usize,
    dealer: u8,
    deal_index: u32,
    seat_winds: [u8; 4],
    opts: DealOptions,
    events: Vec<Event>,

    hands: [Vec<u8>; 4],
    counts: [Counts; 4],
    melds: [Vec<DealMeld>; 4],
    bonus: [Vec<u8>; 4],
    bonus_mask: [u8; 4],
    discards: [Vec<Discard>; 4],
    scores: [i64; 4],
    turn: u32,
    /// Per kind: unclaimed discards, declared sets, the tile of an open ROB window (HK §14).
    public: Counts,

    phase: Phase,
    to_act: ToAct,
    active: Option<u8>,
    drawn_tile: Option<u8>,
    entered_by_draw: bool,
    dealer_start: bool,
    kong_chain: bool,
    /// TW §10 loose tile: the drawn tile came from the tail (a kong's or a bonus tile's
    /// replacement, chains included).
    loose_tile: bool,
    /// TW §10 interruption: a chow, pung or kong was made in this deal.
    interrupted: bool,

    window_from: Option<u8>,
    window_tile: Option<u8>,
    responses: [Option<Action>; 4],
    win_scores: [Option<ScoreOutcome>; 4],
    kong_tile: Option<u8>,

    result: Option<DealResult>,
    /// A reused buffer for the legal lists computed while opening a window.
    scratch: Vec<Action>,
}

fn illegal(code: IllegalCode, message: impl Into<String>) -> MahjongError {
    MahjongError::IllegalAction { code, message: message.into() }
}

/// The ids of a hand in ascending order (through a bit set: no comparison sort).
fn sorted_ids(hand: &[u8]) -> ([u8; 24], usize) {
    let mut bits = [0u64; 3];
    for &t in hand {
        bits[(t >> 6) as usize] |= 1 << (t & 63);
    }
    let mut out = [0u8; 24];
    let mut n = 0;
    for (w, mut b) in bits.into_iter().enumerate() {
        while b != 0 && n < out.len() {
            out[n] = (w as u32 * 64 + b.trailing_zeros()) as u8;
            n += 1;
            b &= b - 1;
        }
    }
    (out, n)
}

/// A winning shape (HK §9) is possible at all: false when an honour is held exactly once and
/// the hand cannot be thirteen orphans (the standard shape and seven pairs need every honour
/// 0, 2 or 3 times). A filter that spares the table lookups of [`is_complete`] on most hands;
/// [`is_complete`] decides the rest.
pub(super) fn shape_possible(c: &Counts, n_melds: usize, shapes: &crate::decompose::ShapeRules) -> bool {
    if !c[27..].contains(&1) {
        return true;
    }
    shapes.thirteen_orphans && n_melds == 0 && c.iter().enumerate().all(|(k, &n)| n == 0 || k >= 27 || k % 9 == 0 || k % 9 == 8)
}

/// Whether counts `c` hold two tiles that make a chow with suit kind `k` (HK §6.1).
fn chow_possible(c: &Counts, k: usize) -> bool {
    let n = k % 9;
    let lo = n >= 1 && c[k - 1] > 0;
    let hi = n <= 7 && c[k + 1] > 0;
    (lo && hi) || (lo && n >= 2 && c[k - 2] > 0) || (hi && n <= 6 && c[k + 2] > 0)
}

/// The largest score, in absolute value, a deal starts from (HK §1.1 integer scores, §11.5).
/// One deal moves at most a few times M(13) × the largest unit (about 10^11 points) to or from
/// a player, so from any score within ±10^15 every payment and new score is exact in `i64`.
pub const MAX_SCORE: i64 = 1_000_000_000_000_000;

/// The options a deal cannot start from: a prevailing wind outside 0..=3 (`InvalidHand`).
pub(super) fn check_options(opts: &DealOptions) -> Result<()> {
    if opts.prevailing_wind > 3 {
        return Err(MahjongError::hand(format!("prevailing wind must be 0..3 (East..North), got {}", opts.prevailing_wind)));
    }
    Ok(())
}

/// HK §1.1 / §11.5: refuse starting scores from which a payment could leave the `i64` range.
pub(super) fn check_scores(scores: &[i64; 4]) -> Result<()> {
    match scores.iter().position(|s| !(-MAX_SCORE..=MAX_SCORE).contains(s)) {
        Some(p) => Err(MahjongError::hand(format!(
            "score of P{p} is {}; a deal starts from scores within -{MAX_SCORE}..{MAX_SCORE}",
            scores[p]
        ))),
        None => Ok(()),
    }
}

impl Deal {
    // ------------------------------------------------------------------ setup
    /// Deal from an explicit wall: `wall` holds the 144 ids 0..=143 once each, front first.
    /// Errors: `InvalidHand` for a wall that is not a permutation of 0..=143, a dealer
    /// outside 0..=3 or a score outside ±[`MAX_SCORE`].
    pub fn new(rules: &Ruleset, wall: &[u8], dealer: u8, scores: [i64; 4], deal_index: u32, opts: DealOptions) -> Result<Deal> {
        if wall.len() != N_TILES {
            return Err(MahjongError::hand(format!("a wall has 144 tiles, got {}", wall.len())));
        }
        let mut seen = [false; N_TILES];
        for &t in wall {
            if t as usize >= N_TILES {
                return Err(MahjongError::tile(0, format!("wall tile id {t} is outside 0..143")));
            }
            if seen[t as usize] {
                return Err(MahjongError::hand("the wall must hold every tile id 0..143 exactly once"));
            }
            seen[t as usize] = true;
        }
        if dealer > 3 {
            return Err(MahjongError::hand(format!("dealer must be 0..3, got {dealer}")));
        }
        check_scores(&scores)?;
        check_options(&opts)?;
        let mut w = [0u8; N_TILES];
        w.copy_from_slice(wall);
        let mut d = Deal::empty(rules, w, dealer, scores, deal_index, opts);
        d.deal_tiles();
        Ok(d)
    }

    /// The deal of `(seed, deal_index)`: the seeded wall of HK §4.1.
    pub fn seeded(rules: &Ruleset, seed: u64, deal_index: u32, dealer: u8, scores: [i64; 4], opts: DealOptions) -> Result<Deal> {
        let wall = crate::wall::shuffle(seed, deal_index as u64);
        Deal::new(rules, &wall, dealer, scores, deal_index, opts)
    }

    pub(super) fn blank(
        rules: &Ruleset,
        wall: [u8; N_TILES],
        dealer: u8,
        scores: [i64; 4],
        deal_index: u32,
        opts: DealOptions,
    ) -> Deal {
        Deal::empty(rules, wall, dealer, scores, deal_index, opts)
    }

    /// Place a set-up position (`setup.rs`): the tiles before `front` are out of the wall.
    pub(super) fn set_position(
        &mut self,
        front: usize,
        hands: [Vec<u8>; 4],
        melds: [Vec<DealMeld>; 4],
        bonus: [Vec<u8>; 4],
        discards: [Vec<Discard>; 4],
    ) {
        self.front = front;
        self.hands = hands;
        for p in 0..4 {
            for m in &melds[p] {
                m.core().add_to(&mut self.public);
            }
            for d in &discards[p] {
                self.public[(d.tile >> 2) as usize] += 1;
            }
            for &b in &bonus[p] {
                self.bonus_mask[p] |= 1 << (b - N_ORDINARY);
            }
            self.turn += discards[p].len() as u32;
        }
        // TW §10: a declared set on the table means the deal was interrupted
        self.interrupted = melds.iter().any(|m| !m.is_empty());
        self.melds = melds;
        self.bonus = bonus;
        self.discards = discards;
        self.recount();
    }

    pub(super) fn push_event(&mut self, e: Event) {
        self.emit(e);
    }

    pub(super) fn start_action(&mut self, p: u8, drawn: Option<u8>, dealer_start: bool) {
        self.enter_action(p, drawn, dealer_start, false);
    }

    fn empty(rules: &Ruleset, wall: [u8; N_TILES], dealer: u8, scores: [i64; 4], deal_index: u32, opts: DealOptions) -> Deal {
        let cap = rules.hand_tiles() + 2;
        Deal {
            rules: rules.clone(),
            wall,
            front: 0,
            back: N_TILES,
            dealer,
            deal_index,
            seat_winds: std::array::from_fn(|p| (p as u8 + 4 - dealer) % 4),
            opts,
            events: Vec::new(),
            hands: std::array::from_fn(|_| Vec::with_capacity(cap)),
            counts: [[0; N_KINDS]; 4],
            melds: std::array::from_fn(|_| Vec::with_capacity(rules.shapes().n_sets)),
            bonus: std::array::from_fn(|_| Vec::new()),
            bonus_mask: [0; 4],
            discards: std::array::from_fn(|_| Vec::with_capacity(32)),
            scores,
            turn: 0,
            public: [0; N_KINDS],
            phase: Phase::Action,
            to_act: ToAct::default(),
            active: Some(dealer),
            drawn_tile: None,
            entered_by_draw: false,
            dealer_start: false,
            kong_chain: false,
            loose_tile: false,
            interrupted: false,
            window_from: None,
            window_tile: None,
            responses: [None; 4],
            win_scores: Default::default(),
            kong_tile: None,
            result: None,
            scratch: Vec::new(),
        }
    }

    #[inline]
    fn emit(&mut self, e: Event) {
        if self.opts.record {
            self.events.push(e);
        }
    }

    /// HK §4.3 dealing (rounds of four tiles, then one each, then the dealer's extra tile) and
    /// §4.4 the initial bonus replacement, dealer first.
    fn deal_tiles(&mut self) {
        let n = self.rules.hand_tiles();
        let d = self.dealer as usize;
        let mut pos = 0;
        for _ in 0..n / 4 {
            for k in 0..4 {
                let p = (d + k) % 4;
                self.hands[p].extend_from_slice(&self.wall[pos..pos + 4]);
                pos += 4;
            }
        }
        for _ in 0..n % 4 {
            for k in 0..4 {
                self.hands[(d + k) % 4].push(self.wall[pos]);
                pos += 1;
            }
        }
        self.hands[d].push(self.wall[pos]);
        self.front = pos + 1;
        if self.opts.record {
            let hands = self.hands.clone();
            self.emit(Event::Deal {
                dealer: self.dealer,
                seat_winds: self.seat_winds,
                hands,
                deal_index: self.deal_index,
                scores: self.scores,
                prevailing_wind: self.opts.prevailing_wind,
                dealer_streak: self.opts.dealer_streak,
            });
        }
        // HK §4.4 dealer first, then South, West, North; every bonus tile (including ones
        // received as replacements) is replaced before the next player.
        for k in 0..4 {
            let p = (d + k) % 4;
            loop {
                // a count, not a Tiles (which holds four ids): a hand can hold up to eight bonus tiles
                let mut found = 0usize;
                let mut i = 0;
                while i < self.hands[p].len() {
                    let t = self.hands[p][i];
                    if t >= N_ORDINARY {
                        self.hands[p].remove(i);
                        if self.expose_bonus(p, t) {
                            self.recount();
                            return; // TW §7: a bonus-tile win ended the deal
                        }
                        found += 1;
                    } else {
                        i += 1;
                    }
                }
                if found == 0 {
                    break;
                }
                for _ in 0..found {
                    if self.remaining() == 0 {
                        self.recount();
                        self.exhaustive_draw(DrawReason::NoReplacement);
                        return;
                    }
                    let t = self.take_tail();
                    self.hands[p].push(t);
                    self.emit(Event::ReplacementDraw { player: p as u8, tile: t, reason: ReplacementReason::Bonus });
                }
            }
        }
        self.recount();
        // HK §5.2 the dealer acts with the dealt tiles, without drawing
        self.enter_action(self.dealer, None, true, false);
    }

    fn add_bonus(&mut self, p: usize, t: u8) {
        self.bonus[p].push(t);
        self.bonus_mask[p] |= 1 << (t - N_ORDINARY);
    }

    /// HK §4.4 player `p` exposes bonus tile `t` (the `bonus` event); then the ruleset's
    /// bonus-tile win, if any (TW §7: all eight bonus tiles, or seven robbing the eighth, win at
    /// once). True when such a win ended the deal (no replacement tile is drawn).
    fn expose_bonus(&mut self, p: usize, t: u8) -> bool {
        // the masks are consistent (one bit per physical bonus tile), so the check cannot fail
        let found = self.rules.bonus_win(&self.bonus_mask, p, Bonus(t - N_ORDINARY)).ok().flatten();
        self.add_bonus(p, t);
        self.emit(Event::Bonus { player: p as u8, tile: t });
        match found {
            Some(w) => {
                self.bonus_win(&w, t);
                true
            }
            None => false,
        }
    }

    fn recount(&mut self) {
        for p in 0..4 {
            self.counts[p] = [0; N_KINDS];
            for &t in &self.hands[p] {
                if t < N_ORDINARY {
                    self.counts[p][(t >> 2) as usize] += 1;
                }
            }
        }
    }

    fn take_front(&mut self) -> u8 {
        self.front += 1;
        self.wall[self.front - 1]
    }

    fn take_tail(&mut self) -> u8 {
        self.back -= 1;
        self.wall[self.back]
    }

    fn hand_add(&mut self, p: usize, t: u8) {
        self.hands[p].push(t);
        self.counts[p][(t >> 2) as usize] += 1;
    }

    fn hand_remove(&mut self, p: usize, t: u8) {
        if let Some(i) = self.hands[p].iter().position(|&x| x == t) {
            self.hands[p].remove(i);
            self.counts[p][(t >> 2) as usize] -= 1;
        }
    }

    /// HK §4.1 / §4.4 one draw (normal from the front, replacement from the tail) with bonus
    /// replacement. False when the deal ended in an exhaustive draw (§8.2 case 2).
    fn draw(&mut self, p: usize, replacement: bool, reason: ReplacementReason) -> bool {
        let mut replacement = replacement;
        let mut reason = reason;
        let mut t = if replacement { self.take_tail() } else { self.take_front() };
        loop {
            let bonus = t >= N_ORDINARY;
            if !bonus {
                self.hand_add(p, t);
            }
            if self.opts.record {
                let player = p as u8;
                self.emit(if replacement {
                    Event::ReplacementDraw { player, tile: t, reason }
                } else {
                    Event::Draw { player, tile: t }
                });
            }
            if !bonus {
                break;
            }
            if self.expose_bonus(p, t) {
                return false; // TW §7 (before the live-tile check: no replacement is needed)
            }
            if self.remaining() == 0 {
                self.exhaustive_draw(DrawReason::NoReplacement);
                return false;
            }
            t = self.take_tail();
            replacement = true;
            reason = ReplacementReason::Bonus;
        }
        self.drawn_tile = Some(t);
        self.loose_tile = replacement;
        true
    }

    // ------------------------------------------------------------- phase changes
    fn enter_action(&mut self, p: u8, drawn: Option<u8>, dealer_start: bool, kong_chain: bool) {
        self.phase = Phase::Action;
        self.active = Some(p);
        self.to_act = ToAct::one(p);
        self.drawn_tile = drawn;
        self.entered_by_draw = true;
        self.dealer_start = dealer_start;
        self.kong_chain = kong_chain;
        self.clear_window();
    }

    fn enter_after_claim(&mut self, p: u8) {
        self.phase = Phase::AfterClaim;
        self.active = Some(p);
        self.to_act = ToAct::one(p);
        self.drawn_tile = None;
        self.entered_by_draw = false;
        self.dealer_start = false;
        self.kong_chain = false;
        self.loose_tile = false;
        self.clear_window();
    }

    fn clear_window(&mut self) {
        self.window_from = None;
        self.window_tile = None;
        self.responses = [None; 4];
        self.win_scores = Default::default();
    }

    fn draw_and_act(&mut self, p: u8, replacement: bool) {
        if self.draw(p as usize, replacement, ReplacementReason::Kong) {
            self.enter_action(p, self.drawn_tile, false, replacement);
        }
    }

    // ------------------------------------------------------------- reading the state
    /// The ruleset the deal is played under.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Players who must act now (see [`ToAct`]).
    pub fn to_act(&self) -> &[u8] {
        self.to_act.as_slice()
    }
    /// The player whose turn it is (the discarder or declarer during a window); None once ended.
    pub fn active(&self) -> Option<u8> {
        self.active
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn deal_index(&self) -> u32 {
        self.deal_index
    }
    pub fn seat_winds(&self) -> [u8; 4] {
        self.seat_winds
    }
    pub fn options(&self) -> DealOptions {
        self.opts
    }
    /// The wall, front first.
    pub fn wall(&self) -> &[u8; N_TILES] {
        &self.wall
    }
    /// Tiles that may still be drawn (HK §4.1; the dead wall excluded).
    pub fn remaining(&self) -> usize {
        (self.back - self.front).saturating_sub(self.rules.dead_wall())
    }
    /// (next front position, next tail position); the tail position is -1.. when empty.
    pub fn wall_position(&self) -> (usize, isize) {
        (self.front, self.back as isize - 1)
    }
    /// A player's concealed ids in the order they were received.
    pub fn hand(&self, p: usize) -> &[u8] {
        &self.hands[p]
    }
    /// A player's concealed tiles as counts per kind.
    pub fn counts(&self, p: usize) -> &Counts {
        &self.counts[p]
    }
    pub fn melds(&self, p: usize) -> &[DealMeld] {
        &self.melds[p]
    }
    /// A player's exposed bonus ids in the order exposed.
    pub fn bonus(&self, p: usize) -> &[u8] {
        &self.bonus[p]
    }
    /// Bit i set for bonus tile `(i+1)f` exposed by `p`.
    pub fn bonus_mask(&self, p: usize) -> u8 {
        self.bonus_mask[p]
    }
    /// Every discard of `p` in order with who claimed it.
    pub fn discards(&self, p: usize) -> &[Discard] {
        &self.discards[p]
    }
    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }
    /// Discards made so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// Per kind, the copies everybody can see (HK §14).
    pub fn public_counts(&self) -> &Counts {
        &self.public
    }
    pub fn drawn_tile(&self) -> Option<u8> {
        self.drawn_tile
    }
    /// HK §5.3: the active player entered ACTION by a draw (or is the dealer at the start).
    pub fn entered_by_draw(&self) -> bool {
        self.entered_by_draw
    }
    pub fn dealer_start(&self) -> bool {
        self.dealer_start
    }
    /// HK §7.4: the tile in hand came from a kong's replacement chain.
    pub fn kong_chain(&self) -> bool {
        self.kong_chain
    }
    /// TW §10: the tile in hand is a loose tile (a replacement for a kong or a bonus tile).
    pub fn loose_tile(&self) -> bool {
        self.loose_tile
    }
    /// TW §10: a chow, pung or exposed kong was carried out, or a concealed or added kong
    /// declared, earlier in this deal.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }
    /// The prevailing (round) wind of the deal, 0..=3 (HK §1.2, TW §16).
    pub fn prevailing_wind(&self) -> u8 {
        self.opts.prevailing_wind
    }
    /// The dealer's streak k during this deal (TW §15, §16; 0 in Hong Kong unless given).
    pub fn dealer_streak(&self) -> u32 {
        self.opts.dealer_streak
    }
    /// The tile being added to a kong while it can be robbed.
    pub fn kong_tile(&self) -> Option<u8> {
        self.kong_tile
    }
    /// The discarder (RESPONSE) or kong declarer (ROB) of the open window.
    pub fn window_from(&self) -> Option<u8> {
        self.window_from
    }
    /// The discard (RESPONSE) or the added tile (ROB) of the open window.
    pub fn window_tile(&self) -> Option<u8> {
        self.window_tile
    }
    /// The responses given so far in the open window, per player.
    pub fn responses(&self) -> &[Option<Action>; 4] {
        &self.responses
    }
    /// Events so far (empty unless recording).
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Drop the recorded events (a caller that streams them keeps memory flat).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }
    pub fn result(&self) -> Option<&DealResult> {
        self.result.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Ended
    }
    /// Tiles held counting each declared set as 3 (HK §5.6).
    pub fn hand_size(&self, p: usize) -> usize {
        self.hands[p].len() + 3 * self.melds[p].len()
    }

    /// The complete state as plain values.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            phase: self.phase,
            to_act: self.to_act,
            active: self.active,
            hands: self.hands.clone(),
            melds: self.melds.clone(),
            discards: self.discards.clone(),
            bonus: self.bonus.clone(),
            wall: self.wall_position(),
            scores: self.scores,
            turn: self.turn,
            drawn_tile: self.drawn_tile,
            flags: (self.entered_by_draw, self.dealer_start, self.kong_chain, self.kong_tile),
            window: (self.window_from, self.window_tile, self.responses),
            events: self.events.len(),
            result: self.result.clone(),
            situation: (self.interrupted, self.loose_tile),
        }
    }

    /// Every physical id once if the deal is consistent: untaken wall tiles, hands, sets,
    /// unclaimed discards, bonus areas and a tile being added to a kong.
    pub fn tile_locations(&self) -> Vec<u8> {
        let mut out = self.wall[self.front..self.back].to_vec();
        for p in 0..4 {
            out.extend_from_slice(&self.hands[p]);
            for m in &self.melds[p] {
                out.extend_from_slice(m.tiles.as_slice());
            }
            out.extend(self.discards[p].iter().filter(|d| d.claimed_by.is_none()).map(|d| d.tile));
            out.extend_from_slice(&self.bonus[p]);
        }
        out.extend(self.kong_tile);
        out
    }

    // ------------------------------------------------------------- scoring helpers
    fn core_melds(&self, p: usize) -> Vec<Meld> {
        self.melds[p].iter().map(DealMeld::core).collect()
    }

    /// Score `p`'s win with the deal's situation: the WinContext flags given, and the deal's
    /// progress (`D` = discards made so far, the claimed one included; `p`'s own discards; the
    /// interruption flag; the dealer's streak) for the rulesets that read it (TW §10, §15).
    fn score_hand(&self, p: usize, concealed: Counts, win: Option<u8>, ctx: &WinContext) -> Result<ScoreOutcome> {
        let hand = Hand { concealed, melds: self.core_melds(p), bonus: self.bonus_mask[p] };
        let progress = DealProgress {
            dealer_streak: self.opts.dealer_streak,
            discards: self.turn,
            winner_discards: self.discards[p].len() as u32,
            interrupted: self.interrupted,
        };
        self.rules.score(&hand, win.map(Tile), &WinContext { progress, ..*ctx })
    }

    /// For a set-up position (`setup.rs`): every player's situation must be one a deal can
    /// reach (TW §10a), or the scorer would refuse that player's wins later and the win would
    /// silently not be offered. Asked of the ruleset ([`crate::rules::Rules::check_history`];
    /// one that reads no history, as Hong Kong, accepts any) as the engine would score the
    /// earliest win each player can make: the player to act self-drawn now, every other player
    /// on its next discard.
    pub(super) fn check_position(&self) -> Result<()> {
        let Some(active) = self.active else { return Ok(()) };
        if self.dealer_start {
            return Ok(());
        }
        for p in 0..4 {
            let hand = Hand { concealed: [0; N_KINDS], melds: self.core_melds(p), bonus: self.bonus_mask[p] };
            let progress = DealProgress {
                dealer_streak: self.opts.dealer_streak,
                discards: self.turn,
                winner_discards: self.discards[p].len() as u32,
                interrupted: self.interrupted,
            };
            let mut ctx = WinContext { seat_wind: self.seat_winds[p], progress, ..Default::default() };
            let discarder = if p == active as usize {
                ctx.self_drawn = true;
                ctx.kong_replacement = self.replacement_flag();
                None
            } else {
                ctx.progress.discards += 1;
                Some(self.seat_winds[active as usize])
            };
            self.rules.rules().check_history(&hand, &ctx, discarder).map_err(|e| match e {
                MahjongError::InvalidHand(m) => MahjongError::hand(format!("this position has no possible history, P{p}: {m}")),
                other => other,
            })?;
        }
        Ok(())
    }

    /// The situation's "won on a replacement tile" flag: HK §7.4 a kong's replacement chain;
    /// where the ruleset counts a bonus tile's replacement too (TW §10 the loose tile), that.
    fn replacement_flag(&self) -> bool {
        if self.rules.bonus_replacement_scores() {
            self.loose_tile
        } else {
            self.kong_chain
        }
    }

    /// HK §5.3.1 the score of a self-drawn win by the active player `p` now.
    pub fn score_self_drawn(&self, p: usize) -> Result<ScoreOutcome> {
        let wind = self.seat_winds[p];
        if self.dealer_start {
            // §5.2 / §14a the dealer's win on the dealt tiles: no winning tile
            let ctx = WinContext {
                seat_wind: wind,
                prevailing_wind: self.opts.prevailing_wind,
                self_drawn: true,
                dealer_start: true,
                ..Default::default()
            };
            return self.score_hand(p, self.counts[p], None, &ctx);
        }
        let Some(drawn) = self.drawn_tile else {
            return Err(MahjongError::hand("no drawn tile to win on"));
        };
        let mut c = self.counts[p];
        c[(drawn >> 2) as usize] -= 1;
        let ctx = WinContext {
            seat_wind: wind,
            prevailing_wind: self.opts.prevailing_wind,
            self_drawn: true,
            kong_replacement: self.replacement_flag(),
            last_wall_tile: self.remaining() == 0,
            ..Default::default()
        };
        self.score_hand(p, c, Some(drawn >> 2), &ctx)
    }

    /// HK §6.1 / §7.3 the score of a win by `q` on the open discard (or the robbed tile).
    pub fn score_claim(&self, q: usize) -> Result<ScoreOutcome> {
        let Some(tile) = self.window_tile else {
            return Err(MahjongError::hand("no open discard to win on"));
        };
        let robbing = self.phase == Phase::Rob;
        let ctx = WinContext {
            seat_wind: self.seat_winds[q],
            prevailing_wind: self.opts.prevailing_wind,
            self_drawn: false,
            robbing_kong: robbing,
            last_discard: !robbing && self.remaining() == 0,
            ..Default::default()
        };
        self.score_hand(q, self.counts[q], Some(tile >> 2), &ctx)
    }

    /// Whether kind `k` completes a winning shape (§9) of `q`'s 13-equivalent hand: the §14a
    /// waits (a kind whose four copies `q` holds, in hand or in its sets, is never a wait).
    pub fn wins_on(&self, q: usize, k: usize) -> bool {
        let c = &self.counts[q];
        let mut held = c[k] as usize;
        for m in &self.melds[q] {
            let t = m.tile_kind() as usize;
            held += match m.kind {
                MeldKind::Chow => usize::from((t..t + 3).contains(&k)),
                kind if t == k => kind.n_tiles() as usize,
                _ => 0,
            };
        }
        if held >= 4 {
            return false;
        }
        let mut with = *c;
        with[k] += 1;
        let shapes = self.rules.shapes();
        shape_possible(&with, self.melds[q].len(), shapes) && is_complete(&with, self.melds[q].len(), shapes)
    }

    /// `(the open tile completes q's hand, q may have an option but a pass)`: a cheap superset
    /// test (the §9 shape test and the §6.1 tile counts).
    fn claim_options(&self, q: usize) -> (bool, bool) {
        let (Some(tile), Some(from)) = (self.window_tile, self.window_from) else { return (false, false) };
        let k = (tile >> 2) as usize;
        let win = self.wins_on(q, k);
        if win || self.phase == Phase::Rob || self.remaining() == 0 {
            return (win, win);
        }
        let c = &self.counts[q];
        (false, c[k] >= 2 || (q == (from as usize + 1) % 4 && k < 27 && chow_possible(c, k)))
    }

    // ------------------------------------------------------------- legality (§13)
    /// Check `a` against the rules (HK §5–§7, §13) without changing anything: `Ok` with the
    /// score of a win, or `Err(MahjongError::IllegalAction)` with the §13 code. The one
    /// function that decides legality.
    pub fn check(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use ActionType as A;
        use IllegalCode as C;
        let p = a.player;
        let kind = a.kind;
        match self.phase {
            Phase::Ended => Err(illegal(C::DealOver, "the deal has ended")),
            Phase::Action | Phase::AfterClaim => {
                if kind.is_response() {
                    return Err(illegal(C::WrongPhase, format!("{} is a response; no claim window is open", kind.name())));
                }
                let active = self.active.unwrap_or(UNKNOWN_PLAYER);
                if p != active {
                    return Err(illegal(C::NotYourTurn, format!("it is P{active}'s turn, not P{}'s", PlayerName(p))));
                }
                if self.phase == Phase::AfterClaim && kind != A::Discard {
                    return Err(illegal(C::WrongPhase, "after a chow or pung the only legal action is a discard"));
                }
                self.check_turn(a)
            }
            Phase::Response | Phase::Rob => {
                if p > 3 || Some(p) == self.window_from {
                    let what = if self.phase == Phase::Response { "discard" } else { "kong" };
                    return Err(illegal(C::NotYourTurn, format!("P{} cannot respond to their own {what}", PlayerName(p))));
                }
                if !kind.is_response() || (self.phase == Phase::Rob && !matches!(kind, A::Pass | A::Win)) {
                    return Err(illegal(
                        C::WrongPhase,
                        format!("{} is not allowed in {}", kind.name(), self.phase.name().to_uppercase()),
                    ));
                }
                if self.responses[p as usize].is_some() {
                    return Err(illegal(C::AlreadyResponded, format!("P{p} has already responded in this window")));
                }
                self.check_response(a)
            }
        }
    }

    /// `check` for the tiles an action names: their number, ids in range, held, distinct.
    fn check_tiles(&self, a: &Action, n: usize) -> Result<()> {
        use IllegalCode as C;
        if a.tiles.count() != n {
            let got = if a.tiles.count() > 4 { "more than 4".to_string() } else { a.tiles.count().to_string() };
            return Err(illegal(C::InvalidMeld, format!("{} names {n} tile(s), got {got}", a.kind.name())));
        }
        let ts = a.tiles.as_slice();
        if ts.iter().any(|&t| t as usize >= N_TILES) {
            return Err(illegal(C::UnknownTile, "a tile id is outside 0..143"));
        }
        let hand = &self.hands[a.player as usize];
        if let Some(t) = ts.iter().find(|t| !hand.contains(t)) {
            return Err(illegal(C::TileNotInHand, format!("tile {t} is not in P{}'s concealed hand", a.player)));
        }
        for i in 0..ts.len() {
            if ts[..i].contains(&ts[i]) {
                return Err(illegal(C::InvalidMeld, "the same tile is named twice"));
            }
        }
        Ok(())
    }

    fn require_win(sc: Result<ScoreOutcome>) -> Result<Option<ScoreOutcome>> {
        let sc = sc?;
        if sc.is_win {
            return Ok(Some(sc));
        }
        let code = match sc.reason {
            Some(crate::rules::scoring::RejectReason::BelowMinimum) => IllegalCode::BelowMinimum,
            _ => IllegalCode::NotAWinningHand,
        };
        Err(illegal(code, format!("not a legal win ({} faan)", sc.value)))
    }

    fn check_turn(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use ActionType as A;
        use IllegalCode as C;
        let p = a.player as usize;
        match a.kind {
            A::Discard => self.check_tiles(a, 1).map(|_| None),
            A::SelfDrawnWin => {
                if a.tiles.count() != 0 {
                    return Err(illegal(C::InvalidMeld, "a self-drawn win names no tiles"));
                }
                if !self.entered_by_draw {
                    return Err(illegal(C::WrongPhase, "a self-drawn win needs a draw this turn"));
                }
                Self::require_win(self.score_self_drawn(p))
            }
            _ => {
                // HK §7.5 every kong needs a replacement tile
                if self.remaining() == 0 {
                    return Err(illegal(C::NoReplacementTile, "a kong needs a replacement tile but no live tile is left"));
                }
                if a.kind == A::ConcealedKong {
                    self.check_tiles(a, 4)?;
                    let k = a.tiles.as_slice()[0] >> 2;
                    if a.tiles.as_slice().iter().any(|&t| t >> 2 != k) {
                        return Err(illegal(C::InvalidMeld, "a concealed kong is four tiles of one kind"));
                    }
                    return Ok(None);
                }
                self.check_tiles(a, 1)?;
                let k = a.tiles.as_slice()[0] >> 2;
                if !self.melds[p].iter().any(|m| m.kind == MeldKind::Pung && m.tile_kind() == k) {
                    return Err(illegal(C::InvalidMeld, "no exposed pung of that kind to add to"));
                }
                Ok(None)
            }
        }
    }

    fn check_response(&self, a: &Action) -> Result<Option<ScoreOutcome>> {
        use ActionType as A;
        use IllegalCode as C;
        let p = a.player as usize;
        match a.kind {
            A::Pass => {
                if a.tiles.count() != 0 {
                    return Err(illegal(C::InvalidMeld, "a pass names no tiles"));
                }
                return Ok(None);
            }
            A::Win => {
                if a.tiles.count() != 0 {
                    return Err(illegal(C::InvalidMeld, "a win claim names no tiles"));
                }
                return Self::require_win(self.score_claim(p));
            }
            _ => {}
        }
        if self.remaining() == 0 {
            return Err(illegal(C::LastDiscardWinOnly, "the last discard may be claimed only for a win"));
        }
        let (Some(disc), Some(from)) = (self.window_tile, self.window_from) else {
            return Err(illegal(C::WrongPhase, "no discard to claim"));
        };
        let k = disc >> 2;
        if a.kind == A::Chow {
            if p != (from as usize + 1) % 4 {
                return Err(illegal(C::ChowNotAllowed, "only the next player after the discarder may chow"));
            }
            self.check_tiles(a, 2)?;
            let mut kinds = [k, a.tiles.as_slice()[0] >> 2, a.tiles.as_slice()[1] >> 2];
            kinds.sort_unstable();
            let run = kinds[2] < 27 && kinds[0] / 9 == kinds[2] / 9 && kinds[1] == kinds[0] + 1 && kinds[2] == kinds[0] + 2;
            if k >= 27 || !run {
                return Err(illegal(C::InvalidMeld, "the tiles do not form a run with the discard"));
            }
            return Ok(None);
        }
        let n = if a.kind == A::Pung { 2 } else { 3 };
        self.check_tiles(a, n)?;
        if a.tiles.as_slice().iter().any(|&t| t >> 2 != k) {
            return Err(illegal(C::InvalidMeld, format!("a {} needs {n} tiles of the discard's kind", a.kind.name())));
        }
        Ok(None)
    }

    /// Whether [`Deal::apply`] would accept `a` (no state change either way).
    pub fn is_legal(&self, a: &Action) -> bool {
        self.check(a).is_ok()
    }

    // ------------------------------------------------------------- legal actions
    /// Every legal action of `player` now, appended to `out` (cleared first; empty if the
    /// player may not act). One option per distinct choice with the lowest ids held:
    /// ACTION: self-drawn win, concealed kongs by kind, added kongs in meld order, a discard per
    /// tile held (ascending id); AFTER_CLAIM: discards; RESPONSE: pass, win, exposed kong, pung,
    /// chows (lowest first); ROB: pass, win.
    pub fn legal_actions_into(&self, player: u8, out: &mut Vec<Action>) {
        out.clear();
        if self.phase == Phase::Ended || !self.to_act.contains(player) {
            return;
        }
        let keep = |a: Action, out: &mut Vec<Action>| {
            if self.check(&a).is_ok() {
                out.push(a);
            }
        };
        let p = player as usize;
        if self.phase.is_window() {
            self.legal_responses(player, out);
            return;
        }
        let (buf, n) = sorted_ids(&self.hands[p]);
        let sorted = &buf[..n];
        let c = &self.counts[p];
        match self.phase {
            Phase::Action => {
                let (n_melds, shapes) = (self.melds[p].len(), self.rules.shapes());
                if self.entered_by_draw && shape_possible(c, n_melds, shapes) && is_complete(c, n_melds, shapes) {
                    keep(Action::bare(ActionType::SelfDrawnWin, player), out);
                }
                if self.remaining() > 0 {
                    for (k, _) in c.iter().enumerate().filter(|(_, &n)| n == 4) {
                        let mut t = Tiles::EMPTY;
                        sorted.iter().filter(|&&x| (x >> 2) as usize == k).for_each(|&x| t.push(x));
                        keep(Action { kind: ActionType::ConcealedKong, player, tiles: t }, out);
                    }
                    for m in &self.melds[p] {
                        let k = m.tile_kind();
                        if m.kind == MeldKind::Pung && c[k as usize] > 0 {
                            if let Some(&low) = sorted.iter().find(|&&x| x >> 2 == k) {
                                keep(Action { kind: ActionType::AddedKong, player, tiles: Tiles::one(low) }, out);
                            }
                        }
                    }
                }
                out.extend(sorted.iter().map(|&t| Action::discard(player, t)));
            }
            Phase::AfterClaim => out.extend(sorted.iter().map(|&t| Action::discard(player, t))),
            Phase::Response | Phase::Rob | Phase::Ended => {}
        }
    }

    fn legal_responses(&self, q: u8, out: &mut Vec<Action>) {
        let (win, any) = self.claim_options(q as usize);
        self.legal_responses_given(q, win, any, out);
    }

    /// The responses of `q` once [`Deal::claim_options`] gave `(win, any)`.
    fn legal_responses_given(&self, q: u8, win: bool, any: bool, out: &mut Vec<Action>) {
        out.clear();
        out.push(Action::bare(ActionType::Pass, q));
        let p = q as usize;
        if !any {
            return;
        }
        let (Some(tile), Some(from)) = (self.window_tile, self.window_from) else { return };
        let k = tile >> 2;
        if win {
            let a = Action::bare(ActionType::Win, q);
            if self.check(&a).is_ok() {
                out.push(a);
            }
        }
        if self.phase == Phase::Rob || self.remaining() == 0 {
            return; // §6.3 / §7.3 win only
        }
        let hand = &self.hands[p];
        let mut mine = Tiles::EMPTY;
        hand.iter().filter(|&&x| x >> 2 == k).for_each(|&x| mine.push(x));
        let mine = mine.sorted();
        let m = mine.as_slice();
        let mut cands = [Action::bare(ActionType::Pass, q); 5];
        let mut nc = 0;
        if m.len() >= 3 {
            cands[nc] = Action::new(ActionType::Kong, q, &m[..3]);
            nc += 1;
        }
        if m.len() >= 2 {
            cands[nc] = Action::new(ActionType::Pung, q, &m[..2]);
            nc += 1;
        }
        if p == (from as usize + 1) % 4 && k < 27 {
            let n = (k % 9) as i16;
            let lowest = |kind: u8| hand.iter().copied().filter(|&x| x >> 2 == kind).min();
            for start in [n - 2, n - 1, n] {
                if start < 0 || start + 2 > 8 {
                    continue;
                }
                let base = k as i16 - n;
                let mut others = [0u8; 2];
                let mut j = 0;
                for i in start..start + 3 {
                    if i != n {
                        others[j] = (base + i) as u8;
                        j += 1;
                    }
                }
                if let (Some(a), Some(b)) = (lowest(others[0]), lowest(others[1])) {
                    cands[nc] = Action::new(ActionType::Chow, q, &[a, b]);
                    nc += 1;
                }
            }
        }
        for a in &cands[..nc] {
            if self.check(a).is_ok() {
                out.push(*a);
            }
        }
    }

    /// [`Deal::legal_actions_into`] into a new vector.
    pub fn legal_actions(&self, player: u8) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(player, &mut v);
        v
    }

    // ------------------------------------------------------------- apply
    /// Check `a` ([`Deal::check`]) and carry it out (HK §5–§8). An illegal action returns
    /// `Err(MahjongError::IllegalAction)` and leaves the state completely unchanged.
    pub fn apply(&mut self, a: &Action) -> Result<()> {
        let score = self.check(a)?;
        self.emit(Event::Action { action: *a, auto: false });
        if matches!(self.phase, Phase::Action | Phase::AfterClaim) {
            self.do_turn(a, score);
        } else {
            let p = a.player as usize;
            self.responses[p] = Some(*a);
            self.win_scores[p] = score;
            self.to_act.remove(a.player);
            if self.to_act.is_empty() {
                self.resolve_window();
            }
        }
        Ok(())
    }

    fn do_turn(&mut self, a: &Action, score: Option<ScoreOutcome>) {
        let p = a.player as usize;
        match a.kind {
            ActionType::Discard => self.discard(p, a.tiles.as_slice()[0]),
            ActionType::SelfDrawnWin => {
                let tile = if self.dealer_start { None } else { self.drawn_tile };
                if let Some(sc) = score {
                    self.win(&[(a.player, sc)], WinKind::SelfDrawn, tile, None);
                }
            }
            ActionType::ConcealedKong => {
                // HK §7.1, then the §7.4 replacement draw
                for &x in a.tiles.as_slice() {
                    self.hand_remove(p, x);
                }
                let tiles = a.tiles.sorted();
                let k = tiles.as_slice()[0] >> 2;
                self.melds[p].push(DealMeld { kind: MeldKind::ConcealedKong, tiles, claimed_from: None, claimed_tile: None });
                self.public[k as usize] += 4;
                self.interrupted = true;
                self.emit(Event::ConcealedKong { player: a.player, tiles });
                self.draw_and_act(a.player, true);
            }
            _ => {
                // HK §7.3 added kong: the tile is set aside and a ROB window opens
                let x = a.tiles.as_slice()[0];
                self.hand_remove(p, x);
                self.public[(x >> 2) as usize] += 1;
                self.kong_tile = Some(x);
                self.interrupted = true; // TW §10: declared, robbed or not
                self.emit(Event::AddedKong { player: a.player, tile: x });
                self.open_window(Phase::Rob, a.player, x);
            }
        }
    }

    /// HK §5.4 discard, then the RESPONSE window.
    fn discard(&mut self, p: usize, tile: u8) {
        self.hand_remove(p, tile);
        self.public[(tile >> 2) as usize] += 1;
        self.discards[p].push(Discard { tile, claimed_by: None });
        self.turn += 1;
        let last = self.remaining() == 0;
        self.emit(Event::Discard { player: p as u8, tile, last });
        self.open_window(Phase::Response, p as u8, tile);
    }

    /// HK §5.4 / §7.3 open a response window; auto-pass the players without a legal claim.
    fn open_window(&mut self, phase: Phase, source: u8, tile: u8) {
        self.phase = phase;
        self.drawn_tile = None;
        self.entered_by_draw = false;
        self.dealer_start = false;
        self.kong_chain = false;
        self.loose_tile = false;
        self.window_from = Some(source);
        self.window_tile = Some(tile);
        self.responses = [None; 4];
        self.win_scores = Default::default();
        let mut others = ToAct::default();
        for q in 0..4u8 {
            if q != source {
                others.push(q);
            }
        }
        if !self.opts.auto_pass {
            self.to_act = others;
            return;
        }
        let mut waiting = ToAct::default();
        let mut buf = std::mem::take(&mut self.scratch);
        for &q in others.as_slice() {
            let (win, any) = self.claim_options(q as usize);
            if any && {
                self.legal_responses_given(q, win, any, &mut buf);
                buf.len() > 1
            } {
                waiting.push(q);
            } else {
                let pass = Action::bare(ActionType::Pass, q);
                self.responses[q as usize] = Some(pass);
                self.emit(Event::Action { action: pass, auto: true });
            }
        }
        self.scratch = buf;
        self.to_act = waiting;
        if waiting.is_empty() {
            self.resolve_window();
        }
    }

    /// HK §6.2 priority: the highest rank; ties by turn order after the discarder/declarer.
    fn resolve_window(&mut self) {
        let (Some(src), Some(tile)) = (self.window_from, self.window_tile) else { return };
        let mut best: Option<Action> = None;
        for i in 1..4 {
            if let Some(r) = self.responses[(src as usize + i) % 4] {
                if r.kind.rank() > best.map_or(0, |b| b.kind.rank()) {
                    best = Some(r);
                }
            }
        }
        let Some(best) = best else {
            if self.phase == Phase::Rob {
                self.complete_added_kong(src, tile);
            } else if self.remaining() == 0 {
                self.exhaustive_draw(DrawReason::LastDiscard); // §8.2 case 1
            } else {
                self.draw_and_act((src + 1) % 4, false);
            }
            return;
        };
        if best.kind == ActionType::Win {
            // §11.3: head bump (the first in turn order) unless the ruleset pays every winner
            let mut winners: Vec<(u8, ScoreOutcome)> = Vec::with_capacity(1);
            for i in 1..4 {
                let q = (src as usize + i) % 4;
                if self.responses[q].is_some_and(|r| r.kind == ActionType::Win) {
                    if let Some(sc) = self.win_scores[q].take() {
                        winners.push((q as u8, sc));
                    }
                    if !self.rules.several_winners() {
                        break;
                    }
                }
            }
            let kind = if self.phase == Phase::Rob { WinKind::RobbingKong } else { WinKind::Discard };
            self.win(&winners, kind, Some(tile), Some(src));
            return;
        }
        // HK §5.5 a pung, exposed kong or chow
        let q = best.player as usize;
        if let Some(d) = self.discards[src as usize].last_mut() {
            d.claimed_by = Some(best.player);
        }
        for &x in best.tiles.as_slice() {
            self.hand_remove(q, x);
            self.public[(x >> 2) as usize] += 1;
        }
        let mut tiles = best.tiles;
        tiles.push(tile);
        let tiles = tiles.sorted();
        let kind = match best.kind {
            ActionType::Pung => MeldKind::Pung,
            ActionType::Kong => MeldKind::ExposedKong,
            _ => MeldKind::Chow,
        };
        self.melds[q].push(DealMeld { kind, tiles, claimed_from: Some(src), claimed_tile: Some(tile) });
        self.interrupted = true;
        self.emit(Event::Claim { player: best.player, kind: best.kind, tile, from: src, tiles });
        if best.kind == ActionType::Kong {
            self.draw_and_act(best.player, true); // §7.2, §7.4
        } else {
            self.enter_after_claim(best.player);
        }
    }

    /// HK §7.3 nobody robbed: the pung becomes an added kong; §7.4 replacement draw.
    fn complete_added_kong(&mut self, p: u8, tile: u8) {
        let k = tile >> 2;
        self.kong_tile = None;
        let pi = p as usize;
        let mut done = None;
        if let Some(m) = self.melds[pi].iter_mut().find(|m| m.kind == MeldKind::Pung && m.tile_kind() == k) {
            let mut tiles = m.tiles;
            tiles.push(tile);
            m.tiles = tiles.sorted();
            m.kind = MeldKind::AddedKong;
            done = Some(m.tiles);
        }
        if let Some(tiles) = done {
            self.emit(Event::KongCompleted { player: p, tiles });
        }
        self.draw_and_act(p, true);
    }

    // ------------------------------------------------------------- §8 end of the deal
    /// The payments of one win by player (HK §11, TW §15: the ruleset's, with the deal's
    /// dealer and streak).
    fn win_payments(&self, value: u8, winner: usize, self_drawn: bool, discarder: Option<usize>) -> [i64; 4] {
        let w = WinPayment { winner, value: value.into(), self_drawn, discarder: if self_drawn { None } else { discarder } };
        // the deal's own wins are consistent: the ruleset cannot refuse them
        self.rules.win_payments(&w, self.dealer as usize, self.opts.dealer_streak).unwrap_or([0; 4])
    }

    /// The ruleset's settlement of the deal's wins (HK §11–§12, TW §15–§16): payments and who
    /// deals next.
    fn settlement(&self, wins: &[Win]) -> Settlement {
        let pay: Vec<WinPayment> = wins.iter().map(Win::as_payment).collect();
        let (dealer, streak) = (self.dealer as usize, self.opts.dealer_streak);
        // the deal's own wins are consistent: the ruleset cannot refuse them
        self.rules.settle(&pay, dealer, streak).unwrap_or(Settlement {
            payments: [0; 4],
            dealer_after: dealer,
            streak_after: streak,
            passed: false,
        })
    }

    /// HK §8.1 / TW §8 win(s): pay (HK §11, TW §15) and end. `winners` in turn order with
    /// their validated scores; in Taiwanese every winner is paid by the discarder (TW §5.2).
    fn win(&mut self, winners: &[(u8, ScoreOutcome)], kind: WinKind, tile: Option<u8>, discarder: Option<u8>) {
        let mut wins = Vec::with_capacity(winners.len());
        for (i, (p, sc)) in winners.iter().enumerate() {
            let pi = *p as usize;
            if kind == WinKind::Discard && i == 0 {
                if let Some(d) = discarder.and_then(|d| self.discards[d as usize].last_mut()) {
                    d.claimed_by = Some(*p);
                }
            }
            if kind != WinKind::SelfDrawn && i == 0 {
                // the one physical tile goes to the first winner (every winner scores with it)
                if let Some(t) = tile {
                    self.hand_add(pi, t);
                    self.public[(t >> 2) as usize] -= 1;
                }
            }
            let self_drawn = kind == WinKind::SelfDrawn;
            let pay = self.win_payments(sc.value, pi, self_drawn, discarder.map(usize::from));
            let flags = WinFlags {
                kong_replacement: self_drawn && self.replacement_flag(),
                last_wall_tile: self_drawn && !self.dealer_start && self.remaining() == 0,
                last_discard: kind == WinKind::Discard && self.remaining() == 0,
                robbing_kong: kind == WinKind::RobbingKong,
                dealer_start: self_drawn && self.dealer_start,
            };
            wins.push(Win { player: *p, kind, tile, discarder, score: sc.clone(), flags, payments: pay });
        }
        self.kong_tile = None;
        let hands: Vec<(u8, Vec<u8>)> = if self.opts.record {
            winners
                .iter()
                .enumerate()
                .map(|(i, (p, _))| {
                    let mut hand = self.hands[*p as usize].clone();
                    if i > 0 {
                        hand.extend(tile);
                    }
                    hand.sort_unstable();
                    (*p, hand)
                })
                .collect()
        } else {
            Vec::new()
        };
        self.settle_and_end(wins, hands);
    }

    /// TW §7 a bonus-tile win found after an exposure of `tile`: automatic, scored only by its
    /// element (exempt from `min_tai`), settled as self-drawn (all eight) or paid by the
    /// exposing player (seven rob the eighth, who takes the tile into their bonus area).
    fn bonus_win(&mut self, w: &BonusWin, tile: u8) {
        let (kind, discarder) = match w.kind {
            BonusWinKind::AllEight => (WinKind::BonusAllEight, None),
            BonusWinKind::RobEighth => (WinKind::BonusRobEighth, w.discarder.map(|d| d as u8)),
        };
        if let Some(d) = discarder {
            let d = d as usize;
            if let Some(i) = self.bonus[d].iter().position(|&b| b == tile) {
                self.bonus[d].remove(i);
                self.bonus_mask[d] &= !(1 << (tile - N_ORDINARY));
            }
            self.add_bonus(w.winner, tile);
        }
        let value = w.element.value;
        let score = ScoreOutcome {
            is_win: true,
            reason: None,
            value,
            raw_value: value,
            limit: None,
            elements: vec![w.element],
            interpretation: None,
        };
        let pay = self.win_payments(value, w.winner, discarder.is_none(), w.discarder);
        let win =
            Win { player: w.winner as u8, kind, tile: Some(tile), discarder, score, flags: WinFlags::default(), payments: pay };
        let hands = if self.opts.record {
            let mut hand = self.hands[w.winner].clone();
            hand.sort_unstable();
            vec![(w.winner as u8, hand)]
        } else {
            Vec::new()
        };
        self.settle_and_end(vec![win], hands);
    }

    /// Apply the wins' payments, record the `win` and `payments` events (`hands`: each
    /// winner's final concealed ids, when recording) and end the deal.
    fn settle_and_end(&mut self, wins: Vec<Win>, hands: Vec<(u8, Vec<u8>)>) {
        let mut total = [0i64; 4];
        for w in &wins {
            for ((s, t), x) in self.scores.iter_mut().zip(total.iter_mut()).zip(w.payments) {
                *s += x;
                *t += x;
            }
        }
        let settlement = self.settlement(&wins);
        debug_assert!(settlement.payments == total);
        if self.opts.record {
            for (i, (p, hand)) in hands.into_iter().enumerate() {
                self.emit(Event::Win { player: p, win: i, hand });
            }
            self.emit(Event::Payments { payments: total, scores: self.scores });
        }
        self.end(DealResult {
            deal_index: self.deal_index,
            dealer: self.dealer,
            draw_reason: None,
            wins,
            payments: total,
            scores: self.scores,
            turns: self.turn,
            tiles_left: self.remaining() as u32,
            prevailing_wind: self.opts.prevailing_wind,
            dealer_streak: self.opts.dealer_streak,
            settlement,
        });
    }

    /// HK §8.2 / TW §8 exhaustive draw: no winner, no payments (the dealer keeps the seat
    /// and the streak, TW §16).
    fn exhaustive_draw(&mut self, reason: DrawReason) {
        self.emit(Event::ExhaustiveDraw { reason });
        let settlement = self.settlement(&[]);
        self.end(DealResult {
            deal_index: self.deal_index,
            dealer: self.dealer,
            draw_reason: Some(reason),
            wins: Vec::new(),
            payments: [0; 4],
            scores: self.scores,
            turns: self.turn,
            tiles_left: self.remaining() as u32,
            prevailing_wind: self.opts.prevailing_wind,
            dealer_streak: self.opts.dealer_streak,
            settlement,
        });
    }

    fn end(&mut self, result: DealResult) {
        self.phase = Phase::Ended;
        self.to_act = ToAct::default();
        self.active = None;
        self.result = Some(result);
    }
}

/// A player number in a message (`?` for one outside 0..3).
struct PlayerName(u8);

impl std::fmt::Display for PlayerName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 < 4 {
            write!(f, "{}", self.0)
        } else {
            f.write_str("?")
        }
    }
}
