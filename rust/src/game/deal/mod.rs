//! The deal state machine (HK §4–§8, §13), generic over the ruleset. The seats: the dealer is
//! East and the seat winds follow in turn order (HK §3).
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
//!
//! House rules come from the ruleset's deal hooks ([`crate::rules::DealSetup`],
//! [`crate::rules::PlayHooks`], [`crate::rules::BonusTileWins`],
//! [`crate::rules::LiabilityRules`]): the tile set
//! the wall is built from, restrictions on claims and discards, extra actions and the
//! declaration phase, per-seat rule state, abortive draws and liability records. The engine
//! asks them only when the ruleset says it has any ([`Ruleset::has_hooks`], read once).
//!
//! This file holds the state and its construction; the methods are split by concern:
//! `views.rs` (reading the state), `legality.rs` (the check and the legal actions),
//! `transitions.rs` (dealing, draws, `apply`, the response windows), `settlement.rs` (wins,
//! payments, the exhaustive draw).

mod id_set;
mod legality;
mod settlement;
mod transitions;
mod views;
#[cfg(test)]
mod wall_tests;

use super::action::{Action, ActionType, Phase, Tiles, UNKNOWN_PLAYER};
use super::event::{DealResult, DrawReason, Event, ReplacementReason, WallCount, Win, WinFlags, WinKind};
use crate::analysis::decompose::is_complete;
use crate::error::IllegalCode;
use crate::error::{MahjongError, Result};
use crate::rules::scoring::{DealProgress, ScoreOutcome, WinContext};
use crate::rules::{BonusWin, BonusWinKind, HookEvent, ReserveMode, RuleState, Ruleset, Settlement, WallRules, WinPayment};
use crate::tiles::hand::{Counts, Hand, Meld, MeldKind};
use crate::tiles::tile::{Bonus, Tile, N_KINDS, N_TILES};
use id_set::IdSet;

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

/// The players who must act now: the active player, the responders of a window ascending, or
/// the seats of a declaration window ascending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ToAct {
    players: [u8; 4],
    len: u8,
}

impl ToAct {
    fn one(p: u8) -> ToAct {
        ToAct { players: [p, 0, 0, 0], len: 1 }
    }
    pub fn as_slice(&self) -> &[u8] {
        &self.players[..self.len as usize]
    }
    #[inline]
    pub fn contains(&self, p: u8) -> bool {
        // at most four entries: compared without an iterator (a hot path of every check)
        let n = self.len as usize;
        (n > 0 && self.players[0] == p)
            || (n > 1 && self.players[1] == p)
            || (n > 2 && self.players[2] == p)
            || (n > 3 && self.players[3] == p)
    }
    fn push(&mut self, p: u8) {
        if let Some(slot) = self.players.get_mut(self.len as usize) {
            *slot = p;
            self.len += 1;
        }
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
    /// The ruleset's per-seat flags and liability records.
    pub rule_state: RuleState,
    /// (TW §20.5.7 the reserve, the kongs completed so far).
    pub reserve: (usize, u8),
}

/// One deal (HK §4–§11, TW §4–§8) under a [`Ruleset`].
#[derive(Debug, Clone)]
pub struct Deal {
    rules: Ruleset,
    wall: [u8; N_TILES],
    /// The number of ids of the wall (the ruleset's tile set: 144, or 136 without bonus tiles).
    wall_len: usize,
    /// Whether the ruleset's house-rule hooks are asked ([`Ruleset::has_hooks`], read once).
    hooks: bool,
    /// The ruleset's per-seat flags and liability records (empty without hooks).
    rule_state: RuleState,
    /// The wall and kong rules (TW §20.5.4–§20.5.7; [`WallRules::NONE`] without hooks).
    wall_rules: WallRules,
    /// The tail tiles normal draws may not take (TW §20.1 `reserve`; the ruleset's dead wall
    /// at the start, changed only by [`WallRules::reserve`]).
    reserve: usize,
    /// Kongs completed in the deal, all seats (counted under [`WallRules`] other than NONE).
    kongs: u8,
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
    /// The ids of `hands`, as a set (kept with `hands` by `hand_add`, `hand_remove`, `recount`).
    held: [IdSet; 4],
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
    /// The legal responses of each player still to answer the open window, as computed when it
    /// opened with `auto_pass` (they cannot change while the window is open); None otherwise.
    window_lists: [Option<ResponseList>; 4],
    /// TW §20.6.3: the bonus-tile win offered to a seat, from the exposure that makes it until
    /// the seat answers in `BONUS_CHOICE` (None without one; boxed: rare).
    bonus_offer: Option<Box<BonusOffer>>,
}

/// A bonus-tile win offered to a seat (TW §20.5.8 rule 2 `optional_standalone` and
/// `compound`, rule 3 seven-rob `optional`; §20.6.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct BonusOffer {
    /// The win the seat may take.
    win: crate::rules::BonusWin,
    /// The bonus tile whose exposure made it.
    tile: u8,
    /// The bonus tile that moves to the winner with a seven-rob win: the exposed one (case A),
    /// or the single bonus tile of the seat that pays the rob (case B); `tile` otherwise.
    moved: u8,
    /// Where play resumes after a `DECLINE`.
    resume: Resume,
}

/// Where play resumes after an offered bonus-tile win is declined (TW §20.6.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Resume {
    /// The dealer's start of play (the offer came at the end of the initial replacement).
    Start,
    /// The seat's `ACTION` after its draw: (seat, drawn tile, kong chain).
    Action(u8, Option<u8>, bool),
    /// TW §20.5.8 rule 3: the exposing seat's replacement draw for the tile just exposed, then
    /// its `ACTION`: (seat, kong chain).
    Draw(u8, bool),
    /// The same in the initial replacement (HK §4.4 order): the seat at position `k` from the
    /// dealer owes `owed` replacement draws, bonus tiles still in its hand to expose.
    Initial { k: u8, owed: u8 },
    /// The same under `initial_bonus_order = round_robin` (TW §20.5.8 rule 1): the seat at
    /// position `k` owes the replacement for the tile just exposed, then exposes `held`.
    Rounds { k: u8, held: Vec<u8> },
}

/// The legal responses of one player in a window (HK §6.2): pass, win, exposed kong, pung and
/// up to three chows.
#[derive(Debug, Clone, Copy)]
pub(super) struct ResponseList {
    actions: [Action; 7],
    len: u8,
}

impl ResponseList {
    fn new(list: &[Action]) -> Option<ResponseList> {
        let pad = *list.first()?;
        let mut actions = [pad; 7];
        (list.len() <= actions.len()).then(|| {
            actions[..list.len()].copy_from_slice(list);
            ResponseList { actions, len: list.len() as u8 }
        })
    }
    pub(super) fn as_slice(&self) -> &[Action] {
        &self.actions[..self.len as usize]
    }
}

fn illegal(code: IllegalCode, message: impl Into<String>) -> MahjongError {
    MahjongError::IllegalAction { code, message: message.into() }
}

/// A winning shape (HK §9) is possible at all: false when an honour is held exactly once and
/// the hand cannot be thirteen orphans (the standard shape and seven pairs need every honour
/// 0, 2 or 3 times). A filter that spares the table lookups of [`is_complete`] on most hands;
/// [`is_complete`] decides the rest.
#[inline(always)]
pub(super) fn shape_possible(c: &Counts, n_melds: usize, shapes: &crate::analysis::decompose::ShapeRules) -> bool {
    if !has_byte_one(honours_word(c)) {
        return true;
    }
    shapes.thirteen_orphans && n_melds == 0 && c.iter().enumerate().all(|(k, &n)| n == 0 || is_orphan_kind(k))
}

/// The seven honour counts of `c` as the low seven bytes of a word (the eighth is 0).
#[inline]
fn honours_word(c: &Counts) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&c[N_KINDS - 8..]);
    u64::from_le_bytes(b) >> 8
}

/// [`shape_possible`] for `c` with one more tile of kind `k`, without building that hand.
#[inline]
pub(super) fn shape_possible_with(c: &Counts, k: usize, n_melds: usize, shapes: &crate::analysis::decompose::ShapeRules) -> bool {
    let mut w = honours_word(c);
    if k >= 27 {
        w += 1 << (8 * (k - 27));
    }
    if !has_byte_one(w) {
        return true;
    }
    shapes.thirteen_orphans
        && n_melds == 0
        && is_orphan_kind(k)
        && c.iter().enumerate().all(|(j, &n)| n == 0 || is_orphan_kind(j))
}

/// A terminal or an honour (HK §2.2): the kinds of thirteen orphans.
#[inline]
fn is_orphan_kind(k: usize) -> bool {
    k >= 27 || k % 9 == 0 || k % 9 == 8
}

/// Whether a byte of `w` equals 1 (counts are at most 5, so no byte overflows the test).
#[inline]
fn has_byte_one(w: u64) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let x = w ^ LOW; // a byte equal to 1 becomes 0
    (x.wrapping_sub(LOW) & !x & (LOW << 7)) != 0
}

/// Whether some kind of `c` is held four times (counts are at most 4: bit 2 is set only by 4).
#[inline(always)]
pub(super) fn has_four(c: &Counts) -> bool {
    let mut words = [0u8; 40];
    words[..N_KINDS].copy_from_slice(c);
    words.chunks_exact(8).any(|w| u64::from_le_bytes(w.try_into().unwrap_or([0; 8])) & 0x0404_0404_0404_0404 != 0)
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
    /// Under a ruleset whose tile set is smaller ([`Ruleset::tile_set`], 136 without bonus
    /// tiles) the wall holds that set's ids once each, or all 144 ids, of which the ones
    /// outside the set are left out (in order: a seeded wall serves every tile set).
    /// Errors: `InvalidHand` for a wall that is not such a permutation, a dealer
    /// outside 0..=3 or a score outside ±[`MAX_SCORE`].
    pub fn new(rules: &Ruleset, wall: &[u8], dealer: u8, scores: [i64; 4], deal_index: u32, opts: DealOptions) -> Result<Deal> {
        let set = rules.tile_set();
        let kept: Vec<u8>;
        let wall = if !set.is_full() && wall.len() == N_TILES && wall.iter().all(|&t| (t as usize) < N_TILES) {
            kept = wall.iter().copied().filter(|&t| set.contains(t)).collect();
            &kept[..]
        } else {
            wall
        };
        let full = set.is_full();
        let n = if full { N_TILES } else { set.len() };
        if wall.len() != n {
            return Err(MahjongError::hand(format!("a wall has {n} tiles, got {}", wall.len())));
        }
        let mut seen = [false; N_TILES];
        for &t in wall {
            if t as usize >= N_TILES {
                return Err(MahjongError::tile(0, format!("wall tile id {t} is outside 0..143")));
            }
            if seen[t as usize] || (!full && !set.contains(t)) {
                return Err(MahjongError::hand(if set.is_full() {
                    "the wall must hold every tile id 0..143 exactly once".to_string()
                } else {
                    format!("the wall must hold every tile id of the ruleset's {n}-tile set exactly once")
                }));
            }
            seen[t as usize] = true;
        }
        if dealer > 3 {
            return Err(MahjongError::hand(format!("dealer must be 0..3, got {dealer}")));
        }
        check_scores(&scores)?;
        check_options(&opts)?;
        let mut w = [0u8; N_TILES];
        w[..n].copy_from_slice(wall);
        let mut d = Deal::empty(rules, w, n, dealer, scores, deal_index, opts);
        d.deal_tiles();
        Ok(d)
    }

    /// The deal of `(seed, deal_index)`: the seeded wall of HK §4.1.
    pub fn seeded(rules: &Ruleset, seed: u64, deal_index: u32, dealer: u8, scores: [i64; 4], opts: DealOptions) -> Result<Deal> {
        let wall = crate::tiles::wall::shuffle(seed, deal_index as u64);
        Deal::new(rules, &wall, dealer, scores, deal_index, opts)
    }

    pub(super) fn blank(
        rules: &Ruleset,
        wall: [u8; N_TILES],
        wall_len: usize,
        dealer: u8,
        scores: [i64; 4],
        deal_index: u32,
        opts: DealOptions,
    ) -> Deal {
        Deal::empty(rules, wall, wall_len, dealer, scores, deal_index, opts)
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
        if !self.wall_rules.is_none() {
            // TW §20.5.6, §20.5.7: the kongs on the table were completed in this deal
            let k = melds.iter().flatten().filter(|m| m.kind.is_kong()).count();
            self.kongs = k as u8;
            if self.wall_rules.reserve == ReserveMode::KongAddsOne {
                self.reserve += k;
            }
        }
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
        if dealer_start && self.hooks {
            self.open_declare();
        }
    }

    fn empty(
        rules: &Ruleset,
        wall: [u8; N_TILES],
        wall_len: usize,
        dealer: u8,
        scores: [i64; 4],
        deal_index: u32,
        opts: DealOptions,
    ) -> Deal {
        let cap = rules.hand_tiles() + 2;
        Deal {
            rules: rules.clone(),
            wall,
            wall_len,
            hooks: rules.has_hooks(),
            rule_state: RuleState::default(),
            wall_rules: if rules.has_hooks() { rules.deal_setup().wall_rules() } else { WallRules::NONE },
            reserve: rules.dead_wall(),
            kongs: 0,
            front: 0,
            back: wall_len,
            dealer,
            deal_index,
            seat_winds: std::array::from_fn(|p| (p as u8 + 4 - dealer) % 4),
            opts,
            events: Vec::new(),
            hands: std::array::from_fn(|_| Vec::with_capacity(cap)),
            held: [IdSet::default(); 4],
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
            window_lists: [None; 4],
            bonus_offer: None,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::decompose::{HK_SHAPES, TW_SHAPES};
    use rand_chacha::rand_core::{RngCore, SeedableRng};

    /// The filter on "this hand and one more tile" equals the filter on the hand built, on
    /// random hands of both sizes with and without declared sets, and on hands of terminals
    /// and honours only (where thirteen orphans decides).
    #[test]
    fn shape_filter_with_one_more_tile_agrees_with_the_built_hand() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut passed, mut orphan_passed) = (0, 0);
        for i in 0..20_000 {
            let (shapes, size) = if i % 2 == 0 { (&HK_SHAPES, 13) } else { (&TW_SHAPES, 16) };
            let n_melds = (rng.next_u32() % 3) as usize;
            let orphans_only = i % 5 == 0;
            let mut c: Counts = [0; N_KINDS];
            let mut placed = 0;
            while placed < size - 3 * n_melds {
                let k = (rng.next_u32() % N_KINDS as u32) as usize;
                if (orphans_only && !is_orphan_kind(k)) || c[k] == 4 {
                    continue;
                }
                c[k] += 1;
                placed += 1;
            }
            for k in 0..N_KINDS {
                let mut with = c;
                with[k] += 1;
                let fast = shape_possible_with(&c, k, n_melds, shapes);
                assert_eq!(fast, shape_possible(&with, n_melds, shapes), "kind {k} of {c:?}, {n_melds} sets");
                passed += usize::from(fast);
                orphan_passed += usize::from(fast && has_byte_one(honours_word(&with)));
            }
        }
        assert!(passed > 10_000 && orphan_passed > 100, "cases reached: {passed} passed, {orphan_passed} by thirteen orphans");
    }

    /// The crate-private shape prefilter never turns away a complete hand (it stays a unit test:
    /// `shape_possible` is not public, so it cannot go with the scenarios to rust/tests/).
    #[test]
    fn the_shape_filter_never_rejects_a_complete_hand() {
        use crate::analysis::decompose::is_complete;
        // the xorshift of the deal scenarios (rust/tests/hk_deals), seed 3, as before the move
        let mut state = 3u64;
        let mut below = |n: usize| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
        };
        let mut rejected = 0;
        for _ in 0..200_000 {
            let mut c = [0u8; 34];
            for _ in 0..14 {
                let k = below(34);
                if c[k] < 4 {
                    c[k] += 1;
                }
            }
            let n: usize = c.iter().map(|&x| x as usize).sum();
            let melds = (14 - n) / 3;
            if (14 - n) % 3 != 0 {
                continue;
            }
            if !shape_possible(&c, melds, &HK_SHAPES) {
                rejected += 1;
                assert!(!is_complete(&c, melds, &HK_SHAPES), "{c:?}");
            }
        }
        for h in ["19m19p19s1234567z1z", "1z1z2z2z3z3z4z4z5z5z6z6z7z7z"] {
            let c = crate::parse_hand(h).unwrap().concealed;
            assert!(shape_possible(&c, 0, &HK_SHAPES) && is_complete(&c, 0, &HK_SHAPES));
        }
        assert!(rejected > 1000);
    }

    /// The legal lists a window keeps from its opening equal the lists computed when asked, at
    /// every step of seeded deals with random choices (Hong Kong and both Taiwanese tables),
    /// and every listed action passes `check`.
    #[test]
    fn kept_window_lists_equal_fresh_ones() {
        use crate::rules::taiwanese::switches::{TaiTable, TwSwitches};
        let rulesets = [
            Ruleset::hong_kong(),
            crate::rules::taiwanese::ruleset(TwSwitches::with_table(TaiTable::High)).unwrap(),
            crate::rules::taiwanese::ruleset(TwSwitches { min_tai: 0, ..TwSwitches::with_table(TaiTable::Low) }).unwrap(),
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let (mut kept, mut claims) = (0, 0);
        for (r, rules) in rulesets.iter().enumerate() {
            for i in 0..300u32 {
                let mut d = Deal::seeded(rules, 40 + r as u64, i, (i % 4) as u8, [0; 4], DealOptions::new(true, false)).unwrap();
                let (mut list, mut fresh) = (Vec::new(), Vec::new());
                while d.phase != Phase::Ended {
                    let p = d.to_act.as_slice()[0];
                    d.legal_actions_into(p, &mut list);
                    if d.phase.is_window() {
                        assert!(d.window_lists[p as usize].is_some(), "a waiting player's list is kept");
                        d.legal_responses(p, &mut fresh);
                        assert_eq!(list, fresh, "deal {i} of ruleset {r}");
                        kept += 1;
                        claims += usize::from(list.len() > 1);
                    }
                    assert!(list.iter().all(|a| d.is_legal(a)));
                    // claim half the time when a claim is listed, so that windows with claims are reached
                    let n = list.len() as u32;
                    let i = if n > 1 && rng.next_u32() % 2 == 0 { 1 + rng.next_u32() % (n - 1) } else { rng.next_u32() % n };
                    d.apply(&list[i as usize]).unwrap();
                }
            }
        }
        assert!(kept > 1000 && claims == kept, "windows asked: {kept}, with a claim listed: {claims}");
    }

    #[test]
    fn byte_tests() {
        assert!(!has_byte_one(0));
        assert!(has_byte_one(1 << 48));
        assert!(!has_byte_one(0x0002_0304_0203_0200));
        assert!(has_byte_one(0x0002_0304_0203_0201));
        let mut c: Counts = [0; N_KINDS];
        assert!(!has_four(&c));
        c[33] = 4;
        assert!(has_four(&c));
        c[33] = 3;
        c[0] = 4;
        assert!(has_four(&c));
        c[0] = 3;
        assert!(!has_four(&c));
        c[27] = 1;
        c[33] = 2;
        assert_eq!(honours_word(&c), 0x0002_0000_0000_0001);
    }
}
