//! The deal hooks (issue 33 item 4): what a ruleset may change in the deal engine, as four
//! capabilities, each with defaults that mean "no house rule". The engine (`game/deal/`) asks a
//! ruleset with [`DealSetup::has_hooks`] false only [`DealSetup::tile_set`],
//! [`DealSetup::several_winners`] and [`BonusTileWins::deal_bonus_win`] (by default
//! [`BonusTileWins::bonus_win`]): with no house rule the other hooks are never called, so they
//! cost nothing and change no record, log or event stream.
//!
//! - [`DealSetup`], the deal as a ruleset sets it up (read before play or once per deal):
//!   [`DealSetup::tile_set`], the physical ids the wall is built from (136 without bonus
//!   tiles, HK §19 `flowers=false`; ids keep their meaning 0..=143, a set omits some);
//!   [`DealSetup::several_winners`] and [`DealSetup::winning_claims`], who wins one discard
//!   (HK §11.3, TW §5.2, §20.5.1); [`DealSetup::wall_rules`], the reserve at the tail of the
//!   wall and the kong and claim rules that depend on it (TW §20.5.4–§20.5.7), the four-kongs
//!   and four-winds abortive draws; [`DealSetup::rule_flags`], the names of the per-seat rule
//!   state the ruleset keeps in a [`RuleState`]: public flags every seat sees (a declared
//!   ready) and private ones only the seat sees (the pass-over flag, TW §20.6.4);
//!   [`DealSetup::extra_actions`], the action types the ruleset adds (`DECLARE_READY`, TW
//!   §20.6.1).
//! - [`PlayHooks`], the turns and windows of play: [`PlayHooks::extra_candidates`] lists the
//!   extra actions for `legal_actions()` and [`PlayHooks::check`] decides them;
//!   [`PlayHooks::check`] also refuses the engine's own actions (pass-over, TW §20.5.2;
//!   discard restrictions after a claim, §20.5.3; what a declared seat may do, §20.6.1), each
//!   an `IllegalAction` error with its code; [`PlayHooks::declare_window`], the extra phase
//!   `DECLARE`, a window in which the seats the ruleset names answer once with one of its
//!   actions or a pass (an opening declaration); [`PlayHooks::rob_window`] and
//!   [`PlayHooks::auto_action`] (TW §20.5.5, §20.6.3); [`PlayHooks::on_event`], what happened
//!   in the deal ([`HookEvent`]), for the ruleset to keep its [`RuleState`] (flags, liability
//!   records, HK §19 / TW §20.7.2) and to end the deal in an abortive draw (TW §20.5.6) by
//!   returning its reason; [`PlayHooks::win_situation`], the situation a win is scored in as
//!   the rule state makes it (TW §20.6.1–§20.6.2); [`PlayHooks::false_win`], a refused win
//!   declaration carried out as a false win with its penalty (HK §19.11 詐糊).
//! - [`BonusTileWins`], the bonus-tile wins (TW §7, §20.5.8, HK §19.6 flower wins): the
//!   automatic win after an exposure, the win offered to the seat (TW `BONUS_CHOICE` is a
//!   window of one seat), and how such a win's hand is scored and reported.
//! - [`LiabilityRules`], liability (HK §19.8 包牌, TW §20.7.2): what a claim would record
//!   against its feeder (asked by the agents) and the settlement adjusted by the deal's
//!   liability records.

use super::{BonusWin, ScoreOutcome, Settlement};
use crate::error::{MahjongError, Result};
use crate::game::{Action, ActionType, Deal, Win};
use crate::tiles::hand::Meld;
use crate::tiles::tile::{Bonus, N_TILES};

/// The physical ids a ruleset plays with, as a mask over 0..=143.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileSet {
    mask: [u64; 3],
}

impl TileSet {
    /// All 144 ids (the rules files' set).
    pub const FULL: TileSet = TileSet { mask: [u64::MAX, u64::MAX, (1 << (N_TILES - 128)) - 1] };
    /// The 136 ordinary tiles, no bonus tiles (ids 136..=143 omitted).
    pub const NO_BONUS: TileSet = TileSet { mask: [u64::MAX, u64::MAX, (1 << (136 - 128)) - 1] };

    /// Whether id `t` is in the set.
    #[inline]
    pub fn contains(&self, t: u8) -> bool {
        (t as usize) < N_TILES && self.mask[t as usize / 64] >> (t % 64) & 1 == 1
    }
    /// The number of ids.
    pub fn len(&self) -> usize {
        self.mask.iter().map(|m| m.count_ones() as usize).sum()
    }
    /// Whether the set is empty (never for a ruleset's set).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Whether it is the full set of 144 ids.
    pub fn is_full(&self) -> bool {
        *self == TileSet::FULL
    }
}

/// The names of a ruleset's per-seat flags: bit i of [`RuleState::public`] is `public[i]`,
/// bit i of [`RuleState::private`] is `private[i]` (at most 16 each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleFlags {
    pub public: &'static [&'static str],
    pub private: &'static [&'static str],
    /// The log names the ruleset's rules give a flag's events, `(flag, set, cleared)` (HK
    /// §19.13: `("pass_over", "pass_over_lock", "pass_over_clear")`); a flag not listed is
    /// logged as the generic `rule_flag`.
    pub events: &'static [(&'static str, &'static str, &'static str)],
    /// Private flags every seat may see once the deal has ended (TW §20.6.4: a qualification
    /// is its seat's only, "all seats after the deal's result"): each one still set then is
    /// told again as a public event of the flag, after the result's events.
    pub revealed: &'static [&'static str],
}

impl RuleFlags {
    /// No flags.
    pub const NONE: RuleFlags = RuleFlags { public: &[], private: &[], events: &[], revealed: &[] };

    /// The log name of the event that says `flag` was set (`value` true) or cleared.
    pub fn event_name(&self, flag: &str, value: bool) -> &'static str {
        self.events.iter().find(|e| e.0 == flag).map_or("rule_flag", |e| if value { e.1 } else { e.2 })
    }
}

/// An action type a ruleset adds to the engine's own ([`DealSetup::extra_actions`]), with the
/// switch that adds it (`None`: the ruleset always has it), so that a face that cannot express
/// it (RL observation/action version 1) can name the switch in its refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExtraAction {
    pub kind: ActionType,
    pub switch: Option<&'static str>,
}

/// A liability record (包牌, TW §20.7.2, HK §19): `liable` fed `seat` the set that makes
/// `pattern` threaten, and pays for `seat`'s win as the ruleset settles it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Liability {
    /// The seat the record is for (the winner it may pay for).
    pub seat: u8,
    /// Who is liable.
    pub liable: u8,
    /// The pattern, in the rules' words (`"big_three_dragons"`).
    pub pattern: &'static str,
}

/// What a claim would make its feeder liable for (HK §19.8, TW §20.7.2), as the agents ask it
/// before a discard ([`LiabilityRules::claim_liability`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LiabilityRisk {
    /// The pattern, in the rules' words (`"three_dragons"`, `"big_three_dragons"`).
    pub pattern: &'static str,
    /// The value, in the ruleset's unit, of the element the pattern guards (the big hand it
    /// threatens); 0 where the pattern guards none (HK `fourth_meld`: every win).
    pub guarded: u8,
}

/// The rule state of one deal: flags per seat and the liability records, kept by the ruleset
/// through [`PlayHooks::on_event`], readable from the deal and (its public part and the seat's
/// own private flags) from the seat's view.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct RuleState {
    /// Per seat, the public flags (bit i: [`RuleFlags::public`]`[i]`).
    pub public: [u16; 4],
    /// Per seat, the private flags (bit i: [`RuleFlags::private`]`[i]`), seen by the seat only.
    pub private: [u16; 4],
    /// The liability records, in the order made.
    pub records: Vec<Liability>,
    /// Per seat, a private set of tile kinds (bit k: kind k, 0..=33), seen by the seat only
    /// (HK §19.12: the kinds a pass-over lock holds).
    pub kinds: [u64; 4],
    /// Per seat, the ruleset's own bookkeeping bits (TW §20.5.5 an exposed kong's replacement
    /// chain, §20.6.2 a qualification already earned): neither shown to a seat nor logged.
    pub marks: [u16; 4],
}

impl RuleState {
    /// Whether public flag `bit` of seat `p` is set.
    pub fn public_flag(&self, p: usize, bit: u8) -> bool {
        self.public.get(p).is_some_and(|f| f >> bit & 1 == 1)
    }
    /// Whether private flag `bit` of seat `p` is set.
    pub fn private_flag(&self, p: usize, bit: u8) -> bool {
        self.private.get(p).is_some_and(|f| f >> bit & 1 == 1)
    }
    /// Set or clear public flag `bit` of seat `p`.
    pub fn set_public(&mut self, p: usize, bit: u8, on: bool) {
        if let Some(f) = self.public.get_mut(p) {
            *f = if on { *f | 1 << bit } else { *f & !(1 << bit) };
        }
    }
    /// Set or clear private flag `bit` of seat `p`.
    pub fn set_private(&mut self, p: usize, bit: u8, on: bool) {
        if let Some(f) = self.private.get_mut(p) {
            *f = if on { *f | 1 << bit } else { *f & !(1 << bit) };
        }
    }
}

/// How the reserve at the tail of the wall behaves (TW §20.5.7 `dead_wall_mode`): the tiles
/// normal draws may not take, [`crate::rules::Ruleset::dead_wall`] at the start of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ReserveMode {
    /// A fixed reserve, replenished after every replacement draw (TW §4.2; `replenished_16`).
    #[default]
    Fixed,
    /// Each completed kong raises the reserve by one before its replacement is drawn
    /// (`kong_adds_one`): a kong costs two live tiles.
    KongAddsOne,
    /// A replacement wall of the reserve's size, topped up from the live wall while live
    /// tiles remain; once none remain replacement draws empty it (`replacement_wall_16`).
    ReplacementWall,
}

/// The wall and kong rules of a deal ([`DealSetup::wall_rules`], asked once per deal of a
/// ruleset with hooks): TW §20.5.4–§20.5.7. [`WallRules::NONE`] is the seed's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WallRules {
    /// How the reserve behaves.
    pub reserve: ReserveMode,
    /// A chow or pung claim needs this many live tiles, a kong this many after its cost
    /// (TW §20.5.4 `claim_wall_reserve`: 4; 0 = no such rule; `CLAIM_RESERVE`).
    pub claim_reserve: u8,
    /// A seat that drew the last live tile may still declare a concealed or added kong when
    /// no replacement is possible; the deal then ends in an exhaustive draw (TW §20.5.5 rule 4).
    pub last_tile_kong: bool,
    /// The fourth kong of the deal ends it in an abortive draw (`four_kongs`) and needs no
    /// replacement (TW §20.5.6 rule 2, §20.5.5 rule 5).
    pub four_kongs_abort: bool,
    /// Four discards of one wind by the four seats, first in the deal and without
    /// interruption, end it in an abortive draw (`four_winds`) once their window passes
    /// (TW §20.5.6 rule 1).
    pub four_winds_abort: bool,
    /// The initial bonus replacement goes in rounds from the dealer, each seat replacing one at
    /// a time the bonus tiles it held when its turn in the round began (TW §20.5.8 rule 1
    /// `round_robin`; else HK §4.4: each seat completes its replacements before the next).
    pub initial_bonus_rounds: bool,
    /// Every draw event carries the reserve and live counts (TW §20.6.4), though the rules
    /// of play above may be the seed's (a ruleset's house rules of another kind are on).
    pub counts_in_events: bool,
}

impl WallRules {
    /// The seed's rules: a fixed reserve, no claim reserve, no abortive draw.
    pub const NONE: WallRules = WallRules {
        reserve: ReserveMode::Fixed,
        claim_reserve: 0,
        last_tile_kong: false,
        four_kongs_abort: false,
        four_winds_abort: false,
        initial_bonus_rounds: false,
        counts_in_events: false,
    };
    /// Whether these are the seed's rules of play (whatever the events carry).
    #[inline]
    pub fn is_none(&self) -> bool {
        WallRules { counts_in_events: false, ..*self } == WallRules::NONE
    }
}

/// What happened in the deal, told to [`PlayHooks::on_event`] after the engine carried it
/// out (the deal passed along shows the state after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HookEvent {
    /// The hands are dealt and the bonus tiles replaced; nobody has acted.
    Dealt,
    /// `player` drew (a normal or a replacement draw, bonus replacements done).
    Drew { player: u8 },
    /// `player` discarded `tile` (its response window is open).
    Discarded { player: u8, tile: u8 },
    /// `player` passed in a response or robbing window; `could_win`: a win was legal for it.
    Passed { player: u8, could_win: bool },
    /// `player` answered a response window with a chow, pung or kong claim while a win on the
    /// tile was legal for it (HK §19.12: a claim made instead of a win passes the win).
    WinDeclined { player: u8 },
    /// `player` claimed `tile` from `from` for a chow, pung or exposed kong (the set is now the
    /// last of its declared sets).
    Claimed { player: u8, kind: ActionType, tile: u8, from: u8 },
    /// `player` completed a concealed or added kong (before its replacement draw; an exposed
    /// kong is [`HookEvent::Claimed`]); TW §20.5.6 four kongs.
    Konged { player: u8 },
    /// One of the ruleset's extra actions was accepted (and, when it names one tile outside a
    /// declaration window, carried out as a discard of it).
    Extra { action: Action },
    /// Every seat of a declaration window has answered; play goes on unless the hook ends the
    /// deal.
    WindowClosed,
    /// `player` passes a legal self-drawn win by another action in its turn (TW §20.5.2 rule 1:
    /// the flag is set just before that action): told on its own, before the
    /// [`HookEvent::Acting`] of that action, so that a flag set here and cleared by the action
    /// is logged both times (§20.6.4).
    SelfDrawnWinPassed { player: u8 },
    /// `action` (a discard, a concealed or added kong, or an extra action) is about to be
    /// carried out in its player's turn; `could_win`: a self-drawn win was legal for the player
    /// (then [`HookEvent::SelfDrawnWinPassed`] was told just before).
    Acting { action: Action, could_win: bool },
}

/// The deal's setup (see the module documentation): the facts of a ruleset's deal the engine
/// reads before play or once per deal, none of them about one moment of play: whether it has
/// house rules at all, the tile set, the wall and kong rules, the names of its per-seat flags,
/// the action types it adds and who wins one discard. Every method has a default that means
/// "no house rule".
pub trait DealSetup {
    /// Whether the engine asks the house-rule hooks at all (a constant, read once per deal:
    /// with false, the engine asks only [`DealSetup::tile_set`],
    /// [`DealSetup::several_winners`] and [`BonusTileWins::deal_bonus_win`]).
    fn has_hooks(&self) -> bool {
        false
    }
    /// The physical ids the wall is built from.
    fn tile_set(&self) -> TileSet {
        TileSet::FULL
    }
    /// Whether every player claiming a win on one tile wins (else only the first in turn order
    /// after the discarder: HK §11.3 head bump).
    fn several_winners(&self) -> bool {
        false
    }
    /// How many of the `claimants` legal win claims on one tile (listed in turn order after the
    /// discarder or declarer) win: the first that many (TW §20.5.1). Asked only with
    /// [`DealSetup::has_hooks`]; the default follows [`DealSetup::several_winners`].
    fn winning_claims(&self, claimants: usize) -> usize {
        if self.several_winners() {
            claimants
        } else {
            claimants.min(1)
        }
    }
    /// The wall and kong rules of the deal (TW §20.5.4–§20.5.7), asked once per deal.
    fn wall_rules(&self) -> WallRules {
        WallRules::NONE
    }
    /// The names of the per-seat flags of the [`RuleState`].
    fn rule_flags(&self) -> &'static RuleFlags {
        &RuleFlags::NONE
    }
    /// The action types the ruleset adds to the engine's own, in a fixed order (each refused as
    /// `WRONG_PHASE` by a ruleset that does not list it; the RL action space of version 2 gives
    /// them indices in this order).
    fn extra_actions(&self) -> &'static [ExtraAction] {
        &[]
    }
}

/// The hooks of play (see the module documentation): what a ruleset's house rules change in
/// the turns and windows of a deal, asked with the deal as it stands and its [`RuleState`]
/// (only when [`DealSetup::has_hooks`]): restrictions, the extra actions' candidates, the
/// declaration window, the robbing window, automatic actions, the rule state kept after each
/// event, the situation a win is scored in, and a false win. Every method has a default that
/// means "no house rule".
pub trait PlayHooks {
    /// Whether an added kong opens its `ROB` window (HK §7.3); false: it is completed at once
    /// (TW §20.5.5 rule 3 `rob_added_kong = false`).
    fn rob_window(&self, _deal: &Deal) -> bool {
        true
    }
    /// An action the engine makes for the player to act right after its draw (TW §20.6.3 the
    /// automatic added kong), carried out as an `action` event with `auto: true`; `None`: the
    /// player acts.
    fn auto_action(&self, _deal: &Deal, _state: &RuleState) -> Option<Action> {
        None
    }
    /// Candidates of the ruleset's extra actions for `player` now, appended to `out`; the
    /// engine lists those [`PlayHooks::check`] accepts.
    fn extra_candidates(&self, _deal: &Deal, _player: u8, _out: &mut Vec<Action>) {}
    /// The seats that answer a declaration window (`DECLARE`) opened once the hands are dealt,
    /// before the dealer acts (`None`: no window).
    fn declare_window(&self, _deal: &Deal) -> Option<[bool; 4]> {
        None
    }
    /// Refuse an action the engine's own rules accept (an `IllegalAction` error with its
    /// code), and decide the ruleset's extra actions (after the engine checked the phase and
    /// the player). `state` is the deal's rule state.
    fn check(&self, _deal: &Deal, _a: &Action, _state: &RuleState) -> Result<()> {
        Ok(())
    }
    /// Keep the rule state after `e`; `Some(reason)` ends the deal at once in an abortive
    /// draw with that reason (no winner, nothing settled).
    fn on_event(&self, _deal: &Deal, _e: &HookEvent, _state: &mut RuleState) -> Option<&'static str> {
        None
    }
    /// The situation of `player`'s win as the rule state makes it (TW §20.6.1 a declared
    /// ready, §20.6.2 a live qualification), set into `ctx` before the win is scored.
    fn win_situation(&self, _deal: &Deal, _player: usize, _state: &RuleState, _ctx: &mut crate::rules::WinContext) {}
    /// A win declaration (`win`, `self_drawn_win`) that the checks refused with `refusal`,
    /// accepted as a false win (HK §19.11): the payments of its penalty (sum zero), or `None`
    /// to refuse it as the checks did. The engine then ends the deal with no winner; who deals
    /// next is the ruleset's settlement of a deal without a win.
    fn false_win(&self, _deal: &Deal, _a: &Action, _refusal: &MahjongError) -> Option<[i64; 4]> {
        None
    }
}

/// The bonus-tile wins (see the module documentation; TW §7, §20.4.3, §20.5.8, HK §19.6): the
/// automatic win after an exposure, the win offered to the seat, and how such a win's hand is
/// scored and reported. Every method has a default that means "no bonus-tile win".
pub trait BonusTileWins {
    /// The automatic win, if any, after player `exposer` exposes bonus tile `tile`;
    /// `exposed[p]` is the mask of the bonus tiles `p` had exposed before (bit i = `(i+1)f`).
    fn bonus_win(&self, _exposed: &[u8; 4], _exposer: usize, _tile: Bonus) -> Result<Option<BonusWin>> {
        Ok(None)
    }
    /// The automatic win the deal makes after player `exposer` exposes bonus tile `tile`
    /// (`initial`: during the initial bonus replacement, TW §20.1 starting timing): by default
    /// [`BonusTileWins::bonus_win`]'s; a ruleset may add its starting element or treat a win
    /// below its minimum as declined (TW §20.4.2 rule 6): None, and play goes on.
    fn deal_bonus_win(&self, exposed: &[u8; 4], exposer: usize, tile: Bonus, initial: bool) -> Result<Option<BonusWin>> {
        let _ = initial;
        self.bonus_win(exposed, exposer, tile)
    }
    /// A bonus-tile win the seat may take or decline (TW §20.5.8 rule 2 `optional_standalone`,
    /// the `BONUS_CHOICE` phase of §20.6.3), after player `exposer` exposes bonus tile `tile`
    /// (`exposed` as for [`BonusTileWins::bonus_win`]); `initial`: during the initial bonus
    /// replacement (TW §20.1 starting timing). The engine asks it only when
    /// [`BonusTileWins::bonus_win`] found no automatic win, and asks the seat once its
    /// replacement draws are made; a win that robs (TW §20.5.8 rule 3 seven-rob `optional`) at
    /// once, before the exposing seat's replacement draw, and only when that draw can be made;
    /// an [`BonusWin::automatic`] one (`compound`) is made without asking.
    fn bonus_offer(&self, _exposed: &[u8; 4], _exposer: usize, _tile: Bonus, _initial: bool) -> Result<Option<BonusWin>> {
        Ok(None)
    }
    /// The score of an offered win that takes the seat's hand (TW §20.5.8 rule 2 `compound`,
    /// [`BonusWin::with_hand`]): `hand` is the seat's self-drawn score when its tiles can be
    /// scored (None: no hand, e.g. a non-dealer's 16 tiles in the initial replacement). None
    /// when the win is not made (the engine then plays on as after a `DECLINE`).
    fn bonus_hand_score(&self, _win: &BonusWin, _hand: Option<ScoreOutcome>) -> Option<ScoreOutcome> {
        None
    }
    /// The situation of the dealer's hand in an automatic bonus-tile win with the hand made
    /// during the initial bonus replacement (TW §20.4.3: a common table scores it with the
    /// heavenly win C42), set into `ctx` before that hand is scored; by default nothing.
    fn bonus_start_situation(&self, _ctx: &mut crate::rules::WinContext) {}
    /// The hand part of a seven-rob win scored with the seat's bonus tiles ignored (TW §20.5.8
    /// rule 3 (A)), as the ruleset reports it: by default as scored.
    fn rob_hand_part(&self, hand: ScoreOutcome) -> ScoreOutcome {
        hand
    }
}

/// Liability (包牌, see the module documentation; HK §19.8, TW §20.7.2): what a claim would
/// make its feeder liable for, and the deal's settlement adjusted by the liability records it
/// kept. Every method has a default that means "no liability".
pub trait LiabilityRules {
    /// HK §19.8, TW §20.7.2 from public information only (asked by the agents before they
    /// discard): the liability a claim would record against its feeder, if a seat whose
    /// declared sets are `melds` (the set the claim makes last, as a claimer's sets stand after
    /// it) made them by the claim `kind` (`Chow`, `Pung` or `Kong`). `None` without liability.
    fn claim_liability(&self, _melds: &[Meld], _kind: ActionType) -> Option<LiabilityRisk> {
        None
    }
    /// The settlement `s` of `deal`'s `wins` (the ruleset's `Payments::settle`), adjusted by
    /// the deal's liability `records`; each win carries its kind, payer and scored elements
    /// (TW §20.7.2 applies a record only when its guarded element was scored). Its payments
    /// must still sum to zero. The ruleset may set each win's own `payments` and
    /// `liable_paid` to what it settled (HK §19.7–§19.9). Asked when the deal has liability
    /// records or several winners.
    fn settle_records(&self, _deal: &Deal, _wins: &mut [Win], _records: &[Liability], s: Settlement) -> Settlement {
        s
    }
}
